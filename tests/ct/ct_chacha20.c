/*
 * ct_chacha20.c -- ChaCha20, HChaCha20 and XChaCha20 are constant time in
 * the key, the nonce and the data: under valgrind memcheck with those
 * marked secret (the block counter and the lengths stay public), init,
 * the 16-byte IV form, chunked XOR (leftover keystream, whole blocks,
 * partial block, in place), HChaCha20 and the XChaCha20 init must not
 * branch or index memory on them; once with the eight-block x86 kernel
 * valgrind runs (AVX2) and once with the portable forms. Declassified outputs are checked
 * against the same calls on public copies.
 */
#include <string.h>

#include "chacha20/chacha20.h"
#include "chacha20/chacha20_simd.h"
#include "ct.h"
#include "test_util.h"

#define LEN 1068

/* The chunk sizes exercise every path of pp_chacha20_xor: leftover
 * keystream, 8-block runs (chacha20_x86.c), 4-block runs
 * (PP_CHACHA20_WIDE), single blocks, a tail. */
static void run(pp_chacha20_ctx *ctx, const uint8_t *in, uint8_t *out)
{
    static const size_t split[9] = {10, 54, 512, 256, 128, 1, 63, 7, 37};
    size_t i, off = 0;
    for (i = 0; i < 9; i++) {
        CHECK_STATUS(pp_chacha20_xor(ctx, in + off, out + off, split[i]), PSA_SUCCESS);
        off += split[i];
    }
    CHECK(off == LEN);
}

static void pass(void)
{
    uint8_t key[32], nonce[24], iv[16], data[LEN], a[LEN], b[LEN], sub[32], subp[32];
    pp_chacha20_ctx ctx;

    test_rng_seed(20);
    test_rng_bytes(key, sizeof(key));
    test_rng_bytes(nonce, sizeof(nonce));
    test_rng_bytes(data, sizeof(data));

    /* Reference results on public inputs. */
    pp_chacha20_init(&ctx, key, 5, nonce);
    CHECK_STATUS(pp_chacha20_xor(&ctx, data, b, LEN), PSA_SUCCESS);
    pp_hchacha20(subp, key, nonce);

    /* 12-byte nonce, secret key, nonce and plaintext; separate buffers. */
    CT_SECRET(key, sizeof(key));
    CT_SECRET(nonce, sizeof(nonce));
    CT_SECRET(data, sizeof(data));
    pp_chacha20_init(&ctx, key, 5, nonce);
    run(&ctx, data, a);
    CT_PUBLIC(a, sizeof(a));
    CHECK_MEM(a, b, LEN);

    /* 16-byte IV (public counter 5 || secret nonce), in place. */
    iv[0] = 5;
    iv[1] = iv[2] = iv[3] = 0;
    memcpy(iv + 4, nonce, 12);
    memcpy(a, data, LEN);
    CHECK_STATUS(pp_chacha20_init_iv(&ctx, key, iv, 16), PSA_SUCCESS);
    run(&ctx, a, a);
    CT_PUBLIC(a, sizeof(a));
    CHECK_MEM(a, b, LEN);

    /* HChaCha20 and XChaCha20 with a secret 24-byte nonce. */
    pp_hchacha20(sub, key, nonce);
    CT_PUBLIC(sub, sizeof(sub));
    CHECK_MEM(sub, subp, 32);
    pp_xchacha20_init(&ctx, key, nonce);
    run(&ctx, data, a);
    CT_PUBLIC(a, sizeof(a));
    CT_PUBLIC(key, sizeof(key));
    CT_PUBLIC(nonce, sizeof(nonce));
    CT_PUBLIC(data, sizeof(data));
    pp_xchacha20_init(&ctx, key, nonce);
    CHECK_STATUS(pp_chacha20_xor(&ctx, data, b, LEN), PSA_SUCCESS);
    CHECK_MEM(a, b, LEN);

    pp_chacha20_wipe(&ctx);
}

int main(void)
{
    CHECK(CT_UNDER_VALGRIND());
    /* The best kernel valgrind's CPU offers (AVX2: valgrind has no
     * AVX-512, and its CPUID says so), then the portable forms. */
    pass();
    pp_chacha20_simd_restrict(0);
    pass();
    return test_report("ct_chacha20");
}
