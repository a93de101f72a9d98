/*
 * test_poly1305_r26.c -- the radix-2^26 Poly1305 code on a host whose
 * library build takes radix 2^44.
 *
 * PP_POLY1305_RADIX26 is a compile-time switch only (poly1305.h: defined
 * from __SIZEOF_INT128__ unless preset), and the context layout depends
 * on it, so the 2^26 code cannot be reached through the library built for
 * 2^44. This file compiles src/poly1305/poly1305.c a second time into the
 * test itself with the switch forced to 1 and the four external symbols
 * renamed (pp_poly1305_r26_*), so they do not collide with the library's
 * 2^44 ones it links against, then runs the same cases as
 * test_poly1305.c (poly1305_cases.h). This needs no CMake change (no
 * second library, no per-target compile definitions) and the file under
 * test is the library source itself, not a copy.
 */
#define PP_POLY1305_RADIX26 1
#define pp_poly1305_init pp_poly1305_r26_init
#define pp_poly1305_update pp_poly1305_r26_update
#define pp_poly1305_finish pp_poly1305_r26_finish
#define pp_poly1305 pp_poly1305_r26

#include "poly1305/poly1305.c"

#include "poly1305_cases.h"

int main(void)
{
    pp_poly1305_ctx c;

    CHECK(sizeof(c.r[0]) == 4 && sizeof(c.r) == 20);  /* five 26-bit limbs */
    poly1305_run_cases();
    return test_report("test_poly1305_r26");
}
