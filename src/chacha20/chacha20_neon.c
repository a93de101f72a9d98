/*
 * chacha20_neon.c -- ChaCha20 four blocks at a time with AArch64 NEON
 * (RFC 8439 2.3); see chacha20_simd.h for the contract. NEON is part of
 * every AArch64 core, so the choice is made at build time
 * (PP_CHACHA20_NEON); pp_chacha20_simd_restrict(0) still sends every run
 * to the portable forms, so one test binary checks both.
 *
 * Vector i holds word i of four consecutive blocks (lane j: block
 * s[12] + j), as in chacha20.c's 4-lane form; the rotations are REV32 on
 * 16-bit halves (16) and SHL + SRI (12, 8, 7). The keystream leaves by a
 * 4x4 transpose of 32-bit words (TRN1/TRN2 on 32- then 64-bit lanes),
 * XORed straight into the output.
 */
#include "chacha20/chacha20_simd.h"

#if PP_CHACHA20_NEON

#include <arm_neon.h>

static int simd_limit = 1;

int pp_chacha20_neon_enabled(void)
{
    return __atomic_load_n(&simd_limit, __ATOMIC_RELAXED) > 0;
}

void pp_chacha20_simd_restrict(int limit)
{
    __atomic_store_n(&simd_limit, limit > 0 ? 1 : 0, __ATOMIC_RELAXED);
}

#define ROTL16(v) vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(v)))
#define ROTL(v, n) vsriq_n_u32(vshlq_n_u32((v), (n)), (v), 32 - (n))

#define QR(x, a, b, c, d)                                                    \
    do {                                                                     \
        x[a] = vaddq_u32(x[a], x[b]);                                        \
        x[d] = ROTL16(veorq_u32(x[d], x[a]));                                \
        x[c] = vaddq_u32(x[c], x[d]);                                        \
        x[b] = ROTL(veorq_u32(x[b], x[c]), 12);                              \
        x[a] = vaddq_u32(x[a], x[b]);                                        \
        x[d] = ROTL(veorq_u32(x[d], x[a]), 8);                               \
        x[c] = vaddq_u32(x[c], x[d]);                                        \
        x[b] = ROTL(veorq_u32(x[b], x[c]), 7);                               \
    } while (0)

/* 16 bytes of block j (words i .. i+3) XORed from in to out. */
static inline void xor16(const uint8_t *in, uint8_t *out, uint32x4_t k)
{
    vst1q_u8(out, veorq_u8(vld1q_u8(in), vreinterpretq_u8_u32(k)));
}

void pp_chacha20_neon_xor4(const uint32_t s[16], const uint8_t *in, uint8_t *out, size_t n)
{
    static const uint32_t lane_index[4] = {0, 1, 2, 3};
    const uint32x4_t lanes = vld1q_u32(lane_index);
    uint32x4_t in_state[16];
    uint32_t counter = s[12];
    unsigned i;

    for (i = 0; i < 16; i++) {
        in_state[i] = vdupq_n_u32(s[i]);
    }
    for (; n > 0; n--) {
        /* Not wiped, like the portable form's x: the keystream leaves
         * through registers into the XOR. */
        uint32x4_t x[16];
        in_state[12] = vaddq_u32(vdupq_n_u32(counter), lanes);
        for (i = 0; i < 16; i++) {
            x[i] = in_state[i];
        }
        for (i = 0; i < 10; i++) {
            QR(x, 0, 4, 8, 12);
            QR(x, 1, 5, 9, 13);
            QR(x, 2, 6, 10, 14);
            QR(x, 3, 7, 11, 15);
            QR(x, 0, 5, 10, 15);
            QR(x, 1, 6, 11, 12);
            QR(x, 2, 7, 8, 13);
            QR(x, 3, 4, 9, 14);
        }
        for (i = 0; i < 16; i += 4) {
            uint32x4_t a = vaddq_u32(x[i], in_state[i]);
            uint32x4_t b = vaddq_u32(x[i + 1], in_state[i + 1]);
            uint32x4_t c = vaddq_u32(x[i + 2], in_state[i + 2]);
            uint32x4_t d = vaddq_u32(x[i + 3], in_state[i + 3]);
            uint32x4_t t0 = vtrn1q_u32(a, b), t1 = vtrn2q_u32(a, b);
            uint32x4_t t2 = vtrn1q_u32(c, d), t3 = vtrn2q_u32(c, d);
            uint64x2_t u0 = vreinterpretq_u64_u32(t0), u1 = vreinterpretq_u64_u32(t1);
            uint64x2_t u2 = vreinterpretq_u64_u32(t2), u3 = vreinterpretq_u64_u32(t3);
            xor16(in + 4 * i, out + 4 * i, vreinterpretq_u32_u64(vtrn1q_u64(u0, u2)));
            xor16(in + 64 + 4 * i, out + 64 + 4 * i, vreinterpretq_u32_u64(vtrn1q_u64(u1, u3)));
            xor16(in + 128 + 4 * i, out + 128 + 4 * i, vreinterpretq_u32_u64(vtrn2q_u64(u0, u2)));
            xor16(in + 192 + 4 * i, out + 192 + 4 * i, vreinterpretq_u32_u64(vtrn2q_u64(u1, u3)));
        }
        counter += 4;
        in += 256;
        out += 256;
    }
}

#else
/* ISO C forbids an empty translation unit. */
typedef int pp_chacha20_neon_unused;
#endif /* PP_CHACHA20_NEON */
