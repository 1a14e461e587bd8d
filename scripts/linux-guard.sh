#!/usr/bin/env bash
# Fails when a Linux-only header, call or path stands in Sources/ outside a Linux guard
# (`#if os(Linux)` / `#if canImport(Glibc)` in Swift, `#ifdef __linux__` in C), so the harness
# and TimerLabTesting keep compiling on Apple platforms, where no machine here can check them.
# It also fails when the command line calls the C library on a descriptor or a process outside
# its system seam (Sources/TimerLabCLI/System/), where EINTR is retried in one place.
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
    r'|\bGlibc\.\w|\bSIGPWR\b|\bSIGSTKFLT\b|\bSIGPOLL\b|\bSIGUNUSED\b|\bmalloc_usable_size\b'
    # Spellings only Glibc's types allow: a `pthread_t` made from nothing (Darwin's is a
    # non-optional pointer), a start routine's context force-unwrapped as Glibc's optional one.
    r'|\bpthread_t\(\)|\bcontext!')
RAW_CALL = re.compile(
    r'(?<![.\w])(close|poll|read|write|fcntl|ioctl|fstat|stat|open|waitpid|kill|dup2|pipe|isatty|getppid'
    r'|getpid|flock|ftruncate|lseek|posix_spawn\w*|sigaction|signal|dlsym|dlopen|timerlab_\w+)\(')
SEAM = os.path.join("Sources", "TimerLabCLI", "System") + os.sep
# The fewest arguments the C function takes: a call with fewer is a Swift method of the same name.
ARITY = {"close": 1, "poll": 3, "read": 3, "write": 3, "fcntl": 2, "ioctl": 2, "fstat": 2, "stat": 2,
         "open": 2, "waitpid": 3, "kill": 2, "dup2": 2, "pipe": 1, "isatty": 1, "flock": 2,
         "ftruncate": 2, "lseek": 3, "sigaction": 3, "signal": 2, "dlsym": 2, "dlopen": 2}

def raw_calls(code):
    """The C library calls in a line of Swift: by name, and by how many arguments they are given."""
    found = []
    for match in RAW_CALL.finditer(code):
        if re.search(r'\bfunc\s+$', code[:match.start()]):
            continue
        depth, count, index = 1, 0, match.end()
        while index < len(code) and depth:
            depth += {"(": 1, ")": -1}.get(code[index], 0)
            if code[index] == "," and depth == 1:
                count += 1
            index += 1
        given = 0 if code[match.end():].lstrip().startswith(")") else count + 1
        if given >= ARITY.get(match.group(1), 0):
            found.append(match.group(1))
    return found
OPENS_LINUX = re.compile(r'^#\s*(if\s+(os\(Linux\)|canImport\(Glibc\)|defined\(__linux__\))|ifdef\s+__linux__)')
OPENS_OTHER = re.compile(r'^#\s*(if|ifdef|ifndef)\b')
ELSE = re.compile(r'^#\s*(else|elseif|elif)\b')
END = re.compile(r'^#\s*endif\b')

def check(path):
    problems, stack, in_block_comment = [], [], False
    # The command line's files, wherever the folder scanned sits (a test plants one elsewhere).
    where = os.sep + os.path.normpath(path)
    cli = os.sep + "TimerLabCLI" + os.sep in where and os.sep + "System" + os.sep not in where
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
        if cli and raw_calls(code):
            problems.append(f"{path}:{number}: a system call outside {SEAM}: {line}")
    return problems

problems = []
for folder, _, files in os.walk(sys.argv[1]):
    for name in sorted(files):
        if name.endswith((".swift", ".c", ".h")) and not name.endswith("+Generated.swift"):
            problems += check(os.path.join(folder, name))
print("\n".join(problems) if problems else f"no Linux-only call outside a guard in {sys.argv[1]}/, no system call outside {SEAM}")
sys.exit(1 if problems else 0)
PY
