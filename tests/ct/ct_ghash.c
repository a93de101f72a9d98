/*
 * ct_ghash.c -- both portable GHASH backends (src/aead/ghash.h:
 * ghash_ct64.c and ghash_ct32.c, compiled in every build whatever
 * PICOPSA_GHASH_BACKEND routes GCM to) are constant time in H, Y and the
 * data: under valgrind memcheck with all three marked secret, a single
 * product and a run of blocks must not branch or index memory on them.
 * The results are declassified only to check that the two backends agree.
 */
#include <stdio.h>
#include <string.h>

#include "aead/ghash.h"
#include "common/pp_util.h"
#include "ct.h"
#include "test_util.h"

#define NBLOCKS 5u

static void one(void)
{
    uint8_t h[16], data[16 * NBLOCKS];
    uint64_t hk[2], y[2], p32[2], p64[2], y32[2], y64[2];

    test_rng_bytes(h, sizeof h);
    test_rng_bytes(data, sizeof data);
    hk[0] = pp_load_be64(h);
    hk[1] = pp_load_be64(h + 8);
    y[0] = test_rng_u64();
    y[1] = test_rng_u64();

    CT_SECRET(hk, sizeof hk);
    CT_SECRET(y, sizeof y);
    CT_SECRET(data, sizeof data);

    memcpy(p32, y, sizeof y);
    memcpy(p64, y, sizeof y);
    memcpy(y32, y, sizeof y);
    memcpy(y64, y, sizeof y);
    pp_ghash_ct32_mul(p32, hk);
    pp_ghash_ct64_mul(p64, hk);
    pp_ghash_ct32_blocks(hk, y32, data, NBLOCKS);
    pp_ghash_ct64_blocks(hk, y64, data, NBLOCKS);

    CT_PUBLIC(p32, sizeof p32);
    CT_PUBLIC(p64, sizeof p64);
    CT_PUBLIC(y32, sizeof y32);
    CT_PUBLIC(y64, sizeof y64);
    CHECK(p32[0] == p64[0] && p32[1] == p64[1]);
    CHECK(y32[0] == y64[0] && y32[1] == y64[1]);
}

int main(void)
{
    unsigned i;
    CHECK(CT_UNDER_VALGRIND());
    test_rng_seed(23);
    for (i = 0; i < 4; i++)
        one();
    return test_report("ct_ghash");
}
