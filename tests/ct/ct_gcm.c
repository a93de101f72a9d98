/*
 * ct_gcm.c -- AES-GCM (src/aead/gcm.h) is constant time in the key, the
 * IV, the AAD and the plaintext: under valgrind memcheck with all four
 * marked secret, key setup, J0 (12-byte IV and the GHASH-derived J0 of a
 * 20-byte IV, whose counter takes the inc32 path), streamed encryption in
 * uneven chunks (one long enough for the 8-block pass of ghash_x86.c), the tag, streamed decryption in place, the verify of a
 * good and of a wrong (secret) tag, and the one-shot helpers must not
 * branch or index memory on them. Only outputs that are public by design
 * are declassified (ciphertext, tag, recovered plaintext for the check,
 * the verdict status); they are checked against the same calls on public
 * inputs. Run with PCLMULQDQ + AES-NI, then with both portable backends.
 */
#include <stdio.h>
#include <string.h>

#include "aead/gcm.h"
#include "aead/ghash.h"
#include "aes/aes.h"
#include "aes/aes_hw.h"
#include "ct.h"
#include "test_util.h"

#define PT_LEN 300u
#define AAD_LEN 37u

/* Encrypt in chunks of 1, 15, 16, 200 and the rest (public sizes): the
 * 200 starts on a block boundary, so the one-pass GCTR + GHASH of the
 * PCLMULQDQ path takes 128 bytes of it. */
static void encrypt_chunks(pp_gcm_ctx *c, const uint8_t *in, uint8_t *out)
{
    static const size_t cuts[5] = {1, 15, 16, 200, PT_LEN - 232};
    size_t i, off = 0;
    for (i = 0; i < 5; i++) {
        CHECK_STATUS(pp_gcm_encrypt(c, in + off, out + off, cuts[i]), PSA_SUCCESS);
        off += cuts[i];
    }
}

/* Key bytes, AAD in two calls, encrypt_chunks, tag. */
static void encrypt_stream(const uint8_t *key, size_t kl, const uint8_t *iv, size_t il,
                           const uint8_t *aad, const uint8_t *pt, uint8_t *ct, uint8_t tag[16])
{
    pp_gcm_ctx c;
    CHECK_STATUS(pp_gcm_init_key(&c, key, kl, iv, il), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_aad(&c, aad, 5), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_aad(&c, aad + 5, AAD_LEN - 5), PSA_SUCCESS);
    encrypt_chunks(&c, pt, ct);
    CHECK_STATUS(pp_gcm_finish(&c, tag), PSA_SUCCESS);
}

static void one_iv(size_t kl, size_t il)
{
    uint8_t key[32], iv[20], aad[AAD_LEN], pt[PT_LEN], ct[PT_LEN], ct_pub[PT_LEN], buf[PT_LEN];
    uint8_t tag[16], tag_pub[16], bad[16];
    pp_gcm_ctx c;
    pp_aes_key k;
    psa_status_t st;

    test_rng_bytes(key, sizeof key);
    test_rng_bytes(iv, sizeof iv);
    test_rng_bytes(aad, sizeof aad);
    test_rng_bytes(pt, sizeof pt);

    /* reference on public inputs */
    encrypt_stream(key, kl, iv, il, aad, pt, ct_pub, tag_pub);

    CT_SECRET(key, sizeof key);
    CT_SECRET(iv, sizeof iv);
    CT_SECRET(aad, sizeof aad);
    CT_SECRET(pt, sizeof pt);

    /* streamed encryption */
    encrypt_stream(key, kl, iv, il, aad, pt, ct, tag);
    CT_PUBLIC(ct, sizeof ct);
    CT_PUBLIC(tag, sizeof tag);
    CHECK_MEM(ct, ct_pub, sizeof ct);
    CHECK_MEM(tag, tag_pub, sizeof tag);

    /* streamed decryption in place, good tag, then a wrong secret tag */
    CHECK_STATUS(pp_aes_set_key(&k, key, kl), PSA_SUCCESS);
    memcpy(buf, ct, sizeof buf);
    CHECK_STATUS(pp_gcm_init(&c, &k, iv, il), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_aad(&c, aad, AAD_LEN), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_decrypt(&c, buf, buf, 33), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_decrypt(&c, buf + 33, buf + 33, PT_LEN - 33), PSA_SUCCESS);
    st = pp_gcm_verify(&c, tag, 16);
    CT_PUBLIC(&st, sizeof st);
    CHECK_STATUS(st, PSA_SUCCESS);
    CT_PUBLIC(buf, sizeof buf);
    CT_PUBLIC(pt, sizeof pt);
    CHECK_MEM(buf, pt, sizeof buf);
    CT_SECRET(pt, sizeof pt);

    memcpy(bad, tag, sizeof bad);
    bad[7] ^= 0x04;
    CT_SECRET(bad, sizeof bad);
    CHECK_STATUS(pp_gcm_init(&c, &k, iv, il), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_aad(&c, aad, AAD_LEN), PSA_SUCCESS);
    CHECK_STATUS(pp_gcm_decrypt(&c, ct, buf, PT_LEN), PSA_SUCCESS);
    st = pp_gcm_verify(&c, bad, 12);
    CT_PUBLIC(&st, sizeof st);
    CHECK_STATUS(st, PSA_ERROR_INVALID_SIGNATURE);

    /* one-shot helpers: encrypt, decrypt good and wrong tag */
    CHECK_STATUS(pp_gcm_encrypt_oneshot(&k, iv, il, aad, AAD_LEN, pt, buf, PT_LEN, tag, 16),
                 PSA_SUCCESS);
    CT_PUBLIC(buf, sizeof buf);
    CT_PUBLIC(tag, sizeof tag);
    CHECK_MEM(buf, ct_pub, sizeof buf);
    CHECK_MEM(tag, tag_pub, sizeof tag);
    st = pp_gcm_decrypt_oneshot(&k, iv, il, aad, AAD_LEN, ct, buf, PT_LEN, tag, 16);
    CT_PUBLIC(&st, sizeof st);
    CHECK_STATUS(st, PSA_SUCCESS);
    st = pp_gcm_decrypt_oneshot(&k, iv, il, aad, AAD_LEN, ct, buf, PT_LEN, bad, 16);
    CT_PUBLIC(&st, sizeof st);
    CHECK_STATUS(st, PSA_ERROR_INVALID_SIGNATURE);
    pp_aes_wipe(&k);
}

static void run_all(void)
{
    CHECK(CT_UNDER_VALGRIND());
    test_rng_seed(38);
    one_iv(16, 12);
    one_iv(16, 20);
    one_iv(32, 12);
    one_iv(24, 1);
}

/* Both paths: PCLMULQDQ GHASH + AES-NI where the CPU has them, then the
 * portable GHASH and the portable AES backend. */
int main(void)
{
#if PP_GHASH_HW_X86
    printf("PCLMULQDQ %s\n", pp_ghash_hw_available() ? "present: hardware path, then portable"
                                                     : "absent: portable only");
    run_all();
    pp_ghash_hw_restrict(0);
#endif
#if PP_AES_HW_X86
    pp_aes_hw_restrict(0);
#endif
    run_all();
    return test_report("ct_gcm");
}
