#!/usr/bin/env bash
# Keeps the reports the documentation shows (README.md, docs/*.md, the DocC catalogs) true: each
# report in a ```text block whose type the example package or the test suite checks is run again
# (the ReportSamples suites of Tests/ConsumerPackage and TimerLabTestingTests, which write each
# report to a folder), and compared with the block's, its numbers masked (ticks and delays differ
# from run to run) and its wrapped lines joined (a number's width can move a line break).
#
#   scripts/report-samples.sh           rewrite the documented reports that read otherwise now
#   scripts/report-samples.sh --check   fail, naming each and showing it as it ran, if a documented
#                                       report reads otherwise
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
    "" | --check) ;;
    *) echo "error: usage: scripts/report-samples.sh [--check]" >&2; exit 64 ;;
esac
samples=$(mktemp -d)
trap 'rm -rf "$samples"' EXIT
export TIMERLAB_REPORT_SAMPLES=$samples
swift test -q --filter ReportSamples >"$samples/run.log" 2>&1 || { cat "$samples/run.log" >&2; exit 1; }
(cd Tests/ConsumerPackage && swift test -q --filter ReportSamples) >>"$samples/run.log" 2>&1 || { cat "$samples/run.log" >&2; exit 1; }
exec python3 - "${1:-}" "$samples" <<'PY'
import glob, os, re, sys

check, samples = sys.argv[1] == "--check", sys.argv[2]
reports = {os.path.basename(p)[:-4]: open(p, encoding="utf-8").read().rstrip("\n")
           for p in glob.glob(os.path.join(samples, "*.txt"))}
if len(reports) < 10:
    sys.exit(f"error: the ReportSamples suites wrote {len(reports)} reports; see their run above")
documents = ["README.md"] + sorted(glob.glob("docs/*.md")) + sorted(glob.glob("Sources/*/*.docc/**/*.md", recursive=True))
headline = re.compile(r"(?m)^(?=[A-Z]\w*: (?:FREED|LEAKED))")

def comparable(report):
    # Wrapped lines joined, numbers masked: what stays the same from run to run.
    joined = re.sub(r"\n {24,}", " ", report)
    return re.sub(r"[0-9]+(\.[0-9]+)?", "#", joined)

stale, shown, ran = [], set(), {}
for document in documents:
    text = open(document, encoding="utf-8").read()
    def block(match):
        out = []
        for chunk in headline.split(match.group(2)):
            if not chunk:
                continue
            name = chunk.split(":")[0]
            if name in reports:
                shown.add(name)
                if comparable(chunk.rstrip("\n")) == comparable(reports[name]):
                    out.append(chunk)  # the same but for its numbers: left as it is
                    continue
                stale.append(f"{document}: the report of {name}")
                ran[name] = reports[name]
                out.append(reports[name] + "\n")
            else:
                out.append(chunk)
        return match.group(1) + "".join(out) + "```"
    updated = re.sub(r"(```text\n)(.*?)```", block, text, flags=re.S)
    if not check and updated != text:
        open(document, "w", encoding="utf-8").write(updated)
unshown = sorted(set(reports) - shown)
if unshown:
    stale.append("no document shows the report of " + ", ".join(unshown) + " (remove it from its ReportSamples suite)")
if check and stale:
    print("\n".join("error: stale: " + s for s in stale) + "\nrun scripts/report-samples.sh", file=sys.stderr)
    # What ran instead, so that a difference seen once (a run on a loaded machine) can be read.
    for name, report in ran.items():
        print(f"the report of {name} as it ran now:\n{report}", file=sys.stderr)
    sys.exit(1)
print(f"checked {len(shown)} documented reports" + ("" if check else f", rewrote {len(stale)}"))
PY
