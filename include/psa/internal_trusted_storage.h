/*
 * psa/internal_trusted_storage.h -- the PSA Internal Trusted Storage API
 * (PSA Certified Secure Storage API 1.0, chapter 5; uids, flags and the
 * error codes of section 5.2-5.3).
 *
 * picopsa builds one backend, chosen by PICOPSA_ITS_BACKEND
 * (<picopsa/config.h>): FILE (hosts), FLASH (<picopsa/flash_hal.h>), RAM.
 * With PICOPSA_ITS_NONE these functions are not built (persistent keys
 * then return PSA_ERROR_NOT_SUPPORTED). The key store keeps each
 * persistent key under uid 0x8000000000000000 | its key id
 * (docs/storage.md has the record format): the uids with bit 63 set are
 * reserved to picopsa, and psa_its_* return PSA_ERROR_INVALID_ARGUMENT
 * for them, as for uid 0. Applications have uids 1..0x7FFFFFFFFFFFFFFF.
 *
 * Contract (all backends):
 *  - uid 0 is invalid: PSA_ERROR_INVALID_ARGUMENT.
 *  - psa_its_set replaces the whole object atomically: after a power cut
 *    (FLASH) or a killed process (FILE) the uid holds the old or the new
 *    data, never a mix. PSA_STORAGE_FLAG_WRITE_ONCE makes the object
 *    immutable (later set/remove: PSA_ERROR_NOT_PERMITTED). The other
 *    flags (NO_CONFIDENTIALITY, NO_REPLAY_PROTECTION) are accepted and
 *    stored: these backends give neither property (docs/storage.md), so
 *    the flags only lower the request. Unknown flag bits:
 *    PSA_ERROR_NOT_SUPPORTED.
 *  - psa_its_get copies data[offset .. offset+length) clipped to the
 *    object's size, *p_data_length = bytes copied; offset > size:
 *    PSA_ERROR_INVALID_ARGUMENT. A record that fails its check (CRC), or
 *    (FLASH) may have been superseded in damaged flash:
 *    PSA_ERROR_DATA_CORRUPT.
 *  - Missing uid: PSA_ERROR_DOES_NOT_EXIST. No space: INSUFFICIENT_STORAGE.
 *    I/O failure: PSA_ERROR_STORAGE_FAILURE.
 *  - Threads (PICOPSA_THREADS): each call holds PICOPSA_MUTEX_KEY_STORE.
 *    Not callable from interrupt context.
 */
#ifndef PSA_INTERNAL_TRUSTED_STORAGE_H
#define PSA_INTERNAL_TRUSTED_STORAGE_H

#include <stddef.h>
#include <stdint.h>

#include <psa/error.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PSA_ITS_API_VERSION_MAJOR 1
#define PSA_ITS_API_VERSION_MINOR 0

typedef uint64_t psa_storage_uid_t;
typedef uint32_t psa_storage_create_flags_t;

struct psa_storage_info_t {
    size_t capacity;                    /* allocated size (= size here) */
    size_t size;                        /* bytes of data */
    psa_storage_create_flags_t flags;   /* the flags given to psa_its_set */
};

#define PSA_STORAGE_FLAG_NONE 0u
#define PSA_STORAGE_FLAG_WRITE_ONCE (1u << 0)
#define PSA_STORAGE_FLAG_NO_CONFIDENTIALITY (1u << 1)
#define PSA_STORAGE_FLAG_NO_REPLAY_PROTECTION (1u << 2)
/* psa_ps_get_support() bit (Protected Storage only, not implemented). */
#define PSA_STORAGE_SUPPORT_SET_EXTENDED (1u << 0)

psa_status_t psa_its_set(psa_storage_uid_t uid, size_t data_length, const void *p_data,
                         psa_storage_create_flags_t create_flags);
psa_status_t psa_its_get(psa_storage_uid_t uid, size_t data_offset, size_t data_length,
                         void *p_data, size_t *p_data_length);
psa_status_t psa_its_get_info(psa_storage_uid_t uid, struct psa_storage_info_t *p_info);
psa_status_t psa_its_remove(psa_storage_uid_t uid);

#ifdef __cplusplus
}
#endif

#endif /* PSA_INTERNAL_TRUSTED_STORAGE_H */
