/*
 * app.c -- a consumer of the *installed* picopsa (built by
 * cmake/install_check.cmake through find_package and through pkg-config).
 * Exits 0 only when SHA-256("abc") through the public PSA API is right
 * (FIPS 180-4 example, also in NIST's SHA examples document).
 */
#include <stdio.h>
#include <string.h>

#include <psa/crypto.h>

int main(void)
{
    static const uint8_t expected[32] = {
        0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
        0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad};
    uint8_t hash[32];
    size_t hash_len = 0;
    if (psa_crypto_init() != PSA_SUCCESS) {
        fprintf(stderr, "install_check: psa_crypto_init failed\n");
        return 1;
    }
    if (psa_hash_compute(PSA_ALG_SHA_256, (const uint8_t *)"abc", 3, hash, sizeof(hash), &hash_len) != PSA_SUCCESS ||
        hash_len != sizeof(expected) || memcmp(hash, expected, sizeof(expected)) != 0) {
        fprintf(stderr, "install_check: SHA-256(\"abc\") wrong\n");
        return 1;
    }
    printf("install_check: installed picopsa works\n");
    return 0;
}
