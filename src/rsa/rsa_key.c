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

/* r = (a + b) mod m for a, b < m, any m > 0 (even moduli included, where
 * Montgomery arithmetic does not apply): add, then subtract m when the sum
 * is >= m, chosen by a mask. t: n limbs of scratch. Constant time. */
static void add_mod(pp_limb *r, const pp_limb *a, const pp_limb *b, const pp_limb *m, size_t n,
                    pp_limb *t)
{
    pp_limb carry = pp_bn_add(r, a, b, n);
    pp_limb borrow = pp_bn_sub(t, r, m, n);
    /* a + b >= m exactly when the addition carried or r - m did not borrow. */
    pp_bn_cond_copy(r, t, ((pp_limb)0 - carry) | ((pp_limb)0 - (borrow ^ 1u)), n);
}

/* All-ones when e * d == 1 mod m, for the public e and secret d < m (m > 1,
 * n limbs; m = p - 1 is even). e * d mod m by Horner over the bits of e,
 * a modular doubling and, for a set bit, a modular addition of d per bit:
 * branches only on e, constant time in d and m. r, t: n limbs of scratch. */
static pp_limb public_times_is_one(uint64_t e, const pp_limb *d, const pp_limb *m, size_t n,
                                   pp_limb *r, pp_limb *t)
{
    int bit = 63;

    while (bit > 0 && ((e >> bit) & 1u) == 0) {
        bit--;
    }
    pp_bn_zero(r, n);
    for (; bit >= 0; bit--) {
        add_mod(r, r, r, m, n, t);
        if (((e >> bit) & 1u) != 0) {
            add_mod(r, r, d, m, n, t);
        }
    }
    return pp_bn_eq_word_mask(r, n, 1);
}

/* Temporaries of the key-pair checks, wiped in one go. */
typedef struct {
    pp_limb n[PP_BN_MAX_LIMBS];
    pp_limb d[PP_BN_MAX_LIMBS];
    pp_limb pq[2u * PP_RSA_HALF_MAX_LIMBS];
    pp_limb p[PP_RSA_HALF_MAX_LIMBS], q[PP_RSA_HALF_MAX_LIMBS];
    pp_limb dp[PP_RSA_HALF_MAX_LIMBS], dq[PP_RSA_HALF_MAX_LIMBS];
    pp_limb qinv[PP_RSA_HALF_MAX_LIMBS];
    pp_limb r2p[PP_RSA_HALF_MAX_LIMBS], r2q[PP_RSA_HALF_MAX_LIMBS];
    pp_limb t[PP_RSA_HALF_MAX_LIMBS];
} pair_scratch;

/* Load and check the private half. Every check folds into one mask so the
 * only data-dependent branch is the final accept/reject. The CRT values
 * are checked with arithmetic (RFC 8017 3.2): p * q == n, e * dp == 1 mod
 * (p - 1), e * dq == 1 mod (q - 1), qinv * q == 1 mod p. For primes p, q
 * that makes the private operation exact for every input (x^(e dp) == x
 * mod p by Fermat), so no trial operation is run. Primality is not tested
 * (it would cost more than a private operation): where a composite p or q
 * makes a result wrong, the per-operation fault check returns
 * CORRUPTION_DETECTED and releases nothing. */
static psa_status_t load_pair(uint8_t *material, pp_rsa_header *h, const pp_rsa_key_parts *parts,
                              pair_scratch *s)
{
    const size_t hmax = h->n_limbs / 2u + 1u;
    size_t p_limbs = PP_BN_LIMBS(8u * value_len(parts->p, parts->p_len));
    size_t q_limbs = PP_BN_LIMBS(8u * value_len(parts->q, parts->q_len));
    size_t hl = (p_limbs > q_limbs) ? p_limbs : q_limbs;
    size_t k;
    pp_limb ok = (pp_limb)0 - 1u;
    pp_limb *m1, *u;
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
    pp_rsa_field_read(s->n, material, h, PP_RSA_F_N);

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
    /* dp < p - 1, dq < q - 1, qinv < p, 0 < d < n; dp, dq, qinv nonzero;
     * e dp == 1 mod (p - 1), e dq == 1 mod (q - 1). p, q are odd, so
     * m - 1 is m with bit 0 cleared; pq is free again and holds m - 1 and
     * the running product. */
    m1 = s->pq;
    u = s->pq + hl;
    pp_bn_copy(m1, s->p, hl);
    m1[0] &= ~(pp_limb)1;
    ok &= pp_bn_lt_mask(s->dp, m1, hl);
    ok &= public_times_is_one(h->e, s->dp, m1, hl, u, s->t);
    pp_bn_copy(m1, s->q, hl);
    m1[0] &= ~(pp_limb)1;
    ok &= pp_bn_lt_mask(s->dq, m1, hl);
    ok &= public_times_is_one(h->e, s->dq, m1, hl, u, s->t);
    ok &= pp_bn_lt_mask(s->qinv, s->p, hl) & pp_bn_lt_mask(s->d, s->n, h->n_limbs);
    ok &= ~pp_bn_is_zero_mask(s->dp, hl) & ~pp_bn_is_zero_mask(s->dq, hl);
    ok &= ~pp_bn_is_zero_mask(s->qinv, hl) & ~pp_bn_is_zero_mask(s->d, h->n_limbs);
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

psa_status_t pp_rsa_key_load(uint8_t *material, size_t material_size, size_t *material_len,
                             const pp_rsa_key_parts *parts, int is_pair, size_t *bits)
{
    const uint8_t *n_bytes = parts->n, *e_bytes = parts->e;
    size_t n_len = parts->n_len, e_len = parts->e_len, k;
    pp_rsa_header h;
    pp_limb n[PP_BN_MAX_LIMBS], r2n[PP_BN_MAX_LIMBS];
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
    (void)pp_bn_from_bytes(n, h.n_limbs, n_bytes, n_len);
    h.n0inv = pp_bn_mont_m0inv(n[0]);
    pp_bn_mont_r2(r2n, n, h.n0inv, h.n_limbs, h.bits);
    field_write(material, &h, PP_RSA_F_N, n);
    field_write(material, &h, PP_RSA_F_R2N, r2n);

    if (is_pair) {
        pair_scratch s;
        size_t hmax = h.n_limbs / 2u + 1u;
        if (material_size < PP_RSA_HEADER_BYTES + (3u * h.n_limbs + 7u * hmax) * sizeof(pp_limb)) {
            return PSA_ERROR_BUFFER_TOO_SMALL;
        }
        status = load_pair(material, &h, parts, &s);
        pp_wipe(&s, sizeof(s));
    } else {
        header_write(material, &h);
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
