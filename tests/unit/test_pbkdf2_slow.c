/* ctest-label: slow */
/*
 * test_pbkdf2_slow.c -- the PBKDF2 cases test_pbkdf2.c leaves out for
 * time: RFC 6070 section 2 test 4 (PBKDF2-HMAC-SHA1, c = 16777216, typed
 * in as hex) with the salt in two pieces and the output in two uneven
 * ones, and PBKDF2-HMAC-SHA256 at 2^20 iterations for 40 bytes (T_1 and
 * part of T_2) against OpenSSL's PKCS5_PBKDF2_HMAC.
 */
#include <psa/crypto.h>

#include <string.h>

#include <openssl/evp.h>

#include "test_config.h"
#include "test_util.h"

#if !PSA_WANT_ALG_HMAC || !PSA_WANT_ALG_SHA_1 || !PSA_WANT_ALG_SHA_256
int main(void)
{
    return test_skip("pbkdf2_slow", "HMAC, SHA-1 or SHA-256 configured out");
}
#else

#include "kdf/pbkdf2.h"

int main(void)
{
    uint8_t want[40], out[40];
    pp_pbkdf2_ctx ctx;

    /* RFC 6070 2, test 4. */
    CHECK(test_hex_to("eefe3d61cd4da4e4e9945b3d6ba2158c2634e984", want, sizeof(want)) == 20);
    memset(out, 0, sizeof(out));
    CHECK_STATUS(pp_pbkdf2_setup(&ctx, PSA_ALG_SHA_1, (const uint8_t *)"password", 8, 16777216u),
                 PSA_SUCCESS);
    pp_pbkdf2_salt(&ctx, (const uint8_t *)"sa", 2);
    pp_pbkdf2_salt(&ctx, (const uint8_t *)"lt", 2);
    CHECK_STATUS(pp_pbkdf2_output(&ctx, out, 7), PSA_SUCCESS);
    CHECK_STATUS(pp_pbkdf2_output(&ctx, out + 7, 13), PSA_SUCCESS);
    pp_pbkdf2_wipe(&ctx);
    CHECK_MEM(out, want, 20);

    /* 2^20 iterations of SHA-256 for 40 bytes (T_1 and part of T_2). */
    CHECK(PKCS5_PBKDF2_HMAC("pass phrase", 11, (const uint8_t *)"pepper+salt", 11, 1 << 20,
                            EVP_sha256(), 40, want) == 1);
    CHECK_STATUS(pp_pbkdf2(PSA_ALG_SHA_256, (const uint8_t *)"pass phrase", 11,
                           (const uint8_t *)"pepper+salt", 11, 1u << 20, out, 40), PSA_SUCCESS);
    CHECK_MEM(out, want, 40);
    return test_report("pbkdf2_slow");
}
#endif
