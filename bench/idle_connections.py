#!/usr/bin/env python3
"""Holds N idle keep-alive connections to a running Trellis and checks each is still answered.

Usage: idle_connections.py PORT PID [N]   (run under `ulimit -n` larger than N; bench/run.sh does)
Opens N connections, sends one request on each and reads the answer, waits 2 s with all of
them idle, reads the server's RSS, then sends a second request on every connection and counts
the answers. Prints one summary line; exits 1 unless every connection was answered twice.
"""
import socket
import sys
import time

from soak import read_response, rss_kib


def read_answer(sock):
    """Whether the next response is a complete 200."""
    answer = read_response(sock, b"")
    return answer is not None and answer[0] == 200


def request(sock):
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: bench\r\n\r\n")


def main():
    port, pid = int(sys.argv[1]), int(sys.argv[2])
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 10_000
    rss_before = rss_kib(pid)
    sockets, first = [], 0
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        request(sock)
        first += read_answer(sock)
        sockets.append(sock)
    time.sleep(2)
    rss_idle = rss_kib(pid)
    for sock in sockets:
        request(sock)
    second = sum(read_answer(sock) for sock in sockets)
    for sock in sockets:
        sock.close()
    print(f"idle connections: {count} opened, {first} answered, {second} answered again after 2 s idle; "
          f"server RSS {rss_before / 1024:.1f} MiB before, {rss_idle / 1024:.1f} MiB with {count} idle "
          f"({(rss_idle - rss_before) / count:.2f} KiB per connection)")
    sys.exit(0 if first == second == count else 1)


if __name__ == "__main__":
    main()
