/*
 * sha3.h -- SHA3-224/256/384/512 and SHAKE128/256 (FIPS 202, sections 6.1
 * and 6.2) over the Keccak sponge of keccak.h.
 *
 * Contract:
 *  - pp_sha3_init(ctx, bits) with bits 224, 256, 384 or 512, then
 *    pp_keccak_absorb (any number of times, any lengths incl. 0), then
 *    pp_sha3_finish, which writes bits / 8 bytes and wipes the context.
 *    Returns 0, or -1 (ctx untouched) for an unsupported size.
 *  - pp_shake_init(ctx, 128 or 256), absorb, then pp_shake_squeeze any
 *    number of times: the output stream does not depend on the split.
 *    The caller wipes with pp_keccak_wipe when done. Returns 0 or -1.
 *  - out may alias nothing in ctx. Internal to the library: the PSA hash
 *    API reaches these through src/hash/pp_hash.c (PSA_ALG_SHA3_*,
 *    PSA_ALG_SHAKE256_512).
 *  - Constant time in the data and the output: timing depends only on
 *    the lengths and the parameter set.
 *  - Clone a running hash by struct assignment.
 */
#ifndef PICOPSA_SHA3_H
#define PICOPSA_SHA3_H

#include <stddef.h>
#include <stdint.h>

#include "hash/keccak.h"

int pp_sha3_init(pp_keccak_ctx *ctx, unsigned bits);
void pp_sha3_finish(pp_keccak_ctx *ctx, uint8_t *out);
int pp_shake_init(pp_keccak_ctx *ctx, unsigned bits);
void pp_shake_squeeze(pp_keccak_ctx *ctx, uint8_t *out, size_t len);

/* One-shot forms; return 0, or -1 for an unsupported size (nothing written). */
int pp_sha3(unsigned bits, const uint8_t *in, size_t len, uint8_t *out);
int pp_shake(unsigned bits, const uint8_t *in, size_t len, uint8_t *out, size_t out_len);

#endif /* PICOPSA_SHA3_H */
