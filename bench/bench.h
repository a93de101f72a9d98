/*
 * bench.h -- timing helpers shared by the bench/bench_<family>.c files.
 *
 * Contract:
 *  - Host only (POSIX clock_gettime); never part of the library.
 *    bench/bench_main.c implements the single-function timers and main(),
 *    which calls each family's entry point (bench_hash, bench_ed25519, ...)
 *    when it is linked; bench/bench.c the ours-versus-peer comparison.
 *  - Times are thread CPU time (CLOCK_THREAD_CPUTIME_ID): on a loaded
 *    machine wall-clock blocks of milliseconds mostly measure how long the
 *    scheduler ran other processes (an X25519 agreement of 42 us CPU read
 *    as 130-300 us wall in 20 ms blocks at load average 8 on 2 cores).
 *  - bench_median_ns() runs fn(ctx) `iters` times per repetition, `reps`
 *    repetitions, and returns the median per-call time in nanoseconds.
 *    bench_auto_ns() picks `iters` itself so a repetition lasts about
 *    BENCH_TARGET_MS (set PICOPSA_BENCH_QUICK=1 in the environment for a
 *    fast smoke run with fewer, shorter repetitions).
 *  - Every ours-versus-peer figure comes from bench_compare_interleaved():
 *    short blocks of ours and of the peer alternate for many rounds, each
 *    round keeps each side's fastest block; the ratio is the median of the
 *    per-round ratios, "worst" the largest.
 *  - Output lines have fixed shapes that scripts read (bench_report.py,
 *    the cli_speed test):
 *      "NAME took N us"                   bench_print_took()
 *      "ratio NAME ours/PEER = X.XX"      bench_print_ratio() (< 1: we win)
 *      "worst NAME ours/PEER = X.XX (best X.XX, N rounds)"
 *                                         bench_print_compare(), after ratio
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

/* Monotonic clock in nanoseconds (progress messages). */
uint64_t bench_now_ns(void);

/* This thread's CPU time in nanoseconds (what the figures use). */
double bench_cpu_ns(void);

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

/* Rounds of bench_compare_interleaved: fewer (down to the minimum) for
 * slow operations, whose comparison is capped at about 0.3 s of CPU time;
 * quick mode: BENCH_QUICK_ROUNDS. */
#define BENCH_MAX_ROUNDS 51u
#define BENCH_MIN_ROUNDS 11u
#define BENCH_QUICK_ROUNDS 5u

typedef struct {
    double ours_ns;   /* median over the rounds of ours' fastest block, per call */
    double peer_ns;   /* the same for the peer */
    double ratio;     /* median of the per-round ratios ours / peer */
    double best;      /* smallest per-round ratio */
    double worst;     /* largest per-round ratio */
    unsigned rounds;
} bench_cmp;

/* Time ours and a peer alternately (bench.c): per round up to 8 pairs of
 * short blocks (about 40 us of calls each, at least one call), each side's
 * fastest block, the round's ratio their quotient. */
void bench_compare_interleaved(bench_fn ours, void *ours_ctx, bench_fn peer, void *peer_ctx,
                               bench_cmp *out);

/* Print the "ratio" line and the "worst" line of a comparison. */
void bench_print_compare(const char *name, const char *peer, const bench_cmp *c);

/* Compare, then print "PEER NAME took N us", the ratio and the worst line;
 * returns ours' median per-call time of the comparison. */
double bench_compare_peer(const char *name, const char *peer, bench_fn ours, void *ours_ctx,
                          bench_fn peer_fn, void *peer_ctx);

/* Keep the compiler from discarding a result it believes unused. */
void bench_do_not_optimize(const void *p);

#endif /* PICOPSA_BENCH_H */
