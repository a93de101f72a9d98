/*
 * psa_aead.c -- authenticated encryption with associated data (spec 10.5):
 * psa_aead_encrypt / _decrypt and the multi-part operation, over the
 * engines of src/aead (AES-GCM, AES-CCM, ChaCha20-Poly1305,
 * XChaCha20-Poly1305), with full or shortened tags.
 *
 * States (spec 10.5.3 and the function texts): inactive (alg == 0) ->
 * setup -> [set_lengths] -> set_nonce / generate_nonce -> [set_lengths]
 * -> update_ad* -> update* -> finish (encryption) / verify (decryption)
 * -> inactive. set_lengths is accepted before or after the nonce, never
 * after AD or data; CCM needs it before AD and data (BAD_STATE otherwise,
 * as its CBC-MAC starts with both lengths). With lengths set, more AD or
 * data than declared, data before all AD, or a finish before all of both
 * is INVALID_ARGUMENT.
 * Choices where the spec leaves room, and why:
 *  - Any error of an active operation aborts it (psa_cipher.c and
 *    psa_mac.c do the same); a state error (BAD_STATE) leaves it as it was.
 *    A destroyed key (spec 9.6.5) fails the operation until abort.
 *  - psa_aead_update writes exactly its input length (every engine
 *    streams), within PSA_AEAD_UPDATE_OUTPUT_SIZE; finish writes no
 *    ciphertext and verify no plaintext. Decryption releases plaintext
 *    before the tag is checked, as the multi-part API allows (spec 10.5:
 *    the application must not use it before psa_aead_verify succeeds);
 *    psa_aead_decrypt releases nothing on a bad tag (the output is wiped).
 * Buffers may overlap (spec 5.4.4): the engines take any overlap, and
 * psa_aead_encrypt writes the tag after the ciphertext.
 */
#include "core/pp_core.h"
#include "dispatch/pp_dispatch.h"
#include "aead/aead.h"
#include "random/pp_random.h"

#include <string.h>

#if PP_AEAD_BUILT   /* else psa_not_supported.c's stubs */

#define BUFFER_IS_BAD(ptr, len) ((ptr) == NULL && (len) != 0)

/* The two single-part paths keep their frames apart (the union context of
 * one and the ChaCha20-Poly1305 context of the other never share a stack). */
#if defined(__GNUC__) || defined(__clang__)
#define PP_NOINLINE_ONE_SHOT __attribute__((noinline))
#else
#define PP_NOINLINE_ONE_SHOT
#endif
#define PP_CHACHAPOLY_TAG 16u

/* operation->state */
#define ST_SETUP 0u    /* no nonce yet */
#define ST_NONCE 1u    /* nonce set, no AD or data yet */
#define ST_AD 2u       /* AD given, no data yet */
#define ST_DATA 3u     /* data given */

psa_aead_operation_t psa_aead_operation_init(void)
{
    psa_aead_operation_t operation;
    memset(&operation, 0, sizeof(operation));
    return operation;
}

psa_status_t psa_aead_abort(psa_aead_operation_t *operation)
{
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    pp_aead_abort(&operation->ctx);
    operation->alg = 0;
    operation->is_encrypt = 0;
    operation->state = ST_SETUP;
    operation->lengths_set = 0;
    operation->ad_remaining = 0;
    operation->data_remaining = 0;
    operation->key = PSA_KEY_ID_NULL;
    operation->key_serial = 0;
    return PSA_SUCCESS;
}

static psa_key_usage_t usage_of(int encrypt)
{
    return encrypt ? PSA_KEY_USAGE_ENCRYPT : PSA_KEY_USAGE_DECRYPT;
}

/* The algorithm's shape before any key: an AEAD, not a policy wildcard. */
static psa_status_t check_aead_alg(psa_algorithm_t alg)
{
    if (!PSA_ALG_IS_AEAD(alg) || (alg & PSA_ALG_AEAD_AT_LEAST_THIS_LENGTH_FLAG) != 0 ||
        PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(alg) == PSA_ALG_NONE) {
        return PSA_ALG_IS_AEAD(alg) && (alg & PSA_ALG_AEAD_AT_LEAST_THIS_LENGTH_FLAG) == 0
                   ? PSA_ERROR_NOT_SUPPORTED   /* an AEAD this API version does not name */
                   : PSA_ERROR_INVALID_ARGUMENT;
    }
    return PSA_SUCCESS;
}

static psa_status_t aead_setup(psa_aead_operation_t *operation, psa_key_id_t key,
                               psa_algorithm_t alg, int encrypt)
{
    pp_key_slot *slot;
    psa_status_t status = pp_core_check_setup(operation != NULL ? &operation->alg : NULL);
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = check_aead_alg(alg);
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = pp_slot_get_for_use(key, usage_of(encrypt), alg, &slot);
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = pp_dispatch_aead_setup(&operation->ctx, &slot->attr, slot->material,
                                    slot->material_len, alg, encrypt);
    if (status == PSA_SUCCESS) {
        operation->alg = alg;
        operation->is_encrypt = (uint8_t)(encrypt ? 1 : 0);
        operation->state = ST_SETUP;
        operation->lengths_set = 0;
        operation->key = key;
        operation->key_serial = slot->serial;
    }
    pp_slot_unlock(slot);
    if (status != PSA_SUCCESS) {
        psa_aead_abort(operation);
    }
    return status;
}

psa_status_t psa_aead_encrypt_setup(psa_aead_operation_t *operation, psa_key_id_t key,
                                    psa_algorithm_t alg)
{
    return aead_setup(operation, key, alg, 1);
}

psa_status_t psa_aead_decrypt_setup(psa_aead_operation_t *operation, psa_key_id_t key,
                                    psa_algorithm_t alg)
{
    return aead_setup(operation, key, alg, 0);
}

/* Every step after setup: initialised, an operation, active and not
 * failed, the key still there (spec 9.6.5: else BAD_STATE, the keyed
 * state wiped, only abort accepted). */
static psa_status_t check_active(psa_aead_operation_t *operation)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (operation->alg == 0 || operation->is_encrypt > 1) {
        return PSA_ERROR_BAD_STATE;
    }
    if (pp_slot_key_gone(operation->key, operation->key_serial,
                         usage_of(operation->is_encrypt), operation->alg)) {
        pp_aead_abort(&operation->ctx);
        operation->key = PSA_KEY_ID_NULL;
        operation->is_encrypt = 2;
        return PSA_ERROR_BAD_STATE;
    }
    return PSA_SUCCESS;
}

static psa_status_t fail(psa_aead_operation_t *operation, psa_status_t status)
{
    psa_aead_abort(operation);
    return status;
}

psa_status_t psa_aead_set_lengths(psa_aead_operation_t *operation, size_t ad_length,
                                  size_t plaintext_length)
{
    psa_status_t status = check_active(operation);
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation->lengths_set || operation->state > ST_NONCE) {
        return PSA_ERROR_BAD_STATE;   /* spec: before update_ad / update, once */
    }
    status = pp_aead_set_lengths(&operation->ctx, ad_length, plaintext_length);
    if (status != PSA_SUCCESS) {
        return fail(operation, status);
    }
    operation->lengths_set = 1;
    operation->ad_remaining = ad_length;
    operation->data_remaining = plaintext_length;
    return PSA_SUCCESS;
}

psa_status_t psa_aead_set_nonce(psa_aead_operation_t *operation, const uint8_t *nonce,
                                size_t nonce_length)
{
    psa_status_t status;
    if (operation != NULL && BUFFER_IS_BAD(nonce, nonce_length)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = check_active(operation);
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation->state != ST_SETUP) {
        return PSA_ERROR_BAD_STATE;
    }
    status = pp_aead_set_nonce(&operation->ctx, nonce, nonce_length);
    if (status != PSA_SUCCESS) {
        return fail(operation, status);
    }
    operation->state = ST_NONCE;
    return PSA_SUCCESS;
}

psa_status_t psa_aead_generate_nonce(psa_aead_operation_t *operation, uint8_t *nonce,
                                     size_t nonce_size, size_t *nonce_length)
{
    uint8_t fresh[PSA_AEAD_NONCE_MAX_SIZE];
    size_t length;
    psa_status_t status;
    if (nonce_length == NULL || BUFFER_IS_BAD(nonce, nonce_size)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else {
        status = check_active(operation);
    }
    if (status == PSA_SUCCESS && (!operation->is_encrypt || operation->state != ST_SETUP)) {
        status = PSA_ERROR_BAD_STATE;   /* spec: an active encryption, no nonce yet */
    }
    if (status != PSA_SUCCESS) {
        return pp_fail_output(status, nonce, nonce_size, nonce_length);
    }
    length = pp_aead_nonce_length(&operation->ctx);
    status = nonce_size < length ? PSA_ERROR_BUFFER_TOO_SMALL : pp_random_bytes(fresh, length);
    if (status == PSA_SUCCESS) {
        status = pp_aead_set_nonce(&operation->ctx, fresh, length);
    }
    if (status == PSA_SUCCESS) {
        memcpy(nonce, fresh, length);
        *nonce_length = length;
        operation->state = ST_NONCE;
    } else {
        fail(operation, status);
        status = pp_fail_output(status, nonce, nonce_size, nonce_length);
    }
    pp_wipe(fresh, sizeof(fresh));
    return status;
}

/* The state rules of update_ad (data == 0) and update (data == 1). */
static psa_status_t check_input(psa_aead_operation_t *operation, int data, size_t length)
{
    psa_status_t status = check_active(operation);
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation->state == ST_SETUP || (!data && operation->state == ST_DATA)) {
        return PSA_ERROR_BAD_STATE;   /* no nonce yet; AD after data */
    }
    if (!operation->lengths_set) {
        /* CCM's first block holds both lengths (SP 800-38C A.2.1). */
        return pp_aead_needs_lengths(&operation->ctx) ? PSA_ERROR_BAD_STATE : PSA_SUCCESS;
    }
    if (data ? (operation->ad_remaining != 0 || length > operation->data_remaining)
             : length > operation->ad_remaining) {
        return fail(operation, PSA_ERROR_INVALID_ARGUMENT);   /* not what was declared */
    }
    return PSA_SUCCESS;
}

psa_status_t psa_aead_update_ad(psa_aead_operation_t *operation, const uint8_t *input,
                                size_t input_length)
{
    psa_status_t status;
    if (operation != NULL && BUFFER_IS_BAD(input, input_length)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = check_input(operation, 0, input_length);
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = pp_aead_update_ad(&operation->ctx, input, input_length);
    if (status != PSA_SUCCESS) {
        return fail(operation, status);
    }
    operation->ad_remaining -= operation->lengths_set ? input_length : 0u;
    operation->state = ST_AD;
    return PSA_SUCCESS;
}

psa_status_t psa_aead_update(psa_aead_operation_t *operation, const uint8_t *input,
                             size_t input_length, uint8_t *output, size_t output_size,
                             size_t *output_length)
{
    psa_status_t status = PSA_SUCCESS;
    if (output_length == NULL || BUFFER_IS_BAD(input, input_length) ||
        BUFFER_IS_BAD(output, output_size)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else {
        status = check_input(operation, 1, input_length);
    }
    if (status == PSA_SUCCESS && output_size < input_length) {
        status = fail(operation, PSA_ERROR_BUFFER_TOO_SMALL);
    }
    if (status == PSA_SUCCESS) {
        status = pp_aead_update(&operation->ctx, input, input_length, output);
        if (status != PSA_SUCCESS) {
            fail(operation, status);
        }
    }
    if (status != PSA_SUCCESS) {
        return pp_fail_output(status, output, output_size, output_length);
    }
    operation->data_remaining -= operation->lengths_set ? input_length : 0u;
    operation->state = ST_DATA;
    *output_length = input_length;
    return PSA_SUCCESS;
}

/* The rules both ends share: a nonce, CCM's lengths, all declared bytes. */
static psa_status_t check_end(psa_aead_operation_t *operation, int encrypt)
{
    psa_status_t status = check_active(operation);
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation->is_encrypt != (uint8_t)encrypt || operation->state == ST_SETUP ||
        (!operation->lengths_set && pp_aead_needs_lengths(&operation->ctx))) {
        return PSA_ERROR_BAD_STATE;
    }
    if (operation->lengths_set && (operation->ad_remaining != 0 || operation->data_remaining != 0)) {
        return fail(operation, PSA_ERROR_INVALID_ARGUMENT);
    }
    return PSA_SUCCESS;
}

static size_t tag_length_of(psa_algorithm_t alg)
{
    return (size_t)((alg & PSA_ALG_AEAD_TAG_LENGTH_MASK) >> PSA_AEAD_TAG_LENGTH_OFFSET);
}

psa_status_t psa_aead_finish(psa_aead_operation_t *operation, uint8_t *ciphertext,
                             size_t ciphertext_size, size_t *ciphertext_length, uint8_t *tag,
                             size_t tag_size, size_t *tag_length)
{
    uint8_t full[PSA_AEAD_TAG_MAX_SIZE];
    size_t length = 0;
    psa_status_t status = PSA_SUCCESS;
    if (ciphertext_length == NULL || tag_length == NULL ||
        BUFFER_IS_BAD(ciphertext, ciphertext_size) || BUFFER_IS_BAD(tag, tag_size)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else {
        status = check_end(operation, 1);
    }
    if (status == PSA_SUCCESS) {
        length = tag_length_of(operation->alg);
        if (tag_size < length) {
            status = fail(operation, PSA_ERROR_BUFFER_TOO_SMALL);
        }
    }
    if (status == PSA_SUCCESS) {
        status = pp_aead_finish(&operation->ctx, full);   /* wipes the context */
        psa_aead_abort(operation);
    }
    if (status != PSA_SUCCESS) {
        pp_wipe(full, sizeof(full));
        (void)pp_fail_output(status, ciphertext, ciphertext_size, ciphertext_length);
        return pp_fail_output(status, tag, tag_size, tag_length);
    }
    memcpy(tag, full, length);
    pp_wipe(full, sizeof(full));
    *tag_length = length;
    *ciphertext_length = 0;
    return PSA_SUCCESS;
}

psa_status_t psa_aead_verify(psa_aead_operation_t *operation, uint8_t *plaintext,
                             size_t plaintext_size, size_t *plaintext_length, const uint8_t *tag,
                             size_t tag_length)
{
    psa_status_t status = PSA_SUCCESS;
    if (plaintext_length == NULL || BUFFER_IS_BAD(plaintext, plaintext_size) ||
        BUFFER_IS_BAD(tag, tag_length)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else {
        status = check_end(operation, 0);
    }
    if (status != PSA_SUCCESS) {
        return pp_fail_output(status, plaintext, plaintext_size, plaintext_length);
    }
    /* The length is public; the tag bytes are compared in constant time by
     * the engine, and nothing here branches on the verdict (it is the
     * caller's): verify writes no plaintext either way. */
    status = tag_length != tag_length_of(operation->alg)
                 ? PSA_ERROR_INVALID_SIGNATURE
                 : pp_aead_verify(&operation->ctx, tag, tag_length);   /* wipes */
    psa_aead_abort(operation);
    *plaintext_length = 0;
    return status;
}

/* The end of psa_aead_decrypt: the plaintext (n bytes) leaves only with
 * a good tag, else those bytes are cleared and the length is 0 (spec
 * 10.5.2: no unauthenticated plaintext), with a mask, so nothing branches
 * on the verdict before the caller does. Only those n bytes: decryption
 * writes nothing past them (the tag is read from the input, never staged
 * in the output), so the rest of the buffer still holds the caller's own
 * bytes and is left so, good tag or bad (the one exception to crypto.h's
 * "whole output wiped on error"). Clearing it on every open, which a
 * branch-free rule needs, cost 0.12-0.15 us per 64-byte open with the
 * bench's 16 KiB buffer, the whole gap of those rows to OpenSSL.
 * test_psa_aead checks both: a bad tag leaves the n bytes zero, and no
 * call writes past them. */
static psa_status_t release_if_authentic(psa_status_t verdict, uint8_t *output, size_t n,
                                         size_t *output_length)
{
    /* all-ones: authentic; through the barrier, so no compiler turns the
     * masking below into a branch on the verdict */
    uint32_t ok = pp_ct_barrier_u32(pp_ct_mask_zero_u32((uint32_t)verdict));
    pp_ct_mask_bytes(output, n, ok);
    *output_length = n & ((size_t)0 - (size_t)(ok & 1u));
    return verdict;
}

/* The size rules of both single-part functions, after the setup checks:
 * the data length, and room for it (and for the tag when encrypting). */
static psa_status_t one_shot_sizes(int encrypt, size_t input_length, size_t tag_length,
                                   size_t output_size, size_t *data_length)
{
    if (encrypt) {
        *data_length = input_length;
        return output_size < input_length || output_size - input_length < tag_length
                   ? PSA_ERROR_BUFFER_TOO_SMALL
                   : PSA_SUCCESS;
    }
    *data_length = input_length - (input_length < tag_length ? input_length : tag_length);
    if (input_length < tag_length) {
        return PSA_ERROR_INVALID_SIGNATURE;   /* no room for a tag: not authentic */
    }
    return output_size < *data_length ? PSA_ERROR_BUFFER_TOO_SMALL : PSA_SUCCESS;
}

/* The arguments of one single-part call. */
typedef struct {
    psa_algorithm_t alg;
    int encrypt;
    const uint8_t *nonce;
    size_t nonce_length;
    const uint8_t *ad;
    size_t ad_length;
    const uint8_t *input;
    size_t input_length;
    uint8_t *output;
    size_t output_size;
    size_t *output_length;
} one_shot_args;

/* The end of both paths: decryption that reached the tag check releases
 * the plaintext only when authentic; any other failure wipes the output. */
static psa_status_t one_shot_end(const one_shot_args *a, psa_status_t status, int verdict,
                                 size_t data_length, size_t tag_length)
{
    if (verdict) {
        return release_if_authentic(status, a->output, data_length, a->output_length);
    }
    if (status != PSA_SUCCESS) {
        return pp_fail_output(status, a->output, a->output_size, a->output_length);
    }
    *a->output_length = data_length + tag_length;
    return PSA_SUCCESS;
}

#if PP_AEAD_CHACHAPOLY_ONESHOT
/* (X)ChaCha20-Poly1305 on a context of its own size (aead.h), not the
 * union picopsa_aead_context (about 530 bytes less stack on 32-bit
 * targets); the key is read in place, so the slot stays locked until the
 * message is done (a few microseconds; psa_destroy_key then waits, as for
 * any key in use). */
static psa_status_t PP_NOINLINE_ONE_SHOT one_shot_chachapoly(const one_shot_args *a,
                                                             pp_key_slot *slot)
{
    uint8_t tag[PP_CHACHAPOLY_TAG];
    pp_aead_message m;
    size_t data_length = 0;
    int verdict = 0;
    psa_status_t status = pp_dispatch_aead_key_fits(slot->attr.type, a->alg);
    if (status == PSA_SUCCESS) {
        status = pp_aead_chachapoly_check(a->alg, slot->material_len);
    }
    if (status == PSA_SUCCESS) {
        status = one_shot_sizes(a->encrypt, a->input_length, sizeof(tag), a->output_size,
                                &data_length);
    }
    if (status == PSA_SUCCESS) {
        if (!a->encrypt) {
            /* the tag first: the plaintext may be written over it */
            memcpy(tag, a->input + data_length, sizeof(tag));
        }
        m.nonce = a->nonce;
        m.nonce_length = a->nonce_length;
        m.ad = a->ad;
        m.ad_length = a->ad_length;
        m.input = a->input;
        m.length = data_length;
        m.output = a->output;
        m.tag = a->encrypt ? a->output + data_length : tag;
        status = pp_aead_chachapoly_oneshot(a->alg, slot->material, a->encrypt, &m, &verdict);
    }
    pp_slot_unlock(slot);
    pp_wipe(tag, sizeof(tag));
    return one_shot_end(a, status, verdict, data_length, sizeof(tag));
}
#endif

/* The other engines straight on a local context: no operation, so no
 * state checks, no key re-check (the key is copied into ctx at setup and
 * the slot unlocked then) and one wipe, in the multi-part calls' order of
 * checks. ctx is wiped by pp_aead_finish / pp_aead_verify, or by
 * pp_aead_abort on an error (nothing when setup failed: it wiped what it
 * wrote). */
static psa_status_t PP_NOINLINE_ONE_SHOT one_shot_engine(const one_shot_args *a,
                                                         pp_key_slot *slot)
{
    picopsa_aead_context ctx;
    uint8_t tag[PSA_AEAD_TAG_MAX_SIZE];
    size_t tag_length = tag_length_of(a->alg), data_length = 0;
    psa_status_t status;
    ctx.alg = 0;   /* a refusal before pp_aead_setup leaves nothing to wipe */
    status = pp_dispatch_aead_setup(&ctx, &slot->attr, slot->material, slot->material_len,
                                    a->alg, a->encrypt);
    pp_slot_unlock(slot);
    if (status == PSA_SUCCESS) {
        status = one_shot_sizes(a->encrypt, a->input_length, tag_length, a->output_size,
                                &data_length);
    }
    if (status == PSA_SUCCESS && !a->encrypt) {
        memcpy(tag, a->input + data_length, tag_length);   /* before the plaintext overwrites it */
    }
    if (status == PSA_SUCCESS) {
        status = pp_aead_set_lengths(&ctx, a->ad_length, data_length);
    }
    if (status == PSA_SUCCESS) {
        status = pp_aead_set_nonce(&ctx, a->nonce, a->nonce_length);
    }
    if (status == PSA_SUCCESS) {
        status = pp_aead_update_ad(&ctx, a->ad, a->ad_length);
    }
    if (status == PSA_SUCCESS) {
        status = pp_aead_update(&ctx, a->input, data_length, a->output);
    }
    if (status == PSA_SUCCESS && !a->encrypt) {
        status = pp_aead_verify(&ctx, tag, tag_length);   /* wipes ctx */
        pp_wipe(tag, sizeof(tag));
        return one_shot_end(a, status, 1, data_length, tag_length);
    }
    if (status == PSA_SUCCESS) {
        status = pp_aead_finish(&ctx, a->output + data_length);   /* wipes ctx */
    }
    pp_aead_abort(&ctx);   /* an error before the end; after it, nothing is left */
    pp_wipe(tag, sizeof(tag));
    return one_shot_end(a, status, 0, data_length, tag_length);
}

/* Both single-part functions (spec 10.5.2): the arguments, alg, the key
 * and its policy, then the engine's path. Encryption writes the tag after
 * the ciphertext, decryption takes it from the end of its input. On a bad
 * tag the plaintext written is cleared, on any other failure the whole
 * output is wiped, so a forged message releases no plaintext. */
static psa_status_t one_shot(psa_key_id_t key, psa_algorithm_t alg, int encrypt,
                             const uint8_t *nonce, size_t nonce_length, const uint8_t *ad,
                             size_t ad_length, const uint8_t *input, size_t input_length,
                             uint8_t *output, size_t output_size, size_t *output_length)
{
    one_shot_args a;
    pp_key_slot *slot;
    psa_status_t status = pp_core_check_initialized();
    if (status == PSA_SUCCESS &&
        (output_length == NULL || BUFFER_IS_BAD(nonce, nonce_length) ||
         BUFFER_IS_BAD(ad, ad_length) || BUFFER_IS_BAD(input, input_length) ||
         BUFFER_IS_BAD(output, output_size))) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS) {
        status = check_aead_alg(alg);
    }
    if (status == PSA_SUCCESS) {
        status = pp_slot_get_for_use(key, usage_of(encrypt), alg, &slot);
    }
    if (status != PSA_SUCCESS) {
        return pp_fail_output(status, output, output_size, output_length);
    }
    a.alg = alg;
    a.encrypt = encrypt;
    a.nonce = nonce;
    a.nonce_length = nonce_length;
    a.ad = ad;
    a.ad_length = ad_length;
    a.input = input;
    a.input_length = input_length;
    a.output = output;
    a.output_size = output_size;
    a.output_length = output_length;
#if PP_AEAD_CHACHAPOLY_ONESHOT
    if (pp_aead_is_chachapoly(alg)) {
        return one_shot_chachapoly(&a, slot);
    }
#endif
    return one_shot_engine(&a, slot);
}

psa_status_t psa_aead_encrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *nonce,
                              size_t nonce_length, const uint8_t *additional_data,
                              size_t additional_data_length, const uint8_t *plaintext,
                              size_t plaintext_length, uint8_t *ciphertext,
                              size_t ciphertext_size, size_t *ciphertext_length)
{
    return one_shot(key, alg, 1, nonce, nonce_length, additional_data, additional_data_length,
                    plaintext, plaintext_length, ciphertext, ciphertext_size, ciphertext_length);
}

psa_status_t psa_aead_decrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *nonce,
                              size_t nonce_length, const uint8_t *additional_data,
                              size_t additional_data_length, const uint8_t *ciphertext,
                              size_t ciphertext_length, uint8_t *plaintext,
                              size_t plaintext_size, size_t *plaintext_length)
{
    return one_shot(key, alg, 0, nonce, nonce_length, additional_data, additional_data_length,
                    ciphertext, ciphertext_length, plaintext, plaintext_size, plaintext_length);
}

#endif /* PP_AEAD_BUILT */
