#!/usr/bin/env python3
"""check_includes.py -- the include rules of docs/ARCHITECTURE.md, checked on
src/ (ctest case `include_rules`).

Layers, from the top: src/core (front ends) -> src/dispatch (routing, with
every family's driver file, src/<family>/*_psa.c, which the dispatch layer
calls and which calls down into its family) -> families and primitives
(every other folder of src/). Rules:
 1. no file of a family or primitive folder includes a src/core header;
    none includes a src/dispatch header either, except that a family's
    driver file (*_psa.c) includes dispatch/pp_drivers.h (the declarations
    of the software drivers it implements);
 2. src/core includes no family header (core reaches a family through the
    dispatch layer only);
 3. the folder graph (a *_psa.c counted in the dispatch layer) has no
    cycle, and neither has the file graph.
Prints every violation and "include_rules: N passed, N failed"; exit 1 on
a violation.

usage: check_includes.py [SRC_DIR]   (default: src/ next to tools/)
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
# Folders whose code is a key family reached only through dispatch.
FAMILIES = {"bignum", "curve25519", "ed25519", "x25519", "p256", "p384", "rsa"}
UPPER = {"core", "dispatch"}
DRIVER_HEADER = "dispatch/pp_drivers.h"


def layer(path):
    """The node of a file in the folder graph."""
    folder = path.split("/", 1)[0]
    if folder not in UPPER and path.endswith("_psa.c"):
        return "dispatch"
    return folder


def strip_comments(text):
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def find_cycle(graph):
    """One cycle of a directed graph (list of nodes), or None."""
    colour = {}
    stack = []

    def visit(node):
        colour[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if colour.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in colour:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        colour[node] = 2
        return None

    for node in sorted(graph):
        if node not in colour:
            found = visit(node)
            if found:
                return found
    return None


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "src")
    files = {}
    for root, _, names in os.walk(src):
        for name in names:
            if name.endswith((".c", ".h")):
                full = os.path.join(root, name)
                rel = os.path.relpath(full, src).replace(os.sep, "/")
                with open(full, encoding="utf-8", errors="replace") as f:
                    files[rel] = INCLUDE.findall(strip_comments(f.read()))
    passed = failed = 0
    problems = []
    folder_graph = {}
    file_graph = {}
    for path, includes in sorted(files.items()):
        folder = path.split("/", 1)[0]
        for inc in includes:
            if "/" not in inc:
                continue  # a same-folder or non-src include
            target = inc.split("/", 1)[0]
            if folder not in UPPER and target in UPPER:
                allowed = (path.endswith("_psa.c") and inc == DRIVER_HEADER)
                if not allowed:
                    problems.append(f"{path}: includes {inc} (a layer above {folder}/)")
            if folder == "core" and target in FAMILIES:
                problems.append(f"{path}: includes {inc} (core reaches families through dispatch)")
            if inc in files:
                file_graph.setdefault(path, set()).add(inc)
                a, b = layer(path), layer(inc)
                if a != b:
                    folder_graph.setdefault(a, set()).add(b)
    if problems:
        failed += len(problems)
        for p in problems:
            print("include rule broken:", p)
    else:
        passed += 1
    for name, graph in (("folder", folder_graph), ("file", file_graph)):
        cycle = find_cycle(graph)
        if cycle:
            failed += 1
            print(f"{name} include cycle: " + " -> ".join(cycle))
        else:
            passed += 1
    print("folder graph: " + "; ".join(f"{a} -> {', '.join(sorted(b))}"
                                       for a, b in sorted(folder_graph.items())))
    print(f"include_rules: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
