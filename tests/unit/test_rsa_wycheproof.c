/*
 * test_rsa_wycheproof.c -- every tests/data/vectors/wycheproof/rsa_*.json
 * file through the PSA API (tests/data/vectors/README.md gives the mapping):
 *  - rsa_signature_*: psa_verify_message and psa_verify_hash with
 *    PSA_ALG_RSA_PKCS1V15_SIGN(h), key from publicKeyAsn. "acceptable"
 *    (MissingNull: DigestInfo without NULL) is rejected by design: we
 *    re-encode and compare (docs/rsa.md).
 *  - rsa_pkcs1_*_sig_gen: psa_sign_message must give `sig` byte for byte
 *    (PKCS#1 v1.5 signing is deterministic); SHA-1 groups are skipped
 *    (picopsa builds no SHA-1) and counted. The "acceptable"
 *    SmallPublicKey groups (e = 3 with primes of 1368 and 688 bits) may be
 *    refused at import: the key checks want balanced primes.
 *  - rsa_pss_*: psa_verify_message with PSA_ALG_RSA_PSS_ANY_SALT(h) (the
 *    result, with "s_len changed to X" cases being correct signatures of
 *    salt length X) and with PSA_ALG_RSA_PSS(h) (valid exactly when the
 *    salt length equals the hash length).
 *  - rsa_pkcs1_{2048,4096}: psa_asymmetric_decrypt(PKCS1V15_CRYPT); every
 *    padding failure must be the same PSA_ERROR_INVALID_PADDING; malformed
 *    ciphertexts (wrong length, >= n) PSA_ERROR_INVALID_ARGUMENT.
 *  - rsa_oaep_*: psa_asymmetric_decrypt(OAEP(h)) with the label as salt.
 * Key pairs are the RSAPrivateKey inside privateKeyPkcs8's OCTET STRING.
 */
#define _POSIX_C_SOURCE 200809L /* opendir: count the vector files */
#include "test_config.h"
#include "test_util.h"
#if !(TEST_HAVE_RSA_KEY_PAIR)
/* The whole subject of this test is configured out. */
int main(void)
{
    return test_skip("rsa_wycheproof", "RSA key pairs configured out (PSA_WANT_KEY_TYPE_RSA_KEY_PAIR 0)");
}
#else

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include <psa/crypto.h>

#include "test_util.h"
#include "json.h"

static unsigned long skipped;
static unsigned long rejected_keys;
static unsigned long configured_out_cases;

/* A group over a SHA-2 hash the configuration leaves out is skipped and
 * counted; the hash must then be NOT_SUPPORTED. */
static int configured_out(psa_algorithm_t h, const json_value *tests)
{
    static const uint8_t msg[1] = { 0x61 };
    uint8_t out[64];
    size_t out_len = 0;
    if (h == 0 || test_hash_built(h)) {
        return 0;
    }
    CHECK_STATUS(psa_hash_compute(h, msg, sizeof(msg), out, sizeof(out), &out_len), PSA_ERROR_NOT_SUPPORTED);
    configured_out_cases += json_len(tests);
    return 1;
}

static psa_algorithm_t hash_of(const char *name)
{
    if (name == NULL) return 0;
    if (strcmp(name, "SHA-224") == 0) return PSA_ALG_SHA_224;
    if (strcmp(name, "SHA-256") == 0) return PSA_ALG_SHA_256;
    if (strcmp(name, "SHA-384") == 0) return PSA_ALG_SHA_384;
    if (strcmp(name, "SHA-512") == 0) return PSA_ALG_SHA_512;
    if (strcmp(name, "SHA-1") == 0) return PSA_ALG_SHA_1;
    if (strcmp(name, "SHA-512/224") == 0) return PSA_ALG_SHA_512_224;
    if (strcmp(name, "SHA-512/256") == 0) return PSA_ALG_SHA_512_256;
    return 0; /* SHA-3 ...: not built */
}

/* Read one DER header at *p (test-side helper, inputs are trusted files):
 * returns the content length and advances *p past the header. */
static size_t der_header(const uint8_t **p)
{
    size_t len = (*p)[1];
    size_t i, n;
    if (len < 0x80) {
        *p += 2;
        return len;
    }
    n = len & 0x7f;
    len = 0;
    for (i = 0; i < n; i++) {
        len = (len << 8) | (*p)[2 + i];
    }
    *p += 2 + n;
    return len;
}

/* PrivateKeyInfo ::= SEQUENCE { version, AlgorithmIdentifier, OCTET STRING
 * privateKey }: return the RSAPrivateKey inside (RFC 5208 5). */
static const uint8_t *pkcs8_to_pkcs1(const uint8_t *der, size_t *len)
{
    const uint8_t *p = der;
    size_t l;
    der_header(&p);           /* SEQUENCE */
    l = der_header(&p);       /* version */
    p += l;
    l = der_header(&p);       /* AlgorithmIdentifier */
    p += l;
    CHECK(p[0] == 0x04);
    *len = der_header(&p);    /* OCTET STRING */
    return p;
}

static psa_key_id_t import(psa_key_type_t type, psa_key_usage_t usage, psa_algorithm_t alg,
                           const uint8_t *der, size_t len)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    psa_set_key_type(&attr, type);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_import_key(&attr, der, len, &id), PSA_SUCCESS);
    return id;
}

static psa_key_id_t import_hex_public(const char *hex, psa_algorithm_t alg)
{
    size_t len;
    uint8_t *der = test_hex_decode(hex, &len);
    psa_key_id_t id = import(PSA_KEY_TYPE_RSA_PUBLIC_KEY,
                             PSA_KEY_USAGE_VERIFY_MESSAGE | PSA_KEY_USAGE_VERIFY_HASH, alg, der, len);
    free(der);
    return id;
}

/* Import the RSAPrivateKey inside a PKCS#8 blob; returns the status so a
 * caller can accept a rejection where Wycheproof allows one. */
static psa_status_t try_import_pkcs8_pair(const char *hex, psa_key_usage_t usage, psa_algorithm_t alg,
                                          psa_key_id_t *id)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    size_t len, inner_len;
    uint8_t *der = test_hex_decode(hex, &len);
    const uint8_t *inner = pkcs8_to_pkcs1(der, &inner_len);
    psa_status_t st;
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    st = psa_import_key(&attr, inner, inner_len, id);
    free(der);
    return st;
}

static psa_key_id_t import_pkcs8_pair(const char *hex, psa_key_usage_t usage, psa_algorithm_t alg)
{
    psa_key_id_t id = 0;
    CHECK_STATUS(try_import_pkcs8_pair(hex, usage, alg, &id), PSA_SUCCESS);
    return id;
}

/* 1 when every test of the group is "acceptable" (either outcome allowed). */
static int all_acceptable(const json_value *tests)
{
    size_t t;
    for (t = 0; t < json_len(tests); t++) {
        if (strcmp(json_str(json_get(json_at(tests, t), "result")), "acceptable") != 0) {
            return 0;
        }
    }
    return json_len(tests) > 0;
}

/* Check a verification outcome against the expected validity; print the
 * case on mismatch. */
static void expect_verify(psa_status_t got, int want_valid, const char *file, long long tc,
                          const char *what)
{
    int ok = want_valid ? got == PSA_SUCCESS : got == PSA_ERROR_INVALID_SIGNATURE;
    if (!CHECK(ok)) {
        fprintf(stderr, "  %s tcId %lld (%s): status %d, expected %s\n", file, tc, what, (int)got,
                want_valid ? "valid" : "invalid");
    }
}

static void run_pkcs1_verify(const char *file, const json_value *root)
{
    const json_value *groups = json_get(root, "testGroups");
    size_t g, t;
    for (g = 0; g < json_len(groups); g++) {
        const json_value *grp = json_at(groups, g);
        psa_algorithm_t h = hash_of(json_str(json_get(grp, "sha")));
        psa_algorithm_t alg = PSA_ALG_RSA_PKCS1V15_SIGN(h);
        const json_value *tests = json_get(grp, "tests");
        psa_key_id_t id;
        if (configured_out(h, tests)) {
            continue;
        }
        if (h == 0) {
            skipped += json_len(tests);
            continue;
        }
        id = import_hex_public(json_str(json_get(grp, "publicKeyAsn")), alg);
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            const char *result = json_str(json_get(tc, "result"));
            size_t msg_len, sig_len, hash_len;
            uint8_t *msg = test_hex_decode(json_str(json_get(tc, "msg")), &msg_len);
            uint8_t *sig = test_hex_decode(json_str(json_get(tc, "sig")), &sig_len);
            uint8_t hash[64];
            /* valid -> accept; invalid and acceptable (MissingNull) -> reject. */
            int want = strcmp(result, "valid") == 0;
            long long tc_id = json_int(json_get(tc, "tcId"));
            expect_verify(psa_verify_message(id, alg, msg, msg_len, sig, sig_len), want, file, tc_id,
                          "verify_message");
            CHECK_STATUS(psa_hash_compute(h, msg, msg_len, hash, sizeof(hash), &hash_len), PSA_SUCCESS);
            expect_verify(psa_verify_hash(id, alg, hash, hash_len, sig, sig_len), want, file, tc_id,
                          "verify_hash");
            free(msg);
            free(sig);
        }
        psa_destroy_key(id);
    }
}

static void run_pkcs1_sign(const char *file, const json_value *root)
{
    const json_value *groups = json_get(root, "testGroups");
    size_t g, t;
    psa_status_t st;
    for (g = 0; g < json_len(groups); g++) {
        const json_value *grp = json_at(groups, g);
        psa_algorithm_t h = hash_of(json_str(json_get(grp, "sha")));
        psa_algorithm_t alg = PSA_ALG_RSA_PKCS1V15_SIGN(h);
        const json_value *tests = json_get(grp, "tests");
        psa_key_id_t id;
        if (configured_out(h, tests)) {
            continue;
        }
        if (h == 0) {
            skipped += json_len(tests);
            continue;
        }
        st = try_import_pkcs8_pair(json_str(json_get(grp, "privateKeyPkcs8")),
                                   PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE, alg, &id);
        if (st != PSA_SUCCESS && all_acceptable(tests)) {
            /* SmallPublicKey groups (e = 3) have primes of very different
             * sizes (e.g. 1368 + 688 bits), which the key checks refuse. */
            CHECK(st == PSA_ERROR_INVALID_ARGUMENT || st == PSA_ERROR_NOT_SUPPORTED);
            rejected_keys += json_len(tests);
            continue;
        }
        CHECK_STATUS(st, PSA_SUCCESS);
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            size_t msg_len, sig_len, out_len = 0;
            uint8_t *msg = test_hex_decode(json_str(json_get(tc, "msg")), &msg_len);
            uint8_t *sig = test_hex_decode(json_str(json_get(tc, "sig")), &sig_len);
            uint8_t out[512];
            /* Every case here (valid and acceptable) is a correct signature. */
            if (!CHECK_STATUS(psa_sign_message(id, alg, msg, msg_len, out, sizeof(out), &out_len),
                              PSA_SUCCESS) ||
                !CHECK(out_len == sig_len) || !CHECK_MEM(out, sig, sig_len)) {
                fprintf(stderr, "  %s tcId %lld\n", file, json_int(json_get(tc, "tcId")));
            }
            CHECK_STATUS(psa_verify_message(id, alg, msg, msg_len, sig, sig_len), PSA_SUCCESS);
            free(msg);
            free(sig);
        }
        psa_destroy_key(id);
    }
}

static void run_pss(const char *file, const json_value *root)
{
    const json_value *groups = json_get(root, "testGroups");
    size_t g, t;
    for (g = 0; g < json_len(groups); g++) {
        const json_value *grp = json_at(groups, g);
        psa_algorithm_t h = hash_of(json_str(json_get(grp, "sha")));
        const json_value *tests = json_get(grp, "tests");
        long long s_len = json_int(json_get(grp, "sLen"));
        size_t hash_len = PSA_HASH_LENGTH(h);
        psa_key_id_t strict_key, any_key;
        if (configured_out(h, tests)) {
            continue;
        }
        /* PSA uses the message hash for MGF1 (the README copied only such files). */
        CHECK(h != 0 && hash_of(json_str(json_get(grp, "mgfSha"))) == h);
        strict_key = import_hex_public(json_str(json_get(grp, "publicKeyAsn")), PSA_ALG_RSA_PSS(h));
        any_key = import_hex_public(json_str(json_get(grp, "publicKeyAsn")), PSA_ALG_RSA_PSS_ANY_SALT(h));
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            const char *comment = json_str(json_get(tc, "comment"));
            long long tc_id = json_int(json_get(tc, "tcId"));
            size_t msg_len, sig_len;
            uint8_t *msg = test_hex_decode(json_str(json_get(tc, "msg")), &msg_len);
            uint8_t *sig = test_hex_decode(json_str(json_get(tc, "sig")), &sig_len);
            int valid = strcmp(json_str(json_get(tc, "result")), "valid") == 0;
            long long actual_salt = s_len;
            /* A correct signature with another salt length (see README). */
            if (strncmp(comment, "s_len changed to ", 17) == 0) {
                valid = 1;
                actual_salt = atoll(comment + 17);
            }
            expect_verify(psa_verify_message(any_key, PSA_ALG_RSA_PSS_ANY_SALT(h), msg, msg_len, sig,
                                             sig_len), valid, file, tc_id, "PSS_ANY_SALT");
            expect_verify(psa_verify_message(strict_key, PSA_ALG_RSA_PSS(h), msg, msg_len, sig, sig_len),
                          valid && actual_salt == (long long)hash_len, file, tc_id, "PSS");
            free(msg);
            free(sig);
        }
        psa_destroy_key(strict_key);
        psa_destroy_key(any_key);
    }
}

static void run_decrypt(const char *file, const json_value *root, int oaep)
{
    const json_value *groups = json_get(root, "testGroups");
    size_t g, t;
    for (g = 0; g < json_len(groups); g++) {
        const json_value *grp = json_at(groups, g);
        psa_algorithm_t alg = PSA_ALG_RSA_PKCS1V15_CRYPT;
        const json_value *tests = json_get(grp, "tests");
        psa_key_id_t id;
        if (oaep) {
            psa_algorithm_t h = hash_of(json_str(json_get(grp, "sha")));
            if (configured_out(h, tests)) {
                continue;
            }
            CHECK(h != 0 && hash_of(json_str(json_get(grp, "mgfSha"))) == h);
            alg = PSA_ALG_RSA_OAEP(h);
        }
        id = import_pkcs8_pair(json_str(json_get(grp, "privateKeyPkcs8")), PSA_KEY_USAGE_DECRYPT, alg);
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            long long tc_id = json_int(json_get(tc, "tcId"));
            const char *flag = json_str(json_at(json_get(tc, "flags"), json_len(json_get(tc, "flags")) - 1));
            size_t ct_len, msg_len, label_len = 0, out_len = 0;
            uint8_t *ct = test_hex_decode(json_str(json_get(tc, "ct")), &ct_len);
            uint8_t *msg = test_hex_decode(json_str(json_get(tc, "msg")), &msg_len);
            uint8_t *label = oaep ? test_hex_decode(json_str(json_get(tc, "label")), &label_len) : NULL;
            uint8_t out[512];
            psa_status_t st = psa_asymmetric_decrypt(id, alg, ct, ct_len, label, label_len, out,
                                                     sizeof(out), &out_len);
            int ok;
            if (strcmp(json_str(json_get(tc, "result")), "valid") == 0) {
                ok = st == PSA_SUCCESS && out_len == msg_len && memcmp(out, msg, msg_len) == 0;
            } else if (flag != NULL && (strcmp(flag, "InvalidPkcs1Padding") == 0 ||
                                        strcmp(flag, "InvalidOaepPadding") == 0)) {
                /* One error for every padding defect (Bleichenbacher, Manger). */
                ok = st == PSA_ERROR_INVALID_PADDING && out_len == 0;
            } else {
                /* Malformed ciphertext: wrong length or >= n. */
                ok = st == PSA_ERROR_INVALID_ARGUMENT && out_len == 0;
            }
            if (!CHECK(ok)) {
                fprintf(stderr, "  %s tcId %lld: status %d\n", file, tc_id, (int)st);
            }
            free(ct);
            free(msg);
            free(label);
        }
        psa_destroy_key(id);
    }
}

int main(void)
{
    static const char *const files[] = {
        "rsa_signature_2048_sha256_test.json", "rsa_signature_2048_sha384_test.json",
        "rsa_signature_2048_sha512_test.json", "rsa_signature_3072_sha256_test.json",
        "rsa_signature_3072_sha512_test.json", "rsa_signature_4096_sha256_test.json",
        "rsa_signature_4096_sha512_test.json",
        "rsa_pkcs1_2048_sig_gen_test.json", "rsa_pkcs1_3072_sig_gen_test.json",
        "rsa_pkcs1_4096_sig_gen_test.json",
        "rsa_pss_2048_sha256_mgf1_0_test.json", "rsa_pss_2048_sha256_mgf1_32_test.json",
        "rsa_pss_2048_sha384_mgf1_48_test.json", "rsa_pss_3072_sha256_mgf1_32_test.json",
        "rsa_pss_4096_sha256_mgf1_32_test.json", "rsa_pss_4096_sha512_mgf1_64_test.json",
        "rsa_pss_2048_sha1_mgf1_20_test.json", "rsa_oaep_2048_sha1_mgf1sha1_test.json",
        "rsa_pkcs1_2048_test.json", "rsa_pkcs1_4096_test.json",
        "rsa_oaep_2048_sha256_mgf1sha256_test.json", "rsa_oaep_2048_sha512_mgf1sha512_test.json",
        "rsa_oaep_3072_sha256_mgf1sha256_test.json", "rsa_oaep_4096_sha256_mgf1sha256_test.json",
        "rsa_oaep_4096_sha512_mgf1sha512_test.json",
    };
    size_t i;
    char rel[128];

    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    /* Every rsa_*.json of the directory is in the list above: a new file
     * cannot be skipped silently. */
    {
        DIR *dir = opendir(test_data_path("vectors/wycheproof"));
        struct dirent *entry;
        size_t found = 0, n;
        CHECK(dir != NULL);
        while (dir != NULL && (entry = readdir(dir)) != NULL) {
            n = strlen(entry->d_name);
            if (strncmp(entry->d_name, "rsa_", 4) == 0 && n > 5 && strcmp(entry->d_name + n - 5, ".json") == 0) {
                found++;
            }
        }
        if (dir != NULL) {
            closedir(dir);
        }
        CHECK(found == sizeof(files) / sizeof(files[0]));
    }
    for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        json_value *root;
        const char *schema;
        snprintf(rel, sizeof(rel), "vectors/wycheproof/%s", files[i]);
        root = json_parse_file(test_data_path(rel));
        schema = json_str(json_get(root, "schema"));
        if (strcmp(schema, "rsassa_pkcs1_verify_schema_v1.json") == 0) {
            run_pkcs1_verify(files[i], root);
        } else if (strcmp(schema, "rsassa_pkcs1_generate_schema_v1.json") == 0) {
            run_pkcs1_sign(files[i], root);
        } else if (strcmp(schema, "rsassa_pss_verify_schema_v1.json") == 0) {
            run_pss(files[i], root);
        } else if (strcmp(schema, "rsaes_pkcs1_decrypt_schema_v1.json") == 0) {
            run_decrypt(files[i], root, 0);
        } else if (strcmp(schema, "rsaes_oaep_decrypt_schema_v1.json") == 0) {
            run_decrypt(files[i], root, 1);
        } else {
            test_check(0, "known schema", __FILE__, __LINE__);
        }
        json_free(root);
    }
    printf("rsa_wycheproof: %lu cases skipped (hash unknown to picopsa), %lu acceptable cases "
           "whose key was refused, %lu cases over hashes configured out\n", skipped, rejected_keys,
           configured_out_cases);
    return test_report("rsa_wycheproof");
}
#endif /* TEST_HAVE_RSA_KEY_PAIR */
