/*
 * bench_rsa.c -- `make bench` figures for the raw RSA operations and key
 * generation (src/rsa/rsa.h), with OpenSSL and Mbed TLS on the same keys
 * in the same run when they are linked.
 *
 * We time the raw operations (RSAEP/RSADP, no padding): padding costs a
 * few microseconds and is the same work everywhere. Our private operation
 * includes its base blinding and the fault check with the public key;
 * OpenSSL's includes its blinding and (since 3.0) its own result check;
 * Mbed TLS 2.28's includes blinding and its check.
 *
 * OpenSSL on AVX-512 IFMA machines uses a 52-bit-limb vector path for
 * RSA-2048..4096. The baseline has it off: run the bench with
 * OPENSSL_ia32cap=":~0x200000" in the environment (it must be set before
 * libcrypto initialises, so it cannot be set from here); the bench says
 * which way OpenSSL ran.
 *
 * Ours and each peer are timed in alternation (bench_compare_interleaved,
 * bench.c): on a machine shared with other jobs the load changes from one
 * second to the next, so separate medians taken seconds apart can differ
 * by several times; each round times both sides back to back in thread
 * CPU time, and the ratio is the median of the per-round ratios.
 */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <psa/crypto.h>

#include "random/pp_random.h"
#include "rsa/rsa.h"

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#endif
#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
#include <mbedtls/rsa.h>
#endif

#define BENCH_RSA_MAX_BYTES (PICOPSA_RSA_MAX_BITS / 8)

typedef struct {
    const uint8_t *material;
    size_t k;
    uint8_t in[BENCH_RSA_MAX_BYTES];
    uint8_t out[BENCH_RSA_MAX_BYTES];
#ifdef PICOPSA_BENCH_HAVE_OPENSSL
    EVP_PKEY_CTX *ossl_enc, *ossl_dec;
#endif
#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
    mbedtls_rsa_context *mbed;
#endif
} rsa_job;

static uint8_t bench_material[PP_RSA_KEY_MATERIAL_SIZE];
static uint8_t bench_keygen_material[PP_RSA_KEY_MATERIAL_SIZE];

static void ours_public(void *p)
{
    rsa_job *job = (rsa_job *)p;
    (void)pp_rsa_public_op(job->material, job->in, job->out);
    bench_do_not_optimize(job->out);
}

static void ours_private(void *p)
{
    rsa_job *job = (rsa_job *)p;
    (void)pp_rsa_private_op(job->material, job->in, job->out);
    bench_do_not_optimize(job->out);
}

static void ours_keygen(void *p)
{
    size_t len;
    (void)pp_rsa_keygen(bench_keygen_material, sizeof(bench_keygen_material), &len, *(size_t *)p, 0);
    bench_do_not_optimize(bench_keygen_material);
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of(double *v, unsigned count)
{
    qsort(v, count, sizeof(*v), compare_double);
    return (count % 2u) ? v[count / 2u] : 0.5 * (v[count / 2u - 1u] + v[count / 2u]);
}

/* Per-call time of fn: `iters` calls in thread CPU time. */
static double time_calls(void (*fn)(void *), void *ctx, unsigned long iters)
{
    unsigned long i;
    double start = bench_cpu_ns();
    for (i = 0; i < iters; i++) {
        fn(ctx);
    }
    return (bench_cpu_ns() - start) / (double)iters;
}

#define BENCH_KEYGEN_MAX_REPS 15u

/* Median thread CPU time of `reps` single calls (reps <= 15). */
static double median_calls(void (*fn)(void *), void *ctx, unsigned reps)
{
    double v[BENCH_KEYGEN_MAX_REPS];
    unsigned r;
    for (r = 0; r < reps; r++) {
        v[r] = time_calls(fn, ctx, 1);
    }
    return median_of(v, reps);
}

static void print_line(const char *who, double pub_ns, double priv_ns)
{
    printf("%sRSA key operation (performance): public [%.0f us], private [%.0f us]\n",
           who, pub_ns / 1000.0, priv_ns / 1000.0);
}

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
static void ossl_public(void *p)
{
    rsa_job *job = (rsa_job *)p;
    size_t len = job->k;
    (void)EVP_PKEY_encrypt(job->ossl_enc, job->out, &len, job->in, job->k);
    bench_do_not_optimize(job->out);
}

static void ossl_private(void *p)
{
    rsa_job *job = (rsa_job *)p;
    size_t len = job->k;
    (void)EVP_PKEY_decrypt(job->ossl_dec, job->out, &len, job->in, job->k);
    bench_do_not_optimize(job->out);
}

static void ossl_keygen(void *p)
{
    EVP_PKEY *pkey = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, NULL);
    EVP_PKEY_keygen_init(c);
    EVP_PKEY_CTX_set_rsa_keygen_bits(c, (int)*(size_t *)p);
    (void)EVP_PKEY_keygen(c, &pkey);
    EVP_PKEY_free(pkey);
    EVP_PKEY_CTX_free(c);
}

static const char *const ossl_names[8] = {
    OSSL_PKEY_PARAM_RSA_N, OSSL_PKEY_PARAM_RSA_E, OSSL_PKEY_PARAM_RSA_D,
    OSSL_PKEY_PARAM_RSA_FACTOR1, OSSL_PKEY_PARAM_RSA_FACTOR2,
    OSSL_PKEY_PARAM_RSA_EXPONENT1, OSSL_PKEY_PARAM_RSA_EXPONENT2,
    OSSL_PKEY_PARAM_RSA_COEFFICIENT1
};
#endif

#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
static int mbed_rng(void *ctx, unsigned char *out, size_t len)
{
    (void)ctx;
    return pp_random_bytes(out, len) == PSA_SUCCESS ? 0 : -1;
}

static void mbed_public(void *p)
{
    rsa_job *job = (rsa_job *)p;
    (void)mbedtls_rsa_public(job->mbed, job->in, job->out);
    bench_do_not_optimize(job->out);
}

static void mbed_private(void *p)
{
    rsa_job *job = (rsa_job *)p;
    (void)mbedtls_rsa_private(job->mbed, mbed_rng, NULL, job->in, job->out);
    bench_do_not_optimize(job->out);
}
#endif

/* Key parts as big-endian bytes (from OpenSSL, or from our own keygen). */
typedef struct {
    uint8_t buf[8][BENCH_RSA_MAX_BYTES + 1];
    size_t len[8];
} key_bytes;

static void parts_of(const key_bytes *kb, pp_rsa_key_parts *p)
{
    p->n = kb->buf[0]; p->n_len = kb->len[0];
    p->e = kb->buf[1]; p->e_len = kb->len[1];
    p->d = kb->buf[2]; p->d_len = kb->len[2];
    p->p = kb->buf[3]; p->p_len = kb->len[3];
    p->q = kb->buf[4]; p->q_len = kb->len[4];
    p->dp = kb->buf[5]; p->dp_len = kb->len[5];
    p->dq = kb->buf[6]; p->dq_len = kb->len[6];
    p->qinv = kb->buf[7]; p->qinv_len = kb->len[7];
}

static int make_key(size_t bits, key_bytes *kb, void **peer_key)
{
    *peer_key = NULL;
#ifdef PICOPSA_BENCH_HAVE_OPENSSL
    {
        EVP_PKEY *pkey = NULL;
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, NULL);
        int i;
        EVP_PKEY_keygen_init(c);
        EVP_PKEY_CTX_set_rsa_keygen_bits(c, (int)bits);
        if (EVP_PKEY_keygen(c, &pkey) <= 0) {
            EVP_PKEY_CTX_free(c);
            return 0;
        }
        EVP_PKEY_CTX_free(c);
        for (i = 0; i < 8; i++) {
            BIGNUM *v = NULL;
            EVP_PKEY_get_bn_param(pkey, ossl_names[i], &v);
            kb->len[i] = (size_t)BN_num_bytes(v);
            BN_bn2bin(v, kb->buf[i]);
            BN_free(v);
        }
        *peer_key = pkey;
        return 1;
    }
#else
    {
        size_t len, i;
        if (pp_rsa_keygen(bench_keygen_material, sizeof(bench_keygen_material), &len, bits, 0) != PSA_SUCCESS) {
            return 0;
        }
        for (i = 0; i < 8; i++) {
            pp_rsa_key_get_component(bench_keygen_material, (int)i, kb->buf[i], sizeof(kb->buf[i]), &kb->len[i]);
        }
        return 1;
    }
#endif
}

static void bench_size(size_t bits)
{
    static rsa_job job;
    static key_bytes kb;
    pp_rsa_key_parts parts;
    void *peer_key;
    size_t mlen, kbits;

    printf("RSA-%u:\n", (unsigned)bits);
    fprintf(stderr, "bench: RSA-%u...\n", (unsigned)bits);
    if (!make_key(bits, &kb, &peer_key)) {
        printf("  key generation failed\n");
        return;
    }
    parts_of(&kb, &parts);
    if (pp_rsa_key_load(bench_material, sizeof(bench_material), &mlen, &parts, 1, &kbits) != PSA_SUCCESS) {
        printf("  key load failed\n");
        return;
    }
    job.material = bench_material;
    job.k = (bits + 7u) / 8u;
    memset(job.in, 0x5a, job.k);
    job.in[0] = 0x01; /* < n: n has its top bit set */

#if !defined(PICOPSA_BENCH_HAVE_OPENSSL) && !defined(PICOPSA_BENCH_HAVE_MBEDTLS)
    print_line("", bench_auto_ns(ours_public, &job, 0), bench_auto_ns(ours_private, &job, 0));
#endif

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
    {
        EVP_PKEY *pkey = (EVP_PKEY *)peer_key;
        bench_cmp pub, priv;
        job.ossl_enc = EVP_PKEY_CTX_new(pkey, NULL);
        job.ossl_dec = EVP_PKEY_CTX_new(pkey, NULL);
        EVP_PKEY_encrypt_init(job.ossl_enc);
        EVP_PKEY_CTX_set_rsa_padding(job.ossl_enc, RSA_NO_PADDING);
        EVP_PKEY_decrypt_init(job.ossl_dec);
        EVP_PKEY_CTX_set_rsa_padding(job.ossl_dec, RSA_NO_PADDING);
        bench_compare_interleaved(ours_public, &job, ossl_public, &job, &pub);
        bench_compare_interleaved(ours_private, &job, ossl_private, &job, &priv);
        print_line("", pub.ours_ns, priv.ours_ns);
        print_line("OpenSSL ", pub.peer_ns, priv.peer_ns);
        bench_print_compare("RSA public", "OpenSSL", &pub);
        bench_print_compare("RSA private", "OpenSSL", &priv);
        EVP_PKEY_CTX_free(job.ossl_enc);
        EVP_PKEY_CTX_free(job.ossl_dec);
        EVP_PKEY_free(pkey);
    }
#endif
#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
    {
        mbedtls_rsa_context mbed;
        bench_cmp pub, priv;
        mbedtls_rsa_init(&mbed, MBEDTLS_RSA_PKCS_V15, 0);
        if (mbedtls_rsa_import_raw(&mbed, kb.buf[0], kb.len[0], kb.buf[3], kb.len[3], kb.buf[4], kb.len[4],
                                   kb.buf[2], kb.len[2], kb.buf[1], kb.len[1]) == 0 &&
            mbedtls_rsa_complete(&mbed) == 0) {
            job.mbed = &mbed;
            bench_compare_interleaved(ours_public, &job, mbed_public, &job, &pub);
            bench_compare_interleaved(ours_private, &job, mbed_private, &job, &priv);
#ifndef PICOPSA_BENCH_HAVE_OPENSSL
            print_line("", pub.ours_ns, priv.ours_ns);
#endif
            print_line("Mbed TLS ", pub.peer_ns, priv.peer_ns);
            bench_print_compare("RSA public", "Mbed TLS", &pub);
            bench_print_compare("RSA private", "Mbed TLS", &priv);
        }
        mbedtls_rsa_free(&mbed);
    }
#endif
}

void bench_rsa(void)
{
    static const size_t sizes[] = { 2048, 3072, 4096 };
    size_t i, keygen_bits = 2048;
    unsigned reps = bench_quick() ? 3u : 11u;
    double ours_kg;

    if (psa_crypto_init() != PSA_SUCCESS) {
        printf("psa_crypto_init failed\n");
        return;
    }
#ifdef PICOPSA_BENCH_HAVE_OPENSSL
    printf("OpenSSL AVX-512 IFMA path: %s\n",
           getenv("OPENSSL_ia32cap") != NULL ? "as set by OPENSSL_ia32cap" :
           "default (set OPENSSL_ia32cap=\":~0x200000\" for the issue's baseline)");
#endif
    for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        if (sizes[i] <= PICOPSA_RSA_MAX_BITS) {
            bench_size(sizes[i]);
        }
    }

    /* Key generation: a random process, so the median of several runs. */
    /* thread CPU time, as the key operations */
    ours_kg = median_calls(ours_keygen, &keygen_bits, reps);
    printf("RSA-2048 key generation (median of %u): %.1f ms\n", reps, ours_kg / 1e6);
#ifdef PICOPSA_BENCH_HAVE_OPENSSL
    {
        double okg = median_calls(ossl_keygen, &keygen_bits, reps);
        printf("OpenSSL RSA-2048 key generation (median of %u): %.1f ms\n", reps, okg / 1e6);
        bench_print_ratio("RSA-2048 keygen", "OpenSSL", ours_kg, okg);
    }
#endif
}
