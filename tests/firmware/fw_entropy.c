/*
 * fw_entropy.c -- picopsa_port_entropy() for the firmware TEST app.
 *
 * THIS IS NOT AN ENTROPY SOURCE. It returns a fixed, public pseudo-random
 * sequence (xorshift32 from a constant seed) so that runs are reproducible
 * and the cycle/stack figures deterministic. A product must implement the
 * hook with its TRNG (nRF52840: the RNG peripheral; see ports/baremetal).
 */
#include <stddef.h>
#include <stdint.h>

#if defined(__has_include)
#if __has_include(<picopsa/port.h>)
#include <picopsa/port.h>
#endif
#endif

int picopsa_port_entropy(uint8_t *buf, size_t len);

static uint32_t fw_fake_entropy_state = 0x6d2b79f5u;

int picopsa_port_entropy(uint8_t *buf, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        uint32_t x = fw_fake_entropy_state;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        fw_fake_entropy_state = x;
        buf[i] = (uint8_t)(x >> 24);
    }
    return 0;
}
