/*
 * store.c -- the tool's key store: persistent PSA keys (PSA 1.2 9.3) named
 * "id:N" wherever a key file is taken (pkeyutl -inkey, pkey -in, dgst
 * -sign/-verify), created by `genpkey -keyid N`, listed and deleted by
 * `picopsa storage` (docs/cli.md, "Key store"). The keys live in the
 * library's PSA ITS backend (docs/storage.md: on Linux one file per key in
 * $PICOPSA_ITS_DIR, else ./picopsa-its/).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <picopsa/config.h>

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

int cli_is_key_ref(const char *path)
{
    return path != NULL && strncmp(path, "id:", 3) == 0;
}

int cli_parse_key_id(const char *s, psa_key_id_t *id)
{
    char *end;
    unsigned long long v;
    errno = 0;
    if (*s == '\0' || *s == '-' || *s == '+') return 0;
    v = strtoull(s, &end, 0);
    if (errno != 0 || *end != '\0' || v < PSA_KEY_ID_USER_MIN || v > PSA_KEY_ID_USER_MAX) return 0;
    *id = (psa_key_id_t)v;
    return 1;
}

/* A stored key's error, one line naming it. INVALID_HANDLE is PSA's "no
 * such key" (spec 9.3). */
static int stored_error(const char *name, psa_status_t st)
{
    if (st == PSA_ERROR_INVALID_HANDLE || st == PSA_ERROR_DOES_NOT_EXIST) {
        return cli_error("%s: no such key in the key store", name);
    }
    if (st == PSA_ERROR_DATA_CORRUPT || st == PSA_ERROR_DATA_INVALID) {
        return cli_error("%s: the stored key is damaged (%s); picopsa storage delete removes it", name,
                         cli_psa_status_name(st));
    }
    return cli_error("%s: cannot read the stored key (%s)", name, cli_psa_status_name(st));
}

int cli_key_load_stored(cli_key *k, const char *ref, int want_public)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id;
    psa_status_t st;
    psa_key_type_t type;
    (void)want_public; /* a stored key pair serves as its public half too */
    memset(k, 0, sizeof(*k));
    k->name = ref;
    if (!cli_parse_key_id(ref + 3, &id)) {
        return cli_error("%s: not a key id (id:N, N in 1..0x3fffffff, decimal or 0x hex)", ref);
    }
    /* Reads the record header only; the material is loaded on first use. */
    st = psa_get_key_attributes(id, &attr);
    if (st != PSA_SUCCESS) return stored_error(ref, st);
    type = psa_get_key_type(&attr);
    if (type == PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS)) {
        k->key.kind = PPK_ED25519_PRIVATE;
    } else if (type == PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_TWISTED_EDWARDS)) {
        k->key.kind = PPK_ED25519_PUBLIC;
    } else if (type == PSA_KEY_TYPE_RSA_KEY_PAIR) {
        k->key.kind = PPK_RSA_PRIVATE;
    } else if (type == PSA_KEY_TYPE_RSA_PUBLIC_KEY) {
        k->key.kind = PPK_RSA_PUBLIC;
    } else if (type == PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY)) {
        k->key.kind = PPK_X25519_PRIVATE;
    } else if (type == PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_MONTGOMERY)) {
        k->key.kind = PPK_X25519_PUBLIC;
    } else if (type == PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1)) {
        k->key.kind = PPK_EC_PRIVATE;
    } else if (type == PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_SECP_R1)) {
        k->key.kind = PPK_EC_PUBLIC;
    } else if (type == PSA_KEY_TYPE_ML_KEM_KEY_PAIR) {
        k->key.kind = PPK_MLKEM_PRIVATE;
    } else if (type == PSA_KEY_TYPE_ML_KEM_PUBLIC_KEY) {
        k->key.kind = PPK_MLKEM_PUBLIC;
    } else if (type == PSA_KEY_TYPE_ML_DSA_KEY_PAIR) {
        k->key.kind = PPK_MLDSA_PRIVATE;
    } else if (type == PSA_KEY_TYPE_ML_DSA_PUBLIC_KEY) {
        k->key.kind = PPK_MLDSA_PUBLIC;
    } else if (type == PSA_KEY_TYPE_HSS_PUBLIC_KEY) {
        k->key.kind = PPK_HSS_PUBLIC;
    } else {
        psa_reset_key_attributes(&attr);
        return cli_error("%s: key type 0x%04x: the tool handles Ed25519, X25519, RSA, EC, ML-KEM, ML-DSA and HSS keys only", ref, (unsigned)type);
    }
    k->key.form = PPK_FORM_PKCS8;
    k->type = type;
    k->bits = psa_get_key_bits(&attr);
    k->stored = id;
    k->stored_usage = psa_get_key_usage_flags(&attr);
    k->stored_alg = psa_get_key_algorithm(&attr);
    psa_reset_key_attributes(&attr);
    return 0;
}

psa_algorithm_t cli_key_adjust_alg(const cli_key *k, psa_algorithm_t alg)
{
    /* A stored PSS key's policy is PSA_ALG_RSA_PSS(PSA_ALG_ANY_HASH), which
     * does not permit PSA_ALG_RSA_PSS_ANY_SALT (spec 9.5.3): such a key
     * verifies with the hash-length salt it signs with. */
    if (k->stored != 0 && k->stored_alg == PSA_ALG_RSA_PSS(PSA_ALG_ANY_HASH) &&
        alg == PSA_ALG_RSA_PSS_ANY_SALT(PSA_ALG_SIGN_GET_HASH(alg))) {
        return PSA_ALG_RSA_PSS(PSA_ALG_SIGN_GET_HASH(alg));
    }
    return alg;
}

void cli_release_key(psa_key_id_t id)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    if (id == 0) return;
    /* Persistent: drop the cached copy only (psa_destroy_key would erase
     * it from storage); volatile: destroy. */
    if (psa_get_key_attributes(id, &attr) == PSA_SUCCESS &&
        !PSA_KEY_LIFETIME_IS_VOLATILE(psa_get_key_lifetime(&attr))) {
        (void)psa_purge_key(id);
    } else {
        (void)psa_destroy_key(id);
    }
    psa_reset_key_attributes(&attr);
}

/* ---- picopsa storage ------------------------------------------------------------------------ */

static const char storage_usage[] =
    "Usage: picopsa storage list\n"
    "       picopsa storage delete ID...\n"
    "The key store: persistent PSA keys, used as -inkey id:N / -in id:N and\n"
    "created by genpkey -keyid N. Keys are kept by the library's ITS backend\n"
    "(file backend: $PICOPSA_ITS_DIR, else ./picopsa-its/).\n"
    "  list         one line per stored key: id, type, size, policy, exportable or not\n"
    "  delete ID... erase the keys (psa_destroy_key); ID is N or id:N\n";

static const char *alg_name(psa_algorithm_t alg, char *buf, size_t size)
{
    const cli_digest *d;
    if (alg == PSA_ALG_PURE_EDDSA) return "PURE_EDDSA";
    if (alg == PSA_ALG_ECDH) return "ECDH";
    if (alg == PSA_ALG_ECDSA(PSA_ALG_ANY_HASH)) return "ECDSA(ANY_HASH)";
    if (alg == PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_ANY_HASH)) return "RSA_PKCS1V15_SIGN(ANY_HASH)";
    if (alg == PSA_ALG_RSA_PSS(PSA_ALG_ANY_HASH)) return "RSA_PSS(ANY_HASH)";
    if (alg == PSA_ALG_RSA_PKCS1V15_CRYPT) return "RSA_PKCS1V15_CRYPT";
    if (PSA_ALG_IS_RSA_OAEP(alg) && (d = cli_digest_by_alg(PSA_ALG_RSA_OAEP_GET_HASH(alg))) != NULL) {
        snprintf(buf, size, "RSA_OAEP(%s)", d->ossl_name);
        return buf;
    }
    snprintf(buf, size, "0x%08lx", (unsigned long)alg);
    return buf;
}

static const char *type_name(psa_key_type_t type)
{
    if (type == PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS)) return "ED25519 private";
    if (type == PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_TWISTED_EDWARDS)) return "ED25519 public";
    if (type == PSA_KEY_TYPE_RSA_KEY_PAIR) return "RSA private";
    if (type == PSA_KEY_TYPE_RSA_PUBLIC_KEY) return "RSA public";
    if (type == PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY)) return "X25519 private";
    if (type == PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_MONTGOMERY)) return "X25519 public";
    if (type == PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1)) return "EC private";
    if (type == PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_SECP_R1)) return "EC public";
    if (type == PSA_KEY_TYPE_ML_KEM_KEY_PAIR) return "ML-KEM private";
    if (type == PSA_KEY_TYPE_ML_KEM_PUBLIC_KEY) return "ML-KEM public";
    if (type == PSA_KEY_TYPE_ML_DSA_KEY_PAIR) return "ML-DSA private";
    if (type == PSA_KEY_TYPE_ML_DSA_PUBLIC_KEY) return "ML-DSA public";
    if (type == PSA_KEY_TYPE_HSS_PUBLIC_KEY) return "HSS public";
    if (type == PSA_KEY_TYPE_LMS_PUBLIC_KEY) return "LMS public";
    return "other";
}

static int cmp_id(const void *a, const void *b)
{
    psa_key_id_t x = *(const psa_key_id_t *)a, y = *(const psa_key_id_t *)b;
    return x < y ? -1 : x > y;
}

/* The file backend's objects are "<uid as 16 hex digits>" (docs/storage.md,
 * File backend); a key's record has the uid 2^63 | key id (the reserved
 * range the public psa_its_* refuse). PSA ITS has no listing call, so
 * listing needs that backend. */
static int storage_list(void)
{
#if PICOPSA_ITS_BACKEND == PICOPSA_ITS_FILE
    const char *dir = getenv("PICOPSA_ITS_DIR");
    DIR *d;
    struct dirent *e;
    psa_key_id_t *ids = NULL;
    size_t n = 0, cap = 0, i;
    if (dir == NULL || dir[0] == '\0') dir = "./picopsa-its";
    d = opendir(dir);
    if (d == NULL) {
        if (errno == ENOENT) return 0; /* nothing stored yet */
        return cli_error("%s: %s", dir, strerror(errno));
    }
    while ((e = readdir(d)) != NULL) {
        unsigned long long uid = 0;
        size_t k;
        if (strlen(e->d_name) != 16u) continue;
        for (k = 0; k < 16u; k++) {
            char c = e->d_name[k];
            int v = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
            if (v < 0) break;
            uid = (uid << 4) | (unsigned long long)v;
        }
        if (k != 16u || (uid >> 63) != 1u) continue; /* not a key record */
        uid &= ~(1ull << 63);
        if (uid < PSA_KEY_ID_USER_MIN || uid > PSA_KEY_ID_USER_MAX) continue;
        if (n == cap) {
            psa_key_id_t *grown;
            cap = cap ? 2u * cap : 32u;
            grown = (psa_key_id_t *)realloc(ids, cap * sizeof(*ids));
            if (grown == NULL) {
                closedir(d);
                free(ids);
                return cli_error("out of memory");
            }
            ids = grown;
        }
        ids[n++] = (psa_key_id_t)uid;
    }
    closedir(d);
    if (n > 1u) qsort(ids, n, sizeof(*ids), cmp_id);
    for (i = 0; i < n; i++) {
        psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
        psa_status_t st = psa_get_key_attributes(ids[i], &attr);
        char buf[40];
        if (st == PSA_SUCCESS) {
            psa_key_usage_t u = psa_get_key_usage_flags(&attr);
            printf("id:%lu (0x%08lx) %s key, %u bits, %s, %s\n", (unsigned long)ids[i], (unsigned long)ids[i],
                   type_name(psa_get_key_type(&attr)), (unsigned)psa_get_key_bits(&attr),
                   alg_name(psa_get_key_algorithm(&attr), buf, sizeof(buf)),
                   (u & PSA_KEY_USAGE_EXPORT) ? "exportable" : "not exportable");
        } else {
            /* A damaged record is listed (it can be deleted), not fatal. */
            printf("id:%lu (0x%08lx) unreadable: %s\n", (unsigned long)ids[i], (unsigned long)ids[i],
                   cli_psa_status_name(st));
        }
        psa_reset_key_attributes(&attr);
    }
    free(ids);
    return 0;
#else
    return cli_error("list: this build's key store backend cannot be listed (the file backend can)");
#endif
}

int cmd_storage(int argc, char **argv)
{
    int i, rc = 0;
    if (argc < 2 || cli_is_help(argv[1])) {
        fputs(storage_usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 1 : 0;
    }
    if (strcmp(argv[1], "list") == 0) {
        if (argc != 2) return cli_error("list takes no arguments");
        if (cli_init()) return 1;
        return storage_list();
    }
    if (strcmp(argv[1], "delete") == 0) {
        if (argc < 3) return cli_error("delete: no key id given");
        if (cli_init()) return 1;
        for (i = 2; i < argc && rc == 0; i++) {
            const char *a = argv[i];
            psa_key_id_t id;
            psa_status_t st;
            if (!cli_parse_key_id(cli_is_key_ref(a) ? a + 3 : a, &id)) {
                rc = cli_error("%s: not a key id (N or id:N, N in 1..0x3fffffff)", a);
                break;
            }
            st = psa_destroy_key(id);
            if (st != PSA_SUCCESS) rc = stored_error(a, st);
        }
        return rc;
    }
    cli_error("'%s' is not a storage command (list, delete)", argv[1]);
    fputs(storage_usage, stderr);
    return 1;
}
