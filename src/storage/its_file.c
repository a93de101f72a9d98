/*
 * its_file.c -- the file ITS backend (PICOPSA_ITS_FILE, POSIX hosts).
 *
 * One file per uid, named by the uid in 16 hex digits, in the directory
 * $PICOPSA_ITS_DIR (read at every call) or ./picopsa-its/ (created 0700).
 * A file is a 20-byte header then the data:
 *   0  "PPIT"   4  version 1, 3 zero bytes   8  flags (u32 LE)
 *   12 size (u32 LE)   16 CRC-32 of bytes 0..15 and the data (u32 LE)
 * psa_its_set writes <uid>.tmp, fsync()s it, rename()s it over <uid>
 * (POSIX rename is atomic: a reader or a restart after SIGKILL or power
 * loss sees the old or the new file) and fsync()s the directory so the
 * rename itself is durable. A stale .tmp of an interrupted write is never
 * read; the next write of that uid unlinks it and creates a new one with
 * O_CREAT | O_EXCL | O_NOFOLLOW and mode 0600 (fchmod: the umask and a
 * planted file or symlink cannot decide the mode or the target). A size
 * or CRC mismatch is PSA_ERROR_DATA_CORRUPT, a wrong magic or version
 * PSA_ERROR_DATA_INVALID. One process owns a directory at a time.
 * Every call first checks the directory (check_dir): owned by the
 * effective user and not writable by group or others, else
 * PSA_ERROR_STORAGE_FAILURE, since whoever can write it can plant, swap
 * or delete records.
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

static const char *its_dir(void)
{
    const char *dir = getenv("PICOPSA_ITS_DIR");
    return (dir != NULL && dir[0] != '\0') ? dir : "./picopsa-its";
}

/* The store directory is ours and only ours to write (see the file
 * comment). *fd (when fd != NULL) gets it open for fsync. A missing
 * directory is DOES_NOT_EXIST. */
static psa_status_t check_dir(int *fd_out)
{
    struct stat st;
    psa_status_t status = PSA_SUCCESS;
    int fd = open(its_dir(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        return errno == ENOENT ? PSA_ERROR_DOES_NOT_EXIST : PSA_ERROR_STORAGE_FAILURE;
    }
    if (fstat(fd, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid() ||
        (st.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
        status = PSA_ERROR_STORAGE_FAILURE;
    }
    if (status != PSA_SUCCESS || fd_out == NULL) {
        close(fd);
    } else {
        *fd_out = fd;
    }
    return status;
}

static int make_path(char *path, psa_storage_uid_t uid, const char *suffix)
{
    int n = snprintf(path, PATH_SIZE, "%s/%016llx%s", its_dir(), (unsigned long long)uid, suffix);
    return n > 0 && (size_t)n < PATH_SIZE;
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
    char path[PATH_SIZE];
    uint8_t header[HEADER_SIZE], chunk[256];
    uint32_t crc, data_size;
    size_t pos = 0;
    struct stat st;
    psa_status_t status = PSA_SUCCESS;
    int fd;

    if (!make_path(path, uid, "")) {
        return PSA_ERROR_STORAGE_FAILURE;
    }
    status = check_dir(NULL);
    if (status != PSA_SUCCESS) {
        return status;
    }
    fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        return errno_status(errno);
    }
    if (fstat(fd, &st) != 0) {
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

/* fsync the directory: makes a rename or unlink durable. */
static psa_status_t sync_dir(void)
{
    int fd = -1;
    psa_status_t status = check_dir(&fd);
    if (status != PSA_SUCCESS) {
        return PSA_ERROR_STORAGE_FAILURE;
    }
    if (fsync(fd) != 0) {
        status = PSA_ERROR_STORAGE_FAILURE;
    }
    close(fd);
    return status;
}

/* mkdir -p the directory (0700: keys are secrets; an existing one is
 * then checked by check_dir). */
static int make_dirs(void)
{
    char path[PATH_SIZE];
    size_t i, n = strlen(its_dir());
    if (n == 0 || n >= PATH_SIZE) {
        return 0;
    }
    memcpy(path, its_dir(), n + 1);
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

psa_status_t pp_its_backend_write(psa_storage_uid_t uid, size_t length, const uint8_t *data,
                                  psa_storage_create_flags_t flags)
{
    char path[PATH_SIZE], tmp[PATH_SIZE];
    uint8_t header[HEADER_SIZE];
    uint32_t crc;
    int fd, ok;

    if (!make_path(path, uid, "") || !make_path(tmp, uid, ".tmp")) {
        return PSA_ERROR_STORAGE_FAILURE;
    }
    if (!make_dirs() || check_dir(NULL) != PSA_SUCCESS) {
        return PSA_ERROR_STORAGE_FAILURE;
    }
    memcpy(header, "PPIT", 4);
    header[4] = 1u;
    header[5] = header[6] = header[7] = 0;
    put32(header + 8, flags);
    put32(header + 12, (uint32_t)length);
    crc = pp_crc32(0, header, 16);
    crc = pp_crc32(crc, data, length);
    put32(header + 16, crc);

    /* A stale or planted .tmp goes; O_EXCL: nobody else's file is reused,
     * O_NOFOLLOW: no symlink is followed. */
    if (unlink(tmp) != 0 && errno != ENOENT) {
        return PSA_ERROR_STORAGE_FAILURE;
    }
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
        return errno_status(errno) == PSA_ERROR_DOES_NOT_EXIST ? PSA_ERROR_STORAGE_FAILURE
                                                               : errno_status(errno);
    }
    ok = fchmod(fd, 0600) == 0 && write_full(fd, header, HEADER_SIZE) &&
         write_full(fd, data, length) && fsync(fd) == 0;
    if (!ok) {
        psa_status_t status = errno_status(errno);
        close(fd);
        unlink(tmp);
        return status == PSA_ERROR_DOES_NOT_EXIST ? PSA_ERROR_STORAGE_FAILURE : status;
    }
    if (close(fd) != 0 || rename(tmp, path) != 0) {
        unlink(tmp);
        return PSA_ERROR_STORAGE_FAILURE;
    }
    return sync_dir();
}

psa_status_t pp_its_backend_remove(psa_storage_uid_t uid)
{
    char path[PATH_SIZE];
    psa_status_t status;
    if (!make_path(path, uid, "")) {
        return PSA_ERROR_STORAGE_FAILURE;
    }
    status = check_dir(NULL);
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (unlink(path) != 0) {
        return errno_status(errno);
    }
    return sync_dir();
}

#else
typedef int pp_its_file_empty; /* ISO C: a translation unit is not empty */
#endif
