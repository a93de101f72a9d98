/*
 * tls12_prf.h -- the TLS 1.2 PRF (RFC 5246 5) with HMAC-SHA-256 or
 * HMAC-SHA-384, as a stream for the PSA key-derivation operation (PSA
 * Crypto API 1.2 sec. 10.6: PSA_ALG_TLS12_PRF(hash), inputs SEED, SECRET,
 * LABEL), and the PSK premaster secret of PSA_ALG_TLS12_PSK_TO_MS(hash)
 * (RFC 4279 2), which is then the PRF's secret.
 *
 *   PRF(secret, label, seed) = P_hash(secret, label || seed)
 *   P_hash(secret, s) = HMAC(secret, A(1) || s) || HMAC(secret, A(2) || s) || ...
 *   A(0) = s, A(i) = HMAC(secret, A(i-1))
 *
 * Contract:
 *  - pp_tls12_prf_setup keys HMAC with the secret (it is not kept, so
 *    output may later go over its buffer);
 *    hash_alg is PSA_ALG_SHA_256 or PSA_ALG_SHA_384. Another hash is
 *    NOT_SUPPORTED (RFC 5246 and PSA name only these two), a value that
 *    is not a hash INVALID_ARGUMENT; a hash that is not built:
 *    pp_hmac_setup()'s NOT_SUPPORTED.
 *  - pp_tls12_prf_output continues the stream where the last call
 *    stopped, for any lengths. Label and seed are public and held by the
 *    caller (the PSA operation keeps them, as it keeps HKDF's info): every
 *    output call passes the same label and seed, since each block hashes
 *    them again after A(i); so out must not overlap them. P_hash has no length limit (RFC 5246 5: "as
 *    many times as necessary"), so output returns SUCCESS, or BAD_STATE
 *    for a context never set up; the PSA capacity is the caller's.
 *  - pp_tls12_psk_premaster builds RFC 4279 2's premaster secret
 *    uint16(len(other)) || other || uint16(len(psk)) || psk, where
 *    other == NULL means "no OTHER_SECRET input" and stands for len(psk)
 *    zero bytes (plain PSK); other != NULL with other_len 0 is an empty
 *    other secret. psk_len > PP_TLS12_PSK_MAX_SIZE or
 *    other_len > 65535: INVALID_ARGUMENT; pms_size smaller than
 *    PP_TLS12_PSK_PREMASTER_SIZE: BUFFER_TOO_SMALL. pms must not overlap
 *    other or psk.
 *  - Secrets: the PRF secret, the PSK, the other secret, the premaster
 *    and the stream. Constant time in all of them (HMAC is; copies have
 *    public lengths). Temporaries are wiped; pp_tls12_prf_wipe erases the
 *    context; the caller wipes the premaster.
 */
#ifndef PICOPSA_TLS12_PRF_H
#define PICOPSA_TLS12_PRF_H

#include <stddef.h>
#include <stdint.h>

#include <psa/error.h>
#include <psa/crypto_values.h>
#include <picopsa/config.h>

#include "hash/pp_hash.h"
#include "kdf/kdf_stream.h"
#include "mac/hmac.h"

/* Largest PSK: PSA_TLS12_PSK_TO_MS_PSK_MAX_SIZE of psa/crypto_sizes.h,
 * which an algorithm module does not include (test_tls12_prf checks that
 * the two agree). */
#define PP_TLS12_PSK_MAX_SIZE 128u

/* Bytes of the RFC 4279 2 premaster secret (omitted other: psk_len). */
#define PP_TLS12_PSK_PREMASTER_SIZE(other_len, psk_len) (4u + (other_len) + (psk_len))

typedef struct {
    pp_hmac_ctx hmac;                /* keyed with the secret */
    uint8_t a[PP_HASH_MAX_SIZE];     /* A(i) */
    pp_kdf_stream stream;            /* HMAC(secret, A(i) || label || seed) */
    uint8_t started;                 /* 0 before the first block (A(0) = label || seed) */
} pp_tls12_prf_ctx;

psa_status_t pp_tls12_prf_setup(pp_tls12_prf_ctx *ctx, psa_algorithm_t hash_alg,
                                const uint8_t *secret, size_t secret_len);
psa_status_t pp_tls12_prf_output(pp_tls12_prf_ctx *ctx, const uint8_t *label, size_t label_len,
                                 const uint8_t *seed, size_t seed_len, uint8_t *out, size_t len);
void pp_tls12_prf_wipe(pp_tls12_prf_ctx *ctx);

psa_status_t pp_tls12_psk_premaster(uint8_t *pms, size_t pms_size, size_t *pms_len,
                                    const uint8_t *other, size_t other_len, const uint8_t *psk,
                                    size_t psk_len);

#endif /* PICOPSA_TLS12_PRF_H */
