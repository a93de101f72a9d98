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
 * (src/aes/aes.h: pp_aes_key); rounds is 10, 12 or 14. */
typedef struct {
    uint64_t rk[120];
    unsigned rounds;
    unsigned hw;        /* 1: set by the hardware path (src/aes/aes_hw.h) */
} picopsa_aes_context;

/* ChaCha20 stream state (RFC 8439 2.3; src/chacha20/chacha20.h:
 * pp_chacha20_ctx): s[12] is the next block counter, ks the keystream of
 * the last block, avail its unused bytes, live 0 once the counter ran out. */
typedef struct {
    uint32_t s[16];
    uint8_t ks[64];
    uint8_t avail;
    uint8_t live;
} picopsa_chacha20_context;

/* An unauthenticated cipher (PSA 1.2 10.4) in progress: src/cipher/cipher.h.
 * chain: the CBC chaining value, the CTR counter block, the CFB/OFB
 * register; pending: a partial input block (ECB, CBC) or the unused
 * keystream of the current block (CTR, CFB, OFB), used bytes of it. */
typedef struct {
    uint32_t alg;           /* PSA_ALG_*; 0 = inactive */
    uint16_t key_type;      /* PSA_KEY_TYPE_AES, _CHACHA20, _XCHACHA20 */
    uint8_t encrypt;        /* 1: encrypt, 0: decrypt */
    uint8_t used;           /* bytes of pending[] in use */
    uint8_t chain[16];
    uint8_t pending[16];
    union {
        picopsa_aes_context aes;
        struct {
            uint8_t key[32];                  /* until the IV is set */
            picopsa_chacha20_context stream;
        } chacha;
    } key;
} picopsa_cipher_context;

#endif /* PICOPSA_PRIMITIVES_H */
