/*
 * ct_hmac.c -- HMAC (and through it SHA-2) is constant time in the key and
 * the message: run under valgrind memcheck with both marked secret
 * (CT_SECRET) through pp_hmac_setup / update / finish, for every hash and
 * for key lengths below, at and above the block size (the "hash the key
 * first" path). The declassified tags must also equal OpenSSL's.
 */
#include <string.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "ct.h"
#include "hash/pp_hash.h"
#include "mac/hmac.h"
#include "test_config.h"
#include "test_util.h"

static const EVP_MD *openssl_md(psa_algorithm_t alg)
{
    switch (alg) {
    case PSA_ALG_SHA_224: return EVP_sha224();
    case PSA_ALG_SHA_256: return EVP_sha256();
    case PSA_ALG_SHA_384: return EVP_sha384();
    default: return EVP_sha512();
    }
}

int main(void)
{
    static const psa_algorithm_t algs[4] = { PSA_ALG_SHA_224, PSA_ALG_SHA_256,
                                             PSA_ALG_SHA_384, PSA_ALG_SHA_512 };
    static const size_t key_lens[] = { 0, 16, 64, 65, 128, 131 };
    static const size_t msg_lens[] = { 0, 55, 200 };
    uint8_t key[131], msg[200], tag[64], want[64];
    size_t a, k, m;

    test_rng_seed(0xc7);
    CHECK(CT_UNDER_VALGRIND());

    for (a = 0; a < 4; a++) {
        if (!test_hash_built(algs[a])) {
            continue;   /* configured out (test_hmac checks NOT_SUPPORTED) */
        }
        for (k = 0; k < sizeof(key_lens) / sizeof(key_lens[0]); k++) {
            for (m = 0; m < sizeof(msg_lens) / sizeof(msg_lens[0]); m++) {
                size_t key_len = key_lens[k], msg_len = msg_lens[m];
                size_t size = pp_hash_size(algs[a]);
                unsigned int want_len = 0;
                pp_hmac_ctx ctx;

                test_rng_bytes(key, sizeof(key));
                test_rng_bytes(msg, sizeof(msg));
                HMAC(openssl_md(algs[a]), key, (int)key_len, msg, msg_len, want, &want_len);

                CT_SECRET(key, sizeof(key));
                CT_SECRET(msg, sizeof(msg));
                CHECK_STATUS(pp_hmac_setup(&ctx, algs[a], key, key_len), PSA_SUCCESS);
                pp_hmac_update(&ctx, msg, msg_len / 3);
                pp_hmac_update(&ctx, msg + msg_len / 3, msg_len - msg_len / 3);
                pp_hmac_finish(&ctx, tag);
                CT_PUBLIC(tag, size);
                CT_PUBLIC(key, sizeof(key));
                CT_PUBLIC(msg, sizeof(msg));
                CHECK(want_len == size);
                CHECK_MEM(tag, want, size);
            }
        }
    }
    return test_report("ct_hmac");
}
