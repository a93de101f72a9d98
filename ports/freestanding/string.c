/*
 * ports/freestanding/string.c -- memcpy/memset/memcmp for targets without
 * a C library (riscv64-unknown-elf in Debian ships none). These are the
 * only libc symbols picopsa, or the compiler on its behalf, may reference.
 * Not part of the library (an application brings its own, usually faster,
 * copies); linked into the size images and test apps of such targets; the
 * Arm images use newlib-nano's.
 * Byte loops: small, and the figures stay honest about what they include.
 */
#include <stddef.h>
#include <stdint.h>

void *memcpy(void *dst, const void *src, size_t len);
void *memset(void *dst, int value, size_t len);
int memcmp(const void *a, const void *b, size_t len);

void *memcpy(void *dst, const void *src, size_t len)
{
    uint8_t *d = dst;
    const uint8_t *s = src;
    while (len-- != 0u) {
        *d++ = *s++;
    }
    return dst;
}

void *memset(void *dst, int value, size_t len)
{
    uint8_t *d = dst;
    while (len-- != 0u) {
        *d++ = (uint8_t)value;
    }
    return dst;
}

int memcmp(const void *a, const void *b, size_t len)
{
    const uint8_t *x = a;
    const uint8_t *y = b;
    for (size_t i = 0; i < len; i++) {
        if (x[i] != y[i]) {
            return (int)x[i] - (int)y[i];
        }
    }
    return 0;
}
