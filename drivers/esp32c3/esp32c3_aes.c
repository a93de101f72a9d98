/*
 * esp32c3_aes.c -- the ESP32-C3 AES accelerator as a picopsa AES block
 * engine (esp32c3_aes.h; TRM v1.3 chapter 18, typical mode 18.4).
 */
#include "esp32c3/esp32c3_aes.h"

#include <picopsa/config.h>

#if PSA_WANT_KEY_TYPE_AES

#if defined(PICOPSA_ESP32C3_MODEL)
#define AES_RD(off) esp32c3_aes_model_read(off)
#define AES_WR(off, v) esp32c3_aes_model_write((off), (v))
#else
#define AES_RD(off) (*(volatile uint32_t *)(uintptr_t)(ESP32C3_AES_BASE + (off)))
#define AES_WR(off, v) (*(volatile uint32_t *)(uintptr_t)(ESP32C3_AES_BASE + (off)) = (v))
#endif

/* The context: the key as the register words and their count. */
typedef struct {
    uint32_t key[8];
    uint32_t words;   /* 4 or 8 */
} esp_aes_ctx;
typedef char esp_aes_ctx_fits_[sizeof(esp_aes_ctx) <= PICOPSA_DRIVER_AES_CONTEXT_SIZE ? 1 : -1];

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

static void st_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static psa_status_t esp_aes_set_key(void *context, const uint8_t *key, size_t key_length)
{
    esp_aes_ctx *c = (esp_aes_ctx *)context;
    size_t i;
    if (key_length != 16u && key_length != 32u) {
        return PSA_ERROR_NOT_SUPPORTED;   /* AES-192: reserved mode, TRM Table 18.3-2 */
    }
    c->words = (uint32_t)(key_length / 4u);
    for (i = 0; i < key_length / 4u; i++) {
        c->key[i] = le32(key + 4u * i);
    }
    return PSA_SUCCESS;
}

/* One block through TEXT_IN, TRIGGER, STATE, TEXT_OUT (18.4.3 steps 3-6). */
static psa_status_t run_block(const uint8_t in[16], uint8_t out[16])
{
    uint32_t polls = 0;
    unsigned i;
    for (i = 0; i < 4u; i++) {
        AES_WR(ESP32C3_AES_TEXT_IN_0 + 4u * i, le32(in + 4u * i));
    }
    AES_WR(ESP32C3_AES_TRIGGER, 1u);
    while (AES_RD(ESP32C3_AES_STATE) != 0u) {
        if (++polls >= PICOPSA_ESP32C3_AES_POLL_LIMIT) {
            return PSA_ERROR_HARDWARE_FAILURE;
        }
    }
    for (i = 0; i < 4u; i++) {
        st_le32(out + 4u * i, AES_RD(ESP32C3_AES_TEXT_OUT_0 + 4u * i));
    }
    return PSA_SUCCESS;
}

/* Zero the key and text registers and push a zero block through, so the
 * output registers hold E_0(0), no data; the mode register is public. */
static void clear_block(void)
{
    static const uint8_t zero[16] = { 0 };
    uint8_t sink[16];
    unsigned i;
    for (i = 0; i < 8u; i++) {
        AES_WR(ESP32C3_AES_KEY_0 + 4u * i, 0u);
    }
    (void)run_block(zero, sink);   /* also writes TEXT_IN 0 */
}

static psa_status_t esp_aes_ecb(const void *context, int encrypt, const uint8_t *input,
                                uint8_t *output, size_t nblocks)
{
    const esp_aes_ctx *c = (const esp_aes_ctx *)context;
    psa_status_t status = PSA_SUCCESS;
    uint8_t block[16];
    size_t b;
    unsigned i;
    /* 18.4.3 steps 1-2: typical mode, key length and direction, key */
    AES_WR(ESP32C3_AES_DMA_ENABLE, 0u);
    AES_WR(ESP32C3_AES_MODE, (c->words == 8u ? 2u : 0u) | (encrypt ? 0u : 4u));
    for (i = 0; i < 8u; i++) {
        AES_WR(ESP32C3_AES_KEY_0 + 4u * i, i < c->words ? c->key[i] : 0u);
    }
    for (b = 0; b < nblocks && status == PSA_SUCCESS; b++) {
        for (i = 0; i < 16u; i++) {
            block[i] = input[16u * b + i];   /* in == out allowed */
        }
        status = run_block(block, output + 16u * b);
    }
    clear_block();
    {
        volatile uint8_t *v = block;   /* a plaintext copy: not optimised away */
        for (i = 0; i < 16u; i++) {
            v[i] = 0;
        }
    }
    return status;
}

static const picopsa_aes_engine_t esp_aes_engine = { esp_aes_set_key, esp_aes_ecb };
#define ESP_AES_ENGINE (&esp_aes_engine)
#else
#define ESP_AES_ENGINE NULL
#endif /* PSA_WANT_KEY_TYPE_AES */

const picopsa_transparent_driver_t picopsa_esp32c3_aes_driver = {
    "esp32c3-aes", NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, ESP_AES_ENGINE,
    NULL, NULL,   /* cipher_encrypt / cipher_decrypt */
    NULL, NULL, NULL, NULL, NULL, NULL   /* the multipart cipher */
};
