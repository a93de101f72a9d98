/*
 * ct_mldsa.c -- ML-DSA (FIPS 204) is constant time in its secrets, checked
 * under valgrind memcheck (tests/ct/ct.h), for the three parameter sets:
 *  - key generation: H(xi || k || l) with xi secret (one SHAKE256 call,
 *    ct_sha3 covers it), then pp_mldsa_keygen_from_s with K, s1 and s2
 *    secret in sk (NTT of s1, the products with A, t = A s1 + s2,
 *    Power2Round, the packing of t0 into sk and of t1 into pk, tr). rho is
 *    public (it is the start of pk). ExpandS itself runs on a public copy:
 *    it branches on which half-bytes of its stream are rejected, a pattern
 *    independent of the accepted coefficients (mldsa_poly.h);
 *  - signing with K, s1, s2, t0 (sk past rho and tr) and rnd secret: the
 *    loop of Sign_internal is run here through its seams, declassifying
 *    what FIPS 204's analysis lets the signer reveal (mldsa.c above
 *    pp_mldsa_sign_mu): c-tilde of each attempt and the accept verdict,
 *    then the hints of the accepted attempt (part of the signature).
 *    Everything else -- rho'', y, w, c s1, c s2, c t0, the norm checks, the
 *    hint computation and count -- must not branch or index on secrets;
 *  - the signature equals the public run's (pp_mldsa_sign_mu).
 */
#include <string.h>

#include <picopsa/config.h>

#include "ct.h"
#include "test_util.h"

#if !PSA_WANT_ALG_ML_DSA
int main(void)
{
    return test_skip("ct_mldsa", "ML-DSA configured out");
}
#else
#include "hash/sha3.h"
#include "mldsa/mldsa.h"

static void one_set(const pp_mldsa_params *p)
{
    static uint8_t pk[PP_MLDSA_PK_BYTES_MAX], sk[PP_MLDSA_SK_BYTES_MAX];
    static uint8_t pk_pub[PP_MLDSA_PK_BYTES_MAX], sk_pub[PP_MLDSA_SK_BYTES_MAX];
    static uint8_t sig[PP_MLDSA_SIG_BYTES_MAX], sig_pub[PP_MLDSA_SIG_BYTES_MAX];
    static pp_mldsa_sign_work w;
    const size_t s_end = 128u + 32u * (p->eta == 2u ? 3u : 4u) * ((size_t)p->k + p->l);
    uint8_t in[34], seeds[128], rnd[32], mu[64], rhopp[64], ctilde[64];
    unsigned attempts = 0;

    test_rng_bytes(in, 32);
    test_rng_bytes(rnd, 32);
    test_rng_bytes(mu, 64);
    CHECK_STATUS(pp_mldsa_keygen_internal(p, in, pk_pub, sk_pub), PSA_SUCCESS);
    CHECK_STATUS(pp_mldsa_sign_mu(p, sk_pub, mu, rnd, sig_pub), PSA_SUCCESS);

    /* key generation */
    in[32] = p->k;
    in[33] = p->l;
    CT_SECRET(in, 32);
    CHECK(pp_shake(256, in, sizeof(in), seeds, sizeof(seeds)) == 0);
    CT_PUBLIC(seeds, sizeof(seeds));          /* rho is public; rho', K compared */
    CHECK_MEM(seeds, sk_pub, 32);
    CHECK_MEM(seeds + 96, sk_pub + 32, 32);
    memset(sk, 0, sizeof(sk));
    memcpy(sk, sk_pub, s_end);                /* rho, K, (tr), s1, s2 from ExpandS */
    CT_SECRET(sk + 32, 32);                   /* K */
    CT_SECRET(sk + 128, s_end - 128u);        /* s1, s2 */
    pp_mldsa_keygen_from_s(p, sk, pk);
    CT_PUBLIC(pk, p->pk_bytes);
    CT_PUBLIC(sk, p->sk_bytes);
    CHECK_MEM(pk, pk_pub, p->pk_bytes);
    CHECK_MEM(sk, sk_pub, p->sk_bytes);

    /* signing */
    CT_SECRET(sk + 32, 32);
    CT_SECRET(sk + 128, p->sk_bytes - 128u);  /* s1, s2, t0 */
    CT_SECRET(rnd, 32);
    pp_mldsa_rhopp(sk, rnd, mu, rhopp);
    for (unsigned kappa = 0;; kappa += p->l) {
        uint32_t reject;
        attempts++;
        pp_mldsa_sign_commit(p, sk, mu, rhopp, kappa, &w, ctilde);
        CT_PUBLIC(ctilde, p->ctilde_bytes);
        reject = pp_mldsa_sign_respond(p, sk, ctilde, &w, sig);
        CT_PUBLIC(&reject, sizeof(reject));
        if (reject == 0) {
            CT_PUBLIC(w.h, sizeof(w.h));
            pp_mldsa_sign_finish(p, &w, sig);
            break;
        }
        CHECK(attempts < 200);
        if (attempts >= 200) {
            break;
        }
    }
    CT_PUBLIC(sig, p->sig_bytes);
    CHECK_MEM(sig, sig_pub, p->sig_bytes);
    CHECK(attempts >= 1);
}

int main(void)
{
    CHECK(CT_UNDER_VALGRIND());
    test_rng_seed(204);
    one_set(&pp_mldsa_44);
    one_set(&pp_mldsa_65);
    one_set(&pp_mldsa_87);
    return test_report("ct_mldsa");
}
#endif
