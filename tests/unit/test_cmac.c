/*
 * test_cmac.c -- AES-CMAC (src/mac/cmac.c) through the internal API:
 *  - RFC 4493 section 4 (AES-128: subkeys K1/K2 of 2.3 and examples 1-4);
 *  - SP 800-38B Appendix D.1-D.3 (AES-128/192/256, Mlen = 0, 128, 320,
 *    512 bits) and the NIST "CMAC examples" Mlen = 160 cases, with the
 *    subkeys, one-shot and fed one byte at a time;
 *  - every case of Wycheproof aes_cmac_test.json: valid tags must match,
 *    modified tags must not, and the invalid key sizes must fail at setup;
 *  - OpenSSL 3 EVP_MAC "CMAC" over random keys of each size and messages
 *    of 0..600 bytes, fed in random chunks (empty chunks included), and
 *    the one-shot with mac == in;
 *  - the API contract (bad key sizes, wipe on finish and wipe, clone by
 *    copy, calls on a context that is not set up).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "common/pp_util.h"
#include "json.h"
#include "mac/cmac.h"
#include "test_util.h"

/* ---- RFC 4493 / SP 800-38B Appendix D ---------------------------------- */

/* SP 800-38A F.1 plaintext, of which D.1-D.3 MAC the first 0, 16, 20, 40
 * and 64 bytes. */
static const char nist_msg[] =
    "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";

struct nist_case {
    const char *key;
    const char *k1, *k2;      /* SP 800-38B 6.1 subkeys */
    const char *tag[5];       /* Mlen = 0, 128, 160, 320, 512 bits */
};

static const struct nist_case nist[3] = {
    /* D.1 = RFC 4493 section 4 (2.3 gives the same K1, K2); Mlen = 160
     * from the NIST CSRC AES_CMAC.pdf examples. */
    { "2b7e151628aed2a6abf7158809cf4f3c",
      "fbeed618357133667c85e08f7236a8de", "f7ddac306ae266ccf90bc11ee46d513b",
      { "bb1d6929e95937287fa37d129b756746", "070a16b46b4d4144f79bdd9dd04a287c",
        "7d85449ea6ea19c823a7bf78837dfade", "dfa66747de9ae63030ca32611497c827",
        "51f0bebf7e3b9d92fc49741779363cfe" } },
    /* D.2 AES-192. */
    { "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
      "448a5b1c93514b273ee6439dd4daa296", "8914b63926a2964e7dcc873ba9b5452c",
      { "d17ddf46adaacde531cac483de7a9367", "9e99a7bf31e710900662f65e617c5184",
        "3d75c194ed96070444a9fa7ec740ecf8", "8a1de5be2eb31aad089a82e6ee908b0e",
        "a1d5df0eed790f794d77589659f39a11" } },
    /* D.3 AES-256. */
    { "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
      "cad1ed03299eedac2e9a99808621502f", "95a3da06533ddb585d3533010c42a0d9",
      { "028962f61b7bf89efc6b551f4667d983", "28a7023f452e8f82bd4bf28d8c37c35c",
        "156727dc0878944a023c1fe03bad6d93", "aaf3d8f1de5640c232f5b169b9c911e6",
        "e1992190549f6ed5696a2c056c315410" } },
};

static void test_nist(void)
{
    static const size_t lens[5] = { 0, 16, 20, 40, 64 };
    uint8_t msg[64], key[32], want[16], got[16];
    size_t n, c, i, key_len;

    CHECK(test_hex_to(nist_msg, msg, sizeof(msg)) == 64);
    for (c = 0; c < 3; c++) {
        pp_cmac_ctx ctx;
        key_len = test_hex_to(nist[c].key, key, sizeof(key));
        CHECK_STATUS(pp_cmac_setup(&ctx, key, key_len), PSA_SUCCESS);
        test_hex_to(nist[c].k1, want, sizeof(want));
        CHECK_MEM(ctx.k1, want, 16);
        test_hex_to(nist[c].k2, want, sizeof(want));
        CHECK_MEM(ctx.k2, want, 16);
        pp_cmac_wipe(&ctx);
        for (n = 0; n < 5; n++) {
            test_hex_to(nist[c].tag[n], want, sizeof(want));
            memset(got, 0, sizeof(got));
            CHECK_STATUS(pp_cmac_compute(key, key_len, msg, lens[n], got), PSA_SUCCESS);
            if (!CHECK_MEM(got, want, 16)) {
                fprintf(stderr, "  NIST CMAC key %zu bytes, Mlen %zu bytes\n", key_len, lens[n]);
            }
            /* Byte at a time. */
            memset(got, 0, sizeof(got));
            CHECK_STATUS(pp_cmac_setup(&ctx, key, key_len), PSA_SUCCESS);
            for (i = 0; i < lens[n]; i++) {
                pp_cmac_update(&ctx, msg + i, 1);
            }
            pp_cmac_finish(&ctx, got);
            CHECK_MEM(got, want, 16);
            /* Negative: a flipped message bit changes the tag. */
            if (lens[n] != 0) {
                msg[lens[n] - 1] ^= 0x01;
                CHECK_STATUS(pp_cmac_compute(key, key_len, msg, lens[n], got), PSA_SUCCESS);
                CHECK(memcmp(got, want, 16) != 0);
                msg[lens[n] - 1] ^= 0x01;
            }
        }
    }
}

/* ---- Wycheproof -------------------------------------------------------- */

struct wy_counts {
    size_t cases, failures, bad_keys, modified;
};

/* Hex field `name` of a test case, malloc'd. */
static uint8_t *wy_hex(const json_value *tc, const char *name, size_t *len)
{
    return test_hex_decode(json_str(json_get(tc, name)), len);
}

/* One case: 1 when our verdict agrees with `result`. A key size other
 * than 128/192/256 bits must be refused by setup itself (context left
 * wiped) and the one-shot must write no tag; otherwise the first
 * tag_bytes of our tag must equal `tag` exactly for "valid" cases. */
static int wy_case(const json_value *tc, size_t key_bits, size_t tag_bytes, struct wy_counts *n)
{
    size_t key_len, msg_len, tag_len;
    uint8_t *key = wy_hex(tc, "key", &key_len);
    uint8_t *msg = wy_hex(tc, "msg", &msg_len);
    uint8_t *tag = wy_hex(tc, "tag", &tag_len);
    int valid = strcmp(json_str(json_get(tc, "result")), "valid") == 0;
    int key_ok = key_bits == 128 || key_bits == 192 || key_bits == 256;
    uint8_t mac[16];
    pp_cmac_ctx ctx;
    psa_status_t st;
    int agree;

    memset(mac, 0x5a, sizeof(mac));
    st = pp_cmac_compute(key, key_len, msg, msg_len, mac);
    if (!key_ok) {
        agree = !valid && st == PSA_ERROR_INVALID_ARGUMENT && mac[0] == 0x5a && mac[15] == 0x5a &&
                pp_cmac_setup(&ctx, key, key_len) == PSA_ERROR_INVALID_ARGUMENT && ctx.ready == 0;
        n->bad_keys += (size_t)agree;
    } else {
        int match = st == PSA_SUCCESS && tag_len == tag_bytes && tag_bytes <= 16 &&
                    pp_ct_memeq(mac, tag, tag_bytes);
        agree = match == valid;
        n->modified += (size_t)(!valid && agree);
    }
    agree &= key_len * 8u == key_bits;
    free(key);
    free(msg);
    free(tag);
    return agree;
}

static void test_wycheproof(void)
{
    const char *file = "vectors/wycheproof/aes_cmac_test.json";
    json_value *root = json_parse_file(test_data_path(file));
    const json_value *groups = json_get(root, "testGroups");
    struct wy_counts n = { 0, 0, 0, 0 };
    size_t g, t;

    for (g = 0; g < json_len(groups); g++) {
        const json_value *group = json_at(groups, g);
        const json_value *tests = json_get(group, "tests");
        size_t key_bits = (size_t)json_int(json_get(group, "keySize"));
        size_t tag_bytes = (size_t)json_int(json_get(group, "tagSize")) / 8u;

        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            if (!wy_case(tc, key_bits, tag_bytes, &n)) {
                n.failures++;
                fprintf(stderr, "%s tcId %lld (%s) disagrees\n", file,
                        json_int(json_get(tc, "tcId")), json_str(json_get(tc, "result")));
            }
            n.cases++;
        }
    }
    printf("%s: %zu cases (%zu bad key sizes, %zu modified tags refused), %zu failures\n",
           file, n.cases, n.bad_keys, n.modified, n.failures);
    CHECK(n.cases == (size_t)json_int(json_get(root, "numberOfTests")));
    CHECK(n.cases > 0 && n.failures == 0 && n.bad_keys == 5 && n.modified > 0);
    json_free(root);
}

/* ---- OpenSSL cross-check ----------------------------------------------- */

static void openssl_cmac(const uint8_t *key, size_t key_len, const uint8_t *msg, size_t msg_len,
                         uint8_t out[16])
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
    EVP_MAC_CTX *ctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
    char cipher[16];
    OSSL_PARAM params[2];
    size_t out_len = 0;

    snprintf(cipher, sizeof(cipher), "AES-%zu-CBC", key_len * 8);
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, cipher, 0);
    params[1] = OSSL_PARAM_construct_end();
    CHECK(ctx != NULL);
    CHECK(EVP_MAC_init(ctx, key, key_len, params) == 1);
    CHECK(EVP_MAC_update(ctx, msg, msg_len) == 1);
    CHECK(EVP_MAC_final(ctx, out, &out_len, 16) == 1);
    CHECK(out_len == 16);
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
}

static void test_openssl(void)
{
    uint8_t key[32], msg[600], want[16], got[16], inplace[600];
    size_t ks, round, runs = 0, mismatches = 0;

    for (ks = 0; ks < 3; ks++) {
        size_t key_len = 16 + 8 * ks;
        for (round = 0; round < 120; round++) {
            /* The first rounds sit on block boundaries. */
            static const size_t edges[] = { 0, 1, 15, 16, 17, 31, 32, 33, 47, 48, 49, 64 };
            size_t msg_len = round < 12 ? edges[round] : test_rng_range(0, sizeof(msg));
            size_t done = 0;
            pp_cmac_ctx ctx;

            test_rng_bytes(key, key_len);
            test_rng_bytes(msg, msg_len);
            openssl_cmac(key, key_len, msg, msg_len, want);

            CHECK_STATUS(pp_cmac_setup(&ctx, key, key_len), PSA_SUCCESS);
            while (done < msg_len) {
                /* Chunks of 0..40 bytes, so empty updates and chunks
                 * that end on and off block boundaries all occur. */
                size_t piece = test_rng_range(0, 40);
                if (piece > msg_len - done) {
                    piece = msg_len - done;
                }
                pp_cmac_update(&ctx, msg + done, piece);
                done += piece;
            }
            pp_cmac_finish(&ctx, got);
            runs++;
            if (memcmp(got, want, 16) != 0) {
                mismatches++;
                fprintf(stderr, "OpenSSL mismatch: key %zu msg %zu\n", key_len, msg_len);
            }
            /* One-shot with the tag written over the message. */
            memcpy(inplace, msg, msg_len);
            if (msg_len >= 16) {
                CHECK_STATUS(pp_cmac_compute(key, key_len, inplace, msg_len, inplace), PSA_SUCCESS);
                mismatches += memcmp(inplace, want, 16) != 0;
            }
        }
    }
    CHECK(runs == 360 && mismatches == 0);
}

/* ---- API contract ------------------------------------------------------ */

static void test_api(void)
{
    static const size_t bad_lens[] = { 0, 1, 15, 17, 23, 25, 31, 33, 64 };
    uint8_t key[64], a[16], b[16], zero[sizeof(pp_cmac_ctx)];
    pp_cmac_ctx ctx, clone;
    size_t i;

    memset(key, 0x42, sizeof(key));
    memset(zero, 0, sizeof(zero));
    for (i = 0; i < sizeof(bad_lens) / sizeof(bad_lens[0]); i++) {
        memset(&ctx, 0xa5, sizeof(ctx));
        CHECK_STATUS(pp_cmac_setup(&ctx, key, bad_lens[i]), PSA_ERROR_INVALID_ARGUMENT);
        CHECK(memcmp(&ctx, zero, sizeof(ctx)) == 0);
        memset(a, 0x77, sizeof(a));
        CHECK_STATUS(pp_cmac_compute(key, bad_lens[i], key, 16, a), PSA_ERROR_INVALID_ARGUMENT);
        CHECK(a[0] == 0x77 && a[15] == 0x77);
    }

    /* NULL with length 0 and empty updates change nothing. */
    CHECK_STATUS(pp_cmac_compute(key, 16, NULL, 0, a), PSA_SUCCESS);
    CHECK_STATUS(pp_cmac_setup(&ctx, key, 16), PSA_SUCCESS);
    pp_cmac_update(&ctx, NULL, 0);
    pp_cmac_update(&ctx, key, 0);
    pp_cmac_finish(&ctx, b);
    CHECK_MEM(a, b, 16);

    /* Clone by struct copy mid-message, with a full block buffered. */
    CHECK_STATUS(pp_cmac_setup(&ctx, key, 32), PSA_SUCCESS);
    pp_cmac_update(&ctx, key, 32);
    clone = ctx;
    pp_cmac_update(&ctx, key, 5);
    pp_cmac_update(&clone, key, 5);
    pp_cmac_finish(&ctx, a);
    pp_cmac_finish(&clone, b);
    CHECK_MEM(a, b, 16);
    CHECK_STATUS(pp_cmac_compute(key, 32, key, 37, b), PSA_SUCCESS);
    CHECK_MEM(a, b, 16);

    /* finish wipes the whole context; update and finish after it, and
     * after wipe, do nothing. */
    CHECK(memcmp(&ctx, zero, sizeof(ctx)) == 0);
    pp_cmac_update(&ctx, key, 16);
    memset(a, 0x77, sizeof(a));
    pp_cmac_finish(&ctx, a);
    CHECK(a[0] == 0x77 && a[15] == 0x77);
    CHECK(memcmp(&ctx, zero, sizeof(ctx)) == 0);
    CHECK_STATUS(pp_cmac_setup(&ctx, key, 24), PSA_SUCCESS);
    pp_cmac_update(&ctx, key, 20);
    pp_cmac_wipe(&ctx);
    CHECK(memcmp(&ctx, zero, sizeof(ctx)) == 0);
    pp_cmac_finish(&ctx, a);
    CHECK(a[0] == 0x77 && a[15] == 0x77);

    /* Key sizes are told apart: the same 32 bytes as 16, 24, 32. */
    CHECK_STATUS(pp_cmac_compute(key, 16, key, 16, a), PSA_SUCCESS);
    CHECK_STATUS(pp_cmac_compute(key, 24, key, 16, b), PSA_SUCCESS);
    CHECK(memcmp(a, b, 16) != 0);
    CHECK_STATUS(pp_cmac_compute(key, 32, key, 16, a), PSA_SUCCESS);
    CHECK(memcmp(a, b, 16) != 0);
}

int main(void)
{
    test_rng_seed(0xc3ac);
    test_nist();
    test_wycheproof();
    test_openssl();
    test_api();
    return test_report("cmac");
}
