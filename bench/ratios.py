#!/usr/bin/env python3
"""Prints Trellis's requests/s and p99 against each peer's, per concurrency, from the
summary table run_peers.sh prints."""
import sys

rows = {}
for line in open(sys.argv[1]):
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) > 5 and cells[1].isdigit():
        rows[(cells[0], int(cells[1]))] = (float(cells[2]), float(cells[5]))
print("\n== ratios (trellis / peer requests/s; p99 ms)")
for conns in sorted({c for _, c in rows}):
    ours = rows.get(("trellis", conns))
    if not ours:
        continue
    for peer in ("hb", "nginx"):
        if (peer, conns) in rows:
            theirs = rows[(peer, conns)]
            print(f"c={conns}: trellis/{peer} = {ours[0] / theirs[0]:.2f}x  (p99 {ours[1]:.2f} ms vs {theirs[1]:.2f} ms)")
