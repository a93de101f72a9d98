/*
 * json.h -- a small JSON (RFC 8259) DOM reader for the test programs.
 *
 * Contract:
 *  - For tests only (uses malloc/stdio); never linked into the library.
 *  - json_parse_file() reads and parses a whole file; on any error (I/O or
 *    syntax) it prints "path:line:col: message" to stderr and aborts, so a
 *    test never runs on half-read vectors. json_parse() is the non-aborting
 *    form for in-memory text: it returns NULL and fills `err`.
 *  - Strict RFC 8259: one value, optional surrounding whitespace, no
 *    trailing commas, no comments, no control characters inside strings,
 *    \uXXXX escapes (with surrogate pairs) decoded to UTF-8. Nesting is
 *    limited to JSON_MAX_DEPTH so hostile input cannot exhaust the stack.
 *  - Every accessor accepts NULL and returns a neutral answer (NULL, 0,
 *    0.0), so lookups chain: json_str(json_get(json_at(tests, i), "msg")).
 *  - Object member order is kept; json_get() returns the first member of
 *    that name (duplicates are kept, reachable through json_key_at/json_at).
 *  - Returned pointers live until json_free() of the root.
 */
#ifndef PICOPSA_TEST_JSON_H
#define PICOPSA_TEST_JSON_H

#include <stddef.h>

#define JSON_MAX_DEPTH 256

typedef struct json_value json_value;

typedef enum {
    JSON_NULL,
    JSON_BOOL,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT
} json_type;

/* Parse a file; aborts with a message on failure. */
json_value *json_parse_file(const char *path);
/* Parse `len` bytes of text; NULL on failure with a message in err (which
 * may be NULL when err_size is 0). */
json_value *json_parse(const char *text, size_t len, char *err, size_t err_size);
void json_free(json_value *v);

json_type json_type_of(const json_value *v); /* JSON_NULL for NULL */
int json_is_null(const json_value *v);        /* 1 only for a JSON null */
int json_is_array(const json_value *v);
int json_is_object(const json_value *v);

/* Member of an object (first match); NULL when absent or not an object. */
const json_value *json_get(const json_value *obj, const char *key);
/* Element count of an array or object; 0 otherwise. */
size_t json_len(const json_value *v);
/* i-th element of an array, or i-th member value of an object; NULL when
 * out of range or not a container. */
const json_value *json_at(const json_value *v, size_t i);
/* i-th member name of an object; NULL when out of range or not an object. */
const char *json_key_at(const json_value *obj, size_t i);

/* String contents (NUL-terminated UTF-8); NULL if not a string. */
const char *json_str(const json_value *v);
/* Byte length of a string value (it may contain \u0000); 0 otherwise. */
size_t json_str_len(const json_value *v);
/* Number as integer: exact for integer literals that fit in long long,
 * otherwise the double truncated; 0 for non-numbers. */
long long json_int(const json_value *v);
/* Number as double; 0.0 for non-numbers. */
double json_num(const json_value *v);
/* 1 for true, 0 for false and for anything that is not a boolean. */
int json_bool(const json_value *v);
/* The hex string member `key` of obj decoded (test_hex_decode: malloc'd,
 * the caller frees it), or NULL with *len 0 when obj has no such string. */
unsigned char *json_hex_member(const json_value *obj, const char *key, size_t *len);

#endif /* PICOPSA_TEST_JSON_H */
