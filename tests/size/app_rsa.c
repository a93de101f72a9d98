/*
 * tests/size/app_rsa.c -- what an RSA-only product calls: psa_crypto_init,
 * import an RSA key pair, psa_sign_hash / psa_verify_hash (PKCS#1 v1.5 and
 * PSS over SHA-256), psa_asymmetric_encrypt / _decrypt (OAEP and PKCS#1
 * v1.5), PSA Crypto API 1.2 sections 10.2, 9.6, 10.7, 10.8. Linked by
 * size_test.py with the other family configured out (configs/rsa_only.h: no
 * Ed25519 or SHA-512 byte may be linked) and in the default configuration
 * (what of Ed25519 it carries is reported). The key bytes are a stand-in:
 * the image is linked, never run.
 */
#include "size_app.h"

static const uint8_t key_der[] = {0x30, 0x82, 0x04, 0xa4, 0x02, 0x01, 0x00};

int main(void)
{
    static const uint8_t hash[32] = {1, 2, 3};
    static const uint8_t secret[16] = {4, 5, 6};
    uint8_t signature[PSA_SIGNATURE_MAX_SIZE];
    uint8_t ciphertext[PSA_ASYMMETRIC_ENCRYPT_OUTPUT_MAX_SIZE];
    uint8_t plaintext[PSA_ASYMMETRIC_DECRYPT_OUTPUT_MAX_SIZE];
    size_t length = 0;
    size_t ct_length = 0;
    psa_key_id_t key = PSA_KEY_ID_NULL;
    psa_key_attributes_t attributes = PSA_KEY_ATTRIBUTES_INIT;
    psa_status_t status = psa_crypto_init();
    const psa_algorithm_t sign_algs[2] = {PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256),
                                          PSA_ALG_RSA_PSS(PSA_ALG_SHA_256)};
    const psa_algorithm_t crypt_algs[2] = {PSA_ALG_RSA_OAEP(PSA_ALG_SHA_256),
                                           PSA_ALG_RSA_PKCS1V15_CRYPT};

    psa_set_key_type(&attributes, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_usage_flags(&attributes, PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH |
                                         PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&attributes, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256));
    size_app_keep(psa_import_key(&attributes, key_der, sizeof key_der, &key), 0);

    for (size_t i = 0; i < 2; i++) {
        status = psa_sign_hash(key, sign_algs[i], hash, sizeof hash, signature, sizeof signature,
                               &length);
        size_app_keep(status, length);
        size_app_keep(psa_verify_hash(key, sign_algs[i], hash, sizeof hash, signature, length), 0);
        status = psa_asymmetric_encrypt(key, crypt_algs[i], secret, sizeof secret, NULL, 0,
                                        ciphertext, sizeof ciphertext, &ct_length);
        size_app_keep(status, ct_length);
        status = psa_asymmetric_decrypt(key, crypt_algs[i], ciphertext, ct_length, NULL, 0,
                                        plaintext, sizeof plaintext, &length);
        size_app_keep(status, length);
    }
    size_app_keep(psa_destroy_key(key), 0);
    return (int)size_app_sink;
}
