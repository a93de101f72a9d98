/*
 * aes_ct64.c -- bitsliced constant-time AES (FIPS 197), see aes.h.
 *
 * Four blocks are processed at once in eight 64-bit words q[0..7]: q[b]
 * holds bit b of each of the 64 state bytes, the byte of block j (0..3) at
 * row r, column c (FIPS 197 3.4) sitting at bit 16*r + 4*c + j. With that
 *  - SubBytes is a Boolean circuit evaluated on whole words (Boyar and
 *    Peralta's S-box circuit, "A depth-16 circuit for the AES S-box",
 *    2011, and "A new combinational logic minimization technique with
 *    applications to cryptology", 2010: a 27-XOR top linear map, the
 *    63-gate inversion core in the tower field, a 30-gate bottom map with
 *    four of its XORs complemented), so there is no table at all;
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

/* ---- S-box circuit --------------------------------------------------- */

/* The top linear map of the forward S-box (27 XORs). Inputs u0 (most
 * significant bit) .. u7; t[0] is unused so t[i] reads as the paper's Ti. */
static void sbox_top(uint64_t t[28], const uint64_t q[8])
{
    uint64_t u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
    uint64_t u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];

    t[0] = u7;
    t[1] = u0 ^ u3;
    t[2] = u0 ^ u5;
    t[3] = u0 ^ u6;
    t[4] = u3 ^ u5;
    t[5] = u4 ^ u6;
    t[6] = t[1] ^ t[5];
    t[7] = u1 ^ u2;
    t[8] = u7 ^ t[6];
    t[9] = u7 ^ t[7];
    t[10] = t[6] ^ t[7];
    t[11] = u1 ^ u5;
    t[12] = u2 ^ u5;
    t[13] = t[3] ^ t[4];
    t[14] = t[6] ^ t[11];
    t[15] = t[5] ^ t[11];
    t[16] = t[5] ^ t[12];
    t[17] = t[9] ^ t[16];
    t[18] = u3 ^ u7;
    t[19] = t[7] ^ t[18];
    t[20] = t[1] ^ t[19];
    t[21] = u6 ^ u7;
    t[22] = t[7] ^ t[21];
    t[23] = t[2] ^ t[22];
    t[24] = t[2] ^ t[10];
    t[25] = t[20] ^ t[17];
    t[26] = t[3] ^ t[16];
    t[27] = t[1] ^ t[12];
}

/* The nonlinear middle: inversion in the tower field GF((2^4)^2), shared by
 * both directions. Reads t[] (t[0] = u7, the paper's D), writes the 18
 * products M46..M63 into m[0..17]. */
static void sbox_middle(uint64_t m[18], const uint64_t t[28])
{
    uint64_t m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14;
    uint64_t m15, m16, m17, m18, m19, m20, m21, m22, m23, m24, m25, m26;
    uint64_t m27, m28, m29, m30, m31, m32, m33, m34, m35, m36, m37, m38;
    uint64_t m39, m40, m41, m42, m43, m44, m45;

    m1 = t[13] & t[6];
    m2 = t[23] & t[8];
    m3 = t[14] ^ m1;
    m4 = t[19] & t[0];
    m5 = m4 ^ m1;
    m6 = t[3] & t[16];
    m7 = t[22] & t[9];
    m8 = t[26] ^ m6;
    m9 = t[20] & t[17];
    m10 = m9 ^ m6;
    m11 = t[1] & t[15];
    m12 = t[4] & t[27];
    m13 = m12 ^ m11;
    m14 = t[2] & t[10];
    m15 = m14 ^ m11;
    m16 = m3 ^ m2;
    m17 = m5 ^ t[24];
    m18 = m8 ^ m7;
    m19 = m10 ^ m15;
    m20 = m16 ^ m13;
    m21 = m17 ^ m15;
    m22 = m18 ^ m13;
    m23 = m19 ^ t[25];
    m24 = m22 ^ m23;
    m25 = m22 & m20;
    m26 = m21 ^ m25;
    m27 = m20 ^ m21;
    m28 = m23 ^ m25;
    m29 = m28 & m27;
    m30 = m26 & m24;
    m31 = m20 & m23;
    m32 = m27 & m31;
    m33 = m27 ^ m25;
    m34 = m21 & m22;
    m35 = m24 & m34;
    m36 = m24 ^ m25;
    m37 = m21 ^ m29;
    m38 = m32 ^ m33;
    m39 = m23 ^ m30;
    m40 = m35 ^ m36;
    m41 = m38 ^ m40;
    m42 = m37 ^ m39;
    m43 = m37 ^ m38;
    m44 = m39 ^ m40;
    m45 = m42 ^ m41;
    m[0] = m44 & t[6];
    m[1] = m40 & t[8];
    m[2] = m39 & t[0];
    m[3] = m43 & t[16];
    m[4] = m38 & t[9];
    m[5] = m37 & t[17];
    m[6] = m42 & t[15];
    m[7] = m45 & t[27];
    m[8] = m41 & t[10];
    m[9] = m44 & t[13];
    m[10] = m40 & t[23];
    m[11] = m39 & t[19];
    m[12] = m43 & t[3];
    m[13] = m38 & t[22];
    m[14] = m37 & t[20];
    m[15] = m42 & t[1];
    m[16] = m45 & t[4];
    m[17] = m41 & t[2];
}

/* The bottom linear map of the forward S-box, constant 0x63 folded in as
 * the four XNORs. m[i] is the paper's M(46 + i); output s0 is the MSB. */
static void sbox_bottom(uint64_t q[8], const uint64_t m[18])
{
    uint64_t l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11, l12, l13, l14;
    uint64_t l15, l16, l17, l18, l19, l20, l21, l22, l23, l24, l25, l26;
    uint64_t l27, l28, l29;

    l0 = m[15] ^ m[16];
    l1 = m[4] ^ m[10];
    l2 = m[0] ^ m[2];
    l3 = m[1] ^ m[9];
    l4 = m[8] ^ m[12];
    l5 = m[3] ^ m[15];
    l6 = m[16] ^ l5;
    l7 = m[0] ^ l3;
    l8 = m[5] ^ m[13];
    l9 = m[6] ^ m[7];
    l10 = m[7] ^ l4;
    l11 = m[14] ^ l2;
    l12 = m[2] ^ m[5];
    l13 = m[4] ^ l0;
    l14 = m[6] ^ m[15];
    l15 = m[9] ^ l1;
    l16 = m[10] ^ l0;
    l17 = m[11] ^ l1;
    l18 = m[12] ^ l8;
    l19 = m[17] ^ l4;
    l20 = l0 ^ l1;
    l21 = l1 ^ l7;
    l22 = l3 ^ l12;
    l23 = l18 ^ l2;
    l24 = l15 ^ l9;
    l25 = l6 ^ l10;
    l26 = l7 ^ l9;
    l27 = l8 ^ l10;
    l28 = l11 ^ l14;
    l29 = l11 ^ l17;
    q[7] = l6 ^ l24;
    q[6] = ~(l16 ^ l26);
    q[5] = ~(l19 ^ l28);
    q[4] = l6 ^ l21;
    q[3] = l20 ^ l22;
    q[2] = l25 ^ l29;
    q[1] = ~(l13 ^ l27);
    q[0] = ~(l6 ^ l23);
}

/* SubBytes (FIPS 197 5.1.1) on all 64 bytes. */
static void sub_bytes(uint64_t q[8])
{
    uint64_t t[28], m[18];
    sbox_top(t, q);
    sbox_middle(m, t);
    sbox_bottom(q, m);
    pp_wipe(t, sizeof t);
    pp_wipe(m, sizeof m);
}

/* The inverse affine map of FIPS 197 5.3.2 with its constant:
 * b_i = a_(i+2) ^ a_(i+5) ^ a_(i+7) ^ c_i, c = 0x05, indices mod 8. */
static void inv_affine(uint64_t q[8])
{
    uint64_t a[8];
    unsigned i;
    memcpy(a, q, sizeof a);
    for (i = 0; i < 8; i++)
        q[i] = a[(i + 2) & 7] ^ a[(i + 5) & 7] ^ a[(i + 7) & 7];
    q[0] = ~q[0];
    q[2] = ~q[2];
    pp_wipe(a, sizeof a);
}

/* InvSubBytes (FIPS 197 5.3.2) through the forward circuit: with
 * L(y) = A^-1(y ^ 0x63), S(x) = A(x^-1) ^ 0x63 gives x^-1 = L(S(x)), so
 * S^-1(y) = (L(y))^-1 = L(S(L(y))). */
static void inv_sub_bytes(uint64_t q[8])
{
    inv_affine(q);
    sub_bytes(q);
    inv_affine(q);
}

/* ---- linear layers --------------------------------------------------- */

/* FIPS 197 5.1.2: row r's column c takes column (c + r) mod 4, i.e. the
 * 16-bit row field rotates right by 4r bits. */
static uint64_t shift_rows_word(uint64_t x)
{
    return (x & 0x000000000000FFFFu) |
           ((x & 0x00000000FFF00000u) >> 4) | ((x & 0x00000000000F0000u) << 12) |
           ((x & 0x0000FF0000000000u) >> 8) | ((x & 0x000000FF00000000u) << 8) |
           ((x & 0x0FFF000000000000u) << 4) | ((x & 0xF000000000000000u) >> 12);
}

/* FIPS 197 5.3.1: the opposite rotations. */
static uint64_t inv_shift_rows_word(uint64_t x)
{
    return (x & 0x000000000000FFFFu) |
           ((x & 0x000000000FFF0000u) << 4) | ((x & 0x00000000F0000000u) >> 12) |
           ((x & 0x0000FF0000000000u) >> 8) | ((x & 0x000000FF00000000u) << 8) |
           ((x & 0xFFF0000000000000u) >> 4) | ((x & 0x000F000000000000u) << 12);
}

static void shift_rows(uint64_t q[8])
{
    unsigned i;
    for (i = 0; i < 8; i++)
        q[i] = shift_rows_word(q[i]);
}

static void inv_shift_rows(uint64_t q[8])
{
    unsigned i;
    for (i = 0; i < 8; i++)
        q[i] = inv_shift_rows_word(q[i]);
}

/* Rotating right by 16 bits puts row r + 1 in row r (rows mod 4). */
static uint64_t rotr(uint64_t x, unsigned n)
{
    return (x >> n) | (x << (64u - n));
}

/* Multiplication by x (FIPS 197 4.2.1) on bit planes: the top bit folds
 * back as 0x1b = bits 0, 1, 3, 4. */
static void xtime(uint64_t d[8], const uint64_t a[8])
{
    uint64_t hi = a[7];
    d[7] = a[6];
    d[6] = a[5];
    d[5] = a[4];
    d[4] = a[3] ^ hi;
    d[3] = a[2] ^ hi;
    d[2] = a[1];
    d[1] = a[0] ^ hi;
    d[0] = hi;
}

/* FIPS 197 5.1.3: b_r = 2 a_r ^ 3 a_(r+1) ^ a_(r+2) ^ a_(r+3)
 *                    = 2 (a_r ^ a_(r+1)) ^ a_(r+1) ^ (a_(r+2) ^ a_(r+3)).
 * With n = a rotated by one row and s = a ^ n: b = 2 s ^ n ^ (s two rows on). */
static void mix_columns(uint64_t q[8])
{
    uint64_t n[8], s[8], s2[8];
    unsigned i;
    for (i = 0; i < 8; i++) {
        n[i] = rotr(q[i], 16);
        s[i] = q[i] ^ n[i];
    }
    xtime(s2, s);
    for (i = 0; i < 8; i++)
        q[i] = s2[i] ^ n[i] ^ rotr(s[i], 32);
    pp_wipe(n, sizeof n);
    pp_wipe(s, sizeof s);
    pp_wipe(s2, sizeof s2);
}

/* FIPS 197 5.3.3: the inverse polynomial factors as
 * 0b x^3 + 0d x^2 + 09 x + 0e = (03 x^3 + 01 x^2 + 01 x + 02)(04 x^2 + 05)
 * mod x^4 + 1, so first b_r = 05 a_r ^ 04 a_(r+2) = a_r ^ 4 (a_r ^ a_(r+2)),
 * then MixColumns. */
static void inv_mix_columns(uint64_t q[8])
{
    uint64_t d[8], e[8];
    unsigned i;
    for (i = 0; i < 8; i++)
        d[i] = q[i] ^ rotr(q[i], 32);
    xtime(e, d);
    xtime(d, e);
    for (i = 0; i < 8; i++)
        q[i] ^= d[i];
    pp_wipe(d, sizeof d);
    pp_wipe(e, sizeof e);
    mix_columns(q);
}

static void add_round_key(uint64_t q[8], const uint64_t *rk)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        q[i] ^= rk[i];
}

/* ---- bitslice conversion --------------------------------------------- */

/* Exchange, for the given s in {1, 2, 4}, bit k + s of every byte of *x with
 * bit k of the same byte of *y (m selects the bits k). */
static void swap_bits(uint64_t *x, uint64_t *y, uint64_t m, unsigned s)
{
    uint64_t a = *x, b = *y;
    *x = (a & m) | ((b & m) << s);
    *y = ((a >> s) & m) | (b & ~m);
}

/* Transpose, in each of the 8 byte lanes, the 8x8 bit matrix whose rows are
 * the words: afterwards bit w of byte p of q[b] is what bit b of byte p of
 * q[w] was. An involution, so it converts both ways. */
static void ortho(uint64_t q[8])
{
    const uint64_t m1 = 0x5555555555555555u, m2 = 0x3333333333333333u;
    const uint64_t m4 = 0x0F0F0F0F0F0F0F0Fu;
    swap_bits(&q[0], &q[1], m1, 1);
    swap_bits(&q[2], &q[3], m1, 1);
    swap_bits(&q[4], &q[5], m1, 1);
    swap_bits(&q[6], &q[7], m1, 1);
    swap_bits(&q[0], &q[2], m2, 2);
    swap_bits(&q[1], &q[3], m2, 2);
    swap_bits(&q[4], &q[6], m2, 2);
    swap_bits(&q[5], &q[7], m2, 2);
    swap_bits(&q[0], &q[4], m4, 4);
    swap_bits(&q[1], &q[5], m4, 4);
    swap_bits(&q[2], &q[6], m4, 4);
    swap_bits(&q[3], &q[7], m4, 4);
}

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
    unsigned r;
    add_round_key(q, k->rk);
    for (r = 1; r < k->rounds; r++) {
        sub_bytes(q);
        shift_rows(q);
        mix_columns(q);
        add_round_key(q, k->rk + 8 * r);
    }
    sub_bytes(q);
    shift_rows(q);
    add_round_key(q, k->rk + 8 * k->rounds);
}

/* FIPS 197 5.3 InvCipher on the four lanes (same round keys). */
static void decrypt_q(const pp_aes_key *k, uint64_t q[8])
{
    unsigned r;
    add_round_key(q, k->rk + 8 * k->rounds);
    for (r = k->rounds - 1; r > 0; r--) {
        inv_shift_rows(q);
        inv_sub_bytes(q);
        add_round_key(q, k->rk + 8 * r);
        inv_mix_columns(q);
    }
    inv_shift_rows(q);
    inv_sub_bytes(q);
    add_round_key(q, k->rk);
}

/* ---- key schedule ---------------------------------------------------- */

/* SubWord (FIPS 197 5.2) through the circuit: the 4 bytes of w (byte 0 in
 * the low bits) ride in lanes 0..3 of q[0]; ortho() keeps each lane's byte
 * in that lane, so S(byte) comes back in the same place. */
static uint32_t sub_word(uint32_t w)
{
    uint64_t q[8];
    memset(q, 0, sizeof q);
    q[0] = w;
    ortho(q);
    sub_bytes(q);
    ortho(q);
    w = (uint32_t)q[0];
    pp_wipe(q, sizeof q);
    return w;
}

psa_status_t pp_aes_set_key(pp_aes_key *k, const uint8_t *key, size_t key_len)
{
    uint32_t w[60];
    uint64_t q[8];
    size_t nk, total, i;
    uint32_t rcon = 1;
    unsigned r, j;

    if (key_len != 16 && key_len != 24 && key_len != 32) {
        pp_aes_wipe(k);
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    memset(k, 0, sizeof *k);
    nk = key_len / 4;
    k->rounds = (unsigned)(nk + 6);
    total = 4 * ((size_t)k->rounds + 1);
    for (i = 0; i < nk; i++)
        w[i] = pp_load_le32(key + 4 * i);
    /* FIPS 197 5.2 KeyExpansion; words hold byte 0 in the low bits, so
     * RotWord is a right rotation by 8 and Rcon goes in the low byte. */
    for (i = nk; i < total; i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0) {
            t = sub_word((t >> 8) | (t << 24)) ^ rcon;
            rcon = (rcon << 1) ^ (0x11bu & (0u - (rcon >> 7)));
        } else if (nk > 6 && i % nk == 4) {
            t = sub_word(t);
        }
        w[i] = w[i - nk] ^ t;
    }
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

static size_t min4(size_t n)
{
    return n < 4 ? n : 4;
}

/* ECB in passes of up to four blocks; pass() is encrypt_q or decrypt_q. */
static void ecb(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                size_t nblocks, void (*pass)(const pp_aes_key *, uint64_t *))
{
    uint64_t q[8];
    while (nblocks > 0) {
        size_t n = min4(nblocks);
        load_blocks(q, in, n);
        pass(k, q);
        store_blocks(out, q, n);
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    pp_wipe(q, sizeof q);
}

void pp_aes_ecb_encrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                        size_t nblocks)
{
    ecb(k, in, out, nblocks, encrypt_q);
}

void pp_aes_ecb_decrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                        size_t nblocks)
{
    ecb(k, in, out, nblocks, decrypt_q);
}

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

void pp_aes_ctr(const pp_aes_key *k, uint8_t ctr[16], const uint8_t *in,
                uint8_t *out, size_t nblocks)
{
    uint64_t q[8];
    uint64_t hi = pp_load_be64(ctr), lo = pp_load_be64(ctr + 8);
    uint8_t cb[64], ks[64];
    size_t j;

    while (nblocks > 0) {
        size_t n = min4(nblocks);
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

/* SP 800-38A 6.2: each block needs the previous ciphertext, so one lane
 * per pass. */
void pp_aes_cbc_encrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                        uint8_t *out, size_t nblocks)
{
    uint64_t q[8];
    uint8_t x[16];
    size_t j;

    memcpy(x, iv, 16);
    while (nblocks-- > 0) {
        for (j = 0; j < 16; j++)
            x[j] ^= in[j];
        load_blocks(q, x, 1);
        encrypt_q(k, q);
        store_blocks(x, q, 1);
        memcpy(out, x, 16);
        in += 16;
        out += 16;
    }
    memcpy(iv, x, 16);
    pp_wipe(q, sizeof q);
    pp_wipe(x, sizeof x);
}

/* Decryption has no chaining dependency: four blocks per pass. The
 * ciphertext is saved first, so in == out works. */
void pp_aes_cbc_decrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                        uint8_t *out, size_t nblocks)
{
    uint64_t q[8];
    uint8_t c[64], p[64];
    size_t j;

    while (nblocks > 0) {
        size_t n = min4(nblocks);
        memcpy(c, in, 16 * n);
        load_blocks(q, c, n);
        decrypt_q(k, q);
        store_blocks(p, q, n);
        for (j = 0; j < 16; j++)
            out[j] = (uint8_t)(p[j] ^ iv[j]);
        for (j = 16; j < 16 * n; j++)
            out[j] = (uint8_t)(p[j] ^ c[j - 16]);
        memcpy(iv, c + 16 * (n - 1), 16);
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    pp_wipe(q, sizeof q);
    pp_wipe(p, sizeof p);
    pp_wipe(c, sizeof c);
}

void pp_aes_wipe(pp_aes_key *k)
{
    pp_wipe(k, sizeof *k);
}

#endif /* PICOPSA_AES_BACKEND == PICOPSA_AES_CT64 */
