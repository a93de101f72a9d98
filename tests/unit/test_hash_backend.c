/*
 * test_hash_backend.c -- the hardware SHA paths (src/hash/sha_backend.h)
 * against the portable C in one process: for SHA-1, SHA-224, SHA-256 (SHA-NI,
 * ARMv8 CE) and SHA-384, SHA-512, SHA-512/256 (x86-64: the BMI2 build),
 * random messages of every length 0..300 and sparser to 5000, fed in
 * random pieces, hashed with the hardware path allowed and with it
 * restricted away (pp_sha_hw_restrict(0)), both compared with OpenSSL.
 * Also: a CPU whose /proc/cpuinfo lists sha_ni (x86-64) or sha1/sha2
 * (AArch64), or bmi2 (x86-64, for SHA-512), must have that path selected, so a broken CPUID
 * check cannot silently fall back; picopsa_backend_name() names it.
 * In a PICOPSA_SHA_HW=0 build only the portable comparison runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <picopsa/backends.h>

#include "hash/pp_hash.h"
#include "hash/sha_backend.h"
#include "test_config.h"
#include "test_util.h"

#define N_ALGS 6
static const psa_algorithm_t algs[N_ALGS] = { PSA_ALG_SHA_1, PSA_ALG_SHA_224, PSA_ALG_SHA_256,
                                              PSA_ALG_SHA_384, PSA_ALG_SHA_512,
                                              PSA_ALG_SHA_512_256 };

static const EVP_MD *md_of(psa_algorithm_t alg)
{
    switch (alg) {
    case PSA_ALG_SHA_1: return EVP_sha1();
    case PSA_ALG_SHA_224: return EVP_sha224();
    case PSA_ALG_SHA_256: return EVP_sha256();
    case PSA_ALG_SHA_384: return EVP_sha384();
    case PSA_ALG_SHA_512_256: return EVP_sha512_256();
    default: return EVP_sha512();
    }
}

static void hash_split(psa_algorithm_t alg, const uint8_t *msg, size_t len, uint8_t *out)
{
    pp_hash_ctx ctx;
    size_t done = 0;
    CHECK_STATUS(pp_hash_setup(&ctx, alg), PSA_SUCCESS);
    while (done < len) {
        size_t piece = test_rng_range(0, len - done);
        pp_hash_update(&ctx, msg + done, piece);
        done += piece;
    }
    pp_hash_finish(&ctx, out);
}

/* 1 if /proc/cpuinfo's flags/Features line has the word. */
static int cpu_flag(const char *word)
{
    char line[4096];
    int found = 0;
    FILE *f = fopen("/proc/cpuinfo", "r");
    size_t n = strlen(word);
    if (f == NULL) {
        return 0;
    }
    while (!found && fgets(line, sizeof(line), f) != NULL) {
        char *p = line;
        if (strncmp(line, "flags", 5) != 0 && strncmp(line, "Features", 8) != 0) {
            continue;
        }
        while ((p = strstr(p, word)) != NULL) {
            if ((p == line || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\n' || p[n] == '\0')) {
                found = 1;
                break;
            }
            p += n;
        }
    }
    fclose(f);
    return found;
}

int main(void)
{
    uint8_t *msg = (uint8_t *)malloc(5000);
    size_t a, len, runs = 0;
    unsigned hw = 0;

    test_rng_seed(0x6a5b);
#if PP_SHA_HW_X86 || PP_SHA_HW_ARM
    hw = pp_sha_hw_features();
#endif
    printf("hash backend: SHA-1 %s, SHA-256 %s, SHA-512 %s (features 0x%x)\n",
           picopsa_backend_name(PICOPSA_FAMILY_SHA1) ? picopsa_backend_name(PICOPSA_FAMILY_SHA1) : "-",
           picopsa_backend_name(PICOPSA_FAMILY_SHA256) ? picopsa_backend_name(PICOPSA_FAMILY_SHA256) : "-",
           picopsa_backend_name(PICOPSA_FAMILY_SHA512) ? picopsa_backend_name(PICOPSA_FAMILY_SHA512) : "-",
           hw);
#if PP_SHA_HW_X86
    if (cpu_flag("sha_ni")) {
        CHECK((hw & (PP_SHA_HW_SHA1 | PP_SHA_HW_SHA256)) == (PP_SHA_HW_SHA1 | PP_SHA_HW_SHA256));
    }
    if (cpu_flag("bmi2")) {
        CHECK((hw & PP_SHA_HW_SHA512) != 0);
    }
#elif PP_SHA_HW_ARM
    if (cpu_flag("sha2")) {   /* AArch64 */
        CHECK((hw & PP_SHA_HW_SHA256) != 0);
    }
    if (cpu_flag("sha1")) {
        CHECK((hw & PP_SHA_HW_SHA1) != 0);
    }
#else
    (void)cpu_flag;
#endif

    test_rng_bytes(msg, 5000);
    for (a = 0; a < N_ALGS; a++) {
        if (!test_hash_built(algs[a])) {
            continue;
        }
        for (len = 0; len <= 5000; len += (len < 300 ? 1 : 173)) {
            uint8_t want[64], fast[64], portable[64];
            unsigned int want_len = 0;
            size_t off = len & 3;   /* unaligned input too */
            size_t n = len + off > 5000 ? 5000 - off : len;
            EVP_Digest(msg + off, n, want, &want_len, md_of(algs[a]), NULL);
            hash_split(algs[a], msg + off, n, fast);
#if PP_SHA_HW_X86 || PP_SHA_HW_ARM
            pp_sha_hw_restrict(0);
#endif
            hash_split(algs[a], msg + off, n, portable);
#if PP_SHA_HW_X86 || PP_SHA_HW_ARM
            pp_sha_hw_restrict(~0u);
#endif
            if (!CHECK_MEM(fast, want, want_len) || !CHECK_MEM(portable, want, want_len)) {
                fprintf(stderr, "  alg 0x%08x length %zu\n", (unsigned)algs[a], n);
            }
            runs++;
        }
    }
    CHECK(runs > 0 || !(PSA_WANT_ALG_SHA_1 || PSA_WANT_ALG_SHA_256));
    free(msg);
    return test_report("hash_backend");
}
