#!/usr/bin/env python3
"""Generates src/aes/aes_ct32_armv7m.c: Boyar-Peralta's SubBytes circuit
(the one src/aes/aes_bitslice.h writes in C, same gate names) as straight-
line Thumb-2 for pp_aes_ct32_sbox_armv7m(uint32_t q[8]).

Register allocation is done here, once, not by the compiler: 14 registers
(r0-r12, lr), the q pointer treated as one more value, and when none is
free the value whose next use is furthest away is spilled (Belady's rule,
optimal in loads for straight-line code); a value is stored at most once
and only if it is still live. Every instruction is AND/EOR/MVN or a LDR/STR
at a fixed offset from sp or q: constant time by construction.

usage: /usr/bin/python3 tools/aes/gen_sbox_armv7m.py [iterations, default 20000]
       > src/aes/aes_ct32_armv7m.c   (about 20 s)
"""
import re
import sys

ROOT_C = "src/aes/aes_bitslice.h"


def circuit():
    """The gates of sub_bytes() in aes_bitslice.h: (dst, op, a, b)."""
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
            if m.group(2):
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
 * aes_ct32_armv7m.c -- SubBytes of the fixsliced ct32 AES (aes_ct32.c) in
 * Thumb-2 for ARMv7-M/ARMv7E-M/ARMv8-M Mainline (PICOPSA_AES_CT32_ASM,
 * include/picopsa/config.h): pp_aes_ct32_sbox_armv7m(q) is sub_bytes() of
 * aes_bitslice.h (FIPS 197 5.1.1 on the eight bit-plane words q[0..7],
 * Boyar-Peralta's 113-gate circuit, the same gates in the same order) with
 * the registers allocated by tools/aes/gen_sbox_armv7m.py, which writes
 * this file: do not edit by hand, change the generator and rerun it.
 *
 * Registers: r0-r12 and lr, the q pointer being one of the values; when
 * fourteen are live the value read furthest ahead goes to the frame
 * (%SLOTS% words), stored once. %INSNS% instructions: %LOGIC% AND/EOR/MVN,
 * %LOADS% loads and %STORES% stores (the 8 q words in and out included),
 * against about 220 for gcc -Os on the C. Straight-line code, every
 * address sp- or q-relative: constant time by construction
 * (tools/aes/check_armv7m.py compares traces). The frame keeps circuit
 * intermediates after return, as the compiled C's spill slots do; the
 * caller's stack is not a secret-free zone in either build.
 */
#include "aes/aes_ct32_armv7m.h"

#if PP_AES_CT32_ASM

__asm__(
    ".pushsection .text.pp_aes_ct32_sbox_armv7m,\"ax\",%progbits\n"
    ".syntax unified\n"
    ".thumb\n"
    ".p2align 2\n"
    ".global pp_aes_ct32_sbox_armv7m\n"
    ".hidden pp_aes_ct32_sbox_armv7m\n"
    ".type pp_aes_ct32_sbox_armv7m, %function\n"
    ".thumb_func\n"
    "pp_aes_ct32_sbox_armv7m:\n"
    "push {r4-r11, lr}\n"
'''

TAIL = r'''    "pop {r4-r11, pc}\n"
    ".size pp_aes_ct32_sbox_armv7m, .-pp_aes_ct32_sbox_armv7m\n"
    ".popsection\n");

#endif /* PP_AES_CT32_ASM */
'''


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
    body, nslots = allocate(schedule(circuit(), int(sys.argv[1]) if len(sys.argv) > 1 else 20000, 22))
    frame = 4 * nslots
    if (frame + 36) % 8:
        frame += 4
    logic = sum(1 for l in body if l.split()[0] in ("and", "eor", "mvn"))
    loads = sum(1 for l in body if l.startswith("ldr"))
    stores = sum(1 for l in body if l.startswith("str"))
    head = (HEAD.replace("%SLOTS%", str(nslots)).replace("%INSNS%", str(len(body)))
            .replace("%LOGIC%", str(logic)).replace("%LOADS%", str(loads))
            .replace("%STORES%", str(stores)))
    sys.stdout.write(head)
    sys.stdout.write('    "sub sp, sp, #%d\\n"\n' % frame)
    for l in body:
        sys.stdout.write('    "%s\\n"\n' % l)
    sys.stdout.write('    "add sp, sp, #%d\\n"\n' % frame)
    sys.stdout.write(TAIL)


if __name__ == "__main__":
    main()
