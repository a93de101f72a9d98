/*
 * test_cipher_state.c -- the multi-part cipher state machine (PSA 1.2
 * 10.4.3 and the error lists of 10.4.4), table-driven: every call in every
 * state, with the status the spec names (and picopsa's documented choice
 * where it allows two: src/core/psa_cipher.c). After each call, a probe
 * shows the state the operation is left in: any error of an active
 * operation aborts it (BAD_STATE afterwards), state errors leave it as it
 * was. The XTS rows (PSA_ALG_XTS, when built): a 16-byte tweak only, the
 * first 16 bytes held back by update, finish under one block
 * INVALID_ARGUMENT.
 */
#include <psa/crypto.h>
#include "test_util.h"

#include <stdio.h>
#include <string.h>

#if !(PSA_WANT_ALG_CBC_NO_PADDING && PSA_WANT_ALG_ECB_NO_PADDING)
int main(void)
{
    return test_skip("cipher_state", "AES-CBC or ECB configured out");
}
#else

enum state { INACTIVE, ENC_NEED_IV, ENC_IV_SET, ENC_UPDATED, FINISHED, DEC_NEED_IV, ECB_ENC,
             KEY_GONE, XTS_NEED_IV, XTS_IV_SET, XTS_UPDATED, N_STATES };
enum call { ENC_SETUP, DEC_SETUP, GEN_IV, SET_IV, SET_IV_SHORT, UPDATE, FINISH, ABORT, N_CALLS };

static const char *const state_name[N_STATES] = {"inactive", "enc-need-iv", "enc-iv-set",
                                                 "enc-updated", "finished", "dec-need-iv",
                                                 "ecb-enc", "key-gone", "xts-need-iv",
                                                 "xts-iv-set", "xts-updated"};
static const char *const call_name[N_CALLS] = {"encrypt_setup", "decrypt_setup", "generate_iv",
                                               "set_iv", "set_iv(15)", "update", "finish",
                                               "abort"};

#define OK PSA_SUCCESS
#define BAD PSA_ERROR_BAD_STATE
#define INV PSA_ERROR_INVALID_ARGUMENT

/* expected[state][call] */
static const psa_status_t expected[N_STATES][N_CALLS] = {
    /*               enc  dec  gen  set  set15 upd  fin  abort */
    [INACTIVE]    = {OK,  OK,  BAD, BAD, BAD,  BAD, BAD, OK},
    [ENC_NEED_IV] = {BAD, BAD, OK,  OK,  INV,  BAD, BAD, OK},
    [ENC_IV_SET]  = {BAD, BAD, BAD, BAD, BAD,  OK,  OK,  OK},
    [ENC_UPDATED] = {BAD, BAD, BAD, BAD, BAD,  OK,  OK,  OK},
    [FINISHED]    = {OK,  OK,  BAD, BAD, BAD,  BAD, BAD, OK},
    /* generate_iv needs an encrypt operation */
    [DEC_NEED_IV] = {BAD, BAD, BAD, OK,  INV,  BAD, BAD, OK},
    /* ECB takes no IV: set_iv is INVALID_ARGUMENT (spec: "the chosen
     * algorithm does not use an IV"), generate_iv BAD_STATE */
    [ECB_ENC]     = {BAD, BAD, BAD, INV, INV,  OK,  OK,  OK},
    /* spec 9.6.5: the key was destroyed while the operation was active */
    [KEY_GONE]    = {BAD, BAD, BAD, BAD, BAD,  BAD, BAD, OK},
    /* XTS: the tweak is 16 bytes; finish under one block in all is
     * INVALID_ARGUMENT (the total input is not valid for the algorithm) */
    [XTS_NEED_IV] = {BAD, BAD, OK,  OK,  INV,  BAD, BAD, OK},
    [XTS_IV_SET]  = {BAD, BAD, BAD, BAD, BAD,  OK,  INV, OK},
    [XTS_UPDATED] = {BAD, BAD, BAD, BAD, BAD,  OK,  OK,  OK},
};

/* Output of one 16-byte update and of finish in each state: XTS holds
 * the last 16..31 bytes back until finish. */
static enum state cur_state;
static size_t update_out(enum state s)
{
    return s == XTS_IV_SET ? 0 : 16;
}
static size_t finish_out(enum state s)
{
    return s == XTS_UPDATED ? 16 : 0;
}

static psa_key_id_t new_key(psa_algorithm_t alg)
{
    static const uint8_t key[32] = {0x2b, 0x7e, 0x15, 0x16};   /* XTS: Key1 != Key2 */
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, PSA_KEY_TYPE_AES);
    psa_set_key_algorithm(&attr, alg);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    CHECK_STATUS(psa_import_key(&attr, key, alg == PSA_ALG_XTS ? 32 : 16, &id), PSA_SUCCESS);
    return id;
}

static psa_key_id_t cbc_key, ecb_key, xts_key;

static psa_status_t do_call(psa_cipher_operation_t *op, enum call c, psa_key_id_t key,
                            psa_algorithm_t alg)
{
    uint8_t iv[16] = {0}, in[16] = {0}, out[64];
    size_t n = 99;
    psa_status_t st;
    switch (c) {
    case ENC_SETUP: return psa_cipher_encrypt_setup(op, key, alg);
    case DEC_SETUP: return psa_cipher_decrypt_setup(op, key, alg);
    case GEN_IV:
        st = psa_cipher_generate_iv(op, iv, sizeof(iv), &n);
        CHECK(st == PSA_SUCCESS ? n == 16 : n == 0);
        return st;
    case SET_IV: return psa_cipher_set_iv(op, iv, 16);
    case SET_IV_SHORT: return psa_cipher_set_iv(op, iv, 15);
    case UPDATE:
        st = psa_cipher_update(op, in, sizeof(in), out, sizeof(out), &n);
        CHECK(st == PSA_SUCCESS ? n == update_out(cur_state) : n == 0);
        return st;
    case FINISH:
        st = psa_cipher_finish(op, out, sizeof(out), &n);
        CHECK(st == PSA_SUCCESS ? n == finish_out(cur_state) : n == 0);
        return st;
    default: return psa_cipher_abort(op);
    }
}

/* Bring a fresh operation to state s. */
static void reach(psa_cipher_operation_t *op, enum state s, psa_key_id_t *destroyed)
{
    *op = psa_cipher_operation_init();
    *destroyed = PSA_KEY_ID_NULL;
    switch (s) {
    case INACTIVE: break;
    case ENC_NEED_IV: CHECK_STATUS(do_call(op, ENC_SETUP, cbc_key, PSA_ALG_CBC_NO_PADDING), OK); break;
    case ENC_IV_SET:
        reach(op, ENC_NEED_IV, destroyed);
        CHECK_STATUS(do_call(op, SET_IV, 0, 0), OK);
        break;
    case ENC_UPDATED:
        reach(op, ENC_IV_SET, destroyed);
        CHECK_STATUS(do_call(op, UPDATE, 0, 0), OK);
        break;
    case FINISHED:
        reach(op, ENC_UPDATED, destroyed);
        CHECK_STATUS(do_call(op, FINISH, 0, 0), OK);
        break;
    case DEC_NEED_IV: CHECK_STATUS(do_call(op, DEC_SETUP, cbc_key, PSA_ALG_CBC_NO_PADDING), OK); break;
    case ECB_ENC: CHECK_STATUS(do_call(op, ENC_SETUP, ecb_key, PSA_ALG_ECB_NO_PADDING), OK); break;
    case KEY_GONE: {   /* an own key, destroyed after the IV */
        psa_key_id_t k = new_key(PSA_ALG_CBC_NO_PADDING);
        CHECK_STATUS(do_call(op, ENC_SETUP, k, PSA_ALG_CBC_NO_PADDING), OK);
        CHECK_STATUS(do_call(op, SET_IV, 0, 0), OK);
        CHECK_STATUS(psa_destroy_key(k), PSA_SUCCESS);
        *destroyed = k;
        break;
    }
    case XTS_NEED_IV: CHECK_STATUS(do_call(op, ENC_SETUP, xts_key, PSA_ALG_XTS), OK); break;
    case XTS_IV_SET:
        reach(op, XTS_NEED_IV, destroyed);
        CHECK_STATUS(do_call(op, SET_IV, 0, 0), OK);
        break;
    case XTS_UPDATED:
        reach(op, XTS_IV_SET, destroyed);
        CHECK_STATUS(do_call(op, UPDATE, 0, 0), OK);
        break;
    default: break;   /* N_STATES */
    }
    cur_state = s;
}

/* Is the operation inactive? An update on an inactive (or aborted)
 * operation is BAD_STATE, and so is one on an operation waiting for its
 * IV; setup succeeds on an inactive one only (then it is aborted again). */
static int is_inactive(psa_cipher_operation_t *op)
{
    psa_status_t st = psa_cipher_encrypt_setup(op, cbc_key, PSA_ALG_CBC_NO_PADDING);
    if (st == PSA_SUCCESS) {
        psa_cipher_abort(op);
        return 1;
    }
    return 0;
}

static void test_table(void)
{
    int s, c;
    for (s = 0; s < N_STATES; s++) {
        if (!PSA_WANT_ALG_XTS && s >= XTS_NEED_IV) {
            continue;
        }
        for (c = 0; c < N_CALLS; c++) {
            psa_cipher_operation_t op;
            psa_key_id_t destroyed;
            psa_status_t got;
            int was_active;
            reach(&op, (enum state)s, &destroyed);
            was_active = s != INACTIVE && s != FINISHED;
            got = do_call(&op, (enum call)c, cbc_key, PSA_ALG_CBC_NO_PADDING);
            if (got != expected[s][c]) {
                printf("state %s, call %s: got %d, want %d\n", state_name[s], call_name[c],
                       (int)got, (int)expected[s][c]);
            }
            CHECK_STATUS(got, expected[s][c]);
            /* Errors other than BAD_STATE abort an active operation; a
             * BAD_STATE leaves it as it was (still active). */
            if (was_active && got != PSA_SUCCESS && got != PSA_ERROR_BAD_STATE) {
                CHECK(is_inactive(&op));
            }
            if (was_active && got == PSA_ERROR_BAD_STATE && s != KEY_GONE) {
                CHECK(!is_inactive(&op));
            }
            psa_cipher_abort(&op);
        }
    }
}

/* Errors outside the table: buffer sizes abort, wrong arguments, an
 * algorithm of another category, abort(NULL), and a second abort. */
static void test_misc(void)
{
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    uint8_t iv[16], buf[32] = {0};
    size_t n;
    CHECK_STATUS(psa_cipher_abort(NULL), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_cipher_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, cbc_key, PSA_ALG_HMAC(PSA_ALG_SHA_256)),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK(is_inactive(&op));
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, PSA_KEY_ID_NULL, PSA_ALG_CBC_NO_PADDING),
                 PSA_ERROR_INVALID_HANDLE);
    CHECK(is_inactive(&op));
    /* a policy for another mode */
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, cbc_key, PSA_ALG_CTR), PSA_ERROR_NOT_PERMITTED);
    /* generate_iv into a short buffer: BUFFER_TOO_SMALL, and aborted */
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, cbc_key, PSA_ALG_CBC_NO_PADDING), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_generate_iv(&op, iv, 15, &n), PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK(n == 0);
    CHECK(is_inactive(&op));
    /* update into a short buffer: BUFFER_TOO_SMALL, and aborted */
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, cbc_key, PSA_ALG_CBC_NO_PADDING), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_set_iv(&op, iv, 16), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_update(&op, buf, 10, buf, 0, &n), PSA_SUCCESS);   /* buffered */
    CHECK(n == 0);
    CHECK_STATUS(psa_cipher_update(&op, buf, 10, buf, 15, &n), PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK(is_inactive(&op));
    /* NULL pointers with lengths */
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, cbc_key, PSA_ALG_CBC_NO_PADDING), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_set_iv(&op, NULL, 16), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_cipher_generate_iv(&op, iv, sizeof(iv), NULL), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_cipher_set_iv(&op, iv, 16), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_update(&op, NULL, 16, buf, sizeof(buf), &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_cipher_update(&op, buf, 16, buf, sizeof(buf), NULL),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_cipher_finish(&op, buf, sizeof(buf), NULL), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_cipher_finish(&op, buf, sizeof(buf), &n), PSA_SUCCESS);
    CHECK(n == 0);
    /* a generated IV is random and is the one used: decrypt with it */
    {
        uint8_t iv2[16], ct[16], pt[16];
        size_t m;
        CHECK_STATUS(psa_cipher_encrypt_setup(&op, cbc_key, PSA_ALG_CBC_NO_PADDING),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_generate_iv(&op, iv, sizeof(iv), &n), PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_update(&op, buf, 16, ct, sizeof(ct), &m), PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_finish(&op, NULL, 0, &m), PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_encrypt_setup(&op, cbc_key, PSA_ALG_CBC_NO_PADDING),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_generate_iv(&op, iv2, sizeof(iv2), &n), PSA_SUCCESS);
        CHECK(memcmp(iv, iv2, 16) != 0);
        psa_cipher_abort(&op);
        CHECK_STATUS(psa_cipher_decrypt_setup(&op, cbc_key, PSA_ALG_CBC_NO_PADDING),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_set_iv(&op, iv, 16), PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_update(&op, ct, 16, pt, sizeof(pt), &m), PSA_SUCCESS);
        CHECK_STATUS(psa_cipher_finish(&op, NULL, 0, &m), PSA_SUCCESS);
        CHECK_MEM(pt, buf, 16);
    }
}

int main(void)
{
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    cbc_key = new_key(PSA_ALG_CBC_NO_PADDING);
    ecb_key = new_key(PSA_ALG_ECB_NO_PADDING);
    xts_key = new_key(PSA_ALG_XTS);
    test_table();
    test_misc();
    return test_report("cipher_state");
}

#endif /* PSA_WANT_ALG_CBC_NO_PADDING && PSA_WANT_ALG_ECB_NO_PADDING */
