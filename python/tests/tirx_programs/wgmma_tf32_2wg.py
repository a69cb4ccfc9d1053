"""Two consumer warpgroups, tf32 wgmma: A (128 x 32 f32, K-major) loaded by
one thread with two TMA boxes of 64 rows (coords steps) under the 128-byte
swizzle, B^T (16 x 32 f32) likewise, an mbarrier with expect_tx; each
warpgroup encodes descriptors for its own 64-row half (row offset 64*32
elements) and issues four wgmma.mma_async m64n16k8 f32.tf32.tf32 k-steps
32 bytes apart, scale-d false on the first; then commit/wait and the
fragment written out."""
from tvm_tirx.script import tirx as T
import numpy as np

M, N, K = 128, 16, 32


@T.function
def wg_tf32(A: T.Tensor((M, K), "float32"), B: T.Tensor((N, K), "float32"),
            D: T.Tensor((M, N), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=256))
    t = T.cuda.thread_idx("x")
    wg = t // 128
    bar = T.alloc_shared((1,), "uint64")
    SA = T.alloc_shared((M, K), "float32", layout=T.ComposeLayout(
        2, 3, 3, T.TileLayout(T.S[(M, K):(K, 1)])), align=1024)
    SB = T.alloc_shared((N, K), "float32", layout=T.ComposeLayout(
        2, 3, 3, T.TileLayout(T.S[(N, K):(K, 1)])), align=1024)
    acc = T.alloc_local((8,), "float32")
    da = T.alloc_local((1,), "uint64")
    db = T.alloc_local((1,), "uint64")
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32((M + N) * K * 4))
        T.cuda.tile.apply(
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
            SA[0:64, :], A[:, :], box=(64, K), coords=(0, 0), swizzle=3, mbar=bar.ptr_to([0]))
        T.cuda.tile.apply(
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
            SA[64:128, :], A[:, :], box=(64, K), coords=(64, 0), swizzle=3, mbar=bar.ptr_to([0]))
        T.cuda.tile.apply(
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
            SB[:, :], B[:, :], box=(N, K), coords=(0, 0), swizzle=3, mbar=bar.ptr_to([0]))
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    T.ptx.wgmma.fence.sync.aligned()
    SAf = T.decl_tensor(SA.data, ty_args=[T.Tensor((M * K,), "float32", scope="shared", layout="default")])
    SBf = T.decl_tensor(SB.data, ty_args=[T.Tensor((N * K,), "float32", scope="shared", layout="default")])
    for k in T.unroll(K // 8):
        T.cuda.wgmma_encode_matrix_descriptor(T.address_of(da[0]), SAf.ptr_to([wg * 64 * K + k * 8]), 1, 64, 3)
        T.cuda.wgmma_encode_matrix_descriptor(T.address_of(db[0]), SBf.ptr_to([k * 8]), 1, 64, 3)
        T.ptx.wgmma.mma_async.sync.aligned.m64n16k8.f32.tf32.tf32(
            acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7],
            da[0], db[0], T.bool(k > 0), 1, 1)
    T.ptx.wgmma.commit_group.sync.aligned()
    T.ptx.wgmma.wait_group.sync.aligned(0)
    w = (t % 128) // 32
    l = t % 32
    for i in T.unroll(8):
        D[64 * wg + 16 * w + l // 4 + 8 * ((i // 2) % 2), 8 * (i // 4) + 2 * (l % 4) + i % 2] = acc[i]


def main():
    rng = np.random.default_rng(712)
    A = (rng.integers(-64, 64, (M, K)) / 16).astype(np.float32)
    B = (rng.integers(-64, 64, (N, K)) / 8).astype(np.float32)
    D = (A.astype(np.float64) @ B.astype(np.float64).T).astype(np.float32)
    return {"A": A, "B": B, "D": np.zeros((M, N), np.float32)}, {"D": D}
