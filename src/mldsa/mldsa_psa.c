/*
 * mldsa_psa.c -- the ML-DSA software driver: the pp_mldsa_* entry points
 * of dispatch/pp_drivers.h with the contract of <picopsa/driver.h>, for
 * the key types and algorithms of the Crypto API 1.3 PQC extension (beta,
 * 2.3: PSA_KEY_TYPE_ML_DSA_KEY_PAIR / _PUBLIC_KEY, PSA_ALG_ML_DSA,
 * PSA_ALG_DETERMINISTIC_ML_DSA, PSA_ALG_HASH_ML_DSA(h),
 * PSA_ALG_DETERMINISTIC_HASH_ML_DSA(h)). Compiled only with
 * PSA_WANT_ALG_ML_DSA.
 *
 * Key material (the slot buffer, pp_drivers.h):
 *  - key pair: the 32-byte seed xi, the export format (PQC 2.3.1 "Key
 *    format"), then sk and pk of ML-DSA.KeyGen_internal(xi) (FIPS 204
 *    Alg. 6), computed once at import (the extension's implementation note
 *    recommends keeping the seed for export and copy, which this does);
 *  - public key: pk (pkEncode, Alg. 22); every byte string of the length
 *    decodes, so the import checks the length only.
 *
 * Signing: psa_sign_message has no context argument, so the context is
 * the empty string (FIPS 204 Alg. 2 / 4 with ctx = ()); rnd is 32 bytes
 * of the library RNG (hedged, FIPS 204 3.4) or 32 zero bytes for the
 * deterministic algorithms (Alg. 2 step 5's "for the optional
 * deterministic variant"). HashML-DSA takes the hash the dispatch layer
 * computed (or the caller's, psa_sign_hash) as PH(M) of Alg. 4, with the
 * DER OID of the hash (FIPS 204 5.4.1); a hash FIPS 204 names no OID for
 * (SHA-1, MD5) is NOT_SUPPORTED.
 *
 * Checked here: key_bits and the import lengths (INVALID_ARGUMENT), the
 * key buffer length (CORRUPTION_DETECTED). The dispatch layer has checked
 * the algorithm, the key type, the hash length and the signature sizes.
 *
 * Fault countermeasure (PICOPSA_SIGN_FAULT_CHECK, as for Ed25519): a
 * deterministic signature is verified before it is released (sign, below).
 *
 * Secrets: xi, sk, rnd; the primitive is constant time in them (mldsa.h).
 */
#include <psa/crypto.h>

#include <string.h>

#include "common/pp_util.h"
#include "dispatch/pp_drivers.h"
#include "mldsa/mldsa.h"
#include "random/pp_random.h"

#if PP_DRIVER_MLDSA

#define SEED PP_MLDSA_SEED_BYTES
#define LAYOUT(bits, sk, pk)                                                              \
    {(uint16_t)(bits), SEED, (uint16_t)(pk), (uint16_t)(SEED + (sk)),                    \
     (uint16_t)PP_MLDSA_PAIR_MATERIAL_SIZE(sk, pk), (uint16_t)(pk)}
static const pp_fixed_key_layout layouts[3] = {
    LAYOUT(128u, PP_MLDSA44_SK_BYTES, PP_MLDSA44_PK_BYTES),
    LAYOUT(192u, PP_MLDSA65_SK_BYTES, PP_MLDSA65_PK_BYTES),
    LAYOUT(256u, PP_MLDSA87_SK_BYTES, PP_MLDSA87_PK_BYTES)};

const pp_fixed_key_layout *pp_mldsa_key_layout(size_t bits)
{
    return bits == 128u ? &layouts[0] : bits == 192u ? &layouts[1]
                                      : bits == 256u ? &layouts[2] : NULL;
}

psa_status_t pp_mldsa_import_key(const psa_key_attributes_t *attributes, const uint8_t *data,
                                 size_t data_length, uint8_t *key_buffer,
                                 size_t key_buffer_size, size_t *key_buffer_length,
                                 size_t *bits)
{
    int pair = PSA_KEY_TYPE_IS_KEY_PAIR(attributes->type);
    /* PQC 2.3.1: key_bits 128 / 192 / 256; a public key's 0 takes the set
     * from pk's length (spec 9.6.1); a pair's 0 cannot be told from its
     * seed, so it is not a valid ML-DSA key (INVALID_ARGUMENT). */
    const pp_fixed_key_layout *l = pp_fixed_key_find(layouts, 3, attributes, data_length);
    psa_status_t status;
    if (l == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_fixed_key_import(l, attributes, data, data_length, key_buffer, key_buffer_size,
                                 key_buffer_length, bits);
    if (status == PSA_SUCCESS && pair) {
        status = pp_mldsa_keygen_internal(pp_mldsa_params_for(l->bits), key_buffer,
                                          key_buffer + l->public_offset, key_buffer + SEED);
        if (status != PSA_SUCCESS) {
            pp_wipe(key_buffer, l->pair_material);
        }
    }
    return status;
}

/* The layout of a slot's key, or NULL for a corrupted slot. */
static const pp_fixed_key_layout *layout_of(const psa_key_attributes_t *attributes,
                                            size_t key_buffer_size)
{
    return pp_fixed_key_check_buffer(pp_mldsa_key_layout(attributes->bits), attributes,
                                     key_buffer_size);
}

/* FIPS 204 5.4.1: the DER encoding of the hash's OID, 2.16.840.1.101.3.4.2.x
 * (06 09 60 86 48 01 65 03 04 02 x); 0 when FIPS 204 allows no such hash. */
static uint8_t hash_oid_arc(psa_algorithm_t hash)
{
    switch (hash) {
    case PSA_ALG_SHA_256: return 1;
    case PSA_ALG_SHA_384: return 2;
    case PSA_ALG_SHA_512: return 3;
    case PSA_ALG_SHA_224: return 4;
    case PSA_ALG_SHA_512_224: return 5;
    case PSA_ALG_SHA_512_256: return 6;
    case PSA_ALG_SHA3_224: return 7;
    case PSA_ALG_SHA3_256: return 8;
    case PSA_ALG_SHA3_384: return 9;
    case PSA_ALG_SHA3_512: return 10;
    case PSA_ALG_SHAKE256_512: return 12;   /* id-shake256, 512-bit output */
    default: return 0;
    }
}

/* mu of the message (pure) or of the hash (HashML-DSA) for this key. */
static psa_status_t message_mu(const pp_mldsa_params *p, const uint8_t *tr, psa_algorithm_t alg,
                               const uint8_t *input, size_t input_length, uint8_t mu[64])
{
    if (PSA_ALG_IS_HASH_ML_DSA(alg)) {
        uint8_t oid[11] = {0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0};
        oid[10] = hash_oid_arc(PSA_ALG_SIGN_GET_HASH(alg));
        if (oid[10] == 0) {
            return PSA_ERROR_NOT_SUPPORTED;
        }
        pp_mldsa_mu(tr, 1, NULL, 0, oid, sizeof(oid), input, input_length, mu);
    } else {
        pp_mldsa_mu(tr, 0, NULL, 0, NULL, 0, input, input_length, mu);
    }
    (void)p;
    return PSA_SUCCESS;
}

psa_status_t pp_mldsa_sign(const psa_key_attributes_t *attributes, const uint8_t *key_buffer,
                           size_t key_buffer_size, psa_algorithm_t alg, const uint8_t *input,
                           size_t input_length, uint8_t *signature, size_t signature_size,
                           size_t *signature_length)
{
    const pp_fixed_key_layout *l = layout_of(attributes, key_buffer_size);
    const pp_mldsa_params *p;
    const uint8_t *sk = key_buffer + SEED;
    uint8_t mu[PP_MLDSA_MU_BYTES], rnd[PP_MLDSA_RND_BYTES];
    const int rnd_is_zero =
        alg == PSA_ALG_DETERMINISTIC_ML_DSA || PSA_ALG_IS_DETERMINISTIC_HASH_ML_DSA(alg);
    psa_status_t status;
    (void)signature_size;
    if (l == NULL || !PSA_KEY_TYPE_IS_KEY_PAIR(attributes->type)) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    p = pp_mldsa_params_for(l->bits);
    status = message_mu(p, sk + 64, alg, input, input_length, mu);   /* tr is in sk */
    if (status == PSA_SUCCESS) {
        if (rnd_is_zero) {
            memset(rnd, 0, sizeof(rnd));
        } else {
            status = pp_random_bytes(rnd, sizeof(rnd));
        }
    }
    if (status == PSA_SUCCESS) {
        status = pp_mldsa_sign_mu(p, sk, mu, rnd, signature);
    }
#if PICOPSA_SIGN_FAULT_CHECK
    /* The fault countermeasure of the deterministic variants: a fault in
     * one of two signings of the same message (same y) gives z - z' =
     * (c - c') s1, and faults in c, z, the hints or sk give signatures
     * that do not verify; so the signature is verified against the pair's
     * pk before it is released, and a failure wipes it
     * (CORRUPTION_DETECTED, spec 4.2.2: the library detected an
     * inconsistency in its own state). The hedged variants draw a fresh
     * rnd, so no two signatures share y (FIPS 204 3.4). */
    if (status == PSA_SUCCESS && rnd_is_zero &&
        pp_mldsa_verify_mu(p, key_buffer + l->public_offset, mu, signature, p->sig_bytes) !=
            PSA_SUCCESS) {
        pp_wipe(signature, p->sig_bytes);
        status = PSA_ERROR_CORRUPTION_DETECTED;
    }
#endif
    pp_wipe(rnd, sizeof(rnd));
    pp_wipe(mu, sizeof(mu));
    if (status == PSA_SUCCESS) {
        *signature_length = p->sig_bytes;
    }
    return status;
}

psa_status_t pp_mldsa_verify(const psa_key_attributes_t *attributes, const uint8_t *key_buffer,
                             size_t key_buffer_size, psa_algorithm_t alg, const uint8_t *input,
                             size_t input_length, const uint8_t *signature,
                             size_t signature_length)
{
    const pp_fixed_key_layout *l = layout_of(attributes, key_buffer_size);
    const pp_mldsa_params *p;
    const uint8_t *pk;
    uint8_t tr[64], mu[PP_MLDSA_MU_BYTES];
    psa_status_t status;
    if (l == NULL) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    p = pp_mldsa_params_for(l->bits);
    pk = key_buffer + (PSA_KEY_TYPE_IS_KEY_PAIR(attributes->type) ? l->public_offset : 0u);
    pp_mldsa_tr(p, pk, tr);
    status = message_mu(p, tr, alg, input, input_length, mu);
    if (status == PSA_SUCCESS) {
        status = pp_mldsa_verify_mu(p, pk, mu, signature, signature_length);
    }
    return status;
}

#else
/* ISO C needs a declaration in every translation unit. */
typedef int pp_mldsa_psa_unused_t;
#endif /* PP_DRIVER_MLDSA */
