/*
 * aes_x86.c -- AES (FIPS 197) with the x86 AES-NI instructions, see
 * aes_hw.h. Compiled for the baseline ISA: only these functions carry the
 * target attribute, and they run only when CPUID says so.
 *
 * One AESENC is one full round (ShiftRows, SubBytes, MixColumns,
 * AddRoundKey); AESENCLAST omits MixColumns. Decryption runs the
 * equivalent inverse cipher (FIPS 197 5.3.5) with AESDEC, whose round keys
 * 1..Nr-1 have InvMixColumns applied (AESIMC). The parallel modes (ECB,
 * CTR, CBC decryption) keep eight blocks in flight: AESENC has a latency of
 * 3 to 8 cycles and issues once or twice a cycle (Westmere to Ice Lake), so
 * eight independent blocks keep the unit busy; CBC encryption is a chain
 * and runs one block at a time (SP 800-38A 6.2).
 */
#include "aes/aes_hw.h"

#if PP_AES_HW_X86

#include <string.h>
#include <immintrin.h>
#include <wmmintrin.h>

#include "common/pp_cpu_x86.h"
#include "common/pp_util.h"

#define PP_AES_TARGET __attribute__((target("aes,sse4.2")))

/* The widest path this CPU and OS run (pp_cpu_x86.h reads CPUID once per
 * process): AES-NI needs CPUID leaf 1 ECX bits 25 (AES) and 20 (SSE4.2:
 * PCMPGTQ; every AES-NI CPU has it, and SSSE3, SSE4.1); VAES-256 leaf 7
 * ECX bit 9 and AVX2; VAES-512 AVX512F/VL/BW too. */
static int detect_level(void)
{
    const unsigned aesni = PP_X86_AESNI | PP_X86_SSE42 | PP_X86_SSSE3 | PP_X86_SSE41;
    const unsigned vaes = aesni | PP_X86_VAES | PP_X86_AVX2;
    const unsigned vaes512 = vaes | PP_X86_AVX512VL | PP_X86_AVX512BW;
    unsigned f = pp_x86_features();
    if ((f & vaes512) == vaes512) {
        return PP_AES_X86_VAES512;
    }
    if ((f & vaes) == vaes) {
        return PP_AES_X86_VAES256;
    }
    return (f & aesni) == aesni ? PP_AES_X86_AESNI : 0;
}

/* 0: not read yet; else 4 | detect_level(). The cap of pp_aes_hw_limit. */
static int hw_cache;
static int hw_limit = PP_AES_X86_VAES512;

int pp_aes_hw_level(void)
{
    int c = __atomic_load_n(&hw_cache, __ATOMIC_RELAXED), cap;
    if (c == 0) {
        c = 4 | detect_level();
        __atomic_store_n(&hw_cache, c, __ATOMIC_RELAXED);
    }
    c &= 3;
    cap = __atomic_load_n(&hw_limit, __ATOMIC_RELAXED);
    return c < cap ? c : cap;
}

int pp_aes_hw_available(void)
{
    return pp_aes_hw_level() != 0;
}

void pp_aes_hw_limit(int level)
{
    level = level < 0 ? 0 : level > PP_AES_X86_VAES512 ? PP_AES_X86_VAES512 : level;
    __atomic_store_n(&hw_limit, level, __ATOMIC_RELAXED);
}

void pp_aes_hw_restrict(int allow)
{
    pp_aes_hw_limit(allow != 0 ? PP_AES_X86_VAES512 : 0);
}

const char *pp_aes_hw_name(void)
{
    static const char *const names[4] = {"none", "x86-64 AES-NI", "x86-64 VAES-256 (AVX2)",
                                         "x86-64 VAES-512 (AVX-512)"};
    return names[pp_aes_hw_level()];
}

/* Whole groups of 16 blocks at the VAES width in use: fn(w) names the
 * body of width w, args its arguments; in, out and nblocks advance past
 * what it did. */
#define WIDE(fn, args)                                                    \
    do {                                                                  \
        size_t wide_ = nblocks & ~(size_t)15;                             \
        int level_ = wide_ != 0 ? pp_aes_hw_level() : 0;                  \
        if (level_ == PP_AES_X86_VAES512) {                               \
            pp_aes_vaes512_##fn args;                                     \
        } else if (level_ == PP_AES_X86_VAES256) {                        \
            pp_aes_vaes256_##fn args;                                     \
        } else {                                                          \
            wide_ = 0;                                                    \
        }                                                                 \
        in += 16u * wide_;                                                \
        out += 16u * wide_;                                               \
        nblocks -= wide_;                                                 \
    } while (0)

#define LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
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

/* ---- key schedule (FIPS 197 5.2) ---------------------------------------
 * The schedule is built a round key (four words) at a time. With the words
 * of the previous group in the lanes of x, the next group is
 *   w[i+j] = w[i-Nk+j] ^ w[i-Nk+j-1] ^ ... ^ w[i-Nk] ^ t     (j = 0..3)
 * where t = SubWord(RotWord(w[i-1])) ^ Rcon (or SubWord(w[i-1]) for the
 * second half of an AES-256 group): a prefix XOR of the lanes, then t
 * broadcast. AESKEYGENASSIST gives SubWord(X1), RotWord(SubWord(X1)) ^ imm,
 * SubWord(X3), RotWord(SubWord(X3)) ^ imm in lanes 0..3; its immediate is
 * 0 so that one loop serves every Rcon (XORed in as a public constant). */

/* (x0, x0^x1, x0^x1^x2, x0^x1^x2^x3). */
PP_AES_TARGET static __m128i prefix_xor(__m128i x)
{
    x = _mm_xor_si128(x, _mm_slli_si128(x, 4));
    return _mm_xor_si128(x, _mm_slli_si128(x, 8));
}

/* FIPS 197 5.2: Rcon[i+1] = x * Rcon[i] in GF(2^8) (public). */
static uint32_t next_rcon(uint32_t rcon)
{
    return ((rcon << 1) ^ (0x11bu & (0u - (rcon >> 7)))) & 0xffu;
}

/* Lane 3 of AESKEYGENASSIST(x): RotWord(SubWord(x3)), broadcast, ^ rcon. */
PP_AES_TARGET static __m128i rot_sub3(__m128i x, uint32_t rcon)
{
    return _mm_xor_si128(_mm_shuffle_epi32(_mm_aeskeygenassist_si128(x, 0), 0xff),
                         _mm_set1_epi32((int)rcon));
}

PP_AES_TARGET static void expand128(uint8_t *w, const uint8_t *key)
{
    __m128i a = LOAD(key);
    uint32_t rcon = 1;
    unsigned i;
    STORE(w, a);
    for (i = 1; i <= 10; i++) {
        a = _mm_xor_si128(prefix_xor(a), rot_sub3(a, rcon));
        STORE(w + 16u * i, a);
        rcon = next_rcon(rcon);
    }
}

/* Nk = 6: a holds w[i-6..i-3], the low half of b w[i-2..i-1]; each step
 * writes six words (the last step two words past the 52 of the schedule,
 * still inside the 240 encryption bytes). */
PP_AES_TARGET static void expand192(uint8_t *w, const uint8_t *key)
{
    __m128i a = LOAD(key);
    __m128i b = _mm_loadl_epi64((const __m128i *)(const void *)(key + 16));
    uint32_t rcon = 1;
    unsigned off;
    STORE(w, a);
    _mm_storel_epi64((__m128i *)(void *)(w + 16), b);
    for (off = 24; off < 208; off += 24) {
        /* Lane 1 of AESKEYGENASSIST(b) is RotWord(SubWord(w[i-1])). */
        __m128i t = _mm_xor_si128(_mm_shuffle_epi32(_mm_aeskeygenassist_si128(b, 0), 0x55),
                                  _mm_set1_epi32((int)rcon));
        a = _mm_xor_si128(prefix_xor(a), t);
        /* w[i+4] = w[i-2] ^ w[i+3], w[i+5] = w[i-1] ^ w[i+4]. */
        b = _mm_xor_si128(_mm_xor_si128(b, _mm_slli_si128(b, 4)), _mm_shuffle_epi32(a, 0xff));
        STORE(w + off, a);
        _mm_storel_epi64((__m128i *)(void *)(w + off + 16), b);
        rcon = next_rcon(rcon);
    }
}

/* Nk = 8: round keys alternate between the RotWord/Rcon step and the
 * SubWord-only step of FIPS 197 5.2 (i mod Nk = 4). */
PP_AES_TARGET static void expand256(uint8_t *w, const uint8_t *key)
{
    __m128i a = LOAD(key);
    __m128i b = LOAD(key + 16);
    uint32_t rcon = 1;
    unsigned i;
    STORE(w, a);
    STORE(w + 16, b);
    for (i = 2; i <= 14; i += 2) {
        a = _mm_xor_si128(prefix_xor(a), rot_sub3(b, rcon));
        STORE(w + 16u * i, a);
        if (i == 14) {
            break;
        }
        /* Lane 2 of AESKEYGENASSIST(a): SubWord of a's last word, the word
         * just before this group. */
        b = _mm_xor_si128(prefix_xor(b), _mm_shuffle_epi32(_mm_aeskeygenassist_si128(a, 0), 0xaa));
        STORE(w + 16u * (i + 1), b);
        rcon = next_rcon(rcon);
    }
}

PP_AES_TARGET
psa_status_t pp_aes_hw_set_key(pp_aes_key *k, const uint8_t *key, size_t key_len)
{
    uint8_t *w = (uint8_t *)k->rk;
    uint8_t *d = w + PP_AES_HW_DEC_OFFSET;
    unsigned nr, i;

    if (key_len != 16 && key_len != 24 && key_len != 32) {
        pp_wipe(k, sizeof *k);
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    nr = (unsigned)(key_len / 4 + 6);
    k->rounds = nr;
    if (key_len == 16) {
        expand128(w, key);
    } else if (key_len == 24) {
        expand192(w, key);
    } else {
        expand256(w, key);
    }
    /* FIPS 197 5.3.5: the decryption schedule, in the order it is used. */
    memcpy(d, w + 16u * nr, 16);
    for (i = 1; i < nr; i++) {
        STORE(d + 16u * i, _mm_aesimc_si128(RK(w, nr - i)));
    }
    memcpy(d + 16u * nr, w, 16);
    return PSA_SUCCESS;
}

/* ---- the block function, one block and eight -------------------------- */

/* FIPS 197 5.1 Cipher with the schedule rk of nr rounds. */
PP_AES_TARGET static __m128i encrypt1(const uint8_t *rk, unsigned nr, __m128i b)
{
    unsigned r;
    b = _mm_xor_si128(b, RK(rk, 0));
    for (r = 1; r < nr; r++) {
        b = _mm_aesenc_si128(b, RK(rk, r));
    }
    return _mm_aesenclast_si128(b, RK(rk, nr));
}

/* FIPS 197 5.3.5 EqInvCipher with the decryption schedule dk. */
PP_AES_TARGET static __m128i decrypt1(const uint8_t *dk, unsigned nr, __m128i b)
{
    unsigned r;
    b = _mm_xor_si128(b, RK(dk, 0));
    for (r = 1; r < nr; r++) {
        b = _mm_aesdec_si128(b, RK(dk, r));
    }
    return _mm_aesdeclast_si128(b, RK(dk, nr));
}

/* Eight blocks in the named variables b0..b7: one operation on each. */
#define EACH8(op, key)                                                    \
    do {                                                                  \
        b0 = op(b0, key); b1 = op(b1, key); b2 = op(b2, key);             \
        b3 = op(b3, key); b4 = op(b4, key); b5 = op(b5, key);             \
        b6 = op(b6, key); b7 = op(b7, key);                               \
    } while (0)
/* All nr rounds on b0..b7 with schedule s: round ops OP, last LAST. */
#define ROUNDS8(s, nr, OP, LAST)                                          \
    do {                                                                  \
        unsigned r_;                                                      \
        __m128i key_ = RK(s, 0);                                          \
        EACH8(_mm_xor_si128, key_);                                       \
        for (r_ = 1; r_ < (nr); r_++) {                                   \
            key_ = RK(s, r_);                                             \
            EACH8(OP, key_);                                              \
        }                                                                 \
        key_ = RK(s, nr);                                                 \
        EACH8(LAST, key_);                                                \
    } while (0)
/* LOAD8 / STORE8 and LOADN / STOREN (the last 2..7 blocks through all
 * eight lanes: one batch costs less than m dependent chains): the
 * pattern shared with aes_armv8.c, over this file's LOAD / STORE. */
#include "aes/aes_hw_lanes.h"

/* ---- ECB (SP 800-38A 6.1) --------------------------------------------- */

/* Every block on its own: eight at a time, then the rest (LOADN), with
 * the schedule s, the round operations OP / LAST and the one-block ONE. */
#define ECB(s, OP, LAST, ONE)                                             \
    do {                                                                  \
        unsigned nr = k->rounds;                                          \
        __m128i b0, b1, b2, b3, b4, b5, b6, b7;                           \
        for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {       \
            LOAD8(in);                                                    \
            ROUNDS8(s, nr, OP, LAST);                                     \
            STORE8(out);                                                  \
        }                                                                 \
        if (nblocks == 1) {                                               \
            STORE(out, ONE(s, nr, LOAD(in)));                             \
        } else if (nblocks > 1) {                                         \
            LOADN(in, nblocks);                                           \
            ROUNDS8(s, nr, OP, LAST);                                     \
            STOREN(out, nblocks);                                         \
        }                                                                 \
    } while (0)

PP_AES_TARGET
void pp_aes_hw_ecb_encrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                           size_t nblocks)
{
    WIDE(ecb, (k, in, out, wide_, 1));
    ECB(enc_keys(k), _mm_aesenc_si128, _mm_aesenclast_si128, encrypt1);
}

PP_AES_TARGET
void pp_aes_hw_ecb_decrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                           size_t nblocks)
{
    WIDE(ecb, (k, in, out, wide_, 0));
    ECB(dec_keys(k), _mm_aesdec_si128, _mm_aesdeclast_si128, decrypt1);
}

/* ---- CTR (SP 800-38A 6.5, B.1: the whole block is the counter) --------
 * The counter lives in a register as n = (lo, hi), two 64-bit lanes of
 * its value; the counter block is n's 16 bytes reversed (hi then lo, each
 * big-endian). The 128-bit increment is arithmetic, with no branch on the
 * counter: lo + j wrapped iff lo > lo + j (unsigned; PCMPGTQ is signed,
 * so both sides have their top bit flipped), and then hi gains one. The
 * eight blocks of a batch are made in pairs: lanes (lo + j, lo + j + 1),
 * their two hi lanes, interleaved: four vector operations per block. */

#define CTR_SIGN _mm_set1_epi64x(-0x7fffffffffffffffll - 1)
#define CTR_REV _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)

/* n + add, add = (j, 0) with j < 2^63, carried into the high lane. */
PP_AES_TARGET static __m128i ctr_add(__m128i n, __m128i add)
{
    __m128i sum = _mm_add_epi64(n, add);
    __m128i wrapped = _mm_cmpgt_epi64(_mm_xor_si128(n, CTR_SIGN), _mm_xor_si128(sum, CTR_SIGN));
    return _mm_sub_epi64(sum, _mm_slli_si128(wrapped, 8));
}

/* Blocks x = n + 2k and y = n + 2k + 1 from lo2 = (lo, lo), hi2 = (hi, hi)
 * and flipped = lo2 with its top bits flipped. */
#define CTR_PAIR(x, y, k)                                                         \
    do {                                                                          \
        __m128i l_ = _mm_add_epi64(lo2, _mm_set_epi64x(2 * (k) + 1, 2 * (k)));    \
        __m128i h_ = _mm_sub_epi64(hi2, _mm_cmpgt_epi64(flipped,                  \
                                                        _mm_xor_si128(l_, CTR_SIGN))); \
        x = _mm_shuffle_epi8(_mm_unpacklo_epi64(l_, h_), CTR_REV);                \
        y = _mm_shuffle_epi8(_mm_unpackhi_epi64(l_, h_), CTR_REV);                \
    } while (0)

PP_AES_TARGET
void pp_aes_hw_ctr(const pp_aes_key *k, uint8_t ctr[16], const uint8_t *in,
                   uint8_t *out, size_t nblocks)
{
    const uint8_t *rk = enc_keys(k);
    unsigned nr = k->rounds;
    __m128i n, b0, b1, b2, b3, b4, b5, b6, b7;
    WIDE(ctr, (k, ctr, in, out, wide_));
    n = _mm_shuffle_epi8(LOAD(ctr), CTR_REV);
    while (nblocks > 0) {
        /* m blocks in this batch: 8, or the last 1..7 (public). */
        size_t m = nblocks < 8 ? nblocks : 8;
        __m128i lo2 = _mm_unpacklo_epi64(n, n), hi2 = _mm_unpackhi_epi64(n, n);
        __m128i flipped = _mm_xor_si128(lo2, CTR_SIGN);
        CTR_PAIR(b0, b1, 0);
        CTR_PAIR(b2, b3, 1);
        CTR_PAIR(b4, b5, 2);
        CTR_PAIR(b6, b7, 3);
        n = ctr_add(n, _mm_set_epi64x(0, (long long)m));
        if (m == 1) {
            b0 = encrypt1(rk, nr, b0);
        } else {
            ROUNDS8(rk, nr, _mm_aesenc_si128, _mm_aesenclast_si128);
        }
        if (m == 8) {
            /* Load all eight inputs before the first store: in == out. */
            b0 = _mm_xor_si128(b0, LOAD(in)); b1 = _mm_xor_si128(b1, LOAD(in + 16));
            b2 = _mm_xor_si128(b2, LOAD(in + 32)); b3 = _mm_xor_si128(b3, LOAD(in + 48));
            b4 = _mm_xor_si128(b4, LOAD(in + 64)); b5 = _mm_xor_si128(b5, LOAD(in + 80));
            b6 = _mm_xor_si128(b6, LOAD(in + 96)); b7 = _mm_xor_si128(b7, LOAD(in + 112));
            STORE8(out);
        } else {
            b0 = _mm_xor_si128(b0, LOAD(in));
            if (m > 1) b1 = _mm_xor_si128(b1, LOAD(in + 16));
            if (m > 2) b2 = _mm_xor_si128(b2, LOAD(in + 32));
            if (m > 3) b3 = _mm_xor_si128(b3, LOAD(in + 48));
            if (m > 4) b4 = _mm_xor_si128(b4, LOAD(in + 64));
            if (m > 5) b5 = _mm_xor_si128(b5, LOAD(in + 80));
            if (m > 6) b6 = _mm_xor_si128(b6, LOAD(in + 96));
            STOREN(out, m);
        }
        nblocks -= m;
        in += 16 * m;
        out += 16 * m;
    }
    STORE(ctr, _mm_shuffle_epi8(n, CTR_REV));
}

/* ---- CCM's two passes in one (SP 800-38C 6.1 steps 4-5, 6.2) -----------
 * The CBC-MAC is a chain: each block waits for the previous one's Nr
 * rounds. The CTR block of the same payload block is independent of it,
 * so both go through the rounds together (two AESENC per round, the
 * second in the first's latency): CCM costs about what the CBC-MAC alone
 * does. Encryption MACs P_j beside keystream block j; decryption needs
 * P_j = C_j ^ E(Ctr_j) before MAC block j, so keystream block j+1 is
 * made beside MAC block j (one keystream block ahead). The counter is
 * the 128-bit increment of pp_aes_hw_ctr (ctr_add: no branch). */

/* E(a) and E(b) with the schedule rk, round by round. */
#define ENC2(rk, nr, a, b)                                                \
    do {                                                                  \
        unsigned r2_;                                                     \
        __m128i k2_ = RK(rk, 0);                                          \
        a = _mm_xor_si128(a, k2_);                                        \
        b = _mm_xor_si128(b, k2_);                                        \
        for (r2_ = 1; r2_ < (nr); r2_++) {                                \
            k2_ = RK(rk, r2_);                                            \
            a = _mm_aesenc_si128(a, k2_);                                 \
            b = _mm_aesenc_si128(b, k2_);                                 \
        }                                                                 \
        k2_ = RK(rk, nr);                                                 \
        a = _mm_aesenclast_si128(a, k2_);                                 \
        b = _mm_aesenclast_si128(b, k2_);                                 \
    } while (0)

PP_AES_TARGET
void pp_aes_hw_ccm(const pp_aes_key *k, uint8_t mac[16], uint8_t ctr[16], const uint8_t *in,
                   uint8_t *out, size_t nblocks, int encrypt)
{
    const uint8_t *rk = enc_keys(k);
    unsigned nr = k->rounds;
    const __m128i one = _mm_set_epi64x(0, 1);
    __m128i y = LOAD(mac), n = _mm_shuffle_epi8(LOAD(ctr), CTR_REV), ks, x;
    if (encrypt) {
        for (; nblocks > 0; nblocks--, in += 16, out += 16) {
            x = LOAD(in);
            y = _mm_xor_si128(y, x);
            ks = _mm_shuffle_epi8(n, CTR_REV);
            n = ctr_add(n, one);
            ENC2(rk, nr, y, ks);
            STORE(out, _mm_xor_si128(x, ks));
        }
    } else if (nblocks > 0) {
        ks = encrypt1(rk, nr, _mm_shuffle_epi8(n, CTR_REV));
        n = ctr_add(n, one);
        for (; nblocks > 1; nblocks--, in += 16, out += 16) {
            x = _mm_xor_si128(LOAD(in), ks);
            STORE(out, x);
            y = _mm_xor_si128(y, x);
            ks = _mm_shuffle_epi8(n, CTR_REV);
            n = ctr_add(n, one);
            ENC2(rk, nr, y, ks);
        }
        x = _mm_xor_si128(LOAD(in), ks);
        STORE(out, x);
        y = encrypt1(rk, nr, _mm_xor_si128(y, x));
    }
    STORE(mac, y);
    STORE(ctr, _mm_shuffle_epi8(n, CTR_REV));
}

/* ---- CBC (SP 800-38A 6.2) --------------------------------------------- */

/* C_j = CIPH(P_j ^ C_{j-1}): a chain, one block at a time. */
PP_AES_TARGET
void pp_aes_hw_cbc_encrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                           uint8_t *out, size_t nblocks)
{
    const uint8_t *rk = enc_keys(k);
    unsigned nr = k->rounds;
    __m128i c = LOAD(iv);
    for (; nblocks > 0; nblocks--, in += 16, out += 16) {
        c = encrypt1(rk, nr, _mm_xor_si128(c, LOAD(in)));
        STORE(out, c);
    }
    STORE(iv, c);
}

/* The same chain with no ciphertext stored: CBC-MAC (aes_hw.h). */
PP_AES_TARGET
void pp_aes_hw_cbc_mac(const pp_aes_key *k, uint8_t mac[16], const uint8_t *in, size_t nblocks)
{
    const uint8_t *rk = enc_keys(k);
    unsigned nr = k->rounds;
    __m128i c = LOAD(mac);
    for (; nblocks > 0; nblocks--, in += 16) {
        c = encrypt1(rk, nr, _mm_xor_si128(c, LOAD(in)));
    }
    STORE(mac, c);
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
    __m128i prev, last;
    __m128i b0, b1, b2, b3, b4, b5, b6, b7;
    WIDE(cbc_decrypt, (k, iv, in, out, wide_));
    prev = LOAD(iv);
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
        LOAD8(in);
        last = b7;
        ROUNDS8(dk, nr, _mm_aesdec_si128, _mm_aesdeclast_si128);
        STORE(out + 112, _mm_xor_si128(b7, LOAD(in + 96)));
        STORE(out + 96, _mm_xor_si128(b6, LOAD(in + 80)));
        STORE(out + 80, _mm_xor_si128(b5, LOAD(in + 64)));
        STORE(out + 64, _mm_xor_si128(b4, LOAD(in + 48)));
        STORE(out + 48, _mm_xor_si128(b3, LOAD(in + 32)));
        STORE(out + 32, _mm_xor_si128(b2, LOAD(in + 16)));
        STORE(out + 16, _mm_xor_si128(b1, LOAD(in)));
        STORE(out, _mm_xor_si128(b0, prev));
        prev = last;
    }
    if (nblocks == 1) {
        last = LOAD(in);
        STORE(out, _mm_xor_si128(decrypt1(dk, nr, last), prev));
        prev = last;
    } else if (nblocks > 1) {
        LOADN(in, nblocks);
        last = LOAD(in + 16 * (nblocks - 1));
        ROUNDS8(dk, nr, _mm_aesdec_si128, _mm_aesdeclast_si128);
        /* Last block first, as above; nblocks <= 7. */
        if (nblocks > 6) STORE(out + 96, _mm_xor_si128(b6, LOAD(in + 80)));
        if (nblocks > 5) STORE(out + 80, _mm_xor_si128(b5, LOAD(in + 64)));
        if (nblocks > 4) STORE(out + 64, _mm_xor_si128(b4, LOAD(in + 48)));
        if (nblocks > 3) STORE(out + 48, _mm_xor_si128(b3, LOAD(in + 32)));
        if (nblocks > 2) STORE(out + 32, _mm_xor_si128(b2, LOAD(in + 16)));
        STORE(out + 16, _mm_xor_si128(b1, LOAD(in)));
        STORE(out, _mm_xor_si128(b0, prev));
        prev = last;
    }
    STORE(iv, prev);
}

/* ---- XTS whole blocks (IEEE 1619-2007 5.3.1, 5.4.1) ---------------------
 * t := t * alpha in GF(2^128), t the little-endian 128-bit integer of the
 * register: each 64-bit lane shifts left by one; lane 0's top bit enters
 * lane 1's bit 0 and lane 1's top bit comes back as 0x87 in lane 0. The
 * tops are broadcast by an arithmetic shift and masked: no branch. */
PP_AES_TARGET static __m128i xts_mul_alpha(__m128i t)
{
    __m128i tops = _mm_shuffle_epi32(_mm_srai_epi32(t, 31), _MM_SHUFFLE(0, 1, 0, 3));
    return _mm_xor_si128(_mm_slli_epi64(t, 1), _mm_and_si128(tops, _mm_set_epi32(0, 1, 0, 0x87)));
}

#define XOR8(t)                                                           \
    do {                                                                  \
        b0 = _mm_xor_si128(b0, t##0); b1 = _mm_xor_si128(b1, t##1);       \
        b2 = _mm_xor_si128(b2, t##2); b3 = _mm_xor_si128(b3, t##3);       \
        b4 = _mm_xor_si128(b4, t##4); b5 = _mm_xor_si128(b5, t##5);       \
        b6 = _mm_xor_si128(b6, t##6); b7 = _mm_xor_si128(b7, t##7);       \
    } while (0)

PP_AES_TARGET
void pp_aes_hw_xts(const pp_aes_key *k, uint8_t tweak[16], const uint8_t *in, uint8_t *out,
                   size_t nblocks, int encrypt)
{
    unsigned nr = k->rounds;
    const uint8_t *s = encrypt ? enc_keys(k) : dec_keys(k);
    __m128i t;
    __m128i b0, b1, b2, b3, b4, b5, b6, b7, w0, w1, w2, w3, w4, w5, w6, w7;
    WIDE(xts, (k, tweak, in, out, wide_, encrypt));
    t = LOAD(tweak);
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
            ROUNDS8(s, nr, _mm_aesenc_si128, _mm_aesenclast_si128);
        } else {
            ROUNDS8(s, nr, _mm_aesdec_si128, _mm_aesdeclast_si128);
        }
        XOR8(w);
        STORE8(out);
    }
    for (; nblocks != 0; nblocks--, in += 16, out += 16) {
        b0 = _mm_xor_si128(LOAD(in), t);
        b0 = encrypt ? encrypt1(s, nr, b0) : decrypt1(s, nr, b0);
        STORE(out, _mm_xor_si128(b0, t));
        t = xts_mul_alpha(t);
    }
    STORE(tweak, t);
}

#else
typedef int pp_aes_x86_disabled;
#endif /* PP_AES_HW_X86 */
