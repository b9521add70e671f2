#!/usr/bin/env bash
# The Kubernetes setup without Kubernetes: three Trellis replicas and nginx in front, on
# loopback ports, from the repository's own Pages/ and deploy/nginx/ files.
#
#   deploy/cluster.sh run               start, wait for Ctrl-C, stop (what `make cluster` does)
#   deploy/cluster.sh start | stop      start in the background / stop what start started
#   deploy/cluster.sh rolling-restart   restart the replicas one at a time, each ready before the next
#
# Knobs: PORT (nginx, 8080; replicas on PORT+1..PORT+3), RUN (state folder, .cluster),
# PAGES (Pages), TRELLIS_BIN (default: the release build), NGINX (nginx).
# Processes are stopped by the PIDs recorded in RUN, and only if they are still ours.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PORT=${PORT:-8080}
RUN=$(mkdir -p "${RUN:-$ROOT/.cluster}" && cd "${RUN:-$ROOT/.cluster}" && pwd)
PAGES=${PAGES:-$ROOT/Pages}
NGINX=${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}
REPLICAS=(1 2 3)

BIN=${TRELLIS_BIN:-}

# until SECONDS COMMAND...: polls COMMAND every 0.1 s for at most SECONDS.
until_ok() {
    local deadline=$((SECONDS + $1)); shift
    until "$@" >/dev/null 2>&1; do
        [ "$SECONDS" -lt "$deadline" ] || return 1
        sleep 0.1
    done
}

ready() { curl -fsS -o /dev/null "http://127.0.0.1:$1/readyz"; }

# ours PIDFILE NAME: the PID in PIDFILE, if that process is still a NAME we started.
ours() {
    local pid
    pid=$(cat "$1" 2>/dev/null) || return 1
    tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -q "$2" && echo "$pid"
}

# gone PID: the process has exited (a zombie not yet reaped by its parent counts).
gone() { [ ! -e "/proc/$1" ] || grep -q '^[^)]*) Z' "/proc/$1/stat" 2>/dev/null; }

# stop_pid PIDFILE NAME SIGNAL: signals the process and waits (15 s at most) until it is gone.
stop_pid() {
    local pid
    if pid=$(ours "$1" "$2"); then
        kill "-$3" "$pid"
        until_ok 15 gone "$pid" || { echo "$2 (pid $pid) did not stop; killing it" >&2; kill -KILL "$pid"; }
    fi
    rm -f "$1"
}

start_replica() {
    local n=$1 port=$((PORT + $1))
    # nginx probes nothing, so there is no grace to give it: the listener closes at once and
    # nginx retries a refused connection on another replica.
    "$BIN" serve --pages "$PAGES" --host 127.0.0.1 --port "$port" --drain-grace 0 \
        >> "$RUN/replica-$n.log" 2>> "$RUN/replica-$n.err" &
    echo $! > "$RUN/replica-$n.pid"
    until_ok 30 ready "$port" || { echo "replica $n did not become ready:" >&2; tail "$RUN/replica-$n.err" >&2; exit 1; }
}

stop_replica() { stop_pid "$RUN/replica-$1.pid" "trellis serve" TERM; }

start() {
    for n in "${REPLICAS[@]}"; do start_replica "$n"; done
    sed -e "s/127\.0\.0\.1:8080/127.0.0.1:$PORT/" \
        -e "s/127\.0\.0\.1:8081/127.0.0.1:$((PORT + 1))/" \
        -e "s/127\.0\.0\.1:8082/127.0.0.1:$((PORT + 2))/" \
        -e "s/127\.0\.0\.1:8083/127.0.0.1:$((PORT + 3))/" "$ROOT/deploy/nginx/trellis.conf" > "$RUN/trellis.conf"
    cp "$ROOT/deploy/nginx/nginx.conf" "$RUN/nginx.conf"
    "$NGINX" -p "$RUN" -e "$RUN/nginx.err" -c "$RUN/nginx.conf" -g "daemon off;" \
        > "$RUN/nginx.out" 2>&1 &
    echo $! > "$RUN/nginx-master.pid"
    until_ok 10 curl -fsS -o /dev/null "http://127.0.0.1:$PORT/home" || { cat "$RUN/nginx.err" >&2; exit 1; }
    echo "nginx on http://127.0.0.1:$PORT/ in front of replicas on ports $((PORT + 1))-$((PORT + 3)); logs in $RUN"
}

stop() {
    stop_pid "$RUN/nginx-master.pid" nginx QUIT
    for n in "${REPLICAS[@]}"; do stop_replica "$n"; done
}

rolling_restart() {
    for n in "${REPLICAS[@]}"; do
        stop_replica "$n"
        start_replica "$n"
        echo "replica $n restarted (pid $(cat "$RUN/replica-$n.pid"))"
    done
}

# The trellis binary: TRELLIS_BIN, else the release build (built when missing).
if [ -z "$BIN" ] && [[ "${1:-}" =~ ^(start|run|rolling-restart)$ ]]; then
    BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/trellis"
    [ -x "$BIN" ] || (cd "$ROOT" && swift build -c release --product trellis)
fi

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    rolling-restart) rolling_restart ;;
    run)
        trap 'stop; exit 0' INT TERM
        start
        echo "Ctrl-C stops it; 'deploy/cluster.sh rolling-restart' in another terminal restarts the replicas."
        wait
        ;;
    *) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
