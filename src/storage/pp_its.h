/*
 * pp_its.h -- the Internal Trusted Storage seam inside picopsa.
 *
 * its_api.c checks the arguments once (uid 0, unknown flags, NULL
 * pointers, WRITE_ONCE, the read range) and calls exactly one backend,
 * chosen by PICOPSA_ITS_BACKEND: its_file.c, its_flash.c or its_ram.c.
 * The public psa_its_* take PICOPSA_MUTEX_KEY_STORE around the pp_its_*
 * below; the key store (src/core/key_slots.c), which already holds that
 * mutex, calls pp_its_* directly (the port's mutexes are not recursive).
 *
 * Backend contract (pp_its_backend_*; the caller holds the mutex and
 * has checked the arguments):
 *  - info: PSA_SUCCESS and the object's size and flags, or
 *    DOES_NOT_EXIST, DATA_CORRUPT (the record fails its check),
 *    STORAGE_FAILURE.
 *  - read: copy data[offset, offset+length), the range within the size
 *    that info reported; same errors.
 *  - write: replace or create the object atomically (old or new after a
 *    crash); INSUFFICIENT_STORAGE when it does not fit.
 *  - create (only where PP_ITS_NATIVE_CREATE): write, but ALREADY_EXISTS
 *    instead of replacing an object, decided atomically with the write
 *    even against other processes (its_file.c: a store lock and link()).
 *    Other backends get pp_its_create's default in its_api.c: info, then
 *    write, atomic under PICOPSA_MUTEX_KEY_STORE (one process owns a
 *    flash or RAM store).
 *  - remove: DOES_NOT_EXIST when absent.
 */
#ifndef PICOPSA_PP_ITS_H
#define PICOPSA_PP_ITS_H

#include <picopsa/config.h>
#include <psa/internal_trusted_storage.h>

#define PP_ITS_BUILT ((PICOPSA_ITS_BACKEND) != PICOPSA_ITS_NONE)

/* uids with bit 63 set belong to picopsa itself (key records,
 * storage/pp_key_record.h): the public psa_its_* return
 * PSA_ERROR_INVALID_ARGUMENT for them, as for uid 0, so an application
 * can neither read a key's material past its policy nor forge, change or
 * erase a key record (docs/storage.md). The pp_its_* below are not
 * restricted. */
#define PP_ITS_UID_RESERVED ((psa_storage_uid_t)1u << 63)

#if PP_ITS_BUILT
/* The checked, unlocked API (same semantics as psa_its_*). */
psa_status_t pp_its_set(psa_storage_uid_t uid, size_t data_length, const void *p_data,
                        psa_storage_create_flags_t create_flags);
psa_status_t pp_its_get(psa_storage_uid_t uid, size_t data_offset, size_t data_length,
                        void *p_data, size_t *p_data_length);
psa_status_t pp_its_get_info(psa_storage_uid_t uid, struct psa_storage_info_t *p_info);
psa_status_t pp_its_remove(psa_storage_uid_t uid);
/* pp_its_set that never replaces: PSA_ERROR_ALREADY_EXISTS when uid holds
 * an object (a corrupt one too), for key creation (PSA Crypto 1.2 9.6.1:
 * ALREADY_EXISTS for an existing persistent key id). */
psa_status_t pp_its_create(psa_storage_uid_t uid, size_t data_length, const void *p_data,
                           psa_storage_create_flags_t create_flags);

/* One backend. */
psa_status_t pp_its_backend_info(psa_storage_uid_t uid, size_t *size,
                                 psa_storage_create_flags_t *flags);
psa_status_t pp_its_backend_read(psa_storage_uid_t uid, size_t offset, size_t length,
                                 uint8_t *out);
psa_status_t pp_its_backend_write(psa_storage_uid_t uid, size_t length, const uint8_t *data,
                                  psa_storage_create_flags_t flags);
psa_status_t pp_its_backend_remove(psa_storage_uid_t uid);
/* Only where PP_ITS_NATIVE_CREATE (a backend substituted at link time for
 * one that has it must define it too: tests/ct/ct_storage_load.c). */
#define PP_ITS_NATIVE_CREATE ((PICOPSA_ITS_BACKEND) == PICOPSA_ITS_FILE)
psa_status_t pp_its_backend_create(psa_storage_uid_t uid, size_t length, const uint8_t *data,
                                   psa_storage_create_flags_t flags);

/* CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), chainable:
 * crc = pp_crc32(0, a, n); crc = pp_crc32(crc, b, m). Bitwise: small. */
uint32_t pp_crc32(uint32_t crc, const uint8_t *data, size_t length);
#endif

#endif /* PICOPSA_PP_ITS_H */
