/*
 * tests/size/app_ed25519.c -- what an Ed25519-only product calls:
 * psa_crypto_init, import and generate an Ed25519 key pair, export the
 * public key, psa_sign_message / psa_verify_message (PSA_ALG_PURE_EDDSA,
 * PSA Crypto API 1.2 sections 10.2, 9.6, 9.5.3). Linked by size_test.py with
 * the other family configured out (configs/ed25519_only.h: no RSA byte may be
 * linked) and in the default configuration (what of RSA it carries is
 * reported).
 */
#include "size_app.h"

static const uint8_t seed[32] = {
    0x9d, 0x61, 0xb1, 0x9d, 0xef, 0xfd, 0x5a, 0x60, 0xba, 0x84, 0x4a, 0xf4, 0x92, 0xec, 0x2c, 0xc4,
    0x44, 0x49, 0xc5, 0x69, 0x7b, 0x32, 0x69, 0x19, 0x70, 0x3b, 0xac, 0x03, 0x1c, 0xae, 0x7f, 0x60,
};

int main(void)
{
    static const uint8_t message[] = "firmware image digest";
    uint8_t signature[PSA_SIGNATURE_MAX_SIZE];
    uint8_t public_key[PSA_EXPORT_PUBLIC_KEY_MAX_SIZE];
    size_t length = 0;
    psa_key_id_t imported = PSA_KEY_ID_NULL;
    psa_key_id_t generated = PSA_KEY_ID_NULL;
    psa_key_attributes_t attributes = PSA_KEY_ATTRIBUTES_INIT;
    psa_status_t status = psa_crypto_init();

    psa_set_key_type(&attributes, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS));
    psa_set_key_bits(&attributes, 255);
    psa_set_key_usage_flags(&attributes, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&attributes, PSA_ALG_PURE_EDDSA);
    size_app_keep(psa_import_key(&attributes, seed, sizeof seed, &imported), 0);
    size_app_keep(psa_generate_key(&attributes, &generated), 0);

    status = psa_sign_message(imported, PSA_ALG_PURE_EDDSA, message, sizeof message,
                              signature, sizeof signature, &length);
    size_app_keep(status, length);
    status = psa_verify_message(imported, PSA_ALG_PURE_EDDSA, message, sizeof message,
                                signature, length);
    size_app_keep(status, 0);
    status = psa_export_public_key(generated, public_key, sizeof public_key, &length);
    size_app_keep(status, length);
    size_app_keep(psa_destroy_key(imported), 0);
    size_app_keep(psa_destroy_key(generated), 0);
    return (int)size_app_sink;
}
