/*
 * keyfile.c -- PEM / DER / PKCS#8 / SPKI / PKCS#1 / SEC1 key files (keyfile.h).
 *
 * Allocation-free and bounds-checked throughout: every read goes through
 * der_next(), which checks a TLV against the end of its enclosing value.
 *
 * Constant time on the private-key path (issue 21, review finding R10):
 * the base64 characters of a PEM body are decoded by arithmetic (no
 * table, no branch on a character); an invalid character, and nonzero
 * unused bits at the end, are accumulated in a mask that is tested once,
 * after the whole body. The encoder (ppk_base64_encode: private-key PEM,
 * random bytes) maps values to characters by masks as well. Public by design, and marked so with
 * PPK_CT_PUBLIC: the input length, the armour (BEGIN/END lines, RFC 1421
 * headers), the line structure (where each '\n' and a '\r' before it
 * are), where '=' padding is (the DER length follows from it), the
 * validity verdict, and in the DER the tag and length bytes of every TLV
 * read, the version, the algorithm identifier (EC: the curve, in the
 * algorithm or an ECPrivateKey's [0]) and public-key fields (an EC
 * point, also an ECPrivateKey's [1] publicKey).
 * Those are fixed by the key's type and size (for RSA the length of each
 * integer, which the library's own DER reader treats as public too); the
 * key material itself (the Ed25519/X25519 private key, the EC scalar d,
 * the contents of the RSA integers, the ML-KEM seed and expanded key) is never read here: it is handed on to
 * psa_import_key. tests/ct/ct_keyfile.c checks this under valgrind.
 */
#include "keyfile.h"

#include <string.h>

/* The constant-time harness's declassification (tests/ct/ct_keyfile.c
 * defines it as VALGRIND_MAKE_MEM_DEFINED): n bytes at p are public. */
#ifndef PPK_CT_PUBLIC
#define PPK_CT_PUBLIC(p, n) ((void)0)
#endif

/* ---- constant-time helpers ----------------------------------------------------- */

/* Return x unchanged but opaque to the optimiser, so a mask made by a
 * comparison is not turned back into a branch (as pp_ct_barrier_u32 in the
 * library; keyfile.c stands alone, see keyfile.h). */
static uint32_t ct_barrier(uint32_t x)
{
#if defined(__GNUC__)
    __asm__("" : "+r"(x)); /* x in a register the optimiser cannot see into */
#else
    volatile uint32_t hidden = x;
    x = hidden;
#endif
    return x;
}

/* All-ones when lo <= c <= hi (c, lo, hi < 2^31), else 0. */
static uint32_t ct_in_range(uint32_t c, uint32_t lo, uint32_t hi)
{
    return ct_barrier(0u - ((((c - lo) | (hi - c)) >> 31) ^ 1u));
}

/* All-ones when a == b (bytes), else 0. */
static uint32_t ct_eq(uint32_t a, uint32_t b)
{
    return ct_barrier(0u - (((a ^ b) - 1u) >> 31));
}

/* Zero n bytes (a failed decode leaves no key bytes behind); volatile so
 * the stores are not dropped as dead. */
static void wipe_bytes(uint8_t *p, size_t n)
{
    volatile uint8_t *v = p;
    size_t i;
    for (i = 0; i < n; i++) v[i] = 0;
}

/* A value declared public (PPK_CT_PUBLIC) before it decides a branch. */
static uint32_t ct_public(uint32_t x)
{
    PPK_CT_PUBLIC(&x, sizeof(x));
    return x;
}

/* The 6-bit value of a base64 character (RFC 4648 4); *invalid gets
 * all-ones for a character outside the alphabet. No branch, no table. */
static uint32_t b64_value_ct(uint8_t ch, uint32_t *invalid)
{
    uint32_t c = ch;
    uint32_t upper = ct_in_range(c, 'A', 'Z'), lower = ct_in_range(c, 'a', 'z');
    uint32_t digit = ct_in_range(c, '0', '9'), plus = ct_eq(c, '+'), slash = ct_eq(c, '/');
    *invalid = ~(upper | lower | digit | plus | slash);
    return ((upper & (c - 'A')) | (lower & (c - 'a' + 26u)) | (digit & (c - '0' + 52u)) | (plus & 62u) |
            (slash & 63u)) & 63u;
}

/* DER tags (X.690 8.1.2) */
#define TAG_INTEGER 0x02u
#define TAG_BIT_STRING 0x03u
#define TAG_OCTET_STRING 0x04u
#define TAG_NULL 0x05u
#define TAG_OID 0x06u
#define TAG_SEQUENCE 0x30u
#define TAG_CTX0_CONS 0xA0u /* [0] IMPLICIT Attributes (RFC 5958) */
#define TAG_CTX0_PRIM 0x80u /* [0] IMPLICIT OCTET STRING seed (ML-KEM-PrivateKey) */
#define TAG_CTX1_PRIM 0x81u /* [1] IMPLICIT BIT STRING publicKey (RFC 5958) */
#define TAG_CTX1_CONS 0xA1u /* [1] EXPLICIT publicKey (RFC 5915 ECPrivateKey) */

/* id-Ed25519, id-X25519 (RFC 8410 3) and rsaEncryption (RFC 8017 A.1),
 * content bytes. */
static const uint8_t oid_ed25519[] = {0x2B, 0x65, 0x70};
static const uint8_t oid_x25519[] = {0x2B, 0x65, 0x6E};
static const uint8_t oid_rsa[] = {0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01};

#define ED25519_KEY_BYTES 32u /* X25519 keys too (RFC 8410 4, 7) */

/* id-ecPublicKey (RFC 5480 2.1.1) and the named curves (RFC 5480 2.1.1.1).
 * A curve is one row of ec_curves; ppk_strerror's messages name the
 * curves. secp384r1 is 1.3.132.0.34 (SEC 2 2.5.1, RFC 5480 2.1.1.1). */
static const uint8_t oid_ec_public_key[] = {0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01};
static const uint8_t oid_prime256v1[] = {0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07};
static const uint8_t oid_secp384r1[] = {0x2B, 0x81, 0x04, 0x00, 0x22};

typedef struct {
    ppk_ec_curve info;
    const char *alias; /* SEC 2's name, also accepted by name */
    const uint8_t *oid;
    size_t oid_len;
} ec_curve_row;

static const ec_curve_row ec_curves[] = {
    {{"P-256", "prime256v1", 256}, "secp256r1", oid_prime256v1, sizeof(oid_prime256v1)},
    {{"P-384", "secp384r1", 384}, "secp384r1", oid_secp384r1, sizeof(oid_secp384r1)},
};
#define EC_CURVE_COUNT (sizeof(ec_curves) / sizeof(ec_curves[0]))

/* Bytes of a scalar / coordinate (RFC 5915 3: ceiling(log2(n) / 8)). */
static size_t ec_bytes(const ec_curve_row *c)
{
    return (c->info.bits + 7u) / 8u;
}

/* The uncompressed point's length, 0x04 || x || y (SEC 1 2.3.3). */
static size_t ec_point_len(const ec_curve_row *c)
{
    return 1u + 2u * ec_bytes(c);
}

/* ML-KEM (FIPS 203) as the LAMPS document (draft-ietf-lamps-kyber-
 * certificates, the LAMPS WG's ML-KEM-in-X.509 document) encodes it: id-alg-ml-kem-512/768/1024 =
 * 2.16.840.1.101.3.4.4.1/2/3 (NIST's kems arc), parameters absent; the
 * SubjectPublicKeyInfo's BIT STRING is ek itself; the PKCS#8 privateKey
 * is ML-KEM-PrivateKey ::= CHOICE { seed [0] IMPLICIT OCTET STRING (SIZE
 * (64)), expandedKey OCTET STRING, both SEQUENCE { seed OCTET STRING,
 * expandedKey OCTET STRING } }. Written: the seed form (the document's
 * recommendation, and PSA's key-pair format d || z, PQC extension
 * 2.2.1). Read: seed and both (the seed is used, the expanded key kept
 * for cli_key_import's consistency check); expandedKey alone is
 * PPK_ERR_NOSEED (PSA imports the seed only). */
static const uint8_t oid_mlkem512[] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, 0x01};
static const uint8_t oid_mlkem768[] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, 0x02};
static const uint8_t oid_mlkem1024[] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, 0x03};
/* ML-DSA (FIPS 204) as RFC 9881 (the LAMPS ML-DSA-in-X.509 document)
 * encodes it, the same shapes as ML-KEM's: id-ml-dsa-44/65/87 =
 * 2.16.840.1.101.3.4.3.17/18/19 (NIST's sigAlgs arc), parameters absent;
 * SPKI holds pk; ML-DSA-PrivateKey ::= CHOICE { seed [0] IMPLICIT OCTET
 * STRING (SIZE (32)), expandedKey OCTET STRING, both SEQUENCE { ... } },
 * written as the seed xi (PSA's key-pair format, PQC extension 2.3.1). */
static const uint8_t oid_mldsa44[] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x11};
static const uint8_t oid_mldsa65[] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x12};
static const uint8_t oid_mldsa87[] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x13};
#define PQ_OID_BYTES 9u /* every OID of the table */

/* HSS/LMS public keys (RFC 9708 3-4, RFC 9802 6): id-alg-hss-lms-hashsig,
 * 1.2.840.113549.1.9.16.3.17, parameters absent; the subjectPublicKey BIT
 * STRING holds the HSS public key itself, u32str(L) || LMS public key
 * (RFC 8554 6.1, 5.3: LMS type, LM-OTS type, I (16 bytes), T[1] (n bytes)),
 * with no OCTET STRING around it (what OpenSSL 3.6 writes and reads). Only
 * the length is checked here (n = 24 or 32: 52 or 60 bytes); L and the
 * type codes are psa_import_key's (PQC extension 2.5.1). No private form:
 * the library verifies only. */
static const uint8_t oid_hss_lms[] = {0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x10, 0x03, 0x11};
#define HSS_PUB_BYTES(n) (4u + 24u + (n))

/* The key algorithm of an AlgorithmIdentifier. */
#define ALG_ED25519 0
#define ALG_RSA 1
#define ALG_X25519 2
#define ALG_EC 3
#define ALG_MLKEM 4
#define ALG_HSS 5
#define ALG_MLDSA 6

/* The seeded post-quantum sets, one row each. */
typedef struct {
    int alg;          /* ALG_MLKEM or ALG_MLDSA */
    size_t bits;      /* PSA's key_bits: ML-KEM 512/768/1024, ML-DSA 128/192/256 */
    const uint8_t *oid;
    size_t pub_len;   /* FIPS 203 8: ek, 384 k + 32; FIPS 204 4: pk */
    size_t expanded_len; /* dk, 768 k + 96; sk */
    size_t seed_len;  /* d || z: 64; xi: 32 */
} pq_row;

static const pq_row pq_sets[] = {
    {ALG_MLKEM, 512, oid_mlkem512, 800, 1632, 64},
    {ALG_MLKEM, 768, oid_mlkem768, 1184, 2400, 64},
    {ALG_MLKEM, 1024, oid_mlkem1024, 1568, 3168, 64},
    {ALG_MLDSA, 128, oid_mldsa44, 1312, 2560, 32},
    {ALG_MLDSA, 192, oid_mldsa65, 1952, 4032, 32},
    {ALG_MLDSA, 256, oid_mldsa87, 2592, 4896, 32},
};
#define PQ_SET_COUNT (sizeof(pq_sets) / sizeof(pq_sets[0]))

static const pq_row *pq_set(int alg, size_t bits)
{
    size_t i;
    for (i = 0; i < PQ_SET_COUNT; i++) {
        if (pq_sets[i].alg == alg && pq_sets[i].bits == bits) return &pq_sets[i];
    }
    return NULL;
}

size_t ppk_mlkem_ek_len(size_t bits)
{
    const pq_row *r = pq_set(ALG_MLKEM, bits);
    return r != NULL ? r->pub_len : 0u;
}

size_t ppk_mldsa_pk_len(size_t bits)
{
    const pq_row *r = pq_set(ALG_MLDSA, bits);
    return r != NULL ? r->pub_len : 0u;
}

size_t ppk_mldsa_bits_by_pk_len(size_t pk_len)
{
    size_t i;
    for (i = 0; i < PQ_SET_COUNT; i++) {
        if (pq_sets[i].alg == ALG_MLDSA && pq_sets[i].pub_len == pk_len) return pq_sets[i].bits;
    }
    return 0;
}

const char *ppk_strerror(ppk_status status)
{
    switch (status) {
    case PPK_OK: return "success";
    case PPK_ERR_PEM: return "malformed PEM";
    case PPK_ERR_DER: return "malformed DER or not a key";
    case PPK_ERR_ENCRYPTED: return "encrypted private key: not supported (picopsa has no cipher yet)";
    case PPK_ERR_UNSUPPORTED: return "unsupported key type (Ed25519, X25519, RSA, EC P-256 or P-384, ML-KEM, ML-DSA and HSS/LMS public keys only)";
    case PPK_ERR_MISMATCH: return "PEM label does not match the key inside";
    case PPK_ERR_BUFFER: return "key too large";
    case PPK_ERR_CURVE:
        return "unsupported EC key (the named curves P-256 and P-384 with uncompressed points only; no explicit parameters)";
    case PPK_ERR_NOSEED:
        return "ML-KEM or ML-DSA private key without its seed (expandedKey only): not supported (the seed is needed)";
    }
    return "unknown error";
}

/* ---- DER reading ----------------------------------------------------------- */

typedef struct {
    const uint8_t *p;
    const uint8_t *end;
} der_cursor;

/* Read one TLV with the given tag at c: definite, minimal length (X.690
 * 10.1), inside the enclosing value. On success (*val, *val_len) is the
 * content and c moves past it. */
static int der_next(der_cursor *c, uint8_t tag, const uint8_t **val, size_t *val_len)
{
    size_t avail, len, n, i;
    if (c->p >= c->end) return 0;
    avail = (size_t)(c->end - c->p);
    if (avail < 2u) return 0;
    PPK_CT_PUBLIC(c->p, 2); /* tag and length: the structure (file comment) */
    if (c->p[0] != tag) return 0;
    len = c->p[1];
    n = 2;
    if (len & 0x80u) {
        size_t count = len & 0x7Fu;
        /* 0x80 is the indefinite form (BER only); more than 4 length bytes
         * is beyond any key this module handles. */
        if (count == 0u || count > 4u || avail < 2u + count) return 0;
        PPK_CT_PUBLIC(c->p + 2, count);
        if (c->p[2] == 0u) return 0; /* leading zero: not minimal */
        len = 0;
        for (i = 0; i < count; i++) len = (len << 8) | c->p[2 + i];
        if (len < 0x80u) return 0; /* long form for a short length */
        n += count;
    }
    if (len > avail - n) return 0;
    *val = c->p + n;
    *val_len = len;
    c->p += n + len;
    return 1;
}

static uint8_t der_peek(const der_cursor *c)
{
    if (c->p >= c->end) return 0u;
    PPK_CT_PUBLIC(c->p, 1); /* a tag */
    return c->p[0];
}

static int der_done(const der_cursor *c)
{
    return c->p == c->end;
}

/* Open a SEQUENCE at c as a new cursor. */
static int der_enter(der_cursor *c, der_cursor *inner)
{
    const uint8_t *v;
    size_t l;
    if (!der_next(c, TAG_SEQUENCE, &v, &l)) return 0;
    inner->p = v;
    inner->end = v + l;
    return 1;
}

/* ECParameters (RFC 5480 2.1.1; RFC 5915 3): one TLV at c. A namedCurve
 * of the table sets *curve; another curve, implicitCurve (NULL) and
 * specifiedCurve (SEQUENCE, explicit parameters) are PPK_ERR_CURVE. */
static ppk_status parse_ec_params(der_cursor *c, const ec_curve_row **curve)
{
    const uint8_t *v;
    size_t l, i;
    uint8_t tag = der_peek(c);
    if (tag != TAG_OID && tag != TAG_NULL && tag != TAG_SEQUENCE) return PPK_ERR_DER;
    if (!der_next(c, tag, &v, &l)) return PPK_ERR_DER;
    if (tag != TAG_OID) return PPK_ERR_CURVE;
    if (l == 0u) return PPK_ERR_DER;
    PPK_CT_PUBLIC(v, l); /* the curve */
    for (i = 0; i < EC_CURVE_COUNT; i++) {
        if (ec_curves[i].oid_len == l && memcmp(ec_curves[i].oid, v, l) == 0) {
            *curve = &ec_curves[i];
            return PPK_OK;
        }
    }
    return PPK_ERR_CURVE;
}

/* An AlgorithmIdentifier (RFC 5280 4.1.1.2) of Ed25519 (parameters absent,
 * RFC 8410 3), rsaEncryption (parameters NULL, RFC 8017 A.1) or
 * id-ecPublicKey (ECParameters, required: RFC 5480 2.1.1). Returns
 * PPK_OK and *alg (ALG_*) (and *curve for EC), PPK_ERR_UNSUPPORTED for
 * another well-formed one. X25519 is RFC 8410's too: parameters absent. */
static ppk_status parse_algorithm(der_cursor *c, int *algo, const ec_curve_row **curve, const pq_row **pq)
{
    size_t i;
    der_cursor alg;
    const uint8_t *oid, *v;
    size_t oid_len, l;
    if (!der_enter(c, &alg) || !der_next(&alg, TAG_OID, &oid, &oid_len) || oid_len == 0u) {
        return PPK_ERR_DER;
    }
    PPK_CT_PUBLIC(oid, oid_len); /* the algorithm identifier */
    if (oid_len == sizeof(oid_ed25519) && memcmp(oid, oid_ed25519, oid_len) == 0) {
        *algo = ALG_ED25519;
        return der_done(&alg) ? PPK_OK : PPK_ERR_DER;
    }
    if (oid_len == sizeof(oid_x25519) && memcmp(oid, oid_x25519, oid_len) == 0) {
        *algo = ALG_X25519;
        return der_done(&alg) ? PPK_OK : PPK_ERR_DER;
    }
    if (oid_len == sizeof(oid_rsa) && memcmp(oid, oid_rsa, oid_len) == 0) {
        *algo = ALG_RSA;
        if (!der_next(&alg, TAG_NULL, &v, &l) || l != 0u || !der_done(&alg)) return PPK_ERR_DER;
        return PPK_OK;
    }
    for (i = 0; i < PQ_SET_COUNT; i++) {
        if (oid_len == PQ_OID_BYTES && memcmp(oid, pq_sets[i].oid, oid_len) == 0) {
            /* "The parameters field of the AlgorithmIdentifier ... MUST
             * be absent" (LAMPS ML-KEM 3, RFC 9881 2). */
            *algo = pq_sets[i].alg;
            *pq = &pq_sets[i];
            return der_done(&alg) ? PPK_OK : PPK_ERR_DER;
        }
    }
    if (oid_len == sizeof(oid_hss_lms) && memcmp(oid, oid_hss_lms, oid_len) == 0) {
        /* "the parameters field MUST be absent" (RFC 9708 3). */
        *algo = ALG_HSS;
        return der_done(&alg) ? PPK_OK : PPK_ERR_DER;
    }
    if (oid_len == sizeof(oid_ec_public_key) && memcmp(oid, oid_ec_public_key, oid_len) == 0) {
        ppk_status st = parse_ec_params(&alg, curve);
        *algo = ALG_EC;
        if (st == PPK_OK && !der_done(&alg)) return PPK_ERR_DER;
        return st;
    }
    return PPK_ERR_UNSUPPORTED;
}

/* An EC public point (SEC 1 2.3.3): uncompressed, the curve's length. A
 * compressed point (0x02 / 0x03 || x) is well-formed but refused: PSA
 * imports uncompressed points only (PSA 1.2 9.7.4). Public. */
static ppk_status check_ec_point(const uint8_t *v, size_t l, const ec_curve_row *curve)
{
    PPK_CT_PUBLIC(v, l);
    if (l == ec_point_len(curve) && v[0] == 0x04u) return PPK_OK;
    if (l == 1u + ec_bytes(curve) && (v[0] == 0x02u || v[0] == 0x03u)) return PPK_ERR_CURVE;
    return PPK_ERR_DER;
}

/* ECPrivateKey (RFC 5915 3): SEQUENCE { INTEGER 1, OCTET STRING d,
 * [0] ECParameters OPTIONAL, [1] BIT STRING publicKey OPTIONAL }, the
 * whole of der[0..len). curve: the PKCS#8 algorithm's curve, which [0]
 * must repeat when present; NULL for the bare SEC1 form, where [0] is
 * required (RFC 5915 3: implementations MUST include it). d must have the
 * curve's length exactly (RFC 5915 3; PSA 1.2 9.6.4); its value is
 * psa_import_key's to check, and it is not read here. */
static ppk_status parse_ec_private(const uint8_t *der, size_t len, const ec_curve_row *curve, ppk_key *key)
{
    der_cursor top, c, inner;
    const uint8_t *v, *d;
    size_t l, d_len;
    ppk_status st;
    top.p = der;
    top.end = der + len;
    if (!der_enter(&top, &c) || !der_done(&top)) return PPK_ERR_DER;
    if (!der_next(&c, TAG_INTEGER, &v, &l) || l != 1u) return PPK_ERR_DER;
    PPK_CT_PUBLIC(v, 1); /* the version */
    if (v[0] != 1u) return PPK_ERR_DER;
    if (!der_next(&c, TAG_OCTET_STRING, &d, &d_len)) return PPK_ERR_DER;
    if (der_peek(&c) == TAG_CTX0_CONS) {
        const ec_curve_row *found = NULL;
        if (!der_next(&c, TAG_CTX0_CONS, &v, &l)) return PPK_ERR_DER;
        inner.p = v;
        inner.end = v + l;
        st = parse_ec_params(&inner, &found);
        if (st != PPK_OK) return st;
        if (!der_done(&inner) || (curve != NULL && curve != found)) return PPK_ERR_DER;
        curve = found;
    }
    if (curve == NULL) return PPK_ERR_DER;
    key->pub = NULL;
    key->pub_len = 0;
    if (der_peek(&c) == TAG_CTX1_CONS) {
        if (!der_next(&c, TAG_CTX1_CONS, &v, &l)) return PPK_ERR_DER;
        inner.p = v;
        inner.end = v + l;
        if (!der_next(&inner, TAG_BIT_STRING, &v, &l) || !der_done(&inner) || l < 2u) return PPK_ERR_DER;
        PPK_CT_PUBLIC(v, 1); /* unused bits: X.690 8.6.2.2 */
        if (v[0] != 0u) return PPK_ERR_DER;
        st = check_ec_point(v + 1, l - 1u, curve);
        if (st != PPK_OK) return st;
        key->pub = v + 1;
        key->pub_len = l - 1u;
    }
    if (!der_done(&c) || d_len != ec_bytes(curve)) return PPK_ERR_DER;
    key->kind = PPK_EC_PRIVATE;
    key->material = d;
    key->material_len = d_len;
    key->bits = curve->info.bits;
    return PPK_OK;
}

const ppk_ec_curve *ppk_ec_curve_by_bits(size_t bits)
{
    size_t i;
    for (i = 0; i < EC_CURVE_COUNT; i++) {
        if (ec_curves[i].info.bits == bits) return &ec_curves[i].info;
    }
    return NULL;
}

/* ASCII case-insensitive equality (no locale: the library's rules). */
static int name_eq(const char *a, const char *b)
{
    for (;; a++, b++) {
        char x = *a, y = *b;
        if (x >= 'A' && x <= 'Z') x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = (char)(y - 'A' + 'a');
        if (x != y) return 0;
        if (x == '\0') return 1;
    }
}

const ppk_ec_curve *ppk_ec_curve_by_name(const char *name)
{
    size_t i;
    if (name == NULL) return NULL;
    for (i = 0; i < EC_CURVE_COUNT; i++) {
        const ec_curve_row *r = &ec_curves[i];
        if (name_eq(name, r->info.nist_name) || name_eq(name, r->info.sn) || name_eq(name, r->alias)) {
            return &r->info;
        }
    }
    return NULL;
}

/* The content of v must be exactly one SEQUENCE (an RSA structure, whose
 * integers psa_import_key checks). */
static int is_one_sequence(const uint8_t *v, size_t l)
{
    der_cursor c, inner;
    c.p = v;
    c.end = v + l;
    return der_enter(&c, &inner) && der_done(&c);
}

/* ML-KEM-PrivateKey (the CHOICE above), the whole of der[0..len). Only
 * tags and lengths are read; the seed and the expanded key are secret. */
static ppk_status parse_pq_private(const uint8_t *der, size_t len, const pq_row *set, ppk_key *key)
{
    der_cursor c, inner;
    const uint8_t *seed, *dk = NULL;
    size_t seed_len, dk_len = 0;
    uint8_t tag;
    c.p = der;
    c.end = der + len;
    tag = der_peek(&c);
    if (tag == TAG_CTX0_PRIM) {
        if (!der_next(&c, TAG_CTX0_PRIM, &seed, &seed_len)) return PPK_ERR_DER;
    } else if (tag == TAG_SEQUENCE) {
        if (!der_enter(&c, &inner) || !der_next(&inner, TAG_OCTET_STRING, &seed, &seed_len) ||
            !der_next(&inner, TAG_OCTET_STRING, &dk, &dk_len) || !der_done(&inner) || dk_len != set->expanded_len) {
            return PPK_ERR_DER;
        }
    } else if (tag == TAG_OCTET_STRING) {
        if (!der_next(&c, TAG_OCTET_STRING, &dk, &dk_len) || !der_done(&c) || dk_len != set->expanded_len) {
            return PPK_ERR_DER;
        }
        return PPK_ERR_NOSEED;
    } else {
        return PPK_ERR_DER;
    }
    if (!der_done(&c) || seed_len != set->seed_len) return PPK_ERR_DER;
    key->kind = set->alg == ALG_MLKEM ? PPK_MLKEM_PRIVATE : PPK_MLDSA_PRIVATE;
    key->material = seed;
    key->material_len = seed_len;
    key->pub = dk;
    key->pub_len = dk_len;
    key->bits = set->bits;
    return PPK_OK;
}

/* PrivateKeyInfo / OneAsymmetricKey (RFC 5958 2): version 0 or 1,
 * algorithm, privateKey, optional [0] attributes, optional [1] publicKey
 * (version 1 only). c is inside the outer SEQUENCE. */
static ppk_status parse_pkcs8(der_cursor *c, ppk_key *key)
{
    const uint8_t *v, *priv;
    size_t l, priv_len;
    int alg = 0;
    unsigned version;
    ppk_status st;
    const ec_curve_row *curve = NULL;
    const pq_row *pq = NULL;
    if (!der_next(c, TAG_INTEGER, &v, &l) || l != 1u) return PPK_ERR_DER;
    PPK_CT_PUBLIC(v, 1); /* the version */
    if (v[0] > 1u) return PPK_ERR_DER;
    version = v[0];
    st = parse_algorithm(c, &alg, &curve, &pq);
    if (st != PPK_OK) return st;
    if (!der_next(c, TAG_OCTET_STRING, &priv, &priv_len)) return PPK_ERR_DER;
    if (der_peek(c) == TAG_CTX0_CONS && !der_next(c, TAG_CTX0_CONS, &v, &l)) return PPK_ERR_DER;
    if (version == 1u && der_peek(c) == TAG_CTX1_PRIM) {
        if (!der_next(c, TAG_CTX1_PRIM, &v, &l) || l < 1u) return PPK_ERR_DER;
        PPK_CT_PUBLIC(v, l); /* the public key */
        if (v[0] != 0u) return PPK_ERR_DER;
    }
    if (!der_done(c)) return PPK_ERR_DER;
    if (alg == ALG_RSA) {
        if (!is_one_sequence(priv, priv_len)) return PPK_ERR_DER;
        key->kind = PPK_RSA_PRIVATE;
        key->material = priv;
        key->material_len = priv_len;
    } else if (alg == ALG_EC) {
        /* The privateKey is an ECPrivateKey (RFC 5915 3, RFC 5958 2). */
        st = parse_ec_private(priv, priv_len, curve, key);
        if (st != PPK_OK) return st;
    } else if (alg == ALG_MLKEM || alg == ALG_MLDSA) {
        st = parse_pq_private(priv, priv_len, pq, key);
        if (st != PPK_OK) return st;
    } else if (alg == ALG_HSS) {
        return PPK_ERR_UNSUPPORTED; /* HSS/LMS signing keys: not supported */
    } else {
        /* CurvePrivateKey ::= OCTET STRING (RFC 8410 7). */
        der_cursor inner;
        inner.p = priv;
        inner.end = priv + priv_len;
        if (!der_next(&inner, TAG_OCTET_STRING, &v, &l) || l != ED25519_KEY_BYTES || !der_done(&inner)) {
            return PPK_ERR_DER;
        }
        key->kind = alg == ALG_X25519 ? PPK_X25519_PRIVATE : PPK_ED25519_PRIVATE;
        key->material = v;
        key->material_len = l;
    }
    key->form = PPK_FORM_PKCS8;
    return PPK_OK;
}

/* SubjectPublicKeyInfo (RFC 5280 4.1.2.7); c is inside the outer SEQUENCE,
 * positioned on the algorithm. */
static ppk_status parse_spki(der_cursor *c, ppk_key *key)
{
    const uint8_t *v;
    size_t l;
    int alg = 0;
    const ec_curve_row *curve = NULL;
    const pq_row *pq = NULL;
    ppk_status st = parse_algorithm(c, &alg, &curve, &pq);
    if (st != PPK_OK) return st;
    /* BIT STRING with zero unused bits (X.690 8.6.2.2). */
    if (!der_next(c, TAG_BIT_STRING, &v, &l) || l < 1u || v[0] != 0u || !der_done(c)) return PPK_ERR_DER;
    v++;
    l--;
    if (alg == ALG_RSA) {
        if (!is_one_sequence(v, l)) return PPK_ERR_DER;
        key->kind = PPK_RSA_PUBLIC;
    } else if (alg == ALG_EC) {
        /* ECPoint as the BIT STRING's bytes (RFC 5480 2.2); on the curve:
         * psa_import_key (PSA 1.2 9.7.4). */
        st = check_ec_point(v, l, curve);
        if (st != PPK_OK) return st;
        key->kind = PPK_EC_PUBLIC;
        key->bits = curve->info.bits;
    } else if (alg == ALG_MLKEM || alg == ALG_MLDSA) {
        /* ek / pk, of its set's length; ek's coefficients are
         * psa_import_key's to check (FIPS 203 7.2). */
        if (l != pq->pub_len) return PPK_ERR_DER;
        key->kind = alg == ALG_MLKEM ? PPK_MLKEM_PUBLIC : PPK_MLDSA_PUBLIC;
        key->bits = pq->bits;
    } else if (alg == ALG_HSS) {
        if (l != HSS_PUB_BYTES(24u) && l != HSS_PUB_BYTES(32u)) return PPK_ERR_DER;
        key->kind = PPK_HSS_PUBLIC;
        key->bits = (l - HSS_PUB_BYTES(0u)) * 8u;
    } else {
        if (l != ED25519_KEY_BYTES) return PPK_ERR_DER;
        key->kind = alg == ALG_X25519 ? PPK_X25519_PUBLIC : PPK_ED25519_PUBLIC;
    }
    key->form = PPK_FORM_SPKI;
    key->material = v;
    key->material_len = l;
    return PPK_OK;
}

ppk_status ppk_parse_der(const uint8_t *der, size_t len, ppk_pem_label expected, ppk_key *key)
{
    der_cursor top, c, probe;
    const uint8_t *v;
    size_t l;
    ppk_status st;
    memset(key, 0, sizeof(*key));
    if (der == NULL) return PPK_ERR_DER;
    top.p = der;
    top.end = der + len;
    if (!der_enter(&top, &c) || !der_done(&top)) return PPK_ERR_DER;
    if (der_peek(&c) == TAG_SEQUENCE) {
        /* SEQUENCE { SEQUENCE ... }: SubjectPublicKeyInfo, or
         * EncryptedPrivateKeyInfo (RFC 5958 3: algorithm, OCTET STRING). */
        probe = c;
        if (!der_next(&probe, TAG_SEQUENCE, &v, &l)) return PPK_ERR_DER;
        if (der_peek(&probe) == TAG_OCTET_STRING) return PPK_ERR_ENCRYPTED;
        if (expected != PPK_PEM_NONE && expected != PPK_PEM_PUBLIC_KEY) return PPK_ERR_MISMATCH;
        return parse_spki(&c, key);
    }
    /* SEQUENCE { INTEGER, ... }: PrivateKeyInfo when the second element is
     * the AlgorithmIdentifier, else an RSA structure: RSAPublicKey has two
     * INTEGERs, RSAPrivateKey more (RFC 8017 A.1.1, A.1.2). */
    probe = c;
    if (!der_next(&probe, TAG_INTEGER, &v, &l)) return PPK_ERR_DER;
    if (der_peek(&probe) == TAG_SEQUENCE) {
        if (expected != PPK_PEM_NONE && expected != PPK_PEM_PRIVATE_KEY) return PPK_ERR_MISMATCH;
        return parse_pkcs8(&c, key);
    }
    /* SEQUENCE { INTEGER, OCTET STRING, ... }: ECPrivateKey (RFC 5915 3). */
    if (der_peek(&probe) == TAG_OCTET_STRING) {
        if (expected != PPK_PEM_NONE && expected != PPK_PEM_EC_PRIVATE_KEY) return PPK_ERR_MISMATCH;
        st = parse_ec_private(der, len, NULL, key);
        if (st == PPK_OK) key->form = PPK_FORM_SEC1;
        return st;
    }
    if (!der_next(&probe, TAG_INTEGER, &v, &l)) return PPK_ERR_DER;
    if (der_done(&probe)) {
        if (expected != PPK_PEM_NONE && expected != PPK_PEM_RSA_PUBLIC_KEY) return PPK_ERR_MISMATCH;
        key->kind = PPK_RSA_PUBLIC;
    } else {
        if (expected != PPK_PEM_NONE && expected != PPK_PEM_RSA_PRIVATE_KEY) return PPK_ERR_MISMATCH;
        /* Every remaining element an INTEGER (the library checks values). */
        while (!der_done(&probe)) {
            if (!der_next(&probe, TAG_INTEGER, &v, &l)) return PPK_ERR_DER;
        }
        key->kind = PPK_RSA_PRIVATE;
    }
    st = PPK_OK;
    key->form = PPK_FORM_PKCS1;
    key->material = der;
    key->material_len = len;
    return st;
}

ppk_status ppk_rsa_integers(const uint8_t *der, size_t len, ppk_int *ints, size_t max, size_t *count)
{
    der_cursor top, c;
    size_t n = 0, total = 0;
    *count = 0;
    if (der == NULL) return PPK_ERR_DER;
    top.p = der;
    top.end = der + len;
    if (!der_enter(&top, &c) || !der_done(&top)) return PPK_ERR_DER;
    while (!der_done(&c)) {
        const uint8_t *v;
        size_t l;
        if (!der_next(&c, TAG_INTEGER, &v, &l) || l == 0u) return PPK_ERR_DER;
        /* RSAPrivateKey starts with its version (RFC 8017 A.1.2): skip it. */
        if (total++ == 0u && l == 1u && v[0] == 0u && !der_done(&c)) {
            der_cursor probe = c;
            const uint8_t *pv;
            size_t pl, rest = 0;
            while (!der_done(&probe) && der_next(&probe, TAG_INTEGER, &pv, &pl)) rest++;
            if (rest == 8u) continue;
        }
        if (n == max) return PPK_ERR_BUFFER;
        ints[n].p = v;
        ints[n].len = l;
        n++;
    }
    if (n != 2u && n != 8u) return PPK_ERR_DER;
    *count = n;
    return PPK_OK;
}

/* ---- PEM (RFC 7468) ---------------------------------------------------------- */

static const struct {
    ppk_pem_label label;
    const char *text;
} pem_labels[] = {
    {PPK_PEM_PRIVATE_KEY, "PRIVATE KEY"},
    {PPK_PEM_RSA_PRIVATE_KEY, "RSA PRIVATE KEY"},
    {PPK_PEM_PUBLIC_KEY, "PUBLIC KEY"},
    {PPK_PEM_RSA_PUBLIC_KEY, "RSA PUBLIC KEY"},
    {PPK_PEM_ENCRYPTED_PRIVATE_KEY, "ENCRYPTED PRIVATE KEY"},
    {PPK_PEM_EC_PRIVATE_KEY, "EC PRIVATE KEY"},
};

static const char *label_text(ppk_pem_label label)
{
    size_t i;
    for (i = 0; i < sizeof(pem_labels) / sizeof(pem_labels[0]); i++) {
        if (pem_labels[i].label == label) return pem_labels[i].text;
    }
    return NULL;
}

static size_t cstr_len(const char *s)
{
    size_t n = 0;
    while (s[n] != '\0') n++;
    return n;
}

/* Does in[pos..len) start with the string s? */
static int starts_with(const uint8_t *in, size_t len, size_t pos, const char *s)
{
    size_t n = cstr_len(s);
    return pos <= len && len - pos >= n && memcmp(in + pos, s, n) == 0;
}

/* End of the line starting at pos (index of its '\n' or len) and the
 * length of its text without "\r\n" / "\n". Used on the armour (public). */
static size_t line_end(const uint8_t *in, size_t len, size_t pos, size_t *text_len)
{
    size_t e = pos;
    while (e < len && in[e] != '\n') e++;
    *text_len = e - pos;
    if (*text_len > 0u && in[pos + *text_len - 1u] == '\r') (*text_len)--;
    return e;
}

/* line_end for a line that may hold secret base64: each character is
 * compared by arithmetic and only the verdict "newline or not" (and
 * "'\r' before the newline") is made public: the line structure. */
static size_t line_end_ct(const uint8_t *in, size_t len, size_t pos, size_t *text_len)
{
    size_t e = pos;
    while (e < len && !ct_public(ct_eq(in[e], '\n'))) e++;
    *text_len = e - pos;
    if (*text_len > 0u && ct_public(ct_eq(in[pos + *text_len - 1u], '\r'))) (*text_len)--;
    return e;
}

/* Does the line (tl bytes) start with s? Only the verdict is public. */
static int line_starts_ct(const uint8_t *line, size_t tl, const char *s)
{
    size_t i, n = cstr_len(s);
    uint32_t diff = 0;
    if (tl < n) return 0;
    for (i = 0; i < n; i++) diff |= (uint32_t)(line[i] ^ (uint8_t)s[i]);
    return ct_public(ct_eq(diff, 0)) != 0u;
}

/* Does the line hold the character ch? Only the verdict is public. */
static int line_has_ct(const uint8_t *line, size_t tl, uint8_t ch)
{
    size_t i;
    uint32_t found = 0;
    for (i = 0; i < tl; i++) found |= ct_eq(line[i], ch);
    return ct_public(found) != 0u;
}

static int find_begin(const uint8_t *in, size_t len, size_t from, size_t *pos)
{
    size_t p = from;
    while (p < len) {
        size_t tl, e;
        if (starts_with(in, len, p, "-----BEGIN ")) {
            *pos = p;
            return 1;
        }
        e = line_end(in, len, p, &tl);
        p = e + 1u;
    }
    return 0;
}

/* One SEQUENCE that covers the whole input: DER, decided from its tag and
 * length bytes alone (public), so a DER private key is never scanned as
 * text (find_begin branches on every byte). No PEM key file is one: its
 * first byte would be '0' and its second its exact length. */
static int is_der_sequence(const uint8_t *in, size_t len)
{
    der_cursor c;
    const uint8_t *v;
    size_t l;
    c.p = in;
    c.end = in + len;
    return der_next(&c, TAG_SEQUENCE, &v, &l) && der_done(&c);
}

int ppk_is_pem(const uint8_t *in, size_t len)
{
    size_t pos;
    return in != NULL && !is_der_sequence(in, len) && find_begin(in, len, 0, &pos);
}

ppk_status ppk_pem_decode(const uint8_t *in, size_t len, ppk_pem_label *label,
                          uint8_t *der, size_t der_size, size_t *der_len)
{
    size_t pos, e, tl, i, lab_len, out = 0, symbols = 0, pads = 0;
    const uint8_t *lab;
    const char *text = NULL;
    uint32_t acc = 0, bad = 0;
    unsigned bits = 0;
    int first_body_line = 1;

    *label = PPK_PEM_NONE;
    *der_len = 0;
    if (in == NULL || !find_begin(in, len, 0, &pos)) return PPK_ERR_PEM;
    /* "-----BEGIN " label "-----"; an "EC PARAMETERS" block (openssl
     * ecparam -genkey writes one before the key, public) is skipped to
     * the next BEGIN line, as OpenSSL's key reader does. */
    for (;;) {
        e = line_end(in, len, pos, &tl);
        if (!(tl == 11u + 13u + 5u && memcmp(in + pos + 11u, "EC PARAMETERS-----", 18) == 0)) break;
        if (e >= len || !find_begin(in, len, e + 1u, &pos)) return PPK_ERR_PEM;
    }
    if (tl < 11u + 5u + 1u || memcmp(in + pos + tl - 5u, "-----", 5) != 0) return PPK_ERR_PEM;
    lab = in + pos + 11u;
    lab_len = tl - 16u;
    for (i = 0; i < sizeof(pem_labels) / sizeof(pem_labels[0]); i++) {
        if (cstr_len(pem_labels[i].text) == lab_len && memcmp(pem_labels[i].text, lab, lab_len) == 0) {
            *label = pem_labels[i].label;
            text = pem_labels[i].text;
        }
    }
    if (text == NULL) return PPK_ERR_UNSUPPORTED;
    pos = e + 1u;
    for (;;) {
        const uint8_t *line;
        if (pos >= len) goto fail; /* no END line */
        e = line_end_ct(in, len, pos, &tl);
        line = in + pos;
        if (line_starts_ct(line, tl, "-----END ")) {
            /* The armour: public. The END label must repeat the BEGIN
             * label (RFC 7468 2). */
            PPK_CT_PUBLIC(line, tl);
            if (tl != 9u + lab_len + 5u || memcmp(line + 9, lab, lab_len) != 0 ||
                memcmp(line + 9 + lab_len, "-----", 5) != 0) {
                goto fail;
            }
            break;
        }
        /* RFC 1421 headers (legacy "RSA PRIVATE KEY" encryption) before
         * the body: a Proc-Type of ENCRYPTED means an encrypted key. A
         * header line is armour (public); base64 has no ':'. */
        if (first_body_line && line_has_ct(line, tl, ':')) {
            for (;;) {
                size_t k;
                PPK_CT_PUBLIC(line, tl);
                for (k = 0; k + 9u <= tl; k++) {
                    if (memcmp(line + k, "ENCRYPTED", 9) == 0) return PPK_ERR_ENCRYPTED;
                }
                if (tl == 0u) break;
                pos = e + 1u;
                if (pos >= len) return PPK_ERR_PEM;
                e = line_end_ct(in, len, pos, &tl);
                line = in + pos;
            }
            return PPK_ERR_PEM; /* headers we do not know */
        }
        first_body_line = 0;
        if (tl == 0u) goto fail; /* blank line inside the body */
        for (i = 0; i < tl; i++) {
            uint32_t v, invalid;
            /* Where the padding is, is public: it gives the length. */
            if (ct_public(ct_eq(line[i], '='))) {
                pads++;
                symbols++;
                continue;
            }
            if (pads != 0u) goto fail; /* data after padding */
            v = b64_value_ct(line[i], &invalid);
            bad |= invalid;
            symbols++;
            acc = (acc << 6) | v;
            bits += 6u;
            if (bits >= 8u) {
                bits -= 8u;
                if (out >= der_size) {
                    wipe_bytes(der, out);
                    return PPK_ERR_BUFFER;
                }
                der[out++] = (uint8_t)(acc >> bits);
                acc &= (1u << bits) - 1u;
            }
        }
        pos = e + 1u;
    }
    /* Whole quanta, at most two '=' (public counts) and zero leftover bits
     * (RFC 4648 3.5: secret bits, folded into the verdict). */
    bad |= 0u - ((acc | (0u - acc)) >> 31);
    acc = 0;
    if (symbols == 0u || symbols % 4u != 0u || pads > 2u) goto fail;
    if ((pads == 1u && bits != 2u) || (pads == 2u && bits != 4u) || (pads == 0u && bits != 0u)) goto fail;
    if (ct_public(bad) != 0u) goto fail; /* the one verdict on the characters */
    *der_len = out;
    return PPK_OK;
fail:
    wipe_bytes(der, out);
    return PPK_ERR_PEM;
}

ppk_status ppk_read_key(const uint8_t *in, size_t len, uint8_t *work, size_t work_size, ppk_key *key)
{
    ppk_pem_label label;
    size_t der_len;
    ppk_status st;
    memset(key, 0, sizeof(*key));
    if (!ppk_is_pem(in, len)) return ppk_parse_der(in, len, PPK_PEM_NONE, key);
    st = ppk_pem_decode(in, len, &label, work, work_size, &der_len);
    if (st != PPK_OK) return st;
    if (label == PPK_PEM_ENCRYPTED_PRIVATE_KEY) return PPK_ERR_ENCRYPTED;
    return ppk_parse_der(work, der_len, label, key);
}

/* ---- writing ------------------------------------------------------------------- */

static size_t der_len_size(size_t len)
{
    return len < 0x80u ? 1u : len < 0x100u ? 2u : len < 0x10000u ? 3u : 4u;
}

/* Write tag + length at out[*pos], advancing *pos (space checked by the
 * caller from der_tlv_size). */
static void der_put_header(uint8_t *out, size_t *pos, uint8_t tag, size_t len)
{
    size_t n = der_len_size(len), i;
    out[(*pos)++] = tag;
    if (n == 1u) {
        out[(*pos)++] = (uint8_t)len;
        return;
    }
    out[(*pos)++] = (uint8_t)(0x80u | (n - 1u));
    for (i = n - 1u; i > 0u; i--) out[(*pos)++] = (uint8_t)(len >> (8u * (i - 1u)));
}

static size_t der_tlv_size(size_t len)
{
    return 1u + der_len_size(len) + len;
}

static void put_bytes(uint8_t *out, size_t *pos, const void *src, size_t n)
{
    memcpy(out + *pos, src, n);
    *pos += n;
}

/* AlgorithmIdentifier of rsaEncryption, Ed25519, X25519 or an EC curve. */
static size_t alg_body_size(int alg, const ec_curve_row *curve)
{
    if (alg == ALG_MLKEM || alg == ALG_MLDSA) return der_tlv_size(PQ_OID_BYTES);
    if (alg == ALG_HSS) return der_tlv_size(sizeof(oid_hss_lms));
    if (alg == ALG_EC) return der_tlv_size(sizeof(oid_ec_public_key)) + der_tlv_size(curve->oid_len);
    return alg == ALG_RSA ? der_tlv_size(sizeof(oid_rsa)) + 2u : der_tlv_size(sizeof(oid_ed25519));
}

static void put_alg(uint8_t *out, size_t *pos, int alg, const ec_curve_row *curve, const pq_row *pq)
{
    der_put_header(out, pos, TAG_SEQUENCE, alg_body_size(alg, curve));
    if (alg == ALG_MLKEM || alg == ALG_MLDSA) {
        der_put_header(out, pos, TAG_OID, PQ_OID_BYTES);
        put_bytes(out, pos, pq->oid, PQ_OID_BYTES);
    } else if (alg == ALG_EC) {
        der_put_header(out, pos, TAG_OID, sizeof(oid_ec_public_key));
        put_bytes(out, pos, oid_ec_public_key, sizeof(oid_ec_public_key));
        der_put_header(out, pos, TAG_OID, curve->oid_len);
        put_bytes(out, pos, curve->oid, curve->oid_len);
    } else if (alg == ALG_HSS) {
        der_put_header(out, pos, TAG_OID, sizeof(oid_hss_lms));
        put_bytes(out, pos, oid_hss_lms, sizeof(oid_hss_lms));
    } else if (alg == ALG_X25519) {
        der_put_header(out, pos, TAG_OID, sizeof(oid_x25519));
        put_bytes(out, pos, oid_x25519, sizeof(oid_x25519));
    } else if (alg == ALG_RSA) {
        der_put_header(out, pos, TAG_OID, sizeof(oid_rsa));
        put_bytes(out, pos, oid_rsa, sizeof(oid_rsa));
        out[(*pos)++] = TAG_NULL;
        out[(*pos)++] = 0;
    } else {
        der_put_header(out, pos, TAG_OID, sizeof(oid_ed25519));
        put_bytes(out, pos, oid_ed25519, sizeof(oid_ed25519));
    }
}

/* ECPrivateKey (RFC 5915 3) as OpenSSL writes it: version 1, d, [0] the
 * named curve (the SEC1 form only: PKCS#8 names it in the algorithm), [1]
 * the public point when given. */
static size_t ec_private_body(const ec_curve_row *curve, size_t q_len, int with_params)
{
    size_t n = 3u + der_tlv_size(ec_bytes(curve));
    if (with_params) n += der_tlv_size(der_tlv_size(curve->oid_len));
    if (q_len != 0u) n += der_tlv_size(der_tlv_size(q_len + 1u));
    return n;
}

static void put_ec_private(uint8_t *out, size_t *pos, const ec_curve_row *curve, const uint8_t *d,
                           const uint8_t *q, size_t q_len, int with_params)
{
    der_put_header(out, pos, TAG_SEQUENCE, ec_private_body(curve, q_len, with_params));
    out[(*pos)++] = TAG_INTEGER;
    out[(*pos)++] = 1;
    out[(*pos)++] = 1;
    der_put_header(out, pos, TAG_OCTET_STRING, ec_bytes(curve));
    put_bytes(out, pos, d, ec_bytes(curve));
    if (with_params) {
        der_put_header(out, pos, TAG_CTX0_CONS, der_tlv_size(curve->oid_len));
        der_put_header(out, pos, TAG_OID, curve->oid_len);
        put_bytes(out, pos, curve->oid, curve->oid_len);
    }
    if (q_len != 0u) {
        der_put_header(out, pos, TAG_CTX1_CONS, der_tlv_size(q_len + 1u));
        der_put_header(out, pos, TAG_BIT_STRING, q_len + 1u);
        out[(*pos)++] = 0; /* no unused bits */
        put_bytes(out, pos, q, q_len);
    }
}

/* The EC key of a material length (the curve's sizes; module comment of
 * keyfile.h): private d or d || Q, public Q. NULL when none fits. */
static const ec_curve_row *ec_curve_for(int is_private, const uint8_t *material, size_t len, size_t *q_off)
{
    size_t i;
    for (i = 0; i < EC_CURVE_COUNT; i++) {
        const ec_curve_row *c = &ec_curves[i];
        size_t b = ec_bytes(c), q = ec_point_len(c);
        *q_off = 0;
        if (is_private && len == b) return c;
        if (is_private && len == b + q && material[b] == 0x04u) {
            *q_off = b;
            return c;
        }
        if (!is_private && len == q && material[0] == 0x04u) return c;
    }
    return NULL;
}

ppk_status ppk_write_der(ppk_kind kind, ppk_form form, const uint8_t *material, size_t material_len,
                         uint8_t *out, size_t out_size, size_t *out_len)
{
    int alg = (kind == PPK_MLKEM_PRIVATE || kind == PPK_MLKEM_PUBLIC)     ? ALG_MLKEM
              : (kind == PPK_MLDSA_PRIVATE || kind == PPK_MLDSA_PUBLIC)   ? ALG_MLDSA
              : (kind == PPK_RSA_PRIVATE || kind == PPK_RSA_PUBLIC)       ? ALG_RSA
              : (kind == PPK_X25519_PRIVATE || kind == PPK_X25519_PUBLIC) ? ALG_X25519
              : (kind == PPK_EC_PRIVATE || kind == PPK_EC_PUBLIC)         ? ALG_EC
              : kind == PPK_HSS_PUBLIC                                    ? ALG_HSS
                                                                          : ALG_ED25519;
    int is_private = kind == PPK_RSA_PRIVATE || kind == PPK_ED25519_PRIVATE || kind == PPK_X25519_PRIVATE ||
                     kind == PPK_EC_PRIVATE;
    const ec_curve_row *curve = NULL;
    size_t pos = 0, body, inner, q_off = 0;
    *out_len = 0;
    if (kind == PPK_KIND_NONE || material == NULL) return PPK_ERR_UNSUPPORTED;
    if (alg == ALG_MLKEM || alg == ALG_MLDSA) {
        /* Private: seed || ek / pk (the set from the public key's length),
         * written as PKCS#8 { 0, OID, OCTET STRING { [0] seed } }; public:
         * SPKI { OID, BIT STRING ek / pk }. */
        const pq_row *set = NULL;
        int priv = kind == PPK_MLKEM_PRIVATE || kind == PPK_MLDSA_PRIVATE;
        size_t i;
        for (i = 0; i < PQ_SET_COUNT; i++) {
            if (pq_sets[i].alg == alg && material_len == (priv ? pq_sets[i].seed_len : 0u) + pq_sets[i].pub_len) {
                set = &pq_sets[i];
            }
        }
        if (set == NULL) return PPK_ERR_DER;
        if (priv) {
            if (form != PPK_FORM_PKCS8) return PPK_ERR_UNSUPPORTED;
            inner = 2u + set->seed_len;
            body = 3u + der_tlv_size(alg_body_size(alg, NULL)) + der_tlv_size(inner);
            if (der_tlv_size(body) > out_size) return PPK_ERR_BUFFER;
            der_put_header(out, &pos, TAG_SEQUENCE, body);
            out[pos++] = TAG_INTEGER;
            out[pos++] = 1;
            out[pos++] = 0;
            put_alg(out, &pos, alg, NULL, set);
            der_put_header(out, &pos, TAG_OCTET_STRING, inner);
            der_put_header(out, &pos, TAG_CTX0_PRIM, set->seed_len);
            put_bytes(out, &pos, material, set->seed_len);
        } else {
            if (form != PPK_FORM_SPKI) return PPK_ERR_UNSUPPORTED;
            body = der_tlv_size(alg_body_size(alg, NULL)) + der_tlv_size(material_len + 1u);
            if (der_tlv_size(body) > out_size) return PPK_ERR_BUFFER;
            der_put_header(out, &pos, TAG_SEQUENCE, body);
            put_alg(out, &pos, alg, NULL, set);
            der_put_header(out, &pos, TAG_BIT_STRING, material_len + 1u);
            out[pos++] = 0; /* no unused bits */
            put_bytes(out, &pos, material, material_len);
        }
        *out_len = pos;
        return PPK_OK;
    }
    if (alg == ALG_EC) {
        curve = ec_curve_for(is_private, material, material_len, &q_off);
        if (curve == NULL) return PPK_ERR_DER;
    } else if (alg == ALG_HSS) {
        if (material_len != HSS_PUB_BYTES(24u) && material_len != HSS_PUB_BYTES(32u)) return PPK_ERR_DER;
    } else if (alg != ALG_RSA && material_len != ED25519_KEY_BYTES) {
        return PPK_ERR_DER;
    }
    if (is_private && alg == ALG_EC) {
        /* PKCS#8 { 0, id-ecPublicKey + curve, OCTET STRING { ECPrivateKey } }
         * (RFC 5915 3, RFC 5958 2) or the bare ECPrivateKey with [0]. */
        size_t q_len = q_off != 0u ? material_len - q_off : 0u;
        const uint8_t *q = material + q_off;
        if (form == PPK_FORM_SEC1) {
            if (der_tlv_size(ec_private_body(curve, q_len, 1)) > out_size) return PPK_ERR_BUFFER;
            put_ec_private(out, &pos, curve, material, q, q_len, 1);
        } else if (form == PPK_FORM_PKCS8) {
            inner = der_tlv_size(ec_private_body(curve, q_len, 0));
            body = 3u + der_tlv_size(alg_body_size(alg, curve)) + der_tlv_size(inner);
            if (der_tlv_size(body) > out_size) return PPK_ERR_BUFFER;
            der_put_header(out, &pos, TAG_SEQUENCE, body);
            out[pos++] = TAG_INTEGER;
            out[pos++] = 1;
            out[pos++] = 0;
            put_alg(out, &pos, alg, curve, NULL);
            der_put_header(out, &pos, TAG_OCTET_STRING, inner);
            put_ec_private(out, &pos, curve, material, q, q_len, 0);
        } else {
            return PPK_ERR_UNSUPPORTED;
        }
        *out_len = pos;
        return PPK_OK;
    }
    if (form == PPK_FORM_SEC1) return PPK_ERR_UNSUPPORTED; /* EC private keys only */
    if (form == PPK_FORM_PKCS1) {
        if (alg != ALG_RSA) return PPK_ERR_UNSUPPORTED; /* no PKCS#1 form for curves */
        if (material_len > out_size) return PPK_ERR_BUFFER;
        memcpy(out, material, material_len);
        *out_len = material_len;
        return PPK_OK;
    }
    if (is_private) {
        if (form != PPK_FORM_PKCS8) return PPK_ERR_UNSUPPORTED;
        /* SEQUENCE { INTEGER 0, alg, OCTET STRING { key } } (RFC 5958 2;
         * Ed25519: the OCTET STRING holds CurvePrivateKey, RFC 8410 7). */
        inner = alg == ALG_RSA ? material_len : der_tlv_size(material_len);
        body = 3u + der_tlv_size(alg_body_size(alg, curve)) + der_tlv_size(inner);
        if (der_tlv_size(body) > out_size) return PPK_ERR_BUFFER;
        der_put_header(out, &pos, TAG_SEQUENCE, body);
        out[pos++] = TAG_INTEGER;
        out[pos++] = 1;
        out[pos++] = 0;
        put_alg(out, &pos, alg, curve, NULL);
        der_put_header(out, &pos, TAG_OCTET_STRING, inner);
        if (alg != ALG_RSA) der_put_header(out, &pos, TAG_OCTET_STRING, material_len);
    } else {
        if (form != PPK_FORM_SPKI) return PPK_ERR_UNSUPPORTED;
        body = der_tlv_size(alg_body_size(alg, curve)) + der_tlv_size(material_len + 1u);
        if (der_tlv_size(body) > out_size) return PPK_ERR_BUFFER;
        der_put_header(out, &pos, TAG_SEQUENCE, body);
        put_alg(out, &pos, alg, curve, NULL);
        der_put_header(out, &pos, TAG_BIT_STRING, material_len + 1u);
        out[pos++] = 0; /* no unused bits */
    }
    put_bytes(out, &pos, material, material_len);
    *out_len = pos;
    return PPK_OK;
}

ppk_pem_label ppk_label_for(ppk_kind kind, ppk_form form)
{
    switch (kind) {
    case PPK_ED25519_PRIVATE: return form == PPK_FORM_PKCS8 ? PPK_PEM_PRIVATE_KEY : PPK_PEM_NONE;
    case PPK_ED25519_PUBLIC: return form == PPK_FORM_SPKI ? PPK_PEM_PUBLIC_KEY : PPK_PEM_NONE;
    case PPK_X25519_PRIVATE: return form == PPK_FORM_PKCS8 ? PPK_PEM_PRIVATE_KEY : PPK_PEM_NONE;
    case PPK_X25519_PUBLIC: return form == PPK_FORM_SPKI ? PPK_PEM_PUBLIC_KEY : PPK_PEM_NONE;
    case PPK_RSA_PRIVATE:
        return form == PPK_FORM_PKCS8 ? PPK_PEM_PRIVATE_KEY
               : form == PPK_FORM_PKCS1 ? PPK_PEM_RSA_PRIVATE_KEY : PPK_PEM_NONE;
    case PPK_RSA_PUBLIC:
        return form == PPK_FORM_SPKI ? PPK_PEM_PUBLIC_KEY
               : form == PPK_FORM_PKCS1 ? PPK_PEM_RSA_PUBLIC_KEY : PPK_PEM_NONE;
    case PPK_EC_PRIVATE:
        return form == PPK_FORM_PKCS8 ? PPK_PEM_PRIVATE_KEY
               : form == PPK_FORM_SEC1 ? PPK_PEM_EC_PRIVATE_KEY : PPK_PEM_NONE;
    case PPK_EC_PUBLIC: return form == PPK_FORM_SPKI ? PPK_PEM_PUBLIC_KEY : PPK_PEM_NONE;
    case PPK_MLKEM_PRIVATE: return form == PPK_FORM_PKCS8 ? PPK_PEM_PRIVATE_KEY : PPK_PEM_NONE;
    case PPK_MLKEM_PUBLIC: return form == PPK_FORM_SPKI ? PPK_PEM_PUBLIC_KEY : PPK_PEM_NONE;
    case PPK_MLDSA_PRIVATE: return form == PPK_FORM_PKCS8 ? PPK_PEM_PRIVATE_KEY : PPK_PEM_NONE;
    case PPK_MLDSA_PUBLIC: return form == PPK_FORM_SPKI ? PPK_PEM_PUBLIC_KEY : PPK_PEM_NONE;
    case PPK_HSS_PUBLIC: return form == PPK_FORM_SPKI ? PPK_PEM_PUBLIC_KEY : PPK_PEM_NONE;
    case PPK_KIND_NONE: break;
    }
    return PPK_PEM_NONE;
}

size_t ppk_base64_encoded_size(size_t len, size_t line_len)
{
    size_t chars = (len + 2u) / 3u * 4u;
    if (line_len == 0u) return chars;
    return chars + (chars + line_len - 1u) / line_len;
}

/* The base64 character of a 6-bit value (RFC 4648 4), by masks: the
 * encoder writes private-key PEM (genpkey, pkey) and random bytes, so no
 * table is indexed by them (the decoder's rule, b64_value_ct). */
static char b64_char_ct(uint32_t v)
{
    return (char)((ct_in_range(v, 0u, 25u) & (v + 'A')) | (ct_in_range(v, 26u, 51u) & (v - 26u + 'a')) |
                  (ct_in_range(v, 52u, 61u) & (v - 52u + '0')) | (ct_eq(v, 62u) & (uint32_t)'+') |
                  (ct_eq(v, 63u) & (uint32_t)'/'));
}

ppk_status ppk_base64_encode(const uint8_t *in, size_t len, size_t line_len,
                             uint8_t *out, size_t out_size, size_t *out_len)
{
    size_t i, pos = 0, col = 0;
    *out_len = 0;
    if (ppk_base64_encoded_size(len, line_len) > out_size) return PPK_ERR_BUFFER;
    for (i = 0; i < len; i += 3u) {
        uint32_t v = (uint32_t)in[i] << 16;
        size_t k, n = len - i < 3u ? len - i : 3u;
        char quad[4];
        if (n > 1u) v |= (uint32_t)in[i + 1] << 8;
        if (n > 2u) v |= in[i + 2];
        quad[0] = b64_char_ct((v >> 18) & 63u);
        quad[1] = b64_char_ct((v >> 12) & 63u);
        quad[2] = n > 1u ? b64_char_ct((v >> 6) & 63u) : '=';   /* n: public (the length) */
        quad[3] = n > 2u ? b64_char_ct(v & 63u) : '=';
        for (k = 0; k < 4u; k++) {
            out[pos++] = (uint8_t)quad[k];
            if (line_len != 0u && ++col == line_len) {
                out[pos++] = '\n';
                col = 0;
            }
        }
    }
    if (line_len != 0u && col != 0u) out[pos++] = '\n';
    *out_len = pos;
    return PPK_OK;
}

void ppk_hex_encode(const uint8_t *in, size_t len, uint8_t *out)
{
    size_t i;
    for (i = 0; i < len; i++) {
        uint32_t hi = (uint32_t)in[i] >> 4, lo = (uint32_t)in[i] & 15u;
        /* '0' + n, and 'a' - '0' - 10 = 39 more above 9: a mask, no table */
        out[2u * i] = (uint8_t)(hi + '0' + (~ct_in_range(hi, 0u, 9u) & 39u));
        out[2u * i + 1u] = (uint8_t)(lo + '0' + (~ct_in_range(lo, 0u, 9u) & 39u));
    }
}

ppk_status ppk_pem_encode(ppk_pem_label label, const uint8_t *der, size_t der_len,
                          uint8_t *out, size_t out_size, size_t *out_len)
{
    const char *text = label_text(label);
    size_t tl, need, pos, b64;
    ppk_status st;
    *out_len = 0;
    if (text == NULL) return PPK_ERR_UNSUPPORTED;
    tl = cstr_len(text);
    need = (11u + tl + 6u) + ppk_base64_encoded_size(der_len, 64u) + (9u + tl + 6u);
    if (need > out_size) return PPK_ERR_BUFFER;
    pos = 0;
    put_bytes(out, &pos, "-----BEGIN ", 11u);
    put_bytes(out, &pos, text, tl);
    put_bytes(out, &pos, "-----\n", 6u);
    st = ppk_base64_encode(der, der_len, 64u, out + pos, out_size - pos, &b64);
    if (st != PPK_OK) return st;
    pos += b64;
    put_bytes(out, &pos, "-----END ", 9u);
    put_bytes(out, &pos, text, tl);
    put_bytes(out, &pos, "-----\n", 6u);
    *out_len = pos;
    return PPK_OK;
}

/* ---- ECDSA signatures ------------------------------------------------------------ */

ppk_status ppk_ecdsa_sig_from_der(const uint8_t *der, size_t len, size_t coord_len, uint8_t *rs, size_t rs_size)
{
    der_cursor top, c;
    size_t half;
    if (der == NULL || coord_len == 0u || rs_size < 2u * coord_len) return PPK_ERR_BUFFER;
    top.p = der;
    top.end = der + len;
    if (!der_enter(&top, &c) || !der_done(&top)) return PPK_ERR_DER;
    for (half = 0; half < 2u; half++) {
        const uint8_t *v;
        size_t l;
        if (!der_next(&c, TAG_INTEGER, &v, &l) || l == 0u) return PPK_ERR_DER;
        if (v[0] & 0x80u) return PPK_ERR_DER; /* negative */
        if (l > 1u && v[0] == 0u) {
            if (!(v[1] & 0x80u)) return PPK_ERR_DER; /* not minimal (X.690 8.3.2) */
            v++;
            l--;
        }
        if (l > coord_len) return PPK_ERR_DER;
        memset(rs + half * coord_len, 0, coord_len - l);
        memcpy(rs + half * coord_len + (coord_len - l), v, l);
    }
    return der_done(&c) ? PPK_OK : PPK_ERR_DER;
}

ppk_status ppk_ecdsa_sig_to_der(const uint8_t *rs, size_t rs_len, uint8_t *out, size_t out_size, size_t *out_len)
{
    size_t n = rs_len / 2u, skip[2], body = 0, pos = 0, half;
    *out_len = 0;
    if (rs == NULL || n == 0u || rs_len != 2u * n) return PPK_ERR_DER;
    for (half = 0; half < 2u; half++) {
        const uint8_t *v = rs + half * n;
        size_t z = 0;
        while (z + 1u < n && v[z] == 0u) z++; /* minimal: at least one byte */
        skip[half] = z;
        body += der_tlv_size(n - z + ((v[z] & 0x80u) ? 1u : 0u));
    }
    if (der_tlv_size(body) > out_size) return PPK_ERR_BUFFER;
    der_put_header(out, &pos, TAG_SEQUENCE, body);
    for (half = 0; half < 2u; half++) {
        const uint8_t *v = rs + half * n + skip[half];
        size_t l = n - skip[half];
        int pad = (v[0] & 0x80u) != 0u;
        der_put_header(out, &pos, TAG_INTEGER, l + (size_t)pad);
        if (pad) out[pos++] = 0; /* positive (X.690 8.3.3) */
        put_bytes(out, &pos, v, l);
    }
    *out_len = pos;
    return PPK_OK;
}
