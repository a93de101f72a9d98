/*
 * mac.c -- MAC algorithm arithmetic (mac.h).
 */
#include "mac/mac.h"

#include <psa/crypto.h>   /* the size macros (crypto_sizes.h) */

size_t pp_mac_length(psa_algorithm_t alg, psa_key_type_t type)
{
    size_t full, truncated;
    if (!PSA_ALG_IS_MAC(alg)) {
        return 0;
    }
    if (PSA_ALG_IS_HMAC(alg)) {
        full = PSA_HASH_LENGTH(PSA_ALG_HMAC_GET_HASH(alg));
    } else if (PSA_ALG_IS_BLOCK_CIPHER_MAC(alg)) {
        full = PSA_BLOCK_CIPHER_BLOCK_LENGTH(type);
    } else {
        full = 0;
    }
    truncated = PSA_MAC_TRUNCATED_LENGTH(alg);
    if (full == 0 || truncated == 0) {
        return full;
    }
    return truncated <= full ? truncated : 0;
}
