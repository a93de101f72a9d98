/*
 * dispatch_key_management.c -- key creation and export (PSA 1.2 9.6)
 * routed to the driver of the key type: raw keys (HMAC, AES, CHACHA20,
 * XCHACHA20, RAW_DATA, DERIVE, PASSWORD, PASSWORD_HASH, PEPPER) are the core's own built-in "driver"
 * (their bytes are the key buffer), Ed25519, P-256, P-384, ML-KEM, LMS/HSS and RSA keys go to
 * software families (pp_drivers.h). A type whose family is not built
 * reaches no driver: PSA_ERROR_NOT_SUPPORTED.
 */
#include "dispatch/pp_dispatch.h"
#include "dispatch/pp_drivers.h"
#include "dispatch/pp_key_buffer.h"   /* PP_RSA_KEY_MATERIAL_SIZE */
#include "dispatch/pp_accel.h"
#include "random/pp_random.h"

#include <string.h>

/* The driver of a key type. Only the routes of built families exist, so
 * a configured-out family is never called from here. */
enum key_route { ROUTE_NONE, ROUTE_RAW, ROUTE_EDDSA, ROUTE_RSA, ROUTE_X25519, ROUTE_SECP_R1,
                 ROUTE_MLKEM, ROUTE_LMS, ROUTE_MLDSA };

static enum key_route route_of(psa_key_type_t type)
{
    switch (type) {
#if PSA_WANT_KEY_TYPE_HMAC
    case PSA_KEY_TYPE_HMAC:
#endif
#if PSA_WANT_KEY_TYPE_AES
    case PSA_KEY_TYPE_AES:
#endif
#if PSA_WANT_KEY_TYPE_CHACHA20
    case PSA_KEY_TYPE_CHACHA20:
#endif
#if PSA_WANT_KEY_TYPE_XCHACHA20
    case PSA_KEY_TYPE_XCHACHA20:
#endif
    case PSA_KEY_TYPE_RAW_DATA:
    case PSA_KEY_TYPE_DERIVE:
    case PSA_KEY_TYPE_PASSWORD:
    case PSA_KEY_TYPE_PASSWORD_HASH:
    case PSA_KEY_TYPE_PEPPER:
        return ROUTE_RAW;
#if PP_DRIVER_RSA
    case PSA_KEY_TYPE_RSA_PUBLIC_KEY:
#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR
    case PSA_KEY_TYPE_RSA_KEY_PAIR:
#endif
        return ROUTE_RSA;
#endif
#if PP_DRIVER_MLKEM
    case PSA_KEY_TYPE_ML_KEM_KEY_PAIR:
    case PSA_KEY_TYPE_ML_KEM_PUBLIC_KEY:
        return ROUTE_MLKEM;
#endif
#if PP_DRIVER_MLDSA
    case PSA_KEY_TYPE_ML_DSA_KEY_PAIR:
    case PSA_KEY_TYPE_ML_DSA_PUBLIC_KEY:
        return ROUTE_MLDSA;
#endif
    /* 1.3 PQC extension 2.5.1: public keys only (no pair types exist);
     * each type with its algorithm. */
#if PSA_WANT_ALG_LMS
    case PSA_KEY_TYPE_LMS_PUBLIC_KEY:
        return ROUTE_LMS;
#endif
#if PSA_WANT_ALG_HSS
    case PSA_KEY_TYPE_HSS_PUBLIC_KEY:
        return ROUTE_LMS;
#endif
    default:
        break;
    }
#if PP_DRIVER_EDDSA
    if (PSA_KEY_TYPE_IS_ECC(type) &&
        PSA_KEY_TYPE_ECC_GET_FAMILY(type) == PSA_ECC_FAMILY_TWISTED_EDWARDS) {
        return ROUTE_EDDSA;
    }
#endif
#if PP_DRIVER_X25519
    if (PSA_KEY_TYPE_IS_ECC(type) &&
        PSA_KEY_TYPE_ECC_GET_FAMILY(type) == PSA_ECC_FAMILY_MONTGOMERY) {
        return ROUTE_X25519;
    }
#endif
#if PP_DRIVER_P256 || PP_DRIVER_P384
    /* Every SECP_R1 size reaches a driver (secp_r1_driver): it tells its
     * curve from the curves that are not built (NOT_SUPPORTED). */
    if (PSA_KEY_TYPE_IS_ECC(type) && PSA_KEY_TYPE_ECC_GET_FAMILY(type) == PSA_ECC_FAMILY_SECP_R1) {
        return ROUTE_SECP_R1;
    }
#endif
    return ROUTE_NONE;
}

#if PP_DRIVER_P256 || PP_DRIVER_P384
/* The SECP_R1 driver of a key (pp_drivers.h, PP_SECP_R1_IS_384):
 * data_length is an import's length (0 otherwise, the size is then in
 * the attributes). *layout gets the driver's key layout. */
static picopsa_driver_import_key_t *secp_r1_driver(const psa_key_attributes_t *attributes,
                                                   size_t data_length,
                                                   const pp_fixed_key_layout **layout)
{
#if PP_DRIVER_P384
#if PP_DRIVER_P256
    if (!PP_SECP_R1_IS_384(attributes, data_length)) {
        *layout = &pp_p256_key_layout;
        return pp_p256_import_key;
    }
#endif
    (void)attributes;
    (void)data_length;
    *layout = &pp_p384_key_layout;
    return pp_p384_import_key;
#else
    (void)attributes;
    (void)data_length;
    *layout = &pp_p256_key_layout;
    return pp_p256_import_key;
#endif
}
#endif

/* Cipher keys have the sizes of their algorithm: AES 128, 192 or 256 bits
 * (FIPS 197 5), and 384 or 512 when XTS is built (PSA 1.2
 * PSA_KEY_TYPE_AES: AES-192-XTS and AES-256-XTS keys; 256 is AES-128-XTS),
 * ChaCha20 and XChaCha20 256 bits (RFC 8439 2.3); any other size is not a
 * valid key of the type (spec 9.6.2, psa_import_key: INVALID_ARGUMENT,
 * "the key size is not valid for the key type"; 9.6.3 likewise for
 * generation). */
static int raw_size_valid(psa_key_type_t type, size_t raw_bytes)
{
    if (type == PSA_KEY_TYPE_AES) {
        return raw_bytes == 16u || raw_bytes == 24u || raw_bytes == 32u ||
               (PSA_WANT_ALG_XTS && (raw_bytes == 48u || raw_bytes == 64u));
    }
    if (type == PSA_KEY_TYPE_CHACHA20 || type == PSA_KEY_TYPE_XCHACHA20) {
        return raw_bytes == 32u;
    }
    return raw_bytes != 0;
}

/* Buffer size of a new key; raw keys: 1..PP_RAW_KEY_MAX_BYTES (a longer
 * one fits no slot: NOT_SUPPORTED, spec 9.6.1: key size not supported). */
static psa_status_t buffer_size(psa_key_type_t type, size_t raw_bytes, size_t *size)
{
    *size = 0;
    switch (route_of(type)) {
    case ROUTE_RAW:
        if (!raw_size_valid(type, raw_bytes)) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        if (raw_bytes > PP_RAW_KEY_MAX_BYTES) {
            return PSA_ERROR_NOT_SUPPORTED;
        }
        *size = raw_bytes;
        return PSA_SUCCESS;
#if PP_DRIVER_EDDSA
    case ROUTE_EDDSA:
        *size = PP_EDDSA_KEY_PAIR_MATERIAL_SIZE;
        return PSA_SUCCESS;
#endif
#if PP_DRIVER_RSA
    case ROUTE_RSA:
        *size = PP_RSA_KEY_MATERIAL_SIZE;
        return PSA_SUCCESS;
#endif
#if PP_DRIVER_X25519
    case ROUTE_X25519:
        *size = PP_X25519_KEY_PAIR_MATERIAL_SIZE;
        return PSA_SUCCESS;
#endif
#if PP_DRIVER_P256 || PP_DRIVER_P384
    case ROUTE_SECP_R1:
        /* P-384: a 48-byte pair (import or generation) or a 97-byte
         * point; any other length fits P-256's buffer or is refused by
         * the driver before the buffer is used. */
        *size = (!PP_DRIVER_P256 || raw_bytes == 48u || raw_bytes == 97u)
                    ? (PP_DRIVER_P384 ? PP_P384_KEY_PAIR_MATERIAL_SIZE
                                      : PP_P256_KEY_PAIR_MATERIAL_SIZE)
                    : PP_P256_KEY_PAIR_MATERIAL_SIZE;
        return PSA_SUCCESS;
#endif
#if PP_DRIVER_MLKEM
    case ROUTE_MLKEM:
        /* The largest set's pair: the size is checked by the driver. */
        *size = PP_MLKEM_KEY_PAIR_MATERIAL_MAX;
        return PSA_SUCCESS;
#endif
#if PP_DRIVER_MLDSA
    case ROUTE_MLDSA:
        *size = PP_MLDSA_KEY_PAIR_MATERIAL_MAX;   /* the driver checks the size */
        return PSA_SUCCESS;
#endif
#if PP_DRIVER_LMS
    case ROUTE_LMS:
        *size = PP_LMS_KEY_MATERIAL_MAX;
        return PSA_SUCCESS;
#endif
    default:
        return PSA_ERROR_NOT_SUPPORTED;
    }
}

psa_status_t pp_dispatch_import_buffer_size(const psa_key_attributes_t *attributes,
                                            size_t data_length, size_t *size)
{
    return buffer_size(attributes->type, data_length, size);
}

psa_status_t pp_dispatch_generate_buffer_size(const psa_key_attributes_t *attributes,
                                              size_t custom_data_length, size_t *size)
{
    psa_key_type_t type = attributes->type;
    *size = 0;
    /* Spec 9.6.3: production parameters are defined for RSA key pairs
     * only (the public exponent); the RSA driver reads them. */
    if (custom_data_length != 0 && type != PSA_KEY_TYPE_RSA_KEY_PAIR) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (PSA_KEY_TYPE_IS_PUBLIC_KEY(type)) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* spec 9.6.3: generate a pair */
    }
    if (route_of(type) == ROUTE_RAW && (attributes->bits == 0 || attributes->bits % 8u != 0)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return buffer_size(type, PSA_BITS_TO_BYTES(attributes->bits), size);
}

/* ---- the raw-key built-in driver ----------------------------------------- */

static psa_status_t raw_import(const psa_key_attributes_t *attributes, const uint8_t *data,
                               size_t data_length, uint8_t *key_buffer, size_t key_buffer_size,
                               size_t *key_buffer_length, size_t *bits)
{
    (void)key_buffer_size;   /* pp_dispatch_import_buffer_size sized it */
    /* Spec 9.6.2: a size in the attributes must match the data. */
    if (attributes->bits != 0 && attributes->bits != PSA_BYTES_TO_BITS(data_length)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    memcpy(key_buffer, data, data_length);
    *key_buffer_length = data_length;
    *bits = PSA_BYTES_TO_BITS(data_length);
    return PSA_SUCCESS;
}

/* ---- entry points ----------------------------------------------------------- */

/* Seam for persistent keys and secure elements (issue 13): every entry
 * point below will first route by PSA_KEY_LIFETIME_GET_LOCATION(
 * attributes->lifetime); today only PSA_KEY_LOCATION_LOCAL_STORAGE exists
 * (key_management.c refuses other lifetimes), so the type alone decides.
 * Seam for accelerators (issue 11): an accelerator driver of a type is
 * tried here before the software family, which stays the fallback when it
 * returns PSA_ERROR_NOT_SUPPORTED: key generation (below, when the build
 * names drivers); import and export stay the software's, whose key buffer
 * every driver reads (docs/drivers.md). */

psa_status_t pp_dispatch_import_key(const psa_key_attributes_t *attributes, const uint8_t *data,
                                    size_t data_length, uint8_t *key_buffer,
                                    size_t key_buffer_size, size_t *key_buffer_length,
                                    size_t *bits)
{
    switch (route_of(attributes->type)) {
    case ROUTE_RAW:
        return raw_import(attributes, data, data_length, key_buffer, key_buffer_size,
                          key_buffer_length, bits);
#if PP_DRIVER_EDDSA
    case ROUTE_EDDSA:
        return pp_eddsa_import_key(attributes, data, data_length, key_buffer, key_buffer_size,
                                   key_buffer_length, bits);
#endif
#if PP_DRIVER_RSA
    case ROUTE_RSA:
        return pp_rsa_import_key(attributes, data, data_length, key_buffer, key_buffer_size,
                                 key_buffer_length, bits);
#endif
#if PP_DRIVER_X25519
    case ROUTE_X25519:
        return pp_x25519_import_key(attributes, data, data_length, key_buffer, key_buffer_size,
                                    key_buffer_length, bits);
#endif
#if PP_DRIVER_P256 || PP_DRIVER_P384
    case ROUTE_SECP_R1: {
        const pp_fixed_key_layout *l;
        return secp_r1_driver(attributes, data_length, &l)(attributes, data, data_length,
                                                           key_buffer, key_buffer_size,
                                                           key_buffer_length, bits);
    }
#endif
#if PP_DRIVER_MLKEM
    case ROUTE_MLKEM:
        return pp_mlkem_import_key(attributes, data, data_length, key_buffer, key_buffer_size,
                                   key_buffer_length, bits);
#endif
#if PP_DRIVER_MLDSA
    case ROUTE_MLDSA:
        return pp_mldsa_import_key(attributes, data, data_length, key_buffer, key_buffer_size,
                                   key_buffer_length, bits);
#endif
#if PP_DRIVER_LMS
    case ROUTE_LMS:
        return pp_lms_import_key(attributes, data, data_length, key_buffer, key_buffer_size,
                                 key_buffer_length, bits);
#endif
    default:
        return PSA_ERROR_NOT_SUPPORTED;
    }
}

psa_status_t pp_dispatch_generate_key(const psa_key_attributes_t *attributes,
                                      const uint8_t *custom_data, size_t custom_data_length,
                                      uint8_t *key_buffer, size_t key_buffer_size,
                                      size_t *key_buffer_length)
{
    /* pp_dispatch_generate_buffer_size has ruled out public keys, raw
     * sizes that are not whole bytes and custom data for other types. */
#if PICOPSA_DRIVERS
    /* Accelerator drivers first (docs/drivers.md). */
    psa_status_t status = pp_accel_generate_key(attributes, custom_data, custom_data_length,
                                                key_buffer, key_buffer_size, key_buffer_length);
    if (status != PSA_ERROR_NOT_SUPPORTED) {
        return status;
    }
#endif
    switch (route_of(attributes->type)) {
    case ROUTE_RAW: {
        size_t bytes = PSA_BITS_TO_BYTES(attributes->bits);
        *key_buffer_length = bytes;
        return pp_random_bytes(key_buffer, bytes);
    }
#if PP_DRIVER_EDDSA
    case ROUTE_EDDSA:
        return pp_fixed_key_generate(&pp_eddsa_key_layout, pp_eddsa_import_key, attributes,
                                     key_buffer, key_buffer_size, key_buffer_length);
#endif
#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR
    case ROUTE_RSA:
        return pp_rsa_generate_key(attributes, custom_data, custom_data_length, key_buffer,
                                   key_buffer_size, key_buffer_length);
#endif
#if PP_DRIVER_X25519
    case ROUTE_X25519:
        return pp_fixed_key_generate(&pp_x25519_key_layout, pp_x25519_import_key, attributes,
                                     key_buffer, key_buffer_size, key_buffer_length);
#endif
#if PP_DRIVER_P256 || PP_DRIVER_P384
    case ROUTE_SECP_R1: {
        const pp_fixed_key_layout *l;
        picopsa_driver_import_key_t *import_key = secp_r1_driver(attributes, 0, &l);
        return pp_fixed_key_generate(l, import_key, attributes, key_buffer, key_buffer_size,
                                     key_buffer_length);
    }
#endif
#if PP_DRIVER_MLKEM
    case ROUTE_MLKEM: {
        /* PQC 2.2.1: key_bits 512 / 768 / 1024 (spec 9.6.3: another size
         * is INVALID_ARGUMENT); FIPS 203 Alg. 19: d || z from the RNG. */
        const pp_fixed_key_layout *l = pp_mlkem_key_layout(attributes->bits);
        if (l == NULL) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        return pp_fixed_key_generate(l, pp_mlkem_import_key, attributes, key_buffer,
                                     key_buffer_size, key_buffer_length);
    }
#endif
#if PP_DRIVER_MLDSA
    case ROUTE_MLDSA: {
        /* PQC 2.3.1: key_bits 128 / 192 / 256 (spec 9.6.3: another size is
         * INVALID_ARGUMENT); FIPS 204 Alg. 1: xi from the RNG. */
        const pp_fixed_key_layout *l = pp_mldsa_key_layout(attributes->bits);
        if (l == NULL) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        return pp_fixed_key_generate(l, pp_mldsa_import_key, attributes, key_buffer,
                                     key_buffer_size, key_buffer_length);
    }
#endif
    default:
        (void)custom_data;
        (void)custom_data_length;
        (void)key_buffer_size;
        return PSA_ERROR_NOT_SUPPORTED;
    }
}

psa_status_t pp_dispatch_export(const psa_key_attributes_t *attributes, const uint8_t *key_buffer,
                                size_t key_buffer_size, int public_only, uint8_t *data,
                                size_t data_size, size_t *data_length)
{
    switch (route_of(attributes->type)) {
    case ROUTE_RAW:
        if (public_only) {
            return PSA_ERROR_INVALID_ARGUMENT;   /* spec 9.6.8: not an asymmetric key */
        }
        if (data_size < key_buffer_size) {
            return PSA_ERROR_BUFFER_TOO_SMALL;
        }
        memcpy(data, key_buffer, key_buffer_size);
        *data_length = key_buffer_size;
        return PSA_SUCCESS;
#if PP_DRIVER_EDDSA
    case ROUTE_EDDSA:
        return pp_fixed_key_export(&pp_eddsa_key_layout, attributes, key_buffer, key_buffer_size,
                                   public_only, data, data_size, data_length);
#endif
#if PP_DRIVER_RSA
    case ROUTE_RSA:
        return (public_only ? pp_rsa_export_public_key : pp_rsa_export_key)(
            attributes, key_buffer, key_buffer_size, data, data_size, data_length);
#endif
#if PP_DRIVER_X25519
    case ROUTE_X25519:
        return pp_fixed_key_export(&pp_x25519_key_layout, attributes, key_buffer, key_buffer_size,
                                   public_only, data, data_size, data_length);
#endif
#if PP_DRIVER_P256 || PP_DRIVER_P384
    case ROUTE_SECP_R1: {
        const pp_fixed_key_layout *l;
        (void)secp_r1_driver(attributes, 0, &l);
        return pp_fixed_key_export(l, attributes, key_buffer, key_buffer_size, public_only, data,
                                   data_size, data_length);
    }
#endif
#if PP_DRIVER_MLKEM
    case ROUTE_MLKEM: {
        const pp_fixed_key_layout *l = pp_mlkem_key_layout(attributes->bits);
        if (l == NULL) {
            return PSA_ERROR_CORRUPTION_DETECTED;
        }
        return pp_fixed_key_export(l, attributes, key_buffer, key_buffer_size, public_only,
                                   data, data_size, data_length);
    }
#endif
#if PP_DRIVER_MLDSA
    case ROUTE_MLDSA: {
        const pp_fixed_key_layout *l = pp_mldsa_key_layout(attributes->bits);
        if (l == NULL) {
            return PSA_ERROR_CORRUPTION_DETECTED;
        }
        return pp_fixed_key_export(l, attributes, key_buffer, key_buffer_size, public_only,
                                   data, data_size, data_length);
    }
#endif
#if PP_DRIVER_LMS
    case ROUTE_LMS:
        return pp_lms_export_key(attributes, key_buffer, key_buffer_size, data, data_size,
                                 data_length);
#endif
    default:
        return PSA_ERROR_NOT_SUPPORTED;
    }
}
