/*
 * picopsa/config_check.h -- reject contradictory settings at compile time.
 * Included at the end of picopsa/config.h; never include it directly.
 */
#ifndef PICOPSA_CONFIG_CHECK_H
#define PICOPSA_CONFIG_CHECK_H

#if PSA_WANT_ALG_HMAC && !(PSA_WANT_ALG_SHA_224 || PSA_WANT_ALG_SHA_256 || \
                           PSA_WANT_ALG_SHA_384 || PSA_WANT_ALG_SHA_512 || PSA_WANT_ALG_SHA_1 || \
                           PSA_WANT_ALG_SHA_512_224 || PSA_WANT_ALG_SHA_512_256)
#error "picopsa config: PSA_WANT_ALG_HMAC needs at least one PSA_WANT_ALG_SHA_*"
#endif

/* The DRBG: exactly one known mechanism, and what it runs on. */
#if PICOPSA_DRBG_MECHANISM != PICOPSA_DRBG_HMAC && PICOPSA_DRBG_MECHANISM != PICOPSA_DRBG_CTR
#error "picopsa config: PICOPSA_DRBG_MECHANISM selects no single mechanism: choose one of PICOPSA_DRBG_HMAC, PICOPSA_DRBG_CTR"
#endif
#if !PSA_WANT_ALG_HMAC
#if PICOPSA_DRBG_MECHANISM == PICOPSA_DRBG_HMAC
#error "picopsa config: the DRBG is HMAC_DRBG, so PSA_WANT_ALG_HMAC must be 1"
#else
#error "picopsa config: PSA_WANT_ALG_HMAC must be 1 even with PICOPSA_DRBG_CTR (the MAC and key-derivation front ends and the RFC 6979 ECDSA nonces call HMAC unconditionally)"
#endif
#endif
#if PICOPSA_DRBG_MECHANISM == PICOPSA_DRBG_CTR && !PSA_WANT_KEY_TYPE_AES
#error "picopsa config: PICOPSA_DRBG_CTR runs on AES-256: it needs PSA_WANT_KEY_TYPE_AES (or choose PICOPSA_DRBG_HMAC)"
#endif

/* PICOPSA_DRBG_HASH holds a cast, so #if cannot test it: src/random/pp_random.c
 * checks it at compile time (SHA-256 or SHA-512, and that hash enabled). */
#if PICOPSA_DRBG_RESEED_INTERVAL < 1
#error "picopsa config: PICOPSA_DRBG_RESEED_INTERVAL must be at least 1"
#endif

#if PICOPSA_THREADS != 0 && PICOPSA_THREADS != 1
#error "picopsa config: PICOPSA_THREADS must be 0 or 1"
#endif

#if PICOPSA_SHA_HW != 0 && PICOPSA_SHA_HW != 1
#error "picopsa config: PICOPSA_SHA_HW must be 0 or 1"
#endif

#if PICOPSA_FORK_DETECT != 0 && PICOPSA_FORK_DETECT != 1
#error "picopsa config: PICOPSA_FORK_DETECT must be 0 or 1"
#endif

#if (PSA_WANT_ALG_PURE_EDDSA || PSA_WANT_ALG_ED25519PH) && !PSA_WANT_ALG_SHA_512
#error "picopsa config: Ed25519 needs PSA_WANT_ALG_SHA_512"
#endif
#if (PSA_WANT_ALG_DETERMINISTIC_ML_DSA || PSA_WANT_ALG_HASH_ML_DSA ||            \
     PSA_WANT_ALG_DETERMINISTIC_HASH_ML_DSA) && !PSA_WANT_ALG_ML_DSA
#error "picopsa config: the ML-DSA variants need PSA_WANT_ALG_ML_DSA (it builds src/mldsa)"
#endif
#if (PSA_WANT_ALG_LMS || PSA_WANT_ALG_HSS) && !PSA_WANT_ALG_SHA_256
#error "picopsa config: LMS / HSS verification needs PSA_WANT_ALG_SHA_256 (RFC 8554 hashes with SHA-256)"
#endif

/* Ed25519 backend and field: exactly one known bit each (issue 10's
 * pattern); the removed booleans must not select something silently. */
#if defined(PICOPSA_ED25519_FE51)
#error "picopsa config: PICOPSA_ED25519_FE51 was removed: set PICOPSA_ED25519_FIELD to PICOPSA_FIELD_RADIX51 (FE51=1) or PICOPSA_FIELD_RADIX32 (FE51=0)"
#endif
#if defined(PICOPSA_ED25519_FE32)
#error "picopsa config: PICOPSA_ED25519_FE32 was removed: set PICOPSA_ED25519_FIELD to PICOPSA_FIELD_RADIX32 (FE32=1) or PICOPSA_FIELD_RADIX25 (FE32=0)"
#endif
#if defined(PICOPSA_ED25519_UMAAL)
#error "picopsa config: PICOPSA_ED25519_UMAAL was removed: set PICOPSA_ED25519_FIELD to PICOPSA_FIELD_RADIX32_UMAAL (UMAAL=1) or PICOPSA_FIELD_RADIX32 (UMAAL=0)"
#endif

#if !PSA_WANT_KEY_TYPE_AES && (PSA_WANT_ALG_ECB_NO_PADDING || PSA_WANT_ALG_CBC_NO_PADDING || \
    PSA_WANT_ALG_CBC_PKCS7 || PSA_WANT_ALG_CTR || PSA_WANT_ALG_CFB || PSA_WANT_ALG_OFB || \
    PSA_WANT_ALG_CCM_STAR_NO_TAG || PSA_WANT_ALG_XTS)
#error "picopsa config: the AES cipher modes (PSA_WANT_ALG_ECB_NO_PADDING ... _CCM_STAR_NO_TAG, _XTS) need PSA_WANT_KEY_TYPE_AES"
#endif

#if PSA_WANT_ALG_CMAC && !PSA_WANT_KEY_TYPE_AES
#error "picopsa config: PSA_WANT_ALG_CMAC needs PSA_WANT_KEY_TYPE_AES"
#endif

#if (PSA_WANT_ALG_GCM || PSA_WANT_ALG_CCM) && !PSA_WANT_KEY_TYPE_AES
#error "picopsa config: PSA_WANT_ALG_GCM and PSA_WANT_ALG_CCM need PSA_WANT_KEY_TYPE_AES"
#endif
#if PSA_WANT_ALG_CHACHA20_POLY1305 && !PSA_WANT_KEY_TYPE_CHACHA20
#error "picopsa config: PSA_WANT_ALG_CHACHA20_POLY1305 needs PSA_WANT_KEY_TYPE_CHACHA20"
#endif
#if PSA_WANT_ALG_XCHACHA20_POLY1305 && !PSA_WANT_KEY_TYPE_XCHACHA20
#error "picopsa config: PSA_WANT_ALG_XCHACHA20_POLY1305 needs PSA_WANT_KEY_TYPE_XCHACHA20"
#endif

#if PICOPSA_AES_BACKEND != PICOPSA_AES_REF && PICOPSA_AES_BACKEND != PICOPSA_AES_CT64 && \
    PICOPSA_AES_BACKEND != PICOPSA_AES_CT32
#error "picopsa config: PICOPSA_AES_BACKEND selects no single backend: choose one of PICOPSA_AES_REF, PICOPSA_AES_CT64, PICOPSA_AES_CT32"
#endif
#if PICOPSA_GHASH_BACKEND != PICOPSA_GHASH_CT64 && PICOPSA_GHASH_BACKEND != PICOPSA_GHASH_CT32 && \
    PICOPSA_GHASH_BACKEND != PICOPSA_GHASH_ARMV7EM
#error "picopsa config: PICOPSA_GHASH_BACKEND must be PICOPSA_GHASH_CT64, PICOPSA_GHASH_CT32 or PICOPSA_GHASH_ARMV7EM"
#endif
#if PICOPSA_GHASH_BACKEND == PICOPSA_GHASH_ARMV7EM && \
    !(defined(__GNUC__) && defined(__ARM_ARCH_7EM__) && !defined(__ARM_BIG_ENDIAN))
#error "picopsa config: PICOPSA_GHASH_ARMV7EM needs GCC/Clang targeting little-endian ARMv7E-M (Cortex-M4/M7)"
#endif
/* Cortex-M3 (ARMv7-M): UMULL terminates early on small operands, so the
 * 64-bit products of CT64 would leak H and the data through timing. */
#if PICOPSA_GHASH_BACKEND == PICOPSA_GHASH_CT64 && defined(__ARM_ARCH_7M__)
#error "picopsa config: PICOPSA_GHASH_CT64 is not constant time on ARMv7-M (Cortex-M3: UMULL ends early); use PICOPSA_GHASH_CT32"
#endif
/* CT32's assembly SubBytes (config.h): 0 or 1, and 1 only where it
 * assembles (GCC/Clang, M-profile Thumb-2, little endian). */
#if (PICOPSA_AES_CT32_ASM) != 0 && (PICOPSA_AES_CT32_ASM) != 1
#error "picopsa config: PICOPSA_AES_CT32_ASM must be 0 or 1"
#endif
#if (PICOPSA_AES_CT32_ASM) == 1 &&                                                    \
    !(defined(__GNUC__) && defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M' && \
      defined(__ARM_ARCH_ISA_THUMB) && __ARM_ARCH_ISA_THUMB >= 2 && !defined(__ARM_BIG_ENDIAN))
#error "picopsa config: PICOPSA_AES_CT32_ASM needs GCC/Clang targeting little-endian M-profile Thumb-2 (Cortex-M3/M4/M7/M33)"
#endif

/* ChaCha20's backend (config.h): one of the two, and the assembly only
 * where it assembles (GCC/Clang, M-profile Thumb-2, little endian). */
#if (PICOPSA_CHACHA20_BACKEND) != PICOPSA_CHACHA20_PORTABLE && \
    (PICOPSA_CHACHA20_BACKEND) != PICOPSA_CHACHA20_ARMV7M
#error "picopsa config: PICOPSA_CHACHA20_BACKEND must be PICOPSA_CHACHA20_PORTABLE or PICOPSA_CHACHA20_ARMV7M"
#endif
#if (PICOPSA_CHACHA20_BACKEND) == PICOPSA_CHACHA20_ARMV7M &&                          \
    !(defined(__GNUC__) && defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M' && \
      defined(__ARM_ARCH_ISA_THUMB) && __ARM_ARCH_ISA_THUMB >= 2 && !defined(__ARM_BIG_ENDIAN))
#error "picopsa config: PICOPSA_CHACHA20_ARMV7M needs GCC/Clang targeting little-endian M-profile Thumb-2 (Cortex-M3/M4/M7/M33)"
#endif

#if (PICOPSA_ED25519_BACKEND & (PICOPSA_ED25519_BACKEND - 1)) != 0
#error "picopsa config: PICOPSA_ED25519_BACKEND selects more than one backend: choose one of PICOPSA_BACKEND_FAST, PICOPSA_BACKEND_SMALL"
#elif PICOPSA_ED25519_BACKEND != PICOPSA_BACKEND_FAST && PICOPSA_ED25519_BACKEND != PICOPSA_BACKEND_SMALL
#error "picopsa config: PICOPSA_ED25519_BACKEND selects no backend: choose one of PICOPSA_BACKEND_FAST, PICOPSA_BACKEND_SMALL"
#endif

#if PICOPSA_ED25519_BACKEND == PICOPSA_BACKEND_FAST
#if (PICOPSA_ED25519_FIELD & (PICOPSA_ED25519_FIELD - 1)) != 0
#error "picopsa config: PICOPSA_ED25519_FIELD selects more than one field: choose one of PICOPSA_FIELD_RADIX51, _RADIX32, _RADIX32_UMAAL, _RADIX25"
#elif PICOPSA_ED25519_FIELD != PICOPSA_FIELD_RADIX51 && PICOPSA_ED25519_FIELD != PICOPSA_FIELD_RADIX32 && \
    PICOPSA_ED25519_FIELD != PICOPSA_FIELD_RADIX32_UMAAL && PICOPSA_ED25519_FIELD != PICOPSA_FIELD_RADIX25
#error "picopsa config: PICOPSA_ED25519_FIELD selects no field: choose one of PICOPSA_FIELD_RADIX51, _RADIX32, _RADIX32_UMAAL, _RADIX25"
#elif PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51 && !defined(__SIZEOF_INT128__)
#error "picopsa config: PICOPSA_FIELD_RADIX51 needs a compiler with unsigned __int128"
#elif PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX32_UMAAL && \
    !(defined(__ARM_FEATURE_DSP) && defined(__GNUC__))
#error "picopsa config: PICOPSA_FIELD_RADIX32_UMAAL needs GCC or Clang targeting ARMv7E-M (__ARM_FEATURE_DSP)"
#endif
#endif

#if PICOPSA_ED25519_BASE_TABLES != 1 && PICOPSA_ED25519_BASE_TABLES != 2 && \
    PICOPSA_ED25519_BASE_TABLES != 4 && PICOPSA_ED25519_BASE_TABLES != 8 && \
    PICOPSA_ED25519_BASE_TABLES != 16 && PICOPSA_ED25519_BASE_TABLES != 32 && \
    PICOPSA_ED25519_BASE_TABLES != 64
#error "picopsa config: PICOPSA_ED25519_BASE_TABLES must be a power of two in 1..64"
#endif

#if PICOPSA_ED25519_VERIFY_WINDOW < 4 || PICOPSA_ED25519_VERIFY_WINDOW > 8
#error "picopsa config: PICOPSA_ED25519_VERIFY_WINDOW must be in 4..8"
#endif

#if PICOPSA_HKDF_MAX_INFO_BYTES < 0 || PICOPSA_HKDF_MAX_INFO_BYTES > 1024
#error "picopsa config: PICOPSA_HKDF_MAX_INFO_BYTES must be 0..1024"
#endif

#if PICOPSA_KDF_MAX_INPUT_BYTES < 0 || PICOPSA_KDF_MAX_INPUT_BYTES > 1024
#error "picopsa config: PICOPSA_KDF_MAX_INPUT_BYTES must be 0..1024"
#endif

#if PICOPSA_PBKDF2_MAX_COST < 1 || PICOPSA_PBKDF2_MAX_COST > 0xFFFFFFFF
#error "picopsa config: PICOPSA_PBKDF2_MAX_COST must be 1..2^32-1"
#endif

#if (PSA_WANT_ALG_PBKDF2_HMAC || PSA_WANT_ALG_TLS12_PRF || PSA_WANT_ALG_TLS12_PSK_TO_MS || \
     PSA_WANT_ALG_SP800_108_COUNTER_HMAC) && !PSA_WANT_ALG_HMAC
#error "picopsa config: PBKDF2-HMAC, the TLS 1.2 PRFs and SP 800-108 HMAC need PSA_WANT_ALG_HMAC"
#endif

#if PSA_WANT_ALG_SP800_108_COUNTER_CMAC && !PSA_WANT_ALG_CMAC
#error "picopsa config: PSA_WANT_ALG_SP800_108_COUNTER_CMAC needs PSA_WANT_ALG_CMAC"
#endif
#if PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS && !PSA_WANT_ALG_SHA_256
#error "picopsa config: PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS needs PSA_WANT_ALG_SHA_256"
#endif
#if PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128 && !PSA_WANT_ALG_CMAC
#error "picopsa config: PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128 needs PSA_WANT_ALG_CMAC"
#endif

#if (PSA_WANT_ALG_TLS12_PRF || PSA_WANT_ALG_TLS12_PSK_TO_MS) && !PSA_WANT_ALG_SHA_256 && \
    !PSA_WANT_ALG_SHA_384
#error "picopsa config: the TLS 1.2 PRFs need PSA_WANT_ALG_SHA_256 or PSA_WANT_ALG_SHA_384"
#endif

#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR && !PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY
#error "picopsa config: an RSA key pair needs PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY"
#endif

#if PICOPSA_SIGN_FAULT_CHECK != 0 && PICOPSA_SIGN_FAULT_CHECK != 1
#error "picopsa config: PICOPSA_SIGN_FAULT_CHECK must be 0 or 1"
#endif

#if PICOPSA_RSA_MAX_BITS < 1024 || PICOPSA_RSA_MAX_BITS > 8192 || (PICOPSA_RSA_MAX_BITS % 64) != 0
#error "picopsa config: PICOPSA_RSA_MAX_BITS must be a multiple of 64 in 1024..8192"
#endif

#if PICOPSA_RSA_MIN_BITS < 512 || PICOPSA_RSA_MIN_BITS > PICOPSA_RSA_MAX_BITS
#error "picopsa config: PICOPSA_RSA_MIN_BITS must be in 512..PICOPSA_RSA_MAX_BITS"
#endif

#if PICOPSA_BN_LIMB_BITS != 32 && PICOPSA_BN_LIMB_BITS != 64
#error "picopsa config: PICOPSA_BN_LIMB_BITS must be 32 or 64"
#endif

#if PICOPSA_RSA_WINDOW_BITS < 1 || PICOPSA_RSA_WINDOW_BITS > 6
#error "picopsa config: PICOPSA_RSA_WINDOW_BITS must be in 1..6"
#endif

/* The bignum kernel: exactly one of PICOPSA_BN_KERNEL_C / _UMAAL / _X86_64.
 * The removed switches are refused so that an old command line does not
 * silently build another kernel. */
#if defined(PICOPSA_BN_UMAAL) || defined(PICOPSA_BN_X86_64_ASM)
#error "picopsa config: PICOPSA_BN_UMAAL and PICOPSA_BN_X86_64_ASM are gone: set PICOPSA_BN_KERNEL (PICOPSA_BN_KERNEL_C, _UMAAL or _X86_64)"
#endif

#if (PICOPSA_BN_KERNEL) == 0 || ((PICOPSA_BN_KERNEL) & ~0x7) != 0
#error "picopsa config: PICOPSA_BN_KERNEL must be PICOPSA_BN_KERNEL_C, PICOPSA_BN_KERNEL_UMAAL or PICOPSA_BN_KERNEL_X86_64"
#endif

#if ((PICOPSA_BN_KERNEL) & ((PICOPSA_BN_KERNEL) - 1)) != 0
#error "picopsa config: PICOPSA_BN_KERNEL selects more than one kernel"
#endif

#if (PICOPSA_BN_KERNEL) == PICOPSA_BN_KERNEL_UMAAL && PICOPSA_BN_LIMB_BITS != 32
#error "picopsa config: PICOPSA_BN_KERNEL_UMAAL needs PICOPSA_BN_LIMB_BITS 32"
#endif

#if (PICOPSA_BN_KERNEL) == PICOPSA_BN_KERNEL_UMAAL && \
    !(defined(__GNUC__) && defined(__ARM_ARCH) && defined(__ARM_FEATURE_DSP))
#error "picopsa config: PICOPSA_BN_KERNEL_UMAAL needs GCC/Clang targeting ARMv7E-M (__ARM_FEATURE_DSP)"
#endif

#if (PICOPSA_BN_KERNEL) == PICOPSA_BN_KERNEL_X86_64 && PICOPSA_BN_LIMB_BITS != 64
#error "picopsa config: PICOPSA_BN_KERNEL_X86_64 needs PICOPSA_BN_LIMB_BITS 64"
#endif

#if (PICOPSA_BN_KERNEL) == PICOPSA_BN_KERNEL_X86_64 && !(defined(__x86_64__) && defined(__GNUC__))
#error "picopsa config: PICOPSA_BN_KERNEL_X86_64 needs GCC/Clang targeting x86-64"
#endif

#if PICOPSA_KEY_SLOT_COUNT < 1 || PICOPSA_KEY_SLOT_COUNT > 255
#error "picopsa config: PICOPSA_KEY_SLOT_COUNT must be in 1..255"
#endif

#if PICOPSA_KEY_SLOT_LARGE_COUNT < 0 || PICOPSA_KEY_SLOT_LARGE_COUNT > PICOPSA_KEY_SLOT_COUNT
#error "picopsa config: PICOPSA_KEY_SLOT_LARGE_COUNT must be in 0..PICOPSA_KEY_SLOT_COUNT"
#endif

#if PICOPSA_HMAC_MAX_KEY_BYTES < 1 || PICOPSA_HMAC_MAX_KEY_BYTES > 8192
#error "picopsa config: PICOPSA_HMAC_MAX_KEY_BYTES must be in 1..8192"
#endif

/* ---- P-256 ---- */
#if PICOPSA_P256_LIMB_BITS != 32 && PICOPSA_P256_LIMB_BITS != 64
#error "picopsa config: PICOPSA_P256_LIMB_BITS must be 32 or 64"
#endif
#if PICOPSA_P256_LIMB_BITS == 64 && !defined(__SIZEOF_INT128__)
#error "picopsa config: PICOPSA_P256_LIMB_BITS 64 needs a compiler with unsigned __int128"
#endif
#if PICOPSA_P256_UMAAL && !(defined(__ARM_FEATURE_DSP) && defined(__GNUC__) && PICOPSA_P256_LIMB_BITS == 32)
#error "picopsa config: PICOPSA_P256_UMAAL needs GCC/Clang targeting ARMv7E-M (__ARM_FEATURE_DSP) and PICOPSA_P256_LIMB_BITS 32"
#endif
#if PICOPSA_P256_COMB_TEETH < 4 || PICOPSA_P256_COMB_TEETH > 8
#error "picopsa config: PICOPSA_P256_COMB_TEETH must be in 4..8"
#endif
#if PICOPSA_P384_LIMB_BITS != 32 && PICOPSA_P384_LIMB_BITS != 64
#error "picopsa config: PICOPSA_P384_LIMB_BITS must be 32 or 64"
#endif
#if PICOPSA_P384_LIMB_BITS == 64 && !defined(__SIZEOF_INT128__)
#error "picopsa config: PICOPSA_P384_LIMB_BITS 64 needs a compiler with unsigned __int128"
#endif
#if PICOPSA_P384_UMAAL && !(defined(__ARM_FEATURE_DSP) && defined(__GNUC__) && PICOPSA_P384_LIMB_BITS == 32)
#error "picopsa config: PICOPSA_P384_UMAAL needs GCC/Clang targeting ARMv7E-M (__ARM_FEATURE_DSP) and PICOPSA_P384_LIMB_BITS 32"
#endif
#if PICOPSA_P384_COMB_TEETH < 4 || PICOPSA_P384_COMB_TEETH > 8
#error "picopsa config: PICOPSA_P384_COMB_TEETH must be in 4..8"
#endif
/* Storage (issue 13): exactly one known ITS backend. */
#if (PICOPSA_ITS_BACKEND) != PICOPSA_ITS_FILE && (PICOPSA_ITS_BACKEND) != PICOPSA_ITS_FLASH && \
    (PICOPSA_ITS_BACKEND) != PICOPSA_ITS_RAM && (PICOPSA_ITS_BACKEND) != PICOPSA_ITS_NONE
#error "picopsa config: PICOPSA_ITS_BACKEND must be exactly one of PICOPSA_ITS_FILE, _FLASH, _RAM, _NONE"
#endif
#if (PICOPSA_ITS_BACKEND) == PICOPSA_ITS_RAM && \
    (PICOPSA_ITS_RAM_ENTRIES < 1 || PICOPSA_ITS_RAM_BYTES < 64)
#error "picopsa config: PICOPSA_ITS_RAM_ENTRIES must be >= 1 and PICOPSA_ITS_RAM_BYTES >= 64"
#endif
#if (PICOPSA_ITS_BACKEND) == PICOPSA_ITS_FLASH &&                                              \
    (PICOPSA_FLASH_SECTOR_COUNT < 2 || PICOPSA_FLASH_SECTOR_COUNT > 255 ||                     \
     (PICOPSA_FLASH_WORD_SIZE != 1 && PICOPSA_FLASH_WORD_SIZE != 2 &&                          \
      PICOPSA_FLASH_WORD_SIZE != 4 && PICOPSA_FLASH_WORD_SIZE != 8) ||                         \
     PICOPSA_FLASH_SECTOR_SIZE < 256 || (PICOPSA_FLASH_SECTOR_SIZE % PICOPSA_FLASH_WORD_SIZE) != 0)
#error "picopsa config: flash store: PICOPSA_FLASH_SECTOR_COUNT 2..255, PICOPSA_FLASH_WORD_SIZE 1/2/4/8, PICOPSA_FLASH_SECTOR_SIZE >= 256 and a multiple of the word size"
#endif
/* Accelerator drivers (issue 11): bignum engines take 32-bit words, the
 * limbs of 32-bit builds. */
#if PICOPSA_DRIVERS && PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY && PICOPSA_BN_LIMB_BITS != 32
#error "picopsa config: PICOPSA_DRIVER_LIST with RSA needs PICOPSA_BN_LIMB_BITS 32 (the bignum engine seam takes 32-bit words)"
#endif

#endif /* PICOPSA_CONFIG_CHECK_H */
