/*
 * pp_util.h -- small helpers shared by every picopsa module.
 *
 * Contract:
 *  - Everything here is constant time in the *values* of its arguments
 *    (only lengths may influence timing), unless the name says "vartime".
 *  - Masks are all-ones (true) or all-zero (false) words; helpers never
 *    branch on them. Build selections from masks, never from `if`.
 *  - pp_wipe() is the only way secrets are erased: the compiler must not
 *    drop it as a dead store.
 *  - No allocation, no libc beyond memcpy/memset/memcmp, no OS calls.
 */
#ifndef PICOPSA_PP_UTIL_H
#define PICOPSA_PP_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* Erase a buffer in a way the optimiser cannot remove (volatile stores). */
void pp_wipe(void *buf, size_t len);

/* Constant-time equality of two buffers: returns 1 when equal, 0 otherwise.
 * Runs in time depending only on len. */
int pp_ct_memeq(const void *a, const void *b, size_t len);

/* ---- optimisation barriers ------------------------------------------ */

/* Return x unchanged, but hide its value and origin from the optimiser.
 * Without it a compiler that sees a mask come from a comparison may turn
 * "mask & load" back into a branch around the load (clang -O2 does this
 * to table scans). An empty asm with x in a register on GNU C; a volatile
 * round trip elsewhere. */
static inline uint32_t pp_ct_barrier_u32(uint32_t x)
{
#if defined(__GNUC__)
    __asm__("" : "+r"(x));
    return x;
#else
    volatile uint32_t v = x;
    return v;
#endif
}

static inline uint64_t pp_ct_barrier_u64(uint64_t x)
{
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__aarch64__))
    __asm__("" : "+r"(x));
    return x;
#else
    return ((uint64_t)pp_ct_barrier_u32((uint32_t)(x >> 32)) << 32) |
           pp_ct_barrier_u32((uint32_t)x);
#endif
}

/* ---- 32-bit masks -------------------------------------------------- */

/* All-ones when x != 0, else 0. */
static inline uint32_t pp_ct_mask_nonzero_u32(uint32_t x)
{
    /* (x | -x) has its top bit set exactly when x != 0. */
    return (uint32_t)0 - ((x | ((uint32_t)0 - x)) >> 31);
}

/* All-ones when x == 0, else 0. */
static inline uint32_t pp_ct_mask_zero_u32(uint32_t x)
{
    return ~pp_ct_mask_nonzero_u32(x);
}

/* All-ones when a == b, else 0. */
static inline uint32_t pp_ct_mask_eq_u32(uint32_t a, uint32_t b)
{
    return pp_ct_mask_zero_u32(a ^ b);
}

/* All-ones when a < b (unsigned), else 0. */
static inline uint32_t pp_ct_mask_lt_u32(uint32_t a, uint32_t b)
{
    /* Borrow of a - b, computed without a branch (Hacker's Delight 2-12). */
    return (uint32_t)0 - ((((~a) & b) | (((~a) | b) & (a - b))) >> 31);
}

/* mask ? a : b without a branch. */
static inline uint32_t pp_ct_select_u32(uint32_t mask, uint32_t a, uint32_t b)
{
    return b ^ (mask & (a ^ b));
}

/* The outcome of a secret comparison as a status: 0 (success) when
 * equal_flag is 1, fail when it is 0. The mask goes through the barrier:
 * a multiplication by the flag, or an unprotected mask, became a branch
 * on the comparison under gcc -Og and clang -O2 (ct_cipher_pkcs7,
 * ct_hkdf). The caller's return is where the verdict becomes public. */
static inline int32_t pp_ct_fail_unless_equal(int equal_flag, int32_t fail)
{
    uint32_t differs = pp_ct_barrier_u32((uint32_t)0 - (1u - ((uint32_t)equal_flag & 1u)));
    return (int32_t)(differs & (uint32_t)fail);
}

/* ---- size_t masks (lengths derived from secret padding) ------------- */

static inline size_t pp_ct_mask_nonzero_sz(size_t x)
{
    return (size_t)0 - ((x | ((size_t)0 - x)) >> (sizeof(size_t) * 8u - 1u));
}

static inline size_t pp_ct_mask_eq_sz(size_t a, size_t b)
{
    return ~pp_ct_mask_nonzero_sz(a ^ b);
}

static inline size_t pp_ct_mask_lt_sz(size_t a, size_t b)
{
    return (size_t)0 - ((((~a) & b) | (((~a) | b) & (a - b))) >> (sizeof(size_t) * 8u - 1u));
}

static inline size_t pp_ct_select_sz(size_t mask, size_t a, size_t b)
{
    return b ^ (mask & (a ^ b));
}

/* Copy src to dst when mask is all-ones, leave dst alone when zero.
 * Touches every byte of dst either way. */
void pp_ct_cond_copy(uint8_t *dst, const uint8_t *src, size_t len, uint8_t mask);

/* buf &= mask, byte by byte in effect (mask all-ones keeps buf, zero
 * clears it), a word at a time: the release-or-wipe of a plaintext whose
 * verdict is secret until returned. */
void pp_ct_mask_bytes(uint8_t *buf, size_t len, uint32_t mask);

/* ---- byte order ---------------------------------------------------- */

static inline uint32_t pp_load_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static inline void pp_store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static inline uint64_t pp_load_be64(const uint8_t *p)
{
    return ((uint64_t)pp_load_be32(p) << 32) | (uint64_t)pp_load_be32(p + 4);
}

static inline void pp_store_be64(uint8_t *p, uint64_t v)
{
    pp_store_be32(p, (uint32_t)(v >> 32));
    pp_store_be32(p + 4, (uint32_t)v);
}

static inline uint32_t pp_load_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static inline void pp_store_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static inline uint64_t pp_load_le64(const uint8_t *p)
{
    return (uint64_t)pp_load_le32(p) | ((uint64_t)pp_load_le32(p + 4) << 32);
}

static inline void pp_store_le64(uint8_t *p, uint64_t v)
{
    pp_store_le32(p, (uint32_t)v);
    pp_store_le32(p + 4, (uint32_t)(v >> 32));
}

#endif /* PICOPSA_PP_UTIL_H */
