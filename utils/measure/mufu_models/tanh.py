#!/usr/bin/env python3
"""Writes the tanh table of the multifunction-unit models (tanh.bin, the
MufuTanhTable record) from the H200 (run there; needs cupy).

ptxas emits tanh.approx.f32 as MUFU.TANH alone. On the H200 the unit is
odd, gives a itself for |a| < 2^-8 (subnormals included) and 1 for
|a| >= 8; both are checked here on every such input. The table is its
result for every a in [2^-8, 8) (11 binades, 2^23 each), in record.py's
format.

Usage: tanh.py OUT
"""
import os
import sys

import cupy as cp
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
import record  # noqa: E402

SIGN = 0x80000000


def kernel():
    return common.kernel("unsigned base, unsigned *out", f"""
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned a = base + i, r;
  {common.asm(common.unit_opcodes(common.load())["tanh"])}
  out[i] = r;""")


def binade(fn, base, res):
    fn(((1 << 23) // 256,), (256,), (np.uint32(base), res))
    return cp.arange(1 << 23, dtype=cp.uint32) + cp.uint32(base)


def main(out):
    fn = kernel()
    res = cp.empty(1 << 23, dtype=cp.uint32)
    wrong = 0
    parts = []
    for field in range(255):
        for sign in (0, SIGN):
            x = binade(fn, sign | field << 23, res)
            e = field - 127
            if e <= -9:
                wrong += int((res != x).sum())
            elif e >= 3:
                wrong += int((res != cp.uint32(sign | 0x3F800000)).sum())
            elif sign:
                wrong += int((res != (parts[e + 8] ^ cp.uint32(SIGN))).sum())
            else:
                parts.append(res.copy())
    print("inputs off the model (identity below 2^-8, 1 from 8, odd):", wrong)
    if wrong:
        sys.exit("the unit is not the model tanh.bin describes")
    table = cp.asnumpy(cp.concatenate(parts))
    os.makedirs(out, exist_ok=True)
    file = common.table_files(common.load(), "tanh_binades")[0]
    record.write_table(os.path.join(out, file), table)
    print(file, os.path.getsize(os.path.join(out, file)), "bytes")


if __name__ == "__main__":
    main(sys.argv[1])
