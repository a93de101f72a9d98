/*
 * ed25519_psa.c -- PSA glue for Ed25519 (the pp_eddsa_* functions of
 * core/pp_dispatch.h; PSA Certified Crypto API 1.2 sec. 9.6, 9.7.4 and
 * 10.7).
 *
 * Key material (the slot buffer):
 *  - key pair: the 32-byte RFC 8032 seed, the 32-byte public key and the
 *    64-byte expanded secret (clamped scalar || nonce prefix), both derived
 *    at import/generation (so signing needs neither a scalar multiplication
 *    nor SHA-512 of the seed); the material is wiped with the slot;
 *  - public key: its 32-byte encoding, validated at import;
 *  - with PICOPSA_ED25519_CACHE_DECODED_KEY, both end with the public
 *    key's canonical x coordinate (32 bytes, written at import or
 *    generation), so verification skips decoding A (ed25519.h).
 * Export formats are the spec's: the 32-byte seed for a pair, the 32-byte
 * encoded point for a public key.
 *
 * Public key validation at import (rule 3 of ed25519.h, RFC 8032 5.1.3):
 * y must be canonical (< p), the point must be on the curve and x = 0 must
 * not come with the sign bit; otherwise PSA_ERROR_INVALID_ARGUMENT.
 * Small-order points are accepted (RFC 8032 and OpenSSL accept them; a
 * signature under such a key proves nothing about anyone else's key).
 *
 * Errors: a twisted-Edwards size other than 255 bits is Ed448
 * (PSA_ERROR_NOT_SUPPORTED: not built) when it is 448 bits / 57 bytes, and
 * PSA_ERROR_INVALID_ARGUMENT otherwise; a signature of the wrong length is
 * PSA_ERROR_INVALID_SIGNATURE (it cannot be valid).
 */
#include <psa/crypto.h>

#include <string.h>

#include "common/pp_util.h"
#include "core/pp_dispatch.h"
#include "ed25519/ed25519.h"
#include "hash/sha512.h"
#include "random/pp_random.h"

#define ED25519_BITS 255u
#define ED448_BITS 448u
#define ED448_KEY_BYTES 57u

#if PSA_WANT_ECC_TWISTED_EDWARDS_255

static int is_key_pair(psa_key_type_t type)
{
    return PSA_KEY_TYPE_IS_ECC_KEY_PAIR(type);
}

/* The slot material has the layout this file wrote (see above). */
static int material_ok(psa_key_type_t type, size_t key_len)
{
    return key_len == (is_key_pair(type) ? PP_EDDSA_KEY_PAIR_MATERIAL_SIZE
                                         : PP_EDDSA_PUBLIC_MATERIAL_SIZE);
}

static const uint8_t *public_part(psa_key_type_t type, const uint8_t *key)
{
    return is_key_pair(type) ? key + PP_ED25519_SEED_SIZE : key;
}

/* A pair's material after its seed: the public key, then the expanded
 * secret (scalar and nonce prefix) so that signing skips SHA-512(seed),
 * then (cache on) x. A public key's material: the encoding, then x. */
#define PAIR_EXPANDED_OFFSET (PP_ED25519_SEED_SIZE + PP_ED25519_PUBLIC_KEY_SIZE)
#define PAIR_X_OFFSET (PAIR_EXPANDED_OFFSET + PP_ED25519_EXPANDED_SIZE)
#define CACHED_X_SIZE (PICOPSA_ED25519_CACHE_DECODED_KEY ? PP_ED25519_X_SIZE : 0u)
typedef char pair_material_fits[(PAIR_X_OFFSET + CACHED_X_SIZE ==
                                 PP_EDDSA_KEY_PAIR_MATERIAL_SIZE) ? 1 : -1];
typedef char public_material_fits[(PP_ED25519_PUBLIC_KEY_SIZE + CACHED_X_SIZE ==
                                   PP_EDDSA_PUBLIC_MATERIAL_SIZE) ? 1 : -1];

static void complete_pair(uint8_t *key)
{
    pp_ed25519_expand(key + PAIR_EXPANDED_OFFSET, key);
#if PICOPSA_ED25519_CACHE_DECODED_KEY
    pp_ed25519_public_key_expanded_with_x(key + PP_ED25519_SEED_SIZE, key + PAIR_X_OFFSET,
                                          key + PAIR_EXPANDED_OFFSET);
#else
    pp_ed25519_public_key_expanded(key + PP_ED25519_SEED_SIZE, key + PAIR_EXPANDED_OFFSET);
#endif
}

/* Verification of either kind with the slot's public key (and its cached
 * x when the cache is on). */
static int verify_with_key(psa_key_type_t type, const uint8_t *key, int prehash,
                           const uint8_t *msg, size_t msg_len, const uint8_t *sig)
{
    const uint8_t *pk = public_part(type, key);
#if PICOPSA_ED25519_CACHE_DECODED_KEY
    const uint8_t *x = is_key_pair(type) ? key + PAIR_X_OFFSET : key + PP_ED25519_PUBLIC_KEY_SIZE;
    return prehash ? pp_ed25519ph_verify_cached(sig, pk, x, msg)
                   : pp_ed25519_verify_cached(sig, pk, x, msg, msg_len);
#else
    return prehash ? pp_ed25519ph_verify(sig, pk, msg) : pp_ed25519_verify(sig, pk, msg, msg_len);
#endif
}

psa_status_t pp_eddsa_import(psa_key_type_t type, size_t requested_bits,
                             const uint8_t *data, size_t data_len,
                             uint8_t *key, size_t key_size, size_t *key_len,
                             size_t *bits)
{
    if (requested_bits == ED448_BITS || (requested_bits == 0 && data_len == ED448_KEY_BYTES)) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if ((requested_bits != 0 && requested_bits != ED25519_BITS) || data_len != 32u) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (is_key_pair(type)) {
        if (key_size < PP_EDDSA_KEY_PAIR_MATERIAL_SIZE) {
            return PSA_ERROR_INSUFFICIENT_MEMORY;
        }
        /* Every 32-byte string is a valid seed (RFC 8032 5.1.5). */
        memcpy(key, data, PP_ED25519_SEED_SIZE);
        complete_pair(key);
        *key_len = PP_EDDSA_KEY_PAIR_MATERIAL_SIZE;
    } else {
        if (key_size < PP_EDDSA_PUBLIC_MATERIAL_SIZE) {
            return PSA_ERROR_INSUFFICIENT_MEMORY;
        }
#if PICOPSA_ED25519_CACHE_DECODED_KEY
        if (pp_ed25519_public_key_decode(key + PP_ED25519_PUBLIC_KEY_SIZE, data) != 0) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
#else
        if (pp_ed25519_public_key_check(data) != 0) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
#endif
        memcpy(key, data, PP_ED25519_PUBLIC_KEY_SIZE);
        *key_len = PP_EDDSA_PUBLIC_MATERIAL_SIZE;
    }
    *bits = ED25519_BITS;
    return PSA_SUCCESS;
}

psa_status_t pp_eddsa_generate(psa_key_type_t type, size_t bits,
                               uint8_t *key, size_t key_size, size_t *key_len)
{
    psa_status_t status;
    if (bits == ED448_BITS) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (!is_key_pair(type) || bits != ED25519_BITS) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (key_size < PP_EDDSA_KEY_PAIR_MATERIAL_SIZE) {
        return PSA_ERROR_INSUFFICIENT_MEMORY;
    }
    /* The private key is 32 random bytes (RFC 8032 5.1.5). */
    status = pp_random_bytes(key, PP_ED25519_SEED_SIZE);
    if (status != PSA_SUCCESS) {
        pp_wipe(key, PP_ED25519_SEED_SIZE);
        return status;
    }
    complete_pair(key);
    *key_len = PP_EDDSA_KEY_PAIR_MATERIAL_SIZE;
    return PSA_SUCCESS;
}

psa_status_t pp_eddsa_export(psa_key_type_t type, const uint8_t *key, size_t key_len,
                             uint8_t *out, size_t out_size, size_t *out_len)
{
    if (!material_ok(type, key_len)) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    if (out_size < 32u) {
        return PSA_ERROR_BUFFER_TOO_SMALL;
    }
    /* Pair: the seed; public key: the encoding (both first in the slot). */
    memcpy(out, key, 32u);
    *out_len = 32u;
    return PSA_SUCCESS;
}

psa_status_t pp_eddsa_export_public(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                    uint8_t *out, size_t out_size, size_t *out_len)
{
    if (!material_ok(type, key_len)) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    if (out_size < PP_ED25519_PUBLIC_KEY_SIZE) {
        return PSA_ERROR_BUFFER_TOO_SMALL;
    }
    memcpy(out, public_part(type, key), PP_ED25519_PUBLIC_KEY_SIZE);
    *out_len = PP_ED25519_PUBLIC_KEY_SIZE;
    return PSA_SUCCESS;
}

/* Checks shared by the signing entry points. */
static psa_status_t sign_checks(psa_key_type_t type, size_t key_len, size_t sig_size)
{
    if (!is_key_pair(type)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (!material_ok(type, key_len)) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    if (sig_size < PP_ED25519_SIGNATURE_SIZE) {
        return PSA_ERROR_BUFFER_TOO_SMALL;
    }
    return PSA_SUCCESS;
}

psa_status_t pp_eddsa_sign_message(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                   psa_algorithm_t alg, const uint8_t *msg, size_t msg_len,
                                   uint8_t *sig, size_t sig_size, size_t *sig_len)
{
    psa_status_t status = sign_checks(type, key_len, sig_size);
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (alg == PSA_ALG_PURE_EDDSA && PSA_WANT_ALG_PURE_EDDSA) {
        pp_ed25519_sign_expanded(sig, key + PAIR_EXPANDED_OFFSET, key + PP_ED25519_SEED_SIZE, msg,
                                 msg_len);
    } else if (alg == PSA_ALG_ED25519PH && PSA_WANT_ALG_ED25519PH) {
        uint8_t prehash[PP_ED25519PH_HASH_SIZE];
        pp_sha512(msg, msg_len, prehash);
        pp_ed25519ph_sign_expanded(sig, key + PAIR_EXPANDED_OFFSET, key + PP_ED25519_SEED_SIZE,
                                   prehash);
    } else {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    *sig_len = PP_ED25519_SIGNATURE_SIZE;
    return PSA_SUCCESS;
}

psa_status_t pp_eddsa_verify_message(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                     psa_algorithm_t alg, const uint8_t *msg, size_t msg_len,
                                     const uint8_t *sig, size_t sig_len)
{
    int result;
    if (!material_ok(type, key_len)) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    if (alg == PSA_ALG_PURE_EDDSA && PSA_WANT_ALG_PURE_EDDSA) {
        if (sig_len != PP_ED25519_SIGNATURE_SIZE) {
            return PSA_ERROR_INVALID_SIGNATURE;
        }
        result = verify_with_key(type, key, 0, msg, msg_len, sig);
    } else if (alg == PSA_ALG_ED25519PH && PSA_WANT_ALG_ED25519PH) {
        uint8_t prehash[PP_ED25519PH_HASH_SIZE];
        if (sig_len != PP_ED25519_SIGNATURE_SIZE) {
            return PSA_ERROR_INVALID_SIGNATURE;
        }
        pp_sha512(msg, msg_len, prehash);
        result = verify_with_key(type, key, 1, prehash, PP_ED25519PH_HASH_SIZE, sig);
    } else {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    return result == 0 ? PSA_SUCCESS : PSA_ERROR_INVALID_SIGNATURE;
}

psa_status_t pp_eddsa_sign_hash(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                psa_algorithm_t alg, const uint8_t *hash, size_t hash_len,
                                uint8_t *sig, size_t sig_size, size_t *sig_len)
{
    psa_status_t status;
    if (alg != PSA_ALG_ED25519PH || !PSA_WANT_ALG_ED25519PH) {
        /* PureEdDSA never signs a hash (spec 10.7.4); Ed448ph is not built. */
        return alg == PSA_ALG_PURE_EDDSA ? PSA_ERROR_INVALID_ARGUMENT : PSA_ERROR_NOT_SUPPORTED;
    }
    if (hash_len != PP_ED25519PH_HASH_SIZE) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = sign_checks(type, key_len, sig_size);
    if (status != PSA_SUCCESS) {
        return status;
    }
    pp_ed25519ph_sign_expanded(sig, key + PAIR_EXPANDED_OFFSET, key + PP_ED25519_SEED_SIZE, hash);
    *sig_len = PP_ED25519_SIGNATURE_SIZE;
    return PSA_SUCCESS;
}

psa_status_t pp_eddsa_verify_hash(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                  psa_algorithm_t alg, const uint8_t *hash, size_t hash_len,
                                  const uint8_t *sig, size_t sig_len)
{
    if (alg != PSA_ALG_ED25519PH || !PSA_WANT_ALG_ED25519PH) {
        return alg == PSA_ALG_PURE_EDDSA ? PSA_ERROR_INVALID_ARGUMENT : PSA_ERROR_NOT_SUPPORTED;
    }
    if (hash_len != PP_ED25519PH_HASH_SIZE) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (!material_ok(type, key_len)) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    if (sig_len != PP_ED25519_SIGNATURE_SIZE) {
        return PSA_ERROR_INVALID_SIGNATURE;
    }
    return verify_with_key(type, key, 1, hash, hash_len, sig) == 0 ? PSA_SUCCESS
                                                                    : PSA_ERROR_INVALID_SIGNATURE;
}

#else /* !PSA_WANT_ECC_TWISTED_EDWARDS_255: the core never stores such keys */

psa_status_t pp_eddsa_import(psa_key_type_t type, size_t requested_bits,
                             const uint8_t *data, size_t data_len,
                             uint8_t *key, size_t key_size, size_t *key_len,
                             size_t *bits)
{
    (void)type; (void)requested_bits; (void)data; (void)data_len;
    (void)key; (void)key_size; (void)key_len; (void)bits;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_eddsa_generate(psa_key_type_t type, size_t bits,
                               uint8_t *key, size_t key_size, size_t *key_len)
{
    (void)type; (void)bits; (void)key; (void)key_size; (void)key_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_eddsa_export(psa_key_type_t type, const uint8_t *key, size_t key_len,
                             uint8_t *out, size_t out_size, size_t *out_len)
{
    (void)type; (void)key; (void)key_len; (void)out; (void)out_size; (void)out_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_eddsa_export_public(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                    uint8_t *out, size_t out_size, size_t *out_len)
{
    (void)type; (void)key; (void)key_len; (void)out; (void)out_size; (void)out_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_eddsa_sign_message(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                   psa_algorithm_t alg, const uint8_t *msg, size_t msg_len,
                                   uint8_t *sig, size_t sig_size, size_t *sig_len)
{
    (void)type; (void)key; (void)key_len; (void)alg; (void)msg; (void)msg_len;
    (void)sig; (void)sig_size; (void)sig_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_eddsa_verify_message(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                     psa_algorithm_t alg, const uint8_t *msg, size_t msg_len,
                                     const uint8_t *sig, size_t sig_len)
{
    (void)type; (void)key; (void)key_len; (void)alg; (void)msg; (void)msg_len;
    (void)sig; (void)sig_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_eddsa_sign_hash(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                psa_algorithm_t alg, const uint8_t *hash, size_t hash_len,
                                uint8_t *sig, size_t sig_size, size_t *sig_len)
{
    (void)type; (void)key; (void)key_len; (void)alg; (void)hash; (void)hash_len;
    (void)sig; (void)sig_size; (void)sig_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_eddsa_verify_hash(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                  psa_algorithm_t alg, const uint8_t *hash, size_t hash_len,
                                  const uint8_t *sig, size_t sig_len)
{
    (void)type; (void)key; (void)key_len; (void)alg; (void)hash; (void)hash_len;
    (void)sig; (void)sig_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

#endif
