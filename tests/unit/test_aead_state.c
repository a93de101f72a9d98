/*
 * test_aead_state.c -- the multi-part AEAD state machine (PSA 1.2 10.5.3
 * and the error lists of 10.5.4), table-driven: every call in every state
 * (GCM, and CCM without its lengths), with the status the spec names and
 * picopsa's documented choices (src/core/psa_aead.c). A probe after each
 * call shows the state left: any error but BAD_STATE aborts an active
 * operation; BAD_STATE leaves it as it was. The declared-length rules
 * (more or less than declared) follow the table.
 */
#include <psa/crypto.h>
#include "test_util.h"

#include <stdio.h>
#include <string.h>

#if !(PSA_WANT_ALG_GCM && PSA_WANT_ALG_CCM)
int main(void)
{
    return test_skip("aead_state", "GCM or CCM configured out");
}
#else

enum state { INACTIVE, ENC_SETUP, ENC_NONCE, ENC_AD, ENC_DATA, FINISHED, DEC_NONCE,
             CCM_NO_LENGTHS, KEY_GONE, N_STATES };
enum call { ENC_S, DEC_S, SET_LEN, SET_NONCE, GEN_NONCE, UPDATE_AD, UPDATE, FINISH, VERIFY,
            ABORT, N_CALLS };

static const char *const state_name[N_STATES] = {"inactive", "enc-setup", "enc-nonce", "enc-ad",
                                                 "enc-data", "finished", "dec-nonce",
                                                 "ccm-no-lengths", "key-gone"};
static const char *const call_name[N_CALLS] = {"encrypt_setup", "decrypt_setup", "set_lengths",
                                               "set_nonce", "generate_nonce", "update_ad",
                                               "update", "finish", "verify", "abort"};

#define OK PSA_SUCCESS
#define BAD PSA_ERROR_BAD_STATE
#define SIG PSA_ERROR_INVALID_SIGNATURE

static const psa_status_t expected[N_STATES][N_CALLS] = {
    /*                 encS decS setL setN genN upAD upd  fin  ver  abort */
    [INACTIVE]       = {OK,  OK,  BAD, BAD, BAD, BAD, BAD, BAD, BAD, OK},
    [ENC_SETUP]      = {BAD, BAD, OK,  OK,  OK,  BAD, BAD, BAD, BAD, OK},
    /* set_lengths before or after the nonce, never after AD or data */
    [ENC_NONCE]      = {BAD, BAD, OK,  BAD, BAD, OK,  OK,  OK,  BAD, OK},
    [ENC_AD]         = {BAD, BAD, BAD, BAD, BAD, OK,  OK,  OK,  BAD, OK},
    [ENC_DATA]       = {BAD, BAD, BAD, BAD, BAD, BAD, OK,  OK,  BAD, OK},
    [FINISHED]       = {OK,  OK,  BAD, BAD, BAD, BAD, BAD, BAD, BAD, OK},
    /* generate_nonce needs an encryption; verify a decryption (the zero
     * tag of the table is wrong: INVALID_SIGNATURE) */
    [DEC_NONCE]      = {BAD, BAD, OK,  BAD, BAD, OK,  OK,  BAD, SIG, OK},
    /* CCM needs the lengths before AD, data and the tag */
    [CCM_NO_LENGTHS] = {BAD, BAD, OK,  BAD, BAD, BAD, BAD, BAD, BAD, OK},
    /* spec 9.6.5: the key was destroyed while the operation was active */
    [KEY_GONE]       = {BAD, BAD, BAD, BAD, BAD, BAD, BAD, BAD, BAD, OK},
};

static psa_key_id_t new_key(psa_algorithm_t alg)
{
    static const uint8_t key[16] = {0xfe, 0xff, 0xe9, 0x92};
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, PSA_KEY_TYPE_AES);
    psa_set_key_algorithm(&attr, alg);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    CHECK_STATUS(psa_import_key(&attr, key, sizeof(key), &id), PSA_SUCCESS);
    return id;
}

static psa_key_id_t gcm_key, ccm_key;

static psa_status_t do_call(psa_aead_operation_t *op, enum call c, psa_key_id_t key,
                            psa_algorithm_t alg)
{
    uint8_t nonce[13] = {0}, in[16] = {0}, out[32], tag[16] = {0};
    size_t n = 99, t = 99;
    psa_status_t st;
    switch (c) {
    case ENC_S: return psa_aead_encrypt_setup(op, key, alg);
    case DEC_S: return psa_aead_decrypt_setup(op, key, alg);
    case SET_LEN: return psa_aead_set_lengths(op, 64, 64);
    case SET_NONCE: return psa_aead_set_nonce(op, nonce, alg == PSA_ALG_CCM ? 13 : 12);
    case GEN_NONCE:
        st = psa_aead_generate_nonce(op, nonce, sizeof(nonce), &n);
        CHECK(st == PSA_SUCCESS ? n == 12 || n == 13 : n == 0);
        return st;
    case UPDATE_AD: return psa_aead_update_ad(op, in, sizeof(in));
    case UPDATE:
        st = psa_aead_update(op, in, sizeof(in), out, sizeof(out), &n);
        CHECK(st == PSA_SUCCESS ? n == 16 : n == 0);
        return st;
    case FINISH:
        st = psa_aead_finish(op, out, sizeof(out), &n, tag, sizeof(tag), &t);
        CHECK(st == PSA_SUCCESS ? n == 0 && t == 16 : n == 0 && t == 0);
        return st;
    case VERIFY: return psa_aead_verify(op, out, sizeof(out), &n, tag, sizeof(tag));
    default: return psa_aead_abort(op);
    }
}

static void reach(psa_aead_operation_t *op, enum state s)
{
    *op = psa_aead_operation_init();
    switch (s) {
    case INACTIVE: break;
    case ENC_SETUP: CHECK_STATUS(do_call(op, ENC_S, gcm_key, PSA_ALG_GCM), OK); break;
    case ENC_NONCE:
        reach(op, ENC_SETUP);
        CHECK_STATUS(do_call(op, SET_NONCE, 0, PSA_ALG_GCM), OK);
        break;
    case ENC_AD:
        reach(op, ENC_NONCE);
        CHECK_STATUS(do_call(op, UPDATE_AD, 0, PSA_ALG_GCM), OK);
        break;
    case ENC_DATA:
        reach(op, ENC_AD);
        CHECK_STATUS(do_call(op, UPDATE, 0, PSA_ALG_GCM), OK);
        break;
    case FINISHED:
        reach(op, ENC_DATA);
        CHECK_STATUS(do_call(op, FINISH, 0, PSA_ALG_GCM), OK);
        break;
    case DEC_NONCE:
        CHECK_STATUS(do_call(op, DEC_S, gcm_key, PSA_ALG_GCM), OK);
        CHECK_STATUS(do_call(op, SET_NONCE, 0, PSA_ALG_GCM), OK);
        break;
    case CCM_NO_LENGTHS:
        CHECK_STATUS(do_call(op, ENC_S, ccm_key, PSA_ALG_CCM), OK);
        CHECK_STATUS(do_call(op, SET_NONCE, 0, PSA_ALG_CCM), OK);
        break;
    default: {
        psa_key_id_t k = new_key(PSA_ALG_GCM);
        CHECK_STATUS(do_call(op, ENC_S, k, PSA_ALG_GCM), OK);
        CHECK_STATUS(do_call(op, SET_NONCE, 0, PSA_ALG_GCM), OK);
        CHECK_STATUS(psa_destroy_key(k), PSA_SUCCESS);
        break;
    }
    }
}

/* An operation is inactive when a setup on it succeeds. */
static int is_inactive(psa_aead_operation_t *op)
{
    if (psa_aead_encrypt_setup(op, gcm_key, PSA_ALG_GCM) == PSA_SUCCESS) {
        psa_aead_abort(op);
        return 1;
    }
    return 0;
}

static void test_table(void)
{
    int s, c;
    for (s = 0; s < N_STATES; s++) {
        for (c = 0; c < N_CALLS; c++) {
            psa_aead_operation_t op;
            psa_algorithm_t alg = s == CCM_NO_LENGTHS ? PSA_ALG_CCM : PSA_ALG_GCM;
            psa_status_t got;
            int was_active = s != INACTIVE && s != FINISHED;
            reach(&op, (enum state)s);
            got = do_call(&op, (enum call)c, alg == PSA_ALG_CCM ? ccm_key : gcm_key, alg);
            if (got != expected[s][c]) {
                printf("state %s, call %s: got %d, want %d\n", state_name[s], call_name[c],
                       (int)got, (int)expected[s][c]);
            }
            CHECK_STATUS(got, expected[s][c]);
            if (was_active && got != PSA_SUCCESS && got != PSA_ERROR_BAD_STATE) {
                CHECK(is_inactive(&op));
            }
            if (was_active && got == PSA_ERROR_BAD_STATE && s != KEY_GONE) {
                CHECK(!is_inactive(&op));
            }
            psa_aead_abort(&op);
        }
    }
}

/* Declared lengths: more AD or data than declared, data before all AD, a
 * finish before everything came: INVALID_ARGUMENT, and the operation is
 * aborted; exactly the declared bytes work, for GCM and CCM. */
static void test_lengths(void)
{
    static const psa_algorithm_t algs[2] = {PSA_ALG_GCM, PSA_ALG_CCM};
    uint8_t nonce[13] = {1}, buf[64] = {0}, out[64], tag[16];
    size_t n, t, i;
    for (i = 0; i < 2; i++) {
        psa_key_id_t key = i == 0 ? gcm_key : ccm_key;
        size_t nl = i == 0 ? 12 : 13;
        psa_aead_operation_t op = PSA_AEAD_OPERATION_INIT;
        /* too much AD */
        CHECK_STATUS(psa_aead_encrypt_setup(&op, key, algs[i]), OK);
        CHECK_STATUS(psa_aead_set_lengths(&op, 10, 20), OK);
        CHECK_STATUS(psa_aead_set_nonce(&op, nonce, nl), OK);
        CHECK_STATUS(psa_aead_update_ad(&op, buf, 11), PSA_ERROR_INVALID_ARGUMENT);
        CHECK(is_inactive(&op));
        /* data before all AD */
        CHECK_STATUS(psa_aead_encrypt_setup(&op, key, algs[i]), OK);
        CHECK_STATUS(psa_aead_set_nonce(&op, nonce, nl), OK);
        CHECK_STATUS(psa_aead_set_lengths(&op, 10, 20), OK);   /* after the nonce */
        CHECK_STATUS(psa_aead_update_ad(&op, buf, 9), OK);
        CHECK_STATUS(psa_aead_update(&op, buf, 5, out, sizeof(out), &n),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK(is_inactive(&op));
        /* too much data */
        CHECK_STATUS(psa_aead_encrypt_setup(&op, key, algs[i]), OK);
        CHECK_STATUS(psa_aead_set_lengths(&op, 0, 20), OK);
        CHECK_STATUS(psa_aead_set_nonce(&op, nonce, nl), OK);
        CHECK_STATUS(psa_aead_update(&op, buf, 21, out, sizeof(out), &n),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK(n == 0);
        CHECK(is_inactive(&op));
        /* a finish before all the data */
        CHECK_STATUS(psa_aead_encrypt_setup(&op, key, algs[i]), OK);
        CHECK_STATUS(psa_aead_set_lengths(&op, 0, 20), OK);
        CHECK_STATUS(psa_aead_set_nonce(&op, nonce, nl), OK);
        CHECK_STATUS(psa_aead_update(&op, buf, 19, out, sizeof(out), &n), OK);
        CHECK_STATUS(psa_aead_finish(&op, out, sizeof(out), &n, tag, sizeof(tag), &t),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK(is_inactive(&op));
        /* exactly as declared, and a second set_lengths is BAD_STATE */
        CHECK_STATUS(psa_aead_encrypt_setup(&op, key, algs[i]), OK);
        CHECK_STATUS(psa_aead_set_lengths(&op, 3, 20), OK);
        CHECK_STATUS(psa_aead_set_lengths(&op, 3, 20), BAD);
        CHECK_STATUS(psa_aead_set_nonce(&op, nonce, nl), OK);
        CHECK_STATUS(psa_aead_update_ad(&op, buf, 3), OK);
        CHECK_STATUS(psa_aead_update(&op, buf, 20, out, sizeof(out), &n), OK);
        CHECK_STATUS(psa_aead_finish(&op, out, sizeof(out), &n, tag, sizeof(tag), &t), OK);
        CHECK(t == 16);
        /* a short tag buffer: BUFFER_TOO_SMALL, aborted */
        CHECK_STATUS(psa_aead_encrypt_setup(&op, key, algs[i]), OK);
        CHECK_STATUS(psa_aead_set_lengths(&op, 0, 0), OK);
        CHECK_STATUS(psa_aead_set_nonce(&op, nonce, nl), OK);
        CHECK_STATUS(psa_aead_finish(&op, out, sizeof(out), &n, tag, 15, &t),
                     PSA_ERROR_BUFFER_TOO_SMALL);
        CHECK(is_inactive(&op));
        /* update output too small */
        CHECK_STATUS(psa_aead_encrypt_setup(&op, key, algs[i]), OK);
        CHECK_STATUS(psa_aead_set_lengths(&op, 0, 20), OK);
        CHECK_STATUS(psa_aead_set_nonce(&op, nonce, nl), OK);
        CHECK_STATUS(psa_aead_update(&op, buf, 20, out, 19, &n), PSA_ERROR_BUFFER_TOO_SMALL);
        CHECK(is_inactive(&op));
    }
}

int main(void)
{
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    gcm_key = new_key(PSA_ALG_GCM);
    ccm_key = new_key(PSA_ALG_CCM);
    test_table();
    test_lengths();
    CHECK_STATUS(psa_aead_abort(NULL), PSA_ERROR_INVALID_ARGUMENT);
    return test_report("aead_state");
}

#endif /* PSA_WANT_ALG_GCM && PSA_WANT_ALG_CCM */
