#!/usr/bin/env bash
# Compares what two timerlab binaries print, for a refactoring that must change no output.
#
#   scripts/compare-outputs.sh OLD NEW
#
# Commands whose output is fixed (list, explain, help, the manual page, completion) are compared
# byte for byte. leak and check are compared after masking what carries time or depends on it
# (milliseconds, seconds, lateness, tick counts and event lists): JSON with its keys sorted,
# TSV and text by their fixed columns. Exits 1 and shows a diff on the first difference.
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: scripts/compare-outputs.sh OLD NEW" >&2; exit 64; }
old=$1 new=$2
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
differ=0
compare() {  # compare NAME FILTER ARGS...
    local name=$1 filter=$2; shift 2
    "$old" "$@" 2>&1 | eval "$filter" > "$work/old"
    "$new" "$@" 2>&1 | eval "$filter" > "$work/new"
    if ! cmp -s "$work/old" "$work/new"; then
        echo "== differs: timerlab $*"; diff "$work/old" "$work/new" | head -20; differ=1
    fi
}
mask_json='python3 -c "
import json, sys
timed = {\"ms\", \"seconds\", \"lateness\", \"latenessMs\", \"timing\", \"events\", \"firesBeforeRelease\", \"firesAfterRelease\", \"ticksBeforeRelease\", \"ticksAfterRelease\", \"ticksAfterStop\", \"omittedTickEvents\", \"perSecond\", \"ticks\", \"date\", \"detail\"}
def mask(v):
    if isinstance(v, dict): return {k: (\"*\" if k in timed else mask(x)) for k, x in v.items()}
    if isinstance(v, list): return [mask(x) for x in v]
    return v
print(json.dumps(mask(json.load(sys.stdin)), sort_keys=True, indent=1))"'
first_columns='cut -f1-4,7-12'
verdict_lines='grep -E "^[a-z-]+  (LEAKED|FREED)|^  expected|^PASS|^FAIL|^check "| sed -E "s/\([0-9.]+ s\)//"'

for format in text json tsv; do compare "list $format" cat list --format "$format"; done
for scenario in $("$new" list --format tsv | tail -n +2 | cut -f1); do
    for format in text json dot mermaid; do compare "explain" cat explain "$scenario" --format "$format"; done
done
compare help cat --help
for command in leak list check explain bench completion help; do compare help cat help "$command"; done
compare man cat help --man
for shell in bash zsh fish; do compare completion cat completion "$shell"; done
# Usage errors: what each prints and its exit status, byte for byte.
while IFS= read -r line; do
    # shellcheck disable=SC2086 # each line is a command line, split on purpose
    { "$old" $line; echo "exit $?"; } > "$work/old" 2>&1
    # shellcheck disable=SC2086
    { "$new" $line; echo "exit $?"; } > "$work/new" 2>&1
    if ! cmp -s "$work/old" "$work/new"; then
        echo "== differs: timerlab $line"; diff "$work/old" "$work/new" | head -20; differ=1
    fi
done <<'LINES'
list extra
explain
explain a b
explain strong-targt
diff strong-target
diff a b c
help a b
help --man leak
completion
completion bash zsh
completion tcsh
leak
leak --all strong-target
leak strong-target --json
leak strong-target --ticks 0
leak strong-target --interval 1e3
bench nothing
check --bogus
frobnicate
LINES
compare "leak json" "$mask_json" leak --all --format json
compare "leak tsv" "$first_columns" leak --all --format tsv
compare "leak text" "$verdict_lines" leak --all
compare "check json" "$mask_json" check --format json
compare "check text" "$verdict_lines" check
[ $differ -eq 0 ] && echo "same output (timings masked) from $old and $new"
exit $differ
