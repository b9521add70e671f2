#!/usr/bin/env bash
# action_cost.sh BIN PAGES: the server's instructions per action (SPEC §11), counted by
# callgrind through bench/hit_cost.sh, on a copy of the sample PAGES whose add-to-cart action
# and `cart` source point at the sample carts backend served in the benchmark's process
# (`--served-carts`: instant, on its own thread, left out of the count with the client's; the
# copy's timeouts are a minute, as valgrind's one-thread-at-a-time scheduling can hold a thread
# longer than their 150 and 800 ms):
#   - add-to-cart of product 3 for alice from /product/3: the checks, the backend's POST, the
#     cart invalidated, the `cart-badge` section rendered anew (the cart fetched again) and the
#     toast; the figure on every server thread is the one held to the uncached /product/3 miss;
#   - the same action with a bad input (quantity 50: a 400 `bad_input`, no backend called),
#     held to a cached hit plus the checks alone (`trellis bench` row "/_actions/add-to-cart:
#     checks, bad input", which posts the same body: MicroBenchmarks.badActionBody).
set -euo pipefail
BIN=$1 PAGES=$2
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d /tmp/trellis-action.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
cp -r "$PAGES" "$WORK/Pages"
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 - "$WORK/Pages" "http://127.0.0.1:$PORT" <<'PY'
import json, os, sys
root, base = sys.argv[1:3]
for name, place in (("sources.json", lambda v: v["sources"]["cart"]), ("actions/add-to-cart.json", lambda v: v["upstream"])):
    path = os.path.join(root, name)
    value = json.load(open(path))
    call = place(value)
    call["url"] = call["url"].replace("https://localhost:9443", base)
    call["timeoutMs"] = 60000
    json.dump(value, open(path, "w"), indent=1)
PY
export TARGET=/_actions/add-to-cart HEADER="Authorization: Bearer alice"
BODY='{"input":{"productId":"3"},"page":"/product/3"}' CARTS_PORT=$PORT LABEL="add-to-cart action (backend in process)" \
    "$HERE/hit_cost.sh" "$BIN" "$WORK/Pages"
BODY='{"input":{"productId":"3","quantity":50},"page":"/product/3"}' STATUS=400 LABEL="add-to-cart action with a bad input (400)" \
    "$HERE/hit_cost.sh" "$BIN" "$WORK/Pages"
