"""Execution ids in a 2-D block (block=(16, 8)) and 2-D grid:
T.cuda.linear_thread_id, warp_id, lane_id, warp_in_warpgroup, block_dim,
grid_dim and block_idx y."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def ids2d(O: T.Tensor((2, 3, 8, 16, 6), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=(3, 2), block=(16, 8)))
    tx = T.cuda.thread_idx("x")
    ty = T.cuda.thread_idx("y")
    bx = T.cuda.block_idx("x")
    by = T.cuda.block_idx("y")
    O[by, bx, ty, tx, 0] = T.cuda.linear_thread_id()
    O[by, bx, ty, tx, 1] = T.cuda.warp_id()
    O[by, bx, ty, tx, 2] = T.cuda.lane_id()
    O[by, bx, ty, tx, 3] = T.cuda.warp_in_warpgroup()
    O[by, bx, ty, tx, 4] = T.cuda.block_dim("x") * 100 + T.cuda.block_dim("y")
    O[by, bx, ty, tx, 5] = T.cuda.grid_dim("x") * 100 + T.cuda.grid_dim("y")


def main():
    O = np.zeros((2, 3, 8, 16, 6), np.int32)
    for by in range(2):
        for bx in range(3):
            for ty in range(8):
                for tx in range(16):
                    lin = ty * 16 + tx
                    O[by, bx, ty, tx] = [lin, lin // 32, lin % 32, (lin // 32) % 4, 1608, 302]
    return {"O": np.zeros_like(O)}, {"O": O}
