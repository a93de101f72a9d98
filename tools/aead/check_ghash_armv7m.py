#!/usr/bin/env python3
"""Checks GHASH's Thumb-2 products (src/aead/ghash_armv7em.c,
PICOPSA_GHASH_ARMV7EM) and the two C backends built for the same core
under unicorn:
  - pp_ghash_armv7em_blocks, pp_ghash_ct64_blocks and pp_ghash_ct32_blocks
    (all three in one Cortex-M4 image) against a Python GHASH (NIST SP
    800-38D 6.3 Algorithm 1, bit by bit) for random, zero, all-ones and
    one-bit H, random Y and 0..9 blocks of random and all-ones data;
    pp_ghash_blocks routes to the assembly;
  - GCM test case 2 (McGrew-Viega appendix B): GHASH(H, {}, C) is the tag
    xor E_K(Y0) given there;
  - the calls leave sp and r4-r11 as they were;
  - constant time: the instruction trace and every load/store address of
    pp_ghash_armv7em_blocks and pp_ghash_ct32_blocks are the same for
    three random H, Y and data (the valgrind harness of tests/ct cannot
    run Thumb-2 code);
  - prints the Cortex-M4 cycles per block of each (tools/cyclemodel).

usage: /usr/bin/python3 tools/aead/check_ghash_armv7m.py [-O level (default s)]
       [--cpu cortex-m4|cortex-m7] [--cc compiler] [--cases N]
(needs python3-unicorn and arm-none-eabi-gcc; exits 77, "skipped", without
them). ctest runs it as ghash_armv7em_asm (-Os) and ghash_armv7em_asm_o2.
"""
import argparse
import os
import random
import shlex
import shutil
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "unicorn"))
# The shared harness (exits 77 without python3-unicorn): memory map, Cpu.
from armv7m_harness import (CODE, DATA, RETURN, ROOT, SRC, UC_HOOK_CODE,  # noqa: E402
                            UC_HOOK_MEM_READ, UC_HOOK_MEM_WRITE, Cpu)

H, Y, IN = DATA + 0x100, DATA + 0x200, DATA + 0x1000
KEY = DATA + 0x400

WRAPPER = r'''
#include "aead/ghash.h"

/* which: 0 the assembly, 1 ct64, 2 ct32, 3 pp_ghash_blocks (the routing). */
void chk_blocks(uint32_t which, const uint64_t *h, uint64_t *y, const uint8_t *in, uint32_t n)
{
    if (which == 0) pp_ghash_armv7em_blocks(h, y, in, n);
    if (which == 1) pp_ghash_ct64_blocks(h, y, in, n);
    if (which == 2) pp_ghash_ct32_blocks(h, y, in, n);
    if (which == 3) {
        static pp_ghash_key k;
        uint8_t hb[16];
        unsigned i;
        for (i = 0; i < 8; i++) {
            hb[i] = (uint8_t)(h[0] >> (56 - 8 * i));
            hb[8 + i] = (uint8_t)(h[1] >> (56 - 8 * i));
        }
        pp_ghash_set_key(&k, hb);
        pp_ghash_blocks(&k, y, in, n);
        pp_ghash_wipe(&k);
    }
}
'''


def build(tmp, cc, cpu, opt):
    wrapper = os.path.join(tmp, "w.c")
    with open(wrapper, "w") as f:
        f.write(WRAPPER)
    flags = shlex.split(cc) + ["-mcpu=" + cpu, "-mthumb", "-ffreestanding", opt, "-std=c99",
                               "-ffunction-sections", "-Wall", "-Wextra", "-Werror",
                               "-I" + os.path.join(ROOT, "include"), "-I" + SRC,
                               "-I" + os.path.join(ROOT, "ports", "freestanding"),
                               "-DPICOPSA_GHASH_BACKEND=PICOPSA_GHASH_ARMV7EM"]
    objs = []
    for i, src in enumerate([wrapper, os.path.join(SRC, "aead", "ghash_armv7em.c"),
                             os.path.join(SRC, "aead", "ghash_ct64.c"),
                             os.path.join(SRC, "aead", "ghash_ct32.c"),
                             os.path.join(SRC, "common", "pp_util.c"),
                             os.path.join(ROOT, "ports", "freestanding", "string.c")]):
        obj = os.path.join(tmp, "o%d.o" % i)
        subprocess.check_call(flags + ["-c", src, "-o", obj])
        objs.append(obj)
    elf = os.path.join(tmp, "g.elf")
    subprocess.check_call(["arm-none-eabi-gcc", "-mcpu=" + cpu, "-mthumb", "-nostdlib",
                           "-Wl,--gc-sections", "-Wl,-Ttext=0x%x" % CODE, "-Wl,--entry=chk_blocks"]
                          + objs + ["-lgcc", "-o", elf])
    syms = {}
    for line in subprocess.check_output(["arm-none-eabi-nm", elf]).decode().splitlines():
        parts = line.split()
        if len(parts) == 3:
            syms[parts[2]] = int(parts[0], 16)
    binary = os.path.join(tmp, "g.bin")
    subprocess.check_call(["arm-none-eabi-objcopy", "-O", "binary", "-R", ".bss", elf, binary])
    with open(binary, "rb") as f:
        return f.read(), syms


# ---- Python reference: SP 800-38D 6.3 Algorithm 1 on 128-bit integers
# whose most significant bit is bit 0 of byte 0 ----
R = 0xE1 << 120


def gf_mul(x, y):
    z, v = 0, y
    for i in range(127, -1, -1):
        if (x >> i) & 1:
            z ^= v
        v = (v >> 1) ^ R if v & 1 else v >> 1
    return z


def ghash_ref(h, y, data):
    for i in range(0, len(data), 16):
        y = gf_mul(y ^ int.from_bytes(data[i:i + 16], "big"), h)
    return y


def words(v):
    """ghash.h's form: [0] = bytes 0..7, [1] = bytes 8..15, big-endian."""
    return struct.pack("<QQ", v >> 64, v & ((1 << 64) - 1))


def run(cpu, which, h, y, data):
    cpu.write(H, words(h))
    cpu.write(Y, words(y))
    cpu.write(IN + 1, data)
    cpu.call("chk_blocks", [which, H, Y, IN + 1, len(data) // 16])
    hi, lo = struct.unpack("<QQ", cpu.read(Y, 16))
    return (hi << 64) | lo


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-O", dest="opt", default="s")
    ap.add_argument("--cpu", default="cortex-m4")
    ap.add_argument("--cc", default="arm-none-eabi-gcc")
    ap.add_argument("--cases", type=int, default=300)
    args = ap.parse_args()
    if shutil.which(shlex.split(args.cc)[0]) is None or shutil.which("arm-none-eabi-gcc") is None:
        print("check_ghash_armv7m: SKIPPED: %s or arm-none-eabi-gcc not installed" % args.cc)
        sys.exit(77)
    with tempfile.TemporaryDirectory() as tmp:
        image = build(tmp, args.cc, args.cpu, "-O" + args.opt)
    cpu = Cpu(*image)
    assert "pp_ghash_armv7em_mul9" in cpu.syms

    # GCM test case 2 (McGrew-Viega appendix B): H = E_K(0), C, len block.
    h2 = 0x66e94bd4ef8a2c3b884cfa59ca342b2e
    c2 = bytes.fromhex("0388dace60b6a392f328c2b971b2fe78")
    lens = (0).to_bytes(8, "big") + (128).to_bytes(8, "big")
    # GHASH = T xor E_K(Y0) = ab6e47d4...57bddf xor 58e2fcce...e7455a
    want2 = 0xab6e47d42cec13bdf53a67b21257bddf ^ 0x58e2fccefa7e3061367f1d57a4e7455a
    assert ghash_ref(h2, 0, c2 + lens) == want2, "reference GHASH"
    for which in range(4):
        assert run(cpu, which, h2, 0, c2 + lens) == want2, ("test case 2", which)

    rng = random.Random(0x38D)
    for case in range(args.cases):
        h = rng.getrandbits(128)
        if case == 0:
            h = 0
        elif case == 1:
            h = (1 << 128) - 1
        elif 2 <= case < 2 + 128:
            h = 1 << (case - 2)
        y = rng.getrandbits(128) if case % 5 else (1 << 128) - 1
        n = rng.randrange(0, 10)
        data = bytes(rng.getrandbits(8) for _ in range(16 * n)) if case % 7 else b"\xff" * (16 * n)
        want = ghash_ref(h, y, data)
        for which, name in ((0, "asm"), (1, "ct64"), (2, "ct32"), (3, "routing")):
            assert run(cpu, which, h, y, data) == want, (name, case, hex(h), n)

    def trace(which, seed, n):
        r = random.Random(seed)
        c = Cpu(*image)
        seen = []
        c.mu.hook_add(UC_HOOK_CODE, lambda mu, addr, size, _: seen.append(("x", addr)))
        c.mu.hook_add(UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE,
                      lambda mu, acc, addr, size, value, _: seen.append((acc, addr, size)))
        run(c, which, r.getrandbits(128), r.getrandbits(128),
            bytes(r.getrandbits(8) for _ in range(16 * n)))
        return seen
    for which in (0, 2):
        for n in (1, 4):
            t = [trace(which, seed, n) for seed in (1, 2, 3)]
            assert t[0] == t[1] == t[2], ("secret-dependent trace", which, n)

    sys.path.insert(0, os.path.join(ROOT, "tools", "cyclemodel"))
    import cyclemodel
    costs = {}
    for which, name, sym in ((0, "asm", "pp_ghash_armv7em_blocks"), (1, "ct64", "pp_ghash_ct64_blocks"),
                             (2, "ct32", "pp_ghash_ct32_blocks")):
        c = Cpu(*image)
        tr = []

        def hook(mu, addr, size, _):
            if tr:
                tr[-1][3] = addr
            hw = c.read(addr, 4)
            tr.append([addr, hw[0] | hw[1] << 8, hw[2] | hw[3] << 8, 0])
        c.mu.hook_add(UC_HOOK_CODE, hook)
        run(c, which, rng.getrandbits(128), rng.getrandbits(128), bytes(16 * 64))
        tr[-1][3] = RETURN
        start = [i for i, t in enumerate(tr) if t[0] == c.syms[sym] & ~1][0]
        cost = cyclemodel.trace_cost([tuple(t) for t in tr[start:]])
        costs[name] = cost["cycles"] / 64.0
    print("ghash ARMv7E-M (%s %s -O%s): test case 2 and %d random/edge cases: asm == ct64 == ct32 == "
          "reference; traces equal; Cortex-M4 cycles per block (64 blocks): %s"
          % (args.cc, args.cpu, args.opt, args.cases,
             ", ".join("%s %.0f (%.1f c/B)" % (k, v, v / 16) for k, v in costs.items())))


if __name__ == "__main__":
    main()
