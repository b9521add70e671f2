"""Varnish in front of one Trellis on loopback, with the VCL `trellis edge --varnish` generates
(SPEC §12, deploy/varnish): the checked-in VCL is current and compiles; a replay of a realistic
mix through Varnish gets byte for byte what Trellis answers directly, with at least 95 % hits
after the first pass (and the same replay under plain `Vary` as a comparison row); a Pages edit
is purged; a rollout boundary change makes the stale VCL pass instead of lie; and a page whose
source forwards headers gets through Varnish what Trellis gives each client."""
import concurrent.futures
import http.client
import http.server
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import threading
import time

import pytest

from conftest import ROOT

VARNISH = ROOT / "deploy" / "varnish"
# Debian puts varnishd in /usr/sbin, which a user's PATH may lack.
VARNISHD = shutil.which("varnishd") or "/usr/sbin/varnishd"
AT = "2026-06-15T12:00:00Z"  # every Trellis the tests start decides its schedule as of this instant
VERSIONS = ["ios/4.2.0", "ios/5.0.1", "ios/5.1.3", "ios/6.0.0", "android/4.0.0", "android/4.8.2", "android/5.2.0",
            "android/6.1.0", "web/1.0.0", "web/1.1.5", "web/1.2.0", "web/2.0.0"]
LANGUAGES = [None, "en", "fr-CA, en;q=0.5", "pl", "de, fr;q=0.8"]
PATHS = ["/home"] * 10 + [f"/product/{n}" for n in range(1, 26)]
SDUI_HEADERS = ["Content-Type", "Content-Encoding", "Content-Length", "ETag", "Cache-Control", "Vary", "Content-Language",
                "X-AB-Variant", "X-Release", "X-Fallbacks", "X-Upgrade-Required", "X-Upgrade-Suggested", "X-Section",
                "X-Trellis-Plan", "X-Trellis-Edge", "xkey"]
PLAIN_VCL = """vcl 4.1;
backend trellis { .host = "127.0.0.1"; .port = "%d"; }
sub vcl_recv {
    if (req.method != "GET" && req.method != "HEAD") { return (pass); }
    if (req.url ~ "^/(cart|_actions|_preview|healthz|readyz|metrics)") { return (pass); }
    return (hash);
}
sub vcl_hash { hash_data(req.url); return (lookup); }
sub vcl_deliver { if (obj.hits > 0) { set resp.http.X-Trellis-Cache = "hit"; } else { set resp.http.X-Trellis-Cache = "miss"; } }
"""


def trellis_binary():
    binary = os.environ.get("TRELLIS_BIN") or str(ROOT / ".build" / "debug" / "trellis")
    assert os.access(binary, os.X_OK), f"{binary}: build Trellis first (make test does)"
    return binary


def generate(pages, backend):
    result = subprocess.run([trellis_binary(), "edge", "--varnish", "--pages", str(pages), "--backend", backend],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port, process, log=None):
    for _ in range(400):
        assert process.poll() is None, f"exited with {process.returncode}: {log.read_text()[-2000:] if log else ''}"
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"nothing listens on {port}")


def start_varnish(workdir, name, vcl_text, port):
    """A varnishd in the foreground (stopped by its PID) with `vcl_text`; stopped again if it
    never listens."""
    vcl = workdir / f"{name}.vcl"
    vcl.write_text(vcl_text)
    process = subprocess.Popen([VARNISHD, "-F", "-j", "none", "-n", str(workdir / name), "-a", f"127.0.0.1:{port}", "-f", str(vcl),
                                "-s", "malloc,128m", "-p", "http_gzip_support=off"],
                               stdout=open(workdir / f"{name}.log", "w"), stderr=subprocess.STDOUT)
    try:
        wait_for_port(port, process, workdir / f"{name}.log")
    except AssertionError:
        if process.poll() is None:
            stop(process)
        raise
    return process


def stop(process):
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)


@pytest.fixture(scope="module")
def edge(tmp_path_factory):
    """A Trellis on a copy of Pages/, a Varnish with the generated VCL in front of it (the purge
    target), and a Varnish with plain Vary handling."""
    work = tmp_path_factory.mktemp("edge")
    pages = work / "Pages"
    shutil.copytree(ROOT / "Pages", pages)
    trellis_port, varnish_port, plain_port = free_port(), free_port(), free_port()
    started = []  # stopped in reverse, whatever fails on the way
    with open(work / "trellis.log", "w") as log:
        try:
            trellis = subprocess.Popen([trellis_binary(), "serve", "--pages", str(pages), "--port", str(trellis_port),
                                        "--reload-interval", "3600", "--edge-purge", f"http://127.0.0.1:{varnish_port}/"],
                                       env=dict(os.environ, TRELLIS_AT=AT), stdout=log, stderr=subprocess.STDOUT)
            started.append(trellis)
            wait_for_port(trellis_port, trellis)
            started.append(start_varnish(work, "generated", generate(pages, f"127.0.0.1:{trellis_port}"), varnish_port))
            started.append(start_varnish(work, "plain", PLAIN_VCL % trellis_port, plain_port))
            yield {"pages": pages, "work": work, "trellis": trellis, "trellis_port": trellis_port,
                   "varnish_port": varnish_port, "plain_port": plain_port}
        finally:
            for process in reversed(started):
                stop(process)


class Client:
    """One keep-alive connection per thread and port."""

    def __init__(self):
        self.local = threading.local()

    def get(self, port, path, headers):
        connections = self.local.__dict__.setdefault("connections", {})
        for attempt in range(2):
            connection = connections.get(port) or http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connections[port] = connection
            try:
                connection.request("GET", path, headers=headers)
                response = connection.getresponse()
                return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
            except (http.client.HTTPException, OSError):
                connection.close()
                connections.pop(port, None)
                if attempt:
                    raise


def devices(seed=31):
    """5,000 devices, each with its own app version (12 across three platforms),
    Accept-Language (5 values, or none) and coding (gzip or identity)."""
    rng = random.Random(seed)
    population = []
    for n in range(5000):
        headers = {"X-Client-Version": rng.choice(VERSIONS), "X-Device-Id": f"device-{n:05d}-{rng.getrandbits(32):08x}"}
        language = rng.choice(LANGUAGES)
        if language:
            headers["Accept-Language"] = language
        if rng.random() < 0.7:
            headers["Accept-Encoding"] = "gzip"
        population.append(headers)
    return population


def replay_requests(count, seed):
    """`count` requests of random devices to /home and /product/1-25 (each pass draws its own)."""
    rng = random.Random(seed)
    population = devices()
    return [(rng.choice(PATHS), population[rng.randrange(len(population))]) for _ in range(count)]


def sdui(headers):
    return {name: headers.get(name.lower()) for name in SDUI_HEADERS}


def run(client, port, requests):
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(lambda request: client.get(port, request[0], request[1]), requests))


def test_the_checked_in_vcl_is_generated_from_the_sample_pages():
    assert (VARNISH / "trellis.vcl").read_text() == generate(ROOT / "Pages", "127.0.0.1:8080"), \
        "deploy/varnish/trellis.vcl is stale: run `make varnish-vcl`"


def test_varnishd_compiles_the_vcl():
    # No jail (as the varnishd below): a jailed one makes its scratch folder in TMPDIR as the
    # varnish user, which `make test`'s private TMPDIR refuses.
    result = subprocess.run([VARNISHD, "-j", "none", "-C", "-f", str(VARNISH / "trellis.vcl")],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]


def test_a_replay_through_varnish_is_byte_identical_and_mostly_hits(edge):
    client = Client()
    passes = [replay_requests(10_000, seed=1), replay_requests(10_000, seed=2)]
    requests = passes[0] + passes[1]
    started = time.monotonic()
    first = run(client, edge["varnish_port"], passes[0])
    second = run(client, edge["varnish_port"], passes[1])
    edge_seconds = time.monotonic() - started
    # What Trellis answers directly, once per distinct request.
    distinct = {}
    for path, headers in requests:
        distinct.setdefault((path, tuple(sorted(headers.items()))), (path, headers))
    keys = list(distinct)
    direct = dict(zip(keys, run(client, edge["trellis_port"], [distinct[key] for key in keys])))
    mismatches = []
    for (path, headers), answer in zip(requests, first + second):
        expected = direct[(path, tuple(sorted(headers.items())))]
        if answer[0] != expected[0] or answer[2] != expected[2] or sdui(answer[1]) != sdui(expected[1]):
            mismatches.append((path, headers, answer[0], expected[0],
                               {k: (sdui(answer[1])[k], v) for k, v in sdui(expected[1]).items() if sdui(answer[1])[k] != v}))
    assert not mismatches, f"{len(mismatches)} mismatches, e.g. {mismatches[:3]}"
    hits = sum(answer[1].get("x-trellis-cache") == "hit" for answer in second)
    ratio = hits / len(second)
    # Every answer in the mix is shareable: an app too old to `load` the product page's cart
    # badge can't render its `cart-count` either, so it gets the shared page without it
    # (docs/DECISIONS.md "Sections a client can never show"). Personal answers, if any came
    # back, would be misses the overall ratio pays for.
    shareable = [answer for answer in second if "private" not in (answer[1].get("cache-control") or "")]
    personal = len(second) - len(shareable)
    shareable_ratio = sum(answer[1].get("x-trellis-cache") == "hit" for answer in shareable) / len(shareable)
    plain_first = run(client, edge["plain_port"], passes[0])
    plain_second = run(client, edge["plain_port"], passes[1])
    plain_ratio = sum(answer[1].get("x-trellis-cache") == "hit" for answer in plain_second) / len(plain_second)
    first_ratio = sum(answer[1].get("x-trellis-cache") == "hit" for answer in first) / len(first)
    print(f"\nreplay: {len(requests)} requests through the generated VCL in {edge_seconds:.1f} s, 0 mismatches "
          f"against {len(keys)} direct answers; overall hit ratio first pass {first_ratio:.1%}, second pass {ratio:.1%}; "
          f"plain Vary: first pass {sum(a[1].get('x-trellis-cache') == 'hit' for a in plain_first) / len(plain_first):.1%}, "
          f"second pass {plain_ratio:.1%}; second pass, shareable answers only: {shareable_ratio:.1%} "
          f"({personal} personal answers)")
    assert ratio >= 0.95


@pytest.mark.parametrize("path, headers", [
    ("/home", {"X-Client-Version": "ios/5.2.0-beta.1", "X-Device-Id": "d1"}),  # a pre-release
    ("/home", {"X-Client-Version": "ios/5.2.0+build.7"}),  # build metadata
    ("/home", {"X-Client-Version": "ios/5"}),  # malformed: Trellis's 400, never a stored page
    ("/home", {"X-Client-Version": ""}),  # empty: 400 too
    ("/home", {"X-Device-Id": ""}),  # an empty device id: 400
    ("/product/2", {"X-Client-Version": "web/1000000.0.0"}),  # a part longer than the edge compares
    ("/product/2", {"Accept-Language": "a, b, c, d, e, f, g, h, fr"}),  # more than 8 ranges
    ("/product/2", {"Accept-Language": "fr;level=1"}),  # a parameter the edge doesn't parse
    ("/product/2", {"X-Client-Capabilities": "page,text,hologram"}),  # a capability it hasn't seen
    ("/cart", {"Authorization": "Bearer alice"}),  # a personal page
    ("/healthz", {}),  # an ops endpoint
    ("/_actions/add-to-cart", {}),  # an action (a GET: its 405)
])
def test_what_the_edge_cannot_decide_goes_to_the_origin_uncached(edge, path, headers):
    client = Client()
    direct = client.get(edge["trellis_port"], path, headers)
    for _ in range(2):
        status, answer, body = client.get(edge["varnish_port"], path, headers)
        assert (status, body) == (direct[0], direct[2]) and answer["x-trellis-cache"] == "miss"


def test_a_repeated_field_goes_to_the_origin_uncached(edge):
    for _ in range(2):
        connection = http.client.HTTPConnection("127.0.0.1", edge["varnish_port"], timeout=10)
        connection.putrequest("GET", "/product/2")
        connection.putheader("Accept-Language", "pl")
        connection.putheader("Accept-Language", "fr")
        connection.endheaders()
        response = connection.getresponse()
        response.read()
        assert response.getheader("Content-Language") == "pl" and response.getheader("X-Trellis-Cache") == "miss"
        connection.close()


def test_a_forced_variant_after_an_unknown_one_gets_through_varnish(edge):
    """SPEC §3.1: an unknown entry is ignored, so `home-hero=C, home-hero=B` forces B for
    device-1 (bucketed to A). The edge keeps `X-AB-Variant` in the stored `Vary`, so the stored
    answer is the server's for that exact value: B on the miss and on the hit, and the bucketed
    answer for the same device stays A."""
    client = Client()
    device = {"X-Client-Version": "ios/5.2.0", "X-Device-Id": "device-1"}
    forced = dict(device, **{"X-AB-Variant": "home-hero=C, home-hero=B"})
    direct = client.get(edge["trellis_port"], "/home", forced)
    assert direct[1]["x-ab-variant"] == "home-hero=B"
    caches = []
    for headers in (forced, forced, device):
        status, answer, body = client.get(edge["varnish_port"], "/home", headers)
        expected = client.get(edge["trellis_port"], "/home", headers)
        assert (status, sdui(answer), body) == (expected[0], sdui(expected[1]), expected[2])
        caches.append(answer["x-trellis-cache"])
    assert caches[1] == "hit"
    assert client.get(edge["varnish_port"], "/home", device)[1]["x-ab-variant"] == "home-hero=A"


def random_language(rng):
    """An Accept-Language value the edge decides (or passes): tags in any case, regions, `*`,
    q-values with 0 to 3 decimals, exclusions (q=0), empty elements, odd spacing."""
    tags = ["en", "EN-gb", "fr", "fr-CA", "Fr-ch-x-y", "pl", "pl-PL", "de", "pt-BR", "*", "zh-Hant-TW", "e", "x-klingon"]
    elements = []
    for _ in range(rng.randint(1, 9)):
        if rng.random() < 0.05:
            elements.append(" ")
            continue
        element = rng.choice(tags)
        if rng.random() < 0.5:
            element += rng.choice([";q=", "; q=", " ;q="]) + rng.choice(["0", "0.0", "0.5", "0.55", "0.555", "1", "1.0", "1.000", "0.001", "0.8"])
        elements.append(element)
    return rng.choice([",", ", ", " , "]).join(elements)


def test_generated_requests_get_through_varnish_what_trellis_answers(edge):
    """The edge's class, locale and bucketing against the server's own, on generated requests:
    versions around every boundary, random devices, generated Accept-Language values, codings,
    forced variants and releases, capabilities; each sent twice (the second may be a hit).
    TRELLIS_EDGE_CASES and TRELLIS_EDGE_SEED run more or other cases."""
    rng = random.Random(int(os.environ.get("TRELLIS_EDGE_SEED", "7")))
    client = Client()
    versions = [f"{p}/{a}.{b}.{c}" for p in ("ios", "android", "web") for a in range(0, 8) for b in (0, 1, 2, 5, 9) for c in (0, 1, 3)]
    requests = []
    for _ in range(int(os.environ.get("TRELLIS_EDGE_CASES", "1200"))):
        headers = {"X-Device-Id": f"gen-{rng.getrandbits(40):x}", "Accept-Language": random_language(rng)}
        if rng.random() < 0.9:
            headers["X-Client-Version"] = rng.choice(versions)
        if rng.random() < 0.5:
            headers["Accept-Encoding"] = rng.choice(["gzip", "gzip;q=0", "br, gzip;q=0.5", "identity"])
        if rng.random() < 0.1:
            headers["X-AB-Variant"] = rng.choice(["home-hero=B", "home-hero=A", "home-hero=Z, nope", "home-hero=C, home-hero=B",
                                                  "home-hero=b, home-hero=A", "home-hero=, home-hero=B"])
        if rng.random() < 0.1:
            headers["X-Release"] = rng.choice(["canary", "stable", "beta"])
        if rng.random() < 0.1:
            headers["X-Client-Capabilities"] = rng.choice(["page,column,text", "page, text ,hero,carousel", ""])
        requests.append((rng.choice(["/home", "/product/3", "/product/12"]), headers))
    mismatches = []
    for path, headers in requests + requests:
        expected = client.get(edge["trellis_port"], path, headers)
        answer = client.get(edge["varnish_port"], path, headers)
        if (answer[0], answer[2], sdui(answer[1])) != (expected[0], expected[2], sdui(expected[1])):
            mismatches.append((path, headers, sdui(answer[1]).get("Content-Language"), sdui(expected[1]).get("Content-Language")))
    assert not mismatches, f"{len(mismatches)} mismatches, e.g. {mismatches[:5]}"


class EchoUpstream(http.server.BaseHTTPRequestHandler):
    """An upstream whose value names the forwarded headers it was sent (`-` for none)."""

    def do_GET(self):
        text = " ".join(f"{key}={self.headers.get(name, '-')}" for key, name in
                        [("dev", "X-Device-Id"), ("al", "Accept-Language"), ("cv", "X-Client-Version"), ("tenant", "X-Tenant")])
        body = json.dumps({"text": text}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def forwarding(tmp_path_factory):
    """A Trellis on a copy of Pages/ with `/echo`, a shared page (maxAge 60) whose source forwards
    the three headers the edge computes plan parts from and `X-Tenant` to `EchoUpstream`, and a
    Varnish with the VCL generated from it."""
    work = tmp_path_factory.mktemp("forwarding")
    pages = work / "Pages"
    shutil.copytree(ROOT / "Pages", pages)
    upstream = http.server.ThreadingHTTPServer(("127.0.0.1", 0), EchoUpstream)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    sources = json.loads((pages / "sources.json").read_text())
    sources["sources"]["echo"] = {"url": f"http://127.0.0.1:{upstream.server_address[1]}/echo/{{{{key}}}}", "timeoutMs": 5000,
                                  "forwardHeaders": ["Accept-Language", "X-Device-Id", "X-Client-Version", "X-Tenant"]}
    (pages / "sources.json").write_text(json.dumps(sources))
    (pages / "pages" / "echo.json").write_text(json.dumps({
        "route": "/echo", "maxAge": 60, "data": {"echo": {"source": "echo", "key": "k", "timeoutMs": 5000}},
        "root": {"id": "echo-page", "type": "page", "data": {"children": [
            {"id": "echo", "type": "text", "data": {"text": "{{echo.text}}"}}]}}}))
    trellis_port, varnish_port = free_port(), free_port()
    started = []
    with open(work / "trellis.log", "w") as log:
        try:
            trellis = subprocess.Popen([trellis_binary(), "serve", "--pages", str(pages), "--port", str(trellis_port)],
                                       env=dict(os.environ, TRELLIS_AT=AT), stdout=log, stderr=subprocess.STDOUT)
            started.append(trellis)
            wait_for_port(trellis_port, trellis)
            started.append(start_varnish(work, "forwarding", generate(pages, f"127.0.0.1:{trellis_port}"), varnish_port))
            yield {"trellis_port": trellis_port, "varnish_port": varnish_port}
        finally:
            for process in reversed(started):
                stop(process)
            upstream.shutdown()


def get_fields(port, path, fields):
    """A GET with `fields` as (name, value) pairs, repeats kept as separate fields."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.putrequest("GET", path)
        for name, value in fields:
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def through_varnish(forwarding, fields):
    """`/echo` with `fields` through Varnish, checked against Trellis's own answer: what the
    upstream was sent (`EchoUpstream`'s names to values) and X-Trellis-Cache."""
    direct = get_fields(forwarding["trellis_port"], "/echo", fields)
    answer = get_fields(forwarding["varnish_port"], "/echo", fields)
    assert direct[0] == 200 and "public" in direct[1]["cache-control"], direct
    assert (answer[0], answer[2], sdui(answer[1])) == (direct[0], direct[2], sdui(direct[1])), (fields, answer[2], direct[2])
    text = re.search(r'"(dev=[^"]*)"', answer[2].decode()).group(1)
    return dict(re.findall(r"(\w+)=(.*?)(?= \w+=|$)", text)), answer[1]["x-trellis-cache"]


@pytest.mark.parametrize("name, key, first, second", [
    ("X-Device-Id", "dev", "d9", "d8"),  # the same class, and no experiment on the page: only the raw value differs
    ("Accept-Language", "al", "fr-CA", "fr"),  # the same locale
    ("X-Client-Version", "cv", "ios/6.0.0", "ios/6.0.1"),  # the same client class
])
def test_a_forwarded_header_the_edge_computes_from_still_varies_the_page(forwarding, name, key, first, second):
    for value in (first, second):
        sent, cache = through_varnish(forwarding, [(name, value)])
        assert sent[key] == value and cache == "miss"
    # Each is still shared by the clients that send the same value.
    for value in (first, second):
        sent, cache = through_varnish(forwarding, [(name, value)])
        assert sent[key] == value and cache == "hit"


def test_a_repeated_forwarded_header_goes_to_the_origin_uncached(forwarding):
    for _ in range(2):
        sent, cache = through_varnish(forwarding, [("X-Tenant", "acme"), ("X-Tenant", "zeta")])
        assert sent["tenant"] == "acme, zeta" and cache == "miss"
    for cache in ("miss", "hit"):
        assert through_varnish(forwarding, [("X-Tenant", "acme")]) == ({"dev": "-", "al": "-", "cv": "-", "tenant": "acme"}, cache)


# The Pages folder changes from here on: these run last.

def wait_for_log(edge, text, since):
    """Waits for `text` in the Trellis log after offset `since` (the purge is logged once sent)."""
    path = edge["work"] / "trellis.log"
    for _ in range(600):
        content = path.read_text()[since:]
        if text in content:
            return
        assert edge["trellis"].poll() is None
        time.sleep(0.05)
    raise AssertionError(f"no {text!r} in the log:\n{path.read_text()[since:][-3000:]}")


def test_a_pages_edit_shows_through_varnish_once_purged(edge):
    client = Client()
    headers = {"X-Client-Version": "ios/5.2.0", "Accept-Language": "fr"}
    client.get(edge["varnish_port"], "/product/7", headers)
    assert client.get(edge["varnish_port"], "/product/7", headers)[1]["x-trellis-cache"] == "hit"
    product = edge["pages"] / "pages" / "product.json"
    product.write_text(product.read_text().replace('"maxAge": 60', '"maxAge": 45'))
    since = len((edge["work"] / "trellis.log").read_text())
    started = time.monotonic()
    edge["trellis"].send_signal(signal.SIGHUP)
    wait_for_log(edge, "edge purged", since)
    print(f"\nreload to purge sent: {time.monotonic() - started:.3f} s")
    status, answer, _ = client.get(edge["varnish_port"], "/product/7", headers)
    assert status == 200 and answer["cache-control"].startswith("public, max-age=45")
    assert answer["x-trellis-cache"] == "miss"


def test_a_rollout_boundary_change_makes_the_stale_vcl_pass(edge):
    client = Client()
    rollout = edge["pages"] / "rollout.json"
    rollout.write_text(rollout.read_text().replace('"percent": 10', '"percent": 60'))
    since = len((edge["work"] / "trellis.log").read_text())
    edge["trellis"].send_signal(signal.SIGHUP)
    wait_for_log(edge, "xkey=page-home", since)
    for n in range(40):
        headers = {"X-Client-Version": "android/5.2.0", "X-Device-Id": f"moved-{n}", "Accept-Encoding": "gzip"}
        direct = client.get(edge["trellis_port"], "/home", headers)
        for _ in range(2):
            status, answer, body = client.get(edge["varnish_port"], "/home", headers)
            assert (status, body, sdui(answer)) == (direct[0], direct[2], sdui(direct[1]))
            assert answer["x-trellis-cache"] == "miss"
