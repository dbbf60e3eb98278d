#!/usr/bin/env bash
# CI stage for issue 7 (called by .ci/run; see Fuzz/README.md):
#   Fuzz/ci.sh fuzz [SECONDS]   release + libFuzzer + ASan build, every seed and regression input, then SECONDS
#                               (default 20) of fuzzing per target
#   Fuzz/ci.sh sanitizers       the test suite under ASan, then under TSan
# Each step prints its wall time. Scratch paths are separate (.build-fuzz or $FUZZ_SCRATCH, .build-asan, .build-tsan).
set -euo pipefail
cd "$(dirname "$0")/.."
export SWIFT_BACKTRACE=enable=no   # the backtracer can hang on a crash under libFuzzer/sanitizers
targets=(evemu libinput-record decoder arena control config token navigation-queue forwarder)

timed() {   # timed LABEL COMMAND...: runs COMMAND, then prints how long it took
    local label=$1 t0; shift
    t0=$(date +%s)
    "$@"
    echo "--- $label: $(( $(date +%s) - t0 )) s"
}

# Sets dirs to target $1's kept inputs: its corpus, and its regressions when it has some.
kept_inputs() {
    dirs=(Fuzz/corpus/"$1")
    if [ -d Fuzz/regressions/"$1" ]; then dirs+=(Fuzz/regressions/"$1"); fi
}

# Waits for the fuzz runs in pids (names: their targets), prints each one's log, and fails if any failed.
fuzz_wait() {
    local i failed=0
    for i in "${!pids[@]}"; do
        if ! wait "${pids[$i]}"; then failed=1; fi
        cat "$work/${names[$i]}.log"
    done
    pids=() names=()
    if [ $failed -ne 0 ]; then echo "CI: a fuzz run failed (its log above)" >&2; exit 1; fi
}

fuzz() {
    local seconds=${1:-20} bin work scratch=${FUZZ_SCRATCH:-.build-fuzz}
    timed "fuzz build (release, fuzzer+address)" \
        swift build -c release --scratch-path "$scratch" --product edgeswipe-fuzz \
            --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=address -Xswiftc -DEDGESWIPE_FUZZ
    bin=$scratch/release/edgeswipe-fuzz
    # An uninstrumented binary would "pass" everything: insist on thousands of coverage counters.
    local counters
    counters=$(EDGESWIPE_FUZZ_TARGET=config "$bin" -runs=0 2>&1 | sed -n 's/.*(\([0-9]*\) inline 8-bit counters).*/\1/p' | head -1)
    if [ "${counters:-0}" -lt 10000 ]; then
        echo "CI: edgeswipe-fuzz reports ${counters:-no} inline 8-bit counters: not instrumented" >&2
        exit 1
    fi
    work=$(mktemp -d)
    local dirs=()
    # Every kept input once, one target after another; a crash or broken invariant fails CI and leaves the input
    # in $work (printed by libFuzzer as "Test unit written to ...").
    for t in "${targets[@]}"; do
        kept_inputs "$t"
        mkdir -p "$work/$t"
        timed "fuzz $t: seeds and regressions" env EDGESWIPE_FUZZ_TARGET="$t" "$bin" -runs=0 "${dirs[@]}"
    done
    # Then a short run from them, two targets at a time: a libFuzzer run uses one core, the machine has two, so
    # each target keeps its SECONDS and the stage takes half as long. Each run's output goes to its own log,
    # printed when it ends.
    local pids=() names=()
    for t in "${targets[@]}"; do
        kept_inputs "$t"
        local dict=()
        [ -f Fuzz/dictionaries/"$t".dict ] && dict=(-dict=Fuzz/dictionaries/"$t".dict)
        ( timed "fuzz $t: ${seconds} s" env EDGESWIPE_FUZZ_TARGET="$t" "$bin" -max_total_time="$seconds" -max_len=4096 \
            -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/$t-" "${dict[@]}" "$work/$t" "${dirs[@]}" \
            >"$work/$t.log" 2>&1 ) &
        pids+=($!) names+=("$t")
        if [ ${#pids[@]} -eq 2 ]; then fuzz_wait; fi
    done
    fuzz_wait
    rm -rf "$work"
}

sanitizers() {
    timed "ASan build (tests)" swift build --build-tests --sanitize=address --scratch-path .build-asan
    # Fuzz/lsan.supp: LeakSanitizer findings that are the toolchain's or test-only cycles, each explained there.
    timed "ASan test run" env LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0" \
        swift test --skip-build --sanitize=address --scratch-path .build-asan
    timed "TSan build (tests)" swift build --build-tests --sanitize=thread --scratch-path .build-tsan
    # The whole suite: about 25 s under TSan on 2 cores, so no need to narrow it to the threaded suites.
    timed "TSan test run" swift test --skip-build --sanitize=thread --scratch-path .build-tsan
}

case "${1:-}" in
    fuzz) fuzz "${2:-20}" ;;
    sanitizers) sanitizers ;;
    *) echo "usage: Fuzz/ci.sh fuzz [SECONDS] | sanitizers" >&2; exit 2 ;;
esac
