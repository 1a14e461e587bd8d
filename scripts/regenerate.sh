#!/usr/bin/env bash
# The one command that makes every generated file of the repository:
#
#   Sources/TimerLab/Explain/CarriedCode+Generated.swift   each scenario's owner code, carried into
#                                                          the binary for explain and diff (carry-code)
#   README.md and Sources/*/*.docc listings                the code they show (scripts/sync-listings.sh)
#   docs/timeline.svg                                      timerlab leak --all --format svg
#   docs/bench.svg                                         timerlab bench --format svg
#
#   scripts/regenerate.sh            rewrite them all (the pictures run the release build: a minute or two)
#   scripts/regenerate.sh --check    write nothing; exit 1, naming each, if one is stale
#
# The carried code and the listings are compared byte for byte. The pictures are observed runs,
# whose timings differ from run to run, so they are stale when they no longer show the catalog:
# a lane per scenario in the catalog's order, a chart per measurement (the tests check the same).
# api/ is not generated: it is the API baseline, updated on purpose (scripts/api-check.sh --update).
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
    "") check="" ;;
    --check) check="--check" ;;
    *) echo "error: usage: scripts/regenerate.sh [--check]" >&2; exit 64 ;;
esac

swift run -q carry-code $check
if [ -n "$check" ]; then scripts/sync-listings.sh --check; else scripts/sync-listings.sh; fi

if [ -z "$check" ]; then
    swift build -q -c release --product timerlab
    work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
    .build/release/timerlab leak --all --format svg > "$work/timeline.svg"
    .build/release/timerlab bench --format svg --output "$work/bench.svg"
    mv "$work/timeline.svg" docs/timeline.svg
    mv "$work/bench.svg" docs/bench.svg
    echo "wrote docs/timeline.svg and docs/bench.svg"
    exit 0
fi
swift build -q --product timerlab
scenarios=$(.build/debug/timerlab list --format tsv | tail -n +2 | cut -f1)
python3 - "$scenarios" <<'PY'
import re, sys
expected = sys.argv[1].split()
lanes = re.findall(r'class="lane"[^>]*data-scenario="([^"]+)"', open("docs/timeline.svg").read())
charts = re.findall(r'class="chart"[^>]*data-measurement="([^"]+)"', open("docs/bench.svg").read())
stale = []
if lanes != expected: stale.append("docs/timeline.svg (its lanes are not the catalog's scenarios)")
if charts != ["memory", "stop", "cpu", "accuracy"]: stale.append("docs/bench.svg (not a chart per measurement)")
for name in stale: print(f"error: stale: {name}; run scripts/regenerate.sh", file=sys.stderr)
if stale: sys.exit(1)
print("up to date: docs/timeline.svg, docs/bench.svg")
PY
