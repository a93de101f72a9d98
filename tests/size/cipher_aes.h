/*
 * tests/size/cipher_aes.h -- size-test configuration (size_test.py): the
 * default configuration without ChaCha20 and XChaCha20 (so without
 * PSA_ALG_STREAM_CIPHER); AES and all its modes stay. tests/size/
 * app_cipher.c, which also asks for ChaCha20 keys, must link no byte of
 * src/chacha20.
 */
#ifndef PICOPSA_SIZE_CIPHER_AES_H
#define PICOPSA_SIZE_CIPHER_AES_H

#define PSA_WANT_KEY_TYPE_CHACHA20 0
#define PSA_WANT_KEY_TYPE_XCHACHA20 0

#endif /* PICOPSA_SIZE_CIPHER_AES_H */
