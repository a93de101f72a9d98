/*
 * test_psa_config_check.c -- builds that must NOT compile or link, and say
 * why:
 *  - each contradiction that include/picopsa/config_check.h rejects gives
 *    its own #error message (HMAC without a hash, no HMAC for the DRBG,
 *    Ed25519 without SHA-512, RSA pair without RSA public key, out-of-range
 *    sizes and slot counts), and a PICOPSA_DRBG_HASH whose hash is disabled
 *    stops src/random/pp_random.c;
 *  - the default configuration compiles (the control: the compiler command
 *    works, so the failures above are the checks' doing);
 *  - the RNG linked without an entropy port fails at link time naming
 *    `picopsa_port_entropy` (include/picopsa/port.h: no silent fallback),
 *    and links once a port function is supplied (the control); likewise
 *    `picopsa_port_mutex_lock` with PICOPSA_THREADS=1 and
 *    `picopsa_port_fork_detected` with PICOPSA_FORK_DETECT=1, while a
 *    single-threaded build (the MCU shape) needs the entropy hook only;
 *  - PICOPSA_THREADS and PICOPSA_FORK_DETECT other than 0/1 are rejected;
 *  - PICOPSA_DRBG_MECHANISM: none, an unknown value or both bits, CTR_DRBG
 *    without AES, HMAC off under either are rejected; each mechanism
 *    compiles, and a program linking the RNG from a static archive holds
 *    the chosen mechanism's symbols and none of the other's (HMAC_DRBG:
 *    no AES at all), and runs;
 *  - Ed25519 backend and field (issue 10's pattern): none, an unknown
 *    value or two bits set, the not-yet-built small backend, RADIX51
 *    without __int128, RADIX32_UMAAL off ARMv7E-M, and each removed
 *    boolean (PICOPSA_ED25519_FE51 / _FE32 / _UMAAL) are rejected, naming
 *    the replacement; every host field compiles (the controls);
 *  - the export maxima of crypto_sizes.h cover every built asymmetric
 *    family, with and without RSA, ML-KEM and P-256 (export_max_cases).
 * The compiler is $CC or `cc`; the sources are found from the test data
 * directory (tests/data/../..).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

static char root[512];
static const char *cc;

/* Run `command` (stderr folded in), return its exit status; the first
 * output_size-1 bytes of its output go to output. */
static int run(const char *command, char *output, size_t output_size)
{
    char full[8300];
    size_t used = 0, n;
    FILE *pipe;
    int status;

    snprintf(full, sizeof(full), "%s 2>&1", command);
    pipe = popen(full, "r");
    if (pipe == NULL) {
        return -1;
    }
    output[0] = '\0';
    while ((n = fread(output + used, 1, output_size - 1u - used, pipe)) > 0) {
        used += n;
        if (used == output_size - 1u) {
            char sink[256];
            while (fread(sink, 1, sizeof(sink), pipe) > 0) {
            }
            break;
        }
    }
    output[used] = '\0';
    status = pclose(pipe);
    return status;
}

/* Compile `source` (a file under the root) with `defines`; expect failure
 * naming `message`, or success when message is NULL. */
static void expect_compile(const char *source, const char *defines, const char *message)
{
    char command[8192], output[16384];
    int status;
    snprintf(command, sizeof(command), "%s -std=c99 -fsyntax-only -I%s/include -I%s/src %s %s/%s",
             cc, root, root, defines, root, source);
    status = run(command, output, sizeof(output));
    if (message == NULL) {
        if (!CHECK(status == 0)) {
            printf("  command: %s\n%s\n", command, output);
        }
        return;
    }
    if (!CHECK(status != 0 && strstr(output, message) != NULL)) {
        printf("  command: %s\n  wanted an error with \"%s\", got status %d:\n%s\n", command,
               message, status, output);
    }
}

/* PICOPSA_BN_KERNEL (config.h, RSA section): exactly one known kernel, its
 * limb size and target; the removed PICOPSA_BN_UMAAL / PICOPSA_BN_X86_64_ASM
 * are refused with a message naming the replacement. */
static void bignum_kernel_checks(void)
{
    static const char *const bad[][2] = {
        { "-DPICOPSA_BN_KERNEL=0", "PICOPSA_BN_KERNEL must be PICOPSA_BN_KERNEL_C" },
        { "-DPICOPSA_BN_KERNEL=0x8", "PICOPSA_BN_KERNEL must be PICOPSA_BN_KERNEL_C" },
        { "-DPICOPSA_BN_KERNEL=PICOPSA_BN_KERNEL_FAST", "PICOPSA_BN_KERNEL must be PICOPSA_BN_KERNEL_C" },
        { "'-DPICOPSA_BN_KERNEL=(PICOPSA_BN_KERNEL_C|PICOPSA_BN_KERNEL_X86_64)'",
          "PICOPSA_BN_KERNEL selects more than one kernel" },
        { "-DPICOPSA_BN_LIMB_BITS=64 -DPICOPSA_BN_KERNEL=PICOPSA_BN_KERNEL_UMAAL",
          "PICOPSA_BN_KERNEL_UMAAL needs PICOPSA_BN_LIMB_BITS 32" },
        { "-U__ARM_FEATURE_DSP -DPICOPSA_BN_LIMB_BITS=32 -DPICOPSA_BN_KERNEL=PICOPSA_BN_KERNEL_UMAAL",
          "PICOPSA_BN_KERNEL_UMAAL needs GCC/Clang targeting ARMv7E-M" },
        { "-DPICOPSA_BN_LIMB_BITS=32 -DPICOPSA_BN_KERNEL=PICOPSA_BN_KERNEL_X86_64",
          "PICOPSA_BN_KERNEL_X86_64 needs PICOPSA_BN_LIMB_BITS 64" },
        { "-U__x86_64__ -DPICOPSA_BN_LIMB_BITS=64 -DPICOPSA_BN_KERNEL=PICOPSA_BN_KERNEL_X86_64",
          "PICOPSA_BN_KERNEL_X86_64 needs GCC/Clang targeting x86-64" },
        { "-DPICOPSA_BN_UMAAL=0", "set PICOPSA_BN_KERNEL" },
        { "-DPICOPSA_BN_X86_64_ASM=1", "set PICOPSA_BN_KERNEL" },
    };
    size_t i;
    /* Control: the C kernel is accepted with either limb size. */
    expect_compile("include/picopsa/config.h", "-DPICOPSA_BN_KERNEL=PICOPSA_BN_KERNEL_C", NULL);
    expect_compile("include/picopsa/config.h",
                   "-DPICOPSA_BN_LIMB_BITS=32 -DPICOPSA_BN_KERNEL=PICOPSA_BN_KERNEL_C", NULL);
    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        expect_compile("include/picopsa/config.h", bad[i][0], bad[i][1]);
    }
}

/* PICOPSA_CHACHA20_BACKEND (config.h): one of the two, and the Thumb-2
 * kernel only where GCC/Clang target little-endian M-profile Thumb-2 (not
 * this host). */
static void chacha20_backend_checks(void)
{
    expect_compile("include/picopsa/config.h",
                   "-DPICOPSA_CHACHA20_BACKEND=PICOPSA_CHACHA20_PORTABLE", NULL);
    expect_compile("include/picopsa/config.h", "-DPICOPSA_CHACHA20_BACKEND=0x4",
                   "PICOPSA_CHACHA20_BACKEND must be PICOPSA_CHACHA20_PORTABLE");
    expect_compile("include/picopsa/config.h",
                   "-DPICOPSA_CHACHA20_BACKEND=PICOPSA_CHACHA20_ARMV7M",
                   "PICOPSA_CHACHA20_ARMV7M needs GCC/Clang targeting little-endian M-profile");
}

/* Make the scratch directory `dir` (a mkdtemp template) and write
 * dir/main.c (its name into path) from the n source parts. */
static int write_main(char *dir, char *path, size_t path_size, const char *const *parts, size_t n)
{
    FILE *f;
    size_t i;

    if (!CHECK(mkdtemp(dir) != NULL)) {
        return 0;
    }
    snprintf(path, path_size, "%s/main.c", dir);
    f = fopen(path, "w");
    if (!CHECK(f != NULL)) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        fputs(parts[i], f);
    }
    fclose(f);
    return 1;
}

/* The RNG (and what it needs) plus a main that seeds it, linked with no
 * port function (ports 0), the entropy hook (1) or every hook (2). */
static void expect_link(int ports, const char *defines, const char *message)
{
    static const char main_without_port[] =
        "#include \"random/pp_random.h\"\n"
        "int main(void) { return pp_random_init() == PSA_SUCCESS ? 0 : 1; }\n";
    static const char port[] =
        "#include <picopsa/port.h>\n"
        "#include <string.h>\n"
        "int picopsa_port_entropy(uint8_t *buf, size_t len) { memset(buf, 0x5a, len); return 0; }\n";
    static const char thread_ports[] =
        "void picopsa_port_mutex_lock(unsigned int m) { (void)m; }\n"
        "void picopsa_port_mutex_unlock(unsigned int m) { (void)m; }\n"
        "int picopsa_port_fork_detected(void) { return 0; }\n";
    const char *parts[3];
    char dir[] = "/tmp/picopsa_config_check_XXXXXX";
    char path[128], command[8192], output[16384];
    int status;

    parts[0] = main_without_port;
    parts[1] = port;
    parts[2] = thread_ports;
    if (!write_main(dir, path, sizeof(path), parts, (size_t)ports + 1u)) {
        return;
    }
    snprintf(command, sizeof(command),
             "%s -std=c99 -O0 %s -I%s/include -I%s/src -o %s/prog %s %s/src/random/*.c "
             "%s/src/mac/*.c %s/src/hash/*.c %s/src/common/*.c %s/src/aes/*.c",
             cc, defines, root, root, dir, path, root, root, root, root, root);
    status = run(command, output, sizeof(output));
    if (message == NULL) {
        if (!CHECK(status == 0)) {
            printf("  command: %s\n%s\n", command, output);
        }
    } else if (!CHECK(status != 0 && strstr(output, message) != NULL)) {
        printf("  command: %s\n  wanted a link error with \"%s\", got status %d:\n%s\n", command,
               message, status, output);
    }
    snprintf(command, sizeof(command), "rm -rf %s", dir);
    CHECK(system(command) == 0);
}

/* Link the RNG from a static archive of its sources (as a product links
 * libpicopsa.a) with `defines`, and look at the program's symbols: each
 * name of `present` must be there, each of `absent` not (0 bytes of the
 * mechanism that was not chosen, nor of what only it needs). */
static void expect_symbols(const char *defines, const char *const *present, size_t n_present,
                           const char *const *absent, size_t n_absent)
{
    static const char main_source[] =
        "#include <string.h>\n"
        "#include <picopsa/port.h>\n"
        "#include \"random/pp_random.h\"\n"
        "int picopsa_port_entropy(uint8_t *buf, size_t len) { memset(buf, 0x5a, len); return 0; }\n"
        "int main(void) { uint8_t b[40];\n"
        "  return pp_random_init() == PSA_SUCCESS && pp_random_bytes(b, sizeof(b)) == PSA_SUCCESS ? 0 : 1; }\n";
    const char *parts[1];
    char dir[] = "/tmp/picopsa_config_check_XXXXXX";
    char path[128], command[8192], output[65536];
    size_t i;
    int status;

    parts[0] = main_source;
    if (!write_main(dir, path, sizeof(path), parts, 1)) {
        return;
    }
    snprintf(command, sizeof(command),
             "cd %s && for s in %s/src/random/*.c %s/src/mac/*.c %s/src/hash/*.c %s/src/common/*.c "
             "%s/src/aes/*.c; do %s -std=c99 -O0 -DPICOPSA_THREADS=0 -DPICOPSA_FORK_DETECT=0 %s "
             "-I%s/include -I%s/src -c \"$s\" -o \"$(basename \"$s\" .c).o\" || exit 1; done && "
             "ar rcs lib.a *.o && %s -std=c99 -O0 -DPICOPSA_THREADS=0 -DPICOPSA_FORK_DETECT=0 %s "
             "-I%s/include -I%s/src -o prog main.c lib.a && ./prog && nm prog",
             dir, root, root, root, root, root, cc, defines, root, root, cc, defines, root, root);
    status = run(command, output, sizeof(output));
    if (!CHECK(status == 0)) {
        printf("  command: %s\n%s\n", command, output);
    } else {
        for (i = 0; i < n_present; i++) {
            if (!CHECK(strstr(output, present[i]) != NULL)) {
                printf("  %s: %s not linked\n", defines, present[i]);
            }
        }
        for (i = 0; i < n_absent; i++) {
            if (!CHECK(strstr(output, absent[i]) == NULL)) {
                printf("  %s: %s linked, but the other mechanism was chosen\n", defines, absent[i]);
            }
        }
    }
    snprintf(command, sizeof(command), "rm -rf %s", dir);
    CHECK(system(command) == 0);
}

/* PICOPSA_DRBG_MECHANISM (config.h, Random): exactly one known mechanism,
 * CTR_DRBG only with AES; each choice builds, links only itself and
 * runs; the default falls back to HMAC_DRBG without AES. */
static void drbg_mechanism_cases(void)
{
    static const char *const hmac_syms[] = { "pp_hmac_drbg_generate", "pp_hmac_setup" };
    static const char *const ctr_syms[] = { "pp_ctr_drbg_generate", "pp_aes_set_key" };

    expect_compile("include/picopsa/config.h", "-DPICOPSA_DRBG_MECHANISM=0",
                   "PICOPSA_DRBG_MECHANISM selects no single mechanism");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_DRBG_MECHANISM=0x4",
                   "PICOPSA_DRBG_MECHANISM selects no single mechanism");
    expect_compile("include/picopsa/config.h",
                   "'-DPICOPSA_DRBG_MECHANISM=(PICOPSA_DRBG_HMAC|PICOPSA_DRBG_CTR)'",
                   "PICOPSA_DRBG_MECHANISM selects no single mechanism");
    expect_compile("include/picopsa/config.h",
                   "-DPICOPSA_DRBG_MECHANISM=PICOPSA_DRBG_CTR -DPSA_WANT_KEY_TYPE_AES=0",
                   "PICOPSA_DRBG_CTR runs on AES-256: it needs PSA_WANT_KEY_TYPE_AES");
    expect_compile("include/picopsa/config.h",
                   "-DPICOPSA_DRBG_MECHANISM=PICOPSA_DRBG_CTR -DPSA_WANT_ALG_HMAC=0",
                   "PSA_WANT_ALG_HMAC must be 1 even with PICOPSA_DRBG_CTR");
    /* Controls: each choice compiles; without AES (or AES-NI) the default
     * is HMAC_DRBG, which needs no AES. */
    expect_compile("src/random/pp_random.c", "-DPICOPSA_DRBG_MECHANISM=PICOPSA_DRBG_CTR", NULL);
    expect_compile("src/random/pp_random.c", "-DPICOPSA_DRBG_MECHANISM=PICOPSA_DRBG_HMAC", NULL);
    expect_compile("src/random/pp_random.c", "-DPSA_WANT_KEY_TYPE_AES=0", NULL);
    expect_compile("src/random/pp_random.c", "-DPICOPSA_AES_HW=0", NULL);
    /* Zero cost for the mechanism not chosen. */
    expect_symbols("-DPICOPSA_DRBG_MECHANISM=PICOPSA_DRBG_CTR", ctr_syms, 2, hmac_syms, 1);
    expect_symbols("-DPICOPSA_DRBG_MECHANISM=PICOPSA_DRBG_HMAC", hmac_syms, 2, ctr_syms, 2);
    expect_symbols("-DPSA_WANT_KEY_TYPE_AES=0", hmac_syms, 2, ctr_syms, 2);
}

/* Ed25519: PICOPSA_ED25519_BACKEND and PICOPSA_ED25519_FIELD. */
static void ed25519_backend_cases(void)
{
    static const char *const fields[] = {"PICOPSA_FIELD_RADIX51", "PICOPSA_FIELD_RADIX32",
                                         "PICOPSA_FIELD_RADIX25"};
    char defines[256];
    size_t i;

    /* Controls: every field a host can build compiles, sources included;
     * without __int128 the default falls back to radix 2^32. */
    for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
        snprintf(defines, sizeof(defines), "-DPICOPSA_ED25519_FIELD=%s", fields[i]);
        expect_compile("src/curve25519/fe25519.c", defines, NULL);
        expect_compile("src/ed25519/ge25519.c", defines, NULL);
    }
    expect_compile("include/picopsa/config.h", "-U__SIZEOF_INT128__", NULL);
    expect_compile("include/picopsa/config.h",
                   "-DPICOPSA_ED25519_BACKEND=PICOPSA_BACKEND_FAST", NULL);

    expect_compile("include/picopsa/config.h", "-DPICOPSA_ED25519_BACKEND=0",
                   "PICOPSA_ED25519_BACKEND selects no backend");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_ED25519_BACKEND=FAST",
                   "PICOPSA_ED25519_BACKEND selects no backend");
    expect_compile("include/picopsa/config.h",
                   "'-DPICOPSA_ED25519_BACKEND=(PICOPSA_BACKEND_FAST|PICOPSA_BACKEND_SMALL)'",
                   "PICOPSA_ED25519_BACKEND selects more than one backend");
    /* issue 12: the small backend is accepted and builds */
    expect_compile("include/picopsa/config.h",
                   "-DPICOPSA_ED25519_BACKEND=PICOPSA_BACKEND_SMALL", NULL);
    expect_compile("src/ed25519/ed25519_small.c",
                   "-DPICOPSA_ED25519_BACKEND=PICOPSA_BACKEND_SMALL", NULL);
    expect_compile("include/picopsa/config.h", "-DPICOPSA_ED25519_FIELD=0",
                   "PICOPSA_ED25519_FIELD selects no field");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_ED25519_FIELD=0x10",
                   "PICOPSA_ED25519_FIELD selects no field");
    expect_compile("include/picopsa/config.h",
                   "'-DPICOPSA_ED25519_FIELD=(PICOPSA_FIELD_RADIX32|PICOPSA_FIELD_RADIX25)'",
                   "PICOPSA_ED25519_FIELD selects more than one field");
    expect_compile("include/picopsa/config.h",
                   "-U__SIZEOF_INT128__ -DPICOPSA_ED25519_FIELD=PICOPSA_FIELD_RADIX51",
                   "PICOPSA_FIELD_RADIX51 needs a compiler with unsigned __int128");
    expect_compile("include/picopsa/config.h",
                   "-DPICOPSA_ED25519_FIELD=PICOPSA_FIELD_RADIX32_UMAAL",
                   "PICOPSA_FIELD_RADIX32_UMAAL needs GCC or Clang targeting ARMv7E-M");
    /* The removed booleans, with either value: never a silent choice. */
    expect_compile("include/picopsa/config.h", "-DPICOPSA_ED25519_FE51=0",
                   "PICOPSA_ED25519_FE51 was removed: set PICOPSA_ED25519_FIELD");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_ED25519_FE51=1",
                   "PICOPSA_ED25519_FE51 was removed: set PICOPSA_ED25519_FIELD");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_ED25519_FE32=0",
                   "PICOPSA_ED25519_FE32 was removed: set PICOPSA_ED25519_FIELD");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_ED25519_UMAAL=1",
                   "PICOPSA_ED25519_UMAAL was removed: set PICOPSA_ED25519_FIELD");
}

/* P-256 (config.h P-256 section): limb size, UMAAL target, comb size;
 * every host limb size and comb size compiles (the controls). */
static void p256_cases(void)
{
    expect_compile("include/picopsa/config.h", "-DPICOPSA_P256_LIMB_BITS=16",
                   "PICOPSA_P256_LIMB_BITS must be 32 or 64");
    expect_compile("include/picopsa/config.h", "-U__SIZEOF_INT128__ -DPICOPSA_P256_LIMB_BITS=64",
                   "PICOPSA_P256_LIMB_BITS 64 needs a compiler with unsigned __int128");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_P256_UMAAL=1",
                   "PICOPSA_P256_UMAAL needs GCC/Clang targeting ARMv7E-M");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_P256_COMB_TEETH=3",
                   "PICOPSA_P256_COMB_TEETH must be in 4..8");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_P256_COMB_TEETH=9",
                   "PICOPSA_P256_COMB_TEETH must be in 4..8");
    expect_compile("src/p256/p256_point.c", "-DPICOPSA_P256_LIMB_BITS=32 -DPICOPSA_P256_COMB_TEETH=4",
                   NULL);
    expect_compile("src/p256/p256_point.c", "-DPICOPSA_P256_COMB_TEETH=7", NULL);
}

/* PSA_EXPORT_{KEY_PAIR,PUBLIC_KEY}_MAX_SIZE cover every built family
 * (spec 9.6.6, 9.6.7) in the default build and without RSA, with and
 * without ML-KEM, P-256 and P-384 (tests/data/config/export_max.c: a negative
 * array size where a maximum is short; without RSA, P-256's 65-byte
 * public key once was). */
static void export_max_cases(void)
{
    static const char no_rsa[] =
        "-DPSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY=0 -DPSA_WANT_KEY_TYPE_RSA_KEY_PAIR=0 "
        "-DPSA_WANT_ALG_RSA_PKCS1V15_SIGN=0 -DPSA_WANT_ALG_RSA_PSS=0 "
        "-DPSA_WANT_ALG_RSA_PKCS1V15_CRYPT=0 -DPSA_WANT_ALG_RSA_OAEP=0";
    static const char *const extra[] = {"", "-DPSA_WANT_ALG_ML_KEM=0", "-DPSA_WANT_ALG_ML_DSA=0",
                                        "-DPSA_WANT_ALG_ML_KEM=0 -DPSA_WANT_ECC_SECP_R1_256=0",
                                        "-DPSA_WANT_ALG_ML_KEM=0 -DPSA_WANT_ECC_SECP_R1_384=0",
                                        "-DPSA_WANT_ALG_ML_KEM=0 -DPSA_WANT_ECC_SECP_R1_256=0 "
                                        "-DPSA_WANT_ECC_SECP_R1_384=0"};
    char defines[512];
    size_t i;
    expect_compile("tests/data/config/export_max.c", "", NULL);
    for (i = 0; i < sizeof(extra) / sizeof(extra[0]); i++) {
        snprintf(defines, sizeof(defines), "%s %s", no_rsa, extra[i]);
        expect_compile("tests/data/config/export_max.c", defines, NULL);
    }
}

int main(void)
{
    static const char no_sha2[] = "-DPSA_WANT_ALG_SHA_224=0 -DPSA_WANT_ALG_SHA_256=0 "
                                  "-DPSA_WANT_ALG_SHA_384=0 -DPSA_WANT_ALG_SHA_512=0 "
                                  "-DPSA_WANT_ALG_SHA_1=0 -DPSA_WANT_ALG_SHA_512_224=0 "
                                  "-DPSA_WANT_ALG_SHA_512_256=0";
    const char *data = test_data_path("../..");
    char defines[512];

    snprintf(root, sizeof(root), "%s", data);
    cc = getenv("CC");
    if (cc == NULL || cc[0] == '\0') {
        cc = "cc";
    }
    printf("compiler: %s, sources: %s\n", cc, root);

    /* Control: the default configuration compiles. */
    expect_compile("include/picopsa/config.h", "", NULL);
    p256_cases();
    expect_compile("src/random/pp_random.c", "", NULL);

    /* Contradictions, one #error each. */
    expect_compile("include/picopsa/config.h", no_sha2, "PSA_WANT_ALG_HMAC needs at least one");
    expect_compile("include/picopsa/config.h",
                   "-DPSA_WANT_ALG_HMAC=0 -DPICOPSA_DRBG_MECHANISM=PICOPSA_DRBG_HMAC",
                   "the DRBG is HMAC_DRBG");
    drbg_mechanism_cases();
    expect_compile("include/picopsa/config.h", "-DPSA_WANT_ALG_SHA_512=0",
                   "Ed25519 needs PSA_WANT_ALG_SHA_512");
    expect_compile("include/picopsa/config.h", "-DPSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY=0",
                   "an RSA key pair needs PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY");
    expect_compile("include/picopsa/config.h",
                   "-DPSA_WANT_ALG_ML_DSA=0 -DPSA_WANT_ALG_HASH_ML_DSA=1",
                   "the ML-DSA variants need PSA_WANT_ALG_ML_DSA");
    /* AES backend: each value compiles, anything else is refused. */
    expect_compile("src/aes/aes_ref.c", "-DPICOPSA_AES_BACKEND=PICOPSA_AES_REF", NULL);
    expect_compile("include/picopsa/config.h", "-DPICOPSA_AES_BACKEND=PICOPSA_AES_CT64", NULL);
    expect_compile("src/aes/aes_ct32.c", "-DPICOPSA_AES_BACKEND=PICOPSA_AES_CT32", NULL);
    expect_compile("include/picopsa/config.h", "-DPICOPSA_AES_BACKEND=0",
                   "PICOPSA_AES_BACKEND selects no single backend");
    expect_compile("include/picopsa/config.h",
                   "'-DPICOPSA_AES_BACKEND=(PICOPSA_AES_REF|PICOPSA_AES_CT64)'",
                   "PICOPSA_AES_BACKEND selects no single backend");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_RSA_MAX_BITS=1000",
                   "PICOPSA_RSA_MAX_BITS must be");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_RSA_MIN_BITS=8192",
                   "PICOPSA_RSA_MIN_BITS must be");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_DRBG_RESEED_INTERVAL=0",
                   "PICOPSA_DRBG_RESEED_INTERVAL must be at least 1");
    /* Issue 15: the HKDF info buffer of the key derivation operation. */
    expect_compile("include/picopsa/config.h", "-DPICOPSA_HKDF_MAX_INFO_BYTES=2000",
                   "PICOPSA_HKDF_MAX_INFO_BYTES must be 0..1024");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_HKDF_MAX_INFO_BYTES=0", NULL);
    expect_compile("include/picopsa/config.h", "-DPICOPSA_KEY_SLOT_COUNT=0",
                   "PICOPSA_KEY_SLOT_COUNT must be");
    expect_compile("include/picopsa/config.h",
                   "-DPICOPSA_KEY_SLOT_COUNT=4 -DPICOPSA_KEY_SLOT_LARGE_COUNT=5",
                   "PICOPSA_KEY_SLOT_LARGE_COUNT must be");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_HMAC_MAX_KEY_BYTES=0",
                   "PICOPSA_HMAC_MAX_KEY_BYTES must be");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_THREADS=2",
                   "PICOPSA_THREADS must be 0 or 1");
    /* Storage (issue 13): exactly one known ITS backend; flash geometry. */
    expect_compile("include/picopsa/config.h", "-DPICOPSA_ITS_BACKEND=0",
                   "PICOPSA_ITS_BACKEND must be exactly one of");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_ITS_BACKEND=0x10",
                   "PICOPSA_ITS_BACKEND must be exactly one of");
    expect_compile("include/picopsa/config.h",
                   "'-DPICOPSA_ITS_BACKEND=(PICOPSA_ITS_FILE|PICOPSA_ITS_RAM)'",
                   "PICOPSA_ITS_BACKEND must be exactly one of");
    expect_compile("include/picopsa/config.h",
                   "-DPICOPSA_ITS_BACKEND=PICOPSA_ITS_FLASH -DPICOPSA_FLASH_SECTOR_COUNT=1",
                   "flash store: PICOPSA_FLASH_SECTOR_COUNT 2..255");
    expect_compile("include/picopsa/config.h",
                   "-DPICOPSA_ITS_BACKEND=PICOPSA_ITS_FLASH -DPICOPSA_FLASH_WORD_SIZE=16",
                   "flash store: PICOPSA_FLASH_SECTOR_COUNT 2..255");
    expect_compile("include/picopsa/config.h",
                   "-DPICOPSA_ITS_BACKEND=PICOPSA_ITS_RAM -DPICOPSA_ITS_RAM_ENTRIES=0",
                   "PICOPSA_ITS_RAM_ENTRIES must be");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_ITS_BACKEND=PICOPSA_ITS_FLASH", NULL);
    expect_compile("src/storage/its_flash.c", "-DPICOPSA_ITS_BACKEND=PICOPSA_ITS_FLASH", NULL);
    expect_compile("src/storage/its_ram.c", "-DPICOPSA_ITS_BACKEND=PICOPSA_ITS_RAM", NULL);
    expect_compile("src/core/key_slots.c", "-DPICOPSA_ITS_BACKEND=PICOPSA_ITS_NONE", NULL);
    expect_compile("include/picopsa/config.h", "-DPICOPSA_FORK_DETECT=-1",
                   "PICOPSA_FORK_DETECT must be 0 or 1");
    expect_compile("include/picopsa/config.h", "-DPICOPSA_SHA_HW=2",
                   "PICOPSA_SHA_HW must be 0 or 1");
    ed25519_backend_cases();
    export_max_cases();
    /* The DRBG's hash switched off: caught where the DRBG is built. */
    snprintf(defines, sizeof(defines),
             "-DPSA_WANT_ALG_SHA_512=0 -DPSA_WANT_ALG_PURE_EDDSA=0 -DPSA_WANT_ALG_ED25519PH=0 "
             "-DPICOPSA_DRBG_HASH=PSA_ALG_SHA_512 -DPICOPSA_DRBG_MECHANISM=PICOPSA_DRBG_HMAC");
    expect_compile("src/random/pp_random.c", defines, "pp_random_drbg_hash_must_be_sha256_or_sha512");
    bignum_kernel_checks();
    chacha20_backend_checks();

    /* No entropy port: the link names the missing hook; with one it links. */
    expect_link(0, "-DPICOPSA_THREADS=0 -DPICOPSA_FORK_DETECT=0", "picopsa_port_entropy");
    expect_link(1, "-DPICOPSA_THREADS=0 -DPICOPSA_FORK_DETECT=0", NULL);
    expect_link(1, "-DPICOPSA_THREADS=1 -DPICOPSA_FORK_DETECT=0", "picopsa_port_mutex_lock");
    expect_link(1, "-DPICOPSA_THREADS=0 -DPICOPSA_FORK_DETECT=1", "picopsa_port_fork_detected");
    expect_link(2, "-DPICOPSA_THREADS=1 -DPICOPSA_FORK_DETECT=1", NULL);
    expect_link(2, "", NULL);   /* this host's defaults */
    return test_report("psa_config_check");
}
