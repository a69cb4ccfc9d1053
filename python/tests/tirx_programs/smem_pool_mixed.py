"""TIRx's SMEMPool over the dynamic shared memory: tensors of four dtypes
at bump-allocated byte offsets (one not 16-byte aligned, one after
move_base_to), written by some threads and read back by others."""
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.cuda.lang import SMEMPool
import numpy as np


@T.function
def pool_mixed(A: T.Tensor((64,), "float32"), H: T.Tensor((64,), "float16"),
               I: T.Tensor((64,), "int8"), D: T.Tensor((64,), "float64"),
               B: T.Tensor((64,), "float32"), C: T.Tensor((64,), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    t = T.cuda.thread_idx("x")
    pool = SMEMPool()
    As = pool.alloc((3,), "float32")
    Hs = pool.alloc((64,), "float16")
    Is = pool.alloc((64,), "int8")
    Ds = pool.alloc((64,), "float64", align=8)
    pool.move_base_to(1024)
    Fs = pool.alloc((8, 8), "float32", align=16)
    pool.commit()
    if t < 3:
        As[t] = A[t]
    Hs[t] = H[t]
    Is[t] = I[t]
    Ds[t] = D[t]
    Fs[t // 8, t % 8] = A[t] * T.float32(2)
    T.cuda.cta_sync()
    B[t] = As[t % 3] + T.float32(Hs[63 - t]) + T.float32(Is[(t + 5) % 64]) + Fs[t % 8, t // 8]
    C[t] = Ds[63 - t] + T.float64(As[(t + 1) % 3])


def main():
    A = (np.arange(64, dtype=np.float32) - 20) * np.float32(0.375)
    H = (np.arange(64) * 3 - 90).astype(np.float16) * np.float16(0.25)
    I = (np.arange(64) * 7 - 128).astype(np.int8)
    D = np.arange(64, dtype=np.float64) / 7 - 3
    t = np.arange(64)
    F = (A * np.float32(2)).reshape(8, 8)
    B = ((A[t % 3] + H[63 - t].astype(np.float32)) + I[(t + 5) % 64].astype(np.float32)) + F[t % 8, t // 8]
    C = D[63 - t] + A[(t + 1) % 3].astype(np.float64)
    z32, z64 = np.zeros(64, np.float32), np.zeros(64, np.float64)
    return {"A": A, "H": H, "I": I, "D": D, "B": z32, "C": z64}, {"B": B.astype(np.float32), "C": C}
