/*
 * p256_field.c -- Montgomery arithmetic modulo p and n for P-256 (the
 * contract is in p256_field.h).
 *
 * One CIOS Montgomery multiplication (Koc, Acar, Kaliski 1996) serves both
 * moduli; it is inlined into the field multiplication with p's constant
 * limbs and p' = 1, where the compiler drops the products by p's 0 and
 * all-ones limbs, and into the scalar multiplication with n and
 * n' = -n^-1 mod 2^w. Every routine runs a fixed number of limb steps;
 * the one data-dependent choice, the final subtraction, is a mask.
 * On x86-64 (PP_P256_X86) the multiplication, squaring, addition,
 * subtraction and the product mod n go to p256_field_x86.c's kernels
 * (chosen below); the C here stays the fallback and the test reference.
 */
#include <string.h>

#include "common/pp_cpu_x86.h"
#include "common/pp_util.h"
#include "p256/p256_field.h"

#if PSA_WANT_ECC_SECP_R1_256

#define NL PP_P256_LIMBS
#define LB PICOPSA_P256_LIMB_BITS

#if PICOPSA_P256_LIMB_BITS == 64
#define LIMB_BARRIER pp_ct_barrier_u64
#define N_PRIME ((pp_p256_limb)0xccd1c8aaee00bc4fu)
#else
#define LIMB_BARRIER pp_ct_barrier_u32
#define N_PRIME ((pp_p256_limb)0xee00bc4fu)
#endif

/* Hosts (64-bit limbs): fully unroll the four- to eight-step limb loops;
 * gcc -O2 keeps them as loops (a 64-bit fe_mul then ran ~580
 * instructions). MCUs keep their -Os loops. */
#if PICOPSA_P256_LIMB_BITS == 64 && defined(__GNUC__)
#define PP_UNROLL _Pragma("GCC unroll 8")
#else
#define PP_UNROLL
#endif

static const pp_p256_fe P256_P = {{PP_P256_L(0xffffffff, 0xffffffff), PP_P256_L(0x00000000, 0xffffffff),
                                   PP_P256_L(0x00000000, 0x00000000), PP_P256_L(0xffffffff, 0x00000001)}};
static const pp_p256_fe P256_N = {{PP_P256_L(0xf3b9cac2, 0xfc632551), PP_P256_L(0xbce6faad, 0xa7179e84),
                                   PP_P256_L(0xffffffff, 0xffffffff), PP_P256_L(0xffffffff, 0x00000000)}};
/* 2^512 mod p and mod n: a Montgomery multiplication by them enters the domain. */
static const pp_p256_fe P256_R2P = {{PP_P256_L(0x00000000, 0x00000003), PP_P256_L(0xfffffffb, 0xffffffff),
                                     PP_P256_L(0xffffffff, 0xfffffffe), PP_P256_L(0x00000004, 0xfffffffd)}};
static const pp_p256_fe P256_R2N = {{PP_P256_L(0x83244c95, 0xbe79eea2), PP_P256_L(0x4699799c, 0x49bd6fa6),
                                     PP_P256_L(0x2845b239, 0x2b6bec59), PP_P256_L(0x66e12d94, 0xf3d95620)}};
/* The exponent of Fermat inversion mod n (a public constant). */
static const pp_p256_fe P256_N_MINUS_2 = {{PP_P256_L(0xf3b9cac2, 0xfc63254f), PP_P256_L(0xbce6faad, 0xa7179e84),
                                           PP_P256_L(0xffffffff, 0xffffffff), PP_P256_L(0xffffffff, 0x00000000)}};
static const pp_p256_fe P256_PLAIN_ONE = {{PP_P256_L(0, 1)}};

const pp_p256_fe pp_p256_fe_one = {{PP_P256_L(0x00000000, 0x00000001), PP_P256_L(0xffffffff, 0x00000000),
                                    PP_P256_L(0xffffffff, 0xffffffff), PP_P256_L(0x00000000, 0xfffffffe)}};

/* r = (hi:t) - m when (hi:t) >= m, else t; (hi:t) < 2m. */
static inline void final_sub(pp_p256_limb r[NL], const pp_p256_limb t[NL], pp_p256_limb hi,
                             const pp_p256_limb m[NL])
{
    pp_p256_limb d[NL];
    pp_p256_limb borrow = 0, mask;
    int i;
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        pp_p256_dlimb x = (pp_p256_dlimb)t[i] - m[i] - borrow;
        d[i] = (pp_p256_limb)x;
        borrow = (pp_p256_limb)(x >> LB) & 1u;
    }
    /* Take the difference when it did not borrow or a carry bit exists. */
    mask = LIMB_BARRIER((pp_p256_limb)0 - ((hi | (borrow ^ 1u)) & 1u));
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        r[i] = t[i] ^ (mask & (t[i] ^ d[i]));
    }
}

#if PICOPSA_P256_UMAAL
/* r = a b 2^-256 mod m on Cortex-M4/M7/M33 (ARMv7E-M), a * b < m 2^256:
 * the 512-bit product in two half passes, each one UMAAL per limb product
 * (64 in all): half 1 holds b0..b3 in r8-r11 and runs eight rows, row j
 * adding a_j (b0..b3) at limbs j..j+3 of a window of five low registers
 * (r2-r5, r7, rotating): the register that carries the row's chain is the
 * one limb j - 1 left, so after the row it holds limb j + 4 and limb j is
 * final (stored); half 2 does the same with b4..b7 at limbs j+4..j+7, the
 * window starting as t[4..7] and row j >= 4 taking half 1's t[j + 4] as
 * its initial carry (UMAAL adds two words to a product: window limb and
 * carry, so the third addend rides in the carry). a is read twice, t
 * written once per half (346 -> 297 cycles a field multiplication on the
 * Cortex-M4 model, against two rows per pass over t in memory). Then the
 * Montgomery rounds two per pass
 * (q_i = t[i] minv; q_i+1 from t[i+1] once round i has passed it; m in
 * r4-r11, the carry out of the top in lr), then the final subtraction:
 * t - m in place (LDM/STM halves, m still in r4-r11) and m & mask added
 * back under the borrow's mask: half the loads and stores of t of one
 * row per pass.
 * Straight-line code: no branch, every address fixed. A real function
 * (all registers, any -O level); t lives in the 72-byte frame.
 * Arguments: r0 = r, r1 = a, r2 = b, r3 = m, [sp] = minv. r may alias a or
 * b (a is read at entry, b during the product, r written at the end).
 * tools/p256/m4_kernel_check.sh checks it against a bit-serial reference. */
void pp_p256_mont_mul_umaal(uint32_t r[8], const uint32_t a[8], const uint32_t b[8],
                            const uint32_t m[8], uint32_t minv);
__asm__(
    ".section .text.pp_p256_mont_mul_umaal,\"ax\",%progbits\n\t"
    ".syntax unified\n\t"
    ".thumb\n\t"
    ".p2align 2\n\t"
    ".global pp_p256_mont_mul_umaal\n\t"
    ".hidden pp_p256_mont_mul_umaal\n\t"
    ".type pp_p256_mont_mul_umaal, %function\n\t"
    ".global pp_p256_fe_mul_m4\n\t"
    ".hidden pp_p256_fe_mul_m4\n\t"
    ".type pp_p256_fe_mul_m4, %function\n\t"
    ".global pp_p256_fe_mul\n\t"
    ".type pp_p256_fe_mul, %function\n\t"
    ".thumb_func\n"
    "pp_p256_fe_mul:\n\t"
    ".thumb_func\n"
    "pp_p256_fe_mul_m4:\n\t"
    "movs r3, #0\n\t"
    ".thumb_func\n"
    "pp_p256_mont_mul_umaal:\n\t"
    "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n\t"
    "sub sp, sp, #72\n\t"
    "str r0, [sp, #64]\n\t"
    "str r3, [sp, #68]\n\t"
    "mov r0, r2\n\t"
    "ldm r0!, {r8, r9, r10, r11}\n\t"
    "ldr r6, [r1, #0]\n\t"
    "umull r2, r7, r6, r8\n\t"
    "movs r3, #0\n\t"
    "movs r4, #0\n\t"
    "movs r5, #0\n\t"
    "umaal r3, r7, r6, r9\n\t"
    "umaal r4, r7, r6, r10\n\t"
    "umaal r5, r7, r6, r11\n\t"
    "str r2, [sp, #0]\n\t"
    "ldr r6, [r1, #4]\n\t"
    "movs r2, #0\n\t"
    "umaal r3, r2, r6, r8\n\t"
    "umaal r4, r2, r6, r9\n\t"
    "umaal r5, r2, r6, r10\n\t"
    "umaal r7, r2, r6, r11\n\t"
    "str r3, [sp, #4]\n\t"
    "ldr r6, [r1, #8]\n\t"
    "movs r3, #0\n\t"
    "umaal r4, r3, r6, r8\n\t"
    "umaal r5, r3, r6, r9\n\t"
    "umaal r7, r3, r6, r10\n\t"
    "umaal r2, r3, r6, r11\n\t"
    "str r4, [sp, #8]\n\t"
    "ldr r6, [r1, #12]\n\t"
    "movs r4, #0\n\t"
    "umaal r5, r4, r6, r8\n\t"
    "umaal r7, r4, r6, r9\n\t"
    "umaal r2, r4, r6, r10\n\t"
    "umaal r3, r4, r6, r11\n\t"
    "str r5, [sp, #12]\n\t"
    "ldr r6, [r1, #16]\n\t"
    "movs r5, #0\n\t"
    "umaal r7, r5, r6, r8\n\t"
    "umaal r2, r5, r6, r9\n\t"
    "umaal r3, r5, r6, r10\n\t"
    "umaal r4, r5, r6, r11\n\t"
    "str r7, [sp, #16]\n\t"
    "ldr r6, [r1, #20]\n\t"
    "movs r7, #0\n\t"
    "umaal r2, r7, r6, r8\n\t"
    "umaal r3, r7, r6, r9\n\t"
    "umaal r4, r7, r6, r10\n\t"
    "umaal r5, r7, r6, r11\n\t"
    "str r2, [sp, #20]\n\t"
    "ldr r6, [r1, #24]\n\t"
    "movs r2, #0\n\t"
    "umaal r3, r2, r6, r8\n\t"
    "umaal r4, r2, r6, r9\n\t"
    "umaal r5, r2, r6, r10\n\t"
    "umaal r7, r2, r6, r11\n\t"
    "str r3, [sp, #24]\n\t"
    "ldr r6, [r1, #28]\n\t"
    "movs r3, #0\n\t"
    "umaal r4, r3, r6, r8\n\t"
    "umaal r5, r3, r6, r9\n\t"
    "umaal r7, r3, r6, r10\n\t"
    "umaal r2, r3, r6, r11\n\t"
    "str r4, [sp, #28]\n\t"
    "str r5, [sp, #32]\n\t"
    "str r7, [sp, #36]\n\t"
    "str r2, [sp, #40]\n\t"
    "str r3, [sp, #44]\n\t"
    "ldm r0, {r8, r9, r10, r11}\n\t"
    "ldr r7, [sp, #16]\n\t"
    "ldr r2, [sp, #20]\n\t"
    "ldr r3, [sp, #24]\n\t"
    "ldr r4, [sp, #28]\n\t"
    "ldr r6, [r1, #0]\n\t"
    "movs r5, #0\n\t"
    "umaal r7, r5, r6, r8\n\t"
    "umaal r2, r5, r6, r9\n\t"
    "umaal r3, r5, r6, r10\n\t"
    "umaal r4, r5, r6, r11\n\t"
    "str r7, [sp, #16]\n\t"
    "ldr r6, [r1, #4]\n\t"
    "movs r7, #0\n\t"
    "umaal r2, r7, r6, r8\n\t"
    "umaal r3, r7, r6, r9\n\t"
    "umaal r4, r7, r6, r10\n\t"
    "umaal r5, r7, r6, r11\n\t"
    "str r2, [sp, #20]\n\t"
    "ldr r6, [r1, #8]\n\t"
    "movs r2, #0\n\t"
    "umaal r3, r2, r6, r8\n\t"
    "umaal r4, r2, r6, r9\n\t"
    "umaal r5, r2, r6, r10\n\t"
    "umaal r7, r2, r6, r11\n\t"
    "str r3, [sp, #24]\n\t"
    "ldr r6, [r1, #12]\n\t"
    "movs r3, #0\n\t"
    "umaal r4, r3, r6, r8\n\t"
    "umaal r5, r3, r6, r9\n\t"
    "umaal r7, r3, r6, r10\n\t"
    "umaal r2, r3, r6, r11\n\t"
    "str r4, [sp, #28]\n\t"
    "ldr r6, [r1, #16]\n\t"
    "ldr r4, [sp, #32]\n\t"
    "umaal r5, r4, r6, r8\n\t"
    "umaal r7, r4, r6, r9\n\t"
    "umaal r2, r4, r6, r10\n\t"
    "umaal r3, r4, r6, r11\n\t"
    "str r5, [sp, #32]\n\t"
    "ldr r6, [r1, #20]\n\t"
    "ldr r5, [sp, #36]\n\t"
    "umaal r7, r5, r6, r8\n\t"
    "umaal r2, r5, r6, r9\n\t"
    "umaal r3, r5, r6, r10\n\t"
    "umaal r4, r5, r6, r11\n\t"
    "str r7, [sp, #36]\n\t"
    "ldr r6, [r1, #24]\n\t"
    "ldr r7, [sp, #40]\n\t"
    "umaal r2, r7, r6, r8\n\t"
    "umaal r3, r7, r6, r9\n\t"
    "umaal r4, r7, r6, r10\n\t"
    "umaal r5, r7, r6, r11\n\t"
    "str r2, [sp, #40]\n\t"
    "ldr r6, [r1, #28]\n\t"
    "ldr r2, [sp, #44]\n\t"
    "umaal r3, r2, r6, r8\n\t"
    "umaal r4, r2, r6, r9\n\t"
    "umaal r5, r2, r6, r10\n\t"
    "umaal r7, r2, r6, r11\n\t"
    "str r3, [sp, #44]\n\t"
    "str r4, [sp, #48]\n\t"
    "str r5, [sp, #52]\n\t"
    "str r7, [sp, #56]\n\t"
    "str r2, [sp, #60]\n\t"
    "ldr r0, [sp, #68]\n\t"
    "cmp r0, #0\n\t"
    "beq.w .Lpp_p256_redp\n\t"
    "ldm r0, {r4, r5, r6, r7, r8, r9, r10, r11}\n\t"
    "mov lr, #0\n\t"
    "ldr r3, [sp, #108]\n\t"
    "ldr r12, [sp, #0]\n\t"
    "mul r2, r12, r3\n\t"
    "movs r1, #0\n\t"
    "umaal r12, r1, r4, r2\n\t"
    "ldr r12, [sp, #4]\n\t"
    "umaal r12, r1, r5, r2\n\t"
    "mul r3, r12, r3\n\t"
    "movs r0, #0\n\t"
    "umaal r12, r0, r4, r3\n\t"
    "ldr r12, [sp, #8]\n\t"
    "umaal r12, r1, r6, r2\n\t"
    "umaal r12, r0, r5, r3\n\t"
    "str r12, [sp, #8]\n\t"
    "ldr r12, [sp, #12]\n\t"
    "umaal r12, r1, r7, r2\n\t"
    "umaal r12, r0, r6, r3\n\t"
    "str r12, [sp, #12]\n\t"
    "ldr r12, [sp, #16]\n\t"
    "umaal r12, r1, r8, r2\n\t"
    "umaal r12, r0, r7, r3\n\t"
    "str r12, [sp, #16]\n\t"
    "ldr r12, [sp, #20]\n\t"
    "umaal r12, r1, r9, r2\n\t"
    "umaal r12, r0, r8, r3\n\t"
    "str r12, [sp, #20]\n\t"
    "ldr r12, [sp, #24]\n\t"
    "umaal r12, r1, r10, r2\n\t"
    "umaal r12, r0, r9, r3\n\t"
    "str r12, [sp, #24]\n\t"
    "ldr r12, [sp, #28]\n\t"
    "umaal r12, r1, r11, r2\n\t"
    "umaal r12, r0, r10, r3\n\t"
    "str r12, [sp, #28]\n\t"
    "ldr r12, [sp, #32]\n\t"
    "umaal r12, r1, r11, r3\n\t"
    "adds r12, r12, r0\n\t"
    "adcs r1, r1, #0\n\t"
    "movs r0, #0\n\t"
    "adc r0, r0, #0\n\t"
    "adds r12, r12, lr\n\t"
    "adcs r1, r1, #0\n\t"
    "adc r0, r0, #0\n\t"
    "str r12, [sp, #32]\n\t"
    "ldr r12, [sp, #36]\n\t"
    "adds r12, r12, r1\n\t"
    "adc lr, r0, #0\n\t"
    "str r12, [sp, #36]\n\t"
    "ldr r3, [sp, #108]\n\t"
    "ldr r12, [sp, #8]\n\t"
    "mul r2, r12, r3\n\t"
    "movs r1, #0\n\t"
    "umaal r12, r1, r4, r2\n\t"
    "ldr r12, [sp, #12]\n\t"
    "umaal r12, r1, r5, r2\n\t"
    "mul r3, r12, r3\n\t"
    "movs r0, #0\n\t"
    "umaal r12, r0, r4, r3\n\t"
    "ldr r12, [sp, #16]\n\t"
    "umaal r12, r1, r6, r2\n\t"
    "umaal r12, r0, r5, r3\n\t"
    "str r12, [sp, #16]\n\t"
    "ldr r12, [sp, #20]\n\t"
    "umaal r12, r1, r7, r2\n\t"
    "umaal r12, r0, r6, r3\n\t"
    "str r12, [sp, #20]\n\t"
    "ldr r12, [sp, #24]\n\t"
    "umaal r12, r1, r8, r2\n\t"
    "umaal r12, r0, r7, r3\n\t"
    "str r12, [sp, #24]\n\t"
    "ldr r12, [sp, #28]\n\t"
    "umaal r12, r1, r9, r2\n\t"
    "umaal r12, r0, r8, r3\n\t"
    "str r12, [sp, #28]\n\t"
    "ldr r12, [sp, #32]\n\t"
    "umaal r12, r1, r10, r2\n\t"
    "umaal r12, r0, r9, r3\n\t"
    "str r12, [sp, #32]\n\t"
    "ldr r12, [sp, #36]\n\t"
    "umaal r12, r1, r11, r2\n\t"
    "umaal r12, r0, r10, r3\n\t"
    "str r12, [sp, #36]\n\t"
    "ldr r12, [sp, #40]\n\t"
    "umaal r12, r1, r11, r3\n\t"
    "adds r12, r12, r0\n\t"
    "adcs r1, r1, #0\n\t"
    "movs r0, #0\n\t"
    "adc r0, r0, #0\n\t"
    "adds r12, r12, lr\n\t"
    "adcs r1, r1, #0\n\t"
    "adc r0, r0, #0\n\t"
    "str r12, [sp, #40]\n\t"
    "ldr r12, [sp, #44]\n\t"
    "adds r12, r12, r1\n\t"
    "adc lr, r0, #0\n\t"
    "str r12, [sp, #44]\n\t"
    "ldr r3, [sp, #108]\n\t"
    "ldr r12, [sp, #16]\n\t"
    "mul r2, r12, r3\n\t"
    "movs r1, #0\n\t"
    "umaal r12, r1, r4, r2\n\t"
    "ldr r12, [sp, #20]\n\t"
    "umaal r12, r1, r5, r2\n\t"
    "mul r3, r12, r3\n\t"
    "movs r0, #0\n\t"
    "umaal r12, r0, r4, r3\n\t"
    "ldr r12, [sp, #24]\n\t"
    "umaal r12, r1, r6, r2\n\t"
    "umaal r12, r0, r5, r3\n\t"
    "str r12, [sp, #24]\n\t"
    "ldr r12, [sp, #28]\n\t"
    "umaal r12, r1, r7, r2\n\t"
    "umaal r12, r0, r6, r3\n\t"
    "str r12, [sp, #28]\n\t"
    "ldr r12, [sp, #32]\n\t"
    "umaal r12, r1, r8, r2\n\t"
    "umaal r12, r0, r7, r3\n\t"
    "str r12, [sp, #32]\n\t"
    "ldr r12, [sp, #36]\n\t"
    "umaal r12, r1, r9, r2\n\t"
    "umaal r12, r0, r8, r3\n\t"
    "str r12, [sp, #36]\n\t"
    "ldr r12, [sp, #40]\n\t"
    "umaal r12, r1, r10, r2\n\t"
    "umaal r12, r0, r9, r3\n\t"
    "str r12, [sp, #40]\n\t"
    "ldr r12, [sp, #44]\n\t"
    "umaal r12, r1, r11, r2\n\t"
    "umaal r12, r0, r10, r3\n\t"
    "str r12, [sp, #44]\n\t"
    "ldr r12, [sp, #48]\n\t"
    "umaal r12, r1, r11, r3\n\t"
    "adds r12, r12, r0\n\t"
    "adcs r1, r1, #0\n\t"
    "movs r0, #0\n\t"
    "adc r0, r0, #0\n\t"
    "adds r12, r12, lr\n\t"
    "adcs r1, r1, #0\n\t"
    "adc r0, r0, #0\n\t"
    "str r12, [sp, #48]\n\t"
    "ldr r12, [sp, #52]\n\t"
    "adds r12, r12, r1\n\t"
    "adc lr, r0, #0\n\t"
    "str r12, [sp, #52]\n\t"
    "ldr r3, [sp, #108]\n\t"
    "ldr r12, [sp, #24]\n\t"
    "mul r2, r12, r3\n\t"
    "movs r1, #0\n\t"
    "umaal r12, r1, r4, r2\n\t"
    "ldr r12, [sp, #28]\n\t"
    "umaal r12, r1, r5, r2\n\t"
    "mul r3, r12, r3\n\t"
    "movs r0, #0\n\t"
    "umaal r12, r0, r4, r3\n\t"
    "ldr r12, [sp, #32]\n\t"
    "umaal r12, r1, r6, r2\n\t"
    "umaal r12, r0, r5, r3\n\t"
    "str r12, [sp, #32]\n\t"
    "ldr r12, [sp, #36]\n\t"
    "umaal r12, r1, r7, r2\n\t"
    "umaal r12, r0, r6, r3\n\t"
    "str r12, [sp, #36]\n\t"
    "ldr r12, [sp, #40]\n\t"
    "umaal r12, r1, r8, r2\n\t"
    "umaal r12, r0, r7, r3\n\t"
    "str r12, [sp, #40]\n\t"
    "ldr r12, [sp, #44]\n\t"
    "umaal r12, r1, r9, r2\n\t"
    "umaal r12, r0, r8, r3\n\t"
    "str r12, [sp, #44]\n\t"
    "ldr r12, [sp, #48]\n\t"
    "umaal r12, r1, r10, r2\n\t"
    "umaal r12, r0, r9, r3\n\t"
    "str r12, [sp, #48]\n\t"
    "ldr r12, [sp, #52]\n\t"
    "umaal r12, r1, r11, r2\n\t"
    "umaal r12, r0, r10, r3\n\t"
    "str r12, [sp, #52]\n\t"
    "ldr r12, [sp, #56]\n\t"
    "umaal r12, r1, r11, r3\n\t"
    "adds r12, r12, r0\n\t"
    "adcs r1, r1, #0\n\t"
    "movs r0, #0\n\t"
    "adc r0, r0, #0\n\t"
    "adds r12, r12, lr\n\t"
    "adcs r1, r1, #0\n\t"
    "adc r0, r0, #0\n\t"
    "str r12, [sp, #56]\n\t"
    "ldr r12, [sp, #60]\n\t"
    "adds r12, r12, r1\n\t"
    "adc lr, r0, #0\n\t"
    "str r12, [sp, #60]\n\t"
    "add r12, sp, #32\n\t"
    "ldm r12, {r0, r1, r2, r3}\n\t"
    "subs r0, r0, r4\n\t"
    "sbcs r1, r1, r5\n\t"
    "sbcs r2, r2, r6\n\t"
    "sbcs r3, r3, r7\n\t"
    "stm r12!, {r0, r1, r2, r3}\n\t"
    "ldm r12, {r0, r1, r2, r3}\n\t"
    "sbcs r0, r0, r8\n\t"
    "sbcs r1, r1, r9\n\t"
    "sbcs r2, r2, r10\n\t"
    "sbcs r3, r3, r11\n\t"
    "stm r12, {r0, r1, r2, r3}\n\t"
    "sbcs lr, lr, #0\n\t"
    "sbc lr, lr, lr\n\t"
    "and r4, r4, lr\n\t"
    "and r5, r5, lr\n\t"
    "and r6, r6, lr\n\t"
    "and r7, r7, lr\n\t"
    "and r8, r8, lr\n\t"
    "and r9, r9, lr\n\t"
    "and r10, r10, lr\n\t"
    "and r11, r11, lr\n\t"
    "add r12, sp, #32\n\t"
    "ldr lr, [sp, #64]\n\t"
    "ldm r12!, {r0, r1, r2, r3}\n\t"
    "adds r0, r0, r4\n\t"
    "adcs r1, r1, r5\n\t"
    "adcs r2, r2, r6\n\t"
    "adcs r3, r3, r7\n\t"
    "stm lr!, {r0, r1, r2, r3}\n\t"
    "ldm r12, {r0, r1, r2, r3}\n\t"
    "adcs r0, r0, r8\n\t"
    "adcs r1, r1, r9\n\t"
    "adcs r2, r2, r10\n\t"
    "adcs r3, r3, r11\n\t"
    "stm lr, {r0, r1, r2, r3}\n\t"
    "add sp, sp, #72\n\t"
    "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n\t"
    ".Lpp_p256_redp:\n"
    "ldm sp, {r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11}\n\t"
    "adds r3, r3, r0\n\t"
    "adcs r4, r4, r1\n\t"
    "adcs r5, r5, r2\n\t"
    "adcs r6, r6, r0\n\t"
    "adcs r7, r7, r1\n\t"
    "adcs r8, r8, r2\n\t"
    "adcs r9, r9, #0\n\t"
    "adcs r10, r10, #0\n\t"
    "adcs r11, r11, #0\n\t"
    "mov lr, #0\n\t"
    "adc lr, lr, #0\n\t"
    "rsbs r12, r0, #0\n\t"
    "sbcs r0, r0, r1\n\t"
    "sbcs r1, r1, r2\n\t"
    "sbc r2, r2, #0\n\t"
    "adds r7, r7, r12\n\t"
    "adcs r8, r8, r0\n\t"
    "adcs r9, r9, r1\n\t"
    "adcs r10, r10, r2\n\t"
    "adcs r11, r11, #0\n\t"
    "adc lr, lr, #0\n\t"
    "add r12, sp, #48\n\t"
    "ldm r12, {r0, r1, r2}\n\t"
    "adds r6, r6, r3\n\t"
    "adcs r7, r7, r4\n\t"
    "adcs r8, r8, r5\n\t"
    "adcs r9, r9, r3\n\t"
    "adcs r10, r10, r4\n\t"
    "adcs r11, r11, r5\n\t"
    "adcs r0, r0, lr\n\t"
    "adcs r1, r1, #0\n\t"
    "adcs r2, r2, #0\n\t"
    "mov lr, #0\n\t"
    "adc lr, lr, #0\n\t"
    "rsbs r12, r3, #0\n\t"
    "sbcs r3, r3, r4\n\t"
    "sbcs r4, r4, r5\n\t"
    "sbc r5, r5, #0\n\t"
    "adds r10, r10, r12\n\t"
    "adcs r11, r11, r3\n\t"
    "adcs r0, r0, r4\n\t"
    "adcs r1, r1, r5\n\t"
    "adcs r2, r2, #0\n\t"
    "adc lr, lr, #0\n\t"
    "ldr r3, [sp, #60]\n\t"
    "adds r9, r9, r6\n\t"
    "adcs r10, r10, r7\n\t"
    "adcs r11, r11, #0\n\t"
    "adcs r0, r0, r6\n\t"
    "adcs r1, r1, r7\n\t"
    "adcs r2, r2, #0\n\t"
    "adcs r3, r3, lr\n\t"
    "mov lr, #0\n\t"
    "adc lr, lr, #0\n\t"
    "rsbs r12, r6, #0\n\t"
    "sbcs r6, r6, r7\n\t"
    "sbc r7, r7, #0\n\t"
    "adds r1, r1, r12\n\t"
    "adcs r2, r2, r6\n\t"
    "adcs r3, r3, r7\n\t"
    "adc lr, lr, #0\n\t"
    "subs r8, r8, #0xffffffff\n\t"
    "sbcs r9, r9, #0xffffffff\n\t"
    "sbcs r10, r10, #0xffffffff\n\t"
    "sbcs r11, r11, #0\n\t"
    "sbcs r0, r0, #0\n\t"
    "sbcs r1, r1, #0\n\t"
    "sbcs r2, r2, #1\n\t"
    "sbcs r3, r3, #0xffffffff\n\t"
    "sbcs lr, lr, #0\n\t"
    "sbc r12, r12, r12\n\t"
    "and r4, r12, #1\n\t"
    "adds r8, r8, r12\n\t"
    "adcs r9, r9, r12\n\t"
    "adcs r10, r10, r12\n\t"
    "adcs r11, r11, #0\n\t"
    "adcs r0, r0, #0\n\t"
    "adcs r1, r1, #0\n\t"
    "adcs r2, r2, r4\n\t"
    "adc r3, r3, r12\n\t"
    "ldr r4, [sp, #64]\n\t"
    "stm r4!, {r8, r9, r10, r11}\n\t"
    "stm r4, {r0, r1, r2, r3}\n\t"
    "add sp, sp, #72\n\t"
    "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n\t"
    ".size pp_p256_mont_mul_umaal, .-pp_p256_mont_mul_umaal\n\t"
    ".size pp_p256_fe_mul_m4, .-pp_p256_fe_mul_m4\n\t"
    ".size pp_p256_fe_mul, .-pp_p256_fe_mul\n\t"
    ".text\n");

/* pp_p256_fe_mul_m4 (r0 = r, r1 = a, r2 = b; the entry above that sets
 * m = NULL and falls into the kernel): r = a b 2^-256 mod p, the
 * product above, then (.Lpp_p256_redp, sharing the product's code: one
 * kernel for both moduli keeps src/p256 near its 10 KB) a Montgomery
 * reduction with p's shape instead of the 64 products of the generic one
 * (567 -> 343 cycles a multiplication on the Cortex-M4 model). p = -1
 * mod 2^96, so -p^-1 = 1 mod 2^96 and a round can take three limbs at
 * once: Q = t[i..i+2] and Q p = Q 2^256 - Q 2^224 + Q 2^192 + Q 2^96 - Q
 * clears them and adds Q at limbs i+3 and i+6 and the four-word
 * L = Q (2^32 - 1) = Q 2^32 - Q at i+7 (rsbs/sbcs/sbc, never negative).
 * Rounds at limbs 0, 3 (three words) and 6 (two), each two carry chains
 * (Q twice, then L) with t[0..15] in registers (ldm of twelve limbs), the
 * carry out of a round (<= 2) joining the next round's first chain where
 * it passes that limb. No multiplication, no branch but the one on m
 * (public: which modulus), fixed addresses. The result (< 2p for
 * a b < p 2^256) loses p under a mask. tools/p256/m4_kernel_check.sh
 * checks it against the bit-serial reference and against the generic
 * reduction (m = p), also for unreduced a in fe_to_mont; a dropped carry
 * of the last round is caught. A dedicated squaring (28 cross products
 * one row per pass, then 2 t + a_i^2 through memory) with the first
 * version of this reduction measured 440 cycles, slower than the
 * multiplication, so squaring uses it; a squaring worth having keeps t
 * in registers (not done). */
void pp_p256_fe_mul_m4(uint32_t r[8], const uint32_t a[8], const uint32_t b[8]);

/* r = a + b and a - b mod p (a, b < p) in ARMv7E-M assembly: the eight
 * limbs in r4-r11, one carry chain, then p's limbs (2^32 - 1 three times,
 * 0, 0, 0, 1, 2^32 - 1) as immediates. The sum subtracts p and its final
 * borrow, through the carry word, becomes the mask that adds p back; the
 * difference adds p back under its borrow's mask. b is read with three
 * LDMs (the flags survive them). No branch. r0 = r, r1 = a, r2 = b; r may
 * alias either. */
void pp_p256_fe_add_m4(pp_p256_limb r[8], const pp_p256_limb a[8], const pp_p256_limb b[8]);
void pp_p256_fe_sub_m4(pp_p256_limb r[8], const pp_p256_limb a[8], const pp_p256_limb b[8]);
/* pp_p256_fe_tri (r0 = r, r1 = a < p): r = 3a mod p, the group law's
 * triplings (ECC_FE_TRIPLE of ecc/ecc_a3_group.h) in one call instead of
 * two fe_add: 2a mod p in r4-r11 (the sum's chain, p subtracted, added
 * back under the borrow's mask, as fe_add), then fe_add's second half
 * with b = a (.Lpp_p256_fe_add_b: b read from r2 into r4-r11's sum).
 * 78 + 78 -> 104 cycles on the Cortex-M4 model; no branch but the jump. */
__asm__(
    ".section .text.pp_p256_fe_add_m4,\"ax\",%progbits\n\t"
    ".syntax unified\n\t"
    ".thumb\n\t"
    ".p2align 2\n\t"
    ".global pp_p256_fe_tri\n\t"
    ".hidden pp_p256_fe_tri\n\t"
    ".type pp_p256_fe_tri, %function\n\t"
    ".thumb_func\n"
    "pp_p256_fe_tri:\n\t"
    "push {r4, r5, r6, r7, r8, r9, r10, r11}\n\t"
    "ldm r1, {r4, r5, r6, r7, r8, r9, r10, r11}\n\t"
    "adds r4, r4, r4\n\t"
    "adcs r5, r5, r5\n\t"
    "adcs r6, r6, r6\n\t"
    "adcs r7, r7, r7\n\t"
    "adcs r8, r8, r8\n\t"
    "adcs r9, r9, r9\n\t"
    "adcs r10, r10, r10\n\t"
    "adcs r11, r11, r11\n\t"
    "mov r12, #0\n\t"
    "adc r12, r12, #0\n\t"
    "subs r4, r4, #0xffffffff\n\t"
    "sbcs r5, r5, #0xffffffff\n\t"
    "sbcs r6, r6, #0xffffffff\n\t"
    "sbcs r7, r7, #0\n\t"
    "sbcs r8, r8, #0\n\t"
    "sbcs r9, r9, #0\n\t"
    "sbcs r10, r10, #1\n\t"
    "sbcs r11, r11, #0xffffffff\n\t"
    "sbc r12, r12, #0\n\t"
    "and r2, r12, #1\n\t"
    "adds r4, r4, r12\n\t"
    "adcs r5, r5, r12\n\t"
    "adcs r6, r6, r12\n\t"
    "adcs r7, r7, #0\n\t"
    "adcs r8, r8, #0\n\t"
    "adcs r9, r9, #0\n\t"
    "adcs r10, r10, r2\n\t"
    "adc r11, r11, r12\n\t"
    "mov r2, r1\n\t"
    "b .Lpp_p256_fe_add_b\n\t"
    ".size pp_p256_fe_tri, .-pp_p256_fe_tri\n\t"
    ".p2align 2\n\t"
    ".global pp_p256_fe_add_m4\n\t"
    ".hidden pp_p256_fe_add_m4\n\t"
    ".type pp_p256_fe_add_m4, %function\n\t"
    ".global pp_p256_fe_add\n\t"
    ".type pp_p256_fe_add, %function\n\t"
    ".thumb_func\n"
    "pp_p256_fe_add:\n\t"
    ".thumb_func\n"
    "pp_p256_fe_add_m4:\n\t"
    "push {r4, r5, r6, r7, r8, r9, r10, r11}\n\t"
    "ldm r1, {r4, r5, r6, r7, r8, r9, r10, r11}\n\t"
    ".Lpp_p256_fe_add_b:\n\t"
    "ldm r2!, {r1, r3, r12}\n\t"
    "adds r4, r4, r1\n\t"
    "adcs r5, r5, r3\n\t"
    "adcs r6, r6, r12\n\t"
    "ldm r2!, {r1, r3, r12}\n\t"
    "adcs r7, r7, r1\n\t"
    "adcs r8, r8, r3\n\t"
    "adcs r9, r9, r12\n\t"
    "ldm r2, {r1, r2}\n\t"
    "adcs r10, r10, r1\n\t"
    "adcs r11, r11, r2\n\t"
    "mov r12, #0\n\t"
    "adc r12, r12, #0\n\t"
    "subs r4, r4, #0xffffffff\n\t"
    "sbcs r5, r5, #0xffffffff\n\t"
    "sbcs r6, r6, #0xffffffff\n\t"
    "sbcs r7, r7, #0\n\t"
    "sbcs r8, r8, #0\n\t"
    "sbcs r9, r9, #0\n\t"
    "sbcs r10, r10, #1\n\t"
    "sbcs r11, r11, #0xffffffff\n\t"
    "sbc r12, r12, #0\n\t"
    "and r1, r12, #1\n\t"
    "adds r4, r4, r12\n\t"
    "adcs r5, r5, r12\n\t"
    "adcs r6, r6, r12\n\t"
    "adcs r7, r7, #0\n\t"
    "adcs r8, r8, #0\n\t"
    "adcs r9, r9, #0\n\t"
    "adcs r10, r10, r1\n\t"
    "adc r11, r11, r12\n\t"
    "stm r0, {r4, r5, r6, r7, r8, r9, r10, r11}\n\t"
    "pop {r4, r5, r6, r7, r8, r9, r10, r11}\n\t"
    "bx lr\n\t"
    ".size pp_p256_fe_add_m4, .-pp_p256_fe_add_m4\n\t"
    ".size pp_p256_fe_add, .-pp_p256_fe_add\n\t"
    ".text\n");
__asm__(
    ".section .text.pp_p256_fe_sub_m4,\"ax\",%progbits\n\t"
    ".syntax unified\n\t"
    ".thumb\n\t"
    ".p2align 2\n\t"
    ".global pp_p256_fe_sub_m4\n\t"
    ".hidden pp_p256_fe_sub_m4\n\t"
    ".type pp_p256_fe_sub_m4, %function\n\t"
    ".global pp_p256_fe_sub\n\t"
    ".type pp_p256_fe_sub, %function\n\t"
    ".thumb_func\n"
    "pp_p256_fe_sub:\n\t"
    ".thumb_func\n"
    "pp_p256_fe_sub_m4:\n\t"
    "push {r4, r5, r6, r7, r8, r9, r10, r11}\n\t"
    "ldm r1, {r4, r5, r6, r7, r8, r9, r10, r11}\n\t"
    "ldm r2!, {r1, r3, r12}\n\t"
    "subs r4, r4, r1\n\t"
    "sbcs r5, r5, r3\n\t"
    "sbcs r6, r6, r12\n\t"
    "ldm r2!, {r1, r3, r12}\n\t"
    "sbcs r7, r7, r1\n\t"
    "sbcs r8, r8, r3\n\t"
    "sbcs r9, r9, r12\n\t"
    "ldm r2, {r1, r2}\n\t"
    "sbcs r10, r10, r1\n\t"
    "sbcs r11, r11, r2\n\t"
    "sbc r12, r12, r12\n\t"
    "and r1, r12, #1\n\t"
    "adds r4, r4, r12\n\t"
    "adcs r5, r5, r12\n\t"
    "adcs r6, r6, r12\n\t"
    "adcs r7, r7, #0\n\t"
    "adcs r8, r8, #0\n\t"
    "adcs r9, r9, #0\n\t"
    "adcs r10, r10, r1\n\t"
    "adc r11, r11, r12\n\t"
    "stm r0, {r4, r5, r6, r7, r8, r9, r10, r11}\n\t"
    "pop {r4, r5, r6, r7, r8, r9, r10, r11}\n\t"
    "bx lr\n\t"
    ".size pp_p256_fe_sub_m4, .-pp_p256_fe_sub_m4\n\t"
    ".size pp_p256_fe_sub, .-pp_p256_fe_sub\n\t"
    ".text\n");

/* r = mask ? a : r (mask bit 0) in assembly: a masked exchange of the
 * limbs, no branch; gcc -Os makes a loop of the C one. r0 = r, r1 = a,
 * r2 = mask. */
void pp_p256_fe_cmov_m4(pp_p256_limb r[8], const pp_p256_limb a[8], uint32_t mask);
__asm__(
    ".section .text.pp_p256_fe_cmov_m4,\"ax\",%progbits\n\t"
    ".syntax unified\n\t"
    ".thumb\n\t"
    ".p2align 2\n\t"
    ".global pp_p256_fe_cmov_m4\n\t"
    ".hidden pp_p256_fe_cmov_m4\n\t"
    ".type pp_p256_fe_cmov_m4, %function\n\t"
    ".global pp_p256_fe_cmov\n\t"
    ".type pp_p256_fe_cmov, %function\n\t"
    ".thumb_func\n"
    "pp_p256_fe_cmov:\n\t"
    ".thumb_func\n"
    "pp_p256_fe_cmov_m4:\n\t"
    "push {r4, r5, r6, r7, r8, r9, r10, r11}\n\t"
    "and r2, r2, #1\n\t"
    "rsb r2, r2, #0\n\t"
    "ldm r0, {r4, r5, r6, r7}\n\t"
    "ldm r1, {r8, r9, r10, r11}\n\t"
    "eor r8, r8, r4\n\t"
    "and r8, r8, r2\n\t"
    "eor r4, r4, r8\n\t"
    "eor r9, r9, r5\n\t"
    "and r9, r9, r2\n\t"
    "eor r5, r5, r9\n\t"
    "eor r10, r10, r6\n\t"
    "and r10, r10, r2\n\t"
    "eor r6, r6, r10\n\t"
    "eor r11, r11, r7\n\t"
    "and r11, r11, r2\n\t"
    "eor r7, r7, r11\n\t"
    "stm r0, {r4, r5, r6, r7}\n\t"
    "ldr r4, [r0, #16]\n\t"
    "ldr r5, [r0, #20]\n\t"
    "ldr r6, [r0, #24]\n\t"
    "ldr r7, [r0, #28]\n\t"
    "ldr r8, [r1, #16]\n\t"
    "ldr r9, [r1, #20]\n\t"
    "ldr r10, [r1, #24]\n\t"
    "ldr r11, [r1, #28]\n\t"
    "eor r8, r8, r4\n\t"
    "and r8, r8, r2\n\t"
    "eor r4, r4, r8\n\t"
    "eor r9, r9, r5\n\t"
    "and r9, r9, r2\n\t"
    "eor r5, r5, r9\n\t"
    "eor r10, r10, r6\n\t"
    "and r10, r10, r2\n\t"
    "eor r6, r6, r10\n\t"
    "eor r11, r11, r7\n\t"
    "and r11, r11, r2\n\t"
    "eor r7, r7, r11\n\t"
    "str r4, [r0, #16]\n\t"
    "str r5, [r0, #20]\n\t"
    "str r6, [r0, #24]\n\t"
    "str r7, [r0, #28]\n\t"
    "pop {r4, r5, r6, r7, r8, r9, r10, r11}\n\t"
    "bx lr\n\t"
    ".size pp_p256_fe_cmov_m4, .-pp_p256_fe_cmov_m4\n\t"
    ".size pp_p256_fe_cmov, .-pp_p256_fe_cmov\n\t"
    ".text\n");

static inline void mont_mul(pp_p256_limb r[NL], const pp_p256_limb a[NL], const pp_p256_limb b[NL],
                            const pp_p256_limb m[NL], pp_p256_limb minv)
{
    pp_p256_mont_mul_umaal(r, a, b, m, minv);
}
#else
/* hi:lo = a * b + lo + hi (never overflows), portable C. */
#define MUL_ADD2(lo, hi, a, b)                                  \
    do {                                                        \
        pp_p256_dlimb p_ = (pp_p256_dlimb)(a) * (b) + (lo) + (hi); \
        (lo) = (pp_p256_limb)p_;                                \
        (hi) = (pp_p256_limb)(p_ >> LB);                        \
    } while (0)

/* r = a * b * 2^-256 mod m (CIOS); a * b < m * 2^256. */
static inline void mont_mul(pp_p256_limb r[NL], const pp_p256_limb a[NL], const pp_p256_limb b[NL],
                            const pp_p256_limb m[NL], pp_p256_limb minv)
{
    pp_p256_limb t[NL + 1];
    pp_p256_limb top, carry, q, lo;
    pp_p256_dlimb uv;
    int i, j;
    PP_UNROLL
    for (j = 0; j <= NL; j++) {
        t[j] = 0;
    }
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        pp_p256_limb bi = b[i];
        carry = 0;
        PP_UNROLL
        for (j = 0; j < NL; j++) {
            lo = t[j];
            MUL_ADD2(lo, carry, a[j], bi);
            t[j] = lo;
        }
        uv = (pp_p256_dlimb)t[NL] + carry;
        t[NL] = (pp_p256_limb)uv;
        top = (pp_p256_limb)(uv >> LB);
        q = t[0] * minv;
        lo = t[0];
        carry = 0;
        MUL_ADD2(lo, carry, q, m[0]);   /* lo becomes 0 */
        PP_UNROLL
        for (j = 1; j < NL; j++) {
            lo = t[j];
            MUL_ADD2(lo, carry, q, m[j]);
            t[j - 1] = lo;
        }
        uv = (pp_p256_dlimb)t[NL] + carry;
        t[NL - 1] = (pp_p256_limb)uv;
        t[NL] = top + (pp_p256_limb)(uv >> LB);
    }
    final_sub(r, t, t[NL], m);
}

#endif /* PICOPSA_P256_UMAAL */

static void mod_add(pp_p256_limb r[NL], const pp_p256_limb a[NL], const pp_p256_limb b[NL],
                    const pp_p256_limb m[NL])
{
    pp_p256_limb t[NL];
    pp_p256_limb carry = 0;
    int i;
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        pp_p256_dlimb x = (pp_p256_dlimb)a[i] + b[i] + carry;
        t[i] = (pp_p256_limb)x;
        carry = (pp_p256_limb)(x >> LB);
    }
    final_sub(r, t, carry, m);
}

#if !PICOPSA_P256_UMAAL
static void mod_sub(pp_p256_limb r[NL], const pp_p256_limb a[NL], const pp_p256_limb b[NL],
                    const pp_p256_limb m[NL])
{
    pp_p256_limb t[NL];
    pp_p256_limb borrow = 0, carry = 0, mask;
    int i;
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        pp_p256_dlimb x = (pp_p256_dlimb)a[i] - b[i] - borrow;
        t[i] = (pp_p256_limb)x;
        borrow = (pp_p256_limb)(x >> LB) & 1u;
    }
    /* A borrow means a < b: add m back (under a mask). */
    mask = LIMB_BARRIER((pp_p256_limb)0 - borrow);
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        pp_p256_dlimb x = (pp_p256_dlimb)t[i] + (m[i] & mask) + carry;
        r[i] = (pp_p256_limb)x;
        carry = (pp_p256_limb)(x >> LB);
    }
}
#endif

#if PP_P256_X86
#if defined(__BMI2__) && defined(__ADX__)
/* The build requires BMI2 + ADX: the kernel always, no CPUID (the ct
 * builds of make test step 6 run it under memcheck this way). */
#define P256_ADX() 1
#else
#define P256_ADX() p256_adx_cached()
/* The choice once per process (pp_x86_features reads CPUID once); threads
 * racing to fill the cache store the same value (relaxed atomics). */
static int p256_adx_cached(void)
{
    static int cache; /* 0: not yet; 1: portable; 2: MULX/ADX */
    int c = __atomic_load_n(&cache, __ATOMIC_RELAXED);
    if (c == 0) {
        unsigned need = PP_X86_BMI2 | PP_X86_ADX;
        c = (pp_x86_features() & need) == need ? 2 : 1;
        __atomic_store_n(&cache, c, __ATOMIC_RELAXED);
    }
    return c == 2;
}
#endif

int pp_p256_fe_adx_selected(void)
{
    return P256_ADX();
}
#endif

/* r = a b 2^-256 mod n (a b < n 2^256): MULX/ADX or the portable CIOS. */
static void sc_mont(pp_p256_limb r[NL], const pp_p256_limb a[NL], const pp_p256_limb b[NL])
{
#if PP_P256_X86
    if (P256_ADX()) {
        pp_p256_sc_mont_mul_adx(r, a, b);
        return;
    }
#endif
    mont_mul(r, a, b, P256_N.v, N_PRIME);
}

/* r = a^e (Montgomery domain mod n) for a PUBLIC exponent e (n - 2), bit 255
 * set: sliding windows of up to 4 bits over the odd powers a, a^3, ...,
 * a^15 (the window values, hence the table indices, are the exponent's
 * bits, never a secret). For n - 2: 252 squarings and 58 multiplications
 * (8 for the table: a^2 and seven odd powers), against 255 and 168 with
 * one bit at a time. Stack: the 256-byte table. */
static void mont_pow(pp_p256_limb r[NL], const pp_p256_limb a[NL], const pp_p256_fe *e)
{
    pp_p256_limb odd[8][NL], acc[NL];
    int i, l, first = 1;
    unsigned j, w;
    memcpy(odd[0], a, sizeof(odd[0]));
    sc_mont(acc, a, a);                     /* a^2 */
    for (j = 1; j < 8u; j++) {
        sc_mont(odd[j], odd[j - 1u], acc);  /* a^(2j+1) */
    }
    i = 255;
    while (i >= 0) {
        if (pp_p256_sc_bit(e, (unsigned)i) == 0) {    /* public exponent bit */
            sc_mont(acc, acc, acc);
            i--;
            continue;
        }
        l = i - 3 < 0 ? 0 : i - 3;
        while (pp_p256_sc_bit(e, (unsigned)l) == 0) {
            l++;
        }
        w = 0;
        for (j = (unsigned)i + 1u; j-- > (unsigned)l;) {
            w = (w << 1) | pp_p256_sc_bit(e, j);
        }
        if (first) {
            memcpy(acc, odd[w >> 1], sizeof(acc));
            first = 0;
        } else {
            for (j = (unsigned)l; j <= (unsigned)i; j++) {
                sc_mont(acc, acc, acc);
            }
            sc_mont(acc, acc, odd[w >> 1]);
        }
        i = l - 1;
    }
    memcpy(r, acc, sizeof(acc));
    pp_wipe(acc, sizeof(acc));
    pp_wipe(odd, sizeof(odd));
}

static void load_be(pp_p256_limb r[NL], const uint8_t in[32])
{
    int i;
    for (i = 0; i < NL; i++) {
#if PICOPSA_P256_LIMB_BITS == 64
        r[i] = pp_load_be64(in + 32 - 8 * (i + 1));
#else
        r[i] = pp_load_be32(in + 32 - 4 * (i + 1));
#endif
    }
}

static void store_be(uint8_t out[32], const pp_p256_limb a[NL])
{
    int i;
    for (i = 0; i < NL; i++) {
#if PICOPSA_P256_LIMB_BITS == 64
        pp_store_be64(out + 32 - 8 * (i + 1), a[i]);
#else
        pp_store_be32(out + 32 - 4 * (i + 1), a[i]);
#endif
    }
}

/* All-ones (32-bit) when a < m. */
static uint32_t lt_mask(const pp_p256_limb a[NL], const pp_p256_limb m[NL])
{
    pp_p256_limb borrow = 0;
    int i;
    for (i = 0; i < NL; i++) {
        pp_p256_dlimb x = (pp_p256_dlimb)a[i] - m[i] - borrow;
        borrow = (pp_p256_limb)(x >> LB) & 1u;
    }
    return (uint32_t)0 - pp_ct_barrier_u32((uint32_t)borrow);
}

static uint32_t zero_mask(const pp_p256_limb a[NL])
{
    pp_p256_limb acc = 0;
    int i;
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        acc |= a[i];
    }
#if PICOPSA_P256_LIMB_BITS == 64
    return pp_ct_mask_zero_u32(pp_ct_barrier_u32((uint32_t)(acc | (acc >> 32))));
#else
    return pp_ct_mask_zero_u32(pp_ct_barrier_u32(acc));
#endif
}

/* ---- field ----------------------------------------------------------- */

#if PICOPSA_P256_LIMB_BITS == 64
/* 64-bit limbs: the 512-bit product by columns (product scanning),
 * then four Montgomery rounds written out for p's limbs
 * (2^64 - 1, 2^32 - 1, 0, 2^64 - 2^32 + 1): with q = t[i] (p' = 1),
 * t[i] + q (2^64 - 1) is q 2^64, so each round costs one multiplication
 * (by the top limb) plus a shift, instead of four. */
#define P256_P3 ((uint64_t)0xffffffff00000001u)
/* The four rounds on t[0..7]; each carries only to t[i+4], the bit out of
 * that limb waits for the next round (cb): no carry runs to the top. */
static inline void fe_reduce64(uint64_t r[4], uint64_t t[8])
{
    uint64_t cb = 0;
    int i;
    PP_UNROLL
    for (i = 0; i < 4; i++) {
        uint64_t q = t[i];
        pp_p256_dlimb x = ((pp_p256_dlimb)q << 32) + t[i + 1];   /* q (2^64-1) + t[i] = q 2^64 */
        t[i + 1] = (uint64_t)x;
        x = (pp_p256_dlimb)t[i + 2] + (uint64_t)(x >> 64);
        t[i + 2] = (uint64_t)x;
        x = (pp_p256_dlimb)q * P256_P3 + t[i + 3] + (uint64_t)(x >> 64);
        t[i + 3] = (uint64_t)x;
        x = (pp_p256_dlimb)t[i + 4] + (uint64_t)(x >> 64) + cb;
        t[i + 4] = (uint64_t)x;
        cb = (uint64_t)(x >> 64);
    }
    final_sub(r, t + 4, cb, P256_P.v);
}

/* Product scanning (Comba): column k sums a[i] b[k - i] into three
 * 64-bit words c0, c1, c2. The carries come from 128-bit additions and
 * shifts, never from a comparison: a 128-bit `acc < p` is a branch at -O0
 * and -Og (ct_p256 in the debug profile). gcc makes add/adc chains of it. */
static void fe_mul64(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t t[8], c0 = 0, c1 = 0, c2 = 0;
    int k, i;
    PP_UNROLL
    for (k = 0; k < 7; k++) {
        PP_UNROLL
        for (i = 0; i < 4; i++) {
            if (k - i >= 0 && k - i < 4) {   /* public: loop indices */
                pp_p256_dlimb p = (pp_p256_dlimb)a[i] * b[k - i];
                pp_p256_dlimb s = (pp_p256_dlimb)c0 + (uint64_t)p;
                c0 = (uint64_t)s;
                s = (pp_p256_dlimb)c1 + (uint64_t)(p >> 64) + (uint64_t)(s >> 64);
                c1 = (uint64_t)s;
                c2 += (uint64_t)(s >> 64);
            }
        }
        t[k] = c0;
        c0 = c1;
        c1 = c2;
        c2 = 0;
    }
    t[7] = c0;
    fe_reduce64(r, t);
}

/* a^2: the six cross products once, doubled by a shift, then the four
 * squares (10 multiplications instead of 16). */
static void fe_sqr64(uint64_t r[4], const uint64_t a[4])
{
    uint64_t t[8];
    pp_p256_dlimb x;
    uint64_t c;
    int i, j;
    PP_UNROLL
    for (j = 0; j < 8; j++) {
        t[j] = 0;
    }
    PP_UNROLL
    for (i = 0; i < 3; i++) {
        c = 0;
        PP_UNROLL
        for (j = i + 1; j < 4; j++) {
            x = (pp_p256_dlimb)a[i] * a[j] + t[i + j] + c;
            t[i + j] = (uint64_t)x;
            c = (uint64_t)(x >> 64);
        }
        t[i + 4] = c;
    }
    t[7] = t[6] >> 63;
    PP_UNROLL
    for (j = 6; j > 1; j--) {
        t[j] = (t[j] << 1) | (t[j - 1] >> 63);
    }
    t[1] <<= 1;
    c = 0;
    PP_UNROLL
    for (i = 0; i < 4; i++) {
        x = (pp_p256_dlimb)a[i] * a[i] + t[2 * i] + c;
        t[2 * i] = (uint64_t)x;
        x = (pp_p256_dlimb)t[2 * i + 1] + (uint64_t)(x >> 64);
        t[2 * i + 1] = (uint64_t)x;
        c = (uint64_t)(x >> 64);
    }
    fe_reduce64(r, t);
}
#endif

#if PICOPSA_P256_LIMB_BITS == 64
void pp_p256_fe_mul_portable(pp_p256_fe *r, const pp_p256_fe *a, const pp_p256_fe *b)
{
    fe_mul64(r->v, a->v, b->v);
}

void pp_p256_fe_sqr_portable(pp_p256_fe *r, const pp_p256_fe *a)
{
    fe_sqr64(r->v, a->v);
}

void pp_p256_fe_add_portable(pp_p256_fe *r, const pp_p256_fe *a, const pp_p256_fe *b)
{
    mod_add(r->v, a->v, b->v, P256_P.v);
}

void pp_p256_fe_sub_portable(pp_p256_fe *r, const pp_p256_fe *a, const pp_p256_fe *b)
{
    mod_sub(r->v, a->v, b->v, P256_P.v);
}

void pp_p256_sc_mont_mul_portable(pp_p256_sc *r, const pp_p256_sc *a, const pp_p256_sc *b)
{
    mont_mul(r->v, a->v, b->v, P256_N.v, N_PRIME);
}
#endif


/* With PICOPSA_P256_UMAAL, pp_p256_fe_mul, _add, _sub and _cmov are second
 * labels of their assembly functions (the same arguments: a pp_p256_fe is
 * its limb array), so the point code calls the kernels with no wrapper. */
#if !PICOPSA_P256_UMAAL
void pp_p256_fe_mul(pp_p256_fe *r, const pp_p256_fe *a, const pp_p256_fe *b)
{
#if PP_P256_X86
    if (P256_ADX()) {
        pp_p256_fe_mul_adx(r->v, a->v, b->v);
    } else {
        fe_mul64(r->v, a->v, b->v);
    }
#elif PICOPSA_P256_LIMB_BITS == 64
    fe_mul64(r->v, a->v, b->v);
#else
    mont_mul(r->v, a->v, b->v, P256_P.v, 1u);
#endif
}
#endif

void pp_p256_fe_sqr(pp_p256_fe *r, const pp_p256_fe *a)
{
#if PP_P256_X86
    if (P256_ADX()) {
        pp_p256_fe_sqr_adx(r->v, a->v);
    } else {
        fe_sqr64(r->v, a->v);
    }
#elif PICOPSA_P256_LIMB_BITS == 64
    fe_sqr64(r->v, a->v);
#else
    pp_p256_fe_mul(r, a, a);
#endif
}

#if !PICOPSA_P256_UMAAL
void pp_p256_fe_add(pp_p256_fe *r, const pp_p256_fe *a, const pp_p256_fe *b)
{
#if PP_P256_X86
    pp_p256_fe_add_x64(r->v, a->v, b->v);
#else
    mod_add(r->v, a->v, b->v, P256_P.v);
#endif
}
#endif

#if !PICOPSA_P256_UMAAL
void pp_p256_fe_sub(pp_p256_fe *r, const pp_p256_fe *a, const pp_p256_fe *b)
{
#if PP_P256_X86
    pp_p256_fe_sub_x64(r->v, a->v, b->v);
#else
    mod_sub(r->v, a->v, b->v, P256_P.v);
#endif
}
#endif

/* r = a squared n times. */
static void fe_sqr_n(pp_p256_fe *r, const pp_p256_fe *a, unsigned n)
{
    unsigned i;
    pp_p256_fe_sqr(r, a);
    for (i = 1; i < n; i++) {
        pp_p256_fe_sqr(r, r);
    }
}

/* a^(p-2) by an addition chain: 255 squarings and 12 multiplications
 * (against 127 for the binary method). x_k = a^(2^k - 1). p - 2 is, from
 * the top, 32 ones, 31 zeros and a one, 96 zeros, 94 ones, 0, 1. */
void pp_p256_fe_inv(pp_p256_fe *r, const pp_p256_fe *a)
{
    pp_p256_fe x2, x3, x6, x15, x30, x32, t;
    fe_sqr_n(&t, a, 1);
    pp_p256_fe_mul(&x2, &t, a);
    fe_sqr_n(&t, &x2, 1);
    pp_p256_fe_mul(&x3, &t, a);
    fe_sqr_n(&t, &x3, 3);
    pp_p256_fe_mul(&x6, &t, &x3);
    fe_sqr_n(&t, &x6, 6);
    pp_p256_fe_mul(&t, &t, &x6);      /* x12 */
    fe_sqr_n(&t, &t, 3);
    pp_p256_fe_mul(&x15, &t, &x3);
    fe_sqr_n(&t, &x15, 15);
    pp_p256_fe_mul(&x30, &t, &x15);
    fe_sqr_n(&t, &x30, 2);
    pp_p256_fe_mul(&x32, &t, &x2);
    fe_sqr_n(&t, &x32, 32);
    pp_p256_fe_mul(&t, &t, a);        /* bits 255..192: ffffffff 00000001 */
    fe_sqr_n(&t, &t, 128);
    pp_p256_fe_mul(&t, &t, &x32);     /* 96 zeros, then bits 95..64 */
    fe_sqr_n(&t, &t, 32);
    pp_p256_fe_mul(&t, &t, &x32);     /* bits 63..32 */
    fe_sqr_n(&t, &t, 30);
    pp_p256_fe_mul(&t, &t, &x30);     /* bits 31..2 */
    fe_sqr_n(&t, &t, 2);
    pp_p256_fe_mul(r, &t, a);         /* bits 1..0: 01 */
    pp_wipe(&x2, sizeof(x2));
    pp_wipe(&x3, sizeof(x3));
    pp_wipe(&x6, sizeof(x6));
    pp_wipe(&x15, sizeof(x15));
    pp_wipe(&x30, sizeof(x30));
    pp_wipe(&x32, sizeof(x32));
    pp_wipe(&t, sizeof(t));
}

void pp_p256_fe_to_mont(pp_p256_fe *r, const pp_p256_fe *a)
{
    #if PICOPSA_P256_UMAAL
    pp_p256_fe_mul_m4(r->v, a->v, P256_R2P.v);
#else
    mont_mul(r->v, a->v, P256_R2P.v, P256_P.v, 1u);
#endif
}

void pp_p256_fe_from_mont(pp_p256_fe *r, const pp_p256_fe *a)
{
    #if PICOPSA_P256_UMAAL
    pp_p256_fe_mul_m4(r->v, a->v, P256_PLAIN_ONE.v);
#else
    mont_mul(r->v, a->v, P256_PLAIN_ONE.v, P256_P.v, 1u);
#endif
}

uint32_t pp_p256_fe_from_bytes(pp_p256_fe *r, const uint8_t in[32])
{
    pp_p256_fe t;
    uint32_t ok;
    load_be(t.v, in);
    ok = lt_mask(t.v, P256_P.v);
    pp_p256_fe_to_mont(r, &t);
    return ok;
}

void pp_p256_fe_to_bytes(uint8_t out[32], const pp_p256_fe *a)
{
    pp_p256_fe t;
    pp_p256_fe_from_mont(&t, a);
    store_be(out, t.v);
    pp_wipe(&t, sizeof(t));
}

#if PICOPSA_P256_UMAAL
/* pp_p256_fe_is_zero on ARMv7E-M: all-ones when the eight limbs are zero,
 * else 0; two LDMs, the OR of the limbs, subs 1 and sbc (the borrow of
 * OR - 1 is the verdict), no branch: about 27 cycles a call against 64
 * for the C loop at -Os (the doublings' identity test, verification's
 * exceptional cases). r0 = a. */
__asm__(
    ".section .text.pp_p256_fe_is_zero,\"ax\",%progbits\n\t"
    ".syntax unified\n\t"
    ".thumb\n\t"
    ".p2align 2\n\t"
    ".global pp_p256_fe_is_zero\n\t"
    ".type pp_p256_fe_is_zero, %function\n\t"
    ".thumb_func\n"
    "pp_p256_fe_is_zero:\n\t"
    "ldm r0!, {r1, r2, r3, r12}\n\t"
    "orrs r1, r1, r2\n\t"
    "orrs r1, r1, r3\n\t"
    "orr r1, r1, r12\n\t"
    "ldm r0, {r0, r2, r3, r12}\n\t"
    "orrs r1, r1, r0\n\t"
    "orrs r1, r1, r2\n\t"
    "orrs r1, r1, r3\n\t"
    "orr r1, r1, r12\n\t"
    "subs r0, r1, #1\n\t"
    "sbc r0, r0, r0\n\t"
    "bx lr\n\t"
    ".size pp_p256_fe_is_zero, .-pp_p256_fe_is_zero\n\t"
    ".text\n");
#else
uint32_t pp_p256_fe_is_zero(const pp_p256_fe *a)
{
    return zero_mask(a->v);
}
#endif

uint32_t pp_p256_fe_eq(const pp_p256_fe *a, const pp_p256_fe *b)
{
    pp_p256_limb d[NL];
    int i;
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        d[i] = a->v[i] ^ b->v[i];
    }
    return zero_mask(d);
}

#if !PICOPSA_P256_UMAAL
void pp_p256_fe_cmov(pp_p256_fe *r, const pp_p256_fe *a, uint32_t mask)
{
    pp_p256_limb m = LIMB_BARRIER((pp_p256_limb)0 - (pp_p256_limb)(mask & 1u));
    int i;
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        r->v[i] ^= m & (r->v[i] ^ a->v[i]);
    }
}
#endif

/* ---- scalars ----------------------------------------------------------- */

uint32_t pp_p256_sc_from_bytes(pp_p256_sc *r, const uint8_t in[32])
{
    load_be(r->v, in);
    return lt_mask(r->v, P256_N.v) & ~zero_mask(r->v);
}

void pp_p256_sc_from_hash(pp_p256_sc *r, const uint8_t *in, size_t len)
{
    uint8_t buf[32];
    /* bits2int: the leftmost 256 bits; a shorter hash is its own value. */
    size_t take = len < 32u ? len : 32u;
    memset(buf, 0, sizeof(buf));
    if (take != 0) {
        memcpy(buf + 32u - take, in, take);
    }
    load_be(r->v, buf);
    final_sub(r->v, r->v, 0, P256_N.v);   /* < 2^256 < 2n */
}

void pp_p256_sc_to_bytes(uint8_t out[32], const pp_p256_sc *a)
{
    store_be(out, a->v);
}

void pp_p256_sc_mul(pp_p256_sc *r, const pp_p256_sc *a, const pp_p256_sc *b)
{
    pp_p256_limb t[NL];
    sc_mont(t, a->v, b->v);      /* a b 2^-256 */
    sc_mont(r->v, t, P256_R2N.v); /* a b */
    pp_wipe(t, sizeof(t));
}

void pp_p256_sc_add(pp_p256_sc *r, const pp_p256_sc *a, const pp_p256_sc *b)
{
    mod_add(r->v, a->v, b->v, P256_N.v);
}

void pp_p256_sc_inv(pp_p256_sc *r, const pp_p256_sc *a)
{
    pp_p256_limb t[NL];
    sc_mont(t, a->v, P256_R2N.v);         /* a 2^256 */
    mont_pow(t, t, &P256_N_MINUS_2);      /* a^-1 2^256 */
    sc_mont(r->v, t, P256_PLAIN_ONE.v);   /* a^-1 */
    pp_wipe(t, sizeof(t));
}

void pp_p256_sc_from_fe_value(pp_p256_sc *r, const pp_p256_fe *plain)
{
    final_sub(r->v, plain->v, 0, P256_N.v);   /* p < 2n */
}

#endif /* PSA_WANT_ECC_SECP_R1_256 */
