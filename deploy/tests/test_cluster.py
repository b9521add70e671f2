"""The local three-replica run (deploy/cluster.sh, `make cluster`): nginx passes the SDUI
headers through unchanged, and a rolling restart under load loses no request (SPEC §9)."""
import http.client
import os
import random
import re
import signal
import socket
import subprocess
import time

import pytest

from conftest import ROOT

CLUSTER = ROOT / "deploy" / "cluster.sh"
WRK_SECONDS = 10


def free_base_port():
    """A port P with P..P+3 all free on loopback."""
    for _ in range(50):
        base = random.randrange(20000, 60000)
        sockets = []
        try:
            for port in range(base, base + 4):
                s = socket.socket()
                sockets.append(s)
                s.bind(("127.0.0.1", port))
            return base
        except OSError:
            continue
        finally:
            for s in sockets:
                s.close()
    raise RuntimeError("no four free consecutive ports")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    binary = os.environ.get("TRELLIS_BIN") or str(ROOT / ".build" / "debug" / "trellis")
    assert os.access(binary, os.X_OK), f"{binary}: build Trellis first (make test does)"
    run = tmp_path_factory.mktemp("cluster")
    port = free_base_port()
    env = dict(os.environ, PORT=str(port), RUN=str(run), TRELLIS_BIN=binary)
    subprocess.run([str(CLUSTER), "start"], env=env, check=True, timeout=120, capture_output=True)
    yield port, env, run
    pids = [int(p.read_text()) for p in run.glob("*.pid") if p.name != "nginx.pid"]
    subprocess.run([str(CLUSTER), "stop"], env=env, check=True, timeout=120)
    assert not [pid for pid in pids if os.path.exists(f"/proc/{pid}") and "Z" not in open(f"/proc/{pid}/stat").read().split(")")[1][:3]]


def get(port, path, headers, method="GET"):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request(method, path, headers=headers, body=b"{}" if method == "POST" else None)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), body


def test_nginx_passes_the_sdui_headers_through(cluster):
    port, _, _ = cluster
    headers = {"X-Client-Version": "ios/5.2.0", "X-Device-Id": "device-42", "X-AB-Variant": "home-hero=B",
               "X-Client-Capabilities": "page,column,text,image,button,top-bar,hero,chip-row,product-card,divider,footer",
               "Accept-Encoding": "gzip"}
    direct = get(port + 1, "/home", headers)
    balanced = get(port, "/home", headers)
    assert balanced[0] == direct[0] == 200 and balanced[2] == direct[2]
    for name in ("ETag", "Vary", "Cache-Control", "Content-Encoding", "X-AB-Variant", "X-Release", "X-Fallbacks", "Server"):
        assert balanced[1].get(name) == direct[1].get(name), name
    assert balanced[1]["ETag"].startswith('W/"') and balanced[1]["X-AB-Variant"] == "home-hero=B"
    revalidated = get(port, "/home", dict(headers, **{"If-None-Match": balanced[1]["ETag"]}))
    assert revalidated[0] == 304


def test_with_a_replica_down_only_idempotent_requests_are_retried(cluster):
    port, env, run = cluster
    pid = int((run / "replica-1.pid").read_text())
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 15
    while socket_accepts(port + 1):
        assert time.monotonic() < deadline, "replica 1 did not stop"
        time.sleep(0.05)
    try:
        # Each nginx worker goes round the three replicas, so of 9 requests at least one
        # worker sends 3 or more, one of them to the stopped replica.
        gets = [get(port, "/home", {})[0] for _ in range(9)]
        posts = [get(port, "/home", {}, method="POST")[0] for _ in range(9)]
    finally:
        subprocess.run([str(CLUSTER), "rolling-restart"], env=env, check=True, timeout=60, capture_output=True)
    assert gets == [200] * 9  # retried on another replica
    assert set(posts) <= {405, 502} and 502 in posts  # 405 from a replica; 502 where nginx did not retry


def socket_accepts(port):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


def served_requests(port):
    """How many page requests the replica on `port` answered (its trellis_requests_total)."""
    _, _, body = get(port, "/metrics", {})
    return sum(float(line.rsplit(" ", 1)[1]) for line in body.decode().splitlines() if line.startswith("trellis_requests_total{"))


def test_a_rolling_restart_under_load_loses_no_request(cluster, capsys):
    port, env, run = cluster
    before = {n: (run / f"replica-{n}.pid").read_text() for n in (1, 2, 3)}
    command = ["wrk", "-t2", "-c16", f"-d{WRK_SECONDS}s", "--timeout", "5s", f"http://127.0.0.1:{port}/home"]
    wrk = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        subprocess.run([str(CLUSTER), "rolling-restart"], env=env, check=True, timeout=60, capture_output=True)
        assert wrk.poll() is None, "the restart outlasted the load; raise WRK_SECONDS"
        output, _ = wrk.communicate(timeout=WRK_SECONDS + 30)
    finally:
        if wrk.poll() is None:
            wrk.kill()
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    socket_errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", output))
    non_2xx = int((re.search(r"Non-2xx or 3xx responses: (\d+)", output) or [0, 0])[1])
    with capsys.disabled():
        print(f"\nrolling restart of 3 replicas under `{' '.join(command)}` through nginx: "
              f"{requests} requests, {socket_errors} socket errors, {non_2xx} non-2xx")
    assert requests > 0 and socket_errors == 0 and non_2xx == 0, output
    after = {n: (run / f"replica-{n}.pid").read_text() for n in (1, 2, 3)}
    assert all(before[n] != after[n] for n in before)
    assert all(served_requests(port + n) > 0 for n in (1, 2, 3))  # each new replica took load
