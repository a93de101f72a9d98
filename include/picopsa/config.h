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
/* The DRBG is HMAC_DRBG (SP 800-90A) over this hash: PSA_ALG_SHA_256 or
 * PSA_ALG_SHA_512 (the hash must be enabled). */
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
/* Personalization string mixed in at instantiation (SP 800-90A 8.7.1):
 * a string literal; a product may put its name/version here. */
#ifndef PICOPSA_DRBG_PERSONALIZATION
#define PICOPSA_DRBG_PERSONALIZATION "picopsa HMAC_DRBG v1"
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
/* Field representation: 1 = 5 x 51-bit limbs with unsigned __int128
 * products (64-bit hosts), 0 = 10 x 25.5-bit limbs with 64-bit products
 * (32-bit MCUs). Default: 1 whenever the compiler has __int128. */
#ifndef PICOPSA_ED25519_FE51
#if defined(__SIZEOF_INT128__)
#define PICOPSA_ED25519_FE51 1
#else
#define PICOPSA_ED25519_FE51 0
#endif
#endif
/* With PICOPSA_ED25519_FE51 = 0: 1 = 8 x 32-bit limbs (radix 2^32,
 * products as multiply-accumulate chains; best on Cortex-M3/M4/M33),
 * 0 = 10 x 25.5-bit limbs (ref10's radix). Default 1. */
#ifndef PICOPSA_ED25519_FE32
#define PICOPSA_ED25519_FE32 1
#endif
/* With the radix-2^32 field: 1 = Thumb-2 assembly for ARMv7E-M
 * (Cortex-M4/M7/M33 with the DSP extension): UMAAL multiplication and
 * squaring, LDM/STM addition and subtraction, the fixed-base table scan;
 * 0 = portable C. Default: 1 when the compiler targets a core with UMAAL. */
#ifndef PICOPSA_ED25519_UMAAL
#if defined(__ARM_FEATURE_DSP) && defined(__GNUC__)
#define PICOPSA_ED25519_UMAAL 1
#else
#define PICOPSA_ED25519_UMAAL 0
#endif
#endif
/* Fixed-base (signing, key generation) table: number of radix-16 comb
 * sub-tables, a power of two 1..64. Each costs 8 points of flash (960 B
 * with 51-bit limbs, 768 B with 32-bit limbs); halving T adds 4 x (64/T)
 * doublings. Default: 32 (30 KB) on 64-bit hosts, 4 (3 KB) on MCUs.
 * docs/ed25519.md has the flash/cycles curve. */
#ifndef PICOPSA_ED25519_BASE_TABLES
#if PICOPSA_ED25519_FE51
#define PICOPSA_ED25519_BASE_TABLES 32
#else
#define PICOPSA_ED25519_BASE_TABLES 4
#endif
#endif
/* Verification: window W for the base point (4..8), whose odd multiples
 * are a flash table of 2^(W-2) points (120 B each with 51-bit limbs, 96 B
 * with 32-bit limbs); wNAF width W on hosts, sliding windows of width W-1
 * recoded on the fly on MCUs (no digit arrays on the stack). Default 8
 * (7.5 KB) on 64-bit hosts, 4 (384 B) on MCUs. */
#ifndef PICOPSA_ED25519_VERIFY_WINDOW
#if PICOPSA_ED25519_FE51
#define PICOPSA_ED25519_VERIFY_WINDOW 8
#else
#define PICOPSA_ED25519_VERIFY_WINDOW 4
#endif
#endif

/* Verification: keep the public key's decoded x coordinate (32 B) in the
 * key slot next to its encoding, so that a verification skips the square
 * root of decoding A (about 8% of it on hosts). Slot material grows by
 * 32 B: key pair 160 B, public key 64 B. Default 1 on 64-bit hosts, 0 on
 * MCUs (slot RAM; their verification is within its cycle budget). */
#ifndef PICOPSA_ED25519_CACHE_DECODED_KEY
#define PICOPSA_ED25519_CACHE_DECODED_KEY PICOPSA_ED25519_FE51
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
/* 1: Cortex-M4/M7 assembly in the bignum core (32-bit limbs, ARMv7E-M,
 * optimised builds): three-row UMAAL passes, ADCS/SBCS chains; 0: portable
 * C. Default: on where the compiler targets the DSP extension
 * (__ARM_FEATURE_DSP). */
#ifndef PICOPSA_BN_UMAAL
#if defined(__ARM_FEATURE_DSP) && PICOPSA_BN_LIMB_BITS == 32
#define PICOPSA_BN_UMAAL 1
#else
#define PICOPSA_BN_UMAAL 0
#endif
#endif
/* 1: Montgomery squaring by its own routine (cross products once, HAC
 * 14.16); 0: squaring through the multiplication, 0.33 KB less text on
 * Cortex-M4 for ~11% more cycles in RSA-2048 private. Builds
 * with the x86-64 MULX/ADX kernel always keep the squaring. Default: 0
 * when compiling for size (-Os), else 1. */
#ifndef PICOPSA_BN_DEDICATED_SQR
#if defined(__OPTIMIZE_SIZE__)
#define PICOPSA_BN_DEDICATED_SQR 0
#else
#define PICOPSA_BN_DEDICATED_SQR 1
#endif
#endif
/* 1: on x86-64 with GCC/Clang, exponentiations use MULX/ADCX/ADOX
 * kernels when the CPU has BMI2 + ADX (whole Montgomery multiplication and
 * squaring unrolled for 8/16/24/32 limbs, a row kernel for other sizes)
 * and an AVX2 table scan when the CPU has AVX2 and the OS saves the YMM
 * state (CPUID checked once per key load or key generation; always, when
 * built with -mbmi2 -madx / -mavx2 / -march=native); 0: portable C only. */
#ifndef PICOPSA_BN_X86_64_ASM
#define PICOPSA_BN_X86_64_ASM 1
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
/* Largest raw key (PSA_KEY_TYPE_HMAC, RAW_DATA, DERIVE, PASSWORD...) in
 * bytes; larger imports return PSA_ERROR_NOT_SUPPORTED. Sizes the small
 * slots, with the Ed25519 key pair (128 B, 160 B with the cache): a value
 * below that does not shrink them. */
#ifndef PICOPSA_HMAC_MAX_KEY_BYTES
#define PICOPSA_HMAC_MAX_KEY_BYTES 128
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

#include "config_check.h"

#endif /* PICOPSA_CONFIG_H */
