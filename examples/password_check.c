/*
 * password_check.c -- store a password as a PBKDF2 hash in a persistent
 * PSA_KEY_TYPE_PASSWORD_HASH key, then check login attempts against it
 * with psa_key_derivation_verify_key (PSA Crypto API 1.2 10.6): the stored
 * hash is never exported, not even to the application.
 *
 * Enrolment derives the hash with psa_key_derivation_output_key (10.6.3:
 * a PASSWORD_HASH key takes bits / 8 bytes of the stream), from the
 * password imported as a PSA_KEY_TYPE_PASSWORD key, under a policy
 * that permits only PSA_KEY_USAGE_VERIFY_DERIVATION with the same PBKDF2
 * algorithm. The key is then purged from memory, so each login reads it
 * back from storage, as after a reboot. A login runs the same derivation
 * over the candidate password and lets the library compare (constant time,
 * INVALID_SIGNATURE on a mismatch). A real device draws a random salt per
 * user, stores it beside the key id, and picks the cost from a time budget.
 *
 * Run with PICOPSA_ITS_DIR set to a directory of its own (ctest does).
 */
#include <stdio.h>
#include <string.h>

#include <psa/crypto.h>

#define HASH_ID ((psa_key_id_t)0x00005a01u)   /* in the user range (9.3.3) */
#define ITERATIONS 10000u

static const psa_algorithm_t alg = PSA_ALG_PBKDF2_HMAC(PSA_ALG_SHA_256);
static const uint8_t salt[16] = {0x8e, 0x11, 0x57, 0x2a, 0x03, 0xd9, 0x64, 0xbf,
                                 0x70, 0x21, 0x5c, 0xe6, 0x9a, 0x48, 0x0b, 0x33};

/* setup, COST, SALT: PBKDF2's inputs before the password (10.6.1 order). */
static psa_status_t start(psa_key_derivation_operation_t *op)
{
    psa_status_t st = psa_key_derivation_setup(op, alg);
    if (st == PSA_SUCCESS) {
        st = psa_key_derivation_input_integer(op, PSA_KEY_DERIVATION_INPUT_COST, ITERATIONS);
    }
    if (st == PSA_SUCCESS) {
        st = psa_key_derivation_input_bytes(op, PSA_KEY_DERIVATION_INPUT_SALT, salt, sizeof(salt));
    }
    return st;
}

/* A key can be derived only from a password given as a key (10.6.3
 * output_key: NOT_PERMITTED when it came as bytes), so enrolment imports
 * the password as a volatile PSA_KEY_TYPE_PASSWORD key first. */
static psa_status_t enrol(const char *password)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t pw = PSA_KEY_ID_NULL, id = PSA_KEY_ID_NULL;
    psa_status_t st;

    psa_set_key_type(&attr, PSA_KEY_TYPE_PASSWORD);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_DERIVE);
    psa_set_key_algorithm(&attr, alg);
    st = psa_import_key(&attr, (const uint8_t *)password, strlen(password), &pw);
    if (st == PSA_SUCCESS) st = start(&op);
    if (st == PSA_SUCCESS) st = psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_PASSWORD, pw);

    psa_reset_key_attributes(&attr);
    psa_set_key_id(&attr, HASH_ID);   /* persistent (9.3.3) */
    psa_set_key_type(&attr, PSA_KEY_TYPE_PASSWORD_HASH);
    psa_set_key_bits(&attr, 256);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_VERIFY_DERIVATION);
    psa_set_key_algorithm(&attr, alg);
    if (st == PSA_SUCCESS) st = psa_key_derivation_output_key(&attr, &op, &id);
    psa_key_derivation_abort(&op);
    if (pw != PSA_KEY_ID_NULL) psa_destroy_key(pw);
    if (st == PSA_SUCCESS) st = psa_purge_key(HASH_ID);   /* next use reads storage */
    return st;
}

/* PSA_SUCCESS: the password is right; PSA_ERROR_INVALID_SIGNATURE: wrong.
 * A login attempt may give the password as bytes: verify_key compares
 * without making a key (10.6.3, as verify_bytes). */
static psa_status_t login(const char *password)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_status_t st = start(&op);
    if (st == PSA_SUCCESS) {
        st = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_PASSWORD,
                                            (const uint8_t *)password, strlen(password));
    }
    if (st == PSA_SUCCESS) st = psa_key_derivation_verify_key(&op, HASH_ID);
    psa_key_derivation_abort(&op);
    psa_purge_key(HASH_ID);
    return st;
}

int main(void)
{
    static const char *const attempts[] = {"correct horse battery staple",
                                           "correct horse battery stapler", "",
                                           "Correct horse battery staple"};
    uint8_t leak[32];
    size_t leak_len = 0, i;
    psa_status_t st;
    int ok = 1;

    if (psa_crypto_init() != PSA_SUCCESS) return 1;
    (void)psa_destroy_key(HASH_ID);   /* a key left by an earlier run */
    st = enrol(attempts[0]);
    if (st == PSA_ERROR_NOT_SUPPORTED) {
        printf("PBKDF2 or persistent keys configured out\n");
        return 0;
    }
    if (st != PSA_SUCCESS) {
        printf("enrolment failed: %d\n", (int)st);
        return 1;
    }
    printf("enrolled: PBKDF2-HMAC-SHA-256, %u iterations, stored as key 0x%08x\n", ITERATIONS,
           (unsigned)HASH_ID);
    for (i = 0; i < sizeof(attempts) / sizeof(attempts[0]); i++) {
        st = login(attempts[i]);
        printf("login \"%s\": %s\n", attempts[i],
               st == PSA_SUCCESS ? "accepted" : st == PSA_ERROR_INVALID_SIGNATURE ? "refused" : "error");
        ok &= (i == 0) ? st == PSA_SUCCESS : st == PSA_ERROR_INVALID_SIGNATURE;
    }
    /* The policy has no EXPORT usage: the hash cannot be read out. */
    st = psa_export_key(HASH_ID, leak, sizeof(leak), &leak_len);
    printf("export of the stored hash: %s\n", st == PSA_ERROR_NOT_PERMITTED ? "not permitted" : "ALLOWED");
    ok &= st == PSA_ERROR_NOT_PERMITTED;
    ok &= psa_destroy_key(HASH_ID) == PSA_SUCCESS;
    return ok ? 0 : 1;
}
