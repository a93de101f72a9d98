/* Arm semihosting over BKPT 0xAB (see fw_semihost.h). */
#include "fw_semihost.h"

#include <stdint.h>

#define SEMIHOST_SYS_WRITE0 0x04u
#define SEMIHOST_SYS_EXIT 0x18u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u
#define ADP_STOPPED_RUNTIME_ERROR_UNKNOWN 0x20023u

static uintptr_t semihost_call(uintptr_t op, uintptr_t arg)
{
#if defined(__arm__)
    register uintptr_t r0 __asm__("r0") = op;
    register uintptr_t r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
#else
    (void)op;
    (void)arg;
    return 0;
#endif
}

void fw_semihost_write0(const char *s)
{
    (void)semihost_call(SEMIHOST_SYS_WRITE0, (uintptr_t)s);
}

void fw_semihost_exit(int status)
{
    (void)semihost_call(SEMIHOST_SYS_EXIT, status == 0 ? ADP_STOPPED_APPLICATION_EXIT
                                                       : ADP_STOPPED_RUNTIME_ERROR_UNKNOWN);
    for (;;) {
    }
}
