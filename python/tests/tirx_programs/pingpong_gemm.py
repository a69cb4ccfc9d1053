"""CUTLASS's "pingpong" warp-specialized GEMM schedule: 384 threads =
producer warpgroup (setmaxnreg.dec 40) + two consumer warpgroups
(setmaxnreg.inc 232) working on alternate output tiles (4 M tiles of
64 x 64, K = 128 in two 64-wide k-tiles). One 2-stage TMA ring (128B
swizzle) runs in global sequence order (stage = seq % 2, phase =
seq / 2 % 2) across both consumers; the consumers take turns on the tensor
cores through named barriers (bar.arrive 2/3, 256 / bar.sync 2/3, 256).
Guards are on T.cuda.warpgroup_id(). wgmma m64n64k16, register epilogue
straight to global."""
from tvm_tirx.script import tirx as T
import numpy as np

M, N, K = 256, 64, 128
BM, BN, BK = 64, 64, 64
ST = 2
KT = K // BK
NT = M // BM


@T.function
def pingpong(A: T.Tensor((M, K), "float16"), B: T.Tensor((N, K), "float16"),
             C: T.Tensor((M, N), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=384))
    t = T.cuda.thread_idx("x")
    wg = T.cuda.warpgroup_id()
    full = T.alloc_shared((ST,), "uint64")
    empty = T.alloc_shared((ST,), "uint64")
    SA = T.alloc_shared((ST * BM, BK), "float16", layout=T.ComposeLayout(
        3, 3, 3, T.TileLayout(T.S[(ST * BM, BK):(BK, 1)])), align=1024)
    SB = T.alloc_shared((ST * BN, BK), "float16", layout=T.ComposeLayout(
        3, 3, 3, T.TileLayout(T.S[(ST * BN, BK):(BK, 1)])), align=1024)
    if t == 0:
        for s in T.unroll(ST):
            T.ptx.mbarrier.init.shared.b64(full.ptr_to([s]), T.uint32(1))
            T.ptx.mbarrier.init.shared.b64(empty.ptr_to([s]), T.uint32(128))
        T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()
    if wg == 0:
        T.ptx.setmaxnreg.dec.sync.aligned.u32(40)
        if T.cuda.thread_in_warpgroup() == 0:
            for seq in T.serial(NT * KT):
                s = seq % ST
                ph = (seq // ST) % 2
                tile = seq // KT
                k = seq % KT
                T.cuda.mbarrier_wait(empty.ptr_to([s]), ph ^ 1)
                T.ptx.mbarrier.arrive.expect_tx.shared.b64(full.ptr_to([s]), T.uint32((BM + BN) * BK * 2))
                T.cuda.tile.apply(
                    T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
                    SA[s * BM:(s + 1) * BM, :], A[:, :], box=(BM, BK), coords=(tile * BM, k * BK),
                    swizzle=3, mbar=full.ptr_to([s]))
                T.cuda.tile.apply(
                    T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
                    SB[s * BN:(s + 1) * BN, :], B[:, :], box=(BN, BK), coords=(0, k * BK),
                    swizzle=3, mbar=full.ptr_to([s]))
    else:
        T.ptx.setmaxnreg.inc.sync.aligned.u32(232)
        c = wg - 1
        ct = T.cuda.thread_in_warpgroup()
        acc = T.alloc_local((32,), "float32")
        da = T.alloc_local((1,), "uint64")
        db = T.alloc_local((1,), "uint64")
        SAf = T.decl_tensor(SA.data, ty_args=[T.Tensor((ST * BM * BK,), "float16", scope="shared", layout="default")])
        SBf = T.decl_tensor(SB.data, ty_args=[T.Tensor((ST * BN * BK,), "float16", scope="shared", layout="default")])
        for it in T.serial(NT // 2):
            tile = 2 * it + c
            if c == 1:
                T.ptx.bar.sync(T.uint32(2), T.uint32(256))
            if c == 0 and it > 0:
                T.ptx.bar.sync(T.uint32(3), T.uint32(256))
            for k in T.serial(KT):
                seq = tile * KT + k
                s = seq % ST
                ph = (seq // ST) % 2
                T.cuda.mbarrier_wait(full.ptr_to([s]), ph)
                T.ptx.wgmma.fence.sync.aligned()
                for kk in T.unroll(BK // 16):
                    T.cuda.wgmma_encode_matrix_descriptor(T.address_of(da[0]), SAf.ptr_to([s * BM * BK + kk * 16]), 1, 64, 3)
                    T.cuda.wgmma_encode_matrix_descriptor(T.address_of(db[0]), SBf.ptr_to([s * BN * BK + kk * 16]), 1, 64, 3)
                    T.ptx.wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16(
                        acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7],
                        acc[8], acc[9], acc[10], acc[11], acc[12], acc[13], acc[14], acc[15],
                        acc[16], acc[17], acc[18], acc[19], acc[20], acc[21], acc[22], acc[23],
                        acc[24], acc[25], acc[26], acc[27], acc[28], acc[29], acc[30], acc[31],
                        da[0], db[0], T.bool(k > 0 or kk > 0), 1, 1, 0, 0)
                T.ptx.wgmma.commit_group.sync.aligned()
                T.ptx.wgmma.wait_group.sync.aligned(0)
                T.ptx.mbarrier.arrive.shared.b64(empty.ptr_to([s]))
            if c == 0:
                T.ptx.bar.arrive(T.uint32(2), T.uint32(256))
            if c == 1 and it + 1 < NT // 2:
                T.ptx.bar.arrive(T.uint32(3), T.uint32(256))
            w = ct // 32
            l = ct % 32
            for i in T.unroll(32):
                C[tile * BM + 16 * w + l // 4 + 8 * ((i // 2) % 2), 8 * (i // 4) + 2 * (l % 4) + i % 2] = acc[i]


def main():
    rng = np.random.default_rng(810)
    A = rng.integers(-3, 4, (M, K)).astype(np.float16)
    B = rng.integers(-3, 4, (N, K)).astype(np.float16)
    C = (A.astype(np.float64) @ B.astype(np.float64).T).astype(np.float32)
    return {"A": A, "B": B, "C": np.zeros((M, N), np.float32)}, {"C": C}
