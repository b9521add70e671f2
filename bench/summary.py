#!/usr/bin/env python3
"""Prints the one table `make bench` ends with, each figure next to the bar it is held to
(issue 34), from the outputs bench/run.sh saved in DIR:

  peers.txt     ../shared/bench/run_peers.sh (req/s, p50, p99 per target and concurrency)
  hitcost.txt   bench/hit_cost.sh (callgrind instructions per cached /home hit; then with REPEATED_HEADS=0)
  mallocs.txt   bench/mallocs_per_hit.py (heap allocations per cached hit, in serve)
  sectionhit.txt bench/section_hit_cost.sh (the page with a section, then the section alone)
  listpage.txt  bench/list_page_cost.sh (a paged list's section, then its `_after` page)
  action.txt    bench/action_cost.sh (an action with its backend in process, then a bad input)
  rowcost.txt   bench/row_cost.sh (instructions per `trellis bench` row: the uncached
                /product/3 miss, zlib alone on its body, an action's checks of a bad input)
  micro.txt     trellis bench (wall-clock medians per operation)
  idle.txt      bench/idle_connections.py (memory per idle keep-alive connection)
  soak*.txt     bench/soak.py (RSS growth under 60 s of mixed traffic)

Usage: summary.py DIR. A missing file (or a figure missing from one) leaves its rows out, and
a bar whose other side is missing is printed without its verdict."""
import glob
import os
import re
import sys

HIT_BAR = 16_000  # issue 34: instructions per cached hit
ROW_MISS = "/product/3: uncached request (pipeline"
ROW_ZLIB = "/product/3: uncached request: zlib alone"
ROW_CHECKS = "/_actions/add-to-cart: checks, bad input"


def read(directory, name):
    path = os.path.join(directory, name)
    return open(path).read() if os.path.exists(path) else ""


def number(text):
    try:
        return float(text)
    except ValueError:
        return None


def peers(text):
    """(target, conns) -> (req/s, p99 ms or None) from run_peers.sh's summary table."""
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) > 5 and cells[1].isdigit() and number(cells[2]):
            rows[(cells[0], int(cells[1]))] = (number(cells[2]), number(cells[5]))
    return rows


def served(text):
    """[(what, event-loop instructions, every server thread's)] from hit_cost.sh lines, in order."""
    pattern = r"instructions per (.+?) on the event loop \(callgrind[^)]*\): (\d+)(?:; on every server thread: (\d+))?"
    return [(m.group(1), int(m.group(2)), int(m.group(3)) if m.group(3) else None) for m in re.finditer(pattern, text)]


def rows_cost(text):
    """Row name -> instructions per operation, from row_cost.sh."""
    return {m.group(1): int(m.group(2)) for m in re.finditer(r"instructions per (.+) \(callgrind, \d+ runs\): (\d+)", text)}


def row(rows, start):
    """The instructions of the row whose name starts with `start`."""
    return next((value for name, value in rows.items() if name.startswith(start)), None)


def k(value):
    return f"{value / 1000:.1f}k"


def verdict(ok):
    return "✓" if ok else "✗"


def at_most(value, limit, what):
    """The bar `value ≤ limit` (`what` names it), with its verdict when both are known."""
    if limit is None:
        return f"≤ {what}"
    return f"≤ {what} ({k(limit)}) {verdict(value <= limit)}"


def main():
    directory = sys.argv[1]
    out = ["", "== summary", "| figure | now | bar | command |", "|---|---|---|---|"]
    add = lambda figure, now, bar, command: out.append(f"| {figure} | {now} | {bar} | {command} |")

    rows = peers(read(directory, "peers.txt"))
    for conns in sorted({c for _, c in rows}):
        ours = rows.get(("trellis", conns))
        if not ours:
            continue
        nginx, ceiling, hb = rows.get(("nginx", conns)), rows.get(("limit", conns)), rows.get(("hb", conns))
        if nginx:
            ratio = ours[0] / nginx[0]
            add(f"Trellis / nginx req/s, c={conns}", f"{ratio:.2f}x ({ours[0]:.0f} vs {nginx[0]:.0f})",
                f"≥ 1.0x {verdict(ratio >= 1.0)}", "`make bench` (run_peers.sh)")
            if ours[1] is not None and nginx[1] is not None:
                add(f"p99 Trellis vs nginx, c={conns}", f"{ours[1]:.2f} vs {nginx[1]:.2f} ms",
                    f"≤ nginx's {verdict(ours[1] <= nginx[1])}", "`make bench` (run_peers.sh)")
        if ceiling:
            add(f"Trellis / ceiling (`limit`) req/s, c={conns}", f"{ours[0] / ceiling[0]:.2f}x ({ceiling[0]:.0f})", "—",
                "`make bench` (PEERS with limit)")
        if hb:
            add(f"Trellis / Hummingbird req/s, c={conns}", f"{ours[0] / hb[0]:.2f}x ({hb[0]:.0f})", "—", "`make bench` (PEERS with hb)")

    hits = served(read(directory, "hitcost.txt"))
    hit = hits[0][1] if hits else None
    if hit is not None:
        add("instructions per cached `/home` hit (event loop)", f"{hit:,}", f"≤ {k(HIT_BAR)} {verdict(hit <= HIT_BAR)}",
            "`bench/hit_cost.sh BIN ../shared/bench/Pages`")
    if len(hits) > 1:
        add("… the same hit parsed and handled (head memo off)", f"{hits[1][1]:,}", "—",
            "`REPEATED_HEADS=0 bench/hit_cost.sh BIN ../shared/bench/Pages`")
    mallocs = re.search(r"answer: ([\d.]+)", read(directory, "mallocs.txt"))
    if mallocs:
        add("heap allocations per cached `/home` hit (serve)", mallocs.group(1), f"0 {verdict(float(mallocs.group(1)) == 0)}",
            "`python3 bench/mallocs_per_hit.py BIN ../shared/bench/Pages`")

    sections = served(read(directory, "sectionhit.txt"))
    if len(sections) == 2:
        page, section = sections[0][1], sections[1][1]
        add("… the same page with its deals in a section / that section alone", f"{page:,} / **{section:,}**",
            at_most(section, page, "the page's hit"), "`bench/section_hit_cost.sh BIN ../shared/bench/Pages`")
    else:
        section = None
    lists = served(read(directory, "listpage.txt"))
    if len(lists) == 2:
        first, after = lists[0][1], lists[1][1]
        add("cached `_after` page of a paged list (its section's first page)", f"**{after:,}** ({first:,})",
            at_most(after, 2 * first, "2 × its section's hit"), "`bench/list_page_cost.sh BIN ../shared/bench/Pages`")

    costs = rows_cost(read(directory, "rowcost.txt"))
    miss, zlib, checks = row(costs, ROW_MISS), row(costs, ROW_ZLIB), row(costs, ROW_CHECKS)
    actions = served(read(directory, "action.txt"))
    action = next((a for a in actions if "bad input" not in a[0]), None)
    bad = next((a for a in actions if "bad input" in a[0]), None)
    if action and action[2] is not None:
        add("instructions per add-to-cart action, backend in process (every server thread)",
            f"**{action[2]:,}** (event loop {action[1]:,})", at_most(action[2], miss, "the uncached `/product/3` miss"),
            "`bench/action_cost.sh BIN Pages`")
    if bad:
        limit = hit + checks if hit is not None and checks is not None else None
        add("instructions per action refused for a bad input (400, event loop)", f"**{bad[1]:,}**",
            at_most(bad[1], limit, "a cached hit + the checks"), "`bench/action_cost.sh BIN Pages`")
        if len(hits) > 1 and checks is not None:
            # Like with like: a POST with a body is always parsed and handled, as that hit is.
            add("… against a hit parsed and handled + the checks", f"{bad[1]:,}",
                at_most(bad[1], hits[1][1] + checks, "the parsed hit + the checks"), "`bench/action_cost.sh BIN Pages`")
    if checks is not None:
        add("… the checks of that bad input alone (headers, JSON, input rules)", f"{checks:,}", "—",
            f'`bench/row_cost.sh BIN Pages "{ROW_CHECKS}"`')
    if miss is not None:
        add("instructions per uncached `/product/3` request (pipeline, ETag, gzip)", f"{miss:,}", "—",
            f'`bench/row_cost.sh BIN Pages "{ROW_MISS}"`')
    if miss is not None and zlib is not None:
        add("… against zlib alone on the same body (same level)", f"{zlib:,}: **{miss / zlib:.2f}x**", "—",
            f'`bench/row_cost.sh BIN Pages "{ROW_ZLIB}"`')

    for line in read(directory, "micro.txt").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0] not in ("benchmark", "") and not cells[0].startswith("---"):
            add(cells[0], cells[1], "—", "`trellis bench` (median)")
    idle = re.search(r"\(([-\d.]+) KiB per connection\)", read(directory, "idle.txt"))
    if idle:
        add("memory per idle keep-alive connection", f"{idle.group(1)} KiB", f"≤ 1 KiB {verdict(float(idle.group(1)) <= 1)}",
            "`python3 bench/idle_connections.py`")
    for path in sorted(glob.glob(os.path.join(directory, "soak*.txt"))):
        text = open(path).read()
        growth = re.search(r"growth after 10 s ([-+\d.]+) %", text)
        cache = re.search(r"cache-bytes (\d+ MiB)", text)
        peak = re.search(r"peak ([\d.]+)\); .*bound start \+ 1.25 x cache-bytes = ([\d.]+) MiB", text)
        if growth and cache:
            now, bar = f"{growth.group(1)} %", f"< 20 % {verdict(float(growth.group(1)) < 20)}"
            if peak:
                now += f"; peak {peak.group(1)} MiB"
                bar += f"; peak ≤ {peak.group(2)} MiB {verdict(float(peak.group(1)) <= float(peak.group(2)))}"
            add(f"soak, cache-bytes {cache.group(1)}: RSS growth after 10 s", now, bar, "`python3 bench/soak.py BIN`")
    print("\n".join(out))


if __name__ == "__main__":
    main()
