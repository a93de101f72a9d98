/*
 * test_poly1305_r32.c -- the radix-2^32 Poly1305 code (the Cortex-M4/M7/M33
 * form, src/poly1305/poly1305.c PP_POLY1305_RADIX32) on the host, the way
 * test_poly1305_r26.c runs the radix-2^26 code: poly1305.c compiled into
 * the test with both switches forced to 1 and the external symbols renamed
 * (pp_poly1305_r32_*), then the shared cases of poly1305_cases.h (RFC 8439
 * 2.5.2 and A.3, random keys and messages against OpenSSL, random
 * chunking, edge keys and all-0xff messages).
 */
#define PP_POLY1305_RADIX26 1
#define PP_POLY1305_RADIX32 1
#define pp_poly1305_init pp_poly1305_r32_init
#define pp_poly1305_update pp_poly1305_r32_update
#define pp_poly1305_finish pp_poly1305_r32_finish
#define pp_poly1305 pp_poly1305_r32

#include "poly1305/poly1305.c"

#include "poly1305_cases.h"

int main(void)
{
    pp_poly1305_ctx c;

    CHECK(sizeof(c.r[0]) == 4 && sizeof(c.r) == 20);  /* the radix-2^26 layout */
    poly1305_run_cases();
    return test_report("test_poly1305_r32");
}
