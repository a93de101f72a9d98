/*
 * test_pbkdf2_cmac.c -- PSA_ALG_PBKDF2_AES_CMAC_PRF_128 (PSA Crypto API
 * 1.2 10.6.1: PBKDF2, RFC 8018 5.2, over AES-CMAC-PRF-128, RFC 4615),
 * src/kdf/pbkdf2_cmac.h and through the PSA API:
 *  - the PRF alone: RFC 4615 section 4 (keys of 18, 16 and 10 bytes);
 *  - PBKDF2 known answers of tests/data/kdf/pbkdf2_aes_cmac_kat.py
 *    (Python `cryptography` CMAC, independent of picopsa; the RFC 6070
 *    inputs, a 16-byte password, an empty one), the password as bytes and
 *    as a PASSWORD key, the salt in one piece and in several, the output
 *    in pieces; a PASSWORD_HASH key from output_key checked by
 *    verify_key, a wrong password refused;
 *  - the same formula with OpenSSL's EVP_MAC CMAC on random inputs;
 *  - statuses: COST 0 (INVALID_ARGUMENT), the initial capacity
 *    (2^32 - 1) * 16, output before setup (primitive: BAD_STATE).
 */
#include <psa/crypto.h>

#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "test_util.h"

#if !PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128
int main(void)
{
    return test_skip("pbkdf2_cmac", "PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128 configured out");
}
#else

#include "kdf/pbkdf2_cmac.h"

#define ALG PSA_ALG_PBKDF2_AES_CMAC_PRF_128

/* tests/data/kdf/pbkdf2_aes_cmac_kat.py: password, salt, c, output. */
static const struct {
    const char *password, *salt;
    unsigned c;
    const char *out;
} KAT[] = {
    {"70617373776f7264", "73616c74", 1, "1b72f6419173a06e27777606a315876e"},
    {"70617373776f7264", "73616c74", 2, "160597e28021fb3dd9cf088b007b688360fed438"},
    {"70617373776f7264", "73616c74", 4096,
     "38ba9795fe87e47d519eacb77e82e35daa795870859b57a82f35ce03f8ac43b2"},
    {"70617373776f726450415353574f524470617373776f7264",
     "73616c7453414c5473616c7453414c5473616c7453414c5473616c7453414c5473616c74", 4096,
     "25e7c43283d2e98cb6d9537a783e93153a45595a876779e00de518dab9d1bf5653a4a90eef437420"},
    {"7061737300776f7264", "7361006c74", 4096, "3d2828c5a437d781e7733ca353c40579"},
    {"000102030405060708090a0b0c0d0e0f",
     "612031362d627974652070617373776f72643a204b203d2050", 100,
     "1bcffd0f509f5e61600eec8088494ed8f0bb27ae4866d13928598425c1d2d8e728"},
    {"", "", 3, "d459ea8c28d64a75c396853c72e5196a44"},
};
#define N_KAT (sizeof(KAT) / sizeof(KAT[0]))

static void test_rfc4615(void)
{
    /* RFC 4615 section 4, M = 00 01 .. 13 */
    static const char *const v[3][2] = {
        {"000102030405060708090a0b0c0d0e0fedcb", "84a348a4a45d235babfffc0d2b4da09a"},
        {"000102030405060708090a0b0c0d0e0f", "980ae87b5f4c9c5214f5b6a8455e4c2d"},
        {"00010203040506070809", "290d9e112edb09ee141fcf64c0b72f3d"}};
    uint8_t msg[20], key[18], want[16], out[16];
    size_t i;
    for (i = 0; i < sizeof(msg); i++) {
        msg[i] = (uint8_t)i;
    }
    for (i = 0; i < 3; i++) {
        size_t key_len = test_hex_to(v[i][0], key, sizeof(key));
        CHECK(test_hex_to(v[i][1], want, sizeof(want)) == 16);
        pp_aes_cmac_prf_128(key, key_len, msg, sizeof(msg), out);
        CHECK_MEM(out, want, 16);
    }
}

static psa_key_id_t import(psa_key_type_t type, psa_key_usage_t usage, const uint8_t *data,
                           size_t len)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, type);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, ALG);
    CHECK_STATUS(psa_import_key(&attr, data, len, &id), PSA_SUCCESS);
    return id;
}

/* COST, the salt in `pieces` parts, the password (bytes, or key when
 * not NULL). */
static psa_status_t inputs(psa_key_derivation_operation_t *op, const uint8_t *pw, size_t pw_len,
                           psa_key_id_t key, const uint8_t *salt, size_t salt_len, unsigned c,
                           size_t pieces)
{
    size_t done = 0, k;
    psa_status_t st = psa_key_derivation_setup(op, ALG);
    if (st == PSA_SUCCESS) {
        st = psa_key_derivation_input_integer(op, PSA_KEY_DERIVATION_INPUT_COST, c);
    }
    for (k = 0; st == PSA_SUCCESS && k < pieces; k++) {
        size_t n = k + 1 == pieces ? salt_len - done : (salt_len - done) / 2;
        st = psa_key_derivation_input_bytes(op, PSA_KEY_DERIVATION_INPUT_SALT, salt + done, n);
        done += n;
    }
    if (st == PSA_SUCCESS) {
        st = key != PSA_KEY_ID_NULL
                 ? psa_key_derivation_input_key(op, PSA_KEY_DERIVATION_INPUT_PASSWORD, key)
                 : psa_key_derivation_input_bytes(op, PSA_KEY_DERIVATION_INPUT_PASSWORD, pw,
                                                  pw_len);
    }
    return st;
}

static void test_known(void)
{
    size_t i;
    for (i = 0; i < N_KAT; i++) {
        uint8_t pw[32], salt[64], want[64], out[64];
        size_t pw_len = test_hex_to(KAT[i].password, pw, sizeof(pw));
        size_t salt_len = test_hex_to(KAT[i].salt, salt, sizeof(salt));
        size_t len = test_hex_to(KAT[i].out, want, sizeof(want));
        psa_key_id_t key = pw_len != 0 ? import(PSA_KEY_TYPE_PASSWORD, PSA_KEY_USAGE_DERIVE, pw,
                                                pw_len)
                                       : PSA_KEY_ID_NULL;
        size_t variant;
        for (variant = 0; variant < 3; variant++) {
            psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
            size_t done = 0;
            memset(out, 0, sizeof(out));
            CHECK_STATUS(inputs(&op, pw, pw_len, variant == 1 ? key : PSA_KEY_ID_NULL, salt,
                                salt_len, KAT[i].c, variant + 1), PSA_SUCCESS);
            while (done < len) {
                size_t n = variant == 0 ? len : test_rng_range(1, len - done);
                CHECK_STATUS(psa_key_derivation_output_bytes(&op, out + done, n), PSA_SUCCESS);
                done += n;
            }
            if (!CHECK_MEM(out, want, len)) {
                fprintf(stderr, "  KAT %zu variant %zu\n", i, variant);
            }
            psa_key_derivation_abort(&op);
        }
        if (key != PSA_KEY_ID_NULL) {
            /* A stored PASSWORD_HASH, then a login check with verify_key. */
            psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
            psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
            psa_key_id_t hash = PSA_KEY_ID_NULL;
            psa_set_key_type(&attr, PSA_KEY_TYPE_PASSWORD_HASH);
            psa_set_key_bits(&attr, 8 * len);
            psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_VERIFY_DERIVATION | PSA_KEY_USAGE_EXPORT);
            psa_set_key_algorithm(&attr, ALG);
            CHECK_STATUS(inputs(&op, pw, pw_len, key, salt, salt_len, KAT[i].c, 1), PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &hash), PSA_SUCCESS);
            psa_key_derivation_abort(&op);
            CHECK_STATUS(inputs(&op, pw, pw_len, PSA_KEY_ID_NULL, salt, salt_len, KAT[i].c, 2),
                         PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_verify_key(&op, hash), PSA_SUCCESS);
            psa_key_derivation_abort(&op);
            pw[0] ^= 1;   /* a wrong password */
            CHECK_STATUS(inputs(&op, pw, pw_len, PSA_KEY_ID_NULL, salt, salt_len, KAT[i].c, 1),
                         PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_verify_key(&op, hash), PSA_ERROR_INVALID_SIGNATURE);
            psa_key_derivation_abort(&op);
            psa_destroy_key(hash);
            psa_destroy_key(key);
        }
    }
}

static void ossl_cmac(const uint8_t *key, const uint8_t *a, size_t a_len, const uint8_t *b,
                      size_t b_len, uint8_t mac[16])
{
    EVP_MAC *m = EVP_MAC_fetch(NULL, "CMAC", NULL);
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(m);
    char cipher[] = "AES-128-CBC";
    OSSL_PARAM params[2];
    size_t out_len = 0;
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, cipher, 0);
    params[1] = OSSL_PARAM_construct_end();
    CHECK(EVP_MAC_init(ctx, key, 16, params) == 1);
    CHECK(EVP_MAC_update(ctx, a, a_len) == 1 && EVP_MAC_update(ctx, b, b_len) == 1);
    CHECK(EVP_MAC_final(ctx, mac, &out_len, 16) == 1 && out_len == 16);
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(m);
}

/* RFC 8018 5.2 over RFC 4615 3, with OpenSSL's CMAC. */
static void ossl_pbkdf2(const uint8_t *pw, size_t pw_len, const uint8_t *salt, size_t salt_len,
                        unsigned c, uint8_t *out, size_t len)
{
    static const uint8_t zero[16] = {0};
    uint8_t k[16], u[16], t[16], ctr[4];
    uint32_t i = 1;
    size_t done = 0, j, b;
    if (pw_len == 16) {
        memcpy(k, pw, 16);
    } else {
        ossl_cmac(zero, pw, pw_len, NULL, 0, k);
    }
    while (done < len) {
        ctr[0] = (uint8_t)(i >> 24); ctr[1] = (uint8_t)(i >> 16);
        ctr[2] = (uint8_t)(i >> 8); ctr[3] = (uint8_t)i;
        ossl_cmac(k, salt, salt_len, ctr, 4, u);
        memcpy(t, u, 16);
        for (j = 1; j < c; j++) {
            ossl_cmac(k, u, 16, NULL, 0, u);
            for (b = 0; b < 16; b++) {
                t[b] ^= u[b];
            }
        }
        b = len - done < 16 ? len - done : 16;
        memcpy(out + done, t, b);
        done += b;
        i++;
    }
}

static void test_openssl(void)
{
    unsigned i;
    for (i = 0; i < 60; i++) {
        uint8_t pw[40], salt[50], ours[70], theirs[70];
        size_t pw_len = i % 4 == 0 ? 16 : test_rng_range(0, sizeof(pw));
        size_t salt_len = test_rng_range(0, sizeof(salt));
        size_t len = test_rng_range(1, sizeof(ours));
        unsigned c = (unsigned)test_rng_range(1, 50);
        psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
        test_rng_bytes(pw, pw_len);
        test_rng_bytes(salt, salt_len);
        ossl_pbkdf2(pw, pw_len, salt, salt_len, c, theirs, len);
        CHECK_STATUS(inputs(&op, pw, pw_len, PSA_KEY_ID_NULL, salt, salt_len, c, 1 + i % 3),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_output_bytes(&op, ours, len), PSA_SUCCESS);
        if (!CHECK_MEM(ours, theirs, len)) {
            fprintf(stderr, "  password %zu salt %zu c %u len %zu\n", pw_len, salt_len, c, len);
        }
        psa_key_derivation_abort(&op);
    }
}

static void test_statuses(void)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    pp_pbkdf2_cmac_ctx ctx;
    uint8_t out[4];
    size_t cap = 0;
    CHECK_STATUS(psa_key_derivation_setup(&op, ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap), PSA_SUCCESS);
    CHECK(SIZE_MAX / 16u < 0xFFFFFFFFu || cap == (size_t)0xFFFFFFFFu * 16u);
    CHECK_STATUS(psa_key_derivation_input_integer(&op, PSA_KEY_DERIVATION_INPUT_COST, 0),
                 PSA_ERROR_INVALID_ARGUMENT);
    psa_key_derivation_abort(&op);
    memset(&ctx, 0, sizeof(ctx));
    CHECK_STATUS(pp_pbkdf2_cmac_output(&ctx, out, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_pbkdf2_cmac_setup(&ctx, out, 4, 0), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_pbkdf2_cmac_setup(&ctx, out, 4, (uint64_t)1 << 32), PSA_ERROR_NOT_SUPPORTED);
#if PSA_WANT_ALG_ECDH
    /* The key-stretching bit does not fit an agreement (as PBKDF2-HMAC). */
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH, ALG)),
                 PSA_ERROR_INVALID_ARGUMENT);
#endif
}

int main(void)
{
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_rfc4615();
    test_known();
    test_openssl();
    test_statuses();
    return test_report("pbkdf2_cmac");
}
#endif
