/*
 * aes_ct32_armv7m.h -- the Thumb-2 SubBytes of the fixsliced ct32 AES
 * (PICOPSA_AES_CT32_ASM of include/picopsa/config.h).
 *
 * Contract:
 *  - pp_aes_ct32_sbox_armv7m(q) replaces q[0..7] (eight bit-plane words,
 *    q[b] bit b of every state byte) by SubBytes (FIPS 197 5.1.1) of
 *    them, exactly as sub_bytes() of aes_bitslice.h does.
 *  - Constant time: straight-line AND/EOR/MVN and loads/stores at fixed
 *    offsets from sp and q; no branch.
 *  - AAPCS: r4-r11 saved; 52 B of frame plus 36 B of saved registers.
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
#else
#define PP_AES_CT32_ASM 0
#endif

#endif /* PICOPSA_AES_CT32_ARMV7M_H */
