/*
 * test_poly1305.c -- Poly1305 (RFC 8439 2.5) as the library builds it:
 * radix 2^44 on hosts whose compiler has unsigned __int128, 2^26
 * elsewhere; on x86-64 the 8-block vector paths (poly1305_x86.c: AVX-512
 * IFMA, AVX-512VL, AVX2) and, capped, the one-block loop. The cases are in poly1305_cases.h;
 * test_poly1305_r26.c runs the same cases on the 2^26 code.
 */
#include "poly1305/poly1305.h"
#include "poly1305/poly1305_simd.h"
#include "poly1305_cases.h"

#if PP_POLY1305_X86
/* Chunks of 0..700 bytes (so each vector path starts and stops at many
 * offsets, with runs the one-block loop finishes) under every cap, against
 * the one-block loop alone on the same key and message. */
static void chunked_across_paths(void)
{
    static uint8_t m[3000];
    uint8_t k[32], want[16], got[16];
    unsigned round;
    size_t i;

    srand(8439);
    for (round = 0; round < 200; round++) {
        size_t len = (size_t)rand() % sizeof(m);
        unsigned seed = (unsigned)rand();
        int limit;
        for (i = 0; i < sizeof(k); i++) {
            k[i] = (uint8_t)rand();
        }
        for (i = 0; i < len; i++) {
            m[i] = round % 5u == 0 ? 0xff : (uint8_t)rand();
        }
        pp_poly1305_simd_restrict(0);
        pp_poly1305(want, k, m, len);
        for (limit = 1; limit <= 3; limit++) {
            pp_poly1305_ctx c;
            size_t off = 0;
            srand(seed);
            pp_poly1305_simd_restrict(limit);
            pp_poly1305_init(&c, k);
            while (off < len) {
                size_t n = (size_t)rand() % 701u;
                n = n > len - off ? len - off : n;
                pp_poly1305_update(&c, m + off, n);
                off += n;
            }
            pp_poly1305_finish(&c, got);
            if (!CHECK_MEM(got, want, 16)) {
                fprintf(stderr, "  length %zu, cap %d\n", len, limit);
            }
        }
        srand(seed + 1u);
    }
    pp_poly1305_simd_restrict(3);
}
#endif

int main(void)
{
    pp_poly1305_ctx c;

    /* The limb width says which radix is under test. */
#if defined(__SIZEOF_INT128__)
    CHECK(sizeof(c.r[0]) == 8);
#else
    CHECK(sizeof(c.r[0]) == 4);
#endif
    printf("Poly1305 radix 2^%d\n", sizeof(c.r[0]) == 8 ? 44 : 26);
    poly1305_run_cases();
    /* Again with the x86-64 vector paths capped one by one (IFMA, then
     * AVX-512VL, AVX2, none): each against OpenSSL and the chunked
     * one-block loop; the caps are no-ops where a path is missing. */
#if PP_POLY1305_X86
    printf("Poly1305 x86-64 path: %s\n", pp_poly1305_x86_name());
#endif
    {
        int limit;
        for (limit = 2; limit >= 0; limit--) {
            pp_poly1305_simd_restrict(limit);
            poly1305_run_cases();
        }
    }
    pp_poly1305_simd_restrict(3);
#if PP_POLY1305_X86
    chunked_across_paths();
#endif
    return test_report("test_poly1305");
}
