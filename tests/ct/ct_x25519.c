/*
 * ct_x25519.c -- X25519 is constant time in the private scalar: under
 * valgrind memcheck with the scalar marked secret (CT_SECRET), the ladder,
 * its conditional swaps, the inversion and the encoding must not branch
 * or index memory on it. Covered: pp_x25519 (agreement), the public key
 * of pp_x25519_public_key (key generation), and the PSA driver's key
 * agreement entry point with the key buffer secret (the all-zero check
 * yields only its verdict). Results are declassified and checked against
 * the RFC 7748 sec. 6.1 vector and OpenSSL.
 */
#include <string.h>

#include <openssl/evp.h>

#include <psa/crypto.h>

#include "ct.h"
#include "test_util.h"

#if !PSA_WANT_ECC_MONTGOMERY_255 || !PSA_WANT_ALG_ECDH
int main(void)
{
    return test_skip("ct_x25519", "X25519 configured out");
}
#else

#include "dispatch/pp_drivers.h"
#include "x25519/x25519.h"

static void ossl_public(const uint8_t sk[32], uint8_t pk[32])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, sk, 32);
    size_t len = 32;
    CHECK(k != NULL && EVP_PKEY_get_raw_public_key(k, pk, &len) == 1);
    EVP_PKEY_free(k);
}

int main(void)
{
    static const uint8_t a_sk[32] = {
        0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
        0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a};
    static const uint8_t b_pk[32] = {
        0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61, 0xc2, 0xec, 0xe4, 0x35, 0x37,
        0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78, 0x67, 0x4d, 0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f};
    static const uint8_t shared[32] = {
        0x4a, 0x5d, 0x9d, 0x5b, 0xa4, 0xce, 0x2d, 0xe1, 0x72, 0x8e, 0x3b, 0xf4, 0x80, 0x35, 0x0f, 0x25,
        0xe0, 0x7e, 0x21, 0xc9, 0x47, 0xd1, 0x9e, 0x33, 0x76, 0xf0, 0x9b, 0x3c, 0x1e, 0x16, 0x17, 0x42};
    uint8_t sk[32], pk[32], want[32], out[32], key_buffer[PP_X25519_KEY_PAIR_MATERIAL_SIZE];
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    size_t len = 0;
    unsigned i;
    int zero;

    test_rng_seed(0x7748);
    CHECK(CT_UNDER_VALGRIND());

    /* Agreement with a secret scalar. */
    memcpy(sk, a_sk, 32);
    CT_SECRET(sk, 32);
    zero = pp_x25519(out, sk, b_pk);
    CT_PUBLIC(&zero, sizeof(zero));
    CT_PUBLIC(out, 32);
    CHECK(zero == 0);
    CHECK_MEM(out, shared, 32);

    /* Public keys of random secret scalars (key generation). */
    for (i = 0; i < 4; i++) {
        test_rng_bytes(sk, 32);
        ossl_public(sk, want);
        CT_SECRET(sk, 32);
        pp_x25519_public_key(pk, sk);
        CT_PUBLIC(pk, 32);
        CHECK_MEM(pk, want, 32);
    }

    /* The driver entry point: the whole key buffer secret. */
    psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY));
    psa_set_key_bits(&attr, 255);
    CHECK_STATUS(pp_x25519_import_key(&attr, a_sk, 32, key_buffer, sizeof(key_buffer), &len,
                                      &(size_t){0}), PSA_SUCCESS);
    CT_SECRET(key_buffer, sizeof(key_buffer));
    {
        psa_status_t status = pp_x25519_key_agreement(&attr, key_buffer, sizeof(key_buffer),
                                                      PSA_ALG_ECDH, b_pk, 32, out, 32, &len);
        CT_PUBLIC(&status, sizeof(status));
        CT_PUBLIC(out, 32);
        CHECK_STATUS(status, PSA_SUCCESS);
        CHECK_MEM(out, shared, 32);
    }
    return test_report("ct_x25519");
}
#endif
