/*
 * ed25519_keygen.c -- generate an Ed25519 key pair and export it: the
 * private key as PKCS#8 PEM (what `openssl genpkey -algorithm ED25519`
 * writes) and the public key as raw bytes and as SubjectPublicKeyInfo PEM.
 * The PEM encoding uses the picopsa tool's key file helper,
 * programs/picopsa/keyfile.h (allocation-free, copy it with the example).
 */
#include <stdio.h>

#include <psa/crypto.h>

#include "keyfile.h"

int main(void)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t key;
    uint8_t priv[32], pub[32], der[128], pem[256];
    size_t priv_len, pub_len, der_len, pem_len, i;

    if (psa_crypto_init() != PSA_SUCCESS) return 1;

    /* Ed25519 is a twisted Edwards curve key of 255 bits (PSA 1.2 9.2.5). */
    psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS));
    psa_set_key_bits(&attr, 255);
    /* Usage flags are a policy: without EXPORT, psa_export_key refuses. */
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_EXPORT | PSA_KEY_USAGE_SIGN_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    if (psa_generate_key(&attr, &key) != PSA_SUCCESS) return 1;

    /* Export formats (PSA 1.2 9.6.4): the 32-byte seed, the 32-byte point. */
    if (psa_export_key(key, priv, sizeof(priv), &priv_len) != PSA_SUCCESS) return 1;
    if (psa_export_public_key(key, pub, sizeof(pub), &pub_len) != PSA_SUCCESS) return 1;

    printf("public key: ");
    for (i = 0; i < pub_len; i++) printf("%02x", pub[i]);
    printf("\n");

    if (ppk_write_der(PPK_ED25519_PUBLIC, PPK_FORM_SPKI, pub, pub_len, der, sizeof(der), &der_len) != PPK_OK ||
        ppk_pem_encode(PPK_PEM_PUBLIC_KEY, der, der_len, pem, sizeof(pem), &pem_len) != PPK_OK) {
        return 1;
    }
    fwrite(pem, 1, pem_len, stdout);

    if (ppk_write_der(PPK_ED25519_PRIVATE, PPK_FORM_PKCS8, priv, priv_len, der, sizeof(der), &der_len) != PPK_OK ||
        ppk_pem_encode(PPK_PEM_PRIVATE_KEY, der, der_len, pem, sizeof(pem), &pem_len) != PPK_OK) {
        return 1;
    }
    fwrite(pem, 1, pem_len, stdout); /* a real program writes this to a 0600 file */

    /* Wipe copies of the secret and free the key slot. */
    for (i = 0; i < sizeof(priv); i++) priv[i] = 0;
    for (i = 0; i < sizeof(der); i++) der[i] = 0;
    for (i = 0; i < sizeof(pem); i++) pem[i] = 0;
    psa_destroy_key(key);
    return 0;
}
