/*
 * test_driver_cipher.c -- the one-shot cipher entry points of the
 * transparent driver interface (picopsa_driver_cipher_encrypt_t /
 * _decrypt_t, <picopsa/driver.h>, docs/drivers.md) through
 * psa_cipher_encrypt / psa_cipher_decrypt (PSA 1.2 10.4.2), with the test
 * driver (drivers/test/test_driver.h) first in PICOPSA_DRIVER_LIST.
 *
 * Table-driven: every entry point (encrypt, decrypt) x every mode of the
 * test driver x AES-128 ECB, CBC, CTR (NIST SP 800-38A F.1.1, F.2.1,
 * F.5.1, the vectors of test_aes_hw.c) x separate buffers and in place:
 *  - DECLINE: the driver is asked (its counter moves) and the software
 *    answers: the known answer (decryption), or for encryption exactly
 *    what the software modes give for the IV the front end drew;
 *  - SOFTWARE: the same result, the driver's counter moved and the
 *    software's modes ran only inside the driver (the front end's own
 *    software steps are skipped: the AES block count equals one pass);
 *  - FAIL (HARDWARE_FAILURE, INSUFFICIENT_MEMORY): that status unchanged,
 *    the output wiped (the driver wrote 0xA5), length 0, no fallback (not
 *    one AES block computed);
 *  - CORRUPT: the caller gets the driver's flipped bit (nothing redone);
 *  - WRONG_LENGTH: CORRUPTION_DETECTED, output wiped, length 0.
 * The multipart operation (PSA 1.2 10.4.3), AES-128 CBC-PKCS#7 over 40
 * bytes: {encrypt, decrypt} x {setup, set_iv, update, finish} x every
 * mode x {separate, in place}: a declined setup leaves the operation to
 * the software (the same answer, no later driver call); after a setup
 * the driver took there is no fallback: any error (NOT_SUPPORTED too) is
 * the caller's, wiped, and the operation is aborted (the next step
 * BAD_STATE); a corrupt update or finish reaches the caller; a wrong
 * length is CORRUPTION_DETECTED; the driver's abort runs exactly once for
 * every operation it took.
 * The software's AES blocks are counted by putting the test driver's AES
 * block engine in SOFTWARE mode for 16-byte keys (every AES-128 key of
 * the library then runs on it, counting its ecb calls; the CTR_DRBG's
 * AES-256 key that draws the IV does not).
 */
#include "test_config.h"
#include "test_util.h"

#include <string.h>

#include <psa/crypto.h>

#include "test/test_driver.h"

#if PSA_WANT_KEY_TYPE_AES && PSA_WANT_ALG_ECB_NO_PADDING && PSA_WANT_ALG_CBC_NO_PADDING && \
    PSA_WANT_ALG_CTR

#define MAXLEN 96u

static const uint8_t sp_key[16] = { 0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                    0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c };
static const uint8_t sp_pt[32] = { 0x6b, 0xc1, 0xbe, 0xe2, 0x2e, 0x40, 0x9f, 0x96,
                                   0xe9, 0x3d, 0x7e, 0x11, 0x73, 0x93, 0x17, 0x2a,
                                   0xae, 0x2d, 0x8a, 0x57, 0x1e, 0x03, 0xac, 0x9c,
                                   0x9e, 0xb7, 0x6f, 0xac, 0x45, 0xaf, 0x8e, 0x51 };
/* SP 800-38A F.1.1 (ECB), F.2.1 (CBC, IV 00 01 .. 0f), F.5.1 (CTR, counter f0 .. ff):
 * the first two blocks, each after its IV (none for ECB). */
typedef struct {
    psa_algorithm_t alg;
    size_t iv_length;
    uint8_t iv_ct[16 + 32];
} kat_t;
static const kat_t kats[] = {
    { PSA_ALG_ECB_NO_PADDING, 0,
      { 0x3a, 0xd7, 0x7b, 0xb4, 0x0d, 0x7a, 0x36, 0x60, 0xa8, 0x9e, 0xca, 0xf3, 0x24, 0x66,
        0xef, 0x97, 0xf5, 0xd3, 0xd5, 0x85, 0x03, 0xb9, 0x69, 0x9d, 0xe7, 0x85, 0x89, 0x5a,
        0x96, 0xfd, 0xba, 0xaf } },
    { PSA_ALG_CBC_NO_PADDING, 16,
      { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d,
        0x0e, 0x0f, 0x76, 0x49, 0xab, 0xac, 0x81, 0x19, 0xb2, 0x46, 0xce, 0xe9, 0x8e, 0x9b,
        0x12, 0xe9, 0x19, 0x7d, 0x50, 0x86, 0xcb, 0x9b, 0x50, 0x72, 0x19, 0xee, 0x95, 0xdb,
        0x11, 0x3a, 0x91, 0x76, 0x78, 0xb2 } },
    { PSA_ALG_CTR, 16,
      { 0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd,
        0xfe, 0xff, 0x87, 0x4d, 0x61, 0x91, 0xb6, 0x20, 0xe3, 0x26, 0x1b, 0xef, 0x68, 0x64,
        0x99, 0x0d, 0xb6, 0xce, 0x98, 0x06, 0xf6, 0x6b, 0x79, 0x70, 0xfd, 0xff, 0x86, 0x17,
        0x18, 0x7b, 0xb9, 0xff, 0xfd, 0xff } },
};

static psa_key_id_t aes_key(psa_algorithm_t alg)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    psa_set_key_type(&a, PSA_KEY_TYPE_AES);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&a, alg);
    CHECK_STATUS(psa_import_key(&a, sp_key, sizeof(sp_key), &id), PSA_SUCCESS);
    return id;
}

/* What the software modes give for this IV (multi-part, which no driver
 * entry point takes): the reference for an encryption whose IV the front
 * end drew. */
static void software_encrypt(psa_key_id_t id, psa_algorithm_t alg, const uint8_t *iv,
                             size_t iv_length, uint8_t *out)
{
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    size_t n1 = 0, n2 = 0;
    CHECK_STATUS(psa_cipher_encrypt_setup(&op, id, alg), PSA_SUCCESS);
    if (iv_length != 0) {
        CHECK_STATUS(psa_cipher_set_iv(&op, iv, iv_length), PSA_SUCCESS);
    }
    CHECK_STATUS(psa_cipher_update(&op, sp_pt, 32, out, 32, &n1), PSA_SUCCESS);
    CHECK_STATUS(psa_cipher_finish(&op, out + n1, 32 - n1, &n2), PSA_SUCCESS);
    CHECK(n1 + n2 == 32);
    psa_cipher_abort(&op);
}

static const pp_td_mode modes[] = { PP_TD_DECLINE, PP_TD_SOFTWARE, PP_TD_FAIL, PP_TD_CORRUPT,
                                    PP_TD_WRONG_LENGTH };
static const psa_status_t fail_statuses[] = { PSA_ERROR_HARDWARE_FAILURE,
                                              PSA_ERROR_INSUFFICIENT_MEMORY };

/* The number of bits in which a and b differ. */
static unsigned bits_differ(const uint8_t *a, const uint8_t *b, size_t n)
{
    unsigned count = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        uint8_t x = (uint8_t)(a[i] ^ b[i]);
        while (x != 0) {
            count += x & 1u;
            x = (uint8_t)(x >> 1);
        }
    }
    return count;
}

/* One call: entry point `entry` in mode `mode` (fail status fs), kat k,
 * in place or not. */
static void one_case(pp_td_entry entry, pp_td_mode mode, psa_status_t fs, const kat_t *k,
                     int in_place)
{
    int encrypt = entry == PP_TD_CIPHER_ENCRYPT;
    psa_key_id_t id = aes_key(k->alg);
    uint8_t in[MAXLEN], buf[MAXLEN], ref[MAXLEN];
    uint8_t *out = in_place ? in : buf;
    size_t in_length = encrypt ? 32u : k->iv_length + 32u;
    size_t want_length = encrypt ? k->iv_length + 32u : 32u;
    size_t out_length = 7;
    unsigned driver_before, blocks_before, blocks_after;
    psa_status_t status, want_status;
    memset(buf, 0x5c, sizeof(buf));
    memcpy(in, encrypt ? sp_pt : k->iv_ct, in_length);
    if (!in_place) {
        memset(in + in_length, 0x3c, sizeof(in) - in_length);
    }
    pp_td_reset();
    pp_td.mode[PP_TD_AES_SET_KEY] = PP_TD_SOFTWARE;   /* count the software's AES blocks */
    pp_td.mode[PP_TD_AES_ECB] = PP_TD_SOFTWARE;
    pp_td.aes_only_length = sizeof(sp_key);   /* not the CTR_DRBG's key */
    pp_td.mode[entry] = mode;
    pp_td.fail_status = fs;
    driver_before = pp_td.calls[entry];
    blocks_before = pp_td.calls[PP_TD_AES_ECB];
    status = encrypt ? psa_cipher_encrypt(id, k->alg, in, in_length, out, MAXLEN, &out_length)
                     : psa_cipher_decrypt(id, k->alg, in, in_length, out, MAXLEN, &out_length);
    blocks_after = pp_td.calls[PP_TD_AES_ECB];
    want_status = mode == PP_TD_FAIL           ? fs
                  : mode == PP_TD_WRONG_LENGTH ? PSA_ERROR_CORRUPTION_DETECTED
                                               : PSA_SUCCESS;
    CHECK_STATUS(status, want_status);
    CHECK(pp_td.calls[entry] == driver_before + 1u);   /* the driver was asked, once */
    if (want_status != PSA_SUCCESS) {
        CHECK(out_length == 0);
        CHECK(test_all_zero(out, MAXLEN));   /* the driver's 0xA5 / its result wiped */
        if (mode == PP_TD_FAIL) {
            /* no fallback: not one AES block of the software was computed */
            CHECK(blocks_after == blocks_before);
        }
    } else {
        CHECK(out_length == want_length);
        /* the reference: the known answer, or the software's for the drawn IV */
        pp_td_reset();
        if (encrypt) {
            memcpy(ref, out, k->iv_length);
            software_encrypt(id, k->alg, out, k->iv_length, ref + k->iv_length);
            if (k->iv_length == 0) {
                CHECK_MEM(ref, k->iv_ct, 32);   /* ECB: the known answer itself */
            }
        } else {
            memcpy(ref, sp_pt, 32);
        }
        if (mode == PP_TD_CORRUPT) {
            CHECK(bits_differ(out, ref, want_length) == 1u);   /* the driver's own result */
            if (encrypt) {
                CHECK_MEM(out, ref, k->iv_length);   /* the IV is the front end's */
            }
        } else {
            CHECK_MEM(out, ref, want_length);
        }
        /* the software's modes ran (in the front end or inside the driver) */
        CHECK(blocks_after > blocks_before);
        if (!in_place) {
            CHECK(buf[want_length] == 0x5c);   /* nothing written past the result */
        }
    }
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
}

/* The AES blocks each path computes: the software's modes run once, in the
 * front end (DECLINE) or inside the driver (SOFTWARE), never both. */
static void block_counts(void)
{
    size_t k;
    for (k = 0; k < sizeof(kats) / sizeof(kats[0]); k++) {
        psa_key_id_t id = aes_key(kats[k].alg);
        uint8_t out[MAXLEN];
        size_t n = 0;
        unsigned declined_blocks, driver_blocks;
        pp_td_reset();
        pp_td.mode[PP_TD_AES_SET_KEY] = PP_TD_SOFTWARE;
        pp_td.mode[PP_TD_AES_ECB] = PP_TD_SOFTWARE;
        pp_td.aes_only_length = sizeof(sp_key);
        CHECK_STATUS(psa_cipher_decrypt(id, kats[k].alg, kats[k].iv_ct, kats[k].iv_length + 32u,
                                        out, sizeof(out), &n),
                     PSA_SUCCESS);
        declined_blocks = pp_td.calls[PP_TD_AES_ECB];
        CHECK(declined_blocks > 0);
        CHECK(pp_td.calls[PP_TD_CIPHER_DECRYPT] == 1u);
        pp_td.calls[PP_TD_AES_ECB] = 0;
        pp_td.mode[PP_TD_CIPHER_DECRYPT] = PP_TD_SOFTWARE;
        CHECK_STATUS(psa_cipher_decrypt(id, kats[k].alg, kats[k].iv_ct, kats[k].iv_length + 32u,
                                        out, sizeof(out), &n),
                     PSA_SUCCESS);
        driver_blocks = pp_td.calls[PP_TD_AES_ECB];
        CHECK(driver_blocks == declined_blocks);   /* once, inside the driver */
        CHECK(n == 32 && memcmp(out, sp_pt, 32) == 0);
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    }
}

/* A driver's decryption with a short output reports BUFFER_TOO_SMALL
 * itself (its check, the contract says): the front end wipes and passes
 * it on, no fallback. */
static void short_output(void)
{
    psa_key_id_t id = aes_key(PSA_ALG_CBC_NO_PADDING);
    uint8_t out[31];
    size_t n = 7;
    pp_td_reset();
    pp_td.mode[PP_TD_CIPHER_DECRYPT] = PP_TD_SOFTWARE;
    memset(out, 0x11, sizeof(out));
    CHECK_STATUS(psa_cipher_decrypt(id, PSA_ALG_CBC_NO_PADDING, kats[1].iv_ct, 48, out,
                                    sizeof(out), &n),
                 PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK(n == 0 && test_all_zero(out, sizeof(out)));
    CHECK(pp_td.calls[PP_TD_CIPHER_DECRYPT] == 1u);
    /* the front end's own checks come first: a partial block never reaches a driver */
    CHECK_STATUS(psa_cipher_decrypt(id, PSA_ALG_CBC_NO_PADDING, kats[1].iv_ct, 47, out,
                                    sizeof(out), &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK(pp_td.calls[PP_TD_CIPHER_DECRYPT] == 1u);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
}

/* ---- the multipart operation (PSA 1.2 10.4.3) ---------------------------- */

#define MP_PT 40u    /* CBC-PKCS#7: update writes 32, finish 16 (decryption: 32, 8) */
#define MP_CT 48u
static const uint8_t mp_iv[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
static uint8_t mp_pt[MP_PT], mp_ct[MP_CT];

/* setup, set_iv, update, finish on (in, in_length) into out; each status
 * kept; stops at the first error (the operation is then aborted by the
 * front end) and checks that the next step says BAD_STATE. */
typedef struct {
    psa_status_t setup, set_iv, update, finish, after;
    size_t n1, n2;
} mp_result;

static mp_result mp_run(psa_key_id_t id, psa_algorithm_t alg, int encrypt, const uint8_t *iv,
                        uint8_t *in, size_t in_length, uint8_t *out)
{
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    mp_result r;
    uint8_t scratch[16];
    size_t n = 0;
    memset(&r, 0, sizeof(r));
    r.n1 = r.n2 = 7;
    r.set_iv = r.update = r.finish = r.after = PSA_ERROR_GENERIC_ERROR;   /* not reached */
    r.setup = encrypt ? psa_cipher_encrypt_setup(&op, id, alg)
                      : psa_cipher_decrypt_setup(&op, id, alg);
    if (r.setup == PSA_SUCCESS) {
        r.set_iv = psa_cipher_set_iv(&op, iv, 16);
    }
    if (r.set_iv == PSA_SUCCESS) {
        r.update = psa_cipher_update(&op, in, in_length, out, MAXLEN, &r.n1);
    }
    if (r.update == PSA_SUCCESS) {
        r.finish = psa_cipher_finish(&op, out + r.n1, MAXLEN - r.n1, &r.n2);
    } else if (r.set_iv == PSA_SUCCESS) {
        r.after = psa_cipher_finish(&op, scratch, sizeof(scratch), &n);
    } else {
        r.after = psa_cipher_update(&op, in, 16, scratch, sizeof(scratch), &n);
    }
    CHECK_STATUS(psa_cipher_abort(&op), PSA_SUCCESS);
    return r;
}

static void mp_steer(pp_td_entry setup, pp_td_entry entry, pp_td_mode mode, psa_status_t fs)
{
    pp_td_reset();
    pp_td.mode[PP_TD_AES_SET_KEY] = PP_TD_SOFTWARE;
    pp_td.mode[PP_TD_AES_ECB] = PP_TD_SOFTWARE;
    pp_td.aes_only_length = sizeof(sp_key);
    pp_td.mode[setup] = PP_TD_SOFTWARE;
    pp_td.mode[PP_TD_CIPHER_SET_IV] = PP_TD_SOFTWARE;
    pp_td.mode[PP_TD_CIPHER_UPDATE] = PP_TD_SOFTWARE;
    pp_td.mode[PP_TD_CIPHER_FINISH] = PP_TD_SOFTWARE;
    pp_td.mode[entry] = mode;
    pp_td.fail_status = fs;
}

static void mp_case(int encrypt, pp_td_entry entry, pp_td_mode mode, psa_status_t fs,
                    int in_place)
{
    pp_td_entry setup = encrypt ? PP_TD_CIPHER_ENCRYPT_SETUP : PP_TD_CIPHER_DECRYPT_SETUP;
    psa_key_id_t id = aes_key(PSA_ALG_CBC_PKCS7);
    uint8_t in[MAXLEN], buf[MAXLEN];
    uint8_t *out = in_place ? in : buf;
    const uint8_t *ref = encrypt ? mp_ct : mp_pt;
    size_t in_length = encrypt ? MP_PT : MP_CT, ref_length = encrypt ? MP_CT : MP_PT;
    /* a driver step's error after setup: NOT_SUPPORTED too (no fallback) */
    int error_step = (mode == PP_TD_DECLINE || mode == PP_TD_FAIL ||
                      (mode == PP_TD_WRONG_LENGTH &&
                       (entry == PP_TD_CIPHER_UPDATE || entry == PP_TD_CIPHER_FINISH)));
    psa_status_t want = mode == PP_TD_DECLINE ? PSA_ERROR_NOT_SUPPORTED
                        : mode == PP_TD_FAIL  ? fs
                                              : PSA_ERROR_CORRUPTION_DETECTED;
    int owned = !(entry == setup && (mode == PP_TD_DECLINE || mode == PP_TD_FAIL));
    unsigned blocks_before;
    mp_result r;
    memcpy(in, encrypt ? mp_pt : mp_ct, in_length);
    memset(buf, 0x5c, sizeof(buf));
    mp_steer(setup, entry, mode, fs);
    blocks_before = pp_td.calls[PP_TD_AES_ECB];
    r = mp_run(id, PSA_ALG_CBC_PKCS7, encrypt, mp_iv, in, in_length, out);
    CHECK(pp_td.calls[setup] == 1u);   /* the driver was asked at setup */
    CHECK(pp_td.calls[PP_TD_CIPHER_ABORT] == (owned ? 1u : 0u));   /* once per owned operation */
    if (entry == setup && mode == PP_TD_DECLINE) {
        /* the software runs it: the same answer, the driver not asked again */
        CHECK_STATUS(r.finish, PSA_SUCCESS);
        CHECK(r.n1 + r.n2 == ref_length);
        CHECK_MEM(out, ref, ref_length);
        CHECK(pp_td.calls[PP_TD_CIPHER_UPDATE] == 0 && pp_td.calls[PP_TD_CIPHER_SET_IV] == 0);
        CHECK(pp_td.calls[PP_TD_AES_ECB] > blocks_before);
    } else if (entry == setup && mode == PP_TD_FAIL) {
        CHECK_STATUS(r.setup, fs);   /* unchanged, no fallback */
        CHECK_STATUS(r.after, PSA_ERROR_BAD_STATE);
        CHECK(pp_td.calls[PP_TD_AES_ECB] == blocks_before);
    } else if (error_step && entry == PP_TD_CIPHER_SET_IV) {
        CHECK_STATUS(r.setup, PSA_SUCCESS);
        CHECK_STATUS(r.set_iv, want);
        CHECK_STATUS(r.after, PSA_ERROR_BAD_STATE);   /* aborted: the error state */
        CHECK(pp_td.calls[PP_TD_CIPHER_UPDATE] == 0);
    } else if (error_step && entry == PP_TD_CIPHER_UPDATE) {
        CHECK_STATUS(r.update, want);
        CHECK(r.n1 == 0 && test_all_zero(out, MAXLEN));
        CHECK_STATUS(r.after, PSA_ERROR_BAD_STATE);
        if (mode != PP_TD_WRONG_LENGTH) {
            CHECK(pp_td.calls[PP_TD_AES_ECB] == blocks_before);   /* no software fallback */
        }
    } else if (error_step && entry == PP_TD_CIPHER_FINISH) {
        CHECK_STATUS(r.update, PSA_SUCCESS);
        CHECK_STATUS(r.finish, want);
        CHECK(r.n2 == 0 && test_all_zero(out + r.n1, MAXLEN - r.n1));
    } else {
        /* the driver ran every step: its result (corrupted where told) */
        CHECK_STATUS(r.finish, PSA_SUCCESS);
        CHECK(r.n1 + r.n2 == ref_length);
        CHECK(bits_differ(out, ref, ref_length) ==
              (mode == PP_TD_CORRUPT &&
               (entry == PP_TD_CIPHER_UPDATE || entry == PP_TD_CIPHER_FINISH) ? 1u : 0u));
        CHECK(pp_td.calls[PP_TD_CIPHER_UPDATE] == 1u && pp_td.calls[PP_TD_CIPHER_FINISH] == 1u);
        if (!in_place) {
            CHECK(buf[ref_length] == 0x5c);
        }
    }
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
}

static void multipart(void)
{
    static const pp_td_entry steps[] = { PP_TD_CIPHER_ENCRYPT_SETUP, PP_TD_CIPHER_SET_IV,
                                         PP_TD_CIPHER_UPDATE, PP_TD_CIPHER_FINISH };
    psa_key_id_t id = aes_key(PSA_ALG_CBC_PKCS7);
    uint8_t in[MAXLEN];
    mp_result r;
    size_t s, m, f;
    int encrypt, in_place;
    /* the reference, no driver: SP 800-38A F.2.1's blocks, then PKCS#7 */
    memcpy(mp_pt, sp_pt, 32);
    memcpy(mp_pt + 32, "picopsa!", 8);
    pp_td_reset();
    memcpy(in, mp_pt, MP_PT);
    r = mp_run(id, PSA_ALG_CBC_PKCS7, 1, mp_iv, in, MP_PT, mp_ct);
    CHECK_STATUS(r.finish, PSA_SUCCESS);
    CHECK(r.n1 == 32 && r.n2 == 16);
    CHECK_MEM(mp_ct, kats[1].iv_ct + 16, 32);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    for (encrypt = 1; encrypt >= 0; encrypt--) {
        for (s = 0; s < sizeof(steps) / sizeof(steps[0]); s++) {
            pp_td_entry entry = s == 0 && !encrypt ? PP_TD_CIPHER_DECRYPT_SETUP : steps[s];
            for (m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
                for (in_place = 0; in_place <= 1; in_place++) {
                    for (f = 0; f < (modes[m] == PP_TD_FAIL ? 2u : 1u); f++) {
                        mp_case(encrypt, entry, modes[m], fail_statuses[f], in_place);
                    }
                }
            }
        }
    }
}

int main(void)
{
    pp_td_reset();   /* the AES engine declines until a case steers it */
    static const pp_td_entry entries[] = { PP_TD_CIPHER_ENCRYPT, PP_TD_CIPHER_DECRYPT };
    size_t e, m, k, f;
    int in_place;
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    for (e = 0; e < sizeof(entries) / sizeof(entries[0]); e++) {
        for (m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
            for (k = 0; k < sizeof(kats) / sizeof(kats[0]); k++) {
                for (in_place = 0; in_place <= 1; in_place++) {
                    for (f = 0; f < (modes[m] == PP_TD_FAIL ? 2u : 1u); f++) {
                        one_case(entries[e], modes[m], fail_statuses[f], &kats[k], in_place);
                    }
                }
            }
        }
    }
    block_counts();
    short_output();
    multipart();
    pp_td_reset();
    return test_report("driver_cipher");
}
#else
int main(void)
{
    return test_skip("driver_cipher", "AES ECB, CBC or CTR not built");
}
#endif
