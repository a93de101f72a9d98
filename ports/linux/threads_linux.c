/*
 * threads_linux.c -- the thread and fork hooks of picopsa/port.h for Linux:
 * picopsa_port_mutex_lock/unlock (pthread mutexes) and
 * picopsa_port_fork_detected().
 *
 * Fork detection, fast path: one anonymous page marked MADV_WIPEONFORK
 * (Linux 4.14+). The kernel gives a child of fork() (or of clone() without
 * CLONE_VM) that page zero-filled, so "the byte is 0" means "new process";
 * the check is one load on every draw. Fallback (older kernels, or
 * pp_linux_fork_detect_force_pid() in tests): compare getpid() with the
 * pid of the last call, plus a flag the pthread_atfork child handler sets,
 * because a pid alone can come back (a grandchild may get the pid of a
 * parent that has exited, with the parent's DRBG state in its memory).
 *
 * pthread_atfork handlers (registered once, at load): before fork() take
 * every library mutex, after it release them in both processes. A fork
 * while another thread holds, say, the RNG mutex would otherwise leave the
 * child a mutex nobody can unlock.
 *
 * The library calls picopsa_port_fork_detected() with the RNG mutex held,
 * so the state below needs no lock of its own.
 */
#define _DEFAULT_SOURCE 1

#include <picopsa/port.h>

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

#ifndef MADV_WIPEONFORK
#define MADV_WIPEONFORK 18   /* linux/mman.h; older libc headers lack it */
#endif

/* Test hook (tests/unit/test_psa_fork.c): use the getpid() fallback. */
void pp_linux_fork_detect_force_pid(void);

typedef char pp_linux_mutex_count_is_two[PICOPSA_MUTEX_COUNT == 2u ? 1 : -1];

static pthread_mutex_t mutexes[PICOPSA_MUTEX_COUNT] = {
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER
};

/* ---- fork detection state (under the RNG mutex) ------------------------- */
static volatile unsigned char *fork_page;  /* 1 in the process that set it */
static size_t fork_page_size;
static int fork_setup_done;
static int fork_force_pid;
static pid_t fork_pid;
static volatile sig_atomic_t fork_child_flag;   /* set in a child by atfork */

void picopsa_port_mutex_lock(unsigned int mutex)
{
    /* A default mutex fails only on misuse (bad id, corrupted memory):
     * carrying on unlocked would be worse than stopping. */
    if (mutex >= PICOPSA_MUTEX_COUNT || pthread_mutex_lock(&mutexes[mutex]) != 0) {
        abort();
    }
}

void picopsa_port_mutex_unlock(unsigned int mutex)
{
    if (mutex >= PICOPSA_MUTEX_COUNT || pthread_mutex_unlock(&mutexes[mutex]) != 0) {
        abort();
    }
}

static void atfork_prepare(void)
{
    unsigned int i;
    for (i = 0; i < PICOPSA_MUTEX_COUNT; i++) {
        picopsa_port_mutex_lock(i);
    }
}

static void atfork_parent(void)
{
    unsigned int i = PICOPSA_MUTEX_COUNT;
    while (i-- > 0) {
        picopsa_port_mutex_unlock(i);
    }
}

static void atfork_child(void)
{
    fork_child_flag = 1;
    atfork_parent();
}

__attribute__((constructor)) static void register_atfork(void)
{
    if (pthread_atfork(atfork_prepare, atfork_parent, atfork_child) != 0) {
        abort();
    }
}

static void fork_page_release(void)
{
    if (fork_page != NULL) {
        (void)munmap((void *)(uintptr_t)fork_page, fork_page_size);
        fork_page = NULL;
    }
}

void pp_linux_fork_detect_force_pid(void)
{
    fork_force_pid = 1;
    fork_page_release();
}

/* First call in this address space: try to set up the page. */
static void fork_setup(void)
{
    long page = sysconf(_SC_PAGESIZE);
    void *p;

    fork_setup_done = 1;
    if (fork_force_pid || page <= 0) {
        return;
    }
    fork_page_size = (size_t)page;
    p = mmap(NULL, fork_page_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        return;
    }
    if (madvise(p, fork_page_size, MADV_WIPEONFORK) != 0) {
        (void)munmap(p, fork_page_size);   /* EINVAL before Linux 4.14 */
        return;
    }
    fork_page = (volatile unsigned char *)p;
    fork_page[0] = 1;
}

int picopsa_port_fork_detected(void)
{
    pid_t now;

    if (fork_page != NULL) {
        if (fork_page[0] != 0) {
            return 0;
        }
        fork_page[0] = 1;   /* a child: zero-filled by the kernel */
        return 1;
    }
    now = getpid();
    if (!fork_setup_done) {
        fork_setup();
        fork_pid = now;
        fork_child_flag = 0;
        return 1;
    }
    if (now != fork_pid || fork_child_flag) {
        fork_pid = now;
        fork_child_flag = 0;
        return 1;
    }
    return 0;
}
