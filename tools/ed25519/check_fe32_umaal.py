#!/usr/bin/env python3
"""Checks the Cortex-M4 assembly of the radix-2^32 field (fe25519.c,
PICOPSA_FIELD_RADIX32_UMAAL: multiplication, squaring, addition, subtraction)
under unicorn against Python integers: random, near-all-ones and edge values
(0, 1, p - 1, p, 2p, 2^255, 2^256 - 1, ...); the result must be below 2^256
and congruent to the product / square / sum / difference / g + c f (the
X25519 ladder's a24 step, c up to 2^17 - 1) mod p (addition, subtraction
and g + c f also with the output over an input; the fused sum and
difference also with the difference over f or g); the conditional swap must
swap exactly when asked and leave the words past the elements; the callee-saved
registers and the stack pointer must survive. Also the table scan of
ge25519.c (pp_ge25519_select_scan): for every mask choice, the selected entry.

usage: /usr/bin/python3 tools/ed25519/check_fe32_umaal.py [compiler (default arm-none-eabi-gcc)]
(needs Debian's python3-unicorn and an ARM cross compiler; clang works with
"clang --target=armv7em-none-eabi"; the freestanding headers: FREESTANDING below)
"""
import os
import random
import struct
import subprocess
import sys
import tempfile

from unicorn import Uc, UC_ARCH_ARM, UC_MODE_THUMB, UC_MODE_MCLASS
from unicorn import arm_const as arm

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# The freestanding libc headers (ports/freestanding).
FREESTANDING = os.path.join(ROOT, "ports", "freestanding")
P = 2**255 - 19
M = 2**256 - 1
CODE, DATA, STACK_TOP, RETURN = 0x10000, 0x20000000, 0x2000F000, 0x20008000
SAVED = [arm.UC_ARM_REG_R4, arm.UC_ARM_REG_R5, arm.UC_ARM_REG_R6, arm.UC_ARM_REG_R7,
         arm.UC_ARM_REG_R8, arm.UC_ARM_REG_R9, arm.UC_ARM_REG_R10, arm.UC_ARM_REG_R11]


def build(tmp, cc):
    obj = os.path.join(tmp, "fe.o")
    elf = os.path.join(tmp, "fe.elf")
    flags = ["-mcpu=cortex-m4", "-mthumb", "-ffreestanding", "-Os", "-std=c99",
             "-ffunction-sections", "-I" + os.path.join(ROOT, "include"),
             "-I" + os.path.join(ROOT, "src"), "-I" + FREESTANDING]
    obj2 = os.path.join(tmp, "ge.o")
    subprocess.check_call(cc.split() + flags + ["-c", os.path.join(ROOT, "src", "curve25519", "fe25519.c"),
                                                "-o", obj])
    subprocess.check_call(cc.split() + flags + ["-c", os.path.join(ROOT, "src", "ed25519", "ge25519.c"),
                                                "-o", obj2])
    subprocess.check_call(["arm-none-eabi-gcc", "-mcpu=cortex-m4", "-mthumb", "-nostdlib",
                           "-Wl,--gc-sections", "-Wl,-Ttext=0x%x" % CODE, "-Wl,--entry=pp_fe25519_mul",
                           "-Wl,--undefined=pp_fe25519_sq", "-Wl,--undefined=pp_fe25519_add",
                           "-Wl,--undefined=pp_fe25519_sub", "-Wl,--undefined=pp_ge25519_select_scan",
                           "-Wl,--undefined=pp_fe25519_cswap",
                           "-Wl,--undefined=pp_fe25519_mul_small_add",
                           "-Wl,--undefined=pp_fe25519_addsub",
                           obj, obj2, "-o", elf])
    syms = {}
    for line in subprocess.check_output(["arm-none-eabi-nm", elf]).decode().splitlines():
        parts = line.split()
        if len(parts) == 3:
            syms[parts[2]] = int(parts[0], 16)
    binary = os.path.join(tmp, "fe.bin")
    subprocess.check_call(["arm-none-eabi-objcopy", "-O", "binary", elf, binary])
    return open(binary, "rb").read(), syms


def words(x):
    return b"".join(struct.pack("<I", (x >> (32 * i)) & 0xFFFFFFFF) for i in range(8))


def main():
    cc = sys.argv[1] if len(sys.argv) > 1 else "arm-none-eabi-gcc"
    with tempfile.TemporaryDirectory() as tmp:
        code, syms = build(tmp, cc)
    mu = Uc(UC_ARCH_ARM, UC_MODE_THUMB | UC_MODE_MCLASS)
    mu.mem_map(CODE, 0x10000)
    mu.mem_write(CODE, code)
    mu.mem_map(DATA, 0x10000)

    def run(name, f, g):
        mu.mem_write(DATA + 0x1000, words(f))
        mu.mem_write(DATA + 0x1020, words(g))
        mu.reg_write(arm.UC_ARM_REG_R0, DATA + 0x1040)
        mu.reg_write(arm.UC_ARM_REG_R1, DATA + 0x1000)
        mu.reg_write(arm.UC_ARM_REG_R2, DATA + 0x1020)
        mu.reg_write(arm.UC_ARM_REG_SP, STACK_TOP)
        mu.reg_write(arm.UC_ARM_REG_LR, RETURN | 1)
        for r in SAVED:
            mu.reg_write(r, 0x5EED0000 + r)
        mu.emu_start(syms[name] | 1, RETURN)
        assert mu.reg_read(arm.UC_ARM_REG_SP) == STACK_TOP
        assert all(mu.reg_read(r) == 0x5EED0000 + r for r in SAVED)
        out = bytes(mu.mem_read(DATA + 0x1040, 32))
        return sum(struct.unpack("<I", out[4 * i:4 * i + 4])[0] << (32 * i) for i in range(8))

    def run_raw(name, out, a, b):
        mu.reg_write(arm.UC_ARM_REG_R0, out)
        mu.reg_write(arm.UC_ARM_REG_R1, a)
        mu.reg_write(arm.UC_ARM_REG_R2, b)
        mu.reg_write(arm.UC_ARM_REG_SP, STACK_TOP)
        mu.reg_write(arm.UC_ARM_REG_LR, RETURN | 1)
        for r in SAVED:
            mu.reg_write(r, 0x5EED0000 + r)
        mu.emu_start(syms[name] | 1, RETURN)
        assert mu.reg_read(arm.UC_ARM_REG_SP) == STACK_TOP
        assert all(mu.reg_read(r) == 0x5EED0000 + r for r in SAVED)

    def read(addr):
        out = bytes(mu.mem_read(addr, 32))
        return sum(struct.unpack("<I", out[4 * i:4 * i + 4])[0] << (32 * i) for i in range(8))

    def run_inplace(name, f, g):
        """h = f op g with h over f."""
        mu.mem_write(DATA + 0x1000, words(f))
        mu.mem_write(DATA + 0x1020, words(g))
        run_raw(name, DATA + 0x1000, DATA + 0x1000, DATA + 0x1020)
        return read(DATA + 0x1000)

    rng = random.Random(25519)
    edges = [0, 1, 2, 19, 38, P - 1, P, P + 1, 2 * P, M, M - 1, 2**255, 2**255 - 1,
             2**32 - 1, 2**224, M - 2**32]
    values = edges + [rng.getrandbits(256) for _ in range(400)] + \
        [M ^ (1 << rng.randrange(256)) for _ in range(50)]
    products = squares = 0
    for i, f in enumerate(values):
        for g in [values[(7 * i + 3) % len(values)]] + (edges if i < len(edges) else []):
            h = run("pp_fe25519_mul", f, g)
            assert h < 2**256 and h % P == f * g % P, (hex(f), hex(g), hex(h))
            products += 1
        h = run("pp_fe25519_sq", f, 0)
        assert h < 2**256 and h % P == f * f % P, (hex(f), hex(h))
        squares += 1
    sums = 0
    for i, f in enumerate(values):
        for g in [values[(5 * i + 1) % len(values)]] + (edges if i < len(edges) else []):
            for name, op in (("pp_fe25519_add", lambda a, b: a + b), ("pp_fe25519_sub", lambda a, b: a - b)):
                h = run(name, f, g)
                assert h < 2**256 and h % P == op(f, g) % P, (name, hex(f), hex(g), hex(h))
                h = run_inplace(name, f, g)
                assert h < 2**256 and h % P == op(f, g) % P, (name, hex(f), hex(g), hex(h))
                sums += 2
    # g + c f (X25519's AA + a24 E): r0 = h, r1 = f, r2 = c, r3 = g.
    def run_msa(f, c, g, out):
        mu.mem_write(DATA + 0x1000, words(f))
        mu.mem_write(DATA + 0x1020, words(g))
        mu.reg_write(arm.UC_ARM_REG_R3, DATA + 0x1020)
        run_raw("pp_fe25519_mul_small_add", out, DATA + 0x1000, c)
        return read(out)
    smalls = 0
    for i, f in enumerate(values):
        g = values[(3 * i + 2) % len(values)]
        for c in (121665, 0, 1, 2**17 - 1, rng.randrange(2**17)):
            for out in (DATA + 0x1040, DATA + 0x1000, DATA + 0x1020):
                h = run_msa(f, c, g, out)
                assert h < 2**256 and h % P == (g + c * f) % P, (hex(f), c, hex(g), hex(h))
                smalls += 1
    # s = f + g, d = f - g: r0 = s, r1 = d, r2 = f, r3 = g; d over f or g.
    addsubs = 0
    for i, f in enumerate(values):
        for g in [values[(13 * i + 7) % len(values)]] + (edges if i < len(edges) else []):
            for dout in (DATA + 0x1060, DATA + 0x1000, DATA + 0x1020):
                mu.mem_write(DATA + 0x1000, words(f))
                mu.mem_write(DATA + 0x1020, words(g))
                mu.reg_write(arm.UC_ARM_REG_R3, DATA + 0x1020)
                run_raw("pp_fe25519_addsub", DATA + 0x1040, dout, DATA + 0x1000)
                s_, d_ = read(DATA + 0x1040), read(dout)
                assert s_ < 2**256 and s_ % P == (f + g) % P, (hex(f), hex(g), hex(s_))
                assert d_ < 2**256 and d_ % P == (f - g) % P, (hex(f), hex(g), hex(d_))
                addsubs += 1
    # Conditional swap: 0 swaps nothing, 1 swaps all eight words; the words
    # around both elements stay.
    swaps = 0
    for i, f in enumerate(values):
        g = values[(11 * i + 5) % len(values)]
        for bit in (0, 1):
            mu.mem_write(DATA + 0x1000 - 4, b"\x55" * 4 + words(f) + b"\x66" * 4)
            mu.mem_write(DATA + 0x1080 - 4, b"\x77" * 4 + words(g) + b"\x88" * 4)
            run_raw("pp_fe25519_cswap", DATA + 0x1000, DATA + 0x1080, bit)
            a, b = read(DATA + 0x1000), read(DATA + 0x1080)
            assert (a, b) == ((g, f) if bit else (f, g)), (hex(f), hex(g), bit)
            assert bytes(mu.mem_read(DATA + 0x1000 - 4, 4)) == b"\x55" * 4
            assert bytes(mu.mem_read(DATA + 0x1020, 4)) == b"\x66" * 4
            assert bytes(mu.mem_read(DATA + 0x1080 - 4, 4)) == b"\x77" * 4
            assert bytes(mu.mem_read(DATA + 0x10A0, 4)) == b"\x88" * 4
            swaps += 1
    # Table scan: 8 entries of 24 words; masks all zero or one of them all ones.
    scans = 0
    for trial in range(40):
        row = [rng.getrandbits(32) for _ in range(8 * 24)]
        mu.mem_write(DATA + 0x2000, b"".join(struct.pack("<I", x) for x in row))
        for pick in range(-1, 8):
            masks = [0xFFFFFFFF if j == pick else 0 for j in range(8)]
            mu.mem_write(DATA + 0x3000, b"".join(struct.pack("<I", x) for x in masks))
            mu.mem_write(DATA + 0x3100, b"\xAA" * 100)
            run_raw("pp_ge25519_select_scan", DATA + 0x3100, DATA + 0x2000, DATA + 0x3000)
            out = bytes(mu.mem_read(DATA + 0x3100, 100))
            want = [row[24 * pick + k] if pick >= 0 else 0 for k in range(24)]
            assert out[:96] == b"".join(struct.pack("<I", x) for x in want), (trial, pick)
            assert out[96:] == b"\xAA" * 4, "wrote past the entry"
            scans += 1
    print("fe25519 UMAAL (%s): %d products, %d squares, %d sums/differences, %d g + c f, "
          "%d sum/difference pairs, %d swaps, %d table scans correct"
          % (cc, products, squares, sums, smalls, addsubs, swaps, scans))


if __name__ == "__main__":
    main()
