/*
 * test_ctr_drbg.c -- CTR_DRBG with AES-256 and the derivation function
 * (src/random/ctr_drbg.c).
 *
 * Known answers (1): NIST CAVP CTR_DRBG test vectors, [AES-256 use df]
 * sections, EntropyInputLen = 256, NonceLen = 128, 128-bit outputs, of an
 * older CAVS release of the DRBG vectors than 14.3 (its PR False procedure
 * is generate, reseed, generate; 14.3 reseeds first). The values were
 * taken from Mbed TLS's transcription of those files
 * (tests/suites/test_suite_ctr_drbg.data, test names "CTR_DRBG NIST
 * Validation (AES-256 use df,<PR>,256,128,<pers bits>,<add bits>) #<n>"),
 * which concatenates nonce || personalization in one string and the
 * entropy inputs of one COUNT in the order the DRBG consumes them.
 *
 * Procedure per variant (SP 800-90A 10.2.1, 9.3.1):
 *  - PR True:  instantiate(E, N, P); reseed(E_pr1, A1); generate();
 *              reseed(E_pr2, A2); generate(); compare the second output
 *              (the prediction-resistance request of 9.3.1 step 7 is a
 *              reseed with the request's additional input, then a
 *              generate with none).
 *  - PR False: instantiate(E, N, P); generate(A1); reseed(E_r, A_r);
 *              generate(A2); compare the second output.
 *
 * Known answers (2): three CAVS 14.3 cases with 512-bit outputs, see
 * kats14 below for where they come from.
 *
 * Cross-check: OpenSSL 3 EVP_RAND "CTR-DRBG" (cipher AES-256-CTR,
 * use_derivation_function = 1) under a "TEST-RAND" parent that hands out
 * fixed entropy and nonce (OSSL_RAND_PARAM_TEST_ENTROPY / _NONCE; its
 * get_seed hands out the whole TEST_ENTROPY buffer, so reseeds go through
 * it too), then random sequences of generate (1..1100 bytes, and the
 * 65536-byte maximum) and reseed, with and without additional input,
 * entropy of 32..48 bytes, personalization of 0..64 bytes, byte for byte.
 *
 * Plus the state machine: statuses, the reseed interval, prediction
 * resistance, refused requests leaving state and output alone, prefixes,
 * wipe.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <picopsa/config.h>

#include "random/ctr_drbg.h"
#include "test_util.h"

/* ---- CAVP known answers -------------------------------------------------- */

struct ctr_kat {
    const char *name;
    int pr;                 /* 1: PredictionResistance = True */
    const char *nonce_pers; /* nonce (16 bytes) || personalization */
    const char *entropy;    /* E || (E_pr1 || E_pr2 | E_r) */
    const char *add1;
    const char *add_reseed; /* PR False only */
    const char *add2;
    const char *out;
};

static const struct ctr_kat kats[] = {
    { "PR True (0,0) #0", 1, "d254fcff021e69d229c9cfad85fa486c",
      "c18081a65d44021619b3f180b1c920026a546f0c7081498b6ea662526d51b1cb"
      "583bfad5375ffbc9ff46d219c7223e95459d82e1e7229f633169d26b57474fa3"
      "37c9981c0bfb91314d55b9e91c5a5ee49392cfc52312d5562c4a6effdc10d068",
      "", NULL, "", "34011656b429008f3563ecb5f2590723" },
    { "PR True (0,256) #0", 1, "14051b57277bc3d3bbae51bdecfb9f5d",
      "82c80d922c47bbec0f664dd623e22a11a3b84d308351e45e30ee286e89547d22"
      "c43e17b3ca0fa08f77eef1001ba696932e9ee890e7aac4661c138e5b5ce36773"
      "d3120c35f8c94e0a78ffbf407a63ca435392e17c07461522fdc1f63f037aacff",
      "b70e7c1c4b8e0f1770e05b29a93f9d7a6540f23ab84136b05b161d85e5f19251", NULL,
      "5a737c128bd69f927f8f3ad68f93f6356d5f4ec0e36b6b50ced43dcd5c44dbc2",
      "a4e6c754194a09614994b36ecce33b55" },
    { "PR True (256,0) #0", 1,
      "e09f65dcffc0d3a4d84bacc41617a4e46ce5184eca011049ab657566f728e4aa"
      "28315ffac166ebe50e1269b01c95b3a2",
      "545a783ae97d827ed0b81d9752ad0f7e965f511b1f5dae0f872e9ec37cfe63af"
      "86c1d15e153887989b605773b16ad5505e65f617cfa8ef46547c4c3f9d0c4fd0"
      "b6e1cff5ca0f1929266fe43ba8f45ad664cfe5e90903a9cb722b42ae8989c148",
      "", NULL, "", "1e77d7cc18775fef9a3d3e00903da01b" },
    { "PR True (256,256) #0", 1,
      "add2bbbab76589c3216c55332b36ffa46ecae72072d3845a32d34b2472c4632b"
      "9d12240c23268e8316370bd1064f686d",
      "6168fc1af0b5956b85099b743f1378493b85ec93133ba94f96ab2ce4c88fdd6a"
      "0b23afdff162d7d34397f87704a84220bdf60fc1172f9f54bb561786680ebaa9"
      "bf6c592a0d440fae9a5e0373d8a6e1cf25613824869e53e8a4df56f406079c0f",
      "7e084abbe3217cc923d2f8b07398ba847423ab068ae222d37bce9bd24a76b8de", NULL,
      "946bc99fab8dc5ec71881d008c8968e4c8077736176d7978c7064e99042829c3",
      "224ab4b8b6ee7db19ec9f9a0d9e29700" },
    { "PR False (0,0) #0", 0, "1b54b8ff0642bff521f15c1c0b665f3f",
      "5a194d5e2b31581454def675fb7958fec7db873e5689fc9d03217c68d8033820"
      "f9e65e04d856f3a9c44a4cbdc1d00846f5983d771c1b137e4e0f9d8ef409f92e",
      "", "", "", "a054303d8a7ea9889d903e077c6f218f" },
    { "PR False (0,256) #1", 0, "19c3d16197ac93bf58c4110c9e864804",
      "50755cc0178c68ae70befd7744f6f1e3f6a59b3bbe484a744436079c7fae8d83"
      "c4965516fb952c63e1d0561d92cccc56037465815c9e549c9adce4a064877128",
      "5cb82d2c297404f3db1909480c597dd081d94ca282ba9370786a50f3cbab6a9b",
      "96d130faf1a971920c2bf57bcd6c02d5a4af7d3c840706081e4a50e55f38bf96",
      "1b0d04f179690a30d501e8f6f82201dbab6d972ece2a0edfb5ca66a8c9bcf47d",
      "4628b26492e5cb3b21956d4160f0b911" },
    { "PR False (256,0) #0", 0,
      "cd7a1981c1b7079c1c38f5aeee86db22207cb9faed8c576b1724ca7817aa6abf"
      "b26c42a019eb4c2f4064f0587ea2b952",
      "7f88c3805ae0857c5cbb085a5d6259d26fb3a88dfe7084172ec959066f26296a"
      "800953ce19a24785b6acef451c4ce4c2dfb565cbe057f21b054a28633afbdd97",
      "", "", "", "76c1cdb0b95af271b52ac3b0c9289146" },
    { "PR False (256,256) #0", 0,
      "a94da55afdc50ce51c9a3b8a4c4484408b52a24a93c34ea71e1ca705eb829ba6"
      "5de4d4e07fa3d86b37845ff1c7d5f6d2",
      "a53e371017439193591e475087aaddd5c1c386cdca0ddb68e002d80fdc401a47"
      "dd40e5987b2716731568d276bf0c6715757903d3dede914642ddd467c879c81e",
      "20f422edf85ca16a01cfbe5f8d6c947fae12a857db2aa9bfc7b36581808d0d46",
      "7fd81fbd2ab51c115d834e99f65ca54020ed388ed59ee07593fe125e5d73fb75",
      "cd2cff14693e4c9efdfe260de986004930bab1c65057772a62392c3b74ebc90d",
      "4f78beb94d978ce9d097feadfafd355e" },
};

/* A case's hex fields, decoded. */
struct kat_bytes {
    uint8_t np[64], entropy[96], add1[32], add_r[32], add2[32], want[16];
    size_t np_len, entropy_len, add1_len, add_r_len, add2_len;
};

static void kat_decode(const struct ctr_kat *k, struct kat_bytes *b)
{
    b->np_len = test_hex_to(k->nonce_pers, b->np, sizeof(b->np));
    b->entropy_len = test_hex_to(k->entropy, b->entropy, sizeof(b->entropy));
    b->add1_len = test_hex_to(k->add1, b->add1, sizeof(b->add1));
    b->add_r_len = k->add_reseed ? test_hex_to(k->add_reseed, b->add_r, sizeof(b->add_r)) : 0;
    b->add2_len = test_hex_to(k->add2, b->add2, sizeof(b->add2));
    (void)test_hex_to(k->out, b->want, sizeof(b->want));
}

/* Run one CAVP case; returns 1 when the compared output matches. With
 * tamper, the last entropy byte is flipped first. 256-bit entropy
 * inputs, 128-bit nonce. */
static int run_kat(const struct ctr_kat *k, int tamper)
{
    struct kat_bytes b;
    uint8_t got[16];
    const uint8_t *e = b.entropy;
    pp_ctr_drbg drbg;
    int ok;

    kat_decode(k, &b);
    if (tamper) {
        b.entropy[b.entropy_len - 1] ^= 1;
    }
    ok = b.entropy_len == (k->pr ? 96u : 64u) && b.np_len >= 16;
    ok &= pp_ctr_drbg_instantiate(&drbg, e, 32, b.np, 16, b.np + 16, b.np_len - 16) == PSA_SUCCESS;
    pp_ctr_drbg_set_prediction_resistance(&drbg, k->pr);
    if (k->pr) {
        /* Without a reseed first, a PR generate must be refused. */
        ok &= pp_ctr_drbg_generate(&drbg, got, 16, NULL, 0) == PP_CTR_DRBG_RESEED_REQUIRED;
        ok &= pp_ctr_drbg_reseed(&drbg, e + 32, 32, b.add1, b.add1_len) == PSA_SUCCESS;
        ok &= pp_ctr_drbg_generate(&drbg, got, 16, NULL, 0) == PSA_SUCCESS;
        ok &= pp_ctr_drbg_generate(&drbg, got, 16, NULL, 0) == PP_CTR_DRBG_RESEED_REQUIRED;
        ok &= pp_ctr_drbg_reseed(&drbg, e + 64, 32, b.add2, b.add2_len) == PSA_SUCCESS;
        ok &= pp_ctr_drbg_generate(&drbg, got, 16, NULL, 0) == PSA_SUCCESS;
    } else {
        ok &= pp_ctr_drbg_generate(&drbg, got, 16, b.add1, b.add1_len) == PSA_SUCCESS;
        ok &= pp_ctr_drbg_reseed(&drbg, e + 32, 32, b.add_r, b.add_r_len) == PSA_SUCCESS;
        ok &= pp_ctr_drbg_generate(&drbg, got, 16, b.add2, b.add2_len) == PSA_SUCCESS;
    }
    ok &= memcmp(got, b.want, 16) == 0;
    pp_ctr_drbg_uninstantiate(&drbg);
    return ok;
}

/* ---- CAVS 14.3, 512-bit outputs ----------------------------------------- */

/* Three COUNT = 0 cases of the CAVS 14.3 files (drbgvectors_no_reseed,
 * drbgvectors_pr_false, drbgvectors_pr_true: CTR_DRBG.rsp, [AES-256 use
 * df], EntropyInputLen = 256, NonceLen = 128, ReturnedBitsLen = 512), as
 * quoted in public code (the no-reseed case with its intermediate V, in
 * the comments of nist_ctr_drbg's test driver and of GnuTLS-based ESDM's
 * self-test; the PR False case in an ST X-CUBE-CRYPTOLIB example; the PR
 * True case in a corecrypto power-on self-test). Four output blocks per
 * request: the in-place run and the tail batch both take part. Their
 * procedure (9.3.1, 10.2.1):
 *  - no reseed: instantiate(E, N, P); generate(A1); generate(A2);
 *  - PR False:  instantiate(E, N, P); reseed(E_r, A_r); generate(A1);
 *               generate(A2);
 *  - PR True:   instantiate(E, N, P); reseed(E_pr1, A1); generate();
 *               reseed(E_pr2, A2); generate();
 * comparing the second output. */
enum kat14_mode { NO_RESEED, RESEED, PRED_RES };

struct ctr_kat14 {
    const char *name;
    enum kat14_mode mode;
    const char *entropy, *nonce, *pers;
    const char *entropy2, *entropy3;    /* E_r or E_pr1; E_pr2 */
    const char *add1, *add2;            /* A_r is empty in the PR False case */
    const char *v_after_instantiate;    /* NULL: not quoted */
    const char *out;
};

static const struct ctr_kat14 kats14[] = {
    { "no reseed (0,0) COUNT 0", NO_RESEED,
      "36401940fa8b1fba91a1661f211d78a0b9389a74e5bccfece8d766af1a6d3b14",
      "496f25b0f1301b4f501be30380a137eb", "", NULL, NULL, "", "",
      "9ee8d2e9c618ccbb8e66b5eb5333dce1",
      "5862eb38bd558dd978a696e6df164782ddd887e7e9a6c9f3f1fbafb78941b535"
      "a64912dfd224c6dc7454e5250b3d97165e16260c2faf1cc7735cb75fb4f07e1d" },
    { "PR False (256,0) COUNT 0", RESEED,
      "4cfb218673346d9d50c922e49b0dfcd090adf04f5c3ba47327dfcd6fa63a785c",
      "016962a7fd2787a24bf6be47ef3783f1",
      "88eeb8e0e83bf3294bdacd6099ebe4bf55ecd9113f71e5ebcb4575f3d6a68a6b",
      "b7ec46072363834a1b0133f2c23891db4f11a68651f23e3a8b1fdc03b192c7e7", NULL, "", "",
      NULL,
      "a55180a190bef3adaf28f6b795e9f1f3d6dfa1b27dd0467b0c75f5fa931e9714"
      "75b27cae03a29654e2f40966ea33643040d1400fe677873af8097c1fe9f00298" },
    { "PR True (256,256) COUNT 0", PRED_RES,
      "534346a3e0baa65d7a51871b6d633a6f1efa9ff55dfde3212c95029adf2387d9",
      "0cbe99821509975d824fd826c47d2abc",
      "020d7340569e68d992e6e8ddfbead9f993c74d971e4339fe91074f87e9d7d777",
      "286091709d2e91bfef6654b8449d5e5564b6c2fe1f3e4e6e59fe776461bfb0dc",
      "e68e127b2e5b9d6539c26f7e78bec13314e37febdb7105d1d65f0bde23c87d38",
      "f41040eff2a7010287c2a76d7867a66e61299be1e1247a6b22a64b829ada8624",
      "94efe68e2185646a17bb8a83268142a7b7a02786c1ee90ab8f7399ccf543de26",
      NULL,
      "da6389d151e3b2b332fbcc02b2cc5af4f69835e9fbbe19130f91cbf30a3c2458"
      "0ebfb4311b3487e9d6a61de9dc2842c107152158b0e75a932c38e5b8ddff10e6" },
};

static int run_kat14(const struct ctr_kat14 *k, int tamper)
{
    uint8_t e[32], n[16], pers[32], e2[32], e3[32], a1[32], a2[32], v[16], want[64], got[64];
    size_t pers_len = test_hex_to(k->pers, pers, sizeof(pers));
    size_t a1_len = test_hex_to(k->add1, a1, sizeof(a1));
    size_t a2_len = test_hex_to(k->add2, a2, sizeof(a2));
    pp_ctr_drbg drbg;
    int ok = test_hex_to(k->entropy, e, sizeof(e)) == 32 && test_hex_to(k->nonce, n, sizeof(n)) == 16 &&
             test_hex_to(k->out, want, sizeof(want)) == 64;

    if (tamper) {
        n[15] ^= 0x80;
    }
    ok &= pp_ctr_drbg_instantiate(&drbg, e, 32, n, 16, pers, pers_len) == PSA_SUCCESS;
    if (k->v_after_instantiate != NULL) {
        ok &= test_hex_to(k->v_after_instantiate, v, sizeof(v)) == 16 &&
              memcmp(drbg.value, v, 16) == 0;
    }
    pp_ctr_drbg_set_prediction_resistance(&drbg, k->mode == PRED_RES);
    switch (k->mode) {
    case NO_RESEED:
        ok &= pp_ctr_drbg_generate(&drbg, got, 64, a1, a1_len) == PSA_SUCCESS;
        ok &= pp_ctr_drbg_generate(&drbg, got, 64, a2, a2_len) == PSA_SUCCESS;
        break;
    case RESEED:
        ok &= test_hex_to(k->entropy2, e2, sizeof(e2)) == 32;
        ok &= pp_ctr_drbg_reseed(&drbg, e2, 32, NULL, 0) == PSA_SUCCESS;
        ok &= pp_ctr_drbg_generate(&drbg, got, 64, a1, a1_len) == PSA_SUCCESS;
        ok &= pp_ctr_drbg_generate(&drbg, got, 64, a2, a2_len) == PSA_SUCCESS;
        break;
    case PRED_RES:
        ok &= test_hex_to(k->entropy2, e2, sizeof(e2)) == 32;
        ok &= test_hex_to(k->entropy3, e3, sizeof(e3)) == 32;
        ok &= pp_ctr_drbg_reseed(&drbg, e2, 32, a1, a1_len) == PSA_SUCCESS;
        ok &= pp_ctr_drbg_generate(&drbg, got, 64, NULL, 0) == PSA_SUCCESS;
        ok &= pp_ctr_drbg_reseed(&drbg, e3, 32, a2, a2_len) == PSA_SUCCESS;
        ok &= pp_ctr_drbg_generate(&drbg, got, 64, NULL, 0) == PSA_SUCCESS;
        break;
    }
    ok &= memcmp(got, want, 64) == 0;
    pp_ctr_drbg_uninstantiate(&drbg);
    return ok;
}

/* A case passes, and fails once an input bit is flipped. */
static void check_kat(const char *set, const char *name, int ok, int tampered_ok)
{
    if (!ok) {
        fprintf(stderr, "KAT failed: %s AES-256 use df %s\n", set, name);
    }
    CHECK(ok);
    CHECK(!tampered_ok);
}

static void test_kats(void)
{
    size_t i;
    for (i = 0; i < sizeof(kats) / sizeof(kats[0]); i++) {
        check_kat("CAVS", kats[i].name, run_kat(&kats[i], 0), run_kat(&kats[i], 1));
    }
    for (i = 0; i < sizeof(kats14) / sizeof(kats14[0]); i++) {
        check_kat("CAVS 14.3", kats14[i].name, run_kat14(&kats14[i], 0), run_kat14(&kats14[i], 1));
    }
}

/* ---- OpenSSL cross-check -------------------------------------------------- */

/* A CTR-DRBG (AES-256-CTR, df) instantiated from a TEST-RAND parent that
 * hands out exactly `entropy` and `nonce`. No automatic reseeds. */
struct ossl_drbg {
    EVP_RAND_CTX *parent, *drbg;
};

static int ossl_drbg_new(struct ossl_drbg *o, const uint8_t *entropy, size_t entropy_len,
                         const uint8_t *nonce, size_t nonce_len,
                         const uint8_t *pers, size_t pers_len)
{
    EVP_RAND *test_rand = EVP_RAND_fetch(NULL, "TEST-RAND", NULL);
    EVP_RAND *ctr = EVP_RAND_fetch(NULL, "CTR-DRBG", NULL);
    unsigned int strength = 256, zero_requests = 0;
    time_t zero_time = 0;
    int use_df = 1, ok;
    OSSL_PARAM p[5];

    o->parent = test_rand ? EVP_RAND_CTX_new(test_rand, NULL) : NULL;
    o->drbg = ctr && o->parent ? EVP_RAND_CTX_new(ctr, o->parent) : NULL;
    EVP_RAND_free(test_rand);
    EVP_RAND_free(ctr);
    if (o->drbg == NULL) {
        return 0;
    }
    p[0] = OSSL_PARAM_construct_uint(OSSL_RAND_PARAM_STRENGTH, &strength);
    p[1] = OSSL_PARAM_construct_end();
    ok = EVP_RAND_CTX_set_params(o->parent, p) == 1 &&
         EVP_RAND_instantiate(o->parent, strength, 0, NULL, 0, NULL) == 1;
    p[0] = OSSL_PARAM_construct_octet_string(OSSL_RAND_PARAM_TEST_ENTROPY, (void *)entropy,
                                             entropy_len);
    p[1] = OSSL_PARAM_construct_octet_string(OSSL_RAND_PARAM_TEST_NONCE, (void *)nonce, nonce_len);
    p[2] = OSSL_PARAM_construct_end();
    ok = ok && EVP_RAND_CTX_set_params(o->parent, p) == 1;
    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_DRBG_PARAM_CIPHER, (char *)"AES-256-CTR", 0);
    p[1] = OSSL_PARAM_construct_int(OSSL_DRBG_PARAM_USE_DF, &use_df);
    p[2] = OSSL_PARAM_construct_uint(OSSL_DRBG_PARAM_RESEED_REQUESTS, &zero_requests);
    p[3] = OSSL_PARAM_construct_time_t(OSSL_DRBG_PARAM_RESEED_TIME_INTERVAL, &zero_time);
    p[4] = OSSL_PARAM_construct_end();
    ok = ok && EVP_RAND_CTX_set_params(o->drbg, p) == 1;
    ok = ok && EVP_RAND_instantiate(o->drbg, strength, 0, pers, pers_len, NULL) == 1;
    return ok;
}

/* Reseed from exactly `entropy`. Not EVP_RAND_reseed's own entropy
 * argument: OpenSSL reseeds with it and then once more from the parent
 * (drbg.c "Reseed using our sources in addition"). TEST-RAND's get_seed
 * hands out its whole TEST_ENTROPY buffer, so that is where it goes. */
static int ossl_drbg_reseed(struct ossl_drbg *o, const uint8_t *entropy, size_t entropy_len,
                            const uint8_t *add, size_t add_len)
{
    OSSL_PARAM p[2];

    p[0] = OSSL_PARAM_construct_octet_string(OSSL_RAND_PARAM_TEST_ENTROPY, (void *)entropy,
                                             entropy_len);
    p[1] = OSSL_PARAM_construct_end();
    return EVP_RAND_CTX_set_params(o->parent, p) == 1 &&
           EVP_RAND_reseed(o->drbg, 0, NULL, 0, add_len ? add : NULL, add_len) == 1;
}

static void ossl_drbg_free(struct ossl_drbg *o)
{
    EVP_RAND_CTX_free(o->drbg);
    EVP_RAND_CTX_free(o->parent);
}

/* Random length with the block boundaries and the 4-block batch edges
 * (1..4 blocks in the tail, runs of 64 in place) overrepresented. */
static size_t pick_len(void)
{
    static const size_t edges[] = { 1, 15, 16, 17, 48, 63, 64, 65, 79, 80, 81,
                                    1023, 1024, 1025, 1040, 1041 };
    if (test_rng_range(0, 3) == 0) {
        return edges[test_rng_range(0, sizeof(edges) / sizeof(edges[0]) - 1)];
    }
    return test_rng_range(1, 1100);
}

static void test_openssl(void)
{
    static uint8_t a[PP_CTR_DRBG_MAX_REQUEST], b[PP_CTR_DRBG_MAX_REQUEST];
    uint8_t entropy[48], nonce[16], pers[64], add[70], reseed[48];
    size_t run, step, requests = 0, reseeds = 0, mismatches = 0, bytes = 0;
    int setup_ok = 1;

    for (run = 0; run < 40; run++) {
        size_t pers_len = run < 2 ? run * 33 : test_rng_range(0, sizeof(pers));
        size_t e_len = run < 2 ? 32 : test_rng_range(32, sizeof(entropy));
        struct ossl_drbg o;
        pp_ctr_drbg drbg;

        test_rng_bytes(entropy, e_len);
        test_rng_bytes(nonce, sizeof(nonce));
        test_rng_bytes(pers, pers_len);
        /* pers is never NULL: OpenSSL replaces a NULL personalization by
         * its own default string. */
        if (!ossl_drbg_new(&o, entropy, e_len, nonce, sizeof(nonce), pers, pers_len)) {
            setup_ok = 0;
            ossl_drbg_free(&o);
            break;
        }
        CHECK_STATUS(pp_ctr_drbg_instantiate(&drbg, entropy, e_len, nonce, sizeof(nonce),
                                             pers, pers_len), PSA_SUCCESS);
        pp_ctr_drbg_set_prediction_resistance(&drbg, 0);

        for (step = 0; step < 12; step++) {
            size_t add_len = test_rng_range(0, 3) == 0 ? 0 : test_rng_range(1, sizeof(add));
            test_rng_bytes(add, add_len);
            if (step == 5 || (step > 0 && test_rng_range(0, 5) == 0)) {
                /* Reseed with 32..48 bytes of entropy. */
                size_t r_len = test_rng_range(32, sizeof(reseed));
                test_rng_bytes(reseed, r_len);
                CHECK(ossl_drbg_reseed(&o, reseed, r_len, add, add_len));
                CHECK_STATUS(pp_ctr_drbg_reseed(&drbg, reseed, r_len, add, add_len), PSA_SUCCESS);
                reseeds++;
            } else {
                /* One request per run at the 2^16-byte maximum. */
                size_t len = step == 7 && run < 4 ? PP_CTR_DRBG_MAX_REQUEST : pick_len();
                CHECK(EVP_RAND_generate(o.drbg, a, len, 256, 0, add_len ? add : NULL, add_len) == 1);
                CHECK_STATUS(pp_ctr_drbg_generate(&drbg, b, len, add, add_len), PSA_SUCCESS);
                if (memcmp(a, b, len) != 0) {
                    mismatches++;
                    fprintf(stderr, "OpenSSL mismatch: run %zu step %zu len %zu add %zu\n",
                            run, step, len, add_len);
                }
                requests++;
                bytes += len;
            }
        }
        pp_ctr_drbg_uninstantiate(&drbg);
        ossl_drbg_free(&o);
    }
    printf("OpenSSL CTR-DRBG cross-check: %zu requests (%zu bytes), %zu reseeds, %zu mismatches\n",
           requests, bytes, reseeds, mismatches);
    CHECK(setup_ok);
    CHECK(requests > 300 && reseeds > 40 && mismatches == 0);
}

/* ---- state machine -------------------------------------------------------- */

static void test_state_machine(void)
{
    static const pp_ctr_drbg wiped;     /* all zero: never instantiated */
    uint8_t entropy[48], out[100], before[100];
    pp_ctr_drbg drbg = wiped, saved;
    int i;

    memset(entropy, 0xa5, sizeof(entropy));

    /* Not instantiated. */
    CHECK_STATUS(pp_ctr_drbg_generate(&drbg, out, 16, NULL, 0), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_ctr_drbg_reseed(&drbg, entropy, 32, NULL, 0), PSA_ERROR_BAD_STATE);

    /* Argument checks; a failed instantiate leaves the state wiped. */
    memset(&drbg, 0x5a, sizeof(drbg));
    CHECK_STATUS(pp_ctr_drbg_instantiate(&drbg, entropy, 31, NULL, 0, NULL, 0),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK(memcmp(&drbg, &wiped, sizeof(drbg)) == 0);
    CHECK_STATUS(pp_ctr_drbg_instantiate(&drbg, entropy, PP_CTR_DRBG_MAX_INPUT + 1u, NULL, 0,
                                         NULL, 0), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_ctr_drbg_instantiate(&drbg, entropy, 32, entropy, PP_CTR_DRBG_MAX_INPUT + 1u,
                                         NULL, 0), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_ctr_drbg_instantiate(&drbg, entropy, 32, NULL, 0, entropy,
                                         PP_CTR_DRBG_MAX_INPUT + 1u), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(drbg.instantiated == 0);
    /* Nonce and personalization are optional. */
    CHECK_STATUS(pp_ctr_drbg_instantiate(&drbg, entropy, 32, NULL, 0, NULL, 0), PSA_SUCCESS);
    CHECK(drbg.reseed_interval == PICOPSA_DRBG_RESEED_INTERVAL);
    CHECK(drbg.prediction_resistance == (PICOPSA_DRBG_PREDICTION_RESISTANCE ? 1u : 0u));
    CHECK_STATUS(pp_ctr_drbg_instantiate(&drbg, entropy, 48, entropy, 16, NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_ctr_drbg_reseed(&drbg, entropy, 31, NULL, 0), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_ctr_drbg_reseed(&drbg, entropy, 32, entropy, PP_CTR_DRBG_MAX_INPUT + 1u),
                 PSA_ERROR_INVALID_ARGUMENT);
    pp_ctr_drbg_set_prediction_resistance(&drbg, 0);
    CHECK_STATUS(pp_ctr_drbg_generate(&drbg, NULL, PP_CTR_DRBG_MAX_REQUEST + 1u, NULL, 0),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_ctr_drbg_generate(&drbg, out, 16, entropy, PP_CTR_DRBG_MAX_INPUT + 1u),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* A zero-length request succeeds and still moves the state on. */
    saved = drbg;
    CHECK_STATUS(pp_ctr_drbg_generate(&drbg, NULL, 0, NULL, 0), PSA_SUCCESS);
    CHECK(memcmp(drbg.value, saved.value, sizeof(drbg.value)) != 0);
    CHECK(drbg.reseed_counter == saved.reseed_counter + 1u);

    /* Reseed interval 3: requests 1..3 pass, the 4th is refused and leaves
     * the output and the state alone, a reseed re-enables generation. */
    CHECK_STATUS(pp_ctr_drbg_instantiate(&drbg, entropy, 32, entropy + 32, 16, NULL, 0),
                 PSA_SUCCESS);
    pp_ctr_drbg_set_prediction_resistance(&drbg, 0);
    pp_ctr_drbg_set_reseed_interval(&drbg, 3);
    for (i = 0; i < 3; i++) {
        CHECK_STATUS(pp_ctr_drbg_generate(&drbg, out, sizeof(out), NULL, 0), PSA_SUCCESS);
    }
    memcpy(before, out, sizeof(out));
    saved = drbg;
    CHECK_STATUS(pp_ctr_drbg_generate(&drbg, out, sizeof(out), NULL, 0),
                 PP_CTR_DRBG_RESEED_REQUIRED);
    CHECK_MEM(out, before, sizeof(out));
    CHECK(memcmp(&drbg, &saved, sizeof(drbg)) == 0);
    CHECK_STATUS(pp_ctr_drbg_reseed(&drbg, entropy, 32, NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_ctr_drbg_generate(&drbg, out, sizeof(out), NULL, 0), PSA_SUCCESS);
    CHECK(memcmp(out, before, sizeof(out)) != 0);
    /* Clamping of the interval. */
    pp_ctr_drbg_set_reseed_interval(&drbg, 0);
    CHECK(drbg.reseed_interval == 1);
    pp_ctr_drbg_set_reseed_interval(&drbg, UINT64_MAX);
    CHECK(drbg.reseed_interval == (uint64_t)1 << 48);

    /* Prediction resistance: every request needs a reseed right before. */
    pp_ctr_drbg_set_reseed_interval(&drbg, 1000);
    pp_ctr_drbg_set_prediction_resistance(&drbg, 1);
    CHECK_STATUS(pp_ctr_drbg_generate(&drbg, out, 16, NULL, 0), PP_CTR_DRBG_RESEED_REQUIRED);
    CHECK_STATUS(pp_ctr_drbg_reseed(&drbg, entropy, 32, NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_ctr_drbg_generate(&drbg, out, 16, NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_ctr_drbg_generate(&drbg, out, 16, NULL, 0), PP_CTR_DRBG_RESEED_REQUIRED);

    /* Lengths that are not block multiples are prefixes of the same
     * stream, at every tail size (1..4 blocks, in place or not). */
    {
        pp_ctr_drbg a, b;
        uint8_t long_out[200], short_out[200];
        size_t len;
        int prefixes = 1;
        CHECK_STATUS(pp_ctr_drbg_instantiate(&a, entropy, 32, NULL, 0, NULL, 0), PSA_SUCCESS);
        pp_ctr_drbg_set_prediction_resistance(&a, 0);
        CHECK_STATUS(pp_ctr_drbg_generate(&a, long_out, sizeof(long_out), NULL, 0), PSA_SUCCESS);
        for (len = 1; len < sizeof(long_out); len++) {
            CHECK_STATUS(pp_ctr_drbg_instantiate(&b, entropy, 32, NULL, 0, NULL, 0), PSA_SUCCESS);
            pp_ctr_drbg_set_prediction_resistance(&b, 0);
            memset(short_out, 0xee, sizeof(short_out));
            CHECK_STATUS(pp_ctr_drbg_generate(&b, short_out, len, NULL, 0), PSA_SUCCESS);
            prefixes &= memcmp(long_out, short_out, len) == 0 && short_out[len] == 0xee;
        }
        CHECK(prefixes);
        pp_ctr_drbg_uninstantiate(&a);
        pp_ctr_drbg_uninstantiate(&b);
    }

    /* Uninstantiate wipes everything. */
    pp_ctr_drbg_uninstantiate(&drbg);
    CHECK(memcmp(&drbg, &wiped, sizeof(drbg)) == 0);
    CHECK_STATUS(pp_ctr_drbg_generate(&drbg, out, 16, NULL, 0), PSA_ERROR_BAD_STATE);
}

int main(void)
{
    test_rng_seed(0xc7d6);
    test_kats();
    test_openssl();
    test_state_machine();
    return test_report("ctr_drbg");
}
