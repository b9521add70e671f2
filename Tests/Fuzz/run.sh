#!/usr/bin/env bash
# make fuzz: builds the libFuzzer targets (ASan + coverage) and runs each for FUZZ_SECONDS, one
# after another on one worker, then prints per target the executions, the coverage (cov: edges,
# ft: features) and the corpus size. New inputs go to Tests/Fuzz/.build/corpus/<target> (kept
# between runs, not committed) on top of the seeds in Tests/Fuzz/Corpus/<target>; crashes to
# Tests/Fuzz/.build/crashes/. Knobs: FUZZ_SECONDS (600), FUZZ_TARGETS (all four), FUZZ_ARGS
# (more libFuzzer flags). Exits 1 if any target crashed.
set -uo pipefail
cd "$(dirname "$0")"
SECONDS_PER_TARGET=${FUZZ_SECONDS:-600}
TARGETS=${FUZZ_TARGETS:-request-parser json pages upstream-reader}
# The Swift runtime's own crash backtracer reads the stack in a way ASan reports as a second
# error; libFuzzer's handler already prints the stack and saves the input.
export SWIFT_BACKTRACE=enable=no
FLAGS=(-c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing)

# product NAME: the executable of a target (request-parser -> FuzzRequestParser).
product() {
    case $1 in
        request-parser) echo FuzzRequestParser ;;
        json) echo FuzzJSON ;;
        pages) echo FuzzPages ;;
        upstream-reader) echo FuzzUpstreamReader ;;
        *) echo "unknown fuzz target: $1" >&2; exit 2 ;;
    esac
}

for target in $TARGETS; do
    swift build "${FLAGS[@]}" --product "$(product "$target")" || exit 1
done
BIN=$(swift build "${FLAGS[@]}" --show-bin-path)
mkdir -p .build/runs .build/crashes
failed=()
summary=()
for target in $TARGETS; do
    mkdir -p ".build/corpus/$target"
    dict=()
    [ -f "Dictionaries/$target.dict" ] && dict=("-dict=Dictionaries/$target.dict")
    log=".build/runs/$target.log"
    echo "== $target: ${SECONDS_PER_TARGET}s (log: Tests/Fuzz/$log)"
    # shellcheck disable=SC2086
    "$BIN/$(product "$target")" -max_total_time="$SECONDS_PER_TARGET" -print_final_stats=1 \
        -artifact_prefix=".build/crashes/$target-" "${dict[@]}" ${FUZZ_ARGS:-} \
        ".build/corpus/$target" "Corpus/$target" > "$log" 2>&1
    status=$?
    execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$')
    coverage=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1)
    corpus=$(find ".build/corpus/$target" -type f | wc -l)
    line="$target: ${execs:-?} executions, ${coverage:-no coverage line}, corpus $corpus files"
    if [ $status -ne 0 ]; then
        line="$line, CRASHED (exit $status): $(ls .build/crashes/"$target"-* 2>/dev/null | tr '\n' ' ')"
        failed+=("$target")
        grep -m1 -B2 -A12 'Fatal error\|ERROR: ' "$log"
    fi
    echo "$line"
    summary+=("$line")
done
echo "== fuzz summary"
printf '%s\n' "${summary[@]}"
[ ${#failed[@]} -eq 0 ]
