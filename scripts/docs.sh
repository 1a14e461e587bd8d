#!/usr/bin/env bash
# Builds TimerLabTesting's documentation with the toolchain's docc: a static site in the folder
# you name, warnings as errors, and 100 % of public symbols with an abstract.
#
#   scripts/docs.sh OUTPUT_FOLDER      then serve it: python3 -m http.server -d OUTPUT_FOLDER --bind 127.0.0.1
#
# The folder is made if missing; a folder that holds anything else is refused (nothing is
# replaced). Its listings are first checked against the code they are taken from
# (scripts/sync-listings.sh --check). Exits 1 on a warning, a symbol without an abstract, or a
# stale listing.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "error: usage: scripts/docs.sh OUTPUT_FOLDER" >&2; exit 64; }
out=$1
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ] && [ ! -e "$out/.timerlab-docs" ]; then
    echo "error: '$out' is not empty and was not made by this script; name a new folder" >&2
    exit 64
fi
scripts/sync-listings.sh --check
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
# The symbol graph is read from the package's own debug build: no build folder of its own.
# Synthesized members (Equatable's !=, hash(into:)) are the standard library's to document, not ours.
swift build --target TimerLabTesting >/dev/null
mkdir -p "$graphs/TimerLabTesting"
bin=$(swift build --show-bin-path)
# The C targets the module imports are found by their generated module maps.
maps=()
for map in "$bin"/*.build/module.modulemap; do maps+=(-Xcc "-fmodule-map-file=$map"); done
swift-symbolgraph-extract -module-name TimerLabTesting -I "$bin/Modules" "${maps[@]}" \
    -target "$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')" \
    -minimum-access-level public -skip-synthesized-members \
    -output-dir "$graphs/TimerLabTesting"
rm -rf "$out"
docc convert Sources/TimerLabTesting/TimerLabTesting.docc \
    --additional-symbol-graph-dir "$graphs/TimerLabTesting" \
    --fallback-display-name TimerLabTesting --fallback-bundle-identifier org.timerlab.TimerLabTesting \
    --output-dir "$out" --transform-for-static-hosting --hosting-base-path "" \
    --warnings-as-errors --experimental-documentation-coverage --coverage-summary-level brief
touch "$out/.timerlab-docs"
python3 - "$out/documentation-coverage.json" <<'PY'
import json, sys
entries = json.load(open(sys.argv[1]))
symbols = [e for e in entries if e.get("kind", {}).get("isSymbol")]
missing = [e.get("referencePath", "").split("/documentation/")[-1] for e in symbols if not e.get("hasAbstract", False)]
print(f"documentation coverage: {len(symbols) - len(missing)} of {len(symbols)} public symbols have an abstract")
if missing:
    print("error: no abstract: " + ", ".join(sorted(map(str, missing))), file=sys.stderr)
    sys.exit(1)
PY
echo "site: $out (index: $out/documentation/timerlabtesting/index.html)"
