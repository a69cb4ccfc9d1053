"""Vector idioms: a float32x4 reversed with T.Shuffle([v], [3, 2, 1, 0])
(TIRx: make_float4(v.w, v.z, v.y, v.x)) and a lane mask from a Ramp
compared with a Broadcast (index < 10) selecting between Broadcasts."""
from tvm_tirx.script import tirx as T
import numpy as np
@T.function
def vshuf(A: T.Tensor((16,), "float32"), B: T.Tensor((16,), "float32"), M: T.Tensor((16,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=4))
    i = T.cuda.thread_idx("x")
    v = A[T.Ramp(i * 4, 1, 4)]
    B[T.Ramp(i * 4, 1, 4)] = T.Shuffle([v], [3, 2, 1, 0])
    M[T.Ramp(i * 4, 1, 4)] = T.Select(T.Ramp(i * 4, 1, 4) < T.Broadcast(10, 4), T.Broadcast(1, 4), T.Broadcast(0, 4))
def main():
    A = np.arange(16, dtype=np.float32) * 1.5 - 4
    B = A.reshape(4, 4)[:, ::-1].reshape(-1).copy()
    M = (np.arange(16) < 10).astype(np.int32)
    return {"A": A, "B": np.zeros(16, np.float32), "M": np.zeros(16, np.int32)}, {"B": B, "M": M}
