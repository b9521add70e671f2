#!/usr/bin/env bash
# row_cost.sh BIN PAGES ROW...: instructions per operation of `trellis bench` rows, counted by
# callgrind (repeatable on a noisy machine): the program run with `--matching ROW`, less the
# program run with `--matching nothing` (loading the Pages, making each row's inputs), divided by
# the times the row ran its operation (ops per batch x batches, plus the tenth of a batch it
# warms up with). ROW is text of one measured row's name, as `--matching` takes it: e.g.
# "/product/3: uncached request (pipeline", "/product/3: uncached request: zlib alone",
# "/_actions/add-to-cart: checks, bad input". Prints one line per ROW. Runs from the package root
# (`trellis bench` reads samples/recommendations.json); BENCH_PAGES, when set, is --bench-pages.
set -euo pipefail
BIN=$(realpath "$1") PAGES=$(realpath "$2")
shift 2
cd "$(dirname "$0")/.."
WORK=$(mktemp -d /tmp/trellis-rowcost.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
ARGS=(bench --pages "$PAGES")
[[ -n ${BENCH_PAGES:-} ]] && ARGS+=(--bench-pages "$(realpath "$BENCH_PAGES")")
# total NAME MATCHING: the program's instructions with `--matching MATCHING`; its table in $WORK/NAME.txt.
total() {
    valgrind --tool=callgrind --callgrind-out-file="$WORK/cg.$1" "$BIN" "${ARGS[@]}" --matching "$2" > "$WORK/$1.txt" 2> "$WORK/$1.log" \
        || { cat "$WORK/$1.log" >&2; exit 1; }
    awk '/^totals:/ {print $2}' "$WORK/cg.$1"
}
base=$(total base nothing)
index=0
for row in "$@"; do
    index=$((index + 1))
    instructions=$(total "row$index" "$row")
    # The one measured row, | name | median | ops per batch | batches |: its runs, then its name.
    info=$(python3 - "$WORK/row$index.txt" <<'PY'
import sys
rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in open(sys.argv[1]) if line.startswith("|")]
measured = [r for r in rows[2:] if len(r) == 4 and r[2].isdigit()]
if len(measured) != 1:
    sys.exit("row_cost.sh: %d measured rows match (one wanted): %s" % (len(measured), [r[0] for r in measured]))
ops, batches = int(measured[0][2]), int(measured[0][3])
print(ops * batches + ops // 10)
print(measured[0][0])
PY
)
    runs=${info%%$'\n'*} name=${info#*$'\n'}
    echo "instructions per $name (callgrind, $runs runs): $(( (instructions - base) / runs ))"
done
