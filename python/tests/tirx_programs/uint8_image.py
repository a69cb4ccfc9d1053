"""uint8 pixel arithmetic: saturating brighten (T.min on the promoted sum),
rounding average (a + b + 1) >> 1 (promoted, no wrap), absolute
difference via T.Select, and a threshold to 0/255."""
from tvm_tirx.script import tirx as T
import numpy as np

H, W = 8, 32


@T.function
def img(A: T.Tensor((H, W), "uint8"), B: T.Tensor((H, W), "uint8"),
        BR: T.Tensor((H, W), "uint8"), AV: T.Tensor((H, W), "uint8"),
        AD: T.Tensor((H, W), "uint8"), TH: T.Tensor((H, W), "uint8")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=H, block=W))
    y = T.cuda.block_idx("x")
    x = T.cuda.thread_idx("x")
    a = A[y, x]
    b = B[y, x]
    BR[y, x] = T.cast(T.min(T.cast(a, "int32") + 60, 255), "uint8")
    AV[y, x] = T.cast((T.cast(a, "int32") + T.cast(b, "int32") + 1) >> 1, "uint8")
    AD[y, x] = T.Select(a > b, a - b, b - a)
    TH[y, x] = T.Select(a >= T.uint8(128), T.uint8(255), T.uint8(0))


def main():
    rng = np.random.default_rng(502)
    A = rng.integers(0, 256, (H, W)).astype(np.uint8)
    B = rng.integers(0, 256, (H, W)).astype(np.uint8)
    a = A.astype(np.int32); b = B.astype(np.int32)
    outs = {"BR": np.minimum(a + 60, 255).astype(np.uint8),
            "AV": ((a + b + 1) >> 1).astype(np.uint8),
            "AD": np.abs(a - b).astype(np.uint8),
            "TH": np.where(a >= 128, 255, 0).astype(np.uint8)}
    ins = {"A": A, "B": B}
    ins.update({k: np.zeros_like(v) for k, v in outs.items()})
    return ins, outs
