/*
 * x25519.h -- the X25519 function of RFC 7748 (sec. 5, Curve25519 in
 * Montgomery form, u coordinates only), over the shared GF(2^255 - 19)
 * field of src/curve25519.
 *
 * Contract:
 *  - scalar: 32 bytes, clamped here (RFC 7748 sec. 5: bits 0-2 and 255
 *    cleared, bit 254 set), the caller's copy is not modified;
 *  - u: 32 bytes little endian; bit 255 is ignored and values in
 *    [p, 2^255) are taken mod p (RFC 7748 sec. 5 requires both);
 *  - out: the 32-byte u coordinate of [k]u. out may alias scalar or u.
 *  - Constant time in the scalar: a Montgomery ladder of 255 fixed steps,
 *    conditional swaps by masks whose bit goes through the optimisation
 *    barrier, an inversion without branches. Timing does not depend on u
 *    either (public in every use). Stack temporaries are wiped.
 *  - pp_x25519 returns 0, or -1 when the result is all zero (a low-order
 *    u: RFC 7748 sec. 6.1 says abort); the zero output is still written.
 */
#ifndef PICOPSA_X25519_H
#define PICOPSA_X25519_H

#include <stdint.h>

#define PP_X25519_KEY_SIZE 32u

int pp_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32]);
/* The public key of a private key: X25519(k, 9) (RFC 7748 sec. 6.1). */
void pp_x25519_public_key(uint8_t pk[32], const uint8_t sk[32]);

#endif /* PICOPSA_X25519_H */
