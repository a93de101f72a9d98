/*
 * ed25519_psa.c -- the Ed25519 software driver: the pp_eddsa_* entry
 * points of dispatch/pp_drivers.h with the signatures and the contract of
 * <picopsa/driver.h> (PSA Certified Crypto API 1.2 sec. 9.6, 9.7.4 and
 * 10.7). Compiled only when PSA_WANT_ECC_TWISTED_EDWARDS_255 is set.
 *
 * Key material (the slot buffer):
 *  - key pair: the 32-byte RFC 8032 seed, the 32-byte public key and the
 *    64-byte expanded secret (clamped scalar || nonce prefix), both derived
 *    at import/generation (so signing needs neither a scalar multiplication
 *    nor SHA-512 of the seed); the material is wiped with the slot;
 *  - public key: its 32-byte encoding, validated at import;
 *  - with PICOPSA_ED25519_CACHE_DECODED_KEY, both end with the public
 *    key's canonical x coordinate (32 bytes, written at import or
 *    generation), so verification skips decoding A (ed25519.h);
 *  - with PICOPSA_SIGN_FAULT_CHECK, a pair ends with the 16-byte key tag
 *    (pp_ed25519_key_tag: it binds the expanded secret to the public key,
 *    checked by the signer after its second computation).
 * Export formats are the spec's: the 32-byte seed for a pair, the 32-byte
 * encoded point for a public key.
 *
 * Public key validation at import (rule 3 of ed25519.h, RFC 8032 5.1.3):
 * y must be canonical (< p), the point must be on the curve and x = 0 must
 * not come with the sign bit; otherwise PSA_ERROR_INVALID_ARGUMENT.
 * Small-order points are accepted (RFC 8032 and OpenSSL accept them; a
 * signature under such a key proves nothing about anyone else's key).
 *
 * Checked here (the rest is the dispatch layer's, driver.h): an import
 * or generation size other than 255 bits is Ed448 (PSA_ERROR_NOT_SUPPORTED:
 * not built) when it is 448 bits / 57 bytes, and PSA_ERROR_INVALID_ARGUMENT
 * otherwise; a key buffer of the wrong length for its type is
 * PSA_ERROR_CORRUPTION_DETECTED; export buffer sizes. A signature whose
 * fault check fails (PICOPSA_SIGN_FAULT_CHECK, ed25519_fault.h: its two
 * computations differ) is PSA_ERROR_CORRUPTION_DETECTED too, the spec's
 * "a tampering attempt was detected" (PSA Crypto API 1.2 sec. 8.1.1, as
 * RSA's CRT check), with the signature already wiped (the front end wipes
 * it again and zeroes the length, pp_fail_output). The dispatch layer
 * has checked the key pair, the algorithm, the prehash length and the
 * signature sizes.
 */
#include <psa/crypto.h>

#include <string.h>

#include "common/pp_util.h"
#include "dispatch/pp_drivers.h"
#include "ed25519/ed25519.h"

#define ED25519_BITS 255u
#define ED448_BITS 448u
#define ED448_KEY_BYTES 57u

#if PP_DRIVER_EDDSA

static int is_key_pair(psa_key_type_t type)
{
    return PSA_KEY_TYPE_IS_ECC_KEY_PAIR(type);
}

/* The slot material has the layout this file wrote (see above). */
static int material_ok(psa_key_type_t type, size_t key_len)
{
    return key_len == (is_key_pair(type) ? PP_EDDSA_KEY_PAIR_MATERIAL_SIZE
                                         : PP_EDDSA_PUBLIC_MATERIAL_SIZE);
}

/* Signing reads the expanded secret at PAIR_EXPANDED_OFFSET: the buffer
 * must be a pair's, whatever the caller checked (that a signing key is a
 * pair is the dispatch layer's rule; this keeps the read in bounds). */
static int pair_material_ok(size_t key_len)
{
    return key_len == PP_EDDSA_KEY_PAIR_MATERIAL_SIZE;
}

static const uint8_t *public_part(psa_key_type_t type, const uint8_t *key)
{
    return is_key_pair(type) ? key + PP_ED25519_SEED_SIZE : key;
}

/* A pair's material after its seed: the public key, then the expanded
 * secret (scalar and nonce prefix) so that signing skips SHA-512(seed),
 * then (cache on) x. A public key's material: the encoding, then x. */
#define PAIR_EXPANDED_OFFSET (PP_ED25519_SEED_SIZE + PP_ED25519_PUBLIC_KEY_SIZE)
#define PAIR_X_OFFSET (PAIR_EXPANDED_OFFSET + PP_ED25519_EXPANDED_SIZE)
#define CACHED_X_SIZE (PICOPSA_ED25519_CACHE_DECODED_KEY ? PP_ED25519_X_SIZE : 0u)
#define PAIR_TAG_OFFSET (PAIR_X_OFFSET + CACHED_X_SIZE)
#if PICOPSA_SIGN_FAULT_CHECK
#define PAIR_TAG_SIZE PP_ED25519_KEY_TAG_SIZE
#define PAIR_TAG(key) ((key) + PAIR_TAG_OFFSET)
#else
#define PAIR_TAG_SIZE 0u
#define PAIR_TAG(key) NULL
#endif
typedef char pair_material_fits[(PAIR_TAG_OFFSET + PAIR_TAG_SIZE ==
                                 PP_EDDSA_KEY_PAIR_MATERIAL_SIZE) ? 1 : -1];
typedef char public_material_fits[(PP_ED25519_PUBLIC_KEY_SIZE + CACHED_X_SIZE ==
                                   PP_EDDSA_PUBLIC_MATERIAL_SIZE) ? 1 : -1];

static void complete_pair(uint8_t *key)
{
    pp_ed25519_expand(key + PAIR_EXPANDED_OFFSET, key);
#if PICOPSA_ED25519_CACHE_DECODED_KEY
    pp_ed25519_public_key_expanded_with_x(key + PP_ED25519_SEED_SIZE, key + PAIR_X_OFFSET,
                                          key + PAIR_EXPANDED_OFFSET);
#else
    pp_ed25519_public_key_expanded(key + PP_ED25519_SEED_SIZE, key + PAIR_EXPANDED_OFFSET);
#endif
#if PICOPSA_SIGN_FAULT_CHECK
    pp_ed25519_key_tag(key + PAIR_TAG_OFFSET, key + PAIR_EXPANDED_OFFSET,
                       key + PP_ED25519_SEED_SIZE);
#endif
}

#if PSA_WANT_ALG_PURE_EDDSA || PSA_WANT_ALG_ED25519PH
/* The one body of both verification entry points (prehash: Ed25519ph),
 * out of line so that the two share it: the material check, then the
 * slot's public key (and its cached x when the cache is on). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static psa_status_t verify_with_key(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                    unsigned prehash, const uint8_t *msg, size_t msg_len,
                                    const uint8_t *sig)
{
    const uint8_t *pk = public_part(type, key);
#if PICOPSA_ED25519_CACHE_DECODED_KEY
    const uint8_t *x = is_key_pair(type) ? key + PAIR_X_OFFSET : key + PP_ED25519_PUBLIC_KEY_SIZE;
#else
    const uint8_t *x = NULL;
#endif
    if (!material_ok(type, key_len)) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    return pp_ed25519_verify_ex(sig, pk, x, prehash, msg, msg_len) == 0
               ? PSA_SUCCESS
               : PSA_ERROR_INVALID_SIGNATURE;
}
#endif

/* The key buffers (pp_fixed_key_layout): a pair starts with its seed, a
 * public key with its encoding (the export formats; export and generation
 * are the dispatch layer's pp_fixed_key_export / _generate with this
 * layout). */
const pp_fixed_key_layout pp_eddsa_key_layout = {
    ED25519_BITS, PP_ED25519_SEED_SIZE, PP_ED25519_PUBLIC_KEY_SIZE, PP_ED25519_SEED_SIZE,
    PP_EDDSA_KEY_PAIR_MATERIAL_SIZE, PP_EDDSA_PUBLIC_MATERIAL_SIZE
};

psa_status_t pp_eddsa_import_key(const psa_key_attributes_t *attributes, const uint8_t *data,
                                 size_t data_length, uint8_t *key_buffer, size_t key_buffer_size,
                                 size_t *key_buffer_length, size_t *bits)
{
    size_t requested_bits = attributes->bits;
    psa_status_t status;
    if (requested_bits == ED448_BITS || (requested_bits == 0 && data_length == ED448_KEY_BYTES)) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    status = pp_fixed_key_import(&pp_eddsa_key_layout, attributes, data, data_length, key_buffer,
                                 key_buffer_size, key_buffer_length, bits);
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (is_key_pair(attributes->type)) {
        /* Every 32-byte string is a valid seed (RFC 8032 5.1.5). */
        complete_pair(key_buffer);
        return PSA_SUCCESS;
    }
#if PICOPSA_ED25519_CACHE_DECODED_KEY
    if (pp_ed25519_public_key_decode(key_buffer + PP_ED25519_PUBLIC_KEY_SIZE, key_buffer) != 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
#else
    if (pp_ed25519_public_key_check(key_buffer) != 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
#endif
    return PSA_SUCCESS;
}

#if PSA_WANT_ALG_PURE_EDDSA || PSA_WANT_ALG_ED25519PH
/* The signer's result (0, or nonzero when its fault check failed) as a
 * status without a branch: the check compares values derived from the
 * secret (the constant-time harness sees that), and any bit flip of a
 * nonzero result stays an error. The front end zeroes the length on it. */
static psa_status_t sign_status(int ret)
{
    /* ret is 0 or the complement of a mask that is not all ones (usually
     * ~0): AND with the error code has no one-bit bottleneck, so one flipped
     * bit here cannot turn a detected fault into PSA_SUCCESS (review E3). */
    return (psa_status_t)(int32_t)(pp_ct_barrier_u32((uint32_t)ret) &
                                   (uint32_t)PSA_ERROR_CORRUPTION_DETECTED);
}

/* The one body of both signing entry points (prehash: Ed25519ph), out of
 * line so that the two share it. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static psa_status_t sign_with_key(const uint8_t *key, size_t key_len, unsigned prehash,
                                  const uint8_t *msg, size_t msg_len, uint8_t *signature,
                                  size_t *signature_length)
{
    if (!pair_material_ok(key_len)) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    *signature_length = PP_ED25519_SIGNATURE_SIZE;
    return sign_status(pp_ed25519_sign_ex(signature, key + PAIR_EXPANDED_OFFSET,
                                          key + PP_ED25519_SEED_SIZE, PAIR_TAG(key), prehash,
                                          msg, msg_len));
}
#endif

#if PSA_WANT_ALG_PURE_EDDSA

/* PureEdDSA (alg is PSA_ALG_PURE_EDDSA): the key is a pair and the
 * signature buffer holds 64 bytes (dispatch layer). Ed25519ph messages
 * reach pp_eddsa_sign_hash: the dispatch layer computes the prehash. */
psa_status_t pp_eddsa_sign_message(const psa_key_attributes_t *attributes,
                                   const uint8_t *key_buffer, size_t key_buffer_size,
                                   psa_algorithm_t alg, const uint8_t *input, size_t input_length,
                                   uint8_t *signature, size_t signature_size,
                                   size_t *signature_length)
{
    (void)alg;
    (void)signature_size;
    (void)attributes;
    return sign_with_key(key_buffer, key_buffer_size, 0, input, input_length, signature,
                         signature_length);
}

/* As sign_message; the signature is 64 bytes long (dispatch layer). */
psa_status_t pp_eddsa_verify_message(const psa_key_attributes_t *attributes,
                                     const uint8_t *key_buffer, size_t key_buffer_size,
                                     psa_algorithm_t alg, const uint8_t *input,
                                     size_t input_length, const uint8_t *signature,
                                     size_t signature_length)
{
    (void)alg;
    (void)signature_length;
    return verify_with_key(attributes->type, key_buffer, key_buffer_size, 0, input,
                           input_length, signature);
}

#endif /* PSA_WANT_ALG_PURE_EDDSA */

#if PSA_WANT_ALG_ED25519PH

/* alg is PSA_ALG_ED25519PH, the hash its 64-byte SHA-512 prehash, the
 * key a pair and the signature buffer 64 bytes or more (dispatch layer). */
psa_status_t pp_eddsa_sign_hash(const psa_key_attributes_t *attributes,
                                const uint8_t *key_buffer, size_t key_buffer_size,
                                psa_algorithm_t alg, const uint8_t *hash, size_t hash_length,
                                uint8_t *signature, size_t signature_size,
                                size_t *signature_length)
{
    (void)alg;
    (void)hash_length;
    (void)signature_size;
    (void)attributes;
    return sign_with_key(key_buffer, key_buffer_size, 1, hash, 64, signature, signature_length);
}

psa_status_t pp_eddsa_verify_hash(const psa_key_attributes_t *attributes,
                                  const uint8_t *key_buffer, size_t key_buffer_size,
                                  psa_algorithm_t alg, const uint8_t *hash, size_t hash_length,
                                  const uint8_t *signature, size_t signature_length)
{
    (void)alg;
    (void)signature_length;
    return verify_with_key(attributes->type, key_buffer, key_buffer_size, 1, hash, hash_length,
                           signature);
}

#endif /* PSA_WANT_ALG_ED25519PH */

#endif /* PP_DRIVER_EDDSA */
