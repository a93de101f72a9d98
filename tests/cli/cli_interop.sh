#!/usr/bin/env bash
# cli_interop.sh -- the picopsa tool against the installed `openssl` program.
#
# Usage: cli_interop.sh PICOPSA_BINARY CASE
#   CASE: ed25519 | rsa1024 | rsa2048 | rsa3072 | rsa4096 | dgst | errors |
#         store | store_errors | x25519 | ec | enc | mac | kdf | mlkem
# ctest runs each case as cli_<CASE> (CMakeLists.txt). Every check prints
# "ok"/"FAIL" with what it compared; the script exits 1 when any failed,
# 77 (ctest: Skipped) when openssl is not installed.
#
# Key cases: keys made by each tool read by the other in every format
# (PKCS#8 / PKCS#1 / SPKI / RSAPublicKey, PEM and DER) and compared byte by
# byte after a canonical re-encoding; signatures by each verified by the
# other for every padding (Ed25519 and PKCS#1 v1.5 byte-identical);
# encryption by each decrypted by the other (PKCS#1 v1.5, OAEP with and
# without label, SHA-256 and SHA-384/512); corrupted inputs fail on both
# sides, with no output file from picopsa.
set -u

PICOPSA=${1:?usage: cli_interop.sh PICOPSA CASE}
CASE=${2:?usage: cli_interop.sh PICOPSA CASE}
command -v openssl >/dev/null 2>&1 || { echo "openssl not installed: skipped"; exit 77; }
# What this build has (picopsa version -a): a case whose subject is
# configured out (configs/ed25519_only.h, configs/rsa_only.h) is skipped.
features=$("$PICOPSA" version -a) || { echo "picopsa version -a failed"; exit 1; }
need() {
    local f
    for f in "$@"; do
        case "$f" in
        rsa) grep -q "^RSA: yes" <<<"$features" || { echo "RSA configured out: skipped"; exit 77; } ;;
        ed25519) grep -q "^Ed25519: yes" <<<"$features" || { echo "Ed25519 configured out: skipped"; exit 77; } ;;
        x25519) grep -q "^X25519: yes" <<<"$features" || { echo "X25519 configured out: skipped"; exit 77; } ;;
        p256) grep -q "^P-256: yes (ECDSA yes, deterministic ECDSA yes, ECDH yes)" <<<"$features" ||
            { echo "P-256 (ECDSA, deterministic ECDSA, ECDH) configured out: skipped"; exit 77; } ;;
        p384) grep -q "^P-384: yes (ECDSA yes, deterministic ECDSA yes, ECDH yes)" <<<"$features" ||
            { echo "P-384 (ECDSA, deterministic ECDSA, ECDH) configured out: skipped"; exit 77; } ;;
        *) grep -q "^hashes:.* $f\b" <<<"$features" || { echo "$f configured out: skipped"; exit 77; } ;;
        esac
    done
}
# The key store cases need the file ITS backend (version -a says so).
store_supported() {
    grep -q "^key store: .*persistent keys: ITS file backend" <<<"$features" || { echo "no file key store: skipped"; exit 77; }
}
# has NAME: the build has this hash (optional checks).
has() { grep -q "^hashes:.* $1\b" <<<"$features"; }
# The test vectors of the tree (tests/data/vectors), found before the cd.
VECTORS=$(cd "$(dirname "${BASH_SOURCE[0]}")/../data/vectors" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/picopsa-cli.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
# The key store of every case is private to it (the file ITS backend).
export PICOPSA_ITS_DIR="$T/its"
fails=0
checks=0

ok() { checks=$((checks + 1)); echo "ok   $*"; }
fail() { checks=$((checks + 1)); fails=$((fails + 1)); echo "FAIL $*"; }
# check DESCRIPTION COMMAND...: the command must succeed.
check() { local d=$1; shift; if "$@" >cmd.out 2>cmd.err; then ok "$d"; else fail "$d"; cat cmd.err; fi; }
# refuse DESCRIPTION COMMAND...: the command must fail (nonzero exit).
refuse() { local d=$1; shift; if "$@" >cmd.out 2>cmd.err; then fail "$d (succeeded)"; else ok "$d"; fi; }
# same DESCRIPTION FILE1 FILE2: byte-identical.
same() { if cmp -s "$2" "$3"; then ok "$1"; else fail "$1 ($2 != $3)"; fi; }
P() { "$PICOPSA" "$@"; }
O() { openssl "$@"; }

# picopsa failed cleanly: exit status 1, exactly one line on stderr naming
# the file, and no output file.
clean_failure() {
    local d=$1 file=$2 out=$3; shift 3
    rm -f "$out"
    "$@" >cmd.out 2>cmd.err
    local rc=$?
    local lines
    lines=$(wc -l <cmd.err)
    if [ "$rc" -ne 1 ]; then fail "$d: exit $rc, expected 1"; cat cmd.err; return; fi
    if [ "$lines" -ne 1 ]; then fail "$d: $lines lines on stderr, expected 1"; cat cmd.err; return; fi
    if ! grep -qF -- "$file" cmd.err; then fail "$d: message does not name $file"; cat cmd.err; return; fi
    if [ -e "$out" ] || ls "$out".tmp.* >/dev/null 2>&1; then fail "$d: output file left behind"; return; fi
    ok "$d ($(cat cmd.err))"
}

head -c 1000 /dev/urandom >msg.bin
printf 'the quick brown fox' >msg.txt

# ---- keys both ways ----------------------------------------------------------
# keys_both_ways PREFIX KIND(ed25519|rsa) LABEL: PREFIX.o.pem by openssl, PREFIX.p.pem by picopsa.
keys_both_ways() {
    local f=$1 kind=$2 k=$3 who
    for who in o p; do
        local key=$f.$who.pem
        # Reference encodings by openssl.
        O pkey -in "$key" -out ref.priv.pem
        O pkey -in "$key" -pubout -out ref.pub.pem
        # Every form made by openssl is read by picopsa and re-encoded.
        O pkey -in "$key" -outform DER -out o.p8.der
        O pkey -in "$key" -pubout -outform DER -out o.spki.der
        check "$k/$who: picopsa reads openssl PKCS#8 PEM" P pkey -in ref.priv.pem -out x.pem
        same "$k/$who: PKCS#8 PEM re-encoded identically" ref.priv.pem x.pem
        check "$k/$who: picopsa reads openssl PKCS#8 DER" P pkey -in o.p8.der -inform DER -out x.pem
        same "$k/$who: PKCS#8 DER -> PEM identical" ref.priv.pem x.pem
        O pkcs8 -topk8 -nocrypt -in "$key" -outform DER -out o.pk8.der
        check "$k/$who: picopsa reads openssl pkcs8 -topk8 DER" P pkey -in o.pk8.der -inform DER -out x.pem
        same "$k/$who: PKCS#8 DER (pkcs8 -topk8) -> PEM identical" ref.priv.pem x.pem
        check "$k/$who: picopsa reads openssl SPKI PEM" P pkey -in ref.pub.pem -pubin -out x.pem
        same "$k/$who: SPKI PEM identical" ref.pub.pem x.pem
        check "$k/$who: picopsa reads openssl SPKI DER" P pkey -in o.spki.der -pubin -inform DER -out x.pem
        same "$k/$who: SPKI DER -> PEM identical" ref.pub.pem x.pem
        check "$k/$who: picopsa -pubout" P pkey -in "$key" -pubout -out x.pem
        same "$k/$who: picopsa -pubout = openssl -pubout" ref.pub.pem x.pem
        check "$k/$who: picopsa -text" P pkey -in "$key" -text -noout -out x.txt
        O pkey -in "$key" -text -noout -out ref.txt
        same "$k/$who: -text identical to openssl" ref.txt x.txt
        check "$k/$who: picopsa -check" P pkey -in "$key" -check -noout -out x.txt
        # Every form made by picopsa is read by openssl.
        P pkey -in "$key" -outform DER -out p.p8.der
        O pkey -in "$key" -outform DER -out ref.p8.der
        same "$k/$who: private key DER identical (RSA: PKCS#1, as OpenSSL 3.0)" ref.p8.der p.p8.der
        check "$k/$who: openssl reads picopsa private DER" O pkey -in p.p8.der -inform DER -out x.pem
        same "$k/$who: openssl re-encodes picopsa private DER identically" ref.priv.pem x.pem
        P pkey -in "$key" -pubout -outform DER -out p.spki.der
        same "$k/$who: SPKI DER identical" o.spki.der p.spki.der
        check "$k/$who: openssl reads picopsa SPKI DER" O pkey -pubin -in p.spki.der -inform DER -pubout -out x.pem
        same "$k/$who: openssl re-encodes picopsa SPKI identically" ref.pub.pem x.pem
        if [ "$kind" = rsa ]; then
            # PKCS#1: openssl rsa -traditional / -RSAPublicKey_out.
            O rsa -in "$key" -traditional -out o.p1.pem 2>/dev/null
            O rsa -in "$key" -traditional -outform DER -out o.p1.der 2>/dev/null
            O rsa -in "$key" -RSAPublicKey_out -out o.rpk.pem 2>/dev/null
            O rsa -in "$key" -RSAPublicKey_out -outform DER -out o.rpk.der 2>/dev/null
            check "$k/$who: picopsa reads openssl RSA PRIVATE KEY" P pkey -in o.p1.pem -out x.pem
            same "$k/$who: PKCS#1 -> PKCS#8 identical" ref.priv.pem x.pem
            check "$k/$who: picopsa reads openssl RSAPrivateKey DER" P pkey -in o.p1.der -inform DER -out x.pem
            same "$k/$who: PKCS#1 DER -> PKCS#8 identical" ref.priv.pem x.pem
            check "$k/$who: picopsa reads openssl RSA PUBLIC KEY" P pkey -in o.rpk.pem -pubin -out x.pem
            same "$k/$who: RSAPublicKey -> SPKI identical" ref.pub.pem x.pem
            check "$k/$who: picopsa reads openssl RSAPublicKey DER" P pkey -in o.rpk.der -pubin -inform DER -out x.pem
            same "$k/$who: RSAPublicKey DER -> SPKI identical" ref.pub.pem x.pem
            P pkey -in "$key" -traditional -out p.p1.pem
            same "$k/$who: picopsa -traditional = openssl rsa -traditional" o.p1.pem p.p1.pem
            P pkey -in "$key" -traditional -outform DER -out p.p1.der
            same "$k/$who: PKCS#1 DER identical" o.p1.der p.p1.der
            P pkey -in "$key" -RSAPublicKey_out -out p.rpk.pem
            same "$k/$who: picopsa -RSAPublicKey_out = openssl's" o.rpk.pem p.rpk.pem
            check "$k/$who: openssl reads picopsa RSA PRIVATE KEY" O rsa -in p.p1.pem -check -noout
            check "$k/$who: openssl reads picopsa RSA PUBLIC KEY" O rsa -RSAPublicKey_in -in p.rpk.pem -noout
        fi
    done
}

# ---- signatures both ways ------------------------------------------------------
# sig_pair DESC IDENTICAL(1|0) OPENSSL-SIGN-ARGS -- PICOPSA-SIGN-ARGS
# (the verify commands take the same arguments).
sig_both_ways() {
    local d=$1 identical=$2 key=$3 pub=$4 input=$5; shift 5
    local args=("$@")
    O pkeyutl -sign -inkey "$key" -in "$input" -out o.sig "${args[@]}" 2>o.err || { fail "$d: openssl sign"; cat o.err; return; }
    check "$d: picopsa sign" P pkeyutl -sign -inkey "$key" -in "$input" -out p.sig "${args[@]}"
    if [ "$identical" = 1 ]; then same "$d: signatures byte-identical" o.sig p.sig; fi
    check "$d: picopsa verifies openssl's" P pkeyutl -verify -pubin -inkey "$pub" -in "$input" -sigfile o.sig "${args[@]}"
    grep -q "^Signature Verified Successfully$" cmd.out && ok "$d: picopsa verify message" || fail "$d: picopsa verify message"
    check "$d: openssl verifies picopsa's" O pkeyutl -verify -pubin -inkey "$pub" -in "$input" -sigfile p.sig "${args[@]}"
    # A flipped bit fails on both sides (exit 1, OpenSSL's message).
    cp p.sig bad.sig
    printf '\x01' | dd of=bad.sig bs=1 seek=7 conv=notrunc status=none
    cmp -s p.sig bad.sig && printf '\x02' | dd of=bad.sig bs=1 seek=7 conv=notrunc status=none
    refuse "$d: openssl rejects a corrupted signature" O pkeyutl -verify -pubin -inkey "$pub" -in "$input" -sigfile bad.sig "${args[@]}"
    P pkeyutl -verify -pubin -inkey "$pub" -in "$input" -sigfile bad.sig "${args[@]}" >cmd.out 2>cmd.err
    local rc=$?
    if [ $rc -eq 1 ] && grep -q "^Signature Verification Failure$" cmd.out && [ "$(wc -l <cmd.err)" -eq 1 ] &&
        grep -q "bad.sig" cmd.err; then
        ok "$d: picopsa rejects a corrupted signature (exit 1, one line naming bad.sig)"
    else
        fail "$d: picopsa on a corrupted signature: exit $rc"; cat cmd.out cmd.err
    fi
}

# enc_both_ways DESC KEY PUB ARGS...
enc_both_ways() {
    local d=$1 key=$2 pub=$3; shift 3
    local args=("$@")
    head -c 16 /dev/urandom >pt.bin
    O pkeyutl -encrypt -pubin -inkey "$pub" -in pt.bin -out o.ct "${args[@]}" 2>o.err || { fail "$d: openssl encrypt"; cat o.err; return; }
    check "$d: picopsa decrypts openssl's" P pkeyutl -decrypt -inkey "$key" -in o.ct -out p.pt "${args[@]}"
    same "$d: plaintext recovered by picopsa" pt.bin p.pt
    check "$d: picopsa encrypts" P pkeyutl -encrypt -pubin -inkey "$pub" -in pt.bin -out p.ct "${args[@]}"
    check "$d: openssl decrypts picopsa's" O pkeyutl -decrypt -inkey "$key" -in p.ct -out o.pt "${args[@]}"
    same "$d: plaintext recovered by openssl" pt.bin o.pt
    cp p.ct bad.ct
    printf '\x00\x00\x00\x00' | dd of=bad.ct bs=1 seek=20 conv=notrunc status=none
    refuse "$d: openssl rejects a corrupted ciphertext" O pkeyutl -decrypt -inkey "$key" -in bad.ct -out o.bad "${args[@]}"
    clean_failure "$d: picopsa rejects a corrupted ciphertext" bad.ct p.bad P pkeyutl -decrypt -inkey "$key" -in bad.ct -out p.bad "${args[@]}"
}

run_ed25519() {
    O genpkey -algorithm ED25519 -out ed.o.pem
    check "picopsa genpkey ED25519" P genpkey -algorithm ED25519 -out ed.p.pem
    [ "$(stat -c %a ed.p.pem)" = 600 ] && ok "private key file mode 0600" || fail "mode $(stat -c %a ed.p.pem)"
    keys_both_ways ed ed25519 ed25519
    for who in o p; do
        O pkey -in ed.$who.pem -pubout -out ed.$who.pub
        sig_both_ways "ed25519/$who" 1 ed.$who.pem ed.$who.pub msg.bin -rawin
        sig_both_ways "ed25519/$who short message" 1 ed.$who.pem ed.$who.pub msg.txt -rawin
    done
    clean_failure "Ed25519 key cannot encrypt" ed.p.pem x.ct P pkeyutl -encrypt -inkey ed.p.pem -in msg.txt -out x.ct
}

run_rsa() {
    local bits=$1 who
    O genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:"$bits" -out rsa.o.pem 2>/dev/null
    check "picopsa genpkey RSA-$bits" P genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:"$bits" -out rsa.p.pem
    check "openssl checks picopsa's RSA-$bits key" O pkey -in rsa.p.pem -check -noout
    if [ "$bits" = 1024 ]; then
        # Exponents (rsa_keygen_pubexp, decimal or hex) and refused parameters.
        check "picopsa genpkey rsa_keygen_pubexp:0x10003" P genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 \
            -pkeyopt rsa_keygen_pubexp:0x10003 -out e.pem
        O pkey -in e.pem -text -noout | grep -q "^publicExponent: 65539 (0x10003)$" && ok "openssl sees exponent 65539" ||
            fail "exponent 65539 not in the key"
        clean_failure "genpkey exponent 3 refused" "exponent 3" e3.pem P genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 \
            -pkeyopt rsa_keygen_pubexp:3 -out e3.pem
        clean_failure "genpkey odd size refused" "1025 bits" o.pem P genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1025 -out o.pem
    fi
    keys_both_ways rsa rsa rsa$bits
    for who in o p; do
        local key=rsa.$who.pem pub=rsa.$who.pub d="rsa$bits/$who"
        O pkey -in $key -pubout -out $pub
        O dgst -sha256 -binary -out h256.bin msg.bin
        O dgst -sha384 -binary -out h384.bin msg.bin
        sig_both_ways "$d pkcs1 -rawin sha256" 1 $key $pub msg.bin -rawin -digest sha256
        sig_both_ways "$d pkcs1 -rawin sha512" 1 $key $pub msg.bin -rawin -digest sha512
        sig_both_ways "$d pkcs1 hash input sha256" 1 $key $pub h256.bin -pkeyopt digest:sha256
        sig_both_ways "$d pkcs1 hash input sha384" 1 $key $pub h384.bin -pkeyopt digest:sha384
        sig_both_ways "$d pkcs1 raw (no digest)" 1 $key $pub msg.txt
        sig_both_ways "$d pss sha256 saltlen digest" 0 $key $pub msg.bin -rawin -digest sha256 \
            -pkeyopt rsa_padding_mode:pss -pkeyopt rsa_pss_saltlen:digest
        sig_both_ways "$d pss sha384 hash input" 0 $key $pub h384.bin -pkeyopt digest:sha384 \
            -pkeyopt rsa_padding_mode:pss -pkeyopt rsa_pss_saltlen:digest
        # OpenSSL's default PSS salt is the maximum: picopsa verifies it
        # (PSS_ANY_SALT) but cannot make it (PSA signs with hash-length salt).
        O pkeyutl -sign -inkey $key -in msg.bin -rawin -digest sha256 -pkeyopt rsa_padding_mode:pss -out o.sig
        check "$d: picopsa verifies openssl's max-salt PSS" P pkeyutl -verify -pubin -inkey $pub -in msg.bin \
            -rawin -digest sha256 -pkeyopt rsa_padding_mode:pss -sigfile o.sig
        # dgst -sign / -verify both ways.
        O dgst -sha256 -sign $key -out o.sig msg.bin
        check "$d: picopsa dgst -sign" P dgst -sha256 -sign $key -out p.sig msg.bin
        same "$d: dgst -sign byte-identical" o.sig p.sig
        check "$d: picopsa dgst -verify" P dgst -sha256 -verify $pub -signature o.sig msg.bin
        grep -q "^Verified OK$" cmd.out && ok "$d: dgst Verified OK" || fail "$d: dgst message"
        check "$d: openssl dgst -verify" O dgst -sha256 -verify $pub -signature p.sig msg.bin
        check "$d: picopsa dgst -sign pss" P dgst -sha384 -sign $key -sigopt rsa_padding_mode:pss -out p.sig msg.bin
        check "$d: openssl verifies dgst pss" O dgst -sha384 -verify $pub -sigopt rsa_padding_mode:pss -signature p.sig msg.bin
        refuse "$d: picopsa dgst -verify wrong file" P dgst -sha384 -verify $pub -sigopt rsa_padding_mode:pss -signature p.sig msg.txt
        grep -q "^Verification failure$" cmd.out && ok "$d: dgst Verification failure" || fail "$d: dgst failure message"
        # Encryption both ways.
        enc_both_ways "$d pkcs1 v1.5" $key $pub
        enc_both_ways "$d pkcs1 v1.5 explicit" $key $pub -pkeyopt rsa_padding_mode:pkcs1
        enc_both_ways "$d oaep sha256" $key $pub -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha256
        enc_both_ways "$d oaep sha256 label" $key $pub -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha256 \
            -pkeyopt rsa_oaep_label:00112233445566778899aabbccddeeff
        enc_both_ways "$d oaep sha384 + mgf1 sha384" $key $pub -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha384 \
            -pkeyopt rsa_mgf1_md:sha384
        if [ "$bits" -gt 1024 ]; then
            enc_both_ways "$d oaep sha512 label" $key $pub -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha512 \
                -pkeyopt rsa_oaep_label:cafe
        fi
        if has SHA1 && [ "$bits" -le 2048 ]; then
            # OpenSSL's default OAEP hash is SHA-1 (no rsa_oaep_md given);
            # 1024 and 2048 only (the larger cases are slow already).
            enc_both_ways "$d oaep default (sha1)" $key $pub -pkeyopt rsa_padding_mode:oaep
            enc_both_ways "$d oaep sha1 label" $key $pub -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha1 \
                -pkeyopt rsa_oaep_label:0badc0de
            sig_both_ways "$d pkcs1 -rawin sha1" 1 $key $pub msg.bin -rawin -digest sha1
        fi
        # A wrong label fails on both sides.
        P pkeyutl -encrypt -pubin -inkey $pub -in msg.txt -out p.ct -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha256 \
            -pkeyopt rsa_oaep_label:01
        refuse "$d: openssl rejects a wrong OAEP label" O pkeyutl -decrypt -inkey $key -in p.ct -pkeyopt rsa_padding_mode:oaep \
            -pkeyopt rsa_oaep_md:sha256 -pkeyopt rsa_oaep_label:02
        clean_failure "$d: picopsa rejects a wrong OAEP label" p.ct x.pt P pkeyutl -decrypt -inkey $key -in p.ct -out x.pt \
            -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha256 -pkeyopt rsa_oaep_label:02
    done
}

# ---- dgst ------------------------------------------------------------------------
run_dgst() {
    local dg
    head -c 200000 /dev/urandom >big.bin
    : >empty.bin
    for dg in sha224 sha256 sha384 sha512; do
        O dgst -$dg msg.txt big.bin empty.bin >o.txt
        check "dgst -$dg" P dgst -$dg msg.txt big.bin empty.bin -out p.txt
        same "dgst -$dg output identical" o.txt p.txt
        O dgst -$dg -r msg.txt >o.txt
        P dgst -$dg -r msg.txt >p.txt
        same "dgst -$dg -r identical" o.txt p.txt
        O dgst -$dg <big.bin >o.txt
        P dgst -$dg <big.bin >p.txt
        same "dgst -$dg stdin identical" o.txt p.txt
        O dgst -$dg -binary -out o.bin big.bin
        P dgst -$dg -binary -out p.bin big.bin
        same "dgst -$dg -binary identical" o.bin p.bin
        O dgst -$dg -hmac secret msg.txt big.bin >o.txt
        P dgst -$dg -hmac secret msg.txt big.bin >p.txt
        same "dgst -$dg -hmac identical" o.txt p.txt
        local long
        long=$(head -c 300 /dev/zero | tr '\0' 'k')
        O dgst -$dg -hmac "$long" msg.txt >o.txt
        P dgst -$dg -hmac "$long" msg.txt >p.txt
        same "dgst -$dg -hmac with a 300-byte key identical" o.txt p.txt
    done
    for dg in sha1 sha512-224 sha512-256 sha3-224 sha3-256 sha3-384 sha3-512; do
        has "$(case $dg in sha1) echo SHA1 ;; sha512-224) echo SHA2-512/224 ;; sha512-256) echo SHA2-512/256 ;;
               *) echo "$dg" | tr a-z A-Z ;; esac)" || continue
        O dgst -$dg msg.txt big.bin empty.bin >o.txt
        check "dgst -$dg" P dgst -$dg msg.txt big.bin empty.bin -out p.txt
        same "dgst -$dg output identical" o.txt p.txt
        O dgst -$dg -hmac secret msg.txt big.bin >o.txt
        P dgst -$dg -hmac secret msg.txt big.bin >p.txt
        same "dgst -$dg -hmac identical" o.txt p.txt
    done
    if has SHA1; then
        O sha1 msg.txt >o.txt
        P sha1 msg.txt >p.txt
        same "'picopsa sha1 FILE' shortcut identical" o.txt p.txt
    fi
    O dgst msg.txt >o.txt
    P dgst msg.txt >p.txt
    same "dgst default digest (sha256) identical" o.txt p.txt
    O sha512 msg.txt >o.txt
    P sha512 msg.txt >p.txt
    same "'picopsa sha512 FILE' shortcut identical" o.txt p.txt
    clean_failure "dgst of a missing file" missing.bin p.txt P dgst -sha256 -out p.txt msg.txt missing.bin
}

# ---- errors, help, modes -------------------------------------------------------------
run_errors() {
    local c
    for c in genpkey pkey pkeyutl dgst rand speed version; do
        check "$c -help" P $c -help
        grep -q "^Usage: picopsa $c" cmd.out && ok "$c --help prints usage" || fail "$c usage"
        check "$c --help" P $c --help
    done
    check "picopsa --help" P --help
    refuse "unknown command" P frobnicate
    check "version -a" P version -a
    grep -q "^backends: " cmd.out && ok "version -a names the backends" || fail "version -a"
    check "rand -hex 32" P rand -hex 32
    [ "$(tr -d '\n' <cmd.out | wc -c)" = 64 ] && ok "rand -hex 32: 64 hex digits" || fail "rand -hex length"
    P rand -out r.bin 1000 && [ "$(stat -c %s r.bin)" = 1000 ] && ok "rand 1000 bytes" || fail "rand -out"
    P rand -base64 100 >b64.txt && openssl base64 -d -in b64.txt | wc -c | grep -qx 100 && ok "rand -base64 decodes to 100 bytes" ||
        fail "rand -base64"

    O genpkey -algorithm ED25519 -out ed.pem
    O genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -out rsa.pem 2>/dev/null
    O pkey -in rsa.pem -pubout -out rsa.pub
    # Encrypted keys: PKCS#8 (ENCRYPTED PRIVATE KEY), its DER, and the
    # legacy Proc-Type header of traditional RSA keys.
    O pkey -in rsa.pem -aes-128-cbc -passout pass:x -out enc.pem
    O pkcs8 -topk8 -in rsa.pem -v2 aes-128-cbc -passout pass:x -outform DER -out enc.der
    O rsa -in rsa.pem -aes128 -traditional -passout pass:x -out enc1.pem 2>/dev/null
    for f in enc.pem enc.der enc1.pem; do
        clean_failure "encrypted key $f refused" $f x.pem P pkey -in $f -out x.pem
        grep -q "encrypted" cmd.err && ok "$f: message says encrypted" || fail "$f: message: $(cat cmd.err)"
    done
    # Corrupted keys: truncated, a flipped base64 character, trailing DER,
    # a wrong END label, a certificate.
    head -c 200 rsa.pem >trunc.pem
    sed '3s/./A/2; 3s/./B/5' rsa.pem >flip.pem
    O pkey -in rsa.pem -outform DER -out rsa.der
    cp rsa.der trail.der; printf '\x00' >>trail.der
    sed 's/END PRIVATE KEY/END PUBLIC KEY/' rsa.pem >label.pem
    O req -x509 -key ed.pem -subj /CN=x -days 1 -out cert.pem 2>/dev/null
    # (OpenSSL itself accepts flip.pem and trail.der: it checks neither
    # the key's consistency nor trailing bytes here.)
    for f in trunc.pem label.pem cert.pem; do
        refuse "openssl rejects $f" O pkey -in $f -noout
    done
    for f in trunc.pem flip.pem trail.der label.pem cert.pem; do
        clean_failure "picopsa rejects $f" $f x.pem P pkey -in $f -out x.pem
    done
    # The message never carries key bytes.
    P pkey -in flip.pem -out x.pem 2>err.txt
    local b64
    b64=$(sed -n 2p rsa.pem | cut -c1-16)
    grep -qF "$b64" err.txt && fail "key bytes in the error message" || ok "no key bytes in the error message"
    # Wrong key types and public/private mix-ups.
    clean_failure "sign with a public key" rsa.pub x.sig P pkeyutl -sign -inkey rsa.pub -pubin -in msg.txt -out x.sig
    clean_failure "-pubin with a private key" rsa.pem x.sig P pkeyutl -verify -pubin -inkey rsa.pem -in msg.txt -sigfile msg.txt
    clean_failure "decrypt with an Ed25519 key" ed.pem x.pt P pkeyutl -decrypt -inkey ed.pem -in msg.txt -out x.pt
    clean_failure "sign a message too long for raw PKCS#1" msg.bin x.sig P pkeyutl -sign -inkey rsa.pem -in msg.bin -out x.sig
    clean_failure "PSS max salt cannot be made" rsa_pss_saltlen x.sig P pkeyutl -sign -inkey rsa.pem -rawin -in msg.bin -out x.sig \
        -pkeyopt rsa_padding_mode:pss -pkeyopt rsa_pss_saltlen:max
    # A failed command leaves an existing output file untouched.
    echo keep >keep.txt
    P pkey -in trunc.pem -out keep.txt 2>/dev/null
    [ "$(cat keep.txt)" = keep ] && ok "existing output untouched on failure" || fail "output overwritten on failure"
    # Modes: private keys 0600 even with a permissive umask; public 0644 & ~umask.
    (umask 000; P pkey -in rsa.pem -out m.priv; P pkey -in rsa.pem -pubout -out m.pub)
    [ "$(stat -c %a m.priv)" = 600 ] && ok "private key output mode 0600 under umask 000" || fail "private mode $(stat -c %a m.priv)"
    [ "$(stat -c %a m.pub)" = 644 ] && ok "public key output mode 644 under umask 000" || fail "public mode $(stat -c %a m.pub)"
    (umask 000; P genpkey -algorithm ED25519 -outform DER -out m.der)
    [ "$(stat -c %a m.der)" = 600 ] && ok "genpkey DER output mode 0600" || fail "genpkey mode $(stat -c %a m.der)"
    check "openssl reads a picopsa DER key" O pkey -in m.der -inform DER -noout
}

# ---- the key store (genpkey -keyid, id:N, picopsa storage) -------------------------------
# A key's private half never leaves the store unless it was made -exportable.
run_store() {
    check "genpkey ED25519 -keyid 7 -outpubkey" P genpkey -algorithm ED25519 -keyid 7 -outpubkey ed7.pub
    [ ! -s cmd.out ] && ok "genpkey -keyid writes nothing to stdout" || fail "genpkey -keyid printed $(wc -c <cmd.out) bytes"
    [ -f "its/8000000000000007" ] && ok "key 7 is a file of the ITS directory" || fail "no ITS file for key 7"
    check "openssl reads the -outpubkey SPKI" O pkey -pubin -in ed7.pub -noout
    check "pkey -in id:7 -pubout" P pkey -in id:7 -pubout -out ed7.p.pub
    same "pkey -pubout of the stored key = -outpubkey" ed7.pub ed7.p.pub
    # Signatures by the stored key verify with openssl (and picopsa), in a
    # new process each time: the key is loaded from storage.
    sig_pub_only "ed25519 id:7" id:7 ed7.pub msg.bin -rawin
    check "pkeyutl -verify with the stored key pair" P pkeyutl -verify -inkey id:7 -in msg.bin -sigfile p.sig
    check "pkeyutl -verify -pubin id:7 (the stored pair as its public half)" P pkeyutl -verify -pubin -inkey id:7 -in msg.bin -sigfile p.sig
    # RSA: one policy per stored key (PKCS#1 v1.5 signatures, PSS, OAEP).
    check "genpkey RSA-1024 -keyid 0x20 (pkcs1, exportable)" P genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 \
        -keyid 0x20 -exportable -out rsa32.pem
    [ "$(stat -c %a rsa32.pem)" = 600 ] && ok "exported stored key mode 0600" || fail "mode $(stat -c %a rsa32.pem)"
    check "openssl checks the exported stored key" O pkey -in rsa32.pem -check -noout
    check "pkey -in id:32 (exportable)" P pkey -in id:32 -out rsa32.again.pem
    same "the stored key exports as it was written" rsa32.pem rsa32.again.pem
    O pkey -in rsa32.pem -pubout -out rsa32.pub
    sig_pub_only "rsa id:32 pkcs1 sha256" id:32 rsa32.pub msg.bin -rawin -digest sha256
    O pkeyutl -sign -inkey rsa32.pem -in msg.bin -rawin -digest sha256 -out o.sig
    same "stored-key PKCS#1 v1.5 signature byte-identical to openssl's" o.sig p.sig
    check "dgst -sign id:32" P dgst -sha384 -sign id:32 -out d.sig msg.bin
    check "openssl verifies dgst -sign id:32" O dgst -sha384 -verify rsa32.pub -signature d.sig msg.bin
    check "genpkey RSA-1024 -keyid 33 pss" P genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -keyid 33 \
        -pkeyopt rsa_padding_mode:pss -outpubkey rsa33.pub
    sig_pub_only "rsa id:33 pss sha256" id:33 rsa33.pub msg.bin -rawin -digest sha256 -pkeyopt rsa_padding_mode:pss
    check "id:33 verifies its PSS signature" P pkeyutl -verify -inkey id:33 -in msg.bin -rawin -digest sha256 \
        -pkeyopt rsa_padding_mode:pss -sigfile p.sig
    local md
    for md in sha256 sha1; do
        [ $md = sha1 ] && ! has SHA1 && continue
        check "genpkey RSA-1024 -keyid oaep $md" P genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -keyid id:$((40 + ${#md})) \
            -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:$md -outpubkey oaep.pub -outform DER
        O pkeyutl -encrypt -pubin -keyform DER -inkey oaep.pub -in msg.txt -out o.ct -pkeyopt rsa_padding_mode:oaep \
            -pkeyopt rsa_oaep_md:$md
        check "stored OAEP-$md key decrypts openssl's ciphertext" P pkeyutl -decrypt -inkey id:$((40 + ${#md})) -in o.ct -out p.pt \
            -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:$md
        same "OAEP-$md plaintext recovered" msg.txt p.pt
    done
    # storage list: one line per key, sorted by id, with the policy.
    check "storage list" P storage list
    cp cmd.out list.txt
    grep -q "^id:7 (0x00000007) ED25519 private key, 255 bits, PURE_EDDSA, not exportable$" list.txt &&
        ok "list shows id:7" || fail "list: $(cat list.txt)"
    grep -q "^id:32 (0x00000020) RSA private key, 1024 bits, RSA_PKCS1V15_SIGN(ANY_HASH), exportable$" list.txt &&
        ok "list shows id:32 exportable" || fail "list id:32"
    grep -q "^id:33 .*RSA_PSS(ANY_HASH), not exportable$" list.txt && ok "list shows id:33 PSS" || fail "list id:33"
    [ "$(cut -d' ' -f1 list.txt | tr '\n' ' ')" = "$(cut -d' ' -f1 list.txt | sort -t: -k2 -n | tr '\n' ' ')" ] &&
        ok "list sorted by id" || fail "list order"
    check "storage delete 7 id:32" P storage delete 7 id:32
    [ ! -e its/8000000000000007 ] && [ ! -e its/8000000000000020 ] && ok "deleted keys' files are gone" || fail "files left"
    P storage list >list2.txt
    grep -q "^id:7 " list2.txt || grep -q "^id:32 " list2.txt && fail "deleted keys still listed" || ok "deleted keys not listed"
    grep -q "^id:33 " list2.txt && ok "other keys stay" || fail "id:33 lost"
}

# A signature by a stored private key (P sign) checked by openssl, and a
# corrupted one rejected by both.
sig_pub_only() {
    local d=$1 key=$2 pub=$3 input=$4; shift 4
    check "$d: picopsa signs with the stored key" P pkeyutl -sign -inkey "$key" -in "$input" -out p.sig "$@"
    check "$d: openssl verifies it" O pkeyutl -verify -pubin -inkey "$pub" -in "$input" -sigfile p.sig "$@"
    cp p.sig bad.sig
    printf '\x01' | dd of=bad.sig bs=1 seek=7 conv=notrunc status=none
    cmp -s p.sig bad.sig && printf '\x02' | dd of=bad.sig bs=1 seek=7 conv=notrunc status=none
    refuse "$d: openssl rejects a corrupted signature" O pkeyutl -verify -pubin -inkey "$pub" -in "$input" -sigfile bad.sig "$@"
    refuse "$d: picopsa id key rejects a corrupted signature" P pkeyutl -verify -inkey "$key" -in "$input" -sigfile bad.sig "$@"
}

run_store_errors() {
    check "storage --help" P storage --help
    grep -q "^Usage: picopsa storage" cmd.out && ok "storage usage" || fail "storage usage"
    check "storage list of an empty store" P storage list
    [ ! -s cmd.out ] && ok "empty store lists nothing" || fail "empty list: $(cat cmd.out)"
    check "genpkey -keyid 9" P genpkey -algorithm ED25519 -keyid 9 -outpubkey k9.pub
    cp its/8000000000000009 k9.saved
    # An existing id: refused, the stored key untouched, no output file.
    clean_failure "genpkey on an existing id" "id:9" x.pub P genpkey -algorithm ED25519 -keyid 9 -outpubkey x.pub
    grep -q "already stored" cmd.err && ok "message says already stored" || fail "message: $(cat cmd.err)"
    same "the existing key is untouched" k9.saved its/8000000000000009
    # Concurrent creators of one id (issue 21): exactly one succeeds, the
    # others say "already stored", the store keeps the winner's key.
    local round i pids wins winner
    for round in 1 2 3 4 5; do
        pids=""
        for i in 1 2 3 4; do
            rm -f race$i.pub
            P genpkey -algorithm ED25519 -keyid 20 -outpubkey race$i.pub >race$i.out 2>race$i.err &
            pids="$pids $!"
        done
        wins=0; winner=""; i=0
        for pid in $pids; do
            i=$((i + 1))
            if wait "$pid"; then wins=$((wins + 1)); winner=$i
            elif ! grep -q "already stored" race$i.err; then wins=99; fi
        done
        if [ "$wins" = 1 ] && P pkey -in id:20 -pubout -out race.pub 2>/dev/null && cmp -s race.pub "race$winner.pub"; then
            ok "round $round: one of 4 concurrent genpkey -keyid 20 stored its key, 3 refused"
        else
            fail "round $round: $wins concurrent creators succeeded (or the stored key is not the winner's)"
        fi
        P storage delete 20 >/dev/null 2>&1
    done
    # Missing ids, for every command that takes one.
    clean_failure "pkeyutl -inkey a missing id" "id:404" x.sig P pkeyutl -sign -inkey id:404 -in msg.txt -out x.sig
    grep -q "no such key" cmd.err && ok "message says no such key" || fail "message: $(cat cmd.err)"
    clean_failure "pkey -in a missing id" "id:404" x.pem P pkey -in id:404 -pubout -out x.pem
    clean_failure "dgst -sign a missing id" "id:404" x.sig P dgst -sha256 -sign id:404 -out x.sig msg.txt
    clean_failure "storage delete a missing id" "404" x.none P storage delete 404
    # Bad ids.
    local bad
    for bad in 0 0x40000000 -1 abc 12x ""; do
        clean_failure "genpkey -keyid '$bad' refused" "-keyid $bad" x.pub P genpkey -algorithm ED25519 -keyid "$bad" -outpubkey x.pub
        clean_failure "pkeyutl -inkey 'id:$bad' refused" "id:$bad" x.sig P pkeyutl -sign -inkey "id:$bad" -in msg.txt -out x.sig
    done
    clean_failure "storage delete abc" "abc" x.none P storage delete abc
    refuse "storage frobnicate" P storage frobnicate
    refuse "storage with no subcommand" P storage
    # The private key is not exportable unless asked.
    clean_failure "pkey -in id:9 (private, not exportable)" "id:9" x.pem P pkey -in id:9 -out x.pem
    grep -q "not exportable" cmd.err && ok "message says not exportable" || fail "message: $(cat cmd.err)"
    clean_failure "pkey -in id:9 -text" "id:9" x.txt P pkey -in id:9 -text -noout -out x.txt
    clean_failure "genpkey -keyid -out without -exportable" "id:10" x.pem P genpkey -algorithm ED25519 -keyid 10 -out x.pem
    [ ! -e its/800000000000000a ] && ok "nothing stored after the refusal" || fail "key 10 stored anyway"
    check "pkey -in id:9 -pubout works" P pkey -in id:9 -pubout -out x.pub
    same "its public key" k9.pub x.pub
    check "pkey -in id:9 -text_pub works" P pkey -in id:9 -text_pub -noout
    grep -q "^ED25519 Public-Key:" cmd.out && ok "-text_pub output" || fail "-text_pub: $(cat cmd.out)"
    clean_failure "-exportable without -keyid" "-keyid" x.pem P genpkey -algorithm ED25519 -exportable -out x.pem
    # Policies: a stored key does only what it was made for.
    check "genpkey RSA -keyid 11 (pkcs1 signatures)" P genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -keyid 11
    clean_failure "encrypt with a signing key" "id:11" x.ct P pkeyutl -encrypt -inkey id:11 -in msg.txt -out x.ct
    grep -q "policy does not permit" cmd.err && ok "message names the policy" || fail "message: $(cat cmd.err)"
    clean_failure "PSS with a PKCS#1 v1.5 key" "id:11" x.sig P pkeyutl -sign -inkey id:11 -in msg.txt -rawin \
        -pkeyopt rsa_padding_mode:pss -out x.sig
    clean_failure "decrypt with an Ed25519 stored key" "id:9" x.pt P pkeyutl -decrypt -inkey id:9 -in msg.txt -out x.pt
    clean_failure "rsa_padding_mode for an Ed25519 key" "RSA keys" x.pub P genpkey -algorithm ED25519 -keyid 12 \
        -pkeyopt rsa_padding_mode:pss -outpubkey x.pub
    # A failed output file: the key is not left stored.
    clean_failure "-outpubkey into a missing directory" "nodir/x.pub" nodir/x.pub P genpkey -algorithm ED25519 -keyid 13 \
        -outpubkey nodir/x.pub
    [ ! -e its/800000000000000d ] && ok "no key stored when the output failed" || fail "key 13 stored though the output failed"
    # A damaged record: listed as unreadable, refused with DATA_CORRUPT, deletable.
    printf '\xff' | dd of=its/8000000000000009 bs=1 seek=40 conv=notrunc status=none
    P storage list >list.txt
    grep -q "^id:9 (0x00000009) unreadable: corrupt data$" list.txt && ok "damaged key listed as unreadable" ||
        fail "list: $(cat list.txt)"
    clean_failure "a damaged stored key is refused" "id:9" x.sig P pkeyutl -sign -inkey id:9 -in msg.txt -out x.sig
    grep -q "damaged" cmd.err && ok "message says damaged" || fail "message: $(cat cmd.err)"
    check "a damaged key can be deleted" P storage delete 9
    grep -q "^id:11 " list.txt && ok "other keys stay listed" || fail "id:11 missing"
}

# ---- X25519 (RFC 7748, RFC 8410 keys): keys both ways, pkeyutl -derive ------------------
run_x25519() {
    local who
    O genpkey -algorithm X25519 -out x.o.pem
    check "picopsa genpkey X25519" P genpkey -algorithm X25519 -out x.p.pem
    [ "$(stat -c %a x.p.pem)" = 600 ] && ok "private key file mode 0600" || fail "mode $(stat -c %a x.p.pem)"
    for who in o p; do
        local key=x.$who.pem
        O pkey -in $key -out ref.priv.pem
        O pkey -in $key -pubout -out ref.pub.pem
        O pkey -in $key -outform DER -out ref.p8.der
        O pkey -in $key -pubout -outform DER -out ref.spki.der
        check "x25519/$who: picopsa reads PKCS#8 PEM" P pkey -in $key -out y.pem
        same "x25519/$who: PKCS#8 PEM re-encoded identically" ref.priv.pem y.pem
        check "x25519/$who: picopsa reads PKCS#8 DER" P pkey -in ref.p8.der -inform DER -outform DER -out y.der
        same "x25519/$who: PKCS#8 DER identical" ref.p8.der y.der
        check "x25519/$who: picopsa -pubout" P pkey -in $key -pubout -out y.pub
        same "x25519/$who: -pubout = openssl's" ref.pub.pem y.pub
        check "x25519/$who: picopsa reads SPKI DER" P pkey -pubin -in ref.spki.der -inform DER -outform DER -out y.der
        same "x25519/$who: SPKI DER identical" ref.spki.der y.der
        check "x25519/$who: openssl reads picopsa's PKCS#8" O pkey -in y.pem -noout
        P pkey -in $key -text -noout -out y.txt
        O pkey -in $key -text -noout -out ref.txt
        same "x25519/$who: -text identical to openssl" ref.txt y.txt
        P pkey -in $key -text_pub -noout -out y.txt
        O pkey -in $key -text_pub -noout -out ref.txt
        same "x25519/$who: -text_pub identical to openssl" ref.txt y.txt
    done
    # RFC 8410 10.1's example public key is an X25519 key.
    printf '%s\n' '-----BEGIN PUBLIC KEY-----' 'MCowBQYDK2VuAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=' \
        '-----END PUBLIC KEY-----' >rfc8410.pub
    check "RFC 8410 10.1 public key read" P pkey -pubin -in rfc8410.pub -out y.pub
    same "RFC 8410 10.1 key re-encoded identically" rfc8410.pub y.pub
    P pkey -pubin -in rfc8410.pub -text_pub -noout >y.txt
    O pkey -pubin -in rfc8410.pub -text_pub -noout >ref.txt
    same "RFC 8410 10.1 key -text_pub identical to openssl" ref.txt y.txt
    grep -q "^    19:bf:44:09:69:84:cd:fe:85:41:ba:c1:67:dc:3b:$" y.txt && ok "RFC 8410 10.1 u-coordinate" || fail "text: $(cat y.txt)"
    O pkey -in x.o.pem -pubout -out x.o.pub
    O pkey -in x.p.pem -pubout -out x.p.pub
    # The shared secret is the same from both sides and both tools.
    check "picopsa -derive (picopsa key, openssl peer)" P pkeyutl -derive -inkey x.p.pem -peerkey x.o.pub -out p.sec
    O pkeyutl -derive -inkey x.o.pem -peerkey x.p.pub -out o.sec
    same "shared secret: picopsa = openssl" o.sec p.sec
    O pkeyutl -derive -inkey x.p.pem -peerkey x.o.pub -out o2.sec
    same "openssl with picopsa's key gets the same secret" o.sec o2.sec
    check "picopsa -derive (openssl key, picopsa peer)" P pkeyutl -derive -inkey x.o.pem -peerkey x.p.pub -out p2.sec
    same "both sides agree" p.sec p2.sec
    [ "$(stat -c %s p.sec)" = 32 ] && ok "secret is 32 bytes" || fail "secret size $(stat -c %s p.sec)"
    [ "$(stat -c %a p.sec)" = 600 ] && ok "secret file mode 0600" || fail "secret mode $(stat -c %a p.sec)"
    check "a private peer key gives its public half" P pkeyutl -derive -inkey x.p.pem -peerkey x.o.pem -peerform PEM -out p3.sec
    same "same secret" p.sec p3.sec
    # A stored X25519 key (policy ECDH).
    check "genpkey X25519 -keyid 5" P genpkey -algorithm X25519 -keyid 5 -outpubkey s.pub
    O pkeyutl -derive -inkey x.o.pem -peerkey s.pub -out o.s.sec
    check "stored key derives" P pkeyutl -derive -inkey id:5 -peerkey x.o.pub -out p.s.sec
    same "stored key's secret = openssl's" o.s.sec p.s.sec
    P storage list | grep -q "^id:5 (0x00000005) X25519 private key, 255 bits, ECDH, not exportable$" && ok "listed" ||
        fail "storage list: $(P storage list)"
    # Refusals: a low-order peer point (all-zero u: the secret would be 0,
    # RFC 7748 6.1), wrong key kinds, a public key as -inkey, no -peerkey.
    { printf '\x30\x2a\x30\x05\x06\x03\x2b\x65\x6e\x03\x21\x00'; head -c 32 /dev/zero; } >zero.der
    refuse "openssl refuses the all-zero point" O pkeyutl -derive -inkey x.o.pem -peerkey zero.der -peerform DER -out o.bad
    clean_failure "picopsa refuses the all-zero point" zero.der z.sec P pkeyutl -derive -inkey x.p.pem -peerkey zero.der -out z.sec
    O genpkey -algorithm ED25519 -out ed.pem
    clean_failure "-derive with an Ed25519 key" ed.pem z.sec P pkeyutl -derive -inkey ed.pem -peerkey x.o.pub -out z.sec
    clean_failure "an Ed25519 peer key" ed.pem z.sec P pkeyutl -derive -inkey x.p.pem -peerkey ed.pem -out z.sec
    clean_failure "-derive with a public key" x.o.pub z.sec P pkeyutl -derive -inkey x.o.pub -peerkey x.p.pub -out z.sec
    clean_failure "X25519 cannot sign" x.p.pem z.sig P pkeyutl -sign -inkey x.p.pem -in msg.txt -out z.sig
    clean_failure "dgst -sign with X25519" x.p.pem z.sig P dgst -sha256 -sign x.p.pem -out z.sig msg.txt
    refuse "-derive without -peerkey" P pkeyutl -derive -inkey x.p.pem -out z.sec
    # id-X448 (1.3.101.111) in place of id-X25519: unsupported, refused.
    cp ref.p8.der bad.der
    printf '\x6f' | dd of=bad.der bs=1 seek=11 conv=notrunc status=none
    clean_failure "a wrong OID is refused" bad.der y.pem P pkey -in bad.der -out y.pem
}

# enc: every cipher both ways with -K/-iv (byte-identical), password modes
# (PBKDF2 with -iter/-md, the legacy EVP_BytesToKey, explicit salt, no
# salt), base64, -nopad, -p/-P lines; failures leave no file.
run_enc() {
    local c k iv
    head -c 4099 /dev/urandom >plain.bin
    : >empty.bin
    head -c 64 /dev/urandom >blocks.bin
    k=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
    iv=f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff
    for c in aes-128-cbc aes-192-cbc aes-256-cbc aes-128-ecb aes-256-ecb aes-128-ctr aes-192-ctr \
             aes-256-ctr aes-128-cfb aes-256-cfb aes-128-ofb aes-256-ofb chacha20; do
        for f in plain.bin empty.bin; do
            O enc -$c -K $k -iv $iv -in $f -out o.enc 2>/dev/null
            check "enc -$c $f" P enc -$c -K $k -iv $iv -in $f -out p.enc
            same "enc -$c $f identical to openssl" o.enc p.enc
            check "enc -d -$c $f of openssl's" P enc -d -$c -K $k -iv $iv -in o.enc -out p.dec
            same "enc -d -$c $f round trip" $f p.dec
        done
    done
    for c in aes-128-cbc aes-256-ecb; do
        O enc -$c -nopad -K $k -iv $iv -in blocks.bin -out o.enc 2>/dev/null
        check "enc -$c -nopad" P enc -$c -nopad -K $k -iv $iv -in blocks.bin -out p.enc
        same "enc -$c -nopad identical" o.enc p.enc
        clean_failure "enc -$c -nopad of a partial block" plain.bin z.enc \
            P enc -$c -nopad -K ${k:0:$(( ${c:4:3} / 4 ))} -iv $iv -in plain.bin -out z.enc
    done
    # passwords: ours decrypted by openssl and openssl's by ours
    check "enc -pbkdf2 (random salt)" P enc -aes-256-cbc -pbkdf2 -pass pass:secret -in plain.bin -out p.enc
    check "openssl decrypts it" O enc -d -aes-256-cbc -pbkdf2 -pass pass:secret -in p.enc -out o.dec
    same "pbkdf2 round trip" plain.bin o.dec
    O enc -aes-128-ctr -pbkdf2 -iter 2000 -md sha512 -pass pass:pw -in plain.bin -out o.enc
    check "enc -d of openssl's -iter 2000 -md sha512" P enc -d -aes-128-ctr -iter 2000 -md sha512 -pass pass:pw -in o.enc -out p.dec
    same "pbkdf2 sha512 round trip" plain.bin p.dec
    O enc -aes-256-cbc -pbkdf2 -S 0102030405060708 -pass pass:pw -in plain.bin -out o.enc
    P enc -aes-256-cbc -pbkdf2 -S 0102030405060708 -pass pass:pw -in plain.bin -out p.enc
    same "enc -S (explicit salt, no header) identical" o.enc p.enc
    O enc -aes-192-cfb -pbkdf2 -nosalt -pass pass:pw -in plain.bin -out o.enc
    P enc -aes-192-cfb -pbkdf2 -nosalt -pass pass:pw -in plain.bin -out p.enc
    same "enc -nosalt identical" o.enc p.enc
    O enc -aes-256-cbc -S 0102030405060708 -pass pass:pw -in plain.bin -out o.enc 2>/dev/null
    P enc -aes-256-cbc -S 0102030405060708 -pass pass:pw -in plain.bin -out p.enc
    same "enc legacy EVP_BytesToKey identical" o.enc p.enc
    O enc -aes-128-cbc -md sha1 -pass pass:pw -in plain.bin -out o.enc 2>/dev/null
    check "enc -d of openssl's legacy -md sha1" P enc -d -aes-128-cbc -md sha1 -pass pass:pw -in o.enc -out p.dec
    same "legacy round trip" plain.bin p.dec
    printf 'pw-from-file\n' >pw.txt
    PW=pw-from-file O enc -chacha20 -pbkdf2 -pass env:PW -in plain.bin -out o.enc
    check "enc -d -pass file: of openssl's -pass env:" P enc -d -chacha20 -pbkdf2 -pass file:pw.txt -in o.enc -out p.dec
    same "env/file password round trip" plain.bin p.dec
    # base64 both ways
    O enc -aes-256-ctr -pbkdf2 -a -pass pass:pw -in plain.bin -out o.b64
    check "enc -d -a of openssl's base64" P enc -d -a -aes-256-ctr -pbkdf2 -pass pass:pw -in o.b64 -out p.dec
    same "base64 round trip" plain.bin p.dec
    P enc -aes-256-cbc -K $k -iv $iv -a -in plain.bin -out p.b64
    O enc -aes-256-cbc -K $k -iv $iv -a -in plain.bin -out o.b64
    same "enc -a identical (64-character lines)" o.b64 p.b64
    # -p / -P print what openssl prints
    O enc -aes-128-cbc -pbkdf2 -S a1a2a3a4a5a6a7a8 -pass pass:pw -P >o.txt
    P enc -aes-128-cbc -pbkdf2 -S a1a2a3a4a5a6a7a8 -pass pass:pw -P >p.txt
    same "enc -P lines identical" o.txt p.txt
    # failures: wrong password, corrupted and truncated input, no header
    O enc -aes-256-cbc -pbkdf2 -S 0102030405060708 -pass pass:right -in plain.bin -out o.enc
    clean_failure "wrong password" o.enc z.dec P enc -d -aes-256-cbc -pbkdf2 -S 0102030405060708 -pass pass:wrong -in o.enc -out z.dec
    head -c 4111 o.enc >trunc.enc
    clean_failure "truncated ciphertext" trunc.enc z.dec P enc -d -aes-256-cbc -pbkdf2 -S 0102030405060708 -pass pass:right -in trunc.enc -out z.dec
    clean_failure "no Salted__ header" plain.bin z.dec P enc -d -aes-256-cbc -pbkdf2 -pass pass:right -in plain.bin -out z.dec
    refuse "unknown cipher" P enc -aes-512-cbc -K $k -iv $iv -in plain.bin -out z.enc
    refuse "no key" P enc -aes-128-cbc -in plain.bin -out z.enc
}

# mac: HMAC with every hash and CMAC with every AES size against openssl mac.
run_mac() {
    local d c k
    head -c 3000 /dev/urandom >m.bin
    : >empty.bin
    for d in sha224 sha256 sha384 sha512; do
        for f in m.bin empty.bin; do
            O mac -digest $d -macopt hexkey:00112233445566778899 -in $f HMAC >o.txt
            P mac -digest $d -macopt hexkey:00112233445566778899 -in $f HMAC >p.txt
            same "mac HMAC $d $f identical" o.txt p.txt
        done
        O mac -digest $d -macopt key:a-string-key -in m.bin HMAC >o.txt
        P mac -digest $d -macopt key:a-string-key -in m.bin HMAC >p.txt
        same "mac HMAC $d key: identical" o.txt p.txt
    done
    for c in 128:000102030405060708090a0b0c0d0e0f 192:000102030405060708090a0b0c0d0e0f1011121314151617 \
             256:000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f; do
        k=${c#*:}
        for f in m.bin empty.bin; do
            O mac -cipher AES-${c%%:*}-CBC -macopt hexkey:$k -in $f CMAC >o.txt
            P mac -cipher AES-${c%%:*}-CBC -macopt hexkey:$k -in $f CMAC >p.txt
            same "mac CMAC AES-${c%%:*} $f identical" o.txt p.txt
        done
    done
    O mac -digest sha256 -macopt key:k -binary -in m.bin HMAC >o.bin
    P mac -digest sha256 -macopt key:k -binary -in m.bin HMAC >p.bin
    same "mac -binary identical" o.bin p.bin
    refuse "CMAC with a 15-byte key" P mac -cipher AES-128-CBC -macopt hexkey:000102030405060708090a0b0c0d0e -in m.bin CMAC
    refuse "HMAC without -digest" P mac -macopt key:k -in m.bin HMAC
}

# KBKDF feedback mode (SP 800-108r1 4.2): against openssl kdf where it
# takes the IV (empty, or the MAC's length), and for other IV lengths,
# which openssl kdf refuses, against the construction built here from
# `openssl mac` calls, block by block: K(i) = MAC(K, K(i-1) || [i]_4 ||
# Label || 0x00 || Context || [L]_4), K(0) = the IV.
hex_to_file() { printf "$(printf '%s' "$1" | sed 's/../\\x&/g')" >"$2"; }
kbkdf_feedback_expect() {
    local len=$1 ivhex=$2 labelhex=$3 ctxhex=$4; shift 4
    local prev=$ivhex out="" i=1 blk lhex
    lhex=$(printf '%08x' $((len * 8)))
    while [ $((${#out} / 2)) -lt "$len" ]; do
        hex_to_file "$prev$(printf '%08x' $i)${labelhex}00$ctxhex$lhex" fb.in
        blk=$(openssl mac -in fb.in "$@" | tr -d ' \n:' | tr 'A-F' 'a-f')
        [ -n "$blk" ] || { echo "openssl mac $* failed" >&2; return 1; }
        out=$out$blk
        prev=$blk
        i=$((i + 1))
    done
    printf '%s\n' "${out:0:$((len * 2))}"
}
kbkdf_feedback_built() {
    local d=$1 len=$2 ivhex=$3 macargs=$4; shift 4
    if ! kbkdf_feedback_expect "$len" "$ivhex" 6c6162656c 636f6e74657874 $macargs >fb.want; then
        fail "kdf KBKDF feedback $d: no expected value"
        return
    fi
    if P kdf -keylen "$len" "$@" -kdfopt salt:label -kdfopt info:context -kdfopt mode:FEEDBACK \
        -kdfopt hexseed:$ivhex -binary KBKDF >fb.bin 2>fb.err; then
        od -An -v -tx1 fb.bin | tr -d ' \n' >fb.got
        printf '\n' >>fb.got
        same "kdf KBKDF feedback $d = SP 800-108 from openssl mac" fb.want fb.got
    else
        fail "kdf KBKDF feedback $d"; cat fb.err
    fi
}
run_kbkdf_feedback() {
    local iv32=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
    kdf_same "KBKDF feedback HMAC SHA256, no IV" -keylen 70 -kdfopt mac:HMAC -kdfopt digest:SHA256 -kdfopt key:secret -kdfopt salt:label -kdfopt info:context -kdfopt mode:FEEDBACK KBKDF
    kdf_same "KBKDF feedback HMAC SHA256, 32-byte IV" -keylen 70 -kdfopt mac:HMAC -kdfopt digest:SHA256 -kdfopt key:secret -kdfopt salt:label -kdfopt info:context -kdfopt mode:FEEDBACK -kdfopt hexseed:$iv32 KBKDF
    kdf_same "KBKDF feedback HMAC SHA512, 64-byte IV" -keylen 150 -kdfopt mac:HMAC -kdfopt digest:SHA512 -kdfopt key:secret -kdfopt salt:label -kdfopt info:context -kdfopt mode:FEEDBACK -kdfopt hexseed:$iv32$iv32 KBKDF
    kdf_same "KBKDF feedback HMAC SHA256, no L, no separator" -keylen 40 -kdfopt mac:HMAC -kdfopt digest:SHA256 -kdfopt key:secret -kdfopt salt:l -kdfopt use-l:0 -kdfopt use-separator:0 -kdfopt mode:FEEDBACK -kdfopt hexseed:$iv32 KBKDF
    kdf_same "KBKDF feedback CMAC AES-128, 16-byte IV" -keylen 42 -kdfopt mac:CMAC -kdfopt cipher:AES-128-CBC -kdfopt hexkey:000102030405060708090a0b0c0d0e0f -kdfopt salt:label -kdfopt info:context -kdfopt mode:FEEDBACK -kdfopt hexseed:0f0e0d0c0b0a09080706050403020100 KBKDF
    kbkdf_feedback_built "HMAC-SHA256, 16-byte IV" 42 00112233445566778899aabbccddeeff "-digest SHA256 -macopt key:secret HMAC" \
        -kdfopt mac:HMAC -kdfopt digest:SHA256 -kdfopt key:secret
    kbkdf_feedback_built "CMAC AES-128, 4-byte IV" 42 deadbeef \
        "-cipher AES-128-CBC -macopt hexkey:000102030405060708090a0b0c0d0e0f CMAC" \
        -kdfopt mac:CMAC -kdfopt cipher:AES-128-CBC -kdfopt hexkey:000102030405060708090a0b0c0d0e0f
}

# kdf: picopsa kdf against openssl kdf, byte for byte (hex with its empty
# line, -binary, -out), for PBKDF2, HKDF (three modes), TLS1-PRF, KBKDF
# counter mode with HMAC (the PSA SP 800-108 HMAC KDF and, for a label
# with 0x00 or without L/separator, PSA HMAC calls) and CMAC (OpenSSL's
# construction without K_0, PSA CMAC calls); bad options fail with a
# message and no output file.
kdf_same() {
    local d=$1; shift
    if O kdf "$@" >o.txt 2>o.err && P kdf "$@" >p.txt 2>p.err; then
        same "kdf $d identical" o.txt p.txt
    else
        fail "kdf $d (openssl or picopsa failed)"; cat o.err p.err
    fi
}
run_kdf() {
    local d k
    for d in SHA1 SHA256 SHA512; do
        kdf_same "PBKDF2 $d" -keylen 40 -kdfopt digest:$d -kdfopt pass:password -kdfopt salt:salt -kdfopt iter:4096 PBKDF2
        kdf_same "PBKDF2 $d hex" -keylen 64 -kdfopt digest:$d -kdfopt hexpass:00ff0010 -kdfopt hexsalt:0001020304 -kdfopt iter:3 PBKDF2
    done
    kdf_same "PBKDF2 defaults (SHA1, 2048)" -keylen 20 -kdfopt pass:p -kdfopt salt:s PBKDF2
    kdf_same "PBKDF2 first salt wins" -keylen 16 -kdfopt digest:SHA256 -kdfopt pass:p -kdfopt salt:a -kdfopt salt:b -kdfopt iter:1 PBKDF2
    kdf_same "PBKDF2 -digest" -keylen 16 -digest SHA384 -kdfopt pass:p -kdfopt salt:s -kdfopt iter:2 pbkdf2
    for d in SHA256 SHA384 SHA512; do
        kdf_same "HKDF $d" -keylen 42 -kdfopt digest:$d -kdfopt hexkey:0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b -kdfopt hexsalt:000102030405060708090a0b0c -kdfopt hexinfo:f0f1f2f3f4f5f6f7f8f9 HKDF
        kdf_same "HKDF $d no salt, info concatenated" -keylen 100 -kdfopt digest:$d -kdfopt key:secret -kdfopt info:a -kdfopt info:bc HKDF
        kdf_same "HKDF $d EXPAND_ONLY" -keylen 80 -kdfopt digest:$d -kdfopt hexkey:00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff -kdfopt info:x -kdfopt mode:EXPAND_ONLY HKDF
    done
    kdf_same "HKDF EXTRACT_ONLY" -keylen 32 -kdfopt digest:SHA256 -kdfopt key:secret -kdfopt salt:s -kdfopt mode:EXTRACT_ONLY HKDF
    kdf_same "HKDF EXTRACT_ONLY no salt" -keylen 48 -kdfopt digest:SHA384 -kdfopt key:secret -kdfopt mode:EXTRACT_ONLY HKDF
    for d in SHA256 SHA384; do
        kdf_same "TLS1-PRF $d" -keylen 100 -kdfopt digest:$d -kdfopt secret:secret -kdfopt seed:"master secret" -kdfopt seed:0123456789abcdef TLS1-PRF
        kdf_same "TLS1-PRF $d hex" -keylen 48 -kdfopt digest:$d -kdfopt hexsecret:00112233445566778899 -kdfopt hexseed:aabbccdd TLS1-PRF
    done
    for d in SHA1 SHA256 SHA384 SHA512; do
        kdf_same "KBKDF HMAC $d" -keylen 42 -kdfopt mac:HMAC -kdfopt digest:$d -kdfopt key:secret -kdfopt salt:label -kdfopt info:context KBKDF
        kdf_same "KBKDF HMAC $d label with 0x00" -keylen 42 -kdfopt mac:HMAC -kdfopt digest:$d -kdfopt key:secret -kdfopt hexsalt:610062 -kdfopt info:context KBKDF
        kdf_same "KBKDF HMAC $d no L, no separator" -keylen 42 -kdfopt mac:HMAC -kdfopt digest:$d -kdfopt key:secret -kdfopt salt:l -kdfopt use-l:0 -kdfopt use-separator:0 KBKDF
    done
    kdf_same "KBKDF HMAC long label and context" -keylen 300 -kdfopt mac:HMAC -kdfopt digest:SHA256 -kdfopt key:s -kdfopt salt:$(printf 'a%.0s' {1..100}) -kdfopt info:$(printf 'b%.0s' {1..100}) KBKDF
    kdf_same "KBKDF HMAC first info wins" -keylen 16 -mac HMAC -digest SHA256 -kdfopt key:s -kdfopt info:b -kdfopt info:c KBKDF
    for k in 128:000102030405060708090a0b0c0d0e0f 192:000102030405060708090a0b0c0d0e0f1011121314151617 \
             256:000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f; do
        kdf_same "KBKDF CMAC AES-${k%%:*}" -keylen 42 -kdfopt mac:CMAC -kdfopt cipher:AES-${k%%:*}-CBC -kdfopt hexkey:${k#*:} -kdfopt salt:label -kdfopt info:context KBKDF
        kdf_same "KBKDF CMAC AES-${k%%:*} no label, no L" -keylen 33 -kdfopt mac:CMAC -kdfopt cipher:AES-${k%%:*}-CBC -kdfopt hexkey:${k#*:} -kdfopt use-l:0 KBKDF
    done
    O kdf -keylen 37 -kdfopt digest:SHA256 -kdfopt pass:p -kdfopt salt:s -binary PBKDF2 >o.bin
    P kdf -keylen 37 -kdfopt digest:SHA256 -kdfopt pass:p -kdfopt salt:s -binary PBKDF2 >p.bin
    same "kdf -binary identical" o.bin p.bin
    O kdf -keylen 20 -kdfopt mac:CMAC -kdfopt cipher:AES-128-CBC -kdfopt hexkey:000102030405060708090a0b0c0d0e0f -binary -out o.out KBKDF
    P kdf -keylen 20 -kdfopt mac:CMAC -kdfopt cipher:AES-128-CBC -kdfopt hexkey:000102030405060708090a0b0c0d0e0f -binary -out p.out KBKDF
    same "kdf -binary -out identical" o.out p.out
    O kdf -keylen 20 -kdfopt digest:SHA256 -kdfopt key:k -out o.out HKDF
    P kdf -keylen 20 -kdfopt digest:SHA256 -kdfopt key:k -out p.out HKDF
    same "kdf -out (hex) identical" o.out p.out
    # Bad options: exit 1, a message, no output file (openssl refuses them too).
    kdf_bad() {
        local d=$1; shift
        rm -f bad.out
        if P kdf "$@" -out bad.out >cmd.out 2>cmd.err; then fail "kdf $d refused (succeeded)";
        elif [ ! -s cmd.err ] || [ -e bad.out ]; then fail "kdf $d: no message or an output file";
        else ok "kdf $d refused: $(head -1 cmd.err)"; fi
        if O kdf "$@" >/dev/null 2>&1; then fail "kdf $d: openssl accepts it"; else ok "kdf $d: openssl refuses it too"; fi
    }
    kdf_bad "no -keylen" -kdfopt digest:SHA256 -kdfopt key:k HKDF
    kdf_bad "-keylen 0" -keylen 0 -kdfopt digest:SHA256 -kdfopt key:k HKDF
    kdf_bad "unknown KDF" -keylen 16 -kdfopt key:k SCRYPT2
    kdf_bad "unknown parameter" -keylen 16 -kdfopt digest:SHA256 -kdfopt key:k -kdfopt bogus:1 HKDF
    kdf_bad "parameter of another KDF" -keylen 16 -kdfopt digest:SHA256 -kdfopt key:k -kdfopt iter:2 HKDF
    kdf_bad "odd hex" -keylen 16 -kdfopt digest:SHA256 -kdfopt hexkey:abc HKDF
    kdf_bad "not hex" -keylen 16 -kdfopt digest:SHA256 -kdfopt hexkey:zz HKDF
    kdf_bad "PBKDF2 without salt" -keylen 16 -kdfopt digest:SHA256 -kdfopt pass:p PBKDF2
    kdf_bad "PBKDF2 iter 0" -keylen 16 -kdfopt digest:SHA256 -kdfopt pass:p -kdfopt salt:s -kdfopt iter:0 PBKDF2
    kdf_bad "HKDF without digest" -keylen 16 -kdfopt key:k HKDF
    kdf_bad "HKDF unknown digest" -keylen 16 -kdfopt digest:SHA999 -kdfopt key:k HKDF
    kdf_bad "HKDF EXTRACT_ONLY wrong length" -keylen 16 -kdfopt digest:SHA256 -kdfopt key:k -kdfopt mode:EXTRACT_ONLY HKDF
    kdf_bad "HKDF too long" -keylen 8161 -kdfopt digest:SHA256 -kdfopt key:k HKDF
    kdf_bad "TLS1-PRF without digest" -keylen 16 -kdfopt secret:s -kdfopt seed:x TLS1-PRF
    kdf_bad "KBKDF without mac" -keylen 16 -kdfopt digest:SHA256 -kdfopt key:k KBKDF
    kdf_bad "KBKDF CMAC 15-byte key" -keylen 16 -kdfopt mac:CMAC -kdfopt cipher:AES-128-CBC -kdfopt hexkey:000102030405060708090a0b0c0d0e KBKDF
    kdf_bad "KBKDF counter mode with a seed" -keylen 16 -kdfopt mac:HMAC -kdfopt digest:SHA256 -kdfopt key:k -kdfopt seed:iv KBKDF
    refuse "KBKDF unknown mode" P kdf -keylen 16 -kdfopt mac:HMAC -kdfopt digest:SHA256 -kdfopt key:k -kdfopt mode:double-pipeline KBKDF
    run_kbkdf_feedback
    refuse "kdf -kdfopt without a value" P kdf -keylen 16 -kdfopt
    refuse "kdf without a KDF name" P kdf -keylen 16 -kdfopt key:k
}

# ---- EC P-256 keys (issue 25 section 3) --------------------------------------------------
# ec_hostile.py KEY.pem PEER.pem: DER files of P-256 keys that must be
# refused (written to the current directory).
write_ec_hostile() {
    cat >ec_hostile.py <<'PYEOF'
import sys
from cryptography.hazmat.primitives import serialization
n = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
def tlv(t, b):
    l = len(b)
    h = bytes([l]) if l < 128 else (bytes([0x81, l]) if l < 256 else bytes([0x82, l >> 8, l & 255]))
    return bytes([t]) + h + b
ecpk = tlv(6, bytes.fromhex("2a8648ce3d0201"))
p256 = tlv(6, bytes.fromhex("2a8648ce3d030107"))
def load(f):
    return serialization.load_pem_private_key(open(f, "rb").read(), None)
k, peer = load(sys.argv[1]), load(sys.argv[2])
def point(key):
    return key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
def sec1(d, q=None, params=p256):
    body = tlv(2, b"\x01") + tlv(4, d) + tlv(0xA0, params)
    if q is not None: body += tlv(0xA1, tlv(3, b"\x00" + q))
    return tlv(0x30, body)
def p8(inner):
    return tlv(0x30, tlv(2, b"\x00") + tlv(0x30, ecpk + p256) + tlv(4, inner))
def spki(q, params=p256):
    return tlv(0x30, tlv(0x30, ecpk + params) + tlv(3, b"\x00" + q))
d = k.private_numbers().private_value.to_bytes(32, "big")
q = point(k)
out = {
    "d0.der": sec1(bytes(32)),                        # d = 0
    "dn.der": sec1(n.to_bytes(32, "big")),            # d = n
    "dn1.der": p8(tlv(0x30, tlv(2, b"\x01") + tlv(4, (n + 1).to_bytes(32, "big")))),  # d = n + 1, PKCS#8
    "dmax.der": sec1(b"\xff" * 32),                   # d > n
    "mismatch.der": sec1(d, point(peer)),             # someone else's public key
    "offcurve.der": spki(q[:-1] + bytes([q[-1] ^ 1])), # y + 1: not on the curve
    "offcurve_priv.der": sec1(d, q[:-1] + bytes([q[-1] ^ 1])),
    "xtoobig.der": spki(b"\x04" + b"\xff" * 64),      # coordinates >= p
    "k1.der": spki(q, tlv(6, bytes.fromhex("2b8104000a"))),  # secp256k1's OID on a P-256 point
    "noparams.der": tlv(0x30, tlv(0x30, ecpk) + tlv(3, b"\x00" + q)),
    "nocurve_sec1.der": tlv(0x30, tlv(2, b"\x01") + tlv(4, d)),
    "short_d.der": sec1(d[1:], q),
    "p8_nopub.der": p8(tlv(0x30, tlv(2, b"\x01") + tlv(4, d))),  # valid: no public key
}
for name, der in out.items():
    open(name, "wb").write(der)
PYEOF
}

# sig_ec DESC KEY PUB INPUT ARGS...: signatures both ways, verified by the
# other tool (ECDSA is randomized: not byte-identical).
run_ec() {
    local who
    O genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ec.o.pem
    check "picopsa genpkey EC P-256" P genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ec.p.pem
    [ "$(stat -c %a ec.p.pem)" = 600 ] && ok "private key file mode 0600" || fail "mode $(stat -c %a ec.p.pem)"
    check "openssl checks picopsa's EC key" O pkey -in ec.p.pem -check -noout
    check "genpkey prime256v1 named_curve DER" P genpkey -algorithm EC -pkeyopt ec_paramgen_curve:prime256v1 \
        -pkeyopt ec_param_enc:named_curve -outform DER -out ec.p.der
    check "openssl checks picopsa's DER key (SEC1)" O pkey -in ec.p.der -inform DER -check -noout
    check "genpkey -outpubkey" P genpkey -algorithm EC -pkeyopt ec_paramgen_curve:secp256r1 -out g.pem -outpubkey g.pub
    O pkey -in g.pem -pubout -out g.o.pub
    same "-outpubkey = openssl's public key" g.o.pub g.pub
    keys_both_ways ec ec ec
    for who in o p; do
        local key=ec.$who.pem
        O pkey -in "$key" -out ref.priv.pem
        O pkey -in "$key" -traditional -out o.sec1.pem
        O pkey -in "$key" -traditional -outform DER -out o.sec1.der 2>/dev/null
        check "ec/$who: picopsa reads openssl EC PRIVATE KEY" P pkey -in o.sec1.pem -out x.pem
        same "ec/$who: SEC1 -> PKCS#8 identical" ref.priv.pem x.pem
        check "ec/$who: picopsa reads openssl SEC1 DER" P pkey -in o.sec1.der -inform DER -out x.pem
        same "ec/$who: SEC1 DER -> PKCS#8 identical" ref.priv.pem x.pem
        check "ec/$who: picopsa -traditional" P pkey -in "$key" -traditional -out p.sec1.pem
        same "ec/$who: -traditional = openssl's" o.sec1.pem p.sec1.pem
        check "ec/$who: picopsa -traditional -outform DER" P pkey -in "$key" -traditional -outform DER -out p.sec1.der
        same "ec/$who: SEC1 DER identical" o.sec1.der p.sec1.der
        check "ec/$who: openssl reads picopsa EC PRIVATE KEY" O ec -in p.sec1.pem -check -noout
        check "ec/$who: picopsa -text_pub" P pkey -in "$key" -text_pub -noout -out x.txt
        O pkey -in "$key" -text_pub -noout -out ref.txt
        same "ec/$who: -text_pub identical to openssl" ref.txt x.txt
        check "ec/$who: picopsa -text (PEM then text)" P pkey -in "$key" -text -out x.txt
        O pkey -in "$key" -text -out ref.txt
        same "ec/$who: pkey -text identical to openssl" ref.txt x.txt
        O pkey -in "$key" -pubout -out ec.$who.pub
        O pkey -in "$key" -pubout -outform DER -out ec.$who.pub.der
        check "ec/$who: -pubin -text_pub" P pkey -pubin -in ec.$who.pub -text_pub -noout -out x.txt
        O pkey -pubin -in ec.$who.pub -text_pub -noout -out ref.txt
        same "ec/$who: public -text_pub identical to openssl" ref.txt x.txt
        # Signatures (randomized: each verified by the other tool).
        sig_both_ways "ec/$who -rawin sha256" 0 "$key" ec.$who.pub msg.bin -rawin -digest sha256
        sig_both_ways "ec/$who -rawin sha384" 0 "$key" ec.$who.pub msg.txt -rawin -digest sha384
        sig_both_ways "ec/$who -rawin sha512" 0 "$key" ec.$who.pub msg.bin -rawin -digest sha512
        O dgst -sha256 -binary -out h256.bin msg.bin
        O dgst -sha1 -binary -out h160.bin msg.bin
        O dgst -sha512 -binary -out h512.bin msg.bin
        sig_both_ways "ec/$who hash input, no digest (ECDSA_ANY)" 0 "$key" ec.$who.pub h256.bin
        sig_both_ways "ec/$who 20-byte hash input (ECDSA_ANY)" 0 "$key" ec.$who.pub h160.bin
        sig_both_ways "ec/$who 64-byte hash input (ECDSA_ANY, truncated)" 0 "$key" ec.$who.pub h512.bin
        sig_both_ways "ec/$who hash input, digest:sha256" 0 "$key" ec.$who.pub h256.bin -pkeyopt digest:sha256
        # dgst -sign / -verify both ways.
        for h in sha256 sha384; do
            O dgst -$h -sign "$key" -out o.dsig msg.bin
            check "ec/$who: picopsa dgst -$h -verify openssl's" P dgst -$h -verify ec.$who.pub -signature o.dsig msg.bin
            grep -q "^Verified OK$" cmd.out && ok "ec/$who: dgst prints Verified OK" || fail "ec/$who: dgst output"
            check "ec/$who: picopsa dgst -$h -sign" P dgst -$h -sign "$key" -out p.dsig msg.bin
            check "ec/$who: openssl dgst -$h -verify picopsa's" O dgst -$h -verify ec.$who.pub -signature p.dsig msg.bin
            check "ec/$who: picopsa dgst -prverify" P dgst -$h -prverify "$key" -signature p.dsig msg.bin
            check "ec/$who: DER public key for dgst -verify" P dgst -$h -verify ec.$who.pub.der -keyform DER -signature o.dsig msg.bin
        done
        refuse "ec/$who: dgst -verify with the wrong hash" P dgst -sha384 -verify ec.$who.pub -signature p.dsig msg.txt
    done
    # ECDH both ways: the same 32 bytes from each side, PEM and DER peers.
    O pkeyutl -derive -inkey ec.o.pem -peerkey ec.p.pub -out o.sec
    check "ecdh: picopsa derives (openssl peer key)" P pkeyutl -derive -inkey ec.p.pem -peerkey ec.o.pub -out p.sec
    same "ecdh: secrets equal" o.sec p.sec
    [ "$(stat -c %s p.sec)" = 32 ] && ok "ecdh: 32 bytes" || fail "ecdh: $(stat -c %s p.sec) bytes"
    [ "$(stat -c %a p.sec)" = 600 ] && ok "ecdh: secret mode 0600" || fail "ecdh: mode $(stat -c %a p.sec)"
    check "ecdh: picopsa derives (openssl key, DER peer)" P pkeyutl -derive -inkey ec.o.pem -peerkey ec.p.pub.der -peerform DER -out p2.sec
    same "ecdh: secrets equal (other side)" o.sec p2.sec
    check "ecdh: a private peer key gives its public half" P pkeyutl -derive -inkey ec.p.pem -peerkey ec.o.pem -out p3.sec
    same "ecdh: secret from a private peer key" o.sec p3.sec
    O pkey -in ec.p.pem -traditional -outform DER -out ec.p.sec1.der 2>/dev/null
    check "ecdh: SEC1 DER key" P pkeyutl -derive -inkey ec.p.sec1.der -keyform DER -peerkey ec.o.pub -out p4.sec
    same "ecdh: secret with the SEC1 key" o.sec p4.sec
    # Deterministic ECDSA (nonce-type:1): RFC 6979 A.2.5's key, message
    # "sample" with SHA-256: the RFC's r and s, byte for byte in DER.
    /usr/bin/python3 - <<'PYEOF'
def tlv(t, b): return bytes([t, len(b)]) + b
d = bytes.fromhex("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721")
q = bytes.fromhex("0460fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
                  "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299")
open("rfc6979.der", "wb").write(tlv(0x30, tlv(2, b"\x01") + tlv(4, d) + tlv(0xA0, bytes.fromhex("06082a8648ce3d030107")) +
                                       tlv(0xA1, tlv(3, b"\x00" + q))))
r = bytes.fromhex("00efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716")
s = bytes.fromhex("00f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8")
open("rfc6979.sig", "wb").write(tlv(0x30, tlv(2, r) + tlv(2, s)))
open("sample.txt", "wb").write(b"sample")
PYEOF
    check "deterministic ECDSA (RFC 6979 A.2.5)" P pkeyutl -sign -inkey rfc6979.der -rawin -digest sha256 -pkeyopt nonce-type:1 \
        -in sample.txt -out det.sig
    same "RFC 6979 A.2.5 signature, DER, byte-identical" rfc6979.sig det.sig
    O pkey -in rfc6979.der -inform DER -pubout -out rfc6979.pub
    check "openssl verifies the RFC 6979 signature" O pkeyutl -verify -pubin -inkey rfc6979.pub -rawin -digest sha256 -in sample.txt -sigfile det.sig
    check "nonce-type:1 on a hash input" P pkeyutl -sign -inkey ec.p.pem -pkeyopt digest:sha256 -pkeyopt nonce-type:1 -in h256.bin -out det1.sig
    P pkeyutl -sign -inkey ec.p.pem -pkeyopt digest:sha256 -pkeyopt nonce-type:1 -in h256.bin -out det2.sig
    same "deterministic signatures repeat" det1.sig det2.sig
    check "openssl verifies the deterministic signature" O pkeyutl -verify -pubin -inkey ec.p.pub -in h256.bin -sigfile det1.sig -pkeyopt digest:sha256
    # An EC PARAMETERS block before the key (openssl ecparam -genkey).
    O ecparam -name prime256v1 -genkey -out ecparam.pem
    check "picopsa reads ecparam -genkey output (EC PARAMETERS + EC PRIVATE KEY)" P pkey -in ecparam.pem -out x.pem
    O pkey -in ecparam.pem -out ref.pem
    same "ecparam key re-encoded as openssl's" ref.pem x.pem
    # Stored EC keys: ECDSA (default) and ECDH policies.
    if grep -q "^key store: .*persistent keys: ITS file backend" <<<"$features"; then
        check "genpkey EC -keyid 9" P genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -keyid 9 -outpubkey s9.pub
        check "stored EC key signs" P pkeyutl -sign -inkey id:9 -rawin -digest sha256 -in msg.bin -out s9.sig
        check "openssl verifies the stored key's signature" O pkeyutl -verify -pubin -inkey s9.pub -rawin -digest sha256 -in msg.bin -sigfile s9.sig
        check "dgst -sign id:9" P dgst -sha384 -sign id:9 -out s9d.sig msg.bin
        check "openssl verifies dgst -sign id:9" O dgst -sha384 -verify s9.pub -signature s9d.sig msg.bin
        check "pkey -in id:9 -pubout" P pkey -in id:9 -pubout -out s9.again.pub
        same "stored key's public key = -outpubkey" s9.pub s9.again.pub
        clean_failure "stored ECDSA key cannot derive" id:9 z.sec P pkeyutl -derive -inkey id:9 -peerkey ec.o.pub -out z.sec
        check "genpkey EC -keyid 10 ec_key_use:ecdh" P genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 \
            -pkeyopt ec_key_use:ecdh -keyid 10 -outpubkey s10.pub
        O pkeyutl -derive -inkey ec.o.pem -peerkey s10.pub -out o.s10
        check "stored ECDH key derives" P pkeyutl -derive -inkey id:10 -peerkey ec.o.pub -out p.s10
        same "stored ECDH secret = openssl's" o.s10 p.s10
        clean_failure "stored ECDH key cannot sign" id:10 z.sig P pkeyutl -sign -inkey id:10 -rawin -in msg.bin -out z.sig
        check "storage list" P storage list
        grep -q "^id:9 (0x00000009) EC private key, 256 bits, ECDSA(ANY_HASH), not exportable$" cmd.out &&
            grep -q "^id:10 (0x0000000a) EC private key, 256 bits, ECDH, not exportable$" cmd.out &&
            ok "storage list names the EC keys and policies" || { fail "storage list"; cat cmd.out; }
    fi

    # Hostile inputs: each refused with one line naming the file, no output.
    write_ec_hostile
    /usr/bin/python3 ec_hostile.py ec.o.pem ec.p.pem || fail "ec_hostile.py"
    for f in d0.der dn.der dn1.der dmax.der; do
        refuse "openssl rejects $f" O pkey -in $f -inform DER -check -noout
        clean_failure "picopsa rejects $f (private scalar out of range)" $f x.pem P pkey -in $f -out x.pem
    done
    clean_failure "picopsa rejects a private key with another key's public key" mismatch.der x.pem P pkey -in mismatch.der -out x.pem
    grep -q "public key is not the private key's" cmd.err && ok "mismatch: message says so" || fail "mismatch message: $(cat cmd.err)"
    clean_failure "picopsa signs nothing with it" mismatch.der x.sig P pkeyutl -sign -inkey mismatch.der -in h256.bin -out x.sig
    refuse "openssl rejects the off-curve point" O pkey -pubin -in offcurve.der -inform DER -noout
    for f in offcurve.der xtoobig.der; do
        clean_failure "picopsa rejects $f" $f x.pem P pkey -pubin -in $f -out x.pem
        clean_failure "picopsa -derive rejects the peer $f" $f x.sec P pkeyutl -derive -inkey ec.p.pem -peerkey $f -out x.sec
        clean_failure "picopsa -verify rejects the key $f" $f x.out P pkeyutl -verify -pubin -inkey $f -in h256.bin -sigfile o.sig -out x.out
    done
    clean_failure "picopsa rejects an off-curve embedded public key" offcurve_priv.der x.pem P pkey -in offcurve_priv.der -out x.pem
    for f in k1.der noparams.der nocurve_sec1.der short_d.der; do
        clean_failure "picopsa rejects $f" $f x.pem P pkey -in $f -out x.pem
    done
    check "PKCS#8 without the optional public key" P pkey -in p8_nopub.der -pubout -out x.pub
    O pkey -in ec.o.pem -pubout -out ref.pub
    same "its public key is derived" ref.pub x.pub
    O genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-521 -out p521.pem
    O genpkey -algorithm EC -pkeyopt ec_paramgen_curve:secp256k1 -out k1.pem
    O ec -in ec.o.pem -param_enc explicit -out explicit.pem 2>/dev/null
    O ec -in ec.o.pem -pubout -param_enc explicit -out explicit.pub 2>/dev/null
    O ec -in ec.o.pem -pubout -conv_form compressed -out compressed.pub 2>/dev/null
    for f in p521.pem k1.pem explicit.pem explicit.pub compressed.pub; do
        clean_failure "picopsa rejects $f" $f x.pem P pkey -in $f -out x.pem
        grep -q "unsupported EC key" cmd.err && ok "$f: message says unsupported EC key" || fail "$f message: $(cat cmd.err)"
    done
    O pkey -in ec.o.pem -outform DER -out ec.o.der
    head -c 60 ec.o.der >trunc.der
    head -c 150 ec.o.pem >trunc.pem
    cp ec.o.der trail.der; printf '\x00' >>trail.der
    sed 's/EC PRIVATE KEY/PRIVATE KEY/' o.sec1.pem >label.pem
    for f in trunc.der trunc.pem trail.der label.pem; do
        clean_failure "picopsa rejects $f" $f x.pem P pkey -in $f -out x.pem
    done
    # Signatures: DER that is not minimal, or r||s raw, fails verification.
    O pkeyutl -sign -inkey ec.o.pem -in h256.bin -out good.sig
    /usr/bin/python3 - <<'PYEOF'
b = open("good.sig", "rb").read()
# r and s as parsed; re-encode r with a superfluous leading zero (BER, not DER)
rl = b[3]; r = b[4:4 + rl]; s = b[4 + rl:]
r2 = b"\x00" + r if r[0] != 0 or (len(r) > 1 and r[1] < 0x80) else b"\x00\x00" + r[1:]
inner = bytes([2, len(r2)]) + r2 + s
open("nonminimal.sig", "wb").write(bytes([0x30, len(inner)]) + inner)
rr = r[-32:].rjust(32, b"\0"); ss = s[2:][-32:].rjust(32, b"\0")
open("raw.sig", "wb").write(rr + ss)
open("trail.sig", "wb").write(b + b"\x00")
PYEOF
    check "picopsa verifies openssl's hash-input signature" P pkeyutl -verify -pubin -inkey ec.o.pub -in h256.bin -sigfile good.sig
    for f in nonminimal.sig raw.sig trail.sig; do
        P pkeyutl -verify -pubin -inkey ec.o.pub -in h256.bin -sigfile $f >cmd.out 2>cmd.err
        if [ $? -eq 1 ] && grep -q "^Signature Verification Failure$" cmd.out && grep -q "$f" cmd.err; then
            ok "picopsa rejects the signature $f"
        else
            fail "picopsa accepted or mishandled $f"; cat cmd.out cmd.err
        fi
    done
    # Options that do not apply.
    clean_failure "EC key cannot encrypt" ec.p.pem x.ct P pkeyutl -encrypt -inkey ec.p.pem -in msg.txt -out x.ct
    clean_failure "rsa_padding_mode with an EC key" ec.p.pem x.sig P pkeyutl -sign -inkey ec.p.pem -in h256.bin -out x.sig \
        -pkeyopt rsa_padding_mode:pss
    clean_failure "a message as a hash (too long)" msg.bin x.sig P pkeyutl -sign -inkey ec.p.pem -in msg.bin -out x.sig
    clean_failure "digest:sha256 with a 20-byte input" h160.bin x.sig P pkeyutl -sign -inkey ec.p.pem -in h160.bin -out x.sig \
        -pkeyopt digest:sha256
    clean_failure "sign with an EC public key" ec.p.pub x.sig P pkeyutl -sign -inkey ec.p.pub -pubin -in h256.bin -out x.sig
    O genpkey -algorithm X25519 -out x.pem 2>/dev/null && O pkey -in x.pem -pubout -out x.pub
    clean_failure "an X25519 peer for an EC key" x.pub x.sec P pkeyutl -derive -inkey ec.p.pem -peerkey x.pub -out x.sec
    clean_failure "an EC peer for an X25519 key" ec.o.pub x.sec P pkeyutl -derive -inkey x.pem -peerkey ec.o.pub -out x.sec
    refuse "genpkey EC without a curve" P genpkey -algorithm EC -out y.pem
    refuse "genpkey EC P-521 (not in the table)" P genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-521 -out y.pem
    grep -q "curve not supported" cmd.err && ok "P-521: message says not supported" || fail "P-521 message: $(cat cmd.err)"
    refuse "genpkey ec_param_enc:explicit" P genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -pkeyopt ec_param_enc:explicit -out y.pem
    [ -e y.pem ] && fail "genpkey left y.pem" || ok "no output file from refused genpkey"
}

# ---- ML-KEM keys, encapsulation and decapsulation (issue 26 section 3) ---------------------
# The openssl here may predate ML-KEM (3.5): without it, the formats are
# checked against DER built independently by mlkem_vectors.py from the
# FIPS 203 / Wycheproof vectors (seed -> ek, seed + c -> K), openssl
# asn1parse reads the structure, and the round trips run in picopsa alone.
write_mlkem_vectors() {
    cat >mlkem_vectors.py <<'PYEOF'
import json, sys
vec = sys.argv[1]
def tlv(t, b):
    l = len(b)
    h = bytes([l]) if l < 128 else (bytes([0x81, l]) if l < 256 else bytes([0x82, l >> 8, l & 255]))
    return bytes([t]) + h + b
ARC = bytes.fromhex("608648016503040401")[:-1]   # 2.16.840.1.101.3.4.4
SETS = {512: (1, 800, 1632), 768: (2, 1184, 2400), 1024: (3, 1568, 3168)}
def oid(n): return tlv(6, ARC + bytes([n]))
def alg(n, params=b""): return tlv(0x30, oid(n) + params)
def p8(n, inner, params=b""): return tlv(0x30, tlv(2, b"\x00") + alg(n, params) + tlv(4, inner))
def spki(n, ek, params=b""): return tlv(0x30, alg(n, params) + tlv(3, b"\x00" + ek))
def seed_form(seed): return tlv(0x80, seed)
def both_form(seed, dk): return tlv(0x30, tlv(4, seed) + tlv(4, dk))
def w(name, data): open(name, "wb").write(data)
# Known answers: Wycheproof's seed -> ek (and dk for the keygen file),
# seed + c -> K (valid cases only; the first few of each set).
for bits in (512, 768, 1024):
    n = SETS[bits][0]
    d = json.load(open(f"{vec}/mlkem_{bits}_test.json"))
    k = 0
    for g in d["testGroups"]:
        for t in g["tests"]:
            if t["result"] != "valid" or "c" not in t or k >= 3:
                continue
            seed, ek, c, K = (bytes.fromhex(t[x]) for x in ("seed", "ek", "c", "K"))
            w(f"kat{bits}_{k}.key.der", p8(n, seed_form(seed)))
            w(f"kat{bits}_{k}.pub.der", spki(n, ek))
            w(f"kat{bits}_{k}.ct", c)
            w(f"kat{bits}_{k}.K", K)
            k += 1
d = json.load(open(f"{vec}/mlkem_768_keygen_seed_test.json"))
t = d["testGroups"][0]["tests"][0]
seed, ek, dk = (bytes.fromhex(t[x]) for x in ("seed", "ek", "dk"))
w("kg.seed.der", p8(2, seed_form(seed)))
w("kg.pub.der", spki(2, ek))
w("kg.both.der", p8(2, both_form(seed, dk)))
# Hostile files (768): each must be refused.
def flip(b, i): return b[:i] + bytes([b[i] ^ 1]) + b[i + 1:]
off = 384 * 3                                       # ek inside dk
bad_ek = bytes([0xff, 0x0f]) + ek[2:]               # first coefficient 0xfff >= q
H = dk[off + len(ek):off + len(ek) + 32]
hostile = {
    "h_oid4.der": p8(4, seed_form(seed)),                        # id-alg-ml-kem-... .4: no such set
    "h_mldsa.der": tlv(0x30, tlv(2, b"\x00") + tlv(0x30, tlv(6, bytes.fromhex("608648016503040312"))) +
                   tlv(4, seed_form(seed))),                    # ML-DSA-65's OID, a 64-byte seed
    "h_params.der": p8(2, seed_form(seed), tlv(5, b"")),         # NULL parameters (must be absent)
    "h_pub_params.der": spki(2, ek, tlv(5, b"")),
    "h_seed63.der": p8(2, seed_form(seed[:63])),
    "h_seed65.der": p8(2, seed_form(seed + b"\x00")),
    "h_seed_octet.der": p8(2, tlv(4, seed)),                     # seed as a plain OCTET STRING (not the CHOICE)
    "h_trunc.der": p8(2, seed_form(seed))[:-1],
    "h_trail.der": p8(2, seed_form(seed)) + b"\x00",
    "h_inner_trail.der": p8(2, seed_form(seed) + b"\x00"),
    "h_ek_short.der": spki(2, ek[:-1]),
    "h_ek_other_set.der": spki(1, ek),                           # a 768 ek under the 512 OID
    "h_ek_bad.der": spki(2, bad_ek),                             # FIPS 203 7.2 modulus check
    "h_ek_unused_bits.der": tlv(0x30, alg(2) + tlv(3, b"\x01" + ek)),
    "h_expanded_only.der": p8(2, tlv(4, dk)),
    "h_both_z.der": p8(2, both_form(seed, flip(dk, len(dk) - 1))),      # z differs
    "h_both_ek.der": p8(2, both_form(seed, flip(dk, off + 5))),         # ek differs
    "h_both_h.der": p8(2, both_form(seed, dk[:off + len(ek)] + flip(H, 0) + dk[-32:])),
    "h_both_short.der": p8(2, both_form(seed, dk[:-1])),
}
for name, der in hostile.items():
    w(name, der)
PYEOF
}

run_mlkem() {
    local bits ct_len n sz
    for bits in 512 768 1024; do
        case $bits in 512) ct_len=768 ;; 768) ct_len=1088 ;; 1024) ct_len=1568 ;; esac
        check "genpkey ML-KEM-$bits" P genpkey -algorithm ML-KEM-$bits -out k$bits.pem -outpubkey p$bits.pem
        [ "$(stat -c %a k$bits.pem)" = 600 ] && ok "ML-KEM-$bits: private key mode 0600" || fail "mode $(stat -c %a k$bits.pem)"
        n=$(( bits == 512 ? 1 : bits == 768 ? 2 : 3 ))
        O asn1parse -in k$bits.pem >asn.txt 2>&1
        grep -q "OBJECT *:2.16.840.1.101.3.4.4.$n$" asn.txt && grep -q "OCTET STRING *\[HEX DUMP\]:8040" asn.txt &&
            grep -q "0:d=0  hl=2 l=  84 cons: SEQUENCE" asn.txt && ok "ML-KEM-$bits: PKCS#8 seed form, OID .4.4.$n" ||
            { fail "ML-KEM-$bits PKCS#8 structure"; cat asn.txt; }
        O asn1parse -in p$bits.pem >asn.txt 2>&1
        sz=$(( bits == 512 ? 801 : bits == 768 ? 1185 : 1569 ))
        grep -q "OBJECT *:2.16.840.1.101.3.4.4.$n$" asn.txt && grep -q "l= *$sz prim: BIT STRING" asn.txt &&
            ok "ML-KEM-$bits: SPKI with ek" || { fail "ML-KEM-$bits SPKI structure"; cat asn.txt; }
        check "ML-KEM-$bits: pkey re-encodes" P pkey -in k$bits.pem -out x.pem
        same "ML-KEM-$bits: pkey output = genpkey's" k$bits.pem x.pem
        check "ML-KEM-$bits: pkey -pubout" P pkey -in k$bits.pem -pubout -out x.pub
        same "ML-KEM-$bits: -pubout = -outpubkey" p$bits.pem x.pub
        check "ML-KEM-$bits: DER private key" P pkey -in k$bits.pem -outform DER -out k.der
        check "ML-KEM-$bits: DER read back" P pkey -in k.der -inform DER -out x.pem
        same "ML-KEM-$bits: DER round trip" k$bits.pem x.pem
        check "ML-KEM-$bits: DER public key" P pkey -pubin -in p$bits.pem -outform DER -out p.der
        check "ML-KEM-$bits: DER public read back" P pkey -pubin -in p.der -out x.pub
        same "ML-KEM-$bits: DER public round trip" p$bits.pem x.pub
        check "ML-KEM-$bits: pkey -text" P pkey -in k$bits.pem -text -noout -out x.txt
        grep -q "^ML-KEM-$bits Private-Key:$" x.txt && ok "ML-KEM-$bits: -text names the key" || fail "-text: $(head -1 x.txt)"
        check "ML-KEM-$bits: -encap with the public key" P pkeyutl -encap -inkey p$bits.pem -pubin -out ct -secret ss1
        [ "$(stat -c %s ct)" = $ct_len ] && ok "ML-KEM-$bits: ciphertext $ct_len bytes" || fail "ciphertext $(stat -c %s ct) bytes"
        [ "$(stat -c %s ss1)" = 32 ] && ok "ML-KEM-$bits: secret 32 bytes" || fail "secret $(stat -c %s ss1) bytes"
        [ "$(stat -c %a ss1)" = 600 ] && ok "ML-KEM-$bits: secret mode 0600" || fail "secret mode $(stat -c %a ss1)"
        check "ML-KEM-$bits: -decap" P pkeyutl -decap -inkey k$bits.pem -in ct -secret ss2
        same "ML-KEM-$bits: decapsulated secret = encapsulated" ss1 ss2
        check "ML-KEM-$bits: -decap to -out" P pkeyutl -decap -inkey k$bits.pem -in ct -out ss3
        same "ML-KEM-$bits: -decap -out = -secret" ss1 ss3
        check "ML-KEM-$bits: -encap with the private key file" P pkeyutl -encap -inkey k$bits.pem -out ct2 -secret ss4
        check "ML-KEM-$bits: -decap of it" P pkeyutl -decap -inkey k.der -keyform DER -in ct2 -secret ss5
        same "ML-KEM-$bits: secrets equal (DER key)" ss4 ss5
        # A modified ciphertext decapsulates (implicit rejection, FIPS 203
        # Alg. 18) to another secret.
        /usr/bin/python3 -c 'import sys; b = bytearray(open("ct", "rb").read()); b[7] ^= 4; open("ct.bad", "wb").write(b)'
        check "ML-KEM-$bits: modified ciphertext decapsulates" P pkeyutl -decap -inkey k$bits.pem -in ct.bad -secret ss6
        cmp -s ss1 ss6 && fail "ML-KEM-$bits: implicit rejection gave the real secret" ||
            ok "ML-KEM-$bits: implicit rejection secret differs"
        head -c $((ct_len - 1)) ct >ct.short
        clean_failure "ML-KEM-$bits: short ciphertext" ct.short ss.x P pkeyutl -decap -inkey k$bits.pem -in ct.short -secret ss.x
        cat ct ct >ct.long
        clean_failure "ML-KEM-$bits: long ciphertext" ct.long ss.x P pkeyutl -decap -inkey k$bits.pem -in ct.long -secret ss.x
    done
    clean_failure "decapsulate with a public key" p768.pem ss.x P pkeyutl -decap -inkey p768.pem -in ct -secret ss.x
    rm -f ct.x
    clean_failure "-encap without -secret" secret ct.x P pkeyutl -encap -inkey p768.pem -out ct.x
    clean_failure "-secret with -sign" secret ss.x P pkeyutl -sign -inkey k768.pem -in msg.bin -secret ss.x
    clean_failure "ML-KEM key cannot sign" k768.pem x.sig P pkeyutl -sign -inkey k768.pem -in msg.bin -out x.sig
    clean_failure "ML-KEM key cannot derive" k768.pem x.sec P pkeyutl -derive -inkey k768.pem -peerkey p768.pem -out x.sec
    if grep -q "^X25519: yes" <<<"$features"; then
        P genpkey -algorithm X25519 -out x25519.pem
        clean_failure "-encap with an X25519 key" x25519.pem ct.x P pkeyutl -encap -inkey x25519.pem -out ct.x -secret ss.x
        [ -e ss.x ] && fail "-encap left the secret file" || ok "-encap refused: no secret file"
    fi
    clean_failure "-encap with -digest" k768.pem ct.x P pkeyutl -encap -inkey k768.pem -out ct.x -secret ss.x -digest sha256
    refuse "genpkey ML-KEM-256 (no such set)" P genpkey -algorithm ML-KEM-256 -out y.pem
    [ -e y.pem ] && fail "genpkey left y.pem" || ok "no output file from refused genpkey"

    # Known answers through the tool (independent DER from the vectors).
    write_mlkem_vectors
    /usr/bin/python3 mlkem_vectors.py "$VECTORS/wycheproof" || fail "mlkem_vectors.py"
    for f in kat*_?.key.der; do
        local b=${f%.key.der}
        check "$b: seed -> ek (pkey -pubout)" P pkey -in $f -pubout -outform DER -out x.der
        same "$b: SPKI = the vector's ek in DER built by python" $b.pub.der x.der
        check "$b: pkey writes the seed form" P pkey -in $f -outform DER -out x.der
        same "$b: PKCS#8 = python's" $f x.der
        check "$b: -decap the vector's ciphertext" P pkeyutl -decap -inkey $f -keyform DER -in $b.ct -secret x.K
        same "$b: K = the vector's" $b.K x.K
        check "$b: -encap to the vector's ek" P pkeyutl -encap -inkey $b.pub.der -pubin -out x.ct -secret x.ss
        check "$b: -decap of it" P pkeyutl -decap -inkey $f -in x.ct -secret x.ss2
        same "$b: round trip on the vector's key" x.ss x.ss2
    done
    check "keygen vector: seed form -> ek" P pkey -in kg.seed.der -pubout -outform DER -out x.der
    same "keygen vector: ek = FIPS 203's" kg.pub.der x.der
    check "keygen vector: seed + expandedKey form read" P pkey -in kg.both.der -outform DER -out x.der
    same "keygen vector: both -> seed form" kg.seed.der x.der
    clean_failure "rejects h_mldsa.der (ML-DSA's OID: a 32-byte seed)" h_mldsa.der x.pem P pkey -in h_mldsa.der -out x.pem
    for f in h_oid4.der; do
        clean_failure "rejects $f (not an ML-KEM OID)" $f x.pem P pkey -in $f -out x.pem
        grep -q "unsupported key type" cmd.err && ok "$f: message says unsupported key type" || fail "$f message: $(cat cmd.err)"
    done
    for f in h_params.der h_seed63.der h_seed65.der h_seed_octet.der h_trunc.der h_trail.der h_inner_trail.der \
             h_both_short.der; do
        clean_failure "rejects $f" $f x.pem P pkey -in $f -out x.pem
    done
    for f in h_pub_params.der h_ek_short.der h_ek_other_set.der h_ek_bad.der h_ek_unused_bits.der; do
        clean_failure "rejects $f" $f x.pem P pkey -pubin -in $f -out x.pem
        clean_failure "-encap rejects $f" $f ct.x P pkeyutl -encap -pubin -inkey $f -out ct.x -secret ss.x
        [ -e ss.x ] && fail "$f: secret file left" || ok "$f: no secret file"
    done
    grep -q "psa_import_key: invalid argument" <(P pkey -pubin -in h_ek_bad.der 2>&1) && ok "bad ek: psa_import_key INVALID_ARGUMENT (FIPS 203 7.2)" ||
        fail "bad ek message"
    clean_failure "rejects an expandedKey-only private key" h_expanded_only.der x.pem P pkey -in h_expanded_only.der -out x.pem
    grep -q "without its seed" cmd.err && ok "expandedKey only: message says no seed" || fail "message: $(cat cmd.err)"
    # H(ek) is checked through the PSA hash API: where SHA3-256 is built
    # (configs/pqc_node.h has ML-KEM without it).
    for f in h_both_z.der h_both_ek.der h_both_h.der; do
        [ $f = h_both_h.der ] && ! has SHA3-256 && { ok "$f: SHA3-256 not built, H(ek) not checked"; continue; }
        clean_failure "rejects $f (expandedKey not the seed's)" $f x.pem P pkey -in $f -out x.pem
        grep -q "expandedKey is not the seed's" cmd.err && ok "$f: message says so" || fail "$f message: $(cat cmd.err)"
        clean_failure "-decap rejects $f" $f ss.x P pkeyutl -decap -inkey $f -in kat768_0.ct -secret ss.x
    done
    P pkey -in k768.pem -outform DER -out k768.der
    head -c 150 k768.pem >trunc.pem
    clean_failure "rejects a truncated PEM key" trunc.pem x.pem P pkey -in trunc.pem -out x.pem
    clean_failure "rejects a private key with -pubin" k768.pem ct.x P pkeyutl -encap -pubin -inkey k768.pem -out ct.x -secret ss.x

    # Stored keys: a pair kept in the key store encapsulates and decapsulates.
    if grep -q "^key store: .*persistent keys: ITS file backend" <<<"$features"; then
        check "genpkey ML-KEM-768 -keyid 11" P genpkey -algorithm ML-KEM-768 -keyid 11 -outpubkey s11.pub
        check "encapsulate to the stored key's public key" P pkeyutl -encap -pubin -inkey s11.pub -out s11.ct -secret s11.a
        check "stored key decapsulates" P pkeyutl -decap -inkey id:11 -in s11.ct -secret s11.b
        same "stored key: secrets equal" s11.a s11.b
        check "stored key encapsulates" P pkeyutl -encap -inkey id:11 -out s11.ct2 -secret s11.c
        check "stored key decapsulates its own" P pkeyutl -decap -inkey id:11 -in s11.ct2 -secret s11.d
        same "stored key: own round trip" s11.c s11.d
        clean_failure "stored key is not exportable" id:11 x.pem P pkey -in id:11 -out x.pem
        check "storage list" P storage list
        grep -q "^id:11 (0x0000000b) ML-KEM private key, 768 bits, " cmd.out && ok "storage list names the ML-KEM key" ||
            { fail "storage list"; cat cmd.out; }
    fi

    # OpenSSL 3.5 and later have ML-KEM: both ways, when this one does.
    if O list -kem-algorithms 2>/dev/null | grep -qi "ML-KEM-768"; then
        O genpkey -algorithm ML-KEM-768 -out o.pem && O pkey -in o.pem -pubout -out o.pub
        check "picopsa reads openssl's ML-KEM-768 key" P pkey -in o.pem -pubout -out x.pub
        same "openssl's public key = picopsa's derivation" o.pub x.pub
        check "openssl reads picopsa's key" O pkey -in k768.pem -pubout -out x2.pub
        same "picopsa's public key = openssl's derivation" p768.pem x2.pub
        O pkeyutl -encap -inkey p768.pem -pubin -out o.ct -secret o.ss
        check "picopsa decapsulates openssl's ciphertext" P pkeyutl -decap -inkey k768.pem -in o.ct -secret x.ss
        same "secrets equal (openssl -> picopsa)" o.ss x.ss
        check "picopsa encapsulates to openssl's key" P pkeyutl -encap -pubin -inkey o.pub -out p.ct -secret p.ss
        O pkeyutl -decap -inkey o.pem -in p.ct -secret o.ss2
        same "secrets equal (picopsa -> openssl)" p.ss o.ss2
    else
        echo "note: $(openssl version) has no ML-KEM: formats checked against vectors and DER built here"
    fi
}

# P-384 (secp384r1, 1.3.132.0.34): the P-256 case's formats and operations
# on the second curve of keyfile.c's table, both ways with openssl.
run_ec384() {
    local who h
    O genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-384 -out e4.o.pem
    check "picopsa genpkey EC P-384" P genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-384 -out e4.p.pem
    check "openssl checks picopsa's P-384 key" O pkey -in e4.p.pem -check -noout
    check "genpkey secp384r1 DER (SEC1)" P genpkey -algorithm EC -pkeyopt ec_paramgen_curve:secp384r1 -outform DER -out e4.p.der
    check "openssl checks picopsa's P-384 DER key" O pkey -in e4.p.der -inform DER -check -noout
    keys_both_ways e4 ec ec384
    for who in o p; do
        local key=e4.$who.pem
        O pkey -in "$key" -traditional -out o.sec1.pem
        check "ec384/$who: picopsa -traditional" P pkey -in "$key" -traditional -out p.sec1.pem
        same "ec384/$who: -traditional = openssl's" o.sec1.pem p.sec1.pem
        O pkey -in "$key" -out ref.priv.pem
        check "ec384/$who: picopsa reads openssl EC PRIVATE KEY" P pkey -in o.sec1.pem -out x.pem
        same "ec384/$who: SEC1 -> PKCS#8 identical" ref.priv.pem x.pem
        check "ec384/$who: picopsa -text_pub" P pkey -in "$key" -text_pub -noout -out x.txt
        O pkey -in "$key" -text_pub -noout -out ref.txt
        same "ec384/$who: -text_pub identical to openssl" ref.txt x.txt
        O pkey -in "$key" -pubout -out e4.$who.pub
        sig_both_ways "ec384/$who -rawin sha384" 0 "$key" e4.$who.pub msg.bin -rawin -digest sha384
        sig_both_ways "ec384/$who -rawin sha256" 0 "$key" e4.$who.pub msg.txt -rawin -digest sha256
        sig_both_ways "ec384/$who -rawin sha512" 0 "$key" e4.$who.pub msg.bin -rawin -digest sha512
        O dgst -sha384 -binary -out h384.bin msg.bin
        O dgst -sha512 -binary -out h512.bin msg.bin
        sig_both_ways "ec384/$who 48-byte hash input (ECDSA_ANY)" 0 "$key" e4.$who.pub h384.bin
        sig_both_ways "ec384/$who 64-byte hash input (ECDSA_ANY, truncated)" 0 "$key" e4.$who.pub h512.bin
        for h in sha384 sha256; do
            O dgst -$h -sign "$key" -out o.dsig msg.bin
            check "ec384/$who: picopsa dgst -$h -verify openssl's" P dgst -$h -verify e4.$who.pub -signature o.dsig msg.bin
            check "ec384/$who: picopsa dgst -$h -sign" P dgst -$h -sign "$key" -out p.dsig msg.bin
            check "ec384/$who: openssl dgst -$h -verify picopsa's" O dgst -$h -verify e4.$who.pub -signature p.dsig msg.bin
        done
        refuse "ec384/$who: dgst -verify with the wrong message" P dgst -sha256 -verify e4.$who.pub -signature p.dsig msg.txt
    done
    # ECDH both ways: 48 bytes (the x-coordinate, RFC 5903 / SEC 1 3.3.1).
    O pkeyutl -derive -inkey e4.o.pem -peerkey e4.p.pub -out o.sec
    check "ecdh384: picopsa derives (openssl peer key)" P pkeyutl -derive -inkey e4.p.pem -peerkey e4.o.pub -out p.sec
    same "ecdh384: secrets equal" o.sec p.sec
    [ "$(stat -c %s p.sec)" = 48 ] && ok "ecdh384: 48 bytes" || fail "ecdh384: $(stat -c %s p.sec) bytes"
    refuse "ecdh384: a P-256 peer key is refused" P pkeyutl -derive -inkey e4.p.pem -peerkey ec256.pub -out z.sec
    # Deterministic ECDSA (RFC 6979) with SHA-384: repeats, openssl verifies.
    check "ec384: nonce-type:1" P pkeyutl -sign -inkey e4.p.pem -rawin -digest sha384 -pkeyopt nonce-type:1 -in msg.bin -out det1.sig
    P pkeyutl -sign -inkey e4.p.pem -rawin -digest sha384 -pkeyopt nonce-type:1 -in msg.bin -out det2.sig
    same "ec384: deterministic signatures repeat" det1.sig det2.sig
    check "ec384: openssl verifies the deterministic signature" O pkeyutl -verify -pubin -inkey e4.p.pub -rawin -digest sha384 \
        -in msg.bin -sigfile det1.sig
    refuse "ec384: a P-384 signature does not verify under a P-256 key" P pkeyutl -verify -pubin -inkey ec256.pub -rawin -digest sha384 \
        -in msg.bin -sigfile det1.sig
    if grep -q "^key store: .*persistent keys: ITS file backend" <<<"$features"; then
        check "genpkey EC P-384 -keyid 12" P genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-384 -keyid 12 -outpubkey s12.pub
        check "stored P-384 key signs" P pkeyutl -sign -inkey id:12 -rawin -digest sha384 -in msg.bin -out s12.sig
        check "openssl verifies the stored P-384 key's signature" O pkeyutl -verify -pubin -inkey s12.pub -rawin -digest sha384 \
            -in msg.bin -sigfile s12.sig
        check "storage list" P storage list
        grep -q "^id:12 (0x0000000c) EC private key, 384 bits, ECDSA(ANY_HASH), not exportable$" cmd.out &&
            ok "storage list names the P-384 key" || { fail "storage list"; cat cmd.out; }
    fi
}

# HSS/LMS public keys (RFC 9708 / RFC 9802 SPKI: id-alg-hss-lms-hashsig, no
# parameters, the raw HSS key in the BIT STRING), verification only. The
# keys and signatures are the library's vectors (tests/data/vectors/lms:
# RFC 8554 appendix F, SP 800-208 parameter sets, L = 1..3), wrapped in
# SPKI here; OpenSSL verifies the same files when it has LMS (3.6+).
run_lms() {
    local vdir t n=0 o_lms=0
    vdir="$(cd "$(dirname "${BASH_SOURCE[0]}")/../data/vectors/lms" && pwd)" || { fail "no LMS vectors"; return; }
    O list -signature-algorithms 2>/dev/null | grep -qi "LMS" && o_lms=1
    /usr/bin/python3 - "$vdir" <<'PYEOF'
import base64, glob, os, sys
def tlv(t, b):
    n = len(b)
    l = bytes([n]) if n < 128 else bytes([0x81, n]) if n < 256 else bytes([0x82, n >> 8, n & 255])
    return bytes([t]) + l + b
OID = tlv(6, bytes.fromhex("2a864886f70d0109100311"))
def spki(pk, params=b"", oid=OID, unused=b"\x00"):
    return tlv(0x30, tlv(0x30, oid + params) + tlv(3, unused + pk))
def pem(der, label="PUBLIC KEY"):
    b = base64.b64encode(der).decode()
    return "-----BEGIN %s-----\n%s\n-----END %s-----\n" % (label, "\n".join(b[i:i + 64] for i in range(0, len(b), 64)), label)
names = []
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.txt"))):
    d = {}
    for line in open(f):
        if ":" in line and not line.startswith("#"):
            k, v = line.split(":", 1)
            d[k.strip()] = bytes.fromhex(v.strip())
    t = os.path.basename(f)[:-4]
    names.append(t)
    open(t + ".der", "wb").write(spki(d["pk"]))
    open(t + ".pem", "w").write(pem(spki(d["pk"])))
    open(t + ".msg", "wb").write(d["msg"])
    open(t + ".sig", "wb").write(d["sig"])
open("lms.list", "w").write("\n".join(names) + "\n")
pk = [l.split(":", 1)[1].strip() for l in open(os.path.join(sys.argv[1], "rfc8554_tc1.txt")) if l.startswith("pk:")][0]
pk = bytes.fromhex(pk)
open("h_params.der", "wb").write(spki(pk, params=b"\x05\x00"))          # NULL parameters
open("h_short.der", "wb").write(spki(pk[:-1]))                          # 59 bytes
open("h_long.der", "wb").write(spki(pk + b"\x00"))                      # 61 bytes
open("h_unused.der", "wb").write(spki(pk, unused=b"\x01"))              # unused bits
open("h_l9.der", "wb").write(spki(b"\x00\x00\x00\x09" + pk[4:]))        # L = 9 (RFC 8554 6.1: 1..8)
open("h_l0.der", "wb").write(spki(b"\x00\x00\x00\x00" + pk[4:]))        # L = 0
open("h_lmstype.der", "wb").write(spki(pk[:4] + b"\x00\x00\x00\x63" + pk[8:]))  # unknown LMS type
open("h_otstype.der", "wb").write(spki(pk[:8] + b"\x00\x00\x00\x63" + pk[12:])) # unknown LM-OTS type
open("h_p8.pem", "w").write(pem(tlv(0x30, tlv(2, b"\x00") + tlv(0x30, OID) + tlv(4, tlv(4, bytes(64)))), "PRIVATE KEY"))
PYEOF
    [ -s lms.list ] || { fail "LMS vector files"; return; }
    while read -r t; do
        # The SHAKE256 sets are a build choice (PICOPSA_LMS_SHAKE; off in
        # configs/lms_verify_only.h): such a key is refused at import then.
        if [[ $t == *shake* ]] && ! grep -q "SHAKE256 sets yes" <<<"$features"; then
            clean_failure "lms/$t: SHAKE256 set not built, key refused" $t.pem z.txt P pkeyutl -verify -pubin -inkey $t.pem \
                -in $t.msg -sigfile $t.sig -out z.txt
            n=$((n + 1))
            continue
        fi
        n=$((n + 1))
        check "lms/$t: picopsa verifies (PEM SPKI)" P pkeyutl -verify -pubin -inkey $t.pem -in $t.msg -sigfile $t.sig
        grep -q "^Signature Verified Successfully$" cmd.out || fail "lms/$t: verify message"
        check "lms/$t: picopsa verifies (DER SPKI, -rawin)" P pkeyutl -verify -pubin -rawin -inkey $t.der -keyform DER \
            -in $t.msg -sigfile $t.sig
        check "lms/$t: pkey re-encodes the SPKI" P pkey -pubin -in $t.der -inform DER -out x.pem
        same "lms/$t: SPKI PEM identical" $t.pem x.pem
        # A flipped bit in the signature (in the OTS part and at the end)
        # and in the message: exit 1, one line naming the signature file.
        local pos sz
        sz=$(stat -c %s $t.sig)
        for pos in 12 $((sz / 2)) $((sz - 1)); do
            cp $t.sig bad.sig
            printf "\\x$(printf %02x $(( $(od -An -tu1 -j $pos -N1 $t.sig) ^ 1 )))" | dd of=bad.sig bs=1 seek=$pos conv=notrunc status=none
            P pkeyutl -verify -pubin -inkey $t.pem -in $t.msg -sigfile bad.sig >cmd.out 2>cmd.err
            if [ $? -eq 1 ] && grep -q "^Signature Verification Failure$" cmd.out && [ "$(wc -l <cmd.err)" -eq 1 ] &&
                grep -q "bad.sig" cmd.err; then ok "lms/$t: bit $pos of the signature flipped: rejected"
            else fail "lms/$t: flipped signature byte $pos"; cat cmd.out cmd.err; fi
        done
        head -c $((sz - 1)) $t.sig >short.sig
        refuse "lms/$t: a truncated signature is rejected" P pkeyutl -verify -pubin -inkey $t.pem -in $t.msg -sigfile short.sig
        { cat $t.msg; printf x; } >bad.msg
        refuse "lms/$t: another message is rejected" P pkeyutl -verify -pubin -inkey $t.pem -in bad.msg -sigfile $t.sig
        # OpenSSL 3.6 reads L = 1 keys only: those it loads, it must verify.
        if [ $o_lms = 1 ] && O pkey -pubin -in $t.pem -noout 2>/dev/null; then
            check "lms/$t: openssl verifies with the same SPKI" O pkeyutl -verify -pubin -inkey $t.pem -rawin -in $t.msg -sigfile $t.sig
        fi
    done <lms.list
    [ $n -ge 19 ] && ok "lms: $n vector files" || fail "lms: only $n vector files"
    [ $o_lms = 1 ] || echo "note: $(openssl version) has no LMS: SPKI format checked against RFC 9708 / RFC 9802 and the vectors"
    check "lms: -text_pub" P pkey -pubin -in rfc8554_tc1.pem -text_pub -noout
    grep -q "^HSS Public-Key: (L = 2, n = 32 bytes)$" cmd.out && ok "lms: -text_pub names L and n" || { fail "lms: -text_pub"; cat cmd.out; }
    check "lms: -pubout of a public key" P pkey -pubin -in rfc8554_tc2.pem -pubout -outform DER -out x.der
    same "lms: DER identical" rfc8554_tc2.der x.der
    # Verification only, and nothing else with these keys.
    clean_failure "lms: no signing" rfc8554_tc1.pem z.sig P pkeyutl -sign -pubin -inkey rfc8554_tc1.pem -in rfc8554_tc1.msg -out z.sig
    clean_failure "lms: no encryption" rfc8554_tc1.pem z.bin P pkeyutl -encrypt -pubin -inkey rfc8554_tc1.pem -in rfc8554_tc1.msg -out z.bin
    clean_failure "lms: no digest option" rfc8554_tc1.pem z.txt P pkeyutl -verify -pubin -inkey rfc8554_tc1.pem -digest sha256 \
        -in rfc8554_tc1.msg -sigfile rfc8554_tc1.sig -out z.txt
    clean_failure "lms: no dgst -verify" rfc8554_tc1.pem z.txt P dgst -sha256 -verify rfc8554_tc1.pem -signature rfc8554_tc1.sig \
        -out z.txt rfc8554_tc1.msg
    # Malformed or refused keys: one line naming the file, no output.
    for f in h_params.der h_short.der h_long.der h_unused.der h_l9.der h_l0.der h_lmstype.der h_otstype.der; do
        clean_failure "lms: $f refused" $f z.txt P pkeyutl -verify -pubin -inkey $f -keyform DER -in rfc8554_tc1.msg \
            -sigfile rfc8554_tc1.sig -out z.txt
    done
    clean_failure "lms: a PKCS#8 HSS private key is refused" h_p8.pem z.pem P pkey -in h_p8.pem -out z.pem
    grep -q "unsupported key type" cmd.err && ok "lms: PKCS#8 message says unsupported" || fail "lms: PKCS#8 message: $(cat cmd.err)"
}

# ML-DSA-44/65/87 (RFC 9881: id-ml-dsa-N, SPKI pk, PKCS#8 seed form), the
# message signed as is, hedged or deterministic. OpenSSL 3.0 has no
# ML-DSA: Wycheproof's mldsa_65_sign_seed_test.json is the reference (its
# PKCS#8 keys read and re-encoded byte for byte, its public keys and its
# deterministic signatures reproduced), and OpenSSL 3.5+ is used both ways
# when it is the installed one.
run_mldsa() {
    local set bits vdir
    vdir="$(cd "$(dirname "${BASH_SOURCE[0]}")/../data/vectors/wycheproof" && pwd)" || { fail "no Wycheproof vectors"; return; }
    for set in 44 65 87; do
        check "genpkey ML-DSA-$set" P genpkey -algorithm ML-DSA-$set -out d$set.pem
        [ "$(stat -c %a d$set.pem)" = 600 ] && ok "ML-DSA-$set key file mode 0600" || fail "mode $(stat -c %a d$set.pem)"
        O asn1parse -in d$set.pem >cmd.out 2>&1
        oid=$(( set == 44 ? 17 : set == 65 ? 18 : 19 ))
        grep -q "OBJECT *:2.16.840.1.101.3.4.3.$oid$" cmd.out && grep -q "l=  34 prim: OCTET STRING *\[HEX DUMP\]:8020" cmd.out &&
            ok "ML-DSA-$set PKCS#8: id-ml-dsa-$set and the [0] seed form (openssl asn1parse)" || { fail "ML-DSA-$set PKCS#8"; cat cmd.out; }
        check "ML-DSA-$set: -pubout" P pkey -in d$set.pem -pubout -out d$set.pub
        check "ML-DSA-$set: -pubout DER" P pkey -in d$set.pem -pubout -outform DER -out d$set.pub.der
        len=$(( set == 44 ? 1312 : set == 65 ? 1952 : 2592 ))
        O asn1parse -in d$set.pub.der -inform DER >cmd.out 2>&1
        grep -q "prim: BIT STRING" cmd.out && [ "$(stat -c %s d$set.pub.der)" -eq $((len + 22)) ] &&
            ok "ML-DSA-$set SPKI: pk of $len bytes" || { fail "ML-DSA-$set SPKI"; cat cmd.out; }
        check "ML-DSA-$set: pkey re-encodes" P pkey -in d$set.pem -out x.pem
        same "ML-DSA-$set: PKCS#8 identical" d$set.pem x.pem
        check "ML-DSA-$set: DER -> PEM" P pkey -in d$set.pub.der -inform DER -pubin -out x.pub
        same "ML-DSA-$set: SPKI identical" d$set.pub x.pub
        check "ML-DSA-$set: -text" P pkey -in d$set.pem -text -noout
        grep -q "^ML-DSA-$set Private-Key:$" cmd.out && ok "ML-DSA-$set: -text names the set" || fail "ML-DSA-$set -text"
        check "ML-DSA-$set: sign" P pkeyutl -sign -inkey d$set.pem -in msg.bin -out s1.sig
        check "ML-DSA-$set: sign again" P pkeyutl -sign -rawin -inkey d$set.pem -in msg.bin -out s2.sig
        cmp -s s1.sig s2.sig && fail "ML-DSA-$set: hedged signatures repeat" || ok "ML-DSA-$set: hedged signatures differ"
        check "ML-DSA-$set: verify" P pkeyutl -verify -pubin -inkey d$set.pub -in msg.bin -sigfile s1.sig
        grep -q "^Signature Verified Successfully$" cmd.out && ok "ML-DSA-$set: verify message" || fail "ML-DSA-$set verify"
        check "ML-DSA-$set: verify with the private key" P pkeyutl -verify -inkey d$set.pem -in msg.bin -sigfile s2.sig
        check "ML-DSA-$set: deterministic" P pkeyutl -sign -inkey d$set.pem -in msg.bin -out t1.sig -pkeyopt deterministic:1
        P pkeyutl -sign -inkey d$set.pem -in msg.bin -out t2.sig -pkeyopt deterministic:1
        same "ML-DSA-$set: deterministic signatures repeat" t1.sig t2.sig
        check "ML-DSA-$set: verify the deterministic one" P pkeyutl -verify -pubin -inkey d$set.pub -in msg.bin -sigfile t1.sig
        cp s1.sig bad.sig
        printf '\x01' | dd of=bad.sig bs=1 seek=100 conv=notrunc status=none
        cmp -s s1.sig bad.sig && printf '\x02' | dd of=bad.sig bs=1 seek=100 conv=notrunc status=none
        P pkeyutl -verify -pubin -inkey d$set.pub -in msg.bin -sigfile bad.sig >cmd.out 2>cmd.err
        if [ $? -eq 1 ] && grep -q "^Signature Verification Failure$" cmd.out && [ "$(wc -l <cmd.err)" -eq 1 ] &&
            grep -q "bad.sig" cmd.err; then ok "ML-DSA-$set: a flipped signature bit is rejected (exit 1, one line)"
        else fail "ML-DSA-$set: flipped signature bit"; cat cmd.out cmd.err; fi
        refuse "ML-DSA-$set: another message" P pkeyutl -verify -pubin -inkey d$set.pub -in msg.txt -sigfile s1.sig
        head -c $(( $(stat -c %s s1.sig) - 1 )) s1.sig >short.sig
        refuse "ML-DSA-$set: a truncated signature" P pkeyutl -verify -pubin -inkey d$set.pub -in msg.bin -sigfile short.sig
    done
    refuse "ML-DSA-65 signature under an ML-DSA-44 key" P pkeyutl -verify -pubin -inkey d44.pub -in msg.bin -sigfile t1.sig
    clean_failure "ML-DSA: a digest option" d65.pem z.sig P pkeyutl -sign -inkey d65.pem -digest sha256 -in msg.bin -out z.sig
    rm -f z.sig
    refuse "ML-DSA: a context string" P pkeyutl -sign -inkey d65.pem -pkeyopt context-string:ab -in msg.bin -out z.sig
    grep -q "empty context" cmd.err && [ ! -e z.sig ] && ok "ML-DSA: context refused saying why, no output" || fail "context: $(cat cmd.err)"
    clean_failure "ML-DSA: no encryption" d65.pem z.bin P pkeyutl -encrypt -inkey d65.pem -in msg.txt -out z.bin
    clean_failure "ML-DSA: no signing with the public key" d65.pub z.sig P pkeyutl -sign -pubin -inkey d65.pub -in msg.bin -out z.sig
    O genpkey -algorithm ED25519 -out ed.tmp.pem 2>/dev/null
    clean_failure "deterministic:1 is for ML-DSA" ed.tmp.pem z.sig P pkeyutl -sign -inkey ed.tmp.pem -rawin -in msg.bin \
        -pkeyopt deterministic:1 -out z.sig
    # Wycheproof: every group's PKCS#8 key read and written back byte for
    # byte, its public key, and each pure-message signature without a
    # context reproduced with deterministic:1; the keys of a wrong length
    # refused.
    /usr/bin/python3 - "$PICOPSA" "$vdir/mldsa_65_sign_seed_test.json" <<'PYEOF'
import json, subprocess, sys
P, path = sys.argv[1], sys.argv[2]
d = json.load(open(path))
groups = same = sigs = refused = 0
failures = []
for g in d["testGroups"]:
    if "privateKeyPkcs8" not in g:
        continue
    der = bytes.fromhex(g["privateKeyPkcs8"])
    open("w.der", "wb").write(der)
    expect_ok = all(t["result"] != "invalid" or "IncorrectPrivateKeyLength" not in t.get("flags", []) for t in g["tests"])
    r = subprocess.run([P, "pkey", "-in", "w.der", "-inform", "DER", "-outform", "DER", "-out", "w2.der"], capture_output=True)
    if not expect_ok:
        if r.returncode == 1 and len(r.stderr.splitlines()) == 1:
            refused += 1
        else:
            failures.append("a key of a wrong length read (tcId %d)" % g["tests"][0]["tcId"])
        continue
    if r.returncode != 0:
        failures.append("pkey refused tcId %d: %s" % (g["tests"][0]["tcId"], r.stderr.decode().strip()))
        continue
    groups += 1
    if open("w2.der", "rb").read() == der:
        same += 1
    subprocess.run([P, "pkey", "-in", "w.der", "-inform", "DER", "-pubout", "-outform", "DER", "-out", "w.pub"], check=True)
    if not open("w.pub", "rb").read().endswith(bytes.fromhex(g["publicKey"])):
        failures.append("public key of tcId %d" % g["tests"][0]["tcId"])
    for t in g["tests"]:
        if t["result"] != "valid" or "Internal" in t.get("flags", []) or t.get("ctx"):
            continue
        open("w.msg", "wb").write(bytes.fromhex(t["msg"]))
        r = subprocess.run([P, "pkeyutl", "-sign", "-inkey", "w.der", "-keyform", "DER", "-in", "w.msg", "-out", "w.sig",
                            "-pkeyopt", "deterministic:1"], capture_output=True)
        if r.returncode != 0 or open("w.sig", "rb").read() != bytes.fromhex(t["sig"]):
            failures.append("signature of tcId %d" % t["tcId"])
        else:
            sigs += 1
for f in failures:
    print("FAIL wycheproof ML-DSA-65:", f)
print("%s   wycheproof ML-DSA-65: %d keys read (%d re-encoded identically), %d deterministic signatures identical, "
      "%d wrong-length keys refused" % ("ok" if not failures and groups >= 20 and same == groups and sigs >= 60 and refused >= 3
                                        else "FAIL", groups, same, sigs, refused))
PYEOF
    [ $? -eq 0 ] || fail "wycheproof script"
    # Hostile forms: the expandedKey alone (no seed), a "both" form whose
    # expandedKey is not the seed's, a 31-byte seed, a short pk.
    /usr/bin/python3 - <<'PYEOF'
def tlv(t, b):
    n = len(b)
    l = bytes([n]) if n < 128 else bytes([0x81, n]) if n < 256 else bytes([0x82, n >> 8, n & 255])
    return bytes([t]) + l + b
alg = tlv(0x30, tlv(6, bytes.fromhex("608648016503040312")))
def p8(inner):
    return tlv(0x30, tlv(2, b"\x00") + alg + tlv(4, inner))
seed = bytes(range(32))
open("h_expanded.der", "wb").write(p8(tlv(4, bytes(4032))))
open("h_both_bad.der", "wb").write(p8(tlv(0x30, tlv(4, seed) + tlv(4, bytes(4032)))))
open("h_seed31.der", "wb").write(p8(tlv(0x80, seed[:31])))
open("h_both_short.der", "wb").write(p8(tlv(0x30, tlv(4, seed) + tlv(4, bytes(4031)))))
open("h_pk_short.der", "wb").write(tlv(0x30, alg + tlv(3, b"\x00" + bytes(1951))))
open("h_params.der", "wb").write(tlv(0x30, tlv(2, b"\x00") + tlv(0x30, tlv(6, bytes.fromhex("608648016503040312")) + b"\x05\x00") +
                                     tlv(4, tlv(0x80, seed))))
PYEOF
    clean_failure "ML-DSA: expandedKey alone" h_expanded.der z.pem P pkey -in h_expanded.der -inform DER -out z.pem
    grep -q "without its seed" cmd.err && ok "ML-DSA: the message says the seed is needed" || fail "expandedKey message: $(cat cmd.err)"
    clean_failure "ML-DSA: an expandedKey that is not the seed's" h_both_bad.der z.pem P pkey -in h_both_bad.der -inform DER -out z.pem
    for f in h_seed31.der h_both_short.der h_pk_short.der h_params.der; do
        clean_failure "ML-DSA: $f refused" $f z.pem P pkey -in $f -inform DER -out z.pem
    done
    if grep -q "^key store: .*persistent keys: ITS file backend" <<<"$features"; then
        check "genpkey ML-DSA-65 -keyid 13" P genpkey -algorithm ML-DSA-65 -keyid 13 -outpubkey s13.pub
        check "stored ML-DSA key signs" P pkeyutl -sign -inkey id:13 -in msg.bin -out s13.sig
        check "its signature verifies" P pkeyutl -verify -pubin -inkey s13.pub -in msg.bin -sigfile s13.sig
        clean_failure "stored ML-DSA key: deterministic is another policy" id:13 z.sig P pkeyutl -sign -inkey id:13 -in msg.bin \
            -pkeyopt deterministic:1 -out z.sig
        check "storage list" P storage list
        grep -q "^id:13 (0x0000000d) ML-DSA private key, 192 bits, " cmd.out && ok "storage list names the ML-DSA key" ||
            { fail "storage list"; cat cmd.out; }
    fi
    if O list -signature-algorithms 2>/dev/null | grep -qi "ML-DSA-65"; then
        O genpkey -algorithm ML-DSA-65 -out o.pem && O pkey -in o.pem -pubout -out o.pub
        check "picopsa reads openssl's ML-DSA-65 key" P pkey -in o.pem -pubout -out x.pub
        same "openssl's public key = picopsa's derivation" o.pub x.pub
        O pkeyutl -sign -rawin -inkey o.pem -in msg.bin -out o.sig
        check "picopsa verifies openssl's ML-DSA signature" P pkeyutl -verify -pubin -inkey o.pub -in msg.bin -sigfile o.sig
        check "openssl verifies picopsa's" O pkeyutl -verify -rawin -pubin -inkey d65.pub -in msg.bin -sigfile s1.sig
    else
        echo "note: $(openssl version) has no ML-DSA: formats checked against Wycheproof and DER built here"
    fi
}

all_sha2=(SHA2-224 SHA2-256 SHA2-384 SHA2-512)
case "$CASE" in
ed25519) need ed25519; run_ed25519 ;;
rsa1024 | rsa2048 | rsa3072 | rsa4096) need rsa "${all_sha2[@]}"; run_rsa "${CASE#rsa}" ;;
dgst) need "${all_sha2[@]}"; run_dgst ;;
errors) need rsa ed25519 SHA2-256; run_errors ;;
store) need rsa ed25519 SHA2-256 SHA2-384; store_supported; run_store ;;
store_errors) need rsa ed25519 SHA2-256; store_supported; run_store_errors ;;
x25519) need x25519 ed25519 SHA2-256; store_supported; run_x25519 ;;
ec) need p256 x25519 "${all_sha2[@]}"; /usr/bin/python3 -c 'import cryptography' 2>/dev/null ||
    { echo "python3 cryptography missing: skipped"; exit 77; }; run_ec ;;
enc) grep -q "^ciphers: yes" <<<"$features" || { echo "ciphers configured out: skipped"; exit 77; }; need SHA2-256 SHA2-512; run_enc ;;
mac) grep -q "CMAC yes" <<<"$features" || { echo "CMAC configured out: skipped"; exit 77; }; need "${all_sha2[@]}"; run_mac ;;
ec384) need p256 p384 "${all_sha2[@]}"; O genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 2>/dev/null |
    O pkey -pubout -out ec256.pub; run_ec384 ;;
mldsa) grep -q "^ML-DSA: yes" <<<"$features" || { echo "ML-DSA configured out: skipped"; exit 77; }; run_mldsa ;;
lms) grep -q "^HSS/LMS: yes (verification; HSS yes" <<<"$features" || { echo "HSS configured out: skipped"; exit 77; }; run_lms ;;
mlkem) grep -q "^ML-KEM: yes" <<<"$features" || { echo "ML-KEM configured out: skipped"; exit 77; }; run_mlkem ;;
kdf) grep -q "^KDFs: PBKDF2 yes, HKDF yes, TLS1-PRF yes, KBKDF-HMAC yes, KBKDF-CMAC yes" <<<"$features" || { echo "a KDF or CMAC configured out: skipped"; exit 77; }; need SHA1 SHA2-256 SHA2-384 SHA2-512; run_kdf ;;
*) echo "unknown case $CASE"; exit 2 ;;
esac
echo "cli_$CASE: $checks checks, $fails failed"
[ "$fails" -eq 0 ]
