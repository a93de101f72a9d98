/*
 * fw_lms.c -- firmware known-answer tests and timings of LMS / HSS
 * verification through the PSA API (1.3 PQC extension 2.5): RFC 8554
 * appendix F test cases 1 and 2 (HSS, L = 2, SHA-256 n = 32) and the
 * generated SHA-256/192 H5 / W8 LMS vector (tools/lms_vectors.py), each
 * imported and verified with psa_verify_message, and refused with one
 * signature bit flipped. Built with PSA_WANT_ALG_LMS and PSA_WANT_ALG_HSS
 * (off by default on MCUs: configs/lms_verify_only.h turns them on; the
 * embedded flow runs it as emb-config-<target>@lms_verify_only).
 * Measurement ids (docs/lms.md):
 *   hss_verify_tc1 (L = 2, both levels H5 / W8),
 *   hss_verify_tc2 (H10 / W4 over H5 / W8),
 *   lms_verify_n24_w8 (one LMS_SHA256_M24_H5 / LMOTS_SHA256_N24_W8 level).
 */
#include <string.h>

#include <picopsa/config.h>
#include <psa/crypto.h>

#include "fw_tests.h"

#if PSA_WANT_ALG_LMS && PSA_WANT_ALG_HSS

#include "fw_lms_vectors.h"

static uint8_t sig_copy[3860];

static psa_key_id_t import(psa_key_type_t type, psa_algorithm_t alg, const uint8_t *pk,
                           size_t pk_len, const char *what)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    psa_set_key_type(&a, type);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&a, alg);
    fw_check_int(psa_import_key(&a, pk, pk_len, &id), PSA_SUCCESS, what);
    return id;
}

/* A flipped signature bit must be refused. */
static void flipped(psa_key_id_t id, psa_algorithm_t alg, const uint8_t *msg, size_t msg_len,
                    const uint8_t *sig, size_t sig_len, const char *what)
{
    memcpy(sig_copy, sig, sig_len);
    sig_copy[sig_len / 2] ^= 0x10u;
    fw_check_int(psa_verify_message(id, alg, msg, msg_len, sig_copy, sig_len),
                 PSA_ERROR_INVALID_SIGNATURE, what);
}

FW_TEST(fw_75_lms)
{
    psa_status_t status;
    psa_key_id_t id;

    id = import(PSA_KEY_TYPE_HSS_PUBLIC_KEY, PSA_ALG_HSS, tc1_pk, sizeof(tc1_pk), "tc1 import");
    FW_MEASURE("hss_verify_tc1", status = psa_verify_message(id, PSA_ALG_HSS, tc1_msg,
                                                             sizeof(tc1_msg), tc1_sig,
                                                             sizeof(tc1_sig)));
    fw_check_int(status, PSA_SUCCESS, "RFC 8554 test case 1");
    flipped(id, PSA_ALG_HSS, tc1_msg, sizeof(tc1_msg), tc1_sig, sizeof(tc1_sig), "tc1 flip");
    fw_check_int(psa_destroy_key(id), PSA_SUCCESS, "tc1 destroy");

    id = import(PSA_KEY_TYPE_HSS_PUBLIC_KEY, PSA_ALG_HSS, tc2_pk, sizeof(tc2_pk), "tc2 import");
    FW_MEASURE("hss_verify_tc2", status = psa_verify_message(id, PSA_ALG_HSS, tc2_msg,
                                                             sizeof(tc2_msg), tc2_sig,
                                                             sizeof(tc2_sig)));
    fw_check_int(status, PSA_SUCCESS, "RFC 8554 test case 2");
    flipped(id, PSA_ALG_HSS, tc2_msg, sizeof(tc2_msg), tc2_sig, sizeof(tc2_sig), "tc2 flip");
    fw_check_int(psa_destroy_key(id), PSA_SUCCESS, "tc2 destroy");

    /* The L = 1 vector without L and Nspk: an LMS key and signature. */
    id = import(PSA_KEY_TYPE_LMS_PUBLIC_KEY, PSA_ALG_LMS, n24_pk + 4, sizeof(n24_pk) - 4u,
                "n24 import");
    FW_MEASURE("lms_verify_n24_w8",
               status = psa_verify_message(id, PSA_ALG_LMS, n24_msg, sizeof(n24_msg),
                                           n24_sig + 4, sizeof(n24_sig) - 4u));
    fw_check_int(status, PSA_SUCCESS, "LMS SHA-256/192 H5 W8");
    flipped(id, PSA_ALG_LMS, n24_msg, sizeof(n24_msg), n24_sig + 4, sizeof(n24_sig) - 4u,
            "n24 flip");
    fw_check_int(psa_destroy_key(id), PSA_SUCCESS, "n24 destroy");
    fw_timing("HSS test case 1 (2 x H5/W8) took {hss_verify_tc1} cycles, "
              "{hss_verify_tc1.stack} B of stack");
    fw_timing("HSS test case 2 (H10/W4 + H5/W8) took {hss_verify_tc2} cycles, "
              "{hss_verify_tc2.stack} B of stack");
    fw_timing("LMS SHA-256/192 H5/W8 took {lms_verify_n24_w8} cycles, "
              "{lms_verify_n24_w8.stack} B of stack");
}

#else
typedef int fw_lms_unused_t;
#endif
