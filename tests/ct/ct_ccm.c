/*
 * ct_ccm.c -- AES-CCM (src/aead/ccm.c) is constant time in the key, the
 * nonce, the AAD and the payload: under valgrind memcheck with all four
 * marked secret, setup, start (B0, S_0), the AAD and payload updates in
 * uneven chunks (partial blocks, the batched CBC-MAC and CTR runs), finish
 * and verify must not branch or index memory on them. Only the verify
 * status (the verdict) is declassified, with the outputs compared against
 * the same operation on public copies. Every key size, several nonce and
 * tag lengths; the hardware AES path where present, then the portable
 * backend.
 */
#include <stdio.h>
#include <string.h>

#include "aead/ccm.h"
#include "aes/aes_hw.h"
#include "ct.h"
#include "test_util.h"

#define AL 37
#define PL 181

/* Feed ad and payload in chunks of 1, 15, 16, 17, 130 bytes and the rest. */
static void feed(pp_ccm_ctx *ctx, const uint8_t *ad, const uint8_t *in, uint8_t *out)
{
    static const size_t cuts[5] = { 1, 15, 16, 17, 130 };
    size_t off = 0, i;

    CHECK_STATUS(pp_ccm_update_ad(ctx, ad, 5), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_update_ad(ctx, ad + 5, AL - 5), PSA_SUCCESS);
    for (i = 0; i < 5; i++) {
        CHECK_STATUS(pp_ccm_update(ctx, in + off, out + off, cuts[i]), PSA_SUCCESS);
        off += cuts[i];
    }
    CHECK_STATUS(pp_ccm_update(ctx, in + off, out + off, PL - off), PSA_SUCCESS);
}

static void run(size_t key_len, size_t nonce_len, size_t tag_len)
{
    uint8_t key[32], nonce[13], ad[AL], pt[PL], ct[PL], back[PL], tag[16], ref_ct[PL],
        ref_tag[16];
    pp_ccm_ctx ctx;
    psa_status_t st;

    test_rng_bytes(key, sizeof(key));
    test_rng_bytes(nonce, sizeof(nonce));
    test_rng_bytes(ad, sizeof(ad));
    test_rng_bytes(pt, sizeof(pt));
    /* Reference on public data. */
    CHECK_STATUS(pp_ccm_setup(&ctx, key, key_len, tag_len, 1), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_start(&ctx, nonce, nonce_len, AL, PL), PSA_SUCCESS);
    feed(&ctx, ad, pt, ref_ct);
    CHECK_STATUS(pp_ccm_finish(&ctx, ref_tag), PSA_SUCCESS);

    /* Encryption with everything secret. */
    CT_SECRET(key, sizeof(key));
    CT_SECRET(nonce, sizeof(nonce));
    CT_SECRET(ad, sizeof(ad));
    CT_SECRET(pt, sizeof(pt));
    CHECK_STATUS(pp_ccm_setup(&ctx, key, key_len, tag_len, 1), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_start(&ctx, nonce, nonce_len, AL, PL), PSA_SUCCESS);
    feed(&ctx, ad, pt, ct);
    CHECK_STATUS(pp_ccm_finish(&ctx, tag), PSA_SUCCESS);
    CT_PUBLIC(ct, sizeof(ct));
    CT_PUBLIC(tag, tag_len);
    CHECK_MEM(ct, ref_ct, PL);
    CHECK_MEM(tag, ref_tag, tag_len);

    /* Decryption of a secret ciphertext, in place, with a secret tag:
     * first the right tag, then one with a flipped bit. */
    memcpy(back, ct, PL);
    CT_SECRET(back, sizeof(back));
    CT_SECRET(tag, sizeof(tag));
    CHECK_STATUS(pp_ccm_setup(&ctx, key, key_len, tag_len, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_start(&ctx, nonce, nonce_len, AL, PL), PSA_SUCCESS);
    feed(&ctx, ad, back, back);
    st = pp_ccm_verify(&ctx, tag, tag_len);
    CT_PUBLIC(&st, sizeof(st));
    CHECK_STATUS(st, PSA_SUCCESS);
    CT_PUBLIC(back, sizeof(back));
    CT_PUBLIC(pt, sizeof(pt));
    CHECK_MEM(back, pt, PL);

    memcpy(back, ct, PL);
    tag[tag_len - 1] ^= 0x01;
    CT_SECRET(back, sizeof(back));
    CHECK_STATUS(pp_ccm_setup(&ctx, key, key_len, tag_len, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_start(&ctx, nonce, nonce_len, AL, PL), PSA_SUCCESS);
    feed(&ctx, ad, back, back);
    st = pp_ccm_verify(&ctx, tag, tag_len);
    CT_PUBLIC(&st, sizeof(st));
    CHECK_STATUS(st, PSA_ERROR_INVALID_SIGNATURE);
    CT_PUBLIC(key, sizeof(key));
    CT_PUBLIC(nonce, sizeof(nonce));
    CT_PUBLIC(ad, sizeof(ad));
}

static void run_all(void)
{
    CHECK(CT_UNDER_VALGRIND());
    test_rng_seed(38);
    run(16, 13, 8);
    run(24, 7, 4);
    run(32, 12, 16);
    run(16, 11, 10);
}

int main(void)
{
#if PP_AES_HW_X86
    printf("AES-NI %s\n", pp_aes_hw_available() ? "present: hardware path, then portable backend"
                                                 : "absent: portable backend only");
    run_all();
    pp_aes_hw_restrict(0);
#endif
    run_all();
    return test_report("ct_ccm");
}
