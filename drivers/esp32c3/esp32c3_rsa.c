/*
 * esp32c3_rsa.c -- the ESP32-C3 RSA accelerator as a picopsa bignum engine
 * (esp32c3_rsa.h, docs/drivers.md).
 *
 * TRM facts this relies on: operands are N = 32 (MODE + 1) bits, MODE at
 * most 95 (3072 bits), little-endian words at the bases of the M, X, Y, Z
 * blocks; M' = -M^-1 mod 2^32. Modular multiplication computes
 * Z = X * Y * r * R^-2 mod M (two Montgomery reductions, r taken from the
 * Z block), so r = R mod M makes it the Montgomery product X * Y * R^-1
 * mod M picopsa's exponentiation wants. Modular exponentiation computes
 * Z = X^Y mod M with r = R^2 mod M in the Z block; RSA_CONSTANT_TIME = 0
 * and RSA_SEARCH_ENABLE = 1 (from RSA_SEARCH_POS) speed it up with timing
 * that depends on the exponent, so they are used for public exponents
 * only. Every operation: write the operands, write 1 to the start
 * register, poll RSA_QUERY_IDLE, read Z, write RSA_CLEAR_INTERRUPT.
 * The driver touches the peripheral only between begin and end (or
 * inside mod_exp_public), powering it up at the start and clearing every
 * register that held key material, then powering it down, at the end.
 */
#include "esp32c3/esp32c3_rsa.h"

#include <string.h>

#include <picopsa/config.h>

/* Power, clock and reset (esp32c3_rsa.h). Read-modify-write: the SYSTEM
 * registers hold the other peripherals' bits too. */
void picopsa_esp32c3_rsa_power_up(void)
{
    ESP32C3_SYS_WRITE(ESP32C3_SYSTEM_PERIP_CLK_EN1,
                      ESP32C3_SYS_READ(ESP32C3_SYSTEM_PERIP_CLK_EN1) | ESP32C3_SYSTEM_CRYPTO_RSA);
    ESP32C3_SYS_WRITE(ESP32C3_SYSTEM_PERIP_RST_EN1,
                      ESP32C3_SYS_READ(ESP32C3_SYSTEM_PERIP_RST_EN1) &
                          ~(ESP32C3_SYSTEM_CRYPTO_RSA | ESP32C3_SYSTEM_CRYPTO_DS_RST));
    ESP32C3_SYS_WRITE(ESP32C3_SYSTEM_RSA_PD_CTRL,
                      ESP32C3_SYS_READ(ESP32C3_SYSTEM_RSA_PD_CTRL) & ~ESP32C3_SYSTEM_RSA_MEM_PD);
}

void picopsa_esp32c3_rsa_power_down(void)
{
    ESP32C3_SYS_WRITE(ESP32C3_SYSTEM_RSA_PD_CTRL,
                      ESP32C3_SYS_READ(ESP32C3_SYSTEM_RSA_PD_CTRL) | ESP32C3_SYSTEM_RSA_MEM_PD);
    ESP32C3_SYS_WRITE(ESP32C3_SYSTEM_PERIP_RST_EN1,
                      ESP32C3_SYS_READ(ESP32C3_SYSTEM_PERIP_RST_EN1) | ESP32C3_SYSTEM_CRYPTO_RSA);
    ESP32C3_SYS_WRITE(ESP32C3_SYSTEM_PERIP_CLK_EN1,
                      ESP32C3_SYS_READ(ESP32C3_SYSTEM_PERIP_CLK_EN1) & ~ESP32C3_SYSTEM_CRYPTO_RSA);
}

#if PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY

/* r = R mod M of the running exponentiation (the Z block is overwritten
 * by every product, so each one reloads it); wiped by end. */
static uint32_t esp_r1[ESP32C3_RSA_MAX_WORDS];
static size_t esp_words;
/* The first hardware error since begin: sticky, so after a timeout no
 * later product of the exponentiation writes into the busy block or polls
 * again (the seam then skips the engine for the rest of the RSA
 * operation, bignum.c engine_begin). */
static psa_status_t esp_status;

static void write_block(uint32_t base, const uint32_t *v, size_t words)
{
    size_t i;
    for (i = 0; i < words; i++) {
        ESP32C3_RSA_WRITE(base + 4u * (uint32_t)i, v[i]);
    }
}

static void clear_block(uint32_t base, size_t words)
{
    size_t i;
    for (i = 0; i < words; i++) {
        ESP32C3_RSA_WRITE(base + 4u * (uint32_t)i, 0u);
    }
}

/* Poll a query register until it reads 1. */
static psa_status_t wait_for(uint32_t reg)
{
    uint32_t n;
    for (n = 0; n < PICOPSA_ESP32C3_POLL_LIMIT; n++) {
        if ((ESP32C3_RSA_READ(reg) & 1u) != 0) {
            return PSA_SUCCESS;
        }
    }
    return PSA_ERROR_HARDWARE_FAILURE;
}

static int takes(size_t words)
{
    return words >= (PICOPSA_ESP32C3_MIN_BITS + 31u) / 32u && words <= ESP32C3_RSA_MAX_WORDS;
}

/* Give the block back. After success: zero every register that held a
 * secret-derived value (the four blocks, M' = -M^-1 mod 2^32, which for a
 * CRT half gives the prime mod 2^32; the mode and search position too)
 * and restore the constant-time defaults. After a hardware error the block
 * may still be busy and ignore writes, so none is made: reset and memory
 * power-down drop the configuration registers (reset values) and the
 * operands stay in the powered-down memory until the next power-up's
 * memory initialisation (RSA_QUERY_CLEAN) overwrites them (docs/drivers.md). */
static void release(size_t words)
{
    if (esp_status == PSA_SUCCESS) {
        clear_block(ESP32C3_RSA_M_MEM, words);
        clear_block(ESP32C3_RSA_X_MEM, words);
        clear_block(ESP32C3_RSA_Y_MEM, words);
        clear_block(ESP32C3_RSA_Z_MEM, words);
        ESP32C3_RSA_WRITE(ESP32C3_RSA_M_PRIME, 0u);
        ESP32C3_RSA_WRITE(ESP32C3_RSA_MODE, 0u);
        ESP32C3_RSA_WRITE(ESP32C3_RSA_SEARCH_POS, 0u);
        ESP32C3_RSA_WRITE(ESP32C3_RSA_SEARCH_ENABLE, 0u);
        ESP32C3_RSA_WRITE(ESP32C3_RSA_CONSTANT_TIME, 1u);
    }
    picopsa_esp32c3_rsa_power_down();
#if PICOPSA_ESP32C3_LOCK
    picopsa_port_esp32c3_rsa_unlock();
#endif
}

/* Take the block: lock, clock, reset, power (another user may have
 * powered it down), memory initialised, idle; interrupt off (resets to 1;
 * the driver polls) and the constant-time defaults, whatever the last
 * user left. On failure the block is given back abandoned. */
static psa_status_t acquire(size_t words)
{
#if PICOPSA_ESP32C3_LOCK
    picopsa_port_esp32c3_rsa_lock();
#endif
    picopsa_esp32c3_rsa_power_up();
    esp_status = wait_for(ESP32C3_RSA_QUERY_CLEAN);
    if (esp_status == PSA_SUCCESS) {
        esp_status = wait_for(ESP32C3_RSA_QUERY_IDLE);
    }
    if (esp_status != PSA_SUCCESS) {
        release(words);
        return esp_status;
    }
    ESP32C3_RSA_WRITE(ESP32C3_RSA_INT_ENA, 0u);
    ESP32C3_RSA_WRITE(ESP32C3_RSA_CONSTANT_TIME, 1u);
    ESP32C3_RSA_WRITE(ESP32C3_RSA_SEARCH_ENABLE, 0u);
    ESP32C3_RSA_WRITE(ESP32C3_RSA_MODE, (uint32_t)(words - 1u));
    return PSA_SUCCESS;
}

/* Start one operation, wait for it, read Z and acknowledge. A timeout is
 * kept in esp_status. */
static psa_status_t run(uint32_t start_reg, uint32_t *z, size_t words)
{
    size_t i;
    ESP32C3_RSA_WRITE(start_reg, 1u);
    esp_status = wait_for(ESP32C3_RSA_QUERY_IDLE);
    if (esp_status != PSA_SUCCESS) {
        return esp_status;
    }
    for (i = 0; i < words; i++) {
        z[i] = ESP32C3_RSA_READ(ESP32C3_RSA_Z_MEM + 4u * (uint32_t)i);
    }
    ESP32C3_RSA_WRITE(ESP32C3_RSA_CLEAR_INTERRUPT, 1u);
    return PSA_SUCCESS;
}

static psa_status_t esp_begin(const uint32_t *m, uint32_t m_prime, const uint32_t *r1,
                              size_t words, int secret)
{
    psa_status_t status;
    (void)secret;   /* modular multiplication has one, constant-time, mode */
    /* Only the public size decides (no branch on m, a secret prime here;
     * a corrupted key's even m gives a wrong product, which the software's
     * fault check catches like any other fault). */
    if (!takes(words)) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    status = acquire(words);
    if (status != PSA_SUCCESS) {
        return status;
    }
    esp_words = words;
    memcpy(esp_r1, r1, words * sizeof(uint32_t));
    ESP32C3_RSA_WRITE(ESP32C3_RSA_M_PRIME, m_prime);
    write_block(ESP32C3_RSA_M_MEM, m, words);
    return PSA_SUCCESS;
}

static psa_status_t esp_mont_mul(uint32_t *z, const uint32_t *x, const uint32_t *y,
                                 const uint32_t *m, uint32_t m_prime, size_t words, int secret)
{
    (void)m; (void)m_prime; (void)secret;   /* loaded by begin */
    if (esp_status != PSA_SUCCESS) {
        return esp_status;   /* sticky: the block is not touched again */
    }
    if (words != esp_words) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    write_block(ESP32C3_RSA_X_MEM, x, words);
    write_block(ESP32C3_RSA_Y_MEM, y, words);
    write_block(ESP32C3_RSA_Z_MEM, esp_r1, words);
    return run(ESP32C3_RSA_SET_START_MODMULT, z, words);
}

static void esp_end(void)
{
    size_t i;
    release(esp_words);
    for (i = 0; i < ESP32C3_RSA_MAX_WORDS; i++) {
        ((volatile uint32_t *)esp_r1)[i] = 0;
    }
    esp_words = 0;
    esp_status = PSA_SUCCESS;
}

#if PICOPSA_ESP32C3_PUBLIC_MODEXP
static psa_status_t esp_mod_exp_public(uint32_t *z, const uint32_t *x, uint64_t e,
                                       const uint32_t *m, uint32_t m_prime, const uint32_t *r2,
                                       size_t words)
{
    uint32_t ebits = 0;
    psa_status_t status;
    size_t i;
    if (!takes(words)) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    status = acquire(words);
    if (status != PSA_SUCCESS) {
        return status;
    }
    while (ebits < 64u && (e >> ebits) != 0) {
        ebits++;
    }
    ESP32C3_RSA_WRITE(ESP32C3_RSA_M_PRIME, m_prime);
    write_block(ESP32C3_RSA_M_MEM, m, words);
    write_block(ESP32C3_RSA_X_MEM, x, words);
    for (i = 0; i < words; i++) {
        uint32_t w = (i == 0) ? (uint32_t)e : (i == 1) ? (uint32_t)(e >> 32) : 0u;
        ESP32C3_RSA_WRITE(ESP32C3_RSA_Y_MEM + 4u * (uint32_t)i, w);
    }
    write_block(ESP32C3_RSA_Z_MEM, r2, words);
    /* Public exponent: the fast options are allowed (TRM: acceleration
     * and search change the timing with the exponent only); release
     * restores the constant-time defaults. */
    ESP32C3_RSA_WRITE(ESP32C3_RSA_CONSTANT_TIME, 0u);
    ESP32C3_RSA_WRITE(ESP32C3_RSA_SEARCH_ENABLE, 1u);
    ESP32C3_RSA_WRITE(ESP32C3_RSA_SEARCH_POS, ebits - 1u);
    status = run(ESP32C3_RSA_SET_START_MODEXP, z, words);
    release(words);
    esp_status = PSA_SUCCESS;
    return status;
}
#define ESP_MOD_EXP esp_mod_exp_public
#else
#define ESP_MOD_EXP NULL
#endif

static const picopsa_bn_engine_t esp_engine = {
    PICOPSA_ESP32C3_MIN_BITS, 32u * ESP32C3_RSA_MAX_WORDS,
    esp_begin, esp_mont_mul, esp_end, ESP_MOD_EXP
};
#define ESP_ENGINE (&esp_engine)
#else
#define ESP_ENGINE NULL
#endif /* PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY */

/* No whole-operation entry points: only the engine. */
const picopsa_transparent_driver_t picopsa_esp32c3_driver = {
    "esp32c3-rsa", NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, ESP_ENGINE, NULL,
    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
};
