"""bfloat16: float32 -> bfloat16 casts (round to nearest even), bfloat16
addition and multiplication (rounded to bfloat16), widened back to float32
for the outputs; the bfloat16 cast's bits are stored as uint16
(T.reinterpret), so no numpy bfloat16 type is needed to run it."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 128


@T.function
def bf16_ops(X: T.Tensor((N,), "float32"), Y: T.Tensor((N,), "float32"),
             C: T.Tensor((N,), "uint16"), S: T.Tensor((N,), "float32"),
             P: T.Tensor((N,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a = T.cast(X[i], "bfloat16")
    b = T.cast(Y[i], "bfloat16")
    C[i] = T.reinterpret(a, ty="uint16")
    S[i] = T.cast(a + b, "float32")
    P[i] = T.cast(a * b, "float32")


def to_bf16_bits(x):
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    r = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
    return r.astype(np.uint16)


def bf16_to_f32(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def main():
    rng = np.random.default_rng(202)
    X = rng.uniform(1, 4, N).astype(np.float32)
    Y = rng.uniform(-4, 4, N).astype(np.float32)
    Y[np.abs(Y) < 1] += 2  # |y| in [1, 4): an exact sum fits 24 bits
    X[:3] = [1.00390625, 1.01171875, 3.99609375]  # ties
    cb = to_bf16_bits(X)
    a = bf16_to_f32(cb).astype(np.float64)
    b = bf16_to_f32(to_bf16_bits(Y)).astype(np.float64)
    s = bf16_to_f32(to_bf16_bits((a + b).astype(np.float32)))
    p = bf16_to_f32(to_bf16_bits((a * b).astype(np.float32)))
    return ({"X": X, "Y": Y, "C": np.zeros(N, np.uint16),
             "S": np.zeros(N, np.float32), "P": np.zeros(N, np.float32)},
            {"C": cb, "S": s, "P": p})
