/*
 * ct_chachapoly.c -- ChaCha20-Poly1305 and XChaCha20-Poly1305
 * (src/aead/chachapoly.c) are constant time in the key, the nonce, the
 * AAD and the payload: under valgrind memcheck with all four marked
 * secret, start (the one-time key from block 0), AAD and payload updates
 * in uneven chunks, finish and verify must not branch or index memory on
 * them. Only the verify status (the verdict) is declassified, with the
 * outputs compared against the same operation on public copies.
 */
#include <string.h>

#include "aead/chachapoly.h"
#include "ct.h"
#include "test_util.h"

#define AL 29
#define PL 333

static void feed(pp_chachapoly_ctx *ctx, const uint8_t *ad, const uint8_t *in, uint8_t *out)
{
    static const size_t cuts[5] = { 1, 63, 64, 65, 17 };
    size_t off = 0, i;

    CHECK_STATUS(pp_chachapoly_update_ad(ctx, ad, 3), PSA_SUCCESS);
    CHECK_STATUS(pp_chachapoly_update_ad(ctx, ad + 3, AL - 3), PSA_SUCCESS);
    for (i = 0; i < 5; i++) {
        CHECK_STATUS(pp_chachapoly_update(ctx, in + off, out + off, cuts[i]), PSA_SUCCESS);
        off += cuts[i];
    }
    CHECK_STATUS(pp_chachapoly_update(ctx, in + off, out + off, PL - off), PSA_SUCCESS);
}

static void run(size_t nonce_len)
{
    uint8_t key[32], nonce[24], ad[AL], pt[PL], ct[PL], back[PL], tag[16], ref_ct[PL],
        ref_tag[16];
    pp_chachapoly_ctx ctx;
    psa_status_t st;

    test_rng_bytes(key, sizeof(key));
    test_rng_bytes(nonce, sizeof(nonce));
    test_rng_bytes(ad, sizeof(ad));
    test_rng_bytes(pt, sizeof(pt));
    CHECK_STATUS(pp_chachapoly_start(&ctx, key, nonce, nonce_len, 1), PSA_SUCCESS);
    feed(&ctx, ad, pt, ref_ct);
    CHECK_STATUS(pp_chachapoly_finish(&ctx, ref_tag), PSA_SUCCESS);

    CT_SECRET(key, sizeof(key));
    CT_SECRET(nonce, sizeof(nonce));
    CT_SECRET(ad, sizeof(ad));
    CT_SECRET(pt, sizeof(pt));
    CHECK_STATUS(pp_chachapoly_start(&ctx, key, nonce, nonce_len, 1), PSA_SUCCESS);
    feed(&ctx, ad, pt, ct);
    CHECK_STATUS(pp_chachapoly_finish(&ctx, tag), PSA_SUCCESS);
    CT_PUBLIC(ct, sizeof(ct));
    CT_PUBLIC(tag, sizeof(tag));
    CHECK_MEM(ct, ref_ct, PL);
    CHECK_MEM(tag, ref_tag, 16);

    /* Secret ciphertext in place and a secret tag: right, then wrong. */
    memcpy(back, ct, PL);
    CT_SECRET(back, sizeof(back));
    CT_SECRET(tag, sizeof(tag));
    CHECK_STATUS(pp_chachapoly_start(&ctx, key, nonce, nonce_len, 0), PSA_SUCCESS);
    feed(&ctx, ad, back, back);
    st = pp_chachapoly_verify(&ctx, tag, 16);
    CT_PUBLIC(&st, sizeof(st));
    CHECK_STATUS(st, PSA_SUCCESS);
    CT_PUBLIC(back, sizeof(back));
    CT_PUBLIC(pt, sizeof(pt));
    CHECK_MEM(back, pt, PL);

    memcpy(back, ct, PL);
    tag[7] ^= 0x20;
    CT_SECRET(back, sizeof(back));
    CHECK_STATUS(pp_chachapoly_start(&ctx, key, nonce, nonce_len, 0), PSA_SUCCESS);
    feed(&ctx, ad, back, back);
    st = pp_chachapoly_verify(&ctx, tag, 16);
    CT_PUBLIC(&st, sizeof(st));
    CHECK_STATUS(st, PSA_ERROR_INVALID_SIGNATURE);
    CT_PUBLIC(key, sizeof(key));
    CT_PUBLIC(nonce, sizeof(nonce));
    CT_PUBLIC(ad, sizeof(ad));
}

int main(void)
{
    CHECK(CT_UNDER_VALGRIND());
    test_rng_seed(2808);
    run(12);
    run(24);
    return test_report("ct_chachapoly");
}
