/*
 * aes_bitslice.h -- the word-size-independent pieces of the bitsliced AES
 * backends (aes_ct64.c, aes_ct32.c), written once for both word widths.
 *
 * Contract:
 *  - Not a normal header: a backend .c file defines PP_BS_W (uint64_t or
 *    uint32_t) and includes this once; it gets static functions on
 *    PP_BS_W words: sub_bytes() (FIPS 197 5.1.1 on every byte of the eight
 *    bit planes q[0..7], q[b] holding bit b), inv_affine_of() (the inverse
 *    affine map of 5.3.2), ortho() (the per-byte 8x8 bit transpose that
 *    converts eight words between byte order and bit planes), sub_word()
 *    and expand_key() (the key expansion of 5.2, SubWord by the circuit),
 *    start_key() (set_key's length check and expansion).
 *  - Constant time: fixed sequences of AND/XOR/NOT/shift on whole words;
 *    no table, no branch, nothing indexed. Secrets stay in locals.
 */
#ifndef PP_BS_W
#error "aes_bitslice.h: define PP_BS_W (the word type) before including it"
#endif

/* ---- S-box circuit --------------------------------------------------- */

/* SubBytes (FIPS 197 5.1.1) on all 64 bytes: Boyar and Peralta's circuit
 * with u0 the most significant input bit and the output s0 (q[7]) the most
 * significant bit; tN, mN, lN are the paper's TN, MN, LN. All temporaries
 * are locals (registers or spill slots the caller's stack reuses), so
 * there is nothing addressable to wipe here. A backend that defines
 * PP_BS_SUB_BYTES_EXTERNAL brings its own sub_bytes() (aes_ct32.c with
 * the Thumb-2 circuit of aes_ct32_armv7m.c). */
#ifndef PP_BS_SUB_BYTES_EXTERNAL
static void sub_bytes(PP_BS_W q[8])
{
    PP_BS_W u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
    PP_BS_W u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
    PP_BS_W t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12;
    PP_BS_W t13, t14, t15, t16, t17, t18, t19, t20, t21, t22, t23, t24;
    PP_BS_W t25, t26, t27;
    PP_BS_W m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12;
    PP_BS_W m13, m14, m15, m16, m17, m18, m19, m20, m21, m22, m23, m24;
    PP_BS_W m25, m26, m27, m28, m29, m30, m31, m32, m33, m34, m35, m36;
    PP_BS_W m37, m38, m39, m40, m41, m42, m43, m44, m45, m46, m47, m48;
    PP_BS_W m49, m50, m51, m52, m53, m54, m55, m56, m57, m58, m59, m60;
    PP_BS_W m61, m62, m63;
    PP_BS_W l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11;
    PP_BS_W l12, l13, l14, l15, l16, l17, l18, l19, l20, l21, l22, l23;
    PP_BS_W l24, l25, l26, l27, l28, l29;

    /* top linear map: 27 XORs */
    t1 = u0 ^ u3;
    t2 = u0 ^ u5;
    t3 = u0 ^ u6;
    t4 = u3 ^ u5;
    t5 = u4 ^ u6;
    t6 = t1 ^ t5;
    t7 = u1 ^ u2;
    t8 = u7 ^ t6;
    t9 = u7 ^ t7;
    t10 = t6 ^ t7;
    t11 = u1 ^ u5;
    t12 = u2 ^ u5;
    t13 = t3 ^ t4;
    t14 = t6 ^ t11;
    t15 = t5 ^ t11;
    t16 = t5 ^ t12;
    t17 = t9 ^ t16;
    t18 = u3 ^ u7;
    t19 = t7 ^ t18;
    t20 = t1 ^ t19;
    t21 = u6 ^ u7;
    t22 = t7 ^ t21;
    t23 = t2 ^ t22;
    t24 = t2 ^ t10;
    t25 = t20 ^ t17;
    t26 = t3 ^ t16;
    t27 = t1 ^ t12;

    /* middle: inversion in GF((2^4)^2), 63 gates (34 AND, 29 XOR) */
    m1 = t13 & t6;
    m2 = t23 & t8;
    m3 = t14 ^ m1;
    m4 = t19 & u7;
    m5 = m4 ^ m1;
    m6 = t3 & t16;
    m7 = t22 & t9;
    m8 = t26 ^ m6;
    m9 = t20 & t17;
    m10 = m9 ^ m6;
    m11 = t1 & t15;
    m12 = t4 & t27;
    m13 = m12 ^ m11;
    m14 = t2 & t10;
    m15 = m14 ^ m11;
    m16 = m3 ^ m2;
    m17 = m5 ^ t24;
    m18 = m8 ^ m7;
    m19 = m10 ^ m15;
    m20 = m16 ^ m13;
    m21 = m17 ^ m15;
    m22 = m18 ^ m13;
    m23 = m19 ^ t25;
    m24 = m22 ^ m23;
    m25 = m22 & m20;
    m26 = m21 ^ m25;
    m27 = m20 ^ m21;
    m28 = m23 ^ m25;
    m29 = m28 & m27;
    m30 = m26 & m24;
    m31 = m20 & m23;
    m32 = m27 & m31;
    m33 = m27 ^ m25;
    m34 = m21 & m22;
    m35 = m24 & m34;
    m36 = m24 ^ m25;
    m37 = m21 ^ m29;
    m38 = m32 ^ m33;
    m39 = m23 ^ m30;
    m40 = m35 ^ m36;
    m41 = m38 ^ m40;
    m42 = m37 ^ m39;
    m43 = m37 ^ m38;
    m44 = m39 ^ m40;
    m45 = m42 ^ m41;
    m46 = m44 & t6;
    m47 = m40 & t8;
    m48 = m39 & u7;
    m49 = m43 & t16;
    m50 = m38 & t9;
    m51 = m37 & t17;
    m52 = m42 & t15;
    m53 = m45 & t27;
    m54 = m41 & t10;
    m55 = m44 & t13;
    m56 = m40 & t23;
    m57 = m39 & t19;
    m58 = m43 & t3;
    m59 = m38 & t22;
    m60 = m37 & t20;
    m61 = m42 & t1;
    m62 = m45 & t4;
    m63 = m41 & t2;

    /* bottom linear map: 30 XORs, then 8 more for the outputs, four of
     * them complemented (the affine constant 0x63) */
    l0 = m61 ^ m62;
    l1 = m50 ^ m56;
    l2 = m46 ^ m48;
    l3 = m47 ^ m55;
    l4 = m54 ^ m58;
    l5 = m49 ^ m61;
    l6 = m62 ^ l5;
    l7 = m46 ^ l3;
    l8 = m51 ^ m59;
    l9 = m52 ^ m53;
    l10 = m53 ^ l4;
    l11 = m60 ^ l2;
    l12 = m48 ^ m51;
    l13 = m50 ^ l0;
    l14 = m52 ^ m61;
    l15 = m55 ^ l1;
    l16 = m56 ^ l0;
    l17 = m57 ^ l1;
    l18 = m58 ^ l8;
    l19 = m63 ^ l4;
    l20 = l0 ^ l1;
    l21 = l1 ^ l7;
    l22 = l3 ^ l12;
    l23 = l18 ^ l2;
    l24 = l15 ^ l9;
    l25 = l6 ^ l10;
    l26 = l7 ^ l9;
    l27 = l8 ^ l10;
    l28 = l11 ^ l14;
    l29 = l11 ^ l17;
    q[7] = l6 ^ l24;
    q[6] = ~(l16 ^ l26);
    q[5] = ~(l19 ^ l28);
    q[4] = l6 ^ l21;
    q[3] = l20 ^ l22;
    q[2] = l25 ^ l29;
    q[1] = ~(l13 ^ l27);
    q[0] = ~(l6 ^ l23);
}
#endif /* !PP_BS_SUB_BYTES_EXTERNAL */

/* The inverse affine map of FIPS 197 5.3.2 with its constant:
 * b_i = a_(i+2) ^ a_(i+5) ^ a_(i+7) ^ c_i, c = 0x05, indices mod 8. */
static void inv_affine_of(PP_BS_W q[8], PP_BS_W a0, PP_BS_W a1,
                          PP_BS_W a2, PP_BS_W a3, PP_BS_W a4, PP_BS_W a5,
                          PP_BS_W a6, PP_BS_W a7)
{
    q[0] = ~(a2 ^ a5 ^ a7);
    q[1] = a3 ^ a6 ^ a0;
    q[2] = ~(a4 ^ a7 ^ a1);
    q[3] = a5 ^ a0 ^ a2;
    q[4] = a6 ^ a1 ^ a3;
    q[5] = a7 ^ a2 ^ a4;
    q[6] = a0 ^ a3 ^ a5;
    q[7] = a1 ^ a4 ^ a6;
}

/* Exchange, for the given s in {1, 2, 4}, bit k + s of every byte of x with
 * bit k of the same byte of y (m selects the bits k). A macro on locals:
 * gcc -Os kept a function of it out of line, twelve calls per transpose. */
#define PP_BS_SWAP(x, y, m, s)                     \
    do {                                           \
        PP_BS_W a_ = (x), b_ = (y);                \
        (x) = (a_ & (m)) | ((b_ & (m)) << (s));    \
        (y) = ((a_ >> (s)) & (m)) | (b_ & ~(m));   \
    } while (0)

/* Transpose, in each of the 8 byte lanes, the 8x8 bit matrix whose rows are
 * the words: afterwards bit w of byte p of q[b] is what bit b of byte p of
 * q[w] was. An involution, so it converts both ways. A backend that
 * defines PP_BS_ORTHO_EXTERNAL brings its own ortho() (aes_ct32.c with
 * the Thumb-2 one). */
#ifndef PP_BS_ORTHO_EXTERNAL
static void ortho(PP_BS_W q[8])
{
    const PP_BS_W m1 = (PP_BS_W)(~(PP_BS_W)0 / 3u);   /* 0x55... */
    const PP_BS_W m2 = (PP_BS_W)(~(PP_BS_W)0 / 5u);   /* 0x33... */
    const PP_BS_W m4 = (PP_BS_W)(~(PP_BS_W)0 / 17u);  /* 0x0F... */
    PP_BS_W q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3];
    PP_BS_W q4 = q[4], q5 = q[5], q6 = q[6], q7 = q[7];
    PP_BS_SWAP(q0, q1, m1, 1);
    PP_BS_SWAP(q2, q3, m1, 1);
    PP_BS_SWAP(q4, q5, m1, 1);
    PP_BS_SWAP(q6, q7, m1, 1);
    PP_BS_SWAP(q0, q2, m2, 2);
    PP_BS_SWAP(q1, q3, m2, 2);
    PP_BS_SWAP(q4, q6, m2, 2);
    PP_BS_SWAP(q5, q7, m2, 2);
    PP_BS_SWAP(q0, q4, m4, 4);
    PP_BS_SWAP(q1, q5, m4, 4);
    PP_BS_SWAP(q2, q6, m4, 4);
    PP_BS_SWAP(q3, q7, m4, 4);
    q[0] = q0;
    q[1] = q1;
    q[2] = q2;
    q[3] = q3;
    q[4] = q4;
    q[5] = q5;
    q[6] = q6;
    q[7] = q7;
}
#endif /* !PP_BS_ORTHO_EXTERNAL */

#undef PP_BS_SWAP
/* SubWord (FIPS 197 5.2) through the circuit: the 4 bytes of w (byte 0 in
 * the low bits) ride in bit 0 of the low four bytes of the planes, q[b]
 * holding bit b of each (what ortho() makes of q[0] = w and zeros, without
 * the transpose); the circuit works on every bit, and S(byte) comes back
 * in bit 0 of the same bytes, the other bits ignored. */
static uint32_t sub_word(uint32_t w)
{
    PP_BS_W q[8];
    unsigned b;
    for (b = 0; b < 8; b++)
        q[b] = (PP_BS_W)((w >> b) & 0x01010101u);
    sub_bytes(q);
    w = 0;
    for (b = 0; b < 8; b++)
        w |= ((uint32_t)q[b] & 0x01010101u) << b;
    pp_wipe(q, sizeof q);
    return w;
}

/* FIPS 197 5.2 KeyExpansion of the nk-word key (nk = 4, 6, 8) into
 * w[0 .. 4 (Nr + 1)), Nr = nk + 6, returned. Words hold byte 0 in the low
 * bits, so RotWord is a right rotation by 8 and Rcon goes in the low byte.
 * The branches are on the public word index only. */
static unsigned expand_key(uint32_t w[60], const uint8_t *key, size_t nk)
{
    size_t total = 4 * (nk + 7), i;
    uint32_t rcon = 1;

    for (i = 0; i < nk; i++)
        w[i] = pp_load_le32(key + 4 * i);
    for (i = nk; i < total; i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0) {
            t = sub_word((t >> 8) | (t << 24)) ^ rcon;
            rcon = (rcon << 1) ^ (0x11bu & (0u - (rcon >> 7)));
        } else if (nk > 6 && i % nk == 4) {
            t = sub_word(t);
        }
        w[i] = w[i - nk] ^ t;
    }
    return (unsigned)(nk + 6);
}

/* pp_aes_soft_set_key's common part: key_len 16, 24 or 32, else k is
 * wiped and PSA_ERROR_INVALID_ARGUMENT (aes.h); k zeroed, k->rounds set,
 * w[] expanded for the backend to bitslice. */
static psa_status_t start_key(pp_aes_key *k, uint32_t w[60], const uint8_t *key, size_t key_len)
{
    if (key_len != 16 && key_len != 24 && key_len != 32) {
        pp_wipe(k, sizeof *k);
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    memset(k, 0, sizeof *k);
    k->rounds = expand_key(w, key, key_len / 4);
    return PSA_SUCCESS;
}

#undef PP_BS_W
