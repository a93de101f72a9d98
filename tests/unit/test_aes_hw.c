/*
 * test_aes_hw.c -- the AES-NI backend (src/aes/aes_hw.h, aes_x86.c):
 *  - a CPU whose /proc/cpuinfo lists "aes" must have the path selected
 *    (a broken CPUID check cannot silently fall back); restrict(0) hides it;
 *  - FIPS 197 C.1-C.3 (one block, encrypt and decrypt) and SP 800-38A F.1
 *    (ECB), F.2 (CBC), F.5 (CTR), four blocks, AES-128/192/256, with the
 *    IV / counter left behind;
 *  - the encryption schedule equals aes_ref.c's (reference backend only),
 *    and the reference functions accept a key set here;
 *  - random cross-checks against OpenSSL EVP and the portable pp_aes_*
 *    for every mode and key size, 1..40 blocks and some KiB, separate
 *    buffers, in place (unaligned) and in two calls split at random;
 *  - CTR counters whose increments carry across bytes, across the 32-bit
 *    and 64-bit halves and wrap at 2^128, at every position in a batch;
 *  - bad key lengths (the key is wiped);
 *  - all of it at every width the CPU runs (pp_aes_hw_limit: AES-NI,
 *    VAES-256, VAES-512), and a CPU whose cpuinfo lists "vaes" and
 *    "avx512bw" must have the VAES-512 path chosen.
 * Without AES-NI (CPU or PICOPSA_AES_HW=0) it prints SKIPPED and ctest
 * reports it skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "aes/aes.h"
#include "aes/aes_hw.h"
#include "common/pp_util.h"
#include "test_util.h"

#if PP_AES_HW_X86

#include <cpuid.h>

#define MAXB 1024 /* blocks: 16 KiB */

enum { ECB_ENC, ECB_DEC, CBC_ENC, CBC_DEC, CTR, N_MODES };
static const char *const mode_name[N_MODES] = {"ECB enc", "ECB dec", "CBC enc", "CBC dec", "CTR"};

/* 1 if a "flags" line of /proc/cpuinfo has the word w (" aes"). */
static int cpuinfo_has(const char *w)
{
    size_t wl = strlen(w);
    static char text[1 << 16];
    size_t got;
    const char *p;
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL) {
        return 0;
    }
    got = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[got] = '\0';
    for (p = strstr(text, "\nflags"); p != NULL; p = strstr(p + 1, "\nflags")) {
        const char *end = strchr(p + 1, '\n');
        const char *hit = strstr(p, w);
        if (hit != NULL && (end == NULL || hit < end) && (hit[wl] == ' ' || hit[wl] == '\n')) {
            return 1;
        }
    }
    return 0;
}

/* CPUID leaf 7 ECX bit 9 (VAES) as this process sees it. */
static int cpuid_has_vaes(void)
{
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (__get_cpuid_max(0, NULL) < 7) {
        return 0;
    }
    __cpuid_count(7, 0, a, b, c, d);
    (void)a;
    (void)b;
    (void)d;
    return (int)((c >> 9) & 1u);
}

static const EVP_CIPHER *evp_of(int mode, size_t key_len)
{
    if (mode == ECB_ENC || mode == ECB_DEC) {
        return key_len == 16 ? EVP_aes_128_ecb() : key_len == 24 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
    }
    if (mode == CTR) {
        return key_len == 16 ? EVP_aes_128_ctr() : key_len == 24 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
    }
    return key_len == 16 ? EVP_aes_128_cbc() : key_len == 24 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
}

/* OpenSSL's answer for nblocks of in, no padding. */
static void openssl_run(int mode, const uint8_t *key, size_t key_len, const uint8_t iv[16],
                        const uint8_t *in, uint8_t *out, size_t nblocks)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int enc = mode == ECB_ENC || mode == CBC_ENC || mode == CTR;
    int n1 = 0, n2 = 0;
    CHECK(c != NULL);
    CHECK(EVP_CipherInit_ex(c, evp_of(mode, key_len), NULL, key,
                            mode == ECB_ENC || mode == ECB_DEC ? NULL : iv, enc) == 1);
    CHECK(EVP_CIPHER_CTX_set_padding(c, 0) == 1);
    CHECK(EVP_CipherUpdate(c, out, &n1, in, (int)(16 * nblocks)) == 1);
    CHECK(EVP_CipherFinal_ex(c, out + n1, &n2) == 1);
    CHECK((size_t)n1 + (size_t)n2 == 16 * nblocks);
    EVP_CIPHER_CTX_free(c);
}

static void hw_run(int mode, const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                   uint8_t *out, size_t nblocks)
{
    switch (mode) {
    case ECB_ENC: pp_aes_hw_ecb_encrypt(k, in, out, nblocks); break;
    case ECB_DEC: pp_aes_hw_ecb_decrypt(k, in, out, nblocks); break;
    case CBC_ENC: pp_aes_hw_cbc_encrypt(k, iv, in, out, nblocks); break;
    case CBC_DEC: pp_aes_hw_cbc_decrypt(k, iv, in, out, nblocks); break;
    default: pp_aes_hw_ctr(k, iv, in, out, nblocks); break;
    }
}

static void portable_run(int mode, const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                         uint8_t *out, size_t nblocks)
{
    switch (mode) {
    case ECB_ENC: pp_aes_soft_ecb_encrypt(k, in, out, nblocks); break;
    case ECB_DEC: pp_aes_soft_ecb_decrypt(k, in, out, nblocks); break;
    case CBC_ENC: pp_aes_soft_cbc_encrypt(k, iv, in, out, nblocks); break;
    case CBC_DEC: pp_aes_soft_cbc_decrypt(k, iv, in, out, nblocks); break;
    default: pp_aes_soft_ctr(k, iv, in, out, nblocks); break;
    }
}

/* The IV / counter a mode leaves after nblocks from iv0 with output out and
 * input in: CBC the last ciphertext block, CTR iv0 + nblocks mod 2^128. */
static void expected_iv(int mode, const uint8_t iv0[16], const uint8_t *in, const uint8_t *out,
                        size_t nblocks, uint8_t want[16])
{
    memcpy(want, iv0, 16);
    if (mode == CBC_ENC) {
        memcpy(want, out + 16 * (nblocks - 1), 16);
    } else if (mode == CBC_DEC) {
        memcpy(want, in + 16 * (nblocks - 1), 16);
    } else if (mode == CTR) {
        size_t add = nblocks;
        int i;
        for (i = 15; i >= 0; i--) {
            add += want[i];
            want[i] = (uint8_t)add;
            add >>= 8;
        }
    }
}

static uint8_t g_in[16 * MAXB], g_want[16 * MAXB], g_out[16 * MAXB + 16], g_port[16 * MAXB];

/* One cross-check: hw (separate, in place, split in two calls) against
 * OpenSSL and the portable code, with the IV / counter they leave. */
static void cross(int mode, const uint8_t *key, size_t key_len, const uint8_t iv0[16], size_t n)
{
    pp_aes_key k, kp;
    uint8_t iv[16], want_iv[16];
    size_t split = test_rng_range(0, n);
    int ok = 1;

    CHECK_STATUS(pp_aes_hw_set_key(&k, key, key_len), PSA_SUCCESS);
    CHECK_STATUS(pp_aes_soft_set_key(&kp, key, key_len), PSA_SUCCESS);
    openssl_run(mode, key, key_len, iv0, g_in, g_want, n);
    expected_iv(mode, iv0, g_in, g_want, n, want_iv);

    memcpy(iv, iv0, 16);
    hw_run(mode, &k, iv, g_in, g_out, n);
    ok &= CHECK_MEM(g_out, g_want, 16 * n);
    ok &= mode <= ECB_DEC || CHECK_MEM(iv, want_iv, 16);

    /* In place, at an address that is not 16-byte aligned. */
    memcpy(g_out + 1 + n % 15, g_in, 16 * n);
    memcpy(iv, iv0, 16);
    hw_run(mode, &k, iv, g_out + 1 + n % 15, g_out + 1 + n % 15, n);
    ok &= CHECK_MEM(g_out + 1 + n % 15, g_want, 16 * n);
    ok &= mode <= ECB_DEC || CHECK_MEM(iv, want_iv, 16);

    memcpy(iv, iv0, 16);
    hw_run(mode, &k, iv, g_in, g_out, split);
    hw_run(mode, &k, iv, g_in + 16 * split, g_out + 16 * split, n - split);
    ok &= CHECK_MEM(g_out, g_want, 16 * n);
    ok &= mode <= ECB_DEC || CHECK_MEM(iv, want_iv, 16);

    memcpy(iv, iv0, 16);
    portable_run(mode, &kp, iv, g_in, g_port, n);
    ok &= CHECK_MEM(g_port, g_want, 16 * n);
    if (!ok) {
        fprintf(stderr, "  %s, %zu-byte key, %zu blocks, split %zu\n", mode_name[mode], key_len, n,
                split);
    }
    pp_aes_soft_wipe(&kp);
    pp_wipe(&k, sizeof k);
}

/* FIPS 197 appendix C: key 00 01 .. 1f (first 16/24/32 bytes). */
static void fips197(void)
{
    static const char *const ct_hex[3] = {"69c4e0d86a7b0430d8cdb78070b4c55a",
                                          "dda97ca4864cdfe06eaf70a0ec0d7191",
                                          "8ea2b7ca516745bfeafc49904b496089"};
    uint8_t key[32], pt[16], ct[16], buf[16];
    pp_aes_key k;
    size_t i;
    for (i = 0; i < 32; i++) {
        key[i] = (uint8_t)i;
    }
    test_hex_to("00112233445566778899aabbccddeeff", pt, 16);
    for (i = 0; i < 3; i++) {
        test_hex_to(ct_hex[i], ct, 16);
        CHECK_STATUS(pp_aes_hw_set_key(&k, key, 16 + 8 * i), PSA_SUCCESS);
        CHECK(k.rounds == 10 + 2 * i);
        pp_aes_hw_ecb_encrypt(&k, pt, buf, 1);
        CHECK_MEM(buf, ct, 16);
        pp_aes_hw_ecb_decrypt(&k, buf, buf, 1);
        CHECK_MEM(buf, pt, 16);
    }
    pp_wipe(&k, sizeof k);
}

/* SP 800-38A appendix F: the four-block examples. */
static const char *const sp_key[3] = {
    "2b7e151628aed2a6abf7158809cf4f3c",
    "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
    "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"};
static const char sp_pt[] = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
                            "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";
static const char *const sp_ecb[3] = { /* F.1.1, F.1.3, F.1.5 */
    "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"
    "43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4",
    "bd334f1d6e45f25ff712a214571fa5cc974104846d0ad3ad7734ecb3ecee4eef"
    "ef7afd2270e2e60adce0ba2face6444e9a4b41ba738d6c72fb16691603c18e0e",
    "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870"
    "b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7"};
static const char *const sp_cbc[3] = { /* F.2.1, F.2.3, F.2.5; IV 00 01 .. 0f */
    "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
    "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7",
    "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"
    "571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd",
    "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
    "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b"};
static const char *const sp_ctr[3] = { /* F.5.1, F.5.3, F.5.5; counter f0 f1 .. ff */
    "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
    "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee",
    "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e94"
    "1e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050",
    "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
    "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"};

static void sp800_38a(void)
{
    uint8_t key[32], pt[64], ct[64], buf[64], iv[16], want_iv[16];
    pp_aes_key k;
    size_t t, i;
    test_hex_to(sp_pt, pt, 64);
    for (t = 0; t < 3; t++) {
        size_t kl = test_hex_to(sp_key[t], key, 32);
        CHECK(kl == 16 + 8 * t);
        CHECK_STATUS(pp_aes_hw_set_key(&k, key, kl), PSA_SUCCESS);

        test_hex_to(sp_ecb[t], ct, 64);
        pp_aes_hw_ecb_encrypt(&k, pt, buf, 4);
        CHECK_MEM(buf, ct, 64);
        pp_aes_hw_ecb_decrypt(&k, buf, buf, 4);
        CHECK_MEM(buf, pt, 64);

        test_hex_to(sp_cbc[t], ct, 64);
        for (i = 0; i < 16; i++) iv[i] = (uint8_t)i;
        pp_aes_hw_cbc_encrypt(&k, iv, pt, buf, 4);
        CHECK_MEM(buf, ct, 64);
        CHECK_MEM(iv, ct + 48, 16);
        for (i = 0; i < 16; i++) iv[i] = (uint8_t)i;
        pp_aes_hw_cbc_decrypt(&k, iv, buf, buf, 4);
        CHECK_MEM(buf, pt, 64);
        CHECK_MEM(iv, ct + 48, 16);

        test_hex_to(sp_ctr[t], ct, 64);
        test_hex_to("f0f1f2f3f4f5f6f7f8f9fafbfcfdff03", want_iv, 16);
        test_hex_to("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", iv, 16);
        pp_aes_hw_ctr(&k, iv, pt, buf, 4);
        CHECK_MEM(buf, ct, 64);
        CHECK_MEM(iv, want_iv, 16);
        test_hex_to("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", iv, 16);
        pp_aes_hw_ctr(&k, iv, buf, buf, 4);   /* F.5.2/4/6: decryption */
        CHECK_MEM(buf, pt, 64);
    }
    pp_wipe(&k, sizeof k);
}

/* The encryption schedule is aes_ref.c's, and the reference functions run
 * on a key set here (the layout aes_hw.h promises). */
static void schedule_layout(void)
{
#if PICOPSA_AES_BACKEND == PICOPSA_AES_REF
    uint8_t key[32], buf[48], ref[48];
    pp_aes_key k, kp;
    size_t t;
    for (t = 0; t < 3; t++) {
        size_t kl = 16 + 8 * t;
        test_rng_bytes(key, sizeof key);
        test_rng_bytes(buf, sizeof buf);
        CHECK_STATUS(pp_aes_hw_set_key(&k, key, kl), PSA_SUCCESS);
        CHECK_STATUS(pp_aes_soft_set_key(&kp, key, kl), PSA_SUCCESS);
        CHECK(k.rounds == kp.rounds);
        CHECK_MEM(k.rk, kp.rk, 16 * (k.rounds + 1));
        pp_aes_hw_ecb_encrypt(&k, buf, ref, 3);
        pp_aes_soft_ecb_encrypt(&k, buf, buf, 3);
        CHECK_MEM(buf, ref, sizeof buf);
        pp_aes_soft_ecb_decrypt(&k, buf, buf, 3);
        pp_aes_hw_ecb_decrypt(&k, ref, ref, 3);
        CHECK_MEM(buf, ref, sizeof buf);
    }
    pp_aes_soft_wipe(&kp);
    pp_wipe(&k, sizeof k);
#endif
}

/* Counters just below a carry: the low byte, the low 32 and 64 bits, all
 * 128 bits (wrap to 0) at ff, entering the carry at every block of an
 * eight-block batch and in the one-block tail. */
static void ctr_carries(void)
{
    static const char *const base[] = {
        "0123456789abcdef00000000000000ff", "0123456789abcdef00000000ffffffff",
        "0123456789abcdef80ffffffffffffff", "0123456789abcdefffffffffffffffff",
        "ffffffffffffffffffffffffffffffff", "fffffffffffffffeffffffffffffffff",
        "00000000000000000000000000000000"};
    uint8_t key[32], iv0[16];
    size_t b, before, kl;
    for (b = 0; b < sizeof base / sizeof base[0]; b++) {
        for (before = 1; before <= 20; before++) {
            uint64_t low;
            size_t i;
            test_hex_to(base[b], iv0, 16);
            /* Move the carry so it happens after `before` blocks. */
            low = 0;
            for (i = 8; i < 16; i++) low = (low << 8) | iv0[i];
            low = low - (before - 1);
            for (i = 16; i-- > 8;) {
                iv0[i] = (uint8_t)low;
                low >>= 8;
            }
            for (kl = 16; kl <= 32; kl += 8) {
                size_t n = test_rng_range(before, 48);
                test_rng_bytes(key, sizeof key);
                test_rng_bytes(g_in, 16 * n);
                cross(CTR, key, kl, iv0, n);
            }
        }
    }
}

static void bad_keys(void)
{
    static const size_t bad[] = {0, 1, 15, 17, 23, 25, 31, 33, 64};
    uint8_t key[64], zero[sizeof(pp_aes_key)];
    pp_aes_key k;
    size_t i;
    memset(key, 0x5a, sizeof key);
    memset(zero, 0, sizeof zero);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_STATUS(pp_aes_hw_set_key(&k, key, 16), PSA_SUCCESS);
        CHECK_STATUS(pp_aes_hw_set_key(&k, key, bad[i]), PSA_ERROR_INVALID_ARGUMENT);
        CHECK_MEM(&k, zero, sizeof k);
    }
}

int main(void)
{
    static const size_t big[] = {63, 64, 65, 100, 256, 257, 1023, MAXB};
    uint8_t key[32], iv0[16];
    size_t kl, n;
    int mode, level, top, has_aes = cpuinfo_has(" aes");

    test_rng_seed(0xae5);
    printf("aes_hw: /proc/cpuinfo aes %s, pp_aes_hw_available() %d\n", has_aes ? "yes" : "no",
           pp_aes_hw_available());
    if (has_aes) {
        CHECK(pp_aes_hw_available() == 1);
    }
    pp_aes_hw_restrict(0);
    CHECK(pp_aes_hw_available() == 0);
    pp_aes_hw_restrict(1);
    if (has_aes) {
        CHECK(pp_aes_hw_available() == 1);
    }
    if (!pp_aes_hw_available()) {
        return test_skip("aes_hw", "this CPU has no AES-NI: the hardware path is not run");
    }

    /* Every width this CPU runs, the widest last (left in force). */
    top = pp_aes_hw_level();
    /* The CPUID this process sees must agree too: valgrind's hides VAES
     * and AVX-512 (it runs neither), and the AES-NI path is chosen there. */
    if (cpuinfo_has(" vaes") && cpuinfo_has(" avx512bw") && cpuinfo_has(" avx512vl") &&
        cpuid_has_vaes()) {
        CHECK(top == PP_AES_X86_VAES512);
    } else if (cpuinfo_has(" vaes") && cpuinfo_has(" avx2") && cpuid_has_vaes()) {
        CHECK(top >= PP_AES_X86_VAES256);
    }
    printf("aes_hw: widest path %s\n", pp_aes_hw_name());
    CHECK(strcmp(pp_aes_backend_name(), pp_aes_hw_name()) == 0);
    for (level = PP_AES_X86_AESNI; level <= top; level++) {
        pp_aes_hw_limit(level);
        CHECK(pp_aes_hw_level() == level);
        printf("aes_hw: %s\n", pp_aes_hw_name());
        fips197();
        sp800_38a();
        schedule_layout();
        for (kl = 16; kl <= 32; kl += 8) {
            for (mode = 0; mode < N_MODES; mode++) {
                for (n = 1; n <= 40 + sizeof big / sizeof big[0]; n++) {
                    size_t blocks = n <= 40 ? n : big[n - 41];
                    test_rng_bytes(key, sizeof key);
                    test_rng_bytes(iv0, sizeof iv0);
                    test_rng_bytes(g_in, 16 * blocks);
                    cross(mode, key, kl, iv0, blocks);
                }
            }
        }
        ctr_carries();
    }
    pp_aes_hw_limit(PP_AES_X86_VAES512);
    CHECK(pp_aes_hw_level() == top);
    bad_keys();
    return test_report("aes_hw");
}

#else /* !PP_AES_HW_X86 */

int main(void)
{
    return test_skip("aes_hw", "no AES-NI backend in this build (not x86-64, or PICOPSA_AES_HW=0)");
}

#endif
