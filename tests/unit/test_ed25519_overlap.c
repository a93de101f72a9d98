/*
 * test_ed25519_overlap.c -- Ed25519 signing with the signature buffer
 * overlapping the input (PSA Crypto API 1.2 5.4.4 allows any overlap of
 * an output with an input): issue 9, finding 1.
 *
 * For PureEdDSA and Ed25519ph through psa_sign_message, and Ed25519ph
 * through psa_sign_hash, the signature is placed at every offset at which
 * it overlaps the input (the signature at the start, in the middle and at
 * the end of the input, and short inputs inside the signature), and must
 * equal byte for byte the signature made with separate buffers, which is
 * itself checked against OpenSSL (PureEdDSA) and psa_verify_*. The old
 * code wrote R into the signature before hashing M again for k, so an
 * overlapping signature had the right R and a wrong S: two such
 * signatures reveal the secret scalar.
 */
#include "test_config.h"
#include "test_util.h"
#if !(TEST_HAVE_ED25519)
/* The whole subject of this test is configured out. */
int main(void)
{
    return test_skip("ed25519_overlap", "Ed25519 configured out (PSA_WANT_ECC_TWISTED_EDWARDS_255 0)");
}
#else

#include <psa/crypto.h>

#include <string.h>

#include "test_ossl_ed25519.h"
#include "test_util.h"

#define ED_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS)
#define SIG 64u
#define PH 64u
#define MAX_IN 200u
/* Room for the signature to start up to SIG - 1 bytes before the input. */
#define AREA (SIG + MAX_IN + SIG)

/* RFC 8032 7.1 TEST 1 seed. */
static const char seed_hex[] =
    "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";

static psa_key_id_t import_pair(psa_algorithm_t alg)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    uint8_t seed[32];
    psa_key_id_t id = PSA_KEY_ID_NULL;
    test_hex_to(seed_hex, seed, sizeof(seed));
    psa_set_key_type(&attr, ED_PAIR);
    psa_set_key_bits(&attr, 255);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE |
                                   PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_import_key(&attr, seed, sizeof(seed), &id), PSA_SUCCESS);
    return id;
}

static int ossl_verify(psa_key_id_t id, const uint8_t sig[SIG], const uint8_t *msg, size_t len)
{
    uint8_t pk[32];
    size_t pk_len = 0;
    CHECK_STATUS(psa_export_public_key(id, pk, sizeof(pk), &pk_len), PSA_SUCCESS);
    return test_ossl_ed25519_verify(pk, msg, len, sig, SIG);
}

enum mode { PURE_MESSAGE, PH_MESSAGE, PH_HASH };

static psa_status_t sign(enum mode mode, psa_key_id_t id, const uint8_t *in, size_t in_len,
                         uint8_t *sig, size_t *sig_len)
{
    if (mode == PH_HASH) {
        return psa_sign_hash(id, PSA_ALG_ED25519PH, in, in_len, sig, SIG, sig_len);
    }
    return psa_sign_message(id, mode == PURE_MESSAGE ? PSA_ALG_PURE_EDDSA : PSA_ALG_ED25519PH,
                            in, in_len, sig, SIG, sig_len);
}

static psa_status_t verify(enum mode mode, psa_key_id_t id, const uint8_t *in, size_t in_len,
                           const uint8_t *sig)
{
    if (mode == PH_HASH) {
        return psa_verify_hash(id, PSA_ALG_ED25519PH, in, in_len, sig, SIG);
    }
    return psa_verify_message(id, mode == PURE_MESSAGE ? PSA_ALG_PURE_EDDSA : PSA_ALG_ED25519PH,
                              in, in_len, sig, SIG);
}

/* Every signature offset that overlaps an in_len-byte input placed at
 * area + SIG: from SIG - 1 bytes before it to its last byte. Returns the
 * number of overlapping placements whose signature differed. */
static unsigned sweep(enum mode mode, psa_key_id_t id, size_t in_len)
{
    uint8_t in[MAX_IN], ref[SIG], area[AREA];
    size_t len = 0, off, in_off = SIG;
    unsigned differ = 0;

    test_rng_bytes(in, in_len);
    CHECK_STATUS(sign(mode, id, in, in_len, ref, &len), PSA_SUCCESS);
    CHECK(len == SIG);
    CHECK_STATUS(verify(mode, id, in, in_len, ref), PSA_SUCCESS);
    if (mode == PURE_MESSAGE) {
        CHECK(ossl_verify(id, ref, in, in_len));
    }
    for (off = in_off - (SIG - 1); off < in_off + in_len; off++) {
        memset(area, 0xA5, sizeof(area));
        memcpy(area + in_off, in, in_len);
        len = 0;
        if (sign(mode, id, area + in_off, in_len, area + off, &len) != PSA_SUCCESS || len != SIG) {
            differ++;
            continue;
        }
        if (memcmp(area + off, ref, SIG) != 0 ||
            verify(mode, id, in, in_len, area + off) != PSA_SUCCESS) {
            if (differ == 0) {
                printf("  mode %d, input %zu bytes: first differing signature offset %+ld\n",
                       (int)mode, in_len, (long)off - (long)in_off);
            }
            differ++;
        }
    }
    return differ;
}

int main(void)
{
    static const size_t lengths[] = { 1, 20, 63, 64, 65, 100, MAX_IN };
    psa_key_id_t pure, ph;
    size_t i;

    test_rng_seed(0x6f7665726c6170ull);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    pure = import_pair(PSA_ALG_PURE_EDDSA);
    ph = import_pair(PSA_ALG_ED25519PH);

    for (i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
        /* Short inputs (1, 20, 63 bytes) also lie wholly inside the signature. */
        CHECK(sweep(PURE_MESSAGE, pure, lengths[i]) == 0);
        CHECK(sweep(PH_MESSAGE, ph, lengths[i]) == 0);
    }
    /* psa_sign_hash: the 64-byte prehash, R and S each overlapping it. */
    for (i = 0; i < 8; i++) {
        CHECK(sweep(PH_HASH, ph, PH) == 0);
    }
    CHECK_STATUS(psa_destroy_key(pure), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(ph), PSA_SUCCESS);
    return test_report("ed25519_overlap");
}
#endif /* TEST_HAVE_ED25519 */
