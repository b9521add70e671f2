#!/usr/bin/env bash
# list_page_cost.sh BIN BENCH_PAGES: instructions per cached hit of a page of a list that loads
# more (SPEC §10.2), `/home?_section=deals&_after=4`, against the cached hit of the same section
# fetched alone (its first page and `more`): the bar is at most twice a section hit. On a copy
# of BENCH_PAGES whose /home holds its `deals` carousel in an inline section, its 12 product
# cards the items of a file source listed by a paged `$each` (`pageSize` 4) and its catalog with
# the `load` action the benchmark's ios/5.2.0 client performs (bench/deals_in_section.py
# --paged 4), so that the list is cut into pages. Both through bench/hit_cost.sh (callgrind).
set -euo pipefail
BIN=$1 PAGES=$2
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d /tmp/trellis-listpage.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
cp -r "$PAGES" "$WORK/Pages"
python3 "$HERE/deals_in_section.py" "$WORK/Pages" --paged 4
"$BIN" validate --pages "$WORK/Pages" > /dev/null
TARGET="/home?_section=deals" "$HERE/hit_cost.sh" "$BIN" "$WORK/Pages"
TARGET="/home?_section=deals&_after=4" LABEL="cached list page /home?_section=deals&_after=4 hit" "$HERE/hit_cost.sh" "$BIN" "$WORK/Pages"
