/*
 * keyfile.h -- strict, allocation-free reader and writer of the key file
 * formats OpenSSL uses, for the `picopsa` tool and for applications that
 * import a PEM key (examples/import_pem.c).
 *
 * Formats (read and written):
 *  - PKCS#8 PrivateKeyInfo / OneAsymmetricKey (RFC 5958), PEM "PRIVATE KEY";
 *  - PKCS#1 RSAPrivateKey (RFC 8017 A.1.2), PEM "RSA PRIVATE KEY";
 *  - SubjectPublicKeyInfo (RFC 5280 4.1.2.7), PEM "PUBLIC KEY";
 *  - PKCS#1 RSAPublicKey (RFC 8017 A.1.1), PEM "RSA PUBLIC KEY";
 *  - SEC1 ECPrivateKey (RFC 5915 3), PEM "EC PRIVATE KEY" (an "EC
 *    PARAMETERS" block before it, as `openssl ecparam -genkey` writes, is
 *    skipped);
 * for Ed25519 and X25519 (RFC 8410: OIDs 1.3.101.112 and 1.3.101.110, no
 * parameters), ML-KEM-512/768/1024 (the LAMPS ML-KEM document, draft-ietf-lamps-kyber-certificates:
 * id-alg-ml-kem-N, 2.16.840.1.101.3.4.4.1/2/3, no parameters; SPKI holds
 * ek, PKCS#8 the seed form [0] d || z, or both seed and expandedKey;
 * written as the seed form), ML-DSA-44/65/87 (RFC 9881: id-ml-dsa-N,
 * 2.16.840.1.101.3.4.3.17/18/19, no parameters; SPKI holds pk, PKCS#8 the
 * seed form [0] xi or seed and expandedKey; written as the seed form),
 * HSS/LMS public keys (RFC 9708 3-4, RFC 9802
 * 6: id-alg-hss-lms-hashsig, 1.2.840.113549.1.9.16.3.17, no parameters,
 * SPKI only: the HSS public key in the BIT STRING), rsaEncryption
 * (RFC 8017 A.1: OID 1.2.840.113549.1.1.1, NULL parameters) and EC keys
 * (RFC 5480 2.1.1: id-ecPublicKey 1.2.840.10045.2.1 with a namedCurve from
 * the curve table in keyfile.c: prime256v1 / P-256, 1.2.840.10045.3.1.7, and secp384r1 / P-384, 1.3.132.0.34;
 * implicit and explicit curve parameters and compressed points are
 * refused with PPK_ERR_CURVE). Encrypted
 * private keys (PEM "ENCRYPTED PRIVATE KEY", EncryptedPrivateKeyInfo, or a
 * PEM "Proc-Type: 4,ENCRYPTED" header) are recognised and refused with
 * PPK_ERR_ENCRYPTED: picopsa has no cipher yet.
 *
 * Contract:
 *  - No heap, no VLAs, no globals, no stdio: only <stddef.h>, <stdint.h>
 *    and memcpy/memcmp, like the library (the same rules apply).
 *  - Readers never read outside [in, in + len); results point into the
 *    caller's buffers (ppk_key.material is inside the DER given).
 *  - Constant time on private keys: ppk_pem_decode decodes base64 without
 *    a branch or a table index on a character, and the DER parse reads
 *    only tags, lengths, the algorithm fields (EC: the curve) and public
 *    points (an EC key's publicKey), never the private key material.
 *    Public: lengths, the armour and line structure, the padding, the
 *    verdict (keyfile.c's file comment; tests/ct/ct_keyfile.c).
 *  - Strict: DER definite minimal lengths, no trailing bytes, exact
 *    algorithm identifiers; PEM with a known label, a matching END line,
 *    canonical base64 (padding only at the end, zero unused bits). The RSA
 *    integers themselves are checked by psa_import_key (the library's DER
 *    reader is stricter than anything here could be).
 *  - ppk_key.material is the PSA import format (PSA 1.2 9.6.4/9.7):
 *    Ed25519 private: the 32-byte seed; Ed25519 public: the 32-byte point;
 *    X25519 private / public: the 32-byte scalar / u-coordinate (RFC 7748);
 *    RSA private: DER RSAPrivateKey; RSA public: DER RSAPublicKey;
 *    EC private: the scalar d, big-endian, exactly the curve's byte length
 *    (RFC 5915 3); EC public: the uncompressed point 0x04 || x || y (SEC 1
 *    2.3.3); ML-KEM private: the 64-byte seed d || z (PQC extension
 *    2.2.1); ML-KEM public: ek (FIPS 203 7.2 is psa_import_key's check);
 *    ML-DSA private: the 32-byte seed xi (PQC extension 2.3.1); ML-DSA
 *    public: pk (FIPS 204 7.2's pkEncode);
 *    HSS public: u32str(L) || LMS public key (RFC 8554 6.1; PQC
 *    extension 2.5.1's import format, checked by psa_import_key).
 *    Range of d and the point being on the curve are checked by
 *    psa_import_key (PSA 1.2 9.6.4, 9.7.4), like the RSA integers. An EC
 *    private key's optional publicKey (RFC 5915) is returned in ppk_key.pub
 *    for the caller to compare with the one psa_export_public_key gives.
 */
#ifndef PICOPSA_KEYFILE_H
#define PICOPSA_KEYFILE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    PPK_OK = 0,
    PPK_ERR_PEM,         /* PEM armour or base64 malformed */
    PPK_ERR_DER,         /* DER malformed, or not a key structure */
    PPK_ERR_ENCRYPTED,   /* an encrypted private key: not supported */
    PPK_ERR_UNSUPPORTED, /* well-formed, but not an Ed25519, X25519, RSA or EC key */
    PPK_ERR_MISMATCH,    /* PEM label disagrees with the DER inside */
    PPK_ERR_BUFFER,      /* output buffer too small */
    PPK_ERR_CURVE,       /* an EC key on a curve not in the table, explicit or
                          * implicit parameters, or a compressed point */
    PPK_ERR_NOSEED       /* an ML-KEM or ML-DSA private key as expandedKey only */
} ppk_status;

typedef enum {
    PPK_KIND_NONE = 0,
    PPK_ED25519_PRIVATE,
    PPK_ED25519_PUBLIC,
    PPK_RSA_PRIVATE,
    PPK_RSA_PUBLIC,
    PPK_X25519_PRIVATE, /* RFC 8410 id-X25519 (1.3.101.110) */
    PPK_X25519_PUBLIC,
    PPK_EC_PRIVATE,     /* RFC 5480 id-ecPublicKey, a curve of the table */
    PPK_EC_PUBLIC,
    PPK_MLKEM_PRIVATE,  /* id-alg-ml-kem-512/768/1024, 2.16.840.1.101.3.4.4.1/2/3 */
    PPK_MLKEM_PUBLIC,
    PPK_HSS_PUBLIC,     /* id-alg-hss-lms-hashsig, 1.2.840.113549.1.9.16.3.17 (SPKI only) */
    PPK_MLDSA_PRIVATE,  /* id-ml-dsa-44/65/87, 2.16.840.1.101.3.4.3.17/18/19 */
    PPK_MLDSA_PUBLIC
} ppk_kind;

/* The structure a key was found in (and can be written as). */
typedef enum {
    PPK_FORM_PKCS8 = 1, /* PrivateKeyInfo */
    PPK_FORM_PKCS1,     /* RSAPrivateKey or RSAPublicKey */
    PPK_FORM_SPKI,      /* SubjectPublicKeyInfo */
    PPK_FORM_SEC1       /* ECPrivateKey (RFC 5915), "EC PRIVATE KEY" */
} ppk_form;

/* PEM block labels this module knows. */
typedef enum {
    PPK_PEM_NONE = 0,
    PPK_PEM_PRIVATE_KEY,           /* "PRIVATE KEY" */
    PPK_PEM_RSA_PRIVATE_KEY,       /* "RSA PRIVATE KEY" */
    PPK_PEM_PUBLIC_KEY,            /* "PUBLIC KEY" */
    PPK_PEM_RSA_PUBLIC_KEY,        /* "RSA PUBLIC KEY" */
    PPK_PEM_ENCRYPTED_PRIVATE_KEY, /* "ENCRYPTED PRIVATE KEY" */
    PPK_PEM_EC_PRIVATE_KEY         /* "EC PRIVATE KEY" */
} ppk_pem_label;

typedef struct {
    ppk_kind kind;
    ppk_form form;
    const uint8_t *material; /* PSA import format, inside the DER */
    size_t material_len;
    const uint8_t *pub;      /* EC private: the optional publicKey point, or NULL;
                              * ML-KEM / ML-DSA private: the expandedKey of
                              * the "both" form (secret), or NULL */
    size_t pub_len;
    size_t bits;             /* EC: the curve's size (256); ML-KEM: the parameter
                              * set (512, 768, 1024); ML-DSA: PSA's key_bits
                              * (128, 192, 256); HSS: n in bits (192, 256);
                              * else 0 */
} ppk_key;

/* ML-KEM: ek's length for a parameter set (800, 1184, 1568; 0 for another). */
size_t ppk_mlkem_ek_len(size_t bits);
/* ML-DSA: pk's length for PSA's key_bits (128, 192, 256 for ML-DSA-44,
 * -65, -87: 1312, 1952, 2592; 0 for another), and the reverse. */
size_t ppk_mldsa_pk_len(size_t bits);
size_t ppk_mldsa_bits_by_pk_len(size_t pk_len);

/* The EC curves this module reads and writes (one row each in keyfile.c's
 * table): names as OpenSSL prints them, size. */
typedef struct {
    const char *nist_name; /* "P-256" */
    const char *sn;        /* "prime256v1" (OpenSSL's short name) */
    size_t bits;           /* 256 */
} ppk_ec_curve;
/* The curve of a size (NULL: not in the table). */
const ppk_ec_curve *ppk_ec_curve_by_bits(size_t bits);
/* By OpenSSL's names: "P-256", "prime256v1", "secp256r1" (case-insensitive). */
const ppk_ec_curve *ppk_ec_curve_by_name(const char *name);

/* A short, constant English description of a status ("malformed DER"). */
const char *ppk_strerror(ppk_status status);

/* Nonzero when the input looks like PEM (has a "-----BEGIN " line) and is
 * not one DER SEQUENCE covering the whole input (checked first, from the
 * tag and length bytes only: a DER key is not scanned as text). */
int ppk_is_pem(const uint8_t *in, size_t len);

/* Decode the first PEM block of in[0..len) into der (der_size bytes; der
 * must not overlap in). Text before the BEGIN line and after the END line
 * is ignored, as OpenSSL does. *label gets the block's label. */
ppk_status ppk_pem_decode(const uint8_t *in, size_t len, ppk_pem_label *label,
                          uint8_t *der, size_t der_size, size_t *der_len);

/* Parse a DER key structure. expected: the PEM label it came under, or
 * PPK_PEM_NONE for bare DER (any of the four structures). */
ppk_status ppk_parse_der(const uint8_t *der, size_t len, ppk_pem_label expected, ppk_key *key);

/* PEM or DER (ppk_is_pem decides), decoded into work when PEM: the usual
 * entry point. key->material then points into work (PEM) or in (DER). */
ppk_status ppk_read_key(const uint8_t *in, size_t len, uint8_t *work, size_t work_size, ppk_key *key);

/* The INTEGERs of an RSAPrivateKey or RSAPublicKey (content bytes, in
 * order: n e [d p q dp dq qinv] after the version), for printing. */
typedef struct {
    const uint8_t *p;
    size_t len;
} ppk_int;
ppk_status ppk_rsa_integers(const uint8_t *der, size_t len, ppk_int *ints, size_t max, size_t *count);

/* ECDSA signatures (public data): PSA's r || s, each coordinate of the
 * curve's byte length (PSA 1.2 10.7.2), to and from the DER
 * ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER } (RFC 5480 / SEC 1
 * C.8) OpenSSL writes. The reader is strict: minimal positive INTEGERs no
 * longer than coord_len bytes, nothing trailing; the values' range is
 * psa_verify_hash's to check. rs gets 2 * coord_len bytes. */
ppk_status ppk_ecdsa_sig_to_der(const uint8_t *rs, size_t rs_len, uint8_t *out, size_t out_size, size_t *out_len);
ppk_status ppk_ecdsa_sig_from_der(const uint8_t *der, size_t len, size_t coord_len, uint8_t *rs, size_t rs_size);

/* Encode a key given in PSA format as DER:
 *  private kinds: PPK_FORM_PKCS8, or PPK_FORM_PKCS1 for RSA, or
 *  PPK_FORM_SEC1 for EC;
 *  public kinds: PPK_FORM_SPKI, or PPK_FORM_PKCS1 for RSA.
 * EC private material may be d alone or d || Q (Q the uncompressed public
 * point): with Q the ECPrivateKey carries its [1] publicKey, as OpenSSL
 * writes it. The curve follows from the length (the table's sizes).
 * ML-KEM private material is seed || ek (ek's length names the set; only
 * the seed is written, PKCS#8 only); ML-KEM public material is ek. */
ppk_status ppk_write_der(ppk_kind kind, ppk_form form, const uint8_t *material, size_t material_len,
                         uint8_t *out, size_t out_size, size_t *out_len);

/* The PEM label for a kind written in a form. */
ppk_pem_label ppk_label_for(ppk_kind kind, ppk_form form);

/* PEM armour: BEGIN line, base64 in 64-character lines, END line, each
 * ending in "\n". */
ppk_status ppk_pem_encode(ppk_pem_label label, const uint8_t *der, size_t der_len,
                          uint8_t *out, size_t out_size, size_t *out_len);

/* Base64 (RFC 4648 4), lines of line_len characters each ending "\n"
 * (line_len 0: one line, no newline). */
ppk_status ppk_base64_encode(const uint8_t *in, size_t len, size_t line_len,
                             uint8_t *out, size_t out_size, size_t *out_len);

/* Bytes ppk_base64_encode writes for len input bytes. */
size_t ppk_base64_encoded_size(size_t len, size_t line_len);

/* Lowercase hex of len bytes into out (2 * len bytes, no NUL), without a
 * branch or a table lookup on the bytes (they may be secret). */
void ppk_hex_encode(const uint8_t *in, size_t len, uint8_t *out);

#ifdef __cplusplus
}
#endif

#endif /* PICOPSA_KEYFILE_H */
