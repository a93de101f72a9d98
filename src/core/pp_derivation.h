/*
 * pp_derivation.h -- what the key agreement and key derivation front ends
 * (psa_key_agreement.c, psa_key_derivation.c, and the NOT_SUPPORTED forms
 * in psa_not_supported.c) share. src/core only.
 */
#ifndef PICOPSA_PP_DERIVATION_H
#define PICOPSA_PP_DERIVATION_H

#include "core/pp_core.h"
#include "kdf/hkdf.h"   /* PP_HKDF_BUILT */

/* The KDFs of src/kdf other than HKDF behind the key derivation API. */
#define PP_KDF_OTHERS_BUILT                                                        \
    (PSA_WANT_ALG_PBKDF2_HMAC || PSA_WANT_ALG_TLS12_PRF ||                         \
     PSA_WANT_ALG_TLS12_PSK_TO_MS || PSA_WANT_ALG_SP800_108_COUNTER_HMAC ||         \
     PSA_WANT_ALG_SP800_108_COUNTER_CMAC || PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128 || \
     PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS)

/* The key derivation operation exists (some KDF is built). */
#define PP_KDF_BUILT (PP_HKDF_BUILT || PP_KDF_OTHERS_BUILT)

/* Largest raw agreement output of a built curve: X25519 and P-256 give
 * 32 bytes, P-384 48 (10.9.1 PSA_ALG_ECDH: the x coordinate). A local
 * buffer of this size holds the secret between the agreement and the key
 * or the KDF it feeds. */
#if PSA_WANT_ECC_SECP_R1_384
#define PP_SHARED_SECRET_MAX_SIZE 48u
#else
#define PP_SHARED_SECRET_MAX_SIZE 32u
#endif

/* Key types whose material is raw bytes (the raw-key store of the
 * dispatch layer): what output_key may create. psa_key_agreement creates
 * four of them only (10.9.2). */
#define PP_KEY_TYPE_IS_RAW(t)                                                      \
    ((t) == PSA_KEY_TYPE_RAW_DATA || (t) == PSA_KEY_TYPE_HMAC ||                   \
     (t) == PSA_KEY_TYPE_DERIVE || (t) == PSA_KEY_TYPE_PASSWORD ||                 \
     (t) == PSA_KEY_TYPE_PASSWORD_HASH || (t) == PSA_KEY_TYPE_PEPPER)

#if PSA_WANT_ALG_ECDH
/* The raw agreement of private_key (policy: PSA_KEY_USAGE_DERIVE and
 * policy_alg, a raw agreement or an agreement + KDF) with the peer key,
 * into output (psa_key_agreement.c). Errors: the slot lookup's and the
 * dispatch layer's; the caller wipes output. */
psa_status_t pp_core_key_agreement(psa_key_id_t private_key, psa_algorithm_t policy_alg,
                                   const uint8_t *peer_key, size_t peer_key_length,
                                   uint8_t *output, size_t output_size, size_t *output_length);
#endif

#endif /* PICOPSA_PP_DERIVATION_H */
