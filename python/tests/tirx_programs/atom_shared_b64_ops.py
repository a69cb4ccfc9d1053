"""64-bit atomics on shared memory, each thread on its own slots so returned old values
are deterministic: atom.shared.add.u64, exch.b64, cas.b64, min.s64, max.u64,
and/or/xor.b64, plus atom.shared.inc.u32 / dec.u32 and atom.shared.cas.b16."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def atom_shared_b64_ops(A: T.Tensor((N, 8), "uint64"), V: T.Tensor((N,), "uint64"),
                        U: T.Tensor((N, 3), "uint32"), Old: T.Tensor((N, 8), "uint64"),
                        OldU: T.Tensor((N, 3), "uint32"), Fin: T.Tensor((N, 8), "uint64"),
                        FinU: T.Tensor((N, 3), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    S = T.alloc_shared((N, 8), "uint64")
    SU = T.alloc_shared((N, 3), "uint32")
    SH = T.alloc_shared((N, 2), "uint16")
    for j in T.unroll(8):
        S[i, j] = A[i, j]
    for j in T.unroll(2):
        SU[i, j] = U[i, j]
    SH[i, 0] = T.cast(U[i, 2] & T.uint32(0xFFFF), "uint16")
    T.cuda.cta_sync()
    w = T.local_scalar("uint64")
    sw = T.local_scalar("int64")
    u = T.local_scalar("uint32")
    h = T.local_scalar("uint16")
    v = V[i]
    T.ptx.atom.shared.add.u64(w, T.address_of(S[i, 0]), v)
    Old[i, 0] = w
    T.ptx.atom.shared.exch.b64(w, T.address_of(S[i, 1]), v)
    Old[i, 1] = w
    T.ptx.atom.shared.cas.b64(w, T.address_of(S[i, 2]), v & T.uint64(1), v)
    Old[i, 2] = w
    T.ptx.atom.shared.min.s64(sw, T.address_of(S[i, 3]), T.reinterpret(v, ty="int64"))
    Old[i, 3] = T.reinterpret(sw, ty="uint64")
    T.ptx.atom.shared.max.u64(w, T.address_of(S[i, 4]), v)
    Old[i, 4] = w
    T.ptx.atom.shared.and_.b64(w, T.address_of(S[i, 5]), v)
    Old[i, 5] = w
    T.ptx.atom.shared.or_.b64(w, T.address_of(S[i, 6]), v)
    Old[i, 6] = w
    T.ptx.atom.shared.xor.b64(w, T.address_of(S[i, 7]), v)
    Old[i, 7] = w
    T.ptx.atom.shared.inc.u32(u, T.address_of(SU[i, 0]), T.uint32(5))
    OldU[i, 0] = u
    T.ptx.atom.shared.dec.u32(u, T.address_of(SU[i, 1]), T.uint32(5))
    OldU[i, 1] = u
    T.ptx.atom.shared.cas.b16(h, T.address_of(SH[i, 0]), T.uint16(7), T.uint16(0xABCD))
    OldU[i, 2] = T.cast(h, "uint32")
    T.cuda.cta_sync()
    for j in T.unroll(8):
        Fin[i, j] = S[i, j]
    for j in T.unroll(2):
        FinU[i, j] = SU[i, j]
    FinU[i, 2] = T.cast(SH[i, 0], "uint32")


def main():
    rng = np.random.default_rng(621)
    A = rng.integers(0, 2**64, (N, 8), dtype=np.uint64)
    A[:, 2] = rng.integers(0, 2, N).astype(np.uint64)
    V = rng.integers(0, 2**64, N, dtype=np.uint64)
    U = np.zeros((N, 3), np.uint32)
    U[:, 0] = rng.integers(0, 8, N)
    U[:, 1] = rng.integers(0, 8, N)
    U[:, 2] = rng.choice([7, 8, 0x10007], N)
    new = A.copy()
    s = lambda x: x.view(np.int64)
    new[:, 0] = A[:, 0] + V
    new[:, 1] = V
    new[:, 2] = np.where(A[:, 2] == (V & np.uint64(1)), V, A[:, 2])
    new[:, 3] = np.minimum(s(A[:, 3].copy()), s(V.copy())).view(np.uint64)
    new[:, 4] = np.maximum(A[:, 4], V)
    new[:, 5] = A[:, 5] & V
    new[:, 6] = A[:, 6] | V
    new[:, 7] = A[:, 7] ^ V
    oldu = U.copy()
    oldu[:, 2] = U[:, 2] & 0xFFFF
    finu = U.copy()
    finu[:, 0] = np.where(U[:, 0] >= 5, 0, U[:, 0] + 1)
    finu[:, 1] = np.where((U[:, 1] == 0) | (U[:, 1] > 5), 5, U[:, 1] - 1)
    finu[:, 2] = np.where((U[:, 2] & 0xFFFF) == 7, 0xABCD, U[:, 2] & 0xFFFF)
    return ({"A": A, "V": V, "U": U, "Old": np.zeros_like(A), "OldU": np.zeros_like(U),
             "Fin": np.zeros_like(A), "FinU": np.zeros_like(U)},
            {"Old": A.copy(), "OldU": oldu, "Fin": new, "FinU": finu.astype(np.uint32)})
