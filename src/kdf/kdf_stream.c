/*
 * kdf_stream.c -- the block stream of the src/kdf KDFs (see
 * kdf_stream.h). Built with HMAC (pp_kdf_absorb) or a CMAC KDF.
 */
#include "kdf/kdf_stream.h"

#include <string.h>

#include <picopsa/config.h>

#if PSA_WANT_ALG_HMAC || PSA_WANT_ALG_SP800_108_COUNTER_CMAC || \
    PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128

void pp_kdf_stream_init(pp_kdf_stream *s, size_t block_len)
{
    s->len = (uint8_t)block_len;
    s->used = s->len;   /* no block yet */
}

void pp_kdf_stream_draw(pp_kdf_stream *s, uint8_t *out, size_t len, pp_kdf_refill_fn refill,
                        void *kdf, const void *inputs)
{
    while (len > 0) {
        size_t n;
        if (s->used == s->len) {
            refill(kdf, inputs);
            s->used = 0;
        }
        n = (size_t)(s->len - s->used);
        if (n > len) {
            n = len;
        }
        memcpy(out, s->block + s->used, n);
        s->used = (uint8_t)(s->used + n);
        out += n;
        len -= n;
    }
}

void pp_kdf_stream_draw_over(pp_kdf_stream *s, uint8_t *out, size_t len, pp_kdf_refill_fn refill,
                             void *kdf, const uint8_t *first, size_t first_len,
                             const uint8_t *second, size_t second_len)
{
    pp_kdf_inputs in;
    in.first = first;
    in.first_len = first_len;
    in.second = second;
    in.second_len = second_len;
    pp_kdf_stream_draw(s, out, len, refill, kdf, &in);
}

#if PSA_WANT_ALG_HMAC
void pp_kdf_absorb(pp_hmac_ctx *ctx, const uint8_t *in, size_t len)
{
    if (len != 0) {
        pp_hmac_update(ctx, in, len);
    }
}
#endif

#else
typedef int pp_kdf_stream_disabled;
#endif /* PSA_WANT_ALG_HMAC || a CMAC KDF */
