/*
 * test_hash_cross.c -- the hash tests that run where OpenSSL is not
 * installed for the target: the AArch64 cross build (make test-aarch64,
 * run under qemu-user, whose "max" CPU has the SHA1/SHA2 Cryptography
 * Extensions). No OpenSSL: known answers only, and the hardware path
 * against the portable one.
 *  - FIPS 180-4 examples (abc, the 448/896-bit messages, the empty message,
 *    one million 'a') for all seven hashes through psa_hash_compute and a
 *    split multi-part operation, with the hardware path allowed and
 *    restricted away (pp_sha_hw_restrict(0));
 *  - HMAC-SHA-1 / HMAC-SHA-256 of RFC 2202 / RFC 4231 test case 2;
 *  - SHA-1/224/256 of pseudo-random messages of every length 0..1100 in
 *    random pieces: hardware == portable;
 *  - GHASH (src/aead/ghash_arm.c, PMULL): AES-128-GCM of the GCM paper's
 *    test cases 2 and 3 through psa_aead_encrypt, with the PMULL path and
 *    without it; pp_ghash_blocks of 0..41 pseudo-random blocks under
 *    pseudo-random keys and states: PMULL == portable (ghash_ct64.c);
 *  - with PP_EXPECT_SHA_HW=1 in the environment the hardware paths must be
 *    the ones selected (so the comparison cannot silently compare C with C).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <psa/crypto.h>
#include <picopsa/backends.h>

#include "aead/ghash.h"
#include "hash/pp_hash.h"
#include "hash/sha_backend.h"
#include "mac/hmac.h"

static unsigned long passed, failed;

static void check(int ok, const char *what, unsigned long detail)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "FAIL %s (%lu)\n", what, detail);
    }
}

static size_t from_hex(const char *hex, uint8_t *out)
{
    size_t n = 0;
    while (hex[0] != '\0' && hex[1] != '\0') {
        unsigned v;
        sscanf(hex, "%2x", &v);
        out[n++] = (uint8_t)v;
        hex += 2;
    }
    return n;
}

static uint32_t rng_state = 0x12345678u;
static uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

struct kat {
    psa_algorithm_t alg;
    const char *msg; /* NULL: one million 'a' */
    const char *hex;
};

static const char m448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
static const char m896[] =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

static const struct kat kats[] = {
    { PSA_ALG_SHA_1, "abc", "a9993e364706816aba3e25717850c26c9cd0d89d" },
    { PSA_ALG_SHA_1, m448, "84983e441c3bd26ebaae4aa1f95129e5e54670f1" },
    { PSA_ALG_SHA_1, "", "da39a3ee5e6b4b0d3255bfef95601890afd80709" },
    { PSA_ALG_SHA_1, NULL, "34aa973cd4c4daa4f61eeb2bdbad27316534016f" },
    { PSA_ALG_SHA_224, "abc", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
    { PSA_ALG_SHA_224, NULL, "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67" },
    { PSA_ALG_SHA_256, "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
    { PSA_ALG_SHA_256, m448, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
    { PSA_ALG_SHA_256, "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
    { PSA_ALG_SHA_256, NULL, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
    { PSA_ALG_SHA_384, "abc", "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
                              "8086072ba1e7cc2358baeca134c825a7" },
    { PSA_ALG_SHA_512, m896, "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
                             "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909" },
    { PSA_ALG_SHA_512_224, "abc", "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa" },
    { PSA_ALG_SHA_512_224, m896, "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9" },
    { PSA_ALG_SHA_512_256, "abc", "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23" },
    { PSA_ALG_SHA_512_256, NULL, "9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21" },
};

static int built(psa_algorithm_t alg)
{
    return pp_hash_size(alg) != 0;
}

static void run_kats(void)
{
    static uint8_t million[1000];
    size_t i, k;
    memset(million, 'a', sizeof(million));
    for (i = 0; i < sizeof(kats) / sizeof(kats[0]); i++) {
        uint8_t want[64], got[64];
        size_t want_len = from_hex(kats[i].hex, want), got_len = 0;
        psa_hash_operation_t op = PSA_HASH_OPERATION_INIT;
        if (!built(kats[i].alg)) {
            continue;
        }
        check(psa_hash_setup(&op, kats[i].alg) == PSA_SUCCESS, "setup", i);
        if (kats[i].msg == NULL) {
            for (k = 0; k < 1000; k++) {
                psa_hash_update(&op, million, sizeof(million));
            }
        } else {
            size_t n = strlen(kats[i].msg), cut = n / 3;
            psa_hash_update(&op, (const uint8_t *)kats[i].msg, cut);
            psa_hash_update(&op, (const uint8_t *)kats[i].msg + cut, n - cut);
        }
        check(psa_hash_finish(&op, got, sizeof(got), &got_len) == PSA_SUCCESS &&
              got_len == want_len && memcmp(got, want, want_len) == 0, "known answer", i);
    }
}

static void run_hmac(void)
{
    /* RFC 2202 3 / RFC 4231 4.3, test case 2: key "Jefe". */
    static const char data[] = "what do ya want for nothing?";
    uint8_t want[64], got[64];
    if (built(PSA_ALG_SHA_1)) {
        from_hex("effcdf6ae5eb2fa2d27416d5f184df9c259a7c79", want);
        check(pp_hmac_compute(PSA_ALG_SHA_1, (const uint8_t *)"Jefe", 4, (const uint8_t *)data,
                              strlen(data), got) == PSA_SUCCESS && memcmp(got, want, 20) == 0,
              "HMAC-SHA-1", 2);
    }
    if (built(PSA_ALG_SHA_256)) {
        from_hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", want);
        check(pp_hmac_compute(PSA_ALG_SHA_256, (const uint8_t *)"Jefe", 4, (const uint8_t *)data,
                              strlen(data), got) == PSA_SUCCESS && memcmp(got, want, 32) == 0,
              "HMAC-SHA-256", 2);
    }
}

static void hash_pieces(psa_algorithm_t alg, const uint8_t *msg, size_t len, uint8_t *out)
{
    pp_hash_ctx ctx;
    size_t done = 0;
    (void)pp_hash_setup(&ctx, alg);
    while (done < len) {
        size_t piece = rng() % (len - done + 1);
        pp_hash_update(&ctx, msg + done, piece);
        done += piece;
    }
    pp_hash_finish(&ctx, out);
}

#if PSA_WANT_ALG_GCM && PSA_WANT_KEY_TYPE_AES
/* The GCM paper's (McGrew-Viega) test cases 2 and 3, AES-128: key, IV,
 * plaintext, ciphertext || tag (no AD). */
static const struct {
    const char *key, *iv, *pt, *ct_tag;
} gcm_kats[] = {
    {"00000000000000000000000000000000", "000000000000000000000000", "00000000000000000000000000000000",
     "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf"},
    {"feffe9928665731c6d6a8f9467308308", "cafebabefacedbaddecaf888",
     "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
     "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255",
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
     "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985"
     "4d5c2af327cd64a62cf35abd2ba6fab4"},
};

static void run_gcm(void)
{
    size_t i;
    for (i = 0; i < sizeof(gcm_kats) / sizeof(gcm_kats[0]); i++) {
        psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
        psa_key_id_t id = PSA_KEY_ID_NULL;
        uint8_t key[16], iv[12], pt[64], want[80], out[80];
        size_t pt_len = from_hex(gcm_kats[i].pt, pt), want_len = from_hex(gcm_kats[i].ct_tag, want), n = 0;
        (void)from_hex(gcm_kats[i].key, key);
        (void)from_hex(gcm_kats[i].iv, iv);
        psa_set_key_type(&a, PSA_KEY_TYPE_AES);
        psa_set_key_usage_flags(&a, PSA_KEY_USAGE_ENCRYPT);
        psa_set_key_algorithm(&a, PSA_ALG_GCM);
        check(psa_import_key(&a, key, 16, &id) == PSA_SUCCESS, "GCM key import", i);
        check(psa_aead_encrypt(id, PSA_ALG_GCM, iv, 12, NULL, 0, pt, pt_len, out, sizeof(out), &n) == PSA_SUCCESS &&
                  n == want_len && memcmp(out, want, n) == 0,
              "AES-128-GCM test case", i + 2u);
        (void)psa_destroy_key(id);
    }
}

/* PMULL against the portable multiplication on random keys, states and
 * block counts (every tail length of the 4-block loop). */
static void run_ghash(void)
{
    static uint8_t blocks[42 * 16];
    size_t n, i, t;
    for (t = 0; t < 40; t++) {
        pp_ghash_key k;
        uint8_t h[16];
        uint64_t y0[2], y_fast[2], y_portable[2];
        for (i = 0; i < 16; i++) h[i] = (uint8_t)rng();
        for (i = 0; i < sizeof(blocks); i++) blocks[i] = (uint8_t)rng();
        y0[0] = ((uint64_t)rng() << 32) | rng();
        y0[1] = ((uint64_t)rng() << 32) | rng();
        pp_ghash_set_key(&k, h);
        for (n = 0; n <= 41; n++) {
            memcpy(y_fast, y0, sizeof(y0));
            memcpy(y_portable, y0, sizeof(y0));
            pp_ghash_blocks(&k, y_fast, blocks, n);
            pp_ghash_ct64_blocks(k.h[0], y_portable, blocks, n);
            check(memcmp(y_fast, y_portable, sizeof(y0)) == 0, "GHASH fast == portable", t * 100u + n);
        }
        pp_ghash_wipe(&k);
    }
}
#endif

int main(void)
{
    static const psa_algorithm_t hw_algs[3] = { PSA_ALG_SHA_1, PSA_ALG_SHA_224, PSA_ALG_SHA_256 };
    static uint8_t msg[1100];
    const char *expect = getenv("PP_EXPECT_SHA_HW");
    unsigned features = 0;
    size_t a, len;

    if (psa_crypto_init() != PSA_SUCCESS) {
        fprintf(stderr, "psa_crypto_init failed\n");
        return 1;
    }
#if PP_SHA_HW_X86 || PP_SHA_HW_ARM
    features = pp_sha_hw_features();
#endif
    printf("hash backend: SHA-1 %s, SHA-256 %s\n",
           picopsa_backend_name(PICOPSA_FAMILY_SHA1) ? picopsa_backend_name(PICOPSA_FAMILY_SHA1) : "-",
           picopsa_backend_name(PICOPSA_FAMILY_SHA256) ? picopsa_backend_name(PICOPSA_FAMILY_SHA256) : "-");
    if (expect != NULL && strcmp(expect, "1") == 0) {
        check(features == (PP_SHA_HW_SHA1 | PP_SHA_HW_SHA256), "hardware path selected", features);
#if PP_GHASH_HW_ARM
        check(pp_ghash_arm_available(), "PMULL GHASH selected", 0);
#endif
    }
#if PSA_WANT_ALG_GCM && PSA_WANT_KEY_TYPE_AES
    run_gcm();
    run_ghash();
#if PP_GHASH_HW_ARM
    printf("GHASH: %s\n", pp_ghash_arm_available() ? "PMULL, then portable" : "portable");
    pp_ghash_arm_restrict(0);
    run_gcm();
    pp_ghash_arm_restrict(1);
#endif
#endif

    run_kats();
    run_hmac();
#if PP_SHA_HW_X86 || PP_SHA_HW_ARM
    pp_sha_hw_restrict(0);
    run_kats();
    run_hmac();
    pp_sha_hw_restrict(~0u);
#endif
    for (len = 0; len < sizeof(msg); len++) {
        msg[len] = (uint8_t)rng();
    }
    for (a = 0; a < 3; a++) {
        if (!built(hw_algs[a])) {
            continue;
        }
        for (len = 0; len <= sizeof(msg); len++) {
            uint8_t fast[32], portable[32];
            hash_pieces(hw_algs[a], msg, len, fast);
#if PP_SHA_HW_X86 || PP_SHA_HW_ARM
            pp_sha_hw_restrict(0);
#endif
            hash_pieces(hw_algs[a], msg, len, portable);
#if PP_SHA_HW_X86 || PP_SHA_HW_ARM
            pp_sha_hw_restrict(~0u);
#endif
            check(memcmp(fast, portable, pp_hash_size(hw_algs[a])) == 0, "hardware == portable", len);
        }
    }
    printf("hash_cross: %lu passed, %lu failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
