/*
 * ct_aes_hw.c -- the AES-NI backend (src/aes/aes_x86.c) is constant time in
 * the key and the data: under valgrind memcheck (which executes AES-NI)
 * with the key, plaintext, counter and IV marked secret, the key schedule
 * (AESKEYGENASSIST, AESIMC), ECB encryption and decryption, CTR (with its
 * 128-bit carry) and CBC must not branch or index memory on them. 1, 9
 * and 15 blocks run the one-block path, the eight-block path and a
 * partial eight-lane batch. Declassified
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

#define NB 15

enum { ECB_ENC, ECB_DEC, CTR, CBC_ENC, CBC_DEC, N_MODES };

static void run(int mode, const pp_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                size_t nb)
{
    switch (mode) {
    case ECB_ENC: pp_aes_hw_ecb_encrypt(k, in, out, nb); break;
    case ECB_DEC: pp_aes_hw_ecb_decrypt(k, in, out, nb); break;
    case CTR: pp_aes_hw_ctr(k, iv, in, out, nb); break;
    case CBC_ENC: pp_aes_hw_cbc_encrypt(k, iv, in, out, nb); break;
    default: pp_aes_hw_cbc_decrypt(k, iv, in, out, nb); break;
    }
}

/* One mode with everything secret (key schedule, input, IV or counter),
 * in place, then declassified and compared with the same call made on
 * public values with the public schedule pub. */
static void one_mode(int mode, const pp_aes_key *secret, const pp_aes_key *pub,
                     const uint8_t in[16 * NB], const uint8_t iv0[16], size_t nb)
{
    uint8_t buf[16 * NB], want[16 * NB], iv[16], want_iv[16];

    memcpy(buf, in, sizeof buf);
    memcpy(iv, iv0, sizeof iv);
    CT_SECRET(buf, sizeof buf);
    CT_SECRET(iv, sizeof iv);
    run(mode, secret, iv, buf, buf, nb);
    CT_PUBLIC(buf, sizeof buf);
    CT_PUBLIC(iv, sizeof iv);

    memcpy(want_iv, iv0, sizeof want_iv);
    memset(want, 0, sizeof want);
    run(mode, pub, want_iv, in, want, nb);
    CHECK_MEM(buf, want, 16 * nb);
    CHECK_MEM(iv, want_iv, sizeof iv);
}

int main(void)
{
    uint8_t key[32], in[16 * NB], iv0[16];
    pp_aes_key secret, pub;
    size_t kl;
    int mode;

    CHECK(CT_UNDER_VALGRIND());
    if (!pp_aes_hw_available()) {
        return test_skip("ct_aes_hw", "this CPU has no AES-NI");
    }
    test_rng_seed(0xae51);
    for (kl = 16; kl <= 32; kl += 8) {
        test_rng_bytes(key, sizeof key);
        test_rng_bytes(in, sizeof in);
        test_rng_bytes(iv0, sizeof iv0);
        /* The counter's low half carries into the high half mid-batch. */
        memset(iv0 + 8, 0xff, 8);
        iv0[15] = 0xfc;
        memset(&pub, 0, sizeof pub);   /* bytes the schedule leaves alone */
        memset(&secret, 0, sizeof secret);
        CHECK(pp_aes_hw_set_key(&pub, key, kl) == PSA_SUCCESS);
        CT_SECRET(key, sizeof key);
        CHECK(pp_aes_hw_set_key(&secret, key, kl) == PSA_SUCCESS);
        CT_PUBLIC(key, sizeof key);
        for (mode = 0; mode < N_MODES; mode++) {
            one_mode(mode, &secret, &pub, in, iv0, 1);    /* one block alone */
            one_mode(mode, &secret, &pub, in, iv0, 9);    /* eight, then one */
            one_mode(mode, &secret, &pub, in, iv0, NB);   /* eight, then seven lanes */
        }
        /* The whole schedule equals the public one once declassified. */
        CT_PUBLIC(&secret, sizeof secret);
        CHECK_MEM(&secret, &pub, sizeof secret);
        pp_wipe(&secret, sizeof secret);
        pp_wipe(&pub, sizeof pub);
    }
    return test_report("ct_aes_hw");
}

#else /* !PP_AES_HW_X86 */

int main(void)
{
    return test_skip("ct_aes_hw", "no AES-NI backend in this build (not x86-64, or PICOPSA_AES_HW=0)");
}

#endif
