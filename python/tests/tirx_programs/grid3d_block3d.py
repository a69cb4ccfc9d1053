"""A 3-D grid of 3-D blocks: thread_idx/block_idx/block_dim/grid_dim on
x, y and z, composed into a linear index."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def g3(O: T.Tensor((2, 3, 2, 2, 4, 8), "int32"), D: T.Tensor((6,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=(2, 3, 2), block=(8, 4, 2)))
    tx = T.cuda.thread_idx("x")
    ty = T.cuda.thread_idx("y")
    tz = T.cuda.thread_idx("z")
    bx = T.cuda.block_idx("x")
    by = T.cuda.block_idx("y")
    bz = T.cuda.block_idx("z")
    O[bz, by, bx, tz, ty, tx] = ((bz * 3 + by) * 2 + bx) * 1000 + (tz * 4 + ty) * 8 + tx
    if tx == 0 and ty == 0 and tz == 0 and bx == 0 and by == 0 and bz == 0:
        D[0] = T.cuda.block_dim("x")
        D[1] = T.cuda.block_dim("y")
        D[2] = T.cuda.block_dim("z")
        D[3] = T.cuda.grid_dim("x")
        D[4] = T.cuda.grid_dim("y")
        D[5] = T.cuda.grid_dim("z")


def main():
    O = np.zeros((2, 3, 2, 2, 4, 8), np.int32)
    for bz in range(2):
        for by in range(3):
            for bx in range(2):
                for tz in range(2):
                    for ty in range(4):
                        for tx in range(8):
                            O[bz, by, bx, tz, ty, tx] = ((bz * 3 + by) * 2 + bx) * 1000 + (tz * 4 + ty) * 8 + tx
    return ({"O": np.zeros_like(O), "D": np.zeros(6, np.int32)},
            {"O": O, "D": np.array([8, 4, 2, 2, 3, 2], np.int32)})
