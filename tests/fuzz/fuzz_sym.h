/*
 * fuzz_sym.h -- what the symmetric-API fuzz targets (fuzz_aead.c,
 * fuzz_cipher.c, fuzz_mac.c) share: exactly sized output blocks and the
 * error statuses every key-using function may return.
 */
#ifndef PICOPSA_FUZZ_SYM_H
#define PICOPSA_FUZZ_SYM_H

#include <psa/crypto.h>

#include <stdlib.h>
#include <string.h>

/* An exactly sized heap block, so ASan sees a write one byte past it;
 * filled with 0xa5 (malloc(0) may give NULL: one byte then). */
static inline uint8_t *fz_block(size_t n)
{
    uint8_t *p = (uint8_t *)malloc(n != 0 ? n : 1);
    if (p == NULL) {
        abort();
    }
    memset(p, 0xa5, n != 0 ? n : 1);
    return p;
}

/* The errors PSA 1.2 lists for every key-using function of 10.3-10.5:
 * COMMUNICATION/HARDWARE_FAILURE, CORRUPTION_DETECTED, INSUFFICIENT_MEMORY,
 * STORAGE_FAILURE, DATA_INVALID, DATA_CORRUPT. */
static inline int fz_is_common_error(psa_status_t s)
{
    return s == PSA_ERROR_INSUFFICIENT_MEMORY || s == PSA_ERROR_COMMUNICATION_FAILURE ||
           s == PSA_ERROR_HARDWARE_FAILURE || s == PSA_ERROR_CORRUPTION_DETECTED ||
           s == PSA_ERROR_STORAGE_FAILURE || s == PSA_ERROR_DATA_INVALID ||
           s == PSA_ERROR_DATA_CORRUPT;
}

#endif /* PICOPSA_FUZZ_SYM_H */
