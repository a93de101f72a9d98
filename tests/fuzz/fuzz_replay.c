/*
 * fuzz_replay.c -- main() that replays a libFuzzer corpus without libFuzzer.
 *
 * Linked with one tests/fuzz/fuzz_NAME.c (which defines
 * LLVMFuzzerTestOneInput) into fuzz_NAME_replay; the ctest case fuzz_NAME
 * runs it on tests/fuzz/corpus/NAME/. Each argument is a file or a
 * directory (its regular files are replayed in name order, so runs are
 * reproducible). The target reports a bug by crashing or aborting, exactly
 * as under libFuzzer; in the sanitizer build ASan/UBSan catch the rest.
 * Exit status: 0 when every input ran and there was at least one, 1 when
 * the corpus is missing or empty (a replay that runs nothing proves
 * nothing), or when an LLVMFuzzerInitialize returns nonzero; 77 (ctest:
 * Skipped, TEST_SKIP_CODE) when the target defines fuzz_skip_reason() and
 * it returns a reason: its whole subject is configured out (PSA_WANT_* 0).
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Optional, as in libFuzzer: one-time setup before the first input. */
#if defined(__GNUC__)
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));
/* Optional, replay only: a reason to skip instead of replaying. */
const char *fuzz_skip_reason(void) __attribute__((weak));
#endif

/* Read a whole file into a malloc'd buffer of exactly its size, so reads
 * past the end are caught by ASan as they would be under libFuzzer. */
static uint8_t *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0;
    if (f == NULL) {
        return NULL;
    }
    for (;;) {
        size_t got;
        if (len == cap) {
            uint8_t *grown;
            cap = cap != 0 ? 2 * cap : 4096;
            grown = (uint8_t *)realloc(buf, cap);
            if (grown == NULL) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = grown;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) {
            break;
        }
    }
    fclose(f);
    /* Exact-size copy (malloc(0) may return NULL: use 1 then). */
    {
        uint8_t *exact = (uint8_t *)malloc(len != 0 ? len : 1);
        if (exact == NULL) {
            free(buf);
            return NULL;
        }
        if (len != 0) {
            memcpy(exact, buf, len);
        }
        free(buf);
        *size = len;
        return exact;
    }
}

static int run_file(const char *path)
{
    size_t size = 0;
    uint8_t *data = read_file(path, &size);
    if (data == NULL) {
        fprintf(stderr, "fuzz_replay: cannot read %s\n", path);
        return 0;
    }
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    return 1;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replay every regular file of a directory in name order; returns the
 * number of inputs run, or -1 on error. */
static long run_directory(const char *dir_path)
{
    DIR *dir = opendir(dir_path);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0, i;
    long ran = 0;
    if (dir == NULL) {
        return -1;
    }
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.') {
            continue; /* ".", "..", and hidden files such as .gitkeep */
        }
        if (n == cap) {
            cap = cap != 0 ? 2 * cap : 64;
            names = (char **)realloc(names, cap * sizeof(*names));
            if (names == NULL) {
                closedir(dir);
                return -1;
            }
        }
        names[n] = (char *)malloc(strlen(dir_path) + strlen(e->d_name) + 2);
        if (names[n] == NULL) {
            closedir(dir);
            return -1;
        }
        sprintf(names[n], "%s/%s", dir_path, e->d_name);
        n++;
    }
    closedir(dir);
    qsort(names, n, sizeof(*names), compare_names);
    for (i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            if (!run_file(names[i])) {
                ran = -1;
            } else if (ran >= 0) {
                ran++;
            }
        }
        free(names[i]);
    }
    free(names);
    return ran;
}

int main(int argc, char **argv)
{
    long total = 0;
    int i;
    if (argc < 2) {
        fprintf(stderr, "usage: %s <corpus dir or file>...\n", argv[0]);
        return 1;
    }
#if defined(__GNUC__)
    if (fuzz_skip_reason != NULL && fuzz_skip_reason() != NULL) {
        printf("fuzz_replay: SKIPPED (%s)\n", fuzz_skip_reason());
        return 77;
    }
    if (LLVMFuzzerInitialize != NULL && LLVMFuzzerInitialize(&argc, &argv) != 0) {
        fprintf(stderr, "fuzz_replay: LLVMFuzzerInitialize failed\n");
        return 1;
    }
#endif
    for (i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "fuzz_replay: %s does not exist\n", argv[i]);
            return 1;
        }
        if (S_ISDIR(st.st_mode)) {
            long ran = run_directory(argv[i]);
            if (ran < 0) {
                fprintf(stderr, "fuzz_replay: error reading %s\n", argv[i]);
                return 1;
            }
            total += ran;
        } else {
            if (!run_file(argv[i])) {
                return 1;
            }
            total++;
        }
    }
    printf("fuzz_replay: %ld inputs replayed\n", total);
    return total > 0 ? 0 : 1;
}
