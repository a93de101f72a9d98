/*
 * test_ed25519_fault.c -- the fault countermeasure of Ed25519 signing
 * (PICOPSA_SIGN_FAULT_CHECK, src/ed25519/ed25519_fault.h; issue 21 sec. 3).
 *
 * This program compiles the configured backend's source (ed25519.c or
 * ed25519_small.c) itself with PP_ED25519_TEST_FAULT, so that each
 * intermediate of a signature passes through pp_ed25519_test_fault below:
 * the nonce r, the point R (fast backend) and its encoding, k, S, and the
 * copy released to the output. Its definitions replace the library's
 * (the static archive's ed25519 object is then not linked), and the PSA
 * front end calls them. For every intermediate of both computations and
 * several bits, one bit is flipped and the result must be either the
 * correct signature with success (a flip that cannot change it) or an
 * error with the output all zero (or, for a flip in the released copy,
 * that copy): never a different signature with success. Through
 * psa_sign_message / psa_sign_hash the error is
 * PSA_ERROR_CORRUPTION_DETECTED with the signature wiped and its length 0.
 *
 * The key tag (ed25519.h, review E1 and the fault campaign's releases):
 * a key buffer whose public key or expanded secret differs from what was
 * imported, in any one bit (as when a pointer to the key that both
 * computations share is faulted, or the slot's bytes), is signed by both
 * computations alike; the driver must refuse it (CORRUPTION_DETECTED, the
 * signature zero).
 *
 * With PICOPSA_SIGN_FAULT_CHECK 0 the faulty signatures are released and
 * this test fails (every flip of r, R, k or S, and every key bit).
 */
#include "test_config.h"
#include "test_util.h"
#if !(TEST_HAVE_ED25519) || !PSA_WANT_ALG_ED25519PH
int main(void)
{
    return test_skip("ed25519_fault", "Ed25519 or Ed25519ph configured out");
}
#else

#define PP_ED25519_TEST_FAULT 1
#include "ed25519/ed25519.c"
#include "ed25519/ed25519_small.c"

#include <psa/crypto.h>

#include <string.h>

#include "dispatch/pp_drivers.h"

/* ---- the software fault hook --------------------------------------- */

static long fault_target = -1; /* hook call to corrupt, -1: none */
static unsigned fault_bit;     /* bit of that intermediate to flip */
static long fault_calls;       /* hook calls so far */
static size_t fault_len;       /* size of the intermediate corrupted */

void pp_ed25519_test_fault(uint8_t *p, size_t n)
{
    if (fault_calls++ == fault_target) {
        /* a point: flip in Y (its second quarter), which the encoding
         * always reflects; a byte string: any bit */
        size_t base = n > 64 ? n / 4 : 0;
        size_t span = n > 64 ? n / 4 : n;
        size_t bit = fault_bit % (8u * span);
        p[base + bit / 8] = (uint8_t)(p[base + bit / 8] ^ (1u << (bit % 8)));
        fault_len = n;
    }
}

/* RFC 8032 7.1 TEST 2 (one-byte message 0x72). */
static const char seed_hex[] = "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb";
static const char pk_hex[] = "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c";
static const char sig_hex[] =
    "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
    "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00";

static const uint8_t zero64[64];

static void expect_safe(int ret, const uint8_t sig[64], const uint8_t good[64], int must_detect,
                        unsigned long *detected)
{
    if (ret == 0) {
        /* released: only the correct signature may come out */
        CHECK_MEM(sig, good, 64);
        CHECK(!must_detect);
    } else {
        /* withheld: wiped, or after a flip in the copy itself that copy */
        if (fault_len != 64) {
            CHECK_MEM(sig, zero64, 64);
        }
        (*detected)++;
    }
}

static const unsigned bits[] = {0, 7, 31, 100, 255, 256, 511};

int main(void)
{
    uint8_t seed[32], pk[32], good[64], goodph[64], ex[64], sig[64], msg[1] = {0x72};
    uint8_t ph[64];
    unsigned long detected = 0, tried = 0;
    long calls, t;
    size_t b;

    test_hex_to(seed_hex, seed, sizeof(seed));
    test_hex_to(pk_hex, pk, sizeof(pk));
    test_hex_to(sig_hex, good, sizeof(good));
    pp_ed25519_expand(ex, seed);
    pp_sha512(msg, 1, ph);

    /* no fault: the RFC signature, and the number of intermediates */
    fault_calls = 0;
    fault_target = -1;
    CHECK_STATUS(pp_ed25519_sign_expanded(sig, ex, pk, msg, 1), 0);
    CHECK_MEM(sig, good, 64);
    calls = fault_calls;
    CHECK(calls >= 4);
    fault_calls = 0;
    CHECK_STATUS(pp_ed25519ph_sign_expanded(goodph, ex, pk, ph), 0);
    CHECK_STATUS(pp_ed25519ph_verify(goodph, pk, ph), 0);
    CHECK(fault_calls == calls);

    /* one flip at every intermediate: r, R, k, S in either computation
     * change the signature and must be caught; so must the output copy */
    for (t = 0; t < calls; t++) {
        for (b = 0; b < sizeof(bits) / sizeof(bits[0]); b++) {
            int ret;
            fault_calls = 0;
            fault_len = 0;
            fault_target = t;
            fault_bit = bits[b];
            memset(sig, 0xa5, sizeof(sig));
            ret = pp_ed25519_sign_expanded(sig, ex, pk, msg, 1);
            expect_safe(ret, sig, good, 1, &detected);
            fault_calls = 0;
            fault_len = 0;
            memset(sig, 0xa5, sizeof(sig));
            ret = pp_ed25519ph_sign_expanded(sig, ex, pk, ph);
            expect_safe(ret, sig, goodph, 1, &detected);
            fault_calls = 0;
            fault_len = 0;
            memset(sig, 0xa5, sizeof(sig));
            ret = pp_ed25519_sign(sig, seed, pk, msg, 1);
            expect_safe(ret, sig, good, 1, &detected);
            tried += 3;
        }
    }
    fault_target = -1;
    printf("ed25519_fault: %ld intermediates per signature, %lu faults, %lu detected\n", calls,
           tried, detected);
    CHECK(detected == tried);

    /* through the PSA API: CORRUPTION_DETECTED, wiped output, length 0 */
    {
        psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
        psa_key_id_t id = PSA_KEY_ID_NULL, idph = PSA_KEY_ID_NULL;
        size_t len;
        CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
        psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS));
        psa_set_key_bits(&attr, 255);
        psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_SIGN_HASH);
        psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
        CHECK_STATUS(psa_import_key(&attr, seed, sizeof(seed), &id), PSA_SUCCESS);
        psa_set_key_algorithm(&attr, PSA_ALG_ED25519PH);
        CHECK_STATUS(psa_import_key(&attr, seed, sizeof(seed), &idph), PSA_SUCCESS);
        fault_calls = 0;
        CHECK_STATUS(psa_sign_message(id, PSA_ALG_PURE_EDDSA, msg, 1, sig, sizeof(sig), &len),
                     PSA_SUCCESS);
        CHECK_MEM(sig, good, 64);
        for (t = 0; t < calls; t++) {
            fault_calls = 0;
            fault_target = t;
            fault_bit = 3;
            len = 99;
            memset(sig, 0xa5, sizeof(sig));
            CHECK_STATUS(psa_sign_message(id, PSA_ALG_PURE_EDDSA, msg, 1, sig, sizeof(sig), &len),
                         PSA_ERROR_CORRUPTION_DETECTED);
            CHECK_MEM(sig, zero64, 64);
            CHECK(len == 0);
            fault_calls = 0;
            len = 99;
            memset(sig, 0xa5, sizeof(sig));
            CHECK_STATUS(psa_sign_hash(idph, PSA_ALG_ED25519PH, ph, 64, sig, sizeof(sig), &len),
                         PSA_ERROR_CORRUPTION_DETECTED);
            CHECK_MEM(sig, zero64, 64);
            CHECK(len == 0);
            fault_calls = 0;
            len = 99;
            memset(sig, 0xa5, sizeof(sig));
            CHECK_STATUS(psa_sign_message(idph, PSA_ALG_ED25519PH, msg, 1, sig, sizeof(sig), &len),
                         PSA_ERROR_CORRUPTION_DETECTED);
            CHECK_MEM(sig, zero64, 64);
            CHECK(len == 0);
        }
        fault_target = -1;
        fault_calls = 0;
        CHECK_STATUS(psa_sign_hash(idph, PSA_ALG_ED25519PH, ph, 64, sig, sizeof(sig), &len),
                     PSA_SUCCESS);
        CHECK_MEM(sig, goodph, 64);
        psa_destroy_key(id);
        psa_destroy_key(idph);
    }
    /* the key tag: one bit of the slot's public key or expanded secret */
    {
        psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
        uint8_t material[PP_EDDSA_KEY_PAIR_MATERIAL_SIZE], bad[sizeof(material)];
        size_t mlen = 0, mbits = 0, slen, i;
        unsigned refused = 0, flips = 0;
        psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS));
        psa_set_key_bits(&attr, 255);
        CHECK_STATUS(pp_eddsa_import_key(&attr, seed, sizeof(seed), material, sizeof(material),
                                         &mlen, &mbits),
                     PSA_SUCCESS);
        CHECK(mlen == sizeof(material));
        fault_target = -1;
        CHECK_STATUS(pp_eddsa_sign_message(&attr, material, mlen, PSA_ALG_PURE_EDDSA, msg, 1, sig,
                                           sizeof(sig), &slen),
                     PSA_SUCCESS);
        CHECK_MEM(sig, good, 64);
        /* bytes 32..127: A (32) and the expanded secret (64) */
        for (i = 32 * 8; i < 128 * 8; i += 5) {
            memcpy(bad, material, sizeof(bad));
            bad[i / 8] = (uint8_t)(bad[i / 8] ^ (1u << (i % 8)));
            memset(sig, 0xa5, sizeof(sig));
            flips++;
            if (pp_eddsa_sign_message(&attr, bad, mlen, PSA_ALG_PURE_EDDSA, msg, 1, sig,
                                      sizeof(sig), &slen) == PSA_ERROR_CORRUPTION_DETECTED &&
                memcmp(sig, zero64, 64) == 0) {
                refused++;
            }
            memset(sig, 0xa5, sizeof(sig));
            flips++;
            if (pp_eddsa_sign_hash(&attr, bad, mlen, PSA_ALG_ED25519PH, ph, 64, sig, sizeof(sig),
                                   &slen) == PSA_ERROR_CORRUPTION_DETECTED &&
                memcmp(sig, zero64, 64) == 0) {
                refused++;
            }
        }
        CHECK(refused == flips);
        pp_wipe(material, sizeof(material));
    }
    return test_report("ed25519_fault");
}
#endif
