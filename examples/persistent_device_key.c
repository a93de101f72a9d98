/*
 * persistent_device_key.c -- a device identity key that survives restarts:
 * the first run generates an Ed25519 key pair as a persistent key (PSA
 * Crypto API 1.2, 9.3), later runs (new processes, after a reboot) find it
 * in storage and sign with it. The private key never leaves the key store:
 * the policy has no PSA_KEY_USAGE_EXPORT.
 *
 * Storage: the PSA ITS backend of the build (docs/storage.md); on Linux one
 * file per key in $PICOPSA_ITS_DIR, else ./picopsa-its/.
 * Prints "created" or "loaded", then the public key in hex.
 */
#include <stdio.h>

#include <psa/crypto.h>

/* Any id in PSA_KEY_ID_USER_MIN..PSA_KEY_ID_USER_MAX; the application
 * owns the numbering. */
#define DEVICE_KEY_ID ((psa_key_id_t)0x00010001)

int main(void)
{
    static const uint8_t msg[] = "attestation challenge 42";
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t key = DEVICE_KEY_ID;
    uint8_t pub[PSA_EXPORT_PUBLIC_KEY_MAX_SIZE], sig[PSA_SIGNATURE_MAX_SIZE];
    size_t pub_len, sig_len, i;
    psa_status_t st;

    if (psa_crypto_init() != PSA_SUCCESS) return 1;

    /* A stored key is found by its id: reading its attributes does not load
     * the material. INVALID_HANDLE means it does not exist yet (spec 9.3). */
    st = psa_get_key_attributes(DEVICE_KEY_ID, &attr);
    if (st == PSA_ERROR_INVALID_HANDLE) {
        /* First boot: psa_set_key_id makes the key persistent; it is written
         * to storage before psa_generate_key returns. */
        psa_set_key_id(&attr, DEVICE_KEY_ID);
        psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS));
        psa_set_key_bits(&attr, 255);
        psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE);
        psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
        st = psa_generate_key(&attr, &key);
        if (st != PSA_SUCCESS) {
            printf("psa_generate_key: %d\n", (int)st);
            return 1;
        }
        printf("created\n");
    } else if (st == PSA_SUCCESS) {
        printf("loaded\n");
    } else {
        /* DATA_CORRUPT / DATA_INVALID: a damaged record (docs/storage.md). */
        printf("psa_get_key_attributes: %d\n", (int)st);
        return 1;
    }
    psa_reset_key_attributes(&attr);

    /* The public key identifies the device; it is the same on every run. */
    if (psa_export_public_key(key, pub, sizeof(pub), &pub_len) != PSA_SUCCESS) return 1;
    printf("public key: ");
    for (i = 0; i < pub_len; i++) printf("%02x", pub[i]);
    printf("\n");

    st = psa_sign_message(key, PSA_ALG_PURE_EDDSA, msg, sizeof(msg), sig, sizeof(sig), &sig_len);
    if (st != PSA_SUCCESS) return 1;
    st = psa_verify_message(key, PSA_ALG_PURE_EDDSA, msg, sizeof(msg), sig, sig_len);
    printf("signature: %u bytes, %s\n", (unsigned)sig_len, st == PSA_SUCCESS ? "verified" : "FAILED");

    /* The private key cannot be read out (no PSA_KEY_USAGE_EXPORT). */
    if (psa_export_key(key, sig, sizeof(sig), &sig_len) != PSA_ERROR_NOT_PERMITTED) return 1;

    /* Not psa_destroy_key (that erases it from storage): psa_purge_key only
     * drops the cached copy; the key stays stored for the next run. */
    psa_purge_key(key);
    return st == PSA_SUCCESS ? 0 : 1;
}
