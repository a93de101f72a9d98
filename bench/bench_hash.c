/*
 * bench_hash.c -- `make bench` figures for SHA-2, HMAC and the RNG.
 *
 * Ours goes through the PSA API (psa_hash_compute, psa_generate_random)
 * where it exists, and through pp_hmac_compute for HMAC (a PSA MAC needs a
 * key slot; the slot lookup is not what we measure). Peers, when linked:
 * OpenSSL (on x86-64 it uses SHA-NI / AVX2 assembly, so expect it to win
 * big), Mbed TLS 2.28 and libsodium (portable C, the fair comparison for
 * a portable C library). The psa_generate_random rows time the library
 * DRBG of PICOPSA_DRBG_MECHANISM (the row's banner line names it) against
 * OpenSSL's RAND_bytes (CTR_DRBG over AES-256, AES-NI) in the same run and
 * Mbed TLS's DRBG of the same mechanism (HMAC_DRBG-SHA-256 or CTR_DRBG
 * AES-256, both without prediction resistance).
 */
#include "bench.h"

#include <stdio.h>
#include <string.h>

#include <psa/crypto.h>

#include "mac/hmac.h"

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#endif
#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/hmac_drbg.h>
#include <mbedtls/md.h>
#include <mbedtls/sha1.h>
#include <mbedtls/sha256.h>
#include <mbedtls/sha512.h>
#endif
#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
#include <sodium.h>
#endif

#define BENCH_HASH_MAX_MSG 16384u

typedef struct {
    psa_algorithm_t alg;   /* PSA_ALG_SHA_256 / _512 */
    size_t len;
    uint8_t out[64];
} hash_job;

static uint8_t bench_msg[BENCH_HASH_MAX_MSG];
static uint8_t bench_key[32];

static void ours_hash(void *p)
{
    hash_job *job = (hash_job *)p;
    size_t out_len;
    (void)psa_hash_compute(job->alg, bench_msg, job->len, job->out, sizeof(job->out), &out_len);
    bench_do_not_optimize(job->out);
}

static void ours_hmac(void *p)
{
    hash_job *job = (hash_job *)p;
    (void)pp_hmac_compute(job->alg, bench_key, sizeof(bench_key), bench_msg, job->len, job->out);
    bench_do_not_optimize(job->out);
}

static void ours_random(void *p)
{
    hash_job *job = (hash_job *)p;
    (void)psa_generate_random(bench_msg, job->len);
    bench_do_not_optimize(bench_msg);
}

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
static const EVP_MD *openssl_md(psa_algorithm_t alg)
{
    return alg == PSA_ALG_SHA_256 ? EVP_sha256() : alg == PSA_ALG_SHA_1 ? EVP_sha1() : EVP_sha512();
}

static void openssl_hash(void *p)
{
    hash_job *job = (hash_job *)p;
    (void)EVP_Digest(bench_msg, job->len, job->out, NULL, openssl_md(job->alg), NULL);
    bench_do_not_optimize(job->out);
}

static void openssl_hmac(void *p)
{
    hash_job *job = (hash_job *)p;
    (void)HMAC(openssl_md(job->alg), bench_key, (int)sizeof(bench_key), bench_msg, job->len,
               job->out, NULL);
    bench_do_not_optimize(job->out);
}

static void openssl_random(void *p)
{
    hash_job *job = (hash_job *)p;
    (void)RAND_bytes(bench_msg, (int)job->len);
    bench_do_not_optimize(bench_msg);
}
#endif

#define BENCH_DRBG_CTR (PICOPSA_DRBG_MECHANISM == PICOPSA_DRBG_CTR)

#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
static mbedtls_hmac_drbg_context mbedtls_drbg;
static mbedtls_ctr_drbg_context mbedtls_ctr;

/* Mbed TLS's CTR_DRBG entropy callback: our RNG (seeding is not timed). */
static int mbedtls_entropy_from_psa(void *ctx, unsigned char *out, size_t len)
{
    (void)ctx;
    return psa_generate_random(out, len) == PSA_SUCCESS ? 0 : -1;
}

static void mbedtls_hash(void *p)
{
    hash_job *job = (hash_job *)p;
    if (job->alg == PSA_ALG_SHA_1) {
        (void)mbedtls_sha1_ret(bench_msg, job->len, job->out);
    } else if (job->alg == PSA_ALG_SHA_256) {
        (void)mbedtls_sha256_ret(bench_msg, job->len, job->out, 0);
    } else {
        (void)mbedtls_sha512_ret(bench_msg, job->len, job->out, 0);
    }
    bench_do_not_optimize(job->out);
}

static void mbedtls_hmac(void *p)
{
    hash_job *job = (hash_job *)p;
    const mbedtls_md_info_t *md = mbedtls_md_info_from_type(
        job->alg == PSA_ALG_SHA_256 ? MBEDTLS_MD_SHA256 : MBEDTLS_MD_SHA512);
    (void)mbedtls_md_hmac(md, bench_key, sizeof(bench_key), bench_msg, job->len, job->out);
    bench_do_not_optimize(job->out);
}

static void mbedtls_random(void *p)
{
    hash_job *job = (hash_job *)p;
    if (BENCH_DRBG_CTR) {
        (void)mbedtls_ctr_drbg_random(&mbedtls_ctr, bench_msg, job->len);
    } else {
        (void)mbedtls_hmac_drbg_random(&mbedtls_drbg, bench_msg, job->len);
    }
    bench_do_not_optimize(bench_msg);
}
#endif

#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
static void sodium_hash(void *p)
{
    hash_job *job = (hash_job *)p;
    if (job->alg == PSA_ALG_SHA_1) {
        return;   /* libsodium has no SHA-1: compare() skips it */
    }
    if (job->alg == PSA_ALG_SHA_256) {
        (void)crypto_hash_sha256(job->out, bench_msg, job->len);
    } else {
        (void)crypto_hash_sha512(job->out, bench_msg, job->len);
    }
    bench_do_not_optimize(job->out);
}
#endif

/* Time ours and every linked peer for one job; print figures and ratios. */
static void compare(const char *name, bench_fn ours, bench_fn openssl_fn, bench_fn mbedtls_fn,
                    bench_fn sodium_fn, hash_job *job)
{
    /* Each peer interleaved with ours (bench_compare_interleaved). */
    bench_print_took(name, bench_auto_ns(ours, job, 0));
    if (openssl_fn != NULL) {
        (void)bench_compare_peer(name, "openssl", ours, job, openssl_fn, job);
    }
    if (mbedtls_fn != NULL) {
        (void)bench_compare_peer(name, "mbedtls", ours, job, mbedtls_fn, job);
    }
    if (sodium_fn != NULL) {
        (void)bench_compare_peer(name, "libsodium", ours, job, sodium_fn, job);
    }
}

#ifndef PICOPSA_BENCH_HAVE_OPENSSL
#define openssl_hash ((bench_fn)0)
#define openssl_hmac ((bench_fn)0)
#define openssl_random ((bench_fn)0)
#endif
#ifndef PICOPSA_BENCH_HAVE_MBEDTLS
#define mbedtls_hash ((bench_fn)0)
#define mbedtls_hmac ((bench_fn)0)
#define mbedtls_random ((bench_fn)0)
#endif
#ifndef PICOPSA_BENCH_HAVE_LIBSODIUM
#define sodium_hash ((bench_fn)0)
#endif

void bench_hash(void)
{
    static const size_t sizes[] = { 64, 1024, BENCH_HASH_MAX_MSG };
    static const psa_algorithm_t algs[] = { PSA_ALG_SHA_256, PSA_ALG_SHA_512, PSA_ALG_SHA_1 };
    static const char *const alg_names[] = { "256", "512", "1" };
    char name[64];
    hash_job job;
    size_t a, s;

    if (psa_crypto_init() != PSA_SUCCESS) {
        printf("bench_hash: psa_crypto_init failed\n");
        return;
    }
    memset(bench_msg, 0x5c, sizeof(bench_msg));
    memset(bench_key, 0x0b, sizeof(bench_key));
#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
    if (sodium_init() < 0) {
        printf("bench_hash: sodium_init failed\n");
    }
#endif
#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
    {
        uint8_t seed[48];
        mbedtls_hmac_drbg_init(&mbedtls_drbg);
        (void)psa_generate_random(seed, sizeof(seed));
        (void)mbedtls_hmac_drbg_seed_buf(&mbedtls_drbg, mbedtls_md_info_from_type(MBEDTLS_MD_SHA256),
                                         seed, sizeof(seed));
        mbedtls_ctr_drbg_init(&mbedtls_ctr);
        (void)mbedtls_ctr_drbg_seed(&mbedtls_ctr, mbedtls_entropy_from_psa, NULL, NULL, 0);
    }
#endif

    for (a = 0; a < 3; a++) {
        if (a == 2 && !PSA_WANT_ALG_SHA_1) {
            break;
        }
        for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
            job.alg = algs[a];
            job.len = sizes[s];
            snprintf(name, sizeof(name), "SHA-%s %zu B", alg_names[a], sizes[s]);
            compare(name, ours_hash, openssl_hash, mbedtls_hash, a == 2 ? (bench_fn)0 : sodium_hash, &job);
        }
    }
    for (a = 0; a < 3; a++) {
        if (a == 2 && !PSA_WANT_ALG_SHA_1) {
            break;
        }
        job.alg = algs[a];
        job.len = 1024;
        snprintf(name, sizeof(name), "HMAC-SHA%s 1024 B", alg_names[a]);
        compare(name, ours_hmac, openssl_hmac, mbedtls_hmac, NULL, &job);
    }
    printf("psa_generate_random: %s\n",
           BENCH_DRBG_CTR ? "CTR_DRBG AES-256 (SP 800-90A 10.2.1)" : "HMAC_DRBG (SP 800-90A 10.1.2)");
    job.len = 32;
    compare("psa_generate_random 32 B", ours_random, openssl_random, mbedtls_random, NULL, &job);
    job.len = 1024;
    compare("psa_generate_random 1024 B", ours_random, openssl_random, mbedtls_random, NULL, &job);

#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
    mbedtls_hmac_drbg_free(&mbedtls_drbg);
    mbedtls_ctr_drbg_free(&mbedtls_ctr);
#endif
}
