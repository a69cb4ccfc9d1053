"""Minimal: ld.shared.v4.b32 (and st.global.v4.b32) through the address of a
bf16 element: TIRx passes the raw address and moves 16 bytes."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes


@T.function
def k(X: T.Tensor((32, 8), "bfloat16"), O: T.Tensor((32, 4), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    S = T.alloc_shared((32, 8), "bfloat16", align=16)
    for j in T.unroll(8):
        S[lane, j] = X[lane, j]
    T.cuda.cta_sync()
    v = T.alloc_local((4,), "uint32")
    T.ptx.ld.shared.v4.b32(v[0], v[1], v[2], v[3],
                           T.cuda.cvta_generic_to_shared(S.ptr_to([(lane + 1) % 32, 0])))
    for j in T.unroll(4):
        O[lane, j] = v[j]


def main():
    X = np.random.default_rng(5).standard_normal((32, 8)).astype(ml_dtypes.bfloat16)
    O = np.roll(X.view(np.uint16), -1, axis=0).copy().view(np.uint32)
    return {"X": X, "O": np.zeros((32, 4), np.uint32)}, {"O": O}
