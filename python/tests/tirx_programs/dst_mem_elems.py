"""PTX destinations that are elements of shared and global tensors
(TIRx passes `S_ptr[i]` / `O_ptr[i]` as "=r" outputs): popc.b32 into a global
element, shfl.sync.bfly into a shared element, ld.global.v2.u32 into two
shared elements, cvt.rn.f16.f32 into a global f16 element."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def k(A: T.Tensor((32,), "uint32"), X: T.Tensor((32,), "float32"), O: T.Tensor((32, 4), "uint32"),
      H: T.Tensor((32,), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    S = T.alloc_shared((32, 4), "uint32")
    T.ptx.popc.b32(O[lane, 0], A[lane])
    T.ptx.shfl_sync.bfly.b32(S[lane, 1], A[lane], T.uint32(1), T.uint32(0x1F), T.uint32(0xFFFFFFFF))
    T.ptx.ld.global_.v2.u32(S[lane, 2], S[lane, 3], A.ptr_to([(lane // 2) * 2]))
    T.ptx.cvt.rn.f16.f32(H[lane], X[lane])
    T.cuda.cta_sync()
    O[lane, 1] = S[lane, 1]
    O[lane, 2] = S[lane, 2]
    O[lane, 3] = S[lane, 3]


def main():
    rng = np.random.default_rng(9)
    A = rng.integers(0, 2**32, 32, dtype=np.uint64).astype(np.uint32)
    X = rng.standard_normal(32).astype(np.float32)
    O = np.zeros((32, 4), np.uint32)
    O[:, 0] = [bin(int(a)).count("1") for a in A]
    O[:, 1] = A[np.arange(32) ^ 1]
    O[:, 2] = A[(np.arange(32) // 2) * 2]
    O[:, 3] = A[(np.arange(32) // 2) * 2 + 1]
    return {"A": A, "X": X, "O": np.zeros_like(O), "H": np.zeros(32, np.float16)}, {"O": O, "H": X.astype(np.float16)}
