/*
 * mac.h -- MAC algorithm arithmetic over psa_algorithm_t values (PSA 1.2
 * 10.3.1): no state, no keys, no slots, so both the policy code
 * (src/core/key_policy.c) and the MAC front end (src/core/psa_mac.c) use
 * it without depending on each other.
 */
#ifndef PICOPSA_MAC_H
#define PICOPSA_MAC_H

#include <stddef.h>

#include <psa/crypto_types.h>

/* Tag length of a MAC algorithm for a key type (the truncation, or the
 * full length of the MAC), 0 when alg is not a MAC picopsa knows or its
 * truncation is longer than the MAC. */
size_t pp_mac_length(psa_algorithm_t alg, psa_key_type_t type);

#endif /* PICOPSA_MAC_H */
