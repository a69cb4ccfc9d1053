"""Dynamic shared memory: LaunchConfig(dynamic_smem_bytes=...) with a
"shared.dyn" T.alloc_shared buffer, used for a block reversal."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def dsm(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=128, dynamic_smem_bytes=512))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    s = T.alloc_shared((128,), "float32", scope="shared.dyn")
    s[t] = A[b * 128 + t]
    T.cuda.cta_sync()
    B[b * 128 + t] = s[127 - t]


def main():
    A = np.arange(256, dtype=np.float32) * 0.5
    B = np.concatenate([A[:128][::-1], A[128:][::-1]])
    return {"A": A, "B": np.zeros(256, np.float32)}, {"B": B}
