/*
 * p256_field.h -- arithmetic modulo the P-256 prime p = 2^256 - 2^224 +
 * 2^192 + 2^96 - 1 (field elements) and modulo the group order n
 * (scalars), FIPS 186-5 / SP 800-186 3.2.1.3.
 *
 * Representation: 256-bit little-endian limb vectors, PICOPSA_P256_LIMB_BITS
 * 64 (unsigned __int128 products, hosts) or 32 (uint64_t products, MCUs).
 * Field elements (pp_p256_fe) live in the Montgomery domain, a*2^256 mod p,
 * fully reduced (< p). Multiplication is word-serial Montgomery (CIOS)
 * specialised to p's form: -p^-1 = 1 mod 2^32 and 2^64, so the quotient
 * digit is the low limb itself and no multiplication by p' happens.
 * Scalars (pp_p256_sc) are plain integers < n.
 *
 * Contract: every function here is constant time in the values of its
 * operands (fixed loops, no data-dependent branches or indices; the final
 * conditional subtraction is a mask through pp_ct_barrier). Outputs may
 * alias inputs. Only pp_p256_fe_from_bytes / pp_p256_sc_from_bytes return
 * a range verdict, as a mask the caller may declassify.
 */
#ifndef PICOPSA_P256_FIELD_H
#define PICOPSA_P256_FIELD_H

#include <stddef.h>
#include <stdint.h>

#include <picopsa/config.h>

#if PICOPSA_P256_LIMB_BITS == 64
__extension__ typedef unsigned __int128 pp_p256_dlimb;
typedef uint64_t pp_p256_limb;
#define PP_P256_LIMBS 4
/* One 64-bit word of a constant (hi, lo 32-bit halves). */
#define PP_P256_L(hi, lo) ((((uint64_t)(hi)) << 32) | (uint64_t)(lo))
#else
typedef uint64_t pp_p256_dlimb;
typedef uint32_t pp_p256_limb;
#define PP_P256_LIMBS 8
#define PP_P256_L(hi, lo) (uint32_t)(lo), (uint32_t)(hi)
#endif

typedef struct {
    pp_p256_limb v[PP_P256_LIMBS];
} pp_p256_fe;

typedef pp_p256_fe pp_p256_sc;

/* ---- field, Montgomery domain ---- */
extern const pp_p256_fe pp_p256_fe_one;   /* 2^256 mod p: 1 in the domain */
void pp_p256_fe_mul(pp_p256_fe *r, const pp_p256_fe *a, const pp_p256_fe *b);
void pp_p256_fe_sqr(pp_p256_fe *r, const pp_p256_fe *a);
void pp_p256_fe_add(pp_p256_fe *r, const pp_p256_fe *a, const pp_p256_fe *b);
void pp_p256_fe_sub(pp_p256_fe *r, const pp_p256_fe *a, const pp_p256_fe *b);
#if PICOPSA_P256_UMAAL
/* r = 3a mod p (a < p): one assembly call instead of two additions. */
void pp_p256_fe_tri(pp_p256_fe *r, const pp_p256_fe *a);
#endif
/* r = a^-1 (a^(p-2), Fermat; 0 maps to 0). */
void pp_p256_fe_inv(pp_p256_fe *r, const pp_p256_fe *a);
/* 32 big-endian bytes -> domain. Returns all-ones when the value is < p
 * (r is then valid), 0 otherwise (r = the value mod 2^256 converted). */
uint32_t pp_p256_fe_from_bytes(pp_p256_fe *r, const uint8_t in[32]);
/* domain -> 32 big-endian bytes of the canonical value. */
void pp_p256_fe_to_bytes(uint8_t out[32], const pp_p256_fe *a);
/* All-ones when a == 0 / a == b, else 0. */
uint32_t pp_p256_fe_is_zero(const pp_p256_fe *a);
uint32_t pp_p256_fe_eq(const pp_p256_fe *a, const pp_p256_fe *b);
/* r = mask ? a : r (mask all-ones or 0). */
void pp_p256_fe_cmov(pp_p256_fe *r, const pp_p256_fe *a, uint32_t mask);

/* ---- x86-64 kernels (p256_field_x86.c) ----
 * PP_P256_X86: x86-64 ELF with GCC or Clang and 64-bit limbs (0 with
 * -DPICOPSA_P256_X86ASM=0: the portable C everywhere). Then fe_add and
 * fe_sub are always the x86-64 assembly, and fe_mul and fe_sqr the
 * MULX/ADCX/ADOX kernel when the build requires BMI2 + ADX (-mbmi2 -madx)
 * or pp_x86_features() reports both (CPUID once per process), else the
 * portable C. The entry points below are the test hooks that compare
 * both in one process (test_p256_field). */
#ifndef PICOPSA_P256_X86ASM
#define PICOPSA_P256_X86ASM 1
#endif
#if PICOPSA_P256_X86ASM && PICOPSA_P256_LIMB_BITS == 64 && defined(__x86_64__) && defined(__GNUC__) && \
    defined(__ELF__)
#define PP_P256_X86 1
#else
#define PP_P256_X86 0
#endif
#if PP_P256_X86
void pp_p256_fe_mul_adx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
void pp_p256_fe_sqr_adx(uint64_t r[4], const uint64_t a[4]);
void pp_p256_fe_add_x64(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
void pp_p256_fe_sub_x64(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
/* a b 2^-256 mod n (a b < n 2^256), MULX/ADX: under pp_p256_sc_mul, _inv. */
void pp_p256_sc_mont_mul_adx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
/* 1 when pp_p256_fe_mul / _sqr (and the scalar multiplication) run the
 * MULX/ADX kernel. */
int pp_p256_fe_adx_selected(void);
#endif
#if PICOPSA_P256_LIMB_BITS == 64
/* The portable C field operations (what every other target runs). */
void pp_p256_fe_mul_portable(pp_p256_fe *r, const pp_p256_fe *a, const pp_p256_fe *b);
void pp_p256_fe_sqr_portable(pp_p256_fe *r, const pp_p256_fe *a);
void pp_p256_fe_add_portable(pp_p256_fe *r, const pp_p256_fe *a, const pp_p256_fe *b);
void pp_p256_fe_sub_portable(pp_p256_fe *r, const pp_p256_fe *a, const pp_p256_fe *b);
/* a b 2^-256 mod n, portable CIOS (a b < n 2^256). */
void pp_p256_sc_mont_mul_portable(pp_p256_sc *r, const pp_p256_sc *a, const pp_p256_sc *b);
#endif

/* ---- scalars mod n, plain integers ---- */
/* 32 big-endian bytes; all-ones when 1 <= value < n, else 0. */
uint32_t pp_p256_sc_from_bytes(pp_p256_sc *r, const uint8_t in[32]);
/* bits2int(in) mod n for any length (SEC 1 4.1.3 step 5, RFC 6979
 * 2.3.2/2.3.4): the leftmost 256 bits of in, reduced mod n. */
void pp_p256_sc_from_hash(pp_p256_sc *r, const uint8_t *in, size_t len);
void pp_p256_sc_to_bytes(uint8_t out[32], const pp_p256_sc *a);
void pp_p256_sc_mul(pp_p256_sc *r, const pp_p256_sc *a, const pp_p256_sc *b);
void pp_p256_sc_add(pp_p256_sc *r, const pp_p256_sc *a, const pp_p256_sc *b);
/* r = a^-1 mod n (a^(n-2)); a != 0. */
void pp_p256_sc_inv(pp_p256_sc *r, const pp_p256_sc *a);
/* r = field element (canonical value < p) mod n. */
void pp_p256_sc_from_fe_value(pp_p256_sc *r, const pp_p256_fe *plain);
/* Bit i (0..255) of a scalar (i public). */
static inline uint32_t pp_p256_sc_bit(const pp_p256_sc *a, unsigned i)
{
    return (uint32_t)(a->v[i / PICOPSA_P256_LIMB_BITS] >> (i % PICOPSA_P256_LIMB_BITS)) & 1u;
}
/* Leave the Montgomery domain without encoding: r = a * 2^-256 mod p. */
void pp_p256_fe_from_mont(pp_p256_fe *r, const pp_p256_fe *a);
/* Enter it: r = a * 2^256 mod p (a < 2^256 - any value; result < p). */
void pp_p256_fe_to_mont(pp_p256_fe *r, const pp_p256_fe *a);

#endif /* PICOPSA_P256_FIELD_H */
