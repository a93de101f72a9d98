/*
 * test_psa_mlkem.c -- ML-KEM through the PSA API: psa_encapsulate and
 * psa_decapsulate (Crypto API 1.3 10.10.2) with the ML-KEM key types and
 * PSA_ALG_ML_KEM of the 1.3 PQC extension (beta, 2.2):
 *  - round trips for 512, 768 and 1024 (pair and public key), sizes
 *    against the size macros;
 *  - key formats: a pair imports and exports the 64-byte seed d || z, its
 *    public export is ek, equal to the primitive's KeyGen_internal(d, z);
 *    generate, copy, persistent keys (purge, picopsa_shutdown, reopen);
 *  - refusals: wrong lengths and key_bits (INVALID_ARGUMENT), a modified
 *    ek at import (FIPS 203 7.2 modulus check), wrong usage or policy
 *    (NOT_PERMITTED), decapsulation with a public key, wrong algorithm,
 *    short ciphertext buffer; the outputs of a failed call;
 *  - a modified ciphertext: decapsulation succeeds with the
 *    implicit-rejection key, which differs from the encapsulated key and
 *    equals the primitive's pp_mlkem_decaps;
 *  - output key attributes (type, size, usage, algorithm, lifetime);
 *  - pairs from psa_key_derivation_output_key (PQC 2.2.1 "Key
 *    derivation": 64 bytes of the stream are d || z): equal to importing
 *    them, deterministic, capacity, key_bits, public type, policy;
 *  - Wycheproof mlkem_512_test.json, mlkem_768_test.json (seed -> ek,
 *    c -> K) and mlkem_768_keygen_seed_test.json (seed -> ek) through
 *    psa_import_key / psa_export_public_key / psa_decapsulate.
 * With PSA_WANT_ALG_ML_KEM 0: the NOT_SUPPORTED forms, then exit 77.
 */
#include <psa/crypto.h>
#include <picopsa/config.h>
#include <picopsa/shutdown.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "mlkem/mlkem.h"
#include "storage/pp_its.h"
#include "test_util.h"

#if PSA_WANT_ALG_ML_KEM

#define PAIR PSA_KEY_TYPE_ML_KEM_KEY_PAIR
#define PUB PSA_KEY_TYPE_ML_KEM_PUBLIC_KEY
#define ALL_USAGE (PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT | PSA_KEY_USAGE_EXPORT)

static const size_t bits_of[3] = {512, 768, 1024};
static const size_t ek_len_of[3] = {800, 1184, 1568};
static const size_t ct_len_of[3] = {768, 1088, 1568};

static psa_key_attributes_t key_attr(psa_key_type_t type, size_t bits, psa_key_usage_t usage,
                                     psa_algorithm_t alg)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_set_key_type(&a, type);
    psa_set_key_bits(&a, bits);
    psa_set_key_usage_flags(&a, usage);
    psa_set_key_algorithm(&a, alg);
    return a;
}

/* The output key of the tests: an exportable HMAC key (its bytes are K). */
static psa_key_attributes_t out_attr(void)
{
    return key_attr(PSA_KEY_TYPE_HMAC, 0, PSA_KEY_USAGE_EXPORT, PSA_ALG_HMAC(PSA_ALG_SHA_256));
}

/* The 32 bytes of an output key, and destroy it. */
static int take_secret(psa_key_id_t id, uint8_t out[32])
{
    size_t len = 0;
    psa_status_t st = psa_export_key(id, out, 32, &len);
    CHECK_STATUS(st, PSA_SUCCESS);
    CHECK(len == 32);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    return st == PSA_SUCCESS && len == 32;
}

static psa_key_id_t import(psa_key_type_t type, size_t bits, psa_key_usage_t usage,
                           const uint8_t *data, size_t len, psa_status_t want)
{
    psa_key_attributes_t a = key_attr(type, bits, usage, PSA_ALG_ML_KEM);
    psa_key_id_t id = 0;
    CHECK_STATUS(psa_import_key(&a, data, len, &id), want);
    if (want != PSA_SUCCESS) {
        CHECK(id == PSA_KEY_ID_NULL);
    }
    return id;
}

static void test_before_init(void)
{
    psa_key_attributes_t o = out_attr();
    psa_key_id_t out = 1;
    uint8_t c[8];
    size_t c_len = 5;
    CHECK_STATUS(psa_encapsulate(1, PSA_ALG_ML_KEM, &o, &out, c, sizeof(c), &c_len),
                 PSA_ERROR_BAD_STATE);
    CHECK(out == PSA_KEY_ID_NULL && c_len == 0);
    out = 1;
    CHECK_STATUS(psa_decapsulate(1, PSA_ALG_ML_KEM, c, sizeof(c), &o, &out), PSA_ERROR_BAD_STATE);
    CHECK(out == PSA_KEY_ID_NULL);
}

static void test_values(void)
{
    /* The extension's values (PQC 2.2.1, 2.2.2; Crypto API 1.3 B.1.1). */
    CHECK(PSA_KEY_TYPE_ML_KEM_KEY_PAIR == 0x7004);
    CHECK(PSA_KEY_TYPE_ML_KEM_PUBLIC_KEY == 0x4004);
    CHECK(PSA_ALG_ML_KEM == 0x0c000200u);
    CHECK(PSA_ALG_ECIES_SEC1 == 0x0c000100u);
    CHECK(PSA_ALG_IS_KEY_ENCAPSULATION(PSA_ALG_ML_KEM));
    CHECK(!PSA_ALG_IS_KEY_ENCAPSULATION(PSA_ALG_ECDH));
    CHECK(PSA_KEY_TYPE_IS_ML_KEM(PAIR) && PSA_KEY_TYPE_IS_ML_KEM(PUB));
    CHECK(!PSA_KEY_TYPE_IS_ML_KEM(PSA_KEY_TYPE_RSA_KEY_PAIR));
    CHECK(PSA_KEY_TYPE_IS_KEY_PAIR(PAIR) && PSA_KEY_TYPE_IS_PUBLIC_KEY(PUB));
    CHECK(PSA_KEY_TYPE_PUBLIC_KEY_OF_KEY_PAIR(PAIR) == PUB);
    for (int i = 0; i < 3; i++) {
        CHECK(PSA_ENCAPSULATE_CIPHERTEXT_SIZE(PAIR, bits_of[i], PSA_ALG_ML_KEM) == ct_len_of[i]);
        CHECK(PSA_ENCAPSULATE_CIPHERTEXT_SIZE(PUB, bits_of[i], PSA_ALG_ML_KEM) == ct_len_of[i]);
        CHECK(PSA_ENCAPSULATE_CIPHERTEXT_SIZE(PAIR, bits_of[i], PSA_ALG_ECIES_SEC1) == 0);
        CHECK(PSA_EXPORT_KEY_OUTPUT_SIZE(PAIR, bits_of[i]) == 64);
        CHECK(PSA_EXPORT_KEY_OUTPUT_SIZE(PUB, bits_of[i]) == ek_len_of[i]);
        CHECK(PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(PAIR, bits_of[i]) == ek_len_of[i]);
        CHECK(PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(PUB, bits_of[i]) == ek_len_of[i]);
    }
    CHECK(PSA_ENCAPSULATE_CIPHERTEXT_MAX_SIZE == 1568);
    CHECK(PSA_EXPORT_PUBLIC_KEY_MAX_SIZE >= 1568);
    CHECK(PSA_EXPORT_KEY_PAIR_MAX_SIZE >= 64);
}

/* Generate a pair of every size; encapsulate with it and with its public
 * key; decapsulate both; compare with the primitive. */
static void test_round_trips(void)
{
    for (int i = 0; i < 3; i++) {
        psa_key_attributes_t a = key_attr(PAIR, bits_of[i], ALL_USAGE, PSA_ALG_ML_KEM);
        psa_key_attributes_t got = PSA_KEY_ATTRIBUTES_INIT;
        psa_key_attributes_t o = out_attr();
        psa_key_id_t pair = 0, pub, k1, k2;
        uint8_t seed[64], ek[1568], want_ek[1568], dk[PP_MLKEM_DK_BYTES_MAX], c[1568 + 8];
        uint8_t s1[32], s2[32], s3[32];
        size_t len = 0, c_len = 0;
        const pp_mlkem_params *p = pp_mlkem_params_for((unsigned)bits_of[i]);

        CHECK_STATUS(psa_generate_key(&a, &pair), PSA_SUCCESS);
        CHECK_STATUS(psa_get_key_attributes(pair, &got), PSA_SUCCESS);
        CHECK(psa_get_key_type(&got) == PAIR && psa_get_key_bits(&got) == bits_of[i]);
        CHECK_STATUS(psa_export_key(pair, seed, sizeof(seed), &len), PSA_SUCCESS);
        CHECK(len == 64);
        CHECK_STATUS(psa_export_public_key(pair, ek, sizeof(ek), &len), PSA_SUCCESS);
        CHECK(len == ek_len_of[i]);
        /* The pair is the seed: the primitive's KeyGen_internal(d, z). */
        CHECK_STATUS(pp_mlkem_keygen_seed(p, seed, 64, want_ek, dk), PSA_SUCCESS);
        CHECK_MEM(ek, want_ek, ek_len_of[i]);

        memset(c, 0x5A, sizeof(c));
        CHECK_STATUS(psa_encapsulate(pair, PSA_ALG_ML_KEM, &o, &k1, c, sizeof(c), &c_len),
                     PSA_SUCCESS);
        CHECK(c_len == ct_len_of[i] && k1 != PSA_KEY_ID_NULL);
        CHECK_STATUS(psa_decapsulate(pair, PSA_ALG_ML_KEM, c, c_len, &o, &k2), PSA_SUCCESS);
        take_secret(k1, s1);
        take_secret(k2, s2);
        CHECK_MEM(s1, s2, 32);
        CHECK_STATUS(pp_mlkem_decaps(p, dk, pp_mlkem_dk_bytes(p), c, c_len, s3), PSA_SUCCESS);
        CHECK_MEM(s1, s3, 32);

        /* The public key alone, then the pair decapsulates. */
        pub = import(PUB, 0, PSA_KEY_USAGE_ENCRYPT, ek, ek_len_of[i], PSA_SUCCESS);
        CHECK_STATUS(psa_get_key_attributes(pub, &got), PSA_SUCCESS);
        CHECK(psa_get_key_type(&got) == PUB && psa_get_key_bits(&got) == bits_of[i]);
        CHECK_STATUS(psa_encapsulate(pub, PSA_ALG_ML_KEM, &o, &k1, c, ct_len_of[i], &c_len),
                     PSA_SUCCESS);
        CHECK(c_len == ct_len_of[i]);
        CHECK_STATUS(psa_decapsulate(pair, PSA_ALG_ML_KEM, c, c_len, &o, &k2), PSA_SUCCESS);
        take_secret(k1, s1);
        take_secret(k2, s2);
        CHECK_MEM(s1, s2, 32);
        /* A public key exports ek with either function, without EXPORT. */
        CHECK_STATUS(psa_export_key(pub, want_ek, sizeof(want_ek), &len), PSA_SUCCESS);
        CHECK(len == ek_len_of[i]);
        CHECK_MEM(want_ek, ek, len);
        CHECK_STATUS(psa_export_public_key(pub, want_ek, sizeof(want_ek), &len), PSA_SUCCESS);
        CHECK_MEM(want_ek, ek, len);
        CHECK_STATUS(psa_destroy_key(pub), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(pair), PSA_SUCCESS);
        psa_reset_key_attributes(&got);
    }
}

/* Seed import / export for each size, and the lengths that are refused. */
static void test_import_export(void)
{
    uint8_t seed[65], out[1568 + 1], ek[1568];
    size_t len;
    for (size_t i = 0; i < sizeof(seed); i++) {
        seed[i] = (uint8_t)(3 * i + 1);
    }
    for (int i = 0; i < 3; i++) {
        psa_key_id_t id = import(PAIR, bits_of[i], ALL_USAGE, seed, 64, PSA_SUCCESS);
        psa_key_id_t noexp = import(PAIR, bits_of[i], PSA_KEY_USAGE_DECRYPT, seed, 64, PSA_SUCCESS);
        CHECK_STATUS(psa_export_key(id, out, sizeof(out), &len), PSA_SUCCESS);
        CHECK(len == 64);
        CHECK_MEM(out, seed, 64);
        len = 7;
        CHECK_STATUS(psa_export_key(id, out, 63, &len), PSA_ERROR_BUFFER_TOO_SMALL);
        CHECK(len == 0);
        CHECK_STATUS(psa_export_public_key(id, ek, sizeof(ek), &len), PSA_SUCCESS);
        CHECK(len == ek_len_of[i]);
        CHECK_STATUS(psa_export_public_key(id, out, ek_len_of[i] - 1, &len),
                     PSA_ERROR_BUFFER_TOO_SMALL);
        /* Spec 9.6.7: a private export needs EXPORT; the public part never. */
        CHECK_STATUS(psa_export_key(noexp, out, sizeof(out), &len), PSA_ERROR_NOT_PERMITTED);
        CHECK_STATUS(psa_export_public_key(noexp, out, sizeof(out), &len), PSA_SUCCESS);
        CHECK_MEM(out, ek, ek_len_of[i]);
        CHECK_STATUS(psa_destroy_key(noexp), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);

        /* Wrong lengths and sizes: INVALID_ARGUMENT. */
        import(PAIR, bits_of[i], ALL_USAGE, seed, 63, PSA_ERROR_INVALID_ARGUMENT);
        import(PAIR, bits_of[i], ALL_USAGE, seed, 65, PSA_ERROR_INVALID_ARGUMENT);
        import(PAIR, bits_of[i], ALL_USAGE, seed, 0, PSA_ERROR_INVALID_ARGUMENT);
        import(PUB, bits_of[i], ALL_USAGE, ek, ek_len_of[i] - 1, PSA_ERROR_INVALID_ARGUMENT);
        import(PUB, 0, ALL_USAGE, ek, ek_len_of[i] - 1, PSA_ERROR_INVALID_ARGUMENT);
        import(PUB, bits_of[i], ALL_USAGE, ek, 64, PSA_ERROR_INVALID_ARGUMENT);
        /* An ek of another set's length with these key_bits. */
        import(PUB, bits_of[(i + 1) % 3], ALL_USAGE, ek, ek_len_of[i], PSA_ERROR_INVALID_ARGUMENT);
    }
    /* A seed does not name the set: key_bits is required. */
    import(PAIR, 0, ALL_USAGE, seed, 64, PSA_ERROR_INVALID_ARGUMENT);
    import(PAIR, 256, ALL_USAGE, seed, 64, PSA_ERROR_INVALID_ARGUMENT);
    import(PAIR, 769, ALL_USAGE, seed, 64, PSA_ERROR_INVALID_ARGUMENT);
    import(PUB, 256, ALL_USAGE, ek, 1568, PSA_ERROR_INVALID_ARGUMENT);
    {
        psa_key_attributes_t a = key_attr(PAIR, 0, ALL_USAGE, PSA_ALG_ML_KEM);
        psa_key_id_t id = 1;
        CHECK_STATUS(psa_generate_key(&a, &id), PSA_ERROR_INVALID_ARGUMENT);
        CHECK(id == PSA_KEY_ID_NULL);
        psa_set_key_bits(&a, 2048);
        CHECK_STATUS(psa_generate_key(&a, &id), PSA_ERROR_INVALID_ARGUMENT);
        /* Spec 9.6.3: generate a pair, not a public key. */
        a = key_attr(PUB, 768, ALL_USAGE, PSA_ALG_ML_KEM);
        CHECK_STATUS(psa_generate_key(&a, &id), PSA_ERROR_INVALID_ARGUMENT);
    }
}

/* FIPS 203 7.2: an ek with a 12-bit value >= q is refused at import. */
static void test_modified_ek(void)
{
    uint8_t seed[64], ek[1568], bad[1568], dk[PP_MLKEM_DK_BYTES_MAX];
    for (size_t i = 0; i < sizeof(seed); i++) {
        seed[i] = (uint8_t)(i ^ 0xA5);
    }
    for (int i = 0; i < 3; i++) {
        const pp_mlkem_params *p = pp_mlkem_params_for((unsigned)bits_of[i]);
        size_t n = ek_len_of[i];
        psa_key_id_t id;
        CHECK_STATUS(pp_mlkem_keygen_seed(p, seed, 64, ek, dk), PSA_SUCCESS);
        id = import(PUB, bits_of[i], PSA_KEY_USAGE_ENCRYPT, ek, n, PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
        /* First coefficient = q = 3329 = 0xD01 (low 12 bits of bytes 0, 1). */
        memcpy(bad, ek, n);
        bad[0] = 0x01;
        bad[1] = (uint8_t)((bad[1] & 0xF0) | 0x0D);
        import(PUB, bits_of[i], PSA_KEY_USAGE_ENCRYPT, bad, n, PSA_ERROR_INVALID_ARGUMENT);
        import(PUB, 0, PSA_KEY_USAGE_ENCRYPT, bad, n, PSA_ERROR_INVALID_ARGUMENT);
        /* The last coefficient of t-hat = 0xFFF (high 12 bits before rho). */
        memcpy(bad, ek, n);
        bad[n - 33] = 0xFF;
        bad[n - 34] = (uint8_t)(bad[n - 34] | 0xF0);
        import(PUB, bits_of[i], PSA_KEY_USAGE_ENCRYPT, bad, n, PSA_ERROR_INVALID_ARGUMENT);
        /* rho is any 32 bytes: a change there is accepted. */
        memcpy(bad, ek, n);
        bad[n - 1] ^= 0xFF;
        id = import(PUB, bits_of[i], PSA_KEY_USAGE_ENCRYPT, bad, n, PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    }
}

/* A modified ciphertext decapsulates (implicit rejection) to a key that
 * differs from the encapsulated one and equals the primitive's answer
 * J(z || c'). */
static void test_modified_ciphertext(void)
{
    uint8_t seed[64], ek[1568], dk[PP_MLKEM_DK_BYTES_MAX], c[1568], s1[32], s2[32], s3[32];
    psa_key_attributes_t o = out_attr();
    for (size_t i = 0; i < sizeof(seed); i++) {
        seed[i] = (uint8_t)(7 * i);
    }
    for (int i = 0; i < 3; i++) {
        const pp_mlkem_params *p = pp_mlkem_params_for((unsigned)bits_of[i]);
        psa_key_id_t pair = import(PAIR, bits_of[i], ALL_USAGE, seed, 64, PSA_SUCCESS);
        psa_key_id_t k1, k2;
        size_t c_len;
        CHECK_STATUS(pp_mlkem_keygen_seed(p, seed, 64, ek, dk), PSA_SUCCESS);
        CHECK_STATUS(psa_encapsulate(pair, PSA_ALG_ML_KEM, &o, &k1, c, sizeof(c), &c_len),
                     PSA_SUCCESS);
        take_secret(k1, s1);
        for (size_t where = 0; where < c_len; where += c_len / 3 + 1) {
            c[where] ^= 0x01;
            CHECK_STATUS(psa_decapsulate(pair, PSA_ALG_ML_KEM, c, c_len, &o, &k2), PSA_SUCCESS);
            take_secret(k2, s2);
            CHECK(memcmp(s1, s2, 32) != 0);
            CHECK_STATUS(pp_mlkem_decaps(p, dk, pp_mlkem_dk_bytes(p), c, c_len, s3), PSA_SUCCESS);
            CHECK_MEM(s2, s3, 32);
            c[where] ^= 0x01;
        }
        CHECK_STATUS(psa_decapsulate(pair, PSA_ALG_ML_KEM, c, c_len, &o, &k2), PSA_SUCCESS);
        take_secret(k2, s2);
        CHECK_MEM(s1, s2, 32);
        CHECK_STATUS(psa_destroy_key(pair), PSA_SUCCESS);
    }
}

/* Usage and policy (10.10.2: ENCRYPT for encapsulation, DECRYPT for
 * decapsulation; the permitted algorithm), algorithm and key checks, and
 * what a failed call leaves in its outputs. */
static void test_refusals(void)
{
    uint8_t seed[64] = {1, 2, 3}, c[1088], ek[1184];
    psa_key_attributes_t o = out_attr();
    psa_key_id_t enc_only = import(PAIR, 768, PSA_KEY_USAGE_ENCRYPT, seed, 64, PSA_SUCCESS);
    psa_key_id_t dec_only = import(PAIR, 768, PSA_KEY_USAGE_DECRYPT, seed, 64, PSA_SUCCESS);
    psa_key_id_t both = import(PAIR, 768, ALL_USAGE, seed, 64, PSA_SUCCESS);
    psa_key_id_t pub_dec, other_alg, hmac, out;
    psa_key_attributes_t a;
    size_t c_len, len;
    uint8_t zero[1088];

    memset(zero, 0, sizeof(zero));
    CHECK_STATUS(psa_export_public_key(both, ek, sizeof(ek), &len), PSA_SUCCESS);
    pub_dec = import(PUB, 768, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT, ek, len, PSA_SUCCESS);
    a = key_attr(PAIR, 768, ALL_USAGE, PSA_ALG_ECIES_SEC1);
    CHECK_STATUS(psa_import_key(&a, seed, 64, &other_alg), PSA_SUCCESS);
    {
        uint8_t hk[32] = {9};
        a = key_attr(PSA_KEY_TYPE_HMAC, 0, ALL_USAGE, PSA_ALG_ML_KEM);
        CHECK_STATUS(psa_import_key(&a, hk, sizeof(hk), &hmac), PSA_SUCCESS);
    }

    /* Usage: NOT_PERMITTED, outputs wiped. */
    memset(c, 0x77, sizeof(c));
    c_len = 99;
    out = 5;
    CHECK_STATUS(psa_encapsulate(dec_only, PSA_ALG_ML_KEM, &o, &out, c, sizeof(c), &c_len),
                 PSA_ERROR_NOT_PERMITTED);
    CHECK(out == PSA_KEY_ID_NULL && c_len == 0);
    CHECK_MEM(c, zero, sizeof(c));
    CHECK_STATUS(psa_encapsulate(enc_only, PSA_ALG_ML_KEM, &o, &out, c, sizeof(c), &c_len),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(out), PSA_SUCCESS);
    out = 5;
    CHECK_STATUS(psa_decapsulate(enc_only, PSA_ALG_ML_KEM, c, c_len, &o, &out),
                 PSA_ERROR_NOT_PERMITTED);
    CHECK(out == PSA_KEY_ID_NULL);
    CHECK_STATUS(psa_decapsulate(dec_only, PSA_ALG_ML_KEM, c, c_len, &o, &out), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(out), PSA_SUCCESS);
    /* The policy names another algorithm. */
    CHECK_STATUS(psa_encapsulate(other_alg, PSA_ALG_ML_KEM, &o, &out, c, sizeof(c), &c_len),
                 PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_decapsulate(other_alg, PSA_ALG_ML_KEM, c, sizeof(c), &o, &out),
                 PSA_ERROR_NOT_PERMITTED);
    /* ...which is a key-encapsulation algorithm picopsa does not build. */
    CHECK_STATUS(psa_encapsulate(other_alg, PSA_ALG_ECIES_SEC1, &o, &out, c, sizeof(c), &c_len),
                 PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_decapsulate(other_alg, PSA_ALG_ECIES_SEC1, c, sizeof(c), &o, &out),
                 PSA_ERROR_NOT_SUPPORTED);
    /* Not a key-encapsulation algorithm: INVALID_ARGUMENT. */
    CHECK_STATUS(psa_encapsulate(both, PSA_ALG_ECDH, &o, &out, c, sizeof(c), &c_len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_decapsulate(both, PSA_ALG_SHA_256, c, sizeof(c), &o, &out),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* A key that is not an ML-KEM key, whatever its policy says. */
    CHECK_STATUS(psa_encapsulate(hmac, PSA_ALG_ML_KEM, &o, &out, c, sizeof(c), &c_len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_decapsulate(hmac, PSA_ALG_ML_KEM, c, sizeof(c), &o, &out),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* 10.10.2 psa_decapsulate: "key is not an asymmetric key pair". */
    CHECK_STATUS(psa_encapsulate(pub_dec, PSA_ALG_ML_KEM, &o, &out, c, sizeof(c), &c_len),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(out), PSA_SUCCESS);
    out = 5;
    CHECK_STATUS(psa_decapsulate(pub_dec, PSA_ALG_ML_KEM, c, c_len, &o, &out),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK(out == PSA_KEY_ID_NULL);
    /* Ciphertext lengths: INVALID_ARGUMENT ("obviously invalid"). */
    CHECK_STATUS(psa_decapsulate(both, PSA_ALG_ML_KEM, c, 1087, &o, &out),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_decapsulate(both, PSA_ALG_ML_KEM, c, 768, &o, &out),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_decapsulate(both, PSA_ALG_ML_KEM, c, 0, &o, &out),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_decapsulate(both, PSA_ALG_ML_KEM, NULL, 1088, &o, &out),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* The ciphertext buffer. */
    memset(c, 0x77, sizeof(c));
    c_len = 3;
    CHECK_STATUS(psa_encapsulate(both, PSA_ALG_ML_KEM, &o, &out, c, 1087, &c_len),
                 PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK(c_len == 0 && out == PSA_KEY_ID_NULL);
    CHECK_MEM(c, zero, 1087);
    CHECK_STATUS(psa_encapsulate(both, PSA_ALG_ML_KEM, &o, &out, NULL, 1088, &c_len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_encapsulate(both, PSA_ALG_ML_KEM, &o, &out, c, sizeof(c), NULL),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_encapsulate(both, PSA_ALG_ML_KEM, NULL, &out, c, sizeof(c), &c_len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_encapsulate(both, PSA_ALG_ML_KEM, &o, NULL, c, sizeof(c), &c_len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_decapsulate(both, PSA_ALG_ML_KEM, c, sizeof(c), &o, NULL),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* Unknown keys. */
    CHECK_STATUS(psa_encapsulate(0, PSA_ALG_ML_KEM, &o, &out, c, sizeof(c), &c_len),
                 PSA_ERROR_INVALID_HANDLE);
    CHECK_STATUS(psa_decapsulate(0x7ffffff0u, PSA_ALG_ML_KEM, c, sizeof(c), &o, &out),
                 PSA_ERROR_INVALID_HANDLE);

    CHECK_STATUS(psa_destroy_key(enc_only), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(dec_only), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(both), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(pub_dec), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(other_alg), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(hmac), PSA_SUCCESS);
}

/* 10.10.2: the output key's type (DERIVE, HMAC, block ciphers for a
 * pseudorandom secret), size (0 or 256), and the attributes it keeps. */
static void test_output_attributes(void)
{
    uint8_t seed[64] = {42}, c[1088], s1[32], s2[32];
    psa_key_id_t pair = import(PAIR, 768, ALL_USAGE, seed, 64, PSA_SUCCESS);
    psa_key_attributes_t o, got = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t k1, k2;
    size_t c_len, len;
    static const psa_key_type_t refused[] = {PSA_KEY_TYPE_RAW_DATA, PSA_KEY_TYPE_PASSWORD,
                                             PSA_KEY_TYPE_CHACHA20, PAIR,
                                             PSA_KEY_TYPE_NONE};

    for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
        o = key_attr(refused[i], 0, PSA_KEY_USAGE_EXPORT, 0);
        k1 = 9;
        c_len = 9;
        CHECK_STATUS(psa_encapsulate(pair, PSA_ALG_ML_KEM, &o, &k1, c, sizeof(c), &c_len),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK(k1 == PSA_KEY_ID_NULL && c_len == 0);
        CHECK_STATUS(psa_decapsulate(pair, PSA_ALG_ML_KEM, c, sizeof(c), &o, &k1),
                     PSA_ERROR_INVALID_ARGUMENT);
    }
    /* A size other than the secret's 256 bits. */
    o = key_attr(PSA_KEY_TYPE_AES, 128, PSA_KEY_USAGE_ENCRYPT, PSA_ALG_CTR);
    CHECK_STATUS(psa_encapsulate(pair, PSA_ALG_ML_KEM, &o, &k1, c, sizeof(c), &c_len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_decapsulate(pair, PSA_ALG_ML_KEM, c, sizeof(c), &o, &k1),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* Usage flags the spec does not define (checked by the key creation). */
    o = key_attr(PSA_KEY_TYPE_DERIVE, 0, 0x00010000u, PSA_ALG_HKDF(PSA_ALG_SHA_256));
    CHECK_STATUS(psa_encapsulate(pair, PSA_ALG_ML_KEM, &o, &k1, c, sizeof(c), &c_len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK(c_len == 0 && k1 == PSA_KEY_ID_NULL);

    /* AES-256 with its own policy (where AES is built; else the output
     * key type is NOT_SUPPORTED, no ciphertext); DERIVE 256 bits. */
    o = key_attr(PSA_KEY_TYPE_AES, 256, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_EXPORT,
                 PSA_ALG_CTR);
#if PSA_WANT_KEY_TYPE_AES
    CHECK_STATUS(psa_encapsulate(pair, PSA_ALG_ML_KEM, &o, &k1, c, sizeof(c), &c_len),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_get_key_attributes(k1, &got), PSA_SUCCESS);
    CHECK(psa_get_key_type(&got) == PSA_KEY_TYPE_AES && psa_get_key_bits(&got) == 256);
    CHECK(psa_get_key_algorithm(&got) == PSA_ALG_CTR);
    CHECK(psa_get_key_usage_flags(&got) == (PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_EXPORT));
    CHECK(psa_get_key_lifetime(&got) == PSA_KEY_LIFETIME_VOLATILE);
#else
    k1 = 9;
    c_len = 9;
    CHECK_STATUS(psa_encapsulate(pair, PSA_ALG_ML_KEM, &o, &k1, c, sizeof(c), &c_len),
                 PSA_ERROR_NOT_SUPPORTED);
    CHECK(k1 == PSA_KEY_ID_NULL && c_len == 0);
    o = key_attr(PSA_KEY_TYPE_HMAC, 256, PSA_KEY_USAGE_EXPORT, PSA_ALG_HMAC(PSA_ALG_SHA_256));
    CHECK_STATUS(psa_encapsulate(pair, PSA_ALG_ML_KEM, &o, &k1, c, sizeof(c), &c_len),
                 PSA_SUCCESS);
#endif
    o = key_attr(PSA_KEY_TYPE_DERIVE, 256, PSA_KEY_USAGE_DERIVE, PSA_ALG_HKDF(PSA_ALG_SHA_256));
    CHECK_STATUS(psa_decapsulate(pair, PSA_ALG_ML_KEM, c, c_len, &o, &k2), PSA_SUCCESS);
    CHECK_STATUS(psa_get_key_attributes(k2, &got), PSA_SUCCESS);
    CHECK(psa_get_key_type(&got) == PSA_KEY_TYPE_DERIVE && psa_get_key_bits(&got) == 256);
    CHECK(psa_get_key_usage_flags(&got) == PSA_KEY_USAGE_DERIVE);
    /* The output key's own policy: no EXPORT, no export. */
    CHECK_STATUS(psa_export_key(k2, s2, sizeof(s2), &len), PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_export_key(k1, s1, sizeof(s1), &len), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(k1), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(k2), PSA_SUCCESS);
    psa_reset_key_attributes(&got);
#if PP_ITS_BUILT
    /* A persistent output key. */
    o = out_attr();
    psa_set_key_id(&o, 0x2601u);
    CHECK_STATUS(psa_encapsulate(pair, PSA_ALG_ML_KEM, &o, &k1, c, sizeof(c), &c_len),
                 PSA_SUCCESS);
    CHECK(k1 == 0x2601u);
    CHECK_STATUS(psa_get_key_attributes(k1, &got), PSA_SUCCESS);
    CHECK(psa_get_key_lifetime(&got) == PSA_KEY_LIFETIME_PERSISTENT);
    /* The id is taken: ALREADY_EXISTS, and no ciphertext. */
    c_len = 9;
    CHECK_STATUS(psa_encapsulate(pair, PSA_ALG_ML_KEM, &o, &k2, c, sizeof(c), &c_len),
                 PSA_ERROR_ALREADY_EXISTS);
    CHECK(c_len == 0 && k2 == PSA_KEY_ID_NULL);
    CHECK_STATUS(psa_destroy_key(k1), PSA_SUCCESS);
#endif
    CHECK_STATUS(psa_destroy_key(pair), PSA_SUCCESS);
}

/* psa_copy_key and persistent ML-KEM keys (purge, shutdown, reopen). */
static void test_copy_and_storage(void)
{
    uint8_t seed[64], c[1568], s1[32], s2[32], out[64];
    psa_key_attributes_t o = out_attr();
    psa_key_attributes_t a = key_attr(PAIR, 1024, ALL_USAGE | PSA_KEY_USAGE_COPY, PSA_ALG_ML_KEM);
    psa_key_attributes_t ca = key_attr(0, 0, PSA_KEY_USAGE_DECRYPT, PSA_ALG_ML_KEM);
    psa_key_id_t pair, copy, k1, k2;
    size_t c_len, len;
    for (size_t i = 0; i < sizeof(seed); i++) {
        seed[i] = (uint8_t)(255 - i);
    }
    CHECK_STATUS(psa_import_key(&a, seed, 64, &pair), PSA_SUCCESS);
    CHECK_STATUS(psa_copy_key(pair, &ca, &copy), PSA_SUCCESS);
    CHECK_STATUS(psa_encapsulate(pair, PSA_ALG_ML_KEM, &o, &k1, c, sizeof(c), &c_len),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_decapsulate(copy, PSA_ALG_ML_KEM, c, c_len, &o, &k2), PSA_SUCCESS);
    take_secret(k1, s1);
    take_secret(k2, s2);
    CHECK_MEM(s1, s2, 32);
    /* The copy's usage is the intersection: no ENCRYPT, no EXPORT. */
    {
        uint8_t c2[1568];
        CHECK_STATUS(psa_encapsulate(copy, PSA_ALG_ML_KEM, &o, &k1, c2, sizeof(c2), &len),
                     PSA_ERROR_NOT_PERMITTED);
    }
    CHECK_STATUS(psa_export_key(copy, out, sizeof(out), &len), PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_destroy_key(copy), PSA_SUCCESS);

#if PP_ITS_BUILT
    {
        psa_key_id_t stored, again;
        (void)psa_destroy_key(0x2602u);   /* a left-over of an interrupted run */
        psa_set_key_id(&a, 0x2602u);
        CHECK_STATUS(psa_copy_key(pair, &a, &stored), PSA_SUCCESS);
        CHECK(stored == 0x2602u);
        CHECK_STATUS(psa_purge_key(stored), PSA_SUCCESS);
        CHECK_STATUS(psa_decapsulate(stored, PSA_ALG_ML_KEM, c, c_len, &o, &k2), PSA_SUCCESS);
        take_secret(k2, s2);
        CHECK_MEM(s1, s2, 32);
        /* A new library instance loads it from the store. */
        CHECK_STATUS(psa_destroy_key(pair), PSA_SUCCESS);
        picopsa_shutdown();
        CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
        CHECK_STATUS(psa_export_key(stored, out, sizeof(out), &len), PSA_SUCCESS);
        CHECK(len == 64);
        CHECK_MEM(out, seed, 64);
        CHECK_STATUS(psa_decapsulate(stored, PSA_ALG_ML_KEM, c, c_len, &o, &k2), PSA_SUCCESS);
        take_secret(k2, s2);
        CHECK_MEM(s1, s2, 32);
        /* A persistent generated key of another size. */
        (void)psa_destroy_key(0x2603u);
        a = key_attr(PAIR, 512, ALL_USAGE, PSA_ALG_ML_KEM);
        psa_set_key_id(&a, 0x2603u);
        CHECK_STATUS(psa_generate_key(&a, &again), PSA_SUCCESS);
        CHECK_STATUS(psa_encapsulate(again, PSA_ALG_ML_KEM, &o, &k1, c, sizeof(c), &c_len),
                     PSA_SUCCESS);
        CHECK(c_len == 768);
        picopsa_shutdown();
        CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
        CHECK_STATUS(psa_decapsulate(again, PSA_ALG_ML_KEM, c, c_len, &o, &k2), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(stored), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(again), PSA_SUCCESS);
        return;
    }
#else
    CHECK_STATUS(psa_destroy_key(pair), PSA_SUCCESS);
#endif
}

/* ---- psa_key_derivation_output_key (PQC extension 2.2.1) -------------------- */

#if PSA_WANT_ALG_HKDF && PSA_WANT_ALG_SHA_256 && PSA_WANT_KEY_TYPE_DERIVE
#define KDF PSA_ALG_HKDF(PSA_ALG_SHA_256)

/* An HKDF-SHA-256 operation with the secret from a DERIVE key (output_key
 * needs a key, 10.6.3) or, with key 0, from bytes. */
static void kdf_start(psa_key_derivation_operation_t *op, psa_key_id_t secret)
{
    static const uint8_t ikm[32] = {0x6b, 0x65, 0x6d, 0x74, 0x6f, 0x6f, 0x6c};
    static const uint8_t info[] = "ML-KEM seed";
    CHECK_STATUS(psa_key_derivation_setup(op, KDF), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(op, PSA_KEY_DERIVATION_INPUT_SALT, info, 4),
                 PSA_SUCCESS);
    if (secret != 0) {
        CHECK_STATUS(psa_key_derivation_input_key(op, PSA_KEY_DERIVATION_INPUT_SECRET, secret),
                     PSA_SUCCESS);
    } else {
        CHECK_STATUS(psa_key_derivation_input_bytes(op, PSA_KEY_DERIVATION_INPUT_SECRET, ikm,
                                                    sizeof(ikm)), PSA_SUCCESS);
    }
    CHECK_STATUS(psa_key_derivation_input_bytes(op, PSA_KEY_DERIVATION_INPUT_INFO, info,
                                                sizeof(info) - 1), PSA_SUCCESS);
}

/* The 2.2.1 "Key derivation" rule: the key is the next 64 bytes of the
 * stream taken as d || z, so it equals importing those bytes (its seed
 * export and its ek), the same derivation gives the same key, the capacity
 * falls by 64 and the stream continues after them; key_bits must name a
 * parameter set; a public key type is INVALID_ARGUMENT; a secret given as
 * bytes NOT_PERMITTED; the derived key's policy is the attributes'. */
static void test_derivation(void)
{
    static const uint8_t ikm[32] = {0x6b, 0x65, 0x6d, 0x74, 0x6f, 0x6f, 0x6c};
    psa_key_attributes_t sa = key_attr(PSA_KEY_TYPE_DERIVE, 0, PSA_KEY_USAGE_DERIVE, KDF);
    psa_key_attributes_t o = out_attr();
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_key_derivation_operation_t ref = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_key_id_t secret = 0, k = 0, k2 = 0, imp = 0, s_id = 0;
    uint8_t stream[64 + 16], seed[64], next[16], ek[1568], ek2[1568], c[1568];
    uint8_t s1[32], s2[32];
    size_t len = 0, len2 = 0, cap0 = 0, cap = 0, i;

    CHECK_STATUS(psa_import_key(&sa, ikm, sizeof(ikm), &secret), PSA_SUCCESS);
    for (i = 0; i < 3; i++) {
        psa_key_attributes_t a = key_attr(PAIR, bits_of[i], ALL_USAGE, PSA_ALG_ML_KEM);
        /* The reference stream as bytes. */
        kdf_start(&ref, secret);
        CHECK_STATUS(psa_key_derivation_output_bytes(&ref, stream, sizeof(stream)), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_abort(&ref), PSA_SUCCESS);

        kdf_start(&op, secret);
        CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap0), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_output_key(&a, &op, &k), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap), PSA_SUCCESS);
        CHECK(cap == cap0 - 64);
        CHECK_STATUS(psa_key_derivation_output_bytes(&op, next, sizeof(next)), PSA_SUCCESS);
        CHECK_MEM(next, stream + 64, sizeof(next));
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        {
            psa_key_attributes_t got = PSA_KEY_ATTRIBUTES_INIT;
            CHECK_STATUS(psa_get_key_attributes(k, &got), PSA_SUCCESS);
            CHECK(psa_get_key_type(&got) == PAIR && psa_get_key_bits(&got) == bits_of[i]);
            CHECK(psa_get_key_usage_flags(&got) == ALL_USAGE);
            CHECK(psa_get_key_algorithm(&got) == PSA_ALG_ML_KEM);
        }
        CHECK_STATUS(psa_export_key(k, seed, sizeof(seed), &len), PSA_SUCCESS);
        CHECK(len == 64);
        CHECK_MEM(seed, stream, 64);
        /* Importing the drawn 64 bytes gives the same ek. */
        CHECK_STATUS(psa_import_key(&a, stream, 64, &imp), PSA_SUCCESS);
        CHECK_STATUS(psa_export_public_key(k, ek, sizeof(ek), &len), PSA_SUCCESS);
        CHECK_STATUS(psa_export_public_key(imp, ek2, sizeof(ek2), &len2), PSA_SUCCESS);
        CHECK(len == ek_len_of[i] && len2 == len);
        CHECK_MEM(ek, ek2, len);
        /* The same derivation again: the same key. */
        kdf_start(&op, secret);
        CHECK_STATUS(psa_key_derivation_output_key(&a, &op, &k2), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        CHECK_STATUS(psa_export_public_key(k2, ek2, sizeof(ek2), &len2), PSA_SUCCESS);
        CHECK(len2 == len);
        CHECK_MEM(ek, ek2, len);
        /* It works: encapsulate with the derived key, decapsulate with the
         * imported one. */
        CHECK_STATUS(psa_encapsulate(k, PSA_ALG_ML_KEM, &o, &s_id, c, sizeof(c), &len),
                     PSA_SUCCESS);
        CHECK(len == ct_len_of[i]);
        take_secret(s_id, s1);
        CHECK_STATUS(psa_decapsulate(imp, PSA_ALG_ML_KEM, c, len, &o, &s_id), PSA_SUCCESS);
        take_secret(s_id, s2);
        CHECK_MEM(s1, s2, 32);
        CHECK_STATUS(psa_destroy_key(k), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(k2), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(imp), PSA_SUCCESS);
    }

    /* Policy: the derived key has the attributes' usage (ENCRYPT only: no
     * decapsulation, no export). */
    {
        psa_key_attributes_t a = key_attr(PAIR, 768, PSA_KEY_USAGE_ENCRYPT, PSA_ALG_ML_KEM);
        kdf_start(&op, secret);
        CHECK_STATUS(psa_key_derivation_output_key(&a, &op, &k), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        CHECK_STATUS(psa_encapsulate(k, PSA_ALG_ML_KEM, &o, &s_id, c, sizeof(c), &len),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(s_id), PSA_SUCCESS);
        CHECK_STATUS(psa_decapsulate(k, PSA_ALG_ML_KEM, c, len, &o, &s_id),
                     PSA_ERROR_NOT_PERMITTED);
        CHECK_STATUS(psa_export_key(k, seed, sizeof(seed), &len), PSA_ERROR_NOT_PERMITTED);
        CHECK_STATUS(psa_destroy_key(k), PSA_SUCCESS);
    }

    /* Refusals; each leaves the operation in its error state (10.6.3). */
    {
        static const size_t bad_bits[] = {0, 256, 767, 2048};
        for (i = 0; i < sizeof(bad_bits) / sizeof(bad_bits[0]); i++) {
            psa_key_attributes_t a = key_attr(PAIR, bad_bits[i], ALL_USAGE, PSA_ALG_ML_KEM);
            k = 1;
            kdf_start(&op, secret);
            CHECK_STATUS(psa_key_derivation_output_key(&a, &op, &k), PSA_ERROR_INVALID_ARGUMENT);
            CHECK(k == PSA_KEY_ID_NULL);
            CHECK_STATUS(psa_key_derivation_output_bytes(&op, next, 1), PSA_ERROR_BAD_STATE);
            CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        }
    }
    {
        /* A public key cannot be derived (10.6.3). */
        psa_key_attributes_t a = key_attr(PUB, 768, PSA_KEY_USAGE_ENCRYPT, PSA_ALG_ML_KEM);
        kdf_start(&op, secret);
        CHECK_STATUS(psa_key_derivation_output_key(&a, &op, &k), PSA_ERROR_INVALID_ARGUMENT);
        CHECK(k == PSA_KEY_ID_NULL);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    }
    {
        /* The secret as bytes: NOT_PERMITTED (10.6.3). */
        psa_key_attributes_t a = key_attr(PAIR, 512, ALL_USAGE, PSA_ALG_ML_KEM);
        kdf_start(&op, 0);
        CHECK_STATUS(psa_key_derivation_output_key(&a, &op, &k), PSA_ERROR_NOT_PERMITTED);
        CHECK(k == PSA_KEY_ID_NULL);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        /* 63 bytes of capacity left: INSUFFICIENT_DATA, no key, capacity 0. */
        kdf_start(&op, secret);
        CHECK_STATUS(psa_key_derivation_set_capacity(&op, 63), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_output_key(&a, &op, &k), PSA_ERROR_INSUFFICIENT_DATA);
        CHECK(k == PSA_KEY_ID_NULL);
        CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap), PSA_SUCCESS);
        CHECK(cap == 0);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        /* Exactly 64 left: the key, then capacity 0. */
        kdf_start(&op, secret);
        CHECK_STATUS(psa_key_derivation_set_capacity(&op, 64), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_output_key(&a, &op, &k), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap), PSA_SUCCESS);
        CHECK(cap == 0);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(k), PSA_SUCCESS);
    }
    CHECK_STATUS(psa_destroy_key(secret), PSA_SUCCESS);
}
#else
static void test_derivation(void)
{
}
#endif

/* ---- Wycheproof through the PSA API ----------------------------------------- */

static size_t bits_named(const char *name)
{
    if (name == NULL) {
        return 0;
    }
    return strcmp(name, "ML-KEM-512") == 0    ? 512
           : strcmp(name, "ML-KEM-768") == 0  ? 768
           : strcmp(name, "ML-KEM-1024") == 0 ? 1024
                                              : 0;
}

/* mlkem_*_test.json: import seed (a malformed one refused), public export
 * = ek, decapsulate c (a wrong length refused) to K. */
static void wycheproof_kem(const char *file)
{
    json_value *root = json_parse_file(test_data_path(file));
    const json_value *groups = json_get(root, "testGroups");
    psa_key_attributes_t o = out_attr();
    size_t n = 0, refused = 0;
    for (size_t g = 0; g < json_len(groups); g++) {
        const json_value *grp = json_at(groups, g);
        size_t bits = bits_named(json_str(json_get(grp, "parameterSet")));
        const json_value *tests = json_get(grp, "tests");
        CHECK(bits != 0);
        for (size_t t = 0; bits != 0 && t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            int valid = strcmp(json_str(json_get(tc, "result")), "valid") == 0;
            size_t seed_len, ek_len = 0, c_len, k_len, len;
            uint8_t *seed = test_hex_decode(json_str(json_get(tc, "seed")), &seed_len);
            uint8_t *want_ek = json_get(tc, "ek") != NULL
                                   ? test_hex_decode(json_str(json_get(tc, "ek")), &ek_len)
                                   : NULL;
            uint8_t *c = test_hex_decode(json_str(json_get(tc, "c")), &c_len);
            uint8_t *want_k = test_hex_decode(json_str(json_get(tc, "K")), &k_len);
            psa_key_attributes_t a = key_attr(PAIR, bits, PSA_KEY_USAGE_DECRYPT, PSA_ALG_ML_KEM);
            psa_key_id_t pair = 0, k = 0;
            uint8_t ek[1568], K[32];
            psa_status_t st = psa_import_key(&a, seed, seed_len, &pair);
            if (st == PSA_SUCCESS) {
                CHECK_STATUS(psa_export_public_key(pair, ek, sizeof(ek), &len), PSA_SUCCESS);
                if (want_ek != NULL) {
                    CHECK(len == ek_len);
                    CHECK_MEM(ek, want_ek, len);
                }
                st = psa_decapsulate(pair, PSA_ALG_ML_KEM, c, c_len, &o, &k);
                if (st == PSA_SUCCESS) {
                    take_secret(k, K);
                    CHECK(k_len == 32);
                    CHECK_MEM(K, want_k, 32);
                } else {
                    CHECK_STATUS(st, PSA_ERROR_INVALID_ARGUMENT);
                    CHECK(k == PSA_KEY_ID_NULL);
                }
                CHECK_STATUS(psa_destroy_key(pair), PSA_SUCCESS);
            } else {
                CHECK_STATUS(st, PSA_ERROR_INVALID_ARGUMENT);
            }
            if (valid != (st == PSA_SUCCESS)) {
                printf("%s tcId %lld: expected %s\n", file, json_int(json_get(tc, "tcId")),
                       valid ? "valid" : "invalid");
            }
            CHECK(valid == (st == PSA_SUCCESS));
            refused += st != PSA_SUCCESS;
            free(seed);
            free(want_ek);
            free(c);
            free(want_k);
            n++;
        }
    }
    CHECK(n == (size_t)json_int(json_get(root, "numberOfTests")));
    printf("%s: %zu cases through the PSA API, %zu refused\n", file, n, refused);
    json_free(root);
}

/* mlkem_768_keygen_seed_test.json: import seed, public export = ek. */
static void wycheproof_keygen(const char *file)
{
    json_value *root = json_parse_file(test_data_path(file));
    const json_value *groups = json_get(root, "testGroups");
    size_t n = 0;
    for (size_t g = 0; g < json_len(groups); g++) {
        const json_value *grp = json_at(groups, g);
        size_t bits = bits_named(json_str(json_get(grp, "parameterSet")));
        const json_value *tests = json_get(grp, "tests");
        CHECK(bits != 0);
        for (size_t t = 0; bits != 0 && t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            size_t seed_len, ek_len, len;
            uint8_t *seed = test_hex_decode(json_str(json_get(tc, "seed")), &seed_len);
            uint8_t *want_ek = test_hex_decode(json_str(json_get(tc, "ek")), &ek_len);
            psa_key_attributes_t a = key_attr(PAIR, bits, PSA_KEY_USAGE_EXPORT, PSA_ALG_ML_KEM);
            psa_key_id_t pair = 0;
            uint8_t ek[1568], back[64];
            CHECK(strcmp(json_str(json_get(tc, "result")), "valid") == 0);
            CHECK_STATUS(psa_import_key(&a, seed, seed_len, &pair), PSA_SUCCESS);
            CHECK_STATUS(psa_export_public_key(pair, ek, sizeof(ek), &len), PSA_SUCCESS);
            CHECK(len == ek_len);
            CHECK_MEM(ek, want_ek, ek_len);
            CHECK_STATUS(psa_export_key(pair, back, sizeof(back), &len), PSA_SUCCESS);
            CHECK(len == 64 && seed_len == 64);
            CHECK_MEM(back, seed, 64);
            CHECK_STATUS(psa_destroy_key(pair), PSA_SUCCESS);
            free(seed);
            free(want_ek);
            n++;
        }
    }
    CHECK(n == (size_t)json_int(json_get(root, "numberOfTests")));
    printf("%s: %zu key pairs through the PSA API\n", file, n);
    json_free(root);
}

int main(void)
{
    test_before_init();
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_values();
    test_round_trips();
    test_import_export();
    test_modified_ek();
    test_modified_ciphertext();
    test_refusals();
    test_output_attributes();
    test_copy_and_storage();
    test_derivation();
    wycheproof_kem("vectors/wycheproof/mlkem_512_test.json");
    wycheproof_kem("vectors/wycheproof/mlkem_768_test.json");
    wycheproof_keygen("vectors/wycheproof/mlkem_768_keygen_seed_test.json");
    return test_report("psa_mlkem");
}

#else
/* Configured out: the key types and the two functions answer
 * NOT_SUPPORTED (after their argument and key checks), then skip. */
int main(void)
{
    static const uint8_t seed[64] = {1};
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0, out = 1;
    uint8_t c[1088];
    size_t c_len = 1;
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    psa_set_key_type(&a, PSA_KEY_TYPE_ML_KEM_KEY_PAIR);
    psa_set_key_bits(&a, 768);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&a, PSA_ALG_ML_KEM);
    CHECK_STATUS(psa_import_key(&a, seed, sizeof(seed), &id), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_generate_key(&a, &id), PSA_ERROR_NOT_SUPPORTED);
    psa_set_key_type(&a, PSA_KEY_TYPE_RAW_DATA);
    psa_set_key_bits(&a, 0);
    CHECK_STATUS(psa_import_key(&a, seed, sizeof(seed), &id), PSA_SUCCESS);
    psa_set_key_type(&a, PSA_KEY_TYPE_DERIVE);
    CHECK_STATUS(psa_encapsulate(id, PSA_ALG_ML_KEM, &a, &out, c, sizeof(c), &c_len),
                 PSA_ERROR_NOT_SUPPORTED);
    CHECK(out == PSA_KEY_ID_NULL && c_len == 0);
    CHECK_STATUS(psa_decapsulate(id, PSA_ALG_ML_KEM, c, sizeof(c), &a, &out),
                 PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_encapsulate(0, PSA_ALG_ML_KEM, &a, &out, c, sizeof(c), &c_len),
                 PSA_ERROR_INVALID_HANDLE);
    CHECK_STATUS(psa_decapsulate(id, PSA_ALG_SHA_256, c, sizeof(c), &a, &out),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    if (test_report("psa_mlkem") != 0) {
        return 1;
    }
    return test_skip("psa_mlkem", "PSA_WANT_ALG_ML_KEM is 0");
}
#endif
