/*
 * pp_armv7m_asm.h -- assembler text shared by the Thumb-2 kernels
 * (src/chacha20/chacha20_armv7m.c, src/poly1305/poly1305_armv7em.c):
 * the epilogue that zeroes a kernel's stack frame and its scratch
 * registers before it returns.
 *
 * Contract:
 *  - PP_ARMV7M_FRAME_WIPE is a string holding a GNU assembler macro
 *    definition, `PP_FRAME_WIPE words`, to paste into a kernel's
 *    top-level __asm__ (before its first use) and drop with
 *    `.purgem PP_FRAME_WIPE` at its end, so kernels in one translation
 *    unit (LTO) do not define it twice.
 *  - `PP_FRAME_WIPE n` stores zero into the n words at [sp, sp + 4n) and
 *    leaves r0-r7 and r12 zero (r8-r11 and lr are the caller's again after
 *    the kernel's POP). It writes with r12 as the pointer; the flags are
 *    changed (MOVS). Cost on the Cortex-M4 model: 9 + n/8 * 9 + n%8 cycles
 *    (STMIA of eight registers, then single STRs).
 *  - Only for M-profile Thumb-2 (ARMv7-M, ARMv7E-M, ARMv8-M Mainline); a
 *    plain string elsewhere, unused.
 */
#ifndef PICOPSA_PP_ARMV7M_ASM_H
#define PICOPSA_PP_ARMV7M_ASM_H

#define PP_ARMV7M_FRAME_WIPE                                                         \
    ".macro PP_FRAME_WIPE words\n"                                                   \
    "movs r0, #0\n"                                                                  \
    "movs r1, #0\n"                                                                  \
    "movs r2, #0\n"                                                                  \
    "movs r3, #0\n"                                                                  \
    "mov r4, #0\n"                                                                   \
    "mov r5, #0\n"                                                                   \
    "mov r6, #0\n"                                                                   \
    "mov r7, #0\n"                                                                   \
    "mov r12, sp\n"                                                                  \
    ".rept (\\words) / 8\n"                                                          \
    "stmia r12!, {r0-r7}\n"                                                          \
    ".endr\n"                                                                        \
    ".rept (\\words) % 8\n"                                                          \
    "str r0, [r12], #4\n"                                                            \
    ".endr\n"                                                                        \
    "mov r12, #0\n"                                                                  \
    ".endm\n"

#endif /* PICOPSA_PP_ARMV7M_ASM_H */
