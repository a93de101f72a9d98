/*
 * esp32c3_rsa_model.c -- the ESP32-C3 RSA accelerator register model
 * (esp32c3_rsa_model.h). Arithmetic: picopsa's Montgomery multiplication
 * (32-bit limbs in the driver build), so Z = X Y r R^-2 mod M is two
 * Montgomery products and X^Y mod M a square-and-multiply on them.
 */
#include "esp32c3_rsa_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "esp32c3/esp32c3_rsa.h"
#include "bignum/bignum.h"
#if defined(PICOPSA_MODEL_CT)
#include <valgrind/memcheck.h>
#endif

#define WORDS ESP32C3_RSA_MAX_WORDS

esp32c3_model_state esp32c3_model = { .strict = 1 };

static struct {
    uint32_t m[WORDS], z[WORDS], y[WORDS], x[WORDS];
    uint32_t m_prime, mode, const_time, search_enable, search_pos, int_ena;
    uint32_t clk_en1, rst_en1, pd_ctrl;   /* SYSTEM registers */
    unsigned clean_countdown;   /* QUERY_CLEAN reads left that return 0 */
    int init_pending;           /* memory initialisation after reset / power-up */
    int clean_seen;
    unsigned busy_left;         /* QUERY_IDLE reads left that return 0 */
    int hung;                   /* the running operation never ends */
    int pending_ack;            /* a finished operation not acknowledged yet */
    uint32_t result[WORDS];     /* Z once the running operation ends */
    int initialised;
} hw;

/* Reset values (ESP-IDF soc/esp32c3/register/soc/system_reg.h,
 * soc/hwcrypto_reg.h; TRM register summaries). */
#define CLK_EN1_RESET 0x00000000u
#define RST_EN1_RESET 0x000001FEu   /* AES, SHA, RSA, DS, HMAC, DMA, SDIO, LCD_CAM held */
#define PD_CTRL_RESET 0x00000001u   /* RSA_MEM_PD: memory powered down */
#define MEM_FORCE_PU (1u << 1)
#define MEM_FORCE_PD (1u << 2)

static void ensure_init(void);

static void config_reset(void)
{
    hw.m_prime = 0;
    hw.mode = 0;
    hw.const_time = 1;     /* no acceleration */
    hw.search_enable = 0;
    hw.search_pos = 0;
    hw.int_ena = 1;        /* RSA_INTERRUPT_ENA resets to 1 */
    hw.pending_ack = 0;
    hw.busy_left = 0;
    memset(hw.result, 0, sizeof(hw.result));
    if (esp32c3_model.quirk == ESP32C3_QUIRK_RESET_KEEPS_MPRIME) {
        hw.m_prime = esp32c3_model.kept_m_prime;
    }
}

#if defined(PICOPSA_MODEL_CT)
static int hw_secret;   /* the running operation had a secret input */
#endif

static void violation(const char *what)
{
    esp32c3_model.violations++;
    esp32c3_model.last_violation = what;
    if (esp32c3_model.strict) {
        fprintf(stderr, "esp32c3 RSA model: precondition violated: %s\n", what);
        abort();
    }
}

void esp32c3_model_reset(void)
{
    int strict = esp32c3_model.strict;
    int quirk = esp32c3_model.quirk;
    int (*may_access)(void) = esp32c3_model.may_access;
    memset(&hw, 0, sizeof(hw));
    memset(&esp32c3_model, 0, sizeof(esp32c3_model));
    esp32c3_model.strict = strict;
    esp32c3_model.quirk = quirk;
    esp32c3_model.may_access = may_access;
    config_reset();
    hw.clk_en1 = CLK_EN1_RESET;
    hw.rst_en1 = RST_EN1_RESET;
    hw.pd_ctrl = PD_CTRL_RESET;
    hw.initialised = 1;
}

/* The block runs: clock on, RSA and DS out of reset (the DS reset holds
 * the RSA block too: ESP-IDF clk_gate_ll.h). */
static int block_on(void)
{
    return (hw.clk_en1 & ESP32C3_SYSTEM_CRYPTO_RSA) != 0 &&
           (hw.rst_en1 & (ESP32C3_SYSTEM_CRYPTO_RSA | ESP32C3_SYSTEM_CRYPTO_DS_RST)) == 0;
}
static int in_reset(void)
{
    return (hw.rst_en1 & (ESP32C3_SYSTEM_CRYPTO_RSA | ESP32C3_SYSTEM_CRYPTO_DS_RST)) != 0;
}
static int mem_powered(void)
{
    return (hw.pd_ctrl & MEM_FORCE_PD) == 0 &&
           ((hw.pd_ctrl & ESP32C3_SYSTEM_RSA_MEM_PD) == 0 || (hw.pd_ctrl & MEM_FORCE_PU) != 0);
}

static void check_owner(void)
{
    if (esp32c3_model.may_access != NULL && !esp32c3_model.may_access()) {
        violation("access without the port lock (PICOPSA_ESP32C3_LOCK)");
    }
}

uint32_t esp32c3_model_sys_read(uint32_t address)
{
    ensure_init();
    check_owner();
    switch (address) {
    case ESP32C3_SYSTEM_PERIP_CLK_EN1: return hw.clk_en1;
    case ESP32C3_SYSTEM_PERIP_RST_EN1: return hw.rst_en1;
    case ESP32C3_SYSTEM_RSA_PD_CTRL: return hw.pd_ctrl;
    default:
        violation("read of an unmodelled SYSTEM register");
        return 0;
    }
}

void esp32c3_model_sys_write(uint32_t address, uint32_t value)
{
    int was_reset, was_powered;
    ensure_init();
    check_owner();
    was_reset = in_reset();
    was_powered = mem_powered();
    switch (address) {
    case ESP32C3_SYSTEM_PERIP_CLK_EN1: hw.clk_en1 = value & 0x7ffu; break;
    case ESP32C3_SYSTEM_PERIP_RST_EN1: hw.rst_en1 = value & 0x7ffu; break;
    case ESP32C3_SYSTEM_RSA_PD_CTRL: hw.pd_ctrl = value & 7u; break;
    default:
        violation("write of an unmodelled SYSTEM register");
        return;
    }
    if (!was_reset && in_reset()) {
        esp32c3_model.kept_m_prime = hw.m_prime;   /* for the quirk */
        config_reset();   /* the flip-flops; the memory keeps its content */
        esp32c3_model.resets++;
    }
    /* Out of reset or powered up: the memory is initialised (zeroed) before
     * RSA_QUERY_CLEAN reads 1; powered down it never is. */
    if ((was_reset && !in_reset()) || (!was_powered && mem_powered())) {
        hw.init_pending = 1;
        hw.clean_countdown = 3;
        hw.clean_seen = 0;
    }
    if (was_powered && !mem_powered()) {
        hw.clean_seen = 0;
        hw.init_pending = 1;
    }
}

static void ensure_init(void)
{
    if (!hw.initialised) {
        esp32c3_model_reset();
    }
}

int esp32c3_model_blocks_clear(void)
{
    size_t i;
    uint32_t acc = 0;
    ensure_init();
    for (i = 0; i < WORDS; i++) {
        acc |= hw.m[i] | hw.x[i] | hw.y[i] | hw.z[i] | hw.result[i];
    }
    return acc == 0;
}

int esp32c3_model_secrets_clear(void)
{
    ensure_init();
    return esp32c3_model_blocks_clear() && hw.m_prime == 0 && hw.mode == 0 && hw.search_pos == 0;
}

int esp32c3_model_parked(void)
{
    ensure_init();
    return !mem_powered() && (hw.rst_en1 & ESP32C3_SYSTEM_CRYPTO_RSA) != 0 &&
           (hw.clk_en1 & ESP32C3_SYSTEM_CRYPTO_RSA) == 0 && hw.const_time == 1 &&
           hw.search_enable == 0;
}

uint32_t esp32c3_model_peek(uint32_t offset)
{
    ensure_init();
    switch (offset) {
    case ESP32C3_RSA_M_PRIME: return hw.m_prime;
    case ESP32C3_RSA_MODE: return hw.mode;
    case ESP32C3_RSA_CONSTANT_TIME: return hw.const_time;
    case ESP32C3_RSA_SEARCH_ENABLE: return hw.search_enable;
    case ESP32C3_RSA_SEARCH_POS: return hw.search_pos;
    case ESP32C3_RSA_INT_ENA: return hw.int_ena;
    default: return 0xdeadbeefu;
    }
}

static int busy(void)
{
    return hw.busy_left > 0 || hw.hung || esp32c3_model.stuck > 0;
}

/* Block word at an offset, or NULL. */
static uint32_t *block_word(uint32_t offset)
{
    static const uint32_t bases[4] = { ESP32C3_RSA_M_MEM, ESP32C3_RSA_Z_MEM, ESP32C3_RSA_Y_MEM,
                                       ESP32C3_RSA_X_MEM };
    uint32_t *blocks[4];
    size_t b;
    blocks[0] = hw.m; blocks[1] = hw.z; blocks[2] = hw.y; blocks[3] = hw.x;
    for (b = 0; b < 4; b++) {
        if (offset >= bases[b] && offset < bases[b] + 4u * WORDS) {
            if ((offset & 3u) != 0) {
                violation("unaligned block access");
                return NULL;
            }
            return blocks[b] + (offset - bases[b]) / 4u;
        }
    }
    return NULL;
}

/* a < b over n words */
static int less(const uint32_t *a, const uint32_t *b, size_t n)
{
    size_t i = n;
    while (i-- > 0) {
        if (a[i] != b[i]) {
            return a[i] < b[i];
        }
    }
    return 0;
}

static void start(uint32_t offset)
{
    size_t n = (size_t)hw.mode + 1u;
    uint32_t t[WORDS], acc[WORDS], xm[WORDS], r2[WORDS];
#if defined(PICOPSA_MODEL_CT)
    /* Under the constant-time harness the model is hardware: what it
     * computes is not the software's data flow (its checks branch on the
     * operands), so its inputs are declassified here, and its result is
     * marked secret again when it appears in the Z block if any input was
     * secret (the V bits memcheck keeps for the register file). */
    {
        static uint8_t vbits[4u * WORDS];
        const uint32_t *ops[4];
        size_t i, k, len = (hw.mode > 95u ? WORDS : (size_t)hw.mode + 1u) * 4u;
        uint8_t any = 0;
        ops[0] = hw.m; ops[1] = hw.x; ops[2] = hw.y; ops[3] = hw.z;
        for (k = 0; k < 4; k++) {   /* the operands the operation reads */
            memset(vbits, 0, sizeof(vbits));
            if (VALGRIND_GET_VBITS(ops[k], vbits, len) == 1) {
                for (i = 0; i < len; i++) {
                    any |= vbits[i];
                }
            }
        }
        hw_secret = any != 0;
        VALGRIND_MAKE_MEM_DEFINED(&hw, sizeof(hw));
    }
#endif
    if (busy()) {
        violation("start while an operation runs");
        return;
    }
    if (hw.pending_ack) {
        violation("start before the previous operation's interrupt was cleared");
    }
    if (hw.int_ena != 0) {
        violation("start with RSA_INTERRUPT_ENA 1 (its reset value): the interrupt reaches the CPU");
    }
    if (hw.mode > 95u) {
        violation("RSA_MODE above 95 (3072 bits)");
        return;
    }
    if (offset == ESP32C3_RSA_SET_START_MULT) {
        violation("plain multiplication is not modelled (the driver does not use it)");
        return;
    }
    if ((hw.m[0] & 1u) == 0 || (uint32_t)(hw.m[0] * hw.m_prime) != 0xffffffffu) {
        esp32c3_model.bad_modulus++;   /* see the header; the product is garbage */
    }
    if (!less(hw.x, hw.m, n)) {
        esp32c3_model.unreduced++;   /* see the header */
    }
    if ((unsigned)n > esp32c3_model.longest_words) {
        esp32c3_model.longest_words = (unsigned)n;
    }
    if (offset == ESP32C3_RSA_SET_START_MODMULT) {
        if (!less(hw.y, hw.m, n)) {
            esp32c3_model.unreduced++;
        }
        /* Z = X Y r R^-2 mod M: two Montgomery products (TRM). */
        pp_bn_mont_mul(t, hw.x, hw.y, hw.m, hw.m_prime, n);
        if (esp32c3_model.quirk == ESP32C3_QUIRK_ONE_REDUCTION) {
            memcpy(hw.result, t, sizeof(t));   /* a chip that ignores r */
        } else {
            pp_bn_mont_mul(hw.result, t, hw.z, hw.m, hw.m_prime, n);
        }
        esp32c3_model.modmult++;
    } else {
        size_t bits = 32u * n, i;
        pp_bn_mont_r2(r2, hw.m, hw.m_prime, n, pp_bn_bits_vartime(hw.m, n));
        if (memcmp(r2, hw.z, n * 4u) != 0) {
            violation("modular exponentiation without r = R^2 mod M in the Z block");
            return;
        }
        while (bits > 0 && ((hw.y[(bits - 1u) / 32u] >> ((bits - 1u) % 32u)) & 1u) == 0) {
            bits--;
        }
        if (hw.search_enable && bits > (size_t)hw.search_pos + 1u) {
            violation("exponent bits above RSA_SEARCH_POS with search enabled");
            return;
        }
        if ((unsigned)bits > esp32c3_model.longest_exp_bits) {
            esp32c3_model.longest_exp_bits = (unsigned)bits;
        }
        /* X^Y: left to right over Montgomery forms, result out of it. */
        pp_bn_mont_mul(xm, hw.x, r2, hw.m, hw.m_prime, n);          /* X R */
        memset(acc, 0, sizeof(acc));
        acc[0] = 1;
        pp_bn_mont_mul(acc, acc, r2, hw.m, hw.m_prime, n);          /* R */
        for (i = bits; i-- > 0;) {
            pp_bn_mont_mul(acc, acc, acc, hw.m, hw.m_prime, n);
            if ((hw.y[i / 32u] >> (i % 32u)) & 1u) {
                pp_bn_mont_mul(acc, acc, xm, hw.m, hw.m_prime, n);
            }
        }
        memset(t, 0, sizeof(t));
        t[0] = 1;
        pp_bn_mont_mul(hw.result, acc, t, hw.m, hw.m_prime, n);
        esp32c3_model.modexp++;
        if (hw.const_time == 0 || hw.search_enable) {
            esp32c3_model.modexp_fast++;
        }
    }
    hw.busy_left = 2u + (unsigned)n / 16u;
    if (esp32c3_model.quirk == ESP32C3_QUIRK_TIMING) {
        hw.busy_left += hw.x[0] & 3u;   /* early termination on operand bits */
    }
    esp32c3_model.starts++;
    if (esp32c3_model.hang_at != 0 && esp32c3_model.starts == esp32c3_model.hang_at) {
        hw.hung = 1;   /* never idle again (a reset does not help) */
    }
}

uint32_t esp32c3_model_read(uint32_t offset)
{
    uint32_t *w;
    ensure_init();
    check_owner();
    if (!block_on()) {
        violation("RSA register read with the clock gated or the block held in reset");
        return 0;
    }
    if (offset == ESP32C3_RSA_QUERY_CLEAN) {
        esp32c3_model.polls++;
        if (esp32c3_model.clean_hang) {
            esp32c3_model.hung_polls++;
            return 0;
        }
        if (!mem_powered()) {
            return esp32c3_model.quirk == ESP32C3_QUIRK_CLEAN_WHEN_OFF ? 1u : 0u;
        }
        if (hw.init_pending) {
            if (hw.clean_countdown > 0) {
                hw.clean_countdown--;
                return 0;
            }
            memset(hw.m, 0, sizeof(hw.m));   /* the memory initialisation */
            memset(hw.x, 0, sizeof(hw.x));
            memset(hw.y, 0, sizeof(hw.y));
            memset(hw.z, 0, sizeof(hw.z));
            hw.init_pending = 0;
        }
        hw.clean_seen = 1;
        return 1;
    }
    if (!hw.clean_seen) {
        violation("access before RSA_QUERY_CLEAN read 1");
    }
    if (offset == ESP32C3_RSA_QUERY_IDLE) {
        esp32c3_model.polls++;
        if (hw.hung) {
            esp32c3_model.hung_polls++;
            return 0;
        }
        if (esp32c3_model.stuck > 0) {
            esp32c3_model.stuck--;   /* busy this many more polls */
            esp32c3_model.hung_polls++;
            return 0;
        }
        if (hw.busy_left > 0) {
            esp32c3_model.busy_polls++;
            if (--hw.busy_left == 0) {
                memcpy(hw.z, hw.result, sizeof(hw.z));
#if defined(PICOPSA_MODEL_CT)
                if (hw_secret) {
                    VALGRIND_MAKE_MEM_UNDEFINED(hw.z, sizeof(hw.z));
                }
#endif
                memset(hw.result, 0, sizeof(hw.result));
                hw.pending_ack = 1;
            }
            return 0;
        }
        return 1;
    }
    w = block_word(offset);
    if (w != NULL) {
        if (busy()) {
            violation("block read while an operation runs");
        }
        return *w;
    }
    switch (offset) {
    case ESP32C3_RSA_M_PRIME: return hw.m_prime;
    case ESP32C3_RSA_MODE: return hw.mode;
    case ESP32C3_RSA_CONSTANT_TIME: return hw.const_time;
    case ESP32C3_RSA_SEARCH_ENABLE: return hw.search_enable;
    case ESP32C3_RSA_SEARCH_POS: return hw.search_pos;
    case ESP32C3_RSA_INT_ENA: return hw.int_ena;
    default:
        violation("read of an unknown or write-only register");
        return 0;
    }
}

void esp32c3_model_write(uint32_t offset, uint32_t value)
{
    uint32_t *w;
    ensure_init();
    check_owner();
    if (!block_on()) {
        violation("RSA register write with the clock gated or the block held in reset");
        return;
    }
    if (!hw.clean_seen) {
        violation("access before RSA_QUERY_CLEAN read 1");
    }
    if (busy() && offset != ESP32C3_RSA_CLEAR_INTERRUPT) {
        violation("write while an operation runs");
        return;
    }
    w = block_word(offset);
    if (w != NULL) {
        *w = value;
        return;
    }
    switch (offset) {
    case ESP32C3_RSA_M_PRIME: hw.m_prime = value; break;
    case ESP32C3_RSA_MODE: hw.mode = value & 0x7fu; break;
    case ESP32C3_RSA_CONSTANT_TIME: hw.const_time = value & 1u; break;
    case ESP32C3_RSA_SEARCH_ENABLE: hw.search_enable = value & 1u; break;
    case ESP32C3_RSA_SEARCH_POS: hw.search_pos = value & 0xfffu; break;
    case ESP32C3_RSA_INT_ENA: hw.int_ena = value & 1u; break;
    case ESP32C3_RSA_CLEAR_INTERRUPT: hw.pending_ack = 0; break;
    case ESP32C3_RSA_SET_START_MODEXP:
    case ESP32C3_RSA_SET_START_MODMULT:
    case ESP32C3_RSA_SET_START_MULT:
        if (value & 1u) {
            start(offset);
        }
        break;
    default:
        violation("write of an unknown or read-only register");
    }
}
