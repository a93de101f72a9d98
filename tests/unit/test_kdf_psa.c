/*
 * test_kdf_psa.c -- PBKDF2-HMAC, the TLS 1.2 PRF, TLS 1.2 PSK-to-MS and
 * SP 800-108 counter HMAC through the PSA key derivation API (PSA Crypto
 * API 1.2 sec. 10.6; the step machine itself is test_kdf_state's):
 *  - known answers through the API: RFC 6070 (PBKDF2-HMAC-SHA-1), RFC 7914
 *    section 11 (PBKDF2-HMAC-SHA-256), the P_SHA256/P_SHA384 "test label"
 *    vectors, the SP 800-108 vectors of test_sp800_108.c (their L is the
 *    length: set_capacity(len) before the output); output in pieces, the
 *    salt in pieces;
 *  - OpenSSL cross-checks on random inputs: PKCS5_PBKDF2_HMAC (every
 *    built hash, salt in 1..3 pieces, random output chunks), EVP_KDF
 *    TLS1-PRF (PRF, and PSK_TO_MS over RFC 4279's premaster built here,
 *    with and without OTHER_SECRET), EVP_KDF KBKDF (counter, HMAC);
 *  - key inputs (PASSWORD and DERIVE passwords, PEPPER and RAW_DATA salts,
 *    HMAC and DERIVE SP 800-108 secrets, DERIVE TLS secrets) give the
 *    bytes' stream; output_key of each algorithm equals the stream;
 *  - password verification: a PASSWORD_HASH key from output_key, then
 *    verify_key / verify_bytes with the right and a wrong password;
 *  - ECDH + PSK_TO_MS: the agreement as OTHER_SECRET equals the raw
 *    agreement passed as bytes;
 *  - statuses: zero and too large cost, COST as bytes, PSK over 128
 *    bytes, a label with 0x00, wrong key types, inputs over
 *    PICOPSA_KDF_MAX_INPUT_BYTES (INSUFFICIENT_MEMORY), unsupported
 *    hashes, ECDH | PBKDF2, initial capacities, set_capacity after an
 *    SP 800-108 output.
 */
#include <psa/crypto.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "test_config.h"
#include "test_util.h"

#if !PSA_WANT_ALG_PBKDF2_HMAC || !PSA_WANT_ALG_TLS12_PRF || !PSA_WANT_ALG_TLS12_PSK_TO_MS || \
    !PSA_WANT_ALG_SP800_108_COUNTER_HMAC || !PSA_WANT_ALG_SHA_256
int main(void)
{
    return test_skip("kdf_psa", "PBKDF2, the TLS 1.2 PRFs, SP 800-108 or SHA-256 configured out");
}
#else

#define COST PSA_KEY_DERIVATION_INPUT_COST
#define SALT PSA_KEY_DERIVATION_INPUT_SALT
#define PASSWORD PSA_KEY_DERIVATION_INPUT_PASSWORD
#define SEED PSA_KEY_DERIVATION_INPUT_SEED
#define SECRET PSA_KEY_DERIVATION_INPUT_SECRET
#define LABEL PSA_KEY_DERIVATION_INPUT_LABEL
#define OTHER PSA_KEY_DERIVATION_INPUT_OTHER_SECRET
#define CONTEXT PSA_KEY_DERIVATION_INPUT_CONTEXT

static const psa_algorithm_t all_hashes[] = {PSA_ALG_SHA_1,   PSA_ALG_SHA_224, PSA_ALG_SHA_256,
                                             PSA_ALG_SHA_384, PSA_ALG_SHA_512};

static const char *digest_name(psa_algorithm_t hash)
{
    switch (hash) {
    case PSA_ALG_SHA_1: return "SHA1";
    case PSA_ALG_SHA_224: return "SHA224";
    case PSA_ALG_SHA_256: return "SHA256";
    case PSA_ALG_SHA_384: return "SHA384";
    default: return "SHA512";
    }
}

/* ---- drawing the stream ------------------------------------------------ */

/* len bytes from op in pieces of 1..max_chunk (0: one call). */
static psa_status_t draw(psa_key_derivation_operation_t *op, uint8_t *out, size_t len,
                         size_t max_chunk)
{
    size_t done = 0;
    psa_status_t status = PSA_SUCCESS;
    while (status == PSA_SUCCESS && done < len) {
        size_t n = max_chunk == 0 ? len : test_rng_range(1, max_chunk);
        if (n > len - done) {
            n = len - done;
        }
        status = psa_key_derivation_output_bytes(op, out + done, n);
        done += n;
    }
    return status;
}

/* Salt in pieces at random cuts (1..3 input_bytes calls). */
static psa_status_t salt_pieces(psa_key_derivation_operation_t *op, const uint8_t *salt,
                                size_t salt_len)
{
    size_t pieces = test_rng_range(1, 3), done = 0, i;
    psa_status_t status = PSA_SUCCESS;
    for (i = 0; i < pieces && status == PSA_SUCCESS; i++) {
        size_t n = i + 1 == pieces ? salt_len - done : test_rng_range(0, salt_len - done);
        status = psa_key_derivation_input_bytes(op, SALT, salt + done, n);
        done += n;
    }
    return status;
}

static psa_status_t pbkdf2_psa(psa_algorithm_t hash, const uint8_t *pw, size_t pw_len,
                               const uint8_t *salt, size_t salt_len, uint64_t cost, uint8_t *out,
                               size_t len, size_t max_chunk)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_status_t status = psa_key_derivation_setup(&op, PSA_ALG_PBKDF2_HMAC(hash));
    if (status == PSA_SUCCESS) {
        status = psa_key_derivation_input_integer(&op, COST, cost);
    }
    if (status == PSA_SUCCESS) {
        status = salt_pieces(&op, salt, salt_len);
    }
    if (status == PSA_SUCCESS) {
        status = psa_key_derivation_input_bytes(&op, PASSWORD, pw, pw_len);
    }
    if (status == PSA_SUCCESS) {
        status = draw(&op, out, len, max_chunk);
    }
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    return status;
}

/* PRF or PSK_TO_MS (other == NULL: no OTHER_SECRET step). */
static psa_status_t tls12_psa(psa_algorithm_t alg, const uint8_t *seed, size_t seed_len,
                              const uint8_t *other, size_t other_len, const uint8_t *secret,
                              size_t secret_len, const uint8_t *label, size_t label_len,
                              uint8_t *out, size_t len, size_t max_chunk)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_status_t status = psa_key_derivation_setup(&op, alg);
    if (status == PSA_SUCCESS) {
        status = psa_key_derivation_input_bytes(&op, SEED, seed, seed_len);
    }
    if (status == PSA_SUCCESS && other != NULL) {
        status = psa_key_derivation_input_bytes(&op, OTHER, other, other_len);
    }
    if (status == PSA_SUCCESS) {
        status = psa_key_derivation_input_bytes(&op, SECRET, secret, secret_len);
    }
    if (status == PSA_SUCCESS) {
        status = psa_key_derivation_input_bytes(&op, LABEL, label, label_len);
    }
    if (status == PSA_SUCCESS) {
        status = draw(&op, out, len, max_chunk);
    }
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    return status;
}

/* SP 800-108 with capacity cap (L = 8 * cap); label/context NULL: step
 * left out. */
static psa_status_t sp800_psa(psa_algorithm_t hash, const uint8_t *key, size_t key_len,
                              const uint8_t *label, size_t label_len, const uint8_t *context,
                              size_t context_len, size_t cap, uint8_t *out, size_t len,
                              size_t max_chunk)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_status_t status = psa_key_derivation_setup(&op, PSA_ALG_SP800_108_COUNTER_HMAC(hash));
    if (status == PSA_SUCCESS) {
        status = psa_key_derivation_set_capacity(&op, cap);
    }
    if (status == PSA_SUCCESS) {
        status = psa_key_derivation_input_bytes(&op, SECRET, key, key_len);
    }
    if (status == PSA_SUCCESS && label != NULL) {
        status = psa_key_derivation_input_bytes(&op, LABEL, label, label_len);
    }
    if (status == PSA_SUCCESS && context != NULL) {
        status = psa_key_derivation_input_bytes(&op, CONTEXT, context, context_len);
    }
    if (status == PSA_SUCCESS) {
        status = draw(&op, out, len, max_chunk);
    }
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    return status;
}

/* ---- OpenSSL ------------------------------------------------------------ */

static const EVP_MD *md_of(psa_algorithm_t hash)
{
    return EVP_get_digestbyname(digest_name(hash));
}

static void ossl_tls1_prf(psa_algorithm_t hash, const uint8_t *secret, size_t secret_len,
                          const uint8_t *label, size_t label_len, const uint8_t *seed,
                          size_t seed_len, uint8_t *out, size_t len)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "TLS1-PRF", NULL);
    EVP_KDF_CTX *kctx = EVP_KDF_CTX_new(kdf);
    OSSL_PARAM params[5];
    char digest[8];
    strcpy(digest, digest_name(hash));
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0);
    params[1] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SECRET, (void *)secret,
                                                  secret_len);
    /* The seed parameters are concatenated: label || seed (RFC 5246 5). */
    params[2] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SEED, (void *)label, label_len);
    params[3] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SEED, (void *)seed, seed_len);
    params[4] = OSSL_PARAM_construct_end();
    CHECK(kctx != NULL);
    CHECK(EVP_KDF_derive(kctx, out, len, params) == 1);
    EVP_KDF_CTX_free(kctx);
    EVP_KDF_free(kdf);
}

static void ossl_kbkdf(psa_algorithm_t hash, const uint8_t *key, size_t key_len,
                       const uint8_t *label, size_t label_len, const uint8_t *context,
                       size_t context_len, uint8_t *out, size_t len)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "KBKDF", NULL);
    EVP_KDF_CTX *kctx = EVP_KDF_CTX_new(kdf);
    OSSL_PARAM params[8];
    char mode[] = "counter", mac[] = "HMAC", digest[8];
    size_t n = 0;
    strcpy(digest, digest_name(hash));
    params[n++] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MODE, mode, 0);
    params[n++] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MAC, mac, 0);
    params[n++] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0);
    params[n++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)key, key_len);
    /* OpenSSL's "salt" is the Label, "info" the Context; L = 8 * len, the
     * 0x00 separator and r = 32 are its defaults. */
    if (label_len != 0) {
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)label,
                                                        label_len);
    }
    if (context_len != 0) {
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)context,
                                                        context_len);
    }
    params[n] = OSSL_PARAM_construct_end();
    CHECK(kctx != NULL);
    CHECK(EVP_KDF_derive(kctx, out, len, params) == 1);
    EVP_KDF_CTX_free(kctx);
    EVP_KDF_free(kdf);
}

/* RFC 4279 2 premaster, typed out here independently of src/kdf. */
static size_t premaster(uint8_t *pms, const uint8_t *other, size_t other_len, const uint8_t *psk,
                        size_t psk_len)
{
    size_t n = 0;
    if (other == NULL) {
        other_len = psk_len;
    }
    pms[n++] = (uint8_t)(other_len >> 8);
    pms[n++] = (uint8_t)other_len;
    if (other == NULL) {
        memset(pms + n, 0, other_len);
    } else if (other_len != 0) {
        memcpy(pms + n, other, other_len);
    }
    n += other_len;
    pms[n++] = (uint8_t)(psk_len >> 8);
    pms[n++] = (uint8_t)psk_len;
    memcpy(pms + n, psk, psk_len);
    return n + psk_len;
}

/* ---- known answers ------------------------------------------------------ */

static void pbkdf2_vector(psa_algorithm_t hash, const char *pw, size_t pw_len, const char *salt,
                          size_t salt_len, uint64_t c, const char *dk_hex)
{
    uint8_t want[64], out[64];
    size_t len = test_hex_to(dk_hex, want, sizeof(want)), chunk;
    if (!test_hash_built(hash)) {
        return;
    }
    for (chunk = 0; chunk <= 40; chunk += 20) {
        memset(out, 0, sizeof(out));
        if (!CHECK_STATUS(pbkdf2_psa(hash, (const uint8_t *)pw, pw_len, (const uint8_t *)salt,
                                     salt_len, c, out, len, chunk), PSA_SUCCESS) ||
            !CHECK_MEM(out, want, len)) {
            fprintf(stderr, "  PBKDF2 %s c=%lu, pieces of up to %zu\n", digest_name(hash),
                    (unsigned long)c, chunk);
        }
    }
}

/* RFC 6070 section 2 (not the 2^24-iteration case) and RFC 7914 section
 * 11. */
static void test_pbkdf2_known(void)
{
    pbkdf2_vector(PSA_ALG_SHA_1, "password", 8, "salt", 4, 1,
                  "0c60c80f961f0e71f3a9b524af6012062fe037a6");
    pbkdf2_vector(PSA_ALG_SHA_1, "password", 8, "salt", 4, 2,
                  "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957");
    pbkdf2_vector(PSA_ALG_SHA_1, "password", 8, "salt", 4, 4096,
                  "4b007901b765489abead49d926f721d065a429c1");
    pbkdf2_vector(PSA_ALG_SHA_1, "passwordPASSWORDpassword", 24,
                  "saltSALTsaltSALTsaltSALTsaltSALTsalt", 36, 4096,
                  "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038");
    pbkdf2_vector(PSA_ALG_SHA_1, "pass\0word", 9, "sa\0lt", 5, 4096,
                  "56fa6aa75548099dcc37d7f03425e0c3");
    pbkdf2_vector(PSA_ALG_SHA_256, "passwd", 6, "salt", 4, 1,
                  "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                  "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783");
    pbkdf2_vector(PSA_ALG_SHA_256, "Password", 8, "NaCl", 4, 80000,
                  "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
                  "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d");
}

/* The "test label" vectors of the IETF TLS list (as in test_tls12_prf.c). */
static void test_tls12_known(void)
{
    static const struct {
        psa_algorithm_t hash;
        const char *secret, *seed, *out;
    } v[2] = {
        {PSA_ALG_SHA_256, "9bbe436ba940f017b17652849a71db35", "a0ba9f936cda311827a6f796ffd5198c",
         "e3f229ba727be17b8d122620557cd453c2aab21d07c3d495329b52d4e61edb5a6b301791e90d35c9c9a46b4e"
         "14baf9af0fa022f7077def17abfd3797c0564bab4fbc91666e9def9b97fce34f796789baa48082d122ee42c5"
         "a72e5a5110fff70187347b66"},
        {PSA_ALG_SHA_384, "b80b733d6ceefcdc71566ea48e5567df", "cd665cf6a8447dd6ff8b27555edb7465",
         "7b0c18e9ced410ed1804f2cfa34a336a1c14dffb4900bb5fd7942107e81c83cde9ca0faa60be9fe34f82b123"
         "3c9146a0e534cb400fed2700884f9dc236f80edd8bfa961144c9e8d792eca722a7b32fc3d416d473ebc2c5fd"
         "4abfdad05d9184259b5bf8cd4d90fa0d31e2dec479e4f1a26066f2eea9a69236a3e52655c9e9aee691c8f3a2"
         "6854308d5eaa3be85e0990703d73e56f"}};
    static const uint8_t label[] = "test label";
    size_t i, chunk;
    for (i = 0; i < 2; i++) {
        uint8_t secret[16], seed[16], want[148], out[148];
        size_t len = strlen(v[i].out) / 2;
        if (!test_hash_built(v[i].hash)) {
            continue;
        }
        CHECK(test_hex_to(v[i].secret, secret, sizeof(secret)) == 16);
        CHECK(test_hex_to(v[i].seed, seed, sizeof(seed)) == 16);
        CHECK(test_hex_to(v[i].out, want, sizeof(want)) == len);
        for (chunk = 0; chunk < 60; chunk += 13) {
            memset(out, 0, sizeof(out));
            CHECK_STATUS(tls12_psa(PSA_ALG_TLS12_PRF(v[i].hash), seed, 16, NULL, 0, secret, 16,
                                   label, 10, out, len, chunk),
                         PSA_SUCCESS);
            CHECK_MEM(out, want, len);
        }
    }
}

/* The SP 800-108 vectors of test_sp800_108.c (Mbed TLS's example, Oberon's
 * tests): L = 8 * their length, so the capacity is set to it. */
static void test_sp800_known(void)
{
    static const char key1[] = "0102030405060708090a0b0c0d0e0d0f0102030405060708090a0b0c0d0e0d0f";
    static const char key32[] =
        "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20";
    static const char label1[] = "PSA_ALG_SP800_108_COUNTER Sample";
    static const char context1[] = "Sample key creation via SP 800-108r1 Counter mode";
    static const struct {
        const char *key, *label, *context, *out;
    } v[6] = {
        {key1, label1, context1,
         "8158cd6ae750690c2054be1066d2d8f34ab014d07f814cbc7d3e3dca78a93f5d6629b114b42a0464a489"},
        {key1, label1, "",
         "2fe05bd422004fa19a48cd8c9bd2ca8d3987ea6c5abcd5543aedeb04e2b7000cb6eb18c33a3d8967a7d6"},
        {key32, "", "", "f8b724820df0efea81c252b67a8860b644d3c37b9fce782458214f14c661c00a"},
        {key32, "label", "", "1ee4549b549c799b2e9c6e4081c3028c03eb730845b179f1c9ce13e0c96b53f7"},
        {key32, "", "context", "3d04c0286189c8bd183d434de3c317c0ae8ca51cf6f77c8bacecd070f61529fe"},
        {key32, "label", "context",
         "86f3aa9a5a7602713f37996c288bc27ba197d5a78957ddc9640443692fb04134"}};
    size_t i, chunk;
    for (i = 0; i < 6; i++) {
        uint8_t key[32], want[42], out[42];
        size_t len = strlen(v[i].out) / 2;
        size_t ll = strlen(v[i].label), cl = strlen(v[i].context);
        CHECK(test_hex_to(v[i].key, key, sizeof(key)) == 32);
        CHECK(test_hex_to(v[i].out, want, sizeof(want)) == len);
        for (chunk = 0; chunk < 45; chunk += 11) {
            /* An empty label/context is the same as none (10.6.1): give
             * the step or leave it out at random. */
            int give = (int)test_rng_range(0, 1);
            memset(out, 0, sizeof(out));
            if (!CHECK_STATUS(sp800_psa(PSA_ALG_SHA_256, key, 32,
                                        ll || give ? (const uint8_t *)v[i].label : NULL, ll,
                                        cl || give ? (const uint8_t *)v[i].context : NULL, cl,
                                        len, out, len, chunk),
                              PSA_SUCCESS) ||
                !CHECK_MEM(out, want, len)) {
                fprintf(stderr, "  SP 800-108 vector %zu, pieces of up to %zu\n", i, chunk);
            }
        }
    }
}

/* ---- OpenSSL cross-checks ---------------------------------------------- */

static void test_pbkdf2_openssl(void)
{
    size_t t;
    for (t = 0; t < 120; t++) {
        psa_algorithm_t hash = all_hashes[test_rng_range(0, 4)];
        uint8_t pw[160], salt[PICOPSA_KDF_MAX_INPUT_BYTES], out[300], want[300];
        size_t pw_len = test_rng_range(0, sizeof(pw)), salt_len = test_rng_range(0, sizeof(salt));
        size_t len = test_rng_range(1, sizeof(out));
        unsigned cost = (unsigned)test_rng_range(1, 40);
        if (!test_hash_built(hash)) {
            continue;
        }
        test_rng_bytes(pw, pw_len);
        test_rng_bytes(salt, salt_len);
        CHECK(PKCS5_PBKDF2_HMAC((const char *)pw, (int)pw_len, salt, (int)salt_len, (int)cost,
                                md_of(hash), (int)len, want) == 1);
        if (!CHECK_STATUS(pbkdf2_psa(hash, pw, pw_len, salt, salt_len, cost, out, len,
                                     test_rng_range(0, 70)), PSA_SUCCESS) ||
            !CHECK_MEM(out, want, len)) {
            fprintf(stderr, "  PBKDF2 %s pw %zu salt %zu c %u len %zu\n", digest_name(hash),
                    pw_len, salt_len, cost, len);
        }
    }
}

static void test_tls12_openssl(void)
{
    static const psa_algorithm_t hashes[2] = {PSA_ALG_SHA_256, PSA_ALG_SHA_384};
    size_t t;
    for (t = 0; t < 200; t++) {
        psa_algorithm_t hash = hashes[t % 2];
        uint8_t seed[64], label[40], secret[200], other[48], pms[4 + 128 + 128];
        uint8_t out[400], want[400];
        size_t seed_len = test_rng_range(0, sizeof(seed));
        size_t label_len = test_rng_range(0, sizeof(label));
        size_t len = test_rng_range(1, sizeof(out));
        int psk = (int)((t / 2) % 3);   /* 0: PRF; 1: PSK; 2: PSK with an other secret */
        size_t secret_len = test_rng_range(0, psk ? 128 : sizeof(secret));
        size_t other_len = test_rng_range(0, sizeof(other)), pms_len;
        if (!test_hash_built(hash)) {
            continue;
        }
        if (seed_len + label_len + (psk == 2 ? other_len : 0) > PICOPSA_KDF_MAX_INPUT_BYTES) {
            seed_len = 32;
            label_len = 13;
            other_len = other_len > 32 ? 32 : other_len;
        }
        test_rng_bytes(seed, seed_len);
        test_rng_bytes(label, label_len);
        test_rng_bytes(secret, secret_len);
        test_rng_bytes(other, other_len);
        if (psk == 0) {
            ossl_tls1_prf(hash, secret, secret_len, label, label_len, seed, seed_len, want, len);
            CHECK_STATUS(tls12_psa(PSA_ALG_TLS12_PRF(hash), seed, seed_len, NULL, 0, secret,
                                   secret_len, label, label_len, out, len,
                                   test_rng_range(0, 90)),
                         PSA_SUCCESS);
        } else {
            pms_len = premaster(pms, psk == 2 ? other : NULL, other_len, secret, secret_len);
            ossl_tls1_prf(hash, pms, pms_len, label, label_len, seed, seed_len, want, len);
            CHECK_STATUS(tls12_psa(PSA_ALG_TLS12_PSK_TO_MS(hash), seed, seed_len,
                                   psk == 2 ? other : NULL, other_len, secret, secret_len, label,
                                   label_len, out, len, test_rng_range(0, 90)),
                         PSA_SUCCESS);
        }
        if (!CHECK_MEM(out, want, len)) {
            fprintf(stderr, "  TLS 1.2 %s mode %d seed %zu label %zu secret %zu len %zu\n",
                    digest_name(hash), psk, seed_len, label_len, secret_len, len);
        }
    }
}

static void test_sp800_openssl(void)
{
    size_t t;
    for (t = 0; t < 150; t++) {
        psa_algorithm_t hash = all_hashes[test_rng_range(0, 4)];
        uint8_t key[150], label[60], context[60], out[400], want[400];
        size_t key_len = test_rng_range(1, sizeof(key));
        size_t label_len = test_rng_range(0, sizeof(label));
        size_t context_len = test_rng_range(0, sizeof(context));
        size_t len = test_rng_range(1, sizeof(out)), i;
        if (!test_hash_built(hash)) {
            continue;
        }
        test_rng_bytes(key, key_len);
        test_rng_bytes(label, label_len);
        test_rng_bytes(context, context_len);
        for (i = 0; i < label_len; i++) {
            label[i] = (uint8_t)(label[i] | 1u);   /* no 0x00 in a label */
        }
        ossl_kbkdf(hash, key, key_len, label, label_len, context, context_len, want, len);
        if (!CHECK_STATUS(sp800_psa(hash, key, key_len, label_len ? label : NULL, label_len,
                                    context_len ? context : NULL, context_len, len, out, len,
                                    test_rng_range(0, 80)), PSA_SUCCESS) ||
            !CHECK_MEM(out, want, len)) {
            fprintf(stderr, "  KBKDF %s key %zu label %zu context %zu len %zu\n",
                    digest_name(hash), key_len, label_len, context_len, len);
        }
    }
}

/* ---- keys ----------------------------------------------------------------- */

static psa_key_id_t import(psa_key_type_t type, psa_key_usage_t usage, psa_algorithm_t alg,
                           const uint8_t *data, size_t len)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, type);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_import_key(&attr, data, len, &id), PSA_SUCCESS);
    return id;
}

static const uint8_t pw_bytes[] = "correct horse battery staple";
static const uint8_t salt_a[] = "NaCl-", salt_b[] = "pepper!";
#define PBKDF2_ALG PSA_ALG_PBKDF2_HMAC(PSA_ALG_SHA_256)
#define PBKDF2_COST 1000u

/* PBKDF2 with the password as bytes or a key, the second salt piece as
 * bytes or a key; the first 64 bytes. */
static psa_status_t pbkdf2_keyed(psa_key_id_t pw_key, psa_key_id_t salt_key, uint8_t *out,
                                 psa_key_derivation_operation_t *keep)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_status_t status;
    CHECK_STATUS(psa_key_derivation_setup(&op, PBKDF2_ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_integer(&op, COST, PBKDF2_COST), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SALT, salt_a, 5), PSA_SUCCESS);
    status = salt_key != PSA_KEY_ID_NULL ? psa_key_derivation_input_key(&op, SALT, salt_key)
                                         : psa_key_derivation_input_bytes(&op, SALT, salt_b, 7);
    if (status == PSA_SUCCESS) {
        status = pw_key != PSA_KEY_ID_NULL
                     ? psa_key_derivation_input_key(&op, PASSWORD, pw_key)
                     : psa_key_derivation_input_bytes(&op, PASSWORD, pw_bytes, 28);
    }
    if (status == PSA_SUCCESS && out != NULL) {
        status = psa_key_derivation_output_bytes(&op, out, 64);
    }
    if (keep != NULL && status == PSA_SUCCESS) {
        *keep = op;
        return status;
    }
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    return status;
}

static void test_pbkdf2_keys(void)
{
    uint8_t ref[64], out[64], want[64], salt[12];
    psa_key_id_t k_pw, k_derive, k_pepper, k_raw, k_hmac, k_pw_raw;
    memcpy(salt, salt_a, 5);
    memcpy(salt + 5, salt_b, 7);
    CHECK(PKCS5_PBKDF2_HMAC((const char *)pw_bytes, 28, salt, 12, (int)PBKDF2_COST, EVP_sha256(),
                            64, want) == 1);
    CHECK_STATUS(pbkdf2_keyed(PSA_KEY_ID_NULL, PSA_KEY_ID_NULL, ref, NULL), PSA_SUCCESS);
    CHECK_MEM(ref, want, 64);

    k_pw = import(PSA_KEY_TYPE_PASSWORD, PSA_KEY_USAGE_DERIVE, PBKDF2_ALG, pw_bytes, 28);
    k_derive = import(PSA_KEY_TYPE_DERIVE, PSA_KEY_USAGE_DERIVE, PBKDF2_ALG, pw_bytes, 28);
    k_pepper = import(PSA_KEY_TYPE_PEPPER, PSA_KEY_USAGE_DERIVE, PBKDF2_ALG, salt_b, 7);
    k_raw = import(PSA_KEY_TYPE_RAW_DATA, PSA_KEY_USAGE_DERIVE, PBKDF2_ALG, salt_b, 7);
    k_hmac = import(PSA_KEY_TYPE_HMAC, PSA_KEY_USAGE_DERIVE, PBKDF2_ALG, pw_bytes, 28);
    k_pw_raw = import(PSA_KEY_TYPE_RAW_DATA, PSA_KEY_USAGE_DERIVE, PBKDF2_ALG, pw_bytes, 28);

    /* 10.6.1 compatible key types: DERIVE/PASSWORD for the password,
     * PEPPER/RAW_DATA for the salt. */
    CHECK_STATUS(pbkdf2_keyed(k_pw, k_pepper, out, NULL), PSA_SUCCESS);
    CHECK_MEM(out, ref, 64);
    CHECK_STATUS(pbkdf2_keyed(k_derive, k_raw, out, NULL), PSA_SUCCESS);
    CHECK_MEM(out, ref, 64);
    CHECK_STATUS(pbkdf2_keyed(k_pw, PSA_KEY_ID_NULL, out, NULL), PSA_SUCCESS);
    CHECK_MEM(out, ref, 64);
    CHECK_STATUS(pbkdf2_keyed(k_hmac, PSA_KEY_ID_NULL, out, NULL), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pbkdf2_keyed(k_pw_raw, PSA_KEY_ID_NULL, out, NULL), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pbkdf2_keyed(PSA_KEY_ID_NULL, k_pw, out, NULL), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pbkdf2_keyed(k_pepper, PSA_KEY_ID_NULL, out, NULL), PSA_ERROR_INVALID_ARGUMENT);

    psa_destroy_key(k_pw);
    psa_destroy_key(k_derive);
    psa_destroy_key(k_pepper);
    psa_destroy_key(k_raw);
    psa_destroy_key(k_hmac);
    psa_destroy_key(k_pw_raw);
}

/* A login check: store PBKDF2(password) as a PASSWORD_HASH key, then
 * verify candidate passwords against it without exporting it. */
static void test_password_verify(void)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t k_pw, k_hash = PSA_KEY_ID_NULL, k_other = PSA_KEY_ID_NULL;
    uint8_t ref[64], stored[32], exported[32];
    size_t exported_len = 0;

    CHECK_STATUS(pbkdf2_keyed(PSA_KEY_ID_NULL, PSA_KEY_ID_NULL, ref, NULL), PSA_SUCCESS);
    k_pw = import(PSA_KEY_TYPE_PASSWORD, PSA_KEY_USAGE_DERIVE, PBKDF2_ALG, pw_bytes, 28);

    /* output_key needs the PASSWORD from a key (10.6.3): bytes refused. */
    psa_set_key_type(&attr, PSA_KEY_TYPE_PASSWORD_HASH);
    psa_set_key_bits(&attr, 256);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_VERIFY_DERIVATION | PSA_KEY_USAGE_EXPORT);
    psa_set_key_algorithm(&attr, PBKDF2_ALG);
    CHECK_STATUS(pbkdf2_keyed(PSA_KEY_ID_NULL, PSA_KEY_ID_NULL, NULL, &op), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &k_other), PSA_ERROR_NOT_PERMITTED);
    CHECK(k_other == PSA_KEY_ID_NULL);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);

    CHECK_STATUS(pbkdf2_keyed(k_pw, PSA_KEY_ID_NULL, NULL, &op), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &k_hash), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(k_hash, exported, sizeof(exported), &exported_len), PSA_SUCCESS);
    CHECK(exported_len == 32);
    CHECK_MEM(exported, ref, 32);   /* the stored hash is the stream's first 32 bytes */
    memcpy(stored, ref, 32);

    /* Right password (bytes): verify_key and verify_bytes succeed. */
    CHECK_STATUS(pbkdf2_keyed(PSA_KEY_ID_NULL, PSA_KEY_ID_NULL, NULL, &op), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_verify_key(&op, k_hash), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(pbkdf2_keyed(PSA_KEY_ID_NULL, PSA_KEY_ID_NULL, NULL, &op), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_verify_bytes(&op, stored, 32), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);

    /* A wrong password: INVALID_SIGNATURE, then the error state. */
    {
        psa_key_derivation_operation_t bad = PSA_KEY_DERIVATION_OPERATION_INIT;
        CHECK_STATUS(psa_key_derivation_setup(&bad, PBKDF2_ALG), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_integer(&bad, COST, PBKDF2_COST), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&bad, SALT, salt_a, 5), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&bad, SALT, salt_b, 7), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&bad, PASSWORD, pw_bytes, 27), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_verify_key(&bad, k_hash), PSA_ERROR_INVALID_SIGNATURE);
        CHECK_STATUS(psa_key_derivation_verify_key(&bad, k_hash), PSA_ERROR_BAD_STATE);
        CHECK_STATUS(psa_key_derivation_abort(&bad), PSA_SUCCESS);
        /* Salt in another split: the same concatenation, the same hash. */
        CHECK_STATUS(psa_key_derivation_setup(&bad, PBKDF2_ALG), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_integer(&bad, COST, PBKDF2_COST), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&bad, SALT, (const uint8_t *)"NaCl-pe", 7),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&bad, SALT, (const uint8_t *)"pper!", 5),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&bad, PASSWORD, pw_bytes, 28), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_verify_key(&bad, k_hash), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_abort(&bad), PSA_SUCCESS);
        /* Another cost: a mismatch. */
        CHECK_STATUS(psa_key_derivation_setup(&bad, PBKDF2_ALG), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_integer(&bad, COST, PBKDF2_COST + 1), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&bad, SALT, salt_a, 0), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&bad, SALT, (const uint8_t *)"NaCl-pepper!",
                                                    12), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&bad, PASSWORD, pw_bytes, 28), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_verify_bytes(&bad, stored, 32),
                     PSA_ERROR_INVALID_SIGNATURE);
        CHECK_STATUS(psa_key_derivation_abort(&bad), PSA_SUCCESS);
    }
    psa_destroy_key(k_pw);
    psa_destroy_key(k_hash);
}

/* output_key(HMAC, 256 bits) of each algorithm with the secret as a key:
 * the key holds the stream's first 32 bytes. */
static void outkey_check(const char *what, psa_key_derivation_operation_t *op,
                         psa_algorithm_t alg, const uint8_t *ref)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t key = PSA_KEY_ID_NULL;
    uint8_t material[32], next[8];
    size_t len = 0;
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_bits(&attr, 256);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_EXPORT | PSA_KEY_USAGE_SIGN_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_HMAC(PSA_ALG_SHA_256));
    (void)alg;
    if (!CHECK_STATUS(psa_key_derivation_output_key(&attr, op, &key), PSA_SUCCESS)) {
        fprintf(stderr, "  output_key: %s\n", what);
        return;
    }
    CHECK_STATUS(psa_export_key(key, material, sizeof(material), &len), PSA_SUCCESS);
    CHECK(len == 32);
    CHECK_MEM(material, ref, 32);
    /* The stream continues after the key. */
    CHECK_STATUS(psa_key_derivation_output_bytes(op, next, sizeof(next)), PSA_SUCCESS);
    CHECK_MEM(next, ref + 32, sizeof(next));
    psa_destroy_key(key);
}

static void test_output_key(void)
{
    static const uint8_t secret[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    static const uint8_t seed[16] = {0x5e}, label[6] = "label", ctx[7] = "context";
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_algorithm_t prf = PSA_ALG_TLS12_PRF(PSA_ALG_SHA_256);
    psa_algorithm_t psk = PSA_ALG_TLS12_PSK_TO_MS(PSA_ALG_SHA_256);
    psa_algorithm_t kb = PSA_ALG_SP800_108_COUNTER_HMAC(PSA_ALG_SHA_256);
    uint8_t ref[64];
    psa_key_id_t k;

    /* PBKDF2: a PASSWORD key. */
    k = import(PSA_KEY_TYPE_PASSWORD, PSA_KEY_USAGE_DERIVE, PBKDF2_ALG, pw_bytes, 28);
    CHECK_STATUS(pbkdf2_keyed(PSA_KEY_ID_NULL, PSA_KEY_ID_NULL, ref, NULL), PSA_SUCCESS);
    CHECK_STATUS(pbkdf2_keyed(k, PSA_KEY_ID_NULL, NULL, &op), PSA_SUCCESS);
    outkey_check("PBKDF2", &op, PBKDF2_ALG, ref);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    psa_destroy_key(k);

    /* TLS 1.2 PRF: a DERIVE secret. */
    k = import(PSA_KEY_TYPE_DERIVE, PSA_KEY_USAGE_DERIVE, prf, secret, 32);
    CHECK_STATUS(tls12_psa(prf, seed, 16, NULL, 0, secret, 32, label, 5, ref, 64, 0),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_setup(&op, prf), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SEED, seed, 16), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, k), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, LABEL, label, 5), PSA_SUCCESS);
    outkey_check("TLS12_PRF", &op, prf, ref);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    psa_destroy_key(k);

    /* PSK_TO_MS: a DERIVE PSK and a DERIVE other secret. */
    k = import(PSA_KEY_TYPE_DERIVE, PSA_KEY_USAGE_DERIVE, psk, secret, 32);
    CHECK_STATUS(tls12_psa(psk, seed, 16, secret + 4, 20, secret, 32, label, 5, ref, 64, 0),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_setup(&op, psk), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SEED, seed, 16), PSA_SUCCESS);
    {
        psa_key_id_t ko = import(PSA_KEY_TYPE_DERIVE, PSA_KEY_USAGE_DERIVE, psk, secret + 4, 20);
        CHECK_STATUS(psa_key_derivation_input_key(&op, OTHER, ko), PSA_SUCCESS);
        psa_destroy_key(ko);
    }
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, k), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, LABEL, label, 5), PSA_SUCCESS);
    outkey_check("TLS12_PSK_TO_MS", &op, psk, ref);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    psa_destroy_key(k);

    /* SP 800-108: an HMAC key (and a DERIVE one), L = 8 * 64. */
    CHECK_STATUS(sp800_psa(PSA_ALG_SHA_256, secret, 32, label, 5, ctx, 7, 64, ref, 64, 0),
                 PSA_SUCCESS);
    {
        psa_key_type_t types[2] = {PSA_KEY_TYPE_HMAC, PSA_KEY_TYPE_DERIVE};
        size_t i;
        for (i = 0; i < 2; i++) {
            k = import(types[i], PSA_KEY_USAGE_DERIVE, kb, secret, 32);
            CHECK_STATUS(psa_key_derivation_setup(&op, kb), PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_set_capacity(&op, 64), PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, k), PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_input_bytes(&op, LABEL, label, 5), PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_input_bytes(&op, CONTEXT, ctx, 7), PSA_SUCCESS);
            outkey_check("SP800_108", &op, kb, ref);
            CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
            psa_destroy_key(k);
        }
        /* A PASSWORD key is no SP 800-108 secret. */
        k = import(PSA_KEY_TYPE_PASSWORD, PSA_KEY_USAGE_DERIVE, kb, secret, 32);
        CHECK_STATUS(psa_key_derivation_setup(&op, kb), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, k), PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        psa_destroy_key(k);
    }
    /* An HMAC key is no TLS 1.2 secret. */
    k = import(PSA_KEY_TYPE_HMAC, PSA_KEY_USAGE_DERIVE, prf, secret, 32);
    CHECK_STATUS(psa_key_derivation_setup(&op, prf), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SEED, seed, 16), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, k), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    psa_destroy_key(k);
}

/* ECDH + PSK_TO_MS: the agreement is the OTHER_SECRET (10.6.1). */
static void test_ecdh_psk(void)
{
#if PSA_WANT_ALG_ECDH && PSA_WANT_ECC_MONTGOMERY_255
    psa_algorithm_t psk = PSA_ALG_TLS12_PSK_TO_MS(PSA_ALG_SHA_256);
    psa_algorithm_t alg = PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH, psk);
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_key_id_t mine = PSA_KEY_ID_NULL, peer = PSA_KEY_ID_NULL;
    uint8_t peer_pub[32], shared[32], out[48], want[48];
    static const uint8_t seed[64] = {1, 2, 3}, key[16] = {0x42};
    size_t len = 0;
    psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY));
    psa_set_key_bits(&attr, 255);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_DERIVE);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_generate_key(&attr, &mine), PSA_SUCCESS);
    psa_set_key_algorithm(&attr, PSA_ALG_ECDH);
    CHECK_STATUS(psa_generate_key(&attr, &peer), PSA_SUCCESS);
    CHECK_STATUS(psa_export_public_key(peer, peer_pub, sizeof(peer_pub), &len), PSA_SUCCESS);
    {
        uint8_t mine_pub[32];
        size_t n = 0;
        CHECK_STATUS(psa_export_public_key(mine, mine_pub, sizeof(mine_pub), &n), PSA_SUCCESS);
        CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, peer, mine_pub, n, shared,
                                           sizeof(shared), &n), PSA_SUCCESS);
        CHECK(n == 32);
    }
    CHECK_STATUS(tls12_psa(psk, seed, 64, shared, 32, key, 16,
                           (const uint8_t *)"master secret", 13, want, 48, 0), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_setup(&op, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SEED, seed, 64), PSA_SUCCESS);
    /* Bytes for the agreement's step: INVALID_ARGUMENT (10.9.1). */
    {
        psa_key_derivation_operation_t op2 = op;
        CHECK_STATUS(psa_key_derivation_input_bytes(&op2, OTHER, shared, 32),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(psa_key_derivation_abort(&op2), PSA_SUCCESS);
    }
    CHECK_STATUS(psa_key_derivation_key_agreement(&op, OTHER, mine, peer_pub, len), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SECRET, key, 16), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, LABEL, (const uint8_t *)"master secret", 13),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 48), PSA_SUCCESS);
    CHECK_MEM(out, want, 48);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    psa_destroy_key(mine);
    psa_destroy_key(peer);
#endif
}

/* ---- statuses ------------------------------------------------------------- */

static void test_statuses(void)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    uint8_t buf[PICOPSA_KDF_MAX_INPUT_BYTES + 2], out[16];
    size_t cap = 0;
    memset(buf, 0x61, sizeof(buf));

    /* Initial capacities. */
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_TLS12_PRF(PSA_ALG_SHA_256)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap), PSA_SUCCESS);
    CHECK(cap == 255u * 32u);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_SP800_108_COUNTER_HMAC(PSA_ALG_SHA_256)),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap), PSA_SUCCESS);
    CHECK(cap == 0x1FFFFFFFu);   /* 10.6.1: 2^29 - 1 */
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_setup(&op, PBKDF2_ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap), PSA_SUCCESS);
    CHECK(cap == (SIZE_MAX / 32u >= 0xFFFFFFFFu ? (size_t)0xFFFFFFFFu * 32u : SIZE_MAX));

    /* COST: as bytes INVALID_ARGUMENT; 0 INVALID_ARGUMENT; > max NOT_SUPPORTED. */
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, COST, buf, 4), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_setup(&op, PBKDF2_ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_integer(&op, COST, 0), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_key_derivation_input_integer(&op, COST, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_setup(&op, PBKDF2_ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_integer(&op, COST, (uint64_t)PICOPSA_PBKDF2_MAX_COST + 1),
                 PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    /* An integer for the salt; a salt over the kept-input limit. */
    CHECK_STATUS(psa_key_derivation_setup(&op, PBKDF2_ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_integer(&op, SALT, 7), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_setup(&op, PBKDF2_ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_integer(&op, COST, 2), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SALT, buf, PICOPSA_KDF_MAX_INPUT_BYTES - 1),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SALT, buf, 1), PSA_SUCCESS);   /* full */
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SALT, buf, 1),
                 PSA_ERROR_INSUFFICIENT_MEMORY);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    /* ECDH | PBKDF2: the stretching bit lands in the agreement's field, so
     * it is no agreement + KDF algorithm. */
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH, PBKDF2_ALG)),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* The TLS PRF with SHA-1 / SHA-512: NOT_SUPPORTED. */
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_TLS12_PRF(PSA_ALG_SHA_1)),
                 PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_TLS12_PSK_TO_MS(PSA_ALG_SHA_512)),
                 PSA_ERROR_NOT_SUPPORTED);

    /* PSK_TO_MS: a PSK of PSA_TLS12_PSK_TO_MS_PSK_MAX_SIZE bytes, one more. */
    {
        uint8_t psk[PSA_TLS12_PSK_TO_MS_PSK_MAX_SIZE + 1];
        memset(psk, 0x33, sizeof(psk));
        CHECK_STATUS(tls12_psa(PSA_ALG_TLS12_PSK_TO_MS(PSA_ALG_SHA_256), buf, 32, NULL, 0, psk,
                               sizeof(psk) - 1, buf, 13, out, 16, 0), PSA_SUCCESS);
        CHECK_STATUS(tls12_psa(PSA_ALG_TLS12_PSK_TO_MS(PSA_ALG_SHA_256), buf, 32, NULL, 0, psk,
                               sizeof(psk), buf, 13, out, 16, 0), PSA_ERROR_INVALID_ARGUMENT);
    }
    /* TLS: seed + label over the limit; seed alone over it. */
    CHECK_STATUS(tls12_psa(PSA_ALG_TLS12_PRF(PSA_ALG_SHA_256), buf, PICOPSA_KDF_MAX_INPUT_BYTES - 5,
                           NULL, 0, buf, 8, buf, 5, out, 16, 0), PSA_SUCCESS);
    CHECK_STATUS(tls12_psa(PSA_ALG_TLS12_PRF(PSA_ALG_SHA_256), buf, PICOPSA_KDF_MAX_INPUT_BYTES - 5,
                           NULL, 0, buf, 8, buf, 6, out, 16, 0), PSA_ERROR_INSUFFICIENT_MEMORY);
    CHECK_STATUS(tls12_psa(PSA_ALG_TLS12_PRF(PSA_ALG_SHA_256), buf, PICOPSA_KDF_MAX_INPUT_BYTES + 1,
                           NULL, 0, buf, 8, buf, 0, out, 16, 0), PSA_ERROR_INSUFFICIENT_MEMORY);
    /* The other secret is dropped once the PSK is in: seed + other + label
     * over the limit, seed + label within it. */
    CHECK_STATUS(tls12_psa(PSA_ALG_TLS12_PSK_TO_MS(PSA_ALG_SHA_256), buf, 64, buf, 60, buf, 16,
                           buf, PICOPSA_KDF_MAX_INPUT_BYTES - 64, out, 16, 0), PSA_SUCCESS);

    /* SP 800-108: a label with 0x00; set_capacity after the first output
     * (L fixed) is BAD_STATE; before it, fine. */
    CHECK_STATUS(sp800_psa(PSA_ALG_SHA_256, buf, 16, (const uint8_t *)"a\0b", 3, NULL, 0, 16,
                           out, 16, 0), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(sp800_psa(PSA_ALG_SHA_256, buf, 16, buf, 64, buf, PICOPSA_KDF_MAX_INPUT_BYTES - 63,
                           16, out, 16, 0), PSA_ERROR_INSUFFICIENT_MEMORY);
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_SP800_108_COUNTER_HMAC(PSA_ALG_SHA_256)),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SECRET, buf, 16), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_set_capacity(&op, 100), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 16), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap), PSA_SUCCESS);
    CHECK(cap == 84);
    CHECK_STATUS(psa_key_derivation_set_capacity(&op, 50), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    {
        /* L = 8 * capacity at the first output: 100 bytes in two parts
         * equal the first 100 bytes of an L = 800 derivation, and differ
         * from the same bytes with L = 8 * 200. */
        uint8_t a[100], b[100], c[100];
        CHECK_STATUS(sp800_psa(PSA_ALG_SHA_256, buf, 16, NULL, 0, NULL, 0, 100, a, 100, 33),
                     PSA_SUCCESS);
        ossl_kbkdf(PSA_ALG_SHA_256, buf, 16, NULL, 0, NULL, 0, b, 100);
        CHECK_MEM(a, b, 100);
        CHECK_STATUS(sp800_psa(PSA_ALG_SHA_256, buf, 16, NULL, 0, NULL, 0, 200, c, 100, 0),
                     PSA_SUCCESS);
        CHECK(memcmp(a, c, 100) != 0);
    }
}

int main(void)
{
    test_rng_seed(0x6b646670u);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_pbkdf2_known();
    test_tls12_known();
    test_sp800_known();
    test_pbkdf2_openssl();
    test_tls12_openssl();
    test_sp800_openssl();
    test_pbkdf2_keys();
    test_password_verify();
    test_output_key();
    test_ecdh_psk();
    test_statuses();
    return test_report("kdf_psa");
}
#endif
