/*
 * bench_kdf.c -- `make bench` figures for key derivation (PSA 1.2 10.6):
 * PBKDF2-HMAC-SHA-256 and PBKDF2-HMAC-SHA-512 at 10,000 iterations (the
 * password-guessing race of issue 24: the defender's cost per iteration
 * must match the attacker's), PBKDF2-AES-CMAC-PRF-128 (ours alone), and
 * HKDF-SHA-256 as the short-input case.
 *
 * Ours is the whole PSA sequence a caller writes: setup, input_integer
 * (COST), input_bytes (SALT, PASSWORD), output_bytes, abort. Peers of
 * PBKDF2: OpenSSL PKCS5_PBKDF2_HMAC, and Mbed TLS 2.28
 * mbedtls_pkcs5_pbkdf2_hmac with an md context set up per call, as its API
 * requires; their outputs are checked equal to ours before timing. HKDF
 * has no peer row (a peer's per-call context set-up would be what it
 * measures). The "ns per iteration" lines divide ours' time by the count.
 */
#include "bench.h"

#include <stdio.h>
#include <string.h>

#include <psa/crypto.h>

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
#include <openssl/evp.h>
#endif
#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
#include <mbedtls/md.h>
#include <mbedtls/pkcs5.h>
#endif

#define KDF_ITERATIONS 10000u
#define KDF_OUT_MAX 64u

typedef struct {
    psa_algorithm_t alg;   /* PSA_ALG_PBKDF2_HMAC(h), _AES_CMAC_PRF_128 or PSA_ALG_HKDF(h) */
    psa_algorithm_t hash;
    size_t out_len;
    psa_status_t status;
} kdf_job;

static const uint8_t k_password[] = "correct horse battery staple";
static const uint8_t k_salt[16] = {0x73, 0x61, 0x6c, 0x74, 0x2d, 0x70, 0x69, 0x63,
                                   0x6f, 0x70, 0x73, 0x61, 0x2d, 0x6b, 0x64, 0x66};
static uint8_t k_out[KDF_OUT_MAX];

static void ours_kdf(void *p)
{
    kdf_job *job = (kdf_job *)p;
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_status_t st = psa_key_derivation_setup(&op, job->alg);
    if (PSA_ALG_IS_PBKDF2_HMAC(job->alg) || job->alg == PSA_ALG_PBKDF2_AES_CMAC_PRF_128) {
        if (st == PSA_SUCCESS) {
            st = psa_key_derivation_input_integer(&op, PSA_KEY_DERIVATION_INPUT_COST,
                                                  KDF_ITERATIONS);
        }
        if (st == PSA_SUCCESS) {
            st = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SALT, k_salt,
                                                sizeof(k_salt));
        }
        if (st == PSA_SUCCESS) {
            st = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_PASSWORD,
                                                k_password, sizeof(k_password) - 1u);
        }
    } else {
        if (st == PSA_SUCCESS) {
            st = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SALT, k_salt,
                                                sizeof(k_salt));
        }
        if (st == PSA_SUCCESS) {
            st = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SECRET, k_password,
                                                sizeof(k_password) - 1u);
        }
        if (st == PSA_SUCCESS) {
            st = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_INFO, k_salt, 8);
        }
    }
    if (st == PSA_SUCCESS) {
        st = psa_key_derivation_output_bytes(&op, k_out, job->out_len);
    }
    (void)psa_key_derivation_abort(&op);
    job->status = st;
    bench_do_not_optimize(k_out);
}

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
static void openssl_pbkdf2(void *p)
{
    kdf_job *job = (kdf_job *)p;
    const EVP_MD *md = job->hash == PSA_ALG_SHA_256 ? EVP_sha256() : EVP_sha512();
    (void)PKCS5_PBKDF2_HMAC((const char *)k_password, (int)(sizeof(k_password) - 1u), k_salt,
                            (int)sizeof(k_salt), (int)KDF_ITERATIONS, md, (int)job->out_len,
                            k_out);
    bench_do_not_optimize(k_out);
}
#endif

#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
static void mbedtls_pbkdf2(void *p)
{
    kdf_job *job = (kdf_job *)p;
    mbedtls_md_context_t md;
    mbedtls_md_init(&md);
    if (mbedtls_md_setup(&md,
                         mbedtls_md_info_from_type(job->hash == PSA_ALG_SHA_256 ? MBEDTLS_MD_SHA256
                                                                              : MBEDTLS_MD_SHA512),
                         1) == 0) {
        (void)mbedtls_pkcs5_pbkdf2_hmac(&md, k_password, sizeof(k_password) - 1u, k_salt,
                                        sizeof(k_salt), KDF_ITERATIONS, (uint32_t)job->out_len,
                                        k_out);
    }
    mbedtls_md_free(&md);
    bench_do_not_optimize(k_out);
}
#endif

#if defined(PICOPSA_BENCH_HAVE_OPENSSL) || defined(PICOPSA_BENCH_HAVE_MBEDTLS)
static int peer_agrees(const char *name, const char *peer, kdf_job *job, bench_fn fn)
{
    uint8_t expect[KDF_OUT_MAX];
    ours_kdf(job);
    memcpy(expect, k_out, job->out_len);
    memset(k_out, 0, sizeof(k_out));
    fn(job);
    if (memcmp(expect, k_out, job->out_len) != 0) {
        printf("%s: %s's output differs from ours; not compared\n", name, peer);
        return 0;
    }
    return 1;
}
#endif

static void pbkdf2_row(const char *name, kdf_job *job)
{
    double ns;
    ours_kdf(job);
    if (job->status != PSA_SUCCESS) {
        printf("%s: configured out (status %d)\n", name, (int)job->status);
        return;
    }
    /* About 1 ms a call: fewer calls per repetition than the default. */
    ns = bench_median_ns(ours_kdf, job, bench_quick() ? 1u : 4u,
                         bench_quick() ? 3u : BENCH_DEFAULT_REPS);
    bench_print_took(name, ns);
    printf("%s: %.1f ns per iteration\n", name, ns / (double)KDF_ITERATIONS);
#ifdef PICOPSA_BENCH_HAVE_OPENSSL
    if (peer_agrees(name, "openssl", job, openssl_pbkdf2)) {
        (void)bench_compare_peer(name, "openssl", ours_kdf, job, openssl_pbkdf2, job);
    }
#endif
#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
    if (peer_agrees(name, "mbedtls", job, mbedtls_pbkdf2)) {
        (void)bench_compare_peer(name, "mbedtls", ours_kdf, job, mbedtls_pbkdf2, job);
    }
#endif
}

void bench_kdf(void)
{
    kdf_job job;
    if (psa_crypto_init() != PSA_SUCCESS) {
        printf("bench_kdf: psa_crypto_init failed\n");
        return;
    }
    memset(&job, 0, sizeof(job));
    job.hash = PSA_ALG_SHA_256;
    job.alg = PSA_ALG_PBKDF2_HMAC(PSA_ALG_SHA_256);
    job.out_len = 32;
    pbkdf2_row("PBKDF2-HMAC-SHA-256 10000 iterations 32 B", &job);
    job.hash = PSA_ALG_SHA_512;
    job.alg = PSA_ALG_PBKDF2_HMAC(PSA_ALG_SHA_512);
    job.out_len = 64;
    pbkdf2_row("PBKDF2-HMAC-SHA-512 10000 iterations 64 B", &job);
    /* RFC 4615's AES-CMAC-PRF-128 as the PRF: no peer has it. */
    job.hash = 0;
    job.alg = PSA_ALG_PBKDF2_AES_CMAC_PRF_128;
    job.out_len = 16;
    ours_kdf(&job);
    if (job.status == PSA_SUCCESS) {
        double ns = bench_median_ns(ours_kdf, &job, bench_quick() ? 1u : 4u,
                                    bench_quick() ? 3u : BENCH_DEFAULT_REPS);
        bench_print_took("PBKDF2-AES-CMAC-PRF-128 10000 iterations 16 B", ns);
        printf("PBKDF2-AES-CMAC-PRF-128 10000 iterations 16 B: %.1f ns per iteration\n",
               ns / (double)KDF_ITERATIONS);
    } else {
        printf("PBKDF2-AES-CMAC-PRF-128: configured out (status %d)\n", (int)job.status);
    }
    job.hash = PSA_ALG_SHA_256;
    job.alg = PSA_ALG_HKDF(PSA_ALG_SHA_256);
    job.out_len = 32;
    ours_kdf(&job);
    if (job.status == PSA_SUCCESS) {
        bench_print_took("HKDF-SHA-256 32 B", bench_auto_ns(ours_kdf, &job, 0));
    } else {
        printf("HKDF-SHA-256 32 B: configured out (status %d)\n", (int)job.status);
    }
}
