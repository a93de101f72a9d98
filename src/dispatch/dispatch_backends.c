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
    default:
        return NULL;
    }
}
