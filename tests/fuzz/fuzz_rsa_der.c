/*
 * fuzz_rsa_der.c -- libFuzzer target for the RSA key import path: the
 * strict DER reader (rsa_der.h) followed by the key checks of
 * pp_rsa_key_load, reached through pp_rsa_import_key as the PSA core does.
 *
 * Properties checked (abort() on violation, which the fuzzer reports):
 *  - at most one of the two formats accepts an input;
 *  - an accepted input re-exports to exactly the same bytes: DER has one
 *    encoding per value and the reader accepts only that one, so any
 *    difference means the reader let a non-canonical form through;
 *  - the public part of an accepted key pair exports to an RSAPublicKey
 *    that imports again as a public key of the same size.
 * Seeds: tests/fuzz/corpus/rsa_der/ (valid keys 1024-4096 in both formats
 * and malformed variants), replayed by `make test`.
 */
#include <stdlib.h>
#include <string.h>

#include "dispatch/pp_drivers.h"
#include "rsa/rsa.h"
#include "rsa/rsa_der.h"
#include "random/pp_random.h"
#include "test_config.h"
#if !(TEST_HAVE_RSA_KEY_PAIR)
/* The whole subject of this target is configured out: the replay skips. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
const char *fuzz_skip_reason(void);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)data;
    (void)size;
    return 0;
}
const char *fuzz_skip_reason(void)
{
    return "RSA key pairs configured out (PSA_WANT_KEY_TYPE_RSA_KEY_PAIR 0)";
}
#else

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#include "test_rsa_driver.h"

/* The largest DER this library writes: RSAPrivateKey of the maximum size
 * (9 INTEGERs of at most the modulus length, with headers). */
#define FUZZ_DER_MAX (9u * (PICOPSA_RSA_MAX_BITS / 8u + 8u) + 8u)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t key[PP_RSA_KEY_MATERIAL_SIZE];
    static uint8_t out[FUZZ_DER_MAX];
    static uint8_t key2[PP_RSA_KEY_MATERIAL_SIZE];
    static const psa_key_type_t types[2] = { PSA_KEY_TYPE_RSA_KEY_PAIR,
                                             PSA_KEY_TYPE_RSA_PUBLIC_KEY };
    pp_rsa_key_parts parts;
    int accepted = 0;
    size_t t;

    /* Loading a key pair runs one blinded private operation: RNG needed
     * (idempotent). */
    if (pp_random_init() != PSA_SUCCESS) {
        abort();
    }
    if (pp_rsa_der_parse_private(data, size, &parts) == PSA_SUCCESS) {
        accepted++;
    }
    if (pp_rsa_der_parse_public(data, size, &parts) == PSA_SUCCESS) {
        accepted++;
    }
    if (accepted > 1) {
        abort();
    }
    for (t = 0; t < 2; t++) {
        size_t key_len = 0, bits = 0, out_len = 0, key2_len = 0, bits2 = 0;

        if (rsa_import(types[t], 0, data, size, key, sizeof(key), &key_len, &bits) != PSA_SUCCESS) {
            continue;
        }
        if (bits < PICOPSA_RSA_MIN_BITS || bits > PICOPSA_RSA_MAX_BITS) {
            abort();
        }
        if (rsa_export(types[t], key, key_len, out, sizeof(out), &out_len) != PSA_SUCCESS ||
            out_len != size || memcmp(out, data, size) != 0) {
            abort();
        }
        if (rsa_export_public(types[t], key, key_len, out, sizeof(out), &out_len) != PSA_SUCCESS ||
            rsa_import(PSA_KEY_TYPE_RSA_PUBLIC_KEY, bits, out, out_len, key2, sizeof(key2),
                          &key2_len, &bits2) != PSA_SUCCESS ||
            bits2 != bits) {
            abort();
        }
    }
    return 0;
}
#endif /* TEST_HAVE_RSA_KEY_PAIR */
