/*
 * hmac.c -- HMAC, RFC 2104 section 2 / FIPS 198-1 section 4 (see hmac.h).
 *
 * HMAC(K, m) = H((K0 ^ opad) || H((K0 ^ ipad) || m)); for SHA3-224..512 the
 * block B is the sponge rate (144, 136, 104, 72 bytes: FIPS 202 6.1 with
 * NIST SP 800-224, as OpenSSL and Wycheproof compute it). Setup absorbs the two
 * padded key blocks into the inner and outer hash states, so K0 lives only
 * on the stack for the duration of setup and is wiped there.
 */
#include <picopsa/config.h>

#if PSA_WANT_ALG_HMAC

#include <string.h>

#include "common/pp_util.h"
#include "hash/pp_hash.h"
#include "mac/hmac.h"

psa_status_t pp_hmac_setup(pp_hmac_ctx *ctx, psa_algorithm_t hash_alg,
                           const uint8_t *key, size_t key_len)
{
    uint8_t padded_key[PP_HASH_MAX_BLOCK_SIZE];
    size_t block_size;
    size_t i;
    psa_status_t status;

    ctx->outer.alg = 0;
#if PSA_WANT_ALG_SHAKE256_512
    if (hash_alg == PSA_ALG_SHAKE256_512) {
        /* An XOF, not a hash function of FIPS 198-1 / SP 800-224 (which
         * approve SHA-1, SHA-2 and SHA3-224..512); OpenSSL refuses it too.
         * (Not built: pp_hash_setup says NOT_SUPPORTED itself.) */
        ctx->inner.alg = 0;
        return PSA_ERROR_NOT_SUPPORTED;
    }
#endif
    status = pp_hash_setup(&ctx->inner, hash_alg);
    if (status != PSA_SUCCESS) {
        return status;
    }
    block_size = pp_hash_block_size(hash_alg);

    /* FIPS 198-1 4 steps 1-3: K0 is K, or H(K) when K is longer than a
     * block, right-padded with zeros to the block size. */
    memset(padded_key, 0, block_size);
    if (key_len > block_size) {
        pp_hash_update(&ctx->inner, key, key_len);
        pp_hash_finish(&ctx->inner, padded_key);
        (void)pp_hash_setup(&ctx->inner, hash_alg);
    } else if (key_len != 0) {
        memcpy(padded_key, key, key_len);
    }

    /* Steps 4-5: inner state absorbs K0 ^ ipad. */
    for (i = 0; i < block_size; i++) {
        padded_key[i] ^= 0x36;
    }
    pp_hash_update(&ctx->inner, padded_key, block_size);

    /* Outer state absorbs K0 ^ opad (0x36 ^ 0x5c flips ipad into opad). */
    for (i = 0; i < block_size; i++) {
        padded_key[i] ^= 0x36 ^ 0x5c;
    }
    (void)pp_hash_setup(&ctx->outer, hash_alg);
    pp_hash_update(&ctx->outer, padded_key, block_size);

    pp_wipe(padded_key, block_size);   /* the rest was never written */
    return PSA_SUCCESS;
}

void pp_hmac_update(pp_hmac_ctx *ctx, const uint8_t *in, size_t len)
{
    pp_hash_update(&ctx->inner, in, len);
}

void pp_hmac_finish(pp_hmac_ctx *ctx, uint8_t *mac)
{
    uint8_t inner_hash[PP_HASH_MAX_SIZE];
    size_t hash_size = pp_hash_size(ctx->inner.alg);

    if (hash_size == 0) {
        pp_hmac_abort(ctx);   /* inactive context: nothing to write */
        return;
    }
    /* Steps 6-9: H((K0 ^ opad) || H((K0 ^ ipad) || text)). */
    pp_hash_finish(&ctx->inner, inner_hash);
    pp_hash_update(&ctx->outer, inner_hash, hash_size);
    pp_hash_finish(&ctx->outer, mac);
    pp_wipe(inner_hash, sizeof(inner_hash));
}

void pp_hmac_abort(pp_hmac_ctx *ctx)
{
    pp_hash_abort(&ctx->inner);
    pp_hash_abort(&ctx->outer);
}

psa_status_t pp_hmac_compute(psa_algorithm_t hash_alg, const uint8_t *key, size_t key_len,
                             const uint8_t *in, size_t in_len, uint8_t *mac)
{
    pp_hmac_ctx ctx;
    psa_status_t status = pp_hmac_setup(&ctx, hash_alg, key, key_len);
    if (status != PSA_SUCCESS) {
        return status;
    }
    pp_hmac_update(&ctx, in, in_len);
    pp_hmac_finish(&ctx, mac);
    return PSA_SUCCESS;
}

#else
typedef int pp_hmac_disabled;
#endif
