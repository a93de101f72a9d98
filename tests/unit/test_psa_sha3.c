/*
 * test_psa_sha3.c -- SHA3-224/256/384/512 and SHAKE256/512 (FIPS 202) through
 * the PSA hash API, and SHA-3 where the library takes a hash (issue 26):
 *  - known answers: the FIPS 202 / NIST CSRC example digests of the empty
 *    message, "abc", the 448-bit message and 200 bytes of 0xa3 (the
 *    1600-bit example: every rate is crossed), typed in as hex, through
 *    psa_hash_compute, psa_hash_compare and a byte-at-a-time multi-part;
 *  - OpenSSL EVP_sha3_* / EVP_shake256 (64-byte output) over random
 *    messages of many lengths up to 16 KiB, fed in pieces of 0..700 bytes,
 *    with a clone taken at a random point and finished on another suffix;
 *  - psa_hash_verify / psa_hash_compare refusing a flipped bit or a short
 *    digest, finish into a short buffer, the size macros;
 *  - psa_hash_suspend -> NOT_SUPPORTED (spec 10.2.5 defines no SHA-3
 *    format; the operation is aborted), psa_hash_resume of a SHA-3 state ->
 *    NOT_SUPPORTED;
 *  - HMAC-SHA3 through psa_mac_* against OpenSSL HMAC (keys around the
 *    rate, the HMAC block), truncated tags, Wycheproof
 *    hmac_sha3_256_test.json; HMAC over SHAKE256/512 -> NOT_SUPPORTED;
 *  - HKDF-SHA3 through psa_key_derivation_* against OpenSSL's EVP_KDF HKDF;
 *  - RSA-OAEP(SHA3-*) (MGF1 over the same hash) both ways with OpenSSL;
 *  - PBKDF2 and HMAC_DRBG, which cache a SHA-2 chaining value, refuse SHA-3
 *    (NOT_SUPPORTED) instead of computing a wrong result.
 * Where the SHA-3 hashes are configured out, each answers NOT_SUPPORTED.
 */
#include <psa/crypto.h>
#include <picopsa/config.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "kdf/pbkdf2.h"
#include "random/hmac_drbg.h"
#include "test_config.h"
#include "test_util.h"

typedef struct {
    psa_algorithm_t alg;
    const EVP_MD *(*md)(void);
    size_t length, block;       /* digest bytes, rate in bytes */
} sha3_info;

static const sha3_info algs[] = {
    {PSA_ALG_SHA3_224, EVP_sha3_224, 28, 144},
    {PSA_ALG_SHA3_256, EVP_sha3_256, 32, 136},
    {PSA_ALG_SHA3_384, EVP_sha3_384, 48, 104},
    {PSA_ALG_SHA3_512, EVP_sha3_512, 64, 72},
    {PSA_ALG_SHAKE256_512, EVP_shake256, 64, 136},
};
#define ALG_COUNT (sizeof(algs) / sizeof(algs[0]))
/* The four SHA3-d hashes (HMAC and HKDF take these, not the XOF). */
#define SHA3_COUNT 4u

static unsigned long cross_checks;

/* ---- known answers ------------------------------------------------------ */

typedef struct {
    psa_algorithm_t alg;
    int message;        /* 0: "", 1: "abc", 2: 448-bit, 3: 200 x 0xa3 */
    const char *digest_hex;
} kat;

static const kat kats[] = {
    {PSA_ALG_SHA3_224, 0, "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7"},
    {PSA_ALG_SHA3_256, 0, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"},
    {PSA_ALG_SHA3_384, 0, "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a"
                          "c3713831264adb47fb6bd1e058d5f004"},
    {PSA_ALG_SHA3_512, 0, "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
                          "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"},
    {PSA_ALG_SHAKE256_512, 0, "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
                              "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be"},
    {PSA_ALG_SHA3_224, 1, "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf"},
    {PSA_ALG_SHA3_256, 1, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
    {PSA_ALG_SHA3_384, 1, "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b2"
                          "98d88cea927ac7f539f1edf228376d25"},
    {PSA_ALG_SHA3_512, 1, "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
                          "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"},
    {PSA_ALG_SHAKE256_512, 1, "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739"
                              "d5a15bef186a5386c75744c0527e1faa9f8726e462a12a4feb06bd8801e751e4"},
    {PSA_ALG_SHA3_224, 2, "8a24108b154ada21c9fd5574494479ba5c7e7ab76ef264ead0fcce33"},
    {PSA_ALG_SHA3_256, 2, "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376"},
    {PSA_ALG_SHA3_384, 2, "991c665755eb3a4b6bbdfb75c78a492e8c56a22c5c4d7e429bfdbc32b9d4ad5a"
                          "a04a1f076e62fea19eef51acd0657c22"},
    {PSA_ALG_SHA3_512, 2, "04a371e84ecfb5b8b77cb48610fca8182dd457ce6f326a0fd3d7ec2f1e91636d"
                          "ee691fbe0c985302ba1b0d8dc78c086346b533b49c030d99a27daf1139d6e75e"},
    {PSA_ALG_SHA3_224, 3, "9376816aba503f72f96ce7eb65ac095deee3be4bf9bbc2a1cb7e11e0"},
    {PSA_ALG_SHA3_256, 3, "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"},
    {PSA_ALG_SHA3_384, 3, "1881de2ca7e41ef95dc4732b8f5f002b189cc1e42b74168ed1732649ce1dbcdd"
                          "76197a31fd55ee989f2d7050dd473e8f"},
    {PSA_ALG_SHA3_512, 3, "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
                          "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00"},
};

static const uint8_t *kat_message(int which, size_t *len)
{
    static const char msg_448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    static uint8_t a3[200];
    memset(a3, 0xa3, sizeof(a3));
    switch (which) {
    case 0: *len = 0; return (const uint8_t *)"";
    case 1: *len = 3; return (const uint8_t *)"abc";
    case 2: *len = sizeof(msg_448) - 1; return (const uint8_t *)msg_448;
    default: *len = sizeof(a3); return a3;
    }
}

/* One known answer four ways: compute, compare, byte-at-a-time finish and
 * byte-at-a-time verify. Returns the number of ways that matched. */
static int kat_ways(psa_algorithm_t alg, const uint8_t *msg, size_t msg_len, const uint8_t *want,
                    size_t want_len)
{
    int way, matched = 0;
    for (way = 0; way < 4; way++) {
        uint8_t out[PSA_HASH_MAX_SIZE] = {0};
        size_t out_len = 0, off;
        psa_hash_operation_t op = PSA_HASH_OPERATION_INIT;
        psa_status_t st;
        if (way == 0) {
            st = psa_hash_compute(alg, msg, msg_len, out, sizeof(out), &out_len);
            matched += st == PSA_SUCCESS && out_len == want_len && !memcmp(out, want, want_len);
            continue;
        }
        if (way == 1) {
            matched += psa_hash_compare(alg, msg, msg_len, want, want_len) == PSA_SUCCESS;
            continue;
        }
        st = psa_hash_setup(&op, alg);
        for (off = 0; st == PSA_SUCCESS && off < msg_len; off++) {
            st = psa_hash_update(&op, msg + off, 1);
        }
        if (st == PSA_SUCCESS && way == 2) {
            st = psa_hash_finish(&op, out, sizeof(out), &out_len);
            matched += st == PSA_SUCCESS && out_len == want_len && !memcmp(out, want, want_len);
        } else if (st == PSA_SUCCESS) {
            matched += psa_hash_verify(&op, want, want_len) == PSA_SUCCESS;
        }
        psa_hash_abort(&op);
    }
    return matched;
}

static void test_kats(void)
{
    size_t i;
    for (i = 0; i < sizeof(kats) / sizeof(kats[0]); i++) {
        psa_algorithm_t alg = kats[i].alg;
        uint8_t want[PSA_HASH_MAX_SIZE], out[PSA_HASH_MAX_SIZE];
        size_t want_len = test_hex_to(kats[i].digest_hex, want, sizeof(want)), msg_len, n = 0;
        const uint8_t *msg = kat_message(kats[i].message, &msg_len);
        if (test_hash_built(alg)) {
            CHECK(want_len == PSA_HASH_LENGTH(alg));
            CHECK_STATUS(kat_ways(alg, msg, msg_len, want, want_len), 4);
        } else {
            CHECK_STATUS(psa_hash_compute(alg, msg, msg_len, out, sizeof(out), &n),
                         PSA_ERROR_NOT_SUPPORTED);
        }
    }
}

/* ---- OpenSSL cross-check -------------------------------------------------- */

static void ossl_digest(const sha3_info *h, const uint8_t *msg, size_t len, uint8_t *out)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned int n = 0;
    CHECK(ctx != NULL && EVP_DigestInit_ex(ctx, h->md(), NULL) == 1);
    CHECK(EVP_DigestUpdate(ctx, msg, len) == 1);
    if (h->alg == PSA_ALG_SHAKE256_512) {
        CHECK(EVP_DigestFinalXOF(ctx, out, h->length) == 1);
    } else {
        CHECK(EVP_DigestFinal_ex(ctx, out, &n) == 1 && n == h->length);
    }
    EVP_MD_CTX_free(ctx);
}

/* Feed msg in pieces of 0..700 bytes. */
static void update_random_split(psa_hash_operation_t *op, const uint8_t *msg, size_t len)
{
    size_t off = 0;
    while (off < len) {
        size_t piece = test_rng_range(0, len - off < 700 ? len - off : 700);
        CHECK_STATUS(psa_hash_update(op, msg + off, piece), PSA_SUCCESS);
        off += piece;
    }
}

static void cross_check_one(const sha3_info *h, const uint8_t *msg, size_t len)
{
    uint8_t want[PSA_HASH_MAX_SIZE], got[PSA_HASH_MAX_SIZE], other[PSA_HASH_MAX_SIZE];
    uint8_t *alt = malloc(len + 1);
    size_t got_len = 0, cut = test_rng_range(0, len);
    psa_hash_operation_t op = PSA_HASH_OPERATION_INIT, clone = PSA_HASH_OPERATION_INIT;

    ossl_digest(h, msg, len, want);
    CHECK_STATUS(psa_hash_compute(h->alg, msg, len, got, sizeof(got), &got_len), PSA_SUCCESS);
    CHECK(got_len == h->length);
    CHECK_MEM(got, want, h->length);

    /* Multi-part in random pieces; the clone taken at `cut` finishes on
     * another suffix (msg[cut] flipped), checked against OpenSSL too. */
    CHECK_STATUS(psa_hash_setup(&op, h->alg), PSA_SUCCESS);
    update_random_split(&op, msg, cut);
    CHECK_STATUS(psa_hash_clone(&op, &clone), PSA_SUCCESS);
    update_random_split(&op, msg + cut, len - cut);
    memset(got, 0, sizeof(got));
    CHECK_STATUS(psa_hash_finish(&op, got, sizeof(got), &got_len), PSA_SUCCESS);
    CHECK(got_len == h->length);
    CHECK_MEM(got, want, h->length);

    memcpy(alt, msg, len);
    alt[len] = 0x5a;
    if (cut < len) {
        alt[cut] ^= 0x01;
    }
    update_random_split(&clone, alt + cut, len + 1 - cut);
    ossl_digest(h, alt, len + 1, want);
    CHECK_STATUS(psa_hash_finish(&clone, other, sizeof(other), &got_len), PSA_SUCCESS);
    CHECK_MEM(other, want, h->length);
    free(alt);
    cross_checks++;
}

static void test_openssl(void)
{
    static uint8_t msg[16384 + 1];
    size_t a, len;
    test_rng_bytes(msg, sizeof(msg));
    for (a = 0; a < ALG_COUNT; a++) {
        if (!test_hash_built(algs[a].alg)) {
            continue;
        }
        for (len = 0; len <= 300; len++) {
            cross_check_one(&algs[a], msg, len);
        }
        /* Around multiples of the rate and long messages. */
        for (len = 1; len <= 8; len++) {
            cross_check_one(&algs[a], msg, len * algs[a].block - 1);
            cross_check_one(&algs[a], msg, len * algs[a].block);
            cross_check_one(&algs[a], msg, len * algs[a].block + 1);
        }
        for (len = 0; len < 20; len++) {
            cross_check_one(&algs[a], msg, test_rng_range(301, 4096));
        }
        cross_check_one(&algs[a], msg, 16384);
        cross_check_one(&algs[a], msg, 16385);
    }
}

/* ---- API: verify, compare, sizes, suspend -------------------------------- */

static void test_api(void)
{
    static const uint8_t msg[] = "The quick brown fox jumps over the lazy dog";
    size_t a;
    for (a = 0; a < ALG_COUNT; a++) {
        const sha3_info *h = &algs[a];
        uint8_t digest[PSA_HASH_MAX_SIZE], bad[PSA_HASH_MAX_SIZE];
        uint8_t state[PSA_HASH_SUSPEND_OUTPUT_MAX_SIZE];
        size_t len = 0;
        psa_hash_operation_t op = PSA_HASH_OPERATION_INIT;

        CHECK(PSA_HASH_LENGTH(h->alg) == h->length);
        CHECK(PSA_HASH_BLOCK_LENGTH(h->alg) == h->block);
        CHECK(PSA_HASH_LENGTH(PSA_ALG_HMAC(h->alg)) == h->length);
        CHECK(PSA_HASH_SUSPEND_OUTPUT_SIZE(h->alg) == 0);
        CHECK(h->length <= PSA_HASH_MAX_SIZE);
        if (!test_hash_built(h->alg)) {
            continue;
        }
        CHECK_STATUS(psa_hash_compute(h->alg, msg, sizeof(msg) - 1, digest, sizeof(digest), &len),
                     PSA_SUCCESS);
        memcpy(bad, digest, len);
        bad[len - 1] ^= 0x80;
        CHECK_STATUS(psa_hash_compare(h->alg, msg, sizeof(msg) - 1, digest, len), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_compare(h->alg, msg, sizeof(msg) - 1, bad, len),
                     PSA_ERROR_INVALID_SIGNATURE);
        CHECK_STATUS(psa_hash_compare(h->alg, msg, sizeof(msg) - 1, digest, len - 1),
                     PSA_ERROR_INVALID_SIGNATURE);
        CHECK_STATUS(psa_hash_compare(h->alg, msg, sizeof(msg) - 2, digest, len),
                     PSA_ERROR_INVALID_SIGNATURE);
        CHECK_STATUS(psa_hash_compute(h->alg, msg, 3, digest, h->length - 1, &len),
                     PSA_ERROR_BUFFER_TOO_SMALL);

        CHECK_STATUS(psa_hash_setup(&op, h->alg), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_setup(&op, h->alg), PSA_ERROR_BAD_STATE);
        CHECK_STATUS(psa_hash_update(&op, msg, sizeof(msg) - 1), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_verify(&op, bad, h->length), PSA_ERROR_INVALID_SIGNATURE);
        CHECK_STATUS(psa_hash_update(&op, msg, 1), PSA_ERROR_BAD_STATE);   /* verify ended it */
        CHECK_STATUS(psa_hash_setup(&op, h->alg), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_update(&op, msg, sizeof(msg) - 1), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_finish(&op, digest, h->length - 1, &len),
                     PSA_ERROR_BUFFER_TOO_SMALL);
        CHECK_STATUS(psa_hash_update(&op, msg, 1), PSA_ERROR_BAD_STATE);

        /* Spec 10.2.5: no suspend format for SHA-3 / SHAKE. */
        CHECK_STATUS(psa_hash_setup(&op, h->alg), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_update(&op, msg, 5), PSA_SUCCESS);
        len = 99;
        CHECK_STATUS(psa_hash_suspend(&op, state, sizeof(state), &len), PSA_ERROR_NOT_SUPPORTED);
        CHECK(len == 0);
        CHECK_STATUS(psa_hash_update(&op, msg, 1), PSA_ERROR_BAD_STATE);
        memset(state, 0, sizeof(state));
        state[0] = (uint8_t)(h->alg >> 24);
        state[1] = (uint8_t)(h->alg >> 16);
        state[2] = (uint8_t)(h->alg >> 8);
        state[3] = (uint8_t)h->alg;
        CHECK_STATUS(psa_hash_resume(&op, state, 4u + 8u + 200u), PSA_ERROR_NOT_SUPPORTED);
        CHECK_STATUS(psa_hash_update(&op, msg, 1), PSA_ERROR_BAD_STATE);
        CHECK_STATUS(psa_hash_abort(&op), PSA_SUCCESS);
    }
}

/* ---- HMAC-SHA3 ------------------------------------------------------------ */

/* An HMAC key for alg that may sign and verify messages. */
static psa_key_id_t import_hmac_key(const uint8_t *key, size_t key_len, psa_algorithm_t alg)
{
    psa_key_attributes_t attr = psa_key_attributes_init();
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_algorithm(&attr, alg);
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_VERIFY_MESSAGE | PSA_KEY_USAGE_SIGN_MESSAGE);
    return psa_import_key(&attr, key, key_len, &id) == PSA_SUCCESS ? id : PSA_KEY_ID_NULL;
}

static void hmac_case(const sha3_info *h, const uint8_t *key, size_t key_len, const uint8_t *msg,
                      size_t msg_len)
{
    psa_algorithm_t alg = PSA_ALG_HMAC(h->alg);
    psa_algorithm_t trunc = PSA_ALG_TRUNCATED_MAC(alg, 16);
    uint8_t want[EVP_MAX_MD_SIZE], got[PSA_MAC_MAX_SIZE];
    unsigned int want_len = 0;
    size_t got_len = 0, off = 0;
    psa_mac_operation_t op = PSA_MAC_OPERATION_INIT;
    psa_key_id_t id, id_trunc;
    if (key_len > PICOPSA_HMAC_MAX_KEY_BYTES) {
        return;   /* longer than this configuration's raw keys (configs/ed25519_only.h: 128 B) */
    }

    /* A key of length 0 is an empty HMAC key: OpenSSL takes a non-NULL
     * pointer for it; PSA imports 0-byte HMAC keys only on some builds, so
     * key_len >= 1 here. */
    CHECK(HMAC(h->md(), key, (int)key_len, msg, msg_len, want, &want_len) != NULL);
    CHECK(want_len == h->length);
    id = import_hmac_key(key, key_len, alg);
    CHECK_STATUS(psa_mac_compute(id, alg, msg, msg_len, got, sizeof(got), &got_len), PSA_SUCCESS);
    CHECK(got_len == h->length);
    CHECK_MEM(got, want, h->length);
    CHECK_STATUS(psa_mac_verify(id, alg, msg, msg_len, want, h->length), PSA_SUCCESS);
    want[0] ^= 1;
    CHECK_STATUS(psa_mac_verify(id, alg, msg, msg_len, want, h->length),
                 PSA_ERROR_INVALID_SIGNATURE);
    want[0] ^= 1;

    CHECK_STATUS(psa_mac_sign_setup(&op, id, alg), PSA_SUCCESS);
    while (off < msg_len) {
        size_t piece = test_rng_range(0, msg_len - off < 700 ? msg_len - off : 700);
        CHECK_STATUS(psa_mac_update(&op, msg + off, piece), PSA_SUCCESS);
        off += piece;
    }
    memset(got, 0, sizeof(got));
    CHECK_STATUS(psa_mac_sign_finish(&op, got, sizeof(got), &got_len), PSA_SUCCESS);
    CHECK_MEM(got, want, h->length);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);

    id_trunc = import_hmac_key(key, key_len, trunc);
    CHECK_STATUS(psa_mac_verify_setup(&op, id_trunc, trunc), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, msg, msg_len), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_verify_finish(&op, want, 16), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id_trunc), PSA_SUCCESS);
    cross_checks++;
}

static void test_hmac_openssl(void)
{
    uint8_t key[3 * 144 + 8], msg[2000];   /* keys up to 3 blocks of SHA3-224 */
    size_t a, k;
    test_rng_bytes(key, sizeof(key));
    test_rng_bytes(msg, sizeof(msg));
    for (a = 0; a < SHA3_COUNT; a++) {
        const sha3_info *h = &algs[a];
        if (!test_hash_built(h->alg)) {
            psa_key_id_t id = import_hmac_key(key, 16, PSA_ALG_HMAC(h->alg));
            uint8_t mac[PSA_MAC_MAX_SIZE];
            size_t mac_len = 0;
            CHECK_STATUS(psa_mac_compute(id, PSA_ALG_HMAC(h->alg), msg, 3, mac, sizeof(mac),
                                         &mac_len), PSA_ERROR_NOT_SUPPORTED);
            psa_destroy_key(id);
            continue;
        }
        /* Key lengths around the block (the rate): padded, exact, hashed. */
        for (k = 1; k <= 3 * h->block; k += (k + 2 >= h->block && k <= h->block + 2) ? 1 : 7) {
            hmac_case(h, key, k, msg, test_rng_range(0, sizeof(msg)));
        }
        hmac_case(h, key, h->block, msg, 0);
        hmac_case(h, key, h->block + 1, msg, h->block);
        hmac_case(h, key, sizeof(key), msg, sizeof(msg));
    }
}

static void test_hmac_shake_refused(void)
{
    static const uint8_t key[16] = {1, 2, 3};
    psa_algorithm_t alg = PSA_ALG_HMAC(PSA_ALG_SHAKE256_512);
    psa_key_id_t id = import_hmac_key(key, sizeof(key), alg);
    psa_mac_operation_t op = PSA_MAC_OPERATION_INIT;
    uint8_t mac[PSA_MAC_MAX_SIZE];
    size_t mac_len = 0;
    CHECK_STATUS(psa_mac_compute(id, alg, key, 3, mac, sizeof(mac), &mac_len),
                 PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_mac_sign_setup(&op, id, alg), PSA_ERROR_NOT_SUPPORTED);
    psa_mac_abort(&op);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
}

/* Wycheproof: each case through psa_mac_verify with the group's tag size
 * (full or PSA_ALG_TRUNCATED_MAC); invalid ones must be refused. */
/* One test group: every case through psa_mac_verify, the verdicts tallied
 * as v[expected valid][accepted]. */
static void wycheproof_group(const json_value *group, unsigned long v[2][2])
{
    const json_value *tests = json_get(group, "tests");
    size_t tag_bytes = (size_t)json_int(json_get(group, "tagSize")) / 8u, t;
    psa_algorithm_t full = PSA_ALG_HMAC(PSA_ALG_SHA3_256);
    psa_algorithm_t alg = tag_bytes == 32 ? full : PSA_ALG_TRUNCATED_MAC(full, tag_bytes);

    for (t = 0; t < json_len(tests); t++) {
        const json_value *tc = json_at(tests, t);
        uint8_t key[128], msg[512], tag[64];
        size_t klen = test_hex_to(json_str(json_get(tc, "key")), key, sizeof(key));
        size_t mlen = test_hex_to(json_str(json_get(tc, "msg")), msg, sizeof(msg));
        size_t tlen = test_hex_to(json_str(json_get(tc, "tag")), tag, sizeof(tag));
        int valid = strcmp(json_str(json_get(tc, "result")), "valid") == 0;
        psa_key_id_t id = import_hmac_key(key, klen, alg);
        psa_status_t st = psa_mac_verify(id, alg, msg, mlen, tag, tlen);
        int accepted = st == PSA_SUCCESS;
        /* A refusal is a signature mismatch, never another error. */
        CHECK(accepted || st == PSA_ERROR_INVALID_SIGNATURE);
        if (accepted != valid) {
            fprintf(stderr, "hmac_sha3_256 tcId %lld: status %d\n",
                    json_int(json_get(tc, "tcId")), (int)st);
        }
        v[valid][accepted]++;
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    }
}

static void test_wycheproof(void)
{
    json_value *root = json_parse_file(
        test_data_path("vectors/wycheproof/hmac_sha3_256_test.json"));
    const json_value *groups = json_get(root, "testGroups");
    unsigned long v[2][2] = {{0, 0}, {0, 0}};
    size_t g;

    for (g = 0; PSA_WANT_ALG_SHA3_256 && g < json_len(groups); g++) {
        wycheproof_group(json_at(groups, g), v);
    }
    printf("hmac_sha3_256_test.json: %lu valid accepted, %lu invalid refused, %lu wrong\n",
           v[1][1], v[0][0], v[1][0] + v[0][1]);
    CHECK(v[1][0] == 0 && v[0][1] == 0);
    if (PSA_WANT_ALG_SHA3_256) {
        CHECK(v[1][1] + v[0][0] == (unsigned long)json_int(json_get(root, "numberOfTests")));
        CHECK(v[1][1] > 0 && v[0][0] > 0);
    }
    json_free(root);
}

/* ---- HKDF-SHA3 ------------------------------------------------------------ */

static void ossl_hkdf(const sha3_info *h, const uint8_t *salt, size_t salt_len, const uint8_t *ikm,
                      size_t ikm_len, const uint8_t *info, size_t info_len, uint8_t *out,
                      size_t len)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    EVP_KDF_CTX *ctx = kdf != NULL ? EVP_KDF_CTX_new(kdf) : NULL;
    OSSL_PARAM params[5];
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST,
                                                 (char *)EVP_MD_get0_name(h->md()), 0);
    params[1] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt, salt_len);
    params[2] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)ikm, ikm_len);
    params[3] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)info, info_len);
    params[4] = OSSL_PARAM_construct_end();
    CHECK(ctx != NULL && EVP_KDF_derive(ctx, out, len, params) == 1);
    EVP_KDF_CTX_free(ctx);
    EVP_KDF_free(kdf);
}

static void test_hkdf(void)
{
    uint8_t salt[200], ikm[80], info[60], want[1024], got[1024];
    size_t a, r;
    if (!PSA_WANT_ALG_HKDF) {
        return;   /* configured out (configs/ed25519_only.h) */
    }
    test_rng_bytes(salt, sizeof(salt));
    test_rng_bytes(ikm, sizeof(ikm));
    test_rng_bytes(info, sizeof(info));
    for (a = 0; a < SHA3_COUNT; a++) {
        const sha3_info *h = &algs[a];
        psa_algorithm_t alg = PSA_ALG_HKDF(h->alg);
        psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
        if (!test_hash_built(h->alg)) {
            CHECK_STATUS(psa_key_derivation_setup(&op, alg), PSA_ERROR_NOT_SUPPORTED);
            continue;
        }
        for (r = 0; r < 8; r++) {
            size_t salt_len = test_rng_range(1, sizeof(salt));
            size_t ikm_len = test_rng_range(1, sizeof(ikm));
            size_t info_len = test_rng_range(0, sizeof(info));
            size_t out_len = test_rng_range(1, sizeof(want)), done = 0;
            size_t capacity = 0;
            ossl_hkdf(h, salt, salt_len, ikm, ikm_len, info, info_len, want, out_len);
            CHECK_STATUS(psa_key_derivation_setup(&op, alg), PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_get_capacity(&op, &capacity), PSA_SUCCESS);
            CHECK(capacity == 255u * h->length);
            CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SALT, salt,
                                                        salt_len), PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SECRET, ikm,
                                                        ikm_len), PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_INFO, info,
                                                        info_len), PSA_SUCCESS);
            while (done < out_len) {
                size_t n = test_rng_range(1, out_len - done);
                CHECK_STATUS(psa_key_derivation_output_bytes(&op, got + done, n), PSA_SUCCESS);
                done += n;
            }
            CHECK_MEM(got, want, out_len);
            CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
            cross_checks++;
        }
    }
}

/* ---- RSA-OAEP with SHA-3 (MGF1 over the same hash) ----------------------- */

/* OpenSSL encrypts (enc = 1) or decrypts with OAEP over md, label "L". */
static int ossl_oaep(EVP_PKEY *key, int enc, const EVP_MD *md, const uint8_t *in, size_t in_len,
                     uint8_t *out, size_t *out_len)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(key, NULL);
    unsigned char *label = OPENSSL_malloc(1);
    int ok = ctx != NULL && label != NULL &&
             (enc ? EVP_PKEY_encrypt_init(ctx) : EVP_PKEY_decrypt_init(ctx)) == 1 &&
             EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_OAEP_PADDING) == 1 &&
             EVP_PKEY_CTX_set_rsa_oaep_md(ctx, md) == 1 &&
             EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, md) == 1;
    if (ok) {
        label[0] = 'L';
        ok = EVP_PKEY_CTX_set0_rsa_oaep_label(ctx, label, 1) == 1;
        label = NULL;   /* owned by ctx now */
    }
    ok = ok && (enc ? EVP_PKEY_encrypt(ctx, out, out_len, in, in_len)
                    : EVP_PKEY_decrypt(ctx, out, out_len, in, in_len)) == 1;
    OPENSSL_free(label);
    EVP_PKEY_CTX_free(ctx);
    return ok;
}

static void test_oaep(void)
{
    EVP_PKEY *rsa;
    uint8_t der[2048], msg[40], ct[256], pt[256];
    unsigned char *p = der;
    size_t a, der_len, ct_len = 0, pt_len = 0;
    int n;

    if (!PSA_WANT_KEY_TYPE_RSA_KEY_PAIR || !PSA_WANT_ALG_RSA_OAEP) {
        return;
    }
    rsa = EVP_RSA_gen(2048);
    n = rsa != NULL ? i2d_PrivateKey(rsa, NULL) : -1;
    CHECK(n > 0 && (size_t)n <= sizeof(der));
    if (n <= 0 || (size_t)n > sizeof(der)) {
        EVP_PKEY_free(rsa);
        return;
    }
    der_len = (size_t)i2d_PrivateKey(rsa, &p);
    test_rng_bytes(msg, sizeof(msg));
    for (a = 0; a < SHA3_COUNT; a++) {
        psa_algorithm_t alg = PSA_ALG_RSA_OAEP(algs[a].alg);
        psa_key_attributes_t attr = psa_key_attributes_init();
        psa_key_id_t id = PSA_KEY_ID_NULL;
        psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
        psa_set_key_algorithm(&attr, alg);
        psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
        CHECK_STATUS(psa_import_key(&attr, der, der_len, &id), PSA_SUCCESS);
        if (!test_hash_built(algs[a].alg)) {
            CHECK_STATUS(psa_asymmetric_encrypt(id, alg, msg, sizeof(msg), (const uint8_t *)"L",
                                                1, ct, sizeof(ct), &ct_len),
                         PSA_ERROR_NOT_SUPPORTED);
            psa_destroy_key(id);
            continue;
        }
        /* Ours -> OpenSSL, OpenSSL -> ours; a wrong label is refused. */
        CHECK_STATUS(psa_asymmetric_encrypt(id, alg, msg, sizeof(msg), (const uint8_t *)"L", 1,
                                            ct, sizeof(ct), &ct_len), PSA_SUCCESS);
        pt_len = sizeof(pt);
        CHECK(ossl_oaep(rsa, 0, algs[a].md(), ct, ct_len, pt, &pt_len));
        CHECK(pt_len == sizeof(msg) && memcmp(pt, msg, sizeof(msg)) == 0);
        ct_len = sizeof(ct);
        CHECK(ossl_oaep(rsa, 1, algs[a].md(), msg, sizeof(msg), ct, &ct_len));
        memset(pt, 0, sizeof(pt));
        CHECK_STATUS(psa_asymmetric_decrypt(id, alg, ct, ct_len, (const uint8_t *)"L", 1, pt,
                                            sizeof(pt), &pt_len), PSA_SUCCESS);
        CHECK(pt_len == sizeof(msg) && memcmp(pt, msg, sizeof(msg)) == 0);
        CHECK_STATUS(psa_asymmetric_decrypt(id, alg, ct, ct_len, (const uint8_t *)"M", 1, pt,
                                            sizeof(pt), &pt_len), PSA_ERROR_INVALID_PADDING);
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
        cross_checks++;
    }
    EVP_PKEY_free(rsa);
}

/* ---- consumers that cache a SHA-2 chaining value ------------------------- */

static void test_chaining_consumers(void)
{
    static const uint8_t pw[4] = {'p', 'a', 's', 's'};
    uint8_t out[32], entropy[48] = {0};
    pp_hmac_drbg drbg;
    size_t a;
    for (a = 0; a < ALG_COUNT; a++) {
        CHECK_STATUS(pp_pbkdf2(algs[a].alg, pw, 4, pw, 4, 2, out, sizeof(out)),
                     PSA_ERROR_NOT_SUPPORTED);
        CHECK_STATUS(pp_hmac_drbg_instantiate(&drbg, algs[a].alg, entropy, sizeof(entropy), NULL,
                                              0, NULL, 0), PSA_ERROR_NOT_SUPPORTED);
    }
}

int main(void)
{
    test_rng_seed(0x5a3);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_kats();
    test_openssl();
    test_api();
    test_hmac_openssl();
    test_hmac_shake_refused();
    test_wycheproof();
    test_hkdf();
    test_oaep();
    test_chaining_consumers();
    printf("%lu cross-checks against OpenSSL\n", cross_checks);
    return test_report("psa_sha3");
}
