/*
 * fw_hash.c -- firmware known-answer tests and timings of SHA-2, HMAC and
 * the DRBG, through the PSA API (what products call) and, for the DRBG KAT
 * with fixed entropy, the mechanism itself.
 *
 * Vectors: FIPS 180-4 examples ("abc", the two-block message); RFC 4231
 * test case 2; NIST CAVP HMAC_DRBG.rsp [SHA-256] no reseed COUNT 0 (as in
 * tests/unit/test_drbg.c). The 1024-byte timing messages (bytes i mod 256)
 * have digests computed with Python's hashlib when this file was written.
 * Measurement ids (docs/footprint.md rows, tools/budgets.txt):
 *   psa_crypto_init, sha256_1024, sha512_1024, hmac_sha256_1024,
 *   drbg_instantiate, drbg_generate_32, psa_generate_random_32,
 *   xcheck_sha256_block, xcheck_sha512_block, xcheck_hmac_sha256 (unicorn)
 */
#include <string.h>

#include <picopsa/config.h>
#include <psa/crypto.h>

#include "fw_tests.h"
#include "hash/sha256.h"
#include "hash/sha512.h"
#include "mac/hmac.h"
#include "random/hmac_drbg.h"

static const uint8_t abc[3] = {'a', 'b', 'c'};
static uint8_t message_1024[1024];

static void fill_message(void)
{
    for (size_t i = 0; i < sizeof(message_1024); i++) {
        message_1024[i] = (uint8_t)i;
    }
}

static int check_hash(psa_algorithm_t alg, const uint8_t *msg, size_t len, const char *hex,
                      const char *what)
{
    uint8_t want[64], got[64];
    size_t want_len = fw_unhex(want, sizeof(want), hex);
    size_t got_len = 0;
    psa_status_t status = psa_hash_compute(alg, msg, len, got, sizeof(got), &got_len);
    return fw_check_int(status, PSA_SUCCESS, what) &&
           fw_check_int((long)got_len, (long)want_len, what) &&
           fw_check_mem(got, want, want_len, what);
}

FW_TEST(fw_10_psa_crypto_init)
{
    psa_status_t status;
    FW_MEASURE("psa_crypto_init", status = psa_crypto_init());
    fw_check_int(status, PSA_SUCCESS, "psa_crypto_init");
    fw_timing("psa_crypto_init took {psa_crypto_init} cycles");
}

#if PSA_WANT_ALG_SHA_256 || PSA_WANT_ALG_SHA_224
FW_TEST(fw_20_sha256)
{
    uint8_t out[32];
    size_t out_len = 0;
    psa_status_t status;
#if PSA_WANT_ALG_SHA_256
    static const char two_block[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    check_hash(PSA_ALG_SHA_256, abc, sizeof(abc),
               "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "SHA-256 abc");
    check_hash(PSA_ALG_SHA_256, (const uint8_t *)two_block, sizeof(two_block) - 1u,
               "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
               "SHA-256 two blocks");
    fill_message();
    FW_MEASURE("sha256_1024", status = psa_hash_compute(PSA_ALG_SHA_256, message_1024, 1024, out,
                                                         sizeof(out), &out_len));
    fw_check_int(status, PSA_SUCCESS, "SHA-256 1024 B status");
    uint8_t want[32];
    fw_unhex(want, sizeof(want), "785b0751fc2c53dc14a4ce3d800e69ef9ce1009eb327ccf458afe09c242c26c9");
    fw_check_mem(out, want, sizeof(want), "SHA-256 1024 B");
    /* Negative: one changed input bit must change the digest. */
    message_1024[511] ^= 1u;
    status = psa_hash_compute(PSA_ALG_SHA_256, message_1024, 1024, out, sizeof(out), &out_len);
    fw_check(status == PSA_SUCCESS && memcmp(out, want, sizeof(want)) != 0,
             "SHA-256 digest changes with the input");
    fw_timing("SHA-256 1024 B took {sha256_1024} cycles");
#endif
#if PSA_WANT_ALG_SHA_224
    check_hash(PSA_ALG_SHA_224, abc, sizeof(abc),
               "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7", "SHA-224 abc");
#endif
    (void)out;
    (void)out_len;
    (void)status;
}
#endif

#if PSA_WANT_ALG_SHA_512 || PSA_WANT_ALG_SHA_384
FW_TEST(fw_21_sha512)
{
#if PSA_WANT_ALG_SHA_512
    uint8_t out[64], want[64];
    size_t out_len = 0;
    psa_status_t status;
    check_hash(PSA_ALG_SHA_512, abc, sizeof(abc),
               "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
               "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
               "SHA-512 abc");
    fill_message();
    FW_MEASURE("sha512_1024", status = psa_hash_compute(PSA_ALG_SHA_512, message_1024, 1024, out,
                                                         sizeof(out), &out_len));
    fw_check_int(status, PSA_SUCCESS, "SHA-512 1024 B status");
    fw_unhex(want, sizeof(want),
             "37f652be867f28ed033269cbba201af2112c2b3fd334a89fd2f757938ddee815"
             "787cc61d6e24a8a33340d0f7e86ffc058816b88530766ba6e231620a130b566c");
    fw_check_mem(out, want, sizeof(want), "SHA-512 1024 B");
    fw_timing("SHA-512 1024 B took {sha512_1024} cycles");
#endif
#if PSA_WANT_ALG_SHA_384
    check_hash(PSA_ALG_SHA_384, abc, sizeof(abc),
               "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded163"
               "1a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
               "SHA-384 abc");
#endif
}
#endif

#if PSA_WANT_ALG_HMAC && PSA_WANT_KEY_TYPE_HMAC && (PSA_WANT_ALG_SHA_256 || PSA_WANT_ALG_SHA_512)
static psa_key_id_t import_hmac_key(psa_algorithm_t alg, const uint8_t *key, size_t key_len)
{
    psa_key_attributes_t attributes = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    psa_set_key_type(&attributes, PSA_KEY_TYPE_HMAC);
    psa_set_key_usage_flags(&attributes, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&attributes, alg);
    fw_check_int(psa_import_key(&attributes, key, key_len, &id), PSA_SUCCESS, "HMAC key import");
    return id;
}

/* RFC 4231 test case 2 through psa_mac_compute / psa_mac_verify. */
static void hmac_rfc4231_case2(psa_algorithm_t hash, const char *tag_hex, const char *what)
{
    static const char key[] = "Jefe";
    static const char data[] = "what do ya want for nothing?";
    uint8_t want[64], got[64];
    size_t want_len = fw_unhex(want, sizeof(want), tag_hex);
    size_t got_len = 0;
    psa_key_id_t id = import_hmac_key(PSA_ALG_HMAC(hash), (const uint8_t *)key, 4);
    fw_check_int(psa_mac_compute(id, PSA_ALG_HMAC(hash), (const uint8_t *)data, sizeof(data) - 1u,
                                 got, sizeof(got), &got_len),
                 PSA_SUCCESS, what);
    fw_check_int((long)got_len, (long)want_len, what);
    fw_check_mem(got, want, want_len, what);
    fw_check_int(psa_mac_verify(id, PSA_ALG_HMAC(hash), (const uint8_t *)data, sizeof(data) - 1u,
                                want, want_len),
                 PSA_SUCCESS, "HMAC verify accepts the RFC 4231 tag");
    want[0] ^= 1u;
    fw_check_int(psa_mac_verify(id, PSA_ALG_HMAC(hash), (const uint8_t *)data, sizeof(data) - 1u,
                                want, want_len),
                 PSA_ERROR_INVALID_SIGNATURE, "HMAC verify rejects a changed tag");
    fw_check_int(psa_destroy_key(id), PSA_SUCCESS, "HMAC key destroy");
}

FW_TEST(fw_30_hmac)
{
#if PSA_WANT_ALG_SHA_256
    hmac_rfc4231_case2(PSA_ALG_SHA_256,
                       "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
                       "HMAC-SHA-256 RFC 4231 case 2");
    /* Timing: 32-byte key, the 1024-byte message (tag from Python hmac). */
    uint8_t key[32], tag[32], want[32];
    size_t tag_len = 0;
    psa_status_t status;
    for (size_t i = 0; i < sizeof(key); i++) {
        key[i] = (uint8_t)i;
    }
    fill_message();
    psa_key_id_t id = import_hmac_key(PSA_ALG_HMAC(PSA_ALG_SHA_256), key, sizeof(key));
    FW_MEASURE("hmac_sha256_1024",
               status = psa_mac_compute(id, PSA_ALG_HMAC(PSA_ALG_SHA_256), message_1024, 1024, tag,
                                        sizeof(tag), &tag_len));
    fw_check_int(status, PSA_SUCCESS, "HMAC-SHA-256 1024 B status");
    fw_unhex(want, sizeof(want), "b7461b582e6d4e287bcc2f9f853344bc3fcbf7dd4e5c87e4fab2b4fcd50c7c05");
    fw_check_mem(tag, want, sizeof(want), "HMAC-SHA-256 1024 B");
    fw_check_int(psa_destroy_key(id), PSA_SUCCESS, "HMAC key destroy");
    fw_timing("HMAC-SHA-256 1024 B took {hmac_sha256_1024} cycles");
#endif
#if PSA_WANT_ALG_SHA_512
    hmac_rfc4231_case2(PSA_ALG_SHA_512,
                       "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                       "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737",
                       "HMAC-SHA-512 RFC 4231 case 2");
#endif
}
#endif

#if PSA_WANT_ALG_SHA_256
/* CAVP HMAC_DRBG [SHA-256] no reseed, no personalization, no additional
 * input, COUNT 0: instantiate(E, N); generate 128 B twice; check the second. */
FW_TEST(fw_40_drbg)
{
    static pp_hmac_drbg drbg;
    uint8_t entropy[48], out[128], want[128];
    psa_status_t status;
    fw_unhex(entropy, sizeof(entropy),
             "ca851911349384bffe89de1cbdc46e6831e44d34a4fb935ee285dd14b71a7488"
             "659ba96c601dc69fc902940805ec0ca8");
    fw_unhex(want, sizeof(want),
             "e528e9abf2dece54d47c7e75e5fe302149f817ea9fb4bee6f4199697d04d5b89"
             "d54fbb978a15b5c443c9ec21036d2460b6f73ebad0dc2aba6e624abf07745bc1"
             "07694bb7547bb0995f70de25d6b29e2d3011bb19d27676c07162c8b5ccde0668"
             "961df86803482cb37ed6d5c0bb8d50cf1f50d476aa0458bdaba806f48be9dcb8");
    FW_MEASURE("drbg_instantiate",
               status = pp_hmac_drbg_instantiate(&drbg, PSA_ALG_SHA_256, entropy, 32, entropy + 32,
                                                 16, NULL, 0));
    fw_check_int(status, PSA_SUCCESS, "HMAC_DRBG instantiate");
    fw_check_int(pp_hmac_drbg_generate(&drbg, out, sizeof(out), NULL, 0), PSA_SUCCESS,
                 "HMAC_DRBG first generate");
    fw_check_int(pp_hmac_drbg_generate(&drbg, out, sizeof(out), NULL, 0), PSA_SUCCESS,
                 "HMAC_DRBG second generate");
    fw_check_mem(out, want, sizeof(want), "HMAC_DRBG CAVP SHA-256 COUNT 0");
    FW_MEASURE("drbg_generate_32", status = pp_hmac_drbg_generate(&drbg, out, 32, NULL, 0));
    fw_check_int(status, PSA_SUCCESS, "HMAC_DRBG generate 32 B");
    pp_hmac_drbg_uninstantiate(&drbg);

    /* The library RNG through the API: two requests must differ. */
    uint8_t a[32], b[32];
    FW_MEASURE("psa_generate_random_32", status = psa_generate_random(a, sizeof(a)));
    fw_check_int(status, PSA_SUCCESS, "psa_generate_random");
    fw_check_int(psa_generate_random(b, sizeof(b)), PSA_SUCCESS, "psa_generate_random again");
    fw_check(memcmp(a, b, sizeof(a)) != 0, "two random outputs differ");
    fw_timing("HMAC_DRBG instantiate took {drbg_instantiate} cycles, generate 32 B took "
              "{drbg_generate_32} cycles, psa_generate_random 32 B took "
              "{psa_generate_random_32} cycles");
}
#endif

/* ---- unicorn cross-check subjects: constant inputs, results to fw_sink ---- */
#if PSA_WANT_ALG_SHA_256
FW_XCHECK(fw_xcheck_sha256_block)
{
    uint8_t out[32];
    pp_sha256(abc, sizeof(abc), out);
    fw_sink(out, sizeof(out));
}
#endif

#if PSA_WANT_ALG_SHA_512
FW_XCHECK(fw_xcheck_sha512_block)
{
    uint8_t out[64];
    pp_sha512(abc, sizeof(abc), out);
    fw_sink(out, sizeof(out));
}
#endif

#if PSA_WANT_ALG_HMAC && PSA_WANT_ALG_SHA_256
FW_XCHECK(fw_xcheck_hmac_sha256)
{
    uint8_t out[32];
    (void)pp_hmac_compute(PSA_ALG_SHA_256, abc, sizeof(abc), abc, sizeof(abc), out);
    fw_sink(out, sizeof(out));
}
#endif
