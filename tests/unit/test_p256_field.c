/*
 * test_p256_field.c -- the P-256 field kernels against each other and
 * against OpenSSL's BIGNUM, in one process:
 *  - pp_p256_fe_mul / _sqr (whichever kernel this CPU selected), the
 *    portable C (pp_p256_fe_mul_portable, ...) and, on x86-64 with BMI2 +
 *    ADX, the MULX/ADX kernel (pp_p256_fe_mul_adx, _sqr_adx) directly;
 *    fe_add / fe_sub and the x86-64 ADD/SBB ones (pp_p256_fe_add_x64, ...);
 *  - every result equal to BN_mod_mul(a, b, 2^-256) (Montgomery product),
 *    BN_mod_add / BN_mod_sub mod p;
 *  - inputs: edge values (0, 1, 2, p - 1, p - 2, 2^255, 2^256 mod p, values
 *    with all-ones or all-zero limbs below p, p's own limbs shifted), every
 *    pair of them, 20000 random pairs, and for the multiplication the
 *    unreduced a (p, p + 1, 2^256 - 1, ...; pp_p256_fe_to_mont's case)
 *    with b < p; the outputs aliasing an input;
 *  - scalars mod n: the Montgomery product (MULX/ADX, portable) against
 *    BN_mod_mul(a, b, 2^-256), pp_p256_sc_mul, pp_p256_sc_inv against
 *    BN_mod_inverse, on edge values (1, n - 1, n - 2, 2^256 mod n, ...) and
 *    5000 random pairs;
 *  - with the 8-tooth comb, the two-table pp_p256_mul_base against the
 *    one-table pp_p256_mul_base_comb1 (edge and 200 random scalars), and
 *    the SSE2 comb scan against the CPU's (AVX2) one.
 * With 32-bit limbs (no 64-bit kernels) only the dispatch is compared.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/bn.h>

#include "test_util.h"
#include "common/pp_cpu_x86.h"
#include "p256/p256_field.h"
#include "p256/p256_point.h"

#if !PSA_WANT_ECC_SECP_R1_256 || PICOPSA_P256_LIMB_BITS != 64
int main(void)
{
    return test_skip("p256_field", "P-256 configured out or 32-bit limbs");
}
#else

static BIGNUM *bn_p, *bn_rinv, *bn_n, *bn_rinv_n;
static BN_CTX *bn_ctx;

static void fe_set_hex(pp_p256_fe *r, const char *hex)
{
    uint8_t b[32];
    int i;
    CHECK(test_hex_to(hex, b, sizeof(b)) == 32);
    for (i = 0; i < 4; i++) {
        uint64_t w = 0;
        int k;
        for (k = 0; k < 8; k++) {
            w = (w << 8) | b[32 - 8 * (i + 1) + k];
        }
        r->v[i] = w;
    }
}

static BIGNUM *fe_bn(const pp_p256_fe *a)
{
    uint8_t b[32];
    int i, k;
    for (i = 0; i < 4; i++) {
        for (k = 0; k < 8; k++) {
            b[32 - 8 * (i + 1) + k] = (uint8_t)(a->v[i] >> (56 - 8 * k));
        }
    }
    return BN_bin2bn(b, 32, NULL);
}

/* r == want (a BIGNUM) */
static int fe_is(const pp_p256_fe *r, const BIGNUM *want)
{
    BIGNUM *g = fe_bn(r);
    int ok = BN_cmp(g, want) == 0;
    BN_free(g);
    return ok;
}

static unsigned long mismatches;

static void check_mul(const pp_p256_fe *a, const pp_p256_fe *b)
{
    pp_p256_fe r1, r2, r3;
    BIGNUM *x = fe_bn(a), *y = fe_bn(b), *w = BN_new();
    int ok;
    BN_mod_mul(w, x, y, bn_p, bn_ctx);
    BN_mod_mul(w, w, bn_rinv, bn_p, bn_ctx);
    pp_p256_fe_mul(&r1, a, b);
    pp_p256_fe_mul_portable(&r2, a, b);
    ok = fe_is(&r1, w) && fe_is(&r2, w);
#if PP_P256_X86
    if ((pp_x86_features() & (PP_X86_BMI2 | PP_X86_ADX)) == (PP_X86_BMI2 | PP_X86_ADX)) {
        pp_p256_fe_mul_adx(r3.v, a->v, b->v);
        ok = ok && fe_is(&r3, w);
        r3 = *a;                                    /* r aliases a */
        pp_p256_fe_mul_adx(r3.v, r3.v, b->v);
        ok = ok && fe_is(&r3, w);
        r3 = *b;                                    /* r aliases b */
        pp_p256_fe_mul_adx(r3.v, a->v, r3.v);
        ok = ok && fe_is(&r3, w);
    }
#else
    (void)r3;
#endif
    if (!ok && mismatches++ < 5u) {
        printf("mul mismatch: a %016llx.. b %016llx..\n", (unsigned long long)a->v[3],
               (unsigned long long)b->v[3]);
    }
    CHECK(ok);
    BN_free(x);
    BN_free(y);
    BN_free(w);
}

static void check_sqr(const pp_p256_fe *a)
{
    pp_p256_fe r1, r2, r3;
    BIGNUM *x = fe_bn(a), *w = BN_new();
    int ok;
    BN_mod_mul(w, x, x, bn_p, bn_ctx);
    BN_mod_mul(w, w, bn_rinv, bn_p, bn_ctx);
    pp_p256_fe_sqr(&r1, a);
    pp_p256_fe_sqr_portable(&r2, a);
    ok = fe_is(&r1, w) && fe_is(&r2, w);
#if PP_P256_X86
    if ((pp_x86_features() & (PP_X86_BMI2 | PP_X86_ADX)) == (PP_X86_BMI2 | PP_X86_ADX)) {
        pp_p256_fe_sqr_adx(r3.v, a->v);
        ok = ok && fe_is(&r3, w);
        r3 = *a;
        pp_p256_fe_sqr_adx(r3.v, r3.v);
        ok = ok && fe_is(&r3, w);
    }
#else
    (void)r3;
#endif
    if (!ok && mismatches++ < 5u) {
        printf("sqr mismatch: a %016llx..\n", (unsigned long long)a->v[3]);
    }
    CHECK(ok);
    BN_free(x);
    BN_free(w);
}

static void check_add_sub(const pp_p256_fe *a, const pp_p256_fe *b)
{
    pp_p256_fe r1, r2, r3;
    BIGNUM *x = fe_bn(a), *y = fe_bn(b), *s = BN_new(), *d = BN_new();
    int ok;
    BN_mod_add(s, x, y, bn_p, bn_ctx);
    BN_mod_sub(d, x, y, bn_p, bn_ctx);
    pp_p256_fe_add(&r1, a, b);
    pp_p256_fe_add_portable(&r2, a, b);
    ok = fe_is(&r1, s) && fe_is(&r2, s);
    pp_p256_fe_sub(&r1, a, b);
    pp_p256_fe_sub_portable(&r2, a, b);
    ok = ok && fe_is(&r1, d) && fe_is(&r2, d);
#if PP_P256_X86
    pp_p256_fe_add_x64(r3.v, a->v, b->v);
    ok = ok && fe_is(&r3, s);
    r3 = *b;
    pp_p256_fe_add_x64(r3.v, a->v, r3.v);
    ok = ok && fe_is(&r3, s);
    pp_p256_fe_sub_x64(r3.v, a->v, b->v);
    ok = ok && fe_is(&r3, d);
    r3 = *a;
    pp_p256_fe_sub_x64(r3.v, r3.v, b->v);
    ok = ok && fe_is(&r3, d);
#else
    (void)r3;
#endif
    if (!ok && mismatches++ < 5u) {
        printf("add/sub mismatch: a %016llx.. b %016llx..\n", (unsigned long long)a->v[3],
               (unsigned long long)b->v[3]);
    }
    CHECK(ok);
    BN_free(x);
    BN_free(y);
    BN_free(s);
    BN_free(d);
}

static void fe_random(pp_p256_fe *r);

/* Scalars mod n: the Montgomery product (MULX/ADX directly when the CPU
 * has it, the portable CIOS), pp_p256_sc_mul and, for a != 0, sc_inv. */
static void check_sc(const pp_p256_sc *a, const pp_p256_sc *b, int inv)
{
    pp_p256_sc r1, r2;
    BIGNUM *x = fe_bn(a), *y = fe_bn(b), *m = BN_new(), *w = BN_new();
    int ok;
    BN_mod_mul(m, x, y, bn_n, bn_ctx);
    BN_mod_mul(w, m, bn_rinv_n, bn_n, bn_ctx);
    pp_p256_sc_mont_mul_portable(&r1, a, b);
    ok = fe_is(&r1, w);
#if PP_P256_X86
    if ((pp_x86_features() & (PP_X86_BMI2 | PP_X86_ADX)) == (PP_X86_BMI2 | PP_X86_ADX)) {
        pp_p256_sc_mont_mul_adx(r2.v, a->v, b->v);
        ok = ok && fe_is(&r2, w);
    }
#endif
    pp_p256_sc_mul(&r2, a, b);
    ok = ok && fe_is(&r2, m);
    if (inv && !BN_is_zero(x)) {
        BIGNUM *xi = BN_mod_inverse(NULL, x, bn_n, bn_ctx);
        pp_p256_sc_inv(&r2, a);
        ok = ok && xi != NULL && fe_is(&r2, xi);
        BN_free(xi);
    }
    if (!ok && mismatches++ < 5u) {
        printf("scalar mismatch: a %016llx.. b %016llx..\n", (unsigned long long)a->v[3],
               (unsigned long long)b->v[3]);
    }
    CHECK(ok);
    BN_free(x);
    BN_free(y);
    BN_free(m);
    BN_free(w);
}

/* A random value < n: a random field element with its top limb cleared
 * now and then (below n), else kept when below n. */
static void sc_random(pp_p256_sc *r)
{
    BIGNUM *x;
    do {
        fe_random(r);
        x = fe_bn(r);
        if (BN_cmp(x, bn_n) < 0) {
            BN_free(x);
            return;
        }
        BN_free(x);
    } while (1);
}

#if PICOPSA_P256_COMB_TEETH == 8
/* The two-table comb (pp_p256_mul_base) against the one-table comb it
 * replaced (pp_p256_mul_base_comb1): the same affine point. */
static void check_comb(const pp_p256_sc *k)
{
    pp_p256_point p1, p2;
    uint8_t x1[32], y1[32], x2[32], y2[32];
    uint32_t ok1, ok2;
    pp_p256_mul_base(&p1, k);
    pp_p256_mul_base_comb1(&p2, k);
    ok1 = pp_p256_point_encode_xy(x1, y1, &p1);
    ok2 = pp_p256_point_encode_xy(x2, y2, &p2);
    CHECK(ok1 == ok2 && memcmp(x1, x2, 32) == 0 && memcmp(y1, y2, 32) == 0);
}
#endif

/* A random value < p (rejection; the top limb's bits are skewed at times
 * towards all-ones or zero limbs, where carries run). */
static void fe_random(pp_p256_fe *r)
{
    static const uint64_t p[4] = {0xffffffffffffffffu, 0x00000000ffffffffu, 0, 0xffffffff00000001u};
    for (;;) {
        int i, lt = 0;
        for (i = 0; i < 4; i++) {
            uint64_t w = test_rng_u64();
            switch (test_rng_u64() % 8u) {
            case 0: w = 0; break;
            case 1: w = ~(uint64_t)0; break;
            case 2: w = p[i]; break;
            default: break;
            }
            r->v[i] = w;
        }
        for (i = 3; i >= 0; i--) {
            if (r->v[i] != p[i]) {
                lt = r->v[i] < p[i];
                break;
            }
        }
        if (lt) {
            return;
        }
    }
}

static const char *const EDGE[] = {
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000001",
    "0000000000000000000000000000000000000000000000000000000000000002",
    "ffffffff00000001000000000000000000000000fffffffffffffffffffffffe", /* p - 1 */
    "ffffffff00000001000000000000000000000000fffffffffffffffffffffffd", /* p - 2 */
    "8000000000000000000000000000000000000000000000000000000000000000",
    "00000000fffffffeffffffffffffffffffffffff000000000000000000000001", /* 2^256 mod p */
    "ffffffff00000000ffffffffffffffffffffffffffffffffffffffffffffffff",
    "ffffffff00000001000000000000000000000000ffffffff0000000000000000",
    "00000000ffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "ffffffff000000000000000000000000000000000000000000000000ffffffff",
    "7fffffff800000008000000000000000000000007fffffffffffffffffffffff", /* (p - 1) / 2 */
    "0000000000000000ffffffffffffffff0000000000000000ffffffffffffffff",
    "fffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
};
/* a >= p, for a * b with b < p (fe_to_mont enters any 256-bit value). */
static const char *const WIDE[] = {
    "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", /* p */
    "ffffffff00000001000000000000000000000001000000000000000000000000", /* p + 1 */
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", /* 2^256 - 1 */
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe",
    "ffffffff00000002000000000000000000000000000000000000000000000000",
};

int main(void)
{
    enum { NE = sizeof(EDGE) / sizeof(EDGE[0]), NW = sizeof(WIDE) / sizeof(WIDE[0]) };
    pp_p256_fe e[NE], w[NW], a, b;
    BIGNUM *r;
    unsigned i, j;
    test_rng_seed(0x9256f1e1d0001ull);
    bn_ctx = BN_CTX_new();
    bn_p = NULL;
    BN_hex2bn(&bn_p, "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
    r = BN_new();
    BN_set_bit(r, 256);
    bn_rinv = BN_mod_inverse(NULL, r, bn_p, bn_ctx);
    bn_n = NULL;
    BN_hex2bn(&bn_n, "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551");
    bn_rinv_n = BN_mod_inverse(NULL, r, bn_n, bn_ctx);
    BN_free(r);
    CHECK(bn_rinv != NULL && bn_rinv_n != NULL);
#if PP_P256_X86
    printf("p256_field: fe_mul/fe_sqr kernel %s; CPU %s BMI2 + ADX\n",
           pp_p256_fe_adx_selected() ? "MULX/ADX" : "portable C",
           (pp_x86_features() & (PP_X86_BMI2 | PP_X86_ADX)) == (PP_X86_BMI2 | PP_X86_ADX) ? "has" : "lacks");
#endif
    for (i = 0; i < NE; i++) {
        fe_set_hex(&e[i], EDGE[i]);
    }
    for (i = 0; i < NW; i++) {
        fe_set_hex(&w[i], WIDE[i]);
    }
    for (i = 0; i < NE; i++) {
        check_sqr(&e[i]);
        for (j = 0; j < NE; j++) {
            check_mul(&e[i], &e[j]);
            check_add_sub(&e[i], &e[j]);
        }
        for (j = 0; j < NW; j++) {
            check_mul(&w[j], &e[i]);
        }
    }
    for (i = 0; i < 20000u; i++) {
        fe_random(&a);
        fe_random(&b);
        check_mul(&a, &b);
        check_sqr(&a);
        check_add_sub(&a, &b);
        if (i % 4u == 0) {
            /* an unreduced a (any 256 bits) times b < p */
            a.v[0] = test_rng_u64();
            a.v[1] = test_rng_u64();
            a.v[2] = test_rng_u64();
            a.v[3] = test_rng_u64() | 0xffffffff00000000u;
            check_mul(&a, &b);
        }
    }
    {
        static const char *const SC_EDGE[] = {
            "0000000000000000000000000000000000000000000000000000000000000001",
            "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632550", /* n - 1 */
            "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc63254f", /* n - 2 */
            "7fffffff800000007fffffffffffffffde737d56d38bcf4279dce5617e3192a8", /* (n - 1) / 2 */
            "00000000ffffffff00000000000000004319055258e8617b0c46353d039cdaaf", /* 2^256 mod n */
            "8000000000000000000000000000000000000000000000000000000000000000",
            "0000000000000000000000000000000000000000000000000000000000000000",
        };
        enum { NS = sizeof(SC_EDGE) / sizeof(SC_EDGE[0]) };
        pp_p256_sc s[NS];
        for (i = 0; i < NS; i++) {
            fe_set_hex(&s[i], SC_EDGE[i]);
        }
        for (i = 0; i < NS; i++) {
            for (j = 0; j < NS; j++) {
                check_sc(&s[i], &s[j], j == 0);
            }
        }
        for (i = 0; i < 5000u; i++) {
            sc_random(&a);
            sc_random(&b);
            check_sc(&a, &b, i % 50u == 0);
        }
#if PICOPSA_P256_COMB_TEETH == 8
        for (i = 0; i < NS; i++) {
            check_comb(&s[i]);
        }
        memset(&a, 0xff, sizeof(a));   /* 2^256 - 1 */
        check_comb(&a);
        for (i = 0; i < 200u; i++) {
            sc_random(&a);
            check_comb(&a);
        }
#endif
#if PP_P256_X86
        /* the SSE2 scan (CPUs without AVX2) against the default one */
        for (i = 0; i < 50u; i++) {
            pp_p256_point p1, p2;
            sc_random(&a);
            pp_p256_mul_base(&p1, &a);
            if (pp_p256_comb_scan_force_sse2(1)) {
                pp_p256_mul_base(&p2, &a);
                CHECK(memcmp(&p1, &p2, sizeof(p1)) == 0);
            }
            (void)pp_p256_comb_scan_force_sse2(0);
        }
#endif
    }
    BN_free(bn_n);
    BN_free(bn_rinv_n);
    BN_free(bn_p);
    BN_free(bn_rinv);
    BN_CTX_free(bn_ctx);
    return test_report("p256_field");
}
#endif
