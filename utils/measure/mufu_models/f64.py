#!/usr/bin/env python3
"""Writes the f64 tables of the multifunction-unit models (the MufuTables of
the reductions reciprocal_upper and rsqrt_upper: MUFU.RCP64H and
MUFU.RSQ64H) and the digests their models are checked against, from the
H200 (run there; needs cupy).

ptxas emits rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64 as MUFU.RCP64H and
MUFU.RSQ64H of the source's upper word, the result's lower word zero, and
rsqrt.approx.f64 as a refinement around MUFU.RSQ64H. The tables are the
unit's results for the upper words of [1, 2) (2^20) and [1, 4) (2^21),
through the .ftz forms (lower words zero; a result with a nonzero lower
word is counted and fails the run). The digests (OUT/f64_digests.txt, the
sum of mix64(a * K ^ result) per block, the table's format of
binade_digests.txt):

- rcp.approx.ftz.f64, rsqrt.approx.ftz.f64: every upper word x, the lower
  word the low half of mix64(x); 4096 blocks of x >> 20 (sign and
  exponent);
- rsqrt.approx.f64: a = mix64(x) for x < 2^31 (both signs, every
  exponent); 1024 blocks of x >> 21;

and, for each, `run2=`: the digest of the 2026-12-02 run's inputs in its
formula (special_facts/gen.py: mix64(upper word * K ^ result), with
a = mix64(x) & 0x7fffffffffffffff for x < 2^30 for rsqrt.approx.f64).

Usage: f64.py OUT
"""
import os
import sys

import cupy as cp
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
import record  # noqa: E402

ONE = 0x3FF00000  # The upper word of 1.0.


def upper_kernel(opcode):
    return common.kernel("unsigned base, unsigned *out, unsigned *low", f"""
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long a = (unsigned long long)(base + i) << 32, r;
  asm volatile("{opcode} %0, %1;" : "=l"(r) : "l"(a));
  out[i] = (unsigned)(r >> 32);
  if ((unsigned)r) atomicAdd(low, 1u);""")


def table(opcode, count):
    fn = upper_kernel(opcode)
    out = cp.empty(count, dtype=cp.uint32)
    low = cp.zeros(1, dtype=cp.uint32)
    fn((count // 256,), (256,), (np.uint32(ONE), out, low))
    if int(low[0]):
        sys.exit(f"{opcode}: {int(low[0])} results with a nonzero lower word")
    return cp.asnumpy(out)


# (pick a from x, the word digested, x's count, block shift)
SETS = {
    "upper": ("unsigned long long a = x << 32 | (unsigned)mix64(x);", "a",
              1 << 32, 20),
    "random": ("unsigned long long a = mix64(x);", "a", 1 << 31, 21),
    "run2_upper": ("unsigned long long a = x << 32 | (unsigned)mix64(x);",
                   "(a >> 32)", 1 << 32, 32),
    "run2_random": ("unsigned long long a = mix64(x) & 0x7fffffffffffffffULL;",
                    "(a >> 32)", 1 << 30, 30),
}


def digests(opcode, name):
    pick, word, count, shift = SETS[name]
    asm = f'asm volatile("{opcode} %0, %1;" : "=l"(r) : "l"(a));'
    return common.block_digests(pick, "unsigned long long", asm, word, count,
                                shift)


# The inputs digested per reduction (SETS), and the entries tabled per
# reduction whose unit is tabled (the tables' records say how many).
INPUTS = {"reciprocal_upper": "upper", "rsqrt_upper": "upper",
          "rsqrt_refined": "random"}


def main(out):
    os.makedirs(out, exist_ok=True)
    t = common.load()
    forms = common.measured_exact(t, ("f64",))
    for opcode, _, form in forms:
        reduction = form["mufu"]["reduction"]
        if INPUTS[reduction] != "upper":
            continue  # The refined form reads the table of rsqrt_upper.
        entry = form["mufu"]["tables"][0]
        record.write_table(os.path.join(out, entry["file"]),
                           table(opcode, entry["entries"]))
        print(entry["file"],
              os.path.getsize(os.path.join(out, entry["file"])), "bytes")
    with open(os.path.join(out, "f64_digests.txt"), "w") as f:
        for opcode, _, form in sorted(forms, key=lambda x: x[0]):
            name = INPUTS[form["mufu"]["reduction"]]
            sums = digests(opcode, name)
            run2 = int(digests(opcode, "run2_" + name)[0])
            total = int(sums.sum(dtype=np.uint64))
            f.write(f"{opcode} total={total:016x} run2={run2:016x}\n")
            f.write(" ".join(f"{int(v):016x}" for v in sums) + "\n")
            print(opcode, f"total={total:016x} run2={run2:016x}", flush=True)

if __name__ == "__main__":
    main(sys.argv[1])
