#!/usr/bin/env bash
# make upstream: the sample shop's backends on loopback, stopped together by Ctrl-C.
#   :9100 recommendations (http)   :9101 search (http)   :9443 carts (https, per user:
#   the value is chosen by the Authorization header, "Bearer alice" or "Bearer bob";
#   POST /v1/cart/items {"productId":"3"} adds to that cart, 409 for sold-out product 7).
# A value with an "items" array is answered a page at a time: ?cursor=<c>&limit=<n>, "next".
# The https one uses a throwaway CA made here (.build/sample-tls); `make run` trusts it with
# --upstream-ca when it exists.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:?set BIN to the trellis binary}
TLS=.build/sample-tls
if [[ ! -f $TLS/localhost.pem ]]; then
    mkdir -p "$TLS"
    openssl req -x509 -newkey rsa:2048 -nodes -keyout "$TLS/ca-key.pem" -out "$TLS/ca.pem" -days 30 \
        -subj "/CN=Trellis sample CA" 2>/dev/null
    openssl req -newkey rsa:2048 -nodes -keyout "$TLS/localhost-key.pem" -out "$TLS/localhost.csr" \
        -subj /CN=localhost 2>/dev/null
    printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' > "$TLS/localhost.ext"
    openssl x509 -req -in "$TLS/localhost.csr" -CA "$TLS/ca.pem" -CAkey "$TLS/ca-key.pem" -CAcreateserial \
        -out "$TLS/localhost.pem" -days 30 -extfile "$TLS/localhost.ext" 2>/dev/null
    chmod 600 "$TLS"/*-key.pem
fi
PIDS=()
trap 'kill "${PIDS[@]}" 2>/dev/null || true' EXIT INT TERM
"$BIN" upstream --data samples/recommendations.json --port 9100 & PIDS+=($!)
"$BIN" upstream --data samples/search.json --port 9101 & PIDS+=($!)
"$BIN" upstream --data samples/carts.json --port 9443 --key-header Authorization --products Pages/data/products.json \
    --tls-cert "$TLS/localhost.pem" --tls-key "$TLS/localhost-key.pem" & PIDS+=($!)
wait
