/*
 * test_poly1305.c -- Poly1305 (RFC 8439 2.5) as the library builds it:
 * radix 2^44 on hosts whose compiler has unsigned __int128, 2^26
 * elsewhere; on x86-64 with AVX2 the 8-block vector path (poly1305_x86.c)
 * and, capped, the one-block loop. The cases are in poly1305_cases.h;
 * test_poly1305_r26.c runs the same cases on the 2^26 code.
 */
#include "poly1305/poly1305.h"
#include "poly1305/poly1305_simd.h"
#include "poly1305_cases.h"

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
    /* Again with the x86-64 vector path capped: the one-block loop alone. */
    pp_poly1305_simd_restrict(0);
    poly1305_run_cases();
    pp_poly1305_simd_restrict(1);
    return test_report("test_poly1305");
}
