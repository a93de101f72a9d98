/*
 * key_slots.c -- the static key-slot pool (PICOPSA_KEY_SLOT_COUNT slots).
 *
 * A slot is free when its id is PSA_KEY_ID_NULL. Lookup is a linear scan:
 * the pool is small (default 8) and the scan compares public ids only.
 * Slots 0 .. PP_LARGE_SLOT_COUNT-1 own a large buffer (RSA key material),
 * the rest a small one; allocation takes the smallest free buffer that
 * fits, so small keys do not crowd RSA keys out. Freed slots are wiped
 * entirely (key material and attributes).
 */
#include "core/pp_core.h"

#include <string.h>

static pp_key_slot key_slots[PICOPSA_KEY_SLOT_COUNT];
#if PP_LARGE_SLOT_COUNT > 0
static uint8_t large_buffers[PP_LARGE_SLOT_COUNT][PP_LARGE_SLOT_SIZE];
#endif
#if PP_SMALL_SLOT_COUNT > 0
static uint8_t small_buffers[PP_SMALL_SLOT_COUNT][PP_SMALL_SLOT_SIZE];
#endif
/* Next volatile id to hand out (0 = not started yet). */
static psa_key_id_t next_volatile_id;

/* Bind slot i to its buffer (static storage, so this is idempotent). */
static void bind_buffer(size_t i)
{
    pp_key_slot *s = &key_slots[i];
#if PP_LARGE_SLOT_COUNT > 0
    if (i < PP_LARGE_SLOT_COUNT) {
        s->material = large_buffers[i];
        s->material_size = PP_LARGE_SLOT_SIZE;
        return;
    }
#endif
#if PP_SMALL_SLOT_COUNT > 0
    s->material = small_buffers[i - PP_LARGE_SLOT_COUNT];
    s->material_size = PP_SMALL_SLOT_SIZE;
#endif
}

static pp_key_slot *find_slot(psa_key_id_t id)
{
    size_t i;
    if (id == PSA_KEY_ID_NULL) {
        return NULL;
    }
    for (i = 0; i < PICOPSA_KEY_SLOT_COUNT; i++) {
        if (key_slots[i].attr.id == id) {
            return &key_slots[i];
        }
    }
    return NULL;
}

/* A fresh volatile id: the next in sequence that no live key uses. */
static psa_key_id_t fresh_volatile_id(void)
{
    for (;;) {
        psa_key_id_t id = next_volatile_id;
        if (id < PP_KEY_ID_VOLATILE_MIN || id >= PP_KEY_ID_VOLATILE_MAX) {
            id = PP_KEY_ID_VOLATILE_MIN;
        }
        next_volatile_id = id + 1u;
        /* At most PICOPSA_KEY_SLOT_COUNT ids are live, so this ends. */
        if (find_slot(id) == NULL) {
            return id;
        }
    }
}

psa_status_t pp_slot_allocate(size_t material_size, pp_key_slot **slot)
{
    size_t i, best = PICOPSA_KEY_SLOT_COUNT;
    for (i = 0; i < PICOPSA_KEY_SLOT_COUNT; i++) {
        bind_buffer(i);
        if (key_slots[i].attr.id == PSA_KEY_ID_NULL &&
            key_slots[i].material_size >= material_size &&
            (best == PICOPSA_KEY_SLOT_COUNT ||
             key_slots[i].material_size < key_slots[best].material_size)) {
            best = i;
        }
    }
    *slot = NULL;
    if (best == PICOPSA_KEY_SLOT_COUNT) {
        return PSA_ERROR_INSUFFICIENT_MEMORY;
    }
    {
        pp_key_slot *s = &key_slots[best];
        memset(&s->attr, 0, sizeof(s->attr));
        s->attr.id = fresh_volatile_id();
        s->lock_count = 1;
        s->material_len = 0;
        *slot = s;
    }
    return PSA_SUCCESS;
}

void pp_slot_abandon(pp_key_slot *slot)
{
    pp_slot_wipe(slot);
}

psa_status_t pp_slot_get(psa_key_id_t id, pp_key_slot **slot)
{
    pp_key_slot *s = find_slot(id);
    *slot = s;
    if (s == NULL) {
        return PSA_ERROR_INVALID_HANDLE;
    }
    s->lock_count++;
    return PSA_SUCCESS;
}

psa_status_t pp_slot_get_for_use(psa_key_id_t id, psa_key_usage_t usage,
                                 psa_algorithm_t alg, pp_key_slot **slot)
{
    pp_key_slot *s = find_slot(id);
    *slot = NULL;
    if (s == NULL) {
        return PSA_ERROR_INVALID_HANDLE;
    }
    /* Spec 9.5: every requested usage bit must be in the policy, and the
     * algorithm must be permitted by the key's permitted-algorithm. */
    if ((s->attr.usage & usage) != usage) {
        return PSA_ERROR_NOT_PERMITTED;
    }
    if (alg != PSA_ALG_NONE && !pp_policy_permits(s->attr.alg, alg, s->attr.type)) {
        return PSA_ERROR_NOT_PERMITTED;
    }
    s->lock_count++;
    *slot = s;
    return PSA_SUCCESS;
}

void pp_slot_unlock(pp_key_slot *slot)
{
    if (slot != NULL && slot->lock_count > 0) {
        slot->lock_count--;
    }
}

void pp_slot_wipe(pp_key_slot *slot)
{
    pp_wipe(slot->material, slot->material_size);
    pp_wipe(&slot->attr, sizeof(slot->attr));
    slot->material_len = 0;
    slot->lock_count = 0;
}
