/*
 * test_psa_aead.c -- the AEAD API (PSA 1.2 10.5) end to end:
 *  - Wycheproof aes_gcm, aes_ccm and chacha20_poly1305 through
 *    psa_aead_encrypt / psa_aead_decrypt (valid: the published ciphertext
 *    and tag, both ways; invalid: refused, no plaintext released) and
 *    through the multi-part operation with random chunks;
 *  - random cross-checks against OpenSSL EVP (aes-*-gcm with any IV
 *    length, aes-*-ccm with every nonce and tag length, chacha20-poly1305)
 *    and XChaCha20-Poly1305 against HChaCha20 + OpenSSL's
 *    ChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03 2.3), one-shot and
 *    multi-part, with and without psa_aead_set_lengths;
 *  - overlapping buffers (spec 5.4.4) shifted by -20..+20 bytes;
 *  - the key/algorithm rules, tag and nonce lengths, the policy with
 *    PSA_ALG_AEAD_WITH_AT_LEAST_THIS_LENGTH_TAG, sizes.
 */
#include <psa/crypto.h>
#include "chacha20/chacha20.h"   /* pp_hchacha20 (test_chacha20 checks it) */
#include "test_util.h"
#include "json.h"

#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#if !(PSA_WANT_ALG_GCM && PSA_WANT_ALG_CCM && PSA_WANT_ALG_CHACHA20_POLY1305 && PSA_WANT_ALG_XCHACHA20_POLY1305)
int main(void)
{
    return test_skip("psa_aead", "an AEAD configured out");
}
#else

static psa_key_id_t import_key(psa_key_type_t type, const uint8_t *key, size_t len,
                               psa_algorithm_t alg, psa_status_t want)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, type);
    psa_set_key_algorithm(&attr, alg);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    CHECK_STATUS(psa_import_key(&attr, key, len, &id), want);
    return id;
}

/* Multi-part with random chunks of AD and data; lengths declared when
 * set_lengths. Returns the status of the last step; out gets the data
 * part, tag (encryption) the tag. */
static psa_status_t multipart(psa_key_id_t id, psa_algorithm_t alg, int encrypt, int set_lengths,
                              const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                              size_t ad_len, const uint8_t *in, size_t len, uint8_t *out,
                              uint8_t *tag, size_t tag_len)
{
    psa_aead_operation_t op = PSA_AEAD_OPERATION_INIT;
    size_t done = 0, n, t;
    psa_status_t st = encrypt ? psa_aead_encrypt_setup(&op, id, alg)
                              : psa_aead_decrypt_setup(&op, id, alg);
    if (st == PSA_SUCCESS && set_lengths) {
        st = psa_aead_set_lengths(&op, ad_len, len);
    }
    if (st == PSA_SUCCESS) {
        st = psa_aead_set_nonce(&op, nonce, nonce_len);
    }
    while (st == PSA_SUCCESS && done < ad_len) {
        size_t chunk = test_rng_range(0, 50);
        chunk = chunk > ad_len - done ? ad_len - done : chunk;
        st = psa_aead_update_ad(&op, ad + done, chunk);
        done += chunk;
    }
    done = 0;
    while (st == PSA_SUCCESS && done < len) {
        size_t chunk = test_rng_range(0, 70);
        chunk = chunk > len - done ? len - done : chunk;
        st = psa_aead_update(&op, in + done, chunk, out + done, chunk, &n);
        if (st == PSA_SUCCESS) {
            CHECK(n == chunk);
            CHECK(n <= PSA_AEAD_UPDATE_OUTPUT_SIZE(PSA_KEY_TYPE_AES, alg, chunk));
        }
        done += chunk;
    }
    if (st == PSA_SUCCESS) {
        if (encrypt) {
            st = psa_aead_finish(&op, NULL, 0, &n, tag, tag_len, &t);
            if (st == PSA_SUCCESS) {
                CHECK(n == 0 && t == tag_len);
            }
        } else {
            st = psa_aead_verify(&op, NULL, 0, &n, tag, tag_len);
        }
    }
    psa_aead_abort(&op);
    return st;
}

static psa_key_type_t type_of_file(const char *name)
{
    return strncmp(name, "chacha", 6) == 0 ? PSA_KEY_TYPE_CHACHA20 : PSA_KEY_TYPE_AES;
}

static psa_algorithm_t alg_of_file(const char *name, size_t tag_len)
{
    psa_algorithm_t base = strncmp(name, "aes_gcm", 7) == 0 ? PSA_ALG_GCM
                           : strncmp(name, "aes_ccm", 7) == 0 ? PSA_ALG_CCM
                                                               : PSA_ALG_CHACHA20_POLY1305;
    return PSA_ALG_AEAD_WITH_SHORTENED_TAG(base, tag_len);
}

static void test_wycheproof(const char *name, size_t expected)
{
    char path[128];
    json_value *root;
    const json_value *groups;
    size_t g, t, ran = 0, refused_params = 0;
    snprintf(path, sizeof(path), "vectors/wycheproof/%s", name);
    root = json_parse_file(test_data_path(path));
    groups = json_get(root, "testGroups");
    CHECK(root != NULL);
    for (g = 0; g < json_len(groups); g++) {
        const json_value *grp = json_at(groups, g);
        const json_value *tests = json_get(grp, "tests");
        size_t tag_len = (size_t)json_int(json_get(grp, "tagSize")) / 8;
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            size_t kl, nl, al, ml, cl, tl, n;
            uint8_t *key = test_hex_decode(json_str(json_get(tc, "key")), &kl);
            uint8_t *iv = test_hex_decode(json_str(json_get(tc, "iv")), &nl);
            uint8_t *aad = test_hex_decode(json_str(json_get(tc, "aad")), &al);
            uint8_t *msg = test_hex_decode(json_str(json_get(tc, "msg")), &ml);
            uint8_t *ct = test_hex_decode(json_str(json_get(tc, "ct")), &cl);
            uint8_t *tag = test_hex_decode(json_str(json_get(tc, "tag")), &tl);
            int valid = strcmp(json_str(json_get(tc, "result")), "valid") == 0;
            psa_algorithm_t alg = alg_of_file(name, tag_len);
            uint8_t *both = malloc(cl + tl + 1), *out = malloc(cl + tl + 16);
            psa_key_id_t id;
            psa_status_t st;
            memcpy(both, ct, cl);
            memcpy(both + cl, tag, tl);
            id = import_key(type_of_file(name), key, kl, alg, PSA_SUCCESS);
            memset(out, 0x5a, cl + tl + 16);
            st = psa_aead_decrypt(id, alg, iv, nl, aad, al, both, cl + tl, out, cl + 16, &n);
            if (valid) {
                size_t j, touched = 0;
                CHECK_STATUS(st, PSA_SUCCESS);
                CHECK(n == ml);
                CHECK_MEM(out, msg, ml);
                for (j = ml; j < cl + 16; j++) {
                    touched |= out[j] ^ 0x5au;
                }
                CHECK(touched == 0);   /* nothing written past the plaintext */
                CHECK_STATUS(psa_aead_encrypt(id, alg, iv, nl, aad, al, msg, ml, out,
                                              cl + tl + 16, &n), PSA_SUCCESS);
                CHECK(n == cl + tl);
                CHECK_MEM(out, both, cl + tl);
                CHECK_STATUS(multipart(id, alg, 0, (int)(t & 1) || strncmp(name, "aes_ccm", 7) == 0,
                                       iv, nl, aad, al, ct, cl, out, tag,
                                       tl), PSA_SUCCESS);
                CHECK_MEM(out, msg, ml);
            } else {
                size_t j, nonzero = 0;
                int keep_tail;
                CHECK(st != PSA_SUCCESS);
                if (st != PSA_ERROR_INVALID_SIGNATURE) {
                    refused_params++;   /* a nonce or tag length the mode lacks */
                    CHECK(st == PSA_ERROR_INVALID_ARGUMENT || st == PSA_ERROR_NOT_SUPPORTED);
                }
                CHECK(n == 0);
                /* No plaintext released (spec 10.5.2): a tag checked and
                 * found bad clears the plaintext's place and leaves the
                 * caller's bytes past it (crypto.h's one exception, see
                 * release_if_authentic); any other failure, an input too
                 * short to hold a tag included, clears the whole buffer. */
                keep_tail = st == PSA_ERROR_INVALID_SIGNATURE && cl + tl >= tag_len;
                for (j = 0; j < cl + 16; j++) {
                    nonzero |= keep_tail && j >= ml ? out[j] ^ 0x5au : out[j];
                }
                CHECK(nonzero == 0);
            }
            psa_destroy_key(id);
            free(key);
            free(iv);
            free(aad);
            free(msg);
            free(ct);
            free(tag);
            free(both);
            free(out);
            ran++;
        }
    }
    printf("%s: %zu cases, %zu refused for their parameters\n", name, ran, refused_params);
    CHECK(ran == expected);
    json_free(root);
}

static const EVP_CIPHER *evp_aead(psa_algorithm_t base, size_t key_len)
{
    int i = key_len == 16 ? 0 : key_len == 24 ? 1 : 2;
    if (base == PSA_ALG_GCM) {
        return (const EVP_CIPHER *[]){EVP_aes_128_gcm(), EVP_aes_192_gcm(), EVP_aes_256_gcm()}[i];
    }
    if (base == PSA_ALG_CCM) {
        return (const EVP_CIPHER *[]){EVP_aes_128_ccm(), EVP_aes_192_ccm(), EVP_aes_256_ccm()}[i];
    }
    return EVP_chacha20_poly1305();
}

/* OpenSSL's ciphertext || tag. */
static size_t openssl_seal(psa_algorithm_t base, const uint8_t *key, size_t key_len,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                           const uint8_t *in, size_t len, size_t tag_len, uint8_t *out)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int n = 0, m = 0;
    CHECK(EVP_EncryptInit_ex(ctx, evp_aead(base, key_len), NULL, NULL, NULL) == 1);
    CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)nonce_len, NULL) == 1);
    if (base == PSA_ALG_CCM) {
        CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)tag_len, NULL) == 1);
    }
    CHECK(EVP_EncryptInit_ex(ctx, NULL, NULL, key, nonce) == 1);
    if (base == PSA_ALG_CCM) {
        CHECK(EVP_EncryptUpdate(ctx, NULL, &n, NULL, (int)len) == 1);
    }
    if (ad_len != 0) {
        CHECK(EVP_EncryptUpdate(ctx, NULL, &n, ad, (int)ad_len) == 1);
    }
    CHECK(EVP_EncryptUpdate(ctx, out, &n, in, (int)len) == 1);
    CHECK(EVP_EncryptFinal_ex(ctx, out + n, &m) == 1);
    CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, (int)tag_len, out + len) == 1);
    EVP_CIPHER_CTX_free(ctx);
    return len + tag_len;
}

static void test_openssl_cross(void)
{
    enum { MAX = 900 };
    static uint8_t in[MAX], ad[200], ours[MAX + 16], theirs[MAX + 16], buf[3 * MAX];
    static const psa_algorithm_t bases[] = {PSA_ALG_GCM, PSA_ALG_CCM, PSA_ALG_CHACHA20_POLY1305};
    size_t b, round;
    for (b = 0; b < 3; b++) {
        for (round = 0; round < 60; round++) {
            psa_algorithm_t base = bases[b];
            size_t key_len = base == PSA_ALG_CHACHA20_POLY1305 ? 32 : 16 + 8 * (round % 3);
            size_t nonce_len = base == PSA_ALG_GCM ? (round % 4 == 0 ? test_rng_range(1, 40) : 12)
                               : base == PSA_ALG_CCM ? 7 + round % 7 : 12;
            size_t tag_len = base == PSA_ALG_GCM ? (size_t[]){16, 12, 13, 14, 15, 8, 4}[round % 7]
                             : base == PSA_ALG_CCM ? 4 + 2 * (round % 7) : 16;
            size_t len = round < 6 ? round * 17 : test_rng_range(0, base == PSA_ALG_CCM &&
                                                                  nonce_len == 13 ? MAX : MAX);
            size_t ad_len = test_rng_range(0, sizeof(ad)), n, n2;
            psa_algorithm_t alg = PSA_ALG_AEAD_WITH_SHORTENED_TAG(base, tag_len);
            psa_key_type_t type = base == PSA_ALG_CHACHA20_POLY1305 ? PSA_KEY_TYPE_CHACHA20
                                                                     : PSA_KEY_TYPE_AES;
            uint8_t key[32], nonce[40];
            long shift = (long)test_rng_range(0, 40) - 20;
            psa_key_id_t id;
            test_rng_bytes(key, key_len);
            test_rng_bytes(nonce, nonce_len);
            test_rng_bytes(in, len);
            test_rng_bytes(ad, ad_len);
            id = import_key(type, key, key_len, alg, PSA_SUCCESS);
            n = openssl_seal(base, key, key_len, nonce, nonce_len, ad, ad_len, in, len, tag_len,
                             theirs);
            CHECK_STATUS(psa_aead_encrypt(id, alg, nonce, nonce_len, ad, ad_len, in, len, ours,
                                          sizeof(ours), &n2), PSA_SUCCESS);
            CHECK(n2 == n);
            CHECK(n2 == PSA_AEAD_ENCRYPT_OUTPUT_SIZE(type, alg, len));
            CHECK_MEM(ours, theirs, n);
            /* multi-part, lengths declared (needed by CCM) or not */
            CHECK_STATUS(multipart(id, alg, 1, base == PSA_ALG_CCM || (round & 1), nonce,
                                   nonce_len, ad, ad_len, in, len, ours, ours + len, tag_len),
                         PSA_SUCCESS);
            CHECK_MEM(ours, theirs, n);
            CHECK_STATUS(multipart(id, alg, 0, base == PSA_ALG_CCM || (round & 2), nonce,
                                   nonce_len, ad, ad_len, theirs, len, ours, theirs + len,
                                   tag_len), PSA_SUCCESS);
            CHECK_MEM(ours, in, len);
            /* overlap: the output shifted against the input */
            memcpy(buf + MAX, in, len);
            CHECK_STATUS(psa_aead_encrypt(id, alg, nonce, nonce_len, ad, ad_len, buf + MAX, len,
                                          buf + MAX + shift, 2 * MAX - 64, &n2), PSA_SUCCESS);
            CHECK_MEM(buf + MAX + shift, theirs, n);
            memmove(buf + MAX, buf + MAX + shift, n);
            shift = (long)test_rng_range(0, 40) - 20;
            CHECK_STATUS(psa_aead_decrypt(id, alg, nonce, nonce_len, ad, ad_len, buf + MAX, n,
                                          buf + MAX + shift, 2 * MAX - 64, &n2), PSA_SUCCESS);
            CHECK(n2 == len);
            CHECK_MEM(buf + MAX + shift, in, len);
            /* tampering: one bit of the ciphertext, the AD or the tag */
            theirs[test_rng_range(0, n - 1)] ^= 0x20;
            CHECK_STATUS(psa_aead_decrypt(id, alg, nonce, nonce_len, ad, ad_len, theirs, n, ours,
                                          sizeof(ours), &n2), PSA_ERROR_INVALID_SIGNATURE);
            CHECK(n2 == 0);
            psa_destroy_key(id);
        }
    }
}

/* XChaCha20-Poly1305 = ChaCha20-Poly1305 under HChaCha20(key, n[0..15])
 * with nonce 0^4 || n[16..23]. */
static void test_xchachapoly(void)
{
    static uint8_t in[700], ad[64], ours[716], theirs[716];
    size_t round;
    for (round = 0; round < 30; round++) {
        uint8_t key[32], nonce[24], sub[32], n12[12] = {0};
        size_t len = test_rng_range(0, sizeof(in)), ad_len = test_rng_range(0, sizeof(ad)), n, n2;
        psa_key_id_t id;
        test_rng_bytes(key, 32);
        test_rng_bytes(nonce, 24);
        test_rng_bytes(in, len);
        test_rng_bytes(ad, ad_len);
        pp_hchacha20(sub, key, nonce);
        memcpy(n12 + 4, nonce + 16, 8);
        n = openssl_seal(PSA_ALG_CHACHA20_POLY1305, sub, 32, n12, 12, ad, ad_len, in, len, 16,
                         theirs);
        id = import_key(PSA_KEY_TYPE_XCHACHA20, key, 32, PSA_ALG_XCHACHA20_POLY1305, PSA_SUCCESS);
        CHECK_STATUS(psa_aead_encrypt(id, PSA_ALG_XCHACHA20_POLY1305, nonce, 24, ad, ad_len, in,
                                      len, ours, sizeof(ours), &n2), PSA_SUCCESS);
        CHECK(n2 == n);
        CHECK_MEM(ours, theirs, n);
        CHECK_STATUS(multipart(id, PSA_ALG_XCHACHA20_POLY1305, 0, (int)(round & 1), nonce, 24, ad,
                               ad_len, theirs, len, ours, theirs + len, 16), PSA_SUCCESS);
        CHECK_MEM(ours, in, len);
        CHECK_STATUS(psa_aead_encrypt(id, PSA_ALG_XCHACHA20_POLY1305, nonce, 12, ad, ad_len, in,
                                      len, ours, sizeof(ours), &n2), PSA_ERROR_INVALID_ARGUMENT);
        psa_destroy_key(id);
    }
}

static void test_rules(void)
{
    uint8_t key[32] = {3}, nonce[16] = {0}, in[32] = {0}, out[64];
    size_t n;
    psa_key_id_t aes = import_key(PSA_KEY_TYPE_AES, key, 16,
                                  PSA_ALG_AEAD_WITH_AT_LEAST_THIS_LENGTH_TAG(PSA_ALG_GCM, 12),
                                  PSA_SUCCESS);
    psa_key_id_t cc = import_key(PSA_KEY_TYPE_CHACHA20, key, 32, PSA_ALG_CCM, PSA_SUCCESS);
    psa_key_id_t ccm = import_key(PSA_KEY_TYPE_AES, key, 16, PSA_ALG_CCM, PSA_SUCCESS);
    psa_key_id_t cp = import_key(PSA_KEY_TYPE_CHACHA20, key, 32,
                                 PSA_ALG_AEAD_WITH_SHORTENED_TAG(PSA_ALG_CHACHA20_POLY1305, 12),
                                 PSA_SUCCESS);
    /* the at-least-12 policy: 12..16 permitted, 8 not */
    CHECK_STATUS(psa_aead_encrypt(aes, PSA_ALG_GCM, nonce, 12, NULL, 0, in, 32, out, 48, &n),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_aead_encrypt(aes, PSA_ALG_AEAD_WITH_SHORTENED_TAG(PSA_ALG_GCM, 12), nonce,
                                  12, NULL, 0, in, 32, out, 44, &n), PSA_SUCCESS);
    CHECK(n == 44);
    CHECK_STATUS(psa_aead_encrypt(aes, PSA_ALG_AEAD_WITH_SHORTENED_TAG(PSA_ALG_GCM, 8), nonce, 12,
                                  NULL, 0, in, 32, out, 48, &n), PSA_ERROR_NOT_PERMITTED);
    /* a wildcard is a policy, not an algorithm */
    CHECK_STATUS(psa_aead_encrypt(aes, PSA_ALG_AEAD_WITH_AT_LEAST_THIS_LENGTH_TAG(PSA_ALG_GCM, 12),
                                  nonce, 12, NULL, 0, in, 32, out, 48, &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* not an AEAD */
    CHECK_STATUS(psa_aead_encrypt(aes, PSA_ALG_CTR, nonce, 12, NULL, 0, in, 32, out, 48, &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* too small: ciphertext + tag */
    CHECK_STATUS(psa_aead_encrypt(aes, PSA_ALG_GCM, nonce, 12, NULL, 0, in, 32, out, 47, &n),
                 PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK_STATUS(psa_aead_encrypt(aes, PSA_ALG_GCM, nonce, 0, NULL, 0, in, 32, out, 48, &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* CCM with a ChaCha20 key: not compatible */
    CHECK_STATUS(psa_aead_encrypt(cc, PSA_ALG_CCM, nonce, 13, NULL, 0, in, 32, out, 48, &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* CCM nonces 7..13, tags even 4..16 */
    CHECK_STATUS(psa_aead_encrypt(ccm, PSA_ALG_CCM, nonce, 6, NULL, 0, in, 32, out, 48, &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_aead_encrypt(ccm, PSA_ALG_CCM, nonce, 14, NULL, 0, in, 32, out, 48, &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* ChaCha20-Poly1305 has one tag length */
    CHECK_STATUS(psa_aead_encrypt(cp, PSA_ALG_AEAD_WITH_SHORTENED_TAG(PSA_ALG_CHACHA20_POLY1305,
                                                                      12),
                                  nonce, 12, NULL, 0, in, 32, out, 48, &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* decryption input shorter than the tag */
    CHECK_STATUS(psa_aead_decrypt(aes, PSA_ALG_GCM, nonce, 12, NULL, 0, in, 15, out, 48, &n),
                 PSA_ERROR_INVALID_SIGNATURE);
    psa_destroy_key(aes);
    psa_destroy_key(cc);
    psa_destroy_key(ccm);
    psa_destroy_key(cp);
    /* GCM with a 5-byte tag: not a GCM tag length */
    aes = import_key(PSA_KEY_TYPE_AES, key, 16, PSA_ALG_AEAD_WITH_SHORTENED_TAG(PSA_ALG_GCM, 5),
                     PSA_SUCCESS);
    CHECK_STATUS(psa_aead_encrypt(aes, PSA_ALG_AEAD_WITH_SHORTENED_TAG(PSA_ALG_GCM, 5), nonce, 12,
                                  NULL, 0, in, 32, out, 48, &n), PSA_ERROR_INVALID_ARGUMENT);
    psa_destroy_key(aes);
}

/* The operation holds no key material once it is inactive (PSA 1.2
 * 10.5.3; the wipes are targeted, psa_aead.c / aead.c): an operation from
 * PSA_AEAD_OPERATION_INIT is all zero again after finish, verify (good or
 * bad tag), abort at every step and a failed step, and a second abort. */
static void test_operation_wiped(void)
{
    static const struct {
        psa_key_type_t type;
        psa_algorithm_t alg;
        size_t nonce_len;
    } cases[] = {
        {PSA_KEY_TYPE_AES, PSA_ALG_GCM, 12},
        {PSA_KEY_TYPE_AES, PSA_ALG_CCM, 13},
        {PSA_KEY_TYPE_CHACHA20, PSA_ALG_CHACHA20_POLY1305, 12},
        {PSA_KEY_TYPE_XCHACHA20, PSA_ALG_XCHACHA20_POLY1305, 24},
    };
    uint8_t key[32], nonce[24], ad[5] = {1, 2, 3, 4, 5}, in[20] = {0}, out[40], tag[16];
    size_t c, n, m, t;
    int stop;
    psa_aead_operation_t zero = PSA_AEAD_OPERATION_INIT;
    memset(key, 0x3a, sizeof(key));
    memset(nonce, 0x11, sizeof(nonce));
    CHECK_STATUS(psa_aead_abort(&zero), PSA_SUCCESS);
    CHECK(test_all_zero(&zero, sizeof(zero)));
    for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        psa_key_id_t id = import_key(cases[c].type, key, cases[c].type == PSA_KEY_TYPE_AES ? 16 : 32,
                                     cases[c].alg, PSA_SUCCESS);
        for (stop = 0; stop < 6; stop++) {
            psa_aead_operation_t op = PSA_AEAD_OPERATION_INIT;
            int enc = stop != 4;
            CHECK_STATUS((enc ? psa_aead_encrypt_setup : psa_aead_decrypt_setup)(&op, id,
                                                                               cases[c].alg),
                         PSA_SUCCESS);
            if (stop == 0) {
                CHECK_STATUS(psa_aead_abort(&op), PSA_SUCCESS);   /* the key is kept until the nonce */
            } else {
                CHECK_STATUS(psa_aead_set_lengths(&op, sizeof(ad), sizeof(in)), PSA_SUCCESS);
                CHECK_STATUS(psa_aead_set_nonce(&op, nonce, cases[c].nonce_len), PSA_SUCCESS);
                CHECK_STATUS(psa_aead_update_ad(&op, ad, sizeof(ad)), PSA_SUCCESS);
                CHECK_STATUS(psa_aead_update(&op, in, 7, out, sizeof(out), &n), PSA_SUCCESS);
                if (stop == 1) {
                    CHECK_STATUS(psa_aead_abort(&op), PSA_SUCCESS);
                } else if (stop == 5) {
                    /* more data than declared: the step fails and aborts */
                    CHECK(psa_aead_update(&op, in, sizeof(in), out, sizeof(out), &n) !=
                          PSA_SUCCESS);
                } else {
                    CHECK_STATUS(psa_aead_update(&op, in + 7, sizeof(in) - 7, out, sizeof(out),
                                                 &n),
                                 PSA_SUCCESS);
                    if (stop == 4) {
                        memset(tag, 0, sizeof(tag));   /* a wrong tag */
                        CHECK_STATUS(psa_aead_verify(&op, out, sizeof(out), &m, tag, 16),
                                     PSA_ERROR_INVALID_SIGNATURE);
                    } else {
                        CHECK_STATUS(psa_aead_finish(&op, out, sizeof(out), &m, tag, sizeof(tag),
                                                     &t),
                                     PSA_SUCCESS);
                    }
                }
            }
            CHECK(test_all_zero(&op, sizeof(op)));
            CHECK_STATUS(psa_aead_abort(&op), PSA_SUCCESS);
            CHECK(test_all_zero(&op, sizeof(op)));
        }
        psa_destroy_key(id);
    }
}

int main(void)
{
    test_rng_seed(0xaead);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_wycheproof("aes_gcm_test.json", 316);
    test_wycheproof("aes_ccm_test.json", 552);
    test_wycheproof("chacha20_poly1305_test.json", 325);
    test_openssl_cross();
    test_xchachapoly();
    test_rules();
    test_operation_wiped();
    return test_report("psa_aead");
}

#endif /* PSA_WANT_ALG_GCM && PSA_WANT_ALG_CCM && PSA_WANT_ALG_CHACHA20_POLY1305 && PSA_WANT_ALG_XCHACHA20_POLY1305 */
