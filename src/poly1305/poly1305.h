/*
 * poly1305.h -- the Poly1305 one-time authenticator (RFC 8439 2.5).
 *
 * Contract:
 *  - Callers: the AEAD layer (ChaCha20-Poly1305, RFC 8439 2.8) and tests.
 *    The key is a ONE-TIME key (r || s, 32 bytes); reusing it for two
 *    messages breaks the authenticator. The caller derives it per message.
 *  - Secret: the key (r, s), the accumulator h and the message bytes.
 *    Only the message LENGTH and the update chunking are public.
 *  - Constant time: no branch and no memory index on secret data; the
 *    clamping of r, the final reduction mod 2^130-5 and the addition of s
 *    are branch-free masks (RFC 8439 2.5.1).
 *  - Radix: 2^44 (three limbs, 64x64->128 products) when the compiler has
 *    unsigned __int128, else 2^26 (five limbs, 32x32->64 products).
 *    Defining PP_POLY1305_RADIX26=1 forces the 2^26 code on any host.
 *  - Aliasing: `in` must not point inside *c; any other buffer is fine.
 *    tag may alias key or msg in the one-shot (read before written).
 *  - pp_poly1305_finish wipes the context; the tag comparison for
 *    verification is pp_ct_memeq() of src/common/pp_util.h.
 */
#ifndef PICOPSA_POLY1305_H
#define PICOPSA_POLY1305_H

#include <stddef.h>
#include <stdint.h>
#include <picopsa/primitives.h>

/* The radix choice (PP_POLY1305_RADIX26) and the state are in the public
 * mirror, picopsa/primitives.h (the AEAD operation embeds it). */
typedef picopsa_poly1305_context pp_poly1305_ctx;

void pp_poly1305_init(pp_poly1305_ctx *c, const uint8_t key[32]);
void pp_poly1305_update(pp_poly1305_ctx *c, const uint8_t *in, size_t len);
/* Writes the 16-byte tag and wipes *c. */
void pp_poly1305_finish(pp_poly1305_ctx *c, uint8_t tag[16]);
void pp_poly1305(uint8_t tag[16], const uint8_t key[32], const uint8_t *msg, size_t len);

#endif
