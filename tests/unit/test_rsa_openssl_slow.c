/* ctest-label: slow */
/*
 * test_rsa_openssl_slow.c -- the PSA vs OpenSSL cross-check of
 * test_rsa_openssl.c with 25 iterations per (key, algorithm) instead of 2:
 * about 5000 signatures and 2000 encryptions each way over 1024-4096-bit
 * keys from both sides. Labelled slow (make test runs it in the full
 * configuration only).
 */
#define RSA_OPENSSL_ITERATIONS 25
#define RSA_OPENSSL_NAME "rsa_openssl_slow"
#include "test_rsa_openssl.c"
