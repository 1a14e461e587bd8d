#!/usr/bin/env bash
# Runs `timerlab check` N times while every core is kept busy, and prints how many runs had any
# scenario that did not behave as documented. Starts and stops its own busy loops, by PID.
set -euo pipefail

usage() {
    echo "usage: $(basename "$0") [-h] [runs]   (runs: how many checks, default 50)"
}
case "${1:-}" in
    -h | --help) usage; exit 0 ;;
esac
runs=${1:-50}
case "$runs" in
    '' | *[!0-9]* | 0) echo "error: runs must be a positive whole number, not '$runs'" >&2; usage >&2; exit 64 ;;
esac

cd "$(dirname "$0")/.."
swift build -c release --product timerlab >/dev/null
timerlab=.build/release/timerlab

hogs=()
stop_hogs() {
    if [ ${#hogs[@]} -gt 0 ]; then
        kill "${hogs[@]}" 2>/dev/null || true
        wait "${hogs[@]}" 2>/dev/null || true
    fi
}
trap stop_hogs EXIT
trap 'exit 130' INT TERM
cores=$(nproc)
for _ in $(seq "$cores"); do
    (while :; do :; done) &
    hogs+=($!)
done

mismatched=0
for run in $(seq "$runs"); do
    if ! out=$("$timerlab" check --format tsv 2>&1); then
        mismatched=$((mismatched + 1))
        echo "run $run: $(printf '%s\n' "$out" | awk -F '\t' 'NR > 1 && $(NF - 1) != "as expected" { printf "%s (%s) ", $1, $(NF - 1) }')"
    fi
done
stop_hogs
hogs=()

echo "$runs runs of timerlab check with $cores busy loops: $mismatched with a mismatch"
[ "$mismatched" -eq 0 ]
