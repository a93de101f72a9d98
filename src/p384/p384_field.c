/*
 * p384_field.c -- Montgomery arithmetic modulo p and n for P-384 (the
 * contract is in p384_field.h).
 *
 * One CIOS Montgomery multiplication (Koc, Acar, Kaliski 1996) serves both
 * moduli, inlined with p's limbs and p' (1 for 32-bit limbs, 2^32 + 1 for
 * 64-bit ones) into the field multiplication and with n and
 * n' = -n^-1 mod 2^w into the scalar one. Every routine runs a fixed
 * number of limb steps; the one data-dependent choice, the final
 * subtraction, is a mask. Squaring is a multiplication (the product
 * scanning of P-256's dedicated squaring is a later speed-up).
 */
#include <string.h>

#include "common/pp_util.h"
#include "p384/p384_field.h"

#if PSA_WANT_ECC_SECP_R1_384

#define NL PP_P384_LIMBS
#define LB PICOPSA_P384_LIMB_BITS
#define NBYTES 48

#if PICOPSA_P384_LIMB_BITS == 64
#define LIMB_BARRIER pp_ct_barrier_u64
#define P_PRIME ((pp_p384_limb)0x0000000100000001u)
#define N_PRIME ((pp_p384_limb)0x6ed46089e88fdc45u)
#else
#define LIMB_BARRIER pp_ct_barrier_u32
#define P_PRIME ((pp_p384_limb)1u)
#define N_PRIME ((pp_p384_limb)0xe88fdc45u)
#endif

/* Hosts (64-bit limbs): unroll the six-step limb loops (gcc -O2 keeps
 * them as loops otherwise); MCUs keep compact -Os loops. */
#if PICOPSA_P384_LIMB_BITS == 64 && defined(__GNUC__)
#define PP_UNROLL _Pragma("GCC unroll 8")
#else
#define PP_UNROLL
#endif
/* The inner (limb) loops of the Montgomery multiplication: unrolled on
 * hosts and, with UMAAL, on ARMv7E-M (one copy of the function there:
 * +~0.5 KB of text for ~2x the multiplication speed). */
#if PICOPSA_P384_UMAAL
#define PP_UNROLL_MUL _Pragma("GCC unroll 12")
#define MONT_MUL_ATTR __attribute__((noinline))
#else
#define PP_UNROLL_MUL PP_UNROLL
#define MONT_MUL_ATTR inline
#endif

static const pp_p384_fe P384_P = {{PP_P384_L(0x00000000, 0xffffffff), PP_P384_L(0xffffffff, 0x00000000),
                                   PP_P384_L(0xffffffff, 0xfffffffe), PP_P384_L(0xffffffff, 0xffffffff),
                                   PP_P384_L(0xffffffff, 0xffffffff), PP_P384_L(0xffffffff, 0xffffffff)}};
static const pp_p384_fe P384_N = {{PP_P384_L(0xecec196a, 0xccc52973), PP_P384_L(0x581a0db2, 0x48b0a77a),
                                   PP_P384_L(0xc7634d81, 0xf4372ddf), PP_P384_L(0xffffffff, 0xffffffff),
                                   PP_P384_L(0xffffffff, 0xffffffff), PP_P384_L(0xffffffff, 0xffffffff)}};
/* 2^768 mod p and mod n: a Montgomery multiplication by them enters the domain. */
static const pp_p384_fe P384_R2P = {{PP_P384_L(0xfffffffe, 0x00000001), PP_P384_L(0x00000002, 0x00000000),
                                     PP_P384_L(0xfffffffe, 0x00000000), PP_P384_L(0x00000002, 0x00000000),
                                     PP_P384_L(0x00000000, 0x00000001), PP_P384_L(0x00000000, 0x00000000)}};
static const pp_p384_fe P384_R2N = {{PP_P384_L(0x2d319b24, 0x19b409a9), PP_P384_L(0xff3d81e5, 0xdf1aa419),
                                     PP_P384_L(0xbc3e483a, 0xfcb82947), PP_P384_L(0xd40d4917, 0x4aab1cc5),
                                     PP_P384_L(0x3fb05b7a, 0x28266895), PP_P384_L(0x0c84ee01, 0x2b39bf21)}};
/* The exponent of Fermat inversion mod n (a public constant). */
static const pp_p384_fe P384_N_MINUS_2 = {{PP_P384_L(0xecec196a, 0xccc52971), PP_P384_L(0x581a0db2, 0x48b0a77a),
                                           PP_P384_L(0xc7634d81, 0xf4372ddf), PP_P384_L(0xffffffff, 0xffffffff),
                                           PP_P384_L(0xffffffff, 0xffffffff), PP_P384_L(0xffffffff, 0xffffffff)}};
static const pp_p384_fe P384_PLAIN_ONE = {{PP_P384_L(0, 1)}};

const pp_p384_fe pp_p384_fe_one = {{PP_P384_L(0xffffffff, 0x00000001), PP_P384_L(0x00000000, 0xffffffff),
                                    PP_P384_L(0x00000000, 0x00000001), PP_P384_L(0x00000000, 0x00000000),
                                    PP_P384_L(0x00000000, 0x00000000), PP_P384_L(0x00000000, 0x00000000)}};

/* r = (hi:t) - m when (hi:t) >= m, else t; (hi:t) < 2m. */
static inline void final_sub(pp_p384_limb r[NL], const pp_p384_limb t[NL], pp_p384_limb hi,
                             const pp_p384_limb m[NL])
{
    pp_p384_limb d[NL];
    pp_p384_limb borrow = 0, mask;
    int i;
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        pp_p384_dlimb x = (pp_p384_dlimb)t[i] - m[i] - borrow;
        d[i] = (pp_p384_limb)x;
        borrow = (pp_p384_limb)(x >> LB) & 1u;
    }
    /* Take the difference when it did not borrow or a carry bit exists. */
    mask = LIMB_BARRIER((pp_p384_limb)0 - ((hi | (borrow ^ 1u)) & 1u));
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        r[i] = t[i] ^ (mask & (t[i] ^ d[i]));
    }
}

#if PICOPSA_P384_UMAAL
/* hi:lo = a * b + lo + hi in one UMAAL (ARMv7E-M: Cortex-M4/M7/M33 with
 * the DSP extension; a fixed-latency instruction, no early termination). */
#define MUL_ADD2(lo, hi, a, b)                                                    \
    __asm__("umaal %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(a), "r"(b))
#else
/* hi:lo = a * b + lo + hi (never overflows). */
#define MUL_ADD2(lo, hi, a, b)                                     \
    do {                                                           \
        pp_p384_dlimb p_ = (pp_p384_dlimb)(a) * (b) + (lo) + (hi); \
        (lo) = (pp_p384_limb)p_;                                   \
        (hi) = (pp_p384_limb)(p_ >> LB);                           \
    } while (0)
#endif

/* r = a * b * 2^-384 mod m (CIOS); a * b < m * 2^384. */
static MONT_MUL_ATTR void mont_mul(pp_p384_limb r[NL], const pp_p384_limb a[NL], const pp_p384_limb b[NL],
                            const pp_p384_limb m[NL], pp_p384_limb minv)
{
    pp_p384_limb t[NL + 1];
    pp_p384_limb top, carry, q, lo;
    pp_p384_dlimb uv;
    int i, j;
    PP_UNROLL
    for (j = 0; j <= NL; j++) {
        t[j] = 0;
    }
    for (i = 0; i < NL; i++) {
        pp_p384_limb bi = b[i];
        carry = 0;
        PP_UNROLL_MUL
        for (j = 0; j < NL; j++) {
            lo = t[j];
            MUL_ADD2(lo, carry, a[j], bi);
            t[j] = lo;
        }
        uv = (pp_p384_dlimb)t[NL] + carry;
        t[NL] = (pp_p384_limb)uv;
        top = (pp_p384_limb)(uv >> LB);
        q = t[0] * minv;
        lo = t[0];
        carry = 0;
        MUL_ADD2(lo, carry, q, m[0]);   /* lo becomes 0 */
        PP_UNROLL_MUL
        for (j = 1; j < NL; j++) {
            lo = t[j];
            MUL_ADD2(lo, carry, q, m[j]);
            t[j - 1] = lo;
        }
        uv = (pp_p384_dlimb)t[NL] + carry;
        t[NL - 1] = (pp_p384_limb)uv;
        t[NL] = top + (pp_p384_limb)(uv >> LB);
    }
    /* t is not wiped (hot path, as P-256's): the callers wipe their
     * secret operands and results; the frame is reused at once. */
    final_sub(r, t, t[NL], m);
}

static void mod_add(pp_p384_limb r[NL], const pp_p384_limb a[NL], const pp_p384_limb b[NL],
                    const pp_p384_limb m[NL])
{
    pp_p384_limb t[NL];
    pp_p384_limb carry = 0;
    int i;
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        pp_p384_dlimb x = (pp_p384_dlimb)a[i] + b[i] + carry;
        t[i] = (pp_p384_limb)x;
        carry = (pp_p384_limb)(x >> LB);
    }
    final_sub(r, t, carry, m);
}

static void mod_sub(pp_p384_limb r[NL], const pp_p384_limb a[NL], const pp_p384_limb b[NL],
                    const pp_p384_limb m[NL])
{
    pp_p384_limb t[NL];
    pp_p384_limb borrow = 0, carry = 0, mask;
    int i;
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        pp_p384_dlimb x = (pp_p384_dlimb)a[i] - b[i] - borrow;
        t[i] = (pp_p384_limb)x;
        borrow = (pp_p384_limb)(x >> LB) & 1u;
    }
    /* A borrow means a < b: add m back (under a mask). */
    mask = LIMB_BARRIER((pp_p384_limb)0 - borrow);
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        pp_p384_dlimb x = (pp_p384_dlimb)t[i] + (m[i] & mask) + carry;
        r[i] = (pp_p384_limb)x;
        carry = (pp_p384_limb)(x >> LB);
    }
}

static void load_be(pp_p384_limb r[NL], const uint8_t in[NBYTES])
{
    int i;
    for (i = 0; i < NL; i++) {
#if PICOPSA_P384_LIMB_BITS == 64
        r[i] = pp_load_be64(in + NBYTES - 8 * (i + 1));
#else
        r[i] = pp_load_be32(in + NBYTES - 4 * (i + 1));
#endif
    }
}

static void store_be(uint8_t out[NBYTES], const pp_p384_limb a[NL])
{
    int i;
    for (i = 0; i < NL; i++) {
#if PICOPSA_P384_LIMB_BITS == 64
        pp_store_be64(out + NBYTES - 8 * (i + 1), a[i]);
#else
        pp_store_be32(out + NBYTES - 4 * (i + 1), a[i]);
#endif
    }
}

/* All-ones (32-bit) when a < m. */
static uint32_t lt_mask(const pp_p384_limb a[NL], const pp_p384_limb m[NL])
{
    pp_p384_limb borrow = 0;
    int i;
    for (i = 0; i < NL; i++) {
        pp_p384_dlimb x = (pp_p384_dlimb)a[i] - m[i] - borrow;
        borrow = (pp_p384_limb)(x >> LB) & 1u;
    }
    return (uint32_t)0 - pp_ct_barrier_u32((uint32_t)borrow);
}

static uint32_t zero_mask(const pp_p384_limb a[NL])
{
    pp_p384_limb acc = 0;
    int i;
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        acc |= a[i];
    }
#if PICOPSA_P384_LIMB_BITS == 64
    return pp_ct_mask_zero_u32(pp_ct_barrier_u32((uint32_t)(acc | (acc >> 32))));
#else
    return pp_ct_mask_zero_u32(pp_ct_barrier_u32(acc));
#endif
}

/* ---- field ----------------------------------------------------------- */

void pp_p384_fe_mul(pp_p384_fe *r, const pp_p384_fe *a, const pp_p384_fe *b)
{
    mont_mul(r->v, a->v, b->v, P384_P.v, P_PRIME);
}

void pp_p384_fe_sqr(pp_p384_fe *r, const pp_p384_fe *a)
{
    mont_mul(r->v, a->v, a->v, P384_P.v, P_PRIME);
}

void pp_p384_fe_add(pp_p384_fe *r, const pp_p384_fe *a, const pp_p384_fe *b)
{
    mod_add(r->v, a->v, b->v, P384_P.v);
}

void pp_p384_fe_sub(pp_p384_fe *r, const pp_p384_fe *a, const pp_p384_fe *b)
{
    mod_sub(r->v, a->v, b->v, P384_P.v);
}

/* r = a squared n times. */
static void fe_sqr_n(pp_p384_fe *r, const pp_p384_fe *a, unsigned n)
{
    unsigned i;
    pp_p384_fe_sqr(r, a);
    for (i = 1; i < n; i++) {
        pp_p384_fe_sqr(r, r);
    }
}

/* a^(p-2) by an addition chain: 383 squarings and 15 multiplications.
 * x_k = a^(2^k - 1). p - 2 is, from the top, 255 ones, a zero, 32 ones,
 * 64 zeros, 30 ones, 0, 1. */
void pp_p384_fe_inv(pp_p384_fe *r, const pp_p384_fe *a)
{
    pp_p384_fe x2, x3, x15, x30, x32, t, u;
    fe_sqr_n(&t, a, 1);
    pp_p384_fe_mul(&x2, &t, a);
    fe_sqr_n(&t, &x2, 1);
    pp_p384_fe_mul(&x3, &t, a);
    fe_sqr_n(&t, &x3, 3);
    pp_p384_fe_mul(&u, &t, &x3);      /* x6 */
    fe_sqr_n(&t, &u, 6);
    pp_p384_fe_mul(&t, &t, &u);       /* x12 */
    fe_sqr_n(&t, &t, 3);
    pp_p384_fe_mul(&x15, &t, &x3);
    fe_sqr_n(&t, &x15, 15);
    pp_p384_fe_mul(&x30, &t, &x15);
    fe_sqr_n(&t, &x30, 2);
    pp_p384_fe_mul(&x32, &t, &x2);
    fe_sqr_n(&t, &x30, 30);
    pp_p384_fe_mul(&u, &t, &x30);     /* x60 */
    fe_sqr_n(&t, &u, 60);
    pp_p384_fe_mul(&u, &t, &u);       /* x120 */
    fe_sqr_n(&t, &u, 120);
    pp_p384_fe_mul(&u, &t, &u);       /* x240 */
    fe_sqr_n(&t, &u, 15);
    pp_p384_fe_mul(&t, &t, &x15);     /* x255: bits 383..129 */
    fe_sqr_n(&t, &t, 33);             /* bit 128 = 0, then 32 bits */
    pp_p384_fe_mul(&t, &t, &x32);     /* bits 127..96 */
    fe_sqr_n(&t, &t, 94);             /* 64 zeros, then 30 bits */
    pp_p384_fe_mul(&t, &t, &x30);     /* bits 31..2 */
    fe_sqr_n(&t, &t, 2);
    pp_p384_fe_mul(r, &t, a);         /* bits 1..0: 01 */
    pp_wipe(&x2, sizeof(x2));
    pp_wipe(&x3, sizeof(x3));
    pp_wipe(&x15, sizeof(x15));
    pp_wipe(&x30, sizeof(x30));
    pp_wipe(&x32, sizeof(x32));
    pp_wipe(&t, sizeof(t));
    pp_wipe(&u, sizeof(u));
}

uint32_t pp_p384_fe_from_bytes(pp_p384_fe *r, const uint8_t in[48])
{
    pp_p384_fe t;
    uint32_t ok;
    load_be(t.v, in);
    ok = lt_mask(t.v, P384_P.v);
    /* a 2^768 2^-384: any a < 2^384 gives a result < p. */
    mont_mul(r->v, t.v, P384_R2P.v, P384_P.v, P_PRIME);
    pp_wipe(&t, sizeof(t));
    return ok;
}

void pp_p384_fe_to_bytes(uint8_t out[48], const pp_p384_fe *a)
{
    pp_p384_fe t;
    mont_mul(t.v, a->v, P384_PLAIN_ONE.v, P384_P.v, P_PRIME);
    store_be(out, t.v);
    pp_wipe(&t, sizeof(t));
}

uint32_t pp_p384_fe_is_zero(const pp_p384_fe *a)
{
    return zero_mask(a->v);
}

uint32_t pp_p384_fe_eq(const pp_p384_fe *a, const pp_p384_fe *b)
{
    pp_p384_limb d[NL];
    int i;
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        d[i] = a->v[i] ^ b->v[i];
    }
    return zero_mask(d);
}

void pp_p384_fe_cmov(pp_p384_fe *r, const pp_p384_fe *a, uint32_t mask)
{
    pp_p384_limb m = LIMB_BARRIER((pp_p384_limb)0 - (pp_p384_limb)(mask & 1u));
    int i;
    PP_UNROLL
    for (i = 0; i < NL; i++) {
        r->v[i] ^= m & (r->v[i] ^ a->v[i]);
    }
}

/* ---- scalars ----------------------------------------------------------- */

uint32_t pp_p384_sc_from_bytes(pp_p384_sc *r, const uint8_t in[48])
{
    load_be(r->v, in);
    return lt_mask(r->v, P384_N.v) & ~zero_mask(r->v);
}

void pp_p384_sc_from_hash(pp_p384_sc *r, const uint8_t *in, size_t len)
{
    uint8_t buf[NBYTES];
    /* bits2int: the leftmost 384 bits (n has 384 bits: whole bytes); a
     * shorter hash is its own value. */
    size_t take = len < NBYTES ? len : NBYTES;
    memset(buf, 0, sizeof(buf));
    if (take != 0) {
        memcpy(buf + NBYTES - take, in, take);
    }
    load_be(r->v, buf);
    final_sub(r->v, r->v, 0, P384_N.v);   /* < 2^384 < 2n */
    pp_wipe(buf, sizeof(buf));
}

void pp_p384_sc_to_bytes(uint8_t out[48], const pp_p384_sc *a)
{
    store_be(out, a->v);
}

void pp_p384_sc_mul(pp_p384_sc *r, const pp_p384_sc *a, const pp_p384_sc *b)
{
    pp_p384_limb t[NL];
    mont_mul(t, a->v, b->v, P384_N.v, N_PRIME);      /* a b 2^-384 */
    mont_mul(r->v, t, P384_R2N.v, P384_N.v, N_PRIME); /* a b */
    pp_wipe(t, sizeof(t));
}

void pp_p384_sc_add(pp_p384_sc *r, const pp_p384_sc *a, const pp_p384_sc *b)
{
    mod_add(r->v, a->v, b->v, P384_N.v);
}

/* a^(n-2) mod n (Montgomery domain in and out of the loop) for the PUBLIC
 * exponent n - 2: sliding windows of up to 5 bits over the odd powers a,
 * a^3, ..., a^31 (the window values, hence the table indices, are the
 * exponent's bits, never the secret a). 383 squarings and 86
 * multiplications (16 for the table) against 380 and 109 with fixed 4-bit
 * windows; the same 16-entry table. P-256's method (src/p256/p256_field.c,
 * mont_pow, there 4-bit windows). */
void pp_p384_sc_inv(pp_p384_sc *r, const pp_p384_sc *a)
{
    pp_p384_limb odd[16][NL], acc[NL];
    int i, l, first = 1;
    unsigned j, w;
    mont_mul(odd[0], a->v, P384_R2N.v, P384_N.v, N_PRIME);       /* a 2^384 */
    mont_mul(acc, odd[0], odd[0], P384_N.v, N_PRIME);            /* a^2 */
    for (j = 1; j < 16u; j++) {
        mont_mul(odd[j], odd[j - 1u], acc, P384_N.v, N_PRIME);   /* a^(2j+1) */
    }
    i = 383;
    while (i >= 0) {
        if (pp_p384_sc_bit(&P384_N_MINUS_2, (unsigned)i) == 0) {   /* public bit */
            mont_mul(acc, acc, acc, P384_N.v, N_PRIME);
            i--;
            continue;
        }
        l = i - 4 < 0 ? 0 : i - 4;
        while (pp_p384_sc_bit(&P384_N_MINUS_2, (unsigned)l) == 0) {
            l++;
        }
        w = 0;
        for (j = (unsigned)i + 1u; j-- > (unsigned)l;) {
            w = (w << 1) | pp_p384_sc_bit(&P384_N_MINUS_2, j);
        }
        if (first) {
            memcpy(acc, odd[w >> 1], sizeof(acc));
            first = 0;
        } else {
            for (j = (unsigned)l; j <= (unsigned)i; j++) {
                mont_mul(acc, acc, acc, P384_N.v, N_PRIME);
            }
            mont_mul(acc, acc, odd[w >> 1], P384_N.v, N_PRIME);
        }
        i = l - 1;
    }
    mont_mul(r->v, acc, P384_PLAIN_ONE.v, P384_N.v, N_PRIME);   /* a^-1 */
    pp_wipe(odd, sizeof(odd));
    pp_wipe(acc, sizeof(acc));
}

void pp_p384_sc_from_fe_bytes(pp_p384_sc *r, const uint8_t x[48])
{
    load_be(r->v, x);
    final_sub(r->v, r->v, 0, P384_N.v);   /* x < p < 2n */
}

#endif /* PSA_WANT_ECC_SECP_R1_384 */
