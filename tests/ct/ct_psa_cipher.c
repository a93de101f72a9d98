/*
 * ct_psa_cipher.c -- the PSA cipher front end and the modes of src/cipher
 * are constant time in the key, the IV, the plaintext and the ciphertext:
 * under valgrind memcheck the AES key is marked secret (CT_SECRET) before
 * psa_import_key, the data and IV before each call; every mode then runs
 * one-shot and multi-part (odd chunks, so partial blocks and keystream
 * tails are taken) and in place, and so do ChaCha20 and XChaCha20; CBC-PKCS#7 encryption only, since its
 * decryption returns a verdict and a length made from secret bytes
 * (ct_cipher_pkcs7.c proves the check below the front end). XTS runs with
 * a public key: setup branches on the Key1 != Key2 verdict by design, and
 * ct_xts.c proves the keys, the tweak and the data below the front end.
 * Outputs are declassified before they are compared with a second run.
 */
#include <psa/crypto.h>

#include <string.h>

#include "ct.h"
#include "test_config.h"
#include "test_util.h"

#if !(PSA_WANT_KEY_TYPE_AES)
int main(void)
{
    return test_skip("ct_psa_cipher", "AES configured out");
}
#else

static psa_status_t declassified(psa_status_t status)
{
    CT_PUBLIC(&status, sizeof(status));
    return status;
}

static psa_key_type_t key_type = PSA_KEY_TYPE_AES;

static size_t run_multipart(psa_key_id_t id, psa_algorithm_t alg, int encrypt, const uint8_t *iv,
                            uint8_t *data, size_t len)
{
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    static uint8_t out[512];
    size_t done = 0, total = 0, n = 0;
    CHECK_STATUS(encrypt ? psa_cipher_encrypt_setup(&op, id, alg)
                         : psa_cipher_decrypt_setup(&op, id, alg), PSA_SUCCESS);
    if (PSA_CIPHER_IV_LENGTH(key_type, alg) != 0) {
        CHECK_STATUS(psa_cipher_set_iv(&op, iv, PSA_CIPHER_IV_LENGTH(key_type, alg)),
                     PSA_SUCCESS);
    }
    while (done < len) {
        size_t chunk = len - done < 13 ? len - done : 13;
        CHECK_STATUS(psa_cipher_update(&op, data + done, chunk, out + total, sizeof(out) - total,
                                       &n), PSA_SUCCESS);
        done += chunk;
        total += n;
    }
    CHECK_STATUS(declassified(psa_cipher_finish(&op, out + total, sizeof(out) - total, &n)),
                 PSA_SUCCESS);
    total += n;
    memcpy(data, out, total);
    return total;
}

static void one_mode(psa_algorithm_t alg, size_t key_len)
{
    uint8_t key[64], iv[24], msg[160], a[200], b[200];
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    size_t len = alg == PSA_ALG_ECB_NO_PADDING || alg == PSA_ALG_CBC_NO_PADDING ? 144 : 141;
    size_t n = 0, n2 = 0;

    test_rng_bytes(key, sizeof(key));
    test_rng_bytes(iv, sizeof(iv));
    test_rng_bytes(msg, sizeof(msg));
    psa_set_key_type(&attr, key_type);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&attr, alg);
    if (alg != PSA_ALG_XTS) {
        CT_SECRET(key, sizeof(key));
    } else {
        key[0] = (uint8_t)(key[key_len / 2] ^ 1u);   /* Key1 != Key2 */
    }
    CHECK_STATUS(psa_import_key(&attr, key, key_len, &id), PSA_SUCCESS);
    CT_SECRET(msg, sizeof(msg));
    CT_SECRET(iv, sizeof(iv));

    /* one-shot, then in place, then multi-part: all must agree */
    CHECK_STATUS(psa_cipher_encrypt(id, alg, msg, len, a, sizeof(a), &n), PSA_SUCCESS);
    if (alg == PSA_ALG_CBC_PKCS7) {
        /* Decryption returns the padding's verdict and the plaintext
         * length, both derived from secret bytes: the front end branches
         * on them by design. The branch-free check itself is proven by
         * ct_cipher_pkcs7 below the front end; here encryption only. */
        memcpy(b, msg, len);
        n2 = run_multipart(id, alg, 1, iv, b, len);
        CHECK(n2 == n - 16);
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
        CT_PUBLIC(key, sizeof(key));
        CT_PUBLIC(msg, sizeof(msg));
        CT_PUBLIC(iv, sizeof(iv));
        return;
    }
    memcpy(b, a, n);
    CHECK_STATUS(psa_cipher_decrypt(id, alg, b, n, b, sizeof(b), &n2), PSA_SUCCESS);
    CT_PUBLIC(b, sizeof(b));
    CT_PUBLIC(msg, sizeof(msg));
    CHECK(n2 == len);
    CHECK_MEM(b, msg, len);
    CT_SECRET(msg, sizeof(msg));
    {
        size_t ivl = PSA_CIPHER_IV_LENGTH(key_type, alg);
        memcpy(b, a + ivl, n - ivl);
        n2 = run_multipart(id, alg, 0, a, b, n - ivl);
        CT_PUBLIC(b, sizeof(b));
        CT_PUBLIC(msg, sizeof(msg));
        CHECK(n2 == len);
        CHECK_MEM(b, msg, len);
        CT_SECRET(msg, sizeof(msg));
        memcpy(b, msg, len);
        n2 = run_multipart(id, alg, 1, iv, b, len);
        CHECK(n2 == n - ivl);
    }
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    CT_PUBLIC(key, sizeof(key));
    CT_PUBLIC(msg, sizeof(msg));
    CT_PUBLIC(iv, sizeof(iv));
}

int main(void)
{
    static const psa_algorithm_t algs[] = {
        PSA_ALG_ECB_NO_PADDING, PSA_ALG_CBC_NO_PADDING, PSA_ALG_CBC_PKCS7, PSA_ALG_CTR,
        PSA_ALG_CFB, PSA_ALG_OFB, PSA_ALG_CCM_STAR_NO_TAG,
    };
    size_t i, k;
    test_rng_seed(0xae5);
    CHECK(CT_UNDER_VALGRIND());
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    for (i = 0; i < sizeof(algs) / sizeof(algs[0]); i++) {
        for (k = 16; k <= 32 && test_cipher_built(algs[i]); k += 8) {
            one_mode(algs[i], k);
        }
    }
#if PSA_WANT_ALG_XTS
    for (k = 32; k <= 64; k += 16) {
        one_mode(PSA_ALG_XTS, k);
    }
#endif
#if PSA_WANT_KEY_TYPE_CHACHA20 && PSA_WANT_KEY_TYPE_XCHACHA20
    /* the stream cipher: ChaCha20 (12-byte nonce) and XChaCha20 */
    key_type = PSA_KEY_TYPE_CHACHA20;
    one_mode(PSA_ALG_STREAM_CIPHER, 32);
    key_type = PSA_KEY_TYPE_XCHACHA20;
    one_mode(PSA_ALG_STREAM_CIPHER, 32);
#endif
    return test_report("ct_psa_cipher");
}

#endif /* PSA_WANT_KEY_TYPE_AES */
