/*
 * aes_ct32.c -- fixsliced constant-time AES (FIPS 197) on 32-bit words,
 * see aes.h. The fixslicing idea is Adomnicai and Peyrin's ("Fixslicing
 * AES-like ciphers", TCHES 2021/1): never apply ShiftRows, let the state
 * drift, and have each round's MixColumns read the drifted positions.
 *
 * Layout: two blocks at once in eight words q[0..7]; q[b] holds bit b of
 * all 32 state bytes, the byte of block j (0, 1) at row r, column c
 * (FIPS 197 3.4) sitting at bit 8r + 2c + j. So row r is byte r of every
 * word: "the row below" is a 32-bit rotation by 8, and moving a byte to
 * another column is a rotation inside each byte by 2 bits per column.
 *
 * Frames: after i rounds without ShiftRows, the stored state S and the
 * true state T of FIPS 197 5.1 satisfy T(r, c) = S(r, c + k r), k = i mod 4
 * (columns mod 4). MixColumns (5.1.3) in frame k therefore combines the
 * stored byte (r, c) with (r + 1, c + k), (r + 2, c + 2k), (r + 3, c + 3k):
 * rot1 = 32-bit rotation by 8 then a rotation of every byte by 2k bits,
 * rot2 = rotation by 16 then every byte by 4k bits (nothing when k is
 * even). Four MixColumns variants, one per frame, chosen by the public
 * round number. Round key i is stored pre-shifted into frame i mod 4, so
 * AddRoundKey stays one XOR per word. After the last round (no
 * MixColumns) the frame is Nr mod 4: 2 for AES-128 and AES-256, where one
 * byte rotation by 4 of rows 1 and 3 restores the true order; 0 for AES-192.
 * Decryption (5.3) runs the same frames backwards: InvShiftRows is never
 * applied either, the stored round keys serve both directions.
 *
 *  - SubBytes: Boyar-Peralta's circuit on whole words (aes_bitslice.h);
 *    InvSubBytes as A^-1 o S o A^-1 with the inverse affine map around it.
 *  - With PICOPSA_AES_CT32_ASM (Cortex-M3/M4/M7/M33) the whole encryption
 *    pass is Thumb-2 (aes_ct32_armv7m.c, written by
 *    tools/aes/gen_ct32_armv7m.py): transposes, rounds, frame fix-up; the
 *    circuit's four NOTs are folded into round keys 1..Nr (set_key; the C
 *    decryption takes them back out). The passes then take and return q
 *    in byte order. Decryption stays in C on the same circuit.
 *  - CTR, ECB, CBC decryption: two blocks per pass; CBC encryption (and so
 *    CMAC, CCM's CBC-MAC) one block per pass in lane 0, lane 1 zero.
 *  - Round keys: 8 words per round, 15 x 32 bytes = 480 bytes for AES-256
 *    (pp_aes_key.rk is uint32_t[120] in this backend).
 * Every operation is a fixed sequence of AND/XOR/NOT/shift/rotate on the
 * words; loop bounds and switch labels depend only on the public round
 * count and block count. No table is read at all.
 */
#include "aes/aes.h"
#include "aes/aes_ct32_armv7m.h"
#include "common/pp_util.h"
#include <picopsa/config.h>

#if PICOPSA_AES_BACKEND == PICOPSA_AES_CT32

#include <string.h>

#define PP_BS_W uint32_t
#if PP_AES_CT32_ASM
/* SubBytes (key schedule, decryption) and the transpose in Thumb-2,
 * aes_ct32_armv7m.c: the same circuit and exchanges, written by
 * tools/aes/gen_ct32_armv7m.py. */
#define PP_BS_SUB_BYTES_EXTERNAL 1
static void sub_bytes(uint32_t q[8])
{
    pp_aes_ct32_sbox_armv7m(q);
}
#define PP_BS_ORTHO_EXTERNAL 1
static void ortho(uint32_t q[8])
{
    pp_aes_ct32_ortho_armv7m(q);
}
#endif
#include "aes/aes_bitslice.h"

/* ---- rotations ------------------------------------------------------- */

/* Macros rather than inline functions: gcc -Os kept them out of line (a
 * call per rotation, the round's main cost). 0 < n < 32. */
#define ROR32(x, n) (((x) >> (n)) | ((x) << (32u - (n))))

/* ShiftRows twice (rows 1 and 3 by two columns, row 2 by four = none):
 * the change between frame 2 and frame 0, an involution. */
#define SHIFT_ROWS2(x) (((x) & 0x00FF00FFu) | (((x) >> 4) & 0x0F000F00u) | (((x) << 4) & 0xF000F000u))

/* ---- MixColumns per frame ------------------------------------------- */

/* rot1/rot2 of frame k (see the top): the stored byte one (two) rows
 * down and k (2k) columns on, brought to each position. A rotation by 8n
 * then every byte by s bits is two 32-bit rotations merged: the low 8 - s
 * bits of each byte come from ror(x, 8n + s), the top s bits (what the
 * byte rotation wraps around) from ror(x, 8n + s - 8): 4 operations on
 * ARMv7-M (rotations fold into EOR) instead of 6. */
#define ROT_MERGE(x, a, b, hi) (ROR32((x), (a)) ^ ((ROR32((x), (a)) ^ ROR32((x), (b))) & (hi)))
#define ROT1_F0(x) ROR32((x), 8)
#define ROT1_F1(x) ROT_MERGE((x), 10, 2, 0xC0C0C0C0u)
#define ROT1_F2(x) ROT_MERGE((x), 12, 4, 0xF0F0F0F0u)
#define ROT1_F3(x) ROT_MERGE((x), 14, 6, 0xFCFCFCFCu)
#define ROT2_EVEN(x) ROR32((x), 16)
#define ROT2_ODD(x) ROT_MERGE((x), 20, 12, 0xF0F0F0F0u)

/* FIPS 197 5.1.3: b_r = 2 a_r ^ 3 a_(r+1) ^ a_(r+2) ^ a_(r+3)
 *                    = 2 s_r ^ a_(r+1) ^ s_(r+2), s_r = a_r ^ a_(r+1),
 * row offsets read in the frame. 2 s (FIPS 197 4.2.1) on bit planes: plane
 * 7 folds into planes 0, 1, 3, 4 (0x1b). q = MixColumns(a) ^ rk; a is read
 * whole before q is written, so q == a is fine. */
#define PP_CT32_MIX(name, ROT1, ROT2)                                                  \
    static void name(uint32_t q[8], const uint32_t a[8], const uint32_t rk[8])          \
    {                                                                                  \
        uint32_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];                           \
        uint32_t a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7];                           \
        uint32_t n7 = ROT1(a7), s7 = a7 ^ n7;                                          \
        uint32_t n, s, p;                                                              \
        n = ROT1(a0);                                                                  \
        s = a0 ^ n;                                                                    \
        q[0] = s7 ^ n ^ ROT2(s) ^ rk[0];                                               \
        p = s;                                                                         \
        n = ROT1(a1);                                                                  \
        s = a1 ^ n;                                                                    \
        q[1] = p ^ s7 ^ n ^ ROT2(s) ^ rk[1];                                           \
        p = s;                                                                         \
        n = ROT1(a2);                                                                  \
        s = a2 ^ n;                                                                    \
        q[2] = p ^ n ^ ROT2(s) ^ rk[2];                                                \
        p = s;                                                                         \
        n = ROT1(a3);                                                                  \
        s = a3 ^ n;                                                                    \
        q[3] = p ^ s7 ^ n ^ ROT2(s) ^ rk[3];                                           \
        p = s;                                                                         \
        n = ROT1(a4);                                                                  \
        s = a4 ^ n;                                                                    \
        q[4] = p ^ s7 ^ n ^ ROT2(s) ^ rk[4];                                           \
        p = s;                                                                         \
        n = ROT1(a5);                                                                  \
        s = a5 ^ n;                                                                    \
        q[5] = p ^ n ^ ROT2(s) ^ rk[5];                                                \
        p = s;                                                                         \
        n = ROT1(a6);                                                                  \
        s = a6 ^ n;                                                                    \
        q[6] = p ^ n ^ ROT2(s) ^ rk[6];                                                \
        q[7] = s ^ n7 ^ ROT2(s7) ^ rk[7];                                              \
    }

PP_CT32_MIX(mix_f0, ROT1_F0, ROT2_EVEN)
PP_CT32_MIX(mix_f1, ROT1_F1, ROT2_ODD)
PP_CT32_MIX(mix_f2, ROT1_F2, ROT2_EVEN)
PP_CT32_MIX(mix_f3, ROT1_F3, ROT2_ODD)

static const uint32_t zero_key[8] = {0, 0, 0, 0, 0, 0, 0, 0};

/* AddRoundKey, then the first factor of InvMixColumns (FIPS 197 5.3.3,
 * 5.3.4) in a frame: 0b x^3 + 0d x^2 + 09 x + 0e = (03 x^3 + 01 x^2 +
 * 01 x + 02)(04 x^2 + 05) mod x^4 + 1, so u_r = a_r ^ 4 (a_r ^ a_(r+2))
 * (row offset read in the frame: only its parity matters); the caller
 * then runs the frame's MixColumns on u. 4 d is x times x times d on the
 * bit planes, written out. */
#define PP_CT32_INV_PRE(name, ROT2)                                                    \
    static void name(uint32_t q[8], const uint32_t rk[8])                              \
    {                                                                                  \
        uint32_t a0 = q[0] ^ rk[0], a1 = q[1] ^ rk[1], a2 = q[2] ^ rk[2];              \
        uint32_t a3 = q[3] ^ rk[3], a4 = q[4] ^ rk[4], a5 = q[5] ^ rk[5];              \
        uint32_t a6 = q[6] ^ rk[6], a7 = q[7] ^ rk[7];                                 \
        uint32_t d0 = a0 ^ ROT2(a0), d1 = a1 ^ ROT2(a1), d2 = a2 ^ ROT2(a2);           \
        uint32_t d3 = a3 ^ ROT2(a3), d4 = a4 ^ ROT2(a4), d5 = a5 ^ ROT2(a5);           \
        uint32_t d6 = a6 ^ ROT2(a6), d7 = a7 ^ ROT2(a7);                               \
        q[0] = a0 ^ d6;                                                                \
        q[1] = a1 ^ d6 ^ d7;                                                           \
        q[2] = a2 ^ d0 ^ d7;                                                           \
        q[3] = a3 ^ d1 ^ d6;                                                           \
        q[4] = a4 ^ d2 ^ d6 ^ d7;                                                      \
        q[5] = a5 ^ d3 ^ d7;                                                           \
        q[6] = a6 ^ d4;                                                                \
        q[7] = a7 ^ d5;                                                                \
    }

PP_CT32_INV_PRE(inv_pre_even, ROT2_EVEN)
PP_CT32_INV_PRE(inv_pre_odd, ROT2_ODD)

/* q = MixColumns(q) ^ rk in the frame of round r (public). */
static void mix_frame(uint32_t q[8], const uint32_t rk[8], unsigned r)
{
    switch (r & 3u) {
    case 1:
        mix_f1(q, q, rk);
        break;
    case 2:
        mix_f2(q, q, rk);
        break;
    case 3:
        mix_f3(q, q, rk);
        break;
    default:
        mix_f0(q, q, rk);
        break;
    }
}

static void add_round_key(uint32_t q[8], const uint32_t *rk)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        q[i] ^= rk[i];
}

static void shift_rows2_all(uint32_t q[8])
{
    unsigned i;
    for (i = 0; i < 8; i++)
        q[i] = SHIFT_ROWS2(q[i]);
}

/* ---- rounds ---------------------------------------------------------- */

/* FIPS 197 5.1 Cipher on both lanes; round r's MixColumns and round key
 * are in frame r mod 4 (r is public). With PP_AES_CT32_ASM q arrives and
 * leaves in byte order (load_blocks() without ortho()): the Thumb-2 pass
 * transposes it itself, and its round keys 1..nr carry the S-box's NOTs
 * (set_key). */
static void encrypt_q(const pp_aes_key *k, uint32_t q[8])
{
#if PP_AES_CT32_ASM
    pp_aes_ct32_encrypt_armv7m(q, k->rk, k->rounds);
#else
    const uint32_t *rk = k->rk;
    unsigned r, nr = k->rounds;

    add_round_key(q, rk);
    for (r = 1; r < nr; r++) {
        sub_bytes(q);
        mix_frame(q, rk + 8 * r, r);
    }
    sub_bytes(q);
    add_round_key(q, rk + 8 * nr);
    if ((nr & 3u) == 2u)
        shift_rows2_all(q);
#endif
}

/* The S-box's affine constant 0x63 (FIPS 197 5.1.1) on the bit planes:
 * all-ones words 0, 1, 5 and 6. With the Thumb-2 rounds, round keys
 * 1..Nr are stored XORed with it (aes_ct32_armv7m.h); MixColumns maps a
 * state of equal bytes to itself, so the circuit's NOTs move there. */
#define NOT63(b) ((0x63u >> (b)) & 1u ? 0xFFFFFFFFu : 0u)

/* Round key r as FIPS 197 has it (frame r mod 4): the stored words, or
 * with PP_AES_CT32_ASM those of rounds >= 1 with 0x63 taken back out,
 * into t. */
static const uint32_t *true_round_key(const pp_aes_key *k, unsigned r, uint32_t t[8])
{
#if PP_AES_CT32_ASM
    unsigned b;
    if (r == 0)
        return k->rk;
    for (b = 0; b < 8; b++)
        t[b] = k->rk[8 * r + b] ^ NOT63(b);
    return t;
#else
    (void)t;
    return k->rk + 8 * r;
#endif
}

/* InvShiftRows (not applied: the frame steps back) and InvSubBytes
 * (FIPS 197 5.3.1, 5.3.2). With L(y) = A^-1(y ^ 0x63), S(x) = A(x^-1) ^
 * 0x63 gives x^-1 = L(S(x)), so S^-1(y) = L(S(L(y))). */
static void inv_sub(uint32_t q[8])
{
    inv_affine_of(q, q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]);
    sub_bytes(q);
    inv_affine_of(q, q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]);
}

/* FIPS 197 5.3 InvCipher on both lanes, the same stored round keys: the
 * state enters frame Nr mod 4, round r's AddRoundKey and InvMixColumns
 * run in frame r mod 4. */
static void decrypt_q(const pp_aes_key *k, uint32_t q[8])
{
    uint32_t t[8];
    unsigned r, nr = k->rounds;

#if PP_AES_CT32_ASM
    ortho(q); /* byte order in and out, as encrypt_q */
#endif
    if ((nr & 3u) == 2u)
        shift_rows2_all(q);
    add_round_key(q, true_round_key(k, nr, t));
    for (r = nr - 1; r > 0; r--) {
        inv_sub(q);
        if (r & 1u)
            inv_pre_odd(q, true_round_key(k, r, t));
        else
            inv_pre_even(q, true_round_key(k, r, t));
        mix_frame(q, zero_key, r);
    }
    inv_sub(q);
    add_round_key(q, k->rk);
#if PP_AES_CT32_ASM
    ortho(q);
#endif
    pp_wipe(t, sizeof t);
}

/* ---- bitslice conversion --------------------------------------------- */

/* Little-endian words at any alignment: on the Thumb-2 targets of
 * PP_AES_CT32_ASM (little endian, unaligned LDR/STR) one instruction each
 * (memcpy of 4), elsewhere pp_util's bytewise form. */
#if PP_AES_CT32_ASM
static uint32_t ld32(const uint8_t *p)
{
    uint32_t v;
    __builtin_memcpy(&v, p, 4);
    return v;
}
static void st32(uint8_t *p, uint32_t v)
{
    __builtin_memcpy(p, &v, 4);
}
#else
#define ld32 pp_load_le32
#define st32 pp_store_le32
#endif

/* n (1 or 2) blocks in: word 2c + j is column c of block j (bytes 4c + r
 * little-endian, so byte r of the word is row r); ortho() then makes q[b]
 * hold bit b of byte (r, c) of block j at bit 8r + 2c + j (with
 * PP_AES_CT32_ASM the passes do that, q stays in byte order). */
static void load_blocks(uint32_t q[8], const uint8_t *in, size_t n)
{
    unsigned c;
    for (c = 0; c < 4; c++) {
        q[2 * c] = ld32(in + 4 * c);
        q[2 * c + 1] = n > 1 ? ld32(in + 16 + 4 * c) : 0u;
    }
#if !PP_AES_CT32_ASM
    ortho(q);
#endif
}

/* Lanes 0..n-1 out as n blocks; q is left in byte order. */
static void store_blocks(uint8_t *out, uint32_t q[8], size_t n)
{
    unsigned c;
#if !PP_AES_CT32_ASM
    ortho(q);
#endif
    for (c = 0; c < 4; c++) {
        st32(out + 4 * c, q[2 * c]);
        if (n > 1)
            st32(out + 16 + 4 * c, q[2 * c + 1]);
    }
}

/* ---- key schedule ---------------------------------------------------- */

/* Every byte of x rotated right by s bits, 0 < s < 8. */
#define BYTE_ROR(x, s) ((((x) >> (s)) & ((0xFFu >> (s)) * 0x01010101u)) | \
                        (((x) << (8u - (s))) & ~((0xFFu >> (s)) * 0x01010101u)))

/* Y(r, c) = X(r, c + k r) on one bit-plane word: row r's byte rotated
 * right by 2 (k r mod 4) bits. k is public (a round number mod 4): the
 * switch picks the rows' rotations (0, 2k, 4k, 6k mod 8). */
static uint32_t col_shift(uint32_t x, unsigned k)
{
    switch (k & 3u) {
    case 1:
        return (x & 0x000000FFu) | (BYTE_ROR(x, 2u) & 0x0000FF00u) |
               (BYTE_ROR(x, 4u) & 0x00FF0000u) | (BYTE_ROR(x, 6u) & 0xFF000000u);
    case 2:
        return (x & 0x00FF00FFu) | (BYTE_ROR(x, 4u) & 0xFF00FF00u);
    case 3:
        return (x & 0x000000FFu) | (BYTE_ROR(x, 6u) & 0x0000FF00u) |
               (BYTE_ROR(x, 4u) & 0x00FF0000u) | (BYTE_ROR(x, 2u) & 0xFF000000u);
    default:
        return x;
    }
}

/* The FIPS 197 schedule (4 (rounds + 1) <= 60 words) is expanded into the
 * upper half of rk rather than a 240-byte local (the deepest frame of
 * every AES operation's setup on an MCU): round r's fixsliced words
 * rk[8r..8r+7] overwrite only schedule words of rounds 2r-15 and 2r-14,
 * never of a later round, and round r's own four are in q before its
 * first store. The schedule words no round key overwrote are wiped. */
psa_status_t pp_aes_soft_set_key(pp_aes_key *k, const uint8_t *key, size_t key_len)
{
    uint32_t *w = k->rk + 60;
    uint32_t q[8];
    unsigned r, c;
    psa_status_t status = start_key(k, w, key, key_len);

    if (status != PSA_SUCCESS)
        return status;
    /* Round key r in both lanes, bitsliced, then moved into frame r mod 4:
     * stored (r', c) must meet the true byte (r', c - k r'), i.e. the
     * shift by -k. */
    for (r = 0; r <= k->rounds; r++) {
        unsigned back = (4u - (r & 3u)) & 3u;
        for (c = 0; c < 4; c++) {
            q[2 * c] = w[4 * r + c];
            q[2 * c + 1] = w[4 * r + c];
        }
        ortho(q);
        for (c = 0; c < 8; c++)
            k->rk[8 * r + c] = col_shift(q[c], back);
#if PP_AES_CT32_ASM
        if (r > 0)
            for (c = 0; c < 8; c++)
                k->rk[8 * r + c] ^= NOT63(c);
#endif
    }
    pp_wipe(k->rk + 8 * r, sizeof k->rk - 8 * r * sizeof k->rk[0]);
    pp_wipe(q, sizeof q);
    return PSA_SUCCESS;
}

/* ---- modes ----------------------------------------------------------- */

#define PP_BS_W uint32_t
#define PP_BS_LANES 2
#define PP_BS_CBC_ENCRYPT_EXTERNAL 1
#include "aes/aes_bitslice_modes.h"

/* SP 800-38A 6.2 on words (the chaining value x in registers or one small
 * array), one block per pass in lane 0; in == out works (each block is
 * read before it is written). */
void pp_aes_soft_cbc_encrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                             uint8_t *out, size_t nblocks)
{
    uint32_t q[8], x[4];
    unsigned i;

    for (i = 0; i < 4; i++)
        x[i] = ld32(iv + 4 * i);
    while (nblocks-- > 0) {
        for (i = 0; i < 4; i++) {
            q[2 * i] = x[i] ^ ld32(in + 4 * i);
            q[2 * i + 1] = 0;
        }
#if !PP_AES_CT32_ASM
        ortho(q);
#endif
        encrypt_q(k, q);
#if !PP_AES_CT32_ASM
        ortho(q);
#endif
        for (i = 0; i < 4; i++) {
            x[i] = q[2 * i];
            st32(out + 4 * i, x[i]);
        }
        in += 16;
        out += 16;
    }
    for (i = 0; i < 4; i++)
        st32(iv + 4 * i, x[i]);
    pp_wipe(q, sizeof q);
    pp_wipe(x, sizeof x);
}

/* SP 800-38A B.1: the whole 128-bit block is the counter, c[0] its most
 * significant word. Each carry is the top half of a 33-bit sum, never a
 * comparison: the counter may be secret (clang -O1 turned "carry &= the
 * word is zero" into a branch on the word, caught by ct_aes). The
 * barriers keep the compiler from making c[3] the induction variable of
 * the caller's loop (a compare of the counter at the loop exit) and from
 * leaving the loop once it could tell the carry is 0. */
#define CTR_STEP(c, i, carry, t)                          \
    do {                                                  \
        (t) = (uint64_t)(c)[(i)] + (carry);               \
        (c)[(i)] = pp_ct_barrier_u32((uint32_t)(t));      \
        (carry) = pp_ct_barrier_u32((uint32_t)((t) >> 32)); \
    } while (0)
/* written out, and a macro: gcc -Os kept the loop, then the function, out
 * of line (a third of the mode's own time on the M4) */
#define CTR_INC(c)                         \
    do {                                   \
        uint64_t t_;                       \
        uint32_t carry_ = 1;               \
        CTR_STEP((c), 3, carry_, t_);      \
        CTR_STEP((c), 2, carry_, t_);      \
        CTR_STEP((c), 1, carry_, t_);      \
        (c)[0] = pp_ct_barrier_u32((c)[0] + carry_); \
    } while (0)

/* The counter block's column c as the little-endian word load_blocks()
 * reads: the big-endian counter word, byte-swapped. */
#define BSWAP32(x) (((x) >> 24) | (((x) >> 8) & 0xFF00u) | (((x) & 0xFF00u) << 8) | ((x) << 24))

/* Lane j of q: the counter block (column words, see load_blocks); out =
 * in ^ lane j of q (byte order). Written out for gcc -Os. */
#define CTR_LANE(q, cw, j)             \
    do {                               \
        (q)[(j)] = BSWAP32((cw)[0]);     \
        (q)[2 + (j)] = BSWAP32((cw)[1]); \
        (q)[4 + (j)] = BSWAP32((cw)[2]); \
        (q)[6 + (j)] = BSWAP32((cw)[3]); \
    } while (0)
#define XOR_LANE(o, i, q, j)                           \
    do {                                               \
        st32((o), ld32((i)) ^ (q)[(j)]);               \
        st32((o) + 4, ld32((i) + 4) ^ (q)[2 + (j)]);   \
        st32((o) + 8, ld32((i) + 8) ^ (q)[4 + (j)]);   \
        st32((o) + 12, ld32((i) + 12) ^ (q)[6 + (j)]); \
    } while (0)

void pp_aes_soft_ctr(const pp_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                     size_t nblocks)
{
    uint32_t q[8], cw[4];
    size_t n;
    unsigned i;

    for (i = 0; i < 4; i++)
        cw[i] = pp_load_be32(ctr + 4 * i);
    while (nblocks > 0) {
        n = min_lanes(nblocks);
        CTR_LANE(q, cw, 0);
        CTR_INC(cw);
        CTR_LANE(q, cw, 1);
        if (n > 1)
            CTR_INC(cw);
#if !PP_AES_CT32_ASM
        ortho(q);
#endif
        encrypt_q(k, q);
#if !PP_AES_CT32_ASM
        ortho(q);
#endif
        XOR_LANE(out, in, q, 0);
        if (n > 1)
            XOR_LANE(out + 16, in + 16, q, 1);
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    for (i = 0; i < 4; i++)
        pp_store_be32(ctr + 4 * i, cw[i]);
    pp_wipe(q, sizeof q);
    pp_wipe(cw, sizeof cw);
}

#endif /* PICOPSA_AES_BACKEND == PICOPSA_AES_CT32 */
