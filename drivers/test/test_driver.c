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
    if (mode == PP_TD_DECLINE || (pp_td.aes_declined_192 && key_length == 24u)) {
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

const picopsa_transparent_driver_t pp_test_driver = {
    "test",
    td_mechanisms, sizeof(td_mechanisms) / sizeof(td_mechanisms[0]),
    td_generate,
    td_sign_hash, td_verify_hash, td_sign_message, td_verify_message,
    td_encrypt, td_decrypt,
    TD_ENGINE,
    TD_AES_ENGINE,
};
