/*
 * tests/size/app_p384.c -- what a boot loader that checks P-384 image
 * signatures calls (the MCUboot "ECDSA P-384, SHA-384" case):
 * psa_crypto_init, psa_import_key of a P-384 public key, psa_hash_compute
 * with SHA-384 over the image, psa_verify_hash with
 * PSA_ALG_ECDSA(PSA_ALG_SHA_384). Linked by size_test.py with
 * configs/p384_secure_boot.h (no byte of another family, nor P-384's
 * secret-key code, may be linked; what src/p384 costs is reported).
 */
#include "size_app.h"

/* RFC 6979 A.2.6's public key (04 || x || y). */
static const uint8_t p384_key[97] = {
    0x04, 0xec, 0x3a, 0x4e, 0x41, 0x5b, 0x4e, 0x19, 0xa4, 0x56, 0x86, 0x18, 0x02, 0x9f, 0x42,
    0x7f, 0xa5, 0xda, 0x9a, 0x8b, 0xc4, 0xae, 0x92, 0xe0, 0x2e, 0x06, 0xaa, 0xe5, 0x28, 0x6b,
    0x30, 0x0c, 0x64, 0xde, 0xf8, 0xf0, 0xea, 0x90, 0x55, 0x86, 0x60, 0x64, 0xa2, 0x54, 0x51,
    0x54, 0x80, 0xbc, 0x13, 0x80, 0x15, 0xd9, 0xb7, 0x2d, 0x7d, 0x57, 0x24, 0x4e, 0xa8, 0xef,
    0x9a, 0xc0, 0xc6, 0x21, 0x89, 0x67, 0x08, 0xa5, 0x93, 0x67, 0xf9, 0xdf, 0xb9, 0xf5, 0x4c,
    0xa8, 0x4b, 0x3f, 0x1c, 0x9d, 0xb1, 0x28, 0x8b, 0x23, 0x1c, 0x3a, 0xe0, 0xd4, 0xfe, 0x73,
    0x44, 0xfd, 0x25, 0x33, 0x26, 0x47, 0x20,
};

/* Image and signature as the boot loader finds them in flash. */
extern const uint8_t image[], image_signature[];
const uint8_t image[64] = {1};
const uint8_t image_signature[96] = {0};

int main(void)
{
    psa_key_id_t key = PSA_KEY_ID_NULL;
    psa_key_attributes_t attributes = PSA_KEY_ATTRIBUTES_INIT;
    uint8_t hash[48];
    size_t hash_length = 0;
    psa_status_t status = psa_crypto_init();

    psa_set_key_type(&attributes, PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_SECP_R1));
    psa_set_key_usage_flags(&attributes, PSA_KEY_USAGE_VERIFY_HASH);
    psa_set_key_algorithm(&attributes, PSA_ALG_ECDSA(PSA_ALG_SHA_384));
    size_app_keep(psa_import_key(&attributes, p384_key, sizeof p384_key, &key), 0);
    size_app_keep(psa_hash_compute(PSA_ALG_SHA_384, image, sizeof image, hash, sizeof hash,
                                   &hash_length), hash_length);
    status = psa_verify_hash(key, PSA_ALG_ECDSA(PSA_ALG_SHA_384), hash, hash_length,
                             image_signature, sizeof image_signature);
    size_app_keep(status, 0);
    size_app_keep(psa_destroy_key(key), 0);
    return (int)size_app_sink;
}
