/*
 * aes_ct32_armv7m.h -- the Thumb-2 rounds of the fixsliced ct32 AES
 * (PICOPSA_AES_CT32_ASM of include/picopsa/config.h; aes_ct32.c).
 *
 * Contract:
 *  - pp_aes_ct32_encrypt_armv7m(q, rk, nr) runs FIPS 197 5.1 Cipher on the
 *    two bitsliced blocks of q[0..7] (aes_ct32.c's layout and frames)
 *    from AddRoundKey 0 to AddRoundKey nr, nr in {10, 12, 14}; the state
 *    ends in frame nr mod 4 (the caller's ShiftRows fix-up). rk holds
 *    nr + 1 fixsliced round keys, those of rounds 1..nr with words 0, 1,
 *    5 and 6 complemented (the S-box's affine constant 0x63, which the
 *    assembly circuit leaves out: MixColumns maps the all-0x63 state to
 *    itself, so the NOTs commute into the next AddRoundKey).
 *  - pp_aes_ct32_sbox_armv7m(q) replaces q[0..7] (eight bit-plane words,
 *    q[b] bit b of every state byte) by SubBytes (FIPS 197 5.1.1) of
 *    them, exactly as sub_bytes() of aes_bitslice.h does;
 *    pp_aes_ct32_ortho_armv7m(q) is ortho() of aes_bitslice.h.
 *  - Constant time: AND/EOR/MVN and loads/stores at fixed offsets from
 *    sp, q and rk; the only branch is the round loop's, on nr.
 *  - AAPCS: r4-r11 saved; 68 B of frame plus 36 B of saved registers
 *    (the transpose: 32 B of saved registers, no frame).
 *  - Built only with PICOPSA_AES_BACKEND == PICOPSA_AES_CT32 and
 *    PICOPSA_AES_CT32_ASM (PP_AES_CT32_ASM); nothing of it exists
 *    elsewhere (Cortex-M0+, RV32, hosts).
 */
#ifndef PICOPSA_AES_CT32_ARMV7M_H
#define PICOPSA_AES_CT32_ARMV7M_H

#include <stdint.h>

#include <picopsa/config.h>

#if PICOPSA_AES_BACKEND == PICOPSA_AES_CT32 && PICOPSA_AES_CT32_ASM
#define PP_AES_CT32_ASM 1
void pp_aes_ct32_sbox_armv7m(uint32_t q[8]);
void pp_aes_ct32_ortho_armv7m(uint32_t q[8]);
void pp_aes_ct32_encrypt_armv7m(uint32_t q[8], const uint32_t *rk, unsigned nr);
#else
#define PP_AES_CT32_ASM 0
#endif

#endif /* PICOPSA_AES_CT32_ARMV7M_H */
