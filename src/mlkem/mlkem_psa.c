/*
 * mlkem_psa.c -- the ML-KEM software driver: the pp_mlkem_* entry points of
 * dispatch/pp_drivers.h with the contract of <picopsa/driver.h>, for the
 * key types and algorithm of the Crypto API 1.3 PQC extension (beta,
 * 2.2: PSA_KEY_TYPE_ML_KEM_KEY_PAIR / _PUBLIC_KEY, PSA_ALG_ML_KEM) and the
 * 1.3 key-encapsulation functions (10.10.2). Compiled only with
 * PSA_WANT_ALG_ML_KEM.
 *
 * Key material (the slot buffer, pp_drivers.h):
 *  - key pair: the 64-byte seed d || z, the export format (PQC 2.2.1
 *    "Key format"), then dk = ML-KEM.KeyGen_internal(d, z)'s decapsulation
 *    key (FIPS 203 Alg. 16), computed once at import; ek is the copy inside
 *    dk (dk + 384 k), so the public export and encapsulation read it there.
 *    The extension's implementation note recommends keeping the seed with
 *    dk for export and copy, which this does.
 *  - public key: ek, checked at import as FIPS 203 7.2 requires (length,
 *    every ByteDecode_12 value below q: pp_mlkem_check_ek).
 *
 * Checked here: key_bits (512, 768, 1024; a pair needs it, since every
 * seed is 64 bytes, so a pair with key_bits 0 is INVALID_ARGUMENT; a
 * public key with 0 takes the set from its length), ek's 7.2 checks
 * (INVALID_ARGUMENT), the key buffer length (CORRUPTION_DETECTED), the
 * ciphertext length (pp_mlkem_decaps: INVALID_ARGUMENT, the 10.10.2
 * "obviously invalid" ciphertext). The dispatch layer (dispatch_kem.c)
 * has checked the algorithm, the key type and the output sizes.
 *
 * Secrets: the seed, dk, m and the shared secret; the primitive is constant
 * time in them (mlkem.h). m is drawn here and wiped.
 */
#include <psa/crypto.h>

#include <string.h>

#include "common/pp_util.h"
#include "dispatch/pp_drivers.h"
#include "mlkem/mlkem.h"
#include "random/pp_random.h"

#if PP_DRIVER_MLKEM

#define SEED PP_MLKEM_SEED_BYTES
/* A layout per parameter set: bits, seed, ek, ek inside the pair's buffer
 * (seed, then dk_pke of 384 k bytes), the two buffer lengths. */
#define LAYOUT(k)                                                                        \
    {(uint16_t)(256u * (k)), SEED, (uint16_t)PP_MLKEM_EK_BYTES(k),                       \
     (uint16_t)(SEED + 384u * (k)), (uint16_t)PP_MLKEM_PAIR_MATERIAL_SIZE(k),            \
     (uint16_t)PP_MLKEM_PUBLIC_MATERIAL_SIZE(k)}
static const pp_fixed_key_layout layouts[3] = {LAYOUT(2u), LAYOUT(3u), LAYOUT(4u)};

const pp_fixed_key_layout *pp_mlkem_key_layout(size_t bits)
{
    switch (bits) {
    case 512:
        return &layouts[0];
    case 768:
        return &layouts[1];
    case 1024:
        return &layouts[2];
    default:
        return NULL;
    }
}

psa_status_t pp_mlkem_import_key(const psa_key_attributes_t *attributes, const uint8_t *data,
                                 size_t data_length, uint8_t *key_buffer,
                                 size_t key_buffer_size, size_t *key_buffer_length,
                                 size_t *bits)
{
    int pair = PSA_KEY_TYPE_IS_KEY_PAIR(attributes->type);
    size_t want = attributes->bits;
    const pp_fixed_key_layout *l;
    const pp_mlkem_params *p;
    psa_status_t status;

    if (!pair && want == 0) {
        /* Spec 9.6.1: the data gives the size; ek's length names the set. */
        want = data_length == PP_MLKEM512_EK_BYTES    ? 512u
               : data_length == PP_MLKEM768_EK_BYTES  ? 768u
               : data_length == PP_MLKEM1024_EK_BYTES ? 1024u
                                                      : 0u;
    }
    /* PQC 2.2.1: key_bits 512 / 768 / 1024; anything else (a pair's 0
     * included: its seed cannot tell) is not a valid ML-KEM key. */
    l = pp_mlkem_key_layout(want);
    if (l == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    p = pp_mlkem_params_for(l->bits);
    /* FIPS 203 7.2: the type check (length) and the modulus check of ek. */
    if (!pair && pp_mlkem_check_ek(p, data, data_length) != PSA_SUCCESS) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_fixed_key_import(l, attributes, data, data_length, key_buffer, key_buffer_size,
                                 key_buffer_length, bits);
    if (status == PSA_SUCCESS && pair) {
        /* dk = KeyGen_internal(d, z); its ek is written in place (mlkem.h). */
        status = pp_mlkem_keygen_seed(p, key_buffer, SEED, key_buffer + l->public_offset,
                                      key_buffer + SEED);
        if (status != PSA_SUCCESS) {
            pp_wipe(key_buffer, l->pair_material);
        }
    }
    return status;
}

/* The layout of a slot's key, or NULL when the buffer does not have its
 * length (a corrupted slot). */
static const pp_fixed_key_layout *layout_of(const psa_key_attributes_t *attributes,
                                            size_t key_buffer_size)
{
    const pp_fixed_key_layout *l = pp_mlkem_key_layout(attributes->bits);
    size_t need;
    if (l == NULL) {
        return NULL;
    }
    need = PSA_KEY_TYPE_IS_KEY_PAIR(attributes->type) ? l->pair_material : l->public_material;
    return key_buffer_size == need ? l : NULL;
}

psa_status_t pp_mlkem_encapsulate(const psa_key_attributes_t *attributes,
                                  const uint8_t *key_buffer, size_t key_buffer_size,
                                  psa_algorithm_t alg, uint8_t *shared_secret,
                                  size_t shared_secret_size, size_t *shared_secret_length,
                                  uint8_t *ciphertext, size_t ciphertext_size,
                                  size_t *ciphertext_length)
{
    const pp_fixed_key_layout *l = layout_of(attributes, key_buffer_size);
    const pp_mlkem_params *p;
    uint8_t m[PP_MLKEM_MSG_BYTES];
    psa_status_t status;
    (void)alg;
    (void)shared_secret_size;
    (void)ciphertext_size;
    if (l == NULL) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    p = pp_mlkem_params_for(l->bits);
    /* FIPS 203 Alg. 20: m from the RBG, then Encaps_internal (with the 7.2
     * checks once more: ek is in the key store, checked at import). */
    status = pp_random_bytes(m, sizeof(m));
    if (status == PSA_SUCCESS) {
        status = pp_mlkem_encaps_internal(
            p, key_buffer + (PSA_KEY_TYPE_IS_KEY_PAIR(attributes->type) ? l->public_offset : 0u),
            l->public_size, m, shared_secret, ciphertext);
    }
    pp_wipe(m, sizeof(m));
    if (status == PSA_SUCCESS) {
        *shared_secret_length = PP_MLKEM_SS_BYTES;
        *ciphertext_length = pp_mlkem_ct_bytes(p);
    }
    return status;
}

psa_status_t pp_mlkem_decapsulate(const psa_key_attributes_t *attributes,
                                  const uint8_t *key_buffer, size_t key_buffer_size,
                                  psa_algorithm_t alg, const uint8_t *ciphertext,
                                  size_t ciphertext_length, uint8_t *shared_secret,
                                  size_t shared_secret_size, size_t *shared_secret_length)
{
    const pp_fixed_key_layout *l = layout_of(attributes, key_buffer_size);
    psa_status_t status;
    (void)alg;
    (void)shared_secret_size;
    if (l == NULL || !PSA_KEY_TYPE_IS_KEY_PAIR(attributes->type)) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    /* FIPS 203 Alg. 21 with the 7.3 checks (c's length: INVALID_ARGUMENT);
     * a ciphertext that does not re-encrypt gives the implicit-rejection
     * key with PSA_SUCCESS (10.10.2 allows it: "an incorrect, pseudorandom
     * key is output"). */
    status = pp_mlkem_decaps(pp_mlkem_params_for(l->bits), key_buffer + SEED,
                             key_buffer_size - SEED, ciphertext, ciphertext_length,
                             shared_secret);
    if (status == PSA_SUCCESS) {
        *shared_secret_length = PP_MLKEM_SS_BYTES;
    }
    return status;
}

#else
/* ISO C needs a declaration in every translation unit. */
typedef int pp_mlkem_psa_unused_t;
#endif /* PP_DRIVER_MLKEM */
