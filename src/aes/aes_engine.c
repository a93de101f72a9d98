/*
 * aes_engine.c -- binds the AES block engines of PICOPSA_DRIVER_LIST's
 * drivers to aes.c (aes/aes_engine.h), and runs CTR and CBC over an
 * engine's ECB. Read here, below the dispatch layer, as bignum's engines
 * are (bignum/bn_engine.c). Without PICOPSA_DRIVER_LIST this file
 * compiles to nothing.
 */
#include "aes/aes_engine.h"

#if PP_AES_ENGINE
#include <string.h>

#include "common/pp_util.h"

#define PP_AES_ENGINE_DECLARE(name) extern const picopsa_transparent_driver_t name;
PICOPSA_DRIVER_LIST(PP_AES_ENGINE_DECLARE)
#undef PP_AES_ENGINE_DECLARE
#define PP_AES_ENGINE_ADDRESS(name) &name,
static const picopsa_transparent_driver_t *const aes_drivers[] = {
    PICOPSA_DRIVER_LIST(PP_AES_ENGINE_ADDRESS)
};
#undef PP_AES_ENGINE_ADDRESS
#define AES_DRIVER_COUNT (sizeof(aes_drivers) / sizeof(aes_drivers[0]))

/* The driver context lives at the start of the round-key storage. */
typedef char pp_aes_engine_ctx_fits_[sizeof(((pp_aes_key *)0)->rk) >=
                                     PICOPSA_DRIVER_AES_CONTEXT_SIZE ? 1 : -1];

/* Blocks per engine call in CTR and CBC decryption (a stack buffer). */
#define CHUNK 4u

psa_status_t pp_aes_engine_set_key(pp_aes_key *k, const uint8_t *key, size_t key_len)
{
    size_t i;
    if (key_len != 16u && key_len != 24u && key_len != 32u) {
        return PSA_ERROR_NOT_SUPPORTED; /* the software reports the length */
    }
    for (i = 0; i < AES_DRIVER_COUNT; i++) {
        const picopsa_aes_engine_t *e = aes_drivers[i]->aes_engine;
        psa_status_t st;
        if (e == NULL || e->set_key == NULL || e->ecb == NULL) {
            continue;
        }
        pp_wipe(k->rk, PICOPSA_DRIVER_AES_CONTEXT_SIZE);
        st = e->set_key(k->rk, key, key_len);
        if (st == PSA_ERROR_NOT_SUPPORTED) {
            continue;
        }
        if (st != PSA_SUCCESS) {
            pp_wipe(k, sizeof(*k));
        }
        k->rounds = (unsigned)(6u + key_len / 4u);
        k->hw = PP_AES_HW_ENGINE0 + (unsigned)i;
        k->engine_status = st;
        return st;
    }
    pp_wipe(k->rk, PICOPSA_DRIVER_AES_CONTEXT_SIZE);
    return PSA_ERROR_NOT_SUPPORTED;
}

void pp_aes_engine_ecb(const pp_aes_key *k, int encrypt, const uint8_t *in, uint8_t *out,
                       size_t nblocks)
{
    psa_status_t st = k->engine_status;
    if (nblocks == 0) {
        return;
    }
    if (st == PSA_SUCCESS) {
        st = aes_drivers[k->hw - PP_AES_HW_ENGINE0]->aes_engine->ecb(k->rk, encrypt, in, out,
                                                                     nblocks);
    }
    if (st != PSA_SUCCESS) {
        pp_wipe(out, nblocks * 16u);
        /* k lives in an operation context (never a const object): record
         * the first error for pp_aes_status. */
        ((pp_aes_key *)(uintptr_t)k)->engine_status = st;
    }
}

/* ctr += 1 as a 128-bit big-endian number, carry by arithmetic. */
static void ctr_inc(uint8_t ctr[16])
{
    uint32_t carry = 1;
    int i;
    for (i = 15; i >= 0; i--) {
        uint32_t v = (uint32_t)ctr[i] + carry;
        ctr[i] = (uint8_t)v;
        carry = v >> 8;
    }
}

void pp_aes_engine_ctr(const pp_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                       size_t nblocks)
{
    uint8_t ks[CHUNK * 16u];
    while (nblocks > 0) {
        size_t n = nblocks < CHUNK ? nblocks : CHUNK;
        size_t i;
        for (i = 0; i < n; i++) {
            memcpy(ks + 16u * i, ctr, 16);
            ctr_inc(ctr);
        }
        pp_aes_engine_ecb(k, 1, ks, ks, n);
        for (i = 0; i < 16u * n; i++) {
            out[i] = (uint8_t)(in[i] ^ ks[i]);
        }
        if (k->engine_status != PSA_SUCCESS) {
            pp_wipe(out, 16u * n);
        }
        in += 16u * n;
        out += 16u * n;
        nblocks -= n;
    }
    pp_wipe(ks, sizeof(ks));
}

void pp_aes_engine_cbc_encrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                               uint8_t *out, size_t nblocks)
{
    size_t b, i;
    for (b = 0; b < nblocks; b++) {
        for (i = 0; i < 16u; i++) {
            iv[i] = (uint8_t)(iv[i] ^ in[16u * b + i]);
        }
        pp_aes_engine_ecb(k, 1, iv, iv, 1);
        memcpy(out + 16u * b, iv, 16);
    }
}

void pp_aes_engine_cbc_decrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                               uint8_t *out, size_t nblocks)
{
    uint8_t c[16], p[16];
    size_t b, i;
    for (b = 0; b < nblocks; b++) {
        memcpy(c, in + 16u * b, 16);   /* in may be out */
        pp_aes_engine_ecb(k, 0, c, p, 1);
        for (i = 0; i < 16u; i++) {
            out[16u * b + i] = (uint8_t)(p[i] ^ iv[i]);
        }
        if (k->engine_status != PSA_SUCCESS) {
            pp_wipe(out + 16u * b, 16);
        }
        memcpy(iv, c, 16);
    }
    pp_wipe(p, sizeof(p));
    pp_wipe(c, sizeof(c));
}

#else
/* ISO C needs a declaration in every translation unit. */
typedef int pp_aes_engine_unused_t;
#endif /* PP_AES_ENGINE */
