/*
 * fw_rsa.c -- firmware known answers and timings of RSA-2048: the
 * Wycheproof rsa_pkcs1_2048_test.json key (tcId 2: PKCS#1 v1.5 decryption,
 * byte for byte) through psa_import_key + psa_asymmetric_decrypt, a PKCS#1
 * v1.5 SHA-256 sign/verify round trip with a flipped-bit negative case, and
 * the raw key operations of src/rsa/rsa.h with their checks (the public
 * operation inverts the private one; a corrupted CRT value is refused).
 * Measurement ids (docs/footprint.md rows, tools/budgets.txt):
 *   rsa2048_public  pp_rsa_public_op (e = 65537)
 *   rsa2048_private pp_rsa_private_op (CRT, blinding, fault check; work
 *                   area on the stack)
 *   rsa2048_private_work, rsa2048_public_work  the _work variants with a
 *                   static work area (stack = the operation's own)
 *   rsa2048_private_min  the private op with the smallest work area
 */
#include <string.h>

#include <picopsa/config.h>
#include <psa/crypto.h>

#include "fw_tests.h"

#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR && PSA_WANT_ALG_RSA_PKCS1V15_CRYPT && \
    PSA_WANT_ALG_RSA_PKCS1V15_SIGN && PSA_WANT_ALG_SHA_256 && PICOPSA_RSA_MAX_BITS >= 2048

#include "rsa/rsa.h"
#include "rsa/rsa_core_internal.h"
#include "rsa/rsa_der.h"

#include "fw_rsa_key.h"

/* tcId 2: message and ciphertext. */
static const char message_hex[] =
    "0000000000000000000000000000000000000000";
static const char ciphertext_hex[] =
    "a9acec7e58761d9191249ff7ea5db499cadccc51d29f8e7fd0aa2cb996209562"
    "6f1cadae29666f04ce2afd4b650be59d071d06446d59107eb508cc60545727b0"
    "567dfb4f2f94ca60b939c60be111172f367dfd235516e4a60061648c67f55366"
    "50821ac2a60744be3cf6befa8f66e76a3e7c5fbc6dfa4dda55ecbdbffdc98d61"
    "0de5667a4f485f6168b52bbe470e6014253874ce7b78e509937e0bc5f02857e1"
    "ad3cf55139bbe6dc7ac4b1ed5097bf781b7671ca9bb58187aa6c71c58ac0561c"
    "5aacf96c35deb24e395b6823de7fc96b8031b5906a34c4dc57e4f1226157b9ab"
    "d849e1367dda014fbf9ed4ca515a7a04cf87787945007e4f63c0366a5bbc3489";

/* RSAPrivateKey of an OpenSSL 1030-bit key and its PKCS#1 v1.5 SHA-256
 * signature of the hash 5a..5a (openssl pkeyutl -sign). */
static const char key1030_der_hex[] =
    "3082025e02010002818129a95005d2ede932c76e50c70e6a557059648ffb8d11"
    "7b99e52d1f1933fdd4df038d858d676b03a244a3846e0cddf0fe3f2f49fe4fd6"
    "874b828aa9168cbdbb4d33b93d3d263a7ebd4bac925eff0a03797714a6ae2c1b"
    "a160d192f1526b229d97509f64a212cde0e2865838c3c6df87238bbef63ece50"
    "eb4a20fb0d418673db6e9f0203010001028181234814d1e9d0bb75da78ed05b6"
    "8a8cb2a9b1c551c624f124e275b4e9762357bc49d8f72a4a53d16f016bed41f9"
    "b99756e99195bb3e47b2aa5af22cc2410c88eb8c9600e919e54f04cca28efbe1"
    "e9140eedad8bc66135b68550e67cfe0b385a27a61dddc92caf7d9a17d84fe008"
    "c724c96a9f76434f555806ec0e5ce0902bfc7da9024106e875220cf4bce59975"
    "d931b9fc0d24fe39ca99840e63e3a0d1f257686fbc6c140defa71c36861ae078"
    "c49344aa750910a20c286edcb480a5796e49e73556cbd302410607e62b7a8c81"
    "2b7744c2d2ff983a41093e4c9375a672547ccf9018f311d602dca39807df1d70"
    "841ac7b943dfa5a8f2f31bc4337d301bbce9b5237c4f7a2a0e8502400cd82cf3"
    "2323ec16fd40229853385538737b013a7050516aed9b70ff1530ad284821a179"
    "16fc4a5daf02de7ef52dfc6ede7e701cbe05a199921436fd32e9fa79024104ea"
    "f814c8703efcf4db4b8bc80598ab64203b4d9c08c8fe8070b9eebe77f2ee8e81"
    "90fe0a40f579a464ed7c9da97725f67cd3f7b0c4443a3ed20947db7fa1400902"
    "4104ea0fddca132ed8da79855cf9483821596472a514cbb4d237d0e1e762af40"
    "5cc6013541694dc7a0fd6202dc3a04a9ae3734080b6f3057ae498cff29487ed4"
    "7d9b";
static const char sig1030_hex[] =
    "1deeb398d0b327fa43276b51f335d0921a0ce7524f657e238fb720e184bd6d82"
    "3700406bd734b4678a0043f3ccf497440c250553453a413527afafd7c5711928"
    "7d9e9494ea4420c1b344716e8a1cd26cf2a9029cfd82181d3523b5067ed21082"
    "8cd7241edecbe2239c34543a8765ee197d0d12db177e8b96d2d6d62703cec276"
    "8c";

/* RSAPrivateKey of an OpenSSL 1090-bit key and its PKCS#1 v1.5 SHA-256
 * signature of the hash 5a..5a (openssl pkeyutl -sign). */
static const char key1090_der_hex[] =
    "3082028202010002818902d7a4f656a5985b45ee8bea65f28796b94f69f647c1"
    "1267a0524a73cdbd88c824a2f30c726f5beeb2f2a6b5f8462d26300a1a09f97d"
    "7c3808418fac4a15d6368c2e58550f14e9ee0a8b20657e8842198d812df571e4"
    "98a758596256df07560104984a2c88cd7edd5ae37a9d97179491f2c2709fb00a"
    "c44ddc740d830ff7fc3c7c4a4b33019bb26d5502030100010281890090a5b662"
    "9b20a264507b77e9344147f1269c45dd15c076e123fab0f2a14ee39a84da140b"
    "5b9fc6dfc3e4e81fa6b3aaf7b9ca5b59415cc436bff1b3aa369512dae30ba43c"
    "6308fafe089043d9c59327cd325bd3f480e99d5bdad8a66078b826ea466fda0b"
    "56b420cd5432cb6ab2a1b47d6c92c2efdca40024131542ac46fa06073c436adf"
    "d07f1331024501d6d41de1b31fa2f7adb6db9c7e2cbae8ee482c196f9f827bbf"
    "8925b6ea22c35bdc2d297867e4d722507a064ab3dd945a98069bc1d11f7caae5"
    "d1323fca71e8e124333b0b0245018ba2f0538841e93c8c79d825c9d7aeb2feff"
    "52584c0045505b0b820b78fa85548ad5d6c1230020e536c94a5b66ae681bd7be"
    "9fa1afb720b21105c38cdcb3a839ddef351f02450163330f801084938bcb5022"
    "8a035e777bf71817bcf0cb23c37c1259938f3bbeaa7486d5bc7294e000913a1d"
    "b909cce6791a2c1221bc44c6e69f0e9d9c267c9d360cfb61550245008153c6f9"
    "974dec5f259062ce9f77489d2c6bebcfff300b7863fa940d0a03e277ab569177"
    "dae81cd8b09b061a70ab4c4ee5ac6364281b55adbf90c1c6971287483b3b0983"
    "02444999021e74dcb60a6e67f482ba3e95226385256d11a81bb001b6dcd7baef"
    "3f4dae126279b263be854ab0287813beb749eca222f15e09ed89e7ef7967b39f"
    "a6d08dd02cb7";
static const char sig1090_hex[] =
    "0139891640ee6761463ae98bee6a1a23a6386c7b3a9c63d20ed5401f6d4cd248"
    "501d6bddef582be1e363923c496e643585e58dc4c2d4438aaa2f6022f757d3b3"
    "a4d6339425dbdaffd0bbf846e214ad0f7758c87398d11deb24921707a2b3e043"
    "868f30ebbc065c514c4d2396955c618b252b735ea31db4cc328a25ac9794d6a2"
    "eaad6662c451b3e981";

static uint8_t key_der[1200];
static uint8_t fw_material[PP_RSA_KEY_MATERIAL_MAX(2048)];
static uint8_t fw_bad_material[PP_RSA_KEY_MATERIAL_MAX(2048)];
/* An integrator's static work area (uint64_t: the alignment the API asks). */
static uint64_t fw_work[(PP_RSA_PRIVATE_WORK_SIZE(2048) + 7u) / 8u];

FW_TEST(fw_70_rsa2048_pkcs1v15_kat)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    uint8_t ct[256], msg[32], out[256], sig[256], hash[32];
    size_t der_len, msg_len, out_len = 0, sig_len = 0;
    psa_status_t status = PSA_ERROR_GENERIC_ERROR;

    der_len = fw_unhex(key_der, sizeof(key_der), fw_rsa2048_key_der_hex);
    msg_len = fw_unhex(msg, sizeof(msg), message_hex);
    fw_check(fw_unhex(ct, sizeof(ct), ciphertext_hex) == 256, "RSA vector hex");
    fw_check_int(psa_crypto_init(), PSA_SUCCESS, "psa_crypto_init");

    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&attr, PSA_ALG_RSA_PKCS1V15_CRYPT);
    if (!fw_check_int(psa_import_key(&attr, key_der, der_len, &id), PSA_SUCCESS, "RSA-2048 import")) {
        return;
    }
    FW_MEASURE("psa_asymmetric_decrypt_rsa2048_pkcs1v15",
               status = psa_asymmetric_decrypt(id, PSA_ALG_RSA_PKCS1V15_CRYPT, ct, sizeof(ct),
                                               NULL, 0, out, sizeof(out), &out_len));
    fw_check_int(status, PSA_SUCCESS, "RSA-2048 decrypt");
    fw_check(out_len == msg_len, "RSA-2048 decrypt length");
    fw_check_mem(out, msg, msg_len, "RSA-2048 decrypt KAT");
    ct[100] ^= 1u; /* a different ciphertext must not give the message */
    out_len = 0;
    if (psa_asymmetric_decrypt(id, PSA_ALG_RSA_PKCS1V15_CRYPT, ct, sizeof(ct), NULL, 0,
                               out, sizeof(out), &out_len) == PSA_SUCCESS) {
        fw_check(out_len != msg_len || memcmp(out, msg, msg_len) != 0, "RSA-2048 tampered ciphertext");
    }
    psa_destroy_key(id);

    /* PKCS#1 v1.5 signatures are deterministic: sign, verify, reject a flip. */
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH);
    psa_set_key_algorithm(&attr, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256));
    /* The PSA-path rows: what an application calls, DER parsing, key
     * checks and padding included (docs/footprint.md). */
    FW_MEASURE("psa_import_rsa2048_pair", status = psa_import_key(&attr, key_der, der_len, &id));
    fw_check_int(status, PSA_SUCCESS, "RSA-2048 import (sign)");
    memset(hash, 0x5a, sizeof(hash));
    FW_MEASURE("psa_sign_hash_rsa2048_pkcs1v15",
               status = psa_sign_hash(id, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), hash,
                                      sizeof(hash), sig, sizeof(sig), &sig_len));
    fw_check_int(status, PSA_SUCCESS, "RSA-2048 sign");
    FW_MEASURE("psa_verify_hash_rsa2048_pkcs1v15",
               status = psa_verify_hash(id, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), hash,
                                        sizeof(hash), sig, sig_len));
    fw_check_int(status, PSA_SUCCESS, "RSA-2048 verify");
    sig[7] ^= 0x20u;
    fw_check_int(psa_verify_hash(id, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), hash, sizeof(hash),
                                 sig, sig_len), PSA_ERROR_INVALID_SIGNATURE, "RSA-2048 flipped signature");
    psa_destroy_key(id);
}

FW_TEST(fw_71_rsa2048_key_operations)
{
    pp_rsa_key_parts parts;
    pp_rsa_header h;
    uint8_t x[256], y[256], z[256];
    size_t der_len, mlen = 0, bits = 0, i;
    psa_status_t status = PSA_ERROR_GENERIC_ERROR;

    der_len = fw_unhex(key_der, sizeof(key_der), fw_rsa2048_key_der_hex);
    fw_check_int(psa_crypto_init(), PSA_SUCCESS, "psa_crypto_init");
    fw_check_int(pp_rsa_der_parse_private(key_der, der_len, &parts), PSA_SUCCESS, "RSA DER parse");
    if (!fw_check_int(pp_rsa_key_load(fw_material, sizeof(fw_material), &mlen, &parts, 1, &bits),
                      PSA_SUCCESS, "RSA key load")) {
        return;
    }
    fw_check(bits == 2048, "RSA key size");
    for (i = 0; i < sizeof(x); i++) {
        x[i] = (uint8_t)(i * 37u + 11u);
    }
    x[0] = 0x42; /* < n (n starts with 0xb3) */

    FW_MEASURE("rsa2048_private", status = pp_rsa_private_op(fw_material, x, y));
    fw_check_int(status, PSA_SUCCESS, "RSA-2048 private op");
    FW_MEASURE("rsa2048_public", status = pp_rsa_public_op(fw_material, y, z));
    fw_check_int(status, PSA_SUCCESS, "RSA-2048 public op");
    fw_check_mem(z, x, sizeof(x), "RSA-2048 public(private(x)) == x");

    /* The same with the work area in a static buffer: the stack figure is
     * then the operation's own (docs/rsa.md). The smallest area (room for
     * window 3) must give the same result; a smaller one is refused. */
    memset(z, 0, sizeof(z));
    FW_MEASURE("rsa2048_private_work",
               status = pp_rsa_private_op_work(fw_material, x, z, fw_work, sizeof(fw_work)));
    fw_check_int(status, PSA_SUCCESS, "RSA-2048 private op, static work area");
    fw_check_mem(z, y, sizeof(y), "RSA-2048 private op, static work area, result");
    memset(z, 0, sizeof(z));
    FW_MEASURE("rsa2048_private_min",
               status = pp_rsa_private_op_work(fw_material, x, z, fw_work,
                                               PP_RSA_PRIVATE_WORK_SIZE_W(2048, 1)));
    fw_check_int(status, PSA_SUCCESS, "RSA-2048 private op, smallest work area");
    fw_check_mem(z, y, sizeof(y), "RSA-2048 private op, smallest work area, result");
    fw_check_int(pp_rsa_private_op_work(fw_material, x, z, fw_work,
                                        PP_RSA_PRIVATE_WORK_SIZE_W(2048, 1) - 4u * 33u - 4u),
                 PSA_ERROR_INSUFFICIENT_MEMORY, "RSA-2048 private op, work area too small");
    FW_MEASURE("rsa2048_public_work",
               status = pp_rsa_public_op_work(fw_material, y, z, fw_work, PP_RSA_PUBLIC_WORK_SIZE(2048)));
    fw_check_int(status, PSA_SUCCESS, "RSA-2048 public op, static work area");
    fw_check_mem(z, x, sizeof(x), "RSA-2048 public op, static work area, result");

    /* Fault check: a corrupted dp must be refused with a zeroed output. */
    memcpy(fw_bad_material, fw_material, mlen);
    fw_check(pp_rsa_header_read(fw_bad_material, &h), "RSA header");
    fw_bad_material[pp_rsa_field_offset(&h, PP_RSA_F_DP) + 2] ^= 0x08u;
    fw_check_int(pp_rsa_private_op(fw_bad_material, x, y), PSA_ERROR_CORRUPTION_DETECTED,
                 "RSA-2048 fault check");
    for (i = 0; i < sizeof(y) && y[i] == 0; i++) {
    }
    fw_check(i == sizeof(y), "RSA-2048 faulty output wiped");

    fw_timing("RSA key operation (performance): public [{rsa2048_public} cycles], "
              "private [{rsa2048_private} cycles]");
    fw_timing("RSA-2048 stack with the work area on it: private {rsa2048_private.stack} B, "
              "public {rsa2048_public.stack} B; with a static work area: private "
              "{rsa2048_private_work.stack} B, public {rsa2048_public_work.stack} B");
    fw_timing("RSA-2048 private with the smallest work area: {rsa2048_private_min} cycles");
}


/* Sizes whose limb counts are not multiples of 4 or 2 (1030 bits: n 33
 * limbs, primes 17; 1090 bits: n 35, primes 18) run the single-limb and
 * odd-pair entries of the assembly loops; the signature is OpenSSL's,
 * byte for byte (PKCS#1 v1.5 is deterministic). */
static void fw_rsa_odd_size(const char *der_hex, const char *sig_hex, size_t sig_bytes,
                            const char *what)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    uint8_t expected[160], sig[160], hash[32];
    size_t der_len, sig_len = 0;
    psa_algorithm_t alg = PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256);

    der_len = fw_unhex(key_der, sizeof(key_der), der_hex);
    fw_check(fw_unhex(expected, sizeof(expected), sig_hex) == sig_bytes, what);
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH);
    psa_set_key_algorithm(&attr, alg);
    if (!fw_check_int(psa_import_key(&attr, key_der, der_len, &id), PSA_SUCCESS, what)) {
        return;
    }
    memset(hash, 0x5a, sizeof(hash));
    fw_check_int(psa_sign_hash(id, alg, hash, sizeof(hash), sig, sizeof(sig), &sig_len),
                 PSA_SUCCESS, what);
    fw_check(sig_len == sig_bytes, what);
    fw_check_mem(sig, expected, sig_bytes, what);
    fw_check_int(psa_verify_hash(id, alg, hash, sizeof(hash), expected, sig_bytes), PSA_SUCCESS,
                 what);
    expected[sig_bytes - 1u] ^= 0x01u;
    fw_check_int(psa_verify_hash(id, alg, hash, sizeof(hash), expected, sig_bytes),
                 PSA_ERROR_INVALID_SIGNATURE, what);
    psa_destroy_key(id);
}

FW_TEST(fw_72_rsa_odd_limb_counts)
{
    fw_check_int(psa_crypto_init(), PSA_SUCCESS, "psa_crypto_init");
    fw_rsa_odd_size(key1030_der_hex, sig1030_hex, 129, "RSA-1030 sign KAT");
    fw_rsa_odd_size(key1090_der_hex, sig1090_hex, 137, "RSA-1090 sign KAT");
}

#endif
