"""A half2 dot product written with TIRx vector types: a `float16x2` local
accumulator carried through a loop of Ramp loads (A[T.Ramp(2k, 1, 2)]),
lane-wise fused math on vectors, a Broadcast, then the two lanes reduced;
also a float32x4 vector local scalar for a 4-wide sum."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32
K = 8


@T.function
def half2_vec_accum(A: T.Tensor((N, 2 * K), "float16"), B: T.Tensor((N, 2 * K), "float16"),
                    F: T.Tensor((N, 16), "float32"),
                    O: T.Tensor((N,), "float32"), V: T.Tensor((N, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    acc = T.local_scalar("float16x2")
    acc = T.Broadcast(T.float16(0), 2)
    for k in T.serial(K):
        acc = acc + A[t, T.Ramp(2 * k, 1, 2)] * B[t, T.Ramp(2 * k, 1, 2)]
    tmp = T.alloc_local((2,), "float16")
    tmp[T.Ramp(0, 1, 2)] = acc
    O[t] = T.cast(tmp[0], "float32") + T.cast(tmp[1], "float32")
    v = T.local_scalar("float32x4")
    v = T.Broadcast(T.float32(0), 4)
    for k in T.serial(4):
        v = v + F[t, T.Ramp(4 * k, 1, 4)]
    V[t, T.Ramp(0, 1, 4)] = v


def main():
    rng = np.random.default_rng(9008)
    A = (rng.integers(-8, 8, (N, 2 * K)) / 4).astype(np.float16)
    B = (rng.integers(-8, 8, (N, 2 * K)) / 4).astype(np.float16)
    F = rng.integers(-100, 100, (N, 16)).astype(np.float32)
    prod = (A.astype(np.float32) * B.astype(np.float32))  # exact in f16 (small quarters)
    even = prod[:, 0::2].sum(1)
    odd = prod[:, 1::2].sum(1)
    O = (even + odd).astype(np.float32)
    V = F.reshape(N, 4, 4).sum(1).astype(np.float32)
    return {"A": A, "B": B, "F": F, "O": np.zeros(N, np.float32), "V": np.zeros((N, 4), np.float32)}, {"O": O, "V": V}
