/*
 * tests/size/cipher_xts.h -- size-test configuration (size_test.py): the
 * default configuration with PSA_ALG_XTS opted in (it is off on MCUs by
 * default: include/picopsa/config.h). Reported, not checked: what
 * tests/size/app_cipher.c carries of src/cipher/cipher_xts.c when XTS is
 * built.
 */
#ifndef PICOPSA_SIZE_CIPHER_XTS_H
#define PICOPSA_SIZE_CIPHER_XTS_H

#define PSA_WANT_ALG_XTS 1

#endif /* PICOPSA_SIZE_CIPHER_XTS_H */
