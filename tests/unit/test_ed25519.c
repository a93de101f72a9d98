/*
 * test_ed25519.c -- the internal Ed25519 API (src/ed25519):
 *  - field and scalar arithmetic against OpenSSL BIGNUM on random inputs;
 *  - RFC 8032 sec. 7.1 / 7.3 vectors byte for byte (key derivation, Ed25519
 *    and Ed25519ph signing, verification);
 *  - every Wycheproof ed25519_test.json case gives its expected result;
 *  - random keys and messages cross-checked with OpenSSL's Ed25519 both
 *    ways (byte-identical signatures, each side verifies the other's);
 *  - every single-bit flip of a signature, public key or message rejected;
 *  - public-key decoding rules (non-canonical, off-curve, x = 0 with sign);
 *  - pp_ge25519_p3_tobytes with the output inside the point's own storage
 *    (the signer relies on it) equals the separate-buffer encoding;
 *  - pp_ed25519_backend_name names the field that was compiled.
 * ED25519_TEST_ITERATIONS sets the random case count (test_ed25519_slow.c
 * raises it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/evp.h>

#include "common/pp_util.h"
#include "ed25519/ed25519.h"
#include "curve25519/fe25519.h"
#include "ed25519/ge25519.h"
#include "ed25519/sc25519.h"
#include "hash/sha512.h"
#include "json.h"
#include "test_ossl_ed25519.h"
#include "test_util.h"

#ifndef ED25519_TEST_NAME
#define ED25519_TEST_NAME "ed25519"
#endif
#ifndef ED25519_TEST_ITERATIONS
#if PICOPSA_ED25519_BACKEND == PICOPSA_BACKEND_SMALL
/* the small backend is an order of magnitude slower on hosts: keep the
 * test under ~10 s (9 s of CPU with 400; the bit flips dominate) */
#define ED25519_TEST_ITERATIONS 400
#else
#define ED25519_TEST_ITERATIONS 1000
#endif
#endif
#include "test_config.h"
#if !(TEST_HAVE_ED25519)
/* The whole subject of this test is configured out. */
int main(void)
{
    return test_skip(ED25519_TEST_NAME, "Ed25519 configured out (PSA_WANT_ECC_TWISTED_EDWARDS_255 0)");
}
#else

/* ---- helpers --------------------------------------------------------- */

static BIGNUM *bn_le(const uint8_t *p, size_t n)
{
    BIGNUM *b = BN_lebin2bn(p, (int)n, NULL);
    if (b == NULL) {
        abort();
    }
    return b;
}

static void bn_to_le32(uint8_t out[32], const BIGNUM *b)
{
    if (BN_bn2lebinpad(b, out, 32) != 32) {
        abort();
    }
}

static EVP_PKEY *ossl_private(const uint8_t seed[32])
{
    return EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
}

static int ossl_sign(uint8_t sig[64], const uint8_t seed[32], const uint8_t *msg, size_t len)
{
    EVP_PKEY *key = ossl_private(seed);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    size_t sig_len = 64;
    int ok = key != NULL && ctx != NULL &&
             EVP_DigestSignInit(ctx, NULL, NULL, NULL, key) == 1 &&
             EVP_DigestSign(ctx, sig, &sig_len, msg, len) == 1 && sig_len == 64;
    EVP_MD_CTX_free(ctx);
    EVP_PKEY_free(key);
    return ok;
}

static int ossl_verify(const uint8_t *sig, size_t sig_len, const uint8_t pk[32],
                       const uint8_t *msg, size_t len)
{
    return test_ossl_ed25519_verify(pk, msg, len, sig, sig_len);
}

static void ossl_public(uint8_t pk[32], const uint8_t seed[32])
{
    EVP_PKEY *key = ossl_private(seed);
    size_t len = 32;
    if (key == NULL || EVP_PKEY_get_raw_public_key(key, pk, &len) != 1 || len != 32) {
        abort();
    }
    EVP_PKEY_free(key);
}

/* ---- field and scalar arithmetic vs BIGNUM ---------------------------- */

static void test_field(void)
{
    BN_CTX *bn = BN_CTX_new();
    BIGNUM *p = BN_new();
    int i, fail = 0;
    BN_set_bit(p, 255);
    BN_sub_word(p, 19);

    for (i = 0; i < 2000; i++) {
        uint8_t a[32], b[32], out[32], want[32];
        fe25519 fa, fb, fr;
        BIGNUM *ba, *bb, *r = BN_new();
        test_rng_bytes(a, 32);
        test_rng_bytes(b, 32);
        if (i < 8) { /* edges: p - 1, p + small, all ones */
            memset(a, 0xff, 32);
            a[0] = (uint8_t)(0xec + i);
        }
        a[31] &= 0x7f;
        b[31] &= 0x7f;
        pp_fe25519_frombytes(&fa, a);
        pp_fe25519_frombytes(&fb, b);
        ba = bn_le(a, 32);
        bb = bn_le(b, 32);

        pp_fe25519_mul(&fr, &fa, &fb);
        pp_fe25519_tobytes(out, &fr);
        BN_mod_mul(r, ba, bb, p, bn);
        bn_to_le32(want, r);
        fail |= memcmp(out, want, 32) != 0;

        pp_fe25519_sq(&fr, &fa);
        pp_fe25519_tobytes(out, &fr);
        BN_mod_sqr(r, ba, p, bn);
        bn_to_le32(want, r);
        fail |= memcmp(out, want, 32) != 0;

        pp_fe25519_add(&fr, &fa, &fb);
        pp_fe25519_add(&fr, &fr, &fa); /* a sum of three values, then mul */
        pp_fe25519_mul(&fr, &fr, &fb);
        pp_fe25519_tobytes(out, &fr);
        BN_mod_add(r, ba, bb, p, bn);
        BN_mod_add(r, r, ba, p, bn);
        BN_mod_mul(r, r, bb, p, bn);
        bn_to_le32(want, r);
        fail |= memcmp(out, want, 32) != 0;

        pp_fe25519_sub(&fr, &fa, &fb);
        pp_fe25519_tobytes(out, &fr);
        BN_mod_sub(r, ba, bb, p, bn);
        bn_to_le32(want, r);
        fail |= memcmp(out, want, 32) != 0;

        if (i % 20 == 0) {
            pp_fe25519_invert(&fr, &fa);
            pp_fe25519_tobytes(out, &fr);
            BN_nnmod(r, ba, p, bn);
            if (BN_is_zero(r)) {
                BN_zero(r);
            } else {
                BN_mod_inverse(r, r, p, bn);
            }
            bn_to_le32(want, r);
            fail |= memcmp(out, want, 32) != 0;
        }
        BN_free(ba);
        BN_free(bb);
        BN_free(r);
    }
    CHECK(fail == 0);

    /* Canonical encoding: p itself and p + 1 reduce to 0 and 1 and are
     * flagged non-canonical; p - 1 is canonical. */
    {
        uint8_t s[32], out[32], one[32] = { 1 };
        fe25519 f;
        memset(s, 0xff, 32);
        s[31] = 0x7f;
        s[0] = 0xed;
        CHECK(pp_fe25519_bytes_are_canonical(s) == 0);
        pp_fe25519_frombytes(&f, s);
        CHECK(pp_fe25519_iszero(&f) == 1);
        s[0] = 0xee;
        CHECK(pp_fe25519_bytes_are_canonical(s) == 0);
        pp_fe25519_frombytes(&f, s);
        pp_fe25519_tobytes(out, &f);
        CHECK_MEM(out, one, 32);
        s[0] = 0xec;
        CHECK(pp_fe25519_bytes_are_canonical(s) == 1);
        s[31] = 0xff; /* bit 255 is ignored */
        CHECK(pp_fe25519_bytes_are_canonical(s) == 1);
        s[30] = 0xfe;
        s[0] = 0xff;
        CHECK(pp_fe25519_bytes_are_canonical(s) == 1);
    }
    BN_free(p);
    BN_CTX_free(bn);
}

#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51 && defined(__x86_64__) && defined(__GNUC__)
/* The library's safegcd divstep is CMOV assembly on x86-64; compile
 * fe25519_invert.c a second time with the portable mask form (entry points
 * renamed) so that both are checked on this host. */
#define PICOPSA_ED25519_SAFEGCD_X86_ASM 0
#define pp_fe25519_invert_safegcd portable_invert_safegcd
#define pp_fe25519_invert_vartime portable_invert_vartime
void portable_invert_safegcd(fe25519 *h, const fe25519 *f);
void portable_invert_vartime(fe25519 *h, const fe25519 *f);
#include "curve25519/fe25519_invert.c"
#undef pp_fe25519_invert_safegcd
#undef pp_fe25519_invert_vartime
#define INVERSIONS 5
#else
#define INVERSIONS 3
#endif

#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
/* The value of a 51-bit-limb field element, limbs as they are (possibly
 * over 51 bits, i.e. not reduced), as a BIGNUM. */
static BIGNUM *bn_from_fe51(const fe25519 *f)
{
    BIGNUM *r = BN_new(), *limb = BN_new();
    int i;
    if (r == NULL || limb == NULL) {
        abort();
    }
    BN_zero(r);
    for (i = 4; i >= 0; i--) {
        uint8_t w[8];
        unsigned k;
        for (k = 0; k < 8; k++) {
            w[k] = (uint8_t)(f->v[i] >> (8 * k));
        }
        if (BN_lebin2bn(w, 8, limb) == NULL || !BN_lshift(r, r, 51) || !BN_add(r, r, limb)) {
            abort();
        }
    }
    BN_free(limb);
    return r;
}

/* The inversions (Fermat, constant-time safegcd, variable-time safegcd,
 * and on x86-64 both safegcd forms again with the portable divstep)
 * against BN_mod_inverse on random and edge inputs, including values >= p
 * and limbs over 51 bits (the bounds mul/sq accept), and x * (1/x) = 1. */
static void test_invert(void)
{
    BN_CTX *bn = BN_CTX_new();
    BIGNUM *p = BN_new(), *r = BN_new();
    const uint64_t m51 = (((uint64_t)1) << 51) - 1u;
    int i, fail[INVERSIONS] = { 0 }, fail_product = 0, wide = 0;
    BN_set_bit(p, 255);
    BN_sub_word(p, 19);

    for (i = 0; i < 4000; i++) {
        fe25519 x, inv[INVERSIONS], prod;
        uint8_t want[32], got[32], one[32] = { 1 };
        BIGNUM *bx;
        int k;
        if (i < 64) { /* edges */
            static const uint64_t low[] = { 0, 1, 2, 19, m51 - 19, m51 - 18, m51 - 17, m51 };
            unsigned j;
            for (j = 1; j < 5; j++) { /* upper limbs: 0, all ones or 2^52 - 1 */
                x.v[j] = (i & 8) ? ((i & 16) ? 2 * m51 + 1 : m51) : 0;
            }
            x.v[0] = low[i & 7];
            if (i & 32) {
                x.v[4] = ((i & 16) ? m51 : 0) >> 1; /* around (p - 1) / 2, 2^254 */
            }
        } else if (i % 4 == 0) { /* any limbs below 2^52 */
            uint8_t b[40];
            unsigned j;
            test_rng_bytes(b, sizeof(b));
            for (j = 0; j < 5; j++) {
                x.v[j] = (pp_load_le64(b + 8 * j)) & (2 * m51 + 1);
            }
        } else {
            uint8_t b[32];
            test_rng_bytes(b, 32);
            b[31] &= 0x7f;
            if (i % 4 == 1) { /* p + small: reduced to small */
                memset(b + 1, 0xff, 31);
                b[31] = 0x7f;
                b[0] = (uint8_t)(0xed + (b[0] & 0x0f));
            }
            pp_fe25519_frombytes(&x, b);
        }
        bx = bn_from_fe51(&x);
        BN_nnmod(r, bx, p, bn);
        if (BN_is_zero(r)) {
            BN_zero(r);
        } else if (BN_mod_inverse(r, r, p, bn) == NULL) {
            abort();
        }
        bn_to_le32(want, r);
        pp_fe25519_invert(&inv[0], &x);
        pp_fe25519_invert_safegcd(&inv[1], &x);
        pp_fe25519_invert_vartime(&inv[2], &x);
#if INVERSIONS == 5
        portable_invert_safegcd(&inv[3], &x);
        portable_invert_vartime(&inv[4], &x);
#endif
        for (k = 0; k < INVERSIONS; k++) {
            unsigned j;
            pp_fe25519_tobytes(got, &inv[k]);
            fail[k] += memcmp(got, want, 32) != 0;
            for (j = 0; j < 5; j++) { /* outputs are tight */
                wide |= (inv[k].v[j] >> 52) != 0;
            }
        }
        pp_fe25519_mul(&prod, &x, &inv[1]);
        pp_fe25519_tobytes(got, &prod);
        if (!BN_is_zero(r) && memcmp(got, one, 32) != 0) {
            fail_product++;
        }
        BN_free(bx);
    }
    for (i = 0; i < INVERSIONS; i++) {
        if (fail[i] != 0) {
            fprintf(stderr, "  inversion %d (0 Fermat, 1 safegcd, 2 vartime, 3-4 portable"
                            " divstep): %d wrong\n", i, fail[i]);
        }
        CHECK(fail[i] == 0);
    }
    CHECK(fail_product == 0);
    CHECK(wide == 0);
    BN_free(r);
    BN_free(p);
    BN_CTX_free(bn);
}
#endif

static void test_scalar(void)
{
    static const uint8_t L_bytes[32] = {
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10
    };
    BN_CTX *bn = BN_CTX_new();
    BIGNUM *L = bn_le(L_bytes, 32);
    int i, fail = 0;
    uint8_t s[32];

    for (i = 0; i < 2000; i++) {
        uint8_t x[64], a[32], b[32], c[32], out[32], want[32];
        BIGNUM *bx, *ba, *bb, *bc, *r = BN_new();
        test_rng_bytes(x, 64);
        test_rng_bytes(a, 32);
        test_rng_bytes(b, 32);
        test_rng_bytes(c, 32);
        if (i == 0) {
            memset(x, 0xff, 64);
        }
        if (i == 1) {
            memset(x, 0, 64);
            memcpy(x, L_bytes, 32); /* L itself reduces to 0 */
        }
        a[31] &= 0x1f; /* a, c < 2^253 like k and r; b < 2^255 like s */
        c[31] &= 0x1f;
        b[31] &= 0x7f;
        bx = bn_le(x, 64);
        ba = bn_le(a, 32);
        bb = bn_le(b, 32);
        bc = bn_le(c, 32);

        pp_sc25519_reduce(out, x);
        BN_nnmod(r, bx, L, bn);
        bn_to_le32(want, r);
        fail |= memcmp(out, want, 32) != 0;

        pp_sc25519_muladd(out, a, b, c);
        BN_mul(r, ba, bb, bn);
        BN_add(r, r, bc);
        BN_nnmod(r, r, L, bn);
        bn_to_le32(want, r);
        fail |= memcmp(out, want, 32) != 0;

        BN_free(bx);
        BN_free(ba);
        BN_free(bb);
        BN_free(bc);
        BN_free(r);
    }
    CHECK(fail == 0);

    CHECK(pp_sc25519_is_canonical(L_bytes) == 0);
    memcpy(s, L_bytes, 32);
    s[0]--;
    CHECK(pp_sc25519_is_canonical(s) == 1);
    s[0] = 0xee;
    CHECK(pp_sc25519_is_canonical(s) == 0);
    memset(s, 0xff, 32);
    CHECK(pp_sc25519_is_canonical(s) == 0);
    BN_free(L);
    BN_CTX_free(bn);
}

/* ---- RFC 8032 --------------------------------------------------------- */

static void test_rfc8032(void)
{
    json_value *root = json_parse_file(test_data_path("vectors/rfc8032_ed25519.json"));
    const json_value *vectors = json_get(root, "vectors");
    size_t i, n = json_len(vectors), seen_ph = 0;

    CHECK(n == 6);
    for (i = 0; i < n; i++) {
        const json_value *v = json_at(vectors, i);
        uint8_t seed[32], pk[32], want_sig[64], pk_out[32], sig[64];
        size_t msg_len;
        uint8_t *msg = test_hex_decode(json_str(json_get(v, "message")), &msg_len);
        const char *alg = json_str(json_get(v, "algorithm"));

        CHECK(test_hex_to(json_str(json_get(v, "secret_key")), seed, 32) == 32);
        CHECK(test_hex_to(json_str(json_get(v, "public_key")), pk, 32) == 32);
        CHECK(test_hex_to(json_str(json_get(v, "signature")), want_sig, 64) == 64);
        CHECK((size_t)json_int(json_get(v, "message_length")) == msg_len);

        pp_ed25519_public_key(pk_out, seed);
        CHECK_MEM(pk_out, pk, 32);
        CHECK(pp_ed25519_public_key_check(pk) == 0);

        if (strcmp(alg, "Ed25519") == 0) {
            pp_ed25519_sign(sig, seed, pk, msg, msg_len);
            CHECK_MEM(sig, want_sig, 64);
            CHECK(pp_ed25519_verify(want_sig, pk, msg, msg_len) == 0);
            CHECK(pp_ed25519ph_verify(want_sig, pk, msg_len == 64 ? msg : want_sig) != 0);
        } else {
            uint8_t prehash[64], mine[64];
            CHECK(strcmp(alg, "Ed25519ph") == 0);
            CHECK(test_hex_to(json_str(json_get(v, "prehash_sha512")), prehash, 64) == 64);
            pp_sha512(msg, msg_len, mine);
            CHECK_MEM(mine, prehash, 64);
            pp_ed25519ph_sign(sig, seed, pk, prehash);
            CHECK_MEM(sig, want_sig, 64);
            CHECK(pp_ed25519ph_verify(want_sig, pk, prehash) == 0);
            /* The same bytes are not a PureEdDSA signature of the message. */
            CHECK(pp_ed25519_verify(want_sig, pk, msg, msg_len) != 0);
            seen_ph++;
        }
        free(msg);
    }
    CHECK(seen_ph == 1);
    json_free(root);
}

/* ---- Wycheproof ------------------------------------------------------- */

static void test_wycheproof(void)
{
    json_value *root = json_parse_file(test_data_path("vectors/wycheproof/ed25519_test.json"));
    const json_value *groups = json_get(root, "testGroups");
    size_t g, t, total = 0, mismatches = 0, valid = 0;

    for (g = 0; g < json_len(groups); g++) {
        const json_value *group = json_at(groups, g);
        const json_value *tests = json_get(group, "tests");
        uint8_t pk[32];
        CHECK(test_hex_to(json_str(json_get(json_get(group, "publicKey"), "pk")), pk, 32) == 32);
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            size_t msg_len, sig_len;
            uint8_t *msg = test_hex_decode(json_str(json_get(tc, "msg")), &msg_len);
            uint8_t *sig = test_hex_decode(json_str(json_get(tc, "sig")), &sig_len);
            const char *result = json_str(json_get(tc, "result"));
            uint8_t x[32];
            int ours = sig_len == 64 && pp_ed25519_public_key_check(pk) == 0 &&
                       pp_ed25519_verify(sig, pk, msg, msg_len) == 0;
            int want = strcmp(result, "valid") == 0;
            /* The decoded-key cache path gives the same verdicts. */
            int cached = sig_len == 64 && pp_ed25519_public_key_decode(x, pk) == 0 &&
                         pp_ed25519_verify_cached(sig, pk, x, msg, msg_len) == 0;
            CHECK(cached == ours);
            CHECK(strcmp(result, "acceptable") != 0); /* none in this file */
            if (ours != want) {
                printf("wycheproof tcId %lld: expected %s, got %s\n",
                       json_int(json_get(tc, "tcId")), result, ours ? "valid" : "invalid");
                mismatches++;
            }
            /* OpenSSL agrees on every case (same rule set). */
            CHECK(ossl_verify(sig, sig_len, pk, msg, msg_len) == want);
            valid += (size_t)want;
            total++;
            free(msg);
            free(sig);
        }
    }
    CHECK(total == 151);
    CHECK(valid == 88);
    CHECK(mismatches == 0);
    json_free(root);
}

/* ---- public key decoding rules (RFC 8032 5.1.3) ------------------------ */

static void test_public_key_rules(void)
{
    uint8_t pk[32];
    /* y = p (non-canonical encoding of y = 0). */
    memset(pk, 0xff, 32);
    pk[0] = 0xed;
    pk[31] = 0x7f;
    CHECK(pp_ed25519_public_key_check(pk) == -1);
    /* y = p + 1: non-canonical 1 (would be the identity). */
    pk[0] = 0xee;
    CHECK(pp_ed25519_public_key_check(pk) == -1);
    /* y = 2^255 - 1 with and without the sign bit. */
    memset(pk, 0xff, 32);
    CHECK(pp_ed25519_public_key_check(pk) == -1);
    pk[31] = 0x7f;
    CHECK(pp_ed25519_public_key_check(pk) == -1);
    /* y = 1 is the identity (x = 0): valid with sign 0, invalid with 1. */
    memset(pk, 0, 32);
    pk[0] = 1;
    CHECK(pp_ed25519_public_key_check(pk) == 0);
    pk[31] = 0x80;
    CHECK(pp_ed25519_public_key_check(pk) == -1);
    /* y = 2: (y^2 - 1)/(d y^2 + 1) is not a square, no point. */
    memset(pk, 0, 32);
    pk[0] = 2;
    CHECK(pp_ed25519_public_key_check(pk) == -1);
    /* y = 3 is on the curve (both signs). */
    pk[0] = 3;
    CHECK(pp_ed25519_public_key_check(pk) == 0);
    pk[31] = 0x80;
    CHECK(pp_ed25519_public_key_check(pk) == 0);
    /* y = p - 1 = -1: x = 0? no: x^2 = 0/(d+1) = 0, so (0, -1) of order 2;
     * accepted with sign 0 (small order is not excluded), rejected with 1. */
    memset(pk, 0xff, 32);
    pk[0] = 0xec;
    pk[31] = 0x7f;
    CHECK(pp_ed25519_public_key_check(pk) == 0);
    pk[31] = 0xff;
    CHECK(pp_ed25519_public_key_check(pk) == -1);
}

/* ---- decoded-key cache (ed25519.h) -------------------------------------- */

/* x written at generation equals x recovered by decoding pk; decoding
 * fails exactly when the check does; the cached verification agrees with
 * the plain one on good and bad signatures, PureEdDSA and Ed25519ph. */
static void test_decoded_key_cache(void)
{
    int i;
    for (i = 0; i < 200; i++) {
        uint8_t seed[32], expanded[64], pk[32], pk2[32], x[32], x2[32], msg[48], ph[64];
        uint8_t sig[64];
        size_t bit;
        test_rng_bytes(seed, 32);
        test_rng_bytes(msg, sizeof(msg));
        pp_ed25519_expand(expanded, seed);
        pp_ed25519_public_key_expanded(pk, expanded);
        pp_ed25519_public_key_expanded_with_x(pk2, x, expanded);
        CHECK_MEM(pk2, pk, 32);
        CHECK(pp_ed25519_public_key_decode(x2, pk) == 0);
        CHECK_MEM(x2, x, 32);
        pp_ed25519_sign(sig, seed, pk, msg, sizeof(msg));
        CHECK(pp_ed25519_verify_cached(sig, pk, x, msg, sizeof(msg)) == 0);
        bit = test_rng_range(0, 511);
        sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        CHECK(pp_ed25519_verify_cached(sig, pk, x, msg, sizeof(msg)) == -1);
        pp_sha512(msg, sizeof(msg), ph);
        pp_ed25519ph_sign(sig, seed, pk, ph);
        CHECK(pp_ed25519ph_verify_cached(sig, pk, x, ph) == 0);
        ph[i % 64] ^= 0x10;
        CHECK(pp_ed25519ph_verify_cached(sig, pk, x, ph) == -1);
        ph[i % 64] ^= 0x10;
        /* The cache is trusted, and it matters: the right pk with the
         * negated point's x is another A, and the signature fails. */
        memcpy(pk2, pk, 32);
        pk2[31] ^= 0x80;
        CHECK(pp_ed25519_public_key_decode(x2, pk2) == 0);
        CHECK(pp_ed25519ph_verify_cached(sig, pk, x2, ph) == -1);
        CHECK(pp_ed25519ph_verify_cached(sig, pk, x, ph) == 0);
        /* Decoding fails where the check does: y = 2 is on no point. */
        memset(pk, 0, 32);
        pk[0] = 2;
        CHECK(pp_ed25519_public_key_decode(x2, pk) == -1);
    }
}

/* ---- random cross-check with OpenSSL, bit flips ------------------------ */

static void test_openssl_cross(void)
{
    int i;
    unsigned long bad_pk = 0, bad_sig = 0, bad_ours = 0, bad_theirs = 0;
    unsigned long flip_ok = 0;
    for (i = 0; i < ED25519_TEST_ITERATIONS; i++) {
        uint8_t seed[32], pk[32], pk_ossl[32], sig[64], sig_ossl[64], msg[300];
        size_t len = test_rng_range(0, sizeof(msg));
        test_rng_bytes(seed, 32);
        test_rng_bytes(msg, len);

        pp_ed25519_public_key(pk, seed);
        ossl_public(pk_ossl, seed);
        bad_pk += memcmp(pk, pk_ossl, 32) != 0;

        pp_ed25519_sign(sig, seed, pk, msg, len);
        if (!ossl_sign(sig_ossl, seed, msg, len)) {
            abort();
        }
        bad_sig += memcmp(sig, sig_ossl, 64) != 0;
        bad_theirs += !ossl_verify(sig, 64, pk, msg, len);
        bad_ours += pp_ed25519_verify(sig_ossl, pk_ossl, msg, len) != 0;

        /* Every single-bit flip is rejected: all bits for the first few
         * keys, a random bit of each part afterwards. */
        if (i < 4 || len == 0) {
            unsigned bit;
            for (bit = 0; bit < 512; bit++) {
                sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
                flip_ok += pp_ed25519_verify(sig, pk, msg, len) == 0;
                sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            }
            for (bit = 0; bit < 256; bit++) {
                pk[bit / 8] ^= (uint8_t)(1u << (bit % 8));
                flip_ok += pp_ed25519_verify(sig, pk, msg, len) == 0;
                pk[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            }
            for (bit = 0; bit < 8 * len; bit++) {
                msg[bit / 8] ^= (uint8_t)(1u << (bit % 8));
                flip_ok += pp_ed25519_verify(sig, pk, msg, len) == 0;
                msg[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            }
        } else {
            size_t bit = test_rng_range(0, 511);
            sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            flip_ok += pp_ed25519_verify(sig, pk, msg, len) == 0;
            sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            bit = test_rng_range(0, 255);
            pk[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            flip_ok += pp_ed25519_verify(sig, pk, msg, len) == 0;
            pk[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            bit = test_rng_range(0, 8 * len - 1);
            msg[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            flip_ok += pp_ed25519_verify(sig, pk, msg, len) == 0;
            msg[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        /* Unflipped, still valid (the flips were undone). */
        bad_ours += pp_ed25519_verify(sig, pk, msg, len) != 0;

        /* Ed25519ph round trip, and it is not a PureEdDSA signature. */
        if (i % 8 == 0) {
            uint8_t ph[64];
            pp_sha512(msg, len, ph);
            pp_ed25519ph_sign(sig, seed, pk, ph);
            bad_ours += pp_ed25519ph_verify(sig, pk, ph) != 0;
            bad_ours += pp_ed25519_verify(sig, pk, msg, len) == 0;
            ph[0] ^= 1;
            bad_ours += pp_ed25519ph_verify(sig, pk, ph) == 0;
        }
    }
    printf("openssl cross-check: %d keys/messages\n", ED25519_TEST_ITERATIONS);
    CHECK(bad_pk == 0);
    CHECK(bad_sig == 0);
    CHECK(bad_theirs == 0);
    CHECK(bad_ours == 0);
    CHECK(flip_ok == 0);
}

/* ge25519.h: s may overlap *h. Every 32-byte window of the point's
 * storage (byte offsets 0..sizeof - 32) as the output. */
static void test_encode_in_place(void)
{
    union {
        ge25519_p3 p;
        uint8_t b[sizeof(ge25519_p3)];
    } u;
    uint8_t a[32], want[32], got[32];
    unsigned it, bad = 0;
    size_t off;
    for (it = 0; it < 8; it++) {
        test_rng_bytes(a, sizeof(a));
        a[31] &= 127;
        pp_ge25519_scalarmult_base(&u.p, a);
        pp_ge25519_p3_tobytes(want, &u.p);
        for (off = 0; off + 32 <= sizeof(u.b); off++) {
            pp_ge25519_scalarmult_base(&u.p, a);
            pp_ge25519_p3_tobytes(u.b + off, &u.p);
            memcpy(got, u.b + off, 32);
            bad += memcmp(got, want, 32) != 0;
        }
    }
    CHECK(bad == 0);
}

/* pp_ed25519_backend_name names the field this build compiled (told by
 * fe25519.h's limb count; hosts cannot build the UMAAL field). */
static void test_backend_name(void)
{
    const char *want = PICOPSA_ED25519_BACKEND == PICOPSA_BACKEND_SMALL ? "small, radix 2^32"
                       : FE25519_LIMBS == 5 ? "fast, radix 2^51"
                       : FE25519_LIMBS == 8 ? "fast, radix 2^32"
                                            : "fast, radix 2^25.5";
    if (!CHECK(strcmp(pp_ed25519_backend_name(), want) == 0)) {
        printf("  backend name \"%s\", want \"%s\"\n", pp_ed25519_backend_name(), want);
    }
}

int main(void)
{
    test_rng_seed(0x25519);
    test_backend_name();
    test_encode_in_place();
    test_field();
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
    test_invert();
#endif
    test_scalar();
    test_rfc8032();
    test_wycheproof();
    test_public_key_rules();
    test_decoded_key_cache();
    test_openssl_cross();
    return test_report(ED25519_TEST_NAME);
}
#endif /* TEST_HAVE_ED25519 */
