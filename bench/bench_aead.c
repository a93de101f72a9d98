/*
 * bench_aead.c -- `make bench` figures for AEAD (PSA 1.2 10.5): AES-128/256-GCM,
 * AES-128-CCM, ChaCha20-Poly1305 and XChaCha20-Poly1305, 16-byte tags, 16 bytes
 * of additional data, messages of 64 B, 1 KiB and 16 KiB, sealed and opened.
 *
 * Ours goes through the single-part psa_aead_encrypt / psa_aead_decrypt with
 * a key imported once, so every call expands the key again (and for GCM
 * derives H), as a one-shot must; each peer is re-keyed on every call too:
 *  - OpenSSL: one EVP_CIPHER_CTX bound to its cipher once; per call
 *    EVP_CipherInit_ex with the key and nonce, AD, data, final, tag;
 *  - Mbed TLS 2.28: mbedtls_gcm_setkey / mbedtls_ccm_setkey /
 *    mbedtls_chachapoly_setkey then the one-shot of each call;
 *  - libsodium: crypto_aead_{chacha20poly1305_ietf,xchacha20poly1305_ietf,
 *    aes256gcm}_{encrypt,decrypt} (keyed per call by design; AES-256-GCM
 *    only where crypto_aead_aes256gcm_is_available()).
 * The nonce is the caller's (12 bytes, 24 for XChaCha20; CCM takes 12 too),
 * so every peer's output is checked against ours before it is timed.
 */
#include "bench.h"

#include <stdio.h>
#include <string.h>

#include <psa/crypto.h>

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
#include <openssl/evp.h>
#endif
#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
#include <mbedtls/ccm.h>
#include <mbedtls/chachapoly.h>
#include <mbedtls/gcm.h>
#endif
#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
#include <sodium.h>
#endif

#define AEAD_MAX_MSG 16384u
#define AEAD_TAG 16u
#define AEAD_AD 16u

typedef enum { AEAD_GCM, AEAD_CCM, AEAD_CHACHAPOLY, AEAD_XCHACHAPOLY } aead_kind;

typedef struct {
    psa_key_id_t key;
    psa_algorithm_t alg;
    aead_kind kind;
    size_t key_len;
    size_t nonce_len;
    size_t len; /* plaintext bytes */
    int encrypt;
    psa_status_t status;
#ifdef PICOPSA_BENCH_HAVE_OPENSSL
    EVP_CIPHER_CTX *evp;
#endif
} aead_job;

static uint8_t a_key[32];
static uint8_t a_nonce[24];
static uint8_t a_ad[AEAD_AD];
static uint8_t a_plain[AEAD_MAX_MSG];
/* ciphertext || tag of a_plain under the row's key: the open rows' input. */
static uint8_t a_sealed[AEAD_MAX_MSG + AEAD_TAG];
static uint8_t a_out[AEAD_MAX_MSG + AEAD_TAG];

static void ours_aead(void *p)
{
    aead_job *job = (aead_job *)p;
    size_t n;
    if (job->encrypt) {
        job->status = psa_aead_encrypt(job->key, job->alg, a_nonce, job->nonce_len, a_ad, AEAD_AD,
                                       a_plain, job->len, a_out, sizeof(a_out), &n);
    } else {
        job->status = psa_aead_decrypt(job->key, job->alg, a_nonce, job->nonce_len, a_ad, AEAD_AD,
                                       a_sealed, job->len + AEAD_TAG, a_out, sizeof(a_out), &n);
    }
    bench_do_not_optimize(a_out);
}

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
static const char *openssl_name(const aead_job *job)
{
    switch (job->kind) {
    case AEAD_GCM:
        return job->key_len == 16 ? "AES-128-GCM" : "AES-256-GCM";
    case AEAD_CCM:
        return job->key_len == 16 ? "AES-128-CCM" : "AES-256-CCM";
    case AEAD_CHACHAPOLY:
        return "ChaCha20-Poly1305";
    default:
        return NULL; /* OpenSSL 3.0 has no XChaCha20-Poly1305 */
    }
}

static EVP_CIPHER_CTX *openssl_setup(const aead_job *job)
{
    const char *name = openssl_name(job);
    EVP_CIPHER *cipher = name != NULL ? EVP_CIPHER_fetch(NULL, name, NULL) : NULL;
    EVP_CIPHER_CTX *ctx = cipher != NULL ? EVP_CIPHER_CTX_new() : NULL;
    if (ctx != NULL && EVP_CipherInit_ex(ctx, cipher, NULL, NULL, NULL, job->encrypt) != 1) {
        EVP_CIPHER_CTX_free(ctx);
        ctx = NULL;
    }
    EVP_CIPHER_free(cipher);
    return ctx;
}

static void openssl_aead(void *p)
{
    aead_job *job = (aead_job *)p;
    EVP_CIPHER_CTX *ctx = job->evp;
    const uint8_t *in = job->encrypt ? a_plain : a_sealed;
    int n = 0, m = 0;
    (void)EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)job->nonce_len, NULL);
    if (job->kind == AEAD_CCM) {
        /* CCM: the tag length (and, opening, the tag) before the key. */
        (void)EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, AEAD_TAG,
                                  job->encrypt ? NULL : a_sealed + job->len);
    }
    (void)EVP_CipherInit_ex(ctx, NULL, NULL, a_key, a_nonce, job->encrypt);
    if (job->kind == AEAD_CCM) {
        (void)EVP_CipherUpdate(ctx, NULL, &n, NULL, (int)job->len); /* total length */
    }
    (void)EVP_CipherUpdate(ctx, NULL, &n, a_ad, AEAD_AD);
    if (!job->encrypt && job->kind != AEAD_CCM) {
        (void)EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, AEAD_TAG, a_sealed + job->len);
    }
    (void)EVP_CipherUpdate(ctx, a_out, &n, in, (int)job->len);
    if (job->kind != AEAD_CCM) {
        (void)EVP_CipherFinal_ex(ctx, a_out + n, &m);
    }
    if (job->encrypt) {
        (void)EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, AEAD_TAG, a_out + job->len);
    }
    bench_do_not_optimize(a_out);
}
#endif

#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
static void mbedtls_aead(void *p)
{
    aead_job *job = (aead_job *)p;
    const unsigned bits = (unsigned)(job->key_len * 8u);
    uint8_t *tag_out = a_out + job->len;
    const uint8_t *tag_in = a_sealed + job->len;
    if (job->kind == AEAD_GCM) {
        mbedtls_gcm_context gcm;
        mbedtls_gcm_init(&gcm);
        (void)mbedtls_gcm_setkey(&gcm, MBEDTLS_CIPHER_ID_AES, a_key, bits);
        if (job->encrypt) {
            (void)mbedtls_gcm_crypt_and_tag(&gcm, MBEDTLS_GCM_ENCRYPT, job->len, a_nonce,
                                            job->nonce_len, a_ad, AEAD_AD, a_plain, a_out,
                                            AEAD_TAG, tag_out);
        } else {
            (void)mbedtls_gcm_auth_decrypt(&gcm, job->len, a_nonce, job->nonce_len, a_ad, AEAD_AD,
                                           tag_in, AEAD_TAG, a_sealed, a_out);
        }
        mbedtls_gcm_free(&gcm);
    } else if (job->kind == AEAD_CCM) {
        mbedtls_ccm_context ccm;
        mbedtls_ccm_init(&ccm);
        (void)mbedtls_ccm_setkey(&ccm, MBEDTLS_CIPHER_ID_AES, a_key, bits);
        if (job->encrypt) {
            (void)mbedtls_ccm_encrypt_and_tag(&ccm, job->len, a_nonce, job->nonce_len, a_ad,
                                              AEAD_AD, a_plain, a_out, tag_out, AEAD_TAG);
        } else {
            (void)mbedtls_ccm_auth_decrypt(&ccm, job->len, a_nonce, job->nonce_len, a_ad, AEAD_AD,
                                           a_sealed, a_out, tag_in, AEAD_TAG);
        }
        mbedtls_ccm_free(&ccm);
    } else {
        mbedtls_chachapoly_context cp;
        mbedtls_chachapoly_init(&cp);
        (void)mbedtls_chachapoly_setkey(&cp, a_key);
        if (job->encrypt) {
            (void)mbedtls_chachapoly_encrypt_and_tag(&cp, job->len, a_nonce, a_ad, AEAD_AD,
                                                     a_plain, a_out, tag_out);
        } else {
            (void)mbedtls_chachapoly_auth_decrypt(&cp, job->len, a_nonce, a_ad, AEAD_AD, tag_in,
                                                  a_sealed, a_out);
        }
        mbedtls_chachapoly_free(&cp);
    }
    bench_do_not_optimize(a_out);
}
#endif

#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
static int sodium_rc; /* the opens' verdicts (warn_unused_result) */

static void sodium_aead(void *p)
{
    aead_job *job = (aead_job *)p;
    unsigned long long n;
    if (job->kind == AEAD_CHACHAPOLY) {
        if (job->encrypt) {
            (void)crypto_aead_chacha20poly1305_ietf_encrypt(a_out, &n, a_plain, job->len, a_ad,
                                                            AEAD_AD, NULL, a_nonce, a_key);
        } else {
            sodium_rc = crypto_aead_chacha20poly1305_ietf_decrypt(a_out, &n, NULL, a_sealed,
                                                            job->len + AEAD_TAG, a_ad, AEAD_AD,
                                                            a_nonce, a_key);
        }
    } else if (job->kind == AEAD_XCHACHAPOLY) {
        if (job->encrypt) {
            (void)crypto_aead_xchacha20poly1305_ietf_encrypt(a_out, &n, a_plain, job->len, a_ad,
                                                             AEAD_AD, NULL, a_nonce, a_key);
        } else {
            sodium_rc = crypto_aead_xchacha20poly1305_ietf_decrypt(a_out, &n, NULL, a_sealed,
                                                             job->len + AEAD_TAG, a_ad, AEAD_AD,
                                                             a_nonce, a_key);
        }
    } else {
        if (job->encrypt) {
            (void)crypto_aead_aes256gcm_encrypt(a_out, &n, a_plain, job->len, a_ad, AEAD_AD, NULL,
                                                a_nonce, a_key);
        } else {
            sodium_rc = crypto_aead_aes256gcm_decrypt(a_out, &n, NULL, a_sealed, job->len + AEAD_TAG,
                                                a_ad, AEAD_AD, a_nonce, a_key);
        }
    }
    bench_do_not_optimize(a_out);
}

static int sodium_has(const aead_job *job)
{
    if (job->kind == AEAD_CHACHAPOLY || job->kind == AEAD_XCHACHAPOLY) {
        return 1;
    }
    return job->kind == AEAD_GCM && job->key_len == 32 && crypto_aead_aes256gcm_is_available();
}
#endif

#if defined(PICOPSA_BENCH_HAVE_OPENSSL) || defined(PICOPSA_BENCH_HAVE_MBEDTLS) || \
    defined(PICOPSA_BENCH_HAVE_LIBSODIUM)
/* Run a peer once and compare its output with ours (same key, nonce, AD
 * and input, so the same bytes): a mismatch would make the ratio compare
 * different work. */
static int peer_agrees(const char *name, const char *peer, aead_job *job, bench_fn fn)
{
    static uint8_t expect[AEAD_MAX_MSG + AEAD_TAG];
    const size_t n = job->encrypt ? job->len + AEAD_TAG : job->len;
    ours_aead(job);
    memcpy(expect, a_out, n);
    memset(a_out, 0, sizeof(a_out));
    fn(job);
    if (memcmp(expect, a_out, n) != 0) {
        printf("%s: %s's output differs from ours; not compared\n", name, peer);
        return 0;
    }
    return 1;
}
#endif

static void aead_row(const char *name, aead_job *job)
{
    ours_aead(job);
    if (job->status != PSA_SUCCESS) {
        printf("%s: failed (status %d)\n", name, (int)job->status);
        return;
    }
    bench_print_took(name, bench_auto_ns(ours_aead, job, 0));
#ifdef PICOPSA_BENCH_HAVE_OPENSSL
    job->evp = openssl_setup(job);
    if (job->evp != NULL) {
        if (peer_agrees(name, "openssl", job, openssl_aead)) {
            (void)bench_compare_peer(name, "openssl", ours_aead, job, openssl_aead, job);
        }
        EVP_CIPHER_CTX_free(job->evp);
        job->evp = NULL;
    }
#endif
#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
    if (job->kind != AEAD_XCHACHAPOLY && peer_agrees(name, "mbedtls", job, mbedtls_aead)) {
        (void)bench_compare_peer(name, "mbedtls", ours_aead, job, mbedtls_aead, job);
    }
#endif
#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
    if (sodium_has(job) && peer_agrees(name, "libsodium", job, sodium_aead)) {
        (void)bench_compare_peer(name, "libsodium", ours_aead, job, sodium_aead, job);
    }
#endif
}

static psa_status_t import_key(aead_job *job, psa_key_type_t type)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_set_key_type(&attr, type);
    psa_set_key_bits(&attr, job->key_len * 8u);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&attr, job->alg);
    return psa_import_key(&attr, a_key, job->key_len, &job->key);
}

static void aead_rows(const char *label, psa_key_type_t type, aead_job *job)
{
    static const size_t sizes[] = {64, 1024, AEAD_MAX_MSG};
    char name[64];
    size_t s, n;
    job->key = PSA_KEY_ID_NULL;
    if (import_key(job, type) != PSA_SUCCESS) {
        printf("%s: configured out\n", label);
        return;
    }
    for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
        job->len = sizes[s];
        /* The open rows' input: our own sealing of a_plain. */
        if (psa_aead_encrypt(job->key, job->alg, a_nonce, job->nonce_len, a_ad, AEAD_AD, a_plain,
                             job->len, a_sealed, sizeof(a_sealed), &n) != PSA_SUCCESS) {
            printf("%s %zu B: seal failed\n", label, sizes[s]);
            continue;
        }
        for (job->encrypt = 1; job->encrypt >= 0; job->encrypt--) {
            snprintf(name, sizeof(name), "%s %s %zu B", label, job->encrypt ? "seal" : "open",
                     sizes[s]);
            aead_row(name, job);
        }
    }
    (void)psa_destroy_key(job->key);
}

void bench_aead(void)
{
    static const struct {
        const char *label;
        psa_key_type_t type;
        psa_algorithm_t alg;
        aead_kind kind;
        size_t key_len, nonce_len;
    } rows[] = {
        {"AES-128-GCM", PSA_KEY_TYPE_AES, PSA_ALG_GCM, AEAD_GCM, 16, 12},
        {"AES-256-GCM", PSA_KEY_TYPE_AES, PSA_ALG_GCM, AEAD_GCM, 32, 12},
        {"AES-128-CCM", PSA_KEY_TYPE_AES, PSA_ALG_CCM, AEAD_CCM, 16, 12},
        {"ChaCha20-Poly1305", PSA_KEY_TYPE_CHACHA20, PSA_ALG_CHACHA20_POLY1305, AEAD_CHACHAPOLY,
         32, 12},
        {"XChaCha20-Poly1305", PSA_KEY_TYPE_XCHACHA20, PSA_ALG_XCHACHA20_POLY1305,
         AEAD_XCHACHAPOLY, 32, 24},
    };
    aead_job job;
    size_t r;

    if (psa_crypto_init() != PSA_SUCCESS) {
        printf("bench_aead: psa_crypto_init failed\n");
        return;
    }
#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
    if (sodium_init() < 0) {
        printf("bench_aead: sodium_init failed\n");
    }
#endif
    memset(a_key, 0x3c, sizeof(a_key));
    memset(a_nonce, 0x5a, sizeof(a_nonce));
    memset(a_ad, 0x11, sizeof(a_ad));
    memset(a_plain, 0xa5, sizeof(a_plain));
    memset(&job, 0, sizeof(job));
    for (r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
        job.alg = rows[r].alg;
        job.kind = rows[r].kind;
        job.key_len = rows[r].key_len;
        job.nonce_len = rows[r].nonce_len;
        aead_rows(rows[r].label, rows[r].type, &job);
    }
}
