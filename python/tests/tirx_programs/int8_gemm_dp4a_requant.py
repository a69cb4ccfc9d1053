"""int8 GEMM C = A B^T (32 x 32, K = 512) with dp4a.s32.s32: the 1-D int8 global
tensors are viewed as int32 words (T.decl_tensor over A.data, 2-D (32, 128)), B's
rows are staged into shared memory in 16-word chunks (K loop of 8 chunks, barrier
each), each of 128 threads owns 8 outputs, the inner dot product runs over the
chunk's words; then a requantization epilogue: y = acc * scale (mul.rn.f32),
cvt.rni.s32.f32, clamp to [-128, 127] with T.min/T.max, stored int8, and the raw
int32 accumulators are written too."""
from tvm_tirx.script import tirx as T
import numpy as np

M = 32
N = 32
K = 512
KW = K // 4
CH = 16


@T.function
def int8_gemm_dp4a_requant(A: T.Tensor((M * K,), "int8"), Bt: T.Tensor((N * K,), "int8"),
                           scale: T.float32, C: T.Tensor((M, N), "int32"), Q: T.Tensor((M, N), "int8")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    tid = T.cuda.thread_idx("x")
    A32 = T.decl_tensor(A.data, ty_args=[T.Tensor((M, KW), "int32")])
    B32 = T.decl_tensor(Bt.data, ty_args=[T.Tensor((N, KW), "int32")])
    SB = T.alloc_shared((N, CH + 1), "int32")
    acc = T.alloc_local((8,), "int32")
    for j in T.unroll(8):
        acc[j] = 0
    m = tid // 4
    n0 = (tid % 4) * 8
    for kc in T.serial(KW // CH):
        for r in T.unroll(4):
            e = r * 128 + tid
            SB[e // CH, e % CH] = B32[e // CH, kc * CH + e % CH]
        T.cuda.cta_sync()
        for w in T.serial(CH):
            a = A32[m, kc * CH + w]
            for j in T.unroll(8):
                d = T.local_scalar("int32")
                T.ptx.dp4a.s32.s32(d, a, SB[n0 + j, w], acc[j])
                acc[j] = d
        T.cuda.cta_sync()
    for j in T.unroll(8):
        C[m, n0 + j] = acc[j]
        y = T.local_scalar("float32")
        T.ptx.mul.rn.f32(y, T.cast(acc[j], "float32"), scale)
        qi = T.local_scalar("int32")
        T.ptx.cvt.rni.s32.f32(qi, y)
        Q[m, n0 + j] = T.cast(T.min(T.max(qi, -128), 127), "int8")


def main():
    rng = np.random.default_rng(1022)
    A = rng.integers(-128, 128, (M, K)).astype(np.int8)
    B = rng.integers(-128, 128, (N, K)).astype(np.int8)
    C = (A.astype(np.int64) @ B.astype(np.int64).T).astype(np.int32)
    scale = np.float32(1 / 4096)
    y = (C.astype(np.float32) * scale).astype(np.float32)      # int32 -> f32 rn (C < 2^24 here? not always)
    # conversion of acc to float32 is round-to-nearest (cvt.rn.f32.s32); the product by 2^-12 is exact
    yr = np.rint(y).astype(np.int64)                             # cvt.rni: ties to even
    Q = np.clip(yr, -128, 127).astype(np.int8)
    return ({"A": A.reshape(-1), "Bt": B.reshape(-1), "scale": scale, "C": np.zeros((M, N), np.int32),
             "Q": np.zeros((M, N), np.int8)}, {"C": C, "Q": Q})
