/*
 * test_psa_fork.c -- fork safety of the library RNG (PICOPSA_FORK_DETECT,
 * issue 9 finding 4): after fork() parent and child must not share a DRBG
 * stream.
 *
 * Each child sends its first 32 random bytes and the public key of an
 * Ed25519 key it generates through a pipe; the parent draws the same after
 * the fork. Checked: parent vs child, two children of one parent state,
 * a grandchild vs its parent and grandparent; before any draw and after;
 * with the MADV_WIPEONFORK page and with the getpid()/pthread_atfork
 * fallback of ports/linux/threads_linux.c (older kernels); and, with
 * threads, forks while another thread keeps the RNG and the key store busy
 * (the child must not hang on a mutex held at the fork: 20 s limit).
 * On the code before issue 9 every pair was equal.
 */
#define _POSIX_C_SOURCE 200809L

#include <psa/crypto.h>
#include <picopsa/config.h>

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "test_util.h"

/* ports/linux/threads_linux.c test hook: use the getpid() fallback. */
void pp_linux_fork_detect_force_pid(void);

#define SAMPLE 64   /* 32 random bytes, then a 32-byte Ed25519 public key (HMAC key) */

/* Fill out with this process's sample; 0 on success. */
static int take_sample(uint8_t out[SAMPLE])
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t key = PSA_KEY_ID_NULL;
    size_t len = 0;
    int bad = 0;

    bad |= psa_generate_random(out, 32) != PSA_SUCCESS;
#if PSA_WANT_ECC_TWISTED_EDWARDS_255
    psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS));
    psa_set_key_bits(&attr, 255);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    bad |= psa_generate_key(&attr, &key) != PSA_SUCCESS;
    bad |= psa_export_public_key(key, out + 32, 32, &len) != PSA_SUCCESS || len != 32;
#else
    /* Ed25519 configured out: a generated 256-bit HMAC key is the sample. */
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_bits(&attr, 256);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_EXPORT);
    bad |= psa_generate_key(&attr, &key) != PSA_SUCCESS;
    bad |= psa_export_key(key, out + 32, 32, &len) != PSA_SUCCESS || len != 32;
#endif
    bad |= psa_destroy_key(key) != PSA_SUCCESS;
    return bad;
}

static int write_all(int fd, const uint8_t *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) {
            continue;
        }
        if (w <= 0) {
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int read_all(int fd, uint8_t *p, size_t n)
{
    while (n > 0) {
        ssize_t r = read(fd, p, n);
        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (r <= 0) {
            return -1;
        }
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

/* In a child: take a sample, or, with grandchild set, first fork a
 * grandchild that sends its sample, then send ours after it. */
static void child_main(int fd, int grandchild)
{
    uint8_t sample[SAMPLE];
    if (grandchild) {
        pid_t pid = fork();
        if (pid < 0) {
            _exit(3);
        }
        if (pid == 0) {
            _exit(take_sample(sample) != 0 || write_all(fd, sample, SAMPLE) != 0 ? 2 : 0);
        }
        if (waitpid(pid, NULL, 0) != pid) {
            _exit(3);
        }
    }
    _exit(take_sample(sample) != 0 || write_all(fd, sample, SAMPLE) != 0 ? 2 : 0);
}

/* Wait for pid, at most 20 s; 1 when it exited with status 0. */
static int wait_ok(pid_t pid)
{
    struct timespec pause = {0, 10 * 1000 * 1000};
    int status = 0, i;
    for (i = 0; i < 2000; i++) {
        pid_t got = waitpid(pid, &status, WNOHANG);
        if (got == pid) {
            return WIFEXITED(status) && WEXITSTATUS(status) == 0;
        }
        if (got < 0 && errno != EINTR) {
            return 0;
        }
        nanosleep(&pause, NULL);
    }
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    fprintf(stderr, "child %ld hung (killed after 20 s)\n", (long)pid);
    return 0;
}

/* Fork one child (with a grandchild if asked); samples[0] = child's (and
 * samples[1] = grandchild's), then the parent's own after them. Returns
 * the number of samples filled, 0 on a failure. */
static int fork_and_sample(int grandchild, uint8_t samples[3][SAMPLE])
{
    int fds[2], n = grandchild ? 2 : 1, ok;
    pid_t pid;

    if (pipe(fds) != 0) {
        return 0;
    }
    fflush(stdout);
    fflush(stderr);
    pid = fork();
    if (pid < 0) {
        return 0;
    }
    if (pid == 0) {
        close(fds[0]);
        child_main(fds[1], grandchild);
    }
    close(fds[1]);
    ok = take_sample(samples[n]) == 0;
    if (grandchild) {
        /* The grandchild writes first (the child waits for it). */
        ok &= read_all(fds[0], samples[1], SAMPLE) == 0;
        ok &= read_all(fds[0], samples[0], SAMPLE) == 0;
    } else {
        ok &= read_all(fds[0], samples[0], SAMPLE) == 0;
    }
    close(fds[0]);
    ok &= wait_ok(pid);
    return ok ? n + 1 : 0;
}

/* No two samples share their random half or their key half. */
static int all_differ(uint8_t samples[][SAMPLE], int n)
{
    int i, j, ok = 1;
    for (i = 0; i < n; i++) {
        for (j = i + 1; j < n; j++) {
            ok &= memcmp(samples[i], samples[j], 32) != 0;
            ok &= memcmp(samples[i] + 32, samples[j] + 32, 32) != 0;
        }
    }
    return ok;
}

static void test_fork_once(const char *mode)
{
    uint8_t a[3][SAMPLE], b[3][SAMPLE], both[4][SAMPLE];

    /* Child vs parent. */
    if (CHECK(fork_and_sample(0, a) == 2)) {
        if (!CHECK(all_differ(a, 2))) {
            printf("  %s: parent and child drew the same bytes or key\n", mode);
        }
    }
    /* Child, grandchild and parent. */
    if (CHECK(fork_and_sample(1, b) == 3)) {
        if (!CHECK(all_differ(b, 3))) {
            printf("  %s: parent, child and grandchild are not all different\n", mode);
        }
    }
    /* Two children forked from the same parent state (no parent draw in
     * between: take the two children of two forks made back to back). */
    {
        int fds[2][2], k, ok = 1;
        pid_t pids[2];
        for (k = 0; k < 2; k++) {
            if (pipe(fds[k]) != 0) {
                ok = 0;
                break;
            }
            fflush(stdout);
            pids[k] = fork();
            if (pids[k] == 0) {
                close(fds[k][0]);
                child_main(fds[k][1], 0);
            }
            close(fds[k][1]);
        }
        if (CHECK(ok)) {
            for (k = 0; k < 2; k++) {
                ok &= read_all(fds[k][0], both[k], SAMPLE) == 0;
                close(fds[k][0]);
                ok &= wait_ok(pids[k]);
            }
            ok &= take_sample(both[2]) == 0;
            memcpy(both[3], a[1], SAMPLE);   /* an earlier parent sample */
            if (CHECK(ok) && !CHECK(all_differ(both, 4))) {
                printf("  %s: two children of one parent state are not different\n", mode);
            }
        }
    }
}

#if !(defined(PICOPSA_THREADS) && !PICOPSA_THREADS)
static pthread_mutex_t busy_mutex = PTHREAD_MUTEX_INITIALIZER;
static int busy_stop;

static int busy_should_stop(void)
{
    int stop;
    pthread_mutex_lock(&busy_mutex);
    stop = busy_stop;
    pthread_mutex_unlock(&busy_mutex);
    return stop;
}

/* Keeps the RNG and key-store mutexes taken as often as possible. */
static void *busy_main(void *arg)
{
    uint8_t buf[64];
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    unsigned long *rounds = (unsigned long *)arg;
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_bits(&attr, 128);
    while (!busy_should_stop()) {
        psa_key_id_t key = PSA_KEY_ID_NULL;
        if (psa_generate_random(buf, sizeof(buf)) != PSA_SUCCESS ||
            psa_generate_key(&attr, &key) != PSA_SUCCESS || psa_destroy_key(key) != PSA_SUCCESS) {
            *rounds = 0;
            return NULL;
        }
        (*rounds)++;
    }
    return NULL;
}

static void test_fork_while_busy(void)
{
    pthread_t tid;
    unsigned long rounds = 0;
    int k, failed = 0;
    uint8_t samples[3][SAMPLE];

    pthread_mutex_lock(&busy_mutex);
    busy_stop = 0;
    pthread_mutex_unlock(&busy_mutex);
    if (!CHECK(pthread_create(&tid, NULL, busy_main, &rounds) == 0)) {
        return;
    }
    for (k = 0; k < 20; k++) {
        if (fork_and_sample(0, samples) != 2 || !all_differ(samples, 2)) {
            failed++;
        }
    }
    pthread_mutex_lock(&busy_mutex);
    busy_stop = 1;
    pthread_mutex_unlock(&busy_mutex);
    CHECK(pthread_join(tid, NULL) == 0);
    CHECK(failed == 0);
    CHECK(rounds > 0);
}
#endif

int main(void)
{
#if defined(PICOPSA_FORK_DETECT) && !PICOPSA_FORK_DETECT
    printf("PICOPSA_FORK_DETECT is 0: fork detection not built, test skipped\n");
    CHECK(1);
#else
    uint8_t first[SAMPLE];
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    /* Fork before the parent has drawn anything, then after. */
    test_fork_once("page, first draw");
    CHECK(take_sample(first) == 0);
    test_fork_once("page");
#if !(defined(PICOPSA_THREADS) && !PICOPSA_THREADS)
    test_fork_while_busy();
#endif
#if defined(PICOPSA_FORK_DETECT)
    pp_linux_fork_detect_force_pid();
    test_fork_once("getpid fallback");
#if PICOPSA_THREADS
    test_fork_while_busy();
#endif
#endif
#endif
    return test_report("test_psa_fork");
}
