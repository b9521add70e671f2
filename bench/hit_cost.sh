#!/usr/bin/env bash
# hit_cost.sh BIN BENCH_PAGES: instructions per cached /home hit on the server's event loop,
# counted by callgrind (repeatable on a noisy machine): `trellis bench --served-hits N` runs
# twice, with SMALL and LARGE hits, and the difference of the event-loop thread's inclusive
# instructions is divided by LARGE - SMALL. Prints the figure; with TOP=N, also the N project
# functions with the most inclusive instructions (where to look next). Knobs: SMALL (1000),
# LARGE (6000), TOP (0), TARGET (/home; a section: /home?_section=deals).
set -euo pipefail
BIN=$1 PAGES=$2
SMALL=${SMALL:-1000} LARGE=${LARGE:-6000} TARGET=${TARGET:-/home}
WORK=$(mktemp -d /tmp/trellis-hitcost.XXXXXX)
loop_instructions() {  # the event loop's inclusive Ir in one callgrind output
    callgrind_annotate --inclusive=yes "$1" 2>/dev/null | awk '/EventLoopC3runyyF \[/ && !done {gsub(",", "", $1); print $1; done=1}'
}
for n in $SMALL $LARGE; do
    valgrind --tool=callgrind --callgrind-out-file="$WORK/cg.$n" "$BIN" bench --bench-pages "$PAGES" --served-hits "$n" --served-target "$TARGET" \
        > /dev/null 2> "$WORK/valgrind.$n.log"
done
small=$(loop_instructions "$WORK/cg.$SMALL") large=$(loop_instructions "$WORK/cg.$LARGE")
echo "instructions per cached $TARGET hit on the event loop (callgrind, $SMALL vs $LARGE hits): $(( (large - small) / (LARGE - SMALL) ))"
if [[ ${TOP:-0} -gt 0 ]]; then
    callgrind_annotate --inclusive=yes "$WORK/cg.$LARGE" 2>/dev/null | grep -E 'Sources/(HTTPServer|Trellis|SDUI)' \
        | grep -v -E 'LoopbackClient|ServedHitBenchmark|TrellisApplication|Upstream|PagesLoader|Template|Site' | cut -c1-200 | sed -n "1,${TOP}p"
fi
rm -rf "$WORK"
