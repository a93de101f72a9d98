/*
 * test_driver_aes.c -- the AES block engine seam (picopsa_aes_engine_t,
 * <picopsa/driver.h>, src/aes/aes_engine.c) in the driver test build
 * (drivers/test_build.h: the test driver, the ESP32-C3 RSA driver, the
 * ESP32-C3 AES driver on its register model, tests/models/).
 *  - ESP32-C3: FIPS 197 appendix C known answers and OpenSSL cross-checks
 *    of AES-128/256 ECB, CBC, CTR and GCM through the PSA API run on the
 *    model (its trigger count rises), AES-192 falls back to software
 *    (count unchanged) and still matches; after every operation the
 *    model's AES_KEY_n_REG and AES_TEXT_IN_m_REG are all 0; no violation;
 *    a stuck block gives PSA_ERROR_HARDWARE_FAILURE, wiped output, and
 *    cleared registers.
 *  - The test driver in front: decline (the ESP32-C3 gets the key),
 *    software (takes every key, AES-192 included, results equal), fail at
 *    set_key and at the 1st / 2nd ecb call (the status surfaces from
 *    psa_cipher_*, psa_aead_*, psa_mac_*, the outputs are zero), corrupt
 *    key or block (the known-answer comparison detects it).
 */
#include "test_config.h"
#include "test_util.h"

#include <string.h>

#include <openssl/evp.h>
#include <psa/crypto.h>

#include "test/test_driver.h"
#include "esp32c3_aes_model.h"

/* The helpers below exist for the AES modes this test drives; a
 * configuration without them (configs/ed25519_only.h) skips in main. */
#if PSA_WANT_KEY_TYPE_AES && PSA_WANT_ALG_ECB_NO_PADDING && PSA_WANT_ALG_CBC_NO_PADDING && PSA_WANT_ALG_CTR

static const uint8_t fips_pt[16] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                     0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff };
/* FIPS 197 C.1, C.2, C.3: key 00 01 02 ... */
static const uint8_t fips_ct128[16] = { 0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                        0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a };
static const uint8_t fips_ct192[16] = { 0xdd, 0xa9, 0x7c, 0xa4, 0x86, 0x4c, 0xdf, 0xe0,
                                        0x6e, 0xaf, 0x70, 0xa0, 0xec, 0x0d, 0x71, 0x91 };
static const uint8_t fips_ct256[16] = { 0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf,
                                        0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89 };

#define MAXLEN 256u

static psa_key_id_t import_aes(const uint8_t *key, size_t len, psa_algorithm_t alg,
                               psa_key_usage_t usage)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    psa_set_key_type(&a, PSA_KEY_TYPE_AES);
    psa_set_key_bits(&a, len * 8u);
    psa_set_key_algorithm(&a, alg);
    psa_set_key_usage_flags(&a, usage);
    CHECK_STATUS(psa_import_key(&a, key, len, &id), PSA_SUCCESS);
    return id;
}

/* Multipart cipher with a given IV (none for ECB). */
static psa_status_t cipher(const uint8_t *key, size_t klen, psa_algorithm_t alg, int enc,
                           const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out,
                           size_t *olen)
{
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    psa_key_id_t id = import_aes(key, klen, alg, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    size_t n1 = 0, n2 = 0;
    psa_status_t st = enc ? psa_cipher_encrypt_setup(&op, id, alg)
                          : psa_cipher_decrypt_setup(&op, id, alg);
    *olen = 0;
    if (st == PSA_SUCCESS && alg != PSA_ALG_ECB_NO_PADDING) {
        st = psa_cipher_set_iv(&op, iv, 16);
    }
    if (st == PSA_SUCCESS) {
        st = psa_cipher_update(&op, in, len, out, MAXLEN, &n1);
    }
    if (st == PSA_SUCCESS) {
        st = psa_cipher_finish(&op, out + n1, MAXLEN - n1, &n2);
    }
    if (st == PSA_SUCCESS) {
        *olen = n1 + n2;
    }
    psa_cipher_abort(&op);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    return st;
}

static const EVP_CIPHER *ossl(size_t klen, psa_algorithm_t alg)
{
    if (alg == PSA_ALG_ECB_NO_PADDING) {
        return klen == 16 ? EVP_aes_128_ecb() : klen == 24 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
    }
    if (alg == PSA_ALG_CBC_NO_PADDING) {
        return klen == 16 ? EVP_aes_128_cbc() : klen == 24 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
    }
    if (alg == PSA_ALG_CTR) {
        return klen == 16 ? EVP_aes_128_ctr() : klen == 24 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
    }
    return klen == 16 ? EVP_aes_128_gcm() : klen == 24 ? EVP_aes_192_gcm() : EVP_aes_256_gcm();
}

/* OpenSSL's result for (key, alg, iv, in); GCM: ciphertext || 16-byte tag, 12-byte nonce. */
static size_t reference(const uint8_t *key, size_t klen, psa_algorithm_t alg, int enc,
                        const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int n1 = 0, n2 = 0;
    int gcm = alg == PSA_ALG_GCM;
    CHECK(c != NULL);
    CHECK(EVP_CipherInit_ex(c, ossl(klen, alg), NULL, NULL, NULL, enc) == 1);
    if (gcm) {
        CHECK(EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_IVLEN, 12, NULL) == 1);
    }
    CHECK(EVP_CipherInit_ex(c, NULL, NULL, key, iv, enc) == 1);
    EVP_CIPHER_CTX_set_padding(c, 0);
    CHECK(EVP_CipherUpdate(c, out, &n1, in, (int)len) == 1);
    CHECK(EVP_CipherFinal_ex(c, out + n1, &n2) == 1);
    if (gcm) {
        CHECK(EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, 16, out + n1 + n2) == 1);
        n2 += 16;
    }
    EVP_CIPHER_CTX_free(c);
    return (size_t)(n1 + n2);
}

#if PSA_WANT_ALG_GCM
static psa_status_t gcm_encrypt(const uint8_t *key, size_t klen, const uint8_t *nonce,
                                const uint8_t *in, size_t len, uint8_t *out, size_t *olen)
{
    psa_key_id_t id = import_aes(key, klen, PSA_ALG_GCM, PSA_KEY_USAGE_ENCRYPT);
    psa_status_t st = psa_aead_encrypt(id, PSA_ALG_GCM, nonce, 12, fips_pt, 16, in, len, out,
                                       MAXLEN + 16u, olen);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    return st;
}
#endif

#if PSA_WANT_ALG_CCM
/* The engine takes keys in software and fails its at-th block call. */
static void ecb_fails_at(unsigned at)
{
    pp_td_reset();
    pp_td.mode[PP_TD_AES_SET_KEY] = PP_TD_SOFTWARE;
    pp_td.mode[PP_TD_AES_ECB] = PP_TD_FAIL;
    pp_td.fail_status = PSA_ERROR_COMMUNICATION_FAILURE;
    pp_td.act_at = at;
}
#endif

static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        acc |= p[i];
    }
    return acc == 0;
}

static void seq_key(uint8_t *key, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) {
        key[i] = (uint8_t)i;
    }
}

/* One cross-check of every mode for a key length, expecting the ESP32-C3
 * model to compute (hw) or not. */
static void modes_once(size_t klen, int hw)
{
    static const psa_algorithm_t algs[] = { PSA_ALG_ECB_NO_PADDING, PSA_ALG_CBC_NO_PADDING,
                                            PSA_ALG_CTR };
    uint8_t key[32], iv[16], in[MAXLEN], out[MAXLEN + 16u], ref[MAXLEN + 16u], back[MAXLEN];
    size_t len = 16u * (1u + (size_t)(test_rng_u64() % 12u)), olen = 0, rlen, i;
    unsigned long before;
    test_rng_bytes(key, klen);
    test_rng_bytes(iv, sizeof(iv));
    test_rng_bytes(in, len);
    for (i = 0; i < sizeof(algs) / sizeof(algs[0]); i++) {
        before = esp32c3_aes_model.triggers;
        CHECK_STATUS(cipher(key, klen, algs[i], 1, iv, in, len, out, &olen), PSA_SUCCESS);
        rlen = reference(key, klen, algs[i], 1, iv, in, len, ref);
        CHECK(olen == rlen);
        CHECK_MEM(out, ref, rlen);
        CHECK(!esp32c3_aes_model_secret_left());
        CHECK_STATUS(cipher(key, klen, algs[i], 0, iv, out, len, back, &olen), PSA_SUCCESS);
        CHECK(olen == len);
        CHECK_MEM(back, in, len);
        CHECK(!esp32c3_aes_model_secret_left());
        CHECK(hw ? esp32c3_aes_model.triggers > before : esp32c3_aes_model.triggers == before);
    }
#if PSA_WANT_ALG_GCM
    before = esp32c3_aes_model.triggers;
    CHECK_STATUS(gcm_encrypt(key, klen, iv, in, len, out, &olen), PSA_SUCCESS);
    {
        /* OpenSSL with the same AAD (fips_pt) */
        EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
        int n = 0;
        CHECK(EVP_EncryptInit_ex(c, ossl(klen, PSA_ALG_GCM), NULL, NULL, NULL) == 1);
        CHECK(EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_IVLEN, 12, NULL) == 1);
        CHECK(EVP_EncryptInit_ex(c, NULL, NULL, key, iv) == 1);
        CHECK(EVP_EncryptUpdate(c, NULL, &n, fips_pt, 16) == 1);
        CHECK(EVP_EncryptUpdate(c, ref, &n, in, (int)len) == 1);
        CHECK(EVP_EncryptFinal_ex(c, ref + n, &n) == 1);
        CHECK(EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, 16, ref + len) == 1);
        EVP_CIPHER_CTX_free(c);
    }
    CHECK(olen == len + 16u);
    CHECK_MEM(out, ref, len + 16u);
    CHECK(!esp32c3_aes_model_secret_left());
    CHECK(hw ? esp32c3_aes_model.triggers > before : esp32c3_aes_model.triggers == before);
#endif
}

static void test_esp32c3(void)
{
    uint8_t key[32], out[MAXLEN];
    size_t olen = 0;
    int round;
    pp_td_reset();   /* the test driver declines: the ESP32-C3 is asked */
    seq_key(key, 32);
    CHECK_STATUS(cipher(key, 16, PSA_ALG_ECB_NO_PADDING, 1, NULL, fips_pt, 16, out, &olen),
                 PSA_SUCCESS);
    CHECK_MEM(out, fips_ct128, 16);
    CHECK_STATUS(cipher(key, 24, PSA_ALG_ECB_NO_PADDING, 1, NULL, fips_pt, 16, out, &olen),
                 PSA_SUCCESS);
    CHECK_MEM(out, fips_ct192, 16);
    CHECK_STATUS(cipher(key, 32, PSA_ALG_ECB_NO_PADDING, 1, NULL, fips_pt, 16, out, &olen),
                 PSA_SUCCESS);
    CHECK_MEM(out, fips_ct256, 16);
    CHECK(esp32c3_aes_model.blocks_256 > 0);
    for (round = 0; round < 8; round++) {
        modes_once(16, 1);
        modes_once(24, 0);   /* no AES-192 on the C3: software */
        modes_once(32, 1);
    }
    CHECK(esp32c3_aes_model.decryptions > 0);
    CHECK(esp32c3_aes_model.violations == 0);
    CHECK(!esp32c3_aes_model_secret_left());

    /* a block that never finishes: HARDWARE_FAILURE, no output, cleared */
    esp32c3_aes_model.strict = 0;
    esp32c3_aes_model.stuck = 1;
    memset(out, 0x5a, sizeof(out));
    CHECK_STATUS(cipher(key, 16, PSA_ALG_CTR, 1, key, fips_pt, 16, out, &olen),
                 PSA_ERROR_HARDWARE_FAILURE);
    CHECK(olen == 0);
    CHECK(all_zero(out, 16));
    esp32c3_aes_model.stuck = 0;
    esp32c3_aes_model.busy = 0;
    esp32c3_aes_model.violations = 0;
    esp32c3_aes_model.strict = 1;
    /* the driver zeroed the key while stuck; the next operation works and clears */
    CHECK_STATUS(cipher(key, 16, PSA_ALG_ECB_NO_PADDING, 1, NULL, fips_pt, 16, out, &olen),
                 PSA_SUCCESS);
    CHECK_MEM(out, fips_ct128, 16);
    CHECK(!esp32c3_aes_model_secret_left());
    CHECK(esp32c3_aes_model.violations == 0);
}

/* The test driver's modes at its AES entry points. */
static void test_modes(void)
{
    uint8_t key[32], in[64], iv[16], out[MAXLEN + 16u], ref[MAXLEN + 16u];
    size_t olen = 0;
    unsigned long before;
    size_t klen;
    seq_key(key, 32);
    test_rng_bytes(in, sizeof(in));
    test_rng_bytes(iv, sizeof(iv));

    /* software: the test driver takes every key, AES-192 included */
    for (klen = 16; klen <= 32; klen += 8) {
        const uint8_t *want = klen == 16 ? fips_ct128 : klen == 24 ? fips_ct192 : fips_ct256;
        pp_td_reset();
        pp_td.mode[PP_TD_AES_SET_KEY] = PP_TD_SOFTWARE;
        pp_td.mode[PP_TD_AES_ECB] = PP_TD_SOFTWARE;
        before = esp32c3_aes_model.triggers;
        CHECK_STATUS(cipher(key, klen, PSA_ALG_ECB_NO_PADDING, 1, NULL, fips_pt, 16, out, &olen),
                     PSA_SUCCESS);
        CHECK_MEM(out, want, 16);
        CHECK(pp_td.calls[PP_TD_AES_ECB] > 0);
        CHECK(esp32c3_aes_model.triggers == before);
        CHECK_STATUS(cipher(key, klen, PSA_ALG_CBC_NO_PADDING, 1, iv, in, 64, out, &olen),
                     PSA_SUCCESS);
        reference(key, klen, PSA_ALG_CBC_NO_PADDING, 1, iv, in, 64, ref);
        CHECK_MEM(out, ref, 64);

        /* decline: the next driver (the ESP32-C3) or the software */
        pp_td_reset();
        before = esp32c3_aes_model.triggers;
        CHECK_STATUS(cipher(key, klen, PSA_ALG_ECB_NO_PADDING, 1, NULL, fips_pt, 16, out, &olen),
                     PSA_SUCCESS);
        CHECK_MEM(out, want, 16);
        CHECK(pp_td.calls[PP_TD_AES_SET_KEY] > 0);
        CHECK(pp_td.calls[PP_TD_AES_ECB] == 0);
        CHECK(klen == 24 ? esp32c3_aes_model.triggers == before
                         : esp32c3_aes_model.triggers > before);

        /* fail at set_key: the status of setup, nothing out */
        pp_td_reset();
        pp_td.mode[PP_TD_AES_SET_KEY] = PP_TD_FAIL;
        memset(out, 0x5a, sizeof(out));
        CHECK_STATUS(cipher(key, klen, PSA_ALG_CTR, 1, iv, in, 64, out, &olen),
                     PSA_ERROR_HARDWARE_FAILURE);
        CHECK(olen == 0);

        /* fail at the 1st and the 2nd block call: CBC (one call per block), CTR */
        {
            unsigned at;
            for (at = 1; at <= 2; at++) {
                static const psa_algorithm_t algs[] = { PSA_ALG_CBC_NO_PADDING, PSA_ALG_CTR,
                                                        PSA_ALG_ECB_NO_PADDING };
                size_t i;
                for (i = 0; i < 3; i++) {
                    pp_td_reset();
                    pp_td.mode[PP_TD_AES_SET_KEY] = PP_TD_SOFTWARE;
                    pp_td.mode[PP_TD_AES_ECB] = PP_TD_FAIL;
                    pp_td.fail_status = PSA_ERROR_COMMUNICATION_FAILURE;
                    pp_td.act_at = at;
                    memset(out, 0x5a, sizeof(out));
                    CHECK_STATUS(cipher(key, klen, algs[i], 1, iv, in, 64, out, &olen),
                                 at == 1 || algs[i] == PSA_ALG_CBC_NO_PADDING
                                     ? PSA_ERROR_COMMUNICATION_FAILURE
                                     : PSA_SUCCESS);
                    if (olen == 0) {
                        CHECK(all_zero(out, 64));
                    }
                }
            }
        }
#if PSA_WANT_ALG_GCM
        pp_td_reset();
        pp_td.mode[PP_TD_AES_SET_KEY] = PP_TD_SOFTWARE;
        pp_td.mode[PP_TD_AES_ECB] = PP_TD_FAIL;
        memset(out, 0x5a, sizeof(out));
        olen = 1;
        CHECK_STATUS(gcm_encrypt(key, klen, iv, in, 64, out, &olen), PSA_ERROR_HARDWARE_FAILURE);
        CHECK(olen == 0);
        CHECK(all_zero(out, 64 + 16));
#endif
#if PSA_WANT_ALG_CCM
        /* CCM: the engine fails at each of its block calls in turn, the
         * last CBC-MAC block of the tag (run by finish / verify) included:
         * the one-shot calls return its status, with no ciphertext, tag or
         * plaintext out (an error lost at finish once gave a tag of wiped
         * blocks and PSA_SUCCESS). */
        {
            static const uint8_t ccm_nonce[13] = {1, 2, 3};
            psa_key_id_t id = import_aes(key, klen, PSA_ALG_CCM,
                                         PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
            uint8_t ct[40 + 16], pt[40];
            size_t ct_len = 0, pt_len = 0, calls, at;
            pp_td_reset();
            pp_td.mode[PP_TD_AES_SET_KEY] = PP_TD_SOFTWARE;
            pp_td.mode[PP_TD_AES_ECB] = PP_TD_SOFTWARE;
            CHECK_STATUS(psa_aead_encrypt(id, PSA_ALG_CCM, ccm_nonce, 13, fips_pt, 16, in, 40, ct,
                                          sizeof(ct), &ct_len), PSA_SUCCESS);
            calls = pp_td.calls[PP_TD_AES_ECB];
            CHECK(ct_len == 56 && calls > 0);
            for (at = 1; at <= calls; at++) {
                uint8_t out2[40 + 16];
                size_t n = 1;
                ecb_fails_at((unsigned)at);
                memset(out2, 0x5a, sizeof(out2));
                CHECK_STATUS(psa_aead_encrypt(id, PSA_ALG_CCM, ccm_nonce, 13, fips_pt, 16, in, 40,
                                              out2, sizeof(out2), &n),
                             PSA_ERROR_COMMUNICATION_FAILURE);
                CHECK(n == 0 && all_zero(out2, sizeof(out2)));
                ecb_fails_at((unsigned)at);
                memset(pt, 0x5a, sizeof(pt));
                n = 1;
                CHECK_STATUS(psa_aead_decrypt(id, PSA_ALG_CCM, ccm_nonce, 13, fips_pt, 16, ct,
                                              ct_len, pt, sizeof(pt), &n),
                             PSA_ERROR_COMMUNICATION_FAILURE);
                CHECK(n == 0 && all_zero(pt, sizeof(pt)));
            }
            pp_td_reset();
            pp_td.mode[PP_TD_AES_SET_KEY] = PP_TD_SOFTWARE;
            pp_td.mode[PP_TD_AES_ECB] = PP_TD_SOFTWARE;
            CHECK_STATUS(psa_aead_decrypt(id, PSA_ALG_CCM, ccm_nonce, 13, fips_pt, 16, ct, ct_len,
                                          pt, sizeof(pt), &pt_len), PSA_SUCCESS);
            CHECK(pt_len == 40);
            CHECK_MEM(pt, in, 40);
            CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
            /* what the cases below start from (the GCM case's setting) */
            pp_td_reset();
            pp_td.mode[PP_TD_AES_SET_KEY] = PP_TD_SOFTWARE;
            pp_td.mode[PP_TD_AES_ECB] = PP_TD_FAIL;
        }
#endif
#if PSA_WANT_ALG_CMAC
        {
            psa_key_id_t id = import_aes(key, klen, PSA_ALG_CMAC, PSA_KEY_USAGE_SIGN_MESSAGE |
                                                                      PSA_KEY_USAGE_VERIFY_MESSAGE);
            uint8_t mac[16];
            size_t mlen = 1;
            pp_td.calls[PP_TD_AES_ECB] = 0;
            memset(mac, 0x5a, sizeof(mac));
            CHECK_STATUS(psa_mac_compute(id, PSA_ALG_CMAC, in, 40, mac, sizeof(mac), &mlen),
                         PSA_ERROR_HARDWARE_FAILURE);
            CHECK(mlen == 0);
            CHECK(all_zero(mac, sizeof(mac)));
            /* a zero tag must not verify through a failed engine */
            CHECK_STATUS(psa_mac_verify(id, PSA_ALG_CMAC, in, 40, mac, sizeof(mac)),
                         PSA_ERROR_HARDWARE_FAILURE);
            CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
        }
#endif

#if PSA_WANT_ALG_SP800_108_COUNTER_CMAC
        {
            /* SP 800-108 CMAC: a failing engine is an error, not output */
            psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
            psa_key_id_t id = import_aes(key, klen, PSA_ALG_SP800_108_COUNTER_CMAC,
                                         PSA_KEY_USAGE_DERIVE);
            uint8_t derived[40];
            pp_td.calls[PP_TD_AES_ECB] = 0;
            memset(derived, 0x5a, sizeof(derived));
            CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_SP800_108_COUNTER_CMAC),
                         PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_SECRET, id),
                         PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_LABEL, in,
                                                        8),
                         PSA_SUCCESS);
            CHECK(psa_key_derivation_output_bytes(&op, derived, sizeof(derived)) ==
                  PSA_ERROR_HARDWARE_FAILURE);
            CHECK(all_zero(derived, sizeof(derived)));
            psa_key_derivation_abort(&op);
            CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
        }
#endif

        /* corrupt: the known answer catches it */
        pp_td_reset();
        pp_td.mode[PP_TD_AES_SET_KEY] = PP_TD_SOFTWARE;
        pp_td.mode[PP_TD_AES_ECB] = PP_TD_CORRUPT;
        CHECK_STATUS(cipher(key, klen, PSA_ALG_ECB_NO_PADDING, 1, NULL, fips_pt, 16, out, &olen),
                     PSA_SUCCESS);
        CHECK(memcmp(out, want, 16) != 0);
        pp_td.mode[PP_TD_AES_SET_KEY] = PP_TD_CORRUPT;
        pp_td.mode[PP_TD_AES_ECB] = PP_TD_SOFTWARE;
        CHECK_STATUS(cipher(key, klen, PSA_ALG_ECB_NO_PADDING, 1, NULL, fips_pt, 16, out, &olen),
                     PSA_SUCCESS);
        CHECK(memcmp(out, want, 16) != 0);
    }
    pp_td_reset();
}

#endif /* the AES modes */

int main(void)
{
#if !PSA_WANT_KEY_TYPE_AES || !PSA_WANT_ALG_ECB_NO_PADDING || !PSA_WANT_ALG_CBC_NO_PADDING || \
    !PSA_WANT_ALG_CTR
    return test_skip("driver_aes", "AES ECB/CBC/CTR not built");
#else
    test_rng_seed(0x4145533332u);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_esp32c3();
    test_modes();
    return test_report("driver_aes");
#endif
}
