/*
 * import_pem.c -- import a PEM (or DER) key file made by OpenSSL or the
 * picopsa tool and use it: `import_pem KEY.pem` prints the key's type and
 * size and, for a private key, signs a test message and verifies it.
 *
 * The file formats (PKCS#8, PKCS#1, SEC1, SubjectPublicKeyInfo) are read by the
 * tool's helper, programs/picopsa/keyfile.c: no heap, no stdio, so the same
 * code runs on a microcontroller that receives a key over a serial line.
 */
#include <stdio.h>

#include <psa/crypto.h>

#include "keyfile.h"

int main(int argc, char **argv)
{
    static uint8_t file[16384], der[16384];
    static const uint8_t msg[] = "hello";
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t key;
    psa_algorithm_t alg;
    ppk_key parsed;
    ppk_status st;
    uint8_t sig[PSA_SIGNATURE_MAX_SIZE];
    size_t len, sig_len;
    FILE *f;

    if (argc != 2 || (f = fopen(argv[1], "rb")) == NULL) return 1;
    len = fread(file, 1, sizeof(file), f);
    fclose(f);

    /* PEM or DER, detected; parsed.material is what psa_import_key takes. */
    st = ppk_read_key(file, len, der, sizeof(der), &parsed);
    if (st != PPK_OK) {
        fprintf(stderr, "%s: %s\n", argv[1], ppk_strerror(st));
        return 1;
    }
    switch (parsed.kind) {
    case PPK_ED25519_PRIVATE: psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS)); break;
    case PPK_ED25519_PUBLIC: psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_TWISTED_EDWARDS)); break;
    case PPK_RSA_PRIVATE: psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR); break;
    case PPK_RSA_PUBLIC: psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_PUBLIC_KEY); break;
    case PPK_EC_PRIVATE: psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1)); break;
    case PPK_EC_PUBLIC: psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_SECP_R1)); break;
    default:
        fprintf(stderr, "%s: not a signing key (X25519 keys agree on secrets)\n", argv[1]);
        return 1;
    }
    alg = (parsed.kind == PPK_ED25519_PRIVATE || parsed.kind == PPK_ED25519_PUBLIC) ? PSA_ALG_PURE_EDDSA
          : (parsed.kind == PPK_EC_PRIVATE || parsed.kind == PPK_EC_PUBLIC)       ? PSA_ALG_ECDSA(PSA_ALG_SHA_256)
                                                                                  : PSA_ALG_RSA_PSS(PSA_ALG_SHA_256);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&attr, alg);

    /* The bits are taken from the key; the library checks the key. */
    if (psa_crypto_init() != PSA_SUCCESS || psa_import_key(&attr, parsed.material, parsed.material_len, &key) != PSA_SUCCESS) {
        fprintf(stderr, "%s: key rejected by psa_import_key\n", argv[1]);
        return 1;
    }
    psa_reset_key_attributes(&attr);
    psa_get_key_attributes(key, &attr);
    printf("%s: %s key, %u bits\n", argv[1], PSA_KEY_TYPE_IS_KEY_PAIR(psa_get_key_type(&attr)) ? "private" : "public",
           (unsigned)psa_get_key_bits(&attr));

    if (PSA_KEY_TYPE_IS_KEY_PAIR(psa_get_key_type(&attr))) {
        if (psa_sign_message(key, alg, msg, sizeof(msg), sig, sizeof(sig), &sig_len) != PSA_SUCCESS ||
            psa_verify_message(key, alg, msg, sizeof(msg), sig, sig_len) != PSA_SUCCESS) {
            return 1;
        }
        printf("signed and verified a test message (%u-byte signature)\n", (unsigned)sig_len);
    }
    psa_destroy_key(key);
    return 0;
}
