/*
 * esp32c3_aes_model.h -- a register-level C model of the ESP32-C3 AES
 * accelerator in typical mode (TRM v1.3 chapter 18, 18.4) behind the
 * register map of drivers/esp32c3/esp32c3_aes.h, for host tests of the
 * driver (built with PICOPSA_ESP32C3_MODEL). It computes with picopsa's
 * portable AES (pp_aes_soft_*) and checks what the TRM asks of software:
 *  - AES_DMA_ENABLE_REG 0 at every trigger (typical mode, 18.4.3 step 1);
 *  - AES_MODE_REG one of 0, 2, 4, 6 at a trigger (1, 3, 5, 7 reserved,
 *    Table 18.3-2: no AES-192);
 *  - no register written, no TEXT_OUT read and no trigger while
 *    AES_STATE_REG reads 1 (an operation runs for `latency` STATE reads);
 *  - no access to an unmapped offset.
 * A violation aborts the process (strict, the default) or is counted.
 * Reset values: every register 0 (TRM 18.7). Hooks: stuck (STATE reads 1
 * for ever: the driver must give up), counters of triggers and blocks per
 * mode, and esp32c3_aes_model_secret_left() for the tests: nonzero while
 * any AES_KEY_n_REG or AES_TEXT_IN_m_REG is nonzero.
 */
#ifndef PICOPSA_ESP32C3_AES_MODEL_H
#define PICOPSA_ESP32C3_AES_MODEL_H

#include <stdint.h>

typedef struct {
    int strict;                 /* 1: abort on a violation */
    unsigned violations;
    const char *last_violation;
    unsigned long triggers;     /* blocks computed */
    unsigned long blocks_256;   /* of them with a 256-bit key */
    unsigned long decryptions;
    unsigned latency;           /* STATE reads answered 1 after a trigger (default 2) */
    int stuck;                  /* test hook: STATE reads 1 from now on */
    uint32_t key[8], text_in[4], text_out[4], mode, dma_enable;
    unsigned busy;              /* STATE reads left answering 1 */
} esp32c3_aes_model_state;

extern esp32c3_aes_model_state esp32c3_aes_model;

/* Power-on: every register 0, counters and hooks cleared, strict 1, latency 2. */
void esp32c3_aes_model_reset(void);
int esp32c3_aes_model_secret_left(void);

uint32_t esp32c3_aes_model_read(uint32_t offset);
void esp32c3_aes_model_write(uint32_t offset, uint32_t value);

#endif /* PICOPSA_ESP32C3_AES_MODEL_H */
