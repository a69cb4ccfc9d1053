"""Type punning through shared memory views: float32 values stored into a
float32 shared tensor are read back through a bfloat16 T.decl_tensor view
of the same .data (little-endian: element 2i+1 is the high half = the
truncated bfloat16) and through a uint16 view at a byte offset of 2 with
T.ptr_byte_offset (PtrType("uint16", "shared"))."""
from tvm_tirx.script import tirx as T
from tvm_tirx.ir import PtrType
import numpy as np

N = 64


@T.function
def pun(A: T.Tensor((N,), "float32"), Hi: T.Tensor((N,), "bfloat16"), U: T.Tensor((N,), "uint16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    buf = T.alloc_shared((N,), "float32")
    hv = T.decl_tensor(buf.data, ty_args=[T.Tensor((2 * N,), "bfloat16", scope="shared")])
    uv = T.decl_tensor(T.ptr_byte_offset(buf.data, 2, ty=PtrType("uint16", "shared")),
                       ty_args=[T.Tensor((2 * N - 1,), "uint16", scope="shared")])
    buf[t] = A[t] * T.float32(3)
    T.cuda.cta_sync()
    Hi[t] = hv[2 * ((t + 1) % N) + 1]
    U[t] = uv[2 * t]


def main():
    import ml_dtypes
    A = (np.random.default_rng(8).standard_normal(N) * 100).astype(np.float32)
    w = (A * np.float32(3)).view(np.uint32)
    hi = (w >> 16).astype(np.uint16)
    Hi = np.roll(hi, -1).view(ml_dtypes.bfloat16)
    return {"A": A, "Hi": np.zeros(N, ml_dtypes.bfloat16), "U": np.zeros(N, np.uint16)}, {"Hi": Hi, "U": hi.copy()}
