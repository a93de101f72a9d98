/*
 * chacha20_armv7m.h -- the ARMv7-M / ARMv7E-M / ARMv8-M Mainline ChaCha20
 * kernel (RFC 8439 2.3, 2.4) in Thumb-2 assembly (chacha20_armv7m.c), the
 * backend PICOPSA_CHACHA20_ARMV7M of include/picopsa/config.h.
 *
 * Contract:
 *  - pp_chacha20_armv7m_xor(s, in, out, n), n >= 1: out = in XOR the
 *    keystream blocks s[12], s[12] + 1, ..., s[12] + n - 1 of state s
 *    (64 n bytes). The caller has checked that the counter does not pass
 *    2^32 - 1 on the way (chacha20.c checks the whole call) and advances
 *    s[12] itself; s is only read. in == out is allowed, any other
 *    overlap is not. in and out need no alignment (single LDR/STR, which
 *    ARMv7-M allows unaligned when CCR.UNALIGN_TRP is clear, the reset
 *    value); little-endian cores only.
 *  - Secret: the key and nonce words of s, the data and the keystream.
 *    Constant time by construction: additions, XORs and fixed rotations
 *    (folded into the barrel shifter), loads and stores at addresses that
 *    depend on the pointers and the block index only; the only branches
 *    count rounds and blocks. The stack frame (key material, the state
 *    after each round) is zeroed before return.
 *  - Stack: 172 B of frame + 36 B of saved registers. No calls.
 *  - Built for GCC/Clang targeting M-profile Thumb-2 (PP_CHACHA20_ARMV7M);
 *    nothing of it exists elsewhere (Cortex-M0+, RV32, hosts).
 */
#ifndef PICOPSA_CHACHA20_ARMV7M_H
#define PICOPSA_CHACHA20_ARMV7M_H

#include <stddef.h>
#include <stdint.h>

#include <picopsa/config.h>

#if (PICOPSA_CHACHA20_BACKEND) == PICOPSA_CHACHA20_ARMV7M
#define PP_CHACHA20_ARMV7M 1
void pp_chacha20_armv7m_xor(const uint32_t s[16], const uint8_t *in, uint8_t *out, size_t n);
#else
#define PP_CHACHA20_ARMV7M 0
#endif

#endif /* PICOPSA_CHACHA20_ARMV7M_H */
