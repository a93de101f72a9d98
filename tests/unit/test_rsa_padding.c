/*
 * test_rsa_padding.c -- the RSA encoding methods (rsa_padding.h) on byte
 * strings, cross-checked with OpenSSL, which does the raw RSA operation
 * (RSA_NO_PADDING) so these tests do not depend on our bignum core:
 *  - MGF1 against OpenSSL's PKCS1_MGF1;
 *  - EMSA-PKCS1-v1_5: our EM equals what OpenSSL's signature opens to;
 *  - EMSA-PSS: OpenSSL signatures verify with ours (and tampered ones do
 *    not); our encodings, raw-signed, verify with OpenSSL;
 *  - EME-OAEP and EME-PKCS1-v1_5: OpenSSL ciphertexts decode with ours and
 *    ours decrypt with OpenSSL; every padding defect fails the same way;
 *  - the constant-time message extraction at every offset.
 */
#include "test_config.h"
#include "test_util.h"
#if !(TEST_HAVE_RSA)
/* The whole subject of this test is configured out. */
int main(void)
{
    return test_skip("rsa_padding", "RSA configured out (PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY 0)");
}
#else

#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/rsa.h>

#include "test_ossl_rsa.h"
#include "test_util.h"
#include "common/pp_ct_extract.h"
#include "rsa/rsa_padding.h"
#include "hash/pp_hash.h"
#include "random/pp_random.h"

#define MAX_K 520u

static const EVP_MD *md_of(psa_algorithm_t h)
{
    switch (h) {
    case PSA_ALG_SHA_224: return EVP_sha224();
    case PSA_ALG_SHA_256: return EVP_sha256();
    case PSA_ALG_SHA_384: return EVP_sha384();
    case PSA_ALG_SHA_1: return EVP_sha1();
    case PSA_ALG_SHA_512_224: return EVP_sha512_224();
    case PSA_ALG_SHA_512_256: return EVP_sha512_256();
    default: return EVP_sha512();
    }
}

#define N_HASHES 7
static const psa_algorithm_t hashes[N_HASHES] = { PSA_ALG_SHA_224, PSA_ALG_SHA_256,
                                                  PSA_ALG_SHA_384, PSA_ALG_SHA_512,
                                                  PSA_ALG_SHA_1, PSA_ALG_SHA_512_224,
                                                  PSA_ALG_SHA_512_256 };

/* OpenSSL signature with the given padding (PSS: salt length = hash). */
static int ossl_sign(EVP_PKEY *pkey, int pad, psa_algorithm_t h, int salt_len,
                     const uint8_t *hash, size_t hash_len, uint8_t *sig, size_t k)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pkey, NULL);
    size_t sig_len = k;
    int ok = ctx != NULL && EVP_PKEY_sign_init(ctx) > 0 &&
             EVP_PKEY_CTX_set_rsa_padding(ctx, pad) > 0 &&
             EVP_PKEY_CTX_set_signature_md(ctx, md_of(h)) > 0 &&
             (pad != RSA_PKCS1_PSS_PADDING || EVP_PKEY_CTX_set_rsa_pss_saltlen(ctx, salt_len) > 0) &&
             EVP_PKEY_sign(ctx, sig, &sig_len, hash, hash_len) > 0 && sig_len == k;
    EVP_PKEY_CTX_free(ctx);
    return ok;
}

static int ossl_verify_pss(EVP_PKEY *pkey, psa_algorithm_t h, int salt_len,
                           const uint8_t *hash, size_t hash_len, const uint8_t *sig, size_t k)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pkey, NULL);
    int ok = ctx != NULL && EVP_PKEY_verify_init(ctx) > 0 &&
             EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PSS_PADDING) > 0 &&
             EVP_PKEY_CTX_set_signature_md(ctx, md_of(h)) > 0 &&
             EVP_PKEY_CTX_set_rsa_pss_saltlen(ctx, salt_len) > 0 &&
             EVP_PKEY_verify(ctx, sig, k, hash, hash_len) == 1;
    EVP_PKEY_CTX_free(ctx);
    return ok;
}

/* OpenSSL encryption/decryption with PKCS#1 v1.5 (h == 0) or OAEP(h). */
static int ossl_crypt(EVP_PKEY *pkey, int decrypt, psa_algorithm_t h,
                      const uint8_t *label, size_t label_len,
                      const uint8_t *in, size_t in_len, uint8_t *out, size_t *out_len)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pkey, NULL);
    int ok = ctx != NULL && (decrypt ? EVP_PKEY_decrypt_init(ctx) : EVP_PKEY_encrypt_init(ctx)) > 0;
    if (ok && h == 0) {
        ok = EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PADDING) > 0;
    } else if (ok) {
        unsigned char *l = label_len ? OPENSSL_memdup(label, label_len) : NULL;
        ok = EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_OAEP_PADDING) > 0 &&
             EVP_PKEY_CTX_set_rsa_oaep_md(ctx, md_of(h)) > 0 &&
             EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, md_of(h)) > 0 &&
             (label_len == 0 || EVP_PKEY_CTX_set0_rsa_oaep_label(ctx, l, (int)label_len) > 0);
    }
    ok = ok && (decrypt ? EVP_PKEY_decrypt(ctx, out, out_len, in, in_len)
                        : EVP_PKEY_encrypt(ctx, out, out_len, in, in_len)) > 0;
    EVP_PKEY_CTX_free(ctx);
    return ok;
}

static void test_mgf1(void)
{
    uint8_t seed[80], ours[300], theirs[300];
    size_t i, len;

    for (i = 0; i < N_HASHES; i++) {
        if (!test_hash_built(hashes[i])) {
            /* Configured out: MGF1 over it is not supported. */
            CHECK_STATUS(pp_rsa_mgf1_xor(hashes[i], seed, 4, ours, 4), PSA_ERROR_NOT_SUPPORTED);
            continue;
        }
        for (len = 1; len <= sizeof(ours); len += 37) {
            test_rng_bytes(seed, sizeof(seed));
            memset(ours, 0, len);
            CHECK_STATUS(pp_rsa_mgf1_xor(hashes[i], seed, sizeof(seed), ours, len), PSA_SUCCESS);
            CHECK(PKCS1_MGF1(theirs, (long)len, seed, (long)sizeof(seed), md_of(hashes[i])) == 0);
            CHECK_MEM(ours, theirs, len);
            /* It XORs: applying it again restores the zeros. */
            CHECK_STATUS(pp_rsa_mgf1_xor(hashes[i], seed, sizeof(seed), ours, len), PSA_SUCCESS);
            memset(theirs, 0, len);
            CHECK_MEM(ours, theirs, len);
        }
    }
    CHECK_STATUS(pp_rsa_mgf1_xor(PSA_ALG_SM3, seed, 4, ours, 4), PSA_ERROR_NOT_SUPPORTED);
}

static void test_pkcs1v15_sign(EVP_PKEY *pkey, size_t k)
{
    uint8_t hash[64], em[MAX_K], sig[MAX_K], opened[MAX_K];
    size_t i;

    for (i = 0; i < N_HASHES; i++) {
        size_t hl = pp_hash_size(hashes[i]), other = (i + 1) % N_HASHES;
        if (!test_hash_built(hashes[i])) {
            /* Configured out: no DigestInfo for it. */
            CHECK_STATUS(pp_rsa_pkcs1v15_sign_encode(hashes[i], hash, PSA_HASH_LENGTH(hashes[i]), em, k),
                         PSA_ERROR_NOT_SUPPORTED);
            continue;
        }
        while (!test_hash_built(hashes[other])) {
            other = (other + 1) % N_HASHES;   /* the next hash that is built */
        }
        test_rng_bytes(hash, hl);
        CHECK_STATUS(pp_rsa_pkcs1v15_sign_encode(hashes[i], hash, hl, em, k), PSA_SUCCESS);
        CHECK(ossl_sign(pkey, RSA_PKCS1_PADDING, hashes[i], 0, hash, hl, sig, k));
        CHECK(test_ossl_rsa_raw(pkey, 0, sig, k, opened));
        CHECK_MEM(em, opened, k);
        /* The checker accepts exactly this EM: any changed byte (00 01,
         * padding, separator, DigestInfo, hash) is rejected. */
        CHECK_STATUS(pp_rsa_pkcs1v15_sign_check(hashes[i], hash, hl, opened, k), PSA_SUCCESS);
        {
            size_t pos[6];
            size_t j;
            pos[0] = 0; pos[1] = 1; pos[2] = 2; pos[3] = k - hl - 20; pos[4] = k - hl - 3; pos[5] = k - 1;
            for (j = 0; j < 6; j++) {
                opened[pos[j]] ^= 0x01;
                CHECK_STATUS(pp_rsa_pkcs1v15_sign_check(hashes[i], hash, hl, opened, k),
                             PSA_ERROR_INVALID_SIGNATURE);
                opened[pos[j]] ^= 0x01;
            }
        }
        if (other != i) {
            CHECK_STATUS(pp_rsa_pkcs1v15_sign_check(hashes[other], hash, pp_hash_size(hashes[other]),
                                                    opened, k), PSA_ERROR_INVALID_SIGNATURE);
        }
        /* Wrong hash length. */
        CHECK_STATUS(pp_rsa_pkcs1v15_sign_encode(hashes[i], hash, hl - 1, em, k),
                     PSA_ERROR_INVALID_ARGUMENT);
    }
    /* RAW: T is the input as given; 00 01 FF*8 00 needs 11 bytes. */
    test_rng_bytes(hash, 36);
    CHECK_STATUS(pp_rsa_pkcs1v15_sign_encode(0, hash, 36, em, k), PSA_SUCCESS);
    CHECK(em[0] == 0 && em[1] == 1 && em[k - 37] == 0 && em[k - 38] == 0xff);
    CHECK_MEM(em + k - 36, hash, 36);
    CHECK_STATUS(pp_rsa_pkcs1v15_sign_encode(0, opened, k - 11, em, k), PSA_SUCCESS);
    CHECK_STATUS(pp_rsa_pkcs1v15_sign_encode(0, opened, k - 10, em, k), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_rsa_pkcs1v15_sign_encode(PSA_ALG_SM3, hash, 32, em, k), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(pp_rsa_pkcs1v15_sign_encode(PSA_ALG_HMAC(PSA_ALG_SHA_256), hash, 32, em, k),
                 PSA_ERROR_INVALID_ARGUMENT);
}

/* pp_rsa_pss_verify unmasks the EM in place: verify a copy, and check
 * that it really only touched the copy's DB part. */
static psa_status_t pss_verify_copy(psa_algorithm_t h, const uint8_t *mhash, size_t hash_len,
                                    const uint8_t *em, size_t mod_bits, size_t salt_len)
{
    uint8_t copy[MAX_K];
    size_t k = (mod_bits + 7) / 8;
    psa_status_t st;
    memcpy(copy, em, k);
    st = pp_rsa_pss_verify(h, mhash, hash_len, copy, mod_bits, salt_len);
    CHECK(copy[k - 1] == em[k - 1]);
    return st;
}

static void test_pss(EVP_PKEY *pkey, size_t mod_bits)
{
    size_t k = (mod_bits + 7) / 8;
    uint8_t hash[64], salt[64], em[MAX_K], sig[MAX_K], opened[MAX_K];
    size_t i, s;

    for (i = 0; i < N_HASHES; i++) {
        size_t hl = pp_hash_size(hashes[i]);
        /* Hash length, except SHA-512 with a 1024-bit key (62). */
        size_t salt_len = pp_rsa_pss_sign_salt_length(hl, mod_bits);
        if (!test_hash_built(hashes[i])) {
            /* Configured out: PSS over it is not supported. */
            memset(hash, 0, sizeof(hash));
            CHECK_STATUS(pp_rsa_pss_encode(hashes[i], hash, PSA_HASH_LENGTH(hashes[i]), salt, 20,
                                           mod_bits, em), PSA_ERROR_NOT_SUPPORTED);
            continue;
        }
        CHECK(salt_len == (hl + hl + 2 <= (mod_bits + 6) / 8 ? hl : (mod_bits + 6) / 8 - hl - 2));
        test_rng_bytes(hash, hl);

        /* OpenSSL signs, we verify the opened EM (strict and any salt). */
        CHECK(ossl_sign(pkey, RSA_PKCS1_PSS_PADDING, hashes[i], (int)salt_len, hash, hl, sig, k));
        CHECK(test_ossl_rsa_raw(pkey, 0, sig, k, opened));
        CHECK_STATUS(pss_verify_copy(hashes[i], hash, hl, opened, mod_bits, salt_len), PSA_SUCCESS);
        CHECK_STATUS(pss_verify_copy(hashes[i], hash, hl, opened, mod_bits, PP_RSA_PSS_ANY_SALT),
                     PSA_SUCCESS);
        CHECK_STATUS(pss_verify_copy(hashes[i], hash, hl, opened, mod_bits, salt_len - 1),
                     PSA_ERROR_INVALID_SIGNATURE);
        hash[0] ^= 1;
        CHECK_STATUS(pss_verify_copy(hashes[i], hash, hl, opened, mod_bits, PP_RSA_PSS_ANY_SALT),
                     PSA_ERROR_INVALID_SIGNATURE);
        hash[0] ^= 1;
        /* Every single-byte change of the EM is caught. */
        for (s = 0; s < k; s += 7) {
            opened[s] ^= 0x40;
            CHECK_STATUS(pss_verify_copy(hashes[i], hash, hl, opened, mod_bits, PP_RSA_PSS_ANY_SALT),
                         PSA_ERROR_INVALID_SIGNATURE);
            opened[s] ^= 0x40;
        }

        /* Salt length 0 and 1 from OpenSSL: only ANY_SALT accepts. */
        for (s = 0; s < 2; s++) {
            CHECK(ossl_sign(pkey, RSA_PKCS1_PSS_PADDING, hashes[i], (int)s, hash, hl, sig, k));
            CHECK(test_ossl_rsa_raw(pkey, 0, sig, k, opened));
            CHECK_STATUS(pss_verify_copy(hashes[i], hash, hl, opened, mod_bits, PP_RSA_PSS_ANY_SALT),
                         PSA_SUCCESS);
            CHECK_STATUS(pss_verify_copy(hashes[i], hash, hl, opened, mod_bits, s), PSA_SUCCESS);
            CHECK_STATUS(pss_verify_copy(hashes[i], hash, hl, opened, mod_bits, salt_len),
                         PSA_ERROR_INVALID_SIGNATURE);
        }

        /* We encode, OpenSSL raw-signs, OpenSSL verifies. */
        test_rng_bytes(salt, salt_len);
        CHECK_STATUS(pp_rsa_pss_encode(hashes[i], hash, hl, salt, salt_len, mod_bits, em), PSA_SUCCESS);
        CHECK(test_ossl_rsa_raw(pkey, 1, em, k, sig));
        CHECK(ossl_verify_pss(pkey, hashes[i], (int)salt_len, hash, hl, sig, k));
        /* Longest salt that fits, and one byte more. */
        {
            size_t max_salt = (mod_bits - 1 + 7) / 8 - hl - 2;
            uint8_t big_salt[MAX_K];
            test_rng_bytes(big_salt, max_salt);
            CHECK_STATUS(pp_rsa_pss_encode(hashes[i], hash, hl, big_salt, max_salt, mod_bits, em),
                         PSA_SUCCESS);
            CHECK(test_ossl_rsa_raw(pkey, 1, em, k, sig));
            CHECK(ossl_verify_pss(pkey, hashes[i], (int)max_salt, hash, hl, sig, k));
            CHECK_STATUS(pss_verify_copy(hashes[i], hash, hl, em, mod_bits, max_salt), PSA_SUCCESS);
            CHECK_STATUS(pp_rsa_pss_encode(hashes[i], hash, hl, big_salt, max_salt + 1, mod_bits, em),
                         PSA_ERROR_INVALID_ARGUMENT);
        }
    }
}

/* Salt length of PSA_ALG_RSA_PSS for small keys (PSA 1.2: hash length,
 * or the largest that fits). */
static void test_pss_salt_rule(void)
{
    CHECK(pp_rsa_pss_sign_salt_length(64, 1024) == 62);  /* emLen 128: 128-64-2 */
    CHECK(pp_rsa_pss_sign_salt_length(64, 1025) == 62);  /* emBits 1024: emLen 128 */
    CHECK(pp_rsa_pss_sign_salt_length(64, 1048) == 64);
    CHECK(pp_rsa_pss_sign_salt_length(32, 1024) == 32);
    CHECK(pp_rsa_pss_sign_salt_length(64, 1023) == 62);
    CHECK(pp_rsa_pss_sign_salt_length(64, 1016) == 61);
    CHECK(pp_rsa_pss_sign_salt_length(64, 512) == 0);
}

static void test_crypt(EVP_PKEY *pkey, size_t k)
{
    uint8_t msg[MAX_K], label[40], em[MAX_K], ct[MAX_K], out[MAX_K], zeros[MAX_K];
    size_t i, msg_len, out_len, hi;

    memset(zeros, 0, sizeof(zeros));
    for (hi = 0; hi <= 4; hi++) {
        psa_algorithm_t h = (hi == 4) ? 0 : hashes[hi]; /* 0: PKCS#1 v1.5 */
        size_t max_msg = h ? pp_rsa_oaep_max_message(h, k) : k - 11;
        size_t label_len = h ? 13 : 0;
        size_t lens[5];
        if (h && !test_hash_built(h)) {
            /* Configured out: OAEP over it is not supported. */
            CHECK_STATUS(pp_rsa_oaep_encode(h, label, label_len, msg, 0, em, k), PSA_ERROR_NOT_SUPPORTED);
            continue;
        }
        if (h && max_msg == 0) {
            /* k < 2 hLen + 2: OAEP cannot be used with this key. */
            CHECK_STATUS(pp_rsa_oaep_encode(h, label, label_len, msg, 0, em, k),
                         PSA_ERROR_INVALID_ARGUMENT);
            CHECK_STATUS(pp_rsa_oaep_decode(h, label, label_len, em, k, out, k, &out_len),
                         PSA_ERROR_INVALID_ARGUMENT);
            continue;
        }
        lens[0] = 0; lens[1] = 1; lens[2] = max_msg / 2; lens[3] = max_msg - 1; lens[4] = max_msg;
        test_rng_bytes(label, sizeof(label));

        for (i = 0; i < 5; i++) {
            msg_len = lens[i];
            test_rng_bytes(msg, msg_len);
            /* OpenSSL encrypts, we open the raw result and decode. */
            out_len = k;
            CHECK(ossl_crypt(pkey, 0, h, label, label_len, msg, msg_len, ct, &out_len));
            CHECK(test_ossl_rsa_raw(pkey, 1, ct, k, em));
            memset(out, 0xaa, sizeof(out));
            if (h) {
                CHECK_STATUS(pp_rsa_oaep_decode(h, label, label_len, em, k, out, max_msg, &out_len),
                             PSA_SUCCESS);
            } else {
                CHECK_STATUS(pp_rsa_pkcs1v15_decrypt_decode(em, k, out, max_msg, &out_len), PSA_SUCCESS);
            }
            CHECK(out_len == msg_len);
            CHECK_MEM(out, msg, msg_len);
            /* The rest of the maximum-size output is zero, beyond untouched. */
            CHECK_MEM(out + msg_len, zeros, max_msg - msg_len);
            CHECK(out[max_msg] == 0xaa);

            /* We encode, OpenSSL raw-encrypts and decrypts with padding. */
            if (h) {
                CHECK_STATUS(pp_rsa_oaep_encode(h, label, label_len, msg, msg_len, em, k), PSA_SUCCESS);
            } else {
                CHECK_STATUS(pp_rsa_pkcs1v15_encrypt_encode(msg, msg_len, em, k), PSA_SUCCESS);
            }
            CHECK(test_ossl_rsa_raw(pkey, 0, em, k, ct));
            out_len = k;
            CHECK(ossl_crypt(pkey, 1, h, label, label_len, ct, k, out, &out_len));
            CHECK(out_len == msg_len);
            CHECK_MEM(out, msg, msg_len);
        }
        /* Too long to encode. */
        if (h) {
            CHECK_STATUS(pp_rsa_oaep_encode(h, label, label_len, msg, max_msg + 1, em, k),
                         PSA_ERROR_INVALID_ARGUMENT);
            CHECK_STATUS(pp_rsa_oaep_decode(h, label, label_len, em, k, out, max_msg - 1, &out_len),
                         PSA_ERROR_BUFFER_TOO_SMALL);
        } else {
            CHECK_STATUS(pp_rsa_pkcs1v15_encrypt_encode(msg, max_msg + 1, em, k),
                         PSA_ERROR_INVALID_ARGUMENT);
            CHECK_STATUS(pp_rsa_pkcs1v15_decrypt_decode(em, k, out, max_msg - 1, &out_len),
                         PSA_ERROR_BUFFER_TOO_SMALL);
        }
    }
}

/* Build a valid EM, apply one defect, expect INVALID_PADDING with out
 * zeroed and *out_len 0. */
static void check_bad_v15(const uint8_t *em_in, size_t k)
{
    uint8_t em[MAX_K], out[MAX_K], zeros[MAX_K];
    size_t out_len = 99;

    memset(zeros, 0, sizeof(zeros));
    memcpy(em, em_in, k);
    memset(out, 0xaa, sizeof(out));
    CHECK_STATUS(pp_rsa_pkcs1v15_decrypt_decode(em, k, out, k, &out_len), PSA_ERROR_INVALID_PADDING);
    CHECK(out_len == 0);
    CHECK_MEM(out, zeros, k - 11);
}

static void check_bad_oaep(psa_algorithm_t h, const uint8_t *label, size_t label_len,
                           const uint8_t *em_in, size_t k)
{
    uint8_t em[MAX_K], out[MAX_K], zeros[MAX_K];
    size_t out_len = 99;

    memset(zeros, 0, sizeof(zeros));
    memcpy(em, em_in, k);
    memset(out, 0xaa, sizeof(out));
    CHECK_STATUS(pp_rsa_oaep_decode(h, label, label_len, em, k, out, k, &out_len),
                 PSA_ERROR_INVALID_PADDING);
    CHECK(out_len == 0);
    CHECK_MEM(out, zeros, pp_rsa_oaep_max_message(h, k));
}

/* Re-mask a DB / seed pair into an OAEP EM (the encoder's steps, so that
 * defects can be planted in the plaintext structure). */
static void oaep_mask(psa_algorithm_t h, uint8_t *em, size_t k)
{
    size_t hl = pp_hash_size(h);
    pp_rsa_mgf1_xor(h, em + 1, hl, em + 1 + hl, k - hl - 1);
    pp_rsa_mgf1_xor(h, em + 1 + hl, k - hl - 1, em + 1, hl);
}

static void test_bad_padding(size_t k)
{
    uint8_t em[MAX_K], bad[MAX_K], msg[64], label[8];
    psa_algorithm_t h = PSA_ALG_SHA_256;
    size_t hl = 32, db_len = k - hl - 1, i;

    /* PKCS#1 v1.5: 00 02 PS(nonzero) 00 M. */
    test_rng_bytes(msg, sizeof(msg));
    CHECK_STATUS(pp_rsa_pkcs1v15_encrypt_encode(msg, 16, em, k), PSA_SUCCESS);
    memcpy(bad, em, k); bad[0] = 1; check_bad_v15(bad, k);
    memcpy(bad, em, k); bad[1] = 1; check_bad_v15(bad, k);
    memcpy(bad, em, k); bad[1] = 0; check_bad_v15(bad, k);
    /* No zero separator at all. */
    memcpy(bad, em, k); bad[k - 17] = 0x55; memset(bad + k - 16, 0x77, 16); check_bad_v15(bad, k);
    /* PS shorter than 8 bytes: a zero at each of positions 2..9. */
    for (i = 2; i < 10; i++) {
        memcpy(bad, em, k); bad[i] = 0; check_bad_v15(bad, k);
    }
    /* PS of exactly 8 bytes is fine, with the longest message. */
    memcpy(bad, em, k); bad[10] = 0;
    {
        uint8_t out[MAX_K];
        size_t out_len;
        CHECK_STATUS(pp_rsa_pkcs1v15_decrypt_decode(bad, k, out, k, &out_len), PSA_SUCCESS);
        CHECK(out_len == k - 11);
        /* Zero separator as the last byte: empty message. */
        memcpy(bad, em, k); memset(bad + 2, 0x11, k - 3); bad[k - 1] = 0;
        CHECK_STATUS(pp_rsa_pkcs1v15_decrypt_decode(bad, k, out, k, &out_len), PSA_SUCCESS);
        CHECK(out_len == 0);
    }

    /* OAEP: build the unmasked EM by hand, plant each defect, re-mask. */
    test_rng_bytes(label, sizeof(label));
    memset(em, 0, k);
    test_rng_bytes(em + 1, hl);                            /* seed */
    pp_hash_compute(h, label, sizeof(label), em + 1 + hl);  /* lHash */
    em[1 + hl + db_len - 17] = 0x01;
    memcpy(em + 1 + hl + db_len - 16, msg, 16);
    memcpy(bad, em, k); oaep_mask(h, bad, k);
    {
        uint8_t out[MAX_K];
        size_t out_len;
        uint8_t tmp[MAX_K];
        memcpy(tmp, bad, k);
        CHECK_STATUS(pp_rsa_oaep_decode(h, label, sizeof(label), tmp, k, out, k, &out_len), PSA_SUCCESS);
        CHECK(out_len == 16);
        CHECK_MEM(out, msg, 16);
    }
    memcpy(bad, em, k); bad[0] = 1; oaep_mask(h, bad, k); check_bad_oaep(h, label, sizeof(label), bad, k);
    memcpy(bad, em, k); bad[1 + hl + 5] ^= 1; oaep_mask(h, bad, k); check_bad_oaep(h, label, sizeof(label), bad, k);
    memcpy(bad, em, k); bad[1 + hl + db_len - 17] = 0x02; oaep_mask(h, bad, k); check_bad_oaep(h, label, sizeof(label), bad, k);
    memcpy(bad, em, k); bad[1 + hl + db_len - 17] = 0x00; oaep_mask(h, bad, k); check_bad_oaep(h, label, sizeof(label), bad, k);
    memcpy(bad, em, k); bad[1 + hl + hl + 3] = 0x01; bad[1 + hl + hl + 2] = 0x03; oaep_mask(h, bad, k); check_bad_oaep(h, label, sizeof(label), bad, k);
    /* No 0x01 separator at all: DB is lHash followed by zeros. */
    memcpy(bad, em, k); memset(bad + 1 + hl + hl, 0, db_len - hl); oaep_mask(h, bad, k); check_bad_oaep(h, label, sizeof(label), bad, k);
    /* Wrong label. */
    memcpy(bad, em, k); oaep_mask(h, bad, k); check_bad_oaep(h, label, sizeof(label) - 1, bad, k);
    /* Separator right after lHash: longest message, valid. */
    memcpy(bad, em, k); bad[1 + hl + hl] = 0x01; oaep_mask(h, bad, k);
    {
        uint8_t out[MAX_K];
        size_t out_len;
        CHECK_STATUS(pp_rsa_oaep_decode(h, label, sizeof(label), bad, k, out, k, &out_len), PSA_SUCCESS);
        CHECK(out_len == k - 2 * hl - 2);
    }
    /* Key too small for the hash. */
#if PSA_WANT_ALG_SHA_512
    CHECK(pp_rsa_oaep_max_message(PSA_ALG_SHA_512, 129) == 0);
    CHECK_STATUS(pp_rsa_oaep_encode(PSA_ALG_SHA_512, NULL, 0, msg, 0, em, 129), PSA_ERROR_INVALID_ARGUMENT);
#else
    CHECK(pp_rsa_oaep_max_message(PSA_ALG_SHA_256, 65) == 0);
    CHECK_STATUS(pp_rsa_oaep_encode(PSA_ALG_SHA_256, NULL, 0, msg, 0, em, 65), PSA_ERROR_INVALID_ARGUMENT);
#endif
}

static void test_extract(void)
{
    uint8_t buf[70], ref[70];
    size_t max_len, start, i;

    for (max_len = 0; max_len <= sizeof(buf); max_len += 7) {
        for (start = 0; start <= max_len; start++) {
            test_rng_bytes(buf, max_len);
            memset(ref, 0, sizeof(ref));
            memcpy(ref, buf + start, max_len - start);
            pp_ct_extract_message(buf, max_len, start);
            for (i = 0; i < max_len && buf[i] == ref[i]; i++) {
            }
            CHECK(i == max_len);
        }
    }
}

int main(void)
{
    /* 1025 bits: emLen = k - 1 for PSS (modBits - 1 a multiple of 8);
     * 2047: a top byte with one free bit. (OpenSSL may round odd sizes,
     * so the size used is the key's.) */
    static const int sizes[4] = { 1024, 1025, 2047, 2048 };
    size_t s;

    test_rng_seed(0x5253415044ull);
    CHECK_STATUS(pp_random_init(), PSA_SUCCESS);
    test_mgf1();
    test_extract();
    test_pss_salt_rule();
    for (s = 0; s < 4; s++) {
        EVP_PKEY *pkey = EVP_RSA_gen((unsigned)sizes[s]);
        size_t bits = pkey ? (size_t)EVP_PKEY_get_bits(pkey) : 0;
        size_t k = (bits + 7) / 8;
        CHECK(pkey != NULL);
        if (pkey == NULL) {
            break;
        }
        test_pkcs1v15_sign(pkey, k);
        test_pss(pkey, bits);
        test_crypt(pkey, k);
        test_bad_padding(k);
        EVP_PKEY_free(pkey);
    }
    return test_report("rsa_padding");
}
#endif /* TEST_HAVE_RSA */
