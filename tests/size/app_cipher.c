/*
 * tests/size/app_cipher.c -- what a product that encrypts with the cipher
 * API calls (PSA Crypto API 1.2 section 10.4): psa_crypto_init, import an
 * AES-128, an AES-128-XTS (256-bit) and a ChaCha20 key, psa_cipher_encrypt
 * / psa_cipher_decrypt with every unauthenticated cipher algorithm, and the multipart operation
 * (encrypt_setup, generate_iv, update, finish; decrypt_setup, set_iv,
 * abort). Linked by size_test.py with the families it calls configured out
 * (tests/size/cipher_none.h: no byte of src/aes, src/cipher or
 * src/chacha20; cipher_aes.h: none of src/chacha20; cipher_chacha20.h:
 * none of src/aes nor of the AES modes; cipher_no_xts.h: none of
 * cipher_xts.c). Because the algorithm is a
 * run-time argument, only PSA_WANT_* = 0 can leave a family out of such an
 * image. The key bytes are a stand-in: the image is linked, never run.
 */
#include "size_app.h"

static const uint8_t key_bytes[32] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6};

static void one_key(psa_key_type_t type, size_t bits, const psa_algorithm_t *algs, size_t n)
{
    static const uint8_t plaintext[64] = {1, 2, 3};
    uint8_t ciphertext[PSA_CIPHER_ENCRYPT_OUTPUT_MAX_SIZE(sizeof plaintext)];
    uint8_t decrypted[sizeof ciphertext];
    uint8_t iv[PSA_CIPHER_IV_MAX_SIZE];
    size_t length = 0, ct_length = 0;
    psa_key_id_t key = PSA_KEY_ID_NULL;
    psa_key_attributes_t attributes = PSA_KEY_ATTRIBUTES_INIT;

    psa_set_key_type(&attributes, type);
    psa_set_key_bits(&attributes, bits);
    psa_set_key_usage_flags(&attributes, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&attributes, algs[0]);
    size_app_keep(psa_import_key(&attributes, key_bytes, bits / 8u, &key), 0);
    for (size_t i = 0; i < n; i++) {
        psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
        psa_status_t status = psa_cipher_encrypt(key, algs[i], plaintext, sizeof plaintext,
                                                 ciphertext, sizeof ciphertext, &ct_length);
        size_app_keep(status, ct_length);
        status = psa_cipher_decrypt(key, algs[i], ciphertext, ct_length, decrypted,
                                    sizeof decrypted, &length);
        size_app_keep(status, length);

        size_app_keep(psa_cipher_encrypt_setup(&op, key, algs[i]), 0);
        size_app_keep(psa_cipher_generate_iv(&op, iv, sizeof iv, &length), length);
        size_app_keep(psa_cipher_update(&op, plaintext, sizeof plaintext, ciphertext,
                                        sizeof ciphertext, &length), length);
        size_app_keep(psa_cipher_finish(&op, ciphertext + length, sizeof ciphertext - length,
                                        &length), length);
        size_app_keep(psa_cipher_decrypt_setup(&op, key, algs[i]), 0);
        size_app_keep(psa_cipher_set_iv(&op, iv, 16), 0);
        size_app_keep(psa_cipher_abort(&op), 0);
    }
    size_app_keep(psa_destroy_key(key), 0);
}

int main(void)
{
    static const psa_algorithm_t aes_algs[] = {
        PSA_ALG_ECB_NO_PADDING, PSA_ALG_CBC_NO_PADDING, PSA_ALG_CBC_PKCS7, PSA_ALG_CTR,
        PSA_ALG_CFB, PSA_ALG_OFB, PSA_ALG_CCM_STAR_NO_TAG,
    };
    static const psa_algorithm_t stream_alg[] = {PSA_ALG_STREAM_CIPHER};
    static const psa_algorithm_t xts_alg[] = {PSA_ALG_XTS};

    size_app_keep(psa_crypto_init(), 0);
    one_key(PSA_KEY_TYPE_AES, 128, aes_algs, sizeof aes_algs / sizeof aes_algs[0]);
    one_key(PSA_KEY_TYPE_AES, 256, xts_alg, 1);
    one_key(PSA_KEY_TYPE_CHACHA20, 256, stream_alg, 1);
    one_key(PSA_KEY_TYPE_XCHACHA20, 256, stream_alg, 1);
    return (int)size_app_sink;
}
