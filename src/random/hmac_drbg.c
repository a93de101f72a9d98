/*
 * hmac_drbg.c -- HMAC_DRBG, NIST SP 800-90A Rev. 1 section 10.1.2 (see
 * hmac_drbg.h for the contract).
 *
 * HMAC(K, .) is set up once per value of K: the state keeps K only as
 * the two chaining values of the keyed HMAC (the key is never needed
 * otherwise), and each message resumes a context from them, so neither a
 * generate nor a message compresses the key blocks again: a 32-byte
 * SHA-256 request costs 8 compressions (12 without any caching). One
 * context serves every message in turn (no keyed copy kept beside a
 * scratch one): with SHA-3 built a context is about 460 bytes, and the
 * second one made this the deepest frame of a P-256 signature on the
 * Cortex-M4. finish wipes the context after each message.
 */
#include <picopsa/config.h>

#include <string.h>

#include "common/pp_util.h"
#include "hash/pp_hash.h"
#include "mac/hmac.h"
#include "random/hmac_drbg.h"

/* SP 800-90A table 2: 2^48 generate requests between reseeds at most. */
#define HMAC_DRBG_MAX_RESEED_INTERVAL ((uint64_t)1 << 48)

/* *mac = HMAC(K, .) from the cached chaining values of K. */
static void hmac_drbg_keyed(const pp_hmac_drbg *drbg, pp_hmac_ctx *mac)
{
    (void)pp_hash_resume_after_block(&mac->inner, drbg->hash_alg, drbg->keyed_state[0]);
    (void)pp_hash_resume_after_block(&mac->outer, drbg->hash_alg, drbg->keyed_state[1]);
}

/* K = the first out_len bytes of keyed_state (where the caller put it:
 * no key buffer on the stack): set up HMAC(K, .) in *mac, then replace K
 * by the two chaining values. pp_hmac_setup has copied the key before the
 * cache is overwritten. */
static void hmac_drbg_set_key(pp_hmac_drbg *drbg, pp_hmac_ctx *mac)
{
    (void)pp_hmac_setup(mac, drbg->hash_alg, (const uint8_t *)drbg->keyed_state, drbg->out_len);
    pp_hash_save_chaining(&mac->inner, drbg->keyed_state[0]);
    pp_hash_save_chaining(&mac->outer, drbg->keyed_state[1]);
}

/* HMAC_DRBG_Update (10.1.2.2) with provided_data = in1 || in2 || in3 (any
 * of which may be empty), from and into the cached K; *mac is working
 * space, wiped on return. */
static void hmac_drbg_update(pp_hmac_drbg *drbg, pp_hmac_ctx *mac,
                             const uint8_t *in1, size_t len1,
                             const uint8_t *in2, size_t len2,
                             const uint8_t *in3, size_t len3)
{
    const size_t out_len = drbg->out_len;
    const uint8_t rounds = (len1 + len2 + len3) != 0 ? 2 : 1;
    uint8_t round;

    /* Steps 1-3 with 0x00; steps 4-6 with 0x01 only when data was provided. */
    for (round = 0; round < rounds; round++) {
        /* K = HMAC(K, V || round || provided_data) */
        hmac_drbg_keyed(drbg, mac);
        pp_hmac_update(mac, drbg->value, out_len);
        pp_hmac_update(mac, &round, 1);
        pp_hmac_update(mac, in1, len1);
        pp_hmac_update(mac, in2, len2);
        pp_hmac_update(mac, in3, len3);
        pp_hmac_finish(mac, (uint8_t *)drbg->keyed_state);
        /* V = HMAC(K, V), on the context just keyed with the new K. */
        hmac_drbg_set_key(drbg, mac);
        pp_hmac_update(mac, drbg->value, out_len);
        pp_hmac_finish(mac, drbg->value);
    }
}

/* Security strength of the DRBG for a hash (SP 800-90A table 2 via
 * SP 800-57 part 1 table 3), 0 if unsupported. Every approved hash is
 * here: RFC 6979 runs HMAC_DRBG over the message hash, whichever it is
 * (SHA-1: 128 bits, SHA-512/224: 192). */
static size_t hmac_drbg_entropy_bytes(psa_algorithm_t hash_alg)
{
    switch (hash_alg) {
    case PSA_ALG_SHA_1:
        return 16;
    case PSA_ALG_SHA_224:
    case PSA_ALG_SHA_512_224:
        return 24;
    case PSA_ALG_SHA_512_256:
    case PSA_ALG_SHA_256:
    case PSA_ALG_SHA_384:
    case PSA_ALG_SHA_512:
        return PP_HMAC_DRBG_MIN_ENTROPY;
    default:
        return 0;
    }
}

psa_status_t pp_hmac_drbg_instantiate(pp_hmac_drbg *drbg, psa_algorithm_t hash_alg,
                                      const uint8_t *entropy, size_t entropy_len,
                                      const uint8_t *nonce, size_t nonce_len,
                                      const uint8_t *personalization, size_t pers_len)
{
    size_t out_len = pp_hash_size(hash_alg);
    size_t min_entropy = hmac_drbg_entropy_bytes(hash_alg);
    pp_hmac_ctx mac;

    memset(drbg, 0, sizeof(*drbg));
    if (out_len == 0 || min_entropy == 0) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (entropy_len < min_entropy || entropy_len > PP_HMAC_DRBG_MAX_INPUT ||
        nonce_len > PP_HMAC_DRBG_MAX_INPUT || pers_len > PP_HMAC_DRBG_MAX_INPUT) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }

    /* 10.1.2.3: Key = 0x00..00, V = 0x01..01, then
     * Update(entropy || nonce || personalization). */
    drbg->hash_alg = hash_alg;
    drbg->out_len = (uint32_t)out_len;
    memset(drbg->value, 0x01, out_len);
    hmac_drbg_set_key(drbg, &mac);   /* K = 0x00..00 (zeroed above) */
    pp_hmac_abort(&mac);
    hmac_drbg_update(drbg, &mac, entropy, entropy_len, nonce, nonce_len, personalization,
                     pers_len);
    drbg->reseed_counter = 1;
    drbg->reseeded = 0;
    drbg->reseed_interval = PICOPSA_DRBG_RESEED_INTERVAL;
    drbg->prediction_resistance = PICOPSA_DRBG_PREDICTION_RESISTANCE ? 1u : 0u;
    return PSA_SUCCESS;
}

psa_status_t pp_hmac_drbg_reseed(pp_hmac_drbg *drbg,
                                 const uint8_t *entropy, size_t entropy_len,
                                 const uint8_t *additional, size_t add_len)
{
    pp_hmac_ctx mac;

    if (drbg->hash_alg == 0) {
        return PSA_ERROR_BAD_STATE;
    }
    if (entropy_len < hmac_drbg_entropy_bytes(drbg->hash_alg) ||
        entropy_len > PP_HMAC_DRBG_MAX_INPUT || add_len > PP_HMAC_DRBG_MAX_INPUT) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* 10.1.2.4: Update(entropy || additional_input). */
    hmac_drbg_update(drbg, &mac, entropy, entropy_len, additional, add_len, NULL, 0);
    drbg->reseed_counter = 1;
    drbg->reseeded = 1;
    return PSA_SUCCESS;
}

psa_status_t pp_hmac_drbg_generate(pp_hmac_drbg *drbg, uint8_t *out, size_t out_len,
                                   const uint8_t *additional, size_t add_len)
{
    pp_hmac_ctx mac;
    const size_t block = drbg->out_len;
    size_t done = 0;

    if (drbg->hash_alg == 0) {
        return PSA_ERROR_BAD_STATE;
    }
    if (out_len > PP_HMAC_DRBG_MAX_REQUEST || add_len > PP_HMAC_DRBG_MAX_INPUT) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* 10.1.2.5 step 1, and 9.3.1 step 7 for prediction resistance. */
    if (drbg->reseed_counter > drbg->reseed_interval ||
        (drbg->prediction_resistance != 0 && drbg->reseeded == 0)) {
        return PP_HMAC_DRBG_RESEED_REQUIRED;
    }

    /* Step 2. */
    if (add_len != 0) {
        hmac_drbg_update(drbg, &mac, additional, add_len, NULL, 0, NULL, 0);
    }

    /* Steps 3-5: V = HMAC(K, V), output V, until out_len bytes. */
    while (done < out_len) {
        size_t take = out_len - done < block ? out_len - done : block;
        hmac_drbg_keyed(drbg, &mac);
        pp_hmac_update(&mac, drbg->value, block);
        pp_hmac_finish(&mac, drbg->value);
        memcpy(out + done, drbg->value, take);
        done += take;
    }

    /* Step 6: Update(additional_input); step 7: count the request. */
    hmac_drbg_update(drbg, &mac, additional, add_len, NULL, 0, NULL, 0);
    drbg->reseed_counter++;
    drbg->reseeded = 0;
    return PSA_SUCCESS;
}

void pp_hmac_drbg_uninstantiate(pp_hmac_drbg *drbg)
{
    pp_wipe(drbg, sizeof(*drbg));
}

void pp_hmac_drbg_set_reseed_interval(pp_hmac_drbg *drbg, uint64_t interval)
{
    if (interval < 1) {
        interval = 1;
    }
    if (interval > HMAC_DRBG_MAX_RESEED_INTERVAL) {
        interval = HMAC_DRBG_MAX_RESEED_INTERVAL;
    }
    drbg->reseed_interval = interval;
}

void pp_hmac_drbg_set_prediction_resistance(pp_hmac_drbg *drbg, int enabled)
{
    drbg->prediction_resistance = enabled ? 1u : 0u;
}
