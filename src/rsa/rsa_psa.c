/*
 * rsa_psa.c -- the RSA software driver: the pp_rsa_* entry points of
 * dispatch/pp_drivers.h with the signatures and the contract of
 * <picopsa/driver.h>. Compiled only when RSA is built
 * (PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY). Import = strict DER parse (rsa_der.h) then
 * pp_rsa_key_load; export = DER write from the key material; sign/verify/
 * encrypt/decrypt = an encoding method of rsa_padding.h around the raw RSA
 * operation of rsa.h.
 *
 * PSA semantics implemented here (PSA Crypto API 1.2):
 *  - Signatures and ciphertexts are exactly the modulus length; a shorter
 *    or longer signature is PSA_ERROR_INVALID_SIGNATURE, a ciphertext of
 *    the wrong length PSA_ERROR_INVALID_ARGUMENT.
 *  - PSA_ALG_RSA_PSS signs and verifies with salt length = hash length (or
 *    the largest that fits the key, 10.7.x); PSA_ALG_RSA_PSS_ANY_SALT signs
 *    the same way and verifies any salt length.
 *  - PKCS#1 v1.5 verification compares the RSAVP1 output with the one
 *    valid encoding (RFC 8017 8.2.2): nothing of the signature is parsed,
 *    so a DigestInfo without the NULL parameter is rejected.
 *  - Decryption needs out_size >= the largest plaintext the padding allows
 *    for the key (rsa_padding.h explains why); the PSA size macro
 *    PSA_ASYMMETRIC_DECRYPT_OUTPUT_SIZE (the modulus length) always fits.
 *  - The dispatch layer has checked (driver.h): the key type and pair,
 *    the algorithm and that it and its hash are built, the hash length,
 *    the signature and ciphertext output sizes, the PKCS#1 v1.5 no-label
 *    rule. This file checks the import data and size, the exponent of a
 *    generation, the signature and ciphertext input lengths, whether an
 *    OAEP hash fits the key and the plaintext room of a decryption.
 *  - Every input (hash, message, label, ciphertext) may overlap the output
 *    (PSA 1.2 5.4.4): each is read completely, hashed or moved into its
 *    final place before a byte it occupies is written.
 *  - Decryption: after the public checks, nothing branches on the result
 *    of the private operation or of the unpadding; the status is selected
 *    by masks, and the caller (psa_asymmetric.c) finishes the output with
 *    masks too.
 */
#include <string.h>

#include "common/pp_ct_extract.h"
#include "dispatch/pp_drivers.h"
#include "rsa/rsa.h"
#include "rsa/rsa_der.h"
#include "rsa/rsa_padding.h"
#include "hash/pp_hash.h"
#include "random/pp_random.h"
#include "common/pp_util.h"

#if PP_DRIVER_RSA

/* Largest modulus in bytes: the size of every EM buffer. */
#define RSA_MAX_BYTES ((size_t)(PICOPSA_RSA_MAX_BITS + 7) / 8u)

/* Modulus length in bytes (the attributes carry its size in bits). */
#define modulus_bytes(attributes) PSA_BITS_TO_BYTES((attributes)->bits)

psa_status_t pp_rsa_import_key(const psa_key_attributes_t *attributes, const uint8_t *data,
                               size_t data_length, uint8_t *key_buffer, size_t key_buffer_size,
                               size_t *key_buffer_length, size_t *bits)
{
    pp_rsa_key_parts parts;
    psa_status_t status;
    int is_pair = (attributes->type == PSA_KEY_TYPE_RSA_KEY_PAIR);

    status = is_pair ? pp_rsa_der_parse_private(data, data_length, &parts)
                     : pp_rsa_der_parse_public(data, data_length, &parts);
    if (status != PSA_SUCCESS) {
        return status;
    }
    /* A size given in the attributes must match the key (PSA 1.2 9.6.2). */
    if (attributes->bits != 0u &&
        attributes->bits != pp_rsa_der_bit_length(parts.n, parts.n_len)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return pp_rsa_key_load(key_buffer, key_buffer_size, key_buffer_length, &parts, is_pair, bits);
}

#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR
/* custom_data: the public exponent, big-endian (PSA 1.2 9.6.3; empty =
 * 65537). Wider than 32 bits: NOT_SUPPORTED; even or < 3: INVALID_ARGUMENT. */
psa_status_t pp_rsa_generate_key(const psa_key_attributes_t *attributes,
                                 const uint8_t *custom_data, size_t custom_data_length,
                                 uint8_t *key_buffer, size_t key_buffer_size,
                                 size_t *key_buffer_length)
{
    uint32_t e = 0;   /* 0: the default 65537 (rsa.h) */
    size_t i;
    for (i = 0; i < custom_data_length; i++) {
        if (e > 0x00ffffffu) {
            return PSA_ERROR_NOT_SUPPORTED;
        }
        e = (e << 8) | custom_data[i];
    }
    if (custom_data_length != 0 && (e < 3u || (e & 1u) == 0)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return pp_rsa_keygen(key_buffer, key_buffer_size, key_buffer_length, attributes->bits, e);
}
#endif

psa_status_t pp_rsa_export_key(const psa_key_attributes_t *attributes,
                               const uint8_t *key_buffer, size_t key_buffer_size,
                               uint8_t *data, size_t data_size, size_t *data_length)
{
    (void)key_buffer_size;
    return pp_rsa_der_write(key_buffer, attributes->type == PSA_KEY_TYPE_RSA_PUBLIC_KEY, data,
                            data_size, data_length);
}

psa_status_t pp_rsa_export_public_key(const psa_key_attributes_t *attributes,
                                      const uint8_t *key_buffer, size_t key_buffer_size,
                                      uint8_t *data, size_t data_size, size_t *data_length)
{
    (void)attributes;
    (void)key_buffer_size;
    return pp_rsa_der_write(key_buffer, 1, data, data_size, data_length);
}

#if PSA_WANT_ALG_RSA_PKCS1V15_SIGN || PSA_WANT_ALG_RSA_PSS

/* The key is a pair, alg a built scheme with a built hash (or _RAW), the
 * hash of its length and the signature buffer of the modulus length
 * (dispatch layer). */
psa_status_t pp_rsa_sign_hash(const psa_key_attributes_t *attributes,
                              const uint8_t *key_buffer, size_t key_buffer_size,
                              psa_algorithm_t alg, const uint8_t *hash, size_t hash_length,
                              uint8_t *signature, size_t signature_size,
                              size_t *signature_length)
{
    psa_algorithm_t hash_alg = PSA_ALG_SIGN_GET_HASH(alg);
    size_t k = modulus_bytes(attributes);
    psa_status_t status = PSA_ERROR_NOT_SUPPORTED; /* the dispatch layer rules this out */

    (void)key_buffer_size;
    (void)signature_size;
    /* The EM is built in the signature buffer and signed in place (rsa.h
     * allows in == out): it holds only public data. The hash may overlap
     * the signature (PSA 1.2 5.4.4): the encoders consume it before they
     * write over it (rsa_padding.h). */
#if PSA_WANT_ALG_RSA_PSS
    if (PSA_ALG_IS_RSA_PSS(alg)) {
        uint8_t salt[PP_HASH_MAX_SIZE];
        size_t salt_len = pp_rsa_pss_sign_salt_length(hash_length, attributes->bits);
        status = pp_random_bytes(salt, salt_len);
        if (status == PSA_SUCCESS) {
            status = pp_rsa_pss_encode(hash_alg, hash, hash_length, salt, salt_len,
                                       attributes->bits, signature);
        }
        pp_wipe(salt, sizeof(salt));
    }
#endif
#if PSA_WANT_ALG_RSA_PKCS1V15_SIGN
    if (PSA_ALG_IS_RSA_PKCS1V15_SIGN(alg)) {
        status = pp_rsa_pkcs1v15_sign_encode(hash_alg, hash, hash_length, signature, k);
    }
#endif
    if (status == PSA_SUCCESS) {
        status = pp_rsa_private_op(key_buffer, signature, signature);
    }
    if (status == PSA_SUCCESS) {
        *signature_length = k;
    }
    return status;
}

/* Verification after RSAVP1: em (the modulus length; PSS unmasks it in
 * place) against the hash. */
static psa_status_t verify_em(const psa_key_attributes_t *attributes, psa_algorithm_t alg,
                              const uint8_t *hash, size_t hash_length, uint8_t *em)
{
    psa_algorithm_t hash_alg = PSA_ALG_SIGN_GET_HASH(alg);
    psa_status_t status = PSA_ERROR_NOT_SUPPORTED; /* the dispatch layer rules this out */
    (void)hash_alg; /* unused when both schemes are configured out */
    (void)hash;
    (void)hash_length;
    (void)em;
#if PSA_WANT_ALG_RSA_PSS
    if (PSA_ALG_IS_RSA_PSS(alg)) {
        size_t salt_len = PSA_ALG_IS_RSA_PSS_ANY_SALT(alg)
                              ? PP_RSA_PSS_ANY_SALT
                              : pp_rsa_pss_sign_salt_length(hash_length, attributes->bits);
        status = pp_rsa_pss_verify(hash_alg, hash, hash_length, em, attributes->bits, salt_len);
    }
#endif
#if PSA_WANT_ALG_RSA_PKCS1V15_SIGN
    /* RFC 8017 8.2.2 step 3-4: compare with the expected encoding. */
    if (PSA_ALG_IS_RSA_PKCS1V15_SIGN(alg)) {
        status = pp_rsa_pkcs1v15_sign_check(hash_alg, hash, hash_length, em,
                                            modulus_bytes(attributes));
    }
#endif
    return status;
}

/* RSAVP1 (RFC 8017 5.2.2) into the start of the public operation's work
 * area (rsa.h allows out there: it is written after the last use of what
 * it overlaps), so em costs no stack of its own; a representative >= n is
 * an invalid signature, not a bad argument. */
static psa_status_t verify_work(const psa_key_attributes_t *attributes, const uint8_t *key_buffer,
                                psa_algorithm_t alg, const uint8_t *hash, size_t hash_length,
                                const uint8_t *signature, void *area, size_t area_size)
{
    psa_status_t status = pp_rsa_public_op_work(key_buffer, signature, (uint8_t *)area, area,
                                                area_size);
    if (status == PSA_ERROR_INVALID_ARGUMENT) {
        return PSA_ERROR_INVALID_SIGNATURE;
    }
    if (status != PSA_SUCCESS) {
        return status;
    }
    return verify_em(attributes, alg, hash, hash_length, (uint8_t *)area);
}

/* The work area on the stack, sized by the key's class (up to 2048 bits,
 * PICOPSA_RSA_MAX_BITS; as in rsa_core.c): an RSA-2048 verification does
 * not reserve room for the largest key. */
#if defined(__GNUC__)
#define VERIFY_NOINLINE __attribute__((noinline))
#else
#define VERIFY_NOINLINE
#endif
#define VERIFY_CLASS_BITS(bits) ((bits) < PICOPSA_RSA_MAX_BITS ? (bits) : PICOPSA_RSA_MAX_BITS)
#define DEFINE_VERIFY_CLASS(name, bits)                                                       \
    static VERIFY_NOINLINE psa_status_t verify_##name(                                        \
        const psa_key_attributes_t *attributes, const uint8_t *key_buffer,                    \
        psa_algorithm_t alg, const uint8_t *hash, size_t hash_length,                         \
        const uint8_t *signature)                                                             \
    {                                                                                         \
        uint64_t area[(PP_RSA_PUBLIC_WORK_SIZE(VERIFY_CLASS_BITS(bits)) + 7u) / 8u];          \
        return verify_work(attributes, key_buffer, alg, hash, hash_length, signature, area,   \
                           sizeof(area));                                                     \
    }
DEFINE_VERIFY_CLASS(2048, 2048)
DEFINE_VERIFY_CLASS(max, PICOPSA_RSA_MAX_BITS)

/* As sign_hash, any key; the signature has the modulus length. */
psa_status_t pp_rsa_verify_hash(const psa_key_attributes_t *attributes,
                                const uint8_t *key_buffer, size_t key_buffer_size,
                                psa_algorithm_t alg, const uint8_t *hash, size_t hash_length,
                                const uint8_t *signature, size_t signature_length)
{
    (void)key_buffer_size;
    (void)signature_length;
    return (attributes->bits <= 2048u ? verify_2048 : verify_max)(
        attributes, key_buffer, alg, hash, hash_length, signature);
}

#endif /* PSA_WANT_ALG_RSA_PKCS1V15_SIGN || PSA_WANT_ALG_RSA_PSS */

#if PSA_WANT_ALG_RSA_PKCS1V15_CRYPT || PSA_WANT_ALG_RSA_OAEP

/* alg is a built scheme (OAEP: with a built hash), the label of PKCS#1
 * v1.5 is empty and the output has the modulus length (dispatch layer). */
psa_status_t pp_rsa_asymmetric_encrypt(const psa_key_attributes_t *attributes,
                                       const uint8_t *key_buffer, size_t key_buffer_size,
                                       psa_algorithm_t alg, const uint8_t *input,
                                       size_t input_length, const uint8_t *salt,
                                       size_t salt_length, uint8_t *output, size_t output_size,
                                       size_t *output_length)
{
    size_t k = modulus_bytes(attributes);
    psa_status_t status = PSA_ERROR_NOT_SUPPORTED; /* the dispatch layer rules this out */

    (void)key_buffer_size;
    (void)output_size;
    (void)salt; /* unused parameters when a scheme is configured out */
    (void)salt_length;
    /* Encode into the output buffer and encrypt in place (rsa.h allows
     * in == out); on failure the padded plaintext is wiped. Message and
     * label may overlap the output: the encoders consume them first. */
#if PSA_WANT_ALG_RSA_PKCS1V15_CRYPT
    if (alg == PSA_ALG_RSA_PKCS1V15_CRYPT) {
        status = pp_rsa_pkcs1v15_encrypt_encode(input, input_length, output, k);
    }
#endif
#if PSA_WANT_ALG_RSA_OAEP
    if (PSA_ALG_IS_RSA_OAEP(alg)) {
        status = pp_rsa_oaep_encode(PSA_ALG_RSA_OAEP_GET_HASH(alg), salt, salt_length, input,
                                    input_length, output, k);
    }
#endif
    if (status == PSA_SUCCESS) {
        status = pp_rsa_public_op(key_buffer, output, output);
    }
    if (status == PSA_SUCCESS) {
        *output_length = k;
    } else {
        pp_wipe(output, k);
    }
    return status;
}

/* The key is a pair, alg as for encryption (dispatch layer). */
psa_status_t pp_rsa_asymmetric_decrypt(const psa_key_attributes_t *attributes,
                                       const uint8_t *key_buffer, size_t key_buffer_size,
                                       psa_algorithm_t alg, const uint8_t *input,
                                       size_t input_length, const uint8_t *salt,
                                       size_t salt_length, uint8_t *output, size_t output_size,
                                       size_t *output_length)
{
    uint8_t em[RSA_MAX_BYTES];
    size_t k = modulus_bytes(attributes);
    psa_status_t status, op_status;
    uint32_t op_ok;

    (void)key_buffer_size;
    (void)salt; /* unused when the schemes are configured out */
    (void)salt_length;
    (void)output;
    *output_length = 0;
    if (input_length != k) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* The size check comes before the private operation, from public sizes
     * only (rsa_padding.h). */
#if PSA_WANT_ALG_RSA_OAEP
    if (PSA_ALG_IS_RSA_OAEP(alg)) {
        size_t max_message = pp_rsa_oaep_max_message(PSA_ALG_RSA_OAEP_GET_HASH(alg), k);
        if (k < 2u * pp_hash_size(PSA_ALG_RSA_OAEP_GET_HASH(alg)) + 2u) {
            return PSA_ERROR_INVALID_ARGUMENT; /* this hash does not fit the key */
        }
        if (output_size < max_message) {
            return PSA_ERROR_BUFFER_TOO_SMALL;
        }
    }
#endif
    if (alg == PSA_ALG_RSA_PKCS1V15_CRYPT && output_size < k - 11u) {
        return PSA_ERROR_BUFFER_TOO_SMALL;
    }
    /* From here on nothing branches on the outcome (docs/rsa.md): the
     * private operation's status comes from its range and fault masks,
     * the decoder's from the padding, and both are secret-derived until
     * the caller reads the returned status. The decoder always runs: on a
     * failed private operation em is all zeros (zeroed here, or by the
     * operation), which decodes to zeros and INVALID_PADDING; the status
     * of the operation then takes precedence by a mask select. */
    memset(em, 0, k);
    op_status = pp_rsa_private_op(key_buffer, input, em);
    op_ok = pp_ct_barrier_u32(pp_ct_mask_eq_u32((uint32_t)op_status, (uint32_t)PSA_SUCCESS));
    status = PSA_ERROR_NOT_SUPPORTED; /* the dispatch layer rules this out */
#if PSA_WANT_ALG_RSA_PKCS1V15_CRYPT
    if (alg == PSA_ALG_RSA_PKCS1V15_CRYPT) {
        status = pp_rsa_pkcs1v15_decrypt_decode(em, k, output, output_size, output_length);
    }
#endif
#if PSA_WANT_ALG_RSA_OAEP
    if (PSA_ALG_IS_RSA_OAEP(alg)) {
        status = pp_rsa_oaep_decode(PSA_ALG_RSA_OAEP_GET_HASH(alg), salt, salt_length, em, k,
                                    output, output_size, output_length);
    }
#endif
    *output_length &= pp_ct_mask_sz(op_ok);
    pp_wipe(em, sizeof(em));
    return (psa_status_t)(int32_t)pp_ct_select_u32(op_ok, (uint32_t)status, (uint32_t)op_status);
}

#endif /* PSA_WANT_ALG_RSA_PKCS1V15_CRYPT || PSA_WANT_ALG_RSA_OAEP */

#endif /* PP_DRIVER_RSA */
