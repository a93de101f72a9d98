/*
 * json.c -- see json.h. Recursive-descent parser over RFC 8259 section 2-7.
 */
#include "json.h"
#include "test_util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct json_value {
    json_type type;
    int is_int;          /* number written as an integer that fits */
    long long int_value;
    double num_value;
    int bool_value;
    char *str;           /* JSON_STRING: NUL-terminated contents */
    size_t str_len;
    size_t count;        /* JSON_ARRAY / JSON_OBJECT element count */
    size_t capacity;
    json_value **items;  /* elements, or member values */
    char **keys;         /* JSON_OBJECT member names */
};

typedef struct {
    const char *text;
    size_t len;
    size_t pos;
    int failed;
    char *err;
    size_t err_size;
} parser;

static void *xmalloc(size_t n)
{
    void *p = malloc(n != 0 ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "json: out of memory\n");
        abort();
    }
    return p;
}

static void *xrealloc(void *old, size_t n)
{
    void *p = realloc(old, n != 0 ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "json: out of memory\n");
        abort();
    }
    return p;
}

/* Record the first error with its line:column (1-based). */
static void fail(parser *p, const char *fmt, ...)
{
    size_t line = 1, col = 1, i;
    int n;
    va_list ap;
    if (p->failed) {
        return;
    }
    p->failed = 1;
    if (p->err == NULL || p->err_size == 0) {
        return;
    }
    for (i = 0; i < p->pos && i < p->len; i++) {
        if (p->text[i] == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    n = snprintf(p->err, p->err_size, "%zu:%zu: ", line, col);
    if (n > 0 && (size_t)n < p->err_size) {
        va_start(ap, fmt);
        vsnprintf(p->err + n, p->err_size - (size_t)n, fmt, ap);
        va_end(ap);
    }
}

static json_value *new_value(json_type type)
{
    json_value *v = (json_value *)xmalloc(sizeof(*v));
    memset(v, 0, sizeof(*v));
    v->type = type;
    return v;
}

static void skip_whitespace(parser *p)
{
    while (p->pos < p->len) {
        char c = p->text[p->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
            break;
        }
        p->pos++;
    }
}

static int peek(const parser *p)
{
    return p->pos < p->len ? (unsigned char)p->text[p->pos] : -1;
}

static int match_literal(parser *p, const char *word)
{
    size_t n = strlen(word);
    if (p->len - p->pos >= n && memcmp(p->text + p->pos, word, n) == 0) {
        p->pos += n;
        return 1;
    }
    return 0;
}

static int hex_value(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Read the 4 hex digits after "\u"; -1 on error. */
static long read_hex4(parser *p)
{
    long v = 0;
    int i;
    if (p->len - p->pos < 4) {
        fail(p, "truncated \\u escape");
        return -1;
    }
    for (i = 0; i < 4; i++) {
        int h = hex_value((unsigned char)p->text[p->pos + (size_t)i]);
        if (h < 0) {
            fail(p, "bad hex digit in \\u escape");
            return -1;
        }
        v = (v << 4) | h;
    }
    p->pos += 4;
    return v;
}

static size_t put_utf8(char *out, unsigned long cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Parse a string starting at the opening quote (RFC 8259 section 7).
 * The decoded form is never longer than the source text, so one buffer of
 * the remaining length bounded by the closing quote suffices. */
static char *parse_string(parser *p, size_t *out_len)
{
    size_t start, end, n = 0;
    char *buf;
    p->pos++; /* opening quote */
    start = p->pos;
    /* Find the closing quote to size the buffer. */
    end = start;
    while (end < p->len && p->text[end] != '"') {
        end += (p->text[end] == '\\') ? 2u : 1u;
    }
    if (end >= p->len) {
        fail(p, "unterminated string");
        return NULL;
    }
    buf = (char *)xmalloc(end - start + 1);
    while (p->pos < end) {
        unsigned char c = (unsigned char)p->text[p->pos];
        if (c < 0x20) {
            fail(p, "control character in string");
            free(buf);
            return NULL;
        }
        if (c != '\\') {
            buf[n++] = (char)c;
            p->pos++;
            continue;
        }
        p->pos++;
        c = (unsigned char)p->text[p->pos++];
        switch (c) {
        case '"': buf[n++] = '"'; break;
        case '\\': buf[n++] = '\\'; break;
        case '/': buf[n++] = '/'; break;
        case 'b': buf[n++] = '\b'; break;
        case 'f': buf[n++] = '\f'; break;
        case 'n': buf[n++] = '\n'; break;
        case 'r': buf[n++] = '\r'; break;
        case 't': buf[n++] = '\t'; break;
        case 'u': {
            long cp = read_hex4(p);
            if (cp < 0) {
                free(buf);
                return NULL;
            }
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                /* High surrogate: a low surrogate escape must follow. */
                long lo;
                if (!match_literal(p, "\\u")) {
                    fail(p, "unpaired high surrogate");
                    free(buf);
                    return NULL;
                }
                lo = read_hex4(p);
                if (lo < 0xDC00 || lo > 0xDFFF) {
                    fail(p, "bad low surrogate");
                    free(buf);
                    return NULL;
                }
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                fail(p, "unpaired low surrogate");
                free(buf);
                return NULL;
            }
            /* \uXXXX (6 chars) -> at most 3 bytes; a pair (12) -> 4. */
            n += put_utf8(buf + n, (unsigned long)cp);
            break;
        }
        default:
            p->pos--;
            fail(p, "bad escape '\\%c'", c);
            free(buf);
            return NULL;
        }
    }
    p->pos = end + 1; /* closing quote */
    buf[n] = '\0';
    *out_len = n;
    return buf;
}

static int is_digit(int c)
{
    return c >= '0' && c <= '9';
}

/* RFC 8259 section 6 grammar, then strtod/strtoll on a NUL-terminated copy
 * (the input need not be NUL-terminated). */
static json_value *parse_number(parser *p)
{
    size_t start = p->pos;
    int integral = 1;
    char *copy;
    json_value *v;
    if (peek(p) == '-') {
        p->pos++;
    }
    if (peek(p) == '0') {
        p->pos++;
    } else if (is_digit(peek(p))) {
        while (is_digit(peek(p))) p->pos++;
    } else {
        fail(p, "bad number");
        return NULL;
    }
    if (peek(p) == '.') {
        integral = 0;
        p->pos++;
        if (!is_digit(peek(p))) {
            fail(p, "digit expected after '.'");
            return NULL;
        }
        while (is_digit(peek(p))) p->pos++;
    }
    if (peek(p) == 'e' || peek(p) == 'E') {
        integral = 0;
        p->pos++;
        if (peek(p) == '+' || peek(p) == '-') p->pos++;
        if (!is_digit(peek(p))) {
            fail(p, "digit expected in exponent");
            return NULL;
        }
        while (is_digit(peek(p))) p->pos++;
    }
    copy = (char *)xmalloc(p->pos - start + 1);
    memcpy(copy, p->text + start, p->pos - start);
    copy[p->pos - start] = '\0';
    v = new_value(JSON_NUMBER);
    v->num_value = strtod(copy, NULL);
    if (integral) {
        long long i;
        errno = 0;
        i = strtoll(copy, NULL, 10);
        if (errno == 0) {
            v->is_int = 1;
            v->int_value = i;
        }
    }
    free(copy);
    return v;
}

static void append(json_value *c, json_value *item, char *key)
{
    if (c->count == c->capacity) {
        c->capacity = c->capacity != 0 ? 2 * c->capacity : 4;
        c->items = (json_value **)xrealloc(c->items, c->capacity * sizeof(*c->items));
        if (c->type == JSON_OBJECT) {
            c->keys = (char **)xrealloc(c->keys, c->capacity * sizeof(*c->keys));
        }
    }
    c->items[c->count] = item;
    if (c->type == JSON_OBJECT) {
        c->keys[c->count] = key;
    }
    c->count++;
}

static json_value *parse_value(parser *p, int depth);

/* Array or object, starting at '[' or '{'. */
static json_value *parse_container(parser *p, int depth, json_type type)
{
    const char close = type == JSON_ARRAY ? ']' : '}';
    json_value *c = new_value(type);
    p->pos++;
    skip_whitespace(p);
    if (peek(p) == close) {
        p->pos++;
        return c;
    }
    for (;;) {
        char *key = NULL;
        json_value *item;
        skip_whitespace(p);
        if (type == JSON_OBJECT) {
            size_t key_len;
            if (peek(p) != '"') {
                fail(p, "member name expected");
                json_free(c);
                return NULL;
            }
            key = parse_string(p, &key_len);
            if (key == NULL) {
                json_free(c);
                return NULL;
            }
            skip_whitespace(p);
            if (peek(p) != ':') {
                fail(p, "':' expected");
                free(key);
                json_free(c);
                return NULL;
            }
            p->pos++;
        }
        item = parse_value(p, depth + 1);
        if (item == NULL) {
            free(key);
            json_free(c);
            return NULL;
        }
        append(c, item, key);
        skip_whitespace(p);
        if (peek(p) == ',') {
            p->pos++;
            continue;
        }
        if (peek(p) == close) {
            p->pos++;
            return c;
        }
        fail(p, "',' or '%c' expected", close);
        json_free(c);
        return NULL;
    }
}

static json_value *parse_value(parser *p, int depth)
{
    json_value *v;
    if (depth >= JSON_MAX_DEPTH) {
        fail(p, "nesting deeper than %d", JSON_MAX_DEPTH);
        return NULL;
    }
    skip_whitespace(p);
    switch (peek(p)) {
    case '{':
        return parse_container(p, depth, JSON_OBJECT);
    case '[':
        return parse_container(p, depth, JSON_ARRAY);
    case '"': {
        size_t n = 0;
        char *s = parse_string(p, &n);
        if (s == NULL) {
            return NULL;
        }
        v = new_value(JSON_STRING);
        v->str = s;
        v->str_len = n;
        return v;
    }
    case 't':
    case 'f':
    case 'n':
        if (match_literal(p, "true")) {
            v = new_value(JSON_BOOL);
            v->bool_value = 1;
            return v;
        }
        if (match_literal(p, "false")) {
            return new_value(JSON_BOOL);
        }
        if (match_literal(p, "null")) {
            return new_value(JSON_NULL);
        }
        fail(p, "unknown literal");
        return NULL;
    case -1:
        fail(p, "unexpected end of input");
        return NULL;
    default:
        if (peek(p) == '-' || is_digit(peek(p))) {
            return parse_number(p);
        }
        fail(p, "unexpected character '%c'", peek(p));
        return NULL;
    }
}

json_value *json_parse(const char *text, size_t len, char *err, size_t err_size)
{
    parser p;
    json_value *root;
    p.text = text;
    p.len = len;
    p.pos = 0;
    p.failed = 0;
    p.err = err;
    p.err_size = err_size;
    if (err != NULL && err_size != 0) {
        err[0] = '\0';
    }
    root = parse_value(&p, 0);
    if (root == NULL) {
        return NULL;
    }
    skip_whitespace(&p);
    if (p.pos != p.len) {
        fail(&p, "trailing data after the value");
        json_free(root);
        return NULL;
    }
    return root;
}

json_value *json_parse_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    size_t len = 0, cap = 0;
    char err[256];
    json_value *root;
    if (f == NULL) {
        fprintf(stderr, "json: cannot open %s\n", path);
        abort();
    }
    for (;;) {
        size_t got;
        if (cap - len < 65536) {
            cap = cap != 0 ? 2 * cap : 262144;
            text = (char *)xrealloc(text, cap);
        }
        got = fread(text + len, 1, cap - len, f);
        len += got;
        if (got == 0) {
            break;
        }
    }
    if (ferror(f)) {
        fprintf(stderr, "json: read error on %s\n", path);
        abort();
    }
    fclose(f);
    root = json_parse(text, len, err, sizeof(err));
    free(text);
    if (root == NULL) {
        fprintf(stderr, "json: %s:%s\n", path, err);
        abort();
    }
    return root;
}

void json_free(json_value *v)
{
    size_t i;
    if (v == NULL) {
        return;
    }
    for (i = 0; i < v->count; i++) {
        json_free(v->items[i]);
        if (v->keys != NULL) {
            free(v->keys[i]);
        }
    }
    free(v->items);
    free(v->keys);
    free(v->str);
    free(v);
}

json_type json_type_of(const json_value *v)
{
    return v != NULL ? v->type : JSON_NULL;
}

int json_is_null(const json_value *v)
{
    return v != NULL && v->type == JSON_NULL;
}

int json_is_array(const json_value *v)
{
    return v != NULL && v->type == JSON_ARRAY;
}

int json_is_object(const json_value *v)
{
    return v != NULL && v->type == JSON_OBJECT;
}

const json_value *json_get(const json_value *obj, const char *key)
{
    size_t i;
    if (obj == NULL || obj->type != JSON_OBJECT || key == NULL) {
        return NULL;
    }
    for (i = 0; i < obj->count; i++) {
        if (strcmp(obj->keys[i], key) == 0) {
            return obj->items[i];
        }
    }
    return NULL;
}

size_t json_len(const json_value *v)
{
    if (v == NULL || (v->type != JSON_ARRAY && v->type != JSON_OBJECT)) {
        return 0;
    }
    return v->count;
}

const json_value *json_at(const json_value *v, size_t i)
{
    if (i >= json_len(v)) {
        return NULL;
    }
    return v->items[i];
}

const char *json_key_at(const json_value *obj, size_t i)
{
    if (!json_is_object(obj) || i >= obj->count) {
        return NULL;
    }
    return obj->keys[i];
}

const char *json_str(const json_value *v)
{
    return (v != NULL && v->type == JSON_STRING) ? v->str : NULL;
}

size_t json_str_len(const json_value *v)
{
    return (v != NULL && v->type == JSON_STRING) ? v->str_len : 0;
}

long long json_int(const json_value *v)
{
    if (v == NULL || v->type != JSON_NUMBER) {
        return 0;
    }
    return v->is_int ? v->int_value : (long long)v->num_value;
}

double json_num(const json_value *v)
{
    return (v != NULL && v->type == JSON_NUMBER) ? v->num_value : 0.0;
}

int json_bool(const json_value *v)
{
    return v != NULL && v->type == JSON_BOOL && v->bool_value;
}

unsigned char *json_hex_member(const json_value *obj, const char *key, size_t *len)
{
    const char *hex = json_str(json_get(obj, key));
    *len = 0;
    return hex != NULL ? test_hex_decode(hex, len) : NULL;
}
