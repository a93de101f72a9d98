/*
 * dispatch_sign.c -- signatures (PSA 1.2 10.7) routed to the family of the
 * key: Ed25519 (PureEdDSA, Ed25519ph), P-256 (ECDSA, deterministic ECDSA),
 * RSA (PKCS#1 v1.5, PSS), ML-DSA (pure and HashML-DSA) or LMS / HSS
 * (verification only).
 *
 * Checked here, once, in this order (docs/ARCHITECTURE.md): a key pair
 * for signing (INVALID_ARGUMENT); the algorithm fits the key type
 * (INVALID_ARGUMENT); the hash length of sign_hash / verify_hash
 * (INVALID_ARGUMENT); the mechanism and its hash are built
 * (NOT_SUPPORTED); the signature buffer has PSA_SIGN_OUTPUT_SIZE bytes
 * (BUFFER_TOO_SMALL), a signature to verify has that length
 * (INVALID_SIGNATURE).
 *
 * Hash-and-sign messages are hashed here into a local digest, then signed
 * as a hash (the PSA driver interface's fallback for a driver without
 * message entry points); Ed25519 takes the message itself (RFC 8032
 * 5.1.6 hashes it twice). The digest is read only by the family, which
 * consumes it before writing the signature (overlap, spec 5.4.4).
 *
 * One function serves the four API functions (sign or verify, hash or
 * message): the checks exist once in the code as well as in the rules.
 */
#include "dispatch/pp_dispatch.h"
#include "dispatch/pp_drivers.h"
#include "dispatch/pp_accel.h"
#include "common/pp_util.h"
#include "hash/pp_hash.h"

/* GCC and Clang: keep the digest of hash_then_sign out of the frame of
 * every signature (Cortex-M stack of psa_verify_hash and PureEdDSA). */
#if defined(__GNUC__)
#define PP_DISPATCH_NOINLINE __attribute__((noinline))
#else
#define PP_DISPATCH_NOINLINE
#endif

/* Hash-and-sign message: hash into a local digest, then sign or verify it
 * as a hash (the PSA driver interface's fallback for a driver without a
 * sign_message entry point). A hash that is not built: NOT_SUPPORTED. */
PP_DISPATCH_NOINLINE
static psa_status_t hash_then_sign(unsigned op, const psa_key_attributes_t *attributes,
                                   const uint8_t *key_buffer, size_t key_buffer_size,
                                   psa_algorithm_t alg, const uint8_t *input,
                                   size_t input_length, uint8_t *sig_out, size_t sig_size,
                                   size_t *sig_len, const uint8_t *sig_in, size_t sig_in_len)
{
    uint8_t digest[PP_HASH_MAX_SIZE];
    psa_algorithm_t hash_alg = PSA_ALG_SIGN_GET_HASH(alg);
    psa_status_t status = pp_hash_compute(hash_alg, input, input_length, digest);
    if (status == PSA_SUCCESS) {
        status = pp_dispatch_signature(op & ~PP_DISPATCH_MESSAGE, attributes, key_buffer,
                                       key_buffer_size, alg, digest, PSA_HASH_LENGTH(hash_alg),
                                       sig_out, sig_size, sig_len, sig_in, sig_in_len);
    }
    pp_wipe(digest, sizeof(digest));
    return status;
}

/* The driver is chosen at build time: the entry point is taken under the
 * PSA_WANT_* guard of its scheme, so a configured-out scheme is never
 * referenced. sign_fn / verify_fn hold the one chosen (two call sites
 * instead of one per scheme: Cortex-M flash). */
psa_status_t pp_dispatch_signature(unsigned op, const psa_key_attributes_t *attributes,
                                   const uint8_t *key_buffer, size_t key_buffer_size,
                                   psa_algorithm_t alg, const uint8_t *input, size_t input_length,
                                   uint8_t *sig_out, size_t sig_size, size_t *sig_len,
                                   const uint8_t *sig_in, size_t sig_in_len)
{
    int sign = (op & PP_DISPATCH_SIGN) != 0;
    int message = (op & PP_DISPATCH_MESSAGE) != 0;
    psa_key_type_t type = attributes->type;
    psa_algorithm_t hash_alg = PSA_ALG_SIGN_GET_HASH(alg);
    picopsa_driver_sign_t *sign_fn = NULL;
    picopsa_driver_verify_t *verify_fn = NULL;
    int takes_message = 0;     /* the driver hashes the message itself */
    size_t expected = 0;       /* PSA_SIGN_OUTPUT_SIZE of the key */
    int any_length = 0;        /* the signature encodes its own length (LMS, HSS) */
    /* Until a family takes (type, alg): the algorithm does not fit the
     * key (e.g. ECDSA with an Ed25519 key). */
    psa_status_t fits = PSA_ERROR_INVALID_ARGUMENT;
    psa_status_t built = PSA_ERROR_NOT_SUPPORTED;   /* Ed448, configured out */
    psa_status_t status;

    if (sign && !PSA_KEY_TYPE_IS_KEY_PAIR(type)) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* spec 10.7: signing needs the private key */
    }
#if PP_DRIVER_EDDSA
    if (PSA_KEY_TYPE_IS_ECC(type) &&
        PSA_KEY_TYPE_ECC_GET_FAMILY(type) == PSA_ECC_FAMILY_TWISTED_EDWARDS &&
        (alg == PSA_ALG_PURE_EDDSA || PSA_ALG_IS_HASH_EDDSA(alg))) {
        fits = PSA_SUCCESS;
        expected = PSA_SIGN_OUTPUT_SIZE(type, 255u, alg);   /* 64: every key here is Ed25519 */
#if PSA_WANT_ALG_PURE_EDDSA
        /* RFC 8032 5.1.6 hashes the message twice: the driver takes it. */
        if (alg == PSA_ALG_PURE_EDDSA) {
            sign_fn = pp_eddsa_sign_message;
            verify_fn = pp_eddsa_verify_message;
            takes_message = 1;
            built = PSA_SUCCESS;
        }
#endif
#if PSA_WANT_ALG_ED25519PH
        /* Ed25519ph signs the SHA-512 prehash (RFC 8032 5.1: PH). */
        if (alg == PSA_ALG_ED25519PH) {
            sign_fn = pp_eddsa_sign_hash;
            verify_fn = pp_eddsa_verify_hash;
            built = PSA_SUCCESS;
        }
#endif
    }
#endif
#if PP_DRIVER_RSA
    if (PSA_KEY_TYPE_IS_RSA(type) &&
        (PSA_ALG_IS_RSA_PKCS1V15_SIGN(alg) || PSA_ALG_IS_RSA_PSS(alg))) {
        fits = PSA_SUCCESS;
        expected = PSA_BITS_TO_BYTES(attributes->bits);
#if PSA_WANT_ALG_RSA_PKCS1V15_SIGN || PSA_WANT_ALG_RSA_PSS
        if (PSA_ALG_IS_RSA_PKCS1V15_SIGN(alg) ? PSA_WANT_ALG_RSA_PKCS1V15_SIGN
                                              : PSA_WANT_ALG_RSA_PSS) {
            sign_fn = pp_rsa_sign_hash;
            verify_fn = pp_rsa_verify_hash;
            /* Only PKCS#1 v1.5 has a raw variant (PSA_ALG_RSA_PKCS1V15_SIGN_RAW). */
            built = (hash_alg != PSA_ALG_NONE || PSA_ALG_IS_RSA_PKCS1V15_SIGN(alg))
                        ? PSA_SUCCESS
                        : PSA_ERROR_INVALID_ARGUMENT;
        }
#endif
    }
#endif
#if PP_DRIVER_P256 || PP_DRIVER_P384
    if (PSA_KEY_TYPE_IS_ECC(type) &&
        PSA_KEY_TYPE_ECC_GET_FAMILY(type) == PSA_ECC_FAMILY_SECP_R1 && PSA_ALG_IS_ECDSA(alg)) {
        fits = PSA_SUCCESS;
        /* r || s: 64 bytes for P-256, 96 for P-384 (the key's size). */
        expected = PSA_SIGN_OUTPUT_SIZE(type, attributes->bits, alg);
#if PSA_WANT_ALG_ECDSA || PSA_WANT_ALG_DETERMINISTIC_ECDSA
        if (PSA_ALG_IS_DETERMINISTIC_ECDSA(alg) ? PSA_WANT_ALG_DETERMINISTIC_ECDSA
                                                : PSA_WANT_ALG_ECDSA) {
#if PP_DRIVER_P384
            if (!PP_DRIVER_P256 || attributes->bits == 384u) {
#if PICOPSA_P384_VERIFY_ONLY
                sign_fn = NULL;   /* no P-384 pair exists: never called */
#else
                sign_fn = pp_p384_sign_hash;
#endif
                verify_fn = pp_p384_verify_hash;
            }
#endif
#if PP_DRIVER_P256
            if (!PP_DRIVER_P384 || attributes->bits != 384u) {
                sign_fn = pp_p256_sign_hash;
                verify_fn = pp_p256_verify_hash;
            }
#endif
            /* ECDSA_ANY signs a hash of any length; RFC 6979 needs a hash. */
            built = (hash_alg != PSA_ALG_NONE || !PSA_ALG_IS_DETERMINISTIC_ECDSA(alg))
                        ? PSA_SUCCESS
                        : PSA_ERROR_INVALID_ARGUMENT;
            if (sign && sign_fn == NULL) {
                built = PSA_ERROR_NOT_SUPPORTED;   /* P-384 verification-only build */
            }
        }
#endif
    }
#endif
#if PP_DRIVER_LMS
    /* 1.3 PQC extension 2.5.2: PSA_ALG_LMS with an LMS key, PSA_ALG_HSS
     * with an HSS key, messages only, verification only (signing has
     * failed above: there are no LMS / HSS key pairs). The signature's
     * length follows from its own typecodes (RFC 8554 5.4.1, 6.2): the
     * driver checks it (INVALID_SIGNATURE). */
    if ((type == PSA_KEY_TYPE_LMS_PUBLIC_KEY && alg == PSA_ALG_LMS) ||
        (type == PSA_KEY_TYPE_HSS_PUBLIC_KEY && alg == PSA_ALG_HSS)) {
        fits = PSA_SUCCESS;
        takes_message = 1;
        any_length = 1;
        if (alg == PSA_ALG_LMS ? PSA_WANT_ALG_LMS : PSA_WANT_ALG_HSS) {
            verify_fn = pp_lms_verify_message;
            built = PSA_SUCCESS;
        }
    }
#endif
#if PP_DRIVER_MLDSA
    /* 1.3 PQC extension 2.3.2: pure ML-DSA (hedged or deterministic)
     * signs messages with an empty context; HashML-DSA is hash-and-sign
     * (FIPS 204 5.4). Verification is one algorithm for both variants
     * (FIPS 204 Alg. 3 / 5 take no rnd). */
    if (PSA_KEY_TYPE_IS_ML_DSA(type) && (PSA_ALG_IS_ML_DSA(alg) || PSA_ALG_IS_HASH_ML_DSA(alg))) {
        fits = PSA_SUCCESS;
        expected = PSA_SIGN_OUTPUT_SIZE(type, attributes->bits, alg);
        if (PSA_ALG_IS_ML_DSA(alg)) {
            takes_message = 1;
            if (alg == PSA_ALG_ML_DSA ? PSA_WANT_ALG_ML_DSA
                                      : PSA_WANT_ALG_DETERMINISTIC_ML_DSA) {
                sign_fn = pp_mldsa_sign;
                verify_fn = pp_mldsa_verify;
                built = PSA_SUCCESS;
            }
        } else if (PSA_ALG_IS_DETERMINISTIC_HASH_ML_DSA(alg)
                       ? PSA_WANT_ALG_DETERMINISTIC_HASH_ML_DSA
                       : PSA_WANT_ALG_HASH_ML_DSA) {
            sign_fn = pp_mldsa_sign;
            verify_fn = pp_mldsa_verify;
            built = hash_alg != PSA_ALG_NONE ? PSA_SUCCESS : PSA_ERROR_INVALID_ARGUMENT;
        }
    }
#endif
    status = fits;
    if (status == PSA_SUCCESS && message && !takes_message && hash_alg != PSA_ALG_NONE) {
        /* Hash-and-sign: the message becomes its hash; this function runs
         * again on the hash. */
#if PICOPSA_DRIVERS
        /* A driver's message entry point takes the message first, after
         * the checks the hash would get. */
        if (built == PSA_SUCCESS && pp_hash_size(hash_alg) != 0 &&
            (sign ? sig_size >= expected : sig_in_len == expected)) {
            status = pp_accel_signature(op, attributes, key_buffer, key_buffer_size, alg, input,
                                        input_length, sig_out, sig_size, sig_len, sig_in,
                                        sig_in_len);
            if (status != PSA_ERROR_NOT_SUPPORTED) {
                return status;
            }
        }
#endif
        return hash_then_sign(op, attributes, key_buffer, key_buffer_size, alg, input,
                              input_length, sig_out, sig_size, sig_len, sig_in, sig_in_len);
    }
    if (status == PSA_SUCCESS && !message && hash_alg != PSA_ALG_NONE &&
        input_length != PSA_HASH_LENGTH(hash_alg)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS) {
        status = built;
    }
    if (status == PSA_SUCCESS && hash_alg != PSA_ALG_NONE && pp_hash_size(hash_alg) == 0) {
        status = PSA_ERROR_NOT_SUPPORTED;
    }
    if (status == PSA_SUCCESS && !any_length &&
        (sign ? sig_size < expected : sig_in_len != expected)) {
        status = sign ? PSA_ERROR_BUFFER_TOO_SMALL : PSA_ERROR_INVALID_SIGNATURE;
    }
    if (status == PSA_SUCCESS) {
        /* Accelerator drivers first (docs/drivers.md); the software
         * family runs when none takes the call. */
#if PICOPSA_DRIVERS
        status = pp_accel_signature(op, attributes, key_buffer, key_buffer_size, alg, input,
                                    input_length, sig_out, sig_size, sig_len, sig_in,
                                    sig_in_len);
        if (status == PSA_ERROR_NOT_SUPPORTED)
#endif
        status = sign ? sign_fn(attributes, key_buffer, key_buffer_size, alg, input,
                                input_length, sig_out, sig_size, sig_len)
                      : verify_fn(attributes, key_buffer, key_buffer_size, alg, input,
                                  input_length, sig_in, sig_in_len);
    }
    return status;
}

