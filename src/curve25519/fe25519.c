/*
 * fe25519.c -- GF(2^255 - 19) arithmetic (see fe25519.h for the contract).
 *
 * Both representations share the generic limb code (add, sub, carry,
 * encoding); only mul and sq are specialised. Reduction uses
 * 2^255 = 19 (mod p): a product limb that lands at or above 2^255 is
 * folded back multiplied by 19 (Bernstein, "Curve25519", sec. 4).
 */
#include "curve25519/fe25519.h"
#include "curve25519/fe25519_mul51.h"

#include <string.h>

#include "common/pp_util.h"

#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51

#define FE_LIMBS 5
typedef uint64_t fe_limb;
#define FE_WIDTH(i) 51u
__extension__ typedef unsigned __int128 fe_wide;

#elif PP_FE25519_RADIX32

#define FE_LIMBS 8

#else

#define FE_LIMBS 10
typedef uint32_t fe_limb;
/* Even limbs carry 26 bits, odd limbs 25 (offsets ceil(25.5 * i)). */
#define FE_WIDTH(i) (26u - ((unsigned)(i) & 1u))
typedef uint64_t fe_wide;

#endif

#define FE_MASK(i) ((fe_limb)((((fe_wide)1) << FE_WIDTH(i)) - 1u))

void pp_fe25519_0(fe25519 *h)
{
    memset(h, 0, sizeof(*h));
}

void pp_fe25519_1(fe25519 *h)
{
    memset(h, 0, sizeof(*h));
    h->v[0] = 1;
}

void pp_fe25519_cmov(fe25519 *h, const fe25519 *f, uint32_t move)
{
    const fe25519_limb mask = (fe25519_limb)0 - (fe25519_limb)move;
    unsigned i;
    for (i = 0; i < FE25519_LIMBS; i++) {
        h->v[i] ^= mask & (h->v[i] ^ f->v[i]);
    }
}

void pp_fe25519_neg(fe25519 *h, const fe25519 *f)
{
    fe25519 zero;
    memset(&zero, 0, sizeof(zero));
    pp_fe25519_sub(h, &zero, f);
}

#if !PP_FE25519_RADIX32
/* One carry pass over wide accumulators: every limb back to its width,
 * the carry out of the top limb folded into limb 0 times 19, and one more
 * step into limb 1 so that limb 0 is tight too. */
static void fe_carry_wide(fe25519 *h, fe_wide *t)
{
    unsigned i;
    fe_wide c;
    for (i = 0; i + 1 < FE_LIMBS; i++) {
        c = t[i] >> FE_WIDTH(i);
        t[i] &= FE_MASK(i);
        t[i + 1] += c;
    }
    c = t[FE_LIMBS - 1] >> FE_WIDTH(FE_LIMBS - 1);
    t[FE_LIMBS - 1] &= FE_MASK(FE_LIMBS - 1);
    t[0] += c * 19u;
    c = t[0] >> FE_WIDTH(0);
    t[0] &= FE_MASK(0);
    t[1] += c;
    for (i = 0; i < FE_LIMBS; i++) {
        h->v[i] = (fe_limb)t[i];
    }
}

#endif


#if PSA_WANT_ECC_MONTGOMERY_255
#if PP_FE25519_RADIX32
void pp_fe25519_mul_small(fe25519 *h, const fe25519 *f, uint32_t c)
{
    uint32_t t[8];
    uint64_t acc = 0;
    unsigned i;
    for (i = 0; i < 8; i++) {
        acc += (uint64_t)f->v[i] * c;
        t[i] = (uint32_t)acc;
        acc >>= 32;
    }
    /* acc < 2^17: fold it back as 38 * acc (2^256 = 38 mod p), as add does. */
    acc *= 38u;
    for (i = 0; i < 8; i++) {
        acc += t[i];
        h->v[i] = (uint32_t)acc;
        acc >>= 32;
    }
    /* A second carry leaves h below 2^23: adding 38 cannot carry again. */
    h->v[0] += 38u * (uint32_t)acc;
}

#if PICOPSA_ED25519_FIELD != PICOPSA_FIELD_RADIX32_UMAAL /* M4: assembly below */
void pp_fe25519_mul_small_add(fe25519 *h, const fe25519 *f, uint32_t c, const fe25519 *g)
{
    pp_fe25519_mul_small(h, f, c);
    pp_fe25519_add(h, h, g);
}
#endif

#else
void pp_fe25519_mul_small_add(fe25519 *h, const fe25519 *f, uint32_t c, const fe25519 *g)
{
    pp_fe25519_mul_small(h, f, c);
    pp_fe25519_add(h, h, g);
}

void pp_fe25519_mul_small(fe25519 *h, const fe25519 *f, uint32_t c)
{
    fe_wide t[FE_LIMBS];
    unsigned i;
    for (i = 0; i < FE_LIMBS; i++) {
        t[i] = (fe_wide)f->v[i] * c;
    }
    fe_carry_wide(h, t);
}
#endif
#endif

#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51

/* The product and square are inline in fe25519_mul51.h (shared with the
 * X25519 ladder). */
void pp_fe25519_mul(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    pp_fe51_mul(h, f, g);
}

void pp_fe25519_sq(fe25519 *h, const fe25519 *f)
{
    pp_fe51_sq(h, f);
}

#elif PP_FE25519_RADIX32

/* (hi:lo) = a * b + lo + hi: never overflows 64 bits, and is exactly one
 * UMAAL on ARMv7E-M (ARM ARM A7.7.181). */
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX32_UMAAL
#define UMAAL(lo, hi, a, b) __asm__("umaal %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(a), "r"(b))
#else
#define UMAAL(lo, hi, a, b)                                                        \
    do {                                                                           \
        uint64_t umaal_t = (uint64_t)(a) * (b) + (lo) + (hi);                      \
        (lo) = (uint32_t)umaal_t;                                                  \
        (hi) = (uint32_t)(umaal_t >> 32);                                          \
    } while (0)
#endif

#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX32_UMAAL

/* Cortex-M4 (ARMv7E-M) product, out-of-line assembly so that all fourteen
 * usable registers hold data. Operand caching (Hutter and Wenger, CHES
 * 2011) on top of row scanning (HAC 14.12): g is taken in two halves of
 * four words held in registers, and for each half one pass over the eight
 * words of f adds f[i] * g[half] to a window of four column accumulators
 * with one UMAAL per word, (hi:lo) = a*b + lo + hi, which never overflows,
 * so the row's carry needs no separate addition. The first half leaves
 * columns 0..11 on the stack; in the second, row i starts its carry with
 * the first half's column i+4 (UMAAL's second addend), so the halves merge
 * for free. Per product: 8 loads of f and 8 of g instead of 8 + 64. Then
 * h = lo + 38 hi (2^256 = 38 mod p), top word first: (T1:T0) = c7 +
 * 38 c15, whose bits from 255 up (q < 2^7) enter the chain of words 0..6
 * as its first carry 19 q (2^255 = 19 mod p); h7 keeps T0's low 31 bits
 * and takes the chain's last carry (<= 38) without overflow, so no carry
 * ripples through h afterwards (7 cycles less than folding the chain's
 * carry as 38 and rippling it). h is any 256-bit value, as before.
 * The register names rotate (tools/ed25519/gen_fe32_umaal.py writes the
 * schedule). Straight-line code: no branch, no data-dependent address. h
 * may alias f or g (h is written last). Stack: 10 saved words + 16 words of
 * columns. */
__asm__(
    ".pushsection .text.pp_fe25519_mul,\"ax\",%progbits\n"
    ".syntax unified\n"
    ".thumb\n"
    ".p2align 2\n"
    ".global pp_fe25519_mul\n"
    ".type pp_fe25519_mul, %function\n"
    ".thumb_func\n"
    "pp_fe25519_mul:\n"
    "push {r0, r4-r11, lr}\n"
    "sub sp, sp, #64\n"
    "ldm r2, {r3, r4, r5, r6}\n"
    "ldr r7, [r1, #0]\n"
    "umull r8, r0, r7, r3\n"
    "str r8, [sp, #0]\n"
    "mov r9, #0\n"
    "umaal r9, r0, r7, r4\n"
    "mov r10, #0\n"
    "umaal r10, r0, r7, r5\n"
    "mov r11, #0\n"
    "umaal r11, r0, r7, r6\n"
    "ldr r7, [r1, #4]\n"
    "mov r12, #0\n"
    "umaal r9, r12, r7, r3\n"
    "str r9, [sp, #4]\n"
    "umaal r10, r12, r7, r4\n"
    "umaal r11, r12, r7, r5\n"
    "umaal r0, r12, r7, r6\n"
    "ldr r7, [r1, #8]\n"
    "mov lr, #0\n"
    "umaal r10, lr, r7, r3\n"
    "str r10, [sp, #8]\n"
    "umaal r11, lr, r7, r4\n"
    "umaal r0, lr, r7, r5\n"
    "umaal r12, lr, r7, r6\n"
    "ldr r7, [r1, #12]\n"
    "mov r8, #0\n"
    "umaal r11, r8, r7, r3\n"
    "str r11, [sp, #12]\n"
    "umaal r0, r8, r7, r4\n"
    "umaal r12, r8, r7, r5\n"
    "umaal lr, r8, r7, r6\n"
    "ldr r7, [r1, #16]\n"
    "mov r9, #0\n"
    "umaal r0, r9, r7, r3\n"
    "str r0, [sp, #16]\n"
    "umaal r12, r9, r7, r4\n"
    "umaal lr, r9, r7, r5\n"
    "umaal r8, r9, r7, r6\n"
    "ldr r7, [r1, #20]\n"
    "mov r10, #0\n"
    "umaal r12, r10, r7, r3\n"
    "str r12, [sp, #20]\n"
    "umaal lr, r10, r7, r4\n"
    "umaal r8, r10, r7, r5\n"
    "umaal r9, r10, r7, r6\n"
    "ldr r7, [r1, #24]\n"
    "mov r11, #0\n"
    "umaal lr, r11, r7, r3\n"
    "str lr, [sp, #24]\n"
    "umaal r8, r11, r7, r4\n"
    "umaal r9, r11, r7, r5\n"
    "umaal r10, r11, r7, r6\n"
    "ldr r7, [r1, #28]\n"
    "mov r0, #0\n"
    "umaal r8, r0, r7, r3\n"
    "str r8, [sp, #28]\n"
    "umaal r9, r0, r7, r4\n"
    "umaal r10, r0, r7, r5\n"
    "umaal r11, r0, r7, r6\n"
    "str r9, [sp, #32]\n"
    "str r10, [sp, #36]\n"
    "str r11, [sp, #40]\n"
    "str r0, [sp, #44]\n"
    "ldr r3, [r2, #16]\n"
    "ldr r4, [r2, #20]\n"
    "ldr r5, [r2, #24]\n"
    "ldr r6, [r2, #28]\n"
    "ldr r7, [r1, #0]\n"
    "ldr r12, [sp, #16]\n"
    "mov lr, #0\n"
    "mov r8, #0\n"
    "mov r9, #0\n"
    "mov r10, #0\n"
    "umaal lr, r12, r7, r3\n"
    "str lr, [sp, #16]\n"
    "umaal r8, r12, r7, r4\n"
    "umaal r9, r12, r7, r5\n"
    "umaal r10, r12, r7, r6\n"
    "ldr r7, [r1, #4]\n"
    "ldr r11, [sp, #20]\n"
    "umaal r8, r11, r7, r3\n"
    "str r8, [sp, #20]\n"
    "umaal r9, r11, r7, r4\n"
    "umaal r10, r11, r7, r5\n"
    "umaal r12, r11, r7, r6\n"
    "ldr r7, [r1, #8]\n"
    "ldr r0, [sp, #24]\n"
    "umaal r9, r0, r7, r3\n"
    "str r9, [sp, #24]\n"
    "umaal r10, r0, r7, r4\n"
    "umaal r12, r0, r7, r5\n"
    "umaal r11, r0, r7, r6\n"
    "ldr r7, [r1, #12]\n"
    "ldr lr, [sp, #28]\n"
    "umaal r10, lr, r7, r3\n"
    "str r10, [sp, #28]\n"
    "umaal r12, lr, r7, r4\n"
    "umaal r11, lr, r7, r5\n"
    "umaal r0, lr, r7, r6\n"
    "ldr r7, [r1, #16]\n"
    "ldr r8, [sp, #32]\n"
    "umaal r12, r8, r7, r3\n"
    "str r12, [sp, #32]\n"
    "umaal r11, r8, r7, r4\n"
    "umaal r0, r8, r7, r5\n"
    "umaal lr, r8, r7, r6\n"
    "ldr r7, [r1, #20]\n"
    "ldr r9, [sp, #36]\n"
    "umaal r11, r9, r7, r3\n"
    "str r11, [sp, #36]\n"
    "umaal r0, r9, r7, r4\n"
    "umaal lr, r9, r7, r5\n"
    "umaal r8, r9, r7, r6\n"
    "ldr r7, [r1, #24]\n"
    "ldr r10, [sp, #40]\n"
    "umaal r0, r10, r7, r3\n"
    "str r0, [sp, #40]\n"
    "umaal lr, r10, r7, r4\n"
    "umaal r8, r10, r7, r5\n"
    "umaal r9, r10, r7, r6\n"
    "ldr r7, [r1, #28]\n"
    "ldr r12, [sp, #44]\n"
    "umaal lr, r12, r7, r3\n"
    "str lr, [sp, #44]\n"
    "umaal r8, r12, r7, r4\n"
    "umaal r9, r12, r7, r5\n"
    "umaal r10, r12, r7, r6\n"
    "mov r11, #38\n"
    "mov r0, #0\n"
    "ldr lr, [sp, #28]\n"
    "umaal lr, r0, r12, r11\n"
    "lsl r0, r0, #1\n"
    "orr r0, r0, lr, lsr #31\n"
    "bic lr, lr, #0x80000000\n"
    "add r3, r0, r0, lsl #1\n"
    "add r0, r3, r0, lsl #4\n"
    "ldr r4, [sp, #0]\n"
    "ldr r5, [sp, #32]\n"
    "umaal r4, r0, r5, r11\n"
    "ldr r6, [sp, #4]\n"
    "ldr r7, [sp, #36]\n"
    "umaal r6, r0, r7, r11\n"
    "ldr r1, [sp, #8]\n"
    "ldr r2, [sp, #40]\n"
    "umaal r1, r0, r2, r11\n"
    "ldr r12, [sp, #12]\n"
    "ldr r3, [sp, #44]\n"
    "umaal r12, r0, r3, r11\n"
    "ldr r5, [sp, #16]\n"
    "umaal r5, r0, r8, r11\n"
    "ldr r7, [sp, #20]\n"
    "umaal r7, r0, r9, r11\n"
    "ldr r2, [sp, #24]\n"
    "umaal r2, r0, r10, r11\n"
    "add lr, lr, r0\n"
    "ldr r3, [sp, #64]\n"
    "str r4, [r3, #0]\n"
    "str r6, [r3, #4]\n"
    "str r1, [r3, #8]\n"
    "str r12, [r3, #12]\n"
    "str r5, [r3, #16]\n"
    "str r7, [r3, #20]\n"
    "str r2, [r3, #24]\n"
    "str lr, [r3, #28]\n"
    "add sp, sp, #68\n"
    "pop {r4-r11, pc}\n"
    ".size pp_fe25519_mul, .-pp_fe25519_mul\n"
    "  .popsection\n");

/* Cortex-M4 h = f + g and h = f - g (radix 2^32, any 256-bit values):
 * f in eight registers by one LDM, g two words at a time (LDM leaves the
 * flags alone, so one ADDS/ADCS or SUBS/SBCS chain runs across), then the
 * carry out of bit 256 re-enters as 38 (2^256 = 38 mod p; a borrow takes
 * 38 off) through a second chain in registers, and the last, which can
 * only happen when the value wrapped to below 38 (add: sub, above
 * 2^256 - 38), is folded without a carry; one STM. SBC r, r, r gives
 * carry - 1 (0 or -1), so the 38 is selected by BIC/AND masks, no branch.
 * h may alias f or g (h is written last). 7 saved words of stack. */
__asm__(
    ".pushsection .text.pp_fe25519_add,\"ax\",%progbits\n"
    ".syntax unified\n"
    ".thumb\n"
    ".p2align 2\n"
    ".global pp_fe25519_add\n"
    ".type pp_fe25519_add, %function\n"
    ".thumb_func\n"
    "pp_fe25519_add:\n"
    "push {r4-r10}\n"
    "ldm r1, {r3-r10}\n"
    "ldm r2!, {r1, r12}\n"
    "adds r3, r3, r1\n"
    "adcs r4, r4, r12\n"
    "ldm r2!, {r1, r12}\n"
    "adcs r5, r5, r1\n"
    "adcs r6, r6, r12\n"
    "ldm r2!, {r1, r12}\n"
    "adcs r7, r7, r1\n"
    "adcs r8, r8, r12\n"
    "ldm r2!, {r1, r12}\n"
    "adcs r9, r9, r1\n"
    "adcs r10, r10, r12\n"
    "sbc r1, r1, r1\n"
    "mov r2, #38\n"
    "bic r1, r2, r1\n"
    "adds r3, r3, r1\n"
    "adcs r4, r4, #0\n"
    "adcs r5, r5, #0\n"
    "adcs r6, r6, #0\n"
    "adcs r7, r7, #0\n"
    "adcs r8, r8, #0\n"
    "adcs r9, r9, #0\n"
    "adcs r10, r10, #0\n"
    "sbc r1, r1, r1\n"
    "bic r1, r2, r1\n"
    "add r3, r3, r1\n"
    "stm r0, {r3-r10}\n"
    "pop {r4-r10}\n"
    "bx lr\n"
    ".size pp_fe25519_add, .-pp_fe25519_add\n"
    ".popsection\n");

__asm__(
    ".pushsection .text.pp_fe25519_sub,\"ax\",%progbits\n"
    ".syntax unified\n"
    ".thumb\n"
    ".p2align 2\n"
    ".global pp_fe25519_sub\n"
    ".type pp_fe25519_sub, %function\n"
    ".thumb_func\n"
    "pp_fe25519_sub:\n"
    "push {r4-r10}\n"
    "ldm r1, {r3-r10}\n"
    "ldm r2!, {r1, r12}\n"
    "subs r3, r3, r1\n"
    "sbcs r4, r4, r12\n"
    "ldm r2!, {r1, r12}\n"
    "sbcs r5, r5, r1\n"
    "sbcs r6, r6, r12\n"
    "ldm r2!, {r1, r12}\n"
    "sbcs r7, r7, r1\n"
    "sbcs r8, r8, r12\n"
    "ldm r2!, {r1, r12}\n"
    "sbcs r9, r9, r1\n"
    "sbcs r10, r10, r12\n"
    "sbc r1, r1, r1\n"
    "and r1, r1, #38\n"
    "subs r3, r3, r1\n"
    "sbcs r4, r4, #0\n"
    "sbcs r5, r5, #0\n"
    "sbcs r6, r6, #0\n"
    "sbcs r7, r7, #0\n"
    "sbcs r8, r8, #0\n"
    "sbcs r9, r9, #0\n"
    "sbcs r10, r10, #0\n"
    "sbc r1, r1, r1\n"
    "and r1, r1, #38\n"
    "sub r3, r3, r1\n"
    "stm r0, {r3-r10}\n"
    "pop {r4-r10}\n"
    "bx lr\n"
    ".size pp_fe25519_sub, .-pp_fe25519_sub\n"
    ".popsection\n");

/* Cortex-M4 conditional swap (swap 0 or 1): mask = -swap, then per word
 * x = mask & (f ^ g), f ^= x, g ^= x, four words of each at a time (LDM,
 * STM with write-back). No branch, no address depends on swap; the ladder
 * passes swap through pp_ct_barrier_u32 and the assembly cannot be turned
 * back into a branch by the compiler. 7 saved words of stack. */
__asm__(
    ".pushsection .text.pp_fe25519_cswap,\"ax\",%progbits\n"
    ".syntax unified\n"
    ".thumb\n"
    ".p2align 2\n"
    ".global pp_fe25519_cswap\n"
    ".type pp_fe25519_cswap, %function\n"
    ".thumb_func\n"
    "pp_fe25519_cswap:\n"
    "push {r4-r10}\n"
    "rsb r2, r2, #0\n"
    "ldm r0, {r3-r6}\n"
    "ldm r1, {r7-r10}\n"
    "eor r12, r3, r7\n"
    "and r12, r12, r2\n"
    "eor r3, r3, r12\n"
    "eor r7, r7, r12\n"
    "eor r12, r4, r8\n"
    "and r12, r12, r2\n"
    "eor r4, r4, r12\n"
    "eor r8, r8, r12\n"
    "eor r12, r5, r9\n"
    "and r12, r12, r2\n"
    "eor r5, r5, r12\n"
    "eor r9, r9, r12\n"
    "eor r12, r6, r10\n"
    "and r12, r12, r2\n"
    "eor r6, r6, r12\n"
    "eor r10, r10, r12\n"
    "stm r0!, {r3-r6}\n"
    "stm r1!, {r7-r10}\n"
    "ldm r0, {r3-r6}\n"
    "ldm r1, {r7-r10}\n"
    "eor r12, r3, r7\n"
    "and r12, r12, r2\n"
    "eor r3, r3, r12\n"
    "eor r7, r7, r12\n"
    "eor r12, r4, r8\n"
    "and r12, r12, r2\n"
    "eor r4, r4, r12\n"
    "eor r8, r8, r12\n"
    "eor r12, r5, r9\n"
    "and r12, r12, r2\n"
    "eor r5, r5, r12\n"
    "eor r9, r9, r12\n"
    "eor r12, r6, r10\n"
    "and r12, r12, r2\n"
    "eor r6, r6, r12\n"
    "eor r10, r10, r12\n"
    "stm r0!, {r3-r6}\n"
    "stm r1!, {r7-r10}\n"
    "pop {r4-r10}\n"
    "bx lr\n"
    ".size pp_fe25519_cswap, .-pp_fe25519_cswap\n"
    ".popsection\n");

#if PSA_WANT_ECC_MONTGOMERY_255
/* After the product in the file, so that the X25519 additions do not move
 * it in the image (the cycle model charges page crossings). */
/* Cortex-M4 h = g + f * c (c < 2^17): g in eight registers by one LDM,
 * f two words at a time; UMAAL (hi:lo) = f[i] * c + g[i] + carry never
 * overflows, so one instruction per word. The carry (< 2^17 + 1) re-enters
 * as 38 carry (2^256 = 38 mod p) by one ADDS/ADCS chain; a second carry
 * means the sum wrapped below 2^23, so its 38 is added without a carry
 * (selected by SBC/BIC, no branch). About 70 cycles instead of the 275 of
 * mul_small then add; straight-line, no data-dependent address; h is
 * written last (may alias f or g). 9 saved words of stack. */
__asm__(
    ".pushsection .text.pp_fe25519_mul_small_add,\"ax\",%progbits\n"
    ".syntax unified\n"
    ".thumb\n"
    ".p2align 2\n"
    ".global pp_fe25519_mul_small_add\n"
    ".type pp_fe25519_mul_small_add, %function\n"
    ".thumb_func\n"
    "pp_fe25519_mul_small_add:\n"
    "push {r4-r11, lr}\n"
    "ldm r3, {r4-r11}\n"
    "mov r3, #0\n"
    "ldm r1!, {r12, lr}\n"
    "umaal r4, r3, r12, r2\n"
    "umaal r5, r3, lr, r2\n"
    "ldm r1!, {r12, lr}\n"
    "umaal r6, r3, r12, r2\n"
    "umaal r7, r3, lr, r2\n"
    "ldm r1!, {r12, lr}\n"
    "umaal r8, r3, r12, r2\n"
    "umaal r9, r3, lr, r2\n"
    "ldm r1!, {r12, lr}\n"
    "umaal r10, r3, r12, r2\n"
    "umaal r11, r3, lr, r2\n"
    "mov r12, #38\n"
    "mul r3, r3, r12\n"
    "adds r4, r4, r3\n"
    "adcs r5, r5, #0\n"
    "adcs r6, r6, #0\n"
    "adcs r7, r7, #0\n"
    "adcs r8, r8, #0\n"
    "adcs r9, r9, #0\n"
    "adcs r10, r10, #0\n"
    "adcs r11, r11, #0\n"
    "sbc r3, r3, r3\n"
    "bic r3, r12, r3\n"
    "add r4, r4, r3\n"
    "stm r0, {r4-r11}\n"
    "pop {r4-r11, pc}\n"
    ".size pp_fe25519_mul_small_add, .-pp_fe25519_mul_small_add\n"
    ".popsection\n");

/* Cortex-M4 s = f + g, d = f - g: the two chains of pp_fe25519_add and
 * pp_fe25519_sub (same carry and borrow folding) in one function, f
 * loaded by LDM for each, g two words at a time; one register save. s is
 * stored before the difference reloads f and g (the header's aliasing
 * rule). 9 saved words of stack. */
__asm__(
    ".pushsection .text.pp_fe25519_addsub,\"ax\",%progbits\n"
    ".syntax unified\n"
    ".thumb\n"
    ".p2align 2\n"
    ".global pp_fe25519_addsub\n"
    ".type pp_fe25519_addsub, %function\n"
    ".thumb_func\n"
    "pp_fe25519_addsub:\n"
    "push {r4-r11, lr}\n"
    "ldm r2, {r4-r11}\n"
    "ldm r3!, {r12, lr}\n"
    "adds r4, r4, r12\n"
    "adcs r5, r5, lr\n"
    "ldm r3!, {r12, lr}\n"
    "adcs r6, r6, r12\n"
    "adcs r7, r7, lr\n"
    "ldm r3!, {r12, lr}\n"
    "adcs r8, r8, r12\n"
    "adcs r9, r9, lr\n"
    "ldm r3!, {r12, lr}\n"
    "adcs r10, r10, r12\n"
    "adcs r11, r11, lr\n"
    "sbc r12, r12, r12\n"
    "mov lr, #38\n"
    "bic r12, lr, r12\n"
    "adds r4, r4, r12\n"
    "adcs r5, r5, #0\n"
    "adcs r6, r6, #0\n"
    "adcs r7, r7, #0\n"
    "adcs r8, r8, #0\n"
    "adcs r9, r9, #0\n"
    "adcs r10, r10, #0\n"
    "adcs r11, r11, #0\n"
    "sbc r12, r12, r12\n"
    "bic r12, lr, r12\n"
    "add r4, r4, r12\n"
    "stm r0, {r4-r11}\n"
    "sub r3, r3, #32\n"
    "ldm r2, {r4-r11}\n"
    "ldm r3!, {r12, lr}\n"
    "subs r4, r4, r12\n"
    "sbcs r5, r5, lr\n"
    "ldm r3!, {r12, lr}\n"
    "sbcs r6, r6, r12\n"
    "sbcs r7, r7, lr\n"
    "ldm r3!, {r12, lr}\n"
    "sbcs r8, r8, r12\n"
    "sbcs r9, r9, lr\n"
    "ldm r3!, {r12, lr}\n"
    "sbcs r10, r10, r12\n"
    "sbcs r11, r11, lr\n"
    "sbc r12, r12, r12\n"
    "and r12, r12, #38\n"
    "subs r4, r4, r12\n"
    "sbcs r5, r5, #0\n"
    "sbcs r6, r6, #0\n"
    "sbcs r7, r7, #0\n"
    "sbcs r8, r8, #0\n"
    "sbcs r9, r9, #0\n"
    "sbcs r10, r10, #0\n"
    "sbcs r11, r11, #0\n"
    "sbc r12, r12, r12\n"
    "and r12, r12, #38\n"
    "sub r4, r4, r12\n"
    "stm r1, {r4-r11}\n"
    "pop {r4-r11, pc}\n"
    ".size pp_fe25519_addsub, .-pp_fe25519_addsub\n"
    ".popsection\n");
#endif

#elif defined(__ARM_ARCH_6M__) && defined(__GNUC__) /* MULS only: fe25519_mul_v6m.c */

void pp_fe25519_mul_v6m(uint32_t h[8], const uint32_t f[8], const uint32_t g[8]);
void pp_fe25519_mul(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    pp_fe25519_mul_v6m(h->v, f->v, g->v);
}

#else /* portable C: the same schedule with 64-bit arithmetic */

/* h = 512-bit product folded once: lo + 38 hi, then the small carry. */
static void fold_product(fe25519 *h, uint32_t r[16])
{
    uint32_t carry = 0;
    uint64_t c;
    unsigned i;
    for (i = 0; i < 8; i++) {
        UMAAL(r[i], carry, r[8 + i], 38u);
    }
    c = (uint64_t)carry * 38u;
    for (i = 0; i < 8; i++) {
        c += r[i];
        h->v[i] = (uint32_t)c;
        c >>= 32;
    }
    h->v[0] += 38u * (uint32_t)c; /* wrapped below 2^11: no further carry */
}

void pp_fe25519_mul(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    uint32_t r[16];
    unsigned i, k;

    memset(r, 0, 8 * sizeof(r[0]));
    for (i = 0; i < 8; i += 2) {
        const uint32_t a0 = f->v[i], a1 = f->v[i + 1];
        uint32_t c0 = 0, c1 = 0, t;
        t = r[i];
        UMAAL(t, c0, a0, g->v[0]);
        r[i] = t;
        for (k = 1; k < 8; k++) {
            t = r[i + k];
            UMAAL(t, c0, a0, g->v[k]);
            UMAAL(t, c1, a1, g->v[k - 1]);
            r[i + k] = t;
        }
        UMAAL(c0, c1, a1, g->v[7]); /* column i + 8 is still empty */
        r[i + 8] = c0;
        r[i + 9] = c1;
    }
    fold_product(h, r);
}

#endif

/* Squaring is the multiplication with g = f. On Cortex-M4 the operand-
 * caching product (240 cycles then, 234 now) beat the dedicated squaring
 * assembly (263: its 28 cross products saved less than the doubling pass
 * through memory cost) and saves its 624 bytes. */
void pp_fe25519_sq(fe25519 *h, const fe25519 *f)
{
#if defined(__ARM_ARCH_6M__) && defined(__GNUC__) /* fe25519_mul_v6m.c */
    void pp_fe25519_sq_v6m(uint32_t h[8], const uint32_t f[8]);
    pp_fe25519_sq_v6m(h->v, f->v);
#else
    pp_fe25519_mul(h, f, f);
#endif
}

#else /* radix 2^25.5: 10 x 10 products, odd x odd limbs doubled */

#define M(a, b) ((uint64_t)(a) * (b))

/* Carry the ten 64-bit column sums of a product back to 26/25-bit limbs;
 * the carry out of limb 9 re-enters limb 0 times 19. */
static void carry_product(fe25519 *h, uint64_t *t)
{
    t[1] += t[0] >> 26;
    t[0] &= FE25519_M26;
    t[2] += t[1] >> 25;
    t[1] &= FE25519_M25;
    t[3] += t[2] >> 26;
    t[2] &= FE25519_M26;
    t[4] += t[3] >> 25;
    t[3] &= FE25519_M25;
    t[5] += t[4] >> 26;
    t[4] &= FE25519_M26;
    t[6] += t[5] >> 25;
    t[5] &= FE25519_M25;
    t[7] += t[6] >> 26;
    t[6] &= FE25519_M26;
    t[8] += t[7] >> 25;
    t[7] &= FE25519_M25;
    t[9] += t[8] >> 26;
    t[8] &= FE25519_M26;
    t[0] += 19u * (t[9] >> 25);
    t[9] &= FE25519_M25;
    t[1] += t[0] >> 26;
    t[0] &= FE25519_M26;
    h->v[0] = (uint32_t)t[0];
    h->v[1] = (uint32_t)t[1];
    h->v[2] = (uint32_t)t[2];
    h->v[3] = (uint32_t)t[3];
    h->v[4] = (uint32_t)t[4];
    h->v[5] = (uint32_t)t[5];
    h->v[6] = (uint32_t)t[6];
    h->v[7] = (uint32_t)t[7];
    h->v[8] = (uint32_t)t[8];
    h->v[9] = (uint32_t)t[9];
}

void pp_fe25519_mul(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    const uint32_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    const uint32_t f5 = f->v[5], f6 = f->v[6], f7 = f->v[7], f8 = f->v[8], f9 = f->v[9];
    const uint32_t g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
    const uint32_t g5 = g->v[5], g6 = g->v[6], g7 = g->v[7], g8 = g->v[8], g9 = g->v[9];
    const uint32_t f1_2 = 2u * f1, f3_2 = 2u * f3, f5_2 = 2u * f5, f7_2 = 2u * f7, f9_2 = 2u * f9;
    const uint32_t g1_19 = 19u * g1, g2_19 = 19u * g2, g3_19 = 19u * g3, g4_19 = 19u * g4;
    const uint32_t g5_19 = 19u * g5, g6_19 = 19u * g6, g7_19 = 19u * g7, g8_19 = 19u * g8;
    const uint32_t g9_19 = 19u * g9;
    uint64_t t[10];

    t[0] = M(f0, g0) + M(f1_2, g9_19) + M(f2, g8_19) + M(f3_2, g7_19) + M(f4, g6_19) +
           M(f5_2, g5_19) + M(f6, g4_19) + M(f7_2, g3_19) + M(f8, g2_19) + M(f9_2, g1_19);
    t[1] = M(f0, g1) + M(f1, g0) + M(f2, g9_19) + M(f3, g8_19) + M(f4, g7_19) +
           M(f5, g6_19) + M(f6, g5_19) + M(f7, g4_19) + M(f8, g3_19) + M(f9, g2_19);
    t[2] = M(f0, g2) + M(f1_2, g1) + M(f2, g0) + M(f3_2, g9_19) + M(f4, g8_19) +
           M(f5_2, g7_19) + M(f6, g6_19) + M(f7_2, g5_19) + M(f8, g4_19) + M(f9_2, g3_19);
    t[3] = M(f0, g3) + M(f1, g2) + M(f2, g1) + M(f3, g0) + M(f4, g9_19) +
           M(f5, g8_19) + M(f6, g7_19) + M(f7, g6_19) + M(f8, g5_19) + M(f9, g4_19);
    t[4] = M(f0, g4) + M(f1_2, g3) + M(f2, g2) + M(f3_2, g1) + M(f4, g0) +
           M(f5_2, g9_19) + M(f6, g8_19) + M(f7_2, g7_19) + M(f8, g6_19) + M(f9_2, g5_19);
    t[5] = M(f0, g5) + M(f1, g4) + M(f2, g3) + M(f3, g2) + M(f4, g1) +
           M(f5, g0) + M(f6, g9_19) + M(f7, g8_19) + M(f8, g7_19) + M(f9, g6_19);
    t[6] = M(f0, g6) + M(f1_2, g5) + M(f2, g4) + M(f3_2, g3) + M(f4, g2) +
           M(f5_2, g1) + M(f6, g0) + M(f7_2, g9_19) + M(f8, g8_19) + M(f9_2, g7_19);
    t[7] = M(f0, g7) + M(f1, g6) + M(f2, g5) + M(f3, g4) + M(f4, g3) +
           M(f5, g2) + M(f6, g1) + M(f7, g0) + M(f8, g9_19) + M(f9, g8_19);
    t[8] = M(f0, g8) + M(f1_2, g7) + M(f2, g6) + M(f3_2, g5) + M(f4, g4) +
           M(f5_2, g3) + M(f6, g2) + M(f7_2, g1) + M(f8, g0) + M(f9_2, g9_19);
    t[9] = M(f0, g9) + M(f1, g8) + M(f2, g7) + M(f3, g6) + M(f4, g5) +
           M(f5, g4) + M(f6, g3) + M(f7, g2) + M(f8, g1) + M(f9, g0);
    carry_product(h, t);
}

void pp_fe25519_sq(fe25519 *h, const fe25519 *f)
{
    const uint32_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    const uint32_t f5 = f->v[5], f6 = f->v[6], f7 = f->v[7], f8 = f->v[8], f9 = f->v[9];
    const uint32_t f0_2 = 2u * f0, f1_2 = 2u * f1, f2_2 = 2u * f2, f3_2 = 2u * f3, f4_2 = 2u * f4;
    const uint32_t f5_2 = 2u * f5, f6_2 = 2u * f6, f7_2 = 2u * f7, f8_2 = 2u * f8, f9_2 = 2u * f9;
    const uint32_t f5_19 = 19u * f5, f6_19 = 19u * f6, f7_19 = 19u * f7, f8_19 = 19u * f8;
    const uint32_t f9_19 = 19u * f9;
    uint64_t t[10];

    /* Cross terms f_i f_j (i < j) appear twice; odd x odd pairs once more. */
    t[0] = M(f0, f0) + (M(f1_2, f9_19) << 1) + M(f2_2, f8_19) + (M(f3_2, f7_19) << 1) +
           M(f4_2, f6_19) + M(f5_2, f5_19);
    t[1] = M(f0_2, f1) + M(f2_2, f9_19) + M(f3_2, f8_19) + M(f4_2, f7_19) + M(f5_2, f6_19);
    t[2] = M(f0_2, f2) + M(f1_2, f1) + (M(f3_2, f9_19) << 1) + M(f4_2, f8_19) +
           (M(f5_2, f7_19) << 1) + M(f6, f6_19);
    t[3] = M(f0_2, f3) + M(f1_2, f2) + M(f4_2, f9_19) + M(f5_2, f8_19) + M(f6_2, f7_19);
    t[4] = M(f0_2, f4) + (M(f1_2, f3) << 1) + M(f2, f2) + (M(f5_2, f9_19) << 1) +
           M(f6_2, f8_19) + M(f7_2, f7_19);
    t[5] = M(f0_2, f5) + M(f1_2, f4) + M(f2_2, f3) + M(f6_2, f9_19) + M(f7_2, f8_19);
    t[6] = M(f0_2, f6) + (M(f1_2, f5) << 1) + M(f2_2, f4) + M(f3_2, f3) +
           (M(f7_2, f9_19) << 1) + M(f8, f8_19);
    t[7] = M(f0_2, f7) + M(f1_2, f6) + M(f2_2, f5) + M(f3_2, f4) + M(f8_2, f9_19);
    t[8] = M(f0_2, f8) + (M(f1_2, f7) << 1) + M(f2_2, f6) + (M(f3_2, f5) << 1) +
           M(f4, f4) + M(f9_2, f9_19);
    t[9] = M(f0_2, f9) + M(f1_2, f8) + M(f2_2, f7) + M(f3_2, f6) + M(f4_2, f5);
    carry_product(h, t);
}

#endif

#undef M

void pp_fe25519_sq_n(fe25519 *h, const fe25519 *f, unsigned n)
{
    pp_fe25519_sq(h, f);
    while (--n > 0) {
        pp_fe25519_sq(h, h);
    }
}

/* z^(2^250 - 1) and z^11, the common prefix of the two exponentiations
 * below (the addition chain of Bernstein et al., "High-speed high-security
 * signatures", sec. 5). */
static void fe_pow_2_250_1(fe25519 *z_250_0, fe25519 *z11, const fe25519 *z)
{
    fe25519 t, z9, z_5_0, z_10_0, z_20_0, z_50_0, z_100_0;

    pp_fe25519_sq(&t, z);                 /* 2 */
    pp_fe25519_sq_n(&z9, &t, 2);          /* 8 */
    pp_fe25519_mul(&z9, &z9, z);          /* 9 */
    pp_fe25519_mul(z11, &z9, &t);         /* 11 */
    pp_fe25519_sq(&t, z11);               /* 22 */
    pp_fe25519_mul(&z_5_0, &t, &z9);      /* 2^5 - 1 */
    pp_fe25519_sq_n(&t, &z_5_0, 5);
    pp_fe25519_mul(&z_10_0, &t, &z_5_0);  /* 2^10 - 1 */
    pp_fe25519_sq_n(&t, &z_10_0, 10);
    pp_fe25519_mul(&z_20_0, &t, &z_10_0); /* 2^20 - 1 */
    pp_fe25519_sq_n(&t, &z_20_0, 20);
    pp_fe25519_mul(&t, &t, &z_20_0);      /* 2^40 - 1 */
    pp_fe25519_sq_n(&t, &t, 10);
    pp_fe25519_mul(&z_50_0, &t, &z_10_0); /* 2^50 - 1 */
    pp_fe25519_sq_n(&t, &z_50_0, 50);
    pp_fe25519_mul(&z_100_0, &t, &z_50_0); /* 2^100 - 1 */
    pp_fe25519_sq_n(&t, &z_100_0, 100);
    pp_fe25519_mul(&t, &t, &z_100_0);     /* 2^200 - 1 */
    pp_fe25519_sq_n(&t, &t, 50);
    pp_fe25519_mul(z_250_0, &t, &z_50_0); /* 2^250 - 1 */
}

void pp_fe25519_invert(fe25519 *h, const fe25519 *f)
{
    fe25519 t, z11;
    fe_pow_2_250_1(&t, &z11, f);
    pp_fe25519_sq_n(&t, &t, 5);           /* 2^255 - 32 */
    pp_fe25519_mul(h, &t, &z11);          /* 2^255 - 21 = p - 2 */
}

void pp_fe25519_pow22523(fe25519 *h, const fe25519 *f)
{
    fe25519 t, z11;
    fe_pow_2_250_1(&t, &z11, f);
    pp_fe25519_sq_n(&t, &t, 2);           /* 2^252 - 4 */
    pp_fe25519_mul(h, &t, f);             /* 2^252 - 3 */
}

#if PP_FE25519_RADIX32

void pp_fe25519_tobytes(uint8_t s[32], const fe25519 *f)
{
    uint32_t t[8], u[8], keep;
    uint64_t c;
    unsigned i;
    /* Fold bit 255 (2^255 = 19): the value is then below 2^255 + 19. */
    c = (uint64_t)(f->v[7] >> 31) * 19u;
    for (i = 0; i < 8; i++) {
        c += (i == 7) ? (f->v[7] & 0x7fffffffu) : f->v[i];
        t[i] = (uint32_t)c;
        c >>= 32;
    }
    /* Subtract p exactly when t + 19 reaches 2^255, without a branch. */
    c = 19u;
    for (i = 0; i < 8; i++) {
        c += t[i];
        u[i] = (uint32_t)c;
        c >>= 32;
    }
    keep = (uint32_t)0 - (1u ^ (u[7] >> 31)); /* all-ones: t < p */
    u[7] &= 0x7fffffffu;
    for (i = 0; i < 8; i++) {
        pp_store_le32(s + 4 * i, (t[i] & keep) | (u[i] & ~keep));
    }
}

void pp_fe25519_frombytes(fe25519 *h, const uint8_t s[32])
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        h->v[i] = pp_load_le32(s + 4 * i);
    }
    h->v[7] &= 0x7fffffffu;
}

#else

/* Fully reduce into [0, p): carry, then subtract p exactly when
 * value + 19 >= 2^255 (q below), without a branch. */
static void fe_reduce(fe_limb r[FE_LIMBS], const fe25519 *f)
{
    fe_wide t[FE_LIMBS];
    fe25519 c;
    fe_limb q;
    unsigned i;

    for (i = 0; i < FE_LIMBS; i++) {
        t[i] = f->v[i];
    }
    fe_carry_wide(&c, t);
    q = (fe_limb)((c.v[0] + 19u) >> FE_WIDTH(0));
    for (i = 1; i < FE_LIMBS; i++) {
        q = (fe_limb)((c.v[i] + q) >> FE_WIDTH(i));
    }
    c.v[0] += (fe_limb)(19u * q);
    for (i = 0; i + 1 < FE_LIMBS; i++) {
        c.v[i + 1] += c.v[i] >> FE_WIDTH(i);
        c.v[i] &= FE_MASK(i);
    }
    c.v[FE_LIMBS - 1] &= FE_MASK(FE_LIMBS - 1); /* drops the 2^255 of p */
    for (i = 0; i < FE_LIMBS; i++) {
        r[i] = c.v[i];
    }
}

void pp_fe25519_tobytes(uint8_t s[32], const fe25519 *f)
{
    fe_limb r[FE_LIMBS];
    uint64_t acc = 0;
    unsigned bits = 0, i;
    size_t out = 0;

    fe_reduce(r, f);
    for (i = 0; i < FE_LIMBS; i++) {
        acc |= (uint64_t)r[i] << bits;
        bits += FE_WIDTH(i);
        while (bits >= 8u) {
            s[out++] = (uint8_t)acc;
            acc >>= 8;
            bits -= 8u;
        }
    }
    s[31] = (uint8_t)acc; /* the last 7 bits; bit 255 is 0 */
}

void pp_fe25519_frombytes(fe25519 *h, const uint8_t s[32])
{
    /* Limb i holds bits [offset, offset + width): every limb fits in one
     * 32-bit (10 limbs) or 64-bit (5 limbs) window starting at byte
     * offset/8, except the last 51-bit limb, read from its top-aligned word. */
    unsigned i, offset = 0;
    for (i = 0; i < FE_LIMBS; i++) {
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
        unsigned byte = offset / 8u;
        unsigned shift = offset % 8u;
        if (byte > 24u) { /* only the last limb: offset 204 */
            shift += (byte - 24u) * 8u;
            byte = 24u;
        }
        h->v[i] = (pp_load_le64(s + byte) >> shift) & FE_MASK(i);
#else
        h->v[i] = (pp_load_le32(s + offset / 8u) >> (offset % 8u)) & FE_MASK(i);
#endif
        offset += FE_WIDTH(i);
    }
}

#endif

int pp_fe25519_bytes_are_canonical(const uint8_t s[32])
{
    /* Non-canonical means 2^255 - 19 <= value < 2^255: bytes 1..30 all
     * 0xff, byte 31 (without bit 7) 0x7f and byte 0 >= 0xed. */
    uint32_t high_all_ones = (uint32_t)((s[31] & 0x7fu) ^ 0x7fu);
    unsigned i;
    for (i = 1; i < 31; i++) {
        high_all_ones |= (uint32_t)(s[i] ^ 0xffu);
    }
    return (int)(1u & ~(pp_ct_mask_zero_u32(high_all_ones) &
                        ~pp_ct_mask_lt_u32((uint32_t)s[0], 0xedu)));
}

int pp_fe25519_iszero(const fe25519 *f)
{
    uint8_t s[32];
    uint32_t acc = 0;
    unsigned i;
    pp_fe25519_tobytes(s, f);
    for (i = 0; i < 32; i++) {
        acc |= s[i];
    }
    return (int)(1u & pp_ct_mask_zero_u32(acc));
}

int pp_fe25519_isnegative(const fe25519 *f)
{
    uint8_t s[32];
    pp_fe25519_tobytes(s, f);
    return s[0] & 1;
}
