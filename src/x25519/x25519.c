/*
 * x25519.c -- RFC 7748 sec. 5 X25519 by the Montgomery ladder (see
 * x25519.h for the contract). Compiled only with
 * PSA_WANT_ECC_MONTGOMERY_255.
 */
#include "x25519/x25519.h"

#include <string.h>

#include <picopsa/config.h>

#include "common/pp_util.h"
#include "curve25519/fe25519.h"
#include "curve25519/fe25519_mul51.h"

#if PSA_WANT_ECC_MONTGOMERY_255

/* With Ed25519's fast backend built, public keys come from its comb. */
#define PP_X25519_BASE_VIA_EDWARDS                                                \
    (PSA_WANT_ECC_TWISTED_EDWARDS_255 && PICOPSA_ED25519_BACKEND == PICOPSA_BACKEND_FAST)
#if PP_X25519_BASE_VIA_EDWARDS
#include "ed25519/ge25519.h"
#endif

/* On 64-bit hosts the ladder inlines the radix-2^51 product and square
 * (the same code as pp_fe25519_mul/sq, fe25519_mul51.h): about 10% of an
 * agreement is call overhead otherwise. */
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
#define FE_MUL pp_fe51_mul
#define FE_SQ pp_fe51_sq
#define FE_SUB sub_lazy

/* h = f - g + 2p, no carry pass: every difference of the ladder only
 * feeds a product, a square or the a24 multiplication. f and g are tight
 * (below 2^51 + 2^10), so h is below 2^52.6 per limb; pp_fe51_mul/sq then
 * keep each 128-bit column below 2^112 and each carry within 64 bits (they
 * need limbs below 2^54), and pp_fe25519_mul_small's wide limbs hold it. */
static inline void sub_lazy(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    h->v[0] = f->v[0] + 0xfffffffffffdau - g->v[0];   /* 2 (2^51 - 19) */
    h->v[1] = f->v[1] + 0xffffffffffffeu - g->v[1];   /* 2 (2^51 - 1) */
    h->v[2] = f->v[2] + 0xffffffffffffeu - g->v[2];
    h->v[3] = f->v[3] + 0xffffffffffffeu - g->v[3];
    h->v[4] = f->v[4] + 0xffffffffffffeu - g->v[4];
}

/* h = g + c f for c < 2^17 (AA + a24 E), one carry pass, tight result;
 * inline: a call per ladder step costs about 3% on hosts. */
static inline void mul_small_add(fe25519 *h, const fe25519 *f, uint32_t c, const fe25519 *g)
{
    pp_fe51_wide t0 = (pp_fe51_wide)f->v[0] * c + g->v[0];
    pp_fe51_wide t1 = (pp_fe51_wide)f->v[1] * c + g->v[1];
    pp_fe51_wide t2 = (pp_fe51_wide)f->v[2] * c + g->v[2];
    pp_fe51_wide t3 = (pp_fe51_wide)f->v[3] * c + g->v[3];
    pp_fe51_wide t4 = (pp_fe51_wide)f->v[4] * c + g->v[4];
    pp_fe51_carry_product(h, t0, t1, t2, t3, t4);
}
#else
#define FE_MUL pp_fe25519_mul
#define FE_SQ pp_fe25519_sq
#define FE_SUB pp_fe25519_sub

/* One pass on Cortex-M4 (assembly in fe25519.c). */
#define mul_small_add pp_fe25519_mul_small_add
#endif

/* s = f + g, d = f - g (s distinct from f and g): one call on Cortex-M4. */
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX32_UMAAL
#define FE_ADDSUB pp_fe25519_addsub
#else
#define FE_ADDSUB addsub
static inline void addsub(fe25519 *s, fe25519 *d, const fe25519 *f, const fe25519 *g)
{
    pp_fe25519_add(s, f, g);
    FE_SUB(d, f, g);
}
#endif

/* (A - 2) / 4 for A = 486662 (RFC 7748 sec. 4.1 and 5). */
#define X25519_A24 121665u

typedef struct {
    fe25519 x2, z2, inv;
} ladder_state;

/* RFC 7748 sec. 5, one ladder step per scalar bit from bit 254 down:
 * (x2:z2) = [m]u and (x3:z3) = [m+1]u for the bits m read so far. The
 * swap decision of a bit is applied lazily (swap ^= k_t) as in the RFC;
 * it reaches the masks through pp_ct_barrier_u32 so the compiler cannot
 * rebuild a branch from the scalar bit. */
static void ladder(ladder_state *out, const uint8_t k[32], const fe25519 *x1_in)
{
    /* Locals, not *out: the compiler may then keep limbs in registers
     * across the inlined field operations (no aliasing with x1). */
    fe25519 x1 = *x1_in, x2, z2, x3, z3, a, b, c, d, e;
    uint32_t swap = 0;
    int t;

    pp_fe25519_1(&x2);
    pp_fe25519_0(&z2);
    x3 = x1;
    pp_fe25519_1(&z3);
    for (t = 254; t >= 3; t--) {
        uint32_t k_t = (uint32_t)(k[t >> 3] >> (t & 7)) & 1u;
        swap = pp_ct_barrier_u32(swap ^ k_t);
        pp_fe25519_cswap(&x2, &x3, swap);
        pp_fe25519_cswap(&z2, &z3, swap);
        swap = k_t;

        FE_ADDSUB(&a, &b, &x2, &z2);      /* A = x2 + z2, B = x2 - z2 */
        FE_ADDSUB(&c, &d, &x3, &z3);      /* C = x3 + z3, D = x3 - z3 */
        FE_MUL(&d, &d, &a);               /* DA */
        FE_MUL(&c, &c, &b);               /* CB */
        FE_SQ(&a, &a);                    /* AA */
        FE_SQ(&b, &b);                    /* BB */
        FE_ADDSUB(&x3, &z3, &d, &c);      /* DA + CB, DA - CB */
        FE_SQ(&x3, &x3);                  /* x3 = (DA + CB)^2 */
        FE_SQ(&z3, &z3);
        FE_MUL(&z3, &z3, &x1);            /* z3 = x1 (DA - CB)^2 */
        FE_MUL(&x2, &a, &b);              /* x2 = AA BB */
        FE_SUB(&e, &a, &b);       /* E = AA - BB */
        mul_small_add(&c, &e, X25519_A24, &a);   /* AA + a24 E */
        FE_MUL(&z2, &e, &c);              /* z2 = E (AA + a24 E) */
    }
    swap = pp_ct_barrier_u32(swap);
    pp_fe25519_cswap(&x2, &x3, swap);
    pp_fe25519_cswap(&z2, &z3, swap);
    /* Bits 2..0 are 0 after clamping (public): the last three steps do
     * not swap and their (x3:z3) is never used, so only the doubling of
     * (x2:z2) remains (RFC 7748's loop computes and discards the rest). */
    for (t = 0; t < 3; t++) {
        FE_ADDSUB(&a, &b, &x2, &z2);
        FE_SQ(&a, &a);
        FE_SQ(&b, &b);
        FE_MUL(&x2, &a, &b);
        FE_SUB(&e, &a, &b);
        mul_small_add(&c, &e, X25519_A24, &a);
        FE_MUL(&z2, &e, &c);
    }
    out->x2 = x2;
    out->z2 = z2;
    /* The rest of the ladder state depends on the scalar too. */
    pp_wipe(&x3, sizeof(x3));
    pp_wipe(&z3, sizeof(z3));
    pp_wipe(&a, sizeof(a));
    pp_wipe(&b, sizeof(b));
    pp_wipe(&c, sizeof(c));
    pp_wipe(&d, sizeof(d));
    pp_wipe(&e, sizeof(e));
    pp_wipe(&x2, sizeof(x2));
    pp_wipe(&z2, sizeof(z2));
}

static void scalarmult(uint8_t out[32], const uint8_t scalar[32], const fe25519 *x1)
{
    ladder_state s;
    uint8_t k[32];
    memcpy(k, scalar, 32);
    /* RFC 7748 sec. 5, decodeScalar25519. */
    k[0] &= 248u;
    k[31] &= 127u;
    k[31] |= 64u;
    ladder(&s, k, x1);
    /* x2 / z2; z2 = 0 (low-order u) gives 0, as x2 * z2^(p-2) does. */
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
    pp_fe25519_invert_safegcd(&s.inv, &s.z2);   /* constant time, faster on hosts */
#else
    pp_fe25519_invert(&s.inv, &s.z2);
#endif
    pp_fe25519_mul(&s.x2, &s.x2, &s.inv);
    pp_fe25519_tobytes(out, &s.x2);
    pp_wipe(&s, sizeof(s));
    pp_wipe(k, sizeof(k));
}

int pp_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
    fe25519 x1;
    uint32_t acc = 0;
    unsigned i;
    /* frombytes drops bit 255 and reduces [p, 2^255) (RFC 7748 sec. 5). */
    pp_fe25519_frombytes(&x1, u);
    scalarmult(out, scalar, &x1);
    for (i = 0; i < 32; i++) {
        acc |= out[i];
    }
    /* Only the verdict (abort or not) leaves this function. */
    return (int)(pp_ct_mask_zero_u32(acc) & 1u) * -1;
}

#if PP_X25519_BASE_VIA_EDWARDS
/* [k]9 through Ed25519's fixed-base comb: the Montgomery base point is
 * the image of Ed25519's B under the birational map u = (1 + y) / (1 - y)
 * (RFC 7748 sec. 4.1), and [k]B for the clamped k is never the identity
 * (k is in [2^254, 2^255), a multiple of 8, so not a multiple of L), so
 * Z - Y != 0. About half the cost of the ladder; constant time like the
 * signer's [r]B. */
void pp_x25519_public_key(uint8_t pk[32], const uint8_t sk[32])
{
    ge25519_p3 p;
    fe25519 n, d;
    uint8_t k[32];
    memcpy(k, sk, 32);
    k[0] &= 248u;
    k[31] &= 127u;
    k[31] |= 64u;
    pp_ge25519_scalarmult_base(&p, k);
    pp_fe25519_add(&n, &p.Z, &p.Y);
    pp_fe25519_sub(&d, &p.Z, &p.Y);
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
    pp_fe25519_invert_safegcd(&d, &d);
#else
    pp_fe25519_invert(&d, &d);
#endif
    pp_fe25519_mul(&n, &n, &d);
    pp_fe25519_tobytes(pk, &n);
    pp_wipe(&p, sizeof(p));
    pp_wipe(&n, sizeof(n));
    pp_wipe(&d, sizeof(d));
    pp_wipe(k, sizeof(k));
}
#else
void pp_x25519_public_key(uint8_t pk[32], const uint8_t sk[32])
{
    fe25519 nine;
    pp_fe25519_0(&nine);
    nine.v[0] = 9u;   /* the base point u = 9 in every representation's limb 0 */
    scalarmult(pk, sk, &nine);
}
#endif

#endif /* PSA_WANT_ECC_MONTGOMERY_255 */
