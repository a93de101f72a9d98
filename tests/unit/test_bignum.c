/*
 * test_bignum.c -- the bignum core (src/bignum) against OpenSSL's BIGNUM on
 * random operands of every size RSA uses (512..4096 bits: the moduli and
 * their CRT halves), plus edge values (0, 1, m - 1, a < R but >= m).
 */
#include "test_config.h"
#include "test_util.h"
#if !(TEST_HAVE_RSA)
/* The whole subject of this test is configured out. */
int main(void)
{
    return test_skip("bignum", "RSA, its only user, configured out");
}
#else

#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/err.h>

#include "bignum/bignum.h"
#include "test_util.h"

#define MAXL PP_BN_MAX_LIMBS

static BN_CTX *ctx;
/* pp_bn_kernel_selected(): the exponentiation checks cycle through the
 * kernels this CPU runs (runnable[0..n_runnable)): the portable kernel,
 * MULX/ADX and the AVX2 table scan and their combinations; test_kernels
 * forces each multiplication kernel when MULX/ADX can run here. */
static pp_bn_kernel selected, runnable[4];
static size_t n_runnable;
static int have_adx;

static pp_bn_kernel kernel_for(int iter)
{
    return runnable[(size_t)iter % n_runnable];
}

/* The kernels whose features are all in pp_bn_kernel_selected()'s. */
static void find_kernels(void)
{
    int avx2, k;
    selected = pp_bn_kernel_selected();
    have_adx = selected == PP_BN_KERNEL_ADX || selected == PP_BN_KERNEL_ADX_AVX2;
    avx2 = selected == PP_BN_KERNEL_BASE_AVX2 || selected == PP_BN_KERNEL_ADX_AVX2;
    for (k = PP_BN_KERNEL_BASE; k <= PP_BN_KERNEL_ADX_AVX2; k++) {
        int k_adx = k == PP_BN_KERNEL_ADX || k == PP_BN_KERNEL_ADX_AVX2;
        int k_avx2 = k == PP_BN_KERNEL_BASE_AVX2 || k == PP_BN_KERNEL_ADX_AVX2;
        if ((!k_adx || have_adx) && (!k_avx2 || avx2)) {
            runnable[n_runnable++] = (pp_bn_kernel)k;
        }
    }
}

static BIGNUM *bn_of(const pp_limb *a, size_t n)
{
    uint8_t buf[2 * MAXL * PP_BN_LIMB_BYTES];
    pp_bn_to_bytes(buf, n * PP_BN_LIMB_BYTES, a, n);
    return BN_bin2bn(buf, (int)(n * PP_BN_LIMB_BYTES), NULL);
}

static int equals_bn(const pp_limb *a, size_t n, const BIGNUM *expect)
{
    BIGNUM *x = bn_of(a, n);
    int ok = BN_cmp(x, expect) == 0;
    BN_free(x);
    return ok;
}

/* Random value < m (from test_rng). */
static void random_below(pp_limb *r, const pp_limb *m, size_t n)
{
    do {
        test_rng_bytes((uint8_t *)r, n * sizeof(pp_limb));
        r[n - 1u] &= m[n - 1u];
    } while (pp_bn_lt_mask(r, m, n) == 0);
}

static void random_odd_modulus(pp_limb *m, size_t n, int top_zero_bits)
{
    test_rng_bytes((uint8_t *)m, n * sizeof(pp_limb));
    m[0] |= 1u;
    m[n - 1u] |= (pp_limb)1 << (PP_BN_LIMB_BITS - 1);
    m[n - 1u] >>= top_zero_bits;
    m[n - 1u] |= (pp_limb)1 << (PP_BN_LIMB_BITS - 1 - top_zero_bits);
}

static void test_size(size_t bits, int top_zero_bits, int exp_rounds)
{
    size_t n = PP_BN_LIMBS(bits);
    pp_limb m[MAXL], a[MAXL], b[MAXL], r[MAXL], r2[MAXL], r1[MAXL], one[MAXL];
    pp_limb am[MAXL], bm[MAXL], e1[MAXL], e2[MAXL];
    pp_limb big[2 * MAXL];
    static pp_limb work[PP_BN_EXP_WORK_LIMBS(6, MAXL, 2)];
    pp_limb m0inv;
    BIGNUM *M = BN_new(), *A = NULL, *B = NULL, *X = BN_new(), *Rinv = BN_new(), *R = BN_new();
    BIGNUM *E1 = NULL, *E2 = NULL, *Y = BN_new();
    int iter;

    random_odd_modulus(m, n, top_zero_bits);
    BN_free(M);
    M = bn_of(m, n);
    m0inv = pp_bn_mont_m0inv(m[0]);
    CHECK((pp_limb)(m0inv * m[0]) == (pp_limb)0 - 1u);

    BN_one(R);
    BN_lshift(R, R, (int)(n * PP_BN_LIMB_BITS));
    BN_mod_inverse(Rinv, R, M, ctx);

    /* R^2 mod m */
    pp_bn_mont_r2(r2, m, m0inv, n, n * PP_BN_LIMB_BITS - (size_t)top_zero_bits);
    BN_mod_mul(X, R, R, M, ctx);
    CHECK(equals_bn(r2, n, X));
    pp_bn_zero(one, n);
    one[0] = 1;
    pp_bn_mont_mul(r1, r2, one, m, m0inv, n);
    BN_mod(X, R, M, ctx);
    CHECK(equals_bn(r1, n, X));

    for (iter = 0; iter < 6; iter++) {
        random_below(a, m, n);
        random_below(b, m, n);
        if (iter == 1) { /* edge: m - 1 squared and times itself */
            pp_bn_sub(a, m, one, n);
            pp_bn_copy(b, a, n);
        }
        if (iter == 2) {
            pp_bn_zero(a, n);
        }
        A = bn_of(a, n);
        B = bn_of(b, n);
        /* mont_mul */
        BN_mod_mul(X, A, B, M, ctx);
        BN_mod_mul(X, X, Rinv, M, ctx);
        pp_bn_mont_mul(r, a, b, m, m0inv, n);
        CHECK(equals_bn(r, n, X));
        /* aliasing r == a */
        pp_bn_copy(r, a, n);
        pp_bn_mont_mul(r, r, b, m, m0inv, n);
        CHECK(equals_bn(r, n, X));
        /* mont_sqr */
        BN_mod_mul(X, A, A, M, ctx);
        BN_mod_mul(X, X, Rinv, M, ctx);
        pp_bn_mont_sqr(r, a, m, m0inv, n);
        CHECK(equals_bn(r, n, X));
        /* a < R but >= m is allowed as the first factor (CRT use) */
        {
            pp_limb big_a[MAXL];
            memset(big_a, 0xff, n * sizeof(pp_limb));
            BIGNUM *BA = bn_of(big_a, n);
            BN_mod_mul(X, BA, B, M, ctx);
            BN_mod_mul(X, X, Rinv, M, ctx);
            pp_bn_mont_mul(r, big_a, b, m, m0inv, n);
            CHECK(equals_bn(r, n, X));
            BN_free(BA);
        }
        /* mont_reduce of a double-size a*b (< m R) */
        pp_bn_mul(big, a, n, b, n);
        BN_mul(X, A, B, ctx);
        {
            BIGNUM *P = bn_of(big, 2u * n);
            CHECK(BN_cmp(P, X) == 0);
            BN_free(P);
        }
        BN_mod_mul(X, X, Rinv, M, ctx);
        pp_bn_mont_reduce(r, big, m, m0inv, n);
        CHECK(equals_bn(r, n, X));
        /* add / sub / compare */
        {
            pp_limb c = pp_bn_add(r, a, b, n);
            BIGNUM *S = BN_new();
            BN_add(S, A, B);
            CHECK(c == (BN_num_bits(S) > (int)(n * PP_BN_LIMB_BITS) ? 1u : 0u));
            BN_mask_bits(S, (int)(n * PP_BN_LIMB_BITS));
            CHECK(equals_bn(r, n, S));
            BN_sub(S, A, B);
            c = pp_bn_sub(r, a, b, n);
            CHECK(c == (BN_is_negative(S) ? 1u : 0u));
            CHECK(pp_bn_lt_mask(a, b, n) == (BN_cmp(A, B) < 0 ? (pp_limb)0 - 1u : 0));
            CHECK(pp_bn_eq_mask(a, a, n) == (pp_limb)0 - 1u);
            CHECK(pp_bn_eq_mask(a, b, n) == (BN_cmp(A, B) == 0 ? (pp_limb)0 - 1u : 0));
            BN_free(S);
        }
        BN_free(A);
        BN_free(B);
        A = B = NULL;
    }

    /* Constant-time exponentiation: one and two bases, every window. */
    for (iter = 0; iter < exp_rounds; iter++) {
        size_t el = (iter == 0) ? n : (size_t)test_rng_range(1, n);
        unsigned w;
        random_below(a, m, n);
        random_below(b, m, n);
        test_rng_bytes((uint8_t *)e1, el * sizeof(pp_limb));
        test_rng_bytes((uint8_t *)e2, el * sizeof(pp_limb));
        if (iter == 1) {
            pp_bn_zero(e1, el);
        }
        A = bn_of(a, n);
        B = bn_of(b, n);
        E1 = bn_of(e1, el);
        E2 = bn_of(e2, el);
        pp_bn_mont_mul(am, a, r2, m, m0inv, n);
        pp_bn_mont_mul(bm, b, r2, m, m0inv, n);
        /* one base, window chosen by work size (vary it) */
        {
            unsigned want = 1u + (unsigned)(iter % PICOPSA_RSA_WINDOW_BITS);
            w = pp_bn_mont_exp(r, am, e1, NULL, NULL, el, r1, m, m0inv, n, work,
                               PP_BN_EXP_WORK_LIMBS(want, n, 1), kernel_for(iter));
            CHECK(w == want);
        }
        pp_bn_mont_mul(r, r, one, m, m0inv, n);
        BN_mod_exp(X, A, E1, M, ctx);
        CHECK(equals_bn(r, n, X));
        /* two bases */
        w = pp_bn_mont_exp(r, am, e1, bm, e2, el, r1, m, m0inv, n, work,
                           PP_BN_EXP_WORK_LIMBS(PICOPSA_RSA_WINDOW_BITS, n, 2), kernel_for(iter + 1));
        CHECK(w == PICOPSA_RSA_WINDOW_BITS);
        pp_bn_mont_mul(r, r, one, m, m0inv, n);
        BN_mod_exp(X, A, E1, M, ctx);
        BN_mod_exp(Y, B, E2, M, ctx);
        BN_mod_mul(X, X, Y, M, ctx);
        CHECK(equals_bn(r, n, X));
        /* too little work memory */
        CHECK(pp_bn_mont_exp(r, am, e1, NULL, NULL, el, r1, m, m0inv, n, work,
                             PP_BN_EXP_WORK_LIMBS(1, n, 1) - 1u, PP_BN_KERNEL_BASE) == 0);
        /* public exponents */
        {
            static const uint64_t es[] = { 1, 3, 65537, 0xffffffffffffffffull, 0x8000000000000001ull };
            size_t k;
            for (k = 0; k < sizeof(es) / sizeof(es[0]); k++) {
                BIGNUM *EP = BN_new();
                BN_set_word(EP, (BN_ULONG)es[k]);
                pp_bn_mod_exp_public_vartime(r, a, es[k], m, m0inv, r2, n, kernel_for((int)k));
                BN_mod_exp(X, A, EP, M, ctx);
                CHECK(equals_bn(r, n, X));
                BN_free(EP);
            }
        }
        BN_free(A);
        BN_free(B);
        BN_free(E1);
        BN_free(E2);
    }
    BN_free(M);
    BN_free(X);
    BN_free(Y);
    BN_free(R);
    BN_free(Rinv);
}

/* pp_bn_mod_inv_vartime against BN_mod_inverse: random a (also tiny,
 * m - 1, a power of two, a multiple of a factor of a composite m), and the
 * refusals (a = 0, gcd > 1). */
static void test_inverse(size_t bits, int top_zero_bits)
{
    size_t n = PP_BN_LIMBS(bits);
    pp_limb m[MAXL], a[MAXL], r[MAXL], f[MAXL], g[MAXL];
    static pp_limb work[PP_BN_MOD_INV_WORK_LIMBS(MAXL)];
    pp_limb m0inv, ok;
    BIGNUM *M, *A, *X = BN_new();
    int iter;

    random_odd_modulus(m, n, top_zero_bits);
    m0inv = pp_bn_mont_m0inv(m[0]);
    M = bn_of(m, n);
    for (iter = 0; iter < 12; iter++) {
        pp_bn_zero(a, n);
        if (iter == 0) {
            a[0] = 1;
        } else if (iter == 1) {
            a[0] = 2;
        } else if (iter == 2) {
            pp_bn_copy(a, m, n);
            a[0] -= 1u; /* m - 1 */
        } else if (iter == 3) {
            a[n / 2u] = (pp_limb)1 << 7; /* a power of two: long shifts */
        } else {
            random_below(a, m, n);
        }
        A = bn_of(a, n);
        ok = pp_bn_mod_inv_vartime(r, a, m, m0inv, n, work);
        if (BN_mod_inverse(X, A, M, ctx) != NULL) {
            CHECK(ok == (pp_limb)0 - 1u);
            CHECK(equals_bn(r, n, X));
        } else {
            CHECK(ok == 0);
            CHECK(pp_bn_is_zero_mask(r, n) != 0);
        }
        /* in place */
        ok = pp_bn_mod_inv_vartime(a, a, m, m0inv, n, work);
        CHECK(pp_bn_eq_mask(a, r, n) != 0);
        BN_free(A);
    }
    ERR_clear_error();
    /* a = 0 */
    pp_bn_zero(a, n);
    CHECK(pp_bn_mod_inv_vartime(r, a, m, m0inv, n, work) == 0);
    /* composite m = f * g (odd f of 64 bits), a = 3 f: gcd > 1 */
    pp_bn_zero(f, n);
    pp_bn_zero(g, n);
    test_rng_bytes((uint8_t *)f, 8);
    f[0] |= 1u;
    random_odd_modulus(g, n - 64u / PP_BN_LIMB_BITS, 0);
    {
        pp_limb prod[2 * MAXL];
        pp_bn_mul(prod, g, n, f, n);
        pp_bn_copy(m, prod, n);
        pp_bn_zero(a, n);
        a[0] = 3;
        pp_bn_mul(prod, f, n, a, n);
        pp_bn_copy(a, prod, n);
    }
    m0inv = pp_bn_mont_m0inv(m[0]);
    ok = pp_bn_mod_inv_vartime(r, a, m, m0inv, n, work);
    CHECK(ok == 0);
    CHECK(pp_bn_is_zero_mask(r, n) != 0);
    BN_free(M);
    BN_free(X);
}

/* Every kernel (portable; MULX/ADX with the fixed-size multiplication and
 * squaring for 8/16/24/32 limbs; MULX/ADX rows only) forced through the test
 * hooks, against BN_mod_mul: random operands, m - 1, 0, a first factor
 * >= m, aliasing r == a, and moduli just above R/2, just below R and
 * random, so that all three outcomes of the final subtraction (t < m,
 * m <= t < R, t >= R) occur. Sizes next to the fixed ones take the rows. */
static void test_kernels(size_t bits, int shape)
{
    size_t n = PP_BN_LIMBS(bits), i;
    pp_limb m[MAXL], a[MAXL], b[MAXL], r[MAXL], m0inv;
    BIGNUM *M, *A, *B, *X = BN_new(), *R = BN_new(), *Rinv = BN_new();
    int iter, kernel;
    static const pp_bn_kernel kernels[] = { PP_BN_KERNEL_BASE, PP_BN_KERNEL_ADX,
                                            PP_BN_KERNEL_ADX_ROWS };

    random_odd_modulus(m, n, 0);
    if (shape == 1) { /* just above R/2 */
        for (i = 1; i + 1u < n; i++) {
            m[i] = 0;
        }
        m[n - 1u] = (pp_limb)1 << (PP_BN_LIMB_BITS - 1);
    } else if (shape == 2) { /* just below R */
        for (i = 1; i < n; i++) {
            m[i] = ~(pp_limb)0;
        }
    }
    M = bn_of(m, n);
    m0inv = pp_bn_mont_m0inv(m[0]);
    BN_one(R);
    BN_lshift(R, R, (int)(n * PP_BN_LIMB_BITS));
    BN_mod_inverse(Rinv, R, M, ctx);
    for (iter = 0; iter < 24; iter++) {
        random_below(a, m, n);
        random_below(b, m, n);
        if (iter == 0) { /* m - 1 times m - 1 */
            pp_bn_copy(a, m, n);
            a[0] -= 1u;
            pp_bn_copy(b, a, n);
        } else if (iter == 1) {
            pp_bn_zero(a, n);
        } else if (iter == 2) { /* a = R - 1 >= m as the first factor */
            memset(a, 0xff, n * sizeof(pp_limb));
        }
        A = bn_of(a, n);
        B = bn_of(b, n);
        for (kernel = 0; kernel < 3; kernel++) {
            if (kernels[kernel] != PP_BN_KERNEL_BASE && !have_adx) {
                continue;
            }
            BN_mod_mul(X, A, B, M, ctx);
            BN_mod_mul(X, X, Rinv, M, ctx);
            pp_bn_mont_mul_kernel(r, a, b, m, m0inv, n, kernels[kernel]);
            CHECK(equals_bn(r, n, X));
            pp_bn_copy(r, a, n);
            pp_bn_mont_mul_kernel(r, r, b, m, m0inv, n, kernels[kernel]);
            CHECK(equals_bn(r, n, X));
            if (iter != 2) { /* squaring needs a < m */
                BN_mod_mul(X, A, A, M, ctx);
                BN_mod_mul(X, X, Rinv, M, ctx);
                pp_bn_mont_sqr_kernel(r, a, m, m0inv, n, kernels[kernel]);
                CHECK(equals_bn(r, n, X));
                pp_bn_copy(r, a, n);
                pp_bn_mont_sqr_kernel(r, r, m, m0inv, n, kernels[kernel]);
                CHECK(equals_bn(r, n, X));
            }
        }
        BN_free(A);
        BN_free(B);
    }
    BN_free(M);
    BN_free(X);
    BN_free(R);
    BN_free(Rinv);
}

static void test_bytes(void)
{
    uint8_t in[40], out[40];
    pp_limb r[8];
    size_t i;
    for (i = 0; i < sizeof(in); i++) {
        in[i] = (uint8_t)(i * 7u + 1u);
    }
    /* fits: 32 bytes into 32 bytes of limbs */
    CHECK(pp_bn_from_bytes(r, 32u / PP_BN_LIMB_BYTES, in, 32) == 1);
    pp_bn_to_bytes(out, 32, r, 32u / PP_BN_LIMB_BYTES);
    CHECK_MEM(out, in, 32);
    /* leading zeros are fine, a nonzero byte beyond capacity is not */
    memset(in, 0, 8);
    CHECK(pp_bn_from_bytes(r, 32u / PP_BN_LIMB_BYTES, in, 40) == 1);
    in[7] = 1;
    CHECK(pp_bn_from_bytes(r, 32u / PP_BN_LIMB_BYTES, in, 40) == 0);
    /* zero-padded output */
    pp_bn_zero(r, 8);
    r[0] = 0x1234;
    pp_bn_to_bytes(out, 5, r, 8);
    CHECK(out[0] == 0 && out[1] == 0 && out[2] == 0 && out[3] == 0x12 && out[4] == 0x34);
    CHECK(pp_bn_bits_vartime(r, 8) == 13);
    pp_bn_zero(r, 8);
    CHECK(pp_bn_bits_vartime(r, 8) == 0);
}

int main(void)
{
    static const size_t sizes[] = { 512, 768, 1024, 1056, 1536, 2048, 3072, 4096 };
    size_t i;
    ctx = BN_CTX_new();
    find_kernels();
    printf("kernel: %s; the exponentiations cycle through %u kernel(s)\n", pp_bn_kernel_name(),
           (unsigned)n_runnable);
    test_rng_seed(0x6269676e756d0001ull);
    test_bytes();
    for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        if (sizes[i] > PICOPSA_RSA_MAX_BITS) {
            continue;
        }
        test_size(sizes[i], 0, sizes[i] >= 3072 ? 3 : 6);
        /* a modulus shorter than its limbs (top limb partly zero) */
        test_size(sizes[i], 5, 2);
        test_inverse(sizes[i], 0);
        test_inverse(sizes[i], 13);
    }
    {
        /* the fixed-size kernels' limb counts and their neighbours */
        static const size_t kernel_bits[] = { 448, 512, 576, 1024, 1088, 1536, 2048, 2112 };
        int shape;
        for (i = 0; i < sizeof(kernel_bits) / sizeof(kernel_bits[0]); i++) {
            for (shape = 0; shape < 3 && kernel_bits[i] <= PICOPSA_RSA_MAX_BITS; shape++) {
                test_kernels(kernel_bits[i], shape);
            }
        }
    }
    BN_CTX_free(ctx);
    return test_report("bignum");
}
#endif /* TEST_HAVE_RSA */
