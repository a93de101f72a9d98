/*
 * ct_hkdf.c -- HKDF is constant time in its secret inputs: under valgrind
 * memcheck with the input keying material (and the PRK of HKDF_EXPAND)
 * marked secret, the PSA key derivation operation (extract, expand, the
 * output stream in uneven pieces, verify_bytes' comparison) must not
 * branch or index memory on them. The declassified output is checked
 * against OpenSSL's HKDF.
 */
#include <string.h>

#include <openssl/evp.h>
#include <openssl/kdf.h>

#include "ct.h"
#include "test_config.h"
#include "test_util.h"

#if !PSA_WANT_ALG_HKDF || !PSA_WANT_ALG_HKDF_EXPAND
int main(void)
{
    return test_skip("ct_hkdf", "HKDF configured out");
}
#else

#include <psa/crypto.h>

static void ossl_hkdf(const EVP_MD *md, const uint8_t *salt, size_t salt_len, const uint8_t *ikm,
                      size_t ikm_len, const uint8_t *info, size_t info_len, uint8_t *out,
                      size_t len)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, NULL);
    CHECK(ctx != NULL && EVP_PKEY_derive_init(ctx) == 1);
    CHECK(EVP_PKEY_CTX_set_hkdf_md(ctx, md) == 1);
    CHECK(EVP_PKEY_CTX_set1_hkdf_salt(ctx, salt, (int)salt_len) == 1);
    CHECK(EVP_PKEY_CTX_set1_hkdf_key(ctx, ikm, (int)ikm_len) == 1);
    CHECK(EVP_PKEY_CTX_add1_hkdf_info(ctx, info, (int)info_len) == 1);
    CHECK(EVP_PKEY_derive(ctx, out, &len) == 1);
    EVP_PKEY_CTX_free(ctx);
}

/* PSA_ALG_HKDF(hash) set up with SALT, SECRET and INFO. */
static void hkdf_inputs(psa_key_derivation_operation_t *op, psa_algorithm_t hash,
                        const uint8_t *salt, size_t salt_len, const uint8_t *ikm, size_t ikm_len,
                        const uint8_t *info, size_t info_len)
{
    CHECK_STATUS(psa_key_derivation_setup(op, PSA_ALG_HKDF(hash)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(op, PSA_KEY_DERIVATION_INPUT_SALT, salt,
                                                salt_len), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(op, PSA_KEY_DERIVATION_INPUT_SECRET, ikm,
                                                ikm_len), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(op, PSA_KEY_DERIVATION_INPUT_INFO, info,
                                                info_len), PSA_SUCCESS);
}

int main(void)
{
    static const psa_algorithm_t hashes[2] = {PSA_ALG_SHA_256, PSA_ALG_SHA_512};
    uint8_t ikm[80], salt[20], info[30], out[150], want[150];
    size_t h;

    test_rng_seed(0x5869c7);
    CHECK(CT_UNDER_VALGRIND());
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    for (h = 0; h < 2; h++) {
        psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
        psa_status_t status;
        if (!test_hash_built(hashes[h])) {
            continue;
        }
        test_rng_bytes(ikm, sizeof(ikm));
        test_rng_bytes(salt, sizeof(salt));
        test_rng_bytes(info, sizeof(info));
        ossl_hkdf(hashes[h] == PSA_ALG_SHA_256 ? EVP_sha256() : EVP_sha512(), salt, sizeof(salt),
                  ikm, sizeof(ikm), info, sizeof(info), want, sizeof(want));
        CT_SECRET(ikm, sizeof(ikm));
        hkdf_inputs(&op, hashes[h], salt, sizeof(salt), ikm, sizeof(ikm), info, sizeof(info));
        CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 7), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_output_bytes(&op, out + 7, 100), PSA_SUCCESS);
        /* verify_bytes compares secret output: only its verdict is public. */
        status = psa_key_derivation_verify_bytes(&op, want + 107, 43);
        CT_PUBLIC(&status, sizeof(status));
        CHECK_STATUS(status, PSA_SUCCESS);
        CT_PUBLIC(out, 107);
        CHECK_MEM(out, want, 107);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        CT_PUBLIC(ikm, sizeof(ikm));

        /* A mismatch: since 1.2 it enters the error state (appendix E.1.2),
         * through fail()'s mask, not a branch on the secret comparison. */
        CT_SECRET(ikm, sizeof(ikm));
        hkdf_inputs(&op, hashes[h], salt, sizeof(salt), ikm, sizeof(ikm), info, sizeof(info));
        want[5] ^= 0x10u;
        status = psa_key_derivation_verify_bytes(&op, want, 40);
        want[5] ^= 0x10u;
        CT_PUBLIC(&status, sizeof(status));
        CHECK_STATUS(status, PSA_ERROR_INVALID_SIGNATURE);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        CT_PUBLIC(ikm, sizeof(ikm));

        /* HKDF_EXPAND with a secret PRK. */
        CT_SECRET(ikm, 64);
        CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_HKDF_EXPAND(hashes[h])), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SECRET, ikm, 64),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_INFO, info,
                                                    sizeof(info)), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 99), PSA_SUCCESS);
        CT_PUBLIC(out, 99);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        CT_PUBLIC(ikm, 64);
    }
    return test_report("ct_hkdf");
}
#endif
