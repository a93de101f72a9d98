/*
 * tests/size/size_app.h -- shared bits of the size-test apps (app_*.c).
 *
 * The apps are linked, never run: they exist so that the linker keeps
 * exactly what a product calling these PSA functions would keep, and
 * tests/size/size_test.py can check which family's code is in the image.
 */
#ifndef PICOPSA_SIZE_APP_H
#define PICOPSA_SIZE_APP_H

#include <stddef.h>
#include <stdint.h>

#include <picopsa/port.h>
#include <psa/crypto.h>

/* Results go here, so the optimiser cannot drop a call. */
extern volatile uint32_t size_app_sink;
volatile uint32_t size_app_sink;

/* The integrator's entropy hook. A fixed pattern: these images never run,
 * and this is NOT an entropy source. */
int picopsa_port_entropy(uint8_t *buf, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        buf[i] = (uint8_t)(i * 131u + 7u);
    }
    return 0;
}

static void size_app_keep(psa_status_t status, size_t length)
{
    size_app_sink = size_app_sink + (uint32_t)status + (uint32_t)length;
}

#endif /* PICOPSA_SIZE_APP_H */
