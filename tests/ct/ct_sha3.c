/*
 * ct_sha3.c -- SHA-3 and SHAKE are constant time in the message: under
 * valgrind memcheck with the message marked secret, absorbing (in uneven
 * pieces), padding and squeezing must not branch or index memory on it.
 * The declassified outputs are checked against the one-shot functions on
 * a public copy.
 */
#include <string.h>

#include "ct.h"
#include "hash/sha3.h"
#include "test_util.h"

int main(void)
{
    static const unsigned sha3_bits[4] = {224, 256, 384, 512};
    uint8_t msg[400], pub[400], a[300], b[300];
    pp_keccak_ctx ctx;

    CHECK(CT_UNDER_VALGRIND());
    test_rng_seed(26);
    test_rng_bytes(pub, sizeof(pub));
    for (size_t len = 130; len < 400; len += 37) {
        for (unsigned i = 0; i < 6; i++) {
            memcpy(msg, pub, len);
            CT_SECRET(msg, len);
            if (i < 4) {
                CHECK(pp_sha3_init(&ctx, sha3_bits[i]) == 0);
            } else {
                CHECK(pp_shake_init(&ctx, i == 4 ? 128u : 256u) == 0);
            }
            pp_keccak_absorb(&ctx, msg, 3);
            pp_keccak_absorb(&ctx, msg + 3, len - 3);
            if (i < 4) {
                pp_sha3_finish(&ctx, a);
                CT_PUBLIC(a, sha3_bits[i] / 8u);
                CHECK(pp_sha3(sha3_bits[i], pub, len, b) == 0);
                CHECK_MEM(a, b, sha3_bits[i] / 8u);
            } else {
                pp_shake_squeeze(&ctx, a, 5);
                pp_shake_squeeze(&ctx, a + 5, sizeof(a) - 5);
                pp_keccak_wipe(&ctx);
                CT_PUBLIC(a, sizeof(a));
                CHECK(pp_shake(i == 4 ? 128u : 256u, pub, len, b, sizeof(b)) == 0);
                CHECK_MEM(a, b, sizeof(a));
            }
        }
    }
    return test_report("ct_sha3");
}
