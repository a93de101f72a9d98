#!/usr/bin/python3
"""Known answers for PSA_ALG_PBKDF2_AES_CMAC_PRF_128 (PSA Crypto API 1.2
10.6.1): PBKDF2 (RFC 8018 5.2) with AES-CMAC-PRF-128 (RFC 4615 3) as the
PRF, computed with Python `cryptography`'s AES-CMAC, independently of
picopsa. Checks the PRF against RFC 4615 section 4 first, then prints the
C rows (password, salt, iterations, output) of
tests/unit/test_pbkdf2_cmac.c.
Run: /usr/bin/python3 tests/data/kdf/pbkdf2_aes_cmac_kat.py
"""
from cryptography.hazmat.primitives.cmac import CMAC
from cryptography.hazmat.primitives.ciphers import algorithms


def cmac(key, msg):
    c = CMAC(algorithms.AES(key))
    c.update(msg)
    return c.finalize()


def prf(vk, msg):
    """RFC 4615 3: K = VK if 16 bytes, else AES-CMAC(0^128, VK)."""
    k = vk if len(vk) == 16 else cmac(bytes(16), vk)
    return cmac(k, msg)


def pbkdf2(password, salt, c, dk_len):
    out = b""
    i = 1
    while len(out) < dk_len:
        u = prf(password, salt + i.to_bytes(4, "big"))
        t = bytearray(u)
        for _ in range(c - 1):
            u = prf(password, u)
            t = bytearray(a ^ b for a, b in zip(t, u))
        out += bytes(t)
        i += 1
    return out[:dk_len]


# RFC 4615 section 4: key, PRF output over M = 000102..13 (20 bytes).
RFC4615 = [
    ("000102030405060708090a0b0c0d0e0fedcb", "84a348a4a45d235babfffc0d2b4da09a"),
    ("000102030405060708090a0b0c0d0e0f", "980ae87b5f4c9c5214f5b6a8455e4c2d"),
    ("00010203040506070809", "290d9e112edb09ee141fcf64c0b72f3d"),
]

CASES = [
    (b"password", b"salt", 1, 16),
    (b"password", b"salt", 2, 20),
    (b"password", b"salt", 4096, 32),
    (b"passwordPASSWORDpassword", b"saltSALTsaltSALTsaltSALTsaltSALTsalt", 4096, 40),
    (b"pass\x00word", b"sa\x00lt", 4096, 16),
    (bytes(range(16)), b"a 16-byte password: K = P", 100, 33),
    (b"", b"", 3, 17),
]

if __name__ == "__main__":
    msg = bytes(range(20))
    for key, want in RFC4615:
        assert prf(bytes.fromhex(key), msg).hex() == want, key
    for p, s, c, n in CASES:
        print('    {"%s", "%s", %d, "%s"},' % (p.hex(), s.hex(), c, pbkdf2(p, s, c, n).hex()))
