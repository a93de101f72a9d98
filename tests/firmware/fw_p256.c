/*
 * fw_p256.c -- firmware known-answer tests and timings of P-256 through
 * the PSA API: RFC 6979 A.2.5 (the public key of x; DETERMINISTIC_ECDSA
 * with SHA-256 over "sample" and "test", byte for byte, and their
 * verification), negative cases (flipped signature bit, off-curve public
 * key, scalar n), and ECDH through the driver entry point (x's secret with
 * its own public key equals that of the multiplication the other way).
 * Measurement ids (docs/footprint.md rows):
 *   p256_sign (ECDSA(SHA-256), hedged nonce, psa_sign_hash),
 *   p256_sign_det (DETERMINISTIC_ECDSA), p256_verify (psa_verify_hash),
 *   p256_keygen (psa_generate_key), p256_ecdh (pp_p256_key_agreement).
 */
#include <string.h>

#include <picopsa/config.h>
#include <psa/crypto.h>

#include "fw_tests.h"
#include "dispatch/pp_drivers.h"
#include "hash/sha256.h"

#if PSA_WANT_ECC_SECP_R1_256 && PSA_WANT_ALG_ECDSA && PSA_WANT_ALG_DETERMINISTIC_ECDSA && \
    PSA_WANT_ALG_SHA_256

#define EC_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1)
#define EC_PUBLIC PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_SECP_R1)

static const char RFC_X[] = "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721";
static const char RFC_PUB[] =
    "0460fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
    "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299";
static const struct {
    const char *msg, *sig;
} rfc6979[] = {
    {"sample", "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
               "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8"},
    {"test", "f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367"
             "019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083"},
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
    fw_check_int(psa_import_key(&attr, data, len, &id), want, "P-256 import");
    return id;
}

FW_TEST(fw_55_p256_rfc6979)
{
    uint8_t x[32], pub[65], out[65], want[64], sig[64];
    size_t len = 0, i;
    psa_algorithm_t alg = PSA_ALG_DETERMINISTIC_ECDSA(PSA_ALG_SHA_256);
    psa_key_id_t pair, pk;
    (void)psa_crypto_init();
    fw_unhex(x, sizeof(x), RFC_X);
    fw_unhex(pub, sizeof(pub), RFC_PUB);
    pair = import_key(EC_PAIR, alg, x, 32, PSA_SUCCESS);
    pk = import_key(EC_PUBLIC, alg, pub, 65, PSA_SUCCESS);
    fw_check_int(psa_export_public_key(pair, out, sizeof(out), &len), PSA_SUCCESS, "export");
    fw_check_mem(out, pub, 65, "RFC 6979 A.2.5 public key");
    for (i = 0; i < sizeof(rfc6979) / sizeof(rfc6979[0]); i++) {
        const uint8_t *m = (const uint8_t *)rfc6979[i].msg;
        size_t m_len = 0;
        while (rfc6979[i].msg[m_len] != '\0') { /* no strlen: RV32 links no libc */
            m_len++;
        }
        fw_unhex(want, sizeof(want), rfc6979[i].sig);
        fw_check_int(psa_sign_message(pair, alg, m, m_len, sig, sizeof(sig), &len), PSA_SUCCESS,
                     rfc6979[i].msg);
        fw_check_mem(sig, want, 64, "RFC 6979 A.2.5 signature");
        fw_check_int(psa_verify_message(pk, alg, m, m_len, want, 64), PSA_SUCCESS, "verify");
        want[40] ^= 0x08;
        fw_check_int(psa_verify_message(pk, alg, m, m_len, want, 64),
                     PSA_ERROR_INVALID_SIGNATURE, "flipped signature bit");
    }
    psa_destroy_key(pair);
    psa_destroy_key(pk);
    pub[64] ^= 1;
    (void)import_key(EC_PUBLIC, alg, pub, 65, PSA_ERROR_INVALID_ARGUMENT);
    fw_unhex(x, sizeof(x), "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551");
    (void)import_key(EC_PAIR, alg, x, 32, PSA_ERROR_INVALID_ARGUMENT);
}

FW_TEST(fw_56_p256_timing)
{
    uint8_t x[32], hash[32], sig[64], pub[65];
    size_t len = 0;
    psa_status_t status = PSA_ERROR_GENERIC_ERROR;
    psa_key_id_t key, generated = PSA_KEY_ID_NULL;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;

    (void)psa_crypto_init();
    fw_unhex(x, sizeof(x), RFC_X);
    pp_sha256((const uint8_t *)"sample", 6, hash);
    key = import_key(EC_PAIR, PSA_ALG_ECDSA(PSA_ALG_SHA_256), x, 32, PSA_SUCCESS);
    FW_MEASURE("p256_sign", status = psa_sign_hash(key, PSA_ALG_ECDSA(PSA_ALG_SHA_256), hash, 32,
                                                    sig, sizeof(sig), &len));
    fw_check_int(status, PSA_SUCCESS, "ECDSA sign");
    FW_MEASURE("p256_verify", status = psa_verify_hash(key, PSA_ALG_ECDSA(PSA_ALG_SHA_256), hash,
                                                        32, sig, sizeof(sig)));
    fw_check_int(status, PSA_SUCCESS, "ECDSA verify");
    psa_destroy_key(key);
    key = import_key(EC_PAIR, PSA_ALG_DETERMINISTIC_ECDSA(PSA_ALG_SHA_256), x, 32, PSA_SUCCESS);
    FW_MEASURE("p256_sign_det",
               status = psa_sign_hash(key, PSA_ALG_DETERMINISTIC_ECDSA(PSA_ALG_SHA_256), hash, 32,
                                      sig, sizeof(sig), &len));
    fw_check_int(status, PSA_SUCCESS, "deterministic ECDSA sign");
    psa_destroy_key(key);

    psa_set_key_type(&attr, EC_PAIR);
    psa_set_key_bits(&attr, 256);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_HASH);
    psa_set_key_algorithm(&attr, PSA_ALG_ECDSA(PSA_ALG_SHA_256));
    FW_MEASURE("p256_keygen", status = psa_generate_key(&attr, &generated));
    fw_check_int(status, PSA_SUCCESS, "P-256 key generation");
    psa_destroy_key(generated);

#if PSA_WANT_ALG_ECDH
    {
        static uint8_t material[PP_P256_KEY_PAIR_MATERIAL_SIZE];
        uint8_t secret[32], secret2[32], d2[32];
        size_t material_len = 0, bits = 0;
        psa_key_attributes_t ka = PSA_KEY_ATTRIBUTES_INIT;
        psa_set_key_type(&ka, EC_PAIR);
        /* Pair 1: x; peer: x' = x with its last byte changed. */
        memcpy(d2, x, 32);
        d2[31] ^= 0x5a;
        fw_check_int(pp_p256_import_key(&ka, d2, 32, material, sizeof(material), &material_len,
                                        &bits), PSA_SUCCESS, "ECDH peer");
        memcpy(pub, material + 32, 65);
        fw_check_int(pp_p256_import_key(&ka, x, 32, material, sizeof(material), &material_len,
                                        &bits), PSA_SUCCESS, "ECDH key");
        FW_MEASURE("p256_ecdh", status = pp_p256_key_agreement(&ka, material, material_len,
                                                               PSA_ALG_ECDH, pub, 65, secret,
                                                               sizeof(secret), &len));
        fw_check_int(status, PSA_SUCCESS, "ECDH");
        /* The other way round: x' with x's public key. */
        memcpy(pub, material + 32, 65);
        (void)pp_p256_import_key(&ka, d2, 32, material, sizeof(material), &material_len, &bits);
        fw_check_int(pp_p256_key_agreement(&ka, material, material_len, PSA_ALG_ECDH, pub, 65,
                                           secret2, sizeof(secret2), &len),
                     PSA_SUCCESS, "ECDH reverse");
        fw_check_mem(secret, secret2, 32, "ECDH secrets equal");
    }
    fw_timing("P-256 ECDH took {p256_ecdh} cycles, {p256_ecdh.stack} B stack");
#endif
    fw_timing("ECDSA P-256 sign took {p256_sign} cycles, {p256_sign.stack} B stack");
    fw_timing("ECDSA P-256 deterministic sign took {p256_sign_det} cycles, {p256_sign_det.stack} B stack");
    fw_timing("ECDSA P-256 verify took {p256_verify} cycles, {p256_verify.stack} B stack");
    fw_timing("P-256 key generation took {p256_keygen} cycles, {p256_keygen.stack} B stack");
}

#endif
