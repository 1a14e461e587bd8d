#!/usr/bin/env bash
# Runs the consumer package's leak tests as children (CLOCKS_RUN_LEAKS=1) and checks that every
# one of them failed at its line, with its whole report: a leak check that passes a
# leak, from any entry point (expectFreed, requireFreed, trackForLeaks, track with .leakChecked),
# fails this script. Neither corelibs XCTest nor a trait's check has expected failures, so the
# failure is read from the child's own run. Needs the consumer's tests built (its swift test).
#
#   scripts/consumer-leaks-fail.sh
set -euo pipefail
cd "$(dirname "$0")/../Tests/ConsumerPackage"
bundle=$(find -L .build/debug -maxdepth 1 -name "*PackageTests.xctest" | head -1)
[ -n "$bundle" ] || { echo "error: no test bundle in Tests/ConsumerPackage/.build/debug; run its swift test first" >&2; exit 1; }
out=$(mktemp)
trap 'rm -f "$out" "$out.joined"' EXIT
line() { grep -n -- "$2" "$1" | head -1 | cut -d: -f1; }
# A report's entries wrap to fit a terminal, their next lines indented past the labels: joined
# back here (in place), so a phrase is found wherever the width broke it.
unwrap() {
    awk 'NR > 1 && match($0, /^ +/) && RLENGTH >= 26 { sub(/^ +/, ""); held = held (held ~ /\.$/ ? "" : " ") $0; next }
        NR > 1 { print held } { held = $0 } END { if (NR) print held }' "$1" >"$1.joined" && mv "$1.joined" "$1"
}
# Every leak's report answers first: the row under its headline says what holds it (the culprit,
# a capturing closure or the candidates), the next row the fix; the evidence follows. Wrapped
# lines (indented past the labels) belong to the row above them.
answers_first() {
    awk '/: LEAKED/ && !/Caught error:/ && !/threw error/ { want = 1; leaks++; next }
        want == 1 { if ($0 !~ /^ +(culprit|capturing closure|candidates) /) { print "not an answer under a headline: " $0; bad = 1 }; want = 2; next }
        want == 2 && match($0, /^ +[a-z]/) && RLENGTH <= 5 { if ($0 !~ /^ +fix /) { print "not the fix after the answer: " $0; bad = 1 }; want = 0 }
        END { if (leaks == 0) { print "no leak report to read"; bad = 1 }; exit bad }' "$1"
}
status=0
CLOCKS_RUN_LEAKS=1 "$bundle" ClocksXCTests.ClocksXCTestLeaks >"$out" 2>&1 || status=$?
unwrap "$out"
problems=0
[ "$status" -ne 0 ] || { echo "leak tests exited 0: a leak passed"; problems=1; }
# One failure per failed check at the line that called it, its first line the type, its fate
# and what holds it (one line a CI summary shows), the report under it. requireFreed records it
# there as XCTUnwrap does; XCTest then reports the thrown error too, at <EXPR>:0, and that one
# line only points back to the call (so the 5 tests give 7 failures).
required=$(($(line Tests/ClocksXCTests/ClocksXCTests.swift "func testRequireFreedFailsALeak") + 1))
strict=$(($(line Tests/ClocksXCTests/ClocksXCTests.swift "func testTheStrictFormFailsSettingsThatRanNothing") + 1))
for expected in \
    "ClocksXCTests.swift:$required: error: ClocksXCTestLeaks.testRequireFreedFailsALeak : failed - TimeServerPoller: LEAKED, held by \`task\` (Task)" \
    "testRequireFreedFailsALeak : threw error \"TimeServerPoller: LEAKED, held by \`task\` (Task)" \
    "; see the failure recorded at ClocksXCTests/ClocksXCTests.swift:$required\"" \
    "testExpectFreedFailsALeak : failed - SecondsHand: LEAKED, held by nothing it stores: start scheduled a Timer no property keeps" \
    "culprit               cancelling \`task\` (Task) freed it" \
    "an unstored Timer whose block captures self is the likely holder" \
    "Test Case 'ClocksXCTestLeaks.testRequireFreedFailsALeak' failed" \
    "Test Case 'ClocksXCTestLeaks.testExpectFreedFailsALeak' failed" \
    "testExpectFreedFailsALeakBelowTheObject : failed - KioskScreen: freed, but \`ticker\` (KioskTicker) LEAKED, held by \`ticker.timer\` (Timer)" \
    "Test Case 'ClocksXCTestLeaks.testExpectFreedFailsALeakBelowTheObject' failed" \
    "testExpectFreedFailsALeakThroughAHelpersOwnSource : failed - StatusBoard: freed, but \`feed\` (StatusFeed) LEAKED, held by \`feed.source\` (DispatchSourceTimer)" \
    "still alive 200 ms past the grace period, though StatusBoard was freed (a leak below it); going: \`feed.source\` (DispatchSourceTimer), not cancelled after release; cancelling \`feed.source\` freed it" \
    "ClocksXCTests.swift:$strict: error: ClocksXCTestLeaks.testTheStrictFormFailsSettingsThatRanNothing : failed - ClockSettings was freed, but nothing timer-like was seen running (a strict check)" \
    "testTheStrictFormFailsSettingsThatRanNothing : threw error \"ClockSettings was freed, but nothing timer-like was seen running (a strict check); see the failure recorded at ClocksXCTests/ClocksXCTests.swift:$strict\"" \
    "Executed 5 tests, with 7 failures"; do
    grep -qF -- "$expected" "$out" || { echo "missing from the leak tests' output: $expected"; problems=1; }
done
answers_first "$out" || problems=1
if [ "$problems" -ne 0 ]; then
    cat "$out"
    exit 1
fi
echo "the five XCTest leak tests failed with their reports (exit $status)"

# trackForLeaks: five leaks (task, timer, source, observer, a closure a wrapper stores) and a leak
# below a freed screen, each at the line that tracked it; an object the test case keeps, told apart.
status=0
CLOCKS_RUN_LEAKS=1 "$bundle" ClocksXCTests.TrackForLeaksXCTestLeaks >"$out" 2>&1 || status=$?
unwrap "$out"
file=Tests/ClocksXCTests/TrackForLeaksXCTests.swift
for expected in \
    "TrackForLeaksXCTests.swift:$(line $file "trackForLeaks(poller, with: LifetimeDefaults(patience: .zero))"): error: TrackForLeaksXCTestLeaks.testATaskLeakFails : failed - TimeServerPoller: LEAKED, held by \`task\` (Task)" \
    "culprit               cancelling \`task\` (Task) freed it" \
    "TrackForLeaksXCTests.swift:$(line $file "trackForLeaks(screen!"): error: TrackForLeaksXCTestLeaks.testAnObjectTheTestCaseKeepsIsToldApart : failed - WorldClockScreen is still referenced by the test case (its property \`screen\`)" \
    "TrackForLeaksXCTests.swift:$(line $file "trackForLeaks(hand, with: LifetimeDefaults(patience: .zero))"): error: TrackForLeaksXCTestLeaks.testATimerLeakFails : failed - SecondsHand: LEAKED" \
    "TrackForLeaksXCTests.swift:$(line $file "trackForLeaks(screen, with: LifetimeDefaults(patience: .zero))"): error: TrackForLeaksXCTestLeaks.testASourceLeakFails : failed - WorldClockScreen: LEAKED, held by \`refresher.source\` (DispatchSourceTimer)" \
    "culprit               cancelling \`refresher.source\` (DispatchSourceTimer) freed it" \
    "TrackForLeaksXCTests.swift:$(line $file "trackForLeaks(watcher, with: LifetimeDefaults(patience: .zero))"): error: TrackForLeaksXCTestLeaks.testAnObserverLeakFails : failed - ZoneWatcher: LEAKED, held by \`token\` (NotificationCenter observer)" \
    "culprit               removing \`token\` (NotificationCenter observer) freed it" \
    "TrackForLeaksXCTests.swift:$(line $file "trackForLeaks(pendulum, with: LifetimeDefaults(patience: .zero))"): error: TrackForLeaksXCTestLeaks.testAClosureAWrapperStoresFails : failed - Pendulum: LEAKED, held by \`beat.observers[0]\`, a closure that captures it" \
    "capturing closure     \`beat.observers[0]\` (a closure Beat keeps)" \
    "TrackForLeaksXCTests.swift:$(grep -n "trackForLeaks(screen, with" $file | tail -1 | cut -d: -f1): error: TrackForLeaksXCTestLeaks.testALeakBelowAFreedScreenFails : failed - KioskScreen: freed, but \`ticker\` (KioskTicker) LEAKED, held by \`ticker.timer\` (Timer)" \
    "Executed 7 tests, with 7 failures"; do
    grep -qF -- "$expected" "$out" || { echo "missing from trackForLeaks' leak tests' output: $expected"; problems=1; }
done
[ "$status" -ne 0 ] || { echo "trackForLeaks' leak tests exited 0: a leak passed"; problems=1; }
answers_first "$out" || problems=1

# track with .leakChecked: eight leaks, one of them below a freed board, each failed once, at its line, with what holds it named;
# each leaves its report as text and JSON in --attachments-path, but the one that turns
# attachments off.
status=0
attachments=$(mktemp -d)
trap 'rm -rf "$out" "$out.joined" "$attachments"' EXIT
CLOCKS_RUN_LEAKS=1 swift test --skip-build --filter TrackedClockLeaks --attachments-path "$attachments" >"$out" 2>&1 || status=$?
unwrap "$out"
file=Tests/ClocksTests/TrackedTests.swift
for type in SecondsHand WorldClockScreen TimeServerPoller ZoneWatcher Pendulum ScrollingBanner; do
    text=$(find "$attachments" -name "*$type.lifetime.txt" | head -1)
    json=$(find "$attachments" -name "*$type.lifetime.json" | head -1)
    { [ -n "$text" ] && grep -q "^$type: LEAKED" "$text"; } || { echo "no report of $type attached as text"; problems=1; }
    { [ -n "$json" ] && python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if d["fate"] == "leaked" and d["typeName"] == sys.argv[2] and d["format"] == "timerlab-lifetime-report/1" else 1)' "$json" "$type"; } \
        || { echo "no report of $type attached as JSON that reads leaked"; problems=1; }
done
[ -z "$(find "$attachments" -name "*KioskTicker*")" ] || { echo "attachments: false still attached KioskTicker's report"; problems=1; }
for leak in "aTimerLeak SecondsHand" "aSourceLeak WorldClockScreen" "aTaskLeak TimeServerPoller" "anObserverLeak ZoneWatcher" \
    "aClosureAWrapperStores Pendulum" "aMainActorTimerLeak ScrollingBanner" "aLeakWithoutAttachments KioskTicker"; do
    read -r test type <<<"$leak"
    # The issue is recorded at the tracking line, as any library's issue ("Issue recorded"), and
    # the line under it, its comment's first, says what happened: the type's fate.
    expected="✘ Test $test() recorded an issue at TrackedTests.swift:$(line $file "track($type())"):"
    grep -qF -- "$expected" "$out" || { echo "missing from the tracked leaks' output: $expected"; problems=1; }
    grep -A1 -F -- "$expected" "$out" | sed -n 2p | grep -qF -- "↳ $type: LEAKED" \
        || { echo "the line under $test's issue does not say $type LEAKED"; problems=1; }
    grep -qF -- "✘ Test $test() failed after" "$out" && grep -F -- "✘ Test $test() failed after" "$out" | grep -qF "with 1 issue." \
        || { echo "$test did not fail exactly once"; problems=1; }
done
# A board freed at the test's end whose feed leaks below it, through the feed's own source: read
# from what the board kept when it was tracked, since the board itself is gone when the check begins.
expected="✘ Test aLeakBelowAFreedBoard() recorded an issue at TrackedTests.swift:$(line $file "track(StatusBoard(stopsFeed: false))"):"
grep -A1 -F -- "$expected" "$out" | sed -n 2p \
    | grep -qF -- "↳ StatusBoard: freed, but \`feed\` (StatusFeed) LEAKED, held by \`feed.source\` (DispatchSourceTimer)" \
    || { echo "missing from the tracked leaks' output, or not under it: $expected"; problems=1; }
grep -F -- "✘ Test aLeakBelowAFreedBoard() failed after" "$out" | grep -qF "with 1 issue." \
    || { echo "aLeakBelowAFreedBoard did not fail exactly once"; problems=1; }
json=$(find "$attachments" -name "*StatusBoard.lifetime.json" | head -1)
{ [ -n "$json" ] && python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if d["fate"] == "freed" and d["outcome"] == "failed" and d["children"][0]["path"] == "feed" else 1)' "$json"; } \
    || { echo "no report of StatusBoard attached as JSON with its leaked feed"; problems=1; }
for expected in "↳ TimeServerPoller: LEAKED, held by \`task\` (Task)" "holders               token (NotificationCenter observer)" \
    "holders               refresher.source (DispatchSourceTimer)" "capturing closure     \`beat.observers[0]\` (a closure Beat keeps)" \
    "capturing closure     \`timer\` (the block the Timer keeps): captures ScrollingBanner strongly"; do
    grep -qF -- "$expected" "$out" || { echo "missing from the tracked leaks' output: $expected"; problems=1; }
done
[ "$status" -ne 0 ] || { echo "the tracked leaks exited 0: a leak passed"; problems=1; }
answers_first "$out" || problems=1
if [ "$problems" -ne 0 ]; then
    cat "$out"
    exit 1
fi
echo "trackForLeaks' seven leak tests and the eight tracked leaks failed, each once at its line, with their reports (attached but one)"
