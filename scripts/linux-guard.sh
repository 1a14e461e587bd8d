#!/usr/bin/env bash
# Fails when a Linux-only header, call or path stands in Sources/ outside a Linux guard
# (`#if os(Linux)` / `#if canImport(Glibc)` in Swift, `#ifdef __linux__` in C), so the harness
# and TimerLabTesting keep compiling on Apple platforms, where no machine here can check them.
# Comments are not code and are not checked. Prints each offending line; exits 1 if there is one.
#
#   scripts/linux-guard.sh [folder]      (default: Sources)
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "${1:-Sources}" <<'PY'
import os, re, sys

LINUX_ONLY = re.compile(
    r'"/proc/|\bprctl\b|\beventfd\b|\bmallinfo2?\b|__rlimit_resource_t|\bpipe2\b|^import Glibc\b'
    r'|PR_SET_PDEATHSIG|\bepoll_\w+|<malloc\.h>|<sys/prctl\.h>|<sys/eventfd\.h>|<sys/epoll\.h>'
    # Glibc's module named outright, and signals only Linux has.
    r'|\bGlibc\.\w|\bSIGPWR\b|\bSIGSTKFLT\b|\bSIGPOLL\b|\bSIGUNUSED\b|\bmalloc_usable_size\b')
OPENS_LINUX = re.compile(r'^#\s*(if\s+(os\(Linux\)|canImport\(Glibc\)|defined\(__linux__\))|ifdef\s+__linux__)')
OPENS_OTHER = re.compile(r'^#\s*(if|ifdef|ifndef)\b')
ELSE = re.compile(r'^#\s*(else|elseif|elif)\b')
END = re.compile(r'^#\s*endif\b')

def check(path):
    problems, stack, in_block_comment = [], [], False
    for number, raw in enumerate(open(path, encoding="utf-8"), 1):
        line = raw.strip()
        if in_block_comment:
            in_block_comment = "*/" not in line
            continue
        if line.startswith("/*"):
            in_block_comment = "*/" not in line
            continue
        if line.startswith("//") or line.startswith("*"):
            continue
        code = line.split("//")[0] if not line.startswith("#include") else line
        if OPENS_LINUX.match(code):
            stack.append(True)
        elif OPENS_OTHER.match(code):
            stack.append(None)
        elif ELSE.match(code) and stack:
            stack[-1] = False if stack[-1] else stack[-1]
        elif END.match(code) and stack:
            stack.pop()
        elif LINUX_ONLY.search(code) and True not in stack:
            problems.append(f"{path}:{number}: Linux-only outside a guard: {line}")
    return problems

problems = []
for folder, _, files in os.walk(sys.argv[1]):
    for name in sorted(files):
        if name.endswith((".swift", ".c", ".h")) and not name.endswith("+Generated.swift"):
            problems += check(os.path.join(folder, name))
print("\n".join(problems) if problems else f"no Linux-only call outside a guard in {sys.argv[1]}/")
sys.exit(1 if problems else 0)
PY
