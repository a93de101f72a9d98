/*
 * ge25519.c -- Ed25519 group operations (see ge25519.h).
 *
 * Point formats used internally, all from HWCD 2008 (a = -1):
 *  - p1p1 "completed" ((X:Z),(Y:T)): x = X/Z, y = Y/T, the raw output of
 *    an addition or doubling; converting costs 3 (to p2) or 4 (to p3) muls.
 *  - niels (y+x, y-x, 2dxy): an affine addend (precomputed tables), so a
 *    mixed addition costs 7 muls.
 *  - cached (Y+X, Y-X, Z, 2dT): a projective addend (8 muls).
 */
#include "ed25519/ge25519.h"

#include <string.h>

#include "common/pp_util.h"

typedef struct {
    fe25519 X, Y, Z, T;
} ge25519_p1p1;

typedef struct {
    fe25519 ypx, ymx, xy2d;
} ge25519_niels;

typedef struct {
    fe25519 ypx, ymx, Z, T2d;
} ge25519_cached;

#include "ed25519/ge25519_tables.h"

static const fe25519 fe_d = GE25519_CONST_D;
static const fe25519 fe_sqrt_m1 = GE25519_CONST_SQRT_M1;

static void p1p1_to_p2(ge25519_p2 *r, const ge25519_p1p1 *p)
{
    pp_fe25519_mul(&r->X, &p->X, &p->T);
    pp_fe25519_mul(&r->Y, &p->Y, &p->Z);
    pp_fe25519_mul(&r->Z, &p->Z, &p->T);
}

static void p1p1_to_p3(ge25519_p3 *r, const ge25519_p1p1 *p)
{
    pp_fe25519_mul(&r->X, &p->X, &p->T);
    pp_fe25519_mul(&r->Y, &p->Y, &p->Z);
    pp_fe25519_mul(&r->Z, &p->Z, &p->T);
    pp_fe25519_mul(&r->T, &p->X, &p->Y);
}

static void p3_to_cached(ge25519_cached *r, const ge25519_p3 *p)
{
    pp_fe25519_add(&r->ypx, &p->Y, &p->X);
    pp_fe25519_sub(&r->ymx, &p->Y, &p->X);
    r->Z = p->Z;
    pp_fe25519_mul(&r->T2d, &p->T, &fe_d); /* 2d T as d T + d T: no 2d constant */
    pp_fe25519_add(&r->T2d, &r->T2d, &r->T2d);
}

/* Doubling, HWCD dbl-2008-hwcd with a = -1: 4 squarings.
 * A = X^2, B = Y^2, C = 2Z^2; x3 = ((X+Y)^2 - A - B)/(B - A),
 * y3 = (A + B)/(C - (B - A)). */
static void p2_dbl(ge25519_p1p1 *r, const ge25519_p2 *p)
{
    fe25519 a, xy;
    pp_fe25519_sq(&a, &p->X);
    pp_fe25519_sq(&r->Z, &p->Y);          /* B */
    pp_fe25519_sq(&r->T, &p->Z);
    pp_fe25519_add(&r->T, &r->T, &r->T);  /* C */
    pp_fe25519_add(&xy, &p->X, &p->Y);
    pp_fe25519_sq(&xy, &xy);
    pp_fe25519_add(&r->Y, &r->Z, &a);     /* A + B */
    pp_fe25519_sub(&r->Z, &r->Z, &a);     /* B - A */
    pp_fe25519_sub(&r->X, &xy, &r->Y);
    pp_fe25519_sub(&r->T, &r->T, &r->Z);
}

static void p3_dbl(ge25519_p1p1 *r, const ge25519_p3 *p)
{
    ge25519_p2 q;
    q.X = p->X;
    q.Y = p->Y;
    q.Z = p->Z;
    p2_dbl(r, &q);
}

/* Additions, HWCD add-2008-hwcd-3 (a = -1): with a = (Y1-X1)(y2-x2),
 * b = (Y1+X1)(y2+x2), c = T1 2d t2 and zz = 2 Z1 Z2, the sum is
 * x3 = (b - a)/(zz + c), y3 = (b + a)/(zz - c). Subtracting Q = (x2, y2)
 * adds (-x2, y2): y2-x2 and y2+x2 swap and c changes sign. The outputs
 * are computed in place in r to keep the stack small on MCUs. */
static void add_finish(ge25519_p1p1 *r, int subtract)
{
    fe25519 t;
    t = r->X;                          /* a */
    pp_fe25519_sub(&r->X, &r->Y, &t);     /* b - a */
    pp_fe25519_add(&r->Y, &r->Y, &t);     /* b + a */
    t = r->T;                          /* c */
    if (subtract) {                    /* public: which operation, not data */
        pp_fe25519_add(&r->T, &r->Z, &t); /* zz + c */
        pp_fe25519_sub(&r->Z, &r->Z, &t); /* zz - c */
    } else {
        pp_fe25519_sub(&r->T, &r->Z, &t); /* zz - c */
        pp_fe25519_add(&r->Z, &r->Z, &t); /* zz + c */
    }
}

/* r = p + q (subtract = 0) or p - q (subtract = 1) for an affine q. */
static void p3_madd_sub(ge25519_p1p1 *r, const ge25519_p3 *p, const ge25519_niels *q,
                        int subtract)
{
    pp_fe25519_sub(&r->X, &p->Y, &p->X);
    pp_fe25519_mul(&r->X, &r->X, subtract ? &q->ypx : &q->ymx);
    pp_fe25519_add(&r->Y, &p->Y, &p->X);
    pp_fe25519_mul(&r->Y, &r->Y, subtract ? &q->ymx : &q->ypx);
    pp_fe25519_mul(&r->T, &p->T, &q->xy2d);
    pp_fe25519_add(&r->Z, &p->Z, &p->Z);
    add_finish(r, subtract);
}

static void p3_madd(ge25519_p1p1 *r, const ge25519_p3 *p, const ge25519_niels *q)
{
    p3_madd_sub(r, p, q, 0);
}

/* r = p + q (subtract = 0) or p - q (subtract = 1) for a projective q. */
static void p3_add_sub(ge25519_p1p1 *r, const ge25519_p3 *p, const ge25519_cached *q,
                       int subtract)
{
    pp_fe25519_sub(&r->X, &p->Y, &p->X);
    pp_fe25519_mul(&r->X, &r->X, subtract ? &q->ypx : &q->ymx);
    pp_fe25519_add(&r->Y, &p->Y, &p->X);
    pp_fe25519_mul(&r->Y, &r->Y, subtract ? &q->ymx : &q->ypx);
    pp_fe25519_mul(&r->T, &p->T, &q->T2d);
    pp_fe25519_mul(&r->Z, &p->Z, &q->Z);
    pp_fe25519_add(&r->Z, &r->Z, &r->Z);
    add_finish(r, subtract);
}

/* s = encoding of (X : Y : Z) (RFC 8032 5.1.2); when x_bytes is not NULL
 * it also receives the canonical x, which key slots cache so that
 * verification skips the square root of decoding. */
static void encode_projective(uint8_t s[32], uint8_t *x_bytes, const fe25519 *X,
                              const fe25519 *Y, const fe25519 *Z)
{
    fe25519 recip, x, y;
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
    /* Hosts: constant-time safegcd (pp_fe25519_invert_safegcd), about 40%
     * fewer cycles than the Fermat chain. */
    pp_fe25519_invert_safegcd(&recip, Z);
#else
    pp_fe25519_invert(&recip, Z);
#endif
    pp_fe25519_mul(&x, X, &recip);
    pp_fe25519_mul(&y, Y, &recip);
    /* X, Y, Z are not read below: s may overlap them (ge25519.h). */
    pp_fe25519_tobytes(s, &y);
    s[31] = (uint8_t)(s[31] ^ (pp_fe25519_isnegative(&x) << 7));
    if (x_bytes != NULL) {
        pp_fe25519_tobytes(x_bytes, &x);
    }
}

void pp_ge25519_p2_tobytes(uint8_t s[32], const ge25519_p2 *h)
{
    encode_projective(s, NULL, &h->X, &h->Y, &h->Z);
}

#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
void pp_ge25519_p2_tobytes_vartime(uint8_t s[32], const ge25519_p2 *h)
{
    fe25519 recip, x, y;
    pp_fe25519_invert_vartime(&recip, &h->Z); /* VARIABLE TIME: public h */
    pp_fe25519_mul(&x, &h->X, &recip);
    pp_fe25519_mul(&y, &h->Y, &recip);
    pp_fe25519_tobytes(s, &y);
    s[31] = (uint8_t)(s[31] ^ (pp_fe25519_isnegative(&x) << 7));
}
#endif

void pp_ge25519_p3_tobytes(uint8_t s[32], const ge25519_p3 *h)
{
    encode_projective(s, NULL, &h->X, &h->Y, &h->Z);
}

void pp_ge25519_p3_tobytes_with_x(uint8_t s[32], uint8_t x_bytes[32], const ge25519_p3 *h)
{
    encode_projective(s, x_bytes, &h->X, &h->Y, &h->Z);
}

void pp_ge25519_from_affine_bytes(ge25519_p3 *h, const uint8_t y_encoding[32],
                               const uint8_t x_bytes[32])
{
    pp_fe25519_frombytes(&h->X, x_bytes);
    pp_fe25519_frombytes(&h->Y, y_encoding); /* bit 255 (sign of x) is ignored */
    pp_fe25519_1(&h->Z);
    pp_fe25519_mul(&h->T, &h->X, &h->Y);
}

int pp_ge25519_frombytes(ge25519_p3 *h, const uint8_t s[32])
{
    fe25519 u, v, v3, vxx, check;
    uint32_t sign = (uint32_t)(s[31] >> 7);
    int canonical = pp_fe25519_bytes_are_canonical(s);
    int ok_direct, ok_rotated, x_is_zero;

    pp_fe25519_frombytes(&h->Y, s);
    pp_fe25519_1(&h->Z);
    /* RFC 8032 5.1.3 step 2: x^2 = u/v with u = y^2 - 1, v = d y^2 + 1. */
    pp_fe25519_sq(&u, &h->Y);
    pp_fe25519_mul(&v, &u, &fe_d);
    pp_fe25519_sub(&u, &u, &h->Z);
    pp_fe25519_add(&v, &v, &h->Z);
    /* Step 3: x = u v^3 (u v^7)^((p-5)/8). */
    pp_fe25519_sq(&v3, &v);
    pp_fe25519_mul(&v3, &v3, &v);
    pp_fe25519_sq(&h->X, &v3);
    pp_fe25519_mul(&h->X, &h->X, &v);
    pp_fe25519_mul(&h->X, &h->X, &u);
    pp_fe25519_pow22523(&h->X, &h->X);
    pp_fe25519_mul(&h->X, &h->X, &v3);
    pp_fe25519_mul(&h->X, &h->X, &u);
    /* v x^2 = u: x is a root; v x^2 = -u: x * sqrt(-1) is; else none. */
    pp_fe25519_sq(&vxx, &h->X);
    pp_fe25519_mul(&vxx, &vxx, &v);
    pp_fe25519_sub(&check, &vxx, &u);
    ok_direct = pp_fe25519_iszero(&check);
    pp_fe25519_add(&check, &vxx, &u);
    ok_rotated = pp_fe25519_iszero(&check);
    pp_fe25519_mul(&check, &h->X, &fe_sqrt_m1);
    pp_fe25519_cmov(&h->X, &check, (uint32_t)ok_rotated);
    /* Step 4: x = 0 with sign 1 is invalid; pick the root of the right sign. */
    x_is_zero = pp_fe25519_iszero(&h->X);
    pp_fe25519_neg(&check, &h->X);
    pp_fe25519_cmov(&h->X, &check, (uint32_t)pp_fe25519_isnegative(&h->X) ^ sign);
    pp_fe25519_mul(&h->T, &h->X, &h->Y);
    return ((canonical & (ok_direct | ok_rotated) & ~(x_is_zero & (int)sign)) == 1) ? 0 : -1;
}

void pp_ge25519_p3_neg(ge25519_p3 *h, const ge25519_p3 *p)
{
    pp_fe25519_neg(&h->X, &p->X);
    h->Y = p->Y;
    h->Z = p->Z;
    pp_fe25519_neg(&h->T, &p->T);
}

/* ---- constant-time fixed-base multiplication ------------------------- */

#define BASE_SPACING (64 / PICOPSA_ED25519_BASE_TABLES)

/* The table scan reads the row as one array of limbs: a Niels point is
 * three field elements of FE25519_LIMBS limbs with no padding. */
#define NIELS_LIMBS (3 * FE25519_LIMBS)
typedef char niels_has_no_padding[(sizeof(ge25519_niels) == NIELS_LIMBS * sizeof(fe25519_limb)) ? 1 : -1];

/* Cortex-M4 (the ARMv7E-M assembly of PICOPSA_FIELD_RADIX32_UMAAL): the
 * scan below as a Thumb-2 loop with the eight masks in r4-r11, the eight
 * loads of a limb issued in pairs (a load directly after a load costs one
 * cycle) and the accumulator in lr: ~34 cycles a limb instead of ~46 with
 * three masks spilled at -Os. out[k] = OR_j (mask[j] & row[j] limb k) for
 * the 24 limbs of a radix-2^32 Niels entry (96 bytes); masks are 0 or all
 * ones. No data-dependent branch or address (the loop counts limbs). */
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX32_UMAAL
#define SELECT_SCAN_ASM 1
typedef char select_scan_entry_is_96_bytes[(sizeof(ge25519_niels) == 96) ? 1 : -1];
void pp_ge25519_select_scan(uint32_t *out, const ge25519_niels *row, const uint32_t mask[8]);
__asm__(
    ".pushsection .text.pp_ge25519_select_scan,\"ax\",%progbits\n"
    ".syntax unified\n"
    ".thumb\n"
    ".p2align 2\n"
    ".global pp_ge25519_select_scan\n"
    ".type pp_ge25519_select_scan, %function\n"
    ".thumb_func\n"
    "pp_ge25519_select_scan:\n"
    "push {r4-r11, lr}\n"
    "ldm r2, {r4-r11}\n"
    "add r2, r1, #96\n"
    "1:\n"
    "ldr r3, [r1, #0]\n"
    "ldr r12, [r1, #96]\n"
    "and r3, r3, r4\n"
    "and r12, r12, r5\n"
    "orr lr, r3, r12\n"
    "ldr r3, [r1, #192]\n"
    "ldr r12, [r1, #288]\n"
    "and r3, r3, r6\n"
    "and r12, r12, r7\n"
    "orr lr, lr, r3\n"
    "orr lr, lr, r12\n"
    "ldr r3, [r1, #384]\n"
    "ldr r12, [r1, #480]\n"
    "and r3, r3, r8\n"
    "and r12, r12, r9\n"
    "orr lr, lr, r3\n"
    "orr lr, lr, r12\n"
    "ldr r3, [r1, #576]\n"
    "ldr r12, [r1, #672]\n"
    "and r3, r3, r10\n"
    "and r12, r12, r11\n"
    "orr lr, lr, r3\n"
    "orr lr, lr, r12\n"
    "str lr, [r0], #4\n"
    "add r1, r1, #4\n"
    "cmp r1, r2\n"
    "bne 1b\n"
    "pop {r4-r11, pc}\n"
    ".size pp_ge25519_select_scan, .-pp_ge25519_select_scan\n"
    ".popsection\n");
#else
#define SELECT_SCAN_ASM 0
static fe25519_limb niels_limb(const ge25519_niels *p, size_t k)
{
    fe25519_limb w;
    memcpy(&w, (const unsigned char *)p + k * sizeof(fe25519_limb), sizeof(w));
    return w;
}
#endif

/* t = digit * row[0] for digit in [-8, 8]: every entry of the row is read
 * whatever the digit (secret), the wanted one accumulated by masks, and
 * the sign applied by masks (Bernstein et al. 2011, sec. 4). The scan
 * goes limb by limb over the eight entries with the eight masks held in
 * registers (one load, AND and OR per limb and entry; 3x fewer cycles on
 * Cortex-M4 than entry by entry through memory). */
/* Kept out of line so that the masks and the negated coordinate live in
 * this frame only, not under the comb's additions (MCU sign stack). */
#if defined(__GNUC__)
#define SELECT_NOINLINE __attribute__((noinline))
#else
#define SELECT_NOINLINE
#endif
static SELECT_NOINLINE uint32_t select_niels(ge25519_niels *t, const ge25519_niels row[8],
                                             int8_t digit)
{
    const uint32_t negative = (uint32_t)(uint8_t)digit >> 7;
    const uint32_t magnitude = (uint32_t)(uint8_t)(digit - (int8_t)((-(int)negative & digit) * 2));
    const fe25519_limb is_zero = (fe25519_limb)(1u & pp_ct_mask_zero_u32(magnitude));
    fe25519_limb mask[8];
#if !SELECT_SCAN_ASM
    size_t k;
#endif
    uint32_t j;

    /* The barrier keeps the compiler from seeing that each mask is a
     * comparison with the digit (clang -O2 then skips the loads by
     * branches: ct_ed25519 caught it). */
    for (j = 0; j < 8; j++) {
        mask[j] = (fe25519_limb)0 - (fe25519_limb)(1u & pp_ct_mask_eq_u32(magnitude, j + 1u));
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
        mask[j] = pp_ct_barrier_u64(mask[j]);
#else
        mask[j] = pp_ct_barrier_u32(mask[j]);
#endif
    }
#if SELECT_SCAN_ASM
    pp_ge25519_select_scan(t->ypx.v, row, mask);
#else
    for (k = 0; k < NIELS_LIMBS; k++) {
        fe25519_limb w = (mask[0] & niels_limb(&row[0], k)) | (mask[1] & niels_limb(&row[1], k)) |
                         (mask[2] & niels_limb(&row[2], k)) | (mask[3] & niels_limb(&row[3], k)) |
                         (mask[4] & niels_limb(&row[4], k)) | (mask[5] & niels_limb(&row[5], k)) |
                         (mask[6] & niels_limb(&row[6], k)) | (mask[7] & niels_limb(&row[7], k));
        memcpy((unsigned char *)t + k * sizeof(fe25519_limb), &w, sizeof(w));
    }
#endif
    t->ypx.v[0] |= is_zero; /* the identity (1, 1, 0) */
    t->ymx.v[0] |= is_zero;
    /* The masks reveal the digit. Eight word stores through a volatile
     * pointer clear them (cannot be dropped as dead stores) for a tenth
     * of what a pp_wipe call costs here, 64 times per multiplication. */
    {
        volatile fe25519_limb *clear = mask;
        for (j = 0; j < 8; j++) {
            clear[j] = 0;
        }
    }
    /* -t = (y-x, y+x, -2dxy): the first two are swapped here; the sign of
     * the third is left to the caller (returned: 1 for a negative digit),
     * where it only swaps two outputs of the addition. */
    pp_fe25519_cswap(&t->ypx, &t->ymx, negative);
    return negative;
}

/* The affine Niels entry (y+x, y-x, 2dxy) as the completed point
 * ((2x : 2), (2y : 2)), whose conversion computes T itself (so the sign
 * select_niels leaves on 2dxy does not matter here); the identity entry
 * (1, 1, 0) gives ((0 : 2), (2 : 2)). */
static void niels_to_p1p1(ge25519_p1p1 *r, const ge25519_niels *t)
{
    pp_fe25519_sub(&r->X, &t->ypx, &t->ymx);
    pp_fe25519_add(&r->Y, &t->ypx, &t->ymx);
    pp_fe25519_1(&r->Z);
    pp_fe25519_add(&r->Z, &r->Z, &r->Z);
    r->T = r->Z;
}

void pp_ge25519_scalarmult_base(ge25519_p3 *h, const uint8_t a[32])
{
    int8_t e[64];
    int carry = 0;
    int i, k, m;
    ge25519_p1p1 r;
    ge25519_p2 q;
    ge25519_niels t;

    /* Signed radix 16 (Bernstein et al. 2011, sec. 4): a = sum e[i] 16^i
     * with e[i] in [-8, 8); the top digit absorbs the last carry (<= 8
     * because a < 2^255). */
    for (i = 0; i < 32; i++) {
        e[2 * i] = (int8_t)(a[i] & 15);
        e[2 * i + 1] = (int8_t)(a[i] >> 4);
    }
    for (i = 0; i < 63; i++) {
        int v = e[i] + carry;
        carry = (v + 8) >> 4;
        e[i] = (int8_t)(v - carry * 16);
    }
    e[63] = (int8_t)(e[63] + carry);

    /* Comb: [a]B = sum_m 16^m sum_k e[k*S + m] (16^(k*S) B), evaluated by
     * Horner over m, so 4*(S-1) doublings and 64 mixed additions. The
     * first entry is taken as the starting point instead of being added to
     * the identity, and the addition before each run of doublings stops at
     * p2 (the doublings do not read T: 3 products instead of 4). Loop
     * positions are public. */
    for (m = BASE_SPACING - 1; m >= 0; m--) {
        for (k = 0; k < PICOPSA_ED25519_BASE_TABLES; k++) {
            uint32_t negative = select_niels(&t, ge25519_base_comb[k], e[k * BASE_SPACING + m]);
            if (m == BASE_SPACING - 1 && k == 0) {
                niels_to_p1p1(&r, &t);
            } else {
                p3_madd(&r, h, &t);
                /* Adding (y-x, y+x, -2dxy) instead of (.., .., 2dxy)
                 * exchanges zz - c and zz + c (add_finish): a masked swap. */
                pp_fe25519_cswap(&r.T, &r.Z, negative);
            }
            if (m == 0 || k != PICOPSA_ED25519_BASE_TABLES - 1) {
                p1p1_to_p3(h, &r);
            }
        }
        if (m != 0) {
            for (k = 0; k < 4; k++) {
                p1p1_to_p2(&q, &r);
                p2_dbl(&r, &q);
            }
            p1p1_to_p3(h, &r);
        }
    }
    pp_wipe(e, sizeof(e));
    pp_wipe(&t, sizeof(t));
    pp_wipe(&r, sizeof(r));
    pp_wipe(&q, sizeof(q));
}

/* ---- variable-time double-scalar multiplication (verification) ------- */

/* Scalar recoding for the variable point A (width A_WINDOW) and for B
 * (PICOPSA_ED25519_VERIFY_WINDOW, over the flash table of 2^(W-2) odd
 * multiples). Hosts: width-w NAF digit arrays (HAC 14.7 / Solinas; density
 * 1/(w+1)) with 8 cached multiples of A. MCUs, where verify's stack is
 * budgeted: left-to-right sliding windows of width w-1 produced on the fly
 * (HAC 14.85; the same tables, odd digits 1..2^(w-1)-1, density 1/w), so
 * no 2 x 257-byte digit arrays, and 2 cached multiples of A (256 B less
 * than 4). VARIABLE TIME: public scalars only. */
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
#define A_WINDOW 5
#define VERIFY_DIGIT_ARRAYS 1
#else
#define A_WINDOW 3
#define VERIFY_DIGIT_ARRAYS 0
#endif

#if VERIFY_DIGIT_ARRAYS

/* Width-w NAF of a 256-bit scalar: naf[i] odd in (-2^(w-1), 2^(w-1)) or 0,
 * at most one non-zero digit in any w consecutive positions. */
static void wnaf_vartime(int8_t naf[257], const uint8_t s[32], unsigned w)
{
    unsigned i = 0, carry = 0;
    memset(naf, 0, 257);
    while (i < 257) {
        unsigned bit = i < 256 ? (unsigned)(s[i >> 3] >> (i & 7)) & 1u : 0u;
        unsigned window, j;
        if (bit == carry) {     /* bit + carry is 0 or 2: digit 0 */
            i++;
            continue;
        }
        window = carry;
        for (j = 0; j < w && i + j < 256; j++) {
            window += ((unsigned)(s[(i + j) >> 3] >> ((i + j) & 7)) & 1u) << j;
        }
        if (window & (1u << (w - 1))) {
            naf[i] = (int8_t)((int)window - (1 << w));
            carry = 1;
        } else {
            naf[i] = (int8_t)window;
            carry = 0;
        }
        i += w;
    }
}

#else

static unsigned scalar_bit(const uint8_t s[32], int i)
{
    return (unsigned)(s[i >> 3] >> (i & 7)) & 1u;
}

/* Left-to-right sliding window: at a set bit i with no window open, the
 * window is bits [lo, i] with lo >= i - width + 1 its lowest set bit; its
 * odd value is added when the doubling loop reaches lo. Returns the digit
 * to add at position i (0 for none); *open is the pending position or -1. */
static int sliding_digit(int *open, int *pending, const uint8_t s[32], int i, int width)
{
    int d;
    if (*open < 0 && scalar_bit(s, i)) {
        int lo = i - width + 1, j;
        if (lo < 0) {
            lo = 0;
        }
        while (!scalar_bit(s, lo)) {
            lo++;
        }
        *pending = 0;
        for (j = i; j >= lo; j--) {
            *pending = 2 * *pending + (int)scalar_bit(s, j);
        }
        *open = lo;
    }
    if (*open != i) {
        return 0;
    }
    d = *pending;
    *open = -1;
    return d;
}

#endif

/* t += [digit] P for an odd digit, P's odd multiples cached (A) or in
 * flash (B); u is scratch. */
static void add_cached_digit(ge25519_p1p1 *t, ge25519_p3 *u, const ge25519_cached *odd, int digit)
{
    p1p1_to_p3(u, t);
    p3_add_sub(t, u, &odd[(digit < 0 ? -digit : digit) / 2], digit < 0);
}

static void add_base_digit(ge25519_p1p1 *t, ge25519_p3 *u, int digit)
{
    p1p1_to_p3(u, t);
    p3_madd_sub(t, u, &ge25519_base_odd[(digit < 0 ? -digit : digit) / 2], digit < 0);
}

void pp_ge25519_double_scalarmult_vartime(ge25519_p2 *r, const uint8_t a[32],
                                       const ge25519_p3 *A, const uint8_t b[32])
{
#if VERIFY_DIGIT_ARRAYS
    int8_t naf_a[257], naf_b[257];
#else
    int open_a = -1, open_b = -1, pending_a = 0, pending_b = 0;
#endif
    ge25519_cached a_odd[1 << (A_WINDOW - 2)];
    ge25519_p1p1 t;
    ge25519_p3 u;
    int i;

    /* A, 3A, 5A, ...: a_odd[i] = a_odd[i - 1] + 2A, with 2A parked in the
     * last slot until that slot is written last. */
    p3_to_cached(&a_odd[0], A);
    if ((1 << (A_WINDOW - 2)) > 1) {
        const int last = (1 << (A_WINDOW - 2)) - 1;
        p3_dbl(&t, A);
        p1p1_to_p3(&u, &t);
        p3_to_cached(&a_odd[last], &u);
        u = *A;
        for (i = 1; i <= last; i++) {
            p3_add_sub(&t, &u, &a_odd[last], 0);
            p1p1_to_p3(&u, &t);
            p3_to_cached(&a_odd[i], &u);
        }
    }

    /* A is not read again: r may alias it. */
    pp_fe25519_0(&r->X);
    pp_fe25519_1(&r->Y);
    pp_fe25519_1(&r->Z);
#if VERIFY_DIGIT_ARRAYS
    wnaf_vartime(naf_a, a, A_WINDOW);
    wnaf_vartime(naf_b, b, PICOPSA_ED25519_VERIFY_WINDOW);
    for (i = 256; i >= 0 && naf_a[i] == 0 && naf_b[i] == 0; i--) {
    }
    for (; i >= 0; i--) {
        p2_dbl(&t, r);
        if (naf_a[i] != 0) {
            add_cached_digit(&t, &u, a_odd, naf_a[i]);
        }
        if (naf_b[i] != 0) {
            add_base_digit(&t, &u, naf_b[i]);
        }
        p1p1_to_p2(r, &t);
    }
#else
    for (i = 255; i >= 0 && !scalar_bit(a, i) && !scalar_bit(b, i); i--) {
    }
    for (; i >= 0; i--) {
        const int digit_a = sliding_digit(&open_a, &pending_a, a, i, A_WINDOW - 1);
        const int digit_b = sliding_digit(&open_b, &pending_b, b, i, PICOPSA_ED25519_VERIFY_WINDOW - 1);
        p2_dbl(&t, r);
        if (digit_a != 0) {
            add_cached_digit(&t, &u, a_odd, digit_a);
        }
        if (digit_b != 0) {
            add_base_digit(&t, &u, digit_b);
        }
        p1p1_to_p2(r, &t);
    }
#endif
}
