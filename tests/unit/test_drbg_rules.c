/*
 * test_drbg_rules.c -- HMAC_DRBG and CTR_DRBG follow the same SP 800-90A
 * rules, so the library RNG may take either (PICOPSA_DRBG_MECHANISM).
 *
 * Both mechanisms are driven through one random script of operations
 * (generate with and without additional input, reseed, reseed interval,
 * prediction resistance, bad lengths, uninstantiate / instantiate again),
 * and after every step each mechanism's status must equal the one an
 * independent model of the rules predicts:
 *  - generate needs a reseed (RESEED_REQUIRED = INSUFFICIENT_ENTROPY,
 *    no output, no state change) when more than reseed_interval generates
 *    happened since the last (re)seed (SP 800-90A 10.1.2.5 / 10.2.1.5.2
 *    step 1), or when prediction resistance is on and no reseed happened
 *    since the last generate (9.3.1 step 7; instantiation alone does not
 *    count, as in the CAVP "PR = True" procedure);
 *  - a reseed resets the counter (10.1.2.4 / 10.2.1.4.2 step 5);
 *  - requests over 2^16 bytes, additional input over 2^16 bytes and
 *    entropy under 32 bytes are INVALID_ARGUMENT, with no state change;
 *  - after uninstantiate everything is BAD_STATE;
 *  - the interval setter clamps into 1..2^48 (table 2 / table 3).
 * The public counters of the two states must agree, and a refused
 * generate leaves both the state and the output buffer as they were.
 */
#include <stdlib.h>
#include <string.h>

#include <picopsa/config.h>

#include "random/ctr_drbg.h"
#include "random/hmac_drbg.h"
#include "test_util.h"

#define STEPS 4000u
#define MAX_OUT 300u

/* The rules, with nothing but public counters. */
typedef struct {
    int instantiated;
    uint64_t counter;     /* reseed_counter */
    uint64_t interval;
    int pr;
    int reseeded;
} model;

static pp_hmac_drbg hmac;
static pp_ctr_drbg ctr;
static model want;

static uint8_t entropy[48], extra[MAX_OUT];

static void check_counters(void)
{
    if (!want.instantiated) {
        CHECK(hmac.hash_alg == 0 && ctr.instantiated == 0);
        return;
    }
    CHECK(hmac.reseed_counter == want.counter && ctr.reseed_counter == want.counter);
    CHECK(hmac.reseed_interval == want.interval && ctr.reseed_interval == want.interval);
    CHECK(hmac.prediction_resistance == (uint32_t)want.pr &&
          ctr.prediction_resistance == (uint32_t)want.pr);
    CHECK(hmac.reseeded == (uint32_t)want.reseeded && ctr.reseeded == (uint32_t)want.reseeded);
}

static void do_instantiate(void)
{
    size_t pers_len = test_rng_range(0, 40);
    test_rng_bytes(entropy, sizeof(entropy));
    test_rng_bytes(extra, pers_len);
    CHECK_STATUS(pp_hmac_drbg_instantiate(&hmac, PSA_ALG_SHA_256, entropy, 32, entropy + 32, 16,
                                          extra, pers_len), PSA_SUCCESS);
    CHECK_STATUS(pp_ctr_drbg_instantiate(&ctr, entropy, 32, entropy + 32, 16, extra, pers_len),
                 PSA_SUCCESS);
    want.instantiated = 1;
    want.counter = 1;
    want.interval = PICOPSA_DRBG_RESEED_INTERVAL;
    want.pr = PICOPSA_DRBG_PREDICTION_RESISTANCE ? 1 : 0;
    want.reseeded = 0;
}

static void do_generate(size_t len, size_t add_len)
{
    static uint8_t out_h[MAX_OUT], out_c[MAX_OUT];
    static pp_hmac_drbg hmac_before;
    static pp_ctr_drbg ctr_before;
    psa_status_t expect;

    memset(out_h, 0x5c, sizeof(out_h));
    memset(out_c, 0x5c, sizeof(out_c));
    hmac_before = hmac;
    ctr_before = ctr;
    test_rng_bytes(extra, add_len);
    if (!want.instantiated) {
        expect = PSA_ERROR_BAD_STATE;
    } else if (want.counter > want.interval || (want.pr && !want.reseeded)) {
        expect = PSA_ERROR_INSUFFICIENT_ENTROPY;
    } else {
        expect = PSA_SUCCESS;
    }
    CHECK_STATUS(pp_hmac_drbg_generate(&hmac, out_h, len, extra, add_len), expect);
    CHECK_STATUS(pp_ctr_drbg_generate(&ctr, out_c, len, extra, add_len), expect);
    if (expect == PSA_SUCCESS) {
        want.counter++;
        want.reseeded = 0;
        if (len >= 8) {
            CHECK(memcmp(out_h, out_c, len) != 0);   /* two different mechanisms */
        }
    } else {
        uint8_t untouched[MAX_OUT];
        memset(untouched, 0x5c, sizeof(untouched));
        CHECK_MEM(out_h, untouched, sizeof(untouched));
        CHECK_MEM(out_c, untouched, sizeof(untouched));
        CHECK(memcmp(&hmac, &hmac_before, sizeof(hmac)) == 0);
        CHECK(memcmp(&ctr, &ctr_before, sizeof(ctr)) == 0);
    }
}

static void do_reseed(size_t add_len)
{
    psa_status_t expect = want.instantiated ? PSA_SUCCESS : PSA_ERROR_BAD_STATE;
    test_rng_bytes(entropy, 32);
    test_rng_bytes(extra, add_len);
    CHECK_STATUS(pp_hmac_drbg_reseed(&hmac, entropy, 32, extra, add_len), expect);
    CHECK_STATUS(pp_ctr_drbg_reseed(&ctr, entropy, 32, extra, add_len), expect);
    if (expect == PSA_SUCCESS) {
        want.counter = 1;
        want.reseeded = 1;
    }
}

/* Bad lengths: INVALID_ARGUMENT (BAD_STATE first when not instantiated),
 * and nothing changes. */
static void do_bad_lengths(void)
{
    static uint8_t big[PP_HMAC_DRBG_MAX_REQUEST + 1u];
    psa_status_t expect = want.instantiated ? PSA_ERROR_INVALID_ARGUMENT : PSA_ERROR_BAD_STATE;
    pp_hmac_drbg hmac_before = hmac;
    pp_ctr_drbg ctr_before = ctr;

    CHECK_STATUS(pp_hmac_drbg_generate(&hmac, big, sizeof(big), NULL, 0), expect);
    CHECK_STATUS(pp_ctr_drbg_generate(&ctr, big, sizeof(big), NULL, 0), expect);
    CHECK_STATUS(pp_hmac_drbg_generate(&hmac, extra, 16, big, sizeof(big)), expect);
    CHECK_STATUS(pp_ctr_drbg_generate(&ctr, extra, 16, big, sizeof(big)), expect);
    CHECK_STATUS(pp_hmac_drbg_reseed(&hmac, entropy, 31, NULL, 0), expect);
    CHECK_STATUS(pp_ctr_drbg_reseed(&ctr, entropy, 31, NULL, 0), expect);
    CHECK_STATUS(pp_hmac_drbg_reseed(&hmac, entropy, 32, big, sizeof(big)), expect);
    CHECK_STATUS(pp_ctr_drbg_reseed(&ctr, entropy, 32, big, sizeof(big)), expect);
    CHECK(memcmp(&hmac, &hmac_before, sizeof(hmac)) == 0);
    CHECK(memcmp(&ctr, &ctr_before, sizeof(ctr)) == 0);
}

static void do_interval(void)
{
    static const uint64_t odd[] = { 0, (uint64_t)1 << 48, ((uint64_t)1 << 48) + 1, UINT64_MAX };
    uint64_t interval;
    if (!want.instantiated) {
        return;   /* the setters have no status; they only touch a live state */
    }
    if (test_rng_range(0, 7) == 0) {
        interval = odd[test_rng_range(0, 3)];
    } else {
        interval = test_rng_range(1, 6);
    }
    pp_hmac_drbg_set_reseed_interval(&hmac, interval);
    pp_ctr_drbg_set_reseed_interval(&ctr, interval);
    want.interval = interval < 1 ? 1 : interval > ((uint64_t)1 << 48) ? (uint64_t)1 << 48 : interval;
}

static void do_prediction_resistance(void)
{
    int on = (int)test_rng_range(0, 1);
    if (!want.instantiated) {
        return;
    }
    /* Any nonzero value means on. */
    pp_hmac_drbg_set_prediction_resistance(&hmac, on ? 7 : 0);
    pp_ctr_drbg_set_prediction_resistance(&ctr, on ? -1 : 0);
    want.pr = on;
}

static void do_uninstantiate(void)
{
    pp_hmac_drbg_uninstantiate(&hmac);
    pp_ctr_drbg_uninstantiate(&ctr);
    want.instantiated = 0;
}

/* The scripted sequences of the CAVP procedures, checked step by step. */
static void fixed_sequences(void)
{
    size_t i;

    /* Prediction resistance on: instantiate alone does not allow a
     * generate; each generate needs its own reseed. */
    do_instantiate();
    pp_hmac_drbg_set_prediction_resistance(&hmac, 1);
    pp_ctr_drbg_set_prediction_resistance(&ctr, 1);
    want.pr = 1;
    do_generate(32, 0);                       /* refused */
    CHECK(hmac.reseeded == 0 && ctr.reseeded == 0);
    do_reseed(0);
    do_generate(32, 0);                       /* allowed */
    do_generate(32, 0);                       /* refused again */
    do_reseed(16);
    do_reseed(0);                             /* two reseeds: still one generate */
    do_generate(32, 16);
    do_generate(0, 0);                        /* an empty request counts too */
    check_counters();

    /* Interval 3: exactly three generates, then a reseed is required
     * (prediction resistance off, whatever the build's default). */
    do_instantiate();
    pp_hmac_drbg_set_prediction_resistance(&hmac, 0);
    pp_ctr_drbg_set_prediction_resistance(&ctr, 0);
    want.pr = 0;
    pp_hmac_drbg_set_reseed_interval(&hmac, 3);
    pp_ctr_drbg_set_reseed_interval(&ctr, 3);
    want.interval = 3;
    for (i = 0; i < 3; i++) {
        do_generate(17, i);
        CHECK(want.counter == i + 2);
    }
    do_generate(17, 0);                       /* refused */
    do_reseed(5);
    do_generate(17, 0);
    check_counters();
    do_uninstantiate();
    do_generate(16, 0);
    do_reseed(0);
    do_bad_lengths();
    check_counters();
}

int main(void)
{
    unsigned step;

    test_rng_seed(0x5e9d);
    fixed_sequences();
    do_instantiate();
    for (step = 0; step < STEPS; step++) {
        switch (test_rng_range(0, 15)) {
        case 0:
        case 1:
        case 2:
        case 3:
        case 4:
            do_generate(test_rng_range(0, MAX_OUT), 0);
            break;
        case 5:
        case 6:
            do_generate(test_rng_range(0, MAX_OUT), test_rng_range(1, MAX_OUT));
            break;
        case 7:
        case 8:
            do_reseed(test_rng_range(0, 2) == 0 ? test_rng_range(1, MAX_OUT) : 0);
            break;
        case 9:
        case 10:
            do_interval();
            break;
        case 11:
            do_prediction_resistance();
            break;
        case 12:
            do_bad_lengths();
            break;
        case 13:
            if (test_rng_range(0, 9) == 0) {
                do_uninstantiate();
            }
            break;
        default:
            if (!want.instantiated) {
                do_instantiate();
            }
            break;
        }
        check_counters();
    }
    do_uninstantiate();
    return test_report("drbg_rules");
}
