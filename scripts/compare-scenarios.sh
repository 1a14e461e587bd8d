#!/usr/bin/env bash
# Prints timerlab scenarios side by side, from `timerlab leak --format tsv`.
# Copy and adapt freely: it reads the TSV by column name, so new columns do not break it.
set -euo pipefail

usage() {
    echo "usage: $(basename "$0") [-h] [--format table|tsv|json] [scenario...] [timerlab leak options]   (no scenario: all of them)"
    echo "  Runs the scenarios with timerlab and prints owner, ticks before/after release, the timer"
    echo "  after release, the expected owner and whether they agree: an aligned table (the default),"
    echo "  TSV with a header, or a JSON array. Uses \$TIMERLAB, else this"
    echo "  checkout's release build (built if missing or older than its sources), so the answer is"
    echo "  the code beside the script, not a stale install; it names the binary on standard error."
}

case "${1:-}" in
    -h | --help) usage; exit 0 ;;
esac

# --format is the script's own (the comparison's form); timerlab is always asked for TSV.
format=table
arguments=()
while [ $# -gt 0 ]; do
    case "$1" in
        --format) [ $# -ge 2 ] || { echo "error: --format needs a value: table, tsv or json" >&2; exit 64; }
            format=$2; shift 2 ;;
        --format=*) format=${1#--format=}; shift ;;
        *) arguments+=("$1"); shift ;;
    esac
done
case "$format" in
    table | tsv | json) ;;
    *) echo "error: unknown format '$format' (table, tsv or json)" >&2; exit 64 ;;
esac
set -- ${arguments[@]+"${arguments[@]}"}

repo=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${TIMERLAB:-}" ]; then
    timerlab=$TIMERLAB
else
    timerlab="$repo/.build/release/timerlab"
    # Built when missing or when a source is newer: a stale build would answer for other code.
    if [ ! -x "$timerlab" ] || [ -n "$(find "$repo/Sources" "$repo/Package.swift" -newer "$timerlab" -print -quit)" ]; then
        echo "compare-scenarios: building timerlab (swift build -c release)..." >&2
        (cd "$repo" && swift build -c release --product timerlab >&2)
    fi
fi
echo "compare-scenarios: running $timerlab" >&2

# No scenario named (nothing, or only options such as `--ticks 5`) means all of them.
named=0
expect_value=0
for argument in "$@"; do
    if [ "$expect_value" -eq 1 ]; then
        expect_value=0
        continue
    fi
    case "$argument" in
        --all) named=1 ;;
        --*=*) ;;
        --ticks | --interval | --grace | --expect) expect_value=1 ;;
        -*) ;;
        *) named=1 ;;
    esac
done
if [ "$named" -eq 0 ]; then
    set -- --all "$@"
fi

status=0
tsv=$("$timerlab" leak "$@" --format tsv) || status=$?
if [ "$status" -ne 0 ]; then
    echo "compare-scenarios: timerlab failed (exit $status)" >&2
    exit "$status"
fi

printf '%s\n' "$tsv" | awk -F '\t' -v format="$format" '
    function row(scenario, owner, before, after, timer, expected, agree) {
        if (format == "tsv") {
            printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", scenario, owner, before, after, timer, expected, agree
        } else {
            printf "%-22s %-7s %7s %6s  %-14s %-9s %s\n", scenario, owner, before, after, timer, expected, agree
        }
    }
    NR == 1 {
        for (i = 1; i <= NF; i++) column[$i] = i
        if (format == "json") { printf "["; next }
        if (format == "tsv") {
            row("scenario", "owner", "ticks_before", "ticks_after", "after_release", "expected_owner", "as_expected")
        } else {
            row("SCENARIO", "OWNER", "BEFORE", "AFTER", "TIMER AFTER", "EXPECTED", "AGREE")
        }
        next
    }
    format == "json" {
        printf "%s\n  {\"scenario\": \"%s\", \"owner\": \"%s\", \"ticksBefore\": %d, \"ticksAfter\": %d, \"afterRelease\": \"%s\", \"expectedOwner\": \"%s\", \"asExpected\": %s}", \
            (NR > 2 ? "," : ""), $column["scenario"], $column["owner"], $column["ticks_before"], $column["ticks_after"], \
            $column["after_release"], $column["expected_owner"], ($column["as_expected"] == "yes" ? "true" : "false")
        next
    }
    {
        row($column["scenario"], $column["owner"], $column["ticks_before"], $column["ticks_after"], \
            $column["after_release"], $column["expected_owner"], $column["as_expected"])
    }
    END { if (format == "json") print "\n]" }'
