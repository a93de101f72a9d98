/*
 * ct_aes_blocks.c -- the AES modes stay constant time on every block count
 * a 4-block bitsliced pass can end on (1..9 blocks), and the CTR counter's
 * carry is computed, not branched on: under valgrind memcheck with key,
 * data, counter and IV secret, ECB, CBC and CTR (from a counter whose low
 * 64 bits are about to wrap) must not branch or index memory on them.
 * Results are declassified and checked against the same calls made with
 * public inputs.
 */
#include <stdio.h>
#include <string.h>

#include "aes/aes.h"
#include "aes/aes_hw.h"
#include "ct.h"
#include "test_util.h"

#define NMAX 9

static void run(int op, const pp_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                size_t n)
{
    if (op == 0)
        pp_aes_ecb_encrypt(k, in, out, n);
    else if (op == 1)
        pp_aes_ecb_decrypt(k, in, out, n);
    else if (op == 2)
        pp_aes_cbc_encrypt(k, iv, in, out, n);
    else if (op == 3)
        pp_aes_cbc_decrypt(k, iv, in, out, n);
    else
        pp_aes_ctr(k, iv, in, out, n);
}

static void run_all(void)
{
    uint8_t key[32], data[16 * NMAX], a[16 * NMAX], b[16 * NMAX];
    uint8_t iv_pub[16], iv[16], iv2[16];
    pp_aes_key k, kp;
    size_t n;
    int op;

    CHECK(CT_UNDER_VALGRIND());
    test_rng_seed(0xc7b1);
    for (n = 1; n <= NMAX; n++) {
        size_t kl = 16 + 8 * (n % 3);
        test_rng_bytes(key, sizeof(key));
        test_rng_bytes(data, sizeof(data));
        test_rng_bytes(iv_pub, sizeof(iv_pub));
        memset(iv_pub + 8, 0xff, 7); /* the low half wraps within n blocks */
        iv_pub[15] = (uint8_t)(0x100 - n / 2 - 1);
        CHECK(pp_aes_set_key(&kp, key, kl) == PSA_SUCCESS);
        CT_SECRET(key, sizeof(key));
        CHECK(pp_aes_set_key(&k, key, kl) == PSA_SUCCESS);
        for (op = 0; op < 5; op++) {
            memcpy(iv, iv_pub, sizeof(iv));
            memcpy(a, data, sizeof(a));
            CT_SECRET(iv, sizeof(iv));
            CT_SECRET(a, sizeof(a));
            run(op, &k, iv, a, a, n); /* in place */
            CT_PUBLIC(a, sizeof(a));
            CT_PUBLIC(iv, sizeof(iv));
            memcpy(iv2, iv_pub, sizeof(iv2));
            run(op, &kp, iv2, data, b, n);
            CHECK_MEM(a, b, 16 * n);
            CHECK_MEM(iv, iv2, 16);
        }
        pp_aes_wipe(&k);
        pp_aes_wipe(&kp);
    }
}

/* Both paths of aes.c: the hardware one where this CPU has it, then the
 * portable backend (pp_aes_hw_restrict(0) makes pp_aes_set_key choose it). */
int main(void)
{
#if PP_AES_HW_X86
    printf("AES-NI %s\n", pp_aes_hw_available() ? "present: hardware path, then portable backend"
                                                 : "absent: portable backend only");
    run_all();
    pp_aes_hw_restrict(0);
#endif
    run_all();
    return test_report("ct_aes_blocks");
}
