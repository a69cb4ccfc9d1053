"""LayerNorm's statistics pass as TIRx kernels write it: one CTA per row of
256 float32, T.cuda.cta_sum for the sum and for the sum of squared
deviations, mean = sum * (1/256), then y = (x - mean) * gamma + beta with
gamma/beta powers of two (variance written out instead of rsqrt so every
result is exact)."""
from tvm_tirx.script import tirx as T
import numpy as np

R, D = 4, 256


@T.function
def ln(X: T.Tensor((R, D), "float32"), g: T.Tensor((D,), "float32"), bta: T.Tensor((D,), "float32"),
       Y: T.Tensor((R, D), "float32"), Var: T.Tensor((R,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=R, block=D))
    t = T.cuda.thread_idx("x")
    r = T.cuda.block_idx("x")
    scratch = T.alloc_shared((8,), "float32")
    x = X[r, t]
    mean = T.cuda.cta_sum(x, num_warps=8, scratch=scratch) * T.float32(1.0 / D)
    d = x - mean
    T.cuda.cta_sync()
    var = T.cuda.cta_sum(d * d, num_warps=8, scratch=scratch) * T.float32(1.0 / D)
    Y[r, t] = d * g[t] + bta[t]
    if t == 0:
        Var[r] = var


def main():
    rng = np.random.default_rng(17)
    h = rng.integers(-64, 64, (R, D // 2))
    X = np.concatenate([h, -h], axis=1) + rng.integers(-9, 9, (R, 1))
    X = np.array([rng.permutation(row) for row in X]).astype(np.float32)
    g = (2.0 ** rng.integers(-2, 3, D)).astype(np.float32)
    bta = (rng.integers(-4, 4, D) * 0.5).astype(np.float32)
    mean = X.sum(axis=1) / D
    dd = X - mean[:, None]
    Y = (dd * g + bta).astype(np.float32)
    Var = ((dd.astype(np.float64) ** 2).sum(axis=1) / D).astype(np.float32)
    return {"X": X, "g": g, "bta": bta, "Y": np.zeros_like(X), "Var": np.zeros(R, np.float32)}, {"Y": Y, "Var": Var}
