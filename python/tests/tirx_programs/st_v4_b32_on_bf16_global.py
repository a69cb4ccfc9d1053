"""Minimal: st.global.v4.b32 of four words to the address of a bf16 element
of a global tensor (16 bytes = 8 bf16)."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes


@T.function
def k(W: T.Tensor((32, 4), "uint32"), O: T.Tensor((32, 8), "bfloat16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    T.ptx.st.global_.v4.b32(O.ptr_to([lane, 0]), W[lane, 0], W[lane, 1], W[lane, 2], W[lane, 3])


def main():
    W = np.random.default_rng(6).integers(0, 2**32, (32, 4), dtype=np.uint64).astype(np.uint32)
    return {"W": W, "O": np.zeros((32, 8), ml_dtypes.bfloat16)}, {"O": W.copy().view(ml_dtypes.bfloat16)}
