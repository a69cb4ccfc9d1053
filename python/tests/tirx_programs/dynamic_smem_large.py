"""A 64 KiB "shared.dyn" buffer (above the 48 KiB of static shared
memory), with LaunchConfig(dynamic_smem_bytes=...) asking for 80 KiB: each
of 256 threads fills 64 elements, and after a block barrier reads another
thread's, viewed through T.decl_tensor as a 2-D tile."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 16384


@T.function
def big(A: T.Tensor((N,), "float32"), B: T.Tensor((N,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=256,
                                              dynamic_smem_bytes=81920))
    t = T.cuda.thread_idx("x")
    s = T.alloc_shared((N,), "float32", scope="shared.dyn")
    for k in T.serial(64):
        s[t * 64 + k] = A[t * 64 + k] * T.float32(2.0)
    T.cuda.cta_sync()
    v = T.decl_tensor(s.data, ty_args=[T.Tensor((256, 64), "float32", scope="shared.dyn")])
    for k in T.serial(64):
        B[t * 64 + k] = v[255 - t, k] + T.float32(1.0)


def main():
    A = (np.arange(N, dtype=np.float32) * 0.25).astype(np.float32)
    B = (A.reshape(256, 64)[::-1].reshape(-1) * 2 + 1).astype(np.float32)
    return {"A": A, "B": np.zeros(N, np.float32)}, {"B": B}
