/*
 * test_sp800_108_cmac.c -- PSA_ALG_SP800_108_COUNTER_CMAC (PSA Crypto API
 * 1.2 sec. 10.6.1: SP 800-108r1 4.1 counter mode over AES-CMAC with the
 * K_0 term), src/kdf/sp800_108_cmac.h and through the PSA API:
 *  - known answers computed from the spec's formula by
 *    tests/data/kdf/sp800_108_cmac_kat.py (Python `cryptography` CMAC,
 *    independent of picopsa); its first two rows are the CMAC example of
 *    ARM-software/psa-api examples/crypto/SP800-108_counter_KDF (Nordic),
 *    which the script reproduces; AES-128/192/256, with and without label
 *    and context, one call and in pieces, verify_bytes, output_key;
 *  - random keys, labels, contexts and lengths against the same formula
 *    computed here with OpenSSL's EVP_MAC "CMAC" (K_0, then the K_i);
 *  - L enters K_0 and every K_i: another capacity, another stream;
 *  - statuses (10.6.1, 10.6.3): SECRET as bytes, an HMAC or DERIVE key,
 *    a RAW_DATA key: INVALID_ARGUMENT; setup behind ECDH:
 *    INVALID_ARGUMENT; a label with 0x00: INVALID_ARGUMENT; set_capacity
 *    after the first output: BAD_STATE; the primitive's start/output
 *    order and limits, a bad AES key length.
 */
#include <psa/crypto.h>

#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "test_util.h"

#if !PSA_WANT_ALG_SP800_108_COUNTER_CMAC
int main(void)
{
    return test_skip("sp800_108_cmac", "PSA_WANT_ALG_SP800_108_COUNTER_CMAC configured out");
}
#else

#include "kdf/sp800_108_cmac.h"

/* tests/data/kdf/sp800_108_cmac_kat.py: key, label, context, output. */
static const char *const KAT[][4] = {
    {"0102030405060708090a0b0c0d0e0d0f",
     "5053415f414c475f53503830305f3130385f434f554e5445522053616d706c65",
     "53616d706c65206b6579206372656174696f6e20766961205350203830302d313038723120436f756e7465"
     "72206d6f6465",
     "3c50b55a13b949ad25b4b40fc37f553836b59fa0d074b73c83176d4c105fc217838ec4a1b07b8abea8f1"},
    {"0102030405060708090a0b0c0d0e0d0f",
     "5053415f414c475f53503830305f3130385f434f554e5445522053616d706c65", "",
     "e1ecfc001e2e9adbd016b3b4f323ce00c10582ec81e1fc1940474ca684f9e507b58abd03bce523820511"},
    {"000102030405060708090a0b0c0d0e0f", "", "", "c5f57158295913ceedff81345de3ce31"},
    {"000102030405060708090a0b0c0d0e0f", "6c6162656c", "", "8a"},
    {"000102030405060708090a0b0c0d0e0f1011121314151617", "", "636f6e74657874206f6e6c79",
     "f31c14541eb207e7852fdb9b7cacfaaafb384a60741a803698939ff092aef1e704"},
    {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "61206c6162656c",
     "00010220636f6e746578742077697468207a65726f73",
     "99605b8a2be24fbcafbf701f229d5eb185bb3a581a7d375f611fbb180f272054ab1da859f2678ed09228522c"
     "dd6a9f40d3c33219c93d31360d729584bdda29cb"},
    {"202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f", "4c", "43",
     "90faba8ab7746aedc127d66f457597dfb2f0ab4538d3b1c6dcdac78ec5479cc7ec57c1aa03005a5863294a45"
     "fccdb0d8f158d2b444db4b0668c69d565ef8278c20b9ca3d803b4c082c82d4618b9f7e5de75e43bdbace351d"
     "b2dc28e0ef6d85c0caee38f1"},
};
#define N_KAT (sizeof(KAT) / sizeof(KAT[0]))

static psa_key_id_t aes_key(const uint8_t *key, size_t key_len, psa_key_usage_t usage,
                            psa_algorithm_t alg)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, PSA_KEY_TYPE_AES);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_import_key(&attr, key, key_len, &id), PSA_SUCCESS);
    return id;
}

/* SECRET from key, optional LABEL/CONTEXT (NULL: not given), capacity
 * len, output in pieces of up to max_chunk (0: one call). */
static psa_status_t derive(psa_key_id_t key, const uint8_t *label, size_t label_len,
                           const uint8_t *context, size_t context_len, uint8_t *out, size_t len,
                           size_t max_chunk)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    size_t done = 0;
    psa_status_t st = psa_key_derivation_setup(&op, PSA_ALG_SP800_108_COUNTER_CMAC);
    if (st == PSA_SUCCESS) {
        st = psa_key_derivation_set_capacity(&op, len);
    }
    if (st == PSA_SUCCESS) {
        st = psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_SECRET, key);
    }
    if (st == PSA_SUCCESS && label != NULL) {
        st = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_LABEL, label,
                                            label_len);
    }
    if (st == PSA_SUCCESS && context != NULL) {
        st = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_CONTEXT, context,
                                            context_len);
    }
    while (st == PSA_SUCCESS && done < len) {
        size_t n = max_chunk == 0 ? len : test_rng_range(1, max_chunk);
        if (n > len - done) {
            n = len - done;
        }
        st = psa_key_derivation_output_bytes(&op, out + done, n);
        done += n;
    }
    psa_key_derivation_abort(&op);
    return st;
}

static void ossl_cmac(const uint8_t *key, size_t key_len, const uint8_t *const *parts,
                      const size_t *lens, size_t n_parts, uint8_t mac[16])
{
    EVP_MAC *m = EVP_MAC_fetch(NULL, "CMAC", NULL);
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(m);
    char cipher[16];
    OSSL_PARAM params[2];
    size_t i, out_len = 0;
    snprintf(cipher, sizeof(cipher), "AES-%zu-CBC", key_len * 8);
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, cipher, 0);
    params[1] = OSSL_PARAM_construct_end();
    CHECK(EVP_MAC_init(ctx, key, key_len, params) == 1);
    for (i = 0; i < n_parts; i++) {
        CHECK(EVP_MAC_update(ctx, parts[i], lens[i]) == 1);
    }
    CHECK(EVP_MAC_final(ctx, mac, &out_len, 16) == 1 && out_len == 16);
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(m);
}

/* 10.6.1's formula with OpenSSL's CMAC. */
static void ossl_kdf(const uint8_t *key, size_t key_len, const uint8_t *label, size_t label_len,
                     const uint8_t *context, size_t context_len, uint8_t *out, size_t len)
{
    static const uint8_t zero = 0;
    uint8_t l_be[4], i_be[4], k0[16], block[16];
    const uint8_t *parts[6];
    size_t lens[6], done = 0;
    uint32_t i = 1, l = (uint32_t)(8u * len);
    l_be[0] = (uint8_t)(l >> 24); l_be[1] = (uint8_t)(l >> 16);
    l_be[2] = (uint8_t)(l >> 8); l_be[3] = (uint8_t)l;
    parts[0] = label; lens[0] = label_len;
    parts[1] = &zero; lens[1] = 1;
    parts[2] = context; lens[2] = context_len;
    parts[3] = l_be; lens[3] = 4;
    ossl_cmac(key, key_len, parts, lens, 4, k0);
    while (done < len) {
        size_t n = len - done < 16 ? len - done : 16;
        i_be[0] = (uint8_t)(i >> 24); i_be[1] = (uint8_t)(i >> 16);
        i_be[2] = (uint8_t)(i >> 8); i_be[3] = (uint8_t)i;
        parts[0] = i_be; lens[0] = 4;
        parts[1] = label; lens[1] = label_len;
        parts[2] = &zero; lens[2] = 1;
        parts[3] = context; lens[3] = context_len;
        parts[4] = l_be; lens[4] = 4;
        parts[5] = k0; lens[5] = 16;
        ossl_cmac(key, key_len, parts, lens, 6, block);
        memcpy(out + done, block, n);
        done += n;
        i++;
    }
}

static void test_known(void)
{
    size_t i, chunk;
    for (i = 0; i < N_KAT; i++) {
        uint8_t key[32], label[64], context[64], want[100], out[100];
        size_t key_len = test_hex_to(KAT[i][0], key, sizeof(key));
        size_t label_len = test_hex_to(KAT[i][1], label, sizeof(label));
        size_t context_len = test_hex_to(KAT[i][2], context, sizeof(context));
        size_t len = test_hex_to(KAT[i][3], want, sizeof(want));
        psa_key_id_t id = aes_key(key, key_len, PSA_KEY_USAGE_DERIVE, PSA_ALG_SP800_108_COUNTER_CMAC);
        for (chunk = 0; chunk < 40; chunk += 7) {
            memset(out, 0, sizeof(out));
            /* an empty label/context given or left out: the same stream */
            if (!CHECK_STATUS(derive(id, label_len || chunk % 2 ? label : NULL, label_len,
                                     context_len || chunk % 2 ? context : NULL, context_len, out,
                                     len, chunk),
                              PSA_SUCCESS) ||
                !CHECK_MEM(out, want, len)) {
                fprintf(stderr, "  KAT %zu, pieces of up to %zu\n", i, chunk);
            }
        }
        {
            /* verify_bytes and output_key over the same stream */
            psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
            psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
            psa_key_id_t derived = PSA_KEY_ID_NULL;
            uint8_t exported[100];
            size_t exported_len = 0, half = len / 2;
            CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_SP800_108_COUNTER_CMAC),
                         PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_set_capacity(&op, len), PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_SECRET, id),
                         PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_LABEL,
                                                        label, label_len), PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_CONTEXT,
                                                        context, context_len), PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_verify_bytes(&op, want, half), PSA_SUCCESS);
            if (len - half > 0) {
                psa_set_key_type(&attr, PSA_KEY_TYPE_RAW_DATA);
                psa_set_key_bits(&attr, 8 * (len - half));
                psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_EXPORT);
                CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived), PSA_SUCCESS);
                CHECK_STATUS(psa_export_key(derived, exported, sizeof(exported), &exported_len),
                             PSA_SUCCESS);
                CHECK(exported_len == len - half);
                CHECK_MEM(exported, want + half, len - half);
                psa_destroy_key(derived);
            }
            CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        }
        psa_destroy_key(id);
    }
}

static void test_openssl(void)
{
    unsigned i;
    for (i = 0; i < 200; i++) {
        static const size_t key_lens[3] = {16, 24, 32};
        uint8_t key[32], label[60], context[70], ours[300], theirs[300];
        size_t key_len = key_lens[i % 3];
        size_t label_len = test_rng_range(0, sizeof(label));
        size_t context_len = test_rng_range(0, sizeof(context));
        size_t len = test_rng_range(1, sizeof(ours)), k;
        psa_key_id_t id;
        test_rng_bytes(key, key_len);
        test_rng_bytes(label, label_len);
        for (k = 0; k < label_len; k++) {
            label[k] |= (uint8_t)(label[k] == 0);   /* 10.6.1: no 0x00 in the label */
        }
        test_rng_bytes(context, context_len);
        ossl_kdf(key, key_len, label, label_len, context, context_len, theirs, len);
        id = aes_key(key, key_len, PSA_KEY_USAGE_DERIVE, PSA_ALG_SP800_108_COUNTER_CMAC);
        CHECK_STATUS(derive(id, label, label_len, context, context_len, ours, len,
                            test_rng_range(0, 40)), PSA_SUCCESS);
        if (!CHECK_MEM(ours, theirs, len)) {
            fprintf(stderr, "  key %zu label %zu context %zu len %zu\n", key_len, label_len,
                    context_len, len);
        }
        psa_destroy_key(id);
    }
}

/* L is in K_0 and in every K_i: the same inputs with another capacity
 * give another stream from the first byte. */
static void test_length(void)
{
    static const uint8_t key[16] = {1, 2, 3};
    uint8_t a[64], b[64];
    psa_key_id_t id = aes_key(key, 16, PSA_KEY_USAGE_DERIVE, PSA_ALG_SP800_108_COUNTER_CMAC);
    CHECK_STATUS(derive(id, (const uint8_t *)"x", 1, NULL, 0, a, 32, 0), PSA_SUCCESS);
    CHECK_STATUS(derive(id, (const uint8_t *)"x", 1, NULL, 0, b, 16, 0), PSA_SUCCESS);
    CHECK(memcmp(a, b, 16) != 0);
    psa_destroy_key(id);
}

static void test_primitive(void)
{
    static const uint8_t key[32] = {9};
    uint8_t out[40];
    pp_sp800_108_cmac_ctx ctx;
    memset(&ctx, 0, sizeof(ctx));
    CHECK_STATUS(pp_sp800_108_cmac_start(&ctx, 16, NULL, 0, NULL, 0), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_sp800_108_cmac_setup(&ctx, key, 20), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_sp800_108_cmac_setup(&ctx, key, 16), PSA_SUCCESS);
    CHECK_STATUS(pp_sp800_108_cmac_output(&ctx, NULL, 0, NULL, 0, out, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_sp800_108_cmac_start(&ctx, PP_SP800_108_MAX_BYTES + (size_t)1, NULL, 0, NULL,
                                         0), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_sp800_108_cmac_start(&ctx, 20, NULL, 0, NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_sp800_108_cmac_start(&ctx, 20, NULL, 0, NULL, 0), PSA_ERROR_BAD_STATE);
    memset(out, 0xa5, sizeof(out));
    CHECK_STATUS(pp_sp800_108_cmac_output(&ctx, NULL, 0, NULL, 0, out, 21),
                 PSA_ERROR_INSUFFICIENT_DATA);
    CHECK(out[0] == 0xa5 && out[20] == 0xa5);   /* nothing written */
    CHECK_STATUS(pp_sp800_108_cmac_output(&ctx, NULL, 0, NULL, 0, out, 20), PSA_SUCCESS);
    CHECK_STATUS(pp_sp800_108_cmac_output(&ctx, NULL, 0, NULL, 0, out, 1),
                 PSA_ERROR_INSUFFICIENT_DATA);
    pp_sp800_108_cmac_wipe(&ctx);
}

static void test_misuse(void)
{
    static const uint8_t key[16] = {5};
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t aes = aes_key(key, 16, PSA_KEY_USAGE_DERIVE, PSA_ALG_SP800_108_COUNTER_CMAC);
    psa_key_id_t other = PSA_KEY_ID_NULL;
    uint8_t out[16];
    size_t cap = 0;
    static const psa_key_type_t wrong_types[] = {PSA_KEY_TYPE_HMAC, PSA_KEY_TYPE_DERIVE,
                                                 PSA_KEY_TYPE_RAW_DATA};
    size_t i;

    /* SECRET as bytes: "must be input using psa_key_derivation_input_key()" */
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_SP800_108_COUNTER_CMAC), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap), PSA_SUCCESS);
    CHECK(cap == 0x1FFFFFFFu);   /* 10.6.1: 2^29 - 1 */
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SECRET, key, 16),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap), PSA_ERROR_BAD_STATE);
    psa_key_derivation_abort(&op);

    /* Compatible key types: AES (ARIA, CAMELLIA, SM4 are not built). */
    for (i = 0; i < sizeof(wrong_types) / sizeof(wrong_types[0]); i++) {
        psa_set_key_type(&attr, wrong_types[i]);
        psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_DERIVE);
        psa_set_key_algorithm(&attr, PSA_ALG_SP800_108_COUNTER_CMAC);
        CHECK_STATUS(psa_import_key(&attr, key, 16, &other), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_SP800_108_COUNTER_CMAC), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_SECRET, other),
                     PSA_ERROR_INVALID_ARGUMENT);
        psa_key_derivation_abort(&op);
        psa_destroy_key(other);
    }

    /* No agreement can give an AES key. */
#if PSA_WANT_ALG_ECDH
    CHECK_STATUS(psa_key_derivation_setup(
                     &op, PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH, PSA_ALG_SP800_108_COUNTER_CMAC)),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap), PSA_ERROR_BAD_STATE);   /* inactive */
#endif

    /* A label with a null byte. */
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_SP800_108_COUNTER_CMAC), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_SECRET, aes),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_LABEL,
                                                (const uint8_t *)"a\0b", 3),
                 PSA_ERROR_INVALID_ARGUMENT);
    psa_key_derivation_abort(&op);

    /* L fixed at the first output. */
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_SP800_108_COUNTER_CMAC), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_SECRET, aes),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_set_capacity(&op, 32), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 16), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_set_capacity(&op, 8), PSA_ERROR_BAD_STATE);
    psa_key_derivation_abort(&op);
    psa_destroy_key(aes);
}

int main(void)
{
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_known();
    test_openssl();
    test_length();
    test_primitive();
    test_misuse();
    return test_report("sp800_108_cmac");
}
#endif
