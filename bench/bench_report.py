#!/usr/bin/env python3
"""bench_report.py -- turn `picopsa_bench` text output into a Markdown table
and an SVG chart (make bench writes build/bench/report.md and bench.svg).

Usage: bench_report.py BENCH.txt REPORT.md CHART.svg [PROCESS.txt ...]
       bench_report.py --selftest   (ctest bench_report)

PROCESS.txt: the output of further bench processes (make bench runs the
X25519, Ed25519 and P-256 families in PP_BENCH_PROCESSES more processes,
each with its stack at another offset): the report then gains a table of
each operation's spread across processes (ours and the ratio: min, median,
max), which shows a layout effect (issue 25: X25519 at 38.0 us in some
processes and 58.8 us in others) that one process cannot.

Reads the fixed line shapes of bench/bench.h (other bench files add rows
in the same shapes, and they are picked up without changes here):
    NAME took N us                         ours (or "PEER NAME took N us")
    ratio NAME ours/PEER = X.XX            the bench's own ratio (< 1: we win):
                                           median of the per-round ratios
    worst NAME ours/PEER = X.XX (...)      the largest per-round ratio
    [PEER ]RSA key operation (performance): public [N us], private [N us]
    [PEER ]RSA-2048 key generation (median of N): X ms
    RSA-2048:                              heading for the RSA lines after it
The ratio printed by the bench is authoritative (it times both sides
interleaved); a peer time the bench does not print is ours / ratio.
Standard library only: CI needs nothing beyond python3.
"""
import html
import re
import sys

PEERS = {"openssl": "OpenSSL", "libsodium": "libsodium", "mbedtls": "Mbed TLS", "mbed tls": "Mbed TLS"}
PEER_ORDER = ["OpenSSL", "libsodium", "Mbed TLS"]


def peer_name(s):
    return PEERS.get(s.strip().lower(), s.strip())


def split_peer(name):
    """'OpenSSL EdDSA sign' -> ('OpenSSL', 'EdDSA sign'); ours -> (None, name)."""
    for prefix in ("OpenSSL ", "libsodium ", "Mbed TLS ", "mbedtls ", "openssl "):
        if name.startswith(prefix):
            return peer_name(prefix), name[len(prefix):]
    return None, name


def parse(lines):
    header = []
    ours = {}     # op -> ns
    peers = {}    # op -> {peer: ns}
    ratios = {}   # op -> {peer: ratio}
    worsts = {}   # op -> {peer: worst per-round ratio}
    order = []
    section = None
    rsa_size = None

    def add(op):
        if op not in order:
            order.append(op)

    for raw in lines:
        line = raw.rstrip("\n")
        if line.startswith(("picopsa bench", "backends:", "peers:")):
            if line not in header:   # make bench: two processes, one banner
                header.append(line)
            continue
        m = re.match(r"^== (.*) ==$", line)
        if m:
            section = m.group(1)
            rsa_size = None
            continue
        m = re.match(r"^(RSA-\d+):$", line)
        if m:
            rsa_size = m.group(1)
            continue
        m = re.match(r"^(ratio|worst) (.+) ours/(.+?) = ([0-9.]+)( \(.*\))?$", line)
        if m:
            op = m.group(2)
            if rsa_size and op.startswith("RSA ") and not re.match(r"RSA-\d+", op):
                op = rsa_size + op[3:]
            table = ratios if m.group(1) == "ratio" else worsts
            table.setdefault(op, {})[peer_name(m.group(3))] = float(m.group(4))
            add(op)
            continue
        m = re.match(r"^(.+) took ([0-9.]+) us$", line)
        if m:
            peer, op = split_peer(m.group(1))
            ns = float(m.group(2)) * 1000.0
            if peer is None:
                ours[op] = ns
            else:
                peers.setdefault(op, {})[peer] = ns
            add(op)
            continue
        m = re.match(r"^(.*)RSA key operation \(performance\): public \[([0-9.]+) us\], private \[([0-9.]+) us\]$", line)
        if m and rsa_size:
            peer = peer_name(m.group(1)) if m.group(1).strip() else None
            for kind, val in (("public", m.group(2)), ("private", m.group(3))):
                op = "%s %s" % (rsa_size, kind)
                if peer is None:
                    ours[op] = float(val) * 1000.0
                else:
                    peers.setdefault(op, {})[peer] = float(val) * 1000.0
                add(op)
            continue
        m = re.match(r"^(.*?)(RSA-\d+) key generation \(median of \d+\): ([0-9.]+) ms$", line)
        if m:
            peer = peer_name(m.group(1)) if m.group(1).strip() else None
            op = "%s keygen" % m.group(2)
            if peer is None:
                ours[op] = float(m.group(3)) * 1e6
            else:
                peers.setdefault(op, {})[peer] = float(m.group(3)) * 1e6
            add(op)
            continue
    rows = []
    for op in order:
        if op not in ours:
            continue
        row = {"op": op, "ours": ours[op], "peers": {}}
        for p in set(peers.get(op, {})) | set(ratios.get(op, {})):
            r = ratios.get(op, {}).get(p)
            t = peers.get(op, {}).get(p)
            if r is None and t:
                r = ours[op] / t
            if t is None and r:
                t = ours[op] / r
            row["peers"][p] = (t, r, worsts.get(op, {}).get(p))
        rows.append(row)
    return header, rows


def fmt_time(ns):
    if ns is None:
        return ""
    us = ns / 1000.0
    if us >= 10000:
        return "%.1f ms" % (us / 1000.0)
    if us >= 100:
        return "%.0f us" % us
    return "%.2f us" % us


def peers_present(rows):
    seen = set()
    for r in rows:
        seen.update(r["peers"])
    return [p for p in PEER_ORDER if p in seen] + sorted(seen - set(PEER_ORDER))


def markdown(header, rows, chart_name):
    peers = peers_present(rows)
    out = ["# picopsa benchmark", ""]
    out += ["Written by `make bench` (bench/bench_report.py) from the bench's text output;"
            " times are medians per call in thread CPU time, *ratio* = picopsa / peer (below 1:"
            " picopsa is faster), the median of the per-round ratios (each round alternates short"
            " blocks of both and keeps each side's fastest); *worst* is the largest per-round ratio.", ""]
    out += ["    " + h for h in header] + [""]
    head = "| operation | picopsa |" + "".join(" %s | ratio | worst |" % p for p in peers)
    out.append(head)
    out.append("|---|---:|" + "---:|---:|---:|" * len(peers))
    for r in rows:
        cells = ["%s" % r["op"], fmt_time(r["ours"])]
        for p in peers:
            t, ratio, worst = r["peers"].get(p, (None, None, None))
            cells += [fmt_time(t), "%.2f" % ratio if ratio else "", "%.2f" % worst if worst else ""]
        out.append("| " + " | ".join(cells) + " |")
    out += ["", "![picopsa / peer time ratios](%s)" % chart_name, ""]
    return "\n".join(out)


COLORS = {"OpenSSL": "#d62728", "libsodium": "#2ca02c", "Mbed TLS": "#1f77b4"}


def svg(header, rows):
    """Horizontal bars: per operation, one bar per peer of ours/peer on a
    log2 axis from 1/8 to 8 (1 = same speed; left of it picopsa wins)."""
    import math
    peers = peers_present(rows)
    rows = [r for r in rows if r["peers"]]
    bar_h, gap, left, width, top = 9, 8, 230, 520, 50
    per_row = max(1, len(peers)) * bar_h + gap
    height = top + len(rows) * per_row + 60
    lo, hi = -3.0, 3.0
    x = lambda v: left + (min(max(math.log2(v), lo), hi) - lo) / (hi - lo) * width
    s = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">'
         % (left + width + 140, height),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="10" y="18" font-size="14" font-weight="bold">picopsa time / peer time (log scale; left of 1: picopsa faster)</text>',
         '<text x="10" y="34" fill="#555">%s</text>' % html.escape(header[0] if header else "")]
    for v in (0.125, 0.25, 0.5, 1, 2, 4, 8):
        xv = x(v)
        s.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="%s"/>'
                 % (xv, top - 6, xv, height - 45, "#000" if v == 1 else "#ddd", "1.5" if v == 1 else "1"))
        s.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>'
                 % (xv, height - 32, ("1/%d" % round(1 / v)) if v < 1 else "%d" % v))
    y = top
    for r in rows:
        s.append('<text x="%d" y="%d" text-anchor="end">%s</text>'
                 % (left - 6, y + per_row / 2 - 1, html.escape(r["op"])))
        for i, p in enumerate(peers):
            t, ratio, _ = r["peers"].get(p, (None, None, None))
            if ratio:
                x0, x1 = x(1), x(ratio)
                s.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"><title>%s vs %s: %.2f</title></rect>'
                         % (min(x0, x1), y + i * bar_h, max(abs(x1 - x0), 1), bar_h - 1, COLORS.get(p, "#888"),
                            html.escape(r["op"]), html.escape(p), ratio))
                s.append('<text x="%.1f" y="%d" font-size="9" fill="#333">%.2f</text>'
                         % (max(x0, x1) + 3, y + i * bar_h + bar_h - 2, ratio))
        y += per_row
    lx = left
    for p in peers:
        s.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>' % (lx, height - 20, COLORS.get(p, "#888")))
        s.append('<text x="%d" y="%d">vs %s</text>' % (lx + 14, height - 11, html.escape(p)))
        lx += 110
    s.append("</svg>")
    return "\n".join(s) + "\n"


def spread(runs):
    """Per operation present in every run: ([ours ns], {peer: [ratio]})."""
    out = {}
    order = []
    for header, rows in runs:
        for r in rows:
            if r["op"] not in out:
                out[r["op"]] = ([], {})
                order.append(r["op"])
            ours, ratios = out[r["op"]]
            ours.append(r["ours"])
            for p, (t, ratio, worst) in r["peers"].items():
                if ratio:
                    ratios.setdefault(p, []).append(ratio)
    return [(op, out[op][0], out[op][1]) for op in order if len(out[op][0]) == len(runs)]


def median(v):
    v = sorted(v)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2.0


def markdown_spread(runs):
    rows = spread(runs)
    if not rows:
        return ""
    peers = [p for p in PEER_ORDER if any(p in r[2] for r in rows)]
    out = ["## Across processes", "",
           "The same operations in %d separate processes (bench/bench_report.py; each process's stack"
           " starts at another offset, and ASLR moves the rest): min / median / max over the processes of"
           " picopsa's time and of each ratio. A spread much wider than one process's worst round is a"
           " layout effect, not load." % len(runs), ""]
    out.append("| operation | picopsa min | median | max |" + "".join(" %s ratio min / median / max |" % p for p in peers))
    out.append("|---|---:|---:|---:|" + "---:|" * len(peers))
    for op, ours, ratios in rows:
        cells = [op, fmt_time(min(ours)), fmt_time(median(ours)), fmt_time(max(ours))]
        for p in peers:
            v = ratios.get(p)
            cells.append("%.2f / %.2f / %.2f" % (min(v), median(v), max(v)) if v and len(v) == len(runs) else "")
        out.append("| " + " | ".join(cells) + " |")
    out.append("")
    return "\n".join(out)


SELFTEST_RUN = """picopsa bench (profile perf, compiler gcc 12.2.0)
== X25519 (RFC 7748) ==
X25519 agreement took %s us
libsodium X25519 agreement took 35.10 us
ratio X25519 agreement ours/libsodium = %s
worst X25519 agreement ours/libsodium = 0.95 (best 0.90, 51 rounds)
"""


def selftest():
    """The parser and the spread table on fixed text (ctest bench_report)."""
    header, rows = parse((SELFTEST_RUN % ("32.53", "0.90")).splitlines(True))
    assert header and len(rows) == 1 and rows[0]["op"] == "X25519 agreement", rows
    assert abs(rows[0]["ours"] - 32530.0) < 1e-6 and rows[0]["peers"]["libsodium"][1] == 0.90, rows
    runs = [parse((SELFTEST_RUN % (t, r)).splitlines(True)) for t, r in
            (("38.00", "1.08"), ("58.80", "1.68"), ("38.20", "1.09"))]
    table = markdown_spread(runs)
    want = "| X25519 agreement | 38.00 us | 38.20 us | 58.80 us | 1.08 / 1.09 / 1.68 |"
    assert want in table and "3 separate processes" in table, table
    assert markdown_spread([]) == "" and median([1, 2, 3, 4]) == 2.5
    print("bench_report.py: selftest passed")
    return 0


def main(argv):
    if argv[1:] == ["--selftest"]:
        return selftest()
    if len(argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        header, rows = parse(f)
    if not rows:
        sys.stderr.write("bench_report.py: no figures in %s\n" % argv[1])
        return 1
    import os
    runs = []
    for name in argv[4:]:
        with open(name, encoding="utf-8") as f:
            runs.append(parse(f.readlines()))
    with open(argv[2], "w", encoding="utf-8") as f:
        f.write(markdown(header, rows, os.path.basename(argv[3])))
        if runs:
            f.write("\n" + markdown_spread(runs))
    with open(argv[3], "w", encoding="utf-8") as f:
        f.write(svg(header, rows))
    sys.stderr.write("bench: wrote %s and %s (%d operations)\n" % (argv[2], argv[3], len(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
