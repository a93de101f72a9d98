/*
 * export_max.c -- compiled (not run) by test_psa_config_check under
 * several configurations: PSA_EXPORT_KEY_PAIR_MAX_SIZE and
 * PSA_EXPORT_PUBLIC_KEY_MAX_SIZE (spec 9.6.6/9.6.7: "sufficient to export
 * ... any asymmetric key ... supported by the implementation") cover every
 * asymmetric family that is built. A macro that only looked at RSA gave 32
 * B in a build with P-256 and no RSA, below P-256's 65-byte public key.
 */
#include <psa/crypto.h>

#define COVERS(name, max, need) typedef char name[(max) >= (need) ? 1 : -1]

#if PSA_WANT_ECC_SECP_R1_256
COVERS(p256_public, PSA_EXPORT_PUBLIC_KEY_MAX_SIZE,
       PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_SECP_R1), 256));
COVERS(p256_pair, PSA_EXPORT_KEY_PAIR_MAX_SIZE,
       PSA_EXPORT_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1), 256));
#endif
COVERS(curve25519_public, PSA_EXPORT_PUBLIC_KEY_MAX_SIZE,
       PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_MONTGOMERY), 255));
#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR
COVERS(rsa_pair, PSA_EXPORT_KEY_PAIR_MAX_SIZE,
       PSA_EXPORT_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_RSA_KEY_PAIR, PICOPSA_RSA_MAX_BITS));
#endif
#if PSA_WANT_ALG_ML_KEM
COVERS(mlkem_public, PSA_EXPORT_PUBLIC_KEY_MAX_SIZE,
       PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_ML_KEM_PUBLIC_KEY, 1024));
#endif
