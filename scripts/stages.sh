#!/usr/bin/env bash
# Keeps the harness's and TimerLabTesting's stages (their folders) in the order one check goes
# through them (docs/reference.md, "Layout"): fails when a file calls into a stage above its own,
# so that a reader who follows a check never goes back into a stage it has left. A stage may name
# what a stage above it made (a type, a constant, a case: evidence handed down), never run its
# code: `Type(…)`, `Type.function(…)`, `Type.function { … }`. What a call on a value runs is not seen here; files at a
# module's top (its deprecations) stand outside the order. Prints each offending line; exits 1 if
# there is one.
#
#   scripts/stages.sh                      (the two modules, each in its order below)
#   scripts/stages.sh FOLDER STAGE,STAGE…    (one folder, in the order given)
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "$@" <<'PY'
import os, re, sys

# Each module's stages, in the order a check goes through them. The harness: a run comes in and is
# conducted (Run), is admitted, makes and starts its subject, ticks its controls beside it, watches
# and stops its holders (Probe), and hands back its evidence; System, the seam, is every stage's.
ORDERS = {
    "Sources/TimerLabHarness": ["Run", "Admission", "Subject", "Controls", "Probe", "Evidence", "System"],
    # A user's call comes in, its steps run, the object is walked, the evidence judged and worded,
    # and a failure delivered to the test library.
    "Sources/TimerLabTesting": ["Entry", "Run", "Walk", "Verdict", "Failure"],
}
DECLARATION = re.compile(r"^\s*(?:[@\w]+(?:\([^)]*\))?\s+)*(?:struct|class|enum|actor|protocol)\s+([A-Z]\w*)", re.M)

def swift_files(folder):
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not d.endswith(".docc"))
        for name in sorted(names):
            if name.endswith(".swift"):
                path = os.path.join(root, name)
                yield path, os.path.relpath(path, folder).split(os.sep)[0]

def check(folder, order):
    rank = {stage: index for index, stage in enumerate(order)}
    files = [(path, stage) for path, stage in swift_files(folder) if stage in rank]
    stages = {stage for path, stage in swift_files(folder) if not stage.endswith(".swift")}
    unknown = sorted(stages - set(rank))
    problems = [f"{folder}/{stage}: a stage not in the order {','.join(order)}" for stage in unknown]
    made = {}
    for path, stage in files:
        for name in DECLARATION.findall(open(path, encoding="utf-8").read()):
            made.setdefault(name, stage)
    for path, stage in files:
        for number, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
            code = line.split("//")[0]
            for name, home in made.items():
                if rank[home] < rank[stage] and re.search(r"(?<![\w.])" + name + r"(?:\(|\.(?:init|[a-z]\w*)\s*[({])", code):
                    problems.append(f"{path}:{number}: calls {home}/{name}, a stage above {stage}: {line.strip()}")
    return problems

arguments = sys.argv[1:]
if arguments and (len(arguments) != 2 or not os.path.isdir(arguments[0])):
    problem = "no folder " + repr(arguments[0]) if len(arguments) == 2 else "a folder and its stages in order, or nothing"
    print(f"error: {problem} (usage: scripts/stages.sh [FOLDER STAGE,STAGE...])", file=sys.stderr)
    sys.exit(64)
orders = {arguments[0]: arguments[1].split(",")} if arguments else ORDERS
problems = [problem for folder, order in orders.items() for problem in check(folder, order)]
print("\n".join(problems) if problems else f"stages in order: {', '.join(orders)}")
sys.exit(1 if problems else 0)
PY
