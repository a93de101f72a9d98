#!/usr/bin/env python3
"""Writes the instruction schedules of the Cortex-M4 radix-2^32 field
multiplication and squaring that fe25519.c carries as top-level __asm__
(the register names rotate from row to row, so the straight-line code is
easier to generate than to write by hand). Prints the C string lines of
each body; fe25519.c adds the prologue (push {r0, r4-r11, lr}, sub sp) and
the epilogue. check_fe32_umaal.py runs the compiled functions under unicorn
against Python integers.

usage: python3 gen_fe32_umaal.py mul|sq
"""
import sys


def gen_mul():
    pool = ["r0","r3","r4","r5","r6","r7","r8","r9","r10","r11","r12","lr"]
    F, G = "r1", "r2"
    free = list(pool)
    def take():
        return free.pop(0)
    A = take(); B0 = take(); B1 = take()
    acc = {}
    out = []
    e = out.append
    # row 0
    C = take()
    e(f"ldr {A}, [{F}, #0]")
    e(f"ldr {B0}, [{G}, #0]")
    e(f"ldr {B1}, [{G}, #4]")
    X = take()
    e(f"umull {X}, {C}, {A}, {B0}")
    e(f"str {X}, [sp, #0]")
    free.append(X)
    for k in range(1, 8):
        if k >= 2 and k % 2 == 0:
            e(f"ldr {B0}, [{G}, #{4*k}]"); e(f"ldr {B1}, [{G}, #{4*k+4}]")
        b = B1 if k % 2 else B0
        r = take(); acc[k] = r
        e(f"mov {r}, #0")
        e(f"umaal {r}, {C}, {A}, {b}")
    acc[8] = C
    for i in range(1, 8):
        C = take()
        e(f"ldr {A}, [{F}, #{4*i}]")
        e(f"ldr {B0}, [{G}, #0]"); e(f"ldr {B1}, [{G}, #4]")
        e(f"mov {C}, #0")
        for k in range(8):
            if k >= 2 and k % 2 == 0:
                e(f"ldr {B0}, [{G}, #{4*k}]"); e(f"ldr {B1}, [{G}, #{4*k+4}]")
            b = B1 if k % 2 else B0
            e(f"umaal {acc[i+k]}, {C}, {A}, {b}")
            if k == 0:
                e(f"str {acc[i]}, [sp, #{4*i}]")
                free.append(acc.pop(i))
        acc[i+8] = C
    # fold: h_k = lo_k + 38 hi_k + carry; lo on stack, hi = acc[8..15]
    free += [A, B0, B1]
    K = take(); CY = take()
    e(f"mov {K}, #38"); e(f"mov {CY}, #0")
    res = []
    for k in range(8):
        t = take()
        e(f"ldr {t}, [sp, #{4*k}]")
        e(f"umaal {t}, {CY}, {acc[8+k]}, {K}")
        free.append(acc.pop(8+k)); res.append(t)
    e(f"mul {CY}, {CY}, {K}")
    e(f"adds {res[0]}, {res[0]}, {CY}")
    for k in range(1, 8):
        e(f"adcs {res[k]}, {res[k]}, #0")
    e(f"mov {CY}, #0")
    e(f"adc {CY}, {CY}, #0")
    e(f"mul {CY}, {CY}, {K}")
    e(f"add {res[0]}, {res[0]}, {CY}")
    H = take()
    e(f"ldr {H}, [sp, #32]")
    for k in range(8):
        e(f"str {res[k]}, [{H}, #{4*k}]")
    return out


def gen_sq():
    pool = ["r0","r2","r3","r4","r5","r6","r7","r8","r9","r10","r11","r12","lr"]
    F = "r1"
    free = list(pool)
    def take(): return free.pop(0)
    def give(r): free.append(r)
    out = []; e = out.append
    A = take(); B = [take(), take()]
    acc = {}
    # phase 1: off-diagonal products f_i f_j (i < j), row scanning, finished columns to the stack
    for i in range(7):
        C = take()
        e(f"ldr {A}, [{F}, #{4*i}]")
        if i > 0: e(f"mov {C}, #0")
        for n, j in enumerate(range(i + 1, 8)):
            b = B[n % 2]
            if n % 2 == 0:
                e(f"ldr {b}, [{F}, #{4*j}]")
                if j + 1 < 8: e(f"ldr {B[1]}, [{F}, #{4*j+4}]")
            c = i + j
            if i == 0:
                acc[c] = take()
                if j == 1: e(f"umull {acc[c]}, {C}, {A}, {b}")
                else:
                    e(f"mov {acc[c]}, #0"); e(f"umaal {acc[c]}, {C}, {A}, {b}")
            else:
                e(f"umaal {acc[c]}, {C}, {A}, {b}")
            if c in (2*i + 1, 2*i + 2):
                e(f"str {acc[c]}, [sp, #{4*c}]"); give(acc.pop(c))
        acc[i + 8] = C
        if i == 6:
            e(f"str {C}, [sp, #{4*14}]"); give(acc.pop(14))
    assert not acc, acc
    give(A); give(B[0]); give(B[1])
    # phase 2: double (one ADDS/ADCS chain; UMAAL leaves the flags alone) and add f_i^2
    Z = take(); k = take(); a = take()
    e(f"mov {Z}, #0")
    hi = []
    for i in range(8):
        x = take(); y = take()
        if i < 7: e(f"ldr {y}, [sp, #{8*i+4}]")
        else: e(f"mov {y}, #0")
        if i > 0: e(f"ldr {x}, [sp, #{8*i}]")
        e(f"ldr {a}, [{F}, #{4*i}]")
        if i == 0:
            e(f"adds {y}, {y}, {y}")
            e(f"umull {x}, {k}, {a}, {a}")
        else:
            e(f"adcs {x}, {x}, {x}")
            e(f"adcs {y}, {y}, {y}")
            e(f"umaal {x}, {k}, {a}, {a}")
        e(f"umaal {y}, {k}, {Z}, {Z}")
        if i < 4:
            e(f"str {x}, [sp, #{8*i}]"); e(f"str {y}, [sp, #{8*i+4}]"); give(x); give(y)
        else:
            hi += [x, y]
    give(a)
    # phase 3: fold, h = lo + 38 hi (k is zero here: the square is below 2^512)
    K = Z; CY = k
    e(f"mov {K}, #38")
    res = []
    for j in range(8):
        t = take()
        e(f"ldr {t}, [sp, #{4*j}]")
        e(f"umaal {t}, {CY}, {hi[j]}, {K}")
        give(hi[j]); res.append(t)
    e(f"mul {CY}, {CY}, {K}")
    e(f"adds {res[0]}, {res[0]}, {CY}")
    for j in range(1, 8): e(f"adcs {res[j]}, {res[j]}, #0")
    e(f"mov {CY}, #0")
    e(f"adc {CY}, {CY}, #0")
    e(f"mul {CY}, {CY}, {K}")
    e(f"add {res[0]}, {res[0]}, {CY}")
    H = take()
    e(f"ldr {H}, [sp, #64]")
    for j in range(8): e(f"str {res[j]}, [{H}, #{4*j}]")
    return out


if __name__ == "__main__":
    body = gen_mul() if sys.argv[1:] == ["mul"] else gen_sq()
    print("\n".join('    "%s\\n"' % line for line in body))
