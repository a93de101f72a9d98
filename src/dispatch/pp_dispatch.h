/*
 * pp_dispatch.h -- the dispatch layer between the PSA front ends (src/core)
 * and the drivers (<picopsa/driver.h>; today the software families of
 * pp_drivers.h and the core's own raw-key storage).
 *
 * Contract:
 *  - The front end has checked the API shape (initialised library,
 *    pointer/length pairs, the algorithm's category, policy wildcards, the
 *    PKCS#1 v1.5 no-label rule) and, through the key slot, the usage policy
 *    and the permitted algorithm. It then passes the slot's attributes and
 *    key buffer here, never a key id.
 *  - The dispatch layer checks the rules that need the key's attributes
 *    (docs/ARCHITECTURE.md, "Which layer checks what"): the algorithm fits
 *    the key type (else PSA_ERROR_INVALID_ARGUMENT), a key pair for
 *    signing and decryption, the mechanism and its hash are built (else
 *    PSA_ERROR_NOT_SUPPORTED), the hash length, the signature and
 *    encryption output sizes; then it calls exactly one driver.
 *  - Routing is by preprocessor guards on PSA_WANT_*: a mechanism whose
 *    switch is 0 is neither called nor compiled here, at any optimisation
 *    level.
 *  - Errors: outputs may hold garbage; the front end wipes them.
 *  - The key buffer sizes that the slot pool provides are in
 *    dispatch/pp_key_buffer.h.
 */
#ifndef PICOPSA_PP_DISPATCH_H
#define PICOPSA_PP_DISPATCH_H

#include <psa/crypto.h>
#include <picopsa/config.h>
#include <picopsa/driver.h>

/* ---- key management (dispatch_key_management.c) ------------------------ */

/* Before a slot is taken: the key buffer size a new key needs, for an
 * import of data_length bytes or a generation of attributes->bits.
 * PSA_ERROR_NOT_SUPPORTED when no built driver takes the type; for raw
 * keys the size rules (empty: INVALID_ARGUMENT, larger than
 * PP_RAW_KEY_MAX_BYTES (pp_key_buffer.h): NOT_SUPPORTED, generation:
 * whole bytes);
 * generation: INVALID_ARGUMENT for a public key type and for custom data
 * with a type other than an RSA key pair (spec 9.6.3). */
psa_status_t pp_dispatch_import_buffer_size(const psa_key_attributes_t *attributes,
                                            size_t data_length, size_t *size);
psa_status_t pp_dispatch_generate_buffer_size(const psa_key_attributes_t *attributes,
                                              size_t custom_data_length, size_t *size);

/* The driver entry points, with the signatures of <picopsa/driver.h>. */
picopsa_driver_import_key_t pp_dispatch_import_key;
picopsa_driver_generate_key_t pp_dispatch_generate_key;
/* psa_export_key (public_only == 0) and psa_export_public_key. */
psa_status_t pp_dispatch_export(const psa_key_attributes_t *attributes, const uint8_t *key_buffer,
                                size_t key_buffer_size, int public_only, uint8_t *data,
                                size_t data_size, size_t *data_length);

/* ---- signatures (dispatch_sign.c) -------------------------------------- */

/* The four signature functions, one entry with the driver entry-point
 * arguments plus the operation (so the checks exist once: Cortex-M flash
 * and stack): op has PP_DISPATCH_SIGN to sign into (signature,
 * signature_size, *signature_length) like the driver's sign_hash /
 * sign_message, else verifies (sig_in, sig_in_length) like verify_hash /
 * verify_message; PP_DISPATCH_MESSAGE: input is the message, else its
 * hash. */
#define PP_DISPATCH_SIGN 1u
#define PP_DISPATCH_MESSAGE 2u
psa_status_t pp_dispatch_signature(unsigned op, const psa_key_attributes_t *attributes,
                                   const uint8_t *key_buffer, size_t key_buffer_size,
                                   psa_algorithm_t alg, const uint8_t *input, size_t input_length,
                                   uint8_t *signature, size_t signature_size,
                                   size_t *signature_length, const uint8_t *sig_in,
                                   size_t sig_in_length);

/* ---- asymmetric encryption (dispatch_asymmetric.c) ---------------------- */

/* psa_asymmetric_encrypt (encrypt != 0) and psa_asymmetric_decrypt, then
 * the driver's asymmetric_encrypt / _decrypt (signatures of
 * <picopsa/driver.h> plus the flag: one copy of the checks). */
psa_status_t pp_dispatch_asymmetric_crypt(const psa_key_attributes_t *attributes,
                                          const uint8_t *key_buffer, size_t key_buffer_size,
                                          psa_algorithm_t alg, int encrypt, const uint8_t *input,
                                          size_t input_length, const uint8_t *salt,
                                          size_t salt_length, uint8_t *output,
                                          size_t output_size, size_t *output_length);

/* ---- key agreement (dispatch_key_agreement.c) --------------------------- */

/* psa_raw_key_agreement and the agreements of psa_key_agreement and
 * psa_key_derivation_key_agreement: alg is the raw agreement (the front end
 * split off the KDF). Checks: alg is PSA_ALG_ECDH (FFDH: NOT_SUPPORTED,
 * anything else INVALID_ARGUMENT), the key is an ECC key pair
 * (INVALID_ARGUMENT), its curve built (NOT_SUPPORTED), out_size >=
 * PSA_RAW_KEY_AGREEMENT_OUTPUT_SIZE (BUFFER_TOO_SMALL); then the curve's
 * driver (picopsa_driver_key_agreement_t). */
picopsa_driver_key_agreement_t pp_dispatch_key_agreement;

/* ---- key encapsulation (dispatch_kem.c) --------------------------------- */

/* psa_encapsulate / psa_decapsulate (Crypto API 1.3 10.10.2), with the
 * driver entry-point shape of <picopsa/driver.h>. Checks: alg is
 * PSA_ALG_ML_KEM (another key-encapsulation algorithm: NOT_SUPPORTED), the
 * key an ML-KEM key, a pair for decapsulation (INVALID_ARGUMENT), the
 * ciphertext buffer >= PSA_ENCAPSULATE_CIPHERTEXT_SIZE (BUFFER_TOO_SMALL);
 * the secret buffer holds PP_KEM_SHARED_SECRET_SIZE bytes. Then the
 * driver (pp_mlkem_encapsulate / _decapsulate). Built with
 * PSA_WANT_ALG_ML_KEM. */
#define PP_KEM_SHARED_SECRET_SIZE 32u   /* ML-KEM's K (FIPS 203 Alg. 20, 21) */
#if PSA_WANT_ALG_ML_KEM
picopsa_driver_encapsulate_t pp_dispatch_encapsulate;
picopsa_driver_decapsulate_t pp_dispatch_decapsulate;
#endif

/* ---- unauthenticated ciphers (dispatch_cipher.c) ------------------------ */

/* Setup of a cipher operation on a slot's key: alg is a cipher algorithm
 * (the front end checked PSA_ALG_IS_CIPHER). INVALID_ARGUMENT when alg
 * does not fit the key type, NOT_SUPPORTED when the pair is not built;
 * then the mode's setup (src/cipher/cipher.h) on ctx. */
psa_status_t pp_dispatch_cipher_setup(picopsa_cipher_context *ctx,
                                      const psa_key_attributes_t *attributes,
                                      const uint8_t *key_buffer, size_t key_buffer_size,
                                      psa_algorithm_t alg, int encrypt);
#if PICOPSA_DRIVERS
/* The single-part cipher (psa_cipher_encrypt / _decrypt) offered to the
 * drivers of PICOPSA_DRIVER_LIST (pp_accel_cipher) after the front end's
 * checks and a successful pp_dispatch_cipher_setup on the same key:
 * NOT_SUPPORTED means no driver took it (the software runs it). */
psa_status_t pp_dispatch_cipher_driver(const psa_key_attributes_t *attributes,
                                       const uint8_t *key_buffer, size_t key_buffer_size,
                                       psa_algorithm_t alg, int encrypt, const uint8_t *iv,
                                       size_t iv_length, const uint8_t *input,
                                       size_t input_length, uint8_t *output, size_t output_size,
                                       size_t *output_length);
#endif

/* ---- AEAD (dispatch_aead.c) ---------------------------------------------- */

/* Setup of an AEAD operation on a slot's key: alg is an AEAD algorithm
 * with its tag length (the front end checked PSA_ALG_IS_AEAD and refused
 * the policy wildcard). INVALID_ARGUMENT when alg does not fit the key
 * type, NOT_SUPPORTED when the pair is not built (pp_dispatch_aead_key_fits,
 * which the one-shot calls' direct ChaCha20-Poly1305 path of
 * src/core/psa_aead.c also uses); then src/aead's setup. */
psa_status_t pp_dispatch_aead_key_fits(psa_key_type_t type, psa_algorithm_t alg);
psa_status_t pp_dispatch_aead_setup(picopsa_aead_context *ctx,
                                    const psa_key_attributes_t *attributes,
                                    const uint8_t *key_buffer, size_t key_buffer_size,
                                    psa_algorithm_t alg, int encrypt);

#endif /* PICOPSA_PP_DISPATCH_H */
