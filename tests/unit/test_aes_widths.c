/*
 * test_aes_widths.c -- every x86-64 AES width (src/aes/aes_hw.h: AES-NI,
 * VAES-256, VAES-512, capped with pp_aes_hw_limit) against the portable
 * backend (pp_aes_hw_restrict(0)) in the same process, through the PSA
 * API: every AES cipher mode (ECB, CBC, CBC-PKCS#7, CTR, CFB, OFB, XTS)
 * and AEAD (GCM with the PCLMULQDQ GHASH and the portable one, CCM), key
 * sizes 128 and 256 (XTS: 2 x 128, 2 x 256), every length 0..300 bytes and
 * a few of several KiB, one update and odd chunkings (1, 3, 5, ... up to
 * 257 bytes, so that whole 16-block groups go through the wide bodies and
 * partial blocks through the narrow code). Each width's ciphertext must
 * equal the portable one and decrypt back; a flipped tag bit must fail.
 * The known-answer vectors of each mode are in test_aes_hw, test_psa_cipher,
 * test_xts, test_gcm and test_ccm; OpenSSL cross-checks there too.
 * Without AES-NI (CPU, PICOPSA_AES_HW=0, not x86-64) it prints SKIPPED.
 */
#include <stdio.h>
#include <string.h>

#include <psa/crypto.h>

#include "aes/aes_hw.h"
#include "aead/ghash.h"
#include "test_config.h"
#include "test_util.h"

#if PP_AES_HW_X86 && PSA_WANT_KEY_TYPE_AES

#define MAXLEN 5000u

static uint8_t g_in[MAXLEN], g_ref[MAXLEN + 16], g_out[MAXLEN + 16], g_back[MAXLEN + 16];

/* Chunk sizes of the odd pattern, cycled. */
static const size_t chunks[] = {1, 3, 5, 17, 31, 257, 13, 64, 129, 7, 256, 33};

static size_t chunk_at(int pattern, size_t i, size_t left)
{
    size_t c = pattern == 0 ? left : chunks[i % (sizeof chunks / sizeof chunks[0])];
    return c < left ? c : left;
}

static psa_key_id_t import_key(psa_key_type_t type, psa_algorithm_t alg, const uint8_t *key,
                               size_t len)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    psa_set_key_type(&a, type);
    psa_set_key_algorithm(&a, alg);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    CHECK_STATUS(psa_import_key(&a, key, len, &id), PSA_SUCCESS);
    return id;
}

static size_t cipher_run(psa_key_id_t id, psa_algorithm_t alg, int encrypt, const uint8_t *iv,
                         const uint8_t *in, size_t len, uint8_t *out, int pattern)
{
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    size_t done = 0, total = 0, n = 0, i = 0;
    CHECK_STATUS(encrypt ? psa_cipher_encrypt_setup(&op, id, alg)
                         : psa_cipher_decrypt_setup(&op, id, alg),
                 PSA_SUCCESS);
    if (alg != PSA_ALG_ECB_NO_PADDING) {
        CHECK_STATUS(psa_cipher_set_iv(&op, iv, 16), PSA_SUCCESS);
    }
    while (done < len) {
        size_t c = chunk_at(pattern, i++, len - done);
        CHECK_STATUS(psa_cipher_update(&op, in + done, c, out + total, MAXLEN + 16 - total, &n),
                     PSA_SUCCESS);
        done += c;
        total += n;
    }
    CHECK_STATUS(psa_cipher_finish(&op, out + total, MAXLEN + 16 - total, &n), PSA_SUCCESS);
    psa_cipher_abort(&op);
    return total + n;
}

/* Sealed: ciphertext || 16-byte tag. */
static size_t aead_seal(psa_key_id_t id, psa_algorithm_t alg, const uint8_t *nonce,
                        const uint8_t *ad, const uint8_t *in, size_t len, uint8_t *out,
                        int pattern)
{
    psa_aead_operation_t op = PSA_AEAD_OPERATION_INIT;
    size_t done = 0, total = 0, n = 0, tl = 0, i = 0;
    CHECK_STATUS(psa_aead_encrypt_setup(&op, id, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_aead_set_lengths(&op, 16, len), PSA_SUCCESS);
    CHECK_STATUS(psa_aead_set_nonce(&op, nonce, 12), PSA_SUCCESS);
    CHECK_STATUS(psa_aead_update_ad(&op, ad, 16), PSA_SUCCESS);
    while (done < len) {
        size_t c = chunk_at(pattern, i++, len - done);
        CHECK_STATUS(psa_aead_update(&op, in + done, c, out + total, MAXLEN + 16 - total, &n),
                     PSA_SUCCESS);
        done += c;
        total += n;
    }
    CHECK_STATUS(psa_aead_finish(&op, out + total, MAXLEN + 16 - total, &n, out + len + 0, 16,
                                 &tl),
                 PSA_SUCCESS);
    CHECK(total + n == len && tl == 16);
    psa_aead_abort(&op);
    return len + 16;
}

static psa_status_t aead_open(psa_key_id_t id, psa_algorithm_t alg, const uint8_t *nonce,
                              const uint8_t *ad, const uint8_t *in, size_t len, uint8_t *out,
                              int pattern)
{
    psa_aead_operation_t op = PSA_AEAD_OPERATION_INIT;
    size_t done = 0, total = 0, n = 0, i = 0;
    psa_status_t st;
    CHECK_STATUS(psa_aead_decrypt_setup(&op, id, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_aead_set_lengths(&op, 16, len), PSA_SUCCESS);
    CHECK_STATUS(psa_aead_set_nonce(&op, nonce, 12), PSA_SUCCESS);
    CHECK_STATUS(psa_aead_update_ad(&op, ad, 16), PSA_SUCCESS);
    while (done < len) {
        size_t c = chunk_at(pattern, i++, len - done);
        CHECK_STATUS(psa_aead_update(&op, in + done, c, out + total, MAXLEN + 16 - total, &n),
                     PSA_SUCCESS);
        done += c;
        total += n;
    }
    st = psa_aead_verify(&op, out + total, MAXLEN + 16 - total, &n, in + len, 16);
    psa_aead_abort(&op);
    return st;
}

/* The widths to compare with the portable backend: 1 .. top. */
static void set_width(int level)
{
    if (level == 0) {
        pp_aes_hw_restrict(0);
    } else {
        pp_aes_hw_limit(level);
    }
}

static int is_len_ok(psa_algorithm_t alg, size_t len)
{
    if (alg == PSA_ALG_ECB_NO_PADDING || alg == PSA_ALG_CBC_NO_PADDING) {
        return len % 16 == 0;
    }
    return alg != PSA_ALG_XTS || len >= 16;
}

static void one_length(psa_algorithm_t alg, psa_key_type_t type, const uint8_t *key,
                       size_t key_len, size_t len, int top)
{
    static const uint8_t ad[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    uint8_t iv[16];
    int aead = PSA_ALG_IS_AEAD(alg), level, pattern;
    psa_key_id_t id = import_key(type, alg, key, key_len);
    size_t ref_len, n;
    test_rng_bytes(iv, sizeof iv);
    test_rng_bytes(g_in, len);
    set_width(0);
    ref_len = aead ? aead_seal(id, alg, iv, ad, g_in, len, g_ref, 0)
                   : cipher_run(id, alg, 1, iv, g_in, len, g_ref, 0);
    for (level = 0; level <= top; level++) {
        set_width(level);
        for (pattern = 0; pattern < 2; pattern++) {
            int ok = 1;
            memset(g_out, 0, sizeof g_out);
            n = aead ? aead_seal(id, alg, iv, ad, g_in, len, g_out, pattern)
                     : cipher_run(id, alg, 1, iv, g_in, len, g_out, pattern);
            ok &= CHECK(n == ref_len);
            ok &= CHECK_MEM(g_out, g_ref, ref_len);
            if (aead) {
                ok &= CHECK_STATUS(aead_open(id, alg, iv, ad, g_ref, len, g_back, pattern),
                                   PSA_SUCCESS);
                g_ref[len] ^= 0x10;
                ok &= CHECK_STATUS(aead_open(id, alg, iv, ad, g_ref, len, g_back, pattern),
                                   PSA_ERROR_INVALID_SIGNATURE);
                g_ref[len] ^= 0x10;
                ok &= CHECK_STATUS(aead_open(id, alg, iv, ad, g_ref, len, g_back, pattern),
                                   PSA_SUCCESS);
            } else {
                n = cipher_run(id, alg, 0, iv, g_ref, ref_len, g_back, pattern);
                ok &= CHECK(n == len);
            }
            ok &= CHECK_MEM(g_back, g_in, len);
            if (!ok) {
                fprintf(stderr, "  alg 0x%08lx, %zu-byte key, %zu bytes, width %d, pattern %d\n",
                        (unsigned long)alg, key_len, len, level, pattern);
            }
        }
    }
    psa_destroy_key(id);
}

static void run_all(int top)
{
    static const psa_algorithm_t algs[] = {
        PSA_ALG_ECB_NO_PADDING, PSA_ALG_CBC_NO_PADDING, PSA_ALG_CBC_PKCS7, PSA_ALG_CTR,
        PSA_ALG_CFB, PSA_ALG_OFB, PSA_ALG_XTS, PSA_ALG_GCM, PSA_ALG_CCM};
    static const size_t big[] = {511, 512, 1024, 1040, 4096 + 13, MAXLEN};
    uint8_t key[64];
    size_t a, ks, len;
    for (a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        psa_algorithm_t alg = algs[a];
        /* the modes the build has (configs/lorawan_node.h: ECB and CTR) */
        int built = alg == PSA_ALG_GCM   ? PSA_WANT_ALG_GCM
                    : alg == PSA_ALG_CCM ? PSA_WANT_ALG_CCM
                                         : test_cipher_built(alg);
        for (ks = 16; ks <= 32 && built; ks += 16) {
            size_t key_len = alg == PSA_ALG_XTS ? 2 * ks : ks;
            test_rng_bytes(key, sizeof key);
            for (len = 0; len <= 300 + sizeof big / sizeof big[0]; len++) {
                size_t l = len <= 300 ? len : big[len - 301];
                if (is_len_ok(alg, l)) {
                    one_length(alg, PSA_KEY_TYPE_AES, key, key_len, l, top);
                }
            }
        }
    }
}

int main(void)
{
    int top;
    test_rng_seed(0x7ae5);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    top = pp_aes_hw_level();
    if (top == 0) {
        return test_skip("aes_widths", "this CPU has no AES-NI: only the portable AES runs");
    }
    printf("aes_widths: AES-NI .. %s against the portable AES\n", pp_aes_hw_name());
    run_all(top);
#if PP_GHASH_HW_X86
    printf("aes_widths: again with the portable GHASH\n");
    pp_ghash_hw_restrict(0);
    run_all(top);
    pp_ghash_hw_restrict(1);
#endif
    pp_aes_hw_limit(PP_AES_X86_VAES512);
    CHECK(pp_aes_hw_level() == top);
    return test_report("aes_widths");
}

#else

int main(void)
{
    return test_skip("aes_widths", "no x86-64 AES-NI backend in this build");
}

#endif
