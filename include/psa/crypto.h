/*
 * psa/crypto.h -- PSA Certified Crypto API 1.2, picopsa implementation.
 * (Skeleton: the core owner completes the declarations.)
 */
#ifndef PSA_CRYPTO_H
#define PSA_CRYPTO_H

#include <stddef.h>
#include <stdint.h>

#include "crypto_types.h"
#include "crypto_values.h"

#endif /* PSA_CRYPTO_H */
