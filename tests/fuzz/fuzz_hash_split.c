/*
 * fuzz_hash_split.c -- streaming hash == one-shot hash == OpenSSL, for any
 * message and any way of cutting it into updates.
 *
 * Input layout (all choices come from the fuzzer):
 *   byte 0            hash: 0 SHA-224, 1 SHA-256, 2 SHA-384, 3 SHA-512 (mod 4)
 *   byte 1            number of cuts, mod 17
 *   2 bytes per cut   little-endian update length (taken mod what is left,
 *                     so zero-length updates happen too)
 *   the rest          the message
 * Checks: pp_hash_compute (one shot), pp_hash_setup/update.../finish in the
 * chosen pieces, a context cloned (struct copy, per pp_hash.h) after the
 * first piece and finished separately, and OpenSSL's EVP_Digest all give
 * the same digest. Any difference aborts (a crash for libFuzzer and for the
 * corpus replay).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "hash/pp_hash.h"

static void fail(const char *what, psa_algorithm_t alg, size_t len)
{
    fprintf(stderr, "fuzz_hash_split: %s (alg 0x%08lx, message %zu bytes)\n", what, (unsigned long)alg, len);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const psa_algorithm_t algs[4] = {PSA_ALG_SHA_224, PSA_ALG_SHA_256, PSA_ALG_SHA_384, PSA_ALG_SHA_512};
    uint8_t one_shot[PP_HASH_MAX_SIZE], streamed[PP_HASH_MAX_SIZE], cloned[PP_HASH_MAX_SIZE];
    uint8_t reference[EVP_MAX_MD_SIZE];
    unsigned int reference_len = 0;
    const EVP_MD *md;
    pp_hash_ctx ctx, clone;
    psa_algorithm_t alg;
    size_t cuts, header, digest_len, msg_len, pos, i;
    const uint8_t *msg;

    if (size < 2) {
        return 0;
    }
    alg = algs[data[0] % 4u];
    cuts = (size_t)(data[1] % 17u);
    header = 2 + 2 * cuts;
    if (size < header) {
        return 0;
    }
    msg = data + header;
    msg_len = size - header;
    digest_len = pp_hash_size(alg);
    if (digest_len == 0) {
        return 0; /* hash not built in this configuration */
    }

    if (pp_hash_compute(alg, msg, msg_len, one_shot) != PSA_SUCCESS) {
        fail("pp_hash_compute failed", alg, msg_len);
    }

    if (pp_hash_setup(&ctx, alg) != PSA_SUCCESS) {
        fail("pp_hash_setup failed", alg, msg_len);
    }
    pos = 0;
    memset(&clone, 0, sizeof(clone));
    for (i = 0; i < cuts; i++) {
        size_t want = (size_t)data[2 + 2 * i] | ((size_t)data[3 + 2 * i] << 8);
        size_t piece = want % (msg_len - pos + 1);
        pp_hash_update(&ctx, msg + pos, piece);
        pos += piece;
        if (i == 0) {
            clone = ctx;
        }
    }
    pp_hash_update(&ctx, msg + pos, msg_len - pos);
    pp_hash_finish(&ctx, streamed);
    if (memcmp(one_shot, streamed, digest_len) != 0) {
        fail("split updates differ from one-shot", alg, msg_len);
    }

    if (cuts > 0) {
        /* The clone holds the first piece; feed it everything after that. */
        size_t first = ((size_t)data[2] | ((size_t)data[3] << 8)) % (msg_len + 1);
        pp_hash_update(&clone, msg + first, msg_len - first);
        pp_hash_finish(&clone, cloned);
        if (memcmp(one_shot, cloned, digest_len) != 0) {
            fail("cloned context differs", alg, msg_len);
        }
    }

    md = alg == PSA_ALG_SHA_224   ? EVP_sha224()
         : alg == PSA_ALG_SHA_256 ? EVP_sha256()
         : alg == PSA_ALG_SHA_384 ? EVP_sha384()
                                  : EVP_sha512();
    if (EVP_Digest(msg, msg_len, reference, &reference_len, md, NULL) != 1 || reference_len != digest_len) {
        fail("OpenSSL EVP_Digest failed", alg, msg_len);
    }
    if (memcmp(one_shot, reference, digest_len) != 0) {
        fail("digest differs from OpenSSL", alg, msg_len);
    }
    return 0;
}
