/*
 * test_aes_cross.c -- the AES tests that run where OpenSSL is not installed
 * for the target: the AArch64 cross build (make test-aarch64, under
 * qemu-user, whose "max" CPU has the AES Cryptography Extensions). Known
 * answers and the hardware path (src/aes/aes_armv8.c) against the portable
 * backend in the same process (pp_aes_hw_restrict(0) makes pp_aes_set_key
 * choose the portable one for every key set after it).
 *  - FIPS 197 C.1-C.3 through pp_aes_ecb_*; SP 800-38A Appendix F (ECB,
 *    CBC, CFB128, OFB, CTR; AES-128/192/256) through the PSA cipher API;
 *  - Wycheproof aes_cbc_pkcs5, aes_xts, aes_gcm, aes_ccm, aes_cmac (the
 *    files of tests/data/vectors/wycheproof the host suites read) through
 *    the PSA cipher, AEAD and MAC APIs: every case, both paths, the same
 *    verdicts and the same refused-parameter counts;
 *  - hardware == portable for random keys of every size and every length
 *    0..300: every cipher mode (XTS with its double keys), GCM, CCM, CMAC,
 *    in place too; the CTR counter carried across bytes, the 64-bit halves
 *    and 2^128 at every position of an eight-block batch (pp_aes_ctr);
 *  - CTR_DRBG (src/random/ctr_drbg.c, linked whichever DRBG the build
 *    chose): the CAVS 14.3 no-reseed AES-256 use-df COUNT 0 answer on both
 *    paths, and 40 requests of 1..1100 bytes with additional input and
 *    reseeds: hardware == portable;
 *  - with PP_EXPECT_AES_HW=1 in the environment the hardware path must be
 *    the one selected and named ("AArch64 ARMv8 CE"), so the comparison
 *    cannot silently compare C with C.
 * Run from the source root (test_data_path: tests/data).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <psa/crypto.h>
#include <picopsa/backends.h>

#include "aes/aes.h"
#include "aes/aes_hw.h"
#include "random/ctr_drbg.h"
#include "json.h"
#include "sp800_38a_vectors.h"
#include "test_util.h"

#define MAXLEN 300

static void set_hw(int allow)
{
#if PP_AES_HW
    pp_aes_hw_restrict(allow);
#else
    (void)allow;
#endif
}

static psa_key_id_t import(psa_key_type_t type, psa_algorithm_t alg, psa_key_usage_t usage,
                           const uint8_t *key, size_t kl)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    psa_set_key_type(&a, type);
    psa_set_key_algorithm(&a, alg);
    psa_set_key_usage_flags(&a, usage);
    if (psa_import_key(&a, key, kl, &id) != PSA_SUCCESS) {
        return 0;
    }
    return id;
}

/* Multipart cipher with a chosen IV, in two updates split at `split`.
 * Returns the status of the first failing call; *olen the bytes out. */
static psa_status_t cipher_run(int encrypt, psa_algorithm_t alg, const uint8_t *key, size_t kl,
                               const uint8_t *iv, size_t ivl, const uint8_t *in, size_t len,
                               size_t split, uint8_t *out, size_t out_size, size_t *olen)
{
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    psa_key_id_t id = import(PSA_KEY_TYPE_AES, alg,
                             encrypt ? PSA_KEY_USAGE_ENCRYPT : PSA_KEY_USAGE_DECRYPT, key, kl);
    size_t n1 = 0, n2 = 0, n3 = 0;
    psa_status_t st;
    *olen = 0;
    if (id == 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    st = encrypt ? psa_cipher_encrypt_setup(&op, id, alg) : psa_cipher_decrypt_setup(&op, id, alg);
    if (st == PSA_SUCCESS && ivl > 0) {
        st = psa_cipher_set_iv(&op, iv, ivl);
    }
    if (split > len) {
        split = len;
    }
    if (st == PSA_SUCCESS) {
        st = psa_cipher_update(&op, in, split, out, out_size, &n1);
    }
    if (st == PSA_SUCCESS) {
        st = psa_cipher_update(&op, in + split, len - split, out + n1, out_size - n1, &n2);
    }
    if (st == PSA_SUCCESS) {
        st = psa_cipher_finish(&op, out + n1 + n2, out_size - n1 - n2, &n3);
    }
    psa_cipher_abort(&op);
    psa_destroy_key(id);
    *olen = n1 + n2 + n3;
    return st;
}

/* ---- FIPS 197 Appendix C ---------------------------------------------- */

static void fips197(void)
{
    static const char *const ct[3] = {"69c4e0d86a7b0430d8cdb78070b4c55a",
                                      "dda97ca4864cdfe06eaf70a0ec0d7191",
                                      "8ea2b7ca516745bfeafc49904b496089"};
    uint8_t key[32], pt[16], want[16], buf[16];
    size_t i;
    pp_aes_key k;
    for (i = 0; i < 32; i++) {
        key[i] = (uint8_t)i;
    }
    for (i = 0; i < 16; i++) {
        pt[i] = (uint8_t)(0x11 * i);
    }
    for (i = 0; i < 3; i++) {
        test_hex_to(ct[i], want, sizeof want);
        CHECK_STATUS(pp_aes_set_key(&k, key, 16 + 8 * i), PSA_SUCCESS);
        pp_aes_ecb_encrypt(&k, pt, buf, 1);
        CHECK_MEM(buf, want, 16);
        pp_aes_ecb_decrypt(&k, buf, buf, 1);
        CHECK_MEM(buf, pt, 16);
        pp_aes_wipe(&k);
    }
}

/* ---- SP 800-38A Appendix F -------------------------------------------- */

static void sp800_38a_kats(void)
{
    uint8_t pt[64], ct[64], key[32], iv[16], out[80];
    size_t m, s, kl, ivl, olen;
    test_hex_to(plain_hex, pt, sizeof pt);
    for (m = 0; m < sizeof sp800_38a / sizeof sp800_38a[0]; m++) {
        for (s = 0; s < 3; s++) {
            kl = test_hex_to(key_hex[s], key, sizeof key);
            ivl = test_hex_to(sp800_38a[m].iv, iv, sizeof iv);
            test_hex_to(sp800_38a[m].ct[s], ct, sizeof ct);
            CHECK_STATUS(cipher_run(1, sp800_38a[m].alg, key, kl, iv, ivl, pt, 64, 16 * s + 5,
                                    out, sizeof out, &olen),
                         PSA_SUCCESS);
            CHECK(olen == 64 && memcmp(out, ct, 64) == 0);
            CHECK_STATUS(cipher_run(0, sp800_38a[m].alg, key, kl, iv, ivl, ct, 64, 48, out,
                                    sizeof out, &olen),
                         PSA_SUCCESS);
            CHECK(olen == 64 && memcmp(out, pt, 64) == 0);
        }
    }
}

/* ---- Wycheproof ------------------------------------------------------- */

struct wy {
    size_t cases, valid, refused, disagree;
};

static uint8_t *wy_hex(const json_value *tc, const char *name, size_t *len)
{
    return test_hex_decode(json_str(json_get(tc, name)), len);
}

static int wy_valid(const json_value *tc)
{
    return strcmp(json_str(json_get(tc, "result")), "invalid") != 0;
}

/* aes_cbc_pkcs5 (CBC_PKCS7) and aes_xts (XTS): decryption of every case,
 * encryption of the valid ones. */
static int wy_cipher(psa_algorithm_t alg, const json_value *tc, struct wy *w)
{
    size_t kl, ivl, ml, cl, olen;
    uint8_t *key = wy_hex(tc, "key", &kl), *iv = wy_hex(tc, "iv", &ivl);
    uint8_t *msg = wy_hex(tc, "msg", &ml), *ct = wy_hex(tc, "ct", &cl);
    uint8_t *out = malloc(cl + ml + 32), tweak[16] = {0};
    int valid = wy_valid(tc), agree;
    psa_status_t st;
    if (alg == PSA_ALG_XTS && ivl < 16) {
        /* The data unit number, little-endian, zero-padded to the tweak. */
        memcpy(tweak, iv, ivl);
        free(iv);
        iv = malloc(16);
        memcpy(iv, tweak, 16);
        ivl = 16;
    }
    st = cipher_run(0, alg, key, kl, iv, ivl, ct, cl, cl / 2, out, cl + ml + 32,
                                 &olen);
    if (valid) {
        agree = st == PSA_SUCCESS && olen == ml && memcmp(out, msg, ml) == 0;
        st = cipher_run(1, alg, key, kl, iv, ivl, msg, ml, ml / 3, out, cl + ml + 32, &olen);
        agree = agree && st == PSA_SUCCESS && olen == cl && memcmp(out, ct, cl) == 0;
    } else {
        agree = st != PSA_SUCCESS;
    }
    free(key); free(iv); free(msg); free(ct); free(out);
    (void)w;
    return agree;
}

/* aes_gcm / aes_ccm: parameters PSA refuses (nonce or tag lengths outside
 * the algorithm's, e.g. an 8-byte CCM tag is fine, a 64-byte nonce is not)
 * count as refused; every other case must agree. */
static int wy_aead(psa_algorithm_t base, const json_value *tc, size_t tag_bytes, struct wy *w)
{
    size_t kl, il, al, ml, cl, tl, olen;
    uint8_t *key = wy_hex(tc, "key", &kl), *iv = wy_hex(tc, "iv", &il);
    uint8_t *aad = wy_hex(tc, "aad", &al), *msg = wy_hex(tc, "msg", &ml);
    uint8_t *ct = wy_hex(tc, "ct", &cl), *tag = wy_hex(tc, "tag", &tl);
    uint8_t *sealed = malloc(cl + tl + 16), *out = malloc(ml + cl + tl + 16);
    int valid = wy_valid(tc), agree = 0;
    psa_algorithm_t alg = PSA_ALG_AEAD_WITH_SHORTENED_TAG(base, tag_bytes);
    psa_key_id_t id = import(PSA_KEY_TYPE_AES, alg, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT,
                             key, kl);
    psa_status_t st;
    memcpy(sealed, ct, cl);
    memcpy(sealed + cl, tag, tl);
    st = id == 0 ? PSA_ERROR_INVALID_ARGUMENT
                 : psa_aead_decrypt(id, alg, iv, il, aad, al, sealed, cl + tl, out, ml + cl + tl + 16,
                                    &olen);
    if (st == PSA_ERROR_NOT_SUPPORTED || (st == PSA_ERROR_INVALID_ARGUMENT && tl == tag_bytes)) {
        /* Parameters refused: an invalid case (e.g. a zero-length IV) agrees. */
        w->refused++;
        agree = 1;
    } else if (valid) {
        agree = st == PSA_SUCCESS && olen == ml && memcmp(out, msg, ml) == 0;
        st = psa_aead_encrypt(id, alg, iv, il, aad, al, msg, ml, out, ml + cl + tl + 16, &olen);
        agree = agree && st == PSA_SUCCESS && olen == cl + tl &&
                memcmp(out, sealed, cl + tl) == 0;
    } else {
        agree = st != PSA_SUCCESS;
    }
    if (id != 0) {
        psa_destroy_key(id);
    }
    free(key); free(iv); free(aad); free(msg); free(ct); free(tag); free(sealed); free(out);
    return agree;
}

/* aes_cmac: the full CMAC, its first tagSize bits compared. */
static int wy_cmac(const json_value *tc, size_t tag_bytes, struct wy *w)
{
    size_t kl, ml, tl, olen = 0;
    uint8_t *key = wy_hex(tc, "key", &kl), *msg = wy_hex(tc, "msg", &ml), *tag = wy_hex(tc, "tag", &tl);
    uint8_t mac[16];
    int valid = wy_valid(tc), agree;
    psa_key_id_t id = import(PSA_KEY_TYPE_AES, PSA_ALG_CMAC, PSA_KEY_USAGE_SIGN_MESSAGE, key, kl);
    psa_status_t st = id == 0 ? PSA_ERROR_INVALID_ARGUMENT
                              : psa_mac_compute(id, PSA_ALG_CMAC, msg, ml, mac, sizeof mac, &olen);
    int match = st == PSA_SUCCESS && olen == 16 && tl == tag_bytes && tl <= 16 &&
                memcmp(mac, tag, tl) == 0;
    agree = valid ? match : !match;
    if (id != 0) {
        psa_destroy_key(id);
    } else {
        w->refused++;
    }
    free(key); free(msg); free(tag);
    return agree;
}

enum { WY_CBC, WY_XTS, WY_GCM, WY_CCM, WY_CMAC, WY_N };

static struct wy wycheproof(int kind)
{
    static const char *const files[WY_N] = {
        "vectors/wycheproof/aes_cbc_pkcs5_test.json", "vectors/wycheproof/aes_xts_test.json",
        "vectors/wycheproof/aes_gcm_test.json", "vectors/wycheproof/aes_ccm_test.json",
        "vectors/wycheproof/aes_cmac_test.json"};
    json_value *root = json_parse_file(test_data_path(files[kind]));
    const json_value *groups = json_get(root, "testGroups");
    struct wy w = {0, 0, 0, 0};
    size_t g, t;
    for (g = 0; g < json_len(groups); g++) {
        const json_value *group = json_at(groups, g);
        const json_value *tests = json_get(group, "tests");
        size_t tag_bytes = (size_t)json_int(json_get(group, "tagSize")) / 8u;
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            int ok;
            switch (kind) {
            case WY_CBC: ok = wy_cipher(PSA_ALG_CBC_PKCS7, tc, &w); break;
            case WY_XTS: ok = wy_cipher(PSA_ALG_XTS, tc, &w); break;
            case WY_GCM: ok = wy_aead(PSA_ALG_GCM, tc, tag_bytes, &w); break;
            case WY_CCM: ok = wy_aead(PSA_ALG_CCM, tc, tag_bytes, &w); break;
            default: ok = wy_cmac(tc, tag_bytes, &w); break;
            }
            if (!CHECK(ok)) {
                w.disagree++;
                printf("  %s tcId %lld (%s) disagrees\n", files[kind],
                       json_int(json_get(tc, "tcId")), json_str(json_get(tc, "result")));
            }
            w.valid += (size_t)wy_valid(tc);
            w.cases++;
        }
    }
    CHECK(w.cases == (size_t)json_int(json_get(root, "numberOfTests")));
    printf("  %s: %zu cases (%zu valid, %zu refused parameters), %zu disagree\n", files[kind],
           w.cases, w.valid, w.refused, w.disagree);
    json_free(root);
    return w;
}

/* ---- hardware == portable ---------------------------------------------- */

static const psa_algorithm_t modes[] = {
    PSA_ALG_ECB_NO_PADDING, PSA_ALG_CBC_NO_PADDING, PSA_ALG_CBC_PKCS7, PSA_ALG_CTR,
    PSA_ALG_CFB, PSA_ALG_OFB, PSA_ALG_CCM_STAR_NO_TAG, PSA_ALG_XTS,
};

/* Both paths on the same inputs: equal statuses and outputs; a success
 * decrypts back (in place) to the message on the other path. */
static size_t random_ciphers(void)
{
    static uint8_t msg[MAXLEN], fast[MAXLEN + 32], port[MAXLEN + 32];
    uint8_t key[64], iv[16];
    size_t m, s, len, runs = 0;
    for (m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        psa_algorithm_t alg = modes[m];
        size_t ivl = PSA_CIPHER_IV_LENGTH(PSA_KEY_TYPE_AES, alg);
        for (s = 0; s < 3; s++) {
            size_t kl = (16 + 8 * s) * (alg == PSA_ALG_XTS ? 2u : 1u);
            for (len = 0; len <= MAXLEN; len++) {
                size_t split = test_rng_range(0, len), nf, np, nd;
                psa_status_t sf, sp, sd;
                test_rng_bytes(key, kl);
                test_rng_bytes(iv, ivl);
                test_rng_bytes(msg, len);
                set_hw(1);
                sf = cipher_run(1, alg, key, kl, iv, ivl, msg, len, split, fast, sizeof fast, &nf);
                set_hw(0);
                sp = cipher_run(1, alg, key, kl, iv, ivl, msg, len, len - split, port, sizeof port,
                                &np);
                if (!CHECK(sf == sp && nf == np && memcmp(fast, port, nf) == 0)) {
                    printf("  mode %zu key %zu len %zu: encryption differs\n", m, kl, len);
                }
                if (sf == PSA_SUCCESS) {
                    /* Decrypt the hardware's output in place, portable. */
                    sd = cipher_run(0, alg, key, kl, iv, ivl, fast, nf, split, fast, sizeof fast, &nd);
                    CHECK(sd == PSA_SUCCESS && nd == len && memcmp(fast, msg, len) == 0);
                    set_hw(1);
                    sd = cipher_run(0, alg, key, kl, iv, ivl, port, np, len / 2, port, sizeof port,
                                    &nd);
                    CHECK(sd == PSA_SUCCESS && nd == len && memcmp(port, msg, len) == 0);
                }
                set_hw(1);
                runs++;
            }
        }
    }
    return runs;
}

static psa_status_t aead_seal(psa_algorithm_t alg, const uint8_t *key, size_t kl,
                              const uint8_t *nonce, size_t nl, const uint8_t *aad, size_t al,
                              const uint8_t *in, size_t len, uint8_t *out, size_t out_size,
                              size_t *olen, int decrypt)
{
    psa_key_id_t id = import(PSA_KEY_TYPE_AES, alg, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT,
                             key, kl);
    psa_status_t st = decrypt ? psa_aead_decrypt(id, alg, nonce, nl, aad, al, in, len, out, out_size, olen)
                              : psa_aead_encrypt(id, alg, nonce, nl, aad, al, in, len, out, out_size, olen);
    psa_destroy_key(id);
    return st;
}

static size_t random_aead_mac(void)
{
    static uint8_t msg[MAXLEN], fast[MAXLEN + 16], port[MAXLEN + 16], back[MAXLEN + 16];
    static const psa_algorithm_t algs[2] = {PSA_ALG_GCM, PSA_ALG_CCM};
    uint8_t key[32], nonce[13], aad[40], mf[16], mp[16];
    size_t a, s, len, runs = 0;
    for (s = 0; s < 3; s++) {
        size_t kl = 16 + 8 * s;
        for (len = 0; len <= MAXLEN; len++) {
            size_t al = test_rng_range(0, sizeof aad), nf, np, nb;
            psa_key_id_t id;
            test_rng_bytes(key, kl);
            test_rng_bytes(nonce, sizeof nonce);
            test_rng_bytes(aad, al);
            test_rng_bytes(msg, len);
            for (a = 0; a < 2; a++) {
                size_t nl = algs[a] == PSA_ALG_GCM ? 12 : 13;
                psa_status_t sf, sp;
                set_hw(1);
                sf = aead_seal(algs[a], key, kl, nonce, nl, aad, al, msg, len, fast, sizeof fast, &nf, 0);
                set_hw(0);
                sp = aead_seal(algs[a], key, kl, nonce, nl, aad, al, msg, len, port, sizeof port, &np, 0);
                if (!CHECK(sf == PSA_SUCCESS && sp == PSA_SUCCESS && nf == np &&
                           memcmp(fast, port, nf) == 0)) {
                    printf("  %s key %zu len %zu: seal differs\n", a == 0 ? "GCM" : "CCM", kl, len);
                }
                CHECK(aead_seal(algs[a], key, kl, nonce, nl, aad, al, fast, nf, back, sizeof back,
                                &nb, 1) == PSA_SUCCESS && nb == len && memcmp(back, msg, len) == 0);
                set_hw(1);
                CHECK(aead_seal(algs[a], key, kl, nonce, nl, aad, al, port, np, back, sizeof back,
                                &nb, 1) == PSA_SUCCESS && nb == len && memcmp(back, msg, len) == 0);
                port[len / 2] ^= 1; /* a flipped bit is refused by the hardware path */
                CHECK(aead_seal(algs[a], key, kl, nonce, nl, aad, al, port, np, back, sizeof back,
                                &nb, 1) == PSA_ERROR_INVALID_SIGNATURE);
                runs++;
            }
            /* CMAC (SP 800-38B) */
            set_hw(1);
            id = import(PSA_KEY_TYPE_AES, PSA_ALG_CMAC, PSA_KEY_USAGE_SIGN_MESSAGE, key, kl);
            CHECK(psa_mac_compute(id, PSA_ALG_CMAC, msg, len, mf, 16, &nf) == PSA_SUCCESS);
            psa_destroy_key(id);
            set_hw(0);
            id = import(PSA_KEY_TYPE_AES, PSA_ALG_CMAC, PSA_KEY_USAGE_SIGN_MESSAGE, key, kl);
            CHECK(psa_mac_compute(id, PSA_ALG_CMAC, msg, len, mp, 16, &np) == PSA_SUCCESS);
            psa_destroy_key(id);
            set_hw(1);
            if (!CHECK(nf == 16 && np == 16 && memcmp(mf, mp, 16) == 0)) {
                printf("  CMAC key %zu len %zu differs\n", kl, len);
            }
            runs++;
        }
    }
    return runs;
}

/* pp_aes_ctr with counters whose low bytes are about to carry: 1..20
 * blocks from each start, hardware == portable, counters left behind
 * equal. */
static size_t ctr_carries(void)
{
    static const char *const starts[] = {
        "000000000000000000000000fffffffe", "0000000000000000fffffffffffffff9",
        "00000000000000fffffffffffffffffc", "fffffffffffffffffffffffffffffffb",
        "ffffffffffffffff0000000000000000", "0123456789abcdefffffffffffffff00",
        "7fffffffffffffffffffffffffffffff", "fffffffffffffffefffffffffffffffa",
    };
    static uint8_t in[20 * 16], fast[20 * 16], port[20 * 16];
    uint8_t key[32], cf[16], cp[16];
    size_t i, n, s, runs = 0;
    pp_aes_key k;
    for (s = 0; s < 3; s++) {
        test_rng_bytes(key, sizeof key);
        test_rng_bytes(in, sizeof in);
        for (i = 0; i < sizeof starts / sizeof starts[0]; i++) {
            for (n = 1; n <= 20; n++) {
                test_hex_to(starts[i], cf, 16);
                memcpy(cp, cf, 16);
                set_hw(1);
                CHECK_STATUS(pp_aes_set_key(&k, key, 16 + 8 * s), PSA_SUCCESS);
                pp_aes_ctr(&k, cf, in, fast, n);
                set_hw(0);
                CHECK_STATUS(pp_aes_set_key(&k, key, 16 + 8 * s), PSA_SUCCESS);
                CHECK(k.hw == 0);
                pp_aes_ctr(&k, cp, in, port, n);
                set_hw(1);
                if (!CHECK(memcmp(fast, port, 16 * n) == 0 && memcmp(cf, cp, 16) == 0)) {
                    printf("  CTR from %s, %zu blocks, differs\n", starts[i], n);
                }
                runs++;
            }
        }
    }
    pp_aes_wipe(&k);
    return runs;
}

/* The CAVS 14.3 no-reseed case (test_ctr_drbg.c quotes its provenance):
 * instantiate(E, N), generate(64), generate(64), the second compared. */
static void ctr_drbg_kat(void)
{
    uint8_t e[32], n[16], want[64], got[64];
    pp_ctr_drbg d;
    test_hex_to("36401940fa8b1fba91a1661f211d78a0b9389a74e5bccfece8d766af1a6d3b14", e, 32);
    test_hex_to("496f25b0f1301b4f501be30380a137eb", n, 16);
    test_hex_to("5862eb38bd558dd978a696e6df164782ddd887e7e9a6c9f3f1fbafb78941b535"
                "a64912dfd224c6dc7454e5250b3d97165e16260c2faf1cc7735cb75fb4f07e1d",
                want, 64);
    CHECK_STATUS(pp_ctr_drbg_instantiate(&d, e, 32, n, 16, NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_ctr_drbg_generate(&d, got, 64, NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_ctr_drbg_generate(&d, got, 64, NULL, 0), PSA_SUCCESS);
    CHECK_MEM(got, want, 64);
    pp_ctr_drbg_uninstantiate(&d);
}

/* 40 requests (lengths, additional inputs and reseeds drawn from the test
 * PRNG, reseeded by the caller), all output concatenated into out;
 * returns its length. */
static size_t ctr_drbg_run(uint8_t *out)
{
    uint8_t e[48], add[32];
    size_t total = 0, i;
    pp_ctr_drbg d;
    test_rng_bytes(e, sizeof e);
    CHECK_STATUS(pp_ctr_drbg_instantiate(&d, e, 32, e + 32, 16, NULL, 0), PSA_SUCCESS);
    for (i = 0; i < 40; i++) {
        size_t len = test_rng_range(1, 1100), al = test_rng_range(0, sizeof add);
        test_rng_bytes(add, al);
        if (i % 7 == 6) {
            test_rng_bytes(e, 32);
            CHECK_STATUS(pp_ctr_drbg_reseed(&d, e, 32, add, al), PSA_SUCCESS);
        }
        CHECK_STATUS(pp_ctr_drbg_generate(&d, out + total, len, add, al), PSA_SUCCESS);
        total += len;
    }
    pp_ctr_drbg_uninstantiate(&d);
    return total;
}

static void ctr_drbg_checks(void)
{
    static uint8_t fast[40 * 1100], port[40 * 1100];
    size_t nf, np;
    ctr_drbg_kat();
    set_hw(0);
    ctr_drbg_kat();
    test_rng_seed(0x445242u);
    np = ctr_drbg_run(port);
    set_hw(1);
    test_rng_seed(0x445242u);
    nf = ctr_drbg_run(fast);
    CHECK(nf == np && memcmp(fast, port, nf) == 0);
    printf("CTR_DRBG: CAVS answer on both paths, %zu bytes hardware == portable\n", nf);
}

int main(void)
{
    const char *expect = getenv("PP_EXPECT_AES_HW");
    const char *name;
    struct wy hw[WY_N], port[WY_N];
    size_t i, runs;
    int avail = 0;

    if (psa_crypto_init() != PSA_SUCCESS) {
        fprintf(stderr, "psa_crypto_init failed\n");
        return 1;
    }
    test_rng_seed(0x41455343u);
#if PP_AES_HW
    avail = pp_aes_hw_available();
#endif
    name = picopsa_backend_name(PICOPSA_FAMILY_AES);
    printf("AES backend: %s\n", name != NULL ? name : "-");
    if (expect != NULL && strcmp(expect, "1") == 0) {
        CHECK(avail == 1);
        CHECK(name != NULL && strcmp(name, "AArch64 ARMv8 CE") == 0);
    }
#if PP_AES_HW
    pp_aes_hw_restrict(0);
    CHECK(pp_aes_hw_available() == 0);
    pp_aes_hw_restrict(1);
    CHECK(pp_aes_hw_available() == avail);
#endif

    printf("known answers and Wycheproof, %s path:\n", avail ? "hardware" : "portable");
    fips197();
    sp800_38a_kats();
    for (i = 0; i < WY_N; i++) {
        hw[i] = wycheproof((int)i);
    }
    set_hw(0);
    printf("known answers and Wycheproof, portable path:\n");
    fips197();
    sp800_38a_kats();
    for (i = 0; i < WY_N; i++) {
        port[i] = wycheproof((int)i);
        CHECK(port[i].cases == hw[i].cases && port[i].refused == hw[i].refused);
    }
    set_hw(1);

    runs = random_ciphers();
    printf("hardware == portable: %zu cipher runs (8 modes x 3 key sizes x lengths 0..%d)\n", runs,
           MAXLEN);
    runs = random_aead_mac();
    printf("hardware == portable: %zu GCM/CCM/CMAC runs (3 key sizes x lengths 0..%d)\n", runs,
           MAXLEN);
    runs = ctr_carries();
    printf("hardware == portable: %zu pp_aes_ctr carry runs\n", runs);
    ctr_drbg_checks();
    return test_report("aes_cross");
}
