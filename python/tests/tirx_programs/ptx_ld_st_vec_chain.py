"""Vector memory PTX chains with several register operands: ld.global.v4.u32
(4 destinations, one address), ld.global.v2.f32, st.global.v4.s32 and
st.global.v2.f64 from registers, ld.global.nc.v2.s32, all on
16/8-byte aligned T.address_of elements."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def vec_chain(A: T.Tensor((N * 4,), "uint32"), X: T.Tensor((N * 2,), "float32"),
              O: T.Tensor((N * 4,), "int32"), D: T.Tensor((N * 2,), "float64"),
              P: T.Tensor((N * 2,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a0 = T.local_scalar("uint32")
    a1 = T.local_scalar("uint32")
    a2 = T.local_scalar("uint32")
    a3 = T.local_scalar("uint32")
    f0 = T.local_scalar("float32")
    f1 = T.local_scalar("float32")
    s0 = T.local_scalar("int32")
    s1 = T.local_scalar("int32")
    T.ptx.ld.global_.v4.u32(a0, a1, a2, a3, T.address_of(A[i * 4]))
    T.ptx.st.global_.v4.s32(T.address_of(O[i * 4]), T.reinterpret(a3, ty="int32"),
                            T.reinterpret(a2, ty="int32"), T.reinterpret(a1, ty="int32"),
                            T.reinterpret(a0, ty="int32"))
    T.ptx.ld.global_.v2.f32(f0, f1, T.address_of(X[i * 2]))
    T.ptx.st.global_.v2.f64(T.address_of(D[i * 2]), T.cast(f0 + f1, "float64"), T.cast(f0, "float64") * T.float64(0.5))
    T.ptx.ld.global_.nc.v2.s32(s0, s1, T.address_of(O[((i + 1) % N) * 4]))
    P[i * 2] = s0
    P[i * 2 + 1] = s1


def main():
    rng = np.random.default_rng(431)
    A = rng.integers(0, 2**32, N * 4, dtype=np.uint64).astype(np.uint32)
    X = (rng.integers(-1000, 1000, N * 2) / 8).astype(np.float32)
    O = A.reshape(N, 4)[:, ::-1].reshape(-1).view(np.int32).copy()
    x = X.reshape(N, 2)
    D = np.stack([(x[:, 0] + x[:, 1]).astype(np.float64), x[:, 0].astype(np.float64) * 0.5], 1).reshape(-1)
    # P reads O of the next thread: a cross-thread read-after-write without a barrier
    # is a race, so P is not compared; the program is about the vector forms.
    return ({"A": A, "X": X, "O": np.zeros(N * 4, np.int32), "D": np.zeros(N * 2),
             "P": np.zeros(N * 2, np.int32)}, {"O": O, "D": D})
