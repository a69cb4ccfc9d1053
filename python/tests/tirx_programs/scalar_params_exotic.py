"""Scalar parameters of the dtypes users pass less often: float16 (a
scale), int8 (a zero point), uint16 (a count), uint32 (a mask)
and bool (two flags), combined in a
dequantize-and-mask kernel over uint8 codes."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def sp_exotic(Q: T.Tensor((N,), "uint8"), scale: T.float16, zp: T.int8, cnt: T.uint16, mask: T.uint32,
              neg: T.bool, clamp: T.bool,
              Y: T.Tensor((N,), "float32"), M: T.Tensor((N,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    v = T.local_scalar("float32", T.cast(T.cast(Q[i], "int32") - T.cast(zp, "int32"), "float32") * T.cast(scale, "float32"))
    if neg:
        v = -v
    if clamp:
        v = T.min(T.max(v, T.float32(-100)), T.float32(100))
    Y[i] = T.if_then_else(T.cast(i, "uint16") < cnt, v, T.float32(0))
    M[i] = (T.cast(Q[i], "uint32") * T.uint32(0x01010101)) & mask


def main():
    import ml_dtypes
    rng = np.random.default_rng(1129)
    Q = rng.integers(0, 256, N).astype(np.uint8)
    scale = np.float16(0.375)
    zp, cnt, mask = np.int8(-7), np.uint16(50), np.uint32(0xF0F00FF0)
    v = (Q.astype(np.int32) + 7).astype(np.float32) * np.float32(0.375)
    v = -v
    v = np.minimum(np.maximum(v, np.float32(-100)), np.float32(100))
    Y = np.where(np.arange(N) < 50, v, 0).astype(np.float32)
    M = (Q.astype(np.uint32) * np.uint32(0x01010101)) & mask
    return ({"Q": Q, "scale": scale, "zp": zp, "cnt": cnt, "mask": mask, "neg": np.bool_(True),
             "clamp": np.bool_(True), "Y": np.zeros(N, np.float32), "M": np.zeros(N, np.uint32)}, {"Y": Y, "M": M})
