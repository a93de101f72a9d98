/*
 * test_p256_fault.c -- the fault countermeasure of P-256 ECDSA signing
 * (PICOPSA_SIGN_FAULT_CHECK, src/p256/p256_ecdsa.c; issue 21 sec. 3): the
 * cases of ecdsa_fault_body.h on RFC 6979 A.2.5 (SHA-256, "sample").
 * On the code before the countermeasure, 64 of the public-part checks
 * fail (it signed).
 * The fault-injection campaign (tools/fault) covers the same code on the
 * emulated Cortex-M4 with random bit flips.
 */
#include "test_config.h"
#include "test_util.h"

#include <psa/crypto.h>

#if !PSA_WANT_ECC_SECP_R1_256 || !PSA_WANT_ALG_DETERMINISTIC_ECDSA || !PSA_WANT_ALG_SHA_256
int main(void)
{
    return test_skip("p256_fault", "P-256 deterministic ECDSA or SHA-256 configured out");
}
#else

#include "dispatch/pp_drivers.h"
#include "p256/p256.h"
#include "p256/p256_point.h"

#define FT_(name) pp_p256_##name
#define FT_N 32u
#define FT_MATERIAL_SIZE PP_P256_KEY_PAIR_MATERIAL_SIZE
#define FT_HASH PSA_ALG_SHA_256
#define FT_NAME "p256_fault"

/* RFC 6979 A.2.5: x, SHA-256("sample"), k and the signature. */
static const char x_hex[] = "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721";
static const char h_hex[] = "af2bdbe1aa9b6ec1e2ade1d694f41fc71a831d0268e9891562113d8a62add1bf";
static const char k_hex[] = "a6e3c57dd01abe90086538398355dd4c3b17aa873382b0f24d6129493d8aad60";
static const char sig_hex[] =
    "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
    "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8";

#include "ecdsa_fault_body.h"
#endif
