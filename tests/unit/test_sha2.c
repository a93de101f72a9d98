/*
 * test_sha2.c -- SHA-224/256/384/512 (src/hash) against the FIPS 180-4
 * examples (NIST "Examples with Intermediate Values", CSRC cryptographic
 * standards and guidelines: one-block "abc", the 448-bit / 896-bit
 * two-block messages, one million 'a'), the empty message, the generic
 * pp_hash_* API contract, and OpenSSL's EVP_Digest over random messages of
 * many lengths, each also fed in random pieces.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "hash/pp_hash.h"
#include "hash/sha256.h"
#include "hash/sha512.h"
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
        test_hex_to(kats[4].digest, want, 32);
        pp_sha256((const uint8_t *)"abc", 3, got);
        CHECK_MEM(got, want, 32);
        test_hex_to(kats[0].digest, want, 28);
        pp_sha224((const uint8_t *)"abc", 3, got);
        CHECK_MEM(got, want, 28);
        test_hex_to(kats[12].digest, want, 64);
        pp_sha512((const uint8_t *)"abc", 3, got);
        CHECK_MEM(got, want, 64);
        test_hex_to(kats[8].digest, want, 48);
        pp_sha384((const uint8_t *)"abc", 3, got);
        CHECK_MEM(got, want, 48);
        /* NULL data with zero length is allowed. */
        test_hex_to(kats[7].digest, want, 32);
        pp_sha256(NULL, 0, got);
        CHECK_MEM(got, want, 32);
    }
}

static void test_api_contract(void)
{
    pp_hash_ctx ctx, clone;
    uint8_t a[64], b[64];

    CHECK_STATUS(pp_hash_setup(&ctx, PSA_ALG_SHA_1), PSA_ERROR_NOT_SUPPORTED);
    CHECK(ctx.alg == 0);
    CHECK_STATUS(pp_hash_setup(&ctx, PSA_ALG_SHA3_256), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(pp_hash_setup(&ctx, PSA_ALG_SHA_512_256), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(pp_hash_setup(&ctx, PSA_ALG_ANY_HASH), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_hash_setup(&ctx, PSA_ALG_HMAC(PSA_ALG_SHA_256)), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_hash_setup(&ctx, 0), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_hash_compute(PSA_ALG_SHA_1, a, 1, b), PSA_ERROR_NOT_SUPPORTED);

    CHECK(pp_hash_size(PSA_ALG_SHA_224) == 28);
    CHECK(pp_hash_size(PSA_ALG_SHA_256) == 32);
    CHECK(pp_hash_size(PSA_ALG_SHA_384) == 48);
    CHECK(pp_hash_size(PSA_ALG_SHA_512) == 64);
    CHECK(pp_hash_size(PSA_ALG_SHA_1) == 0);
    CHECK(pp_hash_size(PSA_ALG_HMAC(PSA_ALG_SHA_256)) == 0);
    CHECK(pp_hash_block_size(PSA_ALG_SHA_224) == 64);
    CHECK(pp_hash_block_size(PSA_ALG_SHA_256) == 64);
    CHECK(pp_hash_block_size(PSA_ALG_SHA_384) == 128);
    CHECK(pp_hash_block_size(PSA_ALG_SHA_512) == 128);
    CHECK(pp_hash_block_size(PSA_ALG_SHA3_256) == 0);

    /* Clone by struct copy: both halves continue independently. */
    CHECK_STATUS(pp_hash_setup(&ctx, PSA_ALG_SHA_256), PSA_SUCCESS);
    pp_hash_update(&ctx, (const uint8_t *)"ab", 2);
    clone = ctx;
    pp_hash_update(&ctx, (const uint8_t *)"c", 1);
    pp_hash_update(&clone, (const uint8_t *)"c", 1);
    pp_hash_finish(&ctx, a);
    pp_hash_finish(&clone, b);
    CHECK_MEM(a, b, 32);

    /* Abort wipes; operations on an inactive context do nothing. */
    CHECK_STATUS(pp_hash_setup(&ctx, PSA_ALG_SHA_512), PSA_SUCCESS);
    pp_hash_update(&ctx, a, 32);
    pp_hash_abort(&ctx);
    CHECK(ctx.alg == 0);
    memset(a, 0x5a, sizeof(a));
    pp_hash_update(&ctx, b, 10);
    pp_hash_finish(&ctx, a);
    CHECK(a[0] == 0x5a && a[63] == 0x5a);
}

static const EVP_MD *openssl_md(psa_algorithm_t alg)
{
    switch (alg) {
    case PSA_ALG_SHA_224: return EVP_sha224();
    case PSA_ALG_SHA_256: return EVP_sha256();
    case PSA_ALG_SHA_384: return EVP_sha384();
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
    static const psa_algorithm_t algs[4] = { PSA_ALG_SHA_224, PSA_ALG_SHA_256,
                                             PSA_ALG_SHA_384, PSA_ALG_SHA_512 };
    uint8_t *msg = (uint8_t *)malloc(4096);
    size_t a, len;

    test_rng_bytes(msg, 4096);
    for (a = 0; a < 4; a++) {
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

int main(void)
{
    test_rng_seed(0x5a2c0ffee);
    test_kats();
    test_api_contract();
    test_openssl_cross_check();
    return test_report("sha2");
}
