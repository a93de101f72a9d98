/*
 * test_sign_hash_cross.c -- every built hash with every hash-and-sign
 * algorithm (issue 21, section 2): SHA-1, SHA-224/256/384/512, SHA-512/224,
 * SHA-512/256, SHA3-224/256/384/512 x RSA PKCS#1 v1.5, RSA PSS, RSA PSS_ANY_SALT (RSA-2048),
 * ECDSA and DETERMINISTIC_ECDSA (P-256 and P-384: hashes shorter and longer
 * than the curve, FIPS 186-5 6.4.1 truncation), and HashEdDSA where it applies
 * (PSA_ALG_ED25519PH: SHA-512 only). For each pair:
 *  - psa_sign_hash / psa_verify_hash and psa_sign_message /
 *    psa_verify_message, each path verifying the other's signature, one
 *    flipped bit refused (INVALID_SIGNATURE);
 *  - OpenSSL verifies both signatures (RSA: its PKCS#1 / PSS with the
 *    digest-length salt, spec 10.7.2 PSA_ALG_RSA_PSS; ECDSA: r || s -> DER),
 *    and a signature OpenSSL makes verifies through both our paths
 *    (PSS_ANY_SALT: a zero-length salt too);
 *  - DETERMINISTIC_ECDSA gives the same signature twice (RFC 6979; its
 *    byte-exact vectors, SHA-1 included, are in test_p256).
 * OpenSSL 3.0 has no Ed25519ph: that row is checked through PSA alone (the
 * RFC 8032 Ed25519ph vector is in test_ed25519_psa). A hash that is not
 * built answers NOT_SUPPORTED, and so does SHA-3 with DETERMINISTIC_ECDSA
 * (sha3_gap).
 */
#include <psa/crypto.h>
#include <picopsa/config.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <string.h>

#include "test_config.h"
#include "test_util.h"

#define MSG_LEN 77u

static const struct {
    psa_algorithm_t alg;
    const char *name;
} hashes[] = {
    {PSA_ALG_SHA_1, "SHA1"},         {PSA_ALG_SHA_224, "SHA224"},
    {PSA_ALG_SHA_256, "SHA256"},     {PSA_ALG_SHA_384, "SHA384"},
    {PSA_ALG_SHA_512, "SHA512"},     {PSA_ALG_SHA_512_224, "SHA512-224"},
    {PSA_ALG_SHA_512_256, "SHA512-256"},
    {PSA_ALG_SHA3_224, "SHA3-224"},  {PSA_ALG_SHA3_256, "SHA3-256"},
    {PSA_ALG_SHA3_384, "SHA3-384"},  {PSA_ALG_SHA3_512, "SHA3-512"},
};

enum scheme { PKCS1, PSS, PSS_ANY, ECDSA, DET_ECDSA, ECDSA384, DET_ECDSA384, ED25519PH, SCHEMES };
static const char *const scheme_names[SCHEMES] = {"PKCS1V15", "PSS", "PSS_ANY_SALT",
                                                  "ECDSA", "DET_ECDSA", "ECDSA P-384",
                                                  "DET_ECDSA P-384", "ED25519PH"};

static unsigned long pairs_run;

static psa_algorithm_t alg_of(enum scheme s, psa_algorithm_t h)
{
    switch (s) {
    case PKCS1: return PSA_ALG_RSA_PKCS1V15_SIGN(h);
    case PSS: return PSA_ALG_RSA_PSS(h);
    case PSS_ANY: return PSA_ALG_RSA_PSS_ANY_SALT(h);
    case ECDSA:
    case ECDSA384: return PSA_ALG_ECDSA(h);
    case DET_ECDSA:
    case DET_ECDSA384: return PSA_ALG_DETERMINISTIC_ECDSA(h);
    default: return PSA_ALG_ED25519PH;
    }
}

static int scheme_built(enum scheme s)
{
    switch (s) {
    case PKCS1: return PSA_WANT_KEY_TYPE_RSA_KEY_PAIR && PSA_WANT_ALG_RSA_PKCS1V15_SIGN;
    case PSS:
    case PSS_ANY: return PSA_WANT_KEY_TYPE_RSA_KEY_PAIR && PSA_WANT_ALG_RSA_PSS;
    case ECDSA: return PSA_WANT_ECC_SECP_R1_256 && PSA_WANT_ALG_ECDSA;
    case DET_ECDSA: return PSA_WANT_ECC_SECP_R1_256 && PSA_WANT_ALG_DETERMINISTIC_ECDSA;
    case ECDSA384: return PSA_WANT_ECC_SECP_R1_384 && !PICOPSA_P384_VERIFY_ONLY && PSA_WANT_ALG_ECDSA;
    case DET_ECDSA384:
        return PSA_WANT_ECC_SECP_R1_384 && !PICOPSA_P384_VERIFY_ONLY && PSA_WANT_ALG_DETERMINISTIC_ECDSA;
    default: return PSA_WANT_ECC_TWISTED_EDWARDS_255 && PSA_WANT_ALG_ED25519PH;
    }
}

/* Built hash, scheme that cannot take it yet: RFC 6979's HMAC_DRBG
 * (src/random) caches a SHA-1/SHA-2 chaining value only, so
 * DETERMINISTIC_ECDSA answers NOT_SUPPORTED for SHA-3 (issue 26). PKCS#1
 * v1.5 has the SHA-3 DigestInfos (RFC 8702) since issue 26. */
static int sha3_gap(enum scheme s, psa_algorithm_t h)
{
    return h >= PSA_ALG_SHA3_224 && h <= PSA_ALG_SHA3_512 && (s == DET_ECDSA || s == DET_ECDSA384);
}

static psa_key_id_t import_key(psa_key_type_t type, psa_algorithm_t alg, const uint8_t *data,
                               size_t len)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, type);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH |
                                       PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE |
                                       PSA_KEY_USAGE_EXPORT);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_import_key(&attr, data, len, &id), PSA_SUCCESS);
    return id;
}

/* ---- OpenSSL side ---------------------------------------------------------- */

/* An OpenSSL EC key pair: P-256 (32-byte d) or P-384 (48-byte d). */
static EVP_PKEY *ossl_ec(const uint8_t *d, size_t d_len, const uint8_t *pub)
{
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    BIGNUM *bn = BN_bin2bn(d, (int)d_len, NULL);
    OSSL_PARAM *params;
    EVP_PKEY *key = NULL;
    OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME,
                                    d_len == 48u ? "secp384r1" : "prime256v1", 0);
    OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, pub, 2u * d_len + 1u);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, bn);
    params = OSSL_PARAM_BLD_to_param(bld);
    if (ctx == NULL || params == NULL || EVP_PKEY_fromdata_init(ctx) != 1 ||
        EVP_PKEY_fromdata(ctx, &key, EVP_PKEY_KEYPAIR, params) != 1) {
        key = NULL;
    }
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    EVP_PKEY_CTX_free(ctx);
    BN_clear_free(bn);
    return key;
}

/* OpenSSL signs (verify = 0) or verifies the hash with scheme s; salt is
 * the PSS salt length (RSA_PSS_SALTLEN_*). Signatures are in PSA format
 * (ECDSA: r || s, converted to and from DER here). */
static int ossl_sig(EVP_PKEY *key, int verify, enum scheme s, const EVP_MD *md, int salt,
                    const uint8_t *hash, size_t hash_len, uint8_t *sig, size_t *sig_len)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(key, NULL);
    uint8_t der[120];
    size_t der_len = sizeof(der);
    int eb = (EVP_PKEY_get_bits(key) + 7) / 8;   /* ECDSA: the field size in bytes */
    int ok = ctx != NULL && (verify ? EVP_PKEY_verify_init(ctx) : EVP_PKEY_sign_init(ctx)) > 0 &&
             EVP_PKEY_CTX_set_signature_md(ctx, md) > 0;
    if (ok && s <= PSS_ANY) {
        ok = EVP_PKEY_CTX_set_rsa_padding(ctx, s == PKCS1 ? RSA_PKCS1_PADDING
                                                          : RSA_PKCS1_PSS_PADDING) > 0 &&
             (s == PKCS1 || EVP_PKEY_CTX_set_rsa_pss_saltlen(ctx, salt) > 0);
        ok = ok && (verify ? EVP_PKEY_verify(ctx, sig, *sig_len, hash, hash_len) == 1
                           : EVP_PKEY_sign(ctx, sig, sig_len, hash, hash_len) > 0);
    } else if (ok && verify) {
        ECDSA_SIG *es = ECDSA_SIG_new();
        unsigned char *p = NULL;
        int n;
        ECDSA_SIG_set0(es, BN_bin2bn(sig, eb, NULL), BN_bin2bn(sig + eb, eb, NULL));
        n = i2d_ECDSA_SIG(es, &p);
        ok = n > 0 && EVP_PKEY_verify(ctx, p, (size_t)n, hash, hash_len) == 1;
        OPENSSL_free(p);
        ECDSA_SIG_free(es);
    } else if (ok) {
        const unsigned char *p = der;
        ECDSA_SIG *es = NULL;
        ok = EVP_PKEY_sign(ctx, der, &der_len, hash, hash_len) > 0 &&
             (es = d2i_ECDSA_SIG(NULL, &p, (long)der_len)) != NULL &&
             BN_bn2binpad(ECDSA_SIG_get0_r(es), sig, eb) == eb &&
             BN_bn2binpad(ECDSA_SIG_get0_s(es), sig + eb, eb) == eb;
        *sig_len = 2u * (size_t)eb;
        ECDSA_SIG_free(es);
    }
    EVP_PKEY_CTX_free(ctx);
    return ok;
}

/* ---- one (hash, scheme) pair -------------------------------------------------- */

static void run_pair(psa_key_id_t id, EVP_PKEY *ossl, enum scheme s, psa_algorithm_t h,
                     const EVP_MD *md)
{
    psa_algorithm_t alg = alg_of(s, h);
    uint8_t msg[MSG_LEN], hash[PSA_HASH_MAX_SIZE];
    uint8_t sig_h[PSA_SIGNATURE_MAX_SIZE], sig_m[PSA_SIGNATURE_MAX_SIZE];
    uint8_t sig_o[PSA_SIGNATURE_MAX_SIZE];
    size_t hash_len = 0, len_h = 0, len_m = 0, len_o = sizeof(sig_o);

    test_rng_bytes(msg, sizeof(msg));
    CHECK_STATUS(psa_hash_compute(h, msg, sizeof(msg), hash, sizeof(hash), &hash_len),
                 PSA_SUCCESS);

    CHECK_STATUS(psa_sign_hash(id, alg, hash, hash_len, sig_h, sizeof(sig_h), &len_h),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_verify_hash(id, alg, hash, hash_len, sig_h, len_h), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_message(id, alg, msg, sizeof(msg), sig_h, len_h), PSA_SUCCESS);
    CHECK_STATUS(psa_sign_message(id, alg, msg, sizeof(msg), sig_m, sizeof(sig_m), &len_m),
                 PSA_SUCCESS);
    CHECK(len_m == len_h);
    CHECK_STATUS(psa_verify_message(id, alg, msg, sizeof(msg), sig_m, len_m), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_hash(id, alg, hash, hash_len, sig_m, len_m), PSA_SUCCESS);
    if (s == DET_ECDSA || s == DET_ECDSA384 || s == PKCS1 || s == ED25519PH) {
        /* Deterministic schemes: both paths give the same bytes. */
        CHECK(len_h == len_m && memcmp(sig_h, sig_m, len_h) == 0);
    }
    if (len_h == 0 || len_m == 0) {
        return;
    }
    sig_h[len_h / 2] ^= 0x10;
    CHECK_STATUS(psa_verify_hash(id, alg, hash, hash_len, sig_h, len_h),
                 PSA_ERROR_INVALID_SIGNATURE);
    sig_h[len_h / 2] ^= 0x10;
    msg[0] ^= 1;
    CHECK_STATUS(psa_verify_message(id, alg, msg, sizeof(msg), sig_m, len_m),
                 PSA_ERROR_INVALID_SIGNATURE);
    msg[0] ^= 1;

    if (ossl == NULL) {
        return;
    }
    CHECK(ossl_sig(ossl, 1, s, md, RSA_PSS_SALTLEN_DIGEST, hash, hash_len, sig_h, &len_h));
    CHECK(ossl_sig(ossl, 1, s, md, RSA_PSS_SALTLEN_DIGEST, hash, hash_len, sig_m, &len_m));
    CHECK(ossl_sig(ossl, 0, s, md, RSA_PSS_SALTLEN_DIGEST, hash, hash_len, sig_o, &len_o));
    CHECK_STATUS(psa_verify_hash(id, alg, hash, hash_len, sig_o, len_o), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_message(id, alg, msg, sizeof(msg), sig_o, len_o), PSA_SUCCESS);
    if (s == PSS_ANY || s == PSS) {
        /* Spec 10.7.2: PSS_ANY_SALT verifies any salt length, PSS only
         * the hash length. */
        len_o = sizeof(sig_o);
        CHECK(ossl_sig(ossl, 0, s, md, 0, hash, hash_len, sig_o, &len_o));
        CHECK_STATUS(psa_verify_hash(id, alg, hash, hash_len, sig_o, len_o),
                     s == PSS_ANY ? PSA_SUCCESS : PSA_ERROR_INVALID_SIGNATURE);
        CHECK_STATUS(psa_verify_message(id, alg, msg, sizeof(msg), sig_o, len_o),
                     s == PSS_ANY ? PSA_SUCCESS : PSA_ERROR_INVALID_SIGNATURE);
    }
}

int main(void)
{
    static const uint8_t p256_d[32] = {0xc9, 0xaf, 0xa9, 0xd8, 0x45, 0xba, 0x75, 0x16,
                                       0x6b, 0x5c, 0x21, 0x57, 0x67, 0xb1, 0xd6, 0x93,
                                       0x4e, 0x50, 0xc3, 0xdb, 0x36, 0xe8, 0x9b, 0x12,
                                       0x7b, 0x8a, 0x62, 0x2b, 0x12, 0x0f, 0x67, 0x21};
    /* RFC 6979 A.2.6's P-384 key. */
    static const uint8_t p384_d[48] = {
        0x6b, 0x9d, 0x3d, 0xad, 0x2e, 0x1b, 0x8c, 0x1c, 0x05, 0xb1, 0x98, 0x75, 0xb6, 0x65, 0x9f, 0x4d,
        0xe2, 0x3c, 0x3b, 0x66, 0x7b, 0xf2, 0x97, 0xba, 0x9a, 0xa4, 0x77, 0x40, 0x78, 0x71, 0x37, 0xd8,
        0x96, 0xd5, 0x72, 0x4e, 0x4c, 0x70, 0xa8, 0x25, 0xf8, 0x72, 0xc9, 0xea, 0x60, 0xd2, 0xed, 0xf5};
    EVP_PKEY *rsa = NULL, *p256 = NULL, *p384 = NULL;
    uint8_t rsa_der[2048], p256_pub[65], p384_pub[97];
    size_t rsa_der_len = 0, h, pub_len = 0;
    int s;

    test_rng_seed(0x51c0);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    if (scheme_built(PKCS1) || scheme_built(PSS)) {
        unsigned char *p = rsa_der;
        int n;
        rsa = EVP_RSA_gen(2048);
        n = rsa != NULL ? i2d_PrivateKey(rsa, NULL) : -1;
        CHECK(n > 0 && (size_t)n <= sizeof(rsa_der));
        if (n > 0 && (size_t)n <= sizeof(rsa_der)) {
            rsa_der_len = (size_t)i2d_PrivateKey(rsa, &p);
        }
    }
    if (scheme_built(ECDSA) || scheme_built(DET_ECDSA)) {
        psa_key_id_t id = import_key(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1),
                                     PSA_ALG_ECDSA_ANY, p256_d, sizeof(p256_d));
        CHECK_STATUS(psa_export_public_key(id, p256_pub, sizeof(p256_pub), &pub_len),
                     PSA_SUCCESS);
        psa_destroy_key(id);
        p256 = ossl_ec(p256_d, sizeof(p256_d), p256_pub);
        CHECK(p256 != NULL);
    }
    if (scheme_built(ECDSA384) || scheme_built(DET_ECDSA384)) {
        psa_key_id_t id = import_key(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1),
                                     PSA_ALG_ECDSA_ANY, p384_d, sizeof(p384_d));
        CHECK_STATUS(psa_export_public_key(id, p384_pub, sizeof(p384_pub), &pub_len),
                     PSA_SUCCESS);
        psa_destroy_key(id);
        p384 = ossl_ec(p384_d, sizeof(p384_d), p384_pub);
        CHECK(p384 != NULL);
    }

    for (s = 0; s < SCHEMES; s++) {
        if (!scheme_built((enum scheme)s)) {
            printf("%s not built: skipped\n", scheme_names[s]);
            continue;
        }
        for (h = 0; h < sizeof(hashes) / sizeof(hashes[0]); h++) {
            psa_algorithm_t hash = hashes[h].alg;
            psa_algorithm_t alg = alg_of((enum scheme)s, hash);
            unsigned long failed_before = test_failed;
            uint8_t ed_seed[32];
            psa_key_id_t id;
            EVP_PKEY *ossl;
            if (s == ED25519PH && hash != PSA_ALG_SHA_512) {
                continue;   /* HashEdDSA with Ed25519 is SHA-512 only (RFC 8032 5.1) */
            }
            if (s <= PSS_ANY) {
                id = import_key(PSA_KEY_TYPE_RSA_KEY_PAIR, alg, rsa_der, rsa_der_len);
                ossl = rsa;
            } else if (s <= DET_ECDSA) {
                id = import_key(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1), alg, p256_d,
                                sizeof(p256_d));
                ossl = p256;
            } else if (s <= DET_ECDSA384) {
                id = import_key(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1), alg, p384_d,
                                sizeof(p384_d));
                ossl = p384;
            } else {
                test_rng_bytes(ed_seed, sizeof(ed_seed));
                id = import_key(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS), alg,
                                ed_seed, sizeof(ed_seed));
                ossl = NULL;   /* OpenSSL 3.0 has no Ed25519ph */
            }
            if (!test_hash_built(hash) || sha3_gap((enum scheme)s, hash)) {
                uint8_t zero[PSA_HASH_MAX_SIZE] = {0}, sig[PSA_SIGNATURE_MAX_SIZE];
                size_t len = 0;
                CHECK_STATUS(psa_sign_message(id, alg, zero, 10, sig, sizeof(sig), &len),
                             PSA_ERROR_NOT_SUPPORTED);
            } else {
                run_pair(id, ossl, (enum scheme)s, hash, EVP_get_digestbyname(hashes[h].name));
                pairs_run++;
            }
            CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
            if (test_failed != failed_before) {
                fprintf(stderr, "  ... in %s with %s\n", scheme_names[s], hashes[h].name);
            }
        }
    }
    printf("%lu (hash, scheme) pairs run\n", pairs_run);
    EVP_PKEY_free(rsa);
    EVP_PKEY_free(p256);
    EVP_PKEY_free(p384);
    return test_report("sign_hash_cross");
}
