/*
 * p384_psa.c -- the P-384 software driver: the pp_p384_* entry points of
 * dispatch/pp_drivers.h with the signatures and the contract of
 * <picopsa/driver.h> (PSA Certified Crypto API 1.2 sec. 9.6, 9.7.3-4,
 * 10.7 and 10.9). Compiled only when PSA_WANT_ECC_SECP_R1_384 is set.
 * The dispatch layer sends a SECP_R1 key here when its size is 384 bits
 * (for an import without a size: 48 bytes of a pair, 97 of a public key),
 * and every SECP_R1 key when P-256 is not built.
 *
 * Key material (the slot buffer):
 *  - key pair: the 48-byte big-endian private scalar d, then the public
 *    key 04 || x || y (97 bytes), derived at import/generation: 145 bytes;
 *  - public key: 04 || x || y, validated at import: 97 bytes.
 * Export formats are the spec's (9.7.3 key pair: d as 48 big-endian
 * bytes; 9.7.4 public key: the uncompressed point).
 *
 * Checked here (the rest is the dispatch layer's, driver.h):
 *  - import: d in [1, n-1], a public key of 97 bytes 04 || x || y with
 *    x, y < p on the curve (so not the identity; a compressed point is
 *    the wrong length) - INVALID_ARGUMENT; a size other than 384 bits is
 *    another SECP_R1 curve (P-192/224/256/521 not built here:
 *    NOT_SUPPORTED) or INVALID_ARGUMENT;
 *  - a key buffer of the wrong length for its type: CORRUPTION_DETECTED;
 *  - key agreement: the peer key is validated like an imported public key
 *    (SP 800-56A 5.6.2.3.3 full validation) - INVALID_ARGUMENT;
 *  - PICOPSA_P384_VERIFY_ONLY: a key pair is NOT_SUPPORTED (import and
 *    generation), and neither signing nor ECDH is compiled.
 */
#include <psa/crypto.h>

#include <string.h>

#include "common/pp_util.h"
#include "dispatch/pp_drivers.h"
#include "p384/p384.h"

#if PP_DRIVER_P384

#define P384_BITS 384u
#define PUB_OFFSET PP_P384_SCALAR_SIZE
typedef char p384_pair_material_fits[(PP_P384_SCALAR_SIZE + PP_P384_PUBLIC_KEY_SIZE ==
                                      PP_P384_KEY_PAIR_MATERIAL_SIZE) ? 1 : -1];
typedef char p384_public_material_fits[(PP_P384_PUBLIC_KEY_SIZE ==
                                        PP_P384_PUBLIC_MATERIAL_SIZE) ? 1 : -1];

/* Sizes of the SECP_R1 curves this driver does not implement (SP 800-186
 * 3.2.1); P-256 reaches it only when P-256 is not built. */
static int other_secp_r1_bits(size_t bits)
{
    return bits == 192u || bits == 224u || bits == 256u || bits == 521u;
}

static int is_key_pair(psa_key_type_t type)
{
    return PSA_KEY_TYPE_IS_ECC_KEY_PAIR(type);
}

static int material_ok(psa_key_type_t type, size_t len)
{
    return len == (is_key_pair(type) ? PP_P384_KEY_PAIR_MATERIAL_SIZE
                                     : PP_P384_PUBLIC_MATERIAL_SIZE);
}

static const uint8_t *public_part(psa_key_type_t type, const uint8_t *key)
{
    return is_key_pair(type) ? key + PUB_OFFSET : key;
}

const pp_fixed_key_layout pp_p384_key_layout = {
    P384_BITS, PP_P384_SCALAR_SIZE, PP_P384_PUBLIC_KEY_SIZE, PUB_OFFSET,
    PP_P384_KEY_PAIR_MATERIAL_SIZE, PP_P384_PUBLIC_MATERIAL_SIZE
};

psa_status_t pp_p384_import_key(const psa_key_attributes_t *attributes, const uint8_t *data,
                                size_t data_length, uint8_t *key_buffer, size_t key_buffer_size,
                                size_t *key_buffer_length, size_t *bits)
{
    size_t requested = attributes->bits;
    int pair = is_key_pair(attributes->type);
    psa_status_t status;
    /* A pair is ceil(bits/8) bytes, a public key 1 + 2 ceil(bits/8). */
    size_t len_bits = pair ? PSA_BYTES_TO_BITS(data_length)
                           : (data_length > 1u ? PSA_BYTES_TO_BITS((data_length - 1u) / 2u) : 0u);
    if (requested == 0 && len_bits == 528u) {
        len_bits = 521u;   /* P-521: 66-byte coordinates */
    }
    if (other_secp_r1_bits(requested) || (requested == 0 && other_secp_r1_bits(len_bits))) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    status = pp_fixed_key_import(&pp_p384_key_layout, attributes, data, data_length, key_buffer,
                                 key_buffer_size, key_buffer_length, bits);
    if (status != PSA_SUCCESS) {
        return status;
    }
#if PICOPSA_P384_VERIFY_ONLY
    if (pair) {
        /* A verification-only build has no P-384 key pairs (spec 9.6.1:
         * a key type the implementation does not support). #if, not if:
         * at -O0 the dead branch would still link the secret-key code
         * (the size test's p384-verify-only-O0 row). */
        pp_wipe(key_buffer, PP_P384_SCALAR_SIZE);
        return PSA_ERROR_NOT_SUPPORTED;
    }
#else
    if (pair) {
        /* Spec 9.7.3: d in [1, n-1]; the verdict is public. */
        if (pp_p384_private_key_check(key_buffer) != 0) {
            status = PSA_ERROR_INVALID_ARGUMENT;
        } else if (pp_p384_public_key(key_buffer + PUB_OFFSET, key_buffer) != 0) {
            status = PSA_ERROR_CORRUPTION_DETECTED;
        }
        if (status != PSA_SUCCESS) {
            pp_wipe(key_buffer, PP_P384_KEY_PAIR_MATERIAL_SIZE);
        }
        return status;
    }
#endif
    /* Spec 9.7.4 / SEC 1 3.2.2.1: on the curve, coordinates < p. */
    return pp_p384_public_key_check(key_buffer) != 0 ? PSA_ERROR_INVALID_ARGUMENT : PSA_SUCCESS;
}

#if (PSA_WANT_ALG_ECDSA || PSA_WANT_ALG_DETERMINISTIC_ECDSA) && !PICOPSA_P384_VERIFY_ONLY

/* alg is ECDSA(hash), ECDSA_ANY or DETERMINISTIC_ECDSA(hash) with a built
 * mechanism; the key is a pair; hash has the length of alg's hash (any
 * length for ECDSA_ANY); the signature buffer holds 96 bytes. */
psa_status_t pp_p384_sign_hash(const psa_key_attributes_t *attributes, const uint8_t *key_buffer,
                               size_t key_buffer_size, psa_algorithm_t alg, const uint8_t *hash,
                               size_t hash_length, uint8_t *signature, size_t signature_size,
                               size_t *signature_length)
{
    int deterministic = PSA_ALG_IS_DETERMINISTIC_ECDSA(alg);
    psa_algorithm_t nonce_hash = deterministic ? PSA_ALG_SIGN_GET_HASH(alg)
                                               : (psa_algorithm_t)PICOPSA_DRBG_HASH;
    psa_status_t status;
    (void)signature_size;
    if (key_buffer_size != PP_P384_KEY_PAIR_MATERIAL_SIZE) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    status = pp_p384_ecdsa_sign(signature, key_buffer, public_part(attributes->type, key_buffer),
                                hash, hash_length, nonce_hash, deterministic);
    if (status == PSA_SUCCESS) {
        *signature_length = PP_P384_SIGNATURE_SIZE;
    }
    return status;
}
#endif

#if PSA_WANT_ALG_ECDSA || PSA_WANT_ALG_DETERMINISTIC_ECDSA
/* Any ECDSA variant verifies the same way (SEC 1 4.1.4). */
psa_status_t pp_p384_verify_hash(const psa_key_attributes_t *attributes,
                                 const uint8_t *key_buffer, size_t key_buffer_size,
                                 psa_algorithm_t alg, const uint8_t *hash, size_t hash_length,
                                 const uint8_t *signature, size_t signature_length)
{
    (void)alg;
    (void)signature_length;
    if (!material_ok(attributes->type, key_buffer_size)) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    return pp_p384_ecdsa_verify(signature, public_part(attributes->type, key_buffer), hash,
                                hash_length) == 0
               ? PSA_SUCCESS
               : PSA_ERROR_INVALID_SIGNATURE;
}

#endif

#if PSA_WANT_ALG_ECDH && !PICOPSA_P384_VERIFY_ONLY
/* PSA 1.2 10.9: alg is PSA_ALG_ECDH; the output is the x coordinate of
 * d * peer (48 bytes, sec. 10.9.2 "ECDH"). */
psa_status_t pp_p384_key_agreement(const psa_key_attributes_t *attributes,
                                   const uint8_t *key_buffer, size_t key_buffer_size,
                                   psa_algorithm_t alg, const uint8_t *peer_key,
                                   size_t peer_key_length, uint8_t *shared_secret,
                                   size_t shared_secret_size, size_t *shared_secret_length)
{
    uint8_t peer[PP_P384_PUBLIC_KEY_SIZE];
    uint8_t secret[PP_P384_SCALAR_SIZE];
    int rc;
    if (!PSA_ALG_IS_ECDH(alg) || !is_key_pair(attributes->type)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (key_buffer_size != PP_P384_KEY_PAIR_MATERIAL_SIZE) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    if (peer_key_length != PP_P384_PUBLIC_KEY_SIZE) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (shared_secret_size < sizeof(secret)) {
        return PSA_ERROR_BUFFER_TOO_SMALL;
    }
    memcpy(peer, peer_key, sizeof(peer));   /* read the input before any output (5.4.4) */
    rc = pp_p384_ecdh(secret, key_buffer, peer);
    if (rc == 0) {
        memcpy(shared_secret, secret, sizeof(secret));
        *shared_secret_length = sizeof(secret);
    }
    pp_wipe(secret, sizeof(secret));
    return rc == 0 ? PSA_SUCCESS : PSA_ERROR_INVALID_ARGUMENT;
}
#endif

#endif /* PP_DRIVER_P384 */
