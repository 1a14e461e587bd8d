#!/usr/bin/env bash
# The one command that makes every generated file of the repository:
#
#   Sources/TimerLab/Explain/CarriedCode+Generated.swift   each scenario's owner code, carried into
#                                                          the binary for explain and diff (carry-code)
#   README.md and Sources/*/*.docc listings                the code they show (scripts/sync-listings.sh)
#   the reports README.md, docs/ and DocC show              a run of each type's check (scripts/report-samples.sh)
#   docs/timeline.svg                                      timerlab leak --all --format svg
#   docs/bench.svg                                         timerlab bench --format svg
#
#   scripts/regenerate.sh            rewrite them all (the pictures run the release build: a minute or two)
#   scripts/regenerate.sh --check    write nothing; exit 1, naming each, if one is stale
#
# The carried code and the listings are compared byte for byte. The pictures are observed runs,
# whose timings differ from run to run: they are stale when what they say differs from what the
# command draws now (scripts/picture-match.py: timeline, a lane per scenario in the catalog's
# order, each lane's name, verdict and stoppers, and the header and legend, numbers masked;
# bench: chart titles, notes and series, against a `bench --quick` run).
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
scripts/report-samples.sh $check

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
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
.build/debug/timerlab list --format tsv | tail -n +2 | cut -f1 > "$work/scenarios"
.build/debug/timerlab leak --all --format svg > "$work/timeline.svg"
.build/debug/timerlab bench --quick --format svg --output "$work/bench.svg"
stale=0
scripts/picture-match.py timeline docs/timeline.svg "$work/timeline.svg" "$work/scenarios" || stale=1
scripts/picture-match.py bench docs/bench.svg "$work/bench.svg" || stale=1
[ "$stale" = 0 ] || exit 1
echo "up to date: docs/timeline.svg, docs/bench.svg"
