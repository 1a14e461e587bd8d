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
# whose timings differ from run to run: they are stale when their words differ from what the
# command draws now (timeline: every text, numbers masked, and a lane per scenario in the
# catalog's order; bench: chart titles, notes and series, against a `bench --quick` run).
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
python3 - "$work" <<'PY'
import re, sys
work = sys.argv[1]
read = lambda path: open(path, encoding="utf-8").read()
def timeline_words(text):
    # Every text of the picture with its numbers masked: the timings differ from run to run.
    return [re.sub(r"[0-9.]+", "#", t) for t in re.findall(r"<text[^>]*>([^<]*)", text)]
def bench_words(text):
    # Chart titles, notes and series: what a quick run words as the full one does.
    return (re.findall(r'<text[^>]*font-size="14" font-weight="bold">([^<]*)', text),
            re.findall(r'<text[^>]*font-size="10" fill="#555555">([^<]*)', text),
            re.findall(r'class="series" data-label="([^"]*)"', text))
expected = read(f"{work}/scenarios").split()
timeline, bench = read("docs/timeline.svg"), read("docs/bench.svg")
lanes = re.findall(r'class="lane"[^>]*data-scenario="([^"]+)"', timeline)
stale = []
if lanes != expected or timeline_words(timeline) != timeline_words(read(f"{work}/timeline.svg")):
    stale.append("docs/timeline.svg (its lanes or words are not what timerlab leak --all draws now)")
if bench_words(bench) != bench_words(read(f"{work}/bench.svg")):
    stale.append("docs/bench.svg (its charts' titles, notes or series are not what timerlab bench draws now)")
for name in stale: print(f"error: stale: {name}; run scripts/regenerate.sh", file=sys.stderr)
if stale: sys.exit(1)
print("up to date: docs/timeline.svg, docs/bench.svg")
PY
