"""A T.local_scalar is ordinary storage in TIRx: after a plain assignment
(u = expr, a store into it) it can still be the destination register of a
T.ptx chain (ld.global.u32, add.u32, sub.u32), and an assignment between
two PTX writes reads the latest value."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def assign_dst(A: T.Tensor((N,), "uint32"), O: T.Tensor((N, 3), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    v = T.local_scalar("uint32")
    u = T.uint32(7)
    T.ptx.ld.global_.u32(u, T.address_of(A[i]))
    O[i, 0] = u
    v = A[i] + T.uint32(1)
    T.ptx.add.u32(v, v, T.uint32(0xFFFFFFFF))
    O[i, 1] = v
    T.ptx.ld.global_.u32(u, T.address_of(A[(i + 1) % N]))
    u = u * T.uint32(3)
    T.ptx.sub.u32(u, u, T.uint32(1))
    O[i, 2] = u


def main():
    A = np.random.default_rng(501).integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    O = np.stack([A, A, (np.roll(A, -1).astype(np.uint64) * 3 - 1).astype(np.uint32)], 1).astype(np.uint32)
    return {"A": A, "O": np.zeros_like(O)}, {"O": O}
