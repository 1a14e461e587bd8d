#!/usr/bin/env python3
"""Whether a committed picture says what the command draws now: scripts/regenerate.sh --check.

    picture-match.py timeline COMMITTED DRAWN SCENARIOS   lanes in SCENARIOS' order (one name a line)
    picture-match.py bench COMMITTED DRAWN

Exit 0 when they match, 1 (naming the picture on stderr) when not, 64 on a usage error.
The pictures are observed runs: what they say is compared, not where a run's timing put it.
"""
import re
import sys


def read(path):
    with open(path, encoding="utf-8") as file:
        return file.read()


def timeline_words(text):
    """What a timeline says, its numbers masked: the header, the legend, and per lane its name,
    verdict and who stopped what (the stop marks' actors, as a set).

    A stop's label is drawn only where it meets no other label on its row, so how many labels a
    lane shows depends on how far apart its stops came (a stream's task and source, stopped by
    the harness a moment or 1.5 ticks apart): the labels are left out, their marks' actors kept.
    """
    mask = lambda words: [re.sub(r"[0-9.]+", "#", w) for w in words]
    parts = re.split(r'(?=<g class="lane")|(?<=</g>)', text)
    said = []
    for part in parts:
        if part.startswith('<g class="lane"'):
            name = re.search(r'data-scenario="([^"]+)"', part).group(1)
            texts = re.findall(r'<text(?![^>]*class="stop-label")[^>]*>([^<]*)', part)
            actors = sorted(set(re.findall(r'class="stop" data-by="([^"]*)"', part)))
            said.append((name, mask(texts), actors))
        else:
            said.append(mask(re.findall(r"<text[^>]*>([^<]*)", part)))
    return said


def bench_words(text):
    """Chart titles, notes and series: what a quick run words as the full one does."""
    return (re.findall(r'<text[^>]*font-size="14" font-weight="bold">([^<]*)', text),
            re.findall(r'<text[^>]*font-size="10" fill="#555555">([^<]*)', text),
            re.findall(r'class="series" data-label="([^"]*)"', text))


def main(argv):
    if len(argv) == 5 and argv[1] == "timeline":
        committed, drawn = read(argv[2]), read(argv[3])
        lanes = re.findall(r'class="lane"[^>]*data-scenario="([^"]+)"', committed)
        same = lanes == read(argv[4]).split() and timeline_words(committed) == timeline_words(drawn)
        why = "its lanes or words are not what timerlab leak --all draws now"
    elif len(argv) == 4 and argv[1] == "bench":
        same = bench_words(read(argv[2])) == bench_words(read(argv[3]))
        why = "its charts' titles, notes or series are not what timerlab bench draws now"
    else:
        print("error: usage: picture-match.py timeline COMMITTED DRAWN SCENARIOS | bench COMMITTED DRAWN", file=sys.stderr)
        return 64
    if not same:
        print(f"error: stale: {argv[2]} ({why}); run scripts/regenerate.sh", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
