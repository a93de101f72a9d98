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
#include <picopsa/shutdown.h>

#include <string.h>

#if PP_ITS_BUILT
#include "dispatch/pp_dispatch.h"
#include "storage/pp_its.h"
#include "storage/pp_key_record.h"
#endif

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

#if PP_ITS_BUILT
/* Largest key material in the record: the export formats (spec 9.6.x). */
#define RECORD_MATERIAL_MAX_                                                        \
    PP_KEY_BUFFER_MAX_(PP_KEY_BUFFER_MAX_((size_t)PSA_EXPORT_KEY_PAIR_MAX_SIZE,        \
                                          (size_t)PSA_EXPORT_PUBLIC_KEY_MAX_SIZE),     \
                       PP_RAW_KEY_MAX_BYTES)
#define RECORD_SIZE_MAX (PP_KEY_RECORD_HEADER_SIZE + RECORD_MATERIAL_MAX_)
/* One record staged at a time, under the store lock. */
static uint8_t record[RECORD_SIZE_MAX];
/* LRU clock: a slot's last_use is the value at its latest lookup. */
static uint32_t use_clock;

#define IS_PERSISTENT(s) (!PSA_KEY_LIFETIME_IS_VOLATILE((s)->attr.lifetime))
#define IS_USER_ID(id) ((id) >= PSA_KEY_ID_USER_MIN && (id) <= PSA_KEY_ID_USER_MAX)
#endif

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

/* Reserve a slot for key id `id` (PSA_KEY_ID_NULL: a fresh volatile id;
 * store lock held): the smallest free buffer that fits, else (persistent
 * keys built) evict the least recently used persistent key that no call
 * holds and whose buffer fits. Without storage this is pp_slot_allocate
 * itself, taking the lock (the code configured out costs 0 bytes at every
 * optimisation level, -O0 included). */
#if PP_ITS_BUILT
static psa_status_t allocate_locked(size_t material_size, psa_key_id_t id, pp_key_slot **slot)
#else
psa_status_t pp_slot_allocate(size_t material_size, pp_key_slot **slot)
#endif
{
    size_t i, best = PICOPSA_KEY_SLOT_COUNT;
    psa_status_t status = PSA_ERROR_INSUFFICIENT_MEMORY;

    *slot = NULL;
#if !PP_ITS_BUILT
    store_lock();
#endif
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
#if PP_ITS_BUILT
    if (best == PICOPSA_KEY_SLOT_COUNT) {
        for (i = 0; i < PICOPSA_KEY_SLOT_COUNT; i++) {
            const pp_key_slot *c = &key_slots[i];
            /* Held or hidden slots first: a creator fills its (hidden,
             * held) slot's attributes without the lock. */
            if (c->attr.id != PSA_KEY_ID_NULL && c->lock_count == 0 && SLOT_VISIBLE(c) &&
                IS_PERSISTENT(c) && c->material_size >= material_size &&
                (best == PICOPSA_KEY_SLOT_COUNT ||
                 c->last_use - use_clock < key_slots[best].last_use - use_clock)) {
                best = i;   /* the oldest stamp (wrap-safe distance) */
            }
        }
        if (best != PICOPSA_KEY_SLOT_COUNT) {
            slot_wipe_locked(&key_slots[best]);   /* stored: only the cache goes */
        }
    }
#endif
    if (best != PICOPSA_KEY_SLOT_COUNT) {
        pp_key_slot *s = &key_slots[best];
        memset(&s->attr, 0, sizeof(s->attr));
#if PP_ITS_BUILT
        s->attr.id = id != PSA_KEY_ID_NULL ? id : fresh_volatile_id();
        s->last_use = ++use_clock;
#else
        s->attr.id = fresh_volatile_id();
#endif
        s->serial = ++next_serial;
        s->lock_count = 1;
        s->material_len = 0;
#if PICOPSA_THREADS
        s->hidden = 1;   /* until pp_slot_publish */
#endif
        *slot = s;
        status = PSA_SUCCESS;
    }
#if !PP_ITS_BUILT
    store_unlock();
#endif
    return status;
}

#if PP_ITS_BUILT
psa_status_t pp_slot_allocate(size_t material_size, pp_key_slot **slot)
{
    psa_status_t status;
    store_lock();
    status = allocate_locked(material_size, PSA_KEY_ID_NULL, slot);
    store_unlock();
    return status;
}
#endif

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

#if PP_ITS_BUILT
/* Read key `id`'s record into `record` and parse its header (store lock
 * held). INVALID_HANDLE when storage has no such key. The header gets the
 * checks a creation's attributes get (key_management.c,
 * check_creation_attributes): a record is only written by pp_slot_commit,
 * so anything else is damage or tampering, DATA_INVALID. */
static psa_status_t record_read(psa_key_id_t id, size_t length, psa_key_attributes_t *attr,
                                uint32_t *serial, size_t *offset, size_t *material_length)
{
    struct psa_storage_info_t info;
    size_t got = 0;
    psa_status_t status = pp_its_get_info(PP_KEY_RECORD_UID(id), &info);
    if (status == PSA_SUCCESS && (info.size > RECORD_SIZE_MAX || info.size < PP_KEY_RECORD_HEADER_SIZE)) {
        status = PSA_ERROR_DATA_INVALID;   /* no key of this build is that large */
    }
    if (status == PSA_SUCCESS) {
        status = pp_its_get(PP_KEY_RECORD_UID(id), 0, length == 0 ? info.size : length, record,
                            &got);
    }
    if (status == PSA_SUCCESS) {
        memset(attr, 0, sizeof(*attr));
        status = pp_key_record_header_read(record, info.size, attr, serial, offset,
                                           material_length);
        /* Only (DEFAULT persistence, LOCAL location) keys are created. */
        if (status == PSA_SUCCESS &&
            (attr->lifetime != PSA_KEY_LIFETIME_PERSISTENT || attr->id != id ||
             attr->type == PSA_KEY_TYPE_NONE ||
             attr->bits > PSA_MAX_KEY_BITS ||
             (attr->usage & ~(psa_key_usage_t)PP_KEY_USAGE_DEFINED) != 0 ||
             (length == 0 && got != info.size))) {
            status = PSA_ERROR_DATA_INVALID;
        }
        attr->id = id;
    }
    return status == PSA_ERROR_DOES_NOT_EXIST ? PSA_ERROR_INVALID_HANDLE : status;
}

/* Load stored key `id` into a slot (store lock held; no slot has the id).
 * The slot comes back visible and unlocked. A record that fails its
 * check: DATA_CORRUPT (from the ITS); one this build cannot read or whose
 * material the driver rejects: DATA_INVALID. */
static psa_status_t load_locked(psa_key_id_t id, pp_key_slot **slot)
{
    psa_key_attributes_t attr;
    size_t offset = 0, length = 0, size = 0, bits = 0;
    uint32_t serial = 0;
    pp_key_slot *s = NULL;
    psa_status_t status = record_read(id, 0, &attr, &serial, &offset, &length);

    if (status == PSA_SUCCESS &&
        pp_dispatch_import_buffer_size(&attr, length, &size) != PSA_SUCCESS) {
        status = PSA_ERROR_DATA_INVALID;   /* a type this build lacks */
    }
    if (status == PSA_SUCCESS) {
        status = allocate_locked(size, id, &s);
    }
    if (status == PSA_SUCCESS) {
        if (pp_dispatch_import_key(&attr, record + offset, length, s->material, s->material_size,
                                   &s->material_len, &bits) != PSA_SUCCESS ||
            bits != attr.bits) {
            slot_wipe_locked(s);
            status = PSA_ERROR_DATA_INVALID;
        } else {
            s->attr = attr;
            /* The stored creation number: stable across reloads, and a
             * re-creation of the id gets a larger one (next_serial is
             * kept above every number seen), so an operation set up on
             * the destroyed key fails (psa_mac.c, key_gone; spec 9.6.5). */
            s->serial = serial;
            if (serial - next_serial < 0x80000000u) {
                next_serial = serial;
            }
            s->lock_count = 0;
#if PICOPSA_THREADS
            s->hidden = 0;
#endif
            *slot = s;
        }
    }
    pp_wipe(record, sizeof(record));
    return status;
}

/* find_slot, loading a stored key on a miss (store lock held). */
static psa_status_t find_or_load(psa_key_id_t id, pp_key_slot **slot)
{
    *slot = find_slot(id);
    if (*slot != NULL) {
        (*slot)->last_use = ++use_clock;
        return PSA_SUCCESS;
    }
    /* A hidden slot with this id is being created or was destroyed. */
    if (!IS_USER_ID(id) || id_in_use(id)) {
        return PSA_ERROR_INVALID_HANDLE;
    }
    return load_locked(id, slot);
}
#endif

psa_status_t pp_slot_get(psa_key_id_t id, pp_key_slot **slot)
{
    psa_status_t status = PSA_ERROR_INVALID_HANDLE;
    pp_key_slot *s;
    store_lock();
#if PP_ITS_BUILT
    status = find_or_load(id, &s);   /* s is NULL on failure */
#else
    s = find_slot(id);
#endif
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
#if PP_ITS_BUILT
    status = find_or_load(id, &s);
#else
    s = find_slot(id);
#endif
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

int pp_slot_key_gone(psa_key_id_t id, uint32_t serial, psa_key_usage_t usage,
                     psa_algorithm_t alg)
{
    pp_key_slot *slot;
    int gone;
    if (id == PSA_KEY_ID_NULL) {
        return 0;
    }
    if (pp_slot_get_for_use(id, usage, alg, &slot) != PSA_SUCCESS) {
        return 1;
    }
    gone = slot->serial != serial;
    pp_slot_unlock(slot);
    return gone;
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
#if PP_ITS_BUILT
    /* Spec 9.6.5: a persistent key is erased from storage, loaded or not
     * (a hidden slot with the id is being created or already destroyed). */
    if ((s != NULL && IS_PERSISTENT(s)) || (s == NULL && IS_USER_ID(id) && !id_in_use(id))) {
        status = pp_its_remove(PP_KEY_RECORD_UID(id));
        if (status == PSA_ERROR_DOES_NOT_EXIST) {
            status = s != NULL ? PSA_SUCCESS : PSA_ERROR_INVALID_HANDLE;
        }
    }
#endif
    if (s != NULL) {
#if !PP_ITS_BUILT
        status = PSA_SUCCESS;
#else
        if (!IS_PERSISTENT(s)) {
            status = PSA_SUCCESS;
        }
#endif
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

#if PP_ITS_BUILT
psa_status_t pp_slot_purge(psa_key_id_t id)
{
    psa_key_attributes_t attr;
    size_t offset, length;
    uint32_t serial;
    psa_status_t status = PSA_SUCCESS;
    pp_key_slot *s;

    store_lock();
    s = find_slot(id);
    if (s != NULL) {
        /* Spec 9.6.6: only a persistent key's cached copy goes; a key in
         * use stays cached until it is evicted. */
        if (IS_PERSISTENT(s) && s->lock_count == 0) {
            slot_wipe_locked(s);
        }
    } else if (!IS_USER_ID(id) || id_in_use(id)) {
        status = PSA_ERROR_INVALID_HANDLE;
    } else {
        status = record_read(id, PP_KEY_RECORD_HEADER_SIZE, &attr, &serial, &offset, &length);
        pp_wipe(record, sizeof(record));
    }
    store_unlock();
    return status;
}

psa_status_t pp_slot_get_attributes(psa_key_id_t id, psa_key_attributes_t *attributes)
{
    size_t offset, length;
    uint32_t serial;
    psa_status_t status = PSA_SUCCESS;
    pp_key_slot *s;

    store_lock();
    s = find_slot(id);
    if (s != NULL) {
        *attributes = s->attr;
    } else if (!IS_USER_ID(id) || id_in_use(id)) {
        status = PSA_ERROR_INVALID_HANDLE;
    } else {
        /* The header only: the material is not read or imported. */
        status = record_read(id, PP_KEY_RECORD_HEADER_SIZE, attributes, &serial, &offset, &length);
        pp_wipe(record, sizeof(record));
    }
    store_unlock();
    return status;
}

psa_status_t pp_slot_allocate_persistent(psa_key_id_t id, size_t material_size,
                                         pp_key_slot **slot)
{
    struct psa_storage_info_t info;
    psa_status_t status;

    *slot = NULL;
    store_lock();
    /* Spec 9.6.1: ALREADY_EXISTS when a key has the id, in a slot (being
     * created, or in use after destruction) or in storage. */
    status = pp_its_get_info(PP_KEY_RECORD_UID(id), &info);
    if (id_in_use(id) || status == PSA_SUCCESS || status == PSA_ERROR_DATA_CORRUPT ||
        status == PSA_ERROR_DATA_INVALID) {
        status = PSA_ERROR_ALREADY_EXISTS;
    } else if (status == PSA_ERROR_DOES_NOT_EXIST) {
        status = allocate_locked(material_size, id, slot);
    }
    store_unlock();
    return status;
}

psa_status_t pp_slot_commit(pp_key_slot *slot)
{
    psa_status_t status = PSA_SUCCESS;
    size_t length = 0;

    if (PSA_KEY_LIFETIME_IS_VOLATILE(slot->attr.lifetime)) {
        pp_slot_publish(slot);
        return PSA_SUCCESS;
    }
    store_lock();
    /* The export format (storage/pp_key_record.h), not the key buffer. */
    status = pp_dispatch_export(&slot->attr, slot->material, slot->material_len, 0,
                                record + PP_KEY_RECORD_HEADER_SIZE, RECORD_MATERIAL_MAX_, &length);
    if (status == PSA_SUCCESS) {
        pp_key_record_header_write(record, &slot->attr, length, slot->serial);
        /* Create, never replace: another process may have stored this id
         * since pp_slot_allocate_persistent checked (spec 9.6.1). */
        status = pp_its_create(PP_KEY_RECORD_UID(slot->attr.id), PP_KEY_RECORD_HEADER_SIZE + length,
                               record, PSA_STORAGE_FLAG_NONE);
    }
    pp_wipe(record, sizeof(record));
    if (status != PSA_SUCCESS) {
        slot_wipe_locked(slot);
    } else {
#if PICOPSA_THREADS
        slot->hidden = 0;
#endif
        if (slot->lock_count > 0) {
            slot->lock_count--;
        }
    }
    store_unlock();
    return status;
}
#endif

void picopsa_shutdown(void)
{
    size_t i;
    store_lock();
    for (i = 0; i < PICOPSA_KEY_SLOT_COUNT; i++) {
        /* A slot never bound has no buffer (NULL, size 0) and nothing to wipe. */
        slot_wipe_locked(&key_slots[i]);
    }
#if PP_ITS_BUILT
    pp_wipe(record, sizeof(record));
#endif
    store_unlock();
}

void pp_slot_wipe(pp_key_slot *slot)
{
    store_lock();
    slot_wipe_locked(slot);
    store_unlock();
}
