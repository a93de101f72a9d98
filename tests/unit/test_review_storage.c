/*
 * test_review_storage.c -- review findings (docs/reviews/issues11-16.md)
 * on persistent keys over the host ITS backend. Each check states the
 * behaviour the spec requires; on the code of main 2ebb414 they fail.
 *
 * All four are fixed (docs/reviews/issues11-16.md, Status): a reproduced
 * finding prints "REVIEW FINDING reproduced" and fails the test (exit 1).
 *
 *  R1  psa_its_get(key id) returns the stored record of a persistent key
 *      whose policy has no PSA_KEY_USAGE_EXPORT: the key material in the
 *      clear (spec 9.5.2: EXPORT is what allows reading the material).
 *  R2  psa_its_set(key id) forges a key record: a key with any policy
 *      (here: EXPORT) appears under that id.
 *  R3  psa_destroy_key(id) of an application ITS object that is not a key
 *      (shared uid namespace) erases it and reports success.
 *  R4  a multi-part MAC whose persistent key was destroyed and re-created
 *      under the same id goes on with the old key (persistent slots all
 *      have serial 0: key_slots.c:315/527, psa_mac.c key_gone), against
 *      spec 9.6.5 (destroying a key in use makes the operation fail).
 */
#define _POSIX_C_SOURCE 200809L

#include <psa/crypto.h>
#include <picopsa/config.h>
#include <picopsa/shutdown.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/pp_its.h"
#include "storage/pp_key_record.h"
#include "test_util.h"

#if PP_ITS_BUILT && PSA_WANT_ALG_HMAC
#include <psa/internal_trusted_storage.h>

#define ID_SECRET 0x3a01u
#define ID_FORGED 0x3a02u
#define ID_APPDATA 0x3a03u
#define ID_MAC 0x3a04u

static int findings;

static void finding(const char *tag, const char *what)
{
    printf("REVIEW FINDING reproduced: %s: %s\n", tag, what);
    findings++;
}

static psa_key_id_t import_hmac(psa_key_id_t id, psa_key_usage_t usage, const uint8_t *key,
                                size_t len)
{
    psa_key_attributes_t a = psa_key_attributes_init();
    psa_key_id_t out = 0;
    psa_set_key_type(&a, PSA_KEY_TYPE_HMAC);
    psa_set_key_usage_flags(&a, usage);
    psa_set_key_algorithm(&a, PSA_ALG_HMAC(PSA_ALG_SHA_256));
    psa_set_key_id(&a, id);
    psa_set_key_lifetime(&a, PSA_KEY_LIFETIME_PERSISTENT);
    CHECK_STATUS(psa_import_key(&a, key, len, &out), PSA_SUCCESS);
    return out;
}

static int contains(const uint8_t *hay, size_t n, const uint8_t *needle, size_t m)
{
    size_t i;
    for (i = 0; i + m <= n; i++) {
        if (memcmp(hay + i, needle, m) == 0) {
            return 1;
        }
    }
    return 0;
}

static void r1_its_reads_unexportable_key(void)
{
    static const uint8_t secret[32] = "non-exportable HMAC key bytes!!";
    uint8_t buf[256], out[64];
    size_t got = 0, olen = 0;
    psa_key_id_t id;
    (void)psa_destroy_key(ID_SECRET);
    id = import_hmac(ID_SECRET, PSA_KEY_USAGE_SIGN_MESSAGE, secret, sizeof(secret));
    /* The PSA API refuses the export ... */
    CHECK_STATUS(psa_export_key(id, out, sizeof(out), &olen), PSA_ERROR_NOT_PERMITTED);
    /* ... but the public ITS API hands out the record. */
    if (psa_its_get(ID_SECRET, 0, sizeof(buf), buf, &got) == PSA_SUCCESS &&
        contains(buf, got, secret, sizeof(secret))) {
        finding("R1", "psa_its_get(key id) returns a non-exportable key's material");
    }
    if (psa_its_get(PP_KEY_RECORD_UID(ID_SECRET), 0, sizeof(buf), buf, &got) !=
        PSA_ERROR_INVALID_ARGUMENT) {
        finding("R1", "psa_its_get reaches a key record's uid");
    }
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
}

static void r2_its_forges_key(void)
{
    static const uint8_t k[16] = "forged key bytes";
    uint8_t rec[PP_KEY_RECORD_HEADER_SIZE + 16], out[16];
    size_t olen = 0, got = 0;
    psa_key_id_t id;
    psa_key_attributes_t a = psa_key_attributes_init();
    (void)psa_destroy_key(ID_FORGED);
    (void)psa_its_remove(ID_FORGED);
    /* A genuine record with a harmless policy (read the internal way),
     * then its usage field (record offset 20) rewritten to EXPORT. */
    id = import_hmac(ID_FORGED, PSA_KEY_USAGE_VERIFY_MESSAGE, k, sizeof(k));
    CHECK_STATUS(psa_export_key(id, out, sizeof(out), &olen), PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(pp_its_get(PP_KEY_RECORD_UID(ID_FORGED), 0, sizeof(rec), rec, &got),
                 PSA_SUCCESS);
    CHECK(got == sizeof(rec));
    rec[20] = (uint8_t)(rec[20] | PSA_KEY_USAGE_EXPORT);
    /* The public API at the record's uid ... */
    if (psa_its_set(PP_KEY_RECORD_UID(ID_FORGED), sizeof(rec), rec, 0) == PSA_SUCCESS) {
        finding("R2", "psa_its_set writes a key record's uid");
    }
    /* ... and at uid = key id (where the first format kept it). */
    if (psa_its_set(ID_FORGED, sizeof(rec), rec, 0) == PSA_SUCCESS) {
        CHECK_STATUS(psa_purge_key(ID_FORGED), PSA_SUCCESS);
        if (psa_get_key_attributes(ID_FORGED, &a) == PSA_SUCCESS &&
            (psa_get_key_usage_flags(&a) & PSA_KEY_USAGE_EXPORT) != 0 &&
            psa_export_key(ID_FORGED, out, sizeof(out), &olen) == PSA_SUCCESS) {
            finding("R2", "psa_its_set(key id) changes a stored key's policy (EXPORT granted)");
        }
        (void)psa_its_remove(ID_FORGED);
    }
    /* A record no creation writes (a volatile lifetime; another key's id)
     * must not load, even when it reaches storage (check at load). */
    rec[20] = (uint8_t)(rec[20] & ~PSA_KEY_USAGE_EXPORT);
    rec[8] = 0;
    (void)psa_purge_key(ID_FORGED);
    CHECK_STATUS(pp_its_set(PP_KEY_RECORD_UID(ID_FORGED), sizeof(rec), rec, 0), PSA_SUCCESS);
    if (psa_mac_verify(ID_FORGED, PSA_ALG_HMAC(PSA_ALG_SHA_256), k, 1, k, 32) !=
        PSA_ERROR_DATA_INVALID) {
        finding("R2", "a key record with a volatile lifetime loads");
    }
    rec[8] = 1;
    rec[32] = (uint8_t)(rec[32] ^ 1u);
    CHECK_STATUS(pp_its_set(PP_KEY_RECORD_UID(ID_FORGED), sizeof(rec), rec, 0), PSA_SUCCESS);
    if (psa_get_key_attributes(ID_FORGED, &a) != PSA_ERROR_DATA_INVALID) {
        finding("R2", "a key record naming another key id loads");
    }
    psa_reset_key_attributes(&a);
    CHECK_STATUS(psa_destroy_key(ID_FORGED), PSA_SUCCESS);
}

static void r3_destroy_erases_app_data(void)
{
    static const uint8_t data[] = "application settings, not a key";
    struct psa_storage_info_t info;
    psa_status_t st;
    (void)psa_its_remove(ID_APPDATA);
    CHECK_STATUS(psa_its_set(ID_APPDATA, sizeof(data), data, 0), PSA_SUCCESS);
    st = psa_destroy_key(ID_APPDATA);
    CHECK_STATUS(st, PSA_ERROR_INVALID_HANDLE);
    if (psa_its_get_info(ID_APPDATA, &info) == PSA_ERROR_DOES_NOT_EXIST) {
        finding("R3", "psa_destroy_key erased an ITS object that was not a key record");
        printf("    (psa_destroy_key returned %d)\n", (int)st);
    }
    (void)psa_its_remove(ID_APPDATA);
}

static void r4_mac_survives_destroy_recreate(void)
{
    static const uint8_t k1[32] = "first key of id 0x3a04 .........";
    static const uint8_t k2[32] = "second key, same id ............";
    psa_mac_operation_t op = psa_mac_operation_init();
    uint8_t mac[32];
    size_t mlen = 0;
    psa_status_t st;
    psa_key_id_t id;
    (void)psa_destroy_key(ID_MAC);
    id = import_hmac(ID_MAC, PSA_KEY_USAGE_SIGN_MESSAGE, k1, sizeof(k1));
    CHECK_STATUS(psa_mac_sign_setup(&op, id, PSA_ALG_HMAC(PSA_ALG_SHA_256)), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, (const uint8_t *)"abc", 3), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    /* A volatile key destroyed here makes the next call fail (BAD_STATE);
     * a persistent one re-created under its id does not. */
    (void)import_hmac(ID_MAC, PSA_KEY_USAGE_SIGN_MESSAGE, k2, sizeof(k2));
    st = psa_mac_update(&op, (const uint8_t *)"def", 3);
    if (st == PSA_SUCCESS) {
        st = psa_mac_sign_finish(&op, mac, sizeof(mac), &mlen);
        if (st == PSA_SUCCESS) {
            finding("R4", "MAC operation finished with a destroyed persistent key (id re-created)");
        }
    }
    CHECK_STATUS(psa_mac_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(ID_MAC), PSA_SUCCESS);

    /* The same with both keys loaded from their records (the creation
     * number comes from storage), and a reload in the middle of a live
     * operation, which must not disturb it. */
    (void)import_hmac(ID_MAC, PSA_KEY_USAGE_SIGN_MESSAGE, k1, sizeof(k1));
    CHECK_STATUS(psa_purge_key(ID_MAC), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_sign_setup(&op, ID_MAC, PSA_ALG_HMAC(PSA_ALG_SHA_256)), PSA_SUCCESS);
    CHECK_STATUS(psa_purge_key(ID_MAC), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, (const uint8_t *)"abc", 3), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(ID_MAC), PSA_SUCCESS);
    (void)import_hmac(ID_MAC, PSA_KEY_USAGE_SIGN_MESSAGE, k2, sizeof(k2));
    CHECK_STATUS(psa_purge_key(ID_MAC), PSA_SUCCESS);
    st = psa_mac_update(&op, (const uint8_t *)"def", 3);
    if (st == PSA_SUCCESS && psa_mac_sign_finish(&op, mac, sizeof(mac), &mlen) == PSA_SUCCESS) {
        finding("R4", "MAC operation finished with a destroyed persistent key (both loaded)");
    }
    CHECK_STATUS(psa_mac_abort(&op), PSA_SUCCESS);
    (void)psa_destroy_key(ID_MAC);
}

int main(void)
{
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    r1_its_reads_unexportable_key();
    r2_its_forges_key();
    r3_destroy_erases_app_data();
    r4_mac_survives_destroy_recreate();
    picopsa_shutdown();
    if (test_failed != 0) {
        return test_report("review_storage");
    }
    if (findings != 0) {
        printf("%d review finding(s) reproduced (docs/reviews/issues11-16.md)\n", findings);
        return 1;   /* a reproduced finding is a failure (fixed: docs/reviews) */
    }
    return test_report("review_storage");
}
#else
int main(void)
{
    return test_skip("review_storage", "no ITS backend or HMAC");
}
#endif
