#!/usr/bin/env python3
"""The cost of a personal page from an HTTPS upstream against the same page from plain HTTP.

Usage: personal_https.py TRELLIS_BIN PAGES [REQUESTS]
Makes a throwaway CA and localhost certificate (openssl), starts `trellis upstream` serving
samples/carts.json by the Authorization header twice (plain and TLS), and `trellis serve` on a
copy of PAGES whose personal `cart` source (ttlSeconds 0: every page calls its upstream) points
at one or the other. Sends REQUESTS sequential GET /cart on one keep-alive connection and prints
the median and p90 latency of each (the upstream connection pooled: warm), then the first
request after each of 15 fresh starts (the pool cold: TCP + TLS handshake included) against the
warm median. Processes are stopped by their PID.
"""
import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from upstream_fanout import start


def serve(bin_, pages, work, url, ca):
    folder = os.path.join(work, "pages-" + str(time.monotonic_ns()))
    shutil.copytree(pages, folder)
    sources = json.load(open(os.path.join(folder, "sources.json")))
    sources["sources"]["cart"] = {"url": url, "timeoutMs": 1000, "ttlSeconds": 0, "forwardHeaders": ["Authorization"]}
    json.dump(sources, open(os.path.join(folder, "sources.json"), "w"))
    return start([bin_, "serve", "--pages", folder, "--host", "127.0.0.1", "--port", "0", "--upstream-ca", ca],
                 os.path.join(work, "serve.log"))


def timed(connection):
    began = time.perf_counter()
    connection.request("GET", "/cart", headers={"Authorization": "Bearer alice"})
    body = connection.getresponse().read()
    elapsed = time.perf_counter() - began
    if b"Your cart (2)" not in body:
        sys.exit("the page did not carry alice's cart: " + body[:200].decode(errors="replace"))
    return elapsed * 1000


def main():
    bin_, pages = sys.argv[1], sys.argv[2]
    requests = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    work = tempfile.mkdtemp(prefix="trellis-https-")
    processes = []
    try:
        openssl = lambda *args: subprocess.run(["openssl", *args], check=True, capture_output=True)
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", f"{work}/ca-key.pem", "-out", f"{work}/ca.pem",
                "-days", "1", "-subj", "/CN=bench CA")
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", f"{work}/key.pem", "-out", f"{work}/req.csr", "-subj", "/CN=localhost")
        open(f"{work}/ext", "w").write("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
        openssl("x509", "-req", "-in", f"{work}/req.csr", "-CA", f"{work}/ca.pem", "-CAkey", f"{work}/ca-key.pem",
                "-CAcreateserial", "-out", f"{work}/cert.pem", "-days", "1", "-extfile", f"{work}/ext")
        os.chmod(f"{work}/key.pem", 0o600)
        carts = os.path.join(root, "samples/carts.json")
        plain, plain_port = start([bin_, "upstream", "--data", carts, "--port", "0", "--key-header", "Authorization"],
                                  f"{work}/plain.log")
        secure, secure_port = start([bin_, "upstream", "--data", carts, "--port", "0", "--key-header", "Authorization",
                                     "--tls-cert", f"{work}/cert.pem", "--tls-key", f"{work}/key.pem"], f"{work}/tls.log")
        processes += [plain, secure]
        urls = {"http": f"http://127.0.0.1:{plain_port}/v1/cart/{{{{key}}}}",
                "https": f"https://localhost:{secure_port}/v1/cart/{{{{key}}}}"}
        warm = {}
        for name, url in urls.items():
            server, port = serve(bin_, pages, work, url, f"{work}/ca.pem")
            connection = http.client.HTTPConnection("127.0.0.1", port)
            for _ in range(200):
                timed(connection)
            samples = sorted(timed(connection) for _ in range(requests))
            warm[name] = statistics.median(samples)
            print(f"{name:5} personal page, upstream pooled: median {warm[name]:.3f} ms, "
                  f"p90 {samples[int(len(samples) * 0.9)]:.3f} ms over {requests} requests")
            server.terminate()
            server.wait()
        print(f"https/http warm ratio: {warm['https'] / warm['http']:.2f}x "
              f"(+{(warm['https'] - warm['http']) * 1000:.0f} µs a page)")
        for name, url in urls.items():
            firsts = []
            for _ in range(15):
                server, port = serve(bin_, pages, work, url, f"{work}/ca.pem")
                connection = http.client.HTTPConnection("127.0.0.1", port)
                connection.request("GET", "/healthz")
                connection.getresponse().read()
                firsts.append(timed(connection))
                server.terminate()
                server.wait()
            first = statistics.median(firsts)
            print(f"{name:5} first page after start (pool cold): median {first:.3f} ms, "
                  f"{first - warm[name]:.3f} ms over the warm median")
    finally:
        for process in processes:
            process.terminate()
            process.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
