/*
 * test_json.c -- the test-side JSON reader (tests/common/json.h).
 *
 * 1. Every Wycheproof file parses and is self-consistent as read through
 *    the API: numberOfTests equals the number of tests in all groups, tcIds
 *    are unique, every flag names an entry of "notes", every result is
 *    valid/invalid/acceptable.
 * 2. Hand-written documents with known contents (escapes, surrogate pairs,
 *    numbers, duplicates, empty containers).
 * 3. Malformed documents are rejected with a message, never accepted.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "test_util.h"

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

static void check_wycheproof_file(const char *name)
{
    char rel[512];
    json_value *root;
    const json_value *groups, *notes;
    size_t g, t, total = 0, n_ids = 0;
    long long *ids;
    int results_ok = 1, flags_ok = 1, ids_ok = 1;

    snprintf(rel, sizeof(rel), "vectors/wycheproof/%s", name);
    root = json_parse_file(test_data_path(rel));
    groups = json_get(root, "testGroups");
    notes = json_get(root, "notes");
    CHECK(json_is_array(groups));
    CHECK(json_len(groups) > 0);
    CHECK(json_str(json_get(root, "algorithm")) != NULL);

    for (g = 0; g < json_len(groups); g++) {
        total += json_len(json_get(json_at(groups, g), "tests"));
    }
    ids = (long long *)malloc((total + 1) * sizeof(*ids));
    for (g = 0; g < json_len(groups); g++) {
        const json_value *tests = json_get(json_at(groups, g), "tests");
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            const char *result = json_str(json_get(tc, "result"));
            const json_value *flags = json_get(tc, "flags");
            size_t f;
            ids[n_ids++] = json_int(json_get(tc, "tcId"));
            if (result == NULL || (strcmp(result, "valid") != 0 && strcmp(result, "invalid") != 0 &&
                                   strcmp(result, "acceptable") != 0)) {
                results_ok = 0;
            }
            for (f = 0; f < json_len(flags); f++) {
                const char *flag = json_str(json_at(flags, f));
                /* Upstream's mldsa_{44,65}_verify_test.json use the flag
                 * InvalidSignature without a note for it (files as published). */
                if (json_get(notes, flag) == NULL &&
                    !(strncmp(name, "mldsa_", 6) == 0 && strcmp(flag, "InvalidSignature") == 0)) {
                    flags_ok = 0;
                }
            }
        }
    }
    qsort(ids, n_ids, sizeof(*ids), cmp_ll);
    for (t = 1; t < n_ids; t++) {
        if (ids[t] == ids[t - 1]) {
            ids_ok = 0;
        }
    }
    if (!test_check_int((long)total, (long)json_int(json_get(root, "numberOfTests")),
                        "tests in groups vs numberOfTests", __FILE__, __LINE__)) {
        fprintf(stderr, "  in %s\n", name);
    }
    CHECK(n_ids == 0 || ids[0] >= 1);
    CHECK(results_ok);
    CHECK(flags_ok);
    CHECK(ids_ok);
    free(ids);
    json_free(root);
}

static void test_wycheproof_files(void)
{
    DIR *dir = opendir(test_data_path("vectors/wycheproof"));
    struct dirent *e;
    size_t files = 0;
    CHECK(dir != NULL);
    if (dir == NULL) {
        return;
    }
    while ((e = readdir(dir)) != NULL) {
        if (ends_with(e->d_name, "_test.json")) {
            check_wycheproof_file(e->d_name);
            files++;
        }
    }
    closedir(dir);
    /* tests/data/vectors/README.md lists 54 vector files. */
    CHECK_STATUS(files, 54);
}

static void test_rfc8032_file(void)
{
    json_value *root = json_parse_file(test_data_path("vectors/rfc8032_ed25519.json"));
    const json_value *vectors = json_get(root, "vectors");
    const json_value *first = json_at(vectors, 0);
    CHECK(json_len(vectors) > 0);
    CHECK(json_is_object(json_get(root, "fields")));
    /* RFC 8032 7.1 TEST 1: empty message. */
    CHECK(strcmp(json_str(json_get(first, "secret_key")),
                 "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60") == 0);
    CHECK_STATUS(json_int(json_get(first, "message_length")), 0);
    CHECK_STATUS(json_str_len(json_get(first, "message")), 0);
    json_free(root);
}

static json_value *parse_text(const char *text)
{
    char err[128];
    json_value *v = json_parse(text, strlen(text), err, sizeof(err));
    if (v == NULL) {
        fprintf(stderr, "  unexpected parse error: %s in %s\n", err, text);
    }
    return v;
}

static void test_known_documents(void)
{
    static const char doc[] =
        " {\"a\": [1, -2, 3.5, 1e3, -0, 9223372036854775807, 123456789012345678901234],\n"
        "  \"s\": \"x\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\u20ac\\ud83d\\ude00\",\n"
        "  \"z\": \"a\\u0000b\", \"t\": true, \"f\": false, \"n\": null,\n"
        "  \"e\": {}, \"ea\": [], \"dup\": 1, \"dup\": 2, \"nest\": {\"k\": [[{}]]}} ";
    static const char want_s[] = "x\"\\/\b\f\n\r\t\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80";
    json_value *root = parse_text(doc);
    const json_value *a = json_get(root, "a");
    CHECK(root != NULL);
    CHECK_STATUS(json_type_of(root), JSON_OBJECT);
    CHECK_STATUS(json_len(root), 11);
    CHECK_STATUS(json_len(a), 7);
    CHECK_STATUS(json_int(json_at(a, 0)), 1);
    CHECK_STATUS(json_int(json_at(a, 1)), -2);
    CHECK(json_num(json_at(a, 2)) == 3.5);
    CHECK_STATUS(json_int(json_at(a, 2)), 3);
    CHECK(json_num(json_at(a, 3)) == 1000.0);
    CHECK_STATUS(json_int(json_at(a, 4)), 0);
    CHECK(json_int(json_at(a, 5)) == 9223372036854775807LL);
    CHECK(json_num(json_at(a, 6)) > 1.2e23 && json_num(json_at(a, 6)) < 1.3e23);
    CHECK(json_at(a, 7) == NULL);
    CHECK_STATUS(json_str_len(json_get(root, "s")), sizeof(want_s) - 1);
    CHECK_MEM(json_str(json_get(root, "s")), want_s, sizeof(want_s));
    CHECK_STATUS(json_str_len(json_get(root, "z")), 3);
    CHECK_MEM(json_str(json_get(root, "z")), "a\0b", 4);
    CHECK(json_bool(json_get(root, "t")) == 1);
    CHECK(json_bool(json_get(root, "f")) == 0);
    CHECK_STATUS(json_type_of(json_get(root, "f")), JSON_BOOL);
    CHECK(json_is_null(json_get(root, "n")));
    CHECK(!json_is_null(json_get(root, "missing")));
    CHECK(json_get(root, "missing") == NULL);
    CHECK(json_is_object(json_get(root, "e")) && json_len(json_get(root, "e")) == 0);
    CHECK(json_is_array(json_get(root, "ea")) && json_len(json_get(root, "ea")) == 0);
    CHECK_STATUS(json_int(json_get(root, "dup")), 1);
    CHECK(strcmp(json_key_at(root, 9), "dup") == 0);
    CHECK_STATUS(json_int(json_at(root, 9)), 2);
    CHECK(json_key_at(root, 11) == NULL);
    CHECK(json_key_at(a, 0) == NULL);
    CHECK(json_is_object(json_at(json_at(json_get(json_get(root, "nest"), "k"), 0), 0)));
    /* Wrong-type and NULL accessors give neutral answers. */
    CHECK(json_str(a) == NULL);
    CHECK(json_get(a, "x") == NULL);
    CHECK_STATUS(json_len(json_get(root, "s")), 0);
    CHECK_STATUS(json_int(json_get(root, "s")), 0);
    CHECK(json_at(NULL, 0) == NULL && json_str(NULL) == NULL && json_len(NULL) == 0);
    json_free(root);

    /* Scalars at top level are documents too (RFC 8259 section 2). */
    root = parse_text("\"top\"");
    CHECK(root != NULL && strcmp(json_str(root), "top") == 0);
    json_free(root);
    root = parse_text("  -12  ");
    CHECK_STATUS(json_int(root), -12);
    json_free(root);
}

static void test_malformed(void)
{
    static const char *const bad[] = {
        "", "   ", "{", "[", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "[1 2]",
        "\"abc", "\"a\\x\"", "\"\\u12\"", "\"\\u12g4\"", "\"\\ud83d\"", "\"\\ude00\"",
        "\"\\ud83d\\u0041\"", "\"tab\there\"", "01", "-", "1.", ".5", "1e", "+1",
        "tru", "nul", "True", "[1]x", "{} {}", "[\"a\"]]", "\"a\\", "[1,,2]", "NaN",
    };
    char err[128];
    size_t i;
    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        json_value *v = json_parse(bad[i], strlen(bad[i]), err, sizeof(err));
        if (!CHECK(v == NULL)) {
            fprintf(stderr, "  accepted malformed input #%zu: %s\n", i, bad[i]);
        }
        CHECK(err[0] != '\0');
        json_free(v);
    }
    /* The length bounds the input: the text after it is never read. */
    {
        json_value *v = json_parse("[1]garbage", 3, err, sizeof(err));
        CHECK(v != NULL && json_len(v) == 1);
        json_free(v);
    }
    /* Errors carry line:column. */
    CHECK(json_parse("[1,\n  x]", 8, err, sizeof(err)) == NULL);
    CHECK(strncmp(err, "2:3:", 4) == 0);
}

static void test_depth_limit(void)
{
    char *text = (char *)malloc(2 * (JSON_MAX_DEPTH + 10) + 1);
    size_t depth;
    for (depth = JSON_MAX_DEPTH; depth <= JSON_MAX_DEPTH + 1; depth++) {
        json_value *v;
        memset(text, '[', depth);
        memset(text + depth, ']', depth);
        v = json_parse(text, 2 * depth, NULL, 0);
        /* JSON_MAX_DEPTH containers nest fine; one more is refused. */
        CHECK((v != NULL) == (depth == JSON_MAX_DEPTH));
        json_free(v);
    }
    free(text);
}

int main(void)
{
    test_wycheproof_files();
    test_rfc8032_file();
    test_known_documents();
    test_malformed();
    test_depth_limit();
    return test_report("json");
}
