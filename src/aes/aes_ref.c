/*
 * aes_ref.c -- constant-time byte-oriented AES (FIPS 197), see aes.h.
 * SubBytes is computed, never looked up: FIPS 197 5.1.1 (inverse in GF(2^8)
 * then the affine transformation). Every loop bound is public.
 */
#include "aes/aes.h"
#include "common/pp_util.h"
#include <picopsa/config.h>

#if PICOPSA_AES_BACKEND == PICOPSA_AES_REF

#include <string.h>

/* FIPS 197 4.2.1: multiplication by x modulo x^8+x^4+x^3+x+1. */
static uint8_t xt(uint8_t a)
{
    return (uint8_t)(((unsigned)a << 1) ^ (0x1bu & (0u - (unsigned)(a >> 7))));
}

/* FIPS 197 4.2: product in GF(2^8), no branch on a or b. */
static uint8_t gmul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    int i;
    for (i = 0; i < 8; i++) {
        r = (uint8_t)(r ^ ((unsigned)a & (0u - (unsigned)(b & 1u))));
        b = (uint8_t)(b >> 1);
        a = xt(a);
    }
    return r;
}

/* x^254 = x^-1 (0 maps to 0), by a fixed chain: 254 = 0b11111110. */
static uint8_t ginv(uint8_t x)
{
    uint8_t x2 = gmul(x, x);        /* x^2 */
    uint8_t r = x2;                 /* x^2 */
    uint8_t p = x2;
    int i;
    for (i = 0; i < 6; i++) {       /* multiply in x^4 .. x^128 */
        p = gmul(p, p);
        r = gmul(r, p);
    }
    return r;                       /* x^(2+4+...+128) = x^254 */
}

static uint8_t rotl8(uint8_t x, unsigned n)
{
    return (uint8_t)(((unsigned)x << n) | ((unsigned)x >> (8u - n)));
}

static uint8_t sbox(uint8_t x)
{
    uint8_t b = ginv(x);
    return (uint8_t)(b ^ rotl8(b, 1) ^ rotl8(b, 2) ^ rotl8(b, 3) ^
                     rotl8(b, 4) ^ 0x63u);
}

/* FIPS 197 5.3.2: inverse affine map, then the inverse. */
static uint8_t inv_sbox(uint8_t x)
{
    return ginv((uint8_t)(rotl8(x, 1) ^ rotl8(x, 3) ^ rotl8(x, 6) ^ 0x05u));
}

static const uint8_t *rk_bytes(const pp_aes_key *k)
{
    return (const uint8_t *)k->rk;
}

psa_status_t pp_aes_soft_set_key(pp_aes_key *k, const uint8_t *key, size_t key_len)
{
    uint8_t *w = (uint8_t *)k->rk;
    size_t nk, total, i;
    uint8_t rcon = 1;

    if (key_len != 16 && key_len != 24 && key_len != 32) {
        pp_aes_soft_wipe(k);
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    nk = key_len / 4;
    k->rounds = (unsigned)(nk + 6);
    total = 4 * ((size_t)k->rounds + 1);
    memcpy(w, key, key_len);
    /* FIPS 197 5.2 KeyExpansion. */
    for (i = nk; i < total; i++) {
        uint8_t t[4];
        memcpy(t, w + 4 * (i - 1), 4);
        if (i % nk == 0) {
            uint8_t t0 = t[0];
            t[0] = (uint8_t)(sbox(t[1]) ^ rcon);
            t[1] = sbox(t[2]);
            t[2] = sbox(t[3]);
            t[3] = sbox(t0);
            rcon = xt(rcon);
        } else if (nk > 6 && i % nk == 4) {
            t[0] = sbox(t[0]);
            t[1] = sbox(t[1]);
            t[2] = sbox(t[2]);
            t[3] = sbox(t[3]);
        }
        w[4 * i + 0] = (uint8_t)(w[4 * (i - nk) + 0] ^ t[0]);
        w[4 * i + 1] = (uint8_t)(w[4 * (i - nk) + 1] ^ t[1]);
        w[4 * i + 2] = (uint8_t)(w[4 * (i - nk) + 2] ^ t[2]);
        w[4 * i + 3] = (uint8_t)(w[4 * (i - nk) + 3] ^ t[3]);
        pp_wipe(t, sizeof t);
    }
    return PSA_SUCCESS;
}

static void ark(uint8_t s[16], const uint8_t *rk)
{
    int i;
    for (i = 0; i < 16; i++)
        s[i] = (uint8_t)(s[i] ^ rk[i]);
}

/* State s[r + 4c] (FIPS 197 3.4). */
static void encrypt_block(const pp_aes_key *k, const uint8_t in[16],
                          uint8_t out[16])
{
    const uint8_t *rk = rk_bytes(k);
    uint8_t s[16], t[16];
    unsigned round;
    int r, c;

    memcpy(s, in, 16);
    ark(s, rk);
    for (round = 1; round <= k->rounds; round++) {
        /* SubBytes + ShiftRows (5.1.1, 5.1.2). */
        for (c = 0; c < 4; c++)
            for (r = 0; r < 4; r++)
                t[r + 4 * c] = sbox(s[r + 4 * ((c + r) & 3)]);
        if (round != k->rounds) {
            /* MixColumns (5.1.3). */
            for (c = 0; c < 4; c++) {
                uint8_t a0 = t[4 * c], a1 = t[4 * c + 1];
                uint8_t a2 = t[4 * c + 2], a3 = t[4 * c + 3];
                uint8_t all = (uint8_t)(a0 ^ a1 ^ a2 ^ a3);
                s[4 * c + 0] = (uint8_t)(a0 ^ all ^ xt((uint8_t)(a0 ^ a1)));
                s[4 * c + 1] = (uint8_t)(a1 ^ all ^ xt((uint8_t)(a1 ^ a2)));
                s[4 * c + 2] = (uint8_t)(a2 ^ all ^ xt((uint8_t)(a2 ^ a3)));
                s[4 * c + 3] = (uint8_t)(a3 ^ all ^ xt((uint8_t)(a3 ^ a0)));
            }
        } else {
            memcpy(s, t, 16);
        }
        ark(s, rk + 16 * round);
    }
    memcpy(out, s, 16);
    pp_wipe(s, sizeof s);
    pp_wipe(t, sizeof t);
}

/* FIPS 197 5.3 InvCipher. */
static void decrypt_block(const pp_aes_key *k, const uint8_t in[16],
                          uint8_t out[16])
{
    const uint8_t *rk = rk_bytes(k);
    uint8_t s[16], t[16];
    unsigned round;
    int r, c;

    memcpy(s, in, 16);
    ark(s, rk + 16 * k->rounds);
    for (round = k->rounds; round-- > 0;) {
        /* InvShiftRows + InvSubBytes (5.3.1, 5.3.2). */
        for (c = 0; c < 4; c++)
            for (r = 0; r < 4; r++)
                t[r + 4 * ((c + r) & 3)] = inv_sbox(s[r + 4 * c]);
        ark(t, rk + 16 * round);
        if (round != 0) {
            /* InvMixColumns (5.3.3). */
            for (c = 0; c < 4; c++) {
                uint8_t a0 = t[4 * c], a1 = t[4 * c + 1];
                uint8_t a2 = t[4 * c + 2], a3 = t[4 * c + 3];
                s[4 * c + 0] = (uint8_t)(gmul(a0, 14) ^ gmul(a1, 11) ^
                                         gmul(a2, 13) ^ gmul(a3, 9));
                s[4 * c + 1] = (uint8_t)(gmul(a0, 9) ^ gmul(a1, 14) ^
                                         gmul(a2, 11) ^ gmul(a3, 13));
                s[4 * c + 2] = (uint8_t)(gmul(a0, 13) ^ gmul(a1, 9) ^
                                         gmul(a2, 14) ^ gmul(a3, 11));
                s[4 * c + 3] = (uint8_t)(gmul(a0, 11) ^ gmul(a1, 13) ^
                                         gmul(a2, 9) ^ gmul(a3, 14));
            }
        } else {
            memcpy(s, t, 16);
        }
    }
    memcpy(out, s, 16);
    pp_wipe(s, sizeof s);
    pp_wipe(t, sizeof t);
}

void pp_aes_soft_ecb_encrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                        size_t nblocks)
{
    size_t i;
    for (i = 0; i < nblocks; i++)
        encrypt_block(k, in + 16 * i, out + 16 * i);
}

void pp_aes_soft_ecb_decrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                        size_t nblocks)
{
    size_t i;
    for (i = 0; i < nblocks; i++)
        decrypt_block(k, in + 16 * i, out + 16 * i);
}

void pp_aes_soft_ctr(const pp_aes_key *k, uint8_t ctr[16], const uint8_t *in,
                uint8_t *out, size_t nblocks)
{
    uint8_t ks[16];
    size_t i;
    int j;
    for (i = 0; i < nblocks; i++) {
        unsigned carry = 1;
        encrypt_block(k, ctr, ks);
        for (j = 0; j < 16; j++)
            out[16 * i + (size_t)j] = (uint8_t)(in[16 * i + (size_t)j] ^ ks[j]);
        for (j = 15; j >= 0; j--) {
            carry += ctr[j];
            ctr[j] = (uint8_t)carry;
            carry >>= 8;
        }
    }
    pp_wipe(ks, sizeof ks);
}

void pp_aes_soft_cbc_encrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                        uint8_t *out, size_t nblocks)
{
    size_t i;
    int j;
    for (i = 0; i < nblocks; i++) {
        for (j = 0; j < 16; j++)
            iv[j] = (uint8_t)(iv[j] ^ in[16 * i + (size_t)j]);
        encrypt_block(k, iv, iv);
        memcpy(out + 16 * i, iv, 16);
    }
}

void pp_aes_soft_cbc_decrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                        uint8_t *out, size_t nblocks)
{
    uint8_t c[16], p[16];
    size_t i;
    int j;
    for (i = 0; i < nblocks; i++) {
        memcpy(c, in + 16 * i, 16);
        decrypt_block(k, c, p);
        for (j = 0; j < 16; j++)
            out[16 * i + (size_t)j] = (uint8_t)(p[j] ^ iv[j]);
        memcpy(iv, c, 16);
    }
    pp_wipe(p, sizeof p);
}

void pp_aes_soft_wipe(pp_aes_key *k)
{
    pp_wipe(k, sizeof *k);
}

#endif /* PICOPSA_AES_BACKEND == PICOPSA_AES_REF */
