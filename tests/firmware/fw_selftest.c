/*
 * fw_selftest.c -- tests of the test app's own machinery: hex decoding and
 * the stack high-water measurement (a subject with a known frame size).
 */
#include <string.h>

#include "fw_tests.h"

uint32_t fw_last_stack_bytes(void);

/* Touches `depth` bytes of stack in a frame the compiler cannot shrink. */
static __attribute__((noinline)) void fw_stack_subject(size_t depth)
{
    volatile uint8_t area[2048];
    for (size_t i = 0; i < depth && i < sizeof(area); i++) {
        area[i] = (uint8_t)i;
    }
    fw_sink((const void *)&area[0], 1);
}

FW_TEST(fw_00_selftest)
{
    uint8_t buf[4];
    fw_check_int((long)fw_unhex(buf, sizeof(buf), "00a5Ff"), 3, "fw_unhex length");
    fw_check(buf[0] == 0x00 && buf[1] == 0xa5 && buf[2] == 0xff, "fw_unhex digits");
    fw_check(fw_unhex(buf, sizeof(buf), "0g") == (size_t)-1, "fw_unhex rejects a bad digit");
    fw_check(fw_unhex(buf, sizeof(buf), "0011223344") == (size_t)-1, "fw_unhex rejects overflow");

    /* The whole 2 KB array lies below the caller's SP, so the mark must be
     * at least 2048 bytes, plus a frame of a few dozen bytes. */
    FW_MEASURE("fw_stack_2k", fw_stack_subject(2048));
    uint32_t used = fw_last_stack_bytes();
    fw_check(used >= 2048u && used <= 2048u + 128u, "stack high-water of a 2 KB frame");
}

#if defined(FW_INJECT_FAILURE)
/* Built into fw_test_fail.elf only: proves a failing check fails the run. */
FW_TEST(fw_01_injected_failure)
{
    fw_check(0, "injected failure (FW_INJECT_FAILURE)");
}
#endif
