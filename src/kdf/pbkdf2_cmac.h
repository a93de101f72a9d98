/*
 * pbkdf2_cmac.h -- PBKDF2 (RFC 8018 5.2) with AES-CMAC-PRF-128 (RFC 4615)
 * as the PRF: PSA_ALG_PBKDF2_AES_CMAC_PRF_128 (PSA Crypto API 1.2 10.6.1,
 * "the same inputs as PSA_ALG_PBKDF2_HMAC() with the same constraints"),
 * as a stream for the PSA key-derivation operation. hLen = 16.
 *
 * RFC 4615 3: AES-CMAC-PRF-128(VK, M) = AES-CMAC(K, M) with K = VK when VK
 * has 16 bytes, else K = AES-CMAC(0^128, VK). In PBKDF2 VK is the
 * password P, so K is computed once at setup:
 *   T_i = U_1 ^ ... ^ U_c,  U_1 = AES-CMAC(K, S || INT(i)),
 *   U_j = AES-CMAC(K, U_{j-1}) = AES_K(U_{j-1} ^ K1)  (one complete block).
 *
 * Contract (that of pbkdf2.h, with AES-CMAC for HMAC):
 *  - pp_pbkdf2_cmac_setup (password, iteration count), then
 *    pp_pbkdf2_cmac_salt any number of times (concatenated), then
 *    pp_pbkdf2_cmac_output any number of times with any lengths.
 *  - Statuses: setup INVALID_ARGUMENT for 0 iterations, NOT_SUPPORTED
 *    above 2^32 - 1; output INSUFFICIENT_DATA, writing nothing, past
 *    (2^32 - 1) * 16 bytes; BAD_STATE before setup.
 *  - Secrets: password, K, salt (it may hold a pepper), the stream;
 *    constant time in all of them (AES-CMAC is; the choice of K depends
 *    on the password's length only, which is public). The password is not
 *    kept. pp_pbkdf2_cmac_wipe erases the context.
 *  - pp_aes_cmac_prf_128 is RFC 4615's PRF on its own (its section 4
 *    vectors), for any key length; out may overlap nothing it reads.
 */
#ifndef PICOPSA_PBKDF2_CMAC_H
#define PICOPSA_PBKDF2_CMAC_H

#include <stddef.h>
#include <stdint.h>

#include <psa/error.h>
#include <picopsa/config.h>

#include "kdf/kdf_stream.h"
#include "mac/cmac.h"

typedef struct {
    pp_cmac_ctx salted;      /* AES-CMAC(K, .) that has absorbed S: U_1 clones it */
    pp_kdf_stream stream;    /* T_index, 16-byte blocks */
    uint32_t iterations;     /* c */
    uint32_t index;          /* i of the T_i in stream.block; 0 before the first */
} pp_pbkdf2_cmac_ctx;

psa_status_t pp_pbkdf2_cmac_setup(pp_pbkdf2_cmac_ctx *ctx, const uint8_t *password,
                                  size_t password_len, uint64_t iterations);
void pp_pbkdf2_cmac_salt(pp_pbkdf2_cmac_ctx *ctx, const uint8_t *salt, size_t salt_len);
psa_status_t pp_pbkdf2_cmac_output(pp_pbkdf2_cmac_ctx *ctx, uint8_t *out, size_t len);
void pp_pbkdf2_cmac_wipe(pp_pbkdf2_cmac_ctx *ctx);

void pp_aes_cmac_prf_128(const uint8_t *key, size_t key_len, const uint8_t *msg, size_t msg_len,
                         uint8_t out[PP_CMAC_BLOCK]);

#endif /* PICOPSA_PBKDF2_CMAC_H */
