"""T.max_value / T.min_value / T.infinity as initial values of running
min/max loops (int32, uint8, float32), and comparisons against them."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def limits(A: T.Tensor((32, 8), "int32"), U: T.Tensor((32, 8), "uint8"),
           F: T.Tensor((32, 8), "float32"),
           MI: T.Tensor((32,), "int32"), MU: T.Tensor((32,), "uint8"),
           MF: T.Tensor((32,), "float32"), K: T.Tensor((32,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    mi = T.local_scalar("int32", T.max_value(ty="int32"))
    mu = T.local_scalar("uint8", T.min_value(ty="uint8"))
    mf = T.local_scalar("float32", T.infinity(ty="float32"))
    for i in T.serial(8):
        mi = T.min(mi, A[lane, i])
        mu = T.max(mu, U[lane, i])
        mf = T.min(mf, F[lane, i])
    MI[lane] = mi
    MU[lane] = mu
    MF[lane] = mf
    K[lane] = T.cast(T.min_value(ty="int32") < mi, "int32") + T.cast(mf == T.infinity(ty="float32"), "int32") * 2


def main():
    rng = np.random.default_rng(506)
    A = rng.integers(-2**31, 2**31, (32, 8), dtype=np.int64).astype(np.int32)
    A[0] = 2**31 - 1
    A[1, 3] = -2**31
    U = rng.integers(0, 256, (32, 8)).astype(np.uint8)
    U[2] = 0
    F = (rng.standard_normal((32, 8)) * 1e30).astype(np.float32)
    F[3] = np.inf
    MI = A.min(axis=1); MF = F.min(axis=1)
    K = (MI > -2**31).astype(np.int32) + (MF == np.inf).astype(np.int32) * 2
    return ({"A": A, "U": U, "F": F, "MI": np.zeros(32, np.int32),
             "MU": np.zeros(32, np.uint8), "MF": np.zeros(32, np.float32),
             "K": np.zeros(32, np.int32)},
            {"MI": MI, "MU": U.max(axis=1), "MF": MF, "K": K})
