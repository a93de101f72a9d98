/*
 * key_slots.c -- the static key-slot pool (PICOPSA_KEY_SLOT_COUNT slots).
 *
 * A slot is free when its id is PSA_KEY_ID_NULL. Lookup is a linear scan:
 * the pool is small (default 8) and the scan compares public ids only.
 * Slots 0 .. PP_LARGE_SLOT_COUNT-1 own a large buffer (RSA key material),
 * the rest a small one; allocation takes the smallest free buffer that
 * fits, so small keys do not crowd RSA keys out. Freed slots are wiped
 * entirely (key material and attributes).
 *
 * Threads (PICOPSA_THREADS): every read or write of the table's
 * bookkeeping (ids, lock counts, the hidden flag, the volatile id counter,
 * a free slot's buffer binding) happens with PICOPSA_MUTEX_KEY_STORE held,
 * for a scan at most; the key material is used outside the lock, protected
 * by the slot's lock count (a locked slot is never wiped or reused). A slot
 * is hidden from lookups while its creator fills it (between
 * pp_slot_allocate and pp_slot_publish) and after psa_destroy_key while
 * another call still holds it: the last pp_slot_unlock then wipes it.
 */
#include "core/pp_core.h"
#include "dispatch/pp_key_buffer.h"

#include <picopsa/port.h>

#include <string.h>

static pp_key_slot key_slots[PICOPSA_KEY_SLOT_COUNT];
#if PP_LARGE_SLOT_COUNT > 0
static uint8_t large_buffers[PP_LARGE_SLOT_COUNT][PP_KEY_BUFFER_LARGE_SIZE];
#endif
#if PP_SMALL_SLOT_COUNT > 0
static uint8_t small_buffers[PP_SMALL_SLOT_COUNT][PP_KEY_BUFFER_SMALL_SIZE];
#endif
/* Next volatile id to hand out (0 = not started yet). */
static psa_key_id_t next_volatile_id;
/* Creation counter (pp_key_slot.serial): volatile ids wrap after 65,535
 * creations, this only after 2^32. */
static uint32_t next_serial;

/* Bind slot i to its buffer (static storage, so this is idempotent). */
static void bind_buffer(size_t i)
{
    pp_key_slot *s = &key_slots[i];
#if PP_LARGE_SLOT_COUNT > 0
    if (i < PP_LARGE_SLOT_COUNT) {
        s->material = large_buffers[i];
        s->material_size = PP_KEY_BUFFER_LARGE_SIZE;
        return;
    }
#endif
#if PP_SMALL_SLOT_COUNT > 0
    s->material = small_buffers[i - PP_LARGE_SLOT_COUNT];
    s->material_size = PP_KEY_BUFFER_SMALL_SIZE;
#endif
}

static void store_lock(void)
{
#if PICOPSA_THREADS
    picopsa_port_mutex_lock(PICOPSA_MUTEX_KEY_STORE);
#endif
}

static void store_unlock(void)
{
#if PICOPSA_THREADS
    picopsa_port_mutex_unlock(PICOPSA_MUTEX_KEY_STORE);
#endif
}

#if PICOPSA_THREADS
#define SLOT_VISIBLE(s) ((s)->hidden == 0)
#else
#define SLOT_VISIBLE(s) 1
#endif

/* The live, visible key with this id (store lock held). */
static pp_key_slot *find_slot(psa_key_id_t id)
{
    size_t i;
    if (id == PSA_KEY_ID_NULL) {
        return NULL;
    }
    for (i = 0; i < PICOPSA_KEY_SLOT_COUNT; i++) {
        if (key_slots[i].attr.id == id && SLOT_VISIBLE(&key_slots[i])) {
            return &key_slots[i];
        }
    }
    return NULL;
}

#if PICOPSA_THREADS
/* Whether any slot, hidden ones included, holds this id. */
static int id_in_use(psa_key_id_t id)
{
    size_t i;
    for (i = 0; i < PICOPSA_KEY_SLOT_COUNT; i++) {
        if (key_slots[i].attr.id == id) {
            return 1;
        }
    }
    return 0;
}
#else
#define id_in_use(id) (find_slot(id) != NULL)
#endif

/* A fresh volatile id: the next in sequence that no slot uses (store lock
 * held, so two creations never get the same id). */
static psa_key_id_t fresh_volatile_id(void)
{
    for (;;) {
        psa_key_id_t id = next_volatile_id;
        if (id < PP_KEY_ID_VOLATILE_MIN || id >= PP_KEY_ID_VOLATILE_MAX) {
            id = PP_KEY_ID_VOLATILE_MIN;
        }
        next_volatile_id = id + 1u;
        /* At most PICOPSA_KEY_SLOT_COUNT ids are live, so this ends. */
        if (!id_in_use(id)) {
            return id;
        }
    }
}

/* Wipe and free (store lock held, no call holds the slot). */
static void slot_wipe_locked(pp_key_slot *slot)
{
    pp_wipe(slot->material, slot->material_size);
    pp_wipe(&slot->attr, sizeof(slot->attr));
    slot->material_len = 0;
    slot->lock_count = 0;
#if PICOPSA_THREADS
    slot->hidden = 0;
#endif
}

psa_status_t pp_slot_allocate(size_t material_size, pp_key_slot **slot)
{
    size_t i, best = PICOPSA_KEY_SLOT_COUNT;
    psa_status_t status = PSA_ERROR_INSUFFICIENT_MEMORY;

    *slot = NULL;
    store_lock();
    for (i = 0; i < PICOPSA_KEY_SLOT_COUNT; i++) {
        /* Only free slots are (re)bound: a used slot's binding may be
         * being read by a call that holds it. */
        if (key_slots[i].attr.id != PSA_KEY_ID_NULL) {
            continue;
        }
        bind_buffer(i);
        if (key_slots[i].material_size >= material_size &&
            (best == PICOPSA_KEY_SLOT_COUNT ||
             key_slots[i].material_size < key_slots[best].material_size)) {
            best = i;
        }
    }
    if (best != PICOPSA_KEY_SLOT_COUNT) {
        pp_key_slot *s = &key_slots[best];
        memset(&s->attr, 0, sizeof(s->attr));
        s->attr.id = fresh_volatile_id();
        s->serial = ++next_serial;
        s->lock_count = 1;
        s->material_len = 0;
#if PICOPSA_THREADS
        s->hidden = 1;   /* until pp_slot_publish */
#endif
        *slot = s;
        status = PSA_SUCCESS;
    }
    store_unlock();
    return status;
}

#if PICOPSA_THREADS
void pp_slot_publish(pp_key_slot *slot)
{
    store_lock();
    slot->hidden = 0;
    if (slot->lock_count > 0) {
        slot->lock_count--;
    }
    store_unlock();
}
#endif

void pp_slot_abandon(pp_key_slot *slot)
{
    pp_slot_wipe(slot);
}

psa_status_t pp_slot_get(psa_key_id_t id, pp_key_slot **slot)
{
    psa_status_t status = PSA_ERROR_INVALID_HANDLE;
    pp_key_slot *s;
    store_lock();
    s = find_slot(id);
    *slot = s;
    if (s != NULL) {
        s->lock_count++;
        status = PSA_SUCCESS;
    }
    store_unlock();
    return status;
}

psa_status_t pp_slot_get_for_use(psa_key_id_t id, psa_key_usage_t usage,
                                 psa_algorithm_t alg, pp_key_slot **slot)
{
    psa_status_t status = PSA_ERROR_INVALID_HANDLE;
    pp_key_slot *s;

    *slot = NULL;
    store_lock();
    s = find_slot(id);
    if (s != NULL) {
        /* Spec 9.5: every requested usage bit must be in the policy, and
         * the algorithm must be permitted by the key's permitted-algorithm. */
        if ((s->attr.usage & usage) != usage ||
            (alg != PSA_ALG_NONE && !pp_policy_permits(s->attr.alg, alg, s->attr.type))) {
            status = PSA_ERROR_NOT_PERMITTED;
        } else {
            s->lock_count++;
            *slot = s;
            status = PSA_SUCCESS;
        }
    }
    store_unlock();
    return status;
}

void pp_slot_unlock(pp_key_slot *slot)
{
    if (slot == NULL) {
        return;
    }
    store_lock();
    if (slot->lock_count > 0) {
        slot->lock_count--;
#if PICOPSA_THREADS
        if (slot->lock_count == 0 && slot->hidden) {
            slot_wipe_locked(slot);   /* destroyed while this call used it */
        }
#endif
    }
    store_unlock();
}

psa_status_t pp_slot_destroy(psa_key_id_t id)
{
    psa_status_t status = PSA_ERROR_INVALID_HANDLE;
    pp_key_slot *s;

    store_lock();
    s = find_slot(id);
    if (s != NULL) {
        status = PSA_SUCCESS;
#if PICOPSA_THREADS
        if (s->lock_count != 0) {
            /* Another call is using the key (the spec leaves this to the
             * implementation): the id is gone now, the material when the
             * last user unlocks. */
            s->hidden = 1;
        } else
#endif
        {
            slot_wipe_locked(s);
        }
    }
    store_unlock();
    return status;
}

void pp_slot_wipe(pp_key_slot *slot)
{
    store_lock();
    slot_wipe_locked(slot);
    store_unlock();
}
