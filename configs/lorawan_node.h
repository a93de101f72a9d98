/*
 * configs/lorawan_node.h -- a LoRaWAN end device (TS001-1.0.4; 1.1 uses the
 * same primitives): AES-128 and nothing asymmetric.
 *
 * What the protocol calls (TS001-1.0.4, LoRaWAN L2 1.0.4), and through
 * which PSA mechanism:
 *  - the MIC of every frame (sec. 4.4) and of the join messages (6.2):
 *    aes128_cmac, RFC 4493: PSA_ALG_CMAC, psa_mac_*;
 *  - the FRMPayload encryption (sec. 4.3.3): S_i = aes128_encrypt(K, A_i)
 *    XORed with the payload, where A_i ends with the block number i: that
 *    is AES-CTR with A_1 as the counter block (a payload has at most 16
 *    blocks, so the big-endian increment of SP 800-38A B.1 never carries
 *    out of A_i's last byte): PSA_ALG_CTR;
 *  - the session keys and the Join-Accept (sec. 6.2.6: the Join Server
 *    encrypts it with aes128_decrypt so that the device needs only the
 *    encryption): single AES-128 blocks, PSA_ALG_ECB_NO_PADDING;
 *  - DevNonce and other random values: psa_generate_random, from a
 *    CTR_DRBG on the same AES core (SP 800-90A 10.2, AES-256).
 * SHA-256 and HMAC stay: the key store's and the key-derivation front
 * end's needs (include/picopsa/config_check.h says why HMAC must be 1).
 *
 * It is also the image that measures CMAC and the AES modes of a small
 * symmetric product on the MCUs (tools/embedded's config cells, budgets in
 * tools/budgets.txt) and a host configuration of make test (step 10).
 *
 * Use: -DPICOPSA_CONFIG_FILE='"configs/lorawan_node.h"' (repository root on
 * the include path) or, with CMake, -DPICOPSA_CONFIG_FILE=<path>/configs/lorawan_node.h.
 */
#ifndef PICOPSA_CONFIGS_LORAWAN_NODE_H
#define PICOPSA_CONFIGS_LORAWAN_NODE_H

/* Hashes: SHA-256 only. */
#define PSA_WANT_ALG_SHA_1 0
#define PSA_WANT_ALG_SHA_224 0
#define PSA_WANT_ALG_SHA_256 1
#define PSA_WANT_ALG_SHA_384 0
#define PSA_WANT_ALG_SHA_512 0
#define PSA_WANT_ALG_SHA_512_224 0
#define PSA_WANT_ALG_SHA_512_256 0
#define PSA_WANT_ALG_SHA3_224 0
#define PSA_WANT_ALG_SHA3_256 0
#define PSA_WANT_ALG_SHA3_384 0
#define PSA_WANT_ALG_SHA3_512 0
#define PSA_WANT_ALG_SHAKE256_512 0
#define PSA_WANT_ALG_HMAC 1
#define PSA_WANT_KEY_TYPE_HMAC 1
#define PICOPSA_DRBG_HASH PSA_ALG_SHA_256

/* AES: ECB, CTR, CMAC; the random generator runs on it. */
#define PSA_WANT_KEY_TYPE_AES 1
#define PSA_WANT_ALG_ECB_NO_PADDING 1
#define PSA_WANT_ALG_CTR 1
#define PSA_WANT_ALG_CMAC 1
#define PICOPSA_DRBG_MECHANISM PICOPSA_DRBG_CTR
#define PSA_WANT_ALG_CBC_NO_PADDING 0
#define PSA_WANT_ALG_CBC_PKCS7 0
#define PSA_WANT_ALG_CFB 0
#define PSA_WANT_ALG_OFB 0
#define PSA_WANT_ALG_XTS 0
#define PSA_WANT_ALG_CCM_STAR_NO_TAG 0
#define PSA_WANT_ALG_CCM 0
#define PSA_WANT_ALG_GCM 0
#define PSA_WANT_KEY_TYPE_CHACHA20 0
#define PSA_WANT_KEY_TYPE_XCHACHA20 0
#define PSA_WANT_ALG_STREAM_CIPHER 0
#define PSA_WANT_ALG_CHACHA20_POLY1305 0
#define PSA_WANT_ALG_XCHACHA20_POLY1305 0

/* Everything else: out. */
#define PSA_WANT_ALG_PURE_EDDSA 0
#define PSA_WANT_ALG_ED25519PH 0
#define PSA_WANT_ECC_TWISTED_EDWARDS_255 0
#define PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY 0
#define PSA_WANT_KEY_TYPE_RSA_KEY_PAIR 0
#define PSA_WANT_ALG_RSA_PKCS1V15_SIGN 0
#define PSA_WANT_ALG_RSA_PSS 0
#define PSA_WANT_ALG_RSA_PKCS1V15_CRYPT 0
#define PSA_WANT_ALG_RSA_OAEP 0
#define PSA_WANT_ECC_MONTGOMERY_255 0
#define PSA_WANT_ALG_ECDH 0
#define PSA_WANT_ECC_SECP_R1_256 0
#define PSA_WANT_ECC_SECP_R1_384 0
#define PSA_WANT_ALG_ECDSA 0
#define PSA_WANT_ALG_DETERMINISTIC_ECDSA 0
#define PSA_WANT_ALG_HKDF 0
#define PSA_WANT_ALG_HKDF_EXTRACT 0
#define PSA_WANT_ALG_HKDF_EXPAND 0
#define PSA_WANT_ALG_PBKDF2_HMAC 0
#define PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128 0
#define PSA_WANT_ALG_TLS12_PRF 0
#define PSA_WANT_ALG_TLS12_PSK_TO_MS 0
#define PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS 0
#define PSA_WANT_ALG_SP800_108_COUNTER_HMAC 0
#define PSA_WANT_ALG_SP800_108_COUNTER_CMAC 0
#define PSA_WANT_KEY_TYPE_DERIVE 0
#define PSA_WANT_ALG_ML_KEM 0
#define PSA_WANT_ALG_ML_DSA 0
#define PSA_WANT_ALG_DETERMINISTIC_ML_DSA 0
#define PSA_WANT_ALG_HASH_ML_DSA 0
#define PSA_WANT_ALG_DETERMINISTIC_HASH_ML_DSA 0
#define PSA_WANT_ALG_LMS 0
#define PSA_WANT_ALG_HSS 0

/* Key store: the root keys (AppKey, NwkKey) and the session keys of 1.1
 * (FNwkSIntKey, SNwkSIntKey, NwkSEncKey, AppSKey), with room for a
 * rejoin's new set: 8 slots; 16-byte keys, but the HMAC tests use keys up
 * to 65 B, so the raw-key limit stays 128 B as in ed25519_only.h. */
#define PICOPSA_KEY_SLOT_COUNT 8
#define PICOPSA_HMAC_MAX_KEY_BYTES 128

#endif /* PICOPSA_CONFIGS_LORAWAN_NODE_H */
