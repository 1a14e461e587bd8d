#!/usr/bin/env bash
# Checks that a test file calling the library products builds without Swift Testing's macro
# plugin (issue 67): an XCTest file that calls expectFreed, requireFreed, Lifetime.check and
# trackForLeaks, and a Swift Testing file that calls track and passes a location on, are
# type-checked against this package's modules with the compiler's -Rmacro-loading remark, and
# none may load a macro implementation. The control, a file with one #expect, must load
# TestingMacros under the same flags, or the check would prove nothing. Exits 1 otherwise.
#
#   scripts/no-macro-plugin.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --target TimerLabXCTest >/dev/null
bin=$(swift build --show-bin-path)
maps=()
for map in "$bin"/*.build/module.modulemap; do maps+=(-Xcc "-fmodule-map-file=$map"); done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/XCTestOnly.swift" <<'SWIFT'
import TimerLabXCTest
import XCTest

final class Feed { func start() {} }

final class FeedTests: XCTestCase {
    func testFeedIsFreed() async throws {
        await expectFreed { Feed() } start: { $0.start() }
        try await requireFreed(with: LifetimeDefaults(patience: .zero)) { Feed() } start: { $0.start() }
        _ = try await Lifetime.check { Feed() } start: { $0.start() }
        trackForLeaks(Feed())
    }

    func helper(file: StaticString = #filePath, line: UInt = #line) async {
        await expectFreed({ Feed() }, start: { $0.start() }, filePath: file, line: line)
    }
}
SWIFT
cat >"$work/SwiftTestingHelper.swift" <<'SWIFT'
import TimerLabTesting
import Testing

final class Feed { func start() {} }

func expectFeedFreed(sourceLocation: SourceLocation) async {
    await expectFreed({ Feed() }, start: { $0.start() }, sourceLocation: sourceLocation)
    track(Feed())
}
SWIFT
cat >"$work/Control.swift" <<'SWIFT'
import Testing

func control() { #expect(1 == 1) }
SWIFT
# The remarks of a file's type-check; a file that does not type-check fails the script.
loads() {
    local output
    output=$(swiftc -typecheck -I "$bin/Modules" "${maps[@]}" -Xfrontend -Rmacro-loading "$1" 2>&1) \
        || { echo "error: $(basename "$1") does not type-check:" >&2; echo "$output" >&2; exit 1; }
    grep -F "loaded macro implementation module" <<<"$output" || true
}
status=0
control=$(loads "$work/Control.swift") || exit 1
[[ $control == *TestingMacros* ]] || { echo "error: the control (#expect) loaded no TestingMacros: -Rmacro-loading tells nothing here" >&2; exit 1; }
for file in XCTestOnly SwiftTestingHelper; do
    loaded=$(loads "$work/$file.swift") || exit 1
    if [ -n "$loaded" ]; then
        echo "error: $file.swift, which calls the checks, loads a macro plugin: $loaded" >&2
        status=1
    else
        echo "$file.swift: builds with no macro plugin"
    fi
done
exit $status
