"""TVM's bitwise expression nodes and constant nodes as TIRx users write
them: T.BitwiseAnd/Or/Xor/Not, T.LShift, T.RShift (arithmetic on int32,
logical on uint32), T.IntImm and T.FloatImm."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def bitwise_nodes(D: T.Tensor((64,), "int32"), U: T.Tensor((64,), "uint32"),
                  E: T.Tensor((64,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    i = T.cuda.thread_idx("x")
    d = D[i]
    u = U[i]
    D[i] = T.BitwiseAnd(d, 7) + T.BitwiseNot(d) + T.LShift(d, 2) + T.RShift(d, 1) + T.BitwiseOr(d, 1) + T.BitwiseXor(d, 3) + T.IntImm("int32", 5)
    U[i] = T.BitwiseXor(T.RShift(u, T.uint32(3)), T.LShift(u, T.uint32(29))) + T.BitwiseNot(u) + T.IntImm("uint32", 4000000000)
    E[i] = E[i] * T.FloatImm("float32", 0.1)


def main():
    rng = np.random.default_rng(11)
    D = rng.integers(-2**31, 2**31, 64).astype(np.int32)
    U = rng.integers(0, 2**32, 64, dtype=np.uint64).astype(np.uint32)
    E = rng.standard_normal(64).astype(np.float32)
    with np.errstate(over="ignore"):
        d = D.astype(np.int64)
        eD = ((d & 7) + (~d) + ((d << 2) & 0xFFFFFFFF) + (d >> 1) + (d | 1)
              + (d ^ 3) + 5)
        eD = ((eD + 2**31) % 2**32 - 2**31).astype(np.int32)
        u = U.astype(np.uint64)
        eU = (((u >> 3) ^ ((u << 29) & 0xFFFFFFFF)) + (~u & 0xFFFFFFFF)
              + 4000000000) % 2**32
    eE = E * np.float32(0.1)
    return ({"D": D, "U": U, "E": E},
            {"D": eD, "U": eU.astype(np.uint32), "E": eE.astype(np.float32)})
