/* Arm semihosting over BKPT 0xAB, RISC-V semihosting over the EBREAK
 * sequence (see fw_semihost.h). */
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
#elif defined(__riscv)
    /* RISC-V Semihosting 1.0 (riscv-non-isa/riscv-semihosting), 2.1: the
     * trap is EBREAK between "slli x0, x0, 0x1f" and "srai x0, x0, 7",
     * uncompressed and inside one page (hence the 16-byte alignment);
     * a0 = operation, a1 = argument, the result in a0. */
    register uintptr_t a0 __asm__("a0") = op;
    register uintptr_t a1 __asm__("a1") = arg;
    __asm__ volatile(".option push\n\t.option norvc\n\t.balign 16\n\t"
                     "slli x0, x0, 0x1f\n\tebreak\n\tsrai x0, x0, 7\n\t.option pop"
                     : "+r"(a0) : "r"(a1) : "memory");
    return a0;
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
