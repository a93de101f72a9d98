/*
 * main.c -- the `picopsa` command-line tool: OpenSSL's genpkey, pkey,
 * pkeyutl, dgst, rand, speed and version commands over the PSA API
 * (docs/cli.md). Everything it does goes through <psa/crypto.h>.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <picopsa/backends.h>
#include <picopsa/config.h>

#ifndef PICOPSA_CLI_VERSION
#define PICOPSA_CLI_VERSION "0.1.0"
#endif
#ifndef PICOPSA_CLI_PROFILE
#define PICOPSA_CLI_PROFILE "unknown"
#endif

static const char main_usage[] =
    "Usage: picopsa COMMAND [options]   (picopsa COMMAND -help for each)\n"
    "Commands (the OpenSSL commands of the same names, for Ed25519, X25519, RSA, EC, ML-KEM, ML-DSA, SHA-1 and SHA-2):\n"
    "  genpkey   generate a private key (PKCS#8)\n"
    "  pkey      read, convert, print and check keys\n"
    "  pkeyutl   sign, verify, encrypt, decrypt, derive (X25519, ECDH)\n"
    "  dgst      hash or HMAC files; sign and verify digests\n"
    "  enc       encrypt or decrypt files (AES modes, ChaCha20; key or password)\n"
    "  mac       HMAC or CMAC of a file (openssl mac)\n"
    "  kdf       PBKDF2, HKDF, TLS1-PRF, KBKDF (openssl kdf)\n"
    "  rand      random bytes\n"
    "  speed     the make bench figures of this build\n"
    "  version   version, configuration and backends (-a)\n"
    "  storage   the key store: list, delete (keys named id:N, made by genpkey -keyid N)\n";

/* ---- version ----------------------------------------------------------------------- */

static const char *backend(picopsa_family_t f)
{
    const char *n = picopsa_backend_name(f);
    return n != NULL ? n : "configured out";
}

int cmd_version(int argc, char **argv)
{
    int all = 0, i;
    for (i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs("Usage: picopsa version [-a]\n  -a  also print the build configuration and backends\n", stdout);
            return 0;
        }
        if (cli_is_opt(argv[i], "a")) {
            all = 1;
        } else {
            return cli_error("unknown option '%s'", argv[i]);
        }
    }
    printf("picopsa %s (PSA Certified Crypto API %d.%d)\n", PICOPSA_CLI_VERSION, PSA_CRYPTO_API_VERSION_MAJOR,
           PSA_CRYPTO_API_VERSION_MINOR);
    if (!all) return 0;
    printf("built with: %s, profile %s\n",
#if defined(__clang__)
           "clang " __clang_version__,
#elif defined(__GNUC__)
           "gcc " __VERSION__,
#else
           "unknown compiler",
#endif
           PICOPSA_CLI_PROFILE);
    printf("hashes:");
    {
        size_t k;
        for (k = 0; k < cli_digest_count; k++) {
            psa_hash_operation_t op = psa_hash_operation_init();
            if (psa_crypto_init() == PSA_SUCCESS && psa_hash_setup(&op, cli_digests[k].alg) == PSA_SUCCESS) {
                printf(" %s", cli_digests[k].ossl_name);
            }
            psa_hash_abort(&op);
        }
    }
    printf("\n");
    printf("Ed25519: %s\n", PSA_WANT_ECC_TWISTED_EDWARDS_255 ? "yes" : "no");
    printf("X25519: %s\n", PSA_WANT_ECC_MONTGOMERY_255 && PSA_WANT_ALG_ECDH ? "yes" : "no");
    printf("P-256: %s (ECDSA %s, deterministic ECDSA %s, ECDH %s)\n", PSA_WANT_ECC_SECP_R1_256 ? "yes" : "no",
           PSA_WANT_ALG_ECDSA ? "yes" : "no", PSA_WANT_ALG_DETERMINISTIC_ECDSA ? "yes" : "no",
           PSA_WANT_ALG_ECDH ? "yes" : "no");
    /* PICOPSA_P384_VERIFY_ONLY keeps ECDSA verification only (config.h). */
    printf("P-384: %s (ECDSA %s, deterministic ECDSA %s, ECDH %s)\n", PSA_WANT_ECC_SECP_R1_384 ? "yes" : "no",
           !PSA_WANT_ALG_ECDSA ? "no" : PICOPSA_P384_VERIFY_ONLY ? "verify only" : "yes",
           PSA_WANT_ALG_DETERMINISTIC_ECDSA && !PICOPSA_P384_VERIFY_ONLY ? "yes" : "no",
           PSA_WANT_ALG_ECDH && !PICOPSA_P384_VERIFY_ONLY ? "yes" : "no");
    printf("ML-KEM: %s (512, 768, 1024)\n", PSA_WANT_ALG_ML_KEM ? "yes" : "no");
    printf("ML-DSA: %s (44, 65, 87)\n", PSA_WANT_ALG_ML_DSA ? "yes" : "no");
    printf("HSS/LMS: %s (verification; HSS %s, LMS %s, SHAKE256 sets %s)\n",
           PSA_WANT_ALG_HSS || PSA_WANT_ALG_LMS ? "yes" : "no", PSA_WANT_ALG_HSS ? "yes" : "no",
           PSA_WANT_ALG_LMS ? "yes" : "no", PICOPSA_LMS_SHAKE ? "yes" : "no");
    printf("RSA: %s (%d..%d bits; PKCS#1 v1.5 sign %s, PSS %s, PKCS#1 v1.5 encrypt %s, OAEP %s)\n",
           PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY ? "yes" : "no", PICOPSA_RSA_MIN_BITS, PICOPSA_RSA_MAX_BITS,
           PSA_WANT_ALG_RSA_PKCS1V15_SIGN ? "yes" : "no", PSA_WANT_ALG_RSA_PSS ? "yes" : "no",
           PSA_WANT_ALG_RSA_PKCS1V15_CRYPT ? "yes" : "no", PSA_WANT_ALG_RSA_OAEP ? "yes" : "no");
    printf("ciphers: %s (AES ECB CBC CBC-PKCS7 CTR CFB OFB CCM*-no-tag; ChaCha20 %s, XChaCha20 %s)\n",
           PSA_WANT_KEY_TYPE_AES && PSA_WANT_KEY_TYPE_CHACHA20 ? "yes" : "no",
           PSA_WANT_KEY_TYPE_CHACHA20 ? "yes" : "no", PSA_WANT_KEY_TYPE_XCHACHA20 ? "yes" : "no");
    printf("MACs: HMAC %s, CMAC %s\n", PSA_WANT_ALG_HMAC ? "yes" : "no", PSA_WANT_ALG_CMAC ? "yes" : "no");
    /* the KDFs of picopsa kdf (kdf.c): KBKDF-CMAC runs on PSA_ALG_CMAC */
    printf("KDFs: PBKDF2 %s, HKDF %s, TLS1-PRF %s, KBKDF-HMAC %s, KBKDF-CMAC %s\n",
           PSA_WANT_ALG_PBKDF2_HMAC ? "yes" : "no",
           PSA_WANT_ALG_HKDF && PSA_WANT_ALG_HKDF_EXTRACT && PSA_WANT_ALG_HKDF_EXPAND ? "yes" : "no",
           PSA_WANT_ALG_TLS12_PRF ? "yes" : "no",
           PSA_WANT_ALG_SP800_108_COUNTER_HMAC ? "yes" : "no", PSA_WANT_ALG_CMAC ? "yes" : "no");
    printf("backends: Ed25519 %s; RSA %s; AES %s; ChaCha20 %s; GHASH %s\n", backend(PICOPSA_FAMILY_ED25519),
           backend(PICOPSA_FAMILY_RSA), backend(PICOPSA_FAMILY_AES),
           backend(PICOPSA_FAMILY_CHACHA20), backend(PICOPSA_FAMILY_GHASH));
    printf("drivers: none (software only)\n");
    printf("key store: %d volatile slots (%d large); persistent keys: %s\n", PICOPSA_KEY_SLOT_COUNT,
           PICOPSA_KEY_SLOT_LARGE_COUNT,
           PICOPSA_ITS_BACKEND == PICOPSA_ITS_FILE    ? "ITS file backend ($PICOPSA_ITS_DIR, else ./picopsa-its/)"
           : PICOPSA_ITS_BACKEND == PICOPSA_ITS_FLASH ? "ITS flash backend"
           : PICOPSA_ITS_BACKEND == PICOPSA_ITS_RAM   ? "ITS RAM backend (lost at exit)"
                                                      : "not supported");
    printf("threads: %s; fork detection: %s\n", PICOPSA_THREADS ? "yes" : "no", PICOPSA_FORK_DETECT ? "yes" : "no");
    return 0;
}

/* ---- rand ------------------------------------------------------------------------------ */

int cmd_rand(int argc, char **argv)
{
    static const char usage[] = "Usage: picopsa rand [-hex|-base64] [-out FILE] NUM\n"
                                "  -hex      lowercase hex, one line\n"
                                "  -base64   base64 in 64-character lines\n"
                                "  -out FILE output file (default stdout)\n";
    const char *out_path = NULL, *num = NULL;
    int hex = 0, b64 = 0, i, rc;
    unsigned long long n, done = 0;
    char *end;
    cli_sink out;
    for (i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(usage, stdout);
            return 0;
        }
        if (cli_is_opt(argv[i], "hex")) {
            hex = 1;
        } else if (cli_is_opt(argv[i], "base64")) {
            b64 = 1;
        } else if (i + 1 < argc && cli_is_opt(argv[i], "out")) {
            out_path = argv[++i];
        } else if (argv[i][0] != '-' && num == NULL) {
            num = argv[i];
        } else {
            cli_error("unknown or incomplete option '%s'", argv[i]);
            fputs(usage, stderr);
            return 1;
        }
    }
    if (num == NULL || (hex && b64)) {
        cli_error(num == NULL ? "no byte count given" : "-hex and -base64 exclude each other");
        fputs(usage, stderr);
        return 1;
    }
    errno = 0;
    n = strtoull(num, &end, 10);
    if (errno != 0 || *end != '\0' || num[0] == '-') return cli_error("'%s' is not a byte count", num);
    if (cli_init() || cli_sink_open(&out, out_path, 0)) return 1;
    rc = 0;
    while (done < n && rc == 0) {
        /* base64 chunks are a multiple of 48 bytes so lines stay whole. */
        uint8_t buf[4800];
        uint8_t text[6600];
        size_t chunk = n - done < sizeof(buf) ? (size_t)(n - done) : sizeof(buf), tl;
        psa_status_t st = psa_generate_random(buf, chunk);
        if (st != PSA_SUCCESS) {
            rc = cli_psa_error("psa_generate_random", st);
            break;
        }
        if (hex) {
            cli_sink_hex(&out, buf, chunk);
        } else if (b64) {
            (void)ppk_base64_encode(buf, chunk, 64, text, sizeof(text), &tl);
            cli_sink_write(&out, text, tl);
        } else {
            cli_sink_write(&out, buf, chunk);
        }
        cli_wipe(buf, sizeof(buf));
        done += chunk;
    }
    if (rc == 0 && hex) cli_sink_printf(&out, "\n");
    if (rc != 0) {
        cli_sink_abort(&out);
        return rc;
    }
    return cli_sink_commit(&out);
}

/* ---- speed ------------------------------------------------------------------------------- */

/* bench/bench_main.c's main, compiled into the tool under this name
 * (CMakeLists.txt: -Dmain=picopsa_bench_main); no peers are linked. */
int picopsa_bench_main(int argc, char **argv);

int cmd_speed(int argc, char **argv)
{
    static const char usage[] =
        "Usage: picopsa speed [hash|sha256|...|ed25519|x25519|p256|p384|rsa|rsa2048|...]\n"
        "Runs the make bench measurements of this build (picopsa only, no peers).\n"
        "PICOPSA_BENCH_QUICK=1 in the environment: short, rough runs.\n";
    char **args;
    int i, n = 1, rc;
    args = (char **)calloc((size_t)argc + 2u, sizeof(*args));
    if (args == NULL) return cli_error("out of memory");
    args[0] = argv[0];
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            fputs(usage, stdout);
            free(args);
            return 0;
        }
        /* OpenSSL's algorithm names map to the bench's families. */
        if (strncmp(a, "rsa", 3) == 0) {
            args[n++] = (char *)"rsa";
        } else if (strncmp(a, "sha", 3) == 0 || strncmp(a, "hmac", 4) == 0 || strcmp(a, "hash") == 0) {
            args[n++] = (char *)"hash";
        } else if (strcmp(a, "ed25519") == 0) {
            args[n++] = (char *)"ed25519";
        } else if (strcmp(a, "x25519") == 0) {
            args[n++] = (char *)"x25519";
        } else if (strcmp(a, "p256") == 0 || strcmp(a, "ecdsap256") == 0 || strcmp(a, "ecdhp256") == 0) {
            /* OpenSSL speed spells P-256 ecdsap256 / ecdhp256. */
            args[n++] = (char *)"p256";
        } else if (strcmp(a, "p384") == 0 || strcmp(a, "ecdsap384") == 0 || strcmp(a, "ecdhp384") == 0) {
            args[n++] = (char *)"p384";
        } else {
            free(args);
            cli_error("unknown algorithm '%s'", a);
            fputs(usage, stderr);
            return 1;
        }
    }
    if (cli_init()) {
        free(args);
        return 1;
    }
    rc = picopsa_bench_main(n, args);
    free(args);
    return rc;
}

/* ---- main ------------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*run)(int, char **);
    } commands[] = {
        {"genpkey", cmd_genpkey}, {"pkey", cmd_pkey}, {"pkeyutl", cmd_pkeyutl}, {"dgst", cmd_dgst},
        {"rand", cmd_rand},       {"speed", cmd_speed}, {"version", cmd_version}, {"storage", cmd_storage},
        {"enc", cmd_enc},         {"mac", cmd_mac},     {"kdf", cmd_kdf},
    };
    size_t i;
    if (argc < 2 || cli_is_help(argv[1])) {
        fputs(main_usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 1 : 0;
    }
    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
        if (strcmp(argv[1], commands[i].name) == 0) {
            cli_command = commands[i].name;
            return commands[i].run(argc - 1, argv + 1);
        }
    }
    /* OpenSSL's "dgst" shortcuts: picopsa sha256 FILE. */
    if (cli_digest_by_name(argv[1]) != NULL) {
        cli_command = "dgst";
        argv[0] = argv[1];
        {
            char opt[40];
            snprintf(opt, sizeof(opt), "-%s", argv[1]);
            argv[1] = opt;
            return cmd_dgst(argc, argv);
        }
    }
    fprintf(stderr, "picopsa: '%s' is not a command\n", argv[1]);
    fputs(main_usage, stderr);
    return 1;
}
