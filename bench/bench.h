/*
 * bench.h -- timing helpers shared by the bench/bench_<family>.c files.
 *
 * Contract:
 *  - Host only (POSIX clock_gettime(CLOCK_MONOTONIC)); never part of the
 *    library. bench/bench_main.c implements these and calls each family's
 *    entry point (bench_hash, bench_ed25519, bench_rsa) when it is linked.
 *  - bench_median_ns() runs fn(ctx) `iters` times per repetition, `reps`
 *    repetitions, and returns the median per-call time in nanoseconds; the
 *    median (not the mean) keeps one descheduled repetition from skewing
 *    the figure. bench_auto_ns() picks `iters` itself so a repetition lasts
 *    about BENCH_TARGET_MS (set PICOPSA_BENCH_QUICK=1 in the environment
 *    for a fast smoke run with fewer, shorter repetitions).
 *  - Output lines have fixed shapes that scripts read:
 *      "NAME took N us"                   bench_print_took()
 *      "ratio NAME ours/PEER = X.XX"      bench_print_ratio() (< 1: we win)
 *  - Peers are optional: the build defines PICOPSA_BENCH_HAVE_OPENSSL,
 *    PICOPSA_BENCH_HAVE_LIBSODIUM and PICOPSA_BENCH_HAVE_MBEDTLS (to 1) for
 *    each library it found and linked.
 */
#ifndef PICOPSA_BENCH_H
#define PICOPSA_BENCH_H

#include <stddef.h>
#include <stdint.h>

/* Milliseconds bench_auto_ns() aims for per repetition. */
#define BENCH_TARGET_MS 20u
/* Default repetition count for bench_auto_ns() (odd: a true median). */
#define BENCH_DEFAULT_REPS 11u

typedef void (*bench_fn)(void *ctx);

/* Monotonic clock in nanoseconds. */
uint64_t bench_now_ns(void);

/* Median over `reps` repetitions of the per-call time of fn(ctx), each
 * repetition calling it `iters` times (both at least 1). */
double bench_median_ns(bench_fn fn, void *ctx, unsigned long iters, unsigned reps);

/* As bench_median_ns with iters calibrated to about BENCH_TARGET_MS per
 * repetition (one warm-up call first). reps == 0 means the default. */
double bench_auto_ns(bench_fn fn, void *ctx, unsigned reps);

/* Nonzero when PICOPSA_BENCH_QUICK is set: fewer/shorter repetitions. */
int bench_quick(void);

/* Print "NAME took N us" (N with two decimals). */
void bench_print_took(const char *name, double ns);

/* Print "ratio NAME ours/PEER = X.XX". */
void bench_print_ratio(const char *name, const char *peer, double ours_ns, double peer_ns);

/* Print a section heading "== title ==". */
void bench_section(const char *title);

/* Keep the compiler from discarding a result it believes unused. */
void bench_do_not_optimize(const void *p);

#endif /* PICOPSA_BENCH_H */
