/*
 * aead_seal.c -- seal and open a message with AES-128-GCM and
 * ChaCha20-Poly1305 through the PSA AEAD API (PSA Crypto API 1.2 10.5),
 * then show that a forged tag is refused and releases no plaintext.
 *
 * The ChaCha20-Poly1305 key, nonce, AD and message are RFC 8439 2.8.2's,
 * so its tag is the RFC's (1ae10b59...). A real application generates or
 * stores its keys and never repeats a nonce under one key.
 */
#include <stdio.h>
#include <string.h>

#include <psa/crypto.h>

static const uint8_t msg[] = "Ladies and Gentlemen of the class of '99: If I could offer you only one tip "
                             "for the future, sunscreen would be it.";
static const uint8_t ad[12] = {0x50, 0x51, 0x52, 0x53, 0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7};

static int seal_open(const char *name, psa_key_type_t type, psa_algorithm_t alg, const uint8_t *key_bytes,
                     size_t key_len, const uint8_t *nonce, size_t nonce_len)
{
    enum { MSG_LEN = sizeof(msg) - 1 };   /* without the string's NUL */
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t key;
    uint8_t sealed[PSA_AEAD_ENCRYPT_OUTPUT_MAX_SIZE(MSG_LEN)];
    uint8_t opened[PSA_AEAD_DECRYPT_OUTPUT_MAX_SIZE(sizeof(sealed))];
    size_t sealed_len, opened_len, i;
    psa_status_t st;

    psa_set_key_type(&attr, type);
    psa_set_key_bits(&attr, key_len * 8);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&attr, alg);
    if (psa_import_key(&attr, key_bytes, key_len, &key) != PSA_SUCCESS) return 1;

    /* Ciphertext || tag: PSA_AEAD_ENCRYPT_OUTPUT_SIZE(type, alg, MSG_LEN) bytes. */
    st = psa_aead_encrypt(key, alg, nonce, nonce_len, ad, sizeof(ad), msg, MSG_LEN, sealed, sizeof(sealed),
                          &sealed_len);
    if (st != PSA_SUCCESS || sealed_len != PSA_AEAD_ENCRYPT_OUTPUT_SIZE(type, alg, MSG_LEN)) return 1;
    printf("%s: sealed %u bytes, tag ", name, (unsigned)sealed_len);
    for (i = sealed_len - PSA_AEAD_TAG_LENGTH(type, key_len * 8, alg); i < sealed_len; i++) {
        printf("%02x", sealed[i]);
    }
    printf("\n");

    st = psa_aead_decrypt(key, alg, nonce, nonce_len, ad, sizeof(ad), sealed, sealed_len, opened,
                          sizeof(opened), &opened_len);
    if (st != PSA_SUCCESS || opened_len != MSG_LEN || memcmp(opened, msg, MSG_LEN) != 0) return 1;
    printf("%s: opened %u bytes: ok\n", name, (unsigned)opened_len);

    /* A forged tag: INVALID_SIGNATURE, and no plaintext comes out. */
    sealed[sealed_len - 1] ^= 0x01;
    st = psa_aead_decrypt(key, alg, nonce, nonce_len, ad, sizeof(ad), sealed, sealed_len, opened,
                          sizeof(opened), &opened_len);
    printf("%s: forged tag: %s\n", name, st == PSA_ERROR_INVALID_SIGNATURE && opened_len == 0 ? "refused" : "ACCEPTED");
    if (st != PSA_ERROR_INVALID_SIGNATURE || opened_len != 0) return 1;

    psa_destroy_key(key);
    return 0;
}

int main(void)
{
    static const uint8_t aes_key[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                        0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
    static const uint8_t gcm_nonce[12] = {0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad, 0xde, 0xca, 0xf8, 0x88};
    static const uint8_t chacha_nonce[12] = {0x07, 0x00, 0x00, 0x00, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47};
    uint8_t chacha_key[32];
    size_t i;

    for (i = 0; i < sizeof(chacha_key); i++) chacha_key[i] = (uint8_t)(0x80 + i);   /* RFC 8439 2.8.2 */
    if (psa_crypto_init() != PSA_SUCCESS) return 1;
    if (seal_open("AES-128-GCM", PSA_KEY_TYPE_AES, PSA_ALG_GCM, aes_key, sizeof(aes_key), gcm_nonce,
                  sizeof(gcm_nonce)) != 0) return 1;
    if (seal_open("ChaCha20-Poly1305", PSA_KEY_TYPE_CHACHA20, PSA_ALG_CHACHA20_POLY1305, chacha_key,
                  sizeof(chacha_key), chacha_nonce, sizeof(chacha_nonce)) != 0) return 1;
    return 0;
}
