/*
 * test_pp_util.c -- the constant-time buffer helpers of src/common/pp_util.h
 * against byte-by-byte references: pp_ct_mask_bytes (the release-or-clear
 * of psa_aead_decrypt) and pp_ct_cond_copy, every length 0..80 at every
 * offset 0..7 (the word loop and its byte tail), both masks, and that no
 * byte outside the range is touched.
 */
#include <stdint.h>
#include <string.h>

#include "common/pp_util.h"
#include "test_util.h"

#define SPAN 96u
#define GUARD 0xc3u

static void fill(uint8_t *b, size_t n, unsigned seed)
{
    size_t i;
    for (i = 0; i < n; i++) {
        b[i] = (uint8_t)(seed * 37u + i * 101u + 1u); /* no zero run: clearing shows */
    }
}

static void mask_bytes_cases(void)
{
    uint8_t buf[SPAN + 16], want[SPAN + 16];
    size_t len, off;
    int keep;
    for (keep = 0; keep <= 1; keep++) {
        for (off = 0; off < 8; off++) {
            for (len = 0; len <= 80; len++) {
                size_t i;
                memset(buf, GUARD, sizeof(buf));
                fill(buf + off, len, (unsigned)(len + off));
                memcpy(want, buf, sizeof(buf));
                for (i = 0; i < len; i++) {
                    want[off + i] = keep ? want[off + i] : 0u;
                }
                pp_ct_mask_bytes(buf + off, len, keep ? 0xffffffffu : 0u);
                CHECK(memcmp(buf, want, sizeof(buf)) == 0);
            }
        }
    }
}

static void cond_copy_cases(void)
{
    uint8_t dst[SPAN], src[SPAN], want[SPAN];
    size_t len;
    int copy;
    for (copy = 0; copy <= 1; copy++) {
        for (len = 0; len <= 80; len++) {
            memset(dst, GUARD, sizeof(dst));
            fill(dst, len, 1u);
            fill(src, sizeof(src), 2u);
            memcpy(want, dst, sizeof(dst));
            if (copy) {
                memcpy(want, src, len);
            }
            pp_ct_cond_copy(dst, src, len, copy ? 0xffu : 0u);
            CHECK(memcmp(dst, want, sizeof(dst)) == 0);
        }
    }
}

int main(void)
{
    mask_bytes_cases();
    cond_copy_cases();
    return test_report("pp_util");
}
