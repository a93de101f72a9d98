/*
 * test_chachapoly.c -- ChaCha20-Poly1305 and XChaCha20-Poly1305
 * (src/aead/chachapoly.c) through the internal API:
 *  - RFC 8439 2.8.2 (sunscreen) and Appendix A.5 (the Internet-Draft
 *    decryption), draft-irtf-cfrg-xchacha-03 A.3.1, each encrypted and
 *    decrypted in one call, in random chunks and in place;
 *  - every case of Wycheproof chacha20_poly1305_test.json (valid cases
 *    give ct and tag and verify; modified tags are refused; nonce sizes
 *    other than 12 are refused by start);
 *  - OpenSSL 3 EVP chacha20-poly1305 over AAD 0..100 and payload 0..1100
 *    bytes in random chunks, in place, both directions; XChaCha20-Poly1305
 *    against our HChaCha20 composed with OpenSSL's ChaCha20-Poly1305;
 *  - the three above under every x86-64 ChaCha20 / Poly1305 path the CPU
 *    runs (pp_chacha20_simd_restrict, pp_poly1305_simd_restrict);
 *  - wrong tags (bit flips in ciphertext, AAD, tag), tag lengths other
 *    than 16, calls out of order, the 2^38 - 64 payload limit (white-box:
 *    the counter and length moved near the end).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "aead/chachapoly.h"
#include "chacha20/chacha20_simd.h"
#include "poly1305/poly1305_simd.h"
#include "json.h"
#include "test_util.h"

/* One whole operation; chunk = 1 feeds random pieces of 0..70 bytes. For
 * decryption the return value is the verify status. */
static psa_status_t cp_run(const uint8_t key[32], const uint8_t *nonce, size_t nl,
                           const uint8_t *ad, size_t al, const uint8_t *in, size_t len,
                           uint8_t *out, uint8_t *tag, size_t tl, int encrypt, int chunk)
{
    pp_chachapoly_ctx ctx;
    psa_status_t st = pp_chachapoly_start(&ctx, key, nonce, nl, encrypt);
    size_t off;

    if (st != PSA_SUCCESS) {
        return st;
    }
    off = 0;
    do {
        size_t n = chunk ? test_rng_range(0, 70) : al;
        if (n > al - off) {
            n = al - off;
        }
        CHECK_STATUS(pp_chachapoly_update_ad(&ctx, ad + off, n), PSA_SUCCESS);
        off += n;
    } while (off < al);
    for (off = 0; off < len;) {
        size_t n = chunk ? test_rng_range(0, 70) : len;
        if (n > len - off) {
            n = len - off;
        }
        CHECK_STATUS(pp_chachapoly_update(&ctx, in + off, out + off, n), PSA_SUCCESS);
        off += n;
    }
    if (encrypt) {
        return pp_chachapoly_finish(&ctx, tag);
    }
    return pp_chachapoly_verify(&ctx, tag, tl);
}

/* Encrypt and decrypt three ways (one call, chunks, in place); want =
 * ciphertext || tag. Also a flipped tag bit must be refused. */
static int check_vector(const uint8_t key[32], const uint8_t *nonce, size_t nl,
                        const uint8_t *ad, size_t al, const uint8_t *pt, size_t len,
                        const uint8_t *want)
{
    uint8_t *buf = malloc(len + 1), tag[16];
    int ok = 1, mode;

    for (mode = 0; mode < 3; mode++) {
        const uint8_t *src = pt;
        if (mode == 2) {
            memcpy(buf, pt, len);
            src = buf;
        }
        ok &= CHECK_STATUS(cp_run(key, nonce, nl, ad, al, src, len, buf, tag, 16, 1, mode == 1),
                           PSA_SUCCESS);
        ok &= CHECK_MEM(buf, want, len);
        ok &= CHECK_MEM(tag, want + len, 16);
        if (mode != 2) {
            memcpy(buf, want, len);
        }
        ok &= CHECK_STATUS(cp_run(key, nonce, nl, ad, al, buf, len, buf, tag, 16, 0, mode == 1),
                           PSA_SUCCESS);
        ok &= CHECK_MEM(buf, pt, len);
        memcpy(buf, want, len);
        tag[mode * 5] ^= 0x10;
        ok &= CHECK_STATUS(cp_run(key, nonce, nl, ad, al, buf, len, buf, tag, 16, 0, mode == 1),
                           PSA_ERROR_INVALID_SIGNATURE);
    }
    free(buf);
    return ok;
}

/* ---- RFC 8439 and the XChaCha draft ------------------------------------ */

static const char sunscreen[] =
    "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
    "future, sunscreen would be it.";

static void test_known_answers(void)
{
    /* RFC 8439 A.5: 265 bytes, the quotes are UTF-8 (e2 80 9c, e2 80 9d). */
    static const char draft[] =
        "Internet-Drafts are draft documents valid for a maximum of six months and may be "
        "updated, replaced, or obsoleted by other documents at any time. It is inappropriate "
        "to use Internet-Drafts as reference material or to cite them other than as "
        "/\xe2\x80\x9cwork in progress./\xe2\x80\x9d";
    uint8_t key[32], nonce[24], ad[12], want[300];
    size_t i;

    /* RFC 8439 2.8.2. */
    for (i = 0; i < 32; i++) key[i] = (uint8_t)(0x80 + i);
    CHECK(test_hex_to("070000004041424344454647", nonce, 12) == 12);
    CHECK(test_hex_to("50515253c0c1c2c3c4c5c6c7", ad, 12) == 12);
    CHECK(strlen(sunscreen) == 114);
    CHECK(test_hex_to("d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
                      "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
                      "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
                      "3ff4def08e4b7a9de576d26586cec64b6116"
                      "1ae10b594f09e26a7e902ecbd0600691", want, sizeof(want)) == 130);
    CHECK(check_vector(key, nonce, 12, ad, 12, (const uint8_t *)sunscreen, 114, want));

    /* draft-irtf-cfrg-xchacha-03 A.3.1: same key, AAD and plaintext. */
    for (i = 0; i < 24; i++) nonce[i] = (uint8_t)(0x40 + i);
    CHECK(test_hex_to("bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb"
                      "731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b452"
                      "2f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9"
                      "21f9664c97637da9768812f615c68b13b52e"
                      "c0875924c1c7987947deafd8780acf49", want, sizeof(want)) == 130);
    CHECK(check_vector(key, nonce, 24, ad, 12, (const uint8_t *)sunscreen, 114, want));

    /* RFC 8439 A.5. */
    CHECK(test_hex_to("1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
                      key, 32) == 32);
    CHECK(test_hex_to("000000000102030405060708", nonce, 12) == 12);
    CHECK(test_hex_to("f33388860000000000004e91", ad, 12) == 12);
    CHECK(strlen(draft) == 265);
    CHECK(test_hex_to("64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb2"
                      "4c6cfc18755d43eea09ee94e382d26b0bdb7b73c321b0100d4f03b7f355894cf"
                      "332f830e710b97ce98c8a84abd0b948114ad176e008d33bd60f982b1ff37c855"
                      "9797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c867e4"
                      "b9166c767b804d46a59b5216cde7a4e99040c5a40433225ee282a1b0a06c523e"
                      "af4534d7f83fa1155b0047718cbc546a0d072b04b3564eea1b422273f548271a"
                      "0bb2316053fa76991955ebd63159434ecebb4e466dae5a1073a6727627097a10"
                      "49e617d91d361094fa68f0ff77987130305beaba2eda04df997b714d6c6f2c29"
                      "a6ad5cb4022b02709b"
                      "eead9d67890cbb22392336fea1851f38", want, sizeof(want)) == 281);
    CHECK(check_vector(key, nonce, 12, ad, 12, (const uint8_t *)draft, 265, want));
}

/* ---- Wycheproof -------------------------------------------------------- */

static uint8_t *wy_hex(const json_value *tc, const char *name, size_t *len)
{
    return test_hex_decode(json_str(json_get(tc, name)), len);
}

static int wy_case(const json_value *tc, size_t *refused)
{
    size_t kl, nl, al, ml, cl, tl;
    uint8_t *key = wy_hex(tc, "key", &kl), *iv = wy_hex(tc, "iv", &nl);
    uint8_t *aad = wy_hex(tc, "aad", &al), *msg = wy_hex(tc, "msg", &ml);
    uint8_t *ct = wy_hex(tc, "ct", &cl), *tag = wy_hex(tc, "tag", &tl);
    int valid = strcmp(json_str(json_get(tc, "result")), "valid") == 0;
    uint8_t *buf = malloc(ml + cl + 1), mytag[16];
    psa_status_t enc, dec;
    int agree;

    CHECK(kl == 32);
    enc = cp_run(key, iv, nl, aad, al, msg, ml, buf, mytag, 16, 1, 1);
    if (enc == PSA_SUCCESS) {
        int ct_same = cl == ml && memcmp(buf, ct, cl) == 0;
        int tag_same = tl == 16 && memcmp(mytag, tag, 16) == 0;
        agree = ct_same && tag_same == valid;
        dec = cp_run(key, iv, nl, aad, al, ct, cl, buf, tag, tl, 0, 1);
        agree &= (dec == PSA_SUCCESS) == valid;
        agree &= dec == PSA_SUCCESS ? memcmp(buf, msg, ml) == 0
                                    : dec == PSA_ERROR_INVALID_SIGNATURE;
    } else {
        agree = !valid && enc == PSA_ERROR_INVALID_ARGUMENT && nl != 12;
        *refused += (size_t)agree;
    }
    free(key); free(iv); free(aad); free(msg); free(ct); free(tag); free(buf);
    return agree;
}

static void test_wycheproof(void)
{
    const char *file = "vectors/wycheproof/chacha20_poly1305_test.json";
    json_value *root = json_parse_file(test_data_path(file));
    const json_value *groups = json_get(root, "testGroups");
    size_t g, t, cases = 0, failures = 0, refused = 0, valid = 0;

    for (g = 0; g < json_len(groups); g++) {
        const json_value *tests = json_get(json_at(groups, g), "tests");
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            valid += strcmp(json_str(json_get(tc, "result")), "valid") == 0;
            if (!wy_case(tc, &refused)) {
                failures++;
                fprintf(stderr, "%s tcId %lld (%s) disagrees\n", file,
                        json_int(json_get(tc, "tcId")), json_str(json_get(tc, "result")));
            }
            cases++;
        }
    }
    printf("%s: %zu cases (%zu valid, %zu refused nonce sizes), %zu failures\n", file, cases,
           valid, refused, failures);
    CHECK(cases == (size_t)json_int(json_get(root, "numberOfTests")));
    CHECK(cases == 325 && valid == 256 && failures == 0 && refused > 0);
    json_free(root);
}

/* ---- OpenSSL cross-check ----------------------------------------------- */

static void ossl_seal(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *ad,
                      size_t al, const uint8_t *pt, size_t len, uint8_t *ct, uint8_t tag[16])
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int n = 0;
    CHECK(c != NULL);
    CHECK(EVP_EncryptInit_ex(c, EVP_chacha20_poly1305(), NULL, NULL, NULL) == 1);
    CHECK(EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL) == 1);
    CHECK(EVP_EncryptInit_ex(c, NULL, NULL, key, nonce) == 1);
    if (al > 0) {
        CHECK(EVP_EncryptUpdate(c, NULL, &n, ad, (int)al) == 1);
    }
    if (len > 0) {
        CHECK(EVP_EncryptUpdate(c, ct, &n, pt, (int)len) == 1 && (size_t)n == len);
    }
    CHECK(EVP_EncryptFinal_ex(c, ct + len, &n) == 1);
    CHECK(EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, 16, tag) == 1);
    EVP_CIPHER_CTX_free(c);
}

static void test_openssl(void)
{
    static uint8_t key[32], nonce[24], ad[100], pt[1100], ct[1100], buf[1100];
    uint8_t tag[16], mytag[16], subkey[32], n12[12];
    size_t round, mismatches = 0;

    for (round = 0; round < 500; round++) {
        int x = (int)(round % 4 == 3);     /* every fourth round XChaCha20 */
        size_t nl = x ? 24 : 12;
        size_t al = round % 5 == 0 ? 0 : test_rng_range(0, sizeof(ad));
        size_t len = round < 70 ? round : test_rng_range(0, sizeof(pt));
        int chunk = (int)((round >> 1) & 1);

        test_rng_bytes(key, 32);
        test_rng_bytes(nonce, nl);
        test_rng_bytes(ad, al);
        test_rng_bytes(pt, len);
        if (x) {
            /* draft-irtf-cfrg-xchacha-03 2.3 composed by hand. */
            pp_hchacha20(subkey, key, nonce);
            memset(n12, 0, 4);
            memcpy(n12 + 4, nonce + 16, 8);
            ossl_seal(subkey, n12, ad, al, pt, len, ct, tag);
        } else {
            ossl_seal(key, nonce, ad, al, pt, len, ct, tag);
        }
        memcpy(buf, pt, len);
        CHECK_STATUS(cp_run(key, nonce, nl, ad, al, buf, len, buf, mytag, 16, 1, chunk),
                     PSA_SUCCESS);
        mismatches += memcmp(buf, ct, len) != 0 || memcmp(mytag, tag, 16) != 0;
        CHECK_STATUS(cp_run(key, nonce, nl, ad, al, buf, len, buf, tag, 16, 0, !chunk),
                     PSA_SUCCESS);
        mismatches += memcmp(buf, pt, len) != 0;
        memcpy(buf, ct, len);
        if (len > 0 && round % 3 == 0) {
            buf[test_rng_range(0, len - 1)] ^= (uint8_t)(1u << (round % 8));
        } else if (al > 0 && round % 3 == 1) {
            ad[test_rng_range(0, al - 1)] ^= 0x02;
        } else {
            tag[test_rng_range(0, 15)] ^= 0x01;
        }
        CHECK_STATUS(cp_run(key, nonce, nl, ad, al, buf, len, buf, tag, 16, 0, chunk),
                     PSA_ERROR_INVALID_SIGNATURE);
    }
    CHECK(mismatches == 0);
}

/* ---- contract ---------------------------------------------------------- */

static void test_rules(void)
{
    uint8_t key[32] = { 9 }, nonce[24] = { 8 }, data[80] = { 7 }, out[80], tag[16], t2[16];
    pp_chachapoly_ctx ctx, copy;
    size_t i;

    for (i = 0; i <= 25; i++) {
        CHECK_STATUS(pp_chachapoly_start(&ctx, key, nonce, i, 1),
                     i == 12 || i == 24 ? PSA_SUCCESS : PSA_ERROR_INVALID_ARGUMENT);
    }
    memset(&ctx, 0, sizeof(ctx));
    CHECK_STATUS(pp_chachapoly_update_ad(&ctx, data, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_chachapoly_update(&ctx, data, out, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_chachapoly_finish(&ctx, tag), PSA_ERROR_BAD_STATE);

    CHECK_STATUS(pp_chachapoly_start(&ctx, key, nonce, 12, 1), PSA_SUCCESS);
    CHECK_STATUS(pp_chachapoly_update_ad(&ctx, data, 5), PSA_SUCCESS);
    CHECK_STATUS(pp_chachapoly_update_ad(&ctx, NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_chachapoly_update(&ctx, NULL, NULL, 0), PSA_SUCCESS);  /* payload begins */
    CHECK_STATUS(pp_chachapoly_update_ad(&ctx, data, 0), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_chachapoly_verify(&ctx, tag, 16), PSA_ERROR_BAD_STATE);
    copy = ctx;
    CHECK_STATUS(pp_chachapoly_update(&ctx, data, out, 80), PSA_SUCCESS);
    CHECK_STATUS(pp_chachapoly_finish(&ctx, tag), PSA_SUCCESS);
    CHECK(ctx.state == 0);
    CHECK_STATUS(pp_chachapoly_update(&ctx, data, out, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_chachapoly_update(&copy, data, out, 80), PSA_SUCCESS);
    CHECK_STATUS(pp_chachapoly_finish(&copy, t2), PSA_SUCCESS);
    CHECK_MEM(t2, tag, 16);

    /* Verify: wrong tag lengths, wrong direction. */
    CHECK_STATUS(pp_chachapoly_start(&ctx, key, nonce, 12, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_chachapoly_update_ad(&ctx, data, 5), PSA_SUCCESS);
    CHECK_STATUS(pp_chachapoly_update(&ctx, out, out, 80), PSA_SUCCESS);
    CHECK_MEM(out, data, 80);
    CHECK_STATUS(pp_chachapoly_finish(&ctx, t2), PSA_ERROR_BAD_STATE);
    copy = ctx;
    CHECK_STATUS(pp_chachapoly_verify(&ctx, tag, 15), PSA_ERROR_INVALID_SIGNATURE);
    CHECK(ctx.state == 0);
    ctx = copy;
    CHECK_STATUS(pp_chachapoly_verify(&ctx, tag, 17), PSA_ERROR_INVALID_SIGNATURE);
    CHECK_STATUS(pp_chachapoly_verify(&copy, tag, 16), PSA_SUCCESS);

    /* The payload limit, white-box: the last keystream block (counter
     * 2^32 - 1) with 2^38 - 128 bytes already counted. */
    CHECK_STATUS(pp_chachapoly_start(&ctx, key, nonce, 12, 1), PSA_SUCCESS);
    CHECK_STATUS(pp_chachapoly_update(&ctx, data, out, 0), PSA_SUCCESS);
    ctx.cipher.s[12] = 0xffffffffu;
    ctx.data_len = PP_CHACHAPOLY_MAX_DATA - 64u;
    copy = ctx;
    memset(out, 0x5a, sizeof(out));
    CHECK_STATUS(pp_chachapoly_update(&ctx, data, out, 65), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(out[0] == 0x5a && memcmp(&ctx, &copy, sizeof(ctx)) == 0);
    CHECK_STATUS(pp_chachapoly_update(&ctx, data, out, 40), PSA_SUCCESS);
    CHECK_STATUS(pp_chachapoly_update(&ctx, data, out, 25), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_chachapoly_update(&ctx, data, out, 24), PSA_SUCCESS);
    CHECK(ctx.data_len == PP_CHACHAPOLY_MAX_DATA);
    CHECK_STATUS(pp_chachapoly_update(&ctx, data, out, 1), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_chachapoly_update(&ctx, data, out, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_chachapoly_finish(&ctx, tag), PSA_SUCCESS);
}

int main(void)
{
    int level;

    test_rng_seed(8439);
    /* Every x86-64 path this CPU runs, best first (ChaCha20: AVX-512 with
     * its four-block rows form, AVX2, portable; Poly1305: IFMA,
     * AVX-512VL, AVX2, the one-block loop); the caps are no-ops where a
     * path is missing or on other hosts. */
    for (level = 3; level >= 0; level--) {
        pp_chacha20_simd_restrict(level > 2 ? 2 : level);
        pp_poly1305_simd_restrict(level);
        test_known_answers();
        test_wycheproof();
        test_openssl();
    }
    pp_chacha20_simd_restrict(2);
    pp_poly1305_simd_restrict(3);
    test_rules();
    return test_report("test_chachapoly");
}
