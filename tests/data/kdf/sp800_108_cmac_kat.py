#!/usr/bin/python3
"""Known answers for PSA_ALG_SP800_108_COUNTER_CMAC (PSA Crypto API 1.2,
10.6.1), computed from the spec's formula with Python `cryptography`'s
AES-CMAC, independently of picopsa:

  K_0 = CMAC(K_IN, Label || 0x00 || Context || [L]_4)
  K_i = CMAC(K_IN, [i]_4 || Label || 0x00 || Context || [L]_4 || K_0)

L = 8 * the output length in bytes (the capacity at the first output).
Prints the C rows of tests/unit/test_sp800_108_cmac.c. The first row
reproduces the CMAC example of ARM-software/psa-api
examples/crypto/SP800-108_counter_KDF/README.md (Nordic, Apache-2.0).
Run: /usr/bin/python3 tests/data/kdf/sp800_108_cmac_kat.py
"""
from cryptography.hazmat.primitives.cmac import CMAC
from cryptography.hazmat.primitives.ciphers import algorithms


def cmac(key, msg):
    c = CMAC(algorithms.AES(key))
    c.update(msg)
    return c.finalize()


def kdf(key, label, context, length):
    fixed = label + b"\x00" + context + (8 * length).to_bytes(4, "big")
    k0 = cmac(key, fixed)
    out = b""
    i = 1
    while len(out) < length:
        out += cmac(key, i.to_bytes(4, "big") + fixed + k0)
        i += 1
    return out[:length]


NORDIC_KEY = bytes.fromhex("0102030405060708090a0b0c0d0e0d0f")
NORDIC_LABEL = b"PSA_ALG_SP800_108_COUNTER Sample"
NORDIC_CONTEXT = b"Sample key creation via SP 800-108r1 Counter mode"

CASES = [
    (NORDIC_KEY, NORDIC_LABEL, NORDIC_CONTEXT, 42),
    (NORDIC_KEY, NORDIC_LABEL, b"", 42),
    (bytes(range(16)), b"", b"", 16),
    (bytes(range(16)), b"label", b"", 1),
    (bytes(range(24)), b"", b"context only", 33),
    (bytes(range(32)), b"a label", b"\x00\x01\x02 context with zeros", 64),
    (bytes(range(32, 64)), b"L", b"C", 100),
]


def c_hex(b):
    return '"' + b.hex() + '"'


if __name__ == "__main__":
    assert kdf(*CASES[0]).hex() == (
        "3c50b55a13b949ad25b4b40fc37f553836b59fa0d074b73c83176d4c105fc217"
        "838ec4a1b07b8abea8f1"), "psa-api example"
    assert kdf(*CASES[1]).hex() == (
        "e1ecfc001e2e9adbd016b3b4f323ce00c10582ec81e1fc1940474ca684f9e507"
        "b58abd03bce523820511"), "psa-api example without context"
    for key, label, context, n in CASES:
        print("    {%s, %s, %s, %s}," % (c_hex(key), c_hex(label), c_hex(context),
                                          c_hex(kdf(key, label, context, n))))
