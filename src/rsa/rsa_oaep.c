/*
 * rsa_oaep.c -- EME-OAEP (RFC 8017 7.1), MGF1 with the same hash as the
 * label hash (PSA_ALG_RSA_OAEP). Decoding is constant time (rsa_padding.h).
 */
#include <string.h>

#include "rsa/rsa_padding.h"
#include "hash/pp_hash.h"
#include "random/pp_random.h"
#include "common/pp_ct_extract.h"
#include "common/pp_util.h"

#if PSA_WANT_ALG_RSA_OAEP

size_t pp_rsa_oaep_max_message(psa_algorithm_t hash_alg, size_t k)
{
    size_t hash_len = pp_hash_size(hash_alg);

    if (hash_len == 0u || k < 2u * hash_len + 2u) {
        return 0;
    }
    return k - 2u * hash_len - 2u;
}

/* Reject what cannot be encoded with this hash and k at all. */
static psa_status_t oaep_check(psa_algorithm_t hash_alg, size_t k)
{
    if (pp_hash_size(hash_alg) == 0u) {
        return PSA_ALG_IS_HASH(hash_alg) ? PSA_ERROR_NOT_SUPPORTED : PSA_ERROR_INVALID_ARGUMENT;
    }
    if (k < 2u * pp_hash_size(hash_alg) + 2u) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return PSA_SUCCESS;
}

psa_status_t pp_rsa_oaep_encode(psa_algorithm_t hash_alg,
                                const uint8_t *label, size_t label_len,
                                const uint8_t *msg, size_t msg_len,
                                uint8_t *em, size_t k)
{
    uint8_t label_hash[PP_HASH_MAX_SIZE];
    size_t hash_len = pp_hash_size(hash_alg);
    psa_status_t status = oaep_check(hash_alg, k);
    uint8_t *seed = em + 1;
    uint8_t *db = em + 1 + hash_len;
    size_t db_len;

    if (status != PSA_SUCCESS) {
        return status;
    }
    /* Step 1b / 2: mLen <= k - 2 hLen - 2. */
    if (msg_len > k - 2u * hash_len - 2u) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    db_len = k - hash_len - 1u;
    /* Label and message may overlap em (PSA 1.2 5.4.4, rsa_padding.h):
     * hash the label into a local buffer, move the message to its final
     * place at the end of em, and only then write the rest of em. */
    status = pp_hash_compute(hash_alg, label, label_len, label_hash);
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (msg_len != 0u) { /* an empty message may come as NULL */
        pp_rsa_move(em + k - msg_len, msg, msg_len);
    }
    /* EM = 0x00 || maskedSeed || maskedDB, DB = lHash || PS || 0x01 || M. */
    memset(em, 0, k - msg_len);
    memcpy(db, label_hash, hash_len);
    db[db_len - msg_len - 1u] = 0x01u;
    status = pp_random_bytes(seed, hash_len);
    if (status == PSA_SUCCESS) {
        status = pp_rsa_mgf1_xor(hash_alg, seed, hash_len, db, db_len);
    }
    if (status == PSA_SUCCESS) {
        status = pp_rsa_mgf1_xor(hash_alg, db, db_len, seed, hash_len);
    }
    if (status != PSA_SUCCESS) {
        pp_wipe(em, k);
    }
    pp_wipe(label_hash, sizeof(label_hash));
    return status;
}

psa_status_t pp_rsa_oaep_decode(psa_algorithm_t hash_alg,
                                const uint8_t *label, size_t label_len,
                                uint8_t *em, size_t k,
                                uint8_t *out, size_t out_size, size_t *out_len)
{
    uint8_t label_hash[PP_HASH_MAX_SIZE];
    size_t hash_len = pp_hash_size(hash_alg);
    psa_status_t status = oaep_check(hash_alg, k);
    uint8_t *seed = em + 1;
    uint8_t *db = em + 1 + hash_len;
    size_t db_len;
    size_t max_len;
    size_t good;
    size_t found = 0;
    size_t one_index = 0;
    size_t i;

    *out_len = 0;
    if (status != PSA_SUCCESS) {
        return status;
    }
    max_len = k - 2u * hash_len - 2u;
    /* Decided from public sizes only (see rsa_padding.h). */
    if (out_size < max_len) {
        return PSA_ERROR_BUFFER_TOO_SMALL;
    }
    db_len = k - hash_len - 1u;
    status = pp_hash_compute(hash_alg, label, label_len, label_hash);
    if (status != PSA_SUCCESS) {
        return status;
    }
    /* Steps 3b-3f: unmask the seed, then DB. */
    status = pp_rsa_mgf1_xor(hash_alg, db, db_len, seed, hash_len);
    if (status == PSA_SUCCESS) {
        status = pp_rsa_mgf1_xor(hash_alg, seed, hash_len, db, db_len);
    }
    if (status != PSA_SUCCESS) {
        return status;
    }
    /* Step 3g: Y == 0, lHash' == lHash, then PS zeros, then 0x01. All
     * checks are accumulated into one mask; the scan visits every byte and
     * remembers the position of the first nonzero one without branching
     * (Manger 2001: no early exit, no separate error for Y != 0). */
    good = pp_ct_mask_sz((uint32_t)pp_ct_memeq(db, label_hash, hash_len));
    good &= pp_ct_mask_sz(pp_ct_mask_eq_u32(em[0], 0u));
    for (i = hash_len; i < db_len; i++) {
        size_t nonzero = pp_ct_mask_sz(pp_ct_mask_nonzero_u32(db[i]));
        size_t first = nonzero & ~found;
        size_t is_one = pp_ct_mask_sz(pp_ct_mask_eq_u32(db[i], 1u));
        one_index = pp_ct_select_sz(first, i, one_index);
        good &= ~first | is_one;
        found |= nonzero;
    }
    good &= found;
    /* M starts at db[one_index + 1]; the tail db[hash_len + 1 ..] holds
     * max_len bytes, so the message is at offset one_index - hash_len. */
    memcpy(out, db + hash_len + 1u, max_len);
    pp_ct_extract_message(out, max_len,
                          pp_ct_select_sz(good, one_index - hash_len, max_len));
    *out_len = pp_ct_select_sz(good, db_len - one_index - 1u, 0u);
    pp_wipe(label_hash, sizeof(label_hash));
    /* The verdict is the one thing the API makes public; it is formed
     * without a branch so that the caller decides when to look at it. */
    return (psa_status_t)(int32_t)((uint32_t)(int32_t)PSA_ERROR_INVALID_PADDING & (uint32_t)~good);
}

#else
/* Left out by picopsa/config.h (ISO C wants a non-empty unit). */
typedef int pp_rsa_oaep_disabled;
#endif /* PSA_WANT_ALG_RSA_OAEP */
