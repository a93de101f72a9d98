/*
 * ct_psa_sha3.c -- SHA3-224/256/384/512 and SHAKE256/512 through the PSA hash
 * API are constant time in the message: under valgrind memcheck the message
 * is marked secret (CT_SECRET), then psa_hash_compute, a multi-part
 * operation in uneven pieces with a clone, psa_hash_verify (right and wrong
 * digest: the constant-time compare and the branch-free verdict) run, and
 * HKDF-SHA3 derives from a secret input key. Only the digests and statuses,
 * public by design, are declassified (CT_PUBLIC) before they are checked
 * against OpenSSL. (HMAC-SHA3 with a secret key: ct_psa_mac; the Keccak
 * sponge alone: ct_sha3.)
 */
#include <psa/crypto.h>

#include <openssl/evp.h>
#include <string.h>

#include "ct.h"
#include "test_config.h"
#include "test_util.h"

static const struct {
    psa_algorithm_t alg;
    const char *name;
} hashes[] = {
    {PSA_ALG_SHA3_224, "SHA3-224"}, {PSA_ALG_SHA3_256, "SHA3-256"},
    {PSA_ALG_SHA3_384, "SHA3-384"}, {PSA_ALG_SHA3_512, "SHA3-512"},
    {PSA_ALG_SHAKE256_512, "SHAKE256"},
};

static psa_status_t declassified(psa_status_t status)
{
    CT_PUBLIC(&status, sizeof(status));
    return status;
}

/* OpenSSL's digest of a public copy (SHAKE256: its first 64 bytes). */
static void reference(size_t h, const uint8_t *msg, size_t len, uint8_t *out)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned int n = 0;
    CHECK(ctx != NULL && EVP_DigestInit_ex(ctx, EVP_get_digestbyname(hashes[h].name), NULL) == 1);
    CHECK(EVP_DigestUpdate(ctx, msg, len) == 1);
    if (hashes[h].alg == PSA_ALG_SHAKE256_512) {
        CHECK(EVP_DigestFinalXOF(ctx, out, 64) == 1);
    } else {
        CHECK(EVP_DigestFinal_ex(ctx, out, &n) == 1);
    }
    EVP_MD_CTX_free(ctx);
}

static void hash_case(size_t h, size_t len)
{
    psa_algorithm_t alg = hashes[h].alg;
    size_t dlen = PSA_HASH_LENGTH(alg), out_len = 0;
    uint8_t pub[300], msg[300], want[64], got[64], copy[64], wrong[64];
    psa_hash_operation_t op = PSA_HASH_OPERATION_INIT, clone = PSA_HASH_OPERATION_INIT;

    test_rng_bytes(pub, sizeof(pub));
    reference(h, pub, len, want);
    memcpy(wrong, want, dlen);
    wrong[dlen - 1] ^= 0x01;
    memcpy(msg, pub, sizeof(msg));
    CT_SECRET(msg, sizeof(msg));

    CHECK_STATUS(psa_hash_compute(alg, msg, len, got, sizeof(got), &out_len), PSA_SUCCESS);
    CT_PUBLIC(got, sizeof(got));
    CHECK_MEM(got, want, dlen);

    CHECK_STATUS(psa_hash_setup(&op, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_hash_update(&op, msg, 5), PSA_SUCCESS);
    CHECK_STATUS(psa_hash_update(&op, msg + 5, len / 2 - 5), PSA_SUCCESS);
    CHECK_STATUS(psa_hash_clone(&op, &clone), PSA_SUCCESS);
    CHECK_STATUS(psa_hash_update(&op, msg + len / 2, len - len / 2), PSA_SUCCESS);
    CHECK_STATUS(psa_hash_update(&clone, msg + len / 2, len - len / 2), PSA_SUCCESS);
    CHECK_STATUS(psa_hash_finish(&clone, copy, sizeof(copy), &out_len), PSA_SUCCESS);
    CT_PUBLIC(copy, sizeof(copy));
    CHECK_MEM(copy, want, dlen);
    CHECK_STATUS(declassified(psa_hash_verify(&op, wrong, dlen)), PSA_ERROR_INVALID_SIGNATURE);

    CHECK_STATUS(declassified(psa_hash_compare(alg, msg, len, want, dlen)), PSA_SUCCESS);
    CHECK_STATUS(declassified(psa_hash_compare(alg, msg, len, wrong, dlen)),
                 PSA_ERROR_INVALID_SIGNATURE);
    CT_PUBLIC(msg, sizeof(msg));
}

/* HKDF-SHA3 (RFC 5869) with a secret IKM: extract and expand are HMAC. */
static void hkdf_case(size_t h)
{
    psa_algorithm_t alg = PSA_ALG_HKDF(hashes[h].alg);
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    uint8_t ikm[40], out1[100], out2[100];
    size_t pass;

    for (pass = 0; pass < 2; pass++) {
        uint8_t *out = pass == 0 ? out1 : out2;
        memset(ikm, 0x0b, sizeof(ikm));
        CT_SECRET(ikm, sizeof(ikm));
        CHECK_STATUS(psa_key_derivation_setup(&op, alg), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SALT,
                                                    (const uint8_t *)"salt", 4), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SECRET, ikm,
                                                    sizeof(ikm)), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_INFO,
                                                    (const uint8_t *)"info", 4), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 37), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_output_bytes(&op, out + 37, 63), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        CT_PUBLIC(out, 100);
    }
    CHECK_MEM(out1, out2, sizeof(out1));   /* deterministic; values: test_psa_sha3 */
}

int main(void)
{
    size_t h, len;
    test_rng_seed(0x5a3c);
    CHECK(CT_UNDER_VALGRIND());
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    for (h = 0; h < sizeof(hashes) / sizeof(hashes[0]); h++) {
        if (!test_hash_built(hashes[h].alg)) {
            continue;   /* configured out (test_psa_sha3 checks NOT_SUPPORTED) */
        }
        for (len = 10; len <= 300; len += 71) {
            hash_case(h, len);
        }
        if (PSA_WANT_ALG_HKDF && hashes[h].alg != PSA_ALG_SHAKE256_512) {
            hkdf_case(h);
        }
    }
    return test_report("ct_psa_sha3");
}
