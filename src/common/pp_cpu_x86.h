/*
 * pp_cpu_x86.h -- which x86-64 vector extensions this CPU and OS run, for
 * the kernels that choose at run time (ChaCha20's and Poly1305's).
 *
 * Contract:
 *  - pp_x86_features() is a mask of PP_X86_AVX2 (CPUID leaf 7 EBX bit 5)
 *    and PP_X86_AVX512VL (AVX-512F and VL, bits 16 and 31), each only when
 *    the OS saves that state too: leaf 1 ECX bits 27 (OSXSAVE) and 28
 *    (AVX), XCR0 bits 1-2 (SSE, AVX) and 5-7 (opmask, ZMM_Hi256,
 *    Hi16_ZMM); Intel SDM vol. 1, 14.3 and 15.2. AVX512VL implies AVX2.
 *  - CPUID traps to the hypervisor on VMs: it runs once per process, the
 *    answer is cached (relaxed atomics: every thread stores the same value).
 *  - Built on x86-64 with GCC or Clang only (PP_CPU_X86 = 1); nothing here
 *    is secret.
 */
#ifndef PICOPSA_PP_CPU_X86_H
#define PICOPSA_PP_CPU_X86_H

#if defined(__x86_64__) && defined(__GNUC__)
#define PP_CPU_X86 1
#else
#define PP_CPU_X86 0
#endif

#define PP_X86_AVX2 1u
#define PP_X86_AVX512VL 2u

#if PP_CPU_X86
unsigned pp_x86_features(void);
#endif

#endif /* PICOPSA_PP_CPU_X86_H */
