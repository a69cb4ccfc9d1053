"""A kernel with a static shared buffer (laid out first) and an SMEMPool
tensor allocated with align=1024 in the dynamic shared memory: the
tensor's shared-window address is a multiple of 1024, as a 128-byte
swizzled TMA box or wgmma operand needs. Each thread writes its address
modulo 1024 (0) and a value read back through both buffers."""
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.cuda.lang import SMEMPool
import numpy as np


@T.function
def pool_align(A: T.Tensor((32,), "float32"), R: T.Tensor((32,), "uint32"),
               B: T.Tensor((32,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    t = T.cuda.thread_idx("x")
    small = T.alloc_shared((5,), "float32")
    pool = SMEMPool()
    pool.alloc((3,), "int8")
    S = pool.alloc((32,), "float32", align=1024)
    pool.commit()
    if t < 5:
        small[t] = A[t]
    S[t] = A[t] * T.float32(2)
    T.cuda.cta_sync()
    R[t] = T.cuda.cvta_generic_to_shared(S.ptr_to([0])) & T.uint32(1023)
    B[t] = S[31 - t] + small[t % 5]


def main():
    A = (np.arange(32, dtype=np.float32) - 9) / 4
    B = (A * 2)[::-1] + A[np.arange(32) % 5]
    return ({"A": A, "R": np.full(32, 7, np.uint32),
             "B": np.zeros(32, np.float32)},
            {"R": np.zeros(32, np.uint32), "B": B.astype(np.float32)})
