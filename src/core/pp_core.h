/*
 * pp_core.h -- internals shared by the files of the PSA API layer (src/core):
 * library state, the key-slot pool and the key policy checks.
 *
 * Contract:
 *  - Only src/core (and white-box tests) include this header. Algorithm
 *    families never see key ids or slots: the front ends hand the slot's
 *    attributes and key buffer to the dispatch layer (dispatch/pp_dispatch.h),
 *    which calls the family.
 *  - The key store (the slot table, its small and large buffers and the
 *    volatile id counter, key_slots.c) and the "initialised" flag are the
 *    only globals of the core (docs/ARCHITECTURE.md).
 *  - Every API function that uses a key follows one shape:
 *      status = pp_slot_get_for_use(id, usage, alg, &slot);   (locks)
 *      ... pp_dispatch_*(&slot->attr, slot->material, slot->material_len, ...)
 *      pp_slot_unlock(slot);                                   (always)
 *    and wipes its outputs on every error path.
 *  - Threads (PICOPSA_THREADS): the pp_slot_* functions take
 *    PICOPSA_MUTEX_KEY_STORE themselves, for a table scan at most; a
 *    slot's lock count (not the mutex) keeps its material and attributes
 *    alive and unchanged while a call uses them, so a long RSA operation
 *    holds no mutex. A slot being created is invisible to lookups until
 *    pp_slot_publish; a key destroyed while in use disappears at once
 *    and is wiped by the last pp_slot_unlock.
 */
#ifndef PICOPSA_PP_CORE_H
#define PICOPSA_PP_CORE_H

#include <psa/crypto.h>
#include <picopsa/config.h>

#include "common/pp_util.h"
#include "storage/pp_its.h"   /* PP_ITS_BUILT: persistent keys */

/* ---- library state (psa_crypto_init.c) ------------------------------ */

/* PSA_SUCCESS once psa_crypto_init() has succeeded, else BAD_STATE. */
psa_status_t pp_core_check_initialized(void);
/* The first checks of a multi-part setup: initialised (else BAD_STATE), an
 * operation (operation_alg NULL: INVALID_ARGUMENT), inactive (its alg 0,
 * else BAD_STATE: "the operation state is not valid (it must be
 * inactive)"). */
psa_status_t pp_core_check_setup(const psa_algorithm_t *operation_alg);

/* ---- key slots (key_slots.c) ----------------------------------------- */

/* Slot buffers come in two sizes (dispatch/pp_key_buffer.h has them):
 * "small" slots hold raw keys and Ed25519 keys, "large" slots
 * (PICOPSA_KEY_SLOT_LARGE_COUNT of the PICOPSA_KEY_SLOT_COUNT) also hold
 * RSA and ML-KEM key material. Without both every slot is small. */
#if PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY || PSA_WANT_ALG_ML_KEM
#define PP_LARGE_SLOT_COUNT PICOPSA_KEY_SLOT_LARGE_COUNT
#else
#define PP_LARGE_SLOT_COUNT 0
#endif
#define PP_SMALL_SLOT_COUNT (PICOPSA_KEY_SLOT_COUNT - PP_LARGE_SLOT_COUNT)

/* Volatile key ids are handed out from the vendor range (spec 9.3.2 leaves
 * the choice to the implementation), counting up and never reusing an id
 * that is still live, so a stale id of a destroyed key is rejected. */
#define PP_KEY_ID_VOLATILE_MIN ((psa_key_id_t)0x7fff0000u)
#define PP_KEY_ID_VOLATILE_MAX ((psa_key_id_t)0x7fffffffu)

typedef struct {
    psa_key_attributes_t attr;   /* id == 0: slot free */
    uint32_t lock_count;         /* API calls currently using the slot */
    size_t material_len;
    size_t material_size;        /* capacity of material[] */
    uint8_t *material;           /* this slot's buffer in the key store */
    uint32_t serial;             /* creation number: a MAC operation tells its key
                                    from a later key under a reissued id */
#if PICOPSA_THREADS
    uint8_t hidden;              /* being created, or destroyed while in use */
#endif
#if PP_ITS_BUILT
    uint32_t last_use;           /* LRU stamp: eviction of cached persistent keys */
#endif
} pp_key_slot;

/* Find a free slot whose buffer holds material_size bytes (the smallest
 * such) and reserve it (attr.id set to a fresh volatile id, locked once;
 * with PICOPSA_THREADS not found by lookups yet). The creator then fills
 * material and attributes (except id) and calls pp_slot_publish, or
 * pp_slot_abandon. PSA_ERROR_INSUFFICIENT_MEMORY when no free slot is big
 * enough. */
psa_status_t pp_slot_allocate(size_t material_size, pp_key_slot **slot);
/* Creation done: make the key visible and drop the creator's lock
 * (without threads nothing hides the slot: that is pp_slot_unlock). */
#if PICOPSA_THREADS
void pp_slot_publish(pp_key_slot *slot);
#else
#define pp_slot_publish(slot) pp_slot_unlock(slot)
#endif
/* Abandon a slot reserved by pp_slot_allocate (creation failed): wipe it. */
void pp_slot_abandon(pp_key_slot *slot);
/* Look up a live key and lock it. PSA_ERROR_INVALID_HANDLE when no key has
 * that id (including PSA_KEY_ID_NULL). */
psa_status_t pp_slot_get(psa_key_id_t id, pp_key_slot **slot);
/* Look up, check that the policy permits `usage` (all bits) and, when alg
 * is not PSA_ALG_NONE, the algorithm; lock. NOT_PERMITTED on a policy
 * failure (the slot is then not locked). */
psa_status_t pp_slot_get_for_use(psa_key_id_t id, psa_key_usage_t usage,
                                 psa_algorithm_t alg, pp_key_slot **slot);
void pp_slot_unlock(pp_key_slot *slot);
/* For multi-part operations, which keep their key's id and creation number
 * (the slot's serial) from setup: 1 when that key is gone (destroyed, or
 * the id now names another key) or no longer permits usage and alg; spec
 * 9.6.5, psa_destroy_key: destroying a key in use by a multi-part
 * operation makes the operation fail. The id alone is not enough: volatile
 * ids are reissued after the counter wraps (key_slots.c). PSA_KEY_ID_NULL
 * (a one-shot call, whose key cannot go between setup and finish): 0. */
int pp_slot_key_gone(psa_key_id_t id, uint32_t serial, psa_key_usage_t usage,
                     psa_algorithm_t alg);
/* psa_destroy_key: PSA_ERROR_INVALID_HANDLE when no key has that id; else
 * the id stops resolving at once and the slot is wiped and freed (with
 * PICOPSA_THREADS, by the last pp_slot_unlock if another call holds it). */
psa_status_t pp_slot_destroy(psa_key_id_t id);
/* Wipe the slot and free it, whoever holds it. */
void pp_slot_wipe(pp_key_slot *slot);

#if PP_ITS_BUILT
/* Persistent keys (docs/storage.md). pp_slot_get / pp_slot_get_for_use
 * load a stored key on a miss (INVALID_HANDLE when storage has none,
 * DATA_CORRUPT / DATA_INVALID for a damaged or unreadable record,
 * INSUFFICIENT_MEMORY when every slot is held), evicting the least
 * recently used unheld persistent key when no slot is free. */
/* Like pp_slot_allocate for persistent key `id` (a user id):
 * ALREADY_EXISTS when a slot or the storage has the id (a damaged record
 * too: destroy it first). */
psa_status_t pp_slot_allocate_persistent(psa_key_id_t id, size_t material_size,
                                         pp_key_slot **slot);
/* Creation done (attributes and material filled): a persistent key is
 * written to storage (export format) and published; on a storage error
 * (INSUFFICIENT_STORAGE, STORAGE_FAILURE...) the slot is wiped and freed.
 * A volatile key is just published. */
psa_status_t pp_slot_commit(pp_key_slot *slot);
/* psa_purge_key (spec 9.6.6): drop a persistent key's cached copy (not
 * while a call holds it); SUCCESS for a stored or volatile key,
 * INVALID_HANDLE when no key has the id. */
psa_status_t pp_slot_purge(psa_key_id_t id);
/* psa_get_key_attributes: from the slot, or from the stored record's
 * header without loading the material. */
psa_status_t pp_slot_get_attributes(psa_key_id_t id, psa_key_attributes_t *attributes);
#endif

/* ---- policy (key_policy.c) -------------------------------------------- */

/* Every usage flag Crypto API 1.2 defines (spec 9.5.2); a creation with
 * any other bit set is PSA_ERROR_INVALID_ARGUMENT (spec 9.6: invalid
 * usage flags). */
#define PP_KEY_USAGE_DEFINED                                                      \
    (PSA_KEY_USAGE_EXPORT | PSA_KEY_USAGE_COPY | PSA_KEY_USAGE_CACHE |              \
     PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT | PSA_KEY_USAGE_SIGN_MESSAGE |   \
     PSA_KEY_USAGE_VERIFY_MESSAGE | PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH | \
     PSA_KEY_USAGE_DERIVE | PSA_KEY_USAGE_VERIFY_DERIVATION)

/* Usage flags with the implied ones added (spec 9.5.2: SIGN_HASH implies
 * SIGN_MESSAGE, VERIFY_HASH implies VERIFY_MESSAGE). */
psa_key_usage_t pp_usage_with_implied(psa_key_usage_t usage);
/* 1 when the key policy `policy_alg` permits using `alg` with a key of
 * `type` (exact match, PSA_ALG_ANY_HASH wildcards of hash-and-sign
 * algorithms, PSA_ALG_AT_LEAST_THIS_LENGTH_MAC and equivalent MAC
 * encodings, spec 9.5.3). */
int pp_policy_permits(psa_algorithm_t policy_alg, psa_algorithm_t alg, psa_key_type_t type);
/* Intersection of two permitted-algorithm policies for psa_copy_key
 * (spec 9.6.3); *out is PSA_ALG_NONE when either is NONE. Returns 0 when
 * both are set and have no algorithm in common. */
int pp_policy_intersect(psa_algorithm_t a, psa_algorithm_t b, psa_key_type_t type,
                        psa_algorithm_t *out);

/* ---- constant-time verdicts ------------------------------------------ */

/* PSA_SUCCESS when equal_flag (0 or 1, e.g. from pp_ct_memeq) is 1, else
 * `fail`, without a branch (pp_ct_fail_unless_equal): the flag derives
 * from secrets (a MAC computed with a secret key), only the returned
 * status is public. */
static inline psa_status_t pp_status_from_equal_flag(int equal_flag, psa_status_t fail)
{
    return (psa_status_t)pp_ct_fail_unless_equal(equal_flag, (int32_t)fail);
}

/* ---- output hygiene ---------------------------------------------------- */

/* On error: wipe the caller's output buffer (when present) and zero its
 * length output; returns status unchanged. */
psa_status_t pp_fail_output(psa_status_t status, uint8_t *out, size_t out_size,
                            size_t *out_len);

#endif /* PICOPSA_PP_CORE_H */
