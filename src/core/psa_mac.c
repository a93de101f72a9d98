/*
 * psa_mac.c -- message authentication codes (spec 10.3): HMAC over the
 * built hashes with PSA_KEY_TYPE_HMAC keys and AES-CMAC (SP 800-38B) with
 * PSA_KEY_TYPE_AES keys (PSA_WANT_ALG_CMAC), full length or truncated
 * (PSA_ALG_TRUNCATED_MAC), single-part and multi-part. PSA_ALG_CBC_MAC is
 * not built (NOT_SUPPORTED).
 *
 * The key leaves its slot at setup: pp_hmac_setup keeps only the two
 * pre-keyed hash states, pp_cmac_setup the AES key schedule and subkeys,
 * so the slot is unlocked before setup returns.
 * Destroying the key must still make the operation fail (spec 9.6.5,
 * psa_destroy_key: "If a key is currently in use in a multi-part
 * operation, then destroying the key will cause the multi-part operation
 * to fail"): the operation keeps the key id and the key's creation number,
 * and update and both finish functions look it up again (key_gone below).
 * Tags are compared in constant time (pp_ct_memeq); only the tag length,
 * which is public, decides a branch.
 * Any error of an active operation aborts it, except a destroyed key,
 * which leaves the operation in the error state (fail_key_gone).
 */
#include "core/pp_core.h"
#include "hash/pp_hash.h"
#include "mac/hmac.h"
#include "mac/cmac.h"
#include "mac/mac.h"

#include <string.h>

/* Shortest truncated tag accepted. Spec 10.3.1 lets an implementation
 * refuse very short tags; 4 bytes is the floor NIST SP 800-107 5.3.3 and
 * common practice accept. */
#define PP_MAC_MIN_TRUNCATED_LENGTH 4u

psa_mac_operation_t psa_mac_operation_init(void)
{
    psa_mac_operation_t operation;
    memset(&operation, 0, sizeof(operation));
    return operation;
}

/* The MAC of the operation's algorithm: HMAC or CMAC (only CMAC when it
 * is built). */
#if PSA_WANT_ALG_CMAC
#define IS_CMAC(alg) (PSA_ALG_FULL_LENGTH_MAC(alg) == PSA_ALG_CMAC)
#else
#define IS_CMAC(alg) 0
#endif

static void engine_abort(psa_mac_operation_t *operation)
{
#if PSA_WANT_ALG_CMAC
    if (IS_CMAC(operation->alg)) {
        pp_cmac_wipe(&operation->u.cmac);
        return;
    }
#endif
    pp_hmac_abort(&operation->u.hmac);
}

static void engine_update(psa_mac_operation_t *operation, const uint8_t *input, size_t length)
{
#if PSA_WANT_ALG_CMAC
    if (IS_CMAC(operation->alg)) {
        pp_cmac_update(&operation->u.cmac, input, length);
        return;
    }
#endif
    pp_hmac_update(&operation->u.hmac, input, length);
}

/* The full tag into tag[]; the context is wiped. */
static psa_status_t engine_finish(psa_mac_operation_t *operation, uint8_t *tag)
{
#if PSA_WANT_ALG_CMAC
    if (IS_CMAC(operation->alg)) {
        return pp_cmac_finish(&operation->u.cmac, tag);   /* an AES accelerator may fail */
    }
#endif
    pp_hmac_finish(&operation->u.hmac, tag);
    return PSA_SUCCESS;
}

/* Back to the inactive state. The MAC context itself is wiped by
 * engine_finish / engine_abort, so only the header is reset here: wiping
 * the whole operation again would double the cost of a short MAC. */
static void mac_clear_header(psa_mac_operation_t *operation)
{
    operation->alg = 0;
    operation->is_sign = 0;
    operation->mac_length = 0;
    operation->key = PSA_KEY_ID_NULL;
    operation->key_serial = 0;
}

psa_status_t psa_mac_abort(psa_mac_operation_t *operation)
{
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    engine_abort(operation);
    mac_clear_header(operation);
    return PSA_SUCCESS;
}

/* Shape of the algorithm, before any key is looked at. */
static psa_status_t check_mac_alg(psa_algorithm_t alg)
{
    psa_algorithm_t hash;
    size_t full, truncated;
    if (!PSA_ALG_IS_MAC(alg) || (alg & PSA_ALG_MAC_AT_LEAST_THIS_LENGTH_FLAG) != 0) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* not a MAC, or a policy wildcard */
    }
    truncated = PSA_MAC_TRUNCATED_LENGTH(alg);
    if (IS_CMAC(alg)) {
        /* the block length of AES (the only block cipher built) */
        full = 16;
    } else if (!PSA_ALG_IS_HMAC(alg)) {
        return PSA_ERROR_NOT_SUPPORTED;      /* CBC-MAC, CMAC when not built */
    } else {
        hash = PSA_ALG_HMAC_GET_HASH(alg);
        if (hash == PSA_ALG_ANY_HASH) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        full = PSA_HASH_LENGTH(hash);
    }
    if (full == 0) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (truncated > full) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (truncated != 0 && truncated < PP_MAC_MIN_TRUNCATED_LENGTH) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    return PSA_SUCCESS;
}

/* The key type fits the algorithm (spec 10.3: "key is not compatible
 * with alg": INVALID_ARGUMENT; a block cipher other than AES for CMAC:
 * NOT_SUPPORTED), then the engine's setup. operation->alg is still 0. */
static psa_status_t engine_setup(psa_mac_operation_t *operation,
                                 const psa_key_attributes_t *attr, psa_algorithm_t alg,
                                 const uint8_t *key, size_t key_length)
{
#if PSA_WANT_ALG_CMAC
    if (IS_CMAC(alg)) {
        if (attr->type == PSA_KEY_TYPE_AES) {
            return pp_cmac_setup(&operation->u.cmac, key, key_length);
        }
        return PSA_BLOCK_CIPHER_BLOCK_LENGTH(attr->type) > 1u ? PSA_ERROR_NOT_SUPPORTED
                                                              : PSA_ERROR_INVALID_ARGUMENT;
    }
#endif
    if (attr->type != PSA_KEY_TYPE_HMAC) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return pp_hmac_setup(&operation->u.hmac, PSA_ALG_HMAC_GET_HASH(alg), key, key_length);
}

static psa_status_t mac_setup(psa_mac_operation_t *operation, psa_key_id_t key,
                              psa_algorithm_t alg, int is_sign)
{
    pp_key_slot *slot;
    psa_status_t status = pp_core_check_setup(operation != NULL ? &operation->alg : NULL);
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = check_mac_alg(alg);
    if (status == PSA_SUCCESS) {
        status = pp_slot_get_for_use(key, is_sign ? PSA_KEY_USAGE_SIGN_MESSAGE :
                                     PSA_KEY_USAGE_VERIFY_MESSAGE, alg, &slot);
    }
    if (status != PSA_SUCCESS) {
        psa_mac_abort(operation);
        return status;
    }
    status = engine_setup(operation, &slot->attr, alg, slot->material, slot->material_len);
    if (status == PSA_SUCCESS) {
        operation->alg = alg;
        operation->is_sign = (uint8_t)(is_sign ? 1 : 0);
        operation->mac_length = (uint8_t)pp_mac_length(alg, slot->attr.type);
        operation->key = key;
        operation->key_serial = slot->serial;
    }
    pp_slot_unlock(slot);
    if (status != PSA_SUCCESS) {
        psa_mac_abort(operation);
    }
    return status;
}

psa_status_t psa_mac_sign_setup(psa_mac_operation_t *operation, psa_key_id_t key,
                                psa_algorithm_t alg)
{
    return mac_setup(operation, key, alg, 1);
}

psa_status_t psa_mac_verify_setup(psa_mac_operation_t *operation, psa_key_id_t key,
                                  psa_algorithm_t alg)
{
    return mac_setup(operation, key, alg, 0);
}

/* 1 when the operation's key has been destroyed or no longer permits the
 * operation (pp_slot_key_gone: the id and the key's creation number). */
static int key_gone(const psa_mac_operation_t *operation)
{
    return pp_slot_key_gone(operation->key, operation->key_serial,
                            operation->is_sign ? PSA_KEY_USAGE_SIGN_MESSAGE :
                                                 PSA_KEY_USAGE_VERIFY_MESSAGE,
                            operation->alg);
}

/* A destroyed key fails the operation with PSA_ERROR_BAD_STATE: the spec
 * lists no INVALID_HANDLE for psa_mac_update / psa_mac_sign_finish /
 * psa_mac_verify_finish (spec 10.3, multi-part MAC), and BAD_STATE is their
 * error for "the operation state is not valid"; an operation whose key no
 * longer exists is not a valid active operation. The pre-keyed states
 * (key-equivalent) are wiped at once and the operation is left in the
 * error state: alg stays set and is_sign = 2 matches neither finish, so
 * every call but psa_mac_abort fails with BAD_STATE. */
static psa_status_t fail_key_gone(psa_mac_operation_t *operation)
{
    engine_abort(operation);
    operation->key = PSA_KEY_ID_NULL;
    operation->is_sign = 2;
    return PSA_ERROR_BAD_STATE;
}

psa_status_t psa_mac_update(psa_mac_operation_t *operation, const uint8_t *input,
                            size_t input_length)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (operation->alg == 0) {
        return PSA_ERROR_BAD_STATE;
    }
    if (operation->is_sign > 1 || key_gone(operation)) {
        return fail_key_gone(operation);
    }
    if (input == NULL && input_length != 0) {
        psa_mac_abort(operation);
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    engine_update(operation, input, input_length);
    return PSA_SUCCESS;
}

/* Common start of both finish functions: state checks, key still there. */
static psa_status_t check_finish(psa_mac_operation_t *operation, int is_sign)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (operation->alg == 0 || operation->is_sign != (uint8_t)is_sign) {
        return PSA_ERROR_BAD_STATE;
    }
    if (key_gone(operation)) {
        return fail_key_gone(operation);
    }
    return PSA_SUCCESS;
}

psa_status_t psa_mac_sign_finish(psa_mac_operation_t *operation, uint8_t *mac, size_t mac_size,
                                 size_t *mac_length)
{
    uint8_t tag[PP_HASH_MAX_SIZE];
    psa_status_t status = check_finish(operation, 1);
    if (status != PSA_SUCCESS) {
        return pp_fail_output(status, mac, mac_size, mac_length);
    }
    if (mac_length == NULL || (mac == NULL && mac_size != 0)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else if (mac_size < operation->mac_length) {
        status = PSA_ERROR_BUFFER_TOO_SMALL;
    }
    if (status != PSA_SUCCESS) {
        psa_mac_abort(operation);
        return pp_fail_output(status, mac, mac_size, mac_length);
    }
    status = engine_finish(operation, tag);   /* wipes the context */
    if (status != PSA_SUCCESS) {
        pp_wipe(tag, sizeof(tag));
        mac_clear_header(operation);
        return pp_fail_output(status, mac, mac_size, mac_length);
    }
    memcpy(mac, tag, operation->mac_length);
    *mac_length = operation->mac_length;
    pp_wipe(tag, sizeof(tag));
    mac_clear_header(operation);
    return PSA_SUCCESS;
}

psa_status_t psa_mac_verify_finish(psa_mac_operation_t *operation, const uint8_t *mac,
                                   size_t mac_length)
{
    uint8_t tag[PP_HASH_MAX_SIZE];
    psa_status_t status = check_finish(operation, 0);
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (mac == NULL && mac_length != 0) {
        psa_mac_abort(operation);
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = engine_finish(operation, tag);   /* wipes the context */
    /* The length is public; the tag bytes are compared in constant time
     * and the verdict is formed without a branch on them. */
    if (status != PSA_SUCCESS) {
        /* an AES accelerator's error, never a verdict */
    } else if (mac_length != operation->mac_length) {
        status = PSA_ERROR_INVALID_SIGNATURE;
    } else {
        status = pp_status_from_equal_flag(pp_ct_memeq(tag, mac, mac_length),
                                           PSA_ERROR_INVALID_SIGNATURE);
    }
    pp_wipe(tag, sizeof(tag));
    mac_clear_header(operation);
    return status;
}

psa_status_t psa_mac_compute(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                             size_t input_length, uint8_t *mac, size_t mac_size,
                             size_t *mac_length)
{
    psa_mac_operation_t operation = PSA_MAC_OPERATION_INIT;
    psa_status_t status = pp_core_check_initialized();
    if (status == PSA_SUCCESS && (mac_length == NULL || (mac == NULL && mac_size != 0) ||
                                  (input == NULL && input_length != 0))) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS) {
        status = psa_mac_sign_setup(&operation, key, alg);
        operation.key = PSA_KEY_ID_NULL;   /* no re-check: see key_gone */
    }
    if (status == PSA_SUCCESS) {
        status = psa_mac_update(&operation, input, input_length);
    }
    if (status == PSA_SUCCESS) {
        return psa_mac_sign_finish(&operation, mac, mac_size, mac_length);
    }
    psa_mac_abort(&operation);
    return pp_fail_output(status, mac, mac_size, mac_length);
}

psa_status_t psa_mac_verify(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                            size_t input_length, const uint8_t *mac, size_t mac_length)
{
    psa_mac_operation_t operation = PSA_MAC_OPERATION_INIT;
    psa_status_t status = pp_core_check_initialized();
    if (status == PSA_SUCCESS && ((mac == NULL && mac_length != 0) ||
                                  (input == NULL && input_length != 0))) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS) {
        status = psa_mac_verify_setup(&operation, key, alg);
        operation.key = PSA_KEY_ID_NULL;   /* no re-check: see key_gone */
    }
    if (status == PSA_SUCCESS) {
        status = psa_mac_update(&operation, input, input_length);
    }
    if (status == PSA_SUCCESS) {
        return psa_mac_verify_finish(&operation, mac, mac_length);
    }
    psa_mac_abort(&operation);
    return status;
}
