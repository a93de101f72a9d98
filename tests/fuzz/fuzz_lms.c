/*
 * fuzz_lms.c -- libFuzzer target for LMS / HSS verification (src/lms) and
 * its PSA path (1.3 PQC extension 2.5): psa_import_key of
 * PSA_KEY_TYPE_LMS_PUBLIC_KEY / _HSS_PUBLIC_KEY and psa_verify_message.
 *
 * Input: byte 0 bit 0 picks HSS (1) or LMS (0); bytes 1-2 (big-endian) the
 * public key length k, then k key bytes, bytes 2 more (big-endian) the
 * message length m, m message bytes; the rest is the signature. Short
 * inputs are taken as far as they go.
 *
 * Properties checked (abort() on violation):
 *  - the key imports exactly when pp_lms/hss_public_key_bits accepts it,
 *    with that key_bits, and exports to the same bytes;
 *  - psa_verify_message succeeds exactly when pp_lms/hss_verify does, and
 *    answers INVALID_SIGNATURE otherwise;
 *  - an accepted signature with one bit flipped (its middle byte) is
 *    refused.
 * Out-of-bounds reads are the sanitizers' (ASan) part. Seeds:
 * tests/fuzz/corpus/lms/ (RFC 8554 test case 1, the SHA-256/192 H5 W8 LMS
 * vector, malformed variants), replayed by `make test`.
 */
#include <stdlib.h>
#include <string.h>

#include <psa/crypto.h>
#include <picopsa/config.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
const char *fuzz_skip_reason(void);

#if !(PSA_WANT_ALG_LMS && PSA_WANT_ALG_HSS)
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)data;
    (void)size;
    return 0;
}
const char *fuzz_skip_reason(void)
{
    return "LMS / HSS configured out (PSA_WANT_ALG_LMS or _HSS 0)";
}
#else

#include "lms/lms.h"

const char *fuzz_skip_reason(void)
{
    return NULL;
}

static size_t take_len(const uint8_t **p, size_t *left)
{
    size_t n;
    if (*left < 2) {
        *left = 0;
        return 0;
    }
    n = ((size_t)(*p)[0] << 8) | (*p)[1];
    *p += 2;
    *left -= 2;
    return n < *left ? n : *left;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *p = data, *pk, *msg, *sig;
    size_t left = size, pk_len, msg_len, sig_len, bits, out_len = 0;
    int hss;
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    psa_status_t st;
    uint8_t out[64];
    int ok;

    if (size < 1 || psa_crypto_init() != PSA_SUCCESS) {
        return 0;
    }
    hss = data[0] & 1;
    p++;
    left--;
    pk_len = take_len(&p, &left);
    pk = p;
    p += pk_len;
    left -= pk_len;
    msg_len = take_len(&p, &left);
    msg = p;
    p += msg_len;
    left -= msg_len;
    sig = p;
    sig_len = left;

    bits = hss ? pp_hss_public_key_bits(pk, pk_len) : pp_lms_public_key_bits(pk, pk_len);
    psa_set_key_type(&a, hss ? PSA_KEY_TYPE_HSS_PUBLIC_KEY : PSA_KEY_TYPE_LMS_PUBLIC_KEY);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&a, hss ? PSA_ALG_HSS : PSA_ALG_LMS);
    st = psa_import_key(&a, pk, pk_len, &id);
    if ((st == PSA_SUCCESS) != (bits != 0)) {
        abort();   /* import and the key check disagree */
    }
    ok = (hss ? pp_hss_verify(pk, pk_len, msg, msg_len, sig, sig_len)
              : pp_lms_verify(pk, pk_len, msg, msg_len, sig, sig_len)) == 0;
    if (bits == 0) {
        if (ok || st != PSA_ERROR_INVALID_ARGUMENT) {
            abort();   /* a refused key verified something */
        }
        return 0;
    }
    psa_reset_key_attributes(&a);
    if (psa_get_key_attributes(id, &a) != PSA_SUCCESS || psa_get_key_bits(&a) != bits ||
        psa_export_public_key(id, out, sizeof(out), &out_len) != PSA_SUCCESS ||
        out_len != pk_len || memcmp(out, pk, pk_len) != 0) {
        abort();
    }
    st = psa_verify_message(id, hss ? PSA_ALG_HSS : PSA_ALG_LMS, msg, msg_len, sig, sig_len);
    if (st != (ok ? PSA_SUCCESS : PSA_ERROR_INVALID_SIGNATURE)) {
        abort();
    }
    if (ok && sig_len > 0) {
        uint8_t *copy = malloc(sig_len);
        if (copy == NULL) {
            abort();
        }
        memcpy(copy, sig, sig_len);
        copy[sig_len / 2] ^= 0x04u;
        if (psa_verify_message(id, hss ? PSA_ALG_HSS : PSA_ALG_LMS, msg, msg_len, copy,
                               sig_len) != PSA_ERROR_INVALID_SIGNATURE) {
            abort();   /* a modified signature verified */
        }
        free(copy);
    }
    (void)psa_destroy_key(id);
    return 0;
}
#endif
