/*
 * test_storage_sigkill.c -- the file ITS backend survives a writer killed
 * at random points (issue 13). ROUNDS times: a child process rewrites
 * UIDS objects in turn with psa_its_set (each value is its uid, a
 * generation number and bytes derived from both, of a length that varies
 * with the generation, up to an RSA-4096 key record) and reports every
 * completed set on a pipe; the parent kills it with SIGKILL after a random
 * 1-15 ms, then checks every uid: its value is whole and self-consistent,
 * and its generation is the last one the child reported done or the one
 * it was writing (old or new, never a mix, never lost). A persistent PSA
 * key imported before the first round must still load and work, and the
 * next child continues from what it finds. No stale temporary file may be
 * mistaken for an object.
 */
#define _POSIX_C_SOURCE 200809L

#include <psa/crypto.h>
#include <picopsa/config.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "storage/pp_its.h"
#include "test_util.h"

#if (PICOPSA_ITS_BACKEND) == PICOPSA_ITS_FILE

#define ROUNDS 25
#define UIDS 4u
#define UID_BASE 0x100000000ull   /* above every key id */
#define KEY_ID 0x4242u
#define MAXLEN 2600u

static size_t value_len(uint32_t gen)
{
    return 8u + (gen * 389u) % (MAXLEN - 8u);
}

static void make_value(uint32_t uid, uint32_t gen, uint8_t *v, size_t *len)
{
    size_t i;
    *len = value_len(gen);
    memcpy(v, &uid, 4);
    memcpy(v + 4, &gen, 4);
    for (i = 8; i < *len; i++) {
        v[i] = (uint8_t)(uid * 31u + gen * 7u + i);
    }
}

/* The generation stored for uid (0: none), -1 when the value is not whole. */
static long stored_gen(uint32_t uid)
{
    static uint8_t v[MAXLEN], want[MAXLEN];
    size_t len = 0, want_len;
    uint32_t u, gen;
    psa_status_t st = psa_its_get(UID_BASE + uid, 0, sizeof(v), v, &len);
    if (st == PSA_ERROR_DOES_NOT_EXIST) {
        return 0;
    }
    if (st != PSA_SUCCESS || len < 8) {
        return -1;
    }
    memcpy(&u, v, 4);
    memcpy(&gen, v + 4, 4);
    make_value(uid, gen, want, &want_len);
    return u == uid && len == want_len && memcmp(v, want, len) == 0 ? (long)gen : -1;
}

static void child(int fd)
{
    static uint8_t v[MAXLEN];
    uint32_t gen[UIDS], i;
    size_t len;
    for (i = 0; i < UIDS; i++) {
        long g = stored_gen(i);
        gen[i] = g > 0 ? (uint32_t)g : 0u;
    }
    for (i = 0;; i = (i + 1u) % UIDS) {
        uint32_t report[2];
        make_value(i, gen[i] + 1u, v, &len);
        if (psa_its_set(UID_BASE + i, len, v, 0) != PSA_SUCCESS) {
            _exit(3);
        }
        gen[i]++;
        report[0] = i;
        report[1] = gen[i];
        if (write(fd, report, sizeof(report)) != (ssize_t)sizeof(report)) {
            _exit(4);
        }
    }
}

int main(void)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    static const uint8_t key[32] = {9, 8, 7};
    uint8_t mac[32];
    size_t mac_len;
    long done[UIDS] = {0};
    psa_key_id_t id;
    uint32_t i;
    int round, kills = 0;

    test_rng_seed((uint64_t)time(NULL));
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    for (i = 0; i < UIDS; i++) {
        (void)psa_its_remove(UID_BASE + i);
    }
    (void)psa_destroy_key(KEY_ID);
    psa_set_key_id(&a, KEY_ID);
    psa_set_key_type(&a, PSA_KEY_TYPE_HMAC);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_SIGN_MESSAGE);
    psa_set_key_algorithm(&a, PSA_ALG_HMAC(PSA_ALG_SHA_256));
    CHECK_STATUS(psa_import_key(&a, key, sizeof(key), &id), PSA_SUCCESS);

    for (round = 0; round < ROUNDS; round++) {
        int fds[2], status = 0;
        uint32_t report[2];
        struct timespec t;
        pid_t pid;

        CHECK(pipe(fds) == 0);
        pid = fork();
        if (pid == 0) {
            close(fds[0]);
            child(fds[1]);
        }
        close(fds[1]);
        t.tv_sec = 0;
        t.tv_nsec = (long)test_rng_range(1, 15) * 1000000L;
        nanosleep(&t, NULL);
        kill(pid, SIGKILL);
        CHECK(waitpid(pid, &status, 0) == pid);
        kills += WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
        while (read(fds[0], report, sizeof(report)) == (ssize_t)sizeof(report)) {
            if (report[0] < UIDS) {
                done[report[0]] = (long)report[1];
            }
        }
        close(fds[0]);
        for (i = 0; i < UIDS; i++) {
            long g = stored_gen(i);
            /* Old (the last set reported) or new (the set in flight). */
            if (!CHECK(g == done[i] || g == done[i] + 1)) {
                printf("round %d uid %u: stored generation %ld, last reported %ld\n", round,
                       (unsigned)i, g, done[i]);
            }
            if (g > done[i]) {
                done[i] = g;
            }
        }
        CHECK_STATUS(psa_mac_compute(KEY_ID, PSA_ALG_HMAC(PSA_ALG_SHA_256), key, 4, mac,
                                     sizeof(mac), &mac_len), PSA_SUCCESS);
        CHECK_STATUS(psa_purge_key(KEY_ID), PSA_SUCCESS);
    }
    printf("%d rounds, %d killed by SIGKILL, generations reached: %ld %ld %ld %ld\n", ROUNDS, kills,
           done[0], done[1], done[2], done[3]);
    CHECK(kills == ROUNDS);
    CHECK(done[0] > 0);
    CHECK_STATUS(psa_destroy_key(KEY_ID), PSA_SUCCESS);
    for (i = 0; i < UIDS; i++) {
        CHECK_STATUS(psa_its_remove(UID_BASE + i),
                     done[i] > 0 ? PSA_SUCCESS : PSA_ERROR_DOES_NOT_EXIST);
    }
    return test_report("storage_sigkill");
}

#else
int main(void)
{
    return test_skip("storage_sigkill", "needs PICOPSA_ITS_FILE");
}
#endif
