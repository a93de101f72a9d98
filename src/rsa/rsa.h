/*
 * rsa.h -- RSA key material layout and the raw RSA operations (RFC 8017
 * 5.1.1 RSAEP / 5.1.2 RSADP, 5.2.1 RSASP1 / 5.2.2 RSAVP1), plus key
 * generation (FIPS 186-5 A.1.3). The contract between the RSA core
 * (rsa_key.c, rsa_core.c, rsa_keygen.c) and the RSA formats/padding code
 * (rsa_der.c, rsa_pkcs1v15.c, rsa_pss.c, rsa_oaep.c, rsa_psa.c).
 *
 * Key material: an opaque byte buffer owned by the key slot, written by
 * pp_rsa_key_load() / pp_rsa_keygen() and read by everything else. It holds
 * the key as native limbs plus per-key constants cached at load time
 * (R^2 mod n, R^2 mod p, R^2 mod q, -m^-1 mod 2^w for m = n, p, q), so no
 * operation recomputes them. The buffer needs no particular alignment: the
 * operations copy the limbs they use into aligned stack work memory. The
 * layout depends on the limb size of the build (32 or 64 bits), so material
 * is never persisted or exchanged; export goes through the DER formats.
 *
 * Inputs and outputs of the operations are big-endian byte strings exactly
 * pp_rsa_key_modulus_bytes() long. `in` and `out` may alias (same buffer).
 *
 * Constant time: pp_rsa_private_op() and pp_rsa_keygen() are constant time
 * in every secret (key, input, result, primes); pp_rsa_public_op() and
 * pp_rsa_key_load() for public keys are variable time (public data only);
 * pp_rsa_key_load() for key pairs is constant time in the private parts
 * except for the accept/reject decision.
 *
 * Work memory: the _work variants of the operations take a caller's work
 * area (a static buffer, the caller's stack, ...; aligned for uint64_t,
 * PP_RSA_PRIVATE_WORK_SIZE / PP_RSA_PUBLIC_WORK_SIZE bytes for the key
 * size) and keep every large value in it, so their own stack stays small
 * whatever the key size. pp_rsa_private_op / pp_rsa_public_op put the work
 * area on their stack, sized for the smallest class of 1024, 2048, 3072,
 * 4096, ... bits that holds the key (docs/rsa.md has the figures).
 */
#ifndef PICOPSA_RSA_H
#define PICOPSA_RSA_H

#include <stddef.h>
#include <stdint.h>
#include <psa/error.h>
#include <picopsa/config.h>

/* Big-endian unsigned byte strings as found in DER INTEGERs (leading zero
 * bytes allowed). For a public key only n and e are read. */
typedef struct {
    const uint8_t *n, *e, *d, *p, *q, *dp, *dq, *qinv;
    size_t n_len, e_len, d_len, p_len, q_len, dp_len, dq_len, qinv_len;
} pp_rsa_key_parts;

/* Bytes of key material for a key pair of `bits` bits: a 64-byte header,
 * three full-size values (n, d, R^2 mod n) and seven half-size values with
 * one spare 64-bit limb each (p, q, dp, dq, qinv, R^2 mod p, R^2 mod q).
 * Rounded for 64-bit limbs, so it is an upper bound for 32-bit limbs too.
 * 2048 -> 1784 bytes, 3072 -> 2616, 4096 -> 3448. A public key needs less
 * (pp_rsa_key_load reports the exact length). */
#define PP_RSA_FULL_BYTES_(bits) ((((size_t)(bits) + 63u) / 64u) * 8u)
#define PP_RSA_HALF_BYTES_(bits) ((((size_t)(bits) + 127u) / 128u + 1u) * 8u)
#define PP_RSA_KEY_MATERIAL_MAX(bits) \
    (64u + 3u * PP_RSA_FULL_BYTES_(bits) + 7u * PP_RSA_HALF_BYTES_(bits))
#define PP_RSA_KEY_MATERIAL_SIZE PP_RSA_KEY_MATERIAL_MAX(PICOPSA_RSA_MAX_BITS)

/* Work areas (bytes) per key size. Limbs: nl = ceil(bits / w) for the
 * modulus, hl = nl / 2 + 1 for the primes (the bound the key checks
 * enforce). Private: n, R^2 mod n, r^-1 (nl each), two 2 hl buffers and 7
 * half-size values, then the scratch: the exponentiation's table of 2^w
 * entries plus 4 hl + 2 limbs, or the blinding inversion's 7 nl + 2 limbs
 * if larger. The window of the exponentiation is the largest of
 * 1..PICOPSA_RSA_WINDOW_BITS that fits the area given, so
 * PP_RSA_PRIVATE_WORK_SIZE_W(bits, 1) is the smallest area that works and
 * every larger one buys speed. Public: x, n, R^2 mod n, the result, and
 * the exponentiation's 5 nl + 2 limbs. */
#define PP_RSA_WORK_NL_(bits) (((size_t)(bits) + PICOPSA_BN_LIMB_BITS - 1u) / PICOPSA_BN_LIMB_BITS)
#define PP_RSA_WORK_HL_(bits) (PP_RSA_WORK_NL_(bits) / 2u + 1u)
#define PP_RSA_WORK_MAX_(a, b) ((a) > (b) ? (a) : (b))
#define PP_RSA_PRIVATE_WORK_LIMBS_W(bits, w)                                          \
    (3u * PP_RSA_WORK_NL_(bits) + 11u * PP_RSA_WORK_HL_(bits) +                       \
     PP_RSA_WORK_MAX_((((size_t)1 << (w)) + 4u) * PP_RSA_WORK_HL_(bits) + 2u,          \
                      7u * PP_RSA_WORK_NL_(bits) + 2u))
#define PP_RSA_PRIVATE_WORK_SIZE_W(bits, w) \
    (PP_RSA_PRIVATE_WORK_LIMBS_W(bits, w) * (PICOPSA_BN_LIMB_BITS / 8u))
#define PP_RSA_PRIVATE_WORK_SIZE(bits) PP_RSA_PRIVATE_WORK_SIZE_W(bits, PICOPSA_RSA_WINDOW_BITS)
#define PP_RSA_PUBLIC_WORK_SIZE(bits) \
    ((9u * PP_RSA_WORK_NL_(bits) + 2u) * (PICOPSA_BN_LIMB_BITS / 8u))

/* Components for pp_rsa_key_get_component(). */
enum { PP_RSA_N, PP_RSA_E, PP_RSA_D, PP_RSA_P, PP_RSA_Q, PP_RSA_DP, PP_RSA_DQ, PP_RSA_QINV };

/* Validate and load a key into the internal layout (limbs + R^2 mod n/p/q,
 * n0', p0', q0'). is_pair = 0: only n and e are used (the other pointers may
 * be NULL). Checks: n odd, size within PICOPSA_RSA_MIN_BITS..MAX_BITS, e odd
 * and > 1 and at most 64 bits (larger e: NOT_SUPPORTED), e < n; pair: p, q
 * odd and > 1, p * q == n, 0 < dp < p - 1, 0 < dq < q - 1, 0 < qinv < p,
 * e * dp == 1 mod (p - 1), e * dq == 1 mod (q - 1), qinv * q == 1 mod p,
 * 0 < d < n, d == dp mod (p - 1), d == dq mod (q - 1), and p, q each at
 * most half the modulus limbs + 1: arithmetic
 * only, no private operation and no primality test (where a composite p
 * or q makes a result wrong, the private operation's fault check returns
 * CORRUPTION_DETECTED and releases nothing). d is stored only for export: the
 * private operation uses the CRT values. Stack: one work area sized by the
 * key's class (up to 2048 bits, PICOPSA_RSA_MAX_BITS), below the private
 * operation's.
 * Returns PSA_SUCCESS, PSA_ERROR_INVALID_ARGUMENT (inconsistent or malformed
 * key), PSA_ERROR_NOT_SUPPORTED (size out of range, e too large) or
 * PSA_ERROR_BUFFER_TOO_SMALL (material_size too small). *bits gets the
 * modulus size in bits. On error the material is wiped. */
psa_status_t pp_rsa_key_load(uint8_t *material, size_t material_size, size_t *material_len,
                             const pp_rsa_key_parts *parts, int is_pair, size_t *bits);

/* Modulus size in bytes (ceil(bits / 8)): the length of every operation's
 * input and output, and of signatures and ciphertexts. */
size_t pp_rsa_key_modulus_bytes(const uint8_t *material);
/* Modulus size in bits. */
size_t pp_rsa_key_bits(const uint8_t *material);
/* 1 when the material holds a key pair, 0 for a public key. */
int pp_rsa_key_is_pair(const uint8_t *material);

/* Write one component big-endian, minimal length (no leading zeros; value
 * 0 -> the single byte 0x00). Private components of a public key:
 * PSA_ERROR_INVALID_ARGUMENT. out_size too small: PSA_ERROR_BUFFER_TOO_SMALL.
 * Not constant time in the length of the value written. */
psa_status_t pp_rsa_key_get_component(const uint8_t *material, int which,
                                      uint8_t *out, size_t out_size, size_t *out_len);

/* out = in^e mod n (RSAEP / RSAVP1). Variable time: public data only.
 * in is modulus_bytes long, big-endian; in >= n -> PSA_ERROR_INVALID_ARGUMENT. */
psa_status_t pp_rsa_public_op(const uint8_t *material, const uint8_t *in, uint8_t *out);

/* out = in^d mod n (RSADP / RSASP1) via CRT with Garner recombination,
 * base blinding with fresh randomness per call, and the result checked
 * with the public key before it is written (mismatch ->
 * PSA_ERROR_CORRUPTION_DETECTED, out wiped). Constant time in the key and
 * in the input. in >= n -> PSA_ERROR_INVALID_ARGUMENT; public key ->
 * PSA_ERROR_INVALID_ARGUMENT; RNG failure -> its error. in is read
 * several times and out written only at the end, so they may overlap. */
psa_status_t pp_rsa_private_op(const uint8_t *material, const uint8_t *in, uint8_t *out);

/* The same with the caller's work area (work_size bytes, aligned for
 * uint64_t, wiped before returning); the exponentiation window is the
 * largest that fits (see PP_RSA_PRIVATE_WORK_SIZE_W). NULL, misaligned or
 * smaller than PP_RSA_PRIVATE_WORK_SIZE_W(bits, 1): PSA_ERROR_INSUFFICIENT_MEMORY. */
psa_status_t pp_rsa_private_op_work(const uint8_t *material, const uint8_t *in, uint8_t *out,
                                    void *work, size_t work_size);
/* pp_rsa_public_op with the caller's work area (PP_RSA_PUBLIC_WORK_SIZE
 * bytes; otherwise as pp_rsa_private_op_work). Public data only: not
 * wiped. out may also be the start of the work area (the result is
 * written last, from limbs beyond its first modulus_bytes). */
psa_status_t pp_rsa_public_op_work(const uint8_t *material, const uint8_t *in, uint8_t *out,
                                   void *work, size_t work_size);

/* Generate a key pair (FIPS 186-5 A.1.3 probable primes): bits in
 * PICOPSA_RSA_MIN_BITS..PICOPSA_RSA_MAX_BITS (else PSA_ERROR_NOT_SUPPORTED)
 * and even (else PSA_ERROR_INVALID_ARGUMENT), e odd and >= 65537 (0 means
 * 65537; else PSA_ERROR_INVALID_ARGUMENT). p and q have bits/2 bits each with
 * the top two bits set (so n has exactly `bits` bits), |p - q| >
 * 2^(bits/2 - 100), d > 2^(bits/2). Writes the material like
 * pp_rsa_key_load (key pair). */
psa_status_t pp_rsa_keygen(uint8_t *material, size_t material_size, size_t *material_len,
                           size_t bits, uint32_t e);

#endif /* PICOPSA_RSA_H */
