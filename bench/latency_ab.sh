#!/usr/bin/env bash
# latency_ab.sh "NAME=COMMAND" ...: interleaved wrk runs of several server commands, for
# comparing latency tails, which move between runs more than the differences looked for.
#
# Each round starts every command in turn (pinned to SERVER_CPU with taskset, its output in
# RUN_DIR/NAME.log), waits for it to answer on 127.0.0.1:PORT, warms it up for 2 s, runs
# `wrk -t1 -cC -dD --latency` with bench/latency_percentiles.lua (pinned to LOAD_CPU) and stops
# it by its PID. One line per run: req/s, p50 to p99.99, max, mean and wrk's CPU share; then the
# medians of each command's runs. A command listens on PORT itself, e.g.:
#
#   bench/latency_ab.sh "ours=$BIN serve --pages ../shared/bench/Pages --host 127.0.0.1 --port 18090" \
#       "nginx=nginx -e /tmp/ng/error.log -c /tmp/ng/nginx.conf -p /tmp/ng/"
#
# Knobs (env): C (64) D (10s) REPS (3) PORT (18090) TARGET (/home) SERVER_CPU (1) LOAD_CPU (0)
# RUN_DIR (a new /tmp/latency-ab.XXXXXX). Not part of `make test`: it measures, decides nothing.
set -euo pipefail
C=${C:-64} D=${D:-10s} REPS=${REPS:-3} PORT=${PORT:-18090} TARGET=${TARGET:-/home}
SERVER_CPU=${SERVER_CPU:-1} LOAD_CPU=${LOAD_CPU:-0}
HERE=$(cd "$(dirname "$0")" && pwd)
RUN_DIR=${RUN_DIR:-$(mktemp -d /tmp/latency-ab.XXXXXX)}
URL="http://127.0.0.1:$PORT$TARGET"
RESULTS="$RUN_DIR/runs.txt"
: > "$RESULTS"
server=""
trap '[[ -n $server ]] && kill "$server" 2>/dev/null; true' EXIT

for round in $(seq "$REPS"); do
    for spec in "$@"; do
        name=${spec%%=*} command=${spec#*=}
        bash -c "exec taskset -c $SERVER_CPU $command" > "$RUN_DIR/$name.log" 2>&1 &
        server=$!
        for _ in $(seq 100); do curl -s -o /dev/null "$URL" && break; sleep 0.1; done
        kill -0 "$server" 2>/dev/null || { echo "latency_ab.sh: $name did not start (see $RUN_DIR/$name.log)" >&2; exit 1; }
        taskset -c "$LOAD_CPU" wrk -t1 -c"$C" -d2s -H 'Accept-Encoding: gzip' "$URL" > /dev/null
        out=$(taskset -c "$LOAD_CPU" /usr/bin/time -f "wrk_cpu=%P" wrk -t1 -c"$C" -d"$D" --latency \
            -s "$HERE/latency_percentiles.lua" -H 'Accept-Encoding: gzip' "$URL" 2>&1)
        line="$round $name rps=$(awk '/Requests\/sec/ {print $2}' <<< "$out") $(grep '^p50=' <<< "$out") $(grep -o 'wrk_cpu=[0-9]*' <<< "$out")"
        echo "$line" | tee -a "$RESULTS"
        kill "$server"
        wait "$server" 2>/dev/null || true
        server=""
    done
done
python3 - "$RESULTS" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(lambda: collections.defaultdict(list))
for line in open(sys.argv[1]):
    _, name, *fields = line.split()
    for field in fields:
        key, _, value = field.partition("=")
        try:
            runs[name][key].append(float(value))
        except ValueError:
            pass
print(f"medians of {len(next(iter(runs.values()))['rps'])} runs each:")
for name, fields in runs.items():
    print(name, " ".join(f"{key}={statistics.median(values):.2f}" for key, values in fields.items()))
PY
