/*
 * lms.h -- LMS and HSS signature verification (RFC 8554 sections 4-6),
 * with every parameter set of NIST SP 800-208 section 4 (also RFC 9858):
 * SHA-256 (n = m = 32), SHA-256/192 (24), SHAKE256/256 (32) and
 * SHAKE256/192 (24); LM-OTS with W = 1, 2, 4, 8; LMS trees of height
 * 5, 10, 15, 20, 25; HSS with 1 to 8 levels (RFC 8554 6.1).
 *
 * Contract:
 *  - Verification only. Signing needs a private key whose state (the next
 *    unused leaf) can never roll back; picopsa has no such store
 *    (docs/lms.md).
 *  - Everything handled here is public: the public key, the message and
 *    the signature. The code is therefore NOT constant time (it branches
 *    on the signature's Winternitz digits and returns at the first
 *    malformed field), which is safe for public data.
 *  - Strict parsing, each rule with its section: a public key or a
 *    signature of the wrong length for its typecodes, an unknown
 *    typecode, an LMS and an LM-OTS typecode of different hash functions
 *    or lengths (SP 800-208 4 pairs them: one hash, n = m), an LM-OTS or
 *    LMS typecode in a signature other than the key's (RFC 8554 5.4.2
 *    step 2), q >= 2^h (5.4.2 step 2), an HSS Nspk other than L - 1
 *    (6.3 step 1), bytes left over or missing anywhere: all invalid.
 *  - pp_lms_verify / pp_hss_verify return 0 when the signature is valid,
 *    -1 otherwise; the pp_*_public_key checks return the key's hash
 *    output length in bits (192 or 256: the PSA key_bits, 1.3 PQC
 *    extension 2.5.1), 0 for a malformed key. Pointers may be NULL with a
 *    zero length. Nothing is allocated; the stack holds two hash contexts
 *    and a few n-byte values.
 *  - PICOPSA_LMS_SHAKE = 0 (picopsa/config.h) leaves the SHAKE256 sets
 *    out: their typecodes are then unknown (invalid), and Keccak is not
 *    linked.
 *  - Internal: the PSA driver is lms_psa.c. No PSA header is needed here.
 */
#ifndef PICOPSA_LMS_H
#define PICOPSA_LMS_H

#include <stddef.h>
#include <stdint.h>

/* Largest encodings (RFC 8554 3.3 / 5.3 / 6.1): an LMS public key is
 * u32 type || u32 otstype || I[16] || T[1][m], 24 + m bytes; an HSS public
 * key prefixes u32 L. */
#define PP_LMS_PUBLIC_KEY_SIZE(m) (24u + (m))
#define PP_HSS_PUBLIC_KEY_SIZE(m) (28u + (m))
#define PP_LMS_PUBLIC_KEY_MAX PP_LMS_PUBLIC_KEY_SIZE(32u)
#define PP_HSS_PUBLIC_KEY_MAX PP_HSS_PUBLIC_KEY_SIZE(32u)
#define PP_HSS_MAX_LEVELS 8u

/* key_bits of a well-formed LMS / HSS public key (192 or 256), else 0. */
size_t pp_lms_public_key_bits(const uint8_t *pk, size_t pk_len);
size_t pp_hss_public_key_bits(const uint8_t *pk, size_t pk_len);

/* RFC 8554 5.4.2 (Algorithm 6) and 6.3: 0 = valid, -1 = invalid. */
int pp_lms_verify(const uint8_t *pk, size_t pk_len, const uint8_t *msg, size_t msg_len,
                  const uint8_t *sig, size_t sig_len);
int pp_hss_verify(const uint8_t *pk, size_t pk_len, const uint8_t *msg, size_t msg_len,
                  const uint8_t *sig, size_t sig_len);

#endif /* PICOPSA_LMS_H */
