#!/usr/bin/env python3
"""picopsa footprint figures: collect, check against budgets, write markdown.

  report.py collect --build build/embedded --targets "..." --profiles "..."
                    --measured "size perf" --fw-target cortex-m4f
                    [--fw-targets "..."] [--configs "..." --config-targets "..."]
                    --out figures.json
      Sizes of every size image (build/embedded/<target>-<profile>/
      image_<variant>.map), attributed per module from the linker map, and
      the cycle/instruction/stack figures of the firmware runs
      (results/<fw-target>-<profile>.json) of every --fw-targets target.
      A product configuration <c> (configs/<c>.h) is the profile
      "size+<c>" of its target: image:all of build/embedded/<t>-size+<c>/,
      operations of results/<t>-size+<c>.json.
      A --storage-targets target has the profile "size+storage": image
      "storage" (the library with the flash ITS backend, docs/storage.md)
      of build/embedded/<t>-size+storage/ and the operations of
      results/<t>-size+storage.json (tests/firmware/fw_storage.c).
  report.py check-budgets --figures figures.json --budgets tools/budgets.txt
      Exit 1 when a figure exceeds its budget or a budgeted figure is missing.
  report.py markdown --figures figures.json --budgets tools/budgets.txt --out docs/footprint.md
  report.py same-figures a.json b.json
      Exit 1 unless two firmware runs gave identical figures.
  report.py check-undefined --build build/embedded --targets "..." --profiles "..."
      The library may reference nothing outside itself but memcpy, memset,
      memcmp, the port hook picopsa_port_entropy and compiler runtime
      helpers (__aeabi_*, __udivdi3, ...): no OS or other libc calls.

Budget file: one budget per line, "#" comments:
    <target> <profile> <metric> <subject> <limit>
  metric cycles|instructions|stack with subject = a measurement id;
  metric text|data|bss|flash|ram with subject = image:<variant> or
  module:<module> (a module of the full image, e.g. module:src/hash; in a
  profile with one image, such as size+storage, a module of that image).
  flash = text + data, ram = data + bss (static; the stack is separate).
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

TARGET_TITLES = {
    "cortex-m4f": "Cortex-M4F (nRF52840 class)",
    "cortex-m0plus": "Cortex-M0+",
    "rv32imac": "RISC-V RV32IMAC",
}
VARIANT_TITLES = {
    "hash": "hash only (SHA-2, HMAC, DRBG)",
    "ed25519": "Ed25519 only (configs/ed25519_only.h: +SHA-512, DRBG on SHA-256)",
    "rsa": "RSA only (configs/rsa_only.h: +SHA-256)",
    "all": "everything",
}
REFERENCE_MHZ = 64  # nRF52840
# Clock of the part each target's time column stands for.
TARGET_CLOCK = {"cortex-m4f": (64, "nRF52840"), "cortex-m0plus": (64, "STM32G0"),
                "rv32imac": (160, "ESP32-C3")}
MODEL_TEXT = {
    "cortex-m4": "Cortex-M4 cycle model (TRM DDI 0439B 3.3.1) over the instructions QEMU"
                 " executed (zero wait states)",
    "cortex-m0plus": "Cortex-M0+ cycle model (TRM DDI 0484C 3.3, single-cycle multiplier,"
                     " zero wait states) over the ARMv6-M instructions QEMU (mps2-an386)"
                     " executed",
    "rv32": "RV32 in-order estimate (1 cycle per instruction, loads +1, taken branches and"
            " jumps +2, DIV/REM 33; not a model of one core) over the instructions"
            " qemu-system-riscv32 (virt) executed",
}
CONFIG_OPS = [("init", "psa_crypto_init"), ("Ed25519 keygen", "ed25519_keygen"),
              ("Ed25519 sign", "ed25519_sign"), ("Ed25519 verify", "ed25519_verify"),
              ("RSA-2048 import", "psa_import_rsa2048_pair"),
              ("RSA-2048 sign", "psa_sign_hash_rsa2048_pkcs1v15"),
              ("RSA-2048 verify", "psa_verify_hash_rsa2048_pkcs1v15")]


# ---- linker maps -------------------------------------------------------------

def source_modules():
    """basename of every library source -> its module directory (src/hash)."""
    out = {}
    for path in glob.glob(os.path.join(ROOT, "src", "**", "*.c"), recursive=True):
        rel = os.path.relpath(path, ROOT)
        out[os.path.basename(path)] = os.path.dirname(rel)
    return out


def module_of(origin, modules):
    m = re.search(r"\(([^()]+)\)$", origin)
    member = m.group(1) if m else os.path.basename(origin)
    archive = os.path.basename(origin[:m.start()]) if m else ""
    stem = re.sub(r"\.(obj|o)$", "", member)
    if archive.startswith("libpicopsa") and stem in modules:
        return modules[stem]
    if stem == "fw_entropy.c":
        return "port hook (test stub)"
    if stem == "string.c":
        return "libc (ports/freestanding/string.c)"
    if archive.startswith("libc"):
        return "libc (newlib-nano)"
    if archive.startswith("libgcc"):
        return "libgcc"
    return "other"


def section_kind(output_section):
    name = output_section
    if name.startswith((".text", ".rodata", ".srodata", ".ARM.exidx", ".ARM.extab", ".init",
                        ".fini", ".eh_frame", ".vectors")):
        return "text"
    if name.startswith((".data", ".sdata", ".tdata", ".init_array", ".fini_array")):
        return "data"
    if name.startswith((".bss", ".sbss", ".tbss")):
        return "bss"
    return None


def map_input_sections(path):
    """Yield (kind, input section, bytes, origin) for every non-empty input
    section of a GNU ld map that lands in an allocated output section
    (kind: text, data or bss, section_kind). Also used by tests/size."""
    with open(path) as f:
        lines = f.read().split("\n")
    try:
        start = lines.index("Linker script and memory map")
    except ValueError:
        raise SystemExit("report: %s is not a GNU ld map" % path)
    output_kind = None
    pending = None
    input_line = re.compile(r"^ (\S+)(?:\s+0x([0-9a-fA-F]+)\s+0x([0-9a-fA-F]+)\s*(.*))?$")
    address_line = re.compile(r"^\s+0x([0-9a-fA-F]+)\s+0x([0-9a-fA-F]+)\s+(\S.*)$")
    for line in lines[start + 1:]:
        if line.startswith("OUTPUT("):
            break
        if re.match(r"^\S", line):                    # output section, LOAD, ...
            token = line.split()[0]
            output_kind = section_kind(token) if token.startswith(".") else None
            pending = None
            continue
        if output_kind is None or line.startswith(" *("):
            continue
        m = input_line.match(line)
        if m:
            name, _, size, origin = m.groups()
            if size is None:                          # address/size on the next line
                pending = name
                continue
        elif pending is not None and address_line.match(line):
            _, size, origin = address_line.match(line).groups()
            name = pending
        else:
            continue
        pending = None
        size = int(size, 16)
        if size:
            yield output_kind, name, size, origin.strip()


def parse_map(path, modules):
    """{module: {text, data, bss}} of the allocated input sections."""
    sizes = {}
    for kind, name, size, origin in map_input_sections(path):
        module = "(alignment padding)" if name == "*fill*" else module_of(origin, modules)
        slot = sizes.setdefault(module, {"text": 0, "data": 0, "bss": 0})
        slot[kind] += size
    return sizes


def toolchain_info(target):
    """(compiler version line, architecture flags) from the toolchain file."""
    version, flags = "", ""
    tc = os.path.join(ROOT, "cmake", "toolchains", target + ".cmake")
    if os.path.exists(tc):
        text = open(tc).read()
        m = re.search(r'set\(PICOPSA_ARCH_FLAGS "([^"]*)"\)', text)
        flags = m.group(1) if m else ""
        m = re.search(r"set\(CMAKE_C_COMPILER (\S+)\)", text)
        if m:
            try:
                version = subprocess.run([m.group(1), "--version"], capture_output=True,
                                         text=True).stdout.splitlines()[0]
            except (OSError, IndexError):
                pass
    return version, flags


def cmd_collect(args):
    modules = source_modules()
    figures = {"targets": {}, "operations": {}, "fw_target": args.fw_target}
    for target in args.targets.split():
        t = figures["targets"].setdefault(target, {"profiles": {}})
        for profile in args.profiles.split():
            cell = os.path.join(args.build, "%s-%s" % (target, profile))
            if not t.get("toolchain"):
                t["toolchain"], t["flags"] = toolchain_info(target)
            images = {}
            for mp in sorted(glob.glob(os.path.join(cell, "image_*.map"))):
                variant = os.path.basename(mp)[len("image_"):-len(".map")]
                if not os.path.exists(os.path.join(cell, "image_%s.elf" % variant)):
                    continue
                per_module = parse_map(mp, modules)
                total = {k: sum(m[k] for m in per_module.values()) for k in ("text", "data", "bss")}
                unresolved_path = os.path.join(cell, "image_%s.elf.unresolved" % variant)
                unresolved = open(unresolved_path).read().split() if os.path.exists(unresolved_path) else []
                images[variant] = dict(total, modules=per_module, unresolved=unresolved)
            if images:
                t["profiles"][profile] = {"images": images}
    def load_run(target, profile):
        path = os.path.join(args.build, "results", "%s-%s.json" % (target, profile))
        if os.path.exists(path):
            run = json.load(open(path))
            figures["operations"].setdefault(target, {})[profile] = {
                k: {"cycles": v["cycles"], "instructions": v["instructions"], "stack": v["stack"]}
                for k, v in run["measurements"].items()}
            figures.setdefault("models", {})[target] = run.get("model", "cortex-m4")

    for target in (args.fw_targets or args.fw_target).split():
        for profile in args.measured.split():
            load_run(target, profile)
    configs = args.configs.split()
    figures["configs"] = configs
    for target in args.config_targets.split():
        t = figures["targets"].setdefault(target, {"profiles": {}})
        for c in configs:
            profile = "size+" + c
            mp = os.path.join(args.build, "%s-%s" % (target, profile), "image_all.map")
            if os.path.exists(mp):
                per_module = parse_map(mp, modules)
                total = {k: sum(m[k] for m in per_module.values()) for k in ("text", "data", "bss")}
                t["profiles"][profile] = {"images": {"all": dict(total, modules=per_module,
                                                                 unresolved=[])}}
            load_run(target, profile)
    for target in args.storage_targets.split():
        t = figures["targets"].setdefault(target, {"profiles": {}})
        cell = os.path.join(args.build, "%s-size+storage" % target)
        mp = os.path.join(cell, "image_storage.map")
        if os.path.exists(mp) and os.path.exists(os.path.join(cell, "image_storage.elf")):
            per_module = parse_map(mp, modules)
            total = {k: sum(m[k] for m in per_module.values()) for k in ("text", "data", "bss")}
            unresolved_path = os.path.join(cell, "image_storage.elf.unresolved")
            unresolved = open(unresolved_path).read().split() if os.path.exists(unresolved_path) else []
            t["profiles"]["size+storage"] = {"images": {"storage": dict(
                total, modules=per_module, unresolved=unresolved)}}
        load_run(target, "size+storage")
    figures["storage_targets"] = args.storage_targets.split()
    with open(args.out, "w") as f:
        json.dump(figures, f, indent=1, sort_keys=True)
    return 0


# ---- budgets ---------------------------------------------------------------

def read_budgets(path):
    budgets = []
    for n, line in enumerate(open(path), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 5 or not parts[4].isdigit():
            raise SystemExit("%s:%d: want '<target> <profile> <metric> <subject> <limit>'" % (path, n))
        budgets.append((parts[0], parts[1], parts[2], parts[3], int(parts[4]), n))
    return budgets


def figure(figures, target, profile, metric, subject):
    if metric in ("cycles", "instructions", "stack"):
        op = figures["operations"].get(target, {}).get(profile, {}).get(subject)
        return None if op is None else op.get(metric)
    images = figures["targets"].get(target, {}).get("profiles", {}).get(profile, {}).get("images", {})
    if subject.startswith("image:"):
        sizes = images.get(subject[len("image:"):])
    elif subject.startswith("module:"):
        image = images.get("all") or (list(images.values())[0] if len(images) == 1 else {})
        sizes = image.get("modules", {}).get(subject[len("module:"):])
    else:
        return None
    if sizes is None:
        return None
    derived = {"flash": sizes["text"] + sizes["data"], "ram": sizes["data"] + sizes["bss"]}
    return derived[metric] if metric in derived else sizes.get(metric)


def cmd_check_budgets(args):
    figures = json.load(open(args.figures))
    failures = 0
    budgets = read_budgets(args.budgets)
    for target, profile, metric, subject, limit, line in budgets:
        value = figure(figures, target, profile, metric, subject)
        if value is None:
            state = "MISSING"
        elif value > limit:
            state = "OVER"
        else:
            state = "ok"
        failures += state != "ok"
        print("budget: %-7s %-13s %-5s %-12s %-26s %10s / %-10d (line %d)" % (
            state, target, profile, metric, subject, "-" if value is None else value, limit, line))
    print("budgets: %d checked, %d failed" % (len(budgets), failures))
    return 1 if failures or not budgets else 0


# ---- markdown ----------------------------------------------------------------

def fmt_size(s):
    return "%d / %d / %d" % (s["text"], s["data"], s["bss"])


def cmd_markdown(args):
    figures = json.load(open(args.figures))
    budgets = read_budgets(args.budgets) if args.budgets and os.path.exists(args.budgets) else []
    budget_of = {(b[0], b[1], b[2], b[3]): b[4] for b in budgets}
    out = []
    w = out.append
    w("# picopsa footprint")
    w("")
    w("Generated by `make report` (tools/report/report.py from the cross builds in")
    w("build/embedded/ and the firmware runs on QEMU); do not edit by hand.")
    w("How the figures are measured, the cycle model and its approximations:")
    w("[docs/embedded.md](embedded.md). Budgets: tools/budgets.txt (enforced by")
    w("`make test`; a budget is shown as `figure (budget)`).")
    w("")
    w("Sizes are bytes `text / data / bss` from the linker map (text includes")
    w("read-only data; flash = text + data; static RAM = data + bss; the stack is")
    w("separate). Images are the library linked with `--gc-sections` from its")
    w("public PSA entry points, plus the entropy hook, newlib-nano's")
    w("memcpy/memset/memcmp (Arm) or ports/freestanding/string.c (RISC-V) and libgcc.")
    w("")
    # Measured by hand (the flow builds the knob's default only): keep in
    # step with docs/ed25519.md and docs/p256.md when either changes.
    w("Every figure is with `PICOPSA_SIGN_FAULT_CHECK` 1, the default (each")
    w("deterministic signature computed twice and checked; docs/fault-injection.md).")
    w("Its cost on the Cortex-M4 at -Os, knob 0 -> 1 (0: measured by hand on the")
    w("issue 21 code before the Ed25519 key tag, which adds one SHA-512 compression):")
    w("Ed25519 sign 490,201 -> 1,000,688 cycles (fast backend), 2,685,612 ->")
    w("5,407,971 (small backend), stack 972 -> 1,068 B; deterministic ECDSA P-256")
    w("sign 2,083,116 -> 3,919,070 cycles, stack 1,948 -> 2,212 B; text about")
    w("+0.15 KB (Ed25519 check and key tag) and +658 B (`p256_ecdsa.c`); +16 B per")
    w("Ed25519 key-pair slot (the key tag).")
    w("")
    order = [t for t in TARGET_TITLES if t in figures["targets"]] + \
        [t for t in figures["targets"] if t not in TARGET_TITLES]
    for target in order:
        t = figures["targets"][target]
        w("## %s" % TARGET_TITLES.get(target, target))
        w("")
        w("Toolchain: %s; flags `%s`; profiles: size `-Os`, perf `-O2`, debug `-Og -g`,"
          " none `-O0 -g`." % (t.get("toolchain") or "?", t.get("flags", "")))
        w("")
        all_ops = figures["operations"].get(target, {})
        ops = {p: v for p, v in all_ops.items() if "+" not in p}
        mhz, part = TARGET_CLOCK.get(target, (REFERENCE_MHZ, "nRF52840"))
        model = figures.get("models", {}).get(target, "cortex-m4")
        if ops:
            profiles = [p for p in ("size", "perf") if p in ops] + \
                       [p for p in ops if p not in ("size", "perf")]
            w("### Operations (cycles, instructions, stack)")
            w("")
            w("%s; time at the %d MHz of an %s = cycles / %d µs. Stack = bytes below"
              " the caller's stack pointer." % (MODEL_TEXT.get(model, model), mhz, part, mhz))
            w("")
            head = "| operation |"
            rule = "|---|"
            for p in profiles:
                head += " %s: cycles | µs @%d MHz | instructions | stack B |" % (p, mhz)
                rule += "---:|---:|---:|---:|"
            w(head)
            w(rule)
            names = sorted({n for p in profiles for n in ops[p]},
                           key=lambda n: (n.startswith(("xcheck_", "fw_")), n))
            for name in names:
                row = "| %s |" % name
                for p in profiles:
                    f = ops[p].get(name)
                    if f is None:
                        row += " - | - | - | - |"
                        continue
                    cells = []
                    for metric in ("cycles", None, "instructions", "stack"):
                        if metric is None:
                            cells.append("%.0f" % (f["cycles"] / mhz))
                            continue
                        v = f[metric]
                        b = budget_of.get((target, p, metric, name))
                        cells.append("%s%s" % (v, " (%d)" % b if b is not None else ""))
                    row += " " + " | ".join(cells) + " |"
                w(row)
            w("")
            w("`xcheck_*` rows are the unicorn cross-check subjects (instruction counts"
              " verified equal in both emulators%s), `fw_*` rows test the app itself."
              % ("" if target.startswith("cortex-m") else "; not run on RV32"))
            w("")
        configs = [c for c in figures.get("configs", [])
                   if "size+" + c in t["profiles"] or "size+" + c in all_ops]
        if configs:
            w("### Product configurations (configs/*.h, profile size)")
            w("")
            w("The firmware app and the full image built with `PICOPSA_CONFIG_FILE=configs/<name>.h`;"
              " cycles as above, `-` = configured out; stack = the deepest of the operations"
              " shown.")
            w("")
            w("| configuration | flash | static RAM | " +
              " | ".join(title for title, _ in CONFIG_OPS) + " | stack B |")
            w("|---|---:|---:|" + "---:|" * len(CONFIG_OPS) + "---:|")
            for c in configs:
                profile = "size+" + c
                img = t["profiles"].get(profile, {}).get("images", {}).get("all")
                cops = all_ops.get(profile, {})
                cells = []
                if img:
                    flash = img["text"] + img["data"]
                    b = budget_of.get((target, profile, "flash", "image:all"))
                    cells += ["%d%s" % (flash, " (%d)" % b if b is not None else ""),
                              "%d" % (img["data"] + img["bss"])]
                else:
                    cells += ["-", "-"]
                stack = 0
                for _, ident in CONFIG_OPS:
                    f = cops.get(ident)
                    if f is None:
                        cells.append("-")
                        continue
                    b = budget_of.get((target, profile, "cycles", ident))
                    cells.append("%d%s" % (f["cycles"], " (%d)" % b if b is not None else ""))
                    stack = max(stack, f["stack"] or 0)
                cells.append("%d" % stack if cops else "-")
                w("| configs/%s.h | %s |" % (c, " | ".join(cells)))
            w("")
        storage_section(w, target, t, all_ops, budget_of, mhz)
        size_profile = t["profiles"].get("size", {}).get("images", {})
        if size_profile:
            w("### Images (profile size)")
            w("")
            w("| image | text / data / bss | flash | static RAM | note |")
            w("|---|---:|---:|---:|---|")
            for variant in ("hash", "ed25519", "rsa", "all"):
                s = size_profile.get(variant)
                if s is None:
                    continue
                note = ""
                if s["unresolved"]:
                    note = "unresolved (not counted): " + ", ".join(s["unresolved"])
                flash = s["text"] + s["data"]
                b = budget_of.get((target, "size", "flash", "image:" + variant))
                w("| %s | %s | %d%s | %d | %s |" % (VARIANT_TITLES.get(variant, variant), fmt_size(s),
                                                   flash, " (%d)" % b if b is not None else "",
                                                   s["data"] + s["bss"], note))
            w("")
        profiles = [p for p in ("size", "perf", "debug", "none") if p in t["profiles"]]
        if profiles and "all" in t["profiles"][profiles[0]]["images"]:
            w("### Size per module (full image), text / data / bss")
            w("")
            w("| module | " + " | ".join(profiles) + " |")
            w("|---|" + "---:|" * len(profiles))
            mods = sorted({m for p in profiles
                           for m in t["profiles"][p]["images"].get("all", {}).get("modules", {})})
            for m in mods:
                cells = []
                for p in profiles:
                    s = t["profiles"][p]["images"].get("all", {}).get("modules", {}).get(m)
                    cells.append(fmt_size(s) if s else "-")
                w("| %s | %s |" % (m, " | ".join(cells)))
            totals = [fmt_size(t["profiles"][p]["images"]["all"]) if "all" in t["profiles"][p]["images"]
                      else "-" for p in profiles]
            w("| **total** | %s |" % " | ".join("**%s**" % x for x in totals))
            w("")
        if not ops:
            w("Cycles and stack are not measured on this target.")
            w("")
    text = "\n".join(out)
    with open(args.out, "w") as f:
        f.write(text)
    return 0


STORAGE_OPS = [("Ed25519 pair", "psa_store_ed25519_pair", "psa_load_ed25519_pair",
                "psa_import_ed25519_pair"),
               ("RSA-2048 pair", "psa_store_rsa2048_pair", "psa_load_rsa2048_pair",
                "psa_import_rsa2048_pair")]


def storage_section(w, target, t, all_ops, budget_of, mhz):
    """Persistent keys with the flash ITS backend (profile size+storage)."""
    profile = "size+storage"
    img = t["profiles"].get(profile, {}).get("images", {}).get("storage")
    sops = all_ops.get(profile, {})
    if not img and not sops:
        return
    def cell(metric, subject, value):
        b = budget_of.get((target, profile, metric, subject))
        return "%d%s" % (value, " (%d)" % b if b is not None else "")
    w("### Persistent keys: flash ITS backend (profile size+storage)")
    w("")
    w("The library built with `PICOPSA_ITS_BACKEND=PICOPSA_ITS_FLASH` (2 sectors of"
      " 4,096 B, 4-byte words; docs/storage.md) and tests/firmware/fw_storage.c: a key"
      " pair stored with `psa_import_key`, a restart (`picopsa_shutdown` +"
      " `psa_crypto_init`), the pair loaded from flash (`pp_slot_get` on a miss: the"
      " record read and checked, the key imported again through its driver), used"
      " against known answers. The flash is a RAM array with NOR rules (reads are"
      " `memcpy`, as on memory-mapped flash; the program and erase times of a real part"
      " are not in the cycles). The other images do not contain storage code.")
    w("")
    if sops:
        w("Store - import and load - import: the storage's own share (the flash write;"
          " reading and checking the record), against the same `psa_import_key` of a"
          " volatile key in the same build.")
        w("")
        w("| key | store: cycles | µs @%d MHz | stack B | load: cycles | µs @%d MHz | stack B"
          " | volatile import: cycles | store - import | load - import |" % (mhz, mhz))
        w("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for title, store, load, imp in STORAGE_OPS:
            cells = []
            for ident in (store, load):
                f = sops.get(ident)
                if f is None:
                    cells += ["-", "-", "-"]
                    continue
                cells += [cell("cycles", ident, f["cycles"]), "%.0f" % (f["cycles"] / mhz),
                          cell("stack", ident, f["stack"])]
            f = sops.get(imp)
            if f is None:
                cells += ["-", "-", "-"]
            else:
                cells.append("%d" % f["cycles"])
                for ident in (store, load):
                    g = sops.get(ident)
                    cells.append("%+d" % (g["cycles"] - f["cycles"]) if g else "-")
            w("| %s | %s |" % (title, " | ".join(cells)))
        f = sops.get("its_get_rsa2048_record")
        if f:
            w("")
            w("Reading the stored RSA-2048 pair's record alone (`pp_its_get`, %d B: store scan, CRC-32"
              " checks, copy; part of its load): %s cycles, %s B of stack." % (
                  40 + 1191, cell("cycles", "its_get_rsa2048_record", f["cycles"]),
                  cell("stack", "its_get_rsa2048_record", f["stack"])))
        f = sops.get("psa_destroy_rsa2048_pair")
        if f:
            w("")
            w("`psa_destroy_key` of the stored RSA-2048 pair (slot wipe and removal record):"
              " %s cycles, %s B of stack." % (cell("cycles", "psa_destroy_rsa2048_pair",
                                                  f["cycles"]),
                                             cell("stack", "psa_destroy_rsa2048_pair",
                                                  f["stack"])))
        w("")
    if img:
        flash = img["text"] + img["data"]
        ram = img["data"] + img["bss"]
        w("| image / part | text / data / bss | flash | static RAM |")
        w("|---|---:|---:|---:|")
        w("| everything + flash ITS backend | %s | %s | %s |" % (
            fmt_size(img), cell("flash", "image:storage", flash), cell("ram", "image:storage", ram)))
        base = t["profiles"].get("size", {}).get("images", {}).get("all")
        if base:
            d = {k: img[k] - base[k] for k in ("text", "data", "bss")}
            w("| difference to the full image (everything, ITS none) | %s | %d | %d |" % (
                fmt_size(d), d["text"] + d["data"], d["data"] + d["bss"]))
        mod = img["modules"].get("src/storage")
        if mod:
            w("| src/storage (ITS API, flash backend, key record) | %s | %s | %d |" % (
                fmt_size(mod), cell("text", "module:src/storage", mod["text"]),
                mod["data"] + mod["bss"]))
        w("")
        if img["unresolved"]:
            w("Not counted: the integrator's flash HAL (%s)." % ", ".join(img["unresolved"]))
            w("")


def cmd_same_figures(args):
    a = json.load(open(args.first))
    b = json.load(open(args.second))
    if a["measurements"] != b["measurements"]:
        diff = sorted(k for k in set(a["measurements"]) | set(b["measurements"])
                      if a["measurements"].get(k) != b["measurements"].get(k))
        print("determinism: FAILED: figures differ between two runs: " + ", ".join(diff))
        return 1
    print("determinism: %d measurements identical over two runs (%s)" % (
        len(a["measurements"]), os.path.basename(args.first)))
    return 0


ALLOWED_UNDEFINED = {"memcpy", "memset", "memcmp", "picopsa_port_entropy"}


def cmd_check_undefined(args):
    failures = checked = 0
    for target in args.targets.split():
        nm = {"rv32imac": "riscv64-unknown-elf-nm"}.get(target, "arm-none-eabi-nm")
        for profile in args.profiles.split():
            lib = os.path.join(args.build, "%s-%s" % (target, profile), "libpicopsa_all.a")
            if not os.path.exists(lib):
                print("symbols: MISSING %s" % lib)
                failures += 1
                continue
            out = subprocess.run([nm, "-g", lib], check=True, capture_output=True, text=True).stdout
            defined = {l.split()[-1] for l in out.splitlines() if len(l.split()) == 3}
            undefined = {l.split()[-1] for l in out.splitlines()
                         if len(l.split()) == 2 and l.split()[0] == "U"}
            external = sorted(u for u in undefined - defined
                              if u not in ALLOWED_UNDEFINED and not u.startswith("__"))
            checked += 1
            if external:
                failures += 1
                print("symbols: FAIL %s-%s references %s" % (target, profile, ", ".join(external)))
    print("symbols: %d libraries checked, %d failed (allowed outside the library: %s, "
          "compiler helpers __*)" % (checked, failures, ", ".join(sorted(ALLOWED_UNDEFINED))))
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--build", required=True)
    c.add_argument("--targets", required=True)
    c.add_argument("--profiles", required=True)
    c.add_argument("--measured", default="size perf")
    c.add_argument("--fw-target", default="cortex-m4f")
    c.add_argument("--fw-targets", default="")
    c.add_argument("--configs", default="")
    c.add_argument("--config-targets", default="")
    c.add_argument("--storage-targets", default="")
    c.add_argument("--out", required=True)
    c = sub.add_parser("check-budgets")
    c.add_argument("--figures", required=True)
    c.add_argument("--budgets", required=True)
    c = sub.add_parser("markdown")
    c.add_argument("--figures", required=True)
    c.add_argument("--budgets")
    c.add_argument("--out", required=True)
    c = sub.add_parser("check-undefined")
    c.add_argument("--build", required=True)
    c.add_argument("--targets", required=True)
    c.add_argument("--profiles", required=True)
    c = sub.add_parser("same-figures")
    c.add_argument("first")
    c.add_argument("second")
    args = ap.parse_args()
    return {"collect": cmd_collect, "check-budgets": cmd_check_budgets,
            "markdown": cmd_markdown, "same-figures": cmd_same_figures,
            "check-undefined": cmd_check_undefined}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
