/*
 * ct_aes.c -- the configured AES backend (PICOPSA_AES_BACKEND: ct32, ct64
 * or ref) is constant time in the key and the data: under valgrind
 * memcheck with key, plaintext, counter and IV marked secret, the key
 * schedule, ECB encryption and decryption, CTR and
 * CBC must not branch or index memory on them (FIPS 197 5.1.1: SubBytes
 * is computed, not looked up). Declassified outputs are checked against
 * the same calls on public copies.
 */
#include <stdio.h>
#include <string.h>

#include "aes/aes.h"
#include "aes/aes_hw.h"
#include "ct.h"
#include "test_util.h"

static void run_all(void)
{
    static const size_t key_lens[3] = {16, 24, 32};
    uint8_t key[32], data[48], iv[16], a[48], b[48], iv_pub[16];
    pp_aes_key k, kp;

    CHECK(CT_UNDER_VALGRIND());
    test_rng_seed(22);
    for (unsigned i = 0; i < 3; i++) {
        size_t kl = key_lens[i];
        test_rng_bytes(key, sizeof(key));
        test_rng_bytes(data, sizeof(data));
        test_rng_bytes(iv_pub, sizeof(iv_pub));
        CHECK(pp_aes_set_key(&kp, key, kl) == PSA_SUCCESS);
        CT_SECRET(key, sizeof(key));
        CT_SECRET(data, sizeof(data));
        CHECK(pp_aes_set_key(&k, key, kl) == PSA_SUCCESS);

        /* ECB encrypt, then decrypt back in place */
        pp_aes_ecb_encrypt(&k, data, a, 3);
        memcpy(b, a, sizeof(a));
        pp_aes_ecb_decrypt(&k, b, b, 3);
        CT_PUBLIC(a, sizeof(a));
        CT_PUBLIC(b, sizeof(b));
        CT_PUBLIC(data, sizeof(data));
        CHECK_MEM(b, data, sizeof(data));
        pp_aes_ecb_encrypt(&kp, data, b, 3);
        CHECK_MEM(a, b, sizeof(a));

        /* CTR with a secret counter block */
        memcpy(iv, iv_pub, sizeof(iv));
        CT_SECRET(iv, sizeof(iv));
        CT_SECRET(data, sizeof(data));
        pp_aes_ctr(&k, iv, data, a, 3);
        CT_PUBLIC(a, sizeof(a));
        CT_PUBLIC(data, sizeof(data));
        memcpy(iv, iv_pub, sizeof(iv));
        pp_aes_ctr(&kp, iv, data, b, 3);
        CHECK_MEM(a, b, sizeof(a));

        /* CBC encrypt and decrypt with a secret IV */
        memcpy(iv, iv_pub, sizeof(iv));
        CT_SECRET(iv, sizeof(iv));
        CT_SECRET(data, sizeof(data));
        pp_aes_cbc_encrypt(&k, iv, data, a, 3);
        memcpy(iv, iv_pub, sizeof(iv));
        CT_SECRET(iv, sizeof(iv));
        pp_aes_cbc_decrypt(&k, iv, a, b, 3);
        CT_PUBLIC(a, sizeof(a));
        CT_PUBLIC(b, sizeof(b));
        CT_PUBLIC(data, sizeof(data));
        CHECK_MEM(b, data, sizeof(data));
        memcpy(iv, iv_pub, sizeof(iv));
        pp_aes_cbc_encrypt(&kp, iv, data, b, 3);
        CHECK_MEM(a, b, sizeof(a));

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
    return test_report("ct_aes");
}
