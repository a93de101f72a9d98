/*
 * picopsa/primitives.h -- context structs of the hash, MAC and cipher
 * primitives.
 *
 * Contract:
 *  - Public only because the PSA operation structs (psa_hash_operation_t,
 *    psa_mac_operation_t) embed these by value; applications must treat
 *    every field as private. There are no functions here: the primitives
 *    are driven through src/hash/pp_hash.h and src/mac/hmac.h.
 *  - Every type is always defined, whatever the configuration, so the
 *    operation structs keep one layout; a disabled hash only means its
 *    code is not built.
 *  - A context may be cloned by plain struct assignment.
 *  - Contexts hold secret-derived state (HMAC keys, message prefixes): the
 *    library wipes them on finish/abort.
 */
#ifndef PICOPSA_PRIMITIVES_H
#define PICOPSA_PRIMITIVES_H

#include <stddef.h>
#include <stdint.h>

#include <picopsa/config.h>

/* SHA-256 and SHA-224 (FIPS 180-4 6.2/6.3): 32-bit words, 64-byte blocks. */
typedef struct {
    uint32_t state[8];      /* H0..H7 */
    uint64_t length;        /* bytes hashed so far (message length / 8) */
    uint8_t block[64];      /* partial block not yet compressed */
    size_t block_used;      /* bytes of block[] in use, 0..63 */
    uint32_t digest_size;   /* 32 (SHA-256) or 28 (SHA-224) */
} picopsa_sha256_context;

/* SHA-512, SHA-384, SHA-512/224, SHA-512/256 (FIPS 180-4 6.4-6.7): 64-bit words, 128-byte blocks,
 * 128-bit message length. */
typedef struct {
    uint64_t state[8];
    uint64_t length_hi, length_lo;  /* bytes hashed so far, 128-bit */
    uint8_t block[128];
    size_t block_used;
    uint32_t digest_size;   /* 64 (SHA-512), 48 (SHA-384), 28 / 32 (SHA-512/t) */
} picopsa_sha512_context;

/* SHA-1 (FIPS 180-4 6.1): 32-bit words, 64-byte blocks. */
typedef struct {
    uint32_t state[5];      /* H0..H4 */
    uint64_t length;        /* bytes hashed so far */
    uint8_t block[64];
    size_t block_used;
} picopsa_sha1_context;

/* The Keccak sponge of SHA-3 and SHAKE (FIPS 202 4, 6.1, 6.2;
 * src/hash/keccak.h: pp_keccak_ctx). The counters are 32-bit so the 200-byte
 * state plus bookkeeping (216 bytes) is no larger than the SHA-512 context
 * (224 bytes on LP64, 216 on ILP32): adding SHA-3 to the union below grows no
 * hash, MAC or key derivation operation. */
typedef struct {
    uint64_t a[25];         /* state, lane (x, y) at a[x + 5 y] (FIPS 202 3.1.2) */
    uint32_t rate;          /* bytes per block: 200 - 2 * capacity bits / 8 */
    uint32_t pos;           /* byte offset in the current block */
    uint32_t out_len;       /* fixed output length in bytes (0: SHAKE stream) */
    uint8_t suffix;         /* domain bits with the first pad bit: 0x06 SHA-3, 0x1F SHAKE */
    uint8_t squeezing;      /* 1 once the padding has been absorbed */
} picopsa_keccak_context;

/* A hash over psa_algorithm_t: alg is the PSA_ALG_SHA_* / PSA_ALG_SHA3_* /
 * PSA_ALG_SHAKE256_512 value, 0 when the context is inactive (never set
 * up, finished or aborted). */
typedef struct {
    uint32_t alg;
    union {
        picopsa_sha256_context sha256;
        picopsa_sha512_context sha512;
        picopsa_sha1_context sha1;
        picopsa_keccak_context sha3;
    } u;
} picopsa_hash_context;

/* HMAC (RFC 2104): inner hash already fed with K^ipad, outer hash already
 * fed with K^opad, so the key itself is not kept. */
typedef struct {
    picopsa_hash_context inner;
    picopsa_hash_context outer;
} picopsa_hmac_context;

/* AES key schedule (FIPS 197 5.2) in the layout of the configured backend
 * (src/aes/aes.h: pp_aes_key); rounds is 10, 12 or 14. Size: the
 * bitsliced ct64 backend keeps 15 round keys x 8 words (960 bytes); the
 * reference backend 240 bytes, the fixsliced ct32 one 480 (15 x 8 32-bit
 * words, as uint32_t) and AES-NI 480 (both schedules), so 480 bytes do
 * without ct64. */
#if PICOPSA_AES_BACKEND == PICOPSA_AES_CT64
#define PICOPSA_AES_KEY_WORDS 120
#else
#define PICOPSA_AES_KEY_WORDS 60
#endif
typedef struct {
#if PICOPSA_AES_BACKEND == PICOPSA_AES_CT32
    uint32_t rk[2 * PICOPSA_AES_KEY_WORDS]; /* fixsliced: 15 x 8 32-bit words */
#else
    uint64_t rk[PICOPSA_AES_KEY_WORDS];
#endif
    unsigned rounds;
    unsigned hw;        /* 1: set by the hardware path (src/aes/aes_hw.h); 2 + i: by the
                         * AES engine of PICOPSA_DRIVER_LIST's driver i (src/aes/aes_engine.h),
                         * whose context is then the start of rk */
#if PICOPSA_DRIVERS
    int32_t engine_status; /* PSA_SUCCESS, or the engine's first error (sticky) */
#endif
} picopsa_aes_context;

/* AES-CMAC in progress (SP 800-38B; src/mac/cmac.h: pp_cmac_ctx): the
 * key schedule, the subkeys K1/K2, the chaining value, the buffered bytes
 * (0..16, the last block is known only at finish), ready 1 between setup
 * and finish. */
typedef struct {
    picopsa_aes_context key;
    uint8_t k1[16];
    uint8_t k2[16];
    uint8_t chain[16];
    uint8_t buf[16];
    uint32_t buf_len;
    uint32_t ready;
} picopsa_cmac_context;

/* Poly1305 (RFC 8439 2.5; src/poly1305/poly1305.h: pp_poly1305_ctx): r
 * and the accumulator h in radix 2^44 where the compiler has unsigned
 * __int128, else radix 2^26 (PP_POLY1305_RADIX26 = 1 forces it); s the
 * second key half; a partial block. */
#if !defined(PP_POLY1305_RADIX26)
#if defined(__SIZEOF_INT128__)
#define PP_POLY1305_RADIX26 0
#else
#define PP_POLY1305_RADIX26 1
#endif
#endif
typedef struct {
#if PP_POLY1305_RADIX26
    uint32_t r[5], h[5];
#else
    uint64_t r[3], h[3];
#endif
    uint32_t s[4];
    uint8_t buffer[16];
    size_t used;
} picopsa_poly1305_context;

/* GHASH key (SP 800-38D 6.4; src/aead/ghash.h: pp_ghash_key): H^1..H^8
 * where a PCLMULQDQ (x86-64) or PMULL (AArch64) path can be built, H
 * alone elsewhere (the portable and Cortex-M backends multiply by H only:
 * 112 bytes less in every GCM context, the one-shot AEAD's stack frame
 * among them); hw 1 when the hardware path set it. */
#if PICOPSA_AES_HW && defined(__GNUC__) && \
    (defined(__x86_64__) || (defined(__aarch64__) && defined(__linux__)))
#define PICOPSA_GHASH_KEY_POWERS 8
#else
#define PICOPSA_GHASH_KEY_POWERS 1
#endif
typedef struct {
    uint64_t h[PICOPSA_GHASH_KEY_POWERS][2];
    uint32_t hw;
} picopsa_ghash_key;

/* AES-GCM in progress (src/aead/gcm.h: pp_gcm_ctx). */
typedef struct {
    picopsa_aes_context aes;
    picopsa_ghash_key ghash;
    uint64_t y[2];          /* GHASH state */
    uint64_t aad_len;       /* bytes so far */
    uint64_t data_len;
    uint8_t ctr[16];        /* the next counter block */
    uint8_t ek_j0[16];      /* E_K(J0), the tag mask */
    uint8_t ks[16];         /* keystream of the current partial block */
    uint8_t buf[16];        /* partial GHASH block */
    uint8_t state;          /* 0 none, 1 AAD, 2 data */
    uint8_t fast_ctr;       /* 1: 12-byte IV */
} picopsa_gcm_context;

/* AES-CCM in progress (src/aead/ccm.h: pp_ccm_ctx). */
typedef struct {
    picopsa_aes_context key;
    uint8_t mac[16];        /* CBC-MAC chaining value */
    uint8_t ctr[16];        /* next counter block */
    uint8_t s0[16];         /* E_K(Ctr_0), masks the tag */
    uint8_t buf[16];        /* bytes of the current MAC block */
    uint8_t ks[16];         /* keystream of the current data block */
    uint64_t ad_left;       /* declared AAD bytes not yet given */
    uint64_t data_left;
    uint8_t buf_len;
    uint8_t tag_len;
    uint8_t encrypt;
    uint8_t state;          /* 0 none, 1 keyed, 2 AAD, 3 payload */
} picopsa_ccm_context;

/* ChaCha20 stream state (RFC 8439 2.3; src/chacha20/chacha20.h:
 * pp_chacha20_ctx): s[12] is the next block counter, ks the keystream of
 * the last block, avail its unused bytes, live 0 once the counter ran out. */
typedef struct {
    uint32_t s[16];
    uint8_t ks[64];
    uint8_t avail;
    uint8_t live;
} picopsa_chacha20_context;

/* ChaCha20-Poly1305 and XChaCha20-Poly1305 in progress (RFC 8439 2.8;
 * src/aead/chachapoly.h: pp_chachapoly_ctx). */
typedef struct {
    picopsa_chacha20_context cipher;
    picopsa_poly1305_context mac;
    uint64_t ad_len;        /* AAD bytes so far */
    uint64_t data_len;
    uint8_t encrypt;
    uint8_t state;          /* 0 none, 1 AAD, 2 payload */
} picopsa_chachapoly_context;

/* An AEAD (PSA 1.2 10.5) in progress: src/aead/aead.h. key holds the key
 * bytes between setup and the nonce for the engines that start from both
 * (GCM, ChaCha20-Poly1305); CCM keeps the nonce until the lengths come
 * (SP 800-38C A.2.1: B0 holds both). */
typedef struct {
    uint32_t alg;           /* with its tag length; 0 = inactive */
    uint16_t key_type;
    uint8_t encrypt;
    uint8_t tag_length;
    uint8_t key_length;
    uint8_t nonce_length;   /* 0 until the nonce is set */
    uint8_t lengths_set;
    uint8_t started;        /* the engine has its nonce (and CCM its lengths) */
    uint8_t key[32];
    uint8_t nonce[16];
    uint64_t ad_length, data_length;   /* declared, when lengths_set */
    union {
        picopsa_gcm_context gcm;
        picopsa_ccm_context ccm;
        picopsa_chachapoly_context chachapoly;
    } e;
} picopsa_aead_context;

/* An unauthenticated cipher (PSA 1.2 10.4) in progress: src/cipher/cipher.h.
 * chain: the CBC chaining value, the CTR counter block, the CFB/OFB
 * register, the XTS tweak of the next block; pending: a partial input
 * block (ECB, CBC) or the unused keystream of the current block (CTR,
 * CFB, OFB), used bytes of it; XTS holds back its last 16..31 bytes there
 * (ciphertext stealing needs the last two blocks together), hence 32
 * bytes when PSA_WANT_ALG_XTS, else 16. */
#if PSA_WANT_ALG_XTS
#define PICOPSA_CIPHER_PENDING_SIZE 32
#else
#define PICOPSA_CIPHER_PENDING_SIZE 16
#endif
typedef struct {
    uint32_t alg;           /* PSA_ALG_*; 0 = inactive */
    uint16_t key_type;      /* PSA_KEY_TYPE_AES, _CHACHA20, _XCHACHA20 */
    uint8_t encrypt;        /* 1: encrypt, 0: decrypt */
    uint8_t used;           /* bytes of pending[] in use */
    uint8_t chain[16];
    uint8_t pending[PICOPSA_CIPHER_PENDING_SIZE];
    union {
        picopsa_aes_context aes;              /* XTS: Key1's, once the IV is set */
        struct {
            uint8_t key[32];                  /* until the IV is set */
            picopsa_chacha20_context stream;
        } chacha;
        struct {
            uint8_t keys[64];                 /* Key1 || Key2 until the IV is set */
            uint8_t half;                     /* bytes of each: 16, 24 or 32 */
        } xts;
    } key;
} picopsa_cipher_context;

#endif /* PICOPSA_PRIMITIVES_H */
