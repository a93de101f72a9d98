/*
 * flash_file_linux.c -- a host stand-in for the flash HAL
 * (<picopsa/flash_hal.h>), built only with PICOPSA_ITS_BACKEND =
 * PICOPSA_ITS_FLASH: the store's sectors live in $PICOPSA_ITS_DIR/flash.bin
 * (else ./picopsa-its/flash.bin), created erased (0xFF). NOR rules are
 * enforced: program only clears bits and refuses a word that is not
 * erased. It lets the whole host suite, second processes included, run
 * over the flash backend; an MCU integrator writes the real three
 * functions (docs/storage.md).
 */
#if !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <picopsa/config.h>

#if (PICOPSA_ITS_BACKEND) == PICOPSA_ITS_FLASH

#include <picopsa/flash_hal.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define AREA ((size_t)PICOPSA_FLASH_SECTOR_SIZE * PICOPSA_FLASH_SECTOR_COUNT)

static int flash_fd(void)
{
    static int fd = -1;
    static pid_t owner;
    const char *dir;
    char path[600];
    struct stat st;

    if (fd >= 0 && owner == getpid()) {
        return fd;
    }
    dir = getenv("PICOPSA_ITS_DIR");
    if (dir == NULL || dir[0] == '\0') {
        dir = "./picopsa-its";
    }
    snprintf(path, sizeof(path), "%s", dir);
    {
        /* mkdir -p */
        char *p;
        for (p = path + 1; *p != '\0'; p++) {
            if (*p == '/') {
                *p = '\0';
                (void)mkdir(path, 0700);
                *p = '/';
            }
        }
        (void)mkdir(path, 0700);
    }
    snprintf(path, sizeof(path), "%s/flash.bin", dir);
    fd = open(path, O_RDWR | O_CREAT, 0600);
    owner = getpid();
    if (fd >= 0 && fstat(fd, &st) == 0 && (size_t)st.st_size < AREA) {
        static uint8_t ff[4096];
        size_t pos;
        memset(ff, 0xff, sizeof(ff));
        for (pos = (size_t)st.st_size; pos < AREA; pos += sizeof(ff)) {
            size_t n = AREA - pos < sizeof(ff) ? AREA - pos : sizeof(ff);
            if (pwrite(fd, ff, n, (off_t)pos) != (ssize_t)n) {
                return -1;
            }
        }
    }
    return fd;
}

int picopsa_flash_read(uint32_t address, uint8_t *data, size_t length)
{
    int fd = flash_fd();
    if (fd < 0 || (size_t)address + length > AREA) {
        return -1;
    }
    return pread(fd, data, length, (off_t)address) == (ssize_t)length ? 0 : -1;
}

int picopsa_flash_program(uint32_t address, const uint8_t *data, size_t length)
{
    uint8_t old[256];
    size_t pos, i, n;
    int fd = flash_fd();
    if (fd < 0 || (size_t)address + length > AREA || address % PICOPSA_FLASH_WORD_SIZE != 0 ||
        length % PICOPSA_FLASH_WORD_SIZE != 0) {
        return -1;
    }
    for (pos = 0; pos < length; pos += n) {
        n = length - pos < sizeof(old) ? length - pos : sizeof(old);
        if (pread(fd, old, n, (off_t)(address + pos)) != (ssize_t)n) {
            return -1;
        }
        for (i = 0; i < n; i++) {
            if (old[i] != 0xff) {
                return -1;   /* a word programmed twice */
            }
            old[i] &= data[pos + i];
        }
        if (pwrite(fd, old, n, (off_t)(address + pos)) != (ssize_t)n) {
            return -1;
        }
    }
    return fdatasync(fd) == 0 ? 0 : -1;
}

int picopsa_flash_erase(uint32_t sector)
{
    uint8_t ff[4096];
    size_t pos, n;
    int fd = flash_fd();
    if (fd < 0 || sector >= PICOPSA_FLASH_SECTOR_COUNT) {
        return -1;
    }
    memset(ff, 0xff, sizeof(ff));
    for (pos = 0; pos < PICOPSA_FLASH_SECTOR_SIZE; pos += n) {
        n = PICOPSA_FLASH_SECTOR_SIZE - pos < sizeof(ff) ? PICOPSA_FLASH_SECTOR_SIZE - pos : sizeof(ff);
        if (pwrite(fd, ff, n, (off_t)((size_t)sector * PICOPSA_FLASH_SECTOR_SIZE + pos)) != (ssize_t)n) {
            return -1;
        }
    }
    return fdatasync(fd) == 0 ? 0 : -1;
}

#else
typedef int pp_flash_file_linux_empty; /* ISO C: a translation unit is not empty */
#endif
