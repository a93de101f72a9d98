/*
 * psa_key_derivation.c -- the key derivation operation (PSA Crypto API 1.2
 * sec. 10.6) with PSA_ALG_HKDF(hash), PSA_ALG_HKDF_EXTRACT(hash) and
 * PSA_ALG_HKDF_EXPAND(hash) (RFC 5869, src/kdf/hkdf.c), alone or behind a
 * key agreement (PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH, kdf), sec. 10.9.1).
 * Without an HKDF variant built, psa_not_supported.c has the functions.
 *
 * Steps (spec 10.6.1, the step lists of each algorithm; kdf_steps()):
 * HKDF: SALT (optional, before SECRET), SECRET, INFO (any time before
 * output). HKDF_EXTRACT: SALT, SECRET; HKDF_EXPAND: SECRET (the PRK),
 * INFO -- both "mandatory and must be passed in the order above". Each
 * step at most once and none after the first output. A step the algorithm
 * does not have: INVALID_ARGUMENT; a step out of order or repeated, an
 * input after output, an output before the mandatory steps: BAD_STATE
 * (10.6.3 input_bytes/input_key, output_bytes).
 *
 * State: alg == 0 is inactive. Once set up, an error puts the operation
 * in the error state (FLAG_ERROR), where every call but abort returns
 * BAD_STATE (10.6.3 setup: "If a subsequent function call with an active
 * operation returns an error, the operation enters an error state").
 * Exceptions, each from its function's text in 10.6.3: a setup that fails
 * leaves the object unchanged (inactive, active or in error); get_capacity
 * cannot change it; set_capacity above the current capacity is
 * INVALID_ARGUMENT with "the operation object remains valid and its
 * capacity remains unchanged"; INSUFFICIENT_DATA of an output or a
 * verification sets the capacity to 0 and nothing more. A mismatch of
 * verify_bytes/verify_key (INVALID_SIGNATURE) is an error like the others
 * (1.2.0 removed its special treatment, appendix E.1.2).
 *
 * Capacity: 255 * HashLen for HKDF and HKDF_EXPAND, HashLen for
 * HKDF_EXTRACT (RFC 5869: its output is the PRK); set_capacity may only
 * lower it (10.6.3).
 *
 * Permissions (10.6.3, the note under input_key): input_key needs
 * PSA_KEY_USAGE_DERIVE or PSA_KEY_USAGE_VERIFY_DERIVATION and the
 * operation's algorithm in the key policy. With a VERIFY_DERIVATION-only
 * key the operation may verify (bytes or keys) but not output
 * (NOT_PERMITTED); output_key also needs the SECRET from a key or a key
 * agreement; verify_key is allowed "under the same conditions as
 * psa_key_derivation_verify_bytes()", a SECRET given as bytes included.
 */
#include "core/pp_core.h"
#include "core/pp_derivation.h"
#include "dispatch/pp_dispatch.h"
#include "hash/pp_hash.h"

#include <string.h>

#if PP_KDF_BUILT

#define FLAG_SALT 0x01u
#define FLAG_SECRET 0x02u
#define FLAG_INFO 0x04u
#define FLAG_OUTPUT 0x08u        /* output started: no more inputs */
#define FLAG_ERROR 0x10u
#define FLAG_VERIFY_ONLY 0x20u   /* a key input allowed verification only */
#define FLAG_SECRET_KEY 0x40u    /* SECRET came from a key or an agreement */

/* The KDF of an operation (the alg itself, or the KDF of an agreement). */
static psa_algorithm_t kdf_of(psa_algorithm_t alg)
{
    return PSA_ALG_IS_KEY_AGREEMENT(alg) ? PSA_ALG_KEY_AGREEMENT_GET_KDF(alg) : alg;
}

static psa_algorithm_t hash_of(psa_algorithm_t kdf)
{
    return PSA_ALG_CATEGORY_HASH | (kdf & PSA_ALG_HASH_MASK);
}

/* Any error once set up: the operation goes to the error state. Without
 * a branch on status: verify_bytes' verdict comes from secret output. */
static psa_status_t fail(psa_key_derivation_operation_t *op, psa_status_t status)
{
    uint32_t failed = ~pp_ct_mask_zero_u32((uint32_t)status);
    op->flags = (uint16_t)(op->flags | (FLAG_ERROR & failed));
    return status;
}

/* Active and not in the error state. */
static int usable(const psa_key_derivation_operation_t *op)
{
    return op->alg != 0 && (op->flags & FLAG_ERROR) == 0;
}

static void wipe_op(psa_key_derivation_operation_t *op)
{
    pp_wipe(op, sizeof(*op));
}

psa_key_derivation_operation_t psa_key_derivation_operation_init(void)
{
    psa_key_derivation_operation_t operation;
    memset(&operation, 0, sizeof(operation));
    return operation;
}

/* The KDF part of a setup: built, its hash built. */
static psa_status_t check_kdf(psa_algorithm_t kdf, size_t *hash_length)
{
    int built = 0;
    if (!PSA_ALG_IS_KEY_DERIVATION(kdf)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
#if PSA_WANT_ALG_HKDF
    built |= PSA_ALG_IS_HKDF(kdf);
#endif
#if PSA_WANT_ALG_HKDF_EXTRACT
    built |= PSA_ALG_IS_HKDF_EXTRACT(kdf);
#endif
#if PSA_WANT_ALG_HKDF_EXPAND
    built |= PSA_ALG_IS_HKDF_EXPAND(kdf);
#endif
    if (!built) {
        return PSA_ERROR_NOT_SUPPORTED;   /* TLS 1.2 PRF, PBKDF2, ... */
    }
    if (hash_of(kdf) == PSA_ALG_ANY_HASH) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* a policy wildcard, not a hash */
    }
    *hash_length = pp_hash_size(hash_of(kdf));
    return *hash_length == 0 ? PSA_ERROR_NOT_SUPPORTED : PSA_SUCCESS;
}

psa_status_t psa_key_derivation_setup(psa_key_derivation_operation_t *operation,
                                      psa_algorithm_t alg)
{
    size_t hash_length = 0;
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (operation->alg != 0) {
        /* 10.6.3: "If psa_key_derivation_setup() returns an error, the
         * operation object is unchanged." */
        return PSA_ERROR_BAD_STATE;
    }
    if (PSA_ALG_IS_KEY_AGREEMENT(alg)) {
        psa_algorithm_t ka = PSA_ALG_KEY_AGREEMENT_GET_BASE(alg);
        if (PSA_ALG_IS_RAW_KEY_AGREEMENT(alg)) {
            return PSA_ERROR_INVALID_ARGUMENT;   /* no KDF: psa_raw_key_agreement */
        }
        if (ka != PSA_ALG_ECDH && ka != PSA_ALG_FFDH) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
#if PSA_WANT_ALG_ECDH
        status = ka == PSA_ALG_ECDH ? PSA_SUCCESS : PSA_ERROR_NOT_SUPPORTED;
#else
        status = PSA_ERROR_NOT_SUPPORTED;
#endif
    }
    if (status == PSA_SUCCESS) {
        status = check_kdf(kdf_of(alg), &hash_length);
    }
    if (status != PSA_SUCCESS) {
        return status;   /* the operation stays inactive */
    }
    wipe_op(operation);
    operation->alg = alg;
    operation->hash_length = (uint8_t)hash_length;
    operation->capacity = PSA_ALG_IS_HKDF_EXTRACT(kdf_of(alg))
                              ? hash_length
                              : (size_t)PP_HKDF_MAX_BLOCKS * hash_length;
    /* No block yet: the first output computes T(1). */
    operation->block_used = operation->hash_length;
    return PSA_SUCCESS;
}

psa_status_t psa_key_derivation_get_capacity(const psa_key_derivation_operation_t *operation,
                                             size_t *capacity)
{
    psa_status_t status = pp_core_check_initialized();
    if (capacity != NULL) {
        *capacity = 0;
    }
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL || capacity == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (!usable(operation)) {
        return PSA_ERROR_BAD_STATE;   /* const: the error state cannot be entered here */
    }
    *capacity = operation->capacity;
    return PSA_SUCCESS;
}

psa_status_t psa_key_derivation_set_capacity(psa_key_derivation_operation_t *operation,
                                             size_t capacity)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (!usable(operation)) {
        return fail(operation, PSA_ERROR_BAD_STATE);
    }
    if (capacity > operation->capacity) {
        /* 10.6.3: "the operation object remains valid and its capacity
         * remains unchanged": no error state. */
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    operation->capacity = capacity;
    return PSA_SUCCESS;
}

/* Where an input comes from: input_bytes, input_key or key_agreement. */
#define SRC_BYTES 0
#define SRC_KEY 1
#define SRC_AGREEMENT 2

/* The steps of each built KDF (10.6.1), as masks of FLAG_SALT,
 * FLAG_SECRET, FLAG_INFO: `before` must all be given first (the mandatory
 * earlier steps), `after` none yet (the later ordered steps); HKDF's INFO
 * comes "at any time", its SALT is optional. `need`: the mandatory steps
 * an output waits for. The next KDFs (PBKDF2, TLS 1.2 PRF, SP 800-108)
 * add a table here. */
typedef struct {
    psa_key_derivation_step_t step;
    uint8_t flag;
    uint8_t before;
    uint8_t after;
} kdf_step;

static const kdf_step hkdf_steps[] = {
    {PSA_KEY_DERIVATION_INPUT_SALT, FLAG_SALT, 0, FLAG_SECRET},
    {PSA_KEY_DERIVATION_INPUT_SECRET, FLAG_SECRET, 0, 0},
    {PSA_KEY_DERIVATION_INPUT_INFO, FLAG_INFO, 0, 0}};
static const kdf_step hkdf_extract_steps[] = {
    {PSA_KEY_DERIVATION_INPUT_SALT, FLAG_SALT, 0, FLAG_SECRET},
    {PSA_KEY_DERIVATION_INPUT_SECRET, FLAG_SECRET, FLAG_SALT, 0}};
static const kdf_step hkdf_expand_steps[] = {
    {PSA_KEY_DERIVATION_INPUT_SECRET, FLAG_SECRET, 0, FLAG_INFO},
    {PSA_KEY_DERIVATION_INPUT_INFO, FLAG_INFO, FLAG_SECRET, 0}};

/* The step table of the operation's KDF; *need: its mandatory steps. */
static const kdf_step *kdf_steps(psa_algorithm_t kdf, size_t *n, uint16_t *need)
{
    if (PSA_ALG_IS_HKDF_EXTRACT(kdf)) {
        *n = sizeof(hkdf_extract_steps) / sizeof(hkdf_extract_steps[0]);
        *need = FLAG_SALT | FLAG_SECRET;
        return hkdf_extract_steps;
    }
    *need = FLAG_SECRET | FLAG_INFO;
    if (PSA_ALG_IS_HKDF_EXPAND(kdf)) {
        *n = sizeof(hkdf_expand_steps) / sizeof(hkdf_expand_steps[0]);
        return hkdf_expand_steps;
    }
    *n = sizeof(hkdf_steps) / sizeof(hkdf_steps[0]);
    return hkdf_steps;
}

/* May `step` come from `source` now? No side effect. INVALID_ARGUMENT for
 * a step the algorithm does not have; BAD_STATE for one out of order,
 * repeated or after output (10.6.3 input_bytes, input_key). */
static psa_status_t check_step(const psa_key_derivation_operation_t *op,
                               psa_key_derivation_step_t step, int source)
{
    size_t n, i;
    uint16_t need;
    const kdf_step *steps = kdf_steps(kdf_of(op->alg), &n, &need);
    for (i = 0; i < n && steps[i].step != step; i++) {
    }
    if (i == n) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* LABEL, COST, INFO of HKDF_EXTRACT, ... */
    }
    if (step == PSA_KEY_DERIVATION_INPUT_SECRET && PSA_ALG_IS_KEY_AGREEMENT(op->alg) &&
        source != SRC_AGREEMENT) {
        /* 10.9.1 PSA_ALG_KEY_AGREEMENT: the combined algorithm's secret
         * comes from psa_key_derivation_key_agreement, neither from bytes
         * nor from a DERIVE key, which would give output without any
         * agreement. */
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if ((op->flags & (steps[i].flag | steps[i].after | FLAG_OUTPUT)) != 0 ||
        (op->flags & steps[i].before) != steps[i].before) {
        return PSA_ERROR_BAD_STATE;   /* repeated, out of order, or after output */
    }
    return PSA_SUCCESS;
}

/* One input step from `source`. The caller has checked that the
 * operation is usable. */
static psa_status_t input_step(psa_key_derivation_operation_t *op,
                               psa_key_derivation_step_t step, const uint8_t *data,
                               size_t data_length, int source)
{
    psa_algorithm_t kdf = kdf_of(op->alg);
    psa_algorithm_t hash = hash_of(kdf);
    int is_extract = PSA_ALG_IS_HKDF_EXTRACT(kdf);
    int is_expand = PSA_ALG_IS_HKDF_EXPAND(kdf);
    psa_status_t status = check_step(op, step, source);

    if (status != PSA_SUCCESS) {
        return status;
    }
    switch (step) {
    case PSA_KEY_DERIVATION_INPUT_SALT:
        status = pp_hkdf_extract_start(&op->hmac, hash, data, data_length);
        if (status == PSA_SUCCESS) {
            op->flags = (uint16_t)(op->flags | FLAG_SALT);
        }
        return status;

    case PSA_KEY_DERIVATION_INPUT_SECRET:
        if (is_expand) {
            status = pp_hkdf_expand_key(&op->hmac, hash, data, data_length);   /* the PRK */
        } else {
            uint8_t prk[PP_HASH_MAX_SIZE];
            status = PSA_SUCCESS;
            if ((op->flags & FLAG_SALT) == 0) {
                /* HKDF without SALT: "the derivation uses an empty salt" */
                status = pp_hkdf_extract_start(&op->hmac, hash, NULL, 0);
            }
            if (status != PSA_SUCCESS) {
                return status;
            }
            if (data_length != 0) {
                pp_hmac_update(&op->hmac, data, data_length);
            }
            pp_hmac_finish(&op->hmac, prk);
            if (is_extract) {
                memcpy(op->block, prk, op->hash_length);   /* the output is the PRK */
                op->block_used = 0;
            } else {
                status = pp_hkdf_expand_key(&op->hmac, hash, prk, op->hash_length);
            }
            pp_wipe(prk, sizeof(prk));
        }
        if (status == PSA_SUCCESS) {
            op->flags = (uint16_t)(op->flags | FLAG_SECRET |
                                   (source != SRC_BYTES ? FLAG_SECRET_KEY : 0u));
        }
        return status;

    default:   /* PSA_KEY_DERIVATION_INPUT_INFO: check_step knows no other */
        if (data_length > PICOPSA_HKDF_MAX_INFO_BYTES) {
            return PSA_ERROR_INSUFFICIENT_MEMORY;   /* config.h: PICOPSA_HKDF_MAX_INFO_BYTES */
        }
        if (data_length != 0) {
            memcpy(op->info, data, data_length);
        }
        op->info_length = (uint16_t)data_length;
        op->flags = (uint16_t)(op->flags | FLAG_INFO);
        return PSA_SUCCESS;
    }
}

psa_status_t psa_key_derivation_input_bytes(psa_key_derivation_operation_t *operation,
                                            psa_key_derivation_step_t step,
                                            const uint8_t *data, size_t data_length)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (!usable(operation)) {
        return fail(operation, PSA_ERROR_BAD_STATE);
    }
    if (data == NULL && data_length != 0) {
        return fail(operation, PSA_ERROR_INVALID_ARGUMENT);
    }
    return fail(operation, input_step(operation, step, data, data_length, SRC_BYTES));
}

psa_status_t psa_key_derivation_input_integer(psa_key_derivation_operation_t *operation,
                                              psa_key_derivation_step_t step, uint64_t value)
{
    psa_status_t status = pp_core_check_initialized();
    (void)step;
    (void)value;
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (!usable(operation)) {
        return fail(operation, PSA_ERROR_BAD_STATE);
    }
    /* HKDF has no integer step (PSA_KEY_DERIVATION_INPUT_COST is PBKDF2's). */
    return fail(operation, PSA_ERROR_INVALID_ARGUMENT);
}

psa_status_t psa_key_derivation_input_key(psa_key_derivation_operation_t *operation,
                                          psa_key_derivation_step_t step, psa_key_id_t key)
{
    pp_key_slot *slot;
    psa_key_usage_t usage;
    psa_key_type_t type;
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (!usable(operation)) {
        return fail(operation, PSA_ERROR_BAD_STATE);
    }
    /* The policy must permit the operation's algorithm (10.6.3 input_key). */
    status = pp_slot_get_for_use(key, 0, operation->alg, &slot);
    if (status != PSA_SUCCESS) {
        return fail(operation, status);
    }
    usage = slot->attr.usage;
    type = slot->attr.type;
    if ((usage & (PSA_KEY_USAGE_DERIVE | PSA_KEY_USAGE_VERIFY_DERIVATION)) == 0) {
        status = PSA_ERROR_NOT_PERMITTED;
    } else if (step == PSA_KEY_DERIVATION_INPUT_SECRET) {
        /* 10.6.1 HKDF*, compatible key types: DERIVE for the secret. */
#if PSA_WANT_KEY_TYPE_DERIVE
        status = type == PSA_KEY_TYPE_DERIVE ? PSA_SUCCESS : PSA_ERROR_INVALID_ARGUMENT;
#else
        status = type == PSA_KEY_TYPE_DERIVE ? PSA_ERROR_NOT_SUPPORTED
                                             : PSA_ERROR_INVALID_ARGUMENT;
#endif
    } else {
        /* ... and RAW_DATA for the other inputs. */
        status = type == PSA_KEY_TYPE_RAW_DATA ? PSA_SUCCESS : PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS) {
        status = input_step(operation, step, slot->material, slot->material_len, SRC_KEY);
    }
    if (status == PSA_SUCCESS && (usage & PSA_KEY_USAGE_DERIVE) == 0) {
        operation->flags = (uint16_t)(operation->flags | FLAG_VERIFY_ONLY);
    }
    pp_slot_unlock(slot);
    return fail(operation, status);
}

psa_status_t psa_key_derivation_key_agreement(psa_key_derivation_operation_t *operation,
                                              psa_key_derivation_step_t step,
                                              psa_key_id_t private_key, const uint8_t *peer_key,
                                              size_t peer_key_length)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (!usable(operation)) {
        return fail(operation, PSA_ERROR_BAD_STATE);
    }
    if ((peer_key == NULL && peer_key_length != 0) || !PSA_ALG_IS_KEY_AGREEMENT(operation->alg) ||
        step != PSA_KEY_DERIVATION_INPUT_SECRET) {
        return fail(operation, PSA_ERROR_INVALID_ARGUMENT);
    }
    /* Order and repeats before the (costly) agreement. */
    status = check_step(operation, step, SRC_AGREEMENT);
    if (status != PSA_SUCCESS) {
        return fail(operation, status);
    }
#if PSA_WANT_ALG_ECDH
    {
        uint8_t secret[PP_SHARED_SECRET_MAX_SIZE];
        size_t secret_length = 0;
        status = pp_core_key_agreement(private_key, operation->alg, peer_key, peer_key_length,
                                       secret, sizeof(secret), &secret_length);
        if (status == PSA_SUCCESS) {
            status = input_step(operation, step, secret, secret_length, SRC_AGREEMENT);
        }
        pp_wipe(secret, sizeof(secret));
    }
#else
    (void)private_key;
    status = PSA_ERROR_NOT_SUPPORTED;   /* setup refuses agreements then */
#endif
    return fail(operation, status);
}

/* Every mandatory step given (10.6.3 outputs: "active, with all required
 * input steps complete"). */
static int ready(const psa_key_derivation_operation_t *op)
{
    size_t n;
    uint16_t need;
    (void)kdf_steps(kdf_of(op->alg), &n, &need);
    return (op->flags & need) == need;
}

/* The next output_length bytes of the stream; capacity checked by the
 * caller. HKDF_EXTRACT: the PRK in block[]; otherwise T(1), T(2), ... */
static void produce(psa_key_derivation_operation_t *op, uint8_t *output, size_t output_length)
{
    int is_extract = PSA_ALG_IS_HKDF_EXTRACT(kdf_of(op->alg));
    while (output_length > 0) {
        size_t n;
        if (op->block_used == op->hash_length && !is_extract) {
            /* capacity <= 255 blocks keeps the counter within 1..255 */
            op->counter = (uint8_t)(op->counter + 1u);
            pp_hkdf_expand_block(&op->hmac, op->block, op->block,
                                 op->counter == 1u ? 0u : op->hash_length, op->info,
                                 op->info_length, op->counter);
            op->block_used = 0;
        }
        n = (size_t)(op->hash_length - op->block_used);
        if (n > output_length) {
            n = output_length;
        }
        memcpy(output, op->block + op->block_used, n);
        op->block_used = (uint8_t)(op->block_used + n);
        output += n;
        output_length -= n;
    }
}

/* Checks shared by every output and verification: usable, inputs
 * complete, capacity (10.6.3: INSUFFICIENT_DATA sets it to 0, and is the
 * one error that does not end the operation). */
static psa_status_t take(psa_key_derivation_operation_t *op, size_t length, int verify)
{
    if (!usable(op) || !ready(op)) {
        return fail(op, PSA_ERROR_BAD_STATE);
    }
    if (!verify && (op->flags & FLAG_VERIFY_ONLY) != 0) {
        return fail(op, PSA_ERROR_NOT_PERMITTED);
    }
    op->flags = (uint16_t)(op->flags | FLAG_OUTPUT);
    if (length > op->capacity) {
        op->capacity = 0;
        return PSA_ERROR_INSUFFICIENT_DATA;   /* not an error state */
    }
    op->capacity -= length;
    return PSA_SUCCESS;
}

psa_status_t psa_key_derivation_output_bytes(psa_key_derivation_operation_t *operation,
                                             uint8_t *output, size_t output_length)
{
    psa_status_t status = pp_core_check_initialized();
    if (status == PSA_SUCCESS &&
        (operation == NULL || (output == NULL && output_length != 0))) {
        status = operation == NULL ? PSA_ERROR_INVALID_ARGUMENT
                                   : fail(operation, PSA_ERROR_INVALID_ARGUMENT);
    }
    if (status == PSA_SUCCESS) {
        status = take(operation, output_length, 0);
    }
    if (status == PSA_SUCCESS) {
        produce(operation, output, output_length);
    }
    return pp_fail_output(status, output, output_length, NULL);
}

/* Compare the next length bytes with expected, in constant time. */
static psa_status_t verify_stream(psa_key_derivation_operation_t *op, const uint8_t *expected,
                                  size_t length)
{
    uint8_t chunk[64];
    int equal = 1;
    psa_status_t status = take(op, length, 1);
    if (status != PSA_SUCCESS) {
        return status;
    }
    while (length > 0) {
        size_t n = length < sizeof(chunk) ? length : sizeof(chunk);
        produce(op, chunk, n);
        equal &= pp_ct_memeq(chunk, expected, n);
        expected += n;
        length -= n;
    }
    pp_wipe(chunk, sizeof(chunk));
    /* 10.6.3 verify_bytes/verify_key: every error but INSUFFICIENT_DATA,
     * a mismatch (INVALID_SIGNATURE) included, enters the error state
     * (appendix E.1.2). The verdict comes from secret output: fail()
     * takes it without a branch. */
    return fail(op, pp_status_from_equal_flag(equal, PSA_ERROR_INVALID_SIGNATURE));
}

psa_status_t psa_key_derivation_verify_bytes(psa_key_derivation_operation_t *operation,
                                             const uint8_t *expected_output,
                                             size_t output_length)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (expected_output == NULL && output_length != 0) {
        return fail(operation, PSA_ERROR_INVALID_ARGUMENT);
    }
    return verify_stream(operation, expected_output, output_length);
}

psa_status_t psa_key_derivation_verify_key(psa_key_derivation_operation_t *operation,
                                           psa_key_id_t expected)
{
    pp_key_slot *slot;
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (!usable(operation)) {
        return fail(operation, PSA_ERROR_BAD_STATE);
    }
    /* No FLAG_SECRET_KEY check: the note under input_key (10.6.3) allows
     * verify_key "under the same conditions as
     * psa_key_derivation_verify_bytes()", a SECRET given as bytes too.
     * 10.6.3 verify_key: a PASSWORD_HASH key whose policy has
     * VERIFY_DERIVATION and the operation's algorithm. */
    status = pp_slot_get_for_use(expected, PSA_KEY_USAGE_VERIFY_DERIVATION, operation->alg,
                                 &slot);
    if (status != PSA_SUCCESS) {
        return fail(operation, status);
    }
    if (slot->attr.type != PSA_KEY_TYPE_PASSWORD_HASH) {
        status = fail(operation, PSA_ERROR_INVALID_ARGUMENT);
    } else {
        status = verify_stream(operation, slot->material, slot->material_len);
    }
    pp_slot_unlock(slot);
    return status;
}

/* Bytes of a key of this type and size drawn from the stream (10.6.3
 * output_key and the key types' "Key derivation" text in 9.2: raw keys
 * take bits/8 bytes; an X25519 private key 32 bytes, RFC 7748 clamping
 * at use). */
static psa_status_t derived_key_size(const psa_key_attributes_t *attributes, size_t *bytes)
{
    psa_key_type_t type = attributes->type;
    size_t bits = attributes->bits;
    *bytes = 0;
    if (PP_KEY_TYPE_IS_RAW(type)) {
        if (bits == 0 || bits % 8u != 0) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        if (bits / 8u > PICOPSA_HMAC_MAX_KEY_BYTES) {
            return PSA_ERROR_NOT_SUPPORTED;
        }
        *bytes = bits / 8u;
        return PSA_SUCCESS;
    }
    if (PSA_KEY_TYPE_IS_PUBLIC_KEY(type)) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* 10.6.3 output_key: not a public key */
    }
#if PSA_WANT_ECC_MONTGOMERY_255
    if (type == PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY) && bits == 255u) {
        *bytes = 32u;
        return PSA_SUCCESS;
    }
#endif
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t psa_key_derivation_output_key_custom(const psa_key_attributes_t *attributes,
                                                  psa_key_derivation_operation_t *operation,
                                                  const psa_custom_key_parameters_t *custom,
                                                  const uint8_t *custom_data,
                                                  size_t custom_data_length,
                                                  psa_key_id_t *key)
{
    uint8_t material[PICOPSA_HMAC_MAX_KEY_BYTES > 32 ? PICOPSA_HMAC_MAX_KEY_BYTES : 32];
    size_t bytes = 0;
    psa_status_t status = pp_core_check_initialized();

    if (key != NULL) {
        *key = PSA_KEY_ID_NULL;
    }
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (attributes == NULL || key == NULL || custom == NULL ||
        (custom_data == NULL && custom_data_length != 0)) {
        return fail(operation, PSA_ERROR_INVALID_ARGUMENT);
    }
    if (!usable(operation) || !ready(operation)) {
        return fail(operation, PSA_ERROR_BAD_STATE);
    }
    if ((operation->flags & FLAG_SECRET_KEY) == 0) {
        /* 10.6.3 output_key: the SECRET must be a key or an agreement, so
         * that a derived key is as protected as what it came from. */
        return fail(operation, PSA_ERROR_NOT_PERMITTED);
    }
    if (attributes->type == PSA_KEY_TYPE_PASSWORD_HASH && attributes->alg != operation->alg) {
        /* 10.6.3 output_key: a PASSWORD_HASH key's "permitted-algorithm
         * policy is not the same as the current operation's algorithm". */
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else if (custom->flags != 0 || custom_data_length != 0) {
        /* No production parameters are defined for the types derived here. */
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else {
        status = derived_key_size(attributes, &bytes);
    }
    if (status == PSA_SUCCESS) {
        status = take(operation, bytes, 0);
        if (status == PSA_SUCCESS) {
            produce(operation, material, bytes);
            status = psa_import_key(attributes, material, bytes, key);
        }
        pp_wipe(material, sizeof(material));
        return status == PSA_ERROR_INSUFFICIENT_DATA ? status : fail(operation, status);
    }
    return fail(operation, status);
}

psa_status_t psa_key_derivation_output_key(const psa_key_attributes_t *attributes,
                                           psa_key_derivation_operation_t *operation,
                                           psa_key_id_t *key)
{
    psa_custom_key_parameters_t custom = psa_custom_key_parameters_init();
    return psa_key_derivation_output_key_custom(attributes, operation, &custom, NULL, 0, key);
}

psa_status_t psa_key_derivation_abort(psa_key_derivation_operation_t *operation)
{
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    wipe_op(operation);
    return PSA_SUCCESS;
}

#else
typedef int pp_key_derivation_disabled;
#endif /* PP_KDF_BUILT */
