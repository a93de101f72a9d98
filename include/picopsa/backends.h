/*
 * picopsa/backends.h -- which software backend this build runs, per family.
 *
 * The backends are chosen at build time (include/picopsa/config.h:
 * PICOPSA_ED25519_BACKEND and PICOPSA_ED25519_FIELD, PICOPSA_BN_KERNEL);
 * the x86-64 bignum kernel is further confirmed at run time (CPUID: BMI2 +
 * ADX, AVX2), so the name says what this CPU actually executes. Meant for
 * banners and benchmark reports (`make bench` prints it first), not for
 * program logic.
 *
 * Contract: the returned strings are static, constant, NUL-terminated
 * ASCII; NULL when the family is configured out or the value unknown.
 * No initialisation needed (psa_crypto_init is not required), thread-safe.
 */
#ifndef PICOPSA_BACKENDS_H
#define PICOPSA_BACKENDS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    PICOPSA_FAMILY_ED25519 = 0,   /* Ed25519 (PSA_WANT_ECC_TWISTED_EDWARDS_255) */
    PICOPSA_FAMILY_RSA = 1,       /* RSA's bignum kernel (PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY) */
    PICOPSA_FAMILY_SHA256 = 2,    /* SHA-224/256 compression: "x86-64 SHA-NI", "ARMv8 CE", "portable C" */
    PICOPSA_FAMILY_SHA512 = 3,    /* SHA-384/512 (and /224, /256) compression */
    PICOPSA_FAMILY_SHA1 = 4,      /* SHA-1 compression (the hash families: NULL on targets
                                   * without a run-time choice, i.e. MCUs) */
    PICOPSA_FAMILY_AES = 5,       /* AES block function (PSA_WANT_KEY_TYPE_AES): "x86-64
                                   * AES-NI" or "AArch64 ARMv8 CE" when this CPU
                                   * has it, else the portable
                                   * backend, "bitsliced ct64" or "byte-oriented reference" */
    PICOPSA_FAMILY_CHACHA20 = 6,  /* ChaCha20 keystream (PSA_WANT_KEY_TYPE_CHACHA20 or
                                   * _XCHACHA20): "x86-64 AVX-512", "x86-64 AVX2",
                                   * "AArch64 NEON", "ARMv7-M Thumb-2"
                                   * (Cortex-M3/M4/M7/M33),
                                   * "portable C, 4 lanes" or "portable C" */
    PICOPSA_FAMILY_GHASH = 7      /* GCM's GHASH (PSA_WANT_ALG_GCM): "x86-64 PCLMULQDQ",
                                   * "AArch64 PMULL", else the portable backend,
                                   * "ct32, 32x32->32 MUL" or "ct64, 32x32->64 MUL" */
} picopsa_family_t;

/* e.g. "fast, radix 2^51" for Ed25519, "x86-64 MULX/ADX" for RSA. */
const char *picopsa_backend_name(picopsa_family_t family);

#ifdef __cplusplus
}
#endif

#endif /* PICOPSA_BACKENDS_H */
