/*
 * ct_rsa_keygen.c -- constant-time check of the prime-testing core of RSA
 * key generation under valgrind memcheck: a Miller-Rabin round
 * (pp_rsa_miller_rabin_round: R^2, trailing-zero count, masked shift,
 * fixed-window exponentiation, the fixed 64 squarings) and the sieve
 * residues (pp_rsa_residue_u32) on a secret candidate and a secret base.
 * Only the verdict is declassified, as key generation branches on it
 * (accept/reject). Candidates: a 1024-bit prime (the Wycheproof 2048-bit
 * key's p) and the composite p ^ 2.
 */
#include "test_config.h"
#include "test_util.h"
#if !(TEST_HAVE_RSA_KEY_PAIR)
/* The whole subject of this test is configured out. */
int main(void)
{
    return test_skip("ct_rsa_keygen", "RSA key pairs configured out (PSA_WANT_KEY_TYPE_RSA_KEY_PAIR 0)");
}
#else

#include <stdlib.h>
#include <string.h>

#include "ct.h"
#include "json.h"
#include "rsa/rsa_core_internal.h"
#include "test_util.h"

#define HL PP_BN_LIMBS(1024)

static pp_limb verdict_of(const pp_limb *w_public, const pp_limb *base_public)
{
    pp_limb w[HL], base[HL], verdict;
    uint32_t residues[3];
    static const uint32_t mods[3] = { 3, 4093, 65537 };
    size_t i;
    memcpy(w, w_public, sizeof(w));
    memcpy(base, base_public, sizeof(base));
    CT_SECRET(w, sizeof(w));
    CT_SECRET(base, sizeof(base));
    verdict = pp_rsa_miller_rabin_round(w, 1024, base, HL, 0);
    for (i = 0; i < 3; i++) {
        residues[i] = pp_rsa_residue_u32(w, HL, mods[i]);
    }
    CT_PUBLIC(&verdict, sizeof(verdict));
    CT_PUBLIC(residues, sizeof(residues));
    /* the residues agree with a plain (variable-time) computation */
    for (i = 0; i < 3; i++) {
        uint64_t r = 0;
        size_t j = HL;
        while (j-- > 0) {
            unsigned b = PP_BN_LIMB_BITS;
            while (b > 0) {
                b -= 16u;
                r = ((r << 16) | (uint16_t)(w_public[j] >> b)) % mods[i];
            }
        }
        CHECK(residues[i] == (uint32_t)r);
    }
    return verdict;
}

int main(void)
{
    json_value *root;
    uint8_t *p_bytes;
    size_t p_len;
    pp_limb p[HL], base[HL];
    CHECK(CT_UNDER_VALGRIND());
    test_rng_seed(0x63745f6b67000001ull);
    root = json_parse_file(test_data_path("vectors/wycheproof/rsa_pkcs1_2048_test.json"));
    if (!CHECK(root != NULL)) {
        return test_report("ct_rsa_keygen");
    }
    p_bytes = test_hex_decode(json_str(json_get(json_get(json_at(json_get(root, "testGroups"), 0),
                                                         "privateKey"), "prime1")), &p_len);
    CHECK(pp_bn_from_bytes(p, HL, p_bytes, p_len) == 1);
    test_rng_bytes((uint8_t *)base, sizeof(base));
    CHECK(verdict_of(p, base) == (pp_limb)0 - 1u);      /* prime: passes */
    p[0] ^= 2u;
    CHECK(verdict_of(p, base) == 0);                    /* composite: caught */
    free(p_bytes);
    json_free(root);
    return test_report("ct_rsa_keygen");
}
#endif /* TEST_HAVE_RSA_KEY_PAIR */
