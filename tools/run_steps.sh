#!/bin/sh
# run_steps.sh LANES LOGDIR MAKE STEP... -- make test's scheduler: run each
# STEP (a target of the top-level Makefile) as its own `MAKE STEP`, LANES
# at a time, taken in the order given (longest first), each into
# LOGDIR/STEP.log. A finished step's log is printed whole (no interleaving)
# with its time. Every step runs even when one fails (like make -k); the
# exit status is 1 if any failed, and the failed steps are named last. A
# step counts as passed only when its own run said so (LOGDIR/STEP.passed):
# one that never ran or was killed fails too.
#
# Why lanes: each step already runs -j2, but a step has stretches on one
# core (a ctest tail, the QEMU and unicorn runs of the embedded step, the
# serial AArch64 compile); a second lane fills them. Each step is a plain,
# non-parallel make invocation, so no jobserver reaches cmake's own make
# (which would warn "-jN forced in submake", and the toolchain step fails
# on any warning).
set -u
lanes=$1
logdir=$2
make_cmd=$3
shift 3
mkdir -p "$logdir"
rm -f "$logdir"/*.log "$logdir"/*.passed "$logdir/lock"
start=$(date +%s)

printf '%s\n' "$@" | xargs -P "$lanes" -I '{}' sh -c '
    step=$1 logdir=$2 make_cmd=$3 t0=$(date +%s)
    MAKEFLAGS= MFLAGS= $make_cmd --no-print-directory "$step" > "$logdir/$step.log" 2>&1
    rc=$?
    t=$(( $(date +%s) - t0 ))
    [ "$rc" -ne 0 ] || : > "$logdir/$step.passed"
    {
        flock 9
        cat "$logdir/$step.log"
        if [ "$rc" -eq 0 ]; then echo "<== $step: passed ($t s)"; else echo "<== $step: FAILED, exit $rc ($t s)"; fi
    } 9> "$logdir/lock"
    exit 0
' run_step '{}' "$logdir" "$make_cmd"

failed=
for step in "$@"; do
    [ -e "$logdir/$step.passed" ] || failed="$failed $step"
done
echo "make test: $(( $(date +%s) - start )) s with $lanes lanes"
if [ -n "$failed" ]; then
    echo "make test: FAILED:" $failed
    exit 1
fi
exit 0
