/*
 * ct_pbkdf2_cmac.c -- PBKDF2 with AES-CMAC-PRF-128 (src/kdf/pbkdf2_cmac.h)
 * is constant time in the password, the PRF key K derived from it and
 * the salt: under valgrind memcheck with password and salt marked secret
 * (a 16-byte password, used as K, and others, hashed into K: RFC 4615 3),
 * setup, salt and the stream in uneven pieces must not branch or index
 * memory on them. Output equal to tests/data/kdf/pbkdf2_aes_cmac_kat.py.
 */
#include <string.h>

#include <picopsa/config.h>

#include "ct.h"
#include "test_util.h"

#if !PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128
int main(void)
{
    return test_skip("ct_pbkdf2_cmac", "PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128 configured out");
}
#else

#include "kdf/pbkdf2_cmac.h"

/* Rows 2, 5 and 6 of the script (hex password, hex salt, c, output). */
static const struct {
    const char *password, *salt;
    unsigned c;
    const char *out;
} KAT[3] = {
    {"70617373776f7264", "73616c74", 2, "160597e28021fb3dd9cf088b007b688360fed438"},
    {"7061737300776f7264", "7361006c74", 4096, "3d2828c5a437d781e7733ca353c40579"},
    {"000102030405060708090a0b0c0d0e0f", "612031362d627974652070617373776f72643a204b203d2050",
     100, "1bcffd0f509f5e61600eec8088494ed8f0bb27ae4866d13928598425c1d2d8e728"},
};

int main(void)
{
    uint8_t pw[16], salt[32], out[40], want[40];
    size_t i;
    CHECK(CT_UNDER_VALGRIND());
    for (i = 0; i < 3; i++) {
        pp_pbkdf2_cmac_ctx ctx;
        size_t pw_len = test_hex_to(KAT[i].password, pw, sizeof(pw));
        size_t salt_len = test_hex_to(KAT[i].salt, salt, sizeof(salt));
        size_t len = test_hex_to(KAT[i].out, want, sizeof(want));
        CT_SECRET(pw, pw_len);
        CT_SECRET(salt, salt_len);
        CHECK_STATUS(pp_pbkdf2_cmac_setup(&ctx, pw, pw_len, KAT[i].c), PSA_SUCCESS);
        pp_pbkdf2_cmac_salt(&ctx, salt, 3);
        pp_pbkdf2_cmac_salt(&ctx, salt + 3, salt_len - 3);
        CHECK_STATUS(pp_pbkdf2_cmac_output(&ctx, out, 5), PSA_SUCCESS);
        CHECK_STATUS(pp_pbkdf2_cmac_output(&ctx, out + 5, len - 5), PSA_SUCCESS);
        pp_pbkdf2_cmac_wipe(&ctx);
        CT_PUBLIC(out, len);
        CT_PUBLIC(pw, pw_len);
        CT_PUBLIC(salt, salt_len);
        CHECK_MEM(out, want, len);
    }
    return test_report("ct_pbkdf2_cmac");
}
#endif
