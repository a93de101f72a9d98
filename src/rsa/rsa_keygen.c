/*
 * rsa_keygen.c -- RSA key pair generation with probable primes (FIPS 186-5
 * A.1.3 with B.3.1 Miller-Rabin), see rsa.h.
 *
 * Primes: a random odd candidate of bits/2 bits with its top two bits set
 * (so p, q >= 1.5 * 2^(bits/2 - 1) > sqrt(2) * 2^(bits/2 - 1), A.1.3 step
 * 4.4, and n has exactly `bits` bits), then an incremental search
 * candidate + 2k over a sieve: the residues of the candidate modulo the odd
 * primes below 4096 are computed once (constant time, Barrett) and stepped
 * by 2; a step that makes a residue zero, or makes p - 1 divisible by e,
 * is skipped. Survivors get Miller-Rabin rounds per Table B.1.
 * Constant time: every computation on a candidate is branch-free; only
 * accept/reject decisions are branched on (a rejected candidate is thrown
 * away, and the accepted prime's offset from its random start is as random
 * as the start).
 *
 * Private exponents without a general modular inverse: for an even M
 * (p - 1, q - 1 or (p-1)(q-1)) and a prime e, e^-1 mod M = (1 + k M) / e
 * with k = -M^-1 mod e, where M^-1 mod e = (M mod e)^(e-2) (Fermat) and the
 * division by e is exact (Jebelean's exact division, no division
 * instruction). d is computed modulo (p-1)(q-1) (RFC 8017 3.2 allows it;
 * FIPS 186-5 asks for lcm(p-1, q-1), which gives a smaller d).
 * qinv = q^(p-2) mod p (Fermat). The result goes through pp_rsa_key_load,
 * which checks the key once more (p q == n and the CRT values, by arithmetic).
 */
#include <string.h>

#include "common/pp_util.h"
#include "random/pp_random.h"
#include "rsa/rsa_core_internal.h"

#define W PP_BN_LIMB_BITS
#define HMAX PP_RSA_HALF_MAX_LIMBS
/* Sieve: the odd primes below this bound (563 of them). */
#define SIEVE_BOUND 4096u
#define SIEVE_PRIMES 563u
/* Candidates tried from one random start before drawing a new one. */
#define SIEVE_SPAN 4096u
/* Miller-Rabin squarings when looking for -1 (bounds a = ctz(w - 1)). */
#define MR_MAX_A 64u

unsigned pp_rsa_mr_rounds(size_t prime_bits)
{
    if (prime_bits >= 1536u) {
        return 4;
    }
    if (prime_bits >= 1024u) {
        return 5;
    }
    return 8;
}

/* ---- small moduli ------------------------------------------------------ */

/* One Barrett step: x < m * 2^8 < 2^40 reduced mod m with mu = 2^40 / m;
 * the quotient estimate is at most one short, fixed by a masked subtract. */
static uint32_t barrett_step(uint64_t x, uint32_t m, uint64_t mu)
{
    uint64_t q = (x * mu) >> 40;
    uint32_t r = (uint32_t)(x - q * m);
    return r - (m & ~pp_ct_mask_lt_u32(r, m));
}

uint32_t pp_rsa_residue_u32(const pp_limb *x, size_t limbs, uint32_t m)
{
    uint64_t mu = ((uint64_t)1 << 40) / m; /* m is public */
    uint32_t r = 0;
    size_t i = limbs;
    while (i-- > 0) {
        unsigned b = W;
        while (b > 0) {
            b -= 8u;
            r = barrett_step(((uint64_t)r << 8) | (uint8_t)(x[i] >> b), m, mu);
        }
    }
    return r;
}

/* (a * b) mod m for a, b < m < 2^32, via eight Barrett byte steps. */
static uint32_t mulmod_u32(uint32_t a, uint32_t b, uint32_t m)
{
    uint64_t mu = ((uint64_t)1 << 40) / m;
    uint64_t x = (uint64_t)a * b;
    uint32_t r = 0;
    int shift;
    for (shift = 56; shift >= 0; shift -= 8) {
        r = barrett_step(((uint64_t)r << 8) | (uint8_t)(x >> shift), m, mu);
    }
    return r;
}

/* a^(m-2) mod the prime m: the inverse of a (0 stays 0). Branches on the
 * public exponent only. */
static uint32_t inverse_mod_prime_u32(uint32_t a, uint32_t m)
{
    uint32_t result = 1, e = m - 2u;
    int bit;
    for (bit = 31; bit >= 0; bit--) {
        result = mulmod_u32(result, result, m);
        if ((e >> bit) & 1u) {
            result = mulmod_u32(result, a, m);
        }
    }
    return result;
}

static int is_prime_u32_vartime(uint32_t v)
{
    uint32_t d;
    if (v < 2u || (v & 1u) == 0) {
        return v == 2u;
    }
    for (d = 3; d <= v / d; d += 2) {
        if (v % d == 0) {
            return 0;
        }
    }
    return 1;
}

/* ---- Miller-Rabin -------------------------------------------------------- */

/* dst = src >> count (hl limbs) for a public count. */
static void shift_right(pp_limb *dst, const pp_limb *src, size_t hl, size_t count)
{
    size_t limbs = count / W, i;
    unsigned bitsh = (unsigned)(count % W);
    for (i = 0; i < hl; i++) {
        pp_limb lo = (i + limbs < hl) ? src[i + limbs] : 0;
        pp_limb hi = (i + limbs + 1u < hl) ? src[i + limbs + 1u] : 0;
        dst[i] = (bitsh == 0) ? lo : ((lo >> bitsh) | (hi << (W - bitsh)));
    }
}

typedef struct {
    pp_limb r2[HMAX], r1[HMAX], minus1[HMAX], wm1[HMAX], m[HMAX], shifted[HMAX];
    pp_limb base[HMAX], z[HMAX];
    pp_limb work[PP_BN_EXP_WORK_LIMBS(PICOPSA_RSA_WINDOW_BITS, HMAX, 1)];
} mr_work;

pp_limb pp_rsa_miller_rabin_round(const pp_limb *w, size_t w_bits, const pp_limb *random, size_t hl,
                                  pp_bn_kernel kernel)
{
    mr_work s;
    pp_limb w0inv = pp_bn_mont_m0inv(w[0]);
    pp_limb a_mask, probable, zero_seen, a_bits;
    size_t i;
    unsigned shift_log, j, a;

    pp_bn_mont_r2(s.r2, w, w0inv, hl, w_bits);
    pp_bn_zero(s.z, hl);
    s.z[0] = 1;
    pp_bn_mont_mul(s.r1, s.r2, s.z, w, w0inv, hl);             /* 1 (Montgomery)  */
    (void)pp_bn_sub(s.minus1, w, s.r1, hl);                     /* -1 (Montgomery) */
    (void)pp_bn_sub(s.wm1, w, s.z, hl);                         /* w - 1           */

    /* a = number of trailing zero bits of w - 1 (w odd, so a >= 1),
     * counted with masks: a = sum over i of [the low i+1 bits are all 0]. */
    a = 0;
    zero_seen = (pp_limb)0 - 1u;
    for (i = 0; i < MR_MAX_A; i++) {
        pp_limb bit = (s.wm1[i / W] >> (i % W)) & 1u;
        zero_seen &= bit - 1u;                 /* stays all-ones while bits are 0 */
        a += (unsigned)(zero_seen & 1u);
    }
    a_mask = ~zero_seen;                       /* a < 64 */

    /* m = (w - 1) >> a, shifting by 2^k under the mask of bit k of a. */
    pp_bn_copy(s.m, s.wm1, hl);
    a_bits = (pp_limb)a;
    for (shift_log = 0; (1u << shift_log) < MR_MAX_A; shift_log++) {
        pp_limb take = (pp_limb)0 - ((a_bits >> shift_log) & 1u);
        shift_right(s.shifted, s.m, hl, (size_t)1 << shift_log);
        pp_bn_cond_copy(s.m, s.shifted, take, hl);
    }

    /* z = b^m with the base b = random * R mod w, i.e. (random * R) * R in
     * Montgomery form. */
    pp_bn_mont_mul(s.base, random, s.r2, w, w0inv, hl);
    pp_bn_mont_mul(s.base, s.base, s.r2, w, w0inv, hl);
    (void)pp_bn_mont_exp(s.z, s.base, s.m, NULL, NULL, hl, s.r1, w, w0inv, hl,
                         s.work, sizeof(s.work) / sizeof(pp_limb), kernel);

    /* Probable prime when z == 1, or z^(2^j) == -1 for some j < a. */
    probable = pp_bn_eq_mask(s.z, s.r1, hl) | pp_bn_eq_mask(s.z, s.minus1, hl);
    for (j = 1; j < MR_MAX_A; j++) {
        pp_limb active = (pp_limb)0 - (pp_limb)(pp_ct_mask_lt_u32(j, a) & 1u);
        pp_bn_mont_sqr(s.z, s.z, w, w0inv, hl);
        probable |= active & pp_bn_eq_mask(s.z, s.minus1, hl);
    }
    probable &= a_mask;
    pp_wipe(&s, sizeof(s));
    return probable;
}

/* ---- prime search -------------------------------------------------------- */

typedef struct {
    uint16_t primes[SIEVE_PRIMES];
    uint16_t residues[SIEVE_PRIMES];
    uint32_t e_residue;
    pp_bn_kernel kernel;
    pp_limb start[HMAX];
    pp_limb candidate[HMAX];
    pp_limb random[HMAX];
} sieve_state;

static void small_primes(uint16_t *primes)
{
    uint8_t composite[SIEVE_BOUND / 8u];
    uint32_t i, j, count = 0;
    memset(composite, 0, sizeof(composite));
    for (i = 3; i < SIEVE_BOUND; i += 2) {
        if (composite[i / 8u] & (1u << (i % 8u))) {
            continue;
        }
        primes[count++] = (uint16_t)i;
        for (j = i * i; j < SIEVE_BOUND; j += 2u * i) {
            composite[j / 8u] = (uint8_t)(composite[j / 8u] | (1u << (j % 8u)));
        }
    }
}

/* A prime of exactly prime_bits bits (top two bits set) with p - 1 prime to
 * e. Leaves it in s->candidate. */
static psa_status_t generate_prime(sieve_state *s, size_t prime_bits, uint32_t e)
{
    size_t hl = PP_BN_LIMBS(prime_bits), i;
    unsigned top = (unsigned)((prime_bits - 1u) % W);
    unsigned rounds = pp_rsa_mr_rounds(prime_bits);
    psa_status_t status;

    for (;;) {
        uint32_t step;
        status = pp_random_bytes((uint8_t *)s->start, hl * sizeof(pp_limb));
        if (status != PSA_SUCCESS) {
            return status;
        }
        /* Keep prime_bits bits, set the top two and the bottom one. */
        s->start[hl - 1u] &= ((pp_limb)2 << top) - 1u;
        s->start[hl - 1u] |= (pp_limb)1 << top;
        if (top > 0) {
            s->start[hl - 1u] |= (pp_limb)1 << (top - 1u);
        } else {
            s->start[hl - 2u] |= (pp_limb)1 << (W - 1);
        }
        s->start[0] |= 1u;
        for (i = 0; i < SIEVE_PRIMES; i++) {
            s->residues[i] = (uint16_t)pp_rsa_residue_u32(s->start, hl, s->primes[i]);
        }
        s->e_residue = pp_rsa_residue_u32(s->start, hl, e);

        for (step = 0; step < SIEVE_SPAN; step += 2u) {
            uint32_t divisible = pp_ct_mask_eq_u32(s->e_residue, 1u); /* e | p - 1 */
            unsigned round;
            pp_limb carry;
            for (i = 0; i < SIEVE_PRIMES; i++) {
                divisible |= pp_ct_mask_zero_u32(s->residues[i]);
            }
            /* Step every residue by 2 for the next candidate. */
            for (i = 0; i < SIEVE_PRIMES; i++) {
                uint32_t r = (uint32_t)s->residues[i] + 2u;
                r -= s->primes[i] & ~pp_ct_mask_lt_u32(r, s->primes[i]);
                s->residues[i] = (uint16_t)r;
            }
            {
                uint32_t r = s->e_residue + 2u;
                s->e_residue = r - (e & ~pp_ct_mask_lt_u32(r, e));
            }
            if (divisible != 0) {  /* reject: a small factor */
                continue;
            }
            /* candidate = start + step; it must keep prime_bits bits. */
            pp_bn_zero(s->candidate, hl);
            s->candidate[0] = step;
            carry = pp_bn_add(s->candidate, s->start, s->candidate, hl);
            if (carry != 0 || (s->candidate[hl - 1u] >> top) != 1u) {
                break;             /* ran past 2^prime_bits: new start */
            }
            for (round = 0; round < rounds; round++) {
                status = pp_random_bytes((uint8_t *)s->random, hl * sizeof(pp_limb));
                if (status != PSA_SUCCESS) {
                    return status;
                }
                if (pp_rsa_miller_rabin_round(s->candidate, prime_bits, s->random, hl, s->kernel) == 0) {
                    break;         /* reject: composite */
                }
            }
            if (round == rounds) {
                return PSA_SUCCESS;
            }
        }
    }
}

/* ---- private exponents ----------------------------------------------------- */

/* e^-1 mod M for even M (ml limbs) prime to the prime e: r (ml limbs) =
 * (1 + k M) / e, k = -M^-1 mod e. t needs ml + 1 limbs. */
static void inverse_of_e(pp_limb *r, const pp_limb *mod, size_t ml, uint32_t e, pp_limb *t)
{
    uint32_t k = e - inverse_mod_prime_u32(pp_rsa_residue_u32(mod, ml, e), e);
    pp_limb carry = 1, borrow = 0, einv;
    size_t i;
    /* t = k M + 1 */
    for (i = 0; i < ml; i++) {
        pp_dlimb p = (pp_dlimb)mod[i] * k + carry;
        t[i] = (pp_limb)p;
        carry = (pp_limb)(p >> W);
    }
    t[ml] = carry;
    /* Exact division by e, low limb first (Jebelean 1993): each quotient
     * limb is (limb - borrow) * e^-1 mod 2^w, and the high half of
     * quotient * e is borrowed from the next limb. */
    einv = (pp_limb)0 - pp_bn_mont_m0inv((pp_limb)e); /* e^-1 mod 2^w */
    for (i = 0; i < ml; i++) {
        pp_limb x = t[i] - borrow;
        pp_limb under = (pp_limb)(x > t[i]);
        pp_limb q = x * einv;
        r[i] = q;
        borrow = (pp_limb)(((pp_dlimb)q * e) >> W) + under;
    }
}

typedef struct {
    sieve_state sieve;
    pp_limb p[HMAX], q[HMAX], pm1[HMAX], qm1[HMAX];
    pp_limb dp[HMAX], dq[HMAX], qinv[HMAX];
    pp_limb r2p[HMAX], r1p[HMAX], qm[HMAX], pm2[HMAX], diff[HMAX];
    pp_limb n[2u * HMAX], phi[2u * HMAX], d[2u * HMAX + 1u], t[2u * HMAX + 1u];
    pp_limb work[PP_BN_EXP_WORK_LIMBS(PICOPSA_RSA_WINDOW_BITS, HMAX, 1)];
    uint8_t bytes[8][PP_BN_MAX_LIMBS * PP_BN_LIMB_BYTES];
} keygen_work;

psa_status_t pp_rsa_keygen(uint8_t *material, size_t material_size, size_t *material_len,
                           size_t bits, uint32_t e)
{
    keygen_work s;
    size_t half = bits / 2u, hl, nl, i, bits_out;
    unsigned top;
    pp_rsa_key_parts parts;
    psa_status_t status;
    pp_limb p0inv;

    if (e == 0) {
        e = 65537u;
    }
    if (bits < PICOPSA_RSA_MIN_BITS || bits > PICOPSA_RSA_MAX_BITS) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if ((bits & 1u) != 0 || e < 65537u || (e & 1u) == 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (!is_prime_u32_vartime(e)) {
        return PSA_ERROR_NOT_SUPPORTED; /* the inverse below needs a prime e */
    }
    hl = PP_BN_LIMBS(half);
    nl = PP_BN_LIMBS(bits);
    top = (unsigned)((half - 100u) % W);
    small_primes(s.sieve.primes);
    s.sieve.kernel = pp_bn_kernel_selected();

    for (;;) {
        pp_limb far, borrow, one[HMAX];
        status = generate_prime(&s.sieve, half, e);
        if (status != PSA_SUCCESS) {
            break;
        }
        pp_bn_copy(s.p, s.sieve.candidate, hl);
        /* q, until |p - q| > 2^(half - 100) (A.1.3 step 5.4). */
        do {
            status = generate_prime(&s.sieve, half, e);
            if (status != PSA_SUCCESS) {
                goto out;
            }
            pp_bn_copy(s.q, s.sieve.candidate, hl);
            borrow = pp_bn_sub(s.diff, s.p, s.q, hl);
            /* negate when p < q: diff = -diff = ~diff + 1 */
            for (i = 0; i < hl; i++) {
                s.diff[i] ^= (pp_limb)0 - borrow;
            }
            pp_bn_zero(one, hl);
            one[0] = borrow;
            (void)pp_bn_add(s.diff, s.diff, one, hl);
            /* any bit at or above half - 100 */
            far = s.diff[(half - 100u) / W] >> top;
            for (i = (half - 100u) / W + 1u; i < hl; i++) {
                far |= s.diff[i];
            }
        } while (far == 0);

        /* qinv = q^(p-2) mod p */
        p0inv = pp_bn_mont_m0inv(s.p[0]);
        pp_bn_mont_r2(s.r2p, s.p, p0inv, hl, half);
        pp_bn_zero(one, hl);
        one[0] = 1;
        pp_bn_mont_mul(s.r1p, s.r2p, one, s.p, p0inv, hl);
        pp_bn_mont_mul(s.qm, s.q, s.r2p, s.p, p0inv, hl);      /* q R mod p (q < R) */
        one[0] = 2;
        (void)pp_bn_sub(s.pm2, s.p, one, hl);
        (void)pp_bn_mont_exp(s.qinv, s.qm, s.pm2, NULL, NULL, hl, s.r1p, s.p, p0inv, hl,
                             s.work, sizeof(s.work) / sizeof(pp_limb), s.sieve.kernel);
        one[0] = 1;
        pp_bn_mont_mul(s.qinv, s.qinv, one, s.p, p0inv, hl);

        /* dp, dq, d */
        (void)pp_bn_sub(s.pm1, s.p, one, hl);
        (void)pp_bn_sub(s.qm1, s.q, one, hl);
        inverse_of_e(s.dp, s.pm1, hl, e, s.t);
        inverse_of_e(s.dq, s.qm1, hl, e, s.t);
        pp_bn_mul(s.phi, s.pm1, hl, s.qm1, hl);
        inverse_of_e(s.d, s.phi, 2u * hl, e, s.t);
        pp_bn_mul(s.n, s.p, hl, s.q, hl);

        /* d > 2^(bits/2) (A.1.3 step 7: else start again). */
        far = 0;
        for (i = half / W; i < 2u * hl; i++) {
            far |= (i == half / W) ? (s.d[i] >> (half % W)) : s.d[i];
        }
        if (far == 0) {
            continue;
        }
        break;
    }
    if (status == PSA_SUCCESS) {
        /* Hand the parts to the loader (big-endian bytes). */
        pp_bn_to_bytes(s.bytes[0], nl * sizeof(pp_limb), s.n, nl);
        s.bytes[1][0] = (uint8_t)(e >> 24);
        s.bytes[1][1] = (uint8_t)(e >> 16);
        s.bytes[1][2] = (uint8_t)(e >> 8);
        s.bytes[1][3] = (uint8_t)e;
        pp_bn_to_bytes(s.bytes[2], nl * sizeof(pp_limb), s.d, nl);
        pp_bn_to_bytes(s.bytes[3], hl * sizeof(pp_limb), s.p, hl);
        pp_bn_to_bytes(s.bytes[4], hl * sizeof(pp_limb), s.q, hl);
        pp_bn_to_bytes(s.bytes[5], hl * sizeof(pp_limb), s.dp, hl);
        pp_bn_to_bytes(s.bytes[6], hl * sizeof(pp_limb), s.dq, hl);
        pp_bn_to_bytes(s.bytes[7], hl * sizeof(pp_limb), s.qinv, hl);
        parts.n = s.bytes[0]; parts.n_len = nl * sizeof(pp_limb);
        parts.e = s.bytes[1]; parts.e_len = 4;
        parts.d = s.bytes[2]; parts.d_len = nl * sizeof(pp_limb);
        parts.p = s.bytes[3]; parts.p_len = hl * sizeof(pp_limb);
        parts.q = s.bytes[4]; parts.q_len = hl * sizeof(pp_limb);
        parts.dp = s.bytes[5]; parts.dp_len = hl * sizeof(pp_limb);
        parts.dq = s.bytes[6]; parts.dq_len = hl * sizeof(pp_limb);
        parts.qinv = s.bytes[7]; parts.qinv_len = hl * sizeof(pp_limb);
        status = pp_rsa_key_load(material, material_size, material_len, &parts, 1, &bits_out);
        if (status == PSA_SUCCESS && bits_out != bits) {
            status = PSA_ERROR_CORRUPTION_DETECTED;
        }
        if (status == PSA_ERROR_INVALID_ARGUMENT) {
            status = PSA_ERROR_CORRUPTION_DETECTED; /* our own key failed its checks */
        }
    }
out:
    pp_wipe(&s, sizeof(s));
    return status;
}
