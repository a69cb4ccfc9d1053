"""FP8 warp GEMM with a run-time K: D(16x16) = A(16xK, e4m3) @ B(K x 16,
e5m2, stored N-major) + C, by mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32
in a kernel loop `for ks in T.serial(nk)` whose trip count is a scalar
parameter; the fragments are 32-bit words of 4 fp8 read straight from global
(a: rows g / g+8, k words t and t+4; b: N block nb, k words t, t+4), two N
blocks per step, C read from a bias matrix."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

KMAX = 128


@T.function
def fp8_gemm(A: T.Tensor((16, KMAX // 4), "uint32"), B: T.Tensor((16, KMAX // 4), "uint32"),
             C: T.Tensor((16, 16), "float32"), nk: T.int32, D: T.Tensor((16, 16), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    g = lane // 4
    t = lane % 4
    acc = T.alloc_local((8,), "float32")
    for nb in T.unroll(2):
        for i in T.unroll(4):
            acc[4 * nb + i] = C[g + 8 * (i // 2), 8 * nb + 2 * t + i % 2]
    a = T.alloc_local((4,), "uint32")
    b = T.alloc_local((4,), "uint32")
    for ks in T.serial(nk):
        w0 = ks * 8
        a[0] = A[g, w0 + t]
        a[1] = A[g + 8, w0 + t]
        a[2] = A[g, w0 + 4 + t]
        a[3] = A[g + 8, w0 + 4 + t]
        for nb in T.unroll(2):
            b[2 * nb] = B[8 * nb + g, w0 + t]
            b[2 * nb + 1] = B[8 * nb + g, w0 + 4 + t]
        for nb in T.unroll(2):
            T.ptx.mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32(
                acc[4 * nb], acc[4 * nb + 1], acc[4 * nb + 2], acc[4 * nb + 3],
                a[0], a[1], a[2], a[3], b[2 * nb], b[2 * nb + 1],
                acc[4 * nb], acc[4 * nb + 1], acc[4 * nb + 2], acc[4 * nb + 3])
    for nb in T.unroll(2):
        for i in T.unroll(4):
            D[g + 8 * (i // 2), 8 * nb + 2 * t + i % 2] = acc[4 * nb + i]


def main():
    rng = np.random.default_rng(723)
    nk = 3
    Af = (rng.integers(-8, 9, (16, KMAX)) / 2).astype(np.float32)
    Bf = rng.choice([-4, -2, -1, -0.5, 0, 0.5, 1, 2, 4], (16, KMAX)).astype(np.float32)  # (N, K)
    Aq = Af.astype(ml_dtypes.float8_e4m3fn)
    Bq = Bf.astype(ml_dtypes.float8_e5m2)
    assert (Aq.astype(np.float32) == Af).all() and (Bq.astype(np.float32) == Bf).all()
    C = rng.integers(-50, 50, (16, 16)).astype(np.float32)
    K = 32 * nk
    D = (Af[:, :K].astype(np.float64) @ Bf[:, :K].astype(np.float64).T + C).astype(np.float32)
    return ({"A": Aq.view(np.uint8).view(np.uint32).copy(), "B": Bq.view(np.uint8).view(np.uint32).copy(),
             "C": C, "nk": nk, "D": np.zeros((16, 16), np.float32)}, {"D": D})
