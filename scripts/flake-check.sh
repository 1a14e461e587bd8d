#!/usr/bin/env bash
# Runs the whole `swift test` N times (default 30) while one busy loop per core, started and
# stopped by this script, loads the machine, and prints how many runs each failing test failed.
#
#   scripts/flake-check.sh [N]
#
# Exits 1 if any run failed. The busy loops end with the script, however it ends.
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-30}
case "$runs" in ''|*[!0-9]*) echo "error: N must be a whole number, not '$runs'" >&2; exit 64 ;; esac

swift build --build-tests >/dev/null || exit 1
busy=()
stop_busy() { [ ${#busy[@]} -eq 0 ] || kill "${busy[@]}" 2>/dev/null; wait 2>/dev/null; }
trap stop_busy EXIT
trap 'exit 130' INT TERM
for _ in $(seq "$(nproc)"); do
    ( while :; do :; done ) &
    busy+=($!)
done

logs=$(mktemp -d)
failed_runs=0
for run in $(seq "$runs"); do
    if swift test --skip-build > "$logs/run-$run.txt" 2>&1; then
        echo "run $run: passed"
    else
        failed_runs=$((failed_runs + 1))
        echo "run $run: FAILED"
    fi
done
echo
echo "failures per test (over $runs runs under load):"
grep -hoE '✘ Test [^ ]+' "$logs"/run-*.txt 2>/dev/null | sort | uniq -c | sort -rn || true
echo "$failed_runs of $runs runs failed"
rm -rf "$logs"
[ "$failed_runs" -eq 0 ]
