/*
 * test_ccm.c -- AES-CCM (src/aead/ccm.c) through the internal API:
 *  - RFC 3610 section 8, packet vectors 1-24 (AES-128, 13-byte nonces,
 *    M = 8 and 10), encrypted and decrypted, one-shot, byte by byte and
 *    in place;
 *  - NIST SP 800-38C Appendix C, examples 1-4 (example 4: 2^16 bytes of
 *    AAD, the 6-byte AAD length encoding);
 *  - every case of Wycheproof aes_ccm_test.json: valid cases must give ct
 *    and tag and verify; invalid ones (modified tags, nonce sizes outside
 *    7..13, tag sizes not in 4..16 even) must be refused;
 *  - on x86-64 hosts all of it on AES-NI, then the vectors, the OpenSSL
 *    checks and the rules again on the portable AES backend;
 *  - OpenSSL 3 EVP aes-{128,192,256}-ccm with random nonce lengths 7..13,
 *    tag lengths 4..16, AAD 0..80 and payload 0..700 bytes, fed in random
 *    chunks (empty ones included), in place, both directions;
 *  - wrong tags, truncated tags, the length rules (more or less AAD or
 *    payload than declared, the payload limit 2^(8L) - 1 for L = 2),
 *    calls out of order, bad parameters.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "aead/ccm.h"
#include "aes/aes_hw.h"
#include "json.h"
#include "test_util.h"

/* One whole CCM operation; chunk = 0 feeds each string in one call,
 * chunk = 1 in random pieces of 0..40 bytes. For decryption the return
 * value is the verify status. */
static psa_status_t ccm_run(const uint8_t *key, size_t key_len, const uint8_t *nonce,
                            size_t nonce_len, const uint8_t *ad, size_t ad_len,
                            const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                            size_t tag_len, int encrypt, int chunk)
{
    pp_ccm_ctx ctx;
    psa_status_t st;
    size_t off;

    st = pp_ccm_setup(&ctx, key, key_len, tag_len, encrypt);
    if (st != PSA_SUCCESS) {
        return st;
    }
    st = pp_ccm_start(&ctx, nonce, nonce_len, ad_len, len);
    if (st != PSA_SUCCESS) {
        pp_ccm_wipe(&ctx);
        return st;
    }
    off = 0;
    do {
        size_t n = chunk ? test_rng_range(0, 40) : ad_len;
        if (n > ad_len - off) {
            n = ad_len - off;
        }
        CHECK_STATUS(pp_ccm_update_ad(&ctx, ad == NULL ? ad : ad + off, n), PSA_SUCCESS);
        off += n;
    } while (off < ad_len);
    for (off = 0; off < len;) {
        size_t n = chunk ? test_rng_range(0, 40) : len;
        if (n > len - off) {
            n = len - off;
        }
        CHECK_STATUS(pp_ccm_update(&ctx, in + off, out + off, n), PSA_SUCCESS);
        off += n;
    }
    if (encrypt) {
        return pp_ccm_finish(&ctx, tag);
    }
    return pp_ccm_verify(&ctx, tag, tag_len);
}

/* Encrypt, compare, decrypt, compare, three ways (one call, random
 * chunks, in place). want = ciphertext || tag. */
static int check_vector(const uint8_t *key, size_t key_len, const uint8_t *nonce,
                        size_t nonce_len, const uint8_t *ad, size_t ad_len, const uint8_t *pt,
                        size_t len, const uint8_t *want, size_t tag_len)
{
    uint8_t *buf = malloc(len + 16), tag[16];
    int ok = 1, mode;

    for (mode = 0; mode < 3; mode++) {
        const uint8_t *src = pt;
        if (mode == 2) {
            memcpy(buf, pt, len);
            src = buf;
        }
        memset(tag, 0, sizeof(tag));
        ok &= CHECK_STATUS(ccm_run(key, key_len, nonce, nonce_len, ad, ad_len, src, len, buf, tag,
                                   tag_len, 1, mode == 1), PSA_SUCCESS);
        ok &= CHECK_MEM(buf, want, len);
        ok &= CHECK_MEM(tag, want + len, tag_len);
        if (mode != 2) {
            memcpy(buf, want, len);
        }
        ok &= CHECK_STATUS(ccm_run(key, key_len, nonce, nonce_len, ad, ad_len, buf, len, buf,
                                   tag, tag_len, 0, mode == 1), PSA_SUCCESS);
        ok &= CHECK_MEM(buf, pt, len);
        /* A flipped tag bit is refused. */
        memcpy(buf, want, len);
        tag[tag_len - 1] ^= 0x80;
        ok &= CHECK_STATUS(ccm_run(key, key_len, nonce, nonce_len, ad, ad_len, buf, len, buf,
                                   tag, tag_len, 0, mode == 1), PSA_ERROR_INVALID_SIGNATURE);
    }
    free(buf);
    return ok;
}

/* ---- RFC 3610 section 8 ------------------------------------------------ */

struct rfc_vec {
    const char *nonce, *aad, *msg, *out; /* out = ciphertext || tag */
    unsigned m;
};

/* Key C0..CF for packets 1-12, D7828D13... for 13-24. */
static const struct rfc_vec rfc3610[24] = {
    { "00000003020100A0A1A2A3A4A5", "0001020304050607",
      "08090A0B0C0D0E0F101112131415161718191A1B1C1D1E",
      "588C979A61C663D2F066D0C2C0F989806D5F6B61DAC38417E8D12CFDF926E0", 8 },
    { "00000004030201A0A1A2A3A4A5", "0001020304050607",
      "08090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
      "72C91A36E135F8CF291CA894085C87E3CC15C439C9E43A3BA091D56E10400916", 8 },
    { "00000005040302A0A1A2A3A4A5", "0001020304050607",
      "08090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F20",
      "51B1E5F44A197D1DA46B0F8E2D282AE871E838BB64DA8596574ADAA76FBD9FB0C5", 8 },
    { "00000006050403A0A1A2A3A4A5", "000102030405060708090A0B",
      "0C0D0E0F101112131415161718191A1B1C1D1E",
      "A28C6865939A9A79FAAA5C4C2A9D4A91CDAC8C96C861B9C9E61EF1", 8 },
    { "00000007060504A0A1A2A3A4A5", "000102030405060708090A0B",
      "0C0D0E0F101112131415161718191A1B1C1D1E1F",
      "DCF1FB7B5D9E23FB9D4E131253658AD86EBDCA3E51E83F077D9C2D93", 8 },
    { "00000008070605A0A1A2A3A4A5", "000102030405060708090A0B",
      "0C0D0E0F101112131415161718191A1B1C1D1E1F20",
      "6FC1B011F006568B5171A42D953D469B2570A4BD87405A0443AC91CB94", 8 },
    { "00000009080706A0A1A2A3A4A5", "0001020304050607",
      "08090A0B0C0D0E0F101112131415161718191A1B1C1D1E",
      "0135D1B2C95F41D5D1D4FEC185D166B8094E999DFED96C048C56602C97ACBB7490", 10 },
    { "0000000A090807A0A1A2A3A4A5", "0001020304050607",
      "08090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
      "7B75399AC0831DD2F0BBD75879A2FD8F6CAE6B6CD9B7DB24C17B4433F434963F34B4", 10 },
    { "0000000B0A0908A0A1A2A3A4A5", "0001020304050607",
      "08090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F20",
      "82531A60CC24945A4B8279181AB5C84DF21CE7F9B73F42E197EA9C07E56B5EB17E5F4E", 10 },
    { "0000000C0B0A09A0A1A2A3A4A5", "000102030405060708090A0B",
      "0C0D0E0F101112131415161718191A1B1C1D1E",
      "07342594157785152B074098330ABB141B947B566AA9406B4D999988DD", 10 },
    { "0000000D0C0B0AA0A1A2A3A4A5", "000102030405060708090A0B",
      "0C0D0E0F101112131415161718191A1B1C1D1E1F",
      "676BB20380B0E301E8AB79590A396DA78B834934F53AA2E9107A8B6C022C", 10 },
    { "0000000E0D0C0BA0A1A2A3A4A5", "000102030405060708090A0B",
      "0C0D0E0F101112131415161718191A1B1C1D1E1F20",
      "C0FFA0D6F05BDB67F24D43A4338D2AA4BED7B20E43CD1AA31662E7AD65D6DB", 10 },
    { "00412B4EA9CDBE3C9696766CFA", "0BE1A88BACE018B1",
      "08E8CF97D820EA258460E96AD9CF5289054D895CEAC47C",
      "4CB97F86A2A4689A877947AB8091EF5386A6FFBDD080F8E78CF7CB0CDDD7B3", 8 },
    { "0033568EF7B2633C9696766CFA", "63018F76DC8A1BCB",
      "9020EA6F91BDD85AFA0039BA4BAFF9BFB79C7028949CD0EC",
      "4CCB1E7CA981BEFAA0726C55D378061298C85C92814ABC33C52EE81D7D77C08A", 8 },
    { "00103FE41336713C9696766CFA", "AA6CFA36CAE86B40",
      "B916E0EACC1C00D7DCEC68EC0B3BBB1A02DE8A2D1AA346132E",
      "B1D23A2220DDC0AC900D9AA03C61FCF4A559A4417767089708A776796EDB723506", 8 },
    { "00764C63B8058E3C9696766CFA", "D0D0735C531E1BECF049C244",
      "12DAAC5630EFA5396F770CE1A66B21F7B2101C",
      "14D253C3967B70609B7CBB7C499160283245269A6F49975BCADEAF", 8 },
    { "00F8B678094E3B3C9696766CFA", "77B60F011C03E1525899BCAE",
      "E88B6A46C78D63E52EB8C546EFB5DE6F75E9CC0D",
      "5545FF1A085EE2EFBF52B2E04BEE1E2336C73E3F762C0C7744FE7E3C", 8 },
    { "00D560912D3F703C9696766CFA", "CD9044D2B71FDB8120EA60C0",
      "6435ACBAFB11A82E2F071D7CA4A5EBD93A803BA87F",
      "009769ECABDF48625594C59251E6035722675E04C847099E5AE0704551", 8 },
    { "0042FFF8F1951C3C9696766CFA", "D85BC7E69F944FB8",
      "8A19B950BCF71A018E5E6701C91787659809D67DBEDD18",
      "BC218DAA947427B6DB386A99AC1AEF23ADE0B52939CB6A637CF9BEC2408897C6BA", 10 },
    { "00920F40E56CDC3C9696766CFA", "74A0EBC9069F5B37",
      "1761433C37C5A35FC1F39F406302EB907C6163BE38C98437",
      "5810E6FD25874022E80361A478E3E9CF484AB04F447EFFF6F0A477CC2FC9BF548944", 10 },
    { "0027CA0C7120BC3C9696766CFA", "44A3AA3AAE6475CA",
      "A434A8E58500C6E41530538862D686EA9E81301B5AE4226BFA",
      "F2BEED7BC5098E83FEB5B31608F8E29C38819A89C8E776F1544D4151A4ED3A8B87B9CE", 10 },
    { "005B8CCBCD9AF83C9696766CFA", "EC46BB63B02520C33C49FD70",
      "B96B49E21D621741632875DB7F6C9243D2D7C2",
      "31D750A09DA3ED7FDDD49A2032AABF17EC8EBF7D22C8088C666BE5C197", 10 },
    { "003EBE94044B9A3C9696766CFA", "47A65AC78B3D594227E85E71",
      "E2FCFBB880442C731BF95167C8FFD7895E337076",
      "E882F1DBD38CE3EDA7C23F04DD65071EB41342ACDF7E00DCCEC7AE52987D", 10 },
    { "008D493B30AE8B3C9696766CFA", "6E37A6EF546D955D34AB6059",
      "ABF21C0B02FEB88F856DF4A37381BCE3CC128517D4",
      "F32905B88A641B04B9C9FFB58CC390900F3DA12AB16DCE9E82EFA16DA62059", 10 },
};

static void test_rfc3610(void)
{
    uint8_t key[16], nonce[13], aad[12], msg[32], out[48];
    size_t i, passed = 0;

    for (i = 0; i < 24; i++) {
        const struct rfc_vec *v = &rfc3610[i];
        size_t al, ml, ol;
        test_hex_to(i < 12 ? "C0C1C2C3C4C5C6C7C8C9CACBCCCDCECF" : "D7828D13B2B0BDC325A76236DF93CC6B",
                    key, sizeof(key));
        CHECK(test_hex_to(v->nonce, nonce, sizeof(nonce)) == 13);
        al = test_hex_to(v->aad, aad, sizeof(aad));
        ml = test_hex_to(v->msg, msg, sizeof(msg));
        ol = test_hex_to(v->out, out, sizeof(out));
        CHECK(ol == ml + v->m);
        if (check_vector(key, 16, nonce, 13, aad, al, msg, ml, out, v->m)) {
            passed++;
        } else {
            fprintf(stderr, "RFC 3610 packet vector #%zu fails\n", i + 1);
        }
    }
    CHECK(passed == 24);
}

/* ---- SP 800-38C Appendix C --------------------------------------------- */

static void test_sp800_38c(void)
{
    static const struct {
        size_t nlen, alen, plen, tlen;
        const char *out;
    } ex[4] = {
        { 7, 8, 4, 4, "7162015b4dac255d" },
        { 8, 16, 16, 6, "d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccd" },
        { 12, 20, 24, 8, "e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5484392fbc1b09951" },
        { 13, 65536, 32, 14,
          "69915dad1e84c6376a68c2967e4dab615ae0fd1faec44cc484828529463ccf72"
          "b4ac6bec93e8598e7f0dadbcea5b" },
    };
    uint8_t key[16], nonce[13], pt[32], want[48];
    uint8_t *aad = malloc(65536);
    size_t i;

    /* K = 40..4f, N = 10 11 ..., P = 20 21 ..., A = 00 01 ... (C.4:
     * 256 repetitions of 00..ff). */
    for (i = 0; i < 16; i++) key[i] = (uint8_t)(0x40 + i);
    for (i = 0; i < 13; i++) nonce[i] = (uint8_t)(0x10 + i);
    for (i = 0; i < 32; i++) pt[i] = (uint8_t)(0x20 + i);
    for (i = 0; i < 65536; i++) aad[i] = (uint8_t)i;
    for (i = 0; i < 4; i++) {
        size_t ol = test_hex_to(ex[i].out, want, sizeof(want));
        CHECK(ol == ex[i].plen + ex[i].tlen);
        if (!check_vector(key, 16, nonce, ex[i].nlen, aad, ex[i].alen, pt, ex[i].plen, want,
                          ex[i].tlen)) {
            fprintf(stderr, "SP 800-38C example C.%zu fails\n", i + 1);
        }
    }
    free(aad);
}

/* ---- Wycheproof -------------------------------------------------------- */

static uint8_t *wy_hex(const json_value *tc, const char *name, size_t *len)
{
    return test_hex_decode(json_str(json_get(tc, name)), len);
}

/* 1 when our verdict agrees with the case's result. Encryption must give
 * ct || tag exactly for valid cases; decryption of (ct, tag) must succeed
 * exactly for valid cases. Invalid parameters must be refused by setup or
 * start. */
static int wy_case(const json_value *tc, size_t tag_bytes, size_t *refused_params)
{
    size_t kl, nl, al, ml, cl, tl;
    uint8_t *key = wy_hex(tc, "key", &kl), *iv = wy_hex(tc, "iv", &nl);
    uint8_t *aad = wy_hex(tc, "aad", &al), *msg = wy_hex(tc, "msg", &ml);
    uint8_t *ct = wy_hex(tc, "ct", &cl), *tag = wy_hex(tc, "tag", &tl);
    int valid = strcmp(json_str(json_get(tc, "result")), "valid") == 0;
    uint8_t *buf = malloc(ml + cl + 1), mytag[16];
    psa_status_t enc, dec;
    int agree;

    enc = ccm_run(key, kl, iv, nl, aad, al, msg, ml, buf, mytag, tag_bytes, 1, 1);
    if (enc == PSA_SUCCESS) {
        int same = cl == ml && tl == tag_bytes && memcmp(buf, ct, cl) == 0 &&
                   memcmp(mytag, tag, tl) == 0;
        /* A modified-tag case encrypts fine: its ct matches, its tag not. */
        agree = valid ? same : (cl == ml && memcmp(buf, ct, cl) == 0 && !same);
        dec = ccm_run(key, kl, iv, nl, aad, al, ct, cl, buf, tag, tl, 0, 1);
        agree &= (dec == PSA_SUCCESS) == valid;
        if (dec == PSA_SUCCESS) {
            agree &= memcmp(buf, msg, ml) == 0;
        } else {
            agree &= dec == PSA_ERROR_INVALID_SIGNATURE;
        }
    } else {
        agree = !valid && enc == PSA_ERROR_INVALID_ARGUMENT;
        *refused_params += (size_t)agree;
    }
    free(key); free(iv); free(aad); free(msg); free(ct); free(tag); free(buf);
    return agree;
}

static void test_wycheproof(void)
{
    const char *file = "vectors/wycheproof/aes_ccm_test.json";
    json_value *root = json_parse_file(test_data_path(file));
    const json_value *groups = json_get(root, "testGroups");
    size_t g, t, cases = 0, failures = 0, refused = 0, valid = 0;

    for (g = 0; g < json_len(groups); g++) {
        const json_value *group = json_at(groups, g);
        const json_value *tests = json_get(group, "tests");
        size_t tag_bytes = (size_t)json_int(json_get(group, "tagSize")) / 8u;
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            valid += strcmp(json_str(json_get(tc, "result")), "valid") == 0;
            if (!wy_case(tc, tag_bytes, &refused)) {
                failures++;
                fprintf(stderr, "%s tcId %lld (%s) disagrees\n", file,
                        json_int(json_get(tc, "tcId")), json_str(json_get(tc, "result")));
            }
            cases++;
        }
    }
    printf("%s: %zu cases (%zu valid, %zu refused parameters), %zu failures\n", file, cases,
           valid, refused, failures);
    CHECK(cases == (size_t)json_int(json_get(root, "numberOfTests")));
    CHECK(cases == 552 && valid == 405 && failures == 0 && refused > 0);
    json_free(root);
}

/* ---- OpenSSL cross-check ----------------------------------------------- */

static const EVP_CIPHER *ossl_ccm(size_t key_len)
{
    return key_len == 16 ? EVP_aes_128_ccm() : key_len == 24 ? EVP_aes_192_ccm()
                                                             : EVP_aes_256_ccm();
}

static void ossl_ccm_encrypt(const uint8_t *key, size_t kl, const uint8_t *nonce, size_t nl,
                             const uint8_t *ad, size_t al, const uint8_t *pt, size_t len,
                             uint8_t *ct, uint8_t *tag, size_t tl)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int n = 0;
    CHECK(c != NULL);
    CHECK(EVP_EncryptInit_ex(c, ossl_ccm(kl), NULL, NULL, NULL) == 1);
    CHECK(EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN, (int)nl, NULL) == 1);
    CHECK(EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, (int)tl, NULL) == 1);
    CHECK(EVP_EncryptInit_ex(c, NULL, NULL, key, nonce) == 1);
    CHECK(EVP_EncryptUpdate(c, NULL, &n, NULL, (int)len) == 1);
    if (al > 0) {
        CHECK(EVP_EncryptUpdate(c, NULL, &n, ad, (int)al) == 1);
    }
    CHECK(EVP_EncryptUpdate(c, ct, &n, pt, (int)len) == 1);
    CHECK(EVP_EncryptFinal_ex(c, ct + n, &n) == 1);
    CHECK(EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, (int)tl, tag) == 1);
    EVP_CIPHER_CTX_free(c);
}

static void test_openssl(size_t rounds)
{
    static uint8_t key[32], nonce[13], ad[80], pt[700], ct[700], tag[16], buf[700], mytag[16];
    size_t round, mismatches = 0;

    for (round = 0; round < rounds; round++) {
        size_t kl = 16 + 8 * (round % 3);
        size_t nl = test_rng_range(7, 13), tl = 2 * test_rng_range(2, 8);
        size_t al = round % 5 == 0 ? 0 : test_rng_range(0, sizeof(ad));
        size_t len = round < 40 ? round : test_rng_range(0, sizeof(pt));
        int chunk = (int)(round & 1);

        test_rng_bytes(key, kl);
        test_rng_bytes(nonce, nl);
        test_rng_bytes(ad, al);
        test_rng_bytes(pt, len);
        ossl_ccm_encrypt(key, kl, nonce, nl, ad, al, pt, len, ct, tag, tl);

        /* Encrypt in place, compare, then decrypt in place. */
        memcpy(buf, pt, len);
        CHECK_STATUS(ccm_run(key, kl, nonce, nl, ad, al, buf, len, buf, mytag, tl, 1, chunk),
                     PSA_SUCCESS);
        mismatches += memcmp(buf, ct, len) != 0 || memcmp(mytag, tag, tl) != 0;
        CHECK_STATUS(ccm_run(key, kl, nonce, nl, ad, al, buf, len, buf, tag, tl, 0, !chunk),
                     PSA_SUCCESS);
        mismatches += memcmp(buf, pt, len) != 0;
        /* Any flipped bit of ciphertext, AAD or tag is refused. */
        memcpy(buf, ct, len);
        if (len > 0 && round % 3 == 0) {
            buf[test_rng_range(0, len - 1)] ^= (uint8_t)(1u << (round % 8));
        } else if (al > 0 && round % 3 == 1) {
            ad[test_rng_range(0, al - 1)] ^= 0x01;
        } else {
            tag[test_rng_range(0, tl - 1)] ^= 0x40;
        }
        CHECK_STATUS(ccm_run(key, kl, nonce, nl, ad, al, buf, len, buf, tag, tl, 0, chunk),
                     PSA_ERROR_INVALID_SIGNATURE);
    }
    CHECK(mismatches == 0);
}

/* ---- contract ---------------------------------------------------------- */

static void test_rules(void)
{
    static uint8_t big[65537];
    uint8_t key[16] = { 1 }, nonce[13] = { 2 }, data[32] = { 3 }, out[32], tag[16];
    pp_ccm_ctx ctx, copy;
    size_t i;

    /* Parameters. */
    for (i = 0; i <= 17; i++) {
        int ok = i >= 4 && i <= 16 && i % 2 == 0;
        CHECK_STATUS(pp_ccm_setup(&ctx, key, 16, i, 1),
                     ok ? PSA_SUCCESS : PSA_ERROR_INVALID_ARGUMENT);
    }
    CHECK_STATUS(pp_ccm_setup(&ctx, key, 15, 16, 1), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(ctx.state == 0);
    for (i = 0; i <= 14; i++) {
        CHECK_STATUS(pp_ccm_setup(&ctx, key, 16, 8, 1), PSA_SUCCESS);
        CHECK_STATUS(pp_ccm_start(&ctx, nonce, i, 0, 0),
                     i >= 7 && i <= 13 ? PSA_SUCCESS : PSA_ERROR_INVALID_ARGUMENT);
    }
    /* L = 2 (13-byte nonce): the payload is below 2^16; L = 3 takes 2^16. */
    CHECK_STATUS(pp_ccm_setup(&ctx, key, 16, 8, 1), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_start(&ctx, nonce, 13, 0, 65536), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_ccm_start(&ctx, nonce, 12, 0, (uint64_t)1 << 24), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_ccm_start(&ctx, nonce, 7, 0, UINT64_MAX), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_setup(&ctx, key, 16, 8, 1), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_start(&ctx, nonce, 13, 0, 65535), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_update(&ctx, big, big, 65535), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_finish(&ctx, tag), PSA_SUCCESS);
    /* ... and agrees with OpenSSL there. */
    {
        uint8_t t2[8];
        static uint8_t ct[65535];
        memset(big, 0, sizeof(big));
        ossl_ccm_encrypt(key, 16, nonce, 13, NULL, 0, big, 65535, ct, t2, 8);
        CHECK_STATUS(ccm_run(key, 16, nonce, 13, NULL, 0, big, 65535, big, tag, 8, 1, 0),
                     PSA_SUCCESS);
        CHECK_MEM(big, ct, 65535);
        CHECK_MEM(tag, t2, 8);
    }

    /* SP 800-38C A.2.2: the AAD length encodings (white-box: the bytes
     * start() leaves in the MAC buffer), at each boundary. */
    {
        static const struct {
            uint64_t a;
            const char *enc;
        } e[6] = {
            { 1, "0001" }, { 0xfeff, "feff" }, { 0xff00, "fffe0000ff00" },
            { 0xffffffffu, "fffeffffffff" }, { (uint64_t)1 << 32, "ffff0000000100000000" },
            { UINT64_MAX, "ffffffffffffffffffff" },
        };
        uint8_t want[10];
        for (i = 0; i < 6; i++) {
            size_t n = test_hex_to(e[i].enc, want, sizeof(want));
            CHECK_STATUS(pp_ccm_setup(&ctx, key, 16, 8, 1), PSA_SUCCESS);
            CHECK_STATUS(pp_ccm_start(&ctx, nonce, 13, e[i].a, 0), PSA_SUCCESS);
            CHECK(ctx.buf_len == n);
            CHECK_MEM(ctx.buf, want, n);
        }
        /* No AAD: nothing encoded (and B0's Adata bit clear, checked by
         * the vectors with empty AAD). */
        CHECK_STATUS(pp_ccm_setup(&ctx, key, 16, 8, 1), PSA_SUCCESS);
        CHECK_STATUS(pp_ccm_start(&ctx, nonce, 13, 0, 0), PSA_SUCCESS);
        CHECK(ctx.buf_len == 0);
    }

    /* Declared lengths: AAD 10, payload 20. */
    CHECK_STATUS(pp_ccm_setup(&ctx, key, 16, 16, 1), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_update_ad(&ctx, data, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_ccm_update(&ctx, data, out, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_ccm_finish(&ctx, tag), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_ccm_start(&ctx, nonce, 13, 10, 20), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_start(&ctx, nonce, 13, 10, 20), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_ccm_update_ad(&ctx, data, 11), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_ccm_update_ad(&ctx, data, 4), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_update(&ctx, data, out, 1), PSA_ERROR_INVALID_ARGUMENT); /* AAD short */
    CHECK_STATUS(pp_ccm_finish(&ctx, tag), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_ccm_update_ad(&ctx, data, 7), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_ccm_update_ad(&ctx, data + 4, 6), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_update_ad(&ctx, NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_update_ad(&ctx, data, 1), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_ccm_update(&ctx, NULL, NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_update(&ctx, data, out, 21), PSA_ERROR_INVALID_ARGUMENT);
    copy = ctx;
    CHECK_STATUS(pp_ccm_update(&ctx, data, out, 13), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_update_ad(&ctx, data, 0), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_ccm_update(&ctx, data, out, 8), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_ccm_finish(&ctx, tag), PSA_ERROR_INVALID_ARGUMENT);  /* 7 short */
    CHECK_STATUS(pp_ccm_verify(&ctx, tag, 16), PSA_ERROR_BAD_STATE);     /* encrypting */
    CHECK_STATUS(pp_ccm_update(&ctx, data + 13, out + 13, 7), PSA_SUCCESS);
    CHECK_STATUS(pp_ccm_update(&ctx, data, out, 1), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_ccm_finish(&ctx, tag), PSA_SUCCESS);
    CHECK(ctx.state == 0);
    CHECK_STATUS(pp_ccm_finish(&ctx, tag), PSA_ERROR_BAD_STATE);
    /* The clone taken before the payload gives the same result. */
    {
        uint8_t out2[20], tag2[16];
        CHECK_STATUS(pp_ccm_update(&copy, data, out2, 20), PSA_SUCCESS);
        CHECK_STATUS(pp_ccm_finish(&copy, tag2), PSA_SUCCESS);
        CHECK_MEM(out2, out, 20);
        CHECK_MEM(tag2, tag, 16);
        /* Decrypt: verify with a truncated, a long or a wrong tag fails. */
        CHECK_STATUS(pp_ccm_setup(&ctx, key, 16, 16, 0), PSA_SUCCESS);
        CHECK_STATUS(pp_ccm_start(&ctx, nonce, 13, 10, 20), PSA_SUCCESS);
        CHECK_STATUS(pp_ccm_update_ad(&ctx, data, 10), PSA_SUCCESS);
        CHECK_STATUS(pp_ccm_update(&ctx, out, out2, 20), PSA_SUCCESS);
        CHECK_MEM(out2, data, 20);
        copy = ctx;
        CHECK_STATUS(pp_ccm_finish(&ctx, tag2), PSA_ERROR_BAD_STATE); /* decrypting */
        CHECK_STATUS(pp_ccm_verify(&ctx, tag, 15), PSA_ERROR_INVALID_SIGNATURE);
        CHECK(ctx.state == 0);
        ctx = copy;
        tag[0] ^= 1;
        CHECK_STATUS(pp_ccm_verify(&ctx, tag, 16), PSA_ERROR_INVALID_SIGNATURE);
        tag[0] ^= 1;
        CHECK_STATUS(pp_ccm_verify(&copy, tag, 16), PSA_SUCCESS);
    }
}

int main(void)
{
    test_rng_seed(3610);
    test_rfc3610();
    test_sp800_38c();
    test_wycheproof();
    test_openssl(600);
    test_rules();
#if PP_AES_HW_X86
    /* Above: AES-NI where the CPU has it. Now the portable backend. */
    pp_aes_hw_restrict(0);
    test_rfc3610();
    test_openssl(200);
    test_rules();
    pp_aes_hw_restrict(1);
#endif
    return test_report("test_ccm");
}
