"""Cycle models over an executed instruction stream: Cortex-M4 (the
reference), Cortex-M0+ and a generic in-order RV32 estimate (MODELS below).

Input: the translation blocks the QEMU plugin (tools/qemu-plugin/tbcount.c)
recorded, with per-window execution and taken-exit counts; or, for the
cross-check, an exact instruction trace (tools/unicorn/xcheck.py).

Model: Cortex-M4 Technical Reference Manual (ARM DDI 0439B) 3.3.1, Table 3-1,
zero wait-state memory, pipeline refill P = 2:
  ALU, moves, compares, shifts, extends, bit fields, IT, NOP      1
  MUL, MLA, MLS, SMULL, UMULL, SMLAL, UMLAL, UMAAL, DSP MACs      1
  SDIV, UDIV                          12 (the TRM's upper bound; 2..12)
  LDR/STR single (any size, literal, SP-relative, exclusive),
  VLDR/VSTR (single precision)        2, but 1 when it directly follows
                                      another single load/store (pipelined)
  LDRD, STRD, VLDR/VSTR.64            3
  LDM, STM, PUSH, POP, VLDM, VSTM     1 + N (N registers/words)
  B, BL, BX, BLX, CBZ, CBNZ, B<c>     1, + P when taken
  POP {.., pc}, LDM with pc           1 + N, + P
  LDR pc                              2, + P
  TBB, TBH                            2, + P
  MOV/ADD with Rd = pc                1, + P
  VDIV, VSQRT 14; VMLA/VFMA-type 3; VMOV between two core regs and D 2;
  other FPU data processing and transfers 1
Approximations (documented in docs/embedded.md):
  - "Taken" for the last instruction of a block is exact (the plugin sees
    whether the next block starts at the fall-through address); a block
    only ends at a branch or at a size/page limit, so no branch is missed.
  - Pipelining is only credited inside a block; a block split at a page
    boundary between two loads costs 1 extra cycle.
  - Instructions skipped by an IT condition are charged as executed.
  - No wait states, no bus contention, no interrupt latency; divides are
    charged their worst case; IT folding is not modelled.
"""

P = 2  # pipeline refill after a taken branch (TRM 3.3.1)

# kinds
ALU, MUL, DIV, LS, LSD, MULTI, BRANCH, POP_PC, LDR_PC, TABLE, FPU = (
    "alu", "mul", "div", "ls", "lsd", "multi", "branch", "pop_pc", "ldr_pc",
    "table", "fpu")
FLOW = {BRANCH, POP_PC, LDR_PC, TABLE}


def insn_length(hw1):
    """ARMv7-M ARM A5.1: 32-bit when bits 15:11 are 0b11101/0b11110/0b11111."""
    return 4 if (hw1 >> 11) in (0x1D, 0x1E, 0x1F) else 2


def _popcount(x):
    return bin(x).count("1")


def classify(hw1, hw2=0):
    """(kind, base cycles) of one instruction; flow kinds add P when taken."""
    if insn_length(hw1) == 2:
        return _classify16(hw1)
    return _classify32(hw1, hw2)


def _classify16(h):
    if (h >> 11) == 0x09:                      # LDR (literal)
        return LS, 2
    if (h >> 14) == 0:                         # shift, add, sub, mov, cmp
        return ALU, 1
    top6 = h >> 10
    if top6 == 0x10:                           # data processing (incl. MULS)
        return (MUL, 1) if ((h >> 6) & 0xF) == 0xD else (ALU, 1)
    if top6 == 0x11:                           # special data, BX/BLX
        op = (h >> 8) & 3
        if op == 3:
            return BRANCH, 1
        rd = (((h >> 7) & 1) << 3) | (h & 7)
        if op in (0, 2) and rd == 15:          # ADD/MOV pc, Rm
            return BRANCH, 1
        return ALU, 1
    if (h >> 12) in (0x5, 0x6, 0x7, 0x8, 0x9):  # load/store single
        return LS, 2
    if (h >> 12) == 0xA:                       # ADR, ADD Rd, SP, #imm
        return ALU, 1
    if (h >> 12) == 0xB:                       # miscellaneous
        if (h & 0xF500) == 0xB100:             # CBZ, CBNZ
            return BRANCH, 1
        if (h & 0xFE00) == 0xB400:             # PUSH
            return MULTI, 1 + _popcount(h & 0x1FF)
        if (h & 0xFE00) == 0xBC00:             # POP
            n = _popcount(h & 0x1FF)
            return (POP_PC, 1 + n) if h & 0x100 else (MULTI, 1 + n)
        return ALU, 1                          # IT, hints, extends, REV, CPS
    if (h >> 12) == 0xC:                       # LDM/STM
        return MULTI, 1 + _popcount(h & 0xFF)
    if (h >> 12) == 0xD:                       # B<c>, UDF, SVC
        return (ALU, 1) if ((h >> 8) & 0xF) >= 0xE else (BRANCH, 1)
    if (h >> 11) == 0x1C:                      # B
        return BRANCH, 1
    return ALU, 1


def _classify32(h1, h2):
    op1 = (h1 >> 11) & 3
    if op1 == 1:
        if (h1 & 0x0640) == 0x0000:            # load/store multiple
            n = _popcount(h2)
            if (h1 >> 4) & 1 and h2 & 0x8000:  # LDM/POP with pc
                return POP_PC, 1 + n
            return MULTI, 1 + n
        if (h1 & 0x0640) == 0x0040:            # dual, exclusive, table branch
            if (h1 & 0xFFF0) == 0xE8D0 and (h2 & 0xFFE0) == 0xF000:
                return TABLE, 2
            if (h1 & 0xFFE0) == 0xE840:        # LDREX/STREX
                return LS, 2
            if (h1 & 0xFFE0) == 0xE8C0 and ((h2 >> 4) & 0xF) in (4, 5):
                return LS, 2                   # LDREXB/H, STREXB/H
            return LSD, 3                      # LDRD/STRD
        if (h1 & 0x0600) == 0x0200:            # data processing, shifted reg
            return ALU, 1
        return _classify_coprocessor(h1, h2)
    if op1 == 2:
        if not h2 & 0x8000:                    # data processing, immediate
            return ALU, 1
        op = (h2 >> 12) & 5
        if op == 0:                            # B<c>.W or misc control
            cond = (h1 >> 6) & 0xF
            return (ALU, 1) if (cond & 0xE) == 0xE else (BRANCH, 1)
        return BRANCH, 1                       # B.W, BL
    # op1 == 3
    op2 = (h1 >> 4) & 0x7F
    if (op2 & 0x71) == 0x00:                   # store single
        return LS, 2
    if (op2 & 0x67) in (0x01, 0x03, 0x05):     # load byte/half/word
        if (op2 & 0x67) == 0x05 and ((h2 >> 12) & 0xF) == 15:
            return LDR_PC, 2
        return LS, 2
    if (op2 & 0x70) == 0x20:                   # data processing, register
        return ALU, 1
    if (op2 & 0x78) == 0x30:                   # multiply, MAC
        return MUL, 1
    if (op2 & 0x78) == 0x38:                   # long multiply, divide
        if (op2 & 7) in (1, 3) and ((h2 >> 4) & 0xF) == 0xF:
            return DIV, 12
        return MUL, 1
    return _classify_coprocessor(h1, h2)


def _classify_coprocessor(h1, h2):
    coproc = (h2 >> 8) & 0xF
    if coproc not in (10, 11) or (h1 & 0xEC00) != 0xEC00:
        return ALU, 1
    if (h1 & 0xFFE0) == 0xEC40:                # VMOV two core regs <-> D/2 S
        return FPU, 2
    if (h1 & 0xFE00) == 0xEC00:                # extension register load/store
        if (h1 & 0xFF20) == 0xED00:            # VLDR/VSTR
            return (LSD, 3) if coproc == 11 else (LS, 2)
        return MULTI, 1 + (h2 & 0xFF)          # VLDM/VSTM/VPUSH/VPOP: imm8 words
    if (h1 & 0xFF00) == 0xEE00 and not h2 & 0x10:  # FPU data processing
        if (h1 & 0x00B0) == 0x0080:            # VDIV
            return FPU, 14
        if (h1 & 0x00BF) == 0x00B1 and (h2 & 0x00C0) == 0x00C0:  # VSQRT
            return FPU, 14
        if (h1 & 0x00B0) in (0x0000, 0x0010, 0x00A0, 0x0090):  # VMLA-type, VFMA-type
            return FPU, 3
    return FPU, 1


def block_cost(insns, model="cortex-m4"):
    """Static cost of one block run once, excluding the taken penalty.

    insns: [(addr, hw1, hw2)]. Returns (cycles, ends_with_flow, classes)
    where classes counts instructions per kind; ends_with_flow is the taken
    penalty of the last instruction (0 when it is no flow instruction).
    """
    m = MODELS[model]
    cycles = 0
    classes = {}
    prev_ls = False
    kind = None
    for _, hw1, hw2 in insns:
        kind, cost = m["classify"](hw1, hw2)
        if kind == LS and prev_ls and m["pipelined_ls"]:
            cost = 1
        prev_ls = kind == LS
        cycles += cost
        classes[kind] = classes.get(kind, 0) + 1
    return cycles, m["taken"].get(kind, 0), classes


def trace_cost(trace, model="cortex-m4"):
    """Exact-trace variant: trace is [(addr, hw1, hw2, next_addr)]; a flow
    instruction is taken when next_addr is not its fall-through."""
    m = MODELS[model]
    cycles = 0
    insns = 0
    classes = {}
    prev_ls = False
    for addr, hw1, hw2, nxt in trace:
        kind, cost = m["classify"](hw1, hw2)
        if kind == LS and prev_ls and m["pipelined_ls"]:
            cost = 1
        prev_ls = kind == LS
        if kind in m["taken"] and nxt != addr + m["length"](hw1):
            cost += m["taken"][kind]
            prev_ls = False
        cycles += cost
        insns += 1
        classes[kind] = classes.get(kind, 0) + 1
    return {"instructions": insns, "cycles": cycles, "classes": classes}


# ---- plugin output -------------------------------------------------------

def parse_plugin_output(path):
    """Returns (blocks {id: [(addr, hw1, hw2)]}, windows [{id: (count, taken)}],
    problems [str])."""
    blocks, windows, problems = {}, [], []
    current = None
    with open(path) as f:
        for line in f:
            p = line.split()
            if not p:
                continue
            if p[0] == "T":
                insns = []
                for item in p[4:]:
                    parts = [int(x, 16) for x in item.split(":")]
                    insns.append((parts[0], parts[1], parts[2] if len(parts) > 2 else 0))
                blocks[int(p[1], 16)] = insns
            elif p[0] == "W":
                if int(p[1], 16) != len(windows):
                    problems.append("window numbering out of order: " + line.strip())
                current = {}
            elif p[0] == "C" and current is not None:
                current[int(p[1], 16)] = (int(p[2], 16), int(p[3], 16))
            elif p[0] == "E" and current is not None:
                windows.append(current)
                current = None
            elif p[0] == "X":
                problems.append(line.strip())
    if current is not None:
        problems.append("a measurement window never closed")
    return blocks, windows, problems


def window_figures(blocks, window, model="cortex-m4"):
    """Instructions, cycles and per-kind counts of one measurement window."""
    insns = cycles = 0
    classes = {}
    cache = {}
    for block_id, (count, taken) in window.items():
        body = blocks[block_id]
        if block_id not in cache:
            cache[block_id] = block_cost(body, model)
        static, penalty, kinds = cache[block_id]
        insns += count * len(body)
        cycles += count * static + taken * penalty
        for k, v in kinds.items():
            classes[k] = classes.get(k, 0) + count * v
    return {"instructions": insns, "cycles": cycles, "classes": classes}


# ---- Cortex-M0+ ------------------------------------------------------------
#
# Cortex-M0+ Technical Reference Manual (ARM DDI 0484C) 3.3, Table 3-1,
# zero wait states, the single-cycle multiplier configuration (the RP2040,
# nRF51-class and STM32G0/L0 parts have it; the 32-cycle iterative one is a
# build option). Two-stage pipeline, so a taken branch costs 2 (not the 3 of
# the three-stage Cortex-M0):
#   ALU, moves, shifts, compares, extends, REV, ADR, CPS, NOP, YIELD, SEV   1
#   MULS                                                                   1
#   LDR/STR (any size, literal, SP-relative; the single-cycle I/O port
#   is not used by the library)                        2, never pipelined
#   LDM, STM, PUSH, POP                                1 + N
#   POP {.., pc}                                       3 + N
#   B<c>: 1 not taken, 2 taken; B 2; BL 3; BX, BLX 2; MOV/ADD pc 2
#   MRS, MSR, ISB, DSB, DMB 3; WFE, WFI 2
# A 32-bit encoding other than BL, MRS, MSR and the barriers is no ARMv6-M
# instruction: it is classified INVALID (1 cycle), and the figures of a
# window that executed one are flagged (window_figures "invalid").
INVALID = "invalid"


def classify_m0plus(h1, h2=0):
    """(kind, base cycles) on the Cortex-M0+; taken flow adds M0PLUS_TAKEN."""
    if insn_length(h1) == 4:
        if (h1 & 0xF800) == 0xF000 and (h2 & 0xD000) == 0xD000:
            return BRANCH, 2                    # BL: 3 (taken +1)
        if (h1 & 0xFFE0) == 0xF380 and (h2 & 0xD000) == 0x8000:
            return ALU, 3                       # MSR
        if (h1 & 0xFFFF) == 0xF3EF and (h2 & 0xD000) == 0x8000:
            return ALU, 3                       # MRS
        if (h1 & 0xFFF0) == 0xF3B0 and (h2 & 0xFF00) == 0x8F00:
            return ALU, 3                       # DSB, DMB, ISB
        return INVALID, 1
    if (h1 >> 11) == 0x09:                      # LDR (literal)
        return LS, 2
    if (h1 >> 14) == 0:                         # shift, add, sub, mov, cmp
        return ALU, 1
    top6 = h1 >> 10
    if top6 == 0x10:                            # data processing (incl. MULS)
        return (MUL, 1) if ((h1 >> 6) & 0xF) == 0xD else (ALU, 1)
    if top6 == 0x11:                            # special data, BX/BLX
        op = (h1 >> 8) & 3
        rd = (((h1 >> 7) & 1) << 3) | (h1 & 7)
        if op == 3 or (op in (0, 2) and rd == 15):
            return BRANCH, 1                    # BX, BLX, MOV/ADD pc: 2
        return ALU, 1
    if (h1 >> 12) in (0x5, 0x6, 0x7, 0x8, 0x9):  # load/store single
        return LS, 2
    if (h1 >> 12) == 0xA:                       # ADR, ADD Rd, SP, #imm
        return ALU, 1
    if (h1 >> 12) == 0xB:                       # miscellaneous
        if (h1 & 0xFE00) == 0xB400:             # PUSH
            return MULTI, 1 + _popcount(h1 & 0x1FF)
        if (h1 & 0xFE00) == 0xBC00:             # POP
            n = _popcount(h1 & 0x1FF)
            return (POP_PC, 1 + n) if h1 & 0x100 else (MULTI, 1 + n)
        if h1 in (0xBF20, 0xBF30):              # WFE, WFI
            return ALU, 2
        if (h1 & 0xF500) == 0xB100 or (h1 & 0xFF00) == 0xBF00 and h1 & 0xF:
            return INVALID, 1                   # CBZ/CBNZ, IT: ARMv7-M only
        return ALU, 1                           # extends, REV, CPS, hints
    if (h1 >> 12) == 0xC:                       # LDM/STM
        return MULTI, 1 + _popcount(h1 & 0xFF)
    if (h1 >> 12) == 0xD:                       # B<c>, UDF, SVC
        return (ALU, 1) if ((h1 >> 8) & 0xF) >= 0xE else (BRANCH, 1)
    if (h1 >> 11) == 0x1C:                      # B: 2 (always taken)
        return BRANCH, 1
    return ALU, 1


# ---- RV32 (generic in-order estimate) ----------------------------------------
#
# Not a model of one core: an estimate for a single-issue in-order RV32IMAC
# pipeline without branch prediction or caches (zero wait states), for
# comparing builds and backends, documented in docs/embedded.md:
#   every instruction 1 cycle;
#   loads +1 (the load-use bubble of a 5-stage pipeline, charged always);
#   MUL/MULH* 1 (single-cycle multiplier; the ESP32-C3 and the SiFive
#   E31's are pipelined/fast); DIV/DIVU/REM/REMU 33 (one bit per cycle);
#   taken branches and every JAL/JALR +2 (fetch and decode refill).
# Instruction "halfwords": hw1 = low 16 bits, hw2 = high 16 bits of a 32-bit
# instruction (0 for a compressed one); RISC-V ISA manual 1.5: 32-bit when
# the two low bits are 0b11.
RV_LOAD, RV_STORE = "load", "store"


def rv_insn_length(hw1):
    return 4 if (hw1 & 3) == 3 else 2


def classify_rv32(hw1, hw2=0):
    if (hw1 & 3) != 3:                          # RVC (ISA manual 16.8)
        quadrant, funct3 = hw1 & 3, hw1 >> 13
        if quadrant == 0:
            return (RV_LOAD, 2) if funct3 in (1, 2, 3) else \
                   ((RV_STORE, 1) if funct3 >= 5 else (ALU, 1))
        if quadrant == 1:
            if funct3 in (1, 5, 6, 7):          # C.JAL, C.J, C.BEQZ, C.BNEZ
                return BRANCH, 1
            return ALU, 1
        if funct3 in (1, 2, 3):                 # C.*LDSP / C.LWSP
            return RV_LOAD, 2
        if funct3 in (5, 6, 7):                 # C.*SDSP / C.SWSP
            return RV_STORE, 1
        if funct3 == 4 and (hw1 & 0x7C) == 0 and (hw1 >> 7) & 0x1F:
            return BRANCH, 1                    # C.JR, C.JALR
        return ALU, 1
    insn = hw1 | (hw2 << 16)
    opcode = insn & 0x7F
    if opcode == 0x03:                          # LOAD
        return RV_LOAD, 2
    if opcode == 0x23:                          # STORE
        return RV_STORE, 1
    if opcode in (0x63, 0x6F, 0x67):            # BRANCH, JAL, JALR
        return BRANCH, 1
    if opcode == 0x33 and (insn >> 25) == 1:    # M extension
        return (DIV, 33) if (insn >> 12) & 7 >= 4 else (MUL, 1)
    return ALU, 1


MODELS = {
    # kind -> taken penalty; "pipelined_ls": a single load/store directly
    # after another costs 1 (Cortex-M4 only).
    "cortex-m4": {"classify": classify, "length": insn_length, "pipelined_ls": True,
                  "taken": {k: P for k in FLOW}},
    "cortex-m0plus": {"classify": classify_m0plus, "length": insn_length,
                      "pipelined_ls": False,
                      "taken": {BRANCH: 1, POP_PC: 2}},
    "rv32": {"classify": classify_rv32, "length": rv_insn_length, "pipelined_ls": False,
             "taken": {BRANCH: 2}},
}
# Which model measures which embedded target (tools/embedded, report.py).
TARGET_MODEL = {"cortex-m4f": "cortex-m4", "cortex-m0plus": "cortex-m0plus",
                "rv32imac": "rv32"}
