/*
 * fuzz_psa_api.c -- stateful fuzzing of the public PSA Crypto API (issue 9
 * finding 6): the input is a program of API calls run against one library
 * instance, checked against a model (a shadow table of the live keys).
 *
 * Input: a stream of bytes read by rd_*(); each step takes one opcode byte
 * and then the arguments it needs (key choice, algorithm, sizes, buffer
 * placement, data). Running out of input ends the program; up to
 * FZ_MAX_STEPS steps run. Every input starts from an empty key store (the
 * keys left by the previous input are destroyed) and two idle hash and two
 * idle MAC operation objects.
 *
 * Calls: import (HMAC, Ed25519 pair/public, RSA pair/public from the valid
 * 1024-bit DER constants below, optionally mutated, P-256 and X25519
 * pair/public (a constant or fuzzer bytes), and garbage of any type),
 * generate (HMAC, Ed25519, P-256, X25519; RSA-1024 at most once per input),
 * export, export_public, copy, destroy, purge, get_attributes, hash
 * one-shot, compare and multi-part (setup/update/finish/verify/clone/
 * suspend/resume/abort), MAC one-shot and multi-part, sign/verify hash and
 * message (EdDSA, RSA, ECDSA and deterministic ECDSA), asymmetric
 * encrypt/decrypt, generate_random; since issue 21 also key derivation on
 * two operation objects (setup, input_bytes, input_key, key_agreement,
 * get/set_capacity, output_bytes, output_key, verify_bytes/verify_key,
 * abort; HKDF, HKDF_EXTRACT, HKDF_EXPAND and KEY_AGREEMENT(ECDH, .)),
 * psa_raw_key_agreement and psa_key_agreement (ECDH on P-256 and X25519),
 * persistent keys (ids in a small user range, the file backend in a
 * mkdtemp directory) and a restart (picopsa_shutdown + psa_crypto_init);
 * since issue 26 ML-KEM (import of seeds and encapsulation keys, generate,
 * psa_encapsulate, psa_decapsulate: op_kem); since issue 27 ML-DSA keys
 * (op_mldsa: seeds, public keys, generate) whose signatures go through
 * op_sign / op_verify with the four ML-DSA algorithms.
 * Keys are chosen among the
 * live ones, destroyed ones (stale ids) and ids never issued; attributes,
 * algorithms and sizes are fuzzer-chosen, mostly from pools of meaningful
 * values. Output buffers are placed apart from the inputs or overlapping
 * them (same start, input inside the output, output inside the input) at
 * fuzzer-chosen offsets, each buffer its own exactly sized heap block so
 * ASan sees any overrun.
 *
 * Oracles (a violation prints the step and aborts):
 *  - the status is one the spec (PSA Crypto API 1.2) lists for the function
 *    (allowed_* sets below); BAD_STATE from a function without an operation
 *    object is also a violation (the library is initialised);
 *  - policy: a call the model's usage flags or permitted algorithm forbid
 *    never succeeds (also export without PSA_KEY_USAGE_EXPORT and copy
 *    without PSA_KEY_USAGE_COPY); import/generate with undefined usage bits
 *    never succeed (spec 9.6 INVALID_ARGUMENT); attributes read back equal
 *    the model; a copy never gains usage;
 *  - stale or never-issued ids never succeed (destroyed keys are
 *    unusable), nor does a multi-part MAC whose key was destroyed;
 *  - overlap: for the deterministic functions (hash, MAC, Ed25519,
 *    PKCS#1 v1.5 signature, decryption, export) the overlapping call gives
 *    the status and output of the separate-buffer call;
 *  - every signature produced verifies (separate buffers), every
 *    ciphertext produced decrypts to its plaintext, every MAC produced
 *    verifies, multi-part hash and MAC results equal the one-shot results;
 *  - known-good keys (the valid constants and generated keys) with a
 *    permitting policy and a big enough buffer succeed where the spec
 *    leaves no other outcome (hash, HMAC, Ed25519, RSA-SHA-256 and P-256
 *    ECDSA-SHA-256 signing, ECDH of a constant with its own public key);
 *  - key derivation: HKDF output (output_bytes, the bytes of an output_key
 *    raw key, verify_bytes) equals OpenSSL's HKDF over the same inputs when
 *    they came in the order 10.6.1 gives; input_key of a SECRET and
 *    key_agreement never succeed beyond the key's usage / policy; no call
 *    succeeds on an idle operation; raw and key-creating agreements stay
 *    within the policy and equal OpenSSL's ECDH / X25519 secret, the peer
 *    key inside the output changes nothing;
 *  - persistence: a persistent key keeps its id and attributes across a
 *    restart, volatile keys are gone after it;
 *  - ML-KEM (1.3 10.10.2, PQC extension 2.2): pairs need a 64-byte seed
 *    and key_bits 512/768/1024, public keys their set's ek length; an
 *    encapsulation succeeds only within the ENCRYPT policy, with a
 *    ciphertext of exactly PSA_ENCAPSULATE_CIPHERTEXT_SIZE and an output
 *    key of a type 10.10.2 allows; a decapsulation only within DECRYPT,
 *    and with a good pair and a ciphertext of the right length it must
 *    succeed whatever the bytes (implicit rejection, FIPS 203 Alg. 18);
 *    decapsulating an encapsulation's ciphertext gives its secret, a
 *    modified one another secret, the same one each time;
 *  - ML-DSA (PQC extension 2.3): pairs need a 32-byte seed and key_bits
 *    128/192/256, public keys their set's pk length; a good pair signs a
 *    message with ML_DSA and DETERMINISTIC_ML_DSA (and a SHA-256 hash
 *    with the HASH_ML_DSA forms) under a permitting policy, the signature
 *    verifies, a deterministic one is the same with overlapping buffers.
 *
 * FZ_GATE_* (compile-time, default 0) relax an oracle for a bug that is
 * known and being fixed elsewhere, so fuzzing can go past it.
 */
#define _POSIX_C_SOURCE 200809L   /* mkdtemp, setenv (the temporary key store) */
#include <psa/crypto.h>
#include <picopsa/shutdown.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/param_build.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <unistd.h>

#include "test_config.h"
#include "test_ossl_ed25519.h"

#ifndef FZ_GATE_ED25519_OVERLAP
#define FZ_GATE_ED25519_OVERLAP 0   /* issue 9 finding 1 (branch sec-ed-bn) */
#endif
#ifndef FZ_GATE_RSA_OVERLAP
#define FZ_GATE_RSA_OVERLAP 0       /* issue 9 finding 3 (branch sec-rsa) */
#endif
#ifndef FZ_GATE_USAGE_BITS
#define FZ_GATE_USAGE_BITS 0        /* issue 9 finding 5, usage bits (sec-threads) */
#endif
#ifndef FZ_GATE_AGREEMENT_TYPES
#define FZ_GATE_AGREEMENT_TYPES 0   /* issue 21 item 1.7 (fixed by the kdfsm branch) */
#endif

#define FZ_MAX_STEPS 48u
#define FZ_MAX_KEYS 12u            /* model table; the library has fewer slots */
#define FZ_MAX_STALE 16u
#define FZ_MAX_DATA 1024u          /* longest message / key / buffer taken from input */
#define FZ_MAX_TRACK 2048u         /* multi-part message kept for the one-shot check */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- valid key material ------------------------------------------------ */

/* Two RSA-1024 key pairs (RSAPrivateKey DER, openssl genrsa) and their
 * public keys (RSAPublicKey DER): the PSA import formats (spec 9.6.4). */
static const uint8_t rsa_pair_1[607] = {
    0x30, 0x82, 0x02, 0x5b, 0x02, 0x01, 0x00, 0x02, 0x81, 0x81, 0x00, 0xbc, 0xad, 0x35, 0xb7, 0xe2,
    0x5d, 0x3b, 0x34, 0x3b, 0xad, 0x46, 0xd7, 0xd6, 0xa7, 0x4d, 0x85, 0x91, 0x8b, 0x48, 0x61, 0x11,
    0x38, 0xfa, 0x75, 0x45, 0x6f, 0x1d, 0x2b, 0x65, 0xa6, 0x33, 0x2b, 0xb6, 0x77, 0x3e, 0x93, 0x65,
    0xb5, 0x90, 0x2d, 0xf5, 0x88, 0xaa, 0xa6, 0x9c, 0xac, 0x0c, 0xb9, 0x09, 0x28, 0x94, 0xc5, 0xd7,
    0xb2, 0x74, 0x0e, 0x43, 0x4d, 0xee, 0x58, 0x56, 0xa0, 0xc1, 0xb6, 0x72, 0x7f, 0xbf, 0xc3, 0xeb,
    0xc0, 0x79, 0xb3, 0x7d, 0xf1, 0xff, 0x7c, 0xf4, 0x3c, 0x3e, 0x62, 0x36, 0x14, 0xce, 0x1d, 0xc4,
    0xab, 0x04, 0xff, 0xde, 0x8b, 0xd8, 0xe6, 0x78, 0xf8, 0x53, 0xcc, 0x53, 0x99, 0x94, 0xcb, 0x26,
    0x32, 0xb8, 0xb6, 0xc0, 0xec, 0x77, 0xde, 0x9f, 0xf8, 0x5f, 0x10, 0xe1, 0x65, 0x85, 0x66, 0xe4,
    0x29, 0x1e, 0xd8, 0x33, 0xc0, 0x5f, 0x2b, 0x0e, 0x23, 0x56, 0x9b, 0x02, 0x03, 0x01, 0x00, 0x01,
    0x02, 0x81, 0x80, 0x20, 0x1e, 0xc8, 0xb7, 0x5e, 0x55, 0x0a, 0xe0, 0x30, 0x8c, 0xa6, 0x33, 0xd6,
    0x7a, 0x32, 0xeb, 0x5b, 0x44, 0xbf, 0xf4, 0xae, 0x6e, 0xe9, 0xcc, 0x8f, 0x1e, 0x84, 0x73, 0xbf,
    0xe1, 0x54, 0x72, 0xcb, 0xa4, 0x6f, 0x45, 0xbe, 0x99, 0xf3, 0x4a, 0xaf, 0xb3, 0x2d, 0x82, 0x21,
    0xc7, 0xf4, 0x7e, 0x87, 0xbd, 0x9d, 0xde, 0x34, 0x83, 0x4f, 0xd8, 0xa1, 0xc2, 0xa1, 0xa1, 0xee,
    0x55, 0x7d, 0xc4, 0x9b, 0x85, 0x02, 0x05, 0x5b, 0x6c, 0x42, 0x56, 0x78, 0x1a, 0x42, 0x73, 0x74,
    0xd0, 0x04, 0x9d, 0x71, 0x77, 0x50, 0x57, 0x27, 0x26, 0xf3, 0xff, 0x2c, 0xca, 0x0c, 0xe4, 0xa3,
    0xc9, 0x8e, 0x1d, 0x46, 0xbd, 0xb4, 0xe7, 0x9e, 0xf6, 0xbe, 0x37, 0xdf, 0xd5, 0x16, 0x18, 0x28,
    0xb5, 0x36, 0x56, 0xbf, 0xf0, 0x4c, 0xe8, 0xf7, 0x76, 0xe9, 0x63, 0x2b, 0x59, 0xac, 0xc3, 0xfe,
    0x33, 0x0e, 0xd9, 0x02, 0x41, 0x00, 0xf0, 0x84, 0xe6, 0x38, 0x22, 0x59, 0x8f, 0xf7, 0x07, 0x71,
    0x3f, 0xc9, 0xc7, 0x6a, 0x97, 0xd9, 0xa4, 0x39, 0x5d, 0xd7, 0xc2, 0x1f, 0xe9, 0xc9, 0x83, 0xfb,
    0x5e, 0x34, 0x7e, 0x75, 0xb8, 0xa4, 0x9e, 0x43, 0xc7, 0x86, 0xa5, 0xef, 0x7f, 0x15, 0xb1, 0x8c,
    0x17, 0x2b, 0x24, 0x4a, 0x2b, 0x43, 0x2d, 0x84, 0x82, 0x57, 0xa2, 0xd9, 0x64, 0x87, 0x2f, 0x57,
    0xd6, 0xc1, 0x80, 0xa5, 0x2e, 0x85, 0x02, 0x41, 0x00, 0xc8, 0xd2, 0x16, 0x2e, 0x92, 0xaf, 0xb9,
    0x48, 0x36, 0x54, 0xd1, 0xa6, 0x4b, 0xf7, 0xba, 0xd4, 0x55, 0x43, 0xae, 0xe7, 0x3c, 0x1c, 0x4c,
    0xe2, 0xc4, 0xe9, 0x0e, 0x20, 0x1f, 0x7e, 0x51, 0x4c, 0x5a, 0xee, 0x6b, 0x31, 0x2f, 0x24, 0x90,
    0xeb, 0xed, 0xe0, 0x98, 0xef, 0x2b, 0x10, 0xba, 0x66, 0xb1, 0xf3, 0x4d, 0x82, 0xc0, 0xba, 0xa7,
    0xef, 0x7b, 0xa8, 0x86, 0x43, 0x59, 0x85, 0x4a, 0x9f, 0x02, 0x40, 0x4d, 0xbf, 0x98, 0x2f, 0xf3,
    0x22, 0xa2, 0x80, 0x07, 0x1e, 0xdb, 0xb0, 0xdd, 0x4e, 0x9e, 0xb1, 0x92, 0xfd, 0x9c, 0x51, 0x3f,
    0x86, 0x53, 0x6b, 0x79, 0xc7, 0x8a, 0xe7, 0x4b, 0x2d, 0xc0, 0xb7, 0x2e, 0x15, 0xd8, 0xec, 0xb4,
    0xbd, 0x1b, 0x86, 0xa6, 0xb3, 0x13, 0x56, 0x35, 0xcf, 0xe7, 0xf6, 0x3a, 0x43, 0x88, 0x62, 0xcd,
    0xd8, 0x9a, 0x3f, 0x7c, 0xd5, 0x57, 0x2d, 0x8b, 0xe9, 0x59, 0x85, 0x02, 0x40, 0x0f, 0x8d, 0xd6,
    0x11, 0xfd, 0x62, 0x86, 0xe3, 0x44, 0xf2, 0x04, 0xda, 0xf0, 0x7f, 0x5b, 0x85, 0x1e, 0xa5, 0x83,
    0x62, 0x7d, 0x91, 0x63, 0x93, 0x1c, 0xd5, 0x40, 0x36, 0xd4, 0xb9, 0x9f, 0xea, 0x5e, 0x10, 0xa1,
    0x54, 0xc9, 0xe5, 0xf7, 0x23, 0x8e, 0xe5, 0x1a, 0x73, 0x4b, 0xce, 0x9b, 0xe1, 0x60, 0x5f, 0x0b,
    0xdd, 0xd8, 0xb7, 0x9c, 0x52, 0x3c, 0x2d, 0xad, 0x58, 0x82, 0x12, 0x84, 0xd9, 0x02, 0x40, 0x05,
    0xb0, 0x1d, 0xe0, 0x68, 0x0f, 0xf4, 0xa1, 0x59, 0x57, 0x70, 0xe6, 0x5d, 0x8b, 0x21, 0x6b, 0xcf,
    0xaf, 0xf5, 0xb4, 0x6a, 0x8a, 0xb3, 0x8d, 0x9b, 0x9c, 0xf7, 0x7e, 0x6d, 0xfa, 0x62, 0x7b, 0x73,
    0x20, 0x03, 0x5b, 0xe6, 0xc2, 0x36, 0x73, 0x30, 0x95, 0xc4, 0xcc, 0xb6, 0x8c, 0xdc, 0x9a, 0x4c,
    0x90, 0x11, 0x39, 0x5f, 0x9d, 0xfb, 0xea, 0x4f, 0x42, 0x6b, 0x7b, 0x67, 0x00, 0x50, 0xa7,
};
static const uint8_t rsa_pair_2[608] = {
    0x30, 0x82, 0x02, 0x5c, 0x02, 0x01, 0x00, 0x02, 0x81, 0x81, 0x00, 0x9e, 0xe4, 0x04, 0x91, 0x9f,
    0x2d, 0x08, 0x68, 0x50, 0xbe, 0xd9, 0xae, 0x00, 0x1a, 0x9b, 0x28, 0xdd, 0x61, 0x0a, 0x78, 0xd7,
    0x08, 0x79, 0x3d, 0x73, 0x2c, 0x9c, 0xc9, 0x2b, 0x93, 0x98, 0x3c, 0x5f, 0x62, 0x6a, 0xd8, 0x12,
    0xfe, 0x1a, 0x23, 0xb7, 0x60, 0x95, 0x4f, 0xcc, 0xe5, 0xe5, 0xf3, 0x9a, 0xaf, 0x3f, 0xce, 0xcf,
    0x64, 0xbf, 0x4c, 0x63, 0xd6, 0x73, 0xce, 0x41, 0xdd, 0x50, 0x20, 0xc8, 0x5e, 0x3b, 0x5b, 0xc6,
    0x0a, 0x93, 0x5d, 0xf5, 0xb3, 0x0b, 0xab, 0x4e, 0x28, 0x88, 0x6e, 0xa3, 0x3c, 0x3c, 0x73, 0x34,
    0x83, 0x52, 0x50, 0x3a, 0xb4, 0x17, 0xc5, 0x32, 0xc1, 0x82, 0xee, 0x4b, 0x10, 0x75, 0x84, 0xe0,
    0xcc, 0xd6, 0xb8, 0xab, 0x2d, 0x2f, 0x19, 0xb5, 0xfb, 0x96, 0x41, 0x20, 0x24, 0xd6, 0xc1, 0xac,
    0x85, 0xba, 0xc6, 0x04, 0x96, 0x9e, 0x83, 0x5c, 0xea, 0xc0, 0x27, 0x02, 0x03, 0x01, 0x00, 0x01,
    0x02, 0x81, 0x80, 0x7d, 0xb5, 0xb3, 0xb3, 0xae, 0xf7, 0x47, 0x1e, 0x99, 0x3b, 0xd6, 0x27, 0xa7,
    0x67, 0x65, 0x79, 0x18, 0x65, 0xad, 0x8e, 0x5b, 0xbb, 0x15, 0x89, 0x3b, 0xb5, 0x81, 0x3a, 0x5c,
    0x62, 0xc2, 0xe0, 0x89, 0x2a, 0xe9, 0x93, 0x98, 0xbb, 0x37, 0xdd, 0x28, 0x39, 0x9f, 0x08, 0x6a,
    0xf9, 0x3d, 0x4c, 0xd6, 0x06, 0x6f, 0x7a, 0x65, 0x75, 0xb5, 0x30, 0x70, 0x10, 0xfc, 0xc0, 0xa4,
    0x35, 0xc0, 0x2d, 0x60, 0x51, 0x25, 0x4a, 0x96, 0x24, 0x99, 0x7d, 0xed, 0x12, 0x4b, 0x47, 0xa5,
    0xb2, 0x13, 0xe6, 0x74, 0x85, 0x82, 0xa9, 0x00, 0x59, 0xf9, 0x27, 0x81, 0x27, 0xa3, 0xf0, 0x2b,
    0x78, 0x05, 0x02, 0xc4, 0x24, 0x35, 0x7d, 0x7d, 0x69, 0x46, 0x83, 0x9b, 0x4f, 0xac, 0x36, 0x9e,
    0xcd, 0xab, 0x6f, 0xbe, 0x71, 0x73, 0x23, 0xaf, 0x60, 0x36, 0x54, 0xfe, 0x60, 0x52, 0x34, 0x43,
    0x14, 0xea, 0x89, 0x02, 0x41, 0x00, 0xd2, 0x2f, 0xf5, 0xdc, 0xaf, 0x02, 0x49, 0xf9, 0x30, 0x5a,
    0x17, 0xaa, 0xc6, 0x35, 0x49, 0xe7, 0x0b, 0xaf, 0x3b, 0x9d, 0x74, 0xa8, 0x64, 0x9f, 0xef, 0x53,
    0xb7, 0xf0, 0x5b, 0x12, 0xb6, 0xfa, 0x36, 0x4c, 0xdc, 0xe3, 0xff, 0xa5, 0x98, 0x1e, 0xf5, 0x7a,
    0xaf, 0x47, 0x48, 0x62, 0xaf, 0x86, 0x29, 0x87, 0xc6, 0xc1, 0xb6, 0xc6, 0x02, 0xbc, 0xeb, 0x10,
    0x53, 0xe0, 0x3e, 0x06, 0xf1, 0xcd, 0x02, 0x41, 0x00, 0xc1, 0x85, 0xce, 0x31, 0xd7, 0x0b, 0x86,
    0xfe, 0x27, 0x20, 0xcb, 0xa0, 0x30, 0xed, 0x92, 0xc9, 0x22, 0xf1, 0x90, 0x51, 0x6a, 0xbe, 0x15,
    0x2c, 0x98, 0xef, 0x41, 0xd4, 0x2f, 0x10, 0xd7, 0xb8, 0x4b, 0xa6, 0xba, 0xe6, 0x31, 0x94, 0xf3,
    0x34, 0x64, 0xd2, 0xfb, 0xd0, 0x61, 0x0b, 0xa0, 0x5a, 0x64, 0x4e, 0xcc, 0xb8, 0x39, 0x77, 0xe7,
    0x49, 0xe8, 0x3a, 0xd2, 0xbe, 0x63, 0x35, 0xd5, 0xc3, 0x02, 0x40, 0x03, 0xf1, 0x0c, 0x4e, 0x48,
    0x25, 0xe5, 0xd7, 0x3b, 0x75, 0xe5, 0x0d, 0xb9, 0xcb, 0xd4, 0x07, 0xf6, 0x2b, 0x22, 0x16, 0x10,
    0xd2, 0xfb, 0x98, 0x18, 0x37, 0xdc, 0xb2, 0x30, 0x33, 0x08, 0xa5, 0x66, 0x91, 0x48, 0x6f, 0x2a,
    0x23, 0x23, 0xd8, 0x28, 0xc8, 0x55, 0x33, 0x24, 0x03, 0x5d, 0xc1, 0x49, 0x54, 0x17, 0x81, 0x18,
    0x79, 0x5c, 0x21, 0xc8, 0xd2, 0xb4, 0x8f, 0xf6, 0xf9, 0xd0, 0x5d, 0x02, 0x41, 0x00, 0x9c, 0x3c,
    0x98, 0xa1, 0xa8, 0x49, 0xc8, 0x2c, 0x7c, 0x0e, 0x80, 0x16, 0xce, 0x29, 0x9f, 0x6d, 0xff, 0x66,
    0x22, 0xeb, 0x78, 0x50, 0x09, 0xec, 0x3d, 0x74, 0x3c, 0x23, 0x3f, 0xf4, 0x4b, 0x14, 0xa1, 0x0e,
    0xf4, 0xa9, 0x4f, 0xb2, 0x3f, 0x3f, 0x37, 0x7f, 0x16, 0x89, 0xbf, 0x2f, 0x91, 0xc0, 0x28, 0x67,
    0x6d, 0xe3, 0xf5, 0x91, 0x96, 0x0b, 0x17, 0x10, 0x16, 0x80, 0x5a, 0xbc, 0x65, 0xdd, 0x02, 0x40,
    0x7e, 0x7f, 0xdf, 0x6c, 0x0b, 0xdf, 0xe7, 0x1f, 0x73, 0x7a, 0xdf, 0x83, 0xdf, 0x78, 0x9a, 0x80,
    0x46, 0xda, 0xb4, 0x7d, 0x03, 0xc1, 0x4a, 0xe0, 0xf9, 0xa5, 0x1b, 0x17, 0xc6, 0x2f, 0xcc, 0x46,
    0x18, 0xe6, 0x8e, 0xc5, 0x21, 0x48, 0x95, 0xc2, 0x74, 0x87, 0x09, 0xe7, 0x58, 0x14, 0x74, 0x73,
    0xb7, 0xa3, 0xf0, 0x3c, 0x64, 0x27, 0xe8, 0xa5, 0x08, 0x70, 0x4b, 0x71, 0x8f, 0xa4, 0x9d, 0x10,
};
static const uint8_t rsa_pub_1[140] = {
    0x30, 0x81, 0x89, 0x02, 0x81, 0x81, 0x00, 0xbc, 0xad, 0x35, 0xb7, 0xe2, 0x5d, 0x3b, 0x34, 0x3b,
    0xad, 0x46, 0xd7, 0xd6, 0xa7, 0x4d, 0x85, 0x91, 0x8b, 0x48, 0x61, 0x11, 0x38, 0xfa, 0x75, 0x45,
    0x6f, 0x1d, 0x2b, 0x65, 0xa6, 0x33, 0x2b, 0xb6, 0x77, 0x3e, 0x93, 0x65, 0xb5, 0x90, 0x2d, 0xf5,
    0x88, 0xaa, 0xa6, 0x9c, 0xac, 0x0c, 0xb9, 0x09, 0x28, 0x94, 0xc5, 0xd7, 0xb2, 0x74, 0x0e, 0x43,
    0x4d, 0xee, 0x58, 0x56, 0xa0, 0xc1, 0xb6, 0x72, 0x7f, 0xbf, 0xc3, 0xeb, 0xc0, 0x79, 0xb3, 0x7d,
    0xf1, 0xff, 0x7c, 0xf4, 0x3c, 0x3e, 0x62, 0x36, 0x14, 0xce, 0x1d, 0xc4, 0xab, 0x04, 0xff, 0xde,
    0x8b, 0xd8, 0xe6, 0x78, 0xf8, 0x53, 0xcc, 0x53, 0x99, 0x94, 0xcb, 0x26, 0x32, 0xb8, 0xb6, 0xc0,
    0xec, 0x77, 0xde, 0x9f, 0xf8, 0x5f, 0x10, 0xe1, 0x65, 0x85, 0x66, 0xe4, 0x29, 0x1e, 0xd8, 0x33,
    0xc0, 0x5f, 0x2b, 0x0e, 0x23, 0x56, 0x9b, 0x02, 0x03, 0x01, 0x00, 0x01,
};
static const uint8_t rsa_pub_2[140] = {
    0x30, 0x81, 0x89, 0x02, 0x81, 0x81, 0x00, 0x9e, 0xe4, 0x04, 0x91, 0x9f, 0x2d, 0x08, 0x68, 0x50,
    0xbe, 0xd9, 0xae, 0x00, 0x1a, 0x9b, 0x28, 0xdd, 0x61, 0x0a, 0x78, 0xd7, 0x08, 0x79, 0x3d, 0x73,
    0x2c, 0x9c, 0xc9, 0x2b, 0x93, 0x98, 0x3c, 0x5f, 0x62, 0x6a, 0xd8, 0x12, 0xfe, 0x1a, 0x23, 0xb7,
    0x60, 0x95, 0x4f, 0xcc, 0xe5, 0xe5, 0xf3, 0x9a, 0xaf, 0x3f, 0xce, 0xcf, 0x64, 0xbf, 0x4c, 0x63,
    0xd6, 0x73, 0xce, 0x41, 0xdd, 0x50, 0x20, 0xc8, 0x5e, 0x3b, 0x5b, 0xc6, 0x0a, 0x93, 0x5d, 0xf5,
    0xb3, 0x0b, 0xab, 0x4e, 0x28, 0x88, 0x6e, 0xa3, 0x3c, 0x3c, 0x73, 0x34, 0x83, 0x52, 0x50, 0x3a,
    0xb4, 0x17, 0xc5, 0x32, 0xc1, 0x82, 0xee, 0x4b, 0x10, 0x75, 0x84, 0xe0, 0xcc, 0xd6, 0xb8, 0xab,
    0x2d, 0x2f, 0x19, 0xb5, 0xfb, 0x96, 0x41, 0x20, 0x24, 0xd6, 0xc1, 0xac, 0x85, 0xba, 0xc6, 0x04,
    0x96, 0x9e, 0x83, 0x5c, 0xea, 0xc0, 0x27, 0x02, 0x03, 0x01, 0x00, 0x01,
};

/* RFC 8032 7.1 tests 1 and 2: Ed25519 private keys (PSA key pair format:
 * the 32-byte seed) and the matching public keys. */
static const uint8_t ed_seed[2][32] = {
    {0x9d, 0x61, 0xb1, 0x9d, 0xef, 0xfd, 0x5a, 0x60, 0xba, 0x84, 0x4a, 0xf4, 0x92, 0xec, 0x2c, 0xc4,
     0x44, 0x49, 0xc5, 0x69, 0x7b, 0x32, 0x69, 0x19, 0x70, 0x3b, 0xac, 0x03, 0x1c, 0xae, 0x7f, 0x60},
    {0x4c, 0xcd, 0x08, 0x9b, 0x28, 0xff, 0x96, 0xda, 0x9d, 0xb6, 0xc3, 0x46, 0xec, 0x11, 0x4e, 0x0f,
     0x5b, 0x8a, 0x31, 0x9f, 0x35, 0xab, 0xa6, 0x24, 0xda, 0x8c, 0xf6, 0xed, 0x4f, 0xb8, 0xa6, 0xfb},
};
static const uint8_t ed_pub[2][32] = {
    {0xd7, 0x5a, 0x98, 0x01, 0x82, 0xb1, 0x0a, 0xb7, 0xd5, 0x4b, 0xfe, 0xd3, 0xc9, 0x64, 0x07, 0x3a,
     0x0e, 0xe1, 0x72, 0xf3, 0xda, 0xa6, 0x23, 0x25, 0xaf, 0x02, 0x1a, 0x68, 0xf7, 0x07, 0x51, 0x1a},
    {0x3d, 0x40, 0x17, 0xc3, 0xe8, 0x43, 0x89, 0x5a, 0x92, 0xb7, 0x0a, 0xa7, 0x4d, 0x1b, 0x7e, 0xbc,
     0x9c, 0x98, 0x2c, 0xcf, 0x2e, 0xc4, 0x96, 0x8c, 0xc0, 0xcd, 0x55, 0xf1, 0x2a, 0xf4, 0x66, 0x0c},
};

/* P-256: the RFC 6979 A.2.5 key; X25519: RFC 7748 6.1's Alice. The public
 * keys are exported at initialisation (LLVMFuzzerInitialize). */
static const uint8_t p256_d[32] = {
    0xc9, 0xaf, 0xa9, 0xd8, 0x45, 0xba, 0x75, 0x16, 0x6b, 0x5c, 0x21, 0x57, 0x67, 0xb1, 0xd6, 0x93,
    0x4e, 0x50, 0xc3, 0xdb, 0x36, 0xe8, 0x9b, 0x12, 0x7b, 0x8a, 0x62, 0x2b, 0x12, 0x0f, 0x67, 0x21};
static const uint8_t x_priv[32] = {
    0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
    0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a};
static uint8_t p256_pub[65], x_pub[32];

/* ---- input reader ------------------------------------------------------ */

static const uint8_t *rd_p;
static size_t rd_n;

static uint8_t rd_u8(void)
{
    if (rd_n == 0) {
        return 0;
    }
    rd_n--;
    return *rd_p++;
}

static uint16_t rd_u16(void)
{
    uint16_t lo = rd_u8();
    return (uint16_t)(lo | (uint16_t)(rd_u8() << 8));
}

static uint32_t rd_u32(void)
{
    uint32_t lo = rd_u16();
    return lo | ((uint32_t)rd_u16() << 16);
}

/* A length up to max: mostly short, sometimes up to 255 or 65535. */
static size_t rd_len(size_t max)
{
    uint8_t mode = rd_u8();
    size_t len;
    switch (mode >> 6) {
    case 0: len = (size_t)(mode & 0x3f); break;
    case 1: len = rd_u8(); break;
    case 2: len = rd_u16(); break;
    default: len = (size_t)(mode & 0x3f) * 16u + rd_u8() % 16u; break;
    }
    return len <= max ? len : len % (max + 1u);
}

/* len bytes of input (a counter pattern once the input runs out). */
static void rd_fill(uint8_t *dst, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) {
        dst[i] = rd_n != 0 ? rd_u8() : (uint8_t)(i * 131u + 7u);
    }
}

/* ---- failure report ---------------------------------------------------- */

static unsigned step_no;
static const char *step_name = "reset";

static void fz_fail(const char *what, psa_status_t status)
{
    fprintf(stderr, "fuzz_psa_api: step %u (%s): %s (status %d)\n", step_no, step_name, what,
            (int)status);
    abort();
}

#define FZ_CHECK(cond, what, status)                                           \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fz_fail(what, status);                                             \
        }                                                                      \
    } while (0)

/* ---- allowed statuses (spec 1.2, the "Returns" list of each function) --- */

/* Bit 0: PSA_SUCCESS; bit n (4..25): the error -(128 + n). */
#define B(st) ((uint32_t)1u << ((st) == PSA_SUCCESS ? 0 : (unsigned)(-(st) - 128)))
/* Listed for (almost) every function: spec 4.x "common errors". */
#define COMMON (B(PSA_ERROR_COMMUNICATION_FAILURE) | B(PSA_ERROR_CORRUPTION_DETECTED) |   \
                B(PSA_ERROR_STORAGE_FAILURE) | B(PSA_ERROR_DATA_CORRUPT) |                \
                B(PSA_ERROR_DATA_INVALID) | B(PSA_ERROR_INSUFFICIENT_MEMORY) |            \
                B(PSA_ERROR_HARDWARE_FAILURE))
/* Key store functions: no HARDWARE_FAILURE, and destroy/purge no
 * INSUFFICIENT_MEMORY either (spec 9.6.5-9.6.8). */
#define STORE (B(PSA_ERROR_COMMUNICATION_FAILURE) | B(PSA_ERROR_CORRUPTION_DETECTED) |    \
               B(PSA_ERROR_STORAGE_FAILURE) | B(PSA_ERROR_DATA_CORRUPT) |                 \
               B(PSA_ERROR_DATA_INVALID))
#define KEYUSE (B(PSA_SUCCESS) | B(PSA_ERROR_INVALID_HANDLE) | B(PSA_ERROR_NOT_PERMITTED) |  \
                B(PSA_ERROR_INVALID_ARGUMENT) | B(PSA_ERROR_NOT_SUPPORTED) | COMMON)

static const uint32_t allowed_import = B(PSA_SUCCESS) | B(PSA_ERROR_ALREADY_EXISTS) |
    B(PSA_ERROR_NOT_SUPPORTED) | B(PSA_ERROR_INVALID_ARGUMENT) | B(PSA_ERROR_NOT_PERMITTED) |
    B(PSA_ERROR_INSUFFICIENT_STORAGE) | COMMON;
static const uint32_t allowed_generate = B(PSA_SUCCESS) | B(PSA_ERROR_ALREADY_EXISTS) |
    B(PSA_ERROR_NOT_SUPPORTED) | B(PSA_ERROR_INVALID_ARGUMENT) | B(PSA_ERROR_NOT_PERMITTED) |
    B(PSA_ERROR_INSUFFICIENT_STORAGE) | B(PSA_ERROR_INSUFFICIENT_ENTROPY) | COMMON;
static const uint32_t allowed_copy = B(PSA_SUCCESS) | B(PSA_ERROR_INVALID_HANDLE) |
    B(PSA_ERROR_ALREADY_EXISTS) | B(PSA_ERROR_INVALID_ARGUMENT) | B(PSA_ERROR_NOT_PERMITTED) |
    B(PSA_ERROR_NOT_SUPPORTED) | B(PSA_ERROR_INSUFFICIENT_STORAGE) | COMMON;
static const uint32_t allowed_destroy = B(PSA_SUCCESS) | B(PSA_ERROR_NOT_PERMITTED) |
    B(PSA_ERROR_INVALID_HANDLE) | STORE;
static const uint32_t allowed_purge = B(PSA_SUCCESS) | B(PSA_ERROR_INVALID_HANDLE) | STORE;
static const uint32_t allowed_get_attr = B(PSA_SUCCESS) | B(PSA_ERROR_INVALID_HANDLE) | COMMON;
static const uint32_t allowed_export = B(PSA_SUCCESS) | B(PSA_ERROR_INVALID_HANDLE) |
    B(PSA_ERROR_NOT_PERMITTED) | B(PSA_ERROR_NOT_SUPPORTED) | B(PSA_ERROR_BUFFER_TOO_SMALL) |
    STORE | B(PSA_ERROR_INSUFFICIENT_MEMORY);
static const uint32_t allowed_export_public = B(PSA_SUCCESS) | B(PSA_ERROR_INVALID_HANDLE) |
    B(PSA_ERROR_INVALID_ARGUMENT) | B(PSA_ERROR_NOT_SUPPORTED) | B(PSA_ERROR_BUFFER_TOO_SMALL) |
    STORE | B(PSA_ERROR_INSUFFICIENT_MEMORY);
static const uint32_t allowed_hash_compute = B(PSA_SUCCESS) | B(PSA_ERROR_BUFFER_TOO_SMALL) |
    B(PSA_ERROR_NOT_SUPPORTED) | B(PSA_ERROR_INVALID_ARGUMENT) | COMMON;
static const uint32_t allowed_hash_compare = B(PSA_SUCCESS) | B(PSA_ERROR_INVALID_SIGNATURE) |
    B(PSA_ERROR_NOT_SUPPORTED) | B(PSA_ERROR_INVALID_ARGUMENT) | COMMON;
/* Operation functions: BAD_STATE is a real outcome here. */
static const uint32_t allowed_hash_setup = B(PSA_SUCCESS) | B(PSA_ERROR_NOT_SUPPORTED) |
    B(PSA_ERROR_INVALID_ARGUMENT) | B(PSA_ERROR_BAD_STATE) | COMMON;
static const uint32_t allowed_hash_update = B(PSA_SUCCESS) | B(PSA_ERROR_BAD_STATE) |
    B(PSA_ERROR_INVALID_ARGUMENT) | B(PSA_ERROR_NOT_SUPPORTED) | COMMON;
static const uint32_t allowed_hash_finish = B(PSA_SUCCESS) | B(PSA_ERROR_BAD_STATE) |
    B(PSA_ERROR_BUFFER_TOO_SMALL) | COMMON;
static const uint32_t allowed_hash_verify = B(PSA_SUCCESS) | B(PSA_ERROR_BAD_STATE) |
    B(PSA_ERROR_INVALID_SIGNATURE) | COMMON;
static const uint32_t allowed_hash_clone = B(PSA_SUCCESS) | B(PSA_ERROR_BAD_STATE) | COMMON;
static const uint32_t allowed_hash_suspend = B(PSA_SUCCESS) | B(PSA_ERROR_BAD_STATE) |
    B(PSA_ERROR_BUFFER_TOO_SMALL) | B(PSA_ERROR_NOT_SUPPORTED) | COMMON;
static const uint32_t allowed_hash_resume = B(PSA_SUCCESS) | B(PSA_ERROR_BAD_STATE) |
    B(PSA_ERROR_NOT_SUPPORTED) | B(PSA_ERROR_INVALID_ARGUMENT) | COMMON;
static const uint32_t allowed_abort = B(PSA_SUCCESS) | COMMON;
static const uint32_t allowed_mac_compute = KEYUSE | B(PSA_ERROR_BUFFER_TOO_SMALL);
static const uint32_t allowed_mac_verify = KEYUSE | B(PSA_ERROR_INVALID_SIGNATURE);
static const uint32_t allowed_mac_setup = KEYUSE | B(PSA_ERROR_BAD_STATE);
static const uint32_t allowed_mac_update = B(PSA_SUCCESS) | B(PSA_ERROR_BAD_STATE) |
    B(PSA_ERROR_INVALID_ARGUMENT) | B(PSA_ERROR_NOT_SUPPORTED) | COMMON;
static const uint32_t allowed_mac_sign_finish = B(PSA_SUCCESS) | B(PSA_ERROR_BAD_STATE) |
    B(PSA_ERROR_BUFFER_TOO_SMALL) | COMMON;
static const uint32_t allowed_mac_verify_finish = B(PSA_SUCCESS) | B(PSA_ERROR_BAD_STATE) |
    B(PSA_ERROR_INVALID_SIGNATURE) | COMMON;
static const uint32_t allowed_sign = KEYUSE | B(PSA_ERROR_BUFFER_TOO_SMALL) |
    B(PSA_ERROR_INSUFFICIENT_ENTROPY);
static const uint32_t allowed_verify = KEYUSE | B(PSA_ERROR_INVALID_SIGNATURE);
static const uint32_t allowed_encrypt = KEYUSE | B(PSA_ERROR_BUFFER_TOO_SMALL) |
    B(PSA_ERROR_INSUFFICIENT_ENTROPY);
static const uint32_t allowed_decrypt = KEYUSE | B(PSA_ERROR_BUFFER_TOO_SMALL) |
    B(PSA_ERROR_INSUFFICIENT_ENTROPY) | B(PSA_ERROR_INVALID_PADDING);
static const uint32_t allowed_random = B(PSA_SUCCESS) | B(PSA_ERROR_NOT_SUPPORTED) |
    B(PSA_ERROR_INSUFFICIENT_ENTROPY) | COMMON;

/* FZ_TRACE=1 in the environment: one line per checked call (stderr). */
static int fz_trace;

static void check_status(psa_status_t status, uint32_t allowed, const char *fn)
{
    int known = status == PSA_SUCCESS || (status <= -132 && status >= -153);
    step_name = fn;
    if (fz_trace) {
        fprintf(stderr, "  step %u %s -> %d\n", step_no, fn, (int)status);
    }
    FZ_CHECK(known && (allowed & B(status)) != 0, "status not in the spec's list", status);
}

/* ---- the model --------------------------------------------------------- */

#define FZ_MAT_MAX 1600u        /* ML-KEM-1024's ek: 1568 bytes */
#define FZ_GARBAGE_MAX 1100u    /* rd_len bound of garbage imports (seeds' layout) */

#define TYPE_ED_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS)
#define TYPE_ED_PUB PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_TWISTED_EDWARDS)
#define TYPE_P256_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1)
#define TYPE_P256_PUB PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_SECP_R1)
#define TYPE_X_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY)
#define TYPE_X_PUB PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_MONTGOMERY)
#define TYPE_KEM_PAIR PSA_KEY_TYPE_ML_KEM_KEY_PAIR
#define TYPE_KEM_PUB PSA_KEY_TYPE_ML_KEM_PUBLIC_KEY
#define TYPE_DSA_PAIR PSA_KEY_TYPE_ML_DSA_KEY_PAIR
#define TYPE_DSA_PUB PSA_KEY_TYPE_ML_DSA_PUBLIC_KEY
#define FZ_SIG_MAX PSA_SIGNATURE_MAX_SIZE
#define USAGE_DEFINED (PSA_KEY_USAGE_EXPORT | PSA_KEY_USAGE_COPY | PSA_KEY_USAGE_CACHE |      \
                       PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT |                       \
                       PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE |           \
                       PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH |                 \
                       PSA_KEY_USAGE_DERIVE | PSA_KEY_USAGE_VERIFY_DERIVATION)

typedef struct {
    psa_key_id_t id;
    psa_key_type_t type;
    size_t bits;
    psa_key_usage_t usage;      /* as read back (implied flags included) */
    psa_algorithm_t alg;
    int good;                   /* valid material: constants, generated, copies */
    int rsa_const;              /* 1/2: the RSA constant it came from, 0: other */
    int ed_const;               /* 1/2: the Ed25519 seed it came from, 0: other */
    int ec_const;               /* 1: the P-256 / X25519 constant, 0: other */
    psa_key_lifetime_t lifetime;
    size_t mat_len;             /* export format, when known (mat_known) */
    int mat_known;
    uint8_t mat[FZ_MAT_MAX];
} mkey;

static mkey keys[FZ_MAX_KEYS];
static size_t nkeys;
static psa_key_id_t stale[FZ_MAX_STALE];
static size_t nstale, stale_next;
static int rsa_generated;      /* RSA key generation: once per input (slow) */

static mkey *find_key(psa_key_id_t id)
{
    size_t i;
    if (id == PSA_KEY_ID_NULL) {
        return NULL;
    }
    for (i = 0; i < nkeys; i++) {
        if (keys[i].id == id) {
            return &keys[i];
        }
    }
    return NULL;
}

static void forget_stale(psa_key_id_t id)
{
    size_t i;
    for (i = 0; i < nstale; i++) {
        if (stale[i] == id) {
            stale[i] = PSA_KEY_ID_NULL;   /* reissued: no longer stale */
        }
    }
}

static void add_stale(psa_key_id_t id)
{
    if (nstale < FZ_MAX_STALE) {
        stale[nstale++] = id;
    } else {
        stale[stale_next] = id;
        stale_next = (stale_next + 1u) % FZ_MAX_STALE;
    }
}

static psa_key_usage_t usage_implied(psa_key_usage_t u)
{
    if (u & PSA_KEY_USAGE_SIGN_HASH) {
        u |= PSA_KEY_USAGE_SIGN_MESSAGE;
    }
    if (u & PSA_KEY_USAGE_VERIFY_HASH) {
        u |= PSA_KEY_USAGE_VERIFY_MESSAGE;
    }
    return u;
}

/* 0 for a key type of a family the configuration leaves out: no key of
 * it may ever be created (PSA_ERROR_NOT_SUPPORTED). */
static int type_built(psa_key_type_t t)
{
    if (t == TYPE_ED_PAIR || t == TYPE_ED_PUB) {
        return PSA_WANT_ECC_TWISTED_EDWARDS_255;
    }
    if (t == TYPE_P256_PAIR || t == TYPE_P256_PUB) {
        return PSA_WANT_ECC_SECP_R1_256;
    }
    if (t == TYPE_X_PAIR || t == TYPE_X_PUB) {
        return PSA_WANT_ECC_MONTGOMERY_255;
    }
    if (t == PSA_KEY_TYPE_RSA_KEY_PAIR) {
        return PSA_WANT_KEY_TYPE_RSA_KEY_PAIR;
    }
    if (t == PSA_KEY_TYPE_RSA_PUBLIC_KEY) {
        return PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY;
    }
    if (t == TYPE_KEM_PAIR || t == TYPE_KEM_PUB) {
        return PSA_WANT_ALG_ML_KEM;
    }
    if (t == TYPE_DSA_PAIR || t == TYPE_DSA_PUB) {
        return PSA_WANT_ALG_ML_DSA;
    }
    return 1;
}

static int is_asym(psa_key_type_t t)
{
    return PSA_KEY_TYPE_IS_ASYMMETRIC(t);
}

/* Does a key policy permit alg? 1 yes for sure, 0 no for sure, 2 the model
 * does not decide (encodings whose equivalence the model does not track).
 * Written from spec 9.5.3 independently of src/core/key_policy.c. */
static int model_permits(psa_algorithm_t policy, psa_algorithm_t alg)
{
    if (policy == PSA_ALG_NONE || alg == PSA_ALG_NONE) {
        return 0;
    }
    if (policy == alg) {
        return 1;
    }
    /* Different categories (hash/MAC/cipher/AEAD/sign/encrypt/...). */
    if ((policy & 0x7f000000u) != (alg & 0x7f000000u)) {
        return 0;
    }
    if (PSA_ALG_IS_SIGN(policy)) {
        psa_algorithm_t ph, ah;
        /* The hedged and deterministic ML-DSA of one form: the extension's
         * text does not say whether one permits the other; undecided. */
        if ((PSA_ALG_IS_ML_DSA(policy) && PSA_ALG_IS_ML_DSA(alg)) ||
            (PSA_ALG_IS_HASH_ML_DSA(policy) && PSA_ALG_IS_HASH_ML_DSA(alg) &&
             PSA_ALG_SIGN_GET_HASH(policy) == PSA_ALG_SIGN_GET_HASH(alg))) {
            return 2;
        }
        if (!PSA_ALG_IS_HASH_AND_SIGN(policy) || !PSA_ALG_IS_HASH_AND_SIGN(alg)) {
            return 0;   /* pure EdDSA against anything else */
        }
        ph = PSA_ALG_SIGN_GET_HASH(policy);
        ah = PSA_ALG_SIGN_GET_HASH(alg);
        if ((policy & ~PSA_ALG_HASH_MASK) != (alg & ~PSA_ALG_HASH_MASK)) {
            return PSA_ALG_IS_RSA_PSS(policy) && PSA_ALG_IS_RSA_PSS(alg) ? 2 : 0;
        }
        if (ph == PSA_ALG_ANY_HASH) {
            /* picopsa reads 9.5.3 as PKCS#1 v1.5 ANY_HASH also permitting
             * SIGN_RAW (key_policy.c); the model leaves that open. */
            if (ah == 0 && PSA_ALG_IS_RSA_PKCS1V15_SIGN(policy)) {
                return 2;
            }
            return ah != PSA_ALG_ANY_HASH && ah != 0 ? 1 : 0;
        }
        return ph == ah ? 1 : 0;
    }
    if (PSA_ALG_IS_ASYMMETRIC_ENCRYPTION(policy) || PSA_ALG_IS_HASH(policy)) {
        return 0;       /* no wildcards: only equal algorithms */
    }
    return 2;           /* MAC truncation / at-least-this-length encodings */
}

/* Outcome of using key k (NULL: not live) with usage and alg, by the
 * model: 0 must not succeed, 1 the policy permits, 2 undecided. */
static int model_use(const mkey *k, psa_key_usage_t usage, psa_algorithm_t alg)
{
    if (k == NULL) {
        return 0;
    }
    if ((k->usage & usage) != usage) {
        return 0;
    }
    return model_permits(k->alg, alg);
}

/* A persistent key is loaded into a slot at its use; with every slot held
 * by volatile keys there is none (INSUFFICIENT_MEMORY, which the spec
 * lists for the functions that use a key). */
static int slot_miss(const mkey *k, psa_status_t status)
{
    return k != NULL && !PSA_KEY_LIFETIME_IS_VOLATILE(k->lifetime) &&
           status == PSA_ERROR_INSUFFICIENT_MEMORY;
}

static void record_key(psa_key_id_t id, const psa_key_attributes_t *asked, int good,
                       const uint8_t *mat, size_t mat_len, int rsa_const, int ed_const)
{
    psa_key_attributes_t got = PSA_KEY_ATTRIBUTES_INIT;
    psa_status_t status;
    mkey *k;
    FZ_CHECK(id != PSA_KEY_ID_NULL, "created key has id 0", 0);
    FZ_CHECK(find_key(id) == NULL, "created key reuses a live id", 0);
    status = psa_get_key_attributes(id, &got);
    FZ_CHECK(status == PSA_SUCCESS, "new key has no attributes", status);
    FZ_CHECK(psa_get_key_type(&got) == psa_get_key_type(asked), "type differs", 0);
    FZ_CHECK(psa_get_key_bits(asked) == 0 || psa_get_key_bits(&got) == psa_get_key_bits(asked),
             "bits differ", 0);
    FZ_CHECK(psa_get_key_usage_flags(&got) == usage_implied(psa_get_key_usage_flags(asked)),
             "usage differs from the requested flags with the implied ones", 0);
    FZ_CHECK(psa_get_key_algorithm(&got) == psa_get_key_algorithm(asked), "algorithm differs", 0);
    FZ_CHECK(psa_get_key_lifetime(&got) == psa_get_key_lifetime(asked), "lifetime differs", 0);
    FZ_CHECK(psa_get_key_id(&got) == id, "id differs", 0);
    FZ_CHECK(psa_get_key_lifetime(asked) == PSA_KEY_LIFETIME_VOLATILE ||
             psa_get_key_id(asked) == id, "persistent key got another id", 0);
    if (nkeys == FZ_MAX_KEYS) {
        /* Model full (cannot happen with 8 library slots): drop it. */
        status = psa_destroy_key(id);
        FZ_CHECK(status == PSA_SUCCESS, "destroy of a new key", status);
        return;
    }
    forget_stale(id);
    k = &keys[nkeys++];
    memset(k, 0, sizeof(*k));
    k->id = id;
    k->type = psa_get_key_type(&got);
    k->bits = psa_get_key_bits(&got);
    k->usage = psa_get_key_usage_flags(&got);
    k->alg = psa_get_key_algorithm(&got);
    k->good = good;
    k->rsa_const = rsa_const;
    k->ed_const = ed_const;
    k->lifetime = psa_get_key_lifetime(&got);
    if (mat != NULL && mat_len <= FZ_MAT_MAX) {
        memcpy(k->mat, mat, mat_len);
        k->mat_len = mat_len;
        k->mat_known = 1;
    }
    psa_reset_key_attributes(&got);
}

static void model_remove(psa_key_id_t id)
{
    size_t i;
    for (i = 0; i < nkeys; i++) {
        if (keys[i].id == id) {
            keys[i] = keys[nkeys - 1u];
            nkeys--;
            add_stale(id);
            return;
        }
    }
}

/* A key id for the next call: live, stale, or never issued. */
static psa_key_id_t pick_id(void)
{
    uint8_t b = rd_u8();
    switch (b & 3u) {
    case 0:
    case 1:
        if (nkeys != 0) {
            return keys[(size_t)(b >> 2) % nkeys].id;
        }
        return PSA_KEY_ID_NULL;
    case 2:
        if (nstale != 0) {
            return stale[(size_t)(b >> 2) % nstale];
        }
        return (psa_key_id_t)0x7ffeffffu;
    default:
        switch ((b >> 2) & 3u) {
        case 0: return PSA_KEY_ID_NULL;
        case 1: return (psa_key_id_t)0x7fffffffu;   /* volatile range end */
        case 2: return (psa_key_id_t)1u;            /* user range */
        default: return (psa_key_id_t)rd_u32();
        }
    }
}

/* ---- algorithm and attribute pools ------------------------------------- */

static const psa_algorithm_t hash_pool[] = {
    PSA_ALG_SHA_224, PSA_ALG_SHA_256, PSA_ALG_SHA_384, PSA_ALG_SHA_512, PSA_ALG_SHA_256,
    PSA_ALG_SHA_512, PSA_ALG_SHA_1, PSA_ALG_MD5, PSA_ALG_SHA3_256, PSA_ALG_ANY_HASH, 0,
    PSA_ALG_HMAC(PSA_ALG_SHA_256),
};

static const psa_algorithm_t alg_pool[] = {
    PSA_ALG_NONE,
    PSA_ALG_HMAC(PSA_ALG_SHA_224), PSA_ALG_HMAC(PSA_ALG_SHA_256), PSA_ALG_HMAC(PSA_ALG_SHA_384),
    PSA_ALG_HMAC(PSA_ALG_SHA_512), PSA_ALG_HMAC(PSA_ALG_SHA_256), PSA_ALG_HMAC(PSA_ALG_ANY_HASH),
    PSA_ALG_TRUNCATED_MAC(PSA_ALG_HMAC(PSA_ALG_SHA_256), 4),
    PSA_ALG_TRUNCATED_MAC(PSA_ALG_HMAC(PSA_ALG_SHA_256), 16),
    PSA_ALG_TRUNCATED_MAC(PSA_ALG_HMAC(PSA_ALG_SHA_256), 32),
    PSA_ALG_TRUNCATED_MAC(PSA_ALG_HMAC(PSA_ALG_SHA_256), 33),
    PSA_ALG_TRUNCATED_MAC(PSA_ALG_HMAC(PSA_ALG_SHA_512), 3),
    PSA_ALG_AT_LEAST_THIS_LENGTH_MAC(PSA_ALG_HMAC(PSA_ALG_SHA_256), 16),
    PSA_ALG_CMAC,
    PSA_ALG_PURE_EDDSA, PSA_ALG_PURE_EDDSA, PSA_ALG_ED25519PH,
    PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_512),
    PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_ANY_HASH), PSA_ALG_RSA_PKCS1V15_SIGN_RAW,
    PSA_ALG_RSA_PSS(PSA_ALG_SHA_256), PSA_ALG_RSA_PSS(PSA_ALG_SHA_384),
    PSA_ALG_RSA_PSS(PSA_ALG_ANY_HASH), PSA_ALG_RSA_PSS_ANY_SALT(PSA_ALG_SHA_256),
    PSA_ALG_RSA_PKCS1V15_CRYPT, PSA_ALG_RSA_PKCS1V15_CRYPT, PSA_ALG_RSA_OAEP(PSA_ALG_SHA_256),
    PSA_ALG_RSA_OAEP(PSA_ALG_SHA_256), PSA_ALG_RSA_OAEP(PSA_ALG_SHA_384),
    PSA_ALG_RSA_OAEP(PSA_ALG_SHA_1),
    PSA_ALG_SHA_256,
    /* issue 21: P-256, X25519, key derivation and agreement (appended, so
     * the seeds' indices above keep their meaning). */
    PSA_ALG_ECDSA(PSA_ALG_SHA_256), PSA_ALG_ECDSA(PSA_ALG_SHA_384), PSA_ALG_ECDSA_ANY,
    PSA_ALG_DETERMINISTIC_ECDSA(PSA_ALG_SHA_256), PSA_ALG_DETERMINISTIC_ECDSA(PSA_ALG_SHA_1),
    PSA_ALG_ECDSA(PSA_ALG_ANY_HASH), PSA_ALG_ECDH, PSA_ALG_ECDH,
    PSA_ALG_HKDF(PSA_ALG_SHA_256), PSA_ALG_HKDF(PSA_ALG_SHA_512), PSA_ALG_HKDF(PSA_ALG_SHA_1),
    PSA_ALG_HKDF_EXTRACT(PSA_ALG_SHA_256), PSA_ALG_HKDF_EXPAND(PSA_ALG_SHA_256),
    PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH, PSA_ALG_HKDF(PSA_ALG_SHA_256)),
    PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH, PSA_ALG_HKDF_EXTRACT(PSA_ALG_SHA_256)),
    PSA_ALG_HMAC(PSA_ALG_SHA_1), PSA_ALG_HKDF(PSA_ALG_ANY_HASH),
    /* issue 26 (appended) */
    PSA_ALG_ML_KEM, PSA_ALG_ML_KEM,
    /* issue 27 (appended) */
    PSA_ALG_ML_DSA, PSA_ALG_DETERMINISTIC_ML_DSA, PSA_ALG_HASH_ML_DSA(PSA_ALG_SHA_256),
    PSA_ALG_DETERMINISTIC_HASH_ML_DSA(PSA_ALG_SHA_256),
};

#define POOL_N(p) (sizeof(p) / sizeof((p)[0]))

static psa_algorithm_t pick_hash(void)
{
    uint8_t b = rd_u8();
    return b == 0xffu ? (psa_algorithm_t)rd_u32() : hash_pool[b % POOL_N(hash_pool)];
}

static psa_algorithm_t pick_alg(void)
{
    uint8_t b = rd_u8();
    return b >= 0xf8u ? (psa_algorithm_t)rd_u32() : alg_pool[b % POOL_N(alg_pool)];
}

/* An algorithm for a call with key k: half the time the key's own policy
 * (so deep paths are reached), else from the pool as pick_alg. */
static psa_algorithm_t pick_alg_for(const mkey *k)
{
    uint8_t b = rd_u8();
    if (b >= 0x80u && b < 0xf8u && k != NULL) {
        return k->alg;
    }
    return b >= 0xf8u ? (psa_algorithm_t)rd_u32() : alg_pool[b % POOL_N(alg_pool)];
}

static psa_key_usage_t pick_usage(void)
{
    psa_key_usage_t u = (psa_key_usage_t)rd_u16() & USAGE_DEFINED;
    uint8_t extra = rd_u8();
    if (extra == 0x5au) {
        u |= (psa_key_usage_t)rd_u32();        /* undefined bits too */
    } else if (extra >= 0xc0u) {
        u = USAGE_DEFINED;                      /* everything defined */
    }
    return u;
}

/* Attributes for a new key: type/bits as given, fuzzer-chosen policy, and
 * now and then a persistent lifetime or an id (not supported here). */
static void pick_attr(psa_key_attributes_t *a, psa_key_type_t type, size_t bits)
{
    uint8_t flags;
    *a = psa_key_attributes_init();
    psa_set_key_type(a, type);
    psa_set_key_bits(a, bits);
    psa_set_key_usage_flags(a, pick_usage());
    psa_set_key_algorithm(a, pick_alg());
    flags = rd_u8();
    if (flags == 0xa1u) {
        psa_set_key_lifetime(a, PSA_KEY_LIFETIME_PERSISTENT);
    } else if (flags == 0xa2u) {
#if PICOPSA_ITS_BACKEND != PICOPSA_ITS_NONE
        /* Stored keys would outlive the run: ids outside the user range,
         * which creation must reject (spec 9.3.2). */
        psa_set_key_id(a, (psa_key_id_t)(PSA_KEY_ID_USER_MAX + 1u + rd_u16()));
#else
        psa_set_key_id(a, (psa_key_id_t)(1u + rd_u16()));
#endif
    } else if (flags == 0xa3u) {
        /* A persistent key in the user range (issue 21: the file backend
         * in a temporary directory, LLVMFuzzerInitialize); few ids, so
         * ALREADY_EXISTS comes up too. */
        psa_set_key_id(a, (psa_key_id_t)(PSA_KEY_ID_USER_MIN + rd_u8() % 6u));
    }
}

/* Creation outcome checks common to import, generate and copy. */
static int creation_must_fail(const psa_key_attributes_t *a)
{
    if (fz_trace) {
        fprintf(stderr, "    attributes: type 0x%04x bits %u usage 0x%08lx alg 0x%08lx lifetime 0x%08lx\n",
                (unsigned)psa_get_key_type(a), (unsigned)psa_get_key_bits(a),
                (unsigned long)psa_get_key_usage_flags(a), (unsigned long)psa_get_key_algorithm(a),
                (unsigned long)psa_get_key_lifetime(a));
    }
    if (psa_get_key_lifetime(a) != PSA_KEY_LIFETIME_VOLATILE) {
#if PICOPSA_ITS_BACKEND != PICOPSA_ITS_NONE
        psa_key_id_t id = psa_get_key_id(a);
        if (psa_get_key_lifetime(a) != PSA_KEY_LIFETIME_PERSISTENT || id < PSA_KEY_ID_USER_MIN ||
            id > PSA_KEY_ID_USER_MAX) {
            return 1;   /* spec 9.3.2: persistent ids are the user range here */
        }
#else
        return 1;   /* no storage: only volatile keys exist */
#endif
    }
#if !FZ_GATE_USAGE_BITS
    if ((psa_get_key_usage_flags(a) & ~(psa_key_usage_t)USAGE_DEFINED) != 0) {
        return 1;   /* spec 9.6: invalid usage flags are INVALID_ARGUMENT */
    }
#endif
    return 0;
}

/* ---- buffers ----------------------------------------------------------- */

/* An exactly sized heap block (at least 1 byte so malloc(0) is no issue). */
static uint8_t *fz_alloc(size_t n)
{
    uint8_t *p = (uint8_t *)malloc(n != 0 ? n : 1u);
    if (p == NULL) {
        abort();
    }
    return p;
}

/* Placement of one input and one output: mode 0 separate blocks, 1 same
 * start, 2 input inside the output at off, 3 output inside the input at
 * off. in/out point into block(s); free with place_free. */
typedef struct {
    uint8_t *in, *out;
    uint8_t *block_in, *block_out;   /* block_out NULL when one block */
    int mode;
} placed;

static void place(placed *pl, int mode, const uint8_t *in, size_t in_len, size_t out_size,
                  size_t off)
{
    size_t total;
    pl->mode = mode;
    pl->block_out = NULL;
    switch (mode) {
    case 1:
        total = in_len > out_size ? in_len : out_size;
        pl->block_in = fz_alloc(total);
        pl->in = pl->out = pl->block_in;
        break;
    case 2:
        off = out_size != 0 ? off % (out_size + 1u) : 0;
        total = off + in_len > out_size ? off + in_len : out_size;
        pl->block_in = fz_alloc(total);
        pl->out = pl->block_in;
        pl->in = pl->block_in + off;
        break;
    case 3:
        off = in_len != 0 ? off % (in_len + 1u) : 0;
        total = off + out_size > in_len ? off + out_size : in_len;
        pl->block_in = fz_alloc(total);
        pl->in = pl->block_in;
        pl->out = pl->block_in + off;
        break;
    default:
        pl->mode = 0;
        pl->block_in = fz_alloc(in_len);
        pl->block_out = fz_alloc(out_size);
        pl->in = pl->block_in;
        pl->out = pl->block_out;
        break;
    }
    if (in_len != 0) {
        memcpy(pl->in, in, in_len);
    }
}

static void place_free(placed *pl)
{
    free(pl->block_in);
    free(pl->block_out);
}

/* An output size: the needed one, one less, zero, large, or any. */
static size_t pick_out_size(size_t need)
{
    uint8_t b = rd_u8();
    switch (b % 6u) {
    case 0:
    case 1: return need;
    case 2: return need != 0 ? need - 1u : 0;
    case 3: return 0;
    case 4: return need + (size_t)(b >> 3);
    default: return rd_len(1100);
    }
}

/* ---- key creation ------------------------------------------------------ */

static const psa_key_type_t garbage_types[] = {
    PSA_KEY_TYPE_HMAC, PSA_KEY_TYPE_RAW_DATA, PSA_KEY_TYPE_DERIVE, TYPE_ED_PAIR, TYPE_ED_PUB,
    PSA_KEY_TYPE_RSA_KEY_PAIR, PSA_KEY_TYPE_RSA_PUBLIC_KEY,
    PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1), PSA_KEY_TYPE_AES, PSA_KEY_TYPE_NONE,
    TYPE_P256_PUB, TYPE_X_PAIR, TYPE_X_PUB, PSA_KEY_TYPE_PASSWORD, PSA_KEY_TYPE_PASSWORD_HASH,
    PSA_KEY_TYPE_PEPPER, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_K1),
};

static void op_import(void)
{
    uint8_t data[FZ_MAT_MAX];
    psa_key_attributes_t a;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_key_type_t type;
    psa_status_t status;
    size_t len = 0, bits = 0;
    int good = 0, rsa_const = 0, ed_const = 0, ec_const = 0, mutated = 0;
    uint8_t sub = rd_u8(), which = rd_u8();

    switch (sub % 10u) {
    case 0:
        type = PSA_KEY_TYPE_HMAC;
        len = rd_len(200);
        rd_fill(data, len);
        good = 1;
        break;
    case 1:
        type = TYPE_ED_PAIR;
        len = 32;
        if (which & 1u) {
            rd_fill(data, 32);       /* any 32 bytes are a seed */
        } else {
            ed_const = 1 + ((which >> 1) & 1);
            memcpy(data, ed_seed[ed_const - 1], 32);
        }
        good = 1;
        break;
    case 2:
        type = TYPE_ED_PUB;
        len = 32;
        if (which & 1u) {
            rd_fill(data, 32);       /* mostly not a point */
        } else {
            ed_const = 1 + ((which >> 1) & 1);
            memcpy(data, ed_pub[ed_const - 1], 32);
            good = 1;
        }
        break;
    case 3:
    case 4: {
        int pair = (sub % 6u) == 3;
        const uint8_t *src;
        rsa_const = 1 + (which & 1);
        type = pair ? PSA_KEY_TYPE_RSA_KEY_PAIR : PSA_KEY_TYPE_RSA_PUBLIC_KEY;
        src = pair ? (rsa_const == 1 ? rsa_pair_1 : rsa_pair_2) : (rsa_const == 1 ? rsa_pub_1 : rsa_pub_2);
        len = pair ? (rsa_const == 1 ? sizeof(rsa_pair_1) : sizeof(rsa_pair_2))
                   : (rsa_const == 1 ? sizeof(rsa_pub_1) : sizeof(rsa_pub_2));
        memcpy(data, src, len);
        good = 1;
        if (which & 2u) {            /* flip a byte */
            uint16_t at = rd_u16();
            data[at % len] ^= (uint8_t)(rd_u8() | 1u);
            mutated = 1;
        }
        if (which & 4u) {            /* truncate or extend */
            size_t nl = rd_len(len + 8u);
            if (nl > len) {
                rd_fill(data + len, nl - len);
            }
            mutated = mutated || nl != len;
            len = nl;
        }
        if (mutated) {
            good = 0;
            rsa_const = 0;
        }
        break;
    }
    case 6:
    case 8: {
        /* P-256 private scalar / X25519 private key: the constant, or
         * 32 fuzzer bytes (a P-256 scalar >= n is refused). */
        int p256 = (sub % 10u) == 6;
        type = p256 ? TYPE_P256_PAIR : TYPE_X_PAIR;
        len = 32;
        if (which & 1u) {
            rd_fill(data, 32);
            good = !p256;
        } else {
            memcpy(data, p256 ? p256_d : x_priv, 32);
            ec_const = 1;
            good = 1;
        }
        break;
    }
    case 7:
    case 9: {
        int p256 = (sub % 10u) == 7;
        type = p256 ? TYPE_P256_PUB : TYPE_X_PUB;
        len = p256 ? 65u : 32u;
        if (which & 1u) {
            rd_fill(data, len);          /* P-256: mostly not a point */
            if (p256 && (which & 2u)) {
                data[0] = 0x04;
            }
            good = !p256;
        } else {
            memcpy(data, p256 ? p256_pub : x_pub, len);
            ec_const = 1;
            good = 1;
        }
        break;
    }
    default:
        type = garbage_types[which % POOL_N(garbage_types)];
        if (which >= 0xf0u) {
            type = (psa_key_type_t)rd_u16();
        }
        len = rd_len(FZ_GARBAGE_MAX);
        rd_fill(data, len);
        break;
    }
    bits = 0;
    {
        uint8_t bsel = rd_u8();
        if (bsel == 1u) {
            bits = len * 8u;
        } else if (bsel == 2u) {
            bits = rd_u16();
        }
    }
    pick_attr(&a, type, bits);
    status = psa_import_key(&a, data, len, &id);
    check_status(status, allowed_import, "psa_import_key");
    if (status == PSA_SUCCESS) {
        FZ_CHECK(!creation_must_fail(&a), "import succeeded with invalid attributes", status);
        FZ_CHECK(type_built(type), "imported a key type that is configured out", status);
        if (type == PSA_KEY_TYPE_HMAC || type == PSA_KEY_TYPE_RAW_DATA ||
            type == PSA_KEY_TYPE_DERIVE) {
            FZ_CHECK(psa_get_key_bits(&a) == 0 || psa_get_key_bits(&a) == len * 8u,
                     "raw key imported with wrong bits", status);
        }
        /* RSA material that is not a constant may be re-encoded on export. */
        record_key(id, &a, good,
                   (!good && (type == PSA_KEY_TYPE_RSA_KEY_PAIR ||
                              type == PSA_KEY_TYPE_RSA_PUBLIC_KEY)) ? NULL : data,
                   len, rsa_const, ed_const);
        if (ec_const && nkeys != 0 && keys[nkeys - 1u].id == id) {
            keys[nkeys - 1u].ec_const = 1;
        }
    } else {
        FZ_CHECK(id == PSA_KEY_ID_NULL, "failed import returned an id", status);
        if (good && !mutated && !creation_must_fail(&a) && bits == 0 && nkeys < 4u &&
            (type != PSA_KEY_TYPE_HMAC || (len >= 1 && len <= 64))) {
            /* Valid material, no bits asked, free slots: only the policy
             * can be refused (HMAC and Ed25519 keys fit every slot). */
            FZ_CHECK(status == PSA_ERROR_INVALID_ARGUMENT || status == PSA_ERROR_NOT_SUPPORTED ||
                     status == PSA_ERROR_ALREADY_EXISTS, "valid key refused", status);
        }
    }
}

static void op_generate(void)
{
    psa_key_attributes_t a;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_status_t status;
    psa_key_type_t type;
    size_t bits;
    uint8_t sub = rd_u8();
    static const size_t hmac_bits[] = {256, 128, 8, 0, 1024, 7, 512, 2048};

    switch (sub % 7u) {
    case 5:
        type = TYPE_P256_PAIR;
        bits = (sub & 0x80u) ? 255u : 256u;
        break;
    case 6:
        type = TYPE_X_PAIR;
        bits = (sub & 0x80u) ? 256u : 255u;
        break;
    case 0:
    case 1:
        type = PSA_KEY_TYPE_HMAC;
        bits = hmac_bits[(sub >> 3) % POOL_N(hmac_bits)];
        break;
    case 2:
        type = TYPE_ED_PAIR;
        bits = (sub & 0x80u) ? 256u : 255u;
        break;
    case 3:
        /* RSA generation is slow: 1024 bits, one in eight of these
         * steps, once per input. */
        type = PSA_KEY_TYPE_RSA_KEY_PAIR;
        bits = 1024;
        if (rsa_generated || (sub & 0x38u) != 0) {
            type = TYPE_ED_PUB;   /* public types cannot be generated */
            bits = 255;
        }
        break;
    default:
        type = garbage_types[(sub >> 3) % POOL_N(garbage_types)];
        bits = rd_u16();
        if (type == PSA_KEY_TYPE_RSA_KEY_PAIR) {
            type = PSA_KEY_TYPE_RSA_PUBLIC_KEY;
        }
        break;
    }
    if (type == PSA_KEY_TYPE_RSA_KEY_PAIR) {
        rsa_generated = 1;
    }
    pick_attr(&a, type, bits);
    status = psa_generate_key(&a, &id);
    check_status(status, allowed_generate, "psa_generate_key");
    if (status == PSA_SUCCESS) {
        FZ_CHECK(!creation_must_fail(&a), "generate succeeded with invalid attributes", status);
        FZ_CHECK(type_built(type), "generated a key type that is configured out", status);
        FZ_CHECK(!PSA_KEY_TYPE_IS_PUBLIC_KEY(type), "generated a public key", status);
        FZ_CHECK(psa_get_key_bits(&a) != 0, "generated key without size", status);
        record_key(id, &a, 1, NULL, 0, 0, 0);
    } else {
        FZ_CHECK(id == PSA_KEY_ID_NULL, "failed generate returned an id", status);
    }
}

static void op_copy(void)
{
    psa_key_id_t src = pick_id(), id = PSA_KEY_ID_NULL;
    mkey *k = find_key(src);
    psa_key_attributes_t a;
    psa_status_t status;
    uint8_t tsel = rd_u8();
    psa_key_type_t type = PSA_KEY_TYPE_NONE;
    size_t bits = 0;
    if (k != NULL && (tsel & 1u)) {
        type = k->type;
        bits = (tsel & 2u) ? k->bits : 0;
    } else if (tsel & 4u) {
        type = garbage_types[(tsel >> 3) % POOL_N(garbage_types)];
    }
    pick_attr(&a, type, bits);
    status = psa_copy_key(src, &a, &id);
    check_status(status, allowed_copy, "psa_copy_key");
    if (status != PSA_SUCCESS) {
        FZ_CHECK(id == PSA_KEY_ID_NULL, "failed copy returned an id", status);
        return;
    }
    FZ_CHECK(k != NULL, "copy of a key that is not live", status);
    FZ_CHECK((k->usage & PSA_KEY_USAGE_COPY) != 0, "copy without PSA_KEY_USAGE_COPY", status);
    FZ_CHECK(!creation_must_fail(&a), "copy succeeded with invalid attributes", status);
    {
        psa_key_attributes_t got = PSA_KEY_ATTRIBUTES_INIT;
        mkey copy = *k;
        psa_key_usage_t u;
        status = psa_get_key_attributes(id, &got);
        FZ_CHECK(status == PSA_SUCCESS, "copied key has no attributes", status);
        u = psa_get_key_usage_flags(&got);
        /* Spec 9.6.3: the usage is the intersection, the type and size
         * those of the source. */
        FZ_CHECK((u & ~k->usage) == 0, "copy gained usage over the source", status);
        FZ_CHECK((u & ~usage_implied(psa_get_key_usage_flags(&a))) == 0,
                 "copy has usage that was not asked for", status);
        FZ_CHECK(psa_get_key_type(&got) == k->type && psa_get_key_bits(&got) == k->bits,
                 "copy has another type or size", status);
        if (fz_trace) {
            fprintf(stderr, "    copy: source alg 0x%08lx, asked 0x%08lx, got 0x%08lx\n",
                    (unsigned long)k->alg, (unsigned long)psa_get_key_algorithm(&a),
                    (unsigned long)psa_get_key_algorithm(&got));
        }
        if (!PSA_ALG_IS_WILDCARD(psa_get_key_algorithm(&got))) {
            FZ_CHECK(psa_get_key_algorithm(&got) == PSA_ALG_NONE ||
                     model_permits(k->alg, psa_get_key_algorithm(&got)) != 0,
                     "copy permits an algorithm the source does not", status);
        }
        FZ_CHECK(find_key(id) == NULL, "copy reuses a live id", status);
        if (nkeys < FZ_MAX_KEYS) {
            forget_stale(id);
            copy.id = id;
            copy.lifetime = psa_get_key_lifetime(&got);
            copy.usage = u;
            copy.alg = psa_get_key_algorithm(&got);
            keys[nkeys++] = copy;
        } else {
            status = psa_destroy_key(id);
            FZ_CHECK(status == PSA_SUCCESS, "destroy of a copy", status);
        }
    }
}

/* ---- key management ---------------------------------------------------- */

static void model_key_destroyed(psa_key_id_t id);

static void op_destroy(void)
{
    psa_key_id_t id = pick_id();
    mkey *k = find_key(id);
    psa_status_t status = psa_destroy_key(id);
    check_status(status, allowed_destroy, "psa_destroy_key");
    if (k != NULL) {
        FZ_CHECK(status == PSA_SUCCESS, "destroy of a live key failed", status);
        model_remove(id);
        model_key_destroyed(id);
    } else if (id == PSA_KEY_ID_NULL) {
        FZ_CHECK(status == PSA_SUCCESS, "destroy of key 0 must be a no-op", status);
    } else {
        FZ_CHECK(status == PSA_ERROR_INVALID_HANDLE, "destroy of a key that is not live", status);
    }
}

static void op_purge(void)
{
    psa_key_id_t id = pick_id();
    mkey *k = find_key(id);
    psa_status_t status = psa_purge_key(id);
    check_status(status, allowed_purge, "psa_purge_key");
    if (k != NULL) {
        FZ_CHECK(status == PSA_SUCCESS, "purge of a live volatile key failed", status);
    } else if (id != PSA_KEY_ID_NULL) {
        FZ_CHECK(status != PSA_SUCCESS, "purge of a key that is not live", status);
    }
}

static void op_get_attributes(void)
{
    psa_key_id_t id = pick_id();
    mkey *k = find_key(id);
    psa_key_attributes_t got = PSA_KEY_ATTRIBUTES_INIT;
    psa_status_t status = psa_get_key_attributes(id, &got);
    check_status(status, allowed_get_attr, "psa_get_key_attributes");
    if (k == NULL) {
        FZ_CHECK(status == PSA_ERROR_INVALID_HANDLE, "attributes of a key that is not live",
                 status);
        return;
    }
    if (slot_miss(k, status)) {
        return;
    }
    FZ_CHECK(status == PSA_SUCCESS, "attributes of a live key", status);
    FZ_CHECK(psa_get_key_type(&got) == k->type && psa_get_key_bits(&got) == k->bits &&
             psa_get_key_usage_flags(&got) == k->usage && psa_get_key_algorithm(&got) == k->alg &&
             psa_get_key_id(&got) == id, "attributes differ from the model", status);
}

static psa_key_id_t temp_import(psa_key_type_t type, psa_key_usage_t usage, psa_algorithm_t alg,
                                const uint8_t *data, size_t len);
static psa_key_id_t temp_import_bits(psa_key_type_t type, size_t bits, psa_key_usage_t usage,
                                     psa_algorithm_t alg, const uint8_t *data, size_t len);
static void temp_destroy(psa_key_id_t id);

/* What the library exported imports again (as the same type, or as the
 * public key type for a public export) and exports to the same bytes. */
static void check_reimport(const mkey *k, int pub, const uint8_t *data, size_t len)
{
    psa_key_type_t type = k->type;
    uint8_t again[FZ_MAT_MAX];
    size_t again_len = 0;
    psa_key_id_t id;
    psa_status_t status;
    if (pub) {
        type = PSA_KEY_TYPE_IS_KEY_PAIR(k->type) ? PSA_KEY_TYPE_PUBLIC_KEY_OF_KEY_PAIR(k->type)
                                                 : k->type;
    }
    /* An ML-KEM or ML-DSA seed does not name its set (PQC extension 2.2.1, 2.3.1). */
    id = temp_import_bits(type, type == TYPE_KEM_PAIR || type == TYPE_DSA_PAIR ? k->bits : 0u, PSA_KEY_USAGE_EXPORT,
                          PSA_ALG_NONE, data, len);
    if (id == PSA_KEY_ID_NULL) {
        return;
    }
    status = psa_export_key(id, again, sizeof(again), &again_len);
    FZ_CHECK(status == PSA_SUCCESS && again_len == len && memcmp(again, data, len) == 0,
             "export, import, export gives other bytes", status);
    temp_destroy(id);
}

static void op_export(void)
{
    psa_key_id_t id = pick_id();
    mkey *k = find_key(id);
    int pub = rd_u8() & 1u;
    size_t need = k != NULL && k->mat_known ? k->mat_len : 600;
    size_t size = pick_out_size(need), len = 12345;
    uint8_t *out = fz_alloc(size);
    psa_status_t status;
    if (pub) {
        status = psa_export_public_key(id, out, size, &len);
        check_status(status, allowed_export_public, "psa_export_public_key");
    } else {
        status = psa_export_key(id, out, size, &len);
        check_status(status, allowed_export, "psa_export_key");
    }
    if (status == PSA_SUCCESS) {
        FZ_CHECK(k != NULL, "export of a key that is not live", status);
        FZ_CHECK(len <= size, "export length past the buffer", status);
        if (pub) {
            FZ_CHECK(is_asym(k->type), "public export of a symmetric key", status);
            if (k->ed_const != 0) {
                FZ_CHECK(len == 32 && memcmp(out, ed_pub[k->ed_const - 1], 32) == 0,
                         "Ed25519 public key differs", status);
            }
            if (k->ec_const != 0) {
                int p256 = PSA_KEY_TYPE_ECC_GET_FAMILY(k->type) == PSA_ECC_FAMILY_SECP_R1;
                FZ_CHECK(len == (p256 ? 65u : 32u) &&
                         memcmp(out, p256 ? p256_pub : x_pub, len) == 0,
                         "P-256 / X25519 public key differs", status);
            }
            if (k->rsa_const != 0) {
                const uint8_t *want = k->rsa_const == 1 ? rsa_pub_1 : rsa_pub_2;
                size_t want_len = k->rsa_const == 1 ? sizeof(rsa_pub_1) : sizeof(rsa_pub_2);
                FZ_CHECK(len == want_len && memcmp(out, want, len) == 0,
                         "RSA public key differs", status);
            }
        } else {
            /* Public keys: the spec is read both ways; key pairs and
             * symmetric keys need the flag (spec 9.6.7). */
            FZ_CHECK((k->usage & PSA_KEY_USAGE_EXPORT) != 0 || PSA_KEY_TYPE_IS_PUBLIC_KEY(k->type),
                     "export without PSA_KEY_USAGE_EXPORT", status);
            if (k->mat_known) {
                FZ_CHECK(len == k->mat_len && memcmp(out, k->mat, len) == 0,
                         "exported key differs from the imported one", status);
            }
        }
        if (len <= FZ_MAT_MAX) {
            check_reimport(k, pub, out, len);
        }
    } else if (k != NULL && k->mat_known && size >= k->mat_len && !pub &&
               (k->usage & PSA_KEY_USAGE_EXPORT) != 0 && !slot_miss(k, status)) {
        fz_fail("export of an exportable key failed", status);
    }
    free(out);
}

/* ---- hashes ------------------------------------------------------------ */

/* The reference digest of a SHA-2 hash the configuration builds (the
 * model's "supported hash"); NULL for any other, so a hash configured out
 * (PSA_WANT_ALG_SHA_* 0) must fail as an unsupported one does. */
static const EVP_MD *ossl_md(psa_algorithm_t h)
{
    if (!test_hash_built(h)) {
        return NULL;
    }
    switch (h) {
    case PSA_ALG_SHA_224: return EVP_sha224();
    case PSA_ALG_SHA_256: return EVP_sha256();
    case PSA_ALG_SHA_384: return EVP_sha384();
    case PSA_ALG_SHA_512: return EVP_sha512();
    /* Built on hosts since issue 14 (the model knew SHA-2 only: the first
     * libFuzzer run of issue 21 stopped on a SHA-1 psa_hash_compute). */
    case PSA_ALG_SHA_1: return EVP_sha1();
    case PSA_ALG_SHA_512_224: return EVP_sha512_224();
    case PSA_ALG_SHA_512_256: return EVP_sha512_256();
    /* Built on hosts since issue 26 (HMAC and HKDF take them too; SHAKE256/512
     * is a hash only: ref_hash, never HMAC's). */
    case PSA_ALG_SHA3_224: return EVP_sha3_224();
    case PSA_ALG_SHA3_256: return EVP_sha3_256();
    case PSA_ALG_SHA3_384: return EVP_sha3_384();
    case PSA_ALG_SHA3_512: return EVP_sha3_512();
    default: return NULL;
    }
}

/* OpenSSL's digest of msg; 0 when the hash is not a SHA-2 one. */
static size_t ref_hash(psa_algorithm_t h, const uint8_t *msg, size_t len, uint8_t *out)
{
    unsigned int n = 0;
    const EVP_MD *md = ossl_md(h);
    if (h == PSA_ALG_SHAKE256_512 && test_hash_built(h)) {
        /* the first 64 bytes of SHAKE256 (PSA 1.2 10.2.2) */
        EVP_MD_CTX *ctx = EVP_MD_CTX_new();
        int ok = ctx != NULL && EVP_DigestInit_ex(ctx, EVP_shake256(), NULL) == 1 &&
                 EVP_DigestUpdate(ctx, msg, len) == 1 && EVP_DigestFinalXOF(ctx, out, 64) == 1;
        EVP_MD_CTX_free(ctx);
        return ok ? 64u : 0u;
    }
    if (md == NULL || EVP_Digest(msg, len, out, &n, md, NULL) != 1) {
        return 0;
    }
    return n;
}

static void op_hash_compute(void)
{
    psa_algorithm_t alg = pick_hash();
    uint8_t msg[FZ_MAX_DATA], want[64] = {0}, ref_out[1100];
    size_t len = rd_len(FZ_MAX_DATA), want_len, size, out_len = 999, ref_len = 999;
    int mode = rd_u8() % 4u;
    size_t off = rd_u16();
    placed pl;
    psa_status_t status, ref_status;
    rd_fill(msg, len);
    want_len = ref_hash(alg, msg, len, want);
    size = pick_out_size(want_len != 0 ? want_len : 32);

    if (rd_u8() & 1u) {   /* psa_hash_compare with the right or a wrong digest */
        uint8_t cmp[64];
        size_t cmp_len = want_len != 0 ? want_len : 32;
        memcpy(cmp, want, sizeof(cmp));
        if (rd_u8() & 1u) {
            cmp[rd_u8() % cmp_len] ^= 1u;
            status = psa_hash_compare(alg, msg, len, cmp, cmp_len);
            check_status(status, allowed_hash_compare, "psa_hash_compare");
            FZ_CHECK(status != PSA_SUCCESS, "hash_compare accepted a wrong digest", status);
        } else {
            status = psa_hash_compare(alg, msg, len, cmp, cmp_len);
            check_status(status, allowed_hash_compare, "psa_hash_compare");
            FZ_CHECK(want_len == 0 || status == PSA_SUCCESS, "hash_compare refused the digest",
                     status);
        }
        return;
    }
    place(&pl, 0, msg, len, size, 0);
    ref_status = psa_hash_compute(alg, pl.in, len, pl.out, size, &ref_len);
    check_status(ref_status, allowed_hash_compute, "psa_hash_compute");
    if (ref_status == PSA_SUCCESS) {
        FZ_CHECK(want_len != 0 && ref_len == want_len && memcmp(pl.out, want, want_len) == 0,
                 "hash differs from OpenSSL", ref_status);
        memcpy(ref_out, pl.out, ref_len);
    } else {
        FZ_CHECK(want_len == 0 || size < want_len, "hash of a supported algorithm failed",
                 ref_status);
    }
    place_free(&pl);
    if (mode != 0) {
        place(&pl, mode, msg, len, size, off);
        status = psa_hash_compute(alg, pl.in, len, pl.out, size, &out_len);
        check_status(status, allowed_hash_compute, "psa_hash_compute (overlap)");
        FZ_CHECK(status == ref_status, "overlap changes the hash status", status);
        if (status == PSA_SUCCESS) {
            FZ_CHECK(out_len == ref_len && memcmp(pl.out, ref_out, out_len) == 0,
                     "overlap changes the hash", status);
        }
        place_free(&pl);
    }
}

/* Multi-part hash operations: two objects, modelled. */
typedef struct {
    psa_hash_operation_t op;
    int state;                 /* 0 inactive, 1 active, 2 unknown (after an error) */
    psa_algorithm_t alg;
    uint8_t msg[FZ_MAX_TRACK];
    size_t len;
    int overflow;              /* message longer than msg[]: no digest check */
} mhash;

static mhash hops[2];

static void mhash_reset(mhash *h)
{
    psa_status_t status = psa_hash_abort(&h->op);
    check_status(status, allowed_abort, "psa_hash_abort");
    FZ_CHECK(status == PSA_SUCCESS, "psa_hash_abort", status);
    h->state = 0;
    h->len = 0;
    h->overflow = 0;
}

static void op_hash_multi(void)
{
    uint8_t sel = rd_u8();
    mhash *h = &hops[sel & 1u], *other = &hops[(sel & 1u) ^ 1u];
    psa_status_t status;
    uint8_t buf[FZ_MAX_DATA] = {0}, want[64] = {0};
    size_t len, want_len = 0, out_len = 999;

    switch ((sel >> 1) % 8u) {
    case 0: {
        psa_algorithm_t alg = pick_hash();
        status = psa_hash_setup(&h->op, alg);
        check_status(status, allowed_hash_setup, "psa_hash_setup");
        if (h->state == 1) {
            FZ_CHECK(status == PSA_ERROR_BAD_STATE, "setup of an active operation", status);
            h->state = 2;
        } else if (h->state == 0) {
            if (ossl_md(alg) != NULL) {
                FZ_CHECK(status == PSA_SUCCESS, "hash setup of a supported algorithm", status);
            }
            if (status == PSA_SUCCESS) {
                h->state = 1;
                h->alg = alg;
                h->len = 0;
                h->overflow = 0;
            }
        } else if (status == PSA_SUCCESS) {
            h->state = 1;
            h->alg = alg;
            h->len = 0;
            h->overflow = 0;
        }
        break;
    }
    case 1:
    case 2:
        len = rd_len(FZ_MAX_DATA);
        rd_fill(buf, len);
        status = psa_hash_update(&h->op, buf, len);
        check_status(status, allowed_hash_update, "psa_hash_update");
        if (h->state == 0) {
            FZ_CHECK(status == PSA_ERROR_BAD_STATE, "update of an inactive operation", status);
        } else if (h->state == 1) {
            FZ_CHECK(status == PSA_SUCCESS, "hash update failed", status);
            if (h->len + len <= FZ_MAX_TRACK) {
                memcpy(h->msg + h->len, buf, len);
                h->len += len;
            } else {
                h->overflow = 1;
            }
        } else if (status == PSA_SUCCESS) {
            h->overflow = 1;    /* error state went on: message unknown */
        }
        break;
    case 3: {
        size_t size;
        uint8_t *out;
        if (h->state == 1) {
            want_len = ref_hash(h->alg, h->msg, h->len, want);
        }
        size = pick_out_size(want_len != 0 ? want_len : 64);
        out = fz_alloc(size);
        status = psa_hash_finish(&h->op, out, size, &out_len);
        check_status(status, allowed_hash_finish, "psa_hash_finish");
        if (h->state == 0) {
            FZ_CHECK(status == PSA_ERROR_BAD_STATE, "finish of an inactive operation", status);
        } else if (h->state == 1) {
            if (size >= want_len) {
                FZ_CHECK(status == PSA_SUCCESS, "hash finish failed", status);
                FZ_CHECK(h->overflow || (out_len == want_len && memcmp(out, want, want_len) == 0),
                         "multi-part hash differs from OpenSSL", status);
                h->state = 0;
            } else {
                FZ_CHECK(status == PSA_ERROR_BUFFER_TOO_SMALL, "hash finish, short buffer", status);
                h->state = 2;
            }
        } else if (status == PSA_SUCCESS) {
            h->state = 0;
        }
        free(out);
        break;
    }
    case 4: {
        int wrong = rd_u8() & 1u;
        if (h->state == 1) {
            want_len = ref_hash(h->alg, h->msg, h->len, want);
        }
        if (want_len == 0) {
            want_len = rd_len(64);
            rd_fill(want, want_len);
        }
        if (wrong) {
            want[rd_u8() % (want_len != 0 ? want_len : 1u)] ^= 0x80u;
        }
        status = psa_hash_verify(&h->op, want, want_len);
        check_status(status, allowed_hash_verify, "psa_hash_verify");
        if (h->state == 0) {
            FZ_CHECK(status == PSA_ERROR_BAD_STATE, "verify of an inactive operation", status);
        } else if (h->state == 1 && !h->overflow) {
            FZ_CHECK(wrong ? status == PSA_ERROR_INVALID_SIGNATURE : status == PSA_SUCCESS,
                     "multi-part hash verify verdict", status);
            h->state = status == PSA_SUCCESS ? 0 : 2;
        } else {
            h->state = status == PSA_SUCCESS ? 0 : 2;
        }
        break;
    }
    case 5:
        status = psa_hash_clone(&h->op, &other->op);
        check_status(status, allowed_hash_clone, "psa_hash_clone");
        if (h->state == 1 && other->state == 0) {
            FZ_CHECK(status == PSA_SUCCESS, "clone of an active operation", status);
            memcpy(other->msg, h->msg, h->len);
            other->len = h->len;
            other->overflow = h->overflow;
            other->alg = h->alg;
            other->state = 1;
        } else if (h->state == 0 || other->state == 1) {
            FZ_CHECK(status == PSA_ERROR_BAD_STATE, "clone from inactive or onto active", status);
        } else if (status == PSA_SUCCESS) {
            other->state = 2;   /* cloned from an operation in an unknown state */
            other->overflow = 1;
        }
        break;
    case 6: {
        /* Suspend, abort, resume: the operation goes on unchanged. */
        uint8_t state_buf[PSA_HASH_SUSPEND_OUTPUT_MAX_SIZE];
        size_t size = pick_out_size(PSA_HASH_SUSPEND_OUTPUT_MAX_SIZE), slen = 0;
        uint8_t *out;
        if (size > sizeof(state_buf)) {
            size = sizeof(state_buf);
        }
        out = fz_alloc(size);
        status = psa_hash_suspend(&h->op, out, size, &slen);
        check_status(status, allowed_hash_suspend, "psa_hash_suspend");
        if (h->state == 0) {
            FZ_CHECK(status == PSA_ERROR_BAD_STATE, "suspend of an inactive operation", status);
        }
        if (status == PSA_SUCCESS) {
            FZ_CHECK(slen <= size, "suspend state past the buffer", status);
            size_t kept = h->len;
            int kept_overflow = h->overflow || h->state != 1;
            memcpy(state_buf, out, slen);
            mhash_reset(h);
            status = psa_hash_resume(&h->op, state_buf, slen);
            check_status(status, allowed_hash_resume, "psa_hash_resume");
            FZ_CHECK(status == PSA_SUCCESS, "resume of a suspended state", status);
            h->state = 1;   /* alg and msg[] are untouched by mhash_reset */
            h->len = kept;
            h->overflow = kept_overflow;
        } else if (h->state == 1) {
            h->state = 2;
        }
        free(out);
        break;
    }
    default:
        mhash_reset(h);
        break;
    }
}

/* ---- MACs -------------------------------------------------------------- */

/* OpenSSL's HMAC tag of msg under key k with alg; 0 when the model cannot
 * compute it (not an HMAC key of known material, not an HMAC-SHA-2
 * algorithm, or a truncation outside 4..full). */
static size_t ref_mac(const mkey *k, psa_algorithm_t alg, const uint8_t *msg, size_t len,
                      uint8_t *out)
{
    const EVP_MD *md;
    unsigned int n = 0;
    size_t t;
    if (k == NULL || !k->mat_known || k->type != PSA_KEY_TYPE_HMAC || !PSA_ALG_IS_HMAC(alg) ||
        (alg & PSA_ALG_MAC_AT_LEAST_THIS_LENGTH_FLAG) != 0) {
        return 0;
    }
    md = ossl_md(PSA_ALG_HMAC_GET_HASH(alg));
    if (md == NULL || HMAC(md, k->mat, (int)k->mat_len, msg, len, out, &n) == NULL) {
        return 0;
    }
    t = PSA_MAC_TRUNCATED_LENGTH(alg);
    if (t == 0) {
        return n;
    }
    return t >= 4u && t <= n ? t : 0;
}

static void op_mac_compute(void)
{
    psa_key_id_t id = pick_id();
    mkey *k = find_key(id);
    psa_algorithm_t alg = pick_alg_for(k);
    uint8_t msg[FZ_MAX_DATA], want[64] = {0}, ref_out[1100];
    size_t len = rd_len(FZ_MAX_DATA), want_len, size, ref_len = 999, out_len = 999;
    int mode = rd_u8() % 4u, verify = rd_u8() % 3u == 0;
    size_t off = rd_u16();
    placed pl;
    psa_status_t status, ref_status;
    rd_fill(msg, len);
    want_len = ref_mac(k, alg, msg, len, want);
    if (verify) {
        uint8_t tag[64];
        size_t tag_len = want_len;
        int wrong = rd_u8() & 1u;
        memcpy(tag, want, sizeof(tag));
        if (tag_len == 0) {
            tag_len = rd_len(64);
            rd_fill(tag, tag_len);
        } else if (wrong) {
            tag[rd_u8() % tag_len] ^= 4u;
        }
        status = psa_mac_verify(id, alg, msg, len, tag, tag_len);
        check_status(status, allowed_mac_verify, "psa_mac_verify");
        if (status == PSA_SUCCESS) {
            FZ_CHECK(model_use(k, PSA_KEY_USAGE_VERIFY_MESSAGE, alg) != 0,
                     "MAC verify beyond the policy", status);
            FZ_CHECK(want_len == 0 || !wrong, "MAC verify accepted a wrong tag", status);
        } else if (want_len != 0 && !wrong && !slot_miss(k, status) &&
                   model_use(k, PSA_KEY_USAGE_VERIFY_MESSAGE, alg) == 1) {
            fz_fail("MAC verify refused the right tag", status);
        }
        return;
    }
    size = pick_out_size(want_len != 0 ? want_len : 32);
    place(&pl, 0, msg, len, size, 0);
    ref_status = psa_mac_compute(id, alg, pl.in, len, pl.out, size, &ref_len);
    check_status(ref_status, allowed_mac_compute, "psa_mac_compute");
    if (ref_status == PSA_SUCCESS) {
        FZ_CHECK(model_use(k, PSA_KEY_USAGE_SIGN_MESSAGE, alg) != 0, "MAC beyond the policy",
                 ref_status);
        FZ_CHECK(!PSA_ALG_IS_HMAC(alg) ||
                 PSA_MAC_TRUNCATED_LENGTH(alg) <= PSA_HASH_LENGTH(PSA_ALG_HMAC_GET_HASH(alg)),
                 "MAC truncated to more than its length", ref_status);
        FZ_CHECK(ref_len <= size, "MAC length past the buffer", ref_status);
        FZ_CHECK(want_len == 0 || (ref_len == want_len && memcmp(pl.out, want, want_len) == 0),
                 "MAC differs from OpenSSL", ref_status);
        memcpy(ref_out, pl.out, ref_len);
        if (model_use(k, PSA_KEY_USAGE_VERIFY_MESSAGE, alg) == 1) {
            status = psa_mac_verify(id, alg, msg, len, ref_out, ref_len);
            check_status(status, allowed_mac_verify, "psa_mac_verify (own tag)");
            FZ_CHECK(status == PSA_SUCCESS, "a computed MAC does not verify", status);
        }
    } else if (want_len != 0 && size >= want_len && !slot_miss(k, ref_status) &&
               model_use(k, PSA_KEY_USAGE_SIGN_MESSAGE, alg) == 1) {
        fz_fail("MAC with a permitted HMAC key failed", ref_status);
    }
    place_free(&pl);
    if (mode != 0) {
        place(&pl, mode, msg, len, size, off);
        status = psa_mac_compute(id, alg, pl.in, len, pl.out, size, &out_len);
        check_status(status, allowed_mac_compute, "psa_mac_compute (overlap)");
        FZ_CHECK(status == ref_status, "overlap changes the MAC status", status);
        if (status == PSA_SUCCESS) {
            FZ_CHECK(out_len == ref_len && memcmp(pl.out, ref_out, out_len) == 0,
                     "overlap changes the MAC", status);
        }
        place_free(&pl);
    }
}

typedef struct {
    psa_mac_operation_t op;
    int state;                 /* 0 inactive, 1 active, 2 error */
    int is_sign;
    int key_dead;              /* its key was destroyed while active */
    psa_algorithm_t alg;
    mkey key;                  /* the key as it was at setup */
    uint8_t msg[FZ_MAX_TRACK];
    size_t len;
    int overflow;
} mmac;

static mmac mops[2];

static void mmac_reset(mmac *m)
{
    psa_status_t status = psa_mac_abort(&m->op);
    check_status(status, allowed_abort, "psa_mac_abort");
    FZ_CHECK(status == PSA_SUCCESS, "psa_mac_abort", status);
    m->state = 0;
    m->key_dead = 0;
    m->len = 0;
    m->overflow = 0;
}

static void model_key_destroyed(psa_key_id_t id)
{
    size_t i;
    for (i = 0; i < 2; i++) {
        if (mops[i].state != 0 && mops[i].key.id == id) {
            mops[i].key_dead = 1;
        }
    }
}

static void op_mac_multi(void)
{
    uint8_t sel = rd_u8();
    mmac *m = &mops[sel & 1u];
    psa_status_t status;
    uint8_t buf[FZ_MAX_DATA] = {0}, want[64] = {0};
    size_t len, want_len = 0, out_len = 999;

    switch ((sel >> 1) % 7u) {
    case 0:
    case 1: {
        psa_key_id_t id = pick_id();
        mkey *k = find_key(id);
        psa_algorithm_t alg = pick_alg_for(k);
        int is_sign = ((sel >> 1) % 7u) == 0;
        psa_key_usage_t usage = is_sign ? PSA_KEY_USAGE_SIGN_MESSAGE : PSA_KEY_USAGE_VERIFY_MESSAGE;
        status = is_sign ? psa_mac_sign_setup(&m->op, id, alg) : psa_mac_verify_setup(&m->op, id, alg);
        check_status(status, allowed_mac_setup, "psa_mac_*_setup");
        if (m->state == 1) {
            FZ_CHECK(status == PSA_ERROR_BAD_STATE, "MAC setup of an active operation", status);
            m->state = 2;
            break;
        }
        if (status == PSA_SUCCESS) {
            FZ_CHECK(model_use(k, usage, alg) != 0, "MAC setup beyond the policy", status);
            m->state = 1;
            m->is_sign = is_sign;
            m->key_dead = 0;
            m->alg = alg;
            m->key = *k;
            m->len = 0;
            m->overflow = 0;
        } else if (m->state == 0 && model_use(k, usage, alg) == 1 && !slot_miss(k, status) &&
                   ref_mac(k, alg, buf, 0, want) != 0) {
            fz_fail("MAC setup with a permitted HMAC key failed", status);
        }
        break;
    }
    case 2:
    case 3:
        len = rd_len(FZ_MAX_DATA);
        rd_fill(buf, len);
        status = psa_mac_update(&m->op, buf, len);
        check_status(status, allowed_mac_update, "psa_mac_update");
        if (m->state == 0) {
            FZ_CHECK(status == PSA_ERROR_BAD_STATE, "MAC update of an inactive operation", status);
        } else if (m->state == 1 && m->key_dead) {
            FZ_CHECK(status != PSA_SUCCESS, "MAC update after its key was destroyed", status);
            m->state = 2;
        } else if (m->state == 1) {
            FZ_CHECK(status == PSA_SUCCESS, "MAC update failed", status);
            if (m->len + len <= FZ_MAX_TRACK) {
                memcpy(m->msg + m->len, buf, len);
                m->len += len;
            } else {
                m->overflow = 1;
            }
        } else if (status == PSA_SUCCESS) {
            m->overflow = 1;
        }
        break;
    case 4: {
        size_t size;
        uint8_t *out;
        if (m->state == 1 && !m->overflow) {
            want_len = ref_mac(&m->key, m->alg, m->msg, m->len, want);
        }
        size = pick_out_size(want_len != 0 ? want_len : 32);
        out = fz_alloc(size);
        status = psa_mac_sign_finish(&m->op, out, size, &out_len);
        check_status(status, allowed_mac_sign_finish, "psa_mac_sign_finish");
        if (m->state == 0) {
            FZ_CHECK(status == PSA_ERROR_BAD_STATE, "sign_finish of an inactive operation", status);
        } else if (m->state == 1 && m->key_dead) {
            FZ_CHECK(status != PSA_SUCCESS, "MAC sign_finish after its key was destroyed", status);
            m->state = 2;
        } else if (m->state == 1 && !m->is_sign) {
            FZ_CHECK(status == PSA_ERROR_BAD_STATE, "sign_finish of a verify operation", status);
            m->state = 2;
        } else if (m->state == 1) {
            if (status == PSA_SUCCESS) {
                FZ_CHECK(out_len <= size, "MAC length past the buffer", status);
                FZ_CHECK(want_len == 0 || (out_len == want_len && memcmp(out, want, out_len) == 0),
                         "multi-part MAC differs from OpenSSL", status);
                m->state = 0;
            } else {
                FZ_CHECK(want_len == 0 || size < want_len, "MAC sign_finish failed", status);
                m->state = 2;
            }
        } else if (status == PSA_SUCCESS) {
            m->state = 0;
        }
        free(out);
        break;
    }
    case 5: {
        int wrong = rd_u8() & 1u;
        if (m->state == 1 && !m->overflow) {
            want_len = ref_mac(&m->key, m->alg, m->msg, m->len, want);
        }
        if (want_len == 0) {
            want_len = rd_len(64);
            rd_fill(want, want_len);
            wrong = 2;   /* unknown */
        } else if (wrong) {
            want[rd_u8() % want_len] ^= 0x10u;
        }
        status = psa_mac_verify_finish(&m->op, want, want_len);
        check_status(status, allowed_mac_verify_finish, "psa_mac_verify_finish");
        if (m->state == 0) {
            FZ_CHECK(status == PSA_ERROR_BAD_STATE, "verify_finish of an inactive operation", status);
        } else if (m->state == 1 && m->key_dead) {
            FZ_CHECK(status != PSA_SUCCESS, "MAC verify_finish after its key was destroyed", status);
            m->state = 2;
        } else if (m->state == 1 && m->is_sign) {
            FZ_CHECK(status == PSA_ERROR_BAD_STATE, "verify_finish of a sign operation", status);
            m->state = 2;
        } else if (m->state == 1) {
            if (wrong != 2) {
                FZ_CHECK(wrong ? status == PSA_ERROR_INVALID_SIGNATURE : status == PSA_SUCCESS,
                         "multi-part MAC verify verdict", status);
            }
            m->state = status == PSA_SUCCESS ? 0 : 2;
        } else if (status == PSA_SUCCESS) {
            m->state = 0;
        }
        break;
    }
    default:
        mmac_reset(m);
        break;
    }
}

/* ---- signatures -------------------------------------------------------- */

static int is_deterministic_sign(psa_algorithm_t alg)
{
    return alg == PSA_ALG_PURE_EDDSA || alg == PSA_ALG_ED25519PH ||
           PSA_ALG_IS_RSA_PKCS1V15_SIGN(alg) || PSA_ALG_IS_DETERMINISTIC_ECDSA(alg) ||
           alg == PSA_ALG_DETERMINISTIC_ML_DSA || PSA_ALG_IS_DETERMINISTIC_HASH_ML_DSA(alg);
}

/* Overlap oracle enabled for this algorithm (FZ_GATE_*). */
static int overlap_checked(psa_algorithm_t alg)
{
    if (alg == PSA_ALG_PURE_EDDSA || alg == PSA_ALG_ED25519PH) {
        return !FZ_GATE_ED25519_OVERLAP;
    }
    if (PSA_ALG_IS_RSA_PKCS1V15_SIGN(alg) || PSA_ALG_IS_RSA_PSS(alg) ||
        PSA_ALG_IS_ASYMMETRIC_ENCRYPTION(alg)) {
        return !FZ_GATE_RSA_OVERLAP;
    }
    return 1;
}

/* A temporary key (not in the model): import, then the caller destroys it
 * with temp_destroy. PSA_KEY_ID_NULL when no slot is free. */
static psa_key_id_t temp_import(psa_key_type_t type, psa_key_usage_t usage, psa_algorithm_t alg,
                                const uint8_t *data, size_t len)
{
    return temp_import_bits(type, 0u, usage, alg, data, len);
}

static psa_key_id_t temp_import_bits(psa_key_type_t type, size_t bits, psa_key_usage_t usage,
                                     psa_algorithm_t alg, const uint8_t *data, size_t len)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_status_t status;
    psa_set_key_type(&a, type);
    psa_set_key_bits(&a, bits);
    psa_set_key_usage_flags(&a, usage);
    psa_set_key_algorithm(&a, alg);
    status = psa_import_key(&a, data, len, &id);
    if (status == PSA_ERROR_INSUFFICIENT_MEMORY) {
        return PSA_KEY_ID_NULL;
    }
    FZ_CHECK(status == PSA_SUCCESS, "import of a key the library exported or a constant", status);
    forget_stale(id);
    return id;
}

static void temp_destroy(psa_key_id_t id)
{
    psa_status_t status = psa_destroy_key(id);
    FZ_CHECK(status == PSA_SUCCESS, "destroy of a temporary key", status);
    add_stale(id);
}

/* OpenSSL's verdict on a pure Ed25519 signature (RFC 8032 5.1.7). */
static int ossl_ed25519_verifies(const uint8_t *pub, const uint8_t *msg, size_t len,
                                 const uint8_t *sig, size_t sig_len)
{
    return test_ossl_ed25519_verify(pub, msg, len, sig, sig_len);
}

/* A signature made by key k verifies with its public key (exported and
 * imported again, so the check does not depend on k's verify usage), and
 * pure Ed25519 ones with OpenSSL too. */
static void check_signature(const mkey *k, psa_algorithm_t alg, int is_msg, const uint8_t *in,
                            size_t in_len, const uint8_t *sig, size_t sig_len)
{
    uint8_t pub[PSA_EXPORT_PUBLIC_KEY_MAX_SIZE];
    size_t pub_len = 0;
    psa_key_id_t vid;
    psa_status_t status = psa_export_public_key(k->id, pub, sizeof(pub), &pub_len);
    if (slot_miss(k, status)) {
        return;
    }
    FZ_CHECK(status == PSA_SUCCESS, "public export of a signing key", status);
    if (alg == PSA_ALG_PURE_EDDSA && is_msg) {
        FZ_CHECK(pub_len == 32 && ossl_ed25519_verifies(pub, in, in_len, sig, sig_len),
                 "OpenSSL rejects a produced Ed25519 signature", status);
    }
    vid = temp_import(PSA_KEY_TYPE_PUBLIC_KEY_OF_KEY_PAIR(k->type),
                      PSA_KEY_USAGE_VERIFY_HASH | PSA_KEY_USAGE_VERIFY_MESSAGE, alg, pub, pub_len);
    if (vid == PSA_KEY_ID_NULL) {
        return;
    }
    status = is_msg ? psa_verify_message(vid, alg, in, in_len, sig, sig_len)
                    : psa_verify_hash(vid, alg, in, in_len, sig, sig_len);
    check_status(status, allowed_verify, "psa_verify_* (own signature)");
    FZ_CHECK(status == PSA_SUCCESS, "a produced signature does not verify", status);
    temp_destroy(vid);
}

/* The algorithms the spec leaves no choice about for a good key. */
static int sign_must_work(const mkey *k, psa_algorithm_t alg, int is_msg, size_t in_len)
{
    if (k == NULL || !k->good) {
        return 0;
    }
    if (k->type == TYPE_ED_PAIR) {
        return (alg == PSA_ALG_PURE_EDDSA && is_msg) ||
               (alg == PSA_ALG_ED25519PH && (is_msg || in_len == 64));
    }
    if (k->type == TYPE_P256_PAIR) {
        return (alg == PSA_ALG_ECDSA(PSA_ALG_SHA_256) ||
                alg == PSA_ALG_DETERMINISTIC_ECDSA(PSA_ALG_SHA_256)) && (is_msg || in_len == 32);
    }
    if (k->type == PSA_KEY_TYPE_RSA_KEY_PAIR && k->bits >= 1024) {
        return (alg == PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256) ||
                alg == PSA_ALG_RSA_PSS(PSA_ALG_SHA_256)) && (is_msg || in_len == 32);
    }
    if (k->type == TYPE_DSA_PAIR) {
        /* HashML-DSA where built (configs/pqc_node.h keeps pure ML-DSA). */
        return ((alg == PSA_ALG_ML_DSA || alg == PSA_ALG_DETERMINISTIC_ML_DSA) && is_msg) ||
               (((PSA_WANT_ALG_HASH_ML_DSA && alg == PSA_ALG_HASH_ML_DSA(PSA_ALG_SHA_256)) ||
                 (PSA_WANT_ALG_DETERMINISTIC_HASH_ML_DSA &&
                  alg == PSA_ALG_DETERMINISTIC_HASH_ML_DSA(PSA_ALG_SHA_256))) &&
                (is_msg || in_len == 32));
    }
    return 0;
}

static void op_sign(void)
{
    psa_key_id_t id = pick_id();
    mkey *k = find_key(id);
    psa_algorithm_t alg = pick_alg_for(k);
    int is_msg = rd_u8() & 1u, mode = rd_u8() % 4u;
    size_t off = rd_u16(), len, need, size, ref_len = 9999, out_len = 9999;
    uint8_t in[FZ_MAX_DATA], ref_sig[FZ_SIG_MAX];
    psa_key_usage_t usage = is_msg ? PSA_KEY_USAGE_SIGN_MESSAGE : PSA_KEY_USAGE_SIGN_HASH;
    placed pl;
    psa_status_t status, ref_status;
    if (!is_msg && (rd_u8() & 3u) != 0 && PSA_HASH_LENGTH(PSA_ALG_SIGN_GET_HASH(alg)) != 0) {
        len = PSA_HASH_LENGTH(PSA_ALG_SIGN_GET_HASH(alg));
    } else {
        len = rd_len(is_msg ? FZ_MAX_DATA : 100u);
    }
    rd_fill(in, len);
    need = k != NULL ? PSA_SIGN_OUTPUT_SIZE(k->type, k->bits, alg) : 0;
    size = pick_out_size(need != 0 ? need : 128u);

    place(&pl, 0, in, len, size, 0);
    ref_status = is_msg ? psa_sign_message(id, alg, pl.in, len, pl.out, size, &ref_len)
                        : psa_sign_hash(id, alg, pl.in, len, pl.out, size, &ref_len);
    check_status(ref_status, allowed_sign, is_msg ? "psa_sign_message" : "psa_sign_hash");
    if (ref_status == PSA_SUCCESS) {
        FZ_CHECK(model_use(k, usage, alg) != 0, "signature beyond the policy", ref_status);
        FZ_CHECK(PSA_KEY_TYPE_IS_KEY_PAIR(k->type), "signature with a public key", ref_status);
        FZ_CHECK(ref_len <= size && ref_len <= sizeof(ref_sig), "signature past the buffer",
                 ref_status);
        memcpy(ref_sig, pl.out, ref_len);
        check_signature(k, alg, is_msg, in, len, ref_sig, ref_len);
    } else if (sign_must_work(k, alg, is_msg, len) && model_use(k, usage, alg) == 1 &&
               size >= need && !slot_miss(k, ref_status)) {
        fz_fail("signature with a permitted good key failed", ref_status);
    }
    place_free(&pl);
    if (mode == 0) {
        return;
    }
    place(&pl, mode, in, len, size, off);
    status = is_msg ? psa_sign_message(id, alg, pl.in, len, pl.out, size, &out_len)
                    : psa_sign_hash(id, alg, pl.in, len, pl.out, size, &out_len);
    check_status(status, allowed_sign, is_msg ? "psa_sign_message (overlap)" : "psa_sign_hash (overlap)");
    if (overlap_checked(alg)) {
        FZ_CHECK(status == ref_status, "overlap changes the signature status", status);
        if (status == PSA_SUCCESS) {
            FZ_CHECK(!is_deterministic_sign(alg) ||
                     (out_len == ref_len && memcmp(pl.out, ref_sig, out_len) == 0),
                     "overlap changes a deterministic signature", status);
            check_signature(k, alg, is_msg, in, len, pl.out, out_len);
        }
    }
    place_free(&pl);
}

static void op_verify(void)
{
    psa_key_id_t id = pick_id();
    mkey *k = find_key(id);
    psa_algorithm_t alg = pick_alg_for(k);
    int is_msg = rd_u8() & 1u;
    uint8_t in[FZ_MAX_DATA], sig[FZ_SIG_MAX];
    size_t len = rd_len(is_msg ? FZ_MAX_DATA : 100u), sig_len;
    psa_status_t status;
    rd_fill(in, len);
    sig_len = rd_len(600u); /* the seeds' layout; an ML-DSA length below */
    if (k != NULL && PSA_KEY_TYPE_IS_ML_DSA(k->type) && (rd_u8() & 1u) != 0) {
        sig_len = PSA_SIGN_OUTPUT_SIZE(k->type, k->bits, PSA_ALG_ML_DSA);
    }
    rd_fill(sig, sig_len);
    status = is_msg ? psa_verify_message(id, alg, in, len, sig, sig_len)
                    : psa_verify_hash(id, alg, in, len, sig, sig_len);
    check_status(status, allowed_verify, is_msg ? "psa_verify_message" : "psa_verify_hash");
    if (status == PSA_SUCCESS) {
        FZ_CHECK(model_use(k, is_msg ? PSA_KEY_USAGE_VERIFY_MESSAGE : PSA_KEY_USAGE_VERIFY_HASH,
                           alg) != 0, "verification beyond the policy", status);
    }
}

/* ---- asymmetric encryption -------------------------------------------- */

/* Ciphertext ct of msg (label) by key k decrypts back, with separate and
 * with overlapping buffers (ct at the start of the plaintext buffer). */
static void check_decrypts(const mkey *k, psa_algorithm_t alg, const uint8_t *ct, size_t ct_len,
                           const uint8_t *label, size_t label_len, const uint8_t *msg,
                           size_t msg_len, int mode, size_t off)
{
    psa_key_id_t did = PSA_KEY_ID_NULL;
    int temp = 0;
    uint8_t *out;
    size_t out_len = 9999;
    placed pl;
    psa_status_t status;
    if (k->type == PSA_KEY_TYPE_RSA_KEY_PAIR && model_use(k, PSA_KEY_USAGE_DECRYPT, alg) == 1) {
        did = k->id;
    } else if (k->rsa_const != 0) {
        did = temp_import(PSA_KEY_TYPE_RSA_KEY_PAIR, PSA_KEY_USAGE_DECRYPT, alg,
                          k->rsa_const == 1 ? rsa_pair_1 : rsa_pair_2,
                          k->rsa_const == 1 ? sizeof(rsa_pair_1) : sizeof(rsa_pair_2));
        temp = 1;
    }
    if (did == PSA_KEY_ID_NULL) {
        return;   /* no private key at hand */
    }
    out = fz_alloc(ct_len);
    status = psa_asymmetric_decrypt(did, alg, ct, ct_len, label, label_len, out, ct_len, &out_len);
    check_status(status, allowed_decrypt, "psa_asymmetric_decrypt (own ciphertext)");
    FZ_CHECK(status == PSA_SUCCESS && out_len == msg_len && memcmp(out, msg, msg_len) == 0,
             "a produced ciphertext does not decrypt to its plaintext", status);
    free(out);
    if (mode != 0 && overlap_checked(alg)) {
        place(&pl, mode, ct, ct_len, ct_len, off);
        status = psa_asymmetric_decrypt(did, alg, pl.in, ct_len, label, label_len, pl.out, ct_len,
                                        &out_len);
        check_status(status, allowed_decrypt, "psa_asymmetric_decrypt (own, overlap)");
        FZ_CHECK(status == PSA_SUCCESS && out_len == msg_len && memcmp(pl.out, msg, msg_len) == 0,
                 "in-place decryption differs", status);
        place_free(&pl);
    }
    if (temp) {
        temp_destroy(did);
    }
}

static int encrypt_must_work(const mkey *k, psa_algorithm_t alg, size_t len, size_t label_len)
{
    size_t bytes;
    if (k == NULL || !k->good ||
        (k->type != PSA_KEY_TYPE_RSA_KEY_PAIR && k->type != PSA_KEY_TYPE_RSA_PUBLIC_KEY)) {
        return 0;
    }
    bytes = k->bits / 8u;
    if (alg == PSA_ALG_RSA_PKCS1V15_CRYPT) {
        return len + 11u <= bytes && label_len == 0;   /* no label in PKCS#1 v1.5 */
    }
    if (alg == PSA_ALG_RSA_OAEP(PSA_ALG_SHA_256)) {
        return len + 66u <= bytes;
    }
    return 0;
}

static void op_encrypt(void)
{
    psa_key_id_t id = pick_id();
    mkey *k = find_key(id);
    psa_algorithm_t alg = pick_alg_for(k);
    uint8_t msg[300], label[64], ref_ct[600];
    size_t len = rd_len(sizeof(msg)), label_len = 0, need, size, ref_len = 9999, out_len = 9999;
    uint8_t lsel = rd_u8();
    int mode = rd_u8() % 4u;
    size_t off = rd_u16(), loff = rd_u16();
    placed pl;
    psa_status_t status, ref_status;
    rd_fill(msg, len);
    if (lsel & 1u) {
        label_len = rd_len(sizeof(label));
        rd_fill(label, label_len);
    }
    need = k != NULL ? PSA_ASYMMETRIC_ENCRYPT_OUTPUT_SIZE(k->type, k->bits, alg) : 0;
    size = pick_out_size(need != 0 ? need : 128u);

    place(&pl, 0, msg, len, size, 0);
    ref_status = psa_asymmetric_encrypt(id, alg, pl.in, len, label, label_len, pl.out, size,
                                        &ref_len);
    check_status(ref_status, allowed_encrypt, "psa_asymmetric_encrypt");
    if (ref_status == PSA_SUCCESS) {
        FZ_CHECK(model_use(k, PSA_KEY_USAGE_ENCRYPT, alg) != 0, "encryption beyond the policy",
                 ref_status);
        FZ_CHECK(ref_len <= size && ref_len <= sizeof(ref_ct), "ciphertext past the buffer",
                 ref_status);
        memcpy(ref_ct, pl.out, ref_len);
        check_decrypts(k, alg, ref_ct, ref_len, label, label_len, msg, len, mode, off);
    } else if (encrypt_must_work(k, alg, len, label_len) && model_use(k, PSA_KEY_USAGE_ENCRYPT, alg) == 1 &&
               size >= need && !slot_miss(k, ref_status)) {
        fz_fail("encryption with a permitted good key failed", ref_status);
    }
    place_free(&pl);
    if (mode == 0 && !(lsel & 2u)) {
        return;
    }
    if (lsel & 2u) {
        /* The label inside the output buffer, the input apart. */
        uint8_t *block, *in_copy = fz_alloc(len);
        size_t total;
        loff = size != 0 ? loff % (size + 1u) : 0;
        total = loff + label_len > size ? loff + label_len : size;
        block = fz_alloc(total);
        memcpy(block + loff, label, label_len);
        memcpy(in_copy, msg, len);
        status = psa_asymmetric_encrypt(id, alg, in_copy, len, block + loff, label_len, block,
                                        size, &out_len);
        check_status(status, allowed_encrypt, "psa_asymmetric_encrypt (label overlap)");
        if (overlap_checked(alg)) {
            FZ_CHECK(status == ref_status, "label overlap changes the encryption status", status);
            if (status == PSA_SUCCESS) {
                uint8_t ct[600];
                memcpy(ct, block, out_len);
                check_decrypts(k, alg, ct, out_len, label, label_len, msg, len, 0, 0);
            }
        }
        free(block);
        free(in_copy);
        return;
    }
    place(&pl, mode, msg, len, size, off);
    status = psa_asymmetric_encrypt(id, alg, pl.in, len, label, label_len, pl.out, size, &out_len);
    check_status(status, allowed_encrypt, "psa_asymmetric_encrypt (overlap)");
    if (overlap_checked(alg)) {
        FZ_CHECK(status == ref_status, "overlap changes the encryption status", status);
        if (status == PSA_SUCCESS) {
            uint8_t ct[600];
            memcpy(ct, pl.out, out_len);
            check_decrypts(k, alg, ct, out_len, label, label_len, msg, len, 0, 0);
        }
    }
    place_free(&pl);
}

static void op_decrypt(void)
{
    psa_key_id_t id = pick_id();
    mkey *k = find_key(id);
    psa_algorithm_t alg = pick_alg_for(k);
    uint8_t ct[600], label[64], ref_out[600];
    size_t len, label_len = 0, size, ref_len = 9999, out_len = 9999;
    int mode = rd_u8() % 4u;
    size_t off = rd_u16();
    placed pl;
    psa_status_t status, ref_status;
    len = (rd_u8() & 1u) && k != NULL && k->bits / 8u <= sizeof(ct) ? k->bits / 8u
                                                                     : rd_len(sizeof(ct));
    rd_fill(ct, len);
    if (rd_u8() & 1u) {
        label_len = rd_len(sizeof(label));
        rd_fill(label, label_len);
    }
    size = pick_out_size(len);
    if (size > sizeof(ref_out)) {
        size = sizeof(ref_out);
    }
    place(&pl, 0, ct, len, size, 0);
    ref_status = psa_asymmetric_decrypt(id, alg, pl.in, len, label, label_len, pl.out, size,
                                        &ref_len);
    check_status(ref_status, allowed_decrypt, "psa_asymmetric_decrypt");
    if (ref_status == PSA_SUCCESS) {
        FZ_CHECK(model_use(k, PSA_KEY_USAGE_DECRYPT, alg) != 0, "decryption beyond the policy",
                 ref_status);
        FZ_CHECK(k->type == PSA_KEY_TYPE_RSA_KEY_PAIR, "decryption without a private key",
                 ref_status);
        FZ_CHECK(ref_len <= size, "plaintext past the buffer", ref_status);
        memcpy(ref_out, pl.out, ref_len);
    }
    place_free(&pl);
    if (mode != 0) {
        place(&pl, mode, ct, len, size, off);
        status = psa_asymmetric_decrypt(id, alg, pl.in, len, label, label_len, pl.out, size,
                                        &out_len);
        check_status(status, allowed_decrypt, "psa_asymmetric_decrypt (overlap)");
        if (overlap_checked(alg)) {
            FZ_CHECK(status == ref_status, "overlap changes the decryption status", status);
            if (status == PSA_SUCCESS) {
                FZ_CHECK(out_len == ref_len && memcmp(pl.out, ref_out, out_len) == 0,
                         "overlap changes the plaintext", status);
            }
        }
        place_free(&pl);
    }
}

/* ---- random ------------------------------------------------------------ */

static void op_random(void)
{
    size_t len = rd_len(1100);
    uint8_t *a = fz_alloc(len), *b = fz_alloc(len);
    psa_status_t status = psa_generate_random(a, len);
    check_status(status, allowed_random, "psa_generate_random");
    FZ_CHECK(status == PSA_SUCCESS, "psa_generate_random failed", status);
    status = psa_generate_random(b, len);
    FZ_CHECK(status == PSA_SUCCESS, "psa_generate_random failed", status);
    FZ_CHECK(len < 16u || memcmp(a, b, len) != 0, "two random draws are equal", status);
    free(a);
    free(b);
}

/* ---- key agreement (spec 10.9) ------------------------------------------ */

static const uint32_t allowed_agree = KEYUSE | B(PSA_ERROR_BUFFER_TOO_SMALL);
static const uint32_t allowed_agree_key = allowed_import | B(PSA_ERROR_INVALID_HANDLE);

/* OpenSSL's shared secret of key k (private material known) and peer;
 * 0 when OpenSSL refuses (off-curve / small-order peers) or k is not
 * P-256 / X25519. */
static size_t ossl_agree(const mkey *k, const uint8_t *peer, size_t peer_len, uint8_t out[32])
{
    EVP_PKEY *priv = NULL, *pub = NULL;
    EVP_PKEY_CTX *ctx = NULL;
    size_t len = 32;
    int ok;
    if (!k->mat_known || k->mat_len != 32) {
        return 0;
    }
    if (k->type == TYPE_X_PAIR && peer_len == 32) {
        priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, k->mat, 32);
        pub = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, peer, 32);
    } else if (k->type == TYPE_P256_PAIR && peer_len == 65) {
        uint8_t own[65];
        size_t own_len = 0;
        int i;
        if (psa_export_public_key(k->id, own, sizeof(own), &own_len) != PSA_SUCCESS) {
            return 0;
        }
        for (i = 0; i < 2; i++) {
            OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
            EVP_PKEY_CTX *fc = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
            BIGNUM *d = i == 0 ? BN_bin2bn(k->mat, 32, NULL) : NULL;
            OSSL_PARAM *params;
            EVP_PKEY **dst = i == 0 ? &priv : &pub;
            OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0);
            OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, i == 0 ? own : peer,
                                             65);
            if (d != NULL) {
                OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, d);
            }
            params = OSSL_PARAM_BLD_to_param(bld);
            if (fc == NULL || params == NULL || EVP_PKEY_fromdata_init(fc) != 1 ||
                EVP_PKEY_fromdata(fc, dst, i == 0 ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                                  params) != 1) {
                *dst = NULL;
            }
            OSSL_PARAM_free(params);
            OSSL_PARAM_BLD_free(bld);
            EVP_PKEY_CTX_free(fc);
            BN_clear_free(d);
        }
    }
    ctx = priv != NULL && pub != NULL ? EVP_PKEY_CTX_new(priv, NULL) : NULL;
    ok = ctx != NULL && EVP_PKEY_derive_init(ctx) == 1 && EVP_PKEY_derive_set_peer(ctx, pub) == 1 &&
         EVP_PKEY_derive(ctx, out, &len) == 1 && len == 32;
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(priv);
    EVP_PKEY_free(pub);
    return ok ? 32u : 0u;
}

/* A peer key: a constant public key of either curve, the public key of a
 * live key, or fuzzer bytes. */
static size_t pick_peer(uint8_t *peer, size_t size)
{
    uint8_t b = rd_u8();
    size_t len = 0;
    switch (b % 5u) {
    case 0:
        memcpy(peer, p256_pub, 65);
        return 65;
    case 1:
        memcpy(peer, x_pub, 32);
        return 32;
    case 2:
        if (nkeys != 0 &&
            psa_export_public_key(keys[(size_t)(b >> 3) % nkeys].id, peer, size, &len) ==
                PSA_SUCCESS) {
            return len;
        }
        return 0;
    case 3:
        len = (b & 0x80u) ? 65u : 32u;
        rd_fill(peer, len);
        if (len == 65) {
            peer[0] = 0x04;
        }
        return len;
    default:
        len = rd_len(size);
        rd_fill(peer, len);
        return len;
    }
}

static const psa_key_type_t agree_types[] = {
    PSA_KEY_TYPE_DERIVE, PSA_KEY_TYPE_RAW_DATA, PSA_KEY_TYPE_HMAC, PSA_KEY_TYPE_PASSWORD,
    PSA_KEY_TYPE_PASSWORD_HASH, PSA_KEY_TYPE_PEPPER, PSA_KEY_TYPE_AES, TYPE_X_PAIR,
};

/* psa_raw_key_agreement (with the overlap check: the peer key inside the
 * output), and psa_key_agreement, whose key holds the raw secret. */
static void op_agree(void)
{
    psa_key_id_t id = pick_id();
    mkey *k = find_key(id);
    psa_algorithm_t alg = pick_alg_for(k);
    uint8_t sel = rd_u8(), peer[600], ref[32], want[32];
    size_t peer_len = pick_peer(peer, sizeof(peer)), size = pick_out_size(32), len = 9999;
    size_t off = rd_u16(), ref_len = 0, olen;
    int mode = sel % 4u;
    placed pl;
    psa_status_t status, ref_status;

    place(&pl, 0, peer, peer_len, size, 0);
    ref_status = psa_raw_key_agreement(alg, id, pl.in, peer_len, pl.out, size, &len);
    check_status(ref_status, allowed_agree, "psa_raw_key_agreement");
    if (ref_status == PSA_SUCCESS) {
        FZ_CHECK(model_use(k, PSA_KEY_USAGE_DERIVE, alg) != 0, "agreement beyond the policy",
                 ref_status);
        FZ_CHECK(PSA_ALG_IS_RAW_KEY_AGREEMENT(alg) && PSA_KEY_TYPE_IS_KEY_PAIR(k->type),
                 "raw agreement with a non-agreement algorithm or a public key", ref_status);
        FZ_CHECK(len <= size && len <= sizeof(ref), "agreement output past the buffer",
                 ref_status);
        memcpy(ref, pl.out, len);
        ref_len = len;
        olen = ossl_agree(k, peer, peer_len, want);
        FZ_CHECK(olen == 0 || (len == olen && memcmp(ref, want, len) == 0),
                 "shared secret differs from OpenSSL's", ref_status);
    } else if (k != NULL && k->good && k->ec_const && model_use(k, PSA_KEY_USAGE_DERIVE, alg) == 1 &&
               !slot_miss(k, ref_status) &&
               alg == PSA_ALG_ECDH && size >= 32 &&
               ((k->type == TYPE_X_PAIR && peer_len == 32 && memcmp(peer, x_pub, 32) == 0) ||
                (k->type == TYPE_P256_PAIR && peer_len == 65 && memcmp(peer, p256_pub, 65) == 0))) {
        fz_fail("agreement of a constant key with its own public key failed", ref_status);
    }
    place_free(&pl);
    if (mode != 0) {
        place(&pl, mode, peer, peer_len, size, off);
        status = psa_raw_key_agreement(alg, id, pl.in, peer_len, pl.out, size, &len);
        check_status(status, allowed_agree, "psa_raw_key_agreement (overlap)");
        FZ_CHECK(status == ref_status, "overlap changes the agreement status", status);
        FZ_CHECK(status != PSA_SUCCESS || (len == ref_len && memcmp(pl.out, ref, len) == 0),
                 "overlap changes the shared secret", status);
        place_free(&pl);
    }
    if (sel & 0x10u) {
        psa_key_attributes_t a;
        psa_key_id_t nid = PSA_KEY_ID_NULL;
        psa_key_type_t type = agree_types[(sel >> 5) % POOL_N(agree_types)];
        pick_attr(&a, type, (sel & 0x08u) ? 256u : 0u);
        status = psa_key_agreement(id, peer, peer_len, alg, &a, &nid);
        check_status(status, allowed_agree_key, "psa_key_agreement");
        if (status == PSA_SUCCESS) {
            FZ_CHECK(model_use(k, PSA_KEY_USAGE_DERIVE, alg) != 0,
                     "key agreement beyond the policy", status);
            FZ_CHECK(!creation_must_fail(&a), "key agreement with invalid attributes", status);
#if !FZ_GATE_AGREEMENT_TYPES
            /* Spec 10.9.2: DERIVE, RAW_DATA, HMAC or PASSWORD. */
            FZ_CHECK(type == PSA_KEY_TYPE_DERIVE || type == PSA_KEY_TYPE_RAW_DATA ||
                     type == PSA_KEY_TYPE_HMAC || type == PSA_KEY_TYPE_PASSWORD,
                     "key agreement made a key of a type 10.9.2 refuses", status);
#endif
            record_key(nid, &a, 1, ref_status == PSA_SUCCESS ? ref : NULL, ref_len, 0, 0);
        } else {
            FZ_CHECK(nid == PSA_KEY_ID_NULL, "failed key agreement returned an id", status);
        }
    }
}

/* ---- key derivation (spec 10.6) ------------------------------------------ */

static const uint32_t allowed_kdf_setup = B(PSA_SUCCESS) | B(PSA_ERROR_BAD_STATE) |
    B(PSA_ERROR_INVALID_ARGUMENT) | B(PSA_ERROR_NOT_SUPPORTED) | COMMON;
static const uint32_t allowed_kdf_input = allowed_kdf_setup | B(PSA_ERROR_INVALID_HANDLE) |
    B(PSA_ERROR_NOT_PERMITTED);
static const uint32_t allowed_kdf_capacity = B(PSA_SUCCESS) | B(PSA_ERROR_BAD_STATE) |
    B(PSA_ERROR_INVALID_ARGUMENT) | COMMON;
static const uint32_t allowed_kdf_output = B(PSA_SUCCESS) | B(PSA_ERROR_BAD_STATE) |
    B(PSA_ERROR_INSUFFICIENT_DATA) | B(PSA_ERROR_NOT_PERMITTED) | B(PSA_ERROR_INVALID_ARGUMENT) |
    COMMON;
static const uint32_t allowed_kdf_output_key = allowed_generate | allowed_kdf_output;
static const uint32_t allowed_kdf_verify = allowed_kdf_output | B(PSA_ERROR_INVALID_SIGNATURE) |
    B(PSA_ERROR_INVALID_HANDLE);

#define FZ_KDF_IN 300u

typedef struct {
    psa_key_derivation_operation_t op;
    psa_algorithm_t alg;
    int state;          /* 0 idle, 1 set up (possibly in its error state) */
    int ref_ok;         /* the inputs are known and in the spec's order */
    int stage;          /* last step given: 1 SALT, 2 SECRET, 3 INFO */
    uint8_t in[3][FZ_KDF_IN];
    size_t in_len[3];
    size_t out_off;     /* bytes drawn so far */
} mkdf;

static mkdf kops[2];

static void mkdf_reset(mkdf *m)
{
    psa_status_t status = psa_key_derivation_abort(&m->op);
    check_status(status, allowed_abort, "psa_key_derivation_abort");
    FZ_CHECK(status == PSA_SUCCESS, "psa_key_derivation_abort", status);
    memset(m->in_len, 0, sizeof(m->in_len));
    m->state = 0;
    m->ref_ok = 0;
    m->stage = 0;
    m->out_off = 0;
}

/* HKDF, HKDF_EXTRACT or HKDF_EXPAND with a built hash: the kind
 * (EVP_KDF_HKDF_MODE_*), else -1. */
static int hkdf_mode(psa_algorithm_t alg, const EVP_MD **md)
{
    psa_algorithm_t h = PSA_ALG_IS_HKDF(alg) || PSA_ALG_IS_HKDF_EXTRACT(alg) ||
                                PSA_ALG_IS_HKDF_EXPAND(alg)
                            ? PSA_ALG_GET_HASH(alg)
                            : 0;
    *md = h != 0 ? ossl_md(h) : NULL;
    if (*md == NULL) {
        return -1;
    }
    return PSA_ALG_IS_HKDF(alg) ? EVP_KDF_HKDF_MODE_EXTRACT_AND_EXPAND
           : PSA_ALG_IS_HKDF_EXTRACT(alg) ? EVP_KDF_HKDF_MODE_EXTRACT_ONLY
                                          : EVP_KDF_HKDF_MODE_EXPAND_ONLY;
}

/* OpenSSL's first n output bytes of the operation's inputs; 0 if OpenSSL
 * refuses them (the caller then does not compare). */
static int ref_kdf(const mkdf *m, uint8_t *out, size_t n)
{
    const EVP_MD *md;
    int mode = hkdf_mode(m->alg, &md), ok;
    EVP_KDF *kdf;
    EVP_KDF_CTX *ctx;
    OSSL_PARAM params[6];
    size_t i = 0;
    uint8_t prk[PSA_HASH_MAX_SIZE];
    if (mode < 0 || m->in_len[1] == 0) {
        return 0;
    }
    kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    ctx = kdf != NULL ? EVP_KDF_CTX_new(kdf) : NULL;
    params[i++] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST,
                                                   (char *)EVP_MD_get0_name(md), 0);
    params[i++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)m->in[1],
                                                    m->in_len[1]);
    if (m->in_len[0] != 0) {
        params[i++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)m->in[0],
                                                        m->in_len[0]);
    }
    if (m->in_len[2] != 0) {
        params[i++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)m->in[2],
                                                        m->in_len[2]);
    }
    params[i++] = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_MODE, &mode);
    params[i] = OSSL_PARAM_construct_end();
    if (mode == EVP_KDF_HKDF_MODE_EXTRACT_ONLY) {
        /* The PRK is the whole output (capacity: the hash length). */
        ok = ctx != NULL && n <= (size_t)EVP_MD_get_size(md) &&
             EVP_KDF_derive(ctx, prk, (size_t)EVP_MD_get_size(md), params) == 1;
        if (ok) {
            memcpy(out, prk, n);
        }
    } else {
        ok = ctx != NULL && EVP_KDF_derive(ctx, out, n, params) == 1;
    }
    EVP_KDF_CTX_free(ctx);
    EVP_KDF_free(kdf);
    return ok;
}

/* Record an input step in the model: the reference stays valid only for
 * each step once, in the order 10.6.1 gives (SALT, SECRET, INFO; EXTRACT
 * has no INFO, EXPAND no SALT), with known bytes. */
static void kdf_note_input(mkdf *m, psa_key_derivation_step_t step, const uint8_t *data,
                           size_t len)
{
    int st = step == PSA_KEY_DERIVATION_INPUT_SALT     ? 1
             : step == PSA_KEY_DERIVATION_INPUT_SECRET ? 2
             : step == PSA_KEY_DERIVATION_INPUT_INFO   ? 3
                                                       : 0;
    if (st == 0 || st <= m->stage || data == NULL || len > FZ_KDF_IN ||
        (st == 1 && PSA_ALG_IS_HKDF_EXPAND(m->alg)) ||
        (st == 3 && PSA_ALG_IS_HKDF_EXTRACT(m->alg)) ||
        (st == 2 && PSA_ALG_IS_HKDF_EXTRACT(m->alg) && m->stage != 1)) {
        m->ref_ok = 0;
    }
    if (st != 0) {
        m->stage = st;
        if (data != NULL && len <= FZ_KDF_IN) {
            memcpy(m->in[st - 1], data, len);
            m->in_len[st - 1] = len;
        }
    }
}

static const psa_key_derivation_step_t kdf_steps[] = {
    PSA_KEY_DERIVATION_INPUT_SECRET, PSA_KEY_DERIVATION_INPUT_SALT,
    PSA_KEY_DERIVATION_INPUT_INFO,   PSA_KEY_DERIVATION_INPUT_SECRET,
    PSA_KEY_DERIVATION_INPUT_INFO,   PSA_KEY_DERIVATION_INPUT_LABEL,
    PSA_KEY_DERIVATION_INPUT_SEED,   PSA_KEY_DERIVATION_INPUT_COST,
};
static const psa_key_type_t kdf_out_types[] = {
    PSA_KEY_TYPE_HMAC, PSA_KEY_TYPE_DERIVE, PSA_KEY_TYPE_RAW_DATA, PSA_KEY_TYPE_HMAC,
    PSA_KEY_TYPE_PASSWORD_HASH, PSA_KEY_TYPE_PEPPER, TYPE_X_PAIR, TYPE_P256_PAIR,
    PSA_KEY_TYPE_AES, TYPE_ED_PAIR,
};
static const size_t kdf_out_bits[] = {256, 128, 8, 0, 255, 7, 1024, 512};

/* One call on one of two key-derivation operation objects. */
static void op_kdf(void)
{
    uint8_t sel = rd_u8();
    mkdf *m = &kops[sel & 1u];
    uint8_t buf[FZ_KDF_IN], ref[2 * FZ_KDF_IN + PSA_HASH_MAX_SIZE];
    psa_status_t status;
    size_t len;

    switch ((sel >> 1) % 10u) {
    case 0: {   /* setup */
        psa_algorithm_t alg = pick_alg();
        status = psa_key_derivation_setup(&m->op, alg);
        check_status(status, allowed_kdf_setup, "psa_key_derivation_setup");
        FZ_CHECK(m->state == 0 || status != PSA_SUCCESS, "setup of an active operation", status);
        if (status == PSA_SUCCESS) {
            const EVP_MD *md;
            FZ_CHECK(PSA_ALG_IS_KEY_DERIVATION(alg) || PSA_ALG_IS_KEY_AGREEMENT(alg),
                     "setup with a non-derivation algorithm", status);
            m->state = 1;
            m->alg = alg;
            m->ref_ok = hkdf_mode(alg, &md) >= 0;
            m->stage = 0;
            m->out_off = 0;
            memset(m->in_len, 0, sizeof(m->in_len));
        }
        break;
    }
    case 1:
    case 2: {   /* input_bytes */
        psa_key_derivation_step_t step = kdf_steps[rd_u8() % POOL_N(kdf_steps)];
        len = rd_len(FZ_KDF_IN);
        rd_fill(buf, len);
        status = psa_key_derivation_input_bytes(&m->op, step, buf, len);
        check_status(status, allowed_kdf_input, "psa_key_derivation_input_bytes");
        FZ_CHECK(m->state != 0 || status != PSA_SUCCESS, "input to an idle operation", status);
        if (status == PSA_SUCCESS) {
            kdf_note_input(m, step, buf, len);
        } else {
            m->ref_ok = 0;
        }
        break;
    }
    case 3: {   /* input_key */
        psa_key_derivation_step_t step = kdf_steps[rd_u8() % POOL_N(kdf_steps)];
        psa_key_id_t id = pick_id();
        mkey *k = find_key(id);
        status = psa_key_derivation_input_key(&m->op, step, id);
        check_status(status, allowed_kdf_input, "psa_key_derivation_input_key");
        if (status == PSA_SUCCESS) {
            FZ_CHECK(m->state != 0 && k != NULL, "input_key of a key that is not live", status);
            if (step == PSA_KEY_DERIVATION_INPUT_SECRET) {
                /* Spec 10.6.3: DERIVE (or VERIFY_DERIVATION) usage and the
                 * operation's algorithm. */
                FZ_CHECK((k->usage & (PSA_KEY_USAGE_DERIVE | PSA_KEY_USAGE_VERIFY_DERIVATION)) != 0 &&
                         model_permits(k->alg, m->alg) != 0,
                         "input_key beyond the key's policy", status);
            }
            kdf_note_input(m, step, k->mat_known ? k->mat : NULL, k->mat_len);
        } else {
            m->ref_ok = 0;
        }
        break;
    }
    case 4: {   /* key_agreement */
        psa_key_derivation_step_t step = kdf_steps[rd_u8() % POOL_N(kdf_steps)];
        psa_key_id_t id = pick_id();
        mkey *k = find_key(id);
        uint8_t peer[600];
        size_t peer_len = pick_peer(peer, sizeof(peer));
        status = psa_key_derivation_key_agreement(&m->op, step, id, peer, peer_len);
        check_status(status, allowed_kdf_input, "psa_key_derivation_key_agreement");
        if (status == PSA_SUCCESS) {
            FZ_CHECK(m->state != 0 && k != NULL && (k->usage & PSA_KEY_USAGE_DERIVE) != 0 &&
                     PSA_KEY_TYPE_IS_KEY_PAIR(k->type),
                     "key agreement input beyond the key's policy", status);
            FZ_CHECK(PSA_ALG_IS_KEY_AGREEMENT(m->alg), "key agreement input to a plain KDF",
                     status);
        }
        m->ref_ok = 0;   /* the model does not recompute the agreement */
        break;
    }
    case 5: {   /* capacity */
        size_t cap = 0;
        if (rd_u8() & 1u) {
            status = psa_key_derivation_get_capacity(&m->op, &cap);
            check_status(status, allowed_kdf_capacity, "psa_key_derivation_get_capacity");
            FZ_CHECK(m->state != 0 || status != PSA_SUCCESS, "capacity of an idle operation",
                     status);
        } else {
            cap = rd_u8() == 0xffu ? (size_t)rd_u32() : rd_len(9000);
            status = psa_key_derivation_set_capacity(&m->op, cap);
            check_status(status, allowed_kdf_capacity, "psa_key_derivation_set_capacity");
            FZ_CHECK(m->state != 0 || status != PSA_SUCCESS, "capacity of an idle operation",
                     status);
        }
        break;
    }
    case 6:
    case 7: {   /* output_bytes */
        uint8_t *out;
        len = rd_len(FZ_KDF_IN);
        out = fz_alloc(len);
        status = psa_key_derivation_output_bytes(&m->op, out, len);
        check_status(status, allowed_kdf_output, "psa_key_derivation_output_bytes");
        FZ_CHECK(m->state != 0 || status != PSA_SUCCESS, "output of an idle operation", status);
        if (status == PSA_SUCCESS && m->ref_ok && m->out_off + len <= sizeof(ref)) {
            if (ref_kdf(m, ref, m->out_off + len)) {
                FZ_CHECK(memcmp(out, ref + m->out_off, len) == 0,
                         "derived bytes differ from OpenSSL's HKDF", status);
            }
        }
        if (status == PSA_SUCCESS) {
            m->out_off += len;
        } else {
            m->ref_ok = 0;
        }
        free(out);
        break;
    }
    case 8: {   /* output_key */
        psa_key_attributes_t a;
        psa_key_id_t id = PSA_KEY_ID_NULL;
        psa_key_type_t type = kdf_out_types[rd_u8() % POOL_N(kdf_out_types)];
        size_t bits = kdf_out_bits[rd_u8() % POOL_N(kdf_out_bits)];
        size_t bytes = type == TYPE_X_PAIR ? 32u : (bits + 7u) / 8u;
        int have_ref = 0;
        pick_attr(&a, type, bits);
        if (m->ref_ok && m->out_off + bytes <= sizeof(ref) && !PSA_KEY_TYPE_IS_ASYMMETRIC(type)) {
            have_ref = ref_kdf(m, ref, m->out_off + bytes);
        }
        status = psa_key_derivation_output_key(&a, &m->op, &id);
        check_status(status, allowed_kdf_output_key, "psa_key_derivation_output_key");
        if (status == PSA_SUCCESS) {
            FZ_CHECK(m->state != 0, "output_key of an idle operation", status);
            FZ_CHECK(!creation_must_fail(&a), "output_key with invalid attributes", status);
            FZ_CHECK(type_built(type), "derived a key type that is configured out", status);
            record_key(id, &a, 1, have_ref ? ref + m->out_off : NULL, bytes, 0, 0);
            m->out_off += bytes;
        } else {
            FZ_CHECK(id == PSA_KEY_ID_NULL, "failed output_key returned an id", status);
            m->ref_ok = 0;
        }
        break;
    }
    default: {  /* verify_bytes / verify_key / abort */
        uint8_t what = rd_u8();
        if ((what & 3u) == 3u) {
            mkdf_reset(m);
            break;
        }
        if (what & 1u) {
            psa_key_id_t id = pick_id();
            status = psa_key_derivation_verify_key(&m->op, id);
            check_status(status, allowed_kdf_verify, "psa_key_derivation_verify_key");
            m->ref_ok = 0;
            break;
        }
        len = rd_len(FZ_KDF_IN);
        rd_fill(buf, len);
        /* Half the time the right bytes, when the model knows them. */
        if ((what & 4u) && m->ref_ok && m->out_off + len <= sizeof(ref) &&
            ref_kdf(m, ref, m->out_off + len)) {
            memcpy(buf, ref + m->out_off, len);
        }
        status = psa_key_derivation_verify_bytes(&m->op, buf, len);
        check_status(status, allowed_kdf_verify, "psa_key_derivation_verify_bytes");
        if (status == PSA_SUCCESS && m->ref_ok && m->out_off + len <= sizeof(ref) &&
            ref_kdf(m, ref, m->out_off + len)) {
            FZ_CHECK(memcmp(buf, ref + m->out_off, len) == 0,
                     "verify_bytes accepted bytes other than the derived ones", status);
        }
        if (status == PSA_SUCCESS) {
            m->out_off += len;
        } else {
            m->ref_ok = 0;
        }
        break;
    }
    }
}

/* ---- restart (persistent keys) -------------------------------------------- */

/* picopsa_shutdown (shutdown.h) and psa_crypto_init: the volatile keys are
 * gone, the persistent ones load again from storage with the same
 * attributes. Operations are aborted first (shutdown.h's contract). */
static void op_restart(void)
{
    size_t i;
    psa_status_t status;
    for (i = 0; i < 2; i++) {
        mhash_reset(&hops[i]);
        mmac_reset(&mops[i]);
        mkdf_reset(&kops[i]);
    }
    picopsa_shutdown();
    status = psa_crypto_init();
    FZ_CHECK(status == PSA_SUCCESS, "psa_crypto_init after picopsa_shutdown", status);
    i = 0;
    while (i < nkeys) {
        if (PSA_KEY_LIFETIME_IS_VOLATILE(keys[i].lifetime)) {
            model_remove(keys[i].id);   /* moves the last entry to i */
            continue;
        }
        {
            psa_key_attributes_t got = PSA_KEY_ATTRIBUTES_INIT;
            status = psa_get_key_attributes(keys[i].id, &got);
            FZ_CHECK(status == PSA_SUCCESS, "a persistent key is gone after a restart", status);
            FZ_CHECK(psa_get_key_type(&got) == keys[i].type && psa_get_key_bits(&got) == keys[i].bits &&
                     psa_get_key_usage_flags(&got) == keys[i].usage &&
                     psa_get_key_algorithm(&got) == keys[i].alg &&
                     psa_get_key_lifetime(&got) == keys[i].lifetime,
                     "a persistent key's attributes changed across a restart", status);
        }
        i++;
    }
}

#if PICOPSA_ITS_BACKEND == PICOPSA_ITS_FILE
/* The store of this process: a fresh 0700 directory (mkdtemp), emptied
 * and removed at exit; keys are destroyed at every reset anyway. */
static char its_dir[] = "/tmp/picopsa-fuzz-api.XXXXXX";

static void its_dir_remove(void)
{
    DIR *d = opendir(its_dir);
    struct dirent *e;
    char path[sizeof(its_dir) + 300];
    while (d != NULL && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 &&
            strlen(e->d_name) < 290) {
            snprintf(path, sizeof(path), "%s/%s", its_dir, e->d_name);
            (void)unlink(path);
        }
    }
    if (d != NULL) {
        closedir(d);
    }
    (void)rmdir(its_dir);
}
#endif


/* ---- key encapsulation (1.3 10.10.2, PQC extension 2.2) ------------------ */

#if PSA_WANT_ALG_ML_KEM
#define FZ_KEM_CT_MAX PSA_ENCAPSULATE_CIPHERTEXT_SIZE(TYPE_KEM_PAIR, 1024u, PSA_ALG_ML_KEM)
#else
#define FZ_KEM_CT_MAX 1568u
#endif

/* 10.10.2's lists (the key-use set, BUFFER_TOO_SMALL for the ciphertext,
 * and the output key's creation errors). */
static const uint32_t allowed_encap = KEYUSE | B(PSA_ERROR_BUFFER_TOO_SMALL) | B(PSA_ERROR_BAD_STATE) |
    B(PSA_ERROR_ALREADY_EXISTS) | B(PSA_ERROR_INSUFFICIENT_STORAGE) | B(PSA_ERROR_INSUFFICIENT_ENTROPY);
static const uint32_t allowed_decap = KEYUSE | B(PSA_ERROR_BAD_STATE) | B(PSA_ERROR_ALREADY_EXISTS) |
    B(PSA_ERROR_INSUFFICIENT_STORAGE);

static const size_t kem_bits_pool[] = {768, 512, 1024, 0, 767, 256, 768, 1024};
/* Output key types: the three 10.10.2 allows for ML-KEM first. */
static const psa_key_type_t kem_out_types[] = {
    PSA_KEY_TYPE_DERIVE, PSA_KEY_TYPE_HMAC, PSA_KEY_TYPE_AES, PSA_KEY_TYPE_DERIVE,
    PSA_KEY_TYPE_RAW_DATA, PSA_KEY_TYPE_PASSWORD, TYPE_X_PAIR, PSA_KEY_TYPE_CHACHA20,
};
static const uint8_t kem_seed[64] = {
    0x7c, 0x99, 0x35, 0xa0, 0xb0, 0x76, 0x94, 0xaa, 0x0c, 0x6d, 0x10, 0xe4, 0xdb, 0x6b, 0x1a, 0xdd,
    0x2f, 0xd8, 0x1a, 0x25, 0xcc, 0xb1, 0x48, 0x03, 0x2d, 0xcd, 0x73, 0x99, 0x36, 0x73, 0x7f, 0x2d,
    0x86, 0x26, 0xed, 0x79, 0xd4, 0x51, 0x14, 0x08, 0x00, 0xe0, 0x3b, 0x59, 0xb9, 0x56, 0xf8, 0x21,
    0x0e, 0x55, 0x60, 0x67, 0x40, 0x7d, 0x13, 0xdc, 0x90, 0xfa, 0x9e, 0x8b, 0x87, 0x2b, 0xfb, 0x8f,
};

/* The last successful encapsulation's ciphertext, for decapsulation. */
static uint8_t kem_last_ct[FZ_KEM_CT_MAX];
static size_t kem_last_ct_len;

static int kem_set_ok(size_t bits)
{
    return bits == 512u || bits == 768u || bits == 1024u;
}

static size_t kem_ek_len(size_t bits)
{
    return kem_set_ok(bits) ? 384u * (bits / 256u) + 32u : 0u;
}

/* A volatile exportable HMAC key from a decapsulation of ct by id (the
 * secret's 32 bytes in out); 0 when it fails. */
static int kem_decap_bytes(psa_key_id_t id, const uint8_t *ct, size_t ct_len, uint8_t out[32])
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t nid = PSA_KEY_ID_NULL;
    size_t len = 0;
    psa_status_t status;
    psa_set_key_type(&a, PSA_KEY_TYPE_HMAC);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_EXPORT);
    status = psa_decapsulate(id, PSA_ALG_ML_KEM, ct, ct_len, &a, &nid);
    check_status(status, allowed_decap, "psa_decapsulate (reference)");
    if (status != PSA_SUCCESS) {
        return 0;
    }
    status = psa_export_key(nid, out, 32, &len);
    FZ_CHECK(status == PSA_SUCCESS && len == 32, "a decapsulated HMAC key does not export 32 bytes", status);
    status = psa_destroy_key(nid);
    FZ_CHECK(status == PSA_SUCCESS, "destroy of a decapsulated key", status);
    return 1;
}

/* Output attributes every ML-KEM call must accept (10.10.2): DERIVE, HMAC
 * or AES (where built) with no size or 256 bits, volatile, defined usage
 * flags. */
static int kem_out_ok(const psa_key_attributes_t *a)
{
    psa_key_type_t t = psa_get_key_type(a);
    size_t b = psa_get_key_bits(a);
    return (t == PSA_KEY_TYPE_DERIVE || t == PSA_KEY_TYPE_HMAC ||
            (PSA_WANT_KEY_TYPE_AES && t == PSA_KEY_TYPE_AES)) &&
           (b == 0 || b == 256u) && !creation_must_fail(a) &&
           psa_get_key_lifetime(a) == PSA_KEY_LIFETIME_VOLATILE;
}

static void kem_import(int pair)
{
    uint8_t data[FZ_MAT_MAX];
    psa_key_attributes_t a;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_status_t status;
    uint8_t which = rd_u8();
    size_t bits = kem_bits_pool[rd_u8() % POOL_N(kem_bits_pool)], len;
    int good = 0;
    if (pair) {
        len = (which & 0x30u) == 0x30u ? rd_len(70) : 64u;
        if (which & 1u) {
            rd_fill(data, len);          /* any 64 bytes are a seed (d || z) */
        } else {
            memcpy(data, kem_seed, len < 64u ? len : 64u);
            if (len > 64u) {
                rd_fill(data + 64, len - 64u);
            }
        }
        good = len == 64u;
    } else {
        /* The public key of a live key, as is or with a byte flipped or a
         * length changed; or input bytes (almost never a valid ek). */
        size_t got = 0;
        len = 0;
        if ((which & 1u) == 0 && nkeys != 0 &&
            psa_export_public_key(keys[(size_t)(which >> 4) % nkeys].id, data, sizeof(data), &got) ==
                PSA_SUCCESS) {
            len = got;
            good = kem_ek_len(bits) == len || bits == 0;
            if (which & 2u) {
                data[rd_u16() % (len != 0 ? len : 1u)] ^= (uint8_t)(rd_u8() | 1u);
                good = 0;
            }
            if (which & 4u) {
                len = rd_len(len + 4u);
                good = 0;
            }
        } else {
            len = kem_ek_len(bits != 0 ? bits : 768u);
            rd_fill(data, len);
        }
    }
    pick_attr(&a, pair ? TYPE_KEM_PAIR : TYPE_KEM_PUB, bits);
    status = psa_import_key(&a, data, len, &id);
    check_status(status, allowed_import, "psa_import_key (ML-KEM)");
    if (status == PSA_SUCCESS) {
        FZ_CHECK(!creation_must_fail(&a), "import succeeded with invalid attributes", status);
        FZ_CHECK(type_built(TYPE_KEM_PAIR), "imported ML-KEM configured out", status);
        if (pair) {
            /* PQC extension 2.2.1: the seed does not name the set. */
            FZ_CHECK(len == 64u && kem_set_ok(bits), "ML-KEM pair imported without a 64-byte seed and a set",
                     status);
        } else {
            FZ_CHECK(len == 800u || len == 1184u || len == 1568u, "ML-KEM ek of a wrong length imported", status);
            FZ_CHECK(bits == 0 || kem_ek_len(bits) == len, "ML-KEM ek imported with another set's bits", status);
        }
        record_key(id, &a, good, data, len, 0, 0);
    } else {
        FZ_CHECK(id == PSA_KEY_ID_NULL, "failed import returned an id", status);
        if (type_built(TYPE_KEM_PAIR) && good && pair && kem_set_ok(bits) && !creation_must_fail(&a) &&
            nkeys < 4u) {
            FZ_CHECK(status == PSA_ERROR_INVALID_ARGUMENT || status == PSA_ERROR_ALREADY_EXISTS ||
                     status == PSA_ERROR_INSUFFICIENT_MEMORY, "valid ML-KEM seed refused", status);
        }
    }
}

static void kem_generate(void)
{
    psa_key_attributes_t a;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    size_t bits = kem_bits_pool[rd_u8() % POOL_N(kem_bits_pool)];
    psa_status_t status;
    pick_attr(&a, (rd_u8() & 7u) == 7u ? TYPE_KEM_PUB : TYPE_KEM_PAIR, bits);
    status = psa_generate_key(&a, &id);
    check_status(status, allowed_generate, "psa_generate_key (ML-KEM)");
    if (status == PSA_SUCCESS) {
        FZ_CHECK(!creation_must_fail(&a), "generate succeeded with invalid attributes", status);
        FZ_CHECK(psa_get_key_type(&a) == TYPE_KEM_PAIR && kem_set_ok(bits),
                 "generated an ML-KEM public key or a key of no set", status);
        record_key(id, &a, 1, NULL, 0, 0, 0);
    } else {
        FZ_CHECK(id == PSA_KEY_ID_NULL, "failed generate returned an id", status);
    }
}

static void kem_encapsulate(void)
{
    psa_key_id_t id = pick_id(), nid = PSA_KEY_ID_NULL;
    mkey *k = find_key(id);
    psa_algorithm_t alg = (rd_u8() & 3u) != 0 ? PSA_ALG_ML_KEM : pick_alg_for(k);
    uint8_t tsel = rd_u8(), secret[32], again[32];
    size_t need = k != NULL && (k->type == TYPE_KEM_PAIR || k->type == TYPE_KEM_PUB) && kem_set_ok(k->bits)
                      ? PSA_ENCAPSULATE_CIPHERTEXT_SIZE(k->type, k->bits, PSA_ALG_ML_KEM)
                      : 768u;
    size_t size = pick_out_size(need), len = 12345, slen = 0;
    uint8_t *ct = fz_alloc(size);
    psa_key_attributes_t a;
    psa_status_t status;
    int exportable;
    pick_attr(&a, kem_out_types[tsel % POOL_N(kem_out_types)],
              (tsel & 0x80u) ? 256u : (tsel & 0x40u) ? 128u : 0u);
    exportable = (psa_get_key_usage_flags(&a) & PSA_KEY_USAGE_EXPORT) != 0;
    status = psa_encapsulate(id, alg, &a, &nid, ct, size, &len);
    check_status(status, allowed_encap, "psa_encapsulate");
    if (status == PSA_SUCCESS) {
        psa_key_type_t t = psa_get_key_type(&a);
        FZ_CHECK(k != NULL && model_use(k, PSA_KEY_USAGE_ENCRYPT, alg) != 0, "encapsulation beyond the policy",
                 status);
        FZ_CHECK(alg == PSA_ALG_ML_KEM && (k->type == TYPE_KEM_PAIR || k->type == TYPE_KEM_PUB),
                 "encapsulation with another algorithm or key type", status);
        FZ_CHECK(len == need && len <= size, "ciphertext is not PSA_ENCAPSULATE_CIPHERTEXT_SIZE", status);
        FZ_CHECK(!creation_must_fail(&a), "encapsulation with invalid output attributes", status);
        FZ_CHECK(t == PSA_KEY_TYPE_DERIVE || t == PSA_KEY_TYPE_HMAC || PSA_KEY_TYPE_IS_UNSTRUCTURED(t),
                 "encapsulation made a key of a type 10.10.2 refuses", status);
        FZ_CHECK(t != PSA_KEY_TYPE_RAW_DATA && t != PSA_KEY_TYPE_PASSWORD,
                 "encapsulation made a RAW_DATA or PASSWORD key", status);
        if (exportable) {
            status = psa_export_key(nid, secret, sizeof(secret), &slen);
            FZ_CHECK(status == PSA_SUCCESS && slen == 32, "an exportable encapsulated key does not export 32 bytes",
                     status);
        }
        record_key(nid, &a, 1, exportable ? secret : NULL, slen, 0, 0);
        memcpy(kem_last_ct, ct, len);
        kem_last_ct_len = len;
        /* The pair decapsulates its own ciphertext to the same secret, and
         * a modified one to another secret, the same one twice (implicit
         * rejection is deterministic, FIPS 203 Alg. 18). */
        if (k->type == TYPE_KEM_PAIR && model_use(k, PSA_KEY_USAGE_DECRYPT, PSA_ALG_ML_KEM) == 1 &&
            kem_decap_bytes(id, ct, len, again)) {
            FZ_CHECK(!exportable || memcmp(again, secret, 32) == 0, "decapsulation gives another secret",
                     PSA_SUCCESS);
            if (exportable) {
                uint8_t bad[32], bad2[32];
                ct[rd_u16() % len] ^= (uint8_t)(rd_u8() | 1u);
                if (kem_decap_bytes(id, ct, len, bad) && kem_decap_bytes(id, ct, len, bad2)) {
                    FZ_CHECK(memcmp(bad, secret, 32) != 0, "a modified ciphertext gives the same secret",
                             PSA_SUCCESS);
                    FZ_CHECK(memcmp(bad, bad2, 32) == 0, "implicit rejection is not deterministic", PSA_SUCCESS);
                }
            }
        }
    } else {
        FZ_CHECK(nid == PSA_KEY_ID_NULL, "failed encapsulation returned an id", status);
        if (k != NULL && k->good && (k->type == TYPE_KEM_PAIR || k->type == TYPE_KEM_PUB) &&
            alg == PSA_ALG_ML_KEM && model_use(k, PSA_KEY_USAGE_ENCRYPT, alg) == 1 && size >= need &&
            kem_out_ok(&a) && nkeys < 4u && !slot_miss(k, status)) {
            fz_fail("encapsulation with a good key, policy, buffer and attributes failed", status);
        }
    }
    free(ct);
}

static void kem_decapsulate(void)
{
    psa_key_id_t id = pick_id(), nid = PSA_KEY_ID_NULL;
    mkey *k = find_key(id);
    psa_algorithm_t alg = (rd_u8() & 3u) != 0 ? PSA_ALG_ML_KEM : pick_alg_for(k);
    uint8_t csel = rd_u8(), tsel = rd_u8();
    size_t need = k != NULL && k->type == TYPE_KEM_PAIR && kem_set_ok(k->bits)
                      ? PSA_ENCAPSULATE_CIPHERTEXT_SIZE(k->type, k->bits, PSA_ALG_ML_KEM)
                      : 1088u;
    size_t len;
    uint8_t *ct;
    psa_key_attributes_t a;
    psa_status_t status;
    /* The last ciphertext (its key may be this one), or input bytes of the
     * right length or near it. */
    if ((csel & 1u) == 0 && kem_last_ct_len != 0) {
        len = kem_last_ct_len;
        ct = fz_alloc(len);
        memcpy(ct, kem_last_ct, len);
    } else {
        len = (csel & 6u) == 6u ? rd_len(need + 2u) : need;
        ct = fz_alloc(len);
        rd_fill(ct, len);
    }
    pick_attr(&a, kem_out_types[tsel % POOL_N(kem_out_types)], (tsel & 0x80u) ? 256u : 0u);
    status = psa_decapsulate(id, alg, ct, len, &a, &nid);
    check_status(status, allowed_decap, "psa_decapsulate");
    if (status == PSA_SUCCESS) {
        FZ_CHECK(k != NULL && model_use(k, PSA_KEY_USAGE_DECRYPT, alg) != 0, "decapsulation beyond the policy",
                 status);
        FZ_CHECK(alg == PSA_ALG_ML_KEM && k->type == TYPE_KEM_PAIR,
                 "decapsulation with another algorithm or a public key", status);
        FZ_CHECK(len == need, "decapsulation of a ciphertext of the wrong length", status);
        FZ_CHECK(!creation_must_fail(&a), "decapsulation with invalid output attributes", status);
        record_key(nid, &a, 1, NULL, 0, 0, 0);
    } else {
        FZ_CHECK(nid == PSA_KEY_ID_NULL, "failed decapsulation returned an id", status);
        if (k != NULL && k->good && k->type == TYPE_KEM_PAIR && alg == PSA_ALG_ML_KEM &&
            model_use(k, PSA_KEY_USAGE_DECRYPT, alg) == 1 && len == need && kem_out_ok(&a) && nkeys < 4u &&
            !slot_miss(k, status)) {
            fz_fail("decapsulation with a good pair, policy, length and attributes failed", status);
        }
    }
    free(ct);
}

static void op_kem(void)
{
    switch (rd_u8() % 7u) {
    case 0: kem_import(1); break;
    case 1: kem_import(0); break;
    case 2: kem_generate(); break;
    case 3:
    case 4: kem_encapsulate(); break;
    default: kem_decapsulate(); break;
    }
}

/* ---- ML-DSA keys (PQC extension 2.3.1) ------------------------------------ */

static const size_t dsa_bits_pool[] = {192, 128, 256, 0, 191, 192, 256, 384};

static int dsa_set_ok(size_t bits)
{
    return bits == 128u || bits == 192u || bits == 256u;
}

static void op_mldsa(void)
{
    uint8_t data[PSA_EXPORT_PUBLIC_KEY_MAX_SIZE];
    psa_key_attributes_t a;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_status_t status;
    uint8_t sub = rd_u8(), which = rd_u8();
    size_t bits = dsa_bits_pool[rd_u8() % POOL_N(dsa_bits_pool)], len = 0, got = 0;
    int good = 0, pair = 1;
    switch (sub % 3u) {
    case 0:
        /* A seed xi: any 32 bytes (FIPS 204 Alg. 1), or a wrong length. */
        len = (which & 0x30u) == 0x30u ? rd_len(40) : 32u;
        rd_fill(data, len);
        good = len == 32u;
        break;
    case 1:
        /* The public key of a live key, as is or with a byte flipped (pk
         * has no structure to check: it still imports) or a length off. */
        pair = 0;
        if (nkeys != 0 && psa_export_public_key(keys[(size_t)(which >> 4) % nkeys].id, data, sizeof(data), &got) ==
                              PSA_SUCCESS) {
            len = got;
            good = (which & 4u) == 0;
            if (which & 2u) {
                data[rd_u16() % (len != 0 ? len : 1u)] ^= (uint8_t)(rd_u8() | 1u);
            }
            if (which & 4u) {
                len = rd_len(len + 4u);
            }
        } else {
            len = rd_len(64);
            rd_fill(data, len);
        }
        break;
    default:
        pick_attr(&a, (which & 7u) == 7u ? TYPE_DSA_PUB : TYPE_DSA_PAIR, bits);
        status = psa_generate_key(&a, &id);
        check_status(status, allowed_generate, "psa_generate_key (ML-DSA)");
        if (status == PSA_SUCCESS) {
            FZ_CHECK(!creation_must_fail(&a), "generate succeeded with invalid attributes", status);
            FZ_CHECK(psa_get_key_type(&a) == TYPE_DSA_PAIR && dsa_set_ok(bits),
                     "generated an ML-DSA public key or a key of no set", status);
            record_key(id, &a, 1, NULL, 0, 0, 0);
        } else {
            FZ_CHECK(id == PSA_KEY_ID_NULL, "failed generate returned an id", status);
        }
        return;
    }
    pick_attr(&a, pair ? TYPE_DSA_PAIR : TYPE_DSA_PUB, bits);
    status = psa_import_key(&a, data, len, &id);
    check_status(status, allowed_import, "psa_import_key (ML-DSA)");
    if (status == PSA_SUCCESS) {
        FZ_CHECK(!creation_must_fail(&a), "import succeeded with invalid attributes", status);
        FZ_CHECK(type_built(TYPE_DSA_PAIR), "imported ML-DSA configured out", status);
        if (pair) {
            FZ_CHECK(len == 32u && dsa_set_ok(bits), "ML-DSA pair imported without a 32-byte seed and a set", status);
        } else {
            FZ_CHECK(len == 1312u || len == 1952u || len == 2592u, "ML-DSA pk of a wrong length imported", status);
        }
        record_key(id, &a, good, data, len, 0, 0);
    } else {
        FZ_CHECK(id == PSA_KEY_ID_NULL, "failed import returned an id", status);
        if (type_built(TYPE_DSA_PAIR) && good && pair && dsa_set_ok(bits) && !creation_must_fail(&a) && nkeys < 4u) {
            FZ_CHECK(status == PSA_ERROR_INVALID_ARGUMENT || status == PSA_ERROR_ALREADY_EXISTS ||
                     status == PSA_ERROR_INSUFFICIENT_MEMORY, "valid ML-DSA seed refused", status);
        }
    }
}

/* ---- driver ------------------------------------------------------------ */

typedef void (*op_fn)(void);
/* Repeated entries weight the choice. */
static const struct {
    op_fn fn;
    const char *name;
} ops[] = {
    {op_import, "import"}, {op_import, "import"}, {op_import, "import"},
    {op_generate, "generate"}, {op_export, "export"}, {op_copy, "copy"},
    {op_destroy, "destroy"}, {op_purge, "purge"}, {op_get_attributes, "get_attributes"},
    {op_hash_compute, "hash"}, {op_hash_multi, "hash multi-part"},
    {op_hash_multi, "hash multi-part"}, {op_mac_compute, "mac"}, {op_mac_multi, "mac multi-part"},
    {op_mac_multi, "mac multi-part"}, {op_sign, "sign"}, {op_sign, "sign"},
    {op_verify, "verify"}, {op_encrypt, "encrypt"}, {op_encrypt, "encrypt"},
    {op_decrypt, "decrypt"}, {op_random, "random"},
    /* issue 21 (appended: the seeds' opcodes above keep their meaning) */
    {op_kdf, "key derivation"}, {op_kdf, "key derivation"}, {op_kdf, "key derivation"},
    {op_agree, "key agreement"}, {op_restart, "restart"},
    /* issue 26 */
    {op_kem, "key encapsulation"}, {op_kem, "key encapsulation"},
    /* issue 27 */
    {op_mldsa, "ML-DSA key"},
};

/* Back to an empty key store and idle operations. */
static void reset_state(void)
{
    size_t i;
    step_name = "reset";
    for (i = 0; i < 2; i++) {
        mhash_reset(&hops[i]);
        mmac_reset(&mops[i]);
        mkdf_reset(&kops[i]);
    }
    while (nkeys != 0) {
        psa_key_id_t id = keys[nkeys - 1u].id;
        psa_status_t status = psa_destroy_key(id);
        FZ_CHECK(status == PSA_SUCCESS, "destroy at reset", status);
        model_remove(id);
    }
    rsa_generated = 0;
    kem_last_ct_len = 0;
}

static int initialised;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    size_t i;
    (void)argc;
    (void)argv;
#if PICOPSA_ITS_BACKEND == PICOPSA_ITS_FILE
    if (mkdtemp(its_dir) == NULL || setenv("PICOPSA_ITS_DIR", its_dir, 1) != 0) {
        return 1;
    }
    atexit(its_dir_remove);
#endif
    if (psa_crypto_init() != PSA_SUCCESS) {
        return 1;
    }
    {
        /* The constants' public keys, as the library computes them
         * (checked against OpenSSL by op_agree's reference). */
        psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
        psa_key_id_t id = PSA_KEY_ID_NULL;
        size_t len = 0;
        psa_set_key_type(&a, TYPE_P256_PAIR);
        if (PSA_WANT_ECC_SECP_R1_256 && psa_import_key(&a, p256_d, 32, &id) == PSA_SUCCESS) {
            (void)psa_export_public_key(id, p256_pub, sizeof(p256_pub), &len);
            (void)psa_destroy_key(id);
        }
        psa_set_key_type(&a, TYPE_X_PAIR);
        if (PSA_WANT_ECC_MONTGOMERY_255 && psa_import_key(&a, x_priv, 32, &id) == PSA_SUCCESS) {
            (void)psa_export_public_key(id, x_pub, sizeof(x_pub), &len);
            (void)psa_destroy_key(id);
        }
    }
    fz_trace = getenv("FZ_TRACE") != NULL;
    initialised = 1;
    for (i = 0; i < 2; i++) {
        hops[i].op = psa_hash_operation_init();
        mops[i].op = psa_mac_operation_init();
        kops[i].op = psa_key_derivation_operation_init();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!initialised && LLVMFuzzerInitialize(NULL, NULL) != 0) {
        abort();
    }
    rd_p = data;
    rd_n = size;
    for (step_no = 0; step_no < FZ_MAX_STEPS && rd_n != 0; step_no++) {
        uint8_t op = rd_u8();
        step_name = ops[op % POOL_N(ops)].name;
        ops[op % POOL_N(ops)].fn();
    }
    reset_state();
    return 0;
}
