#!/usr/bin/env python3
"""Summarize tile-diff logs as the per-family table of docs/GPU-Results.md.

Reads tile-diff's output tables (plain or .xz) and the instruction table's
JSON export; prints one row per mnemonic with its opcodes, kernels, inputs
and mismatches. Kernels of the `keep` variant (pred with preserve_dst) of
forms whose record refuses preserve_dst (`no_preserve_dst`: ptxas does not
keep the destination) are counted apart: their mismatches are what the
record states."""

import argparse
import collections
import json
import lzma
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import instr_table  # noqa: E402


def rows(path):
    opener = lzma.open if path.endswith(".xz") else open
    with opener(path, "rt") as f:
        for line in f:
            cells = [c.strip() for c in line.split("|")]
            if len(cells) < 6 or not cells[1].startswith("`"):
                continue
            yield cells[1].strip("`"), cells[2], int(cells[3]), int(cells[4])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logs", nargs="+")
    ap.add_argument("--rerun", action="append", default=[],
                    help="a log that replaces the earlier results of its "
                    "opcodes and variants")
    args = ap.parse_args()
    refused = set()
    mnemonic = {}
    for form, inst in instr_table.instances():
        mnemonic[inst["opcode"]] = form["mnemonic"]
        if "no_preserve_dst" in form:
            refused.add(inst["opcode"])
    # Every kernel of every log counts (lop3 has one module per look-up
    # table; --part splits a run over logs); a --rerun log's kernels replace
    # the earlier ones of the same opcode and variant.
    results = {}
    for i, log in enumerate(args.logs + args.rerun):
        kernels = list(rows(log))
        if i >= len(args.logs):
            again = {(o, v) for o, v, _, _ in kernels}
            results = {k: r for k, r in results.items() if k[1:3] not in again}
        for n, (opcode, variant, checked, bad) in enumerate(kernels):
            results[(i, opcode, variant, n)] = (checked, bad)
    fam = collections.defaultdict(lambda: [set(), 0, 0, 0])
    apart = [set(), 0, 0, 0]
    gone = [set(), 0, 0, 0]  # Opcodes the table no longer has.
    for (_, opcode, variant, _), (checked, bad) in results.items():
        if opcode not in mnemonic:
            row = gone
        elif variant == "keep" and opcode in refused:
            row = apart
        else:
            row = fam[mnemonic[opcode]]
        row[0].add(opcode)
        row[1] += 1
        row[2] += checked
        row[3] += bad
    print("| family | sm_90 opcodes | kernels | inputs checked | mismatches |")
    print("|---|---|---|---|---|")
    total = [set(), 0, 0, 0]
    for name in sorted(fam):
        o, k, n, b = fam[name]
        total[0] |= o
        total[1] += k
        total[2] += n
        total[3] += b
        print(f"| `{name}` | {len(o)} | {k} | {n:,} | {b:,} |")
    print(f"| all | {len(total[0])} | {total[1]} | {total[2]:,} | "
          f"{total[3]:,} |")
    o, k, n, b = apart
    print(f"\nApart: the `keep` kernels of {len(o)} opcodes whose record "
          f"refuses preserve_dst: {k} kernels, {n:,} inputs, {b:,} "
          f"mismatches.")
    o, k, n, b = gone
    if o:
        print(f"Not counted: {len(o)} opcodes the table no longer has "
              f"({', '.join(sorted(o)[:3])}, ...): {k} kernels, {n:,} "
              f"inputs, {b:,} mismatches.")


if __name__ == "__main__":
    main()
