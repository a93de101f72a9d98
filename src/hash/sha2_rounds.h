/*
 * sha2_rounds.h -- the round structure that SHA-256 and SHA-512 share
 * (FIPS 180-4 4.1.2/4.1.3 Ch and Maj, 6.2.2/6.4.2 step 1 schedule and
 * step 3 round), written once for both word sizes.
 *
 * Internal to src/hash: sha256.c and sha512.c include it after defining
 *   SHA2_WORD         uint32_t or uint64_t,
 *   SHA2_LOAD(p)      the big-endian load of one word,
 *   BSIG0, BSIG1, SSIG0, SSIG1   the word size's sigma functions (4.1.2/4.1.3),
 *   SHA2_COMPRESS     the name of the compression function to define,
 *   SHA2_CONSTANTS    the round constants (SHA2_ROUND_COUNT of them).
 * With PICOPSA_SHA2_UNROLL it defines the unrolled compression function
 * (static, preceded by SHA2_ATTR when defined: a target attribute); the compact forms differ by word size and stay in the .c files.
 * The round macros expect that function's locals: k (round constants of the
 * current group), w[16] (schedule ring), data, x_old, x_new. No include
 * guard: a translation unit may build both hashes (test_sha2 does, with the
 * macros undefined in between).
 */

/* Ch and Maj in 3 and 4 operations instead of 4 and 5; the unrolled rounds
 * get Maj in 2 by carrying a ^ b over to the next round as its b ^ c (on
 * Cortex-M4 the extra live value costs more than it saves in the compact
 * forms, so those keep MAJ). */
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

/* One round (step 3) with the variables renamed: the caller rotates the
 * argument list instead of moving eight words. wj is the schedule word. */
#define ROUND(a, b, c, d, e, f, g, h, j, wj)                              \
    do {                                                                  \
        SHA2_WORD t1 = (h) + BSIG1(e) + CH(e, f, g) + k[j] + (wj);        \
        (d) += t1;                                                        \
        /* Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)), and b ^ c is the a ^ b  \
         * of the previous round: one operation less per round. */      \
        x_new = (a) ^ (b);                                                \
        (h) = t1 + BSIG0(a) + ((b) ^ (x_new & x_old));                    \
        x_old = x_new;                                                    \
    } while (0)

/* Step 1 in a ring of 16 words: W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) +
 * W[t-16], where W[t-16] is the slot being overwritten. */
#define SCHEDULE(j) \
    (w[j] += SSIG1(w[((j) + 14) & 15]) + w[((j) + 9) & 15] + SSIG0(w[((j) + 1) & 15]))

/* Sixteen rounds; W is the per-round word expression (loaded or scheduled). */
#define SIXTEEN_ROUNDS(W)                                                 \
    do {                                                                  \
        ROUND(a, b, c, d, e, f, g, h, 0, W(0));                           \
        ROUND(h, a, b, c, d, e, f, g, 1, W(1));                           \
        ROUND(g, h, a, b, c, d, e, f, 2, W(2));                           \
        ROUND(f, g, h, a, b, c, d, e, 3, W(3));                           \
        ROUND(e, f, g, h, a, b, c, d, 4, W(4));                           \
        ROUND(d, e, f, g, h, a, b, c, 5, W(5));                           \
        ROUND(c, d, e, f, g, h, a, b, 6, W(6));                           \
        ROUND(b, c, d, e, f, g, h, a, 7, W(7));                           \
        ROUND(a, b, c, d, e, f, g, h, 8, W(8));                           \
        ROUND(h, a, b, c, d, e, f, g, 9, W(9));                           \
        ROUND(g, h, a, b, c, d, e, f, 10, W(10));                         \
        ROUND(f, g, h, a, b, c, d, e, 11, W(11));                         \
        ROUND(e, f, g, h, a, b, c, d, 12, W(12));                         \
        ROUND(d, e, f, g, h, a, b, c, 13, W(13));                         \
        ROUND(c, d, e, f, g, h, a, b, 14, W(14));                         \
        ROUND(b, c, d, e, f, g, h, a, 15, W(15));                         \
    } while (0)

/* Rounds 0-15 read the message words. */
#define LOADED(j) (w[j] = SHA2_LOAD(data + sizeof(SHA2_WORD) * (j)))

#if PICOPSA_SHA2_UNROLL
#ifdef SHA2_ATTR
SHA2_ATTR
#endif
static void SHA2_COMPRESS(SHA2_WORD state[8], const uint8_t *data, size_t blocks)
{
    SHA2_WORD w[16];
    SHA2_WORD a, b, c, d, e, f, g, h, x_old, x_new;
    const SHA2_WORD *k;
    size_t i;

    while (blocks-- > 0) {
        a = state[0]; b = state[1]; c = state[2]; d = state[3];
        e = state[4]; f = state[5]; g = state[6]; h = state[7];
        x_old = b ^ c;

        /* Rounds 0-15 read the message; the rest extend the schedule in
         * place, fused into the rounds so it stays in registers. */
        k = SHA2_CONSTANTS;
        SIXTEEN_ROUNDS(LOADED);
        for (i = 16; i < SHA2_ROUND_COUNT; i += 16) {
            k = SHA2_CONSTANTS + i;
            SIXTEEN_ROUNDS(SCHEDULE);
        }

        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
        data += 16 * sizeof(SHA2_WORD);
    }
    /* The schedule holds message-derived words (HMAC keys, DRBG state). */
    pp_wipe(w, sizeof(w));
}
#endif
