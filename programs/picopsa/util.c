/*
 * util.c -- errors, files, atomic outputs, key loading for the picopsa tool.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

const char *cli_command = "picopsa";

int cli_error(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "picopsa %s: ", cli_command);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 1;
}

const char *cli_psa_status_name(psa_status_t status)
{
    switch (status) {
    case PSA_SUCCESS: return "success";
    case PSA_ERROR_NOT_PERMITTED: return "not permitted";
    case PSA_ERROR_NOT_SUPPORTED: return "not supported by this build";
    case PSA_ERROR_INVALID_ARGUMENT: return "invalid argument";
    case PSA_ERROR_BUFFER_TOO_SMALL: return "buffer too small";
    case PSA_ERROR_INSUFFICIENT_MEMORY: return "no free key slot";
    case PSA_ERROR_INSUFFICIENT_ENTROPY: return "insufficient entropy";
    case PSA_ERROR_INVALID_SIGNATURE: return "invalid signature";
    case PSA_ERROR_INVALID_PADDING: return "decryption failed (invalid padding)";
    case PSA_ERROR_CORRUPTION_DETECTED: return "corruption detected";
    case PSA_ERROR_DATA_INVALID: return "invalid data";
    case PSA_ERROR_DATA_CORRUPT: return "corrupt data";
    default: return "error";
    }
}

int cli_psa_error(const char *what, psa_status_t status)
{
    return cli_error("%s: %s (PSA status %d)", what, cli_psa_status_name(status), (int)status);
}

int cli_init(void)
{
    psa_status_t st = psa_crypto_init();
    if (st != PSA_SUCCESS) return cli_psa_error("psa_crypto_init", st);
    return 0;
}

void cli_wipe(void *buf, size_t len)
{
    volatile uint8_t *p = (volatile uint8_t *)buf;
    size_t i;
    if (buf == NULL) return;
    for (i = 0; i < len; i++) p[i] = 0;
}

void cli_free_secret(void *buf, size_t len)
{
    cli_wipe(buf, len);
    free(buf);
}

/* Files larger than this are refused (keys, signatures, ciphertexts and
 * pkeyutl inputs are small; dgst streams instead). */
#define CLI_MAX_FILE (64u * 1024u * 1024u)

uint8_t *cli_read_file(const char *path, size_t *len)
{
    int use_stdin = path == NULL || strcmp(path, "-") == 0;
    const char *name = use_stdin ? "stdin" : path;
    FILE *f = use_stdin ? stdin : fopen(path, "rb");
    uint8_t *buf = NULL;
    size_t cap = 0, n = 0;
    *len = 0;
    if (f == NULL) {
        cli_error("%s: %s", name, strerror(errno));
        return NULL;
    }
    /* Unbuffered: stdio's own buffer would hold the key file's bytes and
     * be freed unwiped by fclose; fread then reads into buf directly.
     * (stdin may have been read already: setvbuf must come first.) */
    if (!use_stdin) (void)setvbuf(f, NULL, _IONBF, 0);
    for (;;) {
        size_t got;
        if (n == cap) {
            uint8_t *grown;
            size_t ncap = cap ? 2u * cap : 4096u;
            if (cap >= CLI_MAX_FILE) {
                cli_error("%s: file too large", name);
                cli_free_secret(buf, cap);
                buf = NULL;
                break;
            }
            grown = (uint8_t *)malloc(ncap);
            if (grown == NULL) {
                cli_error("%s: out of memory", name);
                cli_free_secret(buf, cap);
                buf = NULL;
                break;
            }
            if (buf != NULL) memcpy(grown, buf, n);
            cli_free_secret(buf, cap); /* may hold key material */
            buf = grown;
            cap = ncap;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                cli_error("%s: read error", name);
                cli_free_secret(buf, cap);
                buf = NULL;
            }
            break;
        }
    }
    if (!use_stdin) fclose(f);
    if (buf != NULL) *len = n;
    return buf;
}

/* ---- atomic output ------------------------------------------------------------ */

int cli_sink_open(cli_sink *s, const char *path, int private_key)
{
    memset(s, 0, sizeof(*s));
    s->path = path;
    s->fd = -1;
    s->open = 1;
    if (path == NULL || strcmp(path, "-") == 0) {
        /* stdout: written at commit, so a failing command prints nothing. */
        s->to_stdout = 1;
        return 0;
    }
    {
        size_t n = strlen(path);
        int fd;
        s->tmp_path = (char *)malloc(n + 16u);
        if (s->tmp_path == NULL) {
            s->open = 0;
            return cli_error("%s: out of memory", path);
        }
        memcpy(s->tmp_path, path, n);
        memcpy(s->tmp_path + n, ".tmp.XXXXXX", 12u);
        /* mkstemp creates the file 0600; public outputs are widened to
         * 0644 & ~umask like fopen would create them. */
        fd = mkstemp(s->tmp_path);
        if (fd < 0) {
            int e = errno;
            free(s->tmp_path);
            s->tmp_path = NULL;
            s->open = 0;
            return cli_error("%s: %s", path, strerror(e));
        }
        if (!private_key) {
            mode_t mask = umask(0);
            umask(mask);
            (void)fchmod(fd, (mode_t)(0644 & ~mask));
        }
        s->fd = fd;
    }
    return 0;
}

/* Room for n more bytes; the old buffer is wiped before it is freed. */
static int sink_reserve(cli_sink *s, size_t n)
{
    uint8_t *grown;
    size_t ncap = s->cap != 0u ? s->cap : 4096u;
    if (n <= s->cap - s->len) return 1;
    while (ncap - s->len < n) {
        if (ncap > ((size_t)-1) / 2u) return 0;
        ncap *= 2u;
    }
    grown = (uint8_t *)malloc(ncap);
    if (grown == NULL) return 0;
    if (s->len != 0u) memcpy(grown, s->buf, s->len);
    cli_free_secret(s->buf, s->cap);
    s->buf = grown;
    s->cap = ncap;
    return 1;
}

void cli_sink_write(cli_sink *s, const void *data, size_t len)
{
    if (!s->open || s->failed || len == 0) return;
    if (!sink_reserve(s, len)) {
        s->failed = 1;
        return;
    }
    memcpy(s->buf + s->len, data, len);
    s->len += len;
}

void cli_sink_printf(cli_sink *s, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (!s->open || s->failed) return;
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    /* + 1: vsnprintf writes its NUL, which the length leaves out. */
    if (n < 0 || !sink_reserve(s, (size_t)n + 1u)) {
        s->failed = 1;
        return;
    }
    va_start(ap, fmt);
    (void)vsnprintf((char *)s->buf + s->len, (size_t)n + 1u, fmt, ap);
    va_end(ap);
    s->len += (size_t)n;
}

/* rand -hex and dgst -hmac print secrets: ppk_hex_encode indexes no
 * table by them (tests/ct/ct_cli_sink.c). */
void cli_sink_hex(cli_sink *s, const uint8_t *data, size_t len)
{
    uint8_t text[128];
    while (len > 0u) {
        size_t n = len < sizeof(text) / 2u ? len : sizeof(text) / 2u;
        ppk_hex_encode(data, n, text);
        cli_sink_write(s, text, 2u * n);
        data += n;
        len -= n;
    }
    cli_wipe(text, sizeof(text));
}

static void sink_release(cli_sink *s)
{
    cli_free_secret(s->buf, s->cap);
    s->buf = NULL;
    s->len = s->cap = 0;
    s->open = 0;
}

void cli_sink_abort(cli_sink *s)
{
    if (s->fd >= 0) close(s->fd);
    s->fd = -1;
    if (s->tmp_path != NULL) {
        unlink(s->tmp_path);
        free(s->tmp_path);
        s->tmp_path = NULL;
    }
    sink_release(s);
}

static int write_all(int fd, const uint8_t *p, size_t n)
{
    while (n > 0u) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return 0;
        p += w;
        n -= (size_t)w;
    }
    return 1;
}

int cli_sink_commit(cli_sink *s)
{
    const char *name = s->to_stdout ? "stdout" : s->path;
    if (!s->open) return 1;
    if (s->to_stdout) {
        /* What stdio holds goes first, then the output, past stdio. */
        if (fflush(stdout) != 0 || (!s->failed && !write_all(STDOUT_FILENO, s->buf, s->len))) s->failed = 1;
        sink_release(s);
        return s->failed ? cli_error("%s: write error", name) : 0;
    }
    if (s->failed || !write_all(s->fd, s->buf, s->len) || fsync(s->fd) != 0) {
        cli_sink_abort(s);
        return cli_error("%s: write error", name);
    }
    if (close(s->fd) != 0) {
        s->fd = -1;
        cli_sink_abort(s);
        return cli_error("%s: write error", name);
    }
    s->fd = -1;
    if (rename(s->tmp_path, s->path) != 0) {
        int e = errno;
        cli_sink_abort(s);
        return cli_error("%s: %s", name, strerror(e));
    }
    free(s->tmp_path);
    s->tmp_path = NULL;
    sink_release(s);
    return 0;
}

/* ---- options and names ---------------------------------------------------------- */

int cli_is_opt(const char *arg, const char *name)
{
    if (arg[0] != '-') return 0;
    arg++;
    if (arg[0] == '-') arg++;
    return strcmp(arg, name) == 0;
}

int cli_is_help(const char *arg)
{
    return cli_is_opt(arg, "help") || strcmp(arg, "-h") == 0;
}

int cli_parse_form(const char *s)
{
    if (strcasecmp(s, "PEM") == 0) return 0;
    if (strcasecmp(s, "DER") == 0) return 1;
    return -1;
}

const cli_digest cli_digests[] = {
    {"sha1", "SHA1", PSA_ALG_SHA_1},
    {"sha224", "SHA2-224", PSA_ALG_SHA_224},
    {"sha256", "SHA2-256", PSA_ALG_SHA_256},
    {"sha384", "SHA2-384", PSA_ALG_SHA_384},
    {"sha512", "SHA2-512", PSA_ALG_SHA_512},
    {"sha512-224", "SHA2-512/224", PSA_ALG_SHA_512_224},
    {"sha512-256", "SHA2-512/256", PSA_ALG_SHA_512_256},
    {"sha3-224", "SHA3-224", PSA_ALG_SHA3_224},
    {"sha3-256", "SHA3-256", PSA_ALG_SHA3_256},
    {"sha3-384", "SHA3-384", PSA_ALG_SHA3_384},
    {"sha3-512", "SHA3-512", PSA_ALG_SHA3_512},
};
const size_t cli_digest_count = sizeof(cli_digests) / sizeof(cli_digests[0]);

/* OpenSSL's spellings: sha256, SHA256, SHA2-256, sha-256, SHA512-256. */
const cli_digest *cli_digest_by_name(const char *name)
{
    size_t i;
    char norm[32];
    size_t n = 0;
    for (; *name != '\0' && n + 1u < sizeof(norm); name++) {
        char c = *name;
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        norm[n++] = c;
    }
    if (*name != '\0') return NULL;
    norm[n] = '\0';
    for (i = 0; i < cli_digest_count; i++) {
        const cli_digest *d = &cli_digests[i];
        char alt[32];
        size_t k;
        if (strcmp(norm, d->option) == 0) return d;
        /* "sha2-256", "sha2-512/224" */
        for (k = 0; d->ossl_name[k] != '\0' && k + 1u < sizeof(alt); k++) {
            char c = d->ossl_name[k];
            alt[k] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
        }
        alt[k] = '\0';
        if (strcmp(norm, alt) == 0) return d;
        /* "sha-256", "sha512/256" */
        if (strncmp(norm, "sha-", 4) == 0 && strcmp(norm + 4, d->option + 3) == 0) return d;
        if (strlen(norm) == strlen(d->option) && strncmp(norm, d->option, 6) == 0 && norm[6] == '/' &&
            strcmp(norm + 7, d->option + 7) == 0) {
            return d;
        }
    }
    return NULL;
}

const cli_digest *cli_digest_by_alg(psa_algorithm_t alg)
{
    size_t i;
    for (i = 0; i < cli_digest_count; i++) {
        if (cli_digests[i].alg == alg) return &cli_digests[i];
    }
    return NULL;
}

/* ---- keys --------------------------------------------------------------------------- */

int cli_key_is_private(const cli_key *k)
{
    return k->key.kind == PPK_ED25519_PRIVATE || k->key.kind == PPK_RSA_PRIVATE || k->key.kind == PPK_X25519_PRIVATE ||
           k->key.kind == PPK_EC_PRIVATE || k->key.kind == PPK_MLKEM_PRIVATE || k->key.kind == PPK_MLDSA_PRIVATE;
}

int cli_key_is_mlkem(const cli_key *k)
{
    return k->key.kind == PPK_MLKEM_PRIVATE || k->key.kind == PPK_MLKEM_PUBLIC;
}

int cli_key_is_mldsa(const cli_key *k)
{
    return k->key.kind == PPK_MLDSA_PRIVATE || k->key.kind == PPK_MLDSA_PUBLIC;
}

int cli_key_is_hss(const cli_key *k)
{
    return k->key.kind == PPK_HSS_PUBLIC;
}

int cli_key_is_ec(const cli_key *k)
{
    return k->key.kind == PPK_EC_PRIVATE || k->key.kind == PPK_EC_PUBLIC;
}

int cli_key_is_x25519(const cli_key *k)
{
    return k->key.kind == PPK_X25519_PRIVATE || k->key.kind == PPK_X25519_PUBLIC;
}

int cli_key_is_rsa(const cli_key *k)
{
    return k->key.kind == PPK_RSA_PRIVATE || k->key.kind == PPK_RSA_PUBLIC;
}

void cli_key_free(cli_key *k)
{
    cli_free_secret(k->file, k->file_len);
    cli_free_secret(k->work, k->work_len);
    memset(k, 0, sizeof(*k));
    k->name = "stdin";
}

int cli_key_load(cli_key *k, const char *path, const char *form, int want_public)
{
    const char *name = path != NULL ? path : "stdin";
    ppk_status st;
    int der = -1;
    if (cli_is_key_ref(path)) return cli_key_load_stored(k, path, want_public);
    memset(k, 0, sizeof(*k));
    if (form != NULL) {
        der = cli_parse_form(form);
        if (der < 0) return cli_error("%s: unknown key format '%s' (PEM or DER)", name, form);
    }
    k->name = name;
    k->file = cli_read_file(path, &k->file_len);
    if (k->file == NULL) return 1;
    if (der < 0) der = !ppk_is_pem(k->file, k->file_len);
    if (der) {
        st = ppk_parse_der(k->file, k->file_len, PPK_PEM_NONE, &k->key);
    } else {
        ppk_pem_label label;
        size_t der_len = 0;
        k->work_len = k->file_len; /* decoded is shorter than its text */
        k->work = (uint8_t *)malloc(k->work_len ? k->work_len : 1u);
        if (k->work == NULL) {
            cli_key_free(k);
            return cli_error("%s: out of memory", name);
        }
        st = ppk_pem_decode(k->file, k->file_len, &label, k->work, k->work_len, &der_len);
        if (st == PPK_OK && label == PPK_PEM_ENCRYPTED_PRIVATE_KEY) st = PPK_ERR_ENCRYPTED;
        if (st == PPK_OK) st = ppk_parse_der(k->work, der_len, label, &k->key);
    }
    if (st != PPK_OK) {
        cli_key_free(k);
        return cli_error("%s: could not read key: %s", name, ppk_strerror(st));
    }
    if (want_public && cli_key_is_private(k)) {
        cli_key_free(k);
        return cli_error("%s: could not read key: a private key where a public key was expected (-pubin)", name);
    }
    switch (k->key.kind) {
    case PPK_ED25519_PRIVATE: k->type = PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS); break;
    case PPK_ED25519_PUBLIC: k->type = PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_TWISTED_EDWARDS); break;
    case PPK_RSA_PRIVATE: k->type = PSA_KEY_TYPE_RSA_KEY_PAIR; break;
    case PPK_RSA_PUBLIC: k->type = PSA_KEY_TYPE_RSA_PUBLIC_KEY; break;
    case PPK_X25519_PRIVATE: k->type = PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY); break;
    case PPK_X25519_PUBLIC: k->type = PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_MONTGOMERY); break;
    /* PSA 1.2 9.6.4 / 9.7.4: the curve's size from the material. */
    case PPK_EC_PRIVATE: k->type = PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1); break;
    case PPK_EC_PUBLIC: k->type = PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_SECP_R1); break;
    /* PQC extension 2.2.1: key_bits names the set (a seed does not). */
    case PPK_MLKEM_PRIVATE: k->type = PSA_KEY_TYPE_ML_KEM_KEY_PAIR; break;
    case PPK_MLKEM_PUBLIC: k->type = PSA_KEY_TYPE_ML_KEM_PUBLIC_KEY; break;
    /* PQC extension 2.5.1: the key data names L and the parameter sets;
     * key_bits 0 on import takes n from them. */
    case PPK_HSS_PUBLIC: k->type = PSA_KEY_TYPE_HSS_PUBLIC_KEY; break;
    /* PQC extension 2.3.1: key_bits names the set (a seed does not). */
    case PPK_MLDSA_PRIVATE: k->type = PSA_KEY_TYPE_ML_DSA_KEY_PAIR; break;
    case PPK_MLDSA_PUBLIC: k->type = PSA_KEY_TYPE_ML_DSA_PUBLIC_KEY; break;
    case PPK_KIND_NONE: break;
    }
    k->bits = cli_key_is_rsa(k) ? 0u : (cli_key_is_ec(k) || cli_key_is_mlkem(k) || cli_key_is_mldsa(k) || cli_key_is_hss(k)) ? k->key.bits : 255u;
    return 0;
}

/* The "both" form of an ML-KEM private key (keyfile.h): the key is made
 * from the seed; the expandedKey dk = dk_pke || ek || H(ek) || z (FIPS
 * 203 Alg. 16) must agree with it where PSA lets us see: ek (the public
 * export), H(ek) (SHA3-256, when built) and z (the seed's second half, compared
 * without a branch on the bytes). dk_pke (s-hat) cannot be checked
 * through the PSA API; it is not used. Nonzero on a mismatch. */
static int check_mlkem_expanded(const cli_key *k, psa_key_id_t id)
{
    uint8_t ek[PSA_EXPORT_PUBLIC_KEY_MAX_SIZE], h[PSA_HASH_MAX_SIZE];
    size_t ek_len = 0, h_len = 0, i, off;
    const uint8_t *dk = k->key.pub, *z = k->key.material + 32;
    unsigned diff = 0;
    psa_status_t st;
    if (psa_export_public_key(id, ek, sizeof(ek), &ek_len) != PSA_SUCCESS) return 1;
    if (k->key.pub_len != 2u * ek_len + 32u) return 1; /* 768 k + 96 = 2 (384 k + 32) + 32 */
    off = ek_len - 32u; /* dk_pke is 384 k bytes */
    if (memcmp(dk + off, ek, ek_len) != 0) return 1;
    /* H(ek) where SHA3-256 is built (configs/pqc_node.h has ML-KEM without
     * it: the Keccak inside ML-KEM is not a PSA hash there), as the ML-DSA
     * check below does with SHAKE256. */
    st = psa_hash_compute(PSA_ALG_SHA3_256, ek, ek_len, h, sizeof(h), &h_len);
    if (st != PSA_ERROR_NOT_SUPPORTED &&
        (st != PSA_SUCCESS || h_len != 32u || memcmp(dk + off + ek_len, h, 32) != 0)) {
        return 1;
    }
    for (i = 0; i < 32u; i++) diff |= (unsigned)(dk[off + ek_len + 32u + i] ^ z[i]);
    return diff != 0u;
}

/* The "both" form of an ML-DSA private key: sk = rho || K || tr || s1 ||
 * s2 || t0 (FIPS 204 Alg. 24) must agree with the key made from the seed
 * where PSA lets us see: rho (pk's first 32 bytes) and tr = H(pk, 64)
 * (Alg. 6 line 6, SHAKE256 with 512 bits of output, when built). K, s1,
 * s2 and t0 cannot be checked through the PSA API; they are not used.
 * Nonzero on a mismatch. */
static int check_mldsa_expanded(const cli_key *k, psa_key_id_t id)
{
    uint8_t pk[PSA_EXPORT_PUBLIC_KEY_MAX_SIZE], tr[64];
    size_t pk_len = 0, tr_len = 0;
    const uint8_t *sk = k->key.pub;
    psa_status_t st;
    if (psa_export_public_key(id, pk, sizeof(pk), &pk_len) != PSA_SUCCESS || pk_len < 32u) return 1;
    if (k->key.pub_len < 128u || memcmp(sk, pk, 32) != 0) return 1;
    st = psa_hash_compute(PSA_ALG_SHAKE256_512, pk, pk_len, tr, sizeof(tr), &tr_len);
    if (st == PSA_ERROR_NOT_SUPPORTED) return 0;
    return st != PSA_SUCCESS || tr_len != 64u || memcmp(sk + 64, tr, 64) != 0;
}

int cli_key_import(cli_key *k, psa_key_usage_t usage, psa_algorithm_t alg, psa_key_id_t *id)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_status_t st;
    if (k->stored != 0) {
        *id = k->stored;
        return 0;
    }
    psa_set_key_type(&attr, k->type);
    if (cli_key_is_mlkem(k) || cli_key_is_mldsa(k)) psa_set_key_bits(&attr, k->key.bits);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    st = psa_import_key(&attr, k->key.material, k->key.material_len, id);
    if (st != PSA_SUCCESS) {
        if (st == PSA_ERROR_NOT_SUPPORTED) {
            return cli_error("%s: key type or size not supported by this build of picopsa", k->name);
        }
        return cli_error("%s: invalid key (psa_import_key: %s)", k->name, cli_psa_status_name(st));
    }
    psa_reset_key_attributes(&attr);
    st = psa_get_key_attributes(*id, &attr);
    if (st == PSA_SUCCESS) k->bits = psa_get_key_bits(&attr);
    psa_reset_key_attributes(&attr);
    if (k->key.kind == PPK_EC_PRIVATE && k->key.pub != NULL) {
        /* RFC 5915 3's optional publicKey must be d's (OpenSSL's pkey
         * -check refuses a mismatch; here every command does). Public. */
        uint8_t pub[PSA_EXPORT_PUBLIC_KEY_MAX_SIZE];
        size_t pub_len = 0;
        st = psa_export_public_key(*id, pub, sizeof(pub), &pub_len);
        if (st != PSA_SUCCESS || pub_len != k->key.pub_len || memcmp(pub, k->key.pub, pub_len) != 0) {
            (void)psa_destroy_key(*id);
            *id = 0;
            return cli_error("%s: invalid key (its public key is not the private key's)", k->name);
        }
    }
    if (k->key.pub != NULL && ((k->key.kind == PPK_MLKEM_PRIVATE && check_mlkem_expanded(k, *id) != 0) ||
                               (k->key.kind == PPK_MLDSA_PRIVATE && check_mldsa_expanded(k, *id) != 0))) {
        (void)psa_destroy_key(*id);
        *id = 0;
        return cli_error("%s: invalid key (its expandedKey is not the seed's)", k->name);
    }
    return 0;
}
