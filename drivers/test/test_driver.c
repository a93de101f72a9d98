/*
 * test_driver.c -- the test driver (test_driver.h). Whole operations call
 * the software families' entry points (dispatch/pp_drivers.h); the bignum
 * engine computes with the software's Montgomery multiplication.
 */
#include <string.h>

#include "test_driver.h"

#include "dispatch/pp_drivers.h"
#if PSA_WANT_KEY_TYPE_AES
#include "aes/aes.h"
#endif
#if PSA_WANT_KEY_TYPE_AES
#include "cipher/cipher.h"
#endif
#if PP_DRIVER_RSA
#include "bignum/bignum.h"
#include "rsa/rsa.h"   /* PP_RSA_KEY_MATERIAL_SIZE */
#endif

pp_td_control pp_td;

void pp_td_reset(void)
{
    memset(&pp_td, 0, sizeof(pp_td));
    pp_td.fail_status = PSA_ERROR_HARDWARE_FAILURE;
    pp_td.act_secret = -1;
}

#define TE_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS)
#define TE_PUBLIC PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_TWISTED_EDWARDS)

static const picopsa_driver_mechanism_t td_mechanisms[] = {
    { PSA_KEY_TYPE_RSA_KEY_PAIR, PSA_ALG_NONE, 0, 0xffffu },
    { PSA_KEY_TYPE_RSA_PUBLIC_KEY, PSA_ALG_NONE, 0, 0xffffu },
    { TE_PAIR, PSA_ALG_NONE, 255, 255 },
    { TE_PUBLIC, PSA_ALG_NONE, 255, 255 },
    /* the cipher entry points; one row per mode, so no AES key generation
     * matches (key generation takes PSA_ALG_NONE rows only) */
    { PSA_KEY_TYPE_AES, PSA_ALG_ECB_NO_PADDING, 128, 256 },
    { PSA_KEY_TYPE_AES, PSA_ALG_CBC_NO_PADDING, 128, 256 },
    { PSA_KEY_TYPE_AES, PSA_ALG_CBC_PKCS7, 128, 256 },
    { PSA_KEY_TYPE_AES, PSA_ALG_CTR, 128, 256 },
    { PSA_KEY_TYPE_AES, PSA_ALG_CFB, 128, 256 },
    { PSA_KEY_TYPE_AES, PSA_ALG_OFB, 128, 256 },
};

/* The software entry point for a whole operation of this key (NULL: none built). */
static picopsa_driver_sign_t *software_sign(const psa_key_attributes_t *a, psa_algorithm_t alg,
                                            int message)
{
    (void)a; (void)alg; (void)message;
#if PP_DRIVER_EDDSA
    if (PSA_KEY_TYPE_IS_ECC(a->type)) {
#if PSA_WANT_ALG_PURE_EDDSA
        if (message && alg == PSA_ALG_PURE_EDDSA) {
            return pp_eddsa_sign_message;
        }
#endif
#if PSA_WANT_ALG_ED25519PH
        if (!message && alg == PSA_ALG_ED25519PH) {
            return pp_eddsa_sign_hash;
        }
#endif
        return NULL;
    }
#endif
#if PP_DRIVER_RSA && (PSA_WANT_ALG_RSA_PKCS1V15_SIGN || PSA_WANT_ALG_RSA_PSS)
    if (!message) {
        return pp_rsa_sign_hash;
    }
#endif
    return NULL;
}

static picopsa_driver_verify_t *software_verify(const psa_key_attributes_t *a,
                                                psa_algorithm_t alg, int message)
{
    (void)a; (void)alg; (void)message;
#if PP_DRIVER_EDDSA
    if (PSA_KEY_TYPE_IS_ECC(a->type)) {
#if PSA_WANT_ALG_PURE_EDDSA
        if (message && alg == PSA_ALG_PURE_EDDSA) {
            return pp_eddsa_verify_message;
        }
#endif
#if PSA_WANT_ALG_ED25519PH
        if (!message && alg == PSA_ALG_ED25519PH) {
            return pp_eddsa_verify_hash;
        }
#endif
        return NULL;
    }
#endif
#if PP_DRIVER_RSA && (PSA_WANT_ALG_RSA_PKCS1V15_SIGN || PSA_WANT_ALG_RSA_PSS)
    if (!message) {
        return pp_rsa_verify_hash;
    }
#endif
    return NULL;
}

static psa_status_t td_sign(pp_td_entry entry, const psa_key_attributes_t *attributes,
                            const uint8_t *key_buffer, size_t key_buffer_size, psa_algorithm_t alg,
                            const uint8_t *input, size_t input_length, uint8_t *signature,
                            size_t signature_size, size_t *signature_length)
{
    picopsa_driver_sign_t *sw = software_sign(attributes, alg, entry == PP_TD_SIGN_MESSAGE);
    psa_status_t status;
    pp_td.calls[entry]++;
    if (pp_td.mode[entry] == PP_TD_DECLINE) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (pp_td.mode[entry] == PP_TD_FAIL) {
        memset(signature, 0xa5, signature_size);
        *signature_length = signature_size;
        return pp_td.fail_status;
    }
    if (sw == NULL) {
        return PSA_ERROR_NOT_SUPPORTED;   /* no software entry point to stand in for */
    }
    status = sw(attributes, key_buffer, key_buffer_size, alg, input, input_length, signature,
                signature_size, signature_length);
    if (status == PSA_SUCCESS && pp_td.mode[entry] == PP_TD_CORRUPT && *signature_length > 0) {
        signature[*signature_length / 2u] ^= 0x10u;
    }
    if (status == PSA_SUCCESS && pp_td.mode[entry] == PP_TD_WRONG_LENGTH) {
        *signature_length = signature_size + 1u;
    }
    return status;
}

static psa_status_t td_verify(pp_td_entry entry, const psa_key_attributes_t *attributes,
                              const uint8_t *key_buffer, size_t key_buffer_size,
                              psa_algorithm_t alg, const uint8_t *input, size_t input_length,
                              const uint8_t *signature, size_t signature_length)
{
    picopsa_driver_verify_t *sw = software_verify(attributes, alg, entry == PP_TD_VERIFY_MESSAGE);
    psa_status_t status;
    pp_td.calls[entry]++;
    if (pp_td.mode[entry] == PP_TD_DECLINE) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (pp_td.mode[entry] == PP_TD_FAIL) {
        return pp_td.fail_status;
    }
    if (sw == NULL) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    status = sw(attributes, key_buffer, key_buffer_size, alg, input, input_length, signature,
                signature_length);
    if (pp_td.mode[entry] == PP_TD_CORRUPT) {
        status = status == PSA_SUCCESS ? PSA_ERROR_INVALID_SIGNATURE : PSA_SUCCESS;
    }
    return status;
}

static psa_status_t td_sign_hash(const psa_key_attributes_t *a, const uint8_t *k, size_t ks,
                                 psa_algorithm_t alg, const uint8_t *in, size_t in_len,
                                 uint8_t *sig, size_t sig_size, size_t *sig_len)
{
    return td_sign(PP_TD_SIGN_HASH, a, k, ks, alg, in, in_len, sig, sig_size, sig_len);
}
static psa_status_t td_sign_message(const psa_key_attributes_t *a, const uint8_t *k, size_t ks,
                                    psa_algorithm_t alg, const uint8_t *in, size_t in_len,
                                    uint8_t *sig, size_t sig_size, size_t *sig_len)
{
    return td_sign(PP_TD_SIGN_MESSAGE, a, k, ks, alg, in, in_len, sig, sig_size, sig_len);
}
static psa_status_t td_verify_hash(const psa_key_attributes_t *a, const uint8_t *k, size_t ks,
                                   psa_algorithm_t alg, const uint8_t *in, size_t in_len,
                                   const uint8_t *sig, size_t sig_len)
{
    return td_verify(PP_TD_VERIFY_HASH, a, k, ks, alg, in, in_len, sig, sig_len);
}
static psa_status_t td_verify_message(const psa_key_attributes_t *a, const uint8_t *k,
                                      size_t ks, psa_algorithm_t alg, const uint8_t *in,
                                      size_t in_len, const uint8_t *sig, size_t sig_len)
{
    return td_verify(PP_TD_VERIFY_MESSAGE, a, k, ks, alg, in, in_len, sig, sig_len);
}

static psa_status_t td_crypt(pp_td_entry entry, const psa_key_attributes_t *a, const uint8_t *k,
                             size_t ks, psa_algorithm_t alg, const uint8_t *in, size_t in_len,
                             const uint8_t *salt, size_t salt_len, uint8_t *out,
                             size_t out_size, size_t *out_len)
{
    psa_status_t status = PSA_ERROR_NOT_SUPPORTED;
    pp_td.calls[entry]++;
    if (pp_td.mode[entry] == PP_TD_DECLINE || !PSA_KEY_TYPE_IS_RSA(a->type)) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (pp_td.mode[entry] == PP_TD_FAIL) {
        memset(out, 0xa5, out_size);
        *out_len = out_size;
        return pp_td.fail_status;
    }
#if PP_DRIVER_RSA && (PSA_WANT_ALG_RSA_PKCS1V15_CRYPT || PSA_WANT_ALG_RSA_OAEP)
    status = (entry == PP_TD_ENCRYPT ? pp_rsa_asymmetric_encrypt : pp_rsa_asymmetric_decrypt)(
        a, k, ks, alg, in, in_len, salt, salt_len, out, out_size, out_len);
#else
    (void)k; (void)ks; (void)alg; (void)in; (void)in_len; (void)salt; (void)salt_len;
#endif
    if (status == PSA_SUCCESS && pp_td.mode[entry] == PP_TD_CORRUPT && *out_len > 0) {
        out[*out_len / 2u] ^= 0x10u;
    }
    if (status == PSA_SUCCESS && pp_td.mode[entry] == PP_TD_WRONG_LENGTH) {
        *out_len = out_size + 1u;
    }
    return status;
}

static psa_status_t td_encrypt(const psa_key_attributes_t *a, const uint8_t *k, size_t ks,
                               psa_algorithm_t alg, const uint8_t *in, size_t in_len,
                               const uint8_t *salt, size_t salt_len, uint8_t *out,
                               size_t out_size, size_t *out_len)
{
    return td_crypt(PP_TD_ENCRYPT, a, k, ks, alg, in, in_len, salt, salt_len, out, out_size,
                    out_len);
}
static psa_status_t td_decrypt(const psa_key_attributes_t *a, const uint8_t *k, size_t ks,
                               psa_algorithm_t alg, const uint8_t *in, size_t in_len,
                               const uint8_t *salt, size_t salt_len, uint8_t *out,
                               size_t out_size, size_t *out_len)
{
    return td_crypt(PP_TD_DECRYPT, a, k, ks, alg, in, in_len, salt, salt_len, out, out_size,
                    out_len);
}

/* Key generation: the software's, through the export format and
 * picopsa_driver_import_key (the path a real driver takes). */
static psa_status_t td_generate(const psa_key_attributes_t *a, const uint8_t *custom,
                                size_t custom_len, uint8_t *key_buffer, size_t key_buffer_size,
                                size_t *key_buffer_length)
{
    psa_status_t status = PSA_ERROR_NOT_SUPPORTED;
    pp_td.calls[PP_TD_GENERATE]++;
    if (pp_td.mode[PP_TD_GENERATE] == PP_TD_DECLINE) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (pp_td.mode[PP_TD_GENERATE] == PP_TD_FAIL) {
        memset(key_buffer, 0xa5, key_buffer_size);
        return pp_td.fail_status;
    }
#if PP_DRIVER_RSA && PSA_WANT_KEY_TYPE_RSA_KEY_PAIR
    if (a->type == PSA_KEY_TYPE_RSA_KEY_PAIR) {
        static uint8_t der[PP_RSA_KEY_MATERIAL_SIZE];   /* > the DER of the key */
        size_t der_len = 0;
        status = pp_rsa_generate_key(a, custom, custom_len, key_buffer, key_buffer_size,
                                     key_buffer_length);
        if (status == PSA_SUCCESS) {
            status = picopsa_driver_export_key(a, key_buffer, *key_buffer_length, 0, der,
                                               sizeof(der), &der_len);
        }
        if (status == PSA_SUCCESS) {
            memset(key_buffer, 0, key_buffer_size);
            status = picopsa_driver_import_key(a, der, der_len, key_buffer, key_buffer_size,
                                               key_buffer_length);
        }
        memset(der, 0, sizeof(der));
        if (status == PSA_SUCCESS && pp_td.mode[PP_TD_GENERATE] == PP_TD_WRONG_LENGTH) {
            *key_buffer_length = key_buffer_size + 1u;
        }
    }
#else
    (void)a; (void)custom; (void)custom_len; (void)key_buffer_length;
#endif
    return status;
}

#if PP_DRIVER_RSA
/* z = x y R^-1 mod m with the software (32-bit limbs in driver builds),
 * then the mode. */
static psa_status_t td_mont_mul(uint32_t *z, const uint32_t *x, const uint32_t *y,
                                const uint32_t *m, uint32_t m_prime, size_t words, int secret)
{
    unsigned call;
    int act;
    pp_td.calls[PP_TD_MONT_MUL]++;
    if (secret) {
        pp_td.secret_calls++;
    } else {
        pp_td.public_calls++;
    }
    if (pp_td.mode[PP_TD_MONT_MUL] == PP_TD_DECLINE) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    call = pp_td.calls[PP_TD_MONT_MUL];
    act = (pp_td.act_secret < 0 || pp_td.act_secret == (secret != 0)) &&
          (pp_td.act_at == 0 || pp_td.act_at == call);
    if (act && pp_td.mode[PP_TD_MONT_MUL] == PP_TD_FAIL) {
        memset(z, 0xa5, words * 4u);
        return pp_td.fail_status;
    }
    pp_bn_mont_mul(z, x, y, m, m_prime, words);
    if (act && pp_td.mode[PP_TD_MONT_MUL] == PP_TD_CORRUPT) {
        z[0] ^= 1u;   /* a wrong (often unreduced: still < 2^(32 words)) product */
    }
    return PSA_SUCCESS;
}

static psa_status_t td_mod_exp(uint32_t *z, const uint32_t *x, uint64_t e, const uint32_t *m,
                               uint32_t m_prime, const uint32_t *r2, size_t words)
{
    pp_td.calls[PP_TD_MOD_EXP]++;
    if (pp_td.mode[PP_TD_MOD_EXP] == PP_TD_DECLINE) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (pp_td.mode[PP_TD_MOD_EXP] == PP_TD_FAIL) {
        memset(z, 0xa5, words * 4u);
        return pp_td.fail_status;
    }
    pp_bn_mod_exp_public_vartime(z, x, e, m, m_prime, r2, words, PP_BN_KERNEL_BASE);
    if (pp_td.mode[PP_TD_MOD_EXP] == PP_TD_CORRUPT) {
        z[0] ^= 1u;
    }
    return PSA_SUCCESS;
}

/* Declining: the exponentiation goes to the next engine (or the software). */
static psa_status_t td_begin(const uint32_t *m, uint32_t m_prime, const uint32_t *r1,
                             size_t words, int secret)
{
    (void)m; (void)m_prime; (void)r1; (void)words; (void)secret;
    return pp_td.mode[PP_TD_MONT_MUL] == PP_TD_DECLINE ? PSA_ERROR_NOT_SUPPORTED : PSA_SUCCESS;
}

static const picopsa_bn_engine_t td_engine = { 0, 0xffffu, td_begin, td_mont_mul, NULL,
                                               td_mod_exp };
#define TD_ENGINE (&td_engine)
#else
#define TD_ENGINE NULL
#endif

/* ---- the AES engine ---------------------------------------------------- */
#if PSA_WANT_KEY_TYPE_AES
typedef struct {
    uint8_t key[32];
    uint32_t key_length;
} td_aes_ctx;
typedef char td_aes_ctx_fits_[sizeof(td_aes_ctx) <= PICOPSA_DRIVER_AES_CONTEXT_SIZE ? 1 : -1];

static psa_status_t td_aes_set_key(void *context, const uint8_t *key, size_t key_length)
{
    td_aes_ctx *c = (td_aes_ctx *)context;
    pp_td_mode mode = pp_td.mode[PP_TD_AES_SET_KEY];
    pp_td.calls[PP_TD_AES_SET_KEY]++;
    if (mode == PP_TD_DECLINE || (pp_td.aes_declined_192 && key_length == 24u) ||
        (pp_td.aes_only_length != 0 && key_length != pp_td.aes_only_length)) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (mode == PP_TD_FAIL) {
        return pp_td.fail_status;
    }
    memcpy(c->key, key, key_length);
    c->key_length = (uint32_t)key_length;
    if (mode == PP_TD_CORRUPT) {
        c->key[0] ^= 0x01u;
    }
    return PSA_SUCCESS;
}

static psa_status_t td_aes_ecb(const void *context, int encrypt, const uint8_t *input,
                               uint8_t *output, size_t nblocks)
{
    const td_aes_ctx *c = (const td_aes_ctx *)context;
    pp_td_mode mode = pp_td.mode[PP_TD_AES_ECB];
    pp_aes_key k;
    unsigned n = ++pp_td.calls[PP_TD_AES_ECB];
    if (pp_td.act_at != 0 && n != pp_td.act_at) {
        mode = PP_TD_SOFTWARE;
    }
    if (mode == PP_TD_FAIL) {
        memset(output, 0xA5, nblocks * 16u);
        return pp_td.fail_status;
    }
    if (pp_aes_soft_set_key(&k, c->key, c->key_length) != PSA_SUCCESS) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    (encrypt ? pp_aes_soft_ecb_encrypt : pp_aes_soft_ecb_decrypt)(&k, input, output, nblocks);
    pp_aes_soft_wipe(&k);
    if (mode == PP_TD_CORRUPT) {
        output[0] ^= 0x80u;
    }
    return PSA_SUCCESS;
}

static const picopsa_aes_engine_t td_aes_engine = { td_aes_set_key, td_aes_ecb };
#define TD_AES_ENGINE (&td_aes_engine)
#else
#define TD_AES_ENGINE NULL
#endif

/* ---- the one-shot cipher entry points ----------------------------------- */
#if PSA_WANT_KEY_TYPE_AES && PP_CIPHER_BUILT
/* src/cipher's modes on the key buffer (the raw key): setup, the IV (none
 * for ECB), update and finish, output_size checked like the front end
 * does (BUFFER_TOO_SMALL). */
static psa_status_t td_cipher_soft(const psa_key_attributes_t *attributes,
                                   const uint8_t *key_buffer, size_t key_buffer_size,
                                   psa_algorithm_t alg, int encrypt, const uint8_t *iv,
                                   size_t iv_length, const uint8_t *input, size_t input_length,
                                   uint8_t *output, size_t output_size, size_t *output_length)
{
    picopsa_cipher_context c;
    uint8_t tail[PP_CIPHER_FINISH_MAX];
    size_t part = 0, last = 0;
    psa_status_t status = pp_cipher_setup(&c, alg, attributes->type, key_buffer,
                                          key_buffer_size, encrypt);
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (iv_length != 0) {
        status = pp_cipher_set_iv(&c, iv, iv_length);
    }
    if (status == PSA_SUCCESS) {
        part = pp_cipher_update_length(&c, input_length);
        status = output_size < part ? PSA_ERROR_BUFFER_TOO_SMALL
                                    : pp_cipher_update(&c, input, input_length, output);
    }
    if (status == PSA_SUCCESS) {
        status = pp_cipher_finish(&c, tail, &last);
    }
    if (status == PSA_SUCCESS && output_size - part < last) {
        status = PSA_ERROR_BUFFER_TOO_SMALL;
    }
    if (status == PSA_SUCCESS && last != 0) {
        memcpy(output + part, tail, last);
    }
    pp_cipher_abort(&c);
    memset(tail, 0, sizeof(tail));
    *output_length = part + last;
    return status;
}

/* The mode's answer for both entry points; iv: encryption's, or NULL for
 * a decryption, whose IV leads the input. */
static psa_status_t td_cipher(pp_td_entry entry, const psa_key_attributes_t *attributes,
                              const uint8_t *key_buffer, size_t key_buffer_size,
                              psa_algorithm_t alg, const uint8_t *iv, size_t iv_length,
                              const uint8_t *input, size_t input_length, uint8_t *output,
                              size_t output_size, size_t *output_length)
{
    pp_td_mode mode = pp_td.mode[entry];
    uint8_t iv_copy[16];
    psa_status_t status;
    pp_td.calls[entry]++;
    if (mode == PP_TD_DECLINE) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (mode == PP_TD_FAIL) {
        if (output_size != 0) {
            memset(output, 0xa5, output_size);
        }
        *output_length = output_size;
        return pp_td.fail_status;
    }
    if (entry == PP_TD_CIPHER_DECRYPT) {
        iv_length = PSA_CIPHER_IV_LENGTH(attributes->type, alg);
        if (iv_length > sizeof(iv_copy) || input_length < iv_length) {
            return PSA_ERROR_NOT_SUPPORTED;   /* not one of this driver's modes */
        }
        memcpy(iv_copy, input, iv_length);   /* in place, the output may overwrite it */
        iv = iv_copy;
        input += iv_length;
        input_length -= iv_length;
    }
    status = td_cipher_soft(attributes, key_buffer, key_buffer_size, alg,
                            entry == PP_TD_CIPHER_ENCRYPT, iv, iv_length, input, input_length,
                            output, output_size, output_length);
    if (status == PSA_SUCCESS && mode == PP_TD_CORRUPT && *output_length > 0) {
        output[*output_length / 2u] ^= 0x04u;
    }
    if (status == PSA_SUCCESS && mode == PP_TD_WRONG_LENGTH) {
        *output_length = output_size + 1u;
    }
    return status;
}

static psa_status_t td_cipher_encrypt(const psa_key_attributes_t *attributes,
                                      const uint8_t *key_buffer, size_t key_buffer_size,
                                      psa_algorithm_t alg, const uint8_t *iv, size_t iv_length,
                                      const uint8_t *input, size_t input_length, uint8_t *output,
                                      size_t output_size, size_t *output_length)
{
    return td_cipher(PP_TD_CIPHER_ENCRYPT, attributes, key_buffer, key_buffer_size, alg, iv,
                     iv_length, input, input_length, output, output_size, output_length);
}

static psa_status_t td_cipher_decrypt(const psa_key_attributes_t *attributes,
                                      const uint8_t *key_buffer, size_t key_buffer_size,
                                      psa_algorithm_t alg, const uint8_t *input,
                                      size_t input_length, uint8_t *output, size_t output_size,
                                      size_t *output_length)
{
    return td_cipher(PP_TD_CIPHER_DECRYPT, attributes, key_buffer, key_buffer_size, alg, NULL, 0,
                     input, input_length, output, output_size, output_length);
}
#define TD_CIPHER_ENCRYPT td_cipher_encrypt
#define TD_CIPHER_DECRYPT td_cipher_decrypt

/* The multipart entry points: a software context in the driver's. */
typedef struct {
    picopsa_cipher_context c;
} td_cipher_op;
typedef char td_cipher_op_fits_[sizeof(td_cipher_op) <= PICOPSA_DRIVER_CIPHER_CONTEXT_SIZE ? 1
                                                                                          : -1];

static psa_status_t td_cipher_setup(pp_td_entry entry, void *context,
                                    const psa_key_attributes_t *attributes,
                                    const uint8_t *key_buffer, size_t key_buffer_size,
                                    psa_algorithm_t alg)
{
    td_cipher_op *op = (td_cipher_op *)context;
    pp_td.calls[entry]++;
    if (pp_td.mode[entry] == PP_TD_DECLINE) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (pp_td.mode[entry] == PP_TD_FAIL) {
        return pp_td.fail_status;
    }
    return pp_cipher_setup(&op->c, alg, attributes->type, key_buffer, key_buffer_size,
                           entry == PP_TD_CIPHER_ENCRYPT_SETUP);
}

static psa_status_t td_cipher_encrypt_setup(void *context, const psa_key_attributes_t *attributes,
                                            const uint8_t *key_buffer, size_t key_buffer_size,
                                            psa_algorithm_t alg)
{
    return td_cipher_setup(PP_TD_CIPHER_ENCRYPT_SETUP, context, attributes, key_buffer,
                           key_buffer_size, alg);
}

static psa_status_t td_cipher_decrypt_setup(void *context, const psa_key_attributes_t *attributes,
                                            const uint8_t *key_buffer, size_t key_buffer_size,
                                            psa_algorithm_t alg)
{
    return td_cipher_setup(PP_TD_CIPHER_DECRYPT_SETUP, context, attributes, key_buffer,
                           key_buffer_size, alg);
}

static psa_status_t td_cipher_set_iv(void *context, const uint8_t *iv, size_t iv_length)
{
    td_cipher_op *op = (td_cipher_op *)context;
    pp_td.calls[PP_TD_CIPHER_SET_IV]++;
    if (pp_td.mode[PP_TD_CIPHER_SET_IV] == PP_TD_DECLINE) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (pp_td.mode[PP_TD_CIPHER_SET_IV] == PP_TD_FAIL) {
        return pp_td.fail_status;
    }
    return pp_cipher_set_iv(&op->c, iv, iv_length);
}

/* A step's output in its mode, after the software wrote `length` bytes. */
static psa_status_t td_cipher_output(pp_td_entry entry, psa_status_t status, uint8_t *output,
                                     size_t output_size, size_t *output_length)
{
    if (status == PSA_SUCCESS && pp_td.mode[entry] == PP_TD_CORRUPT && *output_length > 0) {
        output[*output_length / 2u] ^= 0x04u;
    }
    if (status == PSA_SUCCESS && pp_td.mode[entry] == PP_TD_WRONG_LENGTH) {
        *output_length = output_size + 1u;
    }
    return status;
}

static psa_status_t td_cipher_update(void *context, const uint8_t *input, size_t input_length,
                                     uint8_t *output, size_t output_size, size_t *output_length)
{
    td_cipher_op *op = (td_cipher_op *)context;
    size_t length;
    psa_status_t status;
    pp_td.calls[PP_TD_CIPHER_UPDATE]++;
    if (pp_td.mode[PP_TD_CIPHER_UPDATE] == PP_TD_DECLINE) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (pp_td.mode[PP_TD_CIPHER_UPDATE] == PP_TD_FAIL) {
        if (output_size != 0) {
            memset(output, 0xa5, output_size);
        }
        *output_length = output_size;
        return pp_td.fail_status;
    }
    length = pp_cipher_update_length(&op->c, input_length);
    if (output_size < length) {
        return PSA_ERROR_BUFFER_TOO_SMALL;
    }
    status = pp_cipher_update(&op->c, input, input_length, output);
    *output_length = status == PSA_SUCCESS ? length : 0;
    return td_cipher_output(PP_TD_CIPHER_UPDATE, status, output, output_size, output_length);
}

static psa_status_t td_cipher_finish(void *context, uint8_t *output, size_t output_size,
                                     size_t *output_length)
{
    td_cipher_op *op = (td_cipher_op *)context;
    uint8_t tail[PP_CIPHER_FINISH_MAX];
    size_t length = 0;
    psa_status_t status;
    pp_td.calls[PP_TD_CIPHER_FINISH]++;
    if (pp_td.mode[PP_TD_CIPHER_FINISH] == PP_TD_DECLINE) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (pp_td.mode[PP_TD_CIPHER_FINISH] == PP_TD_FAIL) {
        if (output_size != 0) {
            memset(output, 0xa5, output_size);
        }
        *output_length = output_size;
        return pp_td.fail_status;
    }
    status = pp_cipher_finish(&op->c, tail, &length);
    if (status == PSA_SUCCESS && output_size < length) {
        status = PSA_ERROR_BUFFER_TOO_SMALL;
    }
    if (status == PSA_SUCCESS && length != 0) {
        memcpy(output, tail, length);
    }
    memset(tail, 0, sizeof(tail));
    *output_length = status == PSA_SUCCESS ? length : 0;
    return td_cipher_output(PP_TD_CIPHER_FINISH, status, output, output_size, output_length);
}

static psa_status_t td_cipher_abort(void *context)
{
    td_cipher_op *op = (td_cipher_op *)context;
    pp_td.calls[PP_TD_CIPHER_ABORT]++;
    pp_cipher_abort(&op->c);
    return PSA_SUCCESS;
}
#define TD_CIPHER_MULTIPART td_cipher_encrypt_setup, td_cipher_decrypt_setup, td_cipher_set_iv, \
    td_cipher_update, td_cipher_finish, td_cipher_abort
#else
#define TD_CIPHER_ENCRYPT NULL
#define TD_CIPHER_DECRYPT NULL
#define TD_CIPHER_MULTIPART NULL, NULL, NULL, NULL, NULL, NULL
#endif

const picopsa_transparent_driver_t pp_test_driver = {
    "test",
    td_mechanisms, sizeof(td_mechanisms) / sizeof(td_mechanisms[0]),
    td_generate,
    td_sign_hash, td_verify_hash, td_sign_message, td_verify_message,
    td_encrypt, td_decrypt,
    TD_ENGINE,
    TD_AES_ENGINE,
    TD_CIPHER_ENCRYPT, TD_CIPHER_DECRYPT,
    TD_CIPHER_MULTIPART,
};
