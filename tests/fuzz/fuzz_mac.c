/*
 * fuzz_mac.c -- the PSA MAC API (PSA Crypto API 1.2 10.3) with HMAC and
 * CMAC for any key, truncation, policy, message and way of cutting it into
 * updates (issue 22: the API fuzzer extended to the MAC API).
 *
 * Input layout (all choices come from the fuzzer):
 *   byte 0   mechanism (mod 8): HMAC-SHA-1/224/256/384/512, AES-128/192/
 *            256-CMAC
 *   byte 1   bits 0-5 the MAC length L (0: the full length, else
 *            PSA_ALG_TRUNCATED_MAC(alg, L)), bit 7: the key's policy is
 *            PSA_ALG_AT_LEAST_THIS_LENGTH_MAC(alg, byte 2 % 63 + 1), else
 *            the operation's algorithm
 *   byte 2   that minimum length
 *   byte 3   HMAC key length - 1 (CMAC: the AES key size); a key beyond
 *            PICOPSA_HMAC_MAX_KEY_BYTES may be NOT_SUPPORTED at import
 *   byte 4   bit 0 verify a tag with one bit flipped (bits 1-7: its byte),
 *            bit 1 compute into a buffer one byte short first, bit 2
 *            verify a tag one byte short
 *   byte 5   number of cuts (mod 9), then 2 bytes per cut (little-endian
 *            piece lengths, mod what is left)
 *   then the key, and the rest is the message.
 *
 * Oracles (a violation prints what and aborts):
 *  - every status is the model's and in the function's list of 10.3:
 *    SUCCESS for a valid, permitted algorithm; INVALID_ARGUMENT for a MAC
 *    length beyond the full one (10.3.1), NOT_SUPPORTED below 4 bytes
 *    (src/core/psa_mac.c's floor); NOT_PERMITTED outside the policy;
 *  - psa_mac_compute writes exactly PSA_MAC_LENGTH bytes, equal to OpenSSL
 *    (HMAC(), EVP_MAC "CMAC") truncated, and refuses a buffer one byte
 *    short with BUFFER_TOO_SMALL; the multi-part MAC over the cuts is the
 *    same; psa_mac_verify and the multi-part verify accept it, and refuse
 *    a flipped bit or a shorter tag with INVALID_SIGNATURE.
 * Every output buffer is its own exactly sized heap block (ASan).
 */
#include <psa/crypto.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_config.h"
#include "fuzz_sym.h"

#define FZ_MAX_DATA 4096u

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
const char *fuzz_skip_reason(void);

static psa_key_type_t cur_type;
static psa_algorithm_t cur_alg;
static size_t cur_key_len, cur_len;

static void fail(const char *what, psa_status_t status)
{
    fprintf(stderr, "fuzz_mac: %s (status %d; key type 0x%04x, %zu-byte key, alg 0x%08lx, message %zu)\n", what,
            (int)status, (unsigned)cur_type, cur_key_len, (unsigned long)cur_alg, cur_len);
    abort();
}

#define FZ_CHECK(cond, what, status) \
    do {                             \
        if (!(cond)) {               \
            fail(what, status);      \
        }                            \
    } while (0)

/* psa_mac_compute (10.3.2): SUCCESS, INVALID_HANDLE, NOT_PERMITTED,
 * INVALID_ARGUMENT, NOT_SUPPORTED, BUFFER_TOO_SMALL + common;
 * psa_mac_verify the same with INVALID_SIGNATURE for BUFFER_TOO_SMALL. */
static void check_status(psa_status_t s, int verify, const char *fn)
{
    if (s == PSA_SUCCESS || s == PSA_ERROR_INVALID_HANDLE || s == PSA_ERROR_NOT_PERMITTED ||
        s == PSA_ERROR_INVALID_ARGUMENT || s == PSA_ERROR_NOT_SUPPORTED ||
        (verify ? s == PSA_ERROR_INVALID_SIGNATURE : s == PSA_ERROR_BUFFER_TOO_SMALL) || fz_is_common_error(s)) {
        return;
    }
    fail(fn, s);
}

static void openssl_mac(psa_algorithm_t hash, const uint8_t *key, const uint8_t *msg, uint8_t *out)
{
    if (cur_type == PSA_KEY_TYPE_HMAC) {
        const EVP_MD *md = hash == PSA_ALG_SHA_1     ? EVP_sha1()
                           : hash == PSA_ALG_SHA_224 ? EVP_sha224()
                           : hash == PSA_ALG_SHA_256 ? EVP_sha256()
                           : hash == PSA_ALG_SHA_384 ? EVP_sha384()
                                                     : EVP_sha512();
        unsigned int n = 0;
        FZ_CHECK(HMAC(md, key, (int)cur_key_len, msg, cur_len, out, &n) != NULL, "OpenSSL HMAC", PSA_SUCCESS);
    } else {
        EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
        EVP_MAC_CTX *ctx = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
        char *cipher = (char *)(cur_key_len == 16 ? "AES-128-CBC" : cur_key_len == 24 ? "AES-192-CBC" : "AES-256-CBC");
        OSSL_PARAM params[2];
        size_t n = 0;
        int ok;
        params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, cipher, 0);
        params[1] = OSSL_PARAM_construct_end();
        ok = ctx != NULL && EVP_MAC_init(ctx, key, cur_key_len, params) == 1 &&
             EVP_MAC_update(ctx, msg, cur_len) == 1 && EVP_MAC_final(ctx, out, &n, 16) == 1 && n == 16;
        EVP_MAC_CTX_free(ctx);
        EVP_MAC_free(mac);
        FZ_CHECK(ok, "OpenSSL CMAC", PSA_SUCCESS);
    }
}

static int initialised;

const char *fuzz_skip_reason(void)
{
    return PSA_WANT_ALG_HMAC || PSA_WANT_ALG_CMAC ? NULL : "no MAC built";
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (psa_crypto_init() != PSA_SUCCESS) {
        return 1;
    }
    initialised = 1;
    return 0;
}

/* Multi-part: setup, updates over the cuts, then sign_finish into an
 * exactly sized block (tag != NULL: verify_finish of tag, tag_len). */
static psa_status_t multi(psa_key_id_t key, const uint8_t *msg, size_t n_cuts, const uint8_t *le, uint8_t *mac,
                          size_t mac_size, size_t *mac_len, const uint8_t *tag, size_t tag_len)
{
    psa_mac_operation_t op = psa_mac_operation_init();
    size_t pos = 0, i;
    psa_status_t s = tag != NULL ? psa_mac_verify_setup(&op, key, cur_alg) : psa_mac_sign_setup(&op, key, cur_alg);
    FZ_CHECK(s == PSA_SUCCESS, "psa_mac_*_setup", s);
    for (i = 0; i <= n_cuts; i++) {
        size_t piece = i < n_cuts ? ((size_t)le[2 * i] | ((size_t)le[2 * i + 1] << 8)) % (cur_len - pos + 1)
                                  : cur_len - pos;
        s = psa_mac_update(&op, msg + pos, piece);
        FZ_CHECK(s == PSA_SUCCESS, "psa_mac_update", s);
        pos += piece;
    }
    if (tag != NULL) {
        s = psa_mac_verify_finish(&op, tag, tag_len);
    } else {
        s = psa_mac_sign_finish(&op, mac, mac_size, mac_len);
    }
    if (s != PSA_SUCCESS) {
        FZ_CHECK(psa_mac_abort(&op) == PSA_SUCCESS, "psa_mac_abort", s);
    }
    return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const psa_algorithm_t hashes[5] = {PSA_ALG_SHA_1, PSA_ALG_SHA_224, PSA_ALG_SHA_256, PSA_ALG_SHA_384,
                                              PSA_ALG_SHA_512};
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t key = PSA_KEY_ID_NULL;
    psa_algorithm_t base, hash = PSA_ALG_NONE, policy;
    size_t full, trunc, min_len, n_cuts, header, mac_size, mac_len = 0;
    const uint8_t *key_bytes, *msg;
    uint8_t ref[64], *mac, *mac2;
    unsigned mech, flags;
    int built, valid, permitted;
    psa_status_t s, want;

    if (!initialised && LLVMFuzzerInitialize(NULL, NULL) != 0) {
        abort();
    }
    if (size < 6) {
        return 0;
    }
    mech = data[0] % 8u;
    if (mech < 5u) {
        hash = hashes[mech];
        base = PSA_ALG_HMAC(hash);
        cur_type = PSA_KEY_TYPE_HMAC;
        cur_key_len = (size_t)data[3] + 1u;
        full = PSA_HASH_LENGTH(hash);
        built = PSA_WANT_ALG_HMAC && test_hash_built(hash);
    } else {
        base = PSA_ALG_CMAC;
        cur_type = PSA_KEY_TYPE_AES;
        cur_key_len = 16u + 8u * (mech - 5u);
        full = 16;
        built = PSA_WANT_ALG_CMAC;
    }
    trunc = (size_t)(data[1] & 0x3fu);   /* the 6-bit length field of 10.3.3 */
    min_len = (size_t)(data[2] % 63u) + 1u;   /* 1..63: the 6-bit field */
    flags = data[4];
    n_cuts = (size_t)(data[5] % 9u);
    header = 6 + 2 * n_cuts;
    if (size < header + cur_key_len) {
        return 0;
    }
    key_bytes = data + header;
    msg = key_bytes + cur_key_len;
    cur_len = size - header - cur_key_len;
    cur_len = cur_len < FZ_MAX_DATA ? cur_len : FZ_MAX_DATA;
    cur_alg = trunc == 0 ? base : PSA_ALG_TRUNCATED_MAC(base, trunc);
    policy = (data[1] & 0x80u) ? PSA_ALG_AT_LEAST_THIS_LENGTH_MAC(base, min_len) : cur_alg;
    /* 10.3.1: longer than the MAC is invalid; picopsa refuses below 4 */
    valid = trunc <= full;
    want = trunc > full ? PSA_ERROR_INVALID_ARGUMENT : trunc != 0 && trunc < 4u ? PSA_ERROR_NOT_SUPPORTED : PSA_SUCCESS;
    permitted = !(data[1] & 0x80u) || (trunc == 0 ? full : trunc) >= min_len;

    psa_set_key_type(&attr, cur_type);
    psa_set_key_bits(&attr, cur_key_len * 8u);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&attr, policy);
    s = psa_import_key(&attr, key_bytes, cur_key_len, &key);
    if (!built) {
        if (s == PSA_SUCCESS) {
            uint8_t o[PSA_MAC_MAX_SIZE];
            size_t olen = 0;
            s = psa_mac_compute(key, cur_alg, msg, cur_len, o, sizeof(o), &olen);
            FZ_CHECK(s != PSA_SUCCESS, "a configured-out MAC succeeded", s);
            check_status(s, 0, "psa_mac_compute (configured out): status outside 10.3.2");
            (void)psa_destroy_key(key);
        }
        return 0;
    }
    if (s != PSA_SUCCESS) {
        /* only a policy algorithm that is itself invalid, or an HMAC key
         * longer than the configuration stores, may be refused */
        FZ_CHECK(s == PSA_ERROR_INVALID_ARGUMENT || s == PSA_ERROR_NOT_SUPPORTED, "psa_import_key: status", s);
        FZ_CHECK(((data[1] & 0x80u) ? min_len > full : want != PSA_SUCCESS) ||
                     (cur_type == PSA_KEY_TYPE_HMAC && cur_key_len > PICOPSA_HMAC_MAX_KEY_BYTES &&
                      s == PSA_ERROR_NOT_SUPPORTED),
                 "psa_import_key refused a MAC key", s);
        return 0;
    }
    mac_size = valid ? PSA_MAC_LENGTH(cur_type, cur_key_len * 8u, cur_alg) : PSA_MAC_MAX_SIZE;
    if ((flags & 2u) && want == PSA_SUCCESS && permitted) {
        size_t olen = 12345;
        uint8_t *o = fz_block(mac_size - 1u);
        s = psa_mac_compute(key, cur_alg, msg, cur_len, o, mac_size - 1u, &olen);
        FZ_CHECK(s == PSA_ERROR_BUFFER_TOO_SMALL && olen == 0, "psa_mac_compute into a buffer one byte short", s);
        free(o);
    }
    mac = fz_block(mac_size);
    s = psa_mac_compute(key, cur_alg, msg, cur_len, mac, mac_size, &mac_len);
    check_status(s, 0, "psa_mac_compute: status outside 10.3.2");
    if (want != PSA_SUCCESS) {
        FZ_CHECK(s == want || s == PSA_ERROR_NOT_PERMITTED, "psa_mac_compute of an invalid MAC length", s);
        goto out;
    }
    if (!permitted) {
        FZ_CHECK(s == PSA_ERROR_NOT_PERMITTED, "psa_mac_compute outside the policy", s);
        goto out;
    }
    FZ_CHECK(s == PSA_SUCCESS && mac_len == mac_size, "psa_mac_compute: not PSA_MAC_LENGTH bytes", s);
    openssl_mac(hash, key_bytes, msg, ref);
    FZ_CHECK(memcmp(ref, mac, mac_len) == 0, "MAC differs from OpenSSL", s);

    mac2 = fz_block(mac_size);
    s = multi(key, msg, n_cuts, data + 6, mac2, mac_size, &mac_len, NULL, 0);
    FZ_CHECK(s == PSA_SUCCESS && mac_len == mac_size && memcmp(mac2, mac, mac_size) == 0,
             "multi-part MAC != one-shot", s);
    s = psa_mac_verify(key, cur_alg, msg, cur_len, mac, mac_size);
    FZ_CHECK(s == PSA_SUCCESS, "psa_mac_verify of its own MAC", s);
    s = multi(key, msg, n_cuts, data + 6, NULL, 0, NULL, mac, mac_size);
    FZ_CHECK(s == PSA_SUCCESS, "psa_mac_verify_finish of its own MAC", s);
    if (flags & 1u) {
        memcpy(mac2, mac, mac_size);
        mac2[(flags >> 1) % mac_size] ^= (uint8_t)(1u << (data[3] & 7u));
        s = psa_mac_verify(key, cur_alg, msg, cur_len, mac2, mac_size);
        FZ_CHECK(s == PSA_ERROR_INVALID_SIGNATURE, "psa_mac_verify accepted a flipped bit", s);
        s = multi(key, msg, n_cuts, data + 6, NULL, 0, NULL, mac2, mac_size);
        FZ_CHECK(s == PSA_ERROR_INVALID_SIGNATURE, "psa_mac_verify_finish accepted a flipped bit", s);
    }
    if (flags & 4u) {
        /* 10.3.2 psa_mac_verify: INVALID_SIGNATURE, a tag of the wrong length */
        s = psa_mac_verify(key, cur_alg, msg, cur_len, mac, mac_size - 1u);
        FZ_CHECK(s == PSA_ERROR_INVALID_SIGNATURE, "psa_mac_verify accepted a short tag", s);
        s = multi(key, msg, n_cuts, data + 6, NULL, 0, NULL, mac, mac_size - 1u);
        FZ_CHECK(s == PSA_ERROR_INVALID_SIGNATURE, "psa_mac_verify_finish accepted a short tag", s);
    }
    free(mac2);
out:
    free(mac);
    s = psa_destroy_key(key);
    FZ_CHECK(s == PSA_SUCCESS, "psa_destroy_key", s);
    return 0;
}
