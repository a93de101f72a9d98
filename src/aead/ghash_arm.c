/*
 * ghash_arm.c -- GHASH with PMULL / PMULL2 on AArch64 Linux (ghash.h's
 * contract; chosen per key when the kernel reports HWCAP_PMULL). Compiled
 * for the baseline ISA: only these functions carry the target attribute.
 *
 * The arithmetic is ghash_x86.c's, lane for lane: an element is the
 * 128-bit big-endian integer of its block in one register (lane 0 the low
 * 64 bits), the product is three 64 x 64 carry-less multiplications
 * (Karatsuba), and the 256-bit result is shifted left by one and reduced
 * with shifts (ghash_ct64.c, reduce(), explains them). Four blocks share
 * one reduction: X1 H^4 + X2 H^3 + X3 H^2 + X4 H. Constant time: PMULL's
 * timing does not depend on its operands; nothing branches on or indexes
 * by H, Y or the data; block counts are public.
 */
#include "aead/ghash.h"

#if PP_GHASH_HW_ARM

#include <arm_neon.h>
#include <sys/auxv.h>

#if defined(__clang__)
#define PP_GHASH_TARGET __attribute__((target("aes")))
#else
#define PP_GHASH_TARGET __attribute__((target("+crypto")))
#endif

/* Linux arch/arm64 uapi hwcap.h. */
#define PP_HWCAP_PMULL (1ul << 4)

/* As ghash_x86.c: READ once asked, HAVE with PMULL, OFF after restrict(0). */
#define HW_READ 1
#define HW_HAVE 2
#define HW_OFF 4
static int hw_flags;

int pp_ghash_arm_available(void)
{
    int f = __atomic_load_n(&hw_flags, __ATOMIC_RELAXED);
    if ((f & HW_READ) == 0) {
        int have = (getauxval(AT_HWCAP) & PP_HWCAP_PMULL) != 0 ? HW_HAVE | HW_READ : HW_READ;
        f = __atomic_or_fetch(&hw_flags, have, __ATOMIC_RELAXED);
    }
    return (f & (HW_HAVE | HW_OFF)) == HW_HAVE;
}

void pp_ghash_arm_restrict(int allow)
{
    if (allow) {
        __atomic_and_fetch(&hw_flags, ~HW_OFF, __ATOMIC_RELAXED);
    } else {
        __atomic_or_fetch(&hw_flags, HW_OFF, __ATOMIC_RELAXED);
    }
}

/* A uint64_t[2] pair (word 0 most significant) is the register with its
 * lanes swapped. */
PP_GHASH_TARGET static uint64x2_t swap64(uint64x2_t v)
{
    return vextq_u64(v, v, 1);
}

PP_GHASH_TARGET static uint64x2_t load_pair(const uint64_t p[2])
{
    return swap64(vld1q_u64(p));
}

PP_GHASH_TARGET static void store_pair(uint64_t p[2], uint64x2_t v)
{
    vst1q_u64(p, swap64(v));
}

/* A data block as the big-endian integer: bytes reversed. */
PP_GHASH_TARGET static uint64x2_t load_block(const uint8_t *p)
{
    uint8x16_t b = vrev64q_u8(vld1q_u8(p));
    return vreinterpretq_u64_u8(vextq_u8(b, b, 8));
}

/* Whole-register byte shifts: towards the high lane, towards the low. */
PP_GHASH_TARGET static uint64x2_t shl8(uint64x2_t v)
{
    return vreinterpretq_u64_u8(vextq_u8(vdupq_n_u8(0), vreinterpretq_u8_u64(v), 8));
}

PP_GHASH_TARGET static uint64x2_t shr8(uint64x2_t v)
{
    return vreinterpretq_u64_u8(vextq_u8(vreinterpretq_u8_u64(v), vdupq_n_u8(0), 8));
}

PP_GHASH_TARGET static uint64x2_t clmul_lo(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 0), (poly64_t)vgetq_lane_u64(b, 0)));
}

PP_GHASH_TARGET static uint64x2_t clmul_hi(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}

typedef struct {
    uint64x2_t lo, hi, mid;
} acc256;

PP_GHASH_TARGET static void acc_zero(acc256 *acc)
{
    acc->lo = acc->hi = acc->mid = vdupq_n_u64(0);
}

/* acc += a * b; bk = b ^ swap(b), the Karatsuba middle operand of b. */
PP_GHASH_TARGET static void mul_acc(acc256 *acc, uint64x2_t a, uint64x2_t b, uint64x2_t bk)
{
    uint64x2_t ak = veorq_u64(a, swap64(a));
    acc->lo = veorq_u64(acc->lo, clmul_lo(a, b));
    acc->hi = veorq_u64(acc->hi, clmul_hi(a, b));
    acc->mid = veorq_u64(acc->mid, clmul_lo(ak, bk));
}

/* hi:lo + mid * 2^64, shifted left by one and reduced (ghash_x86.c's
 * reduce3, the same steps). */
PP_GHASH_TARGET static uint64x2_t reduce(const acc256 *acc)
{
    uint64x2_t mid = veorq_u64(acc->mid, veorq_u64(acc->lo, acc->hi));
    uint64x2_t lo = veorq_u64(acc->lo, shl8(mid)), hi = veorq_u64(acc->hi, shr8(mid));
    uint64x2_t clo = vshrq_n_u64(lo, 63), chi = vshrq_n_u64(hi, 63), t;
    hi = vorrq_u64(vorrq_u64(vshlq_n_u64(hi, 1), shl8(chi)), shr8(clo));
    lo = vorrq_u64(vshlq_n_u64(lo, 1), shl8(clo));
    t = veorq_u64(veorq_u64(vshlq_n_u64(lo, 63), vshlq_n_u64(lo, 62)), vshlq_n_u64(lo, 57));
    lo = veorq_u64(lo, shl8(t));
    hi = veorq_u64(hi, shr8(t));
    t = veorq_u64(veorq_u64(lo, vshrq_n_u64(lo, 1)), veorq_u64(vshrq_n_u64(lo, 2), vshrq_n_u64(lo, 7)));
    return veorq_u64(hi, t);
}

PP_GHASH_TARGET void pp_ghash_arm_powers(pp_ghash_key *k)
{
    uint64x2_t h = load_pair(k->h[0]), hk = veorq_u64(h, swap64(h)), p = h;
    unsigned i;
    for (i = 1; i < 4; i++) {
        acc256 acc;
        acc_zero(&acc);
        mul_acc(&acc, p, h, hk);
        p = reduce(&acc);
        store_pair(k->h[i], p);
    }
}

PP_GHASH_TARGET
void pp_ghash_arm_blocks(const pp_ghash_key *k, uint64_t y[2], const uint8_t *in, size_t nblocks)
{
    uint64x2_t acc_y = load_pair(y), hp[4], hk[4];
    acc256 acc;
    unsigned i;
    /* hp[i] = H^(4-i) and its Karatsuba operand, in the order used. */
    for (i = 0; i < 4; i++) {
        hp[i] = load_pair(k->h[3u - i]);
        hk[i] = veorq_u64(hp[i], swap64(hp[i]));
    }
    while (nblocks >= 4) {
        acc_zero(&acc);
        mul_acc(&acc, veorq_u64(acc_y, load_block(in)), hp[0], hk[0]);
        for (i = 1; i < 4; i++) {
            mul_acc(&acc, load_block(in + 16u * i), hp[i], hk[i]);
        }
        acc_y = reduce(&acc);
        in += 64;
        nblocks -= 4;
    }
    if (nblocks > 0) {
        /* The last 1..3 blocks in one reduction: X1 with H^n, ... */
        size_t n = nblocks, off = 4u - n;
        acc_zero(&acc);
        mul_acc(&acc, veorq_u64(acc_y, load_block(in)), hp[off], hk[off]);
        for (i = 1; i < n; i++) {
            mul_acc(&acc, load_block(in + 16u * i), hp[off + i], hk[off + i]);
        }
        acc_y = reduce(&acc);
    }
    store_pair(y, acc_y);
}

#else
/* ISO C forbids an empty translation unit. */
typedef int pp_ghash_arm_unused;
#endif
