/*
 * fw_ed25519.c -- firmware known-answer tests and timings of Ed25519
 * through the PSA API: the six RFC 8032 vectors (sec. 7.1 TEST 1, 2, 3,
 * 1024, SHA(abc); sec. 7.3 Ed25519ph TEST abc, also via psa_sign_hash),
 * byte for byte, with negative cases (a flipped signature or message bit
 * must fail, an off-curve public key must not import).
 * Measurement ids (docs/footprint.md rows, tools/budgets.txt):
 *   ed25519_sign, ed25519_verify (32-byte message, PureEdDSA),
 *   ed25519_keygen (psa_generate_key: DRBG + public key derivation),
 *   ed25519ph_sign_hash.
 */
#include <string.h>

#include <picopsa/config.h>
#include <psa/crypto.h>

#include "fw_tests.h"
#include "hash/sha512.h"

#if PSA_WANT_ECC_TWISTED_EDWARDS_255 && PSA_WANT_ALG_PURE_EDDSA && PSA_WANT_ALG_ED25519PH

#define ED_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS)
#define ED_PUBLIC PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_TWISTED_EDWARDS)

struct rfc8032_vector {
    const char *name;
    int prehash;        /* 1: Ed25519ph */
    const char *seed;
    const char *public_key;
    const char *signature;
    const char *message;
};

/* RFC 8032 sec. 7.1 and 7.3 (tests/data/vectors/rfc8032_ed25519.json). */
static const struct rfc8032_vector rfc8032[] = {
    {"TEST 1", 0,
     "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
     "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
     ""},
    {"TEST 2", 0,
     "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
     "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
     "72"},
    {"TEST 3", 0,
     "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac"
     "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
     "af82"},
    {"TEST 1024", 0,
     "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
     "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e",
     "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350"
     "aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03",
     "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98"
     "fa6e264bf09efe12ee50f8f54e9f77b1e355f6c50544e23fb1433ddf73be84d8"
     "79de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d"
     "658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc"
     "1a858efcb8550ee3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4fe"
     "ba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e"
     "06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbef"
     "efd75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7"
     "aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1"
     "85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2"
     "d17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24"
     "554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270"
     "88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc"
     "2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b07"
     "07e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba"
     "b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51a"
     "ddd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2af58429e"
     "c96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7"
     "51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c"
     "42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c4b4c4525004aa06eeff8"
     "ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df"
     "f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08"
     "d78ff4ef5d63653a65040cf9bfd4aca7984a74d37145986780fc0b16ac451649"
     "de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4"
     "88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a3"
     "2ef5b52a1ecc820e308aa342721aac0943bf6686b64b2579376504ccc493d97e"
     "6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f"
     "b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b5"
     "0d334ba77c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1"
     "369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d"
     "b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c"
     "0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0"},
    {"TEST SHA(abc)", 0,
     "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
     "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b589"
     "09351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
    {"TEST abc", 1,
     "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
     "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae41"
     "31f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406",
     "616263"},
};

static psa_key_id_t import_key(psa_key_type_t type, psa_algorithm_t alg, const uint8_t *data)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, type);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE |
                                   PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH);
    psa_set_key_algorithm(&attr, alg);
    fw_check_int(psa_import_key(&attr, data, 32, &id), PSA_SUCCESS, "Ed25519 import");
    return id;
}

static uint8_t fw_msg[1023];

FW_TEST(fw_50_ed25519_rfc8032)
{
    size_t i;
    (void)psa_crypto_init();
    for (i = 0; i < sizeof(rfc8032) / sizeof(rfc8032[0]); i++) {
        const struct rfc8032_vector *v = &rfc8032[i];
        psa_algorithm_t alg = v->prehash ? PSA_ALG_ED25519PH : PSA_ALG_PURE_EDDSA;
        uint8_t seed[32], pk[32], want[64], sig[64], out[32];
        size_t len = 0, msg_len = fw_unhex(fw_msg, sizeof(fw_msg), v->message);
        psa_key_id_t pair, pub;

        fw_unhex(seed, sizeof(seed), v->seed);
        fw_unhex(pk, sizeof(pk), v->public_key);
        fw_unhex(want, sizeof(want), v->signature);
        pair = import_key(ED_PAIR, alg, seed);
        pub = import_key(ED_PUBLIC, alg, pk);
        fw_check_int(psa_export_public_key(pair, out, sizeof(out), &len), PSA_SUCCESS, v->name);
        fw_check_mem(out, pk, 32, v->name);
        fw_check_int(psa_sign_message(pair, alg, fw_msg, msg_len, sig, sizeof(sig), &len),
                     PSA_SUCCESS, v->name);
        fw_check_mem(sig, want, 64, v->name);
        fw_check_int(psa_verify_message(pub, alg, fw_msg, msg_len, want, 64), PSA_SUCCESS,
                     v->name);
        if (v->prehash) {
            uint8_t hash[64];
            pp_sha512(fw_msg, msg_len, hash);
            fw_check_int(psa_sign_hash(pair, alg, hash, 64, sig, sizeof(sig), &len), PSA_SUCCESS,
                         "Ed25519ph sign_hash");
            fw_check_mem(sig, want, 64, "Ed25519ph sign_hash");
            fw_check_int(psa_verify_hash(pub, alg, hash, 64, want, 64), PSA_SUCCESS,
                         "Ed25519ph verify_hash");
        }
        /* Negative: a flipped bit of the signature or the message. */
        want[40] ^= 0x08;
        fw_check_int(psa_verify_message(pub, alg, fw_msg, msg_len, want, 64),
                     PSA_ERROR_INVALID_SIGNATURE, "flipped signature bit");
        want[40] ^= 0x08;
        if (msg_len > 0) {
            fw_msg[msg_len - 1] ^= 0x80;
            fw_check_int(psa_verify_message(pub, alg, fw_msg, msg_len, want, 64),
                         PSA_ERROR_INVALID_SIGNATURE, "flipped message bit");
        }
        psa_destroy_key(pair);
        psa_destroy_key(pub);
    }
    {
        /* y = 2 is not on the curve: the import must fail. */
        static const uint8_t off_curve[32] = {2};
        psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
        psa_key_id_t id;
        psa_set_key_type(&attr, ED_PUBLIC);
        psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_VERIFY_MESSAGE);
        psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
        fw_check_int(psa_import_key(&attr, off_curve, 32, &id), PSA_ERROR_INVALID_ARGUMENT,
                     "off-curve public key");
    }
}

FW_TEST(fw_51_ed25519_timing)
{
    static const uint8_t seed[32] = {
        0x9d, 0x61, 0xb1, 0x9d, 0xef, 0xfd, 0x5a, 0x60, 0xba, 0x84, 0x4a, 0xf4, 0x92, 0xec,
        0x2c, 0xc4, 0x44, 0x49, 0xc5, 0x69, 0x7b, 0x32, 0x69, 0x19, 0x70, 0x3b, 0xac, 0x03,
        0x1c, 0xae, 0x7f, 0x60
    };
    uint8_t msg[32], sig[64], hash[64];
    size_t len = 0, i;
    psa_status_t status = PSA_ERROR_GENERIC_ERROR;
    psa_key_id_t key, generated = PSA_KEY_ID_NULL;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;

    for (i = 0; i < sizeof(msg); i++) {
        msg[i] = (uint8_t)(i * 7u + 1u);
    }
    (void)psa_crypto_init();
    key = import_key(ED_PAIR, PSA_ALG_PURE_EDDSA, seed);
    FW_MEASURE("ed25519_sign", status = psa_sign_message(key, PSA_ALG_PURE_EDDSA, msg,
                                                          sizeof(msg), sig, sizeof(sig), &len));
    fw_check_int(status, PSA_SUCCESS, "EdDSA sign");
    FW_MEASURE("ed25519_verify", status = psa_verify_message(key, PSA_ALG_PURE_EDDSA, msg,
                                                              sizeof(msg), sig, sizeof(sig)));
    fw_check_int(status, PSA_SUCCESS, "EdDSA verify");
    psa_destroy_key(key);

    key = import_key(ED_PAIR, PSA_ALG_ED25519PH, seed);
    pp_sha512(msg, sizeof(msg), hash);
    FW_MEASURE("ed25519ph_sign_hash", status = psa_sign_hash(key, PSA_ALG_ED25519PH, hash, 64,
                                                             sig, sizeof(sig), &len));
    fw_check_int(status, PSA_SUCCESS, "Ed25519ph sign_hash");
    psa_destroy_key(key);

    psa_set_key_type(&attr, ED_PAIR);
    psa_set_key_bits(&attr, 255);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    FW_MEASURE("ed25519_keygen", status = psa_generate_key(&attr, &generated));
    fw_check_int(status, PSA_SUCCESS, "EdDSA key generation");
    psa_destroy_key(generated);

    fw_timing("EdDSA sign took {ed25519_sign} cycles, {ed25519_sign.stack} B stack");
    fw_timing("EdDSA verify took {ed25519_verify} cycles, {ed25519_verify.stack} B stack");
    fw_timing("EdDSA key generation took {ed25519_keygen} cycles, {ed25519_keygen.stack} B stack");
    fw_timing("Ed25519ph sign_hash took {ed25519ph_sign_hash} cycles");
}

#endif

