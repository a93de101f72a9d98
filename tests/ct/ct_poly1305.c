/*
 * ct_poly1305.c -- Poly1305 (RFC 8439 2.5) is constant time in its key and
 * message: under valgrind memcheck with both marked secret, the one-shot
 * and the multipart (uneven chunks) must not branch or index memory on
 * them. The declassified tags are compared with each other. From 256
 * bytes the one-shot takes the 8-block AVX2 path on x86-64 hosts
 * (poly1305_x86.c; valgrind runs AVX2), the chunks the one-block loop.
 */
#include <string.h>

#include "ct.h"
#include "poly1305/poly1305.h"
#include "test_util.h"

int main(void)
{
    uint8_t key[32], msg[700], a[16], b[16];
    pp_poly1305_ctx c;
    size_t i, len;

    CHECK(CT_UNDER_VALGRIND());
    for (len = 0; len <= sizeof(msg); len += 37) {
        for (i = 0; i < sizeof(key); i++) {
            key[i] = (uint8_t)(i * 29u + len);
        }
        for (i = 0; i < len; i++) {
            msg[i] = (uint8_t)(0xff - i - len);
        }
        if (len == 296 || len == 666) {
            memset(key, 0xff, sizeof(key));
            memset(msg, 0xff, len);
        }
        CT_SECRET(key, sizeof(key));
        CT_SECRET(msg, len);
        pp_poly1305(a, key, msg, len);
        pp_poly1305_init(&c, key);
        for (i = 0; i < len; i += 13) {
            pp_poly1305_update(&c, msg + i, len - i < 13 ? len - i : 13);
        }
        pp_poly1305_finish(&c, b);
        CT_PUBLIC(a, 16);
        CT_PUBLIC(b, 16);
        CT_PUBLIC(key, sizeof(key));
        CT_PUBLIC(msg, len);
        CHECK_MEM(a, b, 16);
    }
    return test_report("ct_poly1305");
}
