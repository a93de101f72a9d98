/*
 * ct_xts.c -- XTS-AES (src/cipher/cipher_xts.c) is constant time in the
 * keys, the tweak and the data: under valgrind memcheck, after
 * pp_cipher_setup, the kept Key1 || Key2, the tweak and the input are
 * marked secret (CT_SECRET); set_iv (Key2's schedule, E_Key2(tweak), Key1's
 * schedule), updates in odd chunks (held-back bytes, in place and not) and
 * finish (whole blocks and ciphertext stealing of 1..15 bytes) then run
 * for AES-128/192/256-XTS in both directions. The Key1 != Key2 check is
 * run on a secret key and only its flag is declassified: setup branches on
 * that verdict by design (its status says it), so setup itself gets a
 * public key here and ct_psa_cipher runs XTS with a public key.
 * Outputs are declassified before they are compared.
 */
#include <psa/crypto.h>
#include "cipher/cipher.h"
#include "cipher/cipher_modes.h"

#include <string.h>

#include "ct.h"
#include "test_util.h"

#if !(PSA_WANT_ALG_XTS)
int main(void)
{
    return test_skip("ct_xts", "PSA_WANT_ALG_XTS configured out");
}
#else

static size_t run(const uint8_t *key, size_t key_len, int encrypt, const uint8_t iv[16],
                  const uint8_t *in, size_t len, uint8_t *out, size_t chunk, int in_place)
{
    picopsa_cipher_context c;
    uint8_t last[PP_CIPHER_FINISH_MAX];
    size_t done = 0, total = 0, n = 0;
    psa_status_t st;
    memset(&c, 0, sizeof(c));
    CHECK_STATUS(pp_cipher_setup(&c, PSA_ALG_XTS, PSA_KEY_TYPE_AES, key, key_len, encrypt),
                 PSA_SUCCESS);
    CT_SECRET(c.key.xts.keys, sizeof(c.key.xts.keys));
    CHECK_STATUS(pp_cipher_set_iv(&c, iv, 16), PSA_SUCCESS);
    if (in_place) {
        memcpy(out, in, len);
    }
    while (done < len) {
        size_t k = len - done < chunk ? len - done : chunk;
        n = pp_cipher_update_length(&c, k);
        CHECK_STATUS(pp_cipher_update(&c, in_place ? out + done : in + done, k,
                                      out + total),
                     PSA_SUCCESS);
        done += k;
        total += n;
    }
    st = pp_cipher_finish(&c, last, &n);
    CT_PUBLIC(&st, sizeof(st));
    CHECK_STATUS(st, PSA_SUCCESS);
    memcpy(out + total, last, n);
    return total + n;
}

static void one(size_t key_len, size_t len)
{
    uint8_t key[64], iv[16], msg[200], a[240], b[240], c[240];
    size_t chunk;
    test_rng_bytes(key, sizeof(key));
    key[0] = (uint8_t)(key[key_len / 2] ^ 1u);   /* Key1 != Key2 */
    test_rng_bytes(iv, sizeof(iv));
    test_rng_bytes(msg, sizeof(msg));
    CT_SECRET(iv, sizeof(iv));
    CT_SECRET(msg, sizeof(msg));
    CHECK(run(key, key_len, 1, iv, msg, len, a, len, 0) == len);
    for (chunk = 7; chunk <= 37; chunk += 30) {
        CHECK(run(key, key_len, 1, iv, msg, len, b, chunk, chunk == 37) == len);
        CT_PUBLIC(a, sizeof(a));
        CT_PUBLIC(b, sizeof(b));
        CHECK_MEM(a, b, len);
        CT_SECRET(a, sizeof(a));
        CHECK(run(key, key_len, 0, iv, a, len, c, chunk, chunk == 7) == len);
        CT_PUBLIC(c, sizeof(c));
        CT_PUBLIC(msg, sizeof(msg));
        CHECK_MEM(c, msg, len);
        CT_SECRET(msg, sizeof(msg));
    }
    CT_PUBLIC(iv, sizeof(iv));
    CT_PUBLIC(msg, sizeof(msg));
}

int main(void)
{
    uint8_t key[64];
    size_t k, len;
    int differ;
    test_rng_seed(0x1619c7);
    CHECK(CT_UNDER_VALGRIND());
    for (k = 32; k <= 64; k += 16) {
        for (len = 16; len <= 49; len += 11) {   /* 16, 27, 38, 49: whole and stolen */
            one(k, len);
        }
        one(k, 160);
        /* the key check on a secret key: only the flag is public */
        test_rng_bytes(key, sizeof(key));
        CT_SECRET(key, sizeof(key));
        differ = pp_cipher_xts_keys_differ(key, k / 2);
        CT_PUBLIC(&differ, sizeof(differ));
        CHECK(differ == 1);
        memcpy(key + k / 2, key, k / 2);
        differ = pp_cipher_xts_keys_differ(key, k / 2);
        CT_PUBLIC(&differ, sizeof(differ));
        CHECK(differ == 0);
        CT_PUBLIC(key, sizeof(key));
    }
    return test_report("ct_xts");
}

#endif /* PSA_WANT_ALG_XTS */
