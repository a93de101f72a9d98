/*
 * its_file.c -- the file ITS backend (PICOPSA_ITS_FILE, POSIX hosts).
 *
 * One file per uid, named by the uid in 16 hex digits, in the directory
 * $PICOPSA_ITS_DIR (read at every call) or ./picopsa-its/ (created 0700).
 * A file is a 20-byte header then the data:
 *   0  "PPIT"   4  version 1, 3 zero bytes   8  flags (u32 LE)
 *   12 size (u32 LE)   16 CRC-32 of bytes 0..15 and the data (u32 LE)
 *
 * The directory is resolved once per call: open(O_DIRECTORY | O_NOFOLLOW,
 * a symlink as the last component is refused), then fstat of that
 * descriptor checks owner (the effective user) and mode (not writable by
 * group or others), else PSA_ERROR_STORAGE_FAILURE, since whoever can
 * write the directory can plant, swap or delete records. Every record
 * operation after that is relative to the descriptor (openat, fstatat,
 * renameat, linkat, unlinkat, fsync of the descriptor), so a path
 * component swapped after the check (a symlink to another directory)
 * cannot move a record elsewhere.
 *
 * A write takes an exclusive fcntl lock on "lock" in the directory (two
 * processes writing one store are serialised; the shared <uid>.tmp name is
 * then safe), writes <uid>.tmp (O_CREAT | O_EXCL | O_NOFOLLOW, fchmod
 * 0600: a planted file or symlink decides neither mode nor target),
 * fsync()s it and moves it into place: renameat() for a set (atomic
 * replace: old or new after SIGKILL or power loss), linkat() for a create
 * (pp_its_backend_create: never replaces, EEXIST is ALREADY_EXISTS), then
 * fsync()s the directory. A stale .tmp is never read; the next write of
 * that uid unlinks it. A size or CRC mismatch is PSA_ERROR_DATA_CORRUPT,
 * a wrong magic or version PSA_ERROR_DATA_INVALID.
 */
/* Before any header: open/fsync/rename are POSIX, not C99. */
#if !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <picopsa/config.h>

#if (PICOPSA_ITS_BACKEND) == PICOPSA_ITS_FILE

#include "common/pp_util.h"
#include "storage/pp_its.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#define HEADER_SIZE 20u
#define PATH_SIZE 512u
#define NAME_SIZE 24u /* 16 hex digits + ".tmp" + NUL */

/* The directory path without trailing '/' (so O_NOFOLLOW sees the last
 * component; "/" stays "/"). 0 when it does not fit. */
static int dir_path(char *path)
{
    const char *dir = getenv("PICOPSA_ITS_DIR");
    size_t n;
    if (dir == NULL || dir[0] == '\0') {
        dir = "./picopsa-its";
    }
    n = strlen(dir);
    if (n >= PATH_SIZE) {
        return 0;
    }
    memcpy(path, dir, n + 1);
    while (n > 1u && path[n - 1u] == '/') {
        path[--n] = '\0';
    }
    return 1;
}

/* mkdir -p (0700: keys are secrets; an existing directory is then checked
 * through its descriptor by open_dir). */
static int make_dirs(const char *dir)
{
    char path[PATH_SIZE];
    size_t i, n = strlen(dir);
    memcpy(path, dir, n + 1);
    for (i = 1; i <= n; i++) {
        if (path[i] == '/' || path[i] == '\0') {
            char c = path[i];
            path[i] = '\0';
            if (mkdir(path, 0700) != 0 && errno != EEXIST) {
                return 0;
            }
            path[i] = c;
        }
    }
    return 1;
}

/* The one resolution of the directory path in a call (see the file
 * comment): *dfd is the checked directory. A missing directory is
 * DOES_NOT_EXIST (create == 0) or created (create != 0). */
static psa_status_t open_dir(int create, int *dfd)
{
    char path[PATH_SIZE];
    struct stat st;
    int fd;
    *dfd = -1;
    if (!dir_path(path) || (create && !make_dirs(path))) {
        return PSA_ERROR_STORAGE_FAILURE;
    }
    fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        return errno == ENOENT && !create ? PSA_ERROR_DOES_NOT_EXIST : PSA_ERROR_STORAGE_FAILURE;
    }
    if (fstat(fd, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid() ||
        (st.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
        close(fd);
        return PSA_ERROR_STORAGE_FAILURE;
    }
    *dfd = fd;
    return PSA_SUCCESS;
}

static void make_name(char *name, psa_storage_uid_t uid, const char *suffix)
{
    (void)snprintf(name, NAME_SIZE, "%016llx%s", (unsigned long long)uid, suffix);
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static psa_status_t errno_status(int e)
{
    if (e == ENOENT) {
        return PSA_ERROR_DOES_NOT_EXIST;
    }
    if (e == ENOSPC
#ifdef EDQUOT
        || e == EDQUOT
#endif
    ) {
        return PSA_ERROR_INSUFFICIENT_STORAGE;
    }
    return PSA_ERROR_STORAGE_FAILURE;
}

static int read_full(int fd, uint8_t *buf, size_t n)
{
    while (n > 0) {
        ssize_t r = read(fd, buf, n);
        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (r <= 0) {
            return 0;
        }
        buf += r;
        n -= (size_t)r;
    }
    return 1;
}

static int write_full(int fd, const uint8_t *buf, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, buf, n);
        if (w < 0 && errno == EINTR) {
            continue;
        }
        if (w <= 0) {
            return 0;
        }
        buf += w;
        n -= (size_t)w;
    }
    return 1;
}

/* Open and verify the whole file (header, length, CRC); copy data[offset,
 * offset+length) to out when out != NULL. */
static psa_status_t load(psa_storage_uid_t uid, size_t *size, psa_storage_create_flags_t *flags,
                         size_t offset, size_t length, uint8_t *out)
{
    char name[NAME_SIZE];
    uint8_t header[HEADER_SIZE], chunk[256];
    uint32_t crc, data_size;
    size_t pos = 0;
    struct stat st;
    psa_status_t status;
    int dfd, fd;

    status = open_dir(0, &dfd);
    if (status != PSA_SUCCESS) {
        return status;
    }
    make_name(name, uid, "");
    fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        status = errno_status(errno);
        close(dfd);
        return status;
    }
    close(dfd);
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        status = PSA_ERROR_STORAGE_FAILURE;
    } else if ((size_t)st.st_size < HEADER_SIZE || !read_full(fd, header, HEADER_SIZE)) {
        status = PSA_ERROR_DATA_CORRUPT;
    } else if (memcmp(header, "PPIT", 4) != 0 || header[4] != 1u) {
        status = PSA_ERROR_DATA_INVALID;   /* not ours, or a later format */
    } else {
        data_size = get32(header + 12);
        if ((uint64_t)st.st_size != (uint64_t)data_size + HEADER_SIZE) {
            status = PSA_ERROR_DATA_CORRUPT;
        }
        crc = pp_crc32(0, header, 16);
        while (status == PSA_SUCCESS && pos < data_size) {
            size_t n = data_size - pos < sizeof(chunk) ? data_size - pos : sizeof(chunk);
            size_t lo, hi;
            if (!read_full(fd, chunk, n)) {
                status = PSA_ERROR_DATA_CORRUPT;
                break;
            }
            crc = pp_crc32(crc, chunk, n);
            /* The overlap of [pos, pos+n) with the requested range. */
            lo = offset > pos ? offset : pos;
            hi = offset + length < pos + n ? offset + length : pos + n;
            if (out != NULL && lo < hi) {
                memcpy(out + (lo - offset), chunk + (lo - pos), hi - lo);
            }
            pos += n;
        }
        if (status == PSA_SUCCESS && crc != get32(header + 16)) {
            status = PSA_ERROR_DATA_CORRUPT;
        }
        *size = data_size;
        *flags = get32(header + 8);
    }
    pp_wipe(chunk, sizeof(chunk));   /* key-record bytes: not a dead-store memset */
    close(fd);
    if (status != PSA_SUCCESS && out != NULL) {
        memset(out, 0, length);
    }
    return status;
}

psa_status_t pp_its_backend_info(psa_storage_uid_t uid, size_t *size,
                                 psa_storage_create_flags_t *flags)
{
    return load(uid, size, flags, 0, 0, NULL);
}

psa_status_t pp_its_backend_read(psa_storage_uid_t uid, size_t offset, size_t length,
                                 uint8_t *out)
{
    size_t size;
    psa_storage_create_flags_t flags;
    return load(uid, &size, &flags, offset, length, out);
}

/* The store's write lock (see the file comment): held until *lfd is
 * closed. fcntl locks are per process; threads are serialised by the key
 * store mutex already. */
static int lock_store(int dfd, int *lfd)
{
    struct flock fl;
    int fd = openat(dfd, "lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    *lfd = -1;
    if (fd < 0) {
        return 0;
    }
    memset(&fl, 0, sizeof(fl));
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
    while (fcntl(fd, F_SETLKW, &fl) != 0) {
        if (errno != EINTR) {
            close(fd);
            return 0;
        }
    }
    *lfd = fd;
    return 1;
}

/* Write a record of uid under the lock; create != 0: fail with
 * ALREADY_EXISTS rather than replace an existing one. */
static psa_status_t write_record(psa_storage_uid_t uid, size_t length, const uint8_t *data,
                                 psa_storage_create_flags_t flags, int create)
{
    char name[NAME_SIZE], tmp[NAME_SIZE];
    uint8_t header[HEADER_SIZE];
    uint32_t crc;
    struct stat st;
    psa_status_t status;
    int dfd, lfd, fd;

    status = open_dir(1, &dfd);
    if (status != PSA_SUCCESS) {
        return PSA_ERROR_STORAGE_FAILURE;
    }
    if (!lock_store(dfd, &lfd)) {
        close(dfd);
        return PSA_ERROR_STORAGE_FAILURE;
    }
    make_name(name, uid, "");
    make_name(tmp, uid, ".tmp");
    memcpy(header, "PPIT", 4);
    header[4] = 1u;
    header[5] = header[6] = header[7] = 0;
    put32(header + 8, flags);
    put32(header + 12, (uint32_t)length);
    crc = pp_crc32(0, header, 16);
    crc = pp_crc32(crc, data, length);
    put32(header + 16, crc);

    if (create && fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
        status = PSA_ERROR_ALREADY_EXISTS;
    } else if (create && errno != ENOENT) {
        status = PSA_ERROR_STORAGE_FAILURE;
    } else if (unlinkat(dfd, tmp, 0) != 0 && errno != ENOENT) {
        /* A stale or planted .tmp goes; O_EXCL: nobody else's file is
         * reused, O_NOFOLLOW: no symlink is followed. */
        status = PSA_ERROR_STORAGE_FAILURE;
    } else if ((fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600)) < 0) {
        status = errno_status(errno);
    } else {
        int ok = fchmod(fd, 0600) == 0 && write_full(fd, header, HEADER_SIZE) &&
                 write_full(fd, data, length) && fsync(fd) == 0;
        if (!ok) {
            status = errno_status(errno);
        }
        if (close(fd) != 0 && ok) {
            ok = 0;
            status = PSA_ERROR_STORAGE_FAILURE;
        }
        if (ok && create) {
            /* link() never replaces: a record that appeared anyway (a
             * writer that does not lock) keeps its place. A file system
             * without hard links falls back to the rename, which the
             * lock and the check above make safe among picopsa writers. */
            if (linkat(dfd, tmp, dfd, name, 0) == 0) {
                (void)unlinkat(dfd, tmp, 0);
            } else if (errno == EEXIST) {
                status = PSA_ERROR_ALREADY_EXISTS;
            } else if ((errno != EPERM && errno != EOPNOTSUPP) || renameat(dfd, tmp, dfd, name) != 0) {
                status = PSA_ERROR_STORAGE_FAILURE;
            }
        } else if (ok && renameat(dfd, tmp, dfd, name) != 0) {
            status = PSA_ERROR_STORAGE_FAILURE;
        }
        if (status != PSA_SUCCESS) {
            (void)unlinkat(dfd, tmp, 0);
        } else if (fsync(dfd) != 0) {
            status = PSA_ERROR_STORAGE_FAILURE;   /* the rename or link is not durable */
        }
    }
    close(lfd);
    close(dfd);
    return status == PSA_ERROR_DOES_NOT_EXIST ? PSA_ERROR_STORAGE_FAILURE : status;
}

psa_status_t pp_its_backend_write(psa_storage_uid_t uid, size_t length, const uint8_t *data,
                                  psa_storage_create_flags_t flags)
{
    return write_record(uid, length, data, flags, 0);
}

psa_status_t pp_its_backend_create(psa_storage_uid_t uid, size_t length, const uint8_t *data,
                                   psa_storage_create_flags_t flags)
{
    return write_record(uid, length, data, flags, 1);
}

psa_status_t pp_its_backend_remove(psa_storage_uid_t uid)
{
    char name[NAME_SIZE];
    psa_status_t status;
    int dfd;
    status = open_dir(0, &dfd);
    if (status != PSA_SUCCESS) {
        return status;
    }
    make_name(name, uid, "");
    if (unlinkat(dfd, name, 0) != 0) {
        status = errno_status(errno);
    } else if (fsync(dfd) != 0) {
        status = PSA_ERROR_STORAGE_FAILURE;
    }
    close(dfd);
    return status;
}

#else
typedef int pp_its_file_empty; /* ISO C: a translation unit is not empty */
#endif
