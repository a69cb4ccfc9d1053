"""Cluster coordinates for a 3-D grid (2, 4, 2) with 3-D clusters (1, 2, 2)
and a 1-D block of 16: cluster_cta_id/cluster_id/cluster_dim in x, y and z,
%cluster_ctarank (x fastest, then y, then z) and %nclusterid.z, plus a
blockIdx consistency check (block_idx == cluster_id * cluster_dim +
cluster_cta_id in every dimension)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def cids3(O: T.Tensor((2, 4, 2, 16, 9), "int32"), C: T.Tensor((2, 4, 2), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=(2, 4, 2), block=16, cluster=(1, 2, 2)))
    t = T.cuda.thread_idx("x")
    bx = T.cuda.block_idx("x")
    by = T.cuda.block_idx("y")
    bz = T.cuda.block_idx("z")
    O[bz, by, bx, t, 0] = T.cuda.cluster_cta_id("x")
    O[bz, by, bx, t, 1] = T.cuda.cluster_cta_id("y")
    O[bz, by, bx, t, 2] = T.cuda.cluster_cta_id("z")
    O[bz, by, bx, t, 3] = T.cuda.cluster_id("x")
    O[bz, by, bx, t, 4] = T.cuda.cluster_id("y")
    O[bz, by, bx, t, 5] = T.cuda.cluster_id("z")
    O[bz, by, bx, t, 6] = T.cuda.cluster_dim("z") * 100 + T.cuda.cluster_dim("y") * 10 + T.cuda.cluster_dim("x")
    O[bz, by, bx, t, 7] = T.cuda.mov_sreg(32, "cluster_ctarank")
    O[bz, by, bx, t, 8] = T.cuda.mov_sreg(32, "nclusterid.z")
    if t == 0:
        ok = T.local_scalar("int32", 1)
        if T.cuda.cluster_id("x") * T.cuda.cluster_dim("x") + T.cuda.cluster_cta_id("x") != bx:
            ok = 0
        if T.cuda.cluster_id("y") * T.cuda.cluster_dim("y") + T.cuda.cluster_cta_id("y") != by:
            ok = 0
        if T.cuda.cluster_id("z") * T.cuda.cluster_dim("z") + T.cuda.cluster_cta_id("z") != bz:
            ok = 0
        C[bz, by, bx] = ok


def main():
    O = np.zeros((2, 4, 2, 16, 9), np.int32)
    for bz in range(2):
        for by in range(4):
            for bx in range(2):
                cx, cy, cz = 0, by % 2, bz % 2
                rank = cx + 1 * (cy + 2 * cz)
                O[bz, by, bx, :] = [cx, cy, cz, bx, by // 2, bz // 2, 221, rank, 1]
    return ({"O": np.zeros_like(O), "C": np.zeros((2, 4, 2), np.int32)},
            {"O": O, "C": np.ones((2, 4, 2), np.int32)})
