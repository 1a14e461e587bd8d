#!/usr/bin/env bash
# Lists every function, initializer and deinitializer in Sources/ longer than N lines (default 40),
# longest first, as `lines  file:line  name`, and every line of Swift in Sources/ and Tests/ over
# 140 columns (the house style's; swift format does not break a string literal). Exits 1 if it
# listed any.
#
#   scripts/long-functions.sh [N]
#
# Lines are counted from the declaration to its closing brace. Braces inside string literals
# (one-line and multi-line) and comments are not counted.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-40}
case "$limit" in ''|*[!0-9]*) echo "error: N must be a whole number, not '$limit'" >&2; exit 64 ;; esac

found=$(find Sources -name '*.swift' -print0 | sort -z | xargs -0 awk -v limit="$limit" '
    FNR == 1 { depth = 0; open_n = 0; in_multi = 0 }
    {
        line = $0
        # Multi-line string literals: count nothing inside them.
        n = gsub(/"""/, "&", line)
        if (in_multi) { if (n % 2 == 1) in_multi = 0; next }
        if (n % 2 == 1) { in_multi = 1; sub(/""".*/, "", line) }
        gsub(/\\"/, "", line)                 # escaped quotes
        gsub(/"[^"]*"/, "\"\"", line)         # one-line string literals
        sub(/\/\/.*/, "", line)               # line comments
        if (line ~ /^[ \t]*(@[A-Za-z]+(\([^)]*\))?[ \t]+)*((public|private|fileprivate|internal|open|static|class|final|override|mutating|nonmutating|nonisolated|convenience|required|dynamic|package)[ \t]+)*(func[ \t]|init[(<?]|deinit[ \t{])/) {
            # A declaration with no body (a protocol requirement) is dropped when the next comes.
            if (open_n > 0 && !opened[open_n - 1]) open_n--
            stack_line[open_n] = FNR; stack_depth[open_n] = depth; opened[open_n] = 0
            name = line; sub(/^[ \t]+/, "", name); sub(/[ \t]*\{.*/, "", name)
            stack_name[open_n] = name; open_n++
        }
        depth += gsub(/\{/, "{", line) - gsub(/\}/, "}", line)
        if (open_n > 0 && depth > stack_depth[open_n - 1]) opened[open_n - 1] = 1
        while (open_n > 0 && depth <= stack_depth[open_n - 1]) {
            top = open_n - 1
            if (!opened[top] && depth == stack_depth[top]) break
            length_ = FNR - stack_line[top] + 1
            if (opened[top] && length_ > limit) printf "%d\t%s:%d\t%s\n", length_, FILENAME, stack_line[top], substr(stack_name[top], 1, 80)
            open_n--
        }
    }
' | sort -rn)
wide=$(git ls-files -z 'Sources/*.swift' 'Tests/*.swift' | xargs -0 awk 'length > 140 { printf "%s:%d: %d columns\n", FILENAME, FNR, length }')
[ -z "$wide" ] || echo "$wide"
if [ -n "$found" ]; then
    echo "$found"
    echo "$(echo "$found" | wc -l) functions over $limit lines" >&2
fi
[ -z "$found" ] && [ -z "$wide" ] || exit 1
echo "no function in Sources/ is over $limit lines; no line in Sources/ or Tests/ is over 140 columns"
