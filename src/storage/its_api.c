/*
 * its_api.c -- psa_its_* (PSA Secure Storage API 1.0, 5.2): argument and
 * flag checks, then the one configured backend (storage/pp_its.h).
 */
#include "storage/pp_its.h"

#if PP_ITS_BUILT

#include <picopsa/port.h>

#define ITS_KNOWN_FLAGS                                                        \
    (PSA_STORAGE_FLAG_WRITE_ONCE | PSA_STORAGE_FLAG_NO_CONFIDENTIALITY |       \
     PSA_STORAGE_FLAG_NO_REPLAY_PROTECTION)

/* pp_its_set (create == 0) and pp_its_create (create != 0): one body, so
 * the create path costs a few bytes where the backend has no create. */
static psa_status_t its_write(psa_storage_uid_t uid, size_t data_length, const void *p_data,
                              psa_storage_create_flags_t create_flags, int create)
{
    size_t size;
    psa_storage_create_flags_t flags;
    psa_status_t status;

    if (uid == 0 || (p_data == NULL && data_length != 0) || data_length > 0x7fffffffu) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if ((create_flags & ~(psa_storage_create_flags_t)ITS_KNOWN_FLAGS) != 0) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
#if PP_ITS_NATIVE_CREATE
    if (create) {
        return pp_its_backend_create(uid, data_length, (const uint8_t *)p_data, create_flags);
    }
#endif
    status = pp_its_backend_info(uid, &size, &flags);
    if (create && (status == PSA_SUCCESS || status == PSA_ERROR_DATA_CORRUPT ||
                   status == PSA_ERROR_DATA_INVALID)) {
        /* The default create: this check and the write are one step
         * under the caller's key-store mutex (pp_its.h). */
        return PSA_ERROR_ALREADY_EXISTS;
    }
    if (status == PSA_SUCCESS && (flags & PSA_STORAGE_FLAG_WRITE_ONCE) != 0) {
        return PSA_ERROR_NOT_PERMITTED;   /* 5.2.1: a write-once uid stays */
    }
    if (status != PSA_SUCCESS && status != PSA_ERROR_DOES_NOT_EXIST &&
        status != PSA_ERROR_DATA_CORRUPT) {
        return status;   /* a corrupt object may be overwritten */
    }
    return pp_its_backend_write(uid, data_length, (const uint8_t *)p_data, create_flags);
}

psa_status_t pp_its_set(psa_storage_uid_t uid, size_t data_length, const void *p_data,
                        psa_storage_create_flags_t create_flags)
{
    return its_write(uid, data_length, p_data, create_flags, 0);
}

psa_status_t pp_its_create(psa_storage_uid_t uid, size_t data_length, const void *p_data,
                           psa_storage_create_flags_t create_flags)
{
    return its_write(uid, data_length, p_data, create_flags, 1);
}

psa_status_t pp_its_get(psa_storage_uid_t uid, size_t data_offset, size_t data_length,
                        void *p_data, size_t *p_data_length)
{
    size_t size, n;
    psa_storage_create_flags_t flags;
    psa_status_t status;

    if (p_data_length != NULL) {
        *p_data_length = 0;
    }
    if (uid == 0 || p_data_length == NULL || (p_data == NULL && data_length != 0)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_its_backend_info(uid, &size, &flags);
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (data_offset > size) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    n = size - data_offset < data_length ? size - data_offset : data_length;
    if (n != 0) {
        status = pp_its_backend_read(uid, data_offset, n, (uint8_t *)p_data);
    }
    if (status == PSA_SUCCESS) {
        *p_data_length = n;
    }
    return status;
}

psa_status_t pp_its_get_info(psa_storage_uid_t uid, struct psa_storage_info_t *p_info)
{
    size_t size = 0;
    psa_storage_create_flags_t flags = 0;
    psa_status_t status;

    if (uid == 0 || p_info == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_its_backend_info(uid, &size, &flags);
    if (status != PSA_SUCCESS) {
        size = 0;
        flags = 0;
    }
    p_info->capacity = size;
    p_info->size = size;
    p_info->flags = flags;
    return status;
}

psa_status_t pp_its_remove(psa_storage_uid_t uid)
{
    size_t size;
    psa_storage_create_flags_t flags;
    psa_status_t status;

    if (uid == 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_its_backend_info(uid, &size, &flags);
    if (status == PSA_SUCCESS && (flags & PSA_STORAGE_FLAG_WRITE_ONCE) != 0) {
        return PSA_ERROR_NOT_PERMITTED;
    }
    if (status == PSA_ERROR_DOES_NOT_EXIST) {
        return status;
    }
    /* A corrupt object can still be removed. */
    return pp_its_backend_remove(uid);
}

/* The public API cannot reach picopsa's own objects (storage/pp_its.h). */
#define RESERVED(uid) (((uid) & PP_ITS_UID_RESERVED) != 0)

static void its_lock(void)
{
#if PICOPSA_THREADS
    picopsa_port_mutex_lock(PICOPSA_MUTEX_KEY_STORE);
#endif
}

static void its_unlock(void)
{
#if PICOPSA_THREADS
    picopsa_port_mutex_unlock(PICOPSA_MUTEX_KEY_STORE);
#endif
}

psa_status_t psa_its_set(psa_storage_uid_t uid, size_t data_length, const void *p_data,
                         psa_storage_create_flags_t create_flags)
{
    psa_status_t status;
    if (RESERVED(uid)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    its_lock();
    status = pp_its_set(uid, data_length, p_data, create_flags);
    its_unlock();
    return status;
}

psa_status_t psa_its_get(psa_storage_uid_t uid, size_t data_offset, size_t data_length,
                         void *p_data, size_t *p_data_length)
{
    psa_status_t status;
    if (RESERVED(uid)) {
        if (p_data_length != NULL) {
            *p_data_length = 0;
        }
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    its_lock();
    status = pp_its_get(uid, data_offset, data_length, p_data, p_data_length);
    its_unlock();
    return status;
}

psa_status_t psa_its_get_info(psa_storage_uid_t uid, struct psa_storage_info_t *p_info)
{
    psa_status_t status;
    if (RESERVED(uid)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    its_lock();
    status = pp_its_get_info(uid, p_info);
    its_unlock();
    return status;
}

psa_status_t psa_its_remove(psa_storage_uid_t uid)
{
    psa_status_t status;
    if (RESERVED(uid)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    its_lock();
    status = pp_its_remove(uid);
    its_unlock();
    return status;
}

uint32_t pp_crc32(uint32_t crc, const uint8_t *data, size_t length)
{
    size_t i;
    unsigned k;
    crc = ~crc;
    for (i = 0; i < length; i++) {
        crc ^= data[i];
        for (k = 0; k < 8; k++) {
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
        }
    }
    return ~crc;
}

#else
typedef int pp_its_api_empty; /* ISO C: a translation unit is not empty */
#endif
