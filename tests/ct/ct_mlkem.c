/*
 * ct_mlkem.c -- ML-KEM (FIPS 203) is constant time in its secrets, checked
 * under valgrind memcheck (tests/ct/ct.h), for the three parameter sets:
 *  - key generation with d and z secret: G(d || k) is computed here (one
 *    SHA-3 call, ct_sha3 covers it), rho is declassified -- it is public by
 *    design, the last 32 bytes of ek, and the rejection sampling of A
 *    branches on it -- and pp_mlkem_keygen_expanded runs with sigma and z
 *    secret (CBD sampling, NTT, the products, packing into dk);
 *  - encapsulation with m secret (G, the CBD noise from r, NTT, the
 *    products with y-hat, compression, K) and ek public;
 *  - decapsulation with dk's secret parts (s-hat and z) secret, of the
 *    valid ciphertext and of one with a flipped bit: decryption, G, J, the
 *    re-encryption compared with c and the mask selecting K or K-bar must
 *    not branch or index on them, so the timing does not tell a valid
 *    ciphertext from an invalid one. The public parts of dk (ek, H(ek))
 *    stay public: the hash check of 7.3 reads those only.
 * Declassified results are compared with the calls on public copies.
 */
#include <string.h>

#include "ct.h"
#include "hash/sha3.h"
#include "mlkem/mlkem.h"
#include "test_util.h"

static void one_set(const pp_mlkem_params *p)
{
    static uint8_t ek[PP_MLKEM_EK_BYTES_MAX], dk[PP_MLKEM_DK_BYTES_MAX];
    static uint8_t ek_pub[PP_MLKEM_EK_BYTES_MAX], dk_pub[PP_MLKEM_DK_BYTES_MAX];
    static uint8_t c[PP_MLKEM_CT_BYTES_MAX], c_pub[PP_MLKEM_CT_BYTES_MAX];
    const size_t ek_len = pp_mlkem_ek_bytes(p), dk_len = pp_mlkem_dk_bytes(p);
    const size_t c_len = pp_mlkem_ct_bytes(p), s_len = 384u * p->k;
    uint8_t d[33], z[32], m[32], rs[64], K[32], K_pub[32];

    test_rng_bytes(d, 32);
    test_rng_bytes(z, 32);
    test_rng_bytes(m, 32);
    CHECK_STATUS(pp_mlkem_keygen_internal(p, d, z, ek_pub, dk_pub), PSA_SUCCESS);
    CHECK_STATUS(pp_mlkem_encaps_internal(p, ek_pub, ek_len, m, K_pub, c_pub), PSA_SUCCESS);

    /* key generation */
    d[32] = p->k;
    CT_SECRET(d, 32);
    CT_SECRET(z, 32);
    CHECK(pp_sha3(512, d, 33, rs) == 0);
    CT_PUBLIC(rs, 32);
    CHECK_STATUS(pp_mlkem_keygen_expanded(p, rs, rs + 32, z, ek, dk), PSA_SUCCESS);
    CT_PUBLIC(ek, ek_len);
    CT_PUBLIC(dk, dk_len);
    CHECK_MEM(ek, ek_pub, ek_len);
    CHECK_MEM(dk, dk_pub, dk_len);

    /* encapsulation */
    CT_SECRET(m, 32);
    CHECK_STATUS(pp_mlkem_encaps_internal(p, ek, ek_len, m, K, c), PSA_SUCCESS);
    CT_PUBLIC(K, 32);
    CT_PUBLIC(c, c_len);
    CHECK_MEM(c, c_pub, c_len);
    CHECK_MEM(K, K_pub, 32);

    /* decapsulation, valid then invalid ciphertext */
    for (unsigned pass = 0; pass < 2; pass++) {
        uint8_t want[32];
        if (pass == 1) {
            c[c_len / 2] ^= 0x10;
            memcpy(c_pub, c, c_len);
        }
        CHECK_STATUS(pp_mlkem_decaps(p, dk_pub, dk_len, c_pub, c_len, want), PSA_SUCCESS);
        CT_SECRET(dk, s_len);
        CT_SECRET(dk + dk_len - 32, 32);
        CHECK_STATUS(pp_mlkem_decaps(p, dk, dk_len, c, c_len, K), PSA_SUCCESS);
        CT_PUBLIC(K, 32);
        CT_PUBLIC(dk, dk_len);
        CHECK_MEM(K, want, 32);
        CHECK((memcmp(want, K_pub, 32) == 0) == (pass == 0));
    }
}

int main(void)
{
    CHECK(CT_UNDER_VALGRIND());
    test_rng_seed(203);
    one_set(&pp_mlkem_512);
    one_set(&pp_mlkem_768);
    one_set(&pp_mlkem_1024);
    return test_report("ct_mlkem");
}
