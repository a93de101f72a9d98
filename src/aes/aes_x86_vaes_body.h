/*
 * aes_x86_vaes_body.h -- the VAES bodies of the parallel modes, written
 * once for a vector of L blocks and included by aes_x86_vaes.c for each
 * width (see there and aes_hw.h for the contract: nblocks a multiple of
 * 16, round keys as pp_aes_hw_set_key lays them out, in == out allowed,
 * no branch or index on a secret).
 *
 * The includer defines V (the vector type), L (blocks per vector, 2 or 4),
 * NV (16 / L vectors per group), VLOAD / VSTORE (unaligned), VXOR, VENC,
 * VENCL, VDEC, VDECL (the round instructions on every 128-bit lane),
 * VSHUF8 (PSHUFB within each lane), FN(name) (the function name), TARGET,
 * and the helpers vbkey (a round key in every lane), vbcast (an __m128i
 * in every lane), vlanes_inc (lane j: (j, 0)), vctr_add (128-bit add of a
 * (k, 0) per lane, k < 2^63, carried by arithmetic), vmulx (every lane
 * times x^s in GF(2^128), s <= 16), vfirst_prev (lanes: a block, then
 * in[0 .. L-2]) and vlane0 (lane 0 as an __m128i).
 *
 * One group is 16 blocks: NV independent vectors, so each round issues NV
 * VAES instructions back to back (their latency is 3 to 5 cycles, two
 * issue per cycle on Zen 3/4 and Ice Lake: 16 blocks keep the units busy).
 */

/* Every loop over the NV vectors is unrolled, so that the vectors live in
 * registers (an array indexed in a loop would stay in memory at -O2). */
#define PP_UNROLL _Pragma("GCC unroll 8")

/* All nr rounds on b[0 .. NV) with schedule s (FIPS 197 5.1 / 5.3.5). */
#define VROUNDS(s, nr, OP, LAST)                                          \
    do {                                                                  \
        unsigned r_, j_;                                                  \
        V key_ = vbkey(s);                                                \
        PP_UNROLL for (j_ = 0; j_ < NV; j_++) b[j_] = VXOR(b[j_], key_);            \
        for (r_ = 1; r_ < (nr); r_++) {                                   \
            key_ = vbkey((s) + 16u * r_);                                 \
            PP_UNROLL for (j_ = 0; j_ < NV; j_++) b[j_] = OP(b[j_], key_);          \
        }                                                                 \
        key_ = vbkey((s) + 16u * (nr));                                   \
        PP_UNROLL for (j_ = 0; j_ < NV; j_++) b[j_] = LAST(b[j_], key_);            \
    } while (0)

/* SP 800-38A 6.1. */
TARGET void FN(ecb)(const pp_aes_key *k, const uint8_t *in, uint8_t *out, size_t nblocks,
                    int encrypt)
{
    const uint8_t *s = (const uint8_t *)k->rk + (encrypt ? 0u : PP_AES_HW_DEC_OFFSET);
    unsigned nr = k->rounds, j;
    V b[NV];
    for (; nblocks != 0; nblocks -= 16, in += 256, out += 256) {
        PP_UNROLL
        for (j = 0; j < NV; j++) b[j] = VLOAD(in + 16u * L * j);
        if (encrypt) {
            VROUNDS(s, nr, VENC, VENCL);
        } else {
            VROUNDS(s, nr, VDEC, VDECL);
        }
        PP_UNROLL
        for (j = 0; j < NV; j++) VSTORE(out + 16u * L * j, b[j]);
    }
}

/* SP 800-38A 6.5: lane i of vector j holds counter n + L*j + i as (lo, hi)
 * 64-bit words, byte-reversed into the big-endian counter block. */
TARGET void FN(ctr)(const pp_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                    size_t nblocks)
{
    const uint8_t *rk = (const uint8_t *)k->rk;
    const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const V vrev = vbcast(rev);
    unsigned nr = k->rounds, j;
    V base = vctr_add(vbcast(_mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)ctr),
                                              rev)),
                      vlanes_inc());
    V b[NV];
    for (; nblocks != 0; nblocks -= 16, in += 256, out += 256) {
        b[0] = VSHUF8(base, vrev);
        PP_UNROLL
        for (j = 1; j < NV; j++) {
            V add = vbcast(_mm_set_epi64x(0, (long long)(L * j)));
            b[j] = VSHUF8(vctr_add(base, add), vrev);
        }
        base = vctr_add(base, vbcast(_mm_set_epi64x(0, 16)));
        VROUNDS(rk, nr, VENC, VENCL);
        PP_UNROLL
        for (j = 0; j < NV; j++) b[j] = VXOR(b[j], VLOAD(in + 16u * L * j));
        PP_UNROLL
        for (j = 0; j < NV; j++) VSTORE(out + 16u * L * j, b[j]);
    }
    _mm_storeu_si128((__m128i *)(void *)ctr, _mm_shuffle_epi8(vlane0(base), rev));
}

/* SP 800-38A 6.2: P_i = D(C_i) ^ C_{i-1}. The previous blocks of vector j
 * are an unaligned load 16 bytes before it (vector 0: the chaining block
 * and the first L-1 blocks); stores go from the last vector to the first
 * so that with in == out every C is read before its P replaces it. */
TARGET void FN(cbc_decrypt)(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                            uint8_t *out, size_t nblocks)
{
    const uint8_t *dk = (const uint8_t *)k->rk + PP_AES_HW_DEC_OFFSET;
    unsigned nr = k->rounds, j;
    __m128i prev = _mm_loadu_si128((const __m128i *)(const void *)iv), last;
    V b[NV];
    for (; nblocks != 0; nblocks -= 16, in += 256, out += 256) {
        PP_UNROLL
        for (j = 0; j < NV; j++) b[j] = VLOAD(in + 16u * L * j);
        last = _mm_loadu_si128((const __m128i *)(const void *)(in + 240));
        VROUNDS(dk, nr, VDEC, VDECL);
        PP_UNROLL
        for (j = NV - 1u; j > 0; j--) {
            VSTORE(out + 16u * L * j, VXOR(b[j], VLOAD(in + 16u * L * j - 16u)));
        }
        VSTORE(out, VXOR(b[0], vfirst_prev(prev, in)));
        prev = last;
    }
    _mm_storeu_si128((__m128i *)(void *)iv, prev);
}

/* IEEE 1619-2007 5.3.1 / 5.4.1: lane i of vector j gets the tweak
 * T * alpha^(L*j + i); all NV vectors come from the group's first by
 * independent multiplications by x^(L*j), the next group's by x^16. */
TARGET void FN(xts)(const pp_aes_key *k, uint8_t tweak[16], const uint8_t *in, uint8_t *out,
                    size_t nblocks, int encrypt)
{
    const uint8_t *s = (const uint8_t *)k->rk + (encrypt ? 0u : PP_AES_HW_DEC_OFFSET);
    unsigned nr = k->rounds, j;
    V w0 = vxts_first(_mm_loadu_si128((const __m128i *)(const void *)tweak));
    V b[NV], w[NV];
    for (; nblocks != 0; nblocks -= 16, in += 256, out += 256) {
        w[0] = w0;
        PP_UNROLL
        for (j = 1; j < NV; j++) w[j] = vmulx(w0, (int)(L * j));
        w0 = vmulx(w0, 16);
        PP_UNROLL
        for (j = 0; j < NV; j++) b[j] = VXOR(VLOAD(in + 16u * L * j), w[j]);
        if (encrypt) {
            VROUNDS(s, nr, VENC, VENCL);
        } else {
            VROUNDS(s, nr, VDEC, VDECL);
        }
        PP_UNROLL
        for (j = 0; j < NV; j++) VSTORE(out + 16u * L * j, VXOR(b[j], w[j]));
    }
    _mm_storeu_si128((__m128i *)(void *)tweak, vlane0(w0));
}

#undef VROUNDS
#undef PP_UNROLL
