/*
 * psa/crypto_types.h -- scalar types of the PSA Certified Crypto API 1.2.
 * Widths follow the specification exactly (they are ABI).
 */
#ifndef PSA_CRYPTO_TYPES_H
#define PSA_CRYPTO_TYPES_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"

typedef uint16_t psa_key_type_t;
typedef uint8_t psa_ecc_family_t;
typedef uint8_t psa_dh_family_t;
typedef uint32_t psa_algorithm_t;
typedef uint32_t psa_key_lifetime_t;
typedef uint8_t psa_key_persistence_t;
typedef uint32_t psa_key_location_t;
typedef uint32_t psa_key_id_t;
typedef uint32_t psa_key_usage_t;
typedef uint16_t psa_key_derivation_step_t;

/* PAKE (PSA Crypto API 1.2, chapter 10.12). */
typedef uint8_t psa_pake_role_t;
typedef uint8_t psa_pake_step_t;
typedef uint8_t psa_pake_primitive_type_t;
typedef uint8_t psa_pake_family_t;
typedef uint32_t psa_pake_primitive_t;

#endif /* PSA_CRYPTO_TYPES_H */
