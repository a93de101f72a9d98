/*
 * ghash_x86_vaes_body.h -- GCM's wide one pass (GCTR + GHASH, SP 800-38D
 * 7.1 steps 3-5), written once for a vector of L blocks and included by
 * ghash_x86.c for the ymm (L = 2) and zmm (L = 4) widths; the contract is
 * pp_ghash_x86_gcm's (ghash.h), for groups of sixteen blocks.
 *
 * The includer defines V, L, NV (16 / L), TARGET, FN, VLOAD, VSTORE, VXOR,
 * VENC, VENCL, VSHUF8, VCLMUL (VPCLMULQDQ on every lane), VADD32, VZERO,
 * and the helpers vbcast (an __m128i in every lane), vfirst (an __m128i
 * in lane 0, zeros above), vpowers (lanes p[0], p[-1], ...: descending
 * powers), vlane_inc (lane i: i in its low 32-bit word), vreduce (reduce3
 * on every lane), vfold (the lanes XORed) and vlane0.
 *
 * Per group: NV vectors of counter blocks through the rounds (VAESENC on
 * every 128-bit lane) while NV vectors of ciphertext are multiplied lane
 * by lane by H^16 .. H^1 (the GH_STEP products), reduced per lane and the
 * lanes XORed: one reduction per 256 bytes. Encryption hashes the
 * previous group, decryption the current one (in == out works). H^9 ..
 * H^16 are made at the start of each call (H^i * H^8, eight independent
 * products). VAESENC and VPCLMULQDQ have no data-dependent timing; no
 * branch or index depends on a secret.
 */

#define PP_UNROLL _Pragma("GCC unroll 8")

TARGET
void FN(const pp_ghash_key *gk, uint64_t y[2], const pp_aes_key *ak, uint8_t ctr[16],
        const uint8_t *in, uint8_t *out, size_t ngroups, int decrypt)
{
    const uint8_t *rk = (const uint8_t *)ak->rk;
    const unsigned nr = ak->rounds;
    const __m128i rev128 = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const V rev = vbcast(rev128);
    const V step = vbcast(_mm_set_epi32(0, 0, 0, (int)L));
    __m128i pw[16], acc_y = SWAP64(LOADU(y));
    V hv[NV], b[NV], lo, hi, mid, key, c;
    const uint8_t *prev = NULL; /* encryption: the group still to hash */
    unsigned r, j;

    /* pw[i] = H^(i+1), stored layout (lane 0 the high word). */
    for (j = 0; j < 8; j++) {
        pw[j] = LOADU(gk->h[j]);
    }
    for (j = 0; j < 8; j++) {
        pw[8 + j] = SWAP64(mul1(SWAP64(pw[j]), SWAP64(pw[7])));
    }
    /* Vector j multiplies blocks L*j+1 .. of the group by H^(16-L*j) .. */
    for (j = 0; j < NV; j++) {
        hv[j] = vpowers(pw + 15 - L * j);
    }
    pp_wipe(pw, sizeof pw);
    c = VADD32(vbcast(rev_bytes(LOADU(ctr))), vlane_inc());

    while (ngroups > 0) {
        const uint8_t *h = decrypt ? in : prev;
        key = vbkey(rk);
        PP_UNROLL
        for (j = 0; j < NV; j++) {
            b[j] = VXOR(VSHUF8(c, rev), key);
            c = VADD32(c, step);
        }
        lo = hi = mid = VZERO();
        for (r = 1; r < nr; r++) {
            key = vbkey(rk + 16u * r);
            PP_UNROLL
            for (j = 0; j < NV; j++) {
                b[j] = VENC(b[j], key);
            }
            /* One vector of the hash per round (r <= NV, a public round
             * number): all NV within AES-128's nine middle rounds. */
            if (h != NULL && r <= NV) {
                V x = VSHUF8(VLOAD(h + 16u * L * (r - 1u)), rev);
                V hm = hv[r - 1u];
                if (r == 1) {
                    x = VXOR(x, vfirst(acc_y));
                }
                lo = VXOR(lo, VCLMUL(x, hm, 0x10));
                hi = VXOR(hi, VCLMUL(x, hm, 0x01));
                mid = VXOR(mid, VXOR(VCLMUL(x, hm, 0x00), VCLMUL(x, hm, 0x11)));
            }
        }
        key = vbkey(rk + 16u * nr);
        PP_UNROLL
        for (j = 0; j < NV; j++) {
            b[j] = VENCL(b[j], key);
        }
        if (h != NULL) {
            acc_y = vfold(vreduce(lo, hi, mid));
        }
        PP_UNROLL
        for (j = 0; j < NV; j++) {
            b[j] = VXOR(b[j], VLOAD(in + 16u * L * j));
        }
        PP_UNROLL
        for (j = 0; j < NV; j++) {
            VSTORE(out + 16u * L * j, b[j]);
        }
        prev = out;
        in += 256;
        out += 256;
        ngroups--;
    }
    STOREU(y, SWAP64(acc_y));
    if (!decrypt && prev != NULL) {
        pp_ghash_x86_blocks(gk, y, prev, 16);
    }
    /* Lane 0 holds the next counter. */
    STOREU(ctr, rev_bytes(vlane0(c)));
}

#undef PP_UNROLL
