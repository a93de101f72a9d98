/*
 * test_util.h -- the tiny test framework every picopsa test program uses.
 *
 * A test program is a plain main() that calls CHECK()/CHECK_STATUS() and
 * ends with `return test_report("name");`, which prints the closing line
 * "name: N passed, N failed" (the format CI reads) and returns the exit
 * code. Tests may use malloc and stdio; the library may not.
 *
 * Test data: test_data_path("vectors/wycheproof/x.json") resolves a path
 * below tests/data (the build passes PICOPSA_TEST_DATA_DIR; the
 * environment variable of the same name overrides it).
 */
#ifndef PICOPSA_TEST_UTIL_H
#define PICOPSA_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

extern unsigned long test_passed;
extern unsigned long test_failed;

/* Record one check; prints the failing expression with file:line. */
int test_check(int ok, const char *expr, const char *file, int line);

#define CHECK(cond) test_check((cond) ? 1 : 0, #cond, __FILE__, __LINE__)
/* Compare a psa_status_t (or any integer) with the expected value and
 * print both on mismatch. */
#define CHECK_STATUS(got, want) test_check_int((long)(got), (long)(want), #got, __FILE__, __LINE__)
int test_check_int(long got, long want, const char *expr, const char *file, int line);
/* Compare buffers; prints both in hex on mismatch. */
#define CHECK_MEM(a, b, n) test_check_mem((a), (b), (n), #a " == " #b, __FILE__, __LINE__)
int test_check_mem(const void *a, const void *b, size_t n, const char *expr, const char *file, int line);

/* Print "name: N passed, N failed" and return 0 when nothing failed and at
 * least one check ran, 1 otherwise (a test that checks nothing fails). */
int test_report(const char *name);

/* Exit code ctest reads as "skipped" (SKIP_RETURN_CODE, set for every test
 * in CMakeLists.txt). */
#define TEST_SKIP_CODE 77
/* For a test whose whole subject is configured out (PSA_WANT_* = 0 in
 * picopsa/config.h): print "name: SKIPPED (reason), ..." and return
 * TEST_SKIP_CODE from main. Checks made before it (that the configured-out
 * mechanism answers PSA_ERROR_NOT_SUPPORTED) still count: if one failed,
 * it returns 1, a failure, instead. */
int test_skip(const char *name, const char *reason);

/* Decode lowercase/uppercase hex into a malloc'd buffer (never NULL, even
 * for ""); *len gets the byte count. Aborts on malformed hex. */
uint8_t *test_hex_decode(const char *hex, size_t *len);
/* Decode into a caller buffer; returns the byte count, aborts if too long. */
size_t test_hex_to(const char *hex, uint8_t *out, size_t out_size);

/* Absolute path of a file below tests/data (static buffer). */
const char *test_data_path(const char *relative);

/* Deterministic PRNG for test inputs (xorshift64*; NOT for keys in the
 * library). Seed from PICOPSA_TEST_SEED if set, else the given default;
 * the seed used is printed so failures can be replayed. */
void test_rng_seed(uint64_t default_seed);
uint64_t test_rng_u64(void);
void test_rng_bytes(uint8_t *out, size_t len);
size_t test_rng_range(size_t lo, size_t hi_inclusive);

/* 1 when the n bytes at p are all zero (e.g. an operation struct after
 * finish or abort: no key material left). */
int test_all_zero(const void *p, size_t n);

#endif /* PICOPSA_TEST_UTIL_H */
