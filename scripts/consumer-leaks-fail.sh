#!/usr/bin/env bash
# Runs the consumer package's XCTest-only leak tests as a child (CLOCKS_RUN_LEAKS=1) and checks
# that every one of them failed, and with its whole report: a leak check that passes a leak, from
# either entry point, fails this script. corelibs XCTest has no expected failures, so the
# failure is read from the child's own run. Needs the consumer's tests built (its swift test).
#
#   scripts/consumer-leaks-fail.sh
set -euo pipefail
cd "$(dirname "$0")/../Tests/ConsumerPackage"
bundle=$(find -L .build/debug -maxdepth 1 -name "*PackageTests.xctest" | head -1)
[ -n "$bundle" ] || { echo "error: no test bundle in Tests/ConsumerPackage/.build/debug; run its swift test first" >&2; exit 1; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
CLOCKS_RUN_LEAKS=1 "$bundle" ClocksXCTests.ClocksXCTestLeaks >"$out" 2>&1 || status=$?
problems=0
[ "$status" -ne 0 ] || { echo "leak tests exited 0: a leak passed"; problems=1; }
# One failure per failed check, each naming the line that called it: expectFreed records its
# report there; requireFreed's thrown error carries it, headed by that line (XCTest itself
# reports a thrown error at <EXPR>:0).
for expected in \
    "testRequireFreedFailsALeak : threw error \"ClocksXCTests/ClocksXCTests.swift:105: TimeServerPoller: LEAKED" \
    "testExpectFreedFailsALeak : failed - SecondsHand: LEAKED" \
    "culprit        cancelling \`task\` (Task) freed it" \
    "an unstored Timer whose block captures self is the likely holder" \
    "Test Case 'ClocksXCTestLeaks.testRequireFreedFailsALeak' failed" \
    "Test Case 'ClocksXCTestLeaks.testExpectFreedFailsALeak' failed" \
    "Executed 2 tests, with 2 failures"; do
    grep -qF -- "$expected" "$out" || { echo "missing from the leak tests' output: $expected"; problems=1; }
done
if [ "$problems" -ne 0 ]; then
    cat "$out"
    exit 1
fi
echo "both XCTest leak tests failed with their reports (exit $status)"
