/*
 * fuzz_cipher.c -- the PSA unauthenticated cipher API (PSA Crypto API 1.2
 * 10.4) for any mode, key size, IV, message and way of cutting it into
 * updates (issue 22: the API fuzzer extended to the cipher API).
 *
 * Input layout (all choices come from the fuzzer):
 *   byte 0   mechanism (mod 26): ECB, CBC, CBC-PKCS7, CTR, CFB, OFB,
 *            CCM*-no-tag, each over AES-128/192/256 (in that order, key
 *            size fastest), then ChaCha20 and XChaCha20 (stream cipher),
 *            then XTS over AES-128/192/256-XTS (32/48/64-byte keys)
 *   byte 1   IV length: bit 7 PSA_CIPHER_IV_LENGTH, else (& 0x7f) % 33
 *            (ChaCha20 also takes 16: 32-bit LE counter || nonce)
 *   byte 2   bit 0 a key whose policy is another algorithm, bit 1
 *            psa_cipher_generate_iv in the multi-part encryption, bit 2
 *            one-shot encryption into a buffer one byte short first, bit 3
 *            decrypt the message itself as ciphertext (against OpenSSL)
 *   byte 3   number of cuts (mod 9), then 2 bytes per cut (little-endian
 *            piece lengths, mod what is left)
 *   then the key, the IV, and the rest is the message.
 *
 * Oracles (a violation prints what and aborts):
 *  - every status is the one the model decides and in the function's list
 *    of 10.4: SUCCESS for a valid mode, IV and length; NOT_PERMITTED
 *    outside the policy; INVALID_ARGUMENT for an IV length the mode lacks,
 *    an IV for ECB, a partial block for ECB/CBC without padding (at
 *    psa_cipher_finish for multi-part), under 16 bytes for XTS (likewise),
 *    an XTS key with Key1 == Key2 (at setup) and a ChaCha20 update past
 *    block 2^32 - 1; BAD_STATE for an update before the IV; INVALID_PADDING for
 *    a bad PKCS#7 pad exactly when OpenSSL refuses it;
 *  - psa_cipher_encrypt writes exactly PSA_CIPHER_ENCRYPT_OUTPUT_SIZE bytes
 *    and refuses a buffer one byte short; updates stay within
 *    PSA_CIPHER_UPDATE_OUTPUT_SIZE, psa_cipher_finish within
 *    PSA_CIPHER_FINISH_OUTPUT_SIZE, and nothing writes more than it took;
 *  - decrypt(encrypt(m)) == m one-shot and multi-part both ways; the
 *    multi-part ciphertext over the fuzzer's cuts equals OpenSSL EVP's
 *    (ECB, CBC, CBC-PKCS7, CTR, CFB-128, OFB, ChaCha20, XTS-AES-128/256;
 *    CCM* equals AES-CCM without its tag), and so does the decryption of
 *    arbitrary data (OpenSSL has no AES-192-XTS: round trips only).
 * Every output buffer is its own exactly sized heap block (ASan).
 * FZ_TRACE=1 prints each input's mechanism and psa_cipher_encrypt status.
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

struct mode {
    psa_algorithm_t alg;
    int built;
};

static const struct mode aes_modes[7] = {
    {PSA_ALG_ECB_NO_PADDING, PSA_WANT_ALG_ECB_NO_PADDING}, {PSA_ALG_CBC_NO_PADDING, PSA_WANT_ALG_CBC_NO_PADDING},
    {PSA_ALG_CBC_PKCS7, PSA_WANT_ALG_CBC_PKCS7},           {PSA_ALG_CTR, PSA_WANT_ALG_CTR},
    {PSA_ALG_CFB, PSA_WANT_ALG_CFB},                       {PSA_ALG_OFB, PSA_WANT_ALG_OFB},
    {PSA_ALG_CCM_STAR_NO_TAG, PSA_WANT_ALG_CCM_STAR_NO_TAG},
};

static psa_key_type_t cur_type;
static psa_algorithm_t cur_alg;
static size_t cur_key_len, cur_iv_len, cur_len;

static void fail(const char *what, psa_status_t status)
{
    fprintf(stderr, "fuzz_cipher: %s (status %d; key type 0x%04x, %zu-byte key, alg 0x%08lx, IV %zu, message %zu)\n",
            what, (int)status, (unsigned)cur_type, cur_key_len, (unsigned long)cur_alg, cur_iv_len, cur_len);
    abort();
}

#define FZ_CHECK(cond, what, status) \
    do {                             \
        if (!(cond)) {               \
            fail(what, status);      \
        }                            \
    } while (0)

/* psa_cipher_encrypt / psa_cipher_decrypt (10.4.2): SUCCESS,
 * INVALID_HANDLE, NOT_PERMITTED, INVALID_ARGUMENT, NOT_SUPPORTED,
 * BUFFER_TOO_SMALL, decrypt also INVALID_PADDING; + common. */
static void check_one_shot_status(psa_status_t s, int decrypt, const char *fn)
{
    if (s == PSA_SUCCESS || s == PSA_ERROR_INVALID_HANDLE || s == PSA_ERROR_NOT_PERMITTED ||
        s == PSA_ERROR_INVALID_ARGUMENT || s == PSA_ERROR_NOT_SUPPORTED || s == PSA_ERROR_BUFFER_TOO_SMALL ||
        (decrypt && s == PSA_ERROR_INVALID_PADDING) || fz_is_common_error(s)) {
        return;
    }
    fail(fn, s);
}

static int whole_blocks_only(void)
{
    return cur_alg == PSA_ALG_ECB_NO_PADDING || cur_alg == PSA_ALG_CBC_NO_PADDING;
}

/* The total lengths the mode takes: whole blocks (ECB, CBC), at least one
 * block (XTS), any (the others). */
static int length_ok(size_t len)
{
    return cur_alg == PSA_ALG_XTS ? len >= 16u : !whole_blocks_only() || len % 16u == 0;
}

/* OpenSSL has this mechanism (not XChaCha20, not AES-192-XTS). */
static int openssl_has(void)
{
    return cur_type != PSA_KEY_TYPE_XCHACHA20 && !(cur_alg == PSA_ALG_XTS && cur_key_len == 48u);
}

/* The bytes a ChaCha20 operation may process from its IV on: 64 per block
 * up to block 2^32 - 1 (docs/cipher.md; a 12-byte IV starts at block 0). */
static unsigned long long stream_limit(const uint8_t *iv, size_t iv_len)
{
    unsigned long long ctr = 0;
    if (cur_type == PSA_KEY_TYPE_CHACHA20 && iv_len == 16) {
        ctr = (unsigned long long)iv[0] | (unsigned long long)iv[1] << 8 | (unsigned long long)iv[2] << 16 |
              (unsigned long long)iv[3] << 24;
    }
    return cur_type == PSA_KEY_TYPE_CHACHA20 ? (0x100000000ull - ctr) * 64u : ~0ull;
}

/* ---- OpenSSL ------------------------------------------------------------ */

static const EVP_CIPHER *evp_of(void)
{
    int i = cur_key_len == 16 ? 0 : cur_key_len == 24 ? 1 : 2;
    switch (cur_alg) {
    case PSA_ALG_ECB_NO_PADDING: return i == 0 ? EVP_aes_128_ecb() : i == 1 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
    case PSA_ALG_CBC_NO_PADDING:
    case PSA_ALG_CBC_PKCS7: return i == 0 ? EVP_aes_128_cbc() : i == 1 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
    case PSA_ALG_CTR: return i == 0 ? EVP_aes_128_ctr() : i == 1 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
    case PSA_ALG_CFB:
        return i == 0 ? EVP_aes_128_cfb128() : i == 1 ? EVP_aes_192_cfb128() : EVP_aes_256_cfb128();
    case PSA_ALG_OFB: return i == 0 ? EVP_aes_128_ofb() : i == 1 ? EVP_aes_192_ofb() : EVP_aes_256_ofb();
    case PSA_ALG_CCM_STAR_NO_TAG:
        return i == 0 ? EVP_aes_128_ccm() : i == 1 ? EVP_aes_192_ccm() : EVP_aes_256_ccm();
    case PSA_ALG_XTS: return cur_key_len == 32u ? EVP_aes_128_xts() : EVP_aes_256_xts();
    default: return EVP_chacha20();
    }
}

/* OpenSSL's result of en/decrypting in (len bytes) under iv into out (len +
 * 16 bytes room); 0 when OpenSSL refuses (a bad pad, a partial block).
 * CCM* either way is AES-CCM encryption without the tag (its keystream). */
static int openssl_cipher(int enc, const uint8_t *key, const uint8_t *iv, const uint8_t *in, size_t len,
                          uint8_t *out, size_t *out_len)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    uint8_t iv16[16] = {0}, tag[4];
    int n = 0, m = 0, ok;
    if (ctx == NULL) {
        abort();
    }
    if (cur_alg == PSA_ALG_CCM_STAR_NO_TAG) {
        ok = EVP_EncryptInit_ex(ctx, evp_of(), NULL, NULL, NULL) == 1 &&
             EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, 13, NULL) == 1 &&
             EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 4, NULL) == 1 &&
             EVP_EncryptInit_ex(ctx, NULL, NULL, key, iv) == 1 &&
             EVP_EncryptUpdate(ctx, NULL, &n, NULL, (int)len) == 1 &&
             EVP_EncryptUpdate(ctx, out, &n, in, (int)len) == 1 && EVP_EncryptFinal_ex(ctx, out + n, &m) == 1 &&
             EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 4, tag) == 1;
        FZ_CHECK(ok, "OpenSSL CCM refused", PSA_SUCCESS);
    } else {
        if (cur_type == PSA_KEY_TYPE_CHACHA20) {
            /* OpenSSL's IV: 32-bit LE counter || 96-bit nonce */
            memcpy(iv16 + (cur_iv_len == 12 ? 4 : 0), iv, cur_iv_len);
            iv = iv16;
        }
        ok = EVP_CipherInit_ex(ctx, evp_of(), NULL, key, iv, enc) == 1 &&
             EVP_CIPHER_CTX_set_padding(ctx, cur_alg == PSA_ALG_CBC_PKCS7) == 1 &&
             EVP_CipherUpdate(ctx, out, &n, in, (int)len) == 1 && EVP_CipherFinal_ex(ctx, out + n, &m) == 1;
    }
    EVP_CIPHER_CTX_free(ctx);
    *out_len = (size_t)n + (size_t)m;
    return ok;
}

/* ---- multi-part --------------------------------------------------------- */

struct cuts {
    size_t n;
    const uint8_t *le;
};

/* A whole multi-part run: setup, the IV (set, generated, or none when
 * iv_len is 0), updates over the cuts, finish. Returns the status of the
 * first failing call (checked against the model here); on SUCCESS out
 * (an exactly sized block of PSA_CIPHER_ENCRYPT_OUTPUT_SIZE(len) bytes,
 * enough both ways) holds the result and *gen_iv the generated IV. */
static psa_status_t multi(psa_key_id_t key, int enc, const uint8_t *iv, size_t iv_len, int generate,
                          uint8_t *gen_iv, const uint8_t *in, size_t len, const struct cuts *c, uint8_t *out,
                          size_t *out_len, int pad_refused)
{
    psa_cipher_operation_t op = psa_cipher_operation_init();
    size_t default_iv = PSA_CIPHER_IV_LENGTH(cur_type, cur_alg), pos = 0, i, fsize, flen = 0;
    unsigned long long limit = stream_limit(iv, generate ? default_iv : iv_len), done = 0;
    uint8_t *f;
    psa_status_t s = enc ? psa_cipher_encrypt_setup(&op, key, cur_alg) : psa_cipher_decrypt_setup(&op, key, cur_alg);
    *out_len = 0;
    FZ_CHECK(s == PSA_SUCCESS, enc ? "psa_cipher_encrypt_setup" : "psa_cipher_decrypt_setup", s);
    if (generate && default_iv != 0) {
        size_t glen = 0;
        uint8_t *g = fz_block(default_iv);
        s = psa_cipher_generate_iv(&op, g, default_iv, &glen);
        FZ_CHECK(s == PSA_SUCCESS && glen == default_iv, "psa_cipher_generate_iv", s);
        memcpy(gen_iv, g, glen);
        free(g);
        limit = stream_limit(gen_iv, glen);
    } else if (iv_len != 0) {
        int iv_ok = iv_len == default_iv && default_iv != 0;
        if (cur_type == PSA_KEY_TYPE_CHACHA20 && iv_len == 16) {
            iv_ok = 1;
        }
        s = psa_cipher_set_iv(&op, iv, iv_len);
        if (!iv_ok) {
            /* 10.4 psa_cipher_set_iv: INVALID_ARGUMENT, iv_length not acceptable */
            FZ_CHECK(s == PSA_ERROR_INVALID_ARGUMENT, "psa_cipher_set_iv with a wrong IV length", s);
            goto done;
        }
        FZ_CHECK(s == PSA_SUCCESS, "psa_cipher_set_iv", s);
    }
    for (i = 0; i <= c->n; i++) {
        size_t piece = i < c->n ? ((size_t)c->le[2 * i] | ((size_t)c->le[2 * i + 1] << 8)) % (len - pos + 1)
                                : len - pos;
        size_t size = PSA_CIPHER_UPDATE_OUTPUT_SIZE(cur_type, cur_alg, piece), olen = 0;
        uint8_t *o = fz_block(size);
        s = psa_cipher_update(&op, in + pos, piece, o, size, &olen);
        if (default_iv != 0 && iv_len == 0 && !generate) {
            /* 10.4 psa_cipher_update: BAD_STATE, an IV is required but not set */
            FZ_CHECK(s == PSA_ERROR_BAD_STATE, "psa_cipher_update before the IV", s);
            free(o);
            goto done;
        }
        done += piece;
        if (done > limit) {
            FZ_CHECK(s == PSA_ERROR_INVALID_ARGUMENT, "ChaCha20 update past block 2^32 - 1", s);
            free(o);
            goto done;
        }
        FZ_CHECK(s == PSA_SUCCESS, "psa_cipher_update", s);
        FZ_CHECK(olen <= size, "psa_cipher_update wrote past PSA_CIPHER_UPDATE_OUTPUT_SIZE", s);
        FZ_CHECK(*out_len + olen <= pos + piece, "psa_cipher_update: more output than input", s);
        memcpy(out + *out_len, o, olen);
        *out_len += olen;
        pos += piece;
        free(o);
    }
    fsize = PSA_CIPHER_FINISH_OUTPUT_SIZE(cur_type, cur_alg);
    f = fz_block(fsize);
    s = psa_cipher_finish(&op, f, fsize, &flen);
    if (!length_ok(len)) {
        /* 10.4 psa_cipher_finish: INVALID_ARGUMENT, not a whole number of
         * blocks (ECB, CBC) or under one block (XTS) */
        FZ_CHECK(s == PSA_ERROR_INVALID_ARGUMENT, "psa_cipher_finish of a partial block", s);
    } else if (!enc && cur_alg == PSA_ALG_CBC_PKCS7 && (len == 0 || len % 16u != 0)) {
        FZ_CHECK(s == PSA_ERROR_INVALID_ARGUMENT || s == PSA_ERROR_INVALID_PADDING,
                 "psa_cipher_finish: PKCS#7 ciphertext of a bad length", s);
    } else if (!enc && cur_alg == PSA_ALG_CBC_PKCS7 && pad_refused) {
        FZ_CHECK(s == PSA_ERROR_INVALID_PADDING, "psa_cipher_finish: a pad OpenSSL refuses", s);
    } else {
        FZ_CHECK(s == PSA_SUCCESS, "psa_cipher_finish", s);
        FZ_CHECK(flen <= fsize, "psa_cipher_finish wrote past PSA_CIPHER_FINISH_OUTPUT_SIZE", s);
        memcpy(out + *out_len, f, flen);
        *out_len += flen;
    }
    free(f);
done:
    if (s != PSA_SUCCESS) {
        FZ_CHECK(psa_cipher_abort(&op) == PSA_SUCCESS, "psa_cipher_abort", s);
    }
    return s;
}

/* ---- the target --------------------------------------------------------- */

static int initialised;

const char *fuzz_skip_reason(void)
{
    return PSA_WANT_KEY_TYPE_AES || PSA_WANT_ALG_STREAM_CIPHER ? NULL : "no cipher built";
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t key = PSA_KEY_ID_NULL;
    struct cuts cuts;
    size_t header, default_iv, ct_size, ct_len = 0, len, out_len = 0, ref_len = 0;
    const uint8_t *key_bytes, *iv, *msg;
    uint8_t gen_iv[PSA_CIPHER_IV_MAX_SIZE], *ct, *out, *ref;
    unsigned mech, flags;
    int built, len_ok;
    psa_status_t s;

    if (!initialised && LLVMFuzzerInitialize(NULL, NULL) != 0) {
        abort();
    }
    if (size < 4) {
        return 0;
    }
    mech = data[0] % 26u;
    if (mech >= 23u) {
        cur_type = PSA_KEY_TYPE_AES;
        cur_key_len = 32u + 16u * (mech - 23u);
        cur_alg = PSA_ALG_XTS;
        built = PSA_WANT_ALG_XTS;
    } else if (mech < 21u) {
        cur_type = PSA_KEY_TYPE_AES;
        cur_key_len = 16u + 8u * (mech % 3u);
        cur_alg = aes_modes[mech / 3u].alg;
        built = aes_modes[mech / 3u].built && PSA_WANT_KEY_TYPE_AES;
    } else {
        cur_type = mech == 21u ? PSA_KEY_TYPE_CHACHA20 : PSA_KEY_TYPE_XCHACHA20;
        cur_key_len = 32;
        cur_alg = PSA_ALG_STREAM_CIPHER;
        built = PSA_WANT_ALG_STREAM_CIPHER &&
                (mech == 21u ? PSA_WANT_KEY_TYPE_CHACHA20 : PSA_WANT_KEY_TYPE_XCHACHA20);
    }
    default_iv = PSA_CIPHER_IV_LENGTH(cur_type, cur_alg);
    cur_iv_len = (data[1] & 0x80u) ? default_iv : (size_t)((data[1] & 0x7fu) % 33u);
    flags = data[2];
    cuts.n = (size_t)(data[3] % 9u);
    header = 4 + 2 * cuts.n;
    if (size < header + cur_key_len + cur_iv_len) {
        return 0;
    }
    cuts.le = data + 4;
    key_bytes = data + header;
    iv = key_bytes + cur_key_len;
    msg = iv + cur_iv_len;
    len = size - header - cur_key_len - cur_iv_len;
    cur_len = len = len < FZ_MAX_DATA ? len : FZ_MAX_DATA;

    psa_set_key_type(&attr, cur_type);
    psa_set_key_bits(&attr, cur_key_len * 8u);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&attr, (flags & 1u) ? (cur_alg == PSA_ALG_CTR ? PSA_ALG_CBC_NO_PADDING : PSA_ALG_CTR)
                                              : cur_alg);
    s = psa_import_key(&attr, key_bytes, cur_key_len, &key);
    if (!built) {
        if (s == PSA_SUCCESS) {
            uint8_t o[PSA_CIPHER_IV_MAX_SIZE + 16];
            size_t olen = 0;
            s = psa_cipher_encrypt(key, cur_alg, msg, 0, o, sizeof(o), &olen);
            FZ_CHECK(s != PSA_SUCCESS, "a configured-out cipher succeeded", s);
            check_one_shot_status(s, 0, "psa_cipher_encrypt (configured out): status outside 10.4.2");
            (void)psa_destroy_key(key);
        }
        return 0;
    }
    FZ_CHECK(s == PSA_SUCCESS, "psa_import_key", s);
    ct_size = PSA_CIPHER_ENCRYPT_OUTPUT_SIZE(cur_type, cur_alg, len);
    len_ok = length_ok(len);

    if (cur_alg == PSA_ALG_XTS && !(flags & 1u) &&
        memcmp(key_bytes, key_bytes + cur_key_len / 2u, cur_key_len / 2u) == 0) {
        /* Key1 == Key2: refused at setup, both directions (cipher_xts.c) */
        psa_cipher_operation_t op = psa_cipher_operation_init();
        size_t olen = 12345;
        ct = fz_block(ct_size);
        s = psa_cipher_encrypt(key, cur_alg, msg, len, ct, ct_size, &olen);
        FZ_CHECK(s == PSA_ERROR_INVALID_ARGUMENT && olen == 0, "psa_cipher_encrypt, XTS Key1 == Key2", s);
        s = psa_cipher_decrypt_setup(&op, key, cur_alg);
        FZ_CHECK(s == PSA_ERROR_INVALID_ARGUMENT, "psa_cipher_decrypt_setup, XTS Key1 == Key2", s);
        free(ct);
        goto out_key;
    }

    if (flags & 1u) {
        /* 10.4.2 / 10.4.4: NOT_PERMITTED, the key's policy is another algorithm */
        psa_cipher_operation_t op = psa_cipher_operation_init();
        size_t olen = 0;
        ct = fz_block(ct_size);
        s = psa_cipher_encrypt(key, cur_alg, msg, len, ct, ct_size, &olen);
        FZ_CHECK(s == PSA_ERROR_NOT_PERMITTED, "psa_cipher_encrypt outside the policy", s);
        s = psa_cipher_decrypt_setup(&op, key, cur_alg);
        FZ_CHECK(s == PSA_ERROR_NOT_PERMITTED, "psa_cipher_decrypt_setup outside the policy", s);
        free(ct);
        goto out_key;
    }

    /* One-shot, random IV. */
    if ((flags & 4u) && ct_size != 0) {
        size_t olen = 12345;
        uint8_t *o = fz_block(ct_size - 1u);
        s = psa_cipher_encrypt(key, cur_alg, msg, len, o, ct_size - 1u, &olen);
        check_one_shot_status(s, 0, "psa_cipher_encrypt: status outside 10.4.2");
        FZ_CHECK(s == (len_ok ? PSA_ERROR_BUFFER_TOO_SMALL : PSA_ERROR_INVALID_ARGUMENT) ||
                     (!len_ok && s == PSA_ERROR_BUFFER_TOO_SMALL),
                 "psa_cipher_encrypt into a buffer one byte short", s);
        FZ_CHECK(olen == 0, "psa_cipher_encrypt failed with a nonzero length", s);
        free(o);
    }
    ct = fz_block(ct_size);
    out = fz_block(ct_size);
    ref = fz_block(len + 16u);
    s = psa_cipher_encrypt(key, cur_alg, msg, len, ct, ct_size, &ct_len);
    check_one_shot_status(s, 0, "psa_cipher_encrypt: status outside 10.4.2");
    if (getenv("FZ_TRACE") != NULL) {
        printf("type 0x%04x alg 0x%08lx IV %zu message %zu flags 0x%02x: encrypt %d\n", (unsigned)cur_type,
               (unsigned long)cur_alg, cur_iv_len, len, flags, (int)s);
    }
    if (!len_ok) {
        FZ_CHECK(s == PSA_ERROR_INVALID_ARGUMENT, "psa_cipher_encrypt of a partial block", s);
        FZ_CHECK(ct_len == 0, "psa_cipher_encrypt failed with a nonzero length", s);
    } else {
        size_t dsize, dlen = 12345;
        uint8_t *d;
        FZ_CHECK(s == PSA_SUCCESS, "psa_cipher_encrypt", s);
        FZ_CHECK(ct_len == ct_size, "psa_cipher_encrypt: not PSA_CIPHER_ENCRYPT_OUTPUT_SIZE bytes", s);
        dsize = PSA_CIPHER_DECRYPT_OUTPUT_SIZE(cur_type, cur_alg, ct_len);
        d = fz_block(dsize);
        s = psa_cipher_decrypt(key, cur_alg, ct, ct_len, d, dsize, &dlen);
        FZ_CHECK(s == PSA_SUCCESS && dlen == len && memcmp(d, msg, len) == 0,
                 "psa_cipher_decrypt(psa_cipher_encrypt(m)) != m", s);
        free(d);
        /* The same through a multi-part decryption with that IV. */
        {
            size_t saved = cur_iv_len;
            cur_iv_len = default_iv;
            s = multi(key, 0, ct, default_iv, 0, gen_iv, ct + default_iv, ct_len - default_iv, &cuts, out, &out_len,
                      0);
            cur_iv_len = saved;
            FZ_CHECK(s == PSA_SUCCESS && out_len == len && memcmp(out, msg, len) == 0,
                     "multi-part decryption of psa_cipher_encrypt's output", s);
        }
    }

    /* Multi-part, the fuzzer's (or a generated) IV, against OpenSSL. */
    s = multi(key, 1, iv, cur_iv_len, (flags & 2u) != 0, gen_iv, msg, len, &cuts, out, &out_len, 0);
    if (s == PSA_SUCCESS) {
        const uint8_t *used = (flags & 2u) && default_iv != 0 ? gen_iv : iv;
        size_t used_len = (flags & 2u) && default_iv != 0 ? default_iv : cur_iv_len;
        size_t saved = cur_iv_len;
        FZ_CHECK(out_len == ct_size - default_iv, "multi-part encryption: output length", s);
        cur_iv_len = used_len;
        if (openssl_has()) {
            FZ_CHECK(openssl_cipher(1, key_bytes, used, msg, len, ref, &ref_len) && ref_len == out_len &&
                         memcmp(ref, out, out_len) == 0,
                     "multi-part encryption differs from OpenSSL", s);
        }
        memcpy(ref, out, out_len);
        ref_len = out_len;
        s = multi(key, 0, used, used_len, 0, gen_iv, ref, ref_len, &cuts, out, &out_len, 0);
        FZ_CHECK(s == PSA_SUCCESS && out_len == len && memcmp(out, msg, len) == 0,
                 "multi-part decrypt(encrypt(m)) != m", s);
        cur_iv_len = saved;
    }

    /* Arbitrary data as ciphertext, against OpenSSL. */
    if ((flags & 8u) && cur_iv_len == default_iv && default_iv != 0 && openssl_has()) {
        int ossl_ok = openssl_cipher(0, key_bytes, iv, msg, len, ref, &ref_len);
        int pad_refused = !ossl_ok && cur_alg == PSA_ALG_CBC_PKCS7 && len != 0 && len % 16u == 0;
        size_t isize = default_iv + len, dsize = PSA_CIPHER_DECRYPT_OUTPUT_SIZE(cur_type, cur_alg, isize), dlen = 1;
        uint8_t *in = fz_block(isize), *d = fz_block(dsize);
        s = multi(key, 0, iv, cur_iv_len, 0, gen_iv, msg, len, &cuts, out, &out_len, pad_refused);
        if (s == PSA_SUCCESS) {
            FZ_CHECK(ossl_ok && ref_len == out_len && memcmp(ref, out, out_len) == 0,
                     "multi-part decryption differs from OpenSSL", s);
        }
        memcpy(in, iv, default_iv);
        memcpy(in + default_iv, msg, len);
        dlen = 12345;
        s = psa_cipher_decrypt(key, cur_alg, in, isize, d, dsize, &dlen);
        check_one_shot_status(s, 1, "psa_cipher_decrypt: status outside 10.4.2");
        if (ossl_ok) {
            FZ_CHECK(s == PSA_SUCCESS && dlen == ref_len && memcmp(d, ref, dlen) == 0,
                     "psa_cipher_decrypt differs from OpenSSL", s);
        } else {
            FZ_CHECK(s == (pad_refused ? PSA_ERROR_INVALID_PADDING : PSA_ERROR_INVALID_ARGUMENT) ||
                         (!pad_refused && s == PSA_ERROR_INVALID_PADDING),
                     "psa_cipher_decrypt of what OpenSSL refuses", s);
            FZ_CHECK(dlen == 0, "psa_cipher_decrypt failed with a nonzero length", s);
        }
        free(in);
        free(d);
    }
    free(ct);
    free(out);
    free(ref);
out_key:
    s = psa_destroy_key(key);
    FZ_CHECK(s == PSA_SUCCESS, "psa_destroy_key", s);
    return 0;
}
