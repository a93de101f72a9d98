/*
 * ct_ed25519.c -- Ed25519 is constant time in its secrets, checked under
 * valgrind memcheck (tests/ct/ct.h): with the seed (and so the clamped
 * scalar, the nonce prefix and the nonce) marked secret, run
 *  - key generation: pp_eddsa_generate_key, fed by the pp_random_bytes below,
 *    whose output is marked secret (it replaces the library's DRBG in this
 *    program; nothing else here needs the RNG);
 *  - public key derivation: pp_ed25519_public_key and the PSA import of a
 *    key pair (pp_eddsa_import_key derives the public key);
 *  - both signing paths: PureEdDSA (pp_ed25519_sign, pp_eddsa_sign_message)
 *    and Ed25519ph (pp_ed25519ph_sign, pp_eddsa_sign_hash; messages are
 *    prehashed by the dispatch layer);
 *  - on hosts, the constant-time safegcd inversion that encodes points
 *    (pp_fe25519_invert_safegcd) called directly on a secret value.
 * The declassified outputs are checked against OpenSSL so the run also
 * proves the code did its job.
 */
#include <string.h>

#include <openssl/evp.h>

#include <psa/crypto.h>

#include "ct.h"
#include "dispatch/pp_drivers.h"
#include "ed25519/ed25519.h"
#include "curve25519/fe25519.h"
#include "hash/sha512.h"
#include "random/pp_random.h"
#include "test_ossl_ed25519.h"
#include "test_util.h"
#include "test_config.h"
#if !(TEST_HAVE_ED25519)
/* The whole subject of this test is configured out. */
int main(void)
{
    return test_skip("ct_ed25519", "Ed25519 configured out (PSA_WANT_ECC_TWISTED_EDWARDS_255 0)");
}
#else

#define ED_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS)

/* Test RNG for pp_eddsa_generate_key: deterministic bytes, marked secret. */
psa_status_t pp_random_bytes(uint8_t *out, size_t len)
{
    test_rng_bytes(out, len);
    CT_SECRET(out, len);
    return PSA_SUCCESS;
}

static void ossl_public(uint8_t pk[32], const uint8_t seed[32])
{
    EVP_PKEY *key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
    size_t len = 32;
    CHECK(key != NULL && EVP_PKEY_get_raw_public_key(key, pk, &len) == 1);
    EVP_PKEY_free(key);
}

static int ossl_verify(const uint8_t sig[64], const uint8_t pk[32], const uint8_t *msg, size_t len)
{
    return test_ossl_ed25519_verify(pk, msg, len, sig, 64);
}

int main(void)
{
    uint8_t seed[32], pk[32], pk_ossl[32], sig[64], sig2[64], msg[100], ph[64];
    uint8_t material[PP_EDDSA_KEY_PAIR_MATERIAL_SIZE];
    size_t material_len, bits, sig_len;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;   /* driver.h: keys come with attributes */
    int round, ret;
    psa_status_t status;

    attr.type = ED_PAIR;   /* not psa_set_key_*: they would link the RNG this test replaces */
    attr.bits = 255;

    test_rng_seed(0xc725519);
    CHECK(CT_UNDER_VALGRIND());

    for (round = 0; round < 3; round++) {
        test_rng_bytes(seed, sizeof(seed));
        test_rng_bytes(msg, sizeof(msg));
        pp_sha512(msg, sizeof(msg), ph);
        ossl_public(pk_ossl, seed);

        /* Public key derivation. */
        CT_SECRET(seed, sizeof(seed));
        pp_ed25519_public_key(pk, seed);
        CT_PUBLIC(pk, sizeof(pk));
        CHECK_MEM(pk, pk_ossl, 32);

        /* PureEdDSA signing. Its result (the fault check's, ed25519.h) is
         * public, as the signature is. */
        ret = pp_ed25519_sign(sig, seed, pk, msg, sizeof(msg));
        CT_PUBLIC(&ret, sizeof(ret));
        CHECK_STATUS(ret, 0);
        CT_PUBLIC(sig, sizeof(sig));
        CHECK(ossl_verify(sig, pk, msg, sizeof(msg)));

        /* Ed25519ph signing. */
        ret = pp_ed25519ph_sign(sig, seed, pk, ph);
        CT_PUBLIC(&ret, sizeof(ret));
        CHECK_STATUS(ret, 0);
        CT_PUBLIC(sig, sizeof(sig));
        CHECK(pp_ed25519ph_verify(sig, pk, ph) == 0);

        /* The PSA glue: import derives the public key, then both paths. */
        CHECK_STATUS(pp_eddsa_import_key(&attr, seed, 32, material, sizeof(material),
                                     &material_len, &bits), PSA_SUCCESS);
        CT_PUBLIC(material + 32, 32);
        CHECK_MEM(material + 32, pk_ossl, 32);
        status = pp_eddsa_sign_message(&attr, material, material_len, PSA_ALG_PURE_EDDSA, msg,
                                       sizeof(msg), sig, sizeof(sig), &sig_len);
        CT_PUBLIC(&status, sizeof(status));
        CHECK_STATUS(status, PSA_SUCCESS);
        CT_PUBLIC(sig, sizeof(sig));
        CHECK(ossl_verify(sig, pk, msg, sizeof(msg)));
        /* Ed25519ph messages are prehashed by the dispatch layer, so the
         * driver's sign_hash is compared with the seed-based signer. */
        ret = pp_ed25519ph_sign(sig, seed, pk, ph);
        CT_PUBLIC(&ret, sizeof(ret));
        CHECK_STATUS(ret, 0);
        status = pp_eddsa_sign_hash(&attr, material, material_len, PSA_ALG_ED25519PH, ph,
                                    sizeof(ph), sig2, sizeof(sig2), &sig_len);
        CT_PUBLIC(&status, sizeof(status));
        CHECK_STATUS(status, PSA_SUCCESS);
        CT_PUBLIC(sig, sizeof(sig));
        CT_PUBLIC(sig2, sizeof(sig2));
        CHECK_MEM(sig, sig2, 64);
        CHECK(pp_ed25519ph_verify(sig, pk, ph) == 0);

#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
        /* The safegcd inversion on its own, input secret (also reached
         * through every encoding above), against the Fermat inversion. */
        {
            fe25519 x, inv_ct, inv_fermat;
            uint8_t got[32], want[32];
            pp_fe25519_frombytes(&x, seed);
            pp_fe25519_invert(&inv_fermat, &x);
            pp_fe25519_invert_safegcd(&inv_ct, &x);
            pp_fe25519_tobytes(got, &inv_ct);
            pp_fe25519_tobytes(want, &inv_fermat);
            CT_PUBLIC(got, sizeof(got));
            CT_PUBLIC(want, sizeof(want));
            CHECK_MEM(got, want, 32);
        }
#endif

        /* Key generation from (secret) random bytes. */
        CHECK_STATUS(pp_eddsa_generate_key(&attr, NULL, 0, material, sizeof(material), &material_len),
                     PSA_SUCCESS);
        CT_PUBLIC(material + 32, 32);
        memcpy(seed, material, 32);
        CT_PUBLIC(seed, 32);
        ossl_public(pk_ossl, seed);
        CHECK_MEM(material + 32, pk_ossl, 32);
    }
    return test_report("ct_ed25519");
}
#endif /* TEST_HAVE_ED25519 */
