/* ctest-label: slow */
/*
 * test_ed25519_slow.c -- test_ed25519.c with 20,000 random OpenSSL
 * cross-check cases instead of 1,000 (run with `ctest -L slow`).
 */
#define ED25519_TEST_ITERATIONS 20000
#define ED25519_TEST_NAME "ed25519_slow"
#include "test_ed25519.c"
