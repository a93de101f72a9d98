/*
 * ed25519.c -- RFC 8032 Ed25519 / Ed25519ph (see ed25519.h).
 */
#include "ed25519/ed25519.h"

#include <picopsa/config.h>

/* The small backend (ed25519_small.c) defines the same API instead. */
#if PICOPSA_ED25519_BACKEND == PICOPSA_BACKEND_FAST

#include <string.h>

#include "common/pp_util.h"
#include "ed25519/ed25519_fault.h"
#include "ed25519/ge25519.h"
#include "ed25519/sc25519.h"
#include "hash/sha512.h"

/* dom2(phflag = 1, context = "") of RFC 8032 5.1: the 32-byte ASCII
 * prefix, the flag octet 1 and the context length octet 0. PureEdDSA
 * Ed25519 has no prefix at all. */
static const uint8_t ed25519ph_dom2[34] = {
    'S', 'i', 'g', 'E', 'd', '2', '5', '5', '1', '9', ' ', 'n', 'o', ' ',
    'E', 'd', '2', '5', '5', '1', '9', ' ', 'c', 'o', 'l', 'l', 'i', 's',
    'i', 'o', 'n', 's', 1, 0
};

/* RFC 8032 5.1.5 steps 1-2: h = SHA-512(seed), s = clamp(h[0..32]); the
 * upper half h[32..64] is the nonce prefix. */
void pp_ed25519_expand(uint8_t expanded[64], const uint8_t seed[32])
{
    pp_sha512(seed, 32, expanded);
    expanded[0] &= 248;
    expanded[31] &= 127;
    expanded[31] |= 64;
}

void pp_ed25519_public_key_expanded(uint8_t pk[32], const uint8_t expanded[64])
{
    ge25519_p3 A;
    pp_ge25519_scalarmult_base(&A, expanded);
    pp_ge25519_p3_tobytes(pk, &A);
    pp_wipe(&A, sizeof(A));
}

void pp_ed25519_public_key(uint8_t pk[32], const uint8_t seed[32])
{
    uint8_t h[64];
    pp_ed25519_expand(h, seed);
    pp_ed25519_public_key_expanded(pk, h);
    pp_wipe(h, sizeof(h));
}

void pp_ed25519_public_key_expanded_with_x(uint8_t pk[32], uint8_t x[32],
                                           const uint8_t expanded[64])
{
    ge25519_p3 A;
    pp_ge25519_scalarmult_base(&A, expanded);
    pp_ge25519_p3_tobytes_with_x(pk, x, &A);
    pp_wipe(&A, sizeof(A));
}

int pp_ed25519_public_key_check(const uint8_t pk[32])
{
    ge25519_p3 A;
    return pp_ge25519_frombytes(&A, pk);
}

int pp_ed25519_public_key_decode(uint8_t x[32], const uint8_t pk[32])
{
    ge25519_p3 A;
    if (pp_ge25519_frombytes(&A, pk) != 0) {
        return -1;
    }
    pp_fe25519_tobytes(x, &A.X); /* Z = 1 after decoding */
    return 0;
}

/* out = SHA-512(dom || a || b || msg) mod L. The hash context lives only
 * in this frame, not under the scalar multiplications (MCU stack). */
static void hash_to_scalar(uint8_t out[32], const uint8_t *dom, size_t dom_len,
                           const uint8_t *a, const uint8_t *b, size_t b_len,
                           const uint8_t *msg, size_t msg_len)
{
    picopsa_sha512_context hash;
    uint8_t digest[64];
    pp_sha512_init(&hash);
    pp_sha512_update(&hash, dom, dom_len);
    pp_sha512_update(&hash, a, 32);
    pp_sha512_update(&hash, b, b_len);
    pp_sha512_update(&hash, msg, msg_len);
    pp_sha512_finish(&hash, digest);
    pp_sc25519_reduce(out, digest);
    pp_wipe(digest, sizeof(digest)); /* the nonce hash is secret */
}

/* 5.1.6 with dom = NULL (Ed25519) or the dom2 prefix (Ed25519ph, where
 * msg is PH(M)). Returns 0, or nonzero with sig wiped when the fault
 * check (PICOPSA_SIGN_FAULT_CHECK, ed25519_fault.h) finds the two
 * computations or the released copy different.
 *
 * sig may overlap msg (and pk or h): PSA Crypto API 1.2 5.4.4 allows an
 * output buffer to overlap the inputs. Steps 2 and 4 both read M, so the
 * encoding of R and S are built in locals and sig is written only once
 * every input has been read for the last time (by both computations).
 * Writing R into sig before step 4 would hash a
 * different M for k than for r: two signatures with the same R and
 * different k give s = (S1 - S2) / (k1 - k2) mod L. */
static int sign_with_dom(uint8_t sig[64], const uint8_t h[64], const uint8_t pk[32],
                         const uint8_t *tag, const uint8_t *dom, size_t dom_len,
                         const uint8_t *msg, size_t msg_len)
{
    uint8_t rs[32]; /* r, then S */
    union { /* R is dead once encoded, before k exists: MCU stack */
        ge25519_p3 R;
        struct {
            uint8_t k[32];
            uint8_t r_enc[32]; /* written over R by its own encoding */
        } e;
    } u;
    int ret = 0;
#if PICOPSA_SIGN_FAULT_CHECK
    uint8_t first[64]; /* R || S of the first computation */
    int pass;

    for (pass = 0; pass < 2; pass++) {
#endif
        /* Step 1 (h = SHA-512(seed), s = clamp(h[0..32])) is the caller's. */
        /* Step 2: r = SHA-512(dom || prefix || M) mod L. */
        hash_to_scalar(rs, dom, dom_len, h + 32, NULL, 0, msg, msg_len);
        PP_ED25519_FAULT(rs, 32);
        /* Step 3: R = [r]B; pp_ge25519_p3_tobytes reads all of R before it
         * writes (ge25519.h), so the encoding may land in R's storage. */
        pp_ge25519_scalarmult_base(&u.R, rs);
        PP_ED25519_FAULT(&u.R, sizeof(u.R));
        pp_ge25519_p3_tobytes(u.e.r_enc, &u.R);
        PP_ED25519_FAULT(u.e.r_enc, 32);
        /* Step 4: k = SHA-512(dom || R || A || M) mod L. */
        hash_to_scalar(u.e.k, dom, dom_len, u.e.r_enc, pk, 32, msg, msg_len);
        PP_ED25519_FAULT(u.e.k, 32);
        /* Step 5: S = (r + k * s) mod L; pp_sc25519_muladd reads all of its
         * inputs before it writes out, so S may replace r. */
        pp_sc25519_muladd(rs, u.e.k, h, rs);
        PP_ED25519_FAULT(rs, 32);
#if PICOPSA_SIGN_FAULT_CHECK
        if (pass == 0) {
            memcpy(first, u.e.r_enc, 32);
            memcpy(first + 32, rs, 32);
        }
    }
    /* Step 6: the signature R || S when both computations agree; nothing
     * is read after this. */
    ret = ed25519_fault_commit(sig, first, u.e.r_enc, rs, h, pk, tag);
    pp_wipe(first, sizeof(first));
#else
    (void)tag;
    /* Step 6: the signature R || S; nothing is read after this. */
    memcpy(sig, u.e.r_enc, 32);
    memcpy(sig + 32, rs, 32);
#endif

    pp_wipe(rs, sizeof(rs));
    pp_wipe(&u, sizeof(u));
    return ret;
}

/* 5.1.7: check [S]B = R + [k]A as encode([S]B - [k]A) == R (rules in
 * ed25519.h). A comes from the cached x when the caller has it (a key
 * slot), else from decoding pk. */
static int verify_with_dom(const uint8_t sig[64], const uint8_t pk[32], const uint8_t *x,
                           const uint8_t *dom, size_t dom_len,
                           const uint8_t *msg, size_t msg_len)
{
    /* k is dead once R' is computed and R' once it is encoded: the encoding
     * reuses k, and R' the storage of A (the double-scalar multiplication
     * allows r to alias A), which keeps verify's stack small on MCUs. */
    uint8_t k[32];
    union {
        ge25519_p3 A;
        ge25519_p2 R;
    } point;

    if (!pp_sc25519_is_canonical(sig + 32)) {
        return -1;
    }
    if (x != NULL) {
        pp_ge25519_from_affine_bytes(&point.A, pk, x);
    } else if (pp_ge25519_frombytes(&point.A, pk) != 0) {
        return -1;
    }
    hash_to_scalar(k, dom, dom_len, sig, pk, 32, msg, msg_len);
    pp_ge25519_p3_neg(&point.A, &point.A);
    pp_ge25519_double_scalarmult_vartime(&point.R, k, &point.A, sig + 32);
    pp_ge25519_p2_tobytes_vartime(k, &point.R); /* R' is public */
    return memcmp(k, sig, 32) == 0 ? 0 : -1;
}

int pp_ed25519_sign_ex(uint8_t sig[64], const uint8_t expanded[64], const uint8_t pk[32],
                       const uint8_t *tag, unsigned ph, const uint8_t *msg, size_t msg_len)
{
    return sign_with_dom(sig, expanded, pk, tag, ph ? ed25519ph_dom2 : NULL,
                         ph ? sizeof(ed25519ph_dom2) : 0, msg, msg_len);
}

int pp_ed25519_verify_ex(const uint8_t sig[64], const uint8_t pk[32], const uint8_t *x,
                         unsigned ph, const uint8_t *msg, size_t msg_len)
{
    return verify_with_dom(sig, pk, x, ph ? ed25519ph_dom2 : NULL,
                           ph ? sizeof(ed25519ph_dom2) : 0, msg, msg_len);
}

/* 5.1.6 from the seed (step 1 here). */
static int sign_seed(uint8_t sig[64], const uint8_t seed[32], const uint8_t pk[32], unsigned ph,
                     const uint8_t *msg, size_t msg_len)
{
    uint8_t h[64];
    int ret;
    pp_ed25519_expand(h, seed);
    ret = pp_ed25519_sign_ex(sig, h, pk, NULL, ph, msg, msg_len);
    pp_wipe(h, sizeof(h));
    return ret;
}

int pp_ed25519_sign(uint8_t sig[64], const uint8_t seed[32], const uint8_t pk[32],
                    const uint8_t *msg, size_t msg_len)
{
    return sign_seed(sig, seed, pk, 0, msg, msg_len);
}

int pp_ed25519ph_sign(uint8_t sig[64], const uint8_t seed[32], const uint8_t pk[32],
                      const uint8_t prehash[64])
{
    return sign_seed(sig, seed, pk, 1, prehash, 64);
}

#endif /* PICOPSA_ED25519_BACKEND == PICOPSA_BACKEND_FAST */
