/*
 * gcm.c -- AES-GCM (NIST SP 800-38D 7.1 GCM-AE, 7.2 GCM-AD), see gcm.h.
 *
 * The message is processed in chunks; per chunk the ciphertext is hashed
 * (decryption: before the keystream overwrites it, so in == out works) and
 * the keystream applied. The position inside the current 16-byte block is
 * the byte count mod 16 (public), shared by the keystream block ks and the
 * partial GHASH block buf.
 *
 * Counter (6.2 inc32, 6.5 GCTR): only the low 32 bits of the counter
 * block are incremented. pp_aes_ctr (aes.h) increments all 128 bits. With
 * a 12-byte IV the low word starts at 2 and the 2^32 - 2 blocks of the
 * plaintext limit take it to 2^32 - 1 at most, so it never carries and
 * pp_aes_ctr is exact. With any other IV length J0 comes from GHASH, the
 * low word can start anywhere and wrap (Wycheproof "CounterWrap"), and
 * where it wraps depends on the secret J0: splitting the pp_aes_ctr calls
 * there would be a branch on a secret. So those counters are built with
 * inc32 arithmetic in a stack buffer and encrypted with
 * pp_aes_ecb_encrypt, eight at a time.
 *
 * With AES-NI and PCLMULQDQ both chosen (x86-64), whole groups of eight
 * blocks go through pp_ghash_x86_gcm instead, which encrypts and hashes
 * in one pass with inc32 done in registers (any IV length).
 */
#include <string.h>

#include "aead/gcm.h"
#include "common/pp_util.h"

/* SP 800-38D 5.2.1.1: len(P) <= 2^39 - 256 bits; len(A), len(IV) <=
 * 2^64 - 1 bits, i.e. below 2^61 bytes. */
#define DATA_MAX ((((uint64_t)1) << 36) - 32u)
#define AAD_MAX ((((uint64_t)1) << 61) - 1u)
#define IV_MAX AAD_MAX

#define STATE_AAD 1u
#define STATE_DATA 2u

/* Bytes per chunk of a data call: hashing and en/decryption alternate on
 * pieces that stay in the L1 cache. */
#define CHUNK 1024u
/* Counter blocks built per pp_aes_ecb_encrypt call on the inc32 path. */
#define CTR_BATCH 8u

/* 1 when used + len bytes pass the limit max. A function rather than an
 * inline comparison: with a 32-bit size_t the comparison with a constant
 * is always false, which is right, but compilers warn (-Wtype-limits). */
static int exceeds(size_t len, uint64_t used, uint64_t max)
{
    return (uint64_t)len > max - used;
}

/* 6.2: the low 32 bits of the counter block plus n, mod 2^32. */
static void inc32(uint8_t ctr[16], uint32_t n)
{
    pp_store_be32(ctr + 12, pp_load_be32(ctr + 12) + n);
}

static void xor_bytes(uint8_t *out, const uint8_t *in, const uint8_t *ks, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        out[i] = (uint8_t)(in[i] ^ ks[i]);
    }
}

/* GHASH of n more bytes of a stream (AAD or ciphertext) of which pos mod
 * 16 bytes already sit in buf; a partial last block stays in buf. */
static void absorb(pp_gcm_ctx *c, size_t pos, const uint8_t *p, size_t n)
{
    size_t nb;
    if (n == 0) {
        return; /* p may be NULL: no memcpy or arithmetic on it */
    }
    if (pos != 0) {
        size_t t = 16u - pos < n ? 16u - pos : n;
        memcpy(c->buf + pos, p, t);
        p += t;
        n -= t;
        if (pos + t < 16u) {
            return;
        }
        pp_ghash_blocks(&c->ghash, c->y, c->buf, 1);
    }
    nb = n / 16u;
    pp_ghash_blocks(&c->ghash, c->y, p, nb);
    memcpy(c->buf, p + 16u * nb, n - 16u * nb);
}

/* Pad the partial block of a stream with zeros and hash it (6.4: the
 * AAD and the ciphertext are each padded to whole blocks). */
static void absorb_pad(pp_gcm_ctx *c, size_t pos)
{
    if (pos != 0) {
        memset(c->buf + pos, 0, 16u - pos);
        pp_ghash_blocks(&c->ghash, c->y, c->buf, 1);
    }
}

/* GCTR (6.5) on nb whole blocks with inc32 counters, for a J0 from GHASH
 * (an IV other than 12 bytes): counter blocks staged CTR_BATCH at a time.
 * Not inlined, so the staging buffer is not on the stack of the usual
 * 12-byte IV path (pp_aes_ctr's own counter). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static void ctr_blocks_staged(pp_gcm_ctx *c, const uint8_t *in, uint8_t *out, size_t nb)
{
    uint8_t ks[16u * CTR_BATCH];
    while (nb > 0) {
        size_t n = nb < CTR_BATCH ? nb : CTR_BATCH, i;
        for (i = 0; i < n; i++) {
            memcpy(ks + 16u * i, c->ctr, 16);
            inc32(c->ctr, 1);
        }
        pp_aes_ecb_encrypt(&c->aes, ks, ks, n);
        xor_bytes(out, in, ks, 16u * n);
        in += 16u * n;
        out += 16u * n;
        nb -= n;
    }
    pp_wipe(ks, sizeof ks);
}

static void ctr_blocks(pp_gcm_ctx *c, const uint8_t *in, uint8_t *out, size_t nb)
{
    if (c->fast_ctr) {
        pp_aes_ctr(&c->aes, c->ctr, in, out, nb);
    } else {
        ctr_blocks_staged(c, in, out, nb);
    }
}

/* GCTR on n bytes starting pos mod 16 bytes into the current block. */
static void crypt(pp_gcm_ctx *c, size_t pos, const uint8_t *in, uint8_t *out, size_t n)
{
    size_t nb;
    if (n == 0) {
        return; /* in and out may be NULL */
    }
    if (pos != 0) {
        size_t t = 16u - pos < n ? 16u - pos : n;
        xor_bytes(out, in, c->ks + pos, t);
        in += t;
        out += t;
        n -= t;
    }
    nb = n / 16u;
    if (nb > 0) {
        ctr_blocks(c, in, out, nb);
        in += 16u * nb;
        out += 16u * nb;
        n -= 16u * nb;
    }
    if (n > 0) {
        /* 6.5 step 4: the last, partial block uses a fresh keystream block;
         * its unused bytes serve the next call. */
        pp_aes_ecb_encrypt(&c->aes, c->ctr, c->ks, 1);
        inc32(c->ctr, 1);
        xor_bytes(out, in, c->ks, n);
    }
}

/* SP 800-38D 7.2 step 8: the verdict (FAIL or P) is the one public fact
 * about the tag; it is formed without a branch so that the caller, not
 * this code, decides where the secret comparison becomes public. */
static psa_status_t verdict(int eq)
{
    return (psa_status_t)pp_ct_fail_unless_equal(eq, (int32_t)PSA_ERROR_INVALID_SIGNATURE);
}

static void store_y(const pp_gcm_ctx *c, uint8_t out[16])
{
    pp_store_be64(out, c->y[0]);
    pp_store_be64(out + 8, c->y[1]);
}

/* 7.1 steps 1, 2 and the tag mask of step 6; the context is wiped first. */
static psa_status_t start(pp_gcm_ctx *c, const uint8_t *iv, size_t iv_len)
{
    uint8_t blk[16];

    memset(blk, 0, sizeof blk);
    pp_aes_ecb_encrypt(&c->aes, blk, blk, 1); /* H = E_K(0^128) */
    pp_ghash_set_key(&c->ghash, blk);
    if (iv_len == 12) {
        /* J0 = IV || 0^31 || 1 */
        memcpy(c->ctr, iv, 12);
        pp_store_be32(c->ctr + 12, 1);
        c->fast_ctr = 1;
    } else {
        /* J0 = GHASH(IV || 0^(s+64) || [len(IV)]_64) */
        absorb(c, 0, iv, iv_len);
        absorb_pad(c, iv_len & 15u);
        memset(blk, 0, 8);
        pp_store_be64(blk + 8, (uint64_t)iv_len * 8u);
        pp_ghash_blocks(&c->ghash, c->y, blk, 1);
        store_y(c, c->ctr);
        c->y[0] = c->y[1] = 0;
        c->fast_ctr = 0;
    }
    pp_aes_ecb_encrypt(&c->aes, c->ctr, c->ek_j0, 1);
    inc32(c->ctr, 1);
    pp_wipe(blk, sizeof blk);
    pp_wipe(c->buf, sizeof c->buf);
    c->state = STATE_AAD;
    return PSA_SUCCESS;
}

static void clear_state(pp_gcm_ctx *c)
{
    memset(c->y, 0, sizeof c->y);
    c->aad_len = 0;
    c->data_len = 0;
    c->state = 0;
}

psa_status_t pp_gcm_init(pp_gcm_ctx *c, const pp_aes_key *k, const uint8_t *iv, size_t iv_len)
{
    pp_gcm_abort(c);
    if (iv_len == 0 || exceeds(iv_len, 0, IV_MAX)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    c->aes = *k;
    clear_state(c);
    return start(c, iv, iv_len);
}

psa_status_t pp_gcm_init_key(pp_gcm_ctx *c, const uint8_t *key, size_t key_len,
                             const uint8_t *iv, size_t iv_len)
{
    psa_status_t status;
    pp_gcm_abort(c);
    if (iv_len == 0 || exceeds(iv_len, 0, IV_MAX)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_aes_set_key(&c->aes, key, key_len);
    if (status != PSA_SUCCESS) {
        pp_gcm_abort(c);
        return status;
    }
    clear_state(c);
    return start(c, iv, iv_len);
}

psa_status_t pp_gcm_aad(pp_gcm_ctx *c, const uint8_t *aad, size_t len)
{
    if (c->state != STATE_AAD) {
        return PSA_ERROR_BAD_STATE;
    }
    if (exceeds(len, c->aad_len, AAD_MAX)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    absorb(c, (size_t)(c->aad_len & 15u), aad, len);
    c->aad_len += len;
    return PSA_SUCCESS;
}

static psa_status_t update(pp_gcm_ctx *c, const uint8_t *in, uint8_t *out, size_t len,
                           int decrypt)
{
    if (c->state != STATE_AAD && c->state != STATE_DATA) {
        return PSA_ERROR_BAD_STATE;
    }
    if (exceeds(len, c->data_len, DATA_MAX)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (c->state == STATE_AAD) {
        absorb_pad(c, (size_t)(c->aad_len & 15u));
        c->state = STATE_DATA;
    }
    while (len > 0) {
        size_t n = len < CHUNK ? len : CHUNK;
        size_t pos = (size_t)(c->data_len & 15u);
#if PP_GHASH_HW_X86
        int wide;
        if (c->ghash.hw && c->aes.hw == 1u) {
            /* AES-NI and PCLMULQDQ: whole groups of eight blocks in one
             * pass (ghash_x86.c); the generic steps below only bring the
             * position to a block boundary and take the tail. */
            if (pos == 0 && len >= 128u) {
                pp_ghash_x86_complete(&c->ghash); /* H^5..H^8, once */
            }
            if (pos == 0 && len >= 256u && (wide = pp_ghash_x86_wide()) != 0) {
                /* VAES and VPCLMULQDQ: sixteen blocks a step on zmm / ymm. */
                n = len & ~(size_t)255u;
                (wide == 512 ? pp_ghash_vaes512_gcm : pp_ghash_vaes256_gcm)(
                    &c->ghash, c->y, &c->aes, c->ctr, in, out, n / 256u, decrypt);
                c->data_len += n;
                in += n;
                out += n;
                len -= n;
                continue;
            }
            if (pos == 0 && len >= 128u) {
                n = len & ~(size_t)127u;
                pp_ghash_x86_gcm(&c->ghash, c->y, &c->aes, c->ctr, in, out, n / 128u, decrypt);
                c->data_len += n;
                in += n;
                out += n;
                len -= n;
                continue;
            }
            if (pos != 0 && n > 16u - pos) {
                n = 16u - pos;
            }
        }
#endif
        if (decrypt) {
            absorb(c, pos, in, n);
            crypt(c, pos, in, out, n);
        } else {
            crypt(c, pos, in, out, n);
            absorb(c, pos, out, n);
        }
        c->data_len += n;
        in += n;
        out += n;
        len -= n;
    }
    return PSA_SUCCESS;
}

psa_status_t pp_gcm_encrypt(pp_gcm_ctx *c, const uint8_t *in, uint8_t *out, size_t len)
{
    return update(c, in, out, len, 0);
}

psa_status_t pp_gcm_decrypt(pp_gcm_ctx *c, const uint8_t *in, uint8_t *out, size_t len)
{
    return update(c, in, out, len, 1);
}

/* 7.1 steps 5, 6: S = GHASH(A || pad || C || pad || [len(A)]_64 ||
 * [len(C)]_64), T = E_K(J0) xor S. Leaves the context for the caller to
 * wipe. */
static psa_status_t compute_tag(pp_gcm_ctx *c, uint8_t tag[16])
{
    uint8_t blk[16];
    if (c->state != STATE_AAD && c->state != STATE_DATA) {
        return PSA_ERROR_BAD_STATE;
    }
    if (c->state == STATE_AAD) {
        absorb_pad(c, (size_t)(c->aad_len & 15u));
    } else {
        absorb_pad(c, (size_t)(c->data_len & 15u));
    }
    pp_store_be64(blk, c->aad_len * 8u);
    pp_store_be64(blk + 8, c->data_len * 8u);
    pp_ghash_blocks(&c->ghash, c->y, blk, 1);
    store_y(c, blk);
    xor_bytes(tag, blk, c->ek_j0, 16);
    pp_wipe(blk, sizeof blk);
    return PSA_SUCCESS;
}

psa_status_t pp_gcm_finish(pp_gcm_ctx *c, uint8_t tag[16])
{
    psa_status_t status = compute_tag(c, tag);
    if (status == PSA_SUCCESS) {
        pp_gcm_abort(c);
    }
    return status;
}

psa_status_t pp_gcm_verify(pp_gcm_ctx *c, const uint8_t *tag, size_t tag_len)
{
    uint8_t t[16];
    psa_status_t status;
    int eq;
    if (c->state != STATE_AAD && c->state != STATE_DATA) {
        return PSA_ERROR_BAD_STATE;
    }
    if (tag_len < PP_GCM_TAG_MIN || tag_len > PP_GCM_TAG_MAX) {
        pp_gcm_abort(c);
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = compute_tag(c, t);
    pp_gcm_abort(c);
    eq = pp_ct_memeq(t, tag, tag_len);
    pp_wipe(t, sizeof t);
    if (status != PSA_SUCCESS) {
        return status;
    }
    return verdict(eq);
}

void pp_gcm_abort(pp_gcm_ctx *c)
{
    pp_wipe(c, sizeof *c);
}

static int tag_len_ok(size_t tag_len)
{
    return tag_len >= PP_GCM_TAG_MIN && tag_len <= PP_GCM_TAG_MAX;
}

/* The common start of the one-shot helpers: argument checks, J0, the AAD. */
static psa_status_t oneshot_start(pp_gcm_ctx *c, const pp_aes_key *k, const uint8_t *iv,
                                  size_t iv_len, const uint8_t *aad, size_t aad_len, size_t len,
                                  size_t tag_len)
{
    psa_status_t status;
    if (!tag_len_ok(tag_len) || exceeds(len, 0, DATA_MAX) || exceeds(aad_len, 0, AAD_MAX)) {
        memset(c, 0, sizeof *c);
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_gcm_init(c, k, iv, iv_len);
    if (status == PSA_SUCCESS) {
        status = pp_gcm_aad(c, aad, aad_len);
    }
    return status;
}

psa_status_t pp_gcm_encrypt_oneshot(const pp_aes_key *k, const uint8_t *iv, size_t iv_len,
                                    const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                    uint8_t *out, size_t len, uint8_t *tag, size_t tag_len)
{
    pp_gcm_ctx c;
    uint8_t t[16];
    psa_status_t status = oneshot_start(&c, k, iv, iv_len, aad, aad_len, len, tag_len);

    if (status == PSA_SUCCESS) {
        status = pp_gcm_encrypt(&c, in, out, len);
    }
    if (status == PSA_SUCCESS) {
        status = pp_gcm_finish(&c, t);
    }
    if (status == PSA_SUCCESS) {
        memcpy(tag, t, tag_len);
    }
    pp_gcm_abort(&c);
    pp_wipe(t, sizeof t);
    return status;
}

/* 7.2: the tag is computed over the ciphertext first (so in == out
 * works), the ciphertext decrypted, and the output cleared under a mask
 * unless the tag matched: no branch on the comparison, and the caller
 * never sees unauthenticated plaintext. */
psa_status_t pp_gcm_decrypt_oneshot(const pp_aes_key *k, const uint8_t *iv, size_t iv_len,
                                    const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                    uint8_t *out, size_t len, const uint8_t *tag,
                                    size_t tag_len)
{
    pp_gcm_ctx c;
    uint8_t t[16];
    psa_status_t status = oneshot_start(&c, k, iv, iv_len, aad, aad_len, len, tag_len);
    size_t i;

    if (status == PSA_SUCCESS) {
        /* Hash the ciphertext (6.4 over C) before decrypting it. */
        absorb_pad(&c, (size_t)(c.aad_len & 15u));
        c.state = STATE_DATA;
        absorb(&c, 0, in, len);
        c.data_len = len;
        status = compute_tag(&c, t);
    }
    if (status == PSA_SUCCESS) {
        int eq = pp_ct_memeq(t, tag, tag_len);
        uint8_t keep = (uint8_t)pp_ct_barrier_u32((uint32_t)0 - (uint32_t)(eq & 1));
        crypt(&c, 0, in, out, len);
        for (i = 0; i < len; i++) {
            out[i] &= keep;
        }
        status = verdict(eq);
    }
    pp_gcm_abort(&c);
    pp_wipe(t, sizeof t);
    return status;
}
