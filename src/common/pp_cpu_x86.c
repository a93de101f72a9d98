/*
 * pp_cpu_x86.c -- x86-64 instruction set extensions by CPUID (see pp_cpu_x86.h).
 */
#include "common/pp_cpu_x86.h"

#if PP_CPU_X86

#include <stdint.h>

#define BIT(word, n) ((((word) >> (n)) & 1u) != 0)

static unsigned detect(void)
{
    uint32_t eax, ebx, ecx, edx, max_leaf, leaf1_ecx, leaf7_ebx = 0, leaf7_ecx = 0;
    uint32_t xcr0 = 0, xcr0_hi;
    unsigned f = 0;
    __asm__ volatile("cpuid" : "=a"(max_leaf), "=b"(ebx), "=c"(ecx), "=d"(edx) : "a"(0u), "c"(0u));
    if (max_leaf < 1u) {
        return 0;
    }
    __asm__ volatile("cpuid" : "=a"(eax), "=b"(ebx), "=c"(leaf1_ecx), "=d"(edx) : "a"(1u), "c"(0u));
    if (max_leaf >= 7u) {
        __asm__ volatile("cpuid" : "=a"(eax), "=b"(leaf7_ebx), "=c"(leaf7_ecx), "=d"(edx) : "a"(7u), "c"(0u));
    }
    if (BIT(leaf1_ecx, 27) && BIT(leaf1_ecx, 28)) {
        __asm__ volatile("xgetbv" : "=a"(xcr0), "=d"(xcr0_hi) : "c"(0u));
        (void)xcr0_hi;
    }
    if ((xcr0 & 6u) == 6u && BIT(leaf7_ebx, 5)) {
        f |= PP_X86_AVX2;
        if ((xcr0 & 0xe0u) == 0xe0u && BIT(leaf7_ebx, 16) && BIT(leaf7_ebx, 31)) {
            f |= PP_X86_AVX512VL;
            f |= BIT(leaf7_ebx, 21) ? PP_X86_AVX512IFMA : 0u;
            f |= BIT(leaf7_ebx, 30) ? PP_X86_AVX512BW : 0u;
        }
        f |= BIT(leaf7_ecx, 9) ? PP_X86_VAES : 0u;
        f |= BIT(leaf7_ecx, 10) ? PP_X86_VPCLMUL : 0u;
    }
    f |= BIT(leaf7_ebx, 29) ? PP_X86_SHA : 0u;
    f |= BIT(leaf7_ebx, 8) ? PP_X86_BMI2 : 0u;
    f |= BIT(leaf7_ebx, 19) ? PP_X86_ADX : 0u;
    f |= BIT(leaf1_ecx, 9) ? PP_X86_SSSE3 : 0u;
    f |= BIT(leaf1_ecx, 19) ? PP_X86_SSE41 : 0u;
    f |= BIT(leaf1_ecx, 1) ? PP_X86_PCLMUL : 0u;
    f |= BIT(leaf1_ecx, 25) ? PP_X86_AESNI : 0u;
    f |= BIT(leaf1_ecx, 20) ? PP_X86_SSE42 : 0u;
    return f;
}

unsigned pp_x86_features(void)
{
    static unsigned cache; /* 0: not read yet; else READ | features */
    const unsigned read = 0x10000u;
    unsigned c = __atomic_load_n(&cache, __ATOMIC_RELAXED);
    if (c == 0) {
        c = read | detect();
        __atomic_store_n(&cache, c, __ATOMIC_RELAXED);
    }
    return c & (read - 1u);
}

#else
/* ISO C forbids an empty translation unit. */
typedef int pp_cpu_x86_unused;
#endif
