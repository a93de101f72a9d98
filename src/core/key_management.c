/*
 * key_management.c -- key creation, export and destruction (spec 9.6):
 * psa_import_key, psa_generate_key(_custom), psa_copy_key,
 * psa_export_key, psa_export_public_key, psa_destroy_key, psa_purge_key.
 *
 * Raw keys (HMAC, RAW_DATA, DERIVE, PASSWORD, PASSWORD_HASH, PEPPER) are
 * stored as their bytes; asymmetric keys are converted to and from the
 * families' key material through pp_dispatch.h. Only volatile keys in local
 * storage exist: persistent lifetimes return PSA_ERROR_NOT_SUPPORTED.
 */
#include "core/pp_core.h"
#include "random/pp_random.h"

#include <string.h>

int pp_key_type_is_raw(psa_key_type_t type)
{
    switch (type) {
#if PSA_WANT_KEY_TYPE_HMAC
    case PSA_KEY_TYPE_HMAC:
#endif
    case PSA_KEY_TYPE_RAW_DATA:
    case PSA_KEY_TYPE_DERIVE:
    case PSA_KEY_TYPE_PASSWORD:
    case PSA_KEY_TYPE_PASSWORD_HASH:
    case PSA_KEY_TYPE_PEPPER:
        return 1;
    default:
        return 0;
    }
}

int pp_key_type_is_eddsa(psa_key_type_t type)
{
#if PSA_WANT_ECC_TWISTED_EDWARDS_255
    return PSA_KEY_TYPE_IS_ECC(type) &&
           PSA_KEY_TYPE_ECC_GET_FAMILY(type) == PSA_ECC_FAMILY_TWISTED_EDWARDS;
#else
    (void)type;
    return 0;
#endif
}

int pp_key_type_is_rsa(psa_key_type_t type)
{
#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR
    if (type == PSA_KEY_TYPE_RSA_KEY_PAIR) {
        return 1;
    }
#endif
#if PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY
    if (type == PSA_KEY_TYPE_RSA_PUBLIC_KEY) {
        return 1;
    }
#endif
    (void)type;
    return 0;
}

/* Attribute checks shared by every key creation function (spec 9.6.1),
 * psa_copy_key's attributes included. */
static psa_status_t check_creation_attributes(const psa_key_attributes_t *attributes)
{
    if (!PSA_KEY_LIFETIME_IS_VOLATILE(attributes->lifetime)) {
        /* No persistent storage is built (docs/api-support.md). */
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (PSA_KEY_LIFETIME_GET_LOCATION(attributes->lifetime) != PSA_KEY_LOCATION_LOCAL_STORAGE) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (attributes->id != PSA_KEY_ID_NULL) {
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

/* Fill a reserved slot's attributes from the caller's and publish its id. */
static void finish_creation(pp_key_slot *slot, const psa_key_attributes_t *attributes,
                            size_t bits, psa_key_id_t *key)
{
    slot->attr.type = attributes->type;
    slot->attr.bits = bits;
    slot->attr.lifetime = attributes->lifetime;
    slot->attr.usage = pp_usage_with_implied(attributes->usage);
    slot->attr.alg = attributes->alg;
    *key = slot->attr.id;
    pp_slot_publish(slot);
}

/* Slot buffer a new key needs, and the checks that can be made before a
 * slot is taken: raw keys of 1..PICOPSA_HMAC_MAX_KEY_BYTES bytes, types
 * that are built. The families check their own data after allocation. */
static psa_status_t material_size_for(psa_key_type_t type, size_t raw_bytes, size_t *size)
{
    *size = 0;
    if (pp_key_type_is_raw(type)) {
        if (raw_bytes == 0) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        if (raw_bytes > PICOPSA_HMAC_MAX_KEY_BYTES) {
            return PSA_ERROR_NOT_SUPPORTED;
        }
        *size = raw_bytes;
        return PSA_SUCCESS;
    }
#if PSA_WANT_ECC_TWISTED_EDWARDS_255
    if (pp_key_type_is_eddsa(type)) {
        *size = PP_EDDSA_KEY_PAIR_MATERIAL_SIZE;
        return PSA_SUCCESS;
    }
#endif
#if PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY
    if (pp_key_type_is_rsa(type)) {
        *size = PP_RSA_KEY_MATERIAL_SIZE;
        return PSA_SUCCESS;
    }
#endif
    return PSA_ERROR_NOT_SUPPORTED;
}

static psa_status_t import_material(pp_key_slot *slot, psa_key_type_t type, size_t req_bits,
                                    const uint8_t *data, size_t data_length, size_t *bits)
{
    if (pp_key_type_is_raw(type)) {
        /* Size already checked by material_size_for. */
        memcpy(slot->material, data, data_length);
        slot->material_len = data_length;
        *bits = PSA_BYTES_TO_BITS(data_length);
        return PSA_SUCCESS;
    }
    if (pp_key_type_is_eddsa(type)) {
        return pp_eddsa_import(type, req_bits, data, data_length, slot->material,
                               slot->material_size, &slot->material_len, bits);
    }
    if (pp_key_type_is_rsa(type)) {
        return pp_rsa_import(type, req_bits, data, data_length, slot->material,
                             slot->material_size, &slot->material_len, bits);
    }
    return PSA_ERROR_NOT_SUPPORTED;
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
        status = material_size_for(attributes->type, data_length, &size);
    }
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = pp_slot_allocate(size, &slot);
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = import_material(slot, attributes->type, attributes->bits, data, data_length, &bits);
    if (status == PSA_SUCCESS && attributes->bits != 0 && attributes->bits != bits) {
        /* Spec 9.6.2: a size in the attributes must match the data. */
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status != PSA_SUCCESS) {
        pp_slot_abandon(slot);
        return status;
    }
    finish_creation(slot, attributes, bits, key);
    return PSA_SUCCESS;
}

/* Big-endian public exponent of psa_generate_key_custom (0 = default). */
static psa_status_t parse_rsa_exponent(const uint8_t *data, size_t len, uint32_t *e)
{
    size_t i;
    *e = 0;
    for (i = 0; i < len; i++) {
        if (*e > 0x00ffffffu) {
            return PSA_ERROR_NOT_SUPPORTED;   /* wider than 32 bits */
        }
        *e = (*e << 8) | data[i];
    }
    if (len != 0 && (*e < 3u || (*e & 1u) == 0)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return PSA_SUCCESS;
}

/* Checks of a generation request that need no slot; *size as for import. */
static psa_status_t check_generation(psa_key_type_t type, size_t bits, size_t *size)
{
    if (PSA_KEY_TYPE_IS_PUBLIC_KEY(type)) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* spec 9.6.3: generate a pair */
    }
    if (pp_key_type_is_raw(type) && (bits == 0 || bits % 8u != 0)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return material_size_for(type, PSA_BITS_TO_BYTES(bits), size);
}

static psa_status_t generate_material(pp_key_slot *slot, psa_key_type_t type, size_t bits,
                                      uint32_t rsa_e, size_t *out_bits)
{
    psa_status_t status;
    if (pp_key_type_is_raw(type)) {
        /* Size already checked by check_generation. */
        size_t bytes = PSA_BITS_TO_BYTES(bits);
        status = pp_random_bytes(slot->material, bytes);
        slot->material_len = bytes;
        *out_bits = bits;
        return status;
    }
    if (pp_key_type_is_eddsa(type)) {
        *out_bits = bits;
        return pp_eddsa_generate(type, bits, slot->material, slot->material_size,
                                 &slot->material_len);
    }
    if (pp_key_type_is_rsa(type)) {
        *out_bits = bits;
        return pp_rsa_generate(type, bits, rsa_e, slot->material, slot->material_size,
                               &slot->material_len);
    }
    return PSA_ERROR_NOT_SUPPORTED;
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
    size_t bits = 0, size = 0;
    uint32_t rsa_e = 0;
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
    if (custom->flags != 0 ||
        (custom_data_length != 0 && attributes->type != PSA_KEY_TYPE_RSA_KEY_PAIR)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = parse_rsa_exponent(custom_data, custom_data_length, &rsa_e);
    if (status == PSA_SUCCESS) {
        status = check_generation(attributes->type, attributes->bits, &size);
    }
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = pp_slot_allocate(size, &slot);
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = generate_material(slot, attributes->type, attributes->bits, rsa_e, &bits);
    if (status != PSA_SUCCESS) {
        pp_slot_abandon(slot);
        return status;
    }
    finish_creation(slot, attributes, bits, key);
    return PSA_SUCCESS;
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
            status = pp_slot_allocate(source->material_len, &target);
        }
        if (status == PSA_SUCCESS) {
            memcpy(target->material, source->material, source->material_len);
            target->material_len = source->material_len;
            target_attributes.usage =
                source->attr.usage & pp_usage_with_implied(attributes->usage);
            target_attributes.alg = alg;
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
    pp_key_slot *slot;
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = pp_slot_get(key, &slot);
    if (status != PSA_SUCCESS) {
        return status;
    }
    /* Spec 9.6.6: volatile keys (the only kind here) are left alone. */
    pp_slot_unlock(slot);
    return PSA_SUCCESS;
}

static psa_status_t export_material(const pp_key_slot *slot, int public_only, uint8_t *data,
                                    size_t data_size, size_t *data_length)
{
    psa_key_type_t type = slot->attr.type;
    if (pp_key_type_is_raw(type)) {
        if (data_size < slot->material_len) {
            return PSA_ERROR_BUFFER_TOO_SMALL;
        }
        memcpy(data, slot->material, slot->material_len);
        *data_length = slot->material_len;
        return PSA_SUCCESS;
    }
    if (pp_key_type_is_eddsa(type)) {
        return public_only ?
               pp_eddsa_export_public(type, slot->material, slot->material_len, data, data_size,
                                      data_length) :
               pp_eddsa_export(type, slot->material, slot->material_len, data, data_size,
                               data_length);
    }
    if (pp_key_type_is_rsa(type)) {
        return public_only ?
               pp_rsa_export_public(type, slot->material, slot->material_len, data, data_size,
                                    data_length) :
               pp_rsa_export(type, slot->material, slot->material_len, data, data_size,
                             data_length);
    }
    return PSA_ERROR_NOT_SUPPORTED;
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
    if (public_only && !PSA_KEY_TYPE_IS_ASYMMETRIC(slot->attr.type)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else if (!public_only && !PSA_KEY_TYPE_IS_PUBLIC_KEY(slot->attr.type) &&
               (slot->attr.usage & PSA_KEY_USAGE_EXPORT) == 0) {
        /* Spec 9.5.2: public keys are always exportable. */
        status = PSA_ERROR_NOT_PERMITTED;
    } else {
        status = export_material(slot, public_only, data, data_size, data_length);
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
