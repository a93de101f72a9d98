/*
 * bench.c -- the ours-versus-peer comparison shared by every
 * bench/bench_<family>.c (bench.h: bench_compare_interleaved).
 *
 * Why interleaved, short, in thread CPU time and by minima: on a shared
 * machine (or one that changes its clock) the load changes from one
 * millisecond to the next. Timing ours for a few milliseconds and then the
 * peer for a few milliseconds mostly measures which of the two blocks was
 * preempted: the Ed25519 sign ratio of the old block-by-block scheme
 * ranged 0.38-0.87 across runs on the loaded build machine. Here a round
 * alternates up to BENCH_PAIRS short blocks of ours and of the peer (about
 * 40 us each, at least one call; who goes first alternates, so neither
 * side always runs on caches the other warmed or cooled), timed in thread
 * CPU time (time the scheduler gives other processes does not count), and
 * keeps each side's fastest block: the load only ever adds time (a busy
 * hyperthread sibling, caches refilled after a switch), so per-round
 * minima are far steadier than means. The round's ratio is ours' minimum
 * over the peer's; the figure is the median of the per-round ratios, and
 * the largest one is reported as the "worst" round.
 */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* One block: about this much CPU time (the CPU clock is a system call of
 * ~0.3-0.7 us, so a block is long enough for it to add under 2%). */
#define BENCH_BLOCK_NS 40000.0
/* Block pairs per round: as many as fit in BENCH_ROUND_NS, 1 to BENCH_PAIRS. */
#define BENCH_PAIRS 8u
#define BENCH_ROUND_NS 600000.0
/* A comparison stops adding rounds after about this much CPU time. */
#define BENCH_COMPARE_BUDGET_NS 300000000.0

double bench_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double block_ns(bench_fn fn, void *ctx, unsigned long iters)
{
    unsigned long i;
    double start = bench_cpu_ns();
    for (i = 0; i < iters; i++) {
        fn(ctx);
    }
    return (bench_cpu_ns() - start) / (double)iters;
}

/* Calls per block of about target_ns: doubling blocks until one lasts a
 * fifth of the target, so a fast function is not judged by one cold call
 * and the clock's own cost (a system call). Returns the per-call time. */
static double calibrate(bench_fn fn, void *ctx, double target_ns, unsigned long *iters)
{
    unsigned long n = 1;
    double per_call;
    fn(ctx); /* warm-up: caches, lazy initialisation */
    for (;;) {
        per_call = block_ns(fn, ctx, n);
        if (per_call * (double)n >= target_ns / 5.0 || n >= (1ul << 24)) {
            break;
        }
        n *= 2u;
    }
    if (per_call < 1.0) {
        per_call = 1.0;
    }
    n = (unsigned long)(target_ns / per_call);
    *iters = n == 0 ? 1 : n;
    return per_call;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_sorted(const double *v, unsigned n)
{
    return (n % 2u) ? v[n / 2u] : 0.5 * (v[n / 2u - 1u] + v[n / 2u]);
}

void bench_compare_interleaved(bench_fn ours, void *ours_ctx, bench_fn peer, void *peer_ctx,
                               bench_cmp *out)
{
    double o[BENCH_MAX_ROUNDS], p[BENCH_MAX_ROUNDS], q[BENCH_MAX_ROUNDS];
    double budget = bench_quick() ? BENCH_COMPARE_BUDGET_NS / 10.0 : BENCH_COMPARE_BUDGET_NS;
    unsigned min_rounds = bench_quick() ? BENCH_QUICK_ROUNDS : BENCH_MIN_ROUNDS;
    unsigned rounds = bench_quick() ? BENCH_QUICK_ROUNDS : BENCH_MAX_ROUNDS, pairs, r, k;
    unsigned long io, ip;
    double one_o = calibrate(ours, ours_ctx, BENCH_BLOCK_NS, &io);
    double one_p = calibrate(peer, peer_ctx, BENCH_BLOCK_NS, &ip);
    double per_pair = one_o * (double)io + one_p * (double)ip;
    pairs = (unsigned)(BENCH_ROUND_NS / per_pair);
    pairs = pairs < 1u ? 1u : pairs > BENCH_PAIRS ? BENCH_PAIRS : pairs;
    /* Slow operations (RSA-4096, key generation) get fewer rounds. */
    if (per_pair * (double)pairs * (double)rounds > budget) {
        rounds = (unsigned)(budget / (per_pair * (double)pairs));
        rounds = rounds < min_rounds ? min_rounds : rounds;
    }
    for (r = 0; r < rounds; r++) {
        double mo = 1e300, mp = 1e300, t;
        for (k = 0; k < pairs; k++) {
            if ((r + k) % 2u == 0) {
                t = block_ns(ours, ours_ctx, io);
                mo = t < mo ? t : mo;
                t = block_ns(peer, peer_ctx, ip);
                mp = t < mp ? t : mp;
            } else {
                t = block_ns(peer, peer_ctx, ip);
                mp = t < mp ? t : mp;
                t = block_ns(ours, ours_ctx, io);
                mo = t < mo ? t : mo;
            }
        }
        o[r] = mo;
        p[r] = mp;
        q[r] = mp > 0.0 ? mo / mp : 0.0;
    }
    qsort(o, rounds, sizeof(o[0]), compare_double);
    qsort(p, rounds, sizeof(p[0]), compare_double);
    qsort(q, rounds, sizeof(q[0]), compare_double);
    out->ours_ns = median_sorted(o, rounds);
    out->peer_ns = median_sorted(p, rounds);
    out->ratio = median_sorted(q, rounds);
    out->best = q[0];
    out->worst = q[rounds - 1u];
    out->rounds = rounds;
}

void bench_print_compare(const char *name, const char *peer, const bench_cmp *c)
{
    printf("ratio %s ours/%s = %.2f\n", name, peer, c->ratio);
    printf("worst %s ours/%s = %.2f (best %.2f, %u rounds)\n", name, peer, c->worst, c->best,
           c->rounds);
    fflush(stdout);
}

double bench_compare_peer(const char *name, const char *peer_name, bench_fn ours, void *ours_ctx,
                          bench_fn peer, void *peer_ctx)
{
    bench_cmp c;
    char line[160];
    bench_compare_interleaved(ours, ours_ctx, peer, peer_ctx, &c);
    snprintf(line, sizeof(line), "%s %s", peer_name, name);
    bench_print_took(line, c.peer_ns);
    bench_print_compare(name, peer_name, &c);
    return c.ours_ns;
}
