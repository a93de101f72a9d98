/*
 * cipher_modes.h -- the two kinds of mode behind cipher.h, internal to
 * src/cipher: block modes (cipher_block.c: ECB, CBC, CBC-PKCS#7) buffer a
 * partial block and write whole blocks; segment modes (cipher_stream.c:
 * CTR, CFB-128, OFB, CCM* without tag) write one byte per input byte and
 * keep the unused keystream of the current block; XTS (cipher_xts.c) is a
 * block mode that keeps its last 16..31 bytes for finish. All take any
 * overlap of input and output (cipher.h).
 */
#ifndef PICOPSA_CIPHER_MODES_H
#define PICOPSA_CIPHER_MODES_H

#include "cipher/cipher.h"

#define PP_CIPHER_BLOCK 16u

/* Which kinds are built (PSA_WANT_ALG_*): the other's code is not. */
#define PP_CIPHER_BLOCK_MODES \
    (PSA_WANT_ALG_ECB_NO_PADDING || PSA_WANT_ALG_CBC_NO_PADDING || PSA_WANT_ALG_CBC_PKCS7)
#define PP_CIPHER_SEGMENT_MODES \
    (PSA_WANT_ALG_CTR || PSA_WANT_ALG_CFB || PSA_WANT_ALG_OFB || PSA_WANT_ALG_CCM_STAR_NO_TAG)
#define PP_CIPHER_ANY PP_CIPHER_BUILT
#define PP_CIPHER_AES_MODES (PP_CIPHER_BLOCK_MODES || PP_CIPHER_SEGMENT_MODES || PSA_WANT_ALG_XTS)

/* 1 for ECB, CBC and CBC-PKCS#7. */
int pp_cipher_is_block_mode(psa_algorithm_t alg);

size_t pp_cipher_block_update_length(const picopsa_cipher_context *c, size_t input_length);
void pp_cipher_block_update(picopsa_cipher_context *c, const uint8_t *input,
                            size_t input_length, uint8_t *output);
psa_status_t pp_cipher_block_finish(picopsa_cipher_context *c, uint8_t out[16],
                                    size_t *out_length);

#if PSA_WANT_ALG_XTS
/* XTS (cipher_xts.c). setup: key is Key1 || Key2 (32, 48 or 64 bytes),
 * kept until the tweak comes; INVALID_ARGUMENT for another length or for
 * Key1 == Key2. set_iv: iv is the 16-byte tweak value (IEEE 1619-2007
 * 5.1: the data unit number, little-endian). */
psa_status_t pp_cipher_xts_setup(picopsa_cipher_context *c, const uint8_t *key,
                                 size_t key_length);
/* 1 when the halves of key (2 * half bytes) differ, without a branch on
 * them (the caller's verdict is public). */
int pp_cipher_xts_keys_differ(const uint8_t *key, size_t half);
psa_status_t pp_cipher_xts_set_iv(picopsa_cipher_context *c, const uint8_t *iv,
                                  size_t iv_length);
size_t pp_cipher_xts_update_length(const picopsa_cipher_context *c, size_t input_length);
void pp_cipher_xts_update(picopsa_cipher_context *c, const uint8_t *input, size_t input_length,
                          uint8_t *output);
psa_status_t pp_cipher_xts_finish(picopsa_cipher_context *c, uint8_t out[PP_CIPHER_FINISH_MAX],
                                  size_t *out_length);
#endif

/* After set_iv: the register (chain) holds the IV or first counter block. */
void pp_cipher_stream_update(picopsa_cipher_context *c, const uint8_t *input,
                             size_t input_length, uint8_t *output);

/* 1 when [a, a + a_len) and [b, b + b_len) share a byte (compared as
 * integers: the buffers may be unrelated objects). */
int pp_cipher_overlap(const uint8_t *a, size_t a_len, const uint8_t *b, size_t b_len);

/* memmove (which the freestanding targets' string.h lacks): len bytes
 * from src to dst, any overlap. */
void pp_cipher_move(uint8_t *dst, const uint8_t *src, size_t len);

#endif /* PICOPSA_CIPHER_MODES_H */
