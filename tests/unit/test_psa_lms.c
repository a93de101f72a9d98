/*
 * test_psa_lms.c -- LMS and HSS verification through the PSA API (Crypto
 * API 1.3 PQC extension 2.5): PSA_KEY_TYPE_LMS_PUBLIC_KEY /
 * PSA_KEY_TYPE_HSS_PUBLIC_KEY with PSA_ALG_LMS / PSA_ALG_HSS in
 * psa_verify_message.
 *  - identifiers and size macros as the extension gives them;
 *  - RFC 8554 appendix F test cases 1 and 2 and the generated SP 800-208
 *    vectors (tests/data/vectors/lms) through psa_import_key /
 *    psa_verify_message; export and export_public return the key data;
 *    key_bits 192 / 256 from the data;
 *  - import refusals (INVALID_ARGUMENT, spec 9.6.1): malformed keys,
 *    key_bits other than the key's, an HSS key as an LMS key and the
 *    reverse; key pair types (0x7007 / 0x7008, not defined: NOT_SUPPORTED);
 *    psa_generate_key of a public key type (INVALID_ARGUMENT, 9.6.3);
 *  - verification refusals: modified signature / message and wrong lengths
 *    (INVALID_SIGNATURE, 10.7.4), wrong algorithm for the key or wrong key
 *    for the algorithm (INVALID_ARGUMENT), psa_verify_hash and psa_sign_*
 *    (INVALID_ARGUMENT: not a hash signature / no key pair, 10.7), usage
 *    and policy (NOT_PERMITTED);
 *  - psa_copy_key, persistent keys across purge and picopsa_shutdown.
 * With PSA_WANT_ALG_LMS and PSA_WANT_ALG_HSS 0: the NOT_SUPPORTED forms,
 * then exit 77.
 */
#include <psa/crypto.h>
#include <picopsa/config.h>
#include <picopsa/shutdown.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/pp_its.h"
#include "test_util.h"

#define LMS_PUB PSA_KEY_TYPE_LMS_PUBLIC_KEY
#define HSS_PUB PSA_KEY_TYPE_HSS_PUBLIC_KEY

#if PSA_WANT_ALG_LMS && PSA_WANT_ALG_HSS

typedef struct {
    uint8_t *pk, *msg, *sig;
    size_t pk_len, msg_len, sig_len;
} vector;

static vector load(const char *name)
{
    char rel[128];
    vector v;
    FILE *f;
    long size;
    char *text, *line;
    memset(&v, 0, sizeof(v));
    snprintf(rel, sizeof(rel), "vectors/lms/%s", name);
    f = fopen(test_data_path(rel), "rb");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", rel);
        abort();
    }
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = malloc((size_t)size + 1u);
    if (text == NULL || fread(text, 1, (size_t)size, f) != (size_t)size) {
        abort();
    }
    text[size] = '\0';
    fclose(f);
    for (line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        if (strncmp(line, "pk: ", 4) == 0) {
            v.pk = test_hex_decode(line + 4, &v.pk_len);
        } else if (strncmp(line, "msg: ", 5) == 0) {
            v.msg = test_hex_decode(line + 5, &v.msg_len);
        } else if (strncmp(line, "sig: ", 5) == 0) {
            v.sig = test_hex_decode(line + 5, &v.sig_len);
        }
    }
    free(text);
    if (v.pk == NULL || v.msg == NULL || v.sig == NULL) {
        abort();
    }
    return v;
}

static void unload(vector *v)
{
    free(v->pk);
    free(v->msg);
    free(v->sig);
}

static psa_key_attributes_t key_attr(psa_key_type_t type, size_t bits, psa_key_usage_t usage,
                                     psa_algorithm_t alg)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_set_key_type(&a, type);
    psa_set_key_bits(&a, bits);
    psa_set_key_usage_flags(&a, usage);
    psa_set_key_algorithm(&a, alg);
    return a;
}

static psa_key_id_t import(psa_key_type_t type, size_t bits, psa_key_usage_t usage,
                           psa_algorithm_t alg, const uint8_t *data, size_t len,
                           psa_status_t want)
{
    psa_key_attributes_t a = key_attr(type, bits, usage, alg);
    psa_key_id_t id = 0;
    CHECK_STATUS(psa_import_key(&a, data, len, &id), want);
    if (want != PSA_SUCCESS) {
        CHECK(id == 0);
    }
    return id;
}

#define VERIFY (PSA_KEY_USAGE_VERIFY_MESSAGE | PSA_KEY_USAGE_EXPORT)

static void test_values(void)
{
    CHECK(LMS_PUB == 0x4007u);
    CHECK(HSS_PUB == 0x4008u);
    CHECK(PSA_ALG_LMS == 0x06004800u);
    CHECK(PSA_ALG_HSS == 0x06004900u);
    CHECK(PSA_KEY_TYPE_IS_PUBLIC_KEY(LMS_PUB) && PSA_KEY_TYPE_IS_ASYMMETRIC(HSS_PUB));
    CHECK(PSA_ALG_IS_SIGN(PSA_ALG_LMS) && PSA_ALG_IS_SIGN(PSA_ALG_HSS));
    CHECK(PSA_ALG_IS_SIGN_MESSAGE(PSA_ALG_LMS) && PSA_ALG_IS_SIGN_MESSAGE(PSA_ALG_HSS));
    CHECK(!PSA_ALG_IS_SIGN_HASH(PSA_ALG_LMS) && !PSA_ALG_IS_SIGN_HASH(PSA_ALG_HSS));
    CHECK(PSA_EXPORT_KEY_OUTPUT_SIZE(LMS_PUB, 256) == 56u);
    CHECK(PSA_EXPORT_KEY_OUTPUT_SIZE(LMS_PUB, 192) == 48u);
    CHECK(PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(HSS_PUB, 256) == 60u);
    CHECK(PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(HSS_PUB, 192) == 52u);
    CHECK(PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(HSS_PUB, 128) == 0u);
    CHECK(PSA_EXPORT_PUBLIC_KEY_MAX_SIZE >= 60u);
    CHECK(PSA_SIGN_OUTPUT_SIZE(LMS_PUB, 256, PSA_ALG_LMS) == 0u);   /* no signing */
}

/* One vector as HSS (and, for L = 1, as LMS) through the API. */
static void check_vector(const char *file)
{
    vector v = load(file);
    int shake = strstr(file, "shake") != NULL;
    size_t bits = strstr(file, "_192") != NULL ? 192u : 256u;
    psa_status_t imp = (shake && !PICOPSA_LMS_SHAKE) ? PSA_ERROR_INVALID_ARGUMENT : PSA_SUCCESS;
    psa_key_id_t id = import(HSS_PUB, 0, VERIFY, PSA_ALG_HSS, v.pk, v.pk_len, imp);
    if (id != 0) {
        psa_key_attributes_t got = PSA_KEY_ATTRIBUTES_INIT;
        uint8_t out[64];
        size_t len = 0;
        CHECK_STATUS(psa_get_key_attributes(id, &got), PSA_SUCCESS);
        CHECK(psa_get_key_bits(&got) == bits);
        CHECK(psa_get_key_type(&got) == HSS_PUB);
        CHECK_STATUS(psa_export_key(id, out, sizeof(out), &len), PSA_SUCCESS);
        CHECK(len == v.pk_len && len == PSA_EXPORT_KEY_OUTPUT_SIZE(HSS_PUB, bits));
        CHECK_MEM(out, v.pk, v.pk_len);
        CHECK_STATUS(psa_export_public_key(id, out, sizeof(out), &len), PSA_SUCCESS);
        CHECK(len == v.pk_len);
        CHECK_MEM(out, v.pk, v.pk_len);
        CHECK_STATUS(psa_export_public_key(id, out, v.pk_len - 1u, &len),
                     PSA_ERROR_BUFFER_TOO_SMALL);
        CHECK_STATUS(psa_verify_message(id, PSA_ALG_HSS, v.msg, v.msg_len, v.sig, v.sig_len),
                     PSA_SUCCESS);
        v.sig[v.sig_len - 1] ^= 0x80u;
        CHECK_STATUS(psa_verify_message(id, PSA_ALG_HSS, v.msg, v.msg_len, v.sig, v.sig_len),
                     PSA_ERROR_INVALID_SIGNATURE);
        v.sig[v.sig_len - 1] ^= 0x80u;
        CHECK_STATUS(psa_verify_message(id, PSA_ALG_HSS, v.msg, v.msg_len - 1u, v.sig,
                                        v.sig_len),
                     PSA_ERROR_INVALID_SIGNATURE);
        CHECK_STATUS(psa_verify_message(id, PSA_ALG_HSS, v.msg, v.msg_len, v.sig,
                                        v.sig_len - 1u),
                     PSA_ERROR_INVALID_SIGNATURE);
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    }
    if (v.pk[3] == 1u) {   /* L = 1: the LMS key and signature inside */
        id = import(LMS_PUB, bits, VERIFY, PSA_ALG_LMS, v.pk + 4, v.pk_len - 4u, imp);
        if (id != 0) {
            CHECK_STATUS(psa_verify_message(id, PSA_ALG_LMS, v.msg, v.msg_len, v.sig + 4,
                                            v.sig_len - 4u),
                         PSA_SUCCESS);
            v.msg[0] ^= 1u;
            CHECK_STATUS(psa_verify_message(id, PSA_ALG_LMS, v.msg, v.msg_len, v.sig + 4,
                                            v.sig_len - 4u),
                         PSA_ERROR_INVALID_SIGNATURE);
            v.msg[0] ^= 1u;
            /* The HSS signature (with Nspk) is not an LMS signature. */
            CHECK_STATUS(psa_verify_message(id, PSA_ALG_LMS, v.msg, v.msg_len, v.sig,
                                            v.sig_len),
                         PSA_ERROR_INVALID_SIGNATURE);
            CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
        }
    }
    unload(&v);
}

static void test_vectors(void)
{
    static const char *const files[] = {
        "rfc8554_tc1.txt",
        "rfc8554_tc2.txt",
        "sp800208_sha256_256_h5_w1.txt",
        "sp800208_sha256_192_h5_w2.txt",
        "sp800208_sha256_192_h5_w8.txt",
        "sp800208_shake256_256_h5_w4.txt",
        "sp800208_shake256_192_h5_w1.txt",
        "sp800208_hss_l2_shake256_192_sha256.txt",
        "sp800208_hss_l3_sha256_192.txt",
        "caliptra_sha256_192_h15_w4.txt",
    };
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        check_vector(files[i]);
    }
}

static void test_import_refusals(void)
{
    vector v = load("rfc8554_tc1.txt");
    uint8_t bad[64];
    psa_key_attributes_t a;
    psa_key_id_t id = 0;
    /* key_bits other than the key's hash length. */
    import(HSS_PUB, 192, VERIFY, PSA_ALG_HSS, v.pk, v.pk_len, PSA_ERROR_INVALID_ARGUMENT);
    import(HSS_PUB, 255, VERIFY, PSA_ALG_HSS, v.pk, v.pk_len, PSA_ERROR_INVALID_ARGUMENT);
    import(LMS_PUB, 192, VERIFY, PSA_ALG_LMS, v.pk + 4, 56, PSA_ERROR_INVALID_ARGUMENT);
    id = import(HSS_PUB, 256, VERIFY, PSA_ALG_HSS, v.pk, v.pk_len, PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    /* The other type's encoding; wrong lengths. */
    import(LMS_PUB, 0, VERIFY, PSA_ALG_LMS, v.pk, v.pk_len, PSA_ERROR_INVALID_ARGUMENT);
    import(HSS_PUB, 0, VERIFY, PSA_ALG_HSS, v.pk + 4, 56, PSA_ERROR_INVALID_ARGUMENT);
    import(HSS_PUB, 0, VERIFY, PSA_ALG_HSS, v.pk, v.pk_len - 1u, PSA_ERROR_INVALID_ARGUMENT);
    memcpy(bad, v.pk, v.pk_len);
    bad[v.pk_len] = 0;
    import(HSS_PUB, 0, VERIFY, PSA_ALG_HSS, bad, v.pk_len + 1u, PSA_ERROR_INVALID_ARGUMENT);
    import(HSS_PUB, 0, VERIFY, PSA_ALG_HSS, bad, 0, PSA_ERROR_INVALID_ARGUMENT);
    /* L = 0, L = 9; unknown typecodes; mixed families. */
    bad[3] = 0;
    import(HSS_PUB, 0, VERIFY, PSA_ALG_HSS, bad, v.pk_len, PSA_ERROR_INVALID_ARGUMENT);
    bad[3] = 9;
    import(HSS_PUB, 0, VERIFY, PSA_ALG_HSS, bad, v.pk_len, PSA_ERROR_INVALID_ARGUMENT);
    bad[3] = 8;
    id = import(HSS_PUB, 0, VERIFY, PSA_ALG_HSS, bad, v.pk_len, PSA_SUCCESS);
    /* A well-formed L = 8 key: the L = 2 signature does not verify. */
    CHECK_STATUS(psa_verify_message(id, PSA_ALG_HSS, v.msg, v.msg_len, v.sig, v.sig_len),
                 PSA_ERROR_INVALID_SIGNATURE);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    bad[3] = 2;
    bad[7] = 0x19;   /* LMS typecode past LMS_SHAKE_M24_H25 */
    import(HSS_PUB, 0, VERIFY, PSA_ALG_HSS, bad, v.pk_len, PSA_ERROR_INVALID_ARGUMENT);
    bad[7] = 0x05;
    bad[11] = 0x08;  /* LMOTS_SHA256_N24_W8 under LMS_SHA256_M32_H5 */
    import(HSS_PUB, 0, VERIFY, PSA_ALG_HSS, bad, v.pk_len, PSA_ERROR_INVALID_ARGUMENT);
    bad[11] = 0x00;
    import(HSS_PUB, 0, VERIFY, PSA_ALG_HSS, bad, v.pk_len, PSA_ERROR_INVALID_ARGUMENT);
    /* No key pair types: 0x7007 / 0x7008 are not defined. */
    import(PSA_KEY_TYPE_KEY_PAIR_OF_PUBLIC_KEY(LMS_PUB), 0, VERIFY, PSA_ALG_LMS, v.pk + 4, 56,
           PSA_ERROR_NOT_SUPPORTED);
    import(PSA_KEY_TYPE_KEY_PAIR_OF_PUBLIC_KEY(HSS_PUB), 0, VERIFY, PSA_ALG_HSS, v.pk, 60,
           PSA_ERROR_NOT_SUPPORTED);
    a = key_attr(PSA_KEY_TYPE_KEY_PAIR_OF_PUBLIC_KEY(HSS_PUB), 256,
                 PSA_KEY_USAGE_SIGN_MESSAGE, PSA_ALG_HSS);
    CHECK_STATUS(psa_generate_key(&a, &id), PSA_ERROR_NOT_SUPPORTED);
    /* Spec 9.6.3: generation makes key pairs; a public key type is
     * INVALID_ARGUMENT. */
    a = key_attr(HSS_PUB, 256, VERIFY, PSA_ALG_HSS);
    CHECK_STATUS(psa_generate_key(&a, &id), PSA_ERROR_INVALID_ARGUMENT);
    unload(&v);
}

static void test_verify_refusals(void)
{
    vector v = load("sp800208_sha256_192_h5_w8.txt");
    const uint8_t *lpk = v.pk + 4, *lsig = v.sig + 4;
    size_t lsig_len = v.sig_len - 4u, len;
    uint8_t sig[64];
    psa_key_id_t lms, hss, any, no_verify, sign_usage;

    lms = import(LMS_PUB, 0, VERIFY, PSA_ALG_LMS, lpk, 48, PSA_SUCCESS);
    hss = import(HSS_PUB, 0, VERIFY, PSA_ALG_HSS, v.pk, v.pk_len, PSA_SUCCESS);
    /* Wrong algorithm for the key type: the policy first (NOT_PERMITTED),
     * then, with a policy naming it, the key type (INVALID_ARGUMENT,
     * 10.7.4: "key is not a public key ... compatible with alg"). */
    CHECK_STATUS(psa_verify_message(lms, PSA_ALG_HSS, v.msg, v.msg_len, v.sig, v.sig_len),
                 PSA_ERROR_NOT_PERMITTED);
    any = import(LMS_PUB, 0, VERIFY, PSA_ALG_HSS, lpk, 48, PSA_SUCCESS);
    CHECK_STATUS(psa_verify_message(any, PSA_ALG_HSS, v.msg, v.msg_len, v.sig, v.sig_len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_destroy_key(any), PSA_SUCCESS);
    any = import(HSS_PUB, 0, VERIFY, PSA_ALG_LMS, v.pk, v.pk_len, PSA_SUCCESS);
    CHECK_STATUS(psa_verify_message(any, PSA_ALG_LMS, v.msg, v.msg_len, lsig, lsig_len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_destroy_key(any), PSA_SUCCESS);
    /* Another algorithm with an LMS key. */
    any = import(LMS_PUB, 0, VERIFY, PSA_ALG_PURE_EDDSA, lpk, 48, PSA_SUCCESS);
    CHECK_STATUS(psa_verify_message(any, PSA_ALG_PURE_EDDSA, v.msg, v.msg_len, sig, 64),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_destroy_key(any), PSA_SUCCESS);
#if PSA_WANT_ALG_PURE_EDDSA
    /* An LMS signature with another key type. */
    {
        static const uint8_t ed_pk[32] = {
            0xd7, 0x5a, 0x98, 0x01, 0x82, 0xb1, 0x0a, 0xb7, 0xd5, 0x4b, 0xfe,
            0xd3, 0xc9, 0x64, 0x07, 0x3a, 0x0e, 0xe1, 0x72, 0xf3, 0xda, 0xa6,
            0x23, 0x25, 0xaf, 0x02, 0x1a, 0x68, 0xf7, 0x07, 0x51, 0x1a};   /* RFC 8032 7.1 */
        any = import(PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_TWISTED_EDWARDS), 255,
                     PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_LMS, ed_pk, 32, PSA_SUCCESS);
        CHECK_STATUS(psa_verify_message(any, PSA_ALG_LMS, v.msg, v.msg_len, lsig, lsig_len),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(psa_destroy_key(any), PSA_SUCCESS);
    }
#endif
    /* psa_verify_hash: LMS / HSS sign messages only (2.5.2). */
    CHECK_STATUS(psa_verify_hash(lms, PSA_ALG_LMS, v.msg, 32, lsig, lsig_len),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* Signing: no key pairs, so none (10.7.3: "key is not an asymmetric
     * key pair"); with the usage granted or not. */
    sign_usage = import(LMS_PUB, 0, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE,
                        PSA_ALG_LMS, lpk, 48, PSA_SUCCESS);
    if (sign_usage != 0) {
        len = 7;
        CHECK_STATUS(psa_sign_message(sign_usage, PSA_ALG_LMS, v.msg, v.msg_len, sig,
                                      sizeof(sig), &len),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK(len == 0);
        CHECK_STATUS(psa_destroy_key(sign_usage), PSA_SUCCESS);
    }
    len = 7;
    CHECK_STATUS(psa_sign_message(hss, PSA_ALG_HSS, v.msg, v.msg_len, sig, sizeof(sig), &len),
                 PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_sign_hash(lms, PSA_ALG_LMS, v.msg, 32, sig, sizeof(sig), &len),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* Usage: no VERIFY_MESSAGE (VERIFY_HASH would imply it, spec 9.5.2). */
    no_verify = import(LMS_PUB, 0, PSA_KEY_USAGE_EXPORT | PSA_KEY_USAGE_ENCRYPT,
                       PSA_ALG_LMS, lpk, 48, PSA_SUCCESS);
    CHECK_STATUS(psa_verify_message(no_verify, PSA_ALG_LMS, v.msg, v.msg_len, lsig, lsig_len),
                 PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_destroy_key(no_verify), PSA_SUCCESS);
    /* Empty signature, NULL message with length 0. */
    CHECK_STATUS(psa_verify_message(lms, PSA_ALG_LMS, v.msg, v.msg_len, NULL, 0),
                 PSA_ERROR_INVALID_SIGNATURE);
    CHECK_STATUS(psa_verify_message(lms, PSA_ALG_LMS, NULL, 0, lsig, lsig_len),
                 PSA_ERROR_INVALID_SIGNATURE);
    CHECK_STATUS(psa_verify_message(lms, PSA_ALG_LMS, v.msg, v.msg_len, lsig, lsig_len),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_verify_message(hss, PSA_ALG_HSS, v.msg, v.msg_len, v.sig, v.sig_len),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(lms), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(hss), PSA_SUCCESS);
    unload(&v);
}

static void test_copy_and_storage(void)
{
    vector v = load("rfc8554_tc2.txt");
    psa_key_attributes_t a = key_attr(HSS_PUB, 0, VERIFY | PSA_KEY_USAGE_COPY, PSA_ALG_HSS);
    psa_key_attributes_t ca = key_attr(0, 0, PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_HSS);
    psa_key_id_t id = 0, copy = 0;
    uint8_t out[64];
    size_t len;
    CHECK_STATUS(psa_import_key(&a, v.pk, v.pk_len, &id), PSA_SUCCESS);
    CHECK_STATUS(psa_copy_key(id, &ca, &copy), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_message(copy, PSA_ALG_HSS, v.msg, v.msg_len, v.sig, v.sig_len),
                 PSA_SUCCESS);
    /* A public key exports without PSA_KEY_USAGE_EXPORT (spec 9.5.2). */
    CHECK_STATUS(psa_export_key(copy, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK(len == v.pk_len);
    CHECK_STATUS(psa_destroy_key(copy), PSA_SUCCESS);
#if PP_ITS_BUILT
    {
        psa_key_id_t stored = 0;
        (void)psa_destroy_key(0x2701u);   /* a left-over of an interrupted run */
        psa_set_key_id(&a, 0x2701u);
        CHECK_STATUS(psa_copy_key(id, &a, &stored), PSA_SUCCESS);
        CHECK(stored == 0x2701u);
        CHECK_STATUS(psa_purge_key(stored), PSA_SUCCESS);
        CHECK_STATUS(psa_verify_message(stored, PSA_ALG_HSS, v.msg, v.msg_len, v.sig,
                                        v.sig_len),
                     PSA_SUCCESS);
        picopsa_shutdown();
        CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
        CHECK_STATUS(psa_export_public_key(stored, out, sizeof(out), &len), PSA_SUCCESS);
        CHECK(len == v.pk_len);
        CHECK_MEM(out, v.pk, v.pk_len);
        CHECK_STATUS(psa_verify_message(stored, PSA_ALG_HSS, v.msg, v.msg_len, v.sig,
                                        v.sig_len),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(stored), PSA_SUCCESS);
        id = 0;   /* the volatile key went with picopsa_shutdown */
        /* A persistent LMS key imported directly. */
        {
            psa_key_attributes_t la = key_attr(LMS_PUB, 256, VERIFY, PSA_ALG_LMS);
            const uint8_t *child = v.sig + 4 + 2508;   /* the level-2 key of test case 2 */
            (void)psa_destroy_key(0x2702u);
            psa_set_key_id(&la, 0x2702u);
            CHECK_STATUS(psa_import_key(&la, child, 56, &stored), PSA_SUCCESS);
            picopsa_shutdown();
            CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
            CHECK_STATUS(psa_verify_message(stored, PSA_ALG_LMS, v.msg, v.msg_len,
                                            child + 56, v.sig_len - 4 - 2508 - 56),
                         PSA_SUCCESS);
            CHECK_STATUS(psa_destroy_key(stored), PSA_SUCCESS);
        }
    }
#endif
    if (id != 0) {
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    }
    unload(&v);
}

int main(void)
{
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_values();
    test_vectors();
    test_import_refusals();
    test_verify_refusals();
    test_copy_and_storage();
    return test_report("psa_lms");
}

#else
/* Configured out (or only one of the two built): the key types answer
 * NOT_SUPPORTED at import, then skip. */
int main(void)
{
    static const uint8_t pk[60] = {0, 0, 0, 1, 0, 0, 0, 5, 0, 0, 0, 4};
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_VERIFY_MESSAGE);
#if !PSA_WANT_ALG_HSS
    psa_set_key_type(&a, HSS_PUB);
    psa_set_key_algorithm(&a, PSA_ALG_HSS);
    CHECK_STATUS(psa_import_key(&a, pk, sizeof(pk), &id), PSA_ERROR_NOT_SUPPORTED);
#endif
#if !PSA_WANT_ALG_LMS
    psa_set_key_type(&a, LMS_PUB);
    psa_set_key_algorithm(&a, PSA_ALG_LMS);
    CHECK_STATUS(psa_import_key(&a, pk + 4, 56, &id), PSA_ERROR_NOT_SUPPORTED);
#endif
    return test_skip("psa_lms", "PSA_WANT_ALG_LMS or PSA_WANT_ALG_HSS is 0");
}
#endif
