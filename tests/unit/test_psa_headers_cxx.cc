// test_psa_headers_cxx.cc -- psa/crypto.h compiles as C++ (C++11 and later,
// -Wall -Wextra -Wpedantic -Werror) and links: the declarations have C
// linkage, the *_INIT macros initialise every operation struct, and a
// hash computed through the C library from C++ is right (FIPS 180-2 B.1).
// Build: g++ -std=c++11 -Iinclude tests/unit/test_psa_headers_cxx.cc
//        libpicopsa.a tests/common/test_util.c (as C) -lcrypto
#include <psa/crypto.h>

#include <cstdio>
#include <cstring>

static int failures = 0;
static int passes = 0;

static void check(bool ok, const char *what)
{
    if (ok) {
        passes++;
    } else {
        failures++;
        std::fprintf(stderr, "FAIL %s\n", what);
    }
}

int main()
{
    static const unsigned char abc_sha256[32] = {
        0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae,
        0x22, 0x23, 0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61,
        0xf2, 0x00, 0x15, 0xad};
    psa_key_attributes_t attributes = PSA_KEY_ATTRIBUTES_INIT;
    psa_hash_operation_t hash = PSA_HASH_OPERATION_INIT;
    psa_mac_operation_t mac = PSA_MAC_OPERATION_INIT;
    psa_cipher_operation_t cipher = PSA_CIPHER_OPERATION_INIT;
    psa_aead_operation_t aead = PSA_AEAD_OPERATION_INIT;
    psa_key_derivation_operation_t kdf = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_pake_operation_t pake = PSA_PAKE_OPERATION_INIT;
    psa_pake_cipher_suite_t suite = PSA_PAKE_CIPHER_SUITE_INIT;
    uint8_t digest[PSA_HASH_MAX_SIZE];
    size_t digest_length = 0;

    check(psa_get_key_type(&attributes) == PSA_KEY_TYPE_NONE, "attributes init");
    check(psa_crypto_init() == PSA_SUCCESS, "psa_crypto_init");
    check(psa_hash_setup(&hash, PSA_ALG_SHA_256) == PSA_SUCCESS, "hash setup");
    check(psa_hash_update(&hash, reinterpret_cast<const uint8_t *>("abc"), 3) == PSA_SUCCESS,
          "hash update");
    check(psa_hash_finish(&hash, digest, sizeof(digest), &digest_length) == PSA_SUCCESS,
          "hash finish");
    check(digest_length == PSA_HASH_LENGTH(PSA_ALG_SHA_256), "digest length");
    check(std::memcmp(digest, abc_sha256, 32) == 0, "SHA-256(abc)");
    check(psa_mac_abort(&mac) == PSA_SUCCESS, "mac abort");
    check(psa_cipher_abort(&cipher) == PSA_SUCCESS, "cipher abort");
    check(psa_aead_abort(&aead) == PSA_SUCCESS, "aead abort");
    check(psa_key_derivation_abort(&kdf) == PSA_SUCCESS, "kdf abort");
    check(psa_pake_abort(&pake) == PSA_SUCCESS, "pake abort");
    check(psa_pake_cs_get_algorithm(&suite) == PSA_ALG_NONE, "pake suite init");
    check(PSA_SIGN_OUTPUT_SIZE(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS), 255,
                               PSA_ALG_PURE_EDDSA) == 64, "Ed25519 signature size");

    std::printf("psa_headers_cxx: %d passed, %d failed\n", passes, failures);
    return failures == 0 && passes > 0 ? 0 : 1;
}
