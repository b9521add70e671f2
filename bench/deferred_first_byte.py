#!/usr/bin/env python3
"""deferred_first_byte.py BIN [PAGES]: the first byte of /product/3 for an app that can `load`
when the related-products backend answers after 200 ms (SPEC §10.1, `"defer": "auto"`), against
the same page with no url source (its recommendations read from the sample file instead).

Both Pages folders are copies of PAGES (default: Pages) whose related entry may wait 1,000 ms
for its backend (the sample's 80 ms would cut the section's own answer short). One `trellis
upstream --latency-ms 200` serves the recommendations. Requests alternate between the two
servers, one keep-alive connection each; the figure is the median time from sending a request
to reading its first byte, over ROUNDS (200) requests. Rows:

  page only      the app never follows its placeholders: every answer is deferred, and (SPEC
                 §10.1) an auto-deferred page is never kept in the response cache, while the
                 no-url page is a cache hit after the first request;
  cache off      both servers with the response cache off (`--cache-bytes 0`): assembly against
                 assembly, what deferral itself costs;
  app loads      the app GETs each placeholder's `load` url as it appears, as a real one does, on
                 both servers: the related section's answer arrives when the backend does (its
                 median is printed), and the page goes inline, and to the cache, once the
                 backend's value is fresh;
  old app        an app that can't `load` (ios/5.0.0) gets the related products inline.
"""
import json, os, shutil, socket, statistics, subprocess, sys, tempfile, time

BIN = sys.argv[1]
PAGES = sys.argv[2] if len(sys.argv) > 2 else "Pages"
ROUNDS = int(os.environ.get("ROUNDS", "200"))
CAN_LOAD = "ios/5.1.0"
CANNOT_LOAD = "ios/5.0.0"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port):
    for _ in range(500):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return
        except OSError:
            time.sleep(0.02)
    raise SystemExit(f"nothing listens on :{port}")


def pages_copy(work, name, backend_port, with_url):
    folder = os.path.join(work, name)
    shutil.copytree(PAGES, folder)
    sources_path = os.path.join(folder, "sources.json")
    sources = json.load(open(sources_path))
    recommendations = sources["sources"]["recommendations"]
    if with_url:
        recommendations["url"] = f"http://127.0.0.1:{backend_port}/recommendations/{{{{key}}}}"
        recommendations["timeoutMs"] = 1000
    else:
        sources["sources"]["recommendations"] = {"file": recommendations["sample"]}
    json.dump(sources, open(sources_path, "w"))
    product_path = os.path.join(folder, "pages", "product.json")
    product = json.load(open(product_path))
    product["data"]["related"].pop("timeoutMs", None)
    json.dump(product, open(product_path, "w"))
    return folder


class Connection:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""

    def get(self, target, version):
        """(seconds to the first byte, status, body) of one GET."""
        request = f"GET {target} HTTP/1.1\r\nHost: bench\r\nX-Client-Version: {version}\r\n\r\n".encode()
        start = time.perf_counter()
        self.sock.sendall(request)
        while not self.buffer:
            self.buffer += self.sock.recv(65536)
        first = time.perf_counter() - start
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.sock.recv(65536)
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.decode().split("\r\n")
        status = int(lines[0].split()[1])
        length = next((int(l.split(":", 1)[1]) for l in lines if l.lower().startswith("content-length:")), 0)
        while len(self.buffer) < length:
            self.buffer += self.sock.recv(65536)
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        return first, status, body


def load_urls(node):
    """The `load` actions' urls in an answer's tree."""
    if isinstance(node, dict):
        if node.get("type") == "load" and "url" in node:
            yield node["url"]
        for value in node.values():
            yield from load_urls(value)
    elif isinstance(node, list):
        for value in node:
            yield from load_urls(value)


def serve(folder, port, cache_bytes):
    args = [BIN, "serve", "--pages", folder, "--port", str(port), "--event-loops", "1"]
    if cache_bytes is not None:
        args += ["--cache-bytes", str(cache_bytes)]
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(port)
    return process


def ms(seconds):
    return f"{seconds * 1000:.3f} ms"


def main():
    work = tempfile.mkdtemp(prefix="trellis-deferred-")
    processes = []
    try:
        backend_port = free_port()
        processes.append(subprocess.Popen(
            [BIN, "upstream", "--data", "samples/recommendations.json", "--port", str(backend_port), "--latency-ms", "200"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_for(backend_port)
        deferred_pages = pages_copy(work, "deferred", backend_port, with_url=True)
        plain_pages = pages_copy(work, "plain", backend_port, with_url=False)

        def pair(cache_bytes):
            ports = free_port(), free_port()
            started = [serve(deferred_pages, ports[0], cache_bytes), serve(plain_pages, ports[1], cache_bytes)]
            processes.extend(started)
            return started, Connection(ports[0]), Connection(ports[1])

        for label, cache_bytes in (("page only", None), ("cache off", 0)):
            started, deferred, plain = pair(cache_bytes)
            times = ([], [])
            for _ in range(ROUNDS):
                times[0].append(deferred.get("/product/3", CAN_LOAD)[0])
                times[1].append(plain.get("/product/3", CAN_LOAD)[0])
            a, b = statistics.median(times[0]), statistics.median(times[1])
            print(f"{label:10}  deferred {ms(a)}  no url source {ms(b)}  ratio {a / b:.2f}x")
            for process in started:
                process.terminate()
                process.wait()

        started, deferred, plain = pair(None)
        page_times, plain_times, section_times, placeholders = [], [], [], 0
        for _ in range(ROUNDS):
            first, _, body = deferred.get("/product/3", CAN_LOAD)
            page_times.append(first)
            for url in load_urls(json.loads(body)):
                placeholders += 1
                start = time.perf_counter()
                status = deferred.get(url, CAN_LOAD)[1]
                if "_section=related" in url:
                    section_times.append(time.perf_counter() - start)
                assert status in (200, 204), status
            # The same app on the other server loads its placeholders too (the cart badge).
            first, _, body = plain.get("/product/3", CAN_LOAD)
            plain_times.append(first)
            for url in load_urls(json.loads(body)):
                plain.get(url, CAN_LOAD)
        a, b = statistics.median(page_times), statistics.median(plain_times)
        print(f"app loads   deferred {ms(a)}  no url source {ms(b)}  ratio {a / b:.2f}x  "
              f"({placeholders} placeholders loaded; the related section's answer in a median {ms(statistics.median(section_times))})")
        old_first, _, old_body = deferred.get("/product/3", CANNOT_LOAD)
        print(f"old app     first byte {ms(old_first)}, related products inline: {'rel-' in old_body.decode()}")
    finally:
        for process in processes:
            process.terminate()
            process.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
