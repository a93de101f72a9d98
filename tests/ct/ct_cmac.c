/*
 * ct_cmac.c -- AES-CMAC is constant time in the key and the message:
 * under valgrind memcheck with both marked secret, setup (key schedule,
 * L = E_K(0), the K1/K2 doubling whose Rb fold depends on a key bit),
 * update in several chunks and finish (the K1 and the padded K2 paths)
 * must not branch or index memory on them. Every key size and message
 * lengths that end on and off a block boundary; several keys so that both
 * values of L's top bit occur. The declassified tag is checked against
 * the same computation on public copies.
 */
#include <string.h>

#include "ct.h"
#include "mac/cmac.h"
#include "test_util.h"

static void run(size_t key_len, size_t msg_len)
{
    uint8_t key[32], msg[80], pub_key[32], pub_msg[80], tag[16], ref[16];
    pp_cmac_ctx ctx;
    size_t first = msg_len / 3;

    test_rng_bytes(pub_key, sizeof(pub_key));
    test_rng_bytes(pub_msg, sizeof(pub_msg));
    memcpy(key, pub_key, sizeof(key));
    memcpy(msg, pub_msg, sizeof(msg));
    CHECK_STATUS(pp_cmac_compute(pub_key, key_len, pub_msg, msg_len, ref), PSA_SUCCESS);

    CT_SECRET(key, sizeof(key));
    CT_SECRET(msg, sizeof(msg));
    CHECK_STATUS(pp_cmac_setup(&ctx, key, key_len), PSA_SUCCESS);
    pp_cmac_update(&ctx, msg, first);
    pp_cmac_update(&ctx, msg + first, msg_len - first);
    pp_cmac_finish(&ctx, tag);
    CT_PUBLIC(tag, sizeof(tag));
    CHECK_MEM(tag, ref, sizeof(tag));

    /* The one-shot too. */
    CHECK_STATUS(pp_cmac_compute(key, key_len, msg, msg_len, tag), PSA_SUCCESS);
    CT_PUBLIC(tag, sizeof(tag));
    CHECK_MEM(tag, ref, sizeof(tag));
}

int main(void)
{
    static const size_t msg_lens[] = { 0, 5, 16, 33, 48, 80 };
    size_t k, m, rep;

    CHECK(CT_UNDER_VALGRIND());
    test_rng_seed(0xc3ac);
    for (k = 0; k < 3; k++) {
        for (m = 0; m < sizeof(msg_lens) / sizeof(msg_lens[0]); m++) {
            for (rep = 0; rep < 2; rep++) {
                run(16 + 8 * k, msg_lens[m]);
            }
        }
    }
    return test_report("ct_cmac");
}
