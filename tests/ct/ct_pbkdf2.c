/*
 * ct_pbkdf2.c -- PBKDF2-HMAC (src/kdf/pbkdf2.h) is constant time in the
 * password and the salt (which may carry a pepper): under valgrind
 * memcheck with both marked secret, setup, the salt pieces and the
 * streamed output (uneven pieces across block boundaries) must not branch
 * or index memory on them, for SHA-1, SHA-256 and SHA-512 and passwords
 * shorter and longer than the hash block. The declassified output must
 * equal OpenSSL's PKCS5_PBKDF2_HMAC.
 */
#include <string.h>

#include <openssl/evp.h>

#include "ct.h"
#include "test_config.h"
#include "test_util.h"

#if !PSA_WANT_ALG_HMAC
int main(void)
{
    return test_skip("ct_pbkdf2", "HMAC configured out");
}
#else

#include "kdf/pbkdf2.h"

int main(void)
{
    static const psa_algorithm_t hashes[3] = {PSA_ALG_SHA_1, PSA_ALG_SHA_256, PSA_ALG_SHA_512};
    static const size_t pw_lens[2] = {13, 150};
    uint8_t pw[150], salt[24], out[150], want[150];
    size_t h, p;

    test_rng_seed(0x8018c7);
    CHECK(CT_UNDER_VALGRIND());
    for (h = 0; h < 3; h++) {
        const EVP_MD *md = h == 0 ? EVP_sha1() : h == 1 ? EVP_sha256() : EVP_sha512();
        if (!test_hash_built(hashes[h])) {
            continue;
        }
        for (p = 0; p < 2; p++) {
            pp_pbkdf2_ctx ctx;
            test_rng_bytes(pw, pw_lens[p]);
            test_rng_bytes(salt, sizeof(salt));
            CHECK(PKCS5_PBKDF2_HMAC((const char *)pw, (int)pw_lens[p], salt, (int)sizeof(salt), 5,
                                    md, (int)sizeof(want), want) == 1);
            CT_SECRET(pw, pw_lens[p]);
            CT_SECRET(salt, sizeof(salt));
            CHECK_STATUS(pp_pbkdf2_setup(&ctx, hashes[h], pw, pw_lens[p], 5), PSA_SUCCESS);
            pp_pbkdf2_salt(&ctx, salt, 10);
            pp_pbkdf2_salt(&ctx, salt + 10, sizeof(salt) - 10);
            CHECK_STATUS(pp_pbkdf2_output(&ctx, out, 7), PSA_SUCCESS);
            CHECK_STATUS(pp_pbkdf2_output(&ctx, out + 7, 100), PSA_SUCCESS);
            CHECK_STATUS(pp_pbkdf2_output(&ctx, out + 107, sizeof(out) - 107), PSA_SUCCESS);
            pp_pbkdf2_wipe(&ctx);
            CT_PUBLIC(out, sizeof(out));
            CT_PUBLIC(pw, pw_lens[p]);
            CT_PUBLIC(salt, sizeof(salt));
            CHECK_MEM(out, want, sizeof(out));
        }
    }
    return test_report("ct_pbkdf2");
}
#endif
