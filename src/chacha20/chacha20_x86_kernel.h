/*
 * chacha20_x86_kernel.h -- the body of one eight-block ChaCha20 kernel
 * (RFC 8439 2.3), included by chacha20_x86.c once per instruction set with
 *   KERNEL_NAME    the function's name,
 *   KERNEL_TARGET  its target attribute,
 *   ROTL(v, n)     a left rotation of each 32-bit lane of a __m256i by n.
 * Not a header of its own: no guard, nothing else includes it.
 *
 * Vector i holds word i of eight consecutive blocks (lane j: block
 * s[12] + j), so each quarter-round step is one instruction for all eight.
 * The keystream leaves by an 8x8 transpose of 32-bit words per half block
 * (unpack 32, unpack 64, then 128-bit lane exchange), XORed straight into
 * the output.
 */

#define QR(x, a, b, c, d)                                                    \
    do {                                                                     \
        x[a] = _mm256_add_epi32(x[a], x[b]);                                 \
        x[d] = ROTL(_mm256_xor_si256(x[d], x[a]), 16);                       \
        x[c] = _mm256_add_epi32(x[c], x[d]);                                 \
        x[b] = ROTL(_mm256_xor_si256(x[b], x[c]), 12);                       \
        x[a] = _mm256_add_epi32(x[a], x[b]);                                 \
        x[d] = ROTL(_mm256_xor_si256(x[d], x[a]), 8);                        \
        x[c] = _mm256_add_epi32(x[c], x[d]);                                 \
        x[b] = ROTL(_mm256_xor_si256(x[b], x[c]), 7);                        \
    } while (0)

KERNEL_TARGET void KERNEL_NAME(const uint32_t s[16], const uint8_t *in, uint8_t *out, size_t n)
{
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i in_state[16];
    uint32_t counter = s[12];
    unsigned i, k;

    for (i = 0; i < 16; i++) {
        in_state[i] = _mm256_set1_epi32((int)s[i]);
    }
    for (; n > 0; n--) {
        /* Not wiped, like the portable pp_chacha20_rounds' x: a wipe would
         * take its address and keep the sixteen vectors in memory; the
         * keystream leaves through registers into the XOR. */
        __m256i x[16];
        in_state[12] = _mm256_add_epi32(_mm256_set1_epi32((int)counter), lanes);
        for (i = 0; i < 16; i++) {
            x[i] = in_state[i];
        }
        for (i = 0; i < 10; i++) {
            QR(x, 0, 4, 8, 12);
            QR(x, 1, 5, 9, 13);
            QR(x, 2, 6, 10, 14);
            QR(x, 3, 7, 11, 15);
            QR(x, 0, 5, 10, 15);
            QR(x, 1, 6, 11, 12);
            QR(x, 2, 7, 8, 13);
            QR(x, 3, 4, 9, 14);
        }
        for (i = 0; i < 16; i++) {
            x[i] = _mm256_add_epi32(x[i], in_state[i]);
        }
        /* Words 8h .. 8h+7 of the eight blocks into bytes 32h .. 32h+31 of
         * each block. */
        for (k = 0; k < 2; k++) {
            const __m256i *w = x + 8u * k;
            __m256i t[8], u[8];
            unsigned m;
            for (m = 0; m < 8; m += 2) {
                t[m] = _mm256_unpacklo_epi32(w[m], w[m + 1]);
                t[m + 1] = _mm256_unpackhi_epi32(w[m], w[m + 1]);
            }
            for (m = 0; m < 8; m += 4) {
                u[m] = _mm256_unpacklo_epi64(t[m], t[m + 2]);         /* blocks 0, 4 */
                u[m + 1] = _mm256_unpackhi_epi64(t[m], t[m + 2]);     /* blocks 1, 5 */
                u[m + 2] = _mm256_unpacklo_epi64(t[m + 1], t[m + 3]); /* blocks 2, 6 */
                u[m + 3] = _mm256_unpackhi_epi64(t[m + 1], t[m + 3]); /* blocks 3, 7 */
            }
            for (m = 0; m < 4; m++) {
                /* u[m]: words 0-3 of blocks m and m+4, u[m+4] their 4-7. */
                uint8_t *ol = out + 64u * m + 32u * k, *oh = ol + 256u;
                const uint8_t *il = in + 64u * m + 32u * k, *ih = il + 256u;
                __m256i lo = _mm256_permute2x128_si256(u[m], u[m + 4], 0x20);
                __m256i hi = _mm256_permute2x128_si256(u[m], u[m + 4], 0x31);
                lo = _mm256_xor_si256(lo, _mm256_loadu_si256((const __m256i *)(const void *)il));
                hi = _mm256_xor_si256(hi, _mm256_loadu_si256((const __m256i *)(const void *)ih));
                _mm256_storeu_si256((__m256i *)(void *)ol, lo);
                _mm256_storeu_si256((__m256i *)(void *)oh, hi);
            }
        }
        in += 512;
        out += 512;
        counter += 8u; /* no wrap inside: the caller checked the room */
    }
    pp_wipe(in_state, sizeof(in_state));
}

#undef QR
