/*
 * test_driver_dispatch.c -- the transparent-driver seam (docs/drivers.md)
 * through the PSA API, with the test driver (drivers/test/test_driver.h)
 * first in PICOPSA_DRIVER_LIST. For every entry point (sign/verify hash
 * and message, encrypt, decrypt, key generation, the bignum engine's
 * Montgomery multiplication and public exponentiation):
 *  - a declining driver is asked (its counter moves) and the software
 *    answers (fallback);
 *  - a driver that runs the operation is what the caller gets (its
 *    corrupted result reaches the caller unchanged: nothing is re-done);
 *  - HARDWARE_FAILURE and any other error come back unchanged, with no
 *    fallback, and the outputs the driver scribbled on are wiped;
 *  - a driver that succeeds with a length larger than the buffer it was
 *    given (sign hash / message, encrypt, decrypt, generate) makes the
 *    call fail with CORRUPTION_DETECTED, the output wiped, length 0 (issue
 *    21: the length reached the caller unchecked);
 *  - a faulty Montgomery engine (any secret product of a signature or a
 *    decryption corrupted, one at a time) never releases a result: the
 *    RSA fault check answers CORRUPTION_DETECTED with the output zeroed;
 *  - the secret flag reaches the engine: private operations call it with
 *    secret = 1 only, verification and encryption with secret = 0 only;
 *  - an engine that declines at begin passes the exponentiation on to the
 *    next one (the ESP32-C3 driver on its model, second in the list; this
 *    test builds it without its public modexp, so public products reach
 *    the test engine).
 */
#include "test_config.h"
#include "test_util.h"

#include <string.h>

#include <psa/crypto.h>

#include "test/test_driver.h"
#include "esp32c3_rsa_model.h"

#define RSA_BITS 2048u
#define RSA_BYTES (RSA_BITS / 8u)

static const uint8_t hash32[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                    17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32 };

static int all_zero(const uint8_t *p, size_t n)
{
    size_t i;
    uint8_t acc = 0;
    for (i = 0; i < n; i++) {
        acc |= p[i];
    }
    return acc == 0;
}

/* A signature call that must fail with `want`, its output wiped and its
 * length zeroed (message: psa_sign_message, else psa_sign_hash). */
static void sign_fails(psa_key_id_t id, psa_algorithm_t alg, int message, uint8_t *sig,
                       size_t sig_size, psa_status_t want)
{
    size_t sig_len = 7;
    memset(sig, 0x11, sig_size);
    CHECK_STATUS(message ? psa_sign_message(id, alg, hash32, 32, sig, sig_size, &sig_len)
                         : psa_sign_hash(id, alg, hash32, 32, sig, sig_size, &sig_len),
                 want);
    CHECK(sig_len == 0 && all_zero(sig, sig_size));
}

#if TEST_HAVE_RSA_KEY_PAIR && PSA_WANT_ALG_RSA_PKCS1V15_SIGN && PSA_WANT_ALG_SHA_256
#define SIG_ALG PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256)

static psa_key_id_t rsa_key(void)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_bits(&attr, RSA_BITS);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH |
                                       PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE |
                                       PSA_KEY_USAGE_EXPORT);
    psa_set_key_algorithm(&attr, SIG_ALG);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_SUCCESS);
    return id;
}

/* Signatures: sign_hash, verify_hash, and the message entry points. */
static void test_rsa_signatures(psa_key_id_t id)
{
    uint8_t ref[RSA_BYTES], sig[RSA_BYTES];
    size_t ref_len = 0, sig_len = 0;
    static const psa_status_t errors[] = { PSA_ERROR_HARDWARE_FAILURE,
                                           PSA_ERROR_INSUFFICIENT_MEMORY,
                                           PSA_ERROR_COMMUNICATION_FAILURE };
    size_t i;

    /* Decline: the driver is asked, the software signs (deterministic). */
    pp_td_reset();
    CHECK_STATUS(psa_sign_hash(id, SIG_ALG, hash32, 32, ref, sizeof(ref), &ref_len), PSA_SUCCESS);
    CHECK(ref_len == RSA_BYTES);
    CHECK(pp_td.calls[PP_TD_SIGN_HASH] == 1);
    CHECK_STATUS(psa_verify_hash(id, SIG_ALG, hash32, 32, ref, ref_len), PSA_SUCCESS);
    CHECK(pp_td.calls[PP_TD_VERIFY_HASH] == 1);
    /* A message: the message entry point first, then (declined) the hash. */
    CHECK_STATUS(psa_sign_message(id, SIG_ALG, hash32, 32, sig, sizeof(sig), &sig_len), PSA_SUCCESS);
    CHECK(pp_td.calls[PP_TD_SIGN_MESSAGE] == 1 && pp_td.calls[PP_TD_SIGN_HASH] == 2);
    CHECK_STATUS(psa_verify_message(id, SIG_ALG, hash32, 32, sig, sig_len), PSA_SUCCESS);
    CHECK(pp_td.calls[PP_TD_VERIFY_MESSAGE] == 1 && pp_td.calls[PP_TD_VERIFY_HASH] == 2);

    /* The driver signs: its result is the caller's. */
    pp_td_reset();
    pp_td.mode[PP_TD_SIGN_HASH] = PP_TD_SOFTWARE;
    CHECK_STATUS(psa_sign_hash(id, SIG_ALG, hash32, 32, sig, sizeof(sig), &sig_len), PSA_SUCCESS);
    CHECK_MEM(sig, ref, RSA_BYTES);
    pp_td.mode[PP_TD_SIGN_HASH] = PP_TD_CORRUPT;
    CHECK_STATUS(psa_sign_hash(id, SIG_ALG, hash32, 32, sig, sizeof(sig), &sig_len), PSA_SUCCESS);
    CHECK(sig_len == RSA_BYTES && memcmp(sig, ref, RSA_BYTES) != 0);
    CHECK(pp_td.calls[PP_TD_SIGN_HASH] == 2);
    pp_td.mode[PP_TD_VERIFY_HASH] = PP_TD_CORRUPT;   /* the verdict inverted */
    CHECK_STATUS(psa_verify_hash(id, SIG_ALG, hash32, 32, ref, ref_len), PSA_ERROR_INVALID_SIGNATURE);
    pp_td.mode[PP_TD_VERIFY_HASH] = PP_TD_SOFTWARE;
    CHECK_STATUS(psa_verify_hash(id, SIG_ALG, hash32, 32, ref, ref_len), PSA_SUCCESS);

    /* Errors: returned unchanged, no fallback, outputs wiped. */
    for (i = 0; i < sizeof(errors) / sizeof(errors[0]); i++) {
        pp_td_reset();
        pp_td.fail_status = errors[i];
        pp_td.mode[PP_TD_SIGN_HASH] = PP_TD_FAIL;
        pp_td.mode[PP_TD_VERIFY_HASH] = PP_TD_FAIL;
        pp_td.mode[PP_TD_SIGN_MESSAGE] = PP_TD_FAIL;
        pp_td.mode[PP_TD_VERIFY_MESSAGE] = PP_TD_FAIL;
        memset(sig, 0x11, sizeof(sig));
        sig_len = 7;
        CHECK_STATUS(psa_sign_hash(id, SIG_ALG, hash32, 32, sig, sizeof(sig), &sig_len), errors[i]);
        CHECK(sig_len == 0 && all_zero(sig, sizeof(sig)));
        CHECK_STATUS(psa_verify_hash(id, SIG_ALG, hash32, 32, ref, ref_len), errors[i]);
        memset(sig, 0x11, sizeof(sig));
        sig_len = 7;
        CHECK_STATUS(psa_sign_message(id, SIG_ALG, hash32, 32, sig, sizeof(sig), &sig_len), errors[i]);
        CHECK(sig_len == 0 && all_zero(sig, sizeof(sig)));
        CHECK(pp_td.calls[PP_TD_SIGN_HASH] == 1);   /* the message call did not fall back */
        CHECK_STATUS(psa_verify_message(id, SIG_ALG, hash32, 32, ref, ref_len), errors[i]);
        CHECK(pp_td.calls[PP_TD_VERIFY_HASH] == 1);
    }

    /* Success with a length beyond the buffer: never believed. */
    pp_td_reset();
    pp_td.mode[PP_TD_SIGN_HASH] = PP_TD_WRONG_LENGTH;
    pp_td.mode[PP_TD_SIGN_MESSAGE] = PP_TD_WRONG_LENGTH;
    sign_fails(id, SIG_ALG, 0, sig, sizeof(sig), PSA_ERROR_CORRUPTION_DETECTED);
    sign_fails(id, SIG_ALG, 1, sig, sizeof(sig), PSA_ERROR_CORRUPTION_DETECTED);
    /* (RSA has no message entry point in the test driver: the hashed
     * message reached sign_hash; Ed25519 below covers sign_message.) */
    CHECK(pp_td.calls[PP_TD_SIGN_HASH] == 2 && pp_td.calls[PP_TD_SIGN_MESSAGE] == 1);
    /* Verification reports no length: the mode is the software's verdict. */
    pp_td.mode[PP_TD_VERIFY_HASH] = PP_TD_WRONG_LENGTH;
    CHECK_STATUS(psa_verify_hash(id, SIG_ALG, hash32, 32, ref, ref_len), PSA_SUCCESS);
}

#if PSA_WANT_ALG_RSA_PKCS1V15_CRYPT
static void test_rsa_crypt(psa_key_id_t sign_id)
{
    static const uint8_t msg[5] = { 'h', 'e', 'l', 'l', 'o' };
    static uint8_t der[4096];
    uint8_t ct[RSA_BYTES], pt[RSA_BYTES];
    size_t ct_len = 0, pt_len = 0, der_len = 0;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    unsigned i;

    CHECK_STATUS(psa_export_key(sign_id, der, sizeof(der), &der_len), PSA_SUCCESS);
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&attr, PSA_ALG_RSA_PKCS1V15_CRYPT);
    CHECK_STATUS(psa_import_key(&attr, der, der_len, &id), PSA_SUCCESS);

    pp_td_reset();
    CHECK_STATUS(psa_asymmetric_encrypt(id, PSA_ALG_RSA_PKCS1V15_CRYPT, msg, sizeof(msg), NULL, 0,
                                        ct, sizeof(ct), &ct_len), PSA_SUCCESS);
    CHECK_STATUS(psa_asymmetric_decrypt(id, PSA_ALG_RSA_PKCS1V15_CRYPT, ct, ct_len, NULL, 0, pt,
                                        sizeof(pt), &pt_len), PSA_SUCCESS);
    CHECK(pt_len == sizeof(msg) && memcmp(pt, msg, sizeof(msg)) == 0);
    CHECK(pp_td.calls[PP_TD_ENCRYPT] == 1 && pp_td.calls[PP_TD_DECRYPT] == 1);

    pp_td.mode[PP_TD_DECRYPT] = PP_TD_SOFTWARE;
    CHECK_STATUS(psa_asymmetric_decrypt(id, PSA_ALG_RSA_PKCS1V15_CRYPT, ct, ct_len, NULL, 0, pt,
                                        sizeof(pt), &pt_len), PSA_SUCCESS);
    CHECK(pt_len == sizeof(msg) && memcmp(pt, msg, sizeof(msg)) == 0);
    pp_td.mode[PP_TD_DECRYPT] = PP_TD_CORRUPT;
    CHECK_STATUS(psa_asymmetric_decrypt(id, PSA_ALG_RSA_PKCS1V15_CRYPT, ct, ct_len, NULL, 0, pt,
                                        sizeof(pt), &pt_len), PSA_SUCCESS);
    CHECK(pt_len == sizeof(msg) && memcmp(pt, msg, sizeof(msg)) != 0);

    /* A failing driver, and one that succeeds with a length beyond the
     * buffer (CORRUPTION_DETECTED): no fallback, the output wiped. */
    for (i = 0; i < 2; i++) {
        pp_td_mode mode = i == 0 ? PP_TD_FAIL : PP_TD_WRONG_LENGTH;
        psa_status_t want = i == 0 ? PSA_ERROR_HARDWARE_FAILURE : PSA_ERROR_CORRUPTION_DETECTED;
        pp_td_reset();
        pp_td.mode[PP_TD_ENCRYPT] = mode;
        pp_td.mode[PP_TD_DECRYPT] = mode;
        memset(pt, 0x11, sizeof(pt));
        pt_len = 7;
        CHECK_STATUS(psa_asymmetric_encrypt(id, PSA_ALG_RSA_PKCS1V15_CRYPT, msg, sizeof(msg), NULL,
                                            0, pt, sizeof(pt), &pt_len), want);
        CHECK(pt_len == 0 && all_zero(pt, sizeof(pt)));
        memset(pt, 0x11, sizeof(pt));
        pt_len = 7;
        CHECK_STATUS(psa_asymmetric_decrypt(id, PSA_ALG_RSA_PKCS1V15_CRYPT, ct, ct_len, NULL, 0,
                                            pt, sizeof(pt), &pt_len), want);
        CHECK(pt_len == 0 && all_zero(pt, sizeof(pt)));
        CHECK(pp_td.calls[PP_TD_ENCRYPT] == 1 && pp_td.calls[PP_TD_DECRYPT] == 1);
    }

    /* Engine faults in a decryption: never a plaintext. */
    pp_td_reset();
    pp_td.mode[PP_TD_MONT_MUL] = PP_TD_CORRUPT;
    pp_td.act_secret = 1;
    pp_td.act_at = 100;
    memset(pt, 0x11, sizeof(pt));
    CHECK_STATUS(psa_asymmetric_decrypt(id, PSA_ALG_RSA_PKCS1V15_CRYPT, ct, ct_len, NULL, 0, pt,
                                        sizeof(pt), &pt_len), PSA_ERROR_CORRUPTION_DETECTED);
    CHECK(pt_len == 0 && all_zero(pt, sizeof(pt)));
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
}
#endif

/* The bignum engine under the software exponentiation. */
static void test_rsa_engine(psa_key_id_t id)
{
    uint8_t ref[RSA_BYTES], sig[RSA_BYTES];
    size_t ref_len = 0, sig_len = 0;
    unsigned total, k, step, released = 0, caught = 0;

    pp_td_reset();
    esp32c3_model_reset();
    CHECK_STATUS(psa_sign_hash(id, SIG_ALG, hash32, 32, ref, sizeof(ref), &ref_len), PSA_SUCCESS);
    /* Declined at begin: the next engine (ESP32-C3 model) multiplied. */
    CHECK(pp_td.calls[PP_TD_MONT_MUL] == 0 && esp32c3_model.modmult > 1000u);
    CHECK(esp32c3_model_blocks_clear());
    /* The engine computes every product: same signature, all secret. */
    pp_td_reset();
    pp_td.mode[PP_TD_MONT_MUL] = PP_TD_SOFTWARE;
    CHECK_STATUS(psa_sign_hash(id, SIG_ALG, hash32, 32, sig, sizeof(sig), &sig_len), PSA_SUCCESS);
    CHECK_MEM(sig, ref, RSA_BYTES);
    total = pp_td.calls[PP_TD_MONT_MUL];
    CHECK(total > 1000u && pp_td.secret_calls == total && pp_td.public_calls == 0);
    pp_td_reset();
    pp_td.mode[PP_TD_MONT_MUL] = PP_TD_SOFTWARE;
    CHECK_STATUS(psa_verify_hash(id, SIG_ALG, hash32, 32, ref, ref_len), PSA_SUCCESS);
    CHECK(pp_td.public_calls > 0 && pp_td.secret_calls == 0);
    CHECK(pp_td.calls[PP_TD_MOD_EXP] == 1);   /* the whole exponentiation was offered first */

    /* A faulty engine: one wrong product anywhere in the signature (CRT
     * halves, blinding, fault check). The signature is never released. */
    step = total / 37u + 1u;
    for (k = 1; k <= total; k += step) {
        pp_td_reset();
        pp_td.mode[PP_TD_MONT_MUL] = PP_TD_CORRUPT;
        pp_td.act_secret = 1;
        pp_td.act_at = k;
        memset(sig, 0x11, sizeof(sig));
        sig_len = 7;
        if (psa_sign_hash(id, SIG_ALG, hash32, 32, sig, sizeof(sig), &sig_len) == PSA_SUCCESS) {
            released += memcmp(sig, ref, RSA_BYTES) != 0;   /* a wrong signature out */
        } else {
            caught += sig_len == 0 && all_zero(sig, sizeof(sig));
        }
    }
    CHECK(released == 0);
    CHECK(caught == (total + step - 1u) / step);
    /* Every product wrong, and an engine error. */
    pp_td_reset();
    pp_td.mode[PP_TD_MONT_MUL] = PP_TD_CORRUPT;
    CHECK_STATUS(psa_sign_hash(id, SIG_ALG, hash32, 32, sig, sizeof(sig), &sig_len),
                 PSA_ERROR_CORRUPTION_DETECTED);
    CHECK(sig_len == 0 && all_zero(sig, sizeof(sig)));
    pp_td_reset();
    pp_td.mode[PP_TD_MONT_MUL] = PP_TD_FAIL;
    pp_td.act_at = 10;
    CHECK_STATUS(psa_sign_hash(id, SIG_ALG, hash32, 32, sig, sizeof(sig), &sig_len),
                 PSA_ERROR_HARDWARE_FAILURE);
    CHECK(sig_len == 0 && all_zero(sig, sizeof(sig)));
    /* Public side: a wrong product fails verification, an error is returned. */
    pp_td_reset();
    pp_td.mode[PP_TD_MONT_MUL] = PP_TD_CORRUPT;
    pp_td.act_secret = 0;
    CHECK_STATUS(psa_verify_hash(id, SIG_ALG, hash32, 32, ref, ref_len), PSA_ERROR_INVALID_SIGNATURE);
    pp_td.mode[PP_TD_MONT_MUL] = PP_TD_FAIL;
    CHECK_STATUS(psa_verify_hash(id, SIG_ALG, hash32, 32, ref, ref_len), PSA_ERROR_HARDWARE_FAILURE);
    /* The whole public exponentiation engine. */
    pp_td_reset();
    pp_td.mode[PP_TD_MOD_EXP] = PP_TD_SOFTWARE;
    CHECK_STATUS(psa_verify_hash(id, SIG_ALG, hash32, 32, ref, ref_len), PSA_SUCCESS);
    CHECK(pp_td.calls[PP_TD_MOD_EXP] == 1 && pp_td.calls[PP_TD_MONT_MUL] == 0);
    pp_td.mode[PP_TD_MOD_EXP] = PP_TD_CORRUPT;
    CHECK_STATUS(psa_verify_hash(id, SIG_ALG, hash32, 32, ref, ref_len), PSA_ERROR_INVALID_SIGNATURE);
    pp_td.mode[PP_TD_MOD_EXP] = PP_TD_FAIL;
    CHECK_STATUS(psa_verify_hash(id, SIG_ALG, hash32, 32, ref, ref_len), PSA_ERROR_HARDWARE_FAILURE);
    /* Private operations never reach it (secret data). */
    pp_td_reset();
    pp_td.mode[PP_TD_MOD_EXP] = PP_TD_SOFTWARE;
    CHECK_STATUS(psa_sign_hash(id, SIG_ALG, hash32, 32, sig, sizeof(sig), &sig_len), PSA_SUCCESS);
    CHECK(pp_td.calls[PP_TD_MOD_EXP] == 0);
}

static void test_rsa_generate(void)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    uint8_t sig[1024 / 8];
    size_t sig_len = 0;
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_bits(&attr, 1024);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH);
    psa_set_key_algorithm(&attr, SIG_ALG);
    pp_td_reset();
    pp_td.mode[PP_TD_GENERATE] = PP_TD_SOFTWARE;
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_SUCCESS);
    CHECK(pp_td.calls[PP_TD_GENERATE] == 1);
    CHECK_STATUS(psa_sign_hash(id, SIG_ALG, hash32, 32, sig, sizeof(sig), &sig_len), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_hash(id, SIG_ALG, hash32, 32, sig, sig_len), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    pp_td.mode[PP_TD_GENERATE] = PP_TD_FAIL;
    id = 0;
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_HARDWARE_FAILURE);
    CHECK(id == 0);
    CHECK(pp_td.calls[PP_TD_GENERATE] == 2);
    /* A key buffer length beyond the slot's buffer: no key is created. */
    pp_td.mode[PP_TD_GENERATE] = PP_TD_WRONG_LENGTH;
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_CORRUPTION_DETECTED);
    CHECK(id == 0);
    CHECK(pp_td.calls[PP_TD_GENERATE] == 3);
}
#endif /* RSA */

#if TEST_HAVE_ED25519
static void test_ed25519(void)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    uint8_t ref[64], sig[64];
    size_t ref_len = 0, sig_len = 0;
    psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS));
    psa_set_key_bits(&attr, 255);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    pp_td_reset();
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_SUCCESS);
    CHECK(pp_td.calls[PP_TD_GENERATE] == 1);
    CHECK_STATUS(psa_sign_message(id, PSA_ALG_PURE_EDDSA, hash32, 32, ref, sizeof(ref), &ref_len),
                 PSA_SUCCESS);
    CHECK(pp_td.calls[PP_TD_SIGN_MESSAGE] == 1 && pp_td.calls[PP_TD_SIGN_HASH] == 0);
    pp_td.mode[PP_TD_SIGN_MESSAGE] = PP_TD_CORRUPT;
    CHECK_STATUS(psa_sign_message(id, PSA_ALG_PURE_EDDSA, hash32, 32, sig, sizeof(sig), &sig_len),
                 PSA_SUCCESS);
    CHECK(sig_len == 64 && memcmp(sig, ref, 64) != 0);
    pp_td.mode[PP_TD_SIGN_MESSAGE] = PP_TD_FAIL;
    CHECK_STATUS(psa_sign_message(id, PSA_ALG_PURE_EDDSA, hash32, 32, sig, sizeof(sig), &sig_len),
                 PSA_ERROR_HARDWARE_FAILURE);
    CHECK(sig_len == 0 && all_zero(sig, sizeof(sig)));
    pp_td.mode[PP_TD_SIGN_MESSAGE] = PP_TD_WRONG_LENGTH;
    sign_fails(id, PSA_ALG_PURE_EDDSA, 1, sig, sizeof(sig), PSA_ERROR_CORRUPTION_DETECTED);
    pp_td.mode[PP_TD_VERIFY_MESSAGE] = PP_TD_FAIL;
    CHECK_STATUS(psa_verify_message(id, PSA_ALG_PURE_EDDSA, hash32, 32, ref, ref_len),
                 PSA_ERROR_HARDWARE_FAILURE);
    pp_td.mode[PP_TD_VERIFY_MESSAGE] = PP_TD_DECLINE;
    CHECK_STATUS(psa_verify_message(id, PSA_ALG_PURE_EDDSA, hash32, 32, ref, ref_len), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
}
#endif

int main(void)
{
    (void)sign_fails;   /* unused without RSA and Ed25519 (configs/lms_verify_only.h) */
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    pp_td_reset();
#if TEST_HAVE_RSA_KEY_PAIR && PSA_WANT_ALG_RSA_PKCS1V15_SIGN && PSA_WANT_ALG_SHA_256
    {
        psa_key_id_t id = rsa_key();
        test_rsa_signatures(id);
#if PSA_WANT_ALG_RSA_PKCS1V15_CRYPT
        test_rsa_crypt(id);
#endif
        test_rsa_engine(id);
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
        test_rsa_generate();
    }
#endif
#if TEST_HAVE_ED25519
    test_ed25519();
#endif
    return test_report("driver_dispatch");
}
