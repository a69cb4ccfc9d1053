#!/usr/bin/env python3
"""Writes the sin table of the multifunction-unit models (sin.bin, the
MufuSinTable record) from the H200 (run there; needs cupy).

ptxas emits sin.approx.f32 and cos.approx.f32 as FMUL.RZ by 0x3e22f983
(1 / 2 pi) and MUFU.SIN or MUFU.COS of the product t. On the H200 the
unit's result depends only on floor(frac(t) 2^25) (no two inputs of the
same cell differ), the second half turn is the first negated, and cos is
sin a quarter turn on (checked here on every cell seen twice). So the
table is the unit's result for each of the 2^24 cells of the first half
turn, gathered from sin and cos over the binades of a from 2^-40 to 2^3,
where t steps finer than 2^-25 and every cell is reached through one of
the four relations. Prints the number of cells two sources disagree on
and of cells no input reached (both 0 on the H200), and writes OUT/sin.bin
in record.py's format.

Usage: sincos.py OUT
"""
import os
import sys

import cupy as cp
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
import record  # noqa: E402

FRACTION = 25
TURN = 1 << FRACTION
INV_2PI = float(np.uint32(0x3E22F983).view(np.float32))


def kernel(opcode):
    return common.kernel("unsigned base, unsigned *out", f"""
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned a = base + i, r;
  {common.asm(opcode)}
  out[i] = r;""")


def turns(xbits):
    """FMUL.RZ(x, 0x3e22f983) for positive normal x: the exact product in
    float64 truncated to 24 significant bits."""
    x = xbits.view(cp.float32).astype(cp.float64)
    bits = (x * INV_2PI).view(cp.uint64) & ~cp.uint64((1 << 29) - 1)
    return bits.view(cp.float64)


def cells_of(opcode):
    """The unit's result per cell (-1 where no input fell), and the number
    of inputs whose cell already held another result."""
    fn = kernel(opcode)
    cells = cp.full(TURN, -1, dtype=cp.int64)
    res = cp.empty(1 << 23, dtype=cp.uint32)
    clashes = 0
    for e in range(-40, 3):
        base = (127 + e) << 23
        fn(((1 << 23) // 256,), (256,), (np.uint32(base), res))
        t = turns(cp.arange(1 << 23, dtype=cp.uint32) + cp.uint32(base))
        k = cp.floor((t - cp.floor(t)) * TURN).astype(cp.int64)
        r = res.astype(cp.int64)
        order = cp.argsort(k)
        ks, rs = k[order], r[order]
        clashes += int(((ks[1:] == ks[:-1]) & (rs[1:] != rs[:-1])).sum())
        seen = cells[k]
        clashes += int(((seen >= 0) & (seen != r)).sum())
        cells[k] = cp.where(seen >= 0, seen, r)
    return cp.asnumpy(cells), clashes


def main(out):
    sin, sin_clashes = cells_of("sin.approx.ftz.f32")
    cos, cos_clashes = cells_of("cos.approx.ftz.f32")
    half, quarter = TURN // 2, TURN // 4
    k = np.arange(half)
    negate = np.int64(0x80000000)
    sources = [sin[k], np.where(sin[k + half] >= 0, sin[k + half] ^ negate, -1),
               cos[(k - quarter) % TURN],
               np.where(cos[(k + quarter) % TURN] >= 0,
                        cos[(k + quarter) % TURN] ^ negate, -1)]
    table = np.full(half, -1, dtype=np.int64)
    disagree = 0
    for v in sources:
        both = (table >= 0) & (v >= 0)
        disagree += int((both & (table != v)).sum())
        table = np.where(table >= 0, table, v)
    missing = int((table < 0).sum())
    print(f"cells with two results: sin {sin_clashes}, cos {cos_clashes}; "
          f"relations disagreeing: {disagree}; cells unreached: {missing}")
    if sin_clashes or cos_clashes or disagree or missing:
        sys.exit("the unit is not the model sin.bin describes")
    os.makedirs(out, exist_ok=True)
    file = common.table_files(common.load(), "sin_fixed")[0]
    record.write_table(os.path.join(out, file), table.astype(np.uint32))
    print(file, os.path.getsize(os.path.join(out, file)), "bytes")


if __name__ == "__main__":
    main(sys.argv[1])
