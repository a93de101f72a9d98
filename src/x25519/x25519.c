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

#if PSA_WANT_ECC_MONTGOMERY_255

/* (A - 2) / 4 for A = 486662 (RFC 7748 sec. 4.1 and 5). */
#define X25519_A24 121665u

typedef struct {
    fe25519 x2, z2, x3, z3, a, b, c, d, e;
} ladder_state;

/* RFC 7748 sec. 5, one ladder step per scalar bit from bit 254 down:
 * (x2:z2) = [m]u and (x3:z3) = [m+1]u for the bits m read so far. The
 * swap decision of a bit is applied lazily (swap ^= k_t) as in the RFC;
 * it reaches the masks through pp_ct_barrier_u32 so the compiler cannot
 * rebuild a branch from the scalar bit. */
static void ladder(ladder_state *s, const uint8_t k[32], const fe25519 *x1)
{
    uint32_t swap = 0;
    int t;

    pp_fe25519_1(&s->x2);
    pp_fe25519_0(&s->z2);
    s->x3 = *x1;
    pp_fe25519_1(&s->z3);
    for (t = 254; t >= 0; t--) {
        uint32_t k_t = (uint32_t)(k[t >> 3] >> (t & 7)) & 1u;
        swap = pp_ct_barrier_u32(swap ^ k_t);
        pp_fe25519_cswap(&s->x2, &s->x3, swap);
        pp_fe25519_cswap(&s->z2, &s->z3, swap);
        swap = k_t;

        pp_fe25519_add(&s->a, &s->x2, &s->z2);     /* A = x2 + z2 */
        pp_fe25519_sub(&s->b, &s->x2, &s->z2);     /* B = x2 - z2 */
        pp_fe25519_add(&s->c, &s->x3, &s->z3);     /* C = x3 + z3 */
        pp_fe25519_sub(&s->d, &s->x3, &s->z3);     /* D = x3 - z3 */
        pp_fe25519_mul(&s->d, &s->d, &s->a);       /* DA */
        pp_fe25519_mul(&s->c, &s->c, &s->b);       /* CB */
        pp_fe25519_sq(&s->a, &s->a);               /* AA */
        pp_fe25519_sq(&s->b, &s->b);               /* BB */
        pp_fe25519_add(&s->x3, &s->d, &s->c);      /* DA + CB */
        pp_fe25519_sub(&s->z3, &s->d, &s->c);      /* DA - CB */
        pp_fe25519_sq(&s->x3, &s->x3);             /* x3 = (DA + CB)^2 */
        pp_fe25519_sq(&s->z3, &s->z3);
        pp_fe25519_mul(&s->z3, &s->z3, x1);        /* z3 = x1 (DA - CB)^2 */
        pp_fe25519_mul(&s->x2, &s->a, &s->b);      /* x2 = AA BB */
        pp_fe25519_sub(&s->e, &s->a, &s->b);       /* E = AA - BB */
        pp_fe25519_mul_small(&s->c, &s->e, X25519_A24);
        pp_fe25519_add(&s->c, &s->c, &s->a);       /* AA + a24 E */
        pp_fe25519_mul(&s->z2, &s->e, &s->c);      /* z2 = E (AA + a24 E) */
    }
    swap = pp_ct_barrier_u32(swap);
    pp_fe25519_cswap(&s->x2, &s->x3, swap);
    pp_fe25519_cswap(&s->z2, &s->z3, swap);
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
    pp_fe25519_invert_safegcd(&s.z3, &s.z2);   /* constant time, faster on hosts */
#else
    pp_fe25519_invert(&s.z3, &s.z2);
#endif
    pp_fe25519_mul(&s.x2, &s.x2, &s.z3);
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

void pp_x25519_public_key(uint8_t pk[32], const uint8_t sk[32])
{
    fe25519 nine;
    pp_fe25519_0(&nine);
    nine.v[0] = 9u;   /* the base point u = 9 in every representation's limb 0 */
    scalarmult(pk, sk, &nine);
}

#endif /* PSA_WANT_ECC_MONTGOMERY_255 */
