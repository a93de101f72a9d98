/*
 * pp_cpu_x86.h -- which x86-64 instruction set extensions this CPU and OS
 * run, for every kernel that chooses at run time (SHA-NI, AES-NI and
 * PCLMULQDQ, the bignum's MULX/ADX and AVX2 table scan, ChaCha20's and
 * Poly1305's AVX2 / AVX-512, Poly1305's AVX-512 IFMA).
 *
 * Contract:
 *  - pp_x86_features() is a mask of the PP_X86_* bits below, each the CPUID
 *    bit it names (Intel SDM vol. 2A, CPUID); the vector ones only when the
 *    OS saves that state too: leaf 1 ECX bits 27 (OSXSAVE) and 28 (AVX),
 *    XCR0 bits 1-2 (SSE, AVX) for AVX2 and 5-7 (opmask, ZMM_Hi256,
 *    Hi16_ZMM) for AVX-512; Intel SDM vol. 1, 14.3 and 15.2. AVX512VL
 *    implies AVX2; VAES and VPCLMULQDQ are set only with AVX2 (their
 *    VEX.256 forms need the YMM state), AVX512BW only with AVX512VL.
 *    Leaf 7's bits are 0 on a CPU whose highest leaf is below 7.
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

#define PP_X86_AVX2 0x001u     /* leaf 7 EBX bit 5, with the OS's YMM state */
#define PP_X86_AVX512VL 0x002u  /* leaf 7 EBX bits 16 (F) and 31 (VL), ZMM state */
#define PP_X86_SHA 0x004u       /* leaf 7 EBX bit 29 */
#define PP_X86_BMI2 0x008u      /* leaf 7 EBX bit 8 (MULX) */
#define PP_X86_ADX 0x010u       /* leaf 7 EBX bit 19 (ADCX, ADOX) */
#define PP_X86_SSSE3 0x020u     /* leaf 1 ECX bit 9 */
#define PP_X86_SSE41 0x040u     /* leaf 1 ECX bit 19 */
#define PP_X86_PCLMUL 0x080u    /* leaf 1 ECX bit 1 */
#define PP_X86_AESNI 0x100u     /* leaf 1 ECX bit 25 */
#define PP_X86_VAES 0x200u      /* leaf 7 ECX bit 9, with the OS's YMM state */
#define PP_X86_VPCLMUL 0x400u   /* leaf 7 ECX bit 10, with the OS's YMM state */
#define PP_X86_AVX512BW 0x800u  /* leaf 7 EBX bit 30, with PP_X86_AVX512VL */
#define PP_X86_SSE42 0x1000u    /* leaf 1 ECX bit 20 */
/* leaf 7 EBX bit 21 (VPMADD52LUQ/HUQ), only with PP_X86_AVX512VL; a high
 * bit so that other new bits can take the next ones */
#define PP_X86_AVX512IFMA 0x8000u

#if PP_CPU_X86
unsigned pp_x86_features(void);
#endif

#endif /* PICOPSA_PP_CPU_X86_H */
