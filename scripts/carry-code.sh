#!/usr/bin/env bash
# Writes Sources/TimerLab/Explain/CarriedCode.swift: every scenario's owner code (its file up to
# the catalog entry), carried in the binary so `explain` and `diff` show it anywhere, with no
# checkout to read. The cut is `CarriedCodeWriter`'s, which the test that keeps the file true
# calls too.
#
#   scripts/carry-code.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift run -q carry-code
