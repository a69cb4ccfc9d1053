"""cp.async.ca.shared.global as a tile op (a 16-byte chunk per thread, regions
A[lane:lane + 1, 0:4]),
then T.ptx.cp.async.commit_group / wait_all, a cta_sync and a transposed read
of the shared tile."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def tile_cpasync(A: T.Tensor((32, 4), "float32"), B: T.Tensor((4, 32), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    S = T.alloc_shared((32, 4), "float32", layout="default")
    T.cuda.tile.apply(T.ptx["cp.async.ca.shared.global"], S[lane:lane + 1, 0:4],
                      A[lane:lane + 1, 0:4], chunk_bytes=16)
    T.ptx.cp.async_.commit_group()
    T.ptx.cp.async_.wait_all()
    T.cuda.cta_sync()
    for k in T.unroll(4):
        B[k, lane] = S[lane, k]


def main():
    A = np.random.default_rng(38).standard_normal((32, 4)).astype(np.float32)
    return {"A": A, "B": np.zeros((4, 32), np.float32)}, {"B": A.T.copy()}
