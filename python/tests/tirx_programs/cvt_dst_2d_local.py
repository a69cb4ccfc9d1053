"""A PTX instruction whose destination is an element of a 2-D local tensor."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def k(X: T.Tensor((32, 2), "float32"), O: T.Tensor((32,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    p = T.alloc_local((2, 2), "uint32")
    T.ptx.cvt.rn.f16x2.f32(p[1, 0], X[lane, 1], X[lane, 0])
    O[lane] = p[1, 0]


def main():
    X = np.random.default_rng(1).integers(-50, 50, (32, 2)).astype(np.float32)
    O = X.astype(np.float16).view(np.uint32).reshape(32)
    return {"X": X, "O": np.zeros(32, np.uint32)}, {"O": O}
