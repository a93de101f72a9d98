/*
 * dgst.c -- `picopsa dgst`: hashes and HMACs of files in OpenSSL's output
 * format ("SHA2-256(file)= hex", "-r": "hex *file"), and OpenSSL dgst's
 * -sign / -verify / -prverify with RSA and EC keys (docs/cli.md; EC:
 * PSA_ALG_ECDSA(h), DER ECDSA-Sig-Value signatures as OpenSSL's).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char dgst_usage[] =
    "Usage: picopsa dgst [-sha1|-sha224|-sha256|-sha384|-sha512|-sha512-224|-sha512-256] [options] [FILE...]\n"
    "  -hmac KEY          HMAC with the key given as a string\n"
    "  -r                 coreutils format: \"hex *file\"\n"
    "  -hex / -binary     output hex (default) or raw bytes\n"
    "  -out FILE          output file (default stdout)\n"
    "  -sign FILE         sign the digest with this private RSA or EC key (binary signature;\n"
    "                     EC: DER ECDSA-Sig-Value);\n"
    "                     FILE may be id:N, a stored key\n"
    "  -verify FILE       verify -signature with this public key (\"Verified OK\")\n"
    "  -prverify FILE     verify with a private key\n"
    "  -signature FILE    the signature to verify\n"
    "  -keyform PEM|DER   key format (default: detected)\n"
    "  -sigopt rsa_padding_mode:pkcs1|pss, -sigopt rsa_pss_saltlen:digest|auto|N\n"
    "Without FILE, standard input is read (named \"stdin\").\n";

typedef struct {
    int is_mac;
    psa_hash_operation_t hash;
    psa_mac_operation_t mac;
} digest_op;

/* Hash or HMAC one file, streamed. Returns 0 or 1 after a message. */
static int digest_file(const char *path, const cli_digest *d, psa_key_id_t mac_key, uint8_t *out, size_t *out_len)
{
    static uint8_t buf[65536];
    const char *name = path != NULL ? path : "stdin";
    FILE *f = path != NULL ? fopen(path, "rb") : stdin;
    digest_op op;
    psa_status_t st;
    size_t got;
    int rc = 0;
    if (f == NULL) return cli_error("%s: %s", name, strerror(errno));
    memset(&op, 0, sizeof(op));
    op.is_mac = mac_key != 0;
    if (op.is_mac) {
        op.mac = psa_mac_operation_init();
        st = psa_mac_sign_setup(&op.mac, mac_key, PSA_ALG_HMAC(d->alg));
    } else {
        op.hash = psa_hash_operation_init();
        st = psa_hash_setup(&op.hash, d->alg);
    }
    if (st != PSA_SUCCESS) {
        if (path != NULL) fclose(f);
        if (st == PSA_ERROR_NOT_SUPPORTED) return cli_error("%s: not supported by this build", d->option);
        return cli_psa_error(d->option, st);
    }
    while (st == PSA_SUCCESS && (got = fread(buf, 1, sizeof(buf), f)) > 0) {
        st = op.is_mac ? psa_mac_update(&op.mac, buf, got) : psa_hash_update(&op.hash, buf, got);
    }
    if (ferror(f)) rc = cli_error("%s: read error", name);
    if (path != NULL) fclose(f);
    if (st == PSA_SUCCESS) {
        st = op.is_mac ? psa_mac_sign_finish(&op.mac, out, PSA_HASH_MAX_SIZE, out_len)
                       : psa_hash_finish(&op.hash, out, PSA_HASH_MAX_SIZE, out_len);
    }
    if (op.is_mac) {
        psa_mac_abort(&op.mac);
    } else {
        psa_hash_abort(&op.hash);
    }
    if (rc == 0 && st != PSA_SUCCESS) rc = cli_psa_error(name, st);
    return rc;
}

/* HMAC key from the -hmac string: a key longer than the hash's block is
 * replaced by its hash (RFC 2104 2, as every HMAC does); the empty key
 * equals one zero byte (both pad to a block of zeros). */
static int import_hmac_key(const cli_digest *d, const char *text, psa_key_id_t *id)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    uint8_t hashed[PSA_HASH_MAX_SIZE];
    const uint8_t *k = (const uint8_t *)text;
    size_t len = strlen(text), block = PSA_HASH_BLOCK_LENGTH(d->alg);
    static const uint8_t zero = 0;
    psa_status_t st;
    if (len > block) {
        st = psa_hash_compute(d->alg, k, len, hashed, sizeof(hashed), &len);
        if (st != PSA_SUCCESS) return cli_psa_error("-hmac", st);
        k = hashed;
    } else if (len == 0u) {
        k = &zero;
        len = 1;
    }
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_HMAC(d->alg));
    st = psa_import_key(&attr, k, len, id);
    cli_wipe(hashed, sizeof(hashed));
    if (st != PSA_SUCCESS) return cli_psa_error("-hmac key", st);
    return 0;
}

int cmd_dgst(int argc, char **argv)
{
    const cli_digest *d = NULL;
    const char *hmac = NULL, *out_path = NULL, *sign = NULL, *verify = NULL, *sigfile = NULL, *keyform = NULL;
    const char *saltlen = NULL, *default_label = NULL;
    int coreutils = 0, binary = 0, prverify = 0, pss = 0, i, rc = 0, nfiles = 0;
    char **files;
    psa_key_id_t mac_key = 0, sig_key = 0;
    uint8_t md[PSA_HASH_MAX_SIZE];
    size_t md_len = 0;
    cli_sink out;

    files = (char **)calloc((size_t)argc + 1u, sizeof(*files));
    if (files == NULL) return cli_error("out of memory");
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        if (a[0] != '-' || strcmp(a, "-") == 0) {
            files[nfiles++] = argv[i];
            continue;
        }
        if (cli_is_help(a)) {
            fputs(dgst_usage, stdout);
            free(files);
            return 0;
        }
        if (cli_is_opt(a, "r")) coreutils = 1;
        else if (cli_is_opt(a, "hex")) binary = 0;
        else if (cli_is_opt(a, "binary")) binary = 1;
        else if (has && cli_is_opt(a, "hmac")) hmac = argv[++i];
        else if (has && cli_is_opt(a, "out")) out_path = argv[++i];
        else if (has && cli_is_opt(a, "sign")) sign = argv[++i];
        else if (has && cli_is_opt(a, "verify")) verify = argv[++i];
        else if (has && cli_is_opt(a, "prverify")) {
            verify = argv[++i];
            prverify = 1;
        } else if (has && cli_is_opt(a, "signature")) sigfile = argv[++i];
        else if (has && cli_is_opt(a, "keyform")) keyform = argv[++i];
        else if (has && cli_is_opt(a, "sigopt")) {
            const char *o = argv[++i];
            if (strcmp(o, "rsa_padding_mode:pss") == 0) pss = 1;
            else if (strcmp(o, "rsa_padding_mode:pkcs1") == 0) pss = 0;
            else if (strncmp(o, "rsa_pss_saltlen:", 16) == 0) saltlen = o + 16;
            else {
                free(files);
                return cli_error("-sigopt %s: not supported", o);
            }
        } else if (a[1] != '-' && cli_digest_by_name(a + 1) != NULL) {
            d = cli_digest_by_name(a + 1);
        } else {
            free(files);
            cli_error("unknown or incomplete option '%s'", a);
            fputs(dgst_usage, stderr);
            return 1;
        }
    }
    /* OpenSSL 3.0 names its default digest "SHA256" in the output, an
     * explicit -sha256 "SHA2-256": do the same. */
    if (d == NULL) {
        d = cli_digest_by_alg(PSA_ALG_SHA_256);
        default_label = "SHA256";
    }
    if ((sign != NULL || verify != NULL) && (hmac != NULL || nfiles > 1)) {
        free(files);
        return cli_error("-sign/-verify take one input and no -hmac");
    }
    if (verify != NULL && sigfile == NULL) {
        free(files);
        return cli_error("-verify needs -signature");
    }
    if (cli_init()) {
        free(files);
        return 1;
    }
    if (hmac != NULL && import_hmac_key(d, hmac, &mac_key)) {
        free(files);
        return 1;
    }
    if (sign != NULL || verify != NULL) {
        cli_key key;
        psa_algorithm_t alg = 0;
        size_t ec_bits;
        int hlen = (int)PSA_HASH_LENGTH(d->alg);
        if (cli_key_load(&key, sign != NULL ? sign : verify, keyform, verify != NULL && !prverify)) {
            free(files);
            return 1;
        }
        if (cli_key_is_x25519(&key)) {
            rc = cli_error("%s: X25519 keys do not sign (pkeyutl -derive)", key.name);
        } else if (!cli_key_is_rsa(&key) && !cli_key_is_ec(&key)) {
            rc = cli_error("%s: Ed25519 signs messages, not digests: use pkeyutl -sign -rawin", key.name);
        } else if (sign != NULL && !cli_key_is_private(&key)) {
            rc = cli_error("%s: a private key is needed to sign", key.name);
        } else if (cli_key_is_ec(&key)) {
            if (pss || saltlen != NULL) rc = cli_error("%s: -sigopt rsa_* is for RSA keys", key.name);
            alg = PSA_ALG_ECDSA(d->alg); /* PSA 1.2 10.7.2, random k (hedged) as OpenSSL */
        } else if (pss) {
            int any = saltlen == NULL || strcmp(saltlen, "auto") == 0 || strcmp(saltlen, "-2") == 0;
            int exact = saltlen != NULL && (strcmp(saltlen, "digest") == 0 || strcmp(saltlen, "-1") == 0 ||
                                            atoi(saltlen) == hlen);
            if (sign != NULL && !(saltlen == NULL || exact)) {
                rc = cli_error("rsa_pss_saltlen:%s: PSA signs with a salt of the hash length only", saltlen);
            } else if (!any && !exact) {
                rc = cli_error("rsa_pss_saltlen:%s: not supported", saltlen);
            }
            alg = (sign != NULL || exact) ? PSA_ALG_RSA_PSS(d->alg) : PSA_ALG_RSA_PSS_ANY_SALT(d->alg);
        } else {
            alg = PSA_ALG_RSA_PKCS1V15_SIGN(d->alg);
        }
        alg = cli_key_adjust_alg(&key, alg);
        if (rc == 0) rc = cli_key_import(&key, PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH, alg, &sig_key);
        ec_bits = cli_key_is_ec(&key) ? key.bits : 0u;
        cli_key_free(&key);
        if (rc == 0) rc = digest_file(files[0], d, 0, md, &md_len);
        if (rc == 0 && cli_sink_open(&out, out_path, 0) == 0) {
            if (sign != NULL) {
                uint8_t sig[PSA_SIGNATURE_MAX_SIZE];
                size_t sig_len = 0;
                psa_status_t st = psa_sign_hash(sig_key, alg, md, md_len, sig, sizeof(sig), &sig_len);
                if (st == PSA_SUCCESS && PSA_ALG_IS_ECDSA(alg)) {
                    uint8_t der[PSA_SIGNATURE_MAX_SIZE + 16u];
                    size_t der_len = 0;
                    if (ppk_ecdsa_sig_to_der(sig, sig_len, der, sizeof(der), &der_len) != PPK_OK) {
                        st = PSA_ERROR_GENERIC_ERROR;
                    } else {
                        memcpy(sig, der, der_len);
                        sig_len = der_len;
                    }
                }
                if (st != PSA_SUCCESS) {
                    rc = cli_psa_error("signing", st);
                    cli_sink_abort(&out);
                } else {
                    cli_sink_write(&out, sig, sig_len);
                    rc = cli_sink_commit(&out);
                }
            } else {
                size_t sig_len = 0;
                uint8_t *sig = cli_read_file(sigfile, &sig_len);
                if (sig == NULL) {
                    cli_sink_abort(&out);
                    rc = 1;
                } else {
                    psa_status_t st;
                    if (PSA_ALG_IS_ECDSA(alg)) {
                        /* DER to r || s; malformed: a failed verification */
                        uint8_t rs[PSA_SIGNATURE_MAX_SIZE];
                        size_t coord = (ec_bits + 7u) / 8u;
                        st = coord != 0u && ppk_ecdsa_sig_from_der(sig, sig_len, coord, rs, sizeof(rs)) == PPK_OK
                                 ? psa_verify_hash(sig_key, alg, md, md_len, rs, 2u * coord)
                                 : PSA_ERROR_INVALID_SIGNATURE;
                    } else {
                        st = psa_verify_hash(sig_key, alg, md, md_len, sig, sig_len);
                    }
                    free(sig);
                    cli_sink_printf(&out, st == PSA_SUCCESS ? "Verified OK\n" : "Verification failure\n");
                    rc = cli_sink_commit(&out);
                    if (st != PSA_SUCCESS) {
                        cli_error("%s: signature verification failed (%s)", sigfile, cli_psa_status_name(st));
                        rc = 1;
                    }
                }
            }
        } else if (rc == 0) {
            rc = 1;
        }
        cli_release_key(sig_key);
        free(files);
        return rc;
    }
    if (cli_sink_open(&out, out_path, 0)) {
        free(files);
        if (mac_key != 0) psa_destroy_key(mac_key);
        return 1;
    }
    for (i = 0; i < (nfiles > 0 ? nfiles : 1); i++) {
        const char *path = nfiles > 0 && strcmp(files[i], "-") != 0 ? files[i] : NULL;
        const char *name = path != NULL ? path : "stdin";
        if (digest_file(path, d, mac_key, md, &md_len)) {
            rc = 1;
            break;
        }
        if (binary) {
            cli_sink_write(&out, md, md_len);
        } else if (coreutils) {
            cli_sink_hex(&out, md, md_len);
            cli_sink_printf(&out, " *%s\n", name);
        } else {
            cli_sink_printf(&out, "%s%s(%s)= ", hmac != NULL ? "HMAC-" : "",
                            default_label != NULL ? default_label : d->ossl_name, name);
            cli_sink_hex(&out, md, md_len);
            cli_sink_printf(&out, "\n");
        }
    }
    if (rc == 0) {
        rc = cli_sink_commit(&out);
    } else {
        cli_sink_abort(&out);
    }
    if (mac_key != 0) psa_destroy_key(mac_key);
    free(files);
    return rc;
}
