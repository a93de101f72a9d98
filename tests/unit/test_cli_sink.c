/*
 * test_cli_sink.c -- issue 21 section 7 (INFO): the picopsa tool's output
 * sink (programs/picopsa/util.c) must not stage standard output in a
 * temporary file (tmpfile() put private keys, plaintexts and shared
 * secrets in /tmp, in blocks freed unwiped; docs/cli.md promises wiped
 * buffers). tmpfile/tmpfile64 are interposed here (a definition in the
 * executable takes libc's place) to count calls; the sink must still
 * write nothing to stdout before commit and nothing at all after an
 * abort, and give the exact bytes (writes, printf, hex, several KiB, so
 * the buffer grows) at commit. Files: written only at commit, through a
 * temporary next to the target, mode 0600 for private outputs; an abort
 * leaves an existing file untouched.
 *
 * On eabf8a5 every stdout sink called tmpfile().
 */
#define _GNU_SOURCE

#include "../../programs/picopsa/util.c"
#include "../../programs/picopsa/keyfile.c"

#include <dlfcn.h>
#include <fcntl.h>

#include "test_util.h"

/* util.c's key loading reaches the key store (store.c): not used here. */
int cli_is_key_ref(const char *path)
{
    (void)path;
    return 0;
}

int cli_key_load_stored(cli_key *k, const char *ref, int want_public)
{
    (void)k;
    (void)ref;
    (void)want_public;
    return 1;
}

static int tmpfile_calls;

typedef FILE *(*tmpfile_fn)(void);

static FILE *real_tmpfile(const char *name)
{
    union {
        void *p;
        tmpfile_fn f;
    } u;
    u.p = dlsym(RTLD_NEXT, name);
    return u.p != NULL ? u.f() : NULL;
}

FILE *tmpfile(void)
{
    tmpfile_calls++;
    return real_tmpfile("tmpfile");
}

FILE *tmpfile64(void)
{
    tmpfile_calls++;
    return real_tmpfile("tmpfile64");
}

static size_t file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (size_t)st.st_size : (size_t)-1;
}

static size_t read_back(const char *path, uint8_t *buf, size_t size)
{
    FILE *f = fopen(path, "rb");
    size_t n;
    if (f == NULL) {
        return 0;
    }
    n = fread(buf, 1, size, f);
    fclose(f);
    return n;
}

int main(void)
{
    static uint8_t expect[20000], got[20000];
    static const uint8_t secret[4] = {0xde, 0xad, 0xbe, 0xef};
    char out_path[] = "cli_sink_stdout.XXXXXX";
    const char *file = "cli_sink_file.out";
    size_t n = 0, i;
    cli_sink s;
    int saved, fd;
    struct stat st;

    /* stdout goes to a file we can inspect. */
    fflush(stdout);
    saved = dup(STDOUT_FILENO);
    fd = mkstemp(out_path);
    CHECK(saved >= 0 && fd >= 0);
    CHECK(dup2(fd, STDOUT_FILENO) == STDOUT_FILENO);
    close(fd);

    /* A committed stdout sink: bytes, printf, hex; 12 KiB so it grows. */
    CHECK(cli_sink_open(&s, NULL, 1) == 0);
    for (i = 0; i < 3000; i++) {
        cli_sink_write(&s, "abcd", 4);
        memcpy(expect + n, "abcd", 4);
        n += 4;
    }
    cli_sink_printf(&s, "%s=%d;", "x", 42);
    memcpy(expect + n, "x=42;", 5);
    n += 5;
    cli_sink_hex(&s, secret, sizeof(secret));
    memcpy(expect + n, "deadbeef", 8);
    n += 8;
    CHECK(file_size(out_path) == 0); /* nothing before commit */
    CHECK(cli_sink_commit(&s) == 0);
    CHECK(file_size(out_path) == n);
    CHECK(read_back(out_path, got, sizeof(got)) == n && memcmp(got, expect, n) == 0);

    /* An aborted stdout sink prints nothing. */
    CHECK(cli_sink_open(&s, "-", 1) == 0);
    cli_sink_write(&s, "secret", 6);
    cli_sink_abort(&s);
    fflush(stdout);
    CHECK(file_size(out_path) == n);

    fflush(stdout);
    CHECK(dup2(saved, STDOUT_FILENO) == STDOUT_FILENO);
    close(saved);
    unlink(out_path);
    printf("tmpfile() calls by stdout sinks: %d\n", tmpfile_calls);
    CHECK(tmpfile_calls == 0);

    /* A file: written at commit only, 0600 for a private output. */
    unlink(file);
    CHECK(cli_sink_open(&s, file, 1) == 0);
    cli_sink_write(&s, "key bytes", 9);
    CHECK(access(file, F_OK) != 0);
    CHECK(cli_sink_commit(&s) == 0);
    CHECK(stat(file, &st) == 0 && (st.st_mode & 0777) == 0600 && st.st_size == 9);
    CHECK(read_back(file, got, sizeof(got)) == 9 && memcmp(got, "key bytes", 9) == 0);
    /* An aborted sink leaves the existing file as it was. */
    CHECK(cli_sink_open(&s, file, 0) == 0);
    cli_sink_printf(&s, "other %d", 7);
    cli_sink_abort(&s);
    CHECK(read_back(file, got, sizeof(got)) == 9 && memcmp(got, "key bytes", 9) == 0);
    /* A public output: 0644 minus the umask. */
    {
        mode_t mask = umask(022);
        CHECK(cli_sink_open(&s, file, 0) == 0);
        cli_sink_write(&s, "pub", 3);
        CHECK(cli_sink_commit(&s) == 0);
        CHECK(stat(file, &st) == 0 && (st.st_mode & 0777) == 0644 && st.st_size == 3);
        umask(mask);
    }
    unlink(file);
    return test_report("cli_sink");
}
