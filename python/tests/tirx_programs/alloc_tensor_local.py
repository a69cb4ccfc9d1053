"""T.alloc_tensor(ty_args=[T.Tensor(..., scope="local")]) and a shared one
(scope="shared"), the spelling that T.alloc_local / T.alloc_shared wrap:
a per-thread 4-element history and a CTA-wide staging buffer."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def at(A: T.Tensor((64,), "int32"), B: T.Tensor((64,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    t = T.cuda.thread_idx("x")
    h = T.alloc_tensor(ty_args=[T.Tensor((4,), "int32", scope="local")])
    s = T.alloc_tensor(ty_args=[T.Tensor((64,), "int32", scope="shared")])
    s[t] = A[t]
    T.cuda.cta_sync()
    for k in T.unroll(4):
        h[k] = s[(t + k) % 64] * (k + 1)
    B[t] = h[0] + h[1] + h[2] + h[3]


def main():
    A = np.random.default_rng(3).integers(-1000, 1000, 64).astype(np.int32)
    t = np.arange(64)
    B = sum(A[(t + k) % 64] * (k + 1) for k in range(4)).astype(np.int32)
    return {"A": A, "B": np.zeros(64, np.int32)}, {"B": B}
