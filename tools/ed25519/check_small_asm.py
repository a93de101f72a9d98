#!/usr/bin/env python3
"""Checks the Cortex-M4 paths of the small Ed25519 backend
(src/ed25519/ed25519_small.c, PICOPSA_BACKEND_SMALL: the UMAAL product row,
the product with its reduction, the Thumb-2 addition and subtraction) under
unicorn against Python integers: random, near-all-ones and edge values (0,
1, 19, 38, p - 1, p, p + 1, 2p, 2^255, 2^256 - 1, ...); results must be
below 2^256 and congruent mod p to the product / sum / difference (also with
the output over an input), callee-saved registers and the stack pointer must
survive. The host suite tests the C forms of the same functions; these
assembly forms run only on ARMv7E-M.

usage: /usr/bin/python3 tools/ed25519/check_small_asm.py [-O level, default -Os]
(needs Debian's python3-unicorn and arm-none-eabi-gcc; exits 77, "skipped",
without them). ctest runs it as ed25519_small_asm.
"""
import os
import random
import struct
import subprocess
import sys
import tempfile

import shutil

# ctest case ed25519_small_asm: exit 77 (Skipped) without the tools.
try:
    from unicorn import Uc, UC_ARCH_ARM, UC_MODE_THUMB, UC_MODE_MCLASS
    from unicorn import arm_const as arm
except ImportError:
    print("check_small_asm: SKIPPED: python3-unicorn not installed")
    sys.exit(77)
if shutil.which("arm-none-eabi-gcc") is None:
    print("check_small_asm: SKIPPED: arm-none-eabi-gcc not installed")
    sys.exit(77)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FREESTANDING = os.path.join(ROOT, "ports", "freestanding")
P = 2**255 - 19
M = 2**256 - 1
CODE, DATA, STACK_TOP, RETURN = 0x10000, 0x20000000, 0x2000F000, 0x20008000
SAVED = [arm.UC_ARM_REG_R4, arm.UC_ARM_REG_R5, arm.UC_ARM_REG_R6, arm.UC_ARM_REG_R7,
         arm.UC_ARM_REG_R8, arm.UC_ARM_REG_R9, arm.UC_ARM_REG_R10, arm.UC_ARM_REG_R11]

# The backend's static functions, made callable by a wrapper that includes it.
WRAPPER = r'''
#include "%s"
void chk_mul(fe r, const fe a, const fe b) { fe_mul(r, a, b); }
void chk_add(fe r, const fe a, const fe b) { fe_add(r, a, b); }
void chk_sub(fe r, const fe a, const fe b) { fe_sub(r, a, b); }
void chk_mul256(uint32_t t[16], const uint32_t a[8], const uint32_t b[8]) { fe_set(t, 0); mul256_add(t, a, b); }
''' % os.path.join(ROOT, "src", "ed25519", "ed25519_small.c")


def build(tmp, opt):
    src = os.path.join(tmp, "w.c")
    with open(src, "w") as f:
        f.write(WRAPPER)
    obj = os.path.join(tmp, "w.o")
    elf = os.path.join(tmp, "w.elf")
    subprocess.check_call(["arm-none-eabi-gcc", "-mcpu=cortex-m4", "-mthumb", "-ffreestanding", opt,
                           "-std=c99", "-ffunction-sections", "-I" + os.path.join(ROOT, "include"),
                           "-I" + os.path.join(ROOT, "src"), "-I" + FREESTANDING,
                           '-DPICOPSA_CONFIG_FILE="%s"' % os.path.join(ROOT, "configs", "ed25519_small.h"),
                           "-c", src, "-o", obj])
    subprocess.check_call(["arm-none-eabi-gcc", "-mcpu=cortex-m4", "-mthumb", "-nostdlib",
                           "-Wl,--gc-sections", "-Wl,-Ttext=0x%x" % CODE, "-Wl,--entry=chk_mul",
                           "-Wl,--undefined=chk_add", "-Wl,--undefined=chk_sub",
                           "-Wl,--undefined=chk_mul256", obj, "-lgcc", "-o", elf])
    syms = {}
    for line in subprocess.check_output(["arm-none-eabi-nm", elf]).decode().splitlines():
        parts = line.split()
        if len(parts) == 3:
            syms[parts[2]] = int(parts[0], 16)
    binary = os.path.join(tmp, "w.bin")
    subprocess.check_call(["arm-none-eabi-objcopy", "-O", "binary", elf, binary])
    return open(binary, "rb").read(), syms


def words(x, n=8):
    return b"".join(struct.pack("<I", (x >> (32 * i)) & 0xFFFFFFFF) for i in range(n))


def main():
    opt = sys.argv[1] if len(sys.argv) > 1 else "-Os"
    with tempfile.TemporaryDirectory() as tmp:
        code, syms = build(tmp, opt)
    for need in ("chk_mul", "chk_add", "chk_sub", "chk_mul256"):
        if need not in syms:
            sys.exit("check_small_asm: %s missing" % need)
    mu = Uc(UC_ARCH_ARM, UC_MODE_THUMB | UC_MODE_MCLASS)
    mu.mem_map(CODE, 0x10000)
    mu.mem_write(CODE, code)
    mu.mem_map(DATA, 0x10000)

    def call(name, out, a, b):
        mu.reg_write(arm.UC_ARM_REG_R0, out)
        mu.reg_write(arm.UC_ARM_REG_R1, a)
        mu.reg_write(arm.UC_ARM_REG_R2, b)
        mu.reg_write(arm.UC_ARM_REG_SP, STACK_TOP)
        mu.reg_write(arm.UC_ARM_REG_LR, RETURN | 1)
        for r in SAVED:
            mu.reg_write(r, 0x5EED0000 + r)
        mu.emu_start(syms[name] | 1, RETURN)
        assert mu.reg_read(arm.UC_ARM_REG_SP) == STACK_TOP, name
        assert all(mu.reg_read(r) == 0x5EED0000 + r for r in SAVED), name

    def read(addr, n=8):
        out = bytes(mu.mem_read(addr, 4 * n))
        return sum(struct.unpack("<I", out[4 * i:4 * i + 4])[0] << (32 * i) for i in range(n))

    A, B, R = DATA + 0x1000, DATA + 0x1040, DATA + 0x1080

    def run(name, f, g, where="separate"):
        mu.mem_write(A, words(f))
        mu.mem_write(B, words(g))
        if where == "separate":
            mu.mem_write(R, b"\xAA" * 72)
            call(name, R, A, B)
            return read(R, 16 if name == "chk_mul256" else 8)
        out = A if where == "over a" else B
        call(name, out, A, B)
        return read(out)

    rng = random.Random(25519)
    edges = [0, 1, 2, 19, 38, 39, P - 1, P, P + 1, 2 * P, 2 * P + 37, M, M - 1, M - 37, M - 38,
             2**255, 2**255 - 1, 2**32 - 1, 2**224, M - 2**32, 2**256 - 2**255]
    values = edges + [rng.getrandbits(256) for _ in range(300)] + \
        [M ^ (1 << rng.randrange(256)) for _ in range(60)]
    ops = {"chk_add": lambda a, b: a + b, "chk_sub": lambda a, b: a - b}
    n = 0
    for i, f in enumerate(values):
        partners = [values[(7 * i + 3) % len(values)]] + (edges if i < len(edges) else [])
        for g in partners:
            t = run("chk_mul256", f, g)
            assert t == f * g, ("mul256", hex(f), hex(g), hex(t))
            for where in ("separate", "over a", "over b"):
                h = run("chk_mul", f, g, where)
                assert h < 2**256 and h % P == f * g % P, ("mul", where, hex(f), hex(g), hex(h))
                for name, op in ops.items():
                    h = run(name, f, g, where)
                    assert h < 2**256 and h % P == op(f, g) % P, (name, where, hex(f), hex(g), hex(h))
                n += 3
    print("ed25519 small backend, Cortex-M4 %s: %d products, sums and differences correct" % (opt, n))


if __name__ == "__main__":
    main()
