/*
 * mlkem.c -- ML-KEM (FIPS 203): K-PKE (section 5) and the internal KEM
 * algorithms (section 6) with the input checks of section 7 (mlkem.h).
 *
 * Hash functions (FIPS 203 4.1): H = SHA3-256, G = SHA3-512, J = SHAKE256
 * with 32 output bytes, XOF = SHAKE128; PRF is in pp_mlkem_cbd_add.
 */
#include "mlkem/mlkem.h"

#include <string.h>

#include "common/pp_util.h"
#include "hash/sha3.h"
#include "mlkem/mlkem_poly.h"

#define POLY PP_MLKEM_POLY_BYTES
#define ETA2 2u
/* SampleNTT squeezes its stream 24 bytes (eight 3-byte groups) at a time:
 * the stream does not depend on the split, and a small buffer keeps the
 * frame small. 24 divides the SHAKE128 rate (168), so each squeeze is
 * whole 8-byte lanes of one block. */
#define XOF_CHUNK 24

/* The big frames (encryption's and decryption's two polynomials, J's
 * sponge) are kept out of their callers so they do not add up. */
#if defined(__GNUC__)
#define MLKEM_NOINLINE __attribute__((noinline))
#else
#define MLKEM_NOINLINE
#endif

/* FIPS 203 Table 2. */
const pp_mlkem_params pp_mlkem_512 = {2, 3, 10, 4};
const pp_mlkem_params pp_mlkem_768 = {3, 2, 10, 4};
const pp_mlkem_params pp_mlkem_1024 = {4, 2, 11, 5};

const pp_mlkem_params *pp_mlkem_params_for(unsigned level)
{
    switch (level) {
    case 512:
        return &pp_mlkem_512;
    case 768:
        return &pp_mlkem_768;
    case 1024:
        return &pp_mlkem_1024;
    default:
        return NULL;
    }
}

static int params_ok(const pp_mlkem_params *p)
{
    return p == &pp_mlkem_512 || p == &pp_mlkem_768 || p == &pp_mlkem_1024;
}

size_t pp_mlkem_ek_bytes(const pp_mlkem_params *p)
{
    return params_ok(p) ? PP_MLKEM_EK_BYTES(p->k) : 0;
}

size_t pp_mlkem_dk_bytes(const pp_mlkem_params *p)
{
    return params_ok(p) ? PP_MLKEM_DK_BYTES(p->k) : 0;
}

size_t pp_mlkem_ct_bytes(const pp_mlkem_params *p)
{
    return params_ok(p) ? PP_MLKEM_CT_BYTES_DU_DV(p->k, p->du, p->dv) : 0;
}

/*
 * acc += A-entry o b (MultiplyNTTs, times R^-1) where the A-entry is
 * SampleNTT(rho || x || y) (Alg. 7) and b is given as coefficients
 * (b_poly) or ByteEncode_12-packed (b_packed, when b_poly is NULL). The
 * entry is never stored: each coefficient pair goes into the base
 * multiplication as soon as the rejection sampler has produced it. The
 * rejections depend on rho only (public).
 */
static void matacc(int16_t acc[PP_MLKEM_N], const uint8_t rho[32], uint8_t x, uint8_t y,
                   const int16_t *b_poly, const uint8_t *b_packed)
{
    pp_keccak_ctx xof;
    uint8_t buf[XOF_CHUNK];
    uint8_t idx[2];
    int16_t a0 = 0;
    unsigned have = 0, i = 0;

    idx[0] = x;
    idx[1] = y;
    (void)pp_shake_init(&xof, 128);
    pp_keccak_absorb(&xof, rho, 32);
    pp_keccak_absorb(&xof, idx, 2);
    while (i < PP_MLKEM_N / 2) {
        pp_shake_squeeze(&xof, buf, sizeof(buf));
        for (unsigned pos = 0; pos < sizeof(buf) && i < PP_MLKEM_N / 2; pos += 3) {
            uint16_t d[2];
            d[0] = (uint16_t)(buf[pos] | ((buf[pos + 1] & 0x0F) << 8));
            d[1] = (uint16_t)((buf[pos + 1] >> 4) | (buf[pos + 2] << 4));
            for (unsigned t = 0; t < 2 && i < PP_MLKEM_N / 2; t++) {
                if (d[t] >= PP_MLKEM_Q) {
                    continue;
                }
                if (!have) {
                    a0 = (int16_t)d[t];
                    have = 1;
                } else {
                    int16_t b0, b1;
                    if (b_poly != NULL) { /* which form is public */
                        b0 = b_poly[2 * i];
                        b1 = b_poly[2 * i + 1];
                    } else {
                        pp_mlkem_load_pair12(b_packed + 3 * i, &b0, &b1);
                    }
                    pp_mlkem_basemul_acc(acc + 2 * i, a0, (int16_t)d[t], b0, b1, i);
                    i++;
                    have = 0;
                }
            }
        }
    }
}

/* Where K-PKE.Encrypt puts its ciphertext: stored to out, or (out NULL)
 * compared with cmp, the differences OR-ed into diff (decaps's
 * re-encryption check without a second ciphertext buffer). */
typedef struct {
    uint8_t *out;
    const uint8_t *cmp;
    uint32_t diff;
} ct_sink;

static void sink_put(ct_sink *s, const uint8_t *bytes, size_t n)
{
    if (s->out != NULL) { /* the mode is public */
        memcpy(s->out, bytes, n);
        s->out += n;
    } else {
        for (size_t i = 0; i < n; i++) {
            s->diff |= (uint32_t)(bytes[i] ^ s->cmp[i]);
        }
        s->cmp += n;
    }
}

/* ByteEncode_d(Compress_d(f)) of f in [0, q) into the sink. */
static void put_compressed(ct_sink *s, const int16_t f[PP_MLKEM_N], unsigned d)
{
    uint8_t tmp[12];
    uint16_t v[8];
    for (unsigned i = 0; i < PP_MLKEM_N; i += 8) {
        for (unsigned j = 0; j < 8; j++) {
            v[j] = pp_mlkem_compress(f[i + j], d);
        }
        pp_mlkem_encode8(tmp, v, d);
        sink_put(s, tmp, d);
    }
    pp_wipe(v, sizeof(v));
    pp_wipe(tmp, sizeof(tmp));
}

/* y is kept as it is sampled, before the NTT: its coefficients lie in
 * [-eta1, eta1], eta1 <= 3, so y_i + 3 fits ByteEncode_3 (96 bytes a
 * polynomial instead of 384 for y-hat), and NTT(y_j) is recomputed where it
 * is used (k + 1 times): a smaller frame for k^2 extra NTTs. */
#define YPACK_D 3
#define YPACK_BYTES (32 * YPACK_D)

static void y_pack(uint8_t out[YPACK_BYTES], const int16_t f[PP_MLKEM_N])
{
    uint16_t v[8];
    for (unsigned g = 0; g < PP_MLKEM_N / 8; g++) {
        for (unsigned j = 0; j < 8; j++) {
            v[j] = (uint16_t)(f[8 * g + j] + 3);
        }
        pp_mlkem_encode8(out + YPACK_D * g, v, YPACK_D);
    }
    pp_wipe(v, sizeof(v));
}

/* f = NTT(y_j), reduced to [-(q-1)/2, (q-1)/2]. */
static void y_hat(int16_t f[PP_MLKEM_N], const uint8_t in[YPACK_BYTES])
{
    uint16_t v[8];
    for (unsigned g = 0; g < PP_MLKEM_N / 8; g++) {
        pp_mlkem_decode8(v, in + YPACK_D * g, YPACK_D);
        for (unsigned j = 0; j < 8; j++) {
            f[8 * g + j] = (int16_t)((int16_t)v[j] - 3);
        }
    }
    pp_wipe(v, sizeof(v));
    pp_mlkem_ntt(f);
}

/*
 * K-PKE.Encrypt (Alg. 14). u_i and v are computed one at a time in one
 * polynomial (acc), with NTT(y_j) in a second one. The nonces are those of
 * the algorithm: y_i gets i, e1_i gets k + i, e2 gets 2k.
 */
static MLKEM_NOINLINE void kpke_encrypt(const pp_mlkem_params *p, const uint8_t *ek,
                                        const uint8_t m[32], const uint8_t r[32], ct_sink *out)
{
    uint8_t y[4 * YPACK_BYTES];
    int16_t acc[PP_MLKEM_N], yj[PP_MLKEM_N];
    const unsigned k = p->k;
    const uint8_t *rho = ek + POLY * k;

    for (unsigned i = 0; i < k; i++) {
        memset(acc, 0, sizeof(acc));
        pp_mlkem_cbd_add(acc, p->eta1, r, (uint8_t)i);
        y_pack(y + YPACK_BYTES * i, acc);
    }
    /* u = NTT^-1(A-hat^T o y-hat) + e1; A-hat^T[i][j] = A-hat[j][i] is
     * SampleNTT(rho || i || j). */
    for (unsigned i = 0; i < k; i++) {
        memset(acc, 0, sizeof(acc));
        for (unsigned j = 0; j < k; j++) {
            y_hat(yj, y + YPACK_BYTES * j);
            matacc(acc, rho, (uint8_t)i, (uint8_t)j, yj, NULL);
        }
        pp_mlkem_invntt(acc);
        pp_mlkem_cbd_add(acc, ETA2, r, (uint8_t)(k + i));
        pp_mlkem_poly_freeze(acc);
        put_compressed(out, acc, p->du);
    }
    /* v = NTT^-1(t-hat^T o y-hat) + e2 + Decompress_1(m). */
    memset(acc, 0, sizeof(acc));
    for (unsigned j = 0; j < k; j++) {
        y_hat(yj, y + YPACK_BYTES * j);
        pp_mlkem_poly_basemul_acc(acc, yj, ek + POLY * j);
    }
    pp_mlkem_invntt(acc);
    pp_mlkem_cbd_add(acc, ETA2, r, (uint8_t)(2 * k));
    for (unsigned i = 0; i < PP_MLKEM_N; i++) {
        /* Decompress_1(bit) = bit * round(q / 2) = bit * 1665, by a mask. */
        uint32_t bit = (uint32_t)(m[i / 8] >> (i % 8)) & 1u;
        acc[i] = (int16_t)(acc[i] + (int16_t)((0u - bit) & 1665u));
    }
    pp_mlkem_poly_freeze(acc);
    put_compressed(out, acc, p->dv);
    pp_wipe(acc, sizeof(acc));
    pp_wipe(yj, sizeof(yj));
    pp_wipe(y, sizeof(y));
}

/*
 * K-PKE.Decrypt (Alg. 15): w = v' - NTT^-1(s-hat^T o NTT(u')), m =
 * ByteEncode_1(Compress_1(w)). s-hat is read packed from dk_pke.
 */
static MLKEM_NOINLINE void kpke_decrypt(const pp_mlkem_params *p, const uint8_t *dk_pke,
                                        const uint8_t *c, uint8_t m[32])
{
    int16_t w[PP_MLKEM_N], u[PP_MLKEM_N];
    uint16_t v[8];
    const unsigned k = p->k, du = p->du, dv = p->dv;
    const uint8_t *c2 = c + 32 * du * k;

    memset(w, 0, sizeof(w));
    for (unsigned i = 0; i < k; i++) {
        const uint8_t *ci = c + 32 * du * i;
        for (unsigned g = 0; g < PP_MLKEM_N / 8; g++) {
            pp_mlkem_decode8(v, ci + du * g, du);
            for (unsigned j = 0; j < 8; j++) {
                u[8 * g + j] = pp_mlkem_decompress(v[j], du);
            }
        }
        pp_mlkem_ntt(u);
        pp_mlkem_poly_basemul_acc(w, u, dk_pke + POLY * i);
    }
    pp_mlkem_invntt(w);
    /* Eight coefficients of v' make one byte of m. */
    for (unsigned g = 0; g < PP_MLKEM_N / 8; g++) {
        uint32_t byte = 0;
        pp_mlkem_decode8(v, c2 + dv * g, dv);
        for (unsigned j = 0; j < 8; j++) {
            int16_t t = (int16_t)(pp_mlkem_decompress(v[j], dv) - w[8 * g + j]);
            byte |= (uint32_t)pp_mlkem_compress(pp_mlkem_freeze(t), 1) << j;
        }
        m[g] = (uint8_t)byte;
    }
    pp_wipe(w, sizeof(w));
    pp_wipe(u, sizeof(u));
    pp_wipe(v, sizeof(v));
}

/* K-PKE.KeyGen (Alg. 13) from line 2 on, then the rest of Alg. 16. */
psa_status_t pp_mlkem_keygen_expanded(const pp_mlkem_params *p, const uint8_t rho[32],
                                      const uint8_t sigma[32], const uint8_t z[32], uint8_t *ek,
                                      uint8_t *dk)
{
    int16_t f[PP_MLKEM_N];
    unsigned k;

    if (!params_ok(p)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    k = p->k;
    /* s-hat = NTT(s), packed straight into dk_pke (nonces 0 .. k-1). */
    for (unsigned i = 0; i < k; i++) {
        memset(f, 0, sizeof(f));
        pp_mlkem_cbd_add(f, p->eta1, sigma, (uint8_t)i);
        pp_mlkem_ntt(f);
        pp_mlkem_poly_freeze(f);
        pp_mlkem_poly_tobytes(dk + POLY * i, f);
    }
    /* t-hat_i = sum_j A-hat[i][j] o s-hat_j + e-hat_i, A-hat[i][j] =
     * SampleNTT(rho || j || i). e-hat_i (nonce k + i) is taken times R^-1
     * first so that one multiplication by R at the end fixes both it and
     * the base multiplications. */
    for (unsigned i = 0; i < k; i++) {
        memset(f, 0, sizeof(f));
        pp_mlkem_cbd_add(f, p->eta1, sigma, (uint8_t)(k + i));
        pp_mlkem_ntt(f);
        pp_mlkem_poly_frommont(f);
        for (unsigned j = 0; j < k; j++) {
            matacc(f, rho, (uint8_t)j, (uint8_t)i, NULL, dk + POLY * j);
        }
        pp_mlkem_poly_tomont(f);
        pp_mlkem_poly_freeze(f);
        pp_mlkem_poly_tobytes(ek + POLY * i, f);
    }
    memcpy(ek + POLY * k, rho, 32);
    /* dk = dk_pke || ek || H(ek) || z; ek may already be dk's copy (the
     * PSA key buffer writes it in place, mlkem.h). */
    if (ek != dk + POLY * k) {
        memcpy(dk + POLY * k, ek, PP_MLKEM_EK_BYTES(k));
    }
    (void)pp_sha3(256, ek, PP_MLKEM_EK_BYTES(k), dk + 2 * POLY * k + 32);
    memcpy(dk + 2 * POLY * k + 64, z, 32);
    pp_wipe(f, sizeof(f));
    return PSA_SUCCESS;
}

/* ML-KEM.KeyGen_internal (Alg. 16) over K-PKE.KeyGen (Alg. 13). */
psa_status_t pp_mlkem_keygen_internal(const pp_mlkem_params *p, const uint8_t d[32],
                                      const uint8_t z[32], uint8_t *ek, uint8_t *dk)
{
    uint8_t seed[33], rs[64];
    psa_status_t st;

    if (!params_ok(p)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* (rho, sigma) = G(d || k): the rank byte separates the parameter sets. */
    memcpy(seed, d, 32);
    seed[32] = p->k;
    (void)pp_sha3(512, seed, sizeof(seed), rs);
    st = pp_mlkem_keygen_expanded(p, rs, rs + 32, z, ek, dk);
    pp_wipe(seed, sizeof(seed));
    pp_wipe(rs, sizeof(rs));
    return st;
}

psa_status_t pp_mlkem_keygen_seed(const pp_mlkem_params *p, const uint8_t *seed, size_t seed_len,
                                  uint8_t *ek, uint8_t *dk)
{
    if (seed_len != PP_MLKEM_SEED_BYTES) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return pp_mlkem_keygen_internal(p, seed, seed + 32, ek, dk);
}

/* FIPS 203 7.2: ek has 384 k + 32 bytes and ByteEncode_12(ByteDecode_12(
 * ek[0 : 384 k])) = ek[0 : 384 k], i.e. every 12-bit value is below q. */
psa_status_t pp_mlkem_check_ek(const pp_mlkem_params *p, const uint8_t *ek, size_t ek_len)
{
    uint32_t bad = 0;
    if (!params_ok(p) || ek_len != PP_MLKEM_EK_BYTES(p->k)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    for (size_t i = 0; i < POLY * (size_t)p->k; i += 3) {
        uint32_t x0 = (uint32_t)ek[i] | ((uint32_t)(ek[i + 1] & 0x0F) << 8);
        uint32_t x1 = (uint32_t)(ek[i + 1] >> 4) | ((uint32_t)ek[i + 2] << 4);
        bad |= ~pp_ct_mask_lt_u32(x0, PP_MLKEM_Q) | ~pp_ct_mask_lt_u32(x1, PP_MLKEM_Q);
    }
    return bad != 0 ? PSA_ERROR_INVALID_ARGUMENT : PSA_SUCCESS;
}

/* FIPS 203 7.3 (checks 2 and 3): dk has 768 k + 96 bytes and
 * H(dk[384 k : 768 k + 32]) = dk[768 k + 32 : 768 k + 64]. */
psa_status_t pp_mlkem_check_dk(const pp_mlkem_params *p, const uint8_t *dk, size_t dk_len)
{
    uint8_t h[32];
    int same;
    if (!params_ok(p) || dk_len != PP_MLKEM_DK_BYTES(p->k)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    (void)pp_sha3(256, dk + POLY * p->k, PP_MLKEM_EK_BYTES(p->k), h);
    same = pp_ct_memeq(h, dk + 2 * POLY * p->k + 32, 32);
    return same ? PSA_SUCCESS : PSA_ERROR_INVALID_ARGUMENT;
}

/* ML-KEM.Encaps_internal (Alg. 17): (K, r) = G(m || H(ek)), c =
 * K-PKE.Encrypt(ek, m, r). */
psa_status_t pp_mlkem_encaps_internal(const pp_mlkem_params *p, const uint8_t *ek, size_t ek_len,
                                      const uint8_t m[32], uint8_t K[32], uint8_t *c)
{
    uint8_t mh[64], kr[64];
    ct_sink sink;
    psa_status_t st = pp_mlkem_check_ek(p, ek, ek_len);
    if (st != PSA_SUCCESS) {
        return st;
    }
    memcpy(mh, m, 32);
    (void)pp_sha3(256, ek, ek_len, mh + 32);
    (void)pp_sha3(512, mh, sizeof(mh), kr);
    sink.out = c;
    sink.cmp = NULL;
    sink.diff = 0;
    kpke_encrypt(p, ek, mh, kr + 32, &sink);
    memcpy(K, kr, 32);
    pp_wipe(mh, sizeof(mh));
    pp_wipe(kr, sizeof(kr));
    return PSA_SUCCESS;
}

/* K-bar = J(z || c) = SHAKE256(z || c, 32 bytes) (FIPS 203 4.1, Alg. 18). */
static MLKEM_NOINLINE void kdf_j(const uint8_t z[32], const uint8_t *c, size_t c_len,
                                 uint8_t out[32])
{
    pp_keccak_ctx j;
    (void)pp_shake_init(&j, 256);
    pp_keccak_absorb(&j, z, 32);
    pp_keccak_absorb(&j, c, c_len);
    pp_shake_squeeze(&j, out, 32);
    pp_keccak_wipe(&j);
}

/* ML-KEM.Decaps_internal (Alg. 18) after the checks of 7.3. */
psa_status_t pp_mlkem_decaps(const pp_mlkem_params *p, const uint8_t *dk, size_t dk_len,
                             const uint8_t *c, size_t c_len, uint8_t K[32])
{
    uint8_t mh[64], kr[64], kbar[32];
    ct_sink sink;
    uint32_t ok;
    const uint8_t *ek, *h, *z;
    psa_status_t st = pp_mlkem_check_dk(p, dk, dk_len);

    if (st != PSA_SUCCESS) {
        return st;
    }
    if (c_len != pp_mlkem_ct_bytes(p)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    ek = dk + POLY * p->k;
    h = ek + PP_MLKEM_EK_BYTES(p->k);
    z = h + 32;
    /* m' = K-PKE.Decrypt(dk_pke, c); (K', r') = G(m' || h). */
    kpke_decrypt(p, dk, c, mh);
    memcpy(mh + 32, h, 32);
    (void)pp_sha3(512, mh, sizeof(mh), kr);
    kdf_j(z, c, c_len, kbar);
    /* c' = K-PKE.Encrypt(ek, m', r'), compared with c as it is produced. */
    sink.out = NULL;
    sink.cmp = c;
    sink.diff = 0;
    kpke_encrypt(p, ek, mh, kr + 32, &sink);
    /* K = (c == c') ? K' : K-bar, selected by a mask. */
    /* The mask itself through the barrier too: clang -O0/-Og knows a mask
     * is 0 or ~0 and made the select below a branch (ct_mlkem, debug). */
    ok = pp_ct_barrier_u32(pp_ct_mask_zero_u32(pp_ct_barrier_u32(sink.diff)));
    for (unsigned i = 0; i < 32; i++) {
        K[i] = (uint8_t)pp_ct_select_u32(ok, kr[i], kbar[i]);
    }
    pp_wipe(mh, sizeof(mh));
    pp_wipe(kr, sizeof(kr));
    pp_wipe(kbar, sizeof(kbar));
    pp_wipe(&sink, sizeof(sink));
    return PSA_SUCCESS;
}
