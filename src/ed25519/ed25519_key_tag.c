/*
 * ed25519_key_tag.c -- the key tag of the Ed25519 fault countermeasure
 * (ed25519.h: pp_ed25519_key_tag; ed25519_fault.h checks it after the
 * second computation of a signature). Shared by both backends and by the
 * PSA driver, which writes it into the key slot at import.
 */
#include "ed25519/ed25519.h"

#include <picopsa/config.h>

#if PSA_WANT_ECC_TWISTED_EDWARDS_255 && PICOPSA_SIGN_FAULT_CHECK

#include <string.h>

#include "common/pp_util.h"
#include "hash/sha512.h"

/* Not a MAC: it only has to differ, but for a 2^-128 chance, when the
 * signer reads other bytes than the ones written at import. SHA-512 is
 * already linked with Ed25519; one compression (96 bytes). */
void pp_ed25519_key_tag(uint8_t tag[PP_ED25519_KEY_TAG_SIZE], const uint8_t expanded[64],
                        const uint8_t pk[32])
{
    picopsa_sha512_context ctx;
    uint8_t digest[64];
    pp_sha512_init(&ctx);
    pp_sha512_update(&ctx, expanded, 64);
    pp_sha512_update(&ctx, pk, 32);
    pp_sha512_finish(&ctx, digest);
    memcpy(tag, digest, PP_ED25519_KEY_TAG_SIZE);
    pp_wipe(digest, sizeof(digest));
    pp_wipe(&ctx, sizeof(ctx));
}

#else
/* ISO C forbids an empty translation unit. */
typedef int pp_ed25519_key_tag_unused_t;
#endif
