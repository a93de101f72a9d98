#!/usr/bin/env python3
"""Checks the Thumb-2 SubBytes of the fixsliced ct32 AES
(src/aes/aes_ct32_armv7m.c, PICOPSA_AES_CT32_ASM) under unicorn: the
assembly build and the C build (PICOPSA_AES_CT32_ASM=0) of aes_ct32.c,
both compiled for the Cortex-M, run
  - the FIPS 197 C.1-C.3 examples (encrypt and decrypt), then
  - random keys of all three sizes (the key schedule's SubWord runs the
    circuit too) and random data: ECB encrypt and decrypt of 1..5 blocks,
    CTR from random counters (and ones about to wrap), CBC encrypt and
    decrypt, compared byte for byte between the two builds;
  - the assembly kernel alone: callee-saved registers and sp survive, q is
    SubBytes of q for random words, nothing written outside q and its
    frame;
  - constant time: the instruction trace and every load/store address of
    set_key + ECB encrypt + ECB decrypt + CTR are the same for random keys
    and data of each key size (the valgrind harness of tests/ct cannot
    run Thumb-2 code);
  - prints the kernel's instruction count per call.
The host suite cannot run the assembly; this is its test.

usage: /usr/bin/python3 tools/aes/check_armv7m.py [-O level (default s)]
       [--cpu cortex-m4|cortex-m3|cortex-m33|cortex-m7] [--cc compiler] [--cases N]
(needs python3-unicorn and arm-none-eabi-gcc; exits 77, "skipped",
without them). ctest runs it as aes_ct32_armv7m_asm (-Os) and
aes_ct32_armv7m_asm_o2 (-O2).
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

WRAPPER = r'''
#include "aes/aes.h"
#include "aes/aes_ct32_armv7m.h"

/* mode 0: ECB enc, 1: ECB dec, 2: CTR, 3: CBC enc, 4: CBC dec, 5: all of
 * ECB enc, ECB dec, CTR on the same buffers (the trace case). */
int chk_aes(pp_aes_key *k, const uint8_t *key, uint32_t key_len, uint8_t *iv,
            const uint8_t *in, uint8_t *out, uint32_t n, uint32_t mode)
{
    psa_status_t st = pp_aes_set_key(k, key, key_len);
    if (st != PSA_SUCCESS)
        return (int)st;
    switch (mode) {
    case 0: pp_aes_ecb_encrypt(k, in, out, n); break;
    case 1: pp_aes_ecb_decrypt(k, in, out, n); break;
    case 2: pp_aes_ctr(k, iv, in, out, n); break;
    case 3: pp_aes_cbc_encrypt(k, iv, in, out, n); break;
    case 4: pp_aes_cbc_decrypt(k, iv, in, out, n); break;
    default:
        pp_aes_ecb_encrypt(k, in, out, n);
        pp_aes_ecb_decrypt(k, out, out, n);
        pp_aes_ctr(k, iv, out, out, n);
        break;
    }
    pp_aes_wipe(k);
    return 0;
}

#if PP_AES_CT32_ASM
void chk_kernel(uint32_t *q)
{
    pp_aes_ct32_sbox_armv7m(q);
}
#endif
'''


def build(tmp, cc, cpu, opt, asm):
    wrapper = os.path.join(tmp, "w.c")
    with open(wrapper, "w") as f:
        f.write(WRAPPER)
    tag = "asm" if asm else "c"
    flags = shlex.split(cc) + ["-mcpu=" + cpu, "-mthumb", "-ffreestanding", opt, "-std=c99",
                               "-ffunction-sections", "-Wall", "-Wextra", "-Werror",
                               "-I" + os.path.join(ROOT, "include"), "-I" + SRC,
                               "-I" + os.path.join(ROOT, "ports", "freestanding"),
                               "-DPICOPSA_AES_BACKEND=PICOPSA_AES_CT32",
                               "-DPICOPSA_AES_CT32_ASM=%d" % asm]
    objs = []
    for i, src in enumerate([wrapper, os.path.join(SRC, "aes", "aes.c"),
                             os.path.join(SRC, "aes", "aes_ct32.c"),
                             os.path.join(SRC, "aes", "aes_ct32_armv7m.c"),
                             os.path.join(SRC, "common", "pp_util.c"),
                             os.path.join(ROOT, "ports", "freestanding", "string.c")]):
        obj = os.path.join(tmp, "%s%d.o" % (tag, i))
        subprocess.check_call(flags + ["-c", src, "-o", obj])
        objs.append(obj)
    elf = os.path.join(tmp, tag + ".elf")
    link = ["arm-none-eabi-gcc", "-mcpu=" + cpu, "-mthumb", "-nostdlib", "-Wl,--gc-sections",
            "-Wl,-Ttext=0x%x" % CODE, "-Wl,--entry=chk_aes", "-Wl,--undefined=chk_kernel"]
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
    def __init__(self, code, syms):
        self.syms = syms
        self.mu = Uc(UC_ARCH_ARM, UC_MODE_THUMB | UC_MODE_MCLASS)
        self.mu.mem_map(CODE, 0x10000)
        self.mu.mem_write(CODE, code)
        self.mu.mem_map(DATA, DATA_SIZE)
        self.trace = None
        self.count = 0
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
        mu.emu_start(self.syms[name] | 1, RETURN, count=100_000_000)
        assert mu.reg_read(arm.UC_ARM_REG_SP) == sp, name
        assert all(mu.reg_read(r) == 0x5EED0000 + r for r in SAVED), name
        return mu.reg_read(arm.UC_ARM_REG_R0)

    def write(self, addr, data):
        self.mu.mem_write(addr, bytes(data))

    def read(self, addr, n):
        return bytes(self.mu.mem_read(addr, n))


CTX, KEY, IV, Q = DATA + 0x100, DATA + 0x800, DATA + 0x840, DATA + 0x880
IN, OUT = DATA + 0x1000, DATA + 0x2000


def run(cpu, key, iv, data, mode, out_shift=0):
    cpu.write(KEY, key)
    cpu.write(IV, iv)
    cpu.write(IN, data)
    cpu.write(OUT + out_shift - 16, b"\xA5" * (len(data) + 32))
    st = cpu.call("chk_aes", [CTX, KEY, len(key), IV, IN, OUT + out_shift, len(data) // 16, mode])
    assert st == 0, ("set_key", st)
    assert cpu.read(OUT + out_shift - 16, 16) == b"\xA5" * 16, "write before out"
    assert cpu.read(OUT + out_shift + len(data), 16) == b"\xA5" * 16, "write after out"
    return cpu.read(OUT + out_shift, len(data)), cpu.read(IV, 16)


FIPS197 = [  # FIPS 197 Appendix C.1-C.3
    ("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
    ("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
    ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "8ea2b7ca516745bfeafc49904b496089"),
]
PT = bytes.fromhex("00112233445566778899aabbccddeeff")

SBOX = []


def sbox_table():
    """FIPS 197 5.1.1 computed: inverse in GF(2^8), then the affine map."""
    def mul(a, b):
        r = 0
        while b:
            if b & 1:
                r ^= a
            a = ((a << 1) ^ 0x11B) if a & 0x80 else a << 1
            b >>= 1
        return r
    for x in range(256):
        inv = next((y for y in range(1, 256) if mul(x, y) == 1), 0)
        s = inv
        for i in range(1, 5):
            s ^= ((inv << i) | (inv >> (8 - i))) & 0xFF
        SBOX.append(s ^ 0x63)


def check_kernel(cpu, rng):
    """q[b] bit j is bit b of byte j: the kernel must map every byte
    position through the S-box."""
    for _ in range(40):
        q = [rng.getrandbits(32) for _ in range(8)]
        cpu.write(Q - 32, b"\x5A" * 32)
        cpu.write(Q + 32, b"\x5A" * 32)
        cpu.write(Q, struct.pack("<8I", *q))
        cpu.call("chk_kernel", [Q])
        got = struct.unpack("<8I", cpu.read(Q, 32))
        want = [0] * 8
        for j in range(32):
            x = sum(((q[b] >> j) & 1) << b for b in range(8))
            y = SBOX[x]
            for b in range(8):
                want[b] |= ((y >> b) & 1) << j
        assert list(got) == want, "kernel"
        assert cpu.read(Q - 32, 32) == b"\x5A" * 32 and cpu.read(Q + 32, 32) == b"\x5A" * 32
    return cpu.count


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-O", dest="opt", default="s")
    ap.add_argument("--cpu", default="cortex-m4")
    ap.add_argument("--cc", default="arm-none-eabi-gcc")
    ap.add_argument("--cases", type=int, default=150)
    args = ap.parse_args()
    if shutil.which(shlex.split(args.cc)[0]) is None or shutil.which("arm-none-eabi-gcc") is None:
        print("check_armv7m: SKIPPED: %s or arm-none-eabi-gcc not installed" % args.cc)
        sys.exit(77)
    opt = "-O" + args.opt
    with tempfile.TemporaryDirectory() as tmp:
        asm = Cpu(*build(tmp, args.cc, args.cpu, opt, 1))
        ref = Cpu(*build(tmp, args.cc, args.cpu, opt, 0))
    assert "pp_aes_ct32_sbox_armv7m" in asm.syms and "pp_aes_ct32_sbox_armv7m" not in ref.syms
    sbox_table()
    kernel_insns = check_kernel(asm, random.Random(197))
    for cpu in (asm, ref):
        for key, ct in FIPS197:
            got, _ = run(cpu, bytes.fromhex(key), bytes(16), PT, 0)
            assert got.hex() == ct, ("FIPS 197", key)
            got, _ = run(cpu, bytes.fromhex(key), bytes(16), bytes.fromhex(ct), 1)
            assert got == PT, ("FIPS 197 inverse", key)
    rng = random.Random(22)
    for case in range(args.cases):
        key = bytes(rng.getrandbits(8) for _ in range(rng.choice([16, 24, 32])))
        n = rng.randrange(1, 6)
        data = bytes(rng.getrandbits(8) for _ in range(16 * n))
        iv = bytes(rng.getrandbits(8) for _ in range(16))
        if case % 5 == 2:
            iv = b"\xff" * 15 + bytes([256 - rng.randrange(1, 4)])
        mode = case % 5
        a = run(asm, key, iv, data, mode, case % 4)
        b = run(ref, key, iv, data, mode, case % 4)
        assert a == b, ("asm != C", key.hex(), mode, n)
    # constant time: the same traces for random keys and data of a size
    for klen in (16, 24, 32):
        traces = []
        for _ in range(3):
            key = bytes(rng.getrandbits(8) for _ in range(klen))
            data = bytes(rng.getrandbits(8) for _ in range(48))
            iv = bytes(rng.getrandbits(8) for _ in range(16))
            asm.trace = []
            run(asm, key, iv, data, 5)
            traces.append(asm.trace)
            asm.trace = None
        assert traces[0] == traces[1] == traces[2], ("trace differs", klen)
    print("check_armv7m: PASSED (%s %s: kernel %d instructions a call; FIPS 197 C.1-C.3, "
          "%d random cases asm == C, traces equal for 3 keys x 3 sizes)"
          % (args.cpu, opt, kernel_insns, args.cases))


if __name__ == "__main__":
    main()
