#!/usr/bin/env bash
# Keeps Sources/ on public ground (issue 67): fails on a name or attribute another module did
# not publish, that is, a `__`-prefixed identifier, an underscored attribute (`@_x`) or an
# underscored macro (`#_x`), and on memory read as a layout (`unsafeBitCast`,
# `load(fromByteOffset:)`, `assumingMemoryBound`, `bindMemory`, `withMemoryRebound`), unless
# scripts/public-ground.allow lists that spelling in that file, each with its reason. Also fails on an entry of the list that no longer stands (so the list
# shrinks as the debt is paid; only when Sources/ is read). A comment's words and a string's are
# not code. Prints each offence; exits 1 if there is one.
#
#   scripts/public-ground.sh [folder...]      (default: Sources)
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "$@" <<'PY'
import os, re, sys

PATTERN = re.compile(r"(?<![\w$])(__[A-Za-z_]\w*|@_[A-Za-z]\w*|#_[A-Za-z]\w*)")
# Memory read as a layout: another module's (the Swift runtime's metadata, a closure's context,
# Synchronization's Mutex) or a buffer of one's own. Each file that does it says whose, and which
# test fails when it changes.
LAYOUT = re.compile(r"(?<![\w$])(unsafeBitCast|assumingMemoryBound|bindMemory|withMemoryRebound|load\(fromByteOffset)")
RULES = [
    (PATTERN, "not public ground; use what the module publishes, or list it in scripts/public-ground.allow with its reason"),
    (LAYOUT, "reads memory as a layout; list it in scripts/public-ground.allow with whose layout it is and the test that fails when it changes"),
]
allowed = {}
for number, line in enumerate(open("scripts/public-ground.allow", encoding="utf-8"), 1):
    line = line.rstrip("\n")
    if not line.strip() or line.startswith("#"):
        continue
    parts = line.split("\t")
    if len(parts) != 3 or not parts[2].strip():
        sys.exit(f"error: scripts/public-ground.allow:{number}: want FILE<TAB>SPELLING<TAB>REASON, the reason not empty")
    allowed[(parts[0], parts[1])] = False

offences = []
folders = sys.argv[1:] or ["Sources"]
for folder, _, files in (walked for root in folders for walked in os.walk(root)):
    for name in sorted(files):
        if not name.endswith(".swift"):
            continue
        path = os.path.join(folder, name)
        for number, line in enumerate(open(path, encoding="utf-8"), 1):
            # What the code spells: not a comment's words, nor a string's (a fish function's name).
            code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line).split("//", 1)[0]
            for pattern, why in RULES:
                for spelling in pattern.findall(code):
                    key = (path, spelling)
                    if key in allowed:
                        allowed[key] = True
                    else:
                        offences.append(f"{path}:{number}: {spelling}: {why}")
for (path, spelling), seen in sorted(allowed.items()):
    if not seen and not sys.argv[1:]:
        offences.append(f"scripts/public-ground.allow: {path} {spelling} no longer stands there: remove its line")
for offence in offences:
    print(f"error: {offence}")
sys.exit(1 if offences else 0)
PY
