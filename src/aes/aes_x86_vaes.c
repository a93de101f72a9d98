/*
 * aes_x86_vaes.c -- the parallel AES modes (ECB, CTR, CBC decryption, XTS)
 * with VAES, at two widths: ymm (VAES + AVX2, 2 blocks per instruction)
 * and zmm (VAES + AVX512F/VL/BW, 4 blocks), see aes_hw.h. VAES is AESENC
 * and its kin applied to every 128-bit lane (Intel SDM vol. 2, "VAESENC";
 * CPUID leaf 7 ECX bit 9). One body (aes_x86_vaes_body.h) is instantiated
 * per width; only these functions carry the target attributes, and
 * aes_x86.c calls them only at the width pp_aes_hw_level() reports.
 *
 * Constant time: VAESENC/VAESDEC, like AESENC, take the same time for every
 * operand; the counter is carried by compares and subtractions (AVX2) or
 * mask operations (AVX-512), the XTS tweak multiplied by shifts and XORs:
 * no branch or index on the key, the data, the counter or the tweak.
 */
#include "aes/aes_hw.h"

#if PP_AES_HW_X86

#include <immintrin.h>
#include <wmmintrin.h>

#define LOAD128(p) _mm_loadu_si128((const __m128i *)(const void *)(p))

/* t * alpha (IEEE 1619-2007 5.2), the 128-bit little-endian integer of
 * the register: the AES-NI file's doubling, for the first lanes. */
__attribute__((target("sse4.1"))) static __m128i xts_alpha(__m128i t)
{
    __m128i tops = _mm_shuffle_epi32(_mm_srai_epi32(t, 31), _MM_SHUFFLE(0, 1, 0, 3));
    return _mm_xor_si128(_mm_slli_epi64(t, 1), _mm_and_si128(tops, _mm_set_epi32(0, 1, 0, 0x87)));
}

/* ---- ymm: VAES + AVX2 --------------------------------------------------- */

#define TARGET __attribute__((target("aes,vaes,avx2")))
#define V __m256i
#define L 2u
#define NV 8u
#define VLOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define VSTORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define VXOR _mm256_xor_si256
#define VENC _mm256_aesenc_epi128
#define VENCL _mm256_aesenclast_epi128
#define VDEC _mm256_aesdec_epi128
#define VDECL _mm256_aesdeclast_epi128
#define VSHUF8 _mm256_shuffle_epi8
#define FN(name) pp_aes_vaes256_##name

TARGET static V vbcast(__m128i x)
{
    return _mm256_broadcastsi128_si256(x);
}

TARGET static V vbkey(const uint8_t *p)
{
    return _mm256_broadcastsi128_si256(LOAD128(p));
}

TARGET static __m128i vlane0(V v)
{
    return _mm256_castsi256_si128(v);
}

TARGET static V vlanes_inc(void)
{
    return _mm256_set_epi64x(0, 1, 0, 0);
}

/* n + add per lane; add = (k, 0), k < 2^63: the low word wrapped iff it
 * became smaller (unsigned; PCMPGTQ is signed, so both sides have their
 * top bit flipped), and then the high word gains one. */
TARGET static V vctr_add(V n, V add)
{
    const V sign = _mm256_set1_epi64x(-0x7fffffffffffffffll - 1);
    V sum = _mm256_add_epi64(n, add);
    V wrapped = _mm256_cmpgt_epi64(_mm256_xor_si256(n, sign), _mm256_xor_si256(sum, sign));
    return _mm256_sub_epi64(sum, _mm256_bslli_epi128(wrapped, 8));
}

/* Every lane t (lo, hi) times x^s mod x^128 + x^7 + x^2 + x + 1, s <= 16:
 * shift left by s; the s bits leaving lo enter hi, the s bits c leaving hi
 * come back into lo as c * 0x87 (below 2^24: no carry out of the word). */
TARGET static V vmulx(V t, int s)
{
    V top = _mm256_srl_epi64(t, _mm_cvtsi32_si128(64 - s));
    V sw = _mm256_shuffle_epi32(top, 0x4e);
    V red = _mm256_xor_si256(_mm256_xor_si256(sw, _mm256_slli_epi64(sw, 1)),
                             _mm256_xor_si256(_mm256_slli_epi64(sw, 2), _mm256_slli_epi64(sw, 7)));
    return _mm256_xor_si256(_mm256_sll_epi64(t, _mm_cvtsi32_si128(s)),
                            _mm256_blend_epi32(sw, red, 0x33));
}

TARGET static V vxts_first(__m128i t)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(t), xts_alpha(t), 1);
}

TARGET static V vfirst_prev(__m128i prev, const uint8_t *in)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(prev), LOAD128(in), 1);
}

#include "aes/aes_x86_vaes_body.h"

#undef TARGET
#undef V
#undef L
#undef NV
#undef VLOAD
#undef VSTORE
#undef VXOR
#undef VENC
#undef VENCL
#undef VDEC
#undef VDECL
#undef VSHUF8
#undef FN

/* ---- zmm: VAES + AVX512F/VL/BW ------------------------------------------ */

#define TARGET __attribute__((target("aes,vaes,avx2,avx512f,avx512vl,avx512bw")))
#define V __m512i
#define L 4u
#define NV 4u
#define VLOAD(p) _mm512_loadu_si512((const void *)(p))
#define VSTORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define VXOR _mm512_xor_si512
#define VENC _mm512_aesenc_epi128
#define VENCL _mm512_aesenclast_epi128
#define VDEC _mm512_aesdec_epi128
#define VDECL _mm512_aesdeclast_epi128
#define VSHUF8 _mm512_shuffle_epi8
#define FN(name) pp_aes_vaes512_##name

#define vbcast vbcast512
#define vbkey vbkey512
#define vlane0 vlane0_512
#define vlanes_inc vlanes_inc512
#define vctr_add vctr_add512
#define vmulx vmulx512
#define vxts_first vxts_first512
#define vfirst_prev vfirst_prev512

TARGET static V vbcast(__m128i x)
{
    return _mm512_broadcast_i32x4(x);
}

TARGET static V vbkey(const uint8_t *p)
{
    return _mm512_broadcast_i32x4(LOAD128(p));
}

TARGET static __m128i vlane0(V v)
{
    return _mm512_castsi512_si128(v);
}

TARGET static V vlanes_inc(void)
{
    return _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0);
}

/* As the ymm one, with an unsigned compare into a mask: a low word that
 * wrapped (the high words add 0 and never compare below) moves its mask
 * bit up to its high word, which gains one (minus all-ones). */
TARGET static V vctr_add(V n, V add)
{
    V sum = _mm512_add_epi64(n, add);
    __mmask8 wrapped = _mm512_cmplt_epu64_mask(sum, n);
    return _mm512_mask_sub_epi64(sum, (__mmask8)(wrapped << 1), sum, _mm512_set1_epi64(-1));
}

TARGET static V vmulx(V t, int s)
{
    V top = _mm512_srl_epi64(t, _mm_cvtsi32_si128(64 - s));
    V sw = _mm512_shuffle_epi32(top, (_MM_PERM_ENUM)0x4e);
    V red = _mm512_xor_si512(_mm512_xor_si512(sw, _mm512_slli_epi64(sw, 1)),
                             _mm512_xor_si512(_mm512_slli_epi64(sw, 2), _mm512_slli_epi64(sw, 7)));
    return _mm512_xor_si512(_mm512_sll_epi64(t, _mm_cvtsi32_si128(s)),
                            _mm512_mask_blend_epi64(0x55, sw, red));
}

TARGET static V vxts_first(__m128i t)
{
    __m128i t1 = xts_alpha(t), t2 = xts_alpha(t1), t3 = xts_alpha(t2);
    V v = _mm512_castsi128_si512(t);
    v = _mm512_inserti32x4(v, t1, 1);
    v = _mm512_inserti32x4(v, t2, 2);
    return _mm512_inserti32x4(v, t3, 3);
}

/* (prev, C0, C1, C2): the four blocks at in, shifted up one lane with prev
 * (in lane 3 of the broadcast) shifted in below. */
TARGET static V vfirst_prev(__m128i prev, const uint8_t *in)
{
    return _mm512_alignr_epi64(VLOAD(in), _mm512_broadcast_i32x4(prev), 6);
}

#include "aes/aes_x86_vaes_body.h"

#else
/* ISO C forbids an empty translation unit. */
typedef int pp_aes_x86_vaes_unused;
#endif /* PP_AES_HW_X86 */
