#!/usr/bin/env python3
"""check_api_support.py -- docs/api-support.md against the stubs of
src/core/psa_not_supported.c (ctest case `api_support`).

psa_not_supported.c has one section per API chapter: a banner
`/* ===== <chapter> <title> ... */`, then `#if PP_NS_<NAME>` .. `#endif`,
switched by `#define PP_NS_<NAME> <value>` (1: always stubbed; an
expression: stubbed only when that mechanism is configured out). In the
"## Functions" chapter of api-support.md a `### ` heading ending in
": NOT_SUPPORTED" lists the functions that are stubs. Checked:
 1. every function of an always-stubbed section is listed under a
    NOT_SUPPORTED heading whose text names the section's chapter (10.4,
    PAKE, ...), and under no other heading;
 2. every function listed under a NOT_SUPPORTED heading is defined in an
    always-stubbed section (a chapter that lands must leave the heading);
 3. every function of a conditionally stubbed section is listed under a
    heading that is not NOT_SUPPORTED and whose text says what the
    configured-out build does ("NOT_SUPPORTED forms");
 4. every section's banner names its chapter and its #if has a #define.
Function names in the doc may be abbreviated as the tables do: `_setup`
after a full name (its prefix), `psa_get/set_key_type`.
`--selftest` also checks that a doc marking a stubbed chapter supported,
and one marking an implemented function NOT_SUPPORTED, are both caught.
Prints problems and "api_support: N passed, N failed"; exit 1 on a problem.
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
STUBS = os.path.join(ROOT, "src", "core", "psa_not_supported.c")
DOC = os.path.join(ROOT, "docs", "api-support.md")
HEADER = os.path.join(ROOT, "include", "psa", "crypto.h")


def declared_functions():
    with open(HEADER, encoding="utf-8") as f:
        text = f.read()
    return set(re.findall(r"\b(psa_[a-z0-9_]+)\s*\(", text))


def parse_stubs(text):
    """[(macro, chapter, always, [functions])], problems."""
    problems = []
    defines = dict(re.findall(r"^#define (PP_NS_\w+) (.+?)(?:\s*/\*.*)?$", text, re.M))
    sections = []
    for m in re.finditer(r"^/\* ===== ([^\n]*?) =+ \*/\n#if (PP_NS_\w+)\n(.*?)^#endif /\* \2 \*/",
                         text, re.M | re.S):
        banner, macro, body = m.group(1), m.group(2), m.group(3)
        chapter = banner.split()[0]
        if not re.match(r"^(\d+\.\d+|PAKE)$", chapter):
            problems.append(f"section {macro}: banner '{banner}' names no chapter")
        if macro not in defines:
            problems.append(f"section {macro}: no #define {macro}")
        funcs = re.findall(r"^(?!static)[a-z_][a-z0-9_ ]*?\b(psa_[a-z0-9_]+)\(", body, re.M)
        sections.append((macro, chapter, defines.get(macro, "").strip() == "1", funcs))
    if not sections:
        problems.append("psa_not_supported.c: no section (#if PP_NS_... blocks under banners)")
    return sections, problems


def expand(tokens, known):
    """Doc tokens -> function names (abbreviations resolved)."""
    names = []
    last = None
    for tok in tokens:
        if tok.startswith("psa_") and "/" in tok:
            left, right = tok.split("/", 1)
            rword, _, rest = right.partition("_")
            stem = left.rsplit("_", 1)[0]
            cands = [left + "_" + rest, stem + "_" + rword + "_" + rest]
            names += [c for c in cands if c in known]
            last = cands[0]
        elif tok.startswith("psa_"):
            if tok in known:
                names.append(tok)
            last = tok
        elif tok.startswith("_") and last:
            prefix = last
            while "_" in prefix:
                prefix = prefix.rsplit("_", 1)[0]
                if prefix + tok in known:
                    names.append(prefix + tok)
                    break
    return names


def parse_doc(text, known):
    """[(heading, not_supported, body, [functions])] of the Functions chapter."""
    m = re.search(r"^## Functions\n(.*?)(?=^## )", text, re.M | re.S)
    chapter = m.group(1) if m else ""
    out = []
    for part in re.split(r"^### ", chapter, flags=re.M)[1:]:
        heading, _, body = part.partition("\n")
        tokens = re.findall(r"`(_?[a-z][a-z0-9_/]*)`", body)
        out.append((heading.strip(), heading.rstrip().endswith(": NOT_SUPPORTED"), body,
                    expand(tokens, known)))
    return out


def check(stub_text, doc_text, known):
    sections, problems = parse_stubs(stub_text)
    headings = parse_doc(doc_text, known)
    stubbed_always = {}
    for macro, chapter, always, funcs in sections:
        for fn in funcs:
            where = [h for h in headings if fn in h[3]]
            if always:
                stubbed_always[fn] = chapter
                ok = [h for h in where if h[1] and chapter in h[0]]
                if not ok:
                    problems.append(f"{fn}: stubbed ({macro}, {chapter}) but not listed under a "
                                    f"'{chapter} ...: NOT_SUPPORTED' heading")
                for h in where:
                    if not h[1]:
                        problems.append(f"{fn}: stubbed ({macro}) but listed under '{h[0]}'")
            else:
                ok = [h for h in where if not h[1] and "NOT_SUPPORTED form" in h[2]]
                if not ok:
                    problems.append(f"{fn}: stubbed when configured out ({macro}) but no heading "
                                    "lists it with its 'NOT_SUPPORTED forms'")
    for heading, ns, _, funcs in headings:
        if ns:
            for fn in funcs:
                if fn not in stubbed_always:
                    problems.append(f"{fn}: listed under '{heading}' but not a stub of "
                                    "psa_not_supported.c")
    return problems


def main():
    known = declared_functions()
    with open(STUBS, encoding="utf-8") as f:
        stub_text = f.read()
    with open(DOC, encoding="utf-8") as f:
        doc_text = f.read()
    passed = failed = 0
    problems = check(stub_text, doc_text, known)
    for p in problems:
        print("api-support.md:", p)
    if problems:
        failed += 1
    else:
        passed += 1
    if "--selftest" in sys.argv:
        # A stubbed chapter marked supported, an implemented function marked stubbed.
        first_ns = re.search(r"^(### .*): NOT_SUPPORTED$", doc_text, re.M)
        mutants = [
            doc_text.replace(first_ns.group(0), first_ns.group(1), 1) if first_ns else None,
            doc_text.replace("## Functions\n",
                             "## Functions\n\n### Signatures (10.7): NOT_SUPPORTED\n\n"
                             "`psa_sign_hash`\n", 1),
        ]
        for i, mutant in enumerate(mutants):
            if mutant is not None and check(stub_text, mutant, known):
                passed += 1
            else:
                failed += 1
                print(f"selftest {i}: a wrong api-support.md was not caught")
    print(f"api_support: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
