/*
 * p256_point.c -- P-256 group law and scalar multiplication (contract in
 * p256_point.h).
 *
 * Addition is the complete projective formula of Renes, Costello and
 * Batina, "Complete addition formulas for prime order elliptic curves"
 * (EUROCRYPT 2016), algorithm 4 (12M + 2 m_b) for a = -3, written out
 * step by step (the comb's affine entries: its mixed form); doubling the projective tangent formula (7M + 3S, see
 * pp_p256_point_dbl), whose one exceptional input, the identity, is
 * handled by a mask.
 *
 * Fixed base (key generation, signing): one Lim-Lee comb of
 * h = PICOPSA_P256_COMB_TEETH teeth and spacing s = ceil(256/h)
 * (p256_tables.h): s doublings and s additions, each addition of a table
 * entry selected by a full scan with masks; with 64-bit limbs and h = 8
 * (PP_P256_COMB2) two tables, s/2 doublings and s additions. Variable base (ECDH): signed
 * 4-bit digits in [-8, 8] (Booth recoding without a branch) over a table
 * of 0..8 P, 4 doublings and one masked-scan addition (with a masked
 * negation) per digit: half the table, and stack, of unsigned windows.
 * Verification: u2*Q by a width-5 NAF (odd multiples Q..15Q) and u1*G by
 * the comb share one chain of 256 doublings; zero digits are skipped
 * (public scalars: variable time is allowed there and only there),
 * and the group law is the faster Jacobian one, its exceptional cases
 * branched on (public points).
 */
#include <string.h>

#include "common/pp_util.h"
#include "p256/p256_point.h"
#if PP_P256_X86
#include <immintrin.h>

#include "common/pp_cpu_x86.h"
#endif
/* Hosts with the 8-tooth comb (64-bit limbs): the two-table comb. */
#if PICOPSA_P256_LIMB_BITS == 64 && PICOPSA_P256_COMB_TEETH == 8
#define PP_P256_COMB2 1
#else
#define PP_P256_COMB2 0
#endif
#include "p256/p256_tables.h"

#if PSA_WANT_ECC_SECP_R1_256

#if PICOPSA_P256_COMB_TEETH < 4 || PICOPSA_P256_COMB_TEETH > 8
#error "PICOPSA_P256_COMB_TEETH must be 4..8"
#endif

#define COMB_ENTRIES ((1u << PICOPSA_P256_COMB_TEETH) - 1u)
#define fe_mul pp_p256_fe_mul
#define fe_add pp_p256_fe_add
#define fe_sub pp_p256_fe_sub

#define fe_sqr pp_p256_fe_sqr

/* The group law (RCB addition, tangent doubling, Jacobian verification
 * formulas): one template for P-256 and P-384, this file's copy over
 * P-256's field. */
#define ECC_FE pp_p256_fe
#define ECC_POINT pp_p256_point
#define ECC_FE_IS_ZERO pp_p256_fe_is_zero
#define ECC_FE_CMOV pp_p256_fe_cmov
#define ECC_FE_ONE pp_p256_fe_one
#define ECC_B_MONT p256_b_mont
#define ECC_POINT_DBL pp_p256_point_dbl
#if PICOPSA_P256_UMAAL
#define ECC_FE_TRIPLE pp_p256_fe_tri
#endif
#include "ecc/ecc_a3_group.h"

void pp_p256_point_add(pp_p256_point *r, const pp_p256_point *p, const pp_p256_point *q)
{
    point_add(r, p, q, 0);
}

/* pp_p256_point_dbl: the tangent doubling of ecc/ecc_a3_group.h. */

static void set_identity(pp_p256_point *r)
{
    memset(r, 0, sizeof(*r));
    r->y = pp_p256_fe_one;
}

#if PICOPSA_P256_UMAAL
/* out = entry idx (0-based; none, so all zero, when idx >= n, e.g. -1) of
 * a table of n entries of stride bytes (a multiple of 16: the comb's
 * 64-byte affine points, ECDH's 96-byte projective ones) on ARMv7E-M:
 * stride / 16 passes (a loop) over the table, a 16-byte quarter of each
 * entry per pass (four accumulators, one LDM), each entry added in times
 * a bit that is 1 for the wanted entry alone (entry address == wanted
 * address), made without a branch: eor, clz (32 only for a zero
 * difference), lsr 5; one UMLAL per word (acc += bit * word, the high
 * halves into a scratch register: one entry at most is added, so the low
 * words never carry) instead of an and and an orr. CLZ and UMLAL take one
 * cycle whatever their operands on ARMv7E-M (Cortex-M4 TRM 3.3.1). Every
 * entry is read in every pass; the only branches are the loops', on
 * public addresses. About 17 cycles per 16 bytes of entry (21 with the
 * and/orr masks, 76 a coordinate with fe_cmov).
 * r0 = out (stride bytes), r1 = table, r2 = n >= 1, r3 = idx,
 * [sp] = stride. */
void pp_p256_scan_m4(uint32_t *out, const void *table, uint32_t n, uint32_t idx, uint32_t stride);
__asm__(
    ".section .text.pp_p256_scan_m4,\"ax\",%progbits\n\t"
    ".syntax unified\n\t"
    ".thumb\n\t"
    ".p2align 2\n\t"
    ".global pp_p256_scan_m4\n\t"
    ".hidden pp_p256_scan_m4\n\t"
    ".type pp_p256_scan_m4, %function\n\t"
    ".thumb_func\n"
    "pp_p256_scan_m4:\n\t"
    "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n\t"
    "ldr lr, [sp, #36]\n\t"
    "mul r2, r2, lr\n\t"
    "mul r3, r3, lr\n\t"
    "add r4, r0, lr\n\t"
    "push {r0, r2, r3, r4}\n\t"
    "mov r0, r1\n\t"
    "2:\n\t"
    "ldr r2, [sp, #8]\n\t"
    "add r2, r2, r0\n\t"
    "ldr r1, [sp, #4]\n\t"
    "add r1, r1, r0\n\t"
    "movs r4, #0\n\t"
    "movs r5, #0\n\t"
    "movs r6, #0\n\t"
    "movs r7, #0\n\t"
    "1:\n\t"
    "eor r3, r0, r2\n\t"
    "clz r3, r3\n\t"
    "lsr r3, r3, #5\n\t"
    "ldm r0, {r8, r9, r10, r11}\n\t"
    "add r0, r0, lr\n\t"
    "umlal r4, r12, r3, r8\n\t"
    "umlal r5, r12, r3, r9\n\t"
    "umlal r6, r12, r3, r10\n\t"
    "umlal r7, r12, r3, r11\n\t"
    "cmp r0, r1\n\t"
    "bne 1b\n\t"
    "ldr r3, [sp, #0]\n\t"
    "stm r3!, {r4, r5, r6, r7}\n\t"
    "str r3, [sp, #0]\n\t"
    "ldr r2, [sp, #4]\n\t"
    "sub r0, r0, r2\n\t"
    "add r0, r0, #16\n\t"
    "ldr r1, [sp, #12]\n\t"
    "cmp r3, r1\n\t"
    "bne 2b\n\t"
    "add sp, sp, #16\n\t"
    "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n\t"
    ".size pp_p256_scan_m4, .-pp_p256_scan_m4\n\t"
    ".text\n");
#endif

#if PP_P256_X86
/* x86-64 comb scans: r->x, r->y = entry d (0-based d - 1; none for d = 0)
 * as the OR of every entry under a mask made by a vector compare of the
 * entry number with d broadcast to every 32-bit lane (PCMPEQD: all lanes
 * equal or none, no branch, no scalar mask), the 64-byte accumulator in
 * registers: four SSE2 (baseline x86-64) or two AVX2 ones. gcc kept the
 * portable C version's accumulator in memory, a load-OR-store chain per
 * 16 bytes of each of the 255 entries (a quarter of keygen's time).
 * Unoptimised builds keep the accumulators in the frame: cleared after. */
static void comb_scan_sse2(pp_p256_point *r, const pp_p256_affine *table, uint32_t d)
{
    __m128i a0 = _mm_setzero_si128(), a1 = a0, a2 = a0, a3 = a0;
    __m128i want = _mm_set1_epi32((int)d), cnt = _mm_set1_epi32(1), one = cnt;
    const __m128i *e = (const __m128i *)(const void *)table;
    uint32_t j;
    for (j = 0; j < COMB_ENTRIES; j++, e += 4) {
        __m128i m = _mm_cmpeq_epi32(cnt, want);
        a0 = _mm_or_si128(a0, _mm_and_si128(m, _mm_loadu_si128(e)));
        a1 = _mm_or_si128(a1, _mm_and_si128(m, _mm_loadu_si128(e + 1)));
        a2 = _mm_or_si128(a2, _mm_and_si128(m, _mm_loadu_si128(e + 2)));
        a3 = _mm_or_si128(a3, _mm_and_si128(m, _mm_loadu_si128(e + 3)));
        cnt = _mm_add_epi32(cnt, one);
    }
    _mm_storeu_si128((__m128i *)(void *)r->x.v, a0);
    _mm_storeu_si128((__m128i *)(void *)(r->x.v + 2), a1);
    _mm_storeu_si128((__m128i *)(void *)r->y.v, a2);
    _mm_storeu_si128((__m128i *)(void *)(r->y.v + 2), a3);
    a0 = a1 = a2 = a3 = want = _mm_setzero_si128();
    (void)a0;
    (void)a1;
    (void)a2;
    (void)a3;
    (void)want;
}

__attribute__((target("avx2"))) static void comb_scan_avx2(pp_p256_point *r, const pp_p256_affine *table, uint32_t d)
{
    __m256i a0 = _mm256_setzero_si256(), a1 = a0;
    __m256i want = _mm256_set1_epi32((int)d), cnt = _mm256_set1_epi32(1), one = cnt;
    const __m256i *e = (const __m256i *)(const void *)table;
    uint32_t j;
    for (j = 0; j < COMB_ENTRIES; j++, e += 2) {
        __m256i m = _mm256_cmpeq_epi32(cnt, want);
        a0 = _mm256_or_si256(a0, _mm256_and_si256(m, _mm256_loadu_si256(e)));
        a1 = _mm256_or_si256(a1, _mm256_and_si256(m, _mm256_loadu_si256(e + 1)));
        cnt = _mm256_add_epi32(cnt, one);
    }
    _mm256_storeu_si256((__m256i *)(void *)r->x.v, a0);
    _mm256_storeu_si256((__m256i *)(void *)r->y.v, a1);
    a0 = a1 = want = _mm256_setzero_si256();
    (void)a0;
    (void)a1;
    (void)want;
}

/* AVX2 with the OS's YMM state (pp_x86_features), once per process (the
 * relaxed-atomic cache of the field kernel's choice), or by the build. */
static int comb_avx2_cache; /* 0: not yet; 1: SSE2; 2: AVX2 */

static int comb_avx2(void)
{
#ifdef __AVX2__
    return 1;
#else
    int c = __atomic_load_n(&comb_avx2_cache, __ATOMIC_RELAXED);
    if (c == 0) {
        c = (pp_x86_features() & PP_X86_AVX2) != 0 ? 2 : 1;
        __atomic_store_n(&comb_avx2_cache, c, __ATOMIC_RELAXED);
    }
    return c == 2;
#endif
}

int pp_p256_comb_scan_force_sse2(int on)
{
    __atomic_store_n(&comb_avx2_cache, on ? 1 : 0, __ATOMIC_RELAXED);
    return comb_avx2() == 0;
}
#endif

/* r = entry d of a comb table (d = 0: the identity), every entry read. */
static void comb_select_from(pp_p256_point *r, const pp_p256_affine *table, uint32_t d)
{
    uint32_t j;
#if PP_P256_X86
    if (comb_avx2()) {
        comb_scan_avx2(r, table, d);
    } else {
        comb_scan_sse2(r, table, d);
    }
    (void)j;
    memset(&r->z, 0, sizeof(r->z));
    /* d = 0: y = 1 (the identity (0 : 1 : 0)); else Z = 1 below. */
    pp_p256_fe_cmov(&r->y, &pp_p256_fe_one, pp_ct_barrier_u32(pp_ct_mask_zero_u32(d)));
#elif PICOPSA_P256_LIMB_BITS == 64
    /* Hosts: OR of every entry under its mask (exactly one mask is set,
     * none for d = 0), one pass over the 255-entry table without the
     * per-coordinate calls; the compiler vectorises it. */
    uint64_t acc[2 * PP_P256_LIMBS];
    unsigned k;
    memset(acc, 0, sizeof(acc));
    for (j = 1; j <= COMB_ENTRIES; j++) {
        uint64_t m = pp_ct_barrier_u64((uint64_t)0 - (uint64_t)(pp_ct_mask_eq_u32(d, j) & 1u));
        const pp_p256_affine *e = &table[j - 1u];
        for (k = 0; k < PP_P256_LIMBS; k++) {
            acc[k] |= e->x.v[k] & m;
            acc[PP_P256_LIMBS + k] |= e->y.v[k] & m;
        }
    }
    memcpy(r->x.v, acc, sizeof(r->x.v));
    memcpy(r->y.v, acc + PP_P256_LIMBS, sizeof(r->y.v));
    memset(&r->z, 0, sizeof(r->z));
    /* d = 0: y = 1 (the identity (0 : 1 : 0)); else Z = 1. */
    pp_p256_fe_cmov(&r->y, &pp_p256_fe_one, pp_ct_barrier_u32(pp_ct_mask_zero_u32(d)));
    pp_wipe(acc, sizeof(acc));
#elif PICOPSA_P256_UMAAL
    /* x, y (contiguous, the entry's 64 bytes) straight into r: all zero
     * for d = 0; then y |= 1 and Z = 0 for d = 0, Z = 1 otherwise, by
     * masks (no staging buffer, copies, wipe or cmov calls: about 420
     * cycles a comb digit less on the Cortex-M4 model). */
    uint32_t nz = pp_ct_barrier_u32(pp_ct_mask_nonzero_u32(d));
    pp_p256_scan_m4(r->x.v, table, COMB_ENTRIES, d - 1u, (uint32_t)sizeof(pp_p256_affine));
    for (j = 0; j < 8u; j++) {
        r->y.v[j] |= pp_p256_fe_one.v[j] & ~nz;
        r->z.v[j] = pp_p256_fe_one.v[j] & nz;
    }
    return;
#else
    set_identity(r);
    for (j = 1; j <= COMB_ENTRIES; j++) {
        uint32_t m = pp_ct_barrier_u32(pp_ct_mask_eq_u32(d, j));
        pp_p256_fe_cmov(&r->x, &table[j - 1u].x, m);
        pp_p256_fe_cmov(&r->y, &table[j - 1u].y, m);
    }
#endif
    /* Z = 1 for an entry, 0 for the identity (d = 0): one move, not one per entry. */
    pp_p256_fe_cmov(&r->z, &pp_p256_fe_one, pp_ct_barrier_u32(pp_ct_mask_nonzero_u32(d)));
}

/* r = entry d of the comb (ecc/ecc_a3_mul.h's scan). */
static void comb_select(pp_p256_point *r, uint32_t d)
{
    comb_select_from(r, p256_comb, d);
}

/* comb_digit, pp_p256_mul_base (the comb) and wnaf5 (verification's
 * recoding): ecc/ecc_a3_mul.h over this curve. */
#define ECC_SC pp_p256_sc
#define ECC_SC_BIT pp_p256_sc_bit
#define ECC_SC_TO_BYTES pp_p256_sc_to_bytes
#define ECC_BITS 256u
#define ECC_WORDS 8
#define ECC_COMB_TEETH PICOPSA_P256_COMB_TEETH
#define ECC_COMB_SPACING P256_COMB_SPACING
#if PP_P256_COMB2
#define ECC_MUL_BASE pp_p256_mul_base_comb1
#else
#define ECC_MUL_BASE pp_p256_mul_base
#endif
#include "ecc/ecc_a3_mul.h"

#if PP_P256_COMB2
/* The two-table comb (Lim-Lee; Hankerson, Menezes, Vanstone, "Guide to
 * Elliptic Curve Cryptography" 3.3.2, algorithm 3.45 with two tables):
 * k G = sum over the columns i < s/2 of 2^i (T[d(i)] + T2[d(i + s/2)]),
 * T2 = 2^(s/2) T (p256_comb2): s/2 doublings and s additions, each
 * addition's entry chosen by the full masked scan of its table. */
void pp_p256_mul_base(pp_p256_point *r, const pp_p256_sc *k)
{
    pp_p256_point acc, t;
    uint32_t m, d;
    int i, u;
    set_identity(&acc);
    for (i = P256_COMB_SPACING / 2 - 1; i >= 0; i--) {
        pp_p256_point_dbl(&acc, &acc);
        for (u = 0; u < 2; u++) {
            d = comb_digit(k, (unsigned)(i + u * (P256_COMB_SPACING / 2)));
            comb_select_from(&t, u == 0 ? p256_comb : p256_comb2, d);
            /* mixed addition; a zero digit's sum is discarded by masked moves */
            point_add(&t, &acc, &t, 1);
            m = pp_ct_barrier_u32(pp_ct_mask_nonzero_u32(d));
            pp_p256_fe_cmov(&acc.x, &t.x, m);
            pp_p256_fe_cmov(&acc.y, &t.y, m);
            pp_p256_fe_cmov(&acc.z, &t.z, m);
        }
    }
    *r = acc;
    pp_wipe(&acc, sizeof(acc));
    pp_wipe(&t, sizeof(t));
}
#endif

/* 4-bit window w (0..63) of k. */
static uint32_t nibble(const pp_p256_sc *k, unsigned w)
{
    return (uint32_t)(k->v[(4u * w) / PICOPSA_P256_LIMB_BITS] >>
                      ((4u * w) % PICOPSA_P256_LIMB_BITS)) & 0xfu;
}

/* Signed 4-bit digits of k (Booth recoding, no branch): k = sum of
 * digit[w] 16^w with digit[w] in [-8, 8]; 65 digits (the last is the final
 * carry, 0 or 1). Each digit is stored as magnitude | (sign << 4). */
static void signed_digits(uint8_t digit[65], const pp_p256_sc *k)
{
    uint32_t carry = 0;
    unsigned w;
    for (w = 0; w < 64u; w++) {
        uint32_t v = nibble(k, w) + carry;     /* 0 .. 16 */
        uint32_t neg = (v + 7u) >> 4;          /* 1 when v >= 9: digit v - 16 */
        uint32_t mag = v ^ (pp_ct_barrier_u32(0u - neg) & (v ^ (16u - v)));   /* secret mask */
        digit[w] = (uint8_t)(mag | (neg << 4));
        carry = neg;
    }
    digit[64] = (uint8_t)carry;
}

/* r = table[|d|] negated when d < 0; every entry read (table[0] is the
 * identity, table[j] = j P). */
static void select_signed(pp_p256_point *r, const pp_p256_point table[9], uint32_t d)
{
    pp_p256_fe ny;
    uint32_t mag = d & 0x1fu, j;
    mag &= 0xfu;
#if PICOPSA_P256_UMAAL
    (void)j;
    pp_p256_scan_m4(r->x.v, table, 9u, mag, (uint32_t)sizeof(pp_p256_point));
#else
    *r = table[0];
    for (j = 1; j < 9u; j++) {
        uint32_t m = pp_ct_barrier_u32(pp_ct_mask_eq_u32(mag, j));
        pp_p256_fe_cmov(&r->x, &table[j].x, m);
        pp_p256_fe_cmov(&r->y, &table[j].y, m);
        pp_p256_fe_cmov(&r->z, &table[j].z, m);
    }
#endif
    memset(&ny, 0, sizeof(ny));
    pp_p256_fe_sub(&ny, &ny, &r->y);
    pp_p256_fe_cmov(&r->y, &ny, pp_ct_barrier_u32(0u - ((d >> 4) & 1u)));
}

/* table[j] = j P for j = 0..8 (table[0] the identity). */
static void multiples(pp_p256_point table[9], const pp_p256_point *p)
{
    uint32_t j;
    set_identity(&table[0]);
    table[1] = *p;
    for (j = 2; j < 9u; j++) {
        if ((j & 1u) == 0) {
            pp_p256_point_dbl(&table[j], &table[j / 2u]);
        } else {
            pp_p256_point_add(&table[j], &table[j - 1u], p);
        }
    }
}

void pp_p256_mul(pp_p256_point *r, const pp_p256_sc *k, const pp_p256_point *p)
{
    pp_p256_point table[9], acc, t;
    uint8_t digit[65];
    int w, i;
    multiples(table, p);
    signed_digits(digit, k);
    acc = table[0];
    pp_p256_fe_cmov(&acc.x, &table[1].x, pp_ct_barrier_u32(0u - (uint32_t)digit[64]));
    pp_p256_fe_cmov(&acc.y, &table[1].y, pp_ct_barrier_u32(0u - (uint32_t)digit[64]));
    pp_p256_fe_cmov(&acc.z, &table[1].z, pp_ct_barrier_u32(0u - (uint32_t)digit[64]));
    for (w = 63; w >= 0; w--) {
        for (i = 0; i < 4; i++) {
            pp_p256_point_dbl(&acc, &acc);
        }
        select_signed(&t, table, digit[w]);
        pp_p256_point_add(&acc, &acc, &t);
    }
    *r = acc;
    pp_wipe(table, sizeof(table));
    pp_wipe(&acc, sizeof(acc));
    pp_wipe(&t, sizeof(t));
    pp_wipe(digit, sizeof(digit));
}

/* Verification: jac_dbl and jac_add (ecc/ecc_a3_group.h), Jacobian
 * formulas with branches on their exceptional cases, public data only. */

void pp_p256_mul2_vartime(pp_p256_point *r, const pp_p256_sc *u1, const pp_p256_sc *u2,
                          const pp_p256_point *q)
{
    /* table[j] = (2j + 1) Q (Jacobian), j = 0..7; Q affine (decoded, Z = 1). */
    pp_p256_point table[8], acc, t;
    int8_t naf[257];
    int b, have = 0;
    uint32_t j;
    table[0] = *q;
    jac_dbl(&t, q);
    for (j = 1; j < 8u; j++) {
        jac_add(&table[j], &table[j - 1u], &t, 0);
    }
    wnaf5(naf, u2);
    memset(&acc, 0, sizeof(acc));
    for (b = 256; b >= 0; b--) {
        if (have) {
            jac_dbl(&acc, &acc);
        }
        if (naf[b] != 0) {
            int d = naf[b];
            t = table[(d < 0 ? -d : d) / 2];
            if (d < 0) {
                pp_p256_fe ny;
                memset(&ny, 0, sizeof(ny));
                pp_p256_fe_sub(&t.y, &ny, &t.y);
            }
            jac_add(&acc, &acc, &t, 0);
            have = 1;
        }
        if (b < P256_COMB_SPACING) {
            uint32_t d = comb_digit(u1, (unsigned)b);
            if (d != 0) {
                t.x = p256_comb[d - 1u].x;
                t.y = p256_comb[d - 1u].y;
                t.z = pp_p256_fe_one;
                jac_add(&acc, &acc, &t, 1);
                have = 1;
            }
        }
        have = have && pp_p256_fe_is_zero(&acc.z) == 0;
    }
    /* Jacobian -> projective (X Z : Y : Z^3): same x = X / Z^2, y = Y / Z^3. */
    {
        pp_p256_fe z2;
        fe_sqr(&z2, &acc.z);
        fe_mul(&r->x, &acc.x, &acc.z);
        r->y = acc.y;
        fe_mul(&r->z, &z2, &acc.z);
    }
}

int pp_p256_point_decode(pp_p256_point *r, const uint8_t in[65])
{
    pp_p256_fe lhs, rhs, t;
    uint32_t ok;
    if (in[0] != 0x04) {
        return -1;
    }
    ok = pp_p256_fe_from_bytes(&r->x, in + 1);
    ok &= pp_p256_fe_from_bytes(&r->y, in + 33);
    r->z = pp_p256_fe_one;
    /* y^2 == x^3 - 3x + b */
    pp_p256_fe_sqr(&lhs, &r->y);
    pp_p256_fe_sqr(&rhs, &r->x);
    pp_p256_fe_mul(&rhs, &rhs, &r->x);
    pp_p256_fe_add(&t, &r->x, &r->x);
    pp_p256_fe_add(&t, &t, &r->x);
    pp_p256_fe_sub(&rhs, &rhs, &t);
    pp_p256_fe_add(&rhs, &rhs, &p256_b_mont);
    ok &= pp_p256_fe_eq(&lhs, &rhs);
    return ok == 0xffffffffu ? 0 : -1;
}

uint32_t pp_p256_point_encode_xy(uint8_t x[32], uint8_t *y, const pp_p256_point *p)
{
    pp_p256_fe zi, t;
    uint32_t ok = ~pp_p256_fe_is_zero(&p->z);
    pp_p256_fe_inv(&zi, &p->z);   /* 0 -> 0: the identity encodes as zeros */
    pp_p256_fe_mul(&t, &p->x, &zi);
    pp_p256_fe_to_bytes(x, &t);
    if (y != NULL) {
        pp_p256_fe_mul(&t, &p->y, &zi);
        pp_p256_fe_to_bytes(y, &t);
    }
    pp_wipe(&zi, sizeof(zi));
    pp_wipe(&t, sizeof(t));
    return ok;
}

#endif /* PSA_WANT_ECC_SECP_R1_256 */
