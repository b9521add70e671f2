#!/usr/bin/env bash
# make bench: in-process micro-benchmarks, then the loopback comparison with the peers in
# ../shared/bench (nginx gzip_static and Hummingbird 2), plain HTTP and TLS.
# Knobs: SHARED (../shared), PEERS ("nginx hb"), DURATION, REPS, CONNS (passed to run_peers.sh),
# SKIP_PEERS=1 to run only the micro-benchmarks.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SHARED=${SHARED:-$ROOT/../shared}
BIN=$(swift build -c release --show-bin-path)/trellis

echo "== micro-benchmarks (in-process, medians per operation)"
"$BIN" bench --pages "$ROOT/Pages" --bench-pages "$SHARED/bench/Pages"

[[ ${SKIP_PEERS:-0} == 1 ]] && exit 0
[[ -x $SHARED/bench/run_peers.sh ]] || { echo "no $SHARED/bench/run_peers.sh: skipping the peer comparison"; exit 0; }

echo "== loopback comparison (run_peers.sh)"
OURS_CMD="$BIN serve --pages $SHARED/bench/Pages --host 127.0.0.1 --port 18090 --event-loops 1" \
OURS_PORT=18090 OURS_NAME=trellis PEERS=${PEERS:-"nginx hb"} "$SHARED/bench/run_peers.sh" | tee /tmp/trellis-bench-peers.txt

python3 - /tmp/trellis-bench-peers.txt <<'PY'
import re, sys
rows = {}
for line in open(sys.argv[1]):
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) > 5 and cells[1].isdigit():
        rows[(cells[0], int(cells[1]))] = (float(cells[2]), float(cells[5]))
print("\n== ratios (trellis / peer, requests/s; p99 ms)")
for conns in sorted({c for _, c in rows}):
    ours = rows.get(("trellis", conns))
    if not ours: continue
    for peer in ("hb", "nginx"):
        if (peer, conns) in rows:
            theirs = rows[(peer, conns)]
            print(f"c={conns}: trellis/{peer} = {ours[0] / theirs[0]:.2f}x  (p99 {ours[1]:.2f} ms vs {theirs[1]:.2f} ms)")
PY
