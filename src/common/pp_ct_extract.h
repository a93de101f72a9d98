/*
 * pp_ct_extract.h -- constant-time extraction of a message that sits at a
 * secret offset in a buffer: the last step of the RSAES-PKCS1-v1_5 and
 * RSAES-OAEP decryptions (RFC 8017 7.2.2 step 3 and 7.1.2 step 3g), where
 * where the message starts depends on the decrypted (secret) padding. Both
 * decoders (src/rsa/rsa_pkcs1v15.c, src/rsa/rsa_oaep.c) use it; neither
 * reaches into the other's file.
 */
#ifndef PICOPSA_PP_CT_EXTRACT_H
#define PICOPSA_PP_CT_EXTRACT_H

#include <stddef.h>
#include <stdint.h>

/* Widen a 32-bit mask (all-ones or zero, or 1/0) of common/pp_util.h to a
 * size_t mask, for selects on secret offsets and lengths. */
static inline size_t pp_ct_mask_sz(uint32_t mask32)
{
    return (size_t)0 - (size_t)(mask32 & 1u);
}

/* buf holds max_len bytes of which the message is the tail starting at the
 * secret offset `start` (0 <= start <= max_len). Move it to the front and
 * zero the rest, with log2(max_len) passes that each read and write every
 * byte, selecting by the bits of `start` (no secret index or branch).
 * Built only with PSA_WANT_ALG_RSA_PKCS1V15_CRYPT or PSA_WANT_ALG_RSA_OAEP. */
void pp_ct_extract_message(uint8_t *buf, size_t max_len, size_t start);

#endif /* PICOPSA_PP_CT_EXTRACT_H */
