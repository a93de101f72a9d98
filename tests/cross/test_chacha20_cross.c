/*
 * test_chacha20_cross.c -- ChaCha20's AArch64 NEON path (src/chacha20/
 * chacha20_neon.c) in the AArch64 cross build (make test-aarch64, run
 * under qemu-user), where OpenSSL is not installed for the target: known
 * answers and the NEON path against the portable one.
 *  - RFC 8439 2.4.2 (114 bytes from counter 1) and A.2 test vector 1
 *    (four zero-key blocks, so the NEON step runs) with NEON allowed and
 *    restricted away (pp_chacha20_simd_restrict(0));
 *  - random keys, nonces and counters (near 2^32 too), every length
 *    0..1300 in random pieces, in place and to a second buffer: NEON ==
 *    portable, statuses included (the counter end refused the same way);
 *  - with PP_EXPECT_CHACHA20_NEON=1 in the environment the NEON path must
 *    be the one named (so the comparison cannot silently compare C with C).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <picopsa/backends.h>

#include "chacha20/chacha20.h"
#include "chacha20/chacha20_simd.h"

static unsigned long passed, failed;

static void check(int ok, const char *what, unsigned long detail)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "FAIL %s (%lu)\n", what, detail);
    }
}

static size_t from_hex(const char *hex, uint8_t *out)
{
    size_t n = 0;
    unsigned v;
    while (hex[0] != '\0' && hex[1] != '\0' && sscanf(hex, "%2x", &v) == 1) {
        out[n++] = (uint8_t)v;
        hex += 2;
    }
    return n;
}

static uint32_t rng_state = 8439u;

static uint32_t rnd(void)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return rng_state >> 8;
}

/* len bytes of in through a fresh context in random pieces; the statuses
 * ORed into *status as a bit mask per piece index (bit 31 for the rest). */
static void run(int neon, const uint8_t key[32], uint32_t counter, const uint8_t nonce[12],
                const uint8_t *in, uint8_t *out, size_t len, const size_t *pieces,
                size_t npieces, uint32_t *refused)
{
    pp_chacha20_ctx ctx;
    size_t i, off = 0;
    pp_chacha20_simd_restrict(neon ? 1 : 0);
    pp_chacha20_init(&ctx, key, counter, nonce);
    *refused = 0;
    for (i = 0; i < npieces && off < len; i++) {
        size_t n = pieces[i] < len - off ? pieces[i] : len - off;
        if (pp_chacha20_xor(&ctx, in + off, out + off, n) != PSA_SUCCESS) {
            *refused |= 1u << (i < 31 ? i : 31);
        } else {
            off += n;
        }
    }
    pp_chacha20_wipe(&ctx);
    pp_chacha20_simd_restrict(1);
}

int main(void)
{
    static const char sunscreen[] =
        "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for "
        "the future, sunscreen would be it.";
    static uint8_t in[1400], a[1400], b[1400], want[256];
    uint8_t key[32], nonce[12];
    const char *expect = getenv("PP_EXPECT_CHACHA20_NEON");
    const char *name = picopsa_backend_name(PICOPSA_FAMILY_CHACHA20);
    size_t i, len, pieces[64];
    uint32_t ra, rb;
    int neon;

    printf("ChaCha20 backend: %s\n", name != NULL ? name : "(none)");
    if (expect != NULL && expect[0] == '1') {
        check(name != NULL && strcmp(name, "AArch64 NEON") == 0, "NEON path selected", 0);
    }
    for (neon = 0; neon <= 1; neon++) {
        size_t whole[1] = {1400};
        for (i = 0; i < 32; i++) {
            key[i] = (uint8_t)i;
        }
        memset(nonce, 0, sizeof(nonce));
        nonce[7] = 0x4a;
        from_hex("6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
                 "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
                 "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
                 "5af90bbf74a35be6b40b8eedf2785e42874d", want);
        run(neon, key, 1, nonce, (const uint8_t *)sunscreen, a, 114, whole, 1, &ra);
        check(ra == 0 && memcmp(a, want, 114) == 0, "RFC 8439 2.4.2", (unsigned long)neon);
        /* A.2 #1: zero key and nonce, counter 0; 256 zero bytes (the NEON
         * step), the first block checked. */
        memset(key, 0, sizeof(key));
        memset(nonce, 0, sizeof(nonce));
        memset(in, 0, 256);
        from_hex("76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
                 "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586", want);
        run(neon, key, 0, nonce, in, a, 256, whole, 1, &ra);
        check(ra == 0 && memcmp(a, want, 64) == 0, "RFC 8439 A.2 #1", (unsigned long)neon);
    }
    for (len = 0; len <= 1300; len++) {
        size_t np = 0, left = len;
        uint32_t counter;
        int in_place = (int)(rnd() & 1u);
        for (i = 0; i < 32; i++) {
            key[i] = (uint8_t)rnd();
        }
        for (i = 0; i < 12; i++) {
            nonce[i] = (uint8_t)rnd();
        }
        counter = (len % 5 == 0) ? 0xFFFFFFFFu - (rnd() % 24u) : rnd();
        for (i = 0; i < len; i++) {
            in[i] = (uint8_t)rnd();
        }
        while (left > 0 && np < 63) {
            size_t n = (rnd() % 4u == 0) ? 1 + rnd() % 700u : 1 + rnd() % 80u;
            pieces[np++] = n;
            left = n < left ? left - n : 0;
        }
        pieces[np++] = 1400;
        if (in_place) {
            memcpy(a, in, len);
            memcpy(b, in, len);
            run(1, key, counter, nonce, a, a, len, pieces, np, &ra);
            run(0, key, counter, nonce, b, b, len, pieces, np, &rb);
        } else {
            memset(a, 0x5a, len);
            memset(b, 0x5a, len);
            run(1, key, counter, nonce, in, a, len, pieces, np, &ra);
            run(0, key, counter, nonce, in, b, len, pieces, np, &rb);
        }
        check(ra == rb && memcmp(a, b, len) == 0, "NEON == portable", (unsigned long)len);
    }
    printf("test_chacha20_cross: %lu passed, %lu failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
