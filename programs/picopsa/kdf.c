/*
 * kdf.c -- picopsa kdf: OpenSSL's `openssl kdf` (3.0) for PBKDF2, HKDF,
 * TLS1-PRF and KBKDF (counter mode, HMAC or CMAC), byte for byte:
 *
 *   picopsa kdf -keylen N [-kdfopt NAME:VALUE]... [-binary] [-out FILE] KDF
 *
 * Output: the N bytes as uppercase hex pairs joined by ':', then "\n\n"
 * (openssl prints a trailing empty line), or the raw bytes with -binary.
 *
 * Options as OpenSSL takes them: the first occurrence of a parameter
 * wins (OSSL_PARAM_locate finds the first), except HKDF's info and
 * TLS1-PRF's seed, which OpenSSL concatenates. A parameter the KDF does
 * not have is an error ("unknown parameter"), as in OpenSSL.
 *
 * Each KDF runs through the PSA API:
 *  - PBKDF2: PSA_ALG_PBKDF2_HMAC(digest; default SHA-1, OpenSSL's),
 *    iter default 2048 (OpenSSL's PKCS5_DEFAULT_ITER);
 *  - HKDF: PSA_ALG_HKDF / _HKDF_EXTRACT (mode:EXTRACT_ONLY, -keylen the
 *    hash length) / _HKDF_EXPAND (mode:EXPAND_ONLY, key = the PRK);
 *  - TLS1-PRF: PSA_ALG_TLS12_PRF(SHA-256 or SHA-384) with OpenSSL's seed
 *    (label || seed, concatenated) as SEED and an empty LABEL: P_hash of
 *    the same bytes;
 *  - KBKDF with mac:HMAC: PSA_ALG_SP800_108_COUNTER_HMAC(digest), whose
 *    fixed input is OpenSSL's default one ([i]_4 || salt || 0x00 || info
 *    || [L]_4); a label with a 0x00 byte, label + context over the
 *    operation's 128-byte input limit, or use-l / use-separator 0: the
 *    same construction from psa_mac_* calls;
 *  - KBKDF with mac:CMAC: OpenSSL's construction, which has NO K_0 term,
 *    computed from psa_mac_* calls with PSA_ALG_CMAC; it is not
 *    PSA_ALG_SP800_108_COUNTER_CMAC (10.6.1 adds K_0), whose output
 *    differs.
 *  - KBKDF feedback mode (mode:FEEDBACK, seed: the IV K(0)): SP 800-108r1
 *    4.2 from PSA MAC calls, byte for byte with openssl kdf. OpenSSL takes
 *    only an empty IV or one of the MAC's length ("invalid seed length"
 *    otherwise); SP 800-108 sets no length, so any IV is taken here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

static const char kdf_usage[] =
    "Usage: picopsa kdf -keylen N [-kdfopt NAME:VALUE]... [-binary] [-out FILE] KDF\n"
    "  (openssl kdf, byte for byte; output: hex pairs with ':', or -binary)\n"
    "KDF and its -kdfopt parameters (hex...: the value in hex):\n"
    "  PBKDF2    pass: hexpass: salt: hexsalt: iter: (2048) digest: (SHA1)\n"
    "  HKDF      key: hexkey: salt: hexsalt: info: hexinfo: digest: mode: (EXTRACT_AND_EXPAND,\n"
    "            EXTRACT_ONLY, EXPAND_ONLY)\n"
    "  TLS1-PRF  secret: hexsecret: seed: hexseed: digest: (SHA256 or SHA384)\n"
    "  KBKDF     mac: (HMAC, CMAC) digest: cipher: (AES-128/192/256-CBC) key: hexkey: salt:\n"
    "            hexsalt: (label) info: hexinfo: (context) mode: (counter, feedback)\n"
    "            seed: hexseed: (the feedback-mode IV)\n"
    "            use-l: use-separator: (0 or 1)\n"
    "  -digest D, -mac M, -cipher C  the same as -kdfopt digest:D, mac:M, cipher:C\n";

#define KDF_VALUE_MAX 1024u

/* One byte-string parameter: set once (first wins) or concatenated. */
typedef struct {
    uint8_t data[KDF_VALUE_MAX];
    size_t len;
    int set;
} kdf_bytes;

typedef struct {
    const char *digest, *mac, *cipher, *mode, *iter, *use_l, *use_sep;
    kdf_bytes pass, salt, key, secret, info, seed;
} kdf_params;

enum { K_PBKDF2, K_HKDF, K_TLS1_PRF, K_KBKDF };

static int hex_digit(char c)
{
    return (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10
           : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
}

/* value (text or hex: an even number of hex digits, nothing else, as
 * OpenSSL 3.0 takes it) into b: appended when concat, else only if b is
 * not set yet. */
static int put_bytes(kdf_bytes *b, const char *name, const char *value, int hex, int concat)
{
    size_t n = b->len;
    if (b->set && !concat) {
        return 0;   /* the first occurrence wins */
    }
    if (!hex) {
        size_t len = strlen(value);
        if (len > KDF_VALUE_MAX - n) return cli_error("-kdfopt %s: value too long", name);
        memcpy(b->data + n, value, len);
        n += len;
    } else {
        while (*value != '\0') {
            int hi, lo;
            hi = hex_digit(value[0]);
            lo = hi < 0 || value[1] == '\0' ? -1 : hex_digit(value[1]);
            if (lo < 0) return cli_error("-kdfopt %s: not an even number of hex digits", name);
            if (n == KDF_VALUE_MAX) return cli_error("-kdfopt %s: value too long", name);
            b->data[n++] = (uint8_t)(hi << 4 | lo);
            value += 2;
        }
    }
    b->len = n;
    b->set = 1;
    return 0;
}

static void put_string(const char **field, const char *value)
{
    if (*field == NULL) *field = value;   /* the first occurrence wins */
}

/* The parameters each KDF has (OpenSSL 3.0's settable ones we take). */
static int param_allowed(int kdf, const char *name)
{
    static const char *const pbkdf2[] = {"pass", "hexpass", "salt", "hexsalt", "iter", "digest",
                                         NULL};
    static const char *const hkdf[] = {"key", "hexkey", "salt", "hexsalt", "info", "hexinfo",
                                       "digest", "mode", NULL};
    static const char *const tls1[] = {"secret", "hexsecret", "seed", "hexseed", "digest", NULL};
    static const char *const kbkdf[] = {"mac", "digest", "cipher", "key", "hexkey", "salt",
                                        "hexsalt", "info", "hexinfo", "seed", "hexseed", "mode",
                                        "use-l", "use-separator", NULL};
    const char *const *list = kdf == K_PBKDF2 ? pbkdf2 : kdf == K_HKDF ? hkdf
                              : kdf == K_TLS1_PRF ? tls1 : kbkdf;
    for (; *list != NULL; list++) {
        if (strcmp(*list, name) == 0) return 1;
    }
    return 0;
}

static int parse_kdfopt(kdf_params *p, int kdf, const char *opt)
{
    char name[32];
    const char *colon = strchr(opt, ':'), *v;
    size_t n;
    if (colon == NULL || colon == opt || (size_t)(colon - opt) >= sizeof(name)) {
        return cli_error("-kdfopt %s: expected NAME:VALUE", opt);
    }
    n = (size_t)(colon - opt);
    memcpy(name, opt, n);
    name[n] = '\0';
    v = colon + 1;
    if (!param_allowed(kdf, name)) return cli_error("unknown parameter '%s' for this KDF", opt);
    if (strcmp(name, "digest") == 0) put_string(&p->digest, v);
    else if (strcmp(name, "mac") == 0) put_string(&p->mac, v);
    else if (strcmp(name, "cipher") == 0) put_string(&p->cipher, v);
    else if (strcmp(name, "mode") == 0) put_string(&p->mode, v);
    else if (strcmp(name, "iter") == 0) put_string(&p->iter, v);
    else if (strcmp(name, "use-l") == 0) put_string(&p->use_l, v);
    else if (strcmp(name, "use-separator") == 0) put_string(&p->use_sep, v);
    else {
        int hex = strncmp(name, "hex", 3) == 0;
        const char *base = hex ? name + 3 : name;
        kdf_bytes *b = strcmp(base, "pass") == 0     ? &p->pass
                       : strcmp(base, "salt") == 0   ? &p->salt
                       : strcmp(base, "key") == 0    ? &p->key
                       : strcmp(base, "secret") == 0 ? &p->secret
                       : strcmp(base, "info") == 0   ? &p->info
                                                     : &p->seed;
        /* OpenSSL concatenates HKDF's info and TLS1-PRF's seed. */
        int concat = (kdf == K_HKDF && b == &p->info) || (kdf == K_TLS1_PRF && b == &p->seed);
        return put_bytes(b, name, v, hex, concat);
    }
    return 0;
}

/* A decimal number in 1..max; 0 on error. */
static unsigned long parse_count(const char *s, unsigned long max)
{
    char *end;
    unsigned long v;
    if (s == NULL || *s < '0' || *s > '9') return 0;
    v = strtoul(s, &end, 10);
    return (*end != '\0' || v > max) ? 0 : v;
}

static psa_algorithm_t digest_alg(const char *name, const char *kdf_name)
{
    const cli_digest *d = name != NULL ? cli_digest_by_name(name) : NULL;
    if (name == NULL) {
        cli_error("%s needs -kdfopt digest:NAME", kdf_name);
        return 0;
    }
    if (d == NULL) {
        cli_error("%s: unknown digest %s", kdf_name, name);
        return 0;
    }
    return d->alg;
}

/* Run a PSA key derivation: setup, the steps in order (bytes), output. */
typedef struct {
    psa_key_derivation_step_t step;
    const kdf_bytes *value;   /* NULL: an empty input */
} kdf_step_in;

static int psa_derive(const char *what, psa_algorithm_t alg, uint64_t cost, size_t capacity,
                      const kdf_step_in *steps, size_t n_steps, uint8_t *out, size_t len)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_status_t st = psa_key_derivation_setup(&op, alg);
    size_t i;
    if (st == PSA_SUCCESS && capacity != 0) st = psa_key_derivation_set_capacity(&op, capacity);
    if (st == PSA_SUCCESS && cost != 0) {
        st = psa_key_derivation_input_integer(&op, PSA_KEY_DERIVATION_INPUT_COST, cost);
    }
    for (i = 0; st == PSA_SUCCESS && i < n_steps; i++) {
        const kdf_bytes *v = steps[i].value;
        st = psa_key_derivation_input_bytes(&op, steps[i].step, v != NULL ? v->data : NULL,
                                            v != NULL ? v->len : 0);
    }
    if (st == PSA_SUCCESS) st = psa_key_derivation_output_bytes(&op, out, len);
    psa_key_derivation_abort(&op);
    if (st == PSA_ERROR_INSUFFICIENT_DATA) {
        return cli_error("%s: -keylen %zu is more than it can output", what, len);
    }
    return st == PSA_SUCCESS ? 0 : cli_psa_error(what, st);
}

static int run_pbkdf2(const kdf_params *p, uint8_t *out, size_t len)
{
    psa_algorithm_t hash = digest_alg(p->digest != NULL ? p->digest : "SHA1", "PBKDF2");
    unsigned long iter = p->iter != NULL ? parse_count(p->iter, 0xFFFFFFFFul) : 2048u;
    kdf_step_in steps[2];
    if (hash == 0) return 1;
    if (iter == 0) return cli_error("PBKDF2: iter must be a number from 1 to 4294967295");
    if (!p->salt.set) return cli_error("PBKDF2: missing salt (-kdfopt salt: or hexsalt:)");
    if (!p->pass.set) return cli_error("PBKDF2: missing password (-kdfopt pass: or hexpass:)");
    steps[0].step = PSA_KEY_DERIVATION_INPUT_SALT;
    steps[0].value = &p->salt;
    steps[1].step = PSA_KEY_DERIVATION_INPUT_PASSWORD;
    steps[1].value = &p->pass;
    return psa_derive("PBKDF2", PSA_ALG_PBKDF2_HMAC(hash), iter, 0, steps, 2, out, len);
}

static int run_hkdf(const kdf_params *p, uint8_t *out, size_t len)
{
    psa_algorithm_t hash = digest_alg(p->digest, "HKDF");
    kdf_step_in steps[3];
    const char *mode = p->mode != NULL ? p->mode : "EXTRACT_AND_EXPAND";
    if (hash == 0) return 1;
    if (!p->key.set) return cli_error("HKDF: missing key (-kdfopt key: or hexkey:)");
    if (strcasecmp(mode, "EXTRACT_AND_EXPAND") == 0) {
        steps[0].step = PSA_KEY_DERIVATION_INPUT_SALT;
        steps[0].value = &p->salt;   /* none: empty, RFC 5869's HashLen zeros in effect */
        steps[1].step = PSA_KEY_DERIVATION_INPUT_SECRET;
        steps[1].value = &p->key;
        steps[2].step = PSA_KEY_DERIVATION_INPUT_INFO;
        steps[2].value = &p->info;
        return psa_derive("HKDF", PSA_ALG_HKDF(hash), 0, 0, steps, 3, out, len);
    }
    if (strcasecmp(mode, "EXTRACT_ONLY") == 0) {
        if (len != PSA_HASH_LENGTH(hash)) {
            return cli_error("HKDF EXTRACT_ONLY: -keylen must be the digest length, %u",
                             (unsigned)PSA_HASH_LENGTH(hash));
        }
        steps[0].step = PSA_KEY_DERIVATION_INPUT_SALT;
        steps[0].value = &p->salt;
        steps[1].step = PSA_KEY_DERIVATION_INPUT_SECRET;
        steps[1].value = &p->key;
        return psa_derive("HKDF", PSA_ALG_HKDF_EXTRACT(hash), 0, 0, steps, 2, out, len);
    }
    if (strcasecmp(mode, "EXPAND_ONLY") == 0) {
        steps[0].step = PSA_KEY_DERIVATION_INPUT_SECRET;
        steps[0].value = &p->key;
        steps[1].step = PSA_KEY_DERIVATION_INPUT_INFO;
        steps[1].value = &p->info;
        return psa_derive("HKDF", PSA_ALG_HKDF_EXPAND(hash), 0, 0, steps, 2, out, len);
    }
    return cli_error("HKDF: unknown mode %s (EXTRACT_AND_EXPAND, EXTRACT_ONLY, EXPAND_ONLY)",
                     mode);
}

static int run_tls1_prf(const kdf_params *p, uint8_t *out, size_t len)
{
    psa_algorithm_t hash = digest_alg(p->digest, "TLS1-PRF");
    kdf_step_in steps[3];
    if (hash == 0) return 1;
    if (hash != PSA_ALG_SHA_256 && hash != PSA_ALG_SHA_384) {
        return cli_error("TLS1-PRF: digest %s not supported (PSA_ALG_TLS12_PRF: SHA256, SHA384)",
                         p->digest);
    }
    if (!p->secret.set) return cli_error("TLS1-PRF: missing secret (-kdfopt secret: or hexsecret:)");
    if (!p->seed.set) return cli_error("TLS1-PRF: missing seed (-kdfopt seed: or hexseed:)");
    /* P_hash(secret, label || seed): OpenSSL's seed is label || seed. */
    steps[0].step = PSA_KEY_DERIVATION_INPUT_SEED;
    steps[0].value = &p->seed;
    steps[1].step = PSA_KEY_DERIVATION_INPUT_SECRET;
    steps[1].value = &p->secret;
    steps[2].step = PSA_KEY_DERIVATION_INPUT_LABEL;
    steps[2].value = NULL;
    return psa_derive("TLS1-PRF", PSA_ALG_TLS12_PRF(hash), 0, 0, steps, 3, out, len);
}

/* SP 800-108r1 from PSA MAC calls, with OpenSSL KBKDF's inputs (no K_0):
 * counter mode (4.1) K(i) = PRF(K, [i]_4 || Label || [0x00] || Context ||
 * [[L]_4]); feedback mode (4.2, iv != NULL) puts K(i-1) first, with
 * K(0) = IV. */
static int kbkdf_by_mac(psa_algorithm_t mac_alg, psa_key_type_t key_type, const kdf_params *p,
                        const kdf_bytes *iv, int use_l, int use_sep, uint8_t *out, size_t len)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    uint8_t block[PSA_MAC_MAX_SIZE], counter[4], l_be[4];
    static const uint8_t zero = 0;
    size_t done = 0, block_len = 0;
    uint32_t i = 1, l = (uint32_t)(len * 8u);
    psa_status_t st;
    psa_set_key_type(&attr, key_type);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE);
    psa_set_key_algorithm(&attr, mac_alg);
    st = psa_import_key(&attr, p->key.data, p->key.len, &id);
    l_be[0] = (uint8_t)(l >> 24);
    l_be[1] = (uint8_t)(l >> 16);
    l_be[2] = (uint8_t)(l >> 8);
    l_be[3] = (uint8_t)l;
    while (st == PSA_SUCCESS && done < len) {
        psa_mac_operation_t op = PSA_MAC_OPERATION_INIT;
        size_t n;
        counter[0] = (uint8_t)(i >> 24);
        counter[1] = (uint8_t)(i >> 16);
        counter[2] = (uint8_t)(i >> 8);
        counter[3] = (uint8_t)i;
        st = psa_mac_sign_setup(&op, id, mac_alg);
        if (st == PSA_SUCCESS && iv != NULL) {
            /* K(i-1): the IV for i = 1, then the previous block */
            st = i == 1 ? psa_mac_update(&op, iv->data, iv->len)
                        : psa_mac_update(&op, block, block_len);
        }
        if (st == PSA_SUCCESS) st = psa_mac_update(&op, counter, sizeof(counter));
        if (st == PSA_SUCCESS) st = psa_mac_update(&op, p->salt.data, p->salt.len);
        if (st == PSA_SUCCESS && use_sep) st = psa_mac_update(&op, &zero, 1);
        if (st == PSA_SUCCESS) st = psa_mac_update(&op, p->info.data, p->info.len);
        if (st == PSA_SUCCESS && use_l) st = psa_mac_update(&op, l_be, sizeof(l_be));
        if (st == PSA_SUCCESS) st = psa_mac_sign_finish(&op, block, sizeof(block), &block_len);
        psa_mac_abort(&op);
        n = len - done < block_len ? len - done : block_len;
        if (st == PSA_SUCCESS) memcpy(out + done, block, n);
        done += n;
        i++;
    }
    cli_wipe(block, sizeof(block));
    if (id != PSA_KEY_ID_NULL) psa_destroy_key(id);
    return st == PSA_SUCCESS ? 0 : cli_psa_error("KBKDF", st);
}

/* 0 or 1 for use-l / use-separator (OpenSSL reads an integer). */
static int parse_flag(const char *s, const char *name, int *flag)
{
    if (s == NULL) {
        *flag = 1;
        return 0;
    }
    if (strcmp(s, "0") == 0 || strcmp(s, "1") == 0) {
        *flag = s[0] == '1';
        return 0;
    }
    return cli_error("KBKDF: %s must be 0 or 1", name);
}

static int run_kbkdf(const kdf_params *p, uint8_t *out, size_t len)
{
    int use_l, use_sep, feedback = 0;
    const kdf_bytes *iv = NULL;
    if (p->mode != NULL && strcasecmp(p->mode, "feedback") == 0) {
        feedback = 1;
        iv = &p->seed;   /* K(0); empty when not given (SP 800-108r1 4.2) */
    } else if (p->mode != NULL && strcasecmp(p->mode, "counter") != 0) {
        return cli_error("KBKDF: unknown mode %s (counter or feedback)", p->mode);
    }
    if (p->seed.set && !feedback) {
        /* OpenSSL 3.0: "invalid seed length" in counter mode */
        return cli_error("KBKDF: seed is the feedback-mode IV; counter mode takes none");
    }
    if (parse_flag(p->use_l, "use-l", &use_l) || parse_flag(p->use_sep, "use-separator", &use_sep)) {
        return 1;
    }
    if (p->mac == NULL) return cli_error("KBKDF needs -kdfopt mac:HMAC or mac:CMAC");
    if (!p->key.set || p->key.len == 0) return cli_error("KBKDF: missing key (-kdfopt key: or hexkey:)");
    if (len > 0x1FFFFFFFu) return cli_error("KBKDF: -keylen too large (L must fit 32 bits)");
    if (strcasecmp(p->mac, "HMAC") == 0) {
        psa_algorithm_t hash = digest_alg(p->digest, "KBKDF HMAC");
        if (hash == 0) return 1;
        if (!feedback && use_l && use_sep && memchr(p->salt.data, 0, p->salt.len) == NULL &&
            p->salt.len + p->info.len <= 128u) {
            /* exactly PSA_ALG_SP800_108_COUNTER_HMAC with L = 8 * keylen */
            kdf_step_in steps[3];
            steps[0].step = PSA_KEY_DERIVATION_INPUT_SECRET;
            steps[0].value = &p->key;
            steps[1].step = PSA_KEY_DERIVATION_INPUT_LABEL;
            steps[1].value = &p->salt;
            steps[2].step = PSA_KEY_DERIVATION_INPUT_CONTEXT;
            steps[2].value = &p->info;
            return psa_derive("KBKDF", PSA_ALG_SP800_108_COUNTER_HMAC(hash), 0, len, steps, 3,
                              out, len);
        }
        return kbkdf_by_mac(PSA_ALG_HMAC(hash), PSA_KEY_TYPE_HMAC, p, iv, use_l, use_sep, out, len);
    }
    if (strcasecmp(p->mac, "CMAC") == 0) {
        size_t want = p->cipher == NULL ? 0 : strcasecmp(p->cipher, "AES-128-CBC") == 0 ? 16
                      : strcasecmp(p->cipher, "AES-192-CBC") == 0 ? 24
                      : strcasecmp(p->cipher, "AES-256-CBC") == 0 ? 32 : 0;
        if (want == 0) {
            return cli_error("KBKDF CMAC needs -kdfopt cipher:AES-128-CBC, AES-192-CBC or "
                             "AES-256-CBC");
        }
        if (p->key.len != want) {
            return cli_error("KBKDF CMAC: the key must be %zu bytes for %s", want, p->cipher);
        }
        /* OpenSSL's KBKDF: no K_0 term, so not PSA_ALG_SP800_108_COUNTER_CMAC. */
        return kbkdf_by_mac(PSA_ALG_CMAC, PSA_KEY_TYPE_AES, p, iv, use_l, use_sep, out, len);
    }
    return cli_error("KBKDF: unknown mac %s (HMAC or CMAC)", p->mac);
}

int cmd_kdf(int argc, char **argv)
{
    const char *out_path = NULL, *name = NULL, *keylen_s = NULL;
    const char *opts[64];
    size_t n_opts = 0, len, k;
    int binary = 0, i, kdf, rc;
    kdf_params *p;
    uint8_t *out;
    cli_sink sink;
    memset(&sink, 0, sizeof(sink));
    for (i = 1; i < argc; i++) {
        const char *arg = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (cli_is_help(arg)) {
            fputs(kdf_usage, stdout);
            return 0;
        } else if (arg[0] != '-') {
            if (name != NULL) return cli_error("more than one KDF name (%s, %s)", name, arg);
            name = arg;
        } else if (cli_is_opt(arg, "binary")) {
            binary = 1;
        } else if (next == NULL) {
            return cli_error("%s needs an argument (picopsa kdf -help)", arg);
        } else if (cli_is_opt(arg, "keylen")) {
            keylen_s = argv[++i];
        } else if (cli_is_opt(arg, "out")) {
            out_path = argv[++i];
        } else if (cli_is_opt(arg, "kdfopt") || cli_is_opt(arg, "digest") ||
                   cli_is_opt(arg, "mac") || cli_is_opt(arg, "cipher")) {
            static char prefixed[3][80];
            const char *opt = argv[++i];
            if (n_opts == sizeof(opts) / sizeof(opts[0])) return cli_error("too many -kdfopt");
            if (!cli_is_opt(arg, "kdfopt")) {
                /* -digest D: -kdfopt digest:D */
                int slot = cli_is_opt(arg, "digest") ? 0 : cli_is_opt(arg, "mac") ? 1 : 2;
                snprintf(prefixed[slot], sizeof(prefixed[slot]), "%s:%s",
                         slot == 0 ? "digest" : slot == 1 ? "mac" : "cipher", opt);
                opt = prefixed[slot];
            }
            opts[n_opts++] = opt;
        } else {
            return cli_error("unknown option %s (picopsa kdf -help)", arg);
        }
    }
    if (name == NULL) return cli_error("no KDF given: PBKDF2, HKDF, TLS1-PRF or KBKDF");
    if (strcasecmp(name, "PBKDF2") == 0) kdf = K_PBKDF2;
    else if (strcasecmp(name, "HKDF") == 0) kdf = K_HKDF;
    else if (strcasecmp(name, "TLS1-PRF") == 0) kdf = K_TLS1_PRF;
    else if (strcasecmp(name, "KBKDF") == 0) kdf = K_KBKDF;
    else return cli_error("unknown KDF %s: PBKDF2, HKDF, TLS1-PRF or KBKDF", name);
    len = keylen_s != NULL ? parse_count(keylen_s, 1ul << 24) : 0;
    if (len == 0) return cli_error("-keylen N is needed, N from 1 to 16777216");

    p = calloc(1, sizeof(*p));
    out = malloc(len);
    if (p == NULL || out == NULL) {
        free(p);
        free(out);
        return cli_error("out of memory");
    }
    rc = 0;
    for (k = 0; k < n_opts && rc == 0; k++) {
        rc = parse_kdfopt(p, kdf, opts[k]);
    }
    if (rc == 0) rc = cli_init();
    if (rc == 0) {
        rc = kdf == K_PBKDF2 ? run_pbkdf2(p, out, len) : kdf == K_HKDF ? run_hkdf(p, out, len)
             : kdf == K_TLS1_PRF ? run_tls1_prf(p, out, len) : run_kbkdf(p, out, len);
    }
    if (rc == 0) rc = cli_sink_open(&sink, out_path, 0);
    if (rc == 0) {
        if (binary) {
            cli_sink_write(&sink, out, len);
        } else {
            for (k = 0; k < len; k++) cli_sink_printf(&sink, k == 0 ? "%02X" : ":%02X", out[k]);
            cli_sink_printf(&sink, "\n\n");
        }
        rc = cli_sink_commit(&sink);
    }
    cli_free_secret(out, len);
    cli_free_secret(p, sizeof(*p));
    return rc;
}
