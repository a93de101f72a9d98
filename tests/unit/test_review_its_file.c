/*
 * test_review_its_file.c -- review finding R11 (docs/reviews/issues11-16.md):
 * the file ITS backend (its_file.c) writes a key record through
 * open("<uid>.tmp", O_WRONLY | O_CREAT | O_TRUNC, 0600) and rename()s it.
 * An existing <uid>.tmp (or a symlink of that name) is reused: the mode
 * 0600 applies only to a new file, so a file planted by someone who can
 * write the directory keeps its owner and mode, and after the rename it is
 * the key record. make_dirs() accepts an existing directory whatever its
 * owner and mode (the default "./picopsa-its" is relative to the current
 * directory). Here the planted .tmp has mode 0666: the stored key ends up
 * world-readable and world-writable.
 *
 * Fixed (docs/reviews/issues11-16.md, Status): a reproduced finding
 * prints "REVIEW FINDING reproduced" and fails the test (exit 1).
 */
#define _POSIX_C_SOURCE 200809L

#include <psa/crypto.h>
#include <picopsa/config.h>
#include <picopsa/shutdown.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "storage/pp_its.h"
#include "storage/pp_key_record.h"
#include "test_util.h"

#if (PICOPSA_ITS_BACKEND) == PICOPSA_ITS_FILE && PSA_WANT_ALG_HMAC
#define ID 0x3b01u

/* mkdir -p (a fresh build tree has no its/ directory yet). */
static void make_dirs(const char *dir)
{
    char p[512];
    size_t i, n = strlen(dir);
    if (n == 0 || n >= sizeof(p)) {
        return;
    }
    memcpy(p, dir, n + 1);
    for (i = 1; i <= n; i++) {
        if (p[i] == '/' || p[i] == '\0') {
            char c = p[i];
            p[i] = '\0';
            (void)mkdir(p, 0700);
            p[i] = c;
        }
    }
}

int main(void)
{
    static const uint8_t k[32] = "key bytes that must stay 0600..";
    const char *dir = getenv("PICOPSA_ITS_DIR");
    char path[600], tmp[600];
    psa_key_attributes_t a = psa_key_attributes_init();
    psa_key_id_t id = 0;
    struct stat st;
    int fd, findings = 0;

    if (dir == NULL || dir[0] == '\0') {
        dir = "./picopsa-its";
    }
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    (void)psa_destroy_key(ID);
    make_dirs(dir);
    snprintf(path, sizeof(path), "%s/%016llx", dir, (unsigned long long)PP_KEY_RECORD_UID(ID));
    snprintf(tmp, sizeof(tmp), "%s/%016llx.tmp", dir, (unsigned long long)PP_KEY_RECORD_UID(ID));
    /* What another user with write access to the directory could plant. */
    (void)unlink(tmp);
    fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    CHECK(fd >= 0);
    if (fd >= 0) {
        CHECK(fchmod(fd, 0666) == 0);
        close(fd);
    }

    psa_set_key_type(&a, PSA_KEY_TYPE_HMAC);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_SIGN_MESSAGE);
    psa_set_key_algorithm(&a, PSA_ALG_HMAC(PSA_ALG_SHA_256));
    psa_set_key_id(&a, ID);
    psa_set_key_lifetime(&a, PSA_KEY_LIFETIME_PERSISTENT);
    CHECK_STATUS(psa_import_key(&a, k, sizeof(k), &id), PSA_SUCCESS);

    CHECK(stat(path, &st) == 0);
    if ((st.st_mode & 0077u) != 0) {
        printf("REVIEW FINDING reproduced: R11: key record %s has mode %03o (not 0600)\n", path,
               (unsigned)(st.st_mode & 0777u));
        findings++;
    }
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);

    /* A symlink planted as the .tmp: the write must not follow it. */
    {
        char outside[600];
        uint8_t buf[8];
        FILE *f;
        snprintf(outside, sizeof(outside), "%s.outside", dir);
        f = fopen(outside, "wb");
        CHECK(f != NULL);
        if (f != NULL) {
            fputs("victim", f);
            fclose(f);
        }
        (void)unlink(tmp);
        CHECK(symlink(outside, tmp) == 0);
        CHECK_STATUS(psa_import_key(&a, k, sizeof(k), &id), PSA_SUCCESS);
        f = fopen(outside, "rb");
        CHECK(f != NULL);
        if (f != NULL) {
            size_t n = fread(buf, 1, sizeof(buf), f);
            fclose(f);
            if (n != 6 || memcmp(buf, "victim", 6) != 0) {
                printf("REVIEW FINDING reproduced: R11: the key record was written through a "
                       "planted symlink\n");
                findings++;
            }
        }
        CHECK(lstat(path, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 0077u) == 0);
        (void)unlink(outside);
        CHECK_STATUS(psa_purge_key(id), PSA_SUCCESS);
    }

    /* A store directory that others can write is refused (no read, no
     * write: records there may be planted), and works again once it is
     * 0700. */
    {
        struct psa_storage_info_t info;
        psa_key_attributes_t got = psa_key_attributes_init();
        CHECK(chmod(dir, 0770) == 0);
        if (psa_get_key_attributes(ID, &got) != PSA_ERROR_STORAGE_FAILURE ||
            psa_its_set(0x3b02u, 3, "abc", 0) != PSA_ERROR_STORAGE_FAILURE ||
            psa_its_get_info(0x3b02u, &info) != PSA_ERROR_STORAGE_FAILURE) {
            printf("REVIEW FINDING reproduced: R11: a group-writable store directory is used\n");
            findings++;
        }
        CHECK(chmod(dir, 0700) == 0);
        CHECK_STATUS(psa_get_key_attributes(ID, &got), PSA_SUCCESS);
        psa_reset_key_attributes(&got);
        CHECK_STATUS(psa_destroy_key(ID), PSA_SUCCESS);
        (void)psa_its_remove(0x3b02u);
    }
    (void)unlink(tmp);
    picopsa_shutdown();

    if (test_failed != 0) {
        return test_report("review_its_file");
    }
    if (findings != 0) {
        return 1;   /* a reproduced finding is a failure (fixed: docs/reviews) */
    }
    return test_report("review_its_file");
}
#else
int main(void)
{
    return test_skip("review_its_file", "not the file ITS backend, or no HMAC");
}
#endif
