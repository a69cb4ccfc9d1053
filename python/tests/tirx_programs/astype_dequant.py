"""A group-wise int4 dequantization written with TVM's expression method
spelling, x.astype(dtype), instead of T.cast: nibbles of packed uint32
words widened with .astype("int32"), centered, scaled by a float16 group
scale (.astype("float32")), and stored as float16 (.astype("float16"))."""
from tvm_tirx.script import tirx as T
import numpy as np

N, G = 64, 16  # 64 words of 8 nibbles; a scale per 16 nibbles


@T.function
def dq(W: T.Tensor((N,), "uint32"), S: T.Tensor((N * 8 // G,), "float16"), Y: T.Tensor((N * 8,), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    w = W[i]
    for k in T.unroll(8):
        q = ((w >> T.uint32(4 * k)) & T.uint32(15)).astype("int32") - 8
        e = i * 8 + k
        Y[e] = (q.astype("float32") * S[e // G].astype("float32")).astype("float16")


def main():
    rng = np.random.default_rng(1133)
    W = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    S = (rng.integers(1, 64, N * 8 // G) / 32).astype(np.float16)
    q = ((W[:, None] >> (4 * np.arange(8, dtype=np.uint32))) & 15).astype(np.int32).reshape(-1) - 8
    Y = (q.astype(np.float32) * S[np.arange(N * 8) // G].astype(np.float32)).astype(np.float16)
    return {"W": W, "S": S, "Y": np.zeros(N * 8, np.float16)}, {"Y": Y}
