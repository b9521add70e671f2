#!/usr/bin/env bash
# hit_cost.sh BIN BENCH_PAGES: instructions per cached /home hit, counted by callgrind
# (repeatable on a noisy machine): `trellis bench --served-hits N` runs twice, with SMALL and
# LARGE requests, each thread counted apart (--separate-threads=yes), and a difference is
# divided by LARGE - SMALL: that of the event-loop thread's inclusive instructions (the figure
# to steer a hit by), and that of every thread but the client's (the main thread, which also
# loads the Pages) and the in-process backend's (the thread running SampleUpstream's handler):
# the server's whole cost, its access-log writer and upstream calls included (an action's).
# Prints both in one line; with TOP=N, also the N project functions with the most inclusive
# instructions on the event loop (where to look next). Knobs: SMALL (1000), LARGE (6000),
# TOP (0), TARGET (/home; a section: /home?_section=deals), BODY (POST this JSON to TARGET: an
# action), HEADER (one more header field, 'Name: value'), STATUS (the status every answer must
# have: 200), CARTS_PORT (serve the sample carts backend in process on 127.0.0.1:PORT),
# LABEL (what one request is, for the printed line: "cached $TARGET hit"), REPEATED_HEADS (the
# heads the loop answers again without handling them: 64; 0 counts a hit parsed and handled).
# Threads take turns fairly (--fair-sched=yes), as on separate cores: otherwise the event loop,
# never blocking while the client keeps it busy, can starve the access-log writer for thousands
# of requests, and its batch's growth lands in the count by chance.
set -euo pipefail
BIN=$1 PAGES=$2
SMALL=${SMALL:-1000} LARGE=${LARGE:-6000} TARGET=${TARGET:-/home}
LABEL=${LABEL:-"cached $TARGET hit"}
WORK=$(mktemp -d /tmp/trellis-hitcost.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
ARGS=(bench --bench-pages "$PAGES" --served-target "$TARGET" --served-status "${STATUS:-200}")
[[ -n ${BODY:-} ]] && ARGS+=(--served-body "$BODY")
[[ -n ${HEADER:-} ]] && ARGS+=(--served-header "$HEADER")
[[ -n ${CARTS_PORT:-} ]] && ARGS+=(--served-carts "$CARTS_PORT")
[[ -n ${REPEATED_HEADS:-} ]] && ARGS+=(--served-repeated-heads "$REPEATED_HEADS")

loop_instructions() {  # a thread's inclusive Ir in the event loop, from its callgrind output (empty: none)
    callgrind_annotate --inclusive=yes "$1" 2>/dev/null | awk '/EventLoopC3runyyF \[/ && !done {gsub(",", "", $1); print $1; done=1}'
}
# count N: runs the benchmark with N requests; prints "<event loop Ir> <server threads' Ir>".
count() {
    local n=$1 loop=0 server=0 file ir
    valgrind --tool=callgrind --fair-sched=yes --separate-threads=yes --callgrind-out-file="$WORK/cg.$n" "$BIN" "${ARGS[@]}" --served-hits "$n" \
        > "$WORK/out.$n" 2> "$WORK/valgrind.$n.log" || { cat "$WORK/out.$n" "$WORK/valgrind.$n.log" >&2; exit 1; }
    for file in "$WORK/cg.$n"-*; do
        [[ $file == *-01 ]] && continue                                 # the client (and the Pages loading)
        grep -q 'SampleUpstreamO7HandlerV6handle' "$file" && continue   # the in-process backend
        ir=$(awk '/^totals:/ {print $2}' "$file")
        server=$((server + ir))
        ir=$(loop_instructions "$file")
        if [[ -n $ir && $ir -gt $loop ]]; then loop=$ir; cp "$file" "$WORK/loop.$n"; fi
    done
    [[ $loop -gt 0 ]] || { echo "hit_cost.sh: no event loop thread in the callgrind output of $n requests" >&2; exit 1; }
    echo "$loop $server"
}
small=$(count "$SMALL")
large=$(count "$LARGE")
read -r small_loop small_server <<< "$small"
read -r large_loop large_server <<< "$large"
extra=$((LARGE - SMALL))
echo "instructions per $LABEL on the event loop (callgrind, $SMALL vs $LARGE requests): $(( (large_loop - small_loop) / extra ));" \
    "on every server thread: $(( (large_server - small_server) / extra ))"
if [[ ${TOP:-0} -gt 0 ]]; then
    callgrind_annotate --inclusive=yes "$WORK/loop.$LARGE" 2>/dev/null | grep -E 'Sources/(HTTPServer|HTTPClient|Trellis|SDUI)' \
        | grep -v -E 'LoopbackClient|ServedHitBenchmark|TrellisApplication|PagesLoader|Template|Site\.swift' | cut -c1-200 | sed -n "1,${TOP}p"
fi
