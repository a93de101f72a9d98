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

/* OpenSSL's name of each hash of all_hashes[], same order. */
static const char *const hash_names[] = {"SHA1", "SHA224", "SHA256", "SHA384", "SHA512"};

static const char *digest_name(psa_algorithm_t hash)
{
    size_t i = 0;
    while (i + 1 < sizeof(all_hashes) / sizeof(all_hashes[0]) && all_hashes[i] != hash) {
        i++;
    }
    return hash_names[i];
}

/* ---- running a derivation through the API ------------------------------- */

/* One input of a derivation: bytes (data may be NULL with len 0), or the
 * integer `value` for COST. SALT is split at random cuts into 1..3
 * input_bytes calls (10.6.1: the pieces are concatenated). */
typedef struct {
    psa_key_derivation_step_t step;
    const uint8_t *data;
    size_t len;
    uint64_t value;
} kin;

static psa_status_t give(psa_key_derivation_operation_t *op, const kin *in)
{
    size_t pieces, done = 0, i;
    psa_status_t status = PSA_SUCCESS;
    if (in->step == COST) {
        return psa_key_derivation_input_integer(op, COST, in->value);
    }
    pieces = in->step == SALT ? test_rng_range(1, 3) : 1;
    for (i = 0; i < pieces && status == PSA_SUCCESS; i++) {
        size_t n = i + 1 == pieces ? in->len - done : test_rng_range(0, in->len - done);
        status = psa_key_derivation_input_bytes(op, in->step, in->data + done, n);
        done += n;
    }
    return status;
}

/* setup(alg), set_capacity(cap) unless 0, the inputs in order, then len
 * bytes in pieces of 1..max_chunk (0: one call); the first error. */
static psa_status_t derive(psa_algorithm_t alg, size_t cap, const kin *in, size_t n_in,
                           uint8_t *out, size_t len, size_t max_chunk)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_status_t status = psa_key_derivation_setup(&op, alg);
    size_t i, done = 0;
    if (status == PSA_SUCCESS && cap != 0) {
        status = psa_key_derivation_set_capacity(&op, cap);
    }
    for (i = 0; i < n_in && status == PSA_SUCCESS; i++) {
        status = give(&op, &in[i]);
    }
    while (status == PSA_SUCCESS && done < len) {
        size_t n = max_chunk == 0 ? len - done : test_rng_range(1, max_chunk);
        n = n < len - done ? n : len - done;
        status = psa_key_derivation_output_bytes(&op, out + done, n);
        done += n;
    }
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    return status;
}

static psa_status_t pbkdf2_psa(psa_algorithm_t hash, const uint8_t *pw, size_t pw_len,
                               const uint8_t *salt, size_t salt_len, uint64_t cost, uint8_t *out,
                               size_t len, size_t max_chunk)
{
    kin in[3];
    in[0].step = COST;
    in[0].value = cost;
    in[1].step = SALT;
    in[1].data = salt;
    in[1].len = salt_len;
    in[2].step = PASSWORD;
    in[2].data = pw;
    in[2].len = pw_len;
    return derive(PSA_ALG_PBKDF2_HMAC(hash), 0, in, 3, out, len, max_chunk);
}

/* PRF or PSK_TO_MS (other == NULL: no OTHER_SECRET step). */
static psa_status_t tls12_psa(psa_algorithm_t alg, const uint8_t *seed, size_t seed_len,
                              const uint8_t *other, size_t other_len, const uint8_t *secret,
                              size_t secret_len, const uint8_t *label, size_t label_len,
                              uint8_t *out, size_t len, size_t max_chunk)
{
    kin in[4];
    size_t n = 0;
    memset(in, 0, sizeof(in));
    in[n].step = SEED;
    in[n].data = seed;
    in[n++].len = seed_len;
    if (other != NULL) {
        in[n].step = OTHER;
        in[n].data = other;
        in[n++].len = other_len;
    }
    in[n].step = SECRET;
    in[n].data = secret;
    in[n++].len = secret_len;
    in[n].step = LABEL;
    in[n].data = label;
    in[n++].len = label_len;
    return derive(alg, 0, in, n, out, len, max_chunk);
}

/* SP 800-108 with capacity cap (L = 8 * cap); label/context NULL: step
 * left out. */
static psa_status_t sp800_psa(psa_algorithm_t hash, const uint8_t *key, size_t key_len,
                              const uint8_t *label, size_t label_len, const uint8_t *context,
                              size_t context_len, size_t cap, uint8_t *out, size_t len,
                              size_t max_chunk)
{
    kin in[3];
    size_t n = 0;
    memset(in, 0, sizeof(in));
    in[n].step = SECRET;
    in[n].data = key;
    in[n++].len = key_len;
    if (label != NULL) {
        in[n].step = LABEL;
        in[n].data = label;
        in[n++].len = label_len;
    }
    if (context != NULL) {
        in[n].step = CONTEXT;
        in[n].data = context;
        in[n++].len = context_len;
    }
    return derive(PSA_ALG_SP800_108_COUNTER_HMAC(hash), cap, in, n, out, len, max_chunk);
}

/* ---- OpenSSL ------------------------------------------------------------ */

static const EVP_MD *md_of(psa_algorithm_t hash)
{
    return EVP_get_digestbyname(digest_name(hash));
}

/* EVP_KDF `name` over a list of parameters: octet strings, or with
 * len == SIZE_MAX a UTF-8 string. */
typedef struct {
    const char *key;
    const void *value;
    size_t len;
} oparam;

static void ossl_kdf(const char *name, const oparam *op, size_t n, uint8_t *out, size_t len)
{
    OSSL_PARAM params[8];
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, name, NULL);
    EVP_KDF_CTX *kctx = kdf != NULL ? EVP_KDF_CTX_new(kdf) : NULL;
    size_t i;
    for (i = 0; i < n; i++) {
        params[i] = op[i].len == SIZE_MAX
                        ? OSSL_PARAM_construct_utf8_string(op[i].key, (char *)op[i].value, 0)
                        : OSSL_PARAM_construct_octet_string(op[i].key, (void *)op[i].value,
                                                            op[i].len);
    }
    params[n] = OSSL_PARAM_construct_end();
    CHECK(kctx != NULL && EVP_KDF_derive(kctx, out, len, params) == 1);
    EVP_KDF_CTX_free(kctx);
    EVP_KDF_free(kdf);
}

/* TLS1-PRF: repeated seed parameters are concatenated, label || seed
 * (RFC 5246 5). */
static void ossl_tls1_prf(psa_algorithm_t hash, const uint8_t *secret, size_t secret_len,
                          const uint8_t *label, size_t label_len, const uint8_t *seed,
                          size_t seed_len, uint8_t *out, size_t len)
{
    oparam p[4] = {{OSSL_KDF_PARAM_DIGEST, NULL, SIZE_MAX}, {OSSL_KDF_PARAM_SECRET, NULL, 0},
                   {OSSL_KDF_PARAM_SEED, NULL, 0}, {OSSL_KDF_PARAM_SEED, NULL, 0}};
    p[0].value = digest_name(hash);
    p[1].value = secret;
    p[1].len = secret_len;
    p[2].value = label;
    p[2].len = label_len;
    p[3].value = seed;
    p[3].len = seed_len;
    ossl_kdf("TLS1-PRF", p, 4, out, len);
}

/* KBKDF, counter mode with HMAC: its "salt" is the Label, its "info" the
 * Context; L = 8 * len, the 0x00 separator and r = 32 are its defaults.
 * Empty label/context: left out. */
static void ossl_kbkdf(psa_algorithm_t hash, const uint8_t *key, size_t key_len,
                       const uint8_t *label, size_t label_len, const uint8_t *context,
                       size_t context_len, uint8_t *out, size_t len)
{
    oparam p[6] = {{OSSL_KDF_PARAM_MODE, "counter", SIZE_MAX},
                   {OSSL_KDF_PARAM_MAC, "HMAC", SIZE_MAX},
                   {OSSL_KDF_PARAM_DIGEST, NULL, SIZE_MAX},
                   {OSSL_KDF_PARAM_KEY, NULL, 0},
                   {OSSL_KDF_PARAM_SALT, NULL, 0},
                   {OSSL_KDF_PARAM_INFO, NULL, 0}};
    size_t n = 4;
    p[2].value = digest_name(hash);
    p[3].value = key;
    p[3].len = key_len;
    if (label_len != 0) {
        p[n].value = label;
        p[n++].len = label_len;
    }
    if (context_len != 0) {
        p[n] = p[5];
        p[n].value = context;
        p[n++].len = context_len;
    }
    ossl_kdf("KBKDF", p, n, out, len);
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

/* One table for the three families. PBKDF2: a = password, b = salt, c
 * unused; TLS12_PRF: a = secret (hex), b = seed (hex), c = label; SP
 * 800-108: a = key (hex), b = label, c = context. Text fields carry
 * their length (the RFC 6070 strings hold NUL bytes). */
typedef struct {
    const char *src;
    psa_algorithm_t alg;
    uint32_t cost;
    const char *a, *b, *c;
    size_t a_len, b_len;
    const char *want;
} kat;

#define SP_KEY1 "0102030405060708090a0b0c0d0e0d0f0102030405060708090a0b0c0d0e0d0f"
#define SP_KEY32 "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20"
#define SP_LABEL1 "PSA_ALG_SP800_108_COUNTER Sample"
#define SP_CONTEXT1 "Sample key creation via SP 800-108r1 Counter mode"
#define SP256 PSA_ALG_SP800_108_COUNTER_HMAC(PSA_ALG_SHA_256)

static const kat KATS[] = {
    {"RFC 6070 #1", PSA_ALG_PBKDF2_HMAC(PSA_ALG_SHA_1), 1, "password", "salt", NULL, 8, 4,
     "0c60c80f961f0e71f3a9b524af6012062fe037a6"},
    {"RFC 6070 #2", PSA_ALG_PBKDF2_HMAC(PSA_ALG_SHA_1), 2, "password", "salt", NULL, 8, 4,
     "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957"},
    {"RFC 6070 #3", PSA_ALG_PBKDF2_HMAC(PSA_ALG_SHA_1), 4096, "password", "salt", NULL, 8, 4,
     "4b007901b765489abead49d926f721d065a429c1"},
    {"RFC 6070 #5", PSA_ALG_PBKDF2_HMAC(PSA_ALG_SHA_1), 4096, "passwordPASSWORDpassword",
     "saltSALTsaltSALTsaltSALTsaltSALTsalt", NULL, 24, 36,
     "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038"},
    {"RFC 6070 #6", PSA_ALG_PBKDF2_HMAC(PSA_ALG_SHA_1), 4096, "pass\0word", "sa\0lt", NULL, 9, 5,
     "56fa6aa75548099dcc37d7f03425e0c3"},
    {"RFC 7914 11 #1", PSA_ALG_PBKDF2_HMAC(PSA_ALG_SHA_256), 1, "passwd", "salt", NULL, 6, 4,
     "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645"
     "991664b39d77ef317c71b845b1e30bd509112041d3a19783"},
    {"RFC 7914 11 #2", PSA_ALG_PBKDF2_HMAC(PSA_ALG_SHA_256), 80000, "Password", "NaCl", NULL, 8,
     4,
     "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a122583354"
     "9adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"},
    /* The P_SHA256 / P_SHA384 "test label" vectors (IETF TLS list, 2009). */
    {"P_SHA256 test label", PSA_ALG_TLS12_PRF(PSA_ALG_SHA_256), 0,
     "9bbe436ba940f017b17652849a71db35", "a0ba9f936cda311827a6f796ffd5198c", "test label", 0, 0,
     "e3f229ba727be17b8d122620557cd453c2aab21d07c3d495329b52d4e61edb5a6b301791e90d35c9"
     "c9a46b4e14baf9af0fa022f7077def17abfd3797c0564bab4fbc91666e9def9b97fce34f796789ba"
     "a48082d122ee42c5a72e5a5110fff70187347b66"},
    {"P_SHA384 test label", PSA_ALG_TLS12_PRF(PSA_ALG_SHA_384), 0,
     "b80b733d6ceefcdc71566ea48e5567df", "cd665cf6a8447dd6ff8b27555edb7465", "test label", 0, 0,
     "7b0c18e9ced410ed1804f2cfa34a336a1c14dffb4900bb5fd7942107e81c83cde9ca0faa60be9fe3"
     "4f82b1233c9146a0e534cb400fed2700884f9dc236f80edd8bfa961144c9e8d792eca722a7b32fc3"
     "d416d473ebc2c5fd4abfdad05d9184259b5bf8cd4d90fa0d31e2dec479e4f1a26066f2eea9a69236"
     "a3e52655c9e9aee691c8f3a26854308d5eaa3be85e0990703d73e56f"},
    /* Mbed TLS examples/crypto/SP800-108_counter_KDF, Oberon PSA Crypto. */
    {"Mbed TLS SP 800-108 #1", SP256, 0, SP_KEY1, SP_LABEL1, SP_CONTEXT1, 0, 0,
     "8158cd6ae750690c2054be1066d2d8f34ab014d07f814cbc7d3e3dca78a93f5d6629b114b42a0464a489"},
    {"Mbed TLS SP 800-108 #2", SP256, 0, SP_KEY1, SP_LABEL1, "", 0, 0,
     "2fe05bd422004fa19a48cd8c9bd2ca8d3987ea6c5abcd5543aedeb04e2b7000cb6eb18c33a3d8967a7d6"},
    {"Oberon SP 800-108 #1", SP256, 0, SP_KEY32, "", "", 0, 0,
     "f8b724820df0efea81c252b67a8860b644d3c37b9fce782458214f14c661c00a"},
    {"Oberon SP 800-108 #2", SP256, 0, SP_KEY32, "label", "", 0, 0,
     "1ee4549b549c799b2e9c6e4081c3028c03eb730845b179f1c9ce13e0c96b53f7"},
    {"Oberon SP 800-108 #3", SP256, 0, SP_KEY32, "", "context", 0, 0,
     "3d04c0286189c8bd183d434de3c317c0ae8ca51cf6f77c8bacecd070f61529fe"},
    {"Oberon SP 800-108 #4", SP256, 0, SP_KEY32, "label", "context", 0, 0,
     "86f3aa9a5a7602713f37996c288bc27ba197d5a78957ddc9640443692fb04134"},
};

static psa_status_t run_kat(const kat *k, uint8_t *out, size_t len, size_t chunk)
{
    uint8_t a[32], b[32];
    psa_algorithm_t hash = PSA_ALG_CATEGORY_HASH | (k->alg & PSA_ALG_HASH_MASK);
    size_t cl;
    if (PSA_ALG_IS_PBKDF2_HMAC(k->alg)) {
        return pbkdf2_psa(hash, (const uint8_t *)k->a, k->a_len, (const uint8_t *)k->b,
                          k->b_len, k->cost, out, len, chunk);
    }
    if (PSA_ALG_IS_TLS12_PRF(k->alg)) {
        CHECK(test_hex_to(k->a, a, sizeof(a)) == 16 && test_hex_to(k->b, b, sizeof(b)) == 16);
        return tls12_psa(k->alg, b, 16, NULL, 0, a, 16, (const uint8_t *)k->c, strlen(k->c),
                         out, len, chunk);
    }
    /* SP 800-108: L = 8 * len through the capacity; an empty label or
     * context is the same as none (10.6.1), so give it or not at random. */
    CHECK(test_hex_to(k->a, a, sizeof(a)) == 32);
    cl = strlen(k->c);
    return sp800_psa(hash, a, 32,
                     strlen(k->b) != 0 || test_rng_range(0, 1) ? (const uint8_t *)k->b : NULL,
                     strlen(k->b), cl != 0 || test_rng_range(0, 1) ? (const uint8_t *)k->c : NULL,
                     cl, len, out, len, chunk);
}

static void test_known(void)
{
    size_t i, chunk;
    for (i = 0; i < sizeof(KATS) / sizeof(KATS[0]); i++) {
        uint8_t want[160], out[160];
        size_t len = test_hex_to(KATS[i].want, want, sizeof(want));
        CHECK(len == strlen(KATS[i].want) / 2);
        if (!test_hash_built(PSA_ALG_CATEGORY_HASH | (KATS[i].alg & PSA_ALG_HASH_MASK))) {
            continue;
        }
        /* One call, then pieces of up to 17 and 50 bytes. */
        for (chunk = 0; chunk <= 50; chunk += chunk == 0 ? 17 : 33) {
            memset(out, 0, sizeof(out));
            if (!CHECK_STATUS(run_kat(&KATS[i], out, len, chunk), PSA_SUCCESS) ||
                !CHECK_MEM(out, want, len)) {
                fprintf(stderr, "  %s, pieces of up to %zu\n", KATS[i].src, chunk);
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

/* A key of this type and policy holding data (PSA_KEY_ID_NULL, and a
 * failed check, if the import fails). */
static psa_key_id_t import(psa_key_type_t type, psa_key_usage_t usage, psa_algorithm_t alg,
                           const uint8_t *data, size_t len)
{
    psa_key_attributes_t attr = psa_key_attributes_init();
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    psa_set_key_type(&attr, type);
    return CHECK_STATUS(psa_import_key(&attr, data, len, &id), PSA_SUCCESS) ? id
                                                                            : PSA_KEY_ID_NULL;
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
    test_known();
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
