/*
 * ct.h -- constant-time test harness (valgrind memcheck as a taint checker).
 *
 * Contract:
 *  - CT_SECRET(p, n) marks n bytes at p as "undefined" for memcheck. From
 *    then on memcheck reports every conditional branch and every memory
 *    address that depends on those bytes ("Conditional jump or move depends
 *    on uninitialised value(s)", "Use of uninitialised value of size N"):
 *    exactly the two leaks constant-time code must not have. Arithmetic on
 *    secrets propagates the mark, so results derived from them are secret
 *    too.
 *  - CT_PUBLIC(p, n) declassifies: call it on results that are public by
 *    design (a signature, a verify verdict) before checking them, otherwise
 *    the test's own CHECK() would be reported.
 *  - CT_UNDER_VALGRIND() is nonzero only when running under valgrind; a ct
 *    test should CHECK() it so a run outside the harness cannot pass by
 *    accident.
 *  - The build runs each tests/ct/ct_NAME.c as
 *    `valgrind --tool=memcheck --error-exitcode=99 --track-origins=yes -q`,
 *    so any report fails the ctest case; ct_selftest proves a deliberate
 *    leak is caught (docs/testing.md).
 *  - Natively (no valgrind) the client requests are a few no-op
 *    instructions, so the program still runs and checks its results.
 */
#ifndef PICOPSA_TEST_CT_H
#define PICOPSA_TEST_CT_H

#include <valgrind/memcheck.h>

#define CT_SECRET(p, n) ((void)VALGRIND_MAKE_MEM_UNDEFINED((p), (n)))
#define CT_PUBLIC(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#define CT_UNDER_VALGRIND() (RUNNING_ON_VALGRIND != 0)

#endif /* PICOPSA_TEST_CT_H */
