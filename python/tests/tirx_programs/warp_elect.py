"""T.cuda.elect_sync(): one elected lane per warp writes the warp's flag."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def elect(B: T.Tensor((4,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    warp = T.cuda.warp_id()
    if T.cuda.elect_sync():
        B[warp] = warp + 10


def main():
    return {"B": np.zeros(4, np.int32)}, {"B": np.arange(10, 14, dtype=np.int32)}
