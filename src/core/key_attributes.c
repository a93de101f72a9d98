/*
 * key_attributes.c -- the key attribute object (spec 9.1, 9.2-9.5 accessors).
 *
 * psa_set_key_id() makes the key persistent and psa_set_key_lifetime() to a
 * volatile lifetime clears the id (spec 9.3.4, 9.4): the two attributes
 * are kept consistent here so key creation only has to check them.
 */
#include "core/pp_core.h"

#include <string.h>

psa_key_attributes_t psa_key_attributes_init(void)
{
    psa_key_attributes_t attributes;
    memset(&attributes, 0, sizeof(attributes));
    return attributes;
}

void psa_reset_key_attributes(psa_key_attributes_t *attributes)
{
    memset(attributes, 0, sizeof(*attributes));
}

void psa_set_key_type(psa_key_attributes_t *attributes, psa_key_type_t type)
{
    attributes->type = type;
}

psa_key_type_t psa_get_key_type(const psa_key_attributes_t *attributes)
{
    return attributes->type;
}

void psa_set_key_bits(psa_key_attributes_t *attributes, size_t bits)
{
    /* Spec 9.2.4: sizes above PSA_MAX_KEY_BITS are stored as an invalid
     * value so that key creation rejects them. */
    attributes->bits = bits > PSA_MAX_KEY_BITS ? (size_t)PSA_MAX_KEY_BITS + 1u : bits;
}

size_t psa_get_key_bits(const psa_key_attributes_t *attributes)
{
    return attributes->bits;
}

void psa_set_key_lifetime(psa_key_attributes_t *attributes, psa_key_lifetime_t lifetime)
{
    attributes->lifetime = lifetime;
    if (PSA_KEY_LIFETIME_IS_VOLATILE(lifetime)) {
        attributes->id = PSA_KEY_ID_NULL;
    }
}

psa_key_lifetime_t psa_get_key_lifetime(const psa_key_attributes_t *attributes)
{
    return attributes->lifetime;
}

void psa_set_key_id(psa_key_attributes_t *attributes, psa_key_id_t id)
{
    attributes->id = id;
    if (PSA_KEY_LIFETIME_IS_VOLATILE(attributes->lifetime)) {
        attributes->lifetime = PSA_KEY_LIFETIME_PERSISTENT;
    }
}

psa_key_id_t psa_get_key_id(const psa_key_attributes_t *attributes)
{
    return attributes->id;
}

void psa_set_key_usage_flags(psa_key_attributes_t *attributes, psa_key_usage_t usage_flags)
{
    attributes->usage = usage_flags;
}

psa_key_usage_t psa_get_key_usage_flags(const psa_key_attributes_t *attributes)
{
    return attributes->usage;
}

void psa_set_key_algorithm(psa_key_attributes_t *attributes, psa_algorithm_t alg)
{
    attributes->alg = alg;
}

psa_algorithm_t psa_get_key_algorithm(const psa_key_attributes_t *attributes)
{
    return attributes->alg;
}

psa_status_t psa_get_key_attributes(psa_key_id_t key, psa_key_attributes_t *attributes)
{
#if !PP_ITS_BUILT
    pp_key_slot *slot;
#endif
    psa_status_t status = pp_core_check_initialized();
#if PP_ITS_BUILT
    /* A stored key's attributes come from its record, not loaded (issue 13). */
    if (status == PSA_SUCCESS) {
        status = pp_slot_get_attributes(key, attributes);
    }
    if (status != PSA_SUCCESS) {
        psa_reset_key_attributes(attributes);
    }
    return status;
#else
    if (status == PSA_SUCCESS) {
        status = pp_slot_get(key, &slot);
    }
    if (status != PSA_SUCCESS) {
        psa_reset_key_attributes(attributes);
        return status;
    }
    *attributes = slot->attr;
    pp_slot_unlock(slot);
    return PSA_SUCCESS;
#endif
}
