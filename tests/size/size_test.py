#!/usr/bin/env python3
"""picopsa size test (make test-size, docs/testing.md): a family that is
configured out costs zero bytes, at -Os and at -O0.

For Cortex-M4 (cmake/toolchains/cortex-m4f.cmake, arm-none-eabi-gcc), the
library is built with the top-level CMake project as docs/building.md tells a
product team to (toolchain file, PICOPSA_PROFILE, PICOPSA_CONFIG_FILE; the
library gets -ffunction-sections -fdata-sections), and each app of
tests/size/ is compiled and linked with --gc-sections:

  checked (fail on any byte of the other family), profiles size and none:
    app_ed25519.c with configs/ed25519_only.h: nothing of src/rsa, src/bignum
    app_ed25519.c with configs/ed25519_small.h: nothing of src/rsa, src/bignum,
                  nor of the fast Ed25519 backend (fe/ge/sc25519.c, ed25519.c)
    app_rsa.c     with configs/rsa_only.h:     nothing of src/ed25519, sha512.c
    app_lms.c     with configs/lms_verify_only.h: nothing of any other family,
                  nor of Keccak (SHA-256 parameter sets only); and src/lms
                  in none of the other apps (PSA_WANT_ALG_LMS / _HSS 0)
    app_p384.c    with configs/p384_secure_boot.h: nothing of any other
                  family, nor P-384's secret-key code (signing, key
                  generation, ECDH: PICOPSA_P384_VERIFY_ONLY)
    the three apps above, and app_ed25519.c and app_rsa.c in the default
                  configuration (-Os): nothing of the ciphers (AES, the
                  modes of src/cipher, ChaCha20), which they do not call,
                  nor of ML-KEM (src/mlkem, psa_kem.c, dispatch_kem.c:
                  PSA_WANT_ALG_ML_KEM is 0 in those headers and on MCUs)
                  nor of ML-DSA (src/mldsa: PSA_WANT_ALG_ML_DSA likewise)
    app_cipher.c  (every cipher function) with tests/size/cipher_aes.h:
                  nothing of src/chacha20; with tests/size/cipher_none.h:
                  nothing of src/aes, src/cipher, src/chacha20; with
                  cipher_chacha20.h: nothing of src/aes, nor of the AES
                  modes (cipher_block.c, cipher_stream.c, cipher_xts.c);
                  with cipher_no_xts.h: nothing of cipher_xts.c
  checked with --pending only (PENDING: rows a known defect of src/
                  blocks; none today)
  reported (printed, never fail), profile size, default configuration:
    app_ed25519.c and app_rsa.c: bytes of the other family they carry
    app_cipher.c: bytes of AES, the modes and ChaCha20 it carries, and
                  with tests/size/cipher_xts.h (XTS opted in) of XTS
    app_lms.c: src/lms bytes, the image without LMS (tests/size/lms_none.h)
               and with the SHAKE256 sets (tests/size/lms_shake.h)
    app_p384.c: src/p384 and sha512.c bytes in the P-384 verifier

"Of a family" is decided twice: by the linker map (every input section from
an object of the family's files, statics and tables included) and by nm on
the ELF (symbols named like the family, wherever they were compiled: an
inline function of a family header emitted into a front-end object at -O0).

Also checked: configs/everything.h gives the preprocessor the same settings
as no header at all (host gcc and arm-none-eabi-gcc -dM).

usage: size_test.py [--build build/size-test] [--jobs 2] [--only NAME] [--pending]
Exit 0: all checks passed, or arm-none-eabi-gcc is missing (SKIPPED is printed).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools", "report"))
import report  # noqa: E402  (section_kind: which output sections are allocated)

CROSS = "arm-none-eabi-"
TOOLCHAIN = os.path.join(ROOT, "cmake", "toolchains", "cortex-m4f.cmake")
ARCH = report.toolchain_info("cortex-m4f")[1].split()  # PICOPSA_ARCH_FLAGS of the toolchain file
PROFILE_FLAGS = {"size": ["-Os"], "none": ["-O0", "-g"]}
WARN = ["-std=c99", "-Wall", "-Wextra", "-Wpedantic", "-Wconversion", "-Werror"]

# Families: the library files whose objects belong to them, and the symbol
# names nm must not show. fe/ge/sc25519 match the old and the pp_ names.
FAMILIES = {
    "RSA": {
        # pp_ct_extract.c: the PKCS#1 v1.5 / OAEP message extraction (src/common/ since issue 10).
        "files": re.compile(r"^src/(rsa/|bignum/|common/pp_ct_extract)"),
        "symbols": re.compile(r"^(pp_rsa_|pp_bn_|rsa_|pp_ct_extract)"),
    },
    "Ed25519": {
        "files": re.compile(r"^src/(ed25519|curve25519)/"),
        "symbols": re.compile(r"^(pp_ed25519|pp_eddsa_|ed25519|(pp_)?(fe|ge|sc)25519_)"),
    },
    # Issue 15: X25519 (src/x25519; its field is src/curve25519, counted
    # with Ed25519 above) and HKDF / the key derivation front end.
    "X25519+KDF": {
        "files": re.compile(r"^src/(x25519/|kdf/|core/psa_key_(derivation|agreement)\.c|dispatch/dispatch_key_agreement\.c)"),
        "symbols": re.compile(r"^(pp_x25519|pp_hkdf|pp_fe51_|pp_dispatch_key_agreement|pp_core_key_agreement)"),
    },
    # The fast Ed25519 backend (comb tables, its field, group and scalar
    # code; src/curve25519/ once the field moves there): the small backend
    # (configs/ed25519_small.h) must link none of it.
    "Ed25519 fast backend": {
        "files": re.compile(r"^src/(ed25519|curve25519)/(fe25519|ge25519|sc25519|ed25519)(_invert)?\.c$"),
        "symbols": re.compile(r"^(pp_)?(fe|ge|sc)25519_"),
    },
    "P-256": {
        "files": re.compile(r"^src/p256/"),
        "symbols": re.compile(r"^pp_p256_"),
    },
    # Issue 25 sec. 2: P-384, off by default on MCUs (PSA_WANT_ECC_SECP_R1_384).
    "P-384": {
        "files": re.compile(r"^src/p384/"),
        "symbols": re.compile(r"^pp_p384_"),
    },
    # What PICOPSA_P384_VERIFY_ONLY leaves out: the code that takes d.
    "P-384 secret-key code": {
        "files": re.compile(r"(?!)"),
        "symbols": re.compile(r"^pp_p384_(ecdsa_sign|public_key$|public_key_ct|private_key_check|ecdh|"
                              r"key_agreement|generate)"),
    },
    "SHA-512": {
        "files": re.compile(r"^src/hash/sha512\.c$"),
        "symbols": re.compile(r"^(pp_sha512|pp_sha384|sha512_|sha384_)"),
    },
    # Issue 16: SHA-1 and SHA-512/t are off by default on MCUs, and the
    # hardware hash paths exist only on x86-64 / AArch64 Linux.
    "SHA-1": {
        "files": re.compile(r"^src/hash/(sha1|sha_x86|sha_arm)\.c$"),
        "symbols": re.compile(r"^(pp_sha1|sha1_|pp_sha_hw)"),
    },
    "SHA-512/t": {
        "files": re.compile(r"^$"),
        "symbols": re.compile(r"^(pp_)?sha512_2(24|56)_"),
    },
    # Issue 22: the unauthenticated ciphers. The AES block function and its
    # backends, the modes (cipher.c routes every cipher, ChaCha20 included),
    # the AES modes alone (what a ChaCha20-only build must not keep) and
    # ChaCha20 / XChaCha20.
    "AES": {
        "files": re.compile(r"^src/aes/"),
        "symbols": re.compile(r"^pp_aes_"),
    },
    "cipher modes": {
        "files": re.compile(r"^src/cipher/"),
        "symbols": re.compile(r"^pp_cipher_"),
    },
    "AES modes": {
        "files": re.compile(r"^src/cipher/cipher_(block|stream|xts)\.c$"),
        "symbols": re.compile(r"^pp_cipher_(block|stream|xts)_"),
    },
    "XTS": {
        "files": re.compile(r"^src/cipher/cipher_xts\.c$"),
        "symbols": re.compile(r"^pp_cipher_xts_"),
    },
    "ChaCha20": {
        "files": re.compile(r"^src/chacha20/"),
        "symbols": re.compile(r"^pp_(x|h)?chacha20"),
    },
    # Issue 26: ML-KEM (the primitive, its driver mlkem_psa.c, the key-
    # encapsulation front end and dispatch); PSA_WANT_ALG_ML_KEM is 0 on MCUs.
    "ML-KEM": {
        "files": re.compile(r"^src/(mlkem/|core/psa_kem\.c$|dispatch/dispatch_kem\.c$)"),
        "symbols": re.compile(r"^(pp_mlkem|pp_dispatch_(en|de)capsulate)"),
    },
    # Issue 27: ML-DSA (src/mldsa: the primitive and its driver);
    # PSA_WANT_ALG_ML_DSA is 0 on MCUs and in the single-family headers.
    "ML-DSA": {
        "files": re.compile(r"^src/mldsa/"),
        "symbols": re.compile(r"^pp_mldsa"),
    },
    # Issue 27: LMS / HSS verification (src/lms: the verifier and its
    # driver); PSA_WANT_ALG_LMS / _HSS are 0 on MCUs and in the
    # single-family headers.
    "LMS": {
        "files": re.compile(r"^src/lms/"),
        "symbols": re.compile(r"^pp_(lms|hss)_"),
    },
    # Keccak and SHA-3 / SHAKE (src/hash/keccak.c, sha3.c): not in an
    # LMS image without PICOPSA_LMS_SHAKE.
    "Keccak": {
        "files": re.compile(r"^src/hash/(keccak|sha3)\.c$"),
        "symbols": re.compile(r"^pp_(keccak|sha3_|shake)"),
    },
    # Persistent keys (issue 13): PICOPSA_ITS_BACKEND defaults to NONE on MCUs.
    "storage": {
        "files": re.compile(r"^src/storage/"),
        "symbols": re.compile(r"^(pp_its_|psa_its_|pp_key_record|pp_crc32|pp_slot_(allocate_persistent|commit|purge|get_attributes)|picopsa_flash_)"),
    },
}

# (name, app, config header or None, profile, families that must be absent)
# Every app that calls no cipher function must link none of the cipher
# families: configured out in the single-family configs/ headers, built and
# unused in the default configuration (the unused-cipher rows); app_cipher.c
# calls all of them and is linked with them configured out.
UNUSED_CIPHERS = ["AES", "cipher modes", "ChaCha20"]
LMS_ABSENT = ["RSA", "Ed25519", "X25519+KDF", "P-256", "P-384", "SHA-512", "SHA-1", "SHA-512/t", "storage",
              "ML-KEM", "ML-DSA", "Keccak"] + UNUSED_CIPHERS
P384_ABSENT = ["RSA", "Ed25519", "X25519+KDF", "P-256", "P-384 secret-key code", "SHA-1", "SHA-512/t",
               "storage", "ML-KEM", "ML-DSA", "LMS", "Keccak"] + UNUSED_CIPHERS
CHECKED = [
    ("ed25519-only-Os", "app_ed25519.c", "configs/ed25519_only.h", "size", ["RSA", "X25519+KDF", "P-256", "P-384", "SHA-1", "SHA-512/t", "storage", "ML-KEM", "ML-DSA", "LMS"] + UNUSED_CIPHERS),
    ("ed25519-only-O0", "app_ed25519.c", "configs/ed25519_only.h", "none", ["RSA", "X25519+KDF", "P-256", "P-384", "SHA-1", "SHA-512/t", "storage", "ML-KEM", "ML-DSA", "LMS"] + UNUSED_CIPHERS),
    ("rsa-only-Os", "app_rsa.c", "configs/rsa_only.h", "size", ["Ed25519", "SHA-512", "X25519+KDF", "P-256", "P-384", "SHA-1", "SHA-512/t", "storage", "ML-KEM", "ML-DSA", "LMS"] + UNUSED_CIPHERS),
    ("rsa-only-O0", "app_rsa.c", "configs/rsa_only.h", "none", ["Ed25519", "SHA-512", "X25519+KDF", "P-256", "P-384", "SHA-1", "SHA-512/t", "storage", "ML-KEM", "ML-DSA", "LMS"] + UNUSED_CIPHERS),
    ("ed25519-small-Os", "app_ed25519.c", "configs/ed25519_small.h", "size", ["RSA", "Ed25519 fast backend", "X25519+KDF", "P-256", "P-384", "SHA-1", "SHA-512/t", "storage", "ML-KEM", "ML-DSA", "LMS"] + UNUSED_CIPHERS),
    ("ed25519-small-O0", "app_ed25519.c", "configs/ed25519_small.h", "none", ["RSA", "Ed25519 fast backend", "X25519+KDF", "P-256", "P-384", "SHA-1", "SHA-512/t", "storage", "ML-KEM", "ML-DSA", "LMS"] + UNUSED_CIPHERS),
    # The default configuration: the ciphers are built, and unused.
    ("unused-cipher-ed25519-Os", "app_ed25519.c", None, "size", UNUSED_CIPHERS + ["ML-KEM", "ML-DSA", "LMS", "P-384"]),
    ("unused-cipher-rsa-Os", "app_rsa.c", None, "size", UNUSED_CIPHERS + ["ML-KEM", "ML-DSA", "LMS", "P-384"]),
    # Issue 27: the secure-boot verifier (configs/lms_verify_only.h, SHA-256
    # sets only): no other family, no Keccak.
    ("lms-verify-only-Os", "app_lms.c", "configs/lms_verify_only.h", "size", LMS_ABSENT),
    ("lms-verify-only-O0", "app_lms.c", "configs/lms_verify_only.h", "none", LMS_ABSENT),
    # Issue 25 sec. 2: the P-384 secure-boot verifier
    # (configs/p384_secure_boot.h): no other family, no P-384 signing.
    ("p384-verify-only-Os", "app_p384.c", "configs/p384_secure_boot.h", "size", P384_ABSENT),
    ("p384-verify-only-O0", "app_p384.c", "configs/p384_secure_boot.h", "none", P384_ABSENT),
    # Configured out under an app that calls every cipher function.
    ("cipher-aes-Os", "app_cipher.c", "tests/size/cipher_aes.h", "size", ["ChaCha20"]),
    ("cipher-aes-O0", "app_cipher.c", "tests/size/cipher_aes.h", "none", ["ChaCha20"]),
    ("cipher-none-Os", "app_cipher.c", "tests/size/cipher_none.h", "size", UNUSED_CIPHERS),
    ("cipher-none-O0", "app_cipher.c", "tests/size/cipher_none.h", "none", UNUSED_CIPHERS),
    ("cipher-chacha20-Os", "app_cipher.c", "tests/size/cipher_chacha20.h", "size", ["AES", "AES modes"]),
    ("cipher-chacha20-O0", "app_cipher.c", "tests/size/cipher_chacha20.h", "none", ["AES", "AES modes"]),
    ("cipher-no-xts-Os", "app_cipher.c", "tests/size/cipher_no_xts.h", "size", ["XTS"]),
    ("cipher-no-xts-O0", "app_cipher.c", "tests/size/cipher_no_xts.h", "none", ["XTS"]),
]
# Checked like CHECKED, but only with --pending: rows blocked by a known
# defect of src/ (none today; the AES-less cipher rows moved to CHECKED
# once issue 22 fixed dispatch_cipher.c, psa_cipher.c and cipher.c).
PENDING = [
]
REPORTED = [
    ("default-ed25519-Os", "app_ed25519.c", None, "size", ["RSA", "SHA-1", "SHA-512/t"]),
    ("default-rsa-Os", "app_rsa.c", None, "size", ["Ed25519", "SHA-512", "SHA-1", "SHA-512/t"]),
    # What the cipher families cost when used (default configuration).
    ("default-cipher-Os", "app_cipher.c", None, "size", ["AES", "cipher modes", "XTS", "ChaCha20"]),
    # XTS is off on MCUs by default: what it costs when opted in.
    ("xts-cipher-Os", "app_cipher.c", "tests/size/cipher_xts.h", "size", ["AES", "cipher modes", "XTS"]),
    # What LMS costs in the verifier (docs/lms.md): src/lms in the
    # verify-only image; the same app without LMS (lms_none.h: the
    # difference of the totals is LMS beyond SHA-256 and the core); with
    # the SHAKE256 sets (lms_shake.h: Keccak added).
    ("lms-cost-Os", "app_lms.c", "configs/lms_verify_only.h", "size", ["LMS", "Keccak"]),
    ("lms-none-Os", "app_lms.c", "tests/size/lms_none.h", "size", ["LMS", "Keccak"]),
    ("lms-shake-Os", "app_lms.c", "tests/size/lms_shake.h", "size", ["LMS", "Keccak"]),
    # What the P-384 verifier costs (issue 25: <= 6 KB of src/p384 beyond
    # SHA-384 on Cortex-M4 -Os; budget in tools/budgets.txt's
    # size+p384_secure_boot rows).
    ("p384-cost-Os", "app_p384.c", "configs/p384_secure_boot.h", "size", ["P-384", "SHA-512"]),
]


def run(cmd, log=None, quiet=False, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if quiet and r.returncode == 0 and (r.stdout or r.stderr):
        sys.stderr.write(r.stdout + r.stderr)
        raise SystemExit("size-test: FAILED: diagnostics from: " + " ".join(cmd))
    if log is not None:
        with open(log, "a") as f:
            f.write("$ " + " ".join(cmd) + "\n" + r.stdout + r.stderr)
    if r.returncode != 0:
        sys.stderr.write(r.stdout + r.stderr)
        raise SystemExit("size-test: FAILED: command failed: " + " ".join(cmd))
    return r


def build_library(build, config, profile, jobs):
    """The library as a product builds it; returns (build dir, libpicopsa.a)."""
    tag = (os.path.splitext(os.path.basename(config))[0] if config else "default") + "-" + profile
    out = os.path.join(build, tag)
    log = os.path.join(build, tag + ".log")
    if os.path.exists(log):
        os.remove(log)
    cmd = ["cmake", "-S", ROOT, "-B", out, "--log-level=WARNING",
           "-DCMAKE_TOOLCHAIN_FILE=" + TOOLCHAIN, "-DPICOPSA_PROFILE=" + profile,
           "-DPICOPSA_WERROR=ON",
           "-DPICOPSA_CONFIG_FILE=" + (os.path.join(ROOT, config) if config else "")]
    run(cmd, log)
    run(["cmake", "--build", out, "-j%d" % jobs], log)
    return out, os.path.join(out, "libpicopsa.a")


def link_app(out, lib, app, config, profile, name):
    """Compile and link one app (docs/building.md's recipe); returns (elf, map)."""
    src = os.path.join(ROOT, "tests", "size", app)
    obj = os.path.join(out, name + ".o")
    elf = os.path.join(out, name + ".elf")
    mapf = os.path.join(out, name + ".map")
    defs = ['-DPICOPSA_CONFIG_FILE="%s"' % os.path.join(ROOT, config)] if config else []
    run([CROSS + "gcc"] + ARCH + PROFILE_FLAGS[profile] + WARN +
        ["-ffunction-sections", "-fdata-sections", "-I" + os.path.join(ROOT, "include")] +
        defs + ["-c", src, "-o", obj], quiet=True)
    run([CROSS + "gcc"] + ARCH + ["--specs=nano.specs", "--specs=nosys.specs",
                                  "-Wl,--gc-sections", "-Wl,-Map=" + mapf, obj, lib, "-o", elf],
        quiet=True)
    return elf, mapf


def library_files():
    """archive member (bignum.c.obj) -> source path relative to ROOT."""
    out = {}
    for d, _, files in os.walk(os.path.join(ROOT, "src")):
        for f in files:
            if f.endswith(".c"):
                out[f + ".obj"] = os.path.relpath(os.path.join(d, f), ROOT).replace(os.sep, "/")
    return out


def map_contributions(mapf, members):
    """[(library source, input section, kind, bytes)] of the allocated input
    sections the image took from libpicopsa.a."""
    contributions = []
    for kind, name, size, origin in report.map_input_sections(mapf):
        m = re.search(r"libpicopsa\.a\(([^()]+)\)$", origin)
        if m:
            contributions.append((members.get(m.group(1), m.group(1)), name, kind, size))
    return contributions


def nm_symbols(elf):
    """[(name, size)] of every defined symbol with a size in the ELF."""
    out = run([CROSS + "nm", "-S", "--defined-only", elf]).stdout
    syms = []
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4:
            syms.append((f[3], int(f[1], 16)))
    return syms


def family_content(family, contributions, syms):
    rule = FAMILIES[family]
    sections = [c for c in contributions if rule["files"].search(c[0])]
    symbols = sorted({s for s in syms if rule["symbols"].search(s[0])}, key=lambda s: -s[1])
    return sections, symbols


def describe(family, sections, symbols, verbose):
    nbytes = sum(c[3] for c in sections)
    lines = ["    %s: %d B from %d input sections of its objects (linker map), %d symbols named like it (nm)"
             % (family, nbytes, len(sections), len(symbols))]
    per_file = {}
    for src, _, kind, size in sections:
        per_file.setdefault(src, {"text": 0, "data": 0, "bss": 0})[kind] += size
    for src in sorted(per_file, key=lambda s: -sum(per_file[s].values())):
        t = per_file[src]
        lines.append("      %-28s text %6d  data %4d  bss %5d" % (src, t["text"], t["data"], t["bss"]))
    shown = sorted(sections, key=lambda c: -c[3])[:40] if verbose else []
    for src, sec, kind, size in shown:
        lines.append("        %6d B  %-5s %s (%s)" % (size, kind, sec, os.path.basename(src)))
    if len(sections) > len(shown) and verbose:
        lines.append("        ... %d more sections" % (len(sections) - len(shown)))
    if symbols:
        lines.append("      symbols: " + ", ".join("%s (%d B)" % s for s in symbols[:40]) +
                     (" ... %d more" % (len(symbols) - 40) if len(symbols) > 40 else ""))
    return nbytes, "\n".join(lines)


def check_everything_header():
    """configs/everything.h must equal the defaults: same -dM settings."""
    ok = True
    for cc, flags in (("gcc", []), (CROSS + "gcc", ARCH + ["-Os"])):
        if shutil.which(cc) is None:
            continue
        def settings(extra):
            out = run([cc] + flags + ["-std=c99", "-E", "-dM", "-I" + os.path.join(ROOT, "include"),
                                      "-I" + ROOT] + extra + ["-x", "c", "-"],
                      input="#include <picopsa/config.h>\n").stdout
            keep = {}
            for line in out.splitlines():
                m = re.match(r"#define ((PSA_WANT_|PICOPSA_)\w+) (.*)$", line)
                if m and m.group(1) not in ("PICOPSA_CONFIG_FILE",) and \
                        not m.group(1).startswith("PICOPSA_CONFIGS_"):
                    keep[m.group(1)] = m.group(3)
            return keep
        base = settings([])
        mine = settings(['-DPICOPSA_CONFIG_FILE="configs/everything.h"'])
        diff = sorted(k for k in set(base) | set(mine) if base.get(k) != mine.get(k))
        if diff:
            ok = False
            print("size-test: FAILED: configs/everything.h differs from the defaults (%s): %s"
                  % (cc, ", ".join("%s=%s vs %s" % (k, mine.get(k), base.get(k)) for k in diff)))
        else:
            print("size-test: configs/everything.h = the defaults of config.h (%s, %d settings)"
                  % (cc, len(base)))
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "size-test"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", help="run the apps whose name contains this")
    ap.add_argument("--pending", action="store_true",
                    help="also run the PENDING rows (checked: blocked by known defects)")
    args = ap.parse_args()
    checked_rows = CHECKED + (PENDING if args.pending else [])

    if shutil.which(CROSS + "gcc") is None:
        print("size-test: SKIPPED: %sgcc not installed (.ci/run installs gcc-arm-none-eabi)" % CROSS)
        return 0
    os.makedirs(args.build, exist_ok=True)
    t0 = time.time()
    ok = check_everything_header()
    members = library_files()
    libs = {}
    for name, app, config, profile, absent in checked_rows + REPORTED:
        if args.only and args.only not in name:
            continue
        key = (config, profile)
        if key not in libs:
            libs[key] = build_library(args.build, config, profile, args.jobs)
        out, lib = libs[key]
        elf, mapf = link_app(out, lib, app, config, profile, name)
        contributions = map_contributions(mapf, members)
        syms = nm_symbols(elf)
        total = {k: sum(c[3] for c in contributions if c[2] == k) for k in ("text", "data", "bss")}
        checked = (name, app, config, profile, absent) in checked_rows
        head = "size-test: %-24s %s, %s, %s: picopsa text %d / data %d / bss %d B" % (
            name, app, config or "default configuration", "-Os" if profile == "size" else "-O0",
            total["text"], total["data"], total["bss"])
        verdicts, details = [], []
        for family in absent:
            sections, symbols = family_content(family, contributions, syms)
            nbytes, text = describe(family, sections, symbols, verbose=checked)
            if sections or symbols:
                details.append(text)
            verdicts.append("%s %d B" % (family, nbytes))
        bad = checked and details
        print(head + "; " + ", ".join(verdicts) +
              (": FAILED" if bad else (": ok" if checked else " (reported, not checked)")))
        if details:
            print("\n".join(details))
        if bad:
            ok = False
            print("    %s links code of a family its configuration (%s) leaves out; map: %s"
                  % (name, config, mapf))
    print("size-test: %s in %.0f s" % ("passed" if ok else "FAILED", time.time() - t0))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
