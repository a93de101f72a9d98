/*
 * picopsa/shutdown.h -- library shutdown (the PSA Crypto API defines
 * none; Mbed TLS has mbedtls_psa_crypto_free).
 *
 *   void picopsa_shutdown(void);
 *
 *  - Wipes every key slot: the material and attributes of every volatile
 *    key (which are then gone) and every cached copy of a persistent key
 *    (which stays in storage and is loaded again on its next use). The
 *    library stays initialised: the RNG keeps its state, and the next
 *    PSA call works as after psa_crypto_init.
 *  - Call it only when no other PSA call is running or will start before
 *    it returns (no thread holds a key, no multi-part operation is live):
 *    slots held by a running call are wiped too.
 *  - Use before a device sleeps with RAM retained, hands over to other
 *    firmware, or (tests) to prove that stored keys survive a restart.
 */
#ifndef PICOPSA_SHUTDOWN_H
#define PICOPSA_SHUTDOWN_H

#ifdef __cplusplus
extern "C" {
#endif

void picopsa_shutdown(void);

#ifdef __cplusplus
}
#endif

#endif /* PICOPSA_SHUTDOWN_H */
