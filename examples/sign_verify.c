/*
 * sign_verify.c -- sign a message with Ed25519 and verify the signature,
 * then show that a changed message is rejected.
 */
#include <stdio.h>
#include <string.h>

#include <psa/crypto.h>

int main(void)
{
    static const uint8_t msg[] = "firmware image v1.2.3";
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t key;
    uint8_t sig[PSA_SIGNATURE_MAX_SIZE], changed[sizeof(msg)];
    size_t sig_len;
    psa_status_t st;

    if (psa_crypto_init() != PSA_SUCCESS) return 1;
    psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS));
    psa_set_key_bits(&attr, 255);
    /* A key pair may verify too; the algorithm is part of the key's policy. */
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    if (psa_generate_key(&attr, &key) != PSA_SUCCESS) return 1;

    /* Ed25519 signs the message itself (RFC 8032 5.1.6), not a hash. */
    st = psa_sign_message(key, PSA_ALG_PURE_EDDSA, msg, sizeof(msg), sig, sizeof(sig), &sig_len);
    if (st != PSA_SUCCESS) return 1;
    printf("signature: %u bytes\n", (unsigned)sig_len);

    st = psa_verify_message(key, PSA_ALG_PURE_EDDSA, msg, sizeof(msg), sig, sig_len);
    printf("verify original: %s\n", st == PSA_SUCCESS ? "ok" : "FAILED");
    if (st != PSA_SUCCESS) return 1;

    memcpy(changed, msg, sizeof(msg));
    changed[0] ^= 1;
    st = psa_verify_message(key, PSA_ALG_PURE_EDDSA, changed, sizeof(changed), sig, sig_len);
    printf("verify changed message: %s\n", st == PSA_ERROR_INVALID_SIGNATURE ? "rejected" : "ACCEPTED");
    if (st != PSA_ERROR_INVALID_SIGNATURE) return 1;

    psa_destroy_key(key);
    return 0;
}
