"""T.alloc_shared of float16 (2-D), int8 (3-D), uint64 and bool arrays:
written by one set of threads, read back transposed by others after
cta_sync."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def smem_types(H: T.Tensor((8, 16), "float16"), B: T.Tensor((2, 4, 16), "int8"),
               W: T.Tensor((64,), "uint64"),
               Ho: T.Tensor((16, 8), "float16"), Bo: T.Tensor((16, 4, 2), "int8"),
               Wo: T.Tensor((64,), "uint64"), Fo: T.Tensor((64,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    t = T.cuda.thread_idx("x")
    sh = T.alloc_shared((8, 16), "float16")
    sb = T.alloc_shared((2, 4, 16), "int8")
    sw = T.alloc_shared((64,), "uint64")
    sf = T.alloc_shared((64,), "bool")
    for k in T.unroll(2):
        sh[t // 16 + 4 * k, t % 16] = H[t // 16 + 4 * k, t % 16]
        sb[k, t // 16, t % 16] = B[k, t // 16, t % 16]
    sw[t] = W[t]
    sf[t] = W[t] % T.uint64(3) == T.uint64(0)
    T.cuda.cta_sync()
    for k in T.unroll(2):
        Ho[t % 16, t // 16 + 4 * k] = sh[t // 16 + 4 * k, t % 16] * T.float16(2)
        Bo[t % 16, t // 16, k] = sb[k, t // 16, t % 16] + T.int8(1)
    Wo[t] = sw[63 - t] + T.uint64(1)
    Fo[t] = T.cast(sf[63 - t], "int32")


def main():
    rng = np.random.default_rng(44)
    H = (rng.standard_normal((8, 16)) * 10).astype(np.float16)
    B = rng.integers(-128, 128, (2, 4, 16)).astype(np.int8)
    W = rng.integers(0, 2**63, 64, dtype=np.uint64) * np.uint64(2)
    return ({"H": H, "B": B, "W": W, "Ho": np.zeros((16, 8), np.float16),
             "Bo": np.zeros((16, 4, 2), np.int8), "Wo": np.zeros(64, np.uint64),
             "Fo": np.zeros(64, np.int32)},
            {"Ho": (H.T * np.float16(2)).astype(np.float16),
             "Bo": (B.transpose(2, 1, 0).astype(np.int16) + 1).astype(np.int8),
             "Wo": W[::-1] + np.uint64(1),
             "Fo": (W[::-1] % np.uint64(3) == 0).astype(np.int32)})
