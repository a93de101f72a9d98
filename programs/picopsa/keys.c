/*
 * keys.c -- `picopsa genpkey` and `picopsa pkey` (OpenSSL's genpkey and
 * pkey for Ed25519, X25519, RSA, EC P-256, P-384 and ML-KEM-512/768/1024 keys;
 * docs/cli.md).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <picopsa/config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Room for any key's DER and PEM (RSA-8192 PKCS#8 is under 5 KB DER). */
#define KEY_DER_MAX 8192u
#define KEY_PEM_MAX 12288u

/* Write a DER key to the sink as PEM or DER. pub: an EC private key's
 * public point, written in its ECPrivateKey as OpenSSL does (RFC 5915). */
static int write_key(cli_sink *out, ppk_kind kind, ppk_form form, const uint8_t *material, size_t len,
                     const uint8_t *pub, size_t pub_len, int der)
{
    static uint8_t derbuf[KEY_DER_MAX];
    static uint8_t pem[KEY_PEM_MAX];
    static uint8_t dq[2u * PSA_EXPORT_PUBLIC_KEY_MAX_SIZE];
    size_t der_len = 0, pem_len = 0;
    ppk_status st;
    /* OpenSSL 3.0 writes RSA and EC private keys in DER as PKCS#1
     * RSAPrivateKey / SEC1 ECPrivateKey (i2d_PrivateKey's "traditional"
     * form; PEM is PKCS#8): the same here, so scripts get the same bytes. */
    if (der && kind == PPK_RSA_PRIVATE) form = PPK_FORM_PKCS1;
    if (der && kind == PPK_EC_PRIVATE) form = PPK_FORM_SEC1;
    if ((kind == PPK_EC_PRIVATE || kind == PPK_MLKEM_PRIVATE || kind == PPK_MLDSA_PRIVATE) && pub != NULL) {
        /* d || Q, ML-KEM seed || ek, ML-DSA seed || pk (keyfile.h, ppk_write_der) */
        if (len + pub_len > sizeof(dq)) return cli_error("cannot encode the key: %s", ppk_strerror(PPK_ERR_BUFFER));
        memcpy(dq, material, len);
        memcpy(dq + len, pub, pub_len);
        material = dq;
        len += pub_len;
    }
    st = ppk_write_der(kind, form, material, len, derbuf, sizeof(derbuf), &der_len);
    cli_wipe(dq, sizeof(dq));
    if (st == PPK_OK && !der) st = ppk_pem_encode(ppk_label_for(kind, form), derbuf, der_len, pem, sizeof(pem), &pem_len);
    if (st != PPK_OK) {
        cli_wipe(derbuf, sizeof(derbuf));
        return cli_error("cannot encode the key: %s", ppk_strerror(st));
    }
    if (der) {
        cli_sink_write(out, derbuf, der_len);
    } else {
        cli_sink_write(out, pem, pem_len);
    }
    cli_wipe(derbuf, sizeof(derbuf));
    cli_wipe(pem, sizeof(pem));
    return 0;
}

/* OpenSSL's text layout: 4 spaces, 15 "xx:" per line, no colon after the
 * last byte. */
static void hex_block(cli_sink *s, const uint8_t *p, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) {
        if (i % 15u == 0u) cli_sink_printf(s, "    ");
        cli_sink_printf(s, "%02x%s", p[i], i + 1u == len ? "" : ":");
        if (i % 15u == 14u || i + 1u == len) cli_sink_printf(s, "\n");
    }
}

static size_t int_bits(const ppk_int *v)
{
    size_t i = 0, bits;
    uint8_t top;
    while (i < v->len && v->p[i] == 0u) i++;
    if (i == v->len) return 0;
    bits = (v->len - i) * 8u;
    for (top = v->p[i]; !(top & 0x80u); top = (uint8_t)(top << 1)) bits--;
    return bits;
}

/* "name: 65537 (0x10001)" for an integer of at most 8 bytes, else a block. */
static void print_int(cli_sink *s, const char *name, const ppk_int *v)
{
    if (v->len <= 8u) {
        unsigned long long x = 0;
        size_t i;
        for (i = 0; i < v->len; i++) x = (x << 8) | v->p[i];
        cli_sink_printf(s, "%s: %llu (0x%llx)\n", name, x, x);
        return;
    }
    cli_sink_printf(s, "%s:\n", name);
    hex_block(s, v->p, v->len);
}

/* pkey -text / -text_pub. material: PSA export of the key (private or
 * public); pub: the public export. */
static int print_text(cli_sink *s, ppk_kind kind, int public_only, const uint8_t *material, size_t len,
                      const uint8_t *pub, size_t pub_len)
{
    if (kind == PPK_MLKEM_PRIVATE || kind == PPK_MLKEM_PUBLIC) {
        /* The set from ek's length; the seed d || z, then ek. */
        size_t bits = pub_len == 800u ? 512u : pub_len == 1184u ? 768u : pub_len == 1568u ? 1024u : 0u;
        if (bits == 0u) return cli_error("cannot print the key");
        if (kind == PPK_MLKEM_PRIVATE && !public_only) {
            cli_sink_printf(s, "ML-KEM-%zu Private-Key:\nseed:\n", bits);
            hex_block(s, material, len);
        } else {
            cli_sink_printf(s, "ML-KEM-%zu Public-Key:\n", bits);
        }
        cli_sink_printf(s, "ek:\n");
        hex_block(s, pub, pub_len);
        return 0;
    }
    if (kind == PPK_MLDSA_PRIVATE || kind == PPK_MLDSA_PUBLIC) {
        /* The set from pk's length; the seed xi, then pk. */
        size_t bits = ppk_mldsa_bits_by_pk_len(pub_len);
        unsigned set = bits == 128u ? 44u : bits == 192u ? 65u : bits == 256u ? 87u : 0u;
        if (set == 0u) return cli_error("cannot print the key");
        if (kind == PPK_MLDSA_PRIVATE && !public_only) {
            cli_sink_printf(s, "ML-DSA-%u Private-Key:\nseed:\n", set);
            hex_block(s, material, len);
        } else {
            cli_sink_printf(s, "ML-DSA-%u Public-Key:\n", set);
        }
        cli_sink_printf(s, "pub:\n");
        hex_block(s, pub, pub_len);
        return 0;
    }
    if (kind == PPK_HSS_PUBLIC) {
        /* picopsa's own: OpenSSL 3.0 has no HSS. L and n from the key
         * (RFC 8554 6.1: u32str(L) || LMS type || ... || T[1] of n bytes). */
        if (pub_len < 4u) return cli_error("cannot print the key");
        cli_sink_printf(s, "HSS Public-Key: (L = %lu, n = %zu bytes)\npub:\n",
                        (unsigned long)pub[0] << 24 | (unsigned long)pub[1] << 16 | (unsigned long)pub[2] << 8 | pub[3],
                        pub_len - 28u);
        hex_block(s, pub, pub_len);
        return 0;
    }
    if (kind == PPK_EC_PRIVATE || kind == PPK_EC_PUBLIC) {
        /* OpenSSL 3's EC text (ec_to_text): d as the order's byte length,
         * the point as exported, then the curve's names. */
        const ppk_ec_curve *curve = ppk_ec_curve_by_bits(pub_len > 1u ? (pub_len - 1u) / 2u * 8u : 0u);
        if (curve == NULL) return cli_error("cannot print the key");
        if (kind == PPK_EC_PRIVATE && !public_only) {
            cli_sink_printf(s, "Private-Key: (%zu bit)\npriv:\n", curve->bits);
            hex_block(s, material, len);
        } else {
            cli_sink_printf(s, "Public-Key: (%zu bit)\n", curve->bits);
        }
        cli_sink_printf(s, "pub:\n");
        hex_block(s, pub, pub_len);
        cli_sink_printf(s, "ASN1 OID: %s\nNIST CURVE: %s\n", curve->sn, curve->nist_name);
        return 0;
    }
    if (kind == PPK_ED25519_PRIVATE || kind == PPK_ED25519_PUBLIC || kind == PPK_X25519_PRIVATE ||
        kind == PPK_X25519_PUBLIC) {
        const char *name = (kind == PPK_X25519_PRIVATE || kind == PPK_X25519_PUBLIC) ? "X25519" : "ED25519";
        if ((kind == PPK_ED25519_PRIVATE || kind == PPK_X25519_PRIVATE) && !public_only) {
            cli_sink_printf(s, "%s Private-Key:\npriv:\n", name);
            hex_block(s, material, len);
        } else {
            cli_sink_printf(s, "%s Public-Key:\n", name);
        }
        cli_sink_printf(s, "pub:\n");
        hex_block(s, pub, pub_len);
        return 0;
    }
    {
        static const char *const names[8] = {"modulus", "publicExponent", "privateExponent", "prime1",
                                              "prime2", "exponent1", "exponent2", "coefficient"};
        ppk_int ints[8];
        size_t count = 0, i;
        if (kind == PPK_RSA_PRIVATE && !public_only) {
            if (ppk_rsa_integers(material, len, ints, 8, &count) != PPK_OK || count != 8u) {
                return cli_error("cannot print the key");
            }
            cli_sink_printf(s, "Private-Key: (%zu bit, 2 primes)\n", int_bits(&ints[0]));
            for (i = 0; i < 8u; i++) print_int(s, names[i], &ints[i]);
        } else {
            if (ppk_rsa_integers(pub, pub_len, ints, 8, &count) != PPK_OK || count != 2u) {
                return cli_error("cannot print the key");
            }
            cli_sink_printf(s, "Public-Key: (%zu bit)\n", int_bits(&ints[0]));
            print_int(s, "Modulus", &ints[0]);
            print_int(s, "Exponent", &ints[1]);
        }
        cli_wipe(ints, sizeof(ints));
    }
    return 0;
}

/* Export a PSA key (private material when it has it, and public). */
static int export_key(psa_key_id_t id, int is_private, uint8_t *priv, size_t priv_size, size_t *priv_len,
                      uint8_t *pub, size_t pub_size, size_t *pub_len)
{
    psa_status_t st;
    *priv_len = 0;
    if (is_private) {
        st = psa_export_key(id, priv, priv_size, priv_len);
        if (st != PSA_SUCCESS) return cli_psa_error("psa_export_key", st);
    }
    st = psa_export_public_key(id, pub, pub_size, pub_len);
    if (st != PSA_SUCCESS) return cli_psa_error("psa_export_public_key", st);
    return 0;
}

static ppk_kind public_kind(ppk_kind k)
{
    return k == PPK_ED25519_PRIVATE ? PPK_ED25519_PUBLIC
           : k == PPK_RSA_PRIVATE   ? PPK_RSA_PUBLIC
           : k == PPK_X25519_PRIVATE ? PPK_X25519_PUBLIC
           : k == PPK_EC_PRIVATE     ? PPK_EC_PUBLIC
           : k == PPK_MLKEM_PRIVATE  ? PPK_MLKEM_PUBLIC
           : k == PPK_MLDSA_PRIVATE  ? PPK_MLDSA_PUBLIC
                                     : k;
}

/* ---- genpkey ---------------------------------------------------------------------- */

static const char genpkey_usage[] =
    "Usage: picopsa genpkey -algorithm ED25519|X25519|RSA|EC|ML-KEM-768|ML-DSA-65 [options]\n"
    "  -algorithm ALG    ED25519, X25519, RSA, EC, ML-KEM-512/768/1024 or ML-DSA-44/65/87\n"
    "  -pkeyopt OPT:VAL  rsa_keygen_bits:N (default 2048), rsa_keygen_pubexp:E (default 65537);\n"
    "                    EC: ec_paramgen_curve:P-256 (prime256v1) or P-384 (secp384r1),\n"
    "                    ec_param_enc:named_curve\n"
    "  -out FILE         output file (default stdout); private keys are created mode 0600\n"
    "  -outform PEM|DER  output format (default PEM); PEM is PKCS#8, DER is PKCS#8 for\n"
    "                    Ed25519, X25519 and ML-KEM (the 64-byte seed form), PKCS#1\n"
    "                    RSAPrivateKey for RSA and SEC1 ECPrivateKey for EC\n"
    "                    (as OpenSSL 3.0)\n"
    "  -text             also print the key in text form (PEM output only)\n"
    "  -outpubkey FILE   also write the public key (SubjectPublicKeyInfo, -outform)\n"
    "Key store (docs/cli.md): the key is kept as persistent PSA key N, used as id:N\n"
    "  -keyid N          store the key under id N (1..0x3fffffff); nothing is written\n"
    "                    unless -out, -text or -outpubkey is given\n"
    "  -exportable       allow the stored private key to be exported (-out, -text, pkey)\n"
    "  -pkeyopt rsa_padding_mode:pkcs1|pss|oaep  the stored RSA key's one use (PSA\n"
    "                    policy): PKCS#1 v1.5 signatures (default), PSS signatures, or\n"
    "                    OAEP with -pkeyopt rsa_oaep_md:NAME (default sha1)\n"
    "  -pkeyopt ec_key_use:ecdsa|ecdh  the stored EC key's one use: ECDSA signatures with\n"
    "                    any hash (default) or ECDH (pkeyutl -derive)\n";

/* Parse a decimal or 0x-hex unsigned number. */
static int parse_ulong(const char *s, unsigned long *out)
{
    char *end;
    errno = 0;
    if (*s == '\0' || *s == '-') return 0;
    *out = strtoul(s, &end, 0);
    return errno == 0 && *end == '\0';
}

int cmd_genpkey(int argc, char **argv)
{
    const char *alg = NULL, *out_path = NULL, *pub_path = NULL, *padding = NULL;
    const cli_digest *oaep_md = NULL;
    const ppk_ec_curve *curve = NULL;
    const char *ec_use = NULL;
    unsigned long bits = 2048, pubexp = 65537;
    int der = 0, text = 0, i, rc = 1, exportable = 0, write_priv;
    psa_key_id_t keyid = 0;
    cli_sink pubsink;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    psa_status_t st;
    ppk_kind kind;
    static uint8_t priv[KEY_DER_MAX], pub[KEY_DER_MAX];
    size_t priv_len = 0, pub_len = 0;
    cli_sink out;

    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            fputs(genpkey_usage, stdout);
            return 0;
        }
        if (i + 1 < argc && cli_is_opt(a, "algorithm")) {
            alg = argv[++i];
        } else if (i + 1 < argc && cli_is_opt(a, "out")) {
            out_path = argv[++i];
        } else if (i + 1 < argc && cli_is_opt(a, "outform")) {
            der = cli_parse_form(argv[++i]);
            if (der < 0) return cli_error("-outform: '%s' is not PEM or DER", argv[i]);
        } else if (i + 1 < argc && cli_is_opt(a, "outpubkey")) {
            pub_path = argv[++i];
        } else if (i + 1 < argc && cli_is_opt(a, "keyid")) {
            const char *v = argv[++i];
            if (!cli_parse_key_id(cli_is_key_ref(v) ? v + 3 : v, &keyid)) {
                return cli_error("-keyid %s: not a key id (1..0x3fffffff, decimal or 0x hex)", v);
            }
        } else if (cli_is_opt(a, "exportable")) {
            exportable = 1;
        } else if (i + 1 < argc && cli_is_opt(a, "pkeyopt")) {
            const char *o = argv[++i];
            if (strncmp(o, "rsa_padding_mode:", 17) == 0) {
                padding = o + 17;
                if (strcmp(padding, "pkcs1") != 0 && strcmp(padding, "pss") != 0 && strcmp(padding, "oaep") != 0) {
                    return cli_error("-pkeyopt %s: not pkcs1, pss or oaep", o);
                }
            } else if (strncmp(o, "rsa_oaep_md:", 12) == 0) {
                oaep_md = cli_digest_by_name(o + 12);
                if (oaep_md == NULL) return cli_error("-pkeyopt %s: unknown digest", o);
            } else if (strncmp(o, "rsa_keygen_bits:", 16) == 0) {
                if (!parse_ulong(o + 16, &bits)) return cli_error("-pkeyopt %s: not a number", o);
            } else if (strncmp(o, "rsa_keygen_pubexp:", 18) == 0) {
                if (!parse_ulong(o + 18, &pubexp)) return cli_error("-pkeyopt %s: not a number", o);
            } else if (strncmp(o, "ec_paramgen_curve:", 18) == 0 || strncmp(o, "group:", 6) == 0) {
                curve = ppk_ec_curve_by_name(strchr(o, ':') + 1);
                if (curve == NULL) return cli_error("-pkeyopt %s: curve not supported (P-256 / prime256v1, P-384 / secp384r1)", o);
            } else if (strncmp(o, "ec_param_enc:", 13) == 0) {
                /* Keys are written with the named curve (RFC 5480 2.1.1). */
                if (strcmp(o + 13, "named_curve") != 0) {
                    return cli_error("-pkeyopt %s: only named_curve (explicit parameters are not supported)", o);
                }
            } else if (strncmp(o, "ec_key_use:", 11) == 0) {
                ec_use = o + 11;
                if (strcmp(ec_use, "ecdsa") != 0 && strcmp(ec_use, "ecdh") != 0) {
                    return cli_error("-pkeyopt %s: not ecdsa or ecdh", o);
                }
            } else {
                return cli_error("-pkeyopt %s: unknown option (rsa_keygen_bits, rsa_keygen_pubexp, "
                                 "ec_paramgen_curve, ec_param_enc)", o);
            }
        } else if (cli_is_opt(a, "text")) {
            text = 1;
        } else if (cli_is_opt(a, "quiet")) {
            /* OpenSSL's progress dots are never printed. */
        } else {
            cli_error("unknown or incomplete option '%s'", a);
            fputs(genpkey_usage, stderr);
            return 1;
        }
    }
    if (alg == NULL) {
        cli_error("no -algorithm given");
        fputs(genpkey_usage, stderr);
        return 1;
    }
    if (strcasecmp(alg, "ED25519") == 0) {
        kind = PPK_ED25519_PRIVATE;
        psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS));
        psa_set_key_bits(&attr, 255);
    } else if (strcasecmp(alg, "X25519") == 0) {
        kind = PPK_X25519_PRIVATE;
        psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY));
        psa_set_key_bits(&attr, 255);
    } else if (strcasecmp(alg, "RSA") == 0) {
        kind = PPK_RSA_PRIVATE;
        if (bits > 65536u) return cli_error("rsa_keygen_bits:%lu: not supported", bits);
        psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
        psa_set_key_bits(&attr, (size_t)bits);
    } else if (strcasecmp(alg, "EC") == 0) {
        kind = PPK_EC_PRIVATE;
        if (curve == NULL) return cli_error("-algorithm EC needs -pkeyopt ec_paramgen_curve:P-256 or P-384");
        psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1));
        psa_set_key_bits(&attr, curve->bits);
    } else if (strncasecmp(alg, "ML-KEM-", 7) == 0 &&
               (strcmp(alg + 7, "512") == 0 || strcmp(alg + 7, "768") == 0 || strcmp(alg + 7, "1024") == 0)) {
        /* PQC extension 2.2.1: key_bits is the parameter set. */
        kind = PPK_MLKEM_PRIVATE;
        psa_set_key_type(&attr, PSA_KEY_TYPE_ML_KEM_KEY_PAIR);
        psa_set_key_bits(&attr, (size_t)strtoul(alg + 7, NULL, 10));
    } else if (strncasecmp(alg, "ML-DSA-", 7) == 0 &&
               (strcmp(alg + 7, "44") == 0 || strcmp(alg + 7, "65") == 0 || strcmp(alg + 7, "87") == 0)) {
        /* PQC extension 2.3.1: key_bits 128, 192, 256 name the set. */
        kind = PPK_MLDSA_PRIVATE;
        psa_set_key_type(&attr, PSA_KEY_TYPE_ML_DSA_KEY_PAIR);
        psa_set_key_bits(&attr, alg[7] == '4' ? 128u : alg[7] == '6' ? 192u : 256u);
    } else {
        return cli_error("-algorithm %s: not supported (ED25519, X25519, RSA, EC, ML-KEM-512, ML-KEM-768, "
                         "ML-KEM-1024, ML-DSA-44, ML-DSA-65 or ML-DSA-87)", alg);
    }
    if (curve != NULL && kind != PPK_EC_PRIVATE) return cli_error("ec_paramgen_curve is for -algorithm EC");
    if (ec_use != NULL && (kind != PPK_EC_PRIVATE || keyid == 0)) {
        return cli_error("ec_key_use is for a stored EC key (-algorithm EC -keyid N)");
    }
    if ((padding != NULL || oaep_md != NULL || exportable) && keyid == 0) {
        return cli_error("-exportable, rsa_padding_mode and rsa_oaep_md are for a stored key (-keyid)");
    }
    if ((padding != NULL || oaep_md != NULL) && kind != PPK_RSA_PRIVATE) {
        return cli_error("rsa_padding_mode and rsa_oaep_md are for RSA keys");
    }
    if (oaep_md != NULL && (padding == NULL || strcmp(padding, "oaep") != 0)) {
        return cli_error("rsa_oaep_md needs -pkeyopt rsa_padding_mode:oaep");
    }
    /* A stored key's private half leaves the store only when asked. */
    if (keyid != 0 && (out_path != NULL || text) && !exportable) {
        return cli_error("id:%lu: -out and -text write the private key: add -exportable, or use -outpubkey",
                         (unsigned long)keyid);
    }
    write_priv = keyid == 0 || out_path != NULL || text;
    if (cli_init()) return 1;
    if (keyid == 0) {
        psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_EXPORT);
    } else {
        /* Persistent (PSA 1.2 9.3); one policy per key (9.5): the uses the
         * tool's commands make of it. */
        psa_key_usage_t usage = exportable ? PSA_KEY_USAGE_EXPORT : 0u;
        psa_set_key_id(&attr, keyid);
        if (kind == PPK_ED25519_PRIVATE) {
            usage |= PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE;
            psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
        } else if (kind == PPK_MLDSA_PRIVATE) {
            /* pkeyutl -sign / -verify, hedged (PQC extension 2.3.2); the
             * deterministic variant is another policy. */
            usage |= PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE;
            psa_set_key_algorithm(&attr, PSA_ALG_ML_DSA);
        } else if (kind == PPK_MLKEM_PRIVATE) {
            /* pkeyutl -encap / -decap (PSA 1.3 10.10.2: ENCRYPT / DECRYPT). */
            usage |= PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT;
            psa_set_key_algorithm(&attr, PSA_ALG_ML_KEM);
        } else if (kind == PPK_X25519_PRIVATE || (kind == PPK_EC_PRIVATE && ec_use != NULL && strcmp(ec_use, "ecdh") == 0)) {
            usage |= PSA_KEY_USAGE_DERIVE; /* pkeyutl -derive (PSA 1.2 10.9.2) */
            psa_set_key_algorithm(&attr, PSA_ALG_ECDH);
        } else if (kind == PPK_EC_PRIVATE) {
            /* ECDSA with any hash (PSA 1.2 10.7.2, 9.5.3 wildcard). */
            usage |= PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH | PSA_KEY_USAGE_SIGN_MESSAGE |
                     PSA_KEY_USAGE_VERIFY_MESSAGE;
            psa_set_key_algorithm(&attr, PSA_ALG_ECDSA(PSA_ALG_ANY_HASH));
        } else if (padding != NULL && strcmp(padding, "oaep") == 0) {
            usage |= PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT;
            psa_set_key_algorithm(&attr, PSA_ALG_RSA_OAEP(oaep_md != NULL ? oaep_md->alg : PSA_ALG_SHA_1));
        } else {
            usage |= PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH | PSA_KEY_USAGE_SIGN_MESSAGE |
                     PSA_KEY_USAGE_VERIFY_MESSAGE;
            psa_set_key_algorithm(&attr, padding != NULL && strcmp(padding, "pss") == 0
                                             ? PSA_ALG_RSA_PSS(PSA_ALG_ANY_HASH)
                                             : PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_ANY_HASH));
        }
        psa_set_key_usage_flags(&attr, usage);
    }
    if (kind == PPK_RSA_PRIVATE) {
        /* The exponent as a big-endian integer (PSA 1.3 9.6.4 custom data). */
        uint8_t e[8];
        size_t n = 0, k;
        psa_custom_key_parameters_t custom = PSA_CUSTOM_KEY_PARAMETERS_INIT;
        for (k = 0; k < 8u; k++) {
            uint8_t b = (uint8_t)((unsigned long long)pubexp >> (56u - 8u * k));
            if (n == 0u && b == 0u) continue;
            e[n++] = b;
        }
        st = psa_generate_key_custom(&attr, &custom, e, n, &id);
    } else {
        st = psa_generate_key(&attr, &id);
    }
    if (st == PSA_ERROR_ALREADY_EXISTS) {
        return cli_error("id:%lu: a key with this id is already stored (picopsa storage delete %lu removes it)",
                         (unsigned long)keyid, (unsigned long)keyid);
    }
    if (keyid != 0 && st == PSA_ERROR_NOT_SUPPORTED && PICOPSA_ITS_BACKEND == PICOPSA_ITS_NONE) {
        return cli_error("id:%lu: this build has no key store (PICOPSA_ITS_BACKEND none)", (unsigned long)keyid);
    }
    if (st == PSA_ERROR_NOT_SUPPORTED || st == PSA_ERROR_INVALID_ARGUMENT) {
        if (kind != PPK_RSA_PRIVATE) return cli_error("%s: %s", alg, cli_psa_status_name(st));
        return cli_error("RSA key of %lu bits with exponent %lu: refused by psa_generate_key (%s; %d..%d bits, "
                         "even sizes, odd exponents >= 65537)", bits, pubexp, cli_psa_status_name(st), PICOPSA_RSA_MIN_BITS,
                         PICOPSA_RSA_MAX_BITS);
    }
    if (st != PSA_SUCCESS) return cli_psa_error("psa_generate_key", st);
    if (export_key(id, write_priv, priv, sizeof(priv), &priv_len, pub, sizeof(pub), &pub_len) == 0 &&
        (pub_path == NULL || cli_sink_open(&pubsink, pub_path, 0) == 0)) {
        rc = 0;
        if (pub_path != NULL) rc = write_key(&pubsink, public_kind(kind), PPK_FORM_SPKI, pub, pub_len, NULL, 0, der);
        if (rc == 0 && write_priv) {
            if (cli_sink_open(&out, out_path, 1) == 0) {
                rc = write_key(&out, kind, PPK_FORM_PKCS8, priv, priv_len, pub, pub_len, der);
                if (rc == 0 && text && !der) rc = print_text(&out, kind, 0, priv, priv_len, pub, pub_len);
                if (rc == 0) {
                    rc = cli_sink_commit(&out);
                } else {
                    cli_sink_abort(&out);
                }
            } else {
                rc = 1;
            }
        }
        if (pub_path != NULL) {
            if (rc == 0) {
                rc = cli_sink_commit(&pubsink);
            } else {
                cli_sink_abort(&pubsink);
            }
        }
    }
    cli_wipe(priv, sizeof(priv));
    /* A stored key stays only when every output was written. */
    if (keyid != 0 && rc == 0) {
        (void)psa_purge_key(id);
    } else {
        psa_destroy_key(id);
    }
    return rc;
}

/* ---- pkey ----------------------------------------------------------------------------- */

static const char pkey_usage[] =
    "Usage: picopsa pkey [options]\n"
    "  -in FILE          input key (default stdin): PKCS#8, PKCS#1 RSA PRIVATE KEY, SEC1\n"
    "                    EC PRIVATE KEY, SubjectPublicKeyInfo or PKCS#1 RSA PUBLIC KEY (ML-KEM:\n"
    "                    PKCS#8 with the seed, or seed and expandedKey); or id:N, the\n"
    "                    stored key N (its private key only if made -exportable)\n"
    "  -inform PEM|DER   input format (default: detected)\n"
    "  -pubin            the input is a public key\n"
    "  -out FILE         output file (default stdout)\n"
    "  -outform PEM|DER  output format (default PEM)\n"
    "  -pubout           write the public key (SubjectPublicKeyInfo)\n"
    "  -traditional      write an RSA private key as PKCS#1 (RSA PRIVATE KEY), an EC one\n"
    "                    as SEC1 (EC PRIVATE KEY)\n"
    "  -RSAPublicKey_out write the RSA public key as PKCS#1 (RSA PUBLIC KEY; openssl rsa's option)\n"
    "  -text             print the key's components in text form\n"
    "  -text_pub         print only the public components\n"
    "  -noout            do not write the key\n"
    "  -check            check the private key (prints \"Key is valid\")\n"
    "  -pubcheck         check the public key\n";

int cmd_pkey(int argc, char **argv)
{
    const char *in_path = NULL, *out_path = NULL, *inform = NULL;
    int der = 0, pubin = 0, pubout = 0, traditional = 0, text = 0, text_pub = 0, noout = 0;
    int check = 0, pubcheck = 0, rsapub_out = 0, i, rc = 1;
    cli_key key;
    psa_key_id_t id = 0;
    static uint8_t priv[KEY_DER_MAX], pub[KEY_DER_MAX];
    size_t priv_len = 0, pub_len = 0;
    cli_sink out;
    ppk_kind kind;

    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            fputs(pkey_usage, stdout);
            return 0;
        }
        if (i + 1 < argc && cli_is_opt(a, "in")) {
            in_path = argv[++i];
        } else if (i + 1 < argc && cli_is_opt(a, "out")) {
            out_path = argv[++i];
        } else if (i + 1 < argc && cli_is_opt(a, "inform")) {
            inform = argv[++i];
        } else if (i + 1 < argc && cli_is_opt(a, "outform")) {
            der = cli_parse_form(argv[++i]);
            if (der < 0) return cli_error("-outform: '%s' is not PEM or DER", argv[i]);
        } else if (cli_is_opt(a, "pubin")) {
            pubin = 1;
        } else if (cli_is_opt(a, "pubout")) {
            pubout = 1;
        } else if (cli_is_opt(a, "RSAPublicKey_out")) {
            rsapub_out = 1;
            pubout = 1;
        } else if (cli_is_opt(a, "traditional")) {
            traditional = 1;
        } else if (cli_is_opt(a, "text")) {
            text = 1;
        } else if (cli_is_opt(a, "text_pub")) {
            text_pub = 1;
        } else if (cli_is_opt(a, "noout")) {
            noout = 1;
        } else if (cli_is_opt(a, "check")) {
            check = 1;
        } else if (cli_is_opt(a, "pubcheck")) {
            pubcheck = 1;
        } else {
            cli_error("unknown or incomplete option '%s'", a);
            fputs(pkey_usage, stderr);
            return 1;
        }
    }
    if (cli_init()) return 1;
    if (cli_key_load(&key, in_path, inform, pubin)) return 1;
    kind = key.key.kind;
    if (check && !cli_key_is_private(&key)) {
        rc = cli_error("%s: -check needs a private key (use -pubcheck)", key.name);
        goto done;
    }
    /* psa_import_key runs the key checks (RSA: n = p*q, CRT values,
     * d e = 1 mod lambda(n) as far as the library checks; docs/rsa.md). */
    if (cli_key_import(&key, PSA_KEY_USAGE_EXPORT, 0, &id)) {
        if (check || pubcheck) fprintf(stderr, "Key is invalid\n");
        goto done;
    }
    {
        /* The private material is needed to write or print the private key;
         * a stored key gives it only with PSA_KEY_USAGE_EXPORT (genpkey
         * -keyid ... -exportable). */
        int need_priv = cli_key_is_private(&key) && ((!noout && !pubout) || (text && !text_pub && !pubout));
        if (need_priv && key.stored != 0 && !(key.stored_usage & PSA_KEY_USAGE_EXPORT)) {
            rc = cli_error("%s: the stored private key is not exportable (created without -exportable); -pubout "
                           "writes its public key", key.name);
            goto done;
        }
        if (key.stored == 0) need_priv = cli_key_is_private(&key);
        if (export_key(id, need_priv, priv, sizeof(priv), &priv_len, pub, sizeof(pub), &pub_len)) goto done;
    }
    if (cli_sink_open(&out, out_path, cli_key_is_private(&key) && !pubout && !noout)) goto done;
    rc = 0;
    if (check || pubcheck) cli_sink_printf(&out, "Key is valid\n");
    if (!noout) {
        if (pubout || !cli_key_is_private(&key)) {
            ppk_form form = rsapub_out && cli_key_is_rsa(&key) ? PPK_FORM_PKCS1 : PPK_FORM_SPKI;
            rc = write_key(&out, public_kind(kind), form, pub, pub_len, NULL, 0, der);
        } else {
            ppk_form form = (traditional && kind == PPK_RSA_PRIVATE) ? PPK_FORM_PKCS1
                            : (traditional && kind == PPK_EC_PRIVATE) ? PPK_FORM_SEC1
                                                                      : PPK_FORM_PKCS8;
            rc = write_key(&out, kind, form, priv, priv_len, pub, pub_len, der);
        }
    }
    if (rc == 0 && (text || text_pub)) {
        rc = print_text(&out, kind, text_pub || pubout || !cli_key_is_private(&key), priv, priv_len, pub, pub_len);
    }
    if (rc == 0) {
        rc = cli_sink_commit(&out);
    } else {
        cli_sink_abort(&out);
    }
done:
    cli_wipe(priv, sizeof(priv));
    cli_release_key(id);
    cli_key_free(&key);
    return rc;
}
