/*
 * rsa_der.c -- strict DER for RSAPublicKey / RSAPrivateKey (see rsa_der.h).
 */
#include <string.h>

#include "rsa/rsa_der.h"
#include "common/pp_util.h"

#define DER_TAG_INTEGER 0x02u
#define DER_TAG_SEQUENCE 0x30u

/* A cursor over the bytes still to be read. */
typedef struct {
    const uint8_t *p;
    size_t left;
} der_reader;

/* Read a tag and a definite, minimal length (X.690 8.1.3 and 10.1); the
 * content must fit in what is left. Sets *content_len. */
static int der_read_header(der_reader *r, uint8_t tag, size_t *content_len)
{
    size_t len;

    if (r->left < 2u || r->p[0] != tag) {
        return 0;
    }
    if (r->p[1] < 0x80u) {
        len = r->p[1];
        r->p += 2;
        r->left -= 2u;
    } else if (r->p[1] == 0x81u) {
        /* Long form with one byte: only for lengths 128..255. */
        if (r->left < 3u || r->p[2] < 0x80u) {
            return 0;
        }
        len = r->p[2];
        r->p += 3;
        r->left -= 3u;
    } else if (r->p[1] == 0x82u) {
        /* Two bytes: only for lengths 256..65535. */
        if (r->left < 4u || r->p[2] == 0u) {
            return 0;
        }
        len = ((size_t)r->p[2] << 8) | (size_t)r->p[3];
        r->p += 4;
        r->left -= 4u;
    } else {
        /* 0x80 is the BER indefinite form; longer length fields are never
         * needed for keys of at most 8192 bits. */
        return 0;
    }
    if (len > r->left) {
        return 0;
    }
    *content_len = len;
    return 1;
}

/* Read a positive INTEGER (X.690 8.3): minimal two's complement, not
 * negative, not zero. Returns its magnitude without the sign byte. */
static int der_read_positive_integer(der_reader *r, const uint8_t **value, size_t *value_len)
{
    size_t len;
    const uint8_t *v;

    if (!der_read_header(r, DER_TAG_INTEGER, &len) || len == 0u) {
        return 0;
    }
    v = r->p;
    r->p += len;
    r->left -= len;
    if ((v[0] & 0x80u) != 0u) {
        return 0; /* negative */
    }
    if (v[0] == 0u) {
        /* A leading zero is allowed only to clear the sign bit (8.3.2). */
        if (len == 1u || (v[1] & 0x80u) == 0u) {
            return 0; /* zero, or non-minimal */
        }
        v++;
        len--;
    }
    *value = v;
    *value_len = len;
    return 1;
}

/* Open the outer SEQUENCE, which must span the whole input (no trailing
 * bytes), and leave the reader on its content. */
static int der_open_sequence(der_reader *r, const uint8_t *der, size_t der_len)
{
    size_t len;

    r->p = der;
    r->left = der_len;
    if (der == NULL || !der_read_header(r, DER_TAG_SEQUENCE, &len) || len != r->left) {
        return 0;
    }
    return 1;
}

psa_status_t pp_rsa_der_parse_public(const uint8_t *der, size_t der_len,
                                     pp_rsa_key_parts *parts)
{
    der_reader r;

    memset(parts, 0, sizeof(*parts));
    if (!der_open_sequence(&r, der, der_len) ||
        !der_read_positive_integer(&r, &parts->n, &parts->n_len) ||
        !der_read_positive_integer(&r, &parts->e, &parts->e_len) ||
        r.left != 0u) {
        memset(parts, 0, sizeof(*parts));
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return PSA_SUCCESS;
}

psa_status_t pp_rsa_der_parse_private(const uint8_t *der, size_t der_len,
                                      pp_rsa_key_parts *parts)
{
    der_reader r;
    size_t version_len;

    memset(parts, 0, sizeof(*parts));
    /* version is Version ::= INTEGER { two-prime(0), multi(1) }; only the
     * two-prime form (encoded 02 01 00) is accepted (RFC 8017 A.1.2). */
    if (!der_open_sequence(&r, der, der_len) ||
        !der_read_header(&r, DER_TAG_INTEGER, &version_len) ||
        version_len != 1u || r.p[0] != 0u) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    r.p++;
    r.left--;
    if (!der_read_positive_integer(&r, &parts->n, &parts->n_len) ||
        !der_read_positive_integer(&r, &parts->e, &parts->e_len) ||
        !der_read_positive_integer(&r, &parts->d, &parts->d_len) ||
        !der_read_positive_integer(&r, &parts->p, &parts->p_len) ||
        !der_read_positive_integer(&r, &parts->q, &parts->q_len) ||
        !der_read_positive_integer(&r, &parts->dp, &parts->dp_len) ||
        !der_read_positive_integer(&r, &parts->dq, &parts->dq_len) ||
        !der_read_positive_integer(&r, &parts->qinv, &parts->qinv_len) ||
        r.left != 0u) {
        memset(parts, 0, sizeof(*parts));
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return PSA_SUCCESS;
}

size_t pp_rsa_der_bit_length(const uint8_t *be, size_t len)
{
    size_t i = 0;
    size_t bits;
    uint8_t top;

    while (i < len && be[i] == 0u) {
        i++;
    }
    if (i == len) {
        return 0;
    }
    bits = (len - i) * 8u;
    for (top = be[i]; (top & 0x80u) == 0u; top = (uint8_t)(top << 1)) {
        bits--;
    }
    return bits;
}

/* ---- writer ---------------------------------------------------------- */

/* Bytes of a DER header (tag + length) for content of `len` bytes. */
static size_t der_header_size(size_t len)
{
    return (len < 0x80u) ? 2u : (len <= 0xffu) ? 3u : 4u;
}

static uint8_t *der_write_header(uint8_t *p, uint8_t tag, size_t len)
{
    *p++ = tag;
    if (len < 0x80u) {
        *p++ = (uint8_t)len;
    } else if (len <= 0xffu) {
        *p++ = 0x81u;
        *p++ = (uint8_t)len;
    } else {
        *p++ = 0x82u;
        *p++ = (uint8_t)(len >> 8);
        *p++ = (uint8_t)len;
    }
    return p;
}

psa_status_t pp_rsa_der_write(const uint8_t *material, int public_only,
                              uint8_t *out, size_t out_size, size_t *out_len)
{
    static const uint8_t version0[3] = { DER_TAG_INTEGER, 0x01u, 0x00u };
    static const uint8_t pair_order[8] = { PP_RSA_N, PP_RSA_E, PP_RSA_D, PP_RSA_P,
                                           PP_RSA_Q, PP_RSA_DP, PP_RSA_DQ, PP_RSA_QINV };
    size_t content_len[8];
    size_t sign_byte[8];
    size_t count = 2u;
    size_t body = 0;
    size_t total;
    size_t pos;
    size_t i;
    psa_status_t status = PSA_SUCCESS;

    *out_len = 0;
    if (!public_only && pp_rsa_key_is_pair(material)) {
        count = 8u;
        body = sizeof(version0);
    }
    /* Pass 1: the length of every INTEGER (a 0x00 sign byte when the top
     * bit of the magnitude is set), using `out` as scratch: a buffer that
     * cannot hold one component cannot hold the DER either. */
    for (i = 0; i < count && status == PSA_SUCCESS; i++) {
        size_t len = 0;
        status = pp_rsa_key_get_component(material, pair_order[i], out, out_size, &len);
        if (status == PSA_SUCCESS) {
            sign_byte[i] = (size_t)(out[0] >> 7);
            content_len[i] = len + sign_byte[i];
            body += der_header_size(content_len[i]) + content_len[i];
        }
    }
    total = der_header_size(body) + body;
    if (status == PSA_SUCCESS && body > 0xffffu) {
        status = PSA_ERROR_NOT_SUPPORTED;
    }
    if (status == PSA_SUCCESS && out_size < total) {
        status = PSA_ERROR_BUFFER_TOO_SMALL;
    }
    if (status != PSA_SUCCESS) {
        /* The scratch use may have left a private component there. */
        pp_wipe(out, out_size < total ? out_size : total);
        return status;
    }
    /* Pass 2: each value straight into its final place, its header in
     * front of it; everything written so far lies before that place. */
    pos = (size_t)(der_write_header(out, DER_TAG_SEQUENCE, body) - out);
    if (count == 8u) {
        memcpy(out + pos, version0, sizeof(version0));
        pos += sizeof(version0);
    }
    for (i = 0; i < count && status == PSA_SUCCESS; i++) {
        size_t value_pos = pos + der_header_size(content_len[i]) + sign_byte[i];
        size_t len = 0;
        status = pp_rsa_key_get_component(material, pair_order[i], out + value_pos,
                                          out_size - value_pos, &len);
        if (status == PSA_SUCCESS) {
            uint8_t *p = der_write_header(out + pos, DER_TAG_INTEGER, content_len[i]);
            if (sign_byte[i] != 0u) {
                *p = 0x00u;
            }
            pos += der_header_size(content_len[i]) + content_len[i];
        }
    }
    if (status == PSA_SUCCESS) {
        *out_len = total;
    }
    return status;
}
