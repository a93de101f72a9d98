/*
 * ct_psa_aead.c -- the PSA AEAD front end and the engines of src/aead are
 * constant time in the key, the nonce, the AD, the plaintext and the
 * ciphertext: under valgrind memcheck the key is secret before
 * psa_import_key and the data before each call; every mode (AES-GCM with
 * a 12- and a 20-byte nonce, AES-CCM, ChaCha20-Poly1305,
 * XChaCha20-Poly1305) encrypts one-shot and multi-part (odd chunks) and
 * decrypts a right and a wrong tag, one-shot and multi-part. Only the
 * statuses (the verdict is the caller's) and the outputs are declassified.
 */
#include <psa/crypto.h>

#include <string.h>

#include "ct.h"
#include "test_util.h"

#if !(PSA_WANT_ALG_GCM && PSA_WANT_ALG_CCM && PSA_WANT_ALG_CHACHA20_POLY1305 && PSA_WANT_ALG_XCHACHA20_POLY1305)
int main(void)
{
    return test_skip("ct_psa_aead", "an AEAD configured out");
}
#else

static psa_status_t declassified(psa_status_t status)
{
    CT_PUBLIC(&status, sizeof(status));
    return status;
}

static void one_mode(psa_key_type_t type, size_t key_len, psa_algorithm_t alg, size_t nonce_len)
{
    uint8_t key[32], nonce[24], ad[40], msg[150], ct[170], pt[170], tag[16];
    size_t n = 0, t = 0, done;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_aead_operation_t op = PSA_AEAD_OPERATION_INIT;
    psa_key_id_t id = 0;
    test_rng_bytes(key, sizeof(key));
    test_rng_bytes(nonce, sizeof(nonce));
    test_rng_bytes(ad, sizeof(ad));
    test_rng_bytes(msg, sizeof(msg));
    psa_set_key_type(&attr, type);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&attr, alg);
    CT_SECRET(key, sizeof(key));
    CHECK_STATUS(psa_import_key(&attr, key, key_len, &id), PSA_SUCCESS);
    CT_SECRET(nonce, sizeof(nonce));
    CT_SECRET(ad, sizeof(ad));
    CT_SECRET(msg, sizeof(msg));
    CHECK_STATUS(psa_aead_encrypt(id, alg, nonce, nonce_len, ad, sizeof(ad), msg, sizeof(msg), ct,
                                  sizeof(ct), &n), PSA_SUCCESS);
    CHECK(n == sizeof(msg) + 16);
    /* multi-part encryption in odd chunks */
    CHECK_STATUS(psa_aead_encrypt_setup(&op, id, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_aead_set_lengths(&op, sizeof(ad), sizeof(msg)), PSA_SUCCESS);
    CHECK_STATUS(psa_aead_set_nonce(&op, nonce, nonce_len), PSA_SUCCESS);
    CHECK_STATUS(psa_aead_update_ad(&op, ad, 7), PSA_SUCCESS);
    CHECK_STATUS(psa_aead_update_ad(&op, ad + 7, sizeof(ad) - 7), PSA_SUCCESS);
    for (done = 0; done < sizeof(msg); done += 13) {
        size_t chunk = sizeof(msg) - done < 13 ? sizeof(msg) - done : 13;
        CHECK_STATUS(psa_aead_update(&op, msg + done, chunk, pt + done, chunk, &n), PSA_SUCCESS);
    }
    CHECK_STATUS(psa_aead_finish(&op, NULL, 0, &n, tag, sizeof(tag), &t), PSA_SUCCESS);
    CT_PUBLIC(ct, sizeof(ct));
    CT_PUBLIC(pt, sizeof(pt));
    CT_PUBLIC(tag, sizeof(tag));
    CHECK_MEM(pt, ct, sizeof(msg));
    CHECK_MEM(tag, ct + sizeof(msg), 16);
    /* decryption: the right tag, then a wrong one */
    CT_SECRET(ct, sizeof(ct));
    CHECK_STATUS(declassified(psa_aead_decrypt(id, alg, nonce, nonce_len, ad, sizeof(ad), ct,
                                               sizeof(msg) + 16, pt, sizeof(pt), &n)),
                 PSA_SUCCESS);
    CT_PUBLIC(&n, sizeof(n));
    CHECK(n == sizeof(msg));
    ct[sizeof(msg) + 3] ^= 0x01;
    CHECK_STATUS(declassified(psa_aead_decrypt(id, alg, nonce, nonce_len, ad, sizeof(ad), ct,
                                               sizeof(msg) + 16, pt, sizeof(pt), &n)),
                 PSA_ERROR_INVALID_SIGNATURE);
    CHECK_STATUS(psa_aead_decrypt_setup(&op, id, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_aead_set_lengths(&op, sizeof(ad), sizeof(msg)), PSA_SUCCESS);
    CHECK_STATUS(psa_aead_set_nonce(&op, nonce, nonce_len), PSA_SUCCESS);
    CHECK_STATUS(psa_aead_update_ad(&op, ad, sizeof(ad)), PSA_SUCCESS);
    CHECK_STATUS(psa_aead_update(&op, ct, sizeof(msg), pt, sizeof(pt), &n), PSA_SUCCESS);
    CHECK_STATUS(declassified(psa_aead_verify(&op, NULL, 0, &n, ct + sizeof(msg), 16)),
                 PSA_ERROR_INVALID_SIGNATURE);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    CT_PUBLIC(key, sizeof(key));
    CT_PUBLIC(nonce, sizeof(nonce));
    CT_PUBLIC(ad, sizeof(ad));
    CT_PUBLIC(msg, sizeof(msg));
}

int main(void)
{
    test_rng_seed(0xae4d);
    CHECK(CT_UNDER_VALGRIND());
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
#if PSA_WANT_ALG_GCM
    one_mode(PSA_KEY_TYPE_AES, 16, PSA_ALG_GCM, 12);
    one_mode(PSA_KEY_TYPE_AES, 32, PSA_ALG_GCM, 20);
#endif
#if PSA_WANT_ALG_CCM
    one_mode(PSA_KEY_TYPE_AES, 24, PSA_ALG_CCM, 13);
#endif
#if PSA_WANT_ALG_CHACHA20_POLY1305
    one_mode(PSA_KEY_TYPE_CHACHA20, 32, PSA_ALG_CHACHA20_POLY1305, 12);
#endif
#if PSA_WANT_ALG_XCHACHA20_POLY1305
    one_mode(PSA_KEY_TYPE_XCHACHA20, 32, PSA_ALG_XCHACHA20_POLY1305, 24);
#endif
    return test_report("ct_psa_aead");
}

#endif /* PSA_WANT_ALG_GCM && PSA_WANT_ALG_CCM && PSA_WANT_ALG_CHACHA20_POLY1305 && PSA_WANT_ALG_XCHACHA20_POLY1305 */
