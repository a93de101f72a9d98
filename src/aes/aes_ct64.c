/*
 * aes_ct64.c -- bitsliced constant-time AES (FIPS 197), see aes.h.
 *
 * Four blocks are processed at once in eight 64-bit words q[0..7]: q[b]
 * holds bit b of each of the 64 state bytes, the byte of block j (0..3) at
 * row r, column c (FIPS 197 3.4) sitting at bit 16*r + 4*c + j. With that
 *  - SubBytes is a Boolean circuit evaluated on whole words: Boyar and
 *    Peralta, "A depth-16 circuit for the AES S-box" (2011), 128 gates:
 *    a 27-XOR top linear map, the 63-gate inversion core in the tower
 *    field (34 AND, 29 XOR) and a 38-XOR bottom map, four of them XNORs.
 *    There is no table at all;
 *  - ShiftRows rotates the 4-bit column groups inside each 16-bit row;
 *  - MixColumns rotates whole rows (by 16 bits) and multiplies by x in
 *    GF(2^8) by moving words between bit planes.
 * Every operation is a fixed sequence of AND/XOR/NOT/shift on the words;
 * loop bounds depend only on the public round count and block count.
 * Unused lanes (fewer than four blocks) are filled with zeros and dropped.
 */
#include "aes/aes.h"
#include "common/pp_util.h"
#include <picopsa/config.h>

#if PICOPSA_AES_BACKEND == PICOPSA_AES_CT64

#include <string.h>

#define PP_BS_W uint64_t
#include "aes/aes_bitslice.h"

/* ---- linear layers --------------------------------------------------- */

/* Rotations of 16-bit row fields: rows 2 and 3 by 8 bits (either way), and
 * rows 1 and 3 right or left by 4. */
static inline uint64_t rows23_rot8(uint64_t x)
{
    return (x & 0x00000000FFFFFFFFu) | ((x >> 8) & 0x00FF00FF00000000u) |
           ((x << 8) & 0xFF00FF0000000000u);
}

static inline uint64_t rows13_rotr4(uint64_t x)
{
    return (x & 0x0000FFFF0000FFFFu) | ((x >> 4) & 0x0FFF00000FFF0000u) |
           ((x << 12) & 0xF0000000F0000000u);
}

static inline uint64_t rows13_rotl4(uint64_t x)
{
    return (x & 0x0000FFFF0000FFFFu) | ((x << 4) & 0xFFF00000FFF00000u) |
           ((x >> 12) & 0x000F0000000F0000u);
}

/* FIPS 197 5.1.2: row r's column c takes column (c + r) mod 4, i.e. the
 * 16-bit row field rotates right by 4r bits: 8 + 4 for row 3. */
static inline uint64_t shift_rows_word(uint64_t x)
{
    return rows13_rotr4(rows23_rot8(x));
}

/* FIPS 197 5.3.1: the opposite rotations. */
static inline uint64_t inv_shift_rows_word(uint64_t x)
{
    return rows23_rot8(rows13_rotl4(x));
}

/* Rotating right by 16 bits puts row r + 1 in row r (rows mod 4). */
static inline uint64_t rotr(uint64_t x, unsigned n)
{
    return (x >> n) | (x << (64u - n));
}

/* FIPS 197 5.1.3: b_r = 2 a_r ^ 3 a_(r+1) ^ a_(r+2) ^ a_(r+3)
 *                    = 2 (a_r ^ a_(r+1)) ^ a_(r+1) ^ (a_(r+2) ^ a_(r+3)).
 * With n = a rotated by one row and s = a ^ n: b = 2 s ^ n ^ (s two rows
 * on). 2 s is multiplication by x (FIPS 197 4.2.1) on bit planes: plane 7
 * folds back into planes 0, 1, 3 and 4 (0x1b). Writes q = b ^ rk.
 * The planes come in as values and live in locals: the callers fold the
 * preceding per-word step into the arguments, so no vectorised loop ever
 * reloads words just stored one by one (a store-forwarding stall that cost
 * a third of the time on x86-64 with gcc -O2). */
static void mix_of(uint64_t q[8], const uint64_t *rk, uint64_t a0,
                   uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
                   uint64_t a5, uint64_t a6, uint64_t a7)
{
    uint64_t n0 = rotr(a0, 16), n1 = rotr(a1, 16), n2 = rotr(a2, 16);
    uint64_t n3 = rotr(a3, 16), n4 = rotr(a4, 16), n5 = rotr(a5, 16);
    uint64_t n6 = rotr(a6, 16), n7 = rotr(a7, 16);
    uint64_t s0 = a0 ^ n0, s1 = a1 ^ n1, s2 = a2 ^ n2, s3 = a3 ^ n3;
    uint64_t s4 = a4 ^ n4, s5 = a5 ^ n5, s6 = a6 ^ n6, s7 = a7 ^ n7;

    q[0] = s7 ^ n0 ^ rotr(s0, 32) ^ rk[0];
    q[1] = s0 ^ s7 ^ n1 ^ rotr(s1, 32) ^ rk[1];
    q[2] = s1 ^ n2 ^ rotr(s2, 32) ^ rk[2];
    q[3] = s2 ^ s7 ^ n3 ^ rotr(s3, 32) ^ rk[3];
    q[4] = s3 ^ s7 ^ n4 ^ rotr(s4, 32) ^ rk[4];
    q[5] = s4 ^ n5 ^ rotr(s5, 32) ^ rk[5];
    q[6] = s5 ^ n6 ^ rotr(s6, 32) ^ rk[6];
    q[7] = s6 ^ n7 ^ rotr(s7, 32) ^ rk[7];
}

/* One middle round's ShiftRows, MixColumns and AddRoundKey (FIPS 197
 * 5.1.2-5.1.4). */
static void shift_mix_key(uint64_t q[8], const uint64_t *rk)
{
    mix_of(q, rk, shift_rows_word(q[0]), shift_rows_word(q[1]),
           shift_rows_word(q[2]), shift_rows_word(q[3]),
           shift_rows_word(q[4]), shift_rows_word(q[5]),
           shift_rows_word(q[6]), shift_rows_word(q[7]));
}

/* FIPS 197 5.3.3: the inverse polynomial factors as
 * 0b x^3 + 0d x^2 + 09 x + 0e = (03 x^3 + 01 x^2 + 01 x + 02)(04 x^2 + 05)
 * mod x^4 + 1, so first u_r = 05 a_r ^ 04 a_(r+2) = a_r ^ 4 (a_r ^ a_(r+2)),
 * then MixColumns. Here a = q ^ rk (the round key of FIPS 197 5.3's loop
 * comes first). */
static void key_inv_mix(uint64_t q[8], const uint64_t *rk)
{
    static const uint64_t zero[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    uint64_t a0 = q[0] ^ rk[0], a1 = q[1] ^ rk[1], a2 = q[2] ^ rk[2];
    uint64_t a3 = q[3] ^ rk[3], a4 = q[4] ^ rk[4], a5 = q[5] ^ rk[5];
    uint64_t a6 = q[6] ^ rk[6], a7 = q[7] ^ rk[7];
    /* d = a_r ^ a_(r+2); 4 d is x times x times d, written out per plane */
    uint64_t d0 = a0 ^ rotr(a0, 32), d1 = a1 ^ rotr(a1, 32);
    uint64_t d2 = a2 ^ rotr(a2, 32), d3 = a3 ^ rotr(a3, 32);
    uint64_t d4 = a4 ^ rotr(a4, 32), d5 = a5 ^ rotr(a5, 32);
    uint64_t d6 = a6 ^ rotr(a6, 32), d7 = a7 ^ rotr(a7, 32);

    mix_of(q, zero, a0 ^ d6, a1 ^ d6 ^ d7, a2 ^ d0 ^ d7, a3 ^ d1 ^ d6,
           a4 ^ d2 ^ d6 ^ d7, a5 ^ d3 ^ d7, a6 ^ d4, a7 ^ d5);
}

/* InvShiftRows then InvSubBytes (FIPS 197 5.3.1, 5.3.2), the latter
 * through the forward circuit: with L(y) = A^-1(y ^ 0x63),
 * S(x) = A(x^-1) ^ 0x63 gives x^-1 = L(S(x)), so S^-1(y) = L(S(L(y))). */
static void inv_shift_sub(uint64_t q[8])
{
    inv_affine_of(q, inv_shift_rows_word(q[0]), inv_shift_rows_word(q[1]),
                  inv_shift_rows_word(q[2]), inv_shift_rows_word(q[3]),
                  inv_shift_rows_word(q[4]), inv_shift_rows_word(q[5]),
                  inv_shift_rows_word(q[6]), inv_shift_rows_word(q[7]));
    sub_bytes(q);
    inv_affine_of(q, q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]);
}

static void add_round_key(uint64_t q[8], const uint64_t *rk)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        q[i] ^= rk[i];
}

/* ---- bitslice conversion --------------------------------------------- */

/* The 4 bytes of v into the even bytes of the result. */
static uint64_t spread(uint64_t v)
{
    v &= 0xFFFFFFFFu;
    v = (v | (v << 16)) & 0x0000FFFF0000FFFFu;
    return (v | (v << 8)) & 0x00FF00FF00FF00FFu;
}

/* The even bytes of v, packed into the low 4 bytes. */
static uint64_t compact(uint64_t v)
{
    v &= 0x00FF00FF00FF00FFu;
    v = (v | (v >> 8)) & 0x0000FFFF0000FFFFu;
    return (v | (v >> 16)) & 0xFFFFFFFFu;
}

/* One block (bytes 4c + r, FIPS 197 3.4) to the two words that ortho()
 * turns into lane j of the layout: x holds columns 0 and 2, y columns 1
 * and 3, byte 2r + c/2 of each being (r, c); in q[j] and q[j + 4] those
 * bytes land at bit 8(2r + c/2) + 4(c & 1) + j = 16r + 4c + j. */
static void block_to_words(uint64_t *x, uint64_t *y, const uint8_t in[16])
{
    uint64_t lo = pp_load_le64(in), hi = pp_load_le64(in + 8);
    *x = spread(lo) | (spread(hi) << 8);
    *y = spread(lo >> 32) | (spread(hi >> 32) << 8);
}

static void words_to_block(uint8_t out[16], uint64_t x, uint64_t y)
{
    pp_store_le64(out, compact(x) | (compact(y) << 32));
    pp_store_le64(out + 8, compact(x >> 8) | (compact(y >> 8) << 32));
}

/* n (1..4) blocks into lanes 0..n-1; the other lanes are zero. */
static void load_blocks(uint64_t q[8], const uint8_t *in, size_t n)
{
    size_t j;
    memset(q, 0, 8 * sizeof q[0]);
    for (j = 0; j < n; j++)
        block_to_words(&q[j], &q[j + 4], in + 16 * j);
    ortho(q);
}

/* Lanes 0..n-1 out as n blocks; q is left in byte order. */
static void store_blocks(uint8_t *out, uint64_t q[8], size_t n)
{
    size_t j;
    ortho(q);
    for (j = 0; j < n; j++)
        words_to_block(out + 16 * j, q[j], q[j + 4]);
}

/* ---- rounds ---------------------------------------------------------- */

/* FIPS 197 5.1 Cipher on the four lanes. */
static void encrypt_q(const pp_aes_key *k, uint64_t q[8])
{
    unsigned r, i;
    add_round_key(q, k->rk);
    for (r = 1; r < k->rounds; r++) {
        sub_bytes(q);
        shift_mix_key(q, k->rk + 8 * r);
    }
    sub_bytes(q);
    for (i = 0; i < 8; i++)
        q[i] = shift_rows_word(q[i]);
    add_round_key(q, k->rk + 8 * k->rounds);
}

/* FIPS 197 5.3 InvCipher on the four lanes (same round keys). */
static void decrypt_q(const pp_aes_key *k, uint64_t q[8])
{
    unsigned r;
    add_round_key(q, k->rk + 8 * k->rounds);
    for (r = k->rounds - 1; r > 0; r--) {
        inv_shift_sub(q);
        key_inv_mix(q, k->rk + 8 * r);
    }
    inv_shift_sub(q);
    add_round_key(q, k->rk);
}

/* ---- key schedule ---------------------------------------------------- */

psa_status_t pp_aes_soft_set_key(pp_aes_key *k, const uint8_t *key, size_t key_len)
{
    uint32_t w[60];
    uint64_t q[8];
    unsigned r, j;
    psa_status_t status = start_key(k, w, key, key_len);

    if (status != PSA_SUCCESS)
        return status;
    /* Each round key, copied to all four lanes, bitsliced once. */
    for (r = 0; r <= k->rounds; r++) {
        uint8_t b[16];
        for (j = 0; j < 4; j++)
            pp_store_le32(b + 4 * j, w[4 * r + j]);
        block_to_words(&q[0], &q[4], b);
        for (j = 1; j < 4; j++) {
            q[j] = q[0];
            q[4 + j] = q[4];
        }
        ortho(q);
        memcpy(k->rk + 8 * r, q, sizeof q);
        pp_wipe(b, sizeof b);
    }
    pp_wipe(w, sizeof w);
    pp_wipe(q, sizeof q);
    return PSA_SUCCESS;
}

/* ---- modes ----------------------------------------------------------- */

#define PP_BS_W uint64_t
#define PP_BS_LANES 4
#include "aes/aes_bitslice_modes.h"

/* SP 800-38A B.1: the whole 128-bit block is the counter. The carry out of
 * the low half is computed, not branched on (the counter may be secret).
 * The barrier keeps the compiler from turning lo into the induction
 * variable of the caller's block loop (gcc -O2 did: the loop exit then
 * compared the secret counter). */
static void ctr_next(uint64_t *hi, uint64_t *lo)
{
    uint64_t l = pp_ct_barrier_u64(*lo + 1u);
    *lo = l;
    *hi += ((l | (0u - l)) >> 63) ^ 1u;
}

void pp_aes_soft_ctr(const pp_aes_key *k, uint8_t ctr[16], const uint8_t *in,
                uint8_t *out, size_t nblocks)
{
    uint64_t q[8];
    uint64_t hi = pp_load_be64(ctr), lo = pp_load_be64(ctr + 8);
    uint8_t cb[64], ks[64];
    size_t j;

    while (nblocks > 0) {
        size_t n = min_lanes(nblocks);
        for (j = 0; j < n; j++) {
            pp_store_be64(cb + 16 * j, hi);
            pp_store_be64(cb + 16 * j + 8, lo);
            ctr_next(&hi, &lo);
        }
        load_blocks(q, cb, n);
        encrypt_q(k, q);
        store_blocks(ks, q, n);
        for (j = 0; j < 16 * n; j++)
            out[j] = (uint8_t)(in[j] ^ ks[j]);
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    pp_store_be64(ctr, hi);
    pp_store_be64(ctr + 8, lo);
    pp_wipe(q, sizeof q);
    pp_wipe(cb, sizeof cb);
    pp_wipe(ks, sizeof ks);
    pp_wipe(&hi, sizeof hi);
    pp_wipe(&lo, sizeof lo);
}

#endif /* PICOPSA_AES_BACKEND == PICOPSA_AES_CT64 */
