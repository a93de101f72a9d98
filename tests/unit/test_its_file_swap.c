/*
 * test_its_file_swap.c -- issue 21 section 7 (MEDIUM): the file ITS
 * backend checks its directory (owner, mode) once per call, and no later
 * operation of that call may resolve the path again. This executable
 * interposes the libc path functions the backend could call (open,
 * openat, mkdir, rename(at), unlink(at), link(at), fstatat and their
 * 64-bit names: a definition in the executable takes the place of libc's,
 * the real one comes from dlsym(RTLD_NEXT)). At the Nth of them, for
 * every N until a call runs out of operations, the store directory is
 * swapped for a symlink to a 0777 directory (one the check refuses) just
 * before the operation runs. After each call the refused directory must
 * hold exactly what was planted in it (no record written, renamed or
 * removed there) and no call may return the planted record's data. Each
 * ITS call is tried: a create, an overwrite, a get, get_info, a remove,
 * and a persistent psa_import_key. A symlink as the directory itself is
 * refused as well (O_NOFOLLOW).
 *
 * On eabf8a5 every call resolved "$PICOPSA_ITS_DIR/<uid>..." again for
 * each open/rename/unlink: records landed in, and were read from, the
 * refused directory.
 */
#undef _FORTIFY_SOURCE
#define _GNU_SOURCE

#include <psa/crypto.h>
#include <psa/internal_trusted_storage.h>
#include <picopsa/config.h>

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test_util.h"

#if (PICOPSA_ITS_BACKEND) == PICOPSA_ITS_FILE

/* ---- the swap --------------------------------------------------------------- */

static char store[512], saved[512], evil[512];
static int armed;          /* count path operations */
static long countdown;     /* swap when it reaches 0 */
static int swapped;

typedef int (*rename_fn)(const char *, const char *);
typedef int (*symlink_fn)(const char *, const char *);

typedef void (*any_fn)(void);

/* libc's function of that name (ISO C has no object-to-function pointer
 * conversion: a union carries it). */
static any_fn real(const char *name)
{
    union {
        void *p;
        any_fn f;
    } u;
    u.p = dlsym(RTLD_NEXT, name);
    if (u.p == NULL) {
        fprintf(stderr, "dlsym %s failed\n", name);
        abort();
    }
    return u.f;
}

/* Called at the start of every interposed operation. */
static void path_op(void)
{
    if (!armed || swapped) {
        return;
    }
    if (--countdown == 0) {
        /* store -> saved, then store = symlink to the 0777 directory. */
        if (((rename_fn)real("rename"))(store, saved) != 0 || ((symlink_fn)real("symlink"))(evil, store) != 0) {
            fprintf(stderr, "swap failed: %s\n", strerror(errno));
            abort();
        }
        swapped = 1;
    }
}

/* Undo the swap (the symlink goes, the real directory comes back). */
static void unswap(void)
{
    if (swapped) {
        unlink(store);
        rename(saved, store);
        swapped = 0;
    }
}

#define MODE_ARG(flags, mode)                                                  \
    do {                                                                       \
        if (((flags) & O_CREAT) != 0 || ((flags) & O_TMPFILE) == O_TMPFILE) {   \
            va_list ap;                                                        \
            va_start(ap, flags);                                               \
            mode = (mode_t)va_arg(ap, int);                                    \
            va_end(ap);                                                        \
        }                                                                      \
    } while (0)

int open(const char *path, int flags, ...)
{
    mode_t mode = 0;
    MODE_ARG(flags, mode);
    path_op();
    return ((int (*)(const char *, int, ...))real("open"))(path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
    mode_t mode = 0;
    MODE_ARG(flags, mode);
    path_op();
    return ((int (*)(const char *, int, ...))real("open64"))(path, flags, mode);
}

int openat(int dfd, const char *path, int flags, ...)
{
    mode_t mode = 0;
    MODE_ARG(flags, mode);
    path_op();
    return ((int (*)(int, const char *, int, ...))real("openat"))(dfd, path, flags, mode);
}

int openat64(int dfd, const char *path, int flags, ...)
{
    mode_t mode = 0;
    MODE_ARG(flags, mode);
    path_op();
    return ((int (*)(int, const char *, int, ...))real("openat64"))(dfd, path, flags, mode);
}

int mkdir(const char *path, mode_t mode)
{
    path_op();
    return ((int (*)(const char *, mode_t))real("mkdir"))(path, mode);
}

int rename(const char *a, const char *b)
{
    path_op();
    return ((int (*)(const char *, const char *))real("rename"))(a, b);
}

int renameat(int da, const char *a, int db, const char *b)
{
    path_op();
    return ((int (*)(int, const char *, int, const char *))real("renameat"))(da, a, db, b);
}

int unlink(const char *path)
{
    path_op();
    return ((int (*)(const char *))real("unlink"))(path);
}

int unlinkat(int dfd, const char *path, int flags)
{
    path_op();
    return ((int (*)(int, const char *, int))real("unlinkat"))(dfd, path, flags);
}

int link(const char *a, const char *b)
{
    path_op();
    return ((int (*)(const char *, const char *))real("link"))(a, b);
}

int linkat(int da, const char *a, int db, const char *b, int flags)
{
    path_op();
    return ((int (*)(int, const char *, int, const char *, int))real("linkat"))(da, a, db, b, flags);
}

int fstatat(int dfd, const char *path, struct stat *st, int flags)
{
    path_op();
    return ((int (*)(int, const char *, struct stat *, int))real("fstatat"))(dfd, path, st, flags);
}

int fstatat64(int dfd, const char *path, struct stat64 *st, int flags)
{
    path_op();
    return ((int (*)(int, const char *, struct stat64 *, int))real("fstatat64"))(dfd, path, st, flags);
}

/* ---- the checks -------------------------------------------------------------- */

#define UID_NEW 0x51u   /* created by the call under test */
#define UID_OLD 0x52u   /* exists in both directories, with different data */
#define KEY_ID 0x5301u

static const uint8_t good[16] = "good record data";
static const uint8_t bad[16] = "PLANTED by other";
static const uint8_t fresh[16] = "new record bytes";
static char evil_list[2048];

/* The names in dir, sorted-insensitive concatenation (count + sizes). */
static void list_dir(const char *dir, char *out, size_t size)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    size_t pos = 0;
    out[0] = '\0';
    if (d == NULL) {
        return;
    }
    while ((e = readdir(d)) != NULL) {
        char path[1024];
        struct stat st;
        int n;
        if (e->d_name[0] == '.') {
            continue;
        }
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        if (lstat(path, &st) != 0) {
            continue;
        }
        n = snprintf(out + pos, size - pos, "%s:%lld:%lld;", e->d_name, (long long)st.st_size,
                     (long long)st.st_mtim.tv_nsec + 1000000000LL * (long long)st.st_mtim.tv_sec);
        if (n < 0 || (size_t)n >= size - pos) {
            break;
        }
        pos += (size_t)n;
    }
    closedir(d);
}

static void clear_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    if (d == NULL) {
        return;
    }
    while ((e = readdir(d)) != NULL) {
        char path[1024];
        if (e->d_name[0] == '.') {
            continue;
        }
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        unlink(path);
    }
    closedir(d);
}

static psa_key_attributes_t key_attr(void)
{
    psa_key_attributes_t a = psa_key_attributes_init();
    psa_set_key_type(&a, PSA_KEY_TYPE_RAW_DATA);
    psa_set_key_id(&a, KEY_ID);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_EXPORT);
    return a;
}

/* The state before each try: store has UID_OLD = good; evil has UID_OLD =
 * bad (a valid record, planted while evil was still 0700). */
static void reset(void)
{
    clear_dir(store);
    CHECK(psa_its_set(UID_OLD, sizeof(good), good, PSA_STORAGE_FLAG_NONE) == PSA_SUCCESS);
}

static int op_failures;

enum { OP_CREATE, OP_OVERWRITE, OP_GET, OP_INFO, OP_REMOVE, OP_IMPORT, OP_COUNT };
static const char *const op_names[OP_COUNT] = {"create", "overwrite", "get", "get_info", "remove", "import_key"};

/* Run one call with the swap armed at the nth operation; returns 0 when
 * the swap did not fire (n beyond the call's operations). */
static int try_op(int op, long n)
{
    uint8_t buf[sizeof(good)];
    size_t got = 0;
    struct psa_storage_info_t info;
    psa_key_attributes_t a = key_attr();
    psa_key_id_t id = 0;
    psa_status_t st = PSA_SUCCESS;
    char after[2048];
    int fired;

    reset();
    memset(buf, 0, sizeof(buf));
    countdown = n;
    swapped = 0;
    armed = 1;
    switch (op) {
    case OP_CREATE: st = psa_its_set(UID_NEW, sizeof(fresh), fresh, PSA_STORAGE_FLAG_NONE); break;
    case OP_OVERWRITE: st = psa_its_set(UID_OLD, sizeof(fresh), fresh, PSA_STORAGE_FLAG_NONE); break;
    case OP_GET: st = psa_its_get(UID_OLD, 0, sizeof(buf), buf, &got); break;
    case OP_INFO: st = psa_its_get_info(UID_OLD, &info); break;
    case OP_REMOVE: st = psa_its_remove(UID_OLD); break;
    default: st = psa_import_key(&a, fresh, sizeof(fresh), &id); break;
    }
    armed = 0;
    fired = swapped;
    unswap();
    list_dir(evil, after, sizeof(after));
    if (strcmp(after, evil_list) != 0) {
        printf("  %s, swap at operation %ld: the refused directory changed (%s -> %s)\n", op_names[op], n,
               evil_list, after);
        op_failures++;
        CHECK(0);
    } else {
        CHECK(1);
    }
    if (op == OP_GET && st == PSA_SUCCESS && !CHECK(got == sizeof(good) && memcmp(buf, good, sizeof(good)) == 0)) {
        printf("  get, swap at operation %ld: read %s\n", n,
               memcmp(buf, bad, sizeof(bad)) == 0 ? "the planted record" : "wrong data");
        op_failures++;
    }
    if (op == OP_IMPORT && st == PSA_SUCCESS) {
        CHECK(psa_destroy_key(id) == PSA_SUCCESS);
    } else if (op == OP_IMPORT) {
        (void)psa_purge_key(KEY_ID);
    }
    return fired;
}

int main(void)
{
    const char *base = getenv("PICOPSA_ITS_DIR");
    char cmd[2048];
    long n;
    int op;
    if (base == NULL || base[0] != '/') {
        base = "/tmp/picopsa-its-swap";
    }
    snprintf(cmd, sizeof(cmd), "mkdir -p '%s' && chmod 700 '%s'", base, base);
    CHECK(system(cmd) == 0);
    snprintf(store, sizeof(store), "%s/store", base);
    snprintf(saved, sizeof(saved), "%s/store.saved", base);
    snprintf(evil, sizeof(evil), "%s/refused", base);
    /* Leftovers of an interrupted run. */
    unlink(store);
    snprintf(cmd, sizeof(cmd), "rm -rf '%s' '%s' '%s'", store, saved, evil);
    CHECK(system(cmd) == 0);
    CHECK(mkdir(store, 0700) == 0 && mkdir(evil, 0700) == 0);

    /* Plant a valid record of UID_OLD in evil while evil is acceptable,
     * then open evil to everyone. */
    setenv("PICOPSA_ITS_DIR", evil, 1);
    CHECK(psa_crypto_init() == PSA_SUCCESS);
    CHECK(psa_its_set(UID_OLD, sizeof(bad), bad, PSA_STORAGE_FLAG_NONE) == PSA_SUCCESS);
    CHECK(chmod(evil, 0777) == 0);
    {
        uint8_t buf[16];
        size_t got;
        CHECK(psa_its_get(UID_OLD, 0, sizeof(buf), buf, &got) == PSA_ERROR_STORAGE_FAILURE);
    }
    list_dir(evil, evil_list, sizeof(evil_list));
    setenv("PICOPSA_ITS_DIR", store, 1);

    for (op = 0; op < OP_COUNT; op++) {
        int fails_before = op_failures;
        for (n = 1; n < 100; n++) {
            if (!try_op(op, n)) {
                break;
            }
        }
        printf("%s: swap injected at each of %ld path operations%s\n", op_names[op], n - 1,
               op_failures == fails_before ? "" : ": FAILED");
        CHECK(n > 1 && n < 100);
    }

    /* Without a swap: everything works, and a symlinked store directory
     * (to a directory of ours with mode 0700) is refused. */
    reset();
    {
        uint8_t buf[16];
        size_t got = 0;
        char link_path[600];
        CHECK(psa_its_get(UID_OLD, 0, sizeof(buf), buf, &got) == PSA_SUCCESS && got == 16 &&
              memcmp(buf, good, 16) == 0);
        snprintf(link_path, sizeof(link_path), "%s/link", base);
        unlink(link_path);
        CHECK(symlink(store, link_path) == 0);
        setenv("PICOPSA_ITS_DIR", link_path, 1);
        CHECK(psa_its_get(UID_OLD, 0, sizeof(buf), buf, &got) == PSA_ERROR_STORAGE_FAILURE);
        CHECK(psa_its_set(UID_NEW, sizeof(fresh), fresh, PSA_STORAGE_FLAG_NONE) == PSA_ERROR_STORAGE_FAILURE);
        /* A trailing slash must not make the symlink acceptable. */
        snprintf(link_path, sizeof(link_path), "%s/link/", base);
        setenv("PICOPSA_ITS_DIR", link_path, 1);
        CHECK(psa_its_get(UID_OLD, 0, sizeof(buf), buf, &got) == PSA_ERROR_STORAGE_FAILURE);
        /* The real directory with trailing slashes is fine. */
        snprintf(link_path, sizeof(link_path), "%s//", store);
        setenv("PICOPSA_ITS_DIR", link_path, 1);
        CHECK(psa_its_get(UID_OLD, 0, sizeof(buf), buf, &got) == PSA_SUCCESS && got == 16);
        setenv("PICOPSA_ITS_DIR", store, 1);
        snprintf(link_path, sizeof(link_path), "%s/link", base);
        unlink(link_path);
    }
    clear_dir(store);
    return test_report("its_file_swap");
}

#else
int main(void)
{
    return test_skip("its_file_swap", "the file ITS backend is not built");
}
#endif
