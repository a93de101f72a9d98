/*
 * psa_cipher.c -- unauthenticated ciphers (spec 10.4): single-part
 * psa_cipher_encrypt / _decrypt and the multi-part operation, over
 * src/cipher (AES: ECB, CBC, CBC-PKCS#7, CTR, CFB, OFB, CCM* without tag,
 * XTS; ChaCha20 and XChaCha20: PSA_ALG_STREAM_CIPHER).
 *
 * States (spec 10.4.3 and the function texts): inactive (alg == 0) ->
 * setup -> active, IV needed (iv_state 0; never for ECB) -> generate_iv /
 * set_iv -> active, IV set (iv_state 1) -> update* -> finish -> inactive.
 * Choices where the spec leaves room, and why:
 *  - psa_cipher_set_iv on ECB is INVALID_ARGUMENT ("the chosen algorithm
 *    does not use an IV", listed under that error); psa_cipher_generate_iv
 *    on ECB is BAD_STATE (its only state error: "active, with no IV set";
 *    an ECB operation is never waiting for an IV).
 *  - Any error of an active operation aborts it (it enters the error
 *    state, and every step but abort and setup then answers BAD_STATE),
 *    as psa_mac.c does; a destroyed key (spec 9.6.5) leaves the operation
 *    failed (is_encrypt = 2) until psa_cipher_abort.
 *  - BUFFER_TOO_SMALL is judged against the bytes this very call writes
 *    (pp_cipher_update_length), not the worst case of the size macros.
 *  - XTS (PSA_ALG_XTS): one operation is one data unit and the IV its
 *    16-byte tweak; psa_cipher_encrypt draws a random tweak like any IV
 *    (10.4.2: "generates a random IV"), so a disk driver that needs the
 *    sector number uses the multi-part calls with psa_cipher_set_iv.
 *    update keeps the last 16..31 bytes back (ciphertext stealing needs
 *    the last two blocks together), finish writes them; under 16 bytes in
 *    all is INVALID_ARGUMENT, at finish and in the single-part calls
 *    ("the total input size ... is not valid for this particular
 *    algorithm"). Key sizes and Key1 == Key2: src/cipher/cipher_xts.c.
 * Buffers may overlap (spec 5.4.4): src/cipher handles any overlap, and
 * psa_cipher_encrypt writes the IV after the ciphertext.
 * With a driver list (docs/drivers.md) the checks and the states stay
 * here; a driver that takes a setup owns the operation until abort
 * (operation->driver), with no fallback after setup; one_shot offers the
 * single-part calls to the drivers after its checks.
 */
#include "core/pp_core.h"
#include "dispatch/pp_dispatch.h"
#include "cipher/cipher.h"
#include "random/pp_random.h"
#if PICOPSA_DRIVERS
#include "dispatch/pp_accel.h"
#endif

#include <string.h>

#if PP_CIPHER_BUILT   /* else psa_not_supported.c's stubs */

#define BUFFER_IS_BAD(ptr, len) ((ptr) == NULL && (len) != 0)

/* A step of the single-part calls that the software runs: with a driver
 * list only when no driver took the call (one_shot's `taken`). */
#if PICOPSA_DRIVERS
#define SOFTWARE_STEP(status, taken) ((status) == PSA_SUCCESS && !(taken))
#else
#define SOFTWARE_STEP(status, taken) ((status) == PSA_SUCCESS)
#endif

/* The IV step of an active operation: the driver that took it at setup,
 * else the software's context. */
#if PICOPSA_DRIVERS
#define OPERATION_SET_IV(op, iv, iv_length)                                             \
    ((op)->driver != 0 ? pp_accel_cipher_set_iv((op)->driver, (op)->driver_ctx, iv, iv_length) \
                       : pp_cipher_set_iv(&(op)->ctx, iv, iv_length))
#else
#define OPERATION_SET_IV(op, iv, iv_length) pp_cipher_set_iv(&(op)->ctx, iv, iv_length)
#endif

#if PICOPSA_DRIVERS
/* The driver that owns an operation is told to abort and its context wiped. */
static void driver_abort(psa_cipher_operation_t *operation)
{
    if (operation->driver != 0) {
        pp_accel_cipher_abort(operation->driver, operation->driver_ctx);
        operation->driver = 0;
    }
}
#endif

psa_cipher_operation_t psa_cipher_operation_init(void)
{
    psa_cipher_operation_t operation;
    memset(&operation, 0, sizeof(operation));
    return operation;
}

psa_status_t psa_cipher_abort(psa_cipher_operation_t *operation)
{
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    pp_cipher_abort(&operation->ctx);
#if PICOPSA_DRIVERS
    driver_abort(operation);
#endif
    operation->alg = 0;
    operation->is_encrypt = 0;
    operation->iv_state = 0;
    operation->key = PSA_KEY_ID_NULL;
    operation->key_serial = 0;
    return PSA_SUCCESS;
}

static psa_key_usage_t usage_of(int encrypt)
{
    return encrypt ? PSA_KEY_USAGE_ENCRYPT : PSA_KEY_USAGE_DECRYPT;
}

static psa_status_t cipher_setup(psa_cipher_operation_t *operation, psa_key_id_t key,
                                 psa_algorithm_t alg, int encrypt)
{
    pp_key_slot *slot;
    psa_status_t status = pp_core_check_setup(operation != NULL ? &operation->alg : NULL);
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (!PSA_ALG_IS_CIPHER(alg)) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* spec 10.4: "alg is not a cipher algorithm" */
    }
    status = pp_slot_get_for_use(key, usage_of(encrypt), alg, &slot);
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = pp_dispatch_cipher_setup(&operation->ctx, &slot->attr, slot->material,
                                      slot->material_len, alg, encrypt);
#if PICOPSA_DRIVERS
    /* Checked: the drivers may take it now (PSA driver interface
     * cipher_*_setup); one that does owns the operation to its end (the
     * software's ctx then only tells the IV length), NOT_SUPPORTED leaves
     * it to the software. */
    if (status == PSA_SUCCESS) {
        operation->driver = 0;
        status = pp_accel_cipher_setup(operation->driver_ctx, &operation->driver, &slot->attr,
                                       slot->material, slot->material_len, alg, encrypt);
        if (status == PSA_ERROR_NOT_SUPPORTED) {
            status = PSA_SUCCESS;
        }
    }
#endif
    if (status == PSA_SUCCESS) {
        operation->alg = alg;
        operation->is_encrypt = (uint8_t)(encrypt ? 1 : 0);
        operation->iv_state = (uint8_t)(pp_cipher_iv_length(&operation->ctx) == 0 ? 1 : 0);
        operation->key = key;
        operation->key_serial = slot->serial;
    }
    pp_slot_unlock(slot);
    if (status != PSA_SUCCESS) {
        psa_cipher_abort(operation);
    }
    return status;
}

psa_status_t psa_cipher_encrypt_setup(psa_cipher_operation_t *operation, psa_key_id_t key,
                                      psa_algorithm_t alg)
{
    return cipher_setup(operation, key, alg, 1);
}

psa_status_t psa_cipher_decrypt_setup(psa_cipher_operation_t *operation, psa_key_id_t key,
                                      psa_algorithm_t alg)
{
    return cipher_setup(operation, key, alg, 0);
}

/* The checks every step after setup starts with: initialised library, an
 * operation, active, the key still there. want_iv_state: the iv_state the
 * step needs (0 for the IV steps, 1 for update and finish). */
static psa_status_t check_step(psa_cipher_operation_t *operation, uint8_t want_iv_state)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (operation->alg == 0 || operation->is_encrypt > 1 ||
        operation->iv_state != want_iv_state) {
        return PSA_ERROR_BAD_STATE;
    }
    if (pp_slot_key_gone(operation->key, operation->key_serial,
                         usage_of(operation->is_encrypt), operation->alg)) {
        /* BAD_STATE: the steps list no INVALID_HANDLE (as psa_mac.c). The
         * key schedule is wiped now; only abort is accepted after this. */
        pp_cipher_abort(&operation->ctx);
#if PICOPSA_DRIVERS
        driver_abort(operation);
#endif
        operation->key = PSA_KEY_ID_NULL;
        operation->is_encrypt = 2;
        return PSA_ERROR_BAD_STATE;
    }
    return PSA_SUCCESS;
}

/* An error of an active operation: abort it, report status. */
static psa_status_t fail(psa_cipher_operation_t *operation, psa_status_t status)
{
    psa_cipher_abort(operation);
    return status;
}

psa_status_t psa_cipher_generate_iv(psa_cipher_operation_t *operation, uint8_t *iv,
                                    size_t iv_size, size_t *iv_length)
{
    uint8_t fresh[PSA_CIPHER_IV_MAX_SIZE];
    size_t length;
    psa_status_t status = PSA_SUCCESS;
    if (iv_length == NULL || BUFFER_IS_BAD(iv, iv_size)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else {
        status = check_step(operation, 0);
    }
    if (status == PSA_SUCCESS && !operation->is_encrypt) {
        status = PSA_ERROR_BAD_STATE;   /* spec: an active cipher *encrypt* operation */
    }
    if (status != PSA_SUCCESS) {
        return pp_fail_output(status, iv, iv_size, iv_length);
    }
    length = pp_cipher_iv_length(&operation->ctx);
    if (iv_size < length) {
        status = PSA_ERROR_BUFFER_TOO_SMALL;
    } else {
        status = pp_random_bytes(fresh, length);
    }
    if (status == PSA_SUCCESS) {
        status = OPERATION_SET_IV(operation, fresh, length);
    }
    if (status == PSA_SUCCESS) {
        memcpy(iv, fresh, length);
        *iv_length = length;
        operation->iv_state = 1;
    } else {
        fail(operation, status);
        status = pp_fail_output(status, iv, iv_size, iv_length);
    }
    pp_wipe(fresh, sizeof(fresh));
    return status;
}

psa_status_t psa_cipher_set_iv(psa_cipher_operation_t *operation, const uint8_t *iv,
                               size_t iv_length)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL || BUFFER_IS_BAD(iv, iv_length)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (operation->alg != 0 && operation->is_encrypt <= 1 &&
        pp_cipher_iv_length(&operation->ctx) == 0) {
        return fail(operation, PSA_ERROR_INVALID_ARGUMENT);   /* ECB: no IV */
    }
    status = check_step(operation, 0);
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = OPERATION_SET_IV(operation, iv, iv_length);
    if (status != PSA_SUCCESS) {
        return fail(operation, status);
    }
    operation->iv_state = 1;
    return PSA_SUCCESS;
}

psa_status_t psa_cipher_update(psa_cipher_operation_t *operation, const uint8_t *input,
                               size_t input_length, uint8_t *output, size_t output_size,
                               size_t *output_length)
{
    size_t length;
    psa_status_t status = PSA_SUCCESS;
    if (output_length == NULL || BUFFER_IS_BAD(input, input_length) ||
        BUFFER_IS_BAD(output, output_size)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else {
        status = check_step(operation, 1);
    }
    if (status != PSA_SUCCESS) {
        return pp_fail_output(status, output, output_size, output_length);
    }
#if PICOPSA_DRIVERS
    if (operation->driver != 0) {   /* the driver judges its output size; no fallback */
        status = pp_accel_cipher_update(operation->driver, operation->driver_ctx, input,
                                        input_length, output, output_size, output_length);
        if (status != PSA_SUCCESS) {
            fail(operation, status);
            return pp_fail_output(status, output, output_size, output_length);
        }
        return PSA_SUCCESS;
    }
#endif
    length = pp_cipher_update_length(&operation->ctx, input_length);
    if (output_size < length) {
        fail(operation, PSA_ERROR_BUFFER_TOO_SMALL);
        return pp_fail_output(PSA_ERROR_BUFFER_TOO_SMALL, output, output_size, output_length);
    }
    status = pp_cipher_update(&operation->ctx, input, input_length, output);
    if (status != PSA_SUCCESS) {
        fail(operation, status);
        return pp_fail_output(status, output, output_size, output_length);
    }
    *output_length = length;
    return PSA_SUCCESS;
}

psa_status_t psa_cipher_finish(psa_cipher_operation_t *operation, uint8_t *output,
                               size_t output_size, size_t *output_length)
{
    uint8_t last[PP_CIPHER_FINISH_MAX];
    size_t length = 0;
    psa_status_t status = PSA_SUCCESS;
    if (output_length == NULL || BUFFER_IS_BAD(output, output_size)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else {
        status = check_step(operation, 1);
    }
    if (status != PSA_SUCCESS) {
        return pp_fail_output(status, output, output_size, output_length);
    }
#if PICOPSA_DRIVERS
    if (operation->driver != 0) {
        status = pp_accel_cipher_finish(operation->driver, operation->driver_ctx, output,
                                        output_size, output_length);
        psa_cipher_abort(operation);   /* the driver's abort, whatever finish said */
        if (status != PSA_SUCCESS) {
            return pp_fail_output(status, output, output_size, output_length);
        }
        return PSA_SUCCESS;
    }
#endif
    status = pp_cipher_finish(&operation->ctx, last, &length);   /* wipes the context */
    if (status == PSA_SUCCESS && output_size < length) {
        status = PSA_ERROR_BUFFER_TOO_SMALL;
    }
    if (status == PSA_SUCCESS) {
        if (length != 0) {
            memcpy(output, last, length);   /* output may be NULL when nothing is due */
        }
        *output_length = length;
    }
    pp_wipe(last, sizeof(last));
    psa_cipher_abort(operation);
    if (status != PSA_SUCCESS) {
        return pp_fail_output(status, output, output_size, output_length);
    }
    return PSA_SUCCESS;
}

/* ECB and CBC take whole blocks only (CBC-PKCS#7 encryption any length),
 * XTS at least one block; the single-part functions refuse other lengths
 * before writing anything (spec 10.4: INVALID_ARGUMENT, "the input_length
 * is not valid for the algorithm"). */
static int length_valid(psa_algorithm_t alg, int encrypt, size_t length)
{
    if (alg == PSA_ALG_XTS) {
        return length >= 16u;
    }
    if (alg == PSA_ALG_ECB_NO_PADDING || alg == PSA_ALG_CBC_NO_PADDING ||
        (alg == PSA_ALG_CBC_PKCS7 && !encrypt)) {
        return length % 16u == 0;
    }
    return 1;
}

/* Both single-part functions (spec 10.4.2), straight on a local context
 * (no operation, so no state checks, no key re-check and no second wipe:
 * the key is expanded into ctx at setup and the slot unlocked then), in the
 * multi-part calls' order of checks: arguments, alg, key and policy, the
 * engine's setup, the size rules, the IV (drawn, or the first iv_length
 * input bytes), the data, the final block. Encryption writes IV ||
 * ciphertext, the IV last: the input may lie where it goes (spec 5.4.4).
 * ctx is wiped by pp_cipher_finish, or by pp_cipher_abort on an error
 * (nothing when setup failed: it wiped what it wrote).
 * With a driver list, once the checks have passed and the IV is drawn,
 * the drivers get the call (PSA driver interface cipher_encrypt /
 * cipher_decrypt, docs/drivers.md) with the slot's key still locked: a
 * driver's result or error is the call's (no fallback after an error),
 * its NOT_SUPPORTED hands the call to the software modes on ctx. */
static psa_status_t one_shot(psa_key_id_t key, psa_algorithm_t alg, int encrypt,
                             const uint8_t *input, size_t input_length, uint8_t *output,
                             size_t output_size, size_t *output_length)
{
    picopsa_cipher_context ctx;
    pp_key_slot *slot;
    uint8_t iv[PSA_CIPHER_IV_MAX_SIZE];
    uint8_t tail[PP_CIPHER_FINISH_MAX];
    size_t iv_length, data_length, pad, at, part = 0, last = 0;
#if PICOPSA_DRIVERS
    const uint8_t *whole_input = input;   /* decryption: IV || ciphertext, for a driver */
    int taken = 0;
#endif
    psa_status_t status = pp_core_check_initialized();
    if (status == PSA_SUCCESS && (output_length == NULL || BUFFER_IS_BAD(input, input_length) ||
                                  BUFFER_IS_BAD(output, output_size))) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS && !PSA_ALG_IS_CIPHER(alg)) {
        status = PSA_ERROR_INVALID_ARGUMENT;   /* spec 10.4: "alg is not a cipher algorithm" */
    }
    if (status == PSA_SUCCESS) {
        status = pp_slot_get_for_use(key, usage_of(encrypt), alg, &slot);
    }
    if (status == PSA_SUCCESS) {
        ctx.alg = 0;   /* a refusal before pp_cipher_setup leaves nothing to wipe */
        status = pp_dispatch_cipher_setup(&ctx, &slot->attr, slot->material,
                                          slot->material_len, alg, encrypt);
#if PICOPSA_DRIVERS
        if (status != PSA_SUCCESS) {
            pp_slot_unlock(slot);   /* else once the drivers were asked, below */
        }
#else
        pp_slot_unlock(slot);
#endif
    }
    if (status != PSA_SUCCESS) {
        return pp_fail_output(status, output, output_size, output_length);
    }
    iv_length = pp_cipher_iv_length(&ctx);
    at = encrypt ? iv_length : 0;                       /* where the data goes */
    data_length = encrypt ? input_length : input_length - iv_length;
    pad = encrypt && alg == PSA_ALG_CBC_PKCS7 ? 16u - data_length % 16u : 0u;
    if (!encrypt && input_length < iv_length) {
        status = PSA_ERROR_INVALID_ARGUMENT;            /* spec: input is IV || ciphertext */
    } else if (!length_valid(alg, encrypt, data_length)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else if (encrypt && (output_size < at || output_size - at < data_length + pad)) {
        status = PSA_ERROR_BUFFER_TOO_SMALL;   /* decryption: update and finish judge */
    } else if (encrypt) {
        status = pp_random_bytes(iv, iv_length);
    } else {
        memcpy(iv, input, iv_length);                   /* the output may overwrite it */
        input += iv_length;
    }
#if PICOPSA_DRIVERS
    if (status == PSA_SUCCESS) {
        status = encrypt ? pp_dispatch_cipher_driver(&slot->attr, slot->material,
                                                     slot->material_len, alg, 1, iv, iv_length,
                                                     input, input_length, output + at,
                                                     output_size - at, &part)
                         : pp_dispatch_cipher_driver(&slot->attr, slot->material,
                                                     slot->material_len, alg, 0, iv, iv_length,
                                                     whole_input, input_length, output,
                                                     output_size, &part);
        taken = status != PSA_ERROR_NOT_SUPPORTED;
        if (!taken) {
            status = PSA_SUCCESS;
            part = 0;
        }
    }
    pp_slot_unlock(slot);
#endif
    if (SOFTWARE_STEP(status, taken) && iv_length != 0) {
        status = pp_cipher_set_iv(&ctx, iv, iv_length);
    }
    if (SOFTWARE_STEP(status, taken)) {
        part = pp_cipher_update_length(&ctx, data_length);
        status = output_size - at < part
                     ? PSA_ERROR_BUFFER_TOO_SMALL
                     : pp_cipher_update(&ctx, input, data_length, output + at);
    }
    if (SOFTWARE_STEP(status, taken)) {
        status = pp_cipher_finish(&ctx, tail, &last);   /* wipes ctx */
        if (status == PSA_SUCCESS && output_size - at - part < last) {
            status = PSA_ERROR_BUFFER_TOO_SMALL;
        }
        if (status == PSA_SUCCESS && last != 0) {
            memcpy(output + at + part, tail, last);
        }
        pp_wipe(tail, sizeof(tail));
    }
    pp_cipher_abort(&ctx);   /* an error before finish; after it, nothing is left */
    if (status == PSA_SUCCESS) {
        if (at != 0) {
            memcpy(output, iv, at);
        }
        *output_length = at + part + last;
    }
    pp_wipe(iv, sizeof(iv));
    if (status != PSA_SUCCESS) {
        return pp_fail_output(status, output, output_size, output_length);
    }
    return PSA_SUCCESS;
}

psa_status_t psa_cipher_encrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                                size_t input_length, uint8_t *output, size_t output_size,
                                size_t *output_length)
{
    return one_shot(key, alg, 1, input, input_length, output, output_size, output_length);
}

psa_status_t psa_cipher_decrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                                size_t input_length, uint8_t *output, size_t output_size,
                                size_t *output_length)
{
    return one_shot(key, alg, 0, input, input_length, output, output_size, output_length);
}

#endif /* PP_CIPHER_BUILT */
