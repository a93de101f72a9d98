/*
 * enc.c -- `picopsa enc` (OpenSSL's `enc`: symmetric encryption of a file
 * with a raw key and IV or a password) and `picopsa mac` (OpenSSL 3's
 * `mac`: HMAC and CMAC of a file), through the PSA API (docs/cli.md).
 *
 * enc, byte-compatible with `openssl enc` both ways:
 *  - ciphers -aes-{128,192,256}-{ecb,cbc,ctr,cfb,ofb} (CBC and ECB with
 *    PKCS#7 padding unless -nopad) and -chacha20 (OpenSSL's 16-byte IV:
 *    32-bit little-endian counter || nonce);
 *  - -K/-iv hex; or a password (-pass pass:X | env:VAR | file:PATH, -k X)
 *    with -pbkdf2 [-iter N, default 10000] [-md sha256] (PKCS#5 v2,
 *    key || iv = PBKDF2(password, salt, iter, keylen + ivlen)) or, without
 *    -pbkdf2, OpenSSL's legacy EVP_BytesToKey with one iteration of -md;
 *    the output starts with "Salted__" || 8-byte salt unless -S SALT or
 *    -nosalt is given (OpenSSL 3 writes no header for an explicit salt);
 *  - -d decrypts, -a / -base64 (64-character lines), -in / -out, -p
 *    prints salt, key and iv, -P prints them and stops.
 * A wrong key or password, a truncated or corrupted input fails with
 * "bad decrypt" (PKCS#7 padding) and writes no output file (cli_sink).
 * The password key derivation uses HMAC through psa_mac_compute (PBKDF2,
 * RFC 8018 5.2) and psa_hash_compute (EVP_BytesToKey), so the tool
 * needs no KDF the library configuration might leave out.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char enc_usage[] =
    "Usage: picopsa enc -CIPHER [options]\n"
    "  -aes-128-cbc | -aes-192-cbc | -aes-256-cbc (also -ecb -ctr -cfb -ofb), -chacha20\n"
    "  -e / -d            encrypt (default) / decrypt\n"
    "  -K HEX -iv HEX     raw key and IV\n"
    "  -pass SRC | -k PW  password: pass:PW, env:VAR, file:PATH (first line)\n"
    "  -pbkdf2 -iter N    PBKDF2 (default 10000 iterations); without it OpenSSL's\n"
    "                     legacy EVP_BytesToKey (one iteration)\n"
    "  -md NAME           digest of the key derivation (default sha256)\n"
    "  -S HEX / -nosalt   explicit salt (no header) / no salt\n"
    "  -a, -base64        base64 output when encrypting, input when decrypting\n"
    "  -nopad             no PKCS#7 padding (ECB, CBC)\n"
    "  -p / -P            print salt, key and iv / print them and exit\n"
    "  -in FILE -out FILE (default stdin / stdout)\n";

typedef struct {
    const char *name;      /* option without the dash */
    psa_key_type_t type;
    size_t key_bytes;
    psa_algorithm_t alg;   /* with PKCS#7 for ECB/CBC; -nopad picks the other */
    size_t iv_bytes;       /* what -iv and the KDF give */
} enc_cipher;

static const enc_cipher enc_ciphers[] = {
    {"aes-128-ecb", PSA_KEY_TYPE_AES, 16, PSA_ALG_ECB_NO_PADDING, 0},
    {"aes-192-ecb", PSA_KEY_TYPE_AES, 24, PSA_ALG_ECB_NO_PADDING, 0},
    {"aes-256-ecb", PSA_KEY_TYPE_AES, 32, PSA_ALG_ECB_NO_PADDING, 0},
    {"aes-128-cbc", PSA_KEY_TYPE_AES, 16, PSA_ALG_CBC_PKCS7, 16},
    {"aes-192-cbc", PSA_KEY_TYPE_AES, 24, PSA_ALG_CBC_PKCS7, 16},
    {"aes-256-cbc", PSA_KEY_TYPE_AES, 32, PSA_ALG_CBC_PKCS7, 16},
    {"aes-128-ctr", PSA_KEY_TYPE_AES, 16, PSA_ALG_CTR, 16},
    {"aes-192-ctr", PSA_KEY_TYPE_AES, 24, PSA_ALG_CTR, 16},
    {"aes-256-ctr", PSA_KEY_TYPE_AES, 32, PSA_ALG_CTR, 16},
    {"aes-128-cfb", PSA_KEY_TYPE_AES, 16, PSA_ALG_CFB, 16},
    {"aes-192-cfb", PSA_KEY_TYPE_AES, 24, PSA_ALG_CFB, 16},
    {"aes-256-cfb", PSA_KEY_TYPE_AES, 32, PSA_ALG_CFB, 16},
    {"aes-128-ofb", PSA_KEY_TYPE_AES, 16, PSA_ALG_OFB, 16},
    {"aes-192-ofb", PSA_KEY_TYPE_AES, 24, PSA_ALG_OFB, 16},
    {"aes-256-ofb", PSA_KEY_TYPE_AES, 32, PSA_ALG_OFB, 16},
    {"chacha20", PSA_KEY_TYPE_CHACHA20, 32, PSA_ALG_STREAM_CIPHER, 16},
};

static const enc_cipher *cipher_by_option(const char *arg)
{
    size_t i;
    while (*arg == '-') {
        arg++;
    }
    for (i = 0; i < sizeof(enc_ciphers) / sizeof(enc_ciphers[0]); i++) {
        if (strcmp(arg, enc_ciphers[i].name) == 0) {
            return &enc_ciphers[i];
        }
    }
    return NULL;
}

/* Hex string to exactly len bytes, as OpenSSL: a short -K/-iv is padded
 * with zero bytes, a long one cut (with a warning). Returns 0 or 1 after a
 * message. */
static int parse_hex_padded(const char *what, const char *hex, uint8_t *out, size_t len)
{
    size_t n = strlen(hex), i;
    memset(out, 0, len);
    if (n > 2 * len) {
        fprintf(stderr, "picopsa %s: %s: hex string is too long, ignoring excess\n", cli_command,
                what);
        n = 2 * len;
    }
    for (i = 0; i < n; i++) {
        char c = hex[i];
        int v = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
        if (v < 0) {
            return cli_error("%s: not a hex string", what);
        }
        out[i / 2] = (uint8_t)(out[i / 2] | (i % 2 == 0 ? v << 4 : v));
    }
    return 0;
}

/* -pass SRC: pass:PW, env:VAR, file:PATH (its first line). */
static int read_password(const char *src, char **pw, size_t *pw_len)
{
    if (strncmp(src, "pass:", 5) == 0) {
        *pw = strdup(src + 5);
    } else if (strncmp(src, "env:", 4) == 0) {
        const char *v = getenv(src + 4);
        if (v == NULL) {
            return cli_error("-pass: environment variable %s is not set", src + 4);
        }
        *pw = strdup(v);
    } else if (strncmp(src, "file:", 5) == 0) {
        size_t len = 0, i;
        uint8_t *data = cli_read_file(src + 5, &len);
        if (data == NULL) {
            return 1;
        }
        for (i = 0; i < len && data[i] != '\n' && data[i] != '\r'; i++) {
        }
        *pw = malloc(i + 1);
        if (*pw != NULL) {
            memcpy(*pw, data, i);
            (*pw)[i] = '\0';
        }
        cli_free_secret(data, len);
    } else {
        return cli_error("-pass: expected pass:, env: or file:");
    }
    if (*pw == NULL) {
        return cli_error("out of memory");
    }
    *pw_len = strlen(*pw);
    return 0;
}

/* PBKDF2-HMAC (RFC 8018 5.2) through psa_mac_compute. */
static psa_status_t pbkdf2(psa_algorithm_t hash, const char *pw, size_t pw_len,
                           const uint8_t *salt, size_t salt_len, unsigned long iter,
                           uint8_t *out, size_t out_len)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t key = 0;
    uint8_t u[PSA_HASH_MAX_SIZE], t[PSA_HASH_MAX_SIZE], block[16 + 4];
    size_t hlen = PSA_HASH_LENGTH(hash), n, done = 0;
    uint32_t index = 1;
    psa_status_t st;
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_HMAC(hash));
    /* An empty password is a valid PBKDF2 input but no PSA key: HMAC pads
     * keys with zeros to the block, so a one-zero-byte key is the same. */
    st = psa_import_key(&attr, pw_len ? (const uint8_t *)pw : (const uint8_t *)"\0",
                        pw_len ? pw_len : 1, &key);
    while (st == PSA_SUCCESS && done < out_len) {
        unsigned long i;
        size_t j, take = out_len - done < hlen ? out_len - done : hlen;
        memcpy(block, salt, salt_len);
        block[salt_len] = (uint8_t)(index >> 24);
        block[salt_len + 1] = (uint8_t)(index >> 16);
        block[salt_len + 2] = (uint8_t)(index >> 8);
        block[salt_len + 3] = (uint8_t)index;
        st = psa_mac_compute(key, PSA_ALG_HMAC(hash), block, salt_len + 4, u, sizeof(u), &n);
        memcpy(t, u, hlen);
        for (i = 1; st == PSA_SUCCESS && i < iter; i++) {
            st = psa_mac_compute(key, PSA_ALG_HMAC(hash), u, hlen, u, sizeof(u), &n);
            for (j = 0; j < hlen; j++) {
                t[j] ^= u[j];
            }
        }
        memcpy(out + done, t, take);
        done += take;
        index++;
    }
    psa_destroy_key(key);
    cli_wipe(u, sizeof(u));
    cli_wipe(t, sizeof(t));
    return st;
}

/* OpenSSL's EVP_BytesToKey with one iteration: D_1 = H(pw || salt),
 * D_i = H(D_{i-1} || pw || salt), key || iv = D_1 || D_2 || ... */
static psa_status_t bytes_to_key(psa_algorithm_t hash, const char *pw, size_t pw_len,
                                 const uint8_t *salt, size_t salt_len, uint8_t *out,
                                 size_t out_len)
{
    uint8_t d[PSA_HASH_MAX_SIZE];
    size_t dlen = 0, done = 0, n;
    psa_status_t st = PSA_SUCCESS;
    while (st == PSA_SUCCESS && done < out_len) {
        psa_hash_operation_t op = PSA_HASH_OPERATION_INIT;
        st = psa_hash_setup(&op, hash);
        if (st == PSA_SUCCESS && dlen != 0) st = psa_hash_update(&op, d, dlen);
        if (st == PSA_SUCCESS) st = psa_hash_update(&op, (const uint8_t *)pw, pw_len);
        if (st == PSA_SUCCESS) st = psa_hash_update(&op, salt, salt_len);
        if (st == PSA_SUCCESS) st = psa_hash_finish(&op, d, sizeof(d), &dlen);
        psa_hash_abort(&op);
        n = out_len - done < dlen ? out_len - done : dlen;
        if (st == PSA_SUCCESS) memcpy(out + done, d, n);
        done += n;
    }
    cli_wipe(d, sizeof(d));
    return st;
}

/* RFC 4648 4 decoding of the (public) ciphertext of -d -a; whitespace is
 * skipped. Returns 0 or 1 after a message. */
static int base64_decode(const uint8_t *in, size_t len, uint8_t *out, size_t *out_len)
{
    uint32_t acc = 0;
    size_t i, bits = 0, n = 0, pad = 0;
    for (i = 0; i < len; i++) {
        uint8_t c = in[i];
        int v;
        if (c == '\n' || c == '\r' || c == ' ' || c == '\t') continue;
        if (c == '=') {
            pad++;
            continue;
        }
        if (pad != 0) return cli_error("bad base64 input");
        v = (c >= 'A' && c <= 'Z') ? c - 'A' : (c >= 'a' && c <= 'z') ? c - 'a' + 26
            : (c >= '0' && c <= '9') ? c - '0' + 52 : c == '+' ? 62 : c == '/' ? 63 : -1;
        if (v < 0) return cli_error("bad base64 input");
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[n++] = (uint8_t)(acc >> bits);
        }
    }
    if (pad > 2) return cli_error("bad base64 input");
    *out_len = n;
    return 0;
}

static void print_hex_upper(FILE *f, const char *label, const uint8_t *data, size_t len)
{
    size_t i;
    fprintf(f, "%s", label);
    for (i = 0; i < len; i++) {
        fprintf(f, "%02X", data[i]);
    }
    fprintf(f, "\n");
}

typedef struct {
    const enc_cipher *cipher;
    int decrypt, base64, nopad, print, print_only, use_pbkdf2, nosalt;
    unsigned long iter;
    const char *key_hex, *iv_hex, *pass_src, *password, *salt_hex, *md, *in, *out;
} enc_args;

static int parse_enc_args(int argc, char **argv, enc_args *a)
{
    int i;
    memset(a, 0, sizeof(*a));
    a->iter = 10000;
    a->md = "sha256";
    for (i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        const enc_cipher *c = cipher_by_option(arg);
#define TAKE(field)                                                    \
    do {                                                               \
        if (next == NULL) return cli_error("%s needs an argument", arg); \
        (field) = next;                                                \
        i++;                                                           \
    } while (0)
        if (cli_is_help(arg)) {
            fputs(enc_usage, stdout);
            exit(0);
        } else if (c != NULL && arg[0] == '-') {
            a->cipher = c;
        } else if (cli_is_opt(arg, "cipher")) {
            if (next == NULL || (a->cipher = cipher_by_option(next)) == NULL) {
                return cli_error("unknown cipher %s", next != NULL ? next : "");
            }
            i++;
        } else if (cli_is_opt(arg, "e")) {
            a->decrypt = 0;
        } else if (cli_is_opt(arg, "d")) {
            a->decrypt = 1;
        } else if (cli_is_opt(arg, "a") || cli_is_opt(arg, "base64")) {
            a->base64 = 1;
        } else if (cli_is_opt(arg, "nopad")) {
            a->nopad = 1;
        } else if (cli_is_opt(arg, "p")) {
            a->print = 1;
        } else if (cli_is_opt(arg, "P")) {
            a->print = a->print_only = 1;
        } else if (cli_is_opt(arg, "pbkdf2")) {
            a->use_pbkdf2 = 1;
        } else if (cli_is_opt(arg, "nosalt")) {
            a->nosalt = 1;
        } else if (cli_is_opt(arg, "salt")) {
            a->nosalt = 0;
        } else if (cli_is_opt(arg, "iter")) {
            char *end = NULL;
            if (next == NULL) return cli_error("-iter needs an argument");
            a->iter = strtoul(next, &end, 10);
            if (*next == '\0' || *end != '\0' || a->iter == 0) return cli_error("-iter: bad count %s", next);
            a->use_pbkdf2 = 1;   /* as OpenSSL: -iter implies -pbkdf2 */
            i++;
        } else if (cli_is_opt(arg, "K")) {
            TAKE(a->key_hex);
        } else if (cli_is_opt(arg, "iv")) {
            TAKE(a->iv_hex);
        } else if (cli_is_opt(arg, "pass")) {
            TAKE(a->pass_src);
        } else if (cli_is_opt(arg, "k")) {
            TAKE(a->password);
        } else if (cli_is_opt(arg, "S")) {
            TAKE(a->salt_hex);
        } else if (cli_is_opt(arg, "md")) {
            TAKE(a->md);
        } else if (cli_is_opt(arg, "in")) {
            TAKE(a->in);
        } else if (cli_is_opt(arg, "out")) {
            TAKE(a->out);
        } else {
            return cli_error("unknown option %s (picopsa enc -help)", arg);
        }
#undef TAKE
    }
    if (a->cipher == NULL) return cli_error("no cipher given (picopsa enc -help)");
    return 0;
}

/* Key and IV from -K/-iv or from the password. salt/salt_len: the salt
 * used (for the header and -p). */
static int derive_key_iv(const enc_args *a, const uint8_t *in, size_t in_len, size_t *consumed,
                         uint8_t *key, uint8_t *iv, uint8_t salt[8], int *have_salt)
{
    const enc_cipher *c = a->cipher;
    const cli_digest *d = cli_digest_by_name(a->md);
    char *pw = NULL;
    size_t pw_len = 0;
    uint8_t both[64];
    psa_status_t st;
    *consumed = 0;
    *have_salt = 0;
    if (a->key_hex != NULL) {
        if (parse_hex_padded("-K", a->key_hex, key, c->key_bytes) != 0) return 1;
        if (c->iv_bytes != 0) {
            if (a->iv_hex == NULL) return cli_error("-iv is needed with -K for %s", c->name);
            if (parse_hex_padded("-iv", a->iv_hex, iv, c->iv_bytes) != 0) return 1;
        }
        return 0;
    }
    if (a->pass_src != NULL) {
        if (read_password(a->pass_src, &pw, &pw_len) != 0) return 1;
    } else if (a->password != NULL) {
        pw = strdup(a->password);
        if (pw == NULL) return cli_error("out of memory");
        pw_len = strlen(pw);
    } else {
        return cli_error("no key: give -K (and -iv) or a password (-pass, -k)");
    }
    if (d == NULL) {
        cli_free_secret(pw, pw_len);
        return cli_error("-md: unknown digest %s", a->md);
    }
    if (a->salt_hex != NULL) {
        if (parse_hex_padded("-S", a->salt_hex, salt, 8) != 0) {
            cli_free_secret(pw, pw_len);
            return 1;
        }
        *have_salt = 1;
    } else if (!a->nosalt) {
        if (a->decrypt) {
            /* "Salted__" || salt in front of the ciphertext */
            if (in_len < 16 || memcmp(in, "Salted__", 8) != 0) {
                cli_free_secret(pw, pw_len);
                return cli_error("%s: bad magic number: no \"Salted__\" header",
                                 a->in != NULL ? a->in : "stdin");
            }
            memcpy(salt, in + 8, 8);
            *consumed = 16;
        } else if ((st = psa_generate_random(salt, 8)) != PSA_SUCCESS) {
            cli_free_secret(pw, pw_len);
            return cli_psa_error("salt", st);
        }
        *have_salt = 1;
    }
    st = a->use_pbkdf2 ? pbkdf2(d->alg, pw, pw_len, salt, *have_salt ? 8 : 0, a->iter, both,
                                c->key_bytes + c->iv_bytes)
                       : bytes_to_key(d->alg, pw, pw_len, salt, *have_salt ? 8 : 0, both,
                                      c->key_bytes + c->iv_bytes);
    cli_free_secret(pw, pw_len);
    if (st != PSA_SUCCESS) return cli_psa_error("key derivation", st);
    memcpy(key, both, c->key_bytes);
    memcpy(iv, both + c->key_bytes, c->iv_bytes);
    cli_wipe(both, sizeof(both));
    /* -iv overrides the derived IV, as in OpenSSL */
    if (a->iv_hex != NULL && c->iv_bytes != 0 &&
        parse_hex_padded("-iv", a->iv_hex, iv, c->iv_bytes) != 0) {
        return 1;
    }
    return 0;
}

int cmd_enc(int argc, char **argv)
{
    enc_args a;
    uint8_t key[32], iv[16], salt[8];
    uint8_t *in = NULL, *out = NULL, *data;
    size_t in_len = 0, data_len, consumed, n1 = 0, n2 = 0, out_cap = 0;
    int have_salt, rc = 1;
    psa_algorithm_t alg;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    psa_cipher_operation_t op = PSA_CIPHER_OPERATION_INIT;
    psa_status_t st;
    cli_sink sink;
    memset(&sink, 0, sizeof(sink));
    if (parse_enc_args(argc, argv, &a) != 0) return 1;
    if (cli_init() != 0) return 1;
    alg = a.cipher->alg;
    if (a.nopad && alg == PSA_ALG_CBC_PKCS7) alg = PSA_ALG_CBC_NO_PADDING;
    if (!a.nopad && alg == PSA_ALG_ECB_NO_PADDING) alg = 0;   /* ECB with PKCS#7: below */
    if (!a.print_only) {
        in = cli_read_file(a.in, &in_len);
        if (in == NULL) return 1;
        if (a.decrypt && a.base64) {
            uint8_t *raw = malloc(in_len + 1);
            size_t raw_len = 0;
            if (raw == NULL || base64_decode(in, in_len, raw, &raw_len) != 0) {
                free(raw);
                cli_free_secret(in, in_len);
                return raw == NULL ? cli_error("out of memory") : 1;
            }
            cli_free_secret(in, in_len);
            in = raw;
            in_len = raw_len;
        }
    }
    memset(key, 0, sizeof(key));
    memset(iv, 0, sizeof(iv));
    if (derive_key_iv(&a, in, in_len, &consumed, key, iv, salt, &have_salt) != 0) goto done;
    if (a.print) {
        /* stdout, before the output, as OpenSSL */
        if (have_salt) print_hex_upper(stdout, "salt=", salt, 8);
        print_hex_upper(stdout, "key=", key, a.cipher->key_bytes);
        if (a.cipher->iv_bytes != 0) print_hex_upper(stdout, "iv =", iv, a.cipher->iv_bytes);
        fflush(stdout);
        if (a.print_only) {
            rc = 0;
            goto done;
        }
    }
    data = in + consumed;
    data_len = in_len - consumed;
    /* ECB with padding: PSA has no such algorithm; pad or strip here and
     * run ECB without padding (the check is the same PKCS#7 rule). */
    psa_set_key_type(&attr, a.cipher->type);
    psa_set_key_usage_flags(&attr, a.decrypt ? PSA_KEY_USAGE_DECRYPT : PSA_KEY_USAGE_ENCRYPT);
    psa_set_key_algorithm(&attr, alg != 0 ? alg : PSA_ALG_ECB_NO_PADDING);
    st = psa_import_key(&attr, key, a.cipher->key_bytes, &id);
    if (st != PSA_SUCCESS) {
        cli_psa_error("key", st);
        goto done;
    }
    out_cap = data_len + 32;
    out = malloc(out_cap);
    if (out == NULL) {
        cli_error("out of memory");
        goto done;
    }
    if (alg == 0) {
        /* ECB + PKCS#7 */
        size_t pad = 16 - data_len % 16, m = 0;
        if (!a.decrypt) {
            memcpy(out, data, data_len);
            memset(out + data_len, (int)pad, pad);
            st = psa_cipher_encrypt(id, PSA_ALG_ECB_NO_PADDING, out, data_len + pad, out,
                                    data_len + 32, &n1);
        } else {
            st = data_len == 0 || data_len % 16 != 0
                     ? PSA_ERROR_INVALID_PADDING
                     : psa_cipher_decrypt(id, PSA_ALG_ECB_NO_PADDING, data, data_len, out,
                                          data_len + 32, &n1);
            if (st == PSA_SUCCESS) {
                /* RFC 5652 6.3, without a branch on the plaintext: every
                 * byte of the last block is looked at; only the verdict
                 * decides. */
                uint32_t good, k;
                m = out[n1 - 1];
                good = (uint32_t)(0u - (((uint32_t)m - 1u) >> 31 ^ 1u));          /* m != 0 */
                good &= (uint32_t)(0u - ((16u - (uint32_t)m) >> 31 ^ 1u));        /* m <= 16 */
                for (k = 0; k < 16; k++) {
                    uint32_t in_pad = (uint32_t)(0u - ((k - (uint32_t)m) >> 31));  /* k < m */
                    uint32_t diff = (uint32_t)(out[n1 - 1 - k] ^ m);
                    good &= ~(in_pad & (uint32_t)(0u - ((diff | (0u - diff)) >> 31)));
                }
                if (good == 0) st = PSA_ERROR_INVALID_PADDING;
                else n1 -= m;
            }
        }
    } else {
        st = a.decrypt ? psa_cipher_decrypt_setup(&op, id, alg) : psa_cipher_encrypt_setup(&op, id, alg);
        if (st == PSA_SUCCESS && a.cipher->iv_bytes != 0) st = psa_cipher_set_iv(&op, iv, a.cipher->iv_bytes);
        if (st == PSA_SUCCESS) st = psa_cipher_update(&op, data, data_len, out, data_len + 32, &n1);
        if (st == PSA_SUCCESS) st = psa_cipher_finish(&op, out + n1, data_len + 32 - n1, &n2);
        psa_cipher_abort(&op);
        n1 += n2;
    }
    if (st == PSA_ERROR_INVALID_PADDING || (st == PSA_ERROR_INVALID_ARGUMENT && a.decrypt)) {
        cli_error("%s: bad decrypt (wrong key or password, or corrupted input)",
                  a.in != NULL ? a.in : "stdin");
        goto done;
    }
    if (st == PSA_ERROR_INVALID_ARGUMENT) {
        cli_error("%s: data not multiple of block length (-nopad)", a.in != NULL ? a.in : "stdin");
        goto done;
    }
    if (st != PSA_SUCCESS) {
        cli_psa_error(a.decrypt ? "decrypt" : "encrypt", st);
        goto done;
    }
    if (cli_sink_open(&sink, a.out, a.decrypt) != 0) goto done;
    if (!a.decrypt && have_salt && a.salt_hex == NULL) {
        uint8_t header[16];
        memcpy(header, "Salted__", 8);
        memcpy(header + 8, salt, 8);
        if (a.base64) {
            /* the header is part of the base64 stream */
            uint8_t *joined = malloc(n1 + 16);
            if (joined == NULL) {
                cli_sink_abort(&sink);
                cli_error("out of memory");
                goto done;
            }
            memcpy(joined, header, 16);
            memcpy(joined + 16, out, n1);
            cli_free_secret(out, out_cap);
            out = joined;
            n1 += 16;
            out_cap = n1;
        } else {
            cli_sink_write(&sink, header, 16);
        }
    }
    if (!a.decrypt && a.base64) {
        size_t b64_size = ppk_base64_encoded_size(n1, 64), b64_len = 0;
        uint8_t *b64 = malloc(b64_size + 1);
        if (b64 == NULL || ppk_base64_encode(out, n1, 64, b64, b64_size + 1, &b64_len) != PPK_OK) {
            free(b64);
            cli_sink_abort(&sink);
            cli_error("base64 encoding failed");
            goto done;
        }
        cli_sink_write(&sink, b64, b64_len);
        free(b64);
    } else {
        cli_sink_write(&sink, out, n1);
    }
    rc = cli_sink_commit(&sink);
done:
    if (id != 0) psa_destroy_key(id);
    cli_wipe(key, sizeof(key));
    cli_wipe(iv, sizeof(iv));
    if (out != NULL) cli_free_secret(out, out_cap);
    if (in != NULL) cli_free_secret(in, in_len);
    return rc;
}

/* ---- picopsa mac ---------------------------------------------------------- */

static const char mac_usage[] =
    "Usage: picopsa mac [options] HMAC|CMAC\n"
    "  -digest NAME       HMAC's hash (sha256, ...)\n"
    "  -cipher NAME       CMAC's cipher: AES-128-CBC, AES-192-CBC, AES-256-CBC\n"
    "  -macopt key:STRING | -macopt hexkey:HEX   the key\n"
    "  -in FILE -out FILE (default stdin / stdout); -binary: raw tag\n"
    "Output: the tag in uppercase hex and a newline, as openssl mac.\n";

int cmd_mac(int argc, char **argv)
{
    const char *digest = NULL, *cipher = NULL, *in_path = NULL, *out_path = NULL, *name = NULL;
    const char *keyopt = NULL;
    int binary = 0, i, rc = 1;
    uint8_t key[1024], tag[PSA_MAC_MAX_SIZE], *in = NULL;
    size_t key_len = 0, in_len = 0, tag_len = 0;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    psa_algorithm_t alg;
    psa_status_t st;
    cli_sink sink;
    memset(&sink, 0, sizeof(sink));
    for (i = 1; i < argc; i++) {
        const char *arg = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (cli_is_help(arg)) {
            fputs(mac_usage, stdout);
            return 0;
        } else if (arg[0] != '-') {
            name = arg;
        } else if (cli_is_opt(arg, "binary")) {
            binary = 1;
        } else if (next == NULL) {
            return cli_error("%s needs an argument (picopsa mac -help)", arg);
        } else if (cli_is_opt(arg, "digest")) {
            digest = argv[++i];
        } else if (cli_is_opt(arg, "cipher")) {
            cipher = argv[++i];
        } else if (cli_is_opt(arg, "macopt")) {
            keyopt = argv[++i];
        } else if (cli_is_opt(arg, "in")) {
            in_path = argv[++i];
        } else if (cli_is_opt(arg, "out")) {
            out_path = argv[++i];
        } else {
            return cli_error("unknown option %s (picopsa mac -help)", arg);
        }
    }
    if (name == NULL) return cli_error("no MAC algorithm given: HMAC or CMAC");
    if (keyopt == NULL) return cli_error("no key: -macopt key:STRING or -macopt hexkey:HEX");
    if (strncmp(keyopt, "key:", 4) == 0) {
        key_len = strlen(keyopt + 4);
        if (key_len > sizeof(key)) return cli_error("-macopt: key too long");
        memcpy(key, keyopt + 4, key_len);
    } else if (strncmp(keyopt, "hexkey:", 7) == 0) {
        key_len = strlen(keyopt + 7) / 2;
        if (strlen(keyopt + 7) % 2 != 0 || key_len > sizeof(key) ||
            parse_hex_padded("-macopt hexkey", keyopt + 7, key, key_len) != 0) {
            return cli_error("-macopt hexkey: expected an even number of hex digits");
        }
    } else {
        return cli_error("-macopt: expected key: or hexkey:");
    }
    if (strcasecmp(name, "HMAC") == 0) {
        const cli_digest *d = cli_digest_by_name(digest != NULL ? digest : "");
        if (d == NULL) {
            cli_wipe(key, sizeof(key));
            return cli_error("HMAC needs -digest (sha256, ...)");
        }
        alg = PSA_ALG_HMAC(d->alg);
        psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    } else if (strcasecmp(name, "CMAC") == 0) {
        size_t want = cipher == NULL ? 0 : strcasecmp(cipher, "AES-128-CBC") == 0 ? 16
                      : strcasecmp(cipher, "AES-192-CBC") == 0 ? 24
                      : strcasecmp(cipher, "AES-256-CBC") == 0 ? 32 : 0;
        if (want == 0) {
            cli_wipe(key, sizeof(key));
            return cli_error("CMAC needs -cipher AES-128-CBC, AES-192-CBC or AES-256-CBC");
        }
        if (key_len != want) {
            cli_wipe(key, sizeof(key));
            return cli_error("CMAC: the key must be %zu bytes for %s", want, cipher);
        }
        alg = PSA_ALG_CMAC;
        psa_set_key_type(&attr, PSA_KEY_TYPE_AES);
    } else {
        cli_wipe(key, sizeof(key));
        return cli_error("unknown MAC %s: HMAC or CMAC", name);
    }
    if (cli_init() != 0 || (in = cli_read_file(in_path, &in_len)) == NULL) {
        cli_wipe(key, sizeof(key));
        return 1;
    }
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE);
    psa_set_key_algorithm(&attr, alg);
    st = psa_import_key(&attr, key_len ? key : (const uint8_t *)"\0", key_len ? key_len : 1, &id);
    if (st == PSA_SUCCESS) st = psa_mac_compute(id, alg, in, in_len, tag, sizeof(tag), &tag_len);
    if (st != PSA_SUCCESS) {
        cli_psa_error(name, st);
    } else if (cli_sink_open(&sink, out_path, 0) == 0) {
        if (binary) {
            cli_sink_write(&sink, tag, tag_len);
        } else {
            for (i = 0; i < (int)tag_len; i++) cli_sink_printf(&sink, "%02X", tag[i]);
            cli_sink_printf(&sink, "\n");
        }
        rc = cli_sink_commit(&sink);
    }
    if (id != 0) psa_destroy_key(id);
    cli_wipe(key, sizeof(key));
    cli_free_secret(in, in_len);
    return rc;
}
