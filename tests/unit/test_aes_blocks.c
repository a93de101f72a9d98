/*
 * test_aes_blocks.c -- block-count and counter edge cases of src/aes/aes.h,
 * whichever backend is built (the bitsliced one works on 4 blocks per
 * pass, so 1..9 blocks hit every partial last pass), against OpenSSL EVP:
 *  - ECB, CBC, CTR for 1..9, 15, 16, 17, 31 blocks, AES-128/192/256,
 *    separate buffers and in place, with guard bytes after the output that
 *    must stay untouched; CBC's returned IV is the last ciphertext block;
 *  - the same messages cut into random chunks of whole blocks, the IV or
 *    counter carried from call to call;
 *  - CTR carry out of the low 64 bits (counter ..ff ff fd, 9 blocks) and
 *    the wrap of the all-ones counter to zero (mod 2^128, as OpenSSL),
 *    with the returned counter checked to be the start plus n.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>

#include "aes/aes.h"
#include "aes/aes_hw.h"
#include "test_util.h"

#define MAXB 31
#define GUARD 16

static const EVP_CIPHER *cipher(int mode, size_t key_len)
{
    if (mode == 0)
        return key_len == 16 ? EVP_aes_128_ecb() : key_len == 24 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
    if (mode == 1)
        return key_len == 16 ? EVP_aes_128_cbc() : key_len == 24 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
    return key_len == 16 ? EVP_aes_128_ctr() : key_len == 24 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
}

static void ossl(int mode, const uint8_t *key, size_t key_len, const uint8_t *iv, int enc,
                 const uint8_t *in, uint8_t *out, size_t len)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int l1 = 0, l2 = 0;
    CHECK(EVP_CipherInit_ex(ctx, cipher(mode, key_len), NULL, key, mode == 0 ? NULL : iv, enc) == 1);
    EVP_CIPHER_CTX_set_padding(ctx, 0);
    CHECK(EVP_CipherUpdate(ctx, out, &l1, in, (int)len) == 1);
    CHECK(EVP_CipherFinal_ex(ctx, out + l1, &l2) == 1);
    CHECK((size_t)(l1 + l2) == len);
    EVP_CIPHER_CTX_free(ctx);
}

/* op: 0 ECB enc, 1 ECB dec, 2 CBC enc, 3 CBC dec, 4 CTR. */
static void run(int op, const pp_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                size_t n)
{
    switch (op) {
    case 0: pp_aes_ecb_encrypt(k, in, out, n); break;
    case 1: pp_aes_ecb_decrypt(k, in, out, n); break;
    case 2: pp_aes_cbc_encrypt(k, iv, in, out, n); break;
    case 3: pp_aes_cbc_decrypt(k, iv, in, out, n); break;
    default: pp_aes_ctr(k, iv, in, out, n); break;
    }
}

static int guard_ok(const uint8_t *p)
{
    size_t i;
    for (i = 0; i < GUARD; i++)
        if (p[i] != 0xa5)
            return 0;
    return 1;
}

/* 128-bit big-endian a + n. */
static void ctr_add(uint8_t a[16], size_t n)
{
    unsigned long long carry = n;
    int i;
    for (i = 15; i >= 0; i--) {
        carry += a[i];
        a[i] = (uint8_t)carry;
        carry >>= 8;
    }
}

static void one_case(int op, const uint8_t *key, size_t kl, size_t n)
{
    uint8_t in[16 * MAXB], want[16 * MAXB], iv0[16], iv[16], wantiv[16];
    uint8_t got[16 * MAXB + GUARD], inplace[16 * MAXB + GUARD];
    pp_aes_key k;
    size_t len = 16 * n, done;
    int round;

    test_rng_bytes(in, len);
    test_rng_bytes(iv0, 16);
    CHECK_STATUS(pp_aes_set_key(&k, key, kl), PSA_SUCCESS);
    ossl(op / 2, key, kl, iv0, op == 1 || op == 3 ? 0 : 1, in, want, len);
    memcpy(wantiv, iv0, 16);
    if (op == 2)
        memcpy(wantiv, want + len - 16, 16);
    else if (op == 3)
        memcpy(wantiv, in + len - 16, 16);
    else if (op == 4)
        ctr_add(wantiv, n);

    /* separate buffers (round 0), then in place (round 1) */
    for (round = 0; round < 2; round++) {
        uint8_t *dst = round == 0 ? got : inplace;
        memset(dst, 0xa5, 16 * MAXB + GUARD);
        if (round == 1)
            memcpy(dst, in, len);
        memcpy(iv, iv0, 16);
        run(op, &k, iv, round == 0 ? in : dst, dst, n);
        CHECK_MEM(dst, want, len);
        CHECK(guard_ok(dst + len));
        if (op >= 2)
            CHECK_MEM(iv, wantiv, 16);
    }

    /* random chunks of whole blocks, in place */
    memcpy(inplace, in, len);
    memcpy(iv, iv0, 16);
    for (done = 0; done < n;) {
        size_t c = test_rng_range(1, n - done);
        run(op, &k, iv, inplace + 16 * done, inplace + 16 * done, c);
        done += c;
    }
    CHECK_MEM(inplace, want, len);
    if (op >= 2)
        CHECK_MEM(iv, wantiv, 16);
    pp_aes_wipe(&k);
}

/* CTR from a given starting counter, n blocks, against OpenSSL. */
static void ctr_edge(const uint8_t start[16], size_t n)
{
    uint8_t key[16], in[16 * MAXB], want[16 * MAXB], got[16 * MAXB], ctr[16], next[16];
    pp_aes_key k;

    test_rng_bytes(key, sizeof key);
    test_rng_bytes(in, 16 * n);
    CHECK_STATUS(pp_aes_set_key(&k, key, 16), PSA_SUCCESS);
    ossl(2, key, 16, start, 1, in, want, 16 * n);
    memcpy(ctr, start, 16);
    pp_aes_ctr(&k, ctr, in, got, n);
    CHECK_MEM(got, want, 16 * n);
    memcpy(next, start, 16);
    ctr_add(next, n);
    CHECK_MEM(ctr, next, 16);
    pp_aes_wipe(&k);
}

static void run_all(void)
{
    static const size_t counts[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31};
    uint8_t key[32], start[16];
    size_t c, kl, n;
    int op;

    test_rng_seed(0xae5b10c5u);
    for (kl = 16; kl <= 32; kl += 8)
        for (op = 0; op < 5; op++)
            for (c = 0; c < sizeof counts / sizeof counts[0]; c++) {
                test_rng_bytes(key, kl);
                one_case(op, key, kl, counts[c]);
            }

    /* carry out of the low 64 bits, at each lane position */
    for (n = 1; n <= 9; n++) {
        memset(start, 0x5c, 16);
        memset(start + 8, 0xff, 8);
        start[15] = (uint8_t)(0xff - (n - 1) / 2);
        ctr_edge(start, 9);
    }
    /* carry through the whole high half too: all-ones wraps to zero */
    memset(start, 0xff, 16);
    ctr_edge(start, 1);
    ctr_edge(start, 9);
    memset(start, 0xff, 16);
    start[15] = 0xfd;
    ctr_edge(start, 9);
    /* high half all-ones but low half not: no carry into it */
    memset(start, 0xff, 8);
    memset(start + 8, 0, 8);
    ctr_edge(start, 5);
}

/* Both paths of aes.c: the hardware one where this CPU has it, then the
 * portable backend (pp_aes_hw_restrict(0) makes pp_aes_set_key choose it). */
int main(void)
{
#if PP_AES_HW_X86
    printf("AES-NI %s\n", pp_aes_hw_available() ? "present: hardware path, then portable backend"
                                                 : "absent: portable backend only");
    run_all();
    pp_aes_hw_restrict(0);
#endif
    run_all();
    return test_report("aes_blocks");
}
