/*
 * ct_cli_sink.c -- the picopsa tool's hex output (programs/picopsa/util.c
 * cli_sink_hex) under valgrind memcheck. It prints secrets: rand -hex
 * (fresh key bytes) and dgst -hmac (a MAC under a secret key), so it must
 * not branch or index memory on the bytes it encodes (the rule of
 * issue 21 section 4 for the tool's key paths). Only the length is public.
 *
 * On the merged clisec code cli_sink_hex looked each nibble up in
 * digits[] (and eabf8a5 printed it with "%02x"): memcheck reports "Use of
 * uninitialised value of size 8" in cli_sink_hex.
 */
#define _GNU_SOURCE

#include "ct.h"

#define PPK_CT_PUBLIC(p, n) CT_PUBLIC((p), (n))
#include "../../programs/picopsa/util.c"
#include "../../programs/picopsa/keyfile.c"

#include "test_util.h"

/* util.c's key loading reaches the key store (store.c): not used here. */
int cli_is_key_ref(const char *path)
{
    (void)path;
    return 0;
}

int cli_key_load_stored(cli_key *k, const char *ref, int want_public)
{
    (void)k;
    (void)ref;
    (void)want_public;
    return 1;
}

int main(void)
{
    static uint8_t secret[300];
    static char want[2 * sizeof(secret) + 1];
    size_t len, i;

    test_rng_seed(0x5e4c);
    CHECK(CT_UNDER_VALGRIND());
    /* Every byte value, then random bytes; several lengths (chunking). */
    for (i = 0; i < 256u; i++) {
        secret[i] = (uint8_t)i;
    }
    test_rng_bytes(secret + 256, sizeof(secret) - 256u);
    for (len = 0; len <= sizeof(secret); len += len < 70u ? 1u : 23u) {
        cli_sink s;
        for (i = 0; i < len; i++) {
            (void)snprintf(want + 2u * i, 3, "%02x", secret[i]);
        }
        CHECK(cli_sink_open(&s, NULL, 1) == 0);
        CT_SECRET(secret, sizeof(secret));
        cli_sink_hex(&s, secret, len);
        CT_PUBLIC(secret, sizeof(secret));
        CHECK(!s.failed && s.len == 2u * len);
        if (s.buf != NULL) {
            CT_PUBLIC(s.buf, s.cap);
        }
        CHECK(s.len == 2u * len && (len == 0u || memcmp(s.buf, want, 2u * len) == 0));
        cli_sink_abort(&s);
    }
    return test_report("ct_cli_sink");
}
