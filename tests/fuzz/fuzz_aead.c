/*
 * fuzz_aead.c -- the PSA AEAD API (PSA Crypto API 1.2 10.5) for any
 * mechanism, tag length, nonce, AD, message and way of cutting them into
 * updates (issue 23: the API fuzzer extended to AEAD).
 *
 * Input layout (all choices come from the fuzzer):
 *   byte 0   mechanism (mod 8): AES-128/192/256-GCM, AES-128/192/256-CCM,
 *            ChaCha20-Poly1305, XChaCha20-Poly1305
 *   byte 1   bits 0-4 tag length t (0..16; 17..31: the default 16), bit 5:
 *            the operation's algorithm is the at-least-t wildcard, bits 6-7
 *            the key's policy: 0/3 the operation's algorithm, 1
 *            AT_LEAST_THIS_LENGTH_TAG(base, byte 2 % 16 + 1), 2 the
 *            default-length algorithm
 *   byte 2   the policy's minimum tag length (above)
 *   byte 3   nonce length: bit 7 the mechanism's default, else (& 0x7f) % 33
 *   byte 4   bit 0 psa_aead_set_lengths in the multi-part runs, bit 1
 *            psa_aead_generate_nonce (multi-part encryption), bit 2 declare
 *            a wrong plaintext length (bit 7 of byte 6: one short, else one
 *            long), bit 3 one-shot encryption into a buffer one byte short
 *            first, bits 4-5 what to corrupt: 0 nothing, 1 a ciphertext or
 *            tag byte, 2 an AD byte, 3 a nonce byte
 *   bytes 5-6 the corrupted byte's index (little-endian, bits 0-11, taken
 *            mod the length) and bit (bits 12-14 of the pair)
 *   byte 7   AD length (clipped to what is left)
 *   byte 8   bits 0-1 AD cuts, bits 2-5 data cuts (mod 9)
 *   2 bytes per cut, little-endian piece lengths (mod what is left)
 *   then the key, the nonce, the AD, and the rest is the plaintext.
 *
 * Oracles (a violation prints what and aborts):
 *  - the status is the one the model decides (SUCCESS for a valid,
 *    permitted mechanism, nonce and tag length; NOT_PERMITTED outside the
 *    policy; INVALID_ARGUMENT or NOT_SUPPORTED for an invalid tag or nonce
 *    length, 10.5.2) and always in the function's list of 10.5;
 *  - psa_aead_encrypt writes exactly PSA_AEAD_ENCRYPT_OUTPUT_SIZE bytes and
 *    refuses a buffer one byte short with BUFFER_TOO_SMALL;
 *  - decrypt(encrypt(m)) == m; one-shot == multi-part over the fuzzer's
 *    cuts, both ways, with the generated nonce too; == OpenSSL EVP (GCM,
 *    CCM, ChaCha20-Poly1305);
 *  - a flipped tag, ciphertext, AD or nonce bit: INVALID_SIGNATURE from
 *    psa_aead_decrypt with output length 0 and the whole output zero (no
 *    plaintext released), and from psa_aead_verify;
 *  - each multi-part output stays within PSA_AEAD_UPDATE_OUTPUT_SIZE /
 *    PSA_AEAD_FINISH_OUTPUT_SIZE / PSA_AEAD_VERIFY_OUTPUT_SIZE and the tag
 *    is PSA_AEAD_TAG_LENGTH; CCM without lengths is BAD_STATE at the first
 *    AD call; a wrong declared length is INVALID_ARGUMENT.
 * Every output buffer is its own exactly sized heap block (ASan).
 * FZ_TRACE=1 prints each input's mechanism and psa_aead_encrypt status.
 */
#include <psa/crypto.h>

#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_config.h"
#include "fuzz_sym.h"

#define FZ_MAX_DATA 2048u

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
const char *fuzz_skip_reason(void);

struct mech {
    psa_key_type_t type;
    size_t key_len;
    psa_algorithm_t base;   /* default-length algorithm */
    int built;
};

static const struct mech mechs[8] = {
    {PSA_KEY_TYPE_AES, 16, PSA_ALG_GCM, PSA_WANT_ALG_GCM},
    {PSA_KEY_TYPE_AES, 24, PSA_ALG_GCM, PSA_WANT_ALG_GCM},
    {PSA_KEY_TYPE_AES, 32, PSA_ALG_GCM, PSA_WANT_ALG_GCM},
    {PSA_KEY_TYPE_AES, 16, PSA_ALG_CCM, PSA_WANT_ALG_CCM},
    {PSA_KEY_TYPE_AES, 24, PSA_ALG_CCM, PSA_WANT_ALG_CCM},
    {PSA_KEY_TYPE_AES, 32, PSA_ALG_CCM, PSA_WANT_ALG_CCM},
    {PSA_KEY_TYPE_CHACHA20, 32, PSA_ALG_CHACHA20_POLY1305, PSA_WANT_ALG_CHACHA20_POLY1305},
    {PSA_KEY_TYPE_XCHACHA20, 32, PSA_ALG_XCHACHA20_POLY1305, PSA_WANT_ALG_XCHACHA20_POLY1305},
};

static const struct mech *cur;
static psa_algorithm_t cur_alg;
static size_t cur_nonce_len, cur_ad_len, cur_pt_len;

static void fail(const char *what, psa_status_t status)
{
    fprintf(stderr, "fuzz_aead: %s (status %d; key type 0x%04x, %zu-byte key, alg 0x%08lx, nonce %zu, AD %zu, "
            "plaintext %zu)\n", what, (int)status, (unsigned)cur->type, cur->key_len, (unsigned long)cur_alg,
            cur_nonce_len, cur_ad_len, cur_pt_len);
    abort();
}

#define FZ_CHECK(cond, what, status) \
    do {                             \
        if (!(cond)) {               \
            fail(what, status);      \
        }                            \
    } while (0)

/* ---- the statuses of PSA 1.2 10.5 -------------------------------------- */

/* psa_aead_encrypt (10.5.2): SUCCESS, INVALID_HANDLE, NOT_PERMITTED,
 * INVALID_ARGUMENT, NOT_SUPPORTED, BUFFER_TOO_SMALL + common;
 * psa_aead_decrypt adds INVALID_SIGNATURE. BAD_STATE (not initialised)
 * cannot happen here. */
static void check_one_shot_status(psa_status_t s, int decrypt, const char *fn)
{
    if (s == PSA_SUCCESS || s == PSA_ERROR_INVALID_HANDLE || s == PSA_ERROR_NOT_PERMITTED ||
        s == PSA_ERROR_INVALID_ARGUMENT || s == PSA_ERROR_NOT_SUPPORTED || s == PSA_ERROR_BUFFER_TOO_SMALL ||
        (decrypt && s == PSA_ERROR_INVALID_SIGNATURE) || fz_is_common_error(s)) {
        return;
    }
    fail(fn, s);
}

/* ---- the model ---------------------------------------------------------- */

static int tag_valid(psa_algorithm_t base, size_t t)
{
    if (base == PSA_ALG_GCM) {
        return t == 4 || t == 8 || (t >= 12 && t <= 16);   /* SP 800-38D 5.2.1.2 */
    }
    if (base == PSA_ALG_CCM) {
        return t >= 4 && t <= 16 && t % 2 == 0;            /* SP 800-38C A.1 */
    }
    return t == 16;                                        /* RFC 8439 2.8 */
}

static int nonce_valid(psa_algorithm_t base, size_t n)
{
    if (base == PSA_ALG_GCM) {
        return n >= 1;                   /* SP 800-38D 5.2.1.1: any length >= 1 bit */
    }
    if (base == PSA_ALG_CCM) {
        return n >= 7 && n <= 13;        /* SP 800-38C A.1 */
    }
    return n == (base == PSA_ALG_XCHACHA20_POLY1305 ? 24u : 12u);
}

/* ---- OpenSSL ------------------------------------------------------------ */

static const EVP_CIPHER *evp_of(const struct mech *m)
{
    int i = m->key_len == 16 ? 0 : m->key_len == 24 ? 1 : 2;
    if (m->base == PSA_ALG_GCM) {
        return i == 0 ? EVP_aes_128_gcm() : i == 1 ? EVP_aes_192_gcm() : EVP_aes_256_gcm();
    }
    if (m->base == PSA_ALG_CCM) {
        return i == 0 ? EVP_aes_128_ccm() : i == 1 ? EVP_aes_192_ccm() : EVP_aes_256_ccm();
    }
    return EVP_chacha20_poly1305();
}

/* OpenSSL's ciphertext || tag into out (len + t bytes). */
static void openssl_seal(const uint8_t *key, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                         size_t ad_len, const uint8_t *in, size_t len, size_t t, uint8_t *out)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int n = 0, m = 0, ok;
    ok = ctx != NULL && EVP_EncryptInit_ex(ctx, evp_of(cur), NULL, NULL, NULL) == 1 &&
         EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)nonce_len, NULL) == 1 &&
         (cur->base != PSA_ALG_CCM || EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)t, NULL) == 1) &&
         EVP_EncryptInit_ex(ctx, NULL, NULL, key, nonce) == 1 &&
         (cur->base != PSA_ALG_CCM || EVP_EncryptUpdate(ctx, NULL, &n, NULL, (int)len) == 1) &&
         (ad_len == 0 || EVP_EncryptUpdate(ctx, NULL, &n, ad, (int)ad_len) == 1) &&
         EVP_EncryptUpdate(ctx, out, &n, in, (int)len) == 1 && EVP_EncryptFinal_ex(ctx, out + n, &m) == 1 &&
         EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, (int)t, out + len) == 1;
    EVP_CIPHER_CTX_free(ctx);
    FZ_CHECK(ok, "OpenSSL refused the mechanism", PSA_SUCCESS);
}

/* ---- multi-part --------------------------------------------------------- */

struct cuts {
    size_t n;
    const uint8_t *le;   /* n little-endian 16-bit piece lengths */
};

static size_t piece_len(const struct cuts *c, size_t i, size_t left)
{
    size_t want = (size_t)c->le[2 * i] | ((size_t)c->le[2 * i + 1] << 8);
    return want % (left + 1);
}

/* AD in pieces; 1 when every call succeeded. CCM without lengths must
 * refuse the first call (10.5: BAD_STATE when the algorithm needs
 * psa_aead_set_lengths first). */
static int feed_ad(psa_aead_operation_t *op, const uint8_t *ad, size_t ad_len, const struct cuts *c,
                   int lengths_set)
{
    size_t pos = 0, i;
    for (i = 0; i <= c->n; i++) {
        size_t piece = i < c->n ? piece_len(c, i, ad_len - pos) : ad_len - pos;
        psa_status_t s = psa_aead_update_ad(op, ad + pos, piece);
        if (cur->base == PSA_ALG_CCM && !lengths_set) {
            FZ_CHECK(s == PSA_ERROR_BAD_STATE, "psa_aead_update_ad: CCM without set_lengths", s);
            return 0;
        }
        FZ_CHECK(s == PSA_SUCCESS, "psa_aead_update_ad", s);
        pos += piece;
    }
    return 1;
}

/* Data in pieces, each into its own PSA_AEAD_UPDATE_OUTPUT_SIZE block;
 * the output gathered in out. Returns the status of the first failure
 * (or SUCCESS); *written is what came out. */
static psa_status_t feed_data(psa_aead_operation_t *op, const uint8_t *in, size_t len, const struct cuts *c,
                              uint8_t *out, size_t *written)
{
    size_t pos = 0, i;
    *written = 0;
    for (i = 0; i <= c->n; i++) {
        size_t piece = i < c->n ? piece_len(c, i, len - pos) : len - pos;
        size_t size = PSA_AEAD_UPDATE_OUTPUT_SIZE(cur->type, cur_alg, piece), olen = 0;
        uint8_t *o = fz_block(size);
        psa_status_t s = psa_aead_update(op, in + pos, piece, o, size, &olen);
        if (s != PSA_SUCCESS) {
            free(o);
            return s;
        }
        FZ_CHECK(olen <= size, "psa_aead_update wrote past PSA_AEAD_UPDATE_OUTPUT_SIZE", s);
        FZ_CHECK(*written + olen <= len, "psa_aead_update: more output than input", s);
        memcpy(out + *written, o, olen);
        *written += olen;
        pos += piece;
        free(o);
    }
    return PSA_SUCCESS;
}

/* ---- the target --------------------------------------------------------- */

static int initialised;

const char *fuzz_skip_reason(void)
{
    return PSA_WANT_ALG_GCM || PSA_WANT_ALG_CCM || PSA_WANT_ALG_CHACHA20_POLY1305 ||
                   PSA_WANT_ALG_XCHACHA20_POLY1305
               ? NULL
               : "no AEAD built";
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (psa_crypto_init() != PSA_SUCCESS) {
        return 1;
    }
    initialised = 1;
    return 0;
}

static psa_status_t aead_encrypt(psa_key_id_t key, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                                 const uint8_t *pt, uint8_t *out, size_t size, size_t *olen)
{
    psa_status_t s = psa_aead_encrypt(key, cur_alg, nonce, nonce_len, ad, cur_ad_len, pt, cur_pt_len, out, size,
                                      olen);
    check_one_shot_status(s, 0, "psa_aead_encrypt: status outside 10.5.2");
    return s;
}

/* Decrypt ct (len bytes) one-shot into an exactly sized block; on success
 * the block must hold pt, on INVALID_SIGNATURE nothing (length 0, zeros). */
static void one_shot_open(psa_key_id_t key, const uint8_t *nonce, size_t nonce_len, const uint8_t *ad,
                          const uint8_t *ct, size_t len, const uint8_t *pt, int forged)
{
    size_t size = PSA_AEAD_DECRYPT_OUTPUT_SIZE(cur->type, cur_alg, len), olen = 12345, i;
    uint8_t *o = fz_block(size);
    psa_status_t s = psa_aead_decrypt(key, cur_alg, nonce, nonce_len, ad, cur_ad_len, ct, len, o, size, &olen);
    check_one_shot_status(s, 1, "psa_aead_decrypt: status outside 10.5.2");
    if (!forged) {
        FZ_CHECK(s == PSA_SUCCESS, "psa_aead_decrypt of its own ciphertext", s);
        FZ_CHECK(olen == cur_pt_len && memcmp(o, pt, olen) == 0, "decrypt(encrypt(m)) != m", s);
    } else {
        FZ_CHECK(s == PSA_ERROR_INVALID_SIGNATURE, "psa_aead_decrypt accepted a forgery", s);
        FZ_CHECK(olen == 0, "psa_aead_decrypt: nonzero length after a bad tag", s);
        for (i = 0; i < size; i++) {
            FZ_CHECK(o[i] == 0, "psa_aead_decrypt released output after a bad tag", s);
        }
    }
    free(o);
}

/* Multi-part encryption; compares with the one-shot result of its nonce
 * (computed here when the nonce is generated). */
static void multi_seal(psa_key_id_t key, const uint8_t *nonce, const uint8_t *ad, const uint8_t *pt,
                       const uint8_t *expect, unsigned flags, int lie, const struct cuts *ad_cuts,
                       const struct cuts *data_cuts)
{
    psa_aead_operation_t op = psa_aead_operation_init();
    size_t t = PSA_AEAD_TAG_LENGTH(cur->type, cur->key_len * 8u, cur_alg);
    size_t declared = cur_pt_len, written = 0, fsize, flen = 0, tlen = 0, glen = 0;
    uint8_t gen[PSA_AEAD_NONCE_MAX_SIZE];
    uint8_t *acc = fz_block(cur_pt_len + t), *fin, *tag;
    int lengths = (flags & 1u) != 0;
    psa_status_t s = psa_aead_encrypt_setup(&op, key, cur_alg);
    FZ_CHECK(s == PSA_SUCCESS, "psa_aead_encrypt_setup", s);
    if (lengths) {
        if (lie) {
            declared = lie < 0 ? cur_pt_len - 1u : cur_pt_len + 1u;
        }
        s = psa_aead_set_lengths(&op, cur_ad_len, declared);
        FZ_CHECK(s == PSA_SUCCESS, "psa_aead_set_lengths", s);
    }
    if (flags & 2u) {
        size_t gsize = PSA_AEAD_NONCE_LENGTH(cur->type, cur_alg);
        uint8_t *g = fz_block(gsize);
        s = psa_aead_generate_nonce(&op, g, gsize, &glen);
        FZ_CHECK(s == PSA_SUCCESS && glen == gsize, "psa_aead_generate_nonce", s);
        memcpy(gen, g, glen);
        free(g);
        nonce = gen;
    } else {
        s = psa_aead_set_nonce(&op, nonce, cur_nonce_len);
        FZ_CHECK(s == PSA_SUCCESS, "psa_aead_set_nonce", s);
    }
    if (!feed_ad(&op, ad, cur_ad_len, ad_cuts, lengths)) {
        goto done;
    }
    s = feed_data(&op, pt, cur_pt_len, data_cuts, acc, &written);
    if (lengths && lie < 0) {
        /* 10.5 psa_aead_update: INVALID_ARGUMENT past the declared length */
        FZ_CHECK(s == PSA_ERROR_INVALID_ARGUMENT, "psa_aead_update past the declared length", s);
        goto done;
    }
    FZ_CHECK(s == PSA_SUCCESS, "psa_aead_update (encrypt)", s);
    fsize = PSA_AEAD_FINISH_OUTPUT_SIZE(cur->type, cur_alg);
    fin = fz_block(fsize);
    tag = fz_block(t);
    s = psa_aead_finish(&op, fin, fsize, &flen, tag, t, &tlen);
    if (lengths && lie > 0) {
        /* 10.5 psa_aead_finish: INVALID_ARGUMENT below the declared length */
        FZ_CHECK(s == PSA_ERROR_INVALID_ARGUMENT, "psa_aead_finish short of the declared length", s);
    } else {
        FZ_CHECK(s == PSA_SUCCESS, "psa_aead_finish", s);
        FZ_CHECK(flen <= fsize && written + flen == cur_pt_len, "psa_aead_finish: output length", s);
        FZ_CHECK(tlen == t, "psa_aead_finish: tag length", s);
        memcpy(acc + written, fin, flen);
        memcpy(acc + cur_pt_len, tag, t);
        if (flags & 2u) {
            size_t olen = 0, size = PSA_AEAD_ENCRYPT_OUTPUT_SIZE(cur->type, cur_alg, cur_pt_len);
            uint8_t *o = fz_block(size);
            s = aead_encrypt(key, nonce, glen, ad, pt, o, size, &olen);
            FZ_CHECK(s == PSA_SUCCESS && olen == size, "psa_aead_encrypt with the generated nonce", s);
            FZ_CHECK(memcmp(o, acc, size) == 0, "multi-part (generated nonce) != one-shot", s);
            free(o);
        } else {
            FZ_CHECK(memcmp(expect, acc, cur_pt_len + t) == 0, "multi-part encryption != one-shot", s);
        }
    }
    free(fin);
    free(tag);
done:
    s = psa_aead_abort(&op);
    FZ_CHECK(s == PSA_SUCCESS, "psa_aead_abort", s);
    free(acc);
}

/* Multi-part decryption of ct || tag (len bytes): the plaintext, or
 * INVALID_SIGNATURE from psa_aead_verify when forged. */
static void multi_open(psa_key_id_t key, const uint8_t *nonce, const uint8_t *ad, const uint8_t *ct, size_t len,
                       const uint8_t *pt, int forged, int lengths, const struct cuts *ad_cuts,
                       const struct cuts *data_cuts)
{
    psa_aead_operation_t op = psa_aead_operation_init();
    size_t t = PSA_AEAD_TAG_LENGTH(cur->type, cur->key_len * 8u, cur_alg);
    size_t n = len - t, written = 0, vsize, vlen = 0;
    uint8_t *acc = fz_block(n), *v;
    psa_status_t s = psa_aead_decrypt_setup(&op, key, cur_alg);
    FZ_CHECK(s == PSA_SUCCESS, "psa_aead_decrypt_setup", s);
    if (lengths) {
        s = psa_aead_set_lengths(&op, cur_ad_len, n);
        FZ_CHECK(s == PSA_SUCCESS, "psa_aead_set_lengths (decrypt)", s);
    }
    s = psa_aead_set_nonce(&op, nonce, cur_nonce_len);
    FZ_CHECK(s == PSA_SUCCESS, "psa_aead_set_nonce (decrypt)", s);
    if (!feed_ad(&op, ad, cur_ad_len, ad_cuts, lengths)) {
        goto done;
    }
    s = feed_data(&op, ct, n, data_cuts, acc, &written);
    FZ_CHECK(s == PSA_SUCCESS, "psa_aead_update (decrypt)", s);
    vsize = PSA_AEAD_VERIFY_OUTPUT_SIZE(cur->type, cur_alg);
    v = fz_block(vsize);
    s = psa_aead_verify(&op, v, vsize, &vlen, ct + n, t);
    if (forged) {
        FZ_CHECK(s == PSA_ERROR_INVALID_SIGNATURE, "psa_aead_verify accepted a forgery", s);
    } else {
        FZ_CHECK(s == PSA_SUCCESS, "psa_aead_verify of its own ciphertext", s);
        FZ_CHECK(vlen <= vsize && written + vlen == n, "psa_aead_verify: output length", s);
        memcpy(acc + written, v, vlen);
        FZ_CHECK(memcmp(acc, pt, n) == 0, "multi-part decryption != plaintext", s);
    }
    free(v);
done:
    s = psa_aead_abort(&op);
    FZ_CHECK(s == PSA_SUCCESS, "psa_aead_abort", s);
    free(acc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t key = PSA_KEY_ID_NULL;
    psa_algorithm_t policy;
    struct cuts ad_cuts, data_cuts;
    size_t t, min_tag, header, pos, ct_size, ct_len = 0, flip_at;
    const uint8_t *key_bytes, *nonce, *ad, *pt;
    uint8_t *ct;
    unsigned flags, flip_what, flip_bit;
    int wildcard, policy_mode, tag_ok, permitted, nonce_ok, lie;
    psa_status_t s;

    if (!initialised && LLVMFuzzerInitialize(NULL, NULL) != 0) {
        abort();
    }
    if (size < 9) {
        return 0;
    }
    cur = &mechs[data[0] % 8u];
    t = (size_t)(data[1] & 0x1fu);
    t = t > 16u ? 16u : t;
    wildcard = (data[1] & 0x20u) != 0;
    policy_mode = data[1] >> 6;
    min_tag = (size_t)(data[2] % 16u) + 1u;
    cur_nonce_len = (data[3] & 0x80u) ? PSA_AEAD_NONCE_LENGTH(cur->type, cur->base) : (size_t)((data[3] & 0x7fu) % 33u);
    flags = data[4];
    flip_what = (flags >> 4) & 3u;
    flip_at = ((size_t)data[5] | ((size_t)data[6] << 8)) & 0xfffu;
    flip_bit = (unsigned)(data[6] >> 4) & 7u;
    lie = (flags & 4u) == 0 ? 0 : (data[6] & 0x80u) ? -1 : 1;
    ad_cuts.n = data[8] & 3u;
    data_cuts.n = ((size_t)data[8] >> 2 & 15u) % 9u;
    header = 9 + 2 * (ad_cuts.n + data_cuts.n);
    if (size < header + cur->key_len + cur_nonce_len) {
        return 0;
    }
    ad_cuts.le = data + 9;
    data_cuts.le = data + 9 + 2 * ad_cuts.n;
    pos = header;
    key_bytes = data + pos;
    pos += cur->key_len;
    nonce = data + pos;
    pos += cur_nonce_len;
    cur_ad_len = data[7] < size - pos ? data[7] : size - pos;
    ad = data + pos;
    pos += cur_ad_len;
    pt = data + pos;
    cur_pt_len = size - pos < FZ_MAX_DATA ? size - pos : FZ_MAX_DATA;
    if (lie < 0 && cur_pt_len == 0) {
        lie = 1;
    }

    cur_alg = PSA_ALG_AEAD_WITH_SHORTENED_TAG(cur->base, t);
    policy = policy_mode == 1   ? PSA_ALG_AEAD_WITH_AT_LEAST_THIS_LENGTH_TAG(cur->base, min_tag)
             : policy_mode == 2 ? cur->base
                                : cur_alg;
    tag_ok = tag_valid(cur->base, t);
    nonce_ok = nonce_valid(cur->base, cur_nonce_len);
    permitted = policy_mode == 1 ? t >= min_tag : policy_mode == 2 ? t == 16u : 1;
    if (wildcard) {
        cur_alg = PSA_ALG_AEAD_WITH_AT_LEAST_THIS_LENGTH_TAG(cur->base, t);
    }

    psa_set_key_type(&attr, cur->type);
    psa_set_key_bits(&attr, cur->key_len * 8u);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&attr, policy);
    s = psa_import_key(&attr, key_bytes, cur->key_len, &key);
    if (!cur->built) {
        /* configured out: NOT_SUPPORTED from the import or the use */
        if (s == PSA_SUCCESS) {
            uint8_t out[PSA_AEAD_TAG_MAX_SIZE];
            size_t olen = 0;
            s = psa_aead_encrypt(key, cur_alg, nonce, cur_nonce_len, ad, cur_ad_len, pt, 0, out, sizeof(out),
                                 &olen);
            FZ_CHECK(s != PSA_SUCCESS, "a configured-out AEAD succeeded", s);
            check_one_shot_status(s, 0, "psa_aead_encrypt (configured out): status outside 10.5.2");
            (void)psa_destroy_key(key);
        }
        return 0;
    }
    if (s != PSA_SUCCESS) {
        /* Only a policy with a tag length the mode lacks may be refused. */
        FZ_CHECK(s == PSA_ERROR_INVALID_ARGUMENT || s == PSA_ERROR_NOT_SUPPORTED, "psa_import_key: status", s);
        FZ_CHECK(policy_mode == 1 ? !tag_valid(cur->base, min_tag) : policy_mode != 2 && !tag_ok,
                 "psa_import_key refused a valid AEAD key", s);
        return 0;
    }

    ct_size = PSA_AEAD_ENCRYPT_OUTPUT_SIZE(cur->type, cur_alg, cur_pt_len);
    if ((flags & 8u) && ct_size != 0) {
        uint8_t *o = fz_block(ct_size - 1u);
        size_t olen = 12345;
        s = aead_encrypt(key, nonce, cur_nonce_len, ad, pt, o, ct_size - 1u, &olen);
        FZ_CHECK(s != PSA_SUCCESS, "psa_aead_encrypt into a buffer one byte short", s);
        FZ_CHECK(olen == 0, "psa_aead_encrypt failed with a nonzero length", s);
        FZ_CHECK(!(tag_ok && permitted && nonce_ok && !wildcard) || s == PSA_ERROR_BUFFER_TOO_SMALL,
                 "psa_aead_encrypt into a buffer one byte short: not BUFFER_TOO_SMALL", s);
        free(o);
    }
    ct = fz_block(ct_size);
    s = aead_encrypt(key, nonce, cur_nonce_len, ad, pt, ct, ct_size, &ct_len);
    if (wildcard) {
        /* 10.5.2: a wildcard is not an algorithm */
        FZ_CHECK(s == PSA_ERROR_INVALID_ARGUMENT || s == PSA_ERROR_NOT_PERMITTED || s == PSA_ERROR_NOT_SUPPORTED,
                 "psa_aead_encrypt with an AT_LEAST_THIS_LENGTH wildcard", s);
    } else if (!tag_ok) {
        FZ_CHECK(s == PSA_ERROR_INVALID_ARGUMENT || s == PSA_ERROR_NOT_SUPPORTED || s == PSA_ERROR_NOT_PERMITTED,
                 "psa_aead_encrypt with a tag length the mode lacks", s);
    } else if (!permitted) {
        FZ_CHECK(s == PSA_ERROR_NOT_PERMITTED, "psa_aead_encrypt outside the policy", s);
    } else if (!nonce_ok) {
        FZ_CHECK(s == PSA_ERROR_INVALID_ARGUMENT || s == PSA_ERROR_NOT_SUPPORTED,
                 "psa_aead_encrypt with a nonce length the mode lacks", s);
    } else {
        FZ_CHECK(s == PSA_SUCCESS, "psa_aead_encrypt of a valid mechanism", s);
    }
    if (getenv("FZ_TRACE") != NULL) {
        printf("alg 0x%08lx policy 0x%08lx nonce %zu AD %zu data %zu flags 0x%02x: encrypt %d\n",
               (unsigned long)cur_alg, (unsigned long)policy, cur_nonce_len, cur_ad_len, cur_pt_len, flags, (int)s);
    }
    if (s != PSA_SUCCESS) {
        FZ_CHECK(ct_len == 0, "psa_aead_encrypt failed with a nonzero length", s);
        goto out;
    }
    FZ_CHECK(ct_len == ct_size && ct_len == cur_pt_len + t, "psa_aead_encrypt: not ENCRYPT_OUTPUT_SIZE bytes", s);

    if (cur->base != PSA_ALG_XCHACHA20_POLY1305) {
        uint8_t *ref = fz_block(ct_len);
        openssl_seal(key_bytes, nonce, cur_nonce_len, ad, cur_ad_len, pt, cur_pt_len, t, ref);
        FZ_CHECK(memcmp(ref, ct, ct_len) == 0, "ciphertext || tag differs from OpenSSL", s);
        free(ref);
    }
    one_shot_open(key, nonce, cur_nonce_len, ad, ct, ct_len, pt, 0);
    multi_seal(key, nonce, ad, pt, ct, flags, lie, &ad_cuts, &data_cuts);
    multi_open(key, nonce, ad, ct, ct_len, pt, 0, (flags & 1u) != 0, &ad_cuts, &data_cuts);

    if (flip_what == 2 && cur_ad_len == 0) {
        flip_what = 1;
    }
    if (flip_what != 0) {
        uint8_t *c2 = fz_block(ct_len), *a2 = fz_block(cur_ad_len), *n2 = fz_block(cur_nonce_len);
        memcpy(c2, ct, ct_len);
        memcpy(a2, ad, cur_ad_len);
        memcpy(n2, nonce, cur_nonce_len);
        if (flip_what == 1) {
            c2[flip_at % ct_len] ^= (uint8_t)(1u << flip_bit);
        } else if (flip_what == 2) {
            a2[flip_at % cur_ad_len] ^= (uint8_t)(1u << flip_bit);
        } else {
            n2[flip_at % cur_nonce_len] ^= (uint8_t)(1u << flip_bit);
        }
        one_shot_open(key, n2, cur_nonce_len, a2, c2, ct_len, pt, 1);
        multi_open(key, n2, a2, c2, ct_len, pt, 1, 1, &ad_cuts, &data_cuts);
        free(c2);
        free(a2);
        free(n2);
    }
out:
    free(ct);
    s = psa_destroy_key(key);
    FZ_CHECK(s == PSA_SUCCESS, "psa_destroy_key", s);
    return 0;
}
