/*
 * mldsa.c -- ML-DSA key generation, signing and verification (FIPS 204
 * Alg. 6, 7, 8 and the message representative of Alg. 2-5), streaming
 * the matrix A one entry at a time. Contract in mldsa.h.
 */
#include "mldsa/mldsa.h"

#include <string.h>

#include "common/pp_util.h"
#include "hash/sha3.h"

#if PSA_WANT_ALG_ML_DSA

#define Q PP_MLDSA_Q
#define ETA_BITS(p) ((p)->eta == 2u ? 3u : 4u)    /* bitlen(2 eta) */
#define POLY_ETA_BYTES(p) (32u * ETA_BITS(p))
#define POLY_T0_BYTES 416u
#define POLY_T1_BYTES 320u
#define POLY_Z_BYTES(p) (32u * ((p)->gamma1_bits + 1u))
#define S1_OFF 128u
#define S2_OFF(p) (S1_OFF + (p)->l * POLY_ETA_BYTES(p))
#define T0_OFF(p) (S1_OFF + ((p)->l + (p)->k) * POLY_ETA_BYTES(p))
#define HINT_OFF(p) ((p)->ctilde_bytes + (p)->l * POLY_Z_BYTES(p))

/* FIPS 204 Table 1; sizes of Table 2. */
const pp_mldsa_params pp_mldsa_44 = {4, 4, 2, 39, 80, 17, 32, 128, 78, (Q - 1) / 88,
                                     PP_MLDSA44_PK_BYTES, PP_MLDSA44_SK_BYTES,
                                     PP_MLDSA44_SIG_BYTES};
const pp_mldsa_params pp_mldsa_65 = {6, 5, 4, 49, 55, 19, 48, 192, 196, (Q - 1) / 32,
                                     PP_MLDSA65_PK_BYTES, PP_MLDSA65_SK_BYTES,
                                     PP_MLDSA65_SIG_BYTES};
const pp_mldsa_params pp_mldsa_87 = {8, 7, 2, 60, 75, 19, 64, 256, 120, (Q - 1) / 32,
                                     PP_MLDSA87_PK_BYTES, PP_MLDSA87_SK_BYTES,
                                     PP_MLDSA87_SIG_BYTES};

const pp_mldsa_params *pp_mldsa_params_for(size_t bits)
{
    return bits == 128u ? &pp_mldsa_44 : bits == 192u ? &pp_mldsa_65
                                       : bits == 256u ? &pp_mldsa_87 : NULL;
}

/* s1_j (j < l) or s2_(j - l) of sk, unpacked (skDecode, Alg. 25). */
static void unpack_s(const pp_mldsa_params *p, pp_mldsa_poly *a, const uint8_t *sk, unsigned j)
{
    pp_mldsa_unpack(a, sk + S1_OFF + j * POLY_ETA_BYTES(p), ETA_BITS(p), p->eta, 1);
}

void pp_mldsa_tr(const pp_mldsa_params *p, const uint8_t *pk, uint8_t tr[64])
{
    (void)pp_shake(256, pk, p->pk_bytes, tr, 64);
}

psa_status_t pp_mldsa_keygen_internal(const pp_mldsa_params *p, const uint8_t xi[32],
                                      uint8_t *pk, uint8_t *sk)
{
    uint8_t in[34], seeds[128];   /* rho || rho' || K */
    pp_mldsa_poly s;
    if (p == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* Alg. 6 step 1: H(xi || IntegerToBytes(k, 1) || IntegerToBytes(l, 1), 128). */
    memcpy(in, xi, 32);
    in[32] = p->k;
    in[33] = p->l;
    (void)pp_shake(256, in, sizeof(in), seeds, sizeof(seeds));
    memcpy(sk, seeds, 32);
    memcpy(sk + 32, seeds + 96, 32);
    /* ExpandS (Alg. 33): s1 with nonces 0..l-1, s2 with l..l+k-1, packed
     * into sk as they come (skEncode, Alg. 24). */
    for (unsigned r = 0; r < (unsigned)p->l + p->k; r++) {
        pp_mldsa_rej_bounded_poly(&s, seeds + 32, r, p->eta);
        pp_mldsa_pack(sk + S1_OFF + r * POLY_ETA_BYTES(p), &s, ETA_BITS(p), p->eta, 1);
    }
    pp_wipe(&s, sizeof(s));
    pp_wipe(in, sizeof(in));
    pp_wipe(seeds, sizeof(seeds));
    pp_mldsa_keygen_from_s(p, sk, pk);
    return PSA_SUCCESS;
}

#if PICOPSA_MLDSA_SMALL_STACK
#define KEPT(j) 0u   /* one polynomial, recomputed for each use */
#define KEPT_N 1
#else
#define KEPT(j) (j)
#define KEPT_N PP_MLDSA_L_MAX
#endif

void pp_mldsa_keygen_from_s(const pp_mldsa_params *p, uint8_t *sk, uint8_t *pk)
{
    pp_mldsa_poly s1hat[KEPT_N], acc, a, t0;
    memcpy(pk, sk, 32);   /* rho */
    for (unsigned j = 0; !PICOPSA_MLDSA_SMALL_STACK && j < p->l; j++) {
        unpack_s(p, &s1hat[KEPT(j)], sk, j);
        pp_mldsa_ntt(&s1hat[KEPT(j)]);
    }
    /* Alg. 6 steps 5-6, one row of A at a time: t_i = NTT^-1(sum_j A_ij s1hat_j) + s2_i. */
    for (unsigned i = 0; i < p->k; i++) {
        for (unsigned j = 0; j < p->l; j++) {
            if (PICOPSA_MLDSA_SMALL_STACK) {
                unpack_s(p, &s1hat[KEPT(j)], sk, j);
                pp_mldsa_ntt(&s1hat[KEPT(j)]);
            }
            pp_mldsa_rej_ntt_poly(&a, sk, i, j);
            pp_mldsa_poly_mul_acc(&acc, &a, &s1hat[KEPT(j)], j == 0);
        }
        pp_mldsa_poly_reduce(&acc);
        pp_mldsa_invntt(&acc);
        unpack_s(p, &a, sk, p->l + i);
        pp_mldsa_poly_add(&acc, &a);
        pp_mldsa_poly_reduce(&acc);
        pp_mldsa_poly_caddq(&acc);
        /* Power2Round (Alg. 35); t1 into pk (Alg. 22), t0 into sk (Alg. 24). */
        pp_mldsa_power2round(&a, &t0, &acc);
        pp_mldsa_pack(pk + 32 + i * POLY_T1_BYTES, &a, 10, 0, 0);
        pp_mldsa_pack(sk + T0_OFF(p) + i * POLY_T0_BYTES, &t0, 13, 1 << 12, 1);
    }
    pp_mldsa_tr(p, pk, sk + 64);
    pp_wipe(s1hat, sizeof(s1hat));
    pp_wipe(&acc, sizeof(acc));
    pp_wipe(&a, sizeof(a));
    pp_wipe(&t0, sizeof(t0));
}

void pp_mldsa_mu(const uint8_t tr[64], uint8_t domain, const uint8_t *ctx, size_t ctx_len,
                 const uint8_t *oid, size_t oid_len, const uint8_t *msg, size_t msg_len,
                 uint8_t mu[64])
{
    pp_keccak_ctx h;
    uint8_t pre[2];
    pre[0] = domain;
    pre[1] = (uint8_t)ctx_len;
    (void)pp_shake_init(&h, 256);
    pp_keccak_absorb(&h, tr, 64);
    pp_keccak_absorb(&h, pre, 2);
    pp_keccak_absorb(&h, ctx, ctx_len);
    pp_keccak_absorb(&h, oid, oid_len);
    pp_keccak_absorb(&h, msg, msg_len);
    pp_shake_squeeze(&h, mu, 64);
    pp_keccak_wipe(&h);
}

void pp_mldsa_rhopp(const uint8_t *sk, const uint8_t rnd[32], const uint8_t mu[64],
                    uint8_t rhopp[64])
{
    pp_keccak_ctx h;
    (void)pp_shake_init(&h, 256);
    pp_keccak_absorb(&h, sk + 32, 32);   /* K */
    pp_keccak_absorb(&h, rnd, 32);
    pp_keccak_absorb(&h, mu, 64);
    pp_shake_squeeze(&h, rhopp, 64);
    pp_keccak_wipe(&h);
}

/* w1Encode of one polynomial (Alg. 28) absorbed into h; w in [0, q). */
static void absorb_w1(const pp_mldsa_params *p, pp_keccak_ctx *h, pp_mldsa_poly *w1)
{
    uint8_t buf[192];
    unsigned bits = p->gamma2 == (Q - 1) / 88 ? 6u : 4u;
    pp_mldsa_pack(buf, w1, bits, 0, 0);
    pp_keccak_absorb(h, buf, 32u * bits);
    pp_wipe(buf, sizeof(buf));
}

void pp_mldsa_sign_commit(const pp_mldsa_params *p, const uint8_t *sk, const uint8_t mu[64],
                          const uint8_t rhopp[64], unsigned kappa, pp_mldsa_sign_work *w,
                          uint8_t *ctilde)
{
    pp_mldsa_poly yhat, a;
    pp_keccak_ctx h;
    memcpy(w->rhopp, rhopp, 64);
    w->kappa = kappa;
    /* Steps 11-12, by columns of A: w_i += A_ij NTT(y_j), y_j kept plain
     * (or, with the small stack, regenerated by sign_respond). */
    for (unsigned j = 0; j < p->l; j++) {
        pp_mldsa_expand_mask_poly(&w->y[KEPT(j)], rhopp, kappa + j, p->gamma1_bits);
        yhat = w->y[KEPT(j)];
        pp_mldsa_ntt(&yhat);
        for (unsigned i = 0; i < p->k; i++) {
            pp_mldsa_rej_ntt_poly(&a, sk, i, j);
            pp_mldsa_poly_mul_acc(&w->w[i], &a, &yhat, j == 0);
        }
    }
    /* Steps 13-15: w1 = HighBits(w), c-tilde = H(mu || w1Encode(w1), lambda / 4). */
    (void)pp_shake_init(&h, 256);
    pp_keccak_absorb(&h, mu, 64);
    for (unsigned i = 0; i < p->k; i++) {
        pp_mldsa_poly_reduce(&w->w[i]);
        pp_mldsa_invntt(&w->w[i]);
        pp_mldsa_poly_caddq(&w->w[i]);
        for (size_t n = 0; n < PP_MLDSA_N; n++) {
            int32_t r0;
            a.c[n] = pp_mldsa_decompose(&r0, w->w[i].c[n], p->gamma2);
        }
        absorb_w1(p, &h, &a);
    }
    pp_shake_squeeze(&h, ctilde, p->ctilde_bytes);
    pp_keccak_wipe(&h);
    pp_wipe(&yhat, sizeof(yhat));
    pp_wipe(&a, sizeof(a));
}

/* r = c * s (plain), s given plain and turned into NTT(s); r may be s. */
static void mul_c(pp_mldsa_poly *r, const pp_mldsa_poly *chat, pp_mldsa_poly *s)
{
    pp_mldsa_ntt(s);
    pp_mldsa_poly_mul_acc(r, chat, s, 1);
    pp_mldsa_invntt(r);
}

uint32_t pp_mldsa_sign_respond(const pp_mldsa_params *p, const uint8_t *sk,
                               const uint8_t *ctilde, pp_mldsa_sign_work *w, uint8_t *sig)
{
    pp_mldsa_poly chat, a, b;
    uint32_t reject = 0, count = 0;
    /* Steps 16-17: c = SampleInBall(c-tilde), c-hat = NTT(c). */
    pp_mldsa_sample_in_ball(&chat, ctilde, p->ctilde_bytes, p->tau);
    pp_mldsa_ntt(&chat);
    memcpy(sig, ctilde, p->ctilde_bytes);
    /* Steps 18, 20, 23: z = y + c s1, ||z|| < gamma1 - beta; z packed
     * into the signature (Alg. 26: BitPack(z, gamma1 - 1, gamma1)). */
    for (unsigned j = 0; j < p->l; j++) {
        if (PICOPSA_MLDSA_SMALL_STACK) {
            pp_mldsa_expand_mask_poly(&w->y[KEPT(j)], w->rhopp, w->kappa + j, p->gamma1_bits);
        }
        unpack_s(p, &a, sk, j);
        mul_c(&b, &chat, &a);
        pp_mldsa_poly_add(&b, &w->y[KEPT(j)]);
        pp_mldsa_poly_reduce(&b);
        reject |= pp_mldsa_poly_exceeds(&b, ((int32_t)1 << p->gamma1_bits) - p->beta);
        pp_mldsa_pack(sig + p->ctilde_bytes + j * POLY_Z_BYTES(p), &b, p->gamma1_bits + 1u,
                      (int32_t)1 << p->gamma1_bits, 1);
    }
    for (unsigned i = 0; i < p->k; i++) {
        /* Steps 19, 21, 23: r0 = LowBits(w - c s2), ||r0|| < gamma2 - beta. */
        unpack_s(p, &a, sk, p->l + i);
        mul_c(&b, &chat, &a);
        a = w->w[i];
        pp_mldsa_poly_sub(&a, &b);
        pp_mldsa_poly_reduce(&a);
        pp_mldsa_poly_caddq(&a);   /* w - c s2 in [0, q) */
        /* Steps 25-28: c t0, ||c t0|| < gamma2, h = MakeHint(-c t0, w - c s2 + c t0). */
        pp_mldsa_unpack(&b, sk + T0_OFF(p) + i * POLY_T0_BYTES, 13, 1 << 12, 1);
        mul_c(&b, &chat, &b);
        pp_mldsa_poly_reduce(&b);
        reject |= pp_mldsa_poly_exceeds(&b, p->gamma2);
        memset(w->h[i], 0, sizeof(w->h[i]));
        for (size_t n = 0; n < PP_MLDSA_N; n++) {
            int32_t r0, v0, s, abs;
            int32_t r1 = pp_mldsa_decompose(&r0, a.c[n], p->gamma2);
            int32_t v = a.c[n] + b.c[n];
            uint32_t hint;
            v += (v >> 31) & Q;
            v -= Q;
            v += (v >> 31) & Q;   /* (-q, 2q) -> [0, q) */
            s = r0 >> 31;
            abs = (r0 ^ s) - s;
            reject |= 0u - ((uint32_t)(p->gamma2 - p->beta - 1 - abs) >> 31);
            /* Alg. 39: HighBits(w - c s2 + c t0) != HighBits(w - c s2). */
            hint = (uint32_t)(pp_mldsa_decompose(&v0, v, p->gamma2) ^ r1);
            hint = (hint | (0u - hint)) >> 31;
            count += hint;
            w->h[i][n >> 5] |= hint << (n & 31u);
        }
    }
    reject |= 0u - ((uint32_t)(p->omega - count) >> 31);   /* count > omega */
    pp_wipe(&chat, sizeof(chat));
    pp_wipe(&a, sizeof(a));
    pp_wipe(&b, sizeof(b));
    return pp_ct_barrier_u32(0u - (pp_ct_barrier_u32(reject) >> 31));
}

void pp_mldsa_sign_finish(const pp_mldsa_params *p, const pp_mldsa_sign_work *w, uint8_t *sig)
{
    /* HintBitPack (Alg. 20) of an accepted attempt: h is public now. */
    uint8_t *y = sig + HINT_OFF(p);
    unsigned index = 0;
    memset(y, 0, (size_t)p->omega + p->k);
    for (unsigned i = 0; i < p->k; i++) {
        for (unsigned n = 0; n < PP_MLDSA_N; n++) {
            if ((w->h[i][n >> 5] >> (n & 31u)) & 1u) {
                y[index++] = (uint8_t)n;
            }
        }
        y[p->omega + i] = (uint8_t)index;
    }
}

/*
 * Sign_internal (Alg. 7) from mu. What the loop reveals, and why that is
 * safe:
 *  - The number of attempts. Each attempt's y is fresh (rho'' with a new
 *    kappa), and rejection sampling makes the accepted (z, h) distributed
 *    independently of s1, s2 (FIPS 204 3.4 and Table 1's expected
 *    repetitions, 4.25 / 5.1 / 3.85, hold for every key): the count is a
 *    function of the hash outputs of independent attempts, which the
 *    specification itself lets the signer bound (Appendix C) -- it is not
 *    treated as secret by FIPS 204.
 *  - c-tilde of every attempt, rejected ones included (SampleInBall
 *    branches on it): it is H(mu || w1), a hash of the high bits of A y,
 *    which the Fiat-Shamir-with-aborts security argument treats as public
 *    for aborted attempts too (the zero-knowledge simulation of rejected
 *    transcripts; the approach of mldsa-native, whose constant-time tests
 *    declassify it likewise). y, w0, z, r0, c s1, c s2, c t0 and h of a
 *    rejected attempt stay secret: the checks are masks over every
 *    coefficient, the hints go to a bitmap, and only the accept bit is
 *    branched on; the hint encoding (positions) is written after
 *    acceptance, when h is part of the signature.
 */
psa_status_t pp_mldsa_sign_mu(const pp_mldsa_params *p, const uint8_t *sk, const uint8_t mu[64],
                              const uint8_t rnd[32], uint8_t *sig)
{
    static const unsigned kappa_limit = 0x10000u;   /* IntegerToBytes(kappa + r, 2) */
    pp_mldsa_sign_work w;
    uint8_t rhopp[64], ctilde[64];
    psa_status_t status = PSA_ERROR_GENERIC_ERROR;
    pp_mldsa_rhopp(sk, rnd, mu, rhopp);
    /* kappa goes up by l per attempt; FIPS 204 Appendix C asks for at
     * least 814 / 783 / 1001 attempts before giving up: 65536 / l is more. */
    for (unsigned kappa = 0; kappa + p->l <= kappa_limit; kappa += p->l) {
        pp_mldsa_sign_commit(p, sk, mu, rhopp, kappa, &w, ctilde);
        if (pp_mldsa_sign_respond(p, sk, ctilde, &w, sig) == 0) {
            pp_mldsa_sign_finish(p, &w, sig);
            status = PSA_SUCCESS;
            break;
        }
    }
    pp_wipe(&w, sizeof(w));
    pp_wipe(rhopp, sizeof(rhopp));
    if (status != PSA_SUCCESS) {
        pp_wipe(sig, p->sig_bytes);
    }
    return status;
}

/* z_j of a signature (sigDecode, Alg. 27: BitUnpack(z, gamma1 - 1, gamma1)). */
static void unpack_z(const pp_mldsa_params *p, pp_mldsa_poly *z, const uint8_t *sig, unsigned j)
{
    pp_mldsa_unpack(z, sig + p->ctilde_bytes + j * POLY_Z_BYTES(p), p->gamma1_bits + 1u,
                    (int32_t)1 << p->gamma1_bits, 1);
}

/* HintBitUnpack (Alg. 21) into a bitmap; -1 for its bottom. */
static int unpack_hints(const pp_mldsa_params *p, const uint8_t *y,
                        uint32_t h[PP_MLDSA_K_MAX][PP_MLDSA_N / 32])
{
    unsigned index = 0;
    memset(h, 0, sizeof(uint32_t) * PP_MLDSA_K_MAX * (PP_MLDSA_N / 32));
    for (unsigned i = 0; i < p->k; i++) {
        unsigned end = y[p->omega + i], first = index;
        if (end < index || end > p->omega) {
            return -1;
        }
        for (; index < end; index++) {
            if (index > first && y[index - 1] >= y[index]) {
                return -1;   /* not strictly increasing */
            }
            h[i][y[index] >> 5] |= 1u << (y[index] & 31u);
        }
    }
    for (; index < p->omega; index++) {
        if (y[index] != 0) {
            return -1;
        }
    }
    return 0;
}

psa_status_t pp_mldsa_verify_mu(const pp_mldsa_params *p, const uint8_t *pk,
                                const uint8_t mu[64], const uint8_t *sig, size_t sig_len)
{
    pp_mldsa_poly zhat[KEPT_N], chat, acc, a;
    uint32_t h[PP_MLDSA_K_MAX][PP_MLDSA_N / 32];
    uint8_t ctilde[64];
    pp_keccak_ctx hs;
    if (p == NULL || sig_len != p->sig_bytes || unpack_hints(p, sig + HINT_OFF(p), h) != 0) {
        return PSA_ERROR_INVALID_SIGNATURE;
    }
    /* sigDecode (Alg. 27) and the bound of Alg. 8 step 13 first: cheap. */
    for (unsigned j = 0; j < p->l; j++) {
        unpack_z(p, &zhat[KEPT(j)], sig, j);
        if (pp_mldsa_poly_exceeds(&zhat[KEPT(j)], ((int32_t)1 << p->gamma1_bits) - p->beta) !=
            0) {
            return PSA_ERROR_INVALID_SIGNATURE;
        }
        pp_mldsa_ntt(&zhat[KEPT(j)]);
    }
    pp_mldsa_sample_in_ball(&chat, sig, p->ctilde_bytes, p->tau);
    pp_mldsa_ntt(&chat);
    (void)pp_shake_init(&hs, 256);
    pp_keccak_absorb(&hs, mu, 64);
    /* Steps 9-11 one row at a time: w'_i = NTT^-1(sum_j A_ij zhat_j - chat NTT(t1_i 2^d)),
     * w1'_i = UseHint(h_i, w'_i), absorbed into c-tilde' (step 12). */
    for (unsigned i = 0; i < p->k; i++) {
        for (unsigned j = 0; j < p->l; j++) {
            if (PICOPSA_MLDSA_SMALL_STACK) {
                unpack_z(p, &zhat[KEPT(j)], sig, j);
                pp_mldsa_ntt(&zhat[KEPT(j)]);
            }
            pp_mldsa_rej_ntt_poly(&a, pk, i, j);
            pp_mldsa_poly_mul_acc(&acc, &a, &zhat[KEPT(j)], j == 0);
        }
        pp_mldsa_unpack(&a, pk + 32 + i * POLY_T1_BYTES, 10, 0, 0);
        pp_mldsa_poly_shift_d(&a);
        pp_mldsa_ntt(&a);
        pp_mldsa_poly_mul_acc(&a, &chat, &a, 1);
        pp_mldsa_poly_sub(&acc, &a);
        pp_mldsa_poly_reduce(&acc);
        pp_mldsa_invntt(&acc);
        pp_mldsa_poly_caddq(&acc);
        for (size_t n = 0; n < PP_MLDSA_N; n++) {
            a.c[n] = pp_mldsa_use_hint(acc.c[n], (h[i][n >> 5] >> (n & 31u)) & 1u, p->gamma2);
        }
        absorb_w1(p, &hs, &a);
    }
    pp_shake_squeeze(&hs, ctilde, p->ctilde_bytes);
    pp_keccak_wipe(&hs);
    return memcmp(ctilde, sig, p->ctilde_bytes) == 0 ? PSA_SUCCESS
                                                     : PSA_ERROR_INVALID_SIGNATURE;
}

#else
typedef int pp_mldsa_unused_t;
#endif
