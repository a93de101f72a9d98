/*
 * test_review_flash_remnant.c -- review finding R5
 * (docs/reviews/issues11-16.md): the flash ITS backend (its_flash.c)
 * "removes" an object by appending a removal record; the old record, with
 * the data in the clear, stays in flash until its sector is erased by a
 * later rotation. A destroyed persistent key (psa_destroy_key ->
 * pp_its_remove) can thus be read back from the flash part, against spec
 * 9.6.5 ("the implementation must make a best effort to ensure that the
 * key material cannot be recovered") and docs/storage.md ("psa_destroy_key
 * erases the record"). Overwriting a key record (psa_its_set of the same
 * uid) leaves the old value the same way.
 *
 * Fixed (docs/reviews/issues11-16.md, Status: the scrub of its_flash.c):
 * a reproduced finding prints "REVIEW FINDING reproduced" and fails the
 * test (exit 1).
 *
 * Geometry: 2 sectors of 4096 B, 4-byte words (the MCU default).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/pp_its.h"
#include "test_util.h"

#if PP_ITS_BUILT

#define PP_FLASH_STANDALONE_TEST 1
uint32_t pp_flash_test_geometry[3];
#include "storage/its_flash.c"

#define FLASH_BYTES (2u * 4096u)
static uint8_t flash[FLASH_BYTES];

int picopsa_flash_read(uint32_t address, uint8_t *data, size_t length)
{
    if ((size_t)address + length > FLASH_BYTES) {
        return -1;
    }
    memcpy(data, flash + address, length);
    return 0;
}

int picopsa_flash_program(uint32_t address, const uint8_t *data, size_t length)
{
    size_t i;
    if ((size_t)address + length > FLASH_BYTES) {
        return -1;
    }
    for (i = 0; i < length; i++) {
        flash[address + i] &= data[i];
    }
    return 0;
}

int picopsa_flash_erase(uint32_t sector)
{
    if (sector >= 2u) {
        return -1;
    }
    memset(flash + (size_t)sector * 4096u, 0xff, 4096u);
    return 0;
}

static int in_flash(const uint8_t *needle, size_t n)
{
    size_t i;
    for (i = 0; i + n <= FLASH_BYTES; i++) {
        if (memcmp(flash + i, needle, n) == 0) {
            return 1;
        }
    }
    return 0;
}

int main(void)
{
    /* A key record's material stand-in: 32 secret bytes. */
    static const uint8_t secret[32] = "destroyed key material, 32 byte";
    static const uint8_t other[32] = "a newer value of the same uid..";
    size_t size = 0;
    psa_storage_create_flags_t flags;
    int findings = 0;

    pp_flash_test_geometry[0] = 4096u;
    pp_flash_test_geometry[1] = 2u;
    pp_flash_test_geometry[2] = 4u;
    memset(flash, 0xff, sizeof(flash));

    CHECK_STATUS(pp_flash_test_write(0x101u, sizeof(secret), secret, 0), PSA_SUCCESS);
    CHECK(in_flash(secret, sizeof(secret)));   /* the scan itself works */
    CHECK_STATUS(pp_flash_test_remove(0x101u), PSA_SUCCESS);
    CHECK_STATUS(pp_flash_test_info(0x101u, &size, &flags), PSA_ERROR_DOES_NOT_EXIST);
    if (in_flash(secret, sizeof(secret))) {
        printf("REVIEW FINDING reproduced: R5: removed object's data still in flash\n");
        findings++;
    }

    memset(flash, 0xff, sizeof(flash));
    CHECK_STATUS(pp_flash_test_write(0x102u, sizeof(secret), secret, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_flash_test_write(0x102u, sizeof(other), other, 0), PSA_SUCCESS);
    if (in_flash(secret, sizeof(secret))) {
        printf("REVIEW FINDING reproduced: R5: overwritten object's old data still in flash\n");
        findings++;
    }

    if (test_failed != 0) {
        return test_report("review_flash_remnant");
    }
    if (findings != 0) {
        return 1;   /* a reproduced finding is a failure (fixed: docs/reviews) */
    }
    return test_report("review_flash_remnant");
}
#else
int main(void)
{
    return test_skip("review_flash_remnant", "no ITS backend");
}
#endif
