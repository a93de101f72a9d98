/*
 * test_poly1305.c -- Poly1305 (RFC 8439 2.5), white-box:
 *  - the RFC 8439 2.5.2 vector;
 *  - random keys and messages, lengths 0..600, one-shot against OpenSSL's
 *    EVP_MAC "POLY1305" and against random update chunking;
 *  - edge keys (all-ones r before clamping, all-ones s) and all-0xff
 *    messages, driving h close to 2^130-5.
 * Build with -DPP_POLY1305_RADIX26=1 in the compile flags to test the
 * 2^26 code on a 64-bit host.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/params.h>

#include "poly1305/poly1305.h"
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

int main(void)
{
    static const uint8_t key[32] = {
        0x85, 0xd6, 0xbe, 0x78, 0x57, 0x55, 0x6d, 0x33, 0x7f, 0x44, 0x52, 0xfe, 0x42, 0xd5, 0x06, 0xa8,
        0x01, 0x03, 0x80, 0x8a, 0xfb, 0x0d, 0xb2, 0xfd, 0x4a, 0xbf, 0xf6, 0xaf, 0x41, 0x49, 0xf5, 0x1b};
    static const uint8_t want[16] = {0xa8, 0x06, 0x1d, 0xc1, 0x30, 0x51, 0x36, 0xc6,
                                     0xc2, 0x2b, 0x8b, 0xaf, 0x0c, 0x01, 0x27, 0xa9};
    static const char msg[] = "Cryptographic Forum Research Group";
    uint8_t tag[16], k[32], m[600];
    size_t len;
    int i;

    pp_poly1305(tag, key, (const uint8_t *)msg, strlen(msg));
    CHECK_MEM(tag, want, 16);

    srand(1305);
    for (len = 0; len <= 600; len++) {
        for (i = 0; i < 32; i++) {
            k[i] = (uint8_t)rand();
        }
        for (i = 0; i < (int)len; i++) {
            m[i] = (uint8_t)rand();
        }
        check_one(k, m, len);
    }
    /* Edge cases: r all ones before clamping, s all ones, messages all 0xff. */
    memset(k, 0xff, 32);
    memset(m, 0xff, sizeof(m));
    for (len = 0; len <= 600; len += 7) {
        check_one(k, m, len);
    }
    memset(k, 0, 16);
    check_one(k, m, 600);
    return test_report("test_poly1305");
}
