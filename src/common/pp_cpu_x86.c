/*
 * pp_cpu_x86.c -- x86-64 vector extensions by CPUID (see pp_cpu_x86.h).
 */
#include "common/pp_cpu_x86.h"

#if PP_CPU_X86

#include <stdint.h>

static unsigned detect(void)
{
    uint32_t eax, ebx, ecx, edx, leaf7_ebx, xcr0 = 0, xcr0_hi;
    unsigned f = 0;
    __asm__ volatile("cpuid" : "=a"(eax), "=b"(ebx), "=c"(ecx), "=d"(edx) : "a"(0u), "c"(0u));
    if (eax < 7u) {
        return 0;
    }
    __asm__ volatile("cpuid" : "=a"(eax), "=b"(leaf7_ebx), "=c"(ecx), "=d"(edx) : "a"(7u), "c"(0u));
    __asm__ volatile("cpuid" : "=a"(eax), "=b"(ebx), "=c"(ecx), "=d"(edx) : "a"(1u), "c"(0u));
    if (((ecx >> 27) & (ecx >> 28) & 1u) != 0) {
        __asm__ volatile("xgetbv" : "=a"(xcr0), "=d"(xcr0_hi) : "c"(0u));
        (void)xcr0_hi;
    }
    if ((xcr0 & 6u) == 6u && ((leaf7_ebx >> 5) & 1u) != 0) {
        f |= PP_X86_AVX2;
        if ((xcr0 & 0xe0u) == 0xe0u && ((leaf7_ebx >> 16) & (leaf7_ebx >> 31) & 1u) != 0) {
            f |= PP_X86_AVX512VL;
        }
    }
    return f;
}

unsigned pp_x86_features(void)
{
    static unsigned cache; /* 0: not read yet; else 0x100 | features */
    unsigned c = __atomic_load_n(&cache, __ATOMIC_RELAXED);
    if (c == 0) {
        c = 0x100u | detect();
        __atomic_store_n(&cache, c, __ATOMIC_RELAXED);
    }
    return c & 0xffu;
}

#else
/* ISO C forbids an empty translation unit. */
typedef int pp_cpu_x86_unused;
#endif
