/*
 * ct_ctr_drbg.c -- CTR_DRBG (AES-256, derivation function) is constant
 * time in its secrets: under valgrind memcheck, instantiate with secret
 * entropy/nonce/personalization, mark the working state (the AES round
 * keys of Key, and V) secret, then generate with secret additional input,
 * reseed with secret entropy and additional input, and generate again,
 * for output lengths that fill only the tail batch, a partial block, and
 * several in-place runs of counter blocks. Memcheck reports any branch or
 * address derived from them (the df's BCC chains, the counter carries,
 * the Update). The declassified output must match a second, unmarked
 * instance fed the same inputs.
 */
#include <string.h>

#include "ct.h"
#include "random/ctr_drbg.h"
#include "test_util.h"

struct inputs {
    uint8_t entropy[48], reseed[40], pers[20], add[40];
};

/* instantiate, generate(add), reseed(add[0..7)), generate() into out. With
 * secret, the inputs are marked secret first and the working state (the
 * round keys of Key, and V) right after instantiate. */
static void drive(pp_ctr_drbg *drbg, struct inputs *in, int secret,
                  uint8_t *out, size_t out_len, size_t add_len)
{
    if (secret) {
        CT_SECRET(in, sizeof(*in));
    }
    CHECK_STATUS(pp_ctr_drbg_instantiate(drbg, in->entropy, 32, in->entropy + 32, 16,
                                         in->pers, sizeof(in->pers)), PSA_SUCCESS);
    pp_ctr_drbg_set_prediction_resistance(drbg, 0);
    if (secret) {
        CT_SECRET(drbg->key.rk, sizeof(drbg->key.rk));
        CT_SECRET(drbg->value, sizeof(drbg->value));
    }
    CHECK_STATUS(pp_ctr_drbg_generate(drbg, out, out_len, in->add, add_len), PSA_SUCCESS);
    CHECK_STATUS(pp_ctr_drbg_reseed(drbg, in->reseed, sizeof(in->reseed), in->add, 7),
                 PSA_SUCCESS);
    CHECK_STATUS(pp_ctr_drbg_generate(drbg, out, out_len, NULL, 0), PSA_SUCCESS);
    pp_ctr_drbg_uninstantiate(drbg);
}

static void run(size_t out_len, size_t add_len)
{
    struct inputs in;
    uint8_t out[1100], ref[1100];
    pp_ctr_drbg drbg;

    test_rng_bytes((uint8_t *)&in, sizeof(in));
    drive(&drbg, &in, 0, ref, out_len, add_len);   /* reference, nothing marked */
    drive(&drbg, &in, 1, out, out_len, add_len);
    CT_PUBLIC(out, out_len);
    CHECK_MEM(out, ref, out_len);
}

int main(void)
{
    test_rng_seed(0xc7d6);
    CHECK(CT_UNDER_VALGRIND());
    run(16, 0);
    run(37, 40);
    run(100, 16);
    run(1100, 33);
    return test_report("ct_ctr_drbg");
}
