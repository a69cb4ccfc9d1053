#!/usr/bin/env python3
"""Compares the H200's results of the 16-bit special functions (the DUMP
lines of special_facts and its binary file) with the reference here
(`tile-ptx-forms --eval`): for each opcode, how many of the 65536 inputs
give the reference's bits, the exceptions (input, H200, reference), and
whether each packed form's lanes are its scalar form's results.

Usage: analyze.py SPECIAL.TXT SPECIAL16.BIN TOOLS_DIR [--exceptions OUT.json]
       analyze.py --digests SPECIAL.TXT TOOLS_DIR
The second form checks only the digests of the DUMP lines against the
reference's results over all 65536 inputs (no binary file needed) and
closes with "N passed, N failed".
"""
import json
import re
import struct
import subprocess
import sys


DUMP = r"^DUMP (\S+) offset=(\d+) bytes=(\d+)(?: digest=([0-9a-f]+))?$"
MASK = (1 << 64) - 1


def dumps(text):
    for m in re.finditer(DUMP, text, re.M):
        yield m.group(1), int(m.group(2)), int(m.group(3))


def mix64(x):
    """special.h's mix64."""
    x ^= x >> 33
    x = (x * 0xff51afd7ed558ccd) & MASK
    x ^= x >> 33
    x = (x * 0xc4ceb9fe1a85ec53) & MASK
    return x ^ (x >> 33)


def check_digests(text, tools):
    passed = failed = 0
    for m in re.finditer(DUMP, text, re.M):
        opcode, size, want = m.group(1), int(m.group(3)), m.group(4)
        wide = size == 65536 * 4
        ref = reference(tools, opcode,
                        [packed(i) if wide else i for i in range(65536)])
        got = sum(mix64(i << 32 | r) for i, r in enumerate(ref)) & MASK
        ok = want is not None and int(want, 16) == got
        passed, failed = passed + ok, failed + (not ok)
        print(f"{'PASS' if ok else 'FAIL'} {opcode}: H200 {want}, "
              f"reference {got:016x}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


def reference(tools, opcode, inputs):
    lines = "".join(f"{opcode} {x:x}\n" for x in inputs)
    out = subprocess.run([f"{tools}/tile-ptx-forms", "--eval"], input=lines,
                         capture_output=True, text=True, check=True).stdout
    return [int(v, 16) for v in out.split()]


def is_nan16(x, bf):
    e, m = (0x7f80, 0x7f) if bf else (0x7c00, 0x3ff)
    return (x & e) == e and (x & m) != 0


def packed(i):
    """The packed forms' input: lanes (i ^ 0x8000, i)."""
    return i | (i ^ 0x8000) << 16


def same(h, r, bf, wide):
    """Whether the H200's h is the reference's r, lane by lane (any NaN is
    the canonical one in both, so NaNs compare by bits too)."""
    lanes = [(h >> 16, r >> 16), (h & 0xFFFF, r & 0xFFFF)] if wide else [(h, r)]
    return all(a == b for a, b in lanes)


def main():
    if sys.argv[1] == "--digests":
        return check_digests(open(sys.argv[2]).read(), sys.argv[3])
    text = open(sys.argv[1]).read()
    blob = open(sys.argv[2], "rb").read()
    tools = sys.argv[3]
    out_json = sys.argv[5] if len(sys.argv) > 5 else None
    results, exceptions = {}, {}
    for opcode, off, size in dumps(text):
        wide = size == 65536 * 4
        vals = struct.unpack(f"<{65536}{'I' if wide else 'H'}",
                             blob[off:off + size])
        results[opcode] = vals
        bf = ".bf16" in opcode
        inputs = [packed(i) if wide else i for i in range(65536)]
        ref = reference(tools, opcode, inputs)
        exc = [(inputs[i], vals[i], ref[i]) for i in range(65536)
               if not same(vals[i], ref[i], bf, wide)]
        if wide:
            print(f"{opcode}: {65536 - len(exc)} of 65536 as the reference "
                  "(lanes (i ^ 0x8000, i))")
            continue
        exceptions[opcode] = exc
        print(f"{opcode}: {65536 - len(exc)} of 65536 as the reference, "
              f"{len(exc)} exceptions")
        for i, h, r in exc[:6]:
            print(f"  a={i:04x} h200={h:04x} reference={r:04x}")
    for opcode, vals in results.items():
        if not opcode.endswith("x2"):
            continue
        scalar = results.get(opcode[:-2])
        if scalar is None:
            continue
        bad = sum(1 for i in range(65536)
                  if (vals[i] & 0xffff) != scalar[i] or
                  (vals[i] >> 16) != scalar[i ^ 0x8000])
        print(f"{opcode}: lanes as {opcode[:-2]}: {65536 - bad} of 65536")
    if out_json:
        json.dump({k: [[i, h] for i, h, _ in v] for k, v in
                   exceptions.items()}, open(out_json, "w"))


if __name__ == "__main__":
    sys.exit(main())
