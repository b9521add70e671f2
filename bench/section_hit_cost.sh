#!/usr/bin/env bash
# section_hit_cost.sh BIN BENCH_PAGES: instructions per cached hit of a section fetched alone
# against its page's (SPEC §10.1), on a copy of BENCH_PAGES whose /home holds its `deals`
# carousel in a section (inline: `defer` false; bench/deals_in_section.py). Both through
# bench/hit_cost.sh (callgrind).
set -euo pipefail
BIN=$1 PAGES=$2
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d /tmp/trellis-sectionhit.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
cp -r "$PAGES" "$WORK/Pages"
python3 "$HERE/deals_in_section.py" "$WORK/Pages"
"$HERE/hit_cost.sh" "$BIN" "$WORK/Pages"
TARGET="/home?_section=deals" "$HERE/hit_cost.sh" "$BIN" "$WORK/Pages"
