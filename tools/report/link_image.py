#!/usr/bin/env python3
"""Link a size-measurement image of picopsa.

An image is what a product would get: the library linked with
--gc-sections, kept alive only by its public entry points. Roots are the
library's global functions named psa_* (the PSA API); while the PSA core does
not exist yet, its pp_* functions stand in, so the figures grow as modules
land. The map file written here is what tools/report/report.py reads to
attribute every byte to a module.

usage: link_image.py --cc CC --nm NM --lib LIB --out ELF --map MAP
                     [--obj OBJ...] -- <compiler/linker flags>
"""
import argparse
import re
import subprocess
import sys


def library_roots(nm, lib):
    out = subprocess.run([nm, "--defined-only", "-g", lib], check=True,
                         capture_output=True, text=True).stdout
    funcs = sorted({f[2] for f in (l.split() for l in out.splitlines())
                    if len(f) == 3 and f[1] == "T"})
    roots = [s for s in funcs if s.startswith("psa_")]
    return roots if roots else [s for s in funcs if s.startswith("pp_")]


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", required=True)
    ap.add_argument("--nm", required=True)
    ap.add_argument("--lib", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--map", required=True)
    ap.add_argument("--obj", nargs="*", default=[])
    args = ap.parse_args(argv)

    roots = library_roots(args.nm, args.lib)
    with open(args.out + ".roots", "w") as f:
        f.write("\n".join(roots) + "\n")
    cmd = [args.cc] + extra + ["-nostartfiles", "-Wl,--gc-sections",
                               "-Wl,-Map=" + args.map, "-o", args.out]
    if roots:
        cmd.append("-Wl,--entry=" + roots[0])
        cmd += ["-Wl,--undefined=" + r for r in roots]
    else:
        # An empty library (nothing landed yet): an image of nothing.
        cmd.append("-Wl,--entry=0")
    cmd += args.obj + [args.lib, "-lgcc"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    unresolved = sorted(set(re.findall(r"undefined reference to `([^']+)'", r.stderr)))
    if r.returncode != 0 and unresolved:
        # A module that is still being written references one that has not
        # landed: measure what there is and say what is missing.
        r = subprocess.run(cmd + ["-Wl,--unresolved-symbols=ignore-all"],
                           capture_output=True, text=True)
    with open(args.out + ".unresolved", "w") as f:
        f.write("".join(s + "\n" for s in unresolved))
    sys.stderr.write(r.stderr)
    if r.returncode != 0:
        sys.stderr.write("link_image: failed: " + " ".join(cmd) + "\n")
    elif unresolved:
        sys.stderr.write("link_image: %s: unresolved (not counted): %s\n"
                         % (args.out, " ".join(unresolved)))
    return r.returncode


if __name__ == "__main__":
    sys.exit(main())
