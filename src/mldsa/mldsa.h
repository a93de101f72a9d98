/*
 * mldsa.h -- ML-DSA-44, ML-DSA-65 and ML-DSA-87 (FIPS 204): the internal
 * algorithms of section 6 (KeyGen_internal, Sign_internal,
 * Verify_internal) and the message representative mu of the external
 * algorithms of section 5 (Alg. 2-5: M' = 0 || |ctx| || ctx || M for
 * ML-DSA, 1 || |ctx| || ctx || OID || PH(M) for HashML-DSA). Internal to
 * picopsa: the PSA layer (mldsa_psa.c) draws rnd and xi from the library
 * RNG and calls these.
 *
 * Interface:
 *  - pp_mldsa_keygen_internal(p, xi, pk, sk): Alg. 6. pk gets
 *    p->pk_bytes, sk p->sk_bytes (the FIPS 204 skEncode format).
 *  - pp_mldsa_mu(tr, domain, ctx, ctx_len, oid, oid_len, msg, msg_len, mu):
 *    mu = H(tr || M', 64) (Alg. 7 step 6, Alg. 8 step 7) with M' built as
 *    above (oid NULL for pure ML-DSA). ctx_len <= 255 (caller checks).
 *  - pp_mldsa_sign_mu(p, sk, mu, rnd, sig): Alg. 7 from mu on; rnd is 32
 *    random bytes (hedged) or 32 zero bytes (deterministic, Alg. 2 step 5).
 *  - pp_mldsa_verify_mu(p, pk, mu, sig, sig_len): Alg. 8 from mu on;
 *    PSA_SUCCESS or PSA_ERROR_INVALID_SIGNATURE (also for a wrong length
 *    or a malformed hint encoding, Alg. 21's bottom).
 *  - The seams (used by sign_mu and by the constant-time test, which
 *    declassifies what is public between them): keygen_from_s is Alg. 6
 *    after ExpandS, with rho, K, s1, s2 already in sk; sign_commit is
 *    Alg. 7 steps 11-15 (y, w, w1, c-tilde) for one kappa, sign_respond
 *    steps 16-28 returning an all-ones mask for a rejected attempt,
 *    sign_finish writes the hints of an accepted attempt (step 33).
 *
 * Contract:
 *  - Secret: xi, rho', K, s1, s2, t0 (sk past rho), rnd, rho'', y, w, z and
 *    h of a rejected attempt, c s1, c s2, c t0. Public: p, lengths, pk, rho,
 *    tr, mu, the signature, the number of attempts and the c-tilde of each
 *    attempt (why: mldsa.c, above the signing loop).
 *  - Constant time in the secrets (no branch or memory index depends on
 *    them) except the rejection pattern of ExpandS (mldsa_poly.h says why
 *    it is safe). The rejection checks of an attempt are evaluated over
 *    every coefficient with masks; only the final verdict is branched on.
 *  - Memory: no allocation; A is never stored: each entry is sampled from
 *    its SHAKE128 stream when it is multiplied. Work space (int32_t[256]
 *    polynomials, 1 KiB each, sized for ML-DSA-87): keygen l + 3, sign
 *    l + k + 3 (y and w are kept across the attempt), verify l + 3; with
 *    PICOPSA_MLDSA_SMALL_STACK keygen 3, sign k + 4, verify 4 (y, NTT(z),
 *    NTT(s1) recomputed where used).
 *  - Aliasing: no output may overlap an input.
 *  - Every secret left on the stack is wiped before returning.
 */
#ifndef PICOPSA_MLDSA_H
#define PICOPSA_MLDSA_H

#include <stddef.h>
#include <stdint.h>
#include <psa/error.h>

#include "mldsa/mldsa_poly.h"

typedef struct {
    uint8_t k, l;          /* matrix A is k x l (FIPS 204 Table 1) */
    uint8_t eta;           /* private key range */
    uint8_t tau;           /* number of +-1 in c */
    uint8_t omega;         /* maximum number of 1s in h */
    uint8_t gamma1_bits;   /* gamma1 = 2^17 or 2^19 */
    uint8_t ctilde_bytes;  /* lambda / 4 */
    uint16_t bits;         /* PSA key_bits: 128, 192, 256 */
    int32_t beta;          /* tau * eta */
    int32_t gamma2;        /* (q-1)/88 or (q-1)/32 */
    uint16_t pk_bytes, sk_bytes, sig_bytes;
} pp_mldsa_params;

extern const pp_mldsa_params pp_mldsa_44;
extern const pp_mldsa_params pp_mldsa_65;
extern const pp_mldsa_params pp_mldsa_87;

/* Sizes (FIPS 204 Table 2). */
#define PP_MLDSA_SEED_BYTES 32u
#define PP_MLDSA_MU_BYTES 64u
#define PP_MLDSA_RND_BYTES 32u
#define PP_MLDSA_PK_BYTES(k) (32u + 320u * (k))
#define PP_MLDSA_SK_BYTES(k, l, eta_bits) (128u + 32u * (eta_bits) * ((k) + (l)) + 416u * (k))
#define PP_MLDSA44_PK_BYTES 1312u
#define PP_MLDSA44_SK_BYTES 2560u
#define PP_MLDSA44_SIG_BYTES 2420u
#define PP_MLDSA65_PK_BYTES 1952u
#define PP_MLDSA65_SK_BYTES 4032u
#define PP_MLDSA65_SIG_BYTES 3309u
#define PP_MLDSA87_PK_BYTES 2592u
#define PP_MLDSA87_SK_BYTES 4896u
#define PP_MLDSA87_SIG_BYTES 4627u
#define PP_MLDSA_PK_BYTES_MAX PP_MLDSA87_PK_BYTES
#define PP_MLDSA_SK_BYTES_MAX PP_MLDSA87_SK_BYTES
#define PP_MLDSA_SIG_BYTES_MAX PP_MLDSA87_SIG_BYTES
#define PP_MLDSA_K_MAX 8
#define PP_MLDSA_L_MAX 7

/* &pp_mldsa_44 / _65 / _87 for key_bits 128 / 192 / 256, else NULL. */
const pp_mldsa_params *pp_mldsa_params_for(size_t bits);

psa_status_t pp_mldsa_keygen_internal(const pp_mldsa_params *p, const uint8_t xi[32],
                                      uint8_t *pk, uint8_t *sk);
void pp_mldsa_keygen_from_s(const pp_mldsa_params *p, uint8_t *sk, uint8_t *pk);

void pp_mldsa_mu(const uint8_t tr[64], uint8_t domain, const uint8_t *ctx, size_t ctx_len,
                 const uint8_t *oid, size_t oid_len, const uint8_t *msg, size_t msg_len,
                 uint8_t mu[64]);
/* tr = H(pk, 64) (Alg. 8 step 6). */
void pp_mldsa_tr(const pp_mldsa_params *p, const uint8_t *pk, uint8_t tr[64]);

psa_status_t pp_mldsa_sign_mu(const pp_mldsa_params *p, const uint8_t *sk, const uint8_t mu[64],
                              const uint8_t rnd[32], uint8_t *sig);
psa_status_t pp_mldsa_verify_mu(const pp_mldsa_params *p, const uint8_t *pk,
                                const uint8_t mu[64], const uint8_t *sig, size_t sig_len);

/* Work space of one signature: w of the current attempt, y unless
 * PICOPSA_MLDSA_SMALL_STACK (then regenerated from rho'' and kappa, kept
 * here), the hints. */
#if PICOPSA_MLDSA_SMALL_STACK
#define PP_MLDSA_Y_KEPT 1
#else
#define PP_MLDSA_Y_KEPT PP_MLDSA_L_MAX
#endif
typedef struct {
    pp_mldsa_poly y[PP_MLDSA_Y_KEPT];
    pp_mldsa_poly w[PP_MLDSA_K_MAX];
    uint32_t h[PP_MLDSA_K_MAX][PP_MLDSA_N / 32];
    uint8_t rhopp[64];
    unsigned kappa;
} pp_mldsa_sign_work;

/* rho'' = H(K || rnd || mu, 64) (Alg. 7 step 7). */
void pp_mldsa_rhopp(const uint8_t *sk, const uint8_t rnd[32], const uint8_t mu[64],
                    uint8_t rhopp[64]);
void pp_mldsa_sign_commit(const pp_mldsa_params *p, const uint8_t *sk, const uint8_t mu[64],
                          const uint8_t rhopp[64], unsigned kappa, pp_mldsa_sign_work *w,
                          uint8_t *ctilde);
uint32_t pp_mldsa_sign_respond(const pp_mldsa_params *p, const uint8_t *sk,
                               const uint8_t *ctilde, pp_mldsa_sign_work *w, uint8_t *sig);
void pp_mldsa_sign_finish(const pp_mldsa_params *p, const pp_mldsa_sign_work *w, uint8_t *sig);

#endif /* PICOPSA_MLDSA_H */
