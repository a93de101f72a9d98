/*
 * hkdf.c -- HKDF, RFC 5869 (see hkdf.h for the contract). Built when one
 * of PSA_WANT_ALG_HKDF / _EXTRACT / _EXPAND is set.
 */
#include "kdf/hkdf.h"

#include <string.h>

#include "common/pp_util.h"
#include "hash/pp_hash.h"

#if PP_HKDF_BUILT

psa_status_t pp_hkdf_extract_start(pp_hmac_ctx *ctx, psa_algorithm_t hash_alg,
                                   const uint8_t *salt, size_t salt_len)
{
    return pp_hmac_setup(ctx, hash_alg, salt, salt_len);
}

psa_status_t pp_hkdf_expand_key(pp_hmac_ctx *ctx, psa_algorithm_t hash_alg,
                                const uint8_t *prk, size_t prk_len)
{
    return pp_hmac_setup(ctx, hash_alg, prk, prk_len);
}

void pp_hkdf_expand_block(const pp_hmac_ctx *prk_ctx, uint8_t *block, const uint8_t *prev,
                          size_t prev_len, const uint8_t *info, size_t info_len, uint8_t i)
{
    pp_hmac_ctx ctx = *prk_ctx;   /* clone: the keyed states stay for T(i+1) */
    if (prev_len != 0) {
        pp_hmac_update(&ctx, prev, prev_len);
    }
    if (info_len != 0) {
        pp_hmac_update(&ctx, info, info_len);
    }
    pp_hmac_update(&ctx, &i, 1);
    pp_hmac_finish(&ctx, block);  /* finish wipes ctx */
}

psa_status_t pp_hkdf(psa_algorithm_t hash_alg, const uint8_t *salt, size_t salt_len,
                     const uint8_t *ikm, size_t ikm_len, const uint8_t *info, size_t info_len,
                     uint8_t *okm, size_t okm_len)
{
    pp_hmac_ctx ctx;
    uint8_t t[PP_HASH_MAX_SIZE];
    size_t hash_len = pp_hash_size(hash_alg), done = 0, prev_len = 0;
    uint8_t i = 0;
    psa_status_t status;

    if (hash_len == 0) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (okm_len > PP_HKDF_MAX_BLOCKS * hash_len) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_hkdf_extract_start(&ctx, hash_alg, salt, salt_len);
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (ikm_len != 0) {
        pp_hmac_update(&ctx, ikm, ikm_len);
    }
    pp_hmac_finish(&ctx, t);   /* t = PRK */
    status = pp_hkdf_expand_key(&ctx, hash_alg, t, hash_len);
    while (status == PSA_SUCCESS && done < okm_len) {
        size_t n = okm_len - done < hash_len ? okm_len - done : hash_len;
        i++;
        pp_hkdf_expand_block(&ctx, t, t, prev_len, info, info_len, i);
        prev_len = hash_len;
        memcpy(okm + done, t, n);
        done += n;
    }
    pp_hmac_abort(&ctx);
    pp_wipe(t, sizeof(t));
    return status;
}

#endif /* PP_HKDF_BUILT */
