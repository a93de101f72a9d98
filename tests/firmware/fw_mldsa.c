/*
 * fw_mldsa.c -- firmware known-answer test and timings of ML-DSA-65
 * (FIPS 204) through the PSA API (1.3 PQC extension 2.3): the pair of
 * Wycheproof mldsa_65_sign_seed_test.json's first group (seed 2a..2a)
 * imported (key generation), its public key and the deterministic
 * signature of test case 1 ("Hello world", empty context) compared by
 * SHA-256 with the vector's, the signature verified with the public key
 * and refused with one bit flipped, then a hedged signature verified.
 * Built with PSA_WANT_ALG_ML_DSA (off by default on MCUs; an image that
 * wants it sets it in its configuration header). Measurement ids:
 *   mldsa65_keygen (psa_import_key of the seed: KeyGen_internal),
 *   mldsa65_sign_det (with the verify-after-sign of PICOPSA_SIGN_FAULT_CHECK)
 *   and mldsa65_sign_det_m1..m4 (messages of 1..4 bytes: the loop varies),
 *   mldsa65_sign_hedged, mldsa65_verify.
 */
#include <string.h>

#include <picopsa/config.h>
#include <psa/crypto.h>

#include "fw_tests.h"

#if PSA_WANT_ALG_ML_DSA && PSA_WANT_ALG_SHA_256

static uint8_t pk[1952], sig[3309];

static const char pk_sha256[] =
    "b7acce2ddb11f8cc1aa46e2bafac6eacfa2b732ef192bd636ad8d3a56d649c66";
static const char sig_sha256[] =
    "39fbbb0d97a52c79844213b325af823a7f16a174e00a5b3daeb3e6e6d1c89681";

static void check_sha256(const uint8_t *buf, size_t len, const char *hex, const char *what)
{
    uint8_t want[32], got[32];
    size_t got_len = 0;
    fw_check_int((long)fw_unhex(want, sizeof(want), hex), 32, what);
    fw_check_int(psa_hash_compute(PSA_ALG_SHA_256, buf, len, got, sizeof(got), &got_len),
                 PSA_SUCCESS, what);
    fw_check_mem(got, want, sizeof(got), what);
}

FW_TEST(fw_76_mldsa)
{
    static const uint8_t msg[] = {'H', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd'};
    uint8_t xi[32];
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t pair = 0, pub = 0, hedged = 0;
    psa_status_t status;
    size_t len = 0, sig_len = 0;

    memset(xi, 0x2a, sizeof(xi));
    psa_set_key_type(&a, PSA_KEY_TYPE_ML_DSA_KEY_PAIR);
    psa_set_key_bits(&a, 192);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_SIGN_MESSAGE);
    psa_set_key_algorithm(&a, PSA_ALG_DETERMINISTIC_ML_DSA);
    FW_MEASURE("mldsa65_keygen", status = psa_import_key(&a, xi, sizeof(xi), &pair));
    fw_check_int(status, PSA_SUCCESS, "ML-DSA-65 seed import");
    fw_check_int(psa_export_public_key(pair, pk, sizeof(pk), &len), PSA_SUCCESS, "export pk");
    fw_check_int((long)len, (long)sizeof(pk), "pk length");
    check_sha256(pk, sizeof(pk), pk_sha256, "pk = Wycheproof publicKey");

    FW_MEASURE("mldsa65_sign_det",
               status = psa_sign_message(pair, PSA_ALG_DETERMINISTIC_ML_DSA, msg, sizeof(msg),
                                         sig, sizeof(sig), &sig_len));
    fw_check_int(status, PSA_SUCCESS, "deterministic sign");
    fw_check_int((long)sig_len, (long)sizeof(sig), "signature length");
    check_sha256(sig, sizeof(sig), sig_sha256, "signature = Wycheproof tcId 1");

    psa_set_key_type(&a, PSA_KEY_TYPE_ML_DSA_PUBLIC_KEY);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_VERIFY_MESSAGE);
    fw_check_int(psa_import_key(&a, pk, sizeof(pk), &pub), PSA_SUCCESS, "pk import");
    FW_MEASURE("mldsa65_verify", status = psa_verify_message(pub, PSA_ALG_DETERMINISTIC_ML_DSA,
                                                              msg, sizeof(msg), sig, sig_len));
    fw_check_int(status, PSA_SUCCESS, "verify");
    sig[sig_len / 2] ^= 0x04u;
    fw_check_int(psa_verify_message(pub, PSA_ALG_DETERMINISTIC_ML_DSA, msg, sizeof(msg), sig,
                                    sig_len),
                 PSA_ERROR_INVALID_SIGNATURE, "flipped bit refused");

    /* Four more messages: the rejection loop's length varies (FIPS 204
     * Table 1: 5.1 attempts expected for ML-DSA-65). */
    for (size_t m = 1; m <= 4; m++) {
        static const char *const ids[4] = {"mldsa65_sign_det_m1", "mldsa65_sign_det_m2",
                                           "mldsa65_sign_det_m3", "mldsa65_sign_det_m4"};
        FW_MEASURE(ids[m - 1], status = psa_sign_message(pair, PSA_ALG_DETERMINISTIC_ML_DSA,
                                                         msg, m, sig, sizeof(sig), &len));
        fw_check_int(status, PSA_SUCCESS, ids[m - 1]);
    }
    /* One large key slot at a time is enough: free the two first. */
    fw_check_int(psa_destroy_key(pair), PSA_SUCCESS, "destroy");
    fw_check_int(psa_destroy_key(pub), PSA_SUCCESS, "destroy pk");
    psa_set_key_type(&a, PSA_KEY_TYPE_ML_DSA_KEY_PAIR);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&a, PSA_ALG_ML_DSA);
    fw_check_int(psa_import_key(&a, xi, sizeof(xi), &hedged), PSA_SUCCESS, "hedged import");
    FW_MEASURE("mldsa65_sign_hedged",
               status = psa_sign_message(hedged, PSA_ALG_ML_DSA, msg, sizeof(msg), sig,
                                         sizeof(sig), &sig_len));
    fw_check_int(status, PSA_SUCCESS, "hedged sign");
    fw_check_int(psa_verify_message(hedged, PSA_ALG_ML_DSA, msg, sizeof(msg), sig, sig_len),
                 PSA_SUCCESS, "hedged verify");

    fw_check_int(psa_destroy_key(hedged), PSA_SUCCESS, "destroy hedged");
    fw_timing("ML-DSA-65 keygen {mldsa65_keygen} cycles ({mldsa65_keygen.stack} B stack), "
              "deterministic sign {mldsa65_sign_det} ({mldsa65_sign_det.stack} B), "
              "hedged sign {mldsa65_sign_hedged} ({mldsa65_sign_hedged.stack} B), "
              "verify {mldsa65_verify} ({mldsa65_verify.stack} B)");
    fw_timing("ML-DSA-65 deterministic sign of 1..4 bytes {mldsa65_sign_det_m1} "
              "{mldsa65_sign_det_m2} {mldsa65_sign_det_m3} {mldsa65_sign_det_m4} cycles");
}

#else
typedef int fw_mldsa_unused_t;
#endif
