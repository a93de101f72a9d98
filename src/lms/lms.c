/*
 * lms.c -- LM-OTS, LMS and HSS verification (RFC 8554 4.6, 5.4.2, 6.3)
 * with the SP 800-208 section 4 parameter sets. See lms.h for the
 * contract: public data only, so variable time; strict parsing.
 *
 * Typecodes (RFC 8554 tables 1 and 2, SP 800-208 tables 1 and 2; the
 * same values in RFC 9858): both kinds come in four families in one
 * order, SHA-256 n=32, SHA-256/192 n=24, SHAKE256/256 n=32, SHAKE256/192
 * n=24, so (type - first) / count is the family for both:
 *   LM-OTS 0x01..0x10: family = (t - 1) / 4, W = 2^((t - 1) % 4);
 *   LMS    0x05..0x18: family = (t - 5) / 5, h = 5 ((t - 5) % 5 + 1).
 */
#include "lms/lms.h"

#include <picopsa/config.h>

#if PSA_WANT_ALG_LMS || PSA_WANT_ALG_HSS

#include <string.h>

#include "common/pp_util.h"
#include "hash/sha256.h"
#if PICOPSA_LMS_SHAKE
#include "hash/sha3.h"
#endif

/* Domain separators (RFC 8554 3.3 / 4.6 / 5.3). */
#define D_PBLC 0x80u
#define D_MESG 0x81u
#define D_LEAF 0x82u
#define D_INTR 0x83u

#define N_MAX 32u
#define I_LEN 16u

/* ---- the hash H of a family (SP 800-208 4: SHA-256 or SHAKE256, its
 * output truncated to n bytes: SHA-256/192 is the first 24 bytes) ---- */

typedef struct {
    union {
        picopsa_sha256_context sha;
#if PICOPSA_LMS_SHAKE
        pp_keccak_ctx shake;
#endif
    } u;
    unsigned shake;
} lms_hash;

static void h_init(lms_hash *h, unsigned shake)
{
    h->shake = shake;
#if PICOPSA_LMS_SHAKE
    if (shake) {
        (void)pp_shake_init(&h->u.shake, 256u);
        return;
    }
#endif
    pp_sha256_init(&h->u.sha);
}

static void h_update(lms_hash *h, const uint8_t *data, size_t len)
{
#if PICOPSA_LMS_SHAKE
    if (h->shake) {
        pp_keccak_absorb(&h->u.shake, data, len);
        return;
    }
#endif
    pp_sha256_update(&h->u.sha, data, len);
}

static void h_final(lms_hash *h, uint8_t *out, size_t n)
{
    uint8_t full[PP_SHA256_DIGEST_SIZE];
#if PICOPSA_LMS_SHAKE
    if (h->shake) {
        pp_shake_squeeze(&h->u.shake, out, n);
        return;
    }
#endif
    pp_sha256_finish(&h->u.sha, full);
    memcpy(out, full, n);
}

/* ---- parameter sets ---------------------------------------------------- */

typedef struct {
    unsigned family;   /* 0..3, see the file comment */
    unsigned n;        /* hash length */
    unsigned w;        /* Winternitz parameter */
    unsigned p;        /* number of n-byte chains */
    unsigned ls;       /* checksum left shift */
} ots_params;

/* RFC 8554 appendix B for n = 32 (its table 1) and n = 24 (SP 800-208
 * table 1): p and ls for W = 1, 2, 4, 8. */
static const uint16_t ots_p[2][4] = {{265u, 133u, 67u, 34u}, {200u, 101u, 51u, 26u}};
static const uint8_t ots_ls[2][4] = {{7u, 6u, 4u, 0u}, {8u, 6u, 4u, 0u}};

#if PICOPSA_LMS_SHAKE
#define FAMILIES 4u
#else
#define FAMILIES 2u   /* the SHAKE256 typecodes are unknown */
#endif

static unsigned family_n(unsigned family)
{
    return (family & 1u) ? 24u : 32u;
}

static int ots_params_of(uint32_t type, ots_params *o)
{
    unsigned k;
    if (type < 1u || type > 4u * FAMILIES) {
        return -1;
    }
    k = (unsigned)(type - 1u) % 4u;
    o->family = (unsigned)(type - 1u) / 4u;
    o->n = family_n(o->family);
    o->w = 1u << k;
    o->p = ots_p[o->family & 1u][k];
    o->ls = ots_ls[o->family & 1u][k];
    return 0;
}

/* LMS typecode -> family and height h, or -1. */
static int lms_params_of(uint32_t type, unsigned *family, unsigned *h)
{
    if (type < 5u || type >= 5u + 5u * FAMILIES) {
        return -1;
    }
    *family = (unsigned)(type - 5u) / 5u;
    *h = 5u * ((unsigned)(type - 5u) % 5u + 1u);
    return 0;
}

/* A parsed LMS public key (RFC 8554 5.3): typecodes, I, T[1]. */
typedef struct {
    uint32_t type;
    uint32_t otstype;
    ots_params o;
    unsigned h;
    const uint8_t *I;
    const uint8_t *T1;
} lms_key;

/* The key's length for its typecodes is required (5.4.2 step 1: "if the
 * public key is not at least four bytes long ... / is not 24 + m bytes,
 * return INVALID"), and the two typecodes of one family (SP 800-208 4:
 * one hash function, m = n). */
static int lms_key_parse(const uint8_t *pk, size_t pk_len, lms_key *k)
{
    unsigned family;
    if (pk_len < 8u) {
        return -1;
    }
    k->type = pp_load_be32(pk);
    k->otstype = pp_load_be32(pk + 4);
    if (lms_params_of(k->type, &family, &k->h) != 0 || ots_params_of(k->otstype, &k->o) != 0 ||
        family != k->o.family || pk_len != PP_LMS_PUBLIC_KEY_SIZE(k->o.n)) {
        return -1;
    }
    k->I = pk + 8;
    k->T1 = pk + 8 + I_LEN;
    return 0;
}

size_t pp_lms_public_key_bits(const uint8_t *pk, size_t pk_len)
{
    lms_key k;
    return lms_key_parse(pk, pk_len, &k) == 0 ? 8u * k.o.n : 0u;
}

size_t pp_hss_public_key_bits(const uint8_t *pk, size_t pk_len)
{
    uint32_t levels;
    if (pk_len < 4u) {
        return 0;
    }
    levels = pp_load_be32(pk);   /* RFC 8554 6.1: 1 <= L <= 8 */
    if (levels < 1u || levels > PP_HSS_MAX_LEVELS) {
        return 0;
    }
    return pp_lms_public_key_bits(pk + 4, pk_len - 4u);
}

/* ---- LM-OTS (RFC 8554 4.6, Algorithm 4b) ---------------------------------- */

/* coef(S, i, w) of RFC 8554 3.1.3. */
static unsigned coef(const uint8_t *s, unsigned i, unsigned w)
{
    unsigned bit = i * w;
    return (unsigned)(s[bit / 8u] >> (8u - (bit % 8u) - w)) & ((1u << w) - 1u);
}

/* The candidate public key Kc from the signature body C || y[0..p-1]
 * (after its typecode), for leaf q of identifier I. */
static void ots_candidate(const ots_params *o, const uint8_t *I, const uint8_t *q,
                          const uint8_t *body, const uint8_t *msg, size_t msg_len, uint8_t *kc)
{
    static const uint8_t d_mesg[2] = {D_MESG, D_MESG};
    static const uint8_t d_pblc[2] = {D_PBLC, D_PBLC};
    const unsigned n = o->n;
    const unsigned top = (1u << o->w) - 1u;
    uint8_t qc[N_MAX + 2u];
    uint8_t buf[I_LEN + 4u + 2u + 1u + N_MAX];   /* I || q || i || j || tmp */
    lms_hash hc, hk;
    unsigned sum = 0;
    unsigned i;

    /* Q = H(I || u32str(q) || u16str(D_MESG) || C || message) */
    h_init(&hc, o->family >= 2u);
    h_update(&hc, I, I_LEN);
    h_update(&hc, q, 4);
    h_update(&hc, d_mesg, 2);
    h_update(&hc, body, n);
    h_update(&hc, msg, msg_len);
    h_final(&hc, qc, n);
    /* Cksm(Q) (4.4): sum of (2^w - 1 - coef) over the n 8 / w digits of Q. */
    for (i = 0; i < 8u * n / o->w; i++) {
        sum += top - coef(qc, i, o->w);
    }
    sum <<= o->ls;
    qc[n] = (uint8_t)(sum >> 8);
    qc[n + 1u] = (uint8_t)sum;

    memcpy(buf, I, I_LEN);
    memcpy(buf + I_LEN, q, 4);
    h_init(&hk, o->family >= 2u);
    h_update(&hk, buf, I_LEN + 4u);
    h_update(&hk, d_pblc, 2);
    for (i = 0; i < o->p; i++) {
        unsigned j;
        buf[I_LEN + 4u] = (uint8_t)(i >> 8);
        buf[I_LEN + 5u] = (uint8_t)i;
        memcpy(buf + I_LEN + 7u, body + n * (i + 1u), n);
        /* z[i]: the chain from a = coef(Q || Cksm(Q), i, w) up to 2^w - 1 */
        for (j = coef(qc, i, o->w); j < top; j++) {
            buf[I_LEN + 6u] = (uint8_t)j;
            h_init(&hc, o->family >= 2u);
            h_update(&hc, buf, I_LEN + 7u + n);
            h_final(&hc, buf + I_LEN + 7u, n);
        }
        h_update(&hk, buf + I_LEN + 7u, n);
    }
    /* Kc = H(I || u32str(q) || u16str(D_PBLC) || z[0] || ... || z[p-1]) */
    h_final(&hk, kc, n);
}

/* ---- LMS (RFC 8554 5.4.2, Algorithms 6 and 6a) ----------------------------- */

/* Length of an LMS signature of an LM-OTS type and tree: u32 q, the
 * LM-OTS signature (u32 type, C, p n-byte values), u32 type, h m-byte
 * path nodes (5.4.1). */
static size_t lms_sig_len(const ots_params *o, unsigned h)
{
    return 4u + (4u + (size_t)o->n * (o->p + 1u)) + 4u + (size_t)o->n * h;
}

static int lms_verify_key(const lms_key *k, const uint8_t *msg, size_t msg_len,
                          const uint8_t *sig, size_t sig_len)
{
    static const uint8_t d_leaf[2] = {D_LEAF, D_LEAF};
    static const uint8_t d_intr[2] = {D_INTR, D_INTR};
    const unsigned n = k->o.n;
    const uint8_t *path;
    uint8_t tmp[N_MAX];
    uint8_t node[4];
    uint32_t q, r;
    unsigned diff = 0;
    unsigned i;
    lms_hash hh;

    /* Step 2 (Algorithm 6a 1-2): the signature's length for the key's
     * typecodes, its LM-OTS and LMS typecodes the key's, q < 2^h. */
    if (sig_len != lms_sig_len(&k->o, k->h) || pp_load_be32(sig + 4) != k->otstype ||
        pp_load_be32(sig + 8u + (size_t)n * (k->o.p + 1u)) != k->type) {
        return -1;
    }
    q = pp_load_be32(sig);
    if (q >= ((uint32_t)1 << k->h)) {
        return -1;
    }
    ots_candidate(&k->o, k->I, sig, sig + 8, msg, msg_len, tmp);

    /* Algorithm 6a step 3: climb from leaf 2^h + q to the root. */
    path = sig + 12u + (size_t)n * (k->o.p + 1u);
    r = ((uint32_t)1 << k->h) + q;
    pp_store_be32(node, r);
    h_init(&hh, k->o.family >= 2u);
    h_update(&hh, k->I, I_LEN);
    h_update(&hh, node, 4);
    h_update(&hh, d_leaf, 2);
    h_update(&hh, tmp, n);
    h_final(&hh, tmp, n);
    for (i = 0; i < k->h; i++, path += n) {
        uint32_t parent = r >> 1;
        pp_store_be32(node, parent);
        h_init(&hh, k->o.family >= 2u);
        h_update(&hh, k->I, I_LEN);
        h_update(&hh, node, 4);
        h_update(&hh, d_intr, 2);
        if (r & 1u) {
            h_update(&hh, path, n);
            h_update(&hh, tmp, n);
        } else {
            h_update(&hh, tmp, n);
            h_update(&hh, path, n);
        }
        h_final(&hh, tmp, n);
        r = parent;
    }
    /* Step 4: Tc == T[1]. */
    for (i = 0; i < n; i++) {
        diff |= (unsigned)(tmp[i] ^ k->T1[i]);
    }
    return diff == 0 ? 0 : -1;
}

int pp_lms_verify(const uint8_t *pk, size_t pk_len, const uint8_t *msg, size_t msg_len,
                  const uint8_t *sig, size_t sig_len)
{
    lms_key k;
    if (lms_key_parse(pk, pk_len, &k) != 0 || sig_len < 8u) {
        return -1;
    }
    return lms_verify_key(&k, msg, msg_len, sig, sig_len);
}

/* ---- HSS (RFC 8554 6.3) ------------------------------------------------------ */

/* Length of the LMS signature at the start of sig[0..avail), read from
 * its own typecodes (6.3 step 2 parses siglist[i] before publist[i+1]),
 * or 0 when they are unknown or it does not fit. */
static size_t lms_sig_len_at(const uint8_t *sig, size_t avail)
{
    ots_params o;
    unsigned family, h;
    size_t ots_end;
    if (avail < 8u || ots_params_of(pp_load_be32(sig + 4), &o) != 0) {
        return 0;
    }
    ots_end = 8u + (size_t)o.n * (o.p + 1u);
    if (avail < ots_end + 4u || lms_params_of(pp_load_be32(sig + ots_end), &family, &h) != 0 ||
        family != o.family || avail < lms_sig_len(&o, h)) {
        return 0;
    }
    return lms_sig_len(&o, h);
}

int pp_hss_verify(const uint8_t *pk, size_t pk_len, const uint8_t *msg, size_t msg_len,
                  const uint8_t *sig, size_t sig_len)
{
    lms_key key;
    size_t off = 4;
    uint32_t levels, i;

    if (pp_hss_public_key_bits(pk, pk_len) == 0 || sig_len < 4u) {
        return -1;
    }
    levels = pp_load_be32(pk);
    /* Step 1: Nspk = L - 1. */
    if (pp_load_be32(sig) != levels - 1u) {
        return -1;
    }
    (void)lms_key_parse(pk + 4, pk_len - 4u, &key);   /* checked above */
    /* Step 2-3: siglist[i] signs publist[i+1] under the key above it. */
    for (i = 0; i + 1u < levels; i++) {
        const uint8_t *child;
        size_t child_len;
        lms_key next;
        size_t sl = lms_sig_len_at(sig + off, sig_len - off);
        if (sl == 0) {
            return -1;
        }
        child = sig + off + sl;
        if (sig_len - off - sl < 8u) {
            return -1;
        }
        {
            ots_params o;
            if (ots_params_of(pp_load_be32(child + 4), &o) != 0) {
                return -1;
            }
            child_len = PP_LMS_PUBLIC_KEY_SIZE(o.n);
        }
        if (sig_len - off - sl < child_len || lms_key_parse(child, child_len, &next) != 0 ||
            lms_verify_key(&key, child, child_len, sig + off, sl) != 0) {
            return -1;
        }
        key = next;
        off += sl + child_len;
    }
    /* The bottom signature covers the message and ends the signature. */
    if (sig_len - off < 8u) {
        return -1;
    }
    return lms_verify_key(&key, msg, msg_len, sig + off, sig_len - off);
}

#else
typedef int pp_lms_unused_t;
#endif /* PSA_WANT_ALG_LMS || PSA_WANT_ALG_HSS */
