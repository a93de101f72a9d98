#!/usr/bin/env python3
"""Write the hand-made seeds of tests/fuzz/fuzz_aead.c, fuzz_cipher.c and
fuzz_mac.c into tests/fuzz/corpus/aead/, cipher/ and mac/ (named seed_*; files with
other names, found by the fuzzer, are left alone).

The byte layouts are the targets' (see the comment at the top of each);
the helpers below mirror them. Run from the repository root."""
import os
import struct

AEAD_MECHS = ['gcm128', 'gcm192', 'gcm256', 'ccm128', 'ccm192', 'ccm256', 'chachapoly', 'xchachapoly']
AEAD_KEY = [16, 24, 32, 16, 24, 32, 32, 32]
AEAD_NONCE = [12, 12, 12, 13, 13, 13, 12, 24]


def data(n, seed=1):
    return bytes((i * 37 + seed) & 0xff for i in range(n))


def aead(mech, tag=16, nonce=None, ad=b'', pt=b'', lengths=True, gen=False, lie=0, short=False,
         flip=0, flip_at=0, flip_bit=0, ad_cuts=(), data_cuts=(), policy=0, min_tag=1, wildcard=False):
    """policy: 0 exact, 1 at-least min_tag, 2 default alg; flip: 0 none,
    1 ciphertext/tag, 2 AD, 3 nonce; lie: -1 one short, 1 one long."""
    m = AEAD_MECHS.index(mech)
    nonce_len = AEAD_NONCE[m] if nonce is None else nonce
    b1 = (tag & 0x1f) | (0x20 if wildcard else 0) | (policy << 6)
    b3 = (0x80 if nonce is None else nonce_len)
    flags = (1 if lengths else 0) | (2 if gen else 0) | (4 if lie else 0) | (8 if short else 0) | (flip << 4)
    fl = (flip_at & 0xfff) | ((flip_bit & 7) << 12) | (0x8000 if lie < 0 else 0)
    cuts = len(ad_cuts) | (len(data_cuts) << 2)
    head = bytes([m, b1, (min_tag - 1) % 16, b3, flags]) + struct.pack('<H', fl) + bytes([len(ad), cuts])
    for c in list(ad_cuts) + list(data_cuts):
        head += struct.pack('<H', c)
    return head + data(AEAD_KEY[m], 3) + data(nonce_len, 5) + ad + pt


def aead_seeds():
    s = {}
    msg = data(100, 7)
    for mech in AEAD_MECHS:
        s[mech] = aead(mech, ad=data(20, 9), pt=msg, data_cuts=(1, 17, 30), ad_cuts=(5,))
        s[mech + '_empty'] = aead(mech)
        s[mech + '_flip_tag'] = aead(mech, ad=data(3), pt=msg[:33], flip=1, flip_at=40, flip_bit=3)
        s[mech + '_flip_ad'] = aead(mech, ad=data(13), pt=msg[:16], flip=2, flip_at=7, gen=True)
    for t in (4, 8, 12, 13, 14, 15, 5, 0):
        s['gcm128_tag%d' % t] = aead('gcm128', tag=t, ad=data(4), pt=msg[:31])
    for t in (4, 6, 10, 14, 5):
        s['ccm256_tag%d' % t] = aead('ccm256', tag=t, pt=msg[:47], policy=1, min_tag=6)
    s['chachapoly_tag12'] = aead('chachapoly', tag=12, pt=msg[:8])
    for n in (1, 8, 16, 32, 0):
        s['gcm256_nonce%d' % n] = aead('gcm256', nonce=n, ad=data(17), pt=msg[:65], data_cuts=(15,))
    for n in (6, 7, 11, 14):
        s['ccm128_nonce%d' % n] = aead('ccm128', nonce=n, pt=msg[:24])
    s['xchachapoly_nonce12'] = aead('xchachapoly', nonce=12, pt=msg[:24])
    s['ccm128_no_lengths'] = aead('ccm128', lengths=False, ad=data(4), pt=msg[:20])
    s['gcm128_no_lengths_gen'] = aead('gcm128', lengths=False, gen=True, ad=data(4), pt=msg[:20])
    s['gcm128_lie_long'] = aead('gcm128', lie=1, pt=msg[:20])
    s['ccm128_lie_short'] = aead('ccm128', lie=-1, pt=msg[:20], data_cuts=(7,))
    s['gcm192_short_buffer'] = aead('gcm192', short=True, pt=msg[:9])
    s['gcm128_wildcard'] = aead('gcm128', tag=12, wildcard=True, pt=msg[:9])
    s['gcm128_policy_min'] = aead('gcm128', tag=12, policy=1, min_tag=13, pt=msg[:9])
    s['ccm128_policy_default'] = aead('ccm128', tag=8, policy=2, pt=msg[:9])
    s['chachapoly_flip_nonce'] = aead('chachapoly', flip=3, flip_at=2, pt=msg[:50])
    return s


CIPHER_MODES = ['ecb', 'cbc', 'cbc_pkcs7', 'ctr', 'cfb', 'ofb', 'ccm_star']
CIPHER_IV = {'ecb': 0, 'cbc': 16, 'cbc_pkcs7': 16, 'ctr': 16, 'cfb': 16, 'ofb': 16, 'ccm_star': 13,
             'chacha20': 12, 'xchacha20': 24, 'xts': 16}


def cipher(mode, bits=128, iv=None, msg=b'', wrong_policy=False, gen=False, short=False,
           as_ct=False, cuts=(), iv_bytes=None):
    """mode: one of CIPHER_MODES (AES, bits 128/192/256), xts (AES-bits-XTS,
    a key of twice that) or chacha20 / xchacha20; iv: an IV length (None:
    the mode's own); as_ct: also decrypt msg itself."""
    if mode in CIPHER_MODES:
        m = CIPHER_MODES.index(mode) * 3 + (bits - 128) // 64
        key_len = bits // 8
    elif mode == 'xts':
        m = 23 + (bits - 128) // 64
        key_len = bits // 4
    else:
        m = 21 if mode == 'chacha20' else 22
        key_len = 32
    iv_len = CIPHER_IV[mode] if iv is None else iv
    b1 = 0x80 if iv is None else iv_len
    flags = (1 if wrong_policy else 0) | (2 if gen else 0) | (4 if short else 0) | (8 if as_ct else 0)
    head = bytes([m, b1, flags, len(cuts)])
    for c in cuts:
        head += struct.pack('<H', c)
    ivb = iv_bytes if iv_bytes is not None else data(iv_len, 5)
    return head + data(key_len, 3) + ivb + msg


def cipher_seeds():
    s = {}
    msg = data(100, 7)
    for mode in CIPHER_MODES + ['chacha20', 'xchacha20']:
        for bits in ((128, 192, 256) if mode in CIPHER_MODES else (256,)):
            name = '%s%d' % (mode, bits)
            whole = mode in ('ecb', 'cbc')
            s[name] = cipher(mode, bits, msg=msg[:96] if whole else msg, cuts=(1, 15, 33), as_ct=True)
        s[mode + '_empty'] = cipher(mode, msg=b'', as_ct=True)
        s[mode + '_gen_short'] = cipher(mode, msg=msg[:32], gen=True, short=True, cuts=(16,))
        s[mode + '_wrong_policy'] = cipher(mode, msg=msg[:16], wrong_policy=True)
        s[mode + '_iv_wrong'] = cipher(mode, iv=CIPHER_IV[mode] + 1, msg=msg[:16])
        s[mode + '_no_iv'] = cipher(mode, iv=0, msg=msg[:16])
    s['ecb_partial'] = cipher('ecb', msg=msg[:17], cuts=(3,))
    s['cbc_partial'] = cipher('cbc', msg=msg[:33], short=True)
    s['cbc_pkcs7_block'] = cipher('cbc_pkcs7', msg=msg[:48], as_ct=True, cuts=(16, 16))
    s['cbc_pkcs7_as_ct_odd'] = cipher('cbc_pkcs7', msg=msg[:20], as_ct=True)
    s['chacha20_iv16'] = cipher('chacha20', iv=16, msg=msg, cuts=(63, 2))
    s['chacha20_counter_end'] = cipher('chacha20', iv=16, msg=msg, cuts=(64,),
                                       iv_bytes=b'\xff\xff\xff\xff' + data(12, 5))
    s['chacha20_counter_last'] = cipher('chacha20', iv=16, msg=msg[:64],
                                        iv_bytes=b'\xff\xff\xff\xff' + data(12, 5))
    for bits in (128, 192, 256):
        s['xts%d' % bits] = cipher('xts', bits, msg=msg, cuts=(1, 15, 33), as_ct=True)
        s['xts%d_stolen' % bits] = cipher('xts', bits, msg=msg[:17], cuts=(16,), as_ct=True)
    s['xts_short'] = cipher('xts', msg=msg[:15], short=True, as_ct=True)
    s['xts_block'] = cipher('xts', bits=256, msg=msg[:16], gen=True, short=True)
    s['xts_iv_wrong'] = cipher('xts', iv=15, msg=msg[:32])
    s['xts_no_iv'] = cipher('xts', iv=0, msg=msg[:32])
    s['xts_wrong_policy'] = cipher('xts', msg=msg[:32], wrong_policy=True)
    # Key1 == Key2 (the zero key): refused at setup
    s['xts_equal_keys'] = (bytes([23, 0x80, 8, 0]) + bytes(32) + data(16, 5) + msg[:32])
    return s


MAC_MECHS = ['hmac_sha1', 'hmac_sha224', 'hmac_sha256', 'hmac_sha384', 'hmac_sha512',
             'cmac128', 'cmac192', 'cmac256']


def mac(mech, trunc=0, at_least=None, key_len=32, msg=b'', flip=None, short=False, short_tag=False,
        cuts=()):
    """trunc: 0 full length, else PSA_ALG_TRUNCATED_MAC; at_least: the
    policy's minimum (None: the exact algorithm); flip: the tag byte to
    flip in a verify."""
    m = MAC_MECHS.index(mech)
    if m >= 5:
        key_len = 16 + 8 * (m - 5)
    b1 = trunc | (0x80 if at_least is not None else 0)
    b2 = (at_least - 1) if at_least is not None else 0
    flags = (1 | ((flip & 0x7f) << 1) if flip is not None else 0) | (2 if short else 0) | (4 if short_tag else 0)
    head = bytes([m, b1, b2, (key_len - 1) & 0xff, flags & 0xff, len(cuts)])
    for c in cuts:
        head += struct.pack('<H', c)
    return head + data(key_len, 3) + msg


def mac_seeds():
    s = {}
    msg = data(300, 7)
    for mech in MAC_MECHS:
        s[mech] = mac(mech, msg=msg, cuts=(1, 63, 64, 100), flip=5, short_tag=True)
        s[mech + '_empty'] = mac(mech, short=True)
        s[mech + '_trunc10'] = mac(mech, trunc=10, msg=msg[:65], flip=9, at_least=8)
        s[mech + '_trunc3'] = mac(mech, trunc=3, msg=msg[:16])
        s[mech + '_trunc_long'] = mac(mech, trunc=63, msg=msg[:16])
        s[mech + '_policy_min'] = mac(mech, trunc=8, at_least=12, msg=msg[:16])
    s['hmac_sha256_key200'] = mac('hmac_sha256', key_len=200, msg=msg[:70], cuts=(7,))
    s['hmac_sha512_key1'] = mac('hmac_sha512', key_len=1, msg=msg[:129])
    s['hmac_sha384_at_least_full'] = mac('hmac_sha384', at_least=48, msg=msg[:10])
    return s


def write(subdir, seeds):
    d = os.path.join('tests', 'fuzz', 'corpus', subdir)
    os.makedirs(d, exist_ok=True)
    for name in os.listdir(d):
        if name.startswith('seed_'):
            os.remove(os.path.join(d, name))
    for name, blob in seeds.items():
        with open(os.path.join(d, 'seed_' + name), 'wb') as f:
            f.write(blob)
    print('%s: %d seeds' % (d, len(seeds)))


if __name__ == '__main__':
    write('aead', aead_seeds())
    write('cipher', cipher_seeds())
    write('mac', mac_seeds())
