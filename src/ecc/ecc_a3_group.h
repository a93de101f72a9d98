/*
 * ecc_a3_group.h -- the group law of a short Weierstrass curve
 * y^2 = x^3 - 3x + b of prime order (P-256, P-384: SP 800-186 3.2.1.3,
 * 3.2.1.4), written once over a field the includer names. A template, not
 * an interface: included by one .c file per curve (src/p256/p256_point.c,
 * src/p384/p384_point.c) after it defines
 *   ECC_FE, ECC_POINT       the field element type and the point type
 *                           (struct with members x, y, z of ECC_FE);
 *   fe_mul, fe_sqr, fe_add, fe_sub   r = a op b (r may alias a or b);
 *   ECC_FE_IS_ZERO(a)       all-ones when a == 0, else 0 (constant time);
 *   ECC_FE_CMOV(r, a, m)    r = m ? a : r for m all-ones or 0;
 *   ECC_FE_ONE, ECC_B_MONT  1 and the curve's b, as field elements;
 *   ECC_POINT_DBL           the name of the (extern) doubling to define;
 *   ECC_FE_TRIPLE(r, a)     optional: r = 3a in one call (else two fe_add;
 *                           P-256's ARMv7E-M kernel defines it).
 * Each curve gets its own copy, compiled with its own field calls (so
 * P-256 keeps its inlined and assembly kernels: its object code is the
 * same as before the code moved here). It defines:
 *
 *   static point_add(r, p, q, q_affine): RCB algorithm 4 (Renes, Costello,
 *     Batina, "Complete addition formulas for prime order elliptic
 *     curves", EUROCRYPT 2016; 12M + 2 m_b, a = -3), complete; with
 *     q_affine (a constant of the call site) q has Z = 1 and is not the
 *     identity, RCB's mixed form (algorithm 5): one product and six
 *     additions fewer. Constant time.
 *   ECC_POINT_DBL(r, p): the projective tangent doubling (7M + 3S), every
 *     point valid (below). Constant time.
 *   static jac_dbl / jac_add: Jacobian doubling (dbl-2001-b, 3M + 5S) and
 *     addition (madd-2007-bl / add-2007-bl, Explicit-Formulas Database)
 *     with BRANCHES on exceptional cases: verification's public data only.
 * Points are (X : Y : Z) in the includer's field representation; the
 * identity is (0 : 1 : 0) projective, Z = 0 Jacobian. Outputs may alias
 * inputs.
 */
#ifndef PICOPSA_ECC_A3_GROUP_H
#define PICOPSA_ECC_A3_GROUP_H

#include <string.h>

static void point_add(ECC_POINT *r, const ECC_POINT *p, const ECC_POINT *q, int q_affine)
{
    ECC_FE t0, t1, t2, t3, t4, x3, y3, z3;
    fe_mul(&t0, &p->x, &q->x);
    fe_mul(&t1, &p->y, &q->y);
    if (q_affine) {
        t2 = p->z;
    } else {
        fe_mul(&t2, &p->z, &q->z);
    }
    fe_add(&t3, &p->x, &p->y);
    fe_add(&t4, &q->x, &q->y);
    fe_mul(&t3, &t3, &t4);
    fe_add(&t4, &t0, &t1);
    fe_sub(&t3, &t3, &t4);
    if (q_affine) {
        fe_mul(&t4, &q->y, &p->z);
        fe_add(&t4, &t4, &p->y);         /* Y1 Z2 + Y2 Z1 */
        fe_mul(&y3, &q->x, &p->z);
        fe_add(&y3, &y3, &p->x);         /* X1 Z2 + X2 Z1 */
    } else {
        fe_add(&t4, &p->y, &p->z);
        fe_add(&x3, &q->y, &q->z);
        fe_mul(&t4, &t4, &x3);
        fe_add(&x3, &t1, &t2);
        fe_sub(&t4, &t4, &x3);
        fe_add(&x3, &p->x, &p->z);
        fe_add(&y3, &q->x, &q->z);
        fe_mul(&x3, &x3, &y3);
        fe_add(&y3, &t0, &t2);
        fe_sub(&y3, &x3, &y3);
    }
    fe_mul(&z3, &ECC_B_MONT, &t2);
    fe_sub(&x3, &y3, &z3);
#ifdef ECC_FE_TRIPLE
    ECC_FE_TRIPLE(&x3, &x3);
#else
    fe_add(&z3, &x3, &x3);
    fe_add(&x3, &x3, &z3);
#endif
    fe_sub(&z3, &t1, &x3);
    fe_add(&x3, &t1, &x3);
    fe_mul(&y3, &ECC_B_MONT, &y3);
#ifdef ECC_FE_TRIPLE
    ECC_FE_TRIPLE(&t2, &t2);
#else
    fe_add(&t1, &t2, &t2);
    fe_add(&t2, &t1, &t2);
#endif
    fe_sub(&y3, &y3, &t2);
    fe_sub(&y3, &y3, &t0);
#ifdef ECC_FE_TRIPLE
    ECC_FE_TRIPLE(&y3, &y3);
#else
    fe_add(&t1, &y3, &y3);
    fe_add(&y3, &t1, &y3);
#endif
#ifdef ECC_FE_TRIPLE
    ECC_FE_TRIPLE(&t0, &t0);
#else
    fe_add(&t1, &t0, &t0);
    fe_add(&t0, &t1, &t0);
#endif
    fe_sub(&t0, &t0, &t2);
    fe_mul(&t1, &t4, &y3);
    fe_mul(&t2, &t0, &y3);
    fe_mul(&y3, &x3, &z3);
    fe_add(&y3, &y3, &t2);
    fe_mul(&x3, &t3, &x3);
    fe_sub(&x3, &x3, &t1);
    fe_mul(&z3, &t4, &z3);
    fe_mul(&t1, &t3, &t0);
    fe_add(&z3, &z3, &t1);
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

/* 2P in projective coordinates for a = -3, from the affine tangent
 * (lambda = (3 x^2 - 3) / 2y, x = X/Z, y = Y/Z), with s' = 2 Y Z:
 *   w = 3 (X - Z)(X + Z), 4 B = 2 X (Y s'), h = w^2 - 8 B,
 *   X3 = h s', Y3 = w (4 B - h) - 2 (Y s')^2, Z3 = s'^3,
 * 7M + 3S against the complete formula's (RCB algorithm 6) 8M + 3S +
 * 2 m_b: 10 products instead of 13, 11 additions instead of 21. Its only
 * exception is s' = 0: Y = 0 (a point of order 2; a curve of prime order
 * has none) or Z = 0, the identity (0 : Y : 0), which the formula maps to
 * (0 : 0 : 0); a masked move of Y keeps it the identity. So it is valid
 * for every point, with no branch (issue 25 sec. 1). */
void ECC_POINT_DBL(ECC_POINT *r, const ECC_POINT *p)
{
    ECC_FE w, s, ys, b, h, t, x3, y3, z3;
    uint32_t inf = pp_ct_barrier_u32(ECC_FE_IS_ZERO(&p->z));
    fe_sub(&t, &p->x, &p->z);
    fe_add(&w, &p->x, &p->z);
    fe_mul(&w, &w, &t);
#ifdef ECC_FE_TRIPLE
    ECC_FE_TRIPLE(&w, &w);
#else
    fe_add(&t, &w, &w);
    fe_add(&w, &w, &t);              /* w = 3 (X - Z)(X + Z) */
#endif
    fe_mul(&s, &p->y, &p->z);
    fe_add(&s, &s, &s);              /* s' = 2 Y Z */
    fe_mul(&ys, &p->y, &s);          /* Y s' */
    fe_mul(&b, &p->x, &ys);          /* 2 B */
    fe_add(&b, &b, &b);              /* 4 B */
    fe_sqr(&h, &w);
    fe_sub(&h, &h, &b);
    fe_sub(&h, &h, &b);              /* h = w^2 - 8 B */
    fe_mul(&x3, &h, &s);             /* X3 = h s' */
    fe_sub(&t, &b, &h);
    fe_mul(&y3, &w, &t);             /* w (4 B - h) */
    fe_sqr(&t, &ys);
    fe_add(&t, &t, &t);              /* 2 (Y s')^2 */
    fe_sub(&y3, &y3, &t);
    fe_sqr(&t, &s);
    fe_mul(&z3, &t, &s);             /* Z3 = s'^3 */
    ECC_FE_CMOV(&y3, &p->y, inf);
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

/* ---- verification: Jacobian coordinates, variable time ---------------
 * (X : Y : Z) stands for (X / Z^2, Y / Z^3), Z = 0 for the identity. The
 * formulas (Bernstein-Lange, Explicit-Formulas Database) are faster than
 * the complete ones but have exceptional cases, handled here by branches:
 * legitimate only because every input of verification is public. */

/* dbl-2001-b (a = -3): 3M + 5S. The identity (Z = 0) stays the identity;
 * a curve of prime order has no point of order 2 (Y = 0). */
static void jac_dbl(ECC_POINT *r, const ECC_POINT *p)
{
    ECC_FE delta, gamma, beta, alpha, t, x3;
    fe_sqr(&delta, &p->z);
    fe_sqr(&gamma, &p->y);
    fe_mul(&beta, &p->x, &gamma);
    fe_sub(&t, &p->x, &delta);
    fe_add(&alpha, &p->x, &delta);
    fe_mul(&t, &t, &alpha);
#ifdef ECC_FE_TRIPLE
    ECC_FE_TRIPLE(&alpha, &t);
#else
    fe_add(&alpha, &t, &t);
    fe_add(&alpha, &alpha, &t);           /* 3 (X - delta)(X + delta) */
#endif
    fe_add(&beta, &beta, &beta);
    fe_add(&beta, &beta, &beta);          /* 4 beta */
    fe_sqr(&x3, &alpha);
    fe_sub(&x3, &x3, &beta);
    fe_sub(&x3, &x3, &beta);              /* alpha^2 - 8 beta */
    fe_add(&t, &p->y, &p->z);
    fe_sqr(&t, &t);
    fe_sub(&t, &t, &gamma);
    fe_sub(&r->z, &t, &delta);            /* (Y + Z)^2 - gamma - delta = 2 Y Z */
    fe_sqr(&gamma, &gamma);
    fe_add(&gamma, &gamma, &gamma);
    fe_add(&gamma, &gamma, &gamma);
    fe_add(&gamma, &gamma, &gamma);       /* 8 gamma^2 */
    fe_sub(&t, &beta, &x3);
    fe_mul(&t, &alpha, &t);
    fe_sub(&r->y, &t, &gamma);
    r->x = x3;
}

/* r = p + q; q affine (Z = 1, madd-2007-bl: 8M + 3S) when q_affine,
 * else add-2007-bl (11M + 5S). r may alias p. Temporaries share slots
 * (stack: P-256 verification runs at the deepest point of its 2 KB
 * budget). */
static void jac_add(ECC_POINT *r, const ECC_POINT *p, const ECC_POINT *q, int q_affine)
{
    ECC_FE zz, u1, s1, h, rr, i, v, t;
    if (ECC_FE_IS_ZERO(&p->z) != 0) {     /* public: the identity */
        *r = *q;
        return;
    }
    if (!q_affine && ECC_FE_IS_ZERO(&q->z) != 0) {
        *r = *p;
        return;
    }
    fe_sqr(&zz, &p->z);                   /* Z1Z1 */
    fe_mul(&h, &q->x, &zz);               /* U2 */
    fe_mul(&rr, &q->y, &p->z);
    fe_mul(&rr, &rr, &zz);                /* S2 */
    if (q_affine) {
        u1 = p->x;
        s1 = p->y;
    } else {
        fe_sqr(&zz, &q->z);               /* Z2Z2 */
        fe_mul(&u1, &p->x, &zz);
        fe_mul(&s1, &p->y, &q->z);
        fe_mul(&s1, &s1, &zz);
    }
    fe_sub(&h, &h, &u1);                  /* H = U2 - U1 */
    fe_sub(&rr, &rr, &s1);                /* S2 - S1 */
    if (ECC_FE_IS_ZERO(&h) != 0) {        /* public: same x */
        if (ECC_FE_IS_ZERO(&rr) != 0) {
            jac_dbl(r, p);                /* p == q */
        } else {
            memset(r, 0, sizeof(*r));     /* p == -q: the identity */
            r->x = ECC_FE_ONE;
            r->y = ECC_FE_ONE;
        }
        return;
    }
    fe_add(&rr, &rr, &rr);
    fe_add(&i, &h, &h);
    fe_sqr(&i, &i);                       /* I = (2H)^2 */
    fe_mul(&v, &u1, &i);                  /* V */
    fe_mul(&zz, &h, &i);                  /* J */
    /* Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H = 2 Z1 Z2 H */
    if (q_affine) {
        fe_mul(&t, &p->z, &h);
    } else {
        fe_mul(&t, &p->z, &q->z);
        fe_mul(&t, &t, &h);
    }
    fe_add(&r->z, &t, &t);
    fe_sqr(&t, &rr);
    fe_sub(&t, &t, &zz);
    fe_sub(&t, &t, &v);
    fe_sub(&t, &t, &v);                   /* X3 = rr^2 - J - 2V */
    fe_sub(&v, &v, &t);
    fe_mul(&v, &rr, &v);
    fe_mul(&s1, &s1, &zz);
    fe_add(&s1, &s1, &s1);
    fe_sub(&r->y, &v, &s1);               /* Y3 = rr (V - X3) - 2 S1 J */
    r->x = t;
}

#endif /* PICOPSA_ECC_A3_GROUP_H */
