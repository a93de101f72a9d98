/*
 * esp32c3_aes_model.c -- the ESP32-C3 AES accelerator model
 * (esp32c3_aes_model.h).
 */
#include "esp32c3_aes_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "esp32c3/esp32c3_aes.h"
#include "aes/aes.h"

esp32c3_aes_model_state esp32c3_aes_model = { 1, 0, NULL, 0, 0, 0, 2, 0,
                                              { 0 }, { 0 }, { 0 }, 0, 0, 0 };

static void violation(const char *what)
{
    esp32c3_aes_model.violations++;
    esp32c3_aes_model.last_violation = what;
    if (esp32c3_aes_model.strict) {
        fprintf(stderr, "esp32c3 AES model: precondition violated: %s\n", what);
        abort();
    }
}

void esp32c3_aes_model_reset(void)
{
    memset(&esp32c3_aes_model, 0, sizeof(esp32c3_aes_model));
    esp32c3_aes_model.strict = 1;
    esp32c3_aes_model.latency = 2;
}

int esp32c3_aes_model_secret_left(void)
{
    uint32_t acc = 0;
    unsigned i;
    for (i = 0; i < 8u; i++) {
        acc |= esp32c3_aes_model.key[i];
    }
    for (i = 0; i < 4u; i++) {
        acc |= esp32c3_aes_model.text_in[i];
    }
    return acc != 0;
}

static int busy(void)
{
    return esp32c3_aes_model.stuck || esp32c3_aes_model.busy != 0;
}

static void le_bytes(uint8_t *out, const uint32_t *w, unsigned words)
{
    unsigned i;
    for (i = 0; i < 4u * words; i++) {
        out[i] = (uint8_t)(w[i / 4u] >> (8u * (i % 4u)));
    }
}

static void compute(void)
{
    esp32c3_aes_model_state *m = &esp32c3_aes_model;
    uint8_t key[32], in[16], out[16];
    unsigned words = (m->mode & 2u) ? 8u : 4u;
    pp_aes_key k;
    unsigned i;
    le_bytes(key, m->key, words);
    le_bytes(in, m->text_in, 4);
    if (pp_aes_soft_set_key(&k, key, 4u * words) != PSA_SUCCESS) {
        violation("key schedule failed");
        return;
    }
    if (m->mode & 4u) {
        pp_aes_soft_ecb_decrypt(&k, in, out, 1);
        m->decryptions++;
    } else {
        pp_aes_soft_ecb_encrypt(&k, in, out, 1);
    }
    pp_aes_soft_wipe(&k);
    for (i = 0; i < 4u; i++) {
        m->text_out[i] = (uint32_t)out[4 * i] | ((uint32_t)out[4 * i + 1] << 8) |
                         ((uint32_t)out[4 * i + 2] << 16) | ((uint32_t)out[4 * i + 3] << 24);
    }
    m->triggers++;
    if (words == 8u) {
        m->blocks_256++;
    }
}

uint32_t esp32c3_aes_model_read(uint32_t offset)
{
    esp32c3_aes_model_state *m = &esp32c3_aes_model;
    if (offset == ESP32C3_AES_STATE) {
        if (m->stuck) {
            return 1u;
        }
        if (m->busy != 0) {
            m->busy--;
            return 1u;
        }
        return 0u;
    }
    if (busy()) {
        violation("register read while the AES block works");
    }
    if (offset >= ESP32C3_AES_TEXT_OUT_0 && offset < ESP32C3_AES_TEXT_OUT_0 + 16u &&
        offset % 4u == 0) {
        return m->text_out[(offset - ESP32C3_AES_TEXT_OUT_0) / 4u];
    }
    if (offset == ESP32C3_AES_MODE) {
        return m->mode;
    }
    if (offset == ESP32C3_AES_DMA_ENABLE) {
        return m->dma_enable;
    }
    violation("read of an unmodelled AES register (keys and text in are write-only here)");
    return 0;
}

void esp32c3_aes_model_write(uint32_t offset, uint32_t value)
{
    esp32c3_aes_model_state *m = &esp32c3_aes_model;
    if (busy()) {
        violation("register write while the AES block works");
        return;
    }
    if (offset < ESP32C3_AES_KEY_0 + 32u && offset % 4u == 0) {
        m->key[offset / 4u] = value;
    } else if (offset >= ESP32C3_AES_TEXT_IN_0 && offset < ESP32C3_AES_TEXT_IN_0 + 16u &&
               offset % 4u == 0) {
        m->text_in[(offset - ESP32C3_AES_TEXT_IN_0) / 4u] = value;
    } else if (offset == ESP32C3_AES_MODE) {
        m->mode = value;
    } else if (offset == ESP32C3_AES_DMA_ENABLE) {
        m->dma_enable = value;
    } else if (offset == ESP32C3_AES_TRIGGER) {
        if (value != 1u) {
            violation("AES_TRIGGER_REG written with a value other than 1");
            return;
        }
        if (m->dma_enable != 0u) {
            violation("trigger in DMA mode (AES_DMA_ENABLE_REG 1)");
            return;
        }
        if (m->mode > 7u || (m->mode & 1u) != 0u) {
            violation("AES_MODE_REG reserved (1, 3, 5, 7: no AES-192 on the C3)");
            return;
        }
        compute();
        m->busy = m->latency;
    } else {
        violation("write to an unmodelled AES register");
    }
}
