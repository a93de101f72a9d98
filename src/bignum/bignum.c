/*
 * bignum.c -- fixed-size constant-time multi-precision arithmetic (see
 * bignum.h for the conventions).
 */
#include "bignum/bignum.h"

#include <string.h>

#include "common/pp_util.h"

#if PICOPSA_BN_KERNEL == PICOPSA_BN_KERNEL_X86_64
/* The AVX2 table scan: always taken (n a multiple of 4) in a build for
 * AVX2, else compiled for run-time selection. */
#if defined(__AVX2__)
#define BN_SCAN_AVX2_BUILTIN 1
#else
#define BN_HAVE_SCAN_AVX2 1
#endif
#include <immintrin.h>
#endif

#define W PP_BN_LIMB_BITS


/* All-ones when x != 0, else 0 (no branch). */
static pp_limb limb_mask_nonzero(pp_limb x)
{
    return (pp_limb)0 - ((x | ((pp_limb)0 - x)) >> (W - 1));
}

/* x through the optimisation barrier (pp_util.h). */
static inline pp_limb limb_barrier(pp_limb x)
{
#if W == 64
    return (pp_limb)pp_ct_barrier_u64((uint64_t)x);
#else
    return (pp_limb)pp_ct_barrier_u32((uint32_t)x);
#endif
}

/* The mask of table entry i for a secret index: all-ones when i == index.
 * It goes through the barrier so that the compiler cannot know that it is
 * 0 or all-ones: clang (-O2 with AVX2: -mavx2, -march=x86-64-v3, haswell,
 * native) otherwise compiles "entry & mask" in the scans below into a
 * compare-and-jump per entry that loads only the selected entry (issue 9). */
static inline pp_limb entry_mask(size_t i, pp_limb index)
{
    return limb_barrier(~limb_mask_nonzero((pp_limb)i ^ index));
}

/* ---- conversion ------------------------------------------------------ */

int pp_bn_from_bytes(pp_limb *r, size_t n, const uint8_t *in, size_t len)
{
    size_t k;
    uint8_t overflow = 0;
    memset(r, 0, n * sizeof(pp_limb));
    /* k counts bytes from the least significant end. */
    for (k = 0; k < len; k++) {
        uint8_t byte = in[len - 1u - k];
        size_t limb = k / PP_BN_LIMB_BYTES;
        if (limb < n) {
            r[limb] |= (pp_limb)byte << (8u * (k % PP_BN_LIMB_BYTES));
        } else {
            overflow |= byte;
        }
    }
    return (int)(pp_ct_mask_zero_u32(overflow) & 1u);
}

void pp_bn_to_bytes(uint8_t *out, size_t len, const pp_limb *a, size_t n)
{
    size_t k;
    for (k = 0; k < len; k++) {
        size_t limb = k / PP_BN_LIMB_BYTES;
        uint8_t byte = 0;
        if (limb < n) {
            byte = (uint8_t)(a[limb] >> (8u * (k % PP_BN_LIMB_BYTES)));
        }
        out[len - 1u - k] = byte;
    }
}

size_t pp_bn_bits_vartime(const pp_limb *a, size_t n)
{
    size_t i = n;
    while (i > 0 && a[i - 1u] == 0) {
        i--;
    }
    if (i == 0) {
        return 0;
    }
    {
        pp_limb top = a[i - 1u];
        size_t bits = (i - 1u) * W;
        while (top != 0) {
            bits++;
            top >>= 1;
        }
        return bits;
    }
}

/* ---- additive arithmetic and comparisons ---------------------------- */

void pp_bn_zero(pp_limb *r, size_t n)
{
    memset(r, 0, n * sizeof(pp_limb));
}

void pp_bn_copy(pp_limb *r, const pp_limb *a, size_t n)
{
    /* r == a or disjoint (memmove is not in the freestanding subset) */
    if (r != a) {
        memcpy(r, a, n * sizeof(pp_limb));
    }
}

pp_limb pp_bn_add(pp_limb *r, const pp_limb *a, const pp_limb *b, size_t n)
{
    pp_limb carry = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        pp_dlimb s = (pp_dlimb)a[i] + b[i] + carry;
        r[i] = (pp_limb)s;
        carry = (pp_limb)(s >> W);
    }
    return carry;
}

pp_limb pp_bn_sub(pp_limb *r, const pp_limb *a, const pp_limb *b, size_t n)
{
    pp_limb borrow = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        pp_dlimb d = (pp_dlimb)a[i] - b[i] - borrow;
        r[i] = (pp_limb)d;
        /* A negative difference wraps: its top half is all ones. */
        borrow = (pp_limb)(d >> W) & 1u;
    }
    return borrow;
}

pp_limb pp_bn_cond_add(pp_limb *r, const pp_limb *a, const pp_limb *b, pp_limb mask, size_t n)
{
    pp_limb carry = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        pp_dlimb s = (pp_dlimb)a[i] + (b[i] & mask) + carry;
        r[i] = (pp_limb)s;
        carry = (pp_limb)(s >> W);
    }
    return carry;
}

void pp_bn_cond_copy(pp_limb *r, const pp_limb *a, pp_limb mask, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        r[i] ^= mask & (r[i] ^ a[i]);
    }
}

pp_limb pp_bn_lt_mask(const pp_limb *a, const pp_limb *b, size_t n)
{
    pp_limb borrow = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        pp_dlimb d = (pp_dlimb)a[i] - b[i] - borrow;
        borrow = (pp_limb)(d >> W) & 1u;
    }
    return (pp_limb)0 - borrow;
}

pp_limb pp_bn_eq_mask(const pp_limb *a, const pp_limb *b, size_t n)
{
    pp_limb diff = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        diff |= a[i] ^ b[i];
    }
    return ~limb_mask_nonzero(diff);
}

pp_limb pp_bn_is_zero_mask(const pp_limb *a, size_t n)
{
    pp_limb acc = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        acc |= a[i];
    }
    return ~limb_mask_nonzero(acc);
}

pp_limb pp_bn_eq_word_mask(const pp_limb *a, size_t n, pp_limb v)
{
    pp_limb diff = a[0] ^ v;
    size_t i;
    for (i = 1; i < n; i++) {
        diff |= a[i];
    }
    return ~limb_mask_nonzero(diff);
}

/* ---- multiplication ------------------------------------------------- */

void pp_bn_mul(pp_limb *r, const pp_limb *a, size_t an, const pp_limb *b, size_t bn)
{
    size_t i, j;
    memset(r, 0, (an + bn) * sizeof(pp_limb));
    for (i = 0; i < an; i++) {
        pp_limb carry = 0;
        pp_limb ai = a[i];
        for (j = 0; j < bn; j++) {
            pp_dlimb p = (pp_dlimb)ai * b[j] + r[i + j] + carry;
            r[i + j] = (pp_limb)p;
            carry = (pp_limb)(p >> W);
        }
        r[i + bn] = carry;
    }
}

/* ---- Montgomery arithmetic ------------------------------------------ */

pp_limb pp_bn_mont_m0inv(pp_limb m0)
{
    /* For odd m0, x = m0 is an inverse mod 2^3; each Newton step
     * x <- x * (2 - m0 * x) doubles the number of correct bits. */
    pp_limb x = m0;
    unsigned i;
    for (i = 0; i < 5u; i++) {
        x = x * ((pp_limb)2 - m0 * x);
    }
    return (pp_limb)0 - x;
}

/* r = t - m when t (n limbs plus the bit `top`) >= m, else t. Requires
 * t < 2m, so one subtraction reduces fully (HAC 14.32 step 3). t and r
 * may be the same array. */
#if PICOPSA_BN_KERNEL == PICOPSA_BN_KERNEL_UMAAL && defined(__OPTIMIZE__)
#define BN_HAVE_ARM_SUB_ASM 1
/* ARMv7-M carry chains: one SBCS per limb; the loops keep C alive with
 * TEQ (which leaves C alone) and run over pointer ranges, singles first
 * (n % 4 limbs), then blocks of four through LDM/STM. Branches depend on
 * n only. Between ARM_SBC_HEAD and ARM_SBC_MID one limb, between
 * ARM_SBC_MID and ARM_SBC_TAIL four; the tail leaves -borrow in %[mask]. */
#define ARM_SBC_HEAD                                                                \
    "cmp %[t], %[t]\n\t" /* C = 1: no borrow in */                                  \
    "teq %[t], %[mid]\n\t"                                                          \
    "beq 2f\n\t"                                                                    \
    "1:\n\t"
#define ARM_SBC_MID                                                                 \
    "teq %[t], %[mid]\n\t"                                                          \
    "bne 1b\n\t"                                                                    \
    "2:\n\t"                                                                        \
    "teq %[t], %[end]\n\t"                                                          \
    "beq 4f\n\t"                                                                    \
    "3:\n\t"
#define ARM_SBC_TAIL                                                                \
    "teq %[t], %[end]\n\t"                                                          \
    "bne 3b\n\t"                                                                    \
    "4:\n\t"                                                                        \
    "sbc %[mask], %[mask], %[mask]\n\t"

/* All-ones when t < m (n limbs), else 0. */
static pp_limb lt_mask_asm(const pp_limb *t, const pp_limb *m, size_t n)
{
    const pp_limb *mid = t + (n & 3u), *end = t + n;
    pp_limb mask;
    __asm__ volatile(ARM_SBC_HEAD
                     "ldr r4, [%[t]], #4\n\t"
                     "ldr r5, [%[m]], #4\n\t"
                     "sbcs r4, r4, r5\n\t"
                     ARM_SBC_MID
                     "ldmia %[t]!, {r4, r5, r6, r7}\n\t"
                     "ldmia %[m]!, {r8, r9}\n\t"
                     "sbcs r4, r4, r8\n\t"
                     "sbcs r5, r5, r9\n\t"
                     "ldmia %[m]!, {r8, r9}\n\t"
                     "sbcs r6, r6, r8\n\t"
                     "sbcs r7, r7, r9\n\t"
                     ARM_SBC_TAIL
                     : [t] "+r"(t), [m] "+r"(m), [mask] "=&r"(mask)
                     : [mid] "r"(mid), [end] "r"(end)
                     : "r4", "r5", "r6", "r7", "r8", "r9", "cc", "memory");
    return mask;
}

/* r = t - (m & sel) (n limbs); r may be t. */
static void sub_masked_asm(pp_limb *r, const pp_limb *t, const pp_limb *m, pp_limb sel,
                           size_t n)
{
    const pp_limb *mid = t + (n & 3u), *end = t + n;
    pp_limb borrow;
    __asm__ volatile(ARM_SBC_HEAD
                     "ldr r4, [%[t]], #4\n\t"
                     "ldr r5, [%[m]], #4\n\t"
                     "and r5, r5, %[sel]\n\t"
                     "sbcs r4, r4, r5\n\t"
                     "str r4, [%[r]], #4\n\t"
                     ARM_SBC_MID
                     "ldmia %[t]!, {r4, r5, r6, r7}\n\t"
                     "ldmia %[m]!, {r8, r9}\n\t"
                     "and r8, r8, %[sel]\n\t"
                     "and r9, r9, %[sel]\n\t"
                     "sbcs r4, r4, r8\n\t"
                     "sbcs r5, r5, r9\n\t"
                     "ldmia %[m]!, {r8, r9}\n\t"
                     "and r8, r8, %[sel]\n\t"
                     "and r9, r9, %[sel]\n\t"
                     "sbcs r6, r6, r8\n\t"
                     "sbcs r7, r7, r9\n\t"
                     "stmia %[r]!, {r4, r5, r6, r7}\n\t"
                     ARM_SBC_TAIL
                     : [t] "+r"(t), [m] "+r"(m), [r] "+r"(r), [mask] "=&r"(borrow)
                     : [mid] "r"(mid), [end] "r"(end), [sel] "r"(sel)
                     : "r4", "r5", "r6", "r7", "r8", "r9", "cc", "memory");
    (void)borrow;
}
#endif

#if defined(BN_HAVE_ARM_SUB_ASM) && PICOPSA_BN_DEDICATED_SQR
/* t (2n limbs) = 2 t + sum a_i^2 2^(2wi): the doubling is an ADCS chain
 * through t (C carries the shifted-out bit), the diagonal goes in through
 * UMAAL, whose carry stays in a register (UMAAL with zero operands adds
 * two limbs without touching the flags). One limb of a per step, singles
 * (n odd) first, then pairs. */
static void double_add_diagonal_asm(pp_limb *t, const pp_limb *a, size_t n)
{
    const pp_limb *mid = a + (n & 1u), *end = a + n;
    pp_limb carry = 0, zero;
    __asm__ volatile(
        "mov %[zero], #0\n\t"
        "cmn %[zero], #0\n\t" /* C = 0 */
        "teq %[a], %[mid]\n\t"
        "beq 2f\n\t"
        "1:\n\t"
        "ldmia %[t], {r4, r5}\n\t"
        "ldr r8, [%[a]], #4\n\t"
        "adcs r4, r4, r4\n\t"
        "adcs r5, r5, r5\n\t"
        "umaal r4, %[carry], r8, r8\n\t"
        "umaal r5, %[carry], %[zero], %[zero]\n\t"
        "stmia %[t]!, {r4, r5}\n\t"
        "teq %[a], %[mid]\n\t"
        "bne 1b\n\t"
        "2:\n\t"
        "teq %[a], %[end]\n\t"
        "beq 4f\n\t"
        "3:\n\t"
        "ldmia %[t], {r4, r5, r6, r7}\n\t"
        "ldmia %[a]!, {r8, r9}\n\t"
        "adcs r4, r4, r4\n\t"
        "adcs r5, r5, r5\n\t"
        "adcs r6, r6, r6\n\t"
        "adcs r7, r7, r7\n\t"
        "umaal r4, %[carry], r8, r8\n\t"
        "umaal r5, %[carry], %[zero], %[zero]\n\t"
        "umaal r6, %[carry], r9, r9\n\t"
        "umaal r7, %[carry], %[zero], %[zero]\n\t"
        "stmia %[t]!, {r4, r5, r6, r7}\n\t"
        "teq %[a], %[end]\n\t"
        "bne 3b\n\t"
        "4:\n\t"
        : [t] "+r"(t), [a] "+r"(a), [carry] "+r"(carry), [zero] "=&r"(zero)
        : [mid] "r"(mid), [end] "r"(end)
        : "r4", "r5", "r6", "r7", "r8", "r9", "cc", "memory");
}
#endif

static void final_subtract(pp_limb *r, const pp_limb *t, pp_limb top,
                           const pp_limb *m, size_t n, pp_limb *diff)
{
#ifdef BN_HAVE_ARM_SUB_ASM
    /* Compare, then subtract m masked: two passes without a store of the
     * difference. */
    pp_limb keep_t = lt_mask_asm(t, m, n) ^ ((pp_limb)0 - top);
    (void)diff;
    sub_masked_asm(r, t, m, ~keep_t, n);
}
#else
    pp_limb borrow = pp_bn_sub(diff, t, m, n);
    /* t < m exactly when the subtraction borrowed and there is no top bit
     * (top = 1 forces a borrow, since t - m < 2^(wn)). */
    pp_limb keep_t = (pp_limb)0 - (borrow ^ top);
    size_t i;
    for (i = 0; i < n; i++) {
        r[i] = diff[i] ^ (keep_t & (diff[i] ^ t[i]));
    }
}
#endif

/* ---- the row kernel ----------------------------------------------------
 * Every Montgomery routine below is built on one primitive, a row:
 * t[0..n) += a * b[0..n), returning the carry limb (HAC 14.12 inner loop).
 * Portable C, or on x86-64 builds targeting BMI2 + ADX (-mbmi2 -madx,
 * -march=native on any x86-64 CPU since 2015) MULX with two independent
 * carry chains (ADCX adds t, ADOX adds the previous high half), unrolled
 * by 4.
 * Both are branch-free in the data: the loop counts depend on n only. */
static inline pp_limb row_c(pp_limb *t, const pp_limb *b, pp_limb a, size_t n)
{
    pp_limb carry = 0;
    size_t j;
    for (j = 0; j < n; j++) {
        pp_dlimb p = (pp_dlimb)a * b[j] + t[j] + carry;
        t[j] = (pp_limb)p;
        carry = (pp_limb)(p >> W);
    }
    return carry;
}

#if PICOPSA_BN_KERNEL == PICOPSA_BN_KERNEL_X86_64
#define BN_HAVE_ROW_ADX 1
static inline pp_limb row_adx(pp_limb *t, const pp_limb *b, pp_limb a, size_t n)
{
    size_t groups = n / 8u, four = (n / 4u) & 1u, rem = n % 4u;
    pp_limb carry;
    /* rax: high half carried to the next limb (ADOX chain); CF: ADCX
     * chain; JRCXZ/LEA/MOV keep both flags intact between the blocks:
     * 8 limbs per loop turn, then one block of 4, then single limbs. */
#define ROW_ADX_PAIR(off0, off1)                                           \
        "mulx " off0 "(%[b]), %%r8, %%r9\n\t"                              \
        "adcx " off0 "(%[t]), %%r8\n\t"                                    \
        "adox %%rax, %%r8\n\t"                                             \
        "mov %%r8, " off0 "(%[t])\n\t"                                     \
        "mulx " off1 "(%[b]), %%r8, %%rax\n\t"                             \
        "adcx " off1 "(%[t]), %%r8\n\t"                                    \
        "adox %%r9, %%r8\n\t"                                              \
        "mov %%r8, " off1 "(%[t])\n\t"
    __asm__ volatile(
        "xor %%eax, %%eax\n\t"
        "xor %%r11d, %%r11d\n\t"
        "jrcxz 7f\n\t"          /* JRCXZ reaches 127 bytes: hop via 7 */
        "jmp 1f\n\t"
        "7:\n\t"
        "jmp 3f\n\t"
        "1:\n\t"
        ROW_ADX_PAIR("0", "8")
        ROW_ADX_PAIR("16", "24")
        ROW_ADX_PAIR("32", "40")
        ROW_ADX_PAIR("48", "56")
        "lea 64(%[b]), %[b]\n\t"
        "lea 64(%[t]), %[t]\n\t"
        "lea -1(%%rcx), %%rcx\n\t"
        "jrcxz 3f\n\t"
        "jmp 1b\n\t"
        "3:\n\t"
        "mov %[four], %%rcx\n\t"
        "jrcxz 6f\n\t"
        ROW_ADX_PAIR("0", "8")
        ROW_ADX_PAIR("16", "24")
        "lea 32(%[b]), %[b]\n\t"
        "lea 32(%[t]), %[t]\n\t"
        "6:\n\t"
        "mov %[rem], %%rcx\n\t"
        "jrcxz 5f\n\t"
        "4:\n\t"
        "mulx (%[b]), %%r8, %%r9\n\t"
        "adcx (%[t]), %%r8\n\t"
        "adox %%rax, %%r8\n\t"
        "mov %%r8, (%[t])\n\t"
        "mov %%r9, %%rax\n\t"
        "lea 8(%[b]), %[b]\n\t"
        "lea 8(%[t]), %[t]\n\t"
        "lea -1(%%rcx), %%rcx\n\t"
        "jrcxz 5f\n\t"
        "jmp 4b\n\t"
        "5:\n\t"
        "adcx %%r11, %%rax\n\t"
        "adox %%r11, %%rax\n\t"
        : [t] "+r"(t), [b] "+r"(b), "+c"(groups), "=&a"(carry)
        : "d"(a), [rem] "r"(rem), [four] "r"(four)
        : "r8", "r9", "r11", "cc", "memory");
#undef ROW_ADX_PAIR
    return carry;
}

/* ---- fixed-size MULX/ADX Montgomery multiplication and squaring -----------
 * The private operations of RSA-1024, 2048, 3072 and 4096 work on CRT
 * halves of 8, 16, 24 and 32 limbs (RSA-2048's public operation on 32). For
 * these sizes a whole Montgomery multiplication or squaring is one assembly
 * block with every row fully unrolled: no calls, no loop control inside a
 * row, no C carry handling between rows. The assembler does the unrolling
 * (.rept, with assembly-time counters .Lpp_*; n is an "i" operand), so the
 * source stays short. Only n (public) drives the loops. */

/* Limbs 2..n-1 of the row t[0..n) += rdx * src[0..n) (the kernels do
 * limbs 0 and 1 themselves, see below), with the carry chains of limbs 0
 * and 1 in CF, OF and rax; afterwards rax + CF + OF is the carry limb,
 * which cannot overflow: t + rdx * src < 2^(w(n+1)). r11 = 0. Two limbs
 * per repetition so that the high halves alternate between r9 and rax
 * without a move; n is even. */
#define ADX_ROW_REST(src)                                                \
    ".set .Lpp_k, 16\n\t"                                                \
    ".rept %c[n] / 2 - 1\n\t"                                            \
    "mulx .Lpp_k(%[" src "]), %%r8, %%r9\n\t"                            \
    "adcx .Lpp_k(%[t]), %%r8\n\t"                                        \
    "adox %%rax, %%r8\n\t"                                               \
    "mov %%r8, .Lpp_k(%[t])\n\t"                                         \
    "mulx .Lpp_k+8(%[" src "]), %%r8, %%rax\n\t"                         \
    "adcx .Lpp_k+8(%[t]), %%r8\n\t"                                      \
    "adox %%r9, %%r8\n\t"                                                \
    "mov %%r8, .Lpp_k+8(%[t])\n\t"                                       \
    ".set .Lpp_k, .Lpp_k + 16\n\t"                                       \
    ".endr\n\t"                                                          \
    "adcx %%r11, %%rax\n\t"                                              \
    "adox %%r11, %%rax\n\t"

/* The reduction row t += u * m, u = t_0 * m0inv, with t_0 in r10 (not
 * read from memory) and the new t_1 left in r10 for the next step: the
 * chain from one u to the next stays in registers instead of passing
 * through a store and a load of t (store forwarding costs several cycles
 * per step on that critical path). t_0 becomes 0 and is not stored. */
#define ADX_REDUCE_ROW                                                   \
    "mov %%r10, %%rdx\n\t"                                               \
    "imul %[m0inv], %%rdx\n\t"                                           \
    "xor %%eax, %%eax\n\t"                                               \
    "mulx (%[m]), %%r8, %%r9\n\t"                                        \
    "adcx %%r10, %%r8\n\t"                                               \
    "adox %%rax, %%r8\n\t"                                               \
    "mulx 8(%[m]), %%r8, %%rax\n\t"                                      \
    "adcx 8(%[t]), %%r8\n\t"                                             \
    "adox %%r9, %%r8\n\t"                                                \
    "mov %%r8, 8(%[t])\n\t"                                              \
    "mov %%r8, %%r10\n\t"                                                \
    ADX_ROW_REST("m")

/* CIOS (HAC 14.36): per limb a_i, t += a_i * b, then the reduction row;
 * the window t slides up one limb per step. t_0 lives in r10 (see
 * ADX_REDUCE_ROW): the product row adds it from there and leaves the new
 * t_0 there. Each row's carry limb goes into t[n], its carry into t[n + 1]
 * (still zero). t: 2n + 2 limbs, zero on entry; afterwards t[n..2n] is
 * a * b * R^-1 (< 2m), limb 2n being the top bit. */
#define ADX_MONT_MUL(N)                                                  \
    do {                                                                 \
        size_t steps_ = N;                                               \
        __asm__ volatile(                                                \
            "xor %%r11d, %%r11d\n\t"                                     \
            "xor %%r10d, %%r10d\n\t"                                     \
            "1:\n\t"                                                     \
            "mov (%[a]), %%rdx\n\t"                                      \
            "lea 8(%[a]), %[a]\n\t"                                      \
            "xor %%eax, %%eax\n\t"                                       \
            "mulx (%[b]), %%r8, %%r9\n\t"                                \
            "adcx %%r10, %%r8\n\t"                                       \
            "adox %%rax, %%r8\n\t"                                       \
            "mov %%r8, %%r10\n\t"                                        \
            "mulx 8(%[b]), %%r8, %%rax\n\t"                              \
            "adcx 8(%[t]), %%r8\n\t"                                     \
            "adox %%r9, %%r8\n\t"                                        \
            "mov %%r8, 8(%[t])\n\t"                                      \
            ADX_ROW_REST("b")                                            \
            "add %%rax, 8*%c[n](%[t])\n\t"                               \
            "adc %%r11, 8*%c[n]+8(%[t])\n\t"                             \
            ADX_REDUCE_ROW                                               \
            "add %%rax, 8*%c[n](%[t])\n\t"                               \
            "adc %%r11, 8*%c[n]+8(%[t])\n\t"                             \
            "lea 8(%[t]), %[t]\n\t"                                      \
            "dec %[steps]\n\t"                                           \
            "jnz 1b\n\t"                                                 \
            : [t] "+r"(t_), [a] "+r"(a_), [steps] "+r"(steps_)           \
            : [b] "r"(b), [m] "r"(m), [m0inv] "r"(m0inv), [n] "i"(N)     \
            : "rax", "rdx", "r8", "r9", "r10", "r11", "cc", "memory");   \
    } while (0)

/* 1 when n has a fixed-size kernel: then t (2n + 2 limbs) = a * b * R^-1
 * unreduced, as described above. */
static int mont_mul_adx_fixed(pp_limb *t, const pp_limb *a, const pp_limb *b,
                              const pp_limb *m, pp_limb m0inv, size_t n)
{
    pp_limb *t_ = t;
    const pp_limb *a_ = a;
    memset(t, 0, (2u * n + 2u) * sizeof(pp_limb));
    switch (n) {
    case 8u:
        ADX_MONT_MUL(8);
        return 1;
    case 16u:
        ADX_MONT_MUL(16);
        return 1;
    case 24u:
        ADX_MONT_MUL(24);
        return 1;
    case 32u:
        ADX_MONT_MUL(32);
        return 1;
    default:
        return 0;
    }
}

/* Squaring (HAC 14.16, then the reduction of HAC 14.32), one block:
 * 1. cross products a_i a_j (i < j): row i adds a_i * a[i+1..n) to
 *    t[2i+1..i+n) and writes its carry limb to t[i+n] (still zero);
 *    n(n-1)/2 products, all unrolled;
 * 2. t = 2 t + sum a_i^2 2^(2wi) in one pass: ADCX doubles (CF chain), ADOX
 *    adds the diagonal (OF chain); a^2 < 2^(2wn), so nothing falls out;
 * 3. n reduction steps t += u * m * 2^(wi), u = t_i * m0inv (ADX_REDUCE_ROW),
 *    the window sliding up one limb per step; the carry out of t[i+n] is
 *    kept in top and added at the next step.
 * t: 2n + 2 limbs, zero on entry; afterwards t[n..2n) plus top is
 * a^2 R^-1 (< 2m). */
#define ADX_MONT_SQR(N)                                                  \
    do {                                                                 \
        size_t steps_ = N;                                               \
        __asm__ volatile(                                                \
            "xor %%r11d, %%r11d\n\t"                                     \
            ".set .Lpp_i, 0\n\t"                                         \
            ".rept %c[n] - 1\n\t"                                        \
            "mov 8*.Lpp_i(%[a]), %%rdx\n\t"                              \
            "xor %%eax, %%eax\n\t"                                       \
            ".set .Lpp_j, .Lpp_i + 1\n\t"                                \
            ".rept %c[n] - 1 - .Lpp_i\n\t"                               \
            "mulx 8*.Lpp_j(%[a]), %%r8, %%r9\n\t"                        \
            "adcx 8*(.Lpp_i + .Lpp_j)(%[t]), %%r8\n\t"                   \
            "adox %%rax, %%r8\n\t"                                       \
            "mov %%r8, 8*(.Lpp_i + .Lpp_j)(%[t])\n\t"                    \
            "mov %%r9, %%rax\n\t"                                        \
            ".set .Lpp_j, .Lpp_j + 1\n\t"                                \
            ".endr\n\t"                                                  \
            "adcx %%r11, %%rax\n\t"                                      \
            "adox %%r11, %%rax\n\t"                                      \
            "mov %%rax, 8*(.Lpp_i + %c[n])(%[t])\n\t"                    \
            ".set .Lpp_i, .Lpp_i + 1\n\t"                                \
            ".endr\n\t"                                                  \
            "xor %%eax, %%eax\n\t"                                       \
            ".set .Lpp_i, 0\n\t"                                         \
            ".rept %c[n]\n\t"                                            \
            "mov 8*.Lpp_i(%[a]), %%rdx\n\t"                              \
            "mulx %%rdx, %%r8, %%r9\n\t"                                 \
            "mov 16*.Lpp_i(%[t]), %%r10\n\t"                             \
            "adcx %%r10, %%r10\n\t"                                      \
            "adox %%r8, %%r10\n\t"                                       \
            "mov %%r10, 16*.Lpp_i(%[t])\n\t"                             \
            "mov 16*.Lpp_i+8(%[t]), %%r10\n\t"                           \
            "adcx %%r10, %%r10\n\t"                                      \
            "adox %%r9, %%r10\n\t"                                       \
            "mov %%r10, 16*.Lpp_i+8(%[t])\n\t"                           \
            ".set .Lpp_i, .Lpp_i + 1\n\t"                                \
            ".endr\n\t"                                                  \
            "mov (%[t]), %%r10\n\t"                                      \
            "1:\n\t"                                                     \
            ADX_REDUCE_ROW                                               \
            "add %[top], 8*%c[n](%[t])\n\t"                              \
            "mov $0, %[top]\n\t"                                         \
            "adc $0, %[top]\n\t"                                         \
            "add %%rax, 8*%c[n](%[t])\n\t"                               \
            "adc $0, %[top]\n\t"                                         \
            "lea 8(%[t]), %[t]\n\t"                                      \
            "dec %[steps]\n\t"                                           \
            "jnz 1b\n\t"                                                 \
            : [t] "+r"(t_), [top] "+r"(top_), [steps] "+r"(steps_)       \
            : [a] "r"(a), [m] "r"(m), [m0inv] "r"(m0inv), [n] "i"(N)     \
            : "rax", "rdx", "r8", "r9", "r10", "r11", "cc", "memory");   \
    } while (0)

/* 1 when n has a fixed-size kernel: then t (2n + 2 limbs) and *top hold
 * a^2 R^-1 unreduced, as described above. */
static int mont_sqr_adx_fixed(pp_limb *t, pp_limb *top, const pp_limb *a, const pp_limb *m,
                              pp_limb m0inv, size_t n)
{
    pp_limb *t_ = t, top_ = 0;
    memset(t, 0, (2u * n + 2u) * sizeof(pp_limb));
    switch (n) {
    case 8u:
        ADX_MONT_SQR(8);
        break;
    case 16u:
        ADX_MONT_SQR(16);
        break;
    case 24u:
        ADX_MONT_SQR(24);
        break;
    case 32u:
        ADX_MONT_SQR(32);
        break;
    default:
        return 0;
    }
    *top = top_;
    return 1;
}

/* final_subtract for the fixed sizes: the SUB/SBB chain into diff, then
 * top - borrow is all-ones exactly when t < m (see final_subtract) and
 * CMOV (timing independent of the condition; its memory operand is always
 * read) keeps t there. */
#define ADX_FINAL_SUB(N)                                                 \
    __asm__ volatile(                                                    \
        "mov (%[t]), %%r8\n\t"                                           \
        "sub (%[m]), %%r8\n\t"                                           \
        "mov %%r8, (%[d])\n\t"                                           \
        ".set .Lpp_k, 8\n\t"                                             \
        ".rept %c[n] - 1\n\t"                                            \
        "mov .Lpp_k(%[t]), %%r8\n\t"                                     \
        "sbb .Lpp_k(%[m]), %%r8\n\t"                                     \
        "mov %%r8, .Lpp_k(%[d])\n\t"                                     \
        ".set .Lpp_k, .Lpp_k + 8\n\t"                                    \
        ".endr\n\t"                                                      \
        "sbb $0, %[top]\n\t"                                             \
        "test %[top], %[top]\n\t"                                        \
        ".set .Lpp_k, 0\n\t"                                             \
        ".rept %c[n]\n\t"                                                \
        "mov .Lpp_k(%[d]), %%r8\n\t"                                     \
        "cmovnz .Lpp_k(%[t]), %%r8\n\t"                                  \
        "mov %%r8, .Lpp_k(%[r])\n\t"                                     \
        ".set .Lpp_k, .Lpp_k + 8\n\t"                                    \
        ".endr\n\t"                                                      \
        : [top] "+r"(top)                                                \
        : [r] "r"(r), [t] "r"(t), [m] "r"(m), [d] "r"(diff), [n] "i"(N)  \
        : "r8", "cc", "memory")

/* 1 when n has a fixed-size kernel: then r = final_subtract(t, top). */
static int final_subtract_adx_fixed(pp_limb *r, const pp_limb *t, pp_limb top,
                                    const pp_limb *m, size_t n, pp_limb *diff)
{
    switch (n) {
    case 8u:
        ADX_FINAL_SUB(8);
        return 1;
    case 16u:
        ADX_FINAL_SUB(16);
        return 1;
    case 24u:
        ADX_FINAL_SUB(24);
        return 1;
    case 32u:
        ADX_FINAL_SUB(32);
        return 1;
    default:
        return 0;
    }
}

#endif

#if PICOPSA_BN_KERNEL == PICOPSA_BN_KERNEL_UMAAL
#define BN_HAVE_ROW_UMAAL 1
/* UMAAL RdLo, RdHi, Rn, Rm: RdHi:RdLo = Rn * Rm + RdLo + RdHi, one
 * instruction per limb step (ARMv7E-M, Cortex-M4/M7), unrolled by 4. */
#define UMAAL_STEP(lo, carry, a, bj) \
    __asm__("umaal %0, %1, %2, %3" : "+r"(lo), "+r"(carry) : "r"(a), "r"(bj))
#ifdef BN_HAVE_ARM_SUB_ASM
/* The row in assembly: n % 4 single limbs, then blocks of four through
 * LDM/STM (5.75 cycles per limb in the cycle model, against about 8 for
 * gcc -Os's code of the C loop below). Branches depend on n only. */
pp_limb pp_bn_umaal_row(pp_limb *t, const pp_limb *b, pp_limb a, size_t n);
__asm__(
    ".section .text.pp_bn_umaal_row,\"ax\",%progbits\n\t"
    ".syntax unified\n\t"
    ".thumb\n\t"
    ".p2align 2\n\t"
    ".global pp_bn_umaal_row\n\t"
    ".hidden pp_bn_umaal_row\n\t"
    ".type pp_bn_umaal_row, %function\n\t"
    ".thumb_func\n"
    "pp_bn_umaal_row:\n\t"
    "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n\t"
    "mov r12, #0\n\t"
    "ands lr, r3, #3\n\t"
    "beq 2f\n"
    "1:\n\t"
    "ldr r4, [r1], #4\n\t"
    "ldr r8, [r0]\n\t"
    "umaal r8, r12, r2, r4\n\t"
    "str r8, [r0], #4\n\t"
    "subs lr, lr, #1\n\t"
    "bne 1b\n"
    "2:\n\t"
    "lsrs r3, r3, #2\n\t"
    "beq 4f\n"
    "3:\n\t"
    "ldm r1!, {r4, r5, r6, r7}\n\t"
    "ldm r0, {r8, r9, r10, r11}\n\t"
    "umaal r8, r12, r2, r4\n\t"
    "umaal r9, r12, r2, r5\n\t"
    "umaal r10, r12, r2, r6\n\t"
    "umaal r11, r12, r2, r7\n\t"
    "stm r0!, {r8, r9, r10, r11}\n\t"
    "subs r3, r3, #1\n\t"
    "bne 3b\n"
    "4:\n\t"
    "mov r0, r12\n\t"
    "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n\t"
    ".size pp_bn_umaal_row, .-pp_bn_umaal_row\n\t"
    ".text\n");
#endif
static inline pp_limb row_umaal(pp_limb *t, const pp_limb *b, pp_limb a, size_t n)
{
#ifdef BN_HAVE_ARM_SUB_ASM
    return pp_bn_umaal_row(t, b, a, n);
#else
    pp_limb carry = 0;
    size_t j = 0;
    for (; j + 4u <= n; j += 4u) {
        pp_limb t0 = t[j], t1 = t[j + 1u], t2 = t[j + 2u], t3 = t[j + 3u];
        UMAAL_STEP(t0, carry, a, b[j]);
        UMAAL_STEP(t1, carry, a, b[j + 1u]);
        UMAAL_STEP(t2, carry, a, b[j + 2u]);
        UMAAL_STEP(t3, carry, a, b[j + 3u]);
        t[j] = t0;
        t[j + 1u] = t1;
        t[j + 2u] = t2;
        t[j + 3u] = t3;
    }
    for (; j < n; j++) {
        pp_limb tj = t[j];
        UMAAL_STEP(tj, carry, a, b[j]);
        t[j] = tj;
    }
    return carry;
#endif
}
#endif

/* The multiplication kernel an operation runs: ROW_ADX = MULX/ADX (the
 * fixed-size Montgomery multiplication where n has one, else MULX/ADX rows),
 * ROW_ADX_ROWS = MULX/ADX rows only (a test hook, so that both stay
 * covered), ROW_C = the portable one (C, or UMAAL on Cortex-M). A build for
 * BMI2 + ADX (-march=native, -mbmi2 -madx) always uses MULX/ADX; otherwise
 * the exponentiations take the caller's pp_bn_kernel (pp_bn_kernel_selected())
 * and the other entry points run the portable kernel. */
typedef enum { ROW_C, ROW_ADX, ROW_ADX_ROWS } row_kind;

static row_kind select_row(void)
{
#if defined(BN_HAVE_ROW_ADX) && defined(__BMI2__) && defined(__ADX__)
    return ROW_ADX;
#else
    return ROW_C;
#endif
}

/* The multiplication kernel of a pp_bn_kernel. */
static row_kind row_of(pp_bn_kernel kernel)
{
    switch (kernel) {
#ifdef BN_HAVE_ROW_ADX
    case PP_BN_KERNEL_ADX:
    case PP_BN_KERNEL_ADX_AVX2:
        return ROW_ADX;
    case PP_BN_KERNEL_ADX_ROWS:
        return ROW_ADX_ROWS;
#endif
    default:
        return select_row();
    }
}

#ifdef BN_HAVE_ROW_ADX
/* What this CPU can run: CPUID leaf 7 EBX bit 8 = BMI2 (MULX), bit 19 =
 * ADX (ADCX/ADOX), bit 5 = AVX2; AVX2 also needs the OS to save the YMM
 * state: leaf 1 ECX bit 27 (OSXSAVE) and bit 28 (AVX), and XCR0 bits 1 and
 * 2 (SSE and AVX state) set (Intel SDM vol. 1, 14.3). */
static pp_bn_kernel detect_kernel(void)
{
    uint32_t eax, ebx, ecx, edx, leaf7_ebx, xcr0 = 0, xcr0_hi;
    int adx, avx2 = 0;
    __asm__ volatile("cpuid" : "=a"(eax), "=b"(ebx), "=c"(ecx), "=d"(edx) : "a"(0u), "c"(0u));
    if (eax < 7u) {
        return PP_BN_KERNEL_BASE;
    }
    __asm__ volatile("cpuid" : "=a"(eax), "=b"(leaf7_ebx), "=c"(ecx), "=d"(edx) : "a"(7u), "c"(0u));
    adx = ((leaf7_ebx >> 8) & (leaf7_ebx >> 19) & 1u) != 0;
    __asm__ volatile("cpuid" : "=a"(eax), "=b"(ebx), "=c"(ecx), "=d"(edx) : "a"(1u), "c"(0u));
    if (((ecx >> 27) & (ecx >> 28) & 1u) != 0) {
        __asm__ volatile("xgetbv" : "=a"(xcr0), "=d"(xcr0_hi) : "c"(0u));
        (void)xcr0_hi;
    }
#if defined(BN_HAVE_SCAN_AVX2) || defined(BN_SCAN_AVX2_BUILTIN)
    avx2 = (xcr0 & 6u) == 6u && ((leaf7_ebx >> 5) & 1u) != 0;
#endif
#if defined(__BMI2__) && defined(__ADX__)
    adx = 1; /* the build requires it */
#endif
#ifdef BN_SCAN_AVX2_BUILTIN
    avx2 = 1;
#endif
    if (adx) {
        return avx2 ? PP_BN_KERNEL_ADX_AVX2 : PP_BN_KERNEL_ADX;
    }
    return avx2 ? PP_BN_KERNEL_BASE_AVX2 : PP_BN_KERNEL_BASE;
}

pp_bn_kernel pp_bn_kernel_selected(void)
{
    /* CPUID traps to the hypervisor (~6.5 us on our VM): run it once per
     * process. Threads may race to fill the cache; they store the same
     * value, and the relaxed atomics make that race well defined (TSan). */
    static int cache; /* 0: not yet; else the kernel + 1 */
    int c = __atomic_load_n(&cache, __ATOMIC_RELAXED);
    if (c == 0) {
        c = (int)detect_kernel() + 1;
        __atomic_store_n(&cache, c, __ATOMIC_RELAXED);
    }
    return (pp_bn_kernel)(c - 1);
}
#endif

const char *pp_bn_kernel_name(void)
{
#if PICOPSA_BN_KERNEL == PICOPSA_BN_KERNEL_UMAAL
    return "Cortex-M UMAAL";
#elif PICOPSA_BN_KERNEL == PICOPSA_BN_KERNEL_X86_64
    switch (pp_bn_kernel_selected()) {
    case PP_BN_KERNEL_ADX_AVX2:
        return "x86-64 MULX/ADX, AVX2 table scan";
    case PP_BN_KERNEL_ADX:
    case PP_BN_KERNEL_ADX_ROWS:
        return "x86-64 MULX/ADX";
    case PP_BN_KERNEL_BASE_AVX2:
        return "portable C, AVX2 table scan";
    default:
        return "portable C";
    }
#else
    return "portable C";
#endif
}

static inline pp_limb row_dispatch(row_kind kind, pp_limb *t, const pp_limb *b, pp_limb a, size_t n)
{
#if defined(BN_HAVE_ROW_ADX)
    if (kind != ROW_C) {
        return row_adx(t, b, a, n);
    }
    return row_c(t, b, a, n);
#elif defined(BN_HAVE_ROW_UMAAL)
    (void)kind;
    return row_umaal(t, b, a, n);
#else
    (void)kind;
    return row_c(t, b, a, n);
#endif
}
#define row(t, b, a, n) row_dispatch(row, (t), (b), (a), (n))

/* The hot loops take their scratch (SCRATCH_LIMBS(n)) from the caller, so
 * the exponentiation keeps it in its work area and wipes it once. */
#define SCRATCH_LIMBS(n) (3u * (n) + 2u)

static void mont_mul_rows3(pp_limb *r, const pp_limb *a, const pp_limb *b,
                           const pp_limb *m, pp_limb m0inv, size_t n, pp_limb *scratch);

/* The row-triple kernels below run for ROW_C; builds without the
 * MULX/ADX kernel have nothing else, so there the choice is made at
 * compile time and the HAC 14.36 row loop is not built in. */
#ifdef BN_HAVE_ROW_ADX
#define ROWS3(row) ((row) == ROW_C)
#else
#define ROWS3(row) ((void)(row), 1)
#endif

static void mont_mul_scratch(pp_limb *r, const pp_limb *a, const pp_limb *b,
                             const pp_limb *m, pp_limb m0inv, size_t n, pp_limb *scratch,
                             row_kind row)
{
    if (ROWS3(row)) {
        mont_mul_rows3(r, a, b, m, m0inv, n, scratch);
        return;
    }
    /* Word-by-word Montgomery multiplication (HAC 14.36) on a 2n+2 limb
     * window that slides up one limb per step instead of shifting:
     * t += a_i * b * 2^(wi), then t += u * m * 2^(wi) with
     * u = t_i * m0inv clears limb i. After n steps t / R = a b R^-1 sits in
     * limbs n..2n and is < 2m. */
    pp_limb *t = scratch;
    size_t i;
#ifdef BN_HAVE_ROW_ADX
    if (row == ROW_ADX && mont_mul_adx_fixed(t, a, b, m, m0inv, n)) {
        (void)final_subtract_adx_fixed(r, t + n, t[2u * n], m, n, scratch + 2u * n + 2u);
        return;
    }
#endif
    memset(t, 0, (2u * n + 2u) * sizeof(pp_limb));
    for (i = 0; i < n; i++) {
        pp_limb c = row(t + i, b, a[i], n);
        pp_dlimb s = (pp_dlimb)t[i + n] + c;
        t[i + n] = (pp_limb)s;
        t[i + n + 1u] += (pp_limb)(s >> W);
        c = row(t + i, m, t[i] * m0inv, n);
        s = (pp_dlimb)t[i + n] + c;
        t[i + n] = (pp_limb)s;
        t[i + n + 1u] += (pp_limb)(s >> W);
    }
    final_subtract(r, t + n, t[2u * n], m, n, scratch + 2u * n + 2u);
}

/* hi:lo = a * b + lo + hi (cannot overflow): UMAAL on ARMv7E-M. */
#ifdef BN_HAVE_ROW_UMAAL
#define MUL_ADD2(lo, hi, a, b) UMAAL_STEP(lo, hi, a, b)
#else
#define MUL_ADD2(lo, hi, a, b)                                      \
    do {                                                            \
        pp_dlimb p_ = (pp_dlimb)(a) * (b) + (lo) + (hi);            \
        (lo) = (pp_limb)p_;                                         \
        (hi) = (pp_limb)(p_ >> W);                                  \
    } while (0)
#endif

#ifdef BN_HAVE_ARM_SUB_ASM
/* reduce_three_rows in assembly, a real function so that the loop has all
 * 14 registers: u0..u2 (r4-r6), their carry chains (r7-r9), three limbs of
 * m in rotation (r10-r12: step A loads m[k] into r10 with m[k-1] in r12 and
 * m[k-2] in r11, B and C rotate), t's limb (lr), the pointers (r0, r1) and
 * the count (r2). 3 UMAAL and 3 single loads/stores per limb, 3 limbs per
 * loop turn; the branches depend on n only. Returns the carry out. t[0..2]
 * are left as they are (never read again). */
pp_limb pp_bn_umaal_reduce3(pp_limb *t, const pp_limb *m, size_t n, pp_limb m0inv,
                            pp_limb top);
#define UMAAL_ROWS3_STEP_A                                                          \
    "ldr r10, [r1], #4\n\t"                                                         \
    "ldr lr, [r0]\n\t"                                                              \
    "umaal lr, r7, r4, r10\n\t"                                                     \
    "umaal lr, r8, r5, r12\n\t"                                                     \
    "umaal lr, r9, r6, r11\n\t"                                                     \
    "str lr, [r0], #4\n\t"
#define UMAAL_ROWS3_STEP_B                                                          \
    "ldr r11, [r1], #4\n\t"                                                         \
    "ldr lr, [r0]\n\t"                                                              \
    "umaal lr, r7, r4, r11\n\t"                                                     \
    "umaal lr, r8, r5, r10\n\t"                                                     \
    "umaal lr, r9, r6, r12\n\t"                                                     \
    "str lr, [r0], #4\n\t"
#define UMAAL_ROWS3_STEP_C                                                          \
    "ldr r12, [r1], #4\n\t"                                                         \
    "ldr lr, [r0]\n\t"                                                              \
    "umaal lr, r7, r4, r12\n\t"                                                     \
    "umaal lr, r8, r5, r11\n\t"                                                     \
    "umaal lr, r9, r6, r10\n\t"                                                     \
    "str lr, [r0], #4\n\t"
__asm__(
    ".section .text.pp_bn_umaal_reduce3,\"ax\",%progbits\n\t"
    ".syntax unified\n\t"
    ".thumb\n\t"
    ".p2align 2\n\t"
    ".global pp_bn_umaal_reduce3\n\t"
    ".hidden pp_bn_umaal_reduce3\n\t"
    ".type pp_bn_umaal_reduce3, %function\n\t"
    ".thumb_func\n"
    "pp_bn_umaal_reduce3:\n\t"
    "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n\t"
    /* k = 0..2: u_i = t_i m0inv once the earlier rows reached t_i */
    "ldr lr, [r0], #4\n\t"
    "ldr r10, [r1], #4\n\t"
    "mul r4, lr, r3\n\t"
    "mov r7, #0\n\t"
    "umaal lr, r7, r4, r10\n\t"
    "ldr lr, [r0], #4\n\t"
    "ldr r11, [r1], #4\n\t"
    "umaal lr, r7, r4, r11\n\t"
    "mul r5, lr, r3\n\t"
    "mov r8, #0\n\t"
    "umaal lr, r8, r5, r10\n\t"
    "ldr lr, [r0], #4\n\t"
    "ldr r12, [r1], #4\n\t"
    "umaal lr, r7, r4, r12\n\t"
    "umaal lr, r8, r5, r11\n\t"
    "mul r6, lr, r3\n\t"
    "mov r9, #0\n\t"
    "umaal lr, r9, r6, r10\n\t"
    /* k = 3..n-1 */
    "subs r2, r2, #6\n\t"  /* n - 3 limbs, minus one turn */
    "blo 3f\n"
    "1:\n\t"
    UMAAL_ROWS3_STEP_A UMAAL_ROWS3_STEP_B UMAAL_ROWS3_STEP_C
    "subs r2, r2, #3\n\t"
    "bhs 1b\n"
    "3:\n\t"
    "adds r2, r2, #3\n\t"  /* 0..2 limbs left */
    "beq 4f\n\t"
    UMAAL_ROWS3_STEP_A
    "cmp r2, #1\n\t"
    "beq 4f\n\t"
    UMAAL_ROWS3_STEP_B
    "4:\n\t"
    /* t[n] += u1 m[n-1] + u2 m[n-2] + c0 + top; t[n+1] += u2 m[n-1] + c1;
     * t[n+2] += c2; UMAAL by zero adds a carry without the flags */
    "ldr r10, [r1, #-4]\n\t"
    "ldr r11, [r1, #-8]\n\t"
    "ldr lr, [r0]\n\t"
    "ldr r3, [sp, #36]\n\t"
    "mov r12, #0\n\t"
    "umaal lr, r8, r5, r10\n\t"
    "umaal lr, r9, r6, r11\n\t"
    "umaal lr, r7, r12, r12\n\t"
    "umaal lr, r3, r12, r12\n\t"
    "str lr, [r0], #4\n\t"
    "ldr lr, [r0]\n\t"
    "umaal lr, r9, r6, r10\n\t"
    "umaal lr, r8, r12, r12\n\t"
    "add r7, r7, r3\n\t"
    "umaal lr, r7, r12, r12\n\t"
    "str lr, [r0], #4\n\t"
    "ldr lr, [r0]\n\t"
    "add r8, r8, r7\n\t"
    "umaal lr, r9, r12, r12\n\t"
    "umaal lr, r8, r12, r12\n\t"
    "str lr, [r0]\n\t"
    "add r0, r8, r9\n\t"
    "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n\t"
    ".size pp_bn_umaal_reduce3, .-pp_bn_umaal_reduce3\n\t"
    ".text\n");
#endif

#ifdef BN_HAVE_ARM_SUB_ASM
/* mul_three_rows from k = 1 in assembly (registers as in
 * pp_bn_umaal_reduce3, b in place of m): tp = t + 1, s = {x0, x1, x2, c0,
 * c1}, len >= 2. */
void pp_bn_umaal_mul3(pp_limb *tp, const pp_limb *b, size_t len, const pp_limb *s);
__asm__(
    ".section .text.pp_bn_umaal_mul3,\"ax\",%progbits\n\t"
    ".syntax unified\n\t"
    ".thumb\n\t"
    ".p2align 2\n\t"
    ".global pp_bn_umaal_mul3\n\t"
    ".hidden pp_bn_umaal_mul3\n\t"
    ".type pp_bn_umaal_mul3, %function\n\t"
    ".thumb_func\n"
    "pp_bn_umaal_mul3:\n\t"
    "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n\t"
    "ldm r3, {r4, r5, r6, r7, r8}\n\t"
    "mov r9, #0\n\t"
    /* k = 1: x0 b[1] + x1 b[0] */
    "ldr r11, [r1], #4\n\t"
    "ldr r12, [r1], #4\n\t"
    "ldr lr, [r0]\n\t"
    "umaal lr, r7, r4, r12\n\t"
    "umaal lr, r8, r5, r11\n\t"
    "str lr, [r0], #4\n\t"
    /* k = 2..len-1 */
    "subs r2, r2, #5\n\t" /* len - 2 limbs, minus one turn */
    "blo 3f\n"
    "1:\n\t"
    UMAAL_ROWS3_STEP_A UMAAL_ROWS3_STEP_B UMAAL_ROWS3_STEP_C
    "subs r2, r2, #3\n\t"
    "bhs 1b\n"
    "3:\n\t"
    "adds r2, r2, #3\n\t"
    "beq 4f\n\t"
    UMAAL_ROWS3_STEP_A
    "cmp r2, #1\n\t"
    "beq 4f\n\t"
    UMAAL_ROWS3_STEP_B
    "4:\n\t"
    /* t[len] = c0 + x1 b[len-1] + x2 b[len-2], t[len+1] = x2 b[len-1] + c1,
     * t[len+2] = c2 (fresh limbs) */
    "ldr r10, [r1, #-4]\n\t"
    "ldr r11, [r1, #-8]\n\t"
    "mov lr, r7\n\t"
    "umaal lr, r8, r5, r10\n\t"
    "umaal lr, r9, r6, r11\n\t"
    "str lr, [r0], #4\n\t"
    "mov lr, r8\n\t"
    "umaal lr, r9, r6, r10\n\t"
    "str lr, [r0], #4\n\t"
    "str r9, [r0]\n\t"
    "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n\t"
    ".size pp_bn_umaal_mul3, .-pp_bn_umaal_mul3\n\t"
    ".text\n");
#endif

/* Three reduction steps in one pass over t[0..n+3) (n >= 3): adds
 * (u0 + u1 2^w + u2 2^2w) m with u0, u1, u2 chosen to clear t[0..2], each
 * limb of t loaded and stored once for three products (u1 is known after
 * t[1] got u0's products, u2 after t[2] got those of u0 and u1).
 * *top: carry into t[n] in, carry out of t[n+2] out. t[0..2] are left
 * undefined (never read again). */
static void reduce_three_rows(pp_limb *t, const pp_limb *m, pp_limb m0inv, size_t n,
                              pp_limb *top)
{
#ifdef BN_HAVE_ARM_SUB_ASM
    *top = pp_bn_umaal_reduce3(t, m, n, m0inv, *top);
#else
    pp_limb u0 = t[0] * m0inv, u1, u2, c0 = 0, c1 = 0, c2 = 0, tv;
    pp_dlimb sum;
    size_t k;
    tv = t[0];
    MUL_ADD2(tv, c0, u0, m[0]); /* tv == 0 */
    tv = t[1];
    MUL_ADD2(tv, c0, u0, m[1]);
    u1 = tv * m0inv;
    MUL_ADD2(tv, c1, u1, m[0]); /* tv == 0 */
    tv = t[2];
    MUL_ADD2(tv, c0, u0, m[2]);
    MUL_ADD2(tv, c1, u1, m[1]);
    u2 = tv * m0inv;
    MUL_ADD2(tv, c2, u2, m[0]); /* tv == 0 */
    for (k = 3; k < n; k++) {
        tv = t[k];
        MUL_ADD2(tv, c0, u0, m[k]);
        MUL_ADD2(tv, c1, u1, m[k - 1u]);
        MUL_ADD2(tv, c2, u2, m[k - 2u]);
        t[k] = tv;
    }
    /* t[n] += u1 m[n-1] + u2 m[n-2] + c0 + top; t[n+1] += u2 m[n-1] + c1;
     * t[n+2] += c2; carries ripple up. */
    tv = t[n];
    MUL_ADD2(tv, c1, u1, m[n - 1u]);
    MUL_ADD2(tv, c2, u2, m[n - 2u]);
    sum = (pp_dlimb)tv + c0 + *top;
    t[n] = (pp_limb)sum;
    tv = t[n + 1u];
    MUL_ADD2(tv, c2, u2, m[n - 1u]);
    sum = (pp_dlimb)tv + c1 + (pp_limb)(sum >> W);
    t[n + 1u] = (pp_limb)sum;
    sum = (pp_dlimb)t[n + 2u] + c2 + (pp_limb)(sum >> W);
    t[n + 2u] = (pp_limb)sum;
    *top = (pp_limb)(sum >> W);
#endif
}

static void mont_reduce_scratch(pp_limb *r, pp_limb *t, const pp_limb *m, pp_limb m0inv,
                                size_t n, pp_limb *diff, row_kind row)
{
    /* Word-by-word Montgomery reduction (HAC 14.32): clear one low limb per
     * step by adding u * m * 2^(w i); the carry out of the top is kept. */
    pp_limb top = 0;
    size_t i = 0;
    if (ROWS3(row)) {
        /* Portable and UMAAL kernels: three steps per pass, the n % 3
         * left over one at a time below. */
        for (; i + 3u <= n; i += 3u) {
            reduce_three_rows(t + i, m, m0inv, n, &top);
        }
    }
    for (; i < n; i++) {
        pp_limb carry = row(t + i, m, t[i] * m0inv, n);
        pp_dlimb s = (pp_dlimb)t[i + n] + carry + top;
        t[i + n] = (pp_limb)s;
        top = (pp_limb)(s >> W);
    }
    final_subtract(r, t + n, top, m, n, diff);
}

/* Three rows of a schoolbook product in one pass, from k = 1 (the caller
 * did k = 0 and passes its carries c0, c1): t[k] += x0 b[k] + x1 b[k - 1]
 * + x2 b[k - 2] for the terms that exist (k < len + 3, indices of b in
 * 0..len-1), for len >= 2 with t[len..len+2] = 0 on entry (assigned). */
static void mul_three_rows(pp_limb *t, const pp_limb *b, pp_limb x0, pp_limb x1, pp_limb x2,
                           size_t len, pp_limb c0, pp_limb c1)
{
#ifdef BN_HAVE_ARM_SUB_ASM
    pp_limb s[5];
    s[0] = x0;
    s[1] = x1;
    s[2] = x2;
    s[3] = c0;
    s[4] = c1;
    pp_bn_umaal_mul3(t + 1, b, len, s);
#else
    pp_limb c2 = 0, tv;
    size_t k;
    tv = t[1];
    MUL_ADD2(tv, c0, x0, b[1]);
    MUL_ADD2(tv, c1, x1, b[0]);
    t[1] = tv;
    for (k = 2; k < len; k++) {
        tv = t[k];
        MUL_ADD2(tv, c0, x0, b[k]);
        MUL_ADD2(tv, c1, x1, b[k - 1u]);
        MUL_ADD2(tv, c2, x2, b[k - 2u]);
        t[k] = tv;
    }
    tv = c0;
    MUL_ADD2(tv, c1, x1, b[len - 1u]);
    MUL_ADD2(tv, c2, x2, b[len - 2u]);
    t[len] = tv;
    tv = c1;
    MUL_ADD2(tv, c2, x2, b[len - 1u]);
    t[len + 1u] = tv;
    t[len + 2u] = c2;
#endif
}

/* Portable/UMAAL Montgomery multiplication, separated (HAC 14.36 split as
 * in Koc-Acar-Kaliski's SOS): the product by row triples, then the
 * reduction by row triples; the n % 3 rows left over go one at a time. */
static void mont_mul_rows3(pp_limb *r, const pp_limb *a, const pp_limb *b,
                           const pp_limb *m, pp_limb m0inv, size_t n, pp_limb *scratch)
{
    pp_limb *t = scratch;
    size_t i;
    memset(t, 0, (2u * n + 2u) * sizeof(pp_limb));
    for (i = 0; i + 3u <= n; i += 3u) {
        pp_limb c0 = 0, tv = t[i];
        MUL_ADD2(tv, c0, a[i], b[0]);
        t[i] = tv;
        mul_three_rows(t + i, b, a[i], a[i + 1u], a[i + 2u], n, c0, 0);
    }
    for (; i < n; i++) {
        t[i + n] = row_dispatch(ROW_C, t + i, b, a[i], n);
    }
    mont_reduce_scratch(r, t, m, m0inv, n, scratch + 2u * n + 2u, ROW_C);
}

#if !PICOPSA_BN_DEDICATED_SQR && !defined(BN_HAVE_ROW_ADX)
/* Squaring through the multiplication (PICOPSA_BN_DEDICATED_SQR 0; builds
 * with the MULX/ADX kernel keep its fixed-size squaring). */
#define BN_SQR_VIA_MUL 1
#define mont_sqr_scratch(r, a, m, m0inv, n, scratch, row) \
    mont_mul_scratch(r, a, a, m, m0inv, n, scratch, row)
#else
static void mont_sqr_scratch(pp_limb *r, const pp_limb *a, const pp_limb *m, pp_limb m0inv,
                             size_t n, pp_limb *scratch, row_kind row)
{
    /* a^2 = sum a_i^2 2^(2wi) + 2 * sum_{i<j} a_i a_j 2^(w(i+j)) (HAC 14.16):
     * the cross products once, doubled by a shift, then the diagonal. */
    pp_limb *t = scratch;
    size_t i;
    pp_limb carry;
#ifdef BN_HAVE_ROW_ADX
    if (row == ROW_ADX && mont_sqr_adx_fixed(t, &carry, a, m, m0inv, n)) {
        (void)final_subtract_adx_fixed(r, t + n, carry, m, n, scratch + 2u * n + 2u);
        return;
    }
#endif
    memset(t, 0, 2u * n * sizeof(pp_limb));
    i = 0;
    if (ROWS3(row)) {
        /* rows i, i + 1, i + 2 in one pass: a_i a_{i+1}, a_i a_{i+2}, then
         * a_i a_{i+3} + a_{i+1} a_{i+2}, then the three rows over
         * a[i+3..] aligned (a_{i+2}'s starts two limbs later) */
        for (; i + 5u <= n; i += 3u) {
            pp_limb c0 = 0, c1 = 0, tv = t[2u * i + 1u];
            MUL_ADD2(tv, c0, a[i], a[i + 1u]);
            t[2u * i + 1u] = tv;
            tv = t[2u * i + 2u];
            MUL_ADD2(tv, c0, a[i], a[i + 2u]);
            t[2u * i + 2u] = tv;
            tv = t[2u * i + 3u];
            MUL_ADD2(tv, c0, a[i], a[i + 3u]);
            MUL_ADD2(tv, c1, a[i + 1u], a[i + 2u]);
            t[2u * i + 3u] = tv;
            mul_three_rows(t + 2u * i + 3u, a + i + 3u, a[i], a[i + 1u], a[i + 2u],
                           n - 3u - i, c0, c1);
        }
    }
    for (; i + 1u < n; i++) {
        t[i + n] = row(t + 2u * i + 1u, a + i + 1u, a[i], n - 1u - i);
    }
    /* Double and add the diagonal in one pass; the cross-product sum is
     * < a^2 / 2, so no bit falls out of the doubling. */
    carry = 0;
#ifdef BN_HAVE_ARM_SUB_ASM
    double_add_diagonal_asm(t, a, n);
    (void)carry;
#else
    {
        pp_limb shifted_out = 0;
        for (i = 0; i < n; i++) {
            pp_limb lo = t[2u * i], hi = t[2u * i + 1u];
            pp_limb lo2 = (lo << 1) | shifted_out;
            pp_limb hi2 = (hi << 1) | (lo >> (W - 1));
            pp_dlimb p = (pp_dlimb)a[i] * a[i] + lo2 + carry;
            pp_dlimb s;
            shifted_out = hi >> (W - 1);
            t[2u * i] = (pp_limb)p;
            s = (pp_dlimb)hi2 + (pp_limb)(p >> W);
            t[2u * i + 1u] = (pp_limb)s;
            carry = (pp_limb)(s >> W);
        }
    }
#endif
    mont_reduce_scratch(r, t, m, m0inv, n, scratch + 2u * n, row);
}
#endif /* BN_SQR_VIA_MUL */

void pp_bn_mont_mul(pp_limb *r, const pp_limb *a, const pp_limb *b,
                    const pp_limb *m, pp_limb m0inv, size_t n)
{
    pp_limb scratch[SCRATCH_LIMBS(PP_BN_MAX_LIMBS)];
    mont_mul_scratch(r, a, b, m, m0inv, n, scratch, select_row());
    pp_wipe(scratch, SCRATCH_LIMBS(n) * sizeof(pp_limb));
}

void pp_bn_mont_mul_work(pp_limb *r, const pp_limb *a, const pp_limb *b,
                         const pp_limb *m, pp_limb m0inv, size_t n, pp_limb *work)
{
    mont_mul_scratch(r, a, b, m, m0inv, n, work, select_row());
}

void pp_bn_mont_sqr(pp_limb *r, const pp_limb *a, const pp_limb *m, pp_limb m0inv, size_t n)
{
#ifndef BN_SQR_VIA_MUL
    pp_limb scratch[SCRATCH_LIMBS(PP_BN_MAX_LIMBS)];
    mont_sqr_scratch(r, a, m, m0inv, n, scratch, select_row());
    pp_wipe(scratch, SCRATCH_LIMBS(n) * sizeof(pp_limb));
#else
    pp_bn_mont_mul(r, a, a, m, m0inv, n);
#endif
}

void pp_bn_mont_mul_kernel(pp_limb *r, const pp_limb *a, const pp_limb *b,
                           const pp_limb *m, pp_limb m0inv, size_t n, pp_bn_kernel kernel)
{
    pp_limb scratch[SCRATCH_LIMBS(PP_BN_MAX_LIMBS)];
    mont_mul_scratch(r, a, b, m, m0inv, n, scratch, row_of(kernel));
    pp_wipe(scratch, SCRATCH_LIMBS(n) * sizeof(pp_limb));
}

void pp_bn_mont_sqr_kernel(pp_limb *r, const pp_limb *a, const pp_limb *m, pp_limb m0inv,
                           size_t n, pp_bn_kernel kernel)
{
    pp_limb scratch[SCRATCH_LIMBS(PP_BN_MAX_LIMBS)];
    mont_sqr_scratch(r, a, m, m0inv, n, scratch, row_of(kernel));
    pp_wipe(scratch, SCRATCH_LIMBS(n) * sizeof(pp_limb));
}

void pp_bn_mont_reduce(pp_limb *r, pp_limb *t, const pp_limb *m, pp_limb m0inv, size_t n)
{
    pp_limb diff[PP_BN_MAX_LIMBS];
    mont_reduce_scratch(r, t, m, m0inv, n, diff, select_row());
    pp_wipe(diff, n * sizeof(pp_limb));
}

void pp_bn_mont_reduce_work(pp_limb *r, pp_limb *t, const pp_limb *m, pp_limb m0inv, size_t n,
                            pp_limb *work)
{
    mont_reduce_scratch(r, t, m, m0inv, n, work, select_row());
}

void pp_bn_mont_r2(pp_limb *r, const pp_limb *m, pp_limb m0inv, size_t n, size_t m_bits)
{
    /* Doubling with a constant-time conditional subtraction from
     * 2^(m_bits - 1) < m gives 2^(wn + n) = R * 2^n mod m; log2(w)
     * Montgomery squarings then map R * 2^s to R * 2^(2s), ending at
     * R * 2^(wn) = R^2 (mod m). The loop counts depend on n and m_bits
     * only, never on the value of m. */
    pp_limb diff[PP_BN_MAX_LIMBS];
    pp_limb scratch[SCRATCH_LIMBS(PP_BN_MAX_LIMBS)];
    size_t i;
    unsigned s;
    pp_bn_zero(r, n);
    r[(m_bits - 1u) / W] = (pp_limb)1 << ((m_bits - 1u) % W);
    for (i = m_bits - 1u; i < (size_t)W * n + n; i++) {
        pp_limb carry = pp_bn_add(r, r, r, n);
        pp_limb borrow = pp_bn_sub(diff, r, m, n);
        /* Subtract when 2r >= m: a carry out, or no borrow. */
        pp_limb use_diff = (pp_limb)0 - (carry | (borrow ^ 1u));
        pp_bn_cond_copy(r, diff, use_diff, n);
    }
    for (s = 1; s < W; s <<= 1) {
        mont_sqr_scratch(r, r, m, m0inv, n, scratch, select_row());
    }
    pp_wipe(diff, n * sizeof(pp_limb));
    pp_wipe(scratch, SCRATCH_LIMBS(n) * sizeof(pp_limb));
}

/* ---- exponentiation -------------------------------------------------- */

/* Bits pos .. pos + count - 1 of e (e_limbs limbs; bits beyond are 0).
 * pos and count are public; the value is secret and never branched on. */
static pp_limb exponent_bits(const pp_limb *e, size_t e_limbs, size_t pos, unsigned count)
{
    size_t limb = pos / W;
    unsigned offset = (unsigned)(pos % W);
    pp_limb v = e[limb] >> offset;
    if (offset + count > W && limb + 1u < e_limbs) {
        v |= e[limb + 1u] << (W - offset);
    }
    return v & (((pp_limb)1 << count) - 1u);
}

#if defined(BN_HAVE_SCAN_AVX2) || defined(BN_SCAN_AVX2_BUILTIN)
/* table_lookup's scan with AVX2 for n a multiple of 4, chosen at run time
 * (PP_BN_KERNEL_*_AVX2) or always in a build for AVX2: blocks of 16
 * limbs (then 4) in 256-bit accumulators, one pass over the entries per
 * block, each entry's mask broadcast once; about 2.3x faster than the SSE2
 * code gcc makes of the limb-major loop (32 entries of 16 limbs: 35 against
 * 80 ns) and 2-5x faster than what gcc and clang make of a C entry-major
 * loop with -march=x86-64-v3. */
__attribute__((target("avx2"))) static void table_lookup_avx2(pp_limb *out, const pp_limb *table,
                                                              size_t entries, pp_limb index,
                                                              size_t n)
{
    size_t i, j = 0;
    for (; j + 16u <= n; j += 16u) {
        __m256i acc0 = _mm256_setzero_si256(), acc1 = acc0, acc2 = acc0, acc3 = acc0;
        const pp_limb *e = table + j;
        __m256i *o = (__m256i *)(void *)(out + j);
        for (i = 0; i < entries; i++, e += n) {
            __m256i mask = _mm256_set1_epi64x((long long)entry_mask(i, index));
            const __m256i *v = (const __m256i *)(const void *)e;
            acc0 = _mm256_or_si256(acc0, _mm256_and_si256(mask, _mm256_loadu_si256(v)));
            acc1 = _mm256_or_si256(acc1, _mm256_and_si256(mask, _mm256_loadu_si256(v + 1)));
            acc2 = _mm256_or_si256(acc2, _mm256_and_si256(mask, _mm256_loadu_si256(v + 2)));
            acc3 = _mm256_or_si256(acc3, _mm256_and_si256(mask, _mm256_loadu_si256(v + 3)));
        }
        _mm256_storeu_si256(o, acc0);
        _mm256_storeu_si256(o + 1, acc1);
        _mm256_storeu_si256(o + 2, acc2);
        _mm256_storeu_si256(o + 3, acc3);
    }
    for (; j + 4u <= n; j += 4u) {
        __m256i acc = _mm256_setzero_si256();
        const pp_limb *e = table + j;
        for (i = 0; i < entries; i++, e += n) {
            __m256i mask = _mm256_set1_epi64x((long long)entry_mask(i, index));
            acc = _mm256_or_si256(acc, _mm256_and_si256(mask, _mm256_loadu_si256((const __m256i *)(const void *)e)));
        }
        _mm256_storeu_si256((__m256i *)(void *)(out + j), acc);
    }
}
#endif

#ifdef BN_HAVE_ARM_SUB_ASM
/* One column of four limbs of the table scan below in assembly: out[0..4)
 * = OR over the entries of entry[0..4) AND masks[i], entry i at
 * table + i * stride bytes. Every entry is read with LDM whatever the
 * masks; the loop count is the (public) number of entries. */
void pp_bn_arm_scan4(pp_limb *out, const pp_limb *table, size_t entries, const pp_limb *masks,
                     size_t stride);
__asm__(
    ".section .text.pp_bn_arm_scan4,\"ax\",%progbits\n\t"
    ".syntax unified\n\t"
    ".thumb\n\t"
    ".p2align 2\n\t"
    ".global pp_bn_arm_scan4\n\t"
    ".hidden pp_bn_arm_scan4\n\t"
    ".type pp_bn_arm_scan4, %function\n\t"
    ".thumb_func\n"
    "pp_bn_arm_scan4:\n\t"
    "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n\t"
    "ldr r12, [sp, #36]\n\t"
    "mov r8, #0\n\t"
    "mov r9, #0\n\t"
    "mov r10, #0\n\t"
    "mov r11, #0\n"
    "1:\n\t"
    "ldr lr, [r3], #4\n\t"
    "ldm r1, {r4, r5, r6, r7}\n\t"
    "add r1, r1, r12\n\t"
    "and r4, r4, lr\n\t"
    "and r5, r5, lr\n\t"
    "and r6, r6, lr\n\t"
    "and r7, r7, lr\n\t"
    "orr r8, r8, r4\n\t"
    "orr r9, r9, r5\n\t"
    "orr r10, r10, r6\n\t"
    "orr r11, r11, r7\n\t"
    "subs r2, r2, #1\n\t"
    "bne 1b\n\t"
    "stm r0, {r8, r9, r10, r11}\n\t"
    "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n\t"
    ".size pp_bn_arm_scan4, .-pp_bn_arm_scan4\n\t"
    ".text\n");
#endif

/* out = table[index] reading every entry (constant-time scan), so neither
 * the memory addresses nor the branches depend on index. kernel: the
 * exponentiation's (PP_BN_KERNEL_*_AVX2 selects the AVX2 scan where it is
 * compiled for run-time selection and n is a multiple of 4; a build for
 * AVX2 always takes it for such n). */
static void table_lookup(pp_limb *out, const pp_limb *table, size_t entries,
                         pp_limb index, size_t n, pp_bn_kernel kernel)
{
    size_t i, j;
    pp_limb masks[(size_t)1 << 6];
#if defined(BN_HAVE_SCAN_AVX2)
    if ((kernel == PP_BN_KERNEL_BASE_AVX2 || kernel == PP_BN_KERNEL_ADX_AVX2) && n % 4u == 0) {
        table_lookup_avx2(out, table, entries, index, n);
        return;
    }
#elif defined(BN_SCAN_AVX2_BUILTIN)
    if (n % 4u == 0) {
        table_lookup_avx2(out, table, entries, index, n);
        return;
    }
#endif
    (void)kernel;
    /* Limb-major, four accumulators in registers: no read-modify-write of
     * out per entry (about half the instructions on Cortex-M and SSE2). */
    for (i = 0; i < entries; i++) {
        masks[i] = entry_mask(i, index);
    }
    j = 0;
#ifdef BN_HAVE_ARM_SUB_ASM
    for (j = 0; j + 4u <= n; j += 4u) {
        pp_bn_arm_scan4(out + j, table + j, entries, masks, n * sizeof(pp_limb));
    }
#endif
    for (; j + 4u <= n; j += 4u) {
        pp_limb a0 = 0, a1 = 0, a2 = 0, a3 = 0;
        const pp_limb *e = table + j;
        for (i = 0; i < entries; i++, e += n) {
            pp_limb m = masks[i];
            a0 |= e[0] & m;
            a1 |= e[1] & m;
            a2 |= e[2] & m;
            a3 |= e[3] & m;
        }
        out[j] = a0;
        out[j + 1u] = a1;
        out[j + 2u] = a2;
        out[j + 3u] = a3;
    }
    for (; j < n; j++) {
        pp_limb a = 0;
        for (i = 0; i < entries; i++) {
            a |= table[i * n + j] & masks[i];
        }
        out[j] = a;
    }
}

/* table[i] = base^i (Montgomery form) for i < 2^w. */
static void build_table(pp_limb *table, unsigned w, const pp_limb *base, const pp_limb *r1,
                        const pp_limb *m, pp_limb m0inv, size_t n, pp_limb *scratch, row_kind row)
{
    size_t i, entries = (size_t)1 << w;
    pp_bn_copy(table, r1, n);
    pp_bn_copy(table + n, base, n);
    for (i = 2; i < entries; i++) {
        if ((i & 1u) == 0) {
            mont_sqr_scratch(table + i * n, table + (i / 2u) * n, m, m0inv, n, scratch, row);
        } else {
            mont_mul_scratch(table + i * n, table + (i - 1u) * n, base, m, m0inv, n, scratch, row);
        }
    }
}

unsigned pp_bn_mont_exp(pp_limb *r, const pp_limb *a, const pp_limb *ea,
                        const pp_limb *b, const pp_limb *eb, size_t e_limbs,
                        const pp_limb *r1, const pp_limb *m, pp_limb m0inv, size_t n,
                        pp_limb *work, size_t work_limbs, pp_bn_kernel kernel)
{
    unsigned nbases = (b != NULL) ? 2u : 1u;
    unsigned w = PICOPSA_RSA_WINDOW_BITS;
    size_t entries, bits, windows, k;
    unsigned top_bits, s;
    pp_limb *table_a, *table_b, *entry, *scratch;
    row_kind row = row_of(kernel);

    while (w > 0 && PP_BN_EXP_WORK_LIMBS(w, n, nbases) > work_limbs) {
        w--;
    }
    if (w == 0) {
        return 0;
    }
    entries = (size_t)1 << w;
    table_a = work;
    table_b = work + entries * n;
    entry = work + entries * n * nbases;
    scratch = entry + n;
    build_table(table_a, w, a, r1, m, m0inv, n, scratch, row);
    if (b != NULL) {
        build_table(table_b, w, b, r1, m, m0inv, n, scratch, row);
    }

    bits = e_limbs * W;
    windows = (bits + w - 1u) / w;
    top_bits = (unsigned)(bits - (windows - 1u) * w);

    /* The top window seeds the accumulator. */
    table_lookup(r, table_a, entries, exponent_bits(ea, e_limbs, (windows - 1u) * w, top_bits), n, kernel);
    if (b != NULL) {
        table_lookup(entry, table_b, entries, exponent_bits(eb, e_limbs, (windows - 1u) * w, top_bits), n, kernel);
        mont_mul_scratch(r, r, entry, m, m0inv, n, scratch, row);
    }
    for (k = windows - 1u; k > 0; k--) {
        size_t pos = (k - 1u) * w;
        for (s = 0; s < w; s++) {
            mont_sqr_scratch(r, r, m, m0inv, n, scratch, row);
        }
        table_lookup(entry, table_a, entries, exponent_bits(ea, e_limbs, pos, w), n, kernel);
        mont_mul_scratch(r, r, entry, m, m0inv, n, scratch, row);
        if (b != NULL) {
            table_lookup(entry, table_b, entries, exponent_bits(eb, e_limbs, pos, w), n, kernel);
            mont_mul_scratch(r, r, entry, m, m0inv, n, scratch, row);
        }
    }
    pp_wipe(work, PP_BN_EXP_WORK_LIMBS(w, n, nbases) * sizeof(pp_limb));
    return w;
}

void pp_bn_mod_exp_public_vartime(pp_limb *r, const pp_limb *x, uint64_t e,
                                  const pp_limb *m, pp_limb m0inv, const pp_limb *r2, size_t n,
                                  pp_bn_kernel kernel)
{
    pp_limb work[PP_BN_PUBLIC_EXP_WORK_LIMBS(PP_BN_MAX_LIMBS)];
    pp_bn_mod_exp_public_vartime_work(r, x, e, m, m0inv, r2, n, kernel, work);
}

void pp_bn_mod_exp_public_vartime_work(pp_limb *r, const pp_limb *x, uint64_t e,
                                       const pp_limb *m, pp_limb m0inv, const pp_limb *r2,
                                       size_t n, pp_bn_kernel kernel, pp_limb *work)
{
    /* x^e = x^(e-1) * x: run square-and-multiply on e - 1 in Montgomery form
     * and let the last Montgomery multiplication by the plain x also leave
     * the Montgomery domain (saves the conversion back). */
    pp_limb *xm = work;
    pp_limb *acc = work + n;
    pp_limb *scratch = work + 2u * n;
    uint64_t e1 = e - 1u;
    int bit;
    row_kind row = row_of(kernel);
    if (e1 == 0) {
        pp_bn_copy(r, x, n);
        return;
    }
    mont_mul_scratch(xm, x, r2, m, m0inv, n, scratch, row);
    pp_bn_copy(acc, xm, n);
    bit = 63;
    while (((e1 >> bit) & 1u) == 0) {
        bit--;
    }
    for (bit = bit - 1; bit >= 0; bit--) {
        mont_sqr_scratch(acc, acc, m, m0inv, n, scratch, row);
        if ((e1 >> bit) & 1u) {
            mont_mul_scratch(acc, acc, xm, m, m0inv, n, scratch, row);
        }
    }
    mont_mul_scratch(r, acc, x, m, m0inv, n, scratch, row);
    pp_wipe(work, (2u * n + SCRATCH_LIMBS(n)) * sizeof(pp_limb)); /* xm, acc, scratch */
}

/* ---- inversion of public values (variable time) ---------------------- */

/* a (len limbs) >>= s and a (len limbs) <<= s, 0 < s < w, in place; the
 * left shift's caller knows nothing falls out. */
static void shr_bits_vartime(pp_limb *a, size_t len, unsigned s)
{
    size_t i;
    for (i = 0; i + 1u < len; i++) {
        a[i] = (a[i] >> s) | (a[i + 1u] << (W - s));
    }
    a[len - 1u] >>= s;
}

static void shl_bits_vartime(pp_limb *a, size_t len, unsigned s)
{
    size_t i;
    for (i = len - 1u; i > 0; i--) {
        a[i] = (a[i] << s) | (a[i - 1u] >> (W - s));
    }
    a[0] <<= s;
}

/* -1, 0, 1 as a <, ==, > b (len limbs). */
static int cmp_vartime(const pp_limb *a, const pp_limb *b, size_t len)
{
    size_t i = len;
    while (i > 0) {
        i--;
        if (a[i] != b[i]) {
            return a[i] > b[i] ? 1 : -1;
        }
    }
    return 0;
}

pp_limb pp_bn_mod_inv_vartime(pp_limb *r, const pp_limb *a, const pp_limb *m, pp_limb m0inv,
                              size_t n, pp_limb *work)
{
    /* Kaliski's almost Montgomery inverse (IEEE Trans. Computers 44(8),
     * 1995), a binary extended Euclid with the invariants
     *   m = u * x2 + v * x1,  a * x1 = -u * 2^k,  a * x2 = v * 2^k  (mod m),
     * starting from u = m, v = a, x1 = 0, x2 = 1, k = 0. Halving u doubles
     * x2, halving v doubles x1 (trailing zeros go up to w - 1 at a time);
     * of two odd u, v the larger is replaced by the difference and its
     * coefficient by the sum of both. It stops at u == v = gcd(a, m); for
     * gcd 1, a^-1 = x2 * 2^-k, with x1, x2 <= m throughout and k <= 2 w n.
     * Kept short (issue 5): plain subtract, add and shift passes. */
    pp_limb *u = work, *v = work + n, *x1 = work + 2u * n, *x2 = work + 3u * n;
    pp_limb *big = v, *small, *grow, *other = x1;
    size_t len = n, cl = 1, k = 0;
    int c;

    pp_bn_copy(u, m, n);
    pp_bn_copy(v, a, n);
    pp_bn_zero(x1, n);
    pp_bn_zero(x2, n);
    x2[0] = 1;
    if (pp_bn_is_zero_mask(v, n) != 0) {
        pp_bn_zero(r, n);
        return 0;
    }
    for (;;) {
        /* make big (nonzero) odd; coefficients gain a limb at most per shift
         * or addition, limbs at and above cl are zero. */
        while ((big[0] & 1u) == 0) {
            unsigned tz = 1;
            while (tz < W - 1u && ((big[0] >> tz) & 1u) == 0) {
                tz++;
            }
            shr_bits_vartime(big, len, tz);
            cl = (cl < n) ? cl + 1u : n;
            shl_bits_vartime(other, cl, tz);
            k += tz;
        }
        while (len > 1u && u[len - 1u] == 0 && v[len - 1u] == 0) {
            len--;
        }
        while (cl > 1u && x1[cl - 1u] == 0 && x2[cl - 1u] == 0) {
            cl--;
        }
        c = cmp_vartime(u, v, len);
        if (c == 0) {
            break;
        }
        big = (c > 0) ? u : v;
        small = (c > 0) ? v : u;
        grow = (c > 0) ? x1 : x2;
        other = (c > 0) ? x2 : x1;
        (void)pp_bn_sub(big, big, small, len);
        cl = (cl < n) ? cl + 1u : n;
        (void)pp_bn_add(grow, grow, other, cl);
    }
    if (len != 1u || u[0] != 1u) {
        pp_bn_zero(r, n);
        return 0; /* gcd(a, m) > 1 */
    }
    /* x2 * 2^-k: Montgomery multiplications (each divides by R = 2^(wn))
     * by 2^(wn - step), step = min(k, wn) (u is free now). k >= 1 here
     * (gcd 1 and a < m take a subtraction step), and x2 <= m, 2^(wn - step)
     * <= R / 2 meet the input bound of the first, whose output is < m. */
    while (k > 0) {
        size_t step = (k < W * n) ? k : W * n;
        pp_bn_zero(u, n);
        u[(W * n - step) / W] = (pp_limb)1 << ((W * n - step) % W);
        mont_mul_scratch(x2, x2, u, m, m0inv, n, work + 4u * n, select_row());
        k -= step;
    }
    pp_bn_copy(r, x2, n);
    return ~(pp_limb)0;
}
