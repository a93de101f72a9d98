/*
 * ed25519_fault.h -- the fault countermeasure of Ed25519 signing
 * (PICOPSA_SIGN_FAULT_CHECK), shared by the fast (ed25519.c) and the small
 * (ed25519_small.c) backend. Include from those two files only.
 *
 * Contract:
 *  - The signer computes the signature twice, the whole of RFC 8032 5.1.6
 *    steps 2-5 each time, and calls ed25519_fault_commit(out, a, r2, s2)
 *    with the first result a (R || S, 64 bytes) and the second (R at r2,
 *    S at s2, 32 bytes each). out gets a when both agree (else zeros), and
 *    the copy in out is then compared, read only, with the second result
 *    again; the return value is 0 exactly when that finds no difference,
 *    else nonzero, with out all zero or (a fault in the copy itself) that
 *    faulty copy of the correct signature, which the PSA front end wipes
 *    with every error (pp_fail_output).
 *  - Why: a single fault in one computation (a register or stack word at
 *    any instruction of the nonce hash, the scalar digits, the point
 *    arithmetic, the encoding, the hash of k, S = r + k s) makes the two
 *    results differ, and a faulty signature is never released. Faults in
 *    R, k or S reveal the key together with the correct signature
 *    (docs/ed25519.md "Fault countermeasure"). A fault in the first
 *    comparison or the copy is caught by the second; one in the second
 *    only withholds a correct signature.
 *  - The status is robust: success is 0 and every failure is the
 *    complement of a mask that is not all ones, so no single bit flip of
 *    the result turns a detected fault into 0; out is already zero then.
 *  - Constant time: masks only (pp_ct_barrier_u32), no branch on the data.
 *  - out may overlap anything the caller has finished reading (5.4.4);
 *    a, r2 and s2 must not overlap out.
 *
 * PP_ED25519_FAULT(p, n): a no-op, or with PP_ED25519_TEST_FAULT defined
 * (tests/unit/test_ed25519_fault.c compiles the backends so) a call of
 * pp_ed25519_test_fault(p, n), which may corrupt the n bytes at p: the
 * host test's software fault injection at each intermediate.
 */
#ifndef PICOPSA_ED25519_FAULT_H
#define PICOPSA_ED25519_FAULT_H

#include <stddef.h>
#include <stdint.h>

#include <picopsa/config.h>

#include "common/pp_util.h"
#include "ed25519/ed25519.h"

#if defined(PP_ED25519_TEST_FAULT)
void pp_ed25519_test_fault(uint8_t *p, size_t n);
#define PP_ED25519_FAULT(p, n) pp_ed25519_test_fault((uint8_t *)(p), (n))
#else
#define PP_ED25519_FAULT(p, n) ((void)0)
#endif

#if PICOPSA_SIGN_FAULT_CHECK

/* All ones when the 64 bytes at x equal R || S = r2 || s2, else 0. */
static uint32_t ed25519_fault_equal(const uint8_t x[64], const uint8_t *r2, const uint8_t *s2)
{
    uint32_t d = 0;
    size_t i;
    for (i = 0; i < 32; i++) {
        d |= (uint32_t)(x[i] ^ r2[i]) | (uint32_t)(x[32 + i] ^ s2[i]);
    }
    return pp_ct_barrier_u32(pp_ct_mask_zero_u32(d));
}

/* All ones when tag is NULL or equals pp_ed25519_key_tag(h, pk), read
 * through the pointers the signer used: a pointer to the key, or key
 * bytes, that both computations read wrong (the fault campaign's released
 * signatures on the first version: docs/fault-injection.md) no longer
 * matches the tag written at import. */
static uint32_t ed25519_fault_key_bound(const uint8_t h[64], const uint8_t pk[32],
                                        const uint8_t *tag)
{
    uint8_t t[PP_ED25519_KEY_TAG_SIZE];
    uint32_t d = 0;
    size_t i;
    if (tag == NULL) { /* public: the caller's choice */
        return ~(uint32_t)0;
    }
    pp_ed25519_key_tag(t, h, pk);
    for (i = 0; i < PP_ED25519_KEY_TAG_SIZE; i++) {
        d |= (uint32_t)(t[i] ^ tag[i]);
    }
    pp_wipe(t, sizeof(t));
    return pp_ct_barrier_u32(pp_ct_mask_zero_u32(d));
}

static int ed25519_fault_commit(uint8_t out[64], const uint8_t a[64], const uint8_t *r2,
                                const uint8_t *s2, const uint8_t h[64], const uint8_t pk[32],
                                const uint8_t *tag)
{
    uint32_t m, key;
    size_t i;
    /* Straight-line on purpose: one fault that skips a branch or a loop
     * must not skip the store while keeping the check (a loop with an "if
     * (pass == 0) store" let one branch fault release out's old bytes:
     * review E2). First out = a masked by (a == second) and by the key
     * tag; then the copy as released is compared, read only, with the
     * second computation, which catches a fault in the first comparison,
     * its mask or the copy. Nothing is stored after that check, so no
     * fault after it can change out. */
    key = ed25519_fault_key_bound(h, pk, tag);
    m = ed25519_fault_equal(a, r2, s2) & key;
    for (i = 0; i < 64; i++) {
        out[i] = (uint8_t)(a[i] & m);
    }
    PP_ED25519_FAULT(out, 64);
    m = ed25519_fault_equal(out, r2, s2) & key;
    return (int)~m;
}

#endif /* PICOPSA_SIGN_FAULT_CHECK */

#endif /* PICOPSA_ED25519_FAULT_H */
