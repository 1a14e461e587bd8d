#!/usr/bin/env bash
# Sweeps the resource limits a shared machine or a CI container imposes and checks that timerlab
# never gives a wrong verdict or dies of a signal under them.
#
#   scripts/limit-sweep.sh [threads FROM TO] [descriptors FROM TO] [address-space "MB..."]
#                          [none threads|descriptors|address-space]
#
# With no arguments: `ulimit -u` 3..40, `ulimit -n` 8..200 and `ulimit -v` from 64 MB to 2 GB;
# `none` leaves a family out. Under each process limit (which
# binds only an unprivileged user: as root the runs are made as `nobody` through setpriv),
# `timerlab check` must report only pass or error and exit 0, 70 or 71 within 60 s, and
# `timerlab leak --all` must give only as-expected rows or exit 71. Under each descriptor limit,
# both must complete as expected or exit 71 (leak) / 70 or 71 (check), never by a signal. Under
# each address-space limit, every command must work (exit 0, or 1 for check's own verdict) or
# refuse with exit 71 and one line on stderr, never with a backtrace; below what the dynamic
# loader needs to map timerlab's libraries, the loader itself refuses (exit 127) before timerlab
# runs: that is reported, not failed.
# Uses $TIMERLAB if set, else this repository's release build (built if needed). Exits 1 if any
# case broke a rule; prints one line per limit.
set -uo pipefail
cd "$(dirname "$0")/.."

threads=(3 40)
descriptors=(8 200)
address_space="64 80 100 120 150 200 300 500 1000 2000"
usage="usage: $0 [threads FROM TO] [descriptors FROM TO] [address-space \"MB...\"] [none threads|descriptors|address-space]"
while [ $# -gt 0 ]; do
    case "$1 ${2:-}" in
        threads\ *) threads=("$2" "${3:-}"); shift 3 || { echo "error: $usage" >&2; exit 64; } ;;
        descriptors\ *) descriptors=("$2" "${3:-}"); shift 3 || { echo "error: $usage" >&2; exit 64; } ;;
        address-space\ *) address_space=$2; shift 2 ;;
        "none threads") threads=(1 0); shift 2 ;;
        "none descriptors") descriptors=(1 0); shift 2 ;;
        "none address-space") address_space=""; shift 2 ;;
        *) echo "error: $usage" >&2; exit 64 ;;
    esac
done

binary=${TIMERLAB:-}
if [ -z "$binary" ]; then
    swift build -c release --product timerlab >/dev/null || exit 1
    binary=.build/release/timerlab
fi
# A copy every user can run: the checkout may sit in a mode-700 home.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
cp "$binary" "$work/timerlab"
chmod 755 "$work/timerlab"
as_user=""
if [ "$(id -u)" -eq 0 ]; then as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"; fi

# Prints the values of the TSV column named $1 from standard input.
column() { awk -F'\t' -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next } { print $c }'; }

broken=0
judge() { # $1: label, $2: rule broken ("" if none)
    if [ -n "$2" ]; then broken=$((broken + 1)); echo "BROKEN  $1: $2"; else echo "ok      $1"; fi
}

for ((u = threads[0]; u <= threads[1]; u++)); do
    start=$(date +%s)
    out=$(cd "$work" && timeout 90 $as_user bash -c "ulimit -u $u; ./timerlab check --format tsv" 2>/dev/null); status=$?
    took=$(($(date +%s) - start))
    bad=$(printf '%s\n' "$out" | column status | grep -cvE '^(pass|error)$')
    rule=""
    [ "$status" -eq 0 ] || [ "$status" -eq 70 ] || [ "$status" -eq 71 ] || rule="exit $status"
    [ "$took" -le 60 ] || rule="$rule took ${took}s"
    [ "$bad" -eq 0 ] || rule="$rule $bad statuses other than pass/error"
    judge "ulimit -u $u check (exit $status, ${took}s)" "$rule"

    out=$(cd "$work" && timeout 90 $as_user bash -c "ulimit -u $u; ./timerlab leak --all --format tsv" 2>/dev/null); status=$?
    wrong=$(printf '%s\n' "$out" | column as_expected | grep -cv '^yes$')
    rule=""
    [ "$status" -eq 0 ] || [ "$status" -eq 71 ] || rule="exit $status"
    [ "$wrong" -eq 0 ] || rule="$rule $wrong rows not as expected"
    judge "ulimit -u $u leak --all (exit $status)" "$rule"
done

for ((n = descriptors[0]; n <= descriptors[1]; n++)); do
    for command in "leak --all" "check"; do
        err=$(cd "$work" && timeout 90 bash -c "ulimit -n $n; ./timerlab $command --format tsv" 2>&1 >"$work/out.tsv"); status=$?
        column_name=$([ "$command" = check ] && echo status || echo as_expected)
        want=$([ "$command" = check ] && echo pass || echo yes)
        wrong=$(column "$column_name" < "$work/out.tsv" | grep -cv "^$want\$")
        shortage=$([ "$command" = check ] && echo 70 || echo 71)
        rule=""
        if [ "$status" -gt 128 ]; then rule="killed by signal $((status - 128))"
        elif [ "$status" -eq "$shortage" ] || { [ "$command" = check ] && [ "$status" -eq 71 ]; }; then
            [ "$command" = check ] || [ "$(printf '%s\n' "$err" | grep -c .)" -eq 1 ] || rule="more than one line on stderr"
        elif [ "$status" -ne 0 ]; then rule="exit $status"
        elif [ "$wrong" -ne 0 ]; then rule="$wrong rows not as expected"
        fi
        judge "ulimit -n $n $command (exit $status)" "$rule"
    done
done
commands=("list" "explain gcd-strong" "leak strong-target" "leak --all" "diff block-strong block-weak" "check" "bench --quick")
for mb in $address_space; do
    for command in "${commands[@]}"; do
        # shellcheck disable=SC2086
        err=$(cd "$work" && timeout -s KILL 180 bash -c "ulimit -v $((mb * 1024)); exec ./timerlab $command" 2>&1 >/dev/null); status=$?
        lines=$(printf '%s\n' "$err" | grep -c .)
        rule=""
        case "$status" in
            0 | 1) ;;
            71) [ "$lines" -eq 1 ] || rule="$lines lines on stderr" ;;
            127) printf '%s\n' "$err" | grep -q "error while loading shared libraries" || rule="exit 127" ;;
            *) rule="exit $status" ;;
        esac
        printf '%s\n' "$err" | grep -qi "backtrac\|Program crashed" && rule="$rule a backtrace"
        judge "ulimit -v $mb MB $command (exit $status$([ "$status" -eq 127 ] && echo ", the loader refused"))" "$rule"
    done
done
echo "$broken broken"
[ "$broken" -eq 0 ]
