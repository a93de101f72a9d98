/*
 * ctr_drbg.c -- CTR_DRBG over AES-256 with the derivation function, NIST
 * SP 800-90A Rev. 1 10.2.1 and 10.3.2 (see ctr_drbg.h for the contract).
 *
 * Block_Cipher_df runs its three BCC chains side by side over one pass of
 * the input: each 16-byte block of S is folded into all three chaining
 * values and the three are encrypted in one 3-block call, so the inputs
 * (entropy || nonce || personalization, possibly 3 x 64 KB) are streamed
 * and never copied into one buffer. Its keys are scheduled in the DRBG's
 * own pp_aes_key: every df is followed by a new Key anyway, and the
 * Update's keystream E_Key(V+1..V+3), the only use of the old Key, does
 * not depend on the df output, so it is made first (ctr_drbg_update_df).
 * The deepest call then holds no pp_aes_key on the stack.
 *
 * Generate is AES-CTR keystream from V+1 (pp_aes_ctr over zeros: its
 * batched, branch-free counter runs 8 blocks in flight with AES-NI, 4 per
 * bitsliced pass with ct64), written straight into the caller's buffer
 * for all but the last 1..4 output blocks; those go through a small stack
 * buffer with the 3 keystream blocks of the closing CTR_DRBG_Update
 * (10.2.1.5.2 step 6 encrypts the next three counters under the same
 * Key), in one call.
 */
#include <picopsa/config.h>

#include <string.h>

#include "common/pp_util.h"
#include "random/ctr_drbg.h"

#define CTR_DRBG_BLOCK 16u                  /* blocklen = outlen, bytes */
#define CTR_DRBG_KEY_LEN 32u                /* keylen, bytes */
#define CTR_DRBG_SEED_LEN 48u               /* seedlen = keylen + blocklen */
#define CTR_DRBG_SEED_BLOCKS 3u             /* seedlen / blocklen */
/* The stack batch: up to 4 output blocks + the 3 blocks of the Update. */
#define CTR_DRBG_TAIL_BLOCKS (4u + CTR_DRBG_SEED_BLOCKS)

/* SP 800-90A table 3: 2^48 generate requests between reseeds at most. */
#define CTR_DRBG_MAX_RESEED_INTERVAL ((uint64_t)1 << 48)

/* The all-zero initial Key (10.2.1.3.2 step 3) and the zero padding of S
 * (10.3.2 step 4). Public constants. */
static const uint8_t ctr_drbg_zeros[CTR_DRBG_KEY_LEN] = { 0 };

/* ---- Block_Cipher_df (10.3.2) and BCC (10.3.3) -------------------------- */

/* The three BCC chains of 10.3.2 step 9 with the S block being filled. */
typedef struct {
    pp_aes_key *key;                                /* K of the df */
    uint8_t chain[CTR_DRBG_SEED_BLOCKS * CTR_DRBG_BLOCK];
    uint8_t block[CTR_DRBG_BLOCK];
    size_t fill;
} ctr_drbg_df;

/* Append bytes of S. Each completed block is chained into all three BCCs
 * at once (chaining = E_K(chaining xor block), 10.3.3 step 4). The df
 * inputs are short next to the cost of a block encryption, so bytes are
 * moved one at a time. */
static void df_absorb(ctr_drbg_df *df, const uint8_t *in, size_t len)
{
    size_t n;
    unsigned i;

    for (n = 0; n < len; n++) {
        df->block[df->fill++] = in[n];
        if (df->fill < CTR_DRBG_BLOCK) {
            continue;
        }
        for (i = 0; i < sizeof(df->chain); i++) {
            df->chain[i] = (uint8_t)(df->chain[i] ^ df->block[i % CTR_DRBG_BLOCK]);
        }
        pp_aes_ecb_encrypt(df->key, df->chain, df->chain, CTR_DRBG_SEED_BLOCKS);
        df->fill = 0;
    }
}

/* Block_Cipher_df(in1 || in2 || in3, 384 bits) into out[48]. The inputs
 * may be empty (NULL with length 0). The df's two AES keys are scheduled
 * in *scratch, whose contents are lost: the callers lend the DRBG's own
 * Key schedule once they no longer need it (it is rebuilt by
 * ctr_drbg_rekey), which keeps a second 1 KB pp_aes_key off the stack. */
/* The first AES accelerator error of a run (aes.h: pp_aes_status) into
 * *acc; the key is re-set between steps, so each key's status is taken
 * before the next pp_aes_set_key. */
static void ctr_drbg_keep(psa_status_t *acc, const pp_aes_key *k)
{
    if (*acc == PSA_SUCCESS) {
        *acc = pp_aes_status(k);
    }
}

static void ctr_drbg_df_run(psa_status_t *acc, pp_aes_key *scratch,
                            uint8_t out[CTR_DRBG_SEED_LEN],
                            const uint8_t *in1, size_t len1,
                            const uint8_t *in2, size_t len2,
                            const uint8_t *in3, size_t len3)
{
    ctr_drbg_df df;
    uint8_t k[CTR_DRBG_KEY_LEN], head[8];
    unsigned i;

    /* Step 8: K = leftmost keylen bits of 0x00010203...1F. */
    for (i = 0; i < CTR_DRBG_KEY_LEN; i++) {
        k[i] = (uint8_t)i;
    }
    df.key = scratch;
    (void)pp_aes_set_key(df.key, k, sizeof(k));
    /* Step 9: chain i starts with BCC's first block IV_i = i || 0^96,
     * from a zero chaining value: E_K(IV_i). */
    memset(df.chain, 0, sizeof(df.chain));
    for (i = 0; i < CTR_DRBG_SEED_BLOCKS; i++) {
        df.chain[i * CTR_DRBG_BLOCK + 3u] = (uint8_t)i;
    }
    pp_aes_ecb_encrypt(df.key, df.chain, df.chain, CTR_DRBG_SEED_BLOCKS);
    df.fill = 0;

    /* Steps 2-4: S = L || N || input_string || 0x80 || 0^*, L the input
     * length in bytes and N = 48, both 32-bit big-endian. The caller
     * bounds each input by PP_CTR_DRBG_MAX_INPUT, so L fits. */
    pp_store_be32(head, (uint32_t)(len1 + len2 + len3));
    pp_store_be32(head + 4, CTR_DRBG_SEED_LEN);
    df_absorb(&df, head, sizeof(head));
    df_absorb(&df, in1, len1);
    df_absorb(&df, in2, len2);
    df_absorb(&df, in3, len3);
    head[0] = 0x80;
    df_absorb(&df, head, 1);
    if (df.fill != 0) {
        df_absorb(&df, ctr_drbg_zeros, CTR_DRBG_BLOCK - df.fill);
    }

    /* Steps 10-15: K = temp[0..32), X = temp[32..48); then X = E_K(X)
     * three times gives the 48 output bytes. */
    ctr_drbg_keep(acc, df.key);
    (void)pp_aes_set_key(df.key, df.chain, CTR_DRBG_KEY_LEN);
    pp_aes_ecb_encrypt(df.key, df.chain + CTR_DRBG_KEY_LEN, out, 1);
    pp_aes_ecb_encrypt(df.key, out, out + CTR_DRBG_BLOCK, 1);
    pp_aes_ecb_encrypt(df.key, out + CTR_DRBG_BLOCK, out + 2u * CTR_DRBG_BLOCK, 1);
    ctr_drbg_keep(acc, df.key);

    pp_wipe(&df, sizeof(df));
    pp_wipe(head, sizeof(head));
}

/* ---- CTR_DRBG_Update (10.2.1.2) and the counter ------------------------- */

/* V = V + 1 mod 2^128 (ctr_len = blocklen: V is one 128-bit big-endian
 * counter, 10.2.1.2 step 2.2). The carry runs through all 16 bytes every
 * time. */
static void ctr_drbg_increment(uint8_t v[CTR_DRBG_BLOCK])
{
    uint32_t carry = 1;
    unsigned i;

    for (i = CTR_DRBG_BLOCK; i-- > 0;) {
        carry += v[i];
        v[i] = (uint8_t)carry;
        carry >>= 8;
    }
}

/* Write the next n counter blocks V+1, ..., V+n to out and leave V at
 * V+n. */
static void ctr_drbg_counters(uint8_t v[CTR_DRBG_BLOCK], uint8_t *out, size_t n)
{
    size_t b;

    for (b = 0; b < n; b++) {
        ctr_drbg_increment(v);
        memcpy(out + b * CTR_DRBG_BLOCK, v, CTR_DRBG_BLOCK);
    }
}

/* 10.2.1.2 steps 4-6, given temp = E_Key(V+1) || E_Key(V+2) || E_Key(V+3):
 * temp ^= provided_data (NULL: all zeros), Key = temp[0..32),
 * V = temp[32..48). temp is wiped. */
static void ctr_drbg_rekey(pp_ctr_drbg *drbg, uint8_t temp[CTR_DRBG_SEED_LEN],
                           const uint8_t *provided)
{
    unsigned i;

    if (provided != NULL) {
        for (i = 0; i < CTR_DRBG_SEED_LEN; i++) {
            temp[i] = (uint8_t)(temp[i] ^ provided[i]);
        }
    }
    (void)pp_aes_set_key(&drbg->key, temp, CTR_DRBG_KEY_LEN);
    memcpy(drbg->value, temp + CTR_DRBG_KEY_LEN, CTR_DRBG_BLOCK);
    pp_wipe(temp, CTR_DRBG_SEED_LEN);
}

/* CTR_DRBG_Update steps 1-3: temp = E_Key(V+1) || E_Key(V+2) ||
 * E_Key(V+3), V advanced by 3. It does not depend on provided_data, so
 * the callers make it before the df borrows the Key schedule. */
static void ctr_drbg_update_pad(pp_ctr_drbg *drbg, uint8_t temp[CTR_DRBG_SEED_LEN])
{
    ctr_drbg_counters(drbg->value, temp, CTR_DRBG_SEED_BLOCKS);
    pp_aes_ecb_encrypt(&drbg->key, temp, temp, CTR_DRBG_SEED_BLOCKS);
}

/* Key, V = Update(df(in1 || in2 || in3), Key, V). */
static psa_status_t ctr_drbg_update_df(pp_ctr_drbg *drbg, uint8_t seed[CTR_DRBG_SEED_LEN],
                               const uint8_t *in1, size_t len1,
                               const uint8_t *in2, size_t len2,
                               const uint8_t *in3, size_t len3)
{
    uint8_t temp[CTR_DRBG_SEED_LEN];
    psa_status_t acc = PSA_SUCCESS;

    ctr_drbg_update_pad(drbg, temp);
    ctr_drbg_keep(&acc, &drbg->key);
    ctr_drbg_df_run(&acc, &drbg->key, seed, in1, len1, in2, len2, in3, len3);
    ctr_drbg_rekey(drbg, temp, seed);
    ctr_drbg_keep(&acc, &drbg->key);
    return acc;
}

/* ---- the DRBG functions -------------------------------------------------- */

psa_status_t pp_ctr_drbg_instantiate(pp_ctr_drbg *drbg,
                                     const uint8_t *entropy, size_t entropy_len,
                                     const uint8_t *nonce, size_t nonce_len,
                                     const uint8_t *personalization, size_t pers_len)
{
    uint8_t seed[CTR_DRBG_SEED_LEN];
    psa_status_t status;

    memset(drbg, 0, sizeof(*drbg));
    if (entropy_len < PP_CTR_DRBG_MIN_ENTROPY || entropy_len > PP_CTR_DRBG_MAX_INPUT ||
        nonce_len > PP_CTR_DRBG_MAX_INPUT || pers_len > PP_CTR_DRBG_MAX_INPUT) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* 10.2.1.3.2: seed_material = df(entropy || nonce || personalization),
     * Key = 0^256, V = 0^128 (zeroed above), Update(seed_material). */
    (void)pp_aes_set_key(&drbg->key, ctr_drbg_zeros, CTR_DRBG_KEY_LEN);
    status = ctr_drbg_update_df(drbg, seed, entropy, entropy_len, nonce, nonce_len,
                                personalization, pers_len);
    pp_wipe(seed, sizeof(seed));
    if (PICOPSA_DRIVERS && status != PSA_SUCCESS) {   /* an AES accelerator failed: no state */
        pp_ctr_drbg_uninstantiate(drbg);
        return status;
    }
    drbg->reseed_counter = 1;
    drbg->reseeded = 0;
    drbg->reseed_interval = PICOPSA_DRBG_RESEED_INTERVAL;
    drbg->prediction_resistance = PICOPSA_DRBG_PREDICTION_RESISTANCE ? 1u : 0u;
    drbg->instantiated = 1;
    return PSA_SUCCESS;
}

psa_status_t pp_ctr_drbg_reseed(pp_ctr_drbg *drbg,
                                const uint8_t *entropy, size_t entropy_len,
                                const uint8_t *additional, size_t add_len)
{
    uint8_t seed[CTR_DRBG_SEED_LEN];
    psa_status_t status;

    if (drbg->instantiated == 0) {
        return PSA_ERROR_BAD_STATE;
    }
    if (entropy_len < PP_CTR_DRBG_MIN_ENTROPY || entropy_len > PP_CTR_DRBG_MAX_INPUT ||
        add_len > PP_CTR_DRBG_MAX_INPUT) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* 10.2.1.4.2: seed_material = df(entropy || additional), Update. */
    status = ctr_drbg_update_df(drbg, seed, entropy, entropy_len, additional, add_len, NULL, 0);
    pp_wipe(seed, sizeof(seed));
    if (PICOPSA_DRIVERS && status != PSA_SUCCESS) {
        pp_ctr_drbg_uninstantiate(drbg);
        return status;
    }
    drbg->reseed_counter = 1;
    drbg->reseeded = 1;
    return PSA_SUCCESS;
}

psa_status_t pp_ctr_drbg_generate(pp_ctr_drbg *drbg, uint8_t *out, size_t out_len,
                                  const uint8_t *additional, size_t add_len)
{
    uint8_t add[CTR_DRBG_SEED_LEN];
    uint8_t tail[CTR_DRBG_TAIL_BLOCKS * CTR_DRBG_BLOCK];
    uint8_t ctr[CTR_DRBG_BLOCK];
    size_t nblocks = (out_len + CTR_DRBG_BLOCK - 1u) / CTR_DRBG_BLOCK;
    size_t head, last;
    const uint8_t *provided = NULL;
    psa_status_t status = PSA_SUCCESS;

    if (drbg->instantiated == 0) {
        return PSA_ERROR_BAD_STATE;
    }
    if (out_len > PP_CTR_DRBG_MAX_REQUEST || add_len > PP_CTR_DRBG_MAX_INPUT) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* Step 1, and 9.3.1 step 7 for prediction resistance. */
    if (drbg->reseed_counter > drbg->reseed_interval ||
        (drbg->prediction_resistance != 0 && drbg->reseeded == 0)) {
        return PP_CTR_DRBG_RESEED_REQUIRED;
    }

    /* Step 2: a non-empty additional input goes through the df once; the
     * result updates the state now and again in step 6. Otherwise step 6
     * uses 0^seedlen (provided = NULL). */
    if (add_len != 0) {
        status = ctr_drbg_update_df(drbg, add, additional, add_len, NULL, 0, NULL, 0);
        provided = add;
    }

    /* Steps 3-5: out = leftmost out_len bytes of E(V+1) || E(V+2) || ...,
     * the keystream of AES-CTR (pp_aes_ctr: a branch-free 128-bit counter,
     * batched by every backend) from V+1 over zeros. The first `head`
     * blocks (a multiple of 4, all whole) are made in place; the last
     * 1..4 (the only partial one among them) in tail. V itself need not
     * advance: step 6 replaces it. */
    memcpy(ctr, drbg->value, CTR_DRBG_BLOCK);
    ctr_drbg_increment(ctr);
    head = nblocks > 4u ? ((nblocks - 1u) / 4u) * 4u : 0u;
    if (head != 0) {
        memset(out, 0, head * CTR_DRBG_BLOCK);
        pp_aes_ctr(&drbg->key, ctr, out, out, head);
    }
    last = nblocks - head;
    /* Step 6 (Update) needs E(V'+1..V'+3) under the same Key, V' the last
     * output counter: the next three keystream blocks, in the same call. */
    memset(tail, 0, (last + CTR_DRBG_SEED_BLOCKS) * CTR_DRBG_BLOCK);
    pp_aes_ctr(&drbg->key, ctr, tail, tail, last + CTR_DRBG_SEED_BLOCKS);
    if (out_len != 0) {   /* out may be NULL for an empty request */
        memcpy(out + head * CTR_DRBG_BLOCK, tail, out_len - head * CTR_DRBG_BLOCK);
    }
    ctr_drbg_keep(&status, &drbg->key);
    ctr_drbg_rekey(drbg, tail + last * CTR_DRBG_BLOCK, provided);
    ctr_drbg_keep(&status, &drbg->key);

    /* Step 7: count the request. */
    pp_wipe(tail, sizeof(tail));
    pp_wipe(ctr, sizeof(ctr));
    pp_wipe(add, sizeof(add));
    if (PICOPSA_DRIVERS && status != PSA_SUCCESS) {
        /* an AES accelerator failed (aes.h): no output, no state (SP
         * 800-90A 11.3's error state; instantiate again to recover) */
        if (out_len != 0) {
            pp_wipe(out, out_len);
        }
        pp_ctr_drbg_uninstantiate(drbg);
        return status;
    }
    drbg->reseed_counter++;
    drbg->reseeded = 0;
    return PSA_SUCCESS;
}

void pp_ctr_drbg_uninstantiate(pp_ctr_drbg *drbg)
{
    pp_aes_wipe(&drbg->key);
    pp_wipe(drbg, sizeof(*drbg));
}

void pp_ctr_drbg_set_reseed_interval(pp_ctr_drbg *drbg, uint64_t interval)
{
    /* Clamped into 1..2^48. */
    uint64_t lo = interval < 1u ? 1u : interval;
    drbg->reseed_interval = lo < CTR_DRBG_MAX_RESEED_INTERVAL ? lo : CTR_DRBG_MAX_RESEED_INTERVAL;
}

void pp_ctr_drbg_set_prediction_resistance(pp_ctr_drbg *drbg, int enabled)
{
    drbg->prediction_resistance = enabled != 0 ? 1u : 0u;
}
