/*
 * mldsa_poly.c -- Z_q arithmetic, the NTT (FIPS 204 Alg. 41, 42), the
 * rounding functions (Alg. 35, 36, 39, 40) and the bit packings (Alg.
 * 16-19) of ML-DSA. Contract in mldsa_poly.h.
 */
#include "mldsa/mldsa_poly.h"

#include "common/pp_util.h"

#if PSA_WANT_ALG_ML_DSA

#define Q PP_MLDSA_Q
#define QINV 58728449      /* q^-1 mod 2^32 */
#define INV_F 41978        /* R^2 / 256 mod q: invntt's final factor */

/* zetas[k] = zeta^BitRev8(k) R mod q (centred), zeta = 1753 (FIPS 204
 * Appendix B lists zeta^BitRev8(k) without R); computed by a short script
 * from that definition. zetas[0] is unused. */
static const int32_t zetas[PP_MLDSA_N] = {
    0, 25847, -2608894, -518909, 237124, -777960, -876248, 466468,
    1826347, 2353451, -359251, -2091905, 3119733, -2884855, 3111497, 2680103,
    2725464, 1024112, -1079900, 3585928, -549488, -1119584, 2619752, -2108549,
    -2118186, -3859737, -1399561, -3277672, 1757237, -19422, 4010497, 280005,
    2706023, 95776, 3077325, 3530437, -1661693, -3592148, -2537516, 3915439,
    -3861115, -3043716, 3574422, -2867647, 3539968, -300467, 2348700, -539299,
    -1699267, -1643818, 3505694, -3821735, 3507263, -2140649, -1600420, 3699596,
    811944, 531354, 954230, 3881043, 3900724, -2556880, 2071892, -2797779,
    -3930395, -1528703, -3677745, -3041255, -1452451, 3475950, 2176455, -1585221,
    -1257611, 1939314, -4083598, -1000202, -3190144, -3157330, -3632928, 126922,
    3412210, -983419, 2147896, 2715295, -2967645, -3693493, -411027, -2477047,
    -671102, -1228525, -22981, -1308169, -381987, 1349076, 1852771, -1430430,
    -3343383, 264944, 508951, 3097992, 44288, -1100098, 904516, 3958618,
    -3724342, -8578, 1653064, -3249728, 2389356, -210977, 759969, -1316856,
    189548, -3553272, 3159746, -1851402, -2409325, -177440, 1315589, 1341330,
    1285669, -1584928, -812732, -1439742, -3019102, -3881060, -3628969, 3839961,
    2091667, 3407706, 2316500, 3817976, -3342478, 2244091, -2446433, -3562462,
    266997, 2434439, -1235728, 3513181, -3520352, -3759364, -1197226, -3193378,
    900702, 1859098, 909542, 819034, 495491, -1613174, -43260, -522500,
    -655327, -3122442, 2031748, 3207046, -3556995, -525098, -768622, -3595838,
    342297, 286988, -2437823, 4108315, 3437287, -3342277, 1735879, 203044,
    2842341, 2691481, -2590150, 1265009, 4055324, 1247620, 2486353, 1595974,
    -3767016, 1250494, 2635921, -3548272, -2994039, 1869119, 1903435, -1050970,
    -1333058, 1237275, -3318210, -1430225, -451100, 1312455, 3306115, -1962642,
    -1279661, 1917081, -2546312, -1374803, 1500165, 777191, 2235880, 3406031,
    -542412, -2831860, -1671176, -1846953, -2584293, -3724270, 594136, -3776993,
    -2013608, 2432395, 2454455, -164721, 1957272, 3369112, 185531, -1207385,
    -3183426, 162844, 1616392, 3014001, 810149, 1652634, -3694233, -1799107,
    -3038916, 3523897, 3866901, 269760, 2213111, -975884, 1717735, 472078,
    -426683, 1723600, -1803090, 1910376, -1667432, -1104333, -260646, -3833893,
    -2939036, -2235985, -420899, -2286327, 183443, -976891, 1612842, -3545687,
    -554416, 3919660, -48306, -1362209, 3937738, 1400424, -846154, 1976782,
};

int32_t pp_mldsa_mont_reduce(int64_t a)
{
    int32_t t = (int32_t)((uint32_t)(uint64_t)a * (uint32_t)QINV);
    return (int32_t)((a - (int64_t)t * Q) >> 32);
}

static int32_t reduce32(int32_t a)
{
    int32_t t = (a + (1 << 22)) >> 23;
    return a - t * Q;
}

void pp_mldsa_poly_reduce(pp_mldsa_poly *a)
{
    for (size_t i = 0; i < PP_MLDSA_N; i++) {
        a->c[i] = reduce32(a->c[i]);
    }
}

static int32_t caddq(int32_t a)
{
    return a + ((a >> 31) & Q);
}

void pp_mldsa_poly_caddq(pp_mldsa_poly *a)
{
    for (size_t i = 0; i < PP_MLDSA_N; i++) {
        a->c[i] = caddq(a->c[i]);
    }
}

void pp_mldsa_ntt(pp_mldsa_poly *a)
{
    size_t k = 0;
    for (size_t len = 128; len > 0; len >>= 1) {
        for (size_t start = 0; start < PP_MLDSA_N; start += 2 * len) {
            int64_t zeta = zetas[++k];
            for (size_t j = start; j < start + len; j++) {
                int32_t t = pp_mldsa_mont_reduce(zeta * a->c[j + len]);
                a->c[j + len] = a->c[j] - t;
                a->c[j] = a->c[j] + t;
            }
        }
    }
}

void pp_mldsa_invntt(pp_mldsa_poly *a)
{
    size_t k = PP_MLDSA_N;
    for (size_t len = 1; len < PP_MLDSA_N; len <<= 1) {
        for (size_t start = 0; start < PP_MLDSA_N; start += 2 * len) {
            int64_t zeta = -(int64_t)zetas[--k];
            for (size_t j = start; j < start + len; j++) {
                int32_t t = a->c[j];
                a->c[j] = t + a->c[j + len];
                a->c[j + len] = pp_mldsa_mont_reduce(zeta * (t - a->c[j + len]));
            }
        }
    }
    for (size_t j = 0; j < PP_MLDSA_N; j++) {
        a->c[j] = pp_mldsa_mont_reduce((int64_t)INV_F * a->c[j]);
    }
}

void pp_mldsa_poly_mul_acc(pp_mldsa_poly *acc, const pp_mldsa_poly *a, const pp_mldsa_poly *b,
                           int first)
{
    for (size_t i = 0; i < PP_MLDSA_N; i++) {
        int32_t p = pp_mldsa_mont_reduce((int64_t)a->c[i] * b->c[i]);
        acc->c[i] = first ? p : acc->c[i] + p;
    }
}

void pp_mldsa_poly_add(pp_mldsa_poly *r, const pp_mldsa_poly *a)
{
    for (size_t i = 0; i < PP_MLDSA_N; i++) {
        r->c[i] += a->c[i];
    }
}

void pp_mldsa_poly_sub(pp_mldsa_poly *r, const pp_mldsa_poly *a)
{
    for (size_t i = 0; i < PP_MLDSA_N; i++) {
        r->c[i] -= a->c[i];
    }
}

void pp_mldsa_poly_shift_d(pp_mldsa_poly *a)
{
    for (size_t i = 0; i < PP_MLDSA_N; i++) {
        a->c[i] = (int32_t)((uint32_t)a->c[i] << PP_MLDSA_D);
    }
}

void pp_mldsa_power2round(pp_mldsa_poly *a1, pp_mldsa_poly *a0, const pp_mldsa_poly *a)
{
    for (size_t i = 0; i < PP_MLDSA_N; i++) {
        /* r1 = round(r / 2^d) with ties down, so r0 lands in (-2^12, 2^12]. */
        int32_t r1 = (a->c[i] + (1 << (PP_MLDSA_D - 1)) - 1) >> PP_MLDSA_D;
        a0->c[i] = a->c[i] - (r1 << PP_MLDSA_D);
        a1->c[i] = r1;
    }
}

int32_t pp_mldsa_decompose(int32_t *r0, int32_t a, int32_t gamma2)
{
    /* r1 = round(a / (2 gamma2)) by multiply and shift: a1 = ceil(a / 128),
     * then times 2^k / (2 gamma2 / 128) rounded (1025 / 2^22 for 2 gamma2
     * = 2^9 * 1023, 11275 / 2^24 for 2 gamma2 = 2^8 * 744); the exact
     * cases of Alg. 36 hold for every a in [0, q) (checked exhaustively
     * in test_mldsa). The top value (q - 1) / (2 gamma2) wraps to 0, with
     * r0 taken one lower (Alg. 36 step 3). */
    int32_t a1 = (a + 127) >> 7;
    int32_t d;
    if (gamma2 == (Q - 1) / 32) {
        a1 = (a1 * 1025 + (1 << 21)) >> 22;
        a1 &= 15;
    } else {
        a1 = (a1 * 11275 + (1 << 23)) >> 24;
        a1 ^= ((43 - a1) >> 31) & a1;
    }
    d = a - a1 * 2 * gamma2;
    d -= (((Q - 1) / 2 - d) >> 31) & Q;
    *r0 = d;
    return a1;
}

int32_t pp_mldsa_use_hint(int32_t a, unsigned h, int32_t gamma2)
{
    int32_t r0;
    int32_t r1 = pp_mldsa_decompose(&r0, a, gamma2);
    int32_t m = (Q - 1) / (2 * gamma2);
    if (h == 0) {
        return r1;
    }
    if (r0 > 0) {
        return r1 + 1 == m ? 0 : r1 + 1;
    }
    return r1 == 0 ? m - 1 : r1 - 1;
}

uint32_t pp_mldsa_poly_exceeds(const pp_mldsa_poly *a, int32_t bound)
{
    uint32_t bad = 0;
    for (size_t i = 0; i < PP_MLDSA_N; i++) {
        int32_t s = a->c[i] >> 31;
        int32_t abs = (a->c[i] ^ s) - s;
        bad |= (uint32_t)((bound - 1 - abs) >> 31);
    }
    return pp_ct_barrier_u32(0u - (bad & 1u));
}

void pp_mldsa_pack(uint8_t *out, const pp_mldsa_poly *a, unsigned bits, int32_t off, int neg)
{
    uint64_t acc = 0;
    unsigned have = 0;
    uint32_t mask = (1u << bits) - 1u;
    size_t o = 0;
    for (size_t i = 0; i < PP_MLDSA_N; i++) {
        uint32_t v = (uint32_t)(neg ? off - a->c[i] : a->c[i]) & mask;
        acc |= (uint64_t)v << have;
        have += bits;
        while (have >= 8) {
            out[o++] = (uint8_t)acc;
            acc >>= 8;
            have -= 8;
        }
    }
}

void pp_mldsa_unpack(pp_mldsa_poly *a, const uint8_t *in, unsigned bits, int32_t off, int neg)
{
    uint64_t acc = 0;
    unsigned have = 0;
    uint32_t mask = (1u << bits) - 1u;
    size_t o = 0;
    for (size_t i = 0; i < PP_MLDSA_N; i++) {
        int32_t v;
        while (have < bits) {
            acc |= (uint64_t)in[o++] << have;
            have += 8;
        }
        v = (int32_t)((uint32_t)acc & mask);
        acc >>= bits;
        have -= bits;
        a->c[i] = neg ? off - v : v;
    }
}

#else
typedef int pp_mldsa_poly_unused_t;
#endif
