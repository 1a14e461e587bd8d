#!/usr/bin/env bash
# Runs the tests, or `timerlab check`, many times while one busy loop per core, started and
# stopped by this script, loads the machine, and says how often a run failed:
#
#   scripts/flake-check.sh [N]                          the whole `swift test`, N times (default 30),
#                                                       then how many runs each failing test failed
#   scripts/flake-check.sh --check [N [scenario...]]    `timerlab check`, N times (default 50), and
#                                                       each run that had a scenario not as documented
#
# --check uses $TIMERLAB if set, else this repository's release build (built if needed).
# Exits 1 if any run failed, 64 on a bad argument. The busy loops end with the script, however
# it ends.
set -uo pipefail

usage() {
    echo "usage: $(basename "$0") [N]  |  $(basename "$0") --check [N [scenario...]]"
}
mode=tests default=30
case "${1:-}" in
    -h | --help) usage; exit 0 ;;
    --check) mode=check default=50; shift ;;
esac
# `${1-...}`, not `${1:-...}`: an empty argument is a mistake to report, not a request for the default.
runs=${1-$default}
case "$runs" in
    '' | *[!0-9]* | 0) echo "error: runs must be a positive whole number, not '$runs'" >&2; usage >&2; exit 64 ;;
esac
shift || true
[ "$mode" = check ] || [ $# -eq 0 ] || { echo "error: scenarios are for --check only" >&2; usage >&2; exit 64; }

cd "$(dirname "$0")/.."
if [ "$mode" = tests ]; then
    swift build --build-tests >/dev/null || exit 1
elif [ -n "${TIMERLAB:-}" ]; then
    timerlab=$TIMERLAB
else
    swift build -c release --product timerlab >/dev/null || exit 1
    timerlab=.build/release/timerlab
fi

busy=()
logs=$(mktemp -d)
stop_busy() {
    # SIGKILL: a busy loop has nothing to clean up, and SIGTERM may be blocked in what it inherited.
    [ ${#busy[@]} -eq 0 ] || { kill -KILL "${busy[@]}" 2>/dev/null; wait "${busy[@]}" 2>/dev/null; }
    busy=()
}
trap 'stop_busy; rm -rf "$logs"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
cores=$(nproc)
for _ in $(seq "$cores"); do
    ( while :; do :; done ) &
    busy+=($!)
done

failed=0
for run in $(seq "$runs"); do
    if [ "$mode" = tests ]; then
        if swift test --skip-build > "$logs/run-$run.txt" 2>&1; then
            echo "run $run: passed"
        else
            failed=$((failed + 1))
            echo "run $run: FAILED"
        fi
    # Standard error stays out of the data; the TSV is read by column name, not position.
    elif ! out=$("$timerlab" check "$@" --format tsv 2>"$logs/errors"); then
        failed=$((failed + 1))
        echo "run $run: $(printf '%s\n' "$out" | awk -F '\t' '
            NR == 1 { for (i = 1; i <= NF; i++) column[$i] = i; next }
            $column["status"] != "pass" { printf "%s (%s) ", $column["scenario"], $column["status"] }')"
        sed 's/^/    /' "$logs/errors" >&2
    fi
done
stop_busy

if [ "$mode" = tests ]; then
    echo
    echo "failures per test (over $runs runs under load):"
    grep -hoE '✘ Test [^ ]+' "$logs"/run-*.txt 2>/dev/null | sort | uniq -c | sort -rn || true
    echo "$failed of $runs runs failed"
else
    echo "$runs runs of timerlab check with $cores busy loops: $failed with a mismatch"
fi
[ "$failed" -eq 0 ]
