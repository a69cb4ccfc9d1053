"""tile.apply memory ops with pred= (a per-lane guard) and preserve_dst:
lanes past n keep the register's old value (-1) and skip the store."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def tile_pred(A: T.Tensor((32, 2), "float32"), B: T.Tensor((32, 2), "float32"),
              n: T.int32):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    r = T.alloc_local((32, 2), "float32", layout=T.TileLayout(
        T.S[(32, 2):(1 @ LANE, 1)]))
    regs = T.decl_tensor(r.data, ty_args=[T.Tensor((2,), "float32", scope="local")])
    regs[0] = T.float32(-1)
    regs[1] = T.float32(-1)
    T.cuda.tile.apply(T.ptx["ld.global.v2.f32"], r, A, scope="warp",
                      pred=lane < n, preserve_dst=True)
    T.cuda.tile.apply(T.ptx["st.global.v2.f32"], B, r, scope="warp",
                      pred=lane % 2 == 0)


def main():
    A = np.random.default_rng(37).standard_normal((32, 2)).astype(np.float32)
    n = 20
    lane = np.arange(32)[:, None]
    r = np.where(lane < n, A, np.float32(-1))
    B = np.where(lane % 2 == 0, r, np.float32(0)).astype(np.float32)
    return ({"A": A, "B": np.zeros_like(A), "n": np.int32(n)}, {"B": B})
