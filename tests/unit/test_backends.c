/*
 * test_backends.c -- include/picopsa/backends.h names the backend this
 * build compiled and, for the x86-64 bignum kernel, the one this CPU runs:
 *  - Ed25519: the field radix of the build (PICOPSA_ED25519_FIELD), checked
 *    against the limb count the field code was compiled with (FE_LIMBS);
 *  - RSA: the kernel named is the one CPUID allows (BMI2 + ADX for MULX,
 *    AVX2 for the table scan) when the x86-64 kernel is compiled in, the
 *    portable C one otherwise;
 *  - AES and GHASH: the CPU's instructions when present, the configured
 *    portable backend with them restricted;
 *  - a family outside the enumeration gives NULL.
 */
#include <picopsa/backends.h>
#include <picopsa/config.h>

#include <stdio.h>
#include <string.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include "aead/ghash.h"
#include "aes/aes_hw.h"
#include "chacha20/chacha20_simd.h"
#include "test_util.h"

static void check_name(const char *got, const char *want, const char *what)
{
    int same = got != NULL && strcmp(got, want) == 0;
    if (!same) {
        fprintf(stderr, "  %s backend: got \"%s\", want \"%s\"\n", what, got ? got : "(null)",
                want);
    }
    CHECK(same);
}

static void test_ed25519(void)
{
#if !PSA_WANT_ECC_TWISTED_EDWARDS_255
    CHECK(picopsa_backend_name(PICOPSA_FAMILY_ED25519) == NULL);
    (void)check_name;   /* unused when no family is built (configs/lms_verify_only.h) */
#elif PICOPSA_ED25519_BACKEND == PICOPSA_BACKEND_SMALL
    check_name(picopsa_backend_name(PICOPSA_FAMILY_ED25519), "small, radix 2^32", "Ed25519");
#elif PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
    check_name(picopsa_backend_name(PICOPSA_FAMILY_ED25519), "fast, radix 2^51", "Ed25519");
#elif PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX32
    check_name(picopsa_backend_name(PICOPSA_FAMILY_ED25519), "fast, radix 2^32", "Ed25519");
#else
    check_name(picopsa_backend_name(PICOPSA_FAMILY_ED25519), "fast, radix 2^25.5", "Ed25519");
#endif
}

static void test_rsa(void)
{
#if !PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY
    CHECK(picopsa_backend_name(PICOPSA_FAMILY_RSA) == NULL);
#elif PICOPSA_BN_KERNEL == PICOPSA_BN_KERNEL_X86_64
    /* The CPUID test of the library, restated with the compiler's. Under
     * valgrind (which hides BMI2/ADX) both agree on the C kernel. */
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    int adx, avx2;
    __builtin_cpu_init();
    /* clang 14 has no "adx" for __builtin_cpu_supports: CPUID leaf 7, EBX
     * bit 19 (Intel SDM vol. 2A, CPUID). avx2 includes the OS's YMM state. */
    adx = __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) && (ebx & (1u << 19)) != 0 &&
          __builtin_cpu_supports("bmi2");
    avx2 = __builtin_cpu_supports("avx2");
#if defined(__BMI2__) && defined(__ADX__)
    adx = 1;   /* compiled in unconditionally */
#endif
#if defined(__AVX2__)
    avx2 = 1;
#endif
    check_name(picopsa_backend_name(PICOPSA_FAMILY_RSA),
               adx ? (avx2 ? "x86-64 MULX/ADX, AVX2 table scan" : "x86-64 MULX/ADX") :
                     (avx2 ? "portable C, AVX2 table scan" : "portable C"),
               "RSA");
#else
    check_name(picopsa_backend_name(PICOPSA_FAMILY_RSA), "portable C", "RSA");
#endif
}

/* AES: AES-NI where the CPU has it (x86-64), else the configured
 * portable backend; forcing the portable path changes the name. */
static void test_aes(void)
{
#if !PSA_WANT_KEY_TYPE_AES
    CHECK(picopsa_backend_name(PICOPSA_FAMILY_AES) == NULL);
#else
    const char *soft = PICOPSA_AES_BACKEND == PICOPSA_AES_CT64   ? "bitsliced ct64"
                       : PICOPSA_AES_BACKEND == PICOPSA_AES_CT32 ? "fixsliced ct32"
                                                                 : "byte-oriented reference";
    const char *now = picopsa_backend_name(PICOPSA_FAMILY_AES);
#if PP_AES_HW_X86
    {
        /* The width in use is in the name: each cap names its width. */
        static const char *const width[4] = {NULL, "x86-64 AES-NI", "x86-64 VAES-256 (AVX2)",
                                             "x86-64 VAES-512 (AVX-512)"};
        int top = pp_aes_hw_level(), level;
        check_name(now, top != 0 ? width[top] : soft, "AES");
        for (level = PP_AES_X86_AESNI; level <= top; level++) {
            pp_aes_hw_limit(level);
            check_name(picopsa_backend_name(PICOPSA_FAMILY_AES), width[level], "AES");
        }
    }
    pp_aes_hw_restrict(0);
    check_name(picopsa_backend_name(PICOPSA_FAMILY_AES), soft, "AES");
    pp_aes_hw_restrict(1);
#else
    check_name(now, soft, "AES");
#endif
#endif
}

/* ChaCha20: the eight-block x86-64 kernel this CPU runs, else the
 * portable form; capping the kernels changes the name. */
static void test_chacha20(void)
{
#if !PSA_WANT_KEY_TYPE_CHACHA20 && !PSA_WANT_KEY_TYPE_XCHACHA20
    CHECK(picopsa_backend_name(PICOPSA_FAMILY_CHACHA20) == NULL);
#else
    const char *now = picopsa_backend_name(PICOPSA_FAMILY_CHACHA20);
    CHECK(now != NULL);
#if PP_CHACHA20_X86
    {
        static const char *const names[3] = {NULL, "x86-64 AVX2", "x86-64 AVX-512"};
        int k = pp_chacha20_x86_kernel();
        if (k != 0) {
            check_name(now, names[k], "ChaCha20");
        }
        pp_chacha20_simd_restrict(0);
        CHECK(strncmp(picopsa_backend_name(PICOPSA_FAMILY_CHACHA20), "portable C", 10) == 0);
        pp_chacha20_simd_restrict(2);
    }
#else
    CHECK(now != NULL && strncmp(now, "portable C", 10) == 0);
#endif
#endif
}

/* GHASH: PCLMULQDQ / PMULL where the CPU has it, else the configured
 * portable backend; forcing the portable path changes the name. */
static void test_ghash(void)
{
#if !PSA_WANT_ALG_GCM
    CHECK(picopsa_backend_name(PICOPSA_FAMILY_GHASH) == NULL);
#else
    const char *soft = PICOPSA_GHASH_BACKEND == PICOPSA_GHASH_CT32 ? "ct32, 32x32->32 MUL"
                                                                   : "ct64, 32x32->64 MUL";
    const char *now = picopsa_backend_name(PICOPSA_FAMILY_GHASH);
#if PP_GHASH_HW_X86
    check_name(now, pp_ghash_hw_available() ? "x86-64 PCLMULQDQ" : soft, "GHASH");
    pp_ghash_hw_restrict(0);
    check_name(picopsa_backend_name(PICOPSA_FAMILY_GHASH), soft, "GHASH");
    pp_ghash_hw_restrict(1);
#elif PP_GHASH_HW_ARM
    check_name(now, pp_ghash_arm_available() ? "AArch64 PMULL" : soft, "GHASH");
    pp_ghash_arm_restrict(0);
    check_name(picopsa_backend_name(PICOPSA_FAMILY_GHASH), soft, "GHASH");
    pp_ghash_arm_restrict(1);
#else
    check_name(now, soft, "GHASH");
#endif
#endif
}

int main(void)
{
    test_ed25519();
    test_rsa();
    test_aes();
    test_chacha20();
    test_ghash();
    CHECK(picopsa_backend_name((picopsa_family_t)8) == NULL);
    CHECK(picopsa_backend_name((picopsa_family_t)9) == NULL);
    return test_report("backends");
}
