/*
 * ct_poly1305_r32.c -- ct_poly1305's checks on the radix-2^32 Poly1305
 * code (the Cortex-M4/M7/M33 form, PP_POLY1305_RADIX32), which host
 * library builds do not take: poly1305.c compiled into the test with the
 * switches forced and its external symbols renamed, as
 * tests/unit/test_poly1305_r32.c does, then ct_poly1305.c's test itself
 * (its report line keeps the name ct_poly1305). Valgrind cannot run the
 * Thumb-2 build; the C is the same source at -O2/-O0 on the host.
 */
#define PP_POLY1305_RADIX26 1
#define PP_POLY1305_RADIX32 1
#define pp_poly1305_init pp_poly1305_r32_init
#define pp_poly1305_update pp_poly1305_r32_update
#define pp_poly1305_finish pp_poly1305_r32_finish
#define pp_poly1305 pp_poly1305_r32

#include "poly1305/poly1305.c"

#include "ct_poly1305.c"
