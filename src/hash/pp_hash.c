/*
 * pp_hash.c -- dispatch from psa_algorithm_t to the SHA-1, SHA-2 and SHA-3
 * implementations (see pp_hash.h). Only built hashes are reachable.
 */
#include "hash/pp_hash.h"

#include <string.h>

#include "common/pp_util.h"
#include "hash/sha1.h"
#include "hash/sha3.h"
#include "hash/sha256.h"
#include "hash/sha512.h"

#define PP_HASH_SHA512_CORE (PSA_WANT_ALG_SHA_384 || PSA_WANT_ALG_SHA_512 || \
                             PSA_WANT_ALG_SHA_512_224 || PSA_WANT_ALG_SHA_512_256)
#define PP_HASH_KECCAK (PSA_WANT_ALG_SHA3_224 || PSA_WANT_ALG_SHA3_256 || \
                        PSA_WANT_ALG_SHA3_384 || PSA_WANT_ALG_SHA3_512 || \
                        PSA_WANT_ALG_SHAKE256_512)

/* Which context member a hash uses: 1 = sha256, 2 = sha512, 3 = sha1,
 * 4 = sha3 (the Keccak sponge), 0 = none. */
static int hash_family(psa_algorithm_t alg)
{
    switch (alg) {
#if PSA_WANT_ALG_SHA_224
    case PSA_ALG_SHA_224:
        return 1;
#endif
#if PSA_WANT_ALG_SHA_256
    case PSA_ALG_SHA_256:
        return 1;
#endif
#if PSA_WANT_ALG_SHA_384
    case PSA_ALG_SHA_384:
        return 2;
#endif
#if PSA_WANT_ALG_SHA_512
    case PSA_ALG_SHA_512:
        return 2;
#endif
#if PSA_WANT_ALG_SHA_512_224
    case PSA_ALG_SHA_512_224:
        return 2;
#endif
#if PSA_WANT_ALG_SHA_512_256
    case PSA_ALG_SHA_512_256:
        return 2;
#endif
#if PSA_WANT_ALG_SHA_1
    case PSA_ALG_SHA_1:
        return 3;
#endif
#if PSA_WANT_ALG_SHA3_224
    case PSA_ALG_SHA3_224:
        return 4;
#endif
#if PSA_WANT_ALG_SHA3_256
    case PSA_ALG_SHA3_256:
        return 4;
#endif
#if PSA_WANT_ALG_SHA3_384
    case PSA_ALG_SHA3_384:
        return 4;
#endif
#if PSA_WANT_ALG_SHA3_512
    case PSA_ALG_SHA3_512:
        return 4;
#endif
#if PSA_WANT_ALG_SHAKE256_512
    case PSA_ALG_SHAKE256_512:
        return 4;
#endif
    default:
        return 0;
    }
}

#if PP_HASH_KECCAK
/* The FIPS 202 capacity parameter of a Keccak hash: SHA3-d uses
 * KECCAK[2d] (6.1), SHAKE256 KECCAK[512] (6.2). */
static unsigned keccak_bits(psa_algorithm_t alg)
{
    switch (alg) {
    case PSA_ALG_SHA3_224:
        return 224;
    case PSA_ALG_SHA3_256:
    case PSA_ALG_SHAKE256_512:
        return 256;
    case PSA_ALG_SHA3_384:
        return 384;
    default:
        return 512;
    }
}
#endif

size_t pp_hash_size(psa_algorithm_t alg)
{
    if (hash_family(alg) == 0) {
        return 0;
    }
    switch (alg) {
#if PSA_WANT_ALG_SHA_1
    case PSA_ALG_SHA_1:
        return 20;
#endif
#if PSA_WANT_ALG_SHA_512_224
    case PSA_ALG_SHA_512_224:
        return 28;
#endif
#if PSA_WANT_ALG_SHA_512_256
    case PSA_ALG_SHA_512_256:
        return 32;
#endif
#if PSA_WANT_ALG_SHA3_224
    case PSA_ALG_SHA3_224:
#endif
    case PSA_ALG_SHA_224:
        return 28;
#if PSA_WANT_ALG_SHA3_256
    case PSA_ALG_SHA3_256:
#endif
    case PSA_ALG_SHA_256:
        return 32;
#if PSA_WANT_ALG_SHA3_384
    case PSA_ALG_SHA3_384:
#endif
    case PSA_ALG_SHA_384:
        return 48;
    default:
        return 64;   /* SHA-512, SHA3-512, SHAKE256/512 */
    }
}

size_t pp_hash_block_size(psa_algorithm_t alg)
{
    switch (hash_family(alg)) {
    case 1:
#if PSA_WANT_ALG_SHA_1
    case 3:
#endif
        return 64;
    case 2:
        return 128;
#if PP_HASH_KECCAK
    case 4:
        /* The sponge rate r = 1600 - 2 c bits (FIPS 202 6.1, 6.2): the
         * block HMAC pads its key to (SP 800-224 / FIPS 198-1 with the
         * "input block size" B of SHA-3 = r / 8, as PSA_HASH_BLOCK_LENGTH). */
        return 200u - keccak_bits(alg) / 4u;
#endif
    default:
        return 0;
    }
}

psa_status_t pp_hash_setup(pp_hash_ctx *ctx, psa_algorithm_t alg)
{
    ctx->alg = 0;
    if (!PSA_ALG_IS_HASH(alg) || alg == PSA_ALG_ANY_HASH) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    switch (alg) {
#if PSA_WANT_ALG_SHA_224
    case PSA_ALG_SHA_224:
        pp_sha224_init(&ctx->u.sha256);
        break;
#endif
#if PSA_WANT_ALG_SHA_256
    case PSA_ALG_SHA_256:
        pp_sha256_init(&ctx->u.sha256);
        break;
#endif
#if PSA_WANT_ALG_SHA_384
    case PSA_ALG_SHA_384:
        pp_sha384_init(&ctx->u.sha512);
        break;
#endif
#if PSA_WANT_ALG_SHA_512
    case PSA_ALG_SHA_512:
        pp_sha512_init(&ctx->u.sha512);
        break;
#endif
#if PSA_WANT_ALG_SHA_512_224
    case PSA_ALG_SHA_512_224:
        pp_sha512_224_init(&ctx->u.sha512);
        break;
#endif
#if PSA_WANT_ALG_SHA_512_256
    case PSA_ALG_SHA_512_256:
        pp_sha512_256_init(&ctx->u.sha512);
        break;
#endif
#if PSA_WANT_ALG_SHA_1
    case PSA_ALG_SHA_1:
        pp_sha1_init(&ctx->u.sha1);
        break;
#endif
    default:
#if PP_HASH_KECCAK
        if (hash_family(alg) == 4) {
            if (alg == PSA_ALG_SHAKE256_512) {
                /* SHAKE256 with a fixed 64-byte output: pp_sha3_finish
                 * squeezes out_len bytes whatever the suffix. */
                (void)pp_shake_init(&ctx->u.sha3, 256);
                ctx->u.sha3.out_len = 64;
            } else {
                (void)pp_sha3_init(&ctx->u.sha3, keccak_bits(alg));
            }
            break;
        }
#endif
        return PSA_ERROR_NOT_SUPPORTED;
    }
    ctx->alg = alg;
    return PSA_SUCCESS;
}

void pp_hash_update(pp_hash_ctx *ctx, const uint8_t *in, size_t len)
{
    switch (hash_family(ctx->alg)) {
#if PSA_WANT_ALG_SHA_224 || PSA_WANT_ALG_SHA_256
    case 1:
        pp_sha256_update(&ctx->u.sha256, in, len);
        break;
#endif
#if PP_HASH_SHA512_CORE
    case 2:
        pp_sha512_update(&ctx->u.sha512, in, len);
        break;
#endif
#if PSA_WANT_ALG_SHA_1
    case 3:
        pp_sha1_update(&ctx->u.sha1, in, len);
        break;
#endif
#if PP_HASH_KECCAK
    case 4:
        pp_keccak_absorb(&ctx->u.sha3, in, len);
        break;
#endif
    default:
        break;
    }
}

void pp_hash_finish(pp_hash_ctx *ctx, uint8_t *out)
{
    switch (hash_family(ctx->alg)) {
#if PSA_WANT_ALG_SHA_224 || PSA_WANT_ALG_SHA_256
    case 1:
        pp_sha256_finish(&ctx->u.sha256, out);
        break;
#endif
#if PP_HASH_SHA512_CORE
    case 2:
        pp_sha512_finish(&ctx->u.sha512, out);
        break;
#endif
#if PSA_WANT_ALG_SHA_1
    case 3:
        pp_sha1_finish(&ctx->u.sha1, out);
        break;
#endif
#if PP_HASH_KECCAK
    case 4:
        pp_sha3_finish(&ctx->u.sha3, out);   /* out_len bytes, then wipes */
        break;
#endif
    default:
        break;
    }
    /* The family's finish wiped the union member it used, and the rest of
     * the union never held data: marking the context inactive is enough. */
    ctx->alg = 0;
}

void pp_hash_abort(pp_hash_ctx *ctx)
{
    pp_wipe(ctx, sizeof(*ctx));   /* also sets alg = 0 (inactive) */
}

void pp_hash_save_chaining(const pp_hash_ctx *ctx, uint64_t state[8])
{
    switch (hash_family(ctx->alg)) {
#if PSA_WANT_ALG_SHA_224 || PSA_WANT_ALG_SHA_256
    case 1:
        memcpy(state, ctx->u.sha256.state, sizeof(ctx->u.sha256.state));
        break;
#endif
#if PP_HASH_SHA512_CORE
    case 2:
        memcpy(state, ctx->u.sha512.state, sizeof(ctx->u.sha512.state));
        break;
#endif
#if PSA_WANT_ALG_SHA_1
    case 3:
        memcpy(state, ctx->u.sha1.state, sizeof(ctx->u.sha1.state));
        break;
#endif
    default:
        break;
    }
}

int pp_hash_has_chaining(psa_algorithm_t alg)
{
    int family = hash_family(alg);
    return family != 0 && family != 4;
}

psa_status_t pp_hash_resume_after_block(pp_hash_ctx *ctx, psa_algorithm_t alg,
                                        const uint64_t state[8])
{
    psa_status_t status;
#if PP_HASH_KECCAK
    if (hash_family(alg) == 4) {
        ctx->alg = 0;   /* a 1600-bit sponge state does not fit state[8] */
        return PSA_ERROR_NOT_SUPPORTED;
    }
#endif
    status = pp_hash_setup(ctx, alg);
    if (status != PSA_SUCCESS) {
        return status;
    }
    switch (hash_family(alg)) {
#if PSA_WANT_ALG_SHA_224 || PSA_WANT_ALG_SHA_256
    case 1:
        memcpy(ctx->u.sha256.state, state, sizeof(ctx->u.sha256.state));
        ctx->u.sha256.length = 64;
        break;
#endif
#if PP_HASH_SHA512_CORE
    case 2:
        memcpy(ctx->u.sha512.state, state, sizeof(ctx->u.sha512.state));
        ctx->u.sha512.length_lo = 128;
        break;
#endif
#if PSA_WANT_ALG_SHA_1
    case 3:
        memcpy(ctx->u.sha1.state, state, sizeof(ctx->u.sha1.state));
        ctx->u.sha1.length = 64;
        break;
#endif
    default:
        break;
    }
    return PSA_SUCCESS;
}

psa_status_t pp_hash_compute(psa_algorithm_t alg, const uint8_t *in, size_t len, uint8_t *out)
{
    pp_hash_ctx ctx;
    psa_status_t status = pp_hash_setup(&ctx, alg);
    if (status != PSA_SUCCESS) {
        return status;
    }
    pp_hash_update(&ctx, in, len);
    pp_hash_finish(&ctx, out);
    return PSA_SUCCESS;
}
