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
 *    with b < p; the outputs aliasing an input.
 * With 32-bit limbs (no 64-bit kernels) only the dispatch is compared.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/bn.h>

#include "test_util.h"
#include "common/pp_cpu_x86.h"
#include "p256/p256_field.h"

#if !PSA_WANT_ECC_SECP_R1_256 || PICOPSA_P256_LIMB_BITS != 64
int main(void)
{
    return test_skip("p256_field", "P-256 configured out or 32-bit limbs");
}
#else

static BIGNUM *bn_p, *bn_rinv;
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
    BN_free(r);
    CHECK(bn_rinv != NULL);
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
    BN_free(bn_p);
    BN_free(bn_rinv);
    BN_CTX_free(bn_ctx);
    return test_report("p256_field");
}
#endif
