/*
 * test_p384_fault.c -- the fault countermeasure of P-384 ECDSA signing
 * (PICOPSA_SIGN_FAULT_CHECK, src/p384/p384_ecdsa.c; issue 21 sec. 3): the
 * cases of ecdsa_fault_body.h on RFC 6979 A.2.6 (SHA-384, "sample").
 * The fault-injection campaign (tools/fault) covers the same code on the
 * emulated Cortex-M4 with random bit flips.
 */
#include "test_config.h"
#include "test_util.h"

#include <psa/crypto.h>

#if !PSA_WANT_ECC_SECP_R1_384 || !PSA_WANT_ALG_DETERMINISTIC_ECDSA || !PSA_WANT_ALG_SHA_384 || \
    PICOPSA_P384_VERIFY_ONLY
int main(void)
{
    return test_skip("p384_fault", "P-384 signing, deterministic ECDSA or SHA-384 configured out");
}
#else

#include "dispatch/pp_drivers.h"
#include "p384/p384.h"
#include "p384/p384_point.h"

#define FT_(name) pp_p384_##name
#define FT_N 48u
#define FT_MATERIAL_SIZE PP_P384_KEY_PAIR_MATERIAL_SIZE
#define FT_HASH PSA_ALG_SHA_384
#define FT_NAME "p384_fault"

/* RFC 6979 A.2.6: x, SHA-384("sample"), k and the signature. */
static const char x_hex[] =
    "6b9d3dad2e1b8c1c05b19875b6659f4de23c3b667bf297ba9aa47740787137d896d5724e4c70a825f872c9ea60d2edf5";
static const char h_hex[] =
    "9a9083505bc92276aec4be312696ef7bf3bf603f4bbd381196a029f340585312313bca4a9b5b890efee42c77b1ee25fe";
static const char k_hex[] =
    "94ed910d1a099dad3254e9242ae85abde4ba15168eaf0ca87a555fd56d10fbca2907e3e83ba95368623b8c4686915cf9";
static const char sig_hex[] =
    "94edbb92a5ecb8aad4736e56c691916b3f88140666ce9fa73d64c4ea95ad133c81a648152e44acf96e36dd1e80fabe46"
    "99ef4aeb15f178cea1fe40db2603138f130e740a19624526203b6351d0a3a94fa329c145786e679e7b82c71a38628ac8";

#include "ecdsa_fault_body.h"
#endif
