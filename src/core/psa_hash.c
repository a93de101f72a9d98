/*
 * psa_hash.c -- message digests (spec 10.2) over src/hash/pp_hash.h: SHA-1,
 * SHA-2, SHA-3 and SHAKE256/512. Suspend/resume (10.2.5) exist for SHA-1 and
 * SHA-2 only; the spec defines no format for SHA-3 or SHAKE, which answer
 * PSA_ERROR_NOT_SUPPORTED (write_suspend_state, psa_hash_resume).
 *
 * Operation state: operation->alg == 0 means inactive. Any error of an
 * active operation aborts it (the spec's "error state"; after
 * psa_hash_abort, or directly, it can be set up again).
 */
#include "core/pp_core.h"
#include "hash/pp_hash.h"
#include "hash/sha1.h"
#include "hash/sha256.h"
#include "hash/sha512.h"

#include <string.h>

/* Validate a hash algorithm before pp_hash_setup: non-hash values and the
 * ANY_HASH wildcard are INVALID_ARGUMENT (spec 10.2.3). */
static psa_status_t check_hash_alg(psa_algorithm_t alg)
{
    if (!PSA_ALG_IS_HASH(alg) || alg == PSA_ALG_ANY_HASH) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return PSA_SUCCESS;
}

psa_hash_operation_t psa_hash_operation_init(void)
{
    psa_hash_operation_t operation;
    memset(&operation, 0, sizeof(operation));
    return operation;
}

psa_status_t psa_hash_abort(psa_hash_operation_t *operation)
{
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    pp_hash_abort(&operation->ctx);   /* wipes the context */
    operation->alg = 0;
    return PSA_SUCCESS;
}

psa_status_t psa_hash_setup(psa_hash_operation_t *operation, psa_algorithm_t alg)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (operation->alg != 0) {
        return PSA_ERROR_BAD_STATE;
    }
    status = check_hash_alg(alg);
    if (status == PSA_SUCCESS) {
        status = pp_hash_setup(&operation->ctx, alg);
    }
    if (status != PSA_SUCCESS) {
        psa_hash_abort(operation);
        return status;
    }
    operation->alg = alg;
    return PSA_SUCCESS;
}

psa_status_t psa_hash_update(psa_hash_operation_t *operation, const uint8_t *input,
                             size_t input_length)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (operation->alg == 0) {
        return PSA_ERROR_BAD_STATE;
    }
    if (input == NULL && input_length != 0) {
        psa_hash_abort(operation);
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    pp_hash_update(&operation->ctx, input, input_length);
    return PSA_SUCCESS;
}

/* Finish into out (room for the digest size); *length gets that size. */
static psa_status_t finish_into(psa_hash_operation_t *operation, uint8_t *out, size_t *length)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (operation->alg == 0) {
        return PSA_ERROR_BAD_STATE;
    }
    *length = pp_hash_size(operation->alg);
    pp_hash_finish(&operation->ctx, out);   /* wipes the context */
    operation->alg = 0;
    return PSA_SUCCESS;
}

psa_status_t psa_hash_finish(psa_hash_operation_t *operation, uint8_t *hash, size_t hash_size,
                             size_t *hash_length)
{
    size_t length = 0;
    psa_status_t status;

    if (hash_length == NULL || (hash == NULL && hash_size != 0)) {
        if (operation != NULL && operation->alg != 0) {
            psa_hash_abort(operation);
        }
        return pp_fail_output(PSA_ERROR_INVALID_ARGUMENT, hash, hash_size, hash_length);
    }
    if (operation != NULL && operation->alg != 0 && hash_size < pp_hash_size(operation->alg)) {
        psa_hash_abort(operation);
        return pp_fail_output(PSA_ERROR_BUFFER_TOO_SMALL, hash, hash_size, hash_length);
    }
    /* The buffer is large enough (or the operation is inactive and nothing
     * is written): the digest goes straight to the caller. */
    status = finish_into(operation, hash, &length);
    if (status == PSA_SUCCESS) {
        *hash_length = length;
    }
    return pp_fail_output(status, hash, hash_size, hash_length);
}

psa_status_t psa_hash_verify(psa_hash_operation_t *operation, const uint8_t *hash,
                             size_t hash_length)
{
    uint8_t digest[PP_HASH_MAX_SIZE];
    size_t length = 0;
    psa_status_t status;

    if (hash == NULL && hash_length != 0) {
        if (operation != NULL && operation->alg != 0) {
            psa_hash_abort(operation);
        }
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = finish_into(operation, digest, &length);
    if (status == PSA_SUCCESS) {
        /* The message may be secret (a password): compare without branching. */
        status = hash_length != length ? PSA_ERROR_INVALID_SIGNATURE :
                 pp_status_from_equal_flag(pp_ct_memeq(digest, hash, length),
                                           PSA_ERROR_INVALID_SIGNATURE);
    }
    pp_wipe(digest, sizeof(digest));
    return status;
}

psa_status_t psa_hash_clone(const psa_hash_operation_t *source_operation,
                            psa_hash_operation_t *target_operation)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (source_operation == NULL || target_operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (source_operation->alg == 0 || target_operation->alg != 0) {
        return PSA_ERROR_BAD_STATE;
    }
    /* picopsa/primitives.h: contexts clone by assignment. */
    *target_operation = *source_operation;
    return PSA_SUCCESS;
}

/* ---- suspend / resume (spec 10.2.5 "hash suspend state") -------------
 * state = algorithm (BE32) || input_length (BE, 8 bytes for SHA-1 and
 * SHA-224/256, 16 for SHA-384/512/512_224/512_256: all input bytes so far)
 * || hash_state (H0..H4 / H0..H7 as BE32 / BE64 words) ||
 * unprocessed_input (input_length mod block size bytes). The contexts of picopsa/primitives.h hold exactly these:
 * `length` counts every byte given to update, block[] the partial block. */

static int is_sha256_family(psa_algorithm_t alg)
{
    return alg == PSA_ALG_SHA_224 || alg == PSA_ALG_SHA_256;
}

static int is_sha512_family(psa_algorithm_t alg)
{
    /* The PSA_WANT terms fold a configured-out hash away (0 bytes). */
    return alg == PSA_ALG_SHA_384 || alg == PSA_ALG_SHA_512 ||
           (PSA_WANT_ALG_SHA_512_224 && alg == PSA_ALG_SHA_512_224) ||
           (PSA_WANT_ALG_SHA_512_256 && alg == PSA_ALG_SHA_512_256);
}

/* Write the suspend state of an active SHA-2 operation; *length = 0 and
 * BUFFER_TOO_SMALL when it does not fit. */
static psa_status_t write_suspend_state(const psa_hash_operation_t *operation, uint8_t *out,
                                        size_t out_size, size_t *length)
{
    size_t i, used, total;
    if (is_sha256_family(operation->alg)) {
        const picopsa_sha256_context *c = &operation->ctx.u.sha256;
        used = c->block_used;
        total = 4u + 8u + 32u + used;
        if (out_size < total) {
            return PSA_ERROR_BUFFER_TOO_SMALL;
        }
        pp_store_be32(out, operation->alg);
        pp_store_be64(out + 4, c->length);
        for (i = 0; i < 8; i++) {
            pp_store_be32(out + 12 + 4 * i, c->state[i]);
        }
        memcpy(out + 44, c->block, used);
    } else if (is_sha512_family(operation->alg)) {
        const picopsa_sha512_context *c = &operation->ctx.u.sha512;
        used = c->block_used;
        total = 4u + 16u + 64u + used;
        if (out_size < total) {
            return PSA_ERROR_BUFFER_TOO_SMALL;
        }
        pp_store_be32(out, operation->alg);
        pp_store_be64(out + 4, c->length_hi);
        pp_store_be64(out + 12, c->length_lo);
        for (i = 0; i < 8; i++) {
            pp_store_be64(out + 20 + 8 * i, c->state[i]);
        }
        memcpy(out + 84, c->block, used);
#if PSA_WANT_ALG_SHA_1
    } else if (operation->alg == PSA_ALG_SHA_1) {
        const picopsa_sha1_context *c = &operation->ctx.u.sha1;
        used = c->block_used;
        total = 4u + 8u + 20u + used;
        if (out_size < total) {
            return PSA_ERROR_BUFFER_TOO_SMALL;
        }
        pp_store_be32(out, operation->alg);
        pp_store_be64(out + 4, c->length);
        for (i = 0; i < 5; i++) {
            pp_store_be32(out + 12 + 4 * i, c->state[i]);
        }
        memcpy(out + 32, c->block, used);
#endif
    } else {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    *length = total;
    return PSA_SUCCESS;
}

/* Load a suspend state into a context already set up for its algorithm.
 * INVALID_ARGUMENT unless the length matches the format exactly and the
 * byte count is one the hash can still finish (FIPS 180-4 5.1: below
 * 2^64 / 2^128 bits). */
static psa_status_t read_suspend_state(psa_hash_operation_t *operation, const uint8_t *in,
                                       size_t in_len)
{
    size_t i, used;
    if (is_sha256_family(operation->alg)) {
        picopsa_sha256_context *c = &operation->ctx.u.sha256;
        uint64_t length;
        if (in_len < 4u + 8u + 32u) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        length = pp_load_be64(in + 4);
        used = (size_t)(length % PP_SHA256_BLOCK_SIZE);
        if (in_len != 4u + 8u + 32u + used || (length >> 61) != 0) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        c->length = length;
        for (i = 0; i < 8; i++) {
            c->state[i] = pp_load_be32(in + 12 + 4 * i);
        }
        memcpy(c->block, in + 44, used);
        c->block_used = used;
    } else if (is_sha512_family(operation->alg)) {
        picopsa_sha512_context *c = &operation->ctx.u.sha512;
        uint64_t length_hi, length_lo;
        if (in_len < 4u + 16u + 64u) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        length_hi = pp_load_be64(in + 4);
        length_lo = pp_load_be64(in + 12);
        used = (size_t)(length_lo % PP_SHA512_BLOCK_SIZE);
        if (in_len != 4u + 16u + 64u + used || (length_hi >> 61) != 0) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        c->length_hi = length_hi;
        c->length_lo = length_lo;
        for (i = 0; i < 8; i++) {
            c->state[i] = pp_load_be64(in + 20 + 8 * i);
        }
        memcpy(c->block, in + 84, used);
        c->block_used = used;
#if PSA_WANT_ALG_SHA_1
    } else if (operation->alg == PSA_ALG_SHA_1) {
        picopsa_sha1_context *c = &operation->ctx.u.sha1;
        uint64_t length;
        if (in_len < 4u + 8u + 20u) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        length = pp_load_be64(in + 4);
        used = (size_t)(length % PP_SHA1_BLOCK_SIZE);
        if (in_len != 4u + 8u + 20u + used || (length >> 61) != 0) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        c->length = length;
        for (i = 0; i < 5; i++) {
            c->state[i] = pp_load_be32(in + 12 + 4 * i);
        }
        memcpy(c->block, in + 32, used);
        c->block_used = used;
#endif
    } else {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    return PSA_SUCCESS;
}

psa_status_t psa_hash_suspend(psa_hash_operation_t *operation, uint8_t *hash_state,
                              size_t hash_state_size, size_t *hash_state_length)
{
    psa_status_t status = pp_core_check_initialized();
    if (hash_state_length != NULL) {
        *hash_state_length = 0;
    }
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (operation->alg == 0) {
        return PSA_ERROR_BAD_STATE;
    }
    if (hash_state_length == NULL || (hash_state == NULL && hash_state_size != 0)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else {
        status = write_suspend_state(operation, hash_state, hash_state_size, hash_state_length);
    }
    /* Success ends the operation; an error puts it in the error state,
     * which here is the aborted (inactive) state. */
    psa_hash_abort(operation);
    return pp_fail_output(status, hash_state, hash_state_size, hash_state_length);
}

psa_status_t psa_hash_resume(psa_hash_operation_t *operation, const uint8_t *hash_state,
                             size_t hash_state_length)
{
    psa_algorithm_t alg;
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL || (hash_state == NULL && hash_state_length != 0)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (operation->alg != 0) {
        return PSA_ERROR_BAD_STATE;
    }
    if (hash_state_length < PSA_HASH_SUSPEND_ALGORITHM_FIELD_LENGTH) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    alg = pp_load_be32(hash_state);
    status = check_hash_alg(alg);
    if (status == PSA_SUCCESS && !is_sha256_family(alg) && !is_sha512_family(alg) &&
        !(PSA_WANT_ALG_SHA_1 && alg == PSA_ALG_SHA_1)) {
        /* A hash picopsa does not build, or one without a suspend format
         * (SHA-3, SM3). */
        status = PSA_ERROR_NOT_SUPPORTED;
    }
    if (status == PSA_SUCCESS) {
        status = pp_hash_setup(&operation->ctx, alg);   /* digest size, family */
    }
    if (status == PSA_SUCCESS) {
        operation->alg = alg;
        status = read_suspend_state(operation, hash_state, hash_state_length);
    }
    if (status != PSA_SUCCESS) {
        psa_hash_abort(operation);
    }
    return status;
}

psa_status_t psa_hash_compute(psa_algorithm_t alg, const uint8_t *input, size_t input_length,
                              uint8_t *hash, size_t hash_size, size_t *hash_length)
{
    size_t length = pp_hash_size(alg);   /* 0 when not built */
    psa_status_t status = pp_core_check_initialized();

    if (status == PSA_SUCCESS && (hash_length == NULL || (hash == NULL && hash_size != 0) ||
                                  (input == NULL && input_length != 0))) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS) {
        status = check_hash_alg(alg);
    }
    if (status == PSA_SUCCESS && length != 0 && hash_size < length) {
        status = PSA_ERROR_BUFFER_TOO_SMALL;
    }
    if (status == PSA_SUCCESS) {
        /* Writes `length` bytes, or nothing and NOT_SUPPORTED. */
        status = pp_hash_compute(alg, input, input_length, hash);
    }
    if (status == PSA_SUCCESS) {
        *hash_length = length;
    }
    return pp_fail_output(status, hash, hash_size, hash_length);
}

psa_status_t psa_hash_compare(psa_algorithm_t alg, const uint8_t *input, size_t input_length,
                              const uint8_t *hash, size_t hash_length)
{
    uint8_t digest[PP_HASH_MAX_SIZE];
    psa_status_t status = pp_core_check_initialized();

    if (status == PSA_SUCCESS && ((hash == NULL && hash_length != 0) ||
                                  (input == NULL && input_length != 0))) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS) {
        status = check_hash_alg(alg);
    }
    if (status == PSA_SUCCESS) {
        status = pp_hash_compute(alg, input, input_length, digest);
    }
    if (status == PSA_SUCCESS) {
        status = hash_length != pp_hash_size(alg) ? PSA_ERROR_INVALID_SIGNATURE :
                 pp_status_from_equal_flag(pp_ct_memeq(digest, hash, hash_length),
                                           PSA_ERROR_INVALID_SIGNATURE);
    }
    pp_wipe(digest, sizeof(digest));
    return status;
}
