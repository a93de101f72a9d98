/*
 * rsa_psa.c -- PSA glue of the RSA family: the pp_rsa_* functions of
 * core/pp_dispatch.h. Import = strict DER parse (rsa_der.h) then
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
 *  - Private-key operations on a public key: PSA_ERROR_INVALID_ARGUMENT.
 *  - Every input (hash, message, label, ciphertext) may overlap the output
 *    (PSA 1.2 5.4.4): each is read completely, hashed or moved into its
 *    final place before a byte it occupies is written.
 *  - Decryption: after the public checks, nothing branches on the result
 *    of the private operation or of the unpadding; the status is selected
 *    by masks, and the caller (psa_asymmetric.c) finishes the output with
 *    masks too.
 */
#include <string.h>

#include "core/pp_dispatch.h"
#include "rsa/rsa.h"
#include "rsa/rsa_der.h"
#include "rsa/rsa_padding.h"
#include "hash/pp_hash.h"
#include "random/pp_random.h"
#include "common/pp_util.h"

/* Largest modulus in bytes: the size of every EM buffer. */
#define RSA_MAX_BYTES ((size_t)(PICOPSA_RSA_MAX_BITS + 7) / 8u)

static int is_rsa_type(psa_key_type_t type)
{
    return type == PSA_KEY_TYPE_RSA_KEY_PAIR || type == PSA_KEY_TYPE_RSA_PUBLIC_KEY;
}

/* The hash inside a hash-and-sign or OAEP algorithm: NOT_SUPPORTED if we
 * do not build it, INVALID_ARGUMENT for the ANY_HASH wildcard or no hash. */
static psa_status_t check_hash(psa_algorithm_t hash_alg)
{
    if (hash_alg == PSA_ALG_ANY_HASH || !PSA_ALG_IS_HASH(hash_alg)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return (pp_hash_size(hash_alg) != 0u) ? PSA_SUCCESS : PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_rsa_import(psa_key_type_t type, size_t requested_bits,
                           const uint8_t *data, size_t data_len,
                           uint8_t *key, size_t key_size, size_t *key_len,
                           size_t *bits)
{
    pp_rsa_key_parts parts;
    psa_status_t status;
    int is_pair = (type == PSA_KEY_TYPE_RSA_KEY_PAIR);

    if (!is_rsa_type(type) || (is_pair && !PSA_WANT_KEY_TYPE_RSA_KEY_PAIR) ||
        (!is_pair && !PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY)) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    status = is_pair ? pp_rsa_der_parse_private(data, data_len, &parts)
                     : pp_rsa_der_parse_public(data, data_len, &parts);
    if (status != PSA_SUCCESS) {
        return status;
    }
    /* A size given in the attributes must match the key (PSA 1.2 10.6.1). */
    if (requested_bits != 0u && requested_bits != pp_rsa_der_bit_length(parts.n, parts.n_len)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return pp_rsa_key_load(key, key_size, key_len, &parts, is_pair, bits);
}

psa_status_t pp_rsa_generate(psa_key_type_t type, size_t bits, uint32_t e,
                             uint8_t *key, size_t key_size, size_t *key_len)
{
    if (type == PSA_KEY_TYPE_RSA_PUBLIC_KEY) {
        return PSA_ERROR_INVALID_ARGUMENT; /* public keys are not generated */
    }
    if (type != PSA_KEY_TYPE_RSA_KEY_PAIR || !PSA_WANT_KEY_TYPE_RSA_KEY_PAIR) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    return pp_rsa_keygen(key, key_size, key_len, bits, e);
}

psa_status_t pp_rsa_export(psa_key_type_t type, const uint8_t *key, size_t key_len,
                           uint8_t *out, size_t out_size, size_t *out_len)
{
    (void)key_len;
    if (!is_rsa_type(type)) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    return pp_rsa_der_write(key, type == PSA_KEY_TYPE_RSA_PUBLIC_KEY, out, out_size, out_len);
}

psa_status_t pp_rsa_export_public(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                  uint8_t *out, size_t out_size, size_t *out_len)
{
    (void)key_len;
    if (!is_rsa_type(type)) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    return pp_rsa_der_write(key, 1, out, out_size, out_len);
}

/* Check the algorithm of a sign/verify call and the hash length. */
static psa_status_t check_sign_alg(psa_algorithm_t alg, size_t hash_len, psa_algorithm_t *hash_alg)
{
    psa_status_t status;

    *hash_alg = PSA_ALG_SIGN_GET_HASH(alg);
    if (PSA_ALG_IS_RSA_PKCS1V15_SIGN(alg)) {
        if (!PSA_WANT_ALG_RSA_PKCS1V15_SIGN) {
            return PSA_ERROR_NOT_SUPPORTED;
        }
        if (*hash_alg == PSA_ALG_NONE) {
            return PSA_SUCCESS; /* _RAW: any length that fits */
        }
    } else if (PSA_ALG_IS_RSA_PSS(alg)) {
        if (!PSA_WANT_ALG_RSA_PSS) {
            return PSA_ERROR_NOT_SUPPORTED;
        }
    } else {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = check_hash(*hash_alg);
    if (status == PSA_SUCCESS && hash_len != pp_hash_size(*hash_alg)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    return status;
}

psa_status_t pp_rsa_sign_hash(psa_key_type_t type, const uint8_t *key, size_t key_len,
                              psa_algorithm_t alg, const uint8_t *hash, size_t hash_len,
                              uint8_t *sig, size_t sig_size, size_t *sig_len)
{
    psa_algorithm_t hash_alg;
    size_t k;
    psa_status_t status;

    (void)key_len;
    (void)hash; /* unused when every signature scheme is configured out */
    *sig_len = 0;
    if (type != PSA_KEY_TYPE_RSA_KEY_PAIR || !pp_rsa_key_is_pair(key)) {
        return is_rsa_type(type) ? PSA_ERROR_INVALID_ARGUMENT : PSA_ERROR_NOT_SUPPORTED;
    }
    status = check_sign_alg(alg, hash_len, &hash_alg);
    if (status != PSA_SUCCESS) {
        return status;
    }
    k = pp_rsa_key_modulus_bytes(key);
    if (sig_size < k) {
        return PSA_ERROR_BUFFER_TOO_SMALL;
    }
    /* The EM is built in the signature buffer and signed in place (rsa.h
     * allows in == out): it holds only public data. The hash may overlap
     * the signature (PSA 1.2 5.4.4): the encoders consume it before they
     * write over it (rsa_padding.h). */
    status = PSA_ERROR_NOT_SUPPORTED; /* check_sign_alg has ruled this out */
#if PSA_WANT_ALG_RSA_PSS
    if (PSA_ALG_IS_RSA_PSS(alg)) {
        uint8_t salt[PP_HASH_MAX_SIZE];
        size_t mod_bits = pp_rsa_key_bits(key);
        size_t salt_len = pp_rsa_pss_sign_salt_length(hash_len, mod_bits);
        status = pp_random_bytes(salt, salt_len);
        if (status == PSA_SUCCESS) {
            status = pp_rsa_pss_encode(hash_alg, hash, hash_len, salt, salt_len, mod_bits, sig);
        }
        pp_wipe(salt, sizeof(salt));
    }
#endif
#if PSA_WANT_ALG_RSA_PKCS1V15_SIGN
    if (PSA_ALG_IS_RSA_PKCS1V15_SIGN(alg)) {
        status = pp_rsa_pkcs1v15_sign_encode(hash_alg, hash, hash_len, sig, k);
    }
#endif
    if (status == PSA_SUCCESS) {
        status = pp_rsa_private_op(key, sig, sig);
    }
    if (status == PSA_SUCCESS) {
        *sig_len = k;
    }
    return status;
}

psa_status_t pp_rsa_verify_hash(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                psa_algorithm_t alg, const uint8_t *hash, size_t hash_len,
                                const uint8_t *sig, size_t sig_len)
{
    uint8_t em[RSA_MAX_BYTES];
    psa_algorithm_t hash_alg;
    size_t k;
    psa_status_t status;

    (void)key_len;
    if (!is_rsa_type(type)) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    status = check_sign_alg(alg, hash_len, &hash_alg);
    if (status != PSA_SUCCESS) {
        return status;
    }
    k = pp_rsa_key_modulus_bytes(key);
    if (sig_len != k) {
        return PSA_ERROR_INVALID_SIGNATURE;
    }
    /* RSAVP1 (RFC 8017 5.2.2): a representative >= n is an invalid
     * signature, not a bad argument. */
    status = pp_rsa_public_op(key, sig, em);
    if (status == PSA_ERROR_INVALID_ARGUMENT) {
        return PSA_ERROR_INVALID_SIGNATURE;
    }
    if (status != PSA_SUCCESS) {
        return status;
    }
#if PSA_WANT_ALG_RSA_PSS
    if (PSA_ALG_IS_RSA_PSS(alg)) {
        size_t mod_bits = pp_rsa_key_bits(key);
        size_t salt_len = PSA_ALG_IS_RSA_PSS_ANY_SALT(alg)
                              ? PP_RSA_PSS_ANY_SALT
                              : pp_rsa_pss_sign_salt_length(hash_len, mod_bits);
        return pp_rsa_pss_verify(hash_alg, hash, hash_len, em, mod_bits, salt_len);
    }
#endif
#if PSA_WANT_ALG_RSA_PKCS1V15_SIGN
    /* RFC 8017 8.2.2 step 3-4: compare with the expected encoding. */
    if (PSA_ALG_IS_RSA_PKCS1V15_SIGN(alg)) {
        return pp_rsa_pkcs1v15_sign_check(hash_alg, hash, hash_len, em, k);
    }
#endif
    (void)hash_alg; /* unused when every signature scheme is configured out */
    (void)hash;
    return PSA_ERROR_NOT_SUPPORTED; /* check_sign_alg has ruled this out */
}

/* Check the algorithm of an encrypt/decrypt call. */
static psa_status_t check_crypt_alg(psa_algorithm_t alg, size_t salt_len)
{
    if (alg == PSA_ALG_RSA_PKCS1V15_CRYPT) {
        if (!PSA_WANT_ALG_RSA_PKCS1V15_CRYPT) {
            return PSA_ERROR_NOT_SUPPORTED;
        }
        /* PKCS#1 v1.5 has no label (PSA 1.2 10.8: salt must be empty). */
        return (salt_len == 0u) ? PSA_SUCCESS : PSA_ERROR_INVALID_ARGUMENT;
    }
    if (PSA_ALG_IS_RSA_OAEP(alg)) {
        if (!PSA_WANT_ALG_RSA_OAEP) {
            return PSA_ERROR_NOT_SUPPORTED;
        }
        return check_hash(PSA_ALG_RSA_OAEP_GET_HASH(alg));
    }
    return PSA_ERROR_INVALID_ARGUMENT;
}

psa_status_t pp_rsa_encrypt(psa_key_type_t type, const uint8_t *key, size_t key_len,
                            psa_algorithm_t alg, const uint8_t *input, size_t input_len,
                            const uint8_t *salt, size_t salt_len,
                            uint8_t *out, size_t out_size, size_t *out_len)
{
    size_t k;
    psa_status_t status;

    (void)key_len;
    (void)input; /* unused parameters when schemes are configured out */
    (void)input_len;
    (void)salt;
    *out_len = 0;
    if (!is_rsa_type(type)) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    status = check_crypt_alg(alg, salt_len);
    if (status != PSA_SUCCESS) {
        return status;
    }
    k = pp_rsa_key_modulus_bytes(key);
    if (out_size < k) {
        return PSA_ERROR_BUFFER_TOO_SMALL;
    }
    /* Encode into the output buffer and encrypt in place (rsa.h allows
     * in == out); on failure the padded plaintext is wiped. Message and
     * label may overlap the output: the encoders consume them first. */
    status = PSA_ERROR_NOT_SUPPORTED; /* check_crypt_alg has ruled this out */
#if PSA_WANT_ALG_RSA_PKCS1V15_CRYPT
    if (alg == PSA_ALG_RSA_PKCS1V15_CRYPT) {
        status = pp_rsa_pkcs1v15_encrypt_encode(input, input_len, out, k);
    }
#endif
#if PSA_WANT_ALG_RSA_OAEP
    if (PSA_ALG_IS_RSA_OAEP(alg)) {
        status = pp_rsa_oaep_encode(PSA_ALG_RSA_OAEP_GET_HASH(alg), salt, salt_len,
                                    input, input_len, out, k);
    }
#endif
    if (status == PSA_SUCCESS) {
        status = pp_rsa_public_op(key, out, out);
    }
    if (status == PSA_SUCCESS) {
        *out_len = k;
    } else {
        pp_wipe(out, k);
    }
    return status;
}

psa_status_t pp_rsa_decrypt(psa_key_type_t type, const uint8_t *key, size_t key_len,
                            psa_algorithm_t alg, const uint8_t *input, size_t input_len,
                            const uint8_t *salt, size_t salt_len,
                            uint8_t *out, size_t out_size, size_t *out_len)
{
    uint8_t em[RSA_MAX_BYTES];
    size_t k;
    psa_status_t status, op_status;
    uint32_t op_ok;

    (void)key_len;
    (void)salt; /* unused when the schemes are configured out */
    (void)out;
    *out_len = 0;
    if (type != PSA_KEY_TYPE_RSA_KEY_PAIR || !pp_rsa_key_is_pair(key)) {
        return is_rsa_type(type) ? PSA_ERROR_INVALID_ARGUMENT : PSA_ERROR_NOT_SUPPORTED;
    }
    status = check_crypt_alg(alg, salt_len);
    if (status != PSA_SUCCESS) {
        return status;
    }
    k = pp_rsa_key_modulus_bytes(key);
    if (input_len != k) {
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
        if (out_size < max_message) {
            return PSA_ERROR_BUFFER_TOO_SMALL;
        }
    }
#endif
    if (alg == PSA_ALG_RSA_PKCS1V15_CRYPT && out_size < k - 11u) {
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
    op_status = pp_rsa_private_op(key, input, em);
    op_ok = pp_ct_barrier_u32(pp_ct_mask_eq_u32((uint32_t)op_status, (uint32_t)PSA_SUCCESS));
    status = PSA_ERROR_NOT_SUPPORTED; /* check_crypt_alg has ruled this out */
#if PSA_WANT_ALG_RSA_PKCS1V15_CRYPT
    if (alg == PSA_ALG_RSA_PKCS1V15_CRYPT) {
        status = pp_rsa_pkcs1v15_decrypt_decode(em, k, out, out_size, out_len);
    }
#endif
#if PSA_WANT_ALG_RSA_OAEP
    if (PSA_ALG_IS_RSA_OAEP(alg)) {
        status = pp_rsa_oaep_decode(PSA_ALG_RSA_OAEP_GET_HASH(alg), salt, salt_len,
                                    em, k, out, out_size, out_len);
    }
#endif
    *out_len &= pp_rsa_mask_sz(op_ok);
    pp_wipe(em, sizeof(em));
    return (psa_status_t)(int32_t)pp_ct_select_u32(op_ok, (uint32_t)status, (uint32_t)op_status);
}
