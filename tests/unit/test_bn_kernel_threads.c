/*
 * test_bn_kernel_threads.c -- the bignum kernel is chosen once per process
 * (pp_bn_kernel_selected: CPUID on the first call, a cached answer after)
 * and that first call may come from several threads at once: THREADS
 * threads released by a barrier all make it, and every one must get the
 * same kernel as a later single-threaded call. Under ThreadSanitizer (make
 * test-tsan) an unsynchronised cache is a reported race and fails the run
 * (with plain loads and stores instead of the atomics it does).
 */
#define _POSIX_C_SOURCE 200809L

#include <picopsa/config.h>

#include <pthread.h>
#include <stdio.h>

#include "bignum/bignum.h"
#include "test_util.h"

#define THREADS 8

static pthread_barrier_t barrier;
static pp_bn_kernel seen[THREADS];

static void *first_call(void *arg)
{
    size_t i = (size_t)arg;
    pthread_barrier_wait(&barrier);
    seen[i] = pp_bn_kernel_selected();
    return NULL;
}

int main(void)
{
    pthread_t threads[THREADS];
    size_t i;
    int started = 1;

    CHECK(pthread_barrier_init(&barrier, NULL, THREADS) == 0);
    for (i = 0; i < THREADS; i++) {
        if (pthread_create(&threads[i], NULL, first_call, (void *)i) != 0) {
            started = 0;
            break;
        }
    }
    CHECK(started);
    if (!started) {
        return test_report("bn_kernel_threads");   /* the barrier would never open */
    }
    for (i = 0; i < THREADS; i++) {
        pthread_join(threads[i], NULL);
    }
    for (i = 0; i < THREADS; i++) {
        CHECK_STATUS(seen[i], pp_bn_kernel_selected());
    }
    pthread_barrier_destroy(&barrier);
    return test_report("bn_kernel_threads");
}
