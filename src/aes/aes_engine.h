/*
 * aes_engine.h -- the AES block engines of PICOPSA_DRIVER_LIST's drivers
 * (picopsa_aes_engine_t, <picopsa/driver.h>, docs/drivers.md) as aes.c
 * routes to them. Declared by their consumer and bound in aes_engine.c
 * straight from the list, so the seam points downward: src/aes includes
 * the public driver header only, never a dispatch or core header.
 *
 * Contract:
 *  - Exists only in a build that names drivers (PP_AES_ENGINE); a
 *    driver-less build declares, compiles and links none of it, and
 *    pp_aes_key has no engine field (zero bytes).
 *  - pp_aes_engine_set_key: the first engine in list order whose set_key
 *    takes the key (PSA_ERROR_NOT_SUPPORTED passes to the next) gets it;
 *    its context is the start of k->rk and k->hw = 2 + its list index.
 *    Returns PSA_ERROR_NOT_SUPPORTED when none took it (k untouched but
 *    for rk scratch, which the software then overwrites); PSA_SUCCESS;
 *    or an engine's error: k is then wiped, k->hw still names that
 *    engine and k->engine_status holds the error, so every later block
 *    of k is wiped output (a caller that ignores the status, such as
 *    CTR_DRBG's internal re-keying, still sees it in pp_aes_status).
 *  - The block functions run the modes' software over the engine's ecb
 *    (the CTR counter incremented without a branch on its value, SP
 *    800-38A 6.5; CBC per block, 6.2). On an engine error the output
 *    from the failing block on is wiped (the front end, seeing
 *    pp_aes_status, wipes the rest), the error is recorded in
 *    k->engine_status (k is never defined const: it lives in operation
 *    contexts; the const of the interface is the software's view) and the
 *    engine is not called again for k.
 *  - Secret stack buffers are wiped; nothing branches on key or data.
 */
#ifndef PICOPSA_AES_ENGINE_H
#define PICOPSA_AES_ENGINE_H

#include <picopsa/config.h>

#include "aes/aes.h"

#define PP_AES_ENGINE PICOPSA_DRIVERS

#if PP_AES_ENGINE
#include <picopsa/driver.h>

#define PP_AES_HW_ENGINE0 2u /* k->hw of the list's first driver */

psa_status_t pp_aes_engine_set_key(pp_aes_key *k, const uint8_t *key, size_t key_len);
void pp_aes_engine_ecb(const pp_aes_key *k, int encrypt, const uint8_t *in, uint8_t *out,
                       size_t nblocks);
void pp_aes_engine_ctr(const pp_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                       size_t nblocks);
void pp_aes_engine_cbc_encrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                               uint8_t *out, size_t nblocks);
void pp_aes_engine_cbc_decrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                               uint8_t *out, size_t nblocks);
#endif /* PP_AES_ENGINE */

#endif /* PICOPSA_AES_ENGINE_H */
