/*
 * ct_psa_mlkem.c -- constant-time check of the whole psa_decapsulate path
 * (front end psa_kem.c, dispatch_kem.c, the ML-KEM driver mlkem_psa.c,
 * pp_mlkem_decaps, the creation of the output key by psa_import_key) under
 * valgrind memcheck, for ML-KEM-512, 768 and 1024.
 *
 * An ML-KEM key pair is imported from a seed, then the secret parts of its
 * key buffer in the slot are marked secret: the seed d || z, dk's s-hat
 * (384 k bytes) and dk's copy of z. ek and H(ek) inside dk stay public (the
 * FIPS 203 7.3 hash check reads them only). The ciphertext is public, as
 * on the wire. Decapsulated: the valid ciphertext and copies with one bit
 * flipped at three places, so the re-encryption comparison and the
 * K / K-bar select run both ways: a branch or index on s-hat, m', the
 * comparison or K would be reported, and nothing tells a valid ciphertext
 * from a modified one (implicit rejection, FIPS 203 Alg. 18). The output
 * key (HMAC, exportable) is exported and declassified only after the
 * calls, and compared with the primitive's answer on public copies.
 */
#include <string.h>

#include <psa/crypto.h>

#include "ct.h"
#include "core/pp_core.h"
#include "mlkem/mlkem.h"
#include "test_util.h"

#if PSA_WANT_ALG_ML_KEM

/* Mark the seed, s-hat and z of the pair in slot `id` secret. */
static void mark_key_secret(psa_key_id_t id, unsigned k)
{
    pp_key_slot *slot;
    uint8_t *m;
    if (!CHECK_STATUS(pp_slot_get(id, &slot), PSA_SUCCESS)) {
        return;
    }
    m = slot->material;
    CHECK(slot->material_len == 64u + 768u * k + 96u);
    CT_SECRET(m, 64);                         /* d || z */
    CT_SECRET(m + 64, 384u * k);              /* dk_pke = s-hat */
    CT_SECRET(m + 64 + 768u * k + 64u, 32);   /* z at the end of dk */
    pp_slot_unlock(slot);
}

static void one_set(unsigned bits)
{
    static uint8_t ek[PP_MLKEM_EK_BYTES_MAX], dk[PP_MLKEM_DK_BYTES_MAX];
    static uint8_t c[PP_MLKEM_CT_BYTES_MAX];
    const pp_mlkem_params *p = pp_mlkem_params_for(bits);
    const size_t c_len = pp_mlkem_ct_bytes(p);
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT, o = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t pair = 0;
    uint8_t seed[64], m[32], K_enc[32];
    size_t where[4] = {0, 0, 0, 0};

    test_rng_bytes(seed, sizeof(seed));
    test_rng_bytes(m, sizeof(m));
    CHECK_STATUS(pp_mlkem_keygen_seed(p, seed, 64, ek, dk), PSA_SUCCESS);
    CHECK_STATUS(pp_mlkem_encaps_internal(p, ek, pp_mlkem_ek_bytes(p), m, K_enc, c), PSA_SUCCESS);

    psa_set_key_type(&a, PSA_KEY_TYPE_ML_KEM_KEY_PAIR);
    psa_set_key_bits(&a, bits);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&a, PSA_ALG_ML_KEM);
    CHECK_STATUS(psa_import_key(&a, seed, sizeof(seed), &pair), PSA_SUCCESS);
    mark_key_secret(pair, p->k);

    psa_set_key_type(&o, PSA_KEY_TYPE_HMAC);
    psa_set_key_usage_flags(&o, PSA_KEY_USAGE_EXPORT);
    psa_set_key_algorithm(&o, PSA_ALG_HMAC(PSA_ALG_SHA_256));

    where[1] = 1;
    where[2] = c_len / 2;
    where[3] = c_len - 1;
    for (int pass = 0; pass < 4; pass++) {
        uint8_t K[32], want[32];
        psa_key_id_t out = PSA_KEY_ID_NULL;
        psa_status_t st;
        size_t len = 0;
        if (pass > 0) {
            c[where[pass]] ^= 0x10;
        }
        st = psa_decapsulate(pair, PSA_ALG_ML_KEM, c, c_len, &o, &out);
        CT_PUBLIC(&st, sizeof(st));
        CT_PUBLIC(&out, sizeof(out));
        CHECK_STATUS(st, PSA_SUCCESS);
        CHECK_STATUS(psa_export_key(out, K, sizeof(K), &len), PSA_SUCCESS);
        CT_PUBLIC(&len, sizeof(len));
        CT_PUBLIC(K, sizeof(K));
        CHECK(len == 32);
        CHECK_STATUS(psa_destroy_key(out), PSA_SUCCESS);
        /* The primitive on public copies: K for the valid c, J(z || c')
         * for a modified one. */
        CHECK_STATUS(pp_mlkem_decaps(p, dk, pp_mlkem_dk_bytes(p), c, c_len, want), PSA_SUCCESS);
        CHECK_MEM(K, want, 32);
        CHECK((memcmp(K, K_enc, 32) == 0) == (pass == 0));
        if (pass > 0) {
            c[where[pass]] ^= 0x10;
        }
    }
    CHECK_STATUS(psa_destroy_key(pair), PSA_SUCCESS);
}

int main(void)
{
    CHECK(CT_UNDER_VALGRIND());
    test_rng_seed(26);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    one_set(512);
    one_set(768);
    one_set(1024);
    return test_report("ct_psa_mlkem");
}

#else
int main(void)
{
    return test_skip("ct_psa_mlkem", "PSA_WANT_ALG_ML_KEM is 0");
}
#endif
