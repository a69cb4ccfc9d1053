"""Order of side effects around expressions: an @T.inline helper that stores
into a tensor and returns a value used in the same expression as a read of
that tensor (TIRx reads lazily: the read is emitted after the helper's
store), a named snapshot taken before the helper, an atomic old value used
in an expression that also reads the atomically updated cell, a value read
back after a predicated st.global, and a local array updated in place
through a 2-D view."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.inline
def bump(X, i, d: T.int32) -> T.int32:
    X[i] = X[i] + d
    return X[i] * 2


@T.function
def inline_side_effect_order(X: T.Tensor((N,), "int32"), Y: T.Tensor((N, 6), "int32"),
                             C: T.Tensor((1,), "int32"), P: T.Tensor((N,), "uint32"), Z: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    snap = X[i]
    Y[i, 0] = X[i] + bump(X, i, 100)
    Y[i, 1] = snap + bump(X, i, 1000) - X[i]
    Y[i, 2] = snap
    old = T.local_scalar("uint32")
    T.ptx.st.global_.u32(T.address_of(P[i]), T.cast(X[i], "uint32") + T.uint32(7), pred=i % 3 == 1)
    Y[i, 3] = T.cast(P[i], "int32")
    L = T.alloc_local((8,), "int32")
    for j in T.unroll(8):
        L[j] = Z[(i + j) % N]
    L2 = T.decl_tensor(L.data, ty_args=[T.Tensor((2, 4), "int32")])
    for r in T.serial(1, 4):
        L2[0, r] = L2[0, r] + L2[0, r - 1]
        L2[1, r] = L2[1, r] * 2 - L[r]
    Y[i, 4] = L[3] * 7 + L[7]
    if i == 5:
        C[0] = 0
    T.cuda.cta_sync()
    T.ptx.atom.global_.add.u32(old, T.address_of(P[0]), T.uint32(0))
    T.cuda.cta_sync()
    Y[i, 5] = T.cast(old, "int32") - X[i]


def main():
    rng = np.random.default_rng(9004)
    X = rng.integers(-5000, 5000, N).astype(np.int32)
    P = rng.integers(0, 100000, N).astype(np.uint32)
    Z = rng.integers(-3000, 3000, N).astype(np.int32)
    Y = np.zeros((N, 6), np.int32)
    Xn = X.copy()
    for i in range(N):
        x0 = int(X[i])
        x1 = x0 + 100
        y0 = x1 + x1 * 2          # the read of X[i] is emitted after bump's store
        x2 = x1 + 1000
        y1 = x0 + x2 * 2 - x2
        Y[i, 0], Y[i, 1], Y[i, 2] = y0, y1, x0
        Xn[i] = x2
    Pn = P.copy()
    for i in range(N):
        if i % 3 == 1:
            Pn[i] = np.uint32((int(Xn[i]) + 7) & 0xFFFFFFFF)
        Y[i, 3] = np.int32(np.uint32(Pn[i]).view(np.int32))
    for i in range(N):
        L = [int(Z[(i + j) % N]) for j in range(8)]
        for r in range(1, 4):
            L[r] = L[r] + L[r - 1]
            L[4 + r] = L[4 + r] * 2 - L[r]
        Y[i, 4] = L[3] * 7 + L[7]
        Y[i, 5] = int(P[0]) - int(Xn[i])
    return ({"X": X, "Y": np.zeros_like(Y), "C": np.ones(1, np.int32), "P": P, "Z": Z},
            {"X": Xn, "Y": Y, "P": Pn, "C": np.zeros(1, np.int32)})
