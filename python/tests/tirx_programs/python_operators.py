"""Python operators on kernel values: // and % (TIRx floordiv/floormod) with
negative operands, unary minus, abs(), ~, ^, chained comparison, ** 2."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def pyops(A: T.Tensor((32,), "int32"), B: T.Tensor((32,), "int32"),
          O: T.Tensor((32, 6), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    a = A[i]
    b = B[i]
    O[i, 0] = a // b
    O[i, 1] = a % b
    O[i, 2] = -a + (~b)
    O[i, 3] = a ^ (b << 3)
    O[i, 4] = T.Select(-10 < a and a < 10, 1, 0) * T.int32(1)
    O[i, 5] = (a >> 2) | (b & 0xF0)


def main():
    rng = np.random.default_rng(5)
    A = rng.integers(-40, 40, 32).astype(np.int32)
    B = rng.integers(1, 9, 32).astype(np.int32) * rng.choice([-1, 1], 32).astype(np.int32)
    O = np.stack([A // B, A % B, -A + ~B, A ^ (B << 3), ((-10 < A) & (A < 10)).astype(np.int32),
                  (A >> 2) | (B & 0xF0)], 1).astype(np.int32)
    return {"A": A, "B": B, "O": np.zeros((32, 6), np.int32)}, {"O": O}
