"""T.assume_aligned on both tensors (a compiler fact: TIRx prints nothing for
it), then float4 loads and stores through T.Ramp indices."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def k(A: T.Tensor((64,), "float32"), B: T.Tensor((64,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=16))
    T.assume_aligned(A, 16)
    T.assume_aligned(B, 16)
    i = T.cuda.thread_idx("x")
    v = A[T.Ramp(i * 4, 1, 4)]
    B[T.Ramp(i * 4, 1, 4)] = v * T.Broadcast(T.float32(2), 4)


def main():
    A = np.arange(64, dtype=np.float32)
    return {"A": A, "B": np.zeros(64, np.float32)}, {"B": A * 2}
