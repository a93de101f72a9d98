/*
 * test_cli_keyfile.c -- the picopsa tool's key file reader and writer
 * (programs/picopsa/keyfile.c): RFC 8410 10.3's Ed25519 keys parse and
 * re-encode to the same bytes; every DER and PEM defect the reader must
 * refuse is refused with the right status; an OpenSSL-made P-256 key
 * (PKCS#8, SEC1, SPKI) parses and re-encodes to OpenSSL's bytes, and the
 * EC structure defects (curve, parameters, point, lengths) are refused.
 * (ctest cli_keyfile.)
 */
#include <string.h>

#include "../../programs/picopsa/keyfile.c"
#include "test_util.h"

/* RFC 8410 10.3: the Ed25519 private key (PKCS#8) and its public key (SPKI). */
static const char rfc8410_priv_pem[] =
    "-----BEGIN PRIVATE KEY-----\n"
    "MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n"
    "-----END PRIVATE KEY-----\n";
static const char rfc8410_pub_pem[] =
    "-----BEGIN PUBLIC KEY-----\n"
    "MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n"
    "-----END PUBLIC KEY-----\n";
static const uint8_t rfc8410_seed[32] = {0xd4, 0xee, 0x72, 0xdb, 0xf9, 0x13, 0x58, 0x4a, 0xd5, 0xb6, 0xd8,
                                         0xf1, 0xf7, 0x69, 0xf8, 0xad, 0x3a, 0xfe, 0x7c, 0x28, 0xcb, 0xf1,
                                         0xd4, 0xfb, 0xe0, 0x97, 0xa8, 0x8f, 0x44, 0x75, 0x58, 0x42};

static uint8_t work[4096], out[4096], pem[8192];

static ppk_status read_str(const char *s, ppk_key *k)
{
    return ppk_read_key((const uint8_t *)s, strlen(s), work, sizeof(work), k);
}

static ppk_status read_der(const uint8_t *d, size_t n, ppk_key *k)
{
    return ppk_parse_der(d, n, PPK_PEM_NONE, k);
}

/* A PEM variant of the RFC 8410 private key with one line replaced. */
static ppk_status read_pem_body(const char *body)
{
    char buf[512];
    ppk_key k;
    strcpy(buf, "-----BEGIN PRIVATE KEY-----\n");
    strcat(buf, body);
    strcat(buf, "-----END PRIVATE KEY-----\n");
    return read_str(buf, &k);
}


/* An OpenSSL 3.0 P-256 key: `openssl genpkey -algorithm EC -pkeyopt
 * ec_paramgen_curve:P-256`, then `pkcs8 -topk8 -nocrypt -outform DER`,
 * `pkey -outform DER` (SEC1 ECPrivateKey) and `pkey -pubout -outform DER`. */
static const uint8_t ec_p8[138] = {
    0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02,
    0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x04, 0x6d, 0x30, 0x6b, 0x02,
    0x01, 0x01, 0x04, 0x20, 0x9f, 0xaa, 0x5c, 0xb0, 0x72, 0xd2, 0xed, 0x00, 0xd6, 0x0a, 0xd7, 0x10,
    0x08, 0x03, 0x72, 0xb2, 0x10, 0xb2, 0xf4, 0x7a, 0x34, 0x23, 0xe1, 0x88, 0xcd, 0xc3, 0xe8, 0xcc,
    0x96, 0xbb, 0x4c, 0x70, 0xa1, 0x44, 0x03, 0x42, 0x00, 0x04, 0x3e, 0x92, 0xfa, 0xd4, 0xc8, 0x14,
    0x5c, 0xf2, 0x6f, 0x05, 0xe1, 0x8e, 0xd7, 0xaa, 0x36, 0x38, 0x0a, 0x95, 0x91, 0xe8, 0xe5, 0x26,
    0xfa, 0x41, 0x16, 0x91, 0x3d, 0xf0, 0xd5, 0xd7, 0x71, 0xa5, 0x44, 0x21, 0xf6, 0xed, 0xfd, 0x9a,
    0xf2, 0xd3, 0x7d, 0x4c, 0x25, 0x09, 0xd4, 0x9a, 0x39, 0xe7, 0x10, 0x04, 0xfb, 0x52, 0x5d, 0xd1,
    0x65, 0x2e, 0x00, 0x2f, 0x52, 0x5a, 0x9d, 0xca, 0x82, 0x68,
};
static const uint8_t ec_sec1[121] = {
    0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20, 0x9f, 0xaa, 0x5c, 0xb0, 0x72, 0xd2, 0xed, 0x00, 0xd6,
    0x0a, 0xd7, 0x10, 0x08, 0x03, 0x72, 0xb2, 0x10, 0xb2, 0xf4, 0x7a, 0x34, 0x23, 0xe1, 0x88, 0xcd,
    0xc3, 0xe8, 0xcc, 0x96, 0xbb, 0x4c, 0x70, 0xa0, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d,
    0x03, 0x01, 0x07, 0xa1, 0x44, 0x03, 0x42, 0x00, 0x04, 0x3e, 0x92, 0xfa, 0xd4, 0xc8, 0x14, 0x5c,
    0xf2, 0x6f, 0x05, 0xe1, 0x8e, 0xd7, 0xaa, 0x36, 0x38, 0x0a, 0x95, 0x91, 0xe8, 0xe5, 0x26, 0xfa,
    0x41, 0x16, 0x91, 0x3d, 0xf0, 0xd5, 0xd7, 0x71, 0xa5, 0x44, 0x21, 0xf6, 0xed, 0xfd, 0x9a, 0xf2,
    0xd3, 0x7d, 0x4c, 0x25, 0x09, 0xd4, 0x9a, 0x39, 0xe7, 0x10, 0x04, 0xfb, 0x52, 0x5d, 0xd1, 0x65,
    0x2e, 0x00, 0x2f, 0x52, 0x5a, 0x9d, 0xca, 0x82, 0x68,
};
static const uint8_t ec_spki[91] = {
    0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a,
    0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00, 0x04, 0x3e, 0x92, 0xfa, 0xd4, 0xc8,
    0x14, 0x5c, 0xf2, 0x6f, 0x05, 0xe1, 0x8e, 0xd7, 0xaa, 0x36, 0x38, 0x0a, 0x95, 0x91, 0xe8, 0xe5,
    0x26, 0xfa, 0x41, 0x16, 0x91, 0x3d, 0xf0, 0xd5, 0xd7, 0x71, 0xa5, 0x44, 0x21, 0xf6, 0xed, 0xfd,
    0x9a, 0xf2, 0xd3, 0x7d, 0x4c, 0x25, 0x09, 0xd4, 0x9a, 0x39, 0xe7, 0x10, 0x04, 0xfb, 0x52, 0x5d,
    0xd1, 0x65, 0x2e, 0x00, 0x2f, 0x52, 0x5a, 0x9d, 0xca, 0x82, 0x68,
};

/* Offsets in the arrays above. */
#define P8_D 36   /* d in ec_p8 */
#define P8_Q 73   /* 0x04 || x || y in ec_p8 */
#define SEC1_D 7
#define SEC1_Q 56
#define SPKI_Q 26

/* SEQUENCE { SEQUENCE { id-ecPublicKey, params }, BIT STRING { 00 pt } } */
static size_t mk_spki(uint8_t *o, const uint8_t *params, size_t plen, const uint8_t *pt, size_t ptlen)
{
    size_t pos = 0, alg = der_tlv_size(sizeof(oid_ec_public_key)) + plen;
    der_put_header(o, &pos, TAG_SEQUENCE, der_tlv_size(alg) + der_tlv_size(ptlen + 1u));
    der_put_header(o, &pos, TAG_SEQUENCE, alg);
    der_put_header(o, &pos, TAG_OID, sizeof(oid_ec_public_key));
    put_bytes(o, &pos, oid_ec_public_key, sizeof(oid_ec_public_key));
    put_bytes(o, &pos, params, plen);
    der_put_header(o, &pos, TAG_BIT_STRING, ptlen + 1u);
    o[pos++] = 0;
    put_bytes(o, &pos, pt, ptlen);
    return pos;
}

/* ECPrivateKey { version, OCTET STRING d, [0] { ctx0 }, [1] { BIT STRING 00 q } }
 * (ctx0 / q omitted when their length is 0). */
static size_t mk_sec1(uint8_t *o, uint8_t version, const uint8_t *d, size_t dlen, const uint8_t *ctx0,
                      size_t c0len, const uint8_t *q, size_t qlen)
{
    size_t pos = 0, body = 3u + der_tlv_size(dlen);
    if (c0len) body += der_tlv_size(c0len);
    if (qlen) body += der_tlv_size(der_tlv_size(qlen + 1u));
    der_put_header(o, &pos, TAG_SEQUENCE, body);
    o[pos++] = TAG_INTEGER;
    o[pos++] = 1;
    o[pos++] = version;
    der_put_header(o, &pos, TAG_OCTET_STRING, dlen);
    put_bytes(o, &pos, d, dlen);
    if (c0len) {
        der_put_header(o, &pos, TAG_CTX0_CONS, c0len);
        put_bytes(o, &pos, ctx0, c0len);
    }
    if (qlen) {
        der_put_header(o, &pos, TAG_CTX1_CONS, der_tlv_size(qlen + 1u));
        der_put_header(o, &pos, TAG_BIT_STRING, qlen + 1u);
        o[pos++] = 0;
        put_bytes(o, &pos, q, qlen);
    }
    return pos;
}

/* PKCS#8 { 0, { id-ecPublicKey, params }, OCTET STRING { inner } } */
static size_t mk_p8(uint8_t *o, const uint8_t *params, size_t plen, const uint8_t *inner, size_t ilen)
{
    size_t pos = 0, alg = der_tlv_size(sizeof(oid_ec_public_key)) + plen;
    der_put_header(o, &pos, TAG_SEQUENCE, 3u + der_tlv_size(alg) + der_tlv_size(ilen));
    o[pos++] = TAG_INTEGER;
    o[pos++] = 1;
    o[pos++] = 0;
    der_put_header(o, &pos, TAG_SEQUENCE, alg);
    der_put_header(o, &pos, TAG_OID, sizeof(oid_ec_public_key));
    put_bytes(o, &pos, oid_ec_public_key, sizeof(oid_ec_public_key));
    put_bytes(o, &pos, params, plen);
    der_put_header(o, &pos, TAG_OCTET_STRING, ilen);
    put_bytes(o, &pos, inner, ilen);
    return pos;
}

static void test_ec(void)
{
    /* namedCurve prime256v1, secp256k1 (1.3.132.0.10), secp384r1 (1.3.132.0.34),
     * secp521r1 (1.3.132.0.35); implicitCurve NULL; a specifiedCurve SEQUENCE
     * (explicit parameters). */
    static const uint8_t p256[] = {0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07};
    static const uint8_t k1[] = {0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x0a};
    static const uint8_t p384[] = {0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x22};
    static const uint8_t p521[] = {0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x23};
    static const uint8_t implicit[] = {0x05, 0x00};
    static const uint8_t explicit_params[] = {0x30, 0x03, 0x02, 0x01, 0x01};
    static const uint8_t bad_tag[] = {0x04, 0x00};
    uint8_t d[600], e[600], q[65], q384[97];
    size_t n, m, i;
    ppk_key k;
    const uint8_t *dd = ec_p8 + P8_D, *qq = ec_p8 + P8_Q;

    /* OpenSSL's three forms parse to the same d and Q. */
    CHECK_STATUS(read_der(ec_p8, sizeof(ec_p8), &k), PPK_OK);
    CHECK(k.kind == PPK_EC_PRIVATE && k.form == PPK_FORM_PKCS8 && k.bits == 256 && k.material_len == 32);
    CHECK(k.material == dd && k.pub == qq && k.pub_len == 65);
    CHECK_STATUS(read_der(ec_sec1, sizeof(ec_sec1), &k), PPK_OK);
    CHECK(k.kind == PPK_EC_PRIVATE && k.form == PPK_FORM_SEC1 && k.bits == 256 && k.material_len == 32);
    CHECK_MEM(k.material, dd, 32);
    CHECK(k.pub_len == 65 && k.pub == ec_sec1 + SEC1_Q);
    CHECK_MEM(k.pub, qq, 65);
    CHECK_STATUS(read_der(ec_spki, sizeof(ec_spki), &k), PPK_OK);
    CHECK(k.kind == PPK_EC_PUBLIC && k.form == PPK_FORM_SPKI && k.bits == 256 && k.material_len == 65);
    CHECK_MEM(k.material, qq, 65);
    /* The writers give OpenSSL's bytes (private: d || Q). */
    memcpy(d, dd, 32);
    memcpy(d + 32, qq, 65);
    CHECK_STATUS(ppk_write_der(PPK_EC_PRIVATE, PPK_FORM_PKCS8, d, 97, out, sizeof(out), &n), PPK_OK);
    CHECK(n == sizeof(ec_p8) && memcmp(out, ec_p8, n) == 0);
    CHECK_STATUS(ppk_write_der(PPK_EC_PRIVATE, PPK_FORM_SEC1, d, 97, out, sizeof(out), &n), PPK_OK);
    CHECK(n == sizeof(ec_sec1) && memcmp(out, ec_sec1, n) == 0);
    CHECK_STATUS(ppk_write_der(PPK_EC_PUBLIC, PPK_FORM_SPKI, qq, 65, out, sizeof(out), &n), PPK_OK);
    CHECK(n == sizeof(ec_spki) && memcmp(out, ec_spki, n) == 0);
    CHECK(ppk_label_for(PPK_EC_PRIVATE, PPK_FORM_SEC1) == PPK_PEM_EC_PRIVATE_KEY);
    CHECK(ppk_label_for(PPK_EC_PRIVATE, PPK_FORM_PKCS8) == PPK_PEM_PRIVATE_KEY);
    CHECK(ppk_label_for(PPK_EC_PUBLIC, PPK_FORM_SPKI) == PPK_PEM_PUBLIC_KEY);
    /* d alone: no publicKey written, and none read back. */
    CHECK_STATUS(ppk_write_der(PPK_EC_PRIVATE, PPK_FORM_PKCS8, d, 32, out, sizeof(out), &n), PPK_OK);
    CHECK_STATUS(read_der(out, n, &k), PPK_OK);
    CHECK(k.pub == NULL && k.material_len == 32 && memcmp(k.material, dd, 32) == 0);
    CHECK_STATUS(ppk_write_der(PPK_EC_PRIVATE, PPK_FORM_SEC1, d, 32, out, sizeof(out), &n), PPK_OK);
    CHECK_STATUS(read_der(out, n, &k), PPK_OK);
    CHECK(k.pub == NULL && k.form == PPK_FORM_SEC1);
    /* Writer refusals: lengths no curve has, a public key without 0x04,
     * SEC1 for a public key, PKCS#1 for EC. */
    CHECK_STATUS(ppk_write_der(PPK_EC_PRIVATE, PPK_FORM_PKCS8, d, 31, out, sizeof(out), &n), PPK_ERR_DER);
    CHECK_STATUS(ppk_write_der(PPK_EC_PRIVATE, PPK_FORM_PKCS8, d, 96, out, sizeof(out), &n), PPK_ERR_DER);
    memcpy(q, qq, 65);
    q[0] = 0x05;
    CHECK_STATUS(ppk_write_der(PPK_EC_PUBLIC, PPK_FORM_SPKI, q, 65, out, sizeof(out), &n), PPK_ERR_DER);
    CHECK_STATUS(ppk_write_der(PPK_EC_PUBLIC, PPK_FORM_SEC1, qq, 65, out, sizeof(out), &n), PPK_ERR_UNSUPPORTED);
    CHECK_STATUS(ppk_write_der(PPK_EC_PRIVATE, PPK_FORM_PKCS1, d, 97, out, sizeof(out), &n), PPK_ERR_UNSUPPORTED);
    CHECK_STATUS(ppk_write_der(PPK_EC_PRIVATE, PPK_FORM_PKCS8, d, 97, out, sizeof(ec_p8) - 1u, &n), PPK_ERR_BUFFER);
    CHECK_STATUS(ppk_write_der(PPK_ED25519_PRIVATE, PPK_FORM_SEC1, d, 32, out, sizeof(out), &n), PPK_ERR_UNSUPPORTED);

    /* Truncated at every length, and a trailing byte: malformed DER. */
    for (i = 0; i < sizeof(ec_p8); i++) CHECK_STATUS(read_der(ec_p8, i, &k), PPK_ERR_DER);
    for (i = 0; i < sizeof(ec_sec1); i++) CHECK_STATUS(read_der(ec_sec1, i, &k), PPK_ERR_DER);
    for (i = 0; i < sizeof(ec_spki); i++) CHECK_STATUS(read_der(ec_spki, i, &k), PPK_ERR_DER);
    memcpy(e, ec_sec1, sizeof(ec_sec1));
    e[sizeof(ec_sec1)] = 0;
    CHECK_STATUS(read_der(e, sizeof(ec_sec1) + 1u, &k), PPK_ERR_DER);

    /* SPKI: the curve and the point. */
    CHECK_STATUS(read_der(e, mk_spki(e, p256, sizeof(p256), qq, 65), &k), PPK_OK);
    CHECK(memcmp(e, ec_spki, sizeof(ec_spki)) == 0);
    CHECK_STATUS(read_der(e, mk_spki(e, k1, sizeof(k1), qq, 65), &k), PPK_ERR_CURVE);
    CHECK_STATUS(read_der(e, mk_spki(e, p521, sizeof(p521), qq, 65), &k), PPK_ERR_CURVE);
    /* P-384: a 97-byte point (its value is psa_import_key's check); a
     * P-256-sized point or a compressed one under its OID is refused. */
    memset(q384, 0x5a, sizeof(q384));
    q384[0] = 0x04;
    CHECK_STATUS(read_der(e, mk_spki(e, p384, sizeof(p384), q384, 97), &k), PPK_OK);
    CHECK(k.kind == PPK_EC_PUBLIC && k.bits == 384 && k.material_len == 97 && memcmp(k.material, q384, 97) == 0);
    CHECK_STATUS(ppk_write_der(PPK_EC_PUBLIC, PPK_FORM_SPKI, q384, 97, d, sizeof(d), &n), PPK_OK);
    CHECK(n == mk_spki(e, p384, sizeof(p384), q384, 97) && memcmp(d, e, n) == 0);
    CHECK_STATUS(read_der(e, mk_spki(e, p384, sizeof(p384), qq, 65), &k), PPK_ERR_DER);
    q384[0] = 0x02;
    CHECK_STATUS(read_der(e, mk_spki(e, p384, sizeof(p384), q384, 49), &k), PPK_ERR_CURVE);
    CHECK_STATUS(read_der(e, mk_spki(e, implicit, sizeof(implicit), qq, 65), &k), PPK_ERR_CURVE);
    CHECK_STATUS(read_der(e, mk_spki(e, explicit_params, sizeof(explicit_params), qq, 65), &k), PPK_ERR_CURVE);
    CHECK_STATUS(read_der(e, mk_spki(e, bad_tag, sizeof(bad_tag), qq, 65), &k), PPK_ERR_DER);
    CHECK_STATUS(read_der(e, mk_spki(e, p256, 0, qq, 65), &k), PPK_ERR_DER); /* parameters absent */
    /* two parameters */
    memcpy(d, p256, sizeof(p256));
    memcpy(d + sizeof(p256), implicit, sizeof(implicit));
    CHECK_STATUS(read_der(e, mk_spki(e, d, sizeof(p256) + sizeof(implicit), qq, 65), &k), PPK_ERR_DER);
    /* a compressed point (02 || x) is refused as unsupported; other
     * prefixes and lengths as malformed */
    memcpy(q, qq, 33);
    q[0] = 0x02;
    CHECK_STATUS(read_der(e, mk_spki(e, p256, sizeof(p256), q, 33), &k), PPK_ERR_CURVE);
    q[0] = 0x04;
    CHECK_STATUS(read_der(e, mk_spki(e, p256, sizeof(p256), q, 33), &k), PPK_ERR_DER);
    CHECK_STATUS(read_der(e, mk_spki(e, p256, sizeof(p256), qq, 64), &k), PPK_ERR_DER);
    memcpy(q, qq, 65);
    q[0] = 0x06; /* hybrid form (X9.62) */
    CHECK_STATUS(read_der(e, mk_spki(e, p256, sizeof(p256), q, 65), &k), PPK_ERR_DER);
    /* nonzero unused bits */
    m = mk_spki(e, p256, sizeof(p256), qq, 65);
    e[SPKI_Q - 1] = 1;
    CHECK_STATUS(read_der(e, m, &k), PPK_ERR_DER);

    /* SEC1 ECPrivateKey. */
    {
        uint8_t ctx0[16];
        memcpy(ctx0, p256, sizeof(p256));
        CHECK_STATUS(read_der(e, mk_sec1(e, 1, dd, 32, ctx0, sizeof(p256), qq, 65), &k), PPK_OK);
        CHECK(memcmp(e, ec_sec1, sizeof(ec_sec1)) == 0);
        CHECK_STATUS(read_der(e, mk_sec1(e, 1, dd, 32, ctx0, sizeof(p256), NULL, 0), &k), PPK_OK);
        CHECK(k.pub == NULL);
        /* no [0]: the curve is unknown (RFC 5915 3: MUST be present) */
        CHECK_STATUS(read_der(e, mk_sec1(e, 1, dd, 32, NULL, 0, qq, 65), &k), PPK_ERR_DER);
        CHECK_STATUS(read_der(e, mk_sec1(e, 0, dd, 32, ctx0, sizeof(p256), qq, 65), &k), PPK_ERR_DER);
        CHECK_STATUS(read_der(e, mk_sec1(e, 2, dd, 32, ctx0, sizeof(p256), qq, 65), &k), PPK_ERR_DER);
        CHECK_STATUS(read_der(e, mk_sec1(e, 1, dd, 31, ctx0, sizeof(p256), qq, 65), &k), PPK_ERR_DER);
        memcpy(d, dd, 32);
        d[32] = 0;
        CHECK_STATUS(read_der(e, mk_sec1(e, 1, d, 33, ctx0, sizeof(p256), qq, 65), &k), PPK_ERR_DER);
        CHECK_STATUS(read_der(e, mk_sec1(e, 1, dd, 32, k1, sizeof(k1), qq, 65), &k), PPK_ERR_CURVE);
        CHECK_STATUS(read_der(e, mk_sec1(e, 1, dd, 32, explicit_params, sizeof(explicit_params), qq, 65), &k),
                     PPK_ERR_CURVE);
        CHECK_STATUS(read_der(e, mk_sec1(e, 1, dd, 32, implicit, sizeof(implicit), qq, 65), &k), PPK_ERR_CURVE);
        memcpy(q, qq, 33);
        q[0] = 0x03;
        CHECK_STATUS(read_der(e, mk_sec1(e, 1, dd, 32, ctx0, sizeof(p256), q, 33), &k), PPK_ERR_CURVE);
        /* the SEC1 DER under the PKCS#8 label and the reverse */
        CHECK_STATUS(ppk_parse_der(ec_sec1, sizeof(ec_sec1), PPK_PEM_PRIVATE_KEY, &k), PPK_ERR_MISMATCH);
        CHECK_STATUS(ppk_parse_der(ec_sec1, sizeof(ec_sec1), PPK_PEM_EC_PRIVATE_KEY, &k), PPK_OK);
        CHECK_STATUS(ppk_parse_der(ec_p8, sizeof(ec_p8), PPK_PEM_EC_PRIVATE_KEY, &k), PPK_ERR_MISMATCH);
        CHECK_STATUS(ppk_parse_der(ec_spki, sizeof(ec_spki), PPK_PEM_EC_PRIVATE_KEY, &k), PPK_ERR_MISMATCH);

        /* PKCS#8 around an ECPrivateKey: with [0] repeating the curve (some
         * writers add it), without [1]; a different curve in [0]. */
        m = mk_sec1(d, 1, dd, 32, ctx0, sizeof(p256), qq, 65);
        CHECK_STATUS(read_der(e, mk_p8(e, p256, sizeof(p256), d, m), &k), PPK_OK);
        CHECK(k.form == PPK_FORM_PKCS8 && k.pub_len == 65);
        m = mk_sec1(d, 1, dd, 32, NULL, 0, NULL, 0);
        CHECK_STATUS(read_der(e, mk_p8(e, p256, sizeof(p256), d, m), &k), PPK_OK);
        CHECK(k.pub == NULL && memcmp(k.material, dd, 32) == 0);
        m = mk_sec1(d, 1, dd, 32, NULL, 0, qq, 65);
        CHECK_STATUS(read_der(e, mk_p8(e, p256, sizeof(p256), d, m), &k), PPK_OK);
        CHECK(memcmp(e, ec_p8, sizeof(ec_p8)) == 0);
        CHECK_STATUS(read_der(e, mk_p8(e, k1, sizeof(k1), d, m), &k), PPK_ERR_CURVE);
        CHECK_STATUS(read_der(e, mk_p8(e, explicit_params, sizeof(explicit_params), d, m), &k), PPK_ERR_CURVE);
        CHECK_STATUS(read_der(e, mk_p8(e, p256, 0, d, m), &k), PPK_ERR_DER);
        m = mk_sec1(d, 1, dd, 32, k1, sizeof(k1), qq, 65);
        CHECK_STATUS(read_der(e, mk_p8(e, p256, sizeof(p256), d, m), &k), PPK_ERR_CURVE);
        ctx0[sizeof(p256) - 1u] = 0x08; /* 1.2.840.10045.3.1.8: not in the table */
        m = mk_sec1(d, 1, dd, 32, ctx0, sizeof(p256), qq, 65);
        CHECK_STATUS(read_der(e, mk_p8(e, p256, sizeof(p256), d, m), &k), PPK_ERR_CURVE);
        /* the privateKey not an ECPrivateKey */
        CHECK_STATUS(read_der(e, mk_p8(e, p256, sizeof(p256), dd, 32), &k), PPK_ERR_DER);
    }

    /* PEM: "EC PRIVATE KEY", and openssl ecparam -genkey's EC PARAMETERS
     * block before it. */
    {
        static const char params[] = "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n";
        size_t pl = strlen(params);
        memcpy(pem, params, pl);
        CHECK_STATUS(ppk_pem_encode(PPK_PEM_EC_PRIVATE_KEY, ec_sec1, sizeof(ec_sec1), pem + pl, sizeof(pem) - pl, &n),
                     PPK_OK);
        CHECK(memcmp(pem + pl, "-----BEGIN EC PRIVATE KEY-----\n", 31) == 0);
        CHECK_STATUS(ppk_read_key(pem + pl, n, work, sizeof(work), &k), PPK_OK);
        CHECK(k.form == PPK_FORM_SEC1 && k.pub_len == 65);
        CHECK_STATUS(ppk_read_key(pem, pl + n, work, sizeof(work), &k), PPK_OK);
        CHECK(k.form == PPK_FORM_SEC1 && memcmp(k.material, dd, 32) == 0);
        /* parameters alone: no key */
        CHECK_STATUS(ppk_read_key((const uint8_t *)params, pl, work, sizeof(work), &k), PPK_ERR_PEM);
        /* the SEC1 DER under "PRIVATE KEY" */
        CHECK_STATUS(ppk_pem_encode(PPK_PEM_PRIVATE_KEY, ec_sec1, sizeof(ec_sec1), pem, sizeof(pem), &n), PPK_OK);
        CHECK_STATUS(ppk_read_key(pem, n, work, sizeof(work), &k), PPK_ERR_MISMATCH);
    }
    /* Curve names (genpkey -pkeyopt ec_paramgen_curve:). */
    CHECK(ppk_ec_curve_by_name("P-256") != NULL && ppk_ec_curve_by_name("prime256v1") == ppk_ec_curve_by_name("p-256"));
    CHECK(ppk_ec_curve_by_name("secp256r1") == ppk_ec_curve_by_bits(256) && ppk_ec_curve_by_bits(256)->bits == 256);
    CHECK(ppk_ec_curve_by_name("P-384") == ppk_ec_curve_by_bits(384) && ppk_ec_curve_by_name("SECP384R1") == ppk_ec_curve_by_bits(384));
    CHECK(ppk_ec_curve_by_bits(384) != NULL && strcmp(ppk_ec_curve_by_bits(384)->sn, "secp384r1") == 0);
    CHECK(ppk_ec_curve_by_name("P-521") == NULL && ppk_ec_curve_by_name("P-25") == NULL && ppk_ec_curve_by_bits(521) == NULL);
    CHECK(strcmp(ppk_ec_curve_by_bits(256)->sn, "prime256v1") == 0);
}

/* HSS/LMS SPKI (RFC 9708 3-4): id-alg-hss-lms-hashsig, parameters absent,
 * the raw HSS key (52 or 60 bytes) in the BIT STRING; written back
 * identically; no private form. */
static void test_hss(void)
{
    static const uint8_t hdr[] = {0x30, 0x4e, 0x30, 0x0d, 0x06, 0x0b, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d,
                                  0x01, 0x09, 0x10, 0x03, 0x11, 0x03, 0x3d, 0x00};
    uint8_t der[128], out[128], pub[60];
    size_t n = 0, i;
    ppk_key k;
    for (i = 0; i < sizeof(pub); i++) pub[i] = (uint8_t)(i * 7u + 1u);
    memcpy(der, hdr, sizeof(hdr));
    memcpy(der + sizeof(hdr), pub, sizeof(pub));
    CHECK_STATUS(read_der(der, sizeof(hdr) + 60u, &k), PPK_OK);
    CHECK(k.kind == PPK_HSS_PUBLIC && k.form == PPK_FORM_SPKI && k.bits == 256 && k.material_len == 60);
    CHECK(memcmp(k.material, pub, 60) == 0);
    CHECK_STATUS(ppk_write_der(PPK_HSS_PUBLIC, PPK_FORM_SPKI, pub, 60, out, sizeof(out), &n), PPK_OK);
    CHECK(n == sizeof(hdr) + 60u && memcmp(out, der, n) == 0);
    CHECK(ppk_label_for(PPK_HSS_PUBLIC, PPK_FORM_SPKI) == PPK_PEM_PUBLIC_KEY);
    /* n = 24: 52 bytes. */
    CHECK_STATUS(ppk_write_der(PPK_HSS_PUBLIC, PPK_FORM_SPKI, pub, 52, out, sizeof(out), &n), PPK_OK);
    CHECK_STATUS(read_der(out, n, &k), PPK_OK);
    CHECK(k.kind == PPK_HSS_PUBLIC && k.bits == 192 && k.material_len == 52);
    /* Other lengths, a private form, a short buffer. */
    CHECK_STATUS(ppk_write_der(PPK_HSS_PUBLIC, PPK_FORM_SPKI, pub, 59, out, sizeof(out), &n), PPK_ERR_DER);
    CHECK_STATUS(ppk_write_der(PPK_HSS_PUBLIC, PPK_FORM_PKCS8, pub, 60, out, sizeof(out), &n), PPK_ERR_UNSUPPORTED);
    CHECK_STATUS(ppk_write_der(PPK_HSS_PUBLIC, PPK_FORM_SPKI, pub, 60, out, sizeof(hdr) + 59u, &n), PPK_ERR_BUFFER);
    /* Every truncation, and a trailing byte. */
    for (i = 0; i < sizeof(hdr) + 60u; i++) CHECK_STATUS(read_der(der, i, &k), PPK_ERR_DER);
    der[sizeof(hdr) + 60u] = 0;
    CHECK_STATUS(read_der(der, sizeof(hdr) + 61u, &k), PPK_ERR_DER);
    /* 59 key bytes (lengths adjusted). */
    der[1] = 0x4d;
    der[18] = 0x3c;
    CHECK_STATUS(read_der(der, sizeof(hdr) + 59u, &k), PPK_ERR_DER);
    /* NULL parameters: "MUST be absent" (RFC 9708 3). */
    memcpy(out, hdr, sizeof(hdr));
    out[1] = 0x50;
    out[3] = 0x0f;
    out[17] = 0x05;
    out[18] = 0x00;
    out[19] = 0x03;
    out[20] = 0x3d;
    out[21] = 0x00;
    memcpy(out + 22, pub, 60);
    CHECK_STATUS(read_der(out, 82, &k), PPK_ERR_DER);
}

/* ML-DSA (RFC 9881): Wycheproof mldsa_65_sign_seed_test.json's first
 * PKCS#8 key (seed 0x2a x 32, the [0] form) read and written back; an SPKI
 * of each set's length; the wrong lengths refused. */
static void test_mldsa(void)
{
    static const uint8_t p8[] = {0x30, 0x34, 0x02, 0x01, 0x00, 0x30, 0x0b, 0x06, 0x09, 0x60, 0x86, 0x48,
                                 0x01, 0x65, 0x03, 0x04, 0x03, 0x12, 0x04, 0x22, 0x80, 0x20};
    static uint8_t der[2700], out[2700], mat[32 + 2592];
    size_t n = 0, i;
    ppk_key k;
    memcpy(der, p8, sizeof(p8));
    memset(der + sizeof(p8), 0x2a, 32);
    CHECK_STATUS(read_der(der, sizeof(p8) + 32u, &k), PPK_OK);
    CHECK(k.kind == PPK_MLDSA_PRIVATE && k.form == PPK_FORM_PKCS8 && k.bits == 192 && k.material_len == 32);
    CHECK(k.material == der + sizeof(p8) && k.pub == NULL);
    memset(mat, 0x2a, 32);
    memset(mat + 32, 0x11, 1952);
    CHECK_STATUS(ppk_write_der(PPK_MLDSA_PRIVATE, PPK_FORM_PKCS8, mat, 32 + 1952, out, sizeof(out), &n), PPK_OK);
    CHECK(n == sizeof(p8) + 32u && memcmp(out, der, n) == 0);
    CHECK(ppk_label_for(PPK_MLDSA_PRIVATE, PPK_FORM_PKCS8) == PPK_PEM_PRIVATE_KEY);
    CHECK(ppk_label_for(PPK_MLDSA_PUBLIC, PPK_FORM_SPKI) == PPK_PEM_PUBLIC_KEY);
    for (i = 0; i < sizeof(p8) + 32u; i++) CHECK_STATUS(read_der(der, i, &k), PPK_ERR_DER);
    /* A 31-byte seed. */
    der[1] = 0x33;
    der[19] = 0x21;
    der[21] = 0x1f;
    CHECK_STATUS(read_der(der, sizeof(p8) + 31u, &k), PPK_ERR_DER);
    /* SPKI of each set: written from pk, read back. */
    {
        static const size_t bits[3] = {128, 192, 256}, pk_len[3] = {1312, 1952, 2592};
        for (i = 0; i < 3; i++) {
            CHECK(ppk_mldsa_pk_len(bits[i]) == pk_len[i] && ppk_mldsa_bits_by_pk_len(pk_len[i]) == bits[i]);
            CHECK_STATUS(ppk_write_der(PPK_MLDSA_PUBLIC, PPK_FORM_SPKI, mat + 32, pk_len[i], out, sizeof(out), &n), PPK_OK);
            CHECK_STATUS(read_der(out, n, &k), PPK_OK);
            CHECK(k.kind == PPK_MLDSA_PUBLIC && k.bits == bits[i] && k.material_len == pk_len[i]);
        }
        CHECK(ppk_mldsa_pk_len(255) == 0 && ppk_mldsa_bits_by_pk_len(1184) == 0);
        CHECK_STATUS(ppk_write_der(PPK_MLDSA_PUBLIC, PPK_FORM_SPKI, mat + 32, 1951, out, sizeof(out), &n), PPK_ERR_DER);
        CHECK_STATUS(ppk_write_der(PPK_MLDSA_PRIVATE, PPK_FORM_SPKI, mat, 32 + 1952, out, sizeof(out), &n),
                     PPK_ERR_UNSUPPORTED);
    }
}

/* ECDSA-Sig-Value <-> r || s. */
static void test_ecdsa_sig(void)
{
    /* RFC 6979 A.2.5 (P-256, SHA-256, "sample"): both top bits set, so
     * each INTEGER gets a 0x00 (X.690 8.3.3). */
    static const uint8_t rs[64] = {
        0xef, 0xd4, 0x8b, 0x2a, 0xac, 0xb6, 0xa8, 0xfd, 0x11, 0x40, 0xdd, 0x9c, 0xd4, 0x5e, 0x81, 0xd6,
        0x9d, 0x2c, 0x87, 0x7b, 0x56, 0xaa, 0xf9, 0x91, 0xc3, 0x4d, 0x0e, 0xa8, 0x4e, 0xaf, 0x37, 0x16,
        0xf7, 0xcb, 0x1c, 0x94, 0x2d, 0x65, 0x7c, 0x41, 0xd4, 0x36, 0xc7, 0xa1, 0xb6, 0xe2, 0x9f, 0x65,
        0xf3, 0xe9, 0x00, 0xdb, 0xb9, 0xaf, 0xf4, 0x06, 0x4d, 0xc4, 0xab, 0x2f, 0x84, 0x3a, 0xcd, 0xa8};
    uint8_t der[80], back[64], small[64], bad[80];
    size_t n = 0;
    CHECK_STATUS(ppk_ecdsa_sig_to_der(rs, 64, der, sizeof(der), &n), PPK_OK);
    CHECK(n == 72 && der[0] == 0x30 && der[1] == 70 && der[2] == 2 && der[3] == 33 && der[4] == 0 && der[37] == 2 &&
          der[38] == 33 && der[39] == 0);
    CHECK_STATUS(ppk_ecdsa_sig_from_der(der, n, 32, back, sizeof(back)), PPK_OK);
    CHECK_MEM(back, rs, 64);
    CHECK_STATUS(ppk_ecdsa_sig_to_der(rs, 64, der, 71, &n), PPK_ERR_BUFFER);
    CHECK_STATUS(ppk_ecdsa_sig_to_der(rs, 63, der, sizeof(der), &n), PPK_ERR_DER);
    CHECK_STATUS(ppk_ecdsa_sig_from_der(der, 72, 32, back, 63), PPK_ERR_BUFFER);
    /* Leading zero bytes are dropped (minimal), and restored on reading;
     * r = 0 is one zero byte (psa_verify_hash refuses it, not the parser). */
    memset(small, 0, sizeof(small));
    small[31] = 0x7f;
    small[33] = 0x80;
    CHECK_STATUS(ppk_ecdsa_sig_to_der(small, 64, der, sizeof(der), &n), PPK_OK);
    {
        static const uint8_t want[] = {0x30, 0x25, 0x02, 0x01, 0x7f, 0x02, 0x20, 0x00, 0x80};
        CHECK(n == 39 && memcmp(der, want, sizeof(want)) == 0);
    }
    CHECK_STATUS(ppk_ecdsa_sig_from_der(der, n, 32, back, sizeof(back)), PPK_OK);
    CHECK_MEM(back, small, 64);
    memset(small, 0, 32);
    CHECK_STATUS(ppk_ecdsa_sig_to_der(small, 64, der, sizeof(der), &n), PPK_OK);
    CHECK(der[2] == 2 && der[3] == 1 && der[4] == 0);
    CHECK_STATUS(ppk_ecdsa_sig_from_der(der, n, 32, back, sizeof(back)), PPK_OK);
    CHECK_MEM(back, small, 64);
    /* Refused: not minimal, negative, too long, empty, trailing bytes,
     * one INTEGER, three, every truncation, the raw r || s. */
    CHECK_STATUS(ppk_ecdsa_sig_to_der(rs, 64, der, sizeof(der), &n), PPK_OK);
    {
        static const uint8_t nonmin[] = {0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x01};
        static const uint8_t neg[] = {0x30, 0x06, 0x02, 0x01, 0x81, 0x02, 0x01, 0x01};
        static const uint8_t empty[] = {0x30, 0x05, 0x02, 0x00, 0x02, 0x01, 0x01};
        static const uint8_t one[] = {0x30, 0x03, 0x02, 0x01, 0x01};
        static const uint8_t three[] = {0x30, 0x09, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01};
        static const uint8_t ok[] = {0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01};
        size_t i;
        CHECK_STATUS(ppk_ecdsa_sig_from_der(ok, sizeof(ok), 32, back, sizeof(back)), PPK_OK);
        CHECK(back[31] == 1 && back[63] == 1 && back[0] == 0);
        CHECK_STATUS(ppk_ecdsa_sig_from_der(nonmin, sizeof(nonmin), 32, back, sizeof(back)), PPK_ERR_DER);
        CHECK_STATUS(ppk_ecdsa_sig_from_der(neg, sizeof(neg), 32, back, sizeof(back)), PPK_ERR_DER);
        CHECK_STATUS(ppk_ecdsa_sig_from_der(empty, sizeof(empty), 32, back, sizeof(back)), PPK_ERR_DER);
        CHECK_STATUS(ppk_ecdsa_sig_from_der(one, sizeof(one), 32, back, sizeof(back)), PPK_ERR_DER);
        CHECK_STATUS(ppk_ecdsa_sig_from_der(three, sizeof(three), 32, back, sizeof(back)), PPK_ERR_DER);
        for (i = 0; i < n; i++) CHECK_STATUS(ppk_ecdsa_sig_from_der(der, i, 32, back, sizeof(back)), PPK_ERR_DER);
        memcpy(bad, der, n);
        bad[n] = 0;
        CHECK_STATUS(ppk_ecdsa_sig_from_der(bad, n + 1u, 32, back, sizeof(back)), PPK_ERR_DER);
        CHECK_STATUS(ppk_ecdsa_sig_from_der(rs, 64, 32, back, sizeof(back)), PPK_ERR_DER);
        /* 33 value bytes: wider than the curve */
        memcpy(bad, der, n);
        bad[4] = 0x01;
        CHECK_STATUS(ppk_ecdsa_sig_from_der(bad, n, 32, back, sizeof(back)), PPK_ERR_DER);
        /* a curve of 31-byte coordinates cannot hold these */
        CHECK_STATUS(ppk_ecdsa_sig_from_der(der, n, 31, back, sizeof(back)), PPK_ERR_DER);
    }
}

int main(void)
{
    ppk_key k;
    size_t n = 0, m = 0;
    uint8_t der[64];
    size_t der_len = 0;
    ppk_pem_label label;

    /* Known keys, and the writers reproduce them byte for byte. */
    CHECK_STATUS(read_str(rfc8410_priv_pem, &k), PPK_OK);
    CHECK(k.kind == PPK_ED25519_PRIVATE && k.form == PPK_FORM_PKCS8 && k.material_len == 32);
    CHECK_MEM(k.material, rfc8410_seed, 32);
    CHECK_STATUS(ppk_write_der(k.kind, k.form, k.material, k.material_len, out, sizeof(out), &n), PPK_OK);
    CHECK_STATUS(ppk_pem_encode(PPK_PEM_PRIVATE_KEY, out, n, pem, sizeof(pem), &m), PPK_OK);
    CHECK(m == strlen(rfc8410_priv_pem) && memcmp(pem, rfc8410_priv_pem, m) == 0);
    CHECK_STATUS(read_str(rfc8410_pub_pem, &k), PPK_OK);
    CHECK(k.kind == PPK_ED25519_PUBLIC && k.form == PPK_FORM_SPKI && k.material_len == 32);
    CHECK_STATUS(ppk_write_der(k.kind, k.form, k.material, k.material_len, out, sizeof(out), &n), PPK_OK);
    CHECK_STATUS(ppk_pem_encode(PPK_PEM_PUBLIC_KEY, out, n, pem, sizeof(pem), &m), PPK_OK);
    CHECK(m == strlen(rfc8410_pub_pem) && memcmp(pem, rfc8410_pub_pem, m) == 0);
    /* CRLF line ends and text around the block are accepted (OpenSSL does). */
    CHECK_STATUS(read_str("junk\r\n-----BEGIN PRIVATE KEY-----\r\n"
                          "MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\r\n"
                          "-----END PRIVATE KEY-----\r\ntrailing text\n", &k), PPK_OK);

    /* DER defects, on the RFC 8410 private key's 48 bytes. */
    CHECK_STATUS(ppk_pem_decode((const uint8_t *)rfc8410_priv_pem, strlen(rfc8410_priv_pem), &label, der,
                                sizeof(der), &der_len), PPK_OK);
    CHECK(der_len == 48 && label == PPK_PEM_PRIVATE_KEY);
    {
        uint8_t d[64];
        size_t i;
        CHECK_STATUS(read_der(der, der_len, &k), PPK_OK);
        /* truncated at every length */
        for (i = 0; i < der_len; i++) CHECK_STATUS(read_der(der, i, &k), PPK_ERR_DER);
        /* a trailing byte */
        memcpy(d, der, der_len);
        d[der_len] = 0;
        CHECK_STATUS(read_der(d, der_len + 1, &k), PPK_ERR_DER);
        /* outer length in long form for a short length (30 81 2e): not minimal */
        d[0] = 0x30;
        d[1] = 0x81;
        d[2] = 0x2e;
        memcpy(d + 3, der + 2, der_len - 2);
        CHECK_STATUS(read_der(d, der_len + 1, &k), PPK_ERR_DER);
        /* indefinite length (BER) */
        memcpy(d, der, der_len);
        d[1] = 0x80;
        CHECK_STATUS(read_der(d, der_len, &k), PPK_ERR_DER);
        /* version 2 */
        memcpy(d, der, der_len);
        d[4] = 2;
        CHECK_STATUS(read_der(d, der_len, &k), PPK_ERR_DER);
        /* a different OID: Ed448 (1.3.101.113) is well-formed but unsupported */
        memcpy(d, der, der_len);
        d[11] = 0x71;
        CHECK_STATUS(read_der(d, der_len, &k), PPK_ERR_UNSUPPORTED);
        /* a 31-byte seed */
        memcpy(d, der, der_len);
        d[1] = 0x2d;
        d[15] = 0x21;
        d[17] = 0x1f;
        CHECK_STATUS(read_der(d, der_len - 1, &k), PPK_ERR_DER);
        /* the PKCS#8 DER under the wrong PEM label */
        CHECK_STATUS(ppk_parse_der(der, der_len, PPK_PEM_PUBLIC_KEY, &k), PPK_ERR_MISMATCH);
        CHECK_STATUS(ppk_parse_der(der, der_len, PPK_PEM_RSA_PRIVATE_KEY, &k), PPK_ERR_MISMATCH);
    }
    /* SPKI with nonzero unused bits in the BIT STRING */
    CHECK_STATUS(ppk_pem_decode((const uint8_t *)rfc8410_pub_pem, strlen(rfc8410_pub_pem), &label, der,
                                sizeof(der), &der_len), PPK_OK);
    der[11] = 1;
    CHECK_STATUS(read_der(der, der_len, &k), PPK_ERR_DER);
    der[11] = 0;
    /* Ed25519 with parameters (RFC 8410 3: MUST be absent) */
    {
        static const uint8_t with_null[] = {0x30, 0x2c, 0x30, 0x07, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x05, 0x00,
                                            0x03, 0x21, 0x00};
        uint8_t d[64];
        memcpy(d, with_null, sizeof(with_null));
        memcpy(d + sizeof(with_null), der + 12, 32);
        CHECK_STATUS(read_der(d, sizeof(with_null) + 32, &k), PPK_ERR_DER);
    }
    /* EncryptedPrivateKeyInfo shape: SEQUENCE { SEQUENCE {...}, OCTET STRING } */
    {
        static const uint8_t enc[] = {0x30, 0x0b, 0x30, 0x05, 0x06, 0x03, 0x2a, 0x03, 0x04, 0x04, 0x02, 0x00, 0x00};
        CHECK_STATUS(read_der(enc, sizeof(enc), &k), PPK_ERR_ENCRYPTED);
    }
    /* rsaEncryption without its NULL parameters */
    {
        static const uint8_t rsa_noparam[] = {0x30, 0x12, 0x30, 0x0b, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7,
                                              0x0d, 0x01, 0x01, 0x01, 0x03, 0x03, 0x00, 0x30, 0x00};
        CHECK_STATUS(read_der(rsa_noparam, sizeof(rsa_noparam), &k), PPK_ERR_DER);
    }

    /* PEM defects. */
    CHECK_STATUS(read_pem_body("MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n"), PPK_OK);
    CHECK_STATUS(read_pem_body("MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVh!\n"), PPK_ERR_PEM);
    CHECK_STATUS(read_pem_body("MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n\n"), PPK_ERR_PEM);
    CHECK_STATUS(read_pem_body("MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVh\n"), PPK_ERR_PEM);
    CHECK_STATUS(read_pem_body("MC4C=QAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n"), PPK_ERR_PEM);
    CHECK_STATUS(read_pem_body("Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00\n\nMC4C\n"), PPK_ERR_ENCRYPTED);
    CHECK_STATUS(read_pem_body("Comment: hello\n\nMC4C\n"), PPK_ERR_PEM);
    /* nonzero unused bits in the last quantum: "QR==" decodes like "QQ==" */
    {
        ppk_pem_label l;
        size_t dl;
        static const char ok[] = "-----BEGIN PUBLIC KEY-----\nQQ==\n-----END PUBLIC KEY-----\n";
        static const char bad[] = "-----BEGIN PUBLIC KEY-----\nQR==\n-----END PUBLIC KEY-----\n";
        static const char noend[] = "-----BEGIN PUBLIC KEY-----\nQQ==\n";
        static const char wrongend[] = "-----BEGIN PUBLIC KEY-----\nQQ==\n-----END PRIVATE KEY-----\n";
        static const char cert[] = "-----BEGIN CERTIFICATE-----\nQQ==\n-----END CERTIFICATE-----\n";
        CHECK_STATUS(ppk_pem_decode((const uint8_t *)ok, strlen(ok), &l, der, sizeof(der), &dl), PPK_OK);
        CHECK(dl == 1 && der[0] == 'A');
        CHECK_STATUS(ppk_pem_decode((const uint8_t *)bad, strlen(bad), &l, der, sizeof(der), &dl), PPK_ERR_PEM);
        CHECK_STATUS(ppk_pem_decode((const uint8_t *)noend, strlen(noend), &l, der, sizeof(der), &dl), PPK_ERR_PEM);
        CHECK_STATUS(ppk_pem_decode((const uint8_t *)wrongend, strlen(wrongend), &l, der, sizeof(der), &dl), PPK_ERR_PEM);
        CHECK_STATUS(ppk_pem_decode((const uint8_t *)cert, strlen(cert), &l, der, sizeof(der), &dl), PPK_ERR_UNSUPPORTED);
        /* output buffer too small */
        CHECK_STATUS(ppk_pem_decode((const uint8_t *)rfc8410_priv_pem, strlen(rfc8410_priv_pem), &l, der, 47, &dl),
                     PPK_ERR_BUFFER);
    }
    CHECK_STATUS(read_str("-----BEGIN ENCRYPTED PRIVATE KEY-----\nQQ==\n-----END ENCRYPTED PRIVATE KEY-----\n", &k),
                 PPK_ERR_ENCRYPTED);
    /* base64 writer: RFC 4648 10 test vectors */
    {
        static const char *const vec[7] = {"", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy"};
        size_t i, bl;
        for (i = 0; i < 7; i++) {
            CHECK_STATUS(ppk_base64_encode((const uint8_t *)"foobar", i, 0, out, sizeof(out), &bl), PPK_OK);
            CHECK(bl == strlen(vec[i]) && memcmp(out, vec[i], bl) == 0);
        }
    }
    test_ec();
    test_hss();
    test_mldsa();
    test_ecdsa_sig();
    return test_report("cli_keyfile");
}
