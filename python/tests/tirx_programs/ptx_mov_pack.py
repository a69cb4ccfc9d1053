"""Packing and unpacking with mov: mov.b64 d, {lo, hi} from two uint32,
mov.b64 {lo, hi}, d back, mov.b32 d, {a, b} from two uint16 halves, and
mov.b32 {a, b}, d (the vector-brace operand forms)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def movpack(A: T.Tensor((N, 2), "uint32"), H: T.Tensor((N, 2), "uint16"),
            W: T.Tensor((N,), "uint64"), U: T.Tensor((N, 2), "uint32"),
            P: T.Tensor((N,), "uint32"), Q: T.Tensor((N, 2), "uint16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    w = T.local_scalar("uint64")
    lo = T.local_scalar("uint32")
    hi = T.local_scalar("uint32")
    p = T.local_scalar("uint32")
    a = T.local_scalar("uint16")
    b = T.local_scalar("uint16")
    T.ptx.mov.b64(w, A[i, 0], A[i, 1])
    W[i] = w
    T.ptx.mov.b64(lo, hi, w + T.uint64(1))
    U[i, 0] = lo
    U[i, 1] = hi
    T.ptx.mov.b32(p, H[i, 0], H[i, 1])
    P[i] = p
    T.ptx.mov.b32(a, b, p ^ T.uint32(0xFFFF0000))
    Q[i, 0] = a
    Q[i, 1] = b


def main():
    rng = np.random.default_rng(85)
    A = rng.integers(0, 2**32, (N, 2), dtype=np.uint64).astype(np.uint32)
    H = rng.integers(0, 2**16, (N, 2)).astype(np.uint16)
    W = A[:, 0].astype(np.uint64) | (A[:, 1].astype(np.uint64) << np.uint64(32))
    W1 = W + np.uint64(1)
    U = np.stack([(W1 & np.uint64(0xFFFFFFFF)).astype(np.uint32), (W1 >> np.uint64(32)).astype(np.uint32)], 1)
    P = (H[:, 0].astype(np.uint32) | (H[:, 1].astype(np.uint32) << 16))
    p2 = P ^ np.uint32(0xFFFF0000)
    Q = np.stack([(p2 & 0xFFFF).astype(np.uint16), (p2 >> 16).astype(np.uint16)], 1)
    return ({"A": A, "H": H, "W": np.zeros(N, np.uint64), "U": np.zeros_like(U),
             "P": np.zeros(N, np.uint32), "Q": np.zeros_like(Q)},
            {"W": W, "U": U, "P": P.astype(np.uint32), "Q": Q})
