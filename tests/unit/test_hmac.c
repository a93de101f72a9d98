/*
 * test_hmac.c -- HMAC (src/mac/hmac.c) through the internal API:
 *  - RFC 4231 section 4 test cases 1-7 for SHA-224/256/384/512 (case 5 is
 *    the 128-bit truncated tag), one-shot and fed one byte at a time;
 *  - every case of Wycheproof hmac_sha{256,384,512}_test.json: the first
 *    tagSize/8 bytes of our tag must equal `tag` for "valid" cases and
 *    differ for "invalid" ones;
 *  - OpenSSL HMAC() over random keys (0..300 bytes, across both block
 *    sizes) and messages, with updates split at random offsets;
 *  - the API contract (statuses, clone by copy, wipe on finish/abort).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "common/pp_util.h"
#include "hash/pp_hash.h"
#include "json.h"
#include "mac/hmac.h"
#include "test_config.h"
#include "test_util.h"

static const psa_algorithm_t hash_algs[4] = { PSA_ALG_SHA_224, PSA_ALG_SHA_256,
                                              PSA_ALG_SHA_384, PSA_ALG_SHA_512 };

/* ---- RFC 4231 ---------------------------------------------------------- */

struct rfc4231_case {
    int number;
    size_t key_len;
    uint8_t key_byte;       /* 0: key is 0x01, 0x02, ... (case 4) */
    const char *data;       /* text, or NULL for data_len x data_byte */
    size_t data_len;
    uint8_t data_byte;
    size_t tag_len;         /* 0: full length; 16 for case 5 */
    const char *mac[4];     /* SHA-224, SHA-256, SHA-384, SHA-512 */
};

static const struct rfc4231_case rfc4231[] = {
    { 1, 20, 0x0b, "Hi There", 0, 0, 0,
      { "896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22",
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
        "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59c"
        "faea9ea9076ede7f4af152e8b2fa9cb6",
        "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
        "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854" } },
    { 2, 0, 0, "what do ya want for nothing?", 0, 0, 0,   /* key "Jefe" */
      { "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44",
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e"
        "8e2240ca5e69e2c78b3239ecfab21649",
        "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
        "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737" } },
    { 3, 20, 0xaa, NULL, 50, 0xdd, 0,
      { "7fb3cb3588c6c1f6ffa9694d7d6ad2649365b0c1f65d69d1ec8333ea",
        "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
        "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b"
        "2a5ab39dc13814b94e3ab6e101a34f27",
        "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39"
        "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb" } },
    { 4, 25, 0, NULL, 50, 0xcd, 0,
      { "6c11506874013cac6a2abc1bb382627cec6a90d86efc012de7afec5a",
        "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
        "3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e"
        "6801dd23c4a7d679ccf8a386c674cffb",
        "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3db"
        "a91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd" } },
    { 5, 20, 0x0c, "Test With Truncation", 0, 0, 16,
      { "0e2aea68a90c8d37c988bcdb9fca6fa8",
        "a3b6167473100ee06e0c796c2955552b",
        "3abf34c3503b2a23a46efc619baef897",
        "415fad6271580a531d4179bc891d87a6" } },
    { 6, 131, 0xaa, "Test Using Larger Than Block-Size Key - Hash Key First", 0, 0, 0,
      { "95e9a0db962095adaebe9b2d6f0dbce2d499f112f2d2b7273fa6870e",
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
        "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c6"
        "0c2ef6ab4030fe8296248df163f44952",
        "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
        "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598" } },
    { 7, 131, 0xaa,
      "This is a test using a larger than block-size key and a larger than "
      "block-size data. The key needs to be hashed before being used by the "
      "HMAC algorithm.", 0, 0, 0,
      { "3a854166ac5d9f023f54d517d0b39dbd946770db9c2b95c9f6f565d1",
        "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
        "6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5"
        "a678cc31e799176d3860e6110c46523e",
        "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
        "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58" } },
};

static void test_rfc4231(void)
{
    size_t c, h, i;
    for (c = 0; c < sizeof(rfc4231) / sizeof(rfc4231[0]); c++) {
        const struct rfc4231_case *t = &rfc4231[c];
        uint8_t key[131], data[256], want[64], got[64];
        size_t key_len = t->key_len, data_len;

        if (t->number == 2) {
            memcpy(key, "Jefe", 4);
            key_len = 4;
        } else if (t->key_byte == 0) {
            for (i = 0; i < key_len; i++) {
                key[i] = (uint8_t)(i + 1);
            }
        } else {
            memset(key, t->key_byte, key_len);
        }
        if (t->data != NULL) {
            data_len = strlen(t->data);
            memcpy(data, t->data, data_len);
        } else {
            data_len = t->data_len;
            memset(data, t->data_byte, data_len);
        }

        for (h = 0; h < 4; h++) {
            size_t want_len = test_hex_to(t->mac[h], want, sizeof(want));
            pp_hmac_ctx ctx;
            if (!test_hash_built(hash_algs[h])) {
                /* Configured out: HMAC over it is not supported either. */
                CHECK_STATUS(pp_hmac_compute(hash_algs[h], key, key_len, data, data_len, got),
                             PSA_ERROR_NOT_SUPPORTED);
                CHECK_STATUS(pp_hmac_setup(&ctx, hash_algs[h], key, key_len), PSA_ERROR_NOT_SUPPORTED);
                continue;
            }
            CHECK(t->tag_len != 0 || want_len == pp_hash_size(hash_algs[h]));
            CHECK_STATUS(pp_hmac_compute(hash_algs[h], key, key_len, data, data_len, got), PSA_SUCCESS);
            if (!CHECK_MEM(got, want, want_len)) {
                fprintf(stderr, "  RFC 4231 case %d, hash 0x%08x\n", t->number, (unsigned)hash_algs[h]);
            }
            /* Byte-at-a-time updates. */
            memset(got, 0, sizeof(got));
            CHECK_STATUS(pp_hmac_setup(&ctx, hash_algs[h], key, key_len), PSA_SUCCESS);
            for (i = 0; i < data_len; i++) {
                pp_hmac_update(&ctx, data + i, 1);
            }
            pp_hmac_finish(&ctx, got);
            CHECK_MEM(got, want, want_len);
        }
    }
}

/* ---- Wycheproof -------------------------------------------------------- */

static void test_wycheproof_file(const char *file, psa_algorithm_t alg)
{
    json_value *root;
    const json_value *groups;
    size_t g, t, count = 0, failures = 0;

    if (!test_hash_built(alg)) {
        uint8_t mac[64];
        CHECK_STATUS(pp_hmac_compute(alg, (const uint8_t *)"k", 1, NULL, 0, mac), PSA_ERROR_NOT_SUPPORTED);
        printf("%s: skipped, hash configured out\n", file);
        return;
    }
    root = json_parse_file(test_data_path(file));
    groups = json_get(root, "testGroups");

    for (g = 0; g < json_len(groups); g++) {
        const json_value *group = json_at(groups, g);
        const json_value *tests = json_get(group, "tests");
        size_t tag_bytes = (size_t)json_int(json_get(group, "tagSize")) / 8u;
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            const char *result = json_str(json_get(tc, "result"));
            size_t key_len, msg_len, tag_len;
            uint8_t *key = test_hex_decode(json_str(json_get(tc, "key")), &key_len);
            uint8_t *msg = test_hex_decode(json_str(json_get(tc, "msg")), &msg_len);
            uint8_t *tag = test_hex_decode(json_str(json_get(tc, "tag")), &tag_len);
            uint8_t mac[64];
            int match, want_match = strcmp(result, "valid") == 0;

            if (pp_hmac_compute(alg, key, key_len, msg, msg_len, mac) != PSA_SUCCESS) {
                match = -1;
            } else {
                match = tag_len == tag_bytes && tag_bytes <= pp_hash_size(alg) &&
                        pp_ct_memeq(mac, tag, tag_bytes);
            }
            if (match != want_match) {
                failures++;
                fprintf(stderr, "%s tcId %lld (%s): got %s\n", file,
                        json_int(json_get(tc, "tcId")), result, match ? "match" : "mismatch");
            }
            count++;
            free(key);
            free(msg);
            free(tag);
        }
    }
    printf("%s: %zu cases, %zu failures\n", file, count, failures);
    CHECK(count == (size_t)json_int(json_get(root, "numberOfTests")));
    CHECK(count > 0 && failures == 0);
    json_free(root);
}

/* ---- OpenSSL cross-check ----------------------------------------------- */

static const EVP_MD *openssl_md(psa_algorithm_t alg)
{
    switch (alg) {
    case PSA_ALG_SHA_224: return EVP_sha224();
    case PSA_ALG_SHA_256: return EVP_sha256();
    case PSA_ALG_SHA_384: return EVP_sha384();
    case PSA_ALG_SHA_1: return EVP_sha1();
    case PSA_ALG_SHA_512_224: return EVP_sha512_224();
    case PSA_ALG_SHA_512_256: return EVP_sha512_256();
    default: return EVP_sha512();
    }
}

/* Every hash HMAC can take (RFC 4231 covers only the first four). */
static const psa_algorithm_t cross_algs[7] = { PSA_ALG_SHA_224, PSA_ALG_SHA_256,
                                               PSA_ALG_SHA_384, PSA_ALG_SHA_512,
                                               PSA_ALG_SHA_1, PSA_ALG_SHA_512_224,
                                               PSA_ALG_SHA_512_256 };
#define hash_algs cross_algs

static void test_openssl_cross_check(void)
{
    uint8_t key[300], msg[700], want[64], got[64];
    size_t h, round;
    size_t mismatches = 0, runs = 0, built = 0;

    for (h = 0; h < 7; h++) {
        if (!test_hash_built(hash_algs[h])) {
            continue; /* NOT_SUPPORTED is checked in test_rfc4231 */
        }
        built++;
        for (round = 0; round < 150; round++) {
            /* Key lengths sweep 0..299 across both block sizes (64, 128);
             * the first rounds hit the exact block boundaries. */
            static const size_t edges[] = { 0, 1, 63, 64, 65, 127, 128, 129 };
            size_t key_len = round < 8 ? edges[round] : test_rng_range(0, sizeof(key) - 1);
            size_t msg_len = test_rng_range(0, sizeof(msg));
            size_t done = 0;
            unsigned int want_len = 0;
            pp_hmac_ctx ctx;

            test_rng_bytes(key, key_len);
            test_rng_bytes(msg, msg_len);
            HMAC(openssl_md(hash_algs[h]), key, (int)key_len, msg, msg_len, want, &want_len);

            (void)pp_hmac_setup(&ctx, hash_algs[h], key_len ? key : NULL, key_len);
            while (done < msg_len) {
                size_t piece = test_rng_range(0, msg_len - done);
                pp_hmac_update(&ctx, msg + done, piece);
                done += piece;
            }
            pp_hmac_finish(&ctx, got);
            runs++;
            if (want_len != pp_hash_size(hash_algs[h]) || memcmp(got, want, want_len) != 0) {
                mismatches++;
                fprintf(stderr, "OpenSSL mismatch: hash 0x%08x key %zu msg %zu\n",
                        (unsigned)hash_algs[h], key_len, msg_len);
            }
        }
    }
    CHECK(runs == 150 * built && built > 0 && mismatches == 0);
}
#undef hash_algs

/* ---- API contract ------------------------------------------------------ */

/* The hashes of the clone and abort checks, SHA-256 (built in every
 * configs/ header) where the configuration leaves the usual one out. */
#if PSA_WANT_ALG_SHA_384
#define TEST_CLONE_HASH PSA_ALG_SHA_384
#else
#define TEST_CLONE_HASH PSA_ALG_SHA_256
#endif
#if PSA_WANT_ALG_SHA_512
#define TEST_ABORT_HASH PSA_ALG_SHA_512
#else
#define TEST_ABORT_HASH PSA_ALG_SHA_256
#endif

static void test_api(void)
{
    pp_hmac_ctx ctx, clone;
    uint8_t a[64], b[64], key[16];

    memset(key, 0x42, sizeof(key));
    CHECK_STATUS(pp_hmac_setup(&ctx, PSA_ALG_RIPEMD160, key, 16), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(pp_hmac_setup(&ctx, PSA_ALG_HMAC(PSA_ALG_SHA_256), key, 16), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_hmac_compute(PSA_ALG_SM3, key, 16, a, 0, b), PSA_ERROR_NOT_SUPPORTED);

    /* Empty key (NULL allowed) equals the all-zero key of any length up to
     * the block size (FIPS 198-1 pads with zeros). */
    {
        uint8_t zeros[64];
        memset(zeros, 0, sizeof(zeros));
        CHECK_STATUS(pp_hmac_compute(PSA_ALG_SHA_256, NULL, 0, key, 16, a), PSA_SUCCESS);
        CHECK_STATUS(pp_hmac_compute(PSA_ALG_SHA_256, zeros, 64, key, 16, b), PSA_SUCCESS);
        CHECK_MEM(a, b, 32);
        /* ... but a 65-byte zero key is hashed first, so it differs. */
        {
            uint8_t zeros65[65];
            memset(zeros65, 0, sizeof(zeros65));
            CHECK_STATUS(pp_hmac_compute(PSA_ALG_SHA_256, zeros65, 65, key, 16, b), PSA_SUCCESS);
            CHECK(memcmp(a, b, 32) != 0);
        }
    }

    /* Clone by struct copy (over SHA-256 when SHA-384 is configured out). */
    CHECK_STATUS(pp_hmac_setup(&ctx, TEST_CLONE_HASH, key, 16), PSA_SUCCESS);
    pp_hmac_update(&ctx, (const uint8_t *)"hello ", 6);
    clone = ctx;
    pp_hmac_update(&ctx, (const uint8_t *)"world", 5);
    pp_hmac_update(&clone, (const uint8_t *)"world", 5);
    pp_hmac_finish(&ctx, a);
    pp_hmac_finish(&clone, b);
    CHECK_MEM(a, b, PSA_HASH_LENGTH(TEST_CLONE_HASH));
    CHECK(ctx.inner.alg == 0 && ctx.outer.alg == 0);

    /* Abort wipes the whole context; finish after abort writes nothing. */
    CHECK_STATUS(pp_hmac_setup(&ctx, TEST_ABORT_HASH, key, 16), PSA_SUCCESS);
    pp_hmac_abort(&ctx);
    {
        pp_hmac_ctx zero;
        memset(&zero, 0, sizeof(zero));
        CHECK(memcmp(&ctx, &zero, sizeof(ctx)) == 0);
    }
    memset(a, 0x77, sizeof(a));
    pp_hmac_finish(&ctx, a);
    CHECK(a[0] == 0x77 && a[63] == 0x77);
}

int main(void)
{
    test_rng_seed(0x4a3c);
    test_rfc4231();
    test_wycheproof_file("vectors/wycheproof/hmac_sha1_test.json", PSA_ALG_SHA_1);
    test_wycheproof_file("vectors/wycheproof/hmac_sha256_test.json", PSA_ALG_SHA_256);
    test_wycheproof_file("vectors/wycheproof/hmac_sha384_test.json", PSA_ALG_SHA_384);
    test_wycheproof_file("vectors/wycheproof/hmac_sha512_test.json", PSA_ALG_SHA_512);
    test_openssl_cross_check();
    test_api();
    return test_report("hmac");
}
