/*
 * entropy_linux.c -- picopsa_port_entropy() for Linux (see picopsa/port.h).
 *
 * getrandom(2) with flags 0 reads the kernel CSPRNG (ChaCha20, seeded from
 * the hardware and interrupt noise) and blocks only until the pool has been
 * initialised once at boot, so every byte is full-entropy for our purposes.
 * A read may be short (signals, requests > 256 bytes on old kernels) or
 * fail with EINTR: loop until the buffer is full.
 */
#define _DEFAULT_SOURCE 1

#include <picopsa/port.h>

#include <errno.h>
#include <sys/random.h>
#include <sys/types.h>

int picopsa_port_entropy(uint8_t *buf, size_t len)
{
    size_t done = 0;

    while (done < len) {
        ssize_t got = getrandom(buf + done, len - done, 0);
        if (got < 0) {
            if (errno == EINTR) {
                continue;
            }
            return -1;
        }
        done += (size_t)got;
    }
    return 0;
}
