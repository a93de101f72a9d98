/*
 * bench_cipher.c -- `make bench` figures for the unauthenticated ciphers
 * (PSA 1.2 10.4): AES-128/256 in CTR, CBC (no padding), ECB, CFB-128 and
 * OFB, XTS, and ChaCha20 (PSA_ALG_STREAM_CIPHER), at 64 B, 1 KiB and 16 KiB;
 * AES-128-CMAC (PSA 10.3) through psa_mac_compute at the same sizes.
 *
 * Ours goes through the single-part PSA API, psa_cipher_encrypt and
 * psa_cipher_decrypt, with a key imported once: every call sets the key
 * schedule up again, as a one-shot must. So every peer is re-keyed on
 * every call too:
 *  - OpenSSL: one EVP_CIPHER_CTX, fetched and bound to its cipher once;
 *    each call EVP_CipherInit_ex(ctx, NULL, NULL, key, iv, enc), update,
 *    final (the cheapest re-keying EVP offers: no fetch, no allocation);
 *  - Mbed TLS 2.28: mbedtls_aes_setkey_enc / _dec then mbedtls_aes_crypt_ctr
 *    / _cbc each call (CTR and CBC rows), mbedtls_chacha20_crypt (ChaCha20);
 *  - libsodium: crypto_stream_chacha20_ietf_xor (ChaCha20).
 * "enc" rows: psa_cipher_encrypt draws the IV from the library's DRBG
 * (PSA 10.4: the single-part encryption generates it), so each peer draws
 * its IV from its own generator in the timed call as well (OpenSSL
 * RAND_bytes, Mbed TLS HMAC_DRBG-SHA-256, libsodium randombytes_buf); ECB
 * has no IV. "dec" rows take the IV with the input (IV || ciphertext) and
 * draw nothing: the CTR and ChaCha20 "dec" rows are the keystream alone.
 * Lengths are those of the data, without the IV.
 */
#include "bench.h"

#include <stdio.h>
#include <string.h>

#include <psa/crypto.h>

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/rand.h>
#endif
#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
#include <mbedtls/aes.h>
#include <mbedtls/chacha20.h>
#include <mbedtls/hmac_drbg.h>
#include <mbedtls/md.h>
#endif
#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
#include <sodium.h>
#endif

#if defined(PICOPSA_BENCH_HAVE_OPENSSL) || defined(PICOPSA_BENCH_HAVE_MBEDTLS) || \
    defined(PICOPSA_BENCH_HAVE_LIBSODIUM)
#define BENCH_CIPHER_PEERS 1 /* `picopsa speed` links none */
#endif

#define BENCH_CIPHER_MAX_MSG 16384u
#define BENCH_CIPHER_IV_MAX 16u

/* The peers' view of a mode. */
typedef enum { MODE_CTR, MODE_CBC, MODE_ECB, MODE_CFB, MODE_OFB, MODE_XTS, MODE_CHACHA20 } cipher_mode;

typedef struct {
    psa_key_id_t key;
    psa_algorithm_t alg;
    cipher_mode mode;
    size_t key_len;    /* bytes: 16, 32; XTS 32, 64 (Key1 || Key2) */
    size_t iv_len;     /* PSA's IV length for the one-shot: 0, 12 or 16 */
    size_t len;        /* data bytes */
    int encrypt;
    psa_status_t status;
#ifdef PICOPSA_BENCH_HAVE_OPENSSL
    EVP_CIPHER_CTX *evp;
#endif
} cipher_job;

static uint8_t c_key[64];
/* Decryption input: IV || data; encryption reads the data at c_in + 16. */
static uint8_t c_in[BENCH_CIPHER_IV_MAX + BENCH_CIPHER_MAX_MSG];
static uint8_t c_out[BENCH_CIPHER_IV_MAX + BENCH_CIPHER_MAX_MSG];

static void ours_cipher(void *p)
{
    cipher_job *job = (cipher_job *)p;
    size_t out_len;
    if (job->encrypt) {
        job->status = psa_cipher_encrypt(job->key, job->alg, c_in + BENCH_CIPHER_IV_MAX, job->len,
                                         c_out, sizeof(c_out), &out_len);
    } else {
        job->status = psa_cipher_decrypt(job->key, job->alg, c_in, job->iv_len + job->len, c_out,
                                         sizeof(c_out), &out_len);
    }
    bench_do_not_optimize(c_out);
}

#ifdef BENCH_CIPHER_PEERS
/* The peers' input: where the data and (for decryption) the IV are. */
static const uint8_t *peer_data(const cipher_job *job)
{
    return job->encrypt ? c_in + BENCH_CIPHER_IV_MAX : c_in + job->iv_len;
}

/* Where the peers write the data, as ours does: after the IV when encrypting. */
static uint8_t *peer_out(const cipher_job *job)
{
    return job->encrypt ? c_out + job->iv_len : c_out;
}
#endif

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
static const char *openssl_cipher_name(const cipher_job *job)
{
    static const char *const aes128[] = {"AES-128-CTR", "AES-128-CBC", "AES-128-ECB",
                                         "AES-128-CFB", "AES-128-OFB"};
    static const char *const aes256[] = {"AES-256-CTR", "AES-256-CBC", "AES-256-ECB",
                                         "AES-256-CFB", "AES-256-OFB"};
    if (job->mode == MODE_CHACHA20) {
        return "ChaCha20";
    }
    if (job->mode == MODE_XTS) {
        return job->key_len == 32 ? "AES-128-XTS" : "AES-256-XTS";
    }
    return job->key_len == 16 ? aes128[job->mode] : aes256[job->mode];
}

/* Fetch the cipher and bind a context to it once; NULL when unavailable. */
static EVP_CIPHER_CTX *openssl_setup(const cipher_job *job)
{
    EVP_CIPHER *cipher = EVP_CIPHER_fetch(NULL, openssl_cipher_name(job), NULL);
    EVP_CIPHER_CTX *ctx = cipher != NULL ? EVP_CIPHER_CTX_new() : NULL;
    if (ctx != NULL && EVP_CipherInit_ex(ctx, cipher, NULL, NULL, NULL, job->encrypt) != 1) {
        EVP_CIPHER_CTX_free(ctx);
        ctx = NULL;
    }
    EVP_CIPHER_free(cipher); /* the context keeps its own reference */
    return ctx;
}

static void openssl_cipher(void *p)
{
    cipher_job *job = (cipher_job *)p;
    uint8_t iv[BENCH_CIPHER_IV_MAX] = {0};
    /* EVP's ChaCha20 IV is the 32-bit little-endian counter || nonce. */
    size_t at = job->mode == MODE_CHACHA20 ? 4u : 0u;
    int n = 0, m = 0;
    if (job->encrypt) {
        if (job->iv_len != 0) {
            (void)RAND_bytes(iv + at, (int)job->iv_len);
        }
    } else {
        memcpy(iv + at, c_in, job->iv_len);
    }
    (void)EVP_CipherInit_ex(job->evp, NULL, NULL, c_key, iv, job->encrypt);
    (void)EVP_CIPHER_CTX_set_padding(job->evp, 0);
    (void)EVP_CipherUpdate(job->evp, peer_out(job), &n, peer_data(job), (int)job->len);
    (void)EVP_CipherFinal_ex(job->evp, peer_out(job) + n, &m);
    if (job->encrypt) {
        memcpy(c_out, iv + at, job->iv_len); /* IV || ciphertext, as PSA writes it */
    }
    bench_do_not_optimize(c_out);
}
#endif

#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
static mbedtls_hmac_drbg_context cipher_drbg;

static void mbedtls_cipher(void *p)
{
    cipher_job *job = (cipher_job *)p;
    uint8_t iv[BENCH_CIPHER_IV_MAX];
    if (job->encrypt) {
        (void)mbedtls_hmac_drbg_random(&cipher_drbg, iv, job->iv_len);
        memcpy(c_out, iv, job->iv_len);
    } else {
        memcpy(iv, c_in, job->iv_len);
    }
    if (job->mode == MODE_CHACHA20) {
        (void)mbedtls_chacha20_crypt(c_key, iv, 0, job->len, peer_data(job), peer_out(job));
    } else {
        mbedtls_aes_context aes;
        mbedtls_aes_init(&aes);
        if (job->mode == MODE_CTR) {
            uint8_t stream[16];
            size_t off = 0;
            (void)mbedtls_aes_setkey_enc(&aes, c_key, (unsigned)(job->key_len * 8u));
            (void)mbedtls_aes_crypt_ctr(&aes, job->len, &off, iv, stream, peer_data(job),
                                        peer_out(job));
        } else if (job->encrypt) {
            (void)mbedtls_aes_setkey_enc(&aes, c_key, (unsigned)(job->key_len * 8u));
            (void)mbedtls_aes_crypt_cbc(&aes, MBEDTLS_AES_ENCRYPT, job->len, iv, peer_data(job),
                                        peer_out(job));
        } else {
            (void)mbedtls_aes_setkey_dec(&aes, c_key, (unsigned)(job->key_len * 8u));
            (void)mbedtls_aes_crypt_cbc(&aes, MBEDTLS_AES_DECRYPT, job->len, iv, peer_data(job),
                                        peer_out(job));
        }
        mbedtls_aes_free(&aes);
    }
    bench_do_not_optimize(c_out);
}
#endif

#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
static void sodium_cipher(void *p)
{
    cipher_job *job = (cipher_job *)p;
    uint8_t nonce[crypto_stream_chacha20_ietf_NONCEBYTES];
    if (job->encrypt) {
        randombytes_buf(nonce, sizeof(nonce));
        memcpy(c_out, nonce, sizeof(nonce));
    } else {
        memcpy(nonce, c_in, sizeof(nonce));
    }
    (void)crypto_stream_chacha20_ietf_xor(peer_out(job), peer_data(job), job->len, nonce,
                                          c_key);
    bench_do_not_optimize(c_out);
}
#endif

/* Import the row's key once (the one-shot calls re-key from it). */
static psa_status_t import_key(cipher_job *job, psa_key_type_t type)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_set_key_type(&attr, type);
    psa_set_key_bits(&attr, job->key_len * 8u);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&attr, job->alg);
    return psa_import_key(&attr, c_key, job->key_len, &job->key);
}

#ifdef BENCH_CIPHER_PEERS
/* A decryption row's peer must give ours' output: the same key, IV and
 * input (a wrong IV layout or mode would make the ratio meaningless).
 * Encryption draws fresh IVs, so it is not compared. */
static void check_peer(const char *name, const char *peer, cipher_job *job, bench_fn fn)
{
    static uint8_t expect[BENCH_CIPHER_MAX_MSG];
    if (job->encrypt) {
        return;
    }
    ours_cipher(job);
    memcpy(expect, c_out, job->len);
    memset(c_out, 0, job->len);
    fn(job);
    if (memcmp(expect, c_out, job->len) != 0) {
        printf("%s: %s's output differs from ours\n", name, peer);
    }
}
#endif

/* One row: ours alone, then interleaved with every peer that has it. */
static void cipher_row(const char *name, cipher_job *job)
{
    ours_cipher(job);
    if (job->status != PSA_SUCCESS) {
        printf("%s: not supported by this build (status %d)\n", name, (int)job->status);
        return;
    }
    bench_print_took(name, bench_auto_ns(ours_cipher, job, 0));
#ifdef PICOPSA_BENCH_HAVE_OPENSSL
    job->evp = openssl_setup(job);
    if (job->evp != NULL) {
        check_peer(name, "openssl", job, openssl_cipher);
        (void)bench_compare_peer(name, "openssl", ours_cipher, job, openssl_cipher, job);
        EVP_CIPHER_CTX_free(job->evp);
        job->evp = NULL;
    }
#endif
#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
    if (job->mode == MODE_CTR || job->mode == MODE_CBC || job->mode == MODE_CHACHA20) {
        check_peer(name, "mbedtls", job, mbedtls_cipher);
        (void)bench_compare_peer(name, "mbedtls", ours_cipher, job, mbedtls_cipher, job);
    }
#endif
#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
    if (job->mode == MODE_CHACHA20) {
        check_peer(name, "libsodium", job, sodium_cipher);
        (void)bench_compare_peer(name, "libsodium", ours_cipher, job, sodium_cipher, job);
    }
#endif
}

/* Every size of one (key, mode, direction). */
static void cipher_rows(const char *label, psa_key_type_t type, cipher_job *job)
{
    static const size_t sizes[] = {64, 1024, BENCH_CIPHER_MAX_MSG};
    char name[64];
    size_t s;
    job->key = PSA_KEY_ID_NULL;
    if (import_key(job, type) != PSA_SUCCESS) {
        printf("%s %s: configured out\n", label, job->encrypt ? "enc" : "dec");
        return;
    }
    for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
        job->len = sizes[s];
        snprintf(name, sizeof(name), "%s %s %zu B", label, job->encrypt ? "enc" : "dec", sizes[s]);
        cipher_row(name, job);
    }
    (void)psa_destroy_key(job->key);
}

/* AES-128-CMAC (issue 22's host row): psa_mac_compute with the key
 * imported once (every call sets the key up, as a PSA one-shot must);
 * OpenSSL re-keyed on every call too (EVP_MAC_init with the key, the MAC
 * and its cipher fetched once). */
typedef struct {
    psa_key_id_t key;
    size_t len;
    uint8_t tag[16];
#ifdef PICOPSA_BENCH_HAVE_OPENSSL
    EVP_MAC_CTX *mac;
#endif
} cmac_job;

static void ours_cmac(void *p)
{
    cmac_job *job = (cmac_job *)p;
    size_t n = 0;
    (void)psa_mac_compute(job->key, PSA_ALG_CMAC, c_in, job->len, job->tag, sizeof(job->tag), &n);
    bench_do_not_optimize(job->tag);
}

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
static void openssl_cmac(void *p)
{
    cmac_job *job = (cmac_job *)p;
    size_t n = 0;
    (void)EVP_MAC_init(job->mac, c_key, 16, NULL);
    (void)EVP_MAC_update(job->mac, c_in, job->len);
    (void)EVP_MAC_final(job->mac, job->tag, &n, sizeof(job->tag));
    bench_do_not_optimize(job->tag);
}
#endif

static void cmac_rows(void)
{
    static const size_t sizes[] = {64, 1024, BENCH_CIPHER_MAX_MSG};
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    cmac_job job;
    char name[64];
    size_t s;
    memset(&job, 0, sizeof(job));
    psa_set_key_type(&attr, PSA_KEY_TYPE_AES);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_CMAC);
    if (psa_import_key(&attr, c_key, 16, &job.key) != PSA_SUCCESS) {
        printf("AES-128-CMAC: configured out\n");
        return;
    }
#ifdef PICOPSA_BENCH_HAVE_OPENSSL
    {
        EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
        OSSL_PARAM params[2];
        params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, (char *)"AES-128-CBC", 0);
        params[1] = OSSL_PARAM_construct_end();
        job.mac = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
        EVP_MAC_free(mac);
        if (job.mac != NULL && EVP_MAC_CTX_set_params(job.mac, params) != 1) {
            EVP_MAC_CTX_free(job.mac);
            job.mac = NULL;
        }
    }
#endif
    for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
        job.len = sizes[s];
        snprintf(name, sizeof(name), "AES-128-CMAC %zu B", sizes[s]);
        bench_print_took(name, bench_auto_ns(ours_cmac, &job, 0));
#ifdef PICOPSA_BENCH_HAVE_OPENSSL
        if (job.mac != NULL) {
            uint8_t ours_tag[16];
            ours_cmac(&job);
            memcpy(ours_tag, job.tag, sizeof(ours_tag));
            openssl_cmac(&job);
            if (memcmp(ours_tag, job.tag, sizeof(ours_tag)) != 0) {
                printf("%s: openssl's tag differs from ours\n", name);
            }
            (void)bench_compare_peer(name, "openssl", ours_cmac, &job, openssl_cmac, &job);
        }
#endif
    }
#ifdef PICOPSA_BENCH_HAVE_OPENSSL
    EVP_MAC_CTX_free(job.mac);
#endif
    (void)psa_destroy_key(job.key);
}

void bench_cipher(void)
{
    /* The brief's rows: CTR, CBC both ways, ECB, CFB, OFB; CTR also
     * decrypts (the keystream without the IV draw). */
    static const struct {
        const char *name;
        psa_algorithm_t alg;
        cipher_mode mode;
        int encrypt;
    } aes_rows[] = {
        {"CTR", PSA_ALG_CTR, MODE_CTR, 1},
        {"CTR", PSA_ALG_CTR, MODE_CTR, 0},
        {"CBC", PSA_ALG_CBC_NO_PADDING, MODE_CBC, 1},
        {"CBC", PSA_ALG_CBC_NO_PADDING, MODE_CBC, 0},
        {"ECB", PSA_ALG_ECB_NO_PADDING, MODE_ECB, 1},
        {"CFB", PSA_ALG_CFB, MODE_CFB, 1},
        {"OFB", PSA_ALG_OFB, MODE_OFB, 1},
    };
    static const size_t key_lens[] = {16, 32};
    char label[32];
    cipher_job job;
    size_t k, r;
    int encrypt;

    if (psa_crypto_init() != PSA_SUCCESS) {
        printf("bench_cipher: psa_crypto_init failed\n");
        return;
    }
    for (k = 0; k < sizeof(c_key); k++) {
        c_key[k] = (uint8_t)(0x2b + 7u * k);   /* XTS: Key1 != Key2 */
    }
    memset(c_in, 0xa5, sizeof(c_in));
    memset(&job, 0, sizeof(job));
#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
    if (sodium_init() < 0) {
        printf("bench_cipher: sodium_init failed\n");
    }
#endif
#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
    {
        uint8_t seed[48];
        mbedtls_hmac_drbg_init(&cipher_drbg);
        (void)psa_generate_random(seed, sizeof(seed));
        (void)mbedtls_hmac_drbg_seed_buf(&cipher_drbg, mbedtls_md_info_from_type(MBEDTLS_MD_SHA256),
                                         seed, sizeof(seed));
    }
#endif
    for (k = 0; k < sizeof(key_lens) / sizeof(key_lens[0]); k++) {
        for (r = 0; r < sizeof(aes_rows) / sizeof(aes_rows[0]); r++) {
            job.alg = aes_rows[r].alg;
            job.mode = aes_rows[r].mode;
            job.key_len = key_lens[k];
            job.iv_len = job.mode == MODE_ECB ? 0u : 16u;
            job.encrypt = aes_rows[r].encrypt;
            snprintf(label, sizeof(label), "AES-%zu-%s", key_lens[k] * 8u, aes_rows[r].name);
            cipher_rows(label, PSA_KEY_TYPE_AES, &job);
        }
    }
    /* XTS: the key is Key1 || Key2 (32 or 64 bytes), the IV the tweak */
    for (k = 0; k < sizeof(key_lens) / sizeof(key_lens[0]); k++) {
        for (encrypt = 1; encrypt >= 0; encrypt--) {
            job.alg = PSA_ALG_XTS;
            job.mode = MODE_XTS;
            job.key_len = 2u * key_lens[k];
            job.iv_len = 16;
            job.encrypt = encrypt;
            snprintf(label, sizeof(label), "AES-%zu-XTS", key_lens[k] * 8u);
            cipher_rows(label, PSA_KEY_TYPE_AES, &job);
        }
    }
    for (encrypt = 1; encrypt >= 0; encrypt--) {
        job.alg = PSA_ALG_STREAM_CIPHER;
        job.mode = MODE_CHACHA20;
        job.key_len = 32;
        job.iv_len = 12; /* the one-shot's IV: the RFC 8439 nonce, counter 0 */
        job.encrypt = encrypt;
        cipher_rows("ChaCha20", PSA_KEY_TYPE_CHACHA20, &job);
    }
    cmac_rows();
#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
    mbedtls_hmac_drbg_free(&cipher_drbg);
#endif
}
