/*
 * tests/size/app_lms.c -- what a secure-boot verifier calls: psa_crypto_init,
 * psa_import_key of an HSS public key (PSA_KEY_TYPE_HSS_PUBLIC_KEY, 1.3 PQC
 * extension 2.5.1) and psa_verify_message with PSA_ALG_HSS over an image.
 * Linked by size_test.py with configs/lms_verify_only.h (no byte of another
 * family may be linked; what src/lms costs is reported).
 */
#include "size_app.h"

/* RFC 8554 appendix F test case 1's public key (L = 2, SHA-256 H5 / W8). */
static const uint8_t hss_key[60] = {
    0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x04, 0x61, 0xa5, 0xd5,
    0x7d, 0x37, 0xf5, 0xe4, 0x6b, 0xfb, 0x75, 0x20, 0x80, 0x6b, 0x07, 0xa1, 0xb8, 0x50, 0x65,
    0x0e, 0x3b, 0x31, 0xfe, 0x4a, 0x77, 0x3e, 0xa2, 0x9a, 0x07, 0xf0, 0x9c, 0xf2, 0xea, 0x30,
    0xe5, 0x79, 0xf0, 0xdf, 0x58, 0xef, 0x8e, 0x29, 0x8d, 0xa0, 0x43, 0x4c, 0xb2, 0xb8, 0x78,
};

/* Image and signature as the boot loader finds them in flash. */
extern const uint8_t image[], image_signature[];
const uint8_t image[64] = {1};
const uint8_t image_signature[2644] = {0};

int main(void)
{
    psa_key_id_t key = PSA_KEY_ID_NULL;
    psa_key_attributes_t attributes = PSA_KEY_ATTRIBUTES_INIT;
    psa_status_t status = psa_crypto_init();

    psa_set_key_type(&attributes, PSA_KEY_TYPE_HSS_PUBLIC_KEY);
    psa_set_key_usage_flags(&attributes, PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&attributes, PSA_ALG_HSS);
    size_app_keep(psa_import_key(&attributes, hss_key, sizeof hss_key, &key), 0);
    status = psa_verify_message(key, PSA_ALG_HSS, image, sizeof image, image_signature,
                                sizeof image_signature);
    size_app_keep(status, 0);
    size_app_keep(psa_destroy_key(key), 0);
    return (int)size_app_sink;
}
