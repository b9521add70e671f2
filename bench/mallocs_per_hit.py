#!/usr/bin/env python3
"""Heap allocations per cached page answer, counted in the real server.

Usage: mallocs_per_hit.py TRELLIS_BIN PAGES_DIR [REQUESTS] [PATH] [DEPTH]

Builds bench/malloc_counter.c (an LD_PRELOAD counter), starts `trellis serve` with it, warms
the cache up, then sends REQUESTS (default 20,000) identical GETs for PATH (default /home,
Accept-Encoding: gzip) pipelined DEPTH (default 1, as wrk sends them) at a time on one
keep-alive connection, reading the
counter (SIGUSR2) before and after. Prints allocations per request: everything the server does
for one hit (parse, decide, cache look-up, write, access log, metrics). Stops the server by PID.
With DEVICES=N in the environment, the requests cycle through N X-Device-Id values instead of
one (more than the decision memo holds: each request is then decided anew).
"""
import os, signal, socket, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))


def build_counter(work):
    library = os.path.join(work, "malloc_counter.so")
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", library, os.path.join(HERE, "malloc_counter.c"), "-ldl"],
                   check=True)
    return library


def read_count(pid, path):
    if os.path.exists(path):
        os.remove(path)
    os.kill(pid, signal.SIGUSR2)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with open(path) as f:
                text = f.read()
            if text.endswith("\n"):
                return int(text)
        except FileNotFoundError:
            pass
        time.sleep(0.01)
    raise SystemExit("the counter did not answer SIGUSR2")


def answer_count(sock, count, buffer):
    """Reads `count` whole responses (Content-Length framed) from `sock`."""
    answered = 0
    while answered < count:
        end = buffer.find(b"\r\n\r\n")
        if end >= 0:
            head = buffer[:end].decode("latin-1").lower()
            length = 0
            for line in head.split("\r\n"):
                if line.startswith("content-length:"):
                    length = int(line.split(":", 1)[1])
            if len(buffer) >= end + 4 + length:
                if not head.startswith("http/1.1 200"):
                    raise SystemExit("unexpected answer: " + head.splitlines()[0])
                buffer = buffer[end + 4 + length:]
                answered += 1
                continue
        chunk = sock.recv(1 << 20)
        if not chunk:
            raise SystemExit("the server closed the connection")
        buffer += chunk
    return buffer


def main():
    binary, pages = sys.argv[1], sys.argv[2]
    requests = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
    path = sys.argv[4] if len(sys.argv) > 4 else "/home"
    work = tempfile.mkdtemp(prefix="trellis-mallocs.")
    counter_file = os.path.join(work, "count")
    port = 18097
    env = dict(os.environ, LD_PRELOAD=build_counter(work), MALLOC_COUNTER_FILE=counter_file)
    server = subprocess.Popen([binary, "serve", "--pages", pages, "--host", "127.0.0.1", "--port", str(port)],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for line in server.stderr:
            if b"listening on" in line:
                break
        sock = socket.create_connection(("127.0.0.1", port))
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        devices = int(os.environ.get("DEVICES", "1"))
        requests_by_device = [("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n"
                               "X-Client-Version: ios/5.2.0\r\nX-Device-Id: device-%d\r\n\r\n" % (path, n + 1)).encode()
                              for n in range(devices)]
        sent = 0
        depth = int(sys.argv[5]) if len(sys.argv) > 5 else 1
        buffer = b""

        def send(count):
            nonlocal buffer
            nonlocal sent
            for start in range(0, count, depth):
                batch = min(depth, count - start)
                sock.sendall(b"".join(requests_by_device[(sent + n) % devices] for n in range(batch)))
                sent += batch
                buffer = answer_count(sock, batch, buffer)

        send(2000)  # warm up: the cache entry, the loop's buffers, the access-log batch
        before = read_count(server.pid, counter_file)
        send(requests)
        after = read_count(server.pid, counter_file)
        print("allocations per cached %s answer: %.2f (%d over %d requests, %d pipelined)"
              % (path, (after - before) / requests, after - before, requests, depth))
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
