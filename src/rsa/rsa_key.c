/*
 * rsa_key.c -- RSA key material: validation, the internal layout and the
 * per-key Montgomery constants cached at load time (see rsa.h and
 * rsa_core_internal.h).
 */
#include <string.h>

#include "common/pp_util.h"
#include "rsa/rsa_core_internal.h"

static const uint8_t material_magic[3] = { 'R', 'S', 'A' };

/* ---- layout ------------------------------------------------------------ */

size_t pp_rsa_field_limbs(const pp_rsa_header *h, pp_rsa_field field)
{
    return (field <= PP_RSA_F_D) ? h->n_limbs : h->h_limbs;
}

size_t pp_rsa_field_offset(const pp_rsa_header *h, pp_rsa_field field)
{
    size_t limbs;
    if (field <= PP_RSA_F_D) {
        limbs = (size_t)field * h->n_limbs;
    } else {
        limbs = 3u * h->n_limbs + (size_t)(field - PP_RSA_F_P) * h->h_limbs;
    }
    return PP_RSA_HEADER_BYTES + limbs * sizeof(pp_limb);
}

static size_t material_length(const pp_rsa_header *h)
{
    if (!h->is_pair) {
        return pp_rsa_field_offset(h, PP_RSA_F_D);
    }
    return pp_rsa_field_offset(h, PP_RSA_F_R2Q) + h->h_limbs * sizeof(pp_limb);
}

int pp_rsa_header_read(const uint8_t *material, pp_rsa_header *h)
{
    uint32_t bits;
    uint16_t n_limbs, h_limbs;
    uint64_t v;
    if (memcmp(material, material_magic, 3) != 0 || material[3] != PP_BN_LIMB_BITS) {
        return 0;
    }
    memcpy(&bits, material + 4, 4);
    memcpy(&n_limbs, material + 8, 2);
    memcpy(&h_limbs, material + 10, 2);
    h->bits = bits;
    h->n_limbs = n_limbs;
    h->h_limbs = h_limbs;
    h->is_pair = material[12];
    memcpy(&h->e, material + 16, 8);
    memcpy(&v, material + 24, 8);
    h->n0inv = (pp_limb)v;
    memcpy(&v, material + 32, 8);
    h->p0inv = (pp_limb)v;
    memcpy(&v, material + 40, 8);
    h->q0inv = (pp_limb)v;
    return 1;
}

static void header_write(uint8_t *material, const pp_rsa_header *h)
{
    uint32_t bits = (uint32_t)h->bits;
    uint16_t n_limbs = (uint16_t)h->n_limbs, h_limbs = (uint16_t)h->h_limbs;
    uint64_t v;
    memset(material, 0, PP_RSA_HEADER_BYTES);
    memcpy(material, material_magic, 3);
    material[3] = PP_BN_LIMB_BITS;
    memcpy(material + 4, &bits, 4);
    memcpy(material + 8, &n_limbs, 2);
    memcpy(material + 10, &h_limbs, 2);
    material[12] = (uint8_t)h->is_pair;
    memcpy(material + 16, &h->e, 8);
    v = h->n0inv;
    memcpy(material + 24, &v, 8);
    v = h->p0inv;
    memcpy(material + 32, &v, 8);
    v = h->q0inv;
    memcpy(material + 40, &v, 8);
}

void pp_rsa_field_read(pp_limb *dst, const uint8_t *material, const pp_rsa_header *h,
                       pp_rsa_field field)
{
    memcpy(dst, material + pp_rsa_field_offset(h, field), pp_rsa_field_limbs(h, field) * sizeof(pp_limb));
}

static void field_write(uint8_t *material, const pp_rsa_header *h, pp_rsa_field field,
                        const pp_limb *src)
{
    memcpy(material + pp_rsa_field_offset(h, field), src, pp_rsa_field_limbs(h, field) * sizeof(pp_limb));
}

/* ---- loading ------------------------------------------------------------ */

/* Skip leading zero bytes. Variable time in the length of the value only
 * (the bit length of a prime is not treated as secret). */
static void strip_zeros(const uint8_t **p, size_t *len)
{
    while (*len > 0 && (*p)[0] == 0) {
        (*p)++;
        (*len)--;
    }
}

/* Bytes of a value once leading zeros are dropped (NULL counts as 0). */
static size_t value_len(const uint8_t *p, size_t len)
{
    if (p == NULL) {
        return 0;
    }
    strip_zeros(&p, &len);
    return len;
}

/* The exponent checks e * x == 1 mod (m - 1), for x = dm and x = d, as
 * divisibility of e * x - 1 by the even m - 1 = 2^s u (u odd): its bits
 * below s must be zero and u must divide it. Multiplications only, constant
 * time in x and m (the public e drives nothing either). */

/* Limbs of the 64-bit public exponent. */
#define E_LIMBS (8u / sizeof(pp_limb))

/* For odd m > 1 (hl limbs): low = 2^s - 1 (the bits of m - 1 below its
 * lowest set bit: (m - 2) & ~(m - 1)), u = (m - 1) >> s. s is counted over
 * every bit of m, and u shifted by log2(w hl) steps of public length, each
 * kept or dropped by a mask: nothing branches on or indexes by m. t: hl
 * limbs of scratch. */
static void split_even(pp_limb *u, pp_limb *low, const pp_limb *m, size_t hl, pp_limb *t)
{
    size_t s = 0, step, k;
    pp_limb seen = 0, borrow = 1;
    unsigned b;

    pp_bn_copy(u, m, hl);
    u[0] &= ~(pp_limb)1;   /* m - 1 */
    for (k = 0; k < hl; k++) {
        pp_limb uk = u[k];
        low[k] = (pp_limb)(uk - borrow) & ~uk;
        borrow &= pp_bn_is_zero_mask(&u[k], 1) & 1u;
        for (b = 0; b < PP_BN_LIMB_BITS; b++) {
            seen |= (uk >> b) & 1u;
            s += (size_t)(seen ^ 1u);
        }
    }
    for (step = 1; step < PP_BN_LIMB_BITS * hl; step <<= 1) {
        size_t limbs = step / PP_BN_LIMB_BITS;
        unsigned bits = (unsigned)(step % PP_BN_LIMB_BITS);
        for (k = 0; k < hl; k++) {
            pp_limb lo = (k + limbs < hl) ? u[k + limbs] : 0;
            pp_limb hi = (k + limbs + 1u < hl) ? u[k + limbs + 1u] : 0;
            t[k] = (bits == 0) ? lo : (pp_limb)((lo >> bits) | (hi << (PP_BN_LIMB_BITS - bits)));
        }
        pp_bn_cond_copy(u, t, (pp_limb)0 - (pp_limb)((s / step) & 1u), hl);
    }
}

/* All-ones when e * v - 1 (v: vl >= hl limbs) is divisible by 2^s u
 * (u odd, low = 2^s - 1; hl limbs each). u | y is decided by one
 * Montgomery reduction (HAC 14.32) carried over all xl limbs of
 * y = e v - 1: the result is congruent to y * 2^(-w xl) mod u and at most
 * u (it is below y / 2^(w xl) + u < 1 + u), so u divides y exactly when
 * it is 0 or u. x: vl + E_LIMBS limbs, t: vl + E_LIMBS + hl + 1 limbs. */
static pp_limb e_times_minus_one_divisible(uint64_t e, const pp_limb *v, size_t vl,
                                           const pp_limb *u, const pp_limb *low, size_t hl,
                                           pp_limb *x, pp_limb *t)
{
    const size_t xl = vl + E_LIMBS, len = xl + hl + 1u;
    const pp_limb u0inv = pp_bn_mont_m0inv(u[0]);
    pp_limb el[E_LIMBS], borrow = 1, bits = 0;
    size_t i, j;

    el[0] = (pp_limb)e;
#if PP_BN_LIMB_BITS == 32
    el[1] = (pp_limb)(e >> 32);
#endif
    pp_bn_mul(x, v, vl, el, E_LIMBS);
    for (i = 0; i < xl; i++) {   /* x -= 1 */
        pp_limb xi = x[i];
        x[i] = (pp_limb)(xi - borrow);
        borrow &= pp_bn_is_zero_mask(&xi, 1) & 1u;
    }
    for (i = 0; i < hl; i++) {
        bits |= x[i] & low[i];
    }
    pp_bn_zero(t, len);
    pp_bn_copy(t, x, xl);
    for (i = 0; i < xl; i++) {
        pp_limb q = (pp_limb)(t[i] * u0inv);   /* t + q u == 0 mod 2^w */
        pp_dlimb acc = 0;
        for (j = 0; j < hl; j++) {
            acc += (pp_dlimb)q * u[j] + t[i + j];
            t[i + j] = (pp_limb)acc;
            acc >>= PP_BN_LIMB_BITS;
        }
        for (j = i + hl; j < len; j++) {
            acc += t[j];
            t[j] = (pp_limb)acc;
            acc >>= PP_BN_LIMB_BITS;
        }
    }
    return pp_bn_is_zero_mask(&bits, 1) & pp_bn_is_zero_mask(t + xl + hl, 1) &
           (pp_bn_is_zero_mask(t + xl, hl) | pp_bn_eq_mask(t + xl, u, hl));
}

/* All-ones when dm is the CRT exponent of the odd prime m (hl limbs) and
 * d (nl limbs) agrees with it: 0 < dm < m - 1, e dm == 1 mod (m - 1) and
 * e d == 1 mod (m - 1) (RFC 8017 3.2). w: 2 nl + 3 hl + 2 E_LIMBS + 1
 * limbs of scratch. */
static pp_limb crt_exponent_ok(uint64_t e, const pp_limb *d, size_t nl, const pp_limb *m,
                               const pp_limb *dm, size_t hl, pp_limb *w)
{
    pp_limb *u = w, *low = u + hl, *x = low + hl, *t = x + nl + E_LIMBS;
    pp_limb ok;
    pp_bn_copy(x, m, hl);
    x[0] &= ~(pp_limb)1;   /* m - 1 */
    ok = pp_bn_lt_mask(dm, x, hl) & ~pp_bn_is_zero_mask(dm, hl);
    split_even(u, low, m, hl, x);
    ok &= e_times_minus_one_divisible(e, dm, hl, u, low, hl, x, t);
    ok &= e_times_minus_one_divisible(e, d, nl, u, low, hl, x, t);
    return ok;
}

/* The key-pair checks' temporaries: limbs at the key's sizes (nl for n,
 * hl = nl / 2 + 1 for the primes, the bound the checks enforce) in one
 * area, wiped in one go (layout: load_pair_work). */
#define LOAD_WORK_LIMBS(bits) (4u * PP_RSA_WORK_NL_(bits) + 11u * PP_RSA_WORK_HL_(bits) + 5u)

typedef struct {
    pp_limb *n, *d, *pq;
    pp_limb *p, *q, *dp, *dq, *qinv, *r2p, *r2q, *t;
    pp_limb *scratch;   /* 2 nl + 3 hl + 5 limbs, after the last use of pq */
} pair_scratch;

/* Load and check the private half. Every check folds into one mask so the
 * only data-dependent branch is the final accept/reject. The CRT values
 * are checked with arithmetic (RFC 8017 3.2): p * q == n, e * dp == 1 mod
 * (p - 1), e * dq == 1 mod (q - 1), qinv * q == 1 mod p, and e * d == 1
 * mod (p - 1) and mod (q - 1), i.e. d == dp mod (p - 1), d == dq mod
 * (q - 1) (so d is a private exponent of the key, and export writes a
 * consistent key).
 * For primes p, q that makes the private operation exact for every input
 * (x^(e dp) == x mod p by Fermat), so no trial operation is run. Primality
 * is not tested (it would cost more than a private operation): where a
 * composite p or q makes a result wrong, the per-operation fault check
 * returns CORRUPTION_DETECTED and releases nothing. */
static psa_status_t load_pair(uint8_t *material, pp_rsa_header *h, const pp_rsa_key_parts *parts,
                              const pair_scratch *s)
{
    const size_t hmax = h->n_limbs / 2u + 1u;
    size_t p_limbs = PP_BN_LIMBS(8u * value_len(parts->p, parts->p_len));
    size_t q_limbs = PP_BN_LIMBS(8u * value_len(parts->q, parts->q_len));
    size_t hl = (p_limbs > q_limbs) ? p_limbs : q_limbs;
    size_t k;
    pp_limb ok = (pp_limb)0 - 1u;
    int fits = 1;

    if (parts->p == NULL || parts->q == NULL || parts->d == NULL || parts->dp == NULL ||
        parts->dq == NULL || parts->qinv == NULL || hl == 0 || hl > hmax) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    h->h_limbs = hl;
    fits &= pp_bn_from_bytes(s->p, hl, parts->p, parts->p_len);
    fits &= pp_bn_from_bytes(s->q, hl, parts->q, parts->q_len);
    fits &= pp_bn_from_bytes(s->dp, hl, parts->dp, parts->dp_len);
    fits &= pp_bn_from_bytes(s->dq, hl, parts->dq, parts->dq_len);
    fits &= pp_bn_from_bytes(s->qinv, hl, parts->qinv, parts->qinv_len);
    fits &= pp_bn_from_bytes(s->d, h->n_limbs, parts->d, parts->d_len);
    if (!fits) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }

    /* p, q odd and > 1 (odd and not 1), p * q == n. */
    ok &= (pp_limb)0 - (s->p[0] & s->q[0] & 1u);
    ok &= ~pp_bn_eq_word_mask(s->p, hl, 1) & ~pp_bn_eq_word_mask(s->q, hl, 1);
    pp_bn_mul(s->pq, s->p, hl, s->q, hl);
    for (k = 0; k < 2u * hl; k++) {
        pp_limb nk = (k < h->n_limbs) ? s->n[k] : 0;
        ok &= ~((pp_limb)0 - (pp_limb)((s->pq[k] ^ nk) != 0));
    }
    for (k = 2u * hl; k < h->n_limbs; k++) { /* n longer than p * q */
        ok &= ~((pp_limb)0 - (pp_limb)(s->n[k] != 0));
    }
    /* qinv < p, 0 < d < n, qinv nonzero; the CRT exponents (in range,
     * nonzero, e dm == 1 mod (m - 1)) and d against both. */
    ok &= pp_bn_lt_mask(s->qinv, s->p, hl) & pp_bn_lt_mask(s->d, s->n, h->n_limbs);
    ok &= ~pp_bn_is_zero_mask(s->qinv, hl) & ~pp_bn_is_zero_mask(s->d, h->n_limbs);
    ok &= crt_exponent_ok(h->e, s->d, h->n_limbs, s->p, s->dp, hl, s->scratch);
    ok &= crt_exponent_ok(h->e, s->d, h->n_limbs, s->q, s->dq, hl, s->scratch);
    if (ok == 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }

    /* Montgomery constants of the primes (safe now that p, q are odd). */
    h->p0inv = pp_bn_mont_m0inv(s->p[0]);
    h->q0inv = pp_bn_mont_m0inv(s->q[0]);
    pp_bn_mont_r2(s->r2p, s->p, h->p0inv, hl, pp_bn_bits_vartime(s->p, hl));
    pp_bn_mont_r2(s->r2q, s->q, h->q0inv, hl, pp_bn_bits_vartime(s->q, hl));

    /* qinv * q == 1 mod p: (q R mod p) * qinv * R^-1 (q < R, R^2 mod p < p). */
    pp_bn_mont_mul(s->t, s->q, s->r2p, s->p, h->p0inv, hl);
    pp_bn_mont_mul(s->t, s->t, s->qinv, s->p, h->p0inv, hl);
    if (pp_bn_eq_word_mask(s->t, hl, 1) == 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }

    field_write(material, h, PP_RSA_F_D, s->d);
    field_write(material, h, PP_RSA_F_P, s->p);
    field_write(material, h, PP_RSA_F_Q, s->q);
    field_write(material, h, PP_RSA_F_DP, s->dp);
    field_write(material, h, PP_RSA_F_DQ, s->dq);
    field_write(material, h, PP_RSA_F_QINV, s->qinv);
    field_write(material, h, PP_RSA_F_R2P, s->r2p);
    field_write(material, h, PP_RSA_F_R2Q, s->r2q);
    header_write(material, h);
    return PSA_SUCCESS;
}

/* n and R^2 mod n into the material (n, r2n: n_limbs each). */
static void load_modulus(uint8_t *material, pp_rsa_header *h, const uint8_t *n_bytes,
                         size_t n_len, pp_limb *n, pp_limb *r2n)
{
    (void)pp_bn_from_bytes(n, h->n_limbs, n_bytes, n_len);
    h->n0inv = pp_bn_mont_m0inv(n[0]);
    pp_bn_mont_r2(r2n, n, h->n0inv, h->n_limbs, h->bits);
    field_write(material, h, PP_RSA_F_N, n);
    field_write(material, h, PP_RSA_F_R2N, r2n);
}

/* A key pair with the area laid out at its sizes: n, d (nl each), the
 * eight half-size values (hm = nl / 2 + 1 each), then one region used in
 * turn by R^2 mod n (nl), p * q (2 hm) and the scratch of
 * crt_exponent_ok (2 nl + 3 hm + 5): LOAD_WORK_LIMBS. */
static psa_status_t load_pair_work(uint8_t *material, pp_rsa_header *h,
                                   const pp_rsa_key_parts *parts, const uint8_t *n_bytes,
                                   size_t n_len, pp_limb *area, size_t area_limbs)
{
    const size_t nl = h->n_limbs, hm = nl / 2u + 1u;
    pair_scratch s;
    psa_status_t status;
    s.n = area;
    s.d = s.n + nl;
    s.p = s.d + nl;
    s.q = s.p + hm;
    s.dp = s.q + hm;
    s.dq = s.dp + hm;
    s.qinv = s.dq + hm;
    s.r2p = s.qinv + hm;
    s.r2q = s.r2p + hm;
    s.t = s.r2q + hm;
    s.pq = s.t + hm;
    s.scratch = s.pq;
    load_modulus(material, h, n_bytes, n_len, s.n, s.pq);
    status = load_pair(material, h, parts, &s);
    pp_wipe(area, area_limbs * sizeof(pp_limb));
    return status;
}

/* The area comes from the stack, sized by the class of the key (as the
 * private operation's, rsa_core.c): up to 2048 bits, and
 * PICOPSA_RSA_MAX_BITS. One function per class so that an import reserves
 * only its class's area. */
#if defined(__GNUC__)
#define LOAD_NOINLINE __attribute__((noinline))
#else
#define LOAD_NOINLINE
#endif
#define LOAD_CLASS_BITS(bits) ((bits) < PICOPSA_RSA_MAX_BITS ? (bits) : PICOPSA_RSA_MAX_BITS)
#define DEFINE_LOAD_CLASS(name, bits)                                                        \
    static LOAD_NOINLINE psa_status_t load_pair_##name(uint8_t *material, pp_rsa_header *h,  \
                                                       const pp_rsa_key_parts *parts,        \
                                                       const uint8_t *n_bytes, size_t n_len) \
    {                                                                                        \
        pp_limb area[LOAD_WORK_LIMBS(LOAD_CLASS_BITS(bits))];                                \
        return load_pair_work(material, h, parts, n_bytes, n_len, area,                      \
                              sizeof(area) / sizeof(area[0]));                               \
    }
DEFINE_LOAD_CLASS(2048, 2048)
DEFINE_LOAD_CLASS(max, PICOPSA_RSA_MAX_BITS)

/* A public key: n and R^2 mod n only. */
static LOAD_NOINLINE void load_public(uint8_t *material, pp_rsa_header *h,
                                      const uint8_t *n_bytes, size_t n_len)
{
    pp_limb n[PP_BN_MAX_LIMBS], r2n[PP_BN_MAX_LIMBS];
    load_modulus(material, h, n_bytes, n_len, n, r2n);
    header_write(material, h);
}

psa_status_t pp_rsa_key_load(uint8_t *material, size_t material_size, size_t *material_len,
                             const pp_rsa_key_parts *parts, int is_pair, size_t *bits)
{
    const uint8_t *n_bytes = parts->n, *e_bytes = parts->e;
    size_t n_len = parts->n_len, e_len = parts->e_len, k;
    pp_rsa_header h;
    psa_status_t status = PSA_SUCCESS;

    if (n_bytes == NULL || e_bytes == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* Public part: n and e are public, so plain branches are fine here. */
    strip_zeros(&n_bytes, &n_len);
    strip_zeros(&e_bytes, &e_len);
    if (n_len == 0 || (n_bytes[n_len - 1u] & 1u) == 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    memset(&h, 0, sizeof(h));
    h.bits = 8u * n_len;
    for (k = 0x80u; (n_bytes[0] & k) == 0; k >>= 1) {
        h.bits--;
    }
    if (h.bits < PICOPSA_RSA_MIN_BITS || h.bits > PICOPSA_RSA_MAX_BITS) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (e_len > 8u) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    for (k = 0; k < e_len; k++) {
        h.e = (h.e << 8) | e_bytes[k];
    }
    if (h.e <= 1u || (h.e & 1u) == 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    h.n_limbs = PP_BN_LIMBS(h.bits);
    h.is_pair = is_pair ? 1 : 0;
    if (material_size < PP_RSA_HEADER_BYTES + 2u * h.n_limbs * sizeof(pp_limb)) {
        return PSA_ERROR_BUFFER_TOO_SMALL;
    }
    if (is_pair) {
        size_t hmax = h.n_limbs / 2u + 1u;
        if (material_size < PP_RSA_HEADER_BYTES + (3u * h.n_limbs + 7u * hmax) * sizeof(pp_limb)) {
            return PSA_ERROR_BUFFER_TOO_SMALL;
        }
        status = (h.bits <= 2048u) ? load_pair_2048(material, &h, parts, n_bytes, n_len)
                                   : load_pair_max(material, &h, parts, n_bytes, n_len);
    } else {
        load_public(material, &h, n_bytes, n_len);
    }
    if (status != PSA_SUCCESS) {
        pp_wipe(material, material_size);
        return status;
    }
    *material_len = material_length(&h);
    *bits = h.bits;
    return PSA_SUCCESS;
}

/* ---- queries ------------------------------------------------------------ */

size_t pp_rsa_key_bits(const uint8_t *material)
{
    pp_rsa_header h;
    return pp_rsa_header_read(material, &h) ? h.bits : 0;
}

size_t pp_rsa_key_modulus_bytes(const uint8_t *material)
{
    return (pp_rsa_key_bits(material) + 7u) / 8u;
}

int pp_rsa_key_is_pair(const uint8_t *material)
{
    pp_rsa_header h;
    return pp_rsa_header_read(material, &h) ? h.is_pair : 0;
}

psa_status_t pp_rsa_key_get_component(const uint8_t *material, int which,
                                      uint8_t *out, size_t out_size, size_t *out_len)
{
    static const pp_rsa_field fields[] = {
        PP_RSA_F_N, PP_RSA_F_N /* e: header */, PP_RSA_F_D, PP_RSA_F_P, PP_RSA_F_Q,
        PP_RSA_F_DP, PP_RSA_F_DQ, PP_RSA_F_QINV
    };
    pp_rsa_header h;
    pp_limb v[PP_BN_MAX_LIMBS];
    uint8_t bytes[PP_BN_MAX_LIMBS * PP_BN_LIMB_BYTES];
    size_t limbs, len, skip = 0;

    if (!pp_rsa_header_read(material, &h) || which < PP_RSA_N || which > PP_RSA_QINV) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (which >= PP_RSA_D && !h.is_pair) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (which == PP_RSA_E) {
        limbs = 8u / sizeof(pp_limb);
        v[0] = (pp_limb)h.e;
        if (limbs > 1u) {
            v[1] = (pp_limb)(h.e >> 32);
        }
    } else {
        limbs = pp_rsa_field_limbs(&h, fields[which]);
        pp_rsa_field_read(v, material, &h, fields[which]);
    }
    len = limbs * sizeof(pp_limb);
    pp_bn_to_bytes(bytes, len, v, limbs);
    /* Minimal encoding; a zero value keeps one 0x00 byte. */
    while (skip + 1u < len && bytes[skip] == 0) {
        skip++;
    }
    if (len - skip > out_size) {
        pp_wipe(v, sizeof(v));
        pp_wipe(bytes, sizeof(bytes));
        return PSA_ERROR_BUFFER_TOO_SMALL;
    }
    memcpy(out, bytes + skip, len - skip);
    *out_len = len - skip;
    pp_wipe(v, sizeof(v));
    pp_wipe(bytes, sizeof(bytes));
    return PSA_SUCCESS;
}
