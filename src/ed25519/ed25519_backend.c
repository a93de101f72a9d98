/*
 * ed25519_backend.c -- which Ed25519 software backend this build carries
 * (ed25519.h). A file of its own, so that a caller (the bench, the firmware
 * banner) links this string table and not the Ed25519 code.
 */
#include "ed25519/ed25519.h"

#include <picopsa/config.h>

const char *pp_ed25519_backend_name(void)
{
#if !PSA_WANT_ECC_TWISTED_EDWARDS_255
    return "none (configured out)";
#elif PICOPSA_ED25519_BACKEND == PICOPSA_BACKEND_SMALL
    return "small, radix 2^32";
#elif PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
    return "fast, radix 2^51";
#elif PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX32_UMAAL
    return "fast, radix 2^32 UMAAL";
#elif PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX32
    return "fast, radix 2^32";
#else
    return "fast, radix 2^25.5";
#endif
}
