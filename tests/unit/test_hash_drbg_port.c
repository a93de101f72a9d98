/*
 * test_hash_drbg_port.c -- the library RNG (src/random/pp_random.c) against
 * a scripted entropy port, to reach the paths the real port never takes.
 *
 * This program defines picopsa_port_entropy() itself. The library is a
 * static archive, so the linker then never pulls in
 * ports/linux/entropy_linux.o (its only symbol is already defined);
 * tests/unit/test_drbg.c covers the real port.
 *
 * Checks: init reads exactly 48 bytes (entropy + nonce, SP 800-90A 8.6.7);
 * the output equals the DRBG of PICOPSA_DRBG_MECHANISM (HMAC_DRBG or
 * CTR_DRBG) instantiated by hand with the same bytes and
 * PICOPSA_DRBG_PERSONALIZATION (so pp_random adds nothing hidden, and runs
 * the mechanism the configuration names: the other one's output differs);
 * with PICOPSA_DRBG_PREDICTION_RESISTANCE every request first reads 32
 * bytes; otherwise an
 * automatic 32-byte reseed happens exactly after
 * PICOPSA_DRBG_RESEED_INTERVAL requests; a failing port gives
 * PSA_ERROR_INSUFFICIENT_ENTROPY at init and at reseed, with the output
 * zeroed, and the RNG recovers once the port works again.
 */
#include <stdlib.h>
#include <string.h>

#include <picopsa/config.h>
#include <picopsa/port.h>

#include "random/ctr_drbg.h"
#include "random/hmac_drbg.h"
#include "random/pp_random.h"
#include "test_util.h"

/* ---- the two mechanisms behind one shape --------------------------------- */

typedef struct {
    int ctr;              /* 1: CTR_DRBG, 0: HMAC_DRBG */
    pp_hmac_drbg hmac;
    pp_ctr_drbg ctr_drbg;
} ref_drbg;

static psa_status_t ref_instantiate(ref_drbg *d, int ctr, const uint8_t *seed, const char *pers,
                                    size_t pers_len)
{
    d->ctr = ctr;
    if (ctr) {
        psa_status_t status = pp_ctr_drbg_instantiate(&d->ctr_drbg, seed, 32, seed + 32, 16,
                                                      (const uint8_t *)pers, pers_len);
        pp_ctr_drbg_set_prediction_resistance(&d->ctr_drbg, 0);
        return status;
    } else {
        psa_status_t status = pp_hmac_drbg_instantiate(&d->hmac, PICOPSA_DRBG_HASH, seed, 32,
                                                       seed + 32, 16, (const uint8_t *)pers,
                                                       pers_len);
        pp_hmac_drbg_set_prediction_resistance(&d->hmac, 0);
        return status;
    }
}

static psa_status_t ref_reseed(ref_drbg *d, const uint8_t *entropy)
{
    return d->ctr ? pp_ctr_drbg_reseed(&d->ctr_drbg, entropy, 32, NULL, 0)
                  : pp_hmac_drbg_reseed(&d->hmac, entropy, 32, NULL, 0);
}

static psa_status_t ref_generate(ref_drbg *d, uint8_t *out, size_t len)
{
    return d->ctr ? pp_ctr_drbg_generate(&d->ctr_drbg, out, len, NULL, 0)
                  : pp_hmac_drbg_generate(&d->hmac, out, len, NULL, 0);
}

static void ref_free(ref_drbg *d)
{
    pp_ctr_drbg_uninstantiate(&d->ctr_drbg);
    pp_hmac_drbg_uninstantiate(&d->hmac);
}

/* What pp_random's first 100-byte request must be for a mechanism, given
 * the port bytes 0, 1, 2, ... */
static void ref_first_output(int ctr, uint8_t want[100])
{
    static const char pers[] = PICOPSA_DRBG_PERSONALIZATION;
    static ref_drbg reference;
    uint8_t seed[48];
    size_t i;

    memset(&reference, 0, sizeof(reference));
    for (i = 0; i < sizeof(seed); i++) {
        seed[i] = (uint8_t)i;
    }
    CHECK_STATUS(ref_instantiate(&reference, ctr, seed, pers, sizeof(pers) - 1), PSA_SUCCESS);
    if (PICOPSA_DRBG_PREDICTION_RESISTANCE) {
        /* The library reseeds before every request: mirror it. */
        uint8_t more[32];
        for (i = 0; i < sizeof(more); i++) {
            more[i] = (uint8_t)(48 + i);
        }
        CHECK_STATUS(ref_reseed(&reference, more), PSA_SUCCESS);
    }
    CHECK_STATUS(ref_generate(&reference, want, 100), PSA_SUCCESS);
    ref_free(&reference);
}

/* ---- scripted port ------------------------------------------------------ */

static int port_fail;             /* nonzero: the next calls fail */
static unsigned long port_calls;
static size_t port_last_len;
static uint8_t port_counter;      /* bytes are 0, 1, 2, ... (mod 256) */

int picopsa_port_entropy(uint8_t *buf, size_t len)
{
    size_t i;
    port_calls++;
    port_last_len = len;
    if (port_fail) {
        return -1;
    }
    for (i = 0; i < len; i++) {
        buf[i] = port_counter++;
    }
    return 0;
}

/* ---- tests -------------------------------------------------------------- */

static void test_init_failure(void)
{
    uint8_t out[16];
    port_fail = 1;
    CHECK_STATUS(pp_random_init(), PSA_ERROR_INSUFFICIENT_ENTROPY);
    CHECK(port_calls == 1);
    CHECK_STATUS(pp_random_bytes(out, sizeof(out)), PSA_ERROR_BAD_STATE);
    port_fail = 0;
}

static void test_matches_mechanism(void)
{
    const int ctr = PICOPSA_DRBG_MECHANISM == PICOPSA_DRBG_CTR;
    uint8_t got[100], want[100], other[100];

    port_counter = 0;
    port_calls = 0;
    CHECK_STATUS(pp_random_init(), PSA_SUCCESS);
    CHECK(port_calls == 1 && port_last_len == 48);
    CHECK_STATUS(pp_random_init(), PSA_SUCCESS);   /* idempotent: no new read */
    CHECK(port_calls == 1);

    ref_first_output(ctr, want);
    ref_first_output(!ctr, other);
    CHECK_STATUS(pp_random_bytes(got, sizeof(got)), PSA_SUCCESS);
    CHECK_MEM(got, want, sizeof(want));
    CHECK(memcmp(got, other, sizeof(got)) != 0);
}

/* The port fails while a reseed is due: `attempts` requests fail with
 * zeroed output, then the RNG works again once the port does. */
static void check_failed_reseed(int attempts)
{
    uint8_t out[8], zero[8];
    int i;

    memset(zero, 0, sizeof(zero));
    port_fail = 1;
    for (i = 0; i < attempts; i++) {
        memset(out, 0xaa, sizeof(out));
        CHECK_STATUS(pp_random_bytes(out, sizeof(out)), PSA_ERROR_INSUFFICIENT_ENTROPY);
        CHECK_MEM(out, zero, sizeof(out));
    }
    port_fail = 0;
    CHECK_STATUS(pp_random_bytes(out, sizeof(out)), PSA_SUCCESS);
}

static void test_reseed_schedule(void)
{
    uint8_t out[8];
    unsigned long calls_before;
    unsigned long i;

    if (PICOPSA_DRBG_PREDICTION_RESISTANCE) {
        /* Every request reads the port. */
        calls_before = port_calls;
        CHECK_STATUS(pp_random_bytes(out, sizeof(out)), PSA_SUCCESS);
        CHECK(port_calls == calls_before + 1 && port_last_len == 32);
        CHECK_STATUS(pp_random_bytes(out, sizeof(out)), PSA_SUCCESS);
        CHECK(port_calls == calls_before + 2 && port_last_len == 32);
        check_failed_reseed(1);
        return;
    }
    /* Fresh state: one request was made by test_matches_mechanism. */
    pp_random_free();
    CHECK_STATUS(pp_random_init(), PSA_SUCCESS);
    calls_before = port_calls;
    for (i = 0; i < (unsigned long)PICOPSA_DRBG_RESEED_INTERVAL; i++) {
        if (pp_random_bytes(out, sizeof(out)) != PSA_SUCCESS) {
            break;
        }
    }
    CHECK(i == (unsigned long)PICOPSA_DRBG_RESEED_INTERVAL);
    CHECK(port_calls == calls_before);                 /* no reseed yet */
    CHECK_STATUS(pp_random_bytes(out, sizeof(out)), PSA_SUCCESS);
    CHECK(port_calls == calls_before + 1);              /* reseeded now */
    CHECK(port_last_len == 32);

    /* The next reseed fails: the request fails with zeroed output, and the
     * RNG works again once the port does. */
    for (i = 1; i < (unsigned long)PICOPSA_DRBG_RESEED_INTERVAL; i++) {
        (void)pp_random_bytes(out, sizeof(out));
    }
    check_failed_reseed(2);
}

int main(void)
{
    test_init_failure();
    test_matches_mechanism();
    test_reseed_schedule();
    pp_random_free();
    return test_report("hash_drbg_port");
}
