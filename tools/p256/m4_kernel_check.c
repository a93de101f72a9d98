/*
 * m4_kernel_check.c -- the ARMv7E-M assembly of src/p256/p256_field.c
 * (PICOPSA_P256_UMAAL) against a bit-serial reference, under qemu-arm
 * user mode (tools/p256/m4_kernel_check.sh). Freestanding: _start, the
 * Linux exit/write system calls. Checks fe_mul (a b 2^-256 mod p),
 * fe_add, fe_sub, fe_tri (3a), fe_is_zero and sc_mul (a b mod n) on edge operands (0, 1, m - 1,
 * m - 2, limbs of all ones) and pseudo-random ones; fe_sqr (the UMAAL
 * squaring with p's reduction) against the reference product a a, and
 * fe_mul / fe_to_mont (p's reduction, any 256-bit a against R^2) against
 * the generic kernel pp_p256_mont_mul_umaal; exits 0 when every result
 * matches, else with the failing operations as bits.
 */
#include <stdint.h>
#include <string.h>

#include "p256/p256_field.h"

static const uint32_t P[8] = {0xffffffffu, 0xffffffffu, 0xffffffffu, 0, 0, 0, 1, 0xffffffffu};
static const uint32_t N[8] = {0xfc632551u, 0xf3b9cac2u, 0xa7179e84u, 0xbce6faadu,
                              0xffffffffu, 0xffffffffu, 0, 0xffffffffu};

static long sys3(long n, long a, long b, long c)
{
    register long r0 __asm__("r0") = a;
    register long r1 __asm__("r1") = b;
    register long r2 __asm__("r2") = c;
    register long r7 __asm__("r7") = n;
    __asm__ volatile("svc 0" : "+r"(r0) : "r"(r1), "r"(r2), "r"(r7) : "memory");
    return r0;
}

/* The compiler may emit calls to these. */
void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *dp = d;
    const unsigned char *sp = s;
    while (n-- != 0) {
        *dp++ = *sp++;
    }
    return d;
}
void *memset(void *d, int c, size_t n)
{
    unsigned char *dp = d;
    while (n-- != 0) {
        *dp++ = (unsigned char)c;
    }
    return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    for (; n != 0; n--, x++, y++) {
        if (*x != *y) {
            return *x < *y ? -1 : 1;
        }
    }
    return 0;
}

static int geq(const uint32_t a[9], const uint32_t m[8])
{
    int i;
    if (a[8] != 0) {
        return 1;
    }
    for (i = 7; i >= 0; i--) {
        if (a[i] != m[i]) {
            return a[i] > m[i];
        }
    }
    return 1;
}
static void sub9(uint32_t a[9], const uint32_t m[8])
{
    uint64_t bw = 0;
    int i;
    for (i = 0; i < 9; i++) {
        uint64_t x = (uint64_t)a[i] - (i < 8 ? m[i] : 0) - bw;
        a[i] = (uint32_t)x;
        bw = (x >> 32) & 1u;
    }
}
/* r = 2 r mod m (r < m). */
static void dbl_mod(uint32_t r[9], const uint32_t m[8])
{
    int i;
    for (i = 8; i > 0; i--) {
        r[i] = (r[i] << 1) | (r[i - 1] >> 31);
    }
    r[0] <<= 1;
    if (geq(r, m)) {
        sub9(r, m);
    }
}
/* r = a b mod m, bit-serial (a, b < m). */
static void ref_mul(uint32_t out[8], const uint32_t a[8], const uint32_t b[8], const uint32_t m[8])
{
    uint32_t r[9] = {0}, t[9];
    int i, j;
    for (i = 255; i >= 0; i--) {
        dbl_mod(r, m);
        if ((b[i / 32] >> (i % 32)) & 1u) {
            uint64_t c = 0;
            for (j = 0; j < 8; j++) {
                uint64_t x = (uint64_t)r[j] + a[j] + c;
                t[j] = (uint32_t)x;
                c = x >> 32;
            }
            t[8] = (uint32_t)c;
            if (geq(t, m)) {
                sub9(t, m);
            }
            memcpy(r, t, 32);
        }
    }
    memcpy(out, r, 32);
}
static void ref_add(uint32_t out[8], const uint32_t a[8], const uint32_t b[8], const uint32_t m[8], int neg)
{
    uint32_t t[9];
    uint64_t c = 0;
    int j;
    if (neg) {   /* a - b = a + (m - b) */
        uint32_t nb[9];
        memcpy(nb, m, 32);
        nb[8] = 0;
        sub9(nb, b);
        if (geq(nb, m)) {
            sub9(nb, m);
        }
        b = nb;
        for (j = 0; j < 8; j++) {
            uint64_t x = (uint64_t)a[j] + nb[j] + c;
            t[j] = (uint32_t)x;
            c = x >> 32;
        }
    } else {
        for (j = 0; j < 8; j++) {
            uint64_t x = (uint64_t)a[j] + b[j] + c;
            t[j] = (uint32_t)x;
            c = x >> 32;
        }
    }
    t[8] = (uint32_t)c;
    if (geq(t, m)) {
        sub9(t, m);
    }
    memcpy(out, t, 32);
}

static uint32_t rng = 0x12345678u;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}
/* Operand number k below m: edge values first, then random ones. */
static void operand(uint32_t x[8], unsigned k, const uint32_t m[8])
{
    uint32_t t[9];
    int i;
    memset(t, 0, sizeof(t));
    switch (k % 8u) {
    case 0: break;
    case 1: t[0] = 1; break;
    case 2: memcpy(t, m, 32); sub9(t, (const uint32_t[8]){1}); break;
    case 3: memcpy(t, m, 32); sub9(t, (const uint32_t[8]){2}); break;
    case 4: for (i = 0; i < 8; i++) { t[i] = (i & 1) ? 0xffffffffu : 0; } break;
    default:
        for (i = 0; i < 8; i++) {
            t[i] = rnd();
        }
        if ((rnd() & 3u) == 0) {
            t[rnd() & 7u] = 0xffffffffu;
        }
        break;
    }
    while (geq(t, m)) {
        sub9(t, m);
    }
    memcpy(x, t, 32);
}

/* The generic kernel (p256_field.c, hidden symbol, static link). */
void pp_p256_mont_mul_umaal(uint32_t r[8], const uint32_t a[8], const uint32_t b[8],
                            const uint32_t m[8], uint32_t minv);
static const uint32_t R2P[8] = {3, 0, 0xffffffffu, 0xfffffffbu, 0xfffffffeu, 0xffffffffu,
                                0xfffffffdu, 4};

static unsigned bad;   /* bit 0 fe_mul, 1 fe_add, 2 fe_sub, 3 sc_mul, 4 fe_cmov,
                        * 5 fe_sqr, 6 fe_mul vs the generic kernel, 7 fe_to_mont,
                        * 8 fe_tri, 9 fe_is_zero */
static void check(const uint32_t *got, const uint32_t *want, unsigned what)
{
    if (memcmp(got, want, 32) != 0) {
        bad |= 1u << what;
    }
}

void _start(void) __attribute__((noreturn));
void _start(void)
{
    unsigned k;
    for (k = 0; k < 1200u; k++) {
        pp_p256_fe a, b, r;
        uint32_t want[8], rm[8];
        int i;
        operand(a.v, k, P);
        operand(b.v, k / 8u + (k % 3u), P);
        /* fe_mul(a, b) 2^256 = a b mod p */
        pp_p256_fe_mul(&r, &a, &b);
        memcpy(rm, r.v, 32);
        {
            uint32_t t[9];
            memcpy(t, rm, 32);
            t[8] = 0;
            for (i = 0; i < 256; i++) {
                dbl_mod(t, P);
            }
            memcpy(rm, t, 32);
        }
        ref_mul(want, a.v, b.v, P);
        check(rm, want, 0);
        pp_p256_mont_mul_umaal(want, a.v, b.v, P, 1u);
        check(r.v, want, 6);
        pp_p256_fe_sqr(&r, &a);
        pp_p256_mont_mul_umaal(want, a.v, a.v, P, 1u);
        check(r.v, want, 5);
        if (k < 64u) {   /* the bit-serial square too (slow) */
            memcpy(rm, r.v, 32);
            {
                uint32_t t[9];
                memcpy(t, rm, 32);
                t[8] = 0;
                for (i = 0; i < 256; i++) {
                    dbl_mod(t, P);
                }
                memcpy(rm, t, 32);
            }
            ref_mul(want, a.v, a.v, P);
            check(rm, want, 5);
        }
        {   /* any 256-bit value into the domain (a < 2^256, not reduced) */
            pp_p256_fe x;
            for (i = 0; i < 8; i++) {
                x.v[i] = (k % 4u == 0u) ? 0xffffffffu : rnd();
            }
            if (k % 4u == 1u) {
                x.v[rnd() & 7u] = 0xffffffffu;
            }
            pp_p256_fe_to_mont(&r, &x);
            pp_p256_mont_mul_umaal(want, x.v, R2P, P, 1u);
            check(r.v, want, 7);
        }
        pp_p256_fe_add(&r, &a, &b);
        ref_add(want, a.v, b.v, P, 0);
        check(r.v, want, 1);
        pp_p256_fe_sub(&r, &a, &b);
        ref_add(want, a.v, b.v, P, 1);
        check(r.v, want, 2);
        {   /* fe_tri: 3a against the reference sum twice, r aliasing a too */
            uint32_t twice[8];
            ref_add(twice, a.v, a.v, P, 0);
            ref_add(want, twice, a.v, P, 0);
            pp_p256_fe_tri(&r, &a);
            check(r.v, want, 8);
            r = a;
            pp_p256_fe_tri(&r, &r);
            check(r.v, want, 8);
        }
        {   /* fe_is_zero: the operand, zero, and one nonzero limb */
            pp_p256_fe z;
            uint32_t any = 0, want_z;
            for (i = 0; i < 8; i++) {
                any |= a.v[i];
            }
            want_z = any == 0 ? 0xffffffffu : 0u;
            if (pp_p256_fe_is_zero(&a) != want_z) {
                bad |= 1u << 9;
            }
            memset(&z, 0, sizeof(z));
            if (pp_p256_fe_is_zero(&z) != 0xffffffffu) {
                bad |= 1u << 9;
            }
            z.v[k % 8u] = 1u << (k % 32u);
            if (pp_p256_fe_is_zero(&z) != 0u) {
                bad |= 1u << 9;
            }
        }
        r = a;
        pp_p256_fe_cmov(&r, &b, 0);
        check(r.v, a.v, 4);
        pp_p256_fe_cmov(&r, &b, 0xffffffffu);
        check(r.v, b.v, 4);
        operand(a.v, k, N);
        operand(b.v, k / 8u + (k % 5u), N);
        pp_p256_sc_mul(&r, &a, &b);
        ref_mul(want, a.v, b.v, N);
        check(r.v, want, 3);
    }
    sys3(4, 1, (long)(bad == 0 ? "m4_kernel_check: ok\n" : "m4_kernel_check: MISMATCH\n"),
         bad == 0 ? 20 : 26);
    /* the exit status says which (8 bits: bit 7 is fe_to_mont, fe_tri or fe_is_zero) */
    sys3(1, (long)((bad & 0x7fu) | ((bad >> 7) != 0u ? 0x80u : 0u)), 0, 0);
    for (;;) {
    }
}
