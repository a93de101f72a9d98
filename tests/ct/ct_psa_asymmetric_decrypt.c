/*
 * ct_psa_asymmetric_decrypt.c -- constant-time check of the whole
 * psa_asymmetric_decrypt path (core front end, RSA glue, private
 * operation, PKCS#1 v1.5 / OAEP unpadding, output handling) under
 * valgrind memcheck. Issue 9, finding 5.
 *
 * The private fields of the key in its slot (d, p, q, dp, dq, qinv,
 * R^2 mod p/q, -p^-1/-q^-1 mod 2^w) and the ciphertext are marked secret,
 * so the decrypted block, the padding verdict, the message length and the
 * status are secret-derived all the way out: any branch or memory index
 * on them inside psa_asymmetric_decrypt is reported. Only the returned
 * status, length and output are declassified, after the call, as the API
 * returns them. Cases: valid ciphertexts (empty, short, maximum-length
 * messages; OAEP with a label), ciphertexts whose block has each kind of
 * padding defect, a wrong OAEP label, and a ciphertext >= n (the private
 * operation's range mask). On every failure the output must be all zeros
 * and the length 0.
 */
#include <stdlib.h>
#include <string.h>

#include <psa/crypto.h>

#include "ct.h"
#include "json.h"
#include "core/pp_core.h"
#include "hash/pp_hash.h"
#include "rsa/rsa.h"
#include "rsa/rsa_core_internal.h"
#include "rsa/rsa_padding.h"
#include "test_util.h"
#include "test_config.h"
#if !(TEST_HAVE_RSA_KEY_PAIR)
/* The whole subject of this test is configured out. */
int main(void)
{
    return test_skip("ct_psa_asymmetric_decrypt", "RSA key pairs configured out (PSA_WANT_KEY_TYPE_RSA_KEY_PAIR 0)");
}
#else

#define K 256u

static uint8_t key_der[2048];
static size_t key_der_len;

/* The RSAPrivateKey inside the Wycheproof 2048-bit key's PKCS#8 blob:
 * SEQUENCE(82 len) { version (3 bytes), AlgorithmIdentifier (15 bytes),
 * OCTET STRING(82 len) }. */
static int load_der(void)
{
    json_value *root = json_parse_file(test_data_path("vectors/wycheproof/rsa_pkcs1_2048_test.json"));
    const char *hex = json_str(json_get(json_at(json_get(root, "testGroups"), 0), "privateKeyPkcs8"));
    size_t len = 0;
    uint8_t *der = hex != NULL ? test_hex_decode(hex, &len) : NULL;
    int ok = der != NULL && len > 26u && der[0] == 0x30 && der[4] == 0x02 && der[22] == 0x04 &&
             der[23] == 0x82;
    if (ok) {
        key_der_len = ((size_t)der[24] << 8) | der[25];
        ok = key_der_len + 26u <= len && key_der_len <= sizeof(key_der);
    }
    if (ok) {
        memcpy(key_der, der + 26, key_der_len);
    }
    free(der);
    json_free(root);
    return ok;
}

static psa_key_id_t import(psa_algorithm_t alg)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_import_key(&attr, key_der, key_der_len, &id), PSA_SUCCESS);
    return id;
}

/* Mark the private fields of the key in its slot as secret. */
static const uint8_t *mark_key_secret(psa_key_id_t id)
{
    static const pp_rsa_field priv[] = {
        PP_RSA_F_D, PP_RSA_F_P, PP_RSA_F_Q, PP_RSA_F_DP, PP_RSA_F_DQ,
        PP_RSA_F_QINV, PP_RSA_F_R2P, PP_RSA_F_R2Q
    };
    pp_key_slot *slot;
    pp_rsa_header h;
    uint8_t *m;
    size_t i;
    if (!CHECK_STATUS(pp_slot_get(id, &slot), PSA_SUCCESS)) {
        return NULL;
    }
    m = slot->material;
    CHECK(pp_rsa_header_read(m, &h));
    for (i = 0; i < sizeof(priv) / sizeof(priv[0]); i++) {
        CT_SECRET(m + pp_rsa_field_offset(&h, priv[i]), pp_rsa_field_limbs(&h, priv[i]) * sizeof(pp_limb));
    }
    CT_SECRET(m + 32, 16); /* -p^-1, -q^-1 mod 2^w */
    pp_slot_unlock(slot);
    return m;
}

static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        acc |= p[i];
    }
    return acc == 0;
}

/* psa_asymmetric_decrypt with the ciphertext secret; everything
 * declassified only after the call. */
static void run(psa_key_id_t id, psa_algorithm_t alg, const uint8_t *ct_public,
                const uint8_t *label, size_t label_len, psa_status_t want,
                const uint8_t *want_msg, size_t want_len)
{
    uint8_t ct[K], out[K];
    size_t out_len = 12345;
    psa_status_t st;

    memcpy(ct, ct_public, K);
    memset(out, 0xa5, sizeof(out));
    CT_SECRET(ct, K);
    st = psa_asymmetric_decrypt(id, alg, ct, K, label, label_len, out, sizeof(out), &out_len);
    CT_PUBLIC(&st, sizeof(st));
    CT_PUBLIC(&out_len, sizeof(out_len));
    CT_PUBLIC(out, sizeof(out));
    CHECK_STATUS(st, want);
    if (want == PSA_SUCCESS) {
        CHECK(out_len == want_len && memcmp(out, want_msg, want_len) == 0);
    } else {
        CHECK(out_len == 0);
        CHECK(all_zero(out, sizeof(out)));
    }
}

/* Ciphertext of a raw (already padded) block: RSAEP with the public key. */
static void raw_encrypt(const uint8_t *material, const uint8_t *em, uint8_t *ct)
{
    CHECK_STATUS(pp_rsa_public_op(material, em, ct), PSA_SUCCESS);
}

/* Unmasked OAEP-SHA-256 block -> masked EM (the encoder's MGF1 steps). */
static void oaep_mask(uint8_t *em)
{
    pp_rsa_mgf1_xor(PSA_ALG_SHA_256, em + 1, 32, em + 33, K - 33);
    pp_rsa_mgf1_xor(PSA_ALG_SHA_256, em + 33, K - 33, em + 1, 32);
}

static void test_pkcs1v15(void)
{
    psa_algorithm_t alg = PSA_ALG_RSA_PKCS1V15_CRYPT;
    psa_key_id_t id = import(alg);
    const uint8_t *material = mark_key_secret(id);
    static const size_t lens[3] = { 0, 16, K - 11u };
    uint8_t msg[K], ct[K], em[K], bad[K];
    size_t ct_len = 0, i;

    if (material == NULL) {
        return;
    }
    for (i = 0; i < 3; i++) {
        test_rng_bytes(msg, lens[i]);
        CHECK_STATUS(psa_asymmetric_encrypt(id, alg, msg, lens[i], NULL, 0, ct, sizeof(ct), &ct_len),
                     PSA_SUCCESS);
        run(id, alg, ct, NULL, 0, PSA_SUCCESS, msg, lens[i]);
    }
    /* Defects: first byte, block type, a zero inside the 8 PS bytes, no separator. */
    test_rng_bytes(msg, 16);
    CHECK_STATUS(pp_rsa_pkcs1v15_encrypt_encode(msg, 16, em, K), PSA_SUCCESS);
    raw_encrypt(material, em, ct);
    run(id, alg, ct, NULL, 0, PSA_SUCCESS, msg, 16);
    memcpy(bad, em, K); bad[0] = 1; /* 01 02 ..: still < n */
    raw_encrypt(material, bad, ct);
    run(id, alg, ct, NULL, 0, PSA_ERROR_INVALID_PADDING, NULL, 0);
    memcpy(bad, em, K); bad[1] = 1;
    raw_encrypt(material, bad, ct);
    run(id, alg, ct, NULL, 0, PSA_ERROR_INVALID_PADDING, NULL, 0);
    memcpy(bad, em, K); bad[5] = 0;
    raw_encrypt(material, bad, ct);
    run(id, alg, ct, NULL, 0, PSA_ERROR_INVALID_PADDING, NULL, 0);
    memcpy(bad, em, K); memset(bad + 2, 0x5a, K - 2);
    raw_encrypt(material, bad, ct);
    run(id, alg, ct, NULL, 0, PSA_ERROR_INVALID_PADDING, NULL, 0);
    /* A ciphertext >= n: the private operation's range mask. */
    memset(ct, 0xff, K);
    run(id, alg, ct, NULL, 0, PSA_ERROR_INVALID_ARGUMENT, NULL, 0);
    psa_destroy_key(id);
}

static void test_oaep(void)
{
    psa_algorithm_t alg = PSA_ALG_RSA_OAEP(PSA_ALG_SHA_256);
    psa_key_id_t id = import(alg);
    const uint8_t *material = mark_key_secret(id);
    static const uint8_t label[5] = { 1, 2, 3, 4, 5 };
    static const size_t lens[3] = { 0, 16, K - 66u };
    uint8_t msg[K], ct[K], em[K], bad[K];
    size_t ct_len = 0, i;

    if (material == NULL) {
        return;
    }
    for (i = 0; i < 3; i++) {
        test_rng_bytes(msg, lens[i]);
        CHECK_STATUS(psa_asymmetric_encrypt(id, alg, msg, lens[i], label, sizeof(label), ct,
                                            sizeof(ct), &ct_len), PSA_SUCCESS);
        run(id, alg, ct, label, sizeof(label), PSA_SUCCESS, msg, lens[i]);
        /* the same ciphertext with another (empty) label */
        run(id, alg, ct, NULL, 0, PSA_ERROR_INVALID_PADDING, NULL, 0);
    }
    /* Defects planted in the unmasked block: Y != 0, lHash, no 0x01, all zeros. */
    test_rng_bytes(msg, 16);
    memset(em, 0, K);
    test_rng_bytes(em + 1, 32);
    CHECK_STATUS(pp_hash_compute(PSA_ALG_SHA_256, label, sizeof(label), em + 33), PSA_SUCCESS);
    em[K - 17] = 0x01;
    memcpy(em + K - 16, msg, 16);
    memcpy(bad, em, K); oaep_mask(bad); raw_encrypt(material, bad, ct);
    run(id, alg, ct, label, sizeof(label), PSA_SUCCESS, msg, 16);
    memcpy(bad, em, K); oaep_mask(bad); bad[0] = 1; raw_encrypt(material, bad, ct);
    run(id, alg, ct, label, sizeof(label), PSA_ERROR_INVALID_PADDING, NULL, 0);
    memcpy(bad, em, K); bad[40] ^= 1; oaep_mask(bad); raw_encrypt(material, bad, ct);
    run(id, alg, ct, label, sizeof(label), PSA_ERROR_INVALID_PADDING, NULL, 0);
    memcpy(bad, em, K); bad[K - 17] = 0x02; oaep_mask(bad); raw_encrypt(material, bad, ct);
    run(id, alg, ct, label, sizeof(label), PSA_ERROR_INVALID_PADDING, NULL, 0);
    memcpy(bad, em, K); memset(bad + 65, 0, K - 65); oaep_mask(bad); raw_encrypt(material, bad, ct);
    run(id, alg, ct, label, sizeof(label), PSA_ERROR_INVALID_PADDING, NULL, 0);
    memset(ct, 0xff, K);
    run(id, alg, ct, label, sizeof(label), PSA_ERROR_INVALID_ARGUMENT, NULL, 0);
    psa_destroy_key(id);
}

int main(void)
{
    CHECK(CT_UNDER_VALGRIND());
    test_rng_seed(0x63745f6465637279ull);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    if (!CHECK(load_der())) {
        return test_report("ct_psa_asymmetric_decrypt");
    }
    test_pkcs1v15();
    test_oaep();
    return test_report("ct_psa_asymmetric_decrypt");
}
#endif /* TEST_HAVE_RSA_KEY_PAIR */
