#!/usr/bin/env python3
"""Prints the one table `make bench` ends with, from the outputs bench/run.sh saved in DIR:

  micro.txt   trellis bench (medians per operation)
  hitcost.txt bench/hit_cost.sh (callgrind instructions per cached hit)
  mallocs.txt bench/mallocs_per_hit.py (heap allocations per cached hit, in serve)
  idle.txt    bench/idle_connections.py (memory per idle keep-alive connection)
  soak*.txt   bench/soak.py (RSS growth under 60 s of mixed traffic)
  peers.txt   ../shared/bench/run_peers.sh (req/s, p50, p99 per target and concurrency)

Usage: summary.py DIR. A missing file leaves its rows out."""
import glob
import os
import re
import sys


def read(directory, name):
    path = os.path.join(directory, name)
    return open(path).read() if os.path.exists(path) else ""


def peers(text):
    """(target, conns) -> (req/s, p99 ms) from run_peers.sh's summary table."""
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) > 5 and cells[1].isdigit():
            rows[(cells[0], int(cells[1]))] = (float(cells[2]), float(cells[5]))
    return rows


def main():
    directory = sys.argv[1]
    out = ["", "== summary", "| measure | value |", "|---|---|"]
    rows = peers(read(directory, "peers.txt"))
    for conns in sorted({c for _, c in rows}):
        ours = rows.get(("trellis", conns))
        for peer in ("nginx", "hb"):
            theirs = rows.get((peer, conns))
            if ours and theirs:
                out.append(f"| trellis / {peer} at c={conns} | {ours[0] / theirs[0]:.2f}x req/s ({ours[0]:.0f} vs {theirs[0]:.0f}); "
                           f"p99 {ours[1]:.2f} vs {theirs[1]:.2f} ms ({ours[1] / theirs[1]:.2f}x) |")
    for line in read(directory, "micro.txt").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0] not in ("benchmark", "") and not cells[0].startswith("---"):
            out.append(f"| {cells[0]} | {cells[1]} |")
    hit = re.search(r"hit on the event loop.*?: (\d+)", read(directory, "hitcost.txt"))
    if hit:
        out.append(f"| instructions per cached /home hit (callgrind, event loop) | {int(hit.group(1)):,} |")
    mallocs = re.search(r"answer: ([\d.]+)", read(directory, "mallocs.txt"))
    if mallocs:
        out.append(f"| heap allocations per cached /home hit (serve, LD_PRELOAD counter) | {mallocs.group(1)} |")
    idle = re.search(r"\(([-\d.]+) KiB per connection\)", read(directory, "idle.txt"))
    if idle:
        out.append(f"| memory per idle keep-alive connection | {idle.group(1)} KiB |")
    for path in sorted(glob.glob(os.path.join(directory, "soak*.txt"))):
        text = open(path).read()
        growth = re.search(r"growth after 10 s ([-+\d.]+ %)", text)
        cache = re.search(r"cache-bytes (\d+ MiB)", text)
        peak = re.search(r"peak ([\d.]+)\); .*bound start \+ 1.25 x cache-bytes = ([\d.]+) MiB", text)
        if growth and cache:
            extra = f"; peak {peak.group(1)} MiB, bound {peak.group(2)} MiB" if peak else ""
            out.append(f"| soak, cache-bytes {cache.group(1)}: RSS growth after 10 s | {growth.group(1)}{extra} |")
    print("\n".join(out))


if __name__ == "__main__":
    main()
