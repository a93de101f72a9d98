/*
 * rsa_mgf1.c -- MGF1 mask generation (RFC 8017 B.2.1), used by PSS and OAEP.
 */
#include "rsa/rsa_padding.h"
#include "hash/pp_hash.h"
#include "common/pp_util.h"

#if PSA_WANT_ALG_RSA_PSS || PSA_WANT_ALG_RSA_OAEP

psa_status_t pp_rsa_mgf1_xor(psa_algorithm_t hash_alg, const uint8_t *seed, size_t seed_len,
                             uint8_t *out, size_t out_len)
{
    uint8_t block[PP_HASH_MAX_SIZE];
    uint8_t counter[4];
    size_t hash_len = pp_hash_size(hash_alg);
    size_t done = 0;
    uint32_t c = 0;
    pp_hash_ctx ctx;
    psa_status_t status = PSA_SUCCESS;

    if (hash_len == 0u) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    /* T = Hash(seed || C) for C = 0, 1, ... (4-byte big-endian counter). */
    while (done < out_len) {
        size_t take = out_len - done;
        size_t i;

        if (take > hash_len) {
            take = hash_len;
        }
        status = pp_hash_setup(&ctx, hash_alg);
        if (status != PSA_SUCCESS) {
            break;
        }
        pp_store_be32(counter, c);
        pp_hash_update(&ctx, seed, seed_len);
        pp_hash_update(&ctx, counter, sizeof(counter));
        pp_hash_finish(&ctx, block);
        for (i = 0; i < take; i++) {
            out[done + i] ^= block[i];
        }
        done += take;
        c++;
    }
    /* The mask of OAEP is secret (it uncovers the seed and the message). */
    pp_wipe(block, sizeof(block));
    return status;
}

#else
/* Left out by picopsa/config.h (ISO C wants a non-empty unit). */
typedef int pp_rsa_mgf1_disabled;
#endif /* PSA_WANT_ALG_RSA_PSS || PSA_WANT_ALG_RSA_OAEP */
