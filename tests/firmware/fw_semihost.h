/*
 * fw_semihost.h -- Arm semihosting calls used by the firmware test app
 * ("Semihosting for AArch32 and AArch64", Arm, 2.0: SYS_WRITE0 0x04,
 * SYS_EXIT 0x18). On M-profile the trap is BKPT 0xAB; QEMU implements it
 * with -semihosting-config enable=on,target=native. RISC-V uses the same
 * operations through the EBREAK sequence of the RISC-V semihosting spec
 * (fw_semihost.c). Without a debugger or
 * emulator attached BKPT faults, so this is for test images only.
 */
#ifndef PICOPSA_FW_SEMIHOST_H
#define PICOPSA_FW_SEMIHOST_H

/* Write a NUL-terminated string to the host console. */
void fw_semihost_write0(const char *s);

/* End the emulation: status 0 -> ADP_Stopped_ApplicationExit (QEMU exits
 * 0), anything else -> ADP_Stopped_RunTimeErrorUnknown (QEMU exits 1). */
void fw_semihost_exit(int status) __attribute__((noreturn));

#endif /* PICOPSA_FW_SEMIHOST_H */
