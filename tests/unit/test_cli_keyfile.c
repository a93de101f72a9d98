/*
 * test_cli_keyfile.c -- the picopsa tool's key file reader and writer
 * (programs/picopsa/keyfile.c): RFC 8410 10.3's Ed25519 keys parse and
 * re-encode to the same bytes; every DER and PEM defect the reader must
 * refuse is refused with the right status. (ctest cli_keyfile.)
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
    return test_report("cli_keyfile");
}
