/*
 * bn_kernel_x86_64.c -- the x86-64 kernel of the bignum core
 * (PICOPSA_BN_KERNEL_X86_64; GCC/Clang, 64-bit limbs): MULX/ADCX/ADOX
 * (BMI2 + ADX) rows and fixed-size Montgomery multiplication, squaring and
 * final subtraction, the AVX2 table scan, and the run-time choice
 * (pp_bn_kernel_selected: pp_x86_features, CPUID once per process). Contracts: bn_kernel.h.
 * The portable C kernel (bn_kernel_c.c) is compiled alongside and runs on
 * CPUs without BMI2 + ADX. Constant time: loop counts and branches depend
 * on n (or the public entry count) only; CMOV selects; every table entry
 * is read.
 */
#include "bignum/bn_kernel.h"

#ifdef PP_BN_X86_64

#include <string.h>
#include <immintrin.h>

#include "common/pp_cpu_x86.h"

/* The row with MULX and two independent carry chains (ADCX adds t, ADOX
 * adds the previous high half), unrolled by 8. */
pp_limb pp_bn_adx_row(pp_limb *t, const pp_limb *b, pp_limb a, size_t n)
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
int pp_bn_adx_mont_mul_fixed(pp_limb *t, const pp_limb *a, const pp_limb *b, const pp_limb *m,
                             pp_limb m0inv, size_t n)
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
int pp_bn_adx_mont_sqr_fixed(pp_limb *t, pp_limb *top, const pp_limb *a, const pp_limb *m,
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

/* pp_bn_c_final_sub for the fixed sizes: the SUB/SBB chain into diff, then
 * top - borrow is all-ones exactly when t < m (see pp_bn_c_final_sub) and
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

/* 1 when n has a fixed-size kernel: then r = pp_bn_c_final_sub(t, top). */
int pp_bn_adx_final_sub_fixed(pp_limb *r, const pp_limb *t, pp_limb top, const pp_limb *m,
                              size_t n, pp_limb *diff)
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

#if defined(PP_BN_SCAN_AVX2_RUNTIME) || defined(PP_BN_SCAN_AVX2_BUILTIN)
/* bignum.c's table_lookup scan with AVX2 for n a multiple of 4, chosen at run time
 * (PP_BN_KERNEL_*_AVX2) or always in a build for AVX2: blocks of 16
 * limbs (then 4) in 256-bit accumulators, one pass over the entries per
 * block, each entry's mask broadcast once; about 2.3x faster than the SSE2
 * code gcc makes of the limb-major loop (32 entries of 16 limbs: 35 against
 * 80 ns) and 2-5x faster than what gcc and clang make of a C entry-major
 * loop with -march=x86-64-v3. */
__attribute__((target("avx2"))) void pp_bn_avx2_table_lookup(pp_limb *out, const pp_limb *table,
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

/* What this CPU can run: MULX (BMI2) with ADCX/ADOX (ADX), and AVX2 with
 * the OS's YMM state (pp_cpu_x86.h). */
static pp_bn_kernel detect_kernel(void)
{
    unsigned cpu = pp_x86_features();
    int adx = (cpu & (PP_X86_BMI2 | PP_X86_ADX)) == (PP_X86_BMI2 | PP_X86_ADX), avx2 = 0;
#if defined(PP_BN_SCAN_AVX2_RUNTIME) || defined(PP_BN_SCAN_AVX2_BUILTIN)
    avx2 = (cpu & PP_X86_AVX2) != 0;
#endif
#if defined(__BMI2__) && defined(__ADX__)
    adx = 1; /* the build requires it */
#endif
#ifdef PP_BN_SCAN_AVX2_BUILTIN
    avx2 = 1;
#endif
    if (adx) {
        return avx2 ? PP_BN_KERNEL_ADX_AVX2 : PP_BN_KERNEL_ADX;
    }
    return avx2 ? PP_BN_KERNEL_BASE_AVX2 : PP_BN_KERNEL_BASE;
}

pp_bn_kernel pp_bn_kernel_selected(void)
{
    /* The choice once per process (pp_x86_features reads CPUID once: it
     * traps to the hypervisor, ~6.5 us on our VM). Threads may race to
     * fill the cache; they store the same value, and the relaxed atomics
     * make that race well defined (TSan). */
    static int cache; /* 0: not yet; else the kernel + 1 */
    int c = __atomic_load_n(&cache, __ATOMIC_RELAXED);
    if (c == 0) {
        c = (int)detect_kernel() + 1;
        __atomic_store_n(&cache, c, __ATOMIC_RELAXED);
    }
    return (pp_bn_kernel)(c - 1);
}

#endif /* PP_BN_X86_64 */
