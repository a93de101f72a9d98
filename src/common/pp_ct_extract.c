/*
 * pp_ct_extract.c -- constant-time extraction of a message at a secret
 * offset (see pp_ct_extract.h).
 */
#include "common/pp_ct_extract.h"

#include <picopsa/config.h>

#if PSA_WANT_ALG_RSA_PKCS1V15_CRYPT || PSA_WANT_ALG_RSA_OAEP

void pp_ct_extract_message(uint8_t *buf, size_t max_len, size_t start)
{
    size_t shift;

    /* Pass for bit b of `start`: shift left by 2^b when the bit is set.
     * Every pass reads and writes each byte once, whatever the bit. Bytes
     * shifted in from beyond the end are zero. Ascending i reads buf[i + s]
     * before it is overwritten. */
    for (shift = 1; shift <= max_len; shift <<= 1) {
        uint8_t move = (uint8_t)(0u - (uint8_t)(start & 1u));
        size_t i;

        for (i = 0; i < max_len; i++) {
            uint8_t next = (i + shift < max_len) ? buf[i + shift] : 0u;
            buf[i] = (uint8_t)(buf[i] ^ (move & (buf[i] ^ next)));
        }
        start >>= 1;
    }
}

#endif
