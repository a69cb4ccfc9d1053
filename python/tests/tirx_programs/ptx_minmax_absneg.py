"""min/max/abs/neg as PTX chains on s32, u32 and f32 (min.f32 of a NaN gives
the other operand; abs.s32 of INT_MIN stays INT_MIN)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def ptx_minmax(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32"),
               X: T.Tensor((N,), "float32"), Y: T.Tensor((N,), "float32"),
               O: T.Tensor((N, 4), "int32"), F: T.Tensor((N, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    s = T.local_scalar("int32")
    u = T.local_scalar("uint32")
    f = T.local_scalar("float32")
    T.ptx.min.s32(s, A[i], B[i])
    O[i, 0] = s
    T.ptx.max.u32(u, T.reinterpret(A[i], ty="uint32"), T.reinterpret(B[i], ty="uint32"))
    O[i, 1] = T.reinterpret(u, ty="int32")
    T.ptx.abs.s32(s, A[i])
    O[i, 2] = s
    T.ptx.neg.s32(s, B[i])
    O[i, 3] = s
    T.ptx.min.f32(f, X[i], Y[i])
    F[i, 0] = f
    T.ptx.max.f32(f, X[i], Y[i])
    F[i, 1] = f
    T.ptx.abs.f32(f, X[i])
    F[i, 2] = f
    T.ptx.neg.f32(f, Y[i])
    F[i, 3] = f


def main():
    rng = np.random.default_rng(13)
    A = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    B = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    A[0] = -2**31
    B[1] = -2**31
    X = rng.standard_normal(N).astype(np.float32)
    Y = rng.standard_normal(N).astype(np.float32)
    X[2] = np.nan
    Y[3] = np.nan
    X[4], Y[4] = -0.0, 0.0
    O = np.zeros((N, 4), np.int32)
    O[:, 0] = np.minimum(A, B)
    O[:, 1] = np.maximum(A.view(np.uint32), B.view(np.uint32)).view(np.int32)
    O[:, 2] = np.where(A == -2**31, A, np.abs(A.astype(np.int64))).astype(np.int32)
    O[:, 3] = (-B.astype(np.int64)).astype(np.int32) if False else np.negative(B)
    F = np.zeros((N, 4), np.float32)
    F[:, 0] = np.fmin(X, Y)
    F[:, 1] = np.fmax(X, Y)
    # min/max of -0 and +0: PTX orders -0 below +0.
    F[4, 0], F[4, 1] = -0.0, 0.0
    F[:, 2] = np.abs(X)
    F[:, 3] = -Y
    # abs.f32 / neg.f32 of a NaN: PTX leaves the NaN unspecified; sm_90 gives the
    # canonical 0x7FFFFFFF (the front-end's answer; not verified on a GPU here).
    F[:, 2:4][np.isnan(F[:, 2:4])] = np.uint32(0x7FFFFFFF).view(np.float32)
    return ({"A": A, "B": B, "X": X, "Y": Y, "O": np.zeros_like(O),
             "F": np.zeros_like(F)}, {"O": O, "F": F})
