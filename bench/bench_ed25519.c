/*
 * bench_ed25519.c -- `make bench` figures for Ed25519.
 *
 * Ours goes through the PSA API (psa_sign_message / psa_verify_message with
 * PSA_ALG_PURE_EDDSA, psa_generate_key + psa_destroy_key for keygen) on a
 * 32-byte message; peers in the same run: libsodium (crypto_sign_detached,
 * crypto_sign_verify_detached, crypto_sign_seed_keypair) and OpenSSL
 * (EVP_DigestSign / EVP_DigestVerify, EVP_PKEY_keygen with
 * EVP_PKEY_ED25519). Our own lines are medians (bench.h); the ratios
 * come from bench_compare_interleaved (bench.c: short blocks of ours and
 * the peer alternating, median and worst of the per-round ratios).
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

#define ED_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS)

static uint8_t ed_msg[32];
static uint8_t ed_seed[32];
static uint8_t ed_pk[32];
static uint8_t ed_sig[64];
static psa_key_id_t ed_key;

static void ours_sign(void *ctx)
{
    size_t len;
    (void)ctx;
    (void)psa_sign_message(ed_key, PSA_ALG_PURE_EDDSA, ed_msg, sizeof(ed_msg), ed_sig,
                           sizeof(ed_sig), &len);
    bench_do_not_optimize(ed_sig);
}

static void ours_verify(void *ctx)
{
    psa_status_t *status = (psa_status_t *)ctx;
    *status = psa_verify_message(ed_key, PSA_ALG_PURE_EDDSA, ed_msg, sizeof(ed_msg), ed_sig,
                                 sizeof(ed_sig));
    bench_do_not_optimize(status);
}

static void ours_keygen(void *ctx)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id;
    (void)ctx;
    psa_set_key_type(&attr, ED_PAIR);
    psa_set_key_bits(&attr, 255);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    if (psa_generate_key(&attr, &id) == PSA_SUCCESS) {
        (void)psa_destroy_key(id);
    }
}

#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
static uint8_t sodium_sk[64], sodium_pk[32], sodium_sig[64];

static void sodium_sign(void *ctx)
{
    (void)ctx;
    crypto_sign_detached(sodium_sig, NULL, ed_msg, sizeof(ed_msg), sodium_sk);
    bench_do_not_optimize(sodium_sig);
}

static void sodium_verify(void *ctx)
{
    int *ok = (int *)ctx;
    *ok = crypto_sign_verify_detached(sodium_sig, ed_msg, sizeof(ed_msg), sodium_pk);
    bench_do_not_optimize(ok);
}

static void sodium_keygen(void *ctx)
{
    uint8_t pk[32], sk[64], seed[32];
    (void)ctx;
    randombytes_buf(seed, sizeof(seed));
    crypto_sign_seed_keypair(pk, sk, seed);
    bench_do_not_optimize(pk);
}
#endif

#ifdef PICOPSA_BENCH_HAVE_OPENSSL
static EVP_PKEY *ossl_key;
static uint8_t ossl_sig[64];

static void openssl_sign(void *ctx)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    size_t len = sizeof(ossl_sig);
    (void)ctx;
    EVP_DigestSignInit(md, NULL, NULL, NULL, ossl_key);
    EVP_DigestSign(md, ossl_sig, &len, ed_msg, sizeof(ed_msg));
    EVP_MD_CTX_free(md);
    bench_do_not_optimize(ossl_sig);
}

static void openssl_verify(void *ctx)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int *ok = (int *)ctx;
    EVP_DigestVerifyInit(md, NULL, NULL, NULL, ossl_key);
    *ok = EVP_DigestVerify(md, ossl_sig, sizeof(ossl_sig), ed_msg, sizeof(ed_msg));
    EVP_MD_CTX_free(md);
    bench_do_not_optimize(ok);
}

static void openssl_keygen(void *ctx)
{
    EVP_PKEY_CTX *kctx = EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, NULL);
    EVP_PKEY *key = NULL;
    (void)ctx;
    EVP_PKEY_keygen_init(kctx);
    EVP_PKEY_keygen(kctx, &key);
    EVP_PKEY_free(key);
    EVP_PKEY_CTX_free(kctx);
}
#endif

void bench_ed25519(void)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_status_t status = PSA_ERROR_GENERIC_ERROR;
    double sign_ns, verify_ns, keygen_ns;
    size_t len;
    unsigned i;

    bench_section("Ed25519 (32-byte message)");
    for (i = 0; i < sizeof(ed_msg); i++) {
        ed_msg[i] = (uint8_t)(i * 7u + 1u);
        ed_seed[i] = (uint8_t)(i * 13u + 5u);
    }
    if (psa_crypto_init() != PSA_SUCCESS) {
        printf("psa_crypto_init failed\n");
        return;
    }
    psa_set_key_type(&attr, ED_PAIR);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    if (psa_import_key(&attr, ed_seed, sizeof(ed_seed), &ed_key) != PSA_SUCCESS ||
        psa_export_public_key(ed_key, ed_pk, sizeof(ed_pk), &len) != PSA_SUCCESS) {
        printf("Ed25519 key import failed\n");
        return;
    }

    sign_ns = bench_auto_ns(ours_sign, NULL, 0);
    bench_print_took("EdDSA sign", sign_ns);
    verify_ns = bench_auto_ns(ours_verify, &status, 0);
    bench_print_took("EdDSA verify", verify_ns);
    if (status != PSA_SUCCESS) {
        printf("EdDSA verify FAILED (%d)\n", (int)status);
    }
    keygen_ns = bench_auto_ns(ours_keygen, NULL, 0);
    bench_print_took("EdDSA keygen", keygen_ns);

#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
    if (sodium_init() >= 0) {
        int ok = -1;
        crypto_sign_seed_keypair(sodium_pk, sodium_sk, ed_seed);
        (void)bench_compare_peer("EdDSA sign", "libsodium", ours_sign, NULL, sodium_sign, NULL);
        (void)bench_compare_peer("EdDSA verify", "libsodium", ours_verify, &status, sodium_verify,
                                 &ok);
        (void)bench_compare_peer("EdDSA keygen", "libsodium", ours_keygen, NULL, sodium_keygen,
                                 NULL);
        if (ok != 0 || memcmp(sodium_sig, ed_sig, 64) != 0 || memcmp(sodium_pk, ed_pk, 32) != 0) {
            printf("libsodium disagrees with ours!\n");
        }
    }
#endif
#ifdef PICOPSA_BENCH_HAVE_OPENSSL
    ossl_key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, ed_seed, sizeof(ed_seed));
    if (ossl_key != NULL) {
        int ok = 0;
        (void)bench_compare_peer("EdDSA sign", "OpenSSL", ours_sign, NULL, openssl_sign, NULL);
        (void)bench_compare_peer("EdDSA verify", "OpenSSL", ours_verify, &status, openssl_verify,
                                 &ok);
        (void)bench_compare_peer("EdDSA keygen", "OpenSSL", ours_keygen, NULL, openssl_keygen,
                                 NULL);
        if (ok != 1 || memcmp(ossl_sig, ed_sig, 64) != 0) {
            printf("OpenSSL disagrees with ours!\n");
        }
        EVP_PKEY_free(ossl_key);
    }
#endif
    (void)psa_destroy_key(ed_key);
}
