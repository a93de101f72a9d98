/*
 * fw_startup_rv.c -- reset code of the firmware test app on RV32 (QEMU's
 * RISC-V virt board, started with -bios none: the hart begins at the ELF
 * entry in machine mode, RISC-V privileged ISA 3.1).
 *
 * _start sets the stack and global pointers and calls fw_reset_handler,
 * which copies .data, zeroes .bss, runs main and reports its result through
 * semihosting. A trap (illegal instruction, misaligned access, fault) lands
 * in fw_trap, which prints mcause and ends the run as a failure.
 */
#include <stdint.h>

#include "fw_semihost.h"

#if defined(__riscv)

int main(void);
void fw_reset_handler(void);
void fw_trap(void);

extern uint32_t __fw_data_start[], __fw_data_end[], __fw_data_load[];
extern uint32_t __fw_bss_start[], __fw_bss_end[];

__asm__(".section .text.fw_start, \"ax\"\n"
        ".globl _start\n"
        "_start:\n"
        ".option push\n"
        ".option norelax\n"
        "  la gp, __global_pointer$\n"
        ".option pop\n"
        "  la sp, __fw_stack_top\n"
        "  la t0, fw_trap_entry\n"
        /* csrw mtvec, t0 as .insn: rv32imac without Zicsr in -march */
        "  .insn i SYSTEM, 1, x0, t0, 0x305\n"
        "  j fw_reset_handler\n"
        ".balign 4\n"
        "fw_trap_entry:\n"
        "  la sp, __fw_stack_top\n"
        "  j fw_trap\n");

void fw_trap(void)
{
    uint32_t cause;
    char text[] = "trap, mcause 0x00000000\n[TEST FAILED]\n";
    __asm__ volatile(".insn i SYSTEM, 2, %0, x0, 0x342" : "=r"(cause)); /* csrr mcause */
    for (unsigned i = 0; i < 8u; i++) {
        unsigned nibble = (cause >> (28u - 4u * i)) & 15u;
        text[15u + i] = (char)(nibble < 10u ? '0' + nibble : 'a' + nibble - 10u);
    }
    fw_semihost_write0(text);
    fw_semihost_exit(1);
}

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
    fw_semihost_exit(main());
}

#endif /* __riscv */
