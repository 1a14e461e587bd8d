#!/usr/bin/env bash
# Fails when the public API of a library product (TimerLabTesting, TimerLabXCTest) changes in a way that breaks its users, unless
# the same commit updates the committed baseline (api/<Product>.json), as swift-nio's API
# breakage check does against a release.
#
#   scripts/api-check.sh            compare the API now with the baseline; exit 1 on a breaking change
#   scripts/api-check.sh --update   write the baseline from the API now (a deliberate change: commit it)
#   scripts/api-check.sh --against REV   compare with the baseline as committed at REV instead
#                                        (a release: --against dbb1ce8 is 0.3.0's, CHANGELOG.md)
#
# The API is swift-api-digester's dump of the built module, without its `package` declarations;
# the comparison is its -diagnose-sdk, which lists removed, renamed and retyped declarations and
# changed conformances. Additions pass.
set -euo pipefail
cd "$(dirname "$0")/.."
products=(TimerLabTesting TimerLabXCTest)
for product in "${products[@]}"; do swift build --target "$product" >/dev/null; done
bin=$(swift build --show-bin-path)
modules=$bin/Modules
# The C targets the modules import are found by their generated module maps.
maps=()
for map in "$bin"/*.build/module.modulemap; do maps+=(-Xcc "-fmodule-map-file=$map"); done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for product in "${products[@]}"; do
    baseline=api/$product.json
    if [ "${1:-}" = --against ]; then
        baseline=$work/$product.baseline.json
        git show "${2:?--against needs a revision}:api/$product.json" >"$baseline" \
            || { echo "error: no api/$product.json at ${2}" >&2; exit 1; }
    fi
    swift-api-digester -dump-sdk -module "$product" -I "$modules" "${maps[@]}" -o "$work/$product.json" -abort-on-module-fail
    # The dump lists `package` declarations too (marked isInternal), which only this package's
    # modules can call: left out, so the baseline is what a user can call and nothing else.
    python3 - "$work/$product.json" <<'PY'
import json, sys
path = sys.argv[1]
def public(node):
    node["children"] = [public(child) for child in node.get("children", []) if not child.get("isInternal")]
    return node
dump = json.load(open(path))
dump["ABIRoot"] = public(dump["ABIRoot"])
json.dump(dump, open(path, "w"), indent=2, sort_keys=False)
PY
    if [ "${1:-}" = --update ]; then
        mkdir -p api
        cp "$work/$product.json" "$baseline"
        echo "wrote $baseline"
        continue
    fi
    [ -f "$baseline" ] || { echo "error: no baseline $baseline; write it with scripts/api-check.sh --update" >&2; exit 1; }
    breaks=$(swift-api-digester -diagnose-sdk -input-paths "$baseline" -input-paths "$work/$product.json" 2>&1 \
        | grep -v '^/\*' | grep -v '^[[:space:]]*$' || true)
    if [ -n "$breaks" ]; then
        echo "$product: breaking changes to the public API:"
        echo "$breaks" | sed 's/^/  /'
        echo "error: if this is deliberate, run scripts/api-check.sh --update and commit api/$product.json with the change" >&2
        status=1
    else
        echo "$product: no breaking change to the public API"
    fi
done
exit $status
