/*
 * test_mldsa.c -- ML-DSA (FIPS 204) primitive, src/mldsa:
 *  - the arithmetic: Decompose (Alg. 36) by multiply and shift against the
 *    definition for every a in [0, q) and both gamma2; Power2Round's
 *    range; NTT then inverse NTT gives the input back times R;
 *  - Wycheproof mldsa_65_sign_seed_test.json: key pair from the seed (pk
 *    compared), mu compared, the deterministic signature (rnd = 0)
 *    compared byte for byte (the hedged cases with their rnd), and the
 *    signature verified; the invalid
 *    context (more than 255 bytes) is the PSA layer's check (ctx_len);
 *  - Wycheproof mldsa_44_verify_test.json and mldsa_65_verify_test.json:
 *    every case's verdict (wrong key lengths refused before verification);
 *  - every bit flip of the signature, and sampled bit flips of the message
 *    and of the public key, rejected; keygen/sign/verify round trips for
 *    the three parameter sets with random seeds and rnd.
 * Skips (77) when PSA_WANT_ALG_ML_DSA is 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <picopsa/config.h>

#include "json.h"
#include "test_util.h"

#if PSA_WANT_ALG_ML_DSA
#include "mldsa/mldsa.h"

#define Q PP_MLDSA_Q

static int32_t decompose_ref(int32_t *r0, int32_t a, int32_t gamma2)
{
    int32_t m = a % (2 * gamma2);
    if (m > gamma2) {
        m -= 2 * gamma2;
    }
    if (a - m == Q - 1) {
        *r0 = m - 1;
        return 0;
    }
    *r0 = m;
    return (a - m) / (2 * gamma2);
}

static void test_arith(void)
{
    static const int32_t g2[2] = {(Q - 1) / 88, (Q - 1) / 32};
    unsigned long bad = 0;
    pp_mldsa_poly a, b, t1, t0;
    for (int g = 0; g < 2; g++) {
        for (int32_t x = 0; x < Q; x++) {
            int32_t r0, s0;
            int32_t r1 = pp_mldsa_decompose(&r0, x, g2[g]);
            int32_t s1 = decompose_ref(&s0, x, g2[g]);
            bad += r1 != s1 || r0 != s0;
        }
    }
    CHECK(bad == 0);
    for (size_t i = 0; i < PP_MLDSA_N; i++) {
        a.c[i] = (int32_t)(test_rng_u64() % Q);
    }
    pp_mldsa_power2round(&t1, &t0, &a);
    for (size_t i = 0; i < PP_MLDSA_N; i++) {
        bad += t0.c[i] <= -(1 << 12) || t0.c[i] > (1 << 12) ||
               t1.c[i] * (1 << 13) + t0.c[i] != a.c[i];
    }
    CHECK(bad == 0);
    b = a;
    pp_mldsa_ntt(&b);
    pp_mldsa_poly_reduce(&b);
    pp_mldsa_invntt(&b);
    for (size_t i = 0; i < PP_MLDSA_N; i++) {
        /* invntt(ntt(a)) = a R mod q, R = 2^32 = 4236238847 mod q. */
        int64_t want = ((int64_t)a.c[i] * (((int64_t)1 << 32) % Q)) % Q;
        int64_t got = ((int64_t)b.c[i] % Q + Q) % Q;
        bad += want != got;
    }
    CHECK(bad == 0);
}

static const uint8_t zero_rnd[32];

static void test_sign_seed(const char *file)
{
    json_value *root = json_parse_file(test_data_path(file));
    const json_value *groups = json_get(root, "testGroups");
    static uint8_t pk[PP_MLDSA_PK_BYTES_MAX], sk[PP_MLDSA_SK_BYTES_MAX];
    static uint8_t sig[PP_MLDSA_SIG_BYTES_MAX];
    size_t n = 0, signed_n = 0;
    CHECK(root != NULL);
    for (size_t g = 0; g < json_len(groups); g++) {
        const json_value *grp = json_at(groups, g);
        const json_value *tests = json_get(grp, "tests");
        const pp_mldsa_params *p = &pp_mldsa_65;
        size_t xi_len, pk_len;
        uint8_t *xi = json_hex_member(grp, "privateSeed", &xi_len);
        uint8_t *want_pk = json_hex_member(grp, "publicKey", &pk_len);
        uint8_t tr[64];
        if (xi_len != 32) {
            /* A seed of the wrong length: every case invalid (the PSA
             * import refuses it, test_psa_mldsa). */
            for (size_t t = 0; t < json_len(tests); t++, n++) {
                CHECK(strcmp(json_str(json_get(json_at(tests, t), "result")), "invalid") == 0);
            }
            free(xi);
            free(want_pk);
            continue;
        }
        CHECK(pk_len == p->pk_bytes);
        CHECK_STATUS(pp_mldsa_keygen_internal(p, xi, pk, sk), PSA_SUCCESS);
        CHECK_MEM(pk, want_pk, pk_len);
        pp_mldsa_tr(p, pk, tr);
        CHECK_MEM(sk + 64, tr, 64);
        for (size_t t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            int valid = strcmp(json_str(json_get(tc, "result")), "valid") == 0;
            size_t msg_len, ctx_len, sig_len, mu_len;
            uint8_t *msg = json_hex_member(tc, "msg", &msg_len);
            uint8_t *ctx = json_hex_member(tc, "ctx", &ctx_len);
            uint8_t *want_sig = json_hex_member(tc, "sig", &sig_len);
            uint8_t *want_mu = json_hex_member(tc, "mu", &mu_len);
            size_t rnd_len;
            uint8_t *rnd = json_hex_member(tc, "rnd", &rnd_len);   /* hedged cases give rnd */
            uint8_t mu[64];
            n++;
            if (ctx_len > 255) {
                CHECK(!valid);   /* FIPS 204 Alg. 2 step 1: refused by the caller */
            } else {
                if (msg == NULL) {
                    /* ACVP's external-mu cases (FIPS 204 Alg. 7 from mu). */
                    CHECK(mu_len == 64);
                    memcpy(mu, want_mu, 64);
                } else {
                    pp_mldsa_mu(tr, 0, ctx, ctx_len, NULL, 0, msg, msg_len, mu);
                    if (want_mu != NULL) {
                        CHECK(mu_len == 64 && memcmp(mu, want_mu, 64) == 0);
                    }
                }
                CHECK(valid);
                CHECK(rnd == NULL || rnd_len == 32);
                CHECK_STATUS(pp_mldsa_sign_mu(p, sk, mu, rnd != NULL ? rnd : zero_rnd, sig),
                             PSA_SUCCESS);
                CHECK(sig_len == p->sig_bytes);
                if (!CHECK_MEM(sig, want_sig, p->sig_bytes)) {
                    printf("  tcId %lld\n", json_int(json_get(tc, "tcId")));
                }
                CHECK_STATUS(pp_mldsa_verify_mu(p, pk, mu, sig, p->sig_bytes), PSA_SUCCESS);
                signed_n++;
            }
            free(msg);
            free(ctx);
            free(want_sig);
            free(want_mu);
            free(rnd);
        }
        free(xi);
        free(want_pk);
    }
    CHECK(n == (size_t)json_int(json_get(root, "numberOfTests")));
    CHECK(signed_n > 0);
    json_free(root);
}

static void test_verify_file(const char *file, const pp_mldsa_params *p)
{
    json_value *root = json_parse_file(test_data_path(file));
    const json_value *groups = json_get(root, "testGroups");
    size_t n = 0;
    CHECK(root != NULL);
    for (size_t g = 0; g < json_len(groups); g++) {
        const json_value *grp = json_at(groups, g);
        const json_value *tests = json_get(grp, "tests");
        size_t pk_len;
        uint8_t *pk = json_hex_member(grp, "publicKey", &pk_len);
        uint8_t tr[64];
        if (pk_len == p->pk_bytes) {
            pp_mldsa_tr(p, pk, tr);
        }
        for (size_t t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            int valid = strcmp(json_str(json_get(tc, "result")), "valid") == 0;
            size_t msg_len, ctx_len, sig_len;
            uint8_t *msg = json_hex_member(tc, "msg", &msg_len);
            uint8_t *ctx = json_hex_member(tc, "ctx", &ctx_len);
            uint8_t *sig = json_hex_member(tc, "sig", &sig_len);
            int ok = 0;
            n++;
            if (pk_len == p->pk_bytes && ctx_len <= 255) {
                uint8_t mu[64];
                pp_mldsa_mu(tr, 0, ctx, ctx_len, NULL, 0, msg, msg_len, mu);
                ok = pp_mldsa_verify_mu(p, pk, mu, sig, sig_len) == PSA_SUCCESS;
            }
            if (!CHECK(ok == valid)) {
                printf("  %s tcId %lld\n", file, json_int(json_get(tc, "tcId")));
            }
            free(msg);
            free(ctx);
            free(sig);
        }
        free(pk);
    }
    CHECK(n == (size_t)json_int(json_get(root, "numberOfTests")));
    json_free(root);
}

static void test_round_trip_and_flips(const pp_mldsa_params *p, int all_sig_bits)
{
    static uint8_t pk[PP_MLDSA_PK_BYTES_MAX], sk[PP_MLDSA_SK_BYTES_MAX];
    static uint8_t sig[PP_MLDSA_SIG_BYTES_MAX];
    uint8_t xi[32], rnd[32], msg[33], tr[64], mu[64];
    unsigned long bad = 0;
    test_rng_bytes(xi, sizeof(xi));
    test_rng_bytes(rnd, sizeof(rnd));
    test_rng_bytes(msg, sizeof(msg));
    CHECK_STATUS(pp_mldsa_keygen_internal(p, xi, pk, sk), PSA_SUCCESS);
    pp_mldsa_tr(p, pk, tr);
    pp_mldsa_mu(tr, 0, NULL, 0, NULL, 0, msg, sizeof(msg), mu);
    CHECK_STATUS(pp_mldsa_sign_mu(p, sk, mu, rnd, sig), PSA_SUCCESS);
    CHECK_STATUS(pp_mldsa_verify_mu(p, pk, mu, sig, p->sig_bytes), PSA_SUCCESS);
    CHECK_STATUS(pp_mldsa_verify_mu(p, pk, mu, sig, p->sig_bytes - 1u),
                 PSA_ERROR_INVALID_SIGNATURE);
    /* Every bit of the signature (or a sample of 600), the message (every
     * bit: 264) and a sample of the public key's. */
    for (size_t i = 0; i < 8u * p->sig_bytes; i++) {
        size_t bit = all_sig_bits ? i : test_rng_range(0, 8u * p->sig_bytes - 1u);
        if (!all_sig_bits && i >= 600) {
            break;
        }
        sig[bit >> 3] ^= (uint8_t)(1u << (bit & 7u));
        bad += pp_mldsa_verify_mu(p, pk, mu, sig, p->sig_bytes) == PSA_SUCCESS;
        sig[bit >> 3] ^= (uint8_t)(1u << (bit & 7u));
    }
    CHECK(bad == 0);
    for (size_t bit = 0; bit < 8u * sizeof(msg); bit++) {
        uint8_t mu2[64];
        msg[bit >> 3] ^= (uint8_t)(1u << (bit & 7u));
        pp_mldsa_mu(tr, 0, NULL, 0, NULL, 0, msg, sizeof(msg), mu2);
        bad += pp_mldsa_verify_mu(p, pk, mu2, sig, p->sig_bytes) == PSA_SUCCESS;
        msg[bit >> 3] ^= (uint8_t)(1u << (bit & 7u));
    }
    CHECK(bad == 0);
    for (size_t i = 0; i < 300; i++) {
        size_t bit = test_rng_range(0, 8u * p->pk_bytes - 1u);
        uint8_t tr2[64], mu2[64];
        pk[bit >> 3] ^= (uint8_t)(1u << (bit & 7u));
        pp_mldsa_tr(p, pk, tr2);   /* the verifier hashes the key it has */
        pp_mldsa_mu(tr2, 0, NULL, 0, NULL, 0, msg, sizeof(msg), mu2);
        bad += pp_mldsa_verify_mu(p, pk, mu2, sig, p->sig_bytes) == PSA_SUCCESS;
        pk[bit >> 3] ^= (uint8_t)(1u << (bit & 7u));
    }
    CHECK(bad == 0);
    CHECK_STATUS(pp_mldsa_verify_mu(p, pk, mu, sig, p->sig_bytes), PSA_SUCCESS);
}

int main(void)
{
    test_rng_seed(0x6d6c647361ull);
    test_arith();
    test_sign_seed("vectors/wycheproof/mldsa_65_sign_seed_test.json");
    test_verify_file("vectors/wycheproof/mldsa_44_verify_test.json", &pp_mldsa_44);
    test_verify_file("vectors/wycheproof/mldsa_65_verify_test.json", &pp_mldsa_65);
    test_round_trip_and_flips(&pp_mldsa_44, 0);
    test_round_trip_and_flips(&pp_mldsa_65, 1);
    test_round_trip_and_flips(&pp_mldsa_87, 0);
    CHECK(pp_mldsa_params_for(192) == &pp_mldsa_65 && pp_mldsa_params_for(65) == NULL);
    return test_report("test_mldsa");
}
#else
int main(void)
{
    return test_skip("test_mldsa", "PSA_WANT_ALG_ML_DSA is 0");
}
#endif
