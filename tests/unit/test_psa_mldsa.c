/*
 * test_psa_mldsa.c -- ML-DSA through the PSA API: psa_sign_message /
 * psa_verify_message with PSA_ALG_ML_DSA and PSA_ALG_DETERMINISTIC_ML_DSA,
 * psa_sign_hash / psa_verify_hash (and the message forms) with
 * PSA_ALG_HASH_ML_DSA(h) / PSA_ALG_DETERMINISTIC_HASH_ML_DSA(h), the key
 * types of the Crypto API 1.3 PQC extension (beta, 2.3):
 *  - identifier values and size macros (2.3.1, 2.3.2; FIPS 204 Table 2);
 *  - round trips for key_bits 128, 192, 256: import of the seed xi,
 *    generate, export (the seed) and export_public (pk, equal to the
 *    primitive's KeyGen_internal(xi)), public-key import, verify with a
 *    public key and with the pair; deterministic signatures repeat and
 *    equal the primitive's, hedged ones differ;
 *  - HashML-DSA: psa_sign_hash of SHA-256(M) equals psa_sign_message of M
 *    (deterministic), both equal Sign_internal of the FIPS 204 Alg. 4 mu
 *    with the SHA-256 OID; a wrong hash length is INVALID_ARGUMENT;
 *  - refusals: a seed of the wrong length or key_bits 0 / 65 / 2048
 *    (INVALID_ARGUMENT), pk of a wrong length, signing with a public key
 *    (INVALID_ARGUMENT), wrong usage / policy (NOT_PERMITTED), pure ML-DSA
 *    through psa_sign_hash (INVALID_ARGUMENT), a short signature buffer
 *    (BUFFER_TOO_SMALL), a signature one byte short / long, or modified
 *    (INVALID_SIGNATURE); the policy of one variant verifies signatures of
 *    the other only if the policy names it;
 *  - Wycheproof mldsa_65_sign_seed_test.json (seed import, pk export,
 *    deterministic signature of the empty-context cases byte for byte)
 *    and mldsa_44/65_verify_test.json (empty-context cases' verdicts)
 *    through the PSA API; copy and persistent storage of a pair;
 *  - pairs from psa_key_derivation_output_key (2.3.1: 32 bytes of the
 *    stream are xi), key_bits and the public type refused;
 *  - the fault countermeasure of the deterministic variants (a corrupted
 *    sk in the key buffer: CORRUPTION_DETECTED, the signature wiped).
 * With PSA_WANT_ALG_ML_DSA 0: the NOT_SUPPORTED forms, then exit 77.
 */
#include <psa/crypto.h>
#include <picopsa/config.h>
#include <picopsa/shutdown.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch/pp_drivers.h"
#include "json.h"
#include "storage/pp_its.h"
#include "test_keys.h"
#include "test_util.h"

#if PSA_WANT_ALG_ML_DSA
#include "mldsa/mldsa.h"

#define PAIR PSA_KEY_TYPE_ML_DSA_KEY_PAIR
#define PUB PSA_KEY_TYPE_ML_DSA_PUBLIC_KEY
#define SIGN_USAGE (PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE)
#define HASH_USAGE (PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH)

static const size_t bits_of[3] = {128, 192, 256};
static const size_t pk_len_of[3] = {1312, 1952, 2592};
static const size_t sig_len_of[3] = {2420, 3309, 4627};

#define key_attr test_key_attr
#define import test_key_import

static void test_values(void)
{
    CHECK(PSA_KEY_TYPE_ML_DSA_KEY_PAIR == 0x7002 && PSA_KEY_TYPE_ML_DSA_PUBLIC_KEY == 0x4002);
    CHECK(PSA_ALG_ML_DSA == 0x06004400 && PSA_ALG_DETERMINISTIC_ML_DSA == 0x06004500);
    CHECK(PSA_ALG_HASH_ML_DSA(PSA_ALG_SHA_256) == 0x06004609);
    CHECK(PSA_ALG_DETERMINISTIC_HASH_ML_DSA(PSA_ALG_SHA_512) == 0x0600470b);
    CHECK(PSA_KEY_TYPE_IS_ML_DSA(PAIR) && PSA_KEY_TYPE_IS_ML_DSA(PUB));
    CHECK(!PSA_KEY_TYPE_IS_ML_DSA(PSA_KEY_TYPE_ML_KEM_KEY_PAIR));
    CHECK(PSA_ALG_IS_ML_DSA(PSA_ALG_ML_DSA) && PSA_ALG_IS_ML_DSA(PSA_ALG_DETERMINISTIC_ML_DSA));
    CHECK(!PSA_ALG_IS_ML_DSA(PSA_ALG_HASH_ML_DSA(PSA_ALG_SHA_256)));
    CHECK(PSA_ALG_IS_HASH_ML_DSA(PSA_ALG_HASH_ML_DSA(PSA_ALG_SHA_256)));
    CHECK(PSA_ALG_IS_HASH_ML_DSA(PSA_ALG_DETERMINISTIC_HASH_ML_DSA(PSA_ALG_SHA_256)));
    CHECK(PSA_ALG_IS_DETERMINISTIC_HASH_ML_DSA(PSA_ALG_DETERMINISTIC_HASH_ML_DSA(PSA_ALG_SHA_256)));
    CHECK(PSA_ALG_IS_HEDGED_HASH_ML_DSA(PSA_ALG_HASH_ML_DSA(PSA_ALG_SHA_256)));
    CHECK(PSA_ALG_IS_SIGN_MESSAGE(PSA_ALG_ML_DSA) && !PSA_ALG_IS_SIGN_HASH(PSA_ALG_ML_DSA));
    CHECK(PSA_ALG_IS_SIGN_HASH(PSA_ALG_HASH_ML_DSA(PSA_ALG_SHA_256)));
    CHECK(PSA_ALG_SIGN_GET_HASH(PSA_ALG_HASH_ML_DSA(PSA_ALG_SHA_384)) == PSA_ALG_SHA_384);
    for (int i = 0; i < 3; i++) {
        CHECK(PSA_SIGN_OUTPUT_SIZE(PAIR, bits_of[i], PSA_ALG_ML_DSA) == sig_len_of[i]);
        CHECK(PSA_SIGN_OUTPUT_SIZE(PUB, bits_of[i], PSA_ALG_DETERMINISTIC_ML_DSA) == sig_len_of[i]);
        CHECK(PSA_EXPORT_KEY_OUTPUT_SIZE(PAIR, bits_of[i]) == 32);
        CHECK(PSA_EXPORT_KEY_OUTPUT_SIZE(PUB, bits_of[i]) == pk_len_of[i]);
        CHECK(PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(PAIR, bits_of[i]) == pk_len_of[i]);
    }
    CHECK(PSA_SIGN_OUTPUT_SIZE(PAIR, 65, PSA_ALG_ML_DSA) == 0);
    CHECK(PSA_SIGNATURE_MAX_SIZE >= 4627 && PSA_EXPORT_PUBLIC_KEY_MAX_SIZE >= 2592);
}

static uint8_t sig[PP_MLDSA_SIG_BYTES_MAX], sig2[PP_MLDSA_SIG_BYTES_MAX + 1];
static uint8_t pk[PP_MLDSA_PK_BYTES_MAX], sk[PP_MLDSA_SK_BYTES_MAX];

static void test_round_trips(void)
{
    static const uint8_t msg[] = "picopsa ML-DSA";
    for (int i = 0; i < 3; i++) {
        const pp_mldsa_params *p = pp_mldsa_params_for(bits_of[i]);
        uint8_t xi[32], out[PP_MLDSA_PK_BYTES_MAX], tr[64], mu[64];
        static const uint8_t zero[32];
        psa_key_attributes_t ga = key_attr(PAIR, bits_of[i], SIGN_USAGE | PSA_KEY_USAGE_EXPORT,
                                           PSA_ALG_ML_DSA);
        psa_key_attributes_t got = PSA_KEY_ATTRIBUTES_INIT;
        psa_key_id_t pair, det, pub, gen;
        size_t len, slen, slen2;
        test_rng_bytes(xi, sizeof(xi));
        pair = import(PAIR, bits_of[i], SIGN_USAGE | PSA_KEY_USAGE_EXPORT, PSA_ALG_ML_DSA, xi,
                      32, PSA_SUCCESS);
        det = import(PAIR, bits_of[i], SIGN_USAGE, PSA_ALG_DETERMINISTIC_ML_DSA, xi, 32,
                     PSA_SUCCESS);
        CHECK_STATUS(psa_export_key(pair, out, sizeof(out), &len), PSA_SUCCESS);
        CHECK(len == 32 && memcmp(out, xi, 32) == 0);
        CHECK_STATUS(psa_export_public_key(pair, out, sizeof(out), &len), PSA_SUCCESS);
        CHECK(len == pk_len_of[i]);
        CHECK_STATUS(pp_mldsa_keygen_internal(p, xi, pk, sk), PSA_SUCCESS);
        CHECK_MEM(out, pk, len);
        CHECK_STATUS(psa_export_public_key(pair, out, len - 1, &len), PSA_ERROR_BUFFER_TOO_SMALL);
        pub = import(PUB, 0, PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_ML_DSA, pk, pk_len_of[i],
                     PSA_SUCCESS);
        CHECK_STATUS(psa_get_key_attributes(pub, &got), PSA_SUCCESS);
        CHECK(psa_get_key_bits(&got) == bits_of[i]);
        /* hedged */
        CHECK_STATUS(psa_sign_message(pair, PSA_ALG_ML_DSA, msg, sizeof(msg), sig, sizeof(sig),
                                      &slen), PSA_SUCCESS);
        CHECK(slen == sig_len_of[i]);
        CHECK_STATUS(psa_verify_message(pub, PSA_ALG_ML_DSA, msg, sizeof(msg), sig, slen),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_verify_message(pair, PSA_ALG_ML_DSA, msg, sizeof(msg), sig, slen),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_sign_message(pair, PSA_ALG_ML_DSA, msg, sizeof(msg), sig2, sizeof(sig2),
                                      &slen2), PSA_SUCCESS);
        CHECK(slen2 == slen && memcmp(sig, sig2, slen) != 0);   /* fresh rnd */
        /* deterministic: repeatable, the primitive's with rnd = 0 */
        CHECK_STATUS(psa_sign_message(det, PSA_ALG_DETERMINISTIC_ML_DSA, msg, sizeof(msg), sig,
                                      sizeof(sig), &slen), PSA_SUCCESS);
        CHECK_STATUS(psa_sign_message(det, PSA_ALG_DETERMINISTIC_ML_DSA, msg, sizeof(msg), sig2,
                                      sizeof(sig2), &slen2), PSA_SUCCESS);
        CHECK(slen == slen2 && memcmp(sig, sig2, slen) == 0);
        pp_mldsa_tr(p, pk, tr);
        pp_mldsa_mu(tr, 0, NULL, 0, NULL, 0, msg, sizeof(msg), mu);
        CHECK_STATUS(pp_mldsa_sign_mu(p, sk, mu, zero, sig2), PSA_SUCCESS);
        CHECK_MEM(sig, sig2, slen);
        CHECK_STATUS(psa_verify_message(det, PSA_ALG_DETERMINISTIC_ML_DSA, msg, sizeof(msg), sig,
                                        slen), PSA_SUCCESS);
        /* the verification of the other variant needs its policy */
        CHECK_STATUS(psa_verify_message(pub, PSA_ALG_DETERMINISTIC_ML_DSA, msg, sizeof(msg), sig,
                                        slen), PSA_ERROR_NOT_PERMITTED);
        CHECK_STATUS(psa_verify_message(pub, PSA_ALG_ML_DSA, msg, sizeof(msg), sig, slen),
                     PSA_SUCCESS);
        /* generated */
        CHECK_STATUS(psa_generate_key(&ga, &gen), PSA_SUCCESS);
        CHECK_STATUS(psa_sign_message(gen, PSA_ALG_ML_DSA, msg, 0, sig, sizeof(sig), &slen),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_verify_message(gen, PSA_ALG_ML_DSA, msg, 0, sig, slen), PSA_SUCCESS);
        CHECK_STATUS(psa_export_key(gen, out, sizeof(out), &len), PSA_SUCCESS);
        CHECK(len == 32);
        CHECK_STATUS(psa_destroy_key(gen), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(pair), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(det), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(pub), PSA_SUCCESS);
    }
}

#if PSA_WANT_ALG_HASH_ML_DSA && PSA_WANT_ALG_DETERMINISTIC_HASH_ML_DSA && PSA_WANT_ALG_SHA_256 && \
    PSA_WANT_ALG_SHA_384 && PSA_WANT_ALG_SHA_512
static void test_hash_ml_dsa(void)
{
    static const uint8_t msg[] = "HashML-DSA message";
    static const uint8_t zero[32];
    static const uint8_t oid256[11] = {0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                                       0x65, 0x03, 0x04, 0x02, 0x01};
    const psa_algorithm_t dalg = PSA_ALG_DETERMINISTIC_HASH_ML_DSA(PSA_ALG_SHA_256);
    const pp_mldsa_params *p = &pp_mldsa_65;
    uint8_t xi[32], h[32], tr[64], mu[64];
    size_t hl, slen, slen2;
    psa_key_id_t k, hk, pub;
    test_rng_bytes(xi, sizeof(xi));
    k = import(PAIR, 192, HASH_USAGE | SIGN_USAGE, dalg, xi, 32, PSA_SUCCESS);
    CHECK_STATUS(psa_hash_compute(PSA_ALG_SHA_256, msg, sizeof(msg), h, sizeof(h), &hl),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_sign_hash(k, dalg, h, hl, sig, sizeof(sig), &slen), PSA_SUCCESS);
    CHECK_STATUS(psa_sign_message(k, dalg, msg, sizeof(msg), sig2, sizeof(sig2), &slen2),
                 PSA_SUCCESS);
    CHECK(slen == 3309 && slen2 == slen && memcmp(sig, sig2, slen) == 0);
    CHECK_STATUS(pp_mldsa_keygen_internal(p, xi, pk, sk), PSA_SUCCESS);
    pp_mldsa_tr(p, pk, tr);
    pp_mldsa_mu(tr, 1, NULL, 0, oid256, sizeof(oid256), h, hl, mu);   /* FIPS 204 Alg. 4 */
    CHECK_STATUS(pp_mldsa_sign_mu(p, sk, mu, zero, sig2), PSA_SUCCESS);
    CHECK_MEM(sig, sig2, slen);
    CHECK_STATUS(psa_verify_hash(k, dalg, h, hl, sig, slen), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_message(k, dalg, msg, sizeof(msg), sig, slen), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_hash(k, dalg, h, hl - 1, sig, slen), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_sign_hash(k, dalg, h, hl - 1, sig2, sizeof(sig2), &slen2),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* pure and HashML-DSA signatures are not interchangeable */
    pub = import(PUB, 192, PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_DETERMINISTIC_ML_DSA, pk,
                 p->pk_bytes, PSA_SUCCESS);
    CHECK_STATUS(psa_verify_message(pub, PSA_ALG_DETERMINISTIC_ML_DSA, msg, sizeof(msg), sig,
                                    slen), PSA_ERROR_INVALID_SIGNATURE);
    /* the hedged variant with ANY_HASH in the policy */
    hk = import(PAIR, 192, HASH_USAGE, PSA_ALG_HASH_ML_DSA(PSA_ALG_ANY_HASH), xi, 32,
                PSA_SUCCESS);
    CHECK_STATUS(psa_sign_message(hk, PSA_ALG_HASH_ML_DSA(PSA_ALG_SHA_512), msg, sizeof(msg),
                                  sig, sizeof(sig), &slen), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_message(hk, PSA_ALG_HASH_ML_DSA(PSA_ALG_SHA_512), msg, sizeof(msg),
                                    sig, slen), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_message(hk, PSA_ALG_HASH_ML_DSA(PSA_ALG_SHA_384), msg, sizeof(msg),
                                    sig, slen), PSA_ERROR_INVALID_SIGNATURE);
    CHECK_STATUS(psa_destroy_key(k), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(hk), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(pub), PSA_SUCCESS);
}
#else
/* HashML-DSA configured out (configs/pqc_node.h keeps pure ML-DSA only):
 * the algorithms are NOT_SUPPORTED, for a key whose policy names them
 * too (PSA Crypto API 1.2 10.7: the algorithm is not supported). */
static void test_hash_ml_dsa(void)
{
    static const uint8_t h[32] = {1};
    uint8_t xi[32] = {2};
    size_t slen = 1;
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t k = 0;
    const psa_algorithm_t dalg = PSA_ALG_DETERMINISTIC_HASH_ML_DSA(PSA_ALG_SHA_256);
    psa_set_key_type(&a, PAIR);
    psa_set_key_bits(&a, 192);
    psa_set_key_usage_flags(&a, HASH_USAGE | SIGN_USAGE);
    psa_set_key_algorithm(&a, dalg);
    if (psa_import_key(&a, xi, 32, &k) == PSA_SUCCESS) {
        CHECK_STATUS(psa_sign_hash(k, dalg, h, 32, sig, sizeof(sig), &slen),
                     PSA_ERROR_NOT_SUPPORTED);
        CHECK(slen == 0);
        CHECK_STATUS(psa_verify_hash(k, dalg, h, 32, sig, 3309), PSA_ERROR_NOT_SUPPORTED);
        CHECK_STATUS(psa_destroy_key(k), PSA_SUCCESS);
    } else {
        CHECK_STATUS(psa_import_key(&a, xi, 32, &k), PSA_ERROR_NOT_SUPPORTED);
    }
}
#endif

static void test_refusals(void)
{
    static const uint8_t msg[] = "m";
    uint8_t xi[33] = {7}, h[32] = {0};
    size_t slen = 1;
    psa_key_id_t k, pub, other;
    psa_key_attributes_t a = key_attr(PAIR, 192, SIGN_USAGE, PSA_ALG_ML_DSA);
    psa_key_id_t id;
    /* PQC 2.3.1: the seed is 32 bytes; key_bits 128 / 192 / 256. */
    (void)import(PAIR, 192, SIGN_USAGE, PSA_ALG_ML_DSA, xi, 31, PSA_ERROR_INVALID_ARGUMENT);
    (void)import(PAIR, 192, SIGN_USAGE, PSA_ALG_ML_DSA, xi, 33, PSA_ERROR_INVALID_ARGUMENT);
    (void)import(PAIR, 0, SIGN_USAGE, PSA_ALG_ML_DSA, xi, 32, PSA_ERROR_INVALID_ARGUMENT);
    (void)import(PAIR, 65, SIGN_USAGE, PSA_ALG_ML_DSA, xi, 32, PSA_ERROR_INVALID_ARGUMENT);
    (void)import(PAIR, 2048, SIGN_USAGE, PSA_ALG_ML_DSA, xi, 32, PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_bits(&a, 100);
    CHECK_STATUS(psa_generate_key(&a, &id), PSA_ERROR_INVALID_ARGUMENT);
    k = import(PAIR, 192, SIGN_USAGE, PSA_ALG_ML_DSA, xi, 32, PSA_SUCCESS);
    CHECK_STATUS(pp_mldsa_keygen_internal(&pp_mldsa_65, xi, pk, sk), PSA_SUCCESS);
    (void)import(PUB, 0, PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_ML_DSA, pk, 1951,
                 PSA_ERROR_INVALID_ARGUMENT);
    (void)import(PUB, 128, PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_ML_DSA, pk, 1952,
                 PSA_ERROR_INVALID_ARGUMENT);
    pub = import(PUB, 192, PSA_KEY_USAGE_VERIFY_MESSAGE | PSA_KEY_USAGE_SIGN_MESSAGE,
                 PSA_ALG_ML_DSA, pk, 1952, PSA_SUCCESS);
    /* spec 10.7: signing needs the private key */
    CHECK_STATUS(psa_sign_message(pub, PSA_ALG_ML_DSA, msg, 1, sig, sizeof(sig), &slen),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK(slen == 0);
    /* pure ML-DSA is a message algorithm: psa_sign_hash refuses it */
    CHECK_STATUS(psa_sign_hash(k, PSA_ALG_ML_DSA, h, 32, sig, sizeof(sig), &slen),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* policy and usage */
    CHECK_STATUS(psa_sign_message(k, PSA_ALG_DETERMINISTIC_ML_DSA, msg, 1, sig, sizeof(sig),
                                  &slen), PSA_ERROR_NOT_PERMITTED);
    other = import(PAIR, 192, PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_ML_DSA, xi, 32,
                   PSA_SUCCESS);
    CHECK_STATUS(psa_sign_message(other, PSA_ALG_ML_DSA, msg, 1, sig, sizeof(sig), &slen),
                 PSA_ERROR_NOT_PERMITTED);
    /* an algorithm of another family with an ML-DSA key */
    CHECK_STATUS(psa_sign_message(k, PSA_ALG_PURE_EDDSA, msg, 1, sig, sizeof(sig), &slen),
                 PSA_ERROR_NOT_PERMITTED);
    /* buffer sizes and signature lengths (spec 10.7.3, 10.7.4) */
    CHECK_STATUS(psa_sign_message(k, PSA_ALG_ML_DSA, msg, 1, sig, 3308, &slen),
                 PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK_STATUS(psa_sign_message(k, PSA_ALG_ML_DSA, msg, 1, sig, sizeof(sig), &slen),
                 PSA_SUCCESS);
    CHECK(slen == 3309);
    CHECK_STATUS(psa_verify_message(pub, PSA_ALG_ML_DSA, msg, 1, sig, slen - 1),
                 PSA_ERROR_INVALID_SIGNATURE);
    memcpy(sig2, sig, slen);
    sig2[slen] = 0;
    CHECK_STATUS(psa_verify_message(pub, PSA_ALG_ML_DSA, msg, 1, sig2, slen + 1),
                 PSA_ERROR_INVALID_SIGNATURE);
    CHECK_STATUS(psa_verify_message(pub, PSA_ALG_ML_DSA, msg, 0, sig, slen),
                 PSA_ERROR_INVALID_SIGNATURE);
    for (size_t i = 0; i < 64; i++) {
        size_t bit = test_rng_range(0, 8u * slen - 1u);
        sig[bit >> 3] ^= (uint8_t)(1u << (bit & 7u));
        CHECK_STATUS(psa_verify_message(pub, PSA_ALG_ML_DSA, msg, 1, sig, slen),
                     PSA_ERROR_INVALID_SIGNATURE);
        sig[bit >> 3] ^= (uint8_t)(1u << (bit & 7u));
    }
    CHECK_STATUS(psa_verify_message(pub, PSA_ALG_ML_DSA, msg, 1, sig, slen), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(k), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(pub), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(other), PSA_SUCCESS);
}

static void test_copy_and_storage(void)
{
    static const uint8_t msg[] = "stored";
    uint8_t xi[32], out[32];
    psa_key_attributes_t a = key_attr(PAIR, 128, SIGN_USAGE | PSA_KEY_USAGE_COPY |
                                      PSA_KEY_USAGE_EXPORT, PSA_ALG_DETERMINISTIC_ML_DSA);
    psa_key_attributes_t ca = key_attr(0, 0, PSA_KEY_USAGE_SIGN_MESSAGE,
                                       PSA_ALG_DETERMINISTIC_ML_DSA);
    psa_key_id_t pair, copy;
    size_t slen, slen2, len;
    test_rng_bytes(xi, sizeof(xi));
    CHECK_STATUS(psa_import_key(&a, xi, 32, &pair), PSA_SUCCESS);
    CHECK_STATUS(psa_copy_key(pair, &ca, &copy), PSA_SUCCESS);
    CHECK_STATUS(psa_sign_message(pair, PSA_ALG_DETERMINISTIC_ML_DSA, msg, sizeof(msg), sig,
                                  sizeof(sig), &slen), PSA_SUCCESS);
    CHECK_STATUS(psa_sign_message(copy, PSA_ALG_DETERMINISTIC_ML_DSA, msg, sizeof(msg), sig2,
                                  sizeof(sig2), &slen2), PSA_SUCCESS);
    CHECK(slen == slen2 && memcmp(sig, sig2, slen) == 0);
    CHECK_STATUS(psa_export_key(copy, out, sizeof(out), &len), PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_destroy_key(copy), PSA_SUCCESS);
#if PP_ITS_BUILT
    {
        psa_key_id_t stored;
        (void)psa_destroy_key(0x2701u);
        psa_set_key_id(&a, 0x2701u);
        CHECK_STATUS(psa_copy_key(pair, &a, &stored), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(pair), PSA_SUCCESS);
        picopsa_shutdown();
        CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
        CHECK_STATUS(psa_export_key(stored, out, sizeof(out), &len), PSA_SUCCESS);
        CHECK(len == 32 && memcmp(out, xi, 32) == 0);
        CHECK_STATUS(psa_sign_message(stored, PSA_ALG_DETERMINISTIC_ML_DSA, msg, sizeof(msg),
                                      sig2, sizeof(sig2), &slen2), PSA_SUCCESS);
        CHECK(slen == slen2 && memcmp(sig, sig2, slen) == 0);
        CHECK_STATUS(psa_destroy_key(stored), PSA_SUCCESS);
    }
#else
    CHECK_STATUS(psa_destroy_key(pair), PSA_SUCCESS);
#endif
}

#if PSA_WANT_ALG_HKDF && PSA_WANT_ALG_SHA_256
/* HKDF-SHA-256 over ikm, from a DERIVE key (secret != 0; output_key needs
 * one, 10.6.3) or from bytes. */
static void kdf_start(psa_key_derivation_operation_t *op, psa_key_id_t secret)
{
    static const uint8_t ikm[32] = {0x64, 0x73, 0x61};
    CHECK_STATUS(psa_key_derivation_setup(op, PSA_ALG_HKDF(PSA_ALG_SHA_256)), PSA_SUCCESS);
    if (secret != 0) {
        CHECK_STATUS(psa_key_derivation_input_key(op, PSA_KEY_DERIVATION_INPUT_SECRET, secret),
                     PSA_SUCCESS);
    } else {
        CHECK_STATUS(psa_key_derivation_input_bytes(op, PSA_KEY_DERIVATION_INPUT_SECRET, ikm,
                                                    sizeof(ikm)), PSA_SUCCESS);
    }
    CHECK_STATUS(psa_key_derivation_input_bytes(op, PSA_KEY_DERIVATION_INPUT_INFO,
                                                (const uint8_t *)"xi", 2), PSA_SUCCESS);
}

/* PQC 2.3.1 "Key derivation": psa_key_derivation_output_key draws 32
 * bytes as xi, so the key equals importing those bytes and the stream
 * goes on after them; key_bits must name a parameter set and a public key
 * type is refused (INVALID_ARGUMENT). */
static void test_derivation(void)
{
    static const uint8_t ikm[32] = {0x64, 0x73, 0x61};
    psa_key_attributes_t a = key_attr(PAIR, 256, SIGN_USAGE | PSA_KEY_USAGE_EXPORT,
                                      PSA_ALG_DETERMINISTIC_ML_DSA);
    psa_key_attributes_t bad = key_attr(PUB, 256, PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_ML_DSA);
    psa_key_attributes_t da = key_attr(PSA_KEY_TYPE_DERIVE, 0, PSA_KEY_USAGE_DERIVE,
                                       PSA_ALG_HKDF(PSA_ALG_SHA_256));
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    uint8_t stream[40], out[32];
    size_t len;
    psa_key_id_t k, secret;
    kdf_start(&op, 0);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, stream, sizeof(stream)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_import_key(&da, ikm, sizeof(ikm), &secret), PSA_SUCCESS);
    for (int refusal = 0; refusal < 2; refusal++) {
        kdf_start(&op, secret);
        psa_set_key_bits(&a, 100);
        CHECK_STATUS(psa_key_derivation_output_key(refusal == 0 ? &a : &bad, &op, &k),
                     PSA_ERROR_INVALID_ARGUMENT);
        psa_set_key_bits(&a, 256);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    }
    kdf_start(&op, secret);
    CHECK_STATUS(psa_key_derivation_output_key(&a, &op, &k), PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(k, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK(len == 32 && memcmp(out, stream, 32) == 0);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 8), PSA_SUCCESS);
    CHECK_MEM(out, stream + 32, 8);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(k), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(secret), PSA_SUCCESS);
}
#endif

/* The fault countermeasure, white box: a pair whose sk was corrupted in
 * the key buffer (as a fault while it is read would) signs
 * deterministically with CORRUPTION_DETECTED and a wiped signature; the
 * hedged variants do not check (their signature then fails to verify). */
static void test_fault_check(void)
{
    static uint8_t buf[PP_MLDSA_KEY_PAIR_MATERIAL_MAX];
    static const uint8_t msg[] = "fault";
    psa_key_attributes_t a = key_attr(PAIR, 192, SIGN_USAGE, PSA_ALG_DETERMINISTIC_ML_DSA);
    uint8_t xi[32];
    size_t len = 0, bits = 0, slen = 0;
    const pp_fixed_key_layout *l = pp_mldsa_key_layout(192);
    test_rng_bytes(xi, sizeof(xi));
    CHECK(l != NULL);
    CHECK_STATUS(pp_mldsa_import_key(&a, xi, 32, buf, l->pair_material, &len, &bits),
                 PSA_SUCCESS);
    CHECK(len == l->pair_material && bits == 192);
    CHECK_STATUS(pp_mldsa_sign(&a, buf, len, PSA_ALG_DETERMINISTIC_ML_DSA, msg, sizeof(msg), sig,
                               sizeof(sig), &slen), PSA_SUCCESS);
    buf[32 + 128 + 5] ^= 0x01;   /* a coefficient of s1 */
#if PICOPSA_SIGN_FAULT_CHECK
    slen = 0;
    CHECK_STATUS(pp_mldsa_sign(&a, buf, len, PSA_ALG_DETERMINISTIC_ML_DSA, msg, sizeof(msg), sig,
                               sizeof(sig), &slen), PSA_ERROR_CORRUPTION_DETECTED);
    {
        uint8_t acc = 0;
        for (size_t i = 0; i < 3309; i++) {
            acc |= sig[i];
        }
        CHECK(acc == 0 && slen == 0);
    }
#endif
    CHECK_STATUS(pp_mldsa_sign(&a, buf, len, PSA_ALG_ML_DSA, msg, sizeof(msg), sig, sizeof(sig),
                               &slen), PSA_SUCCESS);
    CHECK_STATUS(pp_mldsa_verify(&a, buf, len, PSA_ALG_ML_DSA, msg, sizeof(msg), sig, slen),
                 PSA_ERROR_INVALID_SIGNATURE);
}

/* Wycheproof through the API: the empty-context cases (psa_sign_message
 * has no context argument) of the sign file, deterministic ones without
 * rnd, and of the verify files. */
static void wycheproof(const char *file, size_t bits, int sign)
{
    json_value *root = json_parse_file(test_data_path(file));
    const json_value *groups = json_get(root, "testGroups");
    size_t used = 0;
    CHECK(root != NULL);
    for (size_t g = 0; g < json_len(groups); g++) {
        const json_value *grp = json_at(groups, g);
        const json_value *tests = json_get(grp, "tests");
        size_t xi_len, pk_len;
        uint8_t *xi = json_hex_member(grp, "privateSeed", &xi_len);
        uint8_t *want_pk = json_hex_member(grp, "publicKey", &pk_len);
        psa_key_id_t key = 0;
        if (sign) {
            psa_status_t want = xi_len == 32 ? PSA_SUCCESS : PSA_ERROR_INVALID_ARGUMENT;
            uint8_t out[PP_MLDSA_PK_BYTES_MAX];
            size_t len;
            key = import(PAIR, bits, SIGN_USAGE, PSA_ALG_DETERMINISTIC_ML_DSA,
                         xi != NULL ? xi : (const uint8_t *)"", xi_len, want);
            if (want == PSA_SUCCESS) {
                CHECK_STATUS(psa_export_public_key(key, out, sizeof(out), &len), PSA_SUCCESS);
                CHECK(len == pk_len && memcmp(out, want_pk, len) == 0);
            }
        } else {
            psa_status_t want = pk_len == pk_len_of[bits / 64 - 2] ? PSA_SUCCESS
                                                                   : PSA_ERROR_INVALID_ARGUMENT;
            key = import(PUB, bits, PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_ML_DSA,
                         want_pk != NULL ? want_pk : (const uint8_t *)"", pk_len, want);
        }
        for (size_t t = 0; key != 0 && t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            int valid = strcmp(json_str(json_get(tc, "result")), "valid") == 0;
            size_t msg_len, ctx_len, sig_len, rnd_len, slen;
            uint8_t *msg = json_hex_member(tc, "msg", &msg_len);
            uint8_t *ctx = json_hex_member(tc, "ctx", &ctx_len);
            uint8_t *want_sig = json_hex_member(tc, "sig", &sig_len);
            uint8_t *rnd = json_hex_member(tc, "rnd", &rnd_len);
            if (msg != NULL && ctx == NULL && rnd == NULL) {
                used++;
                if (sign) {
                    CHECK(valid);
                    CHECK_STATUS(psa_sign_message(key, PSA_ALG_DETERMINISTIC_ML_DSA, msg,
                                                  msg_len, sig, sizeof(sig), &slen),
                                 PSA_SUCCESS);
                    CHECK(slen == sig_len && memcmp(sig, want_sig, slen) == 0);
                } else {
                    psa_status_t st = psa_verify_message(key, PSA_ALG_ML_DSA, msg, msg_len,
                                                         want_sig != NULL ? want_sig : sig,
                                                         sig_len);
                    if (!CHECK(valid ? st == PSA_SUCCESS : st == PSA_ERROR_INVALID_SIGNATURE)) {
                        printf("  %s tcId %lld\n", file, json_int(json_get(tc, "tcId")));
                    }
                }
            }
            free(msg);
            free(ctx);
            free(want_sig);
            free(rnd);
        }
        if (key != 0) {
            CHECK_STATUS(psa_destroy_key(key), PSA_SUCCESS);
        }
        free(xi);
        free(want_pk);
    }
    CHECK(used > 10);
    json_free(root);
}

int main(void)
{
    test_rng_seed(0x70736d6c647361ull);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_values();
    test_round_trips();
    test_hash_ml_dsa();
    test_refusals();
    test_copy_and_storage();
    test_fault_check();
#if PSA_WANT_ALG_HKDF && PSA_WANT_ALG_SHA_256
    test_derivation();
#endif
    wycheproof("vectors/wycheproof/mldsa_65_sign_seed_test.json", 192, 1);
    wycheproof("vectors/wycheproof/mldsa_44_verify_test.json", 128, 0);
    wycheproof("vectors/wycheproof/mldsa_65_verify_test.json", 192, 0);
    return test_report("psa_mldsa");
}

#else
/* Configured out: the key types answer NOT_SUPPORTED, then skip. */
int main(void)
{
    static const uint8_t seed[32] = {1};
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    psa_set_key_type(&a, PSA_KEY_TYPE_ML_DSA_KEY_PAIR);
    psa_set_key_bits(&a, 192);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_SIGN_MESSAGE);
    psa_set_key_algorithm(&a, PSA_ALG_ML_DSA);
    CHECK_STATUS(psa_import_key(&a, seed, sizeof(seed), &id), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_generate_key(&a, &id), PSA_ERROR_NOT_SUPPORTED);
    if (test_report("psa_mldsa") != 0) {
        return 1;
    }
    return test_skip("psa_mldsa", "PSA_WANT_ALG_ML_DSA is 0");
}
#endif
