/*
 * aes.c -- the pp_aes_* functions of aes.h: the hardware path (aes_hw.h,
 * AES-NI or the ARMv8 CE) for a key set while the CPU offers it, else the
 * portable backend (pp_aes_soft_*). The choice is made once per key, at
 * pp_aes_set_key, and recorded in k->hw (a public fact), so a key is never
 * read in the other path's layout.
 */
#include "aes/aes.h"
#include "aes/aes_engine.h"
#include "aes/aes_hw.h"
#include "common/pp_util.h"

/* The round-key storage holds every layout built: ct64 15 x 8 words,
 * ct32 15 x 8 32-bit words, AES-NI both schedules (2 x 240 bytes), ref
 * 240 bytes. */
typedef char pp_aes_rk_fits_[(sizeof(((pp_aes_key *)0)->rk) >=
                              (PICOPSA_AES_BACKEND == PICOPSA_AES_CT64 ? 960u : 480u)) ? 1 : -1];

#if PP_AES_HW
#define PP_AES_ROUTE_HW(hw_call, soft_call) \
    do {                                    \
        if (k->hw == 1u) {                  \
            hw_call;                        \
        } else {                            \
            soft_call;                      \
        }                                   \
    } while (0)
#else
#define PP_AES_ROUTE_HW(hw_call, soft_call) soft_call
#endif
/* A key taken by a driver's AES engine (k->hw >= PP_AES_HW_ENGINE0, a
 * public fact) runs there; the others as before. */
#if PP_AES_ENGINE
#define PP_AES_ROUTE(engine_call, hw_call, soft_call) \
    do {                                              \
        if (k->hw >= PP_AES_HW_ENGINE0) {             \
            engine_call;                              \
        } else {                                      \
            PP_AES_ROUTE_HW(hw_call, soft_call);      \
        }                                             \
    } while (0)
#else
#define PP_AES_ROUTE(engine_call, hw_call, soft_call) PP_AES_ROUTE_HW(hw_call, soft_call)
#endif

psa_status_t pp_aes_set_key(pp_aes_key *k, const uint8_t *key, size_t key_len)
{
    psa_status_t status;
#if PP_AES_ENGINE
    k->engine_status = PSA_SUCCESS;
    status = pp_aes_engine_set_key(k, key, key_len);
    if (status != PSA_ERROR_NOT_SUPPORTED) {
        return status;
    }
#endif
#if PP_AES_HW
    if (pp_aes_hw_available()) {
        status = pp_aes_hw_set_key(k, key, key_len);
        k->hw = status == PSA_SUCCESS ? 1u : 0u;
        return status;
    }
#endif
    status = pp_aes_soft_set_key(k, key, key_len);
    k->hw = 0;
    return status;
}

void pp_aes_ecb_encrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    PP_AES_ROUTE(pp_aes_engine_ecb(k, 1, in, out, nblocks),
                 pp_aes_hw_ecb_encrypt(k, in, out, nblocks),
                 pp_aes_soft_ecb_encrypt(k, in, out, nblocks));
}

void pp_aes_ecb_decrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    PP_AES_ROUTE(pp_aes_engine_ecb(k, 0, in, out, nblocks),
                 pp_aes_hw_ecb_decrypt(k, in, out, nblocks),
                 pp_aes_soft_ecb_decrypt(k, in, out, nblocks));
}

void pp_aes_ctr(const pp_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                size_t nblocks)
{
    PP_AES_ROUTE(pp_aes_engine_ctr(k, ctr, in, out, nblocks),
                 pp_aes_hw_ctr(k, ctr, in, out, nblocks),
                 pp_aes_soft_ctr(k, ctr, in, out, nblocks));
}

void pp_aes_cbc_encrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                        size_t nblocks)
{
    PP_AES_ROUTE(pp_aes_engine_cbc_encrypt(k, iv, in, out, nblocks),
                 pp_aes_hw_cbc_encrypt(k, iv, in, out, nblocks),
                 pp_aes_soft_cbc_encrypt(k, iv, in, out, nblocks));
}

void pp_aes_cbc_decrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                        size_t nblocks)
{
    PP_AES_ROUTE(pp_aes_engine_cbc_decrypt(k, iv, in, out, nblocks),
                 pp_aes_hw_cbc_decrypt(k, iv, in, out, nblocks),
                 pp_aes_soft_cbc_decrypt(k, iv, in, out, nblocks));
}

int pp_aes_xts_fused(const pp_aes_key *k, uint8_t tweak[16], const uint8_t *in, uint8_t *out,
                     size_t nblocks, int encrypt)
{
#if PP_AES_HW
    if (k->hw == 1u) {
        pp_aes_hw_xts(k, tweak, in, out, nblocks, encrypt);
        return 1;
    }
#endif
    (void)k;
    (void)tweak;
    (void)in;
    (void)out;
    (void)nblocks;
    (void)encrypt;
    return 0;
}

int pp_aes_ccm_fused(const pp_aes_key *k, uint8_t mac[16], uint8_t ctr[16], const uint8_t *in,
                     uint8_t *out, size_t nblocks, int encrypt)
{
#if PP_AES_HW_X86
    if (k->hw == 1u) {
        pp_aes_hw_ccm(k, mac, ctr, in, out, nblocks, encrypt);
        return 1;
    }
#endif
    (void)k;
    (void)mac;
    (void)ctr;
    (void)in;
    (void)out;
    (void)nblocks;
    (void)encrypt;
    return 0;
}

int pp_aes_cbc_mac_fused(const pp_aes_key *k, uint8_t mac[16], const uint8_t *in,
                         size_t nblocks)
{
#if PP_AES_HW_X86
    if (k->hw == 1u) {
        pp_aes_hw_cbc_mac(k, mac, in, nblocks);
        return 1;
    }
#endif
    (void)k;
    (void)mac;
    (void)in;
    (void)nblocks;
    return 0;
}

void pp_aes_wipe(pp_aes_key *k)
{
    pp_wipe(k, sizeof(*k));
}

const char *pp_aes_backend_name(void)
{
#if PP_AES_HW
    if (pp_aes_hw_available()) {
#if PP_AES_HW_ARM
        return "AArch64 ARMv8 CE";
#else
        return pp_aes_hw_name(); /* the width in use, "x86-64 VAES-512 (AVX-512)" */
#endif
    }
#endif
#if PICOPSA_AES_BACKEND == PICOPSA_AES_CT64
    return "bitsliced ct64";
#elif PICOPSA_AES_BACKEND == PICOPSA_AES_CT32
    return "fixsliced ct32";
#else
    return "byte-oriented reference";
#endif
}
