/*
 * ghash_x86.c -- GHASH (SP 800-38D 6.4) with PCLMULQDQ, see ghash.h.
 * Compiled for the baseline ISA: only these functions carry the target
 * attribute, and they run only when CPUID says so (the pattern of
 * src/aes/aes_x86.c).
 *
 * A block is byte-reversed into a register (PSHUFB) so the register holds
 * the big-endian integer of ghash.h; three PCLMULQDQ (Karatsuba) give the
 * 256-bit product. Eight blocks are absorbed per reduction:
 *   Y' = (Y + X1) H^8 + X2 H^7 + ... + X8 H,
 * the unreduced products summed (reduction is linear), so the eight
 * multiplications are independent and overlap in the pipeline; only the
 * first waits for the previous Y, and the reduction is paid once per
 * 128 bytes.
 */
#include "aead/ghash.h"

#if PP_GHASH_HW_X86

#include <immintrin.h>
#include <wmmintrin.h>

#include "aes/aes_hw.h"
#include "common/pp_cpu_x86.h"
#include "common/pp_util.h"

#define PP_GHASH_TARGET __attribute__((target("pclmul,ssse3")))
/* The small helpers below are inlined into every caller (a call per
 * reduction cost a sixth of a 64-byte GCM message). */
#define PP_GHASH_INLINE static inline __attribute__((always_inline))

/* The CPU answer and the test switch in one word, so one relaxed atomic
 * load serves each query: READ once the CPU was asked (pp_x86_features),
 * HAVE when it has PCLMULQDQ and SSSE3 (for PSHUFB), OFF after
 * pp_ghash_hw_restrict(0). */
#define HW_READ 1
#define HW_HAVE 2
#define HW_OFF 4
static int hw_flags;

static int cpu_has_pclmul(void)
{
    unsigned need = PP_X86_PCLMUL | PP_X86_SSSE3;
    return (pp_x86_features() & need) == need;
}

int pp_ghash_hw_available(void)
{
    int f = __atomic_load_n(&hw_flags, __ATOMIC_RELAXED);
    if ((f & HW_READ) == 0) {
        int have = cpu_has_pclmul() ? HW_HAVE | HW_READ : HW_READ;
        f = __atomic_or_fetch(&hw_flags, have, __ATOMIC_RELAXED);
    }
    return (f & (HW_HAVE | HW_OFF)) == HW_HAVE;
}

void pp_ghash_hw_restrict(int allow)
{
    if (allow) {
        __atomic_and_fetch(&hw_flags, ~HW_OFF, __ATOMIC_RELAXED);
    } else {
        __atomic_or_fetch(&hw_flags, HW_OFF, __ATOMIC_RELAXED);
    }
}

#define LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
/* A uint64_t[2] pair (word 0 most significant) in memory is the register
 * with its two lanes swapped. */
#define SWAP64(v) _mm_shuffle_epi32((v), 0x4e)

/* A data block as the big-endian integer: bytes reversed. */
PP_GHASH_TARGET PP_GHASH_INLINE __m128i load_block(const uint8_t *p)
{
    const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    return _mm_shuffle_epi8(LOADU(p), rev);
}

/* The running 256-bit sum of products, Karatsuba parts kept apart. */
typedef struct {
    __m128i lo, hi, mid;
} acc256;

/* acc += a * b; bk = b ^ swap(b), the Karatsuba middle operand of b. */
PP_GHASH_TARGET PP_GHASH_INLINE void mul_acc(acc256 *acc, __m128i a, __m128i b, __m128i bk)
{
    __m128i ak = _mm_xor_si128(a, SWAP64(a));
    acc->lo = _mm_xor_si128(acc->lo, _mm_clmulepi64_si128(a, b, 0x00));
    acc->hi = _mm_xor_si128(acc->hi, _mm_clmulepi64_si128(a, b, 0x11));
    acc->mid = _mm_xor_si128(acc->mid, _mm_clmulepi64_si128(ak, bk, 0x00));
}

/* The product hi:lo + mid * 2^64 reduced (ghash_ct64.c, reduce(), explains
 * the shifts): shift the 256-bit value left by one, then fold its low half
 * (degrees 128..255) onto the high half, lane by lane. */
PP_GHASH_TARGET PP_GHASH_INLINE __m128i reduce3(__m128i lo, __m128i hi, __m128i mid)
{
    __m128i clo, chi, t;

    lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
    hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
    clo = _mm_srli_epi64(lo, 63);
    chi = _mm_srli_epi64(hi, 63);

    hi = _mm_or_si128(_mm_or_si128(_mm_slli_epi64(hi, 1), _mm_slli_si128(chi, 8)),
                      _mm_srli_si128(clo, 8));
    lo = _mm_or_si128(_mm_slli_epi64(lo, 1), _mm_slli_si128(clo, 8));
    /* The bits each lane pushes into the lane above: w0's into w1, w1's
     * into w2 (the low lane of hi). */
    t = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(lo, 63), _mm_slli_epi64(lo, 62)),
                      _mm_slli_epi64(lo, 57));
    lo = _mm_xor_si128(lo, _mm_slli_si128(t, 8));
    hi = _mm_xor_si128(hi, _mm_srli_si128(t, 8));
    /* w1' onto w3 and w0 onto w2, with the factors 1, x, x^2, x^7. */
    t = _mm_xor_si128(_mm_xor_si128(lo, _mm_srli_epi64(lo, 1)),
                      _mm_xor_si128(_mm_srli_epi64(lo, 2), _mm_srli_epi64(lo, 7)));
    return _mm_xor_si128(hi, t);
}

/* The Karatsuba sum: its middle term is (a^a')(b^b') - lo - hi. */
PP_GHASH_TARGET PP_GHASH_INLINE __m128i reduce(const acc256 *acc)
{
    return reduce3(acc->lo, acc->hi, _mm_xor_si128(acc->mid, _mm_xor_si128(acc->lo, acc->hi)));
}

PP_GHASH_TARGET PP_GHASH_INLINE __m128i mul1(__m128i a, __m128i b)
{
    acc256 acc;
    acc.lo = acc.hi = acc.mid = _mm_setzero_si128();
    mul_acc(&acc, a, b, _mm_xor_si128(b, SWAP64(b)));
    return reduce(&acc);
}

/* Short messages need few powers, so a key starts with H^2 .. H^4 (two
 * dependent multiplications: H^2, then H^3 and H^4 from it; hw = 1) and
 * gains H^5 .. H^8 = H^4 * (H .. H^4), four independent products, when a
 * call first needs eight (hw = 2). Which powers exist is public. */
PP_GHASH_TARGET void pp_ghash_x86_powers4(pp_ghash_key *k)
{
    __m128i h = SWAP64(LOADU(k->h[0])), h2 = mul1(h, h);
    STOREU(k->h[1], SWAP64(h2));
    STOREU(k->h[2], SWAP64(mul1(h2, h)));
    STOREU(k->h[3], SWAP64(mul1(h2, h2)));
    k->hw = 1;
}

PP_GHASH_TARGET void pp_ghash_x86_complete(pp_ghash_key *k)
{
    if (k->hw == 1u) {
        __m128i h4 = SWAP64(LOADU(k->h[3]));
        unsigned i;
        for (i = 4; i < 8; i++) {
            STOREU(k->h[i], SWAP64(mul1(SWAP64(LOADU(k->h[i - 4u])), h4)));
        }
        k->hw = 2;
    }
}

PP_GHASH_TARGET void pp_ghash_x86_powers(pp_ghash_key *k)
{
    pp_ghash_x86_powers4(k);
    pp_ghash_x86_complete(k);
}

PP_GHASH_TARGET
void pp_ghash_x86_blocks(const pp_ghash_key *k, uint64_t y[2], const uint8_t *in, size_t nblocks)
{
    __m128i acc_y = SWAP64(LOADU(y));
    acc256 acc;
    unsigned i;

    if (nblocks >= 8 && k->hw >= 2u) {
        /* hp[i] = H^(8-i) and its Karatsuba operand, in the order used. */
        __m128i hp[8], hk[8];
        for (i = 0; i < 8; i++) {
            hp[i] = SWAP64(LOADU(k->h[7u - i]));
            hk[i] = _mm_xor_si128(hp[i], SWAP64(hp[i]));
        }
        while (nblocks >= 8) {
            acc.lo = acc.hi = acc.mid = _mm_setzero_si128();
            mul_acc(&acc, _mm_xor_si128(acc_y, load_block(in)), hp[0], hk[0]);
            for (i = 1; i < 8; i++) {
                mul_acc(&acc, load_block(in + 16u * i), hp[i], hk[i]);
            }
            acc_y = reduce(&acc);
            in += 128;
            nblocks -= 8;
        }
    }
    /* Only H .. H^4 (hw = 1): four blocks per reduction. */
    while (nblocks >= 4 && k->hw == 1u) {
        acc.lo = acc.hi = acc.mid = _mm_setzero_si128();
        for (i = 0; i < 4; i++) {
            __m128i x = load_block(in + 16u * i);
            __m128i h = SWAP64(LOADU(k->h[3u - i]));
            if (i == 0) {
                x = _mm_xor_si128(x, acc_y);
            }
            mul_acc(&acc, x, h, _mm_xor_si128(h, SWAP64(h)));
        }
        acc_y = reduce(&acc);
        in += 64;
        nblocks -= 4;
    }
    if (nblocks > 0) {
        /* The last 1..7 (hw = 1: 1..3) blocks in one reduction too: X1
         * with H^n, ... */
        size_t n = nblocks;
        acc.lo = acc.hi = acc.mid = _mm_setzero_si128();
        for (i = 0; i < n; i++) {
            __m128i x = load_block(in + 16u * i);
            __m128i h = SWAP64(LOADU(k->h[n - 1u - i]));
            if (i == 0) {
                x = _mm_xor_si128(x, acc_y);
            }
            mul_acc(&acc, x, h, _mm_xor_si128(h, SWAP64(h)));
        }
        acc_y = reduce(&acc);
    }
    STOREU(y, SWAP64(acc_y));
}

/* ---- GCTR and GHASH in one pass (SP 800-38D 7.1 steps 3-5) --------------
 * AESENC and PCLMULQDQ run on different execution units, so eight counter
 * blocks are encrypted while eight ciphertext blocks are hashed: the
 * multiplications sit between the AES rounds. Encryption hashes the
 * previous group (its ciphertext is known only after the AES), decryption
 * the current one (read before it is overwritten: in == out works). The
 * counter is kept byte-reversed, so its low 32-bit lane is the low word of
 * the counter block and _mm_add_epi32 is inc32 exactly (6.2), wrapping
 * without a carry into the rest. AES-NI round keys: the FIPS 197 schedule
 * at the start of pp_aes_key.rk (aes_hw.h). */

#define PP_GCM_TARGET __attribute__((target("aes,pclmul,ssse3")))

PP_GCM_TARGET PP_GHASH_INLINE __m128i rev_bytes(__m128i x)
{
    const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    return _mm_shuffle_epi8(x, rev);
}

/* One block of the 8-block sum, schoolbook (four products, no Karatsuba
 * operands to keep in registers next to the eight AES blocks). hm is a
 * power as stored (lane 0 = high word): the PCLMULQDQ immediates pick the
 * lanes, so it needs no swap. */
#define GH_STEP(xb, hm)                                                       \
    do {                                                                      \
        __m128i x_ = (xb), h_ = (hm);                                         \
        lo = _mm_xor_si128(lo, _mm_clmulepi64_si128(x_, h_, 0x10));           \
        hi = _mm_xor_si128(hi, _mm_clmulepi64_si128(x_, h_, 0x01));           \
        mid = _mm_xor_si128(mid, _mm_xor_si128(_mm_clmulepi64_si128(x_, h_, 0x00), \
                                               _mm_clmulepi64_si128(x_, h_, 0x11))); \
    } while (0)
#define AES8(op, key)                                                         \
    do {                                                                      \
        b0 = op(b0, key); b1 = op(b1, key); b2 = op(b2, key); b3 = op(b3, key); \
        b4 = op(b4, key); b5 = op(b5, key); b6 = op(b6, key); b7 = op(b7, key); \
    } while (0)
#define CTR_BLOCK(i) _mm_xor_si128(rev_bytes(_mm_add_epi32(c, _mm_set_epi32(0, 0, 0, (i)))), key)
#define XOR_OUT(i, bi) STOREU(out + 16 * (i), _mm_xor_si128(LOADU(in + 16 * (i)), (bi)))

PP_GCM_TARGET
void pp_ghash_x86_gcm(const pp_ghash_key *gk, uint64_t y[2], const pp_aes_key *ak,
                      uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t ngroups,
                      int decrypt)
{
    const uint8_t *rk = (const uint8_t *)ak->rk;
    const unsigned nr = ak->rounds;
    __m128i c = rev_bytes(LOADU(ctr)), acc_y = SWAP64(LOADU(y));
    const uint8_t *prev = NULL; /* encryption: the group still to hash */
    unsigned r;

    while (ngroups > 0) {
        const uint8_t *h = decrypt ? in : prev;
        __m128i key = LOADU(rk), lo, hi, mid;
        __m128i b0 = CTR_BLOCK(0), b1 = CTR_BLOCK(1), b2 = CTR_BLOCK(2), b3 = CTR_BLOCK(3);
        __m128i b4 = CTR_BLOCK(4), b5 = CTR_BLOCK(5), b6 = CTR_BLOCK(6), b7 = CTR_BLOCK(7);
        c = _mm_add_epi32(c, _mm_set_epi32(0, 0, 0, 8));
        lo = hi = mid = _mm_setzero_si128();
        for (r = 1; r < nr; r++) {
            key = LOADU(rk + 16u * r);
            AES8(_mm_aesenc_si128, key);
            if (h != NULL && r <= 8) {
                __m128i xb = load_block(h + 16u * (r - 1u));
                if (r == 1) {
                    xb = _mm_xor_si128(xb, acc_y);
                }
                GH_STEP(xb, LOADU(gk->h[8u - r]));
            }
        }
        key = LOADU(rk + 16u * nr);
        AES8(_mm_aesenclast_si128, key);
        if (h != NULL) {
            acc_y = reduce3(lo, hi, mid);
        }
        XOR_OUT(0, b0); XOR_OUT(1, b1); XOR_OUT(2, b2); XOR_OUT(3, b3);
        XOR_OUT(4, b4); XOR_OUT(5, b5); XOR_OUT(6, b6); XOR_OUT(7, b7);
        prev = out;
        in += 128;
        out += 128;
        ngroups--;
    }
    STOREU(y, SWAP64(acc_y));
    if (!decrypt && prev != NULL) {
        pp_ghash_x86_blocks(gk, y, prev, 8);
    }
    STOREU(ctr, rev_bytes(c));
}

/* ---- the wide one pass: VAES + VPCLMULQDQ on ymm and zmm ----------------
 * ghash_x86_vaes_body.h, instantiated for 2 blocks per vector (VAES and
 * VPCLMULQDQ with AVX2) and 4 (with AVX-512F/VL/BW); chosen with the AES
 * width of aes_hw.h (pp_aes_hw_level) when the CPU has VPCLMULQDQ. */

int pp_ghash_x86_wide(void)
{
    int level = pp_aes_hw_level();
    if ((pp_x86_features() & PP_X86_VPCLMUL) == 0) {
        return 0;
    }
    return level == PP_AES_X86_VAES512 ? 512 : level == PP_AES_X86_VAES256 ? 256 : 0;
}

/* ymm */
#define TARGET __attribute__((target("aes,pclmul,ssse3,avx2,vaes,vpclmulqdq")))
#define V __m256i
#define L 2u
#define NV 8u
#define FN pp_ghash_vaes256_gcm
#define VLOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define VSTORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define VXOR _mm256_xor_si256
#define VENC _mm256_aesenc_epi128
#define VENCL _mm256_aesenclast_epi128
#define VSHUF8 _mm256_shuffle_epi8
#define VCLMUL _mm256_clmulepi64_epi128
#define VADD32 _mm256_add_epi32
#define VZERO _mm256_setzero_si256

TARGET PP_GHASH_INLINE V vbcast(__m128i x)
{
    return _mm256_broadcastsi128_si256(x);
}
TARGET PP_GHASH_INLINE V vbkey(const uint8_t *p)
{
    return _mm256_broadcastsi128_si256(LOADU(p));
}
TARGET PP_GHASH_INLINE V vfirst(__m128i x)
{
    return _mm256_set_m128i(_mm_setzero_si128(), x);
}
TARGET PP_GHASH_INLINE V vpowers(const __m128i *p)
{
    return _mm256_set_m128i(p[-1], p[0]);
}
TARGET PP_GHASH_INLINE V vlane_inc(void)
{
    return _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0);
}
TARGET PP_GHASH_INLINE __m128i vlane0(V v)
{
    return _mm256_castsi256_si128(v);
}
TARGET PP_GHASH_INLINE __m128i vfold(V v)
{
    return _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
}
/* reduce3 on every lane. */
TARGET PP_GHASH_INLINE V vreduce(V lo, V hi, V mid)
{
    V clo, chi, t;
    lo = _mm256_xor_si256(lo, _mm256_bslli_epi128(mid, 8));
    hi = _mm256_xor_si256(hi, _mm256_bsrli_epi128(mid, 8));
    clo = _mm256_srli_epi64(lo, 63);
    chi = _mm256_srli_epi64(hi, 63);
    hi = _mm256_or_si256(_mm256_or_si256(_mm256_slli_epi64(hi, 1), _mm256_bslli_epi128(chi, 8)),
                         _mm256_bsrli_epi128(clo, 8));
    lo = _mm256_or_si256(_mm256_slli_epi64(lo, 1), _mm256_bslli_epi128(clo, 8));
    t = _mm256_xor_si256(_mm256_xor_si256(_mm256_slli_epi64(lo, 63), _mm256_slli_epi64(lo, 62)),
                         _mm256_slli_epi64(lo, 57));
    lo = _mm256_xor_si256(lo, _mm256_bslli_epi128(t, 8));
    hi = _mm256_xor_si256(hi, _mm256_bsrli_epi128(t, 8));
    t = _mm256_xor_si256(_mm256_xor_si256(lo, _mm256_srli_epi64(lo, 1)),
                         _mm256_xor_si256(_mm256_srli_epi64(lo, 2), _mm256_srli_epi64(lo, 7)));
    return _mm256_xor_si256(hi, t);
}

#include "aead/ghash_x86_vaes_body.h"

#undef TARGET
#undef V
#undef L
#undef NV
#undef FN
#undef VLOAD
#undef VSTORE
#undef VXOR
#undef VENC
#undef VENCL
#undef VSHUF8
#undef VCLMUL
#undef VADD32
#undef VZERO

/* zmm */
#define TARGET \
    __attribute__((target("aes,pclmul,ssse3,avx2,avx512f,avx512vl,avx512bw,vaes,vpclmulqdq")))
#define V __m512i
#define L 4u
#define NV 4u
#define FN pp_ghash_vaes512_gcm
#define VLOAD(p) _mm512_loadu_si512((const void *)(p))
#define VSTORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define VXOR _mm512_xor_si512
#define VENC _mm512_aesenc_epi128
#define VENCL _mm512_aesenclast_epi128
#define VSHUF8 _mm512_shuffle_epi8
#define VCLMUL _mm512_clmulepi64_epi128
#define VADD32 _mm512_add_epi32
#define VZERO _mm512_setzero_si512
#define vbcast vbcast512
#define vbkey vbkey512
#define vfirst vfirst512
#define vpowers vpowers512
#define vlane_inc vlane_inc512
#define vlane0 vlane0_512
#define vfold vfold512
#define vreduce vreduce512

TARGET PP_GHASH_INLINE V vbcast(__m128i x)
{
    return _mm512_broadcast_i32x4(x);
}
TARGET PP_GHASH_INLINE V vbkey(const uint8_t *p)
{
    return _mm512_broadcast_i32x4(LOADU(p));
}
TARGET PP_GHASH_INLINE V vfirst(__m128i x)
{
    return _mm512_inserti32x4(_mm512_setzero_si512(), x, 0);
}
TARGET PP_GHASH_INLINE V vpowers(const __m128i *p)
{
    V v = _mm512_inserti32x4(_mm512_setzero_si512(), p[0], 0);
    v = _mm512_inserti32x4(v, p[-1], 1);
    v = _mm512_inserti32x4(v, p[-2], 2);
    return _mm512_inserti32x4(v, p[-3], 3);
}
TARGET PP_GHASH_INLINE V vlane_inc(void)
{
    return _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0);
}
TARGET PP_GHASH_INLINE __m128i vlane0(V v)
{
    return _mm512_castsi512_si128(v);
}
TARGET PP_GHASH_INLINE __m128i vfold(V v)
{
    __m256i h = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
}
TARGET PP_GHASH_INLINE V vreduce(V lo, V hi, V mid)
{
    V clo, chi, t;
    lo = _mm512_xor_si512(lo, _mm512_bslli_epi128(mid, 8));
    hi = _mm512_xor_si512(hi, _mm512_bsrli_epi128(mid, 8));
    clo = _mm512_srli_epi64(lo, 63);
    chi = _mm512_srli_epi64(hi, 63);
    hi = _mm512_or_si512(_mm512_or_si512(_mm512_slli_epi64(hi, 1), _mm512_bslli_epi128(chi, 8)),
                         _mm512_bsrli_epi128(clo, 8));
    lo = _mm512_or_si512(_mm512_slli_epi64(lo, 1), _mm512_bslli_epi128(clo, 8));
    t = _mm512_xor_si512(_mm512_xor_si512(_mm512_slli_epi64(lo, 63), _mm512_slli_epi64(lo, 62)),
                         _mm512_slli_epi64(lo, 57));
    lo = _mm512_xor_si512(lo, _mm512_bslli_epi128(t, 8));
    hi = _mm512_xor_si512(hi, _mm512_bsrli_epi128(t, 8));
    t = _mm512_xor_si512(_mm512_xor_si512(lo, _mm512_srli_epi64(lo, 1)),
                         _mm512_xor_si512(_mm512_srli_epi64(lo, 2), _mm512_srli_epi64(lo, 7)));
    return _mm512_xor_si512(hi, t);
}

#include "aead/ghash_x86_vaes_body.h"

#else
/* ISO C forbids an empty translation unit. */
typedef int pp_ghash_x86_unused;
#endif
