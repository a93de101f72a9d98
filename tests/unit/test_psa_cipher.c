/*
 * test_psa_cipher.c -- the unauthenticated cipher API (PSA 1.2 10.4) with
 * AES keys, end to end:
 *  - NIST SP 800-38A Appendix F (ECB F.1, CBC F.2, CFB128 F.3.13-18, OFB
 *    F.4, CTR F.5), all three key sizes, one-shot and multi-part, both
 *    directions;
 *  - Wycheproof aes_cbc_pkcs5_test.json (CBC-PKCS#7: valid and bad
 *    padding);
 *  - random cross-checks with OpenSSL EVP both ways for every mode and key
 *    size, one-shot and multi-part with random chunking, in place and
 *    with shifted overlapping buffers (spec 5.4.4);
 *  - CCM* without tag against OpenSSL's AES-CCM (its ciphertext without
 *    the tag is the same CTR stream from A_1);
 *  - key sizes, policies, key/algorithm mismatches, size errors;
 *  - PSA_ALG_STREAM_CIPHER: ChaCha20 (12-byte nonce and 16-byte counter ||
 *    nonce IVs) against OpenSSL's EVP_chacha20, XChaCha20 against
 *    HChaCha20 + OpenSSL's ChaCha20 (draft-irtf-cfrg-xchacha-03 2.3).
 */
#include <psa/crypto.h>
#include "chacha20/chacha20.h"   /* pp_hchacha20, checked by test_chacha20 */
#include "test_config.h"
#include "cipher/cipher.h"   /* PP_CIPHER_BUILT */
#include "test_util.h"
#include "json.h"

#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if !(PSA_WANT_KEY_TYPE_AES)
int main(void)
{
    return test_skip("psa_cipher", "AES configured out");
}
#else

#include "sp800_38a_vectors.h"

static const psa_algorithm_t all_modes[] = {
    PSA_ALG_ECB_NO_PADDING, PSA_ALG_CBC_NO_PADDING, PSA_ALG_CBC_PKCS7, PSA_ALG_CTR,
    PSA_ALG_CFB, PSA_ALG_OFB, PSA_ALG_CCM_STAR_NO_TAG,
};
#define N_MODES (sizeof(all_modes) / sizeof(all_modes[0]))

static psa_key_id_t import_aes(const uint8_t *key, size_t key_len, psa_algorithm_t alg,
                               psa_key_usage_t usage)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, PSA_KEY_TYPE_AES);
    psa_set_key_algorithm(&attr, alg);
    psa_set_key_usage_flags(&attr, usage);
    CHECK_STATUS(psa_import_key(&attr, key, key_len, &id), PSA_SUCCESS);
    return id;
}

static size_t iv_length_of(psa_algorithm_t alg)
{
    return PSA_CIPHER_IV_LENGTH(PSA_KEY_TYPE_AES, alg);
}

/* For a mode the build leaves out: the one-shot calls and the setups
 * answer NOT_SUPPORTED (PSA Crypto API 1.2 10.4: "alg is not supported"),
 * with no output; returns 1 when the mode is built (the caller tests it). */
static int mode_check_built(psa_key_id_t id, psa_algorithm_t alg)
{
    uint8_t in[48] = {0}, out[64];
    size_t n = 1;
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    if (test_cipher_built(alg)) {
        return 1;
    }
    memset(out, 0xa5, sizeof(out));
    CHECK_STATUS(psa_cipher_encrypt(id, alg, in, 32, out, sizeof(out), &n),
                 PSA_ERROR_NOT_SUPPORTED);
    CHECK(n == 0);
    CHECK_STATUS(psa_cipher_decrypt(id, alg, in, 48, out, sizeof(out), &n),
                 PSA_ERROR_NOT_SUPPORTED);
    CHECK(n == 0);
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, id, alg), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_cipher_decrypt_setup(&op, id, alg), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_cipher_abort(&op), PSA_SUCCESS);
    return 0;
}

/* Multi-part run with the given chunk sizes (0-terminated list, cycled);
 * returns the total output length or (size_t)-1 on an error status. */
static size_t multipart(psa_key_id_t id, psa_algorithm_t alg, int encrypt, const uint8_t *iv,
                        const uint8_t *in, size_t len, uint8_t *out, size_t out_size,
                        int random_chunks, psa_status_t *final_status)
{
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    size_t done = 0, total = 0, n;
    psa_status_t st = encrypt ? psa_cipher_encrypt_setup(&op, id, alg)
                              : psa_cipher_decrypt_setup(&op, id, alg);
    *final_status = st;
    if (st != PSA_SUCCESS) {
        return (size_t)-1;
    }
    if (iv_length_of(alg) != 0) {
        CHECK_STATUS(psa_cipher_set_iv(&op, iv, iv_length_of(alg)), PSA_SUCCESS);
    }
    while (done < len) {
        size_t chunk = random_chunks ? test_rng_range(0, 40) : len;
        if (chunk > len - done) {
            chunk = len - done;
        }
        if (random_chunks == 2) {
            /* each chunk in place in a scratch buffer (input == output
             * while a partial block is pending) */
            static uint8_t scratch[64 + 16];
            if (chunk > 64) {
                chunk = 64;
            }
            memcpy(scratch, in + done, chunk);
            st = psa_cipher_update(&op, scratch, chunk, scratch, sizeof(scratch), &n);
            memcpy(out + total, scratch, n);
        } else {
            st = psa_cipher_update(&op, in + done, chunk, out + total, out_size - total, &n);
        }
        CHECK_STATUS(st, PSA_SUCCESS);
        CHECK(n <= PSA_CIPHER_UPDATE_OUTPUT_SIZE(PSA_KEY_TYPE_AES, alg, chunk));
        CHECK(n <= PSA_CIPHER_UPDATE_OUTPUT_MAX_SIZE(chunk));
        done += chunk;
        total += n;
    }
    st = psa_cipher_finish(&op, out + total, out_size - total, &n);
    *final_status = st;
    psa_cipher_abort(&op);
    if (st != PSA_SUCCESS) {
        return (size_t)-1;
    }
    CHECK(n <= PSA_CIPHER_FINISH_OUTPUT_SIZE(PSA_KEY_TYPE_AES, alg));
    return total + n;
}

static void test_sp800_38a(void)
{
    uint8_t plain[64], ct[64], iv[16], key[32], out[64 + 32], in[64 + 16];
    size_t i, k, n;
    psa_status_t st;
    test_hex_to(plain_hex, plain, sizeof(plain));
    for (i = 0; i < sizeof(sp800_38a) / sizeof(sp800_38a[0]); i++) {
        psa_algorithm_t alg = sp800_38a[i].alg;
        size_t ivl = test_hex_to(sp800_38a[i].iv, iv, sizeof(iv));
        CHECK(ivl == iv_length_of(alg));
        for (k = 0; k < 3; k++) {
            size_t kl = test_hex_to(key_hex[k], key, sizeof(key));
            psa_key_id_t id = import_aes(key, kl, alg, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
            if (!mode_check_built(id, alg)) {
                CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
                continue;
            }
            test_hex_to(sp800_38a[i].ct[k], ct, sizeof(ct));
            /* multi-part, one update and random chunks */
            n = multipart(id, alg, 1, iv, plain, 64, out, sizeof(out), 0, &st);
            CHECK(n == 64);
            CHECK_MEM(out, ct, 64);
            n = multipart(id, alg, 1, iv, plain, 64, out, sizeof(out), 1, &st);
            CHECK(n == 64);
            CHECK_MEM(out, ct, 64);
            n = multipart(id, alg, 0, iv, ct, 64, out, sizeof(out), 1, &st);
            CHECK(n == 64);
            CHECK_MEM(out, plain, 64);
            /* one-shot decryption of IV || C */
            memcpy(in, iv, ivl);
            memcpy(in + ivl, ct, 64);
            CHECK_STATUS(psa_cipher_decrypt(id, alg, in, ivl + 64, out, sizeof(out), &n),
                         PSA_SUCCESS);
            CHECK(n == 64);
            CHECK_MEM(out, plain, 64);
            CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
        }
    }
}

static const EVP_CIPHER *evp_of(psa_algorithm_t alg, size_t key_len)
{
    int i = key_len == 16 ? 0 : key_len == 24 ? 1 : 2;
    switch (alg) {
    case PSA_ALG_ECB_NO_PADDING:
        return (const EVP_CIPHER *[]){EVP_aes_128_ecb(), EVP_aes_192_ecb(), EVP_aes_256_ecb()}[i];
    case PSA_ALG_CBC_NO_PADDING:
    case PSA_ALG_CBC_PKCS7:
        return (const EVP_CIPHER *[]){EVP_aes_128_cbc(), EVP_aes_192_cbc(), EVP_aes_256_cbc()}[i];
    case PSA_ALG_CTR:
        return (const EVP_CIPHER *[]){EVP_aes_128_ctr(), EVP_aes_192_ctr(), EVP_aes_256_ctr()}[i];
    case PSA_ALG_CFB:
        return (const EVP_CIPHER *[]){EVP_aes_128_cfb128(), EVP_aes_192_cfb128(),
                                      EVP_aes_256_cfb128()}[i];
    case PSA_ALG_OFB:
        return (const EVP_CIPHER *[]){EVP_aes_128_ofb(), EVP_aes_192_ofb(), EVP_aes_256_ofb()}[i];
    default:
        return NULL;
    }
}

/* OpenSSL's answer for (alg, key, iv, in); CCM* via AES-CCM with a 13-byte
 * nonce and a 4-byte tag (dropped). Returns the output length. */
static size_t openssl_crypt(psa_algorithm_t alg, int encrypt, const uint8_t *key, size_t key_len,
                            const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int n1 = 0, n2 = 0;
    if (alg == PSA_ALG_CCM_STAR_NO_TAG) {
        const EVP_CIPHER *c = key_len == 16 ? EVP_aes_128_ccm() : key_len == 24 ? EVP_aes_192_ccm()
                                                                               : EVP_aes_256_ccm();
        uint8_t tag[4];
        CHECK(encrypt);   /* decryption is checked by our own round trip */
        CHECK(EVP_EncryptInit_ex(ctx, c, NULL, NULL, NULL) == 1);
        CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, 13, NULL) == 1);
        CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 4, NULL) == 1);
        CHECK(EVP_EncryptInit_ex(ctx, NULL, NULL, key, iv) == 1);
        CHECK(EVP_EncryptUpdate(ctx, NULL, &n1, NULL, (int)len) == 1);
        CHECK(EVP_EncryptUpdate(ctx, out, &n1, in, (int)len) == 1);
        CHECK(EVP_EncryptFinal_ex(ctx, out + n1, &n2) == 1);
        CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 4, tag) == 1);
    } else {
        CHECK(EVP_CipherInit_ex(ctx, evp_of(alg, key_len), NULL, key,
                                iv_length_of(alg) ? iv : NULL, encrypt) == 1);
        EVP_CIPHER_CTX_set_padding(ctx, alg == PSA_ALG_CBC_PKCS7);
        CHECK(EVP_CipherUpdate(ctx, out, &n1, in, (int)len) == 1);
        CHECK(EVP_CipherFinal_ex(ctx, out + n1, &n2) == 1);
    }
    EVP_CIPHER_CTX_free(ctx);
    return (size_t)(n1 + n2);
}

/* Random cross-checks: our one-shot and multi-part output equals
 * OpenSSL's, OpenSSL decrypts ours and we decrypt OpenSSL's, in place and
 * shifted by -17..+17 bytes. */
static void test_openssl_cross(void)
{
    enum { MAX = 1200 };
    static uint8_t in[MAX + 64], ours[MAX + 64], theirs[MAX + 64], buf[3 * MAX];
    size_t m, k, round;
    for (m = 0; m < N_MODES; m++) {
        psa_algorithm_t alg = all_modes[m];
        size_t ivl = iv_length_of(alg);
        for (k = 0; k < 3; k++) {
            size_t key_len = 16 + 8 * k;
            uint8_t key[32], iv[16];
            psa_key_id_t id;
            test_rng_bytes(key, key_len);
            id = import_aes(key, key_len, alg, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
            for (round = 0; round < 24 && mode_check_built(id, alg); round++) {
                size_t len = round < 8 ? round * 7 : test_rng_range(0, MAX);
                size_t n, n2, ref;
                long shift;
                psa_status_t st;
                if (alg == PSA_ALG_ECB_NO_PADDING || alg == PSA_ALG_CBC_NO_PADDING) {
                    len -= len % 16;
                }
                test_rng_bytes(in, len);
                test_rng_bytes(iv, sizeof(iv));
                /* multi-part encryption with our IV, against OpenSSL */
                ref = openssl_crypt(alg, 1, key, key_len, iv, in, len, theirs);
                n = multipart(id, alg, 1, iv, in, len, ours, sizeof(ours), 1, &st);
                CHECK(n == ref);
                CHECK_MEM(ours, theirs, ref);
                /* one-shot: OpenSSL decrypts IV || C of ours */
                CHECK_STATUS(psa_cipher_encrypt(id, alg, in, len, buf, sizeof(buf), &n),
                             PSA_SUCCESS);
                CHECK(n == PSA_CIPHER_ENCRYPT_OUTPUT_SIZE(PSA_KEY_TYPE_AES, alg, len));
                CHECK(n <= PSA_CIPHER_ENCRYPT_OUTPUT_MAX_SIZE(len));
                if (alg != PSA_ALG_CCM_STAR_NO_TAG) {
                    n2 = openssl_crypt(alg, 0, key, key_len, buf, buf + ivl, n - ivl, theirs);
                    CHECK(n2 == len);
                    CHECK_MEM(theirs, in, len);
                }
                /* we decrypt OpenSSL's (random chunks) */
                ref = openssl_crypt(alg, 1, key, key_len, iv, in, len, theirs);
                n = multipart(id, alg, 0, iv, theirs, ref, ours, sizeof(ours), 1, &st);
                CHECK(n == len);
                CHECK_MEM(ours, in, len);
                n = multipart(id, alg, 0, iv, theirs, ref, ours, sizeof(ours), 2, &st);
                CHECK(n == len);
                CHECK_MEM(ours, in, len);
                n = multipart(id, alg, 1, iv, in, len, ours, sizeof(ours), 2, &st);
                CHECK(n == ref);
                CHECK_MEM(ours, theirs, ref);
                /* Overlap (spec 5.4.4): one-shot encrypt with the input at
                 * buf + MAX and the output shifted by `shift`, then
                 * decrypt likewise; the results equal separate buffers. */
                shift = (long)test_rng_range(0, 34) - 17;
                memcpy(buf + MAX, in, len);
                CHECK_STATUS(psa_cipher_encrypt(id, alg, buf + MAX, len, buf + MAX + shift,
                                                2 * MAX - 64, &n), PSA_SUCCESS);
                memcpy(theirs, buf + MAX + shift, n);   /* IV || C */
                n2 = openssl_crypt(alg, 1, key, key_len, theirs, in, len, ours);
                CHECK(n2 == n - ivl);
                CHECK_MEM(theirs + ivl, ours, n2);
                shift = (long)test_rng_range(0, 34) - 17;
                memcpy(buf + MAX, theirs, n);
                CHECK_STATUS(psa_cipher_decrypt(id, alg, buf + MAX, n, buf + MAX + shift,
                                                2 * MAX - 64, &n2), PSA_SUCCESS);
                CHECK(n2 == len);
                CHECK_MEM(buf + MAX + shift, in, len);
                /* multi-part in place with random chunks */
                memcpy(buf, theirs + ivl, n - ivl);
                n2 = multipart(id, alg, 0, theirs, buf, n - ivl, buf, sizeof(buf), 1, &st);
                CHECK(n2 == len);
                CHECK_MEM(buf, in, len);
            }
            CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
        }
    }
}

/* Wycheproof AES-CBC-PKCS5 (= PKCS#7 with 16-byte blocks): valid vectors
 * decrypt and encrypt to the published values; invalid ones (bad padding)
 * fail decryption with INVALID_PADDING, and no plaintext leaves. */
#if PSA_WANT_ALG_CBC_PKCS7 && PSA_WANT_ALG_CBC_NO_PADDING
static void test_wycheproof_cbc_pkcs7(void)
{
    json_value *root = json_parse_file(test_data_path("vectors/wycheproof/aes_cbc_pkcs5_test.json"));
    const json_value *groups = json_get(root, "testGroups");
    size_t g, t, ran = 0;
    CHECK(root != NULL);
    for (g = 0; g < json_len(groups); g++) {
        const json_value *tests = json_get(json_at(groups, g), "tests");
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            size_t kl, ivl, ml, cl, n;
            uint8_t *key = test_hex_decode(json_str(json_get(tc, "key")), &kl);
            uint8_t *iv = test_hex_decode(json_str(json_get(tc, "iv")), &ivl);
            uint8_t *msg = test_hex_decode(json_str(json_get(tc, "msg")), &ml);
            uint8_t *ct = test_hex_decode(json_str(json_get(tc, "ct")), &cl);
            int valid = strcmp(json_str(json_get(tc, "result")), "valid") == 0;
            uint8_t *in = malloc(ivl + cl + 1), *out = malloc(cl + 32);
            psa_key_id_t id = import_aes(key, kl, PSA_ALG_CBC_PKCS7,
                                         PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
            psa_status_t st;
            memcpy(in, iv, ivl);
            memcpy(in + ivl, ct, cl);
            memset(out, 0xa5, cl + 32);
            st = psa_cipher_decrypt(id, PSA_ALG_CBC_PKCS7, in, ivl + cl, out, cl + 32, &n);
            if (valid) {
                CHECK_STATUS(st, PSA_SUCCESS);
                CHECK(n == ml);
                CHECK_MEM(out, msg, ml);
                n = multipart(id, PSA_ALG_CBC_PKCS7, 1, iv, msg, ml, out, cl + 32, 1, &st);
                CHECK(n == cl);
                CHECK_MEM(out, ct, cl);
            } else {
                size_t j, nonzero = 0;
                CHECK(st == PSA_ERROR_INVALID_PADDING || st == PSA_ERROR_INVALID_ARGUMENT);
                CHECK(n == 0);
                for (j = 0; j < cl + 32; j++) {
                    nonzero |= out[j];
                }
                CHECK(nonzero == 0);   /* wiped: no partial plaintext */
            }
            CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
            free(key);
            free(iv);
            free(msg);
            free(ct);
            free(in);
            free(out);
            ran++;
        }
    }
    CHECK(ran == 216);
    json_free(root);
}

/* Hand-made PKCS#7 cases: each wrong last block fails; every pad 1..16
 * strips right. */
static void test_pkcs7_padding(void)
{
    uint8_t key[16] = {1, 2, 3}, iv[16] = {0}, block[16], in[32], out[32];
    psa_key_id_t id = import_aes(key, 16, PSA_ALG_CBC_NO_PADDING,
                                 PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_key_id_t id7 = import_aes(key, 16, PSA_ALG_CBC_PKCS7, PSA_KEY_USAGE_DECRYPT);
    static const uint8_t bad_last[][2] = {{0, 0}, {17, 17}, {0xff, 0xff}, {2, 3}, {16, 15}};
    size_t i, n;
    for (i = 1; i <= 16; i++) {
        memset(block, 0x42, 16);
        memset(block + 16 - i, (int)i, i);
        CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_CBC_NO_PADDING, block, 16, in, 32, &n),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_decrypt(id7, PSA_ALG_CBC_PKCS7, in, 32, out, 32, &n),
                     PSA_SUCCESS);
        CHECK(n == 16 - i);
        CHECK_MEM(out, block, 16 - i);
        /* an output buffer one byte short */
        if (i < 16) {
            CHECK_STATUS(psa_cipher_decrypt(id7, PSA_ALG_CBC_PKCS7, in, 32, out, 15 - i, &n),
                         PSA_ERROR_BUFFER_TOO_SMALL);
        }
    }
    for (i = 0; i < sizeof(bad_last) / sizeof(bad_last[0]); i++) {
        memset(block, 0x42, 16);
        block[14] = bad_last[i][0];
        block[15] = bad_last[i][1];
        if (bad_last[i][0] == 2) {
            block[14] = 3;
            block[15] = 2;   /* 0x03 0x02: pad 2 with a wrong byte */
        }
        CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_CBC_NO_PADDING, block, 16, in, 32, &n),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_decrypt(id7, PSA_ALG_CBC_PKCS7, in, 32, out, 32, &n),
                     PSA_ERROR_INVALID_PADDING);
        CHECK(n == 0);
    }
    /* no whole block, or none at all */
    CHECK_STATUS(psa_cipher_decrypt(id7, PSA_ALG_CBC_PKCS7, in, 16, out, 32, &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_cipher_decrypt(id7, PSA_ALG_CBC_PKCS7, in, 31, out, 32, &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_cipher_decrypt(id7, PSA_ALG_CBC_PKCS7, iv, 15, out, 32, &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    psa_destroy_key(id);
    psa_destroy_key(id7);
}
#endif /* PSA_WANT_ALG_CBC_PKCS7 && PSA_WANT_ALG_CBC_NO_PADDING */

/* A product header may build AES for an AEAD alone (configs/cnsa_node.h:
 * GCM, no cipher mode): then the cipher functions are the NOT_SUPPORTED
 * stubs (PSA 1.2 10.4, psa_cipher_encrypt: "alg is not supported") and
 * every check answers that. With the cipher front end built, the policy
 * and the key type are checked before the mode's own support (built_or),
 * and a mode that is not built fails its setup (mode_or). */
static psa_status_t built_or(psa_status_t want)
{
    return PP_CIPHER_BUILT ? want : PSA_ERROR_NOT_SUPPORTED;
}

static psa_status_t mode_or(psa_algorithm_t alg, psa_status_t want)
{
    return test_cipher_built(alg) ? want : PSA_ERROR_NOT_SUPPORTED;
}

/* Key sizes (spec 9.6.2/9.6.3), type and policy rules, output sizes. */
static void test_keys_and_errors(void)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    uint8_t key[33] = {0}, out[64], exported[32], in[32] = {0};
    static const size_t bad_sizes[] = {1, 8, 15, 17, 20, 23, 25, 31, 33};
    psa_key_id_t id;
    size_t i, n;
    psa_set_key_type(&attr, PSA_KEY_TYPE_AES);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_EXPORT);
    psa_set_key_algorithm(&attr, PSA_ALG_CTR);
    for (i = 0; i < sizeof(bad_sizes) / sizeof(bad_sizes[0]); i++) {
        CHECK_STATUS(psa_import_key(&attr, key, bad_sizes[i], &id), PSA_ERROR_INVALID_ARGUMENT);
        psa_set_key_bits(&attr, bad_sizes[i] * 8);
        CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_INVALID_ARGUMENT);
        psa_set_key_bits(&attr, 0);
    }
    psa_set_key_bits(&attr, 100);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_INVALID_ARGUMENT);
    for (i = 128; i <= 256; i += 64) {
        psa_key_attributes_t got = PSA_KEY_ATTRIBUTES_INIT;
        psa_set_key_bits(&attr, i);
        CHECK_STATUS(psa_generate_key(&attr, &id), PSA_SUCCESS);
        CHECK_STATUS(psa_get_key_attributes(id, &got), PSA_SUCCESS);
        CHECK(psa_get_key_bits(&got) == i);
        CHECK_STATUS(psa_export_key(id, exported, sizeof(exported), &n), PSA_SUCCESS);
        CHECK(n == i / 8);
        CHECK_STATUS(psa_export_public_key(id, exported, sizeof(exported), &n),
                     PSA_ERROR_INVALID_ARGUMENT);
        psa_destroy_key(id);
    }
    psa_set_key_bits(&attr, 0);
    CHECK_STATUS(psa_import_key(&attr, key, 16, &id), PSA_SUCCESS);
    /* policy: decrypt not permitted, another alg not permitted */
    CHECK_STATUS(psa_cipher_decrypt(id, PSA_ALG_CTR, in, 32, out, sizeof(out), &n),
                 built_or(PSA_ERROR_NOT_PERMITTED));
    CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_CBC_PKCS7, in, 32, out, sizeof(out), &n),
                 built_or(PSA_ERROR_NOT_PERMITTED));
    /* not a cipher algorithm */
    CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_SHA_256, in, 32, out, sizeof(out), &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_GCM, in, 32, out, sizeof(out), &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* output too small: IV + data needed */
    CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_CTR, in, 32, out, 47, &n),
                 mode_or(PSA_ALG_CTR, PSA_ERROR_BUFFER_TOO_SMALL));
    CHECK(n == 0);
    CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_CTR, in, 32, out, 48, &n),
                 mode_or(PSA_ALG_CTR, PSA_SUCCESS));
    CHECK(n == (test_cipher_built(PSA_ALG_CTR) ? 48u : 0u));
    CHECK_STATUS(psa_cipher_encrypt(PSA_KEY_ID_NULL, PSA_ALG_CTR, in, 32, out, 48, &n),
                 PSA_ERROR_INVALID_HANDLE);
    CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_CTR, NULL, 32, out, 48, &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_CTR, in, 32, out, 48, NULL),
                 PSA_ERROR_INVALID_ARGUMENT);
    psa_destroy_key(id);

    /* alg and key type must fit (INVALID_ARGUMENT); valid but not built
     * pairs are NOT_SUPPORTED */
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT);
    psa_set_key_algorithm(&attr, PSA_ALG_STREAM_CIPHER);
    CHECK_STATUS(psa_import_key(&attr, key, 16, &id), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_STREAM_CIPHER, in, 32, out, sizeof(out), &n),
                 built_or(PSA_ERROR_INVALID_ARGUMENT));
    psa_destroy_key(id);
    psa_set_key_algorithm(&attr, PSA_ALG_XTS);
    CHECK_STATUS(psa_import_key(&attr, key, 32, &id), PSA_SUCCESS);
    /* built: the zero key has Key1 == Key2, refused (test_xts) */
    CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_XTS, in, 32, out, sizeof(out), &n),
                 PSA_WANT_ALG_XTS ? PSA_ERROR_INVALID_ARGUMENT : PSA_ERROR_NOT_SUPPORTED);
    psa_destroy_key(id);
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_algorithm(&attr, PSA_ALG_CTR);
    CHECK_STATUS(psa_import_key(&attr, key, 16, &id), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_CTR, in, 32, out, sizeof(out), &n),
                 built_or(PSA_ERROR_INVALID_ARGUMENT));
    psa_destroy_key(id);
    psa_set_key_type(&attr, PSA_KEY_TYPE_ARIA);
    CHECK(psa_import_key(&attr, key, 16, &id) == PSA_ERROR_NOT_SUPPORTED);
}

/* The ECB and CBC-without-padding length rules, one-shot and multi-part. */
static void test_block_lengths(void)
{
    uint8_t key[16] = {9}, in[48] = {0}, out[96];
    size_t n, m;
    static const psa_algorithm_t algs[] = {PSA_ALG_ECB_NO_PADDING, PSA_ALG_CBC_NO_PADDING};
    for (m = 0; m < 2; m++) {
        psa_key_id_t id = import_aes(key, 16, algs[m], PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
        psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
        size_t ivl = iv_length_of(algs[m]);
        if (!mode_check_built(id, algs[m])) {
            psa_destroy_key(id);
            continue;
        }
        CHECK_STATUS(psa_cipher_encrypt(id, algs[m], in, 17, out, sizeof(out), &n),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(psa_cipher_decrypt(id, algs[m], in, ivl + 17, out, sizeof(out), &n),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(psa_cipher_encrypt(id, algs[m], in, 0, out, sizeof(out), &n), PSA_SUCCESS);
        CHECK(n == ivl);
        CHECK_STATUS(psa_cipher_encrypt_setup(&op, id, algs[m]), PSA_SUCCESS);
        if (ivl) {
            CHECK_STATUS(psa_cipher_set_iv(&op, in, ivl), PSA_SUCCESS);
        }
        CHECK_STATUS(psa_cipher_update(&op, in, 20, out, sizeof(out), &n), PSA_SUCCESS);
        CHECK(n == 16);
        CHECK_STATUS(psa_cipher_finish(&op, out, sizeof(out), &n), PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(psa_cipher_abort(&op), PSA_SUCCESS);
        psa_destroy_key(id);
    }
}

#if PSA_WANT_KEY_TYPE_CHACHA20 && PSA_WANT_KEY_TYPE_XCHACHA20
static psa_key_id_t import_typed(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                 psa_algorithm_t alg)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, type);
    psa_set_key_algorithm(&attr, alg);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    CHECK_STATUS(psa_import_key(&attr, key, key_len, &id), PSA_SUCCESS);
    return id;
}

/* OpenSSL's ChaCha20 with the 16-byte IV: 32-bit LE counter || nonce. */
static void openssl_chacha20(const uint8_t key[32], const uint8_t iv16[16], const uint8_t *in,
                             size_t len, uint8_t *out)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int n = 0;
    CHECK(EVP_EncryptInit_ex(ctx, EVP_chacha20(), NULL, key, iv16) == 1);
    CHECK(EVP_EncryptUpdate(ctx, out, &n, in, (int)len) == 1);
    CHECK((size_t)n == len);
    EVP_CIPHER_CTX_free(ctx);
}

/* The chunked multi-part run of a stream cipher with the given IV. */
static void stream_multipart(psa_key_id_t id, int encrypt, const uint8_t *iv, size_t iv_len,
                             const uint8_t *in, size_t len, uint8_t *out)
{
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    size_t done = 0, n;
    CHECK_STATUS(encrypt ? psa_cipher_encrypt_setup(&op, id, PSA_ALG_STREAM_CIPHER)
                         : psa_cipher_decrypt_setup(&op, id, PSA_ALG_STREAM_CIPHER),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_set_iv(&op, iv, iv_len), PSA_SUCCESS);
    while (done < len) {
        size_t chunk = test_rng_range(0, 150);
        if (chunk > len - done) {
            chunk = len - done;
        }
        CHECK_STATUS(psa_cipher_update(&op, in + done, chunk, out + done, chunk, &n),
                     PSA_SUCCESS);
        CHECK(n == chunk);
        done += chunk;
    }
    CHECK_STATUS(psa_cipher_finish(&op, NULL, 0, &n), PSA_SUCCESS);
    CHECK(n == 0);
}

static void test_chacha20_psa(void)
{
    enum { MAX = 1500 };
    static uint8_t in[MAX], ours[MAX + 24], theirs[MAX], buf[3 * MAX];
    uint8_t key[32], iv16[16], nonce24[24], subkey[32];
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id, xid, bad;
    size_t round, n, n2;
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;

    /* key sizes: 256 bits only (RFC 8439 2.3) */
    psa_set_key_type(&attr, PSA_KEY_TYPE_CHACHA20);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT);
    psa_set_key_algorithm(&attr, PSA_ALG_STREAM_CIPHER);
    memset(key, 7, sizeof(key));
    CHECK_STATUS(psa_import_key(&attr, key, 16, &bad), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_import_key(&attr, key, 31, &bad), PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_bits(&attr, 128);
    CHECK_STATUS(psa_generate_key(&attr, &bad), PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_bits(&attr, 256);
    CHECK_STATUS(psa_generate_key(&attr, &bad), PSA_SUCCESS);
    psa_destroy_key(bad);
    psa_set_key_type(&attr, PSA_KEY_TYPE_XCHACHA20);
    CHECK_STATUS(psa_generate_key(&attr, &bad), PSA_SUCCESS);
    psa_destroy_key(bad);
    psa_set_key_bits(&attr, 0);
    /* a block mode with a stream cipher key */
    psa_set_key_type(&attr, PSA_KEY_TYPE_CHACHA20);
    psa_set_key_algorithm(&attr, PSA_ALG_CTR);
    CHECK_STATUS(psa_import_key(&attr, key, 32, &bad), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_encrypt(bad, PSA_ALG_CTR, in, 16, buf, sizeof(buf), &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    psa_destroy_key(bad);

    for (round = 0; round < 40; round++) {
        size_t len = round < 10 ? round * 13 : test_rng_range(0, MAX);
        long shift = (long)test_rng_range(0, 40) - 20;
        test_rng_bytes(key, sizeof(key));
        test_rng_bytes(in, len);
        test_rng_bytes(iv16, sizeof(iv16));
        test_rng_bytes(nonce24, sizeof(nonce24));
        id = import_typed(PSA_KEY_TYPE_CHACHA20, key, 32, PSA_ALG_STREAM_CIPHER);
        xid = import_typed(PSA_KEY_TYPE_XCHACHA20, key, 32, PSA_ALG_STREAM_CIPHER);
        /* keep clear of the 32-bit counter's end (its refusal is
         * test_chacha20's) */
        iv16[3] = 0;
        /* one-shot: IV = the 12-byte nonce, counter 0 */
        CHECK_STATUS(psa_cipher_encrypt(id, PSA_ALG_STREAM_CIPHER, in, len, buf, sizeof(buf), &n),
                     PSA_SUCCESS);
        CHECK(n == 12 + len);
        CHECK(n == PSA_CIPHER_ENCRYPT_OUTPUT_SIZE(PSA_KEY_TYPE_CHACHA20, PSA_ALG_STREAM_CIPHER,
                                                  len));
        {
            uint8_t ivc[16] = {0};
            memcpy(ivc + 4, buf, 12);
            openssl_chacha20(key, ivc, in, len, theirs);
            CHECK_MEM(buf + 12, theirs, len);
        }
        CHECK_STATUS(psa_cipher_decrypt(id, PSA_ALG_STREAM_CIPHER, buf, n, ours, sizeof(ours), &n2),
                     PSA_SUCCESS);
        CHECK(n2 == len);
        CHECK_MEM(ours, in, len);
        /* multi-part, 16-byte counter || nonce IV, random chunks, both ways */
        openssl_chacha20(key, iv16, in, len, theirs);
        stream_multipart(id, 1, iv16, 16, in, len, ours);
        CHECK_MEM(ours, theirs, len);
        stream_multipart(id, 0, iv16, 16, theirs, len, ours);
        CHECK_MEM(ours, in, len);
        /* overlap: decrypt IV || C with the output shifted */
        memmove(buf + MAX, buf, 12 + len);
        CHECK_STATUS(psa_cipher_decrypt(id, PSA_ALG_STREAM_CIPHER, buf + MAX, 12 + len,
                                        buf + MAX + shift, 2 * MAX - 64, &n2), PSA_SUCCESS);
        CHECK(n2 == len);
        CHECK_MEM(buf + MAX + shift, in, len);
        /* XChaCha20: ChaCha20 under HChaCha20(key, n[0..15]) with nonce
         * 0^4 || n[16..23], counter 0 */
        {
            uint8_t ivc[16] = {0};
            pp_hchacha20(subkey, key, nonce24);
            memcpy(ivc + 8, nonce24 + 16, 8);
            openssl_chacha20(subkey, ivc, in, len, theirs);
            stream_multipart(xid, 1, nonce24, 24, in, len, ours);
            CHECK_MEM(ours, theirs, len);
            CHECK_STATUS(psa_cipher_encrypt(xid, PSA_ALG_STREAM_CIPHER, in, len, buf,
                                            sizeof(buf), &n), PSA_SUCCESS);
            CHECK(n == 24 + len);
            pp_hchacha20(subkey, key, buf);
            memcpy(ivc + 8, buf + 16, 8);
            openssl_chacha20(subkey, ivc, buf + 24, len, theirs);
            CHECK_MEM(theirs, in, len);
        }
        psa_destroy_key(id);
        psa_destroy_key(xid);
    }
    /* IV lengths: ChaCha20 12 or 16, XChaCha20 24; generate_iv gives the
     * default (12, 24) */
    id = import_typed(PSA_KEY_TYPE_CHACHA20, key, 32, PSA_ALG_STREAM_CIPHER);
    xid = import_typed(PSA_KEY_TYPE_XCHACHA20, key, 32, PSA_ALG_STREAM_CIPHER);
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, id, PSA_ALG_STREAM_CIPHER), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_set_iv(&op, iv16, 8), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, id, PSA_ALG_STREAM_CIPHER), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_set_iv(&op, nonce24, 24), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, id, PSA_ALG_STREAM_CIPHER), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_generate_iv(&op, nonce24, sizeof(nonce24), &n), PSA_SUCCESS);
    CHECK(n == 12);
    psa_cipher_abort(&op);
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, xid, PSA_ALG_STREAM_CIPHER), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_set_iv(&op, iv16, 16), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, xid, PSA_ALG_STREAM_CIPHER), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_generate_iv(&op, nonce24, 23, &n), PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, xid, PSA_ALG_STREAM_CIPHER), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_generate_iv(&op, nonce24, sizeof(nonce24), &n), PSA_SUCCESS);
    CHECK(n == 24);
    psa_cipher_abort(&op);
    /* decryption input shorter than the nonce */
    CHECK_STATUS(psa_cipher_decrypt(id, PSA_ALG_STREAM_CIPHER, in, 11, ours, sizeof(ours), &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    psa_destroy_key(id);
    psa_destroy_key(xid);
}
#endif

/* The operation holds no key material once it is inactive (PSA 1.2 10.4.3:
 * finish and abort return it to the initial state; their wipes are
 * targeted, psa_cipher.c / cipher.c): an operation started from
 * PSA_CIPHER_OPERATION_INIT is all zero again after finish, after abort at
 * every step, after a failed step, and after a second abort; a key
 * destroyed mid-operation leaves the context part zero at once. */
static void wipe_case(psa_key_id_t id, psa_algorithm_t alg, size_t iv_len, int stop)
{
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    uint8_t iv[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    uint8_t in[40] = {0}, out[80];
    size_t n = 0, m = 0;
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, id, alg), PSA_SUCCESS);
    if (stop == 0) {
        CHECK_STATUS(psa_cipher_abort(&op), PSA_SUCCESS);   /* key kept (ChaCha20) or expanded */
    } else {
        if (iv_len != 0) {
            CHECK_STATUS(psa_cipher_set_iv(&op, iv, iv_len), PSA_SUCCESS);
        }
        CHECK_STATUS(psa_cipher_update(&op, in, sizeof(in) - 8u, out, sizeof(out), &n),
                     PSA_SUCCESS);
        if (stop == 1) {
            CHECK_STATUS(psa_cipher_abort(&op), PSA_SUCCESS);
        } else if (stop == 2) {
            CHECK_STATUS(psa_cipher_finish(&op, out + n, sizeof(out) - n, &m), PSA_SUCCESS);
        } else {
            /* a failing step aborts the operation */
            CHECK(psa_cipher_update(&op, in, sizeof(in), out, 1, &n) != PSA_SUCCESS);
        }
    }
    CHECK(test_all_zero(&op, sizeof(op)));
    CHECK_STATUS(psa_cipher_abort(&op), PSA_SUCCESS);
    CHECK(test_all_zero(&op, sizeof(op)));
}

static void test_operation_wiped(void)
{
    static const psa_algorithm_t algs[] = {PSA_ALG_ECB_NO_PADDING, PSA_ALG_CBC_PKCS7, PSA_ALG_CTR};
    uint8_t key[32];
    size_t a;
    int stop;
    psa_cipher_operation_t zero = PSA_CIPHER_OPERATION_INIT;
    memset(key, 0x5c, sizeof(key));
    CHECK_STATUS(psa_cipher_abort(&zero), PSA_SUCCESS);   /* inactive: safe, stays zero */
    CHECK(test_all_zero(&zero, sizeof(zero)));
    for (a = 0; a < sizeof(algs) / sizeof(algs[0]); a++) {
        psa_key_id_t id = import_aes(key, 16, algs[a], PSA_KEY_USAGE_ENCRYPT);
        for (stop = 0; stop < 4 && test_cipher_built(algs[a]); stop++) {
            wipe_case(id, algs[a], iv_length_of(algs[a]), stop);
        }
        psa_destroy_key(id);
    }
#if PSA_WANT_KEY_TYPE_CHACHA20 && PSA_WANT_KEY_TYPE_XCHACHA20
    {
        psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
        uint8_t in[8] = {0}, out[8];
        size_t n = 0;
        psa_key_id_t id = import_typed(PSA_KEY_TYPE_CHACHA20, key, 32, PSA_ALG_STREAM_CIPHER);
        for (stop = 0; stop < 4; stop++) {
            wipe_case(id, PSA_ALG_STREAM_CIPHER, 12, stop);
        }
        /* a key destroyed mid-operation: the context is wiped at the next step */
        CHECK_STATUS(psa_cipher_encrypt_setup(&op, id, PSA_ALG_STREAM_CIPHER), PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_set_iv(&op, key, 12), PSA_SUCCESS);
        psa_destroy_key(id);
        CHECK_STATUS(psa_cipher_update(&op, in, sizeof(in), out, sizeof(out), &n),
                     PSA_ERROR_BAD_STATE);
        CHECK(test_all_zero(&op.ctx, sizeof(op.ctx)));
        CHECK_STATUS(psa_cipher_abort(&op), PSA_SUCCESS);
        CHECK(test_all_zero(&op, sizeof(op)));
    }
#endif
}

int main(void)
{
    test_rng_seed(0x38a);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_sp800_38a();
    test_openssl_cross();
#if PSA_WANT_ALG_CBC_PKCS7 && PSA_WANT_ALG_CBC_NO_PADDING
    test_wycheproof_cbc_pkcs7();
    test_pkcs7_padding();
#endif
    test_keys_and_errors();
    test_block_lengths();
    test_operation_wiped();
#if PSA_WANT_KEY_TYPE_CHACHA20 && PSA_WANT_KEY_TYPE_XCHACHA20
    test_chacha20_psa();
#endif
    return test_report("psa_cipher");
}

#endif /* PSA_WANT_KEY_TYPE_AES */
