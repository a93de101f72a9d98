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


REGS = ["r%d" % i for i in range(13)] + ["lr"]


def regalloc(prog, init_reg, init_slot, fixed_slots, first_slot, live_out=(), want=None):
    """Register allocation of straight-line code. prog: (dst or None,
    format, sources), the format naming the destination {d} and the
    sources {0}, {1}, ...; init_reg / init_slot: where values are at entry
    (a value in a slot is clean: evicting it costs no store); fixed_slots
    are never handed out (the frame's pointers); new spill slots from
    first_slot on. live_out values survive the end; want (value ->
    register) pins where a value is computed and kept (the next code's
    entry registers): other values avoid those registers while they can, and
    one found there is moved away. Returns (lines, value -> register at the
    end, value -> slot at the end, slots used)."""
    want = want or {}
    wanted = set(want.values())
    uses = {}
    for i, (d, fmt, srcs) in enumerate(prog):
        for s in srcs:
            uses.setdefault(s, []).append(i)
    end = len(prog)
    for v in live_out:
        uses.setdefault(v, []).append(end)

    def next_use(v, i):
        for u in uses.get(v, []):
            if u >= i:
                return u
        return 10 ** 9

    loc = dict(init_reg)
    owner = {r: v for v, r in loc.items()}
    slot = dict(init_slot)
    top = [first_slot]
    free_slots = []
    out = []

    def slot_of(v):
        if v not in slot:
            if free_slots:
                slot[v] = free_slots.pop()
            else:
                slot[v] = top[0]
                top[0] += 1
        return slot[v]

    def get_reg(i, pinned, avoid=()):
        for r in sorted(REGS, key=lambda r: r in wanted):
            if r not in owner and r not in avoid:
                return r
        best = None
        for r, v in owner.items():
            if v in pinned or r in avoid:
                continue
            key = (want.get(v) != r, next_use(v, i), v in slot)
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
        for v in list(slot):
            if next_use(v, i) == 10 ** 9 and v not in loc:
                s = slot.pop(v)
                if s not in fixed_slots:
                    free_slots.append(s)

    for i, (d, fmt, srcs) in enumerate(prog):
        pinned = set(srcs)
        for s in srcs:
            if s not in loc:
                r = get_reg(i, pinned)
                out.append("ldr %s, [sp, #%d]" % (r, 4 * slot[s]))
                loc[s] = r
                owner[r] = s
        sr = [loc[s] for s in srcs]
        release_dead(i + 1)
        r = None
        if d is not None and d in want:
            r = want[d]
            if r in owner:          # move the value there out of the way
                v = owner.pop(r)
                del loc[v]
                if next_use(v, i + 1) < 10 ** 9:
                    r2 = get_reg(i + 1, set(srcs), avoid=(r,) + tuple(sr))
                    out.append("mov %s, %s" % (r2, r))
                    loc[v] = r2
                    owner[r2] = v
            loc[d] = r
            owner[r] = d
        elif d is not None:
            r = get_reg(i + 1, set())
            loc[d] = r
            owner[r] = d
        out.append(fmt.format(*sr, d=r))
    for v, r in want.items():
        assert loc.get(v) == r, ("value not where wanted", v, r, loc.get(v))
    return out, dict(loc), {v: s for v, s in slot.items() if v in live_out}, top[0]


# The circuit's inputs q[0..7] arrive in r2..r9 (where the transpose and
# each MixColumns leave them).
IN_REGS = ["r%d" % i for i in range(2, 10)]


def gates_prog(gates):
    """circuit() gates as regalloc code and its entry registers: the loads
    of q become inputs in IN_REGS, outputs o0..o7 (stores dropped: the
    outputs stay live)."""
    prog = []
    entry = {}
    for d, op, a, b in gates:
        if op == "ld":
            entry[d] = IN_REGS[a]
        elif op == "st":
            continue
        elif op == "mvn":
            prog.append((d, "mvn {d}, {0}", [a]))
        else:
            prog.append((d, op + " {d}, {0}, {1}", [a, b]))
    return prog, entry


# frame slots (words): the pointers and the circuit's return address
S_QP, S_RK, S_END, S_NR, S_RET = 0, 1, 2, 3, 4
FIXED = {S_QP, S_RK, S_END, S_NR, S_RET}
OUTS = ["o%d" % b for b in range(8)]


def allocate(gates):
    """The circuit with q in IN_REGS at entry, its outputs live at the end:
    (lines, slots used) -- the schedule's cost."""
    prog, entry = gates_prog(gates)
    lines, _, _, top = regalloc(prog, entry, {}, FIXED, 5, OUTS)
    return lines, top


HEAD = r'''/*
 * aes_ct32_armv7m.c -- the Thumb-2 rounds of the fixsliced ct32 AES
 * (aes_ct32.c; Adomnicai-Peyrin, TCHES 2021/1) for ARMv7-M/ARMv7E-M/
 * ARMv8-M Mainline (PICOPSA_AES_CT32_ASM, include/picopsa/config.h); see
 * aes_ct32_armv7m.h for the contract. Written by
 * tools/aes/gen_ct32_armv7m.py: do not edit by hand, change the generator
 * and rerun it.
 *
 *  - .Lpp_ct32_sbox: SubBytes (FIPS 197 5.1.1) of the state q[0..7] in
 *    r2..r9, Boyar-Peralta's circuit of aes_bitslice.h without the four
 *    output NOTs (0x63), registers allocated by the generator: %INSNS%
 *    instructions, %LOGIC% AND/EOR, %LOADS% reloads and %STORES% spills in
 *    %SLOTS% words of the caller's frame. The outputs stay where the
 *    allocation leaves them: the code after each call (the four
 *    MixColumns, the last AddRoundKey, the C entry's stores) is allocated
 *    from there. A leaf called with BL, lr kept in the frame.
 *  - pp_aes_ct32_encrypt_armv7m: the transpose into bit planes (ortho()
 *    of aes_bitslice.h as twelve SWAPMOVEs) and AddRoundKey 0, then per
 *    round the circuit and MixColumns of the round's frame (aes_ct32.c
 *    explains the frames) merged with AddRoundKey, the round keys carrying
 *    the NOTs, its results pinned to r2..r9 for the next circuit; the last
 *    round's AddRoundKey, the transpose back and, in frame 2, ShiftRows
 *    twice (bytes 1 and 3 of columns c and c + 2 exchanged). Each rotation
 *    of MixColumns is a barrel-shifter operand of an EOR: a rotation by 8
 *    then of every byte by s bits is ror(x ^ ((x ^ ror(x, 8)) & L), s) for
 *    the right byte mask L, three operations and a folded rotation.
 *  - pp_aes_ct32_sbox_armv7m: the circuit with the NOTs, and
 *    pp_aes_ct32_ortho_armv7m: the transpose, for C callers.
 * Straight-line code but for the round loop (its exit test compares round
 * key pointers) and the frame-2 test (on nr): both public; every address is sp-, q- or rk-relative: constant
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


def mix_prog(k):
    """MixColumns_k(a) ^ rk (FIPS 197 5.1.3 in frame k; aes_ct32.c
    PP_CT32_MIX, same order) as regalloc code: a = the circuit's outputs
    o0..o7, rk the frame's pointer; returns (code, the 8 result values,
    which the next circuit takes in IN_REGS)."""
    prog = []
    finals = []
    n = [0]

    def op(fmt, *srcs):
        n[0] += 1
        v = "t%d" % n[0]
        prog.append((v, fmt, list(srcs)))
        return v

    def merge(x, spec):
        """(value, rotation) of a rotation by 8, then of every byte by 2j
        bits: z = x ^ ((x ^ ror(x, 8)) & L), rotated by 2j (module doc)"""
        sh, m = spec
        d = op("eor {d}, {0}, {0}, ror #8", x)
        d = op("and {d}, {0}, #0x%08X" % m, d)
        return op("eor {d}, {0}, {1}", x, d), sh

    def rot1(x):
        return (x, 8) if ROT1[k] is None else merge(x, ROT1[k])

    def rot2(x):
        return (x, 16) if k % 2 == 0 else merge(x, ROT2_ODD)

    n7, n7s = rot1("o7")
    s7 = op("eor {d}, {0}, {1}, ror #%d" % n7s, "o7", n7)
    p = None
    for i in range(8):
        kv = op("ldr {d}, [{0}, #%d]" % (4 * i), "rkp")
        if i < 7:
            a = "o%d" % i
            nv, ns = rot1(a)
            s = op("eor {d}, {0}, {1}, ror #%d" % ns, a, nv)
            acc = op("eor {d}, {0}, {1}, ror #%d" % ns, kv, nv)
            r2, r2s = rot2(s)
            acc = op("eor {d}, {0}, {1}, ror #%d" % r2s, acc, r2)
            if i >= 1:
                acc = op("eor {d}, {0}, {1}", acc, p)
            if i in (0, 1, 3, 4):
                acc = op("eor {d}, {0}, {1}", acc, s7)
            p = s
        else:   # q7 = s6 ^ n7 ^ ROT2(s7) ^ rk7
            acc = op("eor {d}, {0}, {1}", kv, p)
            acc = op("eor {d}, {0}, {1}, ror #%d" % n7s, acc, n7)
            r2, r2s = rot2(s7)
            acc = op("eor {d}, {0}, {1}, ror #%d" % r2s, acc, r2)
        finals.append(acc)
    return prog, finals


def ark_prog():
    """a ^ rk, a the circuit's outputs (the last round), left in IN_REGS
    for the transpose."""
    prog = []
    for b in range(8):
        prog.append(("k%d" % b, "ldr {d}, [{0}, #%d]" % (4 * b), ["rkp"]))
        prog.append(("x%d" % b, "eor {d}, {0}, {1}", ["o%d" % b, "k%d" % b]))
    return prog, ["x%d" % b for b in range(8)]


def out_prog():
    """q = the circuit's outputs with the NOTs of 0x63 (words 0, 1, 5, 6)."""
    prog = []
    for b in range(8):
        v = "o%d" % b
        if b in (0, 1, 5, 6):
            prog.append(("n%d" % b, "mvn {d}, {0}", [v]))
            v = "n%d" % b
        prog.append((None, "str {1}, [{0}, #%d]" % (4 * b), ["qp", v]))
    return prog, []


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
    gates = schedule(circuit(nots=False), iters, 22)
    cprog, entry = gates_prog(gates)
    body, regs_end, slots_end, top = regalloc(cprog, entry, {}, FIXED, 5, OUTS)
    logic = sum(1 for l in body if l.split()[0] in ("and", "eor", "mvn"))
    loads = sum(1 for l in body if l.startswith("ldr"))
    stores = sum(1 for l in body if l.startswith("str"))
    after = {}
    for name, (prog, finals) in [("mix%d" % k, mix_prog(k)) for k in range(4)] + \
            [("ark", ark_prog()), ("out", out_prog())]:
        init_slot = dict(slots_end)
        init_slot.update({"qp": S_QP, "rkp": S_RK})
        init_reg = {v: r for v, r in regs_end.items()}
        want = dict(zip(finals, IN_REGS))
        code, _, _, t = regalloc(prog, init_reg, init_slot, FIXED, top, finals, want)
        after[name] = code
        top = max(top, t)
    frame = 4 * top
    if (frame + 36) % 8:
        frame += 4
    QP, RK, END, NR, RET = (4 * s for s in (S_QP, S_RK, S_END, S_NR, S_RET))
    lines = []

    def fn(name):
        lines.extend([".p2align 2", ".global " + name, ".hidden " + name,
                      ".type %s, %%function" % name, ".thumb_func", name + ":"])

    # the circuit, a leaf over the caller's frame: q in r0 at entry, the
    # outputs left where the allocation put them (the code after each
    # call was allocated from there)
    lines.extend([".p2align 2", ".thumb_func", ".Lpp_ct32_sbox:", "str lr, [sp, #%d]" % RET])
    lines.extend(body)
    lines.append("ldr pc, [sp, #%d]" % RET)
    # C-callable SubBytes with the NOTs
    fn("pp_aes_ct32_sbox_armv7m")
    lines.extend(["push {r4-r11, lr}", "sub sp, sp, #%d" % frame,
                  "str r0, [sp, #%d]" % QP, "ldm r0, {r2-r9}", "bl .Lpp_ct32_sbox"])
    lines.extend(after["out"])
    lines.extend(["add sp, sp, #%d" % frame, "pop {r4-r11, pc}",
                  ".size pp_aes_ct32_sbox_armv7m, .-pp_aes_ct32_sbox_armv7m"])
    # ortho(), a leaf on r2..r9
    lines.extend([".p2align 2", ".thumb_func", ".Lpp_ct32_ortho:"])
    lines.extend(ortho())
    lines.append("bx lr")
    # C-callable ortho()
    fn("pp_aes_ct32_ortho_armv7m")
    lines.extend(["push {r4-r10, lr}", "ldm r0, {r2-r9}", "bl .Lpp_ct32_ortho",
                  "stm r0, {r2-r9}", "pop {r4-r10, pc}",
                  ".size pp_aes_ct32_ortho_armv7m, .-pp_aes_ct32_ortho_armv7m"])
    # the cipher: r0 = q (block words), r1 = rk (round keys 1..nr with the
    # NOTs), r2 = nr
    fn("pp_aes_ct32_encrypt_armv7m")
    lines.extend(["push {r4-r11, lr}", "sub sp, sp, #%d" % frame,
                  "str r0, [sp, #%d]" % QP, "str r2, [sp, #%d]" % NR,
                  "add r2, r1, r2, lsl #5", "str r2, [sp, #%d]" % END,
                  "ldm r0, {r2-r9}", "bl .Lpp_ct32_ortho"])
    lines.extend(ark_regs())
    lines.extend(["str r1, [sp, #%d]" % RK])
    # the state stays in registers between the circuit and MixColumns and
    # from MixColumns (or the transpose) to the next circuit (r2..r9)
    lines.append(".Lpp_ct32_round:")
    for k in (1, 2, 3, 0):
        lines.append("bl .Lpp_ct32_sbox")
        lines.extend(after["mix%d" % k])
        lines.extend(["ldr r0, [sp, #%d]" % RK, "ldr r1, [sp, #%d]" % END, "add r0, r0, #32",
                      "str r0, [sp, #%d]" % RK, "cmp r0, r1"])
        lines.append("bne .Lpp_ct32_round" if k == 0 else "beq .Lpp_ct32_last")
    # the last round: SubBytes, AddRoundKey, back to byte order; frame
    # nr mod 4 = 2 (nr 10, 14) then needs rows 1 and 3 moved by two
    # columns (ShiftRows twice): in byte order, bytes 1 and 3 of the
    # column words c and c + 2 exchanged
    lines.extend([".Lpp_ct32_last:", "bl .Lpp_ct32_sbox"])
    lines.extend(after["ark"])
    lines.extend(["ldr r0, [sp, #%d]" % QP, "bl .Lpp_ct32_ortho",
                  "ldr r1, [sp, #%d]" % NR, "tst r1, #2", "beq .Lpp_ct32_done"])
    for a, b in (("r2", "r6"), ("r3", "r7"), ("r4", "r8"), ("r5", "r9")):
        lines.extend(["eor r10, %s, %s" % (a, b), "and r10, r10, #0xFF00FF00",
                      "eor %s, %s, r10" % (a, a), "eor %s, %s, r10" % (b, b)])
    lines.extend([".Lpp_ct32_done:", "stm r0, {r2-r9}",
                  "add sp, sp, #%d" % frame, "pop {r4-r11, pc}",
                  ".size pp_aes_ct32_encrypt_armv7m, .-pp_aes_ct32_encrypt_armv7m"])
    ninsn = sum(1 for l in lines if not l.startswith(".") and not l.endswith(":"))
    head = (HEAD.replace("%SLOTS%", str(top - 5)).replace("%INSNS%", str(len(body)))
            .replace("%LOGIC%", str(logic)).replace("%LOADS%", str(loads))
            .replace("%STORES%", str(stores)).replace("%FRAME%", str(frame)))
    sys.stdout.write(head)
    for l in lines:
        sys.stdout.write('    "%s\\n"\n' % l)
    sys.stdout.write(TAIL)
    sys.stderr.write("gen_ct32_armv7m: %d instructions, circuit %d, frame %d B\n"
                     % (ninsn, len(body), frame))


if __name__ == "__main__":
    main()
