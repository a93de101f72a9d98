/*
 * pp_key_record.h -- the on-storage format of a persistent key (one ITS
 * object per key, uid = key id; docs/storage.md "Key record format").
 *
 * Version 1, all integers little-endian:
 *   0  magic "PPKY"              4  format version (u16) = 1
 *   6  header size (u16) = 32    8  lifetime (u32)
 *   12 key type (u32; psa_key_type_t in the low 16 bits)
 *   16 bits (u32)   20 usage flags (u32, implied flags included)
 *   24 permitted algorithm (u32)  28 material length (u32)
 *   32 material: the key in the psa_export_key format of its type (spec
 *      9.6.x: raw bytes, the Ed25519 32-byte private key / public key,
 *      RSAPrivateKey / RSAPublicKey DER).
 * The export format, not the driver's key buffer: the buffer layout
 * (RSA limbs and Montgomery constants, the Ed25519 expansion) depends on
 * the build (32/64-bit limbs) and may change between releases; the export
 * format is fixed by the spec, so a key stored by this release loads in
 * any later one and on another build. A load re-imports the material
 * through the driver (which validates it again).
 * Readers accept version 1 and a header size >= 32 (a later minor
 * version may append header fields, which version-1 readers skip); any
 * other version or a malformed header is PSA_ERROR_DATA_INVALID.
 */
#ifndef PICOPSA_PP_KEY_RECORD_H
#define PICOPSA_PP_KEY_RECORD_H

#include <psa/crypto.h>

#define PP_KEY_RECORD_HEADER_SIZE 32u
#define PP_KEY_RECORD_VERSION 1u

/* Write the 32-byte header for attributes and material_length. */
void pp_key_record_header_write(uint8_t *header, const psa_key_attributes_t *attributes,
                                size_t material_length);
/* Parse a header of header_length (>= 32) bytes that came from an object
 * of record_size bytes: the attributes (id untouched), the offset and
 * length of the material. PSA_ERROR_DATA_INVALID when it is not a
 * version-1 record whose lengths add up. */
psa_status_t pp_key_record_header_read(const uint8_t *header, size_t record_size,
                                       psa_key_attributes_t *attributes,
                                       size_t *material_offset, size_t *material_length);

#endif /* PICOPSA_PP_KEY_RECORD_H */
