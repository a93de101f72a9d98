/*
 * picopsa/flash_hal.h -- the flash the PICOPSA_ITS_FLASH backend
 * (src/storage/its_flash.c) stores into. The integrator implements these
 * three functions for its part (docs/storage.md "Porting the flash HAL").
 *
 * Geometry (picopsa/config.h, storage section):
 *   PICOPSA_FLASH_SECTOR_SIZE   bytes per erase sector (>= 256, a multiple
 *                               of the word size)
 *   PICOPSA_FLASH_SECTOR_COUNT  sectors given to the store (>= 2)
 *   PICOPSA_FLASH_WORD_SIZE     program unit in bytes: 1, 2, 4 or 8
 * Addresses are byte offsets from the start of the store's area (sector k
 * starts at k * PICOPSA_FLASH_SECTOR_SIZE).
 *
 *   int picopsa_flash_read(uint32_t address, uint8_t *data, size_t length);
 *     Copy length bytes (any alignment) to data. 0 = success.
 *   int picopsa_flash_program(uint32_t address, const uint8_t *data, size_t length);
 *     Program length bytes; address and length are multiples of the word
 *     size and the target words are erased, except that with
 *     PICOPSA_FLASH_ZERO_OVERWRITE=1 (default) all-zero data is also
 *     programmed over words of records that no longer count (a failure
 *     there is ignored; docs/storage.md). NOR semantics: programming only
 *     clears bits. Return when the data is programmed. 0 = success.
 *   int picopsa_flash_erase(uint32_t sector);
 *     Erase sector 0 .. PICOPSA_FLASH_SECTOR_COUNT-1 to all 0xFF. 0 = success.
 *
 * Power loss: the store survives a cut at any point of any of these calls
 * (a word left with any subset of its bits programmed, a sector with any
 * subset of its bits erased), and further cuts during the repair at the
 * next start, so the HAL needs no journal of its own. It needs no ECC
 * either: record and sector headers are stored twice with CRC-32s, commit
 * words twice, data under a CRC-32; one flipped bit is corrected (headers,
 * commit words) or reported as PSA_ERROR_DATA_CORRUPT for that object only
 * (data); it never changes another object (docs/storage.md, format 2).
 * A nonzero return is reported as PSA_ERROR_STORAGE_FAILURE.
 * Threads: calls come with PICOPSA_MUTEX_KEY_STORE held, one at a time.
 */
#ifndef PICOPSA_FLASH_HAL_H
#define PICOPSA_FLASH_HAL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

int picopsa_flash_read(uint32_t address, uint8_t *data, size_t length);
int picopsa_flash_program(uint32_t address, const uint8_t *data, size_t length);
int picopsa_flash_erase(uint32_t sector);

#ifdef __cplusplus
}
#endif

#endif /* PICOPSA_FLASH_HAL_H */
