/*
 * esp32c3_rsa_model.h -- a register-level C model of the ESP32-C3 RSA
 * accelerator (TRM chapter "RSA Accelerator (RSA)") behind the register
 * map of drivers/esp32c3/esp32c3_rsa.h, for host tests of the driver
 * (built with PICOPSA_ESP32C3_MODEL). It computes with picopsa's bignum
 * and checks every precondition the TRM states that the driver must meet:
 *  - power, clock and reset (SYSTEM_PERIP_CLK_EN1/RST_EN1, RSA_PD_CTRL)
 *    start at their reset values (clock gated, RSA and DS held in reset,
 *    memory powered down); an RSA register access with the clock gated or
 *    the block in reset is a violation; powered down, RSA_QUERY_CLEAN
 *    never reads 1; asserting reset restores every configuration
 *    register's reset value (RSA_INTERRUPT_ENA 1, RSA_CONSTANT_TIME 1,
 *    the rest 0) but not the memory, which the initialisation after reset
 *    or power-up zeroes before RSA_QUERY_CLEAN reads 1;
 *  - nothing but RSA_QUERY_CLEAN is touched after reset until it read 1;
 *  - no start with RSA_INTERRUPT_ENA 1;
 *  - no block or configuration write, no Z read and no second start while
 *    an operation runs (RSA_QUERY_IDLE reads 0 for a while after a start);
 *  - every completed operation acknowledged (RSA_CLEAR_INTERRUPT) before
 *    the next start;
 *  - RSA_MODE <= 95 (3072 bits; N = 32 (MODE + 1));
 *  - an exponentiation's Z block holds R^2 mod M, R = 2^N; with
 *    RSA_SEARCH_ENABLE the exponent has no set bit above RSA_SEARCH_POS;
 *  - M even or RSA_M_PRIME != -M^-1 mod 2^32 is counted (bad_modulus) and
 *    gives a garbage result, as on the chip: the driver cannot check a
 *    secret prime without branching on it, and only corrupted key
 *    material has such a modulus; tests of valid keys require 0;
 *  - operands X, Y >= M are counted (unreduced), not refused: the product
 *    is still congruent, and only a corrupted key produces them (the RSA
 *    fault-check tests do, on purpose); tests of valid keys require 0;
 *  - the plain multiplication start is not used (not modelled).
 * Built with PICOPSA_MODEL_CT (the ct test), the model declassifies its
 * inputs for valgrind and marks its results secret (esp32c3_rsa_model.c).
 * A violation aborts the process with its message (strict, the default:
 * so any test running the driver fails), or is counted (strict = 0, for
 * the tests of the model itself). The model counts operations, their
 * longest operand in words and exponent in bits.
 */
#ifndef PICOPSA_ESP32C3_RSA_MODEL_H
#define PICOPSA_ESP32C3_RSA_MODEL_H

#include <stddef.h>
#include <stdint.h>

/* Deliberately different silicon, for the board self-check's own test
 * (tests/board/): each breaks one assumption the driver rests on. */
enum {
    ESP32C3_QUIRK_NONE = 0,
    ESP32C3_QUIRK_ONE_REDUCTION,     /* modular multiplication ignores r: X Y R^-1 */
    ESP32C3_QUIRK_CLEAN_WHEN_OFF,    /* QUERY_CLEAN reads 1 with the memory powered down */
    ESP32C3_QUIRK_RESET_KEEPS_MPRIME,/* reset leaves RSA_M_PRIME as it was */
    ESP32C3_QUIRK_TIMING             /* product time depends on the operand */
};

typedef struct {
    int strict;                    /* 1: abort on a violation */
    int quirk;                     /* ESP32C3_QUIRK_*, kept by reset */
    unsigned violations;
    const char *last_violation;
    unsigned long modmult, modexp, modexp_fast;  /* fast: CONSTANT_TIME 0 or SEARCH 1 */
    unsigned long unreduced;       /* operations with X or Y >= M */
    unsigned long bad_modulus;     /* operations with M even or a wrong M' */
    unsigned longest_words;        /* largest N / 32 of any operation */
    unsigned longest_exp_bits;     /* largest exponent bit length of a modexp */
    unsigned busy_polls;           /* QUERY_IDLE reads that returned 0 before an operation ends */
    int stuck;                     /* test hook: QUERY_IDLE reads 0 this many more times */
    unsigned long hang_at;         /* test hook: the hang_at-th start never ends (0: none) */
    int clean_hang;                /* test hook: QUERY_CLEAN never reads 1 */
    unsigned long starts;          /* operations started */
    unsigned long polls;           /* QUERY_IDLE and QUERY_CLEAN reads */
    unsigned long hung_polls;      /* of them, reads answered 0 by a hook (stuck, hang) */
    unsigned long resets;          /* times the block was put in reset */
    uint32_t kept_m_prime;         /* (quirk) */
    int (*may_access)(void);       /* test hook: nonzero when the caller may touch the block */
} esp32c3_model_state;

extern esp32c3_model_state esp32c3_model;

/* Power-on reset: blocks zeroed, every register at its reset value,
 * counters and hooks cleared. Keeps strict and quirk. */
void esp32c3_model_reset(void);
/* The register file (offsets of esp32c3_rsa.h). */
uint32_t esp32c3_model_read(uint32_t offset);
void esp32c3_model_write(uint32_t offset, uint32_t value);
uint32_t esp32c3_model_sys_read(uint32_t address);
void esp32c3_model_sys_write(uint32_t address, uint32_t value);
/* 1 when all four memory blocks (and the pending result) are zero. */
int esp32c3_model_blocks_clear(void);
/* 1 when nothing secret-derived is left: the blocks, RSA_M_PRIME,
 * RSA_MODE and RSA_SEARCH_POS are zero. */
int esp32c3_model_secrets_clear(void);
/* 1 when the block is left as the driver must leave it: memory powered
 * down, held in reset, clock gated, constant-time defaults. */
int esp32c3_model_parked(void);
/* A configuration register's value without any check (tests). */
uint32_t esp32c3_model_peek(uint32_t offset);

#endif /* PICOPSA_ESP32C3_RSA_MODEL_H */
