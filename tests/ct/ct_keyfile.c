/*
 * ct_keyfile.c -- the picopsa tool's private-key reader
 * (programs/picopsa/keyfile.c, review finding R10, issue 21 section 4)
 * under valgrind memcheck: ppk_read_key on a PEM private key whose whole
 * body (every character between the BEGIN and the END line, newlines
 * included) is marked secret. The base64 decoding, the DER walk and the
 * PKCS#8 / PKCS#1 parse must not branch or index memory on it, except
 * on what keyfile.c declares public with PPK_CT_PUBLIC (its file
 * comment: the line structure, the padding position, the validity
 * verdict, and in the DER tags, lengths, version and algorithm
 * identifier). The key material the parse returns stays secret; it is
 * declassified only to be compared with the expected bytes.
 *
 * Keys: Ed25519 and X25519 PKCS#8 with random private keys, EC P-256
 * PKCS#8 and SEC1 ECPrivateKey with a random d, with and without the
 * public point (public: keyfile.c declassifies it), ML-KEM PKCS#8 in the
 * seed form and the seed + expandedKey form, RSA-1024
 * PKCS#8 and PKCS#1 (OpenSSL-made, tests/fuzz/corpus/pem/), each as
 * written by ppk_pem_encode (64-character lines) and with CRLF line ends
 * and 76-character lines; refused bodies too (an invalid character, a
 * nonzero unused bit): the same answer as natively, no report. The same
 * keys as DER files, wholly secret: PEM or DER is decided from the tag and
 * length bytes (ppk_is_pem), the material is not read.
 *
 * On eabf8a5 the decoder's b64_value() and line scan branched on each
 * character: memcheck reports "Conditional jump or move depends on
 * uninitialised value(s)" in ppk_pem_decode.
 *
 * The writer too (write_secret): ppk_pem_encode of a secret PKCS#8 DER
 * (genpkey, pkey -out) and ppk_base64_encode of secret bytes (rand
 * -base64) must not index memory on it; only the length is public. Before
 * the arithmetic encoder, memcheck reported "Use of uninitialised value of
 * size 8" in ppk_base64_encode (its alphabet[] lookup).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct.h"

#define PPK_CT_PUBLIC(p, n) CT_PUBLIC((p), (n))
#include "../../programs/picopsa/keyfile.c"

#include "test_util.h"

static uint8_t pem[8192], pem2[8192], work[4096], der[4096];

/* Mark the body of the PEM text (after the BEGIN line, before the END
 * line) secret. */
static void mark_body_secret(uint8_t *text, size_t len)
{
    size_t start = 0, end;
    while (start < len && text[start] != '\n') start++;
    start++;
    end = start;
    while (end + 9u <= len && memcmp(text + end, "-----END ", 9) != 0) end++;
    CT_SECRET(text + start, end - start);
}

/* Re-wrap a PEM made by ppk_pem_encode: CRLF line ends, body lines of
 * width characters. */
static size_t rewrap(const uint8_t *in, size_t len, size_t width, uint8_t *out)
{
    size_t i = 0, o = 0, col = 0;
    /* BEGIN line */
    while (in[i] != '\n') out[o++] = in[i++];
    i++;
    out[o++] = '\r';
    out[o++] = '\n';
    while (i < len && in[i] != '-') {
        if (in[i] != '\n') {
            out[o++] = in[i];
            if (++col == width) {
                out[o++] = '\r';
                out[o++] = '\n';
                col = 0;
            }
        }
        i++;
    }
    if (col != 0) {
        out[o++] = '\r';
        out[o++] = '\n';
    }
    while (i < len && in[i] != '\n') out[o++] = in[i++];
    out[o++] = '\r';
    out[o++] = '\n';
    return o;
}

/* Read text (len bytes, copied so the caller's stays public) with its body
 * secret; expect status st and, on success, the material want. */
static void read_secret(const uint8_t *text, size_t len, ppk_status want_st, ppk_kind kind, const uint8_t *want,
                        size_t want_len)
{
    static uint8_t copy[8192];
    ppk_key key;
    ppk_status st;
    memcpy(copy, text, len);
    mark_body_secret(copy, len);
    st = ppk_read_key(copy, len, work, sizeof(work), &key);
    CHECK_STATUS(st, want_st);
    if (st == PPK_OK && want_st == PPK_OK) {
        CHECK(key.kind == kind && key.material_len == want_len);
        CT_PUBLIC(key.material, key.material_len);
        CHECK(key.material_len == want_len && memcmp(key.material, want, want_len) == 0);
    }
    CT_PUBLIC(work, sizeof(work));
    CT_PUBLIC(copy, len);
}

/* Every form of one key: as encoded, CRLF + 76-character lines, and two
 * refused variants (an invalid character in the middle of the body; the
 * same status natively). */
static void forms(const uint8_t *text, size_t len, ppk_kind kind, const uint8_t *want, size_t want_len)
{
    size_t n, mid;
    read_secret(text, len, PPK_OK, kind, want, want_len);
    n = rewrap(text, len, 76, pem2);
    read_secret(pem2, n, PPK_OK, kind, want, want_len);
    memcpy(pem2, text, len);
    mid = len / 2u;
    while (pem2[mid] == '\n') mid++;
    pem2[mid] = '*';
    read_secret(pem2, len, PPK_ERR_PEM, kind, want, want_len);
    pem2[mid] = '~';
    read_secret(pem2, len, PPK_ERR_PEM, kind, want, want_len);
}

/* A DER private key, all of it secret: ppk_read_key must tell it from PEM
 * by its tag and length alone and parse it without reading the material. */
static void read_der_secret(const uint8_t *d, size_t len, ppk_kind kind, const uint8_t *want, size_t want_len)
{
    static uint8_t copy[4096];
    ppk_key key;
    ppk_status st;
    memcpy(copy, d, len);
    CT_SECRET(copy, len);
    st = ppk_read_key(copy, len, work, sizeof(work), &key);
    CHECK_STATUS(st, PPK_OK);
    if (st == PPK_OK) {
        CHECK(key.kind == kind && key.material_len == want_len);
        CT_PUBLIC(key.material, key.material_len);
        CHECK(key.material_len == want_len && memcmp(key.material, want, want_len) == 0);
    }
    CT_PUBLIC(copy, len);
}

/* Encode a secret DER (and secret raw bytes, unwrapped) and check the
 * text against the same encoding of a public copy. */
static void write_secret(const uint8_t *d, size_t len)
{
    static uint8_t copy[4096], text[8192], ref[8192];
    size_t tl = 0, rl = 0;
    ppk_status st;
    CHECK(ppk_pem_encode(PPK_PEM_PRIVATE_KEY, d, len, ref, sizeof(ref), &rl) == PPK_OK);
    memcpy(copy, d, len);
    CT_SECRET(copy, len);
    st = ppk_pem_encode(PPK_PEM_PRIVATE_KEY, copy, len, text, sizeof(text), &tl);
    CHECK_STATUS(st, PPK_OK);
    CT_PUBLIC(text, sizeof(text));
    CHECK(tl == rl && memcmp(text, ref, rl) == 0);
    CHECK(ppk_base64_encode(d, len, 0, ref, sizeof(ref), &rl) == PPK_OK);
    st = ppk_base64_encode(copy, len, 0, text, sizeof(text), &tl);
    CHECK_STATUS(st, PPK_OK);
    CT_PUBLIC(text, sizeof(text));
    CHECK(tl == rl && memcmp(text, ref, rl) == 0);
    CT_PUBLIC(copy, len);
}

static size_t load_file(const char *rel, uint8_t *buf, size_t size)
{
    FILE *f = fopen(test_data_path(rel), "rb");
    size_t n = 0;
    if (f != NULL) {
        n = fread(buf, 1, size, f);
        fclose(f);
    }
    CHECK(n > 0);
    return n;
}

int main(void)
{
    static const ppk_kind curve_kinds[2] = {PPK_ED25519_PRIVATE, PPK_X25519_PRIVATE};
    static const char *const rsa_files[2] = {"../fuzz/corpus/pem/rsa.pem", "../fuzz/corpus/pem/rsa.p1.pem"};
    uint8_t sk[32];
    size_t der_len = 0, pem_len = 0, n;
    int round, k;
    ppk_key key;
    ppk_pem_label label;

    test_rng_seed(0x8410);
    CHECK(CT_UNDER_VALGRIND());

    /* Ed25519 and X25519 PKCS#8, random private keys. */
    for (round = 0; round < 8; round++) {
        for (k = 0; k < 2; k++) {
            test_rng_bytes(sk, sizeof(sk));
            CHECK(ppk_write_der(curve_kinds[k], PPK_FORM_PKCS8, sk, 32, der, sizeof(der), &der_len) == PPK_OK);
            CHECK(ppk_pem_encode(PPK_PEM_PRIVATE_KEY, der, der_len, pem, sizeof(pem), &pem_len) == PPK_OK);
            forms(pem, pem_len, curve_kinds[k], sk, 32);
            read_der_secret(der, der_len, curve_kinds[k], sk, 32);
            write_secret(der, der_len);
        }
    }

    /* EC P-256, PKCS#8 and SEC1, with and without the (public) point Q:
     * d is random (its range is psa_import_key's to check, not read here);
     * Q is RFC 6979 A.2.5's. */
    {
        static const uint8_t q[65] = {
            0x04, 0x60, 0xfe, 0xd4, 0xba, 0x25, 0x5a, 0x9d, 0x31, 0xc9, 0x61, 0xeb, 0x74, 0xc6, 0x35, 0x6d, 0x68,
            0xc0, 0x49, 0xb8, 0x92, 0x3b, 0x61, 0xfa, 0x6c, 0xe6, 0x69, 0x62, 0x2e, 0x60, 0xf2, 0x9f, 0xb6, 0x79,
            0x03, 0xfe, 0x10, 0x08, 0xb8, 0xbc, 0x99, 0xa4, 0x1a, 0xe9, 0xe9, 0x56, 0x28, 0xbc, 0x64, 0xf2, 0xf1,
            0xb2, 0x0c, 0x2d, 0x7e, 0x9f, 0x51, 0x77, 0xa3, 0xc2, 0x94, 0xd4, 0x46, 0x22, 0x99};
        static const ppk_form ec_forms[2] = {PPK_FORM_PKCS8, PPK_FORM_SEC1};
        uint8_t dq[97];
        int with_q;
        for (round = 0; round < 4; round++) {
            for (k = 0; k < 2; k++) {
                for (with_q = 0; with_q < 2; with_q++) {
                    test_rng_bytes(dq, 32);
                    memcpy(dq + 32, q, sizeof(q));
                    CHECK(ppk_write_der(PPK_EC_PRIVATE, ec_forms[k], dq, with_q ? 97u : 32u, der, sizeof(der),
                                        &der_len) == PPK_OK);
                    CHECK(ppk_pem_encode(ppk_label_for(PPK_EC_PRIVATE, ec_forms[k]), der, der_len, pem, sizeof(pem),
                                         &pem_len) == PPK_OK);
                    forms(pem, pem_len, PPK_EC_PRIVATE, dq, 32);
                    read_der_secret(der, der_len, PPK_EC_PRIVATE, dq, 32);
                    write_secret(der, der_len);
                }
            }
        }
    }

    /* ML-KEM-512/768/1024 PKCS#8: the seed form as written (material seed
     * || ek, ek public and random here: only its length is read), and the
     * seed + expandedKey form (a random dk, secret too). */
    {
        static const size_t ek_lens[3] = {800, 1184, 1568};
        static uint8_t mat[64 + 1568], both[64 + 3168 + 64], dk[3168];
        for (k = 0; k < 3; k++) {
            size_t ek_len = ek_lens[k], dk_len = 2u * ek_len + 32u, pos = 0, body;
            test_rng_bytes(mat, 64 + ek_len);
            CHECK(ppk_write_der(PPK_MLKEM_PRIVATE, PPK_FORM_PKCS8, mat, 64 + ek_len, der, sizeof(der), &der_len) ==
                  PPK_OK);
            CHECK(ppk_pem_encode(PPK_PEM_PRIVATE_KEY, der, der_len, pem, sizeof(pem), &pem_len) == PPK_OK);
            forms(pem, pem_len, PPK_MLKEM_PRIVATE, mat, 64);
            read_der_secret(der, der_len, PPK_MLKEM_PRIVATE, mat, 64);
            write_secret(der, der_len);
            /* SEQUENCE { 0, { OID }, OCTET STRING { SEQUENCE { OCTET
             * STRING seed, OCTET STRING dk } } }, the OID from the seed
             * form's bytes 7..17. */
            test_rng_bytes(dk, dk_len);
            body = 66u + 4u + dk_len; /* the inner SEQUENCE's content */
            pos = 0;
            both[pos++] = 0x30; both[pos++] = 0x82;
            both[pos++] = (uint8_t)((3u + 13u + 4u + 4u + body) >> 8);
            both[pos++] = (uint8_t)(3u + 13u + 4u + 4u + body);
            memcpy(both + pos, der + 2, 3 + 13); /* INTEGER 0, the AlgorithmIdentifier */
            pos += 16;
            both[pos++] = 0x04; both[pos++] = 0x82;
            both[pos++] = (uint8_t)((4u + body) >> 8); both[pos++] = (uint8_t)(4u + body);
            both[pos++] = 0x30; both[pos++] = 0x82;
            both[pos++] = (uint8_t)(body >> 8); both[pos++] = (uint8_t)body;
            both[pos++] = 0x04; both[pos++] = 64;
            memcpy(both + pos, mat, 64);
            pos += 64;
            both[pos++] = 0x04; both[pos++] = 0x82;
            both[pos++] = (uint8_t)(dk_len >> 8); both[pos++] = (uint8_t)dk_len;
            memcpy(both + pos, dk, dk_len);
            pos += dk_len;
            read_der_secret(both, pos, PPK_MLKEM_PRIVATE, mat, 64);
        }
    }

    /* RSA-1024, PKCS#8 and PKCS#1: the material is the RSAPrivateKey DER. */
    for (k = 0; k < 2; k++) {
        ppk_key ref;
        static uint8_t ref_work[4096], mat[4096];
        n = load_file(rsa_files[k], pem, sizeof(pem));
        CHECK(ppk_read_key(pem, n, ref_work, sizeof(ref_work), &ref) == PPK_OK && ref.kind == PPK_RSA_PRIVATE);
        memcpy(mat, ref.material, ref.material_len);
        forms(pem, n, PPK_RSA_PRIVATE, mat, ref.material_len);
        /* Re-encoded by ppk_pem_encode (64-character lines, LF). */
        CHECK(ppk_pem_decode(pem, n, &label, der, sizeof(der), &der_len) == PPK_OK);
        CHECK(ppk_pem_encode(label, der, der_len, pem2, sizeof(pem2), &pem_len) == PPK_OK);
        memcpy(pem, pem2, pem_len);
        forms(pem, pem_len, PPK_RSA_PRIVATE, mat, ref.material_len);
        /* The same key as DER (PKCS#8, and PKCS#1 = the material itself). */
        read_der_secret(der, der_len, PPK_RSA_PRIVATE, mat, ref.material_len);
        write_secret(der, der_len);
    }

    /* Padding with nonzero unused bits ("QR==": 'R' leaves 0001) and a
     * valid padded body: the verdict only. */
    {
        static const char bad_bits[] = "-----BEGIN PRIVATE KEY-----\nQUJDQR==\n-----END PRIVATE KEY-----\n";
        static const char good_pad[] = "-----BEGIN PRIVATE KEY-----\nQUJDQQ==\n-----END PRIVATE KEY-----\n";
        size_t out_len = 0;
        ppk_status st;
        memcpy(pem, bad_bits, sizeof(bad_bits) - 1u);
        mark_body_secret(pem, sizeof(bad_bits) - 1u);
        st = ppk_pem_decode(pem, sizeof(bad_bits) - 1u, &label, der, sizeof(der), &out_len);
        CHECK_STATUS(st, PPK_ERR_PEM);
        memcpy(pem, good_pad, sizeof(good_pad) - 1u);
        mark_body_secret(pem, sizeof(good_pad) - 1u);
        st = ppk_pem_decode(pem, sizeof(good_pad) - 1u, &label, der, sizeof(der), &out_len);
        CHECK_STATUS(st, PPK_OK);
        CT_PUBLIC(der, out_len);
        CHECK(out_len == 4 && memcmp(der, "ABCA", 4) == 0);
        CT_PUBLIC(pem, sizeof(pem));
    }
    (void)key;
    return test_report("ct_keyfile");
}
