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
 */
#include <string.h>

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

static const pp_p256_fe P256_P = {{PP_P256_L(0xffffffff, 0xffffffff), PP_P256_L(0x00000000, 0xffffffff),
                                   PP_P256_L(0x00000000, 0x00000000), PP_P256_L(0xffffffff, 0x00000001)}};
static const pp_p256_fe P256_N = {{PP_P256_L(0xf3b9cac2, 0xfc632551), PP_P256_L(0xbce6faad, 0xa7179e84),
                                   PP_P256_L(0xffffffff, 0xffffffff), PP_P256_L(0xffffffff, 0x00000000)}};
/* 2^512 mod p and mod n: a Montgomery multiplication by them enters the domain. */
static const pp_p256_fe P256_R2P = {{PP_P256_L(0x00000000, 0x00000003), PP_P256_L(0xfffffffb, 0xffffffff),
                                     PP_P256_L(0xffffffff, 0xfffffffe), PP_P256_L(0x00000004, 0xfffffffd)}};
static const pp_p256_fe P256_R2N = {{PP_P256_L(0x83244c95, 0xbe79eea2), PP_P256_L(0x4699799c, 0x49bd6fa6),
                                     PP_P256_L(0x2845b239, 0x2b6bec59), PP_P256_L(0x66e12d94, 0xf3d95620)}};
/* The exponents of Fermat inversion (public constants). */
static const pp_p256_fe P256_P_MINUS_2 = {{PP_P256_L(0xffffffff, 0xfffffffd), PP_P256_L(0x00000000, 0xffffffff),
                                           PP_P256_L(0x00000000, 0x00000000), PP_P256_L(0xffffffff, 0x00000001)}};
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
    for (i = 0; i < NL; i++) {
        pp_p256_dlimb x = (pp_p256_dlimb)t[i] - m[i] - borrow;
        d[i] = (pp_p256_limb)x;
        borrow = (pp_p256_limb)(x >> LB) & 1u;
    }
    /* Take the difference when it did not borrow or a carry bit exists. */
    mask = LIMB_BARRIER((pp_p256_limb)0 - ((hi | (borrow ^ 1u)) & 1u));
    for (i = 0; i < NL; i++) {
        r[i] = t[i] ^ (mask & (t[i] ^ d[i]));
    }
}

/* hi:lo = a * b + lo + hi (never overflows). With PICOPSA_P256_UMAAL
 * (Cortex-M4/M7/M33 with the DSP extension, 32-bit limbs) one UMAAL
 * instruction; else portable C. */
#if PICOPSA_P256_UMAAL
#define MUL_ADD2(lo, hi, a, b) __asm__("umaal %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(a), "r"(b))
#else
#define MUL_ADD2(lo, hi, a, b)                                  \
    do {                                                        \
        pp_p256_dlimb p_ = (pp_p256_dlimb)(a) * (b) + (lo) + (hi); \
        (lo) = (pp_p256_limb)p_;                                \
        (hi) = (pp_p256_limb)(p_ >> LB);                        \
    } while (0)
#endif

/* r = a * b * 2^-256 mod m (CIOS); a * b < m * 2^256. */
static inline void mont_mul(pp_p256_limb r[NL], const pp_p256_limb a[NL], const pp_p256_limb b[NL],
                            const pp_p256_limb m[NL], pp_p256_limb minv)
{
    pp_p256_limb t[NL + 1];
    pp_p256_limb top, carry, q, lo;
    pp_p256_dlimb uv;
    int i, j;
    for (j = 0; j <= NL; j++) {
        t[j] = 0;
    }
    for (i = 0; i < NL; i++) {
        pp_p256_limb bi = b[i];
        carry = 0;
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

static void mod_add(pp_p256_limb r[NL], const pp_p256_limb a[NL], const pp_p256_limb b[NL],
                    const pp_p256_limb m[NL])
{
    pp_p256_limb t[NL];
    pp_p256_limb carry = 0;
    int i;
    for (i = 0; i < NL; i++) {
        pp_p256_dlimb x = (pp_p256_dlimb)a[i] + b[i] + carry;
        t[i] = (pp_p256_limb)x;
        carry = (pp_p256_limb)(x >> LB);
    }
    final_sub(r, t, carry, m);
}

static void mod_sub(pp_p256_limb r[NL], const pp_p256_limb a[NL], const pp_p256_limb b[NL],
                    const pp_p256_limb m[NL])
{
    pp_p256_limb t[NL];
    pp_p256_limb borrow = 0, carry = 0, mask;
    int i;
    for (i = 0; i < NL; i++) {
        pp_p256_dlimb x = (pp_p256_dlimb)a[i] - b[i] - borrow;
        t[i] = (pp_p256_limb)x;
        borrow = (pp_p256_limb)(x >> LB) & 1u;
    }
    /* A borrow means a < b: add m back (under a mask). */
    mask = LIMB_BARRIER((pp_p256_limb)0 - borrow);
    for (i = 0; i < NL; i++) {
        pp_p256_dlimb x = (pp_p256_dlimb)t[i] + (m[i] & mask) + carry;
        r[i] = (pp_p256_limb)x;
        carry = (pp_p256_limb)(x >> LB);
    }
}

/* r = a^e in the Montgomery domain of m; e public with its top bit (255)
 * set, so the scan starts from a. */
static void mont_pow(pp_p256_limb r[NL], const pp_p256_limb a[NL], const pp_p256_fe *e,
                     const pp_p256_limb m[NL], pp_p256_limb minv)
{
    pp_p256_limb acc[NL];
    int i;
    memcpy(acc, a, sizeof(acc));
    for (i = 254; i >= 0; i--) {
        mont_mul(acc, acc, acc, m, minv);
        if (pp_p256_sc_bit(e, (unsigned)i) != 0) {   /* public exponent bit */
            mont_mul(acc, acc, a, m, minv);
        }
    }
    memcpy(r, acc, sizeof(acc));
    pp_wipe(acc, sizeof(acc));
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
/* 64-bit limbs: the 512-bit product by rows (operand scanning),
 * then four Montgomery rounds written out for p's limbs
 * (2^64 - 1, 2^32 - 1, 0, 2^64 - 2^32 + 1): with q = t[i] (p' = 1),
 * t[i] + q (2^64 - 1) is q 2^64, so each round costs one multiplication
 * (by the top limb) plus a shift, instead of four. */
#define P256_P3 ((uint64_t)0xffffffff00000001u)
static void fe_mul64(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t t[9], top = 0;
    int i, j;
    /* Operand scanning: row i adds a * b[i] at limb i (one carry word). */
    for (j = 0; j < 9; j++) {
        t[j] = 0;
    }
    for (i = 0; i < 4; i++) {
        uint64_t carry = 0, bi = b[i];
        for (j = 0; j < 4; j++) {
            pp_p256_dlimb x = (pp_p256_dlimb)a[j] * bi + t[i + j] + carry;
            t[i + j] = (uint64_t)x;
            carry = (uint64_t)(x >> 64);
        }
        t[i + 4] = carry;
    }
    for (i = 0; i < 4; i++) {
        uint64_t q = t[i];
        pp_p256_dlimb x = ((pp_p256_dlimb)q << 32) + t[i + 1];   /* q (2^64-1) + t[i] = q 2^64 */
        t[i + 1] = (uint64_t)x;
        x = (pp_p256_dlimb)t[i + 2] + (uint64_t)(x >> 64);
        t[i + 2] = (uint64_t)x;
        x = (pp_p256_dlimb)q * P256_P3 + t[i + 3] + (uint64_t)(x >> 64);
        t[i + 3] = (uint64_t)x;
        x >>= 64;
        for (j = i + 4; j < 8; j++) {
            x += t[j];
            t[j] = (uint64_t)x;
            x >>= 64;
        }
        top += (uint64_t)x;
    }
    final_sub(r, t + 4, top, P256_P.v);
}
#endif

void pp_p256_fe_mul(pp_p256_fe *r, const pp_p256_fe *a, const pp_p256_fe *b)
{
#if PICOPSA_P256_LIMB_BITS == 64
    fe_mul64(r->v, a->v, b->v);
#else
    mont_mul(r->v, a->v, b->v, P256_P.v, 1u);
#endif
}

void pp_p256_fe_sqr(pp_p256_fe *r, const pp_p256_fe *a)
{
    pp_p256_fe_mul(r, a, a);
}

void pp_p256_fe_add(pp_p256_fe *r, const pp_p256_fe *a, const pp_p256_fe *b)
{
    mod_add(r->v, a->v, b->v, P256_P.v);
}

void pp_p256_fe_sub(pp_p256_fe *r, const pp_p256_fe *a, const pp_p256_fe *b)
{
    mod_sub(r->v, a->v, b->v, P256_P.v);
}

void pp_p256_fe_inv(pp_p256_fe *r, const pp_p256_fe *a)
{
#if PICOPSA_P256_LIMB_BITS == 64
    /* a^(p-2) through the written-out field multiplication. */
    pp_p256_fe acc = *a;
    int i;
    for (i = 254; i >= 0; i--) {
        pp_p256_fe_sqr(&acc, &acc);
        if (pp_p256_sc_bit(&P256_P_MINUS_2, (unsigned)i) != 0) {   /* public exponent bit */
            pp_p256_fe_mul(&acc, &acc, a);
        }
    }
    *r = acc;
    pp_wipe(&acc, sizeof(acc));
#else
    mont_pow(r->v, a->v, &P256_P_MINUS_2, P256_P.v, 1u);
#endif
}

void pp_p256_fe_to_mont(pp_p256_fe *r, const pp_p256_fe *a)
{
    mont_mul(r->v, a->v, P256_R2P.v, P256_P.v, 1u);
}

void pp_p256_fe_from_mont(pp_p256_fe *r, const pp_p256_fe *a)
{
    mont_mul(r->v, a->v, P256_PLAIN_ONE.v, P256_P.v, 1u);
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

uint32_t pp_p256_fe_is_zero(const pp_p256_fe *a)
{
    return zero_mask(a->v);
}

uint32_t pp_p256_fe_eq(const pp_p256_fe *a, const pp_p256_fe *b)
{
    pp_p256_limb d[NL];
    int i;
    for (i = 0; i < NL; i++) {
        d[i] = a->v[i] ^ b->v[i];
    }
    return zero_mask(d);
}

void pp_p256_fe_cmov(pp_p256_fe *r, const pp_p256_fe *a, uint32_t mask)
{
    pp_p256_limb m = LIMB_BARRIER((pp_p256_limb)0 - (pp_p256_limb)(mask & 1u));
    int i;
    for (i = 0; i < NL; i++) {
        r->v[i] ^= m & (r->v[i] ^ a->v[i]);
    }
}

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
    mont_mul(t, a->v, b->v, P256_N.v, N_PRIME);      /* a b 2^-256 */
    mont_mul(r->v, t, P256_R2N.v, P256_N.v, N_PRIME); /* a b */
    pp_wipe(t, sizeof(t));
}

void pp_p256_sc_add(pp_p256_sc *r, const pp_p256_sc *a, const pp_p256_sc *b)
{
    mod_add(r->v, a->v, b->v, P256_N.v);
}

void pp_p256_sc_inv(pp_p256_sc *r, const pp_p256_sc *a)
{
    pp_p256_limb t[NL];
    mont_mul(t, a->v, P256_R2N.v, P256_N.v, N_PRIME);        /* a 2^256 */
    mont_pow(t, t, &P256_N_MINUS_2, P256_N.v, N_PRIME);      /* a^-1 2^256 */
    mont_mul(r->v, t, P256_PLAIN_ONE.v, P256_N.v, N_PRIME);  /* a^-1 */
    pp_wipe(t, sizeof(t));
}

void pp_p256_sc_from_fe_value(pp_p256_sc *r, const pp_p256_fe *plain)
{
    final_sub(r->v, plain->v, 0, P256_N.v);   /* p < 2n */
}

#endif /* PSA_WANT_ECC_SECP_R1_256 */
