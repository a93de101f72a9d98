/*
 * poly1305_cases.h -- the Poly1305 test cases shared by test_poly1305.c
 * (the radix the build selects: 2^44 on hosts with unsigned __int128),
 * test_poly1305_r26.c and test_poly1305_r32.c (the 2^26 and 2^32 codes
 * compiled into the test itself), so every radix runs the same checks on
 * the host:
 *  - RFC 8439 2.5.2 and the eleven vectors of Appendix A.3 (r = 0, s = 0,
 *    a final value of exactly 2^130 - 5 and 2^130 - 6, the s addition
 *    overflowing 2^128, the 131-bit intermediate results of the 5*H + L
 *    reduction), one-shot and byte by byte;
 *  - random keys and messages, lengths 0..600 and up to 4200 in steps of
 *    37, one-shot against OpenSSL's EVP_MAC "POLY1305" and against random
 *    update chunking (up to 40 bytes a call: the one-block loop, while the
 *    one-shot takes the 8-block x86-64 path where it is built);
 *  - edge keys (all-ones r before clamping, all-ones s; r = 1) and all-0xff
 *    messages up to 4200 bytes, driving h close to 2^130-5, the vector
 *    limbs to their bounds and the reduction's carry out of 2^128.
 * The includer provides pp_poly1305_ctx and the pp_poly1305_* functions
 * (possibly renamed by macros) before including this file.
 */
#ifndef PICOPSA_TEST_POLY1305_CASES_H
#define PICOPSA_TEST_POLY1305_CASES_H

#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/params.h>

#include "test_util.h"

static void ossl_poly(uint8_t tag[16], const uint8_t key[32], const uint8_t *m, size_t len)
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
    EVP_MAC_CTX *ctx;
    size_t out = 0;
    CHECK(mac != NULL);
    ctx = EVP_MAC_CTX_new(mac);
    CHECK(ctx != NULL && EVP_MAC_init(ctx, key, 32, NULL) == 1);
    CHECK(EVP_MAC_update(ctx, m, len) == 1);
    CHECK(EVP_MAC_final(ctx, tag, &out, 16) == 1 && out == 16);
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
}

static void check_one(const uint8_t key[32], const uint8_t *m, size_t len)
{
    uint8_t a[16], b[16], c[16];
    pp_poly1305_ctx ctx;
    size_t off = 0;
    pp_poly1305(a, key, m, len);
    ossl_poly(b, key, m, len);
    CHECK_MEM(a, b, 16);
    pp_poly1305_init(&ctx, key);
    while (off < len) {
        size_t n = (size_t)rand() % 40;
        if (n > len - off) {
            n = len - off;
        }
        pp_poly1305_update(&ctx, m + off, n);
        off += n;
    }
    pp_poly1305_finish(&ctx, c);
    CHECK_MEM(a, c, 16);
}

/* RFC 8439 A.3 #2 and #3: the IETF contribution text (375 bytes). */
static const char poly_ietf_text[] =
    "Any submission to the IETF intended by the Contributor for publication as all or part of "
    "an IETF Internet-Draft or RFC and any statement made within the context of an IETF "
    "activity is considered an \"IETF Contribution\". Such statements include oral statements "
    "in IETF sessions, as well as written and electronic communications made at any time or "
    "place, which are addressed to";

/* RFC 8439 A.3 #4: the Jabberwocky lines (127 bytes). */
static const char poly_jabber_text[] =
    "'Twas brillig, and the slithy toves\nDid gyre and gimble in the wabe:\n"
    "All mimsy were the borogoves,\nAnd the mome raths outgrabe.";

struct poly_kat {
    const char *key;      /* r || s, hex */
    const char *msg;      /* hex, or NULL: text */
    const char *text;
    const char *tag;
};

static const struct poly_kat poly_kats[12] = {
    /* RFC 8439 2.5.2 */
    { "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b", NULL,
      "Cryptographic Forum Research Group", "a8061dc1305136c6c22b8baf0c0127a9" },
    /* A.3 #1: all zero */
    { "0000000000000000000000000000000000000000000000000000000000000000",
      "0000000000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000000000000000000",
      NULL, "00000000000000000000000000000000" },
    /* #2: r = 0, the tag is s */
    { "0000000000000000000000000000000036e5f6b5c5e06070f0efca96227a863e", NULL,
      poly_ietf_text, "36e5f6b5c5e06070f0efca96227a863e" },
    /* #3: s = 0 */
    { "36e5f6b5c5e06070f0efca96227a863e00000000000000000000000000000000", NULL,
      poly_ietf_text, "f3477e7cd95417af89a6b8794c310cf0" },
    /* #4 */
    { "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0", NULL,
      poly_jabber_text, "4541669a7eaaee61e708dc7cbcc5eb62" },
    /* #5: a partially reduced h that is not fully reduced */
    { "0200000000000000000000000000000000000000000000000000000000000000",
      "ffffffffffffffffffffffffffffffff", NULL, "03000000000000000000000000000000" },
    /* #6: h + s overflows 2^128 */
    { "02000000000000000000000000000000ffffffffffffffffffffffffffffffff",
      "02000000000000000000000000000000", NULL, "03000000000000000000000000000000" },
    /* #7: a data limb of all ones with a carry from below */
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "fffffffffffffffffffffffffffffffff0ffffffffffffffffffffffffffffff"
      "11000000000000000000000000000000", NULL, "05000000000000000000000000000000" },
    /* #8: h exactly 2^130 - 5 */
    { "0100000000000000000000000000000000000000000000000000000000000000",
      "fffffffffffffffffffffffffffffffffbfefefefefefefefefefefefefefefe"
      "01010101010101010101010101010101", NULL, "00000000000000000000000000000000" },
    /* #9: h exactly 2^130 - 6 */
    { "0200000000000000000000000000000000000000000000000000000000000000",
      "fdffffffffffffffffffffffffffffff", NULL, "faffffffffffffffffffffffffffffff" },
    /* #10: 5*H + L reduction with a 131-bit intermediate result */
    { "0100000000000000040000000000000000000000000000000000000000000000",
      "e33594d7505e43b900000000000000003394d7505e4379cd0100000000000000"
      "0000000000000000000000000000000001000000000000000000000000000000", NULL,
      "14000000000000005500000000000000" },
    /* #11: ... and a 131-bit final result */
    { "0100000000000000040000000000000000000000000000000000000000000000",
      "e33594d7505e43b900000000000000003394d7505e4379cd0100000000000000"
      "00000000000000000000000000000000", NULL, "13000000000000000000000000000000" },
};

static void poly_known_answers(void)
{
    size_t i, j;

    CHECK(strlen(poly_ietf_text) == 375 && strlen(poly_jabber_text) == 127);
    for (i = 0; i < 12; i++) {
        const struct poly_kat *v = &poly_kats[i];
        uint8_t key[32], msg[400], want[16], got[16], ref[16];
        size_t len;
        pp_poly1305_ctx c;
        CHECK(test_hex_to(v->key, key, 32) == 32);
        CHECK(test_hex_to(v->tag, want, 16) == 16);
        if (v->msg != NULL) {
            len = test_hex_to(v->msg, msg, sizeof(msg));
        } else {
            len = strlen(v->text);
            memcpy(msg, v->text, len);
        }
        pp_poly1305(got, key, msg, len);
        if (!CHECK_MEM(got, want, 16)) {
            fprintf(stderr, "  Poly1305 known answer %zu (0: RFC 8439 2.5.2, n: A.3 #n)\n", i);
        }
        /* The typed vector is OpenSSL's answer too. */
        ossl_poly(ref, key, msg, len);
        CHECK_MEM(ref, want, 16);
        pp_poly1305_init(&c, key);
        for (j = 0; j < len; j++) {
            pp_poly1305_update(&c, msg + j, 1);
        }
        pp_poly1305_finish(&c, got);
        CHECK_MEM(got, want, 16);
    }
}

/* A random key and len random message bytes, checked. */
static void random_case(uint8_t k[32], uint8_t *m, size_t len)
{
    size_t i;
    for (i = 0; i < 32; i++) {
        k[i] = (uint8_t)rand();
    }
    for (i = 0; i < len; i++) {
        m[i] = (uint8_t)rand();
    }
    check_one(k, m, len);
}

static void poly1305_run_cases(void)
{
    static uint8_t m[4200];
    uint8_t k[32];
    size_t len;

    poly_known_answers();
    srand(1305);
    for (len = 0; len <= 600; len++) {
        random_case(k, m, len);
    }
    /* Edge cases: r all ones before clamping, s all ones, messages all 0xff. */
    memset(k, 0xff, 32);
    memset(m, 0xff, sizeof(m));
    for (len = 0; len <= 600; len += 7) {
        check_one(k, m, len);
    }
    memset(k, 0, 16);
    check_one(k, m, 600);
    /* r = 1 and all-0xff blocks: h reaches 3 * 2^129 - 3 at block 3, so the
     * fold of the bits from 2^130 on carries out of the low 128 bits (the
     * radix-2^32 code's h3 -> h4 carry). */
    k[0] = 1;
    for (len = 16; len <= 176; len += 16) {
        check_one(k, m, len);
    }
    /* Long messages (the 8-block x86-64 path takes whole runs of 128
     * bytes from 256 bytes on): random, then all-0xff with the all-ones
     * key, which keeps every limb at its bound. */
    for (len = 601; len <= sizeof(m); len += 37) {
        random_case(k, m, len);
    }
    memset(k, 0xff, 32);
    memset(m, 0xff, sizeof(m));
    for (len = 256; len <= sizeof(m); len += 131) {
        check_one(k, m, len);
    }
}

#endif /* PICOPSA_TEST_POLY1305_CASES_H */
