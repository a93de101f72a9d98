/*
 * bench.c -- the ours-versus-peer comparison shared by every
 * bench/bench_<family>.c (bench.h: bench_compare_interleaved).
 *
 * Why interleaved, short and in thread CPU time: on a shared machine (or
 * one that changes its clock) the load changes from one millisecond to the
 * next. Timing ours for a few milliseconds and then the peer for a few
 * milliseconds mostly measures which of the two blocks was preempted: the
 * Ed25519 sign ratio of the old block-by-block scheme ranged 0.38-0.87
 * across runs on the loaded build machine. Here each round times a short
 * block of ours and a short block of the peer back to back (the order
 * alternating from round to round, so neither side always runs on a cache
 * the other one warmed or cooled), in thread CPU time (time the scheduler
 * gives to other processes does not count), and the figure is the median
 * of the per-round ratios; the largest per-round ratio is reported too, as
 * the "worst" round.
 */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Per side and round, about this much CPU time (quick mode: a third). */
#define BENCH_BLOCK_NS 250000.0
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
    double target = bench_quick() ? BENCH_BLOCK_NS / 3.0 : BENCH_BLOCK_NS;
    double budget = bench_quick() ? BENCH_COMPARE_BUDGET_NS / 10.0 : BENCH_COMPARE_BUDGET_NS;
    unsigned min_rounds = bench_quick() ? BENCH_QUICK_ROUNDS : BENCH_MIN_ROUNDS;
    unsigned rounds = bench_quick() ? BENCH_QUICK_ROUNDS : BENCH_MAX_ROUNDS, r;
    unsigned long io, ip;
    double one_o = calibrate(ours, ours_ctx, target, &io);
    double one_p = calibrate(peer, peer_ctx, target, &ip);
    /* Slow operations (RSA-4096, key generation) get fewer rounds. */
    double per_round = one_o * (double)io + one_p * (double)ip;
    if (per_round * (double)rounds > budget) {
        rounds = (unsigned)(budget / per_round);
        rounds = rounds < min_rounds ? min_rounds : rounds;
    }
    for (r = 0; r < rounds; r++) {
        if (r % 2u == 0) {
            o[r] = block_ns(ours, ours_ctx, io);
            p[r] = block_ns(peer, peer_ctx, ip);
        } else {
            p[r] = block_ns(peer, peer_ctx, ip);
            o[r] = block_ns(ours, ours_ctx, io);
        }
        q[r] = p[r] > 0.0 ? o[r] / p[r] : 0.0;
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
