/*
 * fw_p384.c -- firmware known-answer tests and timings of P-384 through
 * the PSA API, built only when PSA_WANT_ECC_SECP_R1_384 is on (off by
 * default on MCUs: a product header or -DPICOPSA_FW_CONFIG_FILE turns it
 * on, docs/p256.md "P-384"): RFC 6979 A.2.6 (the public key of x;
 * DETERMINISTIC_ECDSA with SHA-384 over "sample" and "test", byte for
 * byte, and their verification), negatives (flipped signature bit,
 * off-curve key, scalar n), and ECDH both ways through the driver. With
 * PICOPSA_P384_VERIFY_ONLY (configs/p384_secure_boot.h) only the
 * verification half: public-key import and verify, pairs NOT_SUPPORTED.
 * Measurement ids: p384_sign (ECDSA(SHA-384), hedged), p384_sign_det,
 * p384_verify, p384_keygen, p384_ecdh (pp_p384_key_agreement).
 */
#include <string.h>

#include <picopsa/config.h>
#include <psa/crypto.h>

#include "fw_tests.h"
#include "dispatch/pp_drivers.h"
#include "hash/sha512.h"

#if PSA_WANT_ECC_SECP_R1_384 && PSA_WANT_ALG_ECDSA && PSA_WANT_ALG_SHA_384 && \
    (PICOPSA_P384_VERIFY_ONLY || PSA_WANT_ALG_DETERMINISTIC_ECDSA)

#define EC_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1)
#define EC_PUBLIC PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_SECP_R1)

#if !PICOPSA_P384_VERIFY_ONLY
static const char RFC_X[] =
    "6b9d3dad2e1b8c1c05b19875b6659f4de23c3b667bf297ba9aa47740787137d896d5724e4c70a825f872c9ea60d2edf5";
#endif
static const char RFC_PUB[] =
    "04ec3a4e415b4e19a4568618029f427fa5da9a8bc4ae92e02e06aae5286b300c64def8f0ea9055866064a254515480bc13"
    "8015d9b72d7d57244ea8ef9ac0c621896708a59367f9dfb9f54ca84b3f1c9db1288b231c3ae0d4fe7344fd2533264720";
static const struct {
    const char *msg, *sig;
} rfc6979[] = {
    {"sample",
     "94edbb92a5ecb8aad4736e56c691916b3f88140666ce9fa73d64c4ea95ad133c81a648152e44acf96e36dd1e80fabe46"
     "99ef4aeb15f178cea1fe40db2603138f130e740a19624526203b6351d0a3a94fa329c145786e679e7b82c71a38628ac8"},
    {"test",
     "8203b63d3c853e8d77227fb377bcf7b7b772e97892a80f36ab775d509d7a5feb0542a7f0812998da8f1dd3ca3cf023db"
     "ddd0760448d42d8a43af45af836fce4de8be06b485e9b61b827c2f13173923e06a739f040649a667bf3b828246baa5a5"},
};

static psa_key_id_t import_key(psa_key_type_t type, psa_algorithm_t alg, const uint8_t *data,
                               size_t len, psa_status_t want)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, type);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH |
                                   PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&attr, alg);
    fw_check_int(psa_import_key(&attr, data, len, &id), want, "P-384 import");
    return id;
}

static size_t c_length(const char *text)
{
    size_t n = 0;
    while (text[n] != '\0') { /* no strlen: RV32 links no libc */
        n++;
    }
    return n;
}

#if PICOPSA_P384_VERIFY_ONLY
/* The boot loader's calls (configs/p384_secure_boot.h): a public key
 * verifies RFC 6979 A.2.6's SHA-384 signatures (verification is the same
 * for ECDSA and deterministic ECDSA, PSA 1.2 10.7.2), rejects a flipped
 * bit, and a key pair is NOT_SUPPORTED. Measurement id: p384_verify. */
FW_TEST(fw_57_p384_verify_only)
{
    static const uint8_t one[48] = {[47] = 1};
    uint8_t pub[97], want[96], hash[48];
    psa_algorithm_t alg = PSA_ALG_ECDSA(PSA_ALG_SHA_384);
    psa_status_t status = PSA_ERROR_GENERIC_ERROR;
    psa_key_id_t pk;
    size_t i;
    (void)psa_crypto_init();
    fw_unhex(pub, sizeof(pub), RFC_PUB);
    pk = import_key(EC_PUBLIC, alg, pub, 97, PSA_SUCCESS);
    for (i = 0; i < sizeof(rfc6979) / sizeof(rfc6979[0]); i++) {
        const uint8_t *m = (const uint8_t *)rfc6979[i].msg;
        size_t m_len = c_length(rfc6979[i].msg);
        fw_unhex(want, sizeof(want), rfc6979[i].sig);
        fw_check_int(psa_verify_message(pk, alg, m, m_len, want, 96), PSA_SUCCESS, "verify");
        want[60] ^= 0x08;
        fw_check_int(psa_verify_message(pk, alg, m, m_len, want, 96),
                     PSA_ERROR_INVALID_SIGNATURE, "flipped signature bit");
    }
    fw_unhex(want, sizeof(want), rfc6979[0].sig);
    pp_sha384((const uint8_t *)rfc6979[0].msg, c_length(rfc6979[0].msg), hash);
    FW_MEASURE("p384_verify", status = psa_verify_hash(pk, alg, hash, 48, want, 96));
    fw_check_int(status, PSA_SUCCESS, "verify hash");
    psa_destroy_key(pk);
    (void)import_key(EC_PAIR, alg, one, 48, PSA_ERROR_NOT_SUPPORTED);
    pub[96] ^= 1;
    (void)import_key(EC_PUBLIC, alg, pub, 97, PSA_ERROR_INVALID_ARGUMENT);
    fw_timing("ECDSA P-384 verify (verify-only build) took {p384_verify} cycles, {p384_verify.stack} B stack");
}
#else
FW_TEST(fw_57_p384_rfc6979)
{
    uint8_t x[48], pub[97], out[97], want[96], sig[96];
    size_t len = 0, i;
    psa_algorithm_t alg = PSA_ALG_DETERMINISTIC_ECDSA(PSA_ALG_SHA_384);
    psa_key_id_t pair, pk;
    (void)psa_crypto_init();
    fw_unhex(x, sizeof(x), RFC_X);
    fw_unhex(pub, sizeof(pub), RFC_PUB);
    pair = import_key(EC_PAIR, alg, x, 48, PSA_SUCCESS);
    pk = import_key(EC_PUBLIC, alg, pub, 97, PSA_SUCCESS);
    fw_check_int(psa_export_public_key(pair, out, sizeof(out), &len), PSA_SUCCESS, "export");
    fw_check_mem(out, pub, 97, "RFC 6979 A.2.6 public key");
    for (i = 0; i < sizeof(rfc6979) / sizeof(rfc6979[0]); i++) {
        const uint8_t *m = (const uint8_t *)rfc6979[i].msg;
        size_t m_len = c_length(rfc6979[i].msg);
        fw_unhex(want, sizeof(want), rfc6979[i].sig);
        fw_check_int(psa_sign_message(pair, alg, m, m_len, sig, sizeof(sig), &len), PSA_SUCCESS,
                     rfc6979[i].msg);
        fw_check_mem(sig, want, 96, "RFC 6979 A.2.6 signature");
        fw_check_int(psa_verify_message(pk, alg, m, m_len, want, 96), PSA_SUCCESS, "verify");
        want[60] ^= 0x08;
        fw_check_int(psa_verify_message(pk, alg, m, m_len, want, 96),
                     PSA_ERROR_INVALID_SIGNATURE, "flipped signature bit");
    }
    psa_destroy_key(pair);
    psa_destroy_key(pk);
    pub[96] ^= 1;
    (void)import_key(EC_PUBLIC, alg, pub, 97, PSA_ERROR_INVALID_ARGUMENT);
    fw_unhex(x, sizeof(x),
             "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973");
    (void)import_key(EC_PAIR, alg, x, 48, PSA_ERROR_INVALID_ARGUMENT);
}

FW_TEST(fw_58_p384_timing)
{
    uint8_t x[48], hash[48], sig[96], pub[97];
    size_t len = 0;
    psa_status_t status = PSA_ERROR_GENERIC_ERROR;
    psa_key_id_t key, generated = PSA_KEY_ID_NULL;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;

    (void)psa_crypto_init();
    fw_unhex(x, sizeof(x), RFC_X);
    pp_sha384((const uint8_t *)"sample", 6, hash);
    key = import_key(EC_PAIR, PSA_ALG_ECDSA(PSA_ALG_SHA_384), x, 48, PSA_SUCCESS);
    FW_MEASURE("p384_sign", status = psa_sign_hash(key, PSA_ALG_ECDSA(PSA_ALG_SHA_384), hash, 48,
                                                    sig, sizeof(sig), &len));
    fw_check_int(status, PSA_SUCCESS, "ECDSA sign");
    FW_MEASURE("p384_verify", status = psa_verify_hash(key, PSA_ALG_ECDSA(PSA_ALG_SHA_384), hash,
                                                        48, sig, sizeof(sig)));
    fw_check_int(status, PSA_SUCCESS, "ECDSA verify");
    psa_destroy_key(key);
    key = import_key(EC_PAIR, PSA_ALG_DETERMINISTIC_ECDSA(PSA_ALG_SHA_384), x, 48, PSA_SUCCESS);
    FW_MEASURE("p384_sign_det",
               status = psa_sign_hash(key, PSA_ALG_DETERMINISTIC_ECDSA(PSA_ALG_SHA_384), hash, 48,
                                      sig, sizeof(sig), &len));
    fw_check_int(status, PSA_SUCCESS, "deterministic ECDSA sign");
    psa_destroy_key(key);

    psa_set_key_type(&attr, EC_PAIR);
    psa_set_key_bits(&attr, 384);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_HASH);
    psa_set_key_algorithm(&attr, PSA_ALG_ECDSA(PSA_ALG_SHA_384));
    FW_MEASURE("p384_keygen", status = psa_generate_key(&attr, &generated));
    fw_check_int(status, PSA_SUCCESS, "P-384 key generation");
    psa_destroy_key(generated);

#if PSA_WANT_ALG_ECDH
    {
        static uint8_t material[PP_P384_KEY_PAIR_MATERIAL_SIZE];
        uint8_t secret[48], secret2[48], d2[48];
        size_t material_len = 0, bits = 0;
        psa_key_attributes_t ka = PSA_KEY_ATTRIBUTES_INIT;
        psa_set_key_type(&ka, EC_PAIR);
        memcpy(d2, x, 48);
        d2[47] ^= 0x5a;
        fw_check_int(pp_p384_import_key(&ka, d2, 48, material, sizeof(material), &material_len,
                                        &bits), PSA_SUCCESS, "ECDH peer");
        memcpy(pub, material + 48, 97);
        fw_check_int(pp_p384_import_key(&ka, x, 48, material, sizeof(material), &material_len,
                                        &bits), PSA_SUCCESS, "ECDH key");
        FW_MEASURE("p384_ecdh", status = pp_p384_key_agreement(&ka, material, material_len,
                                                               PSA_ALG_ECDH, pub, 97, secret,
                                                               sizeof(secret), &len));
        fw_check_int(status, PSA_SUCCESS, "ECDH");
        memcpy(pub, material + 48, 97);
        (void)pp_p384_import_key(&ka, d2, 48, material, sizeof(material), &material_len, &bits);
        fw_check_int(pp_p384_key_agreement(&ka, material, material_len, PSA_ALG_ECDH, pub, 97,
                                           secret2, sizeof(secret2), &len),
                     PSA_SUCCESS, "ECDH reverse");
        fw_check_mem(secret, secret2, 48, "ECDH secrets equal");
    }
    fw_timing("P-384 ECDH took {p384_ecdh} cycles, {p384_ecdh.stack} B stack");
#endif
    fw_timing("ECDSA P-384 sign took {p384_sign} cycles, {p384_sign.stack} B stack");
    fw_timing("ECDSA P-384 deterministic sign took {p384_sign_det} cycles, {p384_sign_det.stack} B stack");
    fw_timing("ECDSA P-384 verify took {p384_verify} cycles, {p384_verify.stack} B stack");
    fw_timing("P-384 key generation took {p384_keygen} cycles, {p384_keygen.stack} B stack");
}
#endif /* PICOPSA_P384_VERIFY_ONLY */

#endif
