#!/usr/bin/python3
"""Fault-injection campaign on the emulated Cortex-M4 (docs/fault-injection.md).

Runs one signing call of tests/firmware/fault/fw_fault_app.c (fw_fault.elf)
in unicorn many times; each time one bit of one register (r0-r12, sp, lr,
pc, the xPSR flags) or of one word of the live stack is flipped before a
uniformly random executed instruction of the call, and the outcome is
classified:

  correct   status PSA_SUCCESS and the signature of the unfaulted run
  error     an error status with the output all zeros
  error_public  an error status with the unfaulted signature in the
            output, or another public value (RSA's encoded message, which
            the caller's buffer holds before the exponentiation): the
            fault (a pc flip, say) jumped past the wipe; it tells nothing
            the unfaulted call does not
  error_unwiped  an error status with any other output: it may hold a
            faulty signature, so --expect zero counts it as released
  crash     the emulator stopped on an exception, a bad access or a write
            to flash
  hang      no return within twice the unfaulted instruction count
  length    status PSA_SUCCESS, the right signature, a wrong length (the
            length pointer or value flipped, the length perhaps written
            into the buffer after it: nothing about the key leaks)
  moved     status PSA_SUCCESS, the right signature (or the part that fell
            into the buffer) at another offset: its pointer flipped;
            nothing about the key leaks
  silent    status PSA_SUCCESS with an all-zero output (no signature: the
            output pointer flipped, or the status after the wipe; nothing
            about the key leaks)
  WRONG     status PSA_SUCCESS with any other output: a faulty signature
            released

Speed: no per-instruction Python hook. The faults are sorted by position;
one golden (unfaulted) run walks forward with emu_start(count=N) to each
position, the state (context + RAM) is saved, the bit flipped, the faulty
run continued in bounded steps and the state restored. A faulty run whose
whole state (registers, RAM) equals the golden run's at the same
instruction count is finished: the fault was masked (correct). The
instruction count of the call is measured once (chunks, then a bisection).

usage: fault_campaign.py --elf fw_fault.elf --op ecdsa --faults 2000 --seed 1
       [--expect zero|found] [--jobs N] [--json out.json] [--list-wrong K]
--expect zero: exit 1 unless no WRONG signature is released (countermeasure
on); --expect found: exit 1 unless at least one is (the control build).
Needs Debian's python3-unicorn (run with /usr/bin/python3).
"""
import argparse
import json
import multiprocessing
import os
import random
import sys
import time

import unicorn
from unicorn import arm_const as A

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cyclemodel"))
from elf32 import Elf32  # noqa: E402

FLASH_BASE, FLASH_SIZE = 0x00000000, 1 << 20
RAM_BASE, RAM_SIZE = 0x20000000, 256 << 10
STACK_TOP = RAM_BASE + RAM_SIZE
RETURN_ADDR = FLASH_BASE + FLASH_SIZE - 0x100   # never code: the call returns here
OPS = {"ed25519": "fw_fault_sign_ed25519", "ecdsa": "fw_fault_sign_ecdsa",
       "rsa": "fw_fault_sign_rsa"}
READY_BIT = {"ed25519": 1, "ecdsa": 2, "rsa": 4}
# The unfaulted ECDSA call must give RFC 6979 A.2.5 (P-256, SHA-256, "sample").
KNOWN = {"ecdsa": "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
                  "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8"}
# Outputs other than the signature that an error may leave and that are
# public: RSA signs in the caller's buffer, which first holds the encoded
# message EMSA-PKCS1-v1_5(SHA-256, msg32) of fw_fault_app.c (RFC 8017
# 9.2; msg32[i] = 7 i + 1): a fault that jumps past the wipe leaves it.
_RSA_EM = (b"\x00\x01" + b"\xff" * (256 - 3 - 19 - 32) + b"\x00" +
           bytes.fromhex("3031300d060960864801650304020105000420") +
           bytes((7 * i + 1) & 0xff for i in range(32)))
PUBLIC = {"rsa": [_RSA_EM]}
REGS = [getattr(A, "UC_ARM_REG_R%d" % i) for i in range(13)] + [
    A.UC_ARM_REG_SP, A.UC_ARM_REG_LR, A.UC_ARM_REG_PC, A.UC_ARM_REG_XPSR]
REG_NAMES = ["r%d" % i for i in range(13)] + ["sp", "lr", "pc", "xpsr"]
# Bits a flip may hit: pc bit 0 is not a bit of the address (Thumb state
# lives in EPSR.T); xPSR: N Z C V Q (31..27) and GE[3:0] (19..16).
REG_BITS = [list(range(32))] * 15 + [list(range(1, 32)), [31, 30, 29, 28, 27, 19, 18, 17, 16]]
# The state compared for convergence also holds the FPU registers.
STATE_REGS = REGS + [getattr(A, "UC_ARM_REG_D%d" % i) for i in range(16)
                     if hasattr(A, "UC_ARM_REG_D%d" % i)]
CONVERGE_STEPS = (400, 4000, 40000, 400000)
CHUNK = 1 << 20


class Stop(Exception):
    pass


class Machine:
    def __init__(self, elf_path):
        self.elf = Elf32(elf_path)
        self.syms = self.elf.symbols()
        uc = unicorn.Uc(unicorn.UC_ARCH_ARM, unicorn.UC_MODE_THUMB | unicorn.UC_MODE_MCLASS)
        uc.ctl_set_cpu_model(A.UC_CPU_ARM_CORTEX_M4)
        # Flash is read/execute only: a faulted store there is a crash, and
        # the image cannot change from one run to the next.
        uc.mem_map(FLASH_BASE, FLASH_SIZE, unicorn.UC_PROT_READ | unicorn.UC_PROT_EXEC)
        uc.mem_map(RAM_BASE, RAM_SIZE)
        for vaddr, paddr, data, _memsz in self.elf.segments():
            for addr in {vaddr, paddr}:
                if data:
                    uc.mem_write(addr, data)
        self.interrupted = False
        self.stack_limit = self.syms.get("__fw_stack_limit", RAM_BASE)
        uc.hook_add(unicorn.UC_HOOK_INTR, self._on_intr)
        self.uc = uc

    def _on_intr(self, uc, intno, _data):
        self.interrupted = True
        uc.emu_stop()

    def sym(self, name):
        return self.syms[name] & ~1

    def call_setup(self, name):
        uc = self.uc
        uc.reg_write(A.UC_ARM_REG_SP, STACK_TOP)
        uc.reg_write(A.UC_ARM_REG_LR, RETURN_ADDR | 1)
        uc.reg_write(A.UC_ARM_REG_PC, self.sym(name) | 1)

    def step(self, count):
        """Run at most count instructions from the current state. Returns
        'ret' (the call returned), 'run' (count reached) or 'crash'. Always
        with a count: unicorn 2.0 ignores counts in blocks translated by an
        earlier run without one."""
        uc = self.uc
        pc = uc.reg_read(A.UC_ARM_REG_PC)
        if pc & ~1 == RETURN_ADDR:
            return "ret"
        self.interrupted = False
        try:
            uc.emu_start(pc | 1, RETURN_ADDR, count=count)
        except unicorn.UcError:
            return "crash"
        if self.interrupted:
            return "crash"
        return "ret" if uc.reg_read(A.UC_ARM_REG_PC) & ~1 == RETURN_ADDR else "run"

    def snapshot(self):
        return self.uc.context_save(), bytes(self.uc.mem_read(RAM_BASE, RAM_SIZE))

    def restore(self, snap):
        self.uc.context_restore(snap[0])
        self.uc.mem_write(RAM_BASE, snap[1])

    def state(self):
        """Registers and RAM, without the dead stack below sp (the EABI
        has no red zone: compiled code writes there before it reads)."""
        regs = tuple(self.uc.reg_read(r) for r in STATE_REGS)
        sp = regs[13] & ~3
        if not self.stack_limit <= sp <= STACK_TOP:
            sp = self.stack_limit
        return (regs, bytes(self.uc.mem_read(RAM_BASE, self.stack_limit - RAM_BASE)),
                bytes(self.uc.mem_read(sp, STACK_TOP - sp)))

    def result(self):
        rd = self.uc.mem_read
        status = int.from_bytes(rd(self.sym("fw_fault_status"), 4), "little", signed=True)
        length = int.from_bytes(rd(self.sym("fw_fault_len"), 4), "little")
        sig = bytes(rd(self.sym("fw_fault_sig"), 256))
        return status, length, sig


def prepare(elf_path, op):
    m = Machine(elf_path)
    m.call_setup("fw_fault_setup")
    if m.step(1 << 30) != "ret":
        raise RuntimeError("fw_fault_setup did not return")
    ready = int.from_bytes(m.uc.mem_read(m.sym("fw_fault_ready"), 4), "little")
    if not ready & READY_BIT[op]:
        raise RuntimeError("%s: the key of %s did not import (configured out?)" % (elf_path, op))
    m.call_setup(OPS[op])
    return m, m.snapshot()


def count_instructions(m, start):
    """Instructions of the call: whole chunks, then a bisection of the last."""
    m.restore(start)
    done = 0
    while True:
        chunk_start = m.snapshot()
        r = m.step(CHUNK)
        if r == "crash":
            raise RuntimeError("the unfaulted call crashed")
        if r == "ret":
            break
        done += CHUNK
        if done > 1 << 31:
            raise RuntimeError("the unfaulted call does not return")
    lo, hi = 0, CHUNK   # returns within hi, not within lo
    while hi - lo > 1:
        mid = (lo + hi) // 2
        m.restore(chunk_start)
        if m.step(mid) == "ret":
            hi = mid
        else:
            lo = mid
    return done + hi


def make_faults(total, n, seed):
    rng = random.Random(seed)
    faults = []
    for k in range(n):
        pos = rng.randrange(total)
        if rng.random() < 0.5:
            reg = rng.randrange(len(REGS))
            faults.append({"id": k, "pos": pos, "kind": "reg", "reg": reg,
                           "bit": rng.choice(REG_BITS[reg])})
        else:
            faults.append({"id": k, "pos": pos, "kind": "stack", "frac": rng.random(),
                           "bit": rng.randrange(32)})
    return faults


def inject(m, f):
    uc = m.uc
    if f["kind"] == "null":
        return "no flip"
    if f["kind"] == "reg":
        r = REGS[f["reg"]]
        uc.reg_write(r, uc.reg_read(r) ^ (1 << f["bit"]))
        return "%s bit %d" % (REG_NAMES[f["reg"]], f["bit"])
    sp = uc.reg_read(A.UC_ARM_REG_SP) & ~3
    if not RAM_BASE <= sp < STACK_TOP:
        return "stack (sp outside RAM: no flip)"
    words = (STACK_TOP - sp) // 4
    addr = sp + 4 * int(f["frac"] * words)
    v = int.from_bytes(uc.mem_read(addr, 4), "little") ^ (1 << f["bit"])
    uc.mem_write(addr, v.to_bytes(4, "little"))
    return "stack 0x%08x (sp+%d) bit %d" % (addr, addr - sp, f["bit"])


def classify(result, golden, public=()):
    status, length, sig = result
    if status != 0:
        if not any(sig):
            return "error"
        # Output left with an error status: the unfaulted signature (the
        # fault hit after it was written, during the check or the return)
        # or a public value of the op (PUBLIC) tells nothing the unfaulted
        # call does not; anything else may be a faulty signature and
        # counts as released.
        for known in [golden[2][:golden[1]]] + list(public):
            if sig[:len(known)] == known and not any(sig[len(known):]):
                return "error_public"
        return "error_unwiped"
    if (length, sig) == (golden[1], golden[2]):
        return "correct"
    want = golden[2][:golden[1]]
    if sig[:len(want)] == want:
        return "length"   # the length (or its pointer) flipped
    if not any(sig):
        return "silent"
    # The output pointer flipped: the signature written elsewhere, the
    # buffer holding it (or the part of it that fell inside) at an offset.
    if sig.find(want, 1) > 0:
        return "moved"
    for off in range(1, len(want) - 15):
        if sig[:len(want) - off] == want[off:] and not any(sig[len(want) - off:]):
            return "moved"
    return "WRONG"


def run_faults(elf_path, op, total, golden, faults):
    m, start = prepare(elf_path, op)
    m.restore(start)
    out = []
    cur = 0
    for f in sorted(faults, key=lambda x: x["pos"]):
        if f["pos"] > cur:
            if m.step(f["pos"] - cur) != "run":
                raise RuntimeError("golden run ended before instruction %d" % f["pos"])
            cur = f["pos"]
        here = m.snapshot()
        pc = m.uc.reg_read(A.UC_ARM_REG_PC) & ~1
        where = inject(m, f)
        faulty = m.snapshot()
        golden_snap = here
        outcome, at, converged_at = None, 0, None
        for d in CONVERGE_STEPS:
            if cur + d >= total:
                break
            m.restore(golden_snap)
            m.step(d - at)
            g_state = m.state()
            golden_snap = m.snapshot()
            m.restore(faulty)
            r = m.step(d - at)
            at = d
            if r == "crash":
                outcome = "crash"
                break
            if r == "ret":
                outcome = classify(m.result(), golden, PUBLIC.get(op, ()))
                break
            if m.state() == g_state:
                outcome = "correct"   # the same state as the golden run: masked
                converged_at = d
                break
            faulty = m.snapshot()
        if outcome is None:
            m.restore(faulty)
            r = m.step(2 * total + 1000 - at)
            outcome = {"crash": "crash", "run": "hang"}.get(r) or classify(m.result(), golden, PUBLIC.get(op, ()))
        rec = {"id": f["id"], "pos": f["pos"], "pc": pc, "where": where, "outcome": outcome,
               "converged": converged_at}
        if outcome in ("WRONG", "error_unwiped"):
            rec["sig"] = m.result()[2][:golden[1]].hex()
        out.append(rec)
        m.restore(here)
    return out


def m_result_of(elf_path, op, total, f):
    """The raw result of one faulty run to its end (no convergence stop)."""
    m, start = prepare(elf_path, op)
    m.restore(start)
    if f["pos"]:
        m.step(f["pos"])
    print("fault at pc 0x%x: %s" % (m.uc.reg_read(A.UC_ARM_REG_PC), inject(m, f)))
    r = m.step(2 * total)
    status, length, sig = m.result()
    return r, status, length, sig[:max(length, 64)].hex()


def _worker(args):
    return run_faults(*args)


def function_of(syms_sorted, addr):
    best = "?"
    for a, name in syms_sorted:
        if a <= addr:
            best = name
        else:
            break
    return best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--elf", required=True)
    ap.add_argument("--op", required=True, choices=sorted(OPS))
    ap.add_argument("--faults", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--expect", choices=("zero", "found", "none"), default="none")
    ap.add_argument("--json")
    ap.add_argument("--list-wrong", type=int, default=10, help="print up to K released faults")
    ap.add_argument("--label", default="")
    ap.add_argument("--replay", type=int, default=-1,
                    help="run only fault number K of the seed's list, print its result")
    args = ap.parse_args()

    t0 = time.time()
    m, start = prepare(args.elf, args.op)
    total = count_instructions(m, start)
    m.restore(start)
    m.step(total + 1)
    golden = m.result()
    if golden[0] != 0 or golden[1] == 0:
        print("fault: FAILED: the unfaulted %s call returned status %d" % (args.op, golden[0]))
        return 1
    if args.op in KNOWN and golden[2][:golden[1]].hex() != KNOWN[args.op]:
        print("fault: FAILED: the unfaulted %s signature is not the known answer" % args.op)
        return 1
    faults = make_faults(total, args.faults, args.seed)
    # Null faults: stopping and resuming the runs at random points without
    # a flip must give the golden result (a check of the method itself).
    nrng = random.Random(args.seed + 1)
    faults += [{"id": -1 - k, "pos": nrng.randrange(total), "kind": "null"} for k in range(8)]
    if args.replay >= 0:
        faults = [f for f in faults if f["id"] == args.replay]
        rec = run_faults(args.elf, args.op, total, golden, faults)[0]
        print(rec)
        print("golden", golden[0], golden[1], golden[2][:golden[1]].hex())
        print("faulty", *m_result_of(args.elf, args.op, total, faults[0]))
        return 0
    chunks = [faults[i::args.jobs] for i in range(args.jobs)]
    work = [(args.elf, args.op, total, golden, c) for c in chunks if c]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            parts = pool.map(_worker, work)
    else:
        parts = [_worker(w) for w in work]
    records = sorted((r for p in parts for r in p), key=lambda r: r["id"])
    nulls = [r for r in records if r["id"] < 0]
    records = [r for r in records if r["id"] >= 0]
    if any(r["outcome"] != "correct" for r in nulls):
        print("fault: FAILED: a run stopped and resumed without a flip did not give the "
              "unfaulted result: %s" % [r["outcome"] for r in nulls])
        return 1
    counts = {}
    for r in records:
        counts[r["outcome"]] = counts.get(r["outcome"], 0) + 1
    syms_sorted = sorted((a & ~1, n) for n, a in m.elf.symbols(only_functions=True).items())
    wrong = [r for r in records if r["outcome"] in ("WRONG", "error_unwiped")]
    order = ("correct", "error", "error_public", "error_unwiped", "crash", "hang", "length", "moved", "silent", "WRONG")
    label = args.label or os.path.basename(args.elf)
    print("fault: %s %s: %d instructions per call, %d faults (seed %d), %.1f s" %
          (label, args.op, total, len(records), args.seed, time.time() - t0))
    print("fault: %s %s: %s" % (label, args.op, ", ".join(
        "%s %d" % (k, counts.get(k, 0)) for k in order)))
    for r in wrong[:args.list_wrong]:
        print("fault:   %s at insn %d pc 0x%05x (%s): %s" %
              (r["outcome"], r["pos"], r["pc"], function_of(syms_sorted, r["pc"]), r["where"]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"op": args.op, "elf": args.elf, "instructions": total,
                       "seed": args.seed, "counts": counts,
                       "records": [dict(r, function=function_of(syms_sorted, r["pc"]))
                                   for r in records if r["outcome"] != "correct"]}, f, indent=1)
    if args.expect == "zero" and wrong:
        print("fault: FAILED: %d faulty %s signatures released with the countermeasure on "
              "(WRONG, or error_unwiped: an error status with output that is not the "
              "unfaulted signature)" % (len(wrong), args.op))
        return 1
    if args.expect == "found" and not any(r["outcome"] == "WRONG" for r in records):
        print("fault: FAILED: the control (countermeasure off) released no faulty %s signature: "
              "the campaign cannot see what it must find" % args.op)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
