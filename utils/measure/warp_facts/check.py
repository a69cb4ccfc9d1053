#!/usr/bin/env python3
"""Checks warp_facts' output (stdin) against the facts include/tile/Ptx/Warp.td
records, measured on the H200 on 2026-12-02: a shfl.sync source lane that
does not execute the instruction gives 0, one outside the mask that executes
it converged gives its a; vote, redux and match honour each lane's mask;
elect.sync elects the lowest lane of the mask that has not exited. Prints the
probes that differ; exits 1 if any does."""
import sys

A = [1000 + lane for lane in range(32)]
NONE = -1  # not written


def expected():
    half = [0] * 16 + [NONE] * 16
    probes = {
        0: half,
        1: [0] * 32,
        2: [A[l + 1] if l < 31 else A[31] for l in range(32)],
        3: A,  # up with c = 0x1f: every lane out of range
        4: [A[l + 4] for l in range(12)] + [0] * 4 + [NONE] * 16,
        5: half,
        6: [100] + [0] * 15 + [NONE] * 16,
        7: [NONE] * 8 + [108] + [8] * 7 + [NONE] * 16,
        8: ["0x0000ffff"] * 16 + ["0xffff0000"] * 16,
        9: [1] * 16 + [0] * 16,
        10: [16] * 32,
        11: ["0x0000ffff"] * 16 + ["0xffff0000"] * 16,
        12: [0] * 20 + [NONE] + [0] * 11,
    }
    return {p: " ".join(str(v) for v in vals) for p, vals in probes.items()}


def main():
    seen = {}
    for line in sys.stdin:
        if line.startswith("probe "):
            head, _, values = line.partition(":")
            seen[int(head.split()[1])] = values.strip()
    bad = 0
    for probe, want in expected().items():
        if seen.get(probe) != want:
            print(f"probe {probe}: got {seen.get(probe)!r}, want {want!r}")
            bad += 1
    print(f"{len(expected()) - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
