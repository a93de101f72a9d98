/*
 * fw_fault_app.c -- subject of the fault-injection campaign
 * (tools/fault/fault_campaign.py, docs/fault-injection.md).
 *
 * The campaign runs this image in unicorn (Cortex-M4): once
 * fw_fault_setup() (PSA init, three keys imported), then each
 * fw_fault_sign_<op>() many times from the state setup left, flipping
 * one bit of a register or of a live stack word at a random executed
 * instruction of the call. Every input and output lives in .bss/.rodata,
 * outside the stack: a flip of the output after the call returns is not
 * in the fault model. fw_fault_status / fw_fault_len / fw_fault_sig hold
 * what the call returned; the tool compares them with the unfaulted run.
 *
 * main() runs the same sequence once (QEMU or a board: prints the
 * statuses); the campaign never runs it.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <picopsa/config.h>
#include <psa/crypto.h>

#include "../fw_rsa_key.h"
#include "../fw_semihost.h"

#define FW_FAULT_SIG_MAX 256u

/* Results of the last call (read by the tool). */
__attribute__((used)) volatile int32_t fw_fault_status;
__attribute__((used)) size_t fw_fault_len;
__attribute__((used)) uint8_t fw_fault_sig[FW_FAULT_SIG_MAX];
/* Set by fw_fault_setup when the key of an operation imported (bit 0
 * Ed25519, 1 ECDSA, 2 RSA). */
__attribute__((used)) volatile uint32_t fw_fault_ready;

static psa_key_id_t key_ed25519, key_p256, key_rsa;
static uint8_t msg32[32];
static uint8_t hash_sample[32];   /* SHA-256("sample"), RFC 6979 A.2.5 */
static uint8_t rsa_der[1200];

static int unhex(uint8_t *out, size_t size, const char *hex, size_t *len)
{
    size_t n = 0;
    while (hex[0] != '\0' && hex[1] != '\0') {
        unsigned v = 0;
        for (int i = 0; i < 2; i++) {
            char c = hex[i];
            v = (v << 4) | (unsigned)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
        }
        if (n == size) {
            return -1;
        }
        out[n++] = (uint8_t)v;
        hex += 2;
    }
    *len = n;
    return 0;
}

static psa_key_id_t import(psa_key_type_t type, psa_algorithm_t alg, psa_key_usage_t usage,
                           const uint8_t *data, size_t len)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, type);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    if (psa_import_key(&attr, data, len, &id) != PSA_SUCCESS) {
        return PSA_KEY_ID_NULL;
    }
    return id;
}

__attribute__((noinline, used)) void fw_fault_setup(void);
__attribute__((noinline, used)) void fw_fault_setup(void)
{
    size_t i, len = 0;
    fw_fault_ready = 0;
    if (psa_crypto_init() != PSA_SUCCESS) {
        return;
    }
    for (i = 0; i < sizeof(msg32); i++) {
        msg32[i] = (uint8_t)(i * 7u + 1u);
    }
#if PSA_WANT_ALG_PURE_EDDSA
    {
        /* RFC 8032 7.1 TEST 1 secret key. */
        static const char seed[] = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
        uint8_t k[32];
        if (unhex(k, sizeof(k), seed, &len) == 0) {
            key_ed25519 = import(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS),
                                 PSA_ALG_PURE_EDDSA, PSA_KEY_USAGE_SIGN_MESSAGE, k, 32);
        }
        fw_fault_ready |= key_ed25519 != PSA_KEY_ID_NULL ? 1u : 0u;
    }
#endif
#if PSA_WANT_ALG_DETERMINISTIC_ECDSA && PSA_WANT_ECC_SECP_R1_256 && PSA_WANT_ALG_SHA_256
    {
        /* RFC 6979 A.2.5 private key x and SHA-256("sample"). */
        static const char x[] = "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721";
        static const char h[] = "af2bdbe1aa9b6ec1e2ade1d694f41fc71a831d0268e9891562113d8a62add1bf";
        uint8_t k[32];
        if (unhex(k, sizeof(k), x, &len) == 0 &&
            unhex(hash_sample, sizeof(hash_sample), h, &len) == 0) {
            key_p256 = import(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1),
                              PSA_ALG_DETERMINISTIC_ECDSA(PSA_ALG_SHA_256),
                              PSA_KEY_USAGE_SIGN_HASH, k, 32);
        }
        fw_fault_ready |= key_p256 != PSA_KEY_ID_NULL ? 2u : 0u;
    }
#endif
#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR && PSA_WANT_ALG_RSA_PKCS1V15_SIGN && PSA_WANT_ALG_SHA_256 && \
    PICOPSA_RSA_MAX_BITS >= 2048
    if (unhex(rsa_der, sizeof(rsa_der), fw_rsa2048_key_der_hex, &len) == 0) {
        key_rsa = import(PSA_KEY_TYPE_RSA_KEY_PAIR, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256),
                         PSA_KEY_USAGE_SIGN_HASH, rsa_der, len);
    }
    fw_fault_ready |= key_rsa != PSA_KEY_ID_NULL ? 4u : 0u;
#endif
    (void)len;
    (void)rsa_der;
}

/* One signing call each; the output starts as zeros so that a call that
 * writes nothing is told from one that writes a signature. */
static void begin(void)
{
    memset(fw_fault_sig, 0, sizeof(fw_fault_sig));
    fw_fault_len = 0;
    fw_fault_status = PSA_ERROR_GENERIC_ERROR;
}

__attribute__((noinline, used)) void fw_fault_sign_ed25519(void);
__attribute__((noinline, used)) void fw_fault_sign_ed25519(void)
{
    begin();
    fw_fault_status = psa_sign_message(key_ed25519, PSA_ALG_PURE_EDDSA, msg32, sizeof(msg32),
                                       fw_fault_sig, sizeof(fw_fault_sig), &fw_fault_len);
}

__attribute__((noinline, used)) void fw_fault_sign_ecdsa(void);
__attribute__((noinline, used)) void fw_fault_sign_ecdsa(void)
{
    begin();
    fw_fault_status = psa_sign_hash(key_p256, PSA_ALG_DETERMINISTIC_ECDSA(PSA_ALG_SHA_256),
                                    hash_sample, sizeof(hash_sample), fw_fault_sig,
                                    sizeof(fw_fault_sig), &fw_fault_len);
}

__attribute__((noinline, used)) void fw_fault_sign_rsa(void);
__attribute__((noinline, used)) void fw_fault_sign_rsa(void)
{
    begin();
    fw_fault_status = psa_sign_hash(key_rsa, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), msg32,
                                    sizeof(msg32), fw_fault_sig, sizeof(fw_fault_sig),
                                    &fw_fault_len);
}

int main(void);
int main(void)
{
    static void (*const ops[3])(void) = {fw_fault_sign_ed25519, fw_fault_sign_ecdsa,
                                         fw_fault_sign_rsa};
    static const char *const names[3] = {"ed25519", "ecdsa", "rsa"};
    int failed = 0;
    fw_fault_setup();
    for (unsigned i = 0; i < 3u; i++) {
        if ((fw_fault_ready & (1u << i)) == 0u) {
            continue;
        }
        ops[i]();
        fw_semihost_write0(names[i]);
        fw_semihost_write0(fw_fault_status == PSA_SUCCESS ? ": signed\n" : ": FAILED\n");
        failed |= fw_fault_status != PSA_SUCCESS;
    }
    fw_semihost_write0(failed ? "[TEST FAILED]\n" : "[TEST PASSED]\n");
    return failed;
}
