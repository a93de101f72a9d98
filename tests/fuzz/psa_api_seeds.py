#!/usr/bin/env python3
"""Write the hand-made seeds of tests/fuzz/fuzz_psa_api.c into
tests/fuzz/corpus/psa_api/ (one small program per file, named seed_*).

The byte layout is the target's (see its rd_* readers and op_* functions);
the helpers below mirror it. Run from the repository root; files the
fuzzer found (other names) are left alone."""
import os
import struct

OPS = {'import': 0, 'generate': 3, 'export': 4, 'copy': 5, 'destroy': 6, 'purge': 7,
       'attr': 8, 'hash': 9, 'hash_multi': 10, 'mac': 12, 'mac_multi': 13, 'sign': 15,
       'verify': 17, 'encrypt': 18, 'decrypt': 20, 'random': 21,
       'kdf': 22, 'agree': 25, 'restart': 26, 'kem': 27, 'mldsa': 29}
# Indices into the target's alg_pool[] and hash_pool[].
ALG = {'none': 0, 'hmac256': 2, 'hmac512': 4, 'trunc16': 8, 'trunc33': 10, 'atleast16': 12,
       'eddsa': 14, 'ed25519ph': 16, 'pkcs1_256': 17, 'pkcs1_any': 19, 'pkcs1_raw': 20,
       'pss256': 21, 'pss_any': 23, 'crypt': 25, 'oaep256': 27, 'oaep_sha1': 30,
       # issue 21: appended to alg_pool[]
       'ecdsa256': 32, 'ecdsa384': 33, 'ecdsa_any': 34, 'det256': 35, 'det_sha1': 36,
       'ecdh': 38, 'hkdf256': 40, 'hkdf512': 41, 'hkdf_sha1': 42, 'extract256': 43,
       'expand256': 44, 'ka_hkdf256': 45, 'ka_extract256': 46, 'hmac_sha1': 47,
       # issue 26
       'mlkem': 49,
       # issue 27
       'mldsa': 51, 'mldsa_det': 52, 'hash_mldsa256': 53, 'det_hash_mldsa256': 54}
# op_kdf actions ((action << 1) | operation object) and input steps
KDF = {'setup': 0, 'bytes': 1, 'key': 3, 'agree': 4, 'capacity': 5, 'output': 6,
       'output_key': 8, 'verify': 9}
STEP = {'secret': 0, 'salt': 1, 'info': 2, 'label': 5}
# kdf_out_types[] / kdf_out_bits[] / agree_types[] indices
OUT_TYPE = {'hmac': 0, 'derive': 1, 'raw': 2, 'password_hash': 4, 'x25519': 6, 'p256': 7}
OUT_BITS = {256: 0, 128: 1, 8: 2, 255: 4, 1024: 6, 512: 7}
PEER = {'p256': 0, 'x25519': 1, 'live0': 2}
HASH = {'sha224': 0, 'sha256': 1, 'sha384': 2, 'sha512': 3, 'sha1': 6, 'any': 9}
LIVE = [0x00, 0x04, 0x08, 0x0c]   # pick_id: live key 0..3
STALE = 0x02
NEVER = 0x0b                      # 0x7fffffff, never issued


def L(n):
    """rd_len encoding of n."""
    if n < 64:
        return bytes([n])
    if n < 256:
        return bytes([0x40, n])
    return bytes([0x80]) + struct.pack('<H', n)


def data(n, seed=1):
    return bytes((i * 37 + seed) & 0xff for i in range(n))


def attr(alg, usage=None, extra=0, persist=None):
    """pick_attr: usage u16, extra byte (0xc0: every defined flag), alg, flags
    (0xa3 + id byte: persistent key PSA_KEY_ID_USER_MIN + persist)."""
    u = struct.pack('<H', usage if usage is not None else 0)
    e = bytes([0xc0 if usage is None else extra])
    if persist is not None:
        return u + e + bytes([ALG[alg], 0xa3, persist])
    return u + e + bytes([ALG[alg], 0])


def import_hmac(n, alg, usage=None, persist=None):
    return bytes([OPS['import'], 0, 0]) + L(n) + data(n, 5) + bytes([0]) + attr(alg, usage,
                                                                              persist=persist)


def import_ec(curve, alg, public=False, usage=None, persist=None):
    """The P-256 (RFC 6979) or X25519 (RFC 7748) constant, pair or public."""
    sub = (6 if curve == 'p256' else 8) + (1 if public else 0)
    return bytes([OPS['import'], sub, 0, 0]) + attr(alg, usage, persist=persist)


def import_derive(n, alg, usage=None):
    """A DERIVE key (garbage_types[2]) of n bytes."""
    return bytes([OPS['import'], 5, 2]) + L(n) + data(n, 13) + bytes([0]) + attr(alg, usage)


def kdf(op, action, *args):
    return bytes([OPS['kdf'], (KDF[action] << 1) | op]) + b''.join(args)


def kdf_setup(op, alg):
    return kdf(op, 'setup', bytes([ALG[alg]]))


def kdf_bytes(op, step, n, seed=7):
    return kdf(op, 'bytes', bytes([STEP[step]]), L(n), data(n, seed))


def kdf_output(op, n):
    return kdf(op, 'output', L(n))


def agree(key, alg, peer, mode=0, make_key=None):
    """op_agree: make_key = agree_types[] index of a key to create too."""
    sel = mode | (0x10 | (make_key << 5) if make_key is not None else 0)
    b = bytes([OPS['agree'], key, ALG[alg], sel, PEER[peer], 0]) + struct.pack('<H', 3)
    if make_key is not None:
        b += attr('none')
    return b


def import_ed(alg, which=0, usage=None, public=False):
    return bytes([OPS['import'], 2 if public else 1, which << 1]) + bytes([0]) + attr(alg, usage)


def import_rsa(alg, which=0, usage=None, public=False):
    return bytes([OPS['import'], 4 if public else 3, which]) + bytes([0]) + attr(alg, usage)


def sign(key, alg, msg_len, is_msg, mode, off=0, hash_len=True):
    b = bytes([OPS['sign'], key, ALG[alg], 1 if is_msg else 0, mode]) + struct.pack('<H', off)
    if not is_msg:
        b += bytes([1 if hash_len else 0])
        if hash_len:
            return b + data(msg_len, 9) + bytes([0])
    return b + L(msg_len) + data(msg_len, 9) + bytes([0])


def encrypt(key, alg, msg_len, mode, off=0, label=None, label_in_out=False, loff=0):
    lsel = (1 if label is not None else 0) | (2 if label_in_out else 0)
    b = bytes([OPS['encrypt'], key, ALG[alg]]) + L(msg_len) + bytes([lsel, mode])
    b += struct.pack('<HH', off, loff) + data(msg_len, 3)
    if label is not None:
        b += L(label) + data(label, 11)
    return b + bytes([0])


def mac(key, alg, msg_len, mode, off=0):
    return (bytes([OPS['mac'], key, ALG[alg]]) + L(msg_len) + bytes([mode, 1]) +
            struct.pack('<H', off) + data(msg_len, 2) + bytes([0]))


def mac_multi(op, case, *args):
    return bytes([OPS['mac_multi'], (case << 1) | op]) + b''.join(args)


# op_kem actions and kem_bits_pool[] / kem_out_types[] indices
KEM = {'import_pair': 0, 'import_public': 1, 'generate': 2, 'encap': 3, 'decap': 5}
KEM_BITS = {768: 0, 512: 1, 1024: 2, 0: 3}
KEM_OUT = {'derive': 0, 'hmac': 1, 'aes': 2, 'raw': 4}


def kem_import_pair(bits, alg='mlkem', usage=None, fuzz_seed=False):
    b = bytes([OPS['kem'], KEM['import_pair'], 1 if fuzz_seed else 0, KEM_BITS[bits]])
    if fuzz_seed:
        b += data(64, 21)
    return b + attr(alg, usage)


def kem_import_public(from_key, bits, alg='mlkem'):
    """The public key of live key from_key (0..15), unmodified."""
    return bytes([OPS['kem'], KEM['import_public'], from_key << 4, KEM_BITS[bits]]) + attr(alg)


def kem_generate(bits, alg='mlkem', usage=None):
    return bytes([OPS['kem'], KEM['generate'], KEM_BITS[bits], 0]) + attr(alg, usage)


def kem_encap(key, out='derive', bits256=False, usage=None, flip=(3, 1)):
    """psa_encapsulate with PSA_ALG_ML_KEM, an exact ciphertext buffer; the
    modified-ciphertext check (a pair that may decapsulate, an exportable
    output key: usage None is every flag) flips byte flip[0] with flip[1];
    flip=None when that check does not run."""
    tsel = KEM_OUT[out] | (0x80 if bits256 else 0)
    b = bytes([OPS['kem'], KEM['encap'], key, 1, tsel, 0]) + attr('none', usage)
    return b + (struct.pack('<H', flip[0]) + bytes([flip[1]]) if flip is not None else b'')


def kem_decap(key, last=True, out='hmac', n=0):
    """psa_decapsulate of the last ciphertext, or of n input bytes."""
    if last:
        return bytes([OPS['kem'], KEM['decap'], key, 1, 0, KEM_OUT[out]]) + attr('none')
    return bytes([OPS['kem'], KEM['decap'], key, 1, 7, KEM_OUT[out]]) + L(n) + data(n, 17) + attr('none')


# op_mldsa: dsa_bits_pool[] indices
DSA_BITS = {192: 0, 128: 1, 256: 2, 0: 3}


def mldsa_import_seed(bits, alg, usage=None):
    return bytes([OPS['mldsa'], 0, 0, DSA_BITS[bits]]) + data(32, 29) + attr(alg, usage)


def mldsa_import_public(from_key, bits, alg):
    return bytes([OPS['mldsa'], 1, from_key << 4, DSA_BITS[bits]]) + attr(alg)


def mldsa_generate(bits, alg, usage=None):
    return bytes([OPS['mldsa'], 2, 0, DSA_BITS[bits]]) + attr(alg, usage)


def hash_multi(op, case, *args):
    return bytes([OPS['hash_multi'], (case << 1) | op]) + b''.join(args)


SEEDS = {
    'seed_ed25519_sign_in_place': import_ed('eddsa') + sign(LIVE[0], 'eddsa', 40, True, 1),
    'seed_ed25519_sign_overlap_mid': import_ed('eddsa', 1) + sign(LIVE[0], 'eddsa', 100, True, 3, 7),
    'seed_ed25519ph_sign_hash_in_place': import_ed('ed25519ph') + sign(LIVE[0], 'ed25519ph', 64, False, 1),
    'seed_rsa_pkcs1_sign_in_place': import_rsa('pkcs1_256') + sign(LIVE[0], 'pkcs1_256', 32, False, 1),
    'seed_rsa_pss_sign_in_place': import_rsa('pss256', 1) + sign(LIVE[0], 'pss256', 32, False, 2, 5),
    'seed_rsa_pkcs1_encrypt_in_place': import_rsa('crypt') + encrypt(LIVE[0], 'crypt', 20, 1),
    'seed_rsa_oaep_encrypt_in_place': import_rsa('oaep256', 1, public=True) +
        encrypt(LIVE[0], 'oaep256', 30, 1, label=5),
    'seed_rsa_oaep_label_in_output': import_rsa('oaep256') +
        encrypt(LIVE[0], 'oaep256', 10, 0, label=8, label_in_out=True, loff=5),
    'seed_rsa_decrypt_garbage': import_rsa('crypt') +
        bytes([OPS['decrypt'], LIVE[0], ALG['crypt'], 1, 1]) + struct.pack('<H', 0) +
        bytes([1]) + data(128, 4) + bytes([0, 0]),
    'seed_hmac_mac_overlap': import_hmac(32, 'hmac256') + mac(LIVE[0], 'hmac256', 50, 3, 4) +
        mac(LIVE[0], 'trunc16', 10, 1),
    'seed_hmac_multipart_destroyed_key': import_hmac(20, 'hmac256') +
        mac_multi(0, 0, bytes([LIVE[0], ALG['hmac256']])) +
        mac_multi(0, 2, L(10), data(10)) +
        bytes([OPS['destroy'], LIVE[0]]) +
        mac_multi(0, 2, L(3), data(3)) + mac_multi(0, 4, bytes([0])) + mac_multi(0, 6),
    'seed_hmac_multipart_verify': import_hmac(64, 'hmac512') +
        mac_multi(1, 1, bytes([LIVE[0], ALG['hmac512']])) +
        mac_multi(1, 2, L(100), data(100)) + mac_multi(1, 5, bytes([0])),
    'seed_hash_multipart': hash_multi(0, 0, bytes([HASH['sha256']])) +
        hash_multi(0, 1, L(70), data(70)) + hash_multi(0, 5) +
        hash_multi(0, 3, bytes([0])) + hash_multi(1, 4, bytes([0])) +
        hash_multi(1, 0, bytes([HASH['sha512']])) + hash_multi(1, 1, L(3), data(3)) +
        hash_multi(1, 6, bytes([0])) + hash_multi(1, 3, bytes([0])),
    'seed_hash_oneshot_overlap': bytes([OPS['hash'], HASH['sha384']]) + L(200) + bytes([2]) +
        struct.pack('<H', 3) + data(200) + bytes([0, 0]) +
        bytes([OPS['hash'], HASH['sha256']]) + L(3) + bytes([0, 0, 0]) + data(3) + bytes([0, 1, 0]),
    'seed_usage_undefined_bits': bytes([OPS['import'], 0, 0]) + L(16) + data(16) + bytes([0]) +
        struct.pack('<H', 0x0400) + bytes([0x5a]) + struct.pack('<I', 0xffffffff) +
        bytes([ALG['hmac256'], 0]),
    'seed_key_management': import_hmac(16, 'hmac256', usage=0x0401) +
        bytes([OPS['export'], LIVE[0], 0, 0]) + bytes([OPS['export'], LIVE[0], 1, 0]) +
        bytes([OPS['copy'], LIVE[0], 0]) + attr('hmac256') +
        import_hmac(16, 'hmac256', usage=0x0403) +
        bytes([OPS['copy'], LIVE[1], 0]) + attr('hmac256', usage=0x0401) +
        bytes([OPS['attr'], LIVE[2], OPS['purge'], LIVE[0], OPS['destroy'], LIVE[0],
               OPS['attr'], STALE, OPS['destroy'], STALE, OPS['destroy'], NEVER,
               OPS['export'], STALE, 0, 0]),
    'seed_generate_and_use': bytes([OPS['generate'], 2]) + attr('eddsa') +
        sign(LIVE[0], 'eddsa', 10, True, 0) +
        bytes([OPS['generate'], 0]) + attr('hmac256') + mac(LIVE[1], 'hmac256', 5, 0) +
        bytes([OPS['random']]) + L(40) + bytes([OPS['export'], LIVE[1], 1, 0]),
    'seed_rsa_generate_sign_encrypt': bytes([OPS['generate'], 3]) + attr('pss256') +
        sign(LIVE[0], 'pss256', 32, False, 1) + encrypt(LIVE[0], 'crypt', 10, 0),
    'seed_verify_garbage': import_ed('eddsa', public=True) + import_rsa('pss_any', public=True) +
        bytes([OPS['verify'], LIVE[0], ALG['eddsa'], 1]) + L(5) + data(5) + L(64) + data(64) +
        bytes([OPS['verify'], LIVE[1], ALG['pss256'], 0]) + L(32) + data(32) + L(128) + data(128),
    'seed_stale_and_policy': import_ed('eddsa', usage=0x0800) +
        sign(LIVE[0], 'eddsa', 10, True, 0) + sign(NEVER, 'eddsa', 10, True, 0) +
        import_rsa('pkcs1_any', usage=0x1000) + sign(LIVE[1], 'pkcs1_256', 32, False, 0) +
        sign(LIVE[1], 'pss256', 32, False, 0),
    # issue 21: P-256, X25519, key derivation and agreement, persistent keys
    'seed_p256_sign_verify': import_ec('p256', 'ecdsa256') +
        sign(LIVE[0], 'ecdsa256', 40, True, 1) + sign(LIVE[0], 'ecdsa256', 32, False, 2, 3) +
        import_ec('p256', 'det256') + sign(LIVE[1], 'det256', 50, True, 3, 9) +
        import_ec('p256', 'ecdsa_any', public=True) +
        bytes([OPS['verify'], LIVE[2], ALG['ecdsa_any'], 0]) + L(20) + data(20) + L(64) + data(64) +
        bytes([OPS['export'], LIVE[0], 1, 0, OPS['export'], LIVE[0], 0, 0]),
    'seed_p256_deterministic_sha1': import_ec('p256', 'det_sha1') +
        sign(LIVE[0], 'det_sha1', 20, False, 1) + sign(LIVE[0], 'det_sha1', 9, True, 2, 4),
    'seed_x25519_agreement': import_ec('x25519', 'ecdh') + agree(LIVE[0], 'ecdh', 'x25519', 1) +
        agree(LIVE[0], 'ecdh', 'x25519', 2, make_key=0) + agree(LIVE[0], 'ecdh', 'p256', 0) +
        import_ec('x25519', 'ecdh', public=True) + bytes([OPS['export'], LIVE[1], 1, 0]),
    'seed_p256_ecdh_overlap': import_ec('p256', 'ecdh') + agree(LIVE[0], 'ecdh', 'p256', 2) +
        agree(LIVE[0], 'ecdh', 'p256', 3, make_key=1) + bytes([OPS['export'], LIVE[1], 0, 0]),
    'seed_hkdf_bytes': kdf_setup(0, 'hkdf256') + kdf_bytes(0, 'salt', 13) +
        kdf_bytes(0, 'secret', 22) + kdf_bytes(0, 'info', 10) + kdf_output(0, 42) +
        kdf_output(0, 10) + kdf(0, 'verify', bytes([4]), L(16), data(16)) +
        kdf(0, 'capacity', bytes([1])) + kdf(0, 'verify', bytes([3])),
    'seed_hkdf_output_key': import_derive(32, 'hkdf256') + kdf_setup(1, 'hkdf256') +
        kdf_bytes(1, 'salt', 8) + kdf(1, 'key', bytes([STEP['secret'], LIVE[0]])) +
        kdf_bytes(1, 'info', 5) + kdf(1, 'output_key', bytes([OUT_TYPE['hmac'], OUT_BITS[256]]),
                                      attr('hmac256')) +
        bytes([OPS['export'], LIVE[1], 0, 0]) + mac(LIVE[1], 'hmac256', 12, 0) +
        kdf(1, 'output_key', bytes([OUT_TYPE['x25519'], OUT_BITS[255]]), attr('ecdh')) +
        kdf_output(1, 30),
    'seed_hkdf_extract_expand': kdf_setup(0, 'extract256') + kdf_bytes(0, 'salt', 16) +
        kdf_bytes(0, 'secret', 40) + kdf_output(0, 32) + kdf_output(0, 1) +
        kdf_setup(1, 'expand256') + kdf_bytes(1, 'secret', 32) + kdf_bytes(1, 'info', 7) +
        kdf(1, 'capacity', bytes([0, 0]), L(50)) + kdf_output(1, 50) + kdf_output(1, 1),
    'seed_kdf_key_agreement': import_ec('x25519', 'ka_hkdf256') + kdf_setup(0, 'ka_hkdf256') +
        kdf_bytes(0, 'salt', 4) + kdf(0, 'agree', bytes([STEP['secret'], LIVE[0], PEER['x25519']])) +
        kdf_bytes(0, 'info', 3) + kdf_output(0, 20) +
        kdf(0, 'output_key', bytes([OUT_TYPE['derive'], OUT_BITS[128]]), attr('hkdf256')),
    'seed_kdf_order_and_policy': import_derive(16, 'hkdf512', usage=0x0001) +
        kdf_setup(0, 'hkdf256') + kdf_bytes(0, 'info', 3) + kdf_bytes(0, 'secret', 3) +
        kdf(0, 'key', bytes([STEP['secret'], LIVE[0]])) + kdf_output(0, 5) +
        kdf_setup(1, 'hkdf_sha1') + kdf_bytes(1, 'secret', 20) + kdf_bytes(1, 'info', 2) +
        kdf(1, 'capacity', bytes([0, 0]), L(10)) + kdf_output(1, 11) + kdf_output(1, 1),
    'seed_persistent_restart': import_hmac(24, 'hmac256', persist=0) +
        import_ec('p256', 'ecdsa256', persist=1) + import_hmac(16, 'hmac256') +
        import_hmac(24, 'hmac256', persist=0) +
        bytes([OPS['restart']]) + mac(LIVE[0], 'hmac256', 9, 0) +
        sign(LIVE[1], 'ecdsa256', 10, True, 0) + bytes([OPS['purge'], LIVE[0]]) +
        bytes([OPS['export'], LIVE[0], 0, 0, OPS['restart'], OPS['destroy'], LIVE[1]]) +
        bytes([OPS['attr'], STALE, OPS['restart']]),
    # psa_key_agreement of a PASSWORD_HASH key (spec 10.9.2 refuses it): the
    # reproducer of issue 21 item 1.7 once FZ_GATE_AGREEMENT_TYPES is 0.
    'seed_key_agreement_password_hash': import_ec('x25519', 'ecdh') +
        agree(LIVE[0], 'ecdh', 'x25519', 0, make_key=4),
    'seed_generate_ec': bytes([OPS['generate'], 5]) + attr('det256') +
        sign(LIVE[0], 'det256', 32, False, 1) + bytes([OPS['generate'], 6]) + attr('ecdh') +
        agree(LIVE[1], 'ecdh', 'live0', 0) + bytes([OPS['export'], LIVE[1], 1, 0]),
    # issue 26: ML-KEM through psa_encapsulate / psa_decapsulate
    'seed_mlkem768_round_trip': kem_import_pair(768) + kem_encap(LIVE[0]) +
        kem_decap(LIVE[0]) + bytes([OPS['export'], LIVE[1], 0, 0, OPS['export'], LIVE[0], 1, 0]),
    'seed_mlkem_public_encap': kem_generate(512) + kem_import_public(0, 512) +
        kem_encap(LIVE[1], 'hmac', True, flip=None) + kem_decap(LIVE[0]) + kem_decap(LIVE[1]) +
        kem_decap(LIVE[0], last=False, n=768) + kem_decap(LIVE[0], last=False, n=767),
    'seed_mlkem1024_policy': kem_import_pair(1024, usage=0x0100, fuzz_seed=True) +
        kem_encap(LIVE[0], 'aes', flip=None) + kem_decap(LIVE[0]) +
        kem_import_pair(1024, alg='hkdf256') + kem_encap(LIVE[2], flip=None) +
        kem_import_pair(0) + kem_encap(LIVE[0], 'raw', flip=None),
    # issue 27: ML-DSA through op_sign / op_verify
    'seed_mldsa65_sign_verify': mldsa_import_seed(192, 'mldsa') + sign(LIVE[0], 'mldsa', 40, True, 0) +
        sign(LIVE[0], 'mldsa', 0, True, 0) + mldsa_import_public(0, 192, 'mldsa') +
        bytes([OPS['verify'], LIVE[1], ALG['mldsa'], 1]) + L(5) + data(5) + L(20) + data(20) + bytes([1]) +
        bytes([OPS['export'], LIVE[0], 0, 0, OPS['export'], LIVE[1], 1, 0]),
    'seed_mldsa_deterministic_overlap': mldsa_import_seed(128, 'mldsa_det') +
        sign(LIVE[0], 'mldsa_det', 60, True, 1) + sign(LIVE[0], 'mldsa_det', 60, True, 3, 11) +
        sign(LIVE[0], 'mldsa', 10, True, 0),
    'seed_mldsa_hash_variants': mldsa_generate(256, 'hash_mldsa256') +
        sign(LIVE[0], 'hash_mldsa256', 32, False, 2, 4) + sign(LIVE[0], 'hash_mldsa256', 9, True, 0) +
        mldsa_import_seed(192, 'det_hash_mldsa256') + sign(LIVE[1], 'det_hash_mldsa256', 32, False, 1) +
        sign(LIVE[1], 'mldsa', 32, False, 0) + mldsa_import_seed(0, 'mldsa'),
    'seed_mlkem_persistent': kem_import_pair(768, alg='mlkem') +
        bytes([OPS['kem'], KEM['import_pair'], 0, KEM_BITS[768]]) + attr('mlkem', persist=2) +
        bytes([OPS['restart']]) + kem_encap(LIVE[0]) + kem_decap(LIVE[0]),
}

if __name__ == '__main__':
    out_dir = os.path.join('tests', 'fuzz', 'corpus', 'psa_api')
    os.makedirs(out_dir, exist_ok=True)
    for name, blob in SEEDS.items():
        with open(os.path.join(out_dir, name), 'wb') as f:
            f.write(blob)
    print('%d seeds written to %s' % (len(SEEDS), out_dir))
