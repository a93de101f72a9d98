/*
 * key_record.c -- encode and parse the key record header
 * (storage/pp_key_record.h has the format).
 */
#include "storage/pp_its.h"
#include "storage/pp_key_record.h"

#if PP_ITS_BUILT

#include <string.h>

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

void pp_key_record_header_write(uint8_t *header, const psa_key_attributes_t *attributes,
                                size_t material_length, uint32_t serial)
{
    memcpy(header, "PPKY", 4);
    header[4] = (uint8_t)PP_KEY_RECORD_VERSION;
    header[5] = 0;
    header[6] = (uint8_t)PP_KEY_RECORD_HEADER_SIZE;
    header[7] = 0;
    put32(header + 8, attributes->lifetime);
    put32(header + 12, attributes->type);
    put32(header + 16, (uint32_t)attributes->bits);
    put32(header + 20, attributes->usage);
    put32(header + 24, attributes->alg);
    put32(header + 28, (uint32_t)material_length);
    put32(header + 32, attributes->id);
    put32(header + 36, serial);
}

psa_status_t pp_key_record_header_read(const uint8_t *header, size_t record_size,
                                       psa_key_attributes_t *attributes, uint32_t *serial,
                                       size_t *material_offset, size_t *material_length)
{
    size_t header_size = (size_t)header[6] | ((size_t)header[7] << 8);
    uint32_t type = get32(header + 12), length = get32(header + 28);

    if (record_size < PP_KEY_RECORD_HEADER_SIZE || memcmp(header, "PPKY", 4) != 0 ||
        header[4] != PP_KEY_RECORD_VERSION || header[5] != 0 ||
        header_size < PP_KEY_RECORD_HEADER_SIZE || header_size > record_size ||
        length != record_size - header_size || type > 0xffffu) {
        return PSA_ERROR_DATA_INVALID;
    }
    attributes->lifetime = get32(header + 8);
    attributes->type = (psa_key_type_t)type;
    attributes->bits = get32(header + 16);
    attributes->usage = get32(header + 20);
    attributes->alg = get32(header + 24);
    attributes->id = get32(header + 32);
    *serial = get32(header + 36);
    *material_offset = header_size;
    *material_length = length;
    return PSA_SUCCESS;
}

#else
typedef int pp_key_record_empty; /* ISO C: a translation unit is not empty */
#endif
