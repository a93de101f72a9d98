/*
 * aes.h -- AES block cipher (FIPS 197) for 128/192/256-bit keys, with thin
 * ECB, CTR, CBC helpers (SP 800-38A 6.1, 6.2, 6.5).
 *
 * Contract:
 *  - Internal to picopsa: the cipher front end calls these; nothing here
 *    checks PSA policy. pp_aes_set_key() is the only function that fails.
 *  - Secret: the key, the round keys in pp_aes_key, plaintexts and the
 *    keystream. Lengths, block counts and the round count are public.
 *  - Constant time: no table is indexed by secret data and no branch depends
 *    on it, in either backend (PICOPSA_AES_BACKEND, config.h):
 *    PICOPSA_AES_REF (aes_ref.c) computes SubBytes arithmetically, byte by
 *    byte (FIPS 197 5.1.1: inversion in GF(2^8) as x^254 with a fixed
 *    square-and-multiply chain, then the affine map); small, slow, the
 *    reference. PICOPSA_AES_CT64 (aes_ct64.c) is bitsliced: four blocks per
 *    pass in eight 64-bit words, SubBytes as the Boyar-Peralta Boolean
 *    circuit, round keys stored pre-bitsliced (8 words per round, all of
 *    rk[] for AES-256); CBC encryption runs one block per pass.
 *    PICOPSA_AES_CT32 (aes_ct32.c, the 32-bit default) is fixsliced: two
 *    blocks per pass in eight 32-bit words, ShiftRows folded into four
 *    per-frame MixColumns variants, round keys pre-shifted (480 bytes).
 *    On x86-64 with AES-NI (PICOPSA_AES_HW, aes_hw.h) the pp_aes_*
 *    functions run aes_x86.c instead, chosen by CPUID when the key is set
 *    (pp_aes_key.hw says which layout the round keys are in), and on
 *    AArch64 Linux with the ARMv8 CE aes_armv8.c (HWCAP_AES); aes.c routes.
 *  - Aliasing: in == out is allowed for every function; partial overlap is
 *    not. ctr and iv are updated in place to their next value.
 *  - Call pp_aes_wipe() when a key is no longer needed.
 */
#ifndef PICOPSA_AES_H
#define PICOPSA_AES_H

#include <stddef.h>
#include <stdint.h>
#include <psa/error.h>
#include <picopsa/primitives.h>

/* Round keys and Nr (FIPS 197 5): the public mirror in picopsa/primitives.h,
 * because the PSA cipher operation embeds it. Layout: the backend's (ref:
 * the FIPS 197 schedule in the first 240 bytes; ct64: bitsliced, all 960;
 * ct32: fixsliced, 480;
 * AES-NI and ARMv8 CE: encryption schedule, then the decryption one at
 * byte 240). */
typedef picopsa_aes_context pp_aes_key;

/* key_len 16, 24 or 32, else PSA_ERROR_INVALID_ARGUMENT (k is then wiped). */
psa_status_t pp_aes_set_key(pp_aes_key *k, const uint8_t *key, size_t key_len);

void pp_aes_ecb_encrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                        size_t nblocks);
void pp_aes_ecb_decrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                        size_t nblocks);
/* SP 800-38A 6.5: ctr is a 128-bit big-endian counter, incremented once per
 * block; on return it holds the next unused value. */
void pp_aes_ctr(const pp_aes_key *k, uint8_t ctr[16], const uint8_t *in,
                uint8_t *out, size_t nblocks);
/* SP 800-38A 6.2: iv is replaced by the last ciphertext block. */
void pp_aes_cbc_encrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                        uint8_t *out, size_t nblocks);
void pp_aes_cbc_decrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                        uint8_t *out, size_t nblocks);
void pp_aes_wipe(pp_aes_key *k);
/* PSA_SUCCESS, or the first error of the accelerator engine that took k
 * (aes_engine.h; its outputs since then are wiped): every front end
 * reports it before releasing output. Always PSA_SUCCESS without drivers. */
static inline psa_status_t pp_aes_status(const pp_aes_key *k)
{
#if PICOPSA_DRIVERS
    return k->engine_status;
#else
    (void)k;
    return PSA_SUCCESS;
#endif
}
/* Records status (an accelerator error that a copy of k met, e.g. a cloned
 * CMAC state) in k unless k already holds one; nothing without drivers. */
static inline void pp_aes_status_keep(pp_aes_key *k, psa_status_t status)
{
#if PICOPSA_DRIVERS
    if (k->engine_status == PSA_SUCCESS) {
        k->engine_status = status;
    }
#else
    (void)k;
    (void)status;
#endif
}
/* XTS whole blocks (IEEE 1619-2007 5.3.1 / 5.4.1; src/cipher/cipher_xts.c)
 * in one pass when the key's backend has a fused form (AES-NI): returns 1
 * and tweak holds the next block's tweak; else 0, nothing done, and the
 * caller runs XTS over pp_aes_ecb_*. */
int pp_aes_xts_fused(const pp_aes_key *k, uint8_t tweak[16], const uint8_t *in, uint8_t *out,
                     size_t nblocks, int encrypt);
/* CCM's payload blocks (SP 800-38C 6.1 steps 4-5, 6.2; src/aead/ccm.c):
 * out = in ^ E(ctr) with ctr's 128-bit increment, and the CBC-MAC value
 * mac absorbs each plaintext block (in when encrypt, else out), in one
 * pass when the key's backend has it (AES-NI): returns 1; else 0 and
 * nothing is done. in == out allowed. */
int pp_aes_ccm_fused(const pp_aes_key *k, uint8_t mac[16], uint8_t ctr[16], const uint8_t *in,
                     uint8_t *out, size_t nblocks, int encrypt);
/* The CBC-MAC chain (SP 800-38B 6.2 step 6, SP 800-38C A.2.2): mac =
 * CIPH(mac ^ in_j) for nblocks whole blocks, with no ciphertext written,
 * in one pass when the key's backend has it (AES-NI: the chain is serial,
 * so what it saves is a call, a copy and a store per block): returns 1;
 * else 0, nothing done, and the caller chains over pp_aes_ecb_encrypt or
 * pp_aes_cbc_encrypt. */
int pp_aes_cbc_mac_fused(const pp_aes_key *k, uint8_t mac[16], const uint8_t *in,
                         size_t nblocks);
/* What pp_aes_set_key would choose now: "x86-64 AES-NI" (or its VAES width,
 * "x86-64 VAES-512 (AVX-512)"), "AArch64 ARMv8 CE", "bitsliced ct64",
 * "fixsliced ct32" or "byte-oriented reference" (picopsa_backend_name,
 * banners). */
const char *pp_aes_backend_name(void);

/* The portable backend selected by PICOPSA_AES_BACKEND (aes_ref.c,
 * aes_ct64.c or aes_ct32.c): the same contract, always built, the
 * fallback of the hardware path and tested on its own. */
psa_status_t pp_aes_soft_set_key(pp_aes_key *k, const uint8_t *key, size_t key_len);
void pp_aes_soft_ecb_encrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                             size_t nblocks);
void pp_aes_soft_ecb_decrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                             size_t nblocks);
void pp_aes_soft_ctr(const pp_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                     size_t nblocks);
void pp_aes_soft_cbc_encrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                             uint8_t *out, size_t nblocks);
void pp_aes_soft_cbc_decrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                             uint8_t *out, size_t nblocks);
void pp_aes_soft_wipe(pp_aes_key *k);

#endif /* PICOPSA_AES_H */
