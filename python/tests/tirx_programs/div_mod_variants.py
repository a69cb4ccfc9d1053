"""int32 division flavours: `//` and `%` (floor), T.floordiv/T.floormod,
T.truncdiv/T.truncmod (C), T.ceildiv, with negative dividends and
divisors, and a constant power-of-two divisor on negative values.
TIRx prints T.ceildiv(a, b) as floordiv(a + b - 1, b), which is the
ceiling only for b > 0; the expected CD follows TIRx's C."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def divs(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32"),
         FD: T.Tensor((N,), "int32"), FM: T.Tensor((N,), "int32"),
         TD: T.Tensor((N,), "int32"), TM: T.Tensor((N,), "int32"),
         CD: T.Tensor((N,), "int32"), P2: T.Tensor((N,), "int32"),
         F2: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a = A[i]
    b = B[i]
    FD[i] = a // b
    FM[i] = a % b
    TD[i] = T.truncdiv(a, b)
    TM[i] = T.truncmod(a, b)
    CD[i] = T.ceildiv(a, b)
    P2[i] = a // 8 + a % 8
    F2[i] = T.floordiv(a, -4) * 10 + T.floormod(a, -4)


def main():
    rng = np.random.default_rng(404)
    A = rng.integers(-1000, 1000, N).astype(np.int32)
    B = rng.integers(-20, 20, N).astype(np.int32)
    B[B == 0] = 3
    A[:4] = [-7, 7, -8, 0]
    B[:4] = [2, -2, -8, -5]
    a = A.astype(np.int64); b = B.astype(np.int64)
    td = np.trunc(a / b).astype(np.int64)
    outs = {"FD": a // b, "FM": a % b, "TD": td, "TM": a - td * b,
            "CD": (a + b - 1) // b, "P2": a // 8 + a % 8,
            "F2": (a // -4) * 10 + a % -4}
    outs = {k: v.astype(np.int32) for k, v in outs.items()}
    ins = {"A": A, "B": B}
    ins.update({k: np.zeros_like(v) for k, v in outs.items()})
    return ins, outs
