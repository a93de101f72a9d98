/*
 * fw_kdf.c -- firmware known answers and timings of PBKDF2-HMAC-SHA-256
 * through the PSA API (issue 24: one iteration must cost two SHA-256
 * compressions, the cost the attacker pays).
 *
 * The iteration cost is the difference of two runs, 101 and 1 iterations,
 * over 100; one compression is sha256_119 - sha256_55 (one padded block
 * against two, same call overhead). docs/key-derivation.md has the ratio.
 * Vectors: RFC 7914 section 11 (P "passwd", S "salt", c = 1, first 32
 * bytes); c = 101 and the two digests from Python's hashlib when this file
 * was written (messages: bytes i mod 256).
 * Measurement ids (docs/footprint.md rows, tools/budgets.txt):
 *   sha256_55, sha256_119, pbkdf2_sha256_1, pbkdf2_sha256_101
 */
#include <string.h>

#include <picopsa/config.h>
#include <psa/crypto.h>

#include "fw_tests.h"

#if PSA_WANT_ALG_PBKDF2_HMAC && PSA_WANT_ALG_SHA_256
static psa_status_t pbkdf2(uint32_t cost, uint8_t *out, size_t out_len)
{
    static const uint8_t password[6] = {'p', 'a', 's', 's', 'w', 'd'};
    static const uint8_t salt[4] = {'s', 'a', 'l', 't'};
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_status_t status = psa_key_derivation_setup(&op, PSA_ALG_PBKDF2_HMAC(PSA_ALG_SHA_256));
    if (status == PSA_SUCCESS) {
        status = psa_key_derivation_input_integer(&op, PSA_KEY_DERIVATION_INPUT_COST, cost);
    }
    if (status == PSA_SUCCESS) {
        status = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SALT, salt,
                                                sizeof(salt));
    }
    if (status == PSA_SUCCESS) {
        status = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_PASSWORD, password,
                                                sizeof(password));
    }
    if (status == PSA_SUCCESS) {
        status = psa_key_derivation_output_bytes(&op, out, out_len);
    }
    (void)psa_key_derivation_abort(&op);
    return status;
}

static void hash_bytes_mod_256(size_t len, const char *id, const char *hex)
{
    uint8_t msg[119], out[32], want[32];
    size_t out_len = 0, i;
    psa_status_t status = PSA_ERROR_GENERIC_ERROR;
    for (i = 0; i < len; i++) {
        msg[i] = (uint8_t)i;
    }
    FW_MEASURE(id, status = psa_hash_compute(PSA_ALG_SHA_256, msg, len, out, sizeof(out),
                                             &out_len));
    fw_check_int(status, PSA_SUCCESS, id);
    fw_unhex(want, sizeof(want), hex);
    fw_check_mem(out, want, sizeof(want), id);
}

FW_TEST(fw_63_pbkdf2_sha256)
{
    uint8_t out[32], want[32];
    psa_status_t status = PSA_ERROR_GENERIC_ERROR;
    (void)psa_crypto_init();
    hash_bytes_mod_256(55, "sha256_55",
                       "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59");
    hash_bytes_mod_256(119, "sha256_119",
                       "da18797ed7c3a777f0847f429724a2d8cd5138e6ed2895c3fa1a6d39d18f7ec6");
    FW_MEASURE("pbkdf2_sha256_1", status = pbkdf2(1, out, sizeof(out)));
    fw_check_int(status, PSA_SUCCESS, "PBKDF2 c=1 status");
    fw_unhex(want, sizeof(want), "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc");
    fw_check_mem(out, want, sizeof(want), "PBKDF2-HMAC-SHA-256 RFC 7914 11, c=1");
    FW_MEASURE("pbkdf2_sha256_101", status = pbkdf2(101, out, sizeof(out)));
    fw_check_int(status, PSA_SUCCESS, "PBKDF2 c=101 status");
    fw_unhex(want, sizeof(want), "67585e4d893116582b3b2d3202b4f387bf62e91ed1f0a494e60e1bbb341c9e1b");
    fw_check_mem(out, want, sizeof(want), "PBKDF2-HMAC-SHA-256 c=101");
    fw_timing("SHA-256 55 B took {sha256_55} cycles, 119 B {sha256_119} cycles");
    fw_timing("PBKDF2-HMAC-SHA-256 c=1 took {pbkdf2_sha256_1} cycles, c=101 {pbkdf2_sha256_101} "
              "cycles, {pbkdf2_sha256_101.stack} B stack");
}
#endif
