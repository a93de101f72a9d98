/*
 * test_util.c -- see test_util.h.
 */
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

unsigned long test_passed;
unsigned long test_failed;

int test_check(int ok, const char *expr, const char *file, int line)
{
    if (ok) {
        test_passed++;
    } else {
        test_failed++;
        fprintf(stderr, "FAIL %s:%d: %s\n", file, line, expr);
    }
    return ok;
}

int test_check_int(long got, long want, const char *expr, const char *file, int line)
{
    if (got == want) {
        test_passed++;
        return 1;
    }
    test_failed++;
    fprintf(stderr, "FAIL %s:%d: %s is %ld, expected %ld\n", file, line, expr, got, want);
    return 0;
}

static void print_hex(const char *label, const uint8_t *p, size_t n)
{
    size_t i;
    fprintf(stderr, "  %s: ", label);
    for (i = 0; i < n; i++) {
        fprintf(stderr, "%02x", p[i]);
    }
    fprintf(stderr, "\n");
}

int test_check_mem(const void *a, const void *b, size_t n, const char *expr, const char *file, int line)
{
    if (n == 0 || memcmp(a, b, n) == 0) {
        test_passed++;
        return 1;
    }
    test_failed++;
    fprintf(stderr, "FAIL %s:%d: %s (%zu bytes)\n", file, line, expr, n);
    print_hex("got ", (const uint8_t *)a, n);
    print_hex("want", (const uint8_t *)b, n);
    return 0;
}

int test_report(const char *name)
{
    printf("%s: %lu passed, %lu failed\n", name, test_passed, test_failed);
    fflush(stdout);
    return (test_failed == 0 && test_passed > 0) ? 0 : 1;
}

int test_skip(const char *name, const char *reason)
{
    printf("%s: SKIPPED (%s), %lu passed, %lu failed\n", name, reason, test_passed, test_failed);
    fflush(stdout);
    return test_failed == 0 ? TEST_SKIP_CODE : 1;
}

static int hex_nibble(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

size_t test_hex_to(const char *hex, uint8_t *out, size_t out_size)
{
    size_t n = strlen(hex), i;
    if (n % 2 != 0 || n / 2 > out_size) {
        fprintf(stderr, "test_hex_to: bad hex or too long (%zu chars)\n", n);
        abort();
    }
    for (i = 0; i < n / 2; i++) {
        int hi = hex_nibble(hex[2 * i]), lo = hex_nibble(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            fprintf(stderr, "test_hex_to: bad hex digit\n");
            abort();
        }
        out[i] = (uint8_t)((hi << 4) | lo);
    }
    return n / 2;
}

uint8_t *test_hex_decode(const char *hex, size_t *len)
{
    size_t n = strlen(hex) / 2;
    uint8_t *buf = (uint8_t *)malloc(n + 1);
    if (buf == NULL) {
        abort();
    }
    *len = test_hex_to(hex, buf, n + 1);
    return buf;
}

const char *test_data_path(const char *relative)
{
    static char path[4096];
    const char *dir = getenv("PICOPSA_TEST_DATA_DIR");
#ifdef PICOPSA_TEST_DATA_DIR
    if (dir == NULL) {
        dir = PICOPSA_TEST_DATA_DIR;
    }
#endif
    if (dir == NULL) {
        dir = "tests/data";
    }
    snprintf(path, sizeof(path), "%s/%s", dir, relative);
    return path;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

void test_rng_seed(uint64_t default_seed)
{
    const char *env = getenv("PICOPSA_TEST_SEED");
    uint64_t seed = env != NULL ? strtoull(env, NULL, 0) : default_seed;
    rng_state = seed != 0 ? seed : 1;
    printf("test seed: 0x%llx\n", (unsigned long long)seed);
}

uint64_t test_rng_u64(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dull;
}

void test_rng_bytes(uint8_t *out, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) {
        out[i] = (uint8_t)(test_rng_u64() >> 56);
    }
}

size_t test_rng_range(size_t lo, size_t hi_inclusive)
{
    return lo + (size_t)(test_rng_u64() % (uint64_t)(hi_inclusive - lo + 1));
}

int test_all_zero(const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    uint8_t acc = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        acc |= b[i];
    }
    return acc == 0;
}
