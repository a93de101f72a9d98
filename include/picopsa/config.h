/*
 * picopsa/config.h -- the one configuration header of picopsa.
 *
 * Two kinds of setting:
 *  - Mechanism switches, PSA_WANT_<thing> (the names PSA and Mbed TLS use):
 *    define to 1 to build the mechanism, 0 to leave it out. A mechanism left
 *    out returns PSA_ERROR_NOT_SUPPORTED and costs no flash.
 *  - Implementation settings, PICOPSA_<thing>: sizes and speed/size trades.
 *
 * Every setting may be overridden from the compiler command line
 * (-DPSA_WANT_ALG_SHA_384=0) or by pointing PICOPSA_CONFIG_FILE at a header
 * of your own that is read first. include/picopsa/config_check.h rejects
 * contradictory settings with #error. docs/configuration.md is the
 * reference; keep it in step with this file.
 */
#ifndef PICOPSA_CONFIG_H
#define PICOPSA_CONFIG_H

/* Values of the backend settings (PICOPSA_ED25519_BACKEND, ...): one bit
 * each, so config_check.h tells "none" (0, an unknown name) from "two". */
#define PICOPSA_BACKEND_FAST 0x1
#define PICOPSA_BACKEND_SMALL 0x2

#if defined(PICOPSA_CONFIG_FILE)
#include PICOPSA_CONFIG_FILE
#endif

/* ===== Hashes ======================================================== */
/* SHA-224 shares SHA-256's compression function: ~100 bytes extra. */
#ifndef PSA_WANT_ALG_SHA_224
#define PSA_WANT_ALG_SHA_224 1
#endif
/* SHA-256 core: about 1.5 KB of Cortex-M4 text at -Os. */
#ifndef PSA_WANT_ALG_SHA_256
#define PSA_WANT_ALG_SHA_256 1
#endif
/* SHA-384 shares SHA-512's compression function. */
#ifndef PSA_WANT_ALG_SHA_384
#define PSA_WANT_ALG_SHA_384 1
#endif
/* SHA-512 core (needed by Ed25519): about 2 KB of Cortex-M4 text at -Os. */
#ifndef PSA_WANT_ALG_SHA_512
#define PSA_WANT_ALG_SHA_512 1
#endif
/* SHA-1 (broken for collisions: RSA-OAEP, HMAC-SHA-1 / TOTP, verifying
 * old signatures) and SHA-512/224, SHA-512/256 (FIPS 180-4 5.3.6: SHA-512
 * with other IVs; they build SHA-512's compression function). Default: 1 on
 * hosted operating systems (Linux, macOS, Windows, the BSDs), 0 elsewhere
 * (MCU images do not grow). */
#if defined(__linux__) || defined(__APPLE__) || defined(_WIN32) || defined(__FreeBSD__) || \
    defined(__NetBSD__) || defined(__OpenBSD__)
#define PICOPSA_HOSTED_OS_DEFAULT 1
#else
#define PICOPSA_HOSTED_OS_DEFAULT 0
#endif
#ifndef PSA_WANT_ALG_SHA_1
#define PSA_WANT_ALG_SHA_1 PICOPSA_HOSTED_OS_DEFAULT
#endif
/* SHA-512/t default on only where SHA-512 is built anyway (a header that
 * leaves SHA-512 out, configs/rsa_only.h, does not get its core back). */
#ifndef PSA_WANT_ALG_SHA_512_224
#define PSA_WANT_ALG_SHA_512_224 (PICOPSA_HOSTED_OS_DEFAULT && PSA_WANT_ALG_SHA_512)
#endif
#ifndef PSA_WANT_ALG_SHA_512_256
#define PSA_WANT_ALG_SHA_512_256 (PICOPSA_HOSTED_OS_DEFAULT && PSA_WANT_ALG_SHA_512)
#endif
/* SHA3-224/256/384/512 and SHAKE256/512 (FIPS 202 6.1, 6.2: the first 64
 * bytes of SHAKE256, the Ed448ph prehash) in the hash API, hence in HMAC,
 * HKDF and hash-and-sign. They share one Keccak-f[1600] (src/hash/keccak.c,
 * 3.4 KB of Cortex-M4 text at -Os with sha3.c). Default: 1 on hosted
 * operating systems, 0 elsewhere: the hash dispatch would link Keccak into
 * every MCU image that hashes at all, and no MCU protocol picopsa serves
 * needs SHA-3 through the PSA API yet (ML-KEM calls Keccak directly, so
 * it does not need these). No effect on the operation struct sizes. */
#ifndef PSA_WANT_ALG_SHA3_224
#define PSA_WANT_ALG_SHA3_224 PICOPSA_HOSTED_OS_DEFAULT
#endif
#ifndef PSA_WANT_ALG_SHA3_256
#define PSA_WANT_ALG_SHA3_256 PICOPSA_HOSTED_OS_DEFAULT
#endif
#ifndef PSA_WANT_ALG_SHA3_384
#define PSA_WANT_ALG_SHA3_384 PICOPSA_HOSTED_OS_DEFAULT
#endif
#ifndef PSA_WANT_ALG_SHA3_512
#define PSA_WANT_ALG_SHA3_512 PICOPSA_HOSTED_OS_DEFAULT
#endif
#ifndef PSA_WANT_ALG_SHAKE256_512
#define PSA_WANT_ALG_SHAKE256_512 PICOPSA_HOSTED_OS_DEFAULT
#endif
/* 1: build the hardware SHA paths where the target has them (x86-64 SHA
 * extensions for SHA-1/SHA-256, AArch64 Linux ARMv8 Cryptography
 * Extensions), each used only when the CPU reports it (src/hash/
 * sha_backend.h); 0: the portable C only. No effect on other targets. */
#ifndef PICOPSA_SHA_HW
#define PICOPSA_SHA_HW 1
#endif
/* SHA-2 compression: 1 = sixteen rounds unrolled (Cortex-M4: SHA-256 4.1 KB
 * of text, ~2,600 cycles a block; SHA-512 13 KB, ~12,000 cycles), 0 =
 * compact: SHA-256 eight rounds per loop iteration (1.7 KB, ~6,000 cycles
 * at -Os), SHA-512 one round per iteration (2.0 KB, ~19,600 cycles at -Os;
 * 3.9 KB and ~18,300 with eight). Default: 0 when compiling for size (-Os),
 * else 1. */
#ifndef PICOPSA_SHA2_UNROLL
#if defined(__OPTIMIZE_SIZE__)
#define PICOPSA_SHA2_UNROLL 0
#else
#define PICOPSA_SHA2_UNROLL 1
#endif
#endif
/* SHA-384/512 update and finish one byte at a time, the padding fed
 * through update (configs/ed25519_small.h): about 150 B less code on
 * Cortex-M4 -Os for a few cycles a byte; same context and results.
 * Default 0. */
#ifndef PICOPSA_SHA512_TINY
#define PICOPSA_SHA512_TINY 0
#endif

/* ===== MAC =========================================================== */
/* HMAC over every enabled hash. Needs at least one hash. */
#ifndef PSA_WANT_ALG_HMAC
#define PSA_WANT_ALG_HMAC 1
#endif
/* The PSA_KEY_TYPE_HMAC key type (raw bytes in a key slot): no code cost. */
#ifndef PSA_WANT_KEY_TYPE_HMAC
#define PSA_WANT_KEY_TYPE_HMAC 1
#endif

/* ===== Random ======================================================== */
/* The library RNG is one SP 800-90A DRBG (docs/random.md), chosen by
 * PICOPSA_DRBG_MECHANISM (its default needs the AES settings, so it is set
 * after the AES section below):
 *  PICOPSA_DRBG_HMAC: HMAC_DRBG (10.1.2) over PICOPSA_DRBG_HASH; HMAC and
 *    SHA-256 are in every image anyway, so it adds about 0.9 KB;
 *  PICOPSA_DRBG_CTR: CTR_DRBG (10.2.1) over AES-256 with the derivation
 *    function; needs PSA_WANT_KEY_TYPE_AES (on an MCU it pulls the AES core
 *    into every image: Cortex-M4 -Os ct64 5.6 KB). */
#define PICOPSA_DRBG_HMAC 0x1
#define PICOPSA_DRBG_CTR 0x2
/* The hash of HMAC_DRBG: PSA_ALG_SHA_256 or PSA_ALG_SHA_512 (the hash must
 * be enabled). Unused with CTR_DRBG. */
#ifndef PICOPSA_DRBG_HASH
#define PICOPSA_DRBG_HASH PSA_ALG_SHA_256
#endif
/* Generate requests between automatic reseeds (SP 800-90A allows 2^48). */
#ifndef PICOPSA_DRBG_RESEED_INTERVAL
#define PICOPSA_DRBG_RESEED_INTERVAL 10000u
#endif
/* 1: reseed from the entropy source before every request (prediction
 * resistance, SP 800-90A 9.3). Costs one entropy read per call. */
#ifndef PICOPSA_DRBG_PREDICTION_RESISTANCE
#define PICOPSA_DRBG_PREDICTION_RESISTANCE 0
#endif

/* ===== Threads and fork (include/picopsa/port.h) ===================== */
/* 1: the RNG state and the key store are guarded by the port's mutex hook
 * (picopsa_port_mutex_lock/unlock, PICOPSA_MUTEX_COUNT mutexes), so PSA
 * calls from several threads behave as if made one at a time (except on
 * one operation object, or destroying a key another call is using).
 * ports/linux provides it with pthreads; an RTOS integrator writes the two
 * functions (ports/baremetal/README.md). 0: single-threaded, no hook, no
 * code. Default: 1 on Linux, else 0. */
#ifndef PICOPSA_THREADS
#if defined(__linux__)
#define PICOPSA_THREADS 1
#else
#define PICOPSA_THREADS 0
#endif
#endif
/* 1: before every draw the RNG asks the port whether this is a new process
 * (picopsa_port_fork_detected; ports/linux: a MADV_WIPEONFORK page, else
 * getpid() + pthread_atfork) and reseeds from the entropy source if so,
 * so a child never repeats its parent's stream. 0: no check, no code
 * (MCUs have no fork). Default: 1 on Linux, else 0. */
#ifndef PICOPSA_FORK_DETECT
#if defined(__linux__)
#define PICOPSA_FORK_DETECT 1
#else
#define PICOPSA_FORK_DETECT 0
#endif
#endif

/* ===== AES (src/aes) and the cipher modes (src/cipher) =============== */
/* Key type and cipher modes (PSA 1.2 10.4; docs/cipher.md). Without
 * PSA_WANT_KEY_TYPE_AES no mode is built. */
#ifndef PSA_WANT_KEY_TYPE_AES
#define PSA_WANT_KEY_TYPE_AES 1
#endif
#ifndef PSA_WANT_ALG_ECB_NO_PADDING
#define PSA_WANT_ALG_ECB_NO_PADDING PSA_WANT_KEY_TYPE_AES
#endif
#ifndef PSA_WANT_ALG_CBC_NO_PADDING
#define PSA_WANT_ALG_CBC_NO_PADDING PSA_WANT_KEY_TYPE_AES
#endif
#ifndef PSA_WANT_ALG_CBC_PKCS7
#define PSA_WANT_ALG_CBC_PKCS7 PSA_WANT_KEY_TYPE_AES
#endif
#ifndef PSA_WANT_ALG_CTR
#define PSA_WANT_ALG_CTR PSA_WANT_KEY_TYPE_AES
#endif
#ifndef PSA_WANT_ALG_CFB
#define PSA_WANT_ALG_CFB PSA_WANT_KEY_TYPE_AES
#endif
#ifndef PSA_WANT_ALG_OFB
#define PSA_WANT_ALG_OFB PSA_WANT_KEY_TYPE_AES
#endif
#ifndef PSA_WANT_ALG_CCM_STAR_NO_TAG
#define PSA_WANT_ALG_CCM_STAR_NO_TAG PSA_WANT_KEY_TYPE_AES
#endif
/* XTS (IEEE 1619, SP 800-38E; src/cipher/cipher_xts.c): an AES key of
 * twice the size, 256, 384 or 512 bits (PSA 1.2 PSA_KEY_TYPE_AES). It
 * costs about 1.2-1.4 KB of flash (Cortex-M4 -Os) and 16 bytes more in
 * every cipher operation (the held-back bytes of ciphertext stealing), so
 * MCUs opt in, as for CMAC: default on hosted OSes. */
#ifndef PSA_WANT_ALG_XTS
#define PSA_WANT_ALG_XTS (PICOPSA_HOSTED_OS_DEFAULT && PSA_WANT_KEY_TYPE_AES)
#endif

/* AES-CMAC (SP 800-38B) through the MAC API (src/mac/cmac.c). A MAC
 * operation then holds an AES key schedule (psa_mac_operation_t grows
 * from about 450 to about 1,040 bytes with the ct64 backend, and so does
 * the stack of psa_mac_compute), so MCUs opt in: default on hosted OSes. */
#ifndef PSA_WANT_ALG_CMAC
#define PSA_WANT_ALG_CMAC (PICOPSA_HOSTED_OS_DEFAULT && PSA_WANT_KEY_TYPE_AES)
#endif

/* ChaCha20 and XChaCha20 (RFC 8439; draft-irtf-cfrg-xchacha-03) as
 * PSA_ALG_STREAM_CIPHER (src/chacha20): 256-bit keys. */
#ifndef PSA_WANT_KEY_TYPE_CHACHA20
#define PSA_WANT_KEY_TYPE_CHACHA20 1
#endif
#ifndef PSA_WANT_KEY_TYPE_XCHACHA20
#define PSA_WANT_KEY_TYPE_XCHACHA20 1
#endif
#ifndef PSA_WANT_ALG_STREAM_CIPHER
#define PSA_WANT_ALG_STREAM_CIPHER (PSA_WANT_KEY_TYPE_CHACHA20 || PSA_WANT_KEY_TYPE_XCHACHA20)
#endif

/* AEAD (PSA 1.2 10.5; src/aead): AES-GCM (SP 800-38D), AES-CCM (SP
 * 800-38C), ChaCha20-Poly1305 (RFC 8439 2.8), XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha-03). */
#ifndef PSA_WANT_ALG_GCM
#define PSA_WANT_ALG_GCM PSA_WANT_KEY_TYPE_AES
#endif
#ifndef PSA_WANT_ALG_CCM
#define PSA_WANT_ALG_CCM PSA_WANT_KEY_TYPE_AES
#endif
#ifndef PSA_WANT_ALG_CHACHA20_POLY1305
#define PSA_WANT_ALG_CHACHA20_POLY1305 PSA_WANT_KEY_TYPE_CHACHA20
#endif
#ifndef PSA_WANT_ALG_XCHACHA20_POLY1305
#define PSA_WANT_ALG_XCHACHA20_POLY1305 PSA_WANT_KEY_TYPE_XCHACHA20
#endif

/* Software backend of the AES block function (every one constant time: no
 * table indexed by secret data):
 *  PICOPSA_AES_REF: byte-oriented, SubBytes computed as x^254 and the
 *    affine map (aes_ref.c); small (Cortex-M4 -Os: 1.7 KB) and very slow,
 *    the reference the others are tested against;
 *  PICOPSA_AES_CT64: bitsliced, four blocks per pass in 64-bit words
 *    (aes_ct64.c; on x86-64 about 12-14 cycles/byte for CTR and CBC
 *    decryption, 40 for CBC encryption; Cortex-M4 -Os: 5.6 KB text, about
 *    690 B stack);
 *  PICOPSA_AES_CT32: fixsliced (Adomnicai-Peyrin, TCHES 2021/1), two
 *    blocks per pass in 32-bit words (aes_ct32.c), the MCU backend: on
 *    32-bit targets faster and smaller than CT64, which emulates its 64-bit
 *    words there; 480-byte round keys.
 * Default CT32 where pointers are 32 bits (Cortex-M, RV32), CT64 on 64-bit
 * hosts. */
#define PICOPSA_AES_REF 0x1
#define PICOPSA_AES_CT64 0x2
#define PICOPSA_AES_CT32 0x4
#ifndef PICOPSA_AES_BACKEND
#if defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 4 && !defined(__x86_64__) && \
    !defined(__aarch64__)
#define PICOPSA_AES_BACKEND PICOPSA_AES_CT32
#else
#define PICOPSA_AES_BACKEND PICOPSA_AES_CT64
#endif
#endif
/* 1: the CT32 backend's whole encryption pass in Thumb-2 assembly
 * (src/aes/aes_ct32_armv7m.c, written by tools/aes/gen_ct32_armv7m.py:
 * transposes, the circuit with its NOTs folded into the round keys, the
 * four frame MixColumns with AddRoundKey, the state in registers between
 * them; every mode uses it, decryption stays in C on its circuit), for
 * GCC/Clang targeting M-profile Thumb-2 (Cortex-M3/M4/M7/M33, little
 * endian), the default there: Cortex-M4 -Os AES-128-CTR 1 KiB 180 -> 113
 * c/B; 0: the C of aes_ct32.c (Cortex-M0+/M23, RV32, hosts).
 * Only meaningful with PICOPSA_AES_BACKEND == PICOPSA_AES_CT32. */
#ifndef PICOPSA_AES_CT32_ASM
#if defined(__GNUC__) && defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M' && \
    defined(__ARM_ARCH_ISA_THUMB) && __ARM_ARCH_ISA_THUMB >= 2 && !defined(__ARM_BIG_ENDIAN)
#define PICOPSA_AES_CT32_ASM 1
#else
#define PICOPSA_AES_CT32_ASM 0
#endif
#endif
/* Software GHASH of GCM (src/aead/ghash.h; all constant time, no table
 * indexed by secret data):
 *  PICOPSA_GHASH_CT64: 32x32 -> 64-bit integer products in C
 *    (ghash_ct64.c), for CPUs with a data-independent long multiply:
 *    64-bit hosts, RV32M (MUL + MULHU; RV32IMAC 270 instructions/B for
 *    AES-128-GCM against 298 with CT32), Cortex-M4/M7;
 *  PICOPSA_GHASH_CT32: 32x32 -> 32-bit products only, high halves from
 *    bit-reversed operands (ghash_ct32.c), for the others: Cortex-M0/M0+
 *    (MULS only: AES-128-GCM 1068 -> 535 c/B), Cortex-M3 (UMULL ends
 *    early, so CT64 is not constant time there: an #error,
 *    config_check.h), ARMv8-M, 32-bit A-profile and x86;
 *  PICOPSA_GHASH_ARMV7EM: CT64's products in Thumb-2 (ghash_armv7em.c),
 *    GCC/Clang for ARMv7E-M (Cortex-M4/M7: single-cycle UMULL) only.
 * Default: ARMV7EM for GCC/Clang on little-endian ARMv7E-M, CT32 where
 * pointers are 32 bits except RV32 with the M extension, else CT64. The
 * PCLMULQDQ / PMULL paths (PICOPSA_AES_HW) take precedence at run time. */
#define PICOPSA_GHASH_CT64 0x1
#define PICOPSA_GHASH_CT32 0x2
#define PICOPSA_GHASH_ARMV7EM 0x4
#ifndef PICOPSA_GHASH_BACKEND
#if defined(__GNUC__) && defined(__ARM_ARCH_7EM__) && !defined(__ARM_BIG_ENDIAN)
#define PICOPSA_GHASH_BACKEND PICOPSA_GHASH_ARMV7EM
#elif defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 4 && !defined(__x86_64__) && \
    !defined(__aarch64__) && !defined(__ARM_ARCH_7EM__) && !(defined(__riscv) && defined(__riscv_mul))
#define PICOPSA_GHASH_BACKEND PICOPSA_GHASH_CT32
#else
#define PICOPSA_GHASH_BACKEND PICOPSA_GHASH_CT64
#endif
#endif
/* 1: AES-NI on x86-64 (GCC/Clang) when CPUID reports AES and SSE4.2,
 * chosen per key at run time (src/aes/aes_x86.c, 8 blocks in flight;
 * about 0.1 ns/byte for CTR), and GCM's PCLMULQDQ GHASH; with VAES the
 * parallel modes and GCM also run on ymm / zmm (aes_x86_vaes.c, chosen per
 * call by CPUID, the width named by `picopsa version -a`); on AArch64 Linux
 * the ARMv8 CE AES (src/aes/aes_armv8.c, AESE/AESMC, 8 blocks in flight)
 * when the kernel reports HWCAP_AES and GCM's PMULL GHASH
 * (src/aead/ghash_arm.c) when it reports HWCAP_PMULL; 0: the portable
 * backends only. No effect on other targets. */
#ifndef PICOPSA_AES_HW
#define PICOPSA_AES_HW 1
#endif

/* ChaCha20's wide kernels on x86-64 (src/chacha20/chacha20_simd.h, chosen
 * at run time by CPUID: 8 blocks a step with AVX2, 16 with AVX-512; 16 KiB
 * in 3.6 us with AVX-512 against 16 us for the 4-lane portable form,
 * docs/cipher.md); 0: the portable forms only. No effect on other targets
 * or at -Os. */
#ifndef PICOPSA_CHACHA20_SIMD
#define PICOPSA_CHACHA20_SIMD 1
#endif

/* ChaCha20's one-block backend (src/chacha20/), one of:
 *  PICOPSA_CHACHA20_PORTABLE: the C of chacha20.c (any CPU; with the x86-64
 *    kernels above on hosts);
 *  PICOPSA_CHACHA20_ARMV7M: whole 64-byte blocks in Thumb-2 assembly
 *    (chacha20_armv7m.c: 14 state words in registers, rotations folded into
 *    the barrel shifter), for GCC/Clang targeting M-profile Thumb-2
 *    (Cortex-M3/M4/M7/M33/M55, little endian), HChaCha20's rounds too.
 * Default ARMV7M where the compiler targets such a core, else PORTABLE
 * (Cortex-M0+/M23, RV32, hosts). */
#define PICOPSA_CHACHA20_PORTABLE 0x1
#define PICOPSA_CHACHA20_ARMV7M 0x2
#ifndef PICOPSA_CHACHA20_BACKEND
#if defined(__GNUC__) && defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M' && \
    defined(__ARM_ARCH_ISA_THUMB) && __ARM_ARCH_ISA_THUMB >= 2 && !defined(__ARM_BIG_ENDIAN)
#define PICOPSA_CHACHA20_BACKEND PICOPSA_CHACHA20_ARMV7M
#else
#define PICOPSA_CHACHA20_BACKEND PICOPSA_CHACHA20_PORTABLE
#endif
#endif

/* Poly1305 four blocks at a time on x86-64 with AVX2
 * (src/poly1305/poly1305_simd.h, chosen at run time; docs/aead.md); 0:
 * the portable loop only. No effect on other targets or at -Os. */
#ifndef PICOPSA_POLY1305_SIMD
#define PICOPSA_POLY1305_SIMD 1
#endif

/* ===== Random: the DRBG mechanism (needs the AES settings above) ===== */
/* Default: CTR_DRBG on x86-64 with AES and its AES-NI path built (1 KiB
 * in 0.26 us, 16x faster than HMAC_DRBG-SHA-256 on SHA-NI; a CPU without
 * AES-NI falls back to the bitsliced backend, docs/random.md), HMAC_DRBG
 * everywhere else: MCUs keep AES out of images that do not use it, the
 * bitsliced CTR_DRBG loses to HMAC_DRBG on SHA-NI, and AArch64's CE AES
 * path (aes_armv8.c) has no measurement on hardware yet. */
#ifndef PICOPSA_DRBG_MECHANISM
#if defined(__x86_64__) && PSA_WANT_KEY_TYPE_AES && PICOPSA_AES_HW
#define PICOPSA_DRBG_MECHANISM PICOPSA_DRBG_CTR
#else
#define PICOPSA_DRBG_MECHANISM PICOPSA_DRBG_HMAC
#endif
#endif
/* Personalization string mixed in at instantiation (SP 800-90A 8.7.1):
 * a string literal; a product may put its name/version here. The default
 * names the mechanism, so the two never share a stream. */
#ifndef PICOPSA_DRBG_PERSONALIZATION
#if PICOPSA_DRBG_MECHANISM == PICOPSA_DRBG_CTR
#define PICOPSA_DRBG_PERSONALIZATION "picopsa CTR_DRBG v1"
#else
#define PICOPSA_DRBG_PERSONALIZATION "picopsa HMAC_DRBG v1"
#endif
#endif

/* ===== Ed25519 (src/ed25519) ========================================= */
#ifndef PSA_WANT_ALG_PURE_EDDSA
#define PSA_WANT_ALG_PURE_EDDSA 1
#endif
#ifndef PSA_WANT_ALG_ED25519PH
#define PSA_WANT_ALG_ED25519PH 1
#endif
#ifndef PSA_WANT_ECC_TWISTED_EDWARDS_255
#define PSA_WANT_ECC_TWISTED_EDWARDS_255 1
#endif
/* Software backend: PICOPSA_BACKEND_FAST (the code of src/ed25519: field
 * representations below, comb tables, windowed verification) or
 * PICOPSA_BACKEND_SMALL (not built yet: the small-backend issue adds it). */
#ifndef PICOPSA_ED25519_BACKEND
#define PICOPSA_ED25519_BACKEND PICOPSA_BACKEND_FAST
#endif
/* Field arithmetic of the fast backend, GF(2^255 - 19):
 *  PICOPSA_FIELD_RADIX51: 5 x 51-bit limbs, unsigned __int128 products
 *    (64-bit hosts);
 *  PICOPSA_FIELD_RADIX32: 8 x 32-bit limbs, products as 32x32->64
 *    multiply-accumulate chains in portable C (other 32-bit targets);
 *  PICOPSA_FIELD_RADIX32_UMAAL: the same limbs with Thumb-2 assembly for
 *    ARMv7E-M (Cortex-M4/M7/M33 with the DSP extension): UMAAL
 *    multiplication and squaring, LDM/STM addition and subtraction, the
 *    fixed-base table scan;
 *  PICOPSA_FIELD_RADIX25: 10 x 25.5-bit limbs, 32x32->64 products (ref10's
 *    radix, for cores whose multiply-accumulate is weak).
 * Default: RADIX51 when the compiler has __int128, else RADIX32_UMAAL when
 * it targets the DSP extension (GCC/Clang), else RADIX32. Replaces
 * PICOPSA_ED25519_FE51 / _FE32 / _UMAAL (config_check.h rejects them). */
#define PICOPSA_FIELD_RADIX51 0x1
#define PICOPSA_FIELD_RADIX32 0x2
#define PICOPSA_FIELD_RADIX32_UMAAL 0x4
#define PICOPSA_FIELD_RADIX25 0x8
#ifndef PICOPSA_ED25519_FIELD
#if defined(__SIZEOF_INT128__)
#define PICOPSA_ED25519_FIELD PICOPSA_FIELD_RADIX51
#elif defined(__ARM_FEATURE_DSP) && defined(__GNUC__)
#define PICOPSA_ED25519_FIELD PICOPSA_FIELD_RADIX32_UMAAL
#else
#define PICOPSA_ED25519_FIELD PICOPSA_FIELD_RADIX32
#endif
#endif
/* Fixed-base (signing, key generation) table: number of radix-16 comb
 * sub-tables, a power of two 1..64. Each costs 8 points of flash (960 B
 * with 51- or 25.5-bit limbs, 768 B with 32-bit limbs); halving T adds
 * 4 x (64/T) doublings. Default: 32 (30 KB) with PICOPSA_FIELD_RADIX51
 * (64-bit hosts), else 4 (3 KB, MCUs). docs/ed25519.md has the
 * flash/cycles curve. */
#ifndef PICOPSA_ED25519_BASE_TABLES
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
#define PICOPSA_ED25519_BASE_TABLES 32
#else
#define PICOPSA_ED25519_BASE_TABLES 4
#endif
#endif
/* Verification: window W for the base point (4..8), whose odd multiples
 * are a flash table of 2^(W-2) points (120 B each with 51- or 25.5-bit
 * limbs, 96 B with 32-bit limbs); wNAF width W with
 * PICOPSA_FIELD_RADIX51, sliding windows of width W-1 recoded on the fly
 * with the 32-bit fields (no digit arrays on the stack). Default 8
 * (7.5 KB) with PICOPSA_FIELD_RADIX51 (64-bit hosts), else 4 (384 B). */
#ifndef PICOPSA_ED25519_VERIFY_WINDOW
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
#define PICOPSA_ED25519_VERIFY_WINDOW 8
#else
#define PICOPSA_ED25519_VERIFY_WINDOW 4
#endif
#endif

/* Verification: keep the public key's decoded x coordinate (32 B) in the
 * key slot next to its encoding, so that a verification skips the square
 * root of decoding A (about 8% of it on hosts). Slot material grows by
 * 32 B: key pair 160 B, public key 64 B. Default 1 with
 * PICOPSA_FIELD_RADIX51 (64-bit hosts), else 0 (MCUs: slot RAM; their
 * verification is within its cycle budget). */
#ifndef PICOPSA_ED25519_CACHE_DECODED_KEY
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
#define PICOPSA_ED25519_CACHE_DECODED_KEY 1
#else
#define PICOPSA_ED25519_CACHE_DECODED_KEY 0
#endif
#endif

/* Fault countermeasure of the deterministic signatures (Ed25519 here, and
 * deterministic ECDSA): 1 = each signature is computed twice and released
 * only when both agree byte for byte and the copy to the output matches,
 * else the output is wiped and PSA_ERROR_CORRUPTION_DETECTED returned (a
 * single fault in one computation would otherwise release a signature
 * that, with the correct one, gives the key: docs/ed25519.md "Fault
 * countermeasure"). 0 = off (about half the signing time). */
#ifndef PICOPSA_SIGN_FAULT_CHECK
#define PICOPSA_SIGN_FAULT_CHECK 1
#endif

/* ===== X25519 (src/x25519, field in src/curve25519) ================== */
/* Montgomery keys of 255 bits (RFC 7748 X25519): key types
 * PSA_KEY_TYPE_ECC_KEY_PAIR/PUBLIC_KEY(PSA_ECC_FAMILY_MONTGOMERY). */
#ifndef PSA_WANT_ECC_MONTGOMERY_255
#define PSA_WANT_ECC_MONTGOMERY_255 1
#endif
/* PSA_ALG_ECDH: psa_raw_key_agreement, psa_key_agreement and
 * psa_key_derivation_key_agreement, on every built curve (X25519 here;
 * P-256 when PSA_WANT_ECC_SECP_R1_256 is set). */
#ifndef PSA_WANT_ALG_ECDH
#define PSA_WANT_ALG_ECDH 1
#endif

/* ===== ML-KEM (src/mlkem, src/core/psa_kem.c) ======================== */
/* ML-KEM-512/768/1024 (FIPS 203) through psa_encapsulate/psa_decapsulate
 * (Crypto API 1.3 10.10, 1.3 PQC extension 2.2): key types
 * PSA_KEY_TYPE_ML_KEM_KEY_PAIR/PUBLIC_KEY, algorithm PSA_ALG_ML_KEM.
 * Default: 1 on hosted operating systems, 0 elsewhere, because on an MCU
 * it would grow every image, not only those that use it: key import and
 * generation dispatch on the key type at run time, so any image that
 * creates a key links ML-KEM key generation and Keccak, and a pair's key
 * buffer (the seed and the expanded dk, 3,232 B for ML-KEM-1024) makes
 * the large key slots at least that big even without RSA. The stack does
 * fit (Cortex-M4 -Os: decapsulation about 2.3 KB in src/mlkem). */
#ifndef PSA_WANT_ALG_ML_KEM
#define PSA_WANT_ALG_ML_KEM PICOPSA_HOSTED_OS_DEFAULT
#endif

/* ===== ML-DSA (src/mldsa) =========================================== */
/* ML-DSA-44/65/87 (FIPS 204) through psa_sign_message / psa_verify_message
 * (and the hash variants through psa_sign_hash / psa_verify_hash), 1.3
 * PQC extension 2.3: key types PSA_KEY_TYPE_ML_DSA_KEY_PAIR/PUBLIC_KEY,
 * algorithms PSA_ALG_ML_DSA (hedged), PSA_ALG_DETERMINISTIC_ML_DSA,
 * PSA_ALG_HASH_ML_DSA(h), PSA_ALG_DETERMINISTIC_HASH_ML_DSA(h).
 * PSA_WANT_ALG_ML_DSA builds the family (src/mldsa); the other three
 * switches choose the variants over it. Default: 1 on hosted operating
 * systems, 0 elsewhere, for ML-KEM's reason (key import / generation and
 * verification dispatch on the type at run time; a pair's key buffer is
 * 7.5 KB for ML-DSA-87) and for its stack (about 20 KB to sign). */
#ifndef PSA_WANT_ALG_ML_DSA
#define PSA_WANT_ALG_ML_DSA PICOPSA_HOSTED_OS_DEFAULT
#endif
/* Stack against speed: 0 keeps y (signing) and NTT(z) / NTT(s1)
 * (verification, key generation) for the whole operation, l polynomials
 * of 1 KiB; 1 recomputes them where they are used (y from ExpandMask,
 * the NTTs once per row of A): Cortex-M4 -Os stack of src/mldsa and
 * Keccak about 14.1 / 5.5 / 6.1 KB for sign / verify / keygen instead of
 * 19.5 / 11.6 / 12.3 KB, for about 9% / 38% / 23% more time (host
 * medians, docs/mldsa.md). Default 1 off hosted OSes. */
#ifndef PICOPSA_MLDSA_SMALL_STACK
#define PICOPSA_MLDSA_SMALL_STACK (!PICOPSA_HOSTED_OS_DEFAULT)
#endif
#ifndef PSA_WANT_ALG_DETERMINISTIC_ML_DSA
#define PSA_WANT_ALG_DETERMINISTIC_ML_DSA PSA_WANT_ALG_ML_DSA
#endif
#ifndef PSA_WANT_ALG_HASH_ML_DSA
#define PSA_WANT_ALG_HASH_ML_DSA PSA_WANT_ALG_ML_DSA
#endif
#ifndef PSA_WANT_ALG_DETERMINISTIC_HASH_ML_DSA
#define PSA_WANT_ALG_DETERMINISTIC_HASH_ML_DSA PSA_WANT_ALG_ML_DSA
#endif

/* ===== LMS / HSS verification (src/lms) =============================== */
/* LMS and HSS signature verification (RFC 8554; the parameter sets of
 * NIST SP 800-208 4) through psa_verify_message (1.3 PQC extension 2.5):
 * key types PSA_KEY_TYPE_LMS_PUBLIC_KEY / PSA_KEY_TYPE_HSS_PUBLIC_KEY,
 * algorithms PSA_ALG_LMS / PSA_ALG_HSS. Public keys only: the extension
 * defines no LMS key pairs and no signing. Needs SHA-256. Default: 1 on
 * hosted operating systems, 0 elsewhere (an MCU image that wants it, the
 * secure-boot verifier, sets it: configs/lms_verify_only.h; 1,988 B of
 * Cortex-M4 -Os text beyond SHA-256, docs/lms.md), because verification
 * dispatches on the key type at run time: every image that calls
 * psa_verify_message would link it. */
#ifndef PSA_WANT_ALG_LMS
#define PSA_WANT_ALG_LMS PICOPSA_HOSTED_OS_DEFAULT
#endif
#ifndef PSA_WANT_ALG_HSS
#define PSA_WANT_ALG_HSS PICOPSA_HOSTED_OS_DEFAULT
#endif
/* 1: the SHAKE256/256 and SHAKE256/192 parameter sets of SP 800-208 too
 * (links Keccak: 3,266 B more Cortex-M4 -Os text); 0: the SHA-256 and
 * SHA-256/192 sets only (SHAKE typecodes are then refused as unknown). */
#ifndef PICOPSA_LMS_SHAKE
#define PICOPSA_LMS_SHAKE 1
#endif

/* ===== Key derivation (src/kdf, src/core/psa_key_derivation.c) ======== */
/* HKDF (RFC 5869) over every built SHA-2 hash: PSA_ALG_HKDF(hash) and its
 * two halves PSA_ALG_HKDF_EXTRACT(hash) and PSA_ALG_HKDF_EXPAND(hash). */
#ifndef PSA_WANT_ALG_HKDF
#define PSA_WANT_ALG_HKDF 1
#endif
#ifndef PSA_WANT_ALG_HKDF_EXTRACT
#define PSA_WANT_ALG_HKDF_EXTRACT 1
#endif
#ifndef PSA_WANT_ALG_HKDF_EXPAND
#define PSA_WANT_ALG_HKDF_EXPAND 1
#endif
/* PSA_KEY_TYPE_DERIVE keys as key-derivation inputs (input_key) and as
 * outputs (output_key, psa_key_agreement). Import/export of DERIVE keys is
 * the raw-key store's and does not depend on it. */
#ifndef PSA_WANT_KEY_TYPE_DERIVE
#define PSA_WANT_KEY_TYPE_DERIVE 1
#endif
/* Longest PSA_KEY_DERIVATION_INPUT_INFO an HKDF operation keeps (it is
 * hashed into every output block, RFC 5869 2.3, so the operation holds a
 * copy): a longer info is PSA_ERROR_INSUFFICIENT_MEMORY. 128 covers the
 * TLS 1.3 HkdfLabel with a SHA-512 context. */
#ifndef PICOPSA_HKDF_MAX_INFO_BYTES
#define PICOPSA_HKDF_MAX_INFO_BYTES 128
#endif
/* The four below default to PSA_WANT_ALG_HKDF: a configuration that
 * switched key derivation off (configs/ed25519_only.h, rsa_only.h) keeps
 * it off. */
/* PBKDF2 with HMAC (RFC 8018 5.2) over every built hash:
 * PSA_ALG_PBKDF2_HMAC(hash). Needs PSA_WANT_ALG_HMAC. */
#ifndef PSA_WANT_ALG_PBKDF2_HMAC
#define PSA_WANT_ALG_PBKDF2_HMAC PSA_WANT_ALG_HKDF
#endif
/* The TLS 1.2 PRF (RFC 5246 5) with SHA-256 or SHA-384:
 * PSA_ALG_TLS12_PRF(hash); and the PSK master secret (RFC 4279 2, with or
 * without OTHER_SECRET, also behind ECDH): PSA_ALG_TLS12_PSK_TO_MS(hash).
 * Need PSA_WANT_ALG_HMAC. */
#ifndef PSA_WANT_ALG_TLS12_PRF
#define PSA_WANT_ALG_TLS12_PRF PSA_WANT_ALG_HKDF
#endif
#ifndef PSA_WANT_ALG_TLS12_PSK_TO_MS
#define PSA_WANT_ALG_TLS12_PSK_TO_MS PSA_WANT_ALG_HKDF
#endif
/* The SP 800-108r1 counter-mode KDF with HMAC over every built hash:
 * PSA_ALG_SP800_108_COUNTER_HMAC(hash). Needs PSA_WANT_ALG_HMAC. */
#ifndef PSA_WANT_ALG_SP800_108_COUNTER_HMAC
#define PSA_WANT_ALG_SP800_108_COUNTER_HMAC PSA_WANT_ALG_HKDF
#endif
/* The SP 800-108r1 counter-mode KDF with AES-CMAC and the K_0 term of
 * PSA 1.2 10.6.1: PSA_ALG_SP800_108_COUNTER_CMAC (SECRET: an AES key).
 * Needs PSA_WANT_ALG_CMAC; while it is built, the key derivation
 * operation holds a CMAC context (the AES key schedule, about 1 KB). */
#ifndef PSA_WANT_ALG_SP800_108_COUNTER_CMAC
#define PSA_WANT_ALG_SP800_108_COUNTER_CMAC (PSA_WANT_ALG_HKDF && PSA_WANT_ALG_CMAC)
#endif
/* PBKDF2 with AES-CMAC-PRF-128 (RFC 8018 5.2, RFC 4615):
 * PSA_ALG_PBKDF2_AES_CMAC_PRF_128. Needs PSA_WANT_ALG_CMAC; like the CMAC
 * KDF above, the operation then holds a CMAC context. */
#ifndef PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128
#define PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128 (PSA_WANT_ALG_HKDF && PSA_WANT_ALG_CMAC)
#endif
/* The TLS 1.2 EC J-PAKE premaster secret (PSA 1.2 10.6.1): SHA-256 of the
 * x coordinate of the 65-byte P-256 point K: PSA_ALG_TLS12_ECJPAKE_TO_PMS.
 * Needs PSA_WANT_ALG_SHA_256. */
#ifndef PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS
#define PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS (PSA_WANT_ALG_HKDF && PSA_WANT_ALG_SHA_256)
#endif
/* Bytes of the inputs a PBKDF2, TLS 1.2 or SP 800-108 operation must keep
 * (the operation lives on the caller's stack): PBKDF2's SALT pieces until
 * the PASSWORD keys HMAC; the TLS 1.2 SEED and LABEL (hashed into every
 * block) plus PSK_TO_MS's OTHER_SECRET until the PSK arrives; SP 800-108's
 * LABEL and CONTEXT. Together they must fit, else the input step is
 * PSA_ERROR_INSUFFICIENT_MEMORY (10.6.3 lists it for every input
 * function). 128 holds a TLS 1.2 seed of two randoms (64) with
 * "extended master secret" or an X25519/P-256 other secret. The buffer is
 * shared with HKDF's INFO: its size is the larger of the two knobs. */
#ifndef PICOPSA_KDF_MAX_INPUT_BYTES
#define PICOPSA_KDF_MAX_INPUT_BYTES 128
#endif
/* Largest PBKDF2 iteration count (PSA_KEY_DERIVATION_INPUT_COST) accepted;
 * a larger one is PSA_ERROR_NOT_SUPPORTED ("value is not supported",
 * 10.6.3 input_integer), 0 is INVALID_ARGUMENT (RFC 8018: c is positive).
 * At most 2^32 - 1; lower it to bound the time a caller can make one
 * derivation take. */
#ifndef PICOPSA_PBKDF2_MAX_COST
#define PICOPSA_PBKDF2_MAX_COST 0xFFFFFFFFu
#endif

/* ===== P-256 (src/p256) ============================================= */
/* NIST P-256 keys (PSA_KEY_TYPE_ECC_KEY_PAIR/PUBLIC_KEY(SECP_R1), 256
 * bits), ECDSA signatures and the ECDH primitive. 0: no P-256 code. */
#ifndef PSA_WANT_ECC_SECP_R1_256
#define PSA_WANT_ECC_SECP_R1_256 1
#endif
/* Randomised (hedged) ECDSA, PSA_ALG_ECDSA(hash) and PSA_ALG_ECDSA_ANY. */
#ifndef PSA_WANT_ALG_ECDSA
#define PSA_WANT_ALG_ECDSA 1
#endif
/* RFC 6979 deterministic ECDSA, PSA_ALG_DETERMINISTIC_ECDSA(hash). */
#ifndef PSA_WANT_ALG_DETERMINISTIC_ECDSA
#define PSA_WANT_ALG_DETERMINISTIC_ECDSA 1
#endif
/* Limb size of the P-256 field and scalar arithmetic: 64 where the
 * compiler has unsigned __int128 (hosts), else 32. */
#ifndef PICOPSA_P256_LIMB_BITS
#if defined(__SIZEOF_INT128__)
#define PICOPSA_P256_LIMB_BITS 64
#else
#define PICOPSA_P256_LIMB_BITS 32
#endif
#endif
/* 1: the 32-bit Montgomery multiplication uses the UMAAL instruction
 * (ARMv7E-M: Cortex-M4/M7/M33 with the DSP extension, GCC/Clang); 0:
 * portable C. Default: 1 when the compiler targets the DSP extension with
 * 32-bit limbs. */
#ifndef PICOPSA_P256_UMAAL
#if defined(__ARM_FEATURE_DSP) && defined(__GNUC__) && PICOPSA_P256_LIMB_BITS == 32
#define PICOPSA_P256_UMAAL 1
#else
#define PICOPSA_P256_UMAAL 0
#endif
#endif
/* Fixed-base (key generation, signing) comb: h teeth, 4..8; a table of
 * 2^h - 1 affine points (64 B each: 0.94 KB at 4, 1.9 KB at 5, 3.9 KB at
 * 6, 7.9 KB at 7, 15.9 KB at 8) and ceil(256/h) doublings + additions per
 * multiplication. Default 8 with 64-bit limbs (hosts), else 4 (MCUs). */
#ifndef PICOPSA_P256_COMB_TEETH
#if PICOPSA_P256_LIMB_BITS == 64
#define PICOPSA_P256_COMB_TEETH 8
#else
#define PICOPSA_P256_COMB_TEETH 4
#endif
#endif

/* ===== P-384 (src/p384) ============================================= */
/* NIST P-384 keys (PSA_KEY_TYPE_ECC_KEY_PAIR/PUBLIC_KEY(SECP_R1), 384
 * bits), ECDSA signatures (with the PSA_WANT_ALG_*ECDSA knobs above) and
 * the ECDH primitive. 0: no P-384 code. Default on on hosted OSes, off on
 * MCUs (like SHA-3, ML-KEM and CMAC): ~10 KB of code and 145-byte key
 * buffers (they widen the small key slots above PICOPSA_HMAC_MAX_KEY_BYTES
 * 128), for a curve IoT protocols rarely require (P-256 is theirs). */
#ifndef PSA_WANT_ECC_SECP_R1_384
#define PSA_WANT_ECC_SECP_R1_384 PICOPSA_HOSTED_OS_DEFAULT
#endif
/* Limb size of the P-384 arithmetic: 64 where the compiler has unsigned
 * __int128 (hosts), else 32; the P-256 choice by default. */
#ifndef PICOPSA_P384_LIMB_BITS
#define PICOPSA_P384_LIMB_BITS PICOPSA_P256_LIMB_BITS
#endif
/* 1: P-384 verifies signatures only (the secure-boot case): public keys
 * are imported, exported and verify ECDSA signatures; a P-384 key pair
 * (import, generation) is PSA_ERROR_NOT_SUPPORTED, so signing and ECDH
 * code is not linked (2026-12-03, Cortex-M4 -Os: ~5.1 KB of src/p384
 * text linked by pp_p384_ecdsa_verify). 0 (default): everything. */
#ifndef PICOPSA_P384_VERIFY_ONLY
#define PICOPSA_P384_VERIFY_ONLY 0
#endif
/* 1: the 32-bit limb multiply-accumulate steps of the P-384 Montgomery
 * multiplication are UMAAL instructions (inline assembly, ARMv7E-M with
 * the DSP extension, GCC/Clang); 0: portable C. Default: as P-256's. */
#ifndef PICOPSA_P384_UMAAL
#if defined(__ARM_FEATURE_DSP) && defined(__GNUC__) && PICOPSA_P384_LIMB_BITS == 32
#define PICOPSA_P384_UMAAL 1
#else
#define PICOPSA_P384_UMAAL 0
#endif
#endif
/* Fixed-base comb of pp_p384_mul_base: h teeth, 4..8; 2^h - 1 affine
 * points of 96 B (1.4 KB at 4, 2.9 KB at 5, 5.9 KB at 6, 11.9 KB at 7,
 * 23.9 KB at 8), ceil(384/h) doublings + additions per multiplication.
 * Default 7 with 64-bit limbs, else 4. */
#ifndef PICOPSA_P384_COMB_TEETH
#if PICOPSA_P384_LIMB_BITS == 64
#define PICOPSA_P384_COMB_TEETH 7
#else
#define PICOPSA_P384_COMB_TEETH 4
#endif
#endif

/* ===== RSA (src/rsa, src/bignum) ===================================== */
#ifndef PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY
#define PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY 1
#endif
#ifndef PSA_WANT_KEY_TYPE_RSA_KEY_PAIR
#define PSA_WANT_KEY_TYPE_RSA_KEY_PAIR 1
#endif
#ifndef PSA_WANT_ALG_RSA_PKCS1V15_SIGN
#define PSA_WANT_ALG_RSA_PKCS1V15_SIGN 1
#endif
#ifndef PSA_WANT_ALG_RSA_PSS
#define PSA_WANT_ALG_RSA_PSS 1
#endif
#ifndef PSA_WANT_ALG_RSA_PKCS1V15_CRYPT
#define PSA_WANT_ALG_RSA_PKCS1V15_CRYPT 1
#endif
#ifndef PSA_WANT_ALG_RSA_OAEP
#define PSA_WANT_ALG_RSA_OAEP 1
#endif
/* Largest RSA modulus accepted, in bits (1024..8192, multiple of 64). Sizes
 * the key-slot buffers and the RSA work area: 4096 -> about 3.5 KB a slot. */
#ifndef PICOPSA_RSA_MAX_BITS
#define PICOPSA_RSA_MAX_BITS 4096
#endif
/* Smallest RSA modulus accepted, in bits. */
#ifndef PICOPSA_RSA_MIN_BITS
#define PICOPSA_RSA_MIN_BITS 1024
#endif
/* Limb size of the bignum core (src/bignum): 64 where the compiler has
 * unsigned __int128 (64x64->128 products, hosts), else 32 (uint64_t
 * products, Cortex-M, RV32). */
#ifndef PICOPSA_BN_LIMB_BITS
#if defined(__SIZEOF_INT128__)
#define PICOPSA_BN_LIMB_BITS 64
#else
#define PICOPSA_BN_LIMB_BITS 32
#endif
#endif
/* Largest window of the constant-time RSA exponentiation (1..6). The private
 * operation's work area (PP_RSA_PRIVATE_WORK_SIZE in src/rsa/rsa.h) holds
 * 2^w table entries of half the modulus: RSA-2048 with 32-bit limbs, area
 * 4.9 KB at w = 4, 7.0 KB at w = 5 (docs/rsa.md has the table); a smaller
 * caller-given area gets the largest window that fits. 5 is fastest on
 * hosts; 4, the 32-bit default, needs 2.1 KB less for RSA-2048. */
#ifndef PICOPSA_RSA_WINDOW_BITS
#if PICOPSA_BN_LIMB_BITS == 64
#define PICOPSA_RSA_WINDOW_BITS 5
#else
#define PICOPSA_RSA_WINDOW_BITS 4
#endif
#endif
/* The bignum kernel (src/bignum/bn_kernel_*.c), one of:
 *  PICOPSA_BN_KERNEL_C: portable C (any CPU, 32- or 64-bit limbs);
 *  PICOPSA_BN_KERNEL_UMAAL: Cortex-M4/M7 assembly (ARMv7E-M, 32-bit limbs,
 *    optimised builds): three-row UMAAL passes, ADCS/SBCS chains; -O0
 *    builds run the C code with one UMAAL per limb step;
 *  PICOPSA_BN_KERNEL_X86_64: x86-64 GCC/Clang, 64-bit limbs: MULX/ADCX/ADOX
 *    (whole Montgomery multiplication and squaring unrolled for 8/16/24/32
 *    limbs, a row kernel for other sizes) used when the CPU has BMI2 + ADX,
 *    and an AVX2 table scan used when the CPU has AVX2 and the OS saves the
 *    YMM state (CPUID read once per process; always, when built with
 *    -mbmi2 -madx / -mavx2); the C kernel otherwise.
 * Default: UMAAL where the compiler targets the DSP extension
 * (__ARM_FEATURE_DSP) with 32-bit limbs, X86_64 on x86-64 GCC/Clang with
 * 64-bit limbs, else C. pp_bn_kernel_name() says which one runs. */
#define PICOPSA_BN_KERNEL_C 0x1
#define PICOPSA_BN_KERNEL_UMAAL 0x2
#define PICOPSA_BN_KERNEL_X86_64 0x4
#ifndef PICOPSA_BN_KERNEL
#if defined(__ARM_FEATURE_DSP) && PICOPSA_BN_LIMB_BITS == 32
#define PICOPSA_BN_KERNEL PICOPSA_BN_KERNEL_UMAAL
#elif defined(__x86_64__) && defined(__GNUC__) && PICOPSA_BN_LIMB_BITS == 64
#define PICOPSA_BN_KERNEL PICOPSA_BN_KERNEL_X86_64
#else
#define PICOPSA_BN_KERNEL PICOPSA_BN_KERNEL_C
#endif
#endif
/* 1: Montgomery squaring by its own routine (cross products once, HAC
 * 14.16); 0: squaring through the multiplication, 0.33 KB less text on
 * Cortex-M4 for ~11% more cycles in RSA-2048 private. Builds
 * with the X86_64 kernel always keep the squaring. Default: 0
 * when compiling for size (-Os), else 1. */
#ifndef PICOPSA_BN_DEDICATED_SQR
#if defined(__OPTIMIZE_SIZE__)
#define PICOPSA_BN_DEDICATED_SQR 0
#else
#define PICOPSA_BN_DEDICATED_SQR 1
#endif
#endif

/* ===== Key store (src/core) ========================================== */
/* Number of key slots: the most keys that exist at once (only volatile
 * keys are built). Each slot is 44 bytes of metadata (Cortex-M4) plus its
 * buffer: PICOPSA_KEY_SLOT_LARGE_COUNT slots are sized for RSA key material
 * (RSA-4096 3448 B, RSA-2048 1784 B), the others for raw / Ed25519 keys:
 * max(PICOPSA_HMAC_MAX_KEY_BYTES, the Ed25519 pair = seed, public key and
 * expanded secret, 128 B; 160 B with PICOPSA_ED25519_CACHE_DECODED_KEY).
 * The sizes come from the drivers (src/dispatch/pp_key_buffer.h).
 * Measured key store (.bss of key_slots.c, Cortex-M4, 8 slots): 8024 B
 * (MCU default, 2 RSA-4096 slots), 27944 B (all 8 RSA-4096), 1384 B (no
 * RSA). docs/configuration.md. */
#ifndef PICOPSA_KEY_SLOT_COUNT
#define PICOPSA_KEY_SLOT_COUNT 8
#endif
/* Raw key (PSA_KEY_TYPE_HMAC, RAW_DATA, DERIVE, PASSWORD...) bytes every
 * slot holds, and the longest derived raw key (a stack buffer of this size
 * in psa_key_derivation_output_key). Sizes the small slots, with the Ed25519
 * key pair (128 B, 160 B with the cache): a value below that does not shrink
 * them. Longer keys return PSA_ERROR_NOT_SUPPORTED, except when every slot
 * is large (64-bit host default): then a raw key may fill a whole RSA slot
 * (RSA-4096: 3448 B). Default: 1024 on 64-bit hosts, 128 on MCUs (RFC 2104
 * hashes keys longer than the block, so 128 serves any HMAC-SHA-512 use). */
#ifndef PICOPSA_HMAC_MAX_KEY_BYTES
#if defined(__SIZEOF_INT128__)
#define PICOPSA_HMAC_MAX_KEY_BYTES 1024
#else
#define PICOPSA_HMAC_MAX_KEY_BYTES 128
#endif
#endif
/* How many of the PICOPSA_KEY_SLOT_COUNT slots can hold an RSA key (their
 * buffer is sized for RSA key material); the others hold raw and Ed25519
 * keys only. Small keys take small slots first. Default: every slot on
 * 64-bit hosts, 2 on MCUs (8 slots with RSA-4096 on Cortex-M4: 8024 B
 * instead of 27944 B). Ignored without RSA. */
#ifndef PICOPSA_KEY_SLOT_LARGE_COUNT
#if defined(__SIZEOF_INT128__)
#define PICOPSA_KEY_SLOT_LARGE_COUNT PICOPSA_KEY_SLOT_COUNT
#else
#define PICOPSA_KEY_SLOT_LARGE_COUNT 2
#endif
#endif

/* ===== Persistent key storage (src/storage, docs/storage.md) ========== */
/* The PSA Internal Trusted Storage backend (psa/internal_trusted_storage.h)
 * under the persistent keys: one bit each, so config_check.h rejects none,
 * two and unknown values. NONE: no ITS, persistent lifetimes return
 * PSA_ERROR_NOT_SUPPORTED and the key store has no storage code (0 bytes).
 * FILE: one file per uid in $PICOPSA_ITS_DIR (else ./picopsa-its/), POSIX.
 * FLASH: a log-structured store over <picopsa/flash_hal.h> (MCUs).
 * RAM: a static pool, lost at reset (tests, devices without storage).
 * Default: FILE on hosted POSIX builds, NONE elsewhere (MCU images do not
 * grow unless a product asks for storage). */
#define PICOPSA_ITS_FILE 0x1
#define PICOPSA_ITS_FLASH 0x2
#define PICOPSA_ITS_RAM 0x4
#define PICOPSA_ITS_NONE 0x8
#ifndef PICOPSA_ITS_BACKEND
#if defined(__STDC_HOSTED__) && __STDC_HOSTED__ && (defined(__unix__) || defined(__APPLE__))
#define PICOPSA_ITS_BACKEND PICOPSA_ITS_FILE
#else
#define PICOPSA_ITS_BACKEND PICOPSA_ITS_NONE
#endif
#endif
/* RAM backend: the most uids and the pool bytes (key records are 32 B of
 * header plus the key in export format: RSA-2048 pair ~1.2 KB). */
#ifndef PICOPSA_ITS_RAM_ENTRIES
#define PICOPSA_ITS_RAM_ENTRIES 64
#endif
#ifndef PICOPSA_ITS_RAM_BYTES
#define PICOPSA_ITS_RAM_BYTES 32768
#endif
/* FLASH backend geometry (<picopsa/flash_hal.h>): erase sector size,
 * sectors given to the store (>= 2; more spread the wear), program word
 * size (1, 2, 4 or 8). The store holds at most one sector of live records
 * (docs/storage.md: capacity). */
#ifndef PICOPSA_FLASH_SECTOR_SIZE
#define PICOPSA_FLASH_SECTOR_SIZE 4096
#endif
#ifndef PICOPSA_FLASH_SECTOR_COUNT
#define PICOPSA_FLASH_SECTOR_COUNT 2
#endif
#ifndef PICOPSA_FLASH_WORD_SIZE
#define PICOPSA_FLASH_WORD_SIZE 4
#endif

/* ---- Accelerator drivers (docs/drivers.md) ------------------------------ */
/* PICOPSA_DRIVER_LIST(X): the transparent drivers, tried in this order
 * before the software, as X(name) X(name2) ... where each name is a const
 * picopsa_transparent_driver_t (<picopsa/driver.h>) that the application
 * links; e.g. -D'PICOPSA_DRIVER_LIST(X)=X(picopsa_esp32c3_driver)'. Not
 * defined (the default): no driver code is built, the image is the same to
 * the byte. A driver's bignum engine needs PICOPSA_BN_LIMB_BITS 32 (every
 * MCU target). */
#if defined(PICOPSA_DRIVER_LIST)
#define PICOPSA_DRIVERS 1
#else
#define PICOPSA_DRIVERS 0
#endif
/* With a driver list: the bytes of the driver-owned context in each
 * psa_cipher_operation_t (<picopsa/driver.h>, multipart cipher entry
 * points), a multiple of 8; set it to what the list's drivers need. */
#if PICOPSA_DRIVERS && !defined(PICOPSA_DRIVER_CIPHER_CONTEXT_SIZE)
#define PICOPSA_DRIVER_CIPHER_CONTEXT_SIZE 64u
#endif

#include "config_check.h"

#endif /* PICOPSA_CONFIG_H */
