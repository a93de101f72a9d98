/*
 * p256_field_x86.c -- x86-64 kernels of the P-256 field (PP_P256_X86,
 * p256_field.h): Montgomery multiplication and a dedicated squaring with
 * MULX (BMI2) and ADCX/ADOX (ADX), and modular addition and subtraction
 * in base x86-64 (ADD/ADC/SBB). Chosen in p256_field.c: the multiplication
 * and squaring when pp_x86_features() reports BMI2 and ADX (or the build
 * requires them, -mbmi2 -madx), the addition and subtraction always.
 *
 * Arithmetic (Intel SDM vol. 2B, MULX/ADCX/ADOX; the two-carry-chain rows
 * of Gueron and Krasnov, "Fast prime field elliptic curve cryptography
 * with 256-bit primes", J. Cryptogr. Eng. 2015, written here from the
 * description, in this project's register allocation):
 *  - product: the 512-bit a*b (or a^2: six cross products, doubled, plus
 *    the four squares) in eight registers t0..t7, one MULX row per limb
 *    of b, the low halves through the CF chain (ADCX), the high halves
 *    through the OF chain (ADOX);
 *  - reduction of the low half t0..t3 in four Montgomery rounds using the
 *    shape of p = 2^256 - 2^224 + 2^192 + 2^96 - 1: -p^-1 = 1 mod 2^64,
 *    so the quotient digit is q = t0, and t + q p = t - q + q 2^96 +
 *    q p3 2^192 (p3 = 2^64 - 2^32 + 1, p's top limb): a shift pair and one
 *    MULX per round; the four rounds leave (t_lo + Q p) / 2^256 <= p in
 *    the four registers;
 *  - plus t_hi (< p when a b < p 2^256), one conditional subtraction of p
 *    by CMOV: the result is < p.
 * Precondition as the portable code: a * b < p 2^256 (any a < 2^256 with
 * b < p). Constant time: straight-line code, no branch, no secret address;
 * the subtraction is chosen by CMOVNC, the addition's and subtraction's
 * correction by a borrow mask.
 * Real functions in the SysV ABI (rdi = r, rsi = a, rdx = b; rbx and
 * r12-r15 saved, rbp untouched), so any -O level builds them; r may alias
 * a or b (the inputs are read before r is written).
 */
#include "p256/p256_field.h"

#if PSA_WANT_ECC_SECP_R1_256 && PP_P256_X86

/* One reduction round on (x0, x1, x2, x3) with q = x0: rdx = q,
 * rsi = p3, rbx scratch; afterwards (x1, x2, x3, x0) hold the value. */
#define P256_RED(x0, x1, x2, x3)        \
    "mov %" x0 ", %rdx\n\t"             \
    "mov %" x0 ", %rbx\n\t"             \
    "shl $32, %rbx\n\t"                 \
    "shr $32, %" x0 "\n\t"              \
    "add %rbx, %" x1 "\n\t"             \
    "adc %" x0 ", %" x2 "\n\t"          \
    "mulx %rsi, %rbx, %" x0 "\n\t"      \
    "adc %rbx, %" x3 "\n\t"             \
    "adc $0, %" x0 "\n\t"

/* The common tail: product in r8..r14, rcx (t0..t7). Reduce t0..t3, add
 * t4..t7 (carry in rax), subtract p under CMOVNC, store, return. */
#define P256_TAIL(name)                                                   \
    "movabs $0xffffffff00000001, %rsi\n\t"                                \
    P256_RED("r8", "r9", "r10", "r11")                                    \
    P256_RED("r9", "r10", "r11", "r8")                                    \
    P256_RED("r10", "r11", "r8", "r9")                                    \
    P256_RED("r11", "r8", "r9", "r10")                                    \
    "xor %eax, %eax\n\t"                                                  \
    "add %r12, %r8\n\t"                                                   \
    "adc %r13, %r9\n\t"                                                   \
    "adc %r14, %r10\n\t"                                                  \
    "adc %rcx, %r11\n\t"                                                  \
    "adc $0, %rax\n\t"                                                    \
    "mov %r8, %r12\n\t"                                                   \
    "mov %r9, %r13\n\t"                                                   \
    "mov %r10, %r14\n\t"                                                  \
    "mov %r11, %rcx\n\t"                                                  \
    "mov $0xffffffff, %r15d\n\t"                                          \
    "sub $-1, %r12\n\t"                                                   \
    "sbb %r15, %r13\n\t"                                                  \
    "sbb $0, %r14\n\t"                                                    \
    "sbb %rsi, %rcx\n\t"                                                  \
    "sbb $0, %rax\n\t"                                                    \
    "cmovnc %r12, %r8\n\t"                                                \
    "cmovnc %r13, %r9\n\t"                                                \
    "cmovnc %r14, %r10\n\t"                                               \
    "cmovnc %rcx, %r11\n\t"                                               \
    "mov %r8, 0(%rdi)\n\t"                                                \
    "mov %r9, 8(%rdi)\n\t"                                                \
    "mov %r10, 16(%rdi)\n\t"                                              \
    "mov %r11, 24(%rdi)\n\t"                                              \
    "pop %r15\n\t"                                                        \
    "pop %r14\n\t"                                                        \
    "pop %r13\n\t"                                                        \
    "pop %r12\n\t"                                                        \
    "pop %rbx\n\t"                                                        \
    "ret\n\t"                                                             \
    ".size " name ", .-" name "\n\t"

#define P256_FUNC(name)                                                   \
    ".p2align 4\n\t"                                                      \
    ".globl " name "\n\t"                                                 \
    ".hidden " name "\n\t"                                                \
    ".type " name ", @function\n"                                         \
    name ":\n\t"

#define P256_SAVE                                                         \
    "push %rbx\n\t"                                                       \
    "push %r12\n\t"                                                       \
    "push %r13\n\t"                                                       \
    "push %r14\n\t"                                                       \
    "push %r15\n\t"

/* Row i >= 1 of the product: t[i..i+4] += a * rdx, t[i+4] fresh (hi),
 * rbx / r15 the low / high halves, rax = 0. */
#define P256_ROW(ti0, ti1, ti2, ti3, ti4)        \
    "xor %eax, %eax\n\t"                         \
    "mulx 0(%rsi), %rbx, %r15\n\t"               \
    "adcx %rbx, %" ti0 "\n\t"                    \
    "adox %r15, %" ti1 "\n\t"                    \
    "mulx 8(%rsi), %rbx, %r15\n\t"               \
    "adcx %rbx, %" ti1 "\n\t"                    \
    "adox %r15, %" ti2 "\n\t"                    \
    "mulx 16(%rsi), %rbx, %r15\n\t"              \
    "adcx %rbx, %" ti2 "\n\t"                    \
    "adox %r15, %" ti3 "\n\t"                    \
    "mulx 24(%rsi), %rbx, %" ti4 "\n\t"          \
    "adcx %rbx, %" ti3 "\n\t"                    \
    "adox %rax, %" ti4 "\n\t"                    \
    "adcx %rax, %" ti4 "\n\t"

/* The 512-bit product a * b (rsi = a, rdx = b) into r8..r14, rcx
 * (t0..t7): row 0 by ADD/ADC, rows 1-3 by P256_ROW; rcx holds b's
 * address until row 3 has loaded b3, then t7. */
#define P256_MUL_PRODUCT                   \
    "mov %rdx, %rcx\n\t"                   \
    "mov 0(%rcx), %rdx\n\t"                \
    "mulx 0(%rsi), %r8, %r9\n\t"           \
    "mulx 8(%rsi), %rbx, %r10\n\t"         \
    "add %rbx, %r9\n\t"                    \
    "mulx 16(%rsi), %rbx, %r11\n\t"        \
    "adc %rbx, %r10\n\t"                   \
    "mulx 24(%rsi), %rbx, %r12\n\t"        \
    "adc %rbx, %r11\n\t"                   \
    "adc $0, %r12\n\t"                     \
    "mov 8(%rcx), %rdx\n\t"                \
    P256_ROW("r9", "r10", "r11", "r12", "r13") \
    "mov 16(%rcx), %rdx\n\t"               \
    P256_ROW("r10", "r11", "r12", "r13", "r14") \
    "mov 24(%rcx), %rdx\n\t"               \
    P256_ROW("r11", "r12", "r13", "r14", "rcx")

/* One Montgomery round mod n on (x0, x1, x2, x3): q = x0 n' mod 2^64,
 * (x0..x3) + q n, x0 becomes 0 and drops; (x1, x2, x3, x0) hold the
 * value. rbx / r15 the halves, rax = 0; n and n' in .rodata. */
#define P256_SC_RED(x0, x1, x2, x3)                      \
    "mov %" x0 ", %rdx\n\t"                              \
    "imul pp_p256_n_adx+32(%rip), %rdx\n\t"              \
    "xor %eax, %eax\n\t"                                 \
    "mulx pp_p256_n_adx+0(%rip), %rbx, %r15\n\t"         \
    "adcx %rbx, %" x0 "\n\t"                             \
    "adox %r15, %" x1 "\n\t"                             \
    "mulx pp_p256_n_adx+8(%rip), %rbx, %r15\n\t"         \
    "adcx %rbx, %" x1 "\n\t"                             \
    "adox %r15, %" x2 "\n\t"                             \
    "mulx pp_p256_n_adx+16(%rip), %rbx, %r15\n\t"        \
    "adcx %rbx, %" x2 "\n\t"                             \
    "adox %r15, %" x3 "\n\t"                             \
    "mulx pp_p256_n_adx+24(%rip), %rbx, %" x0 "\n\t"     \
    "adcx %rbx, %" x3 "\n\t"                             \
    "adox %rax, %" x0 "\n\t"                             \
    "adcx %rax, %" x0 "\n\t"

__asm__(
    ".text\n\t"
    /* void pp_p256_fe_mul_adx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) */
    P256_FUNC("pp_p256_fe_mul_adx")
    P256_SAVE
    P256_MUL_PRODUCT
    P256_TAIL("pp_p256_fe_mul_adx"));

__asm__(
    ".text\n\t"
    /* void pp_p256_fe_sqr_adx(uint64_t r[4], const uint64_t a[4]) */
    P256_FUNC("pp_p256_fe_sqr_adx")
    P256_SAVE
    /* cross products a_i a_j (i < j) into t1..t6 */
    "mov 0(%rsi), %rdx\n\t"
    "mulx 8(%rsi), %r9, %r10\n\t"
    "mulx 16(%rsi), %rbx, %r11\n\t"
    "add %rbx, %r10\n\t"
    "mulx 24(%rsi), %rbx, %r12\n\t"
    "adc %rbx, %r11\n\t"
    "adc $0, %r12\n\t"
    "mov 8(%rsi), %rdx\n\t"
    "xor %eax, %eax\n\t"
    "mulx 16(%rsi), %rbx, %r15\n\t"
    "adcx %rbx, %r11\n\t"
    "adox %r15, %r12\n\t"
    "mulx 24(%rsi), %rbx, %r13\n\t"
    "adcx %rbx, %r12\n\t"
    "adox %rax, %r13\n\t"
    "adcx %rax, %r13\n\t"
    "mov 16(%rsi), %rdx\n\t"
    "mulx 24(%rsi), %rbx, %r14\n\t"
    "add %rbx, %r13\n\t"
    "adc $0, %r14\n\t"
    /* doubled: t1..t6 << 1, the bit out into t7 (rcx) */
    "xor %ecx, %ecx\n\t"
    "add %r9, %r9\n\t"
    "adc %r10, %r10\n\t"
    "adc %r11, %r11\n\t"
    "adc %r12, %r12\n\t"
    "adc %r13, %r13\n\t"
    "adc %r14, %r14\n\t"
    "adc $0, %rcx\n\t"
    /* plus the squares a_i^2 at t_2i, t_2i+1 */
    "mov 0(%rsi), %rdx\n\t"
    "mulx %rdx, %r8, %r15\n\t"
    "add %r15, %r9\n\t"
    "mov 8(%rsi), %rdx\n\t"
    "mulx %rdx, %rbx, %r15\n\t"
    "adc %rbx, %r10\n\t"
    "adc %r15, %r11\n\t"
    "mov 16(%rsi), %rdx\n\t"
    "mulx %rdx, %rbx, %r15\n\t"
    "adc %rbx, %r12\n\t"
    "adc %r15, %r13\n\t"
    "mov 24(%rsi), %rdx\n\t"
    "mulx %rdx, %rbx, %r15\n\t"
    "adc %rbx, %r14\n\t"
    "adc %r15, %rcx\n\t"
    P256_TAIL("pp_p256_fe_sqr_adx"));

__asm__(
    ".text\n\t"
    /* void pp_p256_sc_mont_mul_adx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]):
     * a b 2^-256 mod n, a * b < n 2^256: the same product, four rounds
     * mod n (q = t_i n', n' = -n^-1 mod 2^64; the low half's
     * (t_lo + Q n) / 2^256 <= n), plus t_hi, minus n under CMOVNC. */
    P256_FUNC("pp_p256_sc_mont_mul_adx")
    P256_SAVE
    P256_MUL_PRODUCT
    P256_SC_RED("r8", "r9", "r10", "r11")
    P256_SC_RED("r9", "r10", "r11", "r8")
    P256_SC_RED("r10", "r11", "r8", "r9")
    P256_SC_RED("r11", "r8", "r9", "r10")
    "xor %eax, %eax\n\t"
    "add %r12, %r8\n\t"
    "adc %r13, %r9\n\t"
    "adc %r14, %r10\n\t"
    "adc %rcx, %r11\n\t"
    "adc $0, %rax\n\t"
    "mov %r8, %r12\n\t"
    "mov %r9, %r13\n\t"
    "mov %r10, %r14\n\t"
    "mov %r11, %rcx\n\t"
    "sub pp_p256_n_adx+0(%rip), %r12\n\t"
    "sbb pp_p256_n_adx+8(%rip), %r13\n\t"
    "sbb pp_p256_n_adx+16(%rip), %r14\n\t"
    "sbb pp_p256_n_adx+24(%rip), %rcx\n\t"
    "sbb $0, %rax\n\t"
    "cmovnc %r12, %r8\n\t"
    "cmovnc %r13, %r9\n\t"
    "cmovnc %r14, %r10\n\t"
    "cmovnc %rcx, %r11\n\t"
    "mov %r8, 0(%rdi)\n\t"
    "mov %r9, 8(%rdi)\n\t"
    "mov %r10, 16(%rdi)\n\t"
    "mov %r11, 24(%rdi)\n\t"
    "pop %r15\n\t"
    "pop %r14\n\t"
    "pop %r13\n\t"
    "pop %r12\n\t"
    "pop %rbx\n\t"
    "ret\n\t"
    ".size pp_p256_sc_mont_mul_adx, .-pp_p256_sc_mont_mul_adx\n\t");

__asm__(
    ".text\n\t"
    /* void pp_p256_fe_add_x64(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]):
     * t = a + b - p (five limbs, rax the top: 0 or -1 as a, b < p), then
     * p & rax added back: p's limbs under the mask are rax, rax >> 32, 0
     * and (rax << 32) - rax. */
    P256_FUNC("pp_p256_fe_add_x64")
    "mov 0(%rsi), %r8\n\t"
    "mov 8(%rsi), %r9\n\t"
    "mov 16(%rsi), %r10\n\t"
    "mov 24(%rsi), %r11\n\t"
    "xor %eax, %eax\n\t"
    "add 0(%rdx), %r8\n\t"
    "adc 8(%rdx), %r9\n\t"
    "adc 16(%rdx), %r10\n\t"
    "adc 24(%rdx), %r11\n\t"
    "adc $0, %rax\n\t"
    "mov $0xffffffff, %ecx\n\t"
    "movabs $0xffffffff00000001, %rdx\n\t"
    "sub $-1, %r8\n\t"
    "sbb %rcx, %r9\n\t"
    "sbb $0, %r10\n\t"
    "sbb %rdx, %r11\n\t"
    "sbb $0, %rax\n\t"
    "mov %rax, %rcx\n\t"
    "shr $32, %rcx\n\t"
    "mov %rax, %rdx\n\t"
    "shl $32, %rdx\n\t"
    "sub %rax, %rdx\n\t"
    "add %rax, %r8\n\t"
    "adc %rcx, %r9\n\t"
    "adc $0, %r10\n\t"
    "adc %rdx, %r11\n\t"
    "mov %r8, 0(%rdi)\n\t"
    "mov %r9, 8(%rdi)\n\t"
    "mov %r10, 16(%rdi)\n\t"
    "mov %r11, 24(%rdi)\n\t"
    "ret\n\t"
    ".size pp_p256_fe_add_x64, .-pp_p256_fe_add_x64\n\t");

__asm__(
    ".text\n\t"
    /* void pp_p256_fe_sub_x64(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]):
     * t = a - b, rax = 0 - borrow, p & rax added back. */
    P256_FUNC("pp_p256_fe_sub_x64")
    "mov 0(%rsi), %r8\n\t"
    "mov 8(%rsi), %r9\n\t"
    "mov 16(%rsi), %r10\n\t"
    "mov 24(%rsi), %r11\n\t"
    "sub 0(%rdx), %r8\n\t"
    "sbb 8(%rdx), %r9\n\t"
    "sbb 16(%rdx), %r10\n\t"
    "sbb 24(%rdx), %r11\n\t"
    "sbb %rax, %rax\n\t"
    "mov %rax, %rcx\n\t"
    "shr $32, %rcx\n\t"
    "mov %rax, %rdx\n\t"
    "shl $32, %rdx\n\t"
    "sub %rax, %rdx\n\t"
    "add %rax, %r8\n\t"
    "adc %rcx, %r9\n\t"
    "adc $0, %r10\n\t"
    "adc %rdx, %r11\n\t"
    "mov %r8, 0(%rdi)\n\t"
    "mov %r9, 8(%rdi)\n\t"
    "mov %r10, 16(%rdi)\n\t"
    "mov %r11, 24(%rdi)\n\t"
    "ret\n\t"
    ".size pp_p256_fe_sub_x64, .-pp_p256_fe_sub_x64\n\t"

    /* n (FIPS 186-5 / SP 800-186 3.2.1.3), little-endian limbs, then
     * n' = -n^-1 mod 2^64 */
    ".section .rodata\n\t"
    ".p2align 3\n\t"
    ".type pp_p256_n_adx, @object\n"
    "pp_p256_n_adx:\n\t"
    ".quad 0xf3b9cac2fc632551, 0xbce6faada7179e84, 0xffffffffffffffff, 0xffffffff00000000\n\t"
    ".quad 0xccd1c8aaee00bc4f\n\t"
    ".size pp_p256_n_adx, 40\n\t"
    ".text\n\t");

#endif /* PSA_WANT_ECC_SECP_R1_256 && PP_P256_X86 */
