#!/usr/bin/python3
"""Cross-check the QEMU-plugin instruction counts with unicorn.

Every function the firmware registers with FW_XCHECK (fw_xcheck_*) is
measured twice:
  - in QEMU, by the tbcount plugin through one shared call site
    (fw_run_xcheck), giving results.json["measurements"]["xcheck_<name>"];
  - here, by unicorn (Cortex-M4, Thumb, M-class mode) from its first
    instruction to its return, with an exact instruction trace.
The window overhead is the same for every subject, so for each subject S
    QEMU(S) - QEMU(empty) == unicorn(S) - unicorn(empty)
must hold for the instruction count (the check) and, with the cycle model
applied to the exact trace, shows how far the block-based cycle estimate is
from a trace-based one (reported; equal unless a block was split between two
pipelined loads, see tools/cyclemodel/cyclemodel.py).

usage: xcheck.py --elf fw_test.elf --json results.json [--target cortex-m0plus]
(the target picks the cycle model; unicorn runs Cortex-M4, which executes
ARMv6-M code unchanged)
Needs Debian's python3-unicorn (run with /usr/bin/python3).
"""
import argparse
import json
import os
import struct
import sys

import unicorn
from unicorn import arm_const

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cyclemodel"))
import cyclemodel  # noqa: E402
from elf32 import Elf32  # noqa: E402

FLASH_BASE, FLASH_SIZE = 0x00000000, 1 << 20
RAM_BASE, RAM_SIZE = 0x20000000, 256 << 10
RETURN_ADDR = FLASH_BASE + FLASH_SIZE - 0x100  # never code: emulation stops here
MAX_INSNS = 50_000_000


def make_cpu(elf):
    uc = unicorn.Uc(unicorn.UC_ARCH_ARM, unicorn.UC_MODE_THUMB | unicorn.UC_MODE_MCLASS)
    if hasattr(uc, "ctl_set_cpu_model"):
        uc.ctl_set_cpu_model(arm_const.UC_CPU_ARM_CORTEX_M4)
    uc.mem_map(FLASH_BASE, FLASH_SIZE)
    uc.mem_map(RAM_BASE, RAM_SIZE)
    for vaddr, paddr, data, memsz in elf.segments():
        # .data is linked to run from RAM: place it there as the startup
        # code would, and at its flash load address too.
        for addr in {vaddr, paddr}:
            if data:
                uc.mem_write(addr, data)
    return uc


def read_insn(uc, addr):
    hw1 = struct.unpack("<H", bytes(uc.mem_read(addr, 2)))[0]
    hw2 = 0
    if cyclemodel.insn_length(hw1) == 4:
        hw2 = struct.unpack("<H", bytes(uc.mem_read(addr + 2, 2)))[0]
    return hw1, hw2


def issued_stream(uc, executed):
    """Unicorn reports only the instructions of an IT block whose condition
    passed; the core (and QEMU's blocks) issue all of them. Re-insert the
    skipped ones after each IT (ARMv7-M ARM A7.3.3: the block length is
    4 - trailing zeros of the mask)."""
    out = []
    i = 0
    while i < len(executed):
        addr = executed[i]
        hw1, hw2 = read_insn(uc, addr)
        out.append((addr, hw1, hw2))
        i += 1
        if (hw1 & 0xFF00) == 0xBF00 and (hw1 & 0xF) != 0:
            mask = hw1 & 0xF
            count = 4 - ((mask & -mask).bit_length() - 1)
            nxt = addr + 2
            for _ in range(count):
                h1, h2 = read_insn(uc, nxt)
                out.append((nxt, h1, h2))
                if i < len(executed) and executed[i] == nxt:
                    i += 1
                nxt += cyclemodel.insn_length(h1)
    return out


def run_subject(elf, addr, model):
    uc = make_cpu(elf)
    executed = []
    uc.hook_add(unicorn.UC_HOOK_CODE, lambda uc_, address, size, _: executed.append(address))
    uc.reg_write(arm_const.UC_ARM_REG_SP, RAM_BASE + RAM_SIZE)
    uc.reg_write(arm_const.UC_ARM_REG_LR, RETURN_ADDR | 1)
    uc.emu_start(addr | 1, RETURN_ADDR, count=MAX_INSNS)
    if uc.reg_read(arm_const.UC_ARM_REG_PC) & ~1 != RETURN_ADDR:
        raise RuntimeError("subject did not return")
    stream = issued_stream(uc, executed)
    trace = [(a, h1, h2, stream[k + 1][0] if k + 1 < len(stream) else RETURN_ADDR)
             for k, (a, h1, h2) in enumerate(stream)]
    return cyclemodel.trace_cost(trace, model)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--elf", required=True)
    ap.add_argument("--json", required=True, help="fwrun.py results of the same ELF")
    ap.add_argument("--target", default="cortex-m4f", choices=("cortex-m4f", "cortex-m0plus"))
    args = ap.parse_args()
    model = cyclemodel.TARGET_MODEL[args.target]

    elf = Elf32(args.elf)
    syms = elf.symbols(only_functions=True)
    with open(args.json) as f:
        qemu = json.load(f)["measurements"]
    subjects = sorted(s for s in syms if s.startswith("fw_xcheck_"))
    if "fw_xcheck_empty" not in subjects or len(subjects) < 2:
        print("xcheck: FAILED: no cross-check subjects in", args.elf)
        return 1
    uni = {s: run_subject(elf, syms[s] & ~1, model) for s in subjects}
    base_q = qemu["xcheck_empty"]
    base_u = uni["fw_xcheck_empty"]
    failures = 0
    for s in subjects:
        if s == "fw_xcheck_empty":
            continue
        ident = "xcheck_" + s[len("fw_xcheck_"):]
        if ident not in qemu:
            print("xcheck: %-28s missing from the QEMU results" % ident)
            failures += 1
            continue
        qi = qemu[ident]["instructions"] - base_q["instructions"]
        ui = uni[s]["instructions"] - base_u["instructions"]
        qc = qemu[ident]["cycles"] - base_q["cycles"]
        uc = uni[s]["cycles"] - base_u["cycles"]
        ok = qi == ui
        failures += not ok
        print("xcheck: %-28s instructions qemu %9d unicorn %9d %s; cycles qemu-model %9d "
              "trace-model %9d (%+d)" % (ident, qi, ui, "agree" if ok else "DISAGREE", qc, uc, qc - uc))
    print("xcheck: %s (%d subjects, %s)" % ("PASSED" if failures == 0 else "FAILED",
                                          len(subjects) - 1, args.target))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
