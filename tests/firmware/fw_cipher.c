/*
 * fw_cipher.c -- firmware known-answer tests and timings of the symmetric
 * half (issues 22 and 23) through the PSA API on the emulated MCUs: what a
 * BLE/Thread/LoRaWAN/TLS stack calls for one 1 KiB record.
 *
 * Inputs: key bytes 00..0f (AES-128) or 00..1f (ChaCha20), IV a0..af
 * (its first 12 bytes: the ChaCha20 nonce),
 * nonces c0..cb (12 bytes) and c0..cc (13 bytes, CCM), the message bytes
 * i mod 256, i < 1024, no additional data. The expected SHA-256 of each
 * output (ciphertext || tag) was computed with Python's `cryptography`
 * (OpenSSL 3.0) and checked with `openssl enc` when this file was
 * written; CMAC's tag directly.
 * Measurement ids (docs/footprint.md rows, tools/budgets.txt), each the
 * whole multipart or one-shot call sequence of one 1024-byte message:
 *   aes128_cbc_1024 (CBC_NO_PADDING: setup, set_iv, update, finish),
 *   aes128_ctr_1024 (CTR, the same calls), aes256_ctr_1024 (CTR with the
 *   AES-256 key 00..1f, digest checked with `openssl enc -aes-256-ctr`),
 *   aes128_gcm_1024 and
 *   aes128_ccm_1024 (psa_aead_encrypt, 16-byte tag), chacha20_1024
 *   (STREAM_CIPHER, 12-byte nonce: counter 0), chachapoly_1024
 *   (psa_aead_encrypt), cmac_1024 (psa_mac_compute, AES-128-CMAC).
 * fw_74_chacha20_rfc8439 checks the RFC's own bytes (2.4.2, 2.8.2) and the
 * 32-bit counter end on the target, unmeasured.
 */
#include <string.h>

#include <picopsa/config.h>
#include <psa/crypto.h>

#include "fw_tests.h"

#define FW_HAVE_AES_CBC (PSA_WANT_KEY_TYPE_AES && PSA_WANT_ALG_CBC_NO_PADDING)
#define FW_HAVE_AES_CTR (PSA_WANT_KEY_TYPE_AES && PSA_WANT_ALG_CTR)
#define FW_HAVE_AES_BLOCK (FW_HAVE_AES_CBC || FW_HAVE_AES_CTR)
#define FW_HAVE_AES_AEAD (PSA_WANT_KEY_TYPE_AES && PSA_WANT_ALG_GCM && PSA_WANT_ALG_CCM)
#define FW_HAVE_CHACHA20                                                                   \
    (PSA_WANT_KEY_TYPE_CHACHA20 && PSA_WANT_ALG_STREAM_CIPHER && PSA_WANT_ALG_CHACHA20_POLY1305)
#define FW_HAVE_CMAC (PSA_WANT_KEY_TYPE_AES && PSA_WANT_ALG_CMAC)

#if FW_HAVE_AES_BLOCK || FW_HAVE_AES_AEAD || FW_HAVE_CHACHA20 || FW_HAVE_CMAC

#define FW_MSG_LEN 1024u
#define FW_OUT_MAX (FW_MSG_LEN + 16u)

static uint8_t fw_msg[FW_MSG_LEN];
#if FW_HAVE_AES_BLOCK || FW_HAVE_AES_AEAD || FW_HAVE_CHACHA20
static uint8_t fw_out[FW_OUT_MAX];
#endif
#if FW_HAVE_AES_BLOCK || FW_HAVE_CHACHA20
static const uint8_t fw_iv[16] = {0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7,
                                  0xa8, 0xa9, 0xaa, 0xab, 0xac, 0xad, 0xae, 0xaf};
#endif
#if FW_HAVE_AES_AEAD || FW_HAVE_CHACHA20
static const uint8_t fw_nonce[13] = {0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6,
                                     0xc7, 0xc8, 0xc9, 0xca, 0xcb, 0xcc};
#endif

static void fw_fill(void)
{
    for (size_t i = 0; i < FW_MSG_LEN; i++) {
        fw_msg[i] = (uint8_t)i;
    }
}

static psa_key_id_t fw_key(psa_key_type_t type, size_t len, psa_key_usage_t usage,
                           psa_algorithm_t alg)
{
    uint8_t key[32];
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    for (size_t i = 0; i < sizeof(key); i++) {
        key[i] = (uint8_t)i;
    }
    psa_set_key_type(&attr, type);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    fw_check_int(psa_import_key(&attr, key, len, &id), PSA_SUCCESS, "symmetric key import");
    return id;
}

#if FW_HAVE_AES_BLOCK || FW_HAVE_AES_AEAD || FW_HAVE_CHACHA20
/* The output against the SHA-256 the header names (SHA-256 is in every
 * image that has the ciphers; without it only the length is checked). */
static void fw_check_digest(const uint8_t *out, size_t len, size_t want_len, const char *hex,
                            const char *what)
{
    fw_check(len == want_len, "output length");
#if PSA_WANT_ALG_SHA_256
    uint8_t got[32], want[32];
    size_t got_len = 0;
    fw_unhex(want, sizeof(want), hex);
    fw_check_int(psa_hash_compute(PSA_ALG_SHA_256, out, len, got, sizeof(got), &got_len),
                 PSA_SUCCESS, what);
    fw_check_mem(got, want, sizeof(want), what);
#else
    (void)out;
    (void)hex;
#endif
}
#endif

#if FW_HAVE_AES_BLOCK || FW_HAVE_CHACHA20
/* One message through the multipart cipher API with a given IV. */
static psa_status_t fw_cipher_run(psa_key_id_t id, psa_algorithm_t alg, size_t iv_len,
                                  size_t *out_len)
{
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    size_t n = 0, m = 0;
    psa_status_t status = psa_cipher_encrypt_setup(&op, id, alg);
    if (status == PSA_SUCCESS) {
        status = psa_cipher_set_iv(&op, fw_iv, iv_len);
    }
    if (status == PSA_SUCCESS) {
        status = psa_cipher_update(&op, fw_msg, FW_MSG_LEN, fw_out, sizeof(fw_out), &n);
    }
    if (status == PSA_SUCCESS) {
        status = psa_cipher_finish(&op, fw_out + n, sizeof(fw_out) - n, &m);
    }
    psa_cipher_abort(&op);
    *out_len = n + m;
    return status;
}
#endif
#endif

#if FW_HAVE_AES_BLOCK
/* AES-128-CBC, AES-128-CTR and AES-256-CTR over 1 KiB, each where built
 * (configs/lorawan_node.h has CTR without CBC). */
FW_TEST(fw_70_aes_cbc_ctr)
{
    psa_status_t status = PSA_ERROR_GENERIC_ERROR;
    size_t len = 0;
    psa_key_id_t id;

    (void)psa_crypto_init();
    fw_fill();
#if FW_HAVE_AES_CBC
    id = fw_key(PSA_KEY_TYPE_AES, 16, PSA_KEY_USAGE_ENCRYPT, PSA_ALG_CBC_NO_PADDING);
    FW_MEASURE("aes128_cbc_1024", status = fw_cipher_run(id, PSA_ALG_CBC_NO_PADDING, 16, &len));
    fw_check_int(status, PSA_SUCCESS, "AES-128-CBC 1024 B");
    fw_check_digest(fw_out, len, FW_MSG_LEN,
                    "06851a77ee5cf8565c769fc0b7e362a4c4232ae4460082b49599546f33d434d1",
                    "AES-128-CBC 1024 B");
    psa_destroy_key(id);
    fw_timing("AES-128-CBC 1024 B took {aes128_cbc_1024} cycles");
#endif
#if FW_HAVE_AES_CTR
    id = fw_key(PSA_KEY_TYPE_AES, 16, PSA_KEY_USAGE_ENCRYPT, PSA_ALG_CTR);
    FW_MEASURE("aes128_ctr_1024", status = fw_cipher_run(id, PSA_ALG_CTR, 16, &len));
    fw_check_int(status, PSA_SUCCESS, "AES-128-CTR 1024 B");
    fw_check_digest(fw_out, len, FW_MSG_LEN,
                    "d650ca48d46b0cbce825798c215a60aef6b9dada5b6a175f5ed00f376dafd4ef",
                    "AES-128-CTR 1024 B");
    psa_destroy_key(id);
    id = fw_key(PSA_KEY_TYPE_AES, 32, PSA_KEY_USAGE_ENCRYPT, PSA_ALG_CTR);
    FW_MEASURE("aes256_ctr_1024", status = fw_cipher_run(id, PSA_ALG_CTR, 16, &len));
    fw_check_int(status, PSA_SUCCESS, "AES-256-CTR 1024 B");
    fw_check_digest(fw_out, len, FW_MSG_LEN,
                    "c29e319e23e13b50114440ef61206bd4b4345124eb5269c3371e0e54b5584399",
                    "AES-256-CTR 1024 B");
    psa_destroy_key(id);
    fw_timing("AES-128-CTR 1024 B took {aes128_ctr_1024} cycles; "
              "AES-256-CTR {aes256_ctr_1024}");
#endif
}
#endif

#if FW_HAVE_AES_AEAD
/* One AEAD record (no additional data, 16-byte tag), then the tag flipped:
 * decryption must refuse it (PSA 1.2 10.5.3, INVALID_SIGNATURE). */
static void fw_aead_record(psa_key_id_t id, psa_algorithm_t alg, size_t nonce_len,
                           const char *measure_id, const char *hex, const char *what)
{
    static uint8_t plain[FW_MSG_LEN];
    psa_status_t status = PSA_ERROR_GENERIC_ERROR;
    size_t len = 0, plain_len = 0;
    FW_MEASURE(measure_id, status = psa_aead_encrypt(id, alg, fw_nonce, nonce_len, NULL, 0,
                                                     fw_msg, FW_MSG_LEN, fw_out, sizeof(fw_out),
                                                     &len));
    fw_check_int(status, PSA_SUCCESS, what);
    fw_check_digest(fw_out, len, FW_OUT_MAX, hex, what);
    fw_check_int(psa_aead_decrypt(id, alg, fw_nonce, nonce_len, NULL, 0, fw_out, len, plain,
                                  sizeof(plain), &plain_len),
                 PSA_SUCCESS, what);
    fw_check_mem(plain, fw_msg, FW_MSG_LEN, what);
    fw_out[len - 1u] ^= 1u;
    fw_check_int(psa_aead_decrypt(id, alg, fw_nonce, nonce_len, NULL, 0, fw_out, len, plain,
                                  sizeof(plain), &plain_len),
                 PSA_ERROR_INVALID_SIGNATURE, what);
}
#endif

#if FW_HAVE_AES_AEAD
FW_TEST(fw_71_aes_gcm_ccm)
{
    psa_key_id_t gcm, ccm;
    (void)psa_crypto_init();
    fw_fill();
    gcm = fw_key(PSA_KEY_TYPE_AES, 16, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT,
                 PSA_ALG_GCM);
    fw_aead_record(gcm, PSA_ALG_GCM, 12, "aes128_gcm_1024",
                   "fcfceb6209ab6ab11ed71e4d51bf3beffdda72702e92a4de8ccbc1bcf4cf6cd3",
                   "AES-128-GCM 1024 B");
    ccm = fw_key(PSA_KEY_TYPE_AES, 16, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT,
                 PSA_ALG_CCM);
    fw_aead_record(ccm, PSA_ALG_CCM, 13, "aes128_ccm_1024",
                   "65b3a1d3f8f6c8a7e99ded36c97e28363fbc84061bdbd028ccb9ba753194fe29",
                   "AES-128-CCM 1024 B");
    psa_destroy_key(gcm);
    psa_destroy_key(ccm);
    fw_timing("AES-128 AEAD 1024 B: GCM {aes128_gcm_1024}, CCM {aes128_ccm_1024} cycles");
}
#endif

#if FW_HAVE_CHACHA20
FW_TEST(fw_72_chacha20)
{
    static uint8_t plain[FW_MSG_LEN];
    psa_status_t status = PSA_ERROR_GENERIC_ERROR;
    size_t len = 0, plain_len = 0;
    psa_key_id_t stream, aead;

    (void)psa_crypto_init();
    fw_fill();
    stream = fw_key(PSA_KEY_TYPE_CHACHA20, 32, PSA_KEY_USAGE_ENCRYPT, PSA_ALG_STREAM_CIPHER);
    FW_MEASURE("chacha20_1024", status = fw_cipher_run(stream, PSA_ALG_STREAM_CIPHER, 12, &len));
    fw_check_int(status, PSA_SUCCESS, "ChaCha20 1024 B status");
    fw_check_digest(fw_out, len, FW_MSG_LEN,
                    "ae2d1f88d9f51b3aa37b52647a50d521444ce119cfc116af182a694ebc08f171",
                    "ChaCha20 1024 B");
    aead = fw_key(PSA_KEY_TYPE_CHACHA20, 32, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT,
                  PSA_ALG_CHACHA20_POLY1305);
    FW_MEASURE("chachapoly_1024",
               status = psa_aead_encrypt(aead, PSA_ALG_CHACHA20_POLY1305, fw_nonce, 12, NULL, 0,
                                         fw_msg, FW_MSG_LEN, fw_out, sizeof(fw_out), &len));
    fw_check_int(status, PSA_SUCCESS, "ChaCha20-Poly1305 1024 B");
    fw_check_digest(fw_out, len, FW_OUT_MAX,
                    "1a09c6492c611c83dbdaa31f54d41982779315db33e2ab0531f9822bf507421f",
                    "ChaCha20-Poly1305 1024 B");
    fw_out[0] ^= 0x80u;
    fw_check_int(psa_aead_decrypt(aead, PSA_ALG_CHACHA20_POLY1305, fw_nonce, 12, NULL, 0, fw_out,
                                  len, plain, sizeof(plain), &plain_len),
                 PSA_ERROR_INVALID_SIGNATURE, "ChaCha20-Poly1305 forged record refused");
    psa_destroy_key(stream);
    psa_destroy_key(aead);
    fw_timing("1024 B: ChaCha20 {chacha20_1024}, ChaCha20-Poly1305 {chachapoly_1024} cycles");
}
#endif

#if FW_HAVE_CHACHA20
/* RFC 8439 on the target (whatever backend it builds: the Thumb-2 kernel
 * on Cortex-M3/M4/M33, the portable C elsewhere): 2.4.2 through the
 * multipart cipher API (16-byte IV: counter 1 || nonce) in chunks of 1,
 * 64 and 49 bytes (the partial block's keystream carried over), 2.8.2
 * through psa_aead_encrypt, and the counter end (RFC 8439 2.3: 32-bit
 * block counter): from counter 2^32 - 1 one block is served, the next
 * byte refused. */
static const char fw_sunscreen[] =
    "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for "
    "the future, sunscreen would be it.";

FW_TEST(fw_74_chacha20_rfc8439)
{
    static const uint8_t iv[16] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x4a, 0, 0, 0, 0};
    static const uint8_t aead_nonce[12] = {7, 0, 0, 0, 0x40, 0x41, 0x42, 0x43,
                                           0x44, 0x45, 0x46, 0x47};
    static const uint8_t aad[12] = {0x50, 0x51, 0x52, 0x53, 0xc0, 0xc1,
                                    0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7};
    static const uint8_t end_iv[16] = {0xff, 0xff, 0xff, 0xff};
    uint8_t want[114 + 16], key[32];
    size_t n = 0, m = 0, k = 0, len = 0;
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t stream, aead = PSA_KEY_ID_NULL;
    const uint8_t *text = (const uint8_t *)fw_sunscreen;

    (void)psa_crypto_init();
    /* 2.4.2: key 00..1f (fw_key's bytes). */
    stream = fw_key(PSA_KEY_TYPE_CHACHA20, 32, PSA_KEY_USAGE_ENCRYPT, PSA_ALG_STREAM_CIPHER);
    fw_unhex(want, sizeof(want),
             "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
             "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
             "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
             "5af90bbf74a35be6b40b8eedf2785e42874d");
    fw_check_int(psa_cipher_encrypt_setup(&op, stream, PSA_ALG_STREAM_CIPHER), PSA_SUCCESS,
                 "RFC 8439 2.4.2 setup");
    fw_check_int(psa_cipher_set_iv(&op, iv, sizeof(iv)), PSA_SUCCESS, "RFC 8439 2.4.2 IV");
    fw_check_int(psa_cipher_update(&op, text, 1, fw_out, sizeof(fw_out), &n), PSA_SUCCESS,
                 "RFC 8439 2.4.2 update 1");
    fw_check_int(psa_cipher_update(&op, text + n, 64, fw_out + n, sizeof(fw_out) - n, &m),
                 PSA_SUCCESS, "RFC 8439 2.4.2 update 64");
    n += m;
    fw_check_int(psa_cipher_update(&op, text + n, 49, fw_out + n, sizeof(fw_out) - n, &m),
                 PSA_SUCCESS, "RFC 8439 2.4.2 update 49");
    n += m;
    fw_check_int(psa_cipher_finish(&op, fw_out + n, sizeof(fw_out) - n, &m), PSA_SUCCESS,
                 "RFC 8439 2.4.2 finish");
    fw_check(n + m == 114, "RFC 8439 2.4.2 length");
    fw_check_mem(fw_out, want, 114, "RFC 8439 2.4.2 ciphertext");
    psa_cipher_abort(&op);

    /* The counter end: block 2^32 - 1 is the last. */
    fw_check_int(psa_cipher_encrypt_setup(&op, stream, PSA_ALG_STREAM_CIPHER), PSA_SUCCESS,
                 "counter end setup");
    fw_check_int(psa_cipher_set_iv(&op, end_iv, sizeof(end_iv)), PSA_SUCCESS, "counter end IV");
    fw_check_int(psa_cipher_update(&op, text, 64, fw_out, sizeof(fw_out), &n), PSA_SUCCESS,
                 "block 2^32 - 1 served");
    fw_check_int(psa_cipher_update(&op, text, 1, fw_out, sizeof(fw_out), &n),
                 PSA_ERROR_INVALID_ARGUMENT, "block 2^32 refused");
    psa_cipher_abort(&op);
    psa_destroy_key(stream);

    /* 2.8.2: key 80..9f, AAD, 16-byte tag. */
    for (k = 0; k < sizeof(key); k++) {
        key[k] = (uint8_t)(0x80u + k);
    }
    psa_set_key_type(&attr, PSA_KEY_TYPE_CHACHA20);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT);
    psa_set_key_algorithm(&attr, PSA_ALG_CHACHA20_POLY1305);
    fw_check_int(psa_import_key(&attr, key, sizeof(key), &aead), PSA_SUCCESS,
                 "RFC 8439 2.8.2 key");
    fw_unhex(want, sizeof(want),
             "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
             "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
             "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
             "3ff4def08e4b7a9de576d26586cec64b6116"
             "1ae10b594f09e26a7e902ecbd0600691");
    fw_check_int(psa_aead_encrypt(aead, PSA_ALG_CHACHA20_POLY1305, aead_nonce,
                                  sizeof(aead_nonce), aad, sizeof(aad), text, 114, fw_out,
                                  sizeof(fw_out), &len),
                 PSA_SUCCESS, "RFC 8439 2.8.2 encrypt");
    fw_check(len == sizeof(want), "RFC 8439 2.8.2 length");
    fw_check_mem(fw_out, want, sizeof(want), "RFC 8439 2.8.2 ciphertext and tag");
    psa_destroy_key(aead);
}
#endif

#if FW_HAVE_CMAC
FW_TEST(fw_73_cmac)
{
    uint8_t tag[16], want[16];
    size_t len = 0;
    psa_status_t status = PSA_ERROR_GENERIC_ERROR;
    psa_key_id_t id;

    (void)psa_crypto_init();
    fw_fill();
    id = fw_key(PSA_KEY_TYPE_AES, 16, PSA_KEY_USAGE_SIGN_MESSAGE, PSA_ALG_CMAC);
    FW_MEASURE("cmac_1024", status = psa_mac_compute(id, PSA_ALG_CMAC, fw_msg, FW_MSG_LEN, tag,
                                                     sizeof(tag), &len));
    fw_check_int(status, PSA_SUCCESS, "AES-128-CMAC 1024 B");
    fw_check_int((long)len, 16, "AES-128-CMAC 1024 B length");
    fw_unhex(want, sizeof(want), "cccc61694aeef617620c310c50824242");
    fw_check_mem(tag, want, sizeof(want), "AES-128-CMAC 1024 B");
    psa_destroy_key(id);
    fw_timing("AES-128-CMAC 1024 B took {cmac_1024} cycles");
}
#endif
