#!/usr/bin/env bash
# Keeps the glossary (docs/glossary.md) true: fails when a word it retired stands in Sources/,
# docs/ or the README outside a deprecation. A line is a deprecation when it, or one of the six
# lines above it, says "deprecat" (an `@available(*, deprecated…)`, a doc comment, a sentence),
# or when it is in the reference's "Deprecated names" section; the DocC upgrade articles
# (MigratingTo*.md), which show each old spelling beside its rewrite, are not read. Prints each offending line and
# what to write instead; exits 1 if there is one.
#
#   scripts/retired-words.sh [path...]      (default: Sources docs README.md)
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "$@" <<'PY'
import os, re, sys

# Each retired word: the pattern that finds it, and the word the glossary uses instead.
RETIRED = [
    (re.compile(r"\bPropertyWalk\.Find\b|\bstruct Find\b"), "holder (PropertyWalk.Holder)"),
    (re.compile(r"\bnothingRan\b"), "a freed object is .freed"),
    (re.compile(r"\bVerdict\.nothingRan\b"), "LifetimeReport.Fate.nothingRan (deprecated)"),
    (re.compile(r"\bregisterFinds\b|\bfor found in\b"), "holder (registerHolders, for stored in)"),
    (re.compile(r"\bTIMERLAB_HANG_PATIENCE\b|\bHangExit\.patience\b"), "allowance (TIMERLAB_HANG_ALLOWANCE, HangExit.allowance)"),
    (re.compile(r"\bAsyncStop\b|\basync stop\b"), "an async beforeRelease"),
    (re.compile(r"\bassertFreed\b"), "requireFreed"),
    (re.compile(r"\btimerFires(Before|After)Release\b"), "timerTicksBeforeRelease / timerTicksAfterRelease"),
    (re.compile(r"\bfires(Before|After)Release\b|\bfires_(before|after)\b"), "ticks (ticksBeforeRelease, ticks_before)"),
    (re.compile(r"--grace <ticks>|--grace TICKS|\"grace\", \"ticks\""), "--grace counts intervals"),
    (re.compile(r"\bRunEvent\.Actor\b|\benum Actor\b"), "stopper (RunEvent.Stopper)"),
    # Words, not only identifiers: a role of the holder named otherwise, in code or prose.
    (re.compile(r"\bTimerHandle\b"), "holder (HolderHandle)"),
    (re.compile(r"\bWatchedObject\b"), "holder (HolderRecord)"),
    (re.compile(r"(?<![\w.])Finding\b|\breport\.found\b|^\s*found {6,}"), "holder (LifetimeReport.Holder, holders)"),
    (re.compile(r"\bgraceActor\b|\bacting actor\b|\bactor a stop\b"), "stopper"),
    (re.compile(r"\bfire after release\b|\bper fire\b|\bFires are counted\b|\bany fire\b|\b\d+ fires\b"), "tick"),
    # The report's rows by the API's words: `capturingClosures`, `pendingAtGraceEnd`.
    (re.compile(r"^\s*captured by {3,}|`captured by`|\"captured by\""), "capturing closure (the row)"),
    (re.compile(r"^\s*pending {7,}\S|`pending` row|\(`pending`\)"), "pending at grace end (the row)"),
    (re.compile(r"^\s*proof {6,}|\bcleanUpAndProve\b|\bclean up and prove\b"), "culprit"),
    (re.compile(r"\bLifetimeReport\.Verdict\b|\breport\??\.verdict\b"), "fate (LifetimeReport.Fate, fate)"),
    # Swift's module, its macros and types stay: `import Observation`, `Observations`, `ObservationRegistrar`.
    (re.compile(r"(?<!import )(?<![\w.`])Observation(?![\w(])"), "observation (ScenarioObservation)"),
    # One word per idea (issue #61): what the walk did not look into is *not examined*; a
    # holder something else keeps too is *kept elsewhere*.
    (re.compile(r"\bnotLookedInto\b|\bunopened\b|\bunreadVariables\b"), "not examined (LifetimeReport.notExamined, NotExamined)"),
    (re.compile(r"\bsharedAt\b"), "kept elsewhere (keptElsewhere)"),
    # A folder that holds one step of a check is a *stage* (scripts/stages.sh), not a room.
    (re.compile(r"\brooms\.sh\b|\ba room (above|below|calls)\b|\b(its|the|every) rooms?\b(?! (for|left))"), "stage"),
    # One shape per entry point (0.4): the values in one LifetimeDefaults; the location the
    # compiler's four values, the file ID a StaticString as #fileID is.
    (re.compile(r"\b(expectFreed|requireFreed|check)\((running|grace|patience|timeout|strict):"), "with: LifetimeDefaults(…)"),
    (re.compile(r"\bleakChecked\(patience:|\btrackForLeaks\([^()]*,\s*patience:"), "LifetimeDefaults(patience: …)"),
    (re.compile(r"\bfileID: String = #fileID"), "fileID: StaticString = #fileID"),
]
SKIP_DIRS = {".build", ".docc-build"}

def files(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for root, dirs, names in os.walk(path):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".build")]
            for name in sorted(names):
                # An upgrade article shows each old spelling beside its rewrite.
                if name.endswith((".swift", ".md")) and not name.startswith("MigratingTo"):
                    yield os.path.join(root, name)

def check(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    problems, in_section = [], False
    for number, line in enumerate(lines, 1):
        if line.startswith("## "):
            in_section = line.strip() == "## Deprecated names"
        nearby = "\n".join(lines[max(0, number - 7):number]).lower()
        if in_section or "deprecat" in nearby:
            continue
        for pattern, instead in RETIRED:
            if pattern.search(line):
                problems.append(f"{path}:{number}: retired word (write {instead}): {line.strip()}")
    return problems

paths = sys.argv[1:] or ["Sources", "docs", "README.md"]
problems = [p for f in files(paths) for p in check(f)]
for problem in problems:
    print(problem)
if problems:
    sys.exit(1)
print("no retired word outside a deprecation in " + ", ".join(paths))
PY
