/*
 * esp32c3_rsa.h -- picopsa driver for the ESP32-C3 RSA accelerator
 * (ESP32-C3 Technical Reference Manual, chapter "RSA Accelerator (RSA)"),
 * docs/drivers.md. It is a bignum engine only (picopsa_bn_engine_t): the
 * hardware's modular multiplication under picopsa's exponentiation, CRT,
 * blinding and fault check, and (PICOPSA_ESP32C3_PUBLIC_MODEXP) the
 * hardware's whole modular exponentiation for public operations. Moduli of
 * PICOPSA_ESP32C3_MIN_BITS..3072 bits; larger keys run in software.
 *
 * Before the first PSA call the application enables the peripheral's clock
 * and releases it from reset (ESP-IDF: periph_module_enable(PERIPH_RSA_MODULE));
 * the driver then waits for RSA_QUERY_CLEAN. It is not re-entrant: with
 * PICOPSA_THREADS the integrator serialises RSA operations.
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
#define ESP32C3_RSA_INT_ENA 0x82Cu
#define ESP32C3_RSA_MAX_WORDS 96u

/* Smallest modulus handed to the hardware (the crossover: below it the
 * software is faster; ESP-IDF measured 256-bit products at 9.78 us in
 * software against 19.49 us in hardware). */
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
/* Polls of QUERY_IDLE / QUERY_CLEAN before PSA_ERROR_HARDWARE_FAILURE. */
#ifndef PICOPSA_ESP32C3_POLL_LIMIT
#define PICOPSA_ESP32C3_POLL_LIMIT 10000000u
#endif

/* The driver: put it in PICOPSA_DRIVER_LIST. */
extern const picopsa_transparent_driver_t picopsa_esp32c3_driver;

/* Register access: MMIO on the chip; the register model's functions
 * (tests/models/esp32c3_rsa_model.h) when built with PICOPSA_ESP32C3_MODEL. */
#if defined(PICOPSA_ESP32C3_MODEL)
uint32_t esp32c3_model_read(uint32_t offset);
void esp32c3_model_write(uint32_t offset, uint32_t value);
#define ESP32C3_RSA_READ(off) esp32c3_model_read(off)
#define ESP32C3_RSA_WRITE(off, v) esp32c3_model_write((off), (v))
#else
#define ESP32C3_RSA_READ(off) (*(volatile uint32_t *)(uintptr_t)(ESP32C3_RSA_BASE + (off)))
#define ESP32C3_RSA_WRITE(off, v) \
    (*(volatile uint32_t *)(uintptr_t)(ESP32C3_RSA_BASE + (off)) = (uint32_t)(v))
#endif

#endif /* PICOPSA_ESP32C3_RSA_H */
