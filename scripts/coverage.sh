#!/usr/bin/env bash
# Runs the harness's, the catalog's, TimerLabTesting's and TimerLabXCTest's tests optimized, under the address
# sanitizer and with code coverage (own build folder, .build-asan), then prints the line coverage
# of the harness and TimerLabTesting from the toolchain's llvm-profdata and llvm-cov. Fails if a
# test fails, if the sanitizer reports, or if either module drops below its floor.
#
#   scripts/coverage.sh
#
# Optimized, because a debug build does not inline the loads the sanitizer must see. Leak
# detection is off: leaking is what the scenarios demonstrate, and Linux keeps every block Timer.
# These two modules are the engine a user's tests run on; their figures come from the tests that
# run under the sanitizer, in process. The whole suite's verdict is the plain `swift test`.
set -uo pipefail
cd "$(dirname "$0")/.."
# Floors set from the figures this run measured (harness 90.0 %, TimerLabTesting 95.4 %), less a
# margin. The harness's is lower than the whole suite's was (94 to 95 %): the end-to-end tests
# reach its refusals under ulimit in timerlab's own child processes, which this run does not count.
floors=("TimerLabHarness 89" "TimerLabTesting 95")
scratch=.build-asan
flags=(-c release --sanitize=address --scratch-path "$scratch")
mkdir -p "$scratch"
bin=$(swift build "${flags[@]}" --show-bin-path)
rm -rf "$bin/codecov"
# At most 8 tests at once. Let loose, the suite's 396 tests start together, and under the
# sanitizer their hundreds of threads share two cores: Swift's executor then ran its control's
# tick 1.4 to 2.2 s late at the suite's start in each of 4 runs here, and past the harness's 5 s
# bound in 2 of 5 CI runs ("no verdict: the executor control did not tick"). That verdict is
# right about the load; the load is this script's. With 8 at once: no tick 1 s late in 3 runs,
# two of them beside one and two busy cores; 65 to 68 s where it took 52. (SwiftPM's option,
# passed on to Swift Testing.)
ASAN_OPTIONS=detect_leaks=0 swift test "${flags[@]}" --enable-code-coverage --experimental-maximum-parallelization-width 8 \
    --filter "TimerLabHarnessTests|TimerLabTestingTests|TimerLabXCTestTests|TimerLabTests\.|CAllocatorTests|CTimerLabSupportTests" || { echo "error: the tests failed under the sanitizer" >&2; exit 1; }
profiles=("$bin"/codecov/*.profraw)
toolchain=$(dirname "$(command -v swift)")
merged=$(mktemp)
trap 'rm -f "$merged"' EXIT
"$toolchain/llvm-profdata" merge -sparse "${profiles[@]}" -o "$merged"
status=0
printf '%-20s %s\n' module "line coverage"
for floor in "${floors[@]}"; do
    read -r module minimum <<<"$floor"
    line=$("$toolchain/llvm-cov" report "$bin/timerlabPackageTests.xctest" -instr-profile "$merged" "Sources/$module" 2>/dev/null | tail -1)
    percent=$(awk '{ print $(NF-3) }' <<<"$line")
    printf '%-20s %s\n' "$module" "$percent"
    awk -v p="${percent%\%}" -v m="$minimum" 'BEGIN { exit !(p >= m) }' \
        || { echo "error: $module line coverage $percent is below its floor of $minimum %" >&2; status=1; }
done
exit $status
