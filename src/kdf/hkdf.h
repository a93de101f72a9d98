/*
 * hkdf.h -- HKDF (RFC 5869) over HMAC with any hash of pp_hash.h, in the
 * pieces the PSA key-derivation operation needs (PSA Crypto API 1.2 sec.
 * 10.6: PSA_ALG_HKDF, HKDF_EXTRACT, HKDF_EXPAND) plus a one-shot form.
 *
 * Contract:
 *  - hash_alg is a PSA_ALG_SHA_* value; the setup functions return the
 *    pp_hmac_setup() statuses (NOT_SUPPORTED for a hash that is not built).
 *  - Extract (RFC 5869 2.2): PRK = HMAC(salt, IKM). An absent salt is the
 *    empty key, which HMAC pads exactly like RFC 5869's HashLen zeros.
 *  - Expand (2.3): T(i) = HMAC(PRK, T(i-1) || info || i), i = 1..255; the
 *    caller keeps a context keyed with PRK (pp_hkdf_expand_key) and the
 *    previous block, so PRK itself need not be kept.
 *  - Constant time in the secret inputs (HMAC is); lengths are public.
 *    Temporaries are wiped; the caller wipes its contexts and blocks.
 */
#ifndef PICOPSA_HKDF_H
#define PICOPSA_HKDF_H

#include <stddef.h>
#include <stdint.h>

#include <psa/error.h>
#include <psa/crypto_values.h>
#include <picopsa/config.h>

#include "mac/hmac.h"

/* The HKDF algorithms of the PSA API that are built. */
#define PP_HKDF_BUILT (PSA_WANT_ALG_HKDF || PSA_WANT_ALG_HKDF_EXTRACT || PSA_WANT_ALG_HKDF_EXPAND)

/* RFC 5869 2.3: L <= 255 * HashLen. */
#define PP_HKDF_MAX_BLOCKS 255u

/* Extract in two steps: start (salt, may be NULL with length 0), then
 * pp_hmac_update with the IKM and pp_hmac_finish into PRK. */
psa_status_t pp_hkdf_extract_start(pp_hmac_ctx *ctx, psa_algorithm_t hash_alg,
                                   const uint8_t *salt, size_t salt_len);
/* ctx keyed with PRK for the expand blocks. */
psa_status_t pp_hkdf_expand_key(pp_hmac_ctx *ctx, psa_algorithm_t hash_alg,
                                const uint8_t *prk, size_t prk_len);
/* block = T(i): prev is T(i-1) (prev_len 0 for i = 1), may alias block;
 * block receives hash_len bytes. prk_ctx is not changed. */
void pp_hkdf_expand_block(const pp_hmac_ctx *prk_ctx, uint8_t *block, const uint8_t *prev,
                          size_t prev_len, const uint8_t *info, size_t info_len, uint8_t i);

/* One shot (RFC 5869 2): okm_len <= 255 * HashLen (else INVALID_ARGUMENT). */
psa_status_t pp_hkdf(psa_algorithm_t hash_alg, const uint8_t *salt, size_t salt_len,
                     const uint8_t *ikm, size_t ikm_len, const uint8_t *info, size_t info_len,
                     uint8_t *okm, size_t okm_len);

#endif /* PICOPSA_HKDF_H */
