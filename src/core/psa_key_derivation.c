/*
 * psa_key_derivation.c -- the key derivation operation (PSA Crypto API 1.2
 * sec. 10.6) with PSA_ALG_HKDF(hash), PSA_ALG_HKDF_EXTRACT(hash) and
 * PSA_ALG_HKDF_EXPAND(hash) (RFC 5869, src/kdf/hkdf.c),
 * PSA_ALG_PBKDF2_HMAC(hash) (RFC 8018 5.2, src/kdf/pbkdf2.c) and
 * PSA_ALG_PBKDF2_AES_CMAC_PRF_128 (the same over RFC 4615's PRF,
 * src/kdf/pbkdf2_cmac.c; both in the KDF_PBKDF2 family: the same steps,
 * key types and capacity rule, 10.6.1),
 * PSA_ALG_TLS12_PRF(hash) and PSA_ALG_TLS12_PSK_TO_MS(hash) (RFC 5246 5,
 * RFC 4279 2, src/kdf/tls12_prf.c), PSA_ALG_SP800_108_COUNTER_HMAC(hash)
 * (SP 800-108r1 4.1, src/kdf/sp800_108.c) and PSA_ALG_SP800_108_COUNTER_CMAC
 * (the same with AES-CMAC and K_0, src/kdf/sp800_108_cmac.c; its SECRET
 * is an AES key, so it is never behind an agreement) and
 * PSA_ALG_TLS12_ECJPAKE_TO_PMS (SHA-256 of the x coordinate of the 65-byte
 * EC J-PAKE point, here; not behind an agreement either, whose output is
 * an x coordinate, not the point), alone or behind a key agreement
 * (PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH, kdf), sec. 10.9.1; PBKDF2's key-
 * stretching bit does not fit that encoding: ECDH | PBKDF2 is no agreement,
 * INVALID_ARGUMENT).
 * Without any of them built, psa_not_supported.c has the functions.
 *
 * Steps (spec 10.6.1, the step lists of each algorithm; kdf_steps()):
 * HKDF: SALT (optional, before SECRET), SECRET, INFO (any time before
 * output). HKDF_EXTRACT: SALT, SECRET; HKDF_EXPAND: SECRET (the PRK),
 * INFO -- both "mandatory and must be passed in the order above".
 * PBKDF2: COST (input_integer only), SALT (one or more times, the pieces
 * concatenated), PASSWORD. TLS12_PRF: SEED, SECRET, LABEL. PSK_TO_MS:
 * SEED, OTHER_SECRET (optional; behind ECDH it is the agreement's, and
 * mandatory),
 * SECRET (the PSK, at most PSA_TLS12_PSK_TO_MS_PSK_MAX_SIZE bytes), LABEL.
 * TLS12_ECJPAKE_TO_PMS: SECRET (exactly 65 bytes 0x04 || x || y, else
 * INVALID_ARGUMENT), then its 32 bytes "in a single call": an output or
 * verification of 1..31 bytes is INVALID_ARGUMENT (the spec names no
 * status), over 32 INSUFFICIENT_DATA (the capacity).
 * SP800_108_COUNTER_HMAC and _CMAC: SECRET, LABEL (optional, no 0x00
 * byte), CONTEXT (optional); the CMAC SECRET from input_key only (bytes:
 * INVALID_ARGUMENT, "does not permit direct inputs"). Each step at most once (but PBKDF2's SALT) and none after
 * the first output. A step the algorithm does not have, a direct input
 * for COST or an integer for another step: INVALID_ARGUMENT; a step out
 * of order or repeated, an input after output, an output before the
 * mandatory steps: BAD_STATE (10.6.3 input_bytes/input_integer/input_key,
 * output_bytes).
 *
 * Kept inputs: op->inputs[] (PICOPSA_KDF_MAX_INPUT_BYTES, HKDF INFO:
 * PICOPSA_HKDF_MAX_INFO_BYTES) holds what a later step or every output
 * block needs: PBKDF2's salt until the password keys HMAC (the salt may be
 * a PEPPER key: wiped once absorbed), the TLS seed and label, PSK_TO_MS's
 * other secret until the PSK comes (wiped then), SP 800-108's label and
 * context. An input that does not fit: INSUFFICIENT_MEMORY (10.6.3 lists
 * it for every input function).
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
 * HKDF_EXTRACT (RFC 5869: its output is the PRK); (2^32 - 1) * HashLen
 * for PBKDF2 (RFC 8018 5.2 step 1; SIZE_MAX if that does not fit);
 * 255 * HashLen for the TLS 1.2 PRFs (RFC 5246 sets no limit: Mbed TLS's
 * value); 2^29 - 1 for both SP 800-108 KDFs (10.6.1), whose L is 8 * the capacity
 * at the first output, after which set_capacity is BAD_STATE ("Subsequent
 * calls ... are not permitted"). set_capacity may only lower it (10.6.3).
 *
 * Permissions (10.6.3, the note under input_key): input_key needs
 * PSA_KEY_USAGE_DERIVE or PSA_KEY_USAGE_VERIFY_DERIVATION and the
 * operation's algorithm in the key policy. With a VERIFY_DERIVATION-only
 * key the operation may verify (bytes or keys) but not output
 * (NOT_PERMITTED); output_key also needs the SECRET (PBKDF2: the
 * PASSWORD) from a key or a key agreement; verify_key is allowed "under the same conditions as
 * psa_key_derivation_verify_bytes()", a SECRET given as bytes included.
 */
#include "core/pp_core.h"
#include "core/pp_derivation.h"
#include "dispatch/pp_dispatch.h"
#include "hash/pp_hash.h"
#include "kdf/pbkdf2.h"
#include "kdf/pbkdf2_cmac.h"
#include "kdf/sp800_108.h"
#include "kdf/sp800_108_cmac.h"
#include "kdf/tls12_prf.h"

#include <string.h>

#if PP_KDF_BUILT

#define FLAG_SALT 0x0001u
#define FLAG_SECRET 0x0002u
#define FLAG_INFO 0x0004u
#define FLAG_OUTPUT 0x0008u        /* output started: no more inputs */
#define FLAG_ERROR 0x0010u
#define FLAG_VERIFY_ONLY 0x0020u   /* a key input allowed verification only */
#define FLAG_SECRET_KEY 0x0040u    /* SECRET/PASSWORD came from a key or an agreement */
#define FLAG_COST 0x0080u
#define FLAG_PASSWORD 0x0100u
#define FLAG_SEED 0x0200u
#define FLAG_OTHER 0x0400u
#define FLAG_LABEL 0x0800u
#define FLAG_CONTEXT 0x1000u

/* Which KDF family: one switch per operation. */
#define KDF_HKDF 0
#define KDF_PBKDF2 1
#define KDF_TLS12 2          /* TLS12_PRF and TLS12_PSK_TO_MS */
#define KDF_SP800_108 3
#define KDF_SP800_108_CMAC 4
#define KDF_ECJPAKE 5

/* The KDF of an operation (the alg itself, or the KDF of an agreement). */
static psa_algorithm_t kdf_of(psa_algorithm_t alg)
{
    return PSA_ALG_IS_KEY_AGREEMENT(alg) ? PSA_ALG_KEY_AGREEMENT_GET_KDF(alg) : alg;
}

static psa_algorithm_t hash_of(psa_algorithm_t kdf)
{
    return PSA_ALG_CATEGORY_HASH | (kdf & PSA_ALG_HASH_MASK);
}

static int family_of(psa_algorithm_t kdf)
{
    if (PSA_ALG_IS_PBKDF2_HMAC(kdf) || kdf == PSA_ALG_PBKDF2_AES_CMAC_PRF_128) {
        return KDF_PBKDF2;
    }
    if (PSA_ALG_IS_TLS12_PRF(kdf) || PSA_ALG_IS_TLS12_PSK_TO_MS(kdf)) {
        return KDF_TLS12;
    }
    if (PSA_ALG_IS_SP800_108_COUNTER_HMAC(kdf)) {
        return KDF_SP800_108;
    }
    if (kdf == PSA_ALG_SP800_108_COUNTER_CMAC) {
        return KDF_SP800_108_CMAC;
    }
    if (kdf == PSA_ALG_TLS12_ECJPAKE_TO_PMS) {
        return KDF_ECJPAKE;
    }
    return KDF_HKDF;
}

/* The src/kdf contexts live in op->u.kdf (its size and alignment: an HMAC
 * context and uint64_t words, like the contexts). */
#define PP_KDF_ROOM sizeof(((psa_key_derivation_operation_t *)0)->u)
#if PSA_WANT_ALG_PBKDF2_HMAC
typedef char pp_kdf_pbkdf2_fits[sizeof(pp_pbkdf2_ctx) <= PP_KDF_ROOM ? 1 : -1];
#endif
#if PSA_WANT_ALG_TLS12_PRF || PSA_WANT_ALG_TLS12_PSK_TO_MS
typedef char pp_kdf_tls12_fits[sizeof(pp_tls12_prf_ctx) <= PP_KDF_ROOM ? 1 : -1];
#endif
#if PSA_WANT_ALG_SP800_108_COUNTER_HMAC
typedef char pp_kdf_sp800_108_fits[sizeof(pp_sp800_108_ctx) <= PP_KDF_ROOM ? 1 : -1];
#endif
#if PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128
typedef char pp_kdf_pbkdf2_cmac_fits[sizeof(pp_pbkdf2_cmac_ctx) <= PP_KDF_ROOM ? 1 : -1];
#endif
#if PSA_WANT_ALG_SP800_108_COUNTER_CMAC
typedef char pp_kdf_sp800_108_cmac_fits[sizeof(pp_sp800_108_cmac_ctx) <= PP_KDF_ROOM ? 1 : -1];
#endif
/* The HKDF info limit and the other KDFs' limit share inputs[]. */
typedef char pp_kdf_inputs_fit[sizeof(((psa_key_derivation_operation_t *)0)->inputs) >=
                                       PICOPSA_KDF_MAX_INPUT_BYTES
                                   ? 1
                                   : -1];

/* Only this file touches op->u, always through one of these for the
 * operation's KDF (or u.hkdf), and wipes it with the operation. */
#if PSA_WANT_ALG_PBKDF2_HMAC
static pp_pbkdf2_ctx *pbkdf2_of(psa_key_derivation_operation_t *op)
{
    return (pp_pbkdf2_ctx *)(void *)&op->u;
}
#endif

#if PSA_WANT_ALG_TLS12_PRF || PSA_WANT_ALG_TLS12_PSK_TO_MS
static pp_tls12_prf_ctx *tls12_of(psa_key_derivation_operation_t *op)
{
    return (pp_tls12_prf_ctx *)(void *)&op->u;
}
#endif

#if PSA_WANT_ALG_SP800_108_COUNTER_HMAC
static pp_sp800_108_ctx *sp800_108_of(psa_key_derivation_operation_t *op)
{
    return (pp_sp800_108_ctx *)(void *)&op->u;
}
#endif

#if PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128
static pp_pbkdf2_cmac_ctx *pbkdf2_cmac_of(psa_key_derivation_operation_t *op)
{
    return (pp_pbkdf2_cmac_ctx *)(void *)&op->u;
}
#endif

#if PSA_WANT_ALG_SP800_108_COUNTER_CMAC
static pp_sp800_108_cmac_ctx *sp800_108_cmac_of(psa_key_derivation_operation_t *op)
{
    return (pp_sp800_108_cmac_ctx *)(void *)&op->u;
}
#endif

/* SP 800-108 with HMAC or CMAC: L fixed at the first output (10.6.1). */
static int fixes_length(int family)
{
    return family == KDF_SP800_108 || family == KDF_SP800_108_CMAC;
}

/* Any error once set up: the operation goes to the error state. Without
 * a branch on status: verify_bytes' verdict comes from secret output. */
static psa_status_t fail(psa_key_derivation_operation_t *op, psa_status_t status)
{
    /* the mask through the barrier: a verify's status comes from secret
     * output, and clang -O2 otherwise branched on the 0 / ~0 mask */
    uint32_t failed = pp_ct_barrier_u32(~pp_ct_mask_zero_u32((uint32_t)status));
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
#if PSA_WANT_ALG_PBKDF2_HMAC
    built |= PSA_ALG_IS_PBKDF2_HMAC(kdf);
#endif
#if PSA_WANT_ALG_TLS12_PRF
    built |= PSA_ALG_IS_TLS12_PRF(kdf);
#endif
#if PSA_WANT_ALG_TLS12_PSK_TO_MS
    built |= PSA_ALG_IS_TLS12_PSK_TO_MS(kdf);
#endif
#if PSA_WANT_ALG_SP800_108_COUNTER_HMAC
    built |= PSA_ALG_IS_SP800_108_COUNTER_HMAC(kdf);
#endif
#if PSA_WANT_ALG_SP800_108_COUNTER_CMAC
    built |= kdf == PSA_ALG_SP800_108_COUNTER_CMAC;
#endif
#if PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128
    built |= kdf == PSA_ALG_PBKDF2_AES_CMAC_PRF_128;
#endif
#if PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS
    built |= kdf == PSA_ALG_TLS12_ECJPAKE_TO_PMS;
#endif
    if (!built) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (kdf == PSA_ALG_TLS12_ECJPAKE_TO_PMS) {
        *hash_length = PSA_TLS12_ECJPAKE_TO_PMS_OUTPUT_SIZE;   /* SHA-256 */
        return PSA_SUCCESS;
    }
    if (family_of(kdf) == KDF_SP800_108_CMAC || kdf == PSA_ALG_PBKDF2_AES_CMAC_PRF_128) {
        *hash_length = PP_CMAC_BLOCK;   /* no hash: AES-CMAC blocks */
        return PSA_SUCCESS;
    }
    if (hash_of(kdf) == PSA_ALG_ANY_HASH) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* a policy wildcard, not a hash */
    }
    if (family_of(kdf) == KDF_TLS12 && hash_of(kdf) != PSA_ALG_SHA_256 &&
        hash_of(kdf) != PSA_ALG_SHA_384) {
        return PSA_ERROR_NOT_SUPPORTED;   /* RFC 5246 5 and 10.6.1: SHA-256 or SHA-384 */
    }
    *hash_length = pp_hash_size(hash_of(kdf));
    return *hash_length == 0 ? PSA_ERROR_NOT_SUPPORTED : PSA_SUCCESS;
}

/* The capacity after setup (the header comment, "Capacity"). */
static size_t initial_capacity(psa_algorithm_t kdf, size_t hash_length)
{
    switch (family_of(kdf)) {
    case KDF_PBKDF2:
        /* (2^32 - 1) * hLen, when size_t holds it */
        return (SIZE_MAX / hash_length >= 0xFFFFFFFFu) ? (size_t)0xFFFFFFFFu * hash_length
                                                       : SIZE_MAX;
    case KDF_SP800_108:
    case KDF_SP800_108_CMAC:
        return PP_SP800_108_MAX_BYTES;
    case KDF_ECJPAKE:
        return PSA_TLS12_ECJPAKE_TO_PMS_OUTPUT_SIZE;   /* 10.6.1: the 32-byte output */
    case KDF_TLS12:
        return (size_t)PP_HKDF_MAX_BLOCKS * hash_length;
    default:
        return PSA_ALG_IS_HKDF_EXTRACT(kdf) ? hash_length
                                            : (size_t)PP_HKDF_MAX_BLOCKS * hash_length;
    }
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
    if (status == PSA_SUCCESS && PSA_ALG_IS_KEY_AGREEMENT(alg) &&
        (family_of(kdf_of(alg)) == KDF_SP800_108_CMAC ||
         family_of(kdf_of(alg)) == KDF_ECJPAKE)) {
        /* 10.6.1 SP800_108_COUNTER_CMAC: SECRET "must be input using
         * psa_key_derivation_input_key()", a block-cipher key: no
         * agreement can feed it, so ECDH | CMAC-KDF is no valid
         * agreement-and-derivation algorithm. ECJPAKE_TO_PMS takes the
         * 65-byte EC J-PAKE point; ECDH gives a 32-byte x coordinate. */
        status = PSA_ERROR_INVALID_ARGUMENT;
    }

    if (status != PSA_SUCCESS) {
        return status;   /* the operation stays inactive */
    }
    wipe_op(operation);
    operation->alg = alg;
    operation->hash_length = (uint8_t)hash_length;
    operation->capacity = initial_capacity(kdf_of(alg), hash_length);
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
    if (fixes_length(family_of(kdf_of(operation->alg))) &&
        (operation->flags & FLAG_OUTPUT) != 0) {
        /* 10.6.1 SP800_108_COUNTER_HMAC: L is fixed at the first output;
         * "Subsequent calls to psa_key_derivation_set_capacity() are not
         * permitted". */
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

/* Where an input comes from: input_bytes, input_integer, input_key or
 * key_agreement. */
#define SRC_BYTES 0
#define SRC_KEY 1
#define SRC_AGREEMENT 2
#define SRC_INTEGER 3

/* Step rules beyond the order. */
#define RULE_INTEGER 0x01u   /* input_integer only (COST) */
#define RULE_REPEAT 0x02u    /* may be given again while no later step is (PBKDF2 SALT) */
#define RULE_KEY_ONLY 0x04u  /* input_key only (the CMAC KDF's SECRET) */

/* The steps of each built KDF (10.6.1), as masks of the FLAG_ step bits:
 * `before` must all be given first (the mandatory earlier steps), `after`
 * none yet (the later ordered steps); HKDF's INFO comes "at any time", its
 * SALT is optional. `need` (kdf_steps): the mandatory steps an output
 * waits for. */
typedef struct {
    psa_key_derivation_step_t step;
    uint16_t flag;
    uint16_t before;
    uint16_t after;
    uint8_t rules;
} kdf_step;

static const kdf_step hkdf_steps[] = {
    {PSA_KEY_DERIVATION_INPUT_SALT, FLAG_SALT, 0, FLAG_SECRET, 0},
    {PSA_KEY_DERIVATION_INPUT_SECRET, FLAG_SECRET, 0, 0, 0},
    {PSA_KEY_DERIVATION_INPUT_INFO, FLAG_INFO, 0, 0, 0}};
static const kdf_step hkdf_extract_steps[] = {
    {PSA_KEY_DERIVATION_INPUT_SALT, FLAG_SALT, 0, FLAG_SECRET, 0},
    {PSA_KEY_DERIVATION_INPUT_SECRET, FLAG_SECRET, FLAG_SALT, 0, 0}};
static const kdf_step hkdf_expand_steps[] = {
    {PSA_KEY_DERIVATION_INPUT_SECRET, FLAG_SECRET, 0, FLAG_INFO, 0},
    {PSA_KEY_DERIVATION_INPUT_INFO, FLAG_INFO, FLAG_SECRET, 0, 0}};
/* 10.6.1 PSA_ALG_PBKDF2_HMAC: "must be provided in the following order";
 * COST and PASSWORD exactly once, SALT "one or more times". */
static const kdf_step pbkdf2_steps[] = {
    {PSA_KEY_DERIVATION_INPUT_COST, FLAG_COST, 0, FLAG_SALT | FLAG_PASSWORD, RULE_INTEGER},
    {PSA_KEY_DERIVATION_INPUT_SALT, FLAG_SALT, FLAG_COST, FLAG_PASSWORD, RULE_REPEAT},
    {PSA_KEY_DERIVATION_INPUT_PASSWORD, FLAG_PASSWORD, FLAG_COST | FLAG_SALT, 0, 0}};
/* 10.6.1 PSA_ALG_TLS12_PRF: "must be passed in the order given here". */
static const kdf_step tls12_prf_steps[] = {
    {PSA_KEY_DERIVATION_INPUT_SEED, FLAG_SEED, 0, FLAG_SECRET | FLAG_LABEL, 0},
    {PSA_KEY_DERIVATION_INPUT_SECRET, FLAG_SECRET, FLAG_SEED, FLAG_LABEL, 0},
    {PSA_KEY_DERIVATION_INPUT_LABEL, FLAG_LABEL, FLAG_SEED | FLAG_SECRET, 0, 0}};
/* 10.6.1 PSA_ALG_TLS12_PSK_TO_MS: the same order, OTHER_SECRET optional. */
static const kdf_step tls12_psk_steps[] = {
    {PSA_KEY_DERIVATION_INPUT_SEED, FLAG_SEED, 0, FLAG_OTHER | FLAG_SECRET | FLAG_LABEL, 0},
    {PSA_KEY_DERIVATION_INPUT_OTHER_SECRET, FLAG_OTHER, FLAG_SEED, FLAG_SECRET | FLAG_LABEL, 0},
    {PSA_KEY_DERIVATION_INPUT_SECRET, FLAG_SECRET, FLAG_SEED, FLAG_LABEL, 0},
    {PSA_KEY_DERIVATION_INPUT_LABEL, FLAG_LABEL, FLAG_SEED | FLAG_SECRET, 0, 0}};
/* 10.6.1 PSA_ALG_SP800_108_COUNTER_HMAC: "Inputs must be passed in the
 * order above", LABEL and CONTEXT optional. */
static const kdf_step sp800_108_steps[] = {
    {PSA_KEY_DERIVATION_INPUT_SECRET, FLAG_SECRET, 0, FLAG_LABEL | FLAG_CONTEXT, 0},
    {PSA_KEY_DERIVATION_INPUT_LABEL, FLAG_LABEL, FLAG_SECRET, FLAG_CONTEXT, 0},
    {PSA_KEY_DERIVATION_INPUT_CONTEXT, FLAG_CONTEXT, FLAG_SECRET, 0, 0}};
/* 10.6.1 PSA_ALG_SP800_108_COUNTER_CMAC: the same steps; SECRET "must be
 * input using psa_key_derivation_input_key()". */
static const kdf_step sp800_108_cmac_steps[] = {
    {PSA_KEY_DERIVATION_INPUT_SECRET, FLAG_SECRET, 0, FLAG_LABEL | FLAG_CONTEXT, RULE_KEY_ONLY},
    {PSA_KEY_DERIVATION_INPUT_LABEL, FLAG_LABEL, FLAG_SECRET, FLAG_CONTEXT, 0},
    {PSA_KEY_DERIVATION_INPUT_CONTEXT, FLAG_CONTEXT, FLAG_SECRET, 0, 0}};

/* 10.6.1 PSA_ALG_TLS12_ECJPAKE_TO_PMS: "This function takes a single
 * input". */
static const kdf_step ecjpake_steps[] = {{PSA_KEY_DERIVATION_INPUT_SECRET, FLAG_SECRET, 0, 0, 0}};

#define N_STEPS(t) (sizeof(t) / sizeof((t)[0]))

/* The step table of the operation's KDF; *need: its mandatory steps. */
static const kdf_step *kdf_steps(psa_algorithm_t kdf, size_t *n, uint16_t *need)
{
    switch (family_of(kdf)) {
    case KDF_PBKDF2:
        *n = N_STEPS(pbkdf2_steps);
        *need = FLAG_COST | FLAG_SALT | FLAG_PASSWORD;
        return pbkdf2_steps;
    case KDF_TLS12:
        *need = FLAG_SEED | FLAG_SECRET | FLAG_LABEL;
        if (PSA_ALG_IS_TLS12_PSK_TO_MS(kdf)) {
            *n = N_STEPS(tls12_psk_steps);
            return tls12_psk_steps;
        }
        *n = N_STEPS(tls12_prf_steps);
        return tls12_prf_steps;
    case KDF_SP800_108:
        *n = N_STEPS(sp800_108_steps);
        *need = FLAG_SECRET;
        return sp800_108_steps;
    case KDF_SP800_108_CMAC:
        *n = N_STEPS(sp800_108_cmac_steps);
        *need = FLAG_SECRET;
        return sp800_108_cmac_steps;
    case KDF_ECJPAKE:
        *n = N_STEPS(ecjpake_steps);
        *need = FLAG_SECRET;
        return ecjpake_steps;
    default:
        break;
    }
    if (PSA_ALG_IS_HKDF_EXTRACT(kdf)) {
        *n = N_STEPS(hkdf_extract_steps);
        *need = FLAG_SALT | FLAG_SECRET;
        return hkdf_extract_steps;
    }
    *need = FLAG_SECRET | FLAG_INFO;
    if (PSA_ALG_IS_HKDF_EXPAND(kdf)) {
        *n = N_STEPS(hkdf_expand_steps);
        return hkdf_expand_steps;
    }
    *n = N_STEPS(hkdf_steps);
    return hkdf_steps;
}

/* The step a key agreement feeds (10.9.1 and 10.6.1 PSK_TO_MS: "the
 * other secret should be the output of the ... key agreement"). */
static psa_key_derivation_step_t agreement_step(psa_algorithm_t kdf)
{
    return PSA_ALG_IS_TLS12_PSK_TO_MS(kdf) ? PSA_KEY_DERIVATION_INPUT_OTHER_SECRET
                                           : PSA_KEY_DERIVATION_INPUT_SECRET;
}

/* May `step` come from `source` now? No side effect. INVALID_ARGUMENT for
 * a step the algorithm does not have, or the wrong kind of input for it;
 * BAD_STATE for one out of order, repeated or after output (10.6.3
 * input_bytes, input_integer, input_key). */
static psa_status_t check_step(const psa_key_derivation_operation_t *op,
                               psa_key_derivation_step_t step, int source)
{
    size_t n, i;
    uint16_t need, given, before;
    psa_algorithm_t kdf = kdf_of(op->alg);
    const kdf_step *steps = kdf_steps(kdf, &n, &need);
    for (i = 0; i < n && steps[i].step != step; i++) {
    }
    if (i == n) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* LABEL for HKDF, INFO of HKDF_EXTRACT, ... */
    }
    if (((steps[i].rules & RULE_INTEGER) != 0) != (source == SRC_INTEGER)) {
        /* "step does not permit direct inputs" (COST: "This must be a
         * direct input, passed to psa_key_derivation_input_integer()") or
         * "does not permit numerical inputs" */
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if ((steps[i].rules & RULE_KEY_ONLY) != 0 && source != SRC_KEY) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* "does not permit direct inputs" */
    }
    if (step == agreement_step(kdf) && PSA_ALG_IS_KEY_AGREEMENT(op->alg) &&
        source != SRC_AGREEMENT) {
        /* 10.9.1 PSA_ALG_KEY_AGREEMENT: the combined algorithm's secret
         * comes from psa_key_derivation_key_agreement, neither from bytes
         * nor from a DERIVE key, which would give output without any
         * agreement. */
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    before = steps[i].before;
    if (PSA_ALG_IS_KEY_AGREEMENT(op->alg) && PSA_ALG_IS_TLS12_PSK_TO_MS(kdf) &&
        (step == PSA_KEY_DERIVATION_INPUT_SECRET || step == PSA_KEY_DERIVATION_INPUT_LABEL)) {
        before = (uint16_t)(before | FLAG_OTHER);   /* behind ECDH the agreement is mandatory */
    }
    given = op->flags;
    if ((steps[i].rules & RULE_REPEAT) != 0) {
        given = (uint16_t)(given & ~steps[i].flag);   /* later steps (after) still refuse it */
    }
    if ((given & (steps[i].flag | steps[i].after | FLAG_OUTPUT)) != 0 ||
        (given & before) != before) {
        return PSA_ERROR_BAD_STATE;   /* repeated, out of order, or after output */
    }
    return PSA_SUCCESS;
}

/* Append data to op->inputs (a kept input, see the header comment). */
static psa_status_t keep_input(psa_key_derivation_operation_t *op, const uint8_t *data,
                               size_t data_length, size_t limit)
{
    if (data_length > limit - op->info_length) {
        return PSA_ERROR_INSUFFICIENT_MEMORY;   /* config.h: PICOPSA_KDF_MAX_INPUT_BYTES */
    }
    if (data_length != 0) {
        memcpy(op->inputs + op->info_length, data, data_length);
    }
    op->info_length = (uint16_t)(op->info_length + data_length);
    return PSA_SUCCESS;
}

#if PP_HKDF_BUILT
/* An HKDF step (check_step passed). */
static psa_status_t hkdf_input(psa_key_derivation_operation_t *op,
                               psa_key_derivation_step_t step, const uint8_t *data,
                               size_t data_length)
{
    psa_algorithm_t kdf = kdf_of(op->alg);
    psa_algorithm_t hash = hash_of(kdf);
    int is_extract = PSA_ALG_IS_HKDF_EXTRACT(kdf);
    psa_status_t status = PSA_SUCCESS;
    uint8_t prk[PP_HASH_MAX_SIZE];

    switch (step) {
    case PSA_KEY_DERIVATION_INPUT_SALT:
        return pp_hkdf_extract_start(&op->u.hkdf.hmac, hash, data, data_length);
    case PSA_KEY_DERIVATION_INPUT_SECRET:
        if (PSA_ALG_IS_HKDF_EXPAND(kdf)) {
            return pp_hkdf_expand_key(&op->u.hkdf.hmac, hash, data, data_length);   /* the PRK */
        }
        if ((op->flags & FLAG_SALT) == 0) {
            /* HKDF without SALT: "the derivation uses an empty salt" */
            status = pp_hkdf_extract_start(&op->u.hkdf.hmac, hash, NULL, 0);
        }
        if (status != PSA_SUCCESS) {
            return status;
        }
        if (data_length != 0) {
            pp_hmac_update(&op->u.hkdf.hmac, data, data_length);
        }
        pp_hmac_finish(&op->u.hkdf.hmac, prk);
        if (is_extract) {
            memcpy(op->u.hkdf.block, prk, op->hash_length);   /* the output is the PRK */
            op->block_used = 0;
        } else {
            status = pp_hkdf_expand_key(&op->u.hkdf.hmac, hash, prk, op->hash_length);
        }
        pp_wipe(prk, sizeof(prk));
        return status;
    default:   /* PSA_KEY_DERIVATION_INPUT_INFO: check_step knows no other */
        return keep_input(op, data, data_length, PICOPSA_HKDF_MAX_INFO_BYTES);
    }
}
#endif

#if PSA_WANT_ALG_PBKDF2_HMAC || PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128
/* A PBKDF2 step (COST comes through input_integer). The salt waits in
 * inputs[] for the password, which keys the PRF (RFC 8018 5.2: PRF(P, S ||
 * INT(i)); RFC 4615 3: the AES key from P). */
static psa_status_t pbkdf2_input(psa_key_derivation_operation_t *op,
                                 psa_key_derivation_step_t step, const uint8_t *data,
                                 size_t data_length)
{
    psa_status_t status;
    if (step == PSA_KEY_DERIVATION_INPUT_SALT) {
        return keep_input(op, data, data_length, PICOPSA_KDF_MAX_INPUT_BYTES);
    }
#if PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128
    if (kdf_of(op->alg) == PSA_ALG_PBKDF2_AES_CMAC_PRF_128) {
        status = pp_pbkdf2_cmac_setup(pbkdf2_cmac_of(op), data, data_length, op->cost);
        if (status == PSA_SUCCESS) {
            pp_pbkdf2_cmac_salt(pbkdf2_cmac_of(op), op->inputs, op->info_length);
        }
    } else
#endif
    {
#if PSA_WANT_ALG_PBKDF2_HMAC
        status = pp_pbkdf2_setup(pbkdf2_of(op), hash_of(kdf_of(op->alg)), data, data_length,
                                 op->cost);
        if (status == PSA_SUCCESS) {
            pp_pbkdf2_salt(pbkdf2_of(op), op->inputs, op->info_length);
        }
#else
        status = PSA_ERROR_NOT_SUPPORTED;   /* setup refuses it */
#endif
    }
    pp_wipe(op->inputs, sizeof(op->inputs));   /* the salt may hold a pepper */
    op->info_length = 0;
    return status;
}
#endif

#if PSA_WANT_ALG_TLS12_PRF || PSA_WANT_ALG_TLS12_PSK_TO_MS
/* A TLS 1.2 step. inputs[] = seed || (other secret, until the PSK) ||
 * label. */
static psa_status_t tls12_input(psa_key_derivation_operation_t *op,
                                psa_key_derivation_step_t step, const uint8_t *data,
                                size_t data_length)
{
    psa_algorithm_t kdf = kdf_of(op->alg);
    psa_status_t status;
    switch (step) {
    case PSA_KEY_DERIVATION_INPUT_SEED:
        status = keep_input(op, data, data_length, PICOPSA_KDF_MAX_INPUT_BYTES);
        op->first_length = op->info_length;
        return status;
    case PSA_KEY_DERIVATION_INPUT_OTHER_SECRET:
        return keep_input(op, data, data_length, PICOPSA_KDF_MAX_INPUT_BYTES);
    case PSA_KEY_DERIVATION_INPUT_SECRET:
        if (!PSA_ALG_IS_TLS12_PSK_TO_MS(kdf)) {
            return pp_tls12_prf_setup(tls12_of(op), hash_of(kdf), data, data_length);
        }
        {
            /* RFC 4279 2: the premaster secret from the PSK and the other
             * secret (none: zeros as long as the PSK), then the PRF keyed
             * with it. */
            uint8_t pms[PP_TLS12_PSK_PREMASTER_SIZE(PICOPSA_KDF_MAX_INPUT_BYTES,
                                                    PP_TLS12_PSK_MAX_SIZE)];
            size_t pms_length = 0;
            int has_other = (op->flags & FLAG_OTHER) != 0;
            status = pp_tls12_psk_premaster(pms, sizeof(pms), &pms_length,
                                            has_other ? op->inputs + op->first_length : NULL,
                                            (size_t)(op->info_length - op->first_length), data,
                                            data_length);
            if (status == PSA_SUCCESS) {
                status = pp_tls12_prf_setup(tls12_of(op), hash_of(kdf), pms, pms_length);
            }
            pp_wipe(pms, sizeof(pms));
            /* The other secret is no longer needed: the label goes there. */
            pp_wipe(op->inputs + op->first_length, sizeof(op->inputs) - op->first_length);
            op->info_length = op->first_length;
            return status;
        }
    default:   /* PSA_KEY_DERIVATION_INPUT_LABEL */
        return keep_input(op, data, data_length, PICOPSA_KDF_MAX_INPUT_BYTES);
    }
}
#endif

#if PSA_WANT_ALG_SP800_108_COUNTER_HMAC
/* An SP 800-108 step. inputs[] = label || context. */
static psa_status_t sp800_108_input(psa_key_derivation_operation_t *op,
                                    psa_key_derivation_step_t step, const uint8_t *data,
                                    size_t data_length)
{
    psa_status_t status;
    switch (step) {
    case PSA_KEY_DERIVATION_INPUT_SECRET:
        return pp_sp800_108_setup(sp800_108_of(op), hash_of(kdf_of(op->alg)), data, data_length);
    case PSA_KEY_DERIVATION_INPUT_LABEL:
        /* 10.6.1: "If provided, it must not contain any null bytes." */
        status = pp_sp800_108_label_ok(data, data_length);
        if (status == PSA_SUCCESS) {
            status = keep_input(op, data, data_length, PICOPSA_KDF_MAX_INPUT_BYTES);
        }
        op->first_length = op->info_length;
        return status;
    default:   /* PSA_KEY_DERIVATION_INPUT_CONTEXT */
        return keep_input(op, data, data_length, PICOPSA_KDF_MAX_INPUT_BYTES);
    }
}
#endif

#if PSA_WANT_ALG_SP800_108_COUNTER_CMAC
/* An SP 800-108 CMAC step. inputs[] = label || context, as for HMAC. */
static psa_status_t sp800_108_cmac_input(psa_key_derivation_operation_t *op,
                                         psa_key_derivation_step_t step, const uint8_t *data,
                                         size_t data_length)
{
    psa_status_t status;
    switch (step) {
    case PSA_KEY_DERIVATION_INPUT_SECRET:   /* an AES key (check_key_type) */
        return pp_sp800_108_cmac_setup(sp800_108_cmac_of(op), data, data_length);
    case PSA_KEY_DERIVATION_INPUT_LABEL:
        status = pp_sp800_108_label_ok(data, data_length);   /* 10.6.1: no null bytes */
        if (status == PSA_SUCCESS) {
            status = keep_input(op, data, data_length, PICOPSA_KDF_MAX_INPUT_BYTES);
        }
        op->first_length = op->info_length;
        return status;
    default:   /* PSA_KEY_DERIVATION_INPUT_CONTEXT */
        return keep_input(op, data, data_length, PICOPSA_KDF_MAX_INPUT_BYTES);
    }
}
#endif

#if PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS
/* The EC J-PAKE SECRET: "For secp256r1, the input is exactly 65 bytes"
 * (10.6.1), an uncompressed point 0x04 || x || y. The premaster secret
 * SHA-256(x) goes to u.hkdf.block at once; the point is not kept. The
 * format byte is public (the only valid value is 0x04). */
static psa_status_t ecjpake_input(psa_key_derivation_operation_t *op, const uint8_t *data,
                                  size_t data_length)
{
    if (data_length != 65u || data[0] != 0x04u) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* "data_length is too small or too large" */
    }
    return pp_hash_compute(PSA_ALG_SHA_256, data + 1, 32u, op->u.hkdf.block);
}
#endif

/* One input step from `source`. The caller has checked that the
 * operation is usable. */
static psa_status_t input_step(psa_key_derivation_operation_t *op,
                               psa_key_derivation_step_t step, const uint8_t *data,
                               size_t data_length, int source)
{
    size_t n, i;
    uint16_t need;
    const kdf_step *steps = kdf_steps(kdf_of(op->alg), &n, &need);
    psa_status_t status = check_step(op, step, source);

    if (status != PSA_SUCCESS) {
        return status;
    }
    switch (family_of(kdf_of(op->alg))) {
#if PSA_WANT_ALG_PBKDF2_HMAC || PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128
    case KDF_PBKDF2: status = pbkdf2_input(op, step, data, data_length); break;
#endif
#if PSA_WANT_ALG_TLS12_PRF || PSA_WANT_ALG_TLS12_PSK_TO_MS
    case KDF_TLS12: status = tls12_input(op, step, data, data_length); break;
#endif
#if PSA_WANT_ALG_SP800_108_COUNTER_HMAC
    case KDF_SP800_108: status = sp800_108_input(op, step, data, data_length); break;
#endif
#if PSA_WANT_ALG_SP800_108_COUNTER_CMAC
    case KDF_SP800_108_CMAC: status = sp800_108_cmac_input(op, step, data, data_length); break;
#endif
#if PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS
    case KDF_ECJPAKE: status = ecjpake_input(op, data, data_length); break;
#endif
#if PP_HKDF_BUILT
    case KDF_HKDF: status = hkdf_input(op, step, data, data_length); break;
#endif
    default: status = PSA_ERROR_NOT_SUPPORTED; break;   /* setup refuses it */
    }
    if (status == PSA_SUCCESS) {
        for (i = 0; steps[i].step != step; i++) {   /* check_step found it */
        }
        op->flags = (uint16_t)(op->flags | steps[i].flag);
        if ((step == PSA_KEY_DERIVATION_INPUT_SECRET ||
             step == PSA_KEY_DERIVATION_INPUT_PASSWORD) &&
            (source == SRC_KEY || source == SRC_AGREEMENT)) {
            op->flags = (uint16_t)(op->flags | FLAG_SECRET_KEY);
        }
    }
    return status;
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
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (!usable(operation)) {
        return fail(operation, PSA_ERROR_BAD_STATE);
    }
    /* Only PBKDF2's COST is an integer step (10.6.2). */
    status = check_step(operation, step, SRC_INTEGER);
    if (status == PSA_SUCCESS) {
        if (value == 0) {
            status = PSA_ERROR_INVALID_ARGUMENT;   /* RFC 8018 5.2: c is positive */
        } else if (value > (uint64_t)PICOPSA_PBKDF2_MAX_COST) {
            status = PSA_ERROR_NOT_SUPPORTED;   /* "value is not supported" */
        } else {
            operation->cost = (uint32_t)value;
            operation->flags = (uint16_t)(operation->flags | FLAG_COST);
        }
    }
    return fail(operation, status);
}

/* Compatible key types of step (10.6.1, each algorithm's list):
 * INVALID_ARGUMENT for another type. */
static psa_status_t check_key_type(psa_algorithm_t kdf, psa_key_derivation_step_t step,
                                   psa_key_type_t type)
{
    int family = family_of(kdf);
    int ok;
    if (family == KDF_SP800_108_CMAC && step == PSA_KEY_DERIVATION_INPUT_SECRET) {
        /* 10.6.1: "a block-cipher key that is compatible with the CMAC
         * algorithm": AES, ARIA, CAMELLIA, SM4; only AES is built. */
        if (type == PSA_KEY_TYPE_AES) {
            return PSA_SUCCESS;
        }
        return type == PSA_KEY_TYPE_ARIA || type == PSA_KEY_TYPE_CAMELLIA ||
                       type == PSA_KEY_TYPE_SM4
                   ? PSA_ERROR_NOT_SUPPORTED   /* "Key inputs of the given type are not supported" */
                   : PSA_ERROR_INVALID_ARGUMENT;
    }
    if (step == PSA_KEY_DERIVATION_INPUT_SECRET || step == PSA_KEY_DERIVATION_INPUT_PASSWORD) {
        ok = type == PSA_KEY_TYPE_DERIVE;
        /* PBKDF2 PASSWORD: DERIVE or PASSWORD; SP 800-108: HMAC or DERIVE. */
        ok |= family == KDF_PBKDF2 && type == PSA_KEY_TYPE_PASSWORD;
        ok |= family == KDF_SP800_108 && type == PSA_KEY_TYPE_HMAC;
#if !PSA_WANT_KEY_TYPE_DERIVE
        if (type == PSA_KEY_TYPE_DERIVE) {
            return PSA_ERROR_NOT_SUPPORTED;
        }
#endif
        return ok ? PSA_SUCCESS : PSA_ERROR_INVALID_ARGUMENT;
    }
    ok = type == PSA_KEY_TYPE_RAW_DATA;
    /* PBKDF2 SALT: also a PEPPER; OTHER_SECRET: "may alternatively be a
     * key of type PSA_KEY_TYPE_DERIVE" (10.6.2). */
    ok |= family == KDF_PBKDF2 && step == PSA_KEY_DERIVATION_INPUT_SALT &&
          type == PSA_KEY_TYPE_PEPPER;
    ok |= step == PSA_KEY_DERIVATION_INPUT_OTHER_SECRET && type == PSA_KEY_TYPE_DERIVE;
    return ok ? PSA_SUCCESS : PSA_ERROR_INVALID_ARGUMENT;
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
    } else {
        status = check_key_type(kdf_of(operation->alg), step, type);
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
        step != agreement_step(kdf_of(operation->alg))) {
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
    if (PSA_ALG_IS_KEY_AGREEMENT(op->alg) && PSA_ALG_IS_TLS12_PSK_TO_MS(kdf_of(op->alg))) {
        need = (uint16_t)(need | FLAG_OTHER);   /* the agreement's output */
    }
    return (op->flags & need) == need;
}

#if PP_HKDF_BUILT
/* HKDF: the PRK in block[] (HKDF_EXTRACT), or T(1), T(2), ... */
static void hkdf_produce(psa_key_derivation_operation_t *op, uint8_t *output,
                         size_t output_length)
{
    int is_extract = PSA_ALG_IS_HKDF_EXTRACT(kdf_of(op->alg));
    while (output_length > 0) {
        size_t n;
        if (op->block_used == op->hash_length && !is_extract) {
            /* capacity <= 255 blocks keeps the counter within 1..255 */
            op->counter = (uint8_t)(op->counter + 1u);
            pp_hkdf_expand_block(&op->u.hkdf.hmac, op->u.hkdf.block, op->u.hkdf.block,
                                 op->counter == 1u ? 0u : op->hash_length, op->inputs,
                                 op->info_length, op->counter);
            op->block_used = 0;
        }
        n = (size_t)(op->hash_length - op->block_used);
        if (n > output_length) {
            n = output_length;
        }
        memcpy(output, op->u.hkdf.block + op->block_used, n);
        op->block_used = (uint8_t)(op->block_used + n);
        output += n;
        output_length -= n;
    }
}
#endif

/* The next output_length bytes of the stream; capacity checked by the
 * caller (it keeps every KDF within its length limit, so the statuses of
 * src/kdf are SUCCESS here; they are passed on all the same). */
static psa_status_t produce(psa_key_derivation_operation_t *op, uint8_t *output,
                            size_t output_length)
{
    const uint8_t *second = op->inputs + op->first_length;
    size_t second_length = (size_t)(op->info_length - op->first_length);
    switch (family_of(kdf_of(op->alg))) {
#if PSA_WANT_ALG_PBKDF2_HMAC || PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128
    case KDF_PBKDF2:
#if PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128
        if (kdf_of(op->alg) == PSA_ALG_PBKDF2_AES_CMAC_PRF_128) {
            return pp_pbkdf2_cmac_output(pbkdf2_cmac_of(op), output, output_length);
        }
#endif
#if PSA_WANT_ALG_PBKDF2_HMAC
        return pp_pbkdf2_output(pbkdf2_of(op), output, output_length);
#else
        return PSA_ERROR_BAD_STATE;
#endif
#endif
#if PSA_WANT_ALG_TLS12_PRF || PSA_WANT_ALG_TLS12_PSK_TO_MS
    case KDF_TLS12:   /* PRF(secret, label, seed): inputs[] = seed || label */
        return pp_tls12_prf_output(tls12_of(op), second, second_length, op->inputs,
                                   op->first_length, output, output_length);
#endif
#if PSA_WANT_ALG_SP800_108_COUNTER_HMAC
    case KDF_SP800_108:   /* inputs[] = label || context */
        return pp_sp800_108_output(sp800_108_of(op), op->inputs, op->first_length, second,
                                   second_length, output, output_length);
#endif
#if PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS
    case KDF_ECJPAKE:
        /* 10.6.1: "The 32-byte output has to be read in a single call";
         * take() has checked it against the capacity (32). */
        if (output_length == 0) {
            return PSA_SUCCESS;
        }
        if (output_length != PSA_TLS12_ECJPAKE_TO_PMS_OUTPUT_SIZE) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        memcpy(output, op->u.hkdf.block, output_length);
        return PSA_SUCCESS;
#endif
#if PSA_WANT_ALG_SP800_108_COUNTER_CMAC
    case KDF_SP800_108_CMAC:
        return pp_sp800_108_cmac_output(sp800_108_cmac_of(op), op->inputs, op->first_length,
                                        second, second_length, output, output_length);
#endif
#if PP_HKDF_BUILT
    case KDF_HKDF: hkdf_produce(op, output, output_length); return PSA_SUCCESS;
#endif
    default: (void)second; (void)second_length; return PSA_ERROR_BAD_STATE;
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
#if PSA_WANT_ALG_SP800_108_COUNTER_HMAC
    if ((op->flags & FLAG_OUTPUT) == 0 && family_of(kdf_of(op->alg)) == KDF_SP800_108) {
        /* 10.6.1: "When the first output is requested, the value of L is
         * calculated as L = 8 * cap" (cap <= 2^29 - 1: SUCCESS). */
        psa_status_t status = pp_sp800_108_start(sp800_108_of(op), op->capacity);
        if (status != PSA_SUCCESS) {
            return fail(op, status);
        }
    }
#endif
#if PSA_WANT_ALG_SP800_108_COUNTER_CMAC
    if ((op->flags & FLAG_OUTPUT) == 0 && family_of(kdf_of(op->alg)) == KDF_SP800_108_CMAC) {
        /* 10.6.1: L = 8 * cap at the first output; K_0 depends on it. */
        psa_status_t status = pp_sp800_108_cmac_start(
            sp800_108_cmac_of(op), op->capacity, op->inputs, op->first_length,
            op->inputs + op->first_length, (size_t)(op->info_length - op->first_length));
        if (status != PSA_SUCCESS) {
            return fail(op, status);
        }
    }
#endif
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
        status = fail(operation, produce(operation, output, output_length));
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
    while (length > 0 && status == PSA_SUCCESS) {
        size_t n = length < sizeof(chunk) ? length : sizeof(chunk);
        status = produce(op, chunk, n);
        equal &= pp_ct_memeq(chunk, expected, n);
        expected += n;
        length -= n;
    }
    pp_wipe(chunk, sizeof(chunk));
    if (status != PSA_SUCCESS) {
        return fail(op, status);
    }
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
 * and the AES / ChaCha20 keys take bits/8 bytes; an X25519 private key 32 bytes, RFC 7748 clamping
 * at use; an ML-KEM pair the 64-byte seed d || z, PQC extension 2.2.1). */
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
    if (type == PSA_KEY_TYPE_AES || type == PSA_KEY_TYPE_CHACHA20 || type == PSA_KEY_TYPE_XCHACHA20) {
        /* 10.6.3: a key that "is an arbitrary sequence of bytes of a given
         * size" takes bits/8 bytes, as output_bytes + psa_import_key
         * would; the size (and whether the type is built) is
         * psa_import_key's to check. */
        if (bits == 0 || bits % 8u != 0 || bits > 256u) {
            return PSA_ERROR_INVALID_ARGUMENT;
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
#if PSA_WANT_ALG_ML_KEM
    if (type == PSA_KEY_TYPE_ML_KEM_KEY_PAIR) {
        /* PQC extension 2.2.1, PSA_KEY_TYPE_ML_KEM_KEY_PAIR "Key
         * derivation": 64 bytes drawn are the seed d || z, expanded by
         * ML-KEM.KeyGen_internal (FIPS 203 6.1) at import. key_bits names
         * the parameter set; another value is INVALID_ARGUMENT, as at
         * psa_import_key. */
        if (bits != 512u && bits != 768u && bits != 1024u) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        *bytes = 64u;
        return PSA_SUCCESS;
    }
#endif
#if PSA_WANT_ALG_ML_DSA
    if (type == PSA_KEY_TYPE_ML_DSA_KEY_PAIR) {
        /* PQC extension 2.3.1, PSA_KEY_TYPE_ML_DSA_KEY_PAIR "Key
         * derivation": 32 bytes drawn are the seed xi, expanded by
         * ML-DSA.KeyGen_internal (FIPS 204 Alg. 6) at import; key_bits
         * 128 / 192 / 256, else INVALID_ARGUMENT as at psa_import_key. */
        if (bits != 128u && bits != 192u && bits != 256u) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
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
    uint8_t material[PICOPSA_HMAC_MAX_KEY_BYTES > 64 ? PICOPSA_HMAC_MAX_KEY_BYTES : 64];
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
        /* 10.6.3 output_key: the SECRET (PBKDF2: the PASSWORD) must be a
         * key or an agreement, so that a derived key is as protected as
         * what it came from. */
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
            status = produce(operation, material, bytes);
        }
        if (status == PSA_SUCCESS) {
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
