"""Cluster coordinates for a 2-D grid of 2-D clusters (grid=(4, 2),
cluster=(2, 2), block 32): T.cuda.cluster_cta_id x/y (%cluster_ctaid),
T.cuda.cluster_id x/y (%clusterid), T.cuda.cluster_dim x/y
(%cluster_nctaid), T.cuda.mov_sreg for %cluster_ctarank, %cluster_nctarank
and %nclusterid.x/y, and T.cuda.cta_pair_id (linear cluster rank & 1)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def cids(O: T.Tensor((2, 4, 32, 11), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=(4, 2), block=32, cluster=(2, 2)))
    t = T.cuda.thread_idx("x")
    bx = T.cuda.block_idx("x")
    by = T.cuda.block_idx("y")
    O[by, bx, t, 0] = T.cuda.cluster_cta_id("x")
    O[by, bx, t, 1] = T.cuda.cluster_cta_id("y")
    O[by, bx, t, 2] = T.cuda.cluster_id("x")
    O[by, bx, t, 3] = T.cuda.cluster_id("y")
    O[by, bx, t, 4] = T.cuda.cluster_dim("x")
    O[by, bx, t, 5] = T.cuda.cluster_dim("y")
    O[by, bx, t, 6] = T.cuda.mov_sreg(32, "cluster_ctarank")
    O[by, bx, t, 7] = T.cuda.mov_sreg(32, "cluster_nctarank")
    O[by, bx, t, 8] = T.cuda.mov_sreg(32, "nclusterid.x")
    O[by, bx, t, 9] = T.cuda.mov_sreg(32, "nclusterid.y")
    O[by, bx, t, 10] = T.cuda.cta_pair_id()


def main():
    O = np.zeros((2, 4, 32, 11), np.int32)
    for by in range(2):
        for bx in range(4):
            cx, cy = bx % 2, by % 2
            rank = cx + 2 * cy
            O[by, bx, :] = [cx, cy, bx // 2, by // 2, 2, 2, rank, 4, 2, 1, rank & 1]
    return {"O": np.zeros_like(O)}, {"O": O}
