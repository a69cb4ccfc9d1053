#!/usr/bin/env python3
"""A small stand-in for FileCheck on machines without LLVM (the GPU machine).

Reads the CHECK / CHECK-NEXT lines of a test file and matches them, in order,
against a program's output (stdin). `{{re}}` parts are regular expressions,
the rest is literal, as in FileCheck. Exits non-zero on the first miss."""
import re
import sys


def pattern(text):
    out, pos = "", 0
    for m in re.finditer(r"\{\{(.*?)\}\}", text):
        out += re.escape(text[pos:m.start()]) + m.group(1)
        pos = m.end()
    return re.compile(out + re.escape(text[pos:]))


def main():
    checks = []
    for line in open(sys.argv[1]):
        m = re.search(r"CHECK(-NEXT)?:\s?(.*)$", line)
        if m and "RUN:" not in line:
            checks.append((bool(m.group(1)), pattern(m.group(2).strip())))
    lines = sys.stdin.read().splitlines()
    i = 0
    for nxt, pat in checks:
        if nxt:
            if i >= len(lines) or not pat.search(lines[i]):
                print(f"simple_check: CHECK-NEXT {pat.pattern!r} failed at "
                      f"line {i + 1}: {lines[i] if i < len(lines) else '<eof>'}")
                return 1
            i += 1
            continue
        while i < len(lines) and not pat.search(lines[i]):
            i += 1
        if i == len(lines):
            print(f"simple_check: CHECK {pat.pattern!r} not found")
            return 1
        i += 1
    print(f"simple_check: {len(checks)} checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
