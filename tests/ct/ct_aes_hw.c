/*
 * ct_aes_hw.c -- the AES-NI backend (src/aes/aes_x86.c) is constant time in
 * the key and the data: under valgrind memcheck (which executes AES-NI)
 * with the key, plaintext, counter and IV marked secret, the key schedule
 * (AESKEYGENASSIST, AESIMC), ECB encryption and decryption, CTR (with its
 * 128-bit carry) and CBC must not branch or index memory on them. Eleven
 * blocks run both the eight-block path and the one-block tail. Declassified
 * outputs are checked against the same calls on public copies. Skipped
 * when the build or the CPU has no AES-NI.
 */
#include <string.h>

#include "aes/aes.h"
#include "aes/aes_hw.h"
#include "common/pp_util.h"
#include "ct.h"
#include "test_util.h"

#if PP_AES_HW_X86

#define NB 11

int main(void)
{
    static const size_t key_lens[3] = {16, 24, 32};
    uint8_t key[32], data[16 * NB], iv[16], a[16 * NB], b[16 * NB], iv_pub[16], iv_next[16];
    pp_aes_key k, kp;

    CHECK(CT_UNDER_VALGRIND());
    if (!pp_aes_hw_available()) {
        return test_skip("ct_aes_hw", "this CPU has no AES-NI");
    }
    test_rng_seed(0xae51);
    for (unsigned i = 0; i < 3; i++) {
        size_t kl = key_lens[i];
        test_rng_bytes(key, sizeof(key));
        test_rng_bytes(data, sizeof(data));
        test_rng_bytes(iv_pub, sizeof(iv_pub));
        /* A counter that carries across the 64-bit halves inside a batch. */
        memset(iv_pub + 8, 0xff, 8);
        iv_pub[15] = 0xfc;
        CHECK(pp_aes_hw_set_key(&kp, key, kl) == PSA_SUCCESS);
        CT_SECRET(key, sizeof(key));
        CT_SECRET(data, sizeof(data));
        CHECK(pp_aes_hw_set_key(&k, key, kl) == PSA_SUCCESS);

        /* ECB encrypt, then decrypt back in place */
        pp_aes_hw_ecb_encrypt(&k, data, a, NB);
        memcpy(b, a, sizeof(a));
        pp_aes_hw_ecb_decrypt(&k, b, b, NB);
        CT_PUBLIC(a, sizeof(a));
        CT_PUBLIC(b, sizeof(b));
        CT_PUBLIC(data, sizeof(data));
        CHECK_MEM(b, data, sizeof(data));
        pp_aes_hw_ecb_encrypt(&kp, data, b, NB);
        CHECK_MEM(a, b, sizeof(a));

        /* CTR with a secret counter block */
        memcpy(iv, iv_pub, sizeof(iv));
        CT_SECRET(iv, sizeof(iv));
        CT_SECRET(data, sizeof(data));
        pp_aes_hw_ctr(&k, iv, data, a, NB);
        CT_PUBLIC(a, sizeof(a));
        CT_PUBLIC(iv, sizeof(iv));
        CT_PUBLIC(data, sizeof(data));
        memcpy(iv_next, iv, sizeof(iv));
        memcpy(iv, iv_pub, sizeof(iv));
        pp_aes_hw_ctr(&kp, iv, data, b, 1);
        pp_aes_hw_ctr(&kp, iv, data + 16, b + 16, NB - 1);
        CHECK_MEM(a, b, sizeof(a));
        CHECK_MEM(iv, iv_next, sizeof(iv));

        /* CBC encrypt and decrypt with a secret IV */
        memcpy(iv, iv_pub, sizeof(iv));
        CT_SECRET(iv, sizeof(iv));
        CT_SECRET(data, sizeof(data));
        pp_aes_hw_cbc_encrypt(&k, iv, data, a, NB);
        memcpy(iv, iv_pub, sizeof(iv));
        CT_SECRET(iv, sizeof(iv));
        pp_aes_hw_cbc_decrypt(&k, iv, a, b, NB);
        CT_PUBLIC(a, sizeof(a));
        CT_PUBLIC(b, sizeof(b));
        CT_PUBLIC(data, sizeof(data));
        CHECK_MEM(b, data, sizeof(data));
        memcpy(iv, iv_pub, sizeof(iv));
        pp_aes_hw_cbc_encrypt(&kp, iv, data, b, NB);
        CHECK_MEM(a, b, sizeof(a));

        pp_wipe(&k, sizeof(k));
        pp_wipe(&kp, sizeof(kp));
    }
    return test_report("ct_aes_hw");
}

#else /* !PP_AES_HW_X86 */

int main(void)
{
    return test_skip("ct_aes_hw", "no AES-NI backend in this build (not x86-64, or PICOPSA_AES_HW=0)");
}

#endif
