/*
 * aead.c -- the engines of aead.h: the mode of the algorithm, the tag
 * lengths each defines, the nonce and lengths each takes, and when each
 * can start (GCM and ChaCha20-Poly1305: at the nonce, from the key kept
 * since setup; CCM: once both the nonce and the lengths are known).
 */
#include "aead/aead.h"
#include "aead/ccm.h"
#include "aead/chachapoly.h"
#include "aead/gcm.h"
#include "common/pp_util.h"

#include <stddef.h>
#include <string.h>

#if PP_AEAD_BUILT

enum { MODE_NONE, MODE_GCM, MODE_CCM, MODE_CHACHAPOLY };

static int mode_of(psa_algorithm_t alg)
{
    switch (PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(alg)) {
#if PSA_WANT_ALG_GCM
    case PSA_ALG_GCM:
        return MODE_GCM;
#endif
#if PSA_WANT_ALG_CCM
    case PSA_ALG_CCM:
        return MODE_CCM;
#endif
#if PSA_WANT_ALG_CHACHA20_POLY1305 || PSA_WANT_ALG_XCHACHA20_POLY1305
    case PSA_ALG_CHACHA20_POLY1305:
    case PSA_ALG_XCHACHA20_POLY1305:
        return MODE_CHACHAPOLY;
#endif
    default:
        return MODE_NONE;
    }
}

/* An AES accelerator's error for the AES modes (aes.h: pp_aes_status; the
 * engine wiped its outputs), else PSA_SUCCESS. Public: no secret decides it. */
static psa_status_t aes_status(const picopsa_aead_context *c, psa_status_t status)
{
    if (status != PSA_SUCCESS) {
        return status;
    }
    switch (mode_of(c->alg)) {
#if PSA_WANT_ALG_GCM
    case MODE_GCM:
        return pp_aes_status(&c->e.gcm.aes);
#endif
#if PSA_WANT_ALG_CCM
    case MODE_CCM:
        return pp_aes_status(&c->e.ccm.key);
#endif
    default:
        return PSA_SUCCESS;
    }
}

/* The tag lengths each mode defines: GCM SP 800-38D 5.2.1.2 (4 and 8 for
 * restricted uses, 12..16), CCM SP 800-38C A.1 (4, 6, ..., 16),
 * ChaCha20-Poly1305 16 only. */
static int tag_length_valid(int mode, size_t t)
{
    switch (mode) {
    case MODE_GCM:
        return t == 4 || t == 8 || (t >= 12 && t <= 16);
    case MODE_CCM:
        return t >= 4 && t <= 16 && t % 2 == 0;
    default:
        return t == 16;
    }
}

psa_status_t pp_aead_setup(picopsa_aead_context *c, psa_algorithm_t alg,
                           psa_key_type_t key_type, const uint8_t *key, size_t key_length,
                           int encrypt)
{
    int mode = mode_of(alg);
    size_t tag = (size_t)((alg & PSA_ALG_AEAD_TAG_LENGTH_MASK) >> PSA_AEAD_TAG_LENGTH_OFFSET);
    psa_status_t status = PSA_SUCCESS;
    memset(c, 0, offsetof(picopsa_aead_context, e));
    if (mode == MODE_NONE) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (!tag_length_valid(mode, tag)) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* spec 10.5.1: a tag length the mode lacks */
    }
    if (mode == MODE_CCM) {
#if PSA_WANT_ALG_CCM
        status = pp_ccm_setup(&c->e.ccm, key, key_length, tag, encrypt);
#endif
    } else if (key_length > sizeof(c->key) ||
               (mode == MODE_CHACHAPOLY ? key_length != 32u
                                        : key_length != 16u && key_length != 24u &&
                                              key_length != 32u)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else {
        memcpy(c->key, key, key_length);   /* until the nonce: see the file comment */
    }
    if (status != PSA_SUCCESS) {
        /* alg stays 0 (pp_aead_abort then wipes nothing): what a failed
         * setup wrote goes now, on this rare path. */
        pp_wipe(c, sizeof(*c));
        return status;
    }
    c->alg = alg;
    c->key_type = key_type;
    c->encrypt = (uint8_t)(encrypt ? 1 : 0);
    c->tag_length = (uint8_t)tag;
    c->key_length = (uint8_t)key_length;
    return PSA_SUCCESS;
}

/* PSA_AEAD_NONCE_LENGTH: GCM 12 (SP 800-38D 8.2.1's recommended length),
 * CCM 13, ChaCha20-Poly1305 12, XChaCha20-Poly1305 24. */
size_t pp_aead_nonce_length(const picopsa_aead_context *c)
{
    switch (mode_of(c->alg)) {
    case MODE_CCM:
        return 13u;
    case MODE_CHACHAPOLY:
        return c->key_type == PSA_KEY_TYPE_XCHACHA20 ? 24u : 12u;
    default:
        return 12u;
    }
}

int pp_aead_needs_lengths(const picopsa_aead_context *c)
{
    return mode_of(c->alg) == MODE_CCM;
}

/* CCM starts when it has both its nonce and its lengths. */
static psa_status_t ccm_start_if_ready(picopsa_aead_context *c)
{
#if PSA_WANT_ALG_CCM
    if (!c->started && c->nonce_length != 0 && c->lengths_set) {
        psa_status_t status = pp_ccm_start(&c->e.ccm, c->nonce, c->nonce_length, c->ad_length,
                                           c->data_length);
        status = aes_status(c, status);
        if (status != PSA_SUCCESS) {
            return status;
        }
        c->started = 1;
    }
#else
    (void)c;
#endif
    return PSA_SUCCESS;
}

psa_status_t pp_aead_set_nonce(picopsa_aead_context *c, const uint8_t *nonce,
                               size_t nonce_length)
{
    psa_status_t status = PSA_ERROR_INVALID_ARGUMENT;
    switch (mode_of(c->alg)) {
#if PSA_WANT_ALG_GCM
    case MODE_GCM:
        if (nonce_length != 0) {
            status = pp_gcm_init_key(&c->e.gcm, c->key, c->key_length, nonce, nonce_length);
            status = aes_status(c, status);   /* H and J0 came from the cipher */
        }
        break;
#endif
#if PSA_WANT_ALG_CCM
    case MODE_CCM:
        /* SP 800-38C A.1: 7..13 bytes; kept until the lengths come */
        if (nonce_length >= PP_CCM_NONCE_MIN && nonce_length <= PP_CCM_NONCE_MAX) {
            memcpy(c->nonce, nonce, nonce_length);
            c->nonce_length = (uint8_t)nonce_length;
            return ccm_start_if_ready(c);
        }
        return PSA_ERROR_INVALID_ARGUMENT;
#endif
#if PSA_WANT_ALG_CHACHA20_POLY1305 || PSA_WANT_ALG_XCHACHA20_POLY1305
    case MODE_CHACHAPOLY:
        /* RFC 8439 2.8: 12 bytes; XChaCha20-Poly1305: 24 */
        if (nonce_length == (c->key_type == PSA_KEY_TYPE_XCHACHA20 ? 24u : 12u)) {
            status = pp_chachapoly_start(&c->e.chachapoly, c->key, nonce, nonce_length,
                                         c->encrypt);
        }
        break;
#endif
    default:
        break;
    }
    if (status == PSA_SUCCESS) {
        pp_wipe(c->key, sizeof(c->key));
        c->nonce_length = (uint8_t)(nonce_length > 255u ? 255u : nonce_length);
        c->started = 1;
    }
    return status;
}

psa_status_t pp_aead_set_lengths(picopsa_aead_context *c, size_t ad_length,
                                 size_t plaintext_length)
{
    uint64_t ad = (uint64_t)ad_length, pt = (uint64_t)plaintext_length;
    switch (mode_of(c->alg)) {
    case MODE_GCM:
        /* SP 800-38D 5.2.1.1: P <= 2^39 - 256 bits, A <= 2^64 - 1 bits */
        if (pt > ((uint64_t)1 << 36) - 32u || ad > (UINT64_MAX >> 3)) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        break;
#if PSA_WANT_ALG_CHACHA20_POLY1305 || PSA_WANT_ALG_XCHACHA20_POLY1305
    case MODE_CHACHAPOLY:
        if (pt > PP_CHACHAPOLY_MAX_DATA) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        break;
#endif
    default:
        break;   /* CCM: pp_ccm_start judges them against L */
    }
    c->ad_length = ad;
    c->data_length = pt;
    c->lengths_set = 1;
    return ccm_start_if_ready(c);
}

psa_status_t pp_aead_update_ad(picopsa_aead_context *c, const uint8_t *ad, size_t length)
{
    switch (mode_of(c->alg)) {
#if PSA_WANT_ALG_GCM
    case MODE_GCM:
        return pp_gcm_aad(&c->e.gcm, ad, length);
#endif
#if PSA_WANT_ALG_CCM
    case MODE_CCM:
        return aes_status(c, pp_ccm_update_ad(&c->e.ccm, ad, length));
#endif
#if PSA_WANT_ALG_CHACHA20_POLY1305 || PSA_WANT_ALG_XCHACHA20_POLY1305
    case MODE_CHACHAPOLY:
        return pp_chachapoly_update_ad(&c->e.chachapoly, ad, length);
#endif
    default:
        (void)ad;
        (void)length;
        return PSA_ERROR_BAD_STATE;
    }
}

static psa_status_t engine_update(picopsa_aead_context *c, const uint8_t *input, size_t length,
                                  uint8_t *output)
{
    switch (mode_of(c->alg)) {
#if PSA_WANT_ALG_GCM
    case MODE_GCM:
        return (c->encrypt ? pp_gcm_encrypt : pp_gcm_decrypt)(&c->e.gcm, input, output, length);
#endif
#if PSA_WANT_ALG_CCM
    case MODE_CCM:
        return pp_ccm_update(&c->e.ccm, input, output, length);
#endif
#if PSA_WANT_ALG_CHACHA20_POLY1305 || PSA_WANT_ALG_XCHACHA20_POLY1305
    case MODE_CHACHAPOLY:
        return pp_chachapoly_update(&c->e.chachapoly, input, output, length);
#endif
    default:
        (void)input;
        (void)length;
        (void)output;
        return PSA_ERROR_BAD_STATE;
    }
}

/* The engines take in == out only: any other overlap is first laid onto
 * the output (an overlap-safe move), then processed in place. Returns the
 * input to process. */
static const uint8_t *lay_onto_output(const uint8_t *input, uint8_t *output, size_t length)
{
    if (length != 0 && input != output && (uintptr_t)input < (uintptr_t)output + length &&
        (uintptr_t)output < (uintptr_t)input + length) {
        size_t i;
        if ((uintptr_t)output < (uintptr_t)input) {
            for (i = 0; i < length; i++) {
                output[i] = input[i];
            }
        } else {
            for (i = length; i > 0; i--) {
                output[i - 1] = input[i - 1];
            }
        }
        return output;
    }
    return input;
}

psa_status_t pp_aead_update(picopsa_aead_context *c, const uint8_t *input, size_t length,
                            uint8_t *output)
{
    if (length == 0) {
        return engine_update(c, input, 0, output);
    }
    input = lay_onto_output(input, output, length);
    return aes_status(c, engine_update(c, input, length, output));
}

psa_status_t pp_aead_finish(picopsa_aead_context *c, uint8_t *tag)
{
    uint8_t full[16];
    psa_status_t status = PSA_ERROR_BAD_STATE;
    switch (mode_of(c->alg)) {
#if PSA_WANT_ALG_GCM
    case MODE_GCM:
        status = pp_gcm_finish(&c->e.gcm, full);
        break;
#endif
#if PSA_WANT_ALG_CCM
    case MODE_CCM:
        status = pp_ccm_finish(&c->e.ccm, full);   /* tag_len bytes */
        break;
#endif
#if PSA_WANT_ALG_CHACHA20_POLY1305 || PSA_WANT_ALG_XCHACHA20_POLY1305
    case MODE_CHACHAPOLY:
        status = pp_chachapoly_finish(&c->e.chachapoly, full);
        break;
#endif
    default:
        break;
    }
    status = aes_status(c, status);
    if (status == PSA_SUCCESS) {
        memcpy(tag, full, c->tag_length);   /* GCM: the truncation of 5.2.1.2 */
        /* The engine's finish wiped its own state on success (gcm.h,
         * ccm.h, chachapoly.h): the header is what is left (its key and
         * nonce fields; alg back to 0). */
        pp_wipe(c, offsetof(picopsa_aead_context, e));
    } else {
        pp_aead_abort(c);
    }
    pp_wipe(full, sizeof(full));
    return status;
}

psa_status_t pp_aead_verify(picopsa_aead_context *c, const uint8_t *tag, size_t tag_length)
{
    psa_status_t status = PSA_ERROR_BAD_STATE;
    switch (mode_of(c->alg)) {
#if PSA_WANT_ALG_GCM
    case MODE_GCM:
        status = pp_gcm_verify(&c->e.gcm, tag, tag_length);
        break;
#endif
#if PSA_WANT_ALG_CCM
    case MODE_CCM:
        status = pp_ccm_verify(&c->e.ccm, tag, tag_length);
        break;
#endif
#if PSA_WANT_ALG_CHACHA20_POLY1305 || PSA_WANT_ALG_XCHACHA20_POLY1305
    case MODE_CHACHAPOLY:
        status = pp_chachapoly_verify(&c->e.chachapoly, tag, tag_length);
        break;
#endif
    default:
        (void)tag;
        (void)tag_length;
        break;
    }
    {
        /* an accelerator's error outranks the verdict (the tag compared
         * was computed from wiped blocks) */
        psa_status_t engine = aes_status(c, PSA_SUCCESS);
        status = engine != PSA_SUCCESS ? engine : status;
    }
    pp_aead_abort(c);
    return status;
}

#if PSA_WANT_ALG_CHACHA20_POLY1305 || PSA_WANT_ALG_XCHACHA20_POLY1305
int pp_aead_is_chachapoly(psa_algorithm_t alg)
{
    return mode_of(alg) == MODE_CHACHAPOLY;
}

psa_status_t pp_aead_chachapoly_check(psa_algorithm_t alg, size_t key_length)
{
    size_t tag = (size_t)((alg & PSA_ALG_AEAD_TAG_LENGTH_MASK) >> PSA_AEAD_TAG_LENGTH_OFFSET);
    return tag_length_valid(MODE_CHACHAPOLY, tag) && key_length == 32u
               ? PSA_SUCCESS
               : PSA_ERROR_INVALID_ARGUMENT;   /* as pp_aead_setup */
}

/* pp_aead_set_lengths' limit, pp_aead_set_nonce's length rule, then the
 * engine's calls in order on a local context; pp_chachapoly_finish and
 * _verify wipe it, an error before them here. */
psa_status_t pp_aead_chachapoly_oneshot(psa_algorithm_t alg, const uint8_t key[32], int encrypt,
                                        const pp_aead_message *m, int *verified)
{
    pp_chachapoly_ctx ctx;
    size_t want = PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(alg) == PSA_ALG_XCHACHA20_POLY1305 ? 24u
                                                                                        : 12u;
    const uint8_t *input;
    uint64_t length = (uint64_t)m->length;   /* as pp_aead_set_lengths: no warning where
                                              * size_t is 32 bits and the test is moot */
    psa_status_t status;
    *verified = 0;
    if (length > PP_CHACHAPOLY_MAX_DATA || m->nonce_length != want) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* RFC 8439 2.8: 12 bytes; XChaCha20: 24 */
    }
    status = pp_chachapoly_start(&ctx, key, m->nonce, m->nonce_length, encrypt);
    if (status != PSA_SUCCESS) {
        return status;   /* ctx wiped */
    }
    status = pp_chachapoly_update_ad(&ctx, m->ad, m->ad_length);
    if (status == PSA_SUCCESS) {
        input = lay_onto_output(m->input, m->output, m->length);
        status = pp_chachapoly_update(&ctx, input, m->output, m->length);
    }
    if (status == PSA_SUCCESS && !encrypt) {
        /* the verdict goes back unbranched on; verify wipes ctx */
        *verified = 1;
        return pp_chachapoly_verify(&ctx, m->tag, PP_CHACHAPOLY_TAG_SIZE);
    }
    if (status == PSA_SUCCESS) {
        status = pp_chachapoly_finish(&ctx, m->tag);   /* wipes ctx */
    }
    if (status != PSA_SUCCESS) {
        pp_chachapoly_wipe(&ctx);
    }
    return status;
}
#endif

/* The bytes of c the mode can have written, from the start: the header
 * (key, nonce, lengths) and the mode's engine, not the whole union (GCM's
 * AES schedule and GHASH table set its size; ChaCha20-Poly1305 uses a
 * third of it). 0 when inactive: setup's failure wipes what it wrote and
 * finish, verify and abort leave alg = 0, so an inactive context holds no
 * secret and abort after finish costs nothing. */
static size_t live_size(const picopsa_aead_context *c)
{
    size_t engine;
    if (c->alg == 0) {
        return 0;
    }
    switch (mode_of(c->alg)) {
#if PSA_WANT_ALG_GCM
    case MODE_GCM:
        engine = sizeof(c->e.gcm);
        break;
#endif
#if PSA_WANT_ALG_CCM
    case MODE_CCM:
        engine = sizeof(c->e.ccm);
        break;
#endif
#if PSA_WANT_ALG_CHACHA20_POLY1305 || PSA_WANT_ALG_XCHACHA20_POLY1305
    case MODE_CHACHAPOLY:
        engine = sizeof(c->e.chachapoly);
        break;
#endif
    default:
        engine = sizeof(c->e);
        break;
    }
    return offsetof(picopsa_aead_context, e) + engine;
}

void pp_aead_abort(picopsa_aead_context *c)
{
    pp_wipe(c, live_size(c));
}

#endif /* PP_AEAD_BUILT */
