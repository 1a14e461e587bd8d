#!/usr/bin/env bash
# Keeps every Swift listing of the README and of the DocC catalogs the very code that compiles:
# a listing follows a line `<!-- listing: PATH NAME -->` and is the region of PATH between
# `// docs: NAME` and `// docs: end` (a test of the consumer package, or its manifest), dedented.
#
#   scripts/sync-listings.sh           rewrite the listings from the code
#   scripts/sync-listings.sh --check   fail, naming each, if a listing differs from its code
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "${1:-}" <<'PY'
import glob, re, sys, textwrap

check = sys.argv[1] == "--check"
documents = ["README.md"] + sorted(glob.glob("Sources/*/*.docc/**/*.md", recursive=True))
marker = re.compile(r"<!-- listing: (\S+) (\S+) -->\n```(\w*)\n(.*?)```", re.S)

def region(path, name):
    text = open(path, encoding="utf-8").read()
    match = re.search(r"^[ \t]*// docs: " + re.escape(name) + r"\n(.*?)^[ \t]*// docs: end", text, re.S | re.M)
    if not match:
        sys.exit(f"error: {path} has no region '// docs: {name}'")
    return textwrap.dedent(match.group(1))

stale = []
for document in documents:
    text = open(document, encoding="utf-8").read()
    def replace(match):
        code = region(match.group(1), match.group(2))
        if code != match.group(4):
            stale.append(f"{document}: listing {match.group(1)} {match.group(2)}")
        return f"<!-- listing: {match.group(1)} {match.group(2)} -->\n```{match.group(3)}\n{code}```"
    updated = marker.sub(replace, text)
    if not check and updated != text:
        open(document, "w", encoding="utf-8").write(updated)
if check and stale:
    print("\n".join(stale) + "\nerror: listings differ from their code; run scripts/sync-listings.sh", file=sys.stderr)
    sys.exit(1)
print(f"{'checked' if check else 'synced'} the listings of {len(documents)} documents")
PY
