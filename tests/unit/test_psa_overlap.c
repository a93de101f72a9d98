/*
 * test_psa_overlap.c -- every PSA function with an input buffer and an
 * output buffer gives the same result when they overlap (PSA Crypto API
 * 1.2, 5.4.4: outputs may overlap inputs). Issue 9, finding 3.
 *
 * Functions covered (all that picopsa implements with input + output):
 * psa_hash_compute (SHA-224/256/384/512), psa_mac_compute (HMAC),
 * psa_sign_hash and psa_sign_message with Ed25519 (PureEdDSA, Ed25519ph)
 * and RSA PKCS#1 v1.5 (every hash, and _RAW) and PSS (every hash),
 * psa_asymmetric_encrypt / psa_asymmetric_decrypt with PKCS#1 v1.5 and
 * OAEP (every hash, no label, a label, a label inside the output),
 * psa_raw_key_agreement with X25519 (the peer key over the secret).
 * Not covered because no call has both: multipart hash/MAC (update takes
 * only input, finish only output), psa_export_key / _public_key,
 * psa_import_key, psa_generate_random, the key derivation operation
 * (inputs and outputs in separate calls); ciphers and AEAD are
 * NOT_SUPPORTED.
 *
 * Each input is placed at the start, the middle and the end of the output
 * buffer, straddling its start and its end, and, when the input is the
 * larger, with the output at the start, middle and end of the input. The
 * overlapping buffers are one exactly sized heap block, so ASan also sees
 * any access outside them. Results are compared with the call on separate
 * buffers: byte for byte for deterministic algorithms (hash, HMAC,
 * Ed25519, PKCS#1 v1.5 signatures, decryption); a PSS signature must
 * verify for the original hash; a ciphertext must decrypt (separate
 * buffers) to the original plaintext with the original label.
 *
 * The Ed25519 cases fail until the Ed25519 signing fix (issue 9 finding 1,
 * src/ed25519) is merged.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <psa/crypto.h>

#include "test_config.h"
#include "test_util.h"

#define RSA_BITS 2048u
#define K (RSA_BITS / 8u)

typedef enum { OP_HASH, OP_MAC, OP_SIGN_HASH, OP_SIGN_MESSAGE, OP_ENCRYPT, OP_DECRYPT,
               OP_AGREE } op_kind;
typedef enum { CMP_EQUAL, CMP_VERIFY, CMP_DECRYPT } cmp_kind;
/* Which buffer is placed over the output. */
typedef enum { OVER_INPUT, OVER_LABEL, OVER_BOTH } over_kind;

typedef struct {
    const char *name;
    op_kind op;
    cmp_kind cmp;
    psa_algorithm_t alg;
    psa_key_id_t key;
    const uint8_t *in;       /* hash, message, plaintext or ciphertext */
    size_t in_len;
    const uint8_t *label;    /* OAEP label (salt argument) */
    size_t label_len;
    size_t out_size;
    const uint8_t *plain;    /* OP_DECRYPT: the expected plaintext */
    size_t plain_len;
} op_case;

static unsigned n_placements;

static psa_status_t call(const op_case *c, const uint8_t *in, const uint8_t *label, uint8_t *out,
                         size_t *out_len)
{
    switch (c->op) {
    case OP_HASH:
        return psa_hash_compute(c->alg, in, c->in_len, out, c->out_size, out_len);
    case OP_MAC:
        return psa_mac_compute(c->key, c->alg, in, c->in_len, out, c->out_size, out_len);
    case OP_SIGN_HASH:
        return psa_sign_hash(c->key, c->alg, in, c->in_len, out, c->out_size, out_len);
    case OP_SIGN_MESSAGE:
        return psa_sign_message(c->key, c->alg, in, c->in_len, out, c->out_size, out_len);
    case OP_ENCRYPT:
        return psa_asymmetric_encrypt(c->key, c->alg, in, c->in_len, label, c->label_len, out,
                                      c->out_size, out_len);
    case OP_DECRYPT:
        return psa_asymmetric_decrypt(c->key, c->alg, in, c->in_len, label, c->label_len, out,
                                      c->out_size, out_len);
    case OP_AGREE:
        return psa_raw_key_agreement(c->alg, c->key, in, c->in_len, out, c->out_size, out_len);
    }
    return PSA_ERROR_GENERIC_ERROR;
}

/* Is (got, got_len) the right answer for case c? ref: the result on
 * separate buffers. */
static int result_ok(const op_case *c, const uint8_t *got, size_t got_len, const uint8_t *ref,
                     size_t ref_len)
{
    uint8_t plain[K];
    size_t plain_len = 0;

    switch (c->cmp) {
    case CMP_EQUAL:
        return got_len == ref_len && memcmp(got, ref, ref_len) == 0;
    case CMP_VERIFY:
        return got_len == ref_len &&
               (c->op == OP_SIGN_HASH ? psa_verify_hash(c->key, c->alg, c->in, c->in_len, got, got_len)
                                      : psa_verify_message(c->key, c->alg, c->in, c->in_len, got,
                                                           got_len)) == PSA_SUCCESS;
    case CMP_DECRYPT:
        return got_len == ref_len &&
               psa_asymmetric_decrypt(c->key, c->alg, got, got_len, c->label, c->label_len, plain,
                                      sizeof(plain), &plain_len) == PSA_SUCCESS &&
               plain_len == c->in_len && memcmp(plain, c->in, c->in_len) == 0;
    }
    return 0;
}

/* One call with the output at region + out_off (out_size bytes) and the
 * overlapping buffer(s) at the given offsets from the output (may be
 * negative); everything not placed over the output gets its own block. */
static void run_placed(const op_case *c, over_kind over, long in_d, long label_d,
                       const uint8_t *ref, size_t ref_len)
{
    long lo = 0, hi = (long)c->out_size;
    uint8_t *region, *out, *in, *label, *own_in = NULL, *own_label = NULL;
    uint8_t got[K];
    size_t got_len = 0;
    psa_status_t st;
    int ok;

    if (over != OVER_LABEL) {
        lo = in_d < lo ? in_d : lo;
        hi = in_d + (long)c->in_len > hi ? in_d + (long)c->in_len : hi;
    }
    if (over != OVER_INPUT) {
        lo = label_d < lo ? label_d : lo;
        hi = label_d + (long)c->label_len > hi ? label_d + (long)c->label_len : hi;
    }
    region = malloc((size_t)(hi - lo));
    if (!CHECK(region != NULL)) {
        return;
    }
    memset(region, 0xa5, (size_t)(hi - lo));
    out = region - lo;
    if (over != OVER_LABEL) {
        in = out + in_d;
    } else {
        in = own_in = malloc(c->in_len + 1u);
    }
    if (over != OVER_INPUT) {
        label = out + label_d;
    } else {
        label = own_label = malloc(c->label_len + 1u);
    }
    memcpy(in, c->in, c->in_len);
    if (c->label_len != 0u) {
        memcpy(label, c->label, c->label_len);
    }
    st = call(c, in, c->label_len != 0u ? label : NULL, out, &got_len);
    ok = st == PSA_SUCCESS && got_len <= sizeof(got);
    if (ok) {
        memcpy(got, out, got_len);
        ok = result_ok(c, got, got_len, ref, ref_len);
    }
    n_placements++;
    if (!CHECK(ok)) {
        fprintf(stderr, "  overlap failure: %s, %s at output%+ld (len %zu)%s, status %d\n", c->name,
                over == OVER_LABEL ? "label" : "input", over == OVER_LABEL ? label_d : in_d,
                over == OVER_LABEL ? c->label_len : c->in_len,
                over == OVER_BOTH ? " and label at the output start" : "", (int)st);
    }
    free(region);
    free(own_in);
    free(own_label);
}

/* Offsets of a len-byte buffer relative to an out_size-byte output: start,
 * middle, end of the output; straddling its start and its end; and, for
 * a larger buffer, the output at its end and in its middle (at its start
 * is offset 0). Returns the count (deduplicated). */
static size_t offsets(size_t len, size_t out_size, long *d)
{
    long cand[8], l = (long)len, s = (long)out_size;
    size_t n = 0, i, j;

    if (len == 0u) {
        return 0;
    }
    cand[n++] = 0;
    if (l <= s) {
        cand[n++] = (s - l) / 2;
        cand[n++] = s - l;
    } else {
        cand[n++] = -(l - s) / 2;
        cand[n++] = -(l - s);
    }
    cand[n++] = -(l / 2 > 0 ? l / 2 : 1);
    cand[n++] = s - (l / 2 > 0 ? l / 2 : 1);
    for (i = 0, j = 0; i < n; i++) {
        size_t m;
        for (m = 0; m < j && d[m] != cand[i]; m++) {
        }
        if (m == j) {
            d[j++] = cand[i];
        }
    }
    return j;
}

static void run_case(const op_case *c)
{
    uint8_t *out = malloc(c->out_size), *in = malloc(c->in_len + 1u);
    uint8_t *label = malloc(c->label_len + 1u);
    uint8_t ref[K];
    size_t ref_len = 0, n, i;
    long d[8];
    psa_status_t st;

    if (!CHECK(out != NULL && in != NULL && label != NULL)) {
        free(out), free(in), free(label);
        return;
    }
    /* Reference: separate buffers. */
    memcpy(in, c->in, c->in_len);
    if (c->label_len != 0u) {
        memcpy(label, c->label, c->label_len);
    }
    st = call(c, in, c->label_len != 0u ? label : NULL, out, &ref_len);
    if (!CHECK(st == PSA_SUCCESS && ref_len <= sizeof(ref))) {
        fprintf(stderr, "  reference call failed: %s, status %d\n", c->name, (int)st);
        free(out), free(in), free(label);
        return;
    }
    memcpy(ref, out, ref_len);
    if (c->op == OP_DECRYPT) {   /* the reference itself must be right */
        CHECK(ref_len == c->plain_len && memcmp(ref, c->plain, ref_len) == 0);
    } else if (c->cmp != CMP_EQUAL) {
        CHECK(result_ok(c, ref, ref_len, ref, ref_len));
    }
    free(out), free(in), free(label);

    n = offsets(c->in_len, c->out_size, d);
    for (i = 0; i < n; i++) {
        run_placed(c, OVER_INPUT, d[i], 0, ref, ref_len);
    }
    n = offsets(c->label_len, c->out_size, d);
    for (i = 0; i < n; i++) {
        run_placed(c, OVER_LABEL, 0, d[i], ref, ref_len);
    }
    /* Both: the label at the output's start, the input at its end. */
    if (c->label_len != 0u && c->label_len + c->in_len <= c->out_size) {
        run_placed(c, OVER_BOTH, (long)(c->out_size - c->in_len), 0, ref, ref_len);
    }
}

static psa_key_id_t import(psa_key_type_t type, psa_key_usage_t usage, psa_algorithm_t alg,
                           const uint8_t *data, size_t len)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, type);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_import_key(&attr, data, len, &id), PSA_SUCCESS);
    return id;
}

static psa_key_id_t generate(psa_key_type_t type, size_t bits, psa_key_usage_t usage,
                             psa_algorithm_t alg)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, type);
    psa_set_key_bits(&attr, bits);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_SUCCESS);
    return id;
}

static uint8_t data[1024];   /* random test bytes: inputs and labels */

static const psa_algorithm_t hashes[4] = { PSA_ALG_SHA_224, PSA_ALG_SHA_256, PSA_ALG_SHA_384,
                                           PSA_ALG_SHA_512 };

static void test_hash_mac(void)
{
    static const size_t lens[4] = { 1, 20, 64, 300 };
    uint8_t hmac_key[32];
    size_t h, l;

    memcpy(hmac_key, data + 900, sizeof(hmac_key));
    for (h = 0; h < 4; h++) {
        psa_key_id_t key;
        if (!test_hash_built(hashes[h])) {
            continue;   /* configured out: sha2, hmac and psa_mac check NOT_SUPPORTED */
        }
        key = import(PSA_KEY_TYPE_HMAC, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_SIGN_HASH,
                                  PSA_ALG_HMAC(hashes[h]), hmac_key, sizeof(hmac_key));
        for (l = 0; l < 4; l++) {
            op_case c;
            memset(&c, 0, sizeof(c));
            c.name = "psa_hash_compute";
            c.op = OP_HASH;
            c.cmp = CMP_EQUAL;
            c.alg = hashes[h];
            c.in = data;
            c.in_len = lens[l];
            c.out_size = PSA_HASH_LENGTH(hashes[h]);
            run_case(&c);
            c.name = "psa_mac_compute";
            c.op = OP_MAC;
            c.alg = PSA_ALG_HMAC(hashes[h]);
            c.key = key;
            c.out_size = PSA_MAC_LENGTH(PSA_KEY_TYPE_HMAC, 256, PSA_ALG_HMAC(hashes[h]));
            run_case(&c);
        }
        psa_destroy_key(key);
    }
}

#if PSA_WANT_ECC_TWISTED_EDWARDS_255
static void test_ed25519(void)
{
    static const size_t lens[3] = { 10, 64, 200 };
    psa_key_id_t pure = generate(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS), 255,
                                 PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE |
                                 PSA_KEY_USAGE_EXPORT, PSA_ALG_PURE_EDDSA);
    uint8_t priv[32];
    size_t priv_len = 0, l;
    psa_key_id_t ph;
    op_case c;

    CHECK_STATUS(psa_export_key(pure, priv, sizeof(priv), &priv_len), PSA_SUCCESS);
    ph = import(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS),
                PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH, PSA_ALG_ED25519PH, priv,
                priv_len);
    memset(&c, 0, sizeof(c));
    c.cmp = CMP_EQUAL;
    c.in = data;
    c.out_size = PSA_SIGN_OUTPUT_SIZE(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS),
                                      255, PSA_ALG_PURE_EDDSA);
    for (l = 0; l < 3; l++) {
        c.name = "psa_sign_message(PURE_EDDSA)";
        c.op = OP_SIGN_MESSAGE;
        c.alg = PSA_ALG_PURE_EDDSA;
        c.key = pure;
        c.in_len = lens[l];
        run_case(&c);
        c.name = "psa_sign_message(ED25519PH)";
        c.alg = PSA_ALG_ED25519PH;
        c.key = ph;
        run_case(&c);
    }
    c.name = "psa_sign_hash(ED25519PH)";
    c.op = OP_SIGN_HASH;
    c.in_len = 64;   /* the SHA-512 prehash */
    run_case(&c);
    psa_destroy_key(pure);
    psa_destroy_key(ph);
}

#endif /* PSA_WANT_ECC_TWISTED_EDWARDS_255 */

#if PSA_WANT_ECC_SECP_R1_256 && PSA_WANT_ALG_DETERMINISTIC_ECDSA
/* P-256 deterministic ECDSA (RFC 6979): the same signature every time. */
static void test_p256(void)
{
    static const size_t lens[3] = { 10, 64, 200 };
    psa_algorithm_t alg = PSA_ALG_DETERMINISTIC_ECDSA(PSA_ALG_SHA_256);
    psa_key_id_t key = generate(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1), 256,
                                PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_SIGN_HASH, alg);
    size_t l;
    op_case c;
    memset(&c, 0, sizeof(c));
    c.cmp = CMP_EQUAL;
    c.in = data;
    c.alg = alg;
    c.key = key;
    c.out_size = 64;
    for (l = 0; l < 3; l++) {
        c.name = "psa_sign_message(DETERMINISTIC_ECDSA)";
        c.op = OP_SIGN_MESSAGE;
        c.in_len = lens[l];
        run_case(&c);
    }
    c.name = "psa_sign_hash(DETERMINISTIC_ECDSA)";
    c.op = OP_SIGN_HASH;
    c.in_len = 32;
    run_case(&c);
    psa_destroy_key(key);
}
#endif

#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR
/* RSA: one generated key pair, imported once per algorithm policy. */
static uint8_t rsa_der[2400];
static size_t rsa_der_len;

#define RSA_USAGE (PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH | PSA_KEY_USAGE_SIGN_MESSAGE | \
                   PSA_KEY_USAGE_VERIFY_MESSAGE | PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT)

static psa_key_id_t rsa_key(psa_algorithm_t alg)
{
    return import(PSA_KEY_TYPE_RSA_KEY_PAIR, RSA_USAGE, alg, rsa_der, rsa_der_len);
}

static void test_rsa_sign(void)
{
    static const size_t msg_lens[2] = { 20, 300 };
    size_t h, l, pss;
    op_case c;

    memset(&c, 0, sizeof(c));
    c.in = data;
    c.out_size = K;
    for (pss = 0; pss < 2; pss++) {
        psa_algorithm_t any = pss ? PSA_ALG_RSA_PSS(PSA_ALG_ANY_HASH)
                                  : PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_ANY_HASH);
        psa_key_id_t key = rsa_key(any);
        c.key = key;
        c.cmp = pss ? CMP_VERIFY : CMP_EQUAL;   /* PSS draws a random salt */
        for (h = 0; h < 4; h++) {
            if (!test_hash_built(hashes[h])) {
                continue;   /* configured out: rsa_openssl checks NOT_SUPPORTED */
            }
            c.alg = pss ? PSA_ALG_RSA_PSS(hashes[h]) : PSA_ALG_RSA_PKCS1V15_SIGN(hashes[h]);
            c.name = pss ? "psa_sign_hash(RSA_PSS)" : "psa_sign_hash(RSA_PKCS1V15_SIGN)";
            c.op = OP_SIGN_HASH;
            c.in_len = PSA_HASH_LENGTH(hashes[h]);
            run_case(&c);
            c.name = pss ? "psa_sign_message(RSA_PSS)" : "psa_sign_message(RSA_PKCS1V15_SIGN)";
            c.op = OP_SIGN_MESSAGE;
            for (l = 0; l < 2; l++) {
                c.in_len = msg_lens[l];
                run_case(&c);
            }
        }
        psa_destroy_key(key);
    }
    /* _RAW: the input goes into the EM verbatim, up to k - 11 bytes. */
    c.key = rsa_key(PSA_ALG_RSA_PKCS1V15_SIGN_RAW);
    c.alg = PSA_ALG_RSA_PKCS1V15_SIGN_RAW;
    c.cmp = CMP_EQUAL;
    c.op = OP_SIGN_HASH;
    c.name = "psa_sign_hash(RSA_PKCS1V15_SIGN_RAW)";
    for (l = 0; l < 3; l++) {
        c.in_len = (l == 0) ? 1u : (l == 1) ? 51u : K - 11u;
        run_case(&c);
    }
    psa_destroy_key(c.key);
}

static void test_rsa_crypt(void)
{
    static const size_t label_lens[3] = { 0, 40, 300 };
    uint8_t ct[K];
    size_t ct_len = 0, a, lab, m;

    for (a = 0; a < 5; a++) {
        psa_algorithm_t alg = (a == 0) ? PSA_ALG_RSA_PKCS1V15_CRYPT : PSA_ALG_RSA_OAEP(hashes[a - 1u]);
        size_t max_msg = (a == 0) ? K - 11u : K - 2u * PSA_HASH_LENGTH(hashes[a - 1u]) - 2u;
        psa_key_id_t key;
        if (a != 0 && !test_hash_built(hashes[a - 1u])) {
            continue;   /* configured out: rsa_openssl checks NOT_SUPPORTED */
        }
        key = rsa_key(alg);
        for (lab = 0; lab < (a == 0 ? 1u : 3u); lab++) {
            for (m = 0; m < 3; m++) {
                size_t msg_len = (m == 0) ? 1u : (m == 1) ? 32u : max_msg;
                const uint8_t *label = data + 500;
                op_case c;
                memset(&c, 0, sizeof(c));
                c.key = key;
                c.alg = alg;
                c.label = label_lens[lab] ? label : NULL;
                c.label_len = label_lens[lab];
                c.out_size = K;
                /* Encryption is randomised: the result must decrypt. */
                c.name = a == 0 ? "psa_asymmetric_encrypt(RSA_PKCS1V15_CRYPT)"
                                : "psa_asymmetric_encrypt(RSA_OAEP)";
                c.op = OP_ENCRYPT;
                c.cmp = CMP_DECRYPT;
                c.in = data + 100;
                c.in_len = msg_len;
                run_case(&c);
                /* Decryption is deterministic. */
                CHECK_STATUS(psa_asymmetric_encrypt(key, alg, c.in, c.in_len, c.label, c.label_len,
                                                    ct, sizeof(ct), &ct_len), PSA_SUCCESS);
                c.name = a == 0 ? "psa_asymmetric_decrypt(RSA_PKCS1V15_CRYPT)"
                                : "psa_asymmetric_decrypt(RSA_OAEP)";
                c.op = OP_DECRYPT;
                c.cmp = CMP_EQUAL;
                c.plain = data + 100;
                c.plain_len = msg_len;
                c.in = ct;
                c.in_len = ct_len;
                c.out_size = PSA_ASYMMETRIC_DECRYPT_OUTPUT_SIZE(PSA_KEY_TYPE_RSA_KEY_PAIR, RSA_BITS, alg);
                run_case(&c);
            }
        }
        psa_destroy_key(key);
    }
}

#endif /* PSA_WANT_KEY_TYPE_RSA_KEY_PAIR */

#if PSA_WANT_ECC_MONTGOMERY_255 && PSA_WANT_ALG_ECDH
/* psa_raw_key_agreement: the peer key (32 random bytes: a u of order
 * above 8 but for a negligible chance) over the 32-byte output. */
static void test_x25519(void)
{
    psa_key_id_t key = generate(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY), 255,
                                PSA_KEY_USAGE_DERIVE, PSA_ALG_ECDH);
    op_case c;
    memset(&c, 0, sizeof(c));
    c.name = "psa_raw_key_agreement(ECDH, X25519)";
    c.op = OP_AGREE;
    c.cmp = CMP_EQUAL;
    c.alg = PSA_ALG_ECDH;
    c.key = key;
    c.in = data;
    c.in_len = 32;
    c.out_size = 32;
    run_case(&c);
    psa_destroy_key(key);
}
#endif

int main(void)
{
#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR
    psa_key_id_t gen;
#endif

    (void)generate;   /* unused without an asymmetric family (configs/lms_verify_only.h) */
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_rng_seed(0x6f7665726c617073ull);
    test_rng_bytes(data, sizeof(data));

#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR
    gen = generate(PSA_KEY_TYPE_RSA_KEY_PAIR, RSA_BITS, PSA_KEY_USAGE_EXPORT, PSA_ALG_NONE);
    CHECK_STATUS(psa_export_key(gen, rsa_der, sizeof(rsa_der), &rsa_der_len), PSA_SUCCESS);
    psa_destroy_key(gen);
#endif

    test_hash_mac();
#if PSA_WANT_ECC_TWISTED_EDWARDS_255
    test_ed25519();
#endif
#if PSA_WANT_ECC_MONTGOMERY_255 && PSA_WANT_ALG_ECDH
    test_x25519();
#endif
#if PSA_WANT_ECC_SECP_R1_256 && PSA_WANT_ALG_DETERMINISTIC_ECDSA
    test_p256();
#endif
#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR
    test_rsa_sign();
    test_rsa_crypt();
#endif
    fprintf(stderr, "psa_overlap: %u overlapping placements\n", n_placements);
    return test_report("psa_overlap");
}
