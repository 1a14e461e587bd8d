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
ASAN_OPTIONS=detect_leaks=0 swift test "${flags[@]}" --enable-code-coverage \
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
