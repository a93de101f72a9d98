/*
 * ct_storage_load.c -- constant-time check of loading a stored private
 * key (issue 13) under valgrind memcheck: the key store's load path
 * (record read, header parse, the driver's import of the material, the
 * slot fill, the record wipe) and then a use of the loaded key, with the
 * stored key material marked secret. Any branch or memory index on it is
 * reported.
 *
 * The ITS here is the RAM backend compiled into this test (it defines
 * every pp_its_backend_* function, so the library's file backend is not
 * linked), which lets the test mark the material inside the stored
 * record secret; the record header (type, sizes, policy) stays public.
 * Keys: an Ed25519 key pair (the 32-byte private key is the material:
 * load expands it with SHA-512, derives the public key and the fault
 * countermeasure's key tag; its use here is the public-key export, as a
 * signature's fault verdict is public by design) and an HMAC key (its use:
 * a MAC). Also the storage CRC-32 (file and flash backends) over secret data.
 */
#include <stdlib.h>
#include <string.h>

#include <psa/crypto.h>
#include <picopsa/shutdown.h>

#include "ct.h"
#include "storage/pp_its.h"
#include "storage/pp_key_record.h"
#include "test_util.h"

#if PP_ITS_BUILT && PSA_WANT_ECC_TWISTED_EDWARDS_255 && PSA_WANT_ALG_PURE_EDDSA && \
    PSA_WANT_ALG_HMAC && PSA_WANT_ALG_SHA_256

#undef PICOPSA_ITS_BACKEND
#define PICOPSA_ITS_BACKEND PICOPSA_ITS_RAM
#include "storage/its_ram.c"

/* A backend that stands in for the configured one implements its whole
 * contract: with the file backend configured, its_api.c calls create
 * (storage/pp_its.h); this is its_api.c's default for RAM. */
psa_status_t pp_its_backend_create(psa_storage_uid_t uid, size_t length, const uint8_t *data,
                                   psa_storage_create_flags_t flags)
{
    size_t size;
    psa_storage_create_flags_t old;
    if (pp_its_backend_info(uid, &size, &old) != PSA_ERROR_DOES_NOT_EXIST) {
        return PSA_ERROR_ALREADY_EXISTS;
    }
    return pp_its_backend_write(uid, length, data, flags);
}

/* Mark the material of key id's stored record secret (after its header,
 * storage/pp_key_record.h). */
static int mark_material_secret(psa_key_id_t id)
{
    ram_entry *e = find(PP_KEY_RECORD_UID(id));
    if (e == NULL || e->length <= PP_KEY_RECORD_HEADER_SIZE) {
        return 0;
    }
    CT_SECRET(pool + e->offset + PP_KEY_RECORD_HEADER_SIZE, e->length - PP_KEY_RECORD_HEADER_SIZE);
    return 1;
}

int main(void)
{
    static const uint8_t msg[] = "load me in constant time";
    uint8_t seed[32], hmac_key[32], sig[64], sig_ref[64], mac[32], mac_ref[32], buf[64];
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    size_t len;
    uint32_t crc;
    psa_key_id_t id;
    int round;

    test_rng_seed(0x5701ed);
    CHECK(CT_UNDER_VALGRIND());
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    for (round = 0; round < 2; round++) {
        test_rng_bytes(seed, sizeof(seed));
        test_rng_bytes(hmac_key, sizeof(hmac_key));

        psa_reset_key_attributes(&a);
        psa_set_key_id(&a, 1);
        psa_set_key_type(&a, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS));
        psa_set_key_bits(&a, 255);
        psa_set_key_usage_flags(&a, PSA_KEY_USAGE_SIGN_MESSAGE);
        psa_set_key_algorithm(&a, PSA_ALG_PURE_EDDSA);
        CHECK_STATUS(psa_import_key(&a, seed, sizeof(seed), &id), PSA_SUCCESS);
        CHECK_STATUS(psa_export_public_key(1, sig_ref, sizeof(sig_ref), &len), PSA_SUCCESS);
        CHECK(len == 32);

        psa_reset_key_attributes(&a);
        psa_set_key_id(&a, 2);
        psa_set_key_type(&a, PSA_KEY_TYPE_HMAC);
        psa_set_key_usage_flags(&a, PSA_KEY_USAGE_SIGN_MESSAGE);
        psa_set_key_algorithm(&a, PSA_ALG_HMAC(PSA_ALG_SHA_256));
        CHECK_STATUS(psa_import_key(&a, hmac_key, sizeof(hmac_key), &id), PSA_SUCCESS);
        CHECK_STATUS(psa_mac_compute(2, PSA_ALG_HMAC(PSA_ALG_SHA_256), msg, sizeof(msg), mac_ref,
                                     sizeof(mac_ref), &len), PSA_SUCCESS);

        /* Drop the cached copies, mark the stored material secret, load. */
        picopsa_shutdown();
        CHECK(mark_material_secret(1));
        CHECK(mark_material_secret(2));
        CHECK_STATUS(psa_get_key_attributes(1, &a), PSA_SUCCESS);   /* header only */
        /* The first use loads the record: its checks, the parse and the
         * completion of the pair (expanded secret, public key, the fault
         * countermeasure's key tag) run on secret bytes. Not a signature:
         * the signer's fault verdict compares secret-derived values and
         * the front end acts on it (released or not, public by design);
         * ct_ed25519 checks signing and declassifies that verdict. */
        CHECK_STATUS(psa_export_public_key(1, sig, sizeof(sig), &len), PSA_SUCCESS);
        CHECK(len == 32);
        CT_PUBLIC(sig, 32);
        CHECK_MEM(sig, sig_ref, 32);
        CHECK_STATUS(psa_mac_compute(2, PSA_ALG_HMAC(PSA_ALG_SHA_256), msg, sizeof(msg), mac,
                                     sizeof(mac), &len), PSA_SUCCESS);
        CT_PUBLIC(mac, sizeof(mac));
        CHECK_MEM(mac, mac_ref, 32);

        CHECK_STATUS(psa_destroy_key(1), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(2), PSA_SUCCESS);
    }

    /* The record CRC-32 is computed over secret material. */
    test_rng_bytes(buf, sizeof(buf));
    CT_SECRET(buf, sizeof(buf));
    crc = pp_crc32(0, buf, sizeof(buf));
    CT_PUBLIC(&crc, sizeof(crc));
    CT_PUBLIC(buf, sizeof(buf));
    CHECK(crc == pp_crc32(0, buf, sizeof(buf)));
    return test_report("ct_storage_load");
}

#else
int main(void)
{
    return test_skip("ct_storage_load", "needs an ITS backend, Ed25519 and HMAC-SHA-256");
}
#endif
