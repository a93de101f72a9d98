/*
 * fw_storage.c -- persistent keys on the firmware (issue 13): the flash
 * ITS backend (src/storage/its_flash.c) over an emulated NOR flash in RAM,
 * an Ed25519 and an RSA-2048 key pair stored, a "restart" (picopsa_shutdown
 * + psa_crypto_init: every slot wiped, only the flash survives; the store
 * keeps no RAM state, so each call reopens it), then the keys loaded from
 * flash and used against known answers.
 *
 * Built only into fw_storage.elf, linked with the library variant
 * "storage" (PICOPSA_ITS_BACKEND=PICOPSA_ITS_FLASH, the default geometry:
 * 2 sectors of 4096 B, 4-byte words; tests/firmware/CMakeLists.txt); the
 * default images and fw_test.elf do not contain it.
 * FW_STORAGE_LOSE_FLASH=1 (fw_storage_fail.elf): the restart also erases
 * the flash, so the app must fail (the negative case of
 * tools/embedded/embedded.mk: the checks see a lost store).
 *
 * Measurement ids (docs/footprint.md, tools/budgets.txt, profile
 * size+storage):
 *   psa_store_ed25519_pair  psa_import_key of a persistent pair: the
 *                           driver's import and the record written to flash
 *   psa_load_ed25519_pair   first use after the restart: the record read
 *                           from flash, checked and imported into a slot
 *                           (pp_slot_get, what every PSA call does on a miss)
 *   psa_store_rsa2048_pair, psa_load_rsa2048_pair   the same, RSA-2048
 *   psa_destroy_rsa2048_pair  psa_destroy_key: slot wipe + removal record
 *   its_get_rsa2048_record      the RSA pair's record read through the
 *                           ITS API alone (store scan, CRC-32 checks, copy)
 *   psa_import_ed25519_pair, psa_import_rsa2048_pair  the same imports as
 *                           volatile keys (no storage): store - import is
 *                           what the flash write costs, load - import what
 *                           reading and checking the record costs
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <picopsa/config.h>
#include <psa/crypto.h>

#include "fw_rsa_key.h"
#include "fw_tests.h"

#if PICOPSA_ITS_BACKEND == PICOPSA_ITS_FLASH

#include <picopsa/flash_hal.h>
#include <picopsa/shutdown.h>
#include <psa/internal_trusted_storage.h>

#include "core/pp_core.h"
#include "storage/pp_its.h"
#include "storage/pp_key_record.h"

/* ---- emulated NOR flash (the integrator's HAL, include/picopsa/flash_hal.h) */

#define FW_FLASH_BYTES ((uint32_t)PICOPSA_FLASH_SECTOR_SIZE * PICOPSA_FLASH_SECTOR_COUNT)

static uint8_t fw_flash[FW_FLASH_BYTES];
static uint32_t fw_flash_programs;  /* program calls */
static uint32_t fw_flash_erases;
static uint32_t fw_flash_violations; /* HAL contract broken by the store */

int picopsa_flash_read(uint32_t address, uint8_t *data, size_t length)
{
    if (address > FW_FLASH_BYTES || length > FW_FLASH_BYTES - address) {
        fw_flash_violations++;
        return -1;
    }
    memcpy(data, &fw_flash[address], length);
    return 0;
}

/* NOR rules: word-aligned, whole words, programming can only clear bits,
 * and a word in use may only be programmed to all zeros (flash_hal.h: the
 * store zeroes superseded records, PICOPSA_FLASH_ZERO_OVERWRITE). */
int picopsa_flash_program(uint32_t address, const uint8_t *data, size_t length)
{
    fw_flash_programs++;
    if (address > FW_FLASH_BYTES || length > FW_FLASH_BYTES - address ||
        address % PICOPSA_FLASH_WORD_SIZE != 0u || length % PICOPSA_FLASH_WORD_SIZE != 0u) {
        fw_flash_violations++;
        return -1;
    }
    for (size_t w = 0; w < length; w += PICOPSA_FLASH_WORD_SIZE) {
        int erased = 1, zero = 1;
        for (size_t i = w; i < w + PICOPSA_FLASH_WORD_SIZE; i++) {
            erased &= fw_flash[address + i] == 0xFFu;
            zero &= data[i] == 0u;
        }
        if (!erased && !zero) {
            fw_flash_violations++;
        }
        for (size_t i = w; i < w + PICOPSA_FLASH_WORD_SIZE; i++) {
            fw_flash[address + i] &= data[i];
        }
    }
    return 0;
}

int picopsa_flash_erase(uint32_t sector)
{
    fw_flash_erases++;
    if (sector >= PICOPSA_FLASH_SECTOR_COUNT) {
        fw_flash_violations++;
        return -1;
    }
    memset(&fw_flash[sector * (uint32_t)PICOPSA_FLASH_SECTOR_SIZE], 0xFF,
           PICOPSA_FLASH_SECTOR_SIZE);
    return 0;
}

/* A blank part: erased flash is all ones. */
static void fw_flash_blank(void)
{
    memset(fw_flash, 0xFF, sizeof(fw_flash));
}

/* The reboot: the library forgets everything (slots wiped), the flash keeps
 * its content, the library starts again. */
static void fw_restart(void)
{
    picopsa_shutdown();
#if defined(FW_STORAGE_LOSE_FLASH)
    fw_flash_blank();
#endif
    fw_check_int(psa_crypto_init(), PSA_SUCCESS, "psa_crypto_init after the restart");
}

#define FW_ED_ID ((psa_key_id_t)0x101u)
#define FW_RSA_ID ((psa_key_id_t)0x102u)
#define ED_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS)

/* RFC 8032 sec. 7.1 TEST 1 (tests/data/vectors/rfc8032_ed25519.json). */
static const char ed_seed_hex[] =
    "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
static const char ed_public_hex[] =
    "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
static const char ed_signature_hex[] =
    "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
    "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b";

/* Wycheproof rsa_pkcs1_2048_test.json: the key (fw_rsa_key.h) and tcId 2
 * (PKCS#1 v1.5 decryption), as in fw_rsa.c. */
static const char rsa_message_hex[] =
    "0000000000000000000000000000000000000000";
static const char rsa_ciphertext_hex[] =
    "a9acec7e58761d9191249ff7ea5db499cadccc51d29f8e7fd0aa2cb996209562"
    "6f1cadae29666f04ce2afd4b650be59d071d06446d59107eb508cc60545727b0"
    "567dfb4f2f94ca60b939c60be111172f367dfd235516e4a60061648c67f55366"
    "50821ac2a60744be3cf6befa8f66e76a3e7c5fbc6dfa4dda55ecbdbffdc98d61"
    "0de5667a4f485f6168b52bbe470e6014253874ce7b78e509937e0bc5f02857e1"
    "ad3cf55139bbe6dc7ac4b1ed5097bf781b7671ca9bb58187aa6c71c58ac0561c"
    "5aacf96c35deb24e395b6823de7fc96b8031b5906a34c4dc57e4f1226157b9ab"
    "d849e1367dda014fbf9ed4ca515a7a04cf87787945007e4f63c0366a5bbc3489";

/* Load stored key `id` into a slot the way a PSA call does on a miss. */
static psa_status_t fw_load(psa_key_id_t id)
{
    pp_key_slot *slot = NULL;
    psa_status_t status = pp_slot_get(id, &slot);
    if (status == PSA_SUCCESS) {
        pp_slot_unlock(slot);
    }
    return status;
}

/* Both keys stored, the device restarted, both keys used. */
FW_TEST(fw_80_storage_restart)
{
    static uint8_t der[1300];
    static uint8_t ct[256];
    static uint8_t out[256];
    static uint8_t rec[1400];
    uint8_t seed[32], pub[32], sig[64], buf[64];
    uint8_t msg[32];
    size_t der_len = fw_unhex(der, sizeof(der), fw_rsa2048_key_der_hex);
    size_t msg_len = fw_unhex(msg, sizeof(msg), rsa_message_hex);
    size_t len = 0;
    psa_status_t status;
    psa_key_id_t id = 0;

    if (!fw_check(fw_unhex(seed, sizeof(seed), ed_seed_hex) == 32u &&
                      fw_unhex(pub, sizeof(pub), ed_public_hex) == 32u &&
                      fw_unhex(sig, sizeof(sig), ed_signature_hex) == 64u &&
                      fw_unhex(ct, sizeof(ct), rsa_ciphertext_hex) == 256u &&
                      der_len != (size_t)-1 && msg_len != (size_t)-1,
                  "storage vectors decode")) {
        return;
    }
    fw_flash_blank();
    fw_check_int(psa_crypto_init(), PSA_SUCCESS, "psa_crypto_init");
    /* First open of a blank part: the store formats sector 0 (one erase),
     * here rather than inside the measured store. */
    struct psa_storage_info_t info;
    fw_check_int(pp_its_get_info(PP_KEY_RECORD_UID(FW_ED_ID), &info),
                 PSA_ERROR_DOES_NOT_EXIST, "blank store: no key yet");
    fw_check_int((long)fw_flash_erases, 1, "blank store formatted (one erase)");

    /* ---- the same keys as volatile keys: the reference without storage ---- */
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_set_key_type(&attr, ED_PAIR);
    psa_set_key_bits(&attr, 255);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE |
                                       PSA_KEY_USAGE_EXPORT);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    psa_key_attributes_t rattr = PSA_KEY_ATTRIBUTES_INIT;
    psa_set_key_type(&rattr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_usage_flags(&rattr, PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&rattr, PSA_ALG_RSA_PKCS1V15_CRYPT);
    uint32_t programs = fw_flash_programs;
    FW_MEASURE("psa_import_ed25519_pair", status = psa_import_key(&attr, seed, 32, &id));
    fw_check_int(status, PSA_SUCCESS, "import volatile Ed25519 pair");
    fw_check_int(psa_destroy_key(id), PSA_SUCCESS, "destroy volatile Ed25519 pair");
    FW_MEASURE("psa_import_rsa2048_pair", status = psa_import_key(&rattr, der, der_len, &id));
    fw_check_int(status, PSA_SUCCESS, "import volatile RSA-2048 pair");
    fw_check_int(psa_destroy_key(id), PSA_SUCCESS, "destroy volatile RSA-2048 pair");
    fw_check_int((long)(fw_flash_programs - programs), 0, "volatile keys do not touch the flash");

    /* ---- store ---- */
    psa_set_key_id(&attr, FW_ED_ID);
    FW_MEASURE("psa_store_ed25519_pair", status = psa_import_key(&attr, seed, 32, &id));
    fw_check_int(status, PSA_SUCCESS, "store Ed25519 pair");
    fw_check(id == FW_ED_ID, "stored Ed25519 id");
    fw_check(fw_flash_programs > programs, "the Ed25519 key was programmed into flash");
    programs = fw_flash_programs;

    psa_set_key_id(&rattr, FW_RSA_ID);
    FW_MEASURE("psa_store_rsa2048_pair", status = psa_import_key(&rattr, der, der_len, &id));
    fw_check_int(status, PSA_SUCCESS, "store RSA-2048 pair");
    fw_check(id == FW_RSA_ID, "stored RSA id");
    fw_check(fw_flash_programs > programs, "the RSA key was programmed into flash");
    /* A stored id is taken (spec 9.6: ALREADY_EXISTS). */
    fw_check_int(psa_import_key(&attr, seed, 32, &id), PSA_ERROR_ALREADY_EXISTS,
                 "store over an existing id");

    /* ---- restart ---- */
    fw_restart();
    psa_key_attributes_t got = PSA_KEY_ATTRIBUTES_INIT;
    fw_check_int(psa_get_key_attributes(FW_ED_ID, &got), PSA_SUCCESS,
                 "attributes of the stored Ed25519 key");
    fw_check(psa_get_key_type(&got) == ED_PAIR && psa_get_key_bits(&got) == 255u &&
                 psa_get_key_lifetime(&got) == PSA_KEY_LIFETIME_PERSISTENT,
             "stored Ed25519 attributes");
    psa_reset_key_attributes(&got);

    /* ---- load and use ---- */
    FW_MEASURE("psa_load_ed25519_pair", status = fw_load(FW_ED_ID));
    fw_check_int(status, PSA_SUCCESS, "load Ed25519 pair from flash");
    fw_check_int(psa_export_public_key(FW_ED_ID, buf, sizeof(buf), &len), PSA_SUCCESS,
                 "export the loaded Ed25519 public key");
    fw_check(len == 32u, "Ed25519 public key length");
    fw_check_mem(buf, pub, 32, "loaded Ed25519 public key (RFC 8032 TEST 1)");
    len = 0;
    fw_check_int(psa_sign_message(FW_ED_ID, PSA_ALG_PURE_EDDSA, NULL, 0, buf, sizeof(buf), &len),
                 PSA_SUCCESS, "sign with the loaded Ed25519 key");
    fw_check(len == 64u, "Ed25519 signature length");
    fw_check_mem(buf, sig, 64, "signature of the loaded key (RFC 8032 TEST 1)");

    /* The record as docs/storage.md documents it: magic, version 1, header
     * size 40, then the key in export format (the DER that was imported),
     * at the key-record uid that the public psa_its_* refuse. */
    size_t rec_len = 0;
    fw_check_int(psa_its_get(PP_KEY_RECORD_UID(FW_RSA_ID), 0, sizeof(rec), rec, &rec_len),
                 PSA_ERROR_INVALID_ARGUMENT, "the public ITS API refuses key records");
    FW_MEASURE("its_get_rsa2048_record",
               status = pp_its_get(PP_KEY_RECORD_UID(FW_RSA_ID), 0, sizeof(rec), rec, &rec_len));
    fw_check_int(status, PSA_SUCCESS, "read the RSA record through the internal ITS API");
    fw_check(rec_len == PP_KEY_RECORD_HEADER_SIZE + der_len && memcmp(rec, "PPKY", 4) == 0 &&
                 rec[4] == 1u && rec[5] == 0u && rec[6] == PP_KEY_RECORD_HEADER_SIZE &&
                 rec[7] == 0u,
             "RSA record header (format version 1)");
    fw_check_mem(rec + PP_KEY_RECORD_HEADER_SIZE, der, der_len,
                 "RSA record material = the imported DER");

    FW_MEASURE("psa_load_rsa2048_pair", status = fw_load(FW_RSA_ID));
    fw_check_int(status, PSA_SUCCESS, "load RSA-2048 pair from flash");
    len = 0;
    fw_check_int(psa_asymmetric_decrypt(FW_RSA_ID, PSA_ALG_RSA_PKCS1V15_CRYPT, ct, sizeof(ct),
                                        NULL, 0, out, sizeof(out), &len),
                 PSA_SUCCESS, "decrypt with the loaded RSA key");
    fw_check(len == msg_len, "RSA decrypt length");
    fw_check_mem(out, msg, msg_len, "RSA decrypt with the loaded key (Wycheproof tcId 2)");

    /* ---- destroy: gone after the next restart too ---- */
    FW_MEASURE("psa_destroy_rsa2048_pair", status = psa_destroy_key(FW_RSA_ID));
    fw_check_int(status, PSA_SUCCESS, "destroy the stored RSA key");
    fw_restart();
    fw_check_int(psa_get_key_attributes(FW_RSA_ID, &got), PSA_ERROR_INVALID_HANDLE,
                 "destroyed RSA key after the restart");
    psa_reset_key_attributes(&got);
    fw_check_int(fw_load(FW_ED_ID), PSA_SUCCESS, "Ed25519 key still stored");
    fw_check_int(psa_destroy_key(FW_ED_ID), PSA_SUCCESS, "destroy the stored Ed25519 key");
    fw_check_int(pp_its_get_info(PP_KEY_RECORD_UID(FW_ED_ID), &info),
                 PSA_ERROR_DOES_NOT_EXIST, "no ITS object after destroy");

    fw_check_int((long)fw_flash_erases, 1, "no sector rotation for two keys");
    fw_check_int((long)fw_flash_violations, 0, "flash HAL contract (NOR rules) kept");
    fw_print("storage: ");
    fw_print_u32(fw_flash_programs);
    fw_print(" program calls, ");
    fw_print_u32(fw_flash_erases);
    fw_puts(" erases");
    fw_timing("Ed25519 pair: store {psa_store_ed25519_pair} cycles, load "
              "{psa_load_ed25519_pair} cycles");
    fw_timing("RSA-2048 pair: store {psa_store_rsa2048_pair} cycles, load "
              "{psa_load_rsa2048_pair} cycles");
    fw_sink(buf, sizeof(buf));
}

#endif /* PICOPSA_ITS_BACKEND == PICOPSA_ITS_FLASH */
