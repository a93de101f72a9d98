/*
 * fw_main.c -- runner of the firmware test app: output, checks, measurement
 * brackets and the main loop over the test registry (see fw_tests.h).
 *
 * Output protocol (read by tools/cyclemodel/fwrun.py):
 *   "@@measure <id>"        printed just before measurement window k opens;
 *                           the plugin numbers windows 0, 1, ... in order
 *   "@@stack <id> <bytes>"  stack high-water mark of that window
 *   "[RUN] name" / "[OK] name" / "[FAIL] name"   per test
 *   "[TEST PASSED]" / "[TEST FAILED]"            last line
 */
#include <picopsa/backends.h>

#include <string.h>

#include "fw_semihost.h"
#include "fw_tests.h"

#ifndef FW_TARGET
#define FW_TARGET "unknown-target"
#endif
#ifndef FW_PROFILE
#define FW_PROFILE "unknown-profile"
#endif

/* Stack painting value; an operation that writes exactly this word where it
 * never wrote before under-reports by 4 bytes at most. */
#define FW_STACK_PAINT 0xC5A5C5A5u
/* The bracket paints below its own frame; keep clear of it. */
#define FW_STACK_PAINT_GAP 16u

extern const struct fw_test __fw_tests_start[], __fw_tests_end[];
extern const struct fw_xcheck __fw_xchecks_start[], __fw_xchecks_end[];
extern uint32_t __fw_stack_limit[];

static unsigned fw_failed_checks;
static unsigned fw_passed_checks;
static volatile uint32_t fw_sink_word;
static volatile uint32_t fw_marker_state;

/* ---- output ---------------------------------------------------------- */

void fw_print(const char *s)
{
    fw_semihost_write0(s);
}

void fw_puts(const char *s)
{
    fw_semihost_write0(s);
    fw_semihost_write0("\n");
}

void fw_print_u32(uint32_t v)
{
    char buf[11];
    size_t i = sizeof(buf) - 1u;
    buf[i] = '\0';
    do {
        buf[--i] = (char)('0' + (v % 10u));
        v /= 10u;
    } while (v != 0u);
    fw_semihost_write0(&buf[i]);
}

void fw_print_hex(const uint8_t *buf, size_t len)
{
    static const char digits[] = "0123456789abcdef";
    char chunk[65];
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        chunk[n++] = digits[buf[i] >> 4];
        chunk[n++] = digits[buf[i] & 15u];
        if (n == sizeof(chunk) - 1u || i + 1u == len) {
            chunk[n] = '\0';
            fw_semihost_write0(chunk);
            n = 0;
        }
    }
}

void fw_sink(const void *buf, size_t len)
{
    const uint8_t *p = buf;
    uint32_t acc = fw_sink_word;
    for (size_t i = 0; i < len; i++) {
        acc = (acc << 5 | acc >> 27) ^ p[i];
    }
    fw_sink_word = acc;
}

/* ---- checks ---------------------------------------------------------- */

int fw_check(int ok, const char *what)
{
    if (ok) {
        fw_passed_checks++;
        return 1;
    }
    fw_failed_checks++;
    fw_print("  FAIL: ");
    fw_puts(what);
    return 0;
}

int fw_check_int(long got, long expected, const char *what)
{
    if (got == expected) {
        return fw_check(1, what);
    }
    fw_check(0, what);
    fw_print("    got ");
    fw_print(got < 0 ? "-" : "");
    fw_print_u32((uint32_t)(got < 0 ? -got : got));
    fw_print(", expected ");
    fw_print(expected < 0 ? "-" : "");
    fw_print_u32((uint32_t)(expected < 0 ? -expected : expected));
    fw_puts("");
    return 0;
}

int fw_check_mem(const void *got, const void *expected, size_t len, const char *what)
{
    if (memcmp(got, expected, len) == 0) {
        return fw_check(1, what);
    }
    fw_check(0, what);
    fw_print("    got      ");
    fw_print_hex(got, len);
    fw_print("\n    expected ");
    fw_print_hex(expected, len);
    fw_puts("");
    return 0;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

size_t fw_unhex(uint8_t *out, size_t out_size, const char *hex)
{
    size_t n = 0;
    while (hex[0] != '\0') {
        int hi = hex_digit(hex[0]);
        int lo = hi < 0 ? -1 : hex_digit(hex[1]);
        if (lo < 0 || n == out_size) {
            return (size_t)-1;
        }
        out[n++] = (uint8_t)(hi << 4 | lo);
        hex += 2;
    }
    return n;
}

/* ---- measurement ----------------------------------------------------- */

/* The plugin starts counting after this function's block ran and stops at
 * the block of fw_marker_stop. Distinct bodies keep the linker or the
 * optimiser from folding them into one address. */
__attribute__((noinline, used)) void fw_marker_start(void)
{
    fw_marker_state = 1u;
}

__attribute__((noinline, used)) void fw_marker_stop(void)
{
    fw_marker_state = 2u;
}

static const char *fw_measure_id;
static uintptr_t fw_measure_caller_sp;
static uintptr_t fw_measure_paint_top;
static uint32_t fw_measure_last_stack;

uint32_t fw_last_stack_bytes(void);
uint32_t fw_last_stack_bytes(void)
{
    return fw_measure_last_stack;
}

__attribute__((noinline)) void fw_measure_begin(const char *id, uintptr_t caller_sp)
{
    fw_print("@@measure ");
    fw_puts(id);
    fw_measure_id = id;
    fw_measure_caller_sp = caller_sp;
    /* Paint from the stack limit up to just below this frame. */
    uintptr_t top = (fw_stack_pointer() - FW_STACK_PAINT_GAP) & ~(uintptr_t)3u;
    fw_measure_paint_top = top;
    for (volatile uint32_t *p = (volatile uint32_t *)__fw_stack_limit; (uintptr_t)p < top; p++) {
        *p = FW_STACK_PAINT;
    }
    fw_marker_start();
}

__attribute__((noinline)) void fw_measure_end(void)
{
    fw_marker_stop();
    /* The lowest word that lost its paint is the deepest the operation got. */
    const volatile uint32_t *p = (const volatile uint32_t *)__fw_stack_limit;
    while ((uintptr_t)p < fw_measure_paint_top && *p == FW_STACK_PAINT) {
        p++;
    }
    uintptr_t deepest = (uintptr_t)p;
    uint32_t used = deepest < fw_measure_caller_sp ? (uint32_t)(fw_measure_caller_sp - deepest) : 0u;
    fw_measure_last_stack = used;
    if ((uintptr_t)p == (uintptr_t)__fw_stack_limit) {
        fw_puts("  FAIL: stack overflow: the operation reached the stack limit");
        fw_failed_checks++;
    }
    fw_print("@@stack ");
    fw_print(fw_measure_id);
    fw_print(" ");
    fw_print_u32(used);
    fw_puts("");
}

void fw_timing(const char *template_line)
{
    fw_puts(template_line);
}

/* ---- cross-check subjects of the app itself ---------------------------- */

/* Calibration: the window overhead of fw_run_xcheck() with an empty call. */
FW_XCHECK(fw_xcheck_empty)
{
}

/* A loop mixing loads, stores, multiplies, a divide and both branch
 * outcomes, so the cross-check exercises every class of the cycle model
 * even before the library's own subjects exist. */
FW_XCHECK(fw_xcheck_mix)
{
    static const uint32_t input[16] = {
        0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u, 0xa4093822u, 0x299f31d0u,
        0x082efa98u, 0xec4e6c89u, 0x452821e6u, 0x38d01377u, 0xbe5466cfu, 0x34e90c6cu,
        0xc0ac29b7u, 0xc97c50ddu, 0x3f84d5b5u, 0xb5470917u,
    };
    uint32_t work[16];
    uint64_t acc = 0;
    for (unsigned round = 0; round < 8u; round++) {
        for (unsigned i = 0; i < 16u; i++) {
            uint32_t x = input[i] ^ (uint32_t)acc;
            work[i] = x * 0x9e3779b9u + (x >> 7);
            acc += (uint64_t)work[i] * input[(i + round) & 15u];
            if ((x & 3u) == 0u) {
                acc ^= x / (round + 3u);
            }
        }
    }
    fw_sink(work, sizeof(work));
    fw_sink(&acc, sizeof(acc));
}

/* Same call site for every subject: window overheads are identical, so
 * QEMU(subject) - QEMU(empty) must equal unicorn(subject) - unicorn(empty). */
static __attribute__((noinline)) void fw_run_xcheck(const struct fw_xcheck *x)
{
    char id[48];
    size_t n = 0;
    while (x->name[n] != '\0') { /* no strlen: RV32 links no libc */
        n++;
    }
    const char *prefix = "xcheck_";
    const char *name = x->name;
    /* "fw_xcheck_mix" -> id "xcheck_mix" */
    if (n > 3u && memcmp(name, "fw_", 3) == 0) {
        name += 3;
        n -= 3u;
    }
    if (n >= 7u && memcmp(name, prefix, 7) == 0) {
        name += 7;
        n -= 7u;
    }
    if (n > sizeof(id) - 8u) {
        n = sizeof(id) - 8u;
    }
    memcpy(id, prefix, 7);
    memcpy(id + 7, name, n);
    id[7u + n] = '\0';
    void (*volatile run)(void) = x->run;
    FW_MEASURE(id, run());
}

/* ---- main ------------------------------------------------------------ */

/* The software backend of a family (include/picopsa/backends.h). */
static const char *fw_backend(picopsa_family_t family)
{
    const char *name = picopsa_backend_name(family);
    return name != NULL ? name : "configured out";
}

int main(void)
{
    unsigned failed_tests = 0;
    unsigned tests = 0;

    fw_puts("picopsa firmware test app (" FW_TARGET ", profile " FW_PROFILE ")");
    fw_print("backends: Ed25519 ");
    fw_puts(fw_backend(PICOPSA_FAMILY_ED25519));
    fw_print("backends: RSA ");
    fw_puts(fw_backend(PICOPSA_FAMILY_RSA));
    fw_print("backends: AES ");
    fw_puts(fw_backend(PICOPSA_FAMILY_AES));
    fw_print("backends: GHASH ");
    fw_puts(fw_backend(PICOPSA_FAMILY_GHASH));
    for (const struct fw_xcheck *x = __fw_xchecks_start; x < __fw_xchecks_end; x++) {
        fw_run_xcheck(x);
    }
    for (const struct fw_test *t = __fw_tests_start; t < __fw_tests_end; t++) {
        unsigned before = fw_failed_checks;
        fw_print("[RUN] ");
        fw_puts(t->name);
        t->run();
        tests++;
        if (fw_failed_checks != before) {
            failed_tests++;
            fw_print("[FAIL] ");
        } else {
            fw_print("[OK] ");
        }
        fw_puts(t->name);
    }
    fw_print("firmware: ");
    fw_print_u32(tests);
    fw_print(" tests, ");
    fw_print_u32(fw_passed_checks);
    fw_print(" checks passed, ");
    fw_print_u32(fw_failed_checks);
    fw_puts(" failed");
    if (tests == 0u || failed_tests != 0u) {
        fw_puts("[TEST FAILED]");
        return 1;
    }
    fw_puts("[TEST PASSED]");
    return 0;
}
