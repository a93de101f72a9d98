/*
 * bench_p384.c -- `make bench` figures for P-384.
 *
 * Ours: psa_sign_hash / psa_verify_hash with PSA_ALG_ECDSA(SHA-384)
 * (hedged nonce) and PSA_ALG_DETERMINISTIC_ECDSA(SHA-384) on a 48-byte
 * hash, psa_generate_key + psa_destroy_key, and ECDH through the driver
 * entry point pp_p384_key_agreement (the PSA key-agreement front end is
 * the key-derivation work's). Peer in the same run: OpenSSL (EVP_PKEY_sign
 * / EVP_PKEY_verify on the hash, EVP_PKEY_derive, EVP_PKEY_keygen on
 * secp384r1), timed interleaved with ours (bench_compare_interleaved,
 * bench.c: median and worst of the per-round ratios).
 */
#include "bench.h"

#include <stdio.h>
#include <string.h>

#include <psa/crypto.h>

#include "dispatch/pp_drivers.h"

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#endif

#if PSA_WANT_ECC_SECP_R1_384 && PSA_WANT_ALG_ECDSA

#define EC_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1)

static uint8_t p_hash[48], p_sig[96], p_pub[97];
static psa_key_id_t p_key;
static psa_algorithm_t p_alg;
#if PSA_WANT_ALG_ECDH
static uint8_t p_material[PP_P384_KEY_PAIR_MATERIAL_SIZE];
static size_t p_material_len;
static psa_key_attributes_t p_attr = PSA_KEY_ATTRIBUTES_INIT;
#endif

static void ours_sign(void *ctx)
{
    size_t len;
    (void)ctx;
    (void)psa_sign_hash(p_key, p_alg, p_hash, sizeof(p_hash), p_sig, sizeof(p_sig), &len);
    bench_do_not_optimize(p_sig);
}

static void ours_verify(void *ctx)
{
    psa_status_t *status = (psa_status_t *)ctx;
    *status = psa_verify_hash(p_key, p_alg, p_hash, sizeof(p_hash), p_sig, sizeof(p_sig));
    bench_do_not_optimize(status);
}

static void ours_keygen(void *ctx)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id;
    (void)ctx;
    psa_set_key_type(&attr, EC_PAIR);
    psa_set_key_bits(&attr, 384);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_HASH);
    psa_set_key_algorithm(&attr, PSA_ALG_ECDSA(PSA_ALG_SHA_384));
    if (psa_generate_key(&attr, &id) == PSA_SUCCESS) {
        (void)psa_destroy_key(id);
    }
}

#if PSA_WANT_ALG_ECDH
static void ours_ecdh(void *ctx)
{
    uint8_t secret[48];
    size_t len;
    (void)ctx;
    (void)pp_p384_key_agreement(&p_attr, p_material, p_material_len, PSA_ALG_ECDH, p_pub,
                                sizeof(p_pub), secret, sizeof(secret), &len);
    bench_do_not_optimize(secret);
}
#endif

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
static EVP_PKEY *ossl_key, *ossl_peer;
static uint8_t ossl_sig[112];
static size_t ossl_sig_len;

static void openssl_sign(void *ctx)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(ossl_key, NULL);
    (void)ctx;
    ossl_sig_len = sizeof(ossl_sig);
    EVP_PKEY_sign_init(c);
    EVP_PKEY_sign(c, ossl_sig, &ossl_sig_len, p_hash, sizeof(p_hash));
    EVP_PKEY_CTX_free(c);
    bench_do_not_optimize(ossl_sig);
}

static void openssl_verify(void *ctx)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(ossl_key, NULL);
    int *ok = (int *)ctx;
    EVP_PKEY_verify_init(c);
    *ok = EVP_PKEY_verify(c, ossl_sig, ossl_sig_len, p_hash, sizeof(p_hash));
    EVP_PKEY_CTX_free(c);
    bench_do_not_optimize(ok);
}

static void openssl_ecdh(void *ctx)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(ossl_key, NULL);
    uint8_t secret[48];
    size_t len = sizeof(secret);
    (void)ctx;
    EVP_PKEY_derive_init(c);
    EVP_PKEY_derive_set_peer(c, ossl_peer);
    EVP_PKEY_derive(c, secret, &len);
    EVP_PKEY_CTX_free(c);
    bench_do_not_optimize(secret);
}

static void openssl_keygen(void *ctx)
{
    EVP_PKEY *k = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-384");
    (void)ctx;
    EVP_PKEY_free(k);
}
#endif

void bench_p384(void)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_status_t status = PSA_ERROR_GENERIC_ERROR;
    size_t len;
    unsigned i;

    bench_section("P-384 (ECDSA on a 48-byte SHA-384 hash, ECDH)");
    for (i = 0; i < sizeof(p_hash); i++) {
        p_hash[i] = (uint8_t)(i * 11u + 3u);
    }
    if (psa_crypto_init() != PSA_SUCCESS) {
        printf("psa_crypto_init failed\n");
        return;
    }
    psa_set_key_type(&attr, EC_PAIR);
    psa_set_key_bits(&attr, 384);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH |
                                       PSA_KEY_USAGE_EXPORT);
    psa_set_key_algorithm(&attr, PSA_ALG_ECDSA(PSA_ALG_SHA_384));
    if (psa_generate_key(&attr, &p_key) != PSA_SUCCESS ||
        psa_export_public_key(p_key, p_pub, sizeof(p_pub), &len) != PSA_SUCCESS) {
        printf("P-384 key generation failed\n");
        return;
    }
    p_alg = PSA_ALG_ECDSA(PSA_ALG_SHA_384);
    bench_print_took("ECDSA P-384 sign", bench_auto_ns(ours_sign, NULL, 0));
    bench_print_took("ECDSA P-384 verify", bench_auto_ns(ours_verify, &status, 0));
    if (status != PSA_SUCCESS) {
        printf("ECDSA P-384 verify FAILED (%d)\n", (int)status);
    }
    bench_print_took("ECDSA P-384 keygen", bench_auto_ns(ours_keygen, NULL, 0));
#if PSA_WANT_ALG_ECDH
    {
        uint8_t d[48];
        size_t bits;
        (void)psa_get_key_attributes(p_key, &p_attr);
        (void)psa_export_key(p_key, d, sizeof(d), &len);   /* EXPORT usage */
        (void)pp_p384_import_key(&p_attr, d, sizeof(d), p_material, sizeof(p_material),
                                 &p_material_len, &bits);
        bench_print_took("ECDH P-384", bench_auto_ns(ours_ecdh, NULL, 0));
    }
#endif

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
    ossl_key = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-384");
    ossl_peer = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-384");
    if (ossl_key != NULL && ossl_peer != NULL) {
        int ok = 0;
        openssl_sign(NULL);
        (void)bench_compare_peer("ECDSA P-384 sign", "OpenSSL", ours_sign, NULL, openssl_sign, NULL);
        ours_sign(NULL);
        (void)bench_compare_peer("ECDSA P-384 verify", "OpenSSL", ours_verify, &status,
                                 openssl_verify, &ok);
        (void)bench_compare_peer("ECDSA P-384 keygen", "OpenSSL", ours_keygen, NULL,
                                 openssl_keygen, NULL);
#if PSA_WANT_ALG_ECDH
        (void)bench_compare_peer("ECDH P-384", "OpenSSL", ours_ecdh, NULL, openssl_ecdh, NULL);
#endif
    }
    EVP_PKEY_free(ossl_key);
    EVP_PKEY_free(ossl_peer);
#endif
    (void)psa_destroy_key(p_key);
}

#else
void bench_p384(void)
{
    bench_section("P-384: configured out");
}
#endif
