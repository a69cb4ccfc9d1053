"""CSR sparse matrix-vector product, one warp per row: the row's
[row_ptr[r], row_ptr[r+1]) range is read at run time, lanes stride over it
(loop with dynamic bounds and step 32), gather x[col[j]], then warp_sum.
Values are multiples of 1/4 so every float32 sum is exact."""
from tvm_tirx.script import tirx as T
import numpy as np

ROWS = 24
NNZ = 400
NCOL = 64


@T.function
def spmv(rp: T.Tensor((ROWS + 1,), "int32"), col: T.Tensor((NNZ,), "int32"),
         val: T.Tensor((NNZ,), "float32"), x: T.Tensor((NCOL,), "float32"),
         y: T.Tensor((ROWS,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=ROWS // 4, block=128))
    w = T.cuda.warp_id()
    lane = T.cuda.lane_id()
    r = T.cuda.block_idx("x") * 4 + w
    lo = rp[r]
    hi = rp[r + 1]
    acc = T.local_scalar("float32")
    acc = T.float32(0)
    for j in T.serial(lo + lane, hi, step=32):
        acc = acc + val[j] * x[col[j]]
    s = T.cuda.warp_sum(acc)
    if lane == 0:
        y[r] = s


def main():
    rng = np.random.default_rng(77)
    counts = rng.integers(0, 25, ROWS)
    counts[3] = 0
    counts[7] = 70
    rp = np.concatenate([[0], np.cumsum(counts)]).astype(np.int32)
    assert rp[-1] <= NNZ
    col = rng.integers(0, NCOL, NNZ).astype(np.int32)
    val = (rng.integers(-40, 40, NNZ) * 0.25).astype(np.float32)
    x = rng.integers(-8, 8, NCOL).astype(np.float32)
    y = np.array([(val[rp[r]:rp[r + 1]].astype(np.float64) * x[col[rp[r]:rp[r + 1]]]).sum()
                  for r in range(ROWS)], np.float32)
    return {"rp": rp, "col": col, "val": val, "x": x, "y": np.zeros(ROWS, np.float32)}, {"y": y}
