/*
 * bench_main.c -- the `make bench` program: bench.h helpers and main().
 *
 * main() calls each family's entry point when its bench_<family>.c is
 * linked (weak references: a missing family is reported, not an error).
 * Arguments select families by name: `picopsa_bench hash rsa`.
 */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <picopsa/backends.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Defined by bench/bench_hash.c, bench_ed25519.c, bench_rsa.c, ... */
void bench_hash(void) __attribute__((weak));
void bench_cipher(void) __attribute__((weak));
void bench_aead(void) __attribute__((weak));
void bench_kdf(void) __attribute__((weak));
void bench_ed25519(void) __attribute__((weak));
void bench_rsa(void) __attribute__((weak));
void bench_x25519(void) __attribute__((weak));
void bench_p256(void) __attribute__((weak));
void bench_p384(void) __attribute__((weak));

#ifndef PICOPSA_BENCH_PROFILE
#define PICOPSA_BENCH_PROFILE "unknown"
#endif

uint64_t bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int bench_quick(void)
{
    const char *env = getenv("PICOPSA_BENCH_QUICK");
    return env != NULL && env[0] != '\0' && strcmp(env, "0") != 0;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median_ns(bench_fn fn, void *ctx, unsigned long iters, unsigned reps)
{
    double *samples, median;
    unsigned r;
    if (iters == 0) iters = 1;
    if (reps == 0) reps = 1;
    samples = (double *)malloc(reps * sizeof(*samples));
    if (samples == NULL) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    for (r = 0; r < reps; r++) {
        unsigned long i;
        double start = bench_cpu_ns(); /* bench.h: CPU, not wall, time */
        for (i = 0; i < iters; i++) {
            fn(ctx);
        }
        samples[r] = (bench_cpu_ns() - start) / (double)iters;
    }
    qsort(samples, reps, sizeof(*samples), compare_double);
    /* Even counts: mean of the two middle samples. */
    median = (reps % 2u) ? samples[reps / 2u] : 0.5 * (samples[reps / 2u - 1u] + samples[reps / 2u]);
    free(samples);
    return median;
}

double bench_auto_ns(bench_fn fn, void *ctx, unsigned reps)
{
    const uint64_t target_ns = (uint64_t)(bench_quick() ? 2u : BENCH_TARGET_MS) * 1000000u;
    double one;
    unsigned long iters;
    if (reps == 0) {
        reps = bench_quick() ? 3u : BENCH_DEFAULT_REPS;
    }
    /* Warm-up call (caches, lazy init) that also gives a first estimate. */
    one = bench_cpu_ns();
    fn(ctx);
    one = bench_cpu_ns() - one;
    if (one < 1.0) one = 1.0;
    iters = (unsigned long)((double)target_ns / one);
    if (iters == 0) iters = 1;
    return bench_median_ns(fn, ctx, iters, reps);
}

void bench_print_took(const char *name, double ns)
{
    printf("%s took %.2f us\n", name, ns / 1000.0);
    fflush(stdout);
}

void bench_print_ratio(const char *name, const char *peer, double ours_ns, double peer_ns)
{
    printf("ratio %s ours/%s = %.2f\n", name, peer, peer_ns > 0.0 ? ours_ns / peer_ns : 0.0);
    fflush(stdout);
}

void bench_section(const char *title)
{
    printf("\n== %s ==\n", title);
    fflush(stdout);
}

void bench_do_not_optimize(const void *p)
{
#if defined(__GNUC__)
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    static const void *volatile sink;
    sink = p;
#endif
}

typedef struct {
    const char *name;
    void (*run)(void);
} family;

/* The families to run: every one without arguments; "NAME ..." those
 * named; "-NAME ..." all but those (make bench runs "-rsa" and "rsa" in
 * two processes: the OPENSSL_ia32cap mask of the RSA baseline is read once
 * per process and must not reach OpenSSL's other code, its IFMA Poly1305). */
static int selected(int argc, char **argv, const char *name)
{
    int i, any_include = 0, excluded = 0, included = 0;
    if (argc < 2) {
        return 1;
    }
    for (i = 1; i < argc; i++) {
        if (argv[i][0] == '-') {
            excluded |= strcmp(argv[i] + 1, name) == 0;
        } else {
            any_include = 1;
            included |= strcmp(argv[i], name) == 0;
        }
    }
    return !excluded && (included || !any_include);
}

/* The software backend of a family (include/picopsa/backends.h). */
static const char *backend(picopsa_family_t family)
{
    const char *name = picopsa_backend_name(family);
    return name != NULL ? name : "configured out";
}

int main(int argc, char **argv)
{
    const family families[] = {
        {"hash", bench_hash},
        {"cipher", bench_cipher},
        {"aead", bench_aead},
        {"kdf", bench_kdf},
        {"ed25519", bench_ed25519},
        {"p256", bench_p256},
        {"p384", bench_p384},
        {"rsa", bench_rsa},
        {"x25519", bench_x25519},
    };
    size_t i;
    int ran = 0;

    printf("picopsa bench (profile %s, compiler %s)\n", PICOPSA_BENCH_PROFILE,
#if defined(__clang__)
           "clang " __clang_version__
#elif defined(__GNUC__)
           "gcc " __VERSION__
#else
           "unknown"
#endif
    );
    printf("backends: Ed25519 %s; RSA %s; SHA-256 %s; SHA-512 %s; SHA-1 %s; AES %s; ChaCha20 %s\n",
           backend(PICOPSA_FAMILY_ED25519), backend(PICOPSA_FAMILY_RSA),
           backend(PICOPSA_FAMILY_SHA256), backend(PICOPSA_FAMILY_SHA512),
           backend(PICOPSA_FAMILY_SHA1), backend(PICOPSA_FAMILY_AES),
           backend(PICOPSA_FAMILY_CHACHA20));
    printf("peers:%s%s%s\n",
#ifdef PICOPSA_BENCH_HAVE_OPENSSL
           " openssl",
#else
           "",
#endif
#ifdef PICOPSA_BENCH_HAVE_LIBSODIUM
           " libsodium",
#else
           "",
#endif
#ifdef PICOPSA_BENCH_HAVE_MBEDTLS
           " mbedtls"
#else
           ""
#endif
    );
    if (bench_quick()) {
        printf("PICOPSA_BENCH_QUICK: short runs, figures are rough\n");
    }
    for (i = 0; i < sizeof(families) / sizeof(families[0]); i++) {
        if (!selected(argc, argv, families[i].name)) {
            continue;
        }
        if (families[i].run == NULL) {
            printf("\n== %s: not built (no bench/bench_%s.c yet) ==\n", families[i].name, families[i].name);
            continue;
        }
        {
            /* Progress on stderr (stdout keeps the fixed line shapes). */
            uint64_t t0 = bench_now_ns();
            fprintf(stderr, "bench: %s...\n", families[i].name);
            bench_section(families[i].name);
            families[i].run();
            fprintf(stderr, "bench: %s done in %.1f s\n", families[i].name, (double)(bench_now_ns() - t0) / 1e9);
        }
        ran++;
    }
    return ran > 0 || argc < 2 ? 0 : 1;
}
