#!/usr/bin/env python3
"""Writes the instruction schedule of the Cortex-M4 radix-2^32 field
multiplication that fe25519.c carries as top-level __asm__ (the register
names rotate from row to row, so the straight-line code is easier to
generate than to write by hand; squaring calls the multiplication). Prints
the C string lines of the body; fe25519.c adds the prologue
(push {r0, r4-r11, lr}; sub sp, sp, #64) and the epilogue
(add sp, sp, #68; pop {r4-r11, pc}).
check_fe32_umaal.py runs the compiled functions under unicorn against
Python integers.

usage: python3 tools/ed25519/gen_fe32_umaal.py
"""


def gen_mul():
    """Operand caching (Hutter-Wenger 2011) with UMAAL: g in two halves of
    four registers; each half is a row-scanning pass over the eight words of
    f with a window of four accumulators. Half 1 leaves columns 0..11 on the
    stack; half 2 starts each row's carry with half 1's column i+4 (UMAAL's
    second addend), so no separate addition merges the halves."""
    B = ["r3", "r4", "r5", "r6"]
    A = "r7"
    F, G = "r1", "r2"
    free = ["r0", "r8", "r9", "r10", "r11", "r12", "lr"]
    out = []; e = out.append
    def take(): return free.pop(0)
    def give(r): free.append(r)
    acc = {}
    # half 1: g0..g3
    e(f"ldm {G}, {{{', '.join(B)}}}")
    for i in range(8):
        e(f"ldr {A}, [{F}, #{4*i}]")
        C = take()
        if i == 0:
            X = take()
            e(f"umull {X}, {C}, {A}, {B[0]}")
            e(f"str {X}, [sp, #0]")
            give(X)
            for k in range(1, 4):
                r = take(); acc[k] = r
                e(f"mov {r}, #0")
                e(f"umaal {r}, {C}, {A}, {B[k]}")
        else:
            e(f"mov {C}, #0")
            e(f"umaal {acc[i]}, {C}, {A}, {B[0]}")
            e(f"str {acc[i]}, [sp, #{4*i}]")
            give(acc.pop(i))
            for k in range(1, 4):
                e(f"umaal {acc[i+k]}, {C}, {A}, {B[k]}")
        acc[i + 4] = C
    for c in range(8, 12):
        e(f"str {acc[c]}, [sp, #{4*c}]")
        give(acc.pop(c))
    assert not acc
    # half 2: g4..g7
    for k in range(4):
        e(f"ldr {B[k]}, [{G}, #{16 + 4*k}]")
    for i in range(8):
        e(f"ldr {A}, [{F}, #{4*i}]")
        C = take()
        e(f"ldr {C}, [sp, #{4*(i+4)}]")
        if i == 0:
            for k in range(4):
                r = take(); acc[4 + k] = r
                e(f"mov {r}, #0")
        e(f"umaal {acc[i+4]}, {C}, {A}, {B[0]}")
        e(f"str {acc[i+4]}, [sp, #{4*(i+4)}]")
        give(acc.pop(i + 4))
        for k in range(1, 4):
            e(f"umaal {acc[i+4+k]}, {C}, {A}, {B[k]}")
        acc[i + 8] = C
    # columns 12..15 in registers; 0..11 on the stack
    free += B + [A, F, G]
    # h = lo + 38 hi (2^256 = 38 mod p). The top word first: (T1:T0) =
    # c7 + 38 c15 < 39 * 2^32; its bits from 255 up, q < 2^7, re-enter as
    # 19 q (2^255 = 19 mod p) as the chain's first carry, and h7 keeps
    # T0's low 31 bits. The chain of words 0..6 then ends with a carry of
    # at most 38, which h7 (< 2^31) takes without overflow: no carry
    # ripple after the chain.
    K = take(); CY = take()
    e(f"mov {K}, #38")
    e(f"mov {CY}, #0")
    t7 = take()
    e(f"ldr {t7}, [sp, #28]")
    e(f"umaal {t7}, {CY}, {acc[15]}, {K}")
    give(acc.pop(15))
    e(f"lsl {CY}, {CY}, #1")
    e(f"orr {CY}, {CY}, {t7}, lsr #31")
    e(f"bic {t7}, {t7}, #0x80000000")
    Q = take()
    e(f"add {Q}, {CY}, {CY}, lsl #1")
    e(f"add {CY}, {Q}, {CY}, lsl #4")
    give(Q)
    res = []
    for k in range(7):
        t = take()
        e(f"ldr {t}, [sp, #{4*k}]")
        if k < 4:
            hreg = take()
            e(f"ldr {hreg}, [sp, #{4*(8+k)}]")
            e(f"umaal {t}, {CY}, {hreg}, {K}")
            give(hreg)
        else:
            e(f"umaal {t}, {CY}, {acc[8+k]}, {K}")
            give(acc.pop(8 + k))
        res.append(t)
    e(f"add {t7}, {t7}, {CY}")
    res.append(t7)
    H = take()
    e(f"ldr {H}, [sp, #64]")
    for k in range(8):
        e(f"str {res[k]}, [{H}, #{4*k}]")
    return out


if __name__ == "__main__":
    body = gen_mul()
    print("\n".join('    "%s\\n"' % line for line in body))
