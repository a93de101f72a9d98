/*
 * test_driver_esp32c3.c -- the ESP32-C3 RSA accelerator driver
 * (drivers/esp32c3/) on its register model (tests/models/): every product
 * and public exponentiation equals picopsa's software for every operand
 * size the hardware takes (512..3072 bits in 32-bit steps), sizes outside
 * fall back (decided by the size alone), no precondition of the model is
 * violated, and after every operation nothing secret-derived is left
 * (blocks, RSA_M_PRIME, RSA_MODE, RSA_SEARCH_POS) and the block is parked
 * (memory powered down, reset held, clock gated); RSA-2048, -3072 and
 * -4096 signatures through the PSA API equal the software's; a peripheral
 * that stalls at any point (memory initialisation, begin, the k-th
 * product, the public modexp) is a HARDWARE_FAILURE after exactly one
 * poll limit, with M' dropped and the block parked; the block found in
 * another user's state (powered down, interrupt enabled, fast modes on)
 * is re-established; with PICOPSA_ESP32C3_LOCK every access is under the
 * port lock. The operation counts and longest hardware operation per PSA
 * call are printed for docs/drivers.md. The model's own checks are shown
 * to fire on a broken protocol.
 */
#include "test_config.h"
#include "test_util.h"

#include <stdio.h>
#include <string.h>

#include <psa/crypto.h>

#include "bignum/bignum.h"
#include "esp32c3/esp32c3_rsa.h"
#include "esp32c3_rsa_model.h"
#include "test/test_driver.h"

#if TEST_HAVE_RSA_KEY_PAIR

static uint64_t rng_state = 0x6573703332633352ull;
static uint32_t rnd32(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

#define MAXW 100u

/* Nothing secret-derived left and the block parked (docs/drivers.md). */
static int at_rest(void)
{
    return esp32c3_model_secrets_clear() && esp32c3_model_parked();
}

#if PICOPSA_ESP32C3_LOCK
/* The port lock: the model refuses any access while it is not held. */
static int lock_held;
static unsigned long lock_count;
void picopsa_port_esp32c3_rsa_lock(void)
{
    CHECK(!lock_held);
    lock_held = 1;
    lock_count++;
}
void picopsa_port_esp32c3_rsa_unlock(void)
{
    CHECK(lock_held);
    lock_held = 0;
}
static int may_access(void)
{
    return lock_held;
}
#endif

/* A random odd modulus of exactly `words` words with the top bit set and
 * an operand below it. */
static void random_modulus(uint32_t *m, size_t words)
{
    size_t i;
    for (i = 0; i < words; i++) {
        m[i] = rnd32();
    }
    m[0] |= 1u;
    m[words - 1u] |= 0x80000000u;
}
static void random_below(uint32_t *x, const uint32_t *m, size_t words)
{
    size_t i;
    for (i = 0; i < words; i++) {
        x[i] = rnd32();
    }
    x[words - 1u] = m[words - 1u] >> 1;
}

static void test_engine_sizes(void)
{
    const picopsa_bn_engine_t *e = picopsa_esp32c3_driver.bn_engine;
    static uint32_t m[MAXW], x[MAXW], y[MAXW], r1[MAXW], r2[MAXW], z[MAXW], ref[MAXW], one[MAXW];
    size_t words, k, mismatches = 0, checked = 0;
    CHECK(e != NULL && e->begin != NULL && e->mont_mul != NULL && e->end != NULL);
    if (e == NULL) {
        return;
    }
    esp32c3_model_reset();
    for (words = 16; words <= 96; words++) {
        uint32_t mp;
        random_modulus(m, words);
        mp = (uint32_t)pp_bn_mont_m0inv(m[0]);
        pp_bn_mont_r2(r2, m, mp, words, 32u * words);
        memset(one, 0, sizeof(one));
        one[0] = 1;
        pp_bn_mont_mul(r1, one, r2, m, mp, words);   /* R mod m */
        CHECK_STATUS(e->begin(m, mp, r1, words, 1), PSA_SUCCESS);
        for (k = 0; k < 3; k++) {
            random_below(x, m, words);
            random_below(y, m, words);
            pp_bn_mont_mul(ref, x, y, m, mp, words);
            CHECK_STATUS(e->mont_mul(z, x, y, m, mp, words, 1), PSA_SUCCESS);
            mismatches += memcmp(z, ref, words * 4u) != 0;
            CHECK_STATUS(e->mont_mul(x, x, x, m, mp, words, 1), PSA_SUCCESS); /* z aliases x, y */
            pp_bn_mont_mul(ref, y, y, m, mp, words);
            pp_bn_mont_mul(y, y, y, m, mp, words);
            checked++;
        }
        e->end();
        CHECK(at_rest());
#if PICOPSA_ESP32C3_PUBLIC_MODEXP
        {
            uint64_t exps[2] = { 65537u, 3u };
            for (k = 0; k < 2; k++) {
                random_below(x, m, words);
                pp_bn_mod_exp_public_vartime(ref, x, exps[k], m, mp, r2, words, PP_BN_KERNEL_BASE);
                CHECK_STATUS(e->mod_exp_public(z, x, exps[k], m, mp, r2, words), PSA_SUCCESS);
                mismatches += memcmp(z, ref, words * 4u) != 0;
                CHECK(at_rest());
            }
        }
#endif
    }
    CHECK(mismatches == 0 && checked == 3u * 81u);
    CHECK(esp32c3_model.violations == 0 && esp32c3_model.unreduced == 0);
    CHECK(esp32c3_model.bad_modulus == 0);
    CHECK(esp32c3_model.longest_words == 96);
#if PICOPSA_ESP32C3_PUBLIC_MODEXP
    CHECK(esp32c3_model.modexp == 2u * 81u && esp32c3_model.modexp_fast == esp32c3_model.modexp);
    CHECK(esp32c3_model.longest_exp_bits == 17);
#endif
    /* Outside the hardware's sizes: declined before touching anything. */
    random_modulus(m, 97);
    CHECK_STATUS(e->begin(m, (uint32_t)pp_bn_mont_m0inv(m[0]), r1, 97, 1), PSA_ERROR_NOT_SUPPORTED);
    random_modulus(m, 15);
    CHECK_STATUS(e->begin(m, (uint32_t)pp_bn_mont_m0inv(m[0]), r1, 15, 1), PSA_ERROR_NOT_SUPPORTED);

#if PICOPSA_ESP32C3_PUBLIC_MODEXP
    random_modulus(m, 97);
    CHECK_STATUS(e->mod_exp_public(z, x, 65537u, m, (uint32_t)pp_bn_mont_m0inv(m[0]), r2, 97),
                 PSA_ERROR_NOT_SUPPORTED);
#endif
}

/* One signature with the model's stall hooks set by the caller: it must
 * fail with HARDWARE_FAILURE after exactly one poll limit of unanswered
 * polls, with zeroed output, no violation, M' dropped, the block parked. */
static void expect_stall(psa_key_id_t id, const char *where)
{
    uint8_t sig[512];
    size_t sig_len = 7, i;
    uint8_t acc = 0;
    static const uint8_t hash[32] = { 9 };
    unsigned long checks_failed = test_failed;
    memset(sig, 0x11, sizeof(sig));
    CHECK_STATUS(psa_sign_hash(id, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), hash, 32, sig,
                               sizeof(sig), &sig_len), PSA_ERROR_HARDWARE_FAILURE);
    for (i = 0; i < sizeof(sig); i++) {
        acc |= sig[i];
    }
    CHECK(sig_len == 0 && acc == 0);
    CHECK(esp32c3_model.hung_polls == PICOPSA_ESP32C3_POLL_LIMIT);
    CHECK(esp32c3_model.violations == 0);
    CHECK(esp32c3_model_peek(ESP32C3_RSA_M_PRIME) == 0 && esp32c3_model_parked());
    if (test_failed != checks_failed) {
        printf("  stall %s: %lu unanswered polls (limit %u), %u violations (%s)\n", where,
               esp32c3_model.hung_polls, (unsigned)PICOPSA_ESP32C3_POLL_LIMIT,
               esp32c3_model.violations,
               esp32c3_model.last_violation ? esp32c3_model.last_violation : "-");
    }
}

/* A peripheral that stalls at every point of a private operation: the
 * memory initialisation, begin's idle wait, the k-th product (a hung
 * block never becomes idle again, even after a reset). The first timeout
 * ends the hardware's part: one poll limit in all, not one per product. */
static void test_stalls(psa_key_id_t id, unsigned long products)
{
    const unsigned long at[] = { 1, 2, 3, 40, products / 4u, products / 2u, products / 2u + 1u,
                                 products - 1u, products };
    uint8_t sig[512];
    size_t sig_len = 0, k;
    static const uint8_t hash[32] = { 9 };
    esp32c3_model.strict = 0;   /* the old driver's writes into a busy block: counted */
    esp32c3_model_reset();
    esp32c3_model.clean_hang = 1;
    expect_stall(id, "memory initialisation");
    esp32c3_model_reset();
    esp32c3_model.stuck = (int)(3u * PICOPSA_ESP32C3_POLL_LIMIT);
    expect_stall(id, "begin (idle)");
    for (k = 0; k < sizeof(at) / sizeof(at[0]); k++) {
        char where[40];
        esp32c3_model_reset();
        esp32c3_model.hang_at = at[k];
        sprintf(where, "product %lu", at[k]);
        expect_stall(id, where);
    }
    /* A stall that ends after the timeout: the next operation works and
     * leaves nothing behind (the initialisation zeroed what the abandoned
     * operation left in the powered-down memory). */
    esp32c3_model_reset();
    esp32c3_model.stuck = (int)(PICOPSA_ESP32C3_POLL_LIMIT + 5u);
    expect_stall(id, "transient");
    esp32c3_model.stuck = 0;
    CHECK_STATUS(psa_sign_hash(id, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), hash, 32, sig,
                               sizeof(sig), &sig_len), PSA_SUCCESS);
    CHECK(esp32c3_model.violations == 0 && at_rest());
    esp32c3_model.strict = 1;
}

/* The public operation stalls: in the modexp path its single call, in the
 * Montgomery path a product; one poll limit either way. */
static void test_public_stall(psa_key_id_t id)
{
    static const uint8_t hash[32] = { 9 };
    uint8_t sig[256];
    size_t sig_len = 0;
    esp32c3_model_reset();
    CHECK_STATUS(psa_sign_hash(id, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), hash, 32, sig,
                               sizeof(sig), &sig_len), PSA_SUCCESS);
    esp32c3_model.strict = 0;
    esp32c3_model_reset();
    esp32c3_model.hang_at = PICOPSA_ESP32C3_PUBLIC_MODEXP ? 1u : 5u;
    CHECK_STATUS(psa_verify_hash(id, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), hash, 32, sig,
                                 sig_len), PSA_ERROR_HARDWARE_FAILURE);
    CHECK(esp32c3_model.hung_polls == PICOPSA_ESP32C3_POLL_LIMIT);
    CHECK(esp32c3_model.violations == 0 && esp32c3_model_parked());
    CHECK(esp32c3_model_peek(ESP32C3_RSA_M_PRIME) == 0);
    esp32c3_model.strict = 1;
}

/* Another user (ESP-IDF's bignum, DS) left the block running with the
 * interrupt enabled and the fast modes on: begin re-establishes all of
 * it (a secret operation must never run with them: counted as fast). */
static void test_foreign_state(psa_key_id_t id)
{
    static const uint8_t hash[32] = { 9 };
    uint8_t sig[256];
    size_t sig_len = 0;
    esp32c3_model_reset();
#if PICOPSA_ESP32C3_LOCK
    lock_held = 1;
#endif
    picopsa_esp32c3_rsa_power_up();
    while (esp32c3_model_read(ESP32C3_RSA_QUERY_CLEAN) == 0) {
    }
    esp32c3_model_write(ESP32C3_RSA_CONSTANT_TIME, 0u);
    esp32c3_model_write(ESP32C3_RSA_SEARCH_ENABLE, 1u);
    esp32c3_model_write(ESP32C3_RSA_M_PRIME, 0x12345679u);
#if PICOPSA_ESP32C3_LOCK
    lock_held = 0;
#endif
    CHECK(esp32c3_model_peek(ESP32C3_RSA_INT_ENA) == 1u);   /* its reset value */
    CHECK_STATUS(psa_sign_hash(id, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), hash, 32, sig,
                               sizeof(sig), &sig_len), PSA_SUCCESS);
    CHECK(esp32c3_model.violations == 0 && esp32c3_model.modexp_fast == 0 && at_rest());
    /* Left powered down and in reset: the next user's begin powers it up. */
    CHECK_STATUS(psa_sign_hash(id, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), hash, 32, sig,
                               sizeof(sig), &sig_len), PSA_SUCCESS);
    CHECK(esp32c3_model.violations == 0 && at_rest());
}

static void test_psa(size_t bits, psa_key_id_t *keep, unsigned long *products)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    psa_algorithm_t alg = PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256);
    static const uint8_t hash[32] = { 1, 2, 3 };
    uint8_t sig[512], ref[512];
    size_t sig_len = 0, ref_len = 0;
    unsigned long sign_mm, verify_mm, verify_exp;
    unsigned sign_words, verify_words;
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_bits(&attr, bits);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_SUCCESS);
    /* The software's signature: the test driver's engine multiplies. */
    pp_td_reset();
    pp_td.mode[PP_TD_MONT_MUL] = PP_TD_SOFTWARE;
    CHECK_STATUS(psa_sign_hash(id, alg, hash, 32, ref, sizeof(ref), &ref_len), PSA_SUCCESS);
    pp_td_reset();
    esp32c3_model_reset();
    CHECK_STATUS(psa_sign_hash(id, alg, hash, 32, sig, sizeof(sig), &sig_len), PSA_SUCCESS);
    CHECK(sig_len == bits / 8u && memcmp(sig, ref, sig_len) == 0);
    sign_mm = esp32c3_model.modmult;
    sign_words = esp32c3_model.longest_words;
    CHECK(sign_mm > 0 && esp32c3_model.modexp == 0 && at_rest());
    CHECK(esp32c3_model_peek(ESP32C3_RSA_M_PRIME) == 0);   /* RSA-4096: it held -q^-1 */
    esp32c3_model_reset();
    CHECK_STATUS(psa_verify_hash(id, alg, hash, 32, sig, sig_len), PSA_SUCCESS);
    verify_mm = esp32c3_model.modmult;
    verify_exp = esp32c3_model.modexp;
    verify_words = esp32c3_model.longest_words;
    CHECK(at_rest() && esp32c3_model.violations == 0);
    CHECK(esp32c3_model.unreduced == 0 && esp32c3_model.bad_modulus == 0);
    if (bits > 3072) {
        CHECK(verify_exp == 0 && verify_mm == 0);   /* full size: software */
    } else {
#if PICOPSA_ESP32C3_PUBLIC_MODEXP
        CHECK(verify_exp == 1 && verify_mm == 0 && esp32c3_model.longest_exp_bits == 17);
#else
        CHECK(verify_exp == 0 && verify_mm > 0);
#endif
    }
    sig[3] ^= 1u;
    CHECK_STATUS(psa_verify_hash(id, alg, hash, 32, sig, sig_len), PSA_ERROR_INVALID_SIGNATURE);
    printf("RSA-%zu: sign %lu modular multiplications, longest %u words; verify %lu modmult + %lu "
           "modexp, longest %u words\n", bits, sign_mm, sign_words, verify_mm, verify_exp,
           verify_words);
    if (products != NULL) {
        *products = sign_mm;
    }
    if (keep != NULL) {
        *keep = id;
    } else {
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    }
}

/* The model's checks fire (non-strict mode). */
static void test_model_checks(void)
{
    unsigned before, n;
    esp32c3_model.strict = 0;
    esp32c3_model_reset();
#if PICOPSA_ESP32C3_LOCK
    lock_held = 1;
#endif
    /* Reset values: clock gated, RSA and DS in reset, memory powered down. */
    CHECK(esp32c3_model_sys_read(ESP32C3_SYSTEM_PERIP_CLK_EN1) == 0u);
    CHECK(esp32c3_model_sys_read(ESP32C3_SYSTEM_PERIP_RST_EN1) == 0x1feu);
    CHECK(esp32c3_model_sys_read(ESP32C3_SYSTEM_RSA_PD_CTRL) == 1u);
    (void)esp32c3_model_read(ESP32C3_RSA_QUERY_CLEAN);       /* clock gated */
    CHECK(esp32c3_model.violations == 1);
    esp32c3_model_sys_write(ESP32C3_SYSTEM_PERIP_CLK_EN1, ESP32C3_SYSTEM_CRYPTO_RSA);
    esp32c3_model_sys_write(ESP32C3_SYSTEM_PERIP_RST_EN1, 0x1feu & ~ESP32C3_SYSTEM_CRYPTO_RSA);
    (void)esp32c3_model_read(ESP32C3_RSA_QUERY_CLEAN);       /* DS reset holds RSA */
    CHECK(esp32c3_model.violations == 2);
    esp32c3_model_sys_write(ESP32C3_SYSTEM_PERIP_RST_EN1, 0x1feu & ~ESP32C3_SYSTEM_CRYPTO_RSA &
                            ~ESP32C3_SYSTEM_CRYPTO_DS_RST);
    for (n = 0; n < 100; n++) {                              /* memory powered down */
        CHECK(esp32c3_model_read(ESP32C3_RSA_QUERY_CLEAN) == 0);
    }
    esp32c3_model_sys_write(ESP32C3_SYSTEM_RSA_PD_CTRL, 0u);
    CHECK(esp32c3_model.violations == 2);
    esp32c3_model.violations = 0;
    esp32c3_model_write(ESP32C3_RSA_MODE, 1u);               /* before CLEAN read 1 */
    CHECK(esp32c3_model.violations == 1);
    while (esp32c3_model_read(ESP32C3_RSA_QUERY_CLEAN) == 0) {
    }
    CHECK(esp32c3_model_peek(ESP32C3_RSA_INT_ENA) == 1u && esp32c3_model_peek(ESP32C3_RSA_CONSTANT_TIME) == 1u);
    before = esp32c3_model.violations;
    esp32c3_model_write(ESP32C3_RSA_SET_START_MODMULT, 1u);  /* interrupt enabled (M = 0: counted) */
    CHECK(esp32c3_model.violations == before + 1u);
    while (esp32c3_model_read(ESP32C3_RSA_QUERY_IDLE) == 0) {
    }
    esp32c3_model_write(ESP32C3_RSA_CLEAR_INTERRUPT, 1u);
    esp32c3_model_write(ESP32C3_RSA_INT_ENA, 0u);
    esp32c3_model_write(ESP32C3_RSA_MODE, 0u);
    esp32c3_model_write(ESP32C3_RSA_M_MEM, 7u);
    esp32c3_model_write(ESP32C3_RSA_M_PRIME, 1u);            /* wrong M': counted */
    before = esp32c3_model.violations;
    esp32c3_model_write(ESP32C3_RSA_SET_START_MODMULT, 1u);
    CHECK(esp32c3_model.violations == before && esp32c3_model.bad_modulus == 2);
    while (esp32c3_model_read(ESP32C3_RSA_QUERY_IDLE) == 0) {
    }
    esp32c3_model_write(ESP32C3_RSA_CLEAR_INTERRUPT, 1u);
    esp32c3_model_write(ESP32C3_RSA_M_PRIME, 0x49249249u);   /* -7^-1 mod 2^32 */
    esp32c3_model_write(ESP32C3_RSA_X_MEM, 3u);
    esp32c3_model_write(ESP32C3_RSA_Y_MEM, 5u);
    before = esp32c3_model.violations;
    esp32c3_model_write(ESP32C3_RSA_SET_START_MODMULT, 1u);
    CHECK(esp32c3_model.violations == before);
    esp32c3_model_write(ESP32C3_RSA_X_MEM, 1u);              /* write while busy */
    (void)esp32c3_model_read(ESP32C3_RSA_Z_MEM);             /* read while busy */
    CHECK(esp32c3_model.violations == before + 2u);
    while (esp32c3_model_read(ESP32C3_RSA_QUERY_IDLE) == 0) {
    }
    before = esp32c3_model.violations;
    esp32c3_model_write(ESP32C3_RSA_SET_START_MODMULT, 1u);  /* interrupt not cleared */
    CHECK(esp32c3_model.violations == before + 1u);
    while (esp32c3_model_read(ESP32C3_RSA_QUERY_IDLE) == 0) {
    }
    esp32c3_model_write(ESP32C3_RSA_CLEAR_INTERRUPT, 1u);
    before = esp32c3_model.violations;
    esp32c3_model_write(ESP32C3_RSA_SET_START_MODEXP, 1u);   /* Z is not R^2 mod M */
    CHECK(esp32c3_model.violations == before + 1u);
    esp32c3_model_write(ESP32C3_RSA_MODE, 96u);
    esp32c3_model_write(ESP32C3_RSA_SET_START_MODMULT, 1u);  /* 3104 bits */
    CHECK(esp32c3_model.violations == before + 2u);
    esp32c3_model_write(ESP32C3_RSA_MODE, 0u);
    esp32c3_model_write(ESP32C3_RSA_SET_START_MULT, 1u);     /* not modelled */
    CHECK(esp32c3_model.violations == before + 3u);
    /* Reset restores the configuration; the memory keeps its content until
     * the initialisation after reset. */
    esp32c3_model_write(ESP32C3_RSA_M_PRIME, 5u);
    esp32c3_model_write(ESP32C3_RSA_M_MEM, 7u);
    esp32c3_model_sys_write(ESP32C3_SYSTEM_PERIP_RST_EN1, ESP32C3_SYSTEM_CRYPTO_RSA);
    CHECK(esp32c3_model_peek(ESP32C3_RSA_M_PRIME) == 0 && esp32c3_model_peek(ESP32C3_RSA_INT_ENA) == 1u);
    CHECK(!esp32c3_model_blocks_clear());
    esp32c3_model_sys_write(ESP32C3_SYSTEM_PERIP_RST_EN1, 0u);
    while (esp32c3_model_read(ESP32C3_RSA_QUERY_CLEAN) == 0) {
    }
    CHECK(esp32c3_model_blocks_clear());
#if PICOPSA_ESP32C3_LOCK
    lock_held = 0;
#endif
    esp32c3_model.strict = 1;
    esp32c3_model_reset();
}

int main(void)
{
    psa_key_id_t id = 0, id4096 = 0;
    unsigned long products = 0, products4096 = 0;
#if PICOPSA_ESP32C3_LOCK
    esp32c3_model.may_access = may_access;
#endif
    test_model_checks();
    test_engine_sizes();
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    pp_td_reset();
    test_psa(2048, &id, &products);
    test_psa(3072, NULL, NULL);
    test_psa(4096, &id4096, &products4096);
    test_stalls(id, products);
    test_stalls(id4096, products4096);
    test_public_stall(id);
    test_foreign_state(id);
#if PICOPSA_ESP32C3_LOCK
    CHECK(lock_count > 0 && !lock_held);
#endif
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id4096), PSA_SUCCESS);
    return test_report("driver_esp32c3");
}
#else
int main(void)
{
    return test_skip("driver_esp32c3", "RSA key pairs configured out");
}
#endif
