/*
 * fw_mlkem.c -- firmware known-answer test and timings of ML-KEM-768
 * (FIPS 203) through the PSA API (1.3 PQC extension 2.2, Crypto API 1.3
 * 10.10): Wycheproof mlkem_768_test.json test case 1: the pair
 * imported from its 64-byte seed d || z (KeyGen_internal, FIPS 203 6.1),
 * its encapsulation key compared by SHA-256 with the vector's, the
 * vector's ciphertext decapsulated to the vector's K (6.3), then a fresh
 * encapsulation (6.2) decapsulated to the same secret, and a ciphertext
 * with one bit flipped decapsulated to another (implicit rejection).
 * Built with PSA_WANT_ALG_ML_KEM (off by default on MCUs; an image that
 * wants it sets it in its configuration header, as configs/pqc_node.h).
 * Measurement ids: mlkem768_keygen (psa_import_key of the seed),
 * mlkem768_encaps, mlkem768_decaps.
 */
#include <string.h>

#include <picopsa/config.h>
#include <psa/crypto.h>

#include "fw_tests.h"

#if PSA_WANT_ALG_ML_KEM && PSA_WANT_ALG_SHA_256 && PSA_WANT_ALG_HMAC

static const char seed_hex[] =
    "cbfc4405d1b2a3a386c94c25e0f2d5f5ee92cb0388ff4d6aa04223086d51c3fd"
    "24752da14c9fc3b8ae0d9e4a8b1016b8d8fc69e229c03ea2ef08a4ae0cffc37f";
static const char ek_sha256[] = "67fe2cb60768d55758c67bfd5842692dedb14513d581c48db2cd3adf94568106";
static const char c_hex[] =
    "00e96c44eb5f5380d80b4cb05d608971a28fbe838b912b558bf9676c6c67c9692ed6ea063fc47b70d5d6004825c269b9"
    "cb8e68b5728d67f44844d97686a11154e3cbd4a6f9e47524d93d851bdce480d7762ded09be53d17cce3ee28dc5a06911"
    "c062b99b218355dd5822108c55e2c67f7ea0b74b6189b33b4589d8ff9d0c867d13edaaf1c5f724675320beda3e6acc67"
    "3c048fa04a1b30f899227d5a555e08a412a47b7db75eb118a8844a71b186880426f6bb6e77186d18e753cbcce93c9fb7"
    "6c729875b4d473eeca8dab9941969faef04df9ce3178e7341eab416d28bb7aee12bfb8f4c3df814eff45a0187329079a"
    "cfc41a8e8dba7b08d111f02e37a1d2b69e57eef808fcc6ae23385534a420a93dfb6a95c73e2f1016177c4fe9d3ced769"
    "e277293aaceded6d07efc7890eaa885bd1e73f9e5da2b9cfda0d44cbc9090705ac2ce3e7bcd7775b593c706e45ddc97d"
    "3a65d9b7e73673f9473df5bfec689671f73e7f6ee77c730a8ebda1f0b2c112a71904d6f28a51d8d479f8323fb485e722"
    "f5c4d5857e95989a9cbaf273efd04fc3cbde98baa9969e095e88accecfbd12ef2155497a5b15fe91a70d1106b91a5683"
    "63bfc2d6736cc8138cbc41ddf1e54fd40511e27d89e2c26c027b63c156e2bbb998faaed3d72186f0cc626dad39a782dc"
    "da2087fd13a9498e10b41b685646a227ea1166a5632c195983f4aba2b718b4074030d57126d34c38349892007acbea9e"
    "393b967dc3146b270f080a1f0bee90d65a095a6352a7718ed1717a8025a2bd38c66d120baf4247676a1fe044a57ce268"
    "c078f8ff46cc26fe4f9c7a03d6467adacb8418d26273662bce1f7bc00b906e0088e95dc0fb419e2232e85aac77b9e7cd"
    "563e604de5e1d3e9693dcd3b19865cf4250773691e7e0af9c2755cd31f49d1f96708f3ba2f0b98184525abb869e12d5c"
    "ea0ac1740181a875035300b05a54b8d42ee3b4ae92b06e43cd807e2b096c977f23c61ef8c989c52ed83754076dea1323"
    "f639250bef61bdf903bf7961cec89ba6942d9d0647ac9c8195d93ed8abcedf25754644035719a5a0a1c8c0798912726a"
    "9a8258e4c10ae7485322ed9ba331f6f090c4b492a4fcf53d753cd34f28ec0443fce0724f43c89a3942169d5099a8f743"
    "0f38691ebce2e3fe4f600d82c7ccedf60673f8e5d4c1a9f84b8b5b23f5ed63defb6a7205e0a8b105bdc6ff4568fc78cb"
    "4456b02fedb7f4c48f6fd6b69216a3319821039db40e19a31a0b0c9d471d5a7a73865d26f8be3595525b1ec4a8579efd"
    "07ea98e2602e2bffdfd8febc5c7b4c736d326b5030ccc6faf9420a9c156a8f4516b9fff675459dfdcd4ef85d7adbdffd"
    "60f4a39628e399cc752c2e99ab2f431dc765e7c9d206bfe32649fbef4ef48b1d7936fc74766d724350ee2245a8d5f23f"
    "bc6c7ed8b57168ce1e864e49d7f8c475dcda140bd42473825b3c72eb8c54780188813011e1962a503f9b516e13226de6"
    "375b204733b0192183c8f55e870e61cf8947c3191790bc0b657bc43aebc9d86c";
static const char k_hex[] = "76c10bb1d86d96d7eb18e298363e51f7728e113f455df7d15017940ed3541451";

static uint8_t ek[1184], c[1088], c2[1088];

/* The 32-byte secret of an output key (an HMAC key with EXPORT), then the
 * key destroyed. */
static void fw_take_secret(psa_key_id_t id, uint8_t out[32], const char *what)
{
    size_t len = 0;
    fw_check_int(psa_export_key(id, out, 32, &len), PSA_SUCCESS, what);
    fw_check_int((long)len, 32, what);
    psa_destroy_key(id);
}

FW_TEST(fw_77_mlkem)
{
    uint8_t seed[64], want[32], got[32], other[32], digest[32];
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT, o = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t pair = 0, k1 = 0, k2 = 0;
    psa_status_t status;
    size_t len = 0;

    fw_check_int((long)fw_unhex(seed, sizeof(seed), seed_hex), 64, "ML-KEM seed");
    fw_check_int((long)fw_unhex(c, sizeof(c), c_hex), (long)sizeof(c), "ML-KEM ciphertext");
    fw_check_int((long)fw_unhex(want, sizeof(want), k_hex), 32, "ML-KEM K");
    psa_set_key_type(&a, PSA_KEY_TYPE_ML_KEM_KEY_PAIR);
    psa_set_key_bits(&a, 768);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&a, PSA_ALG_ML_KEM);
    psa_set_key_type(&o, PSA_KEY_TYPE_HMAC);
    psa_set_key_usage_flags(&o, PSA_KEY_USAGE_EXPORT);
    psa_set_key_algorithm(&o, PSA_ALG_HMAC(PSA_ALG_SHA_256));

    FW_MEASURE("mlkem768_keygen", status = psa_import_key(&a, seed, sizeof(seed), &pair));
    fw_check_int(status, PSA_SUCCESS, "ML-KEM-768 seed import");
    fw_check_int(psa_export_public_key(pair, ek, sizeof(ek), &len), PSA_SUCCESS, "export ek");
    fw_check_int((long)len, (long)sizeof(ek), "ek length");
    fw_check_int(psa_hash_compute(PSA_ALG_SHA_256, ek, sizeof(ek), digest, sizeof(digest), &len),
                 PSA_SUCCESS, "SHA-256 of ek");
    fw_unhex(got, sizeof(got), ek_sha256);
    fw_check_mem(digest, got, sizeof(got), "ek = Wycheproof ek");

    FW_MEASURE("mlkem768_decaps",
               status = psa_decapsulate(pair, PSA_ALG_ML_KEM, c, sizeof(c), &o, &k1));
    fw_check_int(status, PSA_SUCCESS, "ML-KEM-768 decapsulate");
    fw_take_secret(k1, got, "decapsulated secret");
    fw_check_mem(got, want, sizeof(want), "K = Wycheproof K");

    FW_MEASURE("mlkem768_encaps",
               status = psa_encapsulate(pair, PSA_ALG_ML_KEM, &o, &k1, c2, sizeof(c2), &len));
    fw_check_int(status, PSA_SUCCESS, "ML-KEM-768 encapsulate");
    fw_check_int((long)len, (long)sizeof(c2), "ciphertext length");
    fw_take_secret(k1, got, "encapsulated secret");
    fw_check_int(psa_decapsulate(pair, PSA_ALG_ML_KEM, c2, sizeof(c2), &o, &k2), PSA_SUCCESS,
                 "decapsulate the fresh ciphertext");
    fw_take_secret(k2, other, "its secret");
    fw_check_mem(other, got, sizeof(got), "encapsulated == decapsulated");
    c2[100] ^= 0x10u;
    fw_check_int(psa_decapsulate(pair, PSA_ALG_ML_KEM, c2, sizeof(c2), &o, &k2), PSA_SUCCESS,
                 "decapsulate a flipped ciphertext (implicit rejection)");
    fw_take_secret(k2, other, "its secret");
    fw_check(memcmp(other, got, sizeof(got)) != 0, "a flipped ciphertext gives another secret");
    psa_destroy_key(pair);
    fw_timing("ML-KEM-768 keygen took {mlkem768_keygen} cycles, encaps {mlkem768_encaps}, "
              "decaps {mlkem768_decaps}");
}

#endif
