/*
 * fw_startup.c -- reset handler and vector table of the firmware test app
 * (ARMv7-M ARM B1.5.3 vector table; B1.5.2 reset behaviour).
 *
 * Reset copies .data from flash, zeroes .bss, enables the FPU when the
 * build uses it (gcc keeps constants in VFP registers at -O2, so the first
 * VMOV would fault with the FPU off: ARMv7-M ARM B3.2.20 CPACR), runs main
 * and reports its result through semihosting. Every fault prints its name
 * and ends the run as a failure instead of hanging the emulator.
 */
#include <stdint.h>

#include "fw_semihost.h"

#if defined(__arm__) /* RISC-V: fw_startup_rv.c */

int main(void);

extern uint32_t __fw_data_start[], __fw_data_end[], __fw_data_load[];
extern uint32_t __fw_bss_start[], __fw_bss_end[];
extern uint32_t __fw_stack_top[];

void fw_reset_handler(void);

static void fault(const char *name)
{
    fw_semihost_write0(name);
    fw_semihost_write0("\n[TEST FAILED]\n");
    fw_semihost_exit(1);
}

static void fw_nmi_handler(void) { fault("NMI"); }
static void fw_hardfault_handler(void) { fault("HardFault"); }
static void fw_memmanage_handler(void) { fault("MemManage fault"); }
static void fw_busfault_handler(void) { fault("BusFault"); }
static void fw_usagefault_handler(void) { fault("UsageFault"); }
static void fw_other_handler(void) { fault("unexpected exception"); }

typedef void (*fw_vector_t)(void);

/* Initial SP, reset, then the ARMv7-M system exceptions 2..15. */
__attribute__((used, section(".vectors"))) static const fw_vector_t fw_vectors[16] = {
    (fw_vector_t)(uintptr_t)__fw_stack_top,
    fw_reset_handler,
    fw_nmi_handler,
    fw_hardfault_handler,
    fw_memmanage_handler,
    fw_busfault_handler,
    fw_usagefault_handler,
    0, 0, 0, 0,
    fw_other_handler, /* SVCall */
    fw_other_handler, /* DebugMonitor */
    0,
    fw_other_handler, /* PendSV */
    fw_other_handler, /* SysTick */
};

void fw_reset_handler(void)
{
    uint32_t *dst = __fw_data_start;
    const uint32_t *src = __fw_data_load;
    while (dst < __fw_data_end) {
        *dst++ = *src++;
    }
    for (dst = __fw_bss_start; dst < __fw_bss_end; dst++) {
        *dst = 0;
    }
#if defined(__ARM_FP)
    /* CPACR (0xE000ED88): full access to CP10 and CP11. */
    *(volatile uint32_t *)0xE000ED88u |= (0xFu << 20);
    __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
    fw_semihost_exit(main());
}
#endif /* __arm__ */
