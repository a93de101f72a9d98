/*
 * mlkem_poly.c -- ML-KEM arithmetic (mlkem_poly.h): Z_q, the NTT, base
 * multiplication, compression, byte encoding and the CBD sampler.
 */
#include "mlkem/mlkem_poly.h"

#include "common/pp_util.h"
#include "hash/sha3.h"

#define Q PP_MLKEM_Q
/* q^-1 mod 2^16 (3329 * 62209 = 1 mod 65536). */
#define QINV 62209u
/* round(2^26 / q): Barrett's multiplier (HAC 14.42 with a rounded quotient). */
#define BARRETT_V 20159
/* R^2 / 128 mod q = 1441: the last step of NTT^-1 (Alg. 10 line 14, f *= 128^-1)
 * done by a Montgomery multiplication that also multiplies by R. */
#define INVNTT_F 1441
/* R^2 mod q: a Montgomery multiplication by it multiplies by R. */
#define MONT_R2 1353
/* round(2^35 / q): Compress_d(x) = floor((x 2^d M + 2^34) / 2^35) mod 2^d for
 * every x in [0, q) and d <= 11 (checked exhaustively by the unit test). */
#define COMPRESS_M 10321339u
#define COMPRESS_S 35

/*
 * zetas[i] = 17^BitRev7(i) R mod q, centered (FIPS 203 4.3 and Appendix A:
 * zeta = 17 is a primitive 256-th root of unity mod q; the table holds the
 * zeta values of the NTT layers in Montgomery form). Entries 64..127 also
 * give the BaseCaseMultiply constants: 17^(2 BitRev7(2m) + 1) =
 * zetas[64 + m] and 17^(2 BitRev7(2m + 1) + 1) = -zetas[64 + m].
 */
static const int16_t zetas[128] = {
    -1044, -758,  -359,  -1517, 1493,  1422,  287,   202,   -171,  622,   1577,  182,   962,
    -1202, -1474, 1468,  573,   -1325, 264,   383,   -829,  1458,  -1602, -130,  -681,  1017,
    732,   608,   -1542, 411,   -205,  -1571, 1223,  652,   -552,  1015,  -1293, 1491,  -282,
    -1544, 516,   -8,    -320,  -666,  -1618, -1162, 126,   1469,  -853,  -90,   -271,  830,
    107,   -1421, -247,  -951,  -398,  961,   -1508, -725,  448,   -1065, 677,   -1275, -1103,
    430,   555,   843,   -1251, 871,   1550,  105,   422,   587,   177,   -235,  -291,  -460,
    1574,  1653,  -246,  778,   1159,  -147,  -777,  1483,  -602,  1119,  -1590, 644,   -872,
    349,   418,   329,   -156,  -75,   817,   1097,  603,   610,   1322,  -1285, -1465, 384,
    -1215, -136,  1218,  -1335, -874,  220,   -1187, -1659, -1185, -1530, -1278, 794,   -1510,
    -854,  -870,  478,   -108,  -308,  996,   991,   958,   -1460, 1522,  1628};

int16_t pp_mlkem_mont_reduce(int32_t a)
{
    /* t = a q^-1 mod 2^16 as a signed value, so a - t q is a multiple of 2^16
     * and |a - t q| <= q 2^15 + 2^15 q: the quotient lies in [-q, q]. */
    int16_t t = (int16_t)(uint16_t)((uint32_t)a * QINV);
    return (int16_t)((a - (int32_t)t * Q) >> 16);
}

static int16_t fqmul(int16_t a, int16_t b)
{
    return pp_mlkem_mont_reduce((int32_t)a * b);
}

int16_t pp_mlkem_barrett(int16_t a)
{
    /* t = round(a / q) from the rounded multiplier: a - t q is centered. */
    int32_t t = ((int32_t)BARRETT_V * a + (1 << 25)) >> 26;
    return (int16_t)(a - t * Q);
}

int16_t pp_mlkem_freeze(int16_t a)
{
    int16_t b = pp_mlkem_barrett(a);
    /* b >> 15 is all-ones exactly when b < 0: add q without a branch. */
    return (int16_t)(b + ((b >> 15) & Q));
}

void pp_mlkem_poly_reduce(int16_t f[PP_MLKEM_N])
{
    for (unsigned i = 0; i < PP_MLKEM_N; i++) {
        f[i] = pp_mlkem_barrett(f[i]);
    }
}

void pp_mlkem_poly_freeze(int16_t f[PP_MLKEM_N])
{
    for (unsigned i = 0; i < PP_MLKEM_N; i++) {
        f[i] = pp_mlkem_freeze(f[i]);
    }
}

void pp_mlkem_poly_tomont(int16_t f[PP_MLKEM_N])
{
    for (unsigned i = 0; i < PP_MLKEM_N; i++) {
        f[i] = fqmul(f[i], MONT_R2);
    }
}

void pp_mlkem_poly_frommont(int16_t f[PP_MLKEM_N])
{
    for (unsigned i = 0; i < PP_MLKEM_N; i++) {
        f[i] = pp_mlkem_mont_reduce(f[i]);
    }
}

/* FIPS 203 Alg. 9. Each layer adds less than q to |f_i| (|t| < q), so seven
 * layers from |f_i| < q stay below 8q < 2^15. */
void pp_mlkem_ntt(int16_t f[PP_MLKEM_N])
{
    unsigned k = 1;
    for (unsigned len = 128; len >= 2; len >>= 1) {
        for (unsigned start = 0; start < PP_MLKEM_N; start += 2 * len) {
            int16_t z = zetas[k++];
            for (unsigned j = start; j < start + len; j++) {
                int16_t t = fqmul(z, f[j + len]);
                f[j + len] = (int16_t)(f[j] - t);
                f[j] = (int16_t)(f[j] + t);
            }
        }
    }
    pp_mlkem_poly_reduce(f);
}

/* FIPS 203 Alg. 10. Sums are Barrett-reduced at once and differences go
 * through a Montgomery multiplication, so every layer starts from
 * |f_i| < q (the first from |f_i| < 2^14). The final scaling by 128^-1
 * carries an extra R (INVNTT_F) that cancels the R^-1 of the base
 * multiplications. */
void pp_mlkem_invntt(int16_t f[PP_MLKEM_N])
{
    unsigned k = 127;
    for (unsigned len = 2; len <= 128; len <<= 1) {
        for (unsigned start = 0; start < PP_MLKEM_N; start += 2 * len) {
            int16_t z = zetas[k--];
            for (unsigned j = start; j < start + len; j++) {
                int16_t t = f[j];
                f[j] = pp_mlkem_barrett((int16_t)(t + f[j + len]));
                f[j + len] = fqmul(z, (int16_t)(f[j + len] - t));
            }
        }
    }
    for (unsigned i = 0; i < PP_MLKEM_N; i++) {
        f[i] = fqmul(f[i], INVNTT_F);
    }
}

/* The pair i of a ByteEncode_12 string sits in bytes 3i..3i+2. */
void pp_mlkem_load_pair12(const uint8_t p[3], int16_t *x0, int16_t *x1)
{
    *x0 = (int16_t)(p[0] | ((p[1] & 0x0F) << 8));
    *x1 = (int16_t)((p[1] >> 4) | (p[2] << 4));
}

/* FIPS 203 Alg. 12 on pair i of Alg. 11: (a0 + a1 X)(b0 + b1 X) mod
 * (X^2 - gamma_i), gamma_i = 17^(2 BitRev7(i) + 1). Every product is below
 * 2^24 < q 2^15. */
void pp_mlkem_basemul_acc(int16_t acc[2], int16_t a0, int16_t a1, int16_t b0, int16_t b1,
                          unsigned i)
{
    int16_t g = zetas[64 + (i >> 1)];
    int16_t c0, c1;
    if (i & 1u) { /* i is a public position */
        g = (int16_t)-g;
    }
    c0 = (int16_t)(fqmul(a0, b0) + fqmul(fqmul(a1, b1), g));
    c1 = (int16_t)(fqmul(a0, b1) + fqmul(a1, b0));
    acc[0] = pp_mlkem_barrett((int16_t)(acc[0] + c0));
    acc[1] = pp_mlkem_barrett((int16_t)(acc[1] + c1));
}

void pp_mlkem_poly_basemul_acc(int16_t acc[PP_MLKEM_N], const int16_t a[PP_MLKEM_N],
                               const uint8_t b[PP_MLKEM_POLY_BYTES])
{
    for (unsigned i = 0; i < PP_MLKEM_N / 2; i++) {
        int16_t b0, b1;
        pp_mlkem_load_pair12(b + 3 * i, &b0, &b1);
        pp_mlkem_basemul_acc(acc + 2 * i, a[2 * i], a[2 * i + 1], b0, b1, i);
    }
}

/* FIPS 203 eq. 4.7, round(2^d x / q) mod 2^d, as a multiplication by the
 * rounded reciprocal (no division of the secret x). The operands fit in 32
 * bits, so the product is one 32x32->64 multiply (UMULL on Cortex-M3/M4). */
uint16_t pp_mlkem_compress(int16_t x, unsigned d)
{
    uint64_t t = (uint64_t)((uint32_t)x << d) * COMPRESS_M;
    t = (t + ((uint64_t)1 << (COMPRESS_S - 1))) >> COMPRESS_S;
    return (uint16_t)(t & ((1u << d) - 1u));
}

/* FIPS 203 eq. 4.8, round(q y / 2^d) = floor((q y + 2^(d-1)) / 2^d). */
int16_t pp_mlkem_decompress(uint16_t y, unsigned d)
{
    return (int16_t)(((uint32_t)y * Q + (1u << (d - 1))) >> d);
}

/* FIPS 203 Alg. 5: value i occupies bits d i .. d i + d - 1, little endian. */
void pp_mlkem_encode8(uint8_t *out, const uint16_t v[8], unsigned d)
{
    uint32_t acc = 0;
    unsigned n = 0;
    for (unsigned i = 0; i < 8; i++) {
        acc |= (uint32_t)v[i] << n;
        n += d;
        while (n >= 8) {
            *out++ = (uint8_t)acc;
            acc >>= 8;
            n -= 8;
        }
    }
}

/* FIPS 203 Alg. 6 (without the final mod q for d = 12: see the header). */
void pp_mlkem_decode8(uint16_t v[8], const uint8_t *in, unsigned d)
{
    uint32_t acc = 0;
    unsigned n = 0;
    for (unsigned i = 0; i < 8; i++) {
        while (n < d) {
            acc |= (uint32_t)*in++ << n;
            n += 8;
        }
        v[i] = (uint16_t)(acc & ((1u << d) - 1u));
        acc >>= d;
        n -= d;
    }
}

void pp_mlkem_poly_tobytes(uint8_t out[PP_MLKEM_POLY_BYTES], const int16_t f[PP_MLKEM_N])
{
    for (unsigned i = 0; i < PP_MLKEM_N; i += 8) {
        uint16_t v[8];
        for (unsigned j = 0; j < 8; j++) {
            v[j] = (uint16_t)f[i + j];
        }
        pp_mlkem_encode8(out + (i / 8) * 12, v, 12);
    }
}

/*
 * FIPS 203 Alg. 8: coefficient i is (sum of eta bits) - (sum of the next
 * eta bits) of the PRF stream. The bits of a word are summed in fields of
 * eta bits at once (bit-sliced); field 2m is x and field 2m + 1 is y of
 * the m-th coefficient of the word. The stream is squeezed 8 eta bytes
 * (32 coefficients) at a time, so no 64 eta-byte buffer is held.
 */
void pp_mlkem_cbd_add(int16_t f[PP_MLKEM_N], unsigned eta, const uint8_t s[32], uint8_t nonce)
{
    pp_keccak_ctx prf;
    uint8_t buf[24];
    (void)pp_shake_init(&prf, 256);
    pp_keccak_absorb(&prf, s, 32);
    pp_keccak_absorb(&prf, &nonce, 1);
    for (unsigned blk = 0; blk < PP_MLKEM_N; blk += 32) {
        int16_t *g = f + blk;
        pp_shake_squeeze(&prf, buf, 8 * eta);
        if (eta == 2) {
            for (unsigned w = 0; w < 4; w++) {
                uint32_t t = pp_load_le32(buf + 4 * w);
                uint32_t d = (t & 0x55555555u) + ((t >> 1) & 0x55555555u);
                for (unsigned m = 0; m < 8; m++) {
                    int32_t x = (int32_t)((d >> (4 * m)) & 3u);
                    int32_t y = (int32_t)((d >> (4 * m + 2)) & 3u);
                    g[8 * w + m] = (int16_t)(g[8 * w + m] + x - y);
                }
            }
        } else {
            for (unsigned w = 0; w < 8; w++) {
                const uint8_t *p = buf + 3 * w;
                uint32_t t = (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16);
                uint32_t d = (t & 0x249249u) + ((t >> 1) & 0x249249u) + ((t >> 2) & 0x249249u);
                for (unsigned m = 0; m < 4; m++) {
                    int32_t x = (int32_t)((d >> (6 * m)) & 7u);
                    int32_t y = (int32_t)((d >> (6 * m + 3)) & 7u);
                    g[4 * w + m] = (int16_t)(g[4 * w + m] + x - y);
                }
            }
        }
    }
    pp_wipe(buf, sizeof(buf));
    pp_keccak_wipe(&prf);
}
