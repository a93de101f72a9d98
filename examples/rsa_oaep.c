/*
 * rsa_oaep.c -- RSA-OAEP with SHA-256: generate a 2048-bit key, encrypt a
 * secret with the public key, decrypt it with the private key.
 */
#include <stdio.h>
#include <string.h>

#include <psa/crypto.h>

int main(void)
{
    static const uint8_t secret[] = "a 16-byte secret";
    static const uint8_t label[] = "example label"; /* optional, may be empty */
    const psa_algorithm_t alg = PSA_ALG_RSA_OAEP(PSA_ALG_SHA_256);
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t key;
    uint8_t ct[PSA_ASYMMETRIC_ENCRYPT_OUTPUT_MAX_SIZE], pt[PSA_ASYMMETRIC_DECRYPT_OUTPUT_MAX_SIZE];
    size_t ct_len, pt_len;

    if (psa_crypto_init() != PSA_SUCCESS) return 1;
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_bits(&attr, 2048); /* exponent 65537 */
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&attr, alg);
    if (psa_generate_key(&attr, &key) != PSA_SUCCESS) return 1;

    /* The label travels as PSA's "salt" argument (PSA 1.2 10.8.2). Each
     * encryption is randomised: two ciphertexts of one secret differ. */
    if (psa_asymmetric_encrypt(key, alg, secret, sizeof(secret), label, sizeof(label), ct, sizeof(ct), &ct_len) !=
        PSA_SUCCESS) {
        return 1;
    }
    printf("ciphertext: %u bytes\n", (unsigned)ct_len);

    if (psa_asymmetric_decrypt(key, alg, ct, ct_len, label, sizeof(label), pt, sizeof(pt), &pt_len) != PSA_SUCCESS ||
        pt_len != sizeof(secret) || memcmp(pt, secret, pt_len) != 0) {
        return 1;
    }
    printf("decrypted: %s\n", (const char *)pt);

    /* A wrong label is a decryption failure, like a damaged ciphertext. */
    if (psa_asymmetric_decrypt(key, alg, ct, ct_len, NULL, 0, pt, sizeof(pt), &pt_len) != PSA_ERROR_INVALID_PADDING) {
        return 1;
    }
    printf("wrong label: rejected\n");
    psa_destroy_key(key);
    return 0;
}
