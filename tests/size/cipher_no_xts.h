/*
 * tests/size/cipher_no_xts.h -- size-test configuration (size_test.py):
 * the default configuration with PSA_ALG_XTS set to 0 explicitly (the MCU
 * default; on hosted OSes it is on); AES and its other modes stay. tests/size/app_cipher.c, which also encrypts with XTS, must link
 * no byte of src/cipher/cipher_xts.c (psa_cipher_encrypt answers
 * NOT_SUPPORTED for it).
 */
#ifndef PICOPSA_SIZE_CIPHER_NO_XTS_H
#define PICOPSA_SIZE_CIPHER_NO_XTS_H

#define PSA_WANT_ALG_XTS 0

#endif /* PICOPSA_SIZE_CIPHER_NO_XTS_H */
