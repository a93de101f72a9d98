#!/usr/bin/env python3
"""Unit test of the cycle models: assemble one instruction of every class
with arm-none-eabi-as (riscv64-unknown-elf-as for RV32), decode the bytes
with the model's classifier and compare class and cost with the TRM table
(docs/embedded.md); then check the pipelining and taken-branch rules on
small blocks, for the Cortex-M4, the Cortex-M0+ and the RV32 estimate.

usage: test_cyclemodel.py [--as arm-none-eabi-as] [--objcopy arm-none-eabi-objcopy]
"""
import argparse
import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cyclemodel as cm  # noqa: E402

# (instruction, expected kind, expected base cycles)
CASES = [
    ("adds r0, r1, r2", cm.ALU, 1),
    ("add.w r0, r1, r2, lsl #3", cm.ALU, 1),
    ("movw r0, #0x1234", cm.ALU, 1),
    ("eor.w r0, r1, #0xff00ff00", cm.ALU, 1),
    ("clz r0, r1", cm.ALU, 1),
    ("rev r0, r1", cm.ALU, 1),
    ("uxtb r0, r1", cm.ALU, 1),
    ("ubfx r0, r1, #4, #8", cm.ALU, 1),
    ("it eq", cm.ALU, 1),
    ("nop", cm.ALU, 1),
    ("muls r0, r1, r0", cm.MUL, 1),
    ("mul r0, r1, r2", cm.MUL, 1),
    ("mla r0, r1, r2, r3", cm.MUL, 1),
    ("mls r0, r1, r2, r3", cm.MUL, 1),
    ("umull r0, r1, r2, r3", cm.MUL, 1),
    ("smlal r0, r1, r2, r3", cm.MUL, 1),
    ("umaal r0, r1, r2, r3", cm.MUL, 1),
    ("udiv r0, r1, r2", cm.DIV, 12),
    ("sdiv r0, r1, r2", cm.DIV, 12),
    ("ldr r0, [r1]", cm.LS, 2),
    ("ldr r0, [pc, #8]", cm.LS, 2),
    ("ldr r0, [sp, #8]", cm.LS, 2),
    ("ldr.w r0, [r1, #4]", cm.LS, 2),
    ("ldr.w r0, [r1], #4", cm.LS, 2),
    ("ldrb.w r0, [r1, r2, lsl #2]", cm.LS, 2),
    ("ldrsh r0, [r1, r2]", cm.LS, 2),
    ("strb r0, [r1, r2]", cm.LS, 2),
    ("str.w r0, [r1, #-4]!", cm.LS, 2),
    ("strh.w r0, [r1, #2]", cm.LS, 2),
    ("ldrex r0, [r1]", cm.LS, 2),
    ("ldrd r0, r1, [r2]", cm.LSD, 3),
    ("strd r0, r1, [r2, #8]", cm.LSD, 3),
    ("push {r4-r7, lr}", cm.MULTI, 6),
    ("pop {r4-r7}", cm.MULTI, 5),
    ("ldmia r0!, {r1-r3}", cm.MULTI, 4),
    ("stmdb sp!, {r4-r11, lr}", cm.MULTI, 10),
    ("pop {r4, pc}", cm.POP_PC, 3),
    ("ldmia.w sp!, {r4-r11, pc}", cm.POP_PC, 10),
    ("ldr pc, [sp], #4", cm.LDR_PC, 2),
    ("bx lr", cm.BRANCH, 1),
    ("blx r3", cm.BRANCH, 1),
    ("mov pc, lr", cm.BRANCH, 1),
    ("add pc, r0", cm.BRANCH, 1),
    ("b.w target", cm.BRANCH, 1),
    ("bl target", cm.BRANCH, 1),
    ("beq.n target", cm.BRANCH, 1),
    ("bne.w target", cm.BRANCH, 1),
    ("cbz r0, target", cm.BRANCH, 1),
    ("tbb [pc, r0]", cm.TABLE, 2),
    ("tbh [pc, r0, lsl #1]", cm.TABLE, 2),
    ("dsb", cm.ALU, 1),
    ("msr apsr_nzcvq, r0", cm.ALU, 1),
    ("vldr s0, [r0]", cm.LS, 2),
    ("vstr d0, [r0]", cm.LSD, 3),
    ("vpush {s16-s19}", cm.MULTI, 5),
    ("vldmia r0!, {s0-s7}", cm.MULTI, 9),
    ("vmov s0, r1", cm.FPU, 1),
    ("vmov r0, r1, d0", cm.FPU, 2),
    ("vadd.f32 s0, s1, s2", cm.FPU, 1),
    ("vmul.f32 s0, s1, s2", cm.FPU, 1),
    ("vmla.f32 s0, s1, s2", cm.FPU, 3),
    ("vfma.f32 s0, s1, s2", cm.FPU, 3),
    ("vdiv.f32 s0, s1, s2", cm.FPU, 14),
    ("vsqrt.f32 s0, s1", cm.FPU, 14),
]


# Cortex-M0+ TRM (DDI 0484C) Table 3-1; (instruction, kind, base cycles,
# cycles when taken or None): BL 3, B 2, B<c> 1/2, BX/BLX 2, POP pc 3+N.
M0PLUS_CASES = [
    ("adds r0, r1, r2", cm.ALU, 1, None),
    ("movs r0, #200", cm.ALU, 1, None),
    ("mov r8, r1", cm.ALU, 1, None),
    ("lsls r0, r1, #3", cm.ALU, 1, None),
    ("rev r0, r1", cm.ALU, 1, None),
    ("uxtb r0, r1", cm.ALU, 1, None),
    ("adcs r0, r1", cm.ALU, 1, None),
    ("muls r0, r1, r0", cm.MUL, 1, None),
    ("ldr r0, [r1, #4]", cm.LS, 2, None),
    ("ldr r0, [pc, #8]", cm.LS, 2, None),
    ("ldr r0, [sp, #8]", cm.LS, 2, None),
    ("ldrsh r0, [r1, r2]", cm.LS, 2, None),
    ("strb r0, [r1, r2]", cm.LS, 2, None),
    ("push {r4-r7, lr}", cm.MULTI, 6, None),
    ("pop {r4-r7}", cm.MULTI, 5, None),
    ("ldmia r0!, {r1-r3}", cm.MULTI, 4, None),
    ("stmia r0!, {r1, r2}", cm.MULTI, 3, None),
    ("pop {r4, pc}", cm.POP_PC, 3, 5),
    ("bx lr", cm.BRANCH, 1, 2),
    ("blx r3", cm.BRANCH, 1, 2),
    ("mov pc, lr", cm.BRANCH, 1, 2),
    ("add pc, r0", cm.BRANCH, 1, 2),
    ("b target", cm.BRANCH, 1, 2),
    ("bl target", cm.BRANCH, 2, 3),
    ("beq target", cm.BRANCH, 1, 2),
    ("msr primask, r0", cm.ALU, 3, None),
    ("mrs r0, primask", cm.ALU, 3, None),
    ("dsb", cm.ALU, 3, None),
    ("isb", cm.ALU, 3, None),
    ("cpsid i", cm.ALU, 1, None),
    ("wfi", cm.ALU, 2, None),
    ("nop", cm.ALU, 1, None),
]
# ARMv7-M instructions the M0+ does not have: INVALID (flagged by fwrun).
M0PLUS_INVALID = ["umull r0, r1, r2, r3", "ldr.w r0, [r1, #4]", "cbz r0, target",
                  "add.w r0, r1, r2, lsl #3"]

# RV32 estimate (cyclemodel.py): (instruction, kind, base, taken or None).
RV32_CASES = [
    ("add a0, a1, a2", cm.ALU, 1, None),
    ("c.add a0, a1", cm.ALU, 1, None),
    ("lui a0, 0x12345", cm.ALU, 1, None),
    ("c.li a0, 5", cm.ALU, 1, None),
    ("lw a0, 4(a1)", cm.RV_LOAD, 2, None),
    ("c.lw a0, 4(a1)", cm.RV_LOAD, 2, None),
    ("c.lwsp a0, 8(sp)", cm.RV_LOAD, 2, None),
    ("lbu a0, 1(a1)", cm.RV_LOAD, 2, None),
    ("sw a0, 4(a1)", cm.RV_STORE, 1, None),
    ("c.swsp a0, 8(sp)", cm.RV_STORE, 1, None),
    ("mul a0, a1, a2", cm.MUL, 1, None),
    ("mulhu a0, a1, a2", cm.MUL, 1, None),
    ("divu a0, a1, a2", cm.DIV, 33, None),
    ("rem a0, a1, a2", cm.DIV, 33, None),
    ("beq a0, a1, target", cm.BRANCH, 1, 3),
    ("c.beqz a0, target", cm.BRANCH, 1, 3),
    ("jal ra, target", cm.BRANCH, 1, 3),
    ("c.j target", cm.BRANCH, 1, 3),
    ("jalr ra, 0(a0)", cm.BRANCH, 1, 3),
    ("c.jr ra", cm.BRANCH, 1, 3),
    ("c.jalr a0", cm.BRANCH, 1, 3),
    ("c.mv a0, a1", cm.ALU, 1, None),
]


def assemble_rv(gas, objcopy, lines):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "t.s")
        obj = os.path.join(tmp, "t.o")
        binary = os.path.join(tmp, "t.bin")
        with open(src, "w") as f:
            # Only "c." cases may be compressed: the others test 32-bit forms.
            rvc = lines[0].startswith("c.")
            f.write(".option %s\n.text\n" % ("rvc" if rvc else "norvc"))
            for line in lines:
                f.write(line + "\n")
            f.write(" nop\n nop\ntarget:\n nop\n")
        subprocess.run([gas, "-march=rv32imac", "-mabi=ilp32", "-o", obj, src], check=True)
        subprocess.run([objcopy, "-O", "binary", "-j", ".text", obj, binary], check=True)
        return open(binary, "rb").read()


def decode_with(code, count, length):
    out, pos = [], 0
    while len(out) < count:
        hw1 = struct.unpack_from("<H", code, pos)[0]
        n = length(hw1)
        hw2 = struct.unpack_from("<H", code, pos + 2)[0] if n == 4 else 0
        out.append((pos, hw1, hw2))
        pos += n
    return out


def assemble(gas, objcopy, lines, cpu="cortex-m4"):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "t.s")
        obj = os.path.join(tmp, "t.o")
        binary = os.path.join(tmp, "t.bin")
        with open(src, "w") as f:
            f.write(".syntax unified\n.thumb\n.text\n.balign 4\n")
            for line in lines:
                f.write(line + "\n")
            f.write(" nop\n nop\ntarget:\n nop\n")
        fpu = ["-mfpu=fpv4-sp-d16"] if cpu == "cortex-m4" else []
        subprocess.run([gas, "-mcpu=" + cpu, "-mthumb"] + fpu + ["-o", obj, src], check=True)
        subprocess.run([objcopy, "-O", "binary", "-j", ".text", obj, binary], check=True)
        return open(binary, "rb").read()


def decode(code, count):
    """First `count` instructions of code as (addr, hw1, hw2)."""
    out, pos = [], 0
    while len(out) < count:
        hw1 = struct.unpack_from("<H", code, pos)[0]
        n = cm.insn_length(hw1)
        hw2 = struct.unpack_from("<H", code, pos + 2)[0] if n == 4 else 0
        out.append((pos, hw1, hw2))
        pos += n
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--as", dest="gas", default="arm-none-eabi-as")
    ap.add_argument("--objcopy", default="arm-none-eabi-objcopy")
    ap.add_argument("--rv-as", default="riscv64-unknown-elf-as")
    ap.add_argument("--rv-objcopy", default="riscv64-unknown-elf-objcopy")
    args = ap.parse_args()
    failed = passed = 0

    def check(ok, what):
        nonlocal failed, passed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL:", what)

    # Each case assembled on its own: "it eq" needs a conditional follower.
    for text, kind, cost in CASES:
        body = [text, "moveq r0, r0"] if text.startswith("it ") else [text]
        insn = decode(assemble(args.gas, args.objcopy, body), 1)[0]
        got = cm.classify(insn[1], insn[2])
        check(got == (kind, cost), "%-28s -> %s, expected %s" % (text, got, (kind, cost)))

    # Pipelining: ldr, ldr (1), add, ldr (2 again), str (1) = 2+1+1+2+1.
    block = decode(assemble(args.gas, args.objcopy,
                            ["ldr r0, [r1]", "ldr r2, [r1, #4]", "adds r0, r0, r2",
                             "ldr r3, [r1, #8]", "str r3, [r1, #12]"]), 5)
    cycles, ends_with_flow, _ = cm.block_cost(block)
    check(cycles == 7 and not ends_with_flow, "pipelined loads cost 7, got %d" % cycles)

    # Taken rule: a block ending in bne run 10 times, taken 9 times.
    loop = decode(assemble(args.gas, args.objcopy, ["subs r0, #1", "bne.n target"]), 2)
    f = cm.window_figures({0: loop}, {0: (10, 9)})
    check(f["instructions"] == 20 and f["cycles"] == 10 * 2 + 9 * cm.P,
          "loop block: %s" % f)

    # Trace rule: same loop as an exact trace, last iteration falls through.
    trace = []
    for i in range(10):
        trace.append((loop[0][0], loop[0][1], loop[0][2], loop[1][0]))
        nxt = 0x100 if i < 9 else loop[1][0] + 2
        trace.append((loop[1][0], loop[1][1], loop[1][2], nxt))
    t = cm.trace_cost(trace)
    check(t["cycles"] == f["cycles"] and t["instructions"] == 20, "trace model: %s" % t)

    # ---- Cortex-M0+: every case alone, then its cost taken and not taken
    # through the block model (penalty on the last instruction).
    m0 = "cortex-m0plus"
    for text, kind, cost, taken in M0PLUS_CASES:
        insn = decode(assemble(args.gas, args.objcopy, [text], "cortex-m0plus"), 1)[0]
        got = cm.classify_m0plus(insn[1], insn[2])
        check(got == (kind, cost), "m0+ %-24s -> %s, expected %s" % (text, got, (kind, cost)))
        f = cm.window_figures({0: [insn]}, {0: (1, 1)}, m0)
        want = taken if taken is not None else cost
        check(f["cycles"] == want, "m0+ %-24s taken costs %d, expected %d" % (text, f["cycles"], want))
    for text in M0PLUS_INVALID:
        insn = decode(assemble(args.gas, args.objcopy, [text]), 1)[0]
        got = cm.classify_m0plus(insn[1], insn[2])
        check(got[0] == cm.INVALID, "m0+ %-24s -> %s, expected invalid" % (text, got))
    # No load pipelining on the M0+: the M4 block above costs 2+2+1+2+2.
    block = decode(assemble(args.gas, args.objcopy,
                            ["ldr r0, [r1]", "ldr r2, [r1, #4]", "adds r0, r0, r2",
                             "ldr r3, [r1, #8]", "str r3, [r1, #12]"], "cortex-m0plus"), 5)
    cycles, _, _ = cm.block_cost(block, m0)
    check(cycles == 9, "m0+ loads are not pipelined: cost 9, got %d" % cycles)
    loop = decode(assemble(args.gas, args.objcopy, ["subs r0, #1", "bne target"],
                           "cortex-m0plus"), 2)
    f = cm.window_figures({0: loop}, {0: (10, 9)}, m0)
    check(f["cycles"] == 10 * 2 + 9, "m0+ loop block: %s" % f)
    trace = []
    for i in range(10):
        trace.append((loop[0][0], loop[0][1], loop[0][2], loop[1][0]))
        trace.append((loop[1][0], loop[1][1], loop[1][2], 0x100 if i < 9 else loop[1][0] + 2))
    t = cm.trace_cost(trace, m0)
    check(t["cycles"] == f["cycles"], "m0+ trace model: %s" % t)

    # ---- RV32 estimate
    for text, kind, cost, taken in RV32_CASES:
        code = assemble_rv(args.rv_as, args.rv_objcopy, [text])
        insn = decode_with(code, 1, cm.rv_insn_length)[0]
        want_len = 2 if text.startswith("c.") else 4
        check(cm.rv_insn_length(insn[1]) == want_len, "rv32 %-24s length" % text)
        got = cm.classify_rv32(insn[1], insn[2])
        check(got == (kind, cost), "rv32 %-24s -> %s, expected %s" % (text, got, (kind, cost)))
        f = cm.window_figures({0: [insn]}, {0: (1, 1)}, "rv32")
        want = taken if taken is not None else cost
        check(f["cycles"] == want, "rv32 %-24s taken costs %d, expected %d" % (text, f["cycles"], want))

    print("cyclemodel: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
