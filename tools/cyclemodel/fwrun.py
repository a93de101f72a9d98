#!/usr/bin/env python3
"""Run the firmware test app on QEMU with the tbcount plugin, and turn its
measurement windows into figures with the target's cycle model.

usage: fwrun.py --elf fw_test.elf --plugin tbcount.so --json results.json
                [--target cortex-m4f|cortex-m0plus|rv32imac] [--qemu QEMU]
                [--log log.txt] [--timeout 900]

Targets (TARGETS below): the Cortex-M builds run on mps2-an386 (a
Cortex-M4: it executes ARMv6-M code unchanged) and are costed with the
Cortex-M4 or the Cortex-M0+ model; rv32imac runs on the RISC-V virt board
(qemu-system-riscv32) with the RV32 in-order estimate.

Prints the app's output with every "{id}" / "{id.insns}" / "{id.stack}" in
its timing lines replaced by the cycles / instructions / stack bytes of that
measurement (protocol lines "@@..." are dropped), writes the figures as JSON
and exits 0 only when the app ended with "[TEST PASSED]", QEMU exited 0 and
every measurement window matched one "@@measure" line.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cyclemodel  # noqa: E402
from elf32 import Elf32  # noqa: E402

PLACEHOLDER = re.compile(r"\{([a-z0-9_]+)(?:\.(cycles|insns|stack))?\}")


# target -> (default QEMU, machine arguments, plugin isa)
TARGETS = {
    "cortex-m4f": ("qemu-system-arm", ["-M", "mps2-an386"], "thumb"),
    "cortex-m0plus": ("qemu-system-arm", ["-M", "mps2-an386"], "thumb"),
    "rv32imac": ("qemu-system-riscv32", ["-M", "virt", "-bios", "none"], "riscv"),
}


def run(args):
    syms = Elf32(args.elf).symbols()
    for name in ("fw_marker_start", "fw_marker_stop"):
        if name not in syms:
            sys.exit("fwrun: %s has no symbol %s" % (args.elf, name))
    with tempfile.TemporaryDirectory(prefix="fwrun-") as tmp:
        counts = os.path.join(tmp, "tb.txt")
        default_qemu, machine, isa = TARGETS[args.target]
        cmd = [args.qemu or default_qemu] + machine + [
               "-nographic", "-monitor", "none",
               "-serial", "none", "-semihosting-config", "enable=on,target=native",
               "-kernel", args.elf, "-plugin",
               "%s,start=0x%x,stop=0x%x,out=%s,isa=%s" % (os.path.abspath(args.plugin),
                                                          syms["fw_marker_start"] & ~1,
                                                          syms["fw_marker_stop"] & ~1, counts,
                                                          isa)]
        try:
            # QEMU writes the semihosting console to stderr: merge the two.
            proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, timeout=args.timeout)
            rc, out, err = proc.returncode, proc.stdout, ""
        except subprocess.TimeoutExpired as e:
            rc, err = -1, "fwrun: QEMU timed out after %d s\n" % args.timeout
            out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        blocks, windows, problems = (cyclemodel.parse_plugin_output(counts)
                                     if os.path.exists(counts) else ({}, [], ["no plugin output"]))
    return rc, out, err, blocks, windows, problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--elf", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--json", required=True)
    ap.add_argument("--target", default="cortex-m4f", choices=sorted(TARGETS))
    ap.add_argument("--model", help="cycle model (default: the target's, cyclemodel.TARGET_MODEL)")
    ap.add_argument("--qemu", help="QEMU binary (default: the target's)")
    ap.add_argument("--log")
    ap.add_argument("--timeout", type=int, default=900)
    args = ap.parse_args()

    model = args.model or cyclemodel.TARGET_MODEL[args.target]
    rc, out, err, blocks, windows, problems = run(args)
    lines = out.splitlines()
    ids = [l.split()[1] for l in lines if l.startswith("@@measure ")]
    stacks = {}
    for l in lines:
        if l.startswith("@@stack "):
            _, ident, value = l.split()
            stacks[ident] = int(value)
    if len(ids) != len(windows):
        problems.append("%d @@measure lines but %d plugin windows" % (len(ids), len(windows)))
    if len(set(ids)) != len(ids):
        problems.append("measurement ids are not unique: " +
                        ", ".join(sorted({i for i in ids if ids.count(i) > 1})))
    figures = {}
    for ident, window in zip(ids, windows):
        f = cyclemodel.window_figures(blocks, window, model)
        f["stack"] = stacks.get(ident)
        invalid = f["classes"].get(cyclemodel.INVALID, 0)
        if invalid:
            problems.append("%s: %d executed instructions the %s model does not know "
                            "(built for another core?)" % (ident, invalid, model))
        figures[ident] = f

    def substitute(m):
        f = figures.get(m.group(1))
        if f is None:
            problems.append("timing line names unknown measurement " + m.group(1))
            return m.group(0)
        field = {"cycles": "cycles", None: "cycles", "insns": "instructions",
                 "stack": "stack"}[m.group(2)]
        return str(f[field])

    shown = [PLACEHOLDER.sub(substitute, l) for l in lines if not l.startswith("@@")]
    passed = bool(lines) and lines[-1].strip() == "[TEST PASSED]" and rc == 0 and not problems
    for p in problems:
        shown.append("fwrun: problem: " + p)
    if err.strip():
        shown.append("fwrun: qemu stderr: " + err.strip())
    shown.append("fwrun: %s (QEMU exit %d, %d measurements)" %
                 ("PASSED" if passed else "FAILED", rc, len(figures)))
    text = "\n".join(shown) + "\n"
    sys.stdout.write(text)
    if args.log:
        with open(args.log, "w") as f:
            f.write(text)
    with open(args.json, "w") as f:
        json.dump({"elf": os.path.basename(args.elf), "passed": passed,
                   "target": args.target, "model": model,
                   "measurements": figures, "problems": problems}, f, indent=1, sort_keys=True)
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
