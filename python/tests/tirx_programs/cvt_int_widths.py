"""Integer cvt chains between widths and signedness: cvt.s16.s32 (wraps),
cvt.u32.u16 / cvt.s32.s16 (zero / sign extend), cvt.u64.u32, cvt.s64.s16,
cvt.sat.u32.s32 and cvt.sat.s32.u32 (clamp), cvt.u32.s64 (truncate),
cvt.sat.s16.s32 (int16 destination)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def cvt_int(A: T.Tensor((N,), "int32"), L: T.Tensor((N,), "int64"),
            O: T.Tensor((N, 6), "int32"), W: T.Tensor((N, 2), "int64"), H: T.Tensor((N, 2), "int16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    h = T.local_scalar("int16")
    s = T.local_scalar("int32")
    u = T.local_scalar("uint32")
    w = T.local_scalar("int64")
    uw = T.local_scalar("uint64")
    T.ptx.cvt.s16.s32(h, A[i])
    H[i, 0] = h
    T.ptx.cvt.s32.s16(s, h)
    O[i, 0] = s
    T.ptx.cvt.u32.u16(u, T.reinterpret(h, ty="uint16"))
    O[i, 1] = T.reinterpret(u, ty="int32")
    T.ptx.cvt.sat.u32.s32(u, A[i])
    O[i, 2] = T.reinterpret(u, ty="int32")
    T.ptx.cvt.sat.s32.u32(s, T.reinterpret(A[i], ty="uint32"))
    O[i, 3] = s
    T.ptx.cvt.u32.s64(u, L[i])
    O[i, 4] = T.reinterpret(u, ty="int32")
    T.ptx.cvt.sat.s16.s32(h, A[i])
    H[i, 1] = h
    O[i, 5] = T.cast(h, "int32")
    T.ptx.cvt.u64.u32(uw, T.reinterpret(A[i], ty="uint32"))
    W[i, 0] = T.reinterpret(uw, ty="int64")
    T.ptx.cvt.s64.s16(w, h)
    W[i, 1] = w


def main():
    rng = np.random.default_rng(412)
    A = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    A[:8] = [0, -1, 32767, 32768, -32768, -32769, 65535, 2**31 - 1]
    L = rng.integers(-2**63, 2**63, N, dtype=np.int64)
    H0 = A.astype(np.int16)
    Hs = np.clip(A, -32768, 32767).astype(np.int16)
    O = np.zeros((N, 6), np.int32)
    O[:, 0] = H0.astype(np.int32)
    O[:, 1] = H0.view(np.uint16).astype(np.int32)
    O[:, 2] = np.maximum(A, 0)
    O[:, 3] = np.where(A < 0, 2**31 - 1, A)  # as uint32: >= 2^31 saturates
    O[:, 4] = L.astype(np.int32)
    O[:, 5] = Hs.astype(np.int32)
    W = np.zeros((N, 2), np.int64)
    W[:, 0] = A.view(np.uint32).astype(np.int64)
    W[:, 1] = Hs.astype(np.int64)
    H = np.stack([H0, Hs], 1)
    return ({"A": A, "L": L, "O": np.zeros_like(O), "W": np.zeros_like(W), "H": np.zeros_like(H)},
            {"O": O, "W": W, "H": H})
