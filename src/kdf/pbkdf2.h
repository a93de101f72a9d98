/*
 * pbkdf2.h -- PBKDF2 with HMAC as the PRF (RFC 8018 5.2) over every hash
 * of mac/hmac.h, as a stream for the PSA key-derivation operation (PSA
 * Crypto API 1.2 sec. 10.6: PSA_ALG_PBKDF2_HMAC(hash), inputs COST =
 * iteration count, SALT (one or more pieces, concatenated), PASSWORD).
 *
 * Contract:
 *  - Order: pp_pbkdf2_setup (hash, password, iteration count), then
 *    pp_pbkdf2_salt any number of times (the pieces are concatenated),
 *    then pp_pbkdf2_output any number of times with any lengths: the
 *    stream T_1 || T_2 || ... continues where the last call stopped. The
 *    PSA API takes the salt before the password; the PSA front end keeps
 *    the salt until the password arrives (HMAC is keyed with P, S is data).
 *  - Statuses: setup returns INVALID_ARGUMENT for 0 iterations (RFC 8018
 *    5.2: c is a positive integer), NOT_SUPPORTED for more than
 *    PP_PBKDF2_MAX_ITERATIONS, and pp_hmac_setup()'s statuses for the hash
 *    (NOT_SUPPORTED when not built). output returns INSUFFICIENT_DATA, and
 *    writes nothing, when the request runs past (2^32 - 1) * hLen bytes
 *    (RFC 8018 5.2 step 1, "derived key too long"); else SUCCESS.
 *  - Secrets: the password and the salt (it may hold a pepper) and the
 *    whole stream. Constant time in all of them: HMAC is, and the block
 *    loop depends on the iteration count and lengths only (public). The
 *    password is not kept, only the keyed HMAC states. Inputs are read
 *    during setup/salt only, so out may overlap them (the one-shot form
 *    too: dk over the password or the salt). pp_pbkdf2_wipe erases the
 *    context.
 *  - Speed: each iteration U_j = HMAC(P, U_{j-1}) is two compressions
 *    from the chaining values saved after the padded key blocks
 *    (pp_hash_save_chaining), over two message blocks padded once per
 *    output block (pp_hash_compress_after_block): no hash context is set
 *    up, copied or wiped per iteration. Cortex-M4 -Os: 2.0 compressions'
 *    time per iteration of PBKDF2-HMAC-SHA-256 (docs/key-derivation.md).
 */
#ifndef PICOPSA_PBKDF2_H
#define PICOPSA_PBKDF2_H

#include <stddef.h>
#include <stdint.h>

#include <psa/error.h>
#include <psa/crypto_values.h>
#include <picopsa/config.h>

#include "hash/pp_hash.h"
#include "kdf/kdf_stream.h"
#include "mac/hmac.h"

/* The iteration count is 32 bits here (PSA passes it as uint64_t). */
#define PP_PBKDF2_MAX_ITERATIONS 0xFFFFFFFFu

typedef struct {
    pp_hmac_ctx salted;      /* HMAC(P, .) that has absorbed S: U_1 of each T_i clones it */
    uint64_t inner[8];       /* chaining value after K0 ^ ipad */
    uint64_t outer[8];       /* chaining value after K0 ^ opad */
    pp_kdf_stream stream;    /* T_index, block length hLen */
    psa_algorithm_t hash;
    uint32_t iterations;     /* c */
    uint32_t index;          /* i of the T_i in stream.block; 0 before the first */
} pp_pbkdf2_ctx;

psa_status_t pp_pbkdf2_setup(pp_pbkdf2_ctx *ctx, psa_algorithm_t hash_alg,
                             const uint8_t *password, size_t password_len, uint64_t iterations);
/* Append salt bytes (before the first output). */
void pp_pbkdf2_salt(pp_pbkdf2_ctx *ctx, const uint8_t *salt, size_t salt_len);
psa_status_t pp_pbkdf2_output(pp_pbkdf2_ctx *ctx, uint8_t *out, size_t len);
void pp_pbkdf2_wipe(pp_pbkdf2_ctx *ctx);

/* One shot: DK = PBKDF2(P, S, c, dkLen); the statuses above. */
psa_status_t pp_pbkdf2(psa_algorithm_t hash_alg, const uint8_t *password, size_t password_len,
                       const uint8_t *salt, size_t salt_len, uint64_t iterations, uint8_t *dk,
                       size_t dk_len);

#endif /* PICOPSA_PBKDF2_H */
