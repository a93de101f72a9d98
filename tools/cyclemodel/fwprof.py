#!/usr/bin/env python3
"""Per-function profile of the firmware test app's measurement windows.

usage: fwprof.py --elf fw_test.elf --plugin tbcount.so [--target cortex-m4f]
                 [--only p256] [--top 25] [--nm arm-none-eabi-nm]

Runs the app once on QEMU with the tbcount plugin (as fwrun.py does) and,
for every window whose id contains --only, attributes each executed
block's cost (cyclemodel.block_cost, taken penalties included) to the
function symbol holding the block's first instruction (nm -S), and counts
calls as executions of blocks that start at a symbol's address. Prints,
per window, the top functions: cycles, share, calls, cycles per call.
Approximations: a block that runs into the next symbol (an assembly entry
that falls through, such as pp_p256_fe_mul_m4) is charged to the first;
calls of a function entered by a fall-through are not counted. A
development aid (docs/p256.md "Where the Cortex-M4 cycles go" was made
with it); it is not part of make test.
"""
import argparse
import bisect
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cyclemodel  # noqa: E402
import fwrun  # noqa: E402


def function_symbols(nm, elf):
    out = subprocess.run([nm, "-S", "--defined-only", elf], stdout=subprocess.PIPE,
                         text=True, check=True).stdout
    syms = []
    for line in out.splitlines():
        p = line.split()
        if len(p) == 4 and p[2] in "tTwW":
            syms.append((int(p[0], 16) & ~1, int(p[1], 16), p[3]))
    syms.sort()
    return syms


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--elf", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--target", default="cortex-m4f", choices=sorted(fwrun.TARGETS))
    ap.add_argument("--qemu")
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--only", default="")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--nm", default="arm-none-eabi-nm")
    args = ap.parse_args()
    model = cyclemodel.TARGET_MODEL[args.target]
    rc, out, _, blocks, windows, problems = fwrun.run(args)
    ids = [l.split()[1] for l in out.splitlines() if l.startswith("@@measure ")]
    syms = function_symbols(args.nm, args.elf)
    starts = [s[0] for s in syms]

    def symbol_of(addr):
        i = bisect.bisect_right(starts, addr) - 1
        if i >= 0 and addr < syms[i][0] + max(syms[i][1], 2):
            return syms[i][2], addr == syms[i][0]
        return "?%x" % addr, False

    for ident, window in zip(ids, windows):
        if args.only not in ident:
            continue
        cycles, calls, total = {}, {}, 0
        for block_id, (count, taken) in window.items():
            body = blocks[block_id]
            static, penalty, _ = cyclemodel.block_cost(body, model)
            c = count * static + taken * penalty
            total += c
            name, entry = symbol_of(body[0][0])
            cycles[name] = cycles.get(name, 0) + c
            if entry:
                calls[name] = calls.get(name, 0) + count
        print("== %s: %d cycles" % (ident, total))
        for name, c in sorted(cycles.items(), key=lambda x: -x[1])[:args.top]:
            n = calls.get(name, 0)
            print("  %-40s %10d %5.1f%%  calls %8d  per call %8.0f" %
                  (name, c, 100.0 * c / max(total, 1), n, c / n if n else 0))
    for p in problems:
        print("fwprof: problem: " + p)
    return 0 if rc == 0 and not problems else 1


if __name__ == "__main__":
    sys.exit(main())
