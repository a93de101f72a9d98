/*
 * test_xts.c -- XTS-AES (PSA_ALG_XTS; IEEE 1619-2007, SP 800-38E) through
 * src/cipher (pp_cipher_*) and through the PSA cipher API:
 *  - IEEE 1619-2007 Annex B vectors 2, 3, 4 (a 512-byte unit) and 15-18
 *    (17-20 bytes: ciphertext stealing), both directions; vector 1 has
 *    Key1 == Key2, which picopsa refuses (cipher_xts.c says why);
 *  - Wycheproof aes_xts_test.json (123 vectors, AES-128/192/256-XTS; its
 *    1..15-byte IVs are the tweak's first bytes, zero-filled to 16), in
 *    one call and in random chunks, primitive and PSA;
 *  - OpenSSL EVP_aes_{128,256}_xts both ways, random lengths 16..4096
 *    (partial final blocks included), random multi-part chunking, in
 *    place and with shifted overlapping buffers (spec 5.4.4);
 *  - the rules: at least 16 bytes, 16-byte tweaks only, AES keys of 256,
 *    384 or 512 bits, Key1 != Key2, the update/finish output sizes
 *    against PSA_CIPHER_{UPDATE,FINISH}_OUTPUT_SIZE, 512-bit AES keys
 *    refused by the other modes.
 * With AES-NI the first three run again on the portable backend
 * (pp_aes_hw_restrict(0)): the fused AES-NI pass and cipher_xts.c's loop
 * over pp_aes_ecb_* both meet the vectors and OpenSSL.
 */
#include <psa/crypto.h>
#include "cipher/cipher.h"
#include "aes/aes_hw.h"   /* pp_aes_hw_restrict: the portable path too */
#include "test_util.h"
#include "json.h"

#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if !(PSA_WANT_ALG_XTS)
int main(void)
{
    return test_skip("xts", "PSA_WANT_ALG_XTS configured out");
}
#else

#define MAXLEN 4096u

/* chunking: 0 one update, 1 random chunks 0..40, 2 random chunks 0..600 */
static size_t chunk_of(int chunking, size_t left)
{
    size_t c = chunking == 0 ? left : test_rng_range(0, chunking == 1 ? 40 : 600);
    return c < left ? c : left;
}

/* The primitive: setup, set_iv, updates, finish; (size_t)-1 on an error
 * (its status in *st). */
static size_t prim_run(const uint8_t *key, size_t key_len, int encrypt, const uint8_t iv[16],
                       const uint8_t *in, size_t len, uint8_t *out, int chunking,
                       psa_status_t *st)
{
    picopsa_cipher_context c;
    uint8_t last[PP_CIPHER_FINISH_MAX];
    size_t done = 0, total = 0, n = 0;
    memset(&c, 0, sizeof(c));
    *st = pp_cipher_setup(&c, PSA_ALG_XTS, PSA_KEY_TYPE_AES, key, key_len, encrypt);
    if (*st != PSA_SUCCESS) {
        return (size_t)-1;
    }
    CHECK_STATUS(pp_cipher_set_iv(&c, iv, 16), PSA_SUCCESS);
    while (done < len) {
        size_t chunk = chunk_of(chunking, len - done);
        n = pp_cipher_update_length(&c, chunk);
        CHECK(n <= PSA_CIPHER_UPDATE_OUTPUT_SIZE(PSA_KEY_TYPE_AES, PSA_ALG_XTS, chunk));
        CHECK_STATUS(pp_cipher_update(&c, in + done, chunk, out + total), PSA_SUCCESS);
        done += chunk;
        total += n;
    }
    *st = pp_cipher_finish(&c, last, &n);
    if (*st != PSA_SUCCESS) {
        return (size_t)-1;
    }
    CHECK(n <= PSA_CIPHER_FINISH_OUTPUT_SIZE(PSA_KEY_TYPE_AES, PSA_ALG_XTS));
    memcpy(out + total, last, n);
    return total + n;
}

static psa_key_id_t import_xts(const uint8_t *key, size_t key_len, psa_status_t want)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, PSA_KEY_TYPE_AES);
    psa_set_key_algorithm(&attr, PSA_ALG_XTS);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    CHECK_STATUS(psa_import_key(&attr, key, key_len, &id), want);
    return id;
}

/* The PSA multi-part operation; chunking 3: each chunk in place in a
 * scratch buffer (input == output while bytes are held back). */
static size_t psa_run(psa_key_id_t id, int encrypt, const uint8_t iv[16], const uint8_t *in,
                      size_t len, uint8_t *out, size_t out_size, int chunking, psa_status_t *st)
{
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    size_t done = 0, total = 0, n = 0;
    *st = encrypt ? psa_cipher_encrypt_setup(&op, id, PSA_ALG_XTS)
                  : psa_cipher_decrypt_setup(&op, id, PSA_ALG_XTS);
    if (*st != PSA_SUCCESS) {
        return (size_t)-1;
    }
    CHECK_STATUS(psa_cipher_set_iv(&op, iv, 16), PSA_SUCCESS);
    while (done < len) {
        size_t chunk = chunk_of(chunking == 3 ? 1 : chunking, len - done);
        if (chunking == 3) {
            static uint8_t scratch[64];
            CHECK_STATUS(psa_cipher_update(&op, memcpy(scratch, in + done, chunk), chunk, scratch,
                                           sizeof(scratch), &n), PSA_SUCCESS);
            memcpy(out + total, scratch, n);
        } else {
            CHECK_STATUS(psa_cipher_update(&op, in + done, chunk, out + total, out_size - total,
                                           &n), PSA_SUCCESS);
        }
        CHECK(n <= PSA_CIPHER_UPDATE_OUTPUT_SIZE(PSA_KEY_TYPE_AES, PSA_ALG_XTS, chunk));
        CHECK(n <= PSA_CIPHER_UPDATE_OUTPUT_MAX_SIZE(chunk));
        done += chunk;
        total += n;
    }
    *st = psa_cipher_finish(&op, out + total, out_size - total, &n);
    psa_cipher_abort(&op);
    if (*st != PSA_SUCCESS) {
        return (size_t)-1;
    }
    CHECK(n <= PSA_CIPHER_FINISH_OUTPUT_SIZE(PSA_KEY_TYPE_AES, PSA_ALG_XTS));
    CHECK(n <= PSA_CIPHER_FINISH_OUTPUT_MAX_SIZE);
    return total + n;
}

/* One known answer through every path: the primitive (three chunkings,
 * both directions), the PSA multi-part operation (four), and
 * psa_cipher_decrypt of tweak || C. */
static void known_answer(const uint8_t *key, size_t kl, const uint8_t iv[16], const uint8_t *pt,
                         const uint8_t *ct, size_t len)
{
    static uint8_t out[MAXLEN + 64], in[MAXLEN + 64];
    psa_status_t st;
    psa_key_id_t id;
    size_t n;
    int ch;
    for (ch = 0; ch < 3; ch++) {
        CHECK(prim_run(key, kl, 1, iv, pt, len, out, ch, &st) == len);
        CHECK_MEM(out, ct, len);
        CHECK(prim_run(key, kl, 0, iv, ct, len, out, ch, &st) == len);
        CHECK_MEM(out, pt, len);
    }
    id = import_xts(key, kl, PSA_SUCCESS);
    for (ch = 0; ch < 4; ch++) {
        CHECK(psa_run(id, 1, iv, pt, len, out, sizeof(out), ch, &st) == len);
        CHECK_MEM(out, ct, len);
        CHECK(psa_run(id, 0, iv, ct, len, out, sizeof(out), ch, &st) == len);
        CHECK_MEM(out, pt, len);
    }
    memcpy(in, iv, 16);
    memcpy(in + 16, ct, len);
    CHECK_STATUS(psa_cipher_decrypt(id, PSA_ALG_XTS, in, 16 + len, out, sizeof(out), &n),
                 PSA_SUCCESS);
    CHECK(n == len);
    CHECK_MEM(out, pt, len);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
}

/* IEEE 1619-2007 Annex B: key = Key1 || Key2, the tweak the data unit
 * sequence number, little-endian. */
static const struct {
    const char *key, *tweak, *pt, *ct;
} ieee[] = {
    /* vector 2 */
    {"1111111111111111111111111111111122222222222222222222222222222222",
     "33333333330000000000000000000000",
     "4444444444444444444444444444444444444444444444444444444444444444",
     "c454185e6a16936e39334038acef838bfb186fff7480adc4289382ecd6d394f0"},
    /* vector 3 */
    {"fffefdfcfbfaf9f8f7f6f5f4f3f2f1f022222222222222222222222222222222",
     "33333333330000000000000000000000",
     "4444444444444444444444444444444444444444444444444444444444444444",
     "af85336b597afc1a900b2eb21ec949d292df4c047e0b21532186a5971a227a89"},
    /* vectors 15-18: 17..20 bytes, the last 1..4 stolen */
    {"fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
     "9a785634120000000000000000000000", "000102030405060708090a0b0c0d0e0f10",
     "6c1625db4671522d3d7599601de7ca09ed"},
    {"fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
     "9a785634120000000000000000000000", "000102030405060708090a0b0c0d0e0f1011",
     "d069444b7a7e0cab09e24447d24deb1fedbf"},
    {"fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
     "9a785634120000000000000000000000", "000102030405060708090a0b0c0d0e0f101112",
     "e5df1351c0544ba1350b3363cd8ef4beedbf9d"},
    {"fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
     "9a785634120000000000000000000000", "000102030405060708090a0b0c0d0e0f10111213",
     "9d84c813f719aa2c7be3f66171c7c5c2edbf9dac"},
};

/* IEEE 1619-2007 vector 4: Key1 = e's digits, Key2 = pi's, tweak 0, the
 * 512-byte unit 00 01 .. ff twice. */
static const char vec4_key[] = "2718281828459045235360287471352631415926535897932384626433832795";
static const char vec4_ct[] =
    "27a7479befa1d476489f308cd4cfa6e2a96e4bbe3208ff25287dd3819616e89c"
    "c78cf7f5e543445f8333d8fa7f56000005279fa5d8b5e4ad40e736ddb4d35412"
    "328063fd2aab53e5ea1e0a9f332500a5df9487d07a5c92cc512c8866c7e860ce"
    "93fdf166a24912b422976146ae20ce846bb7dc9ba94a767aaef20c0d61ad0265"
    "5ea92dc4c4e41a8952c651d33174be51a10c421110e6d81588ede82103a252d8"
    "a750e8768defffed9122810aaeb99f9172af82b604dc4b8e51bcb08235a6f434"
    "1332e4ca60482a4ba1a03b3e65008fc5da76b70bf1690db4eae29c5f1badd03c"
    "5ccf2a55d705ddcd86d449511ceb7ec30bf12b1fa35b913f9f747a8afd1b130e"
    "94bff94effd01a91735ca1726acd0b197c4e5b03393697e126826fb6bbde8ecc"
    "1e08298516e2c9ed03ff3c1b7860f6de76d4cecd94c8119855ef5297ca67e9f3"
    "e7ff72b1e99785ca0a7e7720c5b36dc6d72cac9574c8cbbc2f801e23e56fd344"
    "b07f22154beba0f08ce8891e643ed995c94d9a69c9f1b5f499027a78572aeebd"
    "74d20cc39881c213ee770b1010e4bea718846977ae119f7a023ab58cca0ad752"
    "afe656bb3c17256a9f6e9bf19fdd5a38fc82bbe872c5539edb609ef4f79c203e"
    "bb140f2e583cb2ad15b4aa5b655016a8449277dbd477ef2c8d6c017db738b18d"
    "eb4a427d1923ce3ff262735779a418f20a282df920147beabe421ee5319d0568";

static void test_ieee1619(void)
{
    uint8_t key[64], tweak[16], pt[512], ct[512];
    size_t i, kl, len;
    psa_status_t st;
    for (i = 0; i < sizeof(ieee) / sizeof(ieee[0]); i++) {
        kl = test_hex_to(ieee[i].key, key, sizeof(key));
        CHECK(test_hex_to(ieee[i].tweak, tweak, sizeof(tweak)) == 16);
        len = test_hex_to(ieee[i].pt, pt, sizeof(pt));
        CHECK(test_hex_to(ieee[i].ct, ct, sizeof(ct)) == len);
        known_answer(key, kl, tweak, pt, ct, len);
    }
    kl = test_hex_to(vec4_key, key, sizeof(key));
    memset(tweak, 0, sizeof(tweak));
    for (i = 0; i < 512; i++) {
        pt[i] = (uint8_t)i;
    }
    CHECK(test_hex_to(vec4_ct, ct, sizeof(ct)) == 512);
    known_answer(key, kl, tweak, pt, ct, 512);
    /* vector 1: Key1 = Key2 = 0, refused at setup (both directions) */
    memset(key, 0, 32);
    CHECK(prim_run(key, 32, 1, tweak, pt, 32, ct, 0, &st) == (size_t)-1);
    CHECK_STATUS(st, PSA_ERROR_INVALID_ARGUMENT);
    CHECK(prim_run(key, 32, 0, tweak, pt, 32, ct, 0, &st) == (size_t)-1);
    CHECK_STATUS(st, PSA_ERROR_INVALID_ARGUMENT);
}

static void test_wycheproof(void)
{
    json_value *root = json_parse_file(test_data_path("vectors/wycheproof/aes_xts_test.json"));
    const json_value *groups = json_get(root, "testGroups");
    size_t g, t, ran = 0, by_size[3] = {0, 0, 0};
    CHECK(root != NULL);
    for (g = 0; g < json_len(groups); g++) {
        const json_value *tests = json_get(json_at(groups, g), "tests");
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            size_t kl, ivl, ml, cl;
            uint8_t *key = test_hex_decode(json_str(json_get(tc, "key")), &kl);
            uint8_t *iv = test_hex_decode(json_str(json_get(tc, "iv")), &ivl);
            uint8_t *msg = test_hex_decode(json_str(json_get(tc, "msg")), &ml);
            uint8_t *ct = test_hex_decode(json_str(json_get(tc, "ct")), &cl);
            uint8_t tweak[16] = {0};
            CHECK(strcmp(json_str(json_get(tc, "result")), "valid") == 0);
            CHECK(ivl <= 16 && cl == ml && ml <= MAXLEN);
            memcpy(tweak, iv, ivl);
            known_answer(key, kl, tweak, msg, ct, ml);
            by_size[(kl - 32) / 16]++;
            free(key);
            free(iv);
            free(msg);
            free(ct);
            ran++;
        }
    }
    CHECK(ran == 123);
    CHECK(by_size[0] == 41 && by_size[1] == 41 && by_size[2] == 41);
    json_free(root);
}

static size_t openssl_xts(int encrypt, const uint8_t *key, size_t kl, const uint8_t iv[16],
                          const uint8_t *in, size_t len, uint8_t *out)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int n1 = 0, n2 = 0;
    CHECK(EVP_CipherInit_ex(ctx, kl == 32 ? EVP_aes_128_xts() : EVP_aes_256_xts(), NULL, key, iv,
                            encrypt) == 1);
    CHECK(EVP_CipherUpdate(ctx, out, &n1, in, (int)len) == 1);
    CHECK(EVP_CipherFinal_ex(ctx, out + n1, &n2) == 1);
    EVP_CIPHER_CTX_free(ctx);
    return (size_t)(n1 + n2);
}

static void random_key(uint8_t *key, size_t kl)
{
    do {
        test_rng_bytes(key, kl);
    } while (memcmp(key, key + kl / 2, kl / 2) == 0);
}

/* OpenSSL both ways, random lengths and chunks, one-shot with its random
 * tweak, in place and shifted. */
static void test_openssl_cross(void)
{
    static uint8_t in[MAXLEN], ours[MAXLEN + 64], theirs[MAXLEN + 64], buf[3 * MAXLEN];
    size_t k, round;
    for (k = 0; k < 2; k++) {
        size_t kl = k == 0 ? 32 : 64;
        uint8_t key[64], iv[16];
        psa_key_id_t id;
        random_key(key, kl);
        id = import_xts(key, kl, PSA_SUCCESS);
        for (round = 0; round < 60; round++) {
            size_t len = round < 20 ? 16 + round : test_rng_range(16, MAXLEN);
            size_t n, n2;
            long shift;
            psa_status_t st;
            int ch = (int)(round % 4);
            test_rng_bytes(in, len);
            test_rng_bytes(iv, sizeof(iv));
            CHECK(openssl_xts(1, key, kl, iv, in, len, theirs) == len);
            CHECK(prim_run(key, kl, 1, iv, in, len, ours, ch % 3, &st) == len);
            CHECK_MEM(ours, theirs, len);
            CHECK(psa_run(id, 1, iv, in, len, ours, sizeof(ours), ch, &st) == len);
            CHECK_MEM(ours, theirs, len);
            CHECK(psa_run(id, 0, iv, theirs, len, ours, sizeof(ours), 3 - ch, &st) == len);
            CHECK_MEM(ours, in, len);
            /* one-shot: a random tweak first, OpenSSL decrypts */
            CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_XTS, in, len, buf, sizeof(buf), &n),
                         PSA_SUCCESS);
            CHECK(n == 16 + len);
            CHECK(n == PSA_CIPHER_ENCRYPT_OUTPUT_SIZE(PSA_KEY_TYPE_AES, PSA_ALG_XTS, len));
            CHECK(openssl_xts(0, key, kl, buf, buf + 16, len, theirs) == len);
            CHECK_MEM(theirs, in, len);
            /* overlap (spec 5.4.4): shifted one-shot both ways */
            shift = (long)test_rng_range(0, 66) - 33;
            memcpy(buf + MAXLEN, in, len);
            CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_XTS, buf + MAXLEN, len,
                                            buf + MAXLEN + shift, MAXLEN + 16, &n), PSA_SUCCESS);
            memcpy(theirs, buf + MAXLEN + shift, n);
            CHECK(openssl_xts(1, key, kl, theirs, in, len, ours) == len);
            CHECK_MEM(theirs + 16, ours, len);
            shift = (long)test_rng_range(0, 66) - 33;
            memcpy(buf + MAXLEN, theirs, n);
            CHECK_STATUS(psa_cipher_decrypt(id, PSA_ALG_XTS, buf + MAXLEN, n, buf + MAXLEN + shift,
                                            MAXLEN, &n2), PSA_SUCCESS);
            CHECK(n2 == len);
            CHECK_MEM(buf + MAXLEN + shift, in, len);
            /* multi-part in place over the whole buffer, random chunks */
            memcpy(buf, theirs + 16, len);
            CHECK(psa_run(id, 0, theirs, buf, len, buf, sizeof(buf), 1, &st) == len);
            CHECK_MEM(buf, in, len);
        }
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    }
}

/* Output of each update: whole blocks, never the last 16..31 bytes. */
static void test_update_sizes(void)
{
    uint8_t key[32], iv[16] = {0}, in[80] = {0}, out[128], fin[PSA_CIPHER_FINISH_OUTPUT_MAX_SIZE];
    static const struct {
        size_t chunk, out;
    } steps[] = {{15, 0}, {1, 0}, {15, 0}, {1, 16}, {0, 0}, {31, 16}, {1, 16}, {16, 16}};
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    psa_key_id_t id;
    size_t i, n, total = 0, fed = 0;
    random_key(key, 32);
    id = import_xts(key, 32, PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, id, PSA_ALG_XTS), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_generate_iv(&op, iv, sizeof(iv), &n), PSA_SUCCESS);
    CHECK(n == 16 && n == PSA_CIPHER_IV_LENGTH(PSA_KEY_TYPE_AES, PSA_ALG_XTS));
    for (i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
        CHECK_STATUS(psa_cipher_update(&op, in + fed, steps[i].chunk, out + total,
                                       sizeof(out) - total, &n), PSA_SUCCESS);
        CHECK(n == steps[i].out);
        fed += steps[i].chunk;
        total += n;
    }
    /* 80 fed, 64 out: one full block held; one more byte makes it stolen */
    CHECK_STATUS(psa_cipher_update(&op, in, 1, out + total, sizeof(out) - total, &n),
                 PSA_SUCCESS);
    CHECK(n == 0);
    /* finish needs 17 bytes here: one byte short is BUFFER_TOO_SMALL */
    CHECK_STATUS(psa_cipher_finish(&op, fin, 16, &n), PSA_ERROR_BUFFER_TOO_SMALL);
    psa_cipher_abort(&op);
    /* an update whose output does not fit: BUFFER_TOO_SMALL */
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, id, PSA_ALG_XTS), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_set_iv(&op, iv, 16), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_update(&op, in, 48, out, 31, &n), PSA_ERROR_BUFFER_TOO_SMALL);
    psa_cipher_abort(&op);
    CHECK(PSA_CIPHER_FINISH_OUTPUT_SIZE(PSA_KEY_TYPE_AES, PSA_ALG_XTS) == 31);
    CHECK(PSA_CIPHER_FINISH_OUTPUT_MAX_SIZE >= 31);
    CHECK(PSA_CIPHER_DECRYPT_OUTPUT_SIZE(PSA_KEY_TYPE_AES, PSA_ALG_XTS, 16 + 100) == 100);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
}

/* The refusals: short input, tweak length, key sizes, Key1 == Key2. */
static void test_errors(void)
{
    uint8_t key[128], iv[32] = {0}, in[64] = {0}, out[128];
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    static const size_t bad_iv[] = {0, 1, 8, 15, 17, 24, 32};
    static const size_t aes_only[] = {16, 24};   /* AES keys no XTS key is */
    static const size_t bad_key[] = {40, 56, 63, 65, 96};
    psa_key_id_t id;
    size_t i, n, len;
    random_key(key, 64);
    id = import_xts(key, 64, PSA_SUCCESS);
    /* under one block: single-part and multi-part */
    for (len = 0; len < 16; len++) {
        CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_XTS, in, len, out, sizeof(out), &n),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK(n == 0);
        CHECK_STATUS(psa_cipher_decrypt(id, PSA_ALG_XTS, in, 16 + len, out, sizeof(out), &n),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(psa_cipher_decrypt_setup(&op, id, PSA_ALG_XTS), PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_set_iv(&op, iv, 16), PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_update(&op, in, len, out, sizeof(out), &n), PSA_SUCCESS);
        CHECK(n == 0);
        CHECK_STATUS(psa_cipher_finish(&op, out, sizeof(out), &n), PSA_ERROR_INVALID_ARGUMENT);
        CHECK(n == 0);
        /* the operation is aborted: finish again is BAD_STATE */
        CHECK_STATUS(psa_cipher_finish(&op, out, sizeof(out), &n), PSA_ERROR_BAD_STATE);
        psa_cipher_abort(&op);
    }
    CHECK_STATUS(psa_cipher_decrypt(id, PSA_ALG_XTS, in, 15, out, sizeof(out), &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* the tweak is 16 bytes */
    for (i = 0; i < sizeof(bad_iv) / sizeof(bad_iv[0]); i++) {
        CHECK_STATUS(psa_cipher_encrypt_setup(&op, id, PSA_ALG_XTS), PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_set_iv(&op, iv, bad_iv[i]), PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(psa_cipher_update(&op, in, 16, out, sizeof(out), &n), PSA_ERROR_BAD_STATE);
        psa_cipher_abort(&op);
    }
    /* a 512-bit AES key is XTS only; export gives it back */
    psa_destroy_key(id);
    psa_set_key_type(&attr, PSA_KEY_TYPE_AES);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_EXPORT);
    psa_set_key_algorithm(&attr, PSA_ALG_CTR);
    CHECK_STATUS(psa_import_key(&attr, key, 64, &id), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_CTR, in, 32, out, sizeof(out), &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_export_key(id, out, sizeof(out), &n), PSA_SUCCESS);
    CHECK(n == 64);
    CHECK_MEM(out, key, 64);
    psa_destroy_key(id);
    /* generated XTS keys: 256, 384, 512 bits */
    psa_set_key_algorithm(&attr, PSA_ALG_XTS);
    for (i = 256; i <= 512; i += 128) {
        psa_key_attributes_t got = PSA_KEY_ATTRIBUTES_INIT;
        psa_set_key_bits(&attr, i);
        CHECK_STATUS(psa_generate_key(&attr, &id), PSA_SUCCESS);
        CHECK_STATUS(psa_get_key_attributes(id, &got), PSA_SUCCESS);
        CHECK(psa_get_key_bits(&got) == i);
        CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_XTS, in, 40, out, sizeof(out), &n),
                     PSA_SUCCESS);
        CHECK(n == 56);
        psa_destroy_key(id);
    }
    /* no AES key of another size is one */
    psa_set_key_bits(&attr, 0);
    for (i = 0; i < sizeof(bad_key) / sizeof(bad_key[0]); i++) {
        CHECK_STATUS(psa_import_key(&attr, key, bad_key[i], &id), PSA_ERROR_INVALID_ARGUMENT);
    }
    /* AES-128 and AES-192 keys are not XTS keys: INVALID_ARGUMENT */
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    for (i = 0; i < sizeof(aes_only) / sizeof(aes_only[0]); i++) {
        CHECK_STATUS(psa_import_key(&attr, key, aes_only[i], &id), PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_XTS, in, 32, out, sizeof(out), &n),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(psa_cipher_decrypt_setup(&op, id, PSA_ALG_XTS), PSA_ERROR_INVALID_ARGUMENT);
        psa_cipher_abort(&op);
        psa_destroy_key(id);
    }
    /* Key1 == Key2 at each size, either direction: INVALID_ARGUMENT */
    for (i = 32; i <= 64; i += 16) {
        memcpy(key + i / 2, key, i / 2);
        id = import_xts(key, i, PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_encrypt_setup(&op, id, PSA_ALG_XTS), PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(psa_cipher_decrypt_setup(&op, id, PSA_ALG_XTS), PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_XTS, in, 32, out, sizeof(out), &n),
                     PSA_ERROR_INVALID_ARGUMENT);
        /* one bit apart is a valid key */
        psa_destroy_key(id);
        key[i - 1] ^= 1;
        id = import_xts(key, i, PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_XTS, in, 32, out, sizeof(out), &n),
                     PSA_SUCCESS);
        psa_destroy_key(id);
    }
}

int main(void)
{
    test_rng_seed(0x1619);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_ieee1619();
    test_wycheproof();
    test_openssl_cross();
    test_update_sizes();
    test_errors();
#if PP_AES_HW_X86
    /* Again on the portable backend (ct64 or ref) and cipher_xts.c's own
     * loop, where AES-NI ran the fused pass (pp_aes_xts_fused) above. */
    printf("AES-NI %s; now the portable AES backend\n",
           pp_aes_hw_available() ? "used" : "absent");
    pp_aes_hw_restrict(0);
    test_ieee1619();
    test_wycheproof();
    test_openssl_cross();
    pp_aes_hw_restrict(1);
#endif
    return test_report("xts");
}

#endif /* PSA_WANT_ALG_XTS */
