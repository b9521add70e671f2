#!/usr/bin/env python3
"""N personal page requests in flight at once, each waiting on a slow upstream (no thread per call).

Usage: upstream_fanout.py TRELLIS_BIN PAGES [N] [LATENCY_MS]   (run under a `ulimit -n` above 2N)
Starts `trellis upstream` (LATENCY_MS before each answer, the value keyed by the Authorization
header) and `trellis serve` on a copy of PAGES with a personal `url` source on it, warms up,
then opens N connections at once, each asking /me as its own user, and reads every answer.
Prints the wall time from the first connect to the last answer and the server's thread count
(/proc/PID/task) before, at most during, and after. Exits 1 unless every answer is a 200
carrying its own user's value. Both processes are stopped by their PID.
"""
import json
import os
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time


def start(command, log):
    """Starts a listening trellis command with --port 0; returns (process, port)."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=open(log, "w"))
    for _ in range(300):
        with open(log) as text:
            for line in text:
                if "listening on" in line:
                    return process, int(line.split("listening on ")[1].split()[0].rsplit(":", 1)[1])
        time.sleep(0.05)
    process.kill()
    sys.exit(f"{command[1]} did not start: " + open(log).read())


def threads(pid):
    return len(os.listdir(f"/proc/{pid}/task"))


def thread_names(pid):
    return sorted(open(f"/proc/{pid}/task/{task}/comm").read().strip() for task in os.listdir(f"/proc/{pid}/task"))


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def fan_out(port, users, on_tick):
    """Sends one request per user at once; returns (answers, wall seconds)."""
    selector = selectors.DefaultSelector()
    answers = {}
    started = time.monotonic()
    for user in users:
        sock = socket.socket()
        sock.setblocking(False)
        sock.connect_ex(("127.0.0.1", port))
        request = f"GET /me HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer u{user}\r\nConnection: close\r\n\r\n".encode()
        selector.register(sock, selectors.EVENT_WRITE, [user, request, b""])
    last = started
    while selector.get_map() and time.monotonic() - started < 30:
        for key, _ in selector.select(timeout=0.1):
            user, request, received = key.data
            try:
                if request:
                    sent = key.fileobj.send(request)
                    key.data[1] = request[sent:]
                    if not key.data[1]:
                        selector.modify(key.fileobj, selectors.EVENT_READ, key.data)
                    continue
                chunk = key.fileobj.recv(65536)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                chunk = b""
            if chunk:
                key.data[2] = received + chunk
                continue
            answers[user] = received
            last = time.monotonic()
            selector.unregister(key.fileobj)
            key.fileobj.close()
        on_tick()
    return answers, last - started


def main():
    binary, pages = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    latency = sys.argv[4] if len(sys.argv) > 4 else "100"
    work = tempfile.mkdtemp(prefix="trellis-fanout.")
    processes = []
    try:
        with open(f"{work}/users.json", "w") as users:
            json.dump({f"u{i}": {"name": f"user-{i}"} for i in range(count)}, users)
        upstream, upstream_port = start([binary, "upstream", "--data", f"{work}/users.json", "--port", "0",
                                         "--latency-ms", latency, "--key-header", "Authorization"], f"{work}/upstream.err")
        processes.append(upstream)
        shutil.copytree(pages, f"{work}/Pages")
        with open(f"{work}/Pages/sources.json") as text:
            sources = json.load(text)
        sources["sources"]["me"] = {"url": f"http://127.0.0.1:{upstream_port}/me/{{{{key}}}}", "timeoutMs": 10000,
                                    "forwardHeaders": ["Authorization"]}
        with open(f"{work}/Pages/sources.json", "w") as text:
            json.dump(sources, text)
        with open(f"{work}/Pages/pages/me.json", "w") as text:
            json.dump({"route": "/me", "data": {"me": {"source": "me", "key": "self", "required": True}},
                       "root": {"id": "me", "type": "page", "data": {"children": [
                           {"id": "name", "type": "text", "data": {"text": "{{me.name}}"}}]}}}, text)
        server, port = start([binary, "serve", "--pages", f"{work}/Pages", "--host", "127.0.0.1", "--port", "0"],
                             f"{work}/serve.err")
        processes.append(server)
        fan_out(port, range(20), lambda: None)  # warm up: the access log, Dispatch's own threads
        before = threads(server.pid)
        names = thread_names(server.pid)
        cpu = cpu_seconds(server.pid), cpu_seconds(upstream.pid)
        most = [before]
        answers, wall = fan_out(port, range(count), lambda: most.__setitem__(0, max(most[0], threads(server.pid))))
        after = threads(server.pid)
        cpu = cpu_seconds(server.pid) - cpu[0], cpu_seconds(upstream.pid) - cpu[1]
        good = sum(1 for user, answer in answers.items()
                   if answer.startswith(b"HTTP/1.1 200") and f'"text":"user-{user}"'.encode() in answer)
        print(f"{count} personal pages in flight, upstream {latency} ms: {good}/{count} answered with their own data "
              f"in {wall:.3f} s wall; server threads {before} before, {most[0]} at most, {after} after; "
              f"CPU: server {cpu[0]:.2f} s, upstream {cpu[1]:.2f} s")
        if after != before:
            print(f"threads before: {names}; after: {thread_names(server.pid)}")
        return 0 if good == count else 1
    finally:
        for process in processes:
            process.send_signal(signal.SIGTERM)
            process.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
