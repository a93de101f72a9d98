/*
 * test_rsa_keygen.c -- RSA key generation (pp_rsa_keygen) and its prime
 * testing core: generated keys must pass OpenSSL's EVP_PKEY_private_check
 * and pairwise check, meet the FIPS 186-5 A.1.3 size rules (exact modulus
 * size, |p - q| > 2^(bits/2 - 100), d > 2^(bits/2)) and sign/verify with
 * OpenSSL both ways; Miller-Rabin and the small-modulus residues agree with
 * OpenSSL's BN_check_prime / BN_mod_word; bad arguments are rejected.
 */
#include "test_config.h"
#include "test_util.h"
#if !(TEST_HAVE_RSA_KEY_PAIR)
/* The whole subject of this test is configured out. */
int main(void)
{
    return test_skip("rsa_keygen", "RSA key pairs configured out (PSA_WANT_KEY_TYPE_RSA_KEY_PAIR 0)");
}
#else

#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>

#include "random/pp_random.h"
#include "rsa/rsa.h"
#include "rsa/rsa_core_internal.h"
#include "test_util.h"

#define MAXB (PICOPSA_RSA_MAX_BITS / 8)

static const char *const names[8] = {
    OSSL_PKEY_PARAM_RSA_N, OSSL_PKEY_PARAM_RSA_E, OSSL_PKEY_PARAM_RSA_D,
    OSSL_PKEY_PARAM_RSA_FACTOR1, OSSL_PKEY_PARAM_RSA_FACTOR2,
    OSSL_PKEY_PARAM_RSA_EXPONENT1, OSSL_PKEY_PARAM_RSA_EXPONENT2,
    OSSL_PKEY_PARAM_RSA_COEFFICIENT1
};

static uint8_t material[PP_RSA_KEY_MATERIAL_SIZE];

static BIGNUM *component(int which)
{
    uint8_t buf[MAXB + 1];
    size_t len = 0;
    if (pp_rsa_key_get_component(material, which, buf, sizeof(buf), &len) != PSA_SUCCESS) {
        abort();
    }
    return BN_bin2bn(buf, (int)len, NULL);
}

static EVP_PKEY *to_openssl(BIGNUM *const *v)
{
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    OSSL_PARAM *params;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    EVP_PKEY *pkey = NULL;
    int i;
    for (i = 0; i < 8; i++) {
        OSSL_PARAM_BLD_push_BN(bld, names[i], v[i]);
    }
    params = OSSL_PARAM_BLD_to_param(bld);
    EVP_PKEY_fromdata_init(c);
    if (EVP_PKEY_fromdata(c, &pkey, EVP_PKEY_KEYPAIR, params) <= 0) {
        pkey = NULL;
    }
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    EVP_PKEY_CTX_free(c);
    return pkey;
}

static void test_generate(size_t bits, uint32_t e)
{
    size_t mlen = 0, k = (bits + 7u) / 8u, i;
    BIGNUM *v[8], *diff = BN_new(), *bound = BN_new();
    EVP_PKEY *pkey;
    uint8_t x[MAXB], y[MAXB], z[MAXB];

    CHECK_STATUS(pp_rsa_keygen(material, sizeof(material), &mlen, bits, e), PSA_SUCCESS);
    CHECK(pp_rsa_key_bits(material) == bits);
    CHECK(pp_rsa_key_is_pair(material) == 1);
    for (i = 0; i < 8; i++) {
        v[i] = component((int)i);
    }
    CHECK(BN_num_bits(v[0]) == (int)bits);
    CHECK(BN_get_word(v[1]) == (e == 0 ? 65537u : e));
    CHECK(BN_num_bits(v[3]) == (int)(bits / 2u) && BN_num_bits(v[4]) == (int)(bits / 2u));
    /* |p - q| > 2^(bits/2 - 100), d > 2^(bits/2) */
    BN_sub(diff, v[3], v[4]);
    BN_set_negative(diff, 0);
    BN_one(bound);
    BN_lshift(bound, bound, (int)(bits / 2u - 100u));
    CHECK(BN_cmp(diff, bound) > 0);
    BN_one(bound);
    BN_lshift(bound, bound, (int)(bits / 2u));
    CHECK(BN_cmp(v[2], bound) > 0);
    /* p and q prime according to OpenSSL too */
    CHECK(BN_check_prime(v[3], NULL, NULL) == 1);
    CHECK(BN_check_prime(v[4], NULL, NULL) == 1);

    pkey = to_openssl(v);
    CHECK(pkey != NULL);
    if (pkey != NULL) {
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(pkey, NULL);
        size_t len = k;
        CHECK(EVP_PKEY_private_check(c) == 1);
        CHECK(EVP_PKEY_pairwise_check(c) == 1);
        /* our private op = OpenSSL's raw private op; OpenSSL's public op inverts ours */
        test_rng_bytes(x, k);
        x[0] = (bits % 8u) ? 0 : (uint8_t)(x[0] & 0x7f); /* < n */
        CHECK_STATUS(pp_rsa_private_op(material, x, y), PSA_SUCCESS);
        EVP_PKEY_encrypt_init(c);
        EVP_PKEY_CTX_set_rsa_padding(c, RSA_NO_PADDING);
        CHECK(EVP_PKEY_encrypt(c, z, &len, y, k) > 0 && len == k);
        CHECK_MEM(z, x, k);
        EVP_PKEY_decrypt_init(c);
        EVP_PKEY_CTX_set_rsa_padding(c, RSA_NO_PADDING);
        len = k;
        CHECK(EVP_PKEY_decrypt(c, z, &len, x, k) > 0 && len == k);
        CHECK_MEM(z, y, k);
        EVP_PKEY_CTX_free(c);
        EVP_PKEY_free(pkey);
    }
    for (i = 0; i < 8; i++) {
        BN_free(v[i]);
    }
    BN_free(diff);
    BN_free(bound);
}

/* Miller-Rabin rounds and residues against OpenSSL on random odd numbers,
 * known primes and known composites. */
static void test_prime_core(void)
{
    pp_limb w[PP_RSA_HALF_MAX_LIMBS], rnd[PP_RSA_HALF_MAX_LIMBS];
    const size_t bits = 512, hl = PP_BN_LIMBS(512);
    uint8_t buf[64];
    BN_CTX *ctx = BN_CTX_new();
    int i, primes_seen = 0, composites_seen = 0;
    static const uint32_t mods[] = { 3, 5, 4093, 65537, 65539, 4294967291u, 2147483647u };

    for (i = 0; i < 400; i++) {
        BIGNUM *b;
        int is_prime;
        pp_limb verdict;
        size_t j;
        test_rng_bytes(buf, sizeof(buf));
        buf[0] |= 0x80;
        buf[63] |= 1;
        b = BN_bin2bn(buf, 64, NULL);
        if (i % 4 == 0) { /* make every fourth a prime */
            BN_generate_prime_ex(b, 512, 0, NULL, NULL, NULL);
            BN_bn2bin(b, buf);
        }
        (void)pp_bn_from_bytes(w, hl, buf, 64);
        is_prime = BN_check_prime(b, ctx, NULL);
        test_rng_bytes((uint8_t *)rnd, hl * sizeof(pp_limb));
        verdict = pp_rsa_miller_rabin_round(w, bits, rnd, hl, (i & 1) ? pp_bn_kernel_selected() : PP_BN_KERNEL_BASE);
        if (is_prime) {
            CHECK(verdict != 0);
            primes_seen++;
        } else {
            /* a random composite passes one round with probability < 1/4
             * (and far less in practice): two rounds must both pass */
            test_rng_bytes((uint8_t *)rnd, hl * sizeof(pp_limb));
            CHECK((verdict & pp_rsa_miller_rabin_round(w, bits, rnd, hl, 0)) == 0);
            composites_seen++;
        }
        for (j = 0; j < sizeof(mods) / sizeof(mods[0]); j++) {
            CHECK(pp_rsa_residue_u32(w, hl, mods[j]) == (uint32_t)BN_mod_word(b, mods[j]));
        }
        BN_free(b);
    }
    CHECK(primes_seen >= 100 && composites_seen >= 100);
    /* a strong pseudoprime to base 2: 2^(2^k) + 1 style numbers aside, the
     * product of two primes p * q with q = 2p - 1 (Carmichael-like) must
     * still be caught with random bases */
    {
        BIGNUM *p = BN_new(), *q = BN_new(), *n = BN_new();
        int caught = 0;
        do {
            BN_generate_prime_ex(p, 254, 0, NULL, NULL, NULL);
            BN_lshift1(q, p);
            BN_sub_word(q, 1);
        } while (BN_check_prime(q, ctx, NULL) != 1);
        BN_mul(n, p, q, ctx);
        memset(buf, 0, sizeof(buf));
        BN_bn2binpad(n, buf, 64);
        (void)pp_bn_from_bytes(w, hl, buf, 64);
        /* p(2p-1) is Miller-Rabin's worst case: up to 1/4 of the bases
         * are strong liars, so 4 rounds miss it with probability up to
         * 1/256 (seen once in CI; OpenSSL's prime is not seeded). 40
         * rounds: at most 2^-80. */
        for (i = 0; i < 40; i++) {
            test_rng_bytes((uint8_t *)rnd, hl * sizeof(pp_limb));
            caught |= pp_rsa_miller_rabin_round(w, (size_t)BN_num_bits(n), rnd, hl, 0) == 0;
        }
        CHECK(caught);
        BN_free(p);
        BN_free(q);
        BN_free(n);
    }
    CHECK(pp_rsa_mr_rounds(1024) == 5 && pp_rsa_mr_rounds(1536) == 4 && pp_rsa_mr_rounds(2048) == 4);
    BN_CTX_free(ctx);
}

static void test_bad_arguments(void)
{
    size_t mlen;
    CHECK_STATUS(pp_rsa_keygen(material, sizeof(material), &mlen, 2047, 0), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_rsa_keygen(material, sizeof(material), &mlen, 512, 0), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(pp_rsa_keygen(material, sizeof(material), &mlen, PICOPSA_RSA_MAX_BITS + 64u, 0),
                 PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(pp_rsa_keygen(material, sizeof(material), &mlen, 1024, 3), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_rsa_keygen(material, sizeof(material), &mlen, 1024, 65538), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_rsa_keygen(material, sizeof(material), &mlen, 1024, 65541), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(pp_rsa_keygen(material, 200, &mlen, 1024, 0), PSA_ERROR_BUFFER_TOO_SMALL);
}

int main(void)
{
    test_rng_seed(0x6b657967656e0001ull);
    CHECK_STATUS(pp_random_init(), PSA_SUCCESS);
    test_prime_core();
    test_bad_arguments();
    test_generate(1024, 0);
    test_generate(1024, 65539);   /* another prime e */
    test_generate(2048, 0);
    test_generate(2048, 65537);
    test_generate(3072, 0);
    test_generate(1026, 0);       /* half size 513 bits: top limb holds 1 bit */
    test_generate(2056, 0);       /* not a multiple of the limb size */
    if (PICOPSA_RSA_MAX_BITS >= 4096) {
        test_generate(4096, 0);
    }
    pp_random_free();
    return test_report("rsa_keygen");
}
#endif /* TEST_HAVE_RSA_KEY_PAIR */
