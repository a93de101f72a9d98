/*
 * mldsa_sample.c -- the samplers of ML-DSA (FIPS 204 7.3): RejNTTPoly for
 * the entries of A (Alg. 30, 32), RejBoundedPoly for s1, s2 (Alg. 31, 33),
 * the polynomials of ExpandMask (Alg. 34) and SampleInBall (Alg. 29).
 * What each may branch on: mldsa_poly.h.
 */
#include "mldsa/mldsa_poly.h"

#include <string.h>

#include "common/pp_util.h"
#include "hash/sha3.h"

#if PSA_WANT_ALG_ML_DSA

#define SHAKE128_RATE 168u
#define SHAKE256_RATE 136u

void pp_mldsa_rej_ntt_poly(pp_mldsa_poly *a, const uint8_t rho[32], unsigned r, unsigned s)
{
    pp_keccak_ctx ctx;
    uint8_t seed[34], buf[SHAKE128_RATE];
    size_t n = 0;
    memcpy(seed, rho, 32);
    seed[32] = (uint8_t)s;   /* Alg. 32 step 5: rho || IntegerToBytes(s, 1) || IntegerToBytes(r, 1) */
    seed[33] = (uint8_t)r;
    (void)pp_shake_init(&ctx, 128);
    pp_keccak_absorb(&ctx, seed, sizeof(seed));
    while (n < PP_MLDSA_N) {
        pp_shake_squeeze(&ctx, buf, sizeof(buf));
        for (size_t i = 0; i + 3 <= sizeof(buf) && n < PP_MLDSA_N; i += 3) {
            /* Alg. 14 CoeffFromThreeBytes: 23 bits, rejected when >= q. */
            uint32_t v = (uint32_t)buf[i] | ((uint32_t)buf[i + 1] << 8) |
                         ((uint32_t)(buf[i + 2] & 0x7fu) << 16);
            if (v < (uint32_t)PP_MLDSA_Q) {
                a->c[n++] = (int32_t)v;
            }
        }
    }
    pp_keccak_wipe(&ctx);
}

void pp_mldsa_rej_bounded_poly(pp_mldsa_poly *a, const uint8_t rhoprime[64], unsigned nonce,
                               unsigned eta)
{
    pp_keccak_ctx ctx;
    uint8_t seed[66], buf[SHAKE256_RATE];
    size_t n = 0;
    /* Alg. 15 CoeffFromHalfByte: eta 2 takes b < 15 as 2 - (b mod 5),
     * eta 4 takes b < 9 as 4 - b. */
    uint32_t limit = eta == 2u ? 15u : 9u;
    memcpy(seed, rhoprime, 64);
    seed[64] = (uint8_t)nonce;
    seed[65] = (uint8_t)(nonce >> 8);
    (void)pp_shake_init(&ctx, 256);
    pp_keccak_absorb(&ctx, seed, sizeof(seed));
    while (n < PP_MLDSA_N) {
        pp_shake_squeeze(&ctx, buf, sizeof(buf));
        for (size_t i = 0; i < 2 * sizeof(buf) && n < PP_MLDSA_N; i++) {
            uint32_t b = (uint32_t)(buf[i >> 1] >> (4u * (i & 1u))) & 15u;
            int32_t v;
            /* b mod 5 for b < 15 without a division: b - 5 floor(b * 13 / 64). */
            uint32_t m5 = b - 5u * ((b * 13u) >> 6);
            v = eta == 2u ? 2 - (int32_t)m5 : 4 - (int32_t)b;
            /* The branch: only which half-bytes are rejected (mldsa_poly.h). */
            if (b < limit) {
                a->c[n++] = v;
            }
        }
    }
    pp_wipe(buf, sizeof(buf));
    pp_wipe(seed, sizeof(seed));
    pp_keccak_wipe(&ctx);
}

void pp_mldsa_expand_mask_poly(pp_mldsa_poly *a, const uint8_t rhopp[64], unsigned nonce,
                               unsigned gamma1_bits)
{
    pp_keccak_ctx ctx;
    uint8_t seed[66], buf[640];
    unsigned bits = gamma1_bits + 1u;   /* 1 + bitlen(gamma1 - 1) */
    memcpy(seed, rhopp, 64);
    seed[64] = (uint8_t)nonce;
    seed[65] = (uint8_t)(nonce >> 8);
    (void)pp_shake_init(&ctx, 256);
    pp_keccak_absorb(&ctx, seed, sizeof(seed));
    pp_shake_squeeze(&ctx, buf, 32u * bits);
    /* Alg. 34 step 4: BitUnpack(v, gamma1 - 1, gamma1): gamma1 - value. */
    pp_mldsa_unpack(a, buf, bits, (int32_t)1 << gamma1_bits, 1);
    pp_wipe(buf, sizeof(buf));
    pp_wipe(seed, sizeof(seed));
    pp_keccak_wipe(&ctx);
}

void pp_mldsa_sample_in_ball(pp_mldsa_poly *c, const uint8_t *ctilde, size_t ctilde_len,
                             unsigned tau)
{
    pp_keccak_ctx ctx;
    uint8_t s[8], j = 0;
    uint64_t signs;
    memset(c, 0, sizeof(*c));
    (void)pp_shake_init(&ctx, 256);
    pp_keccak_absorb(&ctx, ctilde, ctilde_len);
    pp_shake_squeeze(&ctx, s, sizeof(s));
    signs = pp_load_le64(s);
    for (unsigned i = PP_MLDSA_N - tau; i < PP_MLDSA_N; i++) {
        do {
            pp_shake_squeeze(&ctx, &j, 1);
        } while (j > i);
        c->c[i] = c->c[j];
        c->c[j] = 1 - 2 * (int32_t)(signs & 1u);
        signs >>= 1;
    }
    pp_keccak_wipe(&ctx);
}

#else
typedef int pp_mldsa_sample_unused_t;
#endif
