/*
 * chacha20.h -- the ChaCha20 stream cipher (RFC 8439 2.1-2.4), HChaCha20
 * and XChaCha20 (draft-irtf-cfrg-xchacha-03 2.2, 2.3), as a streaming
 * context for the multipart cipher API (PSA 1.2 PSA_ALG_STREAM_CIPHER with
 * PSA_KEY_TYPE_CHACHA20 / PSA_KEY_TYPE_XCHACHA20) and the AEADs.
 *
 * Contract:
 *  - Internal to picopsa: no PSA policy is checked here.
 *  - Secret: the key, the HChaCha20 subkey, the nonce (treated as secret
 *    too, it costs nothing), the plaintext and the keystream (ctx->s,
 *    ctx->ks). Public: the block counter, lengths, ctx->avail, ctx->live.
 *  - Constant time: additions, XORs and fixed rotations only; no branch
 *    and no memory index depends on secret data. Timing depends on the
 *    lengths and the counter alone.
 *  - Streaming: pp_chacha20_xor() may be called any number of times with
 *    any lengths (0 included); the output is the same as one call over the
 *    concatenated input (the unused keystream of the last block is kept).
 *  - Aliasing: in == out is allowed, any other overlap is not. out must
 *    not point into ctx.
 *  - Counter end (RFC 8439 2.3: the block counter is 32 bits, so one
 *    key/nonce gives at most 2^32 blocks, 256 GiB): a call that would need
 *    a keystream block past counter 2^32 - 1 is REFUSED as a whole with
 *    PSA_ERROR_INVALID_ARGUMENT before any output byte is written, and ctx
 *    is left unchanged (so the keystream up to the end stays usable by a
 *    shorter call). The counter never wraps to 0 and never carries into the
 *    nonce (OpenSSL's EVP_chacha20 carries into the first nonce word; the
 *    two agree everywhere before the end).
 *  - A context that was wiped (or zero-filled and never initialised)
 *    refuses every non-empty call the same way, instead of passing the
 *    input through.
 *  - Call pp_chacha20_wipe() when done.
 *  - Size: about 1 KB of code and 230 B of stack on a Cortex-M0+ at -Os.
 *    Hosts with SSE2/NEON also build a 4-block form (chacha20.c,
 *    PP_CHACHA20_WIDE) for runs of 256 bytes: about 300 B more stack.
 */
#ifndef PICOPSA_CHACHA20_H
#define PICOPSA_CHACHA20_H

#include <stddef.h>
#include <stdint.h>
#include <psa/error.h>
#include <picopsa/primitives.h>

#define PP_CHACHA20_KEY_SIZE    32u
#define PP_CHACHA20_NONCE_SIZE  12u  /* RFC 8439 2.3: 96-bit nonce */
#define PP_CHACHA20_IV16_SIZE   16u  /* 32-bit LE counter || 96-bit nonce */
#define PP_XCHACHA20_NONCE_SIZE 24u
#define PP_HCHACHA20_NONCE_SIZE 16u
#define PP_CHACHA20_BLOCK_SIZE  64u

/* The public mirror in picopsa/primitives.h (the PSA cipher operation
 * embeds it): s = RFC 8439 2.3 state, s[12] the next block counter; ks the
 * keystream of the last block generated; avail its unused bytes at the end
 * (0..64); live 1 while block s[12] may still be generated. */
typedef picopsa_chacha20_context pp_chacha20_ctx;

/* RFC 8439 2.1: the quarter round on words a, b, c, d of x (indices are
 * public constants at every call site). Exposed for the 2.1.1 and 2.2.1
 * test vectors; inlined into the block function. */
static inline uint32_t pp_chacha20_rotl(uint32_t v, unsigned n)
{
    return (v << n) | (v >> (32u - n));
}

static inline void pp_chacha20_quarter_round(uint32_t x[16], unsigned a, unsigned b,
                                             unsigned c, unsigned d)
{
    x[a] += x[b]; x[d] = pp_chacha20_rotl(x[d] ^ x[a], 16);
    x[c] += x[d]; x[b] = pp_chacha20_rotl(x[b] ^ x[c], 12);
    x[a] += x[b]; x[d] = pp_chacha20_rotl(x[d] ^ x[a], 8);
    x[c] += x[d]; x[b] = pp_chacha20_rotl(x[b] ^ x[c], 7);
}

/* RFC 8439 2.3: the 20 rounds (10 column + 10 diagonal rounds) of in,
 * WITHOUT the final addition of the input, into out (out == in allowed).
 * The ChaCha20 block adds in back; HChaCha20 does not. */
void pp_chacha20_rounds(uint32_t out[16], const uint32_t in[16]);

/* RFC 8439 2.4 with an initial block counter and a 12-byte nonce. */
void pp_chacha20_init(pp_chacha20_ctx *ctx, const uint8_t key[32], uint32_t counter,
                      const uint8_t nonce[12]);

/* The PSA_ALG_STREAM_CIPHER IV of a CHACHA20 key: iv_len 12 (the nonce,
 * counter 0) or 16 (32-bit little-endian counter || 12-byte nonce, the
 * "original"/OpenSSL form). Any other length: PSA_ERROR_INVALID_ARGUMENT
 * and ctx is wiped (it then refuses to encrypt). */
psa_status_t pp_chacha20_init_iv(pp_chacha20_ctx *ctx, const uint8_t key[32],
                                 const uint8_t *iv, size_t iv_len);

/* draft-irtf-cfrg-xchacha-03 2.2: subkey = first and last rows of the
 * state after 20 rounds, with nonce[0..15] in words 12..15. out may alias
 * key or nonce. */
void pp_hchacha20(uint8_t out[32], const uint8_t key[32], const uint8_t nonce[16]);

/* draft-irtf-cfrg-xchacha-03 2.3: ChaCha20 under HChaCha20(key, nonce[0..15])
 * with nonce 00000000 || nonce[16..23] and block counter 0. */
void pp_xchacha20_init(pp_chacha20_ctx *ctx, const uint8_t key[32], const uint8_t nonce[24]);

/* out = in XOR the next len keystream bytes. PSA_SUCCESS, or
 * PSA_ERROR_INVALID_ARGUMENT (nothing written, ctx unchanged) when the
 * keystream would run past block 2^32 - 1 or ctx is not initialised. */
psa_status_t pp_chacha20_xor(pp_chacha20_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len);

/* The keystream of the next block into first (what pp_chacha20_xor of 64
 * zero bytes gives: RFC 8439 2.6's one-time key from block 0). Where one
 * wide kernel call costs no more than a block (x86-64 AVX2 / AVX-512),
 * the block after it is made in the same call and kept in ctx->ks as
 * unused keystream, so the stream continues exactly as after the 64-byte
 * pp_chacha20_xor. Same errors as pp_chacha20_xor. */
psa_status_t pp_chacha20_first_block(pp_chacha20_ctx *ctx, uint8_t first[64]);

/* The form long runs take on this CPU (include/picopsa/backends.h,
 * PICOPSA_FAMILY_CHACHA20). */
const char *pp_chacha20_backend_name(void);

void pp_chacha20_wipe(pp_chacha20_ctx *ctx);

#endif /* PICOPSA_CHACHA20_H */
