/*
 * dispatch_fixed_key.c -- the key creation and export glue that every
 * fixed-size key family shares (dispatch/pp_drivers.h, pp_fixed_key_*):
 * Ed25519, X25519 and P-256 keep their export format at the start of the
 * key buffer, so size checks, the copy in, generation (random private
 * part, imported in place) and the copy out are the same code for each,
 * parameterised by a layout.
 * It lives in the dispatch layer, beside the driver contract it serves
 * (PSA attributes and status codes; src/common stays free of the PSA
 * API), and is built only with one of those families.
 */
#include "dispatch/pp_drivers.h"

#if PP_FIXED_KEY
#include <string.h>

#include "common/pp_util.h"
#include "random/pp_random.h"

static size_t material_of(const pp_fixed_key_layout *l, int pair)
{
    return pair ? l->pair_material : l->public_material;
}

psa_status_t pp_fixed_key_import(const pp_fixed_key_layout *l,
                                 const psa_key_attributes_t *attributes, const uint8_t *data,
                                 size_t data_length, uint8_t *key_buffer, size_t key_buffer_size,
                                 size_t *key_buffer_length, size_t *bits)
{
    int pair = PSA_KEY_TYPE_IS_KEY_PAIR(attributes->type);
    size_t need = material_of(l, pair);
    /* PSA driver interface: the driver checks a non-zero bits (spec 9.6.1:
     * INVALID_ARGUMENT when it does not match the data). */
    if ((attributes->bits != 0 && attributes->bits != l->bits) ||
        data_length != (pair ? l->private_size : l->public_size)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (key_buffer_size < need) {
        return PSA_ERROR_INSUFFICIENT_MEMORY;
    }
    if (data != key_buffer) {   /* generation draws in place */
        memcpy(key_buffer, data, data_length);
    }
    *key_buffer_length = need;
    *bits = l->bits;
    return PSA_SUCCESS;
}

psa_status_t pp_fixed_key_generate(const pp_fixed_key_layout *l,
                                   picopsa_driver_import_key_t *import_key,
                                   const psa_key_attributes_t *attributes, uint8_t *key_buffer,
                                   size_t key_buffer_size, size_t *key_buffer_length)
{
    psa_status_t status = PSA_ERROR_INSUFFICIENT_ENTROPY;
    size_t bits = 0;
    int tries;
    if (attributes->bits != l->bits) {
        /* The family's verdict on the size (no data: never a success). */
        status = import_key(attributes, NULL, 0, key_buffer, key_buffer_size, key_buffer_length,
                            &bits);
        return status == PSA_SUCCESS ? PSA_ERROR_INVALID_ARGUMENT : status;
    }
    if (key_buffer_size < l->pair_material) {
        return PSA_ERROR_INSUFFICIENT_MEMORY;
    }
    /* A refused draw says only that a discarded value was out of range. */
    for (tries = 0; tries < 64 && status != PSA_SUCCESS; tries++) {
        status = pp_random_bytes(key_buffer, l->private_size);
        if (status != PSA_SUCCESS) {
            break;
        }
        status = import_key(attributes, key_buffer, l->private_size, key_buffer,
                            key_buffer_size, key_buffer_length, &bits);
        if (status != PSA_SUCCESS && status != PSA_ERROR_INVALID_ARGUMENT) {
            break;
        }
    }
    if (status == PSA_ERROR_INVALID_ARGUMENT) {
        status = PSA_ERROR_INSUFFICIENT_ENTROPY;   /* 64 refused draws: a broken RNG */
    }
    if (status != PSA_SUCCESS) {
        pp_wipe(key_buffer, l->pair_material);
    }
    return status;
}

const pp_fixed_key_layout *pp_fixed_key_find(const pp_fixed_key_layout *ls, size_t n,
                                             const psa_key_attributes_t *attributes,
                                             size_t data_length)
{
    for (size_t i = 0; i < n; i++) {
        if (attributes->bits != 0 ? ls[i].bits == attributes->bits
                                  : !PSA_KEY_TYPE_IS_KEY_PAIR(attributes->type) &&
                                        ls[i].public_size == data_length) {
            return &ls[i];
        }
    }
    return NULL;
}

const pp_fixed_key_layout *pp_fixed_key_check_buffer(const pp_fixed_key_layout *l,
                                                     const psa_key_attributes_t *attributes,
                                                     size_t key_buffer_size)
{
    return l != NULL && key_buffer_size == material_of(l, PSA_KEY_TYPE_IS_KEY_PAIR(attributes->type))
               ? l
               : NULL;
}

psa_status_t pp_fixed_key_export(const pp_fixed_key_layout *l,
                                 const psa_key_attributes_t *attributes, const uint8_t *key_buffer,
                                 size_t key_buffer_size, int public_only, uint8_t *data,
                                 size_t data_size, size_t *data_length)
{
    int pair = PSA_KEY_TYPE_IS_KEY_PAIR(attributes->type);
    size_t len = (pair && !public_only) ? l->private_size : l->public_size;
    const uint8_t *from = (pair && public_only) ? key_buffer + l->public_offset : key_buffer;
    if (key_buffer_size != material_of(l, pair)) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    if (data_size < len) {
        return PSA_ERROR_BUFFER_TOO_SMALL;
    }
    memcpy(data, from, len);
    *data_length = len;
    return PSA_SUCCESS;
}

#else
/* ISO C needs a declaration in every translation unit. */
typedef int pp_fixed_key_unused_t;
#endif /* PP_FIXED_KEY */
