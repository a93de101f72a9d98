/*
 * test_sha2.c -- SHA-1, SHA-224/256/384/512, SHA-512/224, SHA-512/256
 * (src/hash) against the FIPS 180-4
 * examples (NIST "Examples with Intermediate Values", CSRC cryptographic
 * standards and guidelines: one-block "abc", the 448-bit / 896-bit
 * two-block messages, one million 'a'), the empty message, the generic
 * pp_hash_* API contract, the NIST CAVP SHAVS Monte Carlo test (byte
 * oriented, SHAVS section 6.4: SHA{224,256,384,512}Monte.rsp, checkpoints
 * COUNT 0-4, and COUNT 99 for SHA-256), and OpenSSL's EVP_Digest over
 * random messages of many lengths, each also fed in random pieces.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "hash/pp_hash.h"
#include "hash/sha1.h"
#include "hash/sha256.h"
#include "hash/sha_backend.h"
#include "hash/sha512.h"
#include "test_config.h"
#include "test_util.h"

static const char msg_448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
static const char msg_896[] =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
    "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

struct kat {
    psa_algorithm_t alg;
    const char *msg;     /* NULL: one million 'a' */
    const char *digest;
};

static const struct kat kats[] = {
    { PSA_ALG_SHA_224, "abc", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
    { PSA_ALG_SHA_224, msg_448, "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525" },
    { PSA_ALG_SHA_224, NULL, "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67" },
    { PSA_ALG_SHA_224, "", "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f" },
    { PSA_ALG_SHA_256, "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
    { PSA_ALG_SHA_256, msg_448, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
    { PSA_ALG_SHA_256, NULL, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
    { PSA_ALG_SHA_256, "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
    { PSA_ALG_SHA_384, "abc",
      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
      "8086072ba1e7cc2358baeca134c825a7" },
    { PSA_ALG_SHA_384, msg_896,
      "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
      "fcc7c71a557e2db966c3e9fa91746039" },
    { PSA_ALG_SHA_384, NULL,
      "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b"
      "07b8b3dc38ecc4ebae97ddd87f3d8985" },
    { PSA_ALG_SHA_384, "",
      "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da"
      "274edebfe76f65fbd51ad2f14898b95b" },
    { PSA_ALG_SHA_512, "abc",
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
      "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
    { PSA_ALG_SHA_512, msg_896,
      "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
      "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909" },
    { PSA_ALG_SHA_512, NULL,
      "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
      "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b" },
    { PSA_ALG_SHA_512, "",
      "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
      "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e" },
    /* FIPS 180-4 examples (CSRC "Examples with Intermediate Values":
     * SHA1.pdf, SHA512_224.pdf, SHA512_256.pdf). */
    { PSA_ALG_SHA_1, "abc", "a9993e364706816aba3e25717850c26c9cd0d89d" },
    { PSA_ALG_SHA_1, msg_448, "84983e441c3bd26ebaae4aa1f95129e5e54670f1" },
    { PSA_ALG_SHA_1, msg_896, "a49b2446a02c645bf419f995b67091253a04a259" },
    { PSA_ALG_SHA_1, NULL, "34aa973cd4c4daa4f61eeb2bdbad27316534016f" },
    { PSA_ALG_SHA_1, "", "da39a3ee5e6b4b0d3255bfef95601890afd80709" },
    { PSA_ALG_SHA_512_224, "abc", "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa" },
    { PSA_ALG_SHA_512_224, msg_896, "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9" },
    { PSA_ALG_SHA_512_224, NULL, "37ab331d76f0d36de422bd0edeb22a28accd487b7a8453ae965dd287" },
    { PSA_ALG_SHA_512_224, "", "6ed0dd02806fa89e25de060c19d3ac86cabb87d6a0ddd05c333b84f4" },
    { PSA_ALG_SHA_512_256, "abc", "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23" },
    { PSA_ALG_SHA_512_256, msg_896, "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a" },
    { PSA_ALG_SHA_512_256, NULL, "9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21" },
    { PSA_ALG_SHA_512_256, "", "c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a" },
};

static void test_kats(void)
{
    size_t i;
    uint8_t million_a[1000];
    memset(million_a, 'a', sizeof(million_a));

    for (i = 0; i < sizeof(kats) / sizeof(kats[0]); i++) {
        uint8_t want[64], got[64];
        size_t want_len = test_hex_to(kats[i].digest, want, sizeof(want));
        pp_hash_ctx ctx;
        if (!test_hash_built(kats[i].alg)) {
            /* Configured out: not supported, and no size. */
            CHECK_STATUS(pp_hash_setup(&ctx, kats[i].alg), PSA_ERROR_NOT_SUPPORTED);
            CHECK_STATUS(pp_hash_compute(kats[i].alg, (const uint8_t *)"abc", 3, got),
                         PSA_ERROR_NOT_SUPPORTED);
            CHECK(pp_hash_size(kats[i].alg) == 0 && pp_hash_block_size(kats[i].alg) == 0);
            continue;
        }
        CHECK_STATUS(pp_hash_setup(&ctx, kats[i].alg), PSA_SUCCESS);
        CHECK(pp_hash_size(kats[i].alg) == want_len);
        if (kats[i].msg == NULL) {
            size_t k;
            for (k = 0; k < 1000; k++) {
                pp_hash_update(&ctx, million_a, sizeof(million_a));
            }
        } else {
            pp_hash_update(&ctx, (const uint8_t *)kats[i].msg, strlen(kats[i].msg));
        }
        memset(got, 0xee, sizeof(got));
        pp_hash_finish(&ctx, got);
        CHECK_MEM(got, want, want_len);
        CHECK(want_len == 64 || got[want_len] == 0xee);   /* wrote exactly the size */
        CHECK(ctx.alg == 0);                                /* finish wiped */

        if (kats[i].msg != NULL) {
            memset(got, 0, sizeof(got));
            CHECK_STATUS(pp_hash_compute(kats[i].alg, (const uint8_t *)kats[i].msg,
                                         strlen(kats[i].msg), got), PSA_SUCCESS);
            CHECK_MEM(got, want, want_len);
        }
    }

    /* The direct one-shot entry points (Ed25519 uses pp_sha512). */
    {
        uint8_t got[64], want[64];
#if PSA_WANT_ALG_SHA_256
        test_hex_to(kats[4].digest, want, 32);
        pp_sha256((const uint8_t *)"abc", 3, got);
        CHECK_MEM(got, want, 32);
#endif
#if PSA_WANT_ALG_SHA_224
        test_hex_to(kats[0].digest, want, 28);
        pp_sha224((const uint8_t *)"abc", 3, got);
        CHECK_MEM(got, want, 28);
#endif
#if PSA_WANT_ALG_SHA_512
        test_hex_to(kats[12].digest, want, 64);
        pp_sha512((const uint8_t *)"abc", 3, got);
        CHECK_MEM(got, want, 64);
#endif
#if PSA_WANT_ALG_SHA_384
        test_hex_to(kats[8].digest, want, 48);
        pp_sha384((const uint8_t *)"abc", 3, got);
        CHECK_MEM(got, want, 48);
#endif
#if PSA_WANT_ALG_SHA_256
        /* NULL data with zero length is allowed. */
        test_hex_to(kats[7].digest, want, 32);
        pp_sha256(NULL, 0, got);
        CHECK_MEM(got, want, 32);
#endif
        (void)got;
        (void)want;
    }
}

static void test_api_contract(void)
{
    pp_hash_ctx ctx, clone;
    uint8_t a[64], b[64];

    CHECK_STATUS(pp_hash_setup(&ctx, PSA_ALG_MD5), PSA_ERROR_NOT_SUPPORTED);
    CHECK(ctx.alg == 0);
    CHECK_STATUS(pp_hash_setup(&ctx, PSA_ALG_SM3), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(pp_hash_setup(&ctx, PSA_ALG_SHA_1), PSA_WANT_ALG_SHA_1 ? PSA_SUCCESS : PSA_ERROR_NOT_SUPPORTED);
    pp_hash_abort(&ctx);
    CHECK_STATUS(pp_hash_setup(&ctx, PSA_ALG_SHA_512_256),
                 PSA_WANT_ALG_SHA_512_256 ? PSA_SUCCESS : PSA_ERROR_NOT_SUPPORTED);
    pp_hash_abort(&ctx);
    CHECK_STATUS(pp_hash_setup(&ctx, PSA_ALG_ANY_HASH), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_hash_setup(&ctx, PSA_ALG_HMAC(PSA_ALG_SHA_256)), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_hash_setup(&ctx, 0), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_hash_compute(PSA_ALG_MD5, a, 1, b), PSA_ERROR_NOT_SUPPORTED);

    /* A hash configured out has no size (as SHA-1). */
    CHECK(pp_hash_size(PSA_ALG_SHA_224) == (PSA_WANT_ALG_SHA_224 ? 28u : 0u));
    CHECK(pp_hash_size(PSA_ALG_SHA_256) == (PSA_WANT_ALG_SHA_256 ? 32u : 0u));
    CHECK(pp_hash_size(PSA_ALG_SHA_384) == (PSA_WANT_ALG_SHA_384 ? 48u : 0u));
    CHECK(pp_hash_size(PSA_ALG_SHA_512) == (PSA_WANT_ALG_SHA_512 ? 64u : 0u));
    CHECK(pp_hash_size(PSA_ALG_SHA_1) == (PSA_WANT_ALG_SHA_1 ? 20u : 0u));
    CHECK(pp_hash_size(PSA_ALG_SHA_512_224) == (PSA_WANT_ALG_SHA_512_224 ? 28u : 0u));
    CHECK(pp_hash_size(PSA_ALG_SHA_512_256) == (PSA_WANT_ALG_SHA_512_256 ? 32u : 0u));
    CHECK(pp_hash_block_size(PSA_ALG_SHA_1) == (PSA_WANT_ALG_SHA_1 ? 64u : 0u));
    CHECK(pp_hash_block_size(PSA_ALG_SHA_512_224) == (PSA_WANT_ALG_SHA_512_224 ? 128u : 0u));
    CHECK(pp_hash_block_size(PSA_ALG_SHA_512_256) == (PSA_WANT_ALG_SHA_512_256 ? 128u : 0u));
    CHECK(pp_hash_size(PSA_ALG_MD5) == 0);
    CHECK(pp_hash_size(PSA_ALG_HMAC(PSA_ALG_SHA_256)) == 0);
    CHECK(pp_hash_block_size(PSA_ALG_SHA_224) == (PSA_WANT_ALG_SHA_224 ? 64u : 0u));
    CHECK(pp_hash_block_size(PSA_ALG_SHA_256) == (PSA_WANT_ALG_SHA_256 ? 64u : 0u));
    CHECK(pp_hash_block_size(PSA_ALG_SHA_384) == (PSA_WANT_ALG_SHA_384 ? 128u : 0u));
    CHECK(pp_hash_block_size(PSA_ALG_SHA_512) == (PSA_WANT_ALG_SHA_512 ? 128u : 0u));
    CHECK(pp_hash_block_size(PSA_ALG_SM3) == 0);

    /* Clone by struct copy: both halves continue independently. */
    CHECK_STATUS(pp_hash_setup(&ctx, PSA_ALG_SHA_256), PSA_SUCCESS);
    pp_hash_update(&ctx, (const uint8_t *)"ab", 2);
    clone = ctx;
    pp_hash_update(&ctx, (const uint8_t *)"c", 1);
    pp_hash_update(&clone, (const uint8_t *)"c", 1);
    pp_hash_finish(&ctx, a);
    pp_hash_finish(&clone, b);
    CHECK_MEM(a, b, 32);

    /* Abort wipes; operations on an inactive context do nothing (over
     * SHA-256 when SHA-512 is configured out). */
#if PSA_WANT_ALG_SHA_512
    CHECK_STATUS(pp_hash_setup(&ctx, PSA_ALG_SHA_512), PSA_SUCCESS);
#else
    CHECK_STATUS(pp_hash_setup(&ctx, PSA_ALG_SHA_256), PSA_SUCCESS);
#endif
    pp_hash_update(&ctx, a, 32);
    pp_hash_abort(&ctx);
    CHECK(ctx.alg == 0);
    memset(a, 0x5a, sizeof(a));
    pp_hash_update(&ctx, b, 10);
    pp_hash_finish(&ctx, a);
    CHECK(a[0] == 0x5a && a[63] == 0x5a);
}

/* ---- SHAVS Monte Carlo (SHAVS 6.4) ------------------------------------- */

struct monte {
    psa_algorithm_t alg;
    const char *seed;
    const char *checkpoints[5];   /* MD for COUNT = 0..4 */
};

static const struct monte monte_vectors[] = {
    { PSA_ALG_SHA_224, "ed2b70d575d9d0b4196ae84a03eed940057ea89cdd729b95b7d4e6a5",
      { "cd94d7da13c030208b2d0d78fcfe9ea22fa8906df66aa9a1f42afa70",
        "555846e884633639565d5e0c01dd93ba58edb01ee18e68ccca28f7b8",
        "44d5f4a179b33231f24cc209ed2542ddb931391f2a2d604f80ed460b",
        "18678e3c151f05f92a89fc5b2ec56bfc6fafa66d73ffc1937fcab4d0",
        "b285f829b0499ff45f8454eda2d4e0997b3f438c2728f1a25cfbb05a" } },
    { PSA_ALG_SHA_256, "6d1e72ad03ddeb5de891e572e2396f8da015d899ef0e79503152d6010a3fe691",
      { "e93c330ae5447738c8aa85d71a6c80f2a58381d05872d26bdd39f1fcd4f2b788",
        "2e78f8c8772ea7c9331d41ed3f9cdf27d8f514a99342ee766ee3b8b0d0b121c0",
        "d6a23dff1b7f2eddc1a212f8a218397523a799b07386a30692fd6fe9d2bf0944",
        "fb0099a964fad5a88cf12952f2991ce256a4ac3049f3d389c3b9e6c00e585db4",
        "f9eba2a4cf6263826beaf6150057849eb975a9513c0b76ecad0f1c19ebbad89b" } },
    { PSA_ALG_SHA_384,
      "edff07255c71b54a9beae52cdfa083569a08be89949cbba73ddc8acf429359ca"
      "5e5be7a673633ca0d9709848f522a9df",
      { "e81b86c49a38feddfd185f71ca7da6732a053ed4a2640d52d27f53f9f7642265"
        "0b0e93645301ac99f8295d6f820f1035",
        "1d6bd21713bffd50946a10c39a7742d740e8f271f0c8f643d4c95375094fd9bf"
        "29d89ee61a76053f22e44a4b058a64ed",
        "425167b66ae965bd7d68515b54ebfa16f33d2bdb2147a4eac515a75224cd19ce"
        "a564d692017d2a1c41c1a3f68bb5a209",
        "9e7477ffd4baad1fcca035f4687b35ed47a57832fb27d131eb8018fcb41edf4d"
        "5e25874466d2e2d61ae3accdfc7aa364",
        "d7b4d4e779ca70c8d065630db1f9128ee43b4bde08a81bce13d48659b6ef47b6"
        "cfc802af6d8756f6cd43c709bb445bab" } },
    { PSA_ALG_SHA_512,
      "5c337de5caf35d18ed90b5cddfce001ca1b8ee8602f367e7c24ccca6f893802f"
      "b1aca7a3dae32dcd60800a59959bc540d63237876b799229ae71a2526fbc52cd",
      { "ada69add0071b794463c8806a177326735fa624b68ab7bcab2388b9276c036e4"
        "eaaff87333e83c81c0bca0359d4aeebcbcfd314c0630e0c2af68c1fb19cc470e",
        "ef219b37c24ae507a2b2b26d1add51b31fb5327eb8c3b19b882fe38049433dbe"
        "ccd63b3d5b99ba2398920bcefb8aca98cd28a1ee5d2aaf139ce58a15d71b06b4",
        "c3d5087a62db0e5c6f5755c417f69037308cbce0e54519ea5be8171496cc6d18"
        "023ba15768153cfd74c7e7dc103227e9eed4b0f82233362b2a7b1a2cbcda9daf",
        "bb3a58f71148116e377505461d65d6c89906481fedfbcfe481b7aa8ceb977d25"
        "2b3fe21bfff6e7fbf7575ceecf5936bd635e1cf52698c36ef6908ddbd5b6ae05",
        "b68f0cd2d63566b3934a50666dec6d62ca1db98e49d7733084c1f86d91a8a08c"
        "756fa7ece815e20930dd7cb66351bad8c087c2f94e8757cb98e7f4b86b21a8a8" } },
};

/* One SHAVS Monte Carlo checkpoint: MD0 = MD1 = MD2 = seed; for i = 3..1002,
 * MDi = H(MDi-3 || MDi-2 || MDi-1); the checkpoint (and next seed) is
 * MD1002. */
static void monte_step(psa_algorithm_t alg, uint8_t *seed, size_t n)
{
    uint8_t md[3][64], msg[3 * 64];
    size_t i;

    memcpy(md[0], seed, n);
    memcpy(md[1], seed, n);
    memcpy(md[2], seed, n);
    for (i = 3; i < 1003; i++) {
        memcpy(msg, md[0], n);
        memcpy(msg + n, md[1], n);
        memcpy(msg + 2 * n, md[2], n);
        memcpy(md[0], md[1], n);
        memcpy(md[1], md[2], n);
        (void)pp_hash_compute(alg, msg, 3 * n, md[2]);
    }
    memcpy(seed, md[2], n);
}

static void test_monte_carlo(void)
{
    size_t v, j;
    for (v = 0; v < sizeof(monte_vectors) / sizeof(monte_vectors[0]); v++) {
        const struct monte *m = &monte_vectors[v];
        uint8_t seed[64], want[64];
        size_t n = test_hex_to(m->seed, seed, sizeof(seed));
        if (!test_hash_built(m->alg)) {
            continue;   /* NOT_SUPPORTED is checked in test_kats */
        }
        CHECK(n == pp_hash_size(m->alg));
        for (j = 0; j < 5; j++) {
            monte_step(m->alg, seed, n);
            test_hex_to(m->checkpoints[j], want, sizeof(want));
            if (!CHECK_MEM(seed, want, n)) {
                fprintf(stderr, "  Monte Carlo alg 0x%08x COUNT %zu\n", (unsigned)m->alg, j);
            }
        }
        if (m->alg == PSA_ALG_SHA_256) {
            /* SHA256Monte.rsp COUNT = 99 (the last checkpoint). */
            for (j = 5; j < 100; j++) {
                monte_step(m->alg, seed, n);
            }
            test_hex_to("6a912ba4188391a78e6f13d88ed2d14e13afce9db6f7dcbf4a48c24f3db02778", want,
                        sizeof(want));
            CHECK_MEM(seed, want, n);
        }
    }
}

static const psa_algorithm_t kat_algs[4] = { PSA_ALG_SHA_224, PSA_ALG_SHA_256,
                                             PSA_ALG_SHA_384, PSA_ALG_SHA_512 };

static const EVP_MD *openssl_md(psa_algorithm_t alg)
{
    switch (alg) {
    case PSA_ALG_SHA_1: return EVP_sha1();
    case PSA_ALG_SHA_224: return EVP_sha224();
    case PSA_ALG_SHA_256: return EVP_sha256();
    case PSA_ALG_SHA_384: return EVP_sha384();
    case PSA_ALG_SHA_512_224: return EVP_sha512_224();
    case PSA_ALG_SHA_512_256: return EVP_sha512_256();
    default: return EVP_sha512();
    }
}

/* Hash msg with pp_hash in one go and in random pieces, compare with
 * OpenSSL. */
static void cross_check_one(psa_algorithm_t alg, const uint8_t *msg, size_t len)
{
    uint8_t want[64], got[64];
    unsigned int want_len = 0;
    pp_hash_ctx ctx;
    size_t done = 0;
    int ok = 1;

    EVP_Digest(msg, len, want, &want_len, openssl_md(alg), NULL);

    if (pp_hash_compute(alg, msg, len, got) != PSA_SUCCESS || memcmp(got, want, want_len) != 0) {
        ok = 0;
    }
    (void)pp_hash_setup(&ctx, alg);
    while (done < len) {
        size_t piece = test_rng_range(0, len - done);
        if (test_rng_range(0, 3) == 0) {
            piece = test_rng_range(0, piece < 3 ? piece : 3);   /* tiny pieces too */
        }
        pp_hash_update(&ctx, msg + done, piece);
        done += piece;
    }
    pp_hash_finish(&ctx, got);
    if (memcmp(got, want, want_len) != 0) {
        ok = 0;
    }
    if (!ok) {
        fprintf(stderr, "mismatch: alg 0x%08x, length %zu\n", (unsigned)alg, len);
    }
    CHECK(ok);
}

static void test_openssl_cross_check(void)
{
    static const psa_algorithm_t algs[7] = { PSA_ALG_SHA_224, PSA_ALG_SHA_256,
                                             PSA_ALG_SHA_384, PSA_ALG_SHA_512,
                                             PSA_ALG_SHA_1, PSA_ALG_SHA_512_224,
                                             PSA_ALG_SHA_512_256 };
    uint8_t *msg = (uint8_t *)malloc(4096);
    size_t a, len;

    test_rng_bytes(msg, 4096);
    for (a = 0; a < 7; a++) {
        if (!test_hash_built(algs[a])) {
            continue;
        }
        /* Every length up to 300 covers the 55/56/64 and 111/112/128 padding
         * boundaries twice over; then a sparser sweep to ~1000 and a few
         * multi-block sizes. */
        for (len = 0; len <= 300; len++) {
            cross_check_one(algs[a], msg, len);
        }
        for (len = 301; len <= 1030; len += 7) {
            cross_check_one(algs[a], msg + (len & 3), len);
        }
        cross_check_one(algs[a], msg, 4096);
        cross_check_one(algs[a], msg + 1, 4095);
    }
    free(msg);
}

/* ---- the other PICOPSA_SHA2_UNROLL setting ---------------------------
 * The library holds one compression function per hash (config.h chooses
 * by optimisation level: compact at -Os). sha256.c and sha512.c are
 * compiled here a second time with the other setting and renamed entry
 * points, so that every build checks both forms against OpenSSL. */
#if PICOPSA_SHA2_UNROLL
#define OTHER_SHA2_UNROLL 0
#else
#define OTHER_SHA2_UNROLL 1
#endif
#undef PICOPSA_SHA2_UNROLL
#define PICOPSA_SHA2_UNROLL OTHER_SHA2_UNROLL
#define pp_sha224_init other_sha224_init
#define pp_sha256_init other_sha256_init
#define pp_sha256_update other_sha256_update
#define pp_sha256_finish other_sha256_finish
#define pp_sha224 other_sha224
#define pp_sha256 other_sha256
#define pp_sha384_init other_sha384_init
#define pp_sha512_init other_sha512_init
#define pp_sha512_update other_sha512_update
#define pp_sha512_finish other_sha512_finish
#define pp_sha384 other_sha384
#define pp_sha512_224_init other_sha512_224_init
#define pp_sha512_256_init other_sha512_256_init
void other_sha512_224_init(picopsa_sha512_context *ctx);
void other_sha512_256_init(picopsa_sha512_context *ctx);
#define pp_sha512 other_sha512
#define pp_sha256_compress_block other_sha256_compress_block
#define pp_sha512_compress_block other_sha512_compress_block
void other_sha256_compress_block(uint32_t state[8], const uint8_t block[64]);
void other_sha512_compress_block(uint64_t state[8], const uint8_t block[128]);
void other_sha224_init(picopsa_sha256_context *ctx);
void other_sha256_init(picopsa_sha256_context *ctx);
void other_sha256_update(picopsa_sha256_context *ctx, const uint8_t *data, size_t len);
void other_sha256_finish(picopsa_sha256_context *ctx, uint8_t *out);
void other_sha224(const uint8_t *data, size_t len, uint8_t out[28]);
void other_sha256(const uint8_t *data, size_t len, uint8_t out[32]);
void other_sha384_init(picopsa_sha512_context *ctx);
void other_sha512_init(picopsa_sha512_context *ctx);
void other_sha512_update(picopsa_sha512_context *ctx, const uint8_t *data, size_t len);
void other_sha512_finish(picopsa_sha512_context *ctx, uint8_t *out);
void other_sha384(const uint8_t *data, size_t len, uint8_t out[48]);
void other_sha512(const uint8_t *data, size_t len, uint8_t out[64]);
#include "hash/sha256.c"
#undef ROTR32
#undef CH
#undef MAJ
#undef BSIG0
#undef BSIG1
#undef SSIG0
#undef SSIG1
#undef ROUND
#undef SCHEDULE
#undef SIXTEEN_ROUNDS
#undef LOADED
#undef ROUND_SMALL
#undef V
#undef SHA2_WORD
#undef SHA2_LOAD
#undef SHA2_COMPRESS
#undef SHA2_CONSTANTS
#undef SHA2_ROUND_COUNT
#include "hash/sha512.c"

/* The other form against OpenSSL: every length to 300 (all padding
 * boundaries), multi-block messages, and in random pieces. */
static void test_other_unroll_setting(void)
{
    uint8_t *msg = (uint8_t *)malloc(2048);
    uint8_t want[64], got[64];
    unsigned int want_len = 0;
    size_t len, a;

    test_rng_bytes(msg, 2048);
#if PP_SHA_HW_X86 || PP_SHA_HW_ARM
    pp_sha_hw_restrict(0);   /* the C compression of the other setting, not the CPU's */
#endif
    for (len = 0; len <= 2048; len += (len < 300 ? 1 : 97)) {
        for (a = 0; a < 4; a++) {
            picopsa_sha256_context c256;
            picopsa_sha512_context c512;
            size_t done = 0, piece;
            int ok;
            (void)c256;
            (void)c512;
            (void)piece;
            if (!test_hash_built(kat_algs[a])) {
                continue;
            }
            EVP_Digest(msg, len, want, &want_len, openssl_md(kat_algs[a]), NULL);
            if (a < 2) {
#if PSA_WANT_ALG_SHA_224 || PSA_WANT_ALG_SHA_256
                if (a == 0) {
                    other_sha224_init(&c256);
                } else {
                    other_sha256_init(&c256);
                }
                for (; done < len; done += piece) {
                    piece = test_rng_range(0, len - done);
                    other_sha256_update(&c256, msg + done, piece);
                }
                other_sha256_finish(&c256, got);
#endif
            } else {
#if PSA_WANT_ALG_SHA_384 || PSA_WANT_ALG_SHA_512
                if (a == 2) {
                    other_sha384_init(&c512);
                } else {
                    other_sha512_init(&c512);
                }
                for (; done < len; done += piece) {
                    piece = test_rng_range(0, len - done);
                    other_sha512_update(&c512, msg + done, piece);
                }
                other_sha512_finish(&c512, got);
#endif
            }
            ok = CHECK_MEM(got, want, want_len);
            if (!ok) {
                fprintf(stderr, "  PICOPSA_SHA2_UNROLL=%d: alg %zu, length %zu\n",
                        OTHER_SHA2_UNROLL, a, len);
            }
        }
    }
    /* The one-shot forms against the library's (the other setting). */
#if PSA_WANT_ALG_SHA_256
    other_sha256(msg, 1000, got);
    pp_hash_compute(PSA_ALG_SHA_256, msg, 1000, want);
    CHECK_MEM(got, want, 32);
#endif
#if PSA_WANT_ALG_SHA_512
    other_sha512(msg, 1000, got);
    pp_hash_compute(PSA_ALG_SHA_512, msg, 1000, want);
    CHECK_MEM(got, want, 64);
#endif
#if PP_SHA_HW_X86 || PP_SHA_HW_ARM
    pp_sha_hw_restrict(~0u);
#endif
    free(msg);
}

int main(void)
{
    test_rng_seed(0x5a2c0ffee);
    test_kats();
    test_api_contract();
    test_monte_carlo();
    test_openssl_cross_check();
    test_other_unroll_setting();
    return test_report("sha2");
}
