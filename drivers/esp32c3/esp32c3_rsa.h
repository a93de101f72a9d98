/*
 * esp32c3_rsa.h -- picopsa driver for the ESP32-C3 RSA accelerator
 * (ESP32-C3 Technical Reference Manual, chapter "RSA Accelerator (RSA)"),
 * docs/drivers.md. It is a bignum engine only (picopsa_bn_engine_t): the
 * hardware's modular multiplication under picopsa's exponentiation, CRT,
 * blinding and fault check, and (PICOPSA_ESP32C3_PUBLIC_MODEXP) the
 * hardware's whole modular exponentiation for public operations. Moduli of
 * PICOPSA_ESP32C3_MIN_BITS..3072 bits; larger keys run in software.
 *
 * Power, clock and reset: every begin (and mod_exp_public) runs
 * picopsa_esp32c3_rsa_power_up() (RSA clock on, RSA and DS reset released,
 * RSA memory powered up: SYSTEM_RSA_PD_CTRL_REG bit 0 resets to 1) and
 * waits for RSA_QUERY_CLEAN; every end leaves the block as ESP-IDF's
 * disable does (picopsa_esp32c3_rsa_power_down: memory powered down,
 * reset held, clock gated) after clearing every register that held key
 * material. Sharing the block (ESP-IDF's mbedTLS bignum, WPA3-SAE, the
 * DS peripheral use it under esp_crypto_mpi_lock): PICOPSA_ESP32C3_LOCK 1
 * makes the driver hold picopsa_port_esp32c3_rsa_lock() from begin to end
 * (docs/drivers.md). The SYSTEM registers are read-modify-written: the
 * lock must also exclude other writers of PERIP_CLK_EN1/RST_EN1 (ESP-IDF:
 * periph_module_enable's spinlock) or nothing else may touch them.
 */
#ifndef PICOPSA_ESP32C3_RSA_H
#define PICOPSA_ESP32C3_RSA_H

#include <stdint.h>

#include <picopsa/driver.h>

/* Register map (TRM, RSA register summary), offsets from the base. */
#define ESP32C3_RSA_BASE 0x6003C000u
#define ESP32C3_RSA_M_MEM 0x000u        /* 96 words each: 3072 bits */
#define ESP32C3_RSA_Z_MEM 0x200u
#define ESP32C3_RSA_Y_MEM 0x400u
#define ESP32C3_RSA_X_MEM 0x600u
#define ESP32C3_RSA_M_PRIME 0x800u      /* -M^-1 mod 2^32 */
#define ESP32C3_RSA_MODE 0x804u         /* words - 1 */
#define ESP32C3_RSA_QUERY_CLEAN 0x808u  /* 1: memory initialised after reset */
#define ESP32C3_RSA_SET_START_MODEXP 0x80Cu
#define ESP32C3_RSA_SET_START_MODMULT 0x810u
#define ESP32C3_RSA_SET_START_MULT 0x814u
#define ESP32C3_RSA_QUERY_IDLE 0x818u   /* 1: idle */
#define ESP32C3_RSA_CLEAR_INTERRUPT 0x81Cu
#define ESP32C3_RSA_CONSTANT_TIME 0x820u /* 1 (reset value): no acceleration */
#define ESP32C3_RSA_SEARCH_ENABLE 0x824u /* 1: start at SEARCH_POS */
#define ESP32C3_RSA_SEARCH_POS 0x828u
#define ESP32C3_RSA_INT_ENA 0x82Cu   /* resets to 1; the driver polls: 0 */
#define ESP32C3_RSA_MAX_WORDS 96u

/* Smallest modulus handed to the hardware. 512 is a guess, not a measured
 * crossover on the C3 (docs/drivers.md, "Figures"). */
#ifndef PICOPSA_ESP32C3_MIN_BITS
#define PICOPSA_ESP32C3_MIN_BITS 512
#endif
/* 1: public operations (verification, encryption) run as one hardware
 * modular exponentiation with the fast options (exponent search, no
 * constant time); 0: every operation runs the software exponentiation on
 * the hardware's multiplication. */
#ifndef PICOPSA_ESP32C3_PUBLIC_MODEXP
#define PICOPSA_ESP32C3_PUBLIC_MODEXP 1
#endif
/* Polls of QUERY_IDLE / QUERY_CLEAN before PSA_ERROR_HARDWARE_FAILURE.
 * The first timeout is sticky: the block is abandoned (held in reset,
 * memory powered down) and no later wait of the same RSA operation polls
 * again, so a stalled block costs the caller one limit, not one per product. */
#ifndef PICOPSA_ESP32C3_POLL_LIMIT
#define PICOPSA_ESP32C3_POLL_LIMIT 10000000u
#endif

/* 1: the driver calls picopsa_port_esp32c3_rsa_lock() before it touches
 * the block (begin, mod_exp_public) and ..._unlock() when it is done (end,
 * the end of mod_exp_public, a failed begin). The integrator provides
 * both (ESP-IDF: esp_crypto_mpi_lock_acquire / _release). */
#ifndef PICOPSA_ESP32C3_LOCK
#define PICOPSA_ESP32C3_LOCK 0
#endif

/* SYSTEM registers (ESP-IDF soc/esp32c3/register/soc/system_reg.h, TRM
 * "System Registers"): absolute addresses. */
#define ESP32C3_SYSTEM_PERIP_CLK_EN1 0x600C0014u
#define ESP32C3_SYSTEM_PERIP_RST_EN1 0x600C001Cu
#define ESP32C3_SYSTEM_RSA_PD_CTRL 0x600C0038u
#define ESP32C3_SYSTEM_CRYPTO_RSA (1u << 3)  /* CLK_EN1: clock; RST_EN1: reset (resets to 1) */
#define ESP32C3_SYSTEM_CRYPTO_DS_RST (1u << 4) /* RST_EN1: DS reset, holds RSA too (resets to 1) */
#define ESP32C3_SYSTEM_RSA_MEM_PD (1u << 0)  /* RSA_PD_CTRL: 1 (reset value) memory powered down */

/* Clock on, RSA and DS released from reset, memory powered up; then the
 * hardware initialises its memory (RSA_QUERY_CLEAN reads 0 meanwhile).
 * The driver calls it in every begin; exported for board code. */
void picopsa_esp32c3_rsa_power_up(void);
/* Memory powered down, RSA held in reset, clock gated (the DS reset is
 * left released: asserting it would reset AES and SHA as well). */
void picopsa_esp32c3_rsa_power_down(void);
#if PICOPSA_ESP32C3_LOCK
void picopsa_port_esp32c3_rsa_lock(void);
void picopsa_port_esp32c3_rsa_unlock(void);
#endif

/* The driver: put it in PICOPSA_DRIVER_LIST. */
extern const picopsa_transparent_driver_t picopsa_esp32c3_driver;

/* Register access: MMIO on the chip; the register model's functions
 * (tests/models/esp32c3_rsa_model.h) when built with PICOPSA_ESP32C3_MODEL. */
#if defined(PICOPSA_ESP32C3_MODEL)
uint32_t esp32c3_model_read(uint32_t offset);
void esp32c3_model_write(uint32_t offset, uint32_t value);
uint32_t esp32c3_model_sys_read(uint32_t address);
void esp32c3_model_sys_write(uint32_t address, uint32_t value);
#define ESP32C3_RSA_READ(off) esp32c3_model_read(off)
#define ESP32C3_RSA_WRITE(off, v) esp32c3_model_write((off), (v))
#define ESP32C3_SYS_READ(a) esp32c3_model_sys_read(a)
#define ESP32C3_SYS_WRITE(a, v) esp32c3_model_sys_write((a), (v))
#else
#define ESP32C3_SYS_READ(a) (*(volatile uint32_t *)(uintptr_t)(a))
#define ESP32C3_SYS_WRITE(a, v) (*(volatile uint32_t *)(uintptr_t)(a) = (uint32_t)(v))
#define ESP32C3_RSA_READ(off) (*(volatile uint32_t *)(uintptr_t)(ESP32C3_RSA_BASE + (off)))
#define ESP32C3_RSA_WRITE(off, v) \
    (*(volatile uint32_t *)(uintptr_t)(ESP32C3_RSA_BASE + (off)) = (uint32_t)(v))
#endif

#endif /* PICOPSA_ESP32C3_RSA_H */
