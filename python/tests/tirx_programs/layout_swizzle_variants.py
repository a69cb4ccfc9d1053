"""XOR-swizzled shared tiles beyond the 8x8 one: T.ComposeLayout(1, 2, 3,
...) on an 8x16 int16 tile with swizzle_inner=False (the lower bit group,
at bit 1, XORed into the group 3 bits above it), and (2, 3, 4, ...) on a
16x32 float32 tile (inner). Elements are written through the swizzled
tensor at transposed coordinates and read back both through it and raw,
through a plain decl_tensor of the storage."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def swz2(A: T.Tensor((8, 16), "int16"), B: T.Tensor((16, 32), "float32"),
         LogA: T.Tensor((8, 16), "int16"), PhysA: T.Tensor((128,), "int16"),
         LogB: T.Tensor((16, 32), "float32"), PhysB: T.Tensor((512,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    t = T.cuda.thread_idx("x")
    SA = T.alloc_shared((8, 16), "int16",
                        layout=T.ComposeLayout(1, 2, 3, T.TileLayout(T.S[8, 16]), swizzle_inner=False))
    SB = T.alloc_shared((16, 32), "float32",
                        layout=T.ComposeLayout(2, 3, 4, T.TileLayout(T.S[16, 32])))
    flatA = T.decl_tensor(SA.data, ty_args=[T.Tensor((128,), "int16", scope="shared")])
    flatB = T.decl_tensor(SB.data, ty_args=[T.Tensor((512,), "float32", scope="shared")])
    SA[t % 8, t // 8] = A[t % 8, t // 8]
    for k in T.unroll(4):
        SB[(t + 128 * k) % 16, (t + 128 * k) // 16] = B[(t + 128 * k) % 16, (t + 128 * k) // 16]
    T.cuda.cta_sync()
    LogA[t // 16, t % 16] = SA[t // 16, t % 16]
    PhysA[t] = flatA[t]
    for k in T.unroll(4):
        LogB[(t + 128 * k) // 32, (t + 128 * k) % 32] = SB[(t + 128 * k) // 32, (t + 128 * k) % 32]
        PhysB[t + 128 * k] = flatB[t + 128 * k]


def swizzle(m, per_element, swizzle_len, atom_len, inner):
    group = ((1 << swizzle_len) - 1) << per_element
    return m ^ (((m >> atom_len) & group) if inner else ((m & group) << atom_len))


def main():
    rng = np.random.default_rng(5511)
    A = rng.integers(-30000, 30000, (8, 16)).astype(np.int16)
    B = rng.standard_normal((16, 32)).astype(np.float32)
    PA = np.zeros(128, np.int16)
    PB = np.zeros(512, np.float32)
    for r in range(8):
        for c in range(16):
            PA[swizzle(r * 16 + c, 1, 2, 3, False)] = A[r, c]
    for r in range(16):
        for c in range(32):
            PB[swizzle(r * 32 + c, 2, 3, 4, True)] = B[r, c]
    return ({"A": A, "B": B, "LogA": np.zeros_like(A), "PhysA": np.zeros(128, np.int16),
             "LogB": np.zeros_like(B), "PhysB": np.zeros(512, np.float32)},
            {"LogA": A, "PhysA": PA, "LogB": B, "PhysB": PB})
