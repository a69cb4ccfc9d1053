"""PTX atom.global chains other than add: exch, min/max (s32, u32), and/or/xor
(b32), inc/dec (u32, with wrap bound) and cas (b32), each on the thread's own
slot so the returned old values are deterministic."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def atom_ops(A: T.Tensor((N, 8), "uint32"), V: T.Tensor((N,), "uint32"),
             Old: T.Tensor((N, 8), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    v = V[i]
    T.ptx.atom.global_.exch.b32(u, T.address_of(A[i, 0]), v)
    Old[i, 0] = u
    T.ptx.atom.global_.min.u32(u, T.address_of(A[i, 1]), v)
    Old[i, 1] = u
    T.ptx.atom.global_.max.s32(s, T.address_of(A[i, 2]), T.reinterpret(v, ty="int32"))
    Old[i, 2] = T.reinterpret(s, ty="uint32")
    T.ptx.atom.global_.and_.b32(u, T.address_of(A[i, 3]), v)
    Old[i, 3] = u
    T.ptx.atom.global_.or_.b32(u, T.address_of(A[i, 4]), v)
    Old[i, 4] = u
    T.ptx.atom.global_.xor.b32(u, T.address_of(A[i, 5]), v)
    Old[i, 5] = u
    T.ptx.atom.global_.inc.u32(u, T.address_of(A[i, 6]), T.uint32(10))
    Old[i, 6] = u
    T.ptx.atom.global_.cas.b32(u, T.address_of(A[i, 7]), v & T.uint32(3), v)
    Old[i, 7] = u


def main():
    rng = np.random.default_rng(401)
    A = rng.integers(0, 2**32, (N, 8), dtype=np.uint64).astype(np.uint32)
    A[:, 6] = rng.integers(0, 12, N).astype(np.uint32)
    A[:, 7] = rng.integers(0, 4, N).astype(np.uint32)
    V = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    V[:4] = A[:4, 7] | (V[:4] & ~np.uint32(3))  # some CAS succeed
    old = A.copy()
    new = A.copy()
    s = lambda x: x.view(np.int32)
    new[:, 0] = V
    new[:, 1] = np.minimum(A[:, 1], V)
    new[:, 2] = np.maximum(s(A[:, 2].copy()), s(V.copy())).view(np.uint32)
    new[:, 3] = A[:, 3] & V
    new[:, 4] = A[:, 4] | V
    new[:, 5] = A[:, 5] ^ V
    new[:, 6] = np.where(A[:, 6] >= 10, 0, A[:, 6] + 1).astype(np.uint32)
    new[:, 7] = np.where(A[:, 7] == (V & 3), V, A[:, 7]).astype(np.uint32)
    return {"A": A.copy(), "V": V, "Old": np.zeros_like(A)}, {"A": new, "Old": old}
