/*
 * test_gcm.c -- AES-GCM (src/aead/gcm.h) and GHASH (src/aead/ghash.h):
 *  - the 18 test cases of the GCM specification (McGrew-Viega, "The
 *    Galois/Counter Mode of Operation", appendix B; the SP 800-38D
 *    examples): AES-128/192/256, 12-, 8- and 60-byte IVs, one-shot and
 *    streamed byte by byte, decryption in place, tampered tags refused;
 *  - every case of Wycheproof aes_gcm_test.json: valid cases give ct and
 *    tag exactly, invalid ones (modified tags) are refused by both
 *    decryption forms, the zero-length IV is refused by init;
 *  - random cross-checks against OpenSSL EVP aes-*-gcm: IV 1..64 bytes,
 *    AAD and plaintext 0..600 bytes, random chunking on both sides, in
 *    place, truncated tags 4..16, tampered ciphertext / AAD / tag refused;
 *  - misuse: call order (BAD_STATE), the SP 800-38D 5.2.1.1 length limits
 *    (INVALID_ARGUMENT, set up by writing the byte counters), tag lengths;
 *  - the inc32 counter wrap (forced) and long messages against OpenSSL;
 *  - the GHASH backends against each other on random data (PCLMULQDQ
 *    and ct64; ct64 and ct32, both portable ones built everywhere);
 *  - all of it with PCLMULQDQ + AES-NI (which also runs the one-pass
 *    GCTR + GHASH of ghash_x86.c), portable GHASH + AES-NI, and both
 *    portable (pp_ghash_hw_restrict / pp_aes_hw_restrict).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "aead/gcm.h"
#include "aead/ghash.h"
#include "aes/aes.h"
#include "aes/aes_hw.h"
#include "common/pp_util.h"
#include "json.h"
#include "test_util.h"

static unsigned expect_hw;  /* the GHASH backend a new context must pick */

/* ---- helpers ---------------------------------------------------------- */

/* Feed len bytes through encrypt (dec = 0) or decrypt in random chunks,
 * sometimes empty. */
static void stream_data(pp_gcm_ctx *c, int dec, const uint8_t *in, uint8_t *out, size_t len)
{
    while (len > 0) {
        size_t n = test_rng_range(0, 3) == 0 ? test_rng_range(0, len) : test_rng_range(0, 20);
        if (n > len) {
            n = len;
        }
        CHECK_STATUS(dec ? pp_gcm_decrypt(c, in, out, n) : pp_gcm_encrypt(c, in, out, n),
                     PSA_SUCCESS);
        in += n;
        out += n;
        len -= n;
    }
}

static void stream_aad(pp_gcm_ctx *c, const uint8_t *aad, size_t len)
{
    while (len > 0) {
        size_t n = test_rng_range(0, 3) == 0 ? test_rng_range(0, len) : test_rng_range(0, 20);
        if (n > len) {
            n = len;
        }
        CHECK_STATUS(pp_gcm_aad(c, aad, n), PSA_SUCCESS);
        aad += n;
        len -= n;
    }
}

static const EVP_CIPHER *evp_gcm(size_t key_len)
{
    return key_len == 16 ? EVP_aes_128_gcm() : key_len == 24 ? EVP_aes_192_gcm()
                                                             : EVP_aes_256_gcm();
}

/* OpenSSL's AES-GCM, fed in random chunks too. dec: tag is checked. */
static int ossl_gcm(int dec, const uint8_t *key, size_t key_len, const uint8_t *iv, size_t iv_len,
                    const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out,
                    size_t len, uint8_t *tag, size_t tag_len)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int l = 0, ok = 1;
    size_t done = 0;
    uint8_t tail[16];
    CHECK(EVP_CipherInit_ex(ctx, evp_gcm(key_len), NULL, NULL, NULL, dec ? 0 : 1) == 1);
    CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, (int)iv_len, NULL) == 1);
    CHECK(EVP_CipherInit_ex(ctx, NULL, NULL, key, iv, dec ? 0 : 1) == 1);
    if (aad_len > 0) {
        CHECK(EVP_CipherUpdate(ctx, NULL, &l, aad, (int)aad_len) == 1);
    }
    while (done < len) {
        size_t n = test_rng_range(1, len - done);
        CHECK(EVP_CipherUpdate(ctx, out + done, &l, in + done, (int)n) == 1);
        CHECK((size_t)l == n);
        done += n;
    }
    if (dec) {
        CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, (int)tag_len, tag) == 1);
    }
    ok = EVP_CipherFinal_ex(ctx, tail, &l) == 1;
    if (!dec) {
        CHECK(ok);
        CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, (int)tag_len, tag) == 1);
    }
    EVP_CIPHER_CTX_free(ctx);
    return ok;
}

/* ---- the GCM specification's test cases ------------------------------- */

struct spec_case {
    const char *key, *iv, *aad, *pt, *ct, *tag;
};

#define K128 "feffe9928665731c6d6a8f9467308308"
#define PT60 "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72" \
             "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
#define PT64 PT60 "1aafd255"
#define AAD20 "feedfacedeadbeeffeedfacedeadbeefabaddad2"
#define IV12 "cafebabefacedbaddecaf888"
#define IV8 "cafebabefacedbad"
#define IV60 "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728" \
             "c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b"
#define Z16 "00000000000000000000000000000000"
#define Z12 "000000000000000000000000"

static const struct spec_case spec[18] = {
    /* 1 */ {Z16, Z12, "", "", "", "58e2fccefa7e3061367f1d57a4e7455a"},
    /* 2 */ {Z16, Z12, "", Z16, "0388dace60b6a392f328c2b971b2fe78", "ab6e47d42cec13bdf53a67b21257bddf"},
    /* 3 */ {K128, IV12, "", PT64,
             "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
             "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
             "4d5c2af327cd64a62cf35abd2ba6fab4"},
    /* 4 */ {K128, IV12, AAD20, PT60,
             "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
             "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
             "5bc94fbc3221a5db94fae95ae7121a47"},
    /* 5 */ {K128, IV8, AAD20, PT60,
             "61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c7423"
             "73806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598",
             "3612d2e79e3b0785561be14aaca2fccb"},
    /* 6 */ {K128, IV60, AAD20, PT60,
             "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca7"
             "01e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5",
             "619cc5aefffe0bfa462af43c1699d050"},
    /* 7 */ {Z16 "0000000000000000", Z12, "", "", "", "cd33b28ac773f74ba00ed1f312572435"},
    /* 8 */ {Z16 "0000000000000000", Z12, "", Z16, "98e7247c07f0fe411c267e4384b0f600",
             "2ff58d80033927ab8ef4d4587514f0fb"},
    /* 9 */ {K128 "feffe9928665731c", IV12, "", PT64,
             "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c"
             "7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710acade256",
             "9924a7c8587336bfb118024db8674a14"},
    /* 10 */ {K128 "feffe9928665731c", IV12, AAD20, PT60,
              "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c"
              "7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710",
              "2519498e80f1478f37ba55bd6d27618c"},
    /* 11 */ {K128 "feffe9928665731c", IV8, AAD20, PT60,
              "0f10f599ae14a154ed24b36e25324db8c566632ef2bbb34f8347280fc4507057"
              "fddc29df9a471f75c66541d4d4dad1c9e93a19a58e8b473fa0f062f7",
              "65dcc57fcf623a24094fcca40d3533f8"},
    /* 12 */ {K128 "feffe9928665731c", IV60, AAD20, PT60,
              "d27e88681ce3243c4830165a8fdcf9ff1de9a1d8e6b447ef6ef7b79828666e45"
              "81e79012af34ddd9e2f037589b292db3e67c036745fa22e7e9b7373b",
              "dcf566ff291c25bbb8568fc3d376a6d9"},
    /* 13 */ {Z16 Z16, Z12, "", "", "", "530f8afbc74536b9a963b4f1c4cb738b"},
    /* 14 */ {Z16 Z16, Z12, "", Z16, "cea7403d4d606b6e074ec5d3baf39d18",
              "d0d1c8a799996bf0265b98b5d48ab919"},
    /* 15 */ {K128 K128, IV12, "", PT64,
              "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
              "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad",
              "b094dac5d93471bdec1a502270e3cc6c"},
    /* 16 */ {K128 K128, IV12, AAD20, PT60,
              "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
              "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
              "76fc6ece0f4e1768cddf8853bb2d551b"},
    /* 17 */ {K128 K128, IV8, AAD20, PT60,
              "c3762df1ca787d32ae47c13bf19844cbaf1ae14d0b976afac52ff7d79bba9de0"
              "feb582d33934a4f0954cc2363bc73f7862ac430e64abe499f47c9b1f",
              "3a337dbf46a792c45e454913fe2ea8f2"},
    /* 18 */ {K128 K128, IV60, AAD20, PT60,
              "5a8def2f0c9e53f1f75d7853659e2a20eeb2b22aafde6419a058ab4f6f746bf4"
              "0fc0c3b780f244452da3ebf1c5d82cdea2418997200ef82e44ae7e3f",
              "a44a8266ee1c8eb0c8b5d4cf5ae9f19a"},
};

static void test_spec(void)
{
    size_t i, j;
    for (i = 0; i < 18; i++) {
        uint8_t key[32], iv[64], aad[32], pt[64], ct[64], tag[16], buf[64], t[16], tmp[64];
        size_t kl = test_hex_to(spec[i].key, key, sizeof key);
        size_t il = test_hex_to(spec[i].iv, iv, sizeof iv);
        size_t al = test_hex_to(spec[i].aad, aad, sizeof aad);
        size_t pl = test_hex_to(spec[i].pt, pt, sizeof pt);
        size_t cl = test_hex_to(spec[i].ct, ct, sizeof ct);
        pp_aes_key k;
        pp_gcm_ctx c;

        CHECK(test_hex_to(spec[i].tag, tag, sizeof tag) == 16 && cl == pl);
        CHECK_STATUS(pp_aes_set_key(&k, key, kl), PSA_SUCCESS);
        /* one-shot, then back in place */
        CHECK_STATUS(pp_gcm_encrypt_oneshot(&k, iv, il, aad, al, pt, buf, pl, t, 16), PSA_SUCCESS);
        CHECK_MEM(buf, ct, pl);
        CHECK_MEM(t, tag, 16);
        CHECK_STATUS(pp_gcm_decrypt_oneshot(&k, iv, il, aad, al, buf, buf, pl, t, 16), PSA_SUCCESS);
        CHECK_MEM(buf, pt, pl);
        /* byte by byte through the context, key bytes given */
        CHECK_STATUS(pp_gcm_init_key(&c, key, kl, iv, il), PSA_SUCCESS);
        CHECK(c.ghash.hw == expect_hw);
        for (j = 0; j < al; j++) CHECK_STATUS(pp_gcm_aad(&c, aad + j, 1), PSA_SUCCESS);
        for (j = 0; j < pl; j++) CHECK_STATUS(pp_gcm_encrypt(&c, pt + j, buf + j, 1), PSA_SUCCESS);
        CHECK_STATUS(pp_gcm_finish(&c, t), PSA_SUCCESS);
        CHECK_MEM(buf, ct, pl);
        CHECK_MEM(t, tag, 16);
        /* every single-bit change of the tag is refused, both forms */
        for (j = 0; j < 16; j++) {
            memcpy(t, tag, 16);
            t[j] ^= (uint8_t)(1u << (j & 7u));
            memcpy(buf, ct, pl);
            CHECK_STATUS(pp_gcm_decrypt_oneshot(&k, iv, il, aad, al, buf, buf, pl, t, 16),
                         PSA_ERROR_INVALID_SIGNATURE);
            memset(tmp, 0, sizeof tmp);
            CHECK_MEM(buf, tmp, pl); /* no plaintext released */
            memcpy(buf, ct, pl);
            CHECK_STATUS(pp_gcm_init(&c, &k, iv, il), PSA_SUCCESS);
            stream_aad(&c, aad, al);
            stream_data(&c, 1, buf, buf, pl);
            CHECK_MEM(buf, pt, pl);
            CHECK_STATUS(pp_gcm_verify(&c, t, 16), PSA_ERROR_INVALID_SIGNATURE);
            CHECK(c.state == 0);
        }
        pp_aes_wipe(&k);
    }
}

/* ---- Wycheproof ------------------------------------------------------- */

static uint8_t *wy_hex(const json_value *tc, const char *name, size_t *len)
{
    return test_hex_decode(json_str(json_get(tc, name)), len);
}

/* One case; returns 1 when our verdict agrees with `result`. */
static int wy_case(const json_value *tc, size_t tag_bytes)
{
    size_t kl, il, al, ml, cl, tl;
    uint8_t *key = wy_hex(tc, "key", &kl), *iv = wy_hex(tc, "iv", &il);
    uint8_t *aad = wy_hex(tc, "aad", &al), *msg = wy_hex(tc, "msg", &ml);
    uint8_t *ct = wy_hex(tc, "ct", &cl), *tag = wy_hex(tc, "tag", &tl);
    uint8_t *out = malloc(ml + 1), t[16];
    int valid = strcmp(json_str(json_get(tc, "result")), "valid") == 0, agree = 0;
    pp_aes_key k;
    pp_gcm_ctx c;
    psa_status_t st;

    CHECK_STATUS(pp_aes_set_key(&k, key, kl), PSA_SUCCESS);
    st = pp_gcm_init(&c, &k, iv, il);
    if (il == 0) {
        /* SP 800-38D 5.2.1.1: len(IV) >= 1. */
        agree = !valid && st == PSA_ERROR_INVALID_ARGUMENT && c.state == 0 &&
                pp_gcm_encrypt_oneshot(&k, iv, il, aad, al, msg, out, ml, t, 16) ==
                    PSA_ERROR_INVALID_ARGUMENT;
    } else if (st == PSA_SUCCESS && tl == tag_bytes && cl == ml) {
        int enc_ok, dec_ok, stream_ok;
        stream_aad(&c, aad, al);
        stream_data(&c, 0, msg, out, ml);
        enc_ok = pp_gcm_finish(&c, t) == PSA_SUCCESS && memcmp(out, ct, ml) == 0 &&
                 memcmp(t, tag, tl) == 0;
        st = pp_gcm_decrypt_oneshot(&k, iv, il, aad, al, ct, out, ml, tag, tl);
        dec_ok = st == PSA_SUCCESS && memcmp(out, msg, ml) == 0;
        CHECK(st == PSA_SUCCESS || st == PSA_ERROR_INVALID_SIGNATURE);
        CHECK_STATUS(pp_gcm_init(&c, &k, iv, il), PSA_SUCCESS);
        stream_aad(&c, aad, al);
        memcpy(out, ct, ml);
        stream_data(&c, 1, out, out, ml);
        st = pp_gcm_verify(&c, tag, tl);
        stream_ok = st == PSA_SUCCESS;
        CHECK(st == PSA_SUCCESS || st == PSA_ERROR_INVALID_SIGNATURE);
        agree = valid ? enc_ok && dec_ok && stream_ok : !enc_ok && !dec_ok && !stream_ok;
    }
    pp_aes_wipe(&k);
    free(key); free(iv); free(aad); free(msg); free(ct); free(tag); free(out);
    return agree;
}

static void test_wycheproof(void)
{
    json_value *root = json_parse_file(test_data_path("vectors/wycheproof/aes_gcm_test.json"));
    const json_value *groups = json_get(root, "testGroups");
    size_t g, t, cases = 0, valid = 0, invalid = 0;

    for (g = 0; g < json_len(groups); g++) {
        const json_value *group = json_at(groups, g);
        const json_value *tests = json_get(group, "tests");
        size_t tag_bytes = (size_t)json_int(json_get(group, "tagSize")) / 8u;
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            int ok = wy_case(tc, tag_bytes);
            if (!CHECK(ok)) {
                printf("  Wycheproof tcId %lld (%s) disagrees\n", json_int(json_get(tc, "tcId")),
                       json_str(json_get(tc, "result")));
            }
            if (strcmp(json_str(json_get(tc, "result")), "valid") == 0) {
                valid++;
            } else {
                invalid++;
            }
            cases++;
        }
    }
    CHECK(cases == (size_t)json_int(json_get(root, "numberOfTests")));
    CHECK(cases == 316 && valid == 229 && invalid == 87);
    json_free(root);
}

/* ---- random cross-checks with OpenSSL ---------------------------------- */

static void test_openssl(unsigned rounds)
{
    static uint8_t pt[600], ct[600], ref[600], buf[600], aad[600];
    unsigned r;
    for (r = 0; r < rounds; r++) {
        size_t kl = 16u + 8u * test_rng_range(0, 2);
        size_t il = r % 4 == 0 ? 12 : test_rng_range(1, 64);
        size_t al = test_rng_range(0, 600), pl = test_rng_range(0, 600);
        size_t tl = test_rng_range(4, 16);
        uint8_t key[32], iv[64], tag[16], reft[16], t[16];
        pp_aes_key k;
        pp_gcm_ctx c;

        if (r % 8 == 1) al = 0;
        if (r % 8 == 2) pl = 0;
        test_rng_bytes(key, sizeof key);
        test_rng_bytes(iv, sizeof iv);
        test_rng_bytes(aad, al);
        test_rng_bytes(pt, pl);
        ossl_gcm(0, key, kl, iv, il, aad, al, pt, ref, pl, reft, 16);
        CHECK_STATUS(pp_aes_set_key(&k, key, kl), PSA_SUCCESS);

        /* streaming encryption in place */
        memcpy(buf, pt, pl);
        CHECK_STATUS(pp_gcm_init(&c, &k, iv, il), PSA_SUCCESS);
        stream_aad(&c, aad, al);
        stream_data(&c, 0, buf, buf, pl);
        CHECK_STATUS(pp_gcm_finish(&c, tag), PSA_SUCCESS);
        CHECK_MEM(buf, ref, pl);
        CHECK_MEM(tag, reft, 16);
        /* one-shot with a truncated tag, OpenSSL decrypts it */
        CHECK_STATUS(pp_gcm_encrypt_oneshot(&k, iv, il, aad, al, pt, ct, pl, t, tl), PSA_SUCCESS);
        CHECK_MEM(ct, ref, pl);
        CHECK_MEM(t, reft, tl);
        CHECK(ossl_gcm(1, key, kl, iv, il, aad, al, ct, buf, pl, t, tl));
        CHECK_MEM(buf, pt, pl);
        /* streaming decryption in place, truncated tag verified */
        memcpy(buf, ct, pl);
        CHECK_STATUS(pp_gcm_init(&c, &k, iv, il), PSA_SUCCESS);
        stream_aad(&c, aad, al);
        stream_data(&c, 1, buf, buf, pl);
        CHECK_MEM(buf, pt, pl);
        CHECK_STATUS(pp_gcm_verify(&c, t, tl), PSA_SUCCESS);
        /* one-shot decryption into a separate buffer */
        memset(buf, 0, pl);
        CHECK_STATUS(pp_gcm_decrypt_oneshot(&k, iv, il, aad, al, ct, buf, pl, t, tl),
                     PSA_SUCCESS);
        CHECK_MEM(buf, pt, pl);
        /* a changed ciphertext, AAD or tag byte is refused */
        if (pl > 0) {
            size_t at = test_rng_range(0, pl - 1);
            ct[at] ^= 0x80;
            memset(buf, 0xa5, pl);
            CHECK_STATUS(pp_gcm_decrypt_oneshot(&k, iv, il, aad, al, ct, buf, pl, t, tl),
                         PSA_ERROR_INVALID_SIGNATURE);
            memset(ref, 0, pl);
            CHECK_MEM(buf, ref, pl); /* cleared, no plaintext released */
            ct[at] ^= 0x80;
        }
        if (al > 0) {
            size_t at = test_rng_range(0, al - 1);
            aad[at] ^= 0x01;
            CHECK_STATUS(pp_gcm_decrypt_oneshot(&k, iv, il, aad, al, ct, buf, pl, t, tl),
                         PSA_ERROR_INVALID_SIGNATURE);
            aad[at] ^= 0x01;
        }
        {
            size_t at = test_rng_range(0, tl - 1);
            t[at] ^= 0x10;
            CHECK_STATUS(pp_gcm_init(&c, &k, iv, il), PSA_SUCCESS);
            stream_aad(&c, aad, al);
            stream_data(&c, 1, ct, buf, pl);
            CHECK_STATUS(pp_gcm_verify(&c, t, tl), PSA_ERROR_INVALID_SIGNATURE);
        }
        pp_aes_wipe(&k);
    }
}

/* ---- call order, limits, tag lengths ---------------------------------- */

static void test_misuse(void)
{
    uint8_t key[16] = {1}, iv[12] = {2}, data[32] = {3}, tag[16];
    pp_aes_key k;
    pp_gcm_ctx c, c2;

    memset(&c, 0, sizeof c);
    CHECK_STATUS(pp_gcm_aad(&c, data, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_gcm_encrypt(&c, data, data, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_gcm_finish(&c, tag), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_gcm_verify(&c, tag, 16), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_aes_set_key(&k, key, 16), PSA_SUCCESS);

    CHECK_STATUS(pp_gcm_init(&c, &k, iv, 0), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(c.state == 0);
    CHECK_STATUS(pp_gcm_init_key(&c, key, 15, iv, 12), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(c.state == 0);
    CHECK_STATUS(pp_gcm_encrypt_oneshot(&k, iv, 12, NULL, 0, data, data, 0, tag, 3),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_gcm_encrypt_oneshot(&k, iv, 12, NULL, 0, data, data, 0, tag, 17),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_gcm_decrypt_oneshot(&k, iv, 12, NULL, 0, data, data, 0, tag, 3),
                 PSA_ERROR_INVALID_ARGUMENT);

    /* empty inputs may be NULL (PSA passes NULL with length 0) */
    CHECK_STATUS(pp_gcm_init(&c, &k, iv, 12), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_aad(&c, data, 3), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_aad(&c, NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_encrypt(&c, data, data, 5), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_encrypt(&c, NULL, NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_decrypt(&c, NULL, NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_finish(&c, tag), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_encrypt_oneshot(&k, iv, 12, NULL, 0, NULL, NULL, 0, tag, 16),
                 PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_decrypt_oneshot(&k, iv, 12, NULL, 0, NULL, NULL, 0, tag, 16),
                 PSA_SUCCESS);
    tag[0] ^= 1;
    CHECK_STATUS(pp_gcm_decrypt_oneshot(&k, iv, 12, NULL, 0, NULL, NULL, 0, tag, 16),
                 PSA_ERROR_INVALID_SIGNATURE);

    /* no AAD once data started; nothing after finish */
    CHECK_STATUS(pp_gcm_init(&c, &k, iv, 12), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_aad(&c, data, 5), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_encrypt(&c, data, data, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_aad(&c, data, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_gcm_aad(&c, data, 0), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_gcm_finish(&c, tag), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_finish(&c, tag), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_gcm_encrypt(&c, data, data, 1), PSA_ERROR_BAD_STATE);
    /* verify with a bad length wipes and refuses */
    CHECK_STATUS(pp_gcm_init(&c, &k, iv, 12), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_verify(&c, tag, 3), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(c.state == 0);
    CHECK_STATUS(pp_gcm_init(&c, &k, iv, 12), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_verify(&c, tag, 17), PSA_ERROR_INVALID_ARGUMENT);

    /* SP 800-38D 5.2.1.1 limits, with the byte counters set near them:
     * plaintext 2^36 - 32 bytes, AAD 2^61 - 1 bytes. A refused call
     * changes nothing. */
    CHECK_STATUS(pp_gcm_init(&c, &k, iv, 12), PSA_SUCCESS);
    c.aad_len = (((uint64_t)1) << 61) - 4u;
    c2 = c;
    CHECK_STATUS(pp_gcm_aad(&c, data, 4), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(memcmp(&c, &c2, sizeof c) == 0);
    CHECK_STATUS(pp_gcm_aad(&c, data, 3), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_aad(&c, data, 1), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_gcm_aad(&c, data, 0), PSA_SUCCESS);
    c.data_len = (((uint64_t)1) << 36) - 32u - 17u;
    c2 = c;
    CHECK_STATUS(pp_gcm_encrypt(&c, data, data, 18), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(memcmp(&c, &c2, sizeof c) == 0);
    CHECK_STATUS(pp_gcm_encrypt(&c, data, data, 17), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_encrypt(&c, data, data, 1), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_gcm_decrypt(&c, data, data, 1), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_gcm_encrypt(&c, data, data, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_finish(&c, tag), PSA_SUCCESS);
#if SIZE_MAX > 0xffffffffu
    CHECK_STATUS(pp_gcm_init(&c, &k, iv, (size_t)1 << 61), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_gcm_encrypt_oneshot(&k, iv, 12, NULL, 0, data, data,
                                        ((size_t)1 << 36) - 31u, tag, 16),
                 PSA_ERROR_INVALID_ARGUMENT);
#endif
    pp_gcm_abort(&c);
    pp_aes_wipe(&k);
}

/* The counter wrap against a direct computation: with a 16-byte IV (inc32
 * counters) the low counter word is forced to 2^32 - 5 after init, so
 * block 6 uses low word 0 with the upper 96 bits unchanged (SP 800-38D
 * 6.2). 20 blocks in one call (the 8-block pass of the PCLMULQDQ path
 * crosses the wrap) and in random chunks; the next counter is checked. */
static void test_counter_wrap(void)
{
    uint8_t key[16], iv[16], pt[320], ct[320], cb[16], ks[16];
    pp_aes_key k;
    pp_gcm_ctx c;
    size_t i, j, way;

    test_rng_bytes(key, sizeof key);
    test_rng_bytes(iv, sizeof iv);
    test_rng_bytes(pt, sizeof pt);
    CHECK_STATUS(pp_aes_set_key(&k, key, 16), PSA_SUCCESS);
    for (way = 0; way < 2; way++) {
        CHECK_STATUS(pp_gcm_init(&c, &k, iv, 16), PSA_SUCCESS);
        pp_store_be32(c.ctr + 12, 0xfffffffbu);
        memcpy(cb, c.ctr, 16);
        if (way == 0) {
            CHECK_STATUS(pp_gcm_encrypt(&c, pt, ct, sizeof pt), PSA_SUCCESS);
        } else {
            stream_data(&c, 0, pt, ct, sizeof pt);
        }
        for (i = 0; i < sizeof pt / 16; i++) {
            pp_aes_ecb_encrypt(&k, cb, ks, 1);
            for (j = 0; j < 16; j++) CHECK(ct[16 * i + j] == (uint8_t)(pt[16 * i + j] ^ ks[j]));
            pp_store_be32(cb + 12, pp_load_be32(cb + 12) + 1u);
        }
        CHECK_MEM(c.ctr, cb, 16);
        pp_gcm_abort(&c);
    }
    pp_aes_wipe(&k);
}

/* Long messages (the 8-block pass many times, the tail after it) against
 * OpenSSL, one call each way, in place. */
static void test_long(void)
{
    static uint8_t pt[5000], ct[5000], ref[5000];
    uint8_t key[32], iv[12], tag[16], reft[16], aad[20];
    size_t lens[4] = {128, 1024, 4096 + 80, 5000}, i;
    pp_aes_key k;
    pp_gcm_ctx c;

    for (i = 0; i < 4; i++) {
        size_t kl = 16u + 8u * (i % 3u), n = lens[i];
        test_rng_bytes(key, sizeof key);
        test_rng_bytes(iv, sizeof iv);
        test_rng_bytes(aad, sizeof aad);
        test_rng_bytes(pt, n);
        ossl_gcm(0, key, kl, iv, 12, aad, sizeof aad, pt, ref, n, reft, 16);
        CHECK_STATUS(pp_aes_set_key(&k, key, kl), PSA_SUCCESS);
        memcpy(ct, pt, n);
        CHECK_STATUS(pp_gcm_init(&c, &k, iv, 12), PSA_SUCCESS);
        CHECK_STATUS(pp_gcm_aad(&c, aad, sizeof aad), PSA_SUCCESS);
        CHECK_STATUS(pp_gcm_encrypt(&c, ct, ct, n), PSA_SUCCESS);
        CHECK_STATUS(pp_gcm_finish(&c, tag), PSA_SUCCESS);
        CHECK_MEM(ct, ref, n);
        CHECK_MEM(tag, reft, 16);
        CHECK_STATUS(pp_gcm_init(&c, &k, iv, 12), PSA_SUCCESS);
        CHECK_STATUS(pp_gcm_aad(&c, aad, sizeof aad), PSA_SUCCESS);
        CHECK_STATUS(pp_gcm_decrypt(&c, ct, ct, n), PSA_SUCCESS);
        CHECK_STATUS(pp_gcm_verify(&c, tag, 16), PSA_SUCCESS);
        CHECK_MEM(ct, pt, n);
        pp_aes_wipe(&k);
    }
}

#if PP_GHASH_HW_X86
/* Both GHASH backends give the same Y for random H, Y and data. */
static void test_ghash_paths(void)
{
    uint8_t h[16], data[16 * 40];
    unsigned r;
    for (r = 0; r < 200; r++) {
        pp_ghash_key k;
        uint64_t y1[2], y2[2];
        size_t n = test_rng_range(0, 40), i;
        test_rng_bytes(h, sizeof h);
        test_rng_bytes(data, sizeof data);
        if (r == 0) memset(h, 0, sizeof h);
        if (r == 1) memset(h, 0xff, sizeof h);
        y1[0] = y2[0] = test_rng_u64();
        y1[1] = y2[1] = test_rng_u64();
        pp_ghash_set_key(&k, h);
        CHECK(k.hw == 1);
        pp_ghash_x86_blocks(&k, y1, data, n);
        pp_ghash_ct64_blocks(k.h[0], y2, data, n);
        CHECK(y1[0] == y2[0] && y1[1] == y2[1]);
        /* hw = 1 stores H^2..H^4; complete adds H^5..H^8 (hw = 2), and the
         * eight-block aggregation gives the same Y again */
        for (i = 1; i < 4; i++) {
            uint64_t p[2] = {k.h[i - 1][0], k.h[i - 1][1]};
            pp_ghash_ct64_mul(p, k.h[0]);
            CHECK(p[0] == k.h[i][0] && p[1] == k.h[i][1]);
        }
        pp_ghash_x86_complete(&k);
        CHECK(k.hw == 2);
        pp_ghash_x86_blocks(&k, y1, data, n);
        pp_ghash_ct64_blocks(k.h[0], y2, data, n);
        CHECK(y1[0] == y2[0] && y1[1] == y2[1]);
        for (i = 1; i < 8; i++) {
            uint64_t p[2] = {k.h[i - 1][0], k.h[i - 1][1]};
            pp_ghash_ct64_mul(p, k.h[0]);
            CHECK(p[0] == k.h[i][0] && p[1] == k.h[i][1]);
        }
        pp_ghash_wipe(&k);
    }
}
#endif

/* The two portable GHASH backends (ghash_ct64.c, ghash_ct32.c), both
 * compiled in every build, give the same Y for random H, Y and data, and
 * the same single products (sparse, all-ones and random operands). */
static void test_ghash_portable(void)
{
    uint8_t h[16], data[16 * 40];
    unsigned r;
    for (r = 0; r < 2000; r++) {
        uint64_t hk[2], y1[2], y2[2], p1[2], p2[2];
        size_t n = test_rng_range(0, 40);
        test_rng_bytes(h, sizeof h);
        test_rng_bytes(data, sizeof data);
        if (r == 0) memset(h, 0, sizeof h);
        if (r == 1) memset(h, 0xff, sizeof h);
        if (r == 2) memset(data, 0xff, sizeof data);
        if (r >= 3 && r < 131) { /* H = x^(r - 3): one bit set */
            memset(h, 0, sizeof h);
            h[(r - 3) / 8] = (uint8_t)(0x80u >> ((r - 3) % 8));
        }
        hk[0] = pp_load_be64(h);
        hk[1] = pp_load_be64(h + 8);
        y1[0] = y2[0] = r == 2 ? ~(uint64_t)0 : test_rng_u64();
        y1[1] = y2[1] = r == 2 ? ~(uint64_t)0 : test_rng_u64();
        p1[0] = p2[0] = y1[0];
        p1[1] = p2[1] = y1[1];
        pp_ghash_ct64_mul(p1, hk);
        pp_ghash_ct32_mul(p2, hk);
        CHECK(p1[0] == p2[0] && p1[1] == p2[1]);
        pp_ghash_ct64_blocks(hk, y1, data, n);
        pp_ghash_ct32_blocks(hk, y2, data, n);
        CHECK(y1[0] == y2[0] && y1[1] == y2[1]);
    }
}

static void run_all(const char *label, unsigned hw)
{
    printf("-- %s\n", label);
    expect_hw = hw;
    test_spec();
    test_wycheproof();
    test_openssl(400);
    test_misuse();
    test_counter_wrap();
    test_long();
}

int main(void)
{
    test_rng_seed(0x6c6d);
    test_ghash_portable();
#if PP_GHASH_HW_X86
    if (pp_ghash_hw_available()) {
        run_all("PCLMULQDQ GHASH", 1);
        test_ghash_paths();
    } else {
        printf("PCLMULQDQ absent: portable GHASH only\n");
    }
    pp_ghash_hw_restrict(0);
#endif
    run_all(PICOPSA_GHASH_BACKEND == PICOPSA_GHASH_CT32 ? "portable GHASH (ct32)" : "portable GHASH (ct64)", 0);
#if PP_AES_HW_X86
    pp_aes_hw_restrict(0);
    run_all("portable GHASH, portable AES", 0);
#endif
    return test_report("gcm");
}
