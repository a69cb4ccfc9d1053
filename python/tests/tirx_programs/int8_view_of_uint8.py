"""decl_tensor of int8 over uint8 global data read as int8 (static offset)"""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def k(B: T.Tensor((64,), "uint8"), Y: T.Tensor((32,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    t = T.cuda.thread_idx("x")
    q = T.decl_tensor(B.data, ty_args=[T.Tensor((64,), "int8")])
    Y[t] = T.cast(q[t + 4], "float32")


def main():
    b = np.arange(64, dtype=np.uint8) * 5
    return {"B": b, "Y": np.zeros(32, np.float32)}, {"Y": b[4:36].view(np.int8).astype(np.float32)}
