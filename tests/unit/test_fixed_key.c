/*
 * test_fixed_key.c -- the glue shared by the fixed-size key families
 * (pp_fixed_key_import / _export / _generate, dispatch/pp_drivers.h), on a
 * made-up family whose layout differs from every built one (a 64-byte
 * private part and an 800-byte public key at offset 96, as the ML-KEM and
 * ML-DSA keys of the next issues will have), so the helpers are shown to
 * take the layout's sizes and not Ed25519's 32 bytes:
 *  - import: bits 0 or the layout's, the export length of the type, a key
 *    buffer of the material length (INVALID_ARGUMENT, INSUFFICIENT_MEMORY),
 *    then the data at the start of the buffer, lengths and bits set;
 *  - export: a key buffer of the wrong length is CORRUPTION_DETECTED, a
 *    short output BUFFER_TOO_SMALL; a pair exports its private part, its
 *    public key from public_offset, a public key its buffer's start;
 *  - generation: a size the family lacks gets the family's import verdict
 *    (NOT_SUPPORTED passed on), another size INVALID_ARGUMENT, a short
 *    buffer INSUFFICIENT_MEMORY; refused draws are drawn again (each draw
 *    differs), 64 refusals are INSUFFICIENT_ENTROPY with the buffer wiped.
 */
#include "test_config.h"
#include "test_util.h"

#include <string.h>

#include <psa/crypto.h>

#include "dispatch/pp_drivers.h"

#if !PP_FIXED_KEY
int main(void)
{
    return test_skip("fixed_key", "no fixed-size key family (Ed25519, X25519, P-256) is built");
}
#else

#define FK_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS)
#define FK_PUBLIC PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_TWISTED_EDWARDS)
#define FK_PRIVATE 64u
#define FK_PUBLIC_SIZE 800u
#define FK_OFFSET 96u
#define FK_PAIR_MATERIAL (FK_OFFSET + FK_PUBLIC_SIZE)
#define FK_PUBLIC_MATERIAL (FK_PUBLIC_SIZE + 16u)

static const pp_fixed_key_layout fk_layout = { 768u, FK_PRIVATE, FK_PUBLIC_SIZE, FK_OFFSET,
                                               FK_PAIR_MATERIAL, FK_PUBLIC_MATERIAL };

/* The made-up family's import: 1024 bits is a size it does not build;
 * it refuses the first `refuse` draws, then derives a "public key". */
static unsigned refuse, imports;
static uint8_t last_draw[FK_PRIVATE];

static psa_status_t fk_import(const psa_key_attributes_t *attributes, const uint8_t *data,
                              size_t data_length, uint8_t *key_buffer, size_t key_buffer_size,
                              size_t *key_buffer_length, size_t *bits)
{
    psa_status_t status;
    size_t i;
    if (attributes->bits == 1024u) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    status = pp_fixed_key_import(&fk_layout, attributes, data, data_length, key_buffer,
                                 key_buffer_size, key_buffer_length, bits);
    if (status != PSA_SUCCESS) {
        return status;
    }
    imports++;
    if (PSA_KEY_TYPE_IS_KEY_PAIR(attributes->type)) {
        CHECK(memcmp(last_draw, key_buffer, FK_PRIVATE) != 0);   /* a fresh draw */
        memcpy(last_draw, key_buffer, FK_PRIVATE);
        if (refuse > 0) {
            refuse--;
            memset(key_buffer, 0, FK_PAIR_MATERIAL);
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        for (i = 0; i < FK_PUBLIC_SIZE; i++) {
            key_buffer[FK_OFFSET + i] = (uint8_t)(key_buffer[i % FK_PRIVATE] ^ 0x5a);
        }
    }
    return PSA_SUCCESS;
}

static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    while (n-- > 0) {
        acc |= *p++;
    }
    return acc == 0;
}

int main(void)
{
    static uint8_t key[FK_PAIR_MATERIAL + 8], data[FK_PUBLIC_SIZE + 8], out[FK_PUBLIC_SIZE + 8];
    psa_key_attributes_t pair = PSA_KEY_ATTRIBUTES_INIT, pub = PSA_KEY_ATTRIBUTES_INIT;
    size_t key_len = 0, bits = 0, out_len = 0, i;

    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    psa_set_key_type(&pair, FK_PAIR);
    psa_set_key_type(&pub, FK_PUBLIC);
    for (i = 0; i < sizeof(data); i++) {
        data[i] = (uint8_t)(i * 7u + 1u);
    }

    /* Import. */
    CHECK_STATUS(pp_fixed_key_import(&fk_layout, &pair, data, FK_PRIVATE - 1u, key, sizeof(key),
                                     &key_len, &bits), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_fixed_key_import(&fk_layout, &pub, data, FK_PRIVATE, key, sizeof(key),
                                     &key_len, &bits), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_fixed_key_import(&fk_layout, &pair, data, FK_PRIVATE, key,
                                     FK_PAIR_MATERIAL - 1u, &key_len, &bits),
                 PSA_ERROR_INSUFFICIENT_MEMORY);
    psa_set_key_bits(&pair, 512u);
    CHECK_STATUS(pp_fixed_key_import(&fk_layout, &pair, data, FK_PRIVATE, key, sizeof(key),
                                     &key_len, &bits), PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_bits(&pair, 768u);
    CHECK_STATUS(pp_fixed_key_import(&fk_layout, &pair, data, FK_PRIVATE, key, sizeof(key),
                                     &key_len, &bits), PSA_SUCCESS);
    CHECK(key_len == FK_PAIR_MATERIAL && bits == 768u && memcmp(key, data, FK_PRIVATE) == 0);
    CHECK_STATUS(pp_fixed_key_import(&fk_layout, &pub, data, FK_PUBLIC_SIZE, key, sizeof(key),
                                     &key_len, &bits), PSA_SUCCESS);   /* bits 0: from the data */
    CHECK(key_len == FK_PUBLIC_MATERIAL && bits == 768u && memcmp(key, data, FK_PUBLIC_SIZE) == 0);

    /* Export of the public key just imported, then of a pair. */
    CHECK_STATUS(pp_fixed_key_export(&fk_layout, &pub, key, FK_PUBLIC_MATERIAL, 1, out,
                                     FK_PUBLIC_SIZE, &out_len), PSA_SUCCESS);
    CHECK(out_len == FK_PUBLIC_SIZE && memcmp(out, data, FK_PUBLIC_SIZE) == 0);
    CHECK_STATUS(pp_fixed_key_export(&fk_layout, &pub, key, FK_PUBLIC_MATERIAL - 1u, 0, out,
                                     sizeof(out), &out_len), PSA_ERROR_CORRUPTION_DETECTED);
    CHECK_STATUS(pp_fixed_key_export(&fk_layout, &pub, key, FK_PUBLIC_MATERIAL, 0, out,
                                     FK_PUBLIC_SIZE - 1u, &out_len), PSA_ERROR_BUFFER_TOO_SMALL);
    refuse = 0;
    CHECK_STATUS(pp_fixed_key_generate(&fk_layout, fk_import, &pair, key, sizeof(key), &key_len),
                 PSA_SUCCESS);
    CHECK(key_len == FK_PAIR_MATERIAL);
    CHECK_STATUS(pp_fixed_key_export(&fk_layout, &pair, key, FK_PAIR_MATERIAL, 0, out, FK_PRIVATE,
                                     &out_len), PSA_SUCCESS);
    CHECK(out_len == FK_PRIVATE && memcmp(out, key, FK_PRIVATE) == 0);
    CHECK_STATUS(pp_fixed_key_export(&fk_layout, &pair, key, FK_PAIR_MATERIAL, 1, out,
                                     sizeof(out), &out_len), PSA_SUCCESS);
    CHECK(out_len == FK_PUBLIC_SIZE && memcmp(out, key + FK_OFFSET, FK_PUBLIC_SIZE) == 0);
    CHECK_STATUS(pp_fixed_key_export(&fk_layout, &pair, key, FK_PUBLIC_MATERIAL, 0, out,
                                     sizeof(out), &out_len), PSA_ERROR_CORRUPTION_DETECTED);

    /* Generation: sizes, redraws, and a family that refuses everything. */
    psa_set_key_bits(&pair, 1024u);
    CHECK_STATUS(pp_fixed_key_generate(&fk_layout, fk_import, &pair, key, sizeof(key), &key_len),
                 PSA_ERROR_NOT_SUPPORTED);
    psa_set_key_bits(&pair, 0u);
    CHECK_STATUS(pp_fixed_key_generate(&fk_layout, fk_import, &pair, key, sizeof(key), &key_len),
                 PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_bits(&pair, 768u);
    CHECK_STATUS(pp_fixed_key_generate(&fk_layout, fk_import, &pair, key, FK_PAIR_MATERIAL - 1u,
                                       &key_len), PSA_ERROR_INSUFFICIENT_MEMORY);
    imports = 0;
    refuse = 3;
    CHECK_STATUS(pp_fixed_key_generate(&fk_layout, fk_import, &pair, key, sizeof(key), &key_len),
                 PSA_SUCCESS);
    CHECK(imports == 4 && key[FK_OFFSET] == (uint8_t)(key[0] ^ 0x5a));
    imports = 0;
    refuse = 1000;
    memset(key, 0x11, sizeof(key));
    CHECK_STATUS(pp_fixed_key_generate(&fk_layout, fk_import, &pair, key, sizeof(key), &key_len),
                 PSA_ERROR_INSUFFICIENT_ENTROPY);
    CHECK(imports == 64 && all_zero(key, FK_PAIR_MATERIAL));
    return test_report("fixed_key");
}
#endif
