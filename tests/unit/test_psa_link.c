/*
 * test_psa_link.c -- every function of the PSA Certified Crypto API 1.2
 * (chapters 9 and 10, PAKE included) is declared by <psa/crypto.h> and
 * defined by the library: the table below takes each one's address, so a
 * missing declaration fails to compile and a missing definition fails to
 * link. The list is written from the specification's function index, not
 * from our header. Also the 1.3 additions picopsa provides
 * (psa_generate_key_custom, psa_key_derivation_output_key_custom) and the
 * 1.3 key-encapsulation functions (psa_encapsulate, psa_decapsulate).
 */
#include <psa/crypto.h>

#include <stdio.h>

#include "test_util.h"

typedef void (*any_function)(void);
#define FN(name) { #name, (any_function)name }

static const struct {
    const char *name;
    any_function address;
} api[] = {
    /* 9.1 library */
    FN(psa_crypto_init),
    /* 9.2-9.5 attributes */
    FN(psa_key_attributes_init), FN(psa_get_key_attributes), FN(psa_reset_key_attributes),
    FN(psa_set_key_type), FN(psa_get_key_type), FN(psa_get_key_bits), FN(psa_set_key_bits),
    FN(psa_set_key_lifetime), FN(psa_get_key_lifetime), FN(psa_set_key_id), FN(psa_get_key_id),
    FN(psa_set_key_usage_flags), FN(psa_get_key_usage_flags), FN(psa_set_key_algorithm),
    FN(psa_get_key_algorithm),
    /* 9.6 key management */
    FN(psa_import_key), FN(psa_generate_key), FN(psa_copy_key), FN(psa_destroy_key),
    FN(psa_purge_key), FN(psa_export_key), FN(psa_export_public_key),
    FN(psa_generate_key_custom), FN(psa_custom_key_parameters_init),
    /* 10.2 hash */
    FN(psa_hash_compute), FN(psa_hash_compare), FN(psa_hash_operation_init), FN(psa_hash_setup),
    FN(psa_hash_update), FN(psa_hash_finish), FN(psa_hash_verify), FN(psa_hash_abort),
    FN(psa_hash_suspend), FN(psa_hash_resume), FN(psa_hash_clone),
    /* 10.3 MAC */
    FN(psa_mac_compute), FN(psa_mac_verify), FN(psa_mac_operation_init), FN(psa_mac_sign_setup),
    FN(psa_mac_verify_setup), FN(psa_mac_update), FN(psa_mac_sign_finish),
    FN(psa_mac_verify_finish), FN(psa_mac_abort),
    /* 10.4 unauthenticated ciphers */
    FN(psa_cipher_encrypt), FN(psa_cipher_decrypt), FN(psa_cipher_operation_init),
    FN(psa_cipher_encrypt_setup), FN(psa_cipher_decrypt_setup), FN(psa_cipher_generate_iv),
    FN(psa_cipher_set_iv), FN(psa_cipher_update), FN(psa_cipher_finish), FN(psa_cipher_abort),
    /* 10.5 AEAD */
    FN(psa_aead_encrypt), FN(psa_aead_decrypt), FN(psa_aead_operation_init),
    FN(psa_aead_encrypt_setup), FN(psa_aead_decrypt_setup), FN(psa_aead_set_lengths),
    FN(psa_aead_generate_nonce), FN(psa_aead_set_nonce), FN(psa_aead_update_ad),
    FN(psa_aead_update), FN(psa_aead_finish), FN(psa_aead_verify), FN(psa_aead_abort),
    /* 10.6 key derivation */
    FN(psa_key_derivation_operation_init), FN(psa_key_derivation_setup),
    FN(psa_key_derivation_get_capacity), FN(psa_key_derivation_set_capacity),
    FN(psa_key_derivation_input_bytes), FN(psa_key_derivation_input_integer),
    FN(psa_key_derivation_input_key), FN(psa_key_derivation_output_bytes),
    FN(psa_key_derivation_output_key), FN(psa_key_derivation_output_key_custom),
    FN(psa_key_derivation_verify_bytes), FN(psa_key_derivation_verify_key),
    FN(psa_key_derivation_abort),
    /* 10.7 signatures, 10.8 asymmetric encryption */
    FN(psa_sign_message), FN(psa_verify_message), FN(psa_sign_hash), FN(psa_verify_hash),
    FN(psa_asymmetric_encrypt), FN(psa_asymmetric_decrypt),
    /* 10.9 key agreement */
    FN(psa_key_agreement), FN(psa_raw_key_agreement), FN(psa_key_derivation_key_agreement),
    /* Crypto API 1.3 10.10 (key encapsulation). */
    FN(psa_encapsulate), FN(psa_decapsulate),
    /* 10.10 random */
    FN(psa_generate_random),
    /* 10.12 PAKE */
    FN(psa_pake_cipher_suite_init), FN(psa_pake_cs_get_algorithm), FN(psa_pake_cs_set_algorithm),
    FN(psa_pake_cs_get_primitive), FN(psa_pake_cs_set_primitive),
    FN(psa_pake_cs_get_key_confirmation), FN(psa_pake_cs_set_key_confirmation),
    FN(psa_pake_operation_init), FN(psa_pake_setup), FN(psa_pake_set_role), FN(psa_pake_set_user),
    FN(psa_pake_set_peer), FN(psa_pake_set_context), FN(psa_pake_output), FN(psa_pake_input),
    FN(psa_pake_get_shared_key), FN(psa_pake_abort),
};

int main(void)
{
    size_t i;
    for (i = 0; i < sizeof(api) / sizeof(api[0]); i++) {
        if (!CHECK(api[i].address != NULL)) {
            printf("  %s has no address\n", api[i].name);
        }
    }
    printf("%zu API functions declared and linked\n", sizeof(api) / sizeof(api[0]));
    CHECK(sizeof(api) / sizeof(api[0]) == 110);
    return test_report("psa_link");
}
