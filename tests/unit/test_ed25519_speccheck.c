/*
 * test_ed25519_speccheck.c -- the 12 edge cases of ed25519-speccheck
 * (Chalkias, Garillot, Nikolaenko, "Taming the many EdDSAs", SSR 2020;
 * tests/data/vectors/ed25519_speccheck/) through picopsa and OpenSSL.
 *
 * Each case runs through psa_import_key + psa_verify_message
 * (PSA_ALG_PURE_EDDSA) and through pp_ed25519_verify, and must give the
 * verdict docs/ed25519.md (sec. 2) documents; OpenSSL's EVP verdict on the
 * same bytes is checked against the column of that table too, so a
 * difference between the two libraries is asserted, not assumed.
 * (libsodium's column there is measured, not tested: the tests do not
 * link libsodium.) Two identity-key cases beyond speccheck show the
 * y >= p difference and the signature that verifies every message.
 */
#include "test_config.h"
#include "test_util.h"
#if !(TEST_HAVE_ED25519)
/* The whole subject of this test is configured out. */
int main(void)
{
    return test_skip("ed25519_speccheck", "Ed25519 configured out (PSA_WANT_ECC_TWISTED_EDWARDS_255 0)");
}
#else

#include <psa/crypto.h>

#include <string.h>

#include "ed25519/ed25519.h"
#include "json.h"
#include "test_ossl_ed25519.h"
#include "test_util.h"

#define ED_PUBLIC PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_TWISTED_EDWARDS)
#define CASES 12u

/* 1 = accepted. A case whose A fails RFC 8032 5.1.3 decoding is refused by
 * psa_import_key already (import_fails). */
static const struct {
    const char *what;
    int picopsa, openssl, import_fails;
} expect[CASES] = {
    { "S = 0, small-order A, small-order R", 1, 1, 0 },
    { "0 < S < L, small-order A, mixed-order R", 1, 1, 0 },
    { "0 < S < L, mixed-order A, small-order R", 1, 1, 0 },
    { "0 < S < L, mixed-order A and R, both equations hold", 1, 1, 0 },
    { "mixed-order A and R, only the cofactored equation holds", 0, 0, 0 },
    { "mixed-order A, order-L R: only a cofactored check without pre-reduction holds", 0, 0, 0 },
    { "S > L (S - L would verify)", 0, 0, 0 },
    { "S >> L (S mod L would verify)", 0, 0, 0 },
    { "non-canonical R (x = 0, sign bit 1), k over the reduced R", 0, 0, 0 },
    { "non-canonical R, k over the R bytes as sent", 0, 0, 0 },
    { "non-canonical A (x = 0, sign bit 1), k over the reduced A", 0, 0, 1 },
    { "non-canonical A, k over the A bytes as sent", 0, 1, 1 },
};

static int ossl_verify(const uint8_t pk[32], const uint8_t *msg, size_t len, const uint8_t sig[64])
{
    return test_ossl_ed25519_verify(pk, msg, len, sig, 64);
}

/* Two cases beyond speccheck, with A and R the identity and S = 0, so that
 * [S]B = R + [k]A holds for every message (docs/ed25519.md sec. 2):
 *  - A encoded canonically (y = 1): both libraries accept, for any message
 *    (small-order A is accepted, rule 3);
 *  - A encoded with y = p + 1 (not canonical): picopsa refuses the key
 *    (RFC 8032 5.1.3 requires y < p), OpenSSL 3.0 reduces y and accepts. */
static void extra_cases(void)
{
    uint8_t pk[32], sig[64] = { 1 }, msg[8];
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    unsigned i;

    psa_set_key_type(&attr, ED_PUBLIC);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    memset(pk, 0, sizeof(pk));
    pk[0] = 1;
    CHECK_STATUS(psa_import_key(&attr, pk, sizeof(pk), &id), PSA_SUCCESS);
    for (i = 0; i < 4; i++) {
        test_rng_bytes(msg, sizeof(msg));
        CHECK_STATUS(psa_verify_message(id, PSA_ALG_PURE_EDDSA, msg, sizeof(msg), sig, sizeof(sig)),
                     PSA_SUCCESS);
        CHECK(ossl_verify(pk, msg, sizeof(msg), sig));
    }
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);

    memset(pk, 0xff, sizeof(pk)); /* y = 2^255 - 18 = p + 1, sign bit 0 */
    pk[0] = 0xee;
    pk[31] = 0x7f;
    CHECK_STATUS(psa_import_key(&attr, pk, sizeof(pk), &id), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(pp_ed25519_verify(sig, pk, msg, sizeof(msg)) != 0);
    CHECK(ossl_verify(pk, msg, sizeof(msg), sig));
}

int main(void)
{
    json_value *root = json_parse_file(test_data_path("vectors/ed25519_speccheck/cases.json"));
    size_t i;

    test_rng_seed(0x7370656363686bull);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    CHECK(json_is_array(root) && json_len(root) == CASES);
    for (i = 0; i < CASES && i < json_len(root); i++) {
        const json_value *c = json_at(root, i);
        uint8_t pk[32], sig[64], msg[64];
        size_t msg_len = test_hex_to(json_str(json_get(c, "message")), msg, sizeof(msg));
        psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
        psa_key_id_t id = PSA_KEY_ID_NULL;
        psa_status_t st;
        int ours, theirs;

        CHECK(test_hex_to(json_str(json_get(c, "pub_key")), pk, sizeof(pk)) == 32);
        CHECK(test_hex_to(json_str(json_get(c, "signature")), sig, sizeof(sig)) == 64);

        psa_set_key_type(&attr, ED_PUBLIC);
        psa_set_key_bits(&attr, 255);
        psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_VERIFY_MESSAGE);
        psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
        st = psa_import_key(&attr, pk, sizeof(pk), &id);
        if (expect[i].import_fails) {
            CHECK_STATUS(st, PSA_ERROR_INVALID_ARGUMENT);
            ours = 0;
        } else {
            CHECK_STATUS(st, PSA_SUCCESS);
            st = psa_verify_message(id, PSA_ALG_PURE_EDDSA, msg, msg_len, sig, sizeof(sig));
            CHECK(st == PSA_SUCCESS || st == PSA_ERROR_INVALID_SIGNATURE);
            ours = st == PSA_SUCCESS;
            CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
        }
        /* The internal API applies the same rules without the key store. */
        CHECK((pp_ed25519_verify(sig, pk, msg, msg_len) == 0) == ours);
        theirs = ossl_verify(pk, msg, msg_len, sig);
        printf("  case %2zu: picopsa %s, OpenSSL %s  (%s)\n", i, ours ? "accept" : "reject",
               theirs ? "accept" : "reject", expect[i].what);
        if (!CHECK(ours == expect[i].picopsa) || !CHECK(theirs == expect[i].openssl)) {
            printf("    case %zu differs from the documented verdicts\n", i);
        }
    }
    json_free(root);
    extra_cases();
    return test_report("ed25519_speccheck");
}
#endif /* TEST_HAVE_ED25519 */
