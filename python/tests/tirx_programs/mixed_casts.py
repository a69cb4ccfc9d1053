"""Casts between widths and signedness: float32 -> int32 (truncation toward
zero), int32 -> float32 (rounding of large values), int64 -> int32 (low
bits), int8 -> uint16 (sign extension, then modulo), uint32 -> int32,
float32 -> uint8 (in range), uint16 -> float16, float16 -> int16, int32 ->
int8 (low byte), uint8 -> int32 (zero extension)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def casts(F: T.Tensor((N,), "float32"), I: T.Tensor((N,), "int32"),
          L: T.Tensor((N,), "int64"), B: T.Tensor((N,), "int8"),
          U: T.Tensor((N,), "uint32"), H: T.Tensor((N,), "float16"),
          W: T.Tensor((N,), "uint16"), C: T.Tensor((N,), "uint8"),
          O1: T.Tensor((N,), "int32"), O2: T.Tensor((N,), "float32"),
          O3: T.Tensor((N,), "int32"), O4: T.Tensor((N,), "uint16"),
          O5: T.Tensor((N,), "int32"), O6: T.Tensor((N,), "uint8"),
          O7: T.Tensor((N,), "float16"), O8: T.Tensor((N,), "int16"),
          O9: T.Tensor((N,), "int8"), O10: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    O1[i] = T.cast(F[i], "int32")
    O2[i] = T.cast(I[i], "float32")
    O3[i] = T.cast(L[i], "int32")
    O4[i] = T.cast(B[i], "uint16")
    O5[i] = T.cast(U[i], "int32")
    O6[i] = T.cast(T.fabs(F[i]), "uint8")
    O7[i] = T.cast(W[i], "float16")
    O8[i] = T.cast(H[i], "int16")
    O9[i] = T.cast(I[i], "int8")
    O10[i] = T.cast(C[i], "int32") - 128


def main():
    rng = np.random.default_rng(204)
    F = rng.uniform(-250, 250, N).astype(np.float32)
    F[:4] = [-0.99, 0.99, -200.5, 255.9]
    I = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    I[:3] = [16777217, -16777219, 2**31 - 1]
    L = rng.integers(-2**62, 2**62, N, dtype=np.int64)
    B = rng.integers(-128, 128, N).astype(np.int8)
    U = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    H = rng.uniform(-3000, 3000, N).astype(np.float16)
    W = rng.integers(0, 65536, N).astype(np.uint16)
    W[:2] = [65535, 2049]
    C = rng.integers(0, 256, N).astype(np.uint8)
    with np.errstate(over="ignore"):
        out = {"O1": np.trunc(F).astype(np.int32),
               "O2": I.astype(np.float32),
               "O3": L.astype(np.int32),
               "O4": B.astype(np.int16).view(np.uint16),
               "O5": U.view(np.int32),
               "O6": np.trunc(np.abs(F)).astype(np.uint8),
               "O7": W.astype(np.float16),
               "O8": np.trunc(H.astype(np.float32)).astype(np.int16),
               "O9": I.astype(np.int8),
               "O10": C.astype(np.int32) - 128}
    ins = {"F": F, "I": I, "L": L, "B": B, "U": U, "H": H, "W": W, "C": C}
    ins.update({k: np.zeros_like(v) for k, v in out.items()})
    return ins, out
