/*
 * test_psa_dispatch.c -- the rule table of docs/ARCHITECTURE.md ("Which
 * layer checks what"), walked through the public API: each rule gives its
 * status, and where two rules fail at once the documented first one wins
 * (front end before dispatch before driver; inside the dispatch layer:
 * key pair, fit, hash length, built, output size). The precedence cases
 * are the ones a refactoring of the layers can silently change: they
 * passed unchanged on the code before the dispatch layer (5fae21c), so
 * the layering kept the behaviour.
 */
#include <psa/crypto.h>

#include "test_config.h"
#include "test_util.h"
#if !(TEST_HAVE_RSA_KEY_PAIR && TEST_HAVE_ED25519)
/* The rule table's cases pair RSA and Ed25519 keys (a rule of one family
 * checked against a key of the other): they need both families. */
int main(void)
{
    return test_skip("psa_dispatch", "needs both RSA and Ed25519; this configuration leaves one out");
}
#else

#include <string.h>

static psa_key_id_t make_key(psa_key_type_t type, size_t bits, psa_key_usage_t usage,
                             psa_algorithm_t alg)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, type);
    psa_set_key_bits(&attr, bits);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_SUCCESS);
    return id;
}

/* A public key holding the public part of a generated pair. */
static psa_key_id_t public_of(psa_key_id_t pair, psa_key_type_t type, psa_key_usage_t usage,
                              psa_algorithm_t alg)
{
    static uint8_t der[PSA_EXPORT_PUBLIC_KEY_MAX_SIZE];
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    size_t len = 0;
    CHECK_STATUS(psa_export_public_key(pair, der, sizeof(der), &len), PSA_SUCCESS);
    psa_set_key_type(&attr, type);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_import_key(&attr, der, len, &id), PSA_SUCCESS);
    return id;
}

#define ED_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS)
#define ED_PUBLIC PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_TWISTED_EDWARDS)
#define SIGN_ALL (PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH | PSA_KEY_USAGE_EXPORT)

static void test_signatures(void)
{
    static uint8_t sig[512];
    uint8_t hash[64] = {0};
    size_t len = 1;
    psa_algorithm_t pkcs = PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256);
    psa_key_id_t rsa = make_key(PSA_KEY_TYPE_RSA_KEY_PAIR, 1024, SIGN_ALL,
                                PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_ANY_HASH));
    psa_key_id_t rsa_pss = make_key(PSA_KEY_TYPE_RSA_KEY_PAIR, 1024, SIGN_ALL,
                                    PSA_ALG_RSA_PSS(PSA_ALG_NONE));
    psa_key_id_t rsa_pub = public_of(rsa, PSA_KEY_TYPE_RSA_PUBLIC_KEY,
                                     PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH, pkcs);
    psa_key_id_t ed = make_key(ED_PAIR, 255, SIGN_ALL, PSA_ALG_ED25519PH);
    psa_key_id_t ed448ph = make_key(ED_PAIR, 255, SIGN_ALL, PSA_ALG_ED448PH);
    psa_key_id_t ed_pub = public_of(ed, ED_PUBLIC, PSA_KEY_USAGE_SIGN_HASH, PSA_ALG_ED25519PH);
    psa_key_id_t ecdsa_on_ed = make_key(ED_PAIR, 255, SIGN_ALL, PSA_ALG_ECDSA(PSA_ALG_SHA_256));
    psa_key_id_t rsa_sm3 = make_key(PSA_KEY_TYPE_RSA_KEY_PAIR, 1024, SIGN_ALL,
                                     PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SM3));

    /* Front end: the ANY_HASH wildcard is not an algorithm (before the
     * policy: the key permits ANY_HASH). */
    CHECK_STATUS(psa_sign_hash(rsa, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_ANY_HASH), hash, 32, sig,
                               sizeof(sig), &len), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(len == 0);
    /* Dispatch: key pair first, before the hash length. */
    CHECK_STATUS(psa_sign_hash(rsa_pub, pkcs, hash, 31, sig, sizeof(sig), &len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_sign_hash(ed_pub, PSA_ALG_ED25519PH, hash, 64, sig, sizeof(sig), &len),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* Fit: ECDSA with an Ed25519 key. */
    CHECK_STATUS(psa_sign_hash(ecdsa_on_ed, PSA_ALG_ECDSA(PSA_ALG_SHA_256), hash, 32, sig,
                               sizeof(sig), &len), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_verify_hash(ecdsa_on_ed, PSA_ALG_ECDSA(PSA_ALG_SHA_256), hash, 32, sig, 64),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* Hash length before built: Ed448ph with a wrong length is
     * INVALID_ARGUMENT, with the right one NOT_SUPPORTED (not built). */
    CHECK_STATUS(psa_sign_hash(ed448ph, PSA_ALG_ED448PH, hash, 63, sig, sizeof(sig), &len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_sign_hash(ed448ph, PSA_ALG_ED448PH, hash, 64, sig, sizeof(sig), &len),
                 PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_sign_message(ed448ph, PSA_ALG_ED448PH, hash, 3, sig, sizeof(sig), &len),
                 PSA_ERROR_NOT_SUPPORTED);
    /* An unbuilt hash: length checked first, then NOT_SUPPORTED, before
     * the output size. */
    CHECK_STATUS(psa_sign_hash(rsa_sm3, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SM3), hash, 31,
                               sig, 1, &len), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_sign_hash(rsa_sm3, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SM3), hash, 32,
                               sig, 1, &len), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_sign_message(rsa_sm3, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SM3), hash, 3,
                                  sig, 1, &len), PSA_ERROR_NOT_SUPPORTED);
    /* PSS without a hash on the hash path: INVALID_ARGUMENT (only
     * PKCS#1 v1.5 has a raw variant). */
    CHECK_STATUS(psa_sign_hash(rsa_pss, PSA_ALG_RSA_PSS(PSA_ALG_NONE), hash, 32, sig, sizeof(sig),
                               &len), PSA_ERROR_INVALID_ARGUMENT);
    /* Output size: the signature length of the key. */
    CHECK_STATUS(psa_sign_hash(rsa, pkcs, hash, 32, sig, 127, &len), PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK(len == 0);
    CHECK_STATUS(psa_sign_hash(ed, PSA_ALG_ED25519PH, hash, 64, sig, 63, &len),
                 PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK_STATUS(psa_sign_hash(rsa, pkcs, hash, 32, sig, 128, &len), PSA_SUCCESS);
    CHECK(len == 128);
    /* Verification: a signature of another length cannot be valid. */
    CHECK_STATUS(psa_verify_hash(rsa, pkcs, hash, 32, sig, 127), PSA_ERROR_INVALID_SIGNATURE);
    CHECK_STATUS(psa_verify_hash(rsa, pkcs, hash, 32, sig, 129), PSA_ERROR_INVALID_SIGNATURE);
    CHECK_STATUS(psa_verify_hash(rsa_pub, pkcs, hash, 32, sig, 128), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_hash(rsa, pkcs, hash, 31, sig, 128), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_sign_hash(ed, PSA_ALG_ED25519PH, hash, 64, sig, 64, &len), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_hash(ed_pub, PSA_ALG_ED25519PH, hash, 64, sig, 63),
                 PSA_ERROR_NOT_PERMITTED);   /* the public key may only sign (policy first) */
    CHECK_STATUS(psa_verify_hash(ed, PSA_ALG_ED25519PH, hash, 64, sig, 65),
                 PSA_ERROR_INVALID_SIGNATURE);
    CHECK_STATUS(psa_verify_hash(ed, PSA_ALG_ED25519PH, hash, 64, sig, 64), PSA_SUCCESS);

    psa_destroy_key(rsa);
    psa_destroy_key(rsa_pss);
    psa_destroy_key(rsa_pub);
    psa_destroy_key(ed);
    psa_destroy_key(ed448ph);
    psa_destroy_key(ed_pub);
    psa_destroy_key(ecdsa_on_ed);
    psa_destroy_key(rsa_sm3);
}

static void test_encryption(void)
{
    static uint8_t out[256], ct[128];
    uint8_t msg[16] = {1, 2, 3};
    size_t len = 1, ct_len = 0;
    psa_algorithm_t oaep = PSA_ALG_RSA_OAEP(PSA_ALG_SHA_256);
    psa_key_usage_t crypt = PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT | PSA_KEY_USAGE_EXPORT;
    psa_key_id_t rsa = make_key(PSA_KEY_TYPE_RSA_KEY_PAIR, 1024, crypt, oaep);
    psa_key_id_t rsa_v15 = make_key(PSA_KEY_TYPE_RSA_KEY_PAIR, 1024, crypt,
                                    PSA_ALG_RSA_PKCS1V15_CRYPT);
    psa_key_id_t rsa_any = make_key(PSA_KEY_TYPE_RSA_KEY_PAIR, 1024, crypt,
                                    PSA_ALG_RSA_OAEP(PSA_ALG_ANY_HASH));
    psa_key_id_t rsa_512 = make_key(PSA_KEY_TYPE_RSA_KEY_PAIR, 1024, crypt,
                                    PSA_ALG_RSA_OAEP(PSA_ALG_SHA_512));
    psa_key_id_t rsa_pub = public_of(rsa, PSA_KEY_TYPE_RSA_PUBLIC_KEY, crypt, oaep);
    psa_key_id_t hmac = make_key(PSA_KEY_TYPE_HMAC, 256, crypt, oaep);

    /* Front end: a label with PKCS#1 v1.5, before the policy (the key
     * does not permit v1.5 at all). */
    CHECK_STATUS(psa_asymmetric_encrypt(rsa, PSA_ALG_RSA_PKCS1V15_CRYPT, msg, 16, msg, 1, out,
                                        sizeof(out), &len), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_asymmetric_encrypt(rsa_v15, PSA_ALG_RSA_PKCS1V15_CRYPT, msg, 16, msg, 1, out,
                                        sizeof(out), &len), PSA_ERROR_INVALID_ARGUMENT);
    /* Dispatch: fit (an HMAC key), key pair to decrypt. */
    CHECK_STATUS(psa_asymmetric_encrypt(hmac, oaep, msg, 16, NULL, 0, out, sizeof(out), &len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_asymmetric_decrypt(rsa_pub, oaep, ct, 128, NULL, 0, out, sizeof(out), &len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK(len == 0);
    /* The ANY_HASH wildcard is not an OAEP hash. */
    CHECK_STATUS(psa_asymmetric_encrypt(rsa_any, PSA_ALG_RSA_OAEP(PSA_ALG_ANY_HASH), msg, 16, NULL,
                                        0, out, sizeof(out), &len), PSA_ERROR_INVALID_ARGUMENT);
    /* Encryption output: the modulus length. */
    CHECK_STATUS(psa_asymmetric_encrypt(rsa, oaep, msg, 16, NULL, 0, out, 127, &len),
                 PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK_STATUS(psa_asymmetric_encrypt(rsa_pub, oaep, msg, 16, NULL, 0, ct, 128, &ct_len),
                 PSA_SUCCESS);
    CHECK(ct_len == 128);
    /* Driver: ciphertext length, then the OAEP hash must fit the key,
     * then the plaintext room (1024-bit key, SHA-256: 62 bytes). */
    CHECK_STATUS(psa_asymmetric_decrypt(rsa, oaep, ct, 127, NULL, 0, out, sizeof(out), &len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_asymmetric_decrypt(rsa_512, PSA_ALG_RSA_OAEP(PSA_ALG_SHA_512), ct, 128, NULL,
                                        0, out, sizeof(out), &len), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_asymmetric_decrypt(rsa, oaep, ct, 128, NULL, 0, out, 61, &len),
                 PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK_STATUS(psa_asymmetric_decrypt(rsa, oaep, ct, 128, NULL, 0, out, 62, &len), PSA_SUCCESS);
    CHECK(len == 16);
    CHECK_MEM(out, msg, 16);

    psa_destroy_key(rsa);
    psa_destroy_key(rsa_v15);
    psa_destroy_key(rsa_any);
    psa_destroy_key(rsa_512);
    psa_destroy_key(rsa_pub);
    psa_destroy_key(hmac);
}

static void test_key_management(void)
{
    static const uint8_t e_even[1] = {4}, e_wide[5] = {1, 0, 0, 0, 1};
    static uint8_t buf[2400];
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_custom_key_parameters_t custom = PSA_CUSTOM_KEY_PARAMETERS_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL, hmac;
    uint8_t raw[16] = {0};
    size_t len = 1;

    /* Generation: custom data only for RSA key pairs, public keys never,
     * raw sizes in whole bytes; the exponent is the RSA driver's. */
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_bits(&attr, 128);
    CHECK_STATUS(psa_generate_key_custom(&attr, &custom, e_even, 1, &id),
                 PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_bits(&attr, 127);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_PUBLIC_KEY);
    psa_set_key_bits(&attr, 1024);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    CHECK_STATUS(psa_generate_key_custom(&attr, &custom, e_even, 1, &id),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_generate_key_custom(&attr, &custom, e_wide, 5, &id),
                 PSA_ERROR_NOT_SUPPORTED);
    /* A type no driver takes: NOT_SUPPORTED, before any slot. */
    psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_K1));
    psa_set_key_bits(&attr, 256);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_import_key(&attr, raw, 16, &id), PSA_ERROR_NOT_SUPPORTED);
    /* Import: the driver checks the size in the attributes. */
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_bits(&attr, 120);
    CHECK_STATUS(psa_import_key(&attr, raw, 16, &id), PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_type(&attr, ED_PAIR);
    psa_set_key_bits(&attr, 448);
    CHECK_STATUS(psa_import_key(&attr, raw, 16, &id), PSA_ERROR_NOT_SUPPORTED);
    psa_set_key_bits(&attr, 256);
    CHECK_STATUS(psa_import_key(&attr, buf, 32, &id), PSA_ERROR_INVALID_ARGUMENT);
    /* Export: a raw key has no public part; private export needs the
     * usage flag (front end, before the dispatch layer). */
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_bits(&attr, 0);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_EXPORT);
    CHECK_STATUS(psa_import_key(&attr, raw, 16, &hmac), PSA_SUCCESS);
    CHECK_STATUS(psa_export_public_key(hmac, buf, sizeof(buf), &len), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(len == 0);
    CHECK_STATUS(psa_export_key(hmac, buf, 15, &len), PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK_STATUS(psa_export_key(hmac, buf, 16, &len), PSA_SUCCESS);
    CHECK(len == 16);
    psa_destroy_key(hmac);
    psa_set_key_usage_flags(&attr, 0);
    CHECK_STATUS(psa_import_key(&attr, raw, 16, &hmac), PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(hmac, buf, 1, &len), PSA_ERROR_NOT_PERMITTED);
    psa_destroy_key(hmac);
}

int main(void)
{
    if (!CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS)) {
        return test_report("psa_dispatch");
    }
    test_signatures();
    test_encryption();
    test_key_management();
    return test_report("psa_dispatch");
}
#endif /* TEST_HAVE_RSA_KEY_PAIR && TEST_HAVE_ED25519 */
