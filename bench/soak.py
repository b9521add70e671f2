#!/usr/bin/env python3
"""The memory soak (issue 18): mixed page traffic against a release `trellis serve`, RSS sampled.

Usage: soak.py TRELLIS_BIN [--seconds 60] [--connections 64] [--port 0] [--cache-bytes N]
                           [--processes 4] [--web-share 0] [--pages Pages]
                           [--upstream-data samples/recommendations.json]

Copies the Pages folder to a temporary one whose `recommendations` source points at a
`trellis upstream` started here (so product pages are cached for their 30 s TTL, as in
production), then starts `trellis serve` with default flags (plus `--cache-bytes` when given)
on the port (0: a free one) and sends --seconds of traffic over --connections keep-alive
connections, spread over --processes load processes: valid and unknown product ids (an unknown
id is unique per request), /home, 7 client versions (below `minVersions`, below
`softMinVersions`, current, above; iOS and Android), a unique X-Device-Id per request,
gzip or not, and sometimes an Accept-Language; with --web-share, that share of requests also
sends a random X-Client-Capabilities subset (many client classes: the cache fills and evicts). The server's VmRSS is read every second.

Prints the RSS before traffic, at 10 s and at the end, the growth after the first 10 s and the
bound start + 1.25 x --cache-bytes (default 64 MiB). Exits 1 when the growth is 20 % or more,
when the peak RSS passes the bound, or when a request failed. Both servers are stopped by PID.
"""
import argparse
import json
import multiprocessing
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid

VERSIONS = ["ios/3.9.0", "android/3.2.1", "ios/4.2.0", "android/4.4.0", "ios/5.2.0", "android/5.0.0", "ios/9.1.0"]
LANGUAGES = [None, None, "fr", "pl-PL, en;q=0.5", "de"]
TYPES = ["column", "row", "list", "text", "divider", "image", "button", "carousel", "product-card", "top-bar", "hero",
         "chip-row", "price", "rating", "footer"]
DEFAULT_CACHE_BYTES = 64 * 1024 * 1024
GROWTH_LIMIT = 0.20


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def start(command, stderr_path, ready):
    """Starts `command` (stdout discarded), waits for `ready` on its stderr; returns the process."""
    stderr = open(stderr_path, "w")
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with open(stderr_path) as log:
            if ready in log.read():
                return process
        if process.poll() is not None:
            break
        time.sleep(0.1)
    with open(stderr_path) as log:
        sys.exit(f"{command[0]} {command[1]} did not start:\n{log.read()}")


def stop(process):
    os.kill(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()


def site_copy(pages, upstream_port):
    """A copy of `pages` whose recommendations source asks the upstream started here."""
    folder = tempfile.mkdtemp(prefix="trellis-soak.")
    copy = os.path.join(folder, "Pages")
    shutil.copytree(pages, copy)
    path = os.path.join(copy, "sources.json")
    with open(path) as file:
        sources = json.load(file)
    sources["sources"]["recommendations"]["url"] = f"http://127.0.0.1:{upstream_port}/recommendations/{{{{key}}}}"
    with open(path, "w") as file:
        json.dump(sources, file)
    return folder, copy


def request_bytes(rng, web_share):
    """One request of the mix, as bytes."""
    roll = rng.random()
    if roll < 0.35:
        path = f"/product/{rng.randint(1, 25)}"
    elif roll < 0.80:
        path = f"/product/u{uuid.uuid4().hex}"
    else:
        path = "/home"
    lines = [f"GET {path} HTTP/1.1", "Host: soak", f"X-Client-Version: {rng.choice(VERSIONS)}",
             f"X-Device-Id: {uuid.uuid4()}"]
    if rng.random() < web_share:  # a web client's capabilities: many client classes, so many cache entries
        lines.append("X-Client-Capabilities: page," + ",".join(t for t in TYPES if rng.random() < 0.8))
    if rng.random() < 0.5:
        lines.append("Accept-Encoding: gzip")
    language = rng.choice(LANGUAGES)
    if language:
        lines.append(f"Accept-Language: {language}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def read_response(sock, buffer):
    """Reads one response after `buffer` (leftover bytes); returns (status, rest) or None when closed."""
    while b"\r\n\r\n" not in buffer:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        buffer += chunk
    head, _, rest = buffer.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        rest += chunk
    return int(head[9:12]), rest[length:]


def connection_loop(port, deadline, web_share, counts, lock, seed):
    rng = random.Random(seed)
    local = {}
    sock, buffer = None, b""
    while time.monotonic() < deadline:
        if sock is None:
            sock, buffer = socket.create_connection(("127.0.0.1", port), timeout=10), b""
        try:
            sock.sendall(request_bytes(rng, web_share))
            answer = read_response(sock, buffer)
        except OSError:
            answer = None
        if answer is None:
            local["failed"] = local.get("failed", 0) + 1
            sock.close()
            sock = None
            continue
        status, buffer = answer
        local[status] = local.get(status, 0) + 1
    if sock:
        sock.close()
    with lock:
        for key, value in local.items():
            counts[key] = counts.get(key, 0) + value


def load_process(port, seconds, connections, web_share, seed, results):
    deadline = time.monotonic() + seconds
    counts, lock = {}, threading.Lock()
    threads = [threading.Thread(target=connection_loop, args=(port, deadline, web_share, counts, lock, seed * 1000 + index))
               for index in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results.put(counts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--cache-bytes", type=int)
    parser.add_argument("--web-share", type=float, default=0.0)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--pages", default=os.path.join(root, "Pages"))
    parser.add_argument("--upstream-data", default=os.path.join(root, "samples", "recommendations.json"))
    args = parser.parse_args()

    upstream_port, port = free_port(), args.port or free_port()
    folder, pages = site_copy(args.pages, upstream_port)
    upstream = start([args.binary, "upstream", "--data", args.upstream_data, "--host", "127.0.0.1",
                      "--port", str(upstream_port)], os.path.join(folder, "upstream.err"), "listening on")
    command = [args.binary, "serve", "--pages", pages, "--host", "127.0.0.1", "--port", str(port)]
    if args.cache_bytes is not None:
        command += ["--cache-bytes", str(args.cache_bytes)]
    server = start(command, os.path.join(folder, "serve.err"), "listening on")
    try:
        rss_start = rss_kib(server.pid)
        results = multiprocessing.Queue()
        per_process = max(1, args.connections // args.processes)
        processes = [multiprocessing.Process(target=load_process, args=(port, args.seconds, per_process, args.web_share, index, results))
                     for index in range(args.processes)]
        began = time.monotonic()
        for process in processes:
            process.start()
        samples = []
        while time.monotonic() - began < args.seconds:
            time.sleep(1)
            samples.append((time.monotonic() - began, rss_kib(server.pid)))
        counts = {}
        for _ in processes:
            for key, value in results.get().items():
                counts[key] = counts.get(key, 0) + value
        for process in processes:
            process.join()
    finally:
        stop(server)
        stop(upstream)
        shutil.rmtree(folder, ignore_errors=True)

    rss_10 = next((rss for at, rss in samples if at >= 10), samples[0][1])
    rss_end, rss_peak = samples[-1][1], max(rss for _, rss in samples)
    growth = (rss_end - rss_10) / rss_10
    cache_bytes = DEFAULT_CACHE_BYTES if args.cache_bytes is None else args.cache_bytes
    bound = rss_start + 1.25 * cache_bytes / 1024
    total = sum(counts.values())
    failed = counts.get("failed", 0)
    statuses = " ".join(f"{key}:{value}" for key, value in sorted(counts.items(), key=str))
    print(f"soak: {total} requests in {args.seconds:.0f} s ({total / args.seconds:.0f}/s) over {args.connections} "
          f"connections [{statuses}], cache-bytes {cache_bytes / 1048576:.0f} MiB")
    print(f"server RSS: {rss_start / 1024:.1f} MiB at start, {rss_10 / 1024:.1f} MiB at 10 s, "
          f"{rss_end / 1024:.1f} MiB at the end (peak {rss_peak / 1024:.1f}); growth after 10 s {growth * 100:+.1f} % "
          f"(limit {GROWTH_LIMIT * 100:.0f} %); bound start + 1.25 x cache-bytes = {bound / 1024:.1f} MiB")
    ok = growth < GROWTH_LIMIT and rss_peak <= bound and failed == 0
    print("soak: " + ("ok" if ok else "FAILED"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
