/*
 * aes_bitslice_modes.h -- ECB and CBC (SP 800-38A 6.1, 6.2) over a
 * bitsliced AES backend's passes, written once for aes_ct64.c and
 * aes_ct32.c; see aes.h for the pp_aes_soft_* contract.
 *
 * Contract:
 *  - Not a normal header: the backend defines PP_BS_W (its word type) and
 *    PP_BS_LANES (blocks per pass: 4 for ct64, 2 for ct32) and, before the
 *    include, static functions load_blocks(q, in, n) (n blocks into lanes
 *    0..n-1, the others zero), store_blocks(out, q, n), encrypt_q(k, q) and
 *    decrypt_q(k, q) on PP_BS_W q[8]. It gets min_lanes(),
 *    pp_aes_soft_ecb_encrypt/_decrypt, pp_aes_soft_cbc_encrypt/_decrypt and
 *    pp_aes_soft_wipe.
 *  - Constant time: loops run on the public block count; the data only
 *    flows through the passes, XORs and copies. Buffers are wiped.
 *  - Aliasing: in == out works (CBC decryption saves the ciphertext first).
 */
#if !defined(PP_BS_W) || !defined(PP_BS_LANES)
#error "aes_bitslice_modes.h: define PP_BS_W and PP_BS_LANES before including it"
#endif

static size_t min_lanes(size_t n)
{
    return n < PP_BS_LANES ? n : PP_BS_LANES;
}

/* ECB in passes of up to PP_BS_LANES blocks; pass() is encrypt_q or
 * decrypt_q. */
static void ecb(const pp_aes_key *k, const uint8_t *in, uint8_t *out, size_t nblocks,
                void (*pass)(const pp_aes_key *, PP_BS_W *))
{
    PP_BS_W q[8];
    while (nblocks > 0) {
        size_t n = min_lanes(nblocks);
        load_blocks(q, in, n);
        pass(k, q);
        store_blocks(out, q, n);
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    pp_wipe(q, sizeof q);
}

void pp_aes_soft_ecb_encrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                             size_t nblocks)
{
    ecb(k, in, out, nblocks, encrypt_q);
}

void pp_aes_soft_ecb_decrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                             size_t nblocks)
{
    ecb(k, in, out, nblocks, decrypt_q);
}

/* SP 800-38A 6.2: each block needs the previous ciphertext, so one lane
 * per pass. A backend that defines PP_BS_CBC_ENCRYPT_EXTERNAL brings its
 * own (aes_ct32.c: on words, without the byte buffers). */
#ifndef PP_BS_CBC_ENCRYPT_EXTERNAL
void pp_aes_soft_cbc_encrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                             uint8_t *out, size_t nblocks)
{
    PP_BS_W q[8];
    uint8_t x[16];
    size_t j;

    memcpy(x, iv, 16);
    while (nblocks-- > 0) {
        for (j = 0; j < 16; j++)
            x[j] ^= in[j];
        load_blocks(q, x, 1);
        encrypt_q(k, q);
        store_blocks(x, q, 1);
        memcpy(out, x, 16);
        in += 16;
        out += 16;
    }
    memcpy(iv, x, 16);
    pp_wipe(q, sizeof q);
    pp_wipe(x, sizeof x);
}
#endif /* !PP_BS_CBC_ENCRYPT_EXTERNAL */

/* Decryption has no chaining dependency: PP_BS_LANES blocks per pass. The
 * ciphertext is saved first, so in == out works. */
void pp_aes_soft_cbc_decrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                             uint8_t *out, size_t nblocks)
{
    PP_BS_W q[8];
    uint8_t c[16 * PP_BS_LANES], p[16 * PP_BS_LANES];
    size_t j;

    while (nblocks > 0) {
        size_t n = min_lanes(nblocks);
        memcpy(c, in, 16 * n);
        load_blocks(q, c, n);
        decrypt_q(k, q);
        store_blocks(p, q, n);
        for (j = 0; j < 16; j++)
            out[j] = (uint8_t)(p[j] ^ iv[j]);
        for (j = 16; j < 16 * n; j++)
            out[j] = (uint8_t)(p[j] ^ c[j - 16]);
        memcpy(iv, c + 16 * (n - 1), 16);
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    pp_wipe(q, sizeof q);
    pp_wipe(p, sizeof p);
    pp_wipe(c, sizeof c);
}

void pp_aes_soft_wipe(pp_aes_key *k)
{
    pp_wipe(k, sizeof *k);
}

#undef PP_BS_W
#undef PP_BS_LANES
