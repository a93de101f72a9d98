/*
 * bench_x25519.c -- `make bench` figures for X25519 (RFC 7748).
 *
 * Ours goes through the PSA API: psa_raw_key_agreement(PSA_ALG_ECDH) with
 * an imported key pair, and psa_generate_key + psa_destroy_key (32 DRBG
 * bytes and the public key X25519(k, 9)). Peers in the same run:
 * libsodium (crypto_scalarmult, crypto_scalarmult_base) and OpenSSL
 * (EVP_PKEY_derive with EVP_PKEY_X25519). The ratios come from
 * bench_compare_interleaved (bench.c), so a load change on a shared
 * machine does not skew them. Only the agreement is inside the timed
 * function (the key is imported once); "X25519 agreement took" is thread
 * CPU time like every figure (bench.h): it used to be wall-clock medians
 * of 20 ms blocks, 130-300 us on the loaded build machine for an
 * agreement of 42 us CPU time.
 */
#include "bench.h"

#include <stdio.h>
#include <string.h>

#include <psa/crypto.h>

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
#include <openssl/evp.h>
#endif
#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
#include <sodium.h>
#endif

#if PSA_WANT_ECC_MONTGOMERY_255 && PSA_WANT_ALG_ECDH

#define X_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY)

static uint8_t x_sk[32], x_peer[32], x_out[32];
static psa_key_id_t x_key;

static void ours_agree(void *ctx)
{
    size_t len;
    psa_status_t *status = (psa_status_t *)ctx;
    *status = psa_raw_key_agreement(PSA_ALG_ECDH, x_key, x_peer, 32, x_out, 32, &len);
    bench_do_not_optimize(x_out);
}

static void ours_keygen(void *ctx)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id;
    (void)ctx;
    psa_set_key_type(&attr, X_PAIR);
    psa_set_key_bits(&attr, 255);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_DERIVE);
    psa_set_key_algorithm(&attr, PSA_ALG_ECDH);
    if (psa_generate_key(&attr, &id) == PSA_SUCCESS) {
        (void)psa_destroy_key(id);
    }
}

#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
static void sodium_agree(void *ctx)
{
    int *rc = (int *)ctx;
    *rc = crypto_scalarmult(x_out, x_sk, x_peer);
    bench_do_not_optimize(x_out);
}

static void sodium_keygen(void *ctx)
{
    uint8_t sk[32], pk[32];
    (void)ctx;
    randombytes_buf(sk, sizeof(sk));
    (void)crypto_scalarmult_base(pk, sk);
    bench_do_not_optimize(pk);
}
#endif

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
static EVP_PKEY *ossl_key, *ossl_peer;

static void openssl_agree(void *ctx)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(ossl_key, NULL);
    size_t len = 32;
    (void)ctx;
    EVP_PKEY_derive_init(c);
    EVP_PKEY_derive_set_peer(c, ossl_peer);
    EVP_PKEY_derive(c, x_out, &len);
    EVP_PKEY_CTX_free(c);
    bench_do_not_optimize(x_out);
}
#endif

void bench_x25519(void)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_status_t status = PSA_ERROR_GENERIC_ERROR;
    double agree_ns, keygen_ns;
    unsigned i;

    bench_section("X25519 (RFC 7748)");
    for (i = 0; i < 32; i++) {
        x_sk[i] = (uint8_t)(i * 11u + 3u);
        x_peer[i] = (uint8_t)(i * 5u + 9u);
    }
    x_peer[31] &= 0x7fu;
    if (psa_crypto_init() != PSA_SUCCESS) {
        printf("psa_crypto_init failed\n");
        return;
    }
    psa_set_key_type(&attr, X_PAIR);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_DERIVE);
    psa_set_key_algorithm(&attr, PSA_ALG_ECDH);
    if (psa_import_key(&attr, x_sk, sizeof(x_sk), &x_key) != PSA_SUCCESS) {
        printf("X25519 key import failed\n");
        return;
    }
    agree_ns = bench_auto_ns(ours_agree, &status, 0);
    bench_print_took("X25519 agreement", agree_ns);
    if (status != PSA_SUCCESS) {
        printf("X25519 agreement FAILED (%d)\n", (int)status);
    }
    keygen_ns = bench_auto_ns(ours_keygen, NULL, 0);
    bench_print_took("X25519 keygen", keygen_ns);

#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
    if (sodium_init() >= 0) {
        int rc = -1;
        (void)bench_compare_peer("X25519 agreement", "libsodium", ours_agree, &status,
                                 sodium_agree, &rc);
        (void)bench_compare_peer("X25519 keygen", "libsodium", ours_keygen, NULL, sodium_keygen,
                                 NULL);
    }
#endif
#ifdef PICOPSA_BENCH_HAVE_OPENSSL
    ossl_key = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, x_sk, 32);
    ossl_peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, x_peer, 32);
    if (ossl_key != NULL && ossl_peer != NULL) {
        (void)bench_compare_peer("X25519 agreement", "OpenSSL", ours_agree, &status,
                                 openssl_agree, NULL);
    }
    EVP_PKEY_free(ossl_key);
    EVP_PKEY_free(ossl_peer);
#endif
    (void)psa_destroy_key(x_key);
}

#else
void bench_x25519(void)
{
    printf("X25519: configured out\n");
}
#endif
