#!/usr/bin/env bash
# Checks thousands of busy objects, each replacing its own state every 50 µs on its own queue,
# lock, task or actor (Tests/TimerLabTestingTests/Stress), in processes of their own, and the
# same cycles without timerlab as the control (issue 59); and a gearbox that makes a new part
# every 100 µs beside four of its class, whose parts must never be taken for its own (issue 66).
# Fails on a death (a process that did not end with its test run's closing line), a failed
# expectation, or a sanitizer report.
#
#   scripts/stress.sh [--sanitizer none|address|thread] [--rounds N] [--processes P]
#
# --sanitizer  builds optimized under that sanitizer, in a build folder of its own
#              (.build-stress-NAME); none (the default) uses the debug build, .build
# --rounds     checks of each of the eight types per process (default 100: 800 checks)
# --processes  how many processes run the checks, one after another (default 4)
#
# Prints one line per process and a total: checks made, deaths, sanitizer reports. Under the
# thread sanitizer, scripts/tsan.supp names the one kind of report it cannot model, each
# explained there.
set -uo pipefail
cd "$(dirname "$0")/.."
sanitizer=none rounds=100 processes=4
usage() {
    echo "error: $1" >&2
    echo "usage: scripts/stress.sh [--sanitizer none|address|thread] [--rounds N] [--processes P]" >&2
    exit 64
}
while [ $# -gt 0 ]; do
    case "$1" in
    --sanitizer | --rounds | --processes) [ $# -ge 2 ] || usage "$1 needs a value" ;;
    esac
    case "$1" in
    --sanitizer) sanitizer=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --processes) processes=$2; shift 2 ;;
    *) usage "unknown argument '$1'" ;;
    esac
done
case "$sanitizer" in none | address | thread) ;; *) usage "no sanitizer named '$sanitizer': none, address or thread" ;; esac
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || usage "rounds must be a positive whole number, not '$rounds'"
[[ "$processes" =~ ^[1-9][0-9]*$ ]] || usage "processes must be a positive whole number, not '$processes'"

if [ "$sanitizer" = none ]; then
    flags=()
else
    flags=(-c release --sanitize="$sanitizer" --scratch-path ".build-stress-$sanitizer")
fi
# Leaks are what the scenarios and the leaking types demonstrate: the address sanitizer's leak
# check is off, as in scripts/coverage.sh.
export ASAN_OPTIONS=detect_leaks=0 TSAN_OPTIONS="suppressions=$PWD/scripts/tsan.supp halt_on_error=0 report_signal_unsafe=0"
# `swift test` builds with testable imports, which the suites need; it runs one quick suite to do so.
first=$(mktemp)
if ! TIMERLAB_STRESS_ROUNDS=1 swift test "${flags[@]}" --filter BusyTypesControlTests >"$first" 2>&1; then
    tail -30 "$first" >&2
    echo "error: the stress suites do not build or pass once (above)" >&2
    rm -f "$first"
    exit 1
fi
rm -f "$first"
bundle="$(swift build "${flags[@]}" --show-bin-path)/timerlabPackageTests.xctest"
export TIMERLAB_STRESS_ROUNDS=$rounds

status=0 deaths=0 reports=0 checks=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for suite in BusyTypesControlTests BusyTypesTests; do
    for process in $(seq 1 "$processes"); do
        "$bundle" --testing-library swift-testing --filter "$suite" >"$log" 2>&1
        code=$?
        found=$(grep -c "WARNING: \(ThreadSanitizer\|AddressSanitizer\)\|ERROR: AddressSanitizer" "$log")
        closed=$(grep -c "Test run with" "$log")
        failed=$(grep -c "✘ Test" "$log")
        line="$suite process $process: exit $code, $found sanitizer report(s)"
        if [ "$closed" -eq 0 ]; then
            deaths=$((deaths + 1)); line="$line, DIED"; tail -20 "$log" >&2
        elif [ "$failed" -gt 0 ]; then
            line="$line, $failed failed"; grep -m1 -A14 "✘ Test" "$log" >&2; status=1
        fi
        [ "$found" -gt 0 ] && grep -A12 "WARNING: \(ThreadSanitizer\|AddressSanitizer\)\|ERROR: AddressSanitizer" "$log" | head -40 >&2
        reports=$((reports + found))
        [ "$suite" = BusyTypesTests ] && [ "$closed" -gt 0 ] && checks=$((checks + 8 * rounds))
        echo "$line"
    done
done
echo "total: $checks checks of busy objects made ($sanitizer), $deaths processes died, $reports sanitizer reports"
[ "$deaths" -eq 0 ] && [ "$reports" -eq 0 ] || status=1
exit $status
