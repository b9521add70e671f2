#!/usr/bin/env bash
# make bench: in-process micro-benchmarks; callgrind's instructions per cached hit, per section
# hit, per page of a list, per action (its backend in process) and per refused one, per
# uncached miss against zlib alone, and heap allocations per hit in serve; 2,000 personal pages
# waiting on a slow upstream at once; then loopback runs with wrk: /healthz, 10,000 idle
# keep-alive connections, the memory soak (bench/soak.py, default flags and a 4 MiB cache),
# plain vs TLS, and the comparison with the peers in ../shared/bench (nginx gzip_static and,
# when its peer is there, the setup's ceiling `limit`; Hummingbird 2 with PEERS="nginx limit hb"
# when ../shared is writable, as its peer builds there). Every server runs with its default
# flags pinned to CPU 1 (taskset), so it sizes its event loops from that; servers are stopped
# by their PID. Ends with one table, each figure next to its bar (bench/summary.py). Knobs:
# SHARED (../shared), PEERS ("nginx limit"; "nginx" without the limit peer), DURATION (5s),
# REPS (3), IDLE (10000), SOAK (60), SKIP_PEERS=1 to leave out the peer comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SHARED=${SHARED:-$ROOT/../shared}
DURATION=${DURATION:-5s}
BIN=$(swift build -c release --show-bin-path)/trellis
WORK=$(mktemp -d /tmp/trellis-bench.XXXXXX)
PIDS=()
trap 'for p in "${PIDS[@]}"; do kill -TERM "$p" 2>/dev/null || true; done' EXIT
ulimit -n "$(ulimit -Hn)"  # 10,000 idle connections need more than the usual 1024

# start NAME PORT ARGS...: serve on 127.0.0.1:PORT (server on CPU 1), wait for its listening line.
start() {
    local name=$1 port=$2; shift 2
    taskset -c 1 "$BIN" serve --host 127.0.0.1 --port "$port" "$@" > "$WORK/$name.out" 2> "$WORK/$name.err" &
    PIDS+=($!)
    for _ in $(seq 100); do grep -q "listening on" "$WORK/$name.err" && return 0; sleep 0.1; done
    cat "$WORK/$name.err"; exit 1
}
load() { taskset -c 0 wrk -t1 -c64 -d"$DURATION" --latency "$@" | grep -E "Requests/sec|Latency  |99%|Socket errors|Non-2xx"; }

echo "== micro-benchmarks (in-process, medians per operation)"
"$BIN" bench --pages "$ROOT/Pages" --bench-pages "$SHARED/bench/Pages" | tee "$WORK/micro.txt"

echo; echo "== one cached /home hit: instructions (callgrind, in-process server) and heap allocations (serve)"
bench/hit_cost.sh "$BIN" "$SHARED/bench/Pages" | tee "$WORK/hitcost.txt"
REPEATED_HEADS=0 LABEL="cached /home hit parsed and handled (head memo off)" bench/hit_cost.sh "$BIN" "$SHARED/bench/Pages" \
    | tee -a "$WORK/hitcost.txt"
bench/section_hit_cost.sh "$BIN" "$SHARED/bench/Pages" | tee "$WORK/sectionhit.txt"
python3 bench/mallocs_per_hit.py "$BIN" "$SHARED/bench/Pages" | tee "$WORK/mallocs.txt"

echo; echo "== a page of a list, an action (its backend in process) and a refused one; the miss against zlib alone (callgrind)"
bench/list_page_cost.sh "$BIN" "$SHARED/bench/Pages" | tee "$WORK/listpage.txt"
bench/action_cost.sh "$BIN" "$ROOT/Pages" | tee "$WORK/action.txt"
bench/row_cost.sh "$BIN" "$ROOT/Pages" "/product/3: uncached request (pipeline" "/product/3: uncached request: zlib alone" \
    "/_actions/add-to-cart: checks, bad input" | tee "$WORK/rowcost.txt"

echo; echo "== 2,000 personal pages in flight, each waiting 100 ms on its upstream (no thread per call; expect < 1 s, threads flat)"
python3 bench/upstream_fanout.py "$BIN" "$ROOT/Pages" 2000 100

echo; echo "== a personal page from an https upstream against plain http (pooled, then cold)"
python3 bench/personal_https.py "$BIN" "$ROOT/Pages" 2000

echo; echo "== wrk -t1 -c64 -d$DURATION /healthz (expect no socket errors, no non-2xx)"
start plain 18091 --pages "$ROOT/Pages"
load http://127.0.0.1:18091/healthz

echo; echo "== ${IDLE:=10000} idle keep-alive connections"
python3 bench/idle_connections.py 18091 "${PIDS[-1]}" "$IDLE" | tee "$WORK/idle.txt"

echo; echo "== memory soak: ${SOAK:=60} s of mixed page traffic at c=64, default flags (expect RSS growth after 10 s < 20 %)"
python3 bench/soak.py "$BIN" --seconds "$SOAK" | tee "$WORK/soak-default.txt" || echo "(the soak failed its bar)"
echo; echo "== memory soak with --cache-bytes 4194304 (expect peak RSS <= start + 1.25 x 4 MiB)"
python3 bench/soak.py "$BIN" --seconds "$SOAK" --cache-bytes 4194304 | tee "$WORK/soak-4mib.txt" || echo "(the soak failed its bar)"

echo; echo "== plain vs TLS: wrk -t1 -c64 -d$DURATION /home, Accept-Encoding: gzip"
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$WORK/k.pem" -out "$WORK/c.pem" -days 1 \
    -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1 2>/dev/null
start tls 18092 --pages "$ROOT/Pages" --tls-cert "$WORK/c.pem" --tls-key "$WORK/k.pem"
echo "plain:"; load -H 'Accept-Encoding: gzip' http://127.0.0.1:18091/home
echo "TLS:";   load -H 'Accept-Encoding: gzip' https://127.0.0.1:18092/home
for p in "${PIDS[@]}"; do kill -TERM "$p"; wait "$p" || true; done
PIDS=()

if [[ -z ${PEERS:-} ]]; then
    PEERS=nginx
    [[ -f $SHARED/bench/peers/limit/limit.c ]] && PEERS="nginx limit"
fi
if [[ ${SKIP_PEERS:-0} != 1 && -x $SHARED/bench/run_peers.sh ]]; then
    echo; echo "== loopback comparison with the peers (run_peers.sh; trellis with its default flags)"
    OURS_CMD="$BIN serve --pages $SHARED/bench/Pages --host 127.0.0.1 --port 18090" \
    OURS_PORT=18090 OURS_NAME=trellis PEERS=$PEERS DURATION=$DURATION REPS=${REPS:-3} \
        "$SHARED/bench/run_peers.sh" | tee "$WORK/peers.txt"
fi
python3 bench/summary.py "$WORK"
