#!/usr/bin/env python3
"""lms_vectors.py -- an independent LMS / HSS signer and verifier (RFC 8554,
with the SP 800-208 / RFC 9858 parameter sets: SHA-256/192, SHAKE256/256,
SHAKE256/192), written from the RFC text with hashlib only.

It exists to produce known answers for the parameter sets RFC 8554's
appendix F does not cover (n = 24, SHAKE256), which picopsa's C verifier
(src/lms) is checked against in tests/unit/test_lms.c. The C test reads the
generated files; it never runs Python.

    tools/lms_vectors.py verify FILE      check a vector file (pk/msg/sig)
    tools/lms_vectors.py generate DIR     write DIR/sp800208_*.txt
    tools/lms_vectors.py cheader OUT NAME=FILE...
                                          C arrays of vector files (the
                                          firmware's tests/firmware/fw_lms_vectors.h)

Key generation follows RFC 8554 appendix A (the pseudorandom x[i] from a
seed, I and q); the seeds and identifiers are fixed, so the files are
reproducible. Signing here is a test tool: it keeps no state and would
reuse one-time keys if run twice on one seed for different messages.
"""
import hashlib
import struct
import sys

D_PBLC, D_MESG, D_LEAF, D_INTR = 0x8080, 0x8181, 0x8282, 0x8383

# LM-OTS typecodes (RFC 8554 table 1; SP 800-208 4.1 table 1 / RFC 9858):
# type -> (hash, n, w, p, ls)
LMOTS = {}
for base, hname, n in ((1, "sha256", 32), (5, "sha256", 24), (9, "shake", 32), (13, "shake", 24)):
    for k, w in enumerate((1, 2, 4, 8)):
        u = (8 * n + w - 1) // w
        v = (((2 ** w - 1) * u).bit_length() + w - 1) // w
        LMOTS[base + k] = (hname, n, w, u + v, 16 - v * w)
# LMS typecodes (RFC 8554 table 2; SP 800-208 4.2 table 2): type -> (hash, m, h)
LMS = {}
for base, hname, m in ((5, "sha256", 32), (10, "sha256", 24), (15, "shake", 32), (20, "shake", 24)):
    for k, h in enumerate((5, 10, 15, 20, 25)):
        LMS[base + k] = (hname, m, h)


def H(hname, n, data):
    if hname == "sha256":
        return hashlib.sha256(data).digest()[:n]
    return hashlib.shake_256(data).digest(n)


def u32(x):
    return struct.pack(">I", x)


def u16(x):
    return struct.pack(">H", x)


def coef(s, i, w):
    return (2 ** w - 1) & (s[(i * w) // 8] >> (8 - (w * (i % (8 // w)) + w)))


def cksm(s, n, w, ls):
    total = 0
    for i in range((n * 8) // w):
        total += 2 ** w - 1 - coef(s, i, w)
    return u16((total << ls) & 0xFFFF)


def ots_x(otype, I, q, seed):
    hname, n, w, p, ls = LMOTS[otype]
    # RFC 8554 appendix A: x_q[i] = H(I || u32str(q) || u16str(i) || u8str(0xff) || SEED)
    return [H(hname, n, I + u32(q) + u16(i) + b"\xff" + seed) for i in range(p)]


def chain(hname, n, I, q, i, start, stop, tmp):
    for j in range(start, stop):
        tmp = H(hname, n, I + u32(q) + u16(i) + bytes([j]) + tmp)
    return tmp


def ots_pub(otype, I, q, x):
    hname, n, w, p, ls = LMOTS[otype]
    y = [chain(hname, n, I, q, i, 0, 2 ** w - 1, x[i]) for i in range(p)]
    return H(hname, n, I + u32(q) + u16(D_PBLC) + b"".join(y))


def ots_sign(otype, I, q, x, msg, C):
    hname, n, w, p, ls = LMOTS[otype]
    Q = H(hname, n, I + u32(q) + u16(D_MESG) + C + msg)
    Qc = Q + cksm(Q, n, w, ls)
    y = [chain(hname, n, I, q, i, 0, coef(Qc, i, w), x[i]) for i in range(p)]
    return u32(otype) + C + b"".join(y)


def ots_candidate(otype, I, q, sig, msg):
    hname, n, w, p, ls = LMOTS[otype]
    C = sig[4:4 + n]
    Q = H(hname, n, I + u32(q) + u16(D_MESG) + C + msg)
    Qc = Q + cksm(Q, n, w, ls)
    z = []
    for i in range(p):
        y = sig[4 + n + i * n:4 + n + (i + 1) * n]
        z.append(chain(hname, n, I, q, i, coef(Qc, i, w), 2 ** w - 1, y))
    return H(hname, n, I + u32(q) + u16(D_PBLC) + b"".join(z))


class LmsKey:
    """A whole LMS tree in memory (small heights only)."""

    def __init__(self, ltype, otype, I, seed):
        self.ltype, self.otype, self.I, self.seed = ltype, otype, I, seed
        hname, m, h = LMS[ltype]
        self.hname, self.m, self.h = hname, m, h
        leaves = 2 ** h
        self.T = {}
        for r in range(2 * leaves - 1, 0, -1):
            if r >= leaves:
                q = r - leaves
                K = ots_pub(otype, I, q, ots_x(otype, I, q, seed))
                self.T[r] = H(hname, m, I + u32(r) + u16(D_LEAF) + K)
            else:
                self.T[r] = H(hname, m, I + u32(r) + u16(D_INTR) + self.T[2 * r] + self.T[2 * r + 1])

    def public(self):
        return u32(self.ltype) + u32(self.otype) + self.I + self.T[1]

    def sign(self, q, msg):
        n = LMOTS[self.otype][1]
        C = H(self.hname, n, b"C" + self.seed + u32(q))    # any value works; fixed here
        ots = ots_sign(self.otype, self.I, q, ots_x(self.otype, self.I, q, self.seed), msg, C)
        r = 2 ** self.h + q
        path = b""
        for _ in range(self.h):
            path += self.T[r ^ 1]
            r //= 2
        return u32(q) + ots + u32(self.ltype) + path


def lms_parse_sig(sig, off):
    """Length of the LMS signature at sig[off:], from its own typecodes."""
    otype = struct.unpack(">I", sig[off + 4:off + 8])[0]
    _, n, _, p, _ = LMOTS[otype]
    ltype = struct.unpack(">I", sig[off + 8 + n * (p + 1):off + 12 + n * (p + 1)])[0]
    _, m, h = LMS[ltype]
    return 12 + n * (p + 1) + m * h


def lms_verify(pk, msg, sig):
    ltype, otype = struct.unpack(">II", pk[:8])
    hname, m, h = LMS[ltype]
    I, T1 = pk[8:24], pk[24:]
    _, n, _, p, _ = LMOTS[otype]
    if len(pk) != 24 + m or len(sig) != 12 + n * (p + 1) + m * h:
        return False
    q = struct.unpack(">I", sig[:4])[0]
    if struct.unpack(">I", sig[4:8])[0] != otype or q >= 2 ** h:
        return False
    if struct.unpack(">I", sig[8 + n * (p + 1):12 + n * (p + 1)])[0] != ltype:
        return False
    K = ots_candidate(otype, I, q, sig[4:8 + n * (p + 1)], msg)
    path = sig[12 + n * (p + 1):]
    r = 2 ** h + q
    tmp = H(hname, m, I + u32(r) + u16(D_LEAF) + K)
    i = 0
    while r > 1:
        node = path[i * m:(i + 1) * m]
        if r & 1:
            tmp = H(hname, m, I + u32(r // 2) + u16(D_INTR) + node + tmp)
        else:
            tmp = H(hname, m, I + u32(r // 2) + u16(D_INTR) + tmp + node)
        r //= 2
        i += 1
    return tmp == T1


def hss_verify(pk, msg, sig):
    L = struct.unpack(">I", pk[:4])[0]
    key = pk[4:]
    nspk = struct.unpack(">I", sig[:4])[0]
    if nspk + 1 != L:
        return False
    off = 4
    for _ in range(nspk):
        sl = lms_parse_sig(sig, off)
        s = sig[off:off + sl]
        off += sl
        ltype = struct.unpack(">I", sig[off:off + 4])[0]
        pl = 24 + LMS[ltype][1]
        child = sig[off:off + pl]
        off += pl
        if not lms_verify(key, child, s):
            return False
        key = child
    return lms_verify(key, msg, sig[off:])


def read_vector(path):
    fields = {}
    for line in open(path):
        if line.startswith("#") or ":" not in line:
            continue
        k, v = line.split(":", 1)
        fields[k.strip()] = bytes.fromhex(v.strip())
    return fields


def hss_sign(levels, msg, leaf=(3, 1)):
    """levels: [(ltype, otype)] top first; a fresh tree per level."""
    keys = []
    for d, (lt, ot) in enumerate(levels):
        I = H("sha256", 16, b"picopsa-lms-I" + bytes([d, lt, ot]))
        seed = H("sha256", LMOTS[ot][1], b"picopsa-lms-seed" + bytes([d, lt, ot]))
        keys.append(LmsKey(lt, ot, I, seed))
    pk = u32(len(levels)) + keys[0].public()
    sig = u32(len(levels) - 1)
    for d in range(len(levels) - 1):
        child = keys[d + 1].public()
        sig += keys[d].sign(leaf[d % 2], child) + child
    sig += keys[-1].sign(leaf[(len(levels) - 1) % 2], msg)
    return pk, sig


def generate(outdir):
    msg = b"picopsa LMS known answer: SP 800-208 parameter set\n"
    sets = []
    # Every LM-OTS W of each of the three SP 800-208 hash families, H5 trees.
    # (RFC 8554 appendix F has SHA-256 n = 32 with W4 and W8 only.)
    for lbase, obase, name in ((5, 1, "sha256_256"), (10, 5, "sha256_192"), (15, 9, "shake256_256"),
                               (20, 13, "shake256_192")):
        for k, w in enumerate((1, 2, 4, 8)):
            if lbase != 5 or w < 4:
                sets.append(("%s_h5_w%d" % (name, w), [(lbase, obase + k)]))
    # HSS, L = 2, across families at the two levels, and L = 3.
    sets.append(("hss_l2_shake256_192_sha256", [(20, 16), (5, 3)]))
    sets.append(("hss_l3_sha256_192", [(10, 8), (10, 7), (10, 8)]))
    for name, levels in sets:
        pk, sig = hss_sign(levels, msg)
        assert hss_verify(pk, msg, sig)
        kind = "HSS, L = %d" % len(levels)
        with open("%s/sp800208_%s.txt" % (outdir, name), "w") as f:
            f.write("# Generated by tools/lms_vectors.py (%s; LMS/LM-OTS typecodes %s)\n"
                    % (kind, ", ".join("%#x/%#x" % lv for lv in levels)))
            f.write("pk: %s\nmsg: %s\nsig: %s\n" % (pk.hex(), msg.hex(), sig.hex()))


def cheader(out, pairs):
    lines = ["/* Generated by tools/lms_vectors.py cheader from tests/data/vectors/lms/:",
             " * do not edit. */",
             "#ifndef PICOPSA_FW_LMS_VECTORS_H", "#define PICOPSA_FW_LMS_VECTORS_H", "",
             "#include <stdint.h>", ""]
    for pair in pairs:
        name, path = pair.split("=", 1)
        v = read_vector(path)
        lines.append("/* %s */" % path.split("/")[-1])
        for field in ("pk", "msg", "sig"):
            data = v[field]
            lines.append("static const uint8_t %s_%s[%d] = {" % (name, field, len(data)))
            for i in range(0, len(data), 16):
                lines.append("    " + " ".join("0x%02x," % b for b in data[i:i + 16]))
            lines.append("};")
        lines.append("")
    lines.append("#endif")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "cheader":
        cheader(sys.argv[2], sys.argv[3:])
        return 0
    if len(sys.argv) == 3 and sys.argv[1] == "verify":
        v = read_vector(sys.argv[2])
        ok = hss_verify(v["pk"], v["msg"], v["sig"])
        print("%s: %s" % (sys.argv[2], "valid" if ok else "INVALID"))
        return 0 if ok else 1
    if len(sys.argv) == 3 and sys.argv[1] == "generate":
        generate(sys.argv[2])
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
