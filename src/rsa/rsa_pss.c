/*
 * rsa_pss.c -- EMSA-PSS encoding and verification (RFC 8017 9.1), MGF1 with
 * the message hash, trailer 0xbc. Public data only: variable time.
 */
#include <string.h>

#include "rsa/rsa_padding.h"
#include "hash/pp_hash.h"
#include "common/pp_util.h"

#if PSA_WANT_ALG_RSA_PSS

/* H = Hash(0x00 * 8 || mHash || salt) (9.1.1 steps 5-6). */
static psa_status_t pss_hash(psa_algorithm_t hash_alg, const uint8_t *mhash, size_t hash_len,
                             const uint8_t *salt, size_t salt_len, uint8_t *h)
{
    static const uint8_t zeros[8] = { 0 };
    pp_hash_ctx ctx;
    psa_status_t status = pp_hash_setup(&ctx, hash_alg);

    if (status != PSA_SUCCESS) {
        return status;
    }
    pp_hash_update(&ctx, zeros, sizeof(zeros));
    pp_hash_update(&ctx, mhash, hash_len);
    pp_hash_update(&ctx, salt, salt_len);
    pp_hash_finish(&ctx, h);
    return PSA_SUCCESS;
}

/* emLen = ceil(emBits / 8) with emBits = modBits - 1 (9.1.1, 9.1.2). */
static size_t pss_em_len(size_t mod_bits)
{
    return (mod_bits - 1u + 7u) / 8u;
}

size_t pp_rsa_pss_sign_salt_length(size_t hash_len, size_t mod_bits)
{
    size_t em_len = pss_em_len(mod_bits);

    if (em_len < hash_len + 2u) {
        return 0;
    }
    return (em_len - hash_len - 2u < hash_len) ? em_len - hash_len - 2u : hash_len;
}

psa_status_t pp_rsa_pss_encode(psa_algorithm_t hash_alg, const uint8_t *mhash, size_t hash_len,
                               const uint8_t *salt, size_t salt_len,
                               size_t mod_bits, uint8_t *em_full)
{
    uint8_t h[PP_HASH_MAX_SIZE];
    size_t k = (mod_bits + 7u) / 8u;
    size_t em_bits = mod_bits - 1u;
    size_t em_len = pss_em_len(mod_bits);
    size_t db_len;
    uint8_t *em = em_full + (k - em_len);
    psa_status_t status;

    if (pp_hash_size(hash_alg) == 0u) {
        return PSA_ALG_IS_HASH(hash_alg) ? PSA_ERROR_NOT_SUPPORTED : PSA_ERROR_INVALID_ARGUMENT;
    }
    if (hash_len != pp_hash_size(hash_alg)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* Step 3: emLen >= hLen + sLen + 2. */
    if (em_len < hash_len + salt_len + 2u) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    db_len = em_len - hash_len - 1u;
    /* mHash and the salt may overlap em (PSA 1.2 5.4.4): H consumes both
     * before em is written, and the salt is then moved into place first. */
    status = pss_hash(hash_alg, mhash, hash_len, salt, salt_len, h);
    if (status != PSA_SUCCESS) {
        return status;
    }
    pp_rsa_move(em + db_len - salt_len, salt, salt_len);
    /* EM = maskedDB || H || 0xbc with DB = PS (zeros) || 0x01 || salt. */
    memset(em_full, 0, k - em_len + db_len - salt_len);
    memcpy(em + db_len, h, hash_len);
    em[db_len - salt_len - 1u] = 0x01u;
    status = pp_rsa_mgf1_xor(hash_alg, em + db_len, hash_len, em, db_len);
    if (status != PSA_SUCCESS) {
        return status;
    }
    /* Step 11: clear the leftmost 8 emLen - emBits bits. */
    em[0] &= (uint8_t)(0xffu >> (8u * em_len - em_bits));
    em[em_len - 1u] = 0xbcu;
    return PSA_SUCCESS;
}

psa_status_t pp_rsa_pss_verify(psa_algorithm_t hash_alg, const uint8_t *mhash, size_t hash_len,
                               uint8_t *em_full, size_t mod_bits, size_t salt_len)
{
    uint8_t h2[PP_HASH_MAX_SIZE];
    size_t k = (mod_bits + 7u) / 8u;
    size_t em_bits = mod_bits - 1u;
    size_t em_len = pss_em_len(mod_bits);
    size_t top_bits = 8u * em_len - em_bits;
    uint8_t *em = em_full + (k - em_len);
    uint8_t *db = em; /* unmasked in place: no second buffer */
    const uint8_t *h;
    size_t db_len;
    size_t i;
    psa_status_t status;

    if (pp_hash_size(hash_alg) == 0u) {
        return PSA_ALG_IS_HASH(hash_alg) ? PSA_ERROR_NOT_SUPPORTED : PSA_ERROR_INVALID_ARGUMENT;
    }
    if (hash_len != pp_hash_size(hash_alg)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* When emLen < k the integer's top byte must be zero (RSAVP1 output
     * must fit in emBits bits, 8.1.2 step 2c). */
    if (k != em_len && em_full[0] != 0u) {
        return PSA_ERROR_INVALID_SIGNATURE;
    }
    /* Steps 3-6. */
    if (em_len < hash_len + 2u ||
        (salt_len != PP_RSA_PSS_ANY_SALT && em_len - hash_len - 2u < salt_len) ||
        em[em_len - 1u] != 0xbcu ||
        (em[0] & (uint8_t)~(0xffu >> top_bits)) != 0u) {
        return PSA_ERROR_INVALID_SIGNATURE;
    }
    db_len = em_len - hash_len - 1u;
    h = em + db_len;
    /* Steps 7-9: DB = maskedDB xor MGF(H), leftmost bits cleared. */
    status = pp_rsa_mgf1_xor(hash_alg, h, hash_len, db, db_len);
    if (status != PSA_SUCCESS) {
        return status;
    }
    db[0] &= (uint8_t)(0xffu >> top_bits);
    /* Step 10: zeros, then 0x01, then the salt. */
    for (i = 0; i < db_len && db[i] == 0u; i++) {
    }
    if (i == db_len || db[i] != 0x01u) {
        return PSA_ERROR_INVALID_SIGNATURE;
    }
    if (salt_len != PP_RSA_PSS_ANY_SALT && db_len - i - 1u != salt_len) {
        return PSA_ERROR_INVALID_SIGNATURE;
    }
    /* Steps 12-14. */
    status = pss_hash(hash_alg, mhash, hash_len, db + i + 1u, db_len - i - 1u, h2);
    if (status != PSA_SUCCESS) {
        return status;
    }
    return (memcmp(h, h2, hash_len) == 0) ? PSA_SUCCESS : PSA_ERROR_INVALID_SIGNATURE;
}

#else
/* Left out by picopsa/config.h (ISO C wants a non-empty unit). */
typedef int pp_rsa_pss_disabled;
#endif /* PSA_WANT_ALG_RSA_PSS */
