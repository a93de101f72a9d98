/*
 * esp32c3_aes.h -- picopsa driver for the ESP32-C3 AES accelerator in its
 * typical (non-DMA) mode (ESP32-C3 Technical Reference Manual v1.3,
 * chapter 18 "AES Accelerator (AES)", 18.4), docs/drivers.md. It is an AES
 * block engine only (picopsa_aes_engine_t): picopsa's modes run over the
 * hardware's single-block encryptions and decryptions.
 *
 * Contract:
 *  - Keys of 128 and 256 bits; the C3 has no AES-192 (AES_MODE_REG values
 *    1 and 5 are reserved, TRM Table 18.3-2): a 24-byte key gets
 *    PSA_ERROR_NOT_SUPPORTED and runs in software.
 *  - Per ecb call (18.4.3 "Single Operation", then "Consecutive
 *    Operations" for the further blocks): AES_DMA_ENABLE_REG 0, AES_MODE_REG,
 *    AES_KEY_n_REG, then per block AES_TEXT_IN_m_REG, AES_TRIGGER_REG 1,
 *    poll AES_STATE_REG until 0 (at most PICOPSA_ESP32C3_AES_POLL_LIMIT
 *    reads, else PSA_ERROR_HARDWARE_FAILURE), AES_TEXT_OUT_m_REG. Before
 *    returning, also after a timeout, every AES_KEY_n_REG and
 *    AES_TEXT_IN_m_REG is written 0 and one block of zeros is run, so
 *    AES_TEXT_OUT_m_REG holds no data block either: no key bit and no
 *    plaintext is left in the block (the complaint of issue 22 about a key
 *    left in an RSA register).
 *  - Words are loaded little-endian (TRM Tables 18.4-2..18.4-4: byte 0 of
 *    the key / text in bits [7:0] of word 0).
 *  - Clock and reset of the block (SYSTEM_PERIP_CLK_EN1_REG /
 *    SYSTEM_PERIP_RST_EN1_REG, bit SYSTEM_CRYPTO_AES_*) and the lock
 *    against the DS peripheral and ESP-IDF's own AES users are the port's
 *    (not modelled yet; docs/drivers.md).
 *  - Constant time: the driver branches on the key length (public) and
 *    the block count only.
 */
#ifndef PICOPSA_ESP32C3_AES_H
#define PICOPSA_ESP32C3_AES_H

#include <stdint.h>

#include <picopsa/driver.h>

/* Register map (TRM 18.7 register summary), offsets from the base. */
#define ESP32C3_AES_BASE 0x6003A000u
#define ESP32C3_AES_KEY_0 0x00u       /* AES_KEY_0_REG .. AES_KEY_7_REG */
#define ESP32C3_AES_TEXT_IN_0 0x20u   /* AES_TEXT_IN_0_REG .. _3 */
#define ESP32C3_AES_TEXT_OUT_0 0x30u  /* AES_TEXT_OUT_0_REG .. _3 */
#define ESP32C3_AES_MODE 0x40u        /* 0 AES-128 enc, 2 AES-256 enc, 4 / 6 dec */
#define ESP32C3_AES_TRIGGER 0x48u
#define ESP32C3_AES_STATE 0x4Cu       /* typical mode: 0 idle, 1 work */
#define ESP32C3_AES_DMA_ENABLE 0x90u  /* 0: typical mode */

#ifndef PICOPSA_ESP32C3_AES_POLL_LIMIT
#define PICOPSA_ESP32C3_AES_POLL_LIMIT 100000u
#endif

/* The driver (name "esp32c3-aes"): put it in PICOPSA_DRIVER_LIST. */
extern const picopsa_transparent_driver_t picopsa_esp32c3_aes_driver;

/* Register access: the chip's memory-mapped registers, or the model
 * (tests/models/esp32c3_aes_model.h) when built with PICOPSA_ESP32C3_MODEL. */
#if defined(PICOPSA_ESP32C3_MODEL)
uint32_t esp32c3_aes_model_read(uint32_t offset);
void esp32c3_aes_model_write(uint32_t offset, uint32_t value);
#endif

#endif /* PICOPSA_ESP32C3_AES_H */
