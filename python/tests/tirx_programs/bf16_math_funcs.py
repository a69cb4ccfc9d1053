"""Math functions on bfloat16 kernel values (TIRx prints cuda_bf16.h's
hsqrt, hfloor, hceil, htrunc, hrint (TIRx prints T.round as hrint: ties to even), __habs, hexp; T.nearbyint's hnearbyint does not exist for nvcc): inputs chosen so each
result is exact."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes


@T.function
def bmf(A: T.Tensor((32,), "bfloat16"), Q: T.Tensor((32,), "bfloat16"), O: T.Tensor((32, 7), "bfloat16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    O[i, 0] = T.sqrt(Q[i])
    O[i, 1] = T.floor(A[i])
    O[i, 2] = T.ceil(A[i])
    O[i, 3] = T.trunc(A[i])
    O[i, 4] = T.round(A[i])
    O[i, 5] = T.fabs(A[i])
    O[i, 6] = T.exp(A[i] - A[i])


def main():
    bf = ml_dtypes.bfloat16
    rng = np.random.default_rng(34)
    A = (rng.integers(-400, 400, 32) / 8).astype(bf)
    r = rng.integers(0, 16, 32)
    Q = (r * r).astype(bf)
    a = A.astype(np.float64)
    O = np.stack([r.astype(np.float64), np.floor(a), np.ceil(a), np.trunc(a), np.rint(a), np.abs(a),
                  np.ones(32)], 1).astype(bf)
    return {"A": A, "Q": Q, "O": np.zeros((32, 7), bf)}, {"O": O}
