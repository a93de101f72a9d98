/*
 * test_driver.h -- the test driver (test builds only, docs/drivers.md): a
 * transparent driver for every RSA and Ed25519 mechanism and a bignum
 * engine for every RSA size, which the tests steer. Each entry point
 * counts its calls and does what its mode says: decline
 * (PSA_ERROR_NOT_SUPPORTED: the next driver or the software runs), run
 * the software family itself (its result is the caller's), fail with a
 * status after scribbling over its outputs (PSA_ERROR_HARDWARE_FAILURE
 * or any other), return the software's result with one bit flipped, or
 * succeed with an output length one byte larger than its buffer.
 * Everything declines until a test says otherwise, so the other drivers
 * and the software see every call (a declining engine declines at begin,
 * so its mont_mul is not called and not counted).
 * The AES engine: aes_set_key SOFTWARE takes every key (the software AES
 * on a copy of the key in its context), FAIL returns fail_status, CORRUPT
 * takes the key with one key bit flipped; aes_ecb (only called for a key
 * it took) SOFTWARE computes, FAIL fills the output with 0xA5 and returns
 * fail_status, CORRUPT flips one output bit; act_at selects the n-th ecb
 * call as for products (the others compute correctly). aes_declined_192:
 * when nonzero, set_key declines 24-byte keys whatever the mode;
 * aes_only_length, when nonzero, declines every other key length (a test
 * then counts the blocks of its own keys, not those of the CTR_DRBG's
 * AES-256 key).
 * The one-shot cipher entry points (AES ECB, CBC, CBC-PKCS#7, CTR, CFB,
 * OFB, 128..256-bit keys): SOFTWARE computes with src/cipher's modes
 * (pp_cipher_*, below the dispatch layer, over the AES engines of the
 * list like any software AES key), FAIL fills the output with 0xA5 and
 * returns fail_status, CORRUPT flips one bit of the middle output byte,
 * WRONG_LENGTH reports output_size + 1. The multipart ones keep a
 * software context (src/cipher) in the driver context: setup and set_iv
 * DECLINE (NOT_SUPPORTED) or FAIL (fail_status), else run the software;
 * update and finish as the one-shot ones (DECLINE: NOT_SUPPORTED, which
 * after setup is an error); abort only counts and wipes.
 */
#ifndef PICOPSA_TEST_DRIVER_H
#define PICOPSA_TEST_DRIVER_H

#include <picopsa/driver.h>

/* The entry points. */
typedef enum {
    PP_TD_SIGN_HASH, PP_TD_VERIFY_HASH, PP_TD_SIGN_MESSAGE, PP_TD_VERIFY_MESSAGE,
    PP_TD_ENCRYPT, PP_TD_DECRYPT, PP_TD_GENERATE, PP_TD_MONT_MUL, PP_TD_MOD_EXP,
    PP_TD_AES_SET_KEY, PP_TD_AES_ECB,   /* the AES engine (picopsa_aes_engine_t) */
    PP_TD_CIPHER_ENCRYPT, PP_TD_CIPHER_DECRYPT,   /* psa_cipher_encrypt / _decrypt */
    PP_TD_CIPHER_ENCRYPT_SETUP, PP_TD_CIPHER_DECRYPT_SETUP, PP_TD_CIPHER_SET_IV,
    PP_TD_CIPHER_UPDATE, PP_TD_CIPHER_FINISH, PP_TD_CIPHER_ABORT,   /* multipart */
    PP_TD_ENTRY_COUNT
} pp_td_entry;

typedef enum {
    PP_TD_DECLINE = 0,   /* PSA_ERROR_NOT_SUPPORTED, nothing written */
    PP_TD_SOFTWARE,      /* the software family's result */
    PP_TD_FAIL,          /* outputs overwritten with 0xA5, then pp_td.fail_status */
    PP_TD_CORRUPT,       /* the software's result, one bit flipped (verify: the verdict inverted) */
    PP_TD_WRONG_LENGTH   /* the software's result, but PSA_SUCCESS with *length = size + 1 (sign,
                          * encrypt, decrypt, generate, cipher encrypt and decrypt: the entry
                          * points that report a length;
                          * the others, which report none, act as PP_TD_SOFTWARE) */
} pp_td_mode;

typedef struct {
    pp_td_mode mode[PP_TD_ENTRY_COUNT];
    unsigned calls[PP_TD_ENTRY_COUNT];
    psa_status_t fail_status;          /* PP_TD_FAIL's status (default HARDWARE_FAILURE) */
    /* Bignum engine filters for PP_TD_FAIL / PP_TD_CORRUPT: act only on
     * products with the secret flag == act_secret (-1: any), and only on
     * the act_at-th call counted from 1 (0: every call); the other calls
     * are computed correctly. Counters by flag: */
    int act_secret;
    unsigned act_at;
    unsigned secret_calls, public_calls;
    int aes_declined_192;
    size_t aes_only_length;   /* nonzero: set_key declines every other key length */
} pp_td_control;

/* The steering wheel; pp_td_reset() puts every mode to DECLINE, counters
 * to 0, fail_status to HARDWARE_FAILURE, act_secret -1, act_at 0. */
extern pp_td_control pp_td;
void pp_td_reset(void);

/* The driver (name "test"): put it in PICOPSA_DRIVER_LIST. */
extern const picopsa_transparent_driver_t pp_test_driver;

#endif /* PICOPSA_TEST_DRIVER_H */
