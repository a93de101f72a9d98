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
 * the output equals an HMAC_DRBG instantiated by hand with the same bytes
 * and PICOPSA_DRBG_PERSONALIZATION (so pp_random adds nothing hidden); an
 * automatic 32-byte reseed happens exactly after
 * PICOPSA_DRBG_RESEED_INTERVAL requests; a failing port gives
 * PSA_ERROR_INSUFFICIENT_ENTROPY at init and at reseed, with the output
 * zeroed, and the RNG recovers once the port works again.
 */
#include <stdlib.h>
#include <string.h>

#include <picopsa/config.h>
#include <picopsa/port.h>

#include "random/hmac_drbg.h"
#include "random/pp_random.h"
#include "test_util.h"

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
    static const char pers[] = PICOPSA_DRBG_PERSONALIZATION;
    uint8_t seed[48], got[100], want[100];
    pp_hmac_drbg reference;
    size_t i;

    port_counter = 0;
    port_calls = 0;
    CHECK_STATUS(pp_random_init(), PSA_SUCCESS);
    CHECK(port_calls == 1 && port_last_len == 48);
    CHECK_STATUS(pp_random_init(), PSA_SUCCESS);   /* idempotent: no new read */
    CHECK(port_calls == 1);

    for (i = 0; i < sizeof(seed); i++) {
        seed[i] = (uint8_t)i;
    }
    CHECK_STATUS(pp_hmac_drbg_instantiate(&reference, PICOPSA_DRBG_HASH, seed, 32, seed + 32, 16,
                                          (const uint8_t *)pers, sizeof(pers) - 1), PSA_SUCCESS);
    pp_hmac_drbg_set_prediction_resistance(&reference, 0);
    if (PICOPSA_DRBG_PREDICTION_RESISTANCE) {
        /* The library reseeds before every request: mirror it. */
        uint8_t more[32];
        for (i = 0; i < sizeof(more); i++) {
            more[i] = (uint8_t)(48 + i);
        }
        CHECK_STATUS(pp_hmac_drbg_reseed(&reference, more, 32, NULL, 0), PSA_SUCCESS);
    }
    CHECK_STATUS(pp_hmac_drbg_generate(&reference, want, sizeof(want), NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_random_bytes(got, sizeof(got)), PSA_SUCCESS);
    CHECK_MEM(got, want, sizeof(want));
    pp_hmac_drbg_uninstantiate(&reference);
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
    port_fail = 1;
    memset(out, 0xaa, sizeof(out));
    CHECK_STATUS(pp_random_bytes(out, sizeof(out)), PSA_ERROR_INSUFFICIENT_ENTROPY);
    {
        uint8_t zero[sizeof(out)];
        memset(zero, 0, sizeof(zero));
        CHECK_MEM(out, zero, sizeof(out));
    }
    CHECK_STATUS(pp_random_bytes(out, sizeof(out)), PSA_ERROR_INSUFFICIENT_ENTROPY);
    port_fail = 0;
    CHECK_STATUS(pp_random_bytes(out, sizeof(out)), PSA_SUCCESS);
}

int main(void)
{
    test_init_failure();
    test_matches_mechanism();
    test_reseed_schedule();
    pp_random_free();
    return test_report("hash_drbg_port");
}
