/*
 * test_kdf_state.c -- the key derivation state machine of the PSA Crypto API
 * 1.2 (sec. 10.6.3 functions, 10.6.1 step lists, 10.9.3 the agreement
 * step), table-driven: every function in every state, every step order,
 * and after each call whether the operation is still valid, in its error
 * state or inactive.
 *
 * Data, not code, describes the algorithms: one ALGS row per algorithm,
 * its steps in the order 10.6.1 gives them, each with its rules
 * (R_OPTIONAL, R_ANYTIME, R_SECRET, R_INTEGER, R_REPEAT) and the initial
 * capacity. A model (struct model) and an oracle (expect()) turn the rows
 * into expected statuses; the rules of the oracle are the text of 10.6.3:
 *  - an input step the algorithm does not have: INVALID_ARGUMENT; out of
 *    order, repeated, after output: BAD_STATE (input_bytes, input_key);
 *  - output before every mandatory step: BAD_STATE;
 *  - every error puts an active operation in its error state (setup's
 *    "operation enters an error state"), except: setup (the operation
 *    object is unchanged), get_capacity (const), set_capacity above the
 *    current capacity (INVALID_ARGUMENT, "the operation object remains
 *    valid and its capacity remains unchanged") and INSUFFICIENT_DATA of
 *    the outputs and verifications (capacity set to 0). INVALID_SIGNATURE
 *    of verify_bytes/verify_key is an error like any other (1.2.0,
 *    appendix E.1.2: special treatment removed).
 *  - the input_key note: output_bytes needs every key input to permit
 *    DERIVE; output_key also the SECRET from a key or an agreement;
 *    verify_bytes and verify_key accept DERIVE or VERIFY_DERIVATION keys and
 *    direct inputs alike.
 * Where the spec leaves the order of two failing checks open, the oracle
 * follows picopsa's order (docs/key-derivation.md, section 2).
 *
 * Rows: HKDF and its halves, PBKDF2-HMAC, the TLS 1.2 PRF and PSK-to-MS,
 * SP 800-108 counter HMAC, alone and behind ECDH; PBKDF2-AES-CMAC-PRF-128
 * (PBKDF2's steps); SP 800-108 counter CMAC,
 * whose SECRET is an AES key given with input_key only (R_KEYONLY: bytes
 * are INVALID_ARGUMENT, "does not permit direct inputs"; secret_type()). Compatible key types
 * come from the rules (R_SECRET: DERIVE only; R_ANYKEY: DERIVE or
 * RAW_DATA; else RAW_DATA); start_cap lowers a capacity too large for
 * the buffers right after setup (get_capacity checks the initial one
 * first); fixed_cap: set_capacity after the first output is BAD_STATE
 * (SP 800-108, L fixed). The other key types (PASSWORD, PEPPER, HMAC)
 * are test_kdf_psa's.
 *
 * A second table checks psa_key_agreement's output key types (sec. 10.9.2).
 */
#include <psa/crypto.h>

#include <stdio.h>
#include <string.h>

#include "test_util.h"

#if !PSA_WANT_ALG_HKDF || !PSA_WANT_ALG_HKDF_EXTRACT || !PSA_WANT_ALG_HKDF_EXPAND || \
    !PSA_WANT_ALG_SHA_256 || !PSA_WANT_KEY_TYPE_DERIVE
int main(void)
{
    return test_skip("kdf_state", "HKDF, SHA-256 or DERIVE keys are configured out");
}
#else

#define SALT PSA_KEY_DERIVATION_INPUT_SALT
#define SECRET PSA_KEY_DERIVATION_INPUT_SECRET
#define INFO PSA_KEY_DERIVATION_INPUT_INFO
#define COST PSA_KEY_DERIVATION_INPUT_COST
#define PASSWORD PSA_KEY_DERIVATION_INPUT_PASSWORD
#define SEED PSA_KEY_DERIVATION_INPUT_SEED
#define LABEL PSA_KEY_DERIVATION_INPUT_LABEL
#define OTHER PSA_KEY_DERIVATION_INPUT_OTHER_SECRET
#define CONTEXT PSA_KEY_DERIVATION_INPUT_CONTEXT

/* Step rules (10.6.1). */
#define R_OPTIONAL 0x01u  /* may be left out */
#define R_ANYTIME 0x02u   /* any time before output, not ordered (HKDF INFO) */
#define R_SECRET 0x04u    /* the secret: a DERIVE key or the key agreement */
#define R_INTEGER 0x08u   /* input_integer only */
#define R_REPEAT 0x10u    /* may be repeated while it is the last step given */
#define R_AGREE 0x20u     /* behind a key agreement: from the agreement only */
#define R_ANYKEY 0x40u    /* a DERIVE or a RAW_DATA key (OTHER_SECRET, 10.6.2) */
#define R_KEYONLY 0x80u   /* input_key only (SP 800-108 CMAC's SECRET, 10.6.1) */

typedef struct {
    psa_key_derivation_step_t step;
    unsigned rules;
} step_rule;

typedef struct {
    const char *name;
    const char *spec;      /* where 1.2 lists the steps */
    psa_algorithm_t alg;
    psa_key_type_t ka_type;   /* 0: no key agreement; else its private key type */
    size_t ka_bits;
    size_t capacity;       /* after setup */
    size_t n_steps;
    step_rule steps[4];
    size_t start_cap;      /* 0, or set_capacity(start_cap) right after setup */
    int fixed_cap;         /* set_capacity after the first output: BAD_STATE */
} alg_row;

#define R_KSECRET (R_SECRET | R_AGREE)
#define HKDF_STEPS 3, {{SALT, R_OPTIONAL}, {SECRET, R_KSECRET}, {INFO, R_ANYTIME}}
#define EXTRACT_STEPS 2, {{SALT, 0}, {SECRET, R_KSECRET}}
#define EXPAND_STEPS 2, {{SECRET, R_KSECRET}, {INFO, 0}}
/* 10.6.1 PSA_ALG_PBKDF2_HMAC: COST once (an integer), SALT one or more
 * times, PASSWORD once, in this order. */
#define PBKDF2_STEPS 3, {{COST, R_INTEGER}, {SALT, R_REPEAT}, {PASSWORD, R_SECRET}}
/* 10.6.1 PSA_ALG_TLS12_PRF, PSA_ALG_TLS12_PSK_TO_MS: in this order. */
#define TLS12_STEPS 3, {{SEED, 0}, {SECRET, R_KSECRET}, {LABEL, 0}}
#define PSK_STEPS 4, {{SEED, 0}, {OTHER, R_OPTIONAL | R_ANYKEY}, {SECRET, R_SECRET}, {LABEL, 0}}
/* Behind ECDH the other secret is the agreement's, and not optional. */
#define KA_PSK_STEPS 4, {{SEED, 0}, {OTHER, R_AGREE | R_ANYKEY}, {SECRET, R_SECRET}, {LABEL, 0}}
/* 10.6.1 PSA_ALG_SP800_108_COUNTER_HMAC: in this order, LABEL and
 * CONTEXT optional; initial capacity 2^29 - 1, L fixed at the first
 * output. */
#define SP800_STEPS 3, {{SECRET, R_KSECRET}, {LABEL, R_OPTIONAL}, {CONTEXT, R_OPTIONAL}}
#define SP800_CAP 4096, 1
/* 10.6.1 PSA_ALG_SP800_108_COUNTER_CMAC: the same steps; SECRET "must be
 * input using psa_key_derivation_input_key()", a CMAC block-cipher key. */
#define SP800_CMAC_STEPS                                                                     \
    3, {{SECRET, R_SECRET | R_KEYONLY}, {LABEL, R_OPTIONAL}, {CONTEXT, R_OPTIONAL}}
#define PBKDF2_CAP(h) ((size_t)0xFFFFFFFFu * (h))
#define X25519_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY), 255
#define P256_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1), 256
#define KA(kdf) PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH, kdf)

static const alg_row ALGS[] = {
    {"HKDF(SHA-256)", "10.6.1 PSA_ALG_HKDF", PSA_ALG_HKDF(PSA_ALG_SHA_256), 0, 0, 255u * 32u,
     HKDF_STEPS, 0, 0},
    {"HKDF_EXTRACT(SHA-256)", "10.6.1 PSA_ALG_HKDF_EXTRACT",
     PSA_ALG_HKDF_EXTRACT(PSA_ALG_SHA_256), 0, 0, 32u, EXTRACT_STEPS, 0, 0},
    {"HKDF_EXPAND(SHA-256)", "10.6.1 PSA_ALG_HKDF_EXPAND", PSA_ALG_HKDF_EXPAND(PSA_ALG_SHA_256),
     0, 0, 255u * 32u, EXPAND_STEPS, 0, 0},
#if PSA_WANT_ALG_SHA_512
    {"HKDF(SHA-512)", "10.6.1 PSA_ALG_HKDF", PSA_ALG_HKDF(PSA_ALG_SHA_512), 0, 0, 255u * 64u,
     HKDF_STEPS, 0, 0},
#endif
#if PSA_WANT_ALG_PBKDF2_HMAC && SIZE_MAX / 64u >= 0xFFFFFFFFu
    {"PBKDF2_HMAC(SHA-256)", "10.6.1 PSA_ALG_PBKDF2_HMAC", PSA_ALG_PBKDF2_HMAC(PSA_ALG_SHA_256), 0,
     0, PBKDF2_CAP(32u), PBKDF2_STEPS, 4096, 0},
#if PSA_WANT_ALG_SHA_512
    {"PBKDF2_HMAC(SHA-512)", "10.6.1 PSA_ALG_PBKDF2_HMAC", PSA_ALG_PBKDF2_HMAC(PSA_ALG_SHA_512), 0,
     0, PBKDF2_CAP(64u), PBKDF2_STEPS, 4096, 0},
#endif
#endif
#if PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128 && SIZE_MAX / 16u >= 0xFFFFFFFFu
    {"PBKDF2_AES_CMAC_PRF_128", "10.6.1 PSA_ALG_PBKDF2_AES_CMAC_PRF_128 (PBKDF2_HMAC's inputs)",
     PSA_ALG_PBKDF2_AES_CMAC_PRF_128, 0, 0, PBKDF2_CAP(16u), PBKDF2_STEPS, 4096, 0},
#endif
#if PSA_WANT_ALG_TLS12_PRF
    {"TLS12_PRF(SHA-256)", "10.6.1 PSA_ALG_TLS12_PRF", PSA_ALG_TLS12_PRF(PSA_ALG_SHA_256), 0, 0,
     255u * 32u, TLS12_STEPS, 0, 0},
#if PSA_WANT_ALG_SHA_384
    {"TLS12_PRF(SHA-384)", "10.6.1 PSA_ALG_TLS12_PRF", PSA_ALG_TLS12_PRF(PSA_ALG_SHA_384), 0, 0,
     255u * 48u, TLS12_STEPS, 0, 0},
#endif
#endif
#if PSA_WANT_ALG_TLS12_PSK_TO_MS
    {"TLS12_PSK_TO_MS(SHA-256)", "10.6.1 PSA_ALG_TLS12_PSK_TO_MS",
     PSA_ALG_TLS12_PSK_TO_MS(PSA_ALG_SHA_256), 0, 0, 255u * 32u, PSK_STEPS, 0, 0},
#endif
#if PSA_WANT_ALG_SP800_108_COUNTER_HMAC
    {"SP800_108_COUNTER_HMAC(SHA-256)", "10.6.1 PSA_ALG_SP800_108_COUNTER_HMAC",
     PSA_ALG_SP800_108_COUNTER_HMAC(PSA_ALG_SHA_256), 0, 0, 0x1FFFFFFFu, SP800_STEPS, SP800_CAP},
#endif
#if PSA_WANT_ALG_SP800_108_COUNTER_CMAC
    {"SP800_108_COUNTER_CMAC", "10.6.1 PSA_ALG_SP800_108_COUNTER_CMAC",
     PSA_ALG_SP800_108_COUNTER_CMAC, 0, 0, 0x1FFFFFFFu, SP800_CMAC_STEPS, SP800_CAP},
#endif
#if PSA_WANT_ALG_ECDH && PSA_WANT_ECC_MONTGOMERY_255 && PSA_WANT_ALG_TLS12_PSK_TO_MS
    {"ECDH(X25519)+TLS12_PSK_TO_MS(SHA-256)", "10.6.1 PSA_ALG_TLS12_PSK_TO_MS, 10.9.3",
     KA(PSA_ALG_TLS12_PSK_TO_MS(PSA_ALG_SHA_256)), X25519_PAIR, 255u * 32u, KA_PSK_STEPS, 0, 0},
#endif
#if PSA_WANT_ALG_ECDH && PSA_WANT_ECC_SECP_R1_256 && PSA_WANT_ALG_TLS12_PRF
    {"ECDH(P-256)+TLS12_PRF(SHA-256)", "10.6.1 PSA_ALG_TLS12_PRF, 10.9.3",
     KA(PSA_ALG_TLS12_PRF(PSA_ALG_SHA_256)), P256_PAIR, 255u * 32u, TLS12_STEPS, 0, 0},
#endif
#if PSA_WANT_ALG_ECDH && PSA_WANT_ECC_MONTGOMERY_255 && PSA_WANT_ALG_SP800_108_COUNTER_HMAC
    {"ECDH(X25519)+SP800_108_COUNTER_HMAC(SHA-256)", "10.6.1, 10.9.3",
     KA(PSA_ALG_SP800_108_COUNTER_HMAC(PSA_ALG_SHA_256)), X25519_PAIR, 0x1FFFFFFFu, SP800_STEPS,
     SP800_CAP},
#endif
#if PSA_WANT_ALG_ECDH && PSA_WANT_ECC_MONTGOMERY_255
    {"ECDH(X25519)+HKDF(SHA-256)", "10.9.1 PSA_ALG_KEY_AGREEMENT, 10.9.3",
     KA(PSA_ALG_HKDF(PSA_ALG_SHA_256)), X25519_PAIR, 255u * 32u, HKDF_STEPS, 0, 0},
    {"ECDH(X25519)+HKDF_EXTRACT(SHA-256)", "10.9.1 PSA_ALG_KEY_AGREEMENT, 10.9.3",
     KA(PSA_ALG_HKDF_EXTRACT(PSA_ALG_SHA_256)), X25519_PAIR, 32u, EXTRACT_STEPS, 0, 0},
#endif
#if PSA_WANT_ALG_ECDH && PSA_WANT_ECC_SECP_R1_256
    {"ECDH(P-256)+HKDF(SHA-256)", "10.9.1 PSA_ALG_KEY_AGREEMENT, 10.9.3",
     KA(PSA_ALG_HKDF(PSA_ALG_SHA_256)), P256_PAIR, 255u * 32u, HKDF_STEPS, 0, 0},
    {"ECDH(P-256)+HKDF_EXPAND(SHA-256)", "10.9.1 PSA_ALG_KEY_AGREEMENT, 10.9.3",
     KA(PSA_ALG_HKDF_EXPAND(PSA_ALG_SHA_256)), P256_PAIR, 255u * 32u, EXPAND_STEPS, 0, 0},
#endif
};
#define N_ALGS (sizeof(ALGS) / sizeof(ALGS[0]))

/* Every input step type of 10.6.2: the ones a row lacks must be refused. */
static const psa_key_derivation_step_t ALL_STEPS[] = {
    PSA_KEY_DERIVATION_INPUT_SECRET,  PSA_KEY_DERIVATION_INPUT_OTHER_SECRET,
    PSA_KEY_DERIVATION_INPUT_PASSWORD, PSA_KEY_DERIVATION_INPUT_LABEL,
    PSA_KEY_DERIVATION_INPUT_CONTEXT, PSA_KEY_DERIVATION_INPUT_SALT,
    PSA_KEY_DERIVATION_INPUT_INFO,    PSA_KEY_DERIVATION_INPUT_SEED,
    PSA_KEY_DERIVATION_INPUT_COST};
#define N_ALL_STEPS (sizeof(ALL_STEPS) / sizeof(ALL_STEPS[0]))

/* Every direct input and the keys' material (any bytes do). */
static const uint8_t in_data[32] = {
    0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b,
    0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15};

/* ---- actions ---------------------------------------------------------- */

enum kind {
    A_SETUP, A_GET_CAP, A_SET_CAP_TO, A_SET_CAP_LOWER, A_SET_CAP_SAME, A_SET_CAP_HIGHER,
    A_BYTES,        /* input_bytes(step) */
    A_INT,          /* input_integer(step) */
    A_KEY_DERIVE,   /* input_key(step): the secret type (DERIVE; AES for CMAC), usage DERIVE */
    A_KEY_VONLY,    /* input_key(step): the same type, usage VERIFY_DERIVATION only */
    A_KEY_WRONGALG, /* input_key(step): DERIVE key permitting another algorithm */
    A_KEY_RAW,      /* input_key(step): RAW_DATA key */
    A_KA,           /* key_agreement(step) */
    A_KA_BADPEER,   /* key_agreement(step) with a peer key one byte short */
    A_OUT,          /* output_bytes(1) */
    A_OUT0,         /* output_bytes(0) */
    A_OUT_OVER,     /* output_bytes(capacity + 1) */
    A_OUTKEY,       /* output_key: DERIVE, 128 bits */
    A_OUTKEY_PWHASH,       /* output_key: PASSWORD_HASH, policy = the operation's alg */
    A_OUTKEY_PWHASH_OTHER, /* output_key: PASSWORD_HASH, another policy algorithm */
    A_OUTKEY_PUBLIC,       /* output_key: a public key type */
    A_VERIFY_OK, A_VERIFY_BAD, A_VERIFY_OVER,
    A_VKEY_OK, A_VKEY_BAD,
    A_VKEY_RAW,     /* verify_key with a RAW_DATA key */
    A_VKEY_NOUSAGE, /* verify_key with a PASSWORD_HASH key without VERIFY_DERIVATION */
    A_ABORT
};

typedef struct {
    enum kind kind;
    psa_key_derivation_step_t step;
} action;

static const char *kind_name(enum kind k)
{
    static const char *const names[] = {
        "setup", "get_capacity", "set_capacity(start_cap)", "set_capacity(lower)", "set_capacity(same)",
        "set_capacity(higher)", "input_bytes", "input_integer", "input_key(DERIVE)",
        "input_key(VERIFY_DERIVATION only)", "input_key(other alg)", "input_key(RAW_DATA)",
        "key_agreement", "key_agreement(bad peer key)", "output_bytes(1)", "output_bytes(0)",
        "output_bytes(capacity+1)", "output_key(DERIVE)",
        "output_key(PASSWORD_HASH, same alg)", "output_key(PASSWORD_HASH, other alg)",
        "output_key(public key)", "verify_bytes(match)", "verify_bytes(mismatch)",
        "verify_bytes(capacity+1)", "verify_key(match)", "verify_key(mismatch)",
        "verify_key(RAW_DATA)", "verify_key(no VERIFY_DERIVATION)", "abort"};
    return names[k];
}

/* The spec text each function's expectation comes from. */
static const char *kind_spec(enum kind k)
{
    switch (k) {
    case A_SETUP: return "10.6.3 psa_key_derivation_setup";
    case A_GET_CAP: return "10.6.3 psa_key_derivation_get_capacity";
    case A_SET_CAP_TO: case A_SET_CAP_LOWER: case A_SET_CAP_SAME: case A_SET_CAP_HIGHER:
        return "10.6.3 psa_key_derivation_set_capacity";
    case A_BYTES: return "10.6.3 psa_key_derivation_input_bytes";
    case A_INT: return "10.6.3 psa_key_derivation_input_integer";
    case A_KEY_DERIVE: case A_KEY_VONLY: case A_KEY_WRONGALG: case A_KEY_RAW:
        return "10.6.3 psa_key_derivation_input_key";
    case A_KA: case A_KA_BADPEER: return "10.9.3 psa_key_derivation_key_agreement";
    case A_OUT: case A_OUT0: case A_OUT_OVER: return "10.6.3 psa_key_derivation_output_bytes";
    case A_OUTKEY: case A_OUTKEY_PWHASH: case A_OUTKEY_PWHASH_OTHER: case A_OUTKEY_PUBLIC:
        return "10.6.3 psa_key_derivation_output_key";
    case A_VERIFY_OK: case A_VERIFY_BAD: case A_VERIFY_OVER:
        return "10.6.3 psa_key_derivation_verify_bytes";
    case A_VKEY_OK: case A_VKEY_BAD: case A_VKEY_RAW: case A_VKEY_NOUSAGE:
        return "10.6.3 psa_key_derivation_verify_key";
    default: return "10.6.3 psa_key_derivation_abort";
    }
}

/* ---- the model and the oracle ----------------------------------------- */

typedef struct {
    int active;       /* set up and not aborted */
    int error;        /* in the error state */
    unsigned given;   /* bit i: steps[i] given */
    int output;       /* output started (no more inputs) */
    int secret_key;   /* SECRET from a key or an agreement */
    int verify_only;  /* a key input lacked PSA_KEY_USAGE_DERIVE */
    size_t capacity;
    size_t pos;       /* bytes of the stream consumed */
} model;

static int step_index(const alg_row *row, psa_key_derivation_step_t step)
{
    size_t i;
    for (i = 0; i < row->n_steps; i++) {
        if (row->steps[i].step == step) {
            return (int)i;
        }
    }
    return -1;
}

static unsigned step_rules(const alg_row *row, psa_key_derivation_step_t step)
{
    int i = step_index(row, step);
    return i >= 0 ? row->steps[i].rules : 0u;
}

/* Compatible key types (10.6.1): DERIVE for the secret, RAW_DATA for the
 * other steps, either for R_ANYKEY; steps the row lacks: RAW_DATA (then
 * refused as an unknown step). */
static int key_type_ok(const alg_row *row, psa_key_derivation_step_t step, int is_raw)
{
    unsigned r = step_rules(row, step);
    if ((r & R_ANYKEY) != 0) {
        return 1;
    }
    return is_raw == ((r & R_SECRET) == 0);
}

/* The step the row's key agreement feeds. */
static int is_agree_step(const alg_row *row, psa_key_derivation_step_t step)
{
    return row->ka_type != 0 && (step_rules(row, step) & R_AGREE) != 0;
}

/* All mandatory steps given (10.6.3 outputs: "all required input steps
 * complete"). */
static int ready(const alg_row *row, const model *m)
{
    size_t i;
    for (i = 0; i < row->n_steps; i++) {
        if ((row->steps[i].rules & R_OPTIONAL) == 0 && (m->given & (1u << i)) == 0) {
            return 0;
        }
    }
    return 1;
}

/* An input step from `source` (A_BYTES, A_INT, A_KEY_*, A_KA): the status
 * for a valid key (key checks done by the caller). */
static psa_status_t expect_input(const alg_row *row, const model *m, enum kind source,
                                 psa_key_derivation_step_t step)
{
    int i = step_index(row, step);
    size_t j;
    unsigned rules;
    if (i < 0) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* "step is not compatible with the algorithm" */
    }
    rules = row->steps[i].rules;
    if (((rules & R_INTEGER) != 0) != (source == A_INT)) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* "does not permit direct/numerical inputs" */
    }
    if ((rules & R_KEYONLY) != 0 && source != A_KEY_DERIVE && source != A_KEY_VONLY &&
        source != A_KEY_RAW) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* "does not permit direct inputs" */
    }
    if (row->ka_type != 0 && (rules & R_AGREE) != 0 && source != A_KA) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* 10.9.1: the secret is the agreement's */
    }
    if (m->output) {
        return PSA_ERROR_BAD_STATE;          /* "must not have produced any output yet" */
    }
    if ((m->given & (1u << i)) != 0) {
        /* Repeatable steps: only as the last step given so far. */
        if ((rules & R_REPEAT) == 0 || (m->given >> (i + 1)) != 0) {
            return PSA_ERROR_BAD_STATE;
        }
    }
    if ((rules & R_ANYTIME) == 0) {
        for (j = 0; j < row->n_steps; j++) {
            unsigned r = row->steps[j].rules;
            int given = (m->given & (1u << j)) != 0;
            if (j < (size_t)i && !given && (r & (R_OPTIONAL | R_ANYTIME)) == 0) {
                return PSA_ERROR_BAD_STATE;   /* a mandatory earlier step missing */
            }
            if (j > (size_t)i && given && (r & R_ANYTIME) == 0) {
                return PSA_ERROR_BAD_STATE;   /* a later step already given */
            }
        }
    }
    return PSA_SUCCESS;
}

static size_t out_length(const model *m, enum kind k)
{
    switch (k) {
    case A_OUT: return 1;
    case A_OUT0: return 0;   /* capacity 0, length 0: picopsa's choice is SUCCESS */
    case A_OUT_OVER: case A_VERIFY_OVER: return m->capacity + 1;
    case A_VERIFY_OK: case A_VERIFY_BAD: return 4;
    default: return 16;   /* output_key(128 bits), verify_key with a 16-byte key */
    }
}

/* The status `a` must return in state m, and the state after it. */
static psa_status_t expect(const alg_row *row, const model *m, const action *a, model *next)
{
    psa_status_t st = PSA_SUCCESS;
    int is_output = 0;
    *next = *m;

    switch (a->kind) {
    case A_SETUP:
        /* "If psa_key_derivation_setup() returns an error, the operation
         * object is unchanged." */
        if (m->active) {
            return PSA_ERROR_BAD_STATE;
        }
        memset(next, 0, sizeof(*next));
        next->active = 1;
        next->capacity = row->capacity;
        return PSA_SUCCESS;
    case A_ABORT:
        memset(next, 0, sizeof(*next));
        return PSA_SUCCESS;
    case A_GET_CAP:
        return m->active && !m->error ? PSA_SUCCESS : PSA_ERROR_BAD_STATE;
    default:
        break;
    }
    if (!m->active || m->error) {
        return PSA_ERROR_BAD_STATE;   /* inactive stays inactive, error stays error */
    }
    if ((a->kind == A_SET_CAP_LOWER || a->kind == A_SET_CAP_SAME ||
         a->kind == A_SET_CAP_HIGHER) && row->fixed_cap && m->output) {
        next->error = 1;   /* 10.6.1 SP800_108: "Subsequent calls ... are not permitted" */
        return PSA_ERROR_BAD_STATE;
    }
    switch (a->kind) {
    case A_SET_CAP_TO:
        next->capacity = row->start_cap;
        return PSA_SUCCESS;
    case A_SET_CAP_LOWER:
        next->capacity = m->capacity > 0 ? m->capacity - 1 : 0;
        return PSA_SUCCESS;
    case A_SET_CAP_SAME:
        return PSA_SUCCESS;
    case A_SET_CAP_HIGHER:
        /* "the operation object remains valid and its capacity remains
         * unchanged" */
        return PSA_ERROR_INVALID_ARGUMENT;
    case A_KEY_WRONGALG:
        st = PSA_ERROR_NOT_PERMITTED;   /* "does not permit the operation's algorithm" */
        break;
    case A_KEY_DERIVE:
    case A_KEY_VONLY:
    case A_KEY_RAW:
        /* Compatible key types (10.6.1): DERIVE for the secret, RAW_DATA for
         * the other steps. */
        if (!key_type_ok(row, a->step, a->kind == A_KEY_RAW)) {
            st = PSA_ERROR_INVALID_ARGUMENT;   /* a RAW_DATA secret, a DERIVE non-secret */
        } else {
            st = expect_input(row, m, a->kind, a->step);
        }
        if (st == PSA_SUCCESS) {
            int i = step_index(row, a->step);
            next->given |= 1u << i;
            next->secret_key |= (row->steps[i].rules & R_SECRET) != 0;   /* SECRET, PASSWORD */
            next->verify_only |= a->kind == A_KEY_VONLY;
        }
        break;
    case A_BYTES:
    case A_INT:
    case A_KA:
    case A_KA_BADPEER:
        if ((a->kind == A_KA || a->kind == A_KA_BADPEER) && !is_agree_step(row, a->step)) {
            /* 10.9.3: an agreement algorithm, the step it feeds (SECRET;
             * PSK_TO_MS: OTHER_SECRET) */
            st = PSA_ERROR_INVALID_ARGUMENT;
        } else {
            st = expect_input(row, m, a->kind == A_KA_BADPEER ? A_KA : a->kind, a->step);
        }
        if (st == PSA_SUCCESS && a->kind == A_KA_BADPEER) {
            st = PSA_ERROR_INVALID_ARGUMENT;   /* "peer_key is not a valid public key" */
        }
        if (st == PSA_SUCCESS) {
            next->given |= 1u << step_index(row, a->step);
            next->secret_key |= a->kind == A_KA && (step_rules(row, a->step) & R_SECRET) != 0;
        }
        break;
    case A_VKEY_NOUSAGE:
        st = PSA_ERROR_NOT_PERMITTED;   /* "does not have the VERIFY_DERIVATION flag" */
        break;
    case A_VKEY_RAW:
        st = PSA_ERROR_INVALID_ARGUMENT;   /* "The key type is not PASSWORD_HASH" */
        break;
    default:
        is_output = 1;
        break;
    }
    if (is_output) {
        enum kind k = a->kind;
        int is_key_out = k == A_OUTKEY || k == A_OUTKEY_PWHASH || k == A_OUTKEY_PWHASH_OTHER ||
                         k == A_OUTKEY_PUBLIC;
        size_t len = out_length(m, k);
        if (!ready(row, m)) {
            st = PSA_ERROR_BAD_STATE;   /* "all required input steps complete" */
        } else if (is_key_out && !m->secret_key) {
            st = PSA_ERROR_NOT_PERMITTED;   /* SECRET "neither provided through a key, nor ..." */
        } else if (k == A_OUTKEY_PWHASH_OTHER || k == A_OUTKEY_PUBLIC) {
            st = PSA_ERROR_INVALID_ARGUMENT;   /* public type; PASSWORD_HASH policy alg */
        } else if ((k == A_OUT || k == A_OUT0 || k == A_OUT_OVER || is_key_out) &&
                   m->verify_only) {
            st = PSA_ERROR_NOT_PERMITTED;   /* a key input without PSA_KEY_USAGE_DERIVE */
        } else if (len > m->capacity) {
            next->capacity = 0;
            next->output = 1;
            return PSA_ERROR_INSUFFICIENT_DATA;   /* capacity set to 0, not an error state */
        } else {
            next->capacity -= len;
            next->pos += len;
            next->output = 1;
            /* The reference stream is that of every step given; an
             * optional last step left out (SP 800-108's LABEL, CONTEXT)
             * gives another stream. */
            int full = m->given == (1u << row->n_steps) - 1u;
            int verify_ok = k == A_VERIFY_OK || k == A_VKEY_OK;
            st = (k == A_VERIFY_BAD || k == A_VKEY_BAD || (verify_ok && !full))
                     ? PSA_ERROR_INVALID_SIGNATURE
                     : PSA_SUCCESS;
        }
    }
    if (st != PSA_SUCCESS) {
        next->error = 1;   /* every other error: the error state */
    }
    return st;
}

/* ---- running actions against the library ------------------------------ */

typedef struct {
    const alg_row *row;
    psa_key_id_t k_derive, k_vonly, k_wrongalg, k_raw, k_pwhash_nousage, k_private;
    uint8_t peer[65];
    size_t peer_length;
    uint8_t ref[64];   /* the stream of the canonical inputs */
} row_ctx;

static uint8_t big[255u * 64u + 1u];

static psa_key_id_t make_key(psa_key_type_t type, size_t bits, psa_key_usage_t usage,
                             psa_algorithm_t alg, const uint8_t *data, size_t len)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, type);
    psa_set_key_bits(&attr, bits);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    if (data != NULL) {
        CHECK_STATUS(psa_import_key(&attr, data, len, &id), PSA_SUCCESS);
    } else {
        CHECK_STATUS(psa_generate_key(&attr, &id), PSA_SUCCESS);
    }
    return id;
}

/* The type of the row's secret keys (k_derive, k_vonly, k_wrongalg):
 * DERIVE, or AES for the CMAC KDF (10.6.1 compatible key types; the
 * 32 bytes of in_data make an AES-256 key). */
static psa_key_type_t secret_type(const alg_row *row)
{
#if PSA_WANT_ALG_SP800_108_COUNTER_CMAC
    if (row->alg == PSA_ALG_SP800_108_COUNTER_CMAC) {
        return PSA_KEY_TYPE_AES;
    }
#else
    (void)row;
#endif
    return PSA_KEY_TYPE_DERIVE;
}

static psa_algorithm_t other_alg(psa_algorithm_t alg)
{
    return alg == PSA_ALG_HKDF(PSA_ALG_SHA_512) ? PSA_ALG_HKDF(PSA_ALG_SHA_256)
                                                : PSA_ALG_HKDF(PSA_ALG_SHA_512);
}

/* Output key attributes for the A_OUTKEY* actions. */
static psa_key_attributes_t outkey_attr(const row_ctx *c, enum kind k)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_set_key_bits(&attr, 128);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_DERIVE | PSA_KEY_USAGE_VERIFY_DERIVATION);
    psa_set_key_algorithm(&attr, c->row->alg);
    if (k == A_OUTKEY) {
        psa_set_key_type(&attr, PSA_KEY_TYPE_DERIVE);
    } else if (k == A_OUTKEY_PUBLIC) {
        psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_SECP_R1));
        psa_set_key_bits(&attr, 256);
    } else {
        psa_set_key_type(&attr, PSA_KEY_TYPE_PASSWORD_HASH);
        if (k == A_OUTKEY_PWHASH_OTHER) {
            psa_set_key_algorithm(&attr, other_alg(c->row->alg));
        }
    }
    return attr;
}

static psa_status_t run(row_ctx *c, psa_key_derivation_operation_t *op, const model *m,
                        const action *a)
{
    size_t cap = 0;
    psa_status_t st;
    psa_key_id_t key = PSA_KEY_ID_NULL;
    psa_key_attributes_t attr;
    size_t len = out_length(m, a->kind);
    uint8_t expected[16];

    switch (a->kind) {
    case A_SETUP: return psa_key_derivation_setup(op, c->row->alg);
    case A_GET_CAP: return psa_key_derivation_get_capacity(op, &cap);
    case A_SET_CAP_TO: return psa_key_derivation_set_capacity(op, c->row->start_cap);
    case A_SET_CAP_LOWER:
        return psa_key_derivation_set_capacity(op, m->capacity > 0 ? m->capacity - 1 : 0);
    case A_SET_CAP_SAME: return psa_key_derivation_set_capacity(op, m->capacity);
    case A_SET_CAP_HIGHER: return psa_key_derivation_set_capacity(op, m->capacity + 1);
    case A_BYTES: return psa_key_derivation_input_bytes(op, a->step, in_data, sizeof(in_data));
    case A_INT: return psa_key_derivation_input_integer(op, a->step, 1000);
    case A_KEY_DERIVE: return psa_key_derivation_input_key(op, a->step, c->k_derive);
    case A_KEY_VONLY: return psa_key_derivation_input_key(op, a->step, c->k_vonly);
    case A_KEY_WRONGALG: return psa_key_derivation_input_key(op, a->step, c->k_wrongalg);
    case A_KEY_RAW: return psa_key_derivation_input_key(op, a->step, c->k_raw);
    case A_KA:
        if (c->k_private == PSA_KEY_ID_NULL) {
            /* No agreement in this row: any ECDH-capable call will do. */
            return psa_key_derivation_key_agreement(op, a->step, c->k_derive, c->peer, 32);
        }
        return psa_key_derivation_key_agreement(op, a->step, c->k_private, c->peer,
                                                c->peer_length);
    case A_KA_BADPEER:
        return psa_key_derivation_key_agreement(
            op, a->step, c->k_private != PSA_KEY_ID_NULL ? c->k_private : c->k_derive, c->peer,
            c->peer_length - 1);
    case A_OUT:
    case A_OUT0:
    case A_OUT_OVER: return psa_key_derivation_output_bytes(op, big, len);
    case A_OUTKEY:
    case A_OUTKEY_PWHASH:
    case A_OUTKEY_PWHASH_OTHER:
    case A_OUTKEY_PUBLIC:
        attr = outkey_attr(c, a->kind);
        st = psa_key_derivation_output_key(&attr, op, &key);
        if (st == PSA_SUCCESS) {
            CHECK_STATUS(psa_destroy_key(key), PSA_SUCCESS);
        } else {
            CHECK(key == PSA_KEY_ID_NULL);
        }
        return st;
    case A_VERIFY_OK:
    case A_VERIFY_BAD:
    case A_VERIFY_OVER:
        memset(big, 0x5a, len);
        if (m->pos + len <= sizeof(c->ref)) {
            memcpy(big, c->ref + m->pos, len);
        }
        if (a->kind == A_VERIFY_BAD) {
            big[len - 1] ^= 0x01u;
        }
        return psa_key_derivation_verify_bytes(op, big, len);
    case A_VKEY_OK:
    case A_VKEY_BAD:
        memset(expected, 0x5a, sizeof(expected));
        if (m->pos + sizeof(expected) <= sizeof(c->ref)) {
            memcpy(expected, c->ref + m->pos, sizeof(expected));
        }
        if (a->kind == A_VKEY_BAD) {
            expected[0] ^= 0x80u;
        }
        key = make_key(PSA_KEY_TYPE_PASSWORD_HASH, 0, PSA_KEY_USAGE_VERIFY_DERIVATION, c->row->alg,
                       expected, sizeof(expected));
        st = psa_key_derivation_verify_key(op, key);
        CHECK_STATUS(psa_destroy_key(key), PSA_SUCCESS);
        return st;
    case A_VKEY_RAW: return psa_key_derivation_verify_key(op, c->k_raw);
    case A_VKEY_NOUSAGE: return psa_key_derivation_verify_key(op, c->k_pwhash_nousage);
    default: return psa_key_derivation_abort(op);
    }
}

static const char *g_state = "";

/* Run one action, check its status against the oracle, advance the model. */
static void step(row_ctx *c, psa_key_derivation_operation_t *op, model *m, const action *a)
{
    char what[256];
    model next;
    psa_status_t want = expect(c->row, m, a, &next);
    psa_status_t got = run(c, op, m, a);
    snprintf(what, sizeof(what), "[%s] state %s: %s(step 0x%04x) -- spec %s", c->row->name,
             g_state, kind_name(a->kind), (unsigned)a->step, kind_spec(a->kind));
    test_check_int((long)got, (long)want, what, __FILE__, __LINE__);
    *m = next;
}

/* Probe the state the model says the operation is in. get_capacity tells
 * valid (and its capacity) from error/inactive; setup tells inactive from
 * the rest (and must not change an active operation, 10.6.3 setup). */
static void probe(row_ctx *c, psa_key_derivation_operation_t *op, model *m, const char *after)
{
    char what[256];
    size_t cap = 0;
    psa_status_t st = psa_key_derivation_get_capacity(op, &cap);
    int valid = m->active && !m->error;
    snprintf(what, sizeof(what), "[%s] state %s, after %s: get_capacity (valid %d, error %d) -- "
             "spec 10.6.3", c->row->name, g_state, after, valid, m->error);
    test_check_int((long)st, valid ? PSA_SUCCESS : PSA_ERROR_BAD_STATE, what, __FILE__, __LINE__);
    if (valid && st == PSA_SUCCESS) {
        test_check_int((long)cap, (long)m->capacity, what, __FILE__, __LINE__);
    }
    st = psa_key_derivation_setup(op, c->row->alg);
    snprintf(what, sizeof(what), "[%s] state %s, after %s: setup (active %d) -- spec 10.6.3 "
             "psa_key_derivation_setup", c->row->name, g_state, after, m->active);
    test_check_int((long)st, m->active ? PSA_ERROR_BAD_STATE : PSA_SUCCESS, what, __FILE__,
                   __LINE__);
    if (m->active) {
        st = psa_key_derivation_get_capacity(op, &cap);
        test_check_int((long)st, valid ? PSA_SUCCESS : PSA_ERROR_BAD_STATE, what, __FILE__,
                       __LINE__);
    }
}

/* ---- states ------------------------------------------------------------ */

enum state {
    S_INACTIVE, S_SETUP, S_STEP1, S_STEP2, S_STEP3, S_READY_KEY, S_READY_VONLY, S_OUTPUT,
    S_OUTPUT_KEY, S_EMPTY, S_ERROR_EARLY, S_ERROR_LATE, S_ABORTED, S_COUNT
};
static const char *const state_names[S_COUNT] = {
    "inactive", "setup", "1 step", "2 steps", "3 steps", "inputs done (secret key)",
    "inputs done (VERIFY_DERIVATION key)", "output started", "output started (secret key)",
    "capacity exhausted", "error (bad step)", "error (mismatch)", "aborted"};

/* The canonical way to give step i: bytes, or the agreement for the
 * secret of an agreement row. */
static action canonical(const alg_row *row, size_t i)
{
    action a;
    a.step = row->steps[i].step;
    a.kind = row->steps[i].rules & R_INTEGER   ? A_INT
             : row->steps[i].rules & R_KEYONLY ? A_KEY_DERIVE
             : (row->steps[i].rules & R_AGREE) && row->ka_type != 0 ? A_KA
                                                                    : A_BYTES;
    return a;
}

/* After setup: the row's start_cap, if any. */
static void start_capacity(row_ctx *c, psa_key_derivation_operation_t *op, model *m)
{
    action a;
    if (c->row->start_cap != 0) {
        a.kind = A_SET_CAP_TO;
        a.step = 0;
        step(c, op, m, &a);
    }
}

/* The SECRET is the agreement's (not PSK_TO_MS behind ECDH). */
static int secret_is_agreed(const alg_row *row)
{
    return (step_rules(row, SECRET) & R_AGREE) != 0;
}

/* Bring op into state s; 0 if the row has no such state. */
static int enter(row_ctx *c, psa_key_derivation_operation_t *op, model *m, enum state s)
{
    const alg_row *row = c->row;
    action a;
    size_t i, n = row->n_steps;
    memset(m, 0, sizeof(*m));
    if (s == S_INACTIVE) {
        return 1;
    }
    if (s >= S_STEP1 && s <= S_STEP3 && (size_t)(s - S_STEP1) >= n) {
        return 0;
    }
    if ((s == S_READY_KEY || s == S_READY_VONLY || s == S_OUTPUT_KEY) && row->ka_type != 0 &&
        secret_is_agreed(row)) {
        return 0;   /* an agreement's secret comes from no key */
    }
    a.kind = A_SETUP;
    a.step = 0;
    step(c, op, m, &a);
    start_capacity(c, op, m);
    if (s == S_SETUP) {
        return 1;
    }
    if (s == S_ERROR_EARLY) {
        a.kind = A_BYTES;   /* a step type the row does not have */
        for (i = 0; i < N_ALL_STEPS && step_index(row, ALL_STEPS[i]) >= 0; i++) {
        }
        a.step = ALL_STEPS[i];
        step(c, op, m, &a);
        return 1;
    }
    if (s >= S_STEP1 && s <= S_STEP3) {
        n = (size_t)(s - S_STEP1) + 1;
    }
    for (i = 0; i < n; i++) {
        a = canonical(row, i);
        if (row->steps[i].rules & R_SECRET) {
            if (s == S_READY_KEY || s == S_OUTPUT_KEY) {
                a.kind = A_KEY_DERIVE;
            } else if (s == S_READY_VONLY) {
                a.kind = A_KEY_VONLY;
            }
        }
        step(c, op, m, &a);
    }
    a.step = 0;
    switch (s) {
    case S_OUTPUT:
    case S_OUTPUT_KEY: a.kind = A_OUT; break;
    case S_EMPTY: a.kind = A_OUT_OVER; break;
    case S_ERROR_LATE: a.kind = A_VERIFY_BAD; break;
    case S_ABORTED: a.kind = A_ABORT; break;
    default: return 1;
    }
    step(c, op, m, &a);
    return 1;
}

/* Every action of the chapter for this row. */
static size_t all_actions(action *out)
{
    static const enum kind plain[] = {
        A_SETUP, A_GET_CAP, A_SET_CAP_LOWER, A_SET_CAP_SAME, A_SET_CAP_HIGHER, A_OUT, A_OUT0,
        A_OUT_OVER,
        A_OUTKEY, A_OUTKEY_PWHASH, A_OUTKEY_PWHASH_OTHER, A_OUTKEY_PUBLIC, A_VERIFY_OK,
        A_VERIFY_BAD, A_VERIFY_OVER, A_VKEY_OK, A_VKEY_BAD, A_VKEY_RAW, A_VKEY_NOUSAGE, A_ABORT};
    static const enum kind per_step[] = {A_BYTES, A_INT, A_KEY_DERIVE, A_KEY_RAW};
    size_t n = 0, i, j;
    for (i = 0; i < sizeof(plain) / sizeof(plain[0]); i++) {
        out[n].kind = plain[i];
        out[n++].step = 0;
    }
    for (i = 0; i < sizeof(per_step) / sizeof(per_step[0]); i++) {
        for (j = 0; j < N_ALL_STEPS; j++) {
            out[n].kind = per_step[i];
            out[n++].step = ALL_STEPS[j];
        }
    }
    out[n].kind = A_KEY_VONLY;
    out[n++].step = SECRET;
    out[n].kind = A_KEY_WRONGALG;
    out[n++].step = SECRET;
    for (j = 0; j < N_ALL_STEPS; j++) {
        out[n].kind = A_KA;
        out[n++].step = ALL_STEPS[j];
    }
    out[n].kind = A_KA_BADPEER;
    out[n++].step = SECRET;
    out[n].kind = A_KA_BADPEER;
    out[n++].step = OTHER;
    return n;
}

/* Every function in every state. */
static void test_states(row_ctx *c)
{
    action actions[96];
    size_t n = all_actions(actions), i;
    int s;
    for (s = 0; s < S_COUNT; s++) {
        for (i = 0; i < n; i++) {
            psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
            model m;
            g_state = state_names[s];
            if (!enter(c, &op, &m, (enum state)s)) {
                break;
            }
            step(c, &op, &m, &actions[i]);
            probe(c, &op, &m, kind_name(actions[i].kind));
            CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        }
    }
}

/* Every order of the row's steps: each sequence of 1..n+1 canonical steps
 * (repeats included) after setup, then an output. */
static void test_orders(row_ctx *c)
{
    size_t n = c->row->n_steps, len, total, code, i;
    g_state = "step order";
    for (len = 1; len <= n + 1; len++) {
        total = 1;
        for (i = 0; i < len; i++) {
            total *= n;
        }
        for (code = 0; code < total; code++) {
            psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
            model m;
            action a;
            size_t x = code;
            memset(&m, 0, sizeof(m));
            a.kind = A_SETUP;
            a.step = 0;
            step(c, &op, &m, &a);
            start_capacity(c, &op, &m);
            for (i = 0; i < len; i++) {
                a = canonical(c->row, x % n);
                x /= n;
                step(c, &op, &m, &a);
            }
            a.kind = A_OUT;
            a.step = 0;
            step(c, &op, &m, &a);
            probe(c, &op, &m, "output_bytes");
            CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        }
    }
}

static void run_row(const alg_row *row)
{
    row_ctx c;
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    model m;
    size_t i;
    memset(&c, 0, sizeof(c));
    c.row = row;
    c.k_derive = make_key(secret_type(row), 0, PSA_KEY_USAGE_DERIVE, row->alg, in_data,
                          sizeof(in_data));
    c.k_vonly = make_key(secret_type(row), 0, PSA_KEY_USAGE_VERIFY_DERIVATION, row->alg,
                         in_data, sizeof(in_data));
    c.k_wrongalg = make_key(secret_type(row), 0, PSA_KEY_USAGE_DERIVE, other_alg(row->alg),
                            in_data, sizeof(in_data));
    c.k_raw = make_key(PSA_KEY_TYPE_RAW_DATA, 0,
                       PSA_KEY_USAGE_DERIVE | PSA_KEY_USAGE_VERIFY_DERIVATION, row->alg, in_data,
                       sizeof(in_data));
    c.k_pwhash_nousage = make_key(PSA_KEY_TYPE_PASSWORD_HASH, 0, PSA_KEY_USAGE_DERIVE, row->alg,
                                  in_data, 16);
    memset(c.peer, 0x09, sizeof(c.peer));
    c.peer_length = 32;
    if (row->ka_type != 0) {
        psa_key_id_t peer = make_key(row->ka_type, row->ka_bits, PSA_KEY_USAGE_DERIVE,
                                     PSA_ALG_ECDH, NULL, 0);
        CHECK_STATUS(psa_export_public_key(peer, c.peer, sizeof(c.peer), &c.peer_length),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(peer), PSA_SUCCESS);
        c.k_private = make_key(row->ka_type, row->ka_bits, PSA_KEY_USAGE_DERIVE, row->alg, NULL,
                               0);
    }
    /* The reference stream: the canonical inputs, one output. */
    memset(&m, 0, sizeof(m));
    CHECK_STATUS(psa_key_derivation_setup(&op, row->alg), PSA_SUCCESS);
    {
        size_t cap = 0;
        CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap), PSA_SUCCESS);
        CHECK(cap == row->capacity);   /* the initial capacity, before start_cap */
    }
    if (row->start_cap != 0) {
        CHECK_STATUS(psa_key_derivation_set_capacity(&op, row->start_cap), PSA_SUCCESS);
    }
    for (i = 0; i < row->n_steps; i++) {
        action a = canonical(row, i);
        CHECK_STATUS(run(&c, &op, &m, &a), PSA_SUCCESS);
    }
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, c.ref,
                                                 row->capacity < 64 ? row->capacity : 64),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);

    test_states(&c);
    test_orders(&c);

    psa_destroy_key(c.k_derive);
    psa_destroy_key(c.k_vonly);
    psa_destroy_key(c.k_wrongalg);
    psa_destroy_key(c.k_raw);
    psa_destroy_key(c.k_pwhash_nousage);
    if (c.k_private != PSA_KEY_ID_NULL) {
        psa_destroy_key(c.k_private);
    }
}

/* ---- psa_key_agreement output key types (10.9.2) ------------------------ */

#if PSA_WANT_ALG_ECDH && (PSA_WANT_ECC_MONTGOMERY_255 || PSA_WANT_ECC_SECP_R1_256)
typedef struct {
    psa_key_type_t type;
    psa_status_t want;
} ka_out_row;

/* 10.9.2 psa_key_agreement, attributes: "The key type, which must be one
 * of PSA_KEY_TYPE_DERIVE, PSA_KEY_TYPE_RAW_DATA, PSA_KEY_TYPE_HMAC, or
 * PSA_KEY_TYPE_PASSWORD"; otherwise "The key type is not valid for key
 * agreement output": INVALID_ARGUMENT. */
static const ka_out_row KA_OUT[] = {
    {PSA_KEY_TYPE_DERIVE, PSA_SUCCESS},
    {PSA_KEY_TYPE_RAW_DATA, PSA_SUCCESS},
    {PSA_KEY_TYPE_HMAC, PSA_SUCCESS},
    {PSA_KEY_TYPE_PASSWORD, PSA_SUCCESS},
    {PSA_KEY_TYPE_PASSWORD_HASH, PSA_ERROR_INVALID_ARGUMENT},
    {PSA_KEY_TYPE_PEPPER, PSA_ERROR_INVALID_ARGUMENT},
    {PSA_KEY_TYPE_AES, PSA_ERROR_INVALID_ARGUMENT},
    {PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY), PSA_ERROR_INVALID_ARGUMENT},
    {PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_SECP_R1), PSA_ERROR_INVALID_ARGUMENT},
    {PSA_KEY_TYPE_RSA_KEY_PAIR, PSA_ERROR_INVALID_ARGUMENT},
};

static void test_key_agreement_types(psa_key_type_t pair, size_t bits)
{
    uint8_t peer[65];
    size_t peer_length = 0, i;
    psa_key_id_t other = make_key(pair, bits, PSA_KEY_USAGE_DERIVE, PSA_ALG_ECDH, NULL, 0);
    psa_key_id_t priv = make_key(pair, bits, PSA_KEY_USAGE_DERIVE, PSA_ALG_ECDH, NULL, 0);
    CHECK_STATUS(psa_export_public_key(other, peer, sizeof(peer), &peer_length), PSA_SUCCESS);
    for (i = 0; i < sizeof(KA_OUT) / sizeof(KA_OUT[0]); i++) {
        char what[160];
        psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
        psa_key_id_t key = 1234;
        psa_status_t st;
        psa_set_key_type(&attr, KA_OUT[i].type);
        psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_DERIVE);
        psa_set_key_algorithm(&attr, PSA_ALG_HKDF(PSA_ALG_SHA_256));
        st = psa_key_agreement(priv, peer, peer_length, PSA_ALG_ECDH, &attr, &key);
        snprintf(what, sizeof(what),
                 "psa_key_agreement(curve 0x%04x) output type 0x%04x -- spec 10.9.2",
                 (unsigned)pair, (unsigned)KA_OUT[i].type);
        test_check_int((long)st, (long)KA_OUT[i].want, what, __FILE__, __LINE__);
        if (st == PSA_SUCCESS) {
            psa_key_attributes_t got = PSA_KEY_ATTRIBUTES_INIT;
            CHECK_STATUS(psa_get_key_attributes(key, &got), PSA_SUCCESS);
            CHECK(psa_get_key_bits(&got) == 256u);   /* both curves: a 32-byte secret */
            CHECK_STATUS(psa_destroy_key(key), PSA_SUCCESS);
        } else {
            CHECK(key == PSA_KEY_ID_NULL);
        }
    }
    psa_destroy_key(other);
    psa_destroy_key(priv);
}
#endif

int main(void)
{
    size_t i;
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    for (i = 0; i < N_ALGS; i++) {
        unsigned long failed = test_failed;
        run_row(&ALGS[i]);
        printf("%-36s (steps: %s): %lu failed checks\n", ALGS[i].name, ALGS[i].spec,
               test_failed - failed);
    }
#if PSA_WANT_ALG_ECDH && PSA_WANT_ECC_MONTGOMERY_255
    test_key_agreement_types(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY), 255);
#endif
#if PSA_WANT_ALG_ECDH && PSA_WANT_ECC_SECP_R1_256
    test_key_agreement_types(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1), 256);
#endif
    return test_report("kdf_state");
}
#endif
