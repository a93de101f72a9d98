#!/usr/bin/env python3
"""Generates src/aes/aes_ct32_armv7m.c, the Thumb-2 part of the fixsliced
ct32 AES (src/aes/aes_ct32.c; Adomnicai and Peyrin, "Fixslicing AES-like
ciphers", TCHES 2021/1):
  - pp_aes_ct32_encrypt_armv7m(q, rk, nr): FIPS 197 5.1 Cipher on the two
    bitsliced blocks in q[0..7], from the first AddRoundKey to the last
    (the frame-2 ShiftRows fix-up stays in C): every round's SubBytes is
    Boyar-Peralta's circuit (the one src/aes/aes_bitslice.h writes in C,
    same gate names) without its four output NOTs, which the key schedule
    folded into round keys 1..nr; MixColumns in the round's frame
    (r mod 4) with AddRoundKey merged, its rotations folded into the
    barrel shifter of EOR;
  - pp_aes_ct32_sbox_armv7m(q): the circuit alone, NOTs included
    (sub_bytes() for the key schedule and the C decryption).

Register allocation of the circuit is done here, once, not by the
compiler: 14 registers (r0-r12, lr), the q pointer treated as one more
value, and when none is free the value whose next use is furthest away is
spilled (Belady's rule, optimal in loads for straight-line code); a value
is stored at most once and only if it is still live. Every instruction is
AND/EOR/MVN or a LDR/STR at a fixed offset from sp, q or rk, and the one
loop runs on the public round count: constant time by construction.

usage: /usr/bin/python3 tools/aes/gen_ct32_armv7m.py [iterations, default 20000]
       > src/aes/aes_ct32_armv7m.c   (about 20 s)
"""
import re
import sys

ROOT_C = "src/aes/aes_bitslice.h"


def circuit(nots=True):
    """The gates of sub_bytes() in aes_bitslice.h: (dst, op, a, b). With
    nots=False the four output complements (the affine constant 0x63) are
    left out: the encryption rounds have them in the round keys."""
    import os
    path = os.path.join(os.path.dirname(__file__), "..", "..", ROOT_C)
    text = open(path).read()
    body = text[text.index("static void sub_bytes("):]
    body = body[:body.index("\n}\n")]
    gates = []
    for line in body.splitlines():
        line = line.strip()
        m = re.match(r"PP_BS_W (u\d) = q\[(\d)\], (u\d) = q\[(\d)\], (u\d) = q\[(\d)\], "
                     r"(u\d) = q\[(\d)\];", line)
        if m:
            g = m.groups()
            for i in range(0, 8, 2):
                gates.append((g[i], "ld", int(g[i + 1]), None))
            continue
        m = re.match(r"(\w+) = (\w+) ([&^]) (\w+);", line)
        if m:
            gates.append((m.group(1), "and" if m.group(3) == "&" else "eor", m.group(2),
                          m.group(4)))
            continue
        m = re.match(r"q\[(\d)\] = (~?)\(?(\w+) \^ (\w+)\)?;", line)
        if m:
            gates.append(("o%s" % m.group(1), "eor", m.group(3), m.group(4)))
            if m.group(2) and nots:
                gates.append(("n%s" % m.group(1), "mvn", "o%s" % m.group(1), None))
                gates.append((None, "st", int(m.group(1)), "n%s" % m.group(1)))
            else:
                gates.append((None, "st", int(m.group(1)), "o%s" % m.group(1)))
    return gates


def allocate(gates):
    regs = ["r%d" % i for i in range(13)] + ["lr"]
    # program: the pointer arrives in r0; every load/store uses it
    prog = []
    for d, op, a, b in gates:
        if op == "ld":
            prog.append((d, op, ["qp"], a))
        elif op == "st":
            prog.append((None, op, ["qp", b], a))
        elif op == "mvn":
            prog.append((d, op, [a], None))
        else:
            prog.append((d, op, [a, b], None))
    uses = {}
    for i, (d, op, srcs, imm) in enumerate(prog):
        for s in srcs:
            uses.setdefault(s, []).append(i)

    def next_use(v, i):
        for u in uses.get(v, []):
            if u >= i:
                return u
        return 10 ** 9

    loc = {"qp": "r0"}          # value -> register
    owner = {"r0": "qp"}        # register -> value
    slot = {}                   # value -> stack slot (stored)
    nslots = [0]
    free_slots = []
    out = []

    def slot_of(v):
        if v not in slot:
            slot[v] = free_slots.pop() if free_slots else nslots[0]
            if slot[v] == nslots[0]:
                nslots[0] += 1
        return slot[v]

    def get_reg(i, pinned):
        for r in regs:
            if r not in owner:
                return r
        # evict the furthest next use, not pinned; clean (stored) ones
        # first on ties
        best = None
        for r, v in owner.items():
            if v in pinned:
                continue
            key = (next_use(v, i), v in slot)
            if best is None or key > best[0]:
                best = (key, r, v)
        _, r, v = best
        if v not in slot and next_use(v, i) < 10 ** 9:
            out.append("str %s, [sp, #%d]" % (r, 4 * slot_of(v)))
        del owner[r]
        del loc[v]
        return r

    def release_dead(i):
        for r, v in list(owner.items()):
            if next_use(v, i) == 10 ** 9:
                del owner[r]
                del loc[v]
                if v in slot:
                    free_slots.append(slot.pop(v))
        for v in list(slot):
            if next_use(v, i) == 10 ** 9 and v not in loc:
                free_slots.append(slot.pop(v))

    for i, (d, op, srcs, imm) in enumerate(prog):
        pinned = set(srcs)
        for s in srcs:
            if s not in loc:
                r = get_reg(i, pinned)
                out.append("ldr %s, [sp, #%d]" % (r, 4 * slot[s]))
                loc[s] = r
                owner[r] = s
        sr = [loc[s] for s in srcs]
        # sources whose last use is this instruction free their register
        release_dead(i + 1)
        if op == "st":
            out.append("str %s, [%s, #%d]" % (sr[1], sr[0], 4 * imm))
            continue
        r = get_reg(i + 1, set())
        loc[d] = r
        owner[r] = d
        if op == "ld":
            out.append("ldr %s, [%s, #%d]" % (r, sr[0], 4 * imm))
        elif op == "mvn":
            out.append("mvn %s, %s" % (r, sr[0]))
        else:
            out.append("%s %s, %s, %s" % (op, r, sr[0], sr[1]))
    return out, nslots[0]


HEAD = r'''/*
 * aes_ct32_armv7m.c -- the Thumb-2 rounds of the fixsliced ct32 AES
 * (aes_ct32.c; Adomnicai-Peyrin, TCHES 2021/1) for ARMv7-M/ARMv7E-M/
 * ARMv8-M Mainline (PICOPSA_AES_CT32_ASM, include/picopsa/config.h); see
 * aes_ct32_armv7m.h for the contract. Written by
 * tools/aes/gen_ct32_armv7m.py: do not edit by hand, change the generator
 * and rerun it.
 *
 *  - .Lpp_ct32_sbox: SubBytes (FIPS 197 5.1.1) of q[0..7] in place,
 *    Boyar-Peralta's circuit of aes_bitslice.h without the four output
 *    NOTs (0x63), registers allocated by the generator: %INSNS%
 *    instructions, %LOGIC% AND/EOR, %LOADS% loads and %STORES% stores (the
 *    8 q words in and out included), %SLOTS% spill words in the caller's
 *    frame. A leaf called with BL: lr is kept in the frame, q in r0.
 *  - pp_aes_ct32_encrypt_armv7m: AddRoundKey 0, then per round the
 *    circuit and MixColumns of the round's frame (aes_ct32.c explains the
 *    frames) merged with AddRoundKey, the round keys carrying the NOTs; the
 *    last round without MixColumns. Each rotation of MixColumns is a
 *    barrel-shifter operand of an EOR: a rotation of every byte by 2k bits
 *    after a rotation by 8n is ror(x ^ ((x ^ ror(x, 8)) & L), 8n + 2k - 8)
 *    for the right byte mask L, three operations and a folded rotation.
 *  - pp_aes_ct32_sbox_armv7m: the circuit with the NOTs, for C callers.
 * Straight-line code but for the round loop (its exit tests compare round
 * key pointers: public); every address is sp-, q- or rk-relative: constant
 * time by construction (tools/aes/check_armv7m.py compares traces). The
 * frame keeps circuit intermediates after return, as compiled C's spill
 * slots do; the caller's stack is not a secret-free zone in either build.
 */
#include "aes/aes_ct32_armv7m.h"

#if PP_AES_CT32_ASM

__asm__(
    ".pushsection .text.pp_aes_ct32_armv7m,\"ax\",%progbits\n"
    ".syntax unified\n"
    ".thumb\n"
'''

TAIL = r'''    ".popsection\n");

#endif /* PP_AES_CT32_ASM */
'''

# MixColumns per frame k (aes_ct32.c): ROT1 is a rotation by 8 then every
# byte by 2k bits, ROT2 by 16 then by 4k. A rotation by 8 then every byte by
# s bits is ror(z, s) with z = x ^ ((x ^ ror(x, 8)) & L): the byte's top s
# bits come from ror(x, s), the others from ror(x, 8 + s) (L below).
ROT1 = {0: None, 1: (2, 0xFCFCFCFC), 2: (4, 0xF0F0F0F0), 3: (6, 0xC0C0C0C0)}
ROT2_ODD = (12, 0xF0F0F0F0)   # by 16, then every byte by 4: ror(z, 12)


def mix(k):
    """q = MixColumns_k(q) ^ rk (FIPS 197 5.1.3 in frame k; aes_ct32.c
    PP_CT32_MIX, same order): r0 = q, r1 = rk."""
    out = []
    A, K, D, N, S, P, S7, A7, N7, R2 = ("r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9",
                                         "r12", "r11")

    def rot1(x, dst):
        """the ROT1 of register x as an operand string (dst: scratch for z)"""
        if ROT1[k] is None:
            return "%s, ror #8" % x
        sh, m = ROT1[k]
        out.append("eor %s, %s, %s, ror #8" % (D, x, x))
        out.append("and %s, %s, #0x%08X" % (D, D, m))
        out.append("eor %s, %s, %s" % (dst, x, D))
        return "%s, ror #%d" % (dst, sh)

    def rot2(x):
        if k % 2 == 0:
            return "%s, ror #16" % x
        sh, m = ROT2_ODD
        out.append("eor %s, %s, %s, ror #8" % (D, x, x))
        out.append("and %s, %s, #0x%08X" % (D, D, m))
        out.append("eor %s, %s, %s" % (R2, x, D))
        return "%s, ror #%d" % (R2, sh)

    out.append("ldr %s, [r0, #28]" % A7)
    n7 = rot1(A7, N7)
    out.append("eor %s, %s, %s" % (S7, A7, n7))
    for i in range(7):
        out.append("ldr %s, [r0, #%d]" % (A, 4 * i))
        out.append("ldr %s, [r1, #%d]" % (K, 4 * i))
        n = rot1(A, N)
        out.append("eor %s, %s, %s" % (S, A, n))
        out.append("eor %s, %s, %s" % (K, K, n))
        out.append("eor %s, %s, %s" % (K, K, rot2(S)))
        if i >= 1:
            out.append("eor %s, %s, %s" % (K, K, P))
        if i in (0, 1, 3, 4):
            out.append("eor %s, %s, %s" % (K, K, S7))
        out.append("str %s, [r0, #%d]" % (K, 4 * i))
        S, P = P, S
    # q7 = s6 ^ n7 ^ ROT2(s7) ^ rk7; s6 is in P now
    out.append("ldr %s, [r1, #28]" % K)
    out.append("eor %s, %s, %s" % (K, K, P))
    out.append("eor %s, %s, %s" % (K, K, n7))
    out.append("eor %s, %s, %s" % (K, K, rot2(S7)))
    out.append("str %s, [r0, #28]" % K)
    return out


def ortho():
    """aes_bitslice.h ortho() on r2..r9 (q[0..7]), r10 scratch: the twelve
    exchanges as SWAPMOVE, t = ((x >> s) ^ y) & m, y ^= t, x ^= t << s."""
    q = ["r%d" % i for i in range(2, 10)]
    out = []
    for s, m, pairs in ((1, 0x55555555, ((0, 1), (2, 3), (4, 5), (6, 7))),
                        (2, 0x33333333, ((0, 2), (1, 3), (4, 6), (5, 7))),
                        (4, 0x0F0F0F0F, ((0, 4), (1, 5), (2, 6), (3, 7)))):
        for x, y in pairs:
            out.append("eor r10, %s, %s, lsr #%d" % (q[y], q[x], s))
            out.append("and r10, r10, #0x%08X" % m)
            out.append("eor %s, %s, r10" % (q[y], q[y]))
            out.append("eor %s, %s, r10, lsl #%d" % (q[x], q[x], s))
    return out


def ark_regs():
    """q[0..7] in r2..r9 ^= rk[0..7], r1 = rk (advanced by 32)."""
    return ["ldm r1!, {r10, r11, r12, lr}",
            "eor r2, r2, r10", "eor r3, r3, r11", "eor r4, r4, r12", "eor r5, r5, lr",
            "ldm r1!, {r10, r11, r12, lr}",
            "eor r6, r6, r10", "eor r7, r7, r11", "eor r8, r8, r12", "eor r9, r9, lr"]


def deps(gates):
    """For each gate, the indices of the gates it reads (and the loads
    read nothing but the pointer)."""
    where = {}
    out = []
    for i, (d, op, a, b) in enumerate(gates):
        srcs = [a] if op == "mvn" else [b] if op == "st" else [] if op == "ld" else [a, b]
        out.append([where[x] for x in srcs])
        if d is not None:
            where[d] = i
    return out


def schedule(gates, iters, seed):
    """Reorders the gates (dependencies kept) to cut spills: a seeded
    local search moving one gate at a time between its last operand and
    its first reader, kept when the allocated code is no longer. Fixed
    seed and count: the output is reproducible."""
    import random
    rng = random.Random(seed)
    dep = deps(gates)
    users = [[] for _ in gates]
    for i, ds in enumerate(dep):
        for d in ds:
            users[d].append(i)
    order = list(range(len(gates)))
    best = len(allocate([gates[i] for i in order])[0])
    for _ in range(iters):
        pos = {g: p for p, g in enumerate(order)}
        g = rng.randrange(len(gates))
        lo = max([pos[d] for d in dep[g]], default=-1) + 1
        hi = min([pos[u] for u in users[g]], default=len(order))
        p = pos[g]
        # positions in the new list (g removed) where g may go
        lo2, hi2 = lo if lo <= p else lo - 1, hi - 1 if hi > p else hi
        if hi2 < lo2:
            continue
        q = rng.randint(lo2, hi2)
        trial = order[:p] + order[p + 1:]
        trial.insert(q, g)
        c = len(allocate([gates[i] for i in trial])[0])
        if c <= best:
            best, order = c, trial
    return [gates[i] for i in order]


def main():
    iters = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    body, nslots = allocate(schedule(circuit(nots=False), iters, 22))
    RET = 4 * nslots
    QP, RK, END, NR = RET + 4, RET + 8, RET + 12, RET + 16
    frame = NR + 4
    if (frame + 36) % 8:
        frame += 4
    logic = sum(1 for l in body if l.split()[0] in ("and", "eor", "mvn"))
    loads = sum(1 for l in body if l.startswith("ldr"))
    stores = sum(1 for l in body if l.startswith("str"))
    lines = []

    def fn(name):
        lines.extend([".p2align 2", ".global " + name, ".hidden " + name,
                      ".type %s, %%function" % name, ".thumb_func", name + ":"])

    # the circuit, a leaf over the caller's frame
    lines.extend([".p2align 2", ".thumb_func", ".Lpp_ct32_sbox:",
                  "str lr, [sp, #%d]" % RET])
    lines.extend(body)
    lines.append("ldr pc, [sp, #%d]" % RET)
    # C-callable SubBytes with the NOTs (q[0], q[1], q[5], q[6]: 0x63)
    fn("pp_aes_ct32_sbox_armv7m")
    lines.extend(["push {r4-r11, lr}", "sub sp, sp, #%d" % frame,
                  "str r0, [sp, #%d]" % QP, "bl .Lpp_ct32_sbox",
                  "ldr r0, [sp, #%d]" % QP,
                  "ldrd r1, r2, [r0, #0]", "ldrd r3, r12, [r0, #20]",
                  "mvn r1, r1", "mvn r2, r2", "mvn r3, r3", "mvn r12, r12",
                  "strd r1, r2, [r0, #0]", "strd r3, r12, [r0, #20]",
                  "add sp, sp, #%d" % frame, "pop {r4-r11, pc}",
                  ".size pp_aes_ct32_sbox_armv7m, .-pp_aes_ct32_sbox_armv7m"])
    # ortho(), a leaf on r2..r9
    lines.extend([".p2align 2", ".thumb_func", ".Lpp_ct32_ortho:"])
    lines.extend(ortho())
    lines.append("bx lr")
    # the cipher: r0 = q (block words), r1 = rk (round keys 1..nr with the
    # NOTs), r2 = nr
    fn("pp_aes_ct32_encrypt_armv7m")
    lines.extend(["push {r4-r11, lr}", "sub sp, sp, #%d" % frame,
                  "str r0, [sp, #%d]" % QP, "str r2, [sp, #%d]" % NR,
                  "add r2, r1, r2, lsl #5", "str r2, [sp, #%d]" % END,
                  "ldm r0, {r2-r9}", "bl .Lpp_ct32_ortho"])
    lines.extend(ark_regs())
    lines.extend(["stm r0, {r2-r9}", "str r1, [sp, #%d]" % RK])
    lines.append(".Lpp_ct32_round:")
    for j, k in enumerate((1, 2, 3, 0)):
        lines.extend(["bl .Lpp_ct32_sbox", "ldr r0, [sp, #%d]" % QP, "ldr r1, [sp, #%d]" % RK])
        lines.extend(mix(k))
        lines.extend(["add r1, r1, #32", "str r1, [sp, #%d]" % RK,
                      "ldr r2, [sp, #%d]" % END, "cmp r1, r2"])
        lines.append("bne .Lpp_ct32_round" if k == 0 else "beq .Lpp_ct32_last")
    # the last round: SubBytes, AddRoundKey, back to byte order; frame
    # nr mod 4 = 2 (nr 10, 14) then needs rows 1 and 3 moved by two
    # columns (ShiftRows twice): in byte order, bytes 1 and 3 of the
    # column words c and c + 2 exchanged
    lines.extend([".Lpp_ct32_last:", "bl .Lpp_ct32_sbox",
                  "ldr r0, [sp, #%d]" % QP, "ldr r1, [sp, #%d]" % RK, "ldm r0, {r2-r9}"])
    lines.extend(ark_regs())
    lines.extend(["bl .Lpp_ct32_ortho", "ldr r1, [sp, #%d]" % NR, "tst r1, #2",
                  "beq .Lpp_ct32_done"])
    for a, b in (("r2", "r6"), ("r3", "r7"), ("r4", "r8"), ("r5", "r9")):
        lines.extend(["eor r10, %s, %s" % (a, b), "and r10, r10, #0xFF00FF00",
                      "eor %s, %s, r10" % (a, a), "eor %s, %s, r10" % (b, b)])
    lines.extend([".Lpp_ct32_done:", "stm r0, {r2-r9}",
                  "add sp, sp, #%d" % frame, "pop {r4-r11, pc}",
                  ".size pp_aes_ct32_encrypt_armv7m, .-pp_aes_ct32_encrypt_armv7m"])
    ninsn = sum(1 for l in lines if not l.startswith(".") and not l.endswith(":"))
    head = (HEAD.replace("%SLOTS%", str(nslots)).replace("%INSNS%", str(len(body)))
            .replace("%LOGIC%", str(logic)).replace("%LOADS%", str(loads))
            .replace("%STORES%", str(stores)))
    sys.stdout.write(head)
    for l in lines:
        sys.stdout.write('    "%s\\n"\n' % l)
    sys.stdout.write(TAIL)
    sys.stderr.write("gen_ct32_armv7m: %d instructions, circuit %d, frame %d B\n"
                     % (ninsn, len(body), frame))


if __name__ == "__main__":
    main()
