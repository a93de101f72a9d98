#!/usr/bin/env python3
"""footprint_chart.py -- the footprint figures of `make report` as an SVG.

Usage: footprint_chart.py FIGURES.json OUT.svg

FIGURES.json is build/embedded/results/figures.json (tools/report/report.py
collect). Two panels:
  1. flash (text + data) of each image -- hash only, Ed25519 only, RSA only,
     everything -- per target and profile (the product configurations);
  2. cycles against the flash of the image that carries the operation (the
     full image for a profile built only that way), for
     each measured profile of the firmware target (Cortex-M4F), on a log
     cycle axis: the size/speed trade of each profile at a glance.
No peer library runs on the firmware yet: the chart says so instead of
inventing figures. Standard library only.
"""
import html
import json
import math
import sys

VARIANTS = [("hash", "hash only"), ("ed25519", "Ed25519 only"), ("rsa", "RSA only"), ("all", "everything")]
VCOLORS = {"hash": "#7f7f7f", "ed25519": "#2ca02c", "rsa": "#1f77b4", "all": "#d62728"}
PROFILES = ["size", "perf", "debug", "none"]
PCOLORS = {"size": "#1f77b4", "perf": "#d62728", "debug": "#9467bd", "none": "#8c564b"}
# operation -> the image variant whose code it runs
OPS = [("ed25519_sign", "ed25519"), ("ed25519_verify", "ed25519"), ("ed25519_keygen", "ed25519"),
       ("rsa2048_private", "rsa"), ("psa_verify_hash_rsa2048_pkcs1v15", "rsa"),
       ("psa_import_rsa2048_pair", "rsa"), ("hmac_sha256_1024", "hash"), ("drbg_generate_32", "hash")]


def esc(s):
    return html.escape(str(s))


def flash(img):
    return img["text"] + img["data"]


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    fig = json.load(open(argv[1]))
    targets = [t for t in ("cortex-m4f", "cortex-m0plus", "rv32imac") if t in fig["targets"]] + \
        sorted(t for t in fig["targets"] if t not in ("cortex-m4f", "cortex-m0plus", "rv32imac"))
    groups = []  # (label, {variant: flash})
    for t in targets:
        for p in PROFILES:
            imgs = fig["targets"][t]["profiles"].get(p, {}).get("images", {})
            if imgs:
                groups.append(("%s %s" % (t, p), {v: flash(imgs[v]) for v, _ in VARIANTS if v in imgs}))
    W, left, plot_w = 900, 170, 600
    bar_h = 7
    g_h = bar_h * len(VARIANTS) + 6
    top1 = 60
    h1 = top1 + g_h * len(groups) + 40
    top2 = h1 + 40
    plot_h2 = 320
    H = top2 + plot_h2 + 90
    maxf = max([max(g[1].values()) for g in groups if g[1]] + [1])
    scale = plot_w / (math.ceil(maxf / 10000.0) * 10000.0)
    s = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">' % (W, H),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="10" y="20" font-size="14" font-weight="bold">picopsa footprint (make report)</text>',
         '<text x="10" y="38" fill="#555">1. Flash (text + data, bytes, --gc-sections) per image, target and profile</text>']
    step = 10000
    v = 0
    while v * scale <= plot_w + 0.5:
        x = left + v * scale
        s.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>' % (x, top1 - 6, x, h1 - 40))
        s.append('<text x="%.1f" y="%d" text-anchor="middle">%d KB</text>' % (x, h1 - 28, v // 1000))
        v += step
    y = top1
    for label, vals in groups:
        s.append('<text x="%d" y="%d" text-anchor="end">%s</text>' % (left - 6, y + g_h / 2, esc(label)))
        for i, (var, _) in enumerate(VARIANTS):
            if var in vals:
                s.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"><title>%s %s: %d B</title></rect>'
                         % (left, y + i * bar_h, vals[var] * scale, bar_h - 1, VCOLORS[var], esc(label), var, vals[var]))
                s.append('<text x="%.1f" y="%d" font-size="8" fill="#333">%d</text>'
                         % (left + vals[var] * scale + 3, y + i * bar_h + bar_h - 1, vals[var]))
        y += g_h
    lx = left
    for var, title in VARIANTS:
        s.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/><text x="%d" y="%d">%s</text>'
                 % (lx, h1 - 16, VCOLORS[var], lx + 14, h1 - 7, esc(title)))
        lx += 130

    # Panel 2: cycles vs flash on the firmware target.
    fw = fig.get("fw_target")
    ops = fig.get("operations", {}).get(fw, {})
    s.append('<text x="10" y="%d" fill="#555">2. Cycles (log) against the flash of the image that runs the operation, '
             '%s (QEMU + cycle model); no peer library measured on the MCU yet</text>' % (top2 - 12, esc(fw)))
    pts = []
    for p, table in ops.items():
        imgs = fig["targets"].get(fw, {}).get("profiles", {}).get(p, {}).get("images", {})
        for op, var in OPS:
            # A profile built only as the full image: its flash is that one's.
            v = var if var in imgs else "all"
            if op in table and v in imgs:
                pts.append((p, op, flash(imgs[v]), table[op]["cycles"]))
    if pts:
        fx0 = 0
        fx1 = math.ceil(max(pt[2] for pt in pts) / 5000.0) * 5000.0
        cy0 = 10 ** math.floor(math.log10(min(pt[3] for pt in pts)))
        cy1 = 10 ** math.ceil(math.log10(max(pt[3] for pt in pts)))
        X = lambda f: left + (f - fx0) / (fx1 - fx0) * plot_w
        Y = lambda c: top2 + plot_h2 - (math.log10(c) - math.log10(cy0)) / (math.log10(cy1) - math.log10(cy0)) * plot_h2
        s.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#999"/>' % (left, top2, plot_w, plot_h2))
        c = cy0
        while c <= cy1 * 1.0001:
            s.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#eee"/>' % (left, Y(c), left + plot_w, Y(c)))
            s.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (left - 4, Y(c) + 4, "{:,}".format(int(c))))
            c *= 10
        f = 0
        while f <= fx1:
            s.append('<text x="%.1f" y="%d" text-anchor="middle">%d KB</text>' % (X(f), top2 + plot_h2 + 14, f // 1000))
            f += 5000
        s.append('<text x="%d" y="%d" text-anchor="middle">flash of the image (bytes)</text>'
                 % (left + plot_w / 2, top2 + plot_h2 + 30))
        for p, op, fl, cyc in sorted(pts):
            s.append('<circle cx="%.1f" cy="%.1f" r="4" fill="%s"><title>%s %s: %d cycles, %d B</title></circle>'
                     % (X(fl), Y(cyc), PCOLORS.get(p, "#888"), esc(op), esc(p), cyc, fl))
            if p == "size":
                s.append('<text x="%.1f" y="%.1f" font-size="9">%s</text>' % (X(fl) + 6, Y(cyc) + 3, esc(op)))
        lx = left
        for p in [p for p in PROFILES if p in ops]:
            s.append('<circle cx="%d" cy="%d" r="4" fill="%s"/><text x="%d" y="%d">profile %s</text>'
                     % (lx + 5, H - 30, PCOLORS[p], lx + 14, H - 26, p))
            lx += 110
    else:
        s.append('<text x="%d" y="%d">no firmware measurements in %s</text>' % (left, top2 + 20, esc(argv[1])))
    s.append("</svg>")
    with open(argv[2], "w", encoding="utf-8") as out:
        out.write("\n".join(s) + "\n")
    sys.stderr.write("report: wrote %s (%d image groups, %d operation points)\n" % (argv[2], len(groups), len(pts)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
