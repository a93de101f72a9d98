/*
 * ct_drbg.c -- HMAC_DRBG is constant time in its secrets: under valgrind
 * memcheck, instantiate with secret entropy/nonce/personalization, mark the
 * working state (K, V) secret, then reseed and generate with secret
 * additional input, for SHA-256 and SHA-512 and output lengths that are
 * and are not multiples of the hash size. Memcheck reports any branch or
 * address derived from them. The declassified output must match a second,
 * unmarked instance fed the same inputs.
 */
#include <string.h>

#include "ct.h"
#include "random/hmac_drbg.h"
#include "test_util.h"
#include <picopsa/config.h>

static void run(psa_algorithm_t alg, size_t out_len)
{
    uint8_t entropy[48], reseed[32], pers[20], add[40], out[300], ref[300];
    pp_hmac_drbg drbg, plain;

    test_rng_bytes(entropy, sizeof(entropy));
    test_rng_bytes(reseed, sizeof(reseed));
    test_rng_bytes(pers, sizeof(pers));
    test_rng_bytes(add, sizeof(add));

    /* Reference run, nothing marked. */
    CHECK_STATUS(pp_hmac_drbg_instantiate(&plain, alg, entropy, 32, entropy + 32, 16,
                                          pers, sizeof(pers)), PSA_SUCCESS);
    pp_hmac_drbg_set_prediction_resistance(&plain, 0);
    CHECK_STATUS(pp_hmac_drbg_generate(&plain, ref, out_len, add, sizeof(add)), PSA_SUCCESS);
    CHECK_STATUS(pp_hmac_drbg_reseed(&plain, reseed, sizeof(reseed), add, 7), PSA_SUCCESS);
    CHECK_STATUS(pp_hmac_drbg_generate(&plain, ref, out_len, NULL, 0), PSA_SUCCESS);

    /* Secret run. */
    CT_SECRET(entropy, sizeof(entropy));
    CT_SECRET(reseed, sizeof(reseed));
    CT_SECRET(pers, sizeof(pers));
    CT_SECRET(add, sizeof(add));
    CHECK_STATUS(pp_hmac_drbg_instantiate(&drbg, alg, entropy, 32, entropy + 32, 16,
                                          pers, sizeof(pers)), PSA_SUCCESS);
    pp_hmac_drbg_set_prediction_resistance(&drbg, 0);
    CT_SECRET(drbg.keyed_state, sizeof(drbg.keyed_state));
    CT_SECRET(drbg.value, sizeof(drbg.value));
    CHECK_STATUS(pp_hmac_drbg_generate(&drbg, out, out_len, add, sizeof(add)), PSA_SUCCESS);
    CHECK_STATUS(pp_hmac_drbg_reseed(&drbg, reseed, sizeof(reseed), add, 7), PSA_SUCCESS);
    CHECK_STATUS(pp_hmac_drbg_generate(&drbg, out, out_len, NULL, 0), PSA_SUCCESS);
    CT_PUBLIC(out, out_len);
    CHECK_MEM(out, ref, out_len);

    pp_hmac_drbg_uninstantiate(&drbg);
    pp_hmac_drbg_uninstantiate(&plain);
}

int main(void)
{
    test_rng_seed(0xd7b6);
    CHECK(CT_UNDER_VALGRIND());
    run(PSA_ALG_SHA_256, 32);
    run(PSA_ALG_SHA_256, 100);
#if PSA_WANT_ALG_SHA_512
    run(PSA_ALG_SHA_512, 64);
    run(PSA_ALG_SHA_512, 300);
#endif
    return test_report("ct_drbg");
}
