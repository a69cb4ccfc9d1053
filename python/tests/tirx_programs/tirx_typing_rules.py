"""Operands of different dtypes and Python literals, typed as TIRx types
them (TVM's rules, which its C code follows), with the C semantics of what
TIRx prints: int8 + uint8 meets as uint8 and C adds the promoted ints (no
wrap); int16 * int16 is C's int product; uint64 + int64 is a uint64;
uint8 - 1 an int; int32 < uint32 compares as unsigned; bfloat16 * float16
is a float16 product; a float literal is a float32 (0.1f) wherever it
goes; a store converts by C's cast ((signed char)300 is 44)."""
from tvm_tirx.script import tirx as T
import ml_dtypes
import numpy as np

N = 32


@T.function
def typing_rules(A8: T.Tensor((N,), "int8"), U8: T.Tensor((N,), "uint8"),
                 I: T.Tensor((N,), "int32"), U: T.Tensor((N,), "uint32"),
                 L: T.Tensor((N,), "int64"), UL: T.Tensor((N,), "uint64"),
                 S16: T.Tensor((N,), "int16"), H: T.Tensor((N,), "float16"),
                 B16: T.Tensor((N,), "bfloat16"), D: T.Tensor((N,), "float64"),
                 O: T.Tensor((8, N), "int32"), OL: T.Tensor((N,), "int64"),
                 OB: T.Tensor((N,), "bool"), OF: T.Tensor((N,), "float32"),
                 OD: T.Tensor((3, N), "float64"), OH: T.Tensor((N,), "float16"),
                 O8: T.Tensor((N,), "int8")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    O[0, i] = A8[i] + U8[i]
    O[1, i] = S16[i] * S16[i]
    O[2, i] = U8[i] - 1
    O[3, i] = A8[i] * 100 // 7
    O[4, i] = I[i] * 1.5
    O[5, i] = T.min(I[i], A8[i])
    O[6, i] = T.ceildiv(100, 32) + T.truncdiv(-7, 2)
    O[7, i] = U[i] >> (I[i] & 7)
    OL[i] = UL[i] + L[i]
    OB[i] = I[i] < U[i]
    OF[i] = B16[i] * H[i]
    OD[0, i] = D[i] * 0.1
    OD[1, i] = 0.1
    OD[2, i] = T.max(D[i], 0.3) + T.cast(0.1, "float64")
    OH[i] = 0.1
    O8[i] = 300 + A8[i] * 0


def main():
    rng = np.random.default_rng(31)
    A8 = rng.integers(-128, 128, N).astype(np.int8)
    U8 = rng.integers(0, 256, N).astype(np.uint8)
    I = rng.integers(-2**20, 2**20, N).astype(np.int32)
    U = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    L = rng.integers(-2**62, 2**62, N).astype(np.int64)
    UL = rng.integers(0, 2**64, N, dtype=np.uint64)
    S16 = rng.integers(-2**15, 2**15, N).astype(np.int16)
    H = (rng.standard_normal(N) * 4).astype(np.float16)
    B16 = (rng.standard_normal(N) * 4).astype(ml_dtypes.bfloat16)
    D = rng.standard_normal(N) * 10
    a8, u8 = A8.astype(np.int64), U8.astype(np.int64)
    O = np.zeros((8, N), np.int64)
    O[0] = (a8 & 0xFF) + u8            # ((uchar)A8) + U8, C's int
    O[1] = S16.astype(np.int64) ** 2   # C's int product
    O[2] = u8 - 1
    O[3] = np.floor_divide(a8 * 100, 7)
    O[4] = np.trunc(I.astype(np.float32) * np.float32(1.5))
    O[5] = np.minimum(I.astype(np.int64), a8)
    O[6] = 4 + (-3)
    O[7] = U.astype(np.int64) >> (I.astype(np.int64) & 7)
    f32 = float(np.float32(0.1))
    OD = np.zeros((3, N))
    OD[0] = D * f32
    OD[1] = f32
    OD[2] = np.maximum(D, float(np.float32(0.3))) + f32
    # float16 * float16 of (half)bf16 and H, then (float).
    prod = (B16.astype(np.float32).astype(np.float16) * H).astype(np.float32)
    z = np.zeros(N, np.int64)
    return ({"A8": A8, "U8": U8, "I": I, "U": U, "L": L, "UL": UL,
             "S16": S16, "H": H, "B16": B16,
             "D": D, "O": np.zeros((8, N), np.int32),
             "OL": z.copy(), "OB": np.zeros(N, np.bool_),
             "OF": np.zeros(N, np.float32), "OD": np.zeros((3, N)),
             "OH": np.zeros(N, np.float16), "O8": np.zeros(N, np.int8)},
            {"O": O.astype(np.int32),
             "OL": (UL + L.astype(np.uint64)).astype(np.int64),
             "OB": I.astype(np.uint32) < U, "OF": prod, "OD": OD,
             "OH": np.full(N, np.float16(np.float32(0.1))),
             "O8": np.full(N, 44, np.int8)})
