#!/usr/bin/env python3
"""Checks the Thumb-2 ChaCha20 kernel (src/chacha20/chacha20_armv7m.c,
PICOPSA_CHACHA20_ARMV7M) under unicorn: pp_chacha20_xor of the assembly
build and of the portable C build (PICOPSA_CHACHA20_BACKEND =
PICOPSA_CHACHA20_PORTABLE), both compiled for the Cortex-M, against a
Python ChaCha20 (RFC 8439 2.3, 2.4) and against each other, byte for byte:
  - the RFC 8439 2.4.2 example and A.2 test vectors 1-3; HChaCha20
    (whose rounds the assembly build takes from the kernel) on the
    draft-irtf-cfrg-xchacha-03 2.2.1 vector and random keys and nonces;
  - random keys, nonces and start counters (0, 1, random, and 2^32 - k for
    small k so that streams reach the counter end), random total lengths
    (0..1100 bytes) cut into random chunks (streaming: the partial block's
    keystream carried over), in place (in == out) and to a separate,
    unaligned output; a call that would need a block past 2^32 - 1 must be
    refused with PSA_ERROR_INVALID_ARGUMENT before writing any byte, the
    later shorter calls still served up to the end;
  - the kernel itself, 1..9 blocks with unaligned in/out: callee-saved
    registers and sp survive, nothing is written outside out and the
    kernel's stack frame is zero on return;
  - constant time: the instruction trace and every load/store address of
    the kernel are the same for three random keys, nonces and data (the
    valgrind harness of tests/ct cannot run Thumb-2 code); likewise the
    whole Poly1305 (init, update, finish) for random and all-ones keys and
    messages;
  - Poly1305 (src/poly1305/poly1305_armv7em.c, the radix-2^32 loop in
    Thumb-2 on cores with the DSP extension) against the radix-2^26 C
    build and a Python reference: RFC 8439 2.5.2, random, all-ones and
    edge keys and messages, one call and random update steps; the loop
    alone (pp_poly1305_armv7em_blocks) against Python from random h and r
    with unaligned blocks, its 52-byte frame zero on return;
  - prints the ChaCha20 kernel's Cortex-M4 cycles for 1 KiB and the
    Poly1305 loop's for 64 blocks (tools/cyclemodel).
The host suite cannot run the assembly; this is its test.

usage: /usr/bin/python3 tools/chacha20/check_armv7m.py [-O level (default s; 2: rounds unrolled)]
       [--cpu cortex-m4|cortex-m3|cortex-m33|cortex-m7] [--cc compiler]
       [--cases N]
(needs Debian's python3-unicorn and arm-none-eabi-gcc, or "clang
--target=armv7em-none-eabi"; exits 77, "skipped", without them). ctest runs
it as chacha20_armv7m_asm (-Os) and chacha20_armv7m_asm_o2 (-O2).
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
from armv7m_harness import (UC_HOOK_CODE, UC_HOOK_MEM_READ, UC_HOOK_MEM_WRITE,  # noqa: E402
                            ROOT, SRC, CODE, DATA, MASK, RETURN, STACK_TOP, Cpu)
INVALID_ARGUMENT = -135

WRAPPER = r'''
#include "chacha20/chacha20.h"
#include "chacha20/chacha20_armv7m.h"
#include "poly1305/poly1305.h"

/* Poly1305 of len bytes of msg fed in chunks of step bytes (step 0: one call). */
void chk_poly1305(uint8_t *tag, const uint8_t *key, const uint8_t *msg, uint32_t len,
                  uint32_t step)
{
    pp_poly1305_ctx c;
    uint32_t off = 0;
    pp_poly1305_init(&c, key);
    while (off < len) {
        uint32_t n = step == 0 || len - off < step ? len - off : step;
        pp_poly1305_update(&c, msg + off, n);
        off += n;
    }
    pp_poly1305_finish(&c, tag);
}

/* Streams total bytes of in to out in nchunks calls of chunk[i] bytes
 * (out == in allowed); status[i] per call; state: s[12], avail, live. */
void chk_stream(const uint8_t *key, uint32_t counter, const uint8_t *nonce, const uint8_t *in,
                uint8_t *out, const uint32_t *chunk, uint32_t nchunks, int32_t *status,
                uint32_t *state)
{
    pp_chacha20_ctx ctx;
    uint32_t i, off = 0;
    pp_chacha20_init(&ctx, key, counter, nonce);
    for (i = 0; i < nchunks; i++) {
        psa_status_t st = pp_chacha20_xor(&ctx, in + off, out + off, chunk[i]);
        status[i] = (int32_t)st;
        if (st == PSA_SUCCESS)
            off += chunk[i];
    }
    state[0] = ctx.s[12];
    state[1] = ctx.avail;
    state[2] = ctx.live;
    pp_chacha20_wipe(&ctx);
}

void chk_hchacha20(uint8_t *out, const uint8_t *key, const uint8_t *nonce)
{
    pp_hchacha20(out, key, nonce);
}

#if defined(__ARM_FEATURE_DSP) && PP_CHACHA20_ARMV7M
void pp_poly1305_armv7em_blocks(uint32_t h[5], const uint32_t r[4], const uint8_t *m, size_t n,
                                uint32_t hibit);
/* The Poly1305 loop alone: h (5 words) in and out, r (4 clamped words). */
void chk_poly_kernel(uint32_t *h, const uint32_t *r, const uint8_t *m, uint32_t n)
{
    pp_poly1305_armv7em_blocks(h, r, m, n, 1);
}
#endif

#if PP_CHACHA20_ARMV7M
void chk_kernel(const uint32_t *s, const uint8_t *in, uint8_t *out, uint32_t n)
{
    pp_chacha20_armv7m_xor(s, in, out, n);
}
#endif
'''


def build(tmp, cc, cpu, opt, backend):
    wrapper = os.path.join(tmp, "w.c")
    with open(wrapper, "w") as f:
        f.write(WRAPPER)
    flags = shlex.split(cc) + ["-mcpu=" + cpu, "-mthumb", "-ffreestanding", opt, "-std=c99",
                               "-ffunction-sections", "-Wall", "-Wextra", "-Werror",
                               "-I" + os.path.join(ROOT, "include"), "-I" + SRC,
                               "-I" + os.path.join(ROOT, "ports", "freestanding"),
                               "-DPICOPSA_CHACHA20_BACKEND=" + backend]
    if backend.endswith("PORTABLE"):
        flags.append("-DPP_POLY1305_RADIX32=0")   # the radix-2^26 C
    objs_extra = [os.path.join(SRC, "poly1305", "poly1305.c"),
                  os.path.join(SRC, "poly1305", "poly1305_armv7em.c")]
    objs = []
    for i, src in enumerate([wrapper, os.path.join(SRC, "chacha20", "chacha20.c"),
                             os.path.join(SRC, "chacha20", "chacha20_armv7m.c"),
                             os.path.join(SRC, "common", "pp_util.c"),
                             os.path.join(ROOT, "ports", "freestanding", "string.c")] + objs_extra):
        obj = os.path.join(tmp, "%s%d.o" % (backend[-6:], i))
        subprocess.check_call(flags + ["-c", src, "-o", obj])
        objs.append(obj)
    elf = os.path.join(tmp, backend[-6:] + ".elf")
    link = ["arm-none-eabi-gcc", "-mcpu=" + cpu, "-mthumb", "-nostdlib", "-Wl,--gc-sections",
            "-Wl,-Ttext=0x%x" % CODE, "-Wl,--entry=chk_stream", "-Wl,--undefined=chk_kernel",
            "-Wl,--undefined=chk_hchacha20", "-Wl,--undefined=chk_poly1305",
            "-Wl,--undefined=chk_poly_kernel"]
    subprocess.check_call(link + objs + ["-lgcc", "-o", elf])
    syms = {}
    for line in subprocess.check_output(["arm-none-eabi-nm", elf]).decode().splitlines():
        parts = line.split()
        if len(parts) == 3:
            syms[parts[2]] = int(parts[0], 16)
    binary = os.path.join(tmp, backend[-6:] + ".bin")
    subprocess.check_call(["arm-none-eabi-objcopy", "-O", "binary", "-j", ".text", elf, binary])
    with open(binary, "rb") as f:
        return f.read(), syms


# ---- Python reference (RFC 8439 2.1-2.4) ----
def rotl(v, n):
    return ((v << n) | (v >> (32 - n))) & MASK


def block(key, counter, nonce, feed_forward=True):
    s = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574] + list(struct.unpack("<8I", key)) + \
        [counter] + list(struct.unpack("<3I", nonce))
    x = list(s)

    def qr(a, b, c, d):
        x[a] = (x[a] + x[b]) & MASK; x[d] = rotl(x[d] ^ x[a], 16)
        x[c] = (x[c] + x[d]) & MASK; x[b] = rotl(x[b] ^ x[c], 12)
        x[a] = (x[a] + x[b]) & MASK; x[d] = rotl(x[d] ^ x[a], 8)
        x[c] = (x[c] + x[d]) & MASK; x[b] = rotl(x[b] ^ x[c], 7)
    for _ in range(10):
        qr(0, 4, 8, 12); qr(1, 5, 9, 13); qr(2, 6, 10, 14); qr(3, 7, 11, 15)
        qr(0, 5, 10, 15); qr(1, 6, 11, 12); qr(2, 7, 8, 13); qr(3, 4, 9, 14)
    if not feed_forward:
        return struct.pack("<16I", *x)
    return struct.pack("<16I", *[(x[i] + s[i]) & MASK for i in range(16)])


def hchacha20(key, nonce16):
    """draft-irtf-cfrg-xchacha-03 2.2: rows 0 and 3 after the rounds."""
    x = block(key, struct.unpack("<I", nonce16[:4])[0], nonce16[4:], feed_forward=False)
    return x[:16] + x[48:]


def keystream(key, counter, nonce, nbytes):
    out = bytearray()
    c = counter
    while len(out) < nbytes:
        out += block(key, c, nonce)
        c += 1
    return bytes(out[:nbytes])


def expect_stream(key, counter, nonce, data, chunks):
    """Statuses and output of the chunked calls under the 2^32 block end."""
    end = (1 << 32) * 64 - counter * 64     # keystream bytes available
    ks = keystream(key, counter, nonce, min(len(data), end))
    out = bytearray(len(data))
    statuses, off = [], 0
    for n in chunks:
        if off + n > end:
            statuses.append(INVALID_ARGUMENT)
            continue
        statuses.append(0)
        for i in range(off, off + n):
            out[i] = data[i] ^ ks[i]
        off += n
    return statuses, off, bytes(out)


KEY, NONCE, CHUNKS, STATUS, STATE = (DATA + 0x100, DATA + 0x140, DATA + 0x200, DATA + 0x600,
                                     DATA + 0xA00)
IN, OUT = DATA + 0x1000, DATA + 0x3000
GUARD = 64


def run_stream(cpu, key, counter, nonce, data, chunks, in_place, out_shift):
    cpu.write(KEY, key)
    cpu.write(NONCE, nonce)
    cpu.write(CHUNKS, struct.pack("<%dI" % len(chunks), *chunks))
    cpu.write(IN, data)
    out = IN if in_place else OUT + out_shift
    if not in_place:
        cpu.write(out - GUARD, b"\xA5" * (len(data) + 2 * GUARD))
    cpu.call("chk_stream", [KEY, counter, NONCE, IN, out, CHUNKS, len(chunks), STATUS, STATE])
    statuses = list(struct.unpack("<%di" % len(chunks), cpu.read(STATUS, 4 * len(chunks))))
    state = struct.unpack("<3I", cpu.read(STATE, 12))
    if not in_place:
        before, after = cpu.read(out - GUARD, GUARD), cpu.read(out + len(data), GUARD)
        assert before == b"\xA5" * GUARD and after == b"\xA5" * GUARD, "write outside out"
    return statuses, cpu.read(out, len(data)), state


def check_vectors(cpu):
    # RFC 8439 2.4.2: counter 1, the "sunscreen" plaintext.
    key = bytes(range(32))
    nonce = bytes.fromhex("000000000000004a00000000")
    text = (b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip "
            b"for the future, sunscreen would be it.")
    want = bytes.fromhex(
        "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
        "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
        "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
        "5af90bbf74a35be6b40b8eedf2785e42874d")
    assert bytes(a ^ b for a, b in zip(text, keystream(key, 1, nonce, len(text)))) == want
    st, got, _ = run_stream(cpu, key, 1, nonce, text, [len(text)], True, 0)
    assert st == [0] and got == want, "RFC 8439 2.4.2"
    # A.2 test vectors 1 (zero key, counter 0) and 3 (counter 42).
    zero = bytes(64)
    st, got, _ = run_stream(cpu, bytes(32), 0, bytes(12), zero, [64], True, 0)
    assert got == bytes.fromhex(
        "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
        "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"), "A.2 #1"
    key3 = bytes(31) + b"\x01"
    st, got, _ = run_stream(cpu, key3, 1, bytes(11) + b"\x02", bytes(375), [375], True, 0)
    assert bytes(a ^ b for a, b in zip(got, b"Any submission to the IETF inten")) == \
        bytes.fromhex("a3fbf07df3fa2fde4f376ca23e82737041605d9f4f4f57bd8cff2c1d4b7955ec"), "A.2 #2"
    key4 = bytes.fromhex("1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0")
    text4 = (b"'Twas brillig, and the slithy toves\nDid gyre and gimble in the wabe:\n"
             b"All mimsy were the borogoves,\nAnd the mome raths outgrabe.")
    st, got, _ = run_stream(cpu, key4, 42, bytes(11) + b"\x02", text4, [len(text4)], True, 0)
    assert got == bytes.fromhex(
        "62e6347f95ed87a45ffae7426f27a1df5fb69110044c0d73118effa95b01e5cf"
        "166d3df2d721caf9b21e5fb14c616871fd84c54f9d65b283196c7fe4f60553eb"
        "f39c6402c42234e32a356b3e764312a61a5532055716ead6962568f87d3f3f77"
        "04c6a8d1bcd1bf4d50d6154b6da731b187b58dfd728afa36757a797ac188d1"), "A.2 #3"


def check_hchacha20(cpu, rng):
    # draft-irtf-cfrg-xchacha-03 2.2.1, then random keys and nonces.
    key = bytes(range(32))
    nonce = bytes.fromhex("000000090000004a0000000031415927")
    want = bytes.fromhex("82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc")
    assert hchacha20(key, nonce) == want, "reference HChaCha20"
    cases = [(key, nonce)] + [(bytes(rng.getrandbits(8) for _ in range(32)),
                               bytes(rng.getrandbits(8) for _ in range(16))) for _ in range(20)]
    for k, n in cases:
        cpu.write(KEY, k)
        cpu.write(NONCE, n)
        cpu.call("chk_hchacha20", [OUT, KEY, NONCE])
        assert cpu.read(OUT, 32) == hchacha20(k, n), "HChaCha20"


def poly1305_ref(key, msg):
    """RFC 8439 2.5.1."""
    r = int.from_bytes(key[:16], "little") & 0x0ffffffc0ffffffc0ffffffc0fffffff
    s = int.from_bytes(key[16:], "little")
    p = (1 << 130) - 5
    acc = 0
    for i in range(0, len(msg), 16):
        n = int.from_bytes(msg[i:i + 16] + b"\x01", "little")
        acc = (acc + n) * r % p
    return ((acc + s) % (1 << 128)).to_bytes(16, "little")


def check_poly1305(asm, ref, rng):
    """RFC 8439 2.5.2, then random, all-ones and edge keys and messages,
    one call and random steps, on the assembly (radix 2^32) and the
    radix-2^26 C builds."""
    key = bytes.fromhex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b")
    msg = b"Cryptographic Forum Research Group"
    assert poly1305_ref(key, msg).hex() == "a8061dc1305136c6c22b8baf0c0127a9"
    cases = [(key, msg)]
    for i in range(120):
        k = bytes(rng.getrandbits(8) for _ in range(32))
        if i % 6 == 1:
            k = b"\xff" * 32
        n = rng.choice([0, 1, 15, 16, 17, 64, 100, 255, 256, 1024, rng.randrange(0, 1100)])
        m = bytes(rng.getrandbits(8) for _ in range(n)) if i % 3 else b"\xff" * n
        cases.append((k, m))
    # r = 1 with all-ones blocks: h runs up to 3 * 2^129 - 3 before the
    # fold, whose carry then ripples out of h3 into h4 (block 3).
    for nb in range(1, 12):
        cases.append((b"\x01" + bytes(15) + bytes(rng.getrandbits(8) for _ in range(16)),
                      b"\xff" * (16 * nb)))
    for k, m in cases:
        want = poly1305_ref(k, m)
        for step in (0, rng.randrange(1, 40)):
            for cpu, name in ((asm, "asm"), (ref, "radix-2^26")):
                cpu.write(KEY, k)
                cpu.write(IN + 1, m)
                cpu.call("chk_poly1305", [OUT, KEY, IN + 1, len(m), step])
                assert cpu.read(OUT, 16) == want, ("poly1305", name, k.hex(), len(m), step)
    return len(cases)


def m4_cost(image, wrapper, args, kernel):
    """Cortex-M4 model figures (tools/cyclemodel on the exact trace) of one
    call of wrapper(args), counted from the kernel symbol's entry on."""
    sys.path.insert(0, os.path.join(ROOT, "tools", "cyclemodel"))
    import cyclemodel
    cpu = Cpu(*image)
    trace = []

    def hook(mu, addr, size, _):
        if trace:
            trace[-1][3] = addr
        hw = cpu.read(addr, 4)
        trace.append([addr, hw[0] | hw[1] << 8, hw[2] | hw[3] << 8, 0])
    cpu.mu.hook_add(UC_HOOK_CODE, hook)
    cpu.call(wrapper, args)
    trace[-1][3] = RETURN
    start = [i for i, t in enumerate(trace) if t[0] == cpu.syms[kernel] & ~1][0]
    return cyclemodel.trace_cost([tuple(t) for t in trace[start:]])


def random_chunks(rng, total):
    chunks = []
    while total > 0:
        n = min(total, rng.choice([1, 3, 16, 63, 64, 65, 100, 128, 200, rng.randrange(1, 400)]))
        chunks.append(n)
        total -= n
    if rng.random() < 0.2:
        chunks.insert(rng.randrange(len(chunks) + 1), 0)
    return chunks


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-O", dest="opt", default="s")
    ap.add_argument("--cpu", default="cortex-m4")
    ap.add_argument("--cc", default="arm-none-eabi-gcc")
    ap.add_argument("--cases", type=int, default=300)
    args = ap.parse_args()
    if shutil.which(shlex.split(args.cc)[0]) is None or shutil.which("arm-none-eabi-gcc") is None:
        print("check_armv7m: SKIPPED: %s or arm-none-eabi-gcc not installed" % args.cc)
        sys.exit(77)
    opt = "-O" + args.opt
    with tempfile.TemporaryDirectory() as tmp:
        asm_image = build(tmp, args.cc, args.cpu, opt, "PICOPSA_CHACHA20_ARMV7M")
        asm = Cpu(*asm_image)
        ref = Cpu(*build(tmp, args.cc, args.cpu, opt, "PICOPSA_CHACHA20_PORTABLE"))
    assert "pp_chacha20_armv7m_xor" in asm.syms and "pp_chacha20_armv7m_xor" not in ref.syms
    check_vectors(asm)
    check_vectors(ref)
    check_hchacha20(asm, random.Random(1))
    check_hchacha20(ref, random.Random(1))
    # Poly1305's loop needs the DSP extension (not on Cortex-M3).
    assert ("pp_poly1305_armv7em_blocks" in asm.syms) == (args.cpu != "cortex-m3")
    assert "pp_poly1305_armv7em_blocks" not in ref.syms
    npoly = check_poly1305(asm, ref, random.Random(1305))

    rng = random.Random(8439)
    wraps = 0
    for case in range(args.cases):
        key = bytes(rng.getrandbits(8) for _ in range(32))
        nonce = bytes(rng.getrandbits(8) for _ in range(12))
        kind = case % 4
        if kind == 0:
            counter = rng.choice([0, 1, rng.getrandbits(32)])
        else:
            counter = (1 << 32) - rng.randrange(1, 20)
        total = rng.randrange(0, 1101)
        data = bytes(rng.getrandbits(8) for _ in range(total))
        chunks = random_chunks(rng, total)
        if kind == 3 and total:
            chunks += [rng.randrange(1, 64)]   # one past the end, or not
            data += bytes(rng.getrandbits(8) for _ in range(chunks[-1]))
        in_place = rng.random() < 0.5
        shift = rng.randrange(4)
        want_st, served, want = expect_stream(key, counter, nonce, data, chunks)
        wraps += INVALID_ARGUMENT in want_st
        for cpu, name in ((asm, "asm"), (ref, "portable")):
            st, got, state = run_stream(cpu, key, counter, nonce, data, chunks, in_place, shift)
            assert st == want_st, (name, case, counter, chunks, st, want_st)
            # Refused calls write nothing: in place the input stays, else the fill.
            fill = data if in_place else b"\xA5" * len(data)
            want_buf = want[:served] + fill[served:]
            assert got == want_buf, (name, case, counter, chunks)
            blocks = (served + 63) // 64
            assert state[0] == (counter + blocks) & MASK, (name, case, state)
            assert state[1] == (blocks * 64 - served), (name, case, state)
            assert state[2] == (1 if counter + blocks < (1 << 32) else 0), (name, case, state)

    # The kernel alone: unaligned pointers, frame zeroed, nothing outside out.
    S = DATA + 0x800
    for n in range(1, 10):
        for shift_in, shift_out in ((0, 0), (1, 3), (2, 1), (3, 0)):
            key = bytes(rng.getrandbits(8) for _ in range(32))
            nonce = bytes(rng.getrandbits(8) for _ in range(12))
            counter = rng.choice([0, rng.getrandbits(32) % ((1 << 32) - n + 1), (1 << 32) - n])
            s = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574] + \
                list(struct.unpack("<8I", key)) + [counter] + list(struct.unpack("<3I", nonce))
            asm.write(S, struct.pack("<16I", *s))
            data = bytes(rng.getrandbits(8) for _ in range(64 * n))
            asm.write(IN + shift_in, data)
            out = OUT + shift_out
            asm.write(out - GUARD, b"\x5A" * (64 * n + 2 * GUARD))
            asm.write(STACK_TOP - 0x400, b"\xC3" * 0x400)
            asm.call("chk_kernel", [S, IN + shift_in, out, n])
            got = asm.read(out, 64 * n)
            ks = keystream(key, counter, nonce, 64 * n)
            assert got == bytes(a ^ b for a, b in zip(data, ks)), ("kernel", n, shift_in, shift_out)
            assert asm.read(out - GUARD, GUARD) == b"\x5A" * GUARD, "kernel wrote before out"
            assert asm.read(out + 64 * n, GUARD) == b"\x5A" * GUARD, "kernel wrote past out"
            assert asm.read(S, 64) == struct.pack("<16I", *s), "kernel changed s"
            frame = asm.read(STACK_TOP - 0x400, 0x400)
            used = [i for i in range(0, 0x400, 4) if frame[i:i + 4] != b"\xC3" * 4]
            low = min(used)
            # Below the 9 saved registers (and the wrapper's frame): the
            # kernel's 172-byte frame, all zero.
            kframe = frame[low:low + 172]
            assert kframe == bytes(172), ("kernel frame not zeroed", n)
    # Constant time: for fixed pointers, block count and counter, the
    # executed addresses and every load/store address must not depend on
    # the key, the nonce or the data (three random secrets, one trace).
    def secret_trace(seed, n, counter):
        r = random.Random(seed)
        cpu = Cpu(*asm_image)
        seen = []
        cpu.mu.hook_add(UC_HOOK_CODE, lambda mu, addr, size, _: seen.append(("x", addr)))
        cpu.mu.hook_add(UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE,
                        lambda mu, acc, addr, size, value, _: seen.append((acc, addr, size)))
        s = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574] + \
            [r.getrandbits(32) for _ in range(8)] + [counter] + [r.getrandbits(32) for _ in range(3)]
        cpu.write(S, struct.pack("<16I", *s))
        cpu.write(IN + 1, bytes(r.getrandbits(8) for _ in range(64 * n)))
        cpu.call("chk_kernel", [S, IN + 1, OUT + 2, n])
        return seen
    for n, counter in ((1, 0), (3, 0xFFFFFFFD), (16, 12345)):
        traces = [secret_trace(seed, n, counter) for seed in (1, 2, 3)]
        assert traces[0] == traces[1] == traces[2], ("secret-dependent trace", n)

    def poly_trace(seed, n, step):
        r = random.Random(seed)
        cpu = Cpu(*asm_image)
        seen = []
        cpu.mu.hook_add(UC_HOOK_CODE, lambda mu, addr, size, _: seen.append(("x", addr)))
        cpu.mu.hook_add(UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE,
                        lambda mu, acc, addr, size, value, _: seen.append((acc, addr, size)))
        cpu.write(KEY, b"\xff" * 32 if seed == 3 else bytes(r.getrandbits(8) for _ in range(32)))
        cpu.write(IN + 1, b"\xff" * n if seed == 3 else bytes(r.getrandbits(8) for _ in range(n)))
        cpu.call("chk_poly1305", [OUT, KEY, IN + 1, n, step])
        return seen
    for n, step in ((0, 0), (15, 0), (64, 0), (300, 13)):
        traces = [poly_trace(seed, n, step) for seed in (1, 2, 3)]
        assert traces[0] == traces[1] == traces[2], ("secret-dependent Poly1305 trace", n)

    # The Poly1305 loop alone (cores with DSP): h * r mod p against Python
    # from random h (h4 <= 7, the loop's bound) and clamped r, unaligned m;
    # callee-saved registers kept, its frame (13 words under the 9 saved
    # registers) zero on return, and its Cortex-M4 cycles per block.
    poly_cycles = None
    if "chk_poly_kernel" in asm.syms:
        H, R = DATA + 0xC00, DATA + 0xC40
        P = (1 << 130) - 5
        for n in (1, 2, 5, 64):
            for _ in range(4):
                h = [rng.getrandbits(32) for _ in range(4)] + [rng.randrange(0, 8)]
                rw = list(struct.unpack("<4I", bytes(rng.getrandbits(8) for _ in range(16))))
                rw = [rw[0] & 0x0FFFFFFF] + [w & 0x0FFFFFFC for w in rw[1:]]
                m = bytes(rng.getrandbits(8) for _ in range(16 * n))
                asm.write(H, struct.pack("<5I", *h))
                asm.write(R, struct.pack("<4I", *rw))
                asm.write(IN + 3, m)
                asm.write(STACK_TOP - 0x400, b"\xC3" * 0x400)
                asm.call("chk_poly_kernel", [H, R, IN + 3, n])
                got = struct.unpack("<5I", asm.read(H, 20))
                acc = sum(v << (32 * i) for i, v in enumerate(h))
                rr = sum(v << (32 * i) for i, v in enumerate(rw))
                for b in range(n):
                    acc = (acc + int.from_bytes(m[16 * b:16 * b + 16], "little") + (1 << 128)) * rr % P
                val = sum(v << (32 * i) for i, v in enumerate(got))
                assert got[4] <= 7 and val % P == acc, ("poly1305 kernel", n)
                frame = asm.read(STACK_TOP - 0x400, 0x400)
                used = [i for i in range(0, 0x400, 4) if frame[i:i + 4] != b"\xC3" * 4]
                low = min(used)
                assert frame[low:low + 52] == bytes(52), ("poly1305 kernel frame not zeroed", n)
        poly_cycles = m4_cost(asm_image, "chk_poly_kernel", [H, R, IN, 64],
                              "pp_poly1305_armv7em_blocks")["cycles"]

    # Cortex-M4 cycles of the kernel over 1 KiB (tools/cyclemodel on the
    # exact trace; the kernel has no IT blocks).
    cost = m4_cost(asm_image, "chk_kernel", [S, IN, OUT, 16], "pp_chacha20_armv7m_xor")
    print("kernel, 16 blocks: %d cycles (%.2f c/B), %d instructions"
          % (cost["cycles"], cost["cycles"] / 1024.0, cost["instructions"]))
    if poly_cycles is not None:
        print("poly1305 loop, 64 blocks: %d cycles (%.2f c/B)" % (poly_cycles, poly_cycles / 1024.0))
    print("chacha20 ARMv7-M kernel (%s %s %s): RFC 8439 2.4.2 and A.2, HChaCha20, %d random streams "
          "(%d reaching the counter end), kernel 1..9 blocks: asm == portable == reference"
          % (args.cc, args.cpu, opt, args.cases, wraps))
    print("poly1305 ARMv7E-M loop: RFC 8439 2.5.2 and %d random/edge messages: asm == radix-2^26 C "
          "== reference" % npoly)


if __name__ == "__main__":
    main()
