#!/bin/sh
# ct_run.sh VALGRIND PROGRAM [ARGS...] -- one constant-time test under
# valgrind memcheck (tests/ct/ct.h marks the secrets undefined), as ctest
# runs it. The pass/fail verdict needs no origin tracking, which costs a
# fifth to a third of the run: only when memcheck flags something (exit
# 99) does the program run again with --track-origins=yes, so the report
# says which secret the branch or index came from. The exit code is the
# first run's (77 = skipped passes through).
vg=$1
shift
"$vg" --tool=memcheck --error-exitcode=99 -q "$@"
rc=$?
if [ "$rc" -eq 99 ]; then
    echo "ct_run.sh: memcheck flagged the run above; again with --track-origins=yes:" >&2
    "$vg" --tool=memcheck --error-exitcode=99 --track-origins=yes -q "$@"
fi
exit "$rc"
