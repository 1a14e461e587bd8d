#!/usr/bin/env bash
# Runs every command under `ulimit -v` from 64 MB to 2 GB and checks each one either works
# (exit 0, or 1 for check's own verdict) or refuses with exit 71 and one line on stderr: never a
# signal, never a backtrace. Below what the dynamic loader needs to map timerlab's libraries, the
# loader itself refuses (exit 127) before timerlab runs; that is reported, not failed.
#
#   scripts/address-space-sweep.sh [binary]        (default: .build/release/timerlab)
#
# Prints one line per run; exits 1 if any run ended otherwise. Every run is bounded (timeout 180).
set -uo pipefail
cd "$(dirname "$0")/.."
tl=${1:-.build/release/timerlab}
limits_mb="64 80 100 120 150 200 300 500 1000 2000"
commands=("list" "explain gcd-strong" "leak strong-target" "leak --all" "diff block-strong block-weak" "check" "bench --quick")
bad=0
for mb in $limits_mb; do
    for command in "${commands[@]}"; do
        err=$(mktemp)
        # shellcheck disable=SC2086
        status=$(timeout -s KILL 180 bash -c "ulimit -v $((mb * 1024)); exec $tl $command" 2>"$err" >/dev/null; echo $?)
        lines=$(wc -l <"$err")
        verdict=ok
        case "$status" in
            0 | 1) ;;
            71) [ "$lines" -eq 1 ] || verdict="BAD: $lines lines on stderr" ;;
            127) grep -q "error while loading shared libraries" "$err" && verdict="loader refused" || verdict="BAD" ;;
            *) verdict="BAD" ;;
        esac
        grep -qi "backtrac\|Program crashed" "$err" && verdict="BAD: backtrace"
        [ "${verdict#BAD}" != "$verdict" ] && bad=1
        printf '%5s MB  %-30s exit %-3s %s  %s\n' "$mb" "$command" "$status" "$verdict" "$(head -c 120 "$err" | head -1)"
        rm -f "$err"
    done
done
exit $bad
