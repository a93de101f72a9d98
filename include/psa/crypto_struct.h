/*
 * psa/crypto_struct.h -- the caller-allocated structures of the PSA Certified
 * Crypto API 1.2 (key attributes and operation objects) and their
 * initializers.
 *
 * Contract:
 *  - Every struct is complete so the caller can allocate it (stack, static
 *    or inside its own structs); applications must treat every field as
 *    private and initialise with the *_INIT macro, the *_init() function,
 *    `= {0}` or memset 0 (spec 5.1.6: all-bits-zero is the initial state).
 *  - Operation structs embed the primitive contexts of picopsa/primitives.h
 *    by value: no allocation anywhere.
 *  - An operation whose `alg` field is 0 is inactive; the library wipes the
 *    embedded context when an operation finishes or is aborted.
 *  - Included by psa/crypto.h; never include it directly.
 */
#ifndef PSA_CRYPTO_STRUCT_H
#define PSA_CRYPTO_STRUCT_H

#include <stddef.h>
#include <stdint.h>

#include "crypto_types.h"
#include <picopsa/config.h>
#include <picopsa/primitives.h>

/* C++ has no universal `{0}` without -Wmissing-field-initializers noise;
 * `{}` value-initialises every member there. C99 needs the `{0}`. */
#ifdef __cplusplus
#define PSA_STRUCT_ZERO_INIT_ {}
#else
#define PSA_STRUCT_ZERO_INIT_ {0}
#endif

/* Key attributes (spec 9.1). bits is size_t in the API; 0 = "not set". */
struct psa_key_attributes_s {
    psa_key_type_t type;
    size_t bits;
    psa_key_lifetime_t lifetime;
    psa_key_id_t id;
    psa_key_usage_t usage;
    psa_algorithm_t alg;
};
#define PSA_KEY_ATTRIBUTES_INIT PSA_STRUCT_ZERO_INIT_

/* Multi-part hash (spec 10.2.3). */
struct psa_hash_operation_s {
    psa_algorithm_t alg;            /* 0 = inactive */
    picopsa_hash_context ctx;
};
#define PSA_HASH_OPERATION_INIT PSA_STRUCT_ZERO_INIT_

/* Multi-part MAC (spec 10.3.3): HMAC, and AES-CMAC when PSA_WANT_ALG_CMAC
 * is on (its member, with an AES key schedule, exists only then);
 * mac_length is the (possibly truncated) tag length. */
struct psa_mac_operation_s {
    psa_algorithm_t alg;            /* 0 = inactive */
    uint8_t is_sign;                /* 1: sign, 0: verify, 2: failed (key gone) */
    uint8_t mac_length;
    psa_key_id_t key;               /* re-checked by update/finish (psa_mac.c) */
    uint32_t key_serial;            /* the key's creation number (its slot's serial) */
    union {
        picopsa_hmac_context hmac;
#if PSA_WANT_ALG_CMAC
        picopsa_cmac_context cmac;
#endif
    } u;
};
#define PSA_MAC_OPERATION_INIT PSA_STRUCT_ZERO_INIT_

/* Multi-part unauthenticated cipher (spec 10.4.3, src/core/psa_cipher.c).
 * iv_state: 0 = IV still to be set, 1 = set or not needed; key and
 * key_serial as in the MAC operation (re-checked by every step). */
struct psa_cipher_operation_s {
    psa_algorithm_t alg;            /* 0 = inactive */
    uint8_t is_encrypt;             /* 1: encrypt, 0: decrypt, 2: failed (key gone) */
    uint8_t iv_state;
    psa_key_id_t key;
    uint32_t key_serial;
    picopsa_cipher_context ctx;
#if PICOPSA_DRIVERS
    /* 0: the software runs the operation on ctx; 1 + i: driver i of
     * PICOPSA_DRIVER_LIST took it at setup and owns driver_ctx (ctx then
     * only tells the IV length). */
    uint8_t driver;
    uint64_t driver_ctx[PICOPSA_DRIVER_CIPHER_CONTEXT_SIZE / 8u];
#endif
};
#define PSA_CIPHER_OPERATION_INIT PSA_STRUCT_ZERO_INIT_

/* Multi-part AEAD (spec 10.5.3, src/core/psa_aead.c): state 0 no nonce,
 * 1 nonce set, 2 AD given, 3 data given; the declared lengths still due
 * when lengths_set; key and key_serial as in the MAC operation. */
struct psa_aead_operation_s {
    psa_algorithm_t alg;            /* 0 = inactive */
    uint8_t is_encrypt;             /* 1: encrypt, 0: decrypt, 2: failed (key gone) */
    uint8_t state;
    uint8_t lengths_set;
    psa_key_id_t key;
    uint32_t key_serial;
    size_t ad_remaining, data_remaining;
    picopsa_aead_context ctx;
};
#define PSA_AEAD_OPERATION_INIT PSA_STRUCT_ZERO_INIT_

/* Key derivation (spec 10.6.3). Built: HKDF, HKDF_EXTRACT, HKDF_EXPAND,
 * PBKDF2_HMAC, TLS12_PRF, TLS12_PSK_TO_MS, SP800_108_COUNTER_HMAC,
 * SP800_108_COUNTER_CMAC, PBKDF2_AES_CMAC_PRF_128, TLS12_ECJPAKE_TO_PMS
 * (src/core/psa_key_derivation.c); without them the operation never
 * leaves the inactive state and is just alg. The per-algorithm state is a
 * union (one KDF per operation); inputs[] keeps the inputs every output
 * block hashes again or that arrive before the key they go with (HKDF
 * INFO, PBKDF2 SALT, TLS 1.2 SEED/OTHER_SECRET/LABEL, SP 800-108
 * LABEL/CONTEXT). The operation lives on MCU stacks: keep it small. */
#if PSA_WANT_ALG_HKDF || PSA_WANT_ALG_HKDF_EXTRACT || PSA_WANT_ALG_HKDF_EXPAND ||            \
    PSA_WANT_ALG_PBKDF2_HMAC || PSA_WANT_ALG_TLS12_PRF || PSA_WANT_ALG_TLS12_PSK_TO_MS ||     \
    PSA_WANT_ALG_SP800_108_COUNTER_HMAC || PSA_WANT_ALG_SP800_108_COUNTER_CMAC ||            \
    PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128 || PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS
#define PICOPSA_KDF_INPUT_BUFFER_BYTES_                                                       \
    (PICOPSA_HKDF_MAX_INFO_BYTES > PICOPSA_KDF_MAX_INPUT_BYTES ? PICOPSA_HKDF_MAX_INFO_BYTES   \
                                                               : PICOPSA_KDF_MAX_INPUT_BYTES)
struct psa_key_derivation_s {
    psa_algorithm_t alg;            /* 0 = inactive; key agreements: the full alg */
    uint16_t flags;                 /* steps done, error, permissions (psa_key_derivation.c) */
    uint8_t hash_length;
    uint8_t block_used;             /* HKDF: bytes of block[] already output */
    uint8_t counter;                /* HKDF: i of the T(i) in block[] */
    uint16_t info_length;           /* bytes of inputs[] in use */
    uint16_t first_length;          /* of which the first input (TLS seed, SP 800-108 label) */
    uint32_t cost;                  /* PBKDF2: the iteration count until the password */
    size_t capacity;
    union {
        struct {
            picopsa_hmac_context hmac;  /* HMAC(salt, .) during extract, then keyed with PRK */
            uint8_t block[64];          /* T(i); HKDF_EXTRACT: the PRK */
        } hkdf;
        /* Room for the src/kdf contexts (pp_pbkdf2_ctx, pp_tls12_prf_ctx,
         * pp_sp800_108_ctx; psa_key_derivation.c checks that they fit):
         * an HMAC context, PBKDF2's two saved chaining values, a block. */
        struct {
            picopsa_hmac_context hmac;
            uint64_t chain[PSA_WANT_ALG_PBKDF2_HMAC ? 16 : 8];
            uint8_t bytes[64];
            uint32_t words[4];
        } kdf;
#if PSA_WANT_ALG_SP800_108_COUNTER_CMAC || PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128
        /* The CMAC KDFs' contexts (pp_sp800_108_cmac_ctx, pp_pbkdf2_cmac_ctx): a keyed CMAC
         * context (AES key schedule), a block, K_0. */
        struct {
            picopsa_cmac_context cmac;
            uint8_t bytes[104];   /* the stream block (64 B max), K_0, counters */
            uint32_t words[4];
        } kdf_cmac;
#endif
    } u;
    uint8_t inputs[PICOPSA_KDF_INPUT_BUFFER_BYTES_ > 0 ? PICOPSA_KDF_INPUT_BUFFER_BYTES_ : 1];
};
#else
struct psa_key_derivation_s {
    psa_algorithm_t alg;
};
#endif
#define PSA_KEY_DERIVATION_OPERATION_INIT PSA_STRUCT_ZERO_INIT_

/* PAKE extension 1.2 (AES 0058), section 2.5. */
struct psa_pake_cipher_suite_s {
    psa_algorithm_t algorithm;
    psa_pake_primitive_t primitive;
    uint32_t key_confirmation;
};
#define PSA_PAKE_CIPHER_SUITE_INIT PSA_STRUCT_ZERO_INIT_

struct psa_pake_operation_s {
    psa_algorithm_t alg;
};
#define PSA_PAKE_OPERATION_INIT PSA_STRUCT_ZERO_INIT_

/* Custom key production parameters (psa_generate_key_custom, Crypto API
 * 1.3 9.6.4; provided as an extension for the RSA public exponent). */
struct psa_custom_key_parameters_s {
    uint32_t flags;
};
#define PSA_CUSTOM_KEY_PARAMETERS_INIT PSA_STRUCT_ZERO_INIT_

#endif /* PSA_CRYPTO_STRUCT_H */
