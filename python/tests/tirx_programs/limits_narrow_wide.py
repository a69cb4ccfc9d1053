"""T.min_value / T.max_value of int8, int16, uint16, int64, uint64,
float16 and float64, and T.infinity of float16 and float64 (negated too)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def lnw(I8: T.Tensor((2,), "int8"), I16: T.Tensor((2,), "int16"), U16: T.Tensor((2,), "uint16"),
        I64: T.Tensor((2,), "int64"), U64: T.Tensor((2,), "uint64"),
        H: T.Tensor((4,), "float16"), D: T.Tensor((4,), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
    I8[0] = T.min_value(ty="int8")
    I8[1] = T.max_value(ty="int8")
    I16[0] = T.min_value(ty="int16")
    I16[1] = T.max_value(ty="int16")
    U16[0] = T.min_value(ty="uint16")
    U16[1] = T.max_value(ty="uint16")
    I64[0] = T.min_value(ty="int64")
    I64[1] = T.max_value(ty="int64")
    U64[0] = T.min_value(ty="uint64")
    U64[1] = T.max_value(ty="uint64")
    H[0] = T.min_value(ty="float16")
    H[1] = T.max_value(ty="float16")
    H[2] = T.infinity(ty="float16")
    H[3] = -T.infinity(ty="float16")
    D[0] = T.min_value(ty="float64")
    D[1] = T.max_value(ty="float64")
    D[2] = T.infinity(ty="float64")
    D[3] = -T.infinity(ty="float64")


def main():
    z = {"I8": np.zeros(2, np.int8), "I16": np.zeros(2, np.int16), "U16": np.zeros(2, np.uint16),
         "I64": np.zeros(2, np.int64), "U64": np.zeros(2, np.uint64), "H": np.zeros(4, np.float16),
         "D": np.zeros(4, np.float64)}
    f16, f64 = np.finfo(np.float16), np.finfo(np.float64)
    w = {"I8": np.array([-128, 127], np.int8), "I16": np.array([-32768, 32767], np.int16),
         "U16": np.array([0, 65535], np.uint16),
         "I64": np.array([-2**63, 2**63 - 1], np.int64), "U64": np.array([0, 2**64 - 1], np.uint64),
         "H": np.array([f16.min, f16.max, np.inf, -np.inf], np.float16),
         "D": np.array([f64.min, f64.max, np.inf, -np.inf])}
    return z, w
