"""An epilogue written with TIRx vector values, as vectorized kernels do: a
float4 row chunk plus a float4 bias (T.Ramp loads), ReLU as T.max against a
T.Broadcast zero, the result converted to half4 by T.cast(v, "float16x4") and
stored with one Ramp store; a leaky variant by T.Select on a lane-wise
comparison; the first half2 of each output reinterpreted as its uint32 bits."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32
C = 16


@T.function
def vec4_bias_relu_half(X: T.Tensor((N, C), "float32"), Bias: T.Tensor((C,), "float32"),
                        Y: T.Tensor((N, C), "float16"), L: T.Tensor((N, C), "float32"),
                        P: T.Tensor((N, C // 4), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    for j in T.unroll(C // 4):
        v = X[t, T.Ramp(4 * j, 1, 4)] + Bias[T.Ramp(4 * j, 1, 4)]
        r = T.max(v, T.Broadcast(T.float32(0), 4))
        h = T.cast(r, "float16x4")
        Y[t, T.Ramp(4 * j, 1, 4)] = h
        L[t, T.Ramp(4 * j, 1, 4)] = T.Select(v > T.Broadcast(T.float32(0), 4), v,
                                             v * T.Broadcast(T.float32(0.125), 4))
        P[t, j] = T.reinterpret(Y[t, T.Ramp(4 * j, 1, 2)], ty="uint32")


def main():
    rng = np.random.default_rng(1012)
    X = (rng.standard_normal((N, C)) * 8).astype(np.float32)
    Bias = (rng.standard_normal(C) * 2).astype(np.float32)
    # fast math: add.rn.ftz (no subnormals arise here), exact otherwise
    v = (X + Bias).astype(np.float32)
    Y = np.maximum(v, np.float32(0)).astype(np.float16)
    L = np.where(v > 0, v, v * np.float32(0.125)).astype(np.float32)
    P = np.ascontiguousarray(Y).view(np.uint32).reshape(N, C // 2)[:, 0::2].copy()
    return ({"X": X, "Bias": Bias, "Y": np.zeros_like(Y), "L": np.zeros_like(L), "P": np.zeros_like(P)},
            {"Y": Y, "L": L, "P": P})
