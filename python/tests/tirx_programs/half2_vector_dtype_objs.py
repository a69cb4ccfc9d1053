"""half2 arithmetic through vector dtype objects: uint32 words
reinterpreted with ty=T.float16x2 (TIRx: half2 a = *(half2*)&v), a lane-wise
product and a lane-wise sum of the two vectors (separate outputs: no
contraction question), reinterpreted back with ty=T.uint32."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def h2v(U: T.Tensor((N,), "uint32"), V: T.Tensor((N,), "uint32"), P: T.Tensor((N,), "uint32"), S: T.Tensor((N,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a = T.reinterpret(U[i], ty=T.float16x2)
    b = T.reinterpret(V[i], ty=T.float16x2)
    P[i] = T.reinterpret(a * b, ty=T.uint32)
    S[i] = T.reinterpret(a + b, ty=T.uint32)


def main():
    rng = np.random.default_rng(1134)
    a = (rng.standard_normal(2 * N) * 4).astype(np.float16)
    b = (rng.standard_normal(2 * N) * 4).astype(np.float16)
    U = a.view(np.uint32); V = b.view(np.uint32)
    # f16 x f16 is exact in f32; one rounding to f16 (RN) either way
    P = (a.astype(np.float32) * b.astype(np.float32)).astype(np.float16).view(np.uint32)
    S = (a.astype(np.float32) + b.astype(np.float32)).astype(np.float16).view(np.uint32)
    return {"U": U, "V": V, "P": np.zeros(N, np.uint32), "S": np.zeros(N, np.uint32)}, {"P": P, "S": S}
