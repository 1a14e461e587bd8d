#!/usr/bin/env bash
# Measures `timerlab check` of the whole catalog against the longest single scenario's
# `timerlab leak` run, both as whole processes, and prints the ratio (goal 1.2, limit 1.5).
set -euo pipefail

usage() {
    echo "usage: $(basename "$0") [-h] [runs]   (runs: repetitions of each measurement, default 5)"
}
case "${1:-}" in
    -h | --help) usage; exit 0 ;;
esac
# `${1-...}`, not `${1:-...}`: an empty argument is a mistake to report, not a request for the default.
runs=${1-5}
case "$runs" in
    '' | *[!0-9]* | 0) echo "error: runs must be a positive whole number, not '$runs'" >&2; usage >&2; exit 64 ;;
esac

cd "$(dirname "$0")/.."
swift build -c release --product timerlab >/dev/null
timerlab=.build/release/timerlab

# Median wall time, in milliseconds, of `runs` executions of the command.
median_ms() {
    local samples=() start end
    for _ in $(seq "$runs"); do
        start=$(date +%s%N)
        "$@" >/dev/null
        end=$(date +%s%N)
        samples+=($(((end - start) / 1000000)))
    done
    printf '%s\n' "${samples[@]}" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

longest_name=""
longest_ms=0
for scenario in $("$timerlab" list --format tsv | tail -n +2 | cut -f1); do
    ms=$(median_ms "$timerlab" leak "$scenario")
    printf '  leak %-22s %6s ms\n' "$scenario" "$ms"
    if awk -v a="$ms" -v b="$longest_ms" 'BEGIN { exit !(a > b) }'; then
        longest_ms=$ms
        longest_name=$scenario
    fi
done
check_ms=$(median_ms "$timerlab" check)
ratio=$(awk -v c="$check_ms" -v l="$longest_ms" 'BEGIN { printf "%.2f", c / l }')

echo "longest single scenario: $longest_name, ${longest_ms} ms (median of $runs)"
echo "check, whole catalog:    ${check_ms} ms (median of $runs)"
echo "ratio check / longest:   $ratio (goal 1.2, limit 1.5)"
awk -v r="$ratio" 'BEGIN { exit !(r <= 1.5) }'
