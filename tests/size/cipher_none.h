/*
 * tests/size/cipher_none.h -- size-test configuration (size_test.py): the
 * default configuration with every unauthenticated cipher left out: no AES
 * key type (so no mode: include/picopsa/config.h), no ChaCha20 or XChaCha20
 * key type (so no PSA_ALG_STREAM_CIPHER). tests/size/app_cipher.c, which
 * calls every cipher function, must then link no byte of src/aes,
 * src/cipher or src/chacha20; the cipher API answers NOT_SUPPORTED.
 */
#ifndef PICOPSA_SIZE_CIPHER_NONE_H
#define PICOPSA_SIZE_CIPHER_NONE_H

/* Not passing yet (size_test.py PENDING, run with --pending): src/ does
 * not build this configuration with -Werror (dispatch_cipher.c) and
 * psa_cipher.c calls src/cipher functions that are not built. */

#define PSA_WANT_KEY_TYPE_AES 0
#define PSA_WANT_KEY_TYPE_CHACHA20 0
#define PSA_WANT_KEY_TYPE_XCHACHA20 0

#endif /* PICOPSA_SIZE_CIPHER_NONE_H */
