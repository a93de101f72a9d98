/*
 * pkeyutl.c -- `picopsa pkeyutl`: sign, verify, encrypt, decrypt with an
 * Ed25519 or RSA key, sign and verify with an EC key, derive a shared
 * secret with an X25519 or EC key, with OpenSSL pkeyutl's options
 * (docs/cli.md).
 *
 * Mapping to PSA algorithms (PSA 1.2 10.7, 10.8, 10.9):
 *  - Ed25519: PSA_ALG_PURE_EDDSA over the raw input (-rawin or not);
 *  - EC: PSA_ALG_ECDSA(h) on the hash (the input, or its digest with
 *    -rawin, h default sha256), PSA_ALG_ECDSA_ANY on the input without a
 *    digest (OpenSSL's raw ECDSA), PSA_ALG_DETERMINISTIC_ECDSA(h) with
 *    -pkeyopt nonce-type:1 (OpenSSL 3.2's RFC 6979 option); signatures
 *    are DER ECDSA-Sig-Value, converted from / to PSA's r || s;
 *    -derive: PSA_ALG_ECDH (the x coordinate, SEC 1 3.3.1);
 *  - RSA pkcs1, no digest: PSA_ALG_RSA_PKCS1V15_SIGN_RAW on the input
 *    (OpenSSL's RSA_private_encrypt-style signature); with a digest
 *    (-digest / -pkeyopt digest:) the input is the hash, or the message
 *    with -rawin: PSA_ALG_RSA_PKCS1V15_SIGN(h);
 *  - RSA pss: PSA_ALG_RSA_PSS(h) (salt = hash length) when signing, and
 *    when verifying with rsa_pss_saltlen digest or the hash length;
 *    PSA_ALG_RSA_PSS_ANY_SALT(h) when verifying otherwise (OpenSSL's auto);
 *  - encryption: PSA_ALG_RSA_PKCS1V15_CRYPT, PSA_ALG_RSA_OAEP(h) with the
 *    label as PSA's salt. PSA fixes MGF1 to the same hash: a different
 *    rsa_mgf1_md is refused;
 *  - ML-KEM: -encap (public key or pair) psa_encapsulate, -decap (pair)
 *    psa_decapsulate with PSA_ALG_ML_KEM (PSA 1.3 10.10.2, PQC extension
 *    2.2.2); the shared secret is an exportable DERIVE output key, written
 *    raw to -secret (mode 0600), the ciphertext raw to -out, as OpenSSL
 *    3.5's pkeyutl does. -decap writes the secret to -secret, or to -out
 *    without -secret.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const char pkeyutl_usage[] =
    "Usage: picopsa pkeyutl -sign|-verify|-encrypt|-decrypt|-derive|-encap|-decap -inkey FILE [options]\n"
    "  -inkey FILE|id:N   key file (PEM or DER, detected; -keyform PEM|DER forces one),\n"
    "                     or id:N, the stored key N (genpkey -keyid N, picopsa storage)\n"
    "  -pubin             the key is a public key\n"
    "  -in FILE           input (default stdin)    -out FILE  output (default stdout)\n"
    "  -sigfile FILE      signature to verify\n"
    "  -derive            X25519 (RFC 7748) or ECDH (EC keys) shared secret with -peerkey FILE\n"
    "                     (its public key), -peerform PEM|DER\n"
    "  -encap             ML-KEM: a shared secret and its ciphertext for the key; the ciphertext\n"
    "                     goes to -out, the secret to -secret FILE (both raw bytes)\n"
    "  -decap             ML-KEM: the shared secret of the ciphertext -in (private key), to\n"
    "                     -secret FILE (or -out)\n"
    "  -rawin             the input is the message, not its hash (hashed with -digest, default sha256)\n"
    "  -digest NAME       sha1, sha224, sha256, sha384, sha512, sha512-224, sha512-256\n"
    "                     (also -pkeyopt digest:NAME)\n"
    "  -pkeyopt rsa_padding_mode:pkcs1|pss|oaep\n"
    "  -pkeyopt rsa_pss_saltlen:digest|auto|max|N   (signing: digest only, PSA 1.2 10.7.3)\n"
    "  -pkeyopt rsa_oaep_md:NAME  (default sha1)   -pkeyopt rsa_mgf1_md:NAME (must equal the hash)\n"
    "  -pkeyopt rsa_oaep_label:HEX\n"
    "  -pkeyopt nonce-type:0|1    EC: random (default) or deterministic (RFC 6979) ECDSA\n"
    "  -pkeyopt deterministic:0|1 ML-DSA: hedged (default) or deterministic signing\n"
    "EC signatures are DER (ECDSA-Sig-Value); without a digest the input is signed as the\n"
    "hash (ECDSA_ANY). HSS/LMS public keys verify the message (-verify only).\n"
    "ML-DSA keys sign and verify the message; -pkeyopt deterministic:1 signs\n"
    "deterministically (FIPS 204), the default is hedged.\n"
    "Verification prints \"Signature Verified Successfully\" (exit 0) or\n"
    "\"Signature Verification Failure\" (exit 1).\n";

enum { OP_NONE, OP_SIGN, OP_VERIFY, OP_ENCRYPT, OP_DECRYPT, OP_DERIVE, OP_ENCAP, OP_DECAP };
enum { PAD_DEFAULT, PAD_PKCS1, PAD_PSS, PAD_OAEP };

typedef struct {
    int op, pad, rawin, pubin, deterministic, mldsa_deterministic;
    const char *inkey, *keyform, *in, *out, *sigfile, *peerkey, *peerform, *secret;
    const cli_digest *digest, *oaep_md, *mgf1_md;
    const char *saltlen; /* NULL: default */
    uint8_t *label;
    size_t label_len;
} opts;

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int parse_pkeyopt(opts *o, const char *s)
{
    const char *v = strchr(s, ':');
    size_t n;
    if (v == NULL) return cli_error("-pkeyopt %s: expected NAME:VALUE", s);
    n = (size_t)(v - s);
    v++;
#define IS(name) (n == sizeof(name) - 1u && strncmp(s, name, n) == 0)
    if (IS("rsa_padding_mode")) {
        if (strcmp(v, "pkcs1") == 0) o->pad = PAD_PKCS1;
        else if (strcmp(v, "pss") == 0) o->pad = PAD_PSS;
        else if (strcmp(v, "oaep") == 0) o->pad = PAD_OAEP;
        else return cli_error("-pkeyopt %s: padding not supported (pkcs1, pss, oaep)", s);
    } else if (IS("nonce-type")) {
        if (strcmp(v, "0") != 0 && strcmp(v, "1") != 0) return cli_error("-pkeyopt %s: 0 (random) or 1 (RFC 6979)", s);
        o->deterministic = v[0] == '1';
    } else if (IS("deterministic")) {
        /* OpenSSL 3.5's ML-DSA option: FIPS 204's deterministic variant. */
        if (strcmp(v, "0") != 0 && strcmp(v, "1") != 0) return cli_error("-pkeyopt %s: 0 (hedged) or 1", s);
        o->mldsa_deterministic = v[0] == '1';
    } else if (IS("context-string")) {
        return cli_error("-pkeyopt %s: not supported (PSA's ML-DSA signs with an empty context)", s);
    } else if (IS("rsa_pss_saltlen")) {
        o->saltlen = v;
    } else if (IS("digest") || IS("rsa_oaep_md") || IS("rsa_mgf1_md")) {
        const cli_digest *d = cli_digest_by_name(v);
        if (d == NULL) return cli_error("-pkeyopt %s: unknown digest", s);
        if (IS("digest")) o->digest = d;
        else if (IS("rsa_oaep_md")) o->oaep_md = d;
        else o->mgf1_md = d;
    } else if (IS("rsa_oaep_label")) {
        size_t len = strlen(v), i;
        if (len % 2u != 0u) return cli_error("-pkeyopt rsa_oaep_label: odd number of hex digits");
        free(o->label);
        o->label = (uint8_t *)malloc(len / 2u + 1u);
        if (o->label == NULL) return cli_error("out of memory");
        for (i = 0; i < len; i += 2u) {
            int hi = hexval(v[i]), lo = hexval(v[i + 1]);
            if (hi < 0 || lo < 0) return cli_error("-pkeyopt rsa_oaep_label: not hex");
            o->label[i / 2u] = (uint8_t)(hi * 16 + lo);
        }
        o->label_len = len / 2u;
    } else {
        return cli_error("-pkeyopt %s: unknown option", s);
    }
#undef IS
    return 0;
}

/* Choose the PSA algorithm; *hash_input: sign/verify a hash (the input
 * or, with -rawin, its digest) rather than a message. */
static int choose_alg(const opts *o, const cli_key *k, psa_algorithm_t *alg, int *hash_input)
{
    *hash_input = 0;
    if (o->deterministic && !cli_key_is_ec(k)) return cli_error("%s: nonce-type is for EC keys", k->name);
    if (cli_key_is_ec(k)) {
        const cli_digest *d = o->digest;
        if (o->op == OP_ENCRYPT || o->op == OP_DECRYPT) {
            return cli_error("%s: EC keys cannot encrypt or decrypt (ECDH: -derive -peerkey FILE)", k->name);
        }
        if (o->pad != PAD_DEFAULT || o->saltlen != NULL || o->oaep_md != NULL || o->mgf1_md != NULL ||
            o->label != NULL) {
            return cli_error("%s: rsa_* options are for RSA keys", k->name);
        }
        if (o->op == OP_DERIVE) {
            if (d != NULL || o->rawin || o->deterministic) {
                return cli_error("%s: -derive takes no digest, -rawin or nonce-type option", k->name);
            }
            *alg = PSA_ALG_ECDH; /* PSA 1.2 10.9.2: ECDH with SECP_R1 keys */
            return 0;
        }
        if (d == NULL && o->rawin) d = cli_digest_by_alg(PSA_ALG_SHA_256); /* OpenSSL's default */
        if (d == NULL) {
            /* The input is the hash, any length (PSA 1.2 10.7.2 ECDSA_ANY:
             * truncated to the curve's size, SEC 1 4.1.3 step 5). */
            if (o->deterministic) return cli_error("nonce-type:1 needs a digest (-digest or -pkeyopt digest:)");
            *alg = PSA_ALG_ECDSA_ANY;
            return 0;
        }
        *hash_input = 1;
        /* Verification is one for both nonce kinds (SEC 1 4.1.4). */
        *alg = o->deterministic && o->op == OP_SIGN ? PSA_ALG_DETERMINISTIC_ECDSA(d->alg) : PSA_ALG_ECDSA(d->alg);
        return 0;
    }
    if (cli_key_is_x25519(k) || o->op == OP_DERIVE) {
        if (!cli_key_is_x25519(k)) return cli_error("%s: -derive needs an X25519 or EC key", k->name);
        if (o->op != OP_DERIVE) {
            return cli_error("%s: X25519 keys only derive shared secrets (-derive -peerkey FILE)", k->name);
        }
        if (o->pad != PAD_DEFAULT || o->digest != NULL || o->rawin) {
            return cli_error("%s: -derive takes no padding, digest or -rawin option", k->name);
        }
        *alg = PSA_ALG_ECDH; /* PSA 1.2 10.9.2: X25519 with the Montgomery family */
        return 0;
    }
    if (o->mldsa_deterministic && !cli_key_is_mldsa(k)) return cli_error("%s: deterministic is for ML-DSA keys", k->name);
    if (cli_key_is_mldsa(k)) {
        /* ML-DSA signs the message itself (PQC extension 2.3.2; HashML-DSA
         * is not what OpenSSL's pkeyutl makes): hedged, or deterministic
         * with -pkeyopt deterministic:1; one verification for both. */
        if (o->op != OP_SIGN && o->op != OP_VERIFY) return cli_error("%s: ML-DSA keys only sign and verify", k->name);
        if (o->pad != PAD_DEFAULT || o->digest != NULL) {
            return cli_error("%s: ML-DSA takes no padding or digest option (it signs the raw message)", k->name);
        }
        *alg = o->mldsa_deterministic && o->op == OP_SIGN ? PSA_ALG_DETERMINISTIC_ML_DSA : PSA_ALG_ML_DSA;
        return 0;
    }
    if (cli_key_is_hss(k)) {
        /* HSS/LMS: verification only (PQC extension 2.5: no key pairs),
         * of the message itself (PSA_ALG_HSS, psa_verify_message). */
        if (o->op != OP_VERIFY) return cli_error("%s: HSS/LMS keys only verify signatures", k->name);
        if (o->pad != PAD_DEFAULT || o->digest != NULL) {
            return cli_error("%s: HSS/LMS takes no padding or digest option (it verifies the raw message)", k->name);
        }
        *alg = PSA_ALG_HSS;
        return 0;
    }
    if (!cli_key_is_rsa(k)) {
        if (o->op == OP_ENCRYPT || o->op == OP_DECRYPT) {
            return cli_error("%s: Ed25519 keys cannot encrypt or decrypt", k->name);
        }
        if (o->pad != PAD_DEFAULT || o->digest != NULL) {
            return cli_error("%s: Ed25519 takes no padding or digest option (it signs the raw message)", k->name);
        }
        *alg = PSA_ALG_PURE_EDDSA;
        return 0;
    }
    if (o->op == OP_SIGN || o->op == OP_VERIFY) {
        const cli_digest *d = o->digest;
        if (d == NULL && o->rawin) d = cli_digest_by_alg(PSA_ALG_SHA_256); /* OpenSSL's default */
        if (o->pad == PAD_OAEP) return cli_error("rsa_padding_mode:oaep is for -encrypt/-decrypt");
        if (o->mgf1_md != NULL && (o->pad != PAD_PSS || d == NULL || o->mgf1_md->alg != d->alg)) {
            return cli_error("rsa_mgf1_md:%s: PSA uses MGF1 with the signature's hash only", o->mgf1_md->option);
        }
        if (o->pad == PAD_PSS) {
            int hlen;
            if (d == NULL) return cli_error("rsa_padding_mode:pss needs a digest (-digest or -pkeyopt digest:)");
            hlen = (int)PSA_HASH_LENGTH(d->alg);
            *hash_input = 1;
            if (o->saltlen == NULL || strcmp(o->saltlen, "auto") == 0 || strcmp(o->saltlen, "-2") == 0 ||
                strcmp(o->saltlen, "max") == 0 || strcmp(o->saltlen, "-3") == 0) {
                if (o->op == OP_SIGN) {
                    if (o->saltlen != NULL) {
                        return cli_error("rsa_pss_saltlen:%s: PSA signs with a salt of the hash length only "
                                         "(use rsa_pss_saltlen:digest)", o->saltlen);
                    }
                    *alg = PSA_ALG_RSA_PSS(d->alg);
                } else {
                    *alg = PSA_ALG_RSA_PSS_ANY_SALT(d->alg);
                }
                return 0;
            }
            if (strcmp(o->saltlen, "digest") == 0 || strcmp(o->saltlen, "-1") == 0 ||
                atoi(o->saltlen) == hlen) {
                *alg = PSA_ALG_RSA_PSS(d->alg);
                return 0;
            }
            return cli_error("rsa_pss_saltlen:%s: PSA supports a salt of the hash length (%d) only", o->saltlen,
                             hlen);
        }
        if (o->saltlen != NULL) return cli_error("rsa_pss_saltlen is for rsa_padding_mode:pss");
        if (d == NULL) {
            *alg = PSA_ALG_RSA_PKCS1V15_SIGN_RAW;
        } else {
            *alg = PSA_ALG_RSA_PKCS1V15_SIGN(d->alg);
            *hash_input = 1;
        }
        return 0;
    }
    /* encrypt / decrypt */
    if (o->pad == PAD_PSS) return cli_error("rsa_padding_mode:pss is for -sign/-verify");
    if (o->pad == PAD_OAEP) {
        const cli_digest *d = o->oaep_md != NULL ? o->oaep_md : cli_digest_by_alg(PSA_ALG_SHA_1);
        if (o->mgf1_md != NULL && o->mgf1_md->alg != d->alg) {
            return cli_error("rsa_mgf1_md:%s: PSA's OAEP uses MGF1 with the OAEP hash only (PSA 1.2 10.8.2)",
                             o->mgf1_md->option);
        }
        *alg = PSA_ALG_RSA_OAEP(d->alg);
        return 0;
    }
    if (o->oaep_md != NULL || o->mgf1_md != NULL || o->label != NULL) {
        return cli_error("rsa_oaep_md, rsa_mgf1_md and rsa_oaep_label need rsa_padding_mode:oaep");
    }
    *alg = PSA_ALG_RSA_PKCS1V15_CRYPT;
    return 0;
}

/* pkeyutl -derive: the X25519 (RFC 7748 6.1) or ECDH (SEC 1 3.3.1)
 * shared secret of the key id and the peer's public key (a private peer
 * key gives its public half, as OpenSSL's -peerkey does); the peer's point
 * is checked by psa_raw_key_agreement (PSA 1.2 10.9.2). Output 0600: the
 * secret is secret. */
static int derive(const opts *o, const cli_key *k, psa_key_id_t id)
{
    cli_key peer;
    psa_key_id_t peer_id = 0;
    uint8_t pub[PSA_EXPORT_PUBLIC_KEY_MAX_SIZE], secret[PSA_RAW_KEY_AGREEMENT_OUTPUT_MAX_SIZE];
    size_t pub_len = 0, secret_len = 0;
    psa_status_t st;
    cli_sink out;
    int rc = 1;
    if (cli_key_load(&peer, o->peerkey, o->peerform, 0)) return 1;
    if (cli_key_is_ec(k) ? !cli_key_is_ec(&peer) : !cli_key_is_x25519(&peer)) {
        rc = cli_error("%s: the peer key is not an %s key", peer.name, cli_key_is_ec(k) ? "EC" : "X25519");
    } else if (cli_key_is_private(&peer) || peer.stored != 0) {
        if (cli_key_import(&peer, 0, 0, &peer_id) == 0) {
            st = psa_export_public_key(peer_id, pub, sizeof(pub), &pub_len);
            if (st == PSA_SUCCESS) {
                rc = 0;
            } else {
                rc = cli_error("%s: %s", peer.name, cli_psa_status_name(st));
            }
        }
        cli_release_key(peer_id);
    } else if (peer.key.material_len <= sizeof(pub)) {
        memcpy(pub, peer.key.material, peer.key.material_len);
        pub_len = peer.key.material_len;
        rc = 0;
    } else {
        rc = cli_error("%s: public key too large", peer.name);
    }
    if (rc == 0) {
        st = psa_raw_key_agreement(PSA_ALG_ECDH, id, pub, pub_len, secret, sizeof(secret), &secret_len);
        if (st == PSA_ERROR_NOT_PERMITTED) {
            rc = cli_error("%s: the key's policy does not permit key agreement", k->name);
        } else if (st != PSA_SUCCESS) {
            /* e.g. a low-order peer point: an all-zero secret (RFC 7748 6.1) */
            rc = cli_error("%s: key agreement failed: %s", peer.name, cli_psa_status_name(st));
        } else if (cli_sink_open(&out, o->out, 1) == 0) {
            cli_sink_write(&out, secret, secret_len);
            rc = cli_sink_commit(&out);
        } else {
            rc = 1;
        }
    }
    cli_wipe(secret, sizeof(secret));
    cli_key_free(&peer);
    return rc;
}

static int not_permitted(const cli_key *k);

/* The output key of psa_encapsulate / psa_decapsulate: DERIVE, exported
 * here (10.10.2 permits DERIVE; key_bits 0 takes the 32-byte secret). */
static psa_key_attributes_t secret_attributes(void)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_set_key_type(&a, PSA_KEY_TYPE_DERIVE);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_EXPORT);
    return a;
}

/* Export and destroy the output key holding the shared secret. */
static psa_status_t take_secret(psa_key_id_t k, uint8_t *ss, size_t size, size_t *len)
{
    psa_status_t st = psa_export_key(k, ss, size, len);
    (void)psa_destroy_key(k);
    return st;
}

/* Write the secret (mode 0600) and, for -encap, the ciphertext: both or
 * neither (a later failure removes the earlier file). */
static int write_kem_outputs(const char *secret_path, const uint8_t *ss, size_t ss_len, const char *ct_path,
                             const uint8_t *ct, size_t ct_len)
{
    cli_sink s_sink, c_sink;
    int rc;
    if (cli_sink_open(&s_sink, secret_path, 1)) return 1;
    if (ct != NULL && cli_sink_open(&c_sink, ct_path, 0)) {
        cli_sink_abort(&s_sink);
        return 1;
    }
    cli_sink_write(&s_sink, ss, ss_len);
    if (ct != NULL) cli_sink_write(&c_sink, ct, ct_len);
    if (ct == NULL) return cli_sink_commit(&s_sink);
    rc = cli_sink_commit(&c_sink);
    if (rc != 0) {
        cli_sink_abort(&s_sink);
        return rc;
    }
    rc = cli_sink_commit(&s_sink);
    if (rc != 0 && ct_path != NULL && strcmp(ct_path, "-") != 0) (void)remove(ct_path);
    return rc;
}

/* pkeyutl -encap / -decap with an ML-KEM key (the file comment). */
static int kem(const opts *o, const cli_key *k, psa_key_id_t id)
{
    /* 0 without ML-KEM (crypto_sizes.h): no zero-length array (C99 6.7.5.2). */
    uint8_t ct[PSA_ENCAPSULATE_CIPHERTEXT_MAX_SIZE > 0u ? PSA_ENCAPSULATE_CIPHERTEXT_MAX_SIZE : 1u], ss[32];
    size_t ct_len = 0, ss_len = 0;
    psa_key_attributes_t a = secret_attributes();
    psa_key_id_t out = 0;
    psa_status_t st;
    int rc = 1;
    if (o->op == OP_ENCAP) {
        st = psa_encapsulate(id, PSA_ALG_ML_KEM, &a, &out, ct, sizeof(ct), &ct_len);
        if (st == PSA_ERROR_NOT_PERMITTED) return not_permitted(k);
        if (st != PSA_SUCCESS) return cli_error("%s: encapsulation failed: %s", k->name, cli_psa_status_name(st));
        st = take_secret(out, ss, sizeof(ss), &ss_len);
        if (st != PSA_SUCCESS) {
            rc = cli_psa_error("psa_export_key", st);
        } else {
            rc = write_kem_outputs(o->secret, ss, ss_len, o->out, ct, ct_len);
        }
    } else {
        const char *in_name = o->in != NULL ? o->in : "stdin";
        size_t in_len = 0;
        uint8_t *in = cli_read_file(o->in, &in_len);
        if (in == NULL) return 1;
        st = psa_decapsulate(id, PSA_ALG_ML_KEM, in, in_len, &a, &out);
        free(in);
        if (st == PSA_ERROR_NOT_PERMITTED) return not_permitted(k);
        if (st == PSA_ERROR_INVALID_ARGUMENT) {
            return cli_error("%s: not a ciphertext for this key (%zu bytes; ML-KEM-%zu takes %u)", in_name, in_len,
                             k->bits,
                             (unsigned)PSA_ENCAPSULATE_CIPHERTEXT_SIZE(PSA_KEY_TYPE_ML_KEM_KEY_PAIR, k->bits,
                                                                       PSA_ALG_ML_KEM));
        }
        if (st != PSA_SUCCESS) return cli_error("%s: decapsulation failed: %s", in_name, cli_psa_status_name(st));
        st = take_secret(out, ss, sizeof(ss), &ss_len);
        if (st != PSA_SUCCESS) {
            rc = cli_psa_error("psa_export_key", st);
        } else {
            rc = write_kem_outputs(o->secret != NULL ? o->secret : o->out, ss, ss_len, NULL, NULL, 0);
        }
    }
    cli_wipe(ss, sizeof(ss));
    return rc;
}

/* A stored key's policy (genpkey -keyid) is fixed at creation. */
static int not_permitted(const cli_key *k)
{
    return cli_error("%s: the key's policy does not permit this operation (picopsa storage list shows it)", k->name);
}

int cmd_pkeyutl(int argc, char **argv)
{
    opts o;
    cli_key key;
    psa_key_id_t id = 0;
    psa_algorithm_t alg = 0;
    psa_status_t st;
    int i, rc = 1, hash_input = 0;
    uint8_t *in = NULL, *sig = NULL, *outbuf = NULL;
    size_t in_len = 0, sig_len = 0, out_len = 0, out_size;
    uint8_t hash[PSA_HASH_MAX_SIZE];
    size_t hash_len = 0;
    cli_sink out;
    const char *in_name;

    memset(&o, 0, sizeof(o));
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        if (cli_is_help(a)) {
            fputs(pkeyutl_usage, stdout);
            free(o.label);
            return 0;
        }
        if (cli_is_opt(a, "sign")) o.op = OP_SIGN;
        else if (cli_is_opt(a, "verify")) o.op = OP_VERIFY;
        else if (cli_is_opt(a, "encrypt")) o.op = OP_ENCRYPT;
        else if (cli_is_opt(a, "decrypt")) o.op = OP_DECRYPT;
        else if (cli_is_opt(a, "derive")) o.op = OP_DERIVE;
        else if (cli_is_opt(a, "encap")) o.op = OP_ENCAP;
        else if (cli_is_opt(a, "decap")) o.op = OP_DECAP;
        else if (has && cli_is_opt(a, "secret")) o.secret = argv[++i];
        else if (has && cli_is_opt(a, "peerkey")) o.peerkey = argv[++i];
        else if (has && cli_is_opt(a, "peerform")) o.peerform = argv[++i];
        else if (cli_is_opt(a, "rawin")) o.rawin = 1;
        else if (cli_is_opt(a, "pubin")) o.pubin = 1;
        else if (has && cli_is_opt(a, "inkey")) o.inkey = argv[++i];
        else if (has && cli_is_opt(a, "keyform")) o.keyform = argv[++i];
        else if (has && cli_is_opt(a, "in")) o.in = argv[++i];
        else if (has && cli_is_opt(a, "out")) o.out = argv[++i];
        else if (has && cli_is_opt(a, "sigfile")) o.sigfile = argv[++i];
        else if (has && cli_is_opt(a, "digest")) {
            o.digest = cli_digest_by_name(argv[++i]);
            if (o.digest == NULL) {
                free(o.label);
                return cli_error("-digest %s: unknown digest", argv[i]);
            }
        } else if (has && cli_is_opt(a, "pkeyopt")) {
            if (parse_pkeyopt(&o, argv[++i])) {
                free(o.label);
                return 1;
            }
        } else {
            free(o.label);
            cli_error("unknown or incomplete option '%s'", a);
            fputs(pkeyutl_usage, stderr);
            return 1;
        }
    }
    if (o.op == OP_NONE || o.inkey == NULL) {
        free(o.label);
        cli_error(o.op == OP_NONE ? "no operation (-sign, -verify, -encrypt, -decrypt, -derive, -encap or -decap)"
                                  : "no -inkey given");
        fputs(pkeyutl_usage, stderr);
        return 1;
    }
    if (o.op == OP_VERIFY && o.sigfile == NULL) {
        free(o.label);
        return cli_error("-verify needs -sigfile");
    }
    if ((o.op == OP_DERIVE) != (o.peerkey != NULL)) {
        free(o.label);
        return cli_error(o.op == OP_DERIVE ? "-derive needs -peerkey" : "-peerkey is for -derive");
    }
    if (o.op == OP_ENCAP && o.secret == NULL) {
        free(o.label);
        return cli_error("-encap needs -secret FILE (the shared secret; -out gets the ciphertext)");
    }
    if (o.secret != NULL && o.op != OP_ENCAP && o.op != OP_DECAP) {
        free(o.label);
        return cli_error("-secret is for -encap and -decap");
    }
    if (cli_init()) {
        free(o.label);
        return 1;
    }
    if (cli_key_load(&key, o.inkey, o.keyform, o.pubin)) {
        free(o.label);
        return 1;
    }
    if ((o.op == OP_ENCAP || o.op == OP_DECAP) != cli_key_is_mlkem(&key)) {
        rc = cli_error(cli_key_is_mlkem(&key) ? "%s: ML-KEM keys only encapsulate and decapsulate (-encap, -decap)"
                                              : "%s: -encap and -decap need an ML-KEM key",
                       key.name);
        goto done;
    }
    if (o.op == OP_ENCAP || o.op == OP_DECAP) {
        if (o.op == OP_DECAP && !cli_key_is_private(&key)) {
            rc = cli_error("%s: a private key is needed to decapsulate", key.name);
            goto done;
        }
        if (o.pad != PAD_DEFAULT || o.digest != NULL || o.rawin || o.deterministic || o.sigfile != NULL ||
            o.label != NULL || o.saltlen != NULL || o.oaep_md != NULL || o.mgf1_md != NULL) {
            rc = cli_error("%s: -encap and -decap take no padding, digest, -rawin or -sigfile option", key.name);
            goto done;
        }
        /* The tool's own keys allow both (a stored key: its policy). */
        if (cli_key_import(&key, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT, PSA_ALG_ML_KEM, &id) == 0) {
            rc = kem(&o, &key, id);
        }
        goto done;
    }
    if ((o.op == OP_SIGN || o.op == OP_DECRYPT || o.op == OP_DERIVE) && !cli_key_is_private(&key)) {
        rc = cli_error("%s: a private key is needed to %s", key.name,
                       o.op == OP_SIGN ? "sign" : o.op == OP_DECRYPT ? "decrypt" : "derive");
        goto done;
    }
    if (choose_alg(&o, &key, &alg, &hash_input)) goto done;
    alg = cli_key_adjust_alg(&key, alg);
    if (cli_key_import(&key,
                       PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH | PSA_KEY_USAGE_SIGN_MESSAGE |
                           PSA_KEY_USAGE_VERIFY_MESSAGE | PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT |
                           PSA_KEY_USAGE_DERIVE,
                       alg, &id)) {
        goto done;
    }
    in_name = o.in != NULL ? o.in : "stdin";
    if (o.op == OP_DERIVE) {
        rc = derive(&o, &key, id);
        goto done;
    }
    in = cli_read_file(o.in, &in_len);
    if (in == NULL) goto done;
    if (o.sigfile != NULL) {
        sig = cli_read_file(o.sigfile, &sig_len);
        if (sig == NULL) goto done;
    }
    if (hash_input) {
        psa_algorithm_t h = PSA_ALG_SIGN_GET_HASH(alg);
        if (o.rawin) {
            st = psa_hash_compute(h, in, in_len, hash, sizeof(hash), &hash_len);
            if (st != PSA_SUCCESS) {
                rc = cli_psa_error("hash", st);
                goto done;
            }
        } else {
            if (in_len != PSA_HASH_LENGTH(h)) {
                rc = cli_error("%s: input is %zu bytes, not a %s hash (%u bytes); use -rawin to sign a message",
                               in_name, in_len, cli_digest_by_alg(h)->option, (unsigned)PSA_HASH_LENGTH(h));
                goto done;
            }
            memcpy(hash, in, in_len);
            hash_len = in_len;
        }
    } else if (alg == PSA_ALG_ECDSA_ANY && in_len > PSA_HASH_MAX_SIZE) {
        /* OpenSSL's pkeyutl refuses such an input too ("looks too long to
         * be a hash"); ECDSA_ANY would truncate it (SEC 1 4.1.3). */
        rc = cli_error("%s: input is %zu bytes, too long to be a hash (at most %u); use -rawin to sign a message",
                       in_name, in_len, (unsigned)PSA_HASH_MAX_SIZE);
        goto done;
    }
    out_size = PSA_SIGNATURE_MAX_SIZE > PSA_ASYMMETRIC_DECRYPT_OUTPUT_MAX_SIZE ? PSA_SIGNATURE_MAX_SIZE
                                                                                : PSA_ASYMMETRIC_DECRYPT_OUTPUT_MAX_SIZE;
    outbuf = (uint8_t *)malloc(out_size);
    if (outbuf == NULL) {
        rc = cli_error("out of memory");
        goto done;
    }
    switch (o.op) {
    case OP_SIGN:
        if (alg == PSA_ALG_PURE_EDDSA || PSA_ALG_IS_ML_DSA(alg)) {
            st = psa_sign_message(id, alg, in, in_len, outbuf, out_size, &out_len);
        } else if (hash_input) {
            st = psa_sign_hash(id, alg, hash, hash_len, outbuf, out_size, &out_len);
        } else {
            st = psa_sign_hash(id, alg, in, in_len, outbuf, out_size, &out_len);
        }
        if (st == PSA_ERROR_NOT_PERMITTED) {
            rc = not_permitted(&key);
            goto done;
        }
        if (st != PSA_SUCCESS) {
            rc = cli_error("%s: signing failed: %s%s", in_name, cli_psa_status_name(st),
                           st == PSA_ERROR_INVALID_ARGUMENT ? " (input too long for the key?)" : "");
            goto done;
        }
        if (cli_key_is_ec(&key)) {
            /* PSA's r || s to OpenSSL's DER ECDSA-Sig-Value (public). */
            uint8_t der[PSA_SIGNATURE_MAX_SIZE + 16u];
            size_t der_len = 0;
            if (ppk_ecdsa_sig_to_der(outbuf, out_len, der, sizeof(der), &der_len) != PPK_OK) {
                rc = cli_error("%s: cannot encode the signature", in_name);
                goto done;
            }
            memcpy(outbuf, der, der_len);
            out_len = der_len;
        }
        break;
    case OP_VERIFY:
        if (cli_key_is_ec(&key)) {
            /* DER ECDSA-Sig-Value to r || s; a malformed one fails
             * verification, as in OpenSSL. */
            size_t coord = (key.bits + 7u) / 8u;
            if (coord == 0u || ppk_ecdsa_sig_from_der(sig, sig_len, coord, outbuf, out_size) != PPK_OK) {
                st = PSA_ERROR_INVALID_SIGNATURE;
            } else {
                st = psa_verify_hash(id, alg, hash_input ? hash : in, hash_input ? hash_len : in_len, outbuf,
                                     2u * coord);
            }
        } else if (alg == PSA_ALG_PURE_EDDSA || alg == PSA_ALG_HSS || PSA_ALG_IS_ML_DSA(alg)) {
            st = psa_verify_message(id, alg, in, in_len, sig, sig_len);
        } else if (hash_input) {
            st = psa_verify_hash(id, alg, hash, hash_len, sig, sig_len);
        } else {
            st = psa_verify_hash(id, alg, in, in_len, sig, sig_len);
        }
        if (st == PSA_ERROR_NOT_PERMITTED) {
            rc = not_permitted(&key);
            goto done;
        }
        if (cli_sink_open(&out, o.out, 0)) goto done;
        if (st == PSA_SUCCESS) {
            cli_sink_printf(&out, "Signature Verified Successfully\n");
            rc = cli_sink_commit(&out);
        } else {
            cli_sink_printf(&out, "Signature Verification Failure\n");
            (void)cli_sink_commit(&out);
            cli_error("%s: signature verification failed (%s)", o.sigfile, cli_psa_status_name(st));
            rc = 1;
        }
        goto done;
    case OP_ENCRYPT:
        st = psa_asymmetric_encrypt(id, alg, in, in_len, o.label, o.label_len, outbuf, out_size, &out_len);
        if (st == PSA_ERROR_NOT_PERMITTED) {
            rc = not_permitted(&key);
            goto done;
        }
        if (st != PSA_SUCCESS) {
            rc = cli_error("%s: encryption failed: %s%s", in_name, cli_psa_status_name(st),
                           st == PSA_ERROR_INVALID_ARGUMENT ? " (input too long for the key and padding?)" : "");
            goto done;
        }
        break;
    case OP_DECRYPT:
        st = psa_asymmetric_decrypt(id, alg, in, in_len, o.label, o.label_len, outbuf, out_size, &out_len);
        if (st == PSA_ERROR_NOT_PERMITTED) {
            rc = not_permitted(&key);
            goto done;
        }
        if (st != PSA_SUCCESS) {
            rc = cli_error("%s: decryption failed: %s", in_name, cli_psa_status_name(st));
            goto done;
        }
        break;
    default: goto done;
    }
    if (cli_sink_open(&out, o.out, o.op == OP_DECRYPT) == 0) {
        cli_sink_write(&out, outbuf, out_len);
        rc = cli_sink_commit(&out);
    }
done:
    cli_release_key(id);
    cli_key_free(&key);
    cli_free_secret(in, in_len);
    free(sig);
    cli_free_secret(outbuf, outbuf != NULL ? out_size : 0u);
    cli_wipe(hash, sizeof(hash));
    free(o.label);
    return rc;
}
