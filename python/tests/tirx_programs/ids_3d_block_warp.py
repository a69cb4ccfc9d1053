"""A 3-D block (8, 4, 3) on a 2-D grid (2, 3): T.cuda.lane_id / warp_id /
linear_thread_id are the linear thread's (x + 8 y + 32 z), a
__shfl_down_sync(.., 4, 16) and T.cuda.warp_sum(.., 8) run over the
linear lanes, and each block writes its own (3, 4, 8) slice of a 5-D
output indexed by block_idx y and x."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def ids3(A: T.Tensor((3, 2, 96), "int32"), O: T.Tensor((3, 2, 3, 4, 8, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=(2, 3), block=(8, 4, 3)))
    bx = T.cuda.block_idx("x")
    by = T.cuda.block_idx("y")
    x = T.cuda.thread_idx("x")
    y = T.cuda.thread_idx("y")
    z = T.cuda.thread_idx("z")
    lin = T.cuda.linear_thread_id()
    v = A[by, bx, lin]
    O[by, bx, z, y, x, 0] = T.cuda.lane_id() * 1000 + T.cuda.warp_id()
    O[by, bx, z, y, x, 1] = lin
    O[by, bx, z, y, x, 2] = T.cuda.__shfl_down_sync(T.uint32(0xFFFFFFFF), v, 4, 16)
    O[by, bx, z, y, x, 3] = T.cuda.warp_sum(v, 8)


def main():
    rng = np.random.default_rng(4024)
    A = rng.integers(-1000, 1000, (3, 2, 96)).astype(np.int32)
    O = np.zeros((3, 2, 3, 4, 8, 4), np.int32)
    for by in range(3):
        for bx in range(2):
            for z in range(3):
                for y in range(4):
                    for x in range(8):
                        t = x + 8 * y + 32 * z
                        l, w = t % 32, t // 32
                        O[by, bx, z, y, x, 0] = l * 1000 + w
                        O[by, bx, z, y, x, 1] = t
                        src = l + 4 if (l % 16) + 4 < 16 else l
                        O[by, bx, z, y, x, 2] = A[by, bx, w * 32 + src]
                        g = (l // 8) * 8
                        O[by, bx, z, y, x, 3] = A[by, bx, w * 32 + g:w * 32 + g + 8].sum()
    return {"A": A, "O": np.zeros_like(O)}, {"O": O}
