/*
 * keccak.h -- the Keccak-f[1600] permutation and the sponge construction
 * (FIPS 202, sections 3, 4 and 5), the core of SHA-3 and SHAKE (sha3.h).
 *
 * Contract:
 *  - Internal to the library: callers are sha3.c, the SHA-3 hash API
 *    (pp_hash.c) and ML-KEM. The context is set up by pp_sha3_init or
 *    pp_shake_init (sha3.h); pp_keccak_absorb may then be called any number
 *    of times with any lengths (incl. 0; in may be NULL when len is 0),
 *    until the first squeeze or finish, after which absorbing is a misuse.
 *  - pp_keccak_squeeze pads (FIPS 202 5.1, pad10*1 after the domain
 *    suffix) on its first call, then returns the next len bytes of the
 *    output stream: any split of squeezes gives the same stream.
 *  - in and out may alias nothing in ctx; out may equal in for squeeze
 *    calls after absorbing is over.
 *  - Secret: the absorbed data and the state. Constant time in them: no
 *    branch and no memory index depends on them; timing depends only on
 *    lengths. The round constants are indexed by the round number only.
 *  - Portable 64-bit form (lanes as uint64_t). A bit-interleaved 32-bit
 *    form and assembly backends are later work (issue 26).
 *  - Clone a running sponge by struct assignment; pp_keccak_wipe clears it.
 */
#ifndef PICOPSA_KECCAK_H
#define PICOPSA_KECCAK_H

#include <stddef.h>
#include <stdint.h>

#include <picopsa/primitives.h>

/* The sponge context is public (picopsa/primitives.h) because the PSA hash
 * operation embeds it: a[25] state, rate, pos, out_len (fixed output length
 * in bytes, 0 for a SHAKE stream), suffix, squeezing. */
typedef picopsa_keccak_context pp_keccak_ctx;

/* Keccak-f[1600] (FIPS 202 3.3, 24 rounds of Keccak-p). */
void pp_keccak_f1600(uint64_t a[25]);

/* Sponge set-up with RATE bytes (< 200, multiple of 8) and the suffix. */
void pp_keccak_init(pp_keccak_ctx *ctx, size_t rate, uint8_t suffix);
void pp_keccak_absorb(pp_keccak_ctx *ctx, const uint8_t *in, size_t len);
void pp_keccak_squeeze(pp_keccak_ctx *ctx, uint8_t *out, size_t len);
void pp_keccak_wipe(pp_keccak_ctx *ctx);

#endif /* PICOPSA_KECCAK_H */
