"""Element code through strided and offset views: a 3-D T.decl_tensor over a
flat parameter with permuted strides (4, 1, 24) plus an offset of 5, a
shared buffer re-viewed with a padded row stride, a region A[2:6, 1:7] and a
.sub[i, :] row of a 2-D tensor read and written by element, and a strided
view written (the writes land in the flat buffer's holes)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 200


@T.function
def sve(F: T.Tensor((N,), "int32"), M: T.Tensor((8, 8), "int32"), O: T.Tensor((4, 6, 2), "int32"),
        R: T.Tensor((4, 6), "int32"), G: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=(6, 4)))
    x = T.cuda.thread_idx("x")
    y = T.cuda.thread_idx("y")
    V = T.decl_tensor(F.data, ty_args=[T.Tensor((4, 6, 2), "int32",
                                                 layout=T.TileLayout(T.S[(4, 6, 2):(1, 4, 24)] + 5))])
    for k in T.unroll(2):
        O[y, x, k] = V[y, x, k] * 10 + k
    S = T.alloc_shared((4 * 9,), "int32")
    SP = T.decl_tensor(S.data, ty_args=[T.Tensor((4, 6), "int32", scope="shared",
                                                  layout=T.TileLayout(T.S[(4, 6):(9, 1)]))])
    SP[y, x] = M[y, x] + M[y + 4, x + 2]
    T.cuda.cta_sync()
    reg = M[2:6, 1:7]
    row = M.sub[y + 4, :]
    R[y, x] = SP[3 - y, 5 - x] - reg[y, x] * row[x + 1]
    W = T.decl_tensor(G.data, ty_args=[T.Tensor((4, 6), "int32",
                                                 layout=T.TileLayout(T.S[(4, 6):(2, 8)] + 1))])
    W[y, x] = y * 100 + x


def main():
    F = np.arange(N, dtype=np.int32) * 3 - 7
    M = np.random.default_rng(3).integers(-100, 100, (8, 8)).astype(np.int32)
    O = np.zeros((4, 6, 2), np.int32)
    for y in range(4):
        for x in range(6):
            for k in range(2):
                O[y, x, k] = F[5 + y + 4 * x + 24 * k] * 10 + k
    SP = M[:4, :6] + M[4:8, 2:8]
    R = np.zeros((4, 6), np.int32)
    for y in range(4):
        for x in range(6):
            R[y, x] = SP[3 - y, 5 - x] - M[2 + y, 1 + x] * M[y + 4, x + 1]
    G = np.full(N, -1, np.int32)
    for y in range(4):
        for x in range(6):
            G[1 + 2 * y + 8 * x] = y * 100 + x
    return ({"F": F, "M": M, "O": np.zeros_like(O), "R": np.zeros_like(R), "G": np.full(N, -1, np.int32)},
            {"O": O, "R": R, "G": G})
