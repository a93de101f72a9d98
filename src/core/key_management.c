/*
 * key_management.c -- key creation, export and destruction (spec 9.6):
 * psa_import_key, psa_generate_key(_custom), psa_copy_key,
 * psa_export_key, psa_export_public_key, psa_destroy_key, psa_purge_key.
 *
 * This front end checks the attributes (lifetime, id, usage bits), takes
 * and fills key slots and applies the policy; the dispatch layer
 * (src/dispatch/dispatch_key_management.c) routes the key data to the
 * driver of the key type, which validates it and owns the layout of the
 * key buffer. Keys live in local storage; persistent keys (lifetime
 * persistence DEFAULT, a user id) need an ITS backend
 * (PICOPSA_ITS_BACKEND, docs/storage.md), else PSA_ERROR_NOT_SUPPORTED.
 * key_slots.c stores them when their creation finishes (pp_slot_commit).
 */
#include "core/pp_core.h"
#include "dispatch/pp_dispatch.h"

#include <string.h>

/* Attribute checks shared by every key creation function (spec 9.6.1),
 * psa_copy_key's attributes included. */
static psa_status_t check_creation_attributes(const psa_key_attributes_t *attributes)
{
    if (!PSA_KEY_LIFETIME_IS_VOLATILE(attributes->lifetime)) {
#if PP_ITS_BUILT
        /* Spec 9.3: only the default persistence level in local storage
         * is built; the id must be in the application's range (9.3.2). */
        if (PSA_KEY_LIFETIME_GET_PERSISTENCE(attributes->lifetime) != PSA_KEY_PERSISTENCE_DEFAULT ||
            PSA_KEY_LIFETIME_GET_LOCATION(attributes->lifetime) != PSA_KEY_LOCATION_LOCAL_STORAGE) {
            return PSA_ERROR_NOT_SUPPORTED;
        }
        if (attributes->id < PSA_KEY_ID_USER_MIN || attributes->id > PSA_KEY_ID_USER_MAX) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
#else
        /* No persistent storage is built (docs/api-support.md). */
        return PSA_ERROR_NOT_SUPPORTED;
#endif
    } else if (PSA_KEY_LIFETIME_GET_LOCATION(attributes->lifetime) != PSA_KEY_LOCATION_LOCAL_STORAGE) {
        return PSA_ERROR_NOT_SUPPORTED;
    } else if (attributes->id != PSA_KEY_ID_NULL) {
        /* A volatile key cannot have a caller-chosen id (spec 9.3.2). */
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (attributes->type == PSA_KEY_TYPE_NONE || attributes->bits > PSA_MAX_KEY_BITS) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if ((attributes->usage & ~(psa_key_usage_t)PP_KEY_USAGE_DEFINED) != 0) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* undefined usage bits */
    }
    return PSA_SUCCESS;
}

#if PP_ITS_BUILT
/* A slot for a new key: a fresh volatile id, or the caller's persistent id. */
static psa_status_t allocate_for(const psa_key_attributes_t *attributes, size_t size,
                                 pp_key_slot **slot)
{
    if (PSA_KEY_LIFETIME_IS_VOLATILE(attributes->lifetime)) {
        return pp_slot_allocate(size, slot);
    }
    return pp_slot_allocate_persistent(attributes->id, size, slot);
}
#else
#define allocate_for(attributes, size, slot) pp_slot_allocate(size, slot)
#endif

/* Fill a reserved slot's attributes from the caller's and publish its id
 * (a persistent key is stored first; on failure the slot is freed, and
 * the storage error returned). Without storage it cannot fail (void: the
 * configured-out code costs 0 bytes, -O0 included). */
#if PP_ITS_BUILT
static psa_status_t finish_creation(pp_key_slot *slot, const psa_key_attributes_t *attributes,
                                    size_t bits, psa_key_id_t *key)
#else
static void finish_creation(pp_key_slot *slot, const psa_key_attributes_t *attributes,
                            size_t bits, psa_key_id_t *key)
#endif
{
    slot->attr.type = attributes->type;
    slot->attr.bits = bits;
    slot->attr.lifetime = attributes->lifetime;
    slot->attr.usage = pp_usage_with_implied(attributes->usage);
    slot->attr.alg = attributes->alg;
#if PP_ITS_BUILT
    {
        psa_key_id_t id = slot->attr.id;
        psa_status_t status = pp_slot_commit(slot);
        if (status == PSA_SUCCESS) {
            *key = id;
        }
        return status;
    }
#else
    *key = slot->attr.id;
    pp_slot_publish(slot);
#endif
}

psa_status_t psa_import_key(const psa_key_attributes_t *attributes,
                            const uint8_t *data, size_t data_length,
                            psa_key_id_t *key)
{
    pp_key_slot *slot;
    size_t bits = 0, size = 0;
    psa_status_t status;

    if (key != NULL) {
        *key = PSA_KEY_ID_NULL;
    }
    status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (attributes == NULL || key == NULL || (data == NULL && data_length != 0)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = check_creation_attributes(attributes);
    if (status == PSA_SUCCESS) {
        status = pp_dispatch_import_buffer_size(attributes, data_length, &size);
    }
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = allocate_for(attributes, size, &slot);
    if (status != PSA_SUCCESS) {
        return status;
    }
    /* The driver checks the data and a size in the attributes (spec 9.6.2). */
    status = pp_dispatch_import_key(attributes, data, data_length, slot->material,
                                    slot->material_size, &slot->material_len, &bits);
    if (status != PSA_SUCCESS) {
        pp_slot_abandon(slot);
        return status;
    }
#if PP_ITS_BUILT
    return finish_creation(slot, attributes, bits, key);
#else
    finish_creation(slot, attributes, bits, key);
    return PSA_SUCCESS;
#endif
}

psa_custom_key_parameters_t psa_custom_key_parameters_init(void)
{
    psa_custom_key_parameters_t custom;
    memset(&custom, 0, sizeof(custom));
    return custom;
}

psa_status_t psa_generate_key_custom(const psa_key_attributes_t *attributes,
                                     const psa_custom_key_parameters_t *custom,
                                     const uint8_t *custom_data, size_t custom_data_length,
                                     psa_key_id_t *key)
{
    pp_key_slot *slot;
    size_t size = 0;
    psa_status_t status;

    if (key != NULL) {
        *key = PSA_KEY_ID_NULL;
    }
    status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (attributes == NULL || key == NULL || custom == NULL ||
        (custom_data == NULL && custom_data_length != 0)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = check_creation_attributes(attributes);
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (custom->flags != 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_dispatch_generate_buffer_size(attributes, custom_data_length, &size);
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = allocate_for(attributes, size, &slot);
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = pp_dispatch_generate_key(attributes, custom_data, custom_data_length, slot->material,
                                      slot->material_size, &slot->material_len);
    if (status != PSA_SUCCESS) {
        pp_slot_abandon(slot);
        return status;
    }
#if PP_ITS_BUILT
    return finish_creation(slot, attributes, attributes->bits, key);
#else
    finish_creation(slot, attributes, attributes->bits, key);
    return PSA_SUCCESS;
#endif
}

psa_status_t psa_generate_key(const psa_key_attributes_t *attributes, psa_key_id_t *key)
{
    psa_custom_key_parameters_t default_params = psa_custom_key_parameters_init();
    return psa_generate_key_custom(attributes, &default_params, NULL, 0, key);
}

psa_status_t psa_copy_key(psa_key_id_t source_key, const psa_key_attributes_t *attributes,
                          psa_key_id_t *target_key)
{
    pp_key_slot *source, *target;
    psa_algorithm_t alg;
    psa_status_t status;

    if (target_key != NULL) {
        *target_key = PSA_KEY_ID_NULL;
    }
    status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (attributes == NULL || target_key == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_slot_get_for_use(source_key, PSA_KEY_USAGE_COPY, PSA_ALG_NONE, &source);
    if (status != PSA_SUCCESS) {
        return status;
    }
    /* Spec 9.6.4: type and size come from the source (attributes may
     * repeat them), the policy is the intersection of both. */
    if ((attributes->type != PSA_KEY_TYPE_NONE && attributes->type != source->attr.type) ||
        (attributes->bits != 0 && attributes->bits != source->attr.bits)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else if (!pp_policy_intersect(source->attr.alg, attributes->alg, source->attr.type, &alg)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else {
        psa_key_attributes_t target_attributes = *attributes;
        target_attributes.type = source->attr.type;
        status = check_creation_attributes(&target_attributes);
        if (status == PSA_SUCCESS) {
            status = allocate_for(&target_attributes, source->material_len, &target);
        }
        if (status == PSA_SUCCESS) {
            memcpy(target->material, source->material, source->material_len);
            target->material_len = source->material_len;
            target_attributes.usage =
                source->attr.usage & pp_usage_with_implied(attributes->usage);
            target_attributes.alg = alg;
#if PP_ITS_BUILT
            status =
#endif
                finish_creation(target, &target_attributes, source->attr.bits, target_key);
        }
    }
    pp_slot_unlock(source);
    return status;
}

psa_status_t psa_destroy_key(psa_key_id_t key)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (key == PSA_KEY_ID_NULL) {
        return PSA_SUCCESS;   /* spec 9.6.5: destroying the null key is a no-op */
    }
    return pp_slot_destroy(key);
}

psa_status_t psa_purge_key(psa_key_id_t key)
{
#if !PP_ITS_BUILT
    pp_key_slot *slot;
#endif
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
#if PP_ITS_BUILT
    return pp_slot_purge(key);
#else
    status = pp_slot_get(key, &slot);
    if (status != PSA_SUCCESS) {
        return status;
    }
    /* Spec 9.6.6: volatile keys (the only kind here) are left alone. */
    pp_slot_unlock(slot);
    return PSA_SUCCESS;
#endif
}

static psa_status_t export_common(psa_key_id_t key, int public_only, uint8_t *data,
                                  size_t data_size, size_t *data_length)
{
    pp_key_slot *slot;
    psa_status_t status = pp_core_check_initialized();
    if (data_length != NULL) {
        *data_length = 0;
    }
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (data_length == NULL || (data == NULL && data_size != 0)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_slot_get(key, &slot);
    if (status != PSA_SUCCESS) {
        return pp_fail_output(status, data, data_size, data_length);
    }
    if (!public_only && !PSA_KEY_TYPE_IS_PUBLIC_KEY(slot->attr.type) &&
        (slot->attr.usage & PSA_KEY_USAGE_EXPORT) == 0) {
        /* Spec 9.5.2: public keys are always exportable. */
        status = PSA_ERROR_NOT_PERMITTED;
    } else {
        /* A key without a public part: the dispatch layer says so. */
        status = pp_dispatch_export(&slot->attr, slot->material, slot->material_len, public_only,
                                    data, data_size, data_length);
    }
    pp_slot_unlock(slot);
    return pp_fail_output(status, data, data_size, data_length);
}

psa_status_t psa_export_key(psa_key_id_t key, uint8_t *data, size_t data_size,
                            size_t *data_length)
{
    return export_common(key, 0, data, data_size, data_length);
}

psa_status_t psa_export_public_key(psa_key_id_t key, uint8_t *data, size_t data_size,
                                   size_t *data_length)
{
    return export_common(key, 1, data, data_size, data_length);
}
