/*
 * rsa_der.h -- strict DER reader and writer for the PSA RSA key formats
 * (PSA Crypto API 1.2, 9.6.x "RSA keys"):
 *   RSAPublicKey  ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }
 *   RSAPrivateKey ::= SEQUENCE { version INTEGER (0), modulus, publicExponent,
 *       privateExponent, prime1, prime2, exponent1, exponent2, coefficient }
 * (RFC 8017 A.1.1 / A.1.2; ITU-T X.690 10 and 8.3 for the DER rules.)
 *
 * Reader contract: accepts exactly one DER value and nothing else. Rejected
 * with PSA_ERROR_INVALID_ARGUMENT: any tag other than the expected one,
 * indefinite or non-minimal lengths, lengths of more than two bytes
 * (nothing this library accepts needs them), a length running past the
 * input, trailing bytes after the SEQUENCE or inside it, INTEGERs that are
 * empty, non-minimal (redundant 0x00 / 0xFF lead byte), negative or zero,
 * a version other than 0 (so no multi-prime keys). The parts returned point
 * into `der` (no copy) at the magnitude of each INTEGER with its sign byte
 * stripped. Range and consistency checks of the values (n odd, key size,
 * p * q == n, CRT fields ...) are pp_rsa_key_load()'s job (rsa.h).
 * Timing: depends on the lengths and the positions of the fields only,
 * never on the bytes of the private values.
 *
 * Writer contract: writes the DER of the key held in `material` (a key pair
 * as RSAPrivateKey, or RSAPublicKey when public_only or the key is public).
 * Computes the exact length first: PSA_ERROR_BUFFER_TOO_SMALL (nothing
 * useful written) when out_size is smaller. Secret temporaries are wiped.
 */
#ifndef PICOPSA_RSA_DER_H
#define PICOPSA_RSA_DER_H

#include <stddef.h>
#include <stdint.h>

#include <psa/error.h>
#include "rsa/rsa.h"

psa_status_t pp_rsa_der_parse_public(const uint8_t *der, size_t der_len,
                                     pp_rsa_key_parts *parts);
psa_status_t pp_rsa_der_parse_private(const uint8_t *der, size_t der_len,
                                      pp_rsa_key_parts *parts);

/* Bit length of a big-endian unsigned byte string (leading zeros allowed). */
size_t pp_rsa_der_bit_length(const uint8_t *be, size_t len);

psa_status_t pp_rsa_der_write(const uint8_t *material, int public_only,
                              uint8_t *out, size_t out_size, size_t *out_len);

#endif /* PICOPSA_RSA_DER_H */
