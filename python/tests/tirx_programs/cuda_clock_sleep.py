"""T.cuda.clock64 before and after T.cuda.nano_sleep (elapsed > 0),
T.cuda.thread_rank, and T.cuda.mov_sreg of %lanemask_lt (deterministic)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def clocks(O: T.Tensor((N,), "int32"), R: T.Tensor((N,), "int32"),
           M: T.Tensor((N,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    t0 = T.cuda.clock64()
    T.cuda.nano_sleep(T.uint64(100))
    t1 = T.cuda.clock64()
    O[i] = T.cast(t1 > t0, "int32")
    R[i] = T.cuda.thread_rank()
    M[i] = T.cuda.mov_sreg(32, "lanemask_lt")


def main():
    lane = np.arange(N) % 32
    return ({"O": np.zeros(N, np.int32), "R": np.zeros(N, np.int32), "M": np.zeros(N, np.uint32)},
            {"O": np.ones(N, np.int32), "R": np.arange(N, dtype=np.int32),
             "M": ((1 << lane) - 1).astype(np.uint32)})
