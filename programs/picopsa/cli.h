/*
 * cli.h -- shared helpers of the `picopsa` command-line tool (host only:
 * POSIX files, stdio, the heap; the key file parser it uses, keyfile.h, is
 * allocation-free like the library).
 *
 * Conventions (docs/cli.md):
 *  - errors: one line on stderr, "picopsa CMD: FILE: reason", never key
 *    bytes; exit status 1 (as OpenSSL), verification failure also 1;
 *  - outputs go through a cli_sink: collected in a wiped heap buffer and
 *    written at commit, to a temporary file next to the target renamed
 *    over it, or to standard output, only when the command succeeded (no
 *    partial output); private key files are created with mode 0600.
 */
#ifndef PICOPSA_CLI_H
#define PICOPSA_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <psa/crypto.h>

#include "keyfile.h"

#if defined(__GNUC__)
#define CLI_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CLI_PRINTF(a, b)
#endif

/* The running command's name, for messages ("genpkey"). */
extern const char *cli_command;

/* "picopsa CMD: " + message + "\n" on stderr. Returns 1 (the exit code). */
int cli_error(const char *fmt, ...) CLI_PRINTF(1, 2);
/* Same for a PSA status: "picopsa CMD: what: PSA_ERROR_... (text)". */
int cli_psa_error(const char *what, psa_status_t status);
const char *cli_psa_status_name(psa_status_t status);

/* Read a whole file (NULL or "-": stdin) into a malloc'd buffer; on error
 * prints the message and returns NULL. */
uint8_t *cli_read_file(const char *path, size_t *len);
/* Free a buffer that may have held secrets (wiped first). */
void cli_free_secret(void *buf, size_t len);
void cli_wipe(void *buf, size_t len);

/* An output file (NULL or "-": stdout). Everything written is collected in
 * a heap buffer (wiped when it grows and when it is freed: outputs hold
 * private keys, plaintexts, shared secrets) and written out at commit
 * only: to a temporary next to the file, renamed over it, or to the
 * stdout descriptor (no stdio buffer, no temporary file holds it). */
typedef struct {
    const char *path;
    char *tmp_path;
    int fd;        /* the temporary's descriptor, -1 for stdout */
    uint8_t *buf;  /* the collected output */
    size_t len, cap;
    int open;
    int to_stdout;
    int failed;
} cli_sink;

int cli_sink_open(cli_sink *s, const char *path, int private_key);
void cli_sink_write(cli_sink *s, const void *data, size_t len);
void cli_sink_printf(cli_sink *s, const char *fmt, ...) CLI_PRINTF(2, 3);
/* Flush and rename into place; returns 0 on success, 1 after an error
 * message (the temporary is removed). */
int cli_sink_commit(cli_sink *s);
/* Remove the temporary (command failed). */
void cli_sink_abort(cli_sink *s);

/* Options: "-name" or "--name". */
int cli_is_opt(const char *arg, const char *name);
int cli_is_help(const char *arg);

/* Digest names (sha256, SHA2-256, SHA256, ...). */
typedef struct {
    const char *option;    /* "sha256": dgst -sha256, -digest sha256 */
    const char *ossl_name; /* "SHA2-256": dgst output label */
    psa_algorithm_t alg;
} cli_digest;
const cli_digest *cli_digest_by_name(const char *name);
const cli_digest *cli_digest_by_alg(psa_algorithm_t alg);
extern const cli_digest cli_digests[];
extern const size_t cli_digest_count;

/* A key read from a file: the parsed structure and its PSA attributes. */
typedef struct {
    const char *name;      /* the file name for messages */
    uint8_t *file;         /* file contents (heap, wiped on free) */
    size_t file_len;
    uint8_t *work;         /* PEM decoded (heap, wiped on free) */
    size_t work_len;
    ppk_key key;
    psa_key_type_t type;
    size_t bits;           /* known after cli_key_import */
    psa_key_id_t stored;   /* "id:N": the persistent key (store.c), else 0 */
    psa_key_usage_t stored_usage;
    psa_algorithm_t stored_alg;
} cli_key;

/* Read and parse a key file; form: NULL (auto), "PEM" or "DER".
 * want_public: the caller asked for a public key (-pubin): a private key
 * is refused as OpenSSL does. Prints the error and returns 1 on failure. */
int cli_key_load(cli_key *k, const char *path, const char *form, int want_public);
/* Import into PSA with one usage set and algorithm; prints the error. An
 * EC private key's embedded public key (RFC 5915 publicKey) must be the
 * one psa_export_public_key derives, else the key is refused.
 * A stored key ("id:N") is not imported: *id is the stored key, whose own
 * policy applies. Release the id with cli_release_key. */
int cli_key_import(cli_key *k, psa_key_usage_t usage, psa_algorithm_t alg, psa_key_id_t *id);
/* Destroy a volatile key, only purge a persistent one (0: nothing). */
void cli_release_key(psa_key_id_t id);

/* The key store (store.c): "id:N" names a persistent key. */
int cli_is_key_ref(const char *path);
/* N (decimal or 0x hex) in PSA_KEY_ID_USER_MIN..MAX; 1 on success. */
int cli_parse_key_id(const char *s, psa_key_id_t *id);
int cli_key_load_stored(cli_key *k, const char *ref, int want_public);
/* The algorithm to use with k for alg (a stored PSS key verifies with
 * PSA_ALG_RSA_PSS rather than PSA_ALG_RSA_PSS_ANY_SALT). */
psa_algorithm_t cli_key_adjust_alg(const cli_key *k, psa_algorithm_t alg);
void cli_key_free(cli_key *k);
int cli_key_is_private(const cli_key *k);
int cli_key_is_rsa(const cli_key *k);
int cli_key_is_x25519(const cli_key *k);
/* An EC key (SECP_R1: P-256 or P-384, the curves of keyfile.c's table). */
int cli_key_is_ec(const cli_key *k);
/* An ML-KEM key (PSA_KEY_TYPE_ML_KEM_KEY_PAIR / _PUBLIC_KEY). */
int cli_key_is_mlkem(const cli_key *k);
/* An ML-DSA key (pair or public). */
int cli_key_is_mldsa(const cli_key *k);
/* An HSS/LMS public key (verification only). */
int cli_key_is_hss(const cli_key *k);

/* ECDSA signatures: PSA's r || s (PSA 1.2 10.7.2) to and from the DER
 * ECDSA-Sig-Value OpenSSL reads and writes (keyfile.h). */

/* Parse "PEM" / "DER" (case-insensitive); returns 1 for DER, 0 for PEM,
 * -1 otherwise. */
int cli_parse_form(const char *s);

/* Lowercase hex of data into the sink. */
void cli_sink_hex(cli_sink *s, const uint8_t *data, size_t len);

/* psa_crypto_init with an error message. */
int cli_init(void);

/* Commands. */
int cmd_genpkey(int argc, char **argv);
int cmd_pkey(int argc, char **argv);
int cmd_pkeyutl(int argc, char **argv);
int cmd_dgst(int argc, char **argv);
int cmd_rand(int argc, char **argv);
int cmd_speed(int argc, char **argv);
int cmd_version(int argc, char **argv);
int cmd_storage(int argc, char **argv);
int cmd_enc(int argc, char **argv);
int cmd_mac(int argc, char **argv);
int cmd_kdf(int argc, char **argv);

#endif /* PICOPSA_CLI_H */
