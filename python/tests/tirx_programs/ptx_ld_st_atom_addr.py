"""Memory PTX chains on T.address_of pointers: ld.global.u32, ld.global.nc.f32
(__ldg), st.global.u32 with a lane predicate, atom.global.add.u32 returning
the old value, red.global.add.s32, atom.shared.max.s32 on a shared array."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def ptx_mem(A: T.Tensor((N,), "uint32"), X: T.Tensor((N,), "float32"),
            O: T.Tensor((N,), "uint32"), F: T.Tensor((N,), "float32"),
            Cnt: T.Tensor((2,), "uint32"), Red: T.Tensor((1,), "int32"),
            Old: T.Tensor((N,), "uint32"), Mx: T.Tensor((1,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    sm = T.alloc_shared((1,), "int32")
    u = T.local_scalar("uint32")
    f = T.local_scalar("float32")
    s = T.local_scalar("int32")
    if i == 0:
        sm[0] = T.int32(-1000)
    T.cuda.cta_sync()
    T.ptx.ld.global_.u32(u, T.address_of(A[i]))
    T.ptx.st.global_.u32(T.address_of(O[i]), u + T.uint32(1), pred=i % 2 == 0)
    T.ptx.ld.global_.nc.f32(f, T.address_of(X[i]))
    F[i] = f * T.float32(2)
    T.ptx.atom.global_.add.u32(u, T.address_of(Cnt[0]), T.uint32(1))
    Old[i] = T.uint32(0) if u >= T.uint32(0) else u
    T.ptx.red.global_.add.s32(T.address_of(Red[0]), T.cast(i, "int32"))
    T.ptx.atom.shared.max.s32(s, T.address_of(sm[0]), T.cast(A[i] % T.uint32(1000), "int32"))
    T.cuda.cta_sync()
    if i == 0:
        Mx[0] = sm[0]


def main():
    rng = np.random.default_rng(26)
    A = rng.integers(0, 2**31, N).astype(np.uint32)
    X = rng.standard_normal(N).astype(np.float32)
    O = np.where(np.arange(N) % 2 == 0, A + np.uint32(1), 0).astype(np.uint32)
    return ({"A": A, "X": X, "O": np.zeros(N, np.uint32), "F": np.zeros(N, np.float32),
             "Cnt": np.zeros(2, np.uint32), "Red": np.zeros(1, np.int32),
             "Old": np.zeros(N, np.uint32), "Mx": np.zeros(1, np.int32)},
            {"O": O, "F": X * np.float32(2), "Cnt": np.array([N, 0], np.uint32),
             "Red": np.array([N * (N - 1) // 2], np.int32),
             "Old": np.zeros(N, np.uint32),
             "Mx": np.array([int((A % 1000).max())], np.int32)})
