/*
 * its_ram.c -- the RAM ITS backend (PICOPSA_ITS_RAM): a static table of
 * PICOPSA_ITS_RAM_ENTRIES uids over one pool of PICOPSA_ITS_RAM_BYTES,
 * kept packed (a removal moves the later objects down). Lost at reset:
 * for tests and devices without storage. Writes are atomic trivially (no
 * power cut can leave half a RAM object that survives).
 */
#include "storage/pp_its.h"

#if (PICOPSA_ITS_BACKEND) == PICOPSA_ITS_RAM

#include <string.h>

typedef struct {
    psa_storage_uid_t uid;   /* 0: free */
    uint32_t offset, length;
    psa_storage_create_flags_t flags;
} ram_entry;

static ram_entry entries[PICOPSA_ITS_RAM_ENTRIES];
static uint8_t pool[PICOPSA_ITS_RAM_BYTES];
static size_t pool_used;

static ram_entry *find(psa_storage_uid_t uid)
{
    size_t i;
    for (i = 0; i < PICOPSA_ITS_RAM_ENTRIES; i++) {
        if (entries[i].uid == uid) {
            return &entries[i];
        }
    }
    return NULL;
}

static void drop(ram_entry *e)
{
    size_t i, from = (size_t)e->offset + e->length;
    /* Forward copy moving down is overlap-safe (no memmove here). */
    for (i = from; i < pool_used; i++) {
        pool[i - e->length] = pool[i];
    }
    pool_used -= e->length;
    memset(pool + pool_used, 0, e->length);   /* leave no stale key bytes */
    for (i = 0; i < PICOPSA_ITS_RAM_ENTRIES; i++) {
        if (entries[i].uid != 0 && entries[i].offset > e->offset) {
            entries[i].offset -= e->length;
        }
    }
    memset(e, 0, sizeof(*e));
}

psa_status_t pp_its_backend_info(psa_storage_uid_t uid, size_t *size,
                                 psa_storage_create_flags_t *flags)
{
    ram_entry *e = find(uid);
    if (e == NULL) {
        return PSA_ERROR_DOES_NOT_EXIST;
    }
    *size = e->length;
    *flags = e->flags;
    return PSA_SUCCESS;
}

psa_status_t pp_its_backend_read(psa_storage_uid_t uid, size_t offset, size_t length,
                                 uint8_t *out)
{
    ram_entry *e = find(uid);
    if (e == NULL) {
        return PSA_ERROR_DOES_NOT_EXIST;
    }
    memcpy(out, pool + e->offset + offset, length);
    return PSA_SUCCESS;
}

psa_status_t pp_its_backend_write(psa_storage_uid_t uid, size_t length, const uint8_t *data,
                                  psa_storage_create_flags_t flags)
{
    ram_entry *e = find(uid);
    size_t room = PICOPSA_ITS_RAM_BYTES - pool_used + (e != NULL ? e->length : 0u);
    if (length > room || (e == NULL && find(0) == NULL)) {
        return PSA_ERROR_INSUFFICIENT_STORAGE;   /* the old object stays */
    }
    if (e != NULL) {
        drop(e);
    }
    e = find(0);
    e->uid = uid;
    e->offset = (uint32_t)pool_used;
    e->length = (uint32_t)length;
    e->flags = flags;
    if (length != 0) {
        memcpy(pool + pool_used, data, length);
    }
    pool_used += length;
    return PSA_SUCCESS;
}

psa_status_t pp_its_backend_remove(psa_storage_uid_t uid)
{
    ram_entry *e = find(uid);
    if (e == NULL) {
        return PSA_ERROR_DOES_NOT_EXIST;
    }
    drop(e);
    return PSA_SUCCESS;
}

#else
typedef int pp_its_ram_empty; /* ISO C: a translation unit is not empty */
#endif
