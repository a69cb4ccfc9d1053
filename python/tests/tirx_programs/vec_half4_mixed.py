"""Wide vector values: float16x4 loaded through a Ramp, cast to float32x4,
scaled by a Broadcast of a float32 parameter, clamped with T.max/T.min
against Broadcasts, compared and selected lane-wise, and stored as
bfloat16x4 and as float32x4 with a stride-1 Ramp; one vector per thread."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def vh4(X: T.Tensor((N * 4,), "float16"), s: T.float32, B: T.Tensor((N * 4,), "bfloat16"),
        F: T.Tensor((N * 4,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    x = T.cast(X[T.Ramp(i * 4, 1, 4)], "float32x4")
    y = x * T.Broadcast(s, 4)
    c = T.min(T.max(y, T.Broadcast(T.float32(-4), 4)), T.Broadcast(T.float32(4), 4))
    z = T.Select(x < T.Broadcast(T.float32(0), 4), c * T.Broadcast(T.float32(0.5), 4), c)
    B[T.Ramp(i * 4, 1, 4)] = T.cast(z, "bfloat16x4")
    F[T.Ramp(i * 4, 1, 4)] = z


def main():
    import ml_dtypes
    rng = np.random.default_rng(1113)
    X = (rng.standard_normal(N * 4) * 3).astype(np.float16)
    s = np.float32(1.3)
    x = X.astype(np.float32)
    y = x * s
    c = np.minimum(np.maximum(y, np.float32(-4)), np.float32(4))
    z = np.where(x < 0, c * np.float32(0.5), c).astype(np.float32)
    return ({"X": X, "s": s, "B": np.zeros(N * 4, ml_dtypes.bfloat16), "F": np.zeros(N * 4, np.float32)},
            {"B": z.astype(ml_dtypes.bfloat16), "F": z})
