/*
 * picopsa/driver.h -- the entry points of a picopsa crypto driver: what the
 * dispatch layer (src/dispatch) calls for a key of a given type, in the
 * style of the PSA Cryptoprocessor Driver Interface (Mbed TLS
 * docs/proposed/psa-driver-interface.md, "transparent" drivers).
 *
 * picopsa's own software families (Ed25519 in src/ed25519/ed25519_psa.c,
 * RSA in src/rsa/rsa_psa.c) implement these function types, and so does a
 * transparent accelerator driver (the end of this header, docs/drivers.md).
 * The software is chosen at build time: the dispatch layer names its entry
 * points only under the PSA_WANT_* guards of their mechanisms, so a
 * configured-out mechanism costs no code. Accelerator drivers are a
 * build-time list too (PICOPSA_DRIVER_LIST, config.h): without one, not a
 * byte of driver code is built.
 *
 * Contract, for every entry point below:
 *  - Keys arrive as (attributes, key_buffer, key_buffer_size): the key's
 *    attributes (type, bits, lifetime, policy) and the buffer that the same
 *    driver's import_key / generate_key filled. The driver owns the
 *    layout of that buffer (picopsa's RSA keeps limbs and Montgomery
 *    constants there, Ed25519 the expanded secret); key_buffer_size is the
 *    length it reported in *key_buffer_length.
 *  - Buffers follow the PSA conventions: an input is (const uint8_t *,
 *    size_t); an output is (uint8_t *, size_t size, size_t *length). A
 *    pointer may be NULL only when its size is 0. Inputs may overlap the
 *    output (PSA Crypto API 1.2, 5.4.4): read every input completely
 *    before writing a byte of output.
 *  - A driver may leave out the message entry points of a hash-and-sign
 *    scheme: the dispatch layer then hashes the message and calls
 *    sign_hash / verify_hash (picopsa's Ed25519 driver has sign_message
 *    for PureEdDSA only; Ed25519ph messages reach its sign_hash).
 *  - Before the call the caller has checked (docs/ARCHITECTURE.md, "Which
 *    layer checks what"): the library is initialised; the key's usage
 *    policy and permitted algorithm allow alg; alg is of the operation's
 *    category and fits the key type; the key is a key pair for
 *    sign_hash, sign_message and asymmetric_decrypt; alg and its hash are
 *    built (PSA_WANT_*); a hash given to sign_hash / verify_hash has the
 *    length of alg's hash; a signature output has room for
 *    PSA_SIGN_OUTPUT_SIZE(type, bits, alg) bytes and a signature to verify
 *    has that length; an encryption output has room for
 *    PSA_ASYMMETRIC_ENCRYPT_OUTPUT_SIZE(type, bits, alg) bytes; the PKCS#1
 *    v1.5 encryption label is empty. The driver does not check these again.
 *  - The driver checks what needs its key material or its scheme: the
 *    import data, *bits against a non-zero attributes bits (PSA driver
 *    interface, "key size determination on import": INVALID_ARGUMENT on a
 *    mismatch), generation parameters, input lengths against the key
 *    (ciphertext length), padding and encoding limits, the plaintext
 *    buffer of a decryption, export buffer sizes.
 *  - Status codes are the PSA Crypto API 1.2 ones. On an error the caller
 *    wipes the outputs and zeroes the lengths; the driver leaves the key
 *    buffer of an existing key unchanged.
 *  - The cipher entry points (cipher_encrypt / cipher_decrypt, PSA 1.2
 *    10.4.2, accelerator drivers only) get a symmetric key's buffer,
 *    which is its PSA export format (the raw key); the front end has
 *    checked alg against the key type, the key size, the data length and
 *    an encryption's output size, and drew the IV (their block below);
 *    the multipart ones own the operation from a successful setup to
 *    abort, in a context inside psa_cipher_operation_t (their block).
 *  - No allocation; secrets on the stack are wiped before returning;
 *    nothing branches on or indexes by secret data (asymmetric_decrypt
 *    returns its padding verdict as a status computed without a branch,
 *    and the caller finishes the output with masks).
 */
#ifndef PICOPSA_DRIVER_H
#define PICOPSA_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#include <psa/crypto.h>

#ifdef __cplusplus
extern "C" {   /* a driver written in C++ declares its entry points with C linkage */
#endif

/* ---- key management (PSA 1.2 9.6) ----------------------------------- */

/* psa_import_key: data in the spec's export format for attributes->type.
 * Writes the key buffer and sets *bits to the key size. */
typedef psa_status_t picopsa_driver_import_key_t(
    const psa_key_attributes_t *attributes, const uint8_t *data, size_t data_length,
    uint8_t *key_buffer, size_t key_buffer_size, size_t *key_buffer_length, size_t *bits);

/* psa_generate_key(_custom): a key pair of attributes->type and ->bits;
 * custom_data is the type's production parameter (RSA: the public
 * exponent, big-endian; empty = the default), spec 9.6.3. */
typedef psa_status_t picopsa_driver_generate_key_t(
    const psa_key_attributes_t *attributes, const uint8_t *custom_data,
    size_t custom_data_length, uint8_t *key_buffer, size_t key_buffer_size,
    size_t *key_buffer_length);

/* psa_export_key / psa_export_public_key: the spec's export format. */
typedef psa_status_t picopsa_driver_export_key_t(
    const psa_key_attributes_t *attributes, const uint8_t *key_buffer, size_t key_buffer_size,
    uint8_t *data, size_t data_size, size_t *data_length);

/* ---- signatures (PSA 1.2 10.7) --------------------------------------- */

typedef psa_status_t picopsa_driver_sign_t(
    const psa_key_attributes_t *attributes, const uint8_t *key_buffer, size_t key_buffer_size,
    psa_algorithm_t alg, const uint8_t *input, size_t input_length,
    uint8_t *signature, size_t signature_size, size_t *signature_length);

typedef psa_status_t picopsa_driver_verify_t(
    const psa_key_attributes_t *attributes, const uint8_t *key_buffer, size_t key_buffer_size,
    psa_algorithm_t alg, const uint8_t *input, size_t input_length,
    const uint8_t *signature, size_t signature_length);

/* sign_hash / verify_hash take a hash, sign_message / verify_message the
 * message (a driver that has no message entry points gets the hash: the
 * dispatch layer hashes first, PSA driver interface 10.7 convention). */
typedef picopsa_driver_sign_t picopsa_driver_sign_hash_t;
typedef picopsa_driver_verify_t picopsa_driver_verify_hash_t;
typedef picopsa_driver_sign_t picopsa_driver_sign_message_t;
typedef picopsa_driver_verify_t picopsa_driver_verify_message_t;

/* ---- asymmetric encryption (PSA 1.2 10.8); salt is the OAEP label ---- */

typedef psa_status_t picopsa_driver_asymmetric_crypt_t(
    const psa_key_attributes_t *attributes, const uint8_t *key_buffer, size_t key_buffer_size,
    psa_algorithm_t alg, const uint8_t *input, size_t input_length,
    const uint8_t *salt, size_t salt_length,
    uint8_t *output, size_t output_size, size_t *output_length);

typedef picopsa_driver_asymmetric_crypt_t picopsa_driver_asymmetric_encrypt_t;
typedef picopsa_driver_asymmetric_crypt_t picopsa_driver_asymmetric_decrypt_t;

/* ---- key agreement (PSA 1.2 10.9), Mbed TLS driver interface key_agreement ---- */

/* attributes/key_buffer: the private key (a key pair); peer_key in the
 * public key export format of the same curve; shared_secret receives the
 * raw agreement output (spec 10.9.3: X25519 the 32-byte u, ECDH on a
 * Weierstrass curve the x coordinate). */
typedef psa_status_t picopsa_driver_key_agreement_t(
    const psa_key_attributes_t *attributes, const uint8_t *key_buffer, size_t key_buffer_size,
    psa_algorithm_t alg, const uint8_t *peer_key, size_t peer_key_length,
    uint8_t *shared_secret, size_t shared_secret_size, size_t *shared_secret_length);

/* ---- key encapsulation (Crypto API 1.3 10.10) ---------------------------- */

/* Encapsulation with a public key or a pair: a fresh shared secret into
 * (shared_secret, shared_secret_size, *shared_secret_length) and its
 * ciphertext into (ciphertext, ciphertext_size, *ciphertext_length).
 * Decapsulation with a pair: the shared secret of (ciphertext,
 * ciphertext_length). Only picopsa's software ML-KEM implements them
 * today; picopsa_transparent_driver_t has no KEM entry yet. */
typedef psa_status_t picopsa_driver_encapsulate_t(
    const psa_key_attributes_t *attributes, const uint8_t *key_buffer, size_t key_buffer_size,
    psa_algorithm_t alg, uint8_t *shared_secret, size_t shared_secret_size,
    size_t *shared_secret_length, uint8_t *ciphertext, size_t ciphertext_size,
    size_t *ciphertext_length);
typedef psa_status_t picopsa_driver_decapsulate_t(
    const psa_key_attributes_t *attributes, const uint8_t *key_buffer, size_t key_buffer_size,
    psa_algorithm_t alg, const uint8_t *ciphertext, size_t ciphertext_length,
    uint8_t *shared_secret, size_t shared_secret_size, size_t *shared_secret_length);
/* ---- transparent accelerator drivers (docs/drivers.md) ------------------
 *
 * A build names its drivers in PICOPSA_DRIVER_LIST (include/picopsa/config.h),
 * e.g. -D'PICOPSA_DRIVER_LIST(X)=X(my_pka_driver)': each name is a const
 * picopsa_transparent_driver_t that the application links. For every
 * operation the dispatch layer makes its usual checks (above), then tries
 * the drivers in list order, each only when it declares a mechanism
 * matching (key type, algorithm, key size) and has the entry point; then
 * the software.
 *  - PSA_ERROR_NOT_SUPPORTED: the driver does not take this call (a size
 *    below its crossover, an option its hardware lacks); the next driver,
 *    finally the software, gets the call. The driver must decide that
 *    before writing a byte of output (an output may overlap an input,
 *    PSA 1.2 5.4.4: the fallback reads the inputs again).
 *  - Every other status, PSA_SUCCESS included, is the caller's: no
 *    fallback (a PSA_ERROR_HARDWARE_FAILURE never turns into a software
 *    result), the front end wipes the outputs on an error, and the driver
 *    leaves no key material or secret intermediate in its hardware.
 *  - The key buffer is the software family's (the driver gets what
 *    psa_import_key stored): picopsa_driver_export_key() gives the key in
 *    the PSA export format, and a generate_key entry point fills the buffer
 *    through picopsa_driver_import_key().
 */

/* A mechanism a driver takes: key_type exactly (a key pair and its public
 * key are two rows); alg exactly, or any hash when its hash field is
 * PSA_ALG_ANY_HASH's (e.g. PSA_ALG_RSA_PSS(PSA_ALG_ANY_HASH)), or every
 * algorithm of the key type when PSA_ALG_NONE (key generation has no
 * algorithm: it matches rows of PSA_ALG_NONE); key sizes
 * min_bits..max_bits. */
typedef struct {
    psa_key_type_t key_type;
    psa_algorithm_t alg;
    uint16_t min_bits, max_bits;
} picopsa_driver_mechanism_t;

/* The narrow seam for RSA accelerators: a Montgomery-multiplication engine
 * under the software's exponentiation (HAC 14.94), CRT, blinding and fault
 * check, which stay the same whichever engine multiplies. Numbers are
 * little-endian arrays of 32-bit words, `words` long (the modulus's word
 * count, operands zero-extended), R = 2^(32 words), m odd, of min_bits ..
 * max_bits bits, m_prime = -m^-1 mod 2^32 (HAC 14.32). One exponentiation
 * is begin, mont_mul..., end, all with the same m:
 *  - begin (optional, NULL: always taken): load m; r1 = R mod m (the
 *    Montgomery form of 1). PSA_ERROR_NOT_SUPPORTED: this exponentiation
 *    goes to the next engine or the software (e.g. below a crossover size);
 *    another error fails the RSA operation.
 *  - mont_mul: z = x * y * R^-1 mod m for x, y < m; z may alias x or y.
 *  - end (optional): the exponentiation is over (also after an error):
 *    wipe m and every operand from the hardware.
 *  - secret != 0: an operand, the exponent or the modulus is secret
 *    (private-key exponentiations, blinding, the fault check): only a
 *    constant-time mode may run; 0: public data only (RSA verification and
 *    encryption), any mode.
 *  - mod_exp_public (optional, NULL if absent): z = x^e mod m for x < m in
 *    normal form, the public exponent e (odd, > 1) and r2 = R^2 mod m;
 *    called with public data only, instead of a begin..end.
 * mont_mul and mod_exp_public return PSA_SUCCESS, PSA_ERROR_NOT_SUPPORTED
 * (the software computes this product or exponentiation instead, before
 * anything is written to z) or an error, which fails the whole RSA
 * operation with that status and no output. */
typedef struct {
    uint16_t min_bits, max_bits;
    psa_status_t (*begin)(const uint32_t *m, uint32_t m_prime, const uint32_t *r1, size_t words,
                          int secret);
    psa_status_t (*mont_mul)(uint32_t *z, const uint32_t *x, const uint32_t *y,
                             const uint32_t *m, uint32_t m_prime, size_t words, int secret);
    void (*end)(void);
    psa_status_t (*mod_exp_public)(uint32_t *z, const uint32_t *x, uint64_t e,
                                   const uint32_t *m, uint32_t m_prime, const uint32_t *r2,
                                   size_t words);
} picopsa_bn_engine_t;

/* The block-level seam for AES accelerators (FIPS 197): a key set into a
 * driver-owned context, then whole 16-byte blocks encrypted or decrypted
 * with it. picopsa runs every mode (ECB, CBC, CTR, CFB, OFB, XTS, CCM, GCM,
 * CMAC, CTR_DRBG) in software over these blocks, so the modes' constant
 * time, padding and IV rules stay the software's whatever engine does the
 * blocks (an ESP32-C3-class engine in its typical mode does one block per
 * trigger). Engines that run a whole mode get the one-shot cipher entry
 * points below instead (one-shot and multipart, docs/drivers.md).
 *  - set_key: key of key_length 16, 24 or 32 bytes; fills context (at most
 *    PICOPSA_DRIVER_AES_CONTEXT_SIZE bytes, 8-byte aligned; the library
 *    owns and wipes the memory). PSA_ERROR_NOT_SUPPORTED: the software
 *    runs this key (a key size the hardware lacks, e.g. AES-192 on the
 *    ESP32-C3); another error fails the operation that sets the key.
 *  - ecb: nblocks >= 1 blocks, in == out allowed (partial overlap not),
 *    encrypt 1 / decrypt 0. PSA_SUCCESS, or an error (e.g.
 *    PSA_ERROR_HARDWARE_FAILURE) that fails the whole operation: the
 *    library wipes out and every later output of that key, and makes no
 *    further call with it. No fallback once a key is taken.
 *  - Both leave no key bit and no data block in the hardware when they
 *    return (clear the key and text registers), and branch on no key or
 *    data value. */
#define PICOPSA_DRIVER_AES_CONTEXT_SIZE 64u
typedef psa_status_t picopsa_driver_aes_set_key_t(void *context, const uint8_t *key,
                                                  size_t key_length);
typedef psa_status_t picopsa_driver_aes_ecb_t(const void *context, int encrypt,
                                              const uint8_t *input, uint8_t *output,
                                              size_t nblocks);
typedef struct {
    picopsa_driver_aes_set_key_t *set_key;
    picopsa_driver_aes_ecb_t *ecb;
} picopsa_aes_engine_t;

/* Whole-operation cipher entry points (PSA 1.2 10.4.2 psa_cipher_encrypt /
 * psa_cipher_decrypt; PSA driver interface, "cipher_encrypt" and
 * "cipher_decrypt" of a transparent driver), for engines that run a whole
 * mode themselves (e.g. a DMA CTR or CBC). Tried before the software's
 * modes for a key and alg a mechanism row matches; key_buffer is the key
 * in its PSA export format (the raw key bytes: AES 16/24/32 bytes, XTS
 * Key1 || Key2). Before the call the front end has checked (beside the
 * list at the top of this header) that alg is a cipher mode built for
 * the key type, that the software's setup takes the key (its size, XTS
 * Key1 != Key2) and that the data length is valid for alg (whole blocks
 * for ECB, CBC and CBC-PKCS#7 decryption; at least 16 bytes for XTS).
 *  - cipher_encrypt: iv (iv_length = PSA_CIPHER_IV_LENGTH(type, alg), 0
 *    for ECB) is the IV the front end drew; the driver writes the
 *    ciphertext only (input_length bytes, + the PKCS#7 padding for
 *    PSA_ALG_CBC_PKCS7), and output has room for it; the front end puts
 *    the IV in front of it. For an in-place psa_cipher_encrypt, output is
 *    the caller's buffer + iv_length and input the buffer itself.
 *  - cipher_decrypt: input is IV || ciphertext as the caller gave it
 *    (input_length >= the IV length); the driver writes the plaintext,
 *    checks output_size against it (BUFFER_TOO_SMALL) and the PKCS#7
 *    padding (INVALID_PADDING, computed without a branch on the padding).
 *  - Returns as every driver entry point (docs/drivers.md): NOT_SUPPORTED
 *    before writing a byte (the software runs the call); any other error
 *    is the caller's, who wipes output and zeroes *output_length; a
 *    success with *output_length > output_size is CORRUPTION_DETECTED.
 * The multipart operation has its own entry points (below). */
typedef psa_status_t picopsa_driver_cipher_encrypt_t(
    const psa_key_attributes_t *attributes, const uint8_t *key_buffer, size_t key_buffer_size,
    psa_algorithm_t alg, const uint8_t *iv, size_t iv_length, const uint8_t *input,
    size_t input_length, uint8_t *output, size_t output_size, size_t *output_length);
typedef psa_status_t picopsa_driver_cipher_decrypt_t(
    const psa_key_attributes_t *attributes, const uint8_t *key_buffer, size_t key_buffer_size,
    psa_algorithm_t alg, const uint8_t *input, size_t input_length, uint8_t *output,
    size_t output_size, size_t *output_length);

/* Multipart cipher entry points (PSA 1.2 10.4.3; PSA driver interface
 * "cipher_encrypt_setup" ... "cipher_abort"). context: the driver-owned
 * operation context inside psa_cipher_operation_t,
 * PICOPSA_DRIVER_CIPHER_CONTEXT_SIZE bytes (config.h, default 64),
 * 8-byte aligned, zeroed before setup and wiped by the library after
 * abort. The front end keeps the state machine (setup -> IV -> update* ->
 * finish, spec 10.4.3), the policy and the key checks; a driver is called
 * only in the state its step needs.
 *  - setup: same preconditions as the one-shot entry points. SUCCESS: the
 *    driver owns the operation until abort; NOT_SUPPORTED (nothing kept):
 *    the next driver, then the software; another error fails the setup.
 *    A driver is asked only when it has all of setup, set_iv, update,
 *    finish and abort.
 *  - set_iv: iv_length is the PSA_CIPHER_IV_LENGTH of the key and alg (or
 *    a length the driver refuses with INVALID_ARGUMENT); never for ECB.
 *  - update / finish: write what is due (the driver buffers partial
 *    blocks) and check output_size itself (BUFFER_TOO_SMALL); finish
 *    checks the total length and the PKCS#7 padding.
 *  - After setup there is no fallback: any error of set_iv, update or
 *    finish (NOT_SUPPORTED included) is the caller's, the front end wipes
 *    the output, zeroes the length and aborts the operation (psa_cipher.c:
 *    any error of an active operation aborts it); a reported length
 *    beyond output_size is CORRUPTION_DETECTED.
 *  - abort: called once for every setup that succeeded (after finish too);
 *    the driver clears its hardware. */
typedef psa_status_t picopsa_driver_cipher_setup_t(
    void *context, const psa_key_attributes_t *attributes, const uint8_t *key_buffer,
    size_t key_buffer_size, psa_algorithm_t alg);
typedef psa_status_t picopsa_driver_cipher_set_iv_t(void *context, const uint8_t *iv,
                                                    size_t iv_length);
typedef psa_status_t picopsa_driver_cipher_update_t(void *context, const uint8_t *input,
                                                    size_t input_length, uint8_t *output,
                                                    size_t output_size, size_t *output_length);
typedef psa_status_t picopsa_driver_cipher_finish_t(void *context, uint8_t *output,
                                                    size_t output_size, size_t *output_length);
typedef psa_status_t picopsa_driver_cipher_abort_t(void *context);

/* One transparent driver: its mechanisms, then its entry points (NULL: not
 * provided; the message entry points come before the dispatch layer hashes
 * a hash-and-sign message, the hash ones after) and its bignum engine
 * (NULL: none; an engine is not bound to the mechanisms: it serves every
 * RSA operation whose modulus size it takes). */
typedef struct {
    const char *name;
    const picopsa_driver_mechanism_t *mechanisms;
    size_t mechanism_count;
    picopsa_driver_generate_key_t *generate_key;
    picopsa_driver_sign_hash_t *sign_hash;
    picopsa_driver_verify_hash_t *verify_hash;
    picopsa_driver_sign_message_t *sign_message;
    picopsa_driver_verify_message_t *verify_message;
    picopsa_driver_asymmetric_encrypt_t *asymmetric_encrypt;
    picopsa_driver_asymmetric_decrypt_t *asymmetric_decrypt;
    const picopsa_bn_engine_t *bn_engine;
    const picopsa_aes_engine_t *aes_engine; /* NULL: none; serves every AES key it takes */
    picopsa_driver_cipher_encrypt_t *cipher_encrypt;   /* psa_cipher_encrypt */
    picopsa_driver_cipher_decrypt_t *cipher_decrypt;   /* psa_cipher_decrypt */
    picopsa_driver_cipher_setup_t *cipher_encrypt_setup;   /* the multipart operation */
    picopsa_driver_cipher_setup_t *cipher_decrypt_setup;
    picopsa_driver_cipher_set_iv_t *cipher_set_iv;
    picopsa_driver_cipher_update_t *cipher_update;
    picopsa_driver_cipher_finish_t *cipher_finish;
    picopsa_driver_cipher_abort_t *cipher_abort;
} picopsa_transparent_driver_t;

/* Helpers for drivers (built only with PICOPSA_DRIVER_LIST): the software's
 * export of a key buffer in the PSA format (public_only: the public key),
 * and its import into a key buffer (for a driver's generate_key). */
psa_status_t picopsa_driver_export_key(const psa_key_attributes_t *attributes,
                                       const uint8_t *key_buffer, size_t key_buffer_size,
                                       int public_only, uint8_t *data, size_t data_size,
                                       size_t *data_length);
psa_status_t picopsa_driver_import_key(const psa_key_attributes_t *attributes,
                                       const uint8_t *data, size_t data_length,
                                       uint8_t *key_buffer, size_t key_buffer_size,
                                       size_t *key_buffer_length);

#ifdef __cplusplus
}
#endif

#endif /* PICOPSA_DRIVER_H */
