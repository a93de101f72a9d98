/*
 * test_rsa_work.c -- the caller-given work areas of the RSA operations
 * (pp_rsa_private_op_work / pp_rsa_public_op_work, PP_RSA_*_WORK_SIZE in
 * src/rsa/rsa.h): with OpenSSL keys of 1024, 1030, 2048 and 3072 bits, the
 * private operation must equal OpenSSL's raw decryption with the area of
 * every window 1..PICOPSA_RSA_WINDOW_BITS (the window is chosen from the
 * area), must leave the area wiped, and must refuse areas that are NULL,
 * misaligned or too small without touching the output; the public
 * operation must work with exactly PP_RSA_PUBLIC_WORK_SIZE bytes and refuse
 * one limb less.
 */
#include "test_config.h"
#include "test_util.h"
#if !(TEST_HAVE_RSA_KEY_PAIR)
/* The whole subject of this test is configured out. */
int main(void)
{
    return test_skip("rsa_work", "RSA key pairs configured out (PSA_WANT_KEY_TYPE_RSA_KEY_PAIR 0)");
}
#else

#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>

#include "random/pp_random.h"
#include "rsa/rsa.h"
#include "test_ossl_rsa.h"
#include "test_util.h"

#define MAXB (PICOPSA_RSA_MAX_BITS / 8)
#define LIMB_BYTES (PICOPSA_BN_LIMB_BITS / 8)

static const char *const param_names[8] = {
    OSSL_PKEY_PARAM_RSA_N, OSSL_PKEY_PARAM_RSA_E, OSSL_PKEY_PARAM_RSA_D,
    OSSL_PKEY_PARAM_RSA_FACTOR1, OSSL_PKEY_PARAM_RSA_FACTOR2,
    OSSL_PKEY_PARAM_RSA_EXPONENT1, OSSL_PKEY_PARAM_RSA_EXPONENT2,
    OSSL_PKEY_PARAM_RSA_COEFFICIENT1
};

static uint8_t material[PP_RSA_KEY_MATERIAL_SIZE];
static uint8_t key_buf[8][MAXB + 1];

static EVP_PKEY *load_openssl_key(int bits)
{
    EVP_PKEY *pkey = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, NULL);
    pp_rsa_key_parts parts;
    size_t len[8], mlen = 0, kbits = 0;
    int i;
    EVP_PKEY_keygen_init(c);
    EVP_PKEY_CTX_set_rsa_keygen_bits(c, bits);
    if (EVP_PKEY_keygen(c, &pkey) <= 0) {
        abort();
    }
    EVP_PKEY_CTX_free(c);
    for (i = 0; i < 8; i++) {
        BIGNUM *v = NULL;
        if (!EVP_PKEY_get_bn_param(pkey, param_names[i], &v)) {
            abort();
        }
        len[i] = (size_t)BN_num_bytes(v);
        BN_bn2bin(v, key_buf[i]);
        BN_free(v);
    }
    parts.n = key_buf[0]; parts.n_len = len[0];
    parts.e = key_buf[1]; parts.e_len = len[1];
    parts.d = key_buf[2]; parts.d_len = len[2];
    parts.p = key_buf[3]; parts.p_len = len[3];
    parts.q = key_buf[4]; parts.q_len = len[4];
    parts.dp = key_buf[5]; parts.dp_len = len[5];
    parts.dq = key_buf[6]; parts.dq_len = len[6];
    parts.qinv = key_buf[7]; parts.qinv_len = len[7];
    CHECK_STATUS(pp_rsa_key_load(material, sizeof(material), &mlen, &parts, 1, &kbits), PSA_SUCCESS);
    CHECK(kbits == (size_t)bits);
    return pkey;
}

static int all_zero(const uint8_t *p, size_t len)
{
    size_t i;
    uint8_t acc = 0;
    for (i = 0; i < len; i++) {
        acc |= p[i];
    }
    return acc == 0;
}

static size_t private_size(int bits, unsigned w)
{
    switch (w) {
    case 1: return PP_RSA_PRIVATE_WORK_SIZE_W(bits, 1);
    case 2: return PP_RSA_PRIVATE_WORK_SIZE_W(bits, 2);
    case 3: return PP_RSA_PRIVATE_WORK_SIZE_W(bits, 3);
    case 4: return PP_RSA_PRIVATE_WORK_SIZE_W(bits, 4);
    case 5: return PP_RSA_PRIVATE_WORK_SIZE_W(bits, 5);
    default: return PP_RSA_PRIVATE_WORK_SIZE_W(bits, 6);
    }
}

static void test_size(int bits)
{
    EVP_PKEY *pkey = load_openssl_key(bits);
    size_t k = (size_t)(bits + 7) / 8, size;
    uint8_t x[MAXB], y[MAXB], ref[MAXB];
    uint8_t *area;
    unsigned w;

    test_rng_bytes(x, k);
    x[0] = (uint8_t)(x[0] % key_buf[0][0]);
    CHECK(test_ossl_rsa_raw(pkey, 1, x, k, ref));

    /* Sizes grow with the window once the table outgrows the inversion's
     * scratch (7 nl + 2 limbs: up to w = 3 the smallest area already has
     * room for the table), and the default is the configured window. */
    CHECK(PP_RSA_PRIVATE_WORK_SIZE(bits) == private_size(bits, PICOPSA_RSA_WINDOW_BITS));
    CHECK(private_size(bits, 3) == private_size(bits, 1));
    CHECK(private_size(bits, 4) > private_size(bits, 3));
    CHECK(private_size(bits, 5) > private_size(bits, 4));

    for (w = 1; w <= PICOPSA_RSA_WINDOW_BITS; w++) {
        size = private_size(bits, w);
        area = malloc(size);
        CHECK(area != NULL);
        memset(area, 0x5a, size);
        memset(y, 0xa5, k);
        CHECK_STATUS(pp_rsa_private_op_work(material, x, y, area, size), PSA_SUCCESS);
        CHECK_MEM(y, ref, k);
        CHECK(all_zero(area, size)); /* wiped */
        free(area);
    }

    /* Refused: NULL, misaligned, too small (half the smallest, and the
     * smallest minus the slack of the bound hl = nl / 2 + 1 and one limb). */
    size = PP_RSA_PRIVATE_WORK_SIZE(bits) + LIMB_BYTES;
    area = malloc(size);
    CHECK(area != NULL);
    memset(y, 0xa5, k);
    CHECK_STATUS(pp_rsa_private_op_work(material, x, y, NULL, size), PSA_ERROR_INSUFFICIENT_MEMORY);
    CHECK_STATUS(pp_rsa_private_op_work(material, x, y, area + 1, size - LIMB_BYTES),
                 PSA_ERROR_INSUFFICIENT_MEMORY);
    CHECK_STATUS(pp_rsa_private_op_work(material, x, y, area, private_size(bits, 1) / 2u),
                 PSA_ERROR_INSUFFICIENT_MEMORY);
    CHECK_STATUS(pp_rsa_private_op_work(material, x, y, area, 0), PSA_ERROR_INSUFFICIENT_MEMORY);
    {
        size_t nl = ((size_t)bits + PICOPSA_BN_LIMB_BITS - 1u) / PICOPSA_BN_LIMB_BITS;
        size_t bound_slack = 11u * (nl / 2u + 1u) - 11u * ((nl + 1u) / 2u); /* hl bound - hl */
        CHECK_STATUS(pp_rsa_private_op_work(material, x, y, area,
                                            private_size(bits, 1) - (bound_slack + 1u) * LIMB_BYTES),
                     PSA_ERROR_INSUFFICIENT_MEMORY);
        CHECK(y[0] == 0xa5 && y[k - 1u] == 0xa5); /* output untouched */
        /* one limb more is the key's exact minimum: works */
        CHECK_STATUS(pp_rsa_private_op_work(material, x, y, area,
                                            private_size(bits, 1) - bound_slack * LIMB_BYTES),
                     PSA_SUCCESS);
        CHECK_MEM(y, ref, k);
    }
    /* The stack variant gives the same. */
    CHECK_STATUS(pp_rsa_private_op(material, x, y), PSA_SUCCESS);
    CHECK_MEM(y, ref, k);

    /* Public: exactly PP_RSA_PUBLIC_WORK_SIZE, and one limb less. */
    CHECK(test_ossl_rsa_raw(pkey, 0, x, k, ref));
    CHECK(PP_RSA_PUBLIC_WORK_SIZE(bits) <= size);
    CHECK_STATUS(pp_rsa_public_op_work(material, x, y, area, PP_RSA_PUBLIC_WORK_SIZE(bits)),
                 PSA_SUCCESS);
    CHECK_MEM(y, ref, k);
    CHECK_STATUS(pp_rsa_public_op_work(material, x, y, area,
                                       PP_RSA_PUBLIC_WORK_SIZE(bits) - LIMB_BYTES),
                 PSA_ERROR_INSUFFICIENT_MEMORY);
    CHECK_STATUS(pp_rsa_public_op_work(material, x, y, area + 1, PP_RSA_PUBLIC_WORK_SIZE(bits)),
                 PSA_ERROR_INSUFFICIENT_MEMORY);
    free(area);
    EVP_PKEY_free(pkey);
}

int main(void)
{
    static const int sizes[] = { 1024, 1030, 2048, 3072 };
    size_t i;
    test_rng_seed(0x7273615f776f726bull);
    CHECK_STATUS(pp_random_init(), PSA_SUCCESS);
    for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        if (sizes[i] <= PICOPSA_RSA_MAX_BITS) {
            test_size(sizes[i]);
        }
    }
    /* The documented figures for 32-bit limbs and w = 4 (docs/rsa.md). */
#if PICOPSA_BN_LIMB_BITS == 32
    CHECK(PP_RSA_PRIVATE_WORK_SIZE_W(2048, 4) == 4868u);
    CHECK(PP_RSA_PUBLIC_WORK_SIZE(2048) == 2312u);
#endif
    pp_random_free();
    return test_report("rsa_work");
}
#endif /* TEST_HAVE_RSA_KEY_PAIR */
