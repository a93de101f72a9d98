"""The unicorn harness shared by the Thumb-2 kernel checkers
(tools/aes/check_armv7m.py, tools/chacha20/check_armv7m.py,
tools/aead/check_ghash_armv7m.py): a bare
Cortex-M memory map, an AAPCS call of a linked function that checks that
sp and the callee-saved registers r4-r11 survive, optional instruction
and memory-access traces (the constant-time checks), and the build of a
freestanding test image with arm-none-eabi-gcc.

Import it with tools/unicorn on sys.path (not tools/: this directory's
name is the package's). Needs Debian's python3-unicorn: without it the
import exits 77 ("skipped"), the checkers' contract.
"""
import os
import struct
import subprocess
import sys

try:
    from unicorn import Uc, UC_ARCH_ARM, UC_HOOK_CODE, UC_HOOK_MEM_READ, UC_HOOK_MEM_WRITE
    from unicorn import UC_MODE_THUMB, UC_MODE_MCLASS
    from unicorn import arm_const as arm
except ImportError:
    print("check_armv7m: SKIPPED: python3-unicorn not installed")
    sys.exit(77)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SRC = os.path.join(ROOT, "src")
CODE, DATA, DATA_SIZE = 0x10000, 0x20000000, 0x40000
STACK_TOP, RETURN = 0x2003F000, 0x20038000
SAVED = [arm.UC_ARM_REG_R4, arm.UC_ARM_REG_R5, arm.UC_ARM_REG_R6, arm.UC_ARM_REG_R7,
         arm.UC_ARM_REG_R8, arm.UC_ARM_REG_R9, arm.UC_ARM_REG_R10, arm.UC_ARM_REG_R11]
MASK = 0xFFFFFFFF


def build_image(tmp, tag, flags, sources, link_extra):
    """Compiles sources with flags (the compiler first), links them at CODE
    with link_extra (entry, --undefined=...) and returns (the .text bytes,
    {symbol: address})."""
    objs = []
    for i, src in enumerate(sources):
        obj = os.path.join(tmp, "%s%d.o" % (tag, i))
        subprocess.check_call(flags + ["-c", src, "-o", obj])
        objs.append(obj)
    cpu = [f for f in flags if f.startswith("-mcpu=")]
    elf = os.path.join(tmp, tag + ".elf")
    link = ["arm-none-eabi-gcc"] + cpu + ["-mthumb", "-nostdlib", "-Wl,--gc-sections",
                                          "-Wl,-Ttext=0x%x" % CODE] + link_extra
    subprocess.check_call(link + objs + ["-lgcc", "-o", elf])
    syms = {}
    for line in subprocess.check_output(["arm-none-eabi-nm", elf]).decode().splitlines():
        parts = line.split()
        if len(parts) == 3:
            syms[parts[2]] = int(parts[0], 16)
    binary = os.path.join(tmp, tag + ".bin")
    subprocess.check_call(["arm-none-eabi-objcopy", "-O", "binary", "-j", ".text", elf, binary])
    with open(binary, "rb") as f:
        return f.read(), syms


class Cpu:
    """One image in a fresh unicorn (Thumb, M-class). With traced=True the
    instruction count of the last call is kept in count, and when trace is
    a list every executed address ("i", addr) and memory access ("m",
    kind, addr, size) is appended to it."""

    def __init__(self, code, syms, traced=False, limit=200_000_000):
        self.syms = syms
        self.limit = limit
        self.mu = Uc(UC_ARCH_ARM, UC_MODE_THUMB | UC_MODE_MCLASS)
        self.mu.mem_map(CODE, 0x10000 if len(code) <= 0x10000 else (len(code) + 0xFFFF) & ~0xFFFF)
        self.mu.mem_write(CODE, code)
        self.mu.mem_map(DATA, DATA_SIZE)
        self.trace = None
        self.count = 0
        if traced:
            self.mu.hook_add(UC_HOOK_CODE, self._code)
            self.mu.hook_add(UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, self._mem)

    def _code(self, mu, addr, size, user):
        self.count += 1
        if self.trace is not None:
            self.trace.append(("i", addr))

    def _mem(self, mu, access, addr, size, value, user):
        if self.trace is not None:
            self.trace.append(("m", access, addr, size))

    def call(self, name, args):
        """AAPCS call of name(args...) (the fifth and later on the stack);
        returns r0."""
        mu = self.mu
        regs = [arm.UC_ARM_REG_R0, arm.UC_ARM_REG_R1, arm.UC_ARM_REG_R2, arm.UC_ARM_REG_R3]
        sp = STACK_TOP - 4 * max(0, len(args) - 4)
        for i, a in enumerate(args):
            if i < 4:
                mu.reg_write(regs[i], a & MASK)
            else:
                mu.mem_write(sp + 4 * (i - 4), struct.pack("<I", a & MASK))
        mu.reg_write(arm.UC_ARM_REG_SP, sp)
        mu.reg_write(arm.UC_ARM_REG_LR, RETURN | 1)
        for r in SAVED:
            mu.reg_write(r, 0x5EED0000 + r)
        self.count = 0
        mu.emu_start(self.syms[name] | 1, RETURN, count=self.limit)
        assert mu.reg_read(arm.UC_ARM_REG_SP) == sp, name
        assert all(mu.reg_read(r) == 0x5EED0000 + r for r in SAVED), name
        return mu.reg_read(arm.UC_ARM_REG_R0)

    def write(self, addr, data):
        self.mu.mem_write(addr, bytes(data))

    def read(self, addr, n):
        return bytes(self.mu.mem_read(addr, n))
