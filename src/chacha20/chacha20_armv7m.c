/*
 * chacha20_armv7m.c -- ChaCha20 whole blocks (RFC 8439 2.3, 2.4) in
 * Thumb-2 assembly for ARMv7-M, ARMv7E-M and ARMv8-M Mainline
 * (PICOPSA_CHACHA20_ARMV7M); contract in chacha20_armv7m.h.
 *
 * Registers: x0..x11 in r0..r11; of the last row, two words in r12/lr and
 * two in the frame, swapped once per round (2 STR + 2 LDR): the column
 * round runs QR(0,4,8,12), QR(1,5,9,13) | swap | QR(2,6,10,14),
 * QR(3,7,11,15), the diagonal round QR(0,5,10,15), QR(3,4,9,14) | swap
 * (and the round count) | QR(1,6,11,12), QR(2,7,8,13).
 *
 * Rotations cost nothing: the second row (b) and the last row (d) are
 * kept unrotated, with the rotation still owed applied by the barrel
 * shifter where the word is next read (ADD/EOR with "ror #n"). In a
 * quarter round a and c are never rotated; d owes "ror #24" and b
 * "ror #25" between quarter rounds (rotl 8 and rotl 7), d "ror #16"
 * after a ^= ... <<< 16 and b "ror #20" after <<< 12:
 *     a += b>>>25;  d = a ^ d>>>24  (owes 16);  c += d>>>16;
 *     b = c ^ b>>>25  (owes 20);  a += b>>>20;  d = a ^ d>>>16 (owes 24);
 *     c += d>>>24;  b = c ^ b>>>20  (owes 25).
 * The rounds start from the state with rows b and d rotated left by 25 and
 * 24 (the frame's I copy), so every round runs the same code, and the
 * feed-forward pays the last debt (ADD with the shifted register).
 *
 * Frame (sp-relative): I[16] at 0 (start words, b and d rows pre-rotated),
 * S[16] at 64 (the state, S[12] the block counter), W10..W15 at 128..148
 * (spilled words), in at 152, out at 156, blocks left at 160, rounds left
 * at 164, padding to 172 (the frame + 9 saved registers: 208 B, 8-aligned).
 * Every load and store address depends on sp, the pointers and the block
 * index only; the branches count rounds and blocks. The frame is zeroed
 * before return (PP_FRAME_WIPE, src/common/pp_armv7m_asm.h).
 *
 * At -Os the round loop runs two double rounds a turn (five turns: the
 * count and the branch cost 7 cycles a turn; one double round a turn was
 * 0.55 c/B slower for 288 B less code); other builds unroll all ten.
 *
 * Cortex-M4 (TRM 3.3.1, the model of tools/cyclemodel): a double round is
 * 64 ALU cycles + 2 swaps of 5; a block about 924 cycles at -Os, 1 KiB in
 * one call 14,789 cycles (14.4 c/B), unrolled about 13.9 c/B
 * (tools/chacha20/check_armv7m.py prints it).
 */
#include "chacha20/chacha20_armv7m.h"
#include "common/pp_armv7m_asm.h"

#if PP_CHACHA20_ARMV7M

/* One quarter round on registers a, b, c, d with the debts above. */
#define PP_CC_QR                                                                     \
    ".macro PP_CC_QR a, b, c, d\n"                                                   \
    "add \\a, \\a, \\b, ror #25\n"                                                   \
    "eor \\d, \\a, \\d, ror #24\n"                                                   \
    "add \\c, \\c, \\d, ror #16\n"                                                   \
    "eor \\b, \\c, \\b, ror #25\n"                                                   \
    "add \\a, \\a, \\b, ror #20\n"                                                   \
    "eor \\d, \\a, \\d, ror #16\n"                                                   \
    "add \\c, \\c, \\d, ror #24\n"                                                   \
    "eor \\b, \\c, \\b, ror #20\n"                                                   \
    ".endm\n"

/* A double round up to the second swap (DR1), and from its loads on
 * (DR2); the loop runs DR1 DR2 DR1 DR2 with the round count between the
 * second DR1 and its DR2, i.e. five turns of two double rounds. */
#define PP_CC_DR                                                                     \
    ".macro PP_CC_DR1\n"                                                             \
    "PP_CC_QR r0, r4, r8, r12\n"                                                     \
    "PP_CC_QR r1, r5, r9, lr\n"                                                      \
    "str r12, [sp, #136]\n"                                                          \
    "str lr, [sp, #140]\n"                                                           \
    "ldr r12, [sp, #144]\n"                                                          \
    "ldr lr, [sp, #148]\n"                                                           \
    "PP_CC_QR r2, r6, r10, r12\n"                                                    \
    "PP_CC_QR r3, r7, r11, lr\n"                                                     \
    "PP_CC_QR r0, r5, r10, lr\n"                                                     \
    "PP_CC_QR r3, r4, r9, r12\n"                                                     \
    "str r12, [sp, #144]\n"                                                          \
    "str lr, [sp, #148]\n"                                                           \
    ".endm\n"                                                                        \
    ".macro PP_CC_DR2\n"                                                             \
    "ldr r12, [sp, #136]\n"                                                          \
    "ldr lr, [sp, #140]\n"                                                           \
    "PP_CC_QR r1, r6, r11, r12\n"                                                    \
    "PP_CC_QR r2, r7, r8, lr\n"                                                      \
    ".endm\n"

/* The 20 rounds from I: at -Os a loop of five turns of two double rounds
 * (the count in the frame, the flags of its SUBS living through the ADD/EOR
 * without S); otherwise all ten double rounds unrolled (about 2.2 KB more
 * code, 35 cycles a block less: no count, no branch). */
#if defined(__OPTIMIZE_SIZE__)
#define PP_CC_COUNT_SET "movs r2, #5\n"
#define PP_CC_COUNT_STORE "str r2, [sp, #164]\n"
#define PP_CC_ROUNDS                                                                 \
    "2:\n"                                                                           \
    "PP_CC_DR1\n"                                                                    \
    "PP_CC_DR2\n"                                                                    \
    "PP_CC_DR1\n"                                                                    \
    "ldr r12, [sp, #164]\n"                                                          \
    "subs r12, r12, #1\n"                                                            \
    "str r12, [sp, #164]\n"                                                          \
    "PP_CC_DR2\n"                                                                    \
    "bne 2b\n"
#else
#define PP_CC_COUNT_SET ""
#define PP_CC_COUNT_STORE ""
#define PP_CC_ROUNDS                                                                 \
    ".rept 10\n"                                                                     \
    "PP_CC_DR1\n"                                                                    \
    "PP_CC_DR2\n"                                                                    \
    ".endr\n"
#endif

/* Feed-forward and XOR of word i (register x, owed rotation rot or none),
 * with r10 and r11 free, r12 = in, lr = out. */
#define PP_CC_OUT                                                                    \
    ".macro PP_CC_OUT x, i\n"                                                        \
    "ldr r10, [sp, #(64 + 4 * \\i)]\n"                                               \
    "ldr r11, [r12, #(4 * \\i)]\n"                                                   \
    "add \\x, r10, \\x\n"                                                            \
    "eor \\x, \\x, r11\n"                                                            \
    "str \\x, [lr, #(4 * \\i)]\n"                                                    \
    ".endm\n"                                                                        \
    ".macro PP_CC_OUTR x, i, rot\n"                                                  \
    "ldr r10, [sp, #(64 + 4 * \\i)]\n"                                               \
    "ldr r11, [r12, #(4 * \\i)]\n"                                                   \
    "add \\x, r10, \\x, ror #\\rot\n"                                                \
    "eor \\x, \\x, r11\n"                                                            \
    "str \\x, [lr, #(4 * \\i)]\n"                                                    \
    ".endm\n"

__asm__(
    ".pushsection .text.pp_chacha20_armv7m_xor,\"ax\",%progbits\n"
    ".syntax unified\n"
    ".thumb\n"
    PP_CC_QR
    PP_CC_DR
    PP_CC_OUT
    PP_ARMV7M_FRAME_WIPE
    ".p2align 2\n"
    ".global pp_chacha20_armv7m_xor\n"
    ".hidden pp_chacha20_armv7m_xor\n"
    ".type pp_chacha20_armv7m_xor, %function\n"
    ".thumb_func\n"
    "pp_chacha20_armv7m_xor:\n"
    "push {r4-r11, lr}\n"
    "sub sp, sp, #172\n"
    "str r1, [sp, #152]\n"
    "str r2, [sp, #156]\n"
    "str r3, [sp, #160]\n"
    /* S = s; I = s with rows b, d rotated left by 25 and 24. */
    "ldmia r0!, {r4-r11}\n"
    "add r12, sp, #64\n"
    "stmia r12!, {r4-r11}\n"
    "ror r8, r8, #7\n"
    "ror r9, r9, #7\n"
    "ror r10, r10, #7\n"
    "ror r11, r11, #7\n"
    "stmia sp, {r4-r11}\n"
    "ldmia r0, {r4-r11}\n"
    "stmia r12, {r4-r11}\n"
    "ror r8, r8, #8\n"
    "ror r9, r9, #8\n"
    "ror r10, r10, #8\n"
    "ror r11, r11, #8\n"
    "add r12, sp, #32\n"
    "stmia r12, {r4-r11}\n"
    /* One block: W14, W15 = I14, I15; 10 double rounds. */
    "1:\n"
    PP_CC_COUNT_SET
    "ldr r0, [sp, #56]\n"
    "ldr r1, [sp, #60]\n"
    "str r0, [sp, #144]\n"
    "str r1, [sp, #148]\n"
    PP_CC_COUNT_STORE
    "ldmia sp, {r0-r12, lr}\n"
    PP_CC_ROUNDS
    /* Feed-forward, XOR and store: words 10..15 to the frame, then 0..9. */
    "str r12, [sp, #136]\n"
    "str lr, [sp, #140]\n"
    "str r11, [sp, #132]\n"
    "str r10, [sp, #128]\n"
    "ldr r12, [sp, #152]\n"
    "ldr lr, [sp, #156]\n"
    "PP_CC_OUT r0, 0\n"
    "PP_CC_OUT r1, 1\n"
    "PP_CC_OUT r2, 2\n"
    "PP_CC_OUT r3, 3\n"
    "PP_CC_OUTR r4, 4, 25\n"
    "PP_CC_OUTR r5, 5, 25\n"
    "PP_CC_OUTR r6, 6, 25\n"
    "PP_CC_OUTR r7, 7, 25\n"
    "PP_CC_OUT r8, 8\n"
    "PP_CC_OUT r9, 9\n"
    /* Words 10, 11 (c row, no debt). */
    "ldr r0, [sp, #128]\n"
    "ldr r1, [sp, #(64 + 40)]\n"
    "ldr r2, [r12, #40]\n"
    "ldr r3, [sp, #132]\n"
    "ldr r4, [sp, #(64 + 44)]\n"
    "ldr r5, [r12, #44]\n"
    "add r0, r1, r0\n"
    "eor r0, r0, r2\n"
    "add r3, r4, r3\n"
    "eor r3, r3, r5\n"
    "str r0, [lr, #40]\n"
    "str r3, [lr, #44]\n"
    /* Words 12, 13 (d row, owes 24); the counter moves on in S and I. */
    "ldr r0, [sp, #136]\n"
    "ldr r1, [sp, #(64 + 48)]\n"
    "ldr r2, [r12, #48]\n"
    "ldr r3, [sp, #140]\n"
    "ldr r4, [sp, #(64 + 52)]\n"
    "ldr r5, [r12, #52]\n"
    "add r0, r1, r0, ror #24\n"
    "eor r0, r0, r2\n"
    "add r3, r4, r3, ror #24\n"
    "eor r3, r3, r5\n"
    "add r1, r1, #1\n"
    "ror r6, r1, #8\n"
    "str r0, [lr, #48]\n"
    "str r3, [lr, #52]\n"
    "str r1, [sp, #(64 + 48)]\n"
    "str r6, [sp, #48]\n"
    /* Words 14, 15; the pointers and the block count move on. */
    "ldr r0, [sp, #144]\n"
    "ldr r1, [sp, #(64 + 56)]\n"
    "ldr r2, [r12, #56]\n"
    "ldr r3, [sp, #148]\n"
    "ldr r4, [sp, #(64 + 60)]\n"
    "ldr r5, [r12, #60]\n"
    "ldr r7, [sp, #160]\n"
    "add r0, r1, r0, ror #24\n"
    "eor r0, r0, r2\n"
    "add r3, r4, r3, ror #24\n"
    "eor r3, r3, r5\n"
    "add r12, r12, #64\n"
    "add lr, lr, #64\n"
    "subs r7, r7, #1\n"
    "str r0, [lr, #-8]\n"
    "str r3, [lr, #-4]\n"
    "str r12, [sp, #152]\n"
    "str lr, [sp, #156]\n"
    "str r7, [sp, #160]\n"
    "bne 1b\n"
    /* Zero the frame (43 words) and the scratch registers. */
    "PP_FRAME_WIPE 43\n"
    "add sp, sp, #172\n"
    "pop {r4-r11, pc}\n"
    ".size pp_chacha20_armv7m_xor, .-pp_chacha20_armv7m_xor\n"
    ".purgem PP_CC_QR\n"
    ".purgem PP_CC_DR1\n"
    ".purgem PP_CC_DR2\n"
    ".purgem PP_CC_OUT\n"
    ".purgem PP_CC_OUTR\n"
    ".purgem PP_FRAME_WIPE\n"
    ".popsection\n");

#else
/* ISO C forbids an empty translation unit. */
typedef int pp_chacha20_armv7m_unused;
#endif
