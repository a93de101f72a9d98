/*
 * fe25519_invert.c -- inversion in GF(2^255 - 19) by the Bernstein-Yang
 * "safegcd" algorithm (D. J. Bernstein, B.-Y. Yang, "Fast constant-time gcd
 * computation and modular inversion", TCHES 2019(3)), for the 5 x 51-bit
 * host field (PICOPSA_FIELD_RADIX51). See fe25519.h for the contract.
 *
 * The gcd of f = p and g = x is computed by "divsteps" on (delta, f, g):
 *   delta > 0 and g odd:  (delta, f, g) <- (1 - delta, g, (g - f) / 2)
 *   g odd otherwise:      (delta, f, g) <- (1 + delta, f, (g + f) / 2)
 *   g even:               (delta, f, g) <- (1 + delta, f, g / 2)
 * started at delta = 1/2 (the "hddivsteps" variant of P. Wuille's
 * safegcd-bounds analysis, which needs at most 590 steps for 256-bit inputs
 * instead of 724; the constant-time form runs exactly 590). We store
 * d = delta - 1/2, an integer:
 * delta > 0 <=> d >= 0, 1 - delta = -d + 1/2, 1 + delta = (d + 1) + 1/2.
 *
 * N steps depend only on the low N bits of f and g (paper sec. 3), so they
 * are done in batches (62 steps, or 59 with T scaled by 2^3) on one 64-bit
 * word each, recording the 2 x 2 matrix T with (f', g') = T (f, g) / 2^62
 * (entries |.| <= 2^62). The
 * full-size f, g (signed radix 2^62) are then updated by T, and so are the
 * Bezout coefficients d, e with f = d x, g = e x (mod p): T (d, e) plus a
 * multiple of p that makes the sum divisible by 2^62 (paper sec. 11), with
 * p = 2^255 - 19 so that adding w p is adding 2^255 w and subtracting 19 w.
 * When g reaches 0, f = +-1 = d x, so 1/x = +-d.
 *
 * pp_fe25519_invert_safegcd runs a fixed number of steps with masks (no
 * branch, no index on the value); pp_fe25519_invert_vartime skips runs of
 * even g with a count of trailing zeros, branches on delta and stops as
 * soon as g = 0: public values only (verification).
 */
#include "curve25519/fe25519.h"

#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51

#include "common/pp_util.h"

/* x86-64 with GNU C: the divstep as CMOV inline assembly (see
 * divsteps_packed); 0 selects the portable mask form, which
 * tests/unit/test_ed25519.c compiles a second time and checks on x86-64
 * hosts too. */
#ifndef PICOPSA_ED25519_SAFEGCD_X86_ASM
#if defined(__x86_64__) && defined(__GNUC__)
#define PICOPSA_ED25519_SAFEGCD_X86_ASM 1
#else
#define PICOPSA_ED25519_SAFEGCD_X86_ASM 0
#endif
#endif

__extension__ typedef __int128 fe_swide;

#define LIMB62_MASK ((((uint64_t)1) << 62) - 1u)

/* Signed radix 2^62: value = sum v[i] 2^(62 i); after a carry pass
 * v[0..3] are in [0, 2^62) and v[4] carries the sign. */
typedef struct {
    int64_t v[5];
} s62;

/* 2^62 times the transition matrix of 62 divsteps:
 * (f', g') = (u f + v g, q f + r g) / 2^62. */
typedef struct {
    int64_t u, v, q, r;
} divstep_matrix;

#define DIVSTEPS_PER_BATCH 62
/* Constant time: 10 x 59 = 590, the hddivsteps bound for inputs below
 * 2^256 (ours are below 2^255). */
#define CT_BATCHES 10

/* p = 2^255 - 19 in radix 2^62, and p^-1 mod 2^62. */
static const s62 modulus = {{(int64_t)(LIMB62_MASK - 18u), (int64_t)LIMB62_MASK,
                             (int64_t)LIMB62_MASK, (int64_t)LIMB62_MASK, 127}};
#define P_INV_MOD_2_62 ((uint64_t)0x39435e50d79435e5u)

/* Canonical value of f (in [0, p)) as radix 2^62. */
static void s62_from_fe(s62 *r, const fe25519 *f)
{
    uint8_t bytes[32];
    uint64_t w0, w1, w2, w3;
    pp_fe25519_tobytes(bytes, f);
    w0 = pp_load_le64(bytes);
    w1 = pp_load_le64(bytes + 8);
    w2 = pp_load_le64(bytes + 16);
    w3 = pp_load_le64(bytes + 24);
    r->v[0] = (int64_t)(w0 & LIMB62_MASK);
    r->v[1] = (int64_t)(((w0 >> 62) | (w1 << 2)) & LIMB62_MASK);
    r->v[2] = (int64_t)(((w1 >> 60) | (w2 << 4)) & LIMB62_MASK);
    r->v[3] = (int64_t)(((w2 >> 58) | (w3 << 6)) & LIMB62_MASK);
    r->v[4] = (int64_t)(w3 >> 56);
    pp_wipe(bytes, sizeof(bytes));
}

/* Arithmetic shift right by 62 of a signed 128-bit value, and the low 62
 * bits as a limb. (gcc and clang shift signed values arithmetically.) */
#define SWIDE_LIMB(x) ((int64_t)((uint64_t)(x) & LIMB62_MASK))

/* Carry pass: limbs 0..3 back into [0, 2^62), the sign in limb 4. */
static void s62_carry(s62 *a)
{
    unsigned i;
    for (i = 0; i < 4; i++) {
        a->v[i + 1] += a->v[i] >> 62;
        a->v[i] &= (int64_t)LIMB62_MASK;
    }
}

/* All-ones when a (carried) is negative, else 0. */
static uint64_t s62_negative_mask(const s62 *a)
{
    return (uint64_t)0 - ((uint64_t)a->v[4] >> 63);
}

/* a += p where mask is all-ones (no carry pass: limbs stay below 2^63). */
static void s62_add_p_masked(s62 *a, uint64_t mask)
{
    unsigned i;
    for (i = 0; i < 5; i++) {
        a->v[i] += (int64_t)((uint64_t)modulus.v[i] & mask);
    }
}

/* h = d * f mod p for f = +-1 and d in (-2p, p), canonical in 51-bit limbs. */
static void finish(fe25519 *h, s62 *d, const s62 *f)
{
    const uint64_t negate = s62_negative_mask(f);
    uint64_t l0, l1, l2, l3, l4;
    unsigned i;
    s62_add_p_masked(d, s62_negative_mask(d));
    s62_carry(d); /* (-p, p) */
    for (i = 0; i < 5; i++) { /* limb-wise negation, then carry */
        d->v[i] = (int64_t)(((uint64_t)d->v[i] ^ negate) - negate);
    }
    s62_carry(d); /* (-p, p) */
    s62_add_p_masked(d, s62_negative_mask(d));
    s62_carry(d); /* [0, p) */
    l0 = (uint64_t)d->v[0];
    l1 = (uint64_t)d->v[1];
    l2 = (uint64_t)d->v[2];
    l3 = (uint64_t)d->v[3];
    l4 = (uint64_t)d->v[4];
    h->v[0] = l0 & FE25519_M51;
    h->v[1] = ((l0 >> 51) | (l1 << 11)) & FE25519_M51;
    h->v[2] = ((l1 >> 40) | (l2 << 22)) & FE25519_M51;
    h->v[3] = ((l2 >> 29) | (l3 << 33)) & FE25519_M51;
    h->v[4] = (l3 >> 18) | (l4 << 44); /* below 2^51: d < p */
}

/* (f, g) <- T (f, g) / 2^62, exact by construction of T. */
static void update_fg(s62 *f, s62 *g, const divstep_matrix *t)
{
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    fe_swide cf = (fe_swide)u * f->v[0] + (fe_swide)v * g->v[0];
    fe_swide cg = (fe_swide)q * f->v[0] + (fe_swide)r * g->v[0];
    unsigned i;
    cf >>= 62;
    cg >>= 62;
    for (i = 1; i < 5; i++) {
        cf += (fe_swide)u * f->v[i] + (fe_swide)v * g->v[i];
        cg += (fe_swide)q * f->v[i] + (fe_swide)r * g->v[i];
        f->v[i - 1] = SWIDE_LIMB(cf);
        g->v[i - 1] = SWIDE_LIMB(cg);
        cf >>= 62;
        cg >>= 62;
    }
    f->v[4] = (int64_t)cf;
    g->v[4] = (int64_t)cg;
}

/* (d, e) <- (T (d, e) - (wd, we) p) / 2^62 with w = T(d, e) p^-1 mod 2^62,
 * so the division is exact and d' = T (d, e) / 2^62 (mod p). Range: with
 * d, e in (-p, p) (a negative one gets p added first), |u| + |v| <= 2^62
 * and w in [0, 2^62), the numerator is in (-2^63 p, 2^62 p), so the
 * results are in (-2p, p) again. -w p = 19 w - 2^255 w: 19 w enters
 * limb 0, -2^7 w limb 4 (2^255 = 2^7 2^248). */
static void update_de(s62 *d, s62 *e, const divstep_matrix *t)
{
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    fe_swide cd, ce;
    uint64_t wd, we;
    unsigned i;

    s62_add_p_masked(d, s62_negative_mask(d));
    s62_add_p_masked(e, s62_negative_mask(e));
    cd = (fe_swide)u * d->v[0] + (fe_swide)v * e->v[0];
    ce = (fe_swide)q * d->v[0] + (fe_swide)r * e->v[0];
    wd = ((uint64_t)cd * P_INV_MOD_2_62) & LIMB62_MASK;
    we = ((uint64_t)ce * P_INV_MOD_2_62) & LIMB62_MASK;
    cd += (fe_swide)19 * wd;
    ce += (fe_swide)19 * we;
    cd >>= 62;
    ce >>= 62;
    for (i = 1; i < 5; i++) {
        cd += (fe_swide)u * d->v[i] + (fe_swide)v * e->v[i];
        ce += (fe_swide)q * d->v[i] + (fe_swide)r * e->v[i];
        if (i == 4) { /* fixed position, not data */
            cd -= (fe_swide)wd * 128;
            ce -= (fe_swide)we * 128;
        }
        d->v[i - 1] = SWIDE_LIMB(cd);
        e->v[i - 1] = SWIDE_LIMB(ce);
        cd >>= 62;
        ce >>= 62;
    }
    d->v[4] = (int64_t)cd;
    e->v[4] = (int64_t)ce;
}

/* n <= 30 divsteps on the low bits of f and g, constant time; returns the
 * new d (= delta - 1/2). Each step: with c = (d >= 0) and odd = (g odd),
 * g += (c ? -f : f) when odd; then when c and odd, f += g (so f becomes
 * the old g, g the old g - f) and d = -d; otherwise d += 1; finally g
 * halves and (u, v) double, which keeps the matrix integral. The two rows
 * of the matrix are packed: uv = u + 2^32 v and qr = q + 2^32 r (mod 2^64).
 * Every row operation (negate, add the other row, double) is linear, so
 * the packed words stay exact, and after n <= 30 steps every entry is
 * below 2^30 in absolute value, so each unpacks from its 32-bit field.
 * That halves the work on the matrix. Arithmetic is modulo 2^64 on
 * uint64_t, masks from the top bit of d and the low bit of g. */
static uint64_t divsteps_packed(uint64_t d, uint64_t f, uint64_t g, unsigned n, int64_t m[4])
{
    uint64_t uv = 1, qr = ((uint64_t)1) << 32;
    unsigned i;
    for (i = 0; i < n; i++) {
#if PICOPSA_ED25519_SAFEGCD_X86_ASM
        /* The same step with CMOV: both outcomes are computed, the sign
         * of d picks one (CMOVNS/CMOVS), then the low bit of g decides
         * whether it is taken (CMOVNZ). No branch, no memory access, and
         * a dependency chain of 4 instructions per step instead of ~6 for
         * the masks. */
        uint64_t g_minus_f, g_plus_f, qr_minus_uv, qr_plus_uv, f_new, uv_new, d_new;
        __asm__("mov %[g], %[gmf]\n\t"
                "sub %[f], %[gmf]\n\t"
                "lea (%[g],%[f]), %[gpf]\n\t"
                "mov %[qr], %[qmu]\n\t"
                "sub %[uv], %[qmu]\n\t"
                "lea (%[qr],%[uv]), %[qpu]\n\t"
                "mov %[f], %[fn]\n\t"
                "mov %[uv], %[uvn]\n\t"
                "mov %[d], %[dn]\n\t"
                "not %[dn]\n\t"
                "test %[d], %[d]\n\t"
                "cmovns %[gmf], %[gpf]\n\t"
                "cmovns %[qmu], %[qpu]\n\t"
                "cmovns %[g], %[fn]\n\t"
                "cmovns %[qr], %[uvn]\n\t"
                "cmovs %[d], %[dn]\n\t"
                "test $1, %[g]\n\t"
                "cmovnz %[gpf], %[g]\n\t"
                "cmovnz %[qpu], %[qr]\n\t"
                "cmovnz %[fn], %[f]\n\t"
                "cmovnz %[uvn], %[uv]\n\t"
                "cmovnz %[dn], %[d]\n\t"
                "shr $1, %[g]\n\t"
                "add %[uv], %[uv]\n\t"
                "add $1, %[d]\n\t"
                : [d] "+r"(d), [f] "+r"(f), [g] "+r"(g), [uv] "+r"(uv), [qr] "+r"(qr),
                  [gmf] "=&r"(g_minus_f), [gpf] "=&r"(g_plus_f), [qmu] "=&r"(qr_minus_uv),
                  [qpu] "=&r"(qr_plus_uv), [fn] "=&r"(f_new), [uvn] "=&r"(uv_new),
                  [dn] "=&r"(d_new)
                :
                : "cc");
#else
        const uint64_t c = (d >> 63) - 1u;      /* all-ones when d >= 0 */
        const uint64_t odd = (uint64_t)0 - (g & 1u);
        const uint64_t swap = c & odd;
        g += ((f ^ c) - c) & odd;
        qr += ((uv ^ c) - c) & odd;
        f += g & swap;
        uv += qr & swap;
        d = (d ^ swap) + 1u; /* swap: ~d + 1 = -d */
        g >>= 1;
        uv <<= 1;
#endif
    }
    /* Low field sign-extended, then the high field of the difference. */
    m[0] = (int64_t)(int32_t)(uint32_t)uv;
    m[1] = ((int64_t)(uv - (uint64_t)m[0])) >> 32;
    m[2] = (int64_t)(int32_t)(uint32_t)qr;
    m[3] = ((int64_t)(qr - (uint64_t)m[2])) >> 32;
    return d;
}

/* 59 constant-time divsteps as 29 + 30 packed ones: the second half runs
 * on the low bits of T1 (f, g) / 2^29 (exact modulo 2^64, 35 valid bits),
 * and T = 2^3 T2 T1 so that, like the 62-step batches, the update divides
 * by 2^62 (entries: 2^3 2^30 2^29 = 2^62). 10 x 59 = 590 steps. */
static uint64_t divsteps_59(uint64_t d, uint64_t f, uint64_t g, divstep_matrix *t)
{
    int64_t a[4], b[4];
    uint64_t f1, g1;
    d = divsteps_packed(d, f, g, 29, a);
    f1 = ((uint64_t)a[0] * f + (uint64_t)a[1] * g) >> 29;
    g1 = ((uint64_t)a[2] * f + (uint64_t)a[3] * g) >> 29;
    d = divsteps_packed(d, f1, g1, 30, b);
    t->u = 8 * (b[0] * a[0] + b[1] * a[2]);
    t->v = 8 * (b[0] * a[1] + b[1] * a[3]);
    t->q = 8 * (b[2] * a[0] + b[3] * a[2]);
    t->r = 8 * (b[2] * a[1] + b[3] * a[3]);
    return d;
}

void pp_fe25519_invert_safegcd(fe25519 *h, const fe25519 *z)
{
    s62 f = modulus, g, d = {{0, 0, 0, 0, 0}}, e = {{1, 0, 0, 0, 0}};
    divstep_matrix t;
    uint64_t delta = 0;
    unsigned i;

    s62_from_fe(&g, z);
    for (i = 0; i < CT_BATCHES; i++) {
        delta = divsteps_59(delta, (uint64_t)f.v[0], (uint64_t)g.v[0], &t);
        update_de(&d, &e, &t);
        update_fg(&f, &g, &t);
    }
    finish(h, &d, &f);
    pp_wipe(&g, sizeof(g));
    pp_wipe(&e, sizeof(e));
    pp_wipe(&d, sizeof(d));
    pp_wipe(&t, sizeof(t));
}

/* ---- variable time: public inputs only ------------------------------- */

static unsigned count_trailing_zeros_vartime(uint64_t x) /* x != 0 */
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(x);
#else
    unsigned n = 0;
    while ((x & 1u) == 0) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/* 62 divsteps with the same result as the constant-time ones, with
 * branches: a run of k trailing zeros of g is k even steps at once.
 * VARIABLE TIME. */
static uint64_t divsteps_62_vartime(uint64_t d, uint64_t f, uint64_t g, divstep_matrix *t)
{
    uint64_t u = 1, v = 0, q = 0, r = 1, tmp;
    unsigned left = DIVSTEPS_PER_BATCH, zeros;
    for (;;) {
        /* Even steps; the guard bit at position 'left' stops the run. */
        zeros = count_trailing_zeros_vartime(g | (((uint64_t)1) << left));
        g >>= zeros;
        u <<= zeros;
        v <<= zeros;
        d += zeros;
        left -= zeros;
        if (left == 0) {
            break;
        }
        /* g is odd now. */
        if ((d >> 63) == 0) { /* d >= 0: f, g <- g, -f (then g + f below) */
            tmp = f;
            f = g;
            g = (uint64_t)0 - tmp;
            tmp = u;
            u = q;
            q = (uint64_t)0 - tmp;
            tmp = v;
            v = r;
            r = (uint64_t)0 - tmp;
            d = ~d; /* -d - 1, the + 1 below makes it -d */
        }
        g += f;
        q += u;
        r += v;
        g >>= 1;
        u <<= 1;
        v <<= 1;
        d += 1u;
        if (--left == 0) {
            break;
        }
    }
    t->u = (int64_t)u;
    t->v = (int64_t)v;
    t->q = (int64_t)q;
    t->r = (int64_t)r;
    return d;
}

void pp_fe25519_invert_vartime(fe25519 *h, const fe25519 *z)
{
    s62 f = modulus, g, d = {{0, 0, 0, 0, 0}}, e = {{1, 0, 0, 0, 0}};
    divstep_matrix t;
    uint64_t delta = 0;

    s62_from_fe(&g, z);
    /* Stops when g = 0; the bound above caps it at 10 batches. */
    while ((g.v[0] | g.v[1] | g.v[2] | g.v[3] | g.v[4]) != 0) {
        delta = divsteps_62_vartime(delta, (uint64_t)f.v[0], (uint64_t)g.v[0], &t);
        update_de(&d, &e, &t);
        update_fg(&f, &g, &t);
    }
    finish(h, &d, &f);
}

#else

/* The 32-bit fields keep the Fermat inversion of fe25519.c. */
typedef int fe25519_invert_unused;

#endif
