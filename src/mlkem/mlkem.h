/*
 * mlkem.h -- ML-KEM-512, ML-KEM-768 and ML-KEM-1024 (FIPS 203), the
 * deterministic internal algorithms (section 6) with the input checks of
 * section 7. Internal to picopsa: the PSA layer draws d, z and m from the
 * library RNG (FIPS 203 Alg. 19, 20) and calls these.
 *
 * Interface:
 *  - pp_mlkem_keygen_internal(p, d, z, ek, dk): Alg. 16. ek gets
 *    PP_MLKEM_EK_BYTES(k), dk PP_MLKEM_DK_BYTES(k) bytes.
 *    pp_mlkem_keygen_seed takes the 64-byte seed d || z (the form a key
 *    pair is stored in) with its length.
 *  - pp_mlkem_encaps_internal(p, ek, ek_len, m, K, c): Alg. 17 after the
 *    checks of 7.2 (ek is PP_MLKEM_EK_BYTES long; every ByteDecode_12
 *    value of it is below q, the "modulus check"). K gets 32 bytes, c
 *    PP_MLKEM_CT_BYTES(k).
 *  - pp_mlkem_decaps(p, dk, dk_len, c, c_len, K): Alg. 18 (with Alg. 21's
 *    checks, 7.3: c and dk lengths, and H(ek) stored in dk equals the hash
 *    of the ek stored in dk). A ciphertext that does not re-encrypt to
 *    itself gives the implicit-rejection key J(z || c), with status
 *    PSA_SUCCESS, as the standard requires.
 *  - pp_mlkem_check_ek / pp_mlkem_check_dk: those input checks alone (for
 *    a key import).
 *  - p is &pp_mlkem_512, &pp_mlkem_768 or &pp_mlkem_1024
 *    (pp_mlkem_params_for(512 / 768 / 1024) finds it).
 *
 * Contract:
 *  - Failures: PSA_ERROR_INVALID_ARGUMENT for an unknown p, a wrong length
 *    or a failed input check; nothing is written then. Otherwise
 *    PSA_SUCCESS.
 *  - Secret: d, z, m, dk (its s-hat, z), the shared key K and every
 *    intermediate (r, y, e, m'). Public: p, lengths, ek, c, the matrix A
 *    (rejection sampling from rho branches on public data only).
 *  - Constant time in the secrets: no branch or memory index depends on
 *    them. In decaps the re-encryption is compared with c by OR-ing XORs
 *    and K vs K-bar is selected by a mask (pp_ct_barrier_u32), so the
 *    timing does not say whether c was valid. The input checks look at
 *    public data (ek, the ek and H(ek) inside dk) only.
 *  - Memory: no allocation; the matrix A is never stored, each entry is
 *    sampled from its SHAKE128 stream into the multiply-accumulate (the
 *    coefficients are consumed as they are produced). s-hat is read
 *    ByteEncode_12-packed from dk; encryption keeps y before its NTT, 3
 *    bits a coefficient (96 k bytes), and recomputes NTT(y_j) where it is
 *    needed. Polynomials are int16_t[256]; at most two are live at a time.
 *    Worst-case stack (gcc 12 -fstack-usage over the call graph, Keccak
 *    included), every parameter set: Cortex-M4 -Os keygen 1328, encaps
 *    2264, decaps 2312 bytes; x86-64 -O2 1496 / 2456 / 2504.
 *  - Aliasing: no output may overlap an input (the PSA layer copies
 *    overlapping buffers), and ek and dk of keygen are distinct, except
 *    that ek may be exactly dk + 384 k, the place of ek inside dk (keygen
 *    then writes it once; the PSA key buffer of a pair, mlkem_psa.c).
 *  - Every secret left on the stack (r, y, e, m', K', K-bar, the sponges)
 *    is wiped with pp_wipe before returning.
 */
#ifndef PICOPSA_MLKEM_H
#define PICOPSA_MLKEM_H

#include <stddef.h>
#include <stdint.h>
#include <psa/error.h>

typedef struct {
    uint8_t k;    /* module rank: 2, 3, 4 (FIPS 203 Table 2) */
    uint8_t eta1; /* CBD width of s, e, y; eta2 is 2 in every set */
    uint8_t du;   /* compression of u */
    uint8_t dv;   /* compression of v */
} pp_mlkem_params;

extern const pp_mlkem_params pp_mlkem_512;
extern const pp_mlkem_params pp_mlkem_768;
extern const pp_mlkem_params pp_mlkem_1024;

/* Sizes (FIPS 203 Table 3) from the rank k and (du, dv). */
#define PP_MLKEM_EK_BYTES(k) (384u * (k) + 32u)
#define PP_MLKEM_DK_BYTES(k) (768u * (k) + 96u)
#define PP_MLKEM_CT_BYTES_DU_DV(k, du, dv) (32u * ((unsigned)(du) * (k) + (dv)))
#define PP_MLKEM_SEED_BYTES 64u /* d || z */
#define PP_MLKEM_SS_BYTES 32u   /* shared secret K */
#define PP_MLKEM_MSG_BYTES 32u  /* m of Encaps_internal */

#define PP_MLKEM512_EK_BYTES PP_MLKEM_EK_BYTES(2)                   /* 800 */
#define PP_MLKEM512_DK_BYTES PP_MLKEM_DK_BYTES(2)                   /* 1632 */
#define PP_MLKEM512_CT_BYTES PP_MLKEM_CT_BYTES_DU_DV(2, 10, 4)      /* 768 */
#define PP_MLKEM768_EK_BYTES PP_MLKEM_EK_BYTES(3)                   /* 1184 */
#define PP_MLKEM768_DK_BYTES PP_MLKEM_DK_BYTES(3)                   /* 2400 */
#define PP_MLKEM768_CT_BYTES PP_MLKEM_CT_BYTES_DU_DV(3, 10, 4)      /* 1088 */
#define PP_MLKEM1024_EK_BYTES PP_MLKEM_EK_BYTES(4)                  /* 1568 */
#define PP_MLKEM1024_DK_BYTES PP_MLKEM_DK_BYTES(4)                  /* 3168 */
#define PP_MLKEM1024_CT_BYTES PP_MLKEM_CT_BYTES_DU_DV(4, 11, 5)     /* 1568 */
#define PP_MLKEM_EK_BYTES_MAX PP_MLKEM1024_EK_BYTES
#define PP_MLKEM_DK_BYTES_MAX PP_MLKEM1024_DK_BYTES
#define PP_MLKEM_CT_BYTES_MAX PP_MLKEM1024_CT_BYTES

/* &pp_mlkem_512 / _768 / _1024 for level 512 / 768 / 1024, else NULL. */
const pp_mlkem_params *pp_mlkem_params_for(unsigned level);
/* The sizes of a parameter set (0 for an unknown p). */
size_t pp_mlkem_ek_bytes(const pp_mlkem_params *p);
size_t pp_mlkem_dk_bytes(const pp_mlkem_params *p);
size_t pp_mlkem_ct_bytes(const pp_mlkem_params *p);

psa_status_t pp_mlkem_keygen_internal(const pp_mlkem_params *p, const uint8_t d[32],
                                      const uint8_t z[32], uint8_t *ek, uint8_t *dk);
/* Alg. 16 after its G step: (rho, sigma) = G(d || k) given. The seam lets
 * the constant-time test declassify rho (public: it ends up in ek) before
 * the rejection sampling of A, which branches on it. */
psa_status_t pp_mlkem_keygen_expanded(const pp_mlkem_params *p, const uint8_t rho[32],
                                      const uint8_t sigma[32], const uint8_t z[32], uint8_t *ek,
                                      uint8_t *dk);
/* seed = d || z; INVALID_ARGUMENT unless seed_len is 64. */
psa_status_t pp_mlkem_keygen_seed(const pp_mlkem_params *p, const uint8_t *seed, size_t seed_len,
                                  uint8_t *ek, uint8_t *dk);
psa_status_t pp_mlkem_check_ek(const pp_mlkem_params *p, const uint8_t *ek, size_t ek_len);
psa_status_t pp_mlkem_check_dk(const pp_mlkem_params *p, const uint8_t *dk, size_t dk_len);
psa_status_t pp_mlkem_encaps_internal(const pp_mlkem_params *p, const uint8_t *ek, size_t ek_len,
                                      const uint8_t m[32], uint8_t K[32], uint8_t *c);
psa_status_t pp_mlkem_decaps(const pp_mlkem_params *p, const uint8_t *dk, size_t dk_len,
                             const uint8_t *c, size_t c_len, uint8_t K[32]);

#endif /* PICOPSA_MLKEM_H */
