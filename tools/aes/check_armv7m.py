#!/usr/bin/env python3
"""Checks the Thumb-2 rounds of the fixsliced ct32 AES
(src/aes/aes_ct32_armv7m.c, PICOPSA_AES_CT32_ASM: the whole cipher,
pp_aes_ct32_encrypt_armv7m, and the SubBytes circuit the key schedule and
the C decryption call) under unicorn: the assembly build and the C build
(PICOPSA_AES_CT32_ASM=0) of aes_ct32.c, both compiled for the Cortex-M, run
  - the FIPS 197 C.1-C.3 examples (encrypt and decrypt), then ECB
    encryption, CTR (SP 800-38A 6.5, counters about to wrap included) and
    CBC encryption (6.2) of 1..5 blocks under random keys of all three
    sizes against a byte-oriented Python AES (FIPS 197 5.1, 5.2);
  - random keys of all three sizes (the key schedule's SubWord runs the
    circuit too, and the round keys carry the folded NOTs) and random
    data: ECB encrypt and decrypt of 1..5 blocks, CTR from random counters
    (and ones about to wrap), CBC encrypt and decrypt, compared byte for
    byte between the two builds;
  - the SubBytes entry alone: callee-saved registers and sp survive (every
    call checks that, tools/unicorn/armv7m_harness.py), q is SubBytes of q
    for random words, nothing written outside q and its frame;
  - constant time: the instruction trace and every load/store address of
    set_key + ECB encrypt + ECB decrypt + CTR + CBC encrypt are the same
    for random keys and data of each key size (the valgrind harness of
    tests/ct cannot run Thumb-2 code);
  - prints the instruction counts of SubBytes and of a 2-block pass.
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
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "unicorn"))
from armv7m_harness import ROOT, SRC, DATA, Cpu, build_image  # noqa: E402

WRAPPER = r'''
#include "aes/aes.h"
#include "aes/aes_ct32_armv7m.h"

/* mode 0: ECB enc, 1: ECB dec, 2: CTR, 3: CBC enc, 4: CBC dec, 5: all of
 * ECB enc, ECB dec, CTR, CBC enc on the same buffers (the trace case). */
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
        pp_aes_cbc_encrypt(k, iv, out, out, n);
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
    flags = shlex.split(cc) + ["-mcpu=" + cpu, "-mthumb", "-ffreestanding", opt, "-std=c99",
                               "-ffunction-sections", "-Wall", "-Wextra", "-Werror",
                               "-I" + os.path.join(ROOT, "include"), "-I" + SRC,
                               "-I" + os.path.join(ROOT, "ports", "freestanding"),
                               "-DPICOPSA_AES_BACKEND=PICOPSA_AES_CT32",
                               "-DPICOPSA_AES_CT32_ASM=%d" % asm]
    sources = [wrapper] + [os.path.join(SRC, f) for f in
                           ("aes/aes.c", "aes/aes_ct32.c", "aes/aes_ct32_armv7m.c",
                            "common/pp_util.c")] + \
        [os.path.join(ROOT, "ports", "freestanding", "string.c")]
    return build_image(tmp, "asm" if asm else "c", flags, sources,
                       ["-Wl,--entry=chk_aes", "-Wl,--undefined=chk_kernel"])


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


def xtime(a):
    return ((a << 1) ^ 0x11B) if a & 0x80 else a << 1


def aes_encrypt_ref(key, block):
    """FIPS 197 5.1 Cipher and 5.2 KeyExpansion, byte by byte, state in
    column order (FIPS 197 3.4: byte 4c + r is row r, column c)."""
    nk = len(key) // 4
    nr = nk + 6
    w = [list(key[4 * i:4 * i + 4]) for i in range(nk)]
    rcon = 1
    for i in range(nk, 4 * (nr + 1)):
        t = list(w[i - 1])
        if i % nk == 0:
            t = [SBOX[b] for b in t[1:] + t[:1]]
            t[0] ^= rcon
            rcon = xtime(rcon)
        elif nk > 6 and i % nk == 4:
            t = [SBOX[b] for b in t]
        w.append([a ^ b for a, b in zip(w[i - nk], t)])
    s = [b ^ w[i // 4][i % 4] for i, b in enumerate(block)]
    for r in range(1, nr + 1):
        s = [SBOX[b] for b in s]
        s = [s[4 * ((c + row) % 4) + row] for c in range(4) for row in range(4)]
        if r < nr:
            m = []
            for c in range(4):
                a = s[4 * c:4 * c + 4]
                for row in range(4):
                    m.append(xtime(a[row]) ^ xtime(a[(row + 1) % 4]) ^ a[(row + 1) % 4] ^
                             a[(row + 2) % 4] ^ a[(row + 3) % 4])
            s = m
        s = [b ^ w[4 * r + i // 4][i % 4] for i, b in enumerate(s)]
    return bytes(s)


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
        asm = Cpu(*build(tmp, args.cc, args.cpu, opt, 1), traced=True)
        ref = Cpu(*build(tmp, args.cc, args.cpu, opt, 0), traced=True)
    assert "pp_aes_ct32_sbox_armv7m" in asm.syms and "pp_aes_ct32_sbox_armv7m" not in ref.syms
    sbox_table()
    kernel_insns = check_kernel(asm, random.Random(197))
    for cpu in (asm, ref):
        for key, ct in FIPS197:
            got, _ = run(cpu, bytes.fromhex(key), bytes(16), PT, 0)
            assert got.hex() == ct, ("FIPS 197", key)
            got, _ = run(cpu, bytes.fromhex(key), bytes(16), bytes.fromhex(ct), 1)
            assert got == PT, ("FIPS 197 inverse", key)
    for key, ct in FIPS197:
        assert aes_encrypt_ref(bytes.fromhex(key), PT).hex() == ct, ("Python reference", key)
    rng = random.Random(22)
    # both builds against the Python reference: ECB encryption of 1..5
    # blocks (one or both lanes of the last pass) under random keys
    for case in range(max(12, args.cases // 5)):
        key = bytes(rng.getrandbits(8) for _ in range([16, 24, 32][case % 3]))
        data = bytes(rng.getrandbits(8) for _ in range(16 * (1 + case % 5)))
        want = b"".join(aes_encrypt_ref(key, data[i:i + 16]) for i in range(0, len(data), 16))
        iv = bytes(rng.getrandbits(8) for _ in range(16))
        if case % 2:
            iv = b"\xff" * 15 + bytes([256 - rng.randrange(1, 4)])
        ctr, cbc, x, c = bytearray(), bytearray(), iv, int.from_bytes(iv, "big")
        for i in range(0, len(data), 16):
            ks = aes_encrypt_ref(key, (c % (1 << 128)).to_bytes(16, "big"))
            ctr += bytes(a ^ b for a, b in zip(data[i:i + 16], ks))
            c += 1
            x = aes_encrypt_ref(key, bytes(a ^ b for a, b in zip(data[i:i + 16], x)))
            cbc += x
        for cpu in (asm, ref):
            got, _ = run(cpu, key, bytes(16), data, 0, case % 4)
            assert got == want, ("ECB != Python reference", key.hex(), len(data))
            got, nxt = run(cpu, key, iv, data, 2, case % 4)
            assert got == ctr and nxt == (c % (1 << 128)).to_bytes(16, "big"), \
                ("CTR != Python reference", key.hex(), len(data))
            got, nxt = run(cpu, key, iv, data, 3, case % 4)
            assert got == cbc and nxt == x, ("CBC != Python reference", key.hex(), len(data))
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
    # the cipher's instructions per 2-block pass (set_key + one ECB pass,
    # less set_key alone)
    counts = {}
    for klen in (16, 24, 32):
        key = bytes(rng.getrandbits(8) for _ in range(klen))
        run(asm, key, bytes(16), bytes(16), 0)
        one = asm.count
        run(asm, key, bytes(16), bytes(64), 0)
        counts[klen] = asm.count - one
    print("check_armv7m: PASSED (%s %s: SubBytes %d instructions a call; a 2-block ECB pass "
          "AES-128/192/256 %d/%d/%d instructions; FIPS 197 C.1-C.3, Python reference, "
          "%d random cases asm == C, traces equal for 3 keys x 3 sizes)"
          % (args.cpu, opt, kernel_insns, counts[16], counts[24], counts[32], args.cases))


if __name__ == "__main__":
    main()
