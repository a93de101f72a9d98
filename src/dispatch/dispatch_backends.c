/*
 * dispatch_backends.c -- include/picopsa/backends.h: the dispatch layer
 * knows which software backend each family was built with and asks the
 * family for its name (the x86-64 bignum kernel also checks the CPU); a
 * configured-out family is not referenced (no bytes linked).
 */
#include <picopsa/backends.h>
#include <picopsa/config.h>

#include <stddef.h>

#if PSA_WANT_ECC_TWISTED_EDWARDS_255
#include "ed25519/ed25519.h"
#endif
#if PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY
#include "bignum/bignum.h"
#endif
#include "hash/sha_backend.h"
#if PSA_WANT_KEY_TYPE_AES
#include "aes/aes.h"
#endif
#if PSA_WANT_KEY_TYPE_CHACHA20 || PSA_WANT_KEY_TYPE_XCHACHA20
#include "chacha20/chacha20.h"
#endif
#if PSA_WANT_ALG_GCM
#include "aead/ghash.h"
#endif

const char *picopsa_backend_name(picopsa_family_t family)
{
    switch (family) {
#if PSA_WANT_ECC_TWISTED_EDWARDS_255
    case PICOPSA_FAMILY_ED25519:
        return pp_ed25519_backend_name();
#endif
#if PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY
    case PICOPSA_FAMILY_RSA:
        return pp_bn_kernel_name();
#endif
#if PP_SHA_HW_X86 || PP_SHA_HW_ARM
    /* Hosts whose hash paths the CPU chooses; elsewhere (MCUs: no bytes)
     * the hashes have one backend and the answer is NULL. */
#if PSA_WANT_ALG_SHA_224 || PSA_WANT_ALG_SHA_256
    case PICOPSA_FAMILY_SHA256:
        return pp_sha_hw_name(PP_SHA_HW_SHA256);
#endif
#if PSA_WANT_ALG_SHA_1
    case PICOPSA_FAMILY_SHA1:
        return pp_sha_hw_name(PP_SHA_HW_SHA1);
#endif
#if PSA_WANT_ALG_SHA_384 || PSA_WANT_ALG_SHA_512 || PSA_WANT_ALG_SHA_512_224 || PSA_WANT_ALG_SHA_512_256
    case PICOPSA_FAMILY_SHA512:
        return pp_sha_hw_name(PP_SHA_HW_SHA512);
#endif
#endif
#if PSA_WANT_KEY_TYPE_AES
    case PICOPSA_FAMILY_AES:
        return pp_aes_backend_name();
#endif
#if PSA_WANT_KEY_TYPE_CHACHA20 || PSA_WANT_KEY_TYPE_XCHACHA20
    case PICOPSA_FAMILY_CHACHA20:
        return pp_chacha20_backend_name();
#endif
#if PSA_WANT_ALG_GCM
    case PICOPSA_FAMILY_GHASH:
        return pp_ghash_backend_name();
#endif
    default:
        return NULL;
    }
}
