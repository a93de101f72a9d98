/*
 * ed25519_small.c -- the size-first Ed25519 backend
 * (PICOPSA_ED25519_BACKEND = PICOPSA_BACKEND_SMALL): the whole of
 * ed25519.h (RFC 8032 sec. 5.1) in one file, with the same verification
 * rules as the fast backend (ed25519.h) and byte-identical signatures.
 *
 * Size choices (docs/ed25519.md sec. "Small backend"):
 *  - one field representation, 8 x 32-bit words holding any value below
 *    2^256 (reduced mod p = 2^255 - 19 only when encoded); one product
 *    routine (8 x 8 words, schoolbook rows) serves the field (then folded
 *    with 2^256 = 38 mod p), squaring and the scalars mod L;
 *  - no precomputed multiples of any point: one constant-time scalar
 *    multiplication, signed radix-4 digits (Booth recoding, read straight
 *    from the scalar bits; SM_W below) over a 2-point table built on the
 *    stack, serves key generation, signing and both halves of
 *    verification ([S]B and [k](-A), then one addition);
 *  - the point formulas are 2-byte programs of field operations run by one
 *    loop (ge_run), not call sequences;
 *  - on ARMv7E-M (Cortex-M4/M7/M33) the product rows, the reduction and the
 *    addition and subtraction are short inline assembly
 *    (tools/ed25519/check_small_asm.py checks them under unicorn); elsewhere
 *    the same steps in C;
 *  - scalars mod L by shift-and-subtract, one bit at a time.
 * Secrets (the expanded key, the nonce, every point derived from them)
 * drive no branch and no memory index: table entries are selected by
 * scanning with masks that pass through pp_ct_barrier_u32. Verification
 * handles public data only, but runs the same constant-time code.
 * Assumes >> of a negative int64_t is arithmetic (every GCC/Clang target).
 */
#include "ed25519/ed25519.h"

#include <picopsa/config.h>

#if PSA_WANT_ECC_TWISTED_EDWARDS_255 && PICOPSA_ED25519_BACKEND == PICOPSA_BACKEND_SMALL

#include <string.h>

#include "common/pp_util.h"
#include "ed25519/ed25519_fault.h"
#include "hash/sha512.h"

/* Keeps a helper's frame off its caller's (the MCU stack peak is the
 * scalar multiplication's frame, not the sum of every step's). */
#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* GCC turns a zeroing loop into a memset call; newlib-nano's memset is
 * byte-wise (76 cycles for 32 bytes on Cortex-M4, against 9). */
#if defined(__GNUC__) && !defined(__clang__)
#define NO_MEMSET __attribute__((optimize("no-tree-loop-distribute-patterns")))
#else
#define NO_MEMSET
#endif

/* The ARMv7E-M inline assembly paths (UMAAL, Thumb-2 carry chains). */
#if defined(__ARM_FEATURE_DSP) && defined(__GNUC__) && defined(__thumb2__)
#define SMALL_ARM_ASM 1
/* Registers of the eight-word asm blocks: r7 stays free (frame pointer). */
#define FE_REGS "r4", "r5", "r6", "r8", "r9", "r10", "r11", "r12", "lr", "cc", "memory"
#else
#define SMALL_ARM_ASM 0
#endif

typedef uint32_t fe[8];

/* A point in extended coordinates (HWCD 2008): x = X/Z, y = Y/Z,
 * xy = T/Z, as one run of 32 words (one loop selects a whole point). */
typedef struct {
    uint32_t w[32];
} ge;
#define GX(p) ((p)->w)
#define GY(p) ((p)->w + 8)
#define GZ(p) ((p)->w + 16)
#define GT(p) ((p)->w + 24)

/* d, sqrt(-1) mod p and x of the base point B (RFC 8032 5.1), as words. */
static const fe k_d = {0x135978a3, 0x75eb4dca, 0x4141d8ab, 0x00700a4d,
                       0x7779e898, 0x8cc74079, 0x2b6ffe73, 0x52036cee};
static const fe k_sqrtm1 = {0x4a0ea0b0, 0xc4ee1b27, 0xad2fe478, 0x2f431806,
                            0x3dfbd7a7, 0x2b4d0099, 0x4fc1df0b, 0x2b832480};
static const fe k_bx = {0x8f25d51a, 0xc9562d60, 0x9525a7b2, 0x692cc760,
                        0xfdd6dc5c, 0xc0a4e231, 0xcd6e53fe, 0x216936d3};
/* L = 2^252 + 27742317777372353535851937790883648493. */
static const uint32_t k_l[8] = {0x5cf5d3ed, 0x5812631a, 0xa2f79cd6, 0x14def9de,
                                0x00000000, 0x00000000, 0x00000000, 0x10000000};

/* dom2(1, "") of RFC 8032 5.1 for Ed25519ph. */
static const uint8_t ed25519ph_dom2[34] = {
    'S', 'i', 'g', 'E', 'd', '2', '5', '5', '1', '9', ' ', 'n', 'o', ' ',
    'E', 'd', '2', '5', '5', '1', '9', ' ', 'c', 'o', 'l', 'l', 'i', 's',
    'i', 'o', 'n', 's', 1, 0
};

/* ---- words and bytes (little-endian, RFC 8032 5.1.2) ----------------- */

/* memcpy kept out of line: inlined copies cost more than the calls. */
NOINLINE static void copy_bytes(void *d, const void *s, size_t n)
{
    memcpy(d, s, n);
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SMALL_LE 1
/* Little-endian targets: the words are the bytes as they lie, so a copy. */
#define load_words(w, s, n) copy_bytes((w), (s), 4 * (size_t)(n))
#define store_words(s, w) copy_bytes((s), (w), 32)
#else
#define SMALL_LE 0
static void load_words(uint32_t *w, const uint8_t *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        w[i] = (uint32_t)s[4 * i] | (uint32_t)s[4 * i + 1] << 8 |
               (uint32_t)s[4 * i + 2] << 16 | (uint32_t)s[4 * i + 3] << 24;
    }
}

static void store_words(uint8_t *s, const uint32_t *w)
{
    size_t i;
    for (i = 0; i < 32; i++) {
        s[i] = (uint8_t)(w[i / 4] >> (8 * (i % 4)));
    }
}
#endif

/* lo + hi * 2^32 = a * b + lo + hi (never overflows: the UMAAL step). */
#if defined(__ARM_FEATURE_DSP) && defined(__GNUC__)
#define MULACC(lo, hi, a, b) __asm__("umaal %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(a), "r"(b))
#else
#define MULACC(lo, hi, a, b)                                \
    do {                                                    \
        uint64_t p_ = (uint64_t)(a) * (b) + (lo) + (hi);    \
        (lo) = (uint32_t)p_;                                \
        (hi) = (uint32_t)(p_ >> 32);                        \
    } while (0)
#endif

/* t[0..16) = a * b + t[0..8), 256 x 256 bits, by rows: row i adds
 * a[i] * b into t[i..i+8) and writes t[i + 8] (its carry), so what
 * t[0..8) holds is an addend (sc_muladd's c). */
#if SMALL_ARM_ASM
/* b in r4-r6, r8-r12 by one LDM (operand caching, Hutter-Wenger 2011),
 * then per row a[i] and eight UMAAL steps on t: 4 cycles a step on
 * Cortex-M4 against 5 with b reloaded. b's register holds a[i]; the end
 * of a is compared from memory (no register is left). */
#define ROW_STEP(k, reg)                              \
    "ldr lr, [%[t], #" #k "]\n\t"                    \
    "umaal lr, %[c], %[ai], " reg "\n\t"            \
    "str lr, [%[t], #" #k "]\n\t"
NOINLINE static void mul256_add(uint32_t t[16], const uint32_t a[8], const uint32_t b[8])
{
    const uint32_t *const aend = a + 8;
    uintptr_t ai = (uintptr_t)b;
    uint32_t c;
    __asm__ volatile(
        "ldm %[ai], {r4, r5, r6, r8, r9, r10, r11, r12}\n\t"
        "1:\n\t"
        "ldr %[ai], [%[a]], #4\n\t"
        "mov.w %[c], #0\n\t"
        ROW_STEP(0, "r4") ROW_STEP(4, "r5") ROW_STEP(8, "r6") ROW_STEP(12, "r8")
        ROW_STEP(16, "r9") ROW_STEP(20, "r10") ROW_STEP(24, "r11") ROW_STEP(28, "r12")
        "str %[c], [%[t], #32]\n\t"
        "add %[t], %[t], #4\n\t"
        "ldr %[ai], %[aend]\n\t"
        "cmp %[a], %[ai]\n\t"
        "bne 1b\n\t"
        : [t] "+&r"(t), [a] "+&r"(a), [ai] "+&r"(ai), [c] "=&r"(c)
        : [aend] "m"(aend)
        : FE_REGS);
}
#else
NOINLINE static void mul256_add(uint32_t t[16], const uint32_t a[8], const uint32_t b[8])
{
    size_t i, j;
    for (i = 0; i < 8; i++, t++) {
        uint32_t c = 0, ai = a[i];
        for (j = 0; j < 8; j++) {
            uint32_t lo = t[j];
            MULACC(lo, c, ai, b[j]);
            t[j] = lo;
        }
        t[8] = c;
    }
}
#endif

/* ---- the field GF(2^255 - 19), values < 2^256 ------------------------ */

NO_MEMSET static void fe_set(fe r, uint32_t v)
{
    size_t i;
    for (i = 0; i < 8; i++) {
        r[i] = 0;
    }
    r[0] = v;
}

#if !SMALL_ARM_ASM
/* r + c * 2^256 -> r (mod p), for |c| <= 38: 2^256 = 38 (mod p). When
 * the pass carries out again (c' = +-1), r is within 38 * 38 of 0 or of
 * 2^256, so the last 38 c' lands in r[0] without a carry. */
static void fe_fold(fe r, int64_t c)
{
    size_t i;
    c *= 38;
    for (i = 0; i < 8; i++) {
        c += r[i];
        r[i] = (uint32_t)c;
        c >>= 32;
    }
    r[0] += (uint32_t)c * 38u;
}

#endif

#if SMALL_ARM_ASM
/* r = t mod p (not fully): t[i] + 38 t[i + 8] by a UMAAL chain (the low
 * half by one LDM), then the carry (at most 38) folded as in fe_add, all
 * in r4-r6, r8-r12. */
#define FE_RED(k, reg)                                \
    "ldr lr, [%[t], #" #k " + 32]\n\t"                \
    "umaal " reg ", %[c], lr, %[k38]\n\t"
static void fe_mul(fe r, const fe a, const fe b)
{
    uint32_t t[16];
    uint32_t c;
    fe_set(t, 0); /* t[0..8): the product with no addend */
    mul256_add(t, a, b);
    __asm__ volatile(
        "ldm %[t], {r4, r5, r6, r8, r9, r10, r11, r12}\n\t"
        "mov.w %[c], #0\n\t"
        FE_RED(0, "r4") FE_RED(4, "r5") FE_RED(8, "r6") FE_RED(12, "r8")
        FE_RED(16, "r9") FE_RED(20, "r10") FE_RED(24, "r11") FE_RED(28, "r12")
        "mul lr, %[c], %[k38]\n\t"
        "adds r4, r4, lr\n\t"
        "adcs r5, r5, #0\n\tadcs r6, r6, #0\n\tadcs r8, r8, #0\n\t"
        "adcs r9, r9, #0\n\tadcs r10, r10, #0\n\tadcs r11, r11, #0\n\t"
        "adcs r12, r12, #0\n\t"
        "sbc lr, lr, lr\n\t"          /* carry - 1: 0 or all ones */
        "bic lr, %[k38], lr\n\t"      /* 38 when it carried */
        "add r4, r4, lr\n\t"
        "stm %[r], {r4, r5, r6, r8, r9, r10, r11, r12}\n\t"
        : [c] "=&r"(c)
        : [r] "r"(r), [t] "r"(t), [k38] "r"(38u)
        : FE_REGS);
}
#else
static void fe_mul(fe r, const fe a, const fe b)
{
    uint32_t t[16];
    uint32_t c = 0;
    size_t i;
    fe_set(t, 0); /* t[0..8): the product with no addend */
    mul256_add(t, a, b);
    for (i = 0; i < 8; i++) {
        uint32_t lo = t[i];
        MULACC(lo, c, t[i + 8], 38u);
        r[i] = lo;
    }
    fe_fold(r, c);
}
#endif

#if SMALL_ARM_ASM
/* Thumb-2 addition and subtraction in one chain: r = a + (b ^ m) + (m & 1)
 * with m = 0 (a + b) or all ones (a - b = a + ~b + 1 - 2^256). The eight
 * words live in r4-r6, r8-r12 (r7 stays free for a frame pointer). With c
 * the chain's carry, a +- b = r + 2^256 f for f = c + m (as a signed word:
 * -1, 0 or 1), and 2^256 = 38 (mod p): 38 f is added through the words
 * (its sign word in m), whose carry gives f' = c' + m the same way; then r
 * is within 38 of 0 (f' = 1) or of 2^256 (f' = -1), so 38 f' lands in word
 * 0 alone. About 75 cycles; one body for both (120 B less than two). r may
 * alias a or b (all is loaded first). */
/* a by one LDM into the eight words, b two words at a time (LDM and a
 * flag-less EOR leave the carry alone, so one chain runs across). */
#define FE_LD2(r1, r2)                        \
    "ldm %[b]!, {%[a], lr}\n\t"              \
    "eor %[a], %[a], %[m]\n\t"               \
    "eor lr, lr, %[m]\n\t"                   \
    "adcs " r1 ", " r1 ", %[a]\n\t"          \
    "adcs " r2 ", " r2 ", lr\n\t"
#define FE_FOLD(reg) "adcs " reg ", " reg ", %[m]\n\t"
NOINLINE static void fe_addsub(fe r, const fe a, const fe b, uint32_t m)
{
    __asm__ volatile(
        "ldm %[a], {r4, r5, r6, r8, r9, r10, r11, r12}\n\t"
        "lsrs lr, %[m], #1\n\t"      /* carry in: m & 1 */
        FE_LD2("r4", "r5") FE_LD2("r6", "r8") FE_LD2("r9", "r10") FE_LD2("r11", "r12")
        "adc lr, %[m], #0\n\t"       /* f = c + m */
        "mov.w %[b], #38\n\t"
        "mul lr, lr, %[b]\n\t"       /* 38 f */
        "asr %[m], lr, #31\n\t"      /* its sign word */
        "adds r4, r4, lr\n\t"
        FE_FOLD("r5") FE_FOLD("r6") FE_FOLD("r8") FE_FOLD("r9")
        FE_FOLD("r10") FE_FOLD("r11") FE_FOLD("r12")
        "adc lr, %[m], #0\n\t"       /* f' = c' + m */
        "mul lr, lr, %[b]\n\t"
        "add r4, r4, lr\n\t"
        "stm %[r], {r4, r5, r6, r8, r9, r10, r11, r12}\n\t"
        : [a] "+&r"(a), [b] "+&r"(b), [m] "+&r"(m)
        : [r] "r"(r)
        : FE_REGS);
}

NOINLINE static void fe_add(fe r, const fe a, const fe b)
{
    fe_addsub(r, a, b, 0);
}

NOINLINE static void fe_sub(fe r, const fe a, const fe b)
{
    fe_addsub(r, a, b, 0xffffffffu);
}
#else
/* r = a + (b ^ m) + (m & 1): a + b (m = 0) or a - b (m = all ones), as
 * the assembly; with c the carry, the value is r + 2^256 (c + m), m read
 * as -1 or 0. No branch on m. */
static void fe_addsub(fe r, const fe a, const fe b, uint32_t m)
{
    uint64_t c = m & 1u;
    size_t i;
    for (i = 0; i < 8; i++) {
        c += (uint64_t)a[i] + (b[i] ^ m);
        r[i] = (uint32_t)c;
        c >>= 32;
    }
    fe_fold(r, (int64_t)c + (int32_t)m);
}
#define fe_add(r, a, b) fe_addsub((r), (a), (b), 0)
#define fe_sub(r, a, b) fe_addsub((r), (a), (b), 0xffffffffu)
#endif

/* r = z^e, e = 2^(top + 1) - 1 - clear (clear < 2^5): square and
 * multiply over the bits of e from the top, which is set. e is public (the
 * branch follows it, not z). Inversion: e = p - 2 = 2^255 - 1 - 20;
 * square root: e = (p + 3) / 8 = 2^252 - 1 - 1. About 250 more
 * multiplications than an addition chain (0.13 M cycles on Cortex-M4)
 * for none of a chain's code. r must not alias z. */
NOINLINE static void fe_pow(fe r, const fe z, int top, uint32_t clear)
{
    copy_bytes(r, z, sizeof(fe));
    while (--top >= 0) {
        fe_mul(r, r, r);
        if (top >= 5 || ((clear >> top) & 1u) == 0) {
            fe_mul(r, r, z);
        }
    }
}

/* r = a + c for a small c, carry out dropped. */
static void fe_add_small(fe r, const fe a, uint32_t c)
{
    uint64_t acc = c;
    size_t i;
    for (i = 0; i < 8; i++) {
        acc += a[i];
        r[i] = (uint32_t)acc;
        acc >>= 32;
    }
}

/* Canonical encoding of a < 2^256: fold bit 255 (2^255 = 19), leaving
 * t < 2^255 + 19; then t >= p exactly when t + 19 has bit 255 set, and
 * t - p = t + 19 - 2^255. Constant time. */
static void fe_tobytes(uint8_t s[32], const fe a)
{
    fe t, u;
    copy_bytes(t, a, sizeof(fe));
    t[7] &= 0x7fffffffu;
    fe_add_small(t, t, 19 * (a[7] >> 31));
    fe_add_small(u, t, 19);
    fe_add_small(t, t, 19 * (u[7] >> 31));
    t[7] &= 0x7fffffffu;
    store_words(s, t);
}

static int fe_iszero(const fe a)
{
    uint8_t s[32];
    uint8_t acc = 0;
    size_t i;
    fe_tobytes(s, a);
    for (i = 0; i < 32; i++) {
        acc |= s[i];
    }
    return acc == 0;
}

/* ---- the group ------------------------------------------------------- */

/* r = (x, y, z, 0) for small x, y, z: the identity (0, 1, 1, 0) and the
 * cached identity (1, 1, 2, 0). */
NO_MEMSET static void ge_set(ge *r, uint32_t x, uint32_t y, uint32_t z)
{
    size_t k;
    for (k = 0; k < 32; k++) {
        r->w[k] = 0;
    }
    r->w[0] = x;
    r->w[8] = y;
    r->w[16] = z;
}

/* The point formulas as programs of field operations, run by one loop
 * (ge_run): 2 bytes an operation instead of a call sequence. An operation
 * is d = x * y, d = x + y, d = x - y or (d, x) swapped under the run's
 * mask (all ones or 0; pp_ct_barrier_u32), its operands slots: 0-3 the
 * X, Y, Z, T words of p (updated in place), 4-7 those of q, 8-11 four
 * temporaries, 12 the constant d. The programs are public constants (the
 * branch on the kind follows them, never the data). */
enum { PX, PY, PZ, PT, QX, QY, QZ, QT, TA, TB, TC, TD, KD };
#define OP_MUL(d, x, y) ((d) | (x) << 4 | (y) << 8)
#define OP_SWP(d, x) (OP_MUL(d, x, 0) | 1 << 12)
#define OP_ADD(d, x, y) (OP_MUL(d, x, y) | 2 << 12)
#define OP_SUB(d, x, y) (OP_MUL(d, x, y) | 3 << 12)

static const uint16_t k_prog[40] = {
    /* 0: p = p + q for a cached q, or p - q with the mask (-q cached: its
     * Y + X and Y - X swapped, 2d T negated, which swaps F and G), HWCD
     * sec. 3.1 (a = -1, k = 2d, complete on this curve): A = (Y1-X1)(Y2-X2),
     * B = (Y1+X1)(Y2+X2), C = T1 (2d T2), D = Z1 (2 Z2), E = B - A,
     * F = D - C, G = D + C, H = B + A. q's X and Y are left swapped. */
    OP_SWP(QX, QY), OP_SUB(TA, PY, PX), OP_ADD(TB, PY, PX), OP_MUL(TA, TA, QY),
    OP_MUL(TB, TB, QX), OP_MUL(TC, PT, QT), OP_MUL(TD, PZ, QZ), /* A B C D: p is dead */
    OP_SUB(PX, TB, TA), OP_ADD(PY, TB, TA), OP_SUB(TA, TD, TC), OP_ADD(TB, TD, TC), /* E H F G */
    OP_SWP(TA, TB), OP_MUL(PT, PX, PY), OP_MUL(PX, PX, TA), OP_MUL(PY, PY, TB), OP_MUL(PZ, TA, TB),
    /* 16: p = 2p, HWCD sec. 3.3 with a = -1, all four outputs scaled by
     * -1: A = X^2, B = Y^2, C = 2 Z^2, H' = A + B, G = B - A, F' = C - G,
     * E = (X + Y)^2 - H'; T (the last operation) only when asked for. */
    OP_MUL(TA, PX, PX), OP_MUL(TB, PY, PY), OP_MUL(TC, PZ, PZ), OP_ADD(TC, TC, TC),
    OP_ADD(TD, PX, PY), OP_MUL(TD, TD, TD), /* p is dead from here */
    OP_ADD(PT, TA, TB), OP_SUB(TB, TB, TA), OP_SUB(TC, TC, TB), OP_SUB(TD, TD, PT), /* H' G F' E */
    OP_MUL(PX, TD, TC), OP_MUL(PY, TB, PT), OP_MUL(PZ, TC, TB), OP_MUL(PT, TD, PT),
    /* 30: q = p in the "cached" form (Y + X, Y - X, 2Z, 2d T) kept in the
     * X, Y, Z, T words: what an addition needs of its second operand
     * (Y + X as (Y - X) + 2X: no copy). q may be p (each word of p is read
     * before its slot is written). */
    OP_ADD(TA, PX, PX), OP_SUB(QY, PY, PX), OP_ADD(QX, QY, TA), OP_ADD(QZ, PZ, PZ),
    OP_MUL(QT, PT, KD), OP_ADD(QT, QT, QT), /* 2d T: 2d is not stored (32 B) */
    /* 36: decoding (ge_frombytes), from y in Y and 1 in Z: u = y^2 - 1 in
     * T, v = d y^2 + 1 in X (never 0: d is not a square). */
    OP_MUL(PT, PY, PY), OP_MUL(PX, PT, KD), OP_SUB(PT, PT, PZ), OP_ADD(PX, PX, PZ),
};
/* A program: its first operation in k_prog + 64 * its length. */
#define PROG_ADD (0u + 64u * 16u)
#define PROG_DBL (16u + 64u * 13u) /* + 64: with T */
#define PROG_CACHE (30u + 64u * 6u)
#define PROG_DECODE (36u + 64u * 4u)

NOINLINE static void ge_run(ge *p, ge *q, uint32_t prog, uint32_t mask)
{
    fe tmp[4];
    uint32_t *const base[4] = {p->w, q->w, tmp[0], (uint32_t *)(uintptr_t)k_d};
    const uint16_t *op = k_prog + (prog & 63u);
    uint32_t n;
    for (n = prog >> 6; n > 0; n--, op++) {
        uint32_t o = *op, kind = o >> 12;
#define SLOT(k) (base[(k) >> 2] + 8 * ((k) & 3))
        uint32_t *d = SLOT(o & 15u), *x = SLOT((o >> 4) & 15u), *y = SLOT((o >> 8) & 15u);
#undef SLOT
        if (kind == 0) {
            fe_mul(d, x, y);
        } else if (kind == 1) {
            size_t k;
            for (k = 0; k < 8; k++) {
                uint32_t v = mask & (d[k] ^ x[k]);
                d[k] ^= v;
                x[k] ^= v;
            }
        } else {
            fe_addsub(d, x, y, 0u - (kind & 1u));
        }
    }
}

#define ge_add(p, q, neg) ge_run((p), (q), PROG_ADD, (neg))
#define ge_dbl(p, with_t) ge_run((p), (p), PROG_DBL + 64u * (uint32_t)(with_t), 0)
#define ge_cache(c, p) ge_run((p), (c), PROG_CACHE, 0)

/* bit j of the 256-bit little-endian s (0 outside 0..255). j is public. */
static uint32_t scalar_bit(const uint8_t s[32], int j)
{
    if (j < 0 || j > 255) {
        return 0;
    }
    return (uint32_t)(s[j >> 3] >> (j & 7)) & 1u;
}

/* Digit width W of the scalar multiplication: 2 (table of 2 points, 256 B
 * of stack, 129 additions) or 3 (4 points, 512 B, 86 additions). 2 keeps
 * signing within 1.2 KB of stack on Cortex-M4 for about 10% more cycles. */
#define SM_W 2
#define SM_TAB (1 << (SM_W - 1))
#define SM_DIGITS ((257 + SM_W - 1) / SM_W)

/* r = [s]P for any point P and 256-bit s. Constant time: SM_DIGITS signed
 * digits in -2^(W-1)..2^(W-1) (Booth: digit i is bits W i - 1 .. W i + W - 1
 * read as b(Wi-1) + sum_j 2^j b(Wi+j) - 2^W b(Wi+W-1), so no recoding pass),
 * each selected from {P, .., 2^(W-1) P} by a masked scan of every entry and
 * negated by a masked swap. p is replaced by [s]p. */
static void ge_scalarmult(ge *r, const uint8_t s[32])
{
    struct { /* the secrets of this frame, wiped at once */
        ge tab[SM_TAB];
        ge sel;
    } st;
    int i, k;
    uint32_t j;

    ge_cache(&st.tab[0], r);
    for (j = 1; j < SM_TAB; j++) { /* r = (j + 1) P */
        ge_add(r, &st.tab[0], 0);
        ge_cache(&st.tab[j], r);
    }
    ge_set(r, 0, 1, 1);
    for (i = SM_DIGITS - 1; i >= 0; i--) {
        uint32_t t = 0, u, top, m, a;
        for (k = 0; k < SM_W; k++) {
            ge_dbl(r, k == SM_W - 1);
        }
        for (k = 0; k <= SM_W; k++) {
            t |= scalar_bit(s, SM_W * i - 1 + k) << k;
        }
        u = (t + 1) >> 1;          /* the digit when the top bit is 0 */
        top = t >> SM_W;           /* 1: the digit is u - 2^W <= 0 */
        m = pp_ct_barrier_u32(0u - top);
        a = u ^ (m & (u ^ ((1u << SM_W) - u))); /* |digit| */
        /* the cached identity (1, 1, 2, 0), then the entry a if a > 0 */
        ge_set(&st.sel, 1, 1, 2);
        for (j = 1; j <= SM_TAB; j++) {
            uint32_t eq = pp_ct_barrier_u32(pp_ct_mask_eq_u32(a, j));
            for (k = 0; k < 32; k++) {
                st.sel.w[k] ^= eq & (st.sel.w[k] ^ st.tab[j - 1].w[k]);
            }
        }
        ge_add(r, &st.sel, m); /* r - sel when the digit is negative */
    }
    pp_wipe(&st, sizeof(st));
}

/* y of B = 4/5 = 0x6666...6658 (RFC 8032 5.1): made, not stored. */
static void fe_by(fe y)
{
    size_t i;
    for (i = 0; i < 8; i++) {
        y[i] = 0x66666666u;
    }
    y[0] -= 14;
}

static void ge_base(ge *b)
{
    copy_bytes(GX(b), k_bx, sizeof(fe));
    fe_by(GY(b));
    fe_set(GZ(b), 1);
    fe_mul(GT(b), k_bx, GY(b));
}

/* RFC 8032 5.1.2; x, when not NULL, gets the canonical x. Constant time. */
static void ge_tobytes(uint8_t s[32], uint8_t *x, const ge *h)
{
    struct { /* wiped at once */
        fe zi, t;
        uint8_t xb[32];
    } v;
    fe_pow(v.zi, GZ(h), 254, 20); /* Z^(p - 2) = 1/Z */
    fe_mul(v.t, GX(h), v.zi);
    fe_tobytes(v.xb, v.t);
    fe_mul(v.t, GY(h), v.zi);
    fe_tobytes(s, v.t);
    s[31] = (uint8_t)(s[31] | (v.xb[0] << 7));
    if (x != NULL) {
        copy_bytes(x, v.xb, 32);
    }
    pp_wipe(&v, sizeof(v));
}

/* RFC 8032 5.1.3: 0 and h = the point (neg = 0) or its negative (neg = 1:
 * what verification multiplies), or -1 when s is rejected (y >= p, no
 * square root, or x = 0 with the sign bit set). x, when not NULL, is the
 * point's canonical x (trusted, a key slot's): no square root then.
 * Public input: may branch. */
static int ge_frombytes(ge *h, const uint8_t s[32], const uint8_t *x, unsigned neg)
{
    fe w, c;
    uint8_t chk[32];
    unsigned sign = (unsigned)s[31] >> 7;

    load_words(GY(h), s, 8);
    GY(h)[7] &= 0x7fffffffu;
    fe_add_small(c, GY(h), 19);
    if ((c[7] >> 31) != 0) {
        return -1; /* y + 19 >= 2^255: y >= p */
    }
    fe_set(GZ(h), 1);
    if (x != NULL) {
        load_words(GX(h), x, 8);
        sign = x[0] & 1u; /* x as given: negated exactly when neg = 1 */
    } else {
        ge_run(h, h, PROG_DECODE, 0); /* u = y^2 - 1 in T, v = d y^2 + 1 in X */
        /* x^2 = u / v (5.1.3 step 2, with one inversion instead of the u v^3,
         * u v^7 form: fewer calls, 0.13 M cycles more). */
        fe_pow(w, GX(h), 254, 20);
        fe_mul(w, w, GT(h));      /* u / v */
        fe_pow(GX(h), w, 251, 1); /* candidate x = (u / v)^((p + 3) / 8) */
        fe_mul(GT(h), GX(h), GX(h)); /* x^2 */
        fe_sub(c, GT(h), w);
        if (!fe_iszero(c)) {
            fe_add(c, GT(h), w);
            if (!fe_iszero(c)) {
                return -1;          /* no square root */
            }
            fe_mul(GX(h), GX(h), k_sqrtm1);
        }
        /* x = 0 has no negative: x = 0 with the sign bit is rejected */
        if (sign != 0 && fe_iszero(GX(h))) {
            return -1;
        }
    }
    fe_tobytes(chk, GX(h));
    if (((chk[0] & 1u) ^ neg) != sign) {
        fe_set(w, 0);
        fe_sub(GX(h), w, GX(h));
    }
    fe_mul(GT(h), GX(h), GY(h));
    return 0;
}

/* ---- scalars mod L ----------------------------------------------------- */

/* out = in mod L for a 512-bit little-endian in: shift-and-subtract, one
 * bit at a time from the top (r < L < 2^253, so 2r + 1 fits 8 words),
 * starting from the top 224 bits (seven whole words: a copy, below L;
 * 28 more steps than from the top 252 bits, 12 B less). Constant time:
 * the subtraction is kept by a mask. */
static void sc_reduce(uint8_t out[32], const uint32_t in[16])
{
    struct { /* wiped at once */
        uint32_t r[8], t[8];
    } v;
    uint32_t *const r = v.r, *const t = v.t;
    int bit;
    size_t i;
    copy_bytes(r, in + 9, 28); /* r = in >> 288 (words, not bytes) */
    r[7] = 0;
    for (bit = 287; bit >= 0; bit--) {
        uint32_t keep, carry = (in[bit >> 5] >> (bit & 31)) & 1u;
        int64_t c = 0;
        for (i = 0; i < 8; i++) { /* r = 2r + bit, t = r - L */
            uint32_t w = r[i];
            r[i] = (w << 1) | carry;
            carry = w >> 31;
            c += (int64_t)r[i] - k_l[i];
            t[i] = (uint32_t)c;
            c >>= 32;
        }
        keep = pp_ct_barrier_u32(0u - ((uint32_t)c & 1u)); /* r < L: keep r */
        for (i = 0; i < 8; i++) {
            r[i] = t[i] ^ (keep & (r[i] ^ t[i]));
        }
    }
    store_words(out, r);
    pp_wipe(&v, sizeof(v));
}

/* out = SHA-512(dom || a || b || msg) mod L (RFC 8032 5.1.6 steps 2, 4;
 * 5.1.7 step 2), dom empty (Ed25519) or dom2 (ph: Ed25519ph), b 32 bytes
 * or none (NULL). The hash context lives only in this frame. */
NOINLINE static void hash_to_scalar(uint8_t out[32], unsigned ph, const uint8_t *a,
                                    const uint8_t *b, const uint8_t *msg, size_t msg_len)
{
    picopsa_sha512_context hash;
    uint32_t w[16]; /* the digest, then its words: the nonce hash is secret */
    pp_sha512_init(&hash);
    pp_sha512_update(&hash, ed25519ph_dom2, ph ? sizeof(ed25519ph_dom2) : 0);
    pp_sha512_update(&hash, a, 32);
    pp_sha512_update(&hash, b, b != NULL ? 32 : 0);
    pp_sha512_update(&hash, msg, msg_len);
    pp_sha512_finish(&hash, (uint8_t *)w);
#if !SMALL_LE
    load_words(w, (const uint8_t *)w, 16); /* in place: word i reads bytes 4i..4i+3 */
#endif
    sc_reduce(out, w);
    pp_wipe(w, sizeof(w));
}

/* out = (a b + c) mod L (5.1.6 step 5: S = r + k s); out may alias. */
NOINLINE static void sc_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
                               const uint8_t c[32])
{
    struct { /* wiped at once */
        uint32_t t[16], x[8], y[8];
    } v;
    uint32_t *const t = v.t, *const x = v.x, *const y = v.y;
    load_words(x, a, 8);
    load_words(y, b, 8);
    load_words(t, c, 8);
    mul256_add(t, x, y);
    sc_reduce(out, t);
    pp_wipe(&v, sizeof(v));
}

/* ---- RFC 8032 5.1.5 - 5.1.7 -------------------------------------------- */

void pp_ed25519_expand(uint8_t expanded[64], const uint8_t seed[32])
{
    pp_sha512(seed, 32, expanded);
    expanded[0] &= 248;
    expanded[31] &= 127;
    expanded[31] |= 64;
}

/* encoding (and x) of [s]B for the 32-byte little-endian s */
NOINLINE static void base_mult_tobytes(uint8_t out[32], uint8_t *x, const uint8_t s[32])
{
    ge p;
    ge_base(&p);
    ge_scalarmult(&p, s);
    ge_tobytes(out, x, &p);
    pp_wipe(&p, sizeof(p));
}

void pp_ed25519_public_key_expanded(uint8_t pk[32], const uint8_t expanded[64])
{
    base_mult_tobytes(pk, NULL, expanded);
}

void pp_ed25519_public_key_expanded_with_x(uint8_t pk[32], uint8_t x[32],
                                           const uint8_t expanded[64])
{
    base_mult_tobytes(pk, x, expanded);
}

void pp_ed25519_public_key(uint8_t pk[32], const uint8_t seed[32])
{
    uint8_t h[64];
    pp_ed25519_expand(h, seed);
    base_mult_tobytes(pk, NULL, h);
    pp_wipe(h, sizeof(h));
}

int pp_ed25519_public_key_check(const uint8_t pk[32])
{
    ge a;
    return ge_frombytes(&a, pk, NULL, 0);
}

int pp_ed25519_public_key_decode(uint8_t x[32], const uint8_t pk[32])
{
    ge a;
    if (ge_frombytes(&a, pk, NULL, 0) != 0) {
        return -1;
    }
    fe_tobytes(x, GX(&a));
    return 0;
}

/* 5.1.6, Ed25519 or (ph) Ed25519ph with msg = PH(M). sig
 * may overlap msg, pk or h (PSA 1.2 5.4.4): it is written once, after the
 * last read of every input (see ed25519.c for why R must not be written
 * before step 4). With PICOPSA_SIGN_FAULT_CHECK the signature is computed
 * twice and released only when both agree (ed25519_fault.h); nonzero and
 * sig wiped otherwise. */
int pp_ed25519_sign_ex(uint8_t sig[64], const uint8_t h[64], const uint8_t pk[32],
                       const uint8_t *tag, unsigned ph, const uint8_t *msg, size_t msg_len)
{
    uint8_t b[96]; /* R, S (k first), r: the signature, then the secrets */
    uint8_t *const renc = b, *const k = b + 32, *const r = b + 64;
    int ret = 0;
#if PICOPSA_SIGN_FAULT_CHECK
    uint8_t first[64];
    int pass;

    for (pass = 0; pass < 2; pass++) {
#endif
        hash_to_scalar(r, ph, h + 32, NULL, msg, msg_len);             /* step 2 */
        PP_ED25519_FAULT(r, 32);
        base_mult_tobytes(renc, NULL, r);                               /* step 3 */
        PP_ED25519_FAULT(renc, 32);
        hash_to_scalar(k, ph, renc, pk, msg, msg_len);                  /* step 4 */
        PP_ED25519_FAULT(k, 32);
        sc_muladd(k, k, h, r);                                          /* step 5 */
        PP_ED25519_FAULT(k, 32);
#if PICOPSA_SIGN_FAULT_CHECK
        if (pass == 0) {
            copy_bytes(first, b, 64);
        }
    }
    ret = ed25519_fault_commit(sig, first, renc, k, h, pk, tag);        /* step 6 */
    pp_wipe(first, sizeof(first)); /* after a detected fault: the faulty one */
#else
    (void)tag;
    copy_bytes(sig, b, 64);                                             /* step 6 */
#endif

    pp_wipe(k, 64);
    return ret;
}

/* 1 when the 32-byte s is below L (5.1.7 step 1: S >= L is rejected):
 * bytes compared from the top. S is public: may branch. */
NOINLINE static int sc_is_canonical(const uint8_t s[32])
{
    int i;
    for (i = 31; i >= 0; i--) {
        uint8_t l = (uint8_t)(k_l[i >> 2] >> (8 * (i & 3)));
        if (s[i] != l) {
            return s[i] < l;
        }
    }
    return 0;
}

/* 5.1.7 (rules in ed25519.h): encode([S]B + [k](-A)) must equal R. -A
 * from the cached x (trusted, a key slot's) or decoded from pk. */
int pp_ed25519_verify_ex(const uint8_t sig[64], const uint8_t pk[32], const uint8_t *x,
                         unsigned ph, const uint8_t *msg, size_t msg_len)
{
    ge a, sb;
    uint8_t k[32];

    if (!sc_is_canonical(sig + 32)) {
        return -1;
    }
    if (ge_frombytes(&a, pk, x, 1) != 0) {
        return -1;
    }
    hash_to_scalar(k, ph, sig, pk, msg, msg_len);
    ge_scalarmult(&a, k);              /* [k](-A) */
    ge_base(&sb);
    ge_scalarmult(&sb, sig + 32);      /* [S]B */
    ge_cache(&sb, &sb);
    ge_add(&a, &sb, 0);
    ge_tobytes(k, NULL, &a);
    return memcmp(k, sig, 32) == 0 ? 0 : -1;
}

/* 5.1.6 from the seed (step 1 here). */
static int sign_seed(uint8_t sig[64], const uint8_t seed[32], const uint8_t pk[32], unsigned ph,
                     const uint8_t *msg, size_t msg_len)
{
    uint8_t h[64];
    int ret;
    pp_ed25519_expand(h, seed);
    ret = pp_ed25519_sign_ex(sig, h, pk, NULL, ph, msg, msg_len);
    pp_wipe(h, sizeof(h));
    return ret;
}

int pp_ed25519_sign(uint8_t sig[64], const uint8_t seed[32], const uint8_t pk[32],
                    const uint8_t *msg, size_t msg_len)
{
    return sign_seed(sig, seed, pk, 0, msg, msg_len);
}

int pp_ed25519ph_sign(uint8_t sig[64], const uint8_t seed[32], const uint8_t pk[32],
                      const uint8_t prehash[64])
{
    return sign_seed(sig, seed, pk, 1, prehash, 64);
}

#endif /* PSA_WANT_ECC_TWISTED_EDWARDS_255 && small backend */
