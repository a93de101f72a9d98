/*
 * test_pbkdf2.c -- PBKDF2-HMAC (RFC 8018 5.2), src/kdf/pbkdf2.h:
 *  - RFC 6070 section 2 (SHA-1) and RFC 7914 section 11 (SHA-256) typed in
 *    as hex, one-shot and streamed in pieces of 1..41 bytes; RFC 6070's
 *    2^24-iteration case is in test_pbkdf2_slow.c;
 *  - every Wycheproof pbkdf2_hmacsha1/sha256_test.json case (all valid),
 *    one-shot and as a randomly chunked stream with the salt in pieces;
 *  - OpenSSL PKCS5_PBKDF2_HMAC for random hashes, passwords (longer than
 *    a block too), salts, iteration counts and lengths, random chunking,
 *    and dk over the password / salt buffer (in place);
 *  - negative cases: 0 iterations, more than 2^32 - 1, a hash that is not
 *    built or not a hash, output past (2^32 - 1) * hLen (checked at the
 *    last block against OpenSSL's HMAC), a context never set up.
 */
#include <psa/crypto.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "json.h"
#include "test_config.h"
#include "test_util.h"

#if !PSA_WANT_ALG_HMAC
int main(void)
{
    return test_skip("pbkdf2", "HMAC configured out");
}
#else

#include "kdf/pbkdf2.h"

static const psa_algorithm_t all_hashes[] = {PSA_ALG_SHA_1,       PSA_ALG_SHA_224,
                                             PSA_ALG_SHA_256,     PSA_ALG_SHA_384,
                                             PSA_ALG_SHA_512,     PSA_ALG_SHA_512_224,
                                             PSA_ALG_SHA_512_256};

static const EVP_MD *md_of(psa_algorithm_t hash)
{
    switch (hash) {
    case PSA_ALG_SHA_1: return EVP_sha1();
    case PSA_ALG_SHA_224: return EVP_sha224();
    case PSA_ALG_SHA_256: return EVP_sha256();
    case PSA_ALG_SHA_384: return EVP_sha384();
    case PSA_ALG_SHA_512: return EVP_sha512();
    case PSA_ALG_SHA_512_224: return EVP_sha512_224();
    default: return EVP_sha512_256();
    }
}

/* The stream through a context: salt in two pieces split at salt_cut,
 * output in pieces of 1..max_chunk bytes (0: one call). */
static psa_status_t streamed(psa_algorithm_t hash, const uint8_t *pw, size_t pw_len,
                             const uint8_t *salt, size_t salt_len, size_t salt_cut,
                             uint64_t iterations, uint8_t *dk, size_t dk_len, size_t max_chunk)
{
    pp_pbkdf2_ctx ctx;
    size_t done = 0;
    psa_status_t status = pp_pbkdf2_setup(&ctx, hash, pw, pw_len, iterations);
    if (status == PSA_SUCCESS) {
        pp_pbkdf2_salt(&ctx, salt, salt_cut);
        pp_pbkdf2_salt(&ctx, salt + salt_cut, salt_len - salt_cut);
    }
    while (status == PSA_SUCCESS && done < dk_len) {
        size_t n = max_chunk == 0 ? dk_len : test_rng_range(1, max_chunk);
        if (n > dk_len - done) {
            n = dk_len - done;
        }
        status = pp_pbkdf2_output(&ctx, dk + done, n);
        done += n;
    }
    pp_pbkdf2_wipe(&ctx);
    return status;
}

/* One known answer: one-shot, and streamed with several chunkings. */
static void check_vector(psa_algorithm_t hash, const uint8_t *pw, size_t pw_len,
                         const uint8_t *salt, size_t salt_len, uint64_t c, const uint8_t *want,
                         size_t len, const char *what)
{
    uint8_t *out = malloc(len + 1);
    size_t chunk;
    CHECK(out != NULL);
    memset(out, 0, len + 1);
    if (!CHECK_STATUS(pp_pbkdf2(hash, pw, pw_len, salt, salt_len, c, out, len), PSA_SUCCESS) ||
        !CHECK_MEM(out, want, len)) {
        fprintf(stderr, "  %s (one shot)\n", what);
    }
    CHECK(out[len] == 0);   /* not a byte past dkLen */
    /* Large counts: fewer chunkings (the block loop does not depend on them). */
    for (chunk = 1; chunk < 42; chunk += c >= 1000 ? 24 : 8) {
        memset(out, 0, len);
        if (!CHECK_STATUS(streamed(hash, pw, pw_len, salt, salt_len, salt_len / 2, c, out, len,
                                   chunk), PSA_SUCCESS) ||
            !CHECK_MEM(out, want, len)) {
            fprintf(stderr, "  %s (pieces of up to %zu)\n", what, chunk);
        }
    }
    free(out);
}

static void text_vector(psa_algorithm_t hash, const char *pw, size_t pw_len, const char *salt,
                        size_t salt_len, uint64_t c, const char *dk_hex)
{
    uint8_t want[64];
    size_t len = test_hex_to(dk_hex, want, sizeof(want));
    CHECK(len == strlen(dk_hex) / 2);
    check_vector(hash, (const uint8_t *)pw, pw_len, (const uint8_t *)salt, salt_len, c, want, len,
                 pw);
}

/* RFC 6070 section 2 (SHA-1, test 4 with c = 2^24 is slow: test_pbkdf2_slow.c)
 * and RFC 7914 section 11 (PBKDF2-HMAC-SHA256). */
static void test_rfc(void)
{
    if (PSA_WANT_ALG_SHA_1) {
        text_vector(PSA_ALG_SHA_1, "password", 8, "salt", 4, 1,
                    "0c60c80f961f0e71f3a9b524af6012062fe037a6");
        text_vector(PSA_ALG_SHA_1, "password", 8, "salt", 4, 2,
                    "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957");
        text_vector(PSA_ALG_SHA_1, "password", 8, "salt", 4, 4096,
                    "4b007901b765489abead49d926f721d065a429c1");
        text_vector(PSA_ALG_SHA_1, "passwordPASSWORDpassword", 24,
                    "saltSALTsaltSALTsaltSALTsaltSALTsalt", 36, 4096,
                    "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038");
        text_vector(PSA_ALG_SHA_1, "pass\0word", 9, "sa\0lt", 5, 4096,
                    "56fa6aa75548099dcc37d7f03425e0c3");
    }
    if (PSA_WANT_ALG_SHA_256) {
        text_vector(PSA_ALG_SHA_256, "passwd", 6, "salt", 4, 1,
                    "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                    "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783");
        text_vector(PSA_ALG_SHA_256, "Password", 8, "NaCl", 4, 80000,
                    "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
                    "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d");
    }
}

/* Iteration counts above this run in test_pbkdf2_slow.c only. */
#define QUICK_MAX_ITERATIONS 100000

static void test_wycheproof_file(const char *name, psa_algorithm_t hash, size_t expected_tests,
                                 size_t expected_slow)
{
    char path[128];
    json_value *root;
    const json_value *groups;
    size_t g, t, ran = 0, slow = 0;
    snprintf(path, sizeof(path), "vectors/wycheproof/%s", name);
    root = json_parse_file(test_data_path(path));
    groups = json_get(root, "testGroups");
    for (g = 0; g < json_len(groups); g++) {
        const json_value *tests = json_get(json_at(groups, g), "tests");
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            size_t pw_len = 0, salt_len = 0, dk_len = 0;
            uint8_t *pw = test_hex_decode(json_str(json_get(tc, "password")), &pw_len);
            uint8_t *salt = test_hex_decode(json_str(json_get(tc, "salt")), &salt_len);
            uint8_t *dk = test_hex_decode(json_str(json_get(tc, "dk")), &dk_len);
            long long c = json_int(json_get(tc, "iterationCount"));
            char what[96];
            snprintf(what, sizeof(what), "%s tcId %lld", name, json_int(json_get(tc, "tcId")));
            CHECK(strcmp(json_str(json_get(tc, "result")), "valid") == 0);
            CHECK((size_t)json_int(json_get(tc, "dkLen")) == dk_len);
            if (c > QUICK_MAX_ITERATIONS) {
                slow++;
            } else {
                check_vector(hash, pw, pw_len, salt, salt_len, (uint64_t)c, dk, dk_len, what);
                ran++;
            }
            free(pw);
            free(salt);
            free(dk);
        }
    }
    CHECK(ran == expected_tests);
    CHECK(slow == expected_slow);
    json_free(root);
}

static void test_openssl(void)
{
    unsigned i;
    for (i = 0; i < 300; i++) {
        psa_algorithm_t hash = all_hashes[i % 7];
        uint8_t pw[300], salt[300], ours[400], theirs[400], buf[400];
        size_t pw_len = test_rng_range(0, i % 5 == 0 ? sizeof(pw) : 40);
        size_t salt_len = test_rng_range(0, i % 3 == 0 ? sizeof(salt) : 32);
        size_t len = test_rng_range(1, sizeof(ours));
        uint64_t c = i % 10 == 0 ? test_rng_range(1000, 3000) : test_rng_range(1, 40);
        if (!test_hash_built(hash)) {
            continue;
        }
        test_rng_bytes(pw, pw_len);
        test_rng_bytes(salt, salt_len);
        CHECK(PKCS5_PBKDF2_HMAC((const char *)pw, (int)pw_len, salt, (int)salt_len, (int)c,
                                md_of(hash), (int)len, theirs) == 1);
        CHECK_STATUS(streamed(hash, pw, pw_len, salt, salt_len, test_rng_range(0, salt_len), c,
                              ours, len, test_rng_range(0, 3 * PSA_HASH_LENGTH(hash))),
                     PSA_SUCCESS);
        if (!CHECK_MEM(ours, theirs, len)) {
            fprintf(stderr, "  hash %08x c %u pw %zu salt %zu len %zu\n", (unsigned)hash,
                    (unsigned)c, pw_len, salt_len, len);
        }
        /* In place: dk over the password, then over the salt. */
        memcpy(buf, pw, pw_len);
        CHECK_STATUS(pp_pbkdf2(hash, buf, pw_len, salt, salt_len, c, buf, len), PSA_SUCCESS);
        CHECK_MEM(buf, theirs, len);
        memcpy(buf, salt, salt_len);
        CHECK_STATUS(pp_pbkdf2(hash, pw, pw_len, buf, salt_len, c, buf, len), PSA_SUCCESS);
        CHECK_MEM(buf, theirs, len);
    }
}

/* The last block, T_{2^32 - 1}, white box: with c = 1 it is
 * HMAC(P, S || INT(i)), which OpenSSL's HMAC gives directly. */
static void test_last_block(psa_algorithm_t hash)
{
    static const uint8_t pw[] = "pw", salt[] = "NaCl";
    uint8_t msg[8], want[64], out[65];
    unsigned int want_len = 0;
    size_t h = PSA_HASH_LENGTH(hash);
    pp_pbkdf2_ctx ctx;

    memcpy(msg, salt, 4);
    msg[4] = msg[5] = msg[6] = msg[7] = 0xff;
    CHECK(HMAC(md_of(hash), pw, 2, msg, 8, want, &want_len) != NULL && want_len == h);

    CHECK_STATUS(pp_pbkdf2_setup(&ctx, hash, pw, 2, 1), PSA_SUCCESS);
    pp_pbkdf2_salt(&ctx, salt, 4);
    ctx.index = 0xFFFFFFFEu;   /* T_1 .. T_{2^32 - 2} already output */
    memset(out, 0x5a, sizeof(out));
    CHECK_STATUS(pp_pbkdf2_output(&ctx, out, h + 1), PSA_ERROR_INSUFFICIENT_DATA);
    CHECK(out[0] == 0x5a && out[h] == 0x5a);   /* nothing written */
    CHECK_STATUS(pp_pbkdf2_output(&ctx, out, 3), PSA_SUCCESS);
    CHECK_STATUS(pp_pbkdf2_output(&ctx, out + 3, h - 2), PSA_ERROR_INSUFFICIENT_DATA);
    CHECK_STATUS(pp_pbkdf2_output(&ctx, out + 3, h - 3), PSA_SUCCESS);
    CHECK_MEM(out, want, h);
    CHECK_STATUS(pp_pbkdf2_output(&ctx, out, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_pbkdf2_output(&ctx, out, 1), PSA_ERROR_INSUFFICIENT_DATA);
    pp_pbkdf2_wipe(&ctx);
    CHECK_STATUS(pp_pbkdf2_output(&ctx, out, 1), PSA_ERROR_BAD_STATE);
}

static void test_negative(void)
{
    static const uint8_t pw[4] = {1, 2, 3, 4};
    uint8_t out[32];
    pp_pbkdf2_ctx ctx;
    size_t i;

    if (PSA_WANT_ALG_SHA_256) {
        CHECK_STATUS(pp_pbkdf2_setup(&ctx, PSA_ALG_SHA_256, pw, 4, 0), PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(pp_pbkdf2_output(&ctx, out, 1), PSA_ERROR_BAD_STATE);
        CHECK_STATUS(pp_pbkdf2(PSA_ALG_SHA_256, pw, 4, pw, 4, 0, out, 32),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(pp_pbkdf2(PSA_ALG_SHA_256, pw, 4, pw, 4, 0x100000000ull, out, 32),
                     PSA_ERROR_NOT_SUPPORTED);
        CHECK_STATUS(pp_pbkdf2_setup(&ctx, PSA_ALG_SHA_256, pw, 4, 0xFFFFFFFFull), PSA_SUCCESS);
        pp_pbkdf2_wipe(&ctx);
        /* A MAC algorithm is not a hash; SHA3 is a hash picopsa's HMAC lacks. */
        CHECK_STATUS(pp_pbkdf2(PSA_ALG_HMAC(PSA_ALG_SHA_256), pw, 4, pw, 4, 1, out, 32),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(pp_pbkdf2(PSA_ALG_SHA3_256, pw, 4, pw, 4, 1, out, 32),
                     PSA_ERROR_NOT_SUPPORTED);
        CHECK_STATUS(pp_pbkdf2(PSA_ALG_SHA_256, pw, 4, pw, 4, 1, out, 0), PSA_SUCCESS);
    }
    for (i = 0; i < sizeof(all_hashes) / sizeof(all_hashes[0]); i++) {
        if (test_hash_built(all_hashes[i])) {
            test_last_block(all_hashes[i]);
        } else {
            CHECK_STATUS(pp_pbkdf2(all_hashes[i], pw, 4, pw, 4, 1, out, 1),
                         PSA_ERROR_NOT_SUPPORTED);
        }
    }
}

int main(void)
{
    test_rng_seed(0x8018);
    test_rfc();
    if (PSA_WANT_ALG_SHA_1) {
        test_wycheproof_file("pbkdf2_hmacsha1_test.json", PSA_ALG_SHA_1, 63, 1);
    }
    if (PSA_WANT_ALG_SHA_256) {
        test_wycheproof_file("pbkdf2_hmacsha256_test.json", PSA_ALG_SHA_256, 60, 0);
    }
    test_openssl();
    test_negative();
    return test_report("pbkdf2");
}
#endif
