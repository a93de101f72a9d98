/*
 * esp32c3_rsa_model.h -- a register-level C model of the ESP32-C3 RSA
 * accelerator (TRM chapter "RSA Accelerator (RSA)") behind the register
 * map of drivers/esp32c3/esp32c3_rsa.h, for host tests of the driver
 * (built with PICOPSA_ESP32C3_MODEL). It computes with picopsa's bignum
 * and checks every precondition the TRM states that the driver must meet:
 *  - nothing but RSA_QUERY_CLEAN is touched after reset until it read 1;
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

typedef struct {
    int strict;                    /* 1: abort on a violation */
    unsigned violations;
    const char *last_violation;
    unsigned long modmult, modexp, modexp_fast;  /* fast: CONSTANT_TIME 0 or SEARCH 1 */
    unsigned long unreduced;       /* operations with X or Y >= M */
    unsigned long bad_modulus;     /* operations with M even or a wrong M' */
    unsigned longest_words;        /* largest N / 32 of any operation */
    unsigned longest_exp_bits;     /* largest exponent bit length of a modexp */
    unsigned busy_polls;           /* QUERY_IDLE reads that returned 0 before an operation ends */
    int stuck;                     /* test hook: QUERY_IDLE reads 0 this many more times */
} esp32c3_model_state;

extern esp32c3_model_state esp32c3_model;

/* Power-on reset: blocks zeroed, configuration at reset values, counters
 * cleared, RSA_QUERY_CLEAN reads 0 a few times. Keeps strict. */
void esp32c3_model_reset(void);
/* The register file (offsets of esp32c3_rsa.h). */
uint32_t esp32c3_model_read(uint32_t offset);
void esp32c3_model_write(uint32_t offset, uint32_t value);
/* 1 when all four memory blocks are zero (no operand left behind). */
int esp32c3_model_blocks_clear(void);

#endif /* PICOPSA_ESP32C3_RSA_MODEL_H */
