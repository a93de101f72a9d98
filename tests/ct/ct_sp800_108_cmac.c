/*
 * ct_sp800_108_cmac.c -- the SP 800-108 counter-mode CMAC KDF
 * (src/kdf/sp800_108_cmac.h) is constant time in K_IN and K_0: under
 * valgrind memcheck with the AES key marked secret (128, 192 and 256
 * bits), setup, start (K_0) and the stream in uneven pieces must not
 * branch or index memory on them. The declassified output must equal the
 * known answers of tests/data/kdf/sp800_108_cmac_kat.py.
 */
#include <string.h>

#include <picopsa/config.h>

#include "ct.h"
#include "test_util.h"

#if !PSA_WANT_ALG_SP800_108_COUNTER_CMAC
int main(void)
{
    return test_skip("ct_sp800_108_cmac", "PSA_WANT_ALG_SP800_108_COUNTER_CMAC configured out");
}
#else

#include "kdf/sp800_108_cmac.h"

/* Rows 3, 5 and 6 of the script: key length, label, context, output. */
static const struct {
    size_t key_len;
    const char *label, *context, *out;
} KAT[3] = {
    {16, "", "", "c5f57158295913ceedff81345de3ce31"},
    {24, "", "context only", "f31c14541eb207e7852fdb9b7cacfaaafb384a60741a803698939ff092aef1e704"},
    {32, "a label", "\x00\x01\x02 context with zeros",
     "99605b8a2be24fbcafbf701f229d5eb185bb3a581a7d375f611fbb180f272054ab1da859f2678ed09228522c"
     "dd6a9f40d3c33219c93d31360d729584bdda29cb"},
};

int main(void)
{
    uint8_t key[32], out[64], want[64];
    size_t i, k;

    CHECK(CT_UNDER_VALGRIND());
    for (i = 0; i < 3; i++) {
        pp_sp800_108_cmac_ctx ctx;
        const uint8_t *label = (const uint8_t *)KAT[i].label;
        const uint8_t *context = (const uint8_t *)KAT[i].context;
        size_t label_len = strlen(KAT[i].label);
        size_t context_len = i == 2 ? 22 : strlen(KAT[i].context);   /* row 3 starts with 0x00 */
        size_t len = test_hex_to(KAT[i].out, want, sizeof(want));
        for (k = 0; k < KAT[i].key_len; k++) {
            key[k] = (uint8_t)k;
        }
        CT_SECRET(key, KAT[i].key_len);
        CHECK_STATUS(pp_sp800_108_cmac_setup(&ctx, key, KAT[i].key_len), PSA_SUCCESS);
        CHECK_STATUS(pp_sp800_108_cmac_start(&ctx, len, label, label_len, context, context_len),
                     PSA_SUCCESS);
        CHECK_STATUS(pp_sp800_108_cmac_output(&ctx, label, label_len, context, context_len, out,
                                              len / 3), PSA_SUCCESS);
        CHECK_STATUS(pp_sp800_108_cmac_output(&ctx, label, label_len, context, context_len,
                                              out + len / 3, len - len / 3), PSA_SUCCESS);
        pp_sp800_108_cmac_wipe(&ctx);
        CT_PUBLIC(out, len);
        CT_PUBLIC(key, KAT[i].key_len);
        CHECK_MEM(out, want, len);
    }
    return test_report("ct_sp800_108_cmac");
}
#endif
