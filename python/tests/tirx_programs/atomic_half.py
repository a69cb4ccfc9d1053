"""T.cuda.atomic_add on float16 elements (atom.add.noftz.f16): each
thread adds to its own element, so the bits do not depend on the order of
threads; the sums include a tie and subnormals, which .noftz keeps."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def half_add(H: T.Tensor((64,), "float16"), X: T.Tensor((64,), "float16"),
             O: T.Tensor((64,), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    tx = T.cuda.thread_idx("x")
    O[tx] = T.cuda.atomic_add(T.address_of(H[tx]), X[tx])


def main():
    rng = np.random.default_rng(21)
    H = rng.standard_normal(64).astype(np.float16)
    X = rng.standard_normal(64).astype(np.float16)
    H[0], X[0] = np.float16(1.0), np.float16(2.0 ** -11)  # A tie.
    H[1], X[1] = np.float16(6e-8), np.float16(6e-8)  # Subnormals.
    H[2], X[2] = np.float16(6.1e-5), np.float16(-6e-8)
    want = (H.astype(np.float32) + X.astype(np.float32)).astype(np.float16)
    return ({"H": H.copy(), "X": X, "O": np.zeros(64, np.float16)},
            {"H": want, "O": H})
