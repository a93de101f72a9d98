/*
 * ports/freestanding/string.h -- the <string.h> of targets whose
 * toolchain ships no C library headers (Debian's riscv64-unknown-elf).
 *
 * picopsa uses only memcpy, memset and memcmp: the three functions a C
 * compiler may emit calls to even in freestanding mode, so every target
 * links them anyway. This header declares exactly those and nothing else,
 * so a use of any other libc function fails to compile on such targets.
 * Put this directory on the include path only for such toolchains
 * (cmake/embedded.cmake and the top-level CMakeLists.txt do it when the
 * toolchain file sets PICOPSA_FREESTANDING_NO_LIBC); string.c next to it
 * defines the functions.
 */
#ifndef PICOPSA_FREESTANDING_STRING_H
#define PICOPSA_FREESTANDING_STRING_H

#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t len);
void *memset(void *dst, int value, size_t len);
int memcmp(const void *a, const void *b, size_t len);

#endif /* PICOPSA_FREESTANDING_STRING_H */
