#!/usr/bin/env bash
# Looks at the documentation as a reader would: builds the site (scripts/docs.sh), serves it on
# the loopback address, and has headless Chromium (Debian's chromium package) take a screenshot
# of the landing page and of an article, to look at.
#
#   scripts/docs-screenshot.sh OUTPUT_FOLDER     writes OUTPUT_FOLDER/site and two PNGs beside it
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "error: usage: scripts/docs-screenshot.sh OUTPUT_FOLDER" >&2; exit 64; }
command -v chromium >/dev/null || { echo "error: no chromium; install Debian's chromium package" >&2; exit 69; }
mkdir -p "$1"
out=$(cd "$1" && pwd)
scripts/docs.sh "$out/site"
port=$((20000 + RANDOM % 20000))
python3 -m http.server "$port" --bind 127.0.0.1 -d "$out/site" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/" >/dev/null && break; sleep 0.05; done
for page in timerlabtesting timerlabtesting/readingareport; do
    name=$(basename "$page")
    timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1800 \
        --virtual-time-budget=8000 --screenshot="$out/$name.png" "http://127.0.0.1:$port/documentation/$page/" 2>/dev/null
    echo "screenshot: $out/$name.png"
done
