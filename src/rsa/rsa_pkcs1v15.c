/*
 * rsa_pkcs1v15.c -- PKCS#1 v1.5 encodings (RFC 8017 9.2 and 7.2) and the
 * constant-time message extraction shared with OAEP. See rsa_padding.h.
 */
#include <string.h>

#include "rsa/rsa_padding.h"
#include "hash/pp_hash.h"
#include "random/pp_random.h"
#include "common/pp_ct_extract.h"
#include "common/pp_util.h"

#if PSA_WANT_ALG_RSA_PKCS1V15_SIGN

/* DER of DigestInfo up to the OCTET STRING header of the digest
 * (RFC 8017 9.2 note 1): SEQUENCE { SEQUENCE { OID, NULL }, OCTET STRING }. */
static const uint8_t digest_info_sha224[19] = {
    0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x04, 0x05, 0x00, 0x04, 0x1c };
static const uint8_t digest_info_sha256[19] = {
    0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20 };
static const uint8_t digest_info_sha384[19] = {
    0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x02, 0x05, 0x00, 0x04, 0x30 };
static const uint8_t digest_info_sha512[19] = {
    0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40 };

#if PSA_WANT_ALG_SHA_1
/* id-sha1 1.3.14.3.2.26 (RFC 8017 9.2 note 1). */
static const uint8_t digest_info_sha1[15] = {
    0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14 };
#endif
#if PSA_WANT_ALG_SHA_512_224
static const uint8_t digest_info_sha512_224[19] = {
    0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x05, 0x05, 0x00, 0x04, 0x1c };
#endif
#if PSA_WANT_ALG_SHA_512_256
static const uint8_t digest_info_sha512_256[19] = {
    0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x06, 0x05, 0x00, 0x04, 0x20 };
#endif

/* id-sha3-224 .. id-sha3-512: 2.16.840.1.101.3.4.2.7 .. .10 (NIST CSOR;
 * RFC 8702 names them for RSA PKCS#1 v1.5 signatures). */
#if PSA_WANT_ALG_SHA3_224
static const uint8_t digest_info_sha3_224[19] = {
    0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x07, 0x05, 0x00, 0x04, 0x1c };
#endif
#if PSA_WANT_ALG_SHA3_256
static const uint8_t digest_info_sha3_256[19] = {
    0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x08, 0x05, 0x00, 0x04, 0x20 };
#endif
#if PSA_WANT_ALG_SHA3_384
static const uint8_t digest_info_sha3_384[19] = {
    0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x09, 0x05, 0x00, 0x04, 0x30 };
#endif
#if PSA_WANT_ALG_SHA3_512
static const uint8_t digest_info_sha3_512[19] = {
    0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x0a, 0x05, 0x00, 0x04, 0x40 };
#endif

/* The DigestInfo prefix T - hash of EMSA-PKCS1-v1_5 and the length of the
 * FF padding for a k-byte EM (9.2 steps 2-4). hash_alg 0 is _RAW. */
static psa_status_t sign_layout(psa_algorithm_t hash_alg, size_t hash_len, size_t k,
                                const uint8_t **prefix, size_t *prefix_len, size_t *ps_len)
{
    size_t t_len;

    *prefix = NULL;
    *prefix_len = 0;
    if (hash_alg != 0u) {
        size_t expected = pp_hash_size(hash_alg);
        switch (hash_alg) {
        case PSA_ALG_SHA_224: *prefix = digest_info_sha224; break;
        case PSA_ALG_SHA_256: *prefix = digest_info_sha256; break;
        case PSA_ALG_SHA_384: *prefix = digest_info_sha384; break;
        case PSA_ALG_SHA_512: *prefix = digest_info_sha512; break;
#if PSA_WANT_ALG_SHA_1
        case PSA_ALG_SHA_1: *prefix = digest_info_sha1; break;
#endif
#if PSA_WANT_ALG_SHA_512_224
        case PSA_ALG_SHA_512_224: *prefix = digest_info_sha512_224; break;
#endif
#if PSA_WANT_ALG_SHA_512_256
        case PSA_ALG_SHA_512_256: *prefix = digest_info_sha512_256; break;
#endif
#if PSA_WANT_ALG_SHA3_224
        case PSA_ALG_SHA3_224: *prefix = digest_info_sha3_224; break;
#endif
#if PSA_WANT_ALG_SHA3_256
        case PSA_ALG_SHA3_256: *prefix = digest_info_sha3_256; break;
#endif
#if PSA_WANT_ALG_SHA3_384
        case PSA_ALG_SHA3_384: *prefix = digest_info_sha3_384; break;
#endif
#if PSA_WANT_ALG_SHA3_512
        case PSA_ALG_SHA3_512: *prefix = digest_info_sha3_512; break;
#endif
        default: break;
        }
        if (*prefix == NULL || expected == 0u) {
            /* A hash we cannot build vs. not a hash at all (PSA 1.2 10.7). */
            return PSA_ALG_IS_HASH(hash_alg) ? PSA_ERROR_NOT_SUPPORTED
                                             : PSA_ERROR_INVALID_ARGUMENT;
        }
        if (hash_len != expected) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
#if PSA_WANT_ALG_SHA_1
        /* Every prefix is 19 bytes but SHA-1's 15 (its OID is shorter). */
        *prefix_len = hash_alg == PSA_ALG_SHA_1 ? sizeof(digest_info_sha1) : sizeof(digest_info_sha256);
#else
        *prefix_len = sizeof(digest_info_sha256);
#endif
    }
    /* emLen >= tLen + 11 (9.2 step 3). */
    t_len = *prefix_len + hash_len;
    if (t_len > k || k - t_len < 11u) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    *ps_len = k - t_len - 3u;
    return PSA_SUCCESS;
}

psa_status_t pp_rsa_pkcs1v15_sign_encode(psa_algorithm_t hash_alg, const uint8_t *hash,
                                         size_t hash_len, uint8_t *em, size_t k)
{
    const uint8_t *prefix;
    size_t prefix_len, ps_len;
    psa_status_t status = sign_layout(hash_alg, hash_len, k, &prefix, &prefix_len, &ps_len);

    if (status != PSA_SUCCESS) {
        return status;
    }
    /* The hash may overlap em (PSA 1.2 5.4.4): move it to its final place
     * first (pp_rsa_move), then write the bytes in front of it, which no
     * longer hold any input. */
    if (hash_len != 0u) { /* _RAW accepts an empty input, maybe NULL */
        pp_rsa_move(em + k - hash_len, hash, hash_len);
    }
    em[0] = 0x00u;
    em[1] = 0x01u;
    memset(em + 2, 0xff, ps_len);
    em[2 + ps_len] = 0x00u;
    if (prefix_len != 0u) {
        memcpy(em + 3 + ps_len, prefix, prefix_len);
    }
    return PSA_SUCCESS;
}

psa_status_t pp_rsa_pkcs1v15_sign_check(psa_algorithm_t hash_alg, const uint8_t *hash,
                                        size_t hash_len, const uint8_t *em, size_t k)
{
    const uint8_t *prefix;
    size_t prefix_len, ps_len, i;
    uint8_t diff;
    psa_status_t status = sign_layout(hash_alg, hash_len, k, &prefix, &prefix_len, &ps_len);

    if (status != PSA_SUCCESS) {
        /* Nothing that cannot be encoded has a valid signature. */
        return (status == PSA_ERROR_INVALID_ARGUMENT) ? PSA_ERROR_INVALID_SIGNATURE : status;
    }
    /* Compare with the one valid encoding piece by piece, at positions
     * fixed by the hash length alone: nothing of em is parsed. */
    diff = (uint8_t)(em[0] | (em[1] ^ 0x01u) | em[2 + ps_len]);
    for (i = 0; i < ps_len; i++) {
        diff |= (uint8_t)(em[2 + i] ^ 0xffu);
    }
    if (diff != 0u || (prefix_len != 0u && memcmp(em + 3 + ps_len, prefix, prefix_len) != 0) ||
        (hash_len != 0u && memcmp(em + 3 + ps_len + prefix_len, hash, hash_len) != 0)) {
        return PSA_ERROR_INVALID_SIGNATURE;
    }
    return PSA_SUCCESS;
}

#endif /* PSA_WANT_ALG_RSA_PKCS1V15_SIGN */

#if PSA_WANT_ALG_RSA_PKCS1V15_CRYPT

psa_status_t pp_rsa_pkcs1v15_encrypt_encode(const uint8_t *msg, size_t msg_len,
                                            uint8_t *em, size_t k)
{
    size_t ps_len;
    size_t i;
    psa_status_t status;

    if (k < 11u || msg_len > k - 11u) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    ps_len = k - msg_len - 3u;
    /* The message may overlap em (PSA 1.2 5.4.4): move it to the tail
     * first, then fill the header and PS in front of it. */
    if (msg_len != 0u) { /* an empty message may come as NULL */
        pp_rsa_move(em + k - msg_len, msg, msg_len);
    }
    em[0] = 0x00u;
    em[1] = 0x02u;
    /* PS: nonzero random bytes (7.2.1 step 2a). A zero byte is redrawn; the
     * branch reveals only that a discarded draw was zero. */
    status = pp_random_bytes(em + 2, ps_len);
    for (i = 0; i < ps_len && status == PSA_SUCCESS; i++) {
        while (em[2 + i] == 0u && status == PSA_SUCCESS) {
            status = pp_random_bytes(em + 2 + i, 1u);
        }
    }
    if (status != PSA_SUCCESS) {
        pp_wipe(em, k);
        return status;
    }
    em[2 + ps_len] = 0x00u;
    return PSA_SUCCESS;
}

psa_status_t pp_rsa_pkcs1v15_decrypt_decode(uint8_t *em, size_t k,
                                            uint8_t *out, size_t out_size, size_t *out_len)
{
    size_t max_len;
    size_t zero_index = 0;
    size_t found = 0;
    size_t good;
    size_t start;
    size_t msg_len;
    size_t i;

    *out_len = 0;
    if (k < 11u) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    max_len = k - 11u;
    /* Decided from public sizes only (see rsa_padding.h). */
    if (out_size < max_len) {
        return PSA_ERROR_BUFFER_TOO_SMALL;
    }
    /* 00 || 02 || PS (>= 8 nonzero bytes) || 00 || M (7.2.2 step 3). Find
     * the first zero byte after the 02 with a scan over every byte. */
    good = pp_ct_mask_sz(pp_ct_mask_eq_u32(em[0], 0u) & pp_ct_mask_eq_u32(em[1], 2u));
    for (i = 2; i < k; i++) {
        size_t is_zero = pp_ct_mask_sz(pp_ct_mask_eq_u32(em[i], 0u));
        size_t first = is_zero & ~found;
        zero_index = pp_ct_select_sz(first, i, zero_index);
        found |= is_zero;
    }
    good &= found;
    good &= ~pp_ct_mask_lt_sz(zero_index, 10u);
    /* The message starts at zero_index + 1 >= 11, i.e. at offset
     * zero_index - 10 in the (max_len)-byte tail em[11..k). */
    start = pp_ct_select_sz(good, zero_index - 10u, max_len);
    msg_len = pp_ct_select_sz(good, k - zero_index - 1u, 0u);

    memcpy(out, em + 11, max_len);
    pp_ct_extract_message(out, max_len, start);
    *out_len = msg_len;
    /* The verdict is the one thing the API makes public; it is formed
     * without a branch so that the caller decides when to look at it. */
    return (psa_status_t)(int32_t)((uint32_t)(int32_t)PSA_ERROR_INVALID_PADDING & (uint32_t)~good);
}

#endif /* PSA_WANT_ALG_RSA_PKCS1V15_CRYPT */

#if PSA_WANT_ALG_RSA_PKCS1V15_SIGN || PSA_WANT_ALG_RSA_PKCS1V15_CRYPT || PSA_WANT_ALG_RSA_PSS || \
    PSA_WANT_ALG_RSA_OAEP

void pp_rsa_move(uint8_t *dst, const uint8_t *src, size_t len)
{
    size_t i;

    if ((uintptr_t)dst <= (uintptr_t)src) {
        for (i = 0; i < len; i++) {
            dst[i] = src[i];
        }
    } else {
        for (i = len; i > 0; i--) {
            dst[i - 1u] = src[i - 1u];
        }
    }
}

#endif

#if !PSA_WANT_ALG_RSA_PKCS1V15_SIGN && !PSA_WANT_ALG_RSA_PKCS1V15_CRYPT && !PSA_WANT_ALG_RSA_OAEP && \
    !PSA_WANT_ALG_RSA_PSS
/* Left out by picopsa/config.h (ISO C wants a non-empty unit). */
typedef int pp_rsa_pkcs1v15_disabled;
#endif
