#!/usr/bin/env bash
# One version, in one place: fails unless `timerlab --version`'s version (TimerLabCLI's
# TimerLabCommand.version) is the first release of CHANGELOG.md and the one the DocC landing page
# names, unless every release has a date and its section is as the commit that dated it left it,
# and unless every commit that changes the public API baseline (api/), since the changelog
# began, also changes CHANGELOG.md.
#
#   scripts/version-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 0 ] || { echo "usage: scripts/version-check.sh" >&2; exit 64; }
status=0
version=$(sed -n 's/^ *package static let version = "\(.*\)"$/\1/p' Sources/TimerLabCLI/TimerLabCommand.swift)
[ -n "$version" ] || { echo "error: no version in Sources/TimerLabCLI/TimerLabCommand.swift" >&2; exit 1; }
release=$(grep -m1 -E '^## \[[0-9]+\.[0-9]+\.[0-9]+\]' CHANGELOG.md | sed -E 's/^## \[([^]]*)\].*/\1/')
[ "$release" = "$version" ] || { echo "error: --version says $version, CHANGELOG.md's first release is $release" >&2; status=1; }
grep -q '^## \[Unreleased\]' CHANGELOG.md || { echo "error: CHANGELOG.md has no [Unreleased] section on top" >&2; status=1; }
landing=Sources/TimerLabTesting/TimerLabTesting.docc/TimerLabTesting.md
grep -q "version $version\b" "$landing" || { echo "error: $landing does not name version $version" >&2; status=1; }
# Every API change since the changelog began comes with a line in it (a shallow clone has no
# history to read: then only the versions are checked).
if first=$(git log --diff-filter=A --format=%H -- CHANGELOG.md 2>/dev/null | tail -1) && [ -n "$first" ]; then
    for commit in $(git rev-list "$first^..HEAD" -- api/ 2>/dev/null); do
        git diff-tree --no-commit-id --name-only -r "$commit" | grep -qx CHANGELOG.md \
            || { echo "error: $(git log -1 --format='%h %s' "$commit") changes api/ without a CHANGELOG.md line" >&2; status=1; }
    done
fi
# Each release has a date, and its section reads as it did in the first commit that dated it.
for header in $(grep -E '^## \[[0-9]+\.[0-9]+\.[0-9]+\]' CHANGELOG.md | tr ' ' '~'); do
    header=${header//\~/ }
    if ! grep -qE '^## \[[0-9.]+\] - [0-9]{4}-[0-9]{2}-[0-9]{2}$' <<<"$header"; then
        echo "error: CHANGELOG.md: '$header' has no date (## [x.y.z] - YYYY-MM-DD)" >&2; status=1; continue
    fi
    dated=$(git log --reverse --format=%H -S"$header" -- CHANGELOG.md 2>/dev/null | head -1 || true)
    [ -n "$dated" ] || continue  # dated in this working tree, or a shallow clone: nothing to compare
    section() { awk -v h="$header" '$0 == h {on = 1; print; next} on && /^## \[/ {exit} on {print}'; }
    if [ "$(git show "$dated:CHANGELOG.md" | section)" != "$(section < CHANGELOG.md)" ]; then
        echo "error: CHANGELOG.md: '$header' was edited after $(git log -1 --format=%h "$dated") dated it; put the change under [Unreleased]" >&2
        status=1
    fi
done
[ $status -eq 0 ] && echo "version $version: --version, CHANGELOG.md and the DocC landing page agree; every release is dated and unedited; every api/ change has its changelog line"
exit $status
