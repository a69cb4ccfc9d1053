"""Bit casts: T.reinterpret float32 <-> uint32 / int32, T.cuda.float_as_uint
and uint_as_float; building a float from its fields (exponent arithmetic,
sign flip by xor) and extracting the exponent."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def bits(F: T.Tensor((N,), "float32"), U: T.Tensor((N,), "uint32"),
         E: T.Tensor((N,), "int32"), NEG: T.Tensor((N,), "float32"),
         HALF: T.Tensor((N,), "float32"), FB: T.Tensor((N,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.reinterpret(F[i], ty="uint32")
    E[i] = T.cast((u >> T.uint32(23)) & T.uint32(0xFF), "int32") - 127
    NEG[i] = T.reinterpret(u ^ T.uint32(0x80000000), ty="float32")
    HALF[i] = T.cuda.uint_as_float(T.cuda.float_as_uint(F[i]) - T.uint32(1 << 23))
    FB[i] = T.reinterpret(T.reinterpret(U[i], ty="float32"), ty="uint32")


def main():
    rng = np.random.default_rng(406)
    F = (rng.standard_normal(N) * 1000).astype(np.float32)
    F[:3] = [1.0, -2.0, 0.75]
    U = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    U = U & np.uint32(0xBFFFFFFF)  # no NaN patterns (exponent < 255)
    u = F.view(np.uint32)
    outs = {"E": (((u >> 23) & 0xFF).astype(np.int32) - 127),
            "NEG": (u ^ np.uint32(0x80000000)).view(np.float32),
            "HALF": (u - np.uint32(1 << 23)).view(np.float32),
            "FB": U.copy()}
    ins = {"F": F, "U": U}
    ins.update({k: np.zeros_like(v) for k, v in outs.items()})
    return ins, outs
