/*
 * fw_tests.h -- the picopsa firmware test app: test registry, checks and
 * measurement brackets (bare metal, Cortex-M, semihosting output).
 *
 * Contract:
 *  - A family adds tests by adding tests/firmware/fw_<family>.c (globbed by
 *    tests/firmware/CMakeLists.txt) whose content is wrapped in the PSA_WANT_*
 *    switches of the mechanisms it tests, and registering functions with
 *    FW_TEST(). No other file needs an edit. Tests run in the order of their
 *    FW_TEST function names (the linker sorts the registry sections).
 *  - Checks: fw_check*() print a FAIL line naming the check when it fails
 *    and count it; a test passes when none of its checks failed. The app
 *    ends with "[TEST PASSED]" or "[TEST FAILED]" and the matching exit code.
 *  - Measurements: FW_MEASURE(id, statement) brackets one operation. The
 *    QEMU plugin (tools/qemu-plugin) counts the executed translation blocks
 *    between the two marker calls, tools/cyclemodel turns them into
 *    instructions and Cortex-M4 cycles; the bracket also paints and scans the
 *    stack for the operation's high-water mark (bytes below the caller's SP).
 *    Ids are short, unique, [a-z0-9_] (e.g. "sha256_1024"): they name the
 *    rows of docs/footprint.md and of tools/budgets.txt.
 *  - fw_timing("SHA-256 1024 B took {sha256_1024} cycles") prints a timing
 *    line; the runner (tools/cyclemodel/fwrun.py) replaces "{id}" by the
 *    cycles of measurement id ("{id.insns}" instructions, "{id.stack}"
 *    stack bytes). Only print after the measurement closed.
 *  - Everything here is test code: it may keep globals; the library may not.
 */
#ifndef PICOPSA_FW_TESTS_H
#define PICOPSA_FW_TESTS_H

#include <stddef.h>
#include <stdint.h>

/* ---- registry -------------------------------------------------------- */
struct fw_test {
    const char *name;
    void (*run)(void);
};

/* Define and register a test: FW_TEST(sha256_kat) { ...checks... } */
#define FW_TEST(fn)                                                          \
    static void fn(void);                                                    \
    static const struct fw_test fw_test_entry_##fn                           \
        __attribute__((used, section(".fw_tests." #fn))) = {#fn, fn};        \
    static void fn(void)

/* Cross-check subjects (tools/unicorn/xcheck.py): a function without
 * arguments, run once in QEMU (measurement "xcheck_<fn>") and once in
 * unicorn; their instruction counts must agree. It must compute from
 * constant inputs only (unicorn starts from the image, not from the state
 * earlier tests left) and give its result to fw_sink(). */
struct fw_xcheck {
    const char *name;
    void (*run)(void);
};
#define FW_XCHECK(fn)                                                        \
    void fn(void);                                                           \
    static const struct fw_xcheck fw_xcheck_entry_##fn                       \
        __attribute__((used, section(".fw_xchecks." #fn))) = {#fn, fn};      \
    __attribute__((noinline, used)) void fn(void)

/* Keeps a result alive so the optimiser cannot drop the computation. */
void fw_sink(const void *buf, size_t len);

/* ---- output ---------------------------------------------------------- */
void fw_puts(const char *s);          /* s followed by a newline */
void fw_print(const char *s);         /* s as is */
void fw_print_u32(uint32_t v);        /* decimal */
void fw_print_hex(const uint8_t *buf, size_t len);

/* ---- checks (return 1 when the check passed) -------------------------- */
int fw_check(int ok, const char *what);
int fw_check_int(long got, long expected, const char *what);
int fw_check_mem(const void *got, const void *expected, size_t len, const char *what);
/* Decode a hex string into out (at most out_size bytes); returns the byte
 * count, or (size_t)-1 on a bad digit or overflow. */
size_t fw_unhex(uint8_t *out, size_t out_size, const char *hex);

/* ---- measurement ----------------------------------------------------- */
static inline uintptr_t fw_stack_pointer(void)
{
    uintptr_t sp;
#if defined(__arm__)
    __asm__ volatile("mov %0, sp" : "=r"(sp));
#elif defined(__riscv)
    __asm__ volatile("mv %0, sp" : "=r"(sp));
#else
    sp = (uintptr_t)&sp;
#endif
    return sp;
}

void fw_measure_begin(const char *id, uintptr_t caller_sp);
void fw_measure_end(void);
#define FW_MEASURE(id, statement)                                            \
    do {                                                                     \
        fw_measure_begin((id), fw_stack_pointer());                          \
        statement;                                                           \
        fw_measure_end();                                                    \
    } while (0)

void fw_timing(const char *template_line);

/* Marker functions the QEMU plugin watches (by address, see fwrun.py). */
void fw_marker_start(void);
void fw_marker_stop(void);

#endif /* PICOPSA_FW_TESTS_H */
