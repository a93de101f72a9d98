/*
 * ct_selftest.c -- proves the constant-time harness (tests/ct/ct.h) works.
 *
 * Without arguments (ctest case ct_selftest): the constant-time helpers of
 * src/common/pp_util.h run on secret-marked inputs and must produce no
 * memcheck report, and their declassified results must be right.
 *
 * With "leak-branch" / "leak-index" (ctest cases ct_selftest_catches_*,
 * driven by cmake/ct_expect_leak.cmake): a deliberately leaky helper
 * branches on / indexes a table with a secret byte, and the ctest case
 * passes only if memcheck reports it. A harness that cannot fail proves
 * nothing; these cases make sure ours can.
 */
#include <stdio.h>
#include <string.h>

#include "common/pp_util.h"
#include "ct.h"
#include "test_util.h"

/* ---- deliberate leaks (never call from library code) ------------------- */

#if defined(__GNUC__)
#define CT_SELFTEST_NOINLINE __attribute__((noinline))
#else
#define CT_SELFTEST_NOINLINE
#endif

/* The arms call different functions with different arguments and store
 * to different volatile objects, so no compiler can turn the branch into a
 * conditional move (clang does exactly that for `puts(c ? "a" : "b")`). */
static volatile unsigned leak_odd_count, leak_even_count;

static CT_SELFTEST_NOINLINE void leaky_branch(uint8_t secret)
{
    if (secret & 1u) {
        leak_odd_count++;
        fputs("leak-branch: odd\n", stdout);
    } else {
        leak_even_count++;
        printf("leak-branch: even (%u)\n", leak_even_count);
    }
}

/* A table filled at run time, so the load cannot be constant-folded. */
static uint8_t leak_table[256];

static CT_SELFTEST_NOINLINE uint8_t leaky_lookup(uint8_t secret)
{
    return leak_table[secret];
}

static int run_leak(const char *mode)
{
    uint8_t secret = 0x5a;
    unsigned i;
    for (i = 0; i < 256; i++) {
        leak_table[i] = (uint8_t)(i * 167u + 13u);
    }
    CT_SECRET(&secret, 1);
    if (strcmp(mode, "leak-branch") == 0) {
        leaky_branch(secret);
        return 0;
    }
    if (strcmp(mode, "leak-index") == 0) {
        uint8_t v = leaky_lookup(secret);
        /* Declassify the loaded value so the only report is the address. */
        CT_PUBLIC(&v, 1);
        printf("leak-index: %u\n", (unsigned)v);
        return 0;
    }
    fprintf(stderr, "usage: ct_selftest [leak-branch|leak-index]\n");
    return 2;
}

/* ---- the pp_util.h helpers must be clean -------------------------------- */

static void check_memeq(void)
{
    uint8_t a[48], b[48];
    size_t i;
    for (i = 0; i < 64; i++) {
        int want_equal = (i % 2) == 0;
        int eq;
        test_rng_bytes(a, sizeof(a));
        memcpy(b, a, sizeof(b));
        if (!want_equal) {
            b[test_rng_range(0, sizeof(b) - 1)] ^= (uint8_t)(1u << test_rng_range(0, 7));
        }
        CT_SECRET(a, sizeof(a));
        CT_SECRET(b, sizeof(b));
        eq = pp_ct_memeq(a, b, sizeof(a));
        CT_PUBLIC(&eq, sizeof(eq));
        CHECK(eq == want_equal);
    }
}

static void check_masks_u32(void)
{
    static const uint32_t edge[] = {0u, 1u, 2u, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu};
    size_t i, j;
    for (i = 0; i < sizeof(edge) / sizeof(edge[0]) + 32; i++) {
        for (j = 0; j < sizeof(edge) / sizeof(edge[0]) + 32; j++) {
            uint32_t a = i < 7 ? edge[i] : (uint32_t)test_rng_u64();
            uint32_t b = j < 7 ? edge[j] : (j % 3 == 0 ? a : (uint32_t)test_rng_u64());
            uint32_t sa = a, sb = b, r[6];
            CT_SECRET(&sa, sizeof(sa));
            CT_SECRET(&sb, sizeof(sb));
            r[0] = pp_ct_mask_nonzero_u32(sa);
            r[1] = pp_ct_mask_zero_u32(sa);
            r[2] = pp_ct_mask_eq_u32(sa, sb);
            r[3] = pp_ct_mask_lt_u32(sa, sb);
            r[4] = pp_ct_select_u32(r[3], sa, sb);   /* min(a, b) */
            r[5] = pp_ct_select_u32(r[2], 0x1234u, sb);
            CT_PUBLIC(r, sizeof(r));
            CHECK(r[0] == (a != 0 ? 0xffffffffu : 0u));
            CHECK(r[1] == (a == 0 ? 0xffffffffu : 0u));
            CHECK(r[2] == (a == b ? 0xffffffffu : 0u));
            CHECK(r[3] == (a < b ? 0xffffffffu : 0u));
            CHECK(r[4] == (a < b ? a : b));
            CHECK(r[5] == (a == b ? 0x1234u : b));
        }
    }
}

static void check_masks_size(void)
{
    static const size_t edge[] = {0u, 1u, 255u, 256u, (size_t)-1 / 2u, (size_t)-1 / 2u + 1u, (size_t)-1};
    size_t i, j;
    for (i = 0; i < sizeof(edge) / sizeof(edge[0]); i++) {
        for (j = 0; j < sizeof(edge) / sizeof(edge[0]); j++) {
            size_t a = edge[i], b = edge[j], sa = a, sb = b, r[4];
            CT_SECRET(&sa, sizeof(sa));
            CT_SECRET(&sb, sizeof(sb));
            r[0] = pp_ct_mask_nonzero_sz(sa);
            r[1] = pp_ct_mask_eq_sz(sa, sb);
            r[2] = pp_ct_mask_lt_sz(sa, sb);
            r[3] = pp_ct_select_sz(r[2], sa, sb);
            CT_PUBLIC(r, sizeof(r));
            CHECK(r[0] == (a != 0 ? (size_t)-1 : 0u));
            CHECK(r[1] == (a == b ? (size_t)-1 : 0u));
            CHECK(r[2] == (a < b ? (size_t)-1 : 0u));
            CHECK(r[3] == (a < b ? a : b));
        }
    }
}

static void check_cond_copy_and_wipe(void)
{
    uint8_t dst[40], src[40], orig[40], mask;
    int m;
    for (m = 0; m < 2; m++) {
        test_rng_bytes(dst, sizeof(dst));
        test_rng_bytes(src, sizeof(src));
        memcpy(orig, dst, sizeof(dst));
        mask = m ? 0xffu : 0x00u;
        CT_SECRET(&mask, 1);
        CT_SECRET(src, sizeof(src));
        CT_SECRET(dst, sizeof(dst));
        pp_ct_cond_copy(dst, src, sizeof(dst), mask);
        CT_PUBLIC(dst, sizeof(dst));
        CT_PUBLIC(src, sizeof(src));
        CHECK_MEM(dst, m ? src : orig, sizeof(dst));
    }
    /* pp_wipe stores constants: the buffer ends defined and zero. */
    CT_SECRET(dst, sizeof(dst));
    pp_wipe(dst, sizeof(dst));
    memset(orig, 0, sizeof(orig));
    CHECK_MEM(dst, orig, sizeof(dst));
}

static void check_byte_order(void)
{
    uint8_t buf[8], out[8];
    uint64_t v64;
    uint32_t v32;
    test_rng_bytes(buf, sizeof(buf));
    CT_SECRET(buf, sizeof(buf));
    v64 = pp_load_be64(buf);
    pp_store_le64(out, v64);
    v32 = pp_load_le32(out);
    pp_store_be32(out, v32);
    CT_PUBLIC(buf, sizeof(buf));
    CT_PUBLIC(out, sizeof(out));
    CT_PUBLIC(&v64, sizeof(v64));
    CHECK(v64 == (((uint64_t)buf[0] << 56) | ((uint64_t)buf[1] << 48) | ((uint64_t)buf[2] << 40) |
                  ((uint64_t)buf[3] << 32) | ((uint64_t)buf[4] << 24) | ((uint64_t)buf[5] << 16) |
                  ((uint64_t)buf[6] << 8) | (uint64_t)buf[7]));
    /* BE64 load, LE64 store, LE32 load, BE32 store: buf[4..7] in order. */
    CHECK(out[0] == buf[4] && out[1] == buf[5] && out[2] == buf[6] && out[3] == buf[7]);
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        return run_leak(argv[1]);
    }
    test_rng_seed(0xc0ffee);
    /* Outside valgrind this program proves nothing about timing. */
    CHECK(CT_UNDER_VALGRIND());
    check_memeq();
    check_masks_u32();
    check_masks_size();
    check_cond_copy_and_wipe();
    check_byte_order();
    return test_report("ct_selftest");
}
