/*
 * key_policy.c -- key usage and permitted-algorithm rules (spec 9.5).
 *
 * Policies and algorithms are public values, so branching on them is fine.
 */
#include "core/pp_core.h"
#include "mac/mac.h"

psa_key_usage_t pp_usage_with_implied(psa_key_usage_t usage)
{
    /* Spec 9.5.2: a key that may sign (verify) a hash may also sign
     * (verify) a message, which is hashed and then signed. */
    if (usage & PSA_KEY_USAGE_SIGN_HASH) {
        usage |= PSA_KEY_USAGE_SIGN_MESSAGE;
    }
    if (usage & PSA_KEY_USAGE_VERIFY_HASH) {
        usage |= PSA_KEY_USAGE_VERIFY_MESSAGE;
    }
    return usage;
}

/* A hash-and-sign algorithm with a concrete hash (not raw, not ANY_HASH). */
static int is_sign_with_specific_hash(psa_algorithm_t alg)
{
    psa_algorithm_t hash = PSA_ALG_SIGN_GET_HASH(alg);
    return PSA_ALG_IS_SIGN_HASH(alg) && hash != PSA_ALG_NONE && hash != PSA_ALG_ANY_HASH;
}

static int is_any_hash_wildcard(psa_algorithm_t alg)
{
    return PSA_ALG_IS_SIGN_HASH(alg) && PSA_ALG_SIGN_GET_HASH(alg) == PSA_ALG_ANY_HASH;
}

static int mac_is_at_least(psa_algorithm_t alg)
{
    return (alg & PSA_ALG_MAC_AT_LEAST_THIS_LENGTH_FLAG) != 0;
}

static int aead_is_at_least(psa_algorithm_t alg)
{
    return (alg & PSA_ALG_AEAD_AT_LEAST_THIS_LENGTH_FLAG) != 0;
}

static size_t aead_tag_length(psa_algorithm_t alg)
{
    return (size_t)((alg & PSA_ALG_AEAD_TAG_LENGTH_MASK) >> PSA_AEAD_TAG_LENGTH_OFFSET);
}

/* Two AEAD algorithms of one mode (spec 10.5.1: the tag length is part of
 * the algorithm). */
static int aead_same_mode(psa_algorithm_t a, psa_algorithm_t b)
{
    return PSA_ALG_IS_AEAD(a) && PSA_ALG_IS_AEAD(b) &&
           PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(a) == PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(b) &&
           PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(a) != PSA_ALG_NONE;
}

int pp_policy_permits(psa_algorithm_t policy_alg, psa_algorithm_t alg, psa_key_type_t type)
{
    if (alg == PSA_ALG_NONE) {
        return 0;
    }
    if (policy_alg == alg) {
        return 1;
    }
    /* Spec 9.5.3: PSA_ALG_xxx(PSA_ALG_ANY_HASH) permits the same scheme
     * with any specific hash, and PKCS#1 v1.5 with ANY_HASH also permits
     * PSA_ALG_RSA_PKCS1V15_SIGN_RAW. */
    if (is_any_hash_wildcard(policy_alg)) {
        if (policy_alg == PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_ANY_HASH) &&
            alg == PSA_ALG_RSA_PKCS1V15_SIGN_RAW) {
            return 1;
        }
        return is_sign_with_specific_hash(alg) &&
               (policy_alg & ~PSA_ALG_HASH_MASK) == (alg & ~PSA_ALG_HASH_MASK);
    }
    /* A standalone key agreement permits that agreement combined with any
     * key derivation (spec 9.5.3). */
    if (PSA_ALG_IS_RAW_KEY_AGREEMENT(policy_alg) && PSA_ALG_IS_KEY_AGREEMENT(alg)) {
        return PSA_ALG_KEY_AGREEMENT_GET_BASE(alg) == policy_alg;
    }
    /* MACs: same base MAC; with PSA_ALG_AT_LEAST_THIS_LENGTH_MAC any tag at
     * least that long, otherwise the same tag length (HMAC(h) and
     * TRUNCATED_MAC(HMAC(h), full length) are one algorithm, spec 10.3.1). */
    if (PSA_ALG_IS_MAC(policy_alg) && PSA_ALG_IS_MAC(alg) && !mac_is_at_least(alg) &&
        PSA_ALG_FULL_LENGTH_MAC(policy_alg) == PSA_ALG_FULL_LENGTH_MAC(alg)) {
        size_t policy_len = pp_mac_length(policy_alg, type);
        size_t alg_len = pp_mac_length(alg, type);
        if (policy_len == 0 || alg_len == 0) {
            return 0;
        }
        return mac_is_at_least(policy_alg) ? alg_len >= policy_len : alg_len == policy_len;
    }
    /* AEAD: the same mode; PSA_ALG_AEAD_WITH_AT_LEAST_THIS_LENGTH_TAG
     * permits any tag at least that long (spec 9.5.3), otherwise the tag
     * lengths must match (GCM and its 16-byte shortened form are one). */
    if (aead_same_mode(policy_alg, alg) && !aead_is_at_least(alg)) {
        return aead_is_at_least(policy_alg) ? aead_tag_length(alg) >= aead_tag_length(policy_alg)
                                            : aead_tag_length(alg) == aead_tag_length(policy_alg);
    }
    return 0;
}

int pp_policy_intersect(psa_algorithm_t a, psa_algorithm_t b, psa_key_type_t type,
                        psa_algorithm_t *out)
{
    *out = PSA_ALG_NONE;
    if (a == PSA_ALG_NONE || b == PSA_ALG_NONE) {
        return 1;
    }
    if (a == b) {
        *out = a;
        return 1;
    }
    /* Two AT_LEAST MAC policies on one MAC: the longer minimum. */
    if (PSA_ALG_IS_MAC(a) && PSA_ALG_IS_MAC(b) && mac_is_at_least(a) && mac_is_at_least(b) &&
        PSA_ALG_FULL_LENGTH_MAC(a) == PSA_ALG_FULL_LENGTH_MAC(b)) {
        *out = pp_mac_length(a, type) >= pp_mac_length(b, type) ? a : b;
        return 1;
    }
    /* Two AT_LEAST AEAD policies on one mode: the longer minimum. */
    if (aead_same_mode(a, b) && aead_is_at_least(a) && aead_is_at_least(b)) {
        *out = aead_tag_length(a) >= aead_tag_length(b) ? a : b;
        return 1;
    }
    /* A wildcard and a specific algorithm it permits: the specific one. */
    if (pp_policy_permits(a, b, type)) {
        *out = b;
        return 1;
    }
    if (pp_policy_permits(b, a, type)) {
        *out = a;
        return 1;
    }
    return 0;
}
