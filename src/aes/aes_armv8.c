/*
 * aes_armv8.c -- AES (FIPS 197) with the ARMv8 Cryptography Extensions on
 * AArch64 Linux, see aes_hw.h. Compiled for the baseline armv8-a ISA: only
 * these functions carry the target attribute, and they run only when the
 * kernel reports the feature (getauxval(AT_HWCAP) & HWCAP_AES).
 *
 * The instructions split a round differently from AES-NI (Arm ARM, A64
 * "AESE", "AESMC", "AESD", "AESIMC"):
 *   AESE(s, k)  = ShiftRows(SubBytes(s ^ k))       AESMC(s)  = MixColumns(s)
 *   AESD(s, k)  = InvShiftRows(InvSubBytes(s ^ k)) AESIMC(s) = InvMixColumns(s)
 * so FIPS 197 5.1 Cipher with round keys rk[0..Nr] is
 *   s = AESMC(AESE(s, rk[r])) for r = 0..Nr-2, s = AESE(s, rk[Nr-1]) ^ rk[Nr],
 * and the equivalent inverse cipher (5.3.5) with the decryption schedule
 * dk[0..Nr] (aes_hw.h: dk[0] = rk[Nr], dk[i] = InvMixColumns(rk[Nr-i]),
 * dk[Nr] = rk[0]) is the same shape with AESD / AESIMC. The byte order of a
 * state register (vld1q_u8 of the block) is FIPS 197's input order, so the
 * schedules are byte for byte aes_x86.c's (and aes_ref.c's for rk).
 *
 * Cortex-A cores fuse an AESE with the AESMC that consumes it (and AESD
 * with AESIMC) into one operation (Cortex-A57/A72/A76 software optimization
 * guides, "AES instruction pairs"); the compiler keeps each pair adjacent.
 * The parallel modes (ECB, CTR, CBC decryption, XTS) keep eight independent
 * blocks in flight: the fused pair has a latency of 2-3 cycles and issues
 * on one or two pipes, so eight chains hide it. CBC encryption is a chain
 * (SP 800-38A 6.2) and runs one block at a time.
 *
 * Constant time: the AES instructions are on Arm's list of instructions
 * with data-independent timing (Arm ARM, "About PSTATE.DIT": AESE, AESD,
 * AESMC, AESIMC, and the NEON EOR/ADD/CMHI/EXT/REV used here), and the code
 * branches and indexes on nothing but block counts and the round count.
 */
#include "aes/aes_hw.h"

#if PP_AES_HW_ARM

#include <string.h>
#include <arm_neon.h>
#include <sys/auxv.h>

#include "aes/aes_hw_lanes.h"
#include "common/pp_util.h"

#if defined(__clang__)
#define PP_AES_TARGET __attribute__((target("aes")))
#else
#define PP_AES_TARGET __attribute__((target("+crypto")))
#endif

/* Linux arch/arm64/include/uapi/asm/hwcap.h. */
#define PP_HWCAP_AES (1ul << 3)

/* 0: not read yet; else 2 | (HWCAP_AES present). */
static int hw_cache;
static int hw_allowed = 1;

int pp_aes_hw_available(void)
{
    int c = __atomic_load_n(&hw_cache, __ATOMIC_RELAXED);
    if (c == 0) {
        c = 2 | ((getauxval(AT_HWCAP) & PP_HWCAP_AES) != 0 ? 1 : 0);
        __atomic_store_n(&hw_cache, c, __ATOMIC_RELAXED);
    }
    return c & __atomic_load_n(&hw_allowed, __ATOMIC_RELAXED) & 1;
}

void pp_aes_hw_restrict(int allow)
{
    __atomic_store_n(&hw_allowed, allow != 0 ? 1 : 0, __ATOMIC_RELAXED);
}

#define LOAD(p) vld1q_u8((const uint8_t *)(p))
#define STORE(p, v) vst1q_u8((uint8_t *)(p), (v))
/* Round key i of a schedule (16 bytes each). */
#define RK(s, i) LOAD((s) + 16u * (i))

static const uint8_t *enc_keys(const pp_aes_key *k)
{
    return (const uint8_t *)k->rk;
}

static const uint8_t *dec_keys(const pp_aes_key *k)
{
    return (const uint8_t *)k->rk + PP_AES_HW_DEC_OFFSET;
}

/* ---- key schedule (FIPS 197 5.2 KeyExpansion) ---------------------------
 * Word by word, each word w[i] the 32-bit little-endian integer of its four
 * bytes (so RotWord is a rotation right by 8 and Rcon[i] is XORed into the
 * low byte). SubWord comes from AESE with a zero round key on the word
 * broadcast to all four columns: every row then holds one byte value in
 * all columns, so ShiftRows moves nothing and column 0 is SubWord(w). The
 * tests on i select steps by position only (public). */
PP_AES_TARGET static uint32_t sub_word(uint32_t w)
{
    uint8x16_t s = vaeseq_u8(vreinterpretq_u8_u32(vdupq_n_u32(w)), vdupq_n_u8(0));
    return vgetq_lane_u32(vreinterpretq_u32_u8(s), 0);
}

static uint32_t load32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store32(uint8_t *p, uint32_t w)
{
    p[0] = (uint8_t)w;
    p[1] = (uint8_t)(w >> 8);
    p[2] = (uint8_t)(w >> 16);
    p[3] = (uint8_t)(w >> 24);
}

PP_AES_TARGET
psa_status_t pp_aes_hw_set_key(pp_aes_key *k, const uint8_t *key, size_t key_len)
{
    uint8_t *w = (uint8_t *)k->rk;
    uint8_t *d = w + PP_AES_HW_DEC_OFFSET;
    unsigned nk, nr, i;
    uint32_t rcon = 1;

    if (key_len != 16 && key_len != 24 && key_len != 32) {
        pp_wipe(k, sizeof *k);
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    nk = (unsigned)(key_len / 4);
    nr = nk + 6;
    k->rounds = nr;
    memcpy(w, key, key_len);
    for (i = nk; i < 4 * (nr + 1); i++) {
        uint32_t t = load32(w + 4 * (i - 1));
        if (i % nk == 0) {
            t = sub_word((t >> 8) | (t << 24)) ^ rcon;
            /* Rcon[i/Nk+1] = x * Rcon[i/Nk] in GF(2^8) (public). */
            rcon = ((rcon << 1) ^ (0x11bu & (0u - (rcon >> 7)))) & 0xffu;
        } else if (nk > 6 && i % nk == 4) {
            t = sub_word(t);
        }
        store32(w + 4 * i, load32(w + 4 * (i - nk)) ^ t);
    }
    /* FIPS 197 5.3.5: the decryption schedule, in the order it is used. */
    memcpy(d, w + 16u * nr, 16);
    for (i = 1; i < nr; i++) {
        STORE(d + 16u * i, vaesimcq_u8(RK(w, nr - i)));
    }
    memcpy(d + 16u * nr, w, 16);
    return PSA_SUCCESS;
}

/* ---- the block function, one block and eight -------------------------- */

/* FIPS 197 5.1 Cipher with the schedule rk of nr rounds. */
PP_AES_TARGET static uint8x16_t encrypt1(const uint8_t *rk, unsigned nr, uint8x16_t b)
{
    unsigned r;
    for (r = 0; r + 1 < nr; r++) {
        b = vaesmcq_u8(vaeseq_u8(b, RK(rk, r)));
    }
    return veorq_u8(vaeseq_u8(b, RK(rk, nr - 1)), RK(rk, nr));
}

/* FIPS 197 5.3.5 EqInvCipher with the decryption schedule dk. */
PP_AES_TARGET static uint8x16_t decrypt1(const uint8_t *dk, unsigned nr, uint8x16_t b)
{
    unsigned r;
    for (r = 0; r + 1 < nr; r++) {
        b = vaesimcq_u8(vaesdq_u8(b, RK(dk, r)));
    }
    return veorq_u8(vaesdq_u8(b, RK(dk, nr - 1)), RK(dk, nr));
}

/* Eight blocks in the variables b0..b7; STEP(x) is applied to each. */
#define EACH8(STEP)                                                       \
    do {                                                                  \
        STEP(b0); STEP(b1); STEP(b2); STEP(b3);                           \
        STEP(b4); STEP(b5); STEP(b6); STEP(b7);                           \
    } while (0)
#define E_ROUND(x) x = vaesmcq_u8(vaeseq_u8(x, key_))
#define E_LAST(x) x = vaeseq_u8(x, key_)
#define D_ROUND(x) x = vaesimcq_u8(vaesdq_u8(x, key_))
#define D_LAST(x) x = vaesdq_u8(x, key_)
#define ADD_KEY(x) x = veorq_u8(x, key_)
/* All nr rounds on b0..b7 with schedule s (ROUND: E_ROUND or D_ROUND). */
#define ROUNDS8(s, nr, ROUND, LAST)                                       \
    do {                                                                  \
        unsigned r_;                                                      \
        uint8x16_t key_;                                                  \
        for (r_ = 0; r_ + 1 < (nr); r_++) {                               \
            key_ = RK(s, r_);                                             \
            EACH8(ROUND);                                                 \
        }                                                                 \
        key_ = RK(s, (nr) - 1);                                           \
        EACH8(LAST);                                                      \
        key_ = RK(s, nr);                                                 \
        EACH8(ADD_KEY);                                                   \
    } while (0)
#define ENC8(s, nr) ROUNDS8(s, nr, E_ROUND, E_LAST)
#define DEC8(s, nr) ROUNDS8(s, nr, D_ROUND, D_LAST)

/* ---- ECB (SP 800-38A 6.1) --------------------------------------------- */

PP_AES_TARGET
void pp_aes_hw_ecb_encrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                           size_t nblocks)
{
    const uint8_t *rk = enc_keys(k);
    unsigned nr = k->rounds;
    uint8x16_t b0, b1, b2, b3, b4, b5, b6, b7;
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
        LOAD8(in);
        ENC8(rk, nr);
        STORE8(out);
    }
    if (nblocks == 1) {
        STORE(out, encrypt1(rk, nr, LOAD(in)));
    } else if (nblocks > 1) {
        LOADN(in, nblocks);
        ENC8(rk, nr);
        STOREN(out, nblocks);
    }
}

PP_AES_TARGET
void pp_aes_hw_ecb_decrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                           size_t nblocks)
{
    const uint8_t *dk = dec_keys(k);
    unsigned nr = k->rounds;
    uint8x16_t b0, b1, b2, b3, b4, b5, b6, b7;
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
        LOAD8(in);
        DEC8(dk, nr);
        STORE8(out);
    }
    if (nblocks == 1) {
        STORE(out, decrypt1(dk, nr, LOAD(in)));
    } else if (nblocks > 1) {
        LOADN(in, nblocks);
        DEC8(dk, nr);
        STOREN(out, nblocks);
    }
}

/* ---- CTR (SP 800-38A 6.5, B.1: the whole block is the counter) --------
 * The counter is held as n = (lo, hi), two 64-bit lanes of its value; the
 * counter block is n's 16 bytes reversed (REV64 in each lane, then the
 * lanes swapped). n + j (j < 2^63) is branch-free: lo + j wrapped iff
 * lo + j < lo (CMHI gives an all-ones lane), and the mask, moved to the
 * high lane, is subtracted (adds one there). */
PP_AES_TARGET static uint64x2_t ctr_add(uint64x2_t n, uint64_t j)
{
    uint64x2_t sum = vaddq_u64(n, vcombine_u64(vcreate_u64(j), vcreate_u64(0)));
    uint64x2_t wrapped = vcgtq_u64(n, sum);
    return vsubq_u64(sum, vextq_u64(vdupq_n_u64(0), wrapped, 1));
}

PP_AES_TARGET static uint8x16_t ctr_block(uint64x2_t n)
{
    uint8x16_t b = vrev64q_u8(vreinterpretq_u8_u64(n));
    return vextq_u8(b, b, 8);
}

PP_AES_TARGET static uint64x2_t ctr_load(const uint8_t ctr[16])
{
    return vreinterpretq_u64_u8(ctr_block(vreinterpretq_u64_u8(LOAD(ctr))));
}

PP_AES_TARGET
void pp_aes_hw_ctr(const pp_aes_key *k, uint8_t ctr[16], const uint8_t *in,
                   uint8_t *out, size_t nblocks)
{
    const uint8_t *rk = enc_keys(k);
    unsigned nr = k->rounds;
    uint64x2_t n = ctr_load(ctr);
    uint8x16_t b0, b1, b2, b3, b4, b5, b6, b7;
    while (nblocks > 0) {
        /* m blocks in this batch: 8, or the last 1..7 (public). */
        size_t m = nblocks < 8 ? nblocks : 8;
        b0 = ctr_block(n);
        if (m == 1) {
            b0 = veorq_u8(encrypt1(rk, nr, b0), LOAD(in));
            STORE(out, b0);
        } else {
            b1 = ctr_block(ctr_add(n, 1));
            b2 = ctr_block(ctr_add(n, 2));
            b3 = ctr_block(ctr_add(n, 3));
            b4 = ctr_block(ctr_add(n, 4));
            b5 = ctr_block(ctr_add(n, 5));
            b6 = ctr_block(ctr_add(n, 6));
            b7 = ctr_block(ctr_add(n, 7));
            ENC8(rk, nr);
            if (m == 8) {
                /* All eight inputs are read before the first store: in == out. */
                b0 = veorq_u8(b0, LOAD(in)); b1 = veorq_u8(b1, LOAD(in + 16));
                b2 = veorq_u8(b2, LOAD(in + 32)); b3 = veorq_u8(b3, LOAD(in + 48));
                b4 = veorq_u8(b4, LOAD(in + 64)); b5 = veorq_u8(b5, LOAD(in + 80));
                b6 = veorq_u8(b6, LOAD(in + 96)); b7 = veorq_u8(b7, LOAD(in + 112));
                STORE8(out);
            } else {
                b0 = veorq_u8(b0, LOAD(in));
                b1 = veorq_u8(b1, LOAD(in + 16));
                if (m > 2) b2 = veorq_u8(b2, LOAD(in + 32));
                if (m > 3) b3 = veorq_u8(b3, LOAD(in + 48));
                if (m > 4) b4 = veorq_u8(b4, LOAD(in + 64));
                if (m > 5) b5 = veorq_u8(b5, LOAD(in + 80));
                if (m > 6) b6 = veorq_u8(b6, LOAD(in + 96));
                STOREN(out, m);
            }
        }
        n = ctr_add(n, (uint64_t)m);
        nblocks -= m;
        in += 16 * m;
        out += 16 * m;
    }
    STORE(ctr, ctr_block(n));
}

/* ---- CBC (SP 800-38A 6.2) --------------------------------------------- */

/* C_j = CIPH(P_j ^ C_{j-1}): a chain, one block at a time. */
PP_AES_TARGET
void pp_aes_hw_cbc_encrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                           uint8_t *out, size_t nblocks)
{
    const uint8_t *rk = enc_keys(k);
    unsigned nr = k->rounds;
    uint8x16_t c = LOAD(iv);
    for (; nblocks > 0; nblocks--, in += 16, out += 16) {
        c = encrypt1(rk, nr, veorq_u8(c, LOAD(in)));
        STORE(out, c);
    }
    STORE(iv, c);
}

/* P_j = CIPH^-1(C_j) ^ C_{j-1}: the eight inverse ciphers are independent.
 * With in == out, C_{j-1} is read back from in before P_{j-1} overwrites
 * it: the XORs run from the last block of the batch to the first. */
PP_AES_TARGET
void pp_aes_hw_cbc_decrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                           uint8_t *out, size_t nblocks)
{
    const uint8_t *dk = dec_keys(k);
    unsigned nr = k->rounds;
    uint8x16_t prev = LOAD(iv), last;
    uint8x16_t b0, b1, b2, b3, b4, b5, b6, b7;
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
        LOAD8(in);
        last = b7;
        DEC8(dk, nr);
        STORE(out + 112, veorq_u8(b7, LOAD(in + 96)));
        STORE(out + 96, veorq_u8(b6, LOAD(in + 80)));
        STORE(out + 80, veorq_u8(b5, LOAD(in + 64)));
        STORE(out + 64, veorq_u8(b4, LOAD(in + 48)));
        STORE(out + 48, veorq_u8(b3, LOAD(in + 32)));
        STORE(out + 32, veorq_u8(b2, LOAD(in + 16)));
        STORE(out + 16, veorq_u8(b1, LOAD(in)));
        STORE(out, veorq_u8(b0, prev));
        prev = last;
    }
    if (nblocks == 1) {
        last = LOAD(in);
        STORE(out, veorq_u8(decrypt1(dk, nr, last), prev));
        prev = last;
    } else if (nblocks > 1) {
        LOADN(in, nblocks);
        last = LOAD(in + 16 * (nblocks - 1));
        DEC8(dk, nr);
        /* Last block first, as above; nblocks <= 7. */
        if (nblocks > 6) STORE(out + 96, veorq_u8(b6, LOAD(in + 80)));
        if (nblocks > 5) STORE(out + 80, veorq_u8(b5, LOAD(in + 64)));
        if (nblocks > 4) STORE(out + 64, veorq_u8(b4, LOAD(in + 48)));
        if (nblocks > 3) STORE(out + 48, veorq_u8(b3, LOAD(in + 32)));
        if (nblocks > 2) STORE(out + 32, veorq_u8(b2, LOAD(in + 16)));
        STORE(out + 16, veorq_u8(b1, LOAD(in)));
        STORE(out, veorq_u8(b0, prev));
        prev = last;
    }
    STORE(iv, prev);
}

/* ---- XTS whole blocks (IEEE 1619-2007 5.3.1, 5.4.1) ---------------------
 * t := t * alpha in GF(2^128), t the little-endian 128-bit integer of the
 * register (lane 0 the low 64 bits): each lane shifts left by one; lane
 * 0's top bit enters lane 1's bit 0 and lane 1's top bit comes back as
 * 0x87 in lane 0. The tops are broadcast by an arithmetic shift (SSHR #63)
 * and masked: no branch. */
PP_AES_TARGET static uint8x16_t xts_mul_alpha(uint8x16_t t)
{
    uint64x2_t v = vreinterpretq_u64_u8(t);
    uint64x2_t tops = vreinterpretq_u64_s64(vshrq_n_s64(vreinterpretq_s64_u64(v), 63));
    uint64x2_t poly = vcombine_u64(vcreate_u64(0x87u), vcreate_u64(1u));
    tops = vandq_u64(vextq_u64(tops, tops, 1), poly);
    return vreinterpretq_u8_u64(veorq_u64(vshlq_n_u64(v, 1), tops));
}

#define XOR8(t)                                                           \
    do {                                                                  \
        b0 = veorq_u8(b0, t##0); b1 = veorq_u8(b1, t##1);                 \
        b2 = veorq_u8(b2, t##2); b3 = veorq_u8(b3, t##3);                 \
        b4 = veorq_u8(b4, t##4); b5 = veorq_u8(b5, t##5);                 \
        b6 = veorq_u8(b6, t##6); b7 = veorq_u8(b7, t##7);                 \
    } while (0)

PP_AES_TARGET
void pp_aes_hw_xts(const pp_aes_key *k, uint8_t tweak[16], const uint8_t *in, uint8_t *out,
                   size_t nblocks, int encrypt)
{
    unsigned nr = k->rounds;
    const uint8_t *s = encrypt ? enc_keys(k) : dec_keys(k);
    uint8x16_t t = LOAD(tweak);
    uint8x16_t b0, b1, b2, b3, b4, b5, b6, b7, w0, w1, w2, w3, w4, w5, w6, w7;
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
        w0 = t;
        w1 = xts_mul_alpha(w0);
        w2 = xts_mul_alpha(w1);
        w3 = xts_mul_alpha(w2);
        w4 = xts_mul_alpha(w3);
        w5 = xts_mul_alpha(w4);
        w6 = xts_mul_alpha(w5);
        w7 = xts_mul_alpha(w6);
        t = xts_mul_alpha(w7);
        LOAD8(in);
        XOR8(w);
        if (encrypt) {
            ENC8(s, nr);
        } else {
            DEC8(s, nr);
        }
        XOR8(w);
        STORE8(out);
    }
    for (; nblocks != 0; nblocks--, in += 16, out += 16) {
        b0 = veorq_u8(LOAD(in), t);
        b0 = encrypt ? encrypt1(s, nr, b0) : decrypt1(s, nr, b0);
        STORE(out, veorq_u8(b0, t));
        t = xts_mul_alpha(t);
    }
    STORE(tweak, t);
}

#else
typedef int pp_aes_armv8_disabled;
#endif /* PP_AES_HW_ARM */
