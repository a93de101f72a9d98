/*
 * test_storage_keys.c -- persistent keys through the PSA API (issue 13)
 * over the configured ITS backend (the file backend on hosts), and the
 * ITS API itself:
 *  - psa_its_set/get/get_info/remove: partial reads, offset past the end,
 *    WRITE_ONCE, unknown flags, uid 0, missing uids (Storage API 1.0 5.2),
 *    the reserved uids of key records refused (INVALID_ARGUMENT);
 *  - creation attributes: persistent lifetime with no id / a vendor id
 *    (INVALID_ARGUMENT), other persistence levels or locations
 *    (NOT_SUPPORTED), ALREADY_EXISTS for a stored id;
 *  - import, generate and copy into storage for every type built (HMAC,
 *    RAW_DATA, Ed25519 pair and public key, RSA-2048 pair and public key);
 *    each survives picopsa_shutdown() and a new process (this program
 *    re-executes itself with "--second-process") with the same attributes
 *    and the same signatures / MACs / exports;
 *  - destroy erases the record, purge drops only the cached copy,
 *    get_attributes needs no slot (all slots held by volatile keys);
 *  - 50 stored keys used round-robin through the 8 slots, 4 of which are
 *    held by volatile keys (LRU eviction), each MAC checked against OpenSSL;
 *  - damaged records: bad magic / a later version / bad material, and
 *    headers a creation would refuse (another lifetime, another id, an
 *    undefined usage bit, type NONE): DATA_INVALID; a flipped bit in the
 *    file (DATA_CORRUPT), other keys still usable, the damaged ones
 *    destroyable. Records are reached through the internal pp_its_* at
 *    PP_KEY_RECORD_UID(id): the public psa_its_* cannot.
 */
#define _POSIX_C_SOURCE 200809L

#include <psa/crypto.h>
#include <picopsa/config.h>
#include <picopsa/shutdown.h>

#include <dirent.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rsa.h>
#include <openssl/bn.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "storage/pp_its.h"
#include "storage/pp_key_record.h"
#include "test_util.h"

#if PP_ITS_BUILT
#include <psa/internal_trusted_storage.h>

#define ID_HMAC 0x101u
#define ID_RAW 0x102u
#define ID_ED_PAIR 0x103u
#define ID_ED_PUB 0x104u
#define ID_RSA_PAIR 0x105u
#define ID_RSA_PUB 0x106u
#define ID_COPY 0x107u
#define ID_MANY 0x1000u
#define MANY 50u

static const uint8_t msg[] = "persistent keys survive";
static const uint8_t hmac_key[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                     17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};

static const char *its_dir(void)
{
    const char *d = getenv("PICOPSA_ITS_DIR");
    return d != NULL && d[0] != '\0' ? d : "./picopsa-its";
}

/* Start from an empty store (the file backend keeps files across runs). */
static void clear_store(void)
{
#if (PICOPSA_ITS_BACKEND) == PICOPSA_ITS_FILE || (PICOPSA_ITS_BACKEND) == PICOPSA_ITS_FLASH
    /* FLASH on a host: ports/linux/flash_file_linux.c keeps flash.bin here. */
    DIR *d = opendir(its_dir());
    struct dirent *e;
    char path[600];
    if (d == NULL) {
        return;
    }
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] != '.') {
            snprintf(path, sizeof(path), "%s/%s", its_dir(), e->d_name);
            unlink(path);
        }
    }
    closedir(d);
#endif
}

static psa_key_attributes_t persistent_attr(psa_key_id_t id, psa_key_type_t type, size_t bits,
                                            psa_key_usage_t usage, psa_algorithm_t alg)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_set_key_id(&a, id);
    psa_set_key_type(&a, type);
    psa_set_key_bits(&a, bits);
    psa_set_key_usage_flags(&a, usage);
    psa_set_key_algorithm(&a, alg);
    return a;
}

static void test_its_api(void)
{
    uint8_t buf[64], data[40];
    size_t len = 99;
    struct psa_storage_info_t info;
    const psa_storage_uid_t uid = 0x1234567890ull;

    test_rng_bytes(data, sizeof(data));
    CHECK_STATUS(psa_its_get_info(uid, &info), PSA_ERROR_DOES_NOT_EXIST);
    CHECK_STATUS(psa_its_get(uid, 0, 1, buf, &len), PSA_ERROR_DOES_NOT_EXIST);
    CHECK(len == 0);
    CHECK_STATUS(psa_its_remove(uid), PSA_ERROR_DOES_NOT_EXIST);
    CHECK_STATUS(psa_its_set(0, 4, data, 0), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_its_set(uid, 4, NULL, 0), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_its_set(uid, 4, data, 0x80u), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_its_get_info(uid, &info), PSA_ERROR_DOES_NOT_EXIST);

    CHECK_STATUS(psa_its_set(uid, sizeof(data), data, PSA_STORAGE_FLAG_NO_REPLAY_PROTECTION),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_its_get_info(uid, &info), PSA_SUCCESS);
    CHECK(info.size == sizeof(data) && info.capacity == sizeof(data));
    CHECK(info.flags == PSA_STORAGE_FLAG_NO_REPLAY_PROTECTION);
    CHECK_STATUS(psa_its_get(uid, 0, sizeof(buf), buf, &len), PSA_SUCCESS);
    CHECK(len == sizeof(data));
    CHECK_MEM(buf, data, sizeof(data));
    CHECK_STATUS(psa_its_get(uid, 30, 5, buf, &len), PSA_SUCCESS);
    CHECK(len == 5);
    CHECK_MEM(buf, data + 30, 5);
    CHECK_STATUS(psa_its_get(uid, 35, 20, buf, &len), PSA_SUCCESS);   /* clipped */
    CHECK(len == 5);
    CHECK_MEM(buf, data + 35, 5);
    CHECK_STATUS(psa_its_get(uid, 40, 4, buf, &len), PSA_SUCCESS);
    CHECK(len == 0);
    CHECK_STATUS(psa_its_get(uid, 41, 4, buf, &len), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_its_get(uid, 0, 4, buf, NULL), PSA_ERROR_INVALID_ARGUMENT);
    /* Replace with shorter data, then empty data. */
    CHECK_STATUS(psa_its_set(uid, 3, data + 1, 0), PSA_SUCCESS);
    CHECK_STATUS(psa_its_get(uid, 0, sizeof(buf), buf, &len), PSA_SUCCESS);
    CHECK(len == 3);
    CHECK_MEM(buf, data + 1, 3);
    CHECK_STATUS(psa_its_set(uid, 0, NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(psa_its_get_info(uid, &info), PSA_SUCCESS);
    CHECK(info.size == 0);
    CHECK_STATUS(psa_its_remove(uid), PSA_SUCCESS);
    CHECK_STATUS(psa_its_get_info(uid, &info), PSA_ERROR_DOES_NOT_EXIST);

    /* Write-once: neither replaced nor removed (5.2.1, 5.2.4). */
    CHECK_STATUS(psa_its_set(uid + 1, 8, data, PSA_STORAGE_FLAG_WRITE_ONCE), PSA_SUCCESS);
    CHECK_STATUS(psa_its_set(uid + 1, 8, data + 8, 0), PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_its_remove(uid + 1), PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_its_get(uid + 1, 0, 8, buf, &len), PSA_SUCCESS);
    CHECK_MEM(buf, data, 8);
    CHECK_STATUS(psa_its_get_info(uid + 1, &info), PSA_SUCCESS);
    CHECK(info.flags == PSA_STORAGE_FLAG_WRITE_ONCE);

    /* picopsa's own uids (bit 63: key records) are out of reach. */
    len = 99;
    CHECK_STATUS(psa_its_set(PP_ITS_UID_RESERVED | 5u, 4, data, 0), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_its_get(PP_ITS_UID_RESERVED, 0, 1, buf, &len), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(len == 0);
    CHECK_STATUS(psa_its_get_info(~(psa_storage_uid_t)0, &info), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_its_remove(PP_KEY_RECORD_UID(1u)), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_its_get_info(PP_ITS_UID_RESERVED | 5u, &info), PSA_ERROR_DOES_NOT_EXIST);
}

static void test_creation_attributes(void)
{
    psa_key_attributes_t a = persistent_attr(ID_HMAC, PSA_KEY_TYPE_HMAC, 0,
                                             PSA_KEY_USAGE_SIGN_MESSAGE, PSA_ALG_HMAC(PSA_ALG_SHA_256));
    psa_key_id_t id = 5;

    psa_set_key_id(&a, PSA_KEY_ID_NULL);
    CHECK_STATUS(psa_import_key(&a, hmac_key, 32, &id), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(id == PSA_KEY_ID_NULL);
    psa_set_key_id(&a, PSA_KEY_ID_VENDOR_MIN);
    CHECK_STATUS(psa_import_key(&a, hmac_key, 32, &id), PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_id(&a, PSA_KEY_ID_USER_MAX + 1u);
    CHECK_STATUS(psa_import_key(&a, hmac_key, 32, &id), PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_id(&a, ID_HMAC);
    psa_set_key_lifetime(&a, PSA_KEY_LIFETIME_FROM_PERSISTENCE_AND_LOCATION(
                                 PSA_KEY_PERSISTENCE_READ_ONLY, PSA_KEY_LOCATION_LOCAL_STORAGE));
    CHECK_STATUS(psa_import_key(&a, hmac_key, 32, &id), PSA_ERROR_NOT_SUPPORTED);
    psa_set_key_lifetime(&a, PSA_KEY_LIFETIME_FROM_PERSISTENCE_AND_LOCATION(
                                 PSA_KEY_PERSISTENCE_DEFAULT, PSA_KEY_LOCATION_PRIMARY_SECURE_ELEMENT));
    CHECK_STATUS(psa_import_key(&a, hmac_key, 32, &id), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_get_key_attributes(ID_HMAC, &a), PSA_ERROR_INVALID_HANDLE);
    CHECK_STATUS(psa_destroy_key(ID_HMAC), PSA_ERROR_INVALID_HANDLE);
    CHECK_STATUS(psa_purge_key(ID_HMAC), PSA_ERROR_INVALID_HANDLE);
}

/* What each stored key must reproduce, in this and in the next process. */
typedef struct {
    uint8_t hmac_mac[32];
    uint8_t raw[24];
    uint8_t ed_pub[32], ed_sig[64];
    uint8_t rsa_sig[256];
    uint8_t rsa_pub[300];
    size_t rsa_pub_len;
} expected_t;

static void compute_expected(expected_t *e)
{
    unsigned int n = 0;
    size_t i;
    HMAC(EVP_sha256(), hmac_key, 32, msg, sizeof(msg), e->hmac_mac, &n);
    for (i = 0; i < sizeof(e->raw); i++) {
        e->raw[i] = (uint8_t)(0xa0u + i);
    }
}

#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR
/* A fixed RSA-2048 key from OpenSSL (seeded from the test RNG is not
 * possible: OpenSSL's keygen draws its own randomness), DER RSAPrivateKey. */
static size_t rsa_private_der(uint8_t *out, size_t size)
{
    RSA *rsa = RSA_new();
    BIGNUM *e = BN_new();
    uint8_t *p = out;
    int n;
    BN_set_word(e, 65537);
    if (RSA_generate_key_ex(rsa, 2048, e, NULL) != 1 || i2d_RSAPrivateKey(rsa, NULL) > (int)size) {
        abort();
    }
    n = i2d_RSAPrivateKey(rsa, &p);
    RSA_free(rsa);
    BN_free(e);
    return (size_t)n;
}
#endif

static void check_keys(expected_t *e, int first)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    uint8_t out[512];
    size_t len = 0;

    CHECK_STATUS(psa_get_key_attributes(ID_HMAC, &a), PSA_SUCCESS);
    CHECK(psa_get_key_id(&a) == ID_HMAC);
    CHECK(psa_get_key_lifetime(&a) == PSA_KEY_LIFETIME_PERSISTENT);
    CHECK(psa_get_key_type(&a) == PSA_KEY_TYPE_HMAC);
    CHECK(psa_get_key_bits(&a) == 256);
    CHECK(psa_get_key_usage_flags(&a) == (PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_SIGN_MESSAGE));
    CHECK(psa_get_key_algorithm(&a) == PSA_ALG_HMAC(PSA_ALG_SHA_256));
    CHECK_STATUS(psa_mac_compute(ID_HMAC, PSA_ALG_HMAC(PSA_ALG_SHA_256), msg, sizeof(msg), out,
                                 sizeof(out), &len), PSA_SUCCESS);
    CHECK(len == 32);
    CHECK_MEM(out, e->hmac_mac, 32);
    /* Not exportable, also after a reload. */
    CHECK_STATUS(psa_export_key(ID_HMAC, out, sizeof(out), &len), PSA_ERROR_NOT_PERMITTED);

    CHECK_STATUS(psa_export_key(ID_RAW, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK(len == sizeof(e->raw));
    CHECK_MEM(out, e->raw, sizeof(e->raw));
    /* The copy: intersected policy, same material. */
    CHECK_STATUS(psa_get_key_attributes(ID_COPY, &a), PSA_SUCCESS);
    CHECK(psa_get_key_usage_flags(&a) == PSA_KEY_USAGE_EXPORT);
    CHECK_STATUS(psa_export_key(ID_COPY, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK(len == sizeof(e->raw));
    CHECK_MEM(out, e->raw, sizeof(e->raw));

#if PSA_WANT_ECC_TWISTED_EDWARDS_255 && PSA_WANT_ALG_PURE_EDDSA
    CHECK_STATUS(psa_get_key_attributes(ID_ED_PAIR, &a), PSA_SUCCESS);
    CHECK(psa_get_key_type(&a) == PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS));
    CHECK(psa_get_key_bits(&a) == 255);
    CHECK_STATUS(psa_export_public_key(ID_ED_PAIR, out, sizeof(out), &len), PSA_SUCCESS);
    if (first) {
        memcpy(e->ed_pub, out, 32);
    }
    CHECK_MEM(out, e->ed_pub, 32);
    CHECK_STATUS(psa_sign_message(ID_ED_PAIR, PSA_ALG_PURE_EDDSA, msg, sizeof(msg), out,
                                  sizeof(out), &len), PSA_SUCCESS);
    CHECK(len == 64);
    if (first) {
        memcpy(e->ed_sig, out, 64);
    }
    CHECK_MEM(out, e->ed_sig, 64);   /* Ed25519 is deterministic: same key */
    CHECK_STATUS(psa_verify_message(ID_ED_PUB, PSA_ALG_PURE_EDDSA, msg, sizeof(msg), e->ed_sig,
                                    64), PSA_SUCCESS);
#endif
#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR && PSA_WANT_ALG_RSA_PKCS1V15_SIGN && PSA_WANT_ALG_SHA_256
    CHECK_STATUS(psa_get_key_attributes(ID_RSA_PAIR, &a), PSA_SUCCESS);
    CHECK(psa_get_key_type(&a) == PSA_KEY_TYPE_RSA_KEY_PAIR);
    CHECK(psa_get_key_bits(&a) == 2048);
    CHECK_STATUS(psa_sign_message(ID_RSA_PAIR, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), msg,
                                  sizeof(msg), out, sizeof(out), &len), PSA_SUCCESS);
    CHECK(len == 256);
    if (first) {
        memcpy(e->rsa_sig, out, 256);
    }
    CHECK_MEM(out, e->rsa_sig, 256);
    CHECK_STATUS(psa_verify_message(ID_RSA_PUB, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), msg,
                                    sizeof(msg), e->rsa_sig, 256), PSA_SUCCESS);
    CHECK_STATUS(psa_export_public_key(ID_RSA_PUB, out, sizeof(out), &len), PSA_SUCCESS);
    if (first) {
        memcpy(e->rsa_pub, out, len);
        e->rsa_pub_len = len;
    }
    CHECK(len == e->rsa_pub_len);
    CHECK_MEM(out, e->rsa_pub, len);
#endif
    (void)first;
}

static void create_keys(expected_t *e)
{
    psa_key_attributes_t a;
    psa_key_id_t id = 0;
    uint8_t buf[2048];
    size_t len = 0;

    (void)len;   /* unused without an asymmetric family (configs/lms_verify_only.h) */
    a = persistent_attr(ID_HMAC, PSA_KEY_TYPE_HMAC, 0, PSA_KEY_USAGE_SIGN_HASH,
                        PSA_ALG_HMAC(PSA_ALG_SHA_256));
    CHECK_STATUS(psa_import_key(&a, hmac_key, 32, &id), PSA_SUCCESS);
    CHECK(id == ID_HMAC);
    /* The id is taken: in a slot, and (after a purge) in storage only. */
    CHECK_STATUS(psa_import_key(&a, hmac_key, 16, &id), PSA_ERROR_ALREADY_EXISTS);
    CHECK(id == PSA_KEY_ID_NULL);
    CHECK_STATUS(psa_purge_key(ID_HMAC), PSA_SUCCESS);
    CHECK_STATUS(psa_import_key(&a, hmac_key, 16, &id), PSA_ERROR_ALREADY_EXISTS);
    psa_set_key_bits(&a, 256);
    CHECK_STATUS(psa_generate_key(&a, &id), PSA_ERROR_ALREADY_EXISTS);

    a = persistent_attr(ID_RAW, PSA_KEY_TYPE_RAW_DATA, 0, PSA_KEY_USAGE_EXPORT | PSA_KEY_USAGE_COPY,
                        0);
    CHECK_STATUS(psa_import_key(&a, e->raw, sizeof(e->raw), &id), PSA_SUCCESS);
    a = persistent_attr(ID_COPY, PSA_KEY_TYPE_NONE, 0, PSA_KEY_USAGE_EXPORT, 0);
    CHECK_STATUS(psa_copy_key(ID_RAW, &a, &id), PSA_SUCCESS);
    CHECK(id == ID_COPY);
    CHECK_STATUS(psa_copy_key(ID_RAW, &a, &id), PSA_ERROR_ALREADY_EXISTS);

#if PSA_WANT_ECC_TWISTED_EDWARDS_255 && PSA_WANT_ALG_PURE_EDDSA
    a = persistent_attr(ID_ED_PAIR, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS), 255,
                        PSA_KEY_USAGE_SIGN_MESSAGE, PSA_ALG_PURE_EDDSA);
    CHECK_STATUS(psa_generate_key(&a, &id), PSA_SUCCESS);
    CHECK(id == ID_ED_PAIR);
    CHECK_STATUS(psa_export_public_key(ID_ED_PAIR, buf, sizeof(buf), &len), PSA_SUCCESS);
    a = persistent_attr(ID_ED_PUB, PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_TWISTED_EDWARDS), 255,
                        PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_PURE_EDDSA);
    CHECK_STATUS(psa_import_key(&a, buf, len, &id), PSA_SUCCESS);
#endif
#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR && PSA_WANT_ALG_RSA_PKCS1V15_SIGN && PSA_WANT_ALG_SHA_256
    len = rsa_private_der(buf, sizeof(buf));
    a = persistent_attr(ID_RSA_PAIR, PSA_KEY_TYPE_RSA_KEY_PAIR, 0, PSA_KEY_USAGE_SIGN_MESSAGE,
                        PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256));
    CHECK_STATUS(psa_import_key(&a, buf, len, &id), PSA_SUCCESS);
    CHECK_STATUS(psa_export_public_key(ID_RSA_PAIR, buf, sizeof(buf), &len), PSA_SUCCESS);
    a = persistent_attr(ID_RSA_PUB, PSA_KEY_TYPE_RSA_PUBLIC_KEY, 0, PSA_KEY_USAGE_VERIFY_MESSAGE,
                        PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256));
    CHECK_STATUS(psa_import_key(&a, buf, len, &id), PSA_SUCCESS);
#endif
    memset(buf, 0, sizeof(buf));
}

/* get_attributes and purge need no slot: every slot holds a volatile key. */
static void test_no_slot_needed(void)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t held[PICOPSA_KEY_SLOT_COUNT];
    uint8_t mac[32];
    size_t n = 0, i, len;

    psa_set_key_type(&a, PSA_KEY_TYPE_RAW_DATA);
    for (n = 0; n < PICOPSA_KEY_SLOT_COUNT; n++) {
        CHECK_STATUS(psa_import_key(&a, hmac_key, 8, &held[n]), PSA_SUCCESS);
    }
    CHECK_STATUS(psa_get_key_attributes(ID_HMAC, &a), PSA_SUCCESS);
    CHECK(psa_get_key_bits(&a) == 256);
    CHECK_STATUS(psa_purge_key(ID_HMAC), PSA_SUCCESS);
    /* Volatile keys are never evicted: no room to load. */
    CHECK_STATUS(psa_mac_compute(ID_HMAC, PSA_ALG_HMAC(PSA_ALG_SHA_256), msg, sizeof(msg), mac,
                                 sizeof(mac), &len), PSA_ERROR_INSUFFICIENT_MEMORY);
    for (i = 0; i < n; i++) {
        CHECK_STATUS(psa_destroy_key(held[i]), PSA_SUCCESS);
    }
    CHECK_STATUS(psa_mac_compute(ID_HMAC, PSA_ALG_HMAC(PSA_ALG_SHA_256), msg, sizeof(msg), mac,
                                 sizeof(mac), &len), PSA_SUCCESS);
}

/* 50 stored keys over the slots that 4 volatile keys leave free. */
static void test_many_keys(void)
{
    psa_key_attributes_t a;
    psa_key_id_t held[4], id;
    uint8_t key[MANY][16], mac[32], want[32];
    unsigned int n;
    size_t i, round, len;

    a = persistent_attr(0, PSA_KEY_TYPE_RAW_DATA, 0, 0, 0);
    psa_set_key_lifetime(&a, PSA_KEY_LIFETIME_VOLATILE);
    for (i = 0; i < 4 && i + 1 < PICOPSA_KEY_SLOT_COUNT; i++) {
        CHECK_STATUS(psa_import_key(&a, hmac_key, 8, &held[i]), PSA_SUCCESS);
    }
    for (i = 0; i < MANY; i++) {
        test_rng_bytes(key[i], 16);
        a = persistent_attr((psa_key_id_t)(ID_MANY + i), PSA_KEY_TYPE_HMAC, 128,
                            PSA_KEY_USAGE_SIGN_MESSAGE, PSA_ALG_HMAC(PSA_ALG_SHA_256));
        CHECK_STATUS(psa_import_key(&a, key[i], 16, &id), PSA_SUCCESS);
    }
    for (round = 0; round < 3; round++) {
        for (i = 0; i < MANY; i++) {
            size_t k = (i * 7u + round) % MANY;
            HMAC(EVP_sha256(), key[k], 16, msg, sizeof(msg), want, &n);
            CHECK_STATUS(psa_mac_compute((psa_key_id_t)(ID_MANY + k), PSA_ALG_HMAC(PSA_ALG_SHA_256),
                                         msg, sizeof(msg), mac, sizeof(mac), &len), PSA_SUCCESS);
            CHECK_MEM(mac, want, 32);
        }
    }
    for (i = 0; i < MANY; i++) {
        CHECK_STATUS(psa_destroy_key((psa_key_id_t)(ID_MANY + i)), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key((psa_key_id_t)(ID_MANY + i)), PSA_ERROR_INVALID_HANDLE);
    }
    for (i = 0; i < 4 && i + 1 < PICOPSA_KEY_SLOT_COUNT; i++) {
        CHECK_STATUS(psa_destroy_key(held[i]), PSA_SUCCESS);
    }
}

static void test_damaged_records(void)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    uint8_t rec[64], out[64];
    size_t len, i;
    psa_key_id_t id;
    const psa_key_id_t bad = 0x200u;

    /* A valid record of a 16-byte RAW_DATA key, then variants. */
    a = persistent_attr(bad, PSA_KEY_TYPE_RAW_DATA, 0, PSA_KEY_USAGE_EXPORT, 0);
    CHECK_STATUS(psa_import_key(&a, hmac_key, 16, &id), PSA_SUCCESS);
    CHECK_STATUS(psa_its_get(bad, 0, sizeof(rec), rec, &len), PSA_ERROR_DOES_NOT_EXIST);
    CHECK_STATUS(pp_its_get(PP_KEY_RECORD_UID(bad), 0, sizeof(rec), rec, &len), PSA_SUCCESS);
    CHECK(len == 56);
    CHECK(memcmp(rec, "PPKY", 4) == 0 && rec[4] == 1 && rec[6] == 40);
    CHECK(rec[32] == 0x00 && rec[33] == 0x02 && rec[34] == 0 && rec[35] == 0);   /* the id */
    CHECK_STATUS(psa_purge_key(bad), PSA_SUCCESS);

    for (i = 0; i < 10; i++) {
        uint8_t r[64];
        size_t rl = 56;
        memcpy(r, rec, sizeof(r));
        switch (i) {
        case 0: r[0] ^= 1u; break;               /* magic */
        case 1: r[4] = 2; break;                 /* a later version */
        case 2: r[28] = 17; break;               /* material length */
        case 3: r[12] = 0x42; r[13] = 0x71; break;   /* an Ed25519 pair of 16 bytes */
        case 4: r[8] = 0; break;                 /* a volatile lifetime */
        case 5: r[9] = 1; break;                 /* location 1: never created */
        case 6: r[32] ^= 1u; break;              /* another key's id */
        case 7: r[23] = 0x80; break;             /* an undefined usage bit */
        case 8: r[12] = 0; r[13] = 0; break;     /* PSA_KEY_TYPE_NONE */
        default: rl = 20; break;                 /* truncated */
        }
        CHECK_STATUS(pp_its_set(PP_KEY_RECORD_UID(bad), rl, r, 0), PSA_SUCCESS);
        CHECK_STATUS(psa_export_key(bad, out, sizeof(out), &len), PSA_ERROR_DATA_INVALID);
        if (i != 3) {
            psa_key_attributes_t got;
            CHECK_STATUS(psa_get_key_attributes(bad, &got), PSA_ERROR_DATA_INVALID);
        }
        CHECK_STATUS(psa_import_key(&a, hmac_key, 16, &id), PSA_ERROR_ALREADY_EXISTS);
    }
#if (PICOPSA_ITS_BACKEND) == PICOPSA_ITS_FILE
    {
        /* One flipped bit in the file: the CRC catches it. */
        char path[600];
        FILE *f;
        long size;
        int c;
        CHECK_STATUS(pp_its_set(PP_KEY_RECORD_UID(bad), 56, rec, 0), PSA_SUCCESS);
        snprintf(path, sizeof(path), "%s/%016llx", its_dir(),
                 (unsigned long long)PP_KEY_RECORD_UID(bad));
        for (size = 0; size < 68; size += 13) {
            f = fopen(path, "r+b");
            CHECK(f != NULL);
            if (f == NULL) {
                break;
            }
            fseek(f, size, SEEK_SET);
            c = fgetc(f);
            fseek(f, size, SEEK_SET);
            fputc(c ^ 0x10, f);
            fclose(f);
            CHECK_STATUS(psa_export_key(bad, out, sizeof(out), &len),
                         size < 8 ? PSA_ERROR_DATA_INVALID : PSA_ERROR_DATA_CORRUPT);
            f = fopen(path, "r+b");
            if (f == NULL) {
                break;
            }
            fseek(f, size, SEEK_SET);
            fputc(c, f);
            fclose(f);
            CHECK_STATUS(psa_export_key(bad, out, sizeof(out), &len), PSA_SUCCESS);
            CHECK_MEM(out, hmac_key, 16);
            CHECK_STATUS(psa_purge_key(bad), PSA_SUCCESS);
        }
        f = fopen(path, "r+b");
        CHECK(f != NULL);
        if (f != NULL) {
            fseek(f, 40, SEEK_SET);
            fputc(0, f);
            fclose(f);
        }
        CHECK_STATUS(psa_export_key(bad, out, sizeof(out), &len), PSA_ERROR_DATA_CORRUPT);
        CHECK_STATUS(psa_get_key_attributes(bad, &a), PSA_ERROR_DATA_CORRUPT);
    }
#endif
    /* Other keys are still usable, and the damaged one can be destroyed. */
    CHECK_STATUS(psa_export_key(ID_RAW, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(bad), PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(bad, out, sizeof(out), &len), PSA_ERROR_INVALID_HANDLE);
    CHECK_STATUS(psa_destroy_key(bad), PSA_ERROR_INVALID_HANDLE);
}

static void test_destroy(void)
{
    psa_key_attributes_t a;
    struct psa_storage_info_t info;
    psa_key_id_t id;
    uint8_t out[32];
    size_t len;

    a = persistent_attr(0x300u, PSA_KEY_TYPE_RAW_DATA, 0, PSA_KEY_USAGE_EXPORT, 0);
    CHECK_STATUS(psa_import_key(&a, hmac_key, 16, &id), PSA_SUCCESS);
    CHECK_STATUS(pp_its_get_info(PP_KEY_RECORD_UID(0x300u), &info), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(0x300u), PSA_SUCCESS);
    CHECK_STATUS(pp_its_get_info(PP_KEY_RECORD_UID(0x300u), &info), PSA_ERROR_DOES_NOT_EXIST);
    CHECK_STATUS(psa_export_key(0x300u, out, sizeof(out), &len), PSA_ERROR_INVALID_HANDLE);
    /* Destroy of a stored key that is not loaded. */
    CHECK_STATUS(psa_import_key(&a, hmac_key, 16, &id), PSA_SUCCESS);
    CHECK_STATUS(psa_purge_key(0x300u), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(0x300u), PSA_SUCCESS);
    CHECK_STATUS(pp_its_get_info(PP_KEY_RECORD_UID(0x300u), &info), PSA_ERROR_DOES_NOT_EXIST);
    CHECK_STATUS(psa_get_key_attributes(0x300u, &a), PSA_ERROR_INVALID_HANDLE);
}

int main(int argc, char **argv)
{
    static expected_t expected;
    FILE *f;
    char state[600];
    int second = argc > 1 && strcmp(argv[1], "--second-process") == 0;

    test_rng_seed(0x5107a6e5ull);
    snprintf(state, sizeof(state), "%s.expected", its_dir());
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    if (second) {
        /* A new process: the keys come from storage only. */
        f = fopen(state, "rb");
        CHECK(f != NULL && fread(&expected, sizeof(expected), 1, f) == 1);
        if (f != NULL) {
            fclose(f);
        }
        check_keys(&expected, 0);
        return test_report("storage_keys (second process)");
    }
    clear_store();
    compute_expected(&expected);
    test_its_api();
    test_creation_attributes();
    create_keys(&expected);
    check_keys(&expected, 1);
    picopsa_shutdown();
    check_keys(&expected, 0);
    test_no_slot_needed();
    test_many_keys();
    test_destroy();
    test_damaged_records();
    picopsa_shutdown();
    check_keys(&expected, 0);

#if (PICOPSA_ITS_BACKEND) == PICOPSA_ITS_FILE || (PICOPSA_ITS_BACKEND) == PICOPSA_ITS_FLASH
    f = fopen(state, "wb");
    CHECK(f != NULL && fwrite(&expected, sizeof(expected), 1, f) == 1);
    if (f != NULL) {
        fclose(f);
    }
    {
        pid_t pid = fork();
        int st = 0;
        if (pid == 0) {
            execl("/proc/self/exe", argv[0], "--second-process", (char *)NULL);
            _exit(127);
        }
        CHECK(pid > 0 && waitpid(pid, &st, 0) == pid);
        CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    }
#endif
    return test_report("storage_keys");
}

#else
int main(void)
{
    return test_skip("storage_keys", "PICOPSA_ITS_BACKEND is NONE");
}
#endif
