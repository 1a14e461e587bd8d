#!/usr/bin/env bash
# Runs `timerlab check` N times while every core is kept busy, and prints how many runs had any
# scenario that did not behave as documented. Starts and stops its own busy loops, by PID.
set -euo pipefail

usage() {
    echo "usage: $(basename "$0") [-h] [runs [scenario...]]   (runs: how many checks, default 50)"
    echo "  Uses \$TIMERLAB if set, else this repository's release build (built if needed)."
}
case "${1:-}" in
    -h | --help) usage; exit 0 ;;
esac
# `${1-...}`, not `${1:-...}`: an empty argument is a mistake to report, not a request for the default.
runs=${1-50}
case "$runs" in
    '' | *[!0-9]* | 0) echo "error: runs must be a positive whole number, not '$runs'" >&2; usage >&2; exit 64 ;;
esac

shift || true

cd "$(dirname "$0")/.."
if [ -n "${TIMERLAB:-}" ]; then
    timerlab=$TIMERLAB
else
    swift build -c release --product timerlab >/dev/null
    timerlab=.build/release/timerlab
fi

hogs=()
stop_hogs() {
    if [ ${#hogs[@]} -gt 0 ]; then
        # SIGKILL: a busy loop has nothing to clean up, and SIGTERM may be blocked in what it inherited.
        kill -KILL "${hogs[@]}" 2>/dev/null || true
        wait "${hogs[@]}" 2>/dev/null || true
    fi
}
trap stop_hogs EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
cores=$(nproc)
for _ in $(seq "$cores"); do
    (while :; do :; done) &
    hogs+=($!)
done

mismatched=0
errors=$(mktemp)
trap 'stop_hogs; rm -f "$errors"' EXIT
for run in $(seq "$runs"); do
    # Standard error stays out of the data; the TSV is read by column name, not position.
    if ! out=$("$timerlab" check "$@" --format tsv 2>"$errors"); then
        mismatched=$((mismatched + 1))
        echo "run $run: $(printf '%s\n' "$out" | awk -F '\t' '
            NR == 1 { for (i = 1; i <= NF; i++) column[$i] = i; next }
            $column["status"] != "pass" { printf "%s (%s) ", $column["scenario"], $column["status"] }')"
        sed 's/^/    /' "$errors" >&2
    fi
done
stop_hogs
hogs=()

echo "$runs runs of timerlab check with $cores busy loops: $mismatched with a mismatch"
[ "$mismatched" -eq 0 ]
