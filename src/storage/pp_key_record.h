/*
 * pp_key_record.h -- the on-storage format of a persistent key (one ITS
 * object per key, uid = PP_KEY_RECORD_UID(key id), in the range that the
 * public psa_its_* refuse: docs/storage.md "Key record format").
 *
 * Version 1, all integers little-endian:
 *   0  magic "PPKY"              4  format version (u16) = 1
 *   6  header size (u16) = 40    8  lifetime (u32)
 *   12 key type (u32; psa_key_type_t in the low 16 bits)
 *   16 bits (u32)   20 usage flags (u32, implied flags included)
 *   24 permitted algorithm (u32)  28 material length (u32)
 *   32 key id (u32: must match the uid)
 *   36 creation number (u32: the slot serial, so that a multi-part
 *      operation tells a re-created key from the destroyed one, 9.6.5)
 *   40 material: the key in the psa_export_key format of its type (spec
 *      9.6.x: raw bytes, the Ed25519 32-byte private key / public key,
 *      RSAPrivateKey / RSAPublicKey DER).
 * The export format, not the driver's key buffer: the buffer layout
 * (RSA limbs and Montgomery constants, the Ed25519 expansion) depends on
 * the build (32/64-bit limbs) and may change between releases; the export
 * format is fixed by the spec, so a key stored by this release loads in
 * any later one and on another build. A load re-imports the material
 * through the driver (which validates it again).
 * Readers accept version 1 and a header size >= 40 (a later minor
 * version may append header fields, which version-1 readers skip); any
 * other version or a malformed header is PSA_ERROR_DATA_INVALID.
 */
#ifndef PICOPSA_PP_KEY_RECORD_H
#define PICOPSA_PP_KEY_RECORD_H

#include <psa/crypto.h>

#define PP_KEY_RECORD_HEADER_SIZE 40u
#define PP_KEY_RECORD_VERSION 1u
/* The ITS uid of key `id`'s record (storage/pp_its.h: PP_ITS_UID_RESERVED). */
#define PP_KEY_RECORD_UID(id) (PP_ITS_UID_RESERVED | (psa_storage_uid_t)(id))

/* Write the 40-byte header for attributes (id included), material_length
 * and the creation number. */
void pp_key_record_header_write(uint8_t *header, const psa_key_attributes_t *attributes,
                                size_t material_length, uint32_t serial);
/* Parse a header of at least 40 bytes that came from an object of
 * record_size bytes: the attributes (id included), the creation number,
 * the offset and length of the material. PSA_ERROR_DATA_INVALID when it
 * is not a version-1 record whose lengths add up. */
psa_status_t pp_key_record_header_read(const uint8_t *header, size_t record_size,
                                       psa_key_attributes_t *attributes, uint32_t *serial,
                                       size_t *material_offset, size_t *material_length);

#endif /* PICOPSA_PP_KEY_RECORD_H */
