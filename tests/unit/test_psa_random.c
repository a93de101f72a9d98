/*
 * test_psa_random.c -- psa_generate_random over the library DRBG:
 *  - BAD_STATE before psa_crypto_init, INVALID_ARGUMENT for NULL with a
 *    length, success for an empty request;
 *  - every length 1..300 and large requests (crossing the DRBG's per-call
 *    limit) write exactly the requested bytes (guard bytes untouched);
 *  - outputs do not repeat (no two 16-byte blocks equal across 64 KB);
 *  - FIPS 140-2 (4.9.1) statistical tests over 20000 bits: monobit, poker,
 *    runs, long run; and a chi-square over byte values of 1 MB.
 * The statistical bounds fail a good generator with probability < 1e-6.
 */
#include <psa/crypto.h>

#include <stdlib.h>
#include <string.h>

#include "test_util.h"

static void test_before_init(void)
{
    uint8_t buf[16];
    CHECK_STATUS(psa_generate_random(buf, sizeof(buf)), PSA_ERROR_BAD_STATE);
}

static void test_arguments_and_lengths(void)
{
    uint8_t buf[300 + 16];
    size_t len, i;
    CHECK_STATUS(psa_generate_random(NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(psa_generate_random(buf, 0), PSA_SUCCESS);
    CHECK_STATUS(psa_generate_random(NULL, 1), PSA_ERROR_INVALID_ARGUMENT);
    for (len = 1; len <= 300; len++) {
        int changed = 0;
        memset(buf, 0x5c, sizeof(buf));
        CHECK_STATUS(psa_generate_random(buf, len), PSA_SUCCESS);
        for (i = 0; i < len; i++) {
            changed |= buf[i] != 0x5c;
        }
        for (i = len; i < sizeof(buf); i++) {
            if (buf[i] != 0x5c) {
                break;
            }
        }
        CHECK(i == sizeof(buf));            /* nothing written past len */
        if (len >= 8) {
            CHECK(changed);                 /* 2^-64 chance of a false alarm */
        }
    }
}

static int compare_blocks(const void *a, const void *b)
{
    return memcmp(a, b, 16);
}

static void test_no_repeats(void)
{
    const size_t size = 65536 + 3;  /* one big request, odd length */
    uint8_t *buf = (uint8_t *)malloc(size + 1);
    size_t i, repeats = 0;
    buf[size] = 0xa5;
    CHECK_STATUS(psa_generate_random(buf, size), PSA_SUCCESS);
    CHECK(buf[size] == 0xa5);
    qsort(buf, 65536 / 16, 16, compare_blocks);
    for (i = 1; i < 65536 / 16; i++) {
        repeats += memcmp(buf + 16 * (i - 1), buf + 16 * i, 16) == 0;
    }
    CHECK(repeats == 0);
    free(buf);
}

/* FIPS 140-2 4.9.1 power-up tests on one 20000-bit sample. */
static void test_fips140_2(void)
{
    uint8_t sample[2500];
    unsigned long ones = 0, nibbles[16] = {0}, runs[2][7] = {{0}}, longest = 0;
    double poker = 0.0;
    unsigned run_len = 0;
    int prev = -1;
    size_t i, k;
    static const unsigned long run_lo[7] = {0, 2315, 1114, 527, 240, 103, 103};
    static const unsigned long run_hi[7] = {0, 2685, 1386, 723, 384, 209, 209};

    CHECK_STATUS(psa_generate_random(sample, sizeof(sample)), PSA_SUCCESS);
    for (i = 0; i < sizeof(sample); i++) {
        nibbles[sample[i] >> 4]++;
        nibbles[sample[i] & 15]++;
        for (k = 0; k < 8; k++) {
            int bit = (sample[i] >> (7 - k)) & 1;
            ones += (unsigned long)bit;
            if (bit == prev) {
                run_len++;
            } else {
                if (prev >= 0) {
                    runs[prev][run_len > 6 ? 6 : run_len]++;
                    longest = run_len > longest ? run_len : longest;
                }
                prev = bit;
                run_len = 1;
            }
        }
    }
    runs[prev][run_len > 6 ? 6 : run_len]++;
    longest = run_len > longest ? run_len : longest;

    CHECK(ones > 9725 && ones < 10275);                      /* monobit */
    for (k = 0; k < 16; k++) {
        poker += (double)nibbles[k] * (double)nibbles[k];
    }
    poker = poker * 16.0 / 5000.0 - 5000.0;
    CHECK(poker > 2.16 && poker < 46.17);                    /* poker */
    for (k = 1; k <= 6; k++) {                               /* runs */
        CHECK(runs[0][k] >= run_lo[k] && runs[0][k] <= run_hi[k]);
        CHECK(runs[1][k] >= run_lo[k] && runs[1][k] <= run_hi[k]);
    }
    CHECK(longest < 26);                                     /* long run */
}

/* Chi-square of byte frequencies over 1 MB, 255 degrees of freedom:
 * mean 255, sd 22.6; 400 is beyond 6 sd. */
static void test_byte_distribution(void)
{
    const size_t size = 1u << 20;
    uint8_t *buf = (uint8_t *)malloc(size);
    unsigned long count[256] = {0};
    double chi = 0.0, expected = (double)size / 256.0;
    size_t i;
    CHECK_STATUS(psa_generate_random(buf, size), PSA_SUCCESS);
    for (i = 0; i < size; i++) {
        count[buf[i]]++;
    }
    for (i = 0; i < 256; i++) {
        double d = (double)count[i] - expected;
        chi += d * d / expected;
    }
    printf("chi-square over 1 MB: %.1f (255 dof)\n", chi);
    CHECK(chi > 150.0 && chi < 400.0);
    free(buf);
}

int main(void)
{
    test_before_init();
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_arguments_and_lengths();
    test_no_repeats();
    test_fips140_2();
    test_byte_distribution();
    return test_report("psa_random");
}
