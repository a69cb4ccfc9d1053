"""T.bitwise_and/or/xor/not and T.shift_left/right on uint8, int16, uint64
and int64 tensors (TIRx keeps the operand dtype)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def bwb(U8: T.Tensor((32,), "uint8"), I16: T.Tensor((32,), "int16"),
        U64: T.Tensor((32,), "uint64"), I64: T.Tensor((32,), "int64"),
        O8: T.Tensor((32, 3), "uint8"), O16: T.Tensor((32, 3), "int16"),
        O64: T.Tensor((32, 4), "uint64"), S64: T.Tensor((32,), "int64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    O8[i, 0] = T.bitwise_not(U8[i])
    O8[i, 1] = T.bitwise_xor(U8[i], T.uint8(0x5A))
    O8[i, 2] = T.shift_right(U8[i], T.uint8(3))
    O16[i, 0] = T.bitwise_and(I16[i], T.int16(0x0FF0))
    O16[i, 1] = T.bitwise_or(I16[i], T.int16(-256))
    O16[i, 2] = T.shift_right(I16[i], T.int16(2))
    O64[i, 0] = T.bitwise_not(U64[i])
    O64[i, 1] = T.shift_left(U64[i], T.uint64(13))
    O64[i, 2] = T.shift_right(U64[i], T.uint64(41))
    O64[i, 3] = T.bitwise_xor(U64[i], T.shift_left(T.uint64(1), T.cast(i, "uint64") + T.uint64(31)))
    S64[i] = T.shift_right(I64[i], T.int64(35))


def main():
    rng = np.random.default_rng(4)
    U8 = rng.integers(0, 256, 32).astype(np.uint8)
    I16 = rng.integers(-32768, 32768, 32).astype(np.int16)
    U64 = rng.integers(0, 1 << 63, 32, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
    I64 = rng.integers(-(1 << 62), 1 << 62, 32, dtype=np.int64) * 2
    O8 = np.stack([~U8, U8 ^ np.uint8(0x5A), U8 >> np.uint8(3)], 1).astype(np.uint8)
    O16 = np.stack([I16 & np.int16(0x0FF0), I16 | np.int16(-256), I16 >> np.int16(2)], 1).astype(np.int16)
    sh = np.array([np.uint64(1) << np.uint64(k + 31) for k in range(32)], np.uint64)
    O64 = np.stack([~U64, U64 << np.uint64(13), U64 >> np.uint64(41), U64 ^ sh], 1)
    S64 = I64 >> np.int64(35)
    return ({"U8": U8, "I16": I16, "U64": U64, "I64": I64, "O8": np.zeros((32, 3), np.uint8),
             "O16": np.zeros((32, 3), np.int16), "O64": np.zeros((32, 4), np.uint64),
             "S64": np.zeros(32, np.int64)},
            {"O8": O8, "O16": O16, "O64": O64, "S64": S64})
