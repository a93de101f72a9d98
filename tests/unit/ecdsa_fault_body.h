/*
 * ecdsa_fault_body.h -- the cases of the ECDSA fault countermeasure test
 * (PICOPSA_SIGN_FAULT_CHECK; issue 21 sec. 3), written once for every
 * curve: test_p256_fault.c and test_p384_fault.c define the curve and
 * include this file, as src/ecc/ compiles the shared ECDSA code per curve.
 *
 * The including file defines, before including it:
 *   FT_(name)         the curve's internal symbol (pp_p256_##name ...)
 *   FT_N              the field and scalar size in bytes
 *   FT_MATERIAL_SIZE  the key pair material size of the curve
 *   FT_HASH           the hash of the RFC 6979 vector
 *   FT_NAME           the test name for test_report()
 *   x_hex, h_hex, k_hex, sig_hex: the RFC 6979 vector (private key, hash,
 *                     nonce, signature)
 * and includes the curve's internal headers and dispatch/pp_drivers.h.
 * It defines main(): include it once, last.
 *
 * Through the driver entry point FT_(sign_hash): a key buffer whose public
 * part does not belong to d (a fault on d, on its pointer, or on the
 * stored point) must give PSA_ERROR_CORRUPTION_DETECTED with the
 * signature wiped, never a signature. Then FT_(ecdsa_sign_check) itself:
 * the correct (sig, R, d, Q, e, k) passes; one flipped bit of r, of s, of
 * e, of d or of k, R moved by G (a faulty comb), a wrong r with s made
 * from it (a fault in r's encoding, seen only by the x(R) mod n == r
 * check), or a signature made consistently with another k (a fault in the
 * nonce) must each fail a check.
 */
#include <string.h>

/* The knob's default is on (include/picopsa/config.h). */
#if !defined(PICOPSA_SIGN_FAULT_CHECK) || PICOPSA_SIGN_FAULT_CHECK
#define TEST_FAULT_CHECK 1
#else
#define TEST_FAULT_CHECK 0
#endif

static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++) {
        acc |= p[i];
    }
    return acc == 0;
}

int main(void)
{
    uint8_t x[FT_N], h[FT_N], k[FT_N], want[2 * FT_N], sig[2 * FT_N], material[FT_MATERIAL_SIZE];
    size_t material_len = 0, bits = 0, sig_len = 0;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_algorithm_t alg = PSA_ALG_DETERMINISTIC_ECDSA(FT_HASH);

    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_hex_to(x_hex, x, sizeof(x));
    test_hex_to(h_hex, h, sizeof(h));
    test_hex_to(k_hex, k, sizeof(k));
    test_hex_to(sig_hex, want, sizeof(want));
    psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1));
    CHECK_STATUS(FT_(import_key)(&attr, x, FT_N, material, sizeof(material), &material_len,
                                    &bits), PSA_SUCCESS);
    CHECK_STATUS(FT_(sign_hash)(&attr, material, material_len, alg, h, FT_N, sig, sizeof(sig),
                                   &sig_len), PSA_SUCCESS);
    CHECK_MEM(sig, want, 2 * FT_N);

    /* A public part that is not d's: 2 FT_N single-bit flips over x and y. */
    for (unsigned bit = 0; bit < 16u * FT_N; bit += 8u) {
        uint8_t bad[FT_MATERIAL_SIZE];
        memcpy(bad, material, sizeof(bad));
        bad[FT_N + 1u + bit / 8u] ^= (uint8_t)(1u << (bit % 8u));
        memset(sig, 0xa5, sizeof(sig));
        sig_len = 0;
#if TEST_FAULT_CHECK
        CHECK_STATUS(FT_(sign_hash)(&attr, bad, material_len, alg, h, FT_N, sig, sizeof(sig),
                                       &sig_len), PSA_ERROR_CORRUPTION_DETECTED);
        CHECK(all_zero(sig, sizeof(sig)));
#else
        CHECK_STATUS(FT_(sign_hash)(&attr, bad, material_len, alg, h, FT_N, sig, sizeof(sig),
                                       &sig_len), PSA_SUCCESS);
#endif
    }

#if TEST_FAULT_CHECK && defined(PICOPSA_SIGN_FAULT_CHECK)
    {
        const uint8_t *pub = material + FT_N;
        FT_(sc) e, tk;
        FT_(point) r_pt, g;
        uint8_t bad[2 * FT_N], k2[FT_N], d2[FT_N];
        FT_(sc_from_hash)(&e, h, FT_N);
        (void)FT_(sc_from_bytes)(&tk, k);
        FT_(mul_base)(&r_pt, &tk);
        CHECK(FT_(ecdsa_sign_check)(want, &r_pt, x, pub, &e, k) == 0xffffffffu);
        /* One bit of r, of s. */
        for (unsigned i = 0; i < 16u * FT_N; i += 37u) {
            memcpy(bad, want, 2 * FT_N);
            bad[i / 8u] ^= (uint8_t)(1u << (i % 8u));
            CHECK(FT_(ecdsa_sign_check)(bad, &r_pt, x, pub, &e, k) == 0u);
        }
        /* One bit of k, of d. */
        for (unsigned i = 0; i < 8u * FT_N; i += 29u) {
            memcpy(k2, k, FT_N);
            k2[i / 8u] ^= (uint8_t)(1u << (i % 8u));
            CHECK(FT_(ecdsa_sign_check)(want, &r_pt, x, pub, &e, k2) == 0u);
            memcpy(d2, x, FT_N);
            d2[i / 8u] ^= (uint8_t)(1u << (i % 8u));
            CHECK(FT_(ecdsa_sign_check)(want, &r_pt, d2, pub, &e, k) == 0u);
        }
        /* e off by one. */
        {
            FT_(sc) e2, one;
            uint8_t one_b[FT_N] = {0};
            one_b[FT_N - 1] = 1;
            (void)FT_(sc_from_bytes)(&one, one_b);
            FT_(sc_add)(&e2, &e, &one);
            CHECK(FT_(ecdsa_sign_check)(want, &r_pt, x, pub, &e2, k) == 0u);
        }
        /* R + G instead of R (a faulty comb with r and s made from it). */
        {
            uint8_t one_b[FT_N] = {0};
            FT_(sc) one;
            one_b[FT_N - 1] = 1;
            (void)FT_(sc_from_bytes)(&one, one_b);
            FT_(mul_base)(&g, &one);
            FT_(point_add)(&g, &g, &r_pt);
            CHECK(FT_(ecdsa_sign_check)(want, &g, x, pub, &e, k) == 0u);
        }
        /* A wrong r with s made from it (a fault in r's encoding: the
         * inversion, the encoding or the reduction mod n of x(R)): s k ==
         * e + r d, R and d are right, so only check (2), x(R) mod n == r
         * on R's projective coordinates, can see it. First the
         * construction itself: from the right r it gives the right s. */
        {
            FT_(sc) rr, ss, dd, kk, ki;
            uint8_t sb[FT_N];
            (void)FT_(sc_from_bytes)(&dd, x);
            (void)FT_(sc_from_bytes)(&kk, k);
            FT_(sc_inv)(&ki, &kk);
            for (unsigned flip = 0; flip < 2u; flip++) {
                memcpy(bad, want, 2 * FT_N);
                bad[FT_N - 1] ^= (uint8_t)flip;
                (void)FT_(sc_from_bytes)(&rr, bad);
                FT_(sc_mul)(&ss, &rr, &dd);
                FT_(sc_add)(&ss, &ss, &e);
                FT_(sc_mul)(&ss, &ss, &ki);
                FT_(sc_to_bytes)(sb, &ss);
                if (flip == 0) {
                    CHECK(memcmp(sb, want + FT_N, FT_N) == 0);
                } else {
                    memcpy(bad + FT_N, sb, FT_N);
                    CHECK(FT_(ecdsa_sign_check)(bad, &r_pt, x, pub, &e, k) == 0u);
                }
            }
        }
        /* A signature made consistently with k2 = k ^ 1 (a nonce fault),
         * checked against the R of k: rejected by (k + d) G == R + Q. */
        memcpy(k2, k, FT_N);
        k2[FT_N - 1] ^= 1u;
        FT_(ecdsa_sign_k)(bad, x, h, k2);
        CHECK(FT_(ecdsa_sign_check)(bad, &r_pt, x, pub, &e, k2) == 0u);
        /* The same with its own R: consistent, passes here (the second
         * nonce derivation in FT_(ecdsa_sign) is what catches it). */
        (void)FT_(sc_from_bytes)(&tk, k2);
        FT_(mul_base)(&g, &tk);
        CHECK(FT_(ecdsa_sign_check)(bad, &g, x, pub, &e, k2) == 0xffffffffu);
    }
#endif
    return test_report(FT_NAME);
}
