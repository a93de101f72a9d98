/* ctest-label: slow */
/*
 * test_its_flash_nozero.c -- test_its_flash.c again with
 * PICOPSA_FLASH_ZERO_OVERWRITE=0 (no scrub of records that no longer
 * count): the same fault models, campaigns and invariants.
 */
#define PICOPSA_FLASH_ZERO_OVERWRITE 0
#include "test_its_flash.c"
