"""// and % (floor semantics) and T.truncdiv / T.truncmod on int8 and int16
tensor values with negative operands, stored back narrow."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def nid(A: T.Tensor((32,), "int8"), B: T.Tensor((32,), "int8"), H: T.Tensor((32,), "int16"),
        O8: T.Tensor((32, 2), "int8"), O16: T.Tensor((32, 4), "int16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    O8[i, 0] = A[i] // B[i]
    O8[i, 1] = A[i] % B[i]
    O16[i, 0] = H[i] // T.int16(-7)
    O16[i, 1] = H[i] % T.int16(-7)
    O16[i, 2] = T.truncdiv(H[i], T.int16(9))
    O16[i, 3] = T.truncmod(H[i], T.int16(9))


def main():
    rng = np.random.default_rng(24)
    A = rng.integers(-127, 128, 32).astype(np.int8)
    B = (rng.integers(1, 12, 32) * rng.choice([-1, 1], 32)).astype(np.int8)
    H = rng.integers(-32000, 32000, 32).astype(np.int16)
    O8 = np.stack([A.astype(int) // B, A.astype(int) % B], 1).astype(np.int8)
    h = H.astype(int)
    O16 = np.stack([h // -7, h % -7, np.fix(h / 9).astype(int), h - np.fix(h / 9).astype(int) * 9], 1).astype(np.int16)
    return ({"A": A, "B": B, "H": H, "O8": np.zeros((32, 2), np.int8), "O16": np.zeros((32, 4), np.int16)},
            {"O8": O8, "O16": O16})
